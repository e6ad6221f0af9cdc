"""The Skirmishes rule system object (registered as ``SYSTEM`` in the package's ``__init__``)."""

from __future__ import annotations

from typing import Any

from engine.core.system import Outcome, RuleSystem, ScenarioInfo

from . import commands as C
from . import data, events, rules, view
from .describe import Describer
from .fold import fold
from .state import SkirmishState

SECRET_ORDERS = (C.Run,) + C.ACTION_COMMANDS


class Skirmishes(RuleSystem):
    id = "skirmishes"
    title = "Skirmishes"
    rules_version = "1"
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    options = ()  # the book has no optional or variant rules

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, path in data.scenario_files(self.content_dir()).items():
            raw = data.read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    def default_scenario(self) -> str:
        return "street_ambush"

    def load_content(self, scenario: str) -> dict[str, Any]:
        return data.load_content(self.content_dir(), scenario)

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> SkirmishState:
        return rules.new_state(data.Tables.from_content(content))

    def setup(self, ctx) -> None:
        rules.setup(ctx)

    def fold(self, state: SkirmishState, event: Any) -> None:
        fold(state, event)

    def sides(self, state: SkirmishState) -> list[str]:
        return list(state.sides)

    def side_to_act(self, state: SkirmishState) -> str | None:
        return rules.side_to_act(state)

    def legal_commands(self, state: SkirmishState) -> list[Any]:
        return rules.legal_commands(state)

    def validate(self, state: SkirmishState, command: Any) -> str | None:
        return rules.validate(state, command)

    def resolve(self, ctx, command: Any) -> None:
        rules.resolve(ctx, command)

    def outcome(self, state: SkirmishState) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def turn(self, state: SkirmishState) -> int:
        return state.round

    def describe(self, event: Any, state: SkirmishState | None = None) -> str:
        return Describer(state).event(event) if state is not None else repr(event)

    def describe_command(self, command: Any, state: SkirmishState | None = None) -> str:
        """A secret order is described without its content (the log, the status line and replays show it):
        the reveal event says what every character does."""
        if state is not None and type(command) in SECRET_ORDERS:
            c = state.chars.get(getattr(command, "character", ""))
            side = state.tables.side_names.get(c.side, c.side) if c else "a side"
            return f"{side} commits an order (secret until the reveal)"
        return Describer(state).command(command) if state is not None else repr(command)

    def canonical(self, state: SkirmishState) -> Any:
        return state.canonical()

    def copy_state(self, state: SkirmishState) -> SkirmishState:
        return state.copy()

    def side_view(self, state: SkirmishState, side: str) -> SkirmishState:
        """The state as ``side`` knows it (the enemy's secret orders taken out): see :func:`view.side_view`."""
        return view.side_view(state, side)

    # -- what the player sees ------------------------------------------------------
    @property
    def marks_legend(self) -> tuple[str, ...]:
        """The map legend's lines for character letters and marks (read by the TUI's legend pane)."""
        from .view import MARKS_LEGEND

        return MARKS_LEGEND

    def board(self, state: SkirmishState):
        return view.board(state)

    def activation(self, state: SkirmishState):
        return view.activation(state)

    def order_parts(self, state: SkirmishState, command: Any):
        return view.order_parts(state, command)

    def preview(self, state: SkirmishState, command: Any):
        return view.preview(state, command)

    def visible_hexes(self, state: SkirmishState, piece_id: str) -> frozenset:
        return view.visible_hexes(state, piece_id)

    def summary(self, state: SkirmishState):
        return view.summary(state)

    def computer_players(self):
        from .ai import DefaultPlayer

        players = super().computer_players()
        players["default"] = DefaultPlayer
        return players
