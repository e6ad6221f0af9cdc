"""Disrupter: a d100 platoon wargame of chain of command and written orders (seed 000)."""

from __future__ import annotations

from typing import Any

from engine.core.system import OptionSpec, Outcome, RuleSystem, ScenarioInfo

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


class Disrupter(RuleSystem):
    id = "disrupter"
    title = "Disrupter"
    rules_version = "1"
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    options = tuple(OptionSpec(name, False, OPTION_HELP[name], (False, True)) for name in rules.OPTIONS)

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, path in data.scenario_files(self.content_dir()).items():
            raw = data.read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    def load_content(self, scenario: str) -> dict[str, Any]:
        return data.load_content(self.content_dir(), scenario)

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> DisState:
        return rules.new_state(data.Tables.from_content(content), options)

    def setup(self, ctx) -> None:
        rules.setup(ctx)

    def fold(self, state: DisState, event: Any) -> None:
        rules.fold(state, event)

    def sides(self, state: DisState) -> list[str]:
        return list(state.sides)

    def side_to_act(self, state: DisState) -> str | None:
        return rules.side_to_act(state)

    def legal_commands(self, state: DisState) -> list[Any]:
        return rules.legal_commands(state)

    def validate(self, state: DisState, command: Any) -> str | None:
        return rules.validate(state, command)

    def resolve(self, ctx, command: Any) -> None:
        rules.resolve(ctx, command)

    def outcome(self, state: DisState) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def describe(self, event: Any, state: DisState | None = None) -> str:
        return Describer(state).event(event)

    def describe_command(self, command: Any, state: DisState | None = None) -> str:
        return Describer(state).command(command)

    def canonical(self, state: DisState) -> Any:
        return state.canonical()

    def copy_state(self, state: DisState) -> DisState:
        return state.copy()

    @property
    def marks_legend(self) -> tuple[str, ...]:
        """The map legend's lines for team letters and marks (read by the TUI's legend pane)."""
        from .view import MARKS_LEGEND

        return MARKS_LEGEND

    def board(self, state: DisState):
        return view.board(state)

    def activation(self, state: DisState):
        return view.activation(state)

    def order_parts(self, state: DisState, command: Any):
        return view.order_parts(state, command)

    def preview(self, state: DisState, command: Any):
        return view.preview(state, command)

    def visible_hexes(self, state: DisState, piece_id: str) -> frozenset:
        return view.visible_hexes(state, piece_id)

    def summary(self, state: DisState):
        return view.summary(state)

    def computer_players(self):
        from .ai import DefaultPlayer

        players = super().computer_players()
        players["default"] = DefaultPlayer
        return players


SYSTEM = Disrupter()
