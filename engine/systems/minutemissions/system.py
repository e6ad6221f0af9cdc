"""The 30 Minute Missions rule system: its orders and events come from :mod:`.rulebook` (the core derives legal
orders, checks, resolution, folds, previews, outcomes, words and order-editor parts from it); its map,
activation pane and sight from :mod:`.view`, through :class:`~engine.core.system.SystemParts`. The class says
only what is 30 Minute Missions' own."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.system import OptionSpec, PackagedRuleSystem, SearchBudget, SystemParts

from . import commands as C
from . import data, events, orders, rules, view
from .rulebook import RULEBOOK
from .state import MissionState


class MinuteMissions(PackagedRuleSystem):
    id = "minutemissions"
    title = "30 Minute Missions"
    rules_version = "1"
    rulebook = RULEBOOK
    command_types = C.COMMAND_TYPES  # in the order the saves' codec has always listed them
    event_types = events.EVENT_TYPES
    options = (
        OptionSpec("attack_on_after_a_miss", False,
                   "A miss or an evaded shot ends only that attack, not the combat phase (the book ends the "
                   "phase, yet lets a mech with AP left attack more than once)", label="Attack on after a miss"),
    )

    parts = SystemParts(data=data, rules=rules, view=view, describer=None,
                        ai="hexfront.engine.systems.minutemissions.ai")
    marks_legend = view.MARKS_LEGEND
    sight_on_select = True  # the TUI highlights a selected mech's field of view (front arc, in sight)

    def default_scenario(self) -> str:
        return "ridge"

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> MissionState:
        return rules.new_state(data.Tables.from_content(content), options)

    # determinize: the core's copy. Nothing is hidden in a mission: every mech, its damage and stance are in
    # view and there are no cards; the search rolls its own dice (AP, attacks) from its own generator.

    def search_budget(self) -> SearchBudget:
        """The standard player plans a mech's whole turn when it activates (the costly part of a playout):
        few candidates, and a playout ends at the enemy's first order after its own."""
        return SearchBudget(width=3, orders=18, horizon=10, replies=1)

    def idle_reason(self, state: MissionState, piece_id: str | None) -> str:
        return orders.idle_reason(state, piece_id)

    def side_to_act(self, state: MissionState) -> str | None:
        return None if state.result else state.active

    def turn(self, state: MissionState) -> int:
        return state.round
