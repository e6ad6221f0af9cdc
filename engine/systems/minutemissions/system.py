"""The 30 Minute Missions rule system: its orders and events come from :mod:`.rulebook` (the core derives legal
orders, checks, resolution, folds, previews, outcomes, words and order-editor parts from it); its map,
activation pane and sight from :mod:`.view`, through :class:`~engine.core.system.SystemParts`. The class says
only what is 30 Minute Missions' own."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.packaged import PackagedRuleSystem, SystemParts
from hexfront.engine.core.system import WIN_VALUE, OptionSpec, SearchBudget
from hexfront.engine.core.view import Route

from . import campaign, combat, data, events, orders, rules, view, walks
from . import commands as C
from .data import SECTIONS
from .rulebook import RULEBOOK
from .state import MissionState

#: a mech's sections all lost, short of its destruction, is worth this share of a mech destroyed to the search
DAMAGE_SHARE = 0.8
#: in a hold mission, an objective point scored, in mechs destroyed (the points decide the battle)
POINT_WORTH = 2.0
#: in a hold mission, a yard a side stands on alone now (it scores at the round's end if it stays so)
YARD_WORTH = 1.0


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

    def routes(self, state: MissionState, unit: str) -> list[Route]:
        """Walks: a mech steps a hex an order (Movement Phase); the order editor offers the cheapest way to
        every hex it can reach this phase (:func:`.walks.walks`)."""
        return walks.walks(state, unit)

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> MissionState:
        return rules.new_state(data.Tables.from_content(content), options)

    # determinize: the core's copy. Nothing is hidden in a mission: every mech, its damage and stance are in
    # view and there are no cards; the search rolls its own dice (AP, attacks) from its own generator.

    def position_value(self, state: MissionState, side: str) -> float:
        """The core's measure (the battle's end, else mechs destroyed), each mech still standing counting the
        share of its sections' points it has lost (most of a mech's worth goes long before its torso does);
        in a hold mission, what decides it: the objective points scored, and the yards each side holds alone
        now (End of Round scoring, :func:`.rules.end_round`)."""
        value = super().position_value(state, side)
        if state.result:
            return value
        value += self._hold_value(state, side)
        for u in state.units.values():
            if u.destroyed:
                continue
            c = state.tables.core_types[state.tables.designs[u.design].core]
            armour = state.tables.designs[u.design].armour
            full = sum(c.sections[s] + armour.get(s, 0) for s in SECTIONS)
            lost = 1.0 - sum(u.sections.values()) / full if full else 0.0
            value += DAMAGE_SHARE * lost if u.side != side else -DAMAGE_SHARE * lost
        return value

    @staticmethod
    def _hold_value(state: MissionState, side: str) -> float:
        m = state.tables.mission
        if m.goal != "hold":
            return 0.0
        value = 0.0
        for s, points in state.scores.items():
            value += POINT_WORTH * points if s == side else -POINT_WORTH * points
        for h in m.objectives:
            there = {u.side for u in combat.units_at(state, h)}
            if len(there) == 1:
                value += YARD_WORTH if side in there else -YARD_WORTH
        return value

    def value_words(self) -> str:
        return (f"mechs destroyed, the enemy's less its own, a mech still standing counting up to {DAMAGE_SHARE:g} "
                f"of one by the share of its points lost; in a hold mission, {POINT_WORTH:g} for each objective "
                f"point scored and {YARD_WORTH:g} for each yard held alone, its own less the enemy's; a battle won "
                f"counts {WIN_VALUE:g}")

    def search_budget(self) -> SearchBudget:
        """The standard player plans a mech's whole turn when it activates (the costly part of a playout): few
        candidates, and a playout ends at the enemy's first order after its own (the unit's turn played out).
        Four candidates, 32 orders and a 0.1 margin were tried: slower (worst decision 2.3 s) and no stronger."""
        return SearchBudget(width=3, orders=18, horizon=10, replies=1)

    def idle_reason(self, state: MissionState, piece_id: str | None) -> str:
        return orders.idle_reason(state, piece_id)

    def side_to_act(self, state: MissionState) -> str | None:
        return None if state.result else state.active

    def turn(self, state: MissionState) -> int:
        return state.round

    def campaign_rules(self) -> CampaignRules:
        """Experience for destroyed weapons and equipment (Weapons); what it is worth is this game's reading."""
        return campaign.RULES
