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
        other's (.determinize) and its playouts run through the reveal and the round (up to 20 orders, stopping at
        the enemy's second order: a luck roll or the next round's first order). The side that gives its orders
        first would need the enemy's whole commitment and the round in every playout, too long for the few that
        fit in the time: it stops at the enemy's second order, sees no die rolled, and keeps the greedy order.
        About 90 orders a decision (some 0.5 s of CPU on this machine); so few playouts are noisy (a casualty more
        or less is worth 1), so another order replaces the greedy one only when better by two casualties' worth.
        """
        return SearchBudget(width=3, orders=90, horizon=20, replies=2, margin=2.0)

    def search_budget_at(self, state: SkirmishState) -> SearchBudget:
        """In a battle won by clearing a building (the scenario's victory names a side that must clear it), both
        sides' playouts run through the reveal and the round: up to 40 orders and 12 enemy orders each, six
        candidates, 180 orders a decision, and another order replaces the greedy one when better by half a
        casualty. The position value reads that objective as it goes (the defenders still indoors and the rounds
        held), and there the search's departures from the greedy order paid: 15 of the 18 official games against
        the default player won, where the standing budget won 11 (benchmarks/RESULTS.md). In a battle won by
        getting characters away the standing budget stays: a round or two of casualties does not foretell the race
        to the edge, and the longer look's departures, played to the end, lost as often as they gained. The
        victory terms are the scenario's, seen by both sides, so the choice tells the searching side nothing."""
        if state.tables.victory.clear_side:
            return SearchBudget(width=6, orders=180, horizon=40, replies=12, margin=0.5)
        return self.search_budget()

    def side_view(self, state: SkirmishState, side: str) -> SkirmishState:
        """The state as ``side`` knows it (the enemy's secret orders taken out): see :func:`view.side_view`."""
        return view.side_view(state, side)
