"""Disrupter: a d100 platoon wargame of chain of command and written orders (seed 000)."""

from __future__ import annotations

from typing import Any

from engine.core.system import OptionSpec, PackagedRuleSystem, SystemParts

from . import commands as C
from . import data, events, rules, view
from .describe import Describer
from .state import DisState

OPTION_HELP = {
    "single_wound": "[streamline] every unit has 1 Wound (Rule 6)",
    "no_stress": "[streamline] no stress and no panic checks (Rule 8)",
    "officer_every_team": "[streamline] every team with a human counts as holding an officer (Rule 9)",
    "auto_spot_rally": "[streamline] spotting and rallying checks succeed by themselves (Rule 16)",
    "fixed_turn_order": "[streamline] initiative is rolled on turn 1 only, then that order stands (Rule 11)",
    "single_group": "[streamline] no NCO checks: every squad is in Group 1 (Rule 11)",
    "cos_in_group_1": "[streamline] COs act as part of Group 1 (Rule 11)",
    "active_rolls_only": "[streamline] only the platoon whose segment it is rolls checks and saves (Rule 16)",
    "player_facing": "[streamline][variant] weapons hit unless the target makes its Armor save (Rule 16)",
    "one_wound_weapons": "[streamline] every weapon inflicts 1 Wound (Rule 16)",
    "resolve": "[optional] once per game a side may take [+] on its initiative check (Rule 11)",
}


class Disrupter(PackagedRuleSystem):
    id = "disrupter"
    title = "Disrupter"
    rules_version = "1"
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    options = tuple(OptionSpec(name, False, OPTION_HELP[name], (False, True)) for name in rules.OPTIONS)
    parts = SystemParts(data=data, rules=rules, view=view, describer=Describer, ai="engine.systems.disrupter.ai")

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> DisState:
        return rules.new_state(data.Tables.from_content(content), options)

    def idle_reason(self, state: DisState, piece_id: str | None) -> str:
        return rules.idle_reason(state, piece_id)


SYSTEM = Disrupter()
