"""Dustup: squad-level science-fiction infantry battles with quality dice and die shifts (seed 004)."""

from __future__ import annotations

from typing import Any

from engine.core.system import OptionSpec, Outcome, RuleSystem, ScenarioInfo

from . import commands as C
from . import data, events, rules
from .state import DustState


class Dustup(RuleSystem):
    id = "dustup"
    title = "Dustup"
    rules_version = "1"
    options = (
        OptionSpec("activation", "alternate",
                   "who acts next: alternate (the book's rule), chits or chits-quality (chit draw, optional), "
                   "cards (card draw with a turn-end card, optional)",
                   ("alternate", "chits", "chits-quality", "cards")),
        OptionSpec("seize_tokens", 0, "seize-the-initiative tokens per side (optional; the book suggests 2)",
                   (0, 1, 2, 3)),
        OptionSpec("additional_hits", False, "roll the target die for one more hit on the remainder (optional)"),
        OptionSpec("rally_doubles", False, "a rally roll over double rises two levels, under half drops one "
                   "(optional)"),
        OptionSpec("random_setup", False, "roll each unit's quality, leadership and confidence (optional)"),
        OptionSpec("air_to_air", False, "aircraft may fire their guided weapons at other aircraft (optional)"),
        OptionSpec("courage_half", "text",
                   "the courage test's 'half' when the book disagrees with itself: text (the attacker fails "
                   "to score at least half) or summary (attacker <= defender / 2)", ("text", "summary")),
    )

    @property
    def command_types(self) -> tuple[type, ...]:  # type: ignore[override]
        return C.COMMAND_TYPES + rules.module_command_types()

    @property
    def event_types(self) -> tuple[type, ...]:  # type: ignore[override]
        return events.EVENT_TYPES + rules.module_event_types()

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, path in data.scenario_files(self.content_dir()).items():
            raw = data.read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    def default_scenario(self) -> str:
        names = self.scenario_names()
        return "meeting" if "meeting" in names else names[0]

    def load_content(self, scenario: str) -> dict[str, Any]:
        return data.load_content(self.content_dir(), scenario)

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> DustState:
        return rules.new_state(data.Tables.from_content(content), options)

    def setup(self, ctx) -> None:
        rules.setup(ctx)

    def fold(self, state: DustState, event: Any) -> None:
        rules.fold(state, event)

    def sides(self, state: DustState) -> list[str]:
        return list(state.sides)

    def side_to_act(self, state: DustState) -> str | None:
        return rules.side_to_act(state)

    def legal_commands(self, state: DustState) -> list[Any]:
        return rules.legal_commands(state)

    def validate(self, state: DustState, command: Any) -> str | None:
        return rules.validate(state, command)

    def idle_reason(self, state: DustState, piece_id: str | None) -> str:
        return rules.idle_reason(state, piece_id)

    def resolve(self, ctx, command: Any) -> None:
        rules.resolve(ctx, command)

    def outcome(self, state: DustState) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def describe(self, event: Any, state: DustState | None = None) -> str:
        from .describe import Describer

        return Describer(state).event(event) if state is not None else repr(event)

    def describe_command(self, command: Any, state: DustState | None = None) -> str:
        from .describe import Describer

        return Describer(state).command(command) if state is not None else repr(command)

    # -- what the player sees (view.py) --------------------------------------------------
    @property
    def marks_legend(self) -> tuple[str, ...]:
        """The map legend's lines for piece letters and marks (read by the TUI's legend pane)."""
        from .view import MARKS_LEGEND

        return MARKS_LEGEND

    def board(self, state: DustState, viewer: str | None = None):
        """``viewer``: a side id to show that side's own secret counters too (None: the shared screen)."""
        from . import view

        return view.board(state, viewer)

    def activation(self, state: DustState):
        from . import view

        return view.activation(state)

    def order_parts(self, state: DustState, command: Any):
        from . import view

        return view.order_parts(state, command)

    def preview(self, state: DustState, command: Any):
        from . import view

        return view.preview(state, command)

    def outcome_of(self, before: DustState, command: Any, events: list[Any]) -> str | None:
        """Which of the preview's outcomes ``command`` had, from its events (view.outcome_of)."""
        from . import view

        return view.outcome_of(before, command, events)

    def visible_hexes(self, state: DustState, piece_id: str) -> frozenset:
        from . import view

        return view.visible_hexes(state, piece_id)

    def summary(self, state: DustState):
        from . import view

        return view.summary(state)

    def canonical(self, state: DustState) -> Any:
        return state.canonical()

    def copy_state(self, state: DustState) -> DustState:
        return state.copy()

    def computer_players(self):
        from .ai import DefaultPlayer

        players = super().computer_players()
        players["default"] = DefaultPlayer
        return players


SYSTEM = Dustup()
