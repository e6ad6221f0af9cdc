"""Dustup: squad-level science-fiction infantry battles with quality dice and die shifts (seed 004)."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.system import OptionSpec, Outcome, RuleSystem, ScenarioInfo

from . import data, forces, rules
from .action import Registry
from .state import DustState


class Dustup(RuleSystem):
    id = "dustup"
    title = "Dustup"
    rules_version = "1"
    options = (
        OptionSpec("activation", "alternate",
                   "Who acts next: the sides alternate (the book's rule), or a chit or card draw (optional rules)",
                   ("alternate", "chits", "chits-quality", "cards"), label="Who acts next",
                   words=("sides alternate", "chit draw", "chit draw, by quality", "card draw, turn-end card")),
        OptionSpec("seize_tokens", 0, "Tokens a side may spend to seize the initiative (optional; the book "
                   "suggests 2)", (0, 1, 2, 3), label="Seize-the-initiative tokens",
                   words=("none", "1 a side", "2 a side", "3 a side")),
        OptionSpec("additional_hits", False, "Optional: roll the target die for one more hit on the remainder",
                   label="Additional hits"),
        OptionSpec("rally_doubles", False, "Optional: a rally roll over double rises two levels, under half drops "
                   "one", label="Rally by doubles and halves"),
        OptionSpec("random_setup", False, "Optional: roll each unit's quality, leadership and confidence",
                   label="Random unit ratings"),
        OptionSpec("air_to_air", False, "Optional: aircraft may fire their guided weapons at other aircraft",
                   label="Air-to-air fire"),
        OptionSpec("courage_half", "text",
                   "Where the book disagrees with itself on the courage test's half: its text (the attacker fails "
                   "to score at least half) or its summary (attacker at most half the defender)",
                   ("text", "summary"), label="Courage test: half means",
                   words=("text: under half", "summary: at most half")),
    )

    @property
    def command_types(self) -> tuple[type, ...]:  # type: ignore[override]
        return rules.REGISTRY.command_types

    @property
    def event_types(self) -> tuple[type, ...]:  # type: ignore[override]
        return rules.REGISTRY.event_types

    @property
    def registry(self) -> Registry:
        """Every order, decision, event fold and hook of Dustup (rules.REGISTRY); the helpers below
        the rules reach the modules' hooks through it (action.registry_of)."""
        return rules.REGISTRY

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
        return forces.new_state(data.Tables.from_content(content), options)

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

    def deck_name(self, state: DustState, deck: str) -> str:
        return "the activation deck" if deck == "activation" else f"the {deck} deck"

    def card_name(self, state: DustState, deck: str, card: str) -> str:
        from .describe import Describer

        return Describer(state).card(card)

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
