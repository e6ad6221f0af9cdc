"""JTS RatFight: a diceless skirmish game of action cards and resolution cards (seed 003)."""

from __future__ import annotations

from typing import Any

from engine.core.system import Outcome, RuleSystem, ScenarioInfo

from . import commands as C
from . import data, events, rules, view
from .describe import Describer
from .state import ACTION_DECK, RatState, res_deck


class RatFight(RuleSystem):
    id = "ratfight"
    title = "JTS RatFight"
    rules_version = "1"
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    options = ()

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, path in data.scenario_files(self.content_dir()).items():
            raw = data.read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    def load_content(self, scenario: str) -> dict[str, Any]:
        return data.load_content(self.content_dir(), scenario)

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> RatState:
        return rules.new_state(data.Tables.from_content(content))

    def setup(self, ctx) -> None:
        rules.setup(ctx)

    def fold(self, state: RatState, event: Any) -> None:
        rules.fold(state, event)

    def deck_name(self, state: RatState, deck: str) -> str:
        """The shared action deck, or a side's own 52-card resolution deck (``res-<side>``)."""
        if deck == ACTION_DECK:
            return "the action deck"
        for side in state.sides:
            if deck == res_deck(side):
                name = state.tables.side_names.get(side, side)
                return f"{name}{chr(39) if name.endswith('s') else chr(39) + 's'} resolution deck"
        return f"the {deck} deck"

    def card_name(self, state: RatState, deck: str, card: str) -> str:
        return Describer(state).card(deck, card)

    def sides(self, state: RatState) -> list[str]:
        return list(state.sides)

    def side_to_act(self, state: RatState) -> str | None:
        return None if state.result else state.active

    def legal_commands(self, state: RatState) -> list[Any]:
        return rules.legal_commands(state)

    def validate(self, state: RatState, command: Any) -> str | None:
        return rules.validate(state, command)

    def idle_reason(self, state: RatState, piece_id: str | None) -> str:
        return rules.idle_reason(state, piece_id)

    def resolve(self, ctx, command: Any) -> None:
        rules.resolve(ctx, command)

    def outcome(self, state: RatState) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def describe(self, event: Any, state: RatState | None = None) -> str:
        return Describer(state).event(event) if state is not None else repr(event)

    def describe_command(self, command: Any, state: RatState | None = None) -> str:
        return Describer(state).command(command) if state is not None else repr(command)

    def canonical(self, state: RatState) -> Any:
        return state.canonical()

    def copy_state(self, state: RatState) -> RatState:
        return state.copy()

    # -- what the player sees (view.py) ----------------------------------------------
    def board(self, state: RatState):
        return view.board(state)

    def activation(self, state: RatState):
        return view.activation(state)

    def order_parts(self, state: RatState, command: Any):
        return view.order_parts(state, command)

    def preview(self, state: RatState, command: Any):
        return view.preview(state, command)

    def outcome_of(self, before: RatState, command: Any, events: list[Any]) -> str | None:
        return view.outcome_of(before, command, events)

    def visible_hexes(self, state: RatState, piece_id: str) -> frozenset:
        return view.visible_hexes(state, piece_id)

    def summary(self, state: RatState):
        return view.summary(state)

    def computer_players(self):
        from .ai import DefaultPlayer

        players = super().computer_players()
        players["default"] = DefaultPlayer
        return players


SYSTEM = RatFight()
