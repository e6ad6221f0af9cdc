"""What one side of a Skirmishes battle can know, for the hard player's search (engine.core.search).

Orders are secret until both sides have locked theirs (Sequence of Play). When the enemy has locked its
orders and ``side`` is still giving its own, the enemy's runs and actions are taken out (``view.side_view``,
which keeps the orders forced on a character, known to both) and dealt again: the enemy's standard player
gives each of its characters an order on what it can see, and now and then (one time in three, from the
search's own generator) an order picked at random among the legal ones, so the search meets more than one
guess at the enemy's plan. Nothing else in the battle is hidden: no cards, no hidden pieces.
"""

from __future__ import annotations

from hexfront.engine.core.resolution import Randomizer, Resolution
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.system import RuleSystem

from . import rules
from .ai import DefaultPlayer
from .state import SkirmishState
from .view import side_view

#: one order in this many, the enemy's guessed plan takes an order at random
SURPRISE_ONE_IN = 3
#: the most orders dealt to the enemy (a side has far fewer characters)
MAX_GUESSED_ORDERS = 60


def determinize(system: RuleSystem, st: SkirmishState, side: str, gen: Generator) -> SkirmishState:
    """A copy of ``st`` as ``side`` knows it, the enemy's secret orders guessed again (module docstring);
    ``system`` is Skirmishes, whose rules give the guessed orders."""
    view = side_view(st, side)
    foes = [s for s in st.sides if s != side]
    if st.revealed or not any(f in view.locked for f in foes):
        return view
    view.locked = [s for s in view.locked if s not in foes]
    guesser = DefaultPlayer(0)
    rng = Randomizer(gen.next_u64())
    for _ in range(MAX_GUESSED_ORDERS):
        actor = rules.committing_side(view)
        if actor is None or actor == side:
            break
        legal = system.legal_commands(view)
        if not legal:
            break
        order = guesser.choose(system, view) if gen.below(SURPRISE_ONE_IN) else legal[gen.below(len(legal))]
        if system.validate(view, order) is not None:
            order = legal[0]
        system.resolve(Resolution(system, view, rng), order)
    return view
