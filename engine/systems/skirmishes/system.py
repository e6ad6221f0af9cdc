"""The Skirmishes rule system object (registered as ``SYSTEM`` in the package's ``__init__``).

Its orders and events, with their previews, outcomes, words and order-editor parts, come from :mod:`.rulebook`;
its map, activation pane and summary from :mod:`.view`. The class says only what is Skirmishes' own.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.packaged import PackagedRuleSystem, SystemParts
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.system import OptionSpec, SearchBudget

from . import combat, data, determinize, events, rules, value, view
from . import commands as C
from .rulebook import RULEBOOK
from .state import SkirmishState


class Skirmishes(PackagedRuleSystem):
    id = "skirmishes"
    title = "Skirmishes"
    rules_version = "1"
    rulebook = RULEBOOK
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    #: the book has no optional rules; the one option is a reading of Automatic Fire other than the book's
    options = (
        OptionSpec(combat.UNSKILLED_BURST_CANCELS, False,
                   "Not the book's rule: a burst without the Shooting skill keeps the burst's advantage, so it "
                   "cancels the disadvantage (the book rolls it at disadvantage)",
                   label="Unskilled burst: no penalty", older_saves=True),  # saves from before it had it
    )
    #: secret orders resolve when the round is revealed, often after the order itself: the luck report
    #: hands outcome_of the events from the order on (it reads only to the end of that round)
    outcome_reads_ahead = True

    parts = SystemParts(data=data, rules=rules, view=view, describer=None,
                        ai="hexfront.engine.systems.skirmishes.ai")
    marks_legend = view.MARKS_LEGEND

    def default_scenario(self) -> str:
        return "street_ambush"

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> SkirmishState:
        return rules.new_state(data.Tables.from_content(content), options)

    def idle_reason(self, state: SkirmishState, piece_id: str | None) -> str:
        return rules.idle_reason(state, piece_id)

    def turn(self, state: SkirmishState) -> int:
        return state.round

    def determinize(self, state: SkirmishState, side: str, gen: Generator) -> SkirmishState:
        """The state as ``side`` knows it, the enemy's secret orders guessed (.determinize)."""
        return determinize.determinize(self, state, side, gen)

    def position_value(self, state: SkirmishState, side: str) -> float:
        """The scenario's own win terms, in characters; a battle won or lost worth value.DECIDED (.value)."""
        return value.position_value(state, side)

    def value_words(self) -> str:
        return value.VALUE_WORDS

    def search_budget(self) -> SearchBudget:
        """A round resolves only once both sides have given every order, so what an order does shows only after
        the reveal. The side that gives its orders last (Blue, but in an ambush's surprise round) guesses the
        other's (.determinize). Every playout runs until the enemy has given twelve orders (its whole commitment
        for the round, then the luck rolls the reveal asks of it), up to 40 orders: so the side that gives its
        orders first sees the round resolve too. Before, playouts stopped at the enemy's second order, and that
        side, seeing no die rolled, always kept the greedy order. Six candidates, 180 orders a decision (about
        0.6 s of CPU on this machine, the worst 2.6 s), and another order replaces the greedy one when better by
        half a casualty's worth. Where it left the greedy order, both played to the battle's end 24 times
        (benchmarks/deviation_bench.py): it left it at 13% of positions, not 1%, and gained in 7 of those 10 and
        lost in none (+0.20 in battles won less lost, ± 0.07).
        """
        return SearchBudget(width=6, orders=180, horizon=40, replies=12, margin=0.5)

    def side_view(self, state: SkirmishState, side: str) -> SkirmishState:
        """The state as ``side`` knows it (the enemy's secret orders taken out): see :func:`view.side_view`."""
        return view.side_view(state, side)
