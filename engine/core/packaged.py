"""A rule system laid out the house way: its modules' functions are its methods (:class:`PackagedRuleSystem`).

The contract itself is :class:`engine.core.system.RuleSystem`; this module only wires a system's modules
(``data``, ``rules``, ``view``, its describer and its standard player) to it, so that a system's own class
says only what is its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import attrs

from .hexes import Hex
from .resolution import Resolution
from .system import ComputerPlayer, Outcome, RuleSystem, ScenarioInfo
from .view import ActivationView, BattleSummary, BoardView, OrderParts, OrderPreview


@attrs.frozen
class SystemParts:
    """The modules of a rule system laid out the house way: ``data`` (``load_content``), ``rules``
    (``setup``, ``fold``, ``legal_commands``, ``validate``, ``resolve``, ``side_to_act``), ``view`` (``board``,
    ``activation``, ``order_parts``, ``preview``, ``visible_hexes``, ``summary``, ``MARKS_LEGEND``), the
    ``describer`` class (``event`` and ``command`` lines; None where the rulebook registers every type's
    words) and, if it has one, the dotted name of the module holding its ``DefaultPlayer`` (imported when
    first asked for)."""

    data: Any
    rules: Any
    view: Any
    describer: Any
    ai: str = ""


class PackagedRuleSystem(RuleSystem):
    """A :class:`RuleSystem` whose methods are its modules' functions, so that a system's class says only
    what is its own (id, title, options, the state it builds) and overrides what differs. The state is
    expected to carry ``sides``, ``result`` ((winner, reason) or None), ``canonical()`` and ``copy()``.

    A system with a ``rulebook`` takes its orders, folds, previews and outcomes from it (not from
    ``parts.rules``' and ``parts.view``'s functions of those names)."""

    parts: SystemParts

    def scenarios(self) -> list[ScenarioInfo]:
        from .content import read_toml, scenario_files

        out = []
        for name, path in scenario_files(self.content_dir()).items():
            raw = read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    # The parts are modules, so what their functions give is Any to the checker: each result is named
    # with the type this class promises (the house layout in SystemParts' docstring).
    def load_content(self, scenario: str) -> dict[str, Any]:
        content: dict[str, Any] = self.parts.data.load_content(self.content_dir(), scenario)
        return content

    def setup(self, ctx: Resolution) -> None:
        self.parts.rules.setup(ctx)

    def fold(self, state: Any, event: Any) -> None:
        if self.rulebook is not None:
            return super().fold(state, event)
        self.parts.rules.fold(state, event)

    def sides(self, state: Any) -> list[str]:
        return list(state.sides)

    def side_to_act(self, state: Any) -> str | None:
        side: str | None = self.parts.rules.side_to_act(state)
        return side

    def legal_commands(self, state: Any) -> list[Any]:
        if self.rulebook is not None:
            return super().legal_commands(state)
        legal: list[Any] = self.parts.rules.legal_commands(state)
        return legal

    def validate(self, state: Any, command: Any) -> str | None:
        if self.rulebook is not None:
            return super().validate(state, command)
        reason: str | None = self.parts.rules.validate(state, command)
        return reason

    def resolve(self, ctx: Resolution, command: Any) -> None:
        if self.rulebook is not None:
            return super().resolve(ctx, command)
        self.parts.rules.resolve(ctx, command)

    def outcome(self, state: Any) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def describe(self, event: Any, state: Any = None) -> str:
        """The words the event's type registered in the rulebook, else the ``describer``'s (if the system
        has one), else the core's own for its events."""
        if state is None:
            return repr(event)
        line = self.rulebook.describe_event(state, event) if self.rulebook is not None else None
        if line is None and self.parts.describer is not None:
            described: str = self.parts.describer(state).event(event)
            return described
        return line if line is not None else super().describe(event, state)

    def describe_command(self, command: Any, state: Any = None) -> str:
        if state is None:
            return repr(command)
        line = self.rulebook.describe_command(state, command) if self.rulebook is not None else None
        if line is None and self.parts.describer is not None:
            described: str = self.parts.describer(state).command(command)
            return described
        return line if line is not None else repr(command)

    def canonical(self, state: Any) -> Any:
        return state.canonical()

    def copy_state(self, state: Any) -> Any:
        return state.copy()

    def board(self, state: Any, viewer: str | None = None) -> BoardView:
        board: BoardView = self.parts.view.board(state)  # no hidden pieces in a system built of parts
        return board

    def activation(self, state: Any) -> ActivationView:
        activation: ActivationView = self.parts.view.activation(state)
        return activation

    def order_parts(self, state: Any, command: Any) -> OrderParts:
        parts = self.rulebook.order_parts(state, command) if self.rulebook is not None else None
        return parts if parts is not None else self.parts.view.order_parts(state, command)

    def preview(self, state: Any, command: Any) -> OrderPreview:
        if self.rulebook is not None:
            return super().preview(state, command)
        preview: OrderPreview = self.parts.view.preview(state, command)
        return preview

    def visible_hexes(self, state: Any, piece_id: str) -> frozenset[Hex]:
        seen: frozenset[Hex] = self.parts.view.visible_hexes(state, piece_id)
        return seen

    def outcome_of(self, before: Any, command: Any, events: list[Any]) -> str | None:
        if self.rulebook is not None:
            return super().outcome_of(before, command, events)
        outcome: str | None = self.parts.view.outcome_of(before, command, events)
        return outcome

    def summary(self, state: Any) -> BattleSummary:
        summary: BattleSummary = self.parts.view.summary(state)
        return summary

    def computer_players(self) -> dict[str, Callable[[int], ComputerPlayer]]:
        players = super().computer_players()
        if self.parts.ai:
            from .search import level_players

            greedy = importlib.import_module(self.parts.ai).DefaultPlayer
            levels = level_players(greedy, self.search_budget())
            players["easy"] = levels["easy"]
            players["default"] = greedy
            players["hard"] = levels["hard"]
        return players
