"""Marsh Raid: a small rule system that lives only under tests/ (this package and its content/ folder).

It is not part of hexfront. It is loaded by naming its module in HEXFRONT_SYSTEMS (engine.core.system
all_systems), and it finds its own content beside this file, so that adding it edits nothing in hexfront.
Two bands of spearmen and bowmen in a marsh take turns to give one order each: move or strike (one d6).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hexfront.engine.core.content import read_toml, scenario_files, structure_parts
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import offset_to_axial
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.system import ComputerPlayer, Outcome, RuleSystem, ScenarioInfo
from hexfront.engine.core.view import ActivationView, BattleSummary, BoardView

from . import rules, view
from .orders import COMMAND_TYPES, EVENT_TYPES
from .raider import Raider
from .schema import Content
from .state import RaidState, board_of

CONTENT = Path(__file__).resolve().parent / "content"
FILES = {"pieces": "pieces.toml", "terrain": "terrain.toml"}


class MarshRaid(RuleSystem):
    id = "marshraid"
    title = "Marsh Raid"
    rules_version = "1"
    rulebook = rules.RULEBOOK
    command_types = COMMAND_TYPES
    event_types = EVENT_TYPES

    def content_dir(self) -> Path:
        return CONTENT

    def scenarios(self) -> list[ScenarioInfo]:
        out = []
        for name, path in scenario_files(CONTENT).items():
            raw = read_toml(path)
            out.append(ScenarioInfo(name, str(raw.get("title", name)), str(raw.get("summary", ""))))
        return out

    def load_content(self, scenario: str) -> dict[str, Any]:
        content = {part: read_toml(CONTENT / file) for part, file in FILES.items()}
        content["scenario"] = read_toml(scenario_files(CONTENT)[scenario])
        return content

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> RaidState:
        parts = structure_parts(content, Content, lambda part: FILES.get(part, "the scenario file"))
        st = RaidState(parts, board_of(parts))
        sides = set(st.sides)
        taken = set()
        for entry in parts.scenario.pieces:
            at = offset_to_axial(*entry.at)
            if entry.side not in sides or entry.kind not in parts.pieces.kinds:
                raise ContentError(f"the scenario file: piece {entry.id} names side '{entry.side}' and kind "
                                   f"'{entry.kind}'; sides: {', '.join(sides)}; kinds: {', '.join(parts.pieces.kinds)}")
            if at not in st.ground or not parts.terrain.terrain[st.ground[at]].passable or at in taken:
                raise ContentError(f"the scenario file: piece {entry.id} stands at {entry.at}, off the board, "
                                   "in deep water or where another stands")
            taken.add(at)
        return st

    def setup(self, ctx: Resolution) -> None:
        rules.setup(ctx)

    def turn(self, state: RaidState) -> int:
        return state.turn

    def sides(self, state: RaidState) -> list[str]:
        return state.sides

    def side_to_act(self, state: RaidState) -> str | None:
        return None if state.result else state.active

    def outcome(self, state: RaidState) -> Outcome | None:
        return Outcome(*state.result) if state.result else None

    def canonical(self, state: RaidState) -> Any:
        return state.canonical()

    def copy_state(self, state: RaidState) -> RaidState:
        return state.copy()

    def board(self, state: RaidState, viewer: str | None = None) -> BoardView:
        return view.board(state)

    def activation(self, state: RaidState) -> ActivationView:
        return view.activation(state)

    def summary(self, state: RaidState) -> BattleSummary:
        return view.summary(state)

    def computer_players(self) -> dict[str, Callable[[int], ComputerPlayer]]:
        return {"default": Raider, "random": RandomPlayer}


SYSTEM = MarshRaid()
