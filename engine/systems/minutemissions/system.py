"""The 30 Minute Missions rule system object (registered as ``SYSTEM`` in __init__)."""

from __future__ import annotations

from typing import Any

from engine.core.system import OptionSpec, Outcome, RuleSystem, ScenarioInfo

from . import commands as C
from . import data, events, rules, view
from .describe import Describer
from .state import MissionState


class MinuteMissions(RuleSystem):
    id = "minutemissions"
    title = "30 Minute Missions"
    rules_version = "1"
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    options = (
        OptionSpec("attack_on_after_a_miss", False,
                   "A miss or an evaded shot ends only that attack, not the whole combat phase (the book says "
                   "the phase is over, yet lets a unit with AP left attack more than once)"),
    )

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, path in data.scenario_files(self.content_dir()).items():
            raw = data.read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    def default_scenario(self) -> str:
        return "ridge"

    def load_content(self, scenario: str) -> dict[str, Any]:
        return data.load_content(self.content_dir(), scenario)

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> MissionState:
        return rules.new_state(data.Tables.from_content(content), options)

    def setup(self, ctx) -> None:
        rules.setup(ctx)

    def fold(self, state: MissionState, event: Any) -> None:
        rules.fold(state, event)

    def sides(self, state: MissionState) -> list[str]:
        return list(state.sides)

    def side_to_act(self, state: MissionState) -> str | None:
        return None if state.result else state.active

    def legal_commands(self, state: MissionState) -> list[Any]:
        return rules.legal_commands(state)

    def validate(self, state: MissionState, command: Any) -> str | None:
        return rules.validate(state, command)

    def resolve(self, ctx, command: Any) -> None:
        rules.resolve(ctx, command)

    def outcome(self, state: MissionState) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def describe(self, event: Any, state: MissionState | None = None) -> str:
        return Describer(state).event(event)

    def describe_command(self, command: Any, state: MissionState | None = None) -> str:
        return Describer(state).command(command)

    def turn(self, state: MissionState) -> int:
        return state.round

    def canonical(self, state: MissionState) -> Any:
        return state.canonical()

    def copy_state(self, state: MissionState) -> MissionState:
        return state.copy()

    sight_on_select = True  # the TUI highlights a selected mech's field of view (front arc, in sight)

    @property
    def marks_legend(self) -> tuple[str, ...]:
        """The map legend's lines for mech letters, marks and facing (read by the TUI's legend pane)."""
        from .view import MARKS_LEGEND

        return MARKS_LEGEND

    def board(self, state: MissionState):
        return view.board(state)

    def activation(self, state: MissionState):
        return view.activation(state)

    def order_parts(self, state: MissionState, command: Any):
        return view.order_parts(state, command)

    def preview(self, state: MissionState, command: Any):
        return view.preview(state, command)

    def visible_hexes(self, state: MissionState, piece_id: str) -> frozenset:
        return view.visible_hexes(state, piece_id)

    def summary(self, state: MissionState):
        return view.summary(state)

    def computer_players(self):
        from .ai import DefaultPlayer

        players = super().computer_players()
        players["default"] = DefaultPlayer
        return players
