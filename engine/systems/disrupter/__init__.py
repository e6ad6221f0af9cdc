"""Disrupter: a d100 platoon wargame of chain of command and written orders (seed 000).

Its orders and events come from :mod:`.rulebook` (the core derives legal orders, checks, resolution, folds,
previews, outcomes and words from it); its map, activation pane and what a team sees from :mod:`.view`, through
:class:`~engine.core.system.SystemParts`. The class says only what is Disrupter's own.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.packaged import PackagedRuleSystem, SystemParts
from hexfront.engine.core.system import WIN_VALUE, OptionSpec, SearchBudget

from . import board, campaign, data, events, rules, view
from . import commands as C
from .describe import Describer
from .offers import idle_reason
from .rulebook import RULEBOOK
from .state import DisState

#: the hard player's position value (in units lost): an officer still standing, the last one's extra worth,
#: a team holding the objective (early, and added by the last turn), a team routed
OFFICER_VALUE = 2.0
LAST_OFFICER_VALUE = 4.0
HOLD_VALUE = 0.5
LATE_HOLD_VALUE = 2.0
ROUTED_VALUE = 0.7

OPTION_WORDS = {  # the key in the save: (the label a player reads, what it changes, in one line)
    "single_wound": ("One wound each", "Streamlined: every unit has 1 Wound (Rule 6)"),
    "no_stress": ("No stress", "Streamlined: no stress and no panic checks (Rule 8)"),
    "officer_every_team": ("An officer in every team",
                           "Streamlined: every team with a human counts as holding an officer (Rule 9)"),
    "auto_spot_rally": ("Spots and rallies always work",
                        "Streamlined: spotting and rallying checks succeed by themselves (Rule 16)"),
    "fixed_turn_order": ("Fixed turn order",
                         "Streamlined: initiative is rolled on turn 1 only, then that order stands (Rule 11)"),
    "single_group": ("One group, no NCO checks", "Streamlined: no NCO checks; every squad is in Group 1 (Rule 11)"),
    "cos_in_group_1": ("COs act in Group 1", "Streamlined: COs act as part of Group 1 (Rule 11)"),
    "active_rolls_only": ("Only the active side rolls",
                          "Streamlined: only the platoon whose segment it is rolls checks and saves (Rule 16)"),
    "player_facing": ("Hits unless saved", "Streamlined variant: weapons hit unless the target makes its Armor "
                      "save (Rule 16)"),
    "one_wound_weapons": ("Every weapon deals 1 wound", "Streamlined: every weapon inflicts 1 Wound (Rule 16)"),
    "resolve": ("Resolve", "Optional: once per game a side may take [+] on its initiative check (Rule 11)"),
    "saved_hit_one_less_per_group": ("Wounds-1 once per group",
                                     "Reading, not the default: a saved hit takes 1 wound off the firing group's "
                                     "total, not 1 off each firer's weapon (Rule 16)"),
}


class Disrupter(PackagedRuleSystem):
    id = "disrupter"
    title = "Disrupter"
    rules_version = "1"
    rulebook = RULEBOOK
    command_types = C.COMMAND_TYPES  # in the order the saves' codec has always listed them
    event_types = events.EVENT_TYPES
    options = tuple(OptionSpec(name, False, OPTION_WORDS[name][1], (False, True), label=OPTION_WORDS[name][0])
                    for name in rules.OPTIONS)
    parts = SystemParts(data=data, rules=rules, view=view, describer=Describer,
                        ai="hexfront.engine.systems.disrupter.ai")
    marks_legend = view.MARKS_LEGEND

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> DisState:
        return rules.new_state(data.Tables.from_content(content), options)

    def turn(self, state: DisState) -> int:
        return state.turn

    # determinize: the core's copy. Nothing is hidden here: every team, order and code word is on the shared
    # screen, and there are no cards; the dice of a search come from its own generator.

    def position_value(self, state: DisState, side: str) -> float:
        """The core's measure (the battle's end, else units lost) with what decides a Disrupter battle: the
        officers each side has left (Rule 9: with none the platoon surrenders, so the last one counts double),
        the teams holding the objective (this game's "hold" rule, :func:`.board.holders`: weighed more as the
        last turn comes), and the teams routed (out of the fight and off the objective)."""
        value = super().position_value(state, side)
        if state.result is not None or state.phase == "briefing":
            return value
        late = min(1.0, state.turn / max(1, state.tables.turn_limit))
        for s in state.sides:
            sign = 1.0 if s == side else -1.0
            officers = board.officers_left(state, s)
            routed = sum(1 for t in state.side_teams(s) if t.routed)
            value += sign * (OFFICER_VALUE * officers - (LAST_OFFICER_VALUE if officers == 1 else 0.0)
                             + (HOLD_VALUE + LATE_HOLD_VALUE * late) * board.holders(state, s)
                             - ROUTED_VALUE * routed)
        return value

    def value_words(self) -> str:
        return (f"units the enemy has lost less its own; then, its own less the enemy's: {OFFICER_VALUE:g} for "
                f"each officer left ({LAST_OFFICER_VALUE:g} off when only one is), {HOLD_VALUE:g} to "
                f"{HOLD_VALUE + LATE_HOLD_VALUE:g} for each team on the objective (more as the last turn nears), "
                f"{ROUTED_VALUE:g} off for each team routed; a battle won counts {WIN_VALUE:g}")

    def candidate_orders(self, state: DisState, n: int) -> list[Any] | None:
        from .ai import DefaultPlayer  # the standard player is loaded when first asked for (SystemParts.ai)

        return DefaultPlayer(0).ranked(self, state, n)

    def search_budget(self) -> SearchBudget:
        """Eight candidates, half of them the standard player's next best (:meth:`candidate_orders`: each team's
        own best move, every shot, spot and taking of cover by its worth), each played on through the enemy's
        next two orders, every order of a playout rolling its own dice stream so that the candidates meet the
        enemy's replies on the same luck. On the same 40 games against default
        (benchmarks/search_variants_bench.py) the hard player won 24 with a spread of candidates, 24 with the
        dice streams alone, 31 with both; about 0.2 s a decision on this machine (a few take ten times that)."""
        return SearchBudget(width=8, orders=240, horizon=10, replies=2, ranked=True, dice_by_order=True)

    def idle_reason(self, state: DisState, piece_id: str | None) -> str:
        return idle_reason(state, piece_id)

    def campaign_rules(self) -> CampaignRules:
        """Wounds carry from one battle to the next (this game's reading of the book's missing Campaign page)."""
        return campaign.RULES


SYSTEM = Disrupter()
