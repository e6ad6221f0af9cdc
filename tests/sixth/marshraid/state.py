"""Marsh Raid's state: the board and the fighters, changed only by the folds of its events."""

from __future__ import annotations

import copy
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, offset_to_axial

from .schema import Content


@attrs.define
class Fighter:
    id: str
    side: str
    kind: str
    at: Hex
    wounds_left: int


@attrs.define
class RaidState:
    content: Content
    ground: dict[Hex, str]  # terrain id of every hex on the board
    fighters: dict[str, Fighter] = attrs.field(factory=dict)
    active: str = ""
    turn: int = 1
    result: tuple[str | None, str] | None = None

    @property
    def sides(self) -> list[str]:
        return [s.id for s in self.content.scenario.sides]

    def side_name(self, side: str) -> str:
        return next((s.name for s in self.content.scenario.sides if s.id == side), side)

    def enemy_of(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def standing(self, side: str) -> list[Fighter]:
        return [f for f in self.fighters.values() if f.side == side and f.wounds_left > 0]

    def fighter_at(self, at: Hex) -> Fighter | None:
        return next((f for f in self.fighters.values() if f.at == at and f.wounds_left > 0), None)

    def name(self, piece: str) -> str:
        fighter = self.fighters[piece]
        return f"{self.content.pieces.kinds[fighter.kind].name} {piece}"

    def canonical(self) -> Any:
        return (self.active, self.turn, self.result,
                tuple(sorted((f.id, f.side, f.kind, f.at.q, f.at.r, f.wounds_left) for f in self.fighters.values())))

    def copy(self) -> RaidState:
        return copy.deepcopy(self)


def board_of(content: Content) -> dict[Hex, str]:
    """The terrain id of every hex, from the scenario's map (one line a row, one sign a column)."""
    by_glyph = {ground.glyph: tid for tid, ground in content.terrain.terrain.items()}
    rows = [line for line in content.scenario.map.splitlines() if line.strip()]
    board: dict[Hex, str] = {}
    for row, line in enumerate(rows):
        for col, glyph in enumerate(line.strip()):
            if glyph not in by_glyph:
                from hexfront.engine.core.errors import ContentError

                raise ContentError(f"the map's sign '{glyph}' at ({col},{row}) is no terrain of terrain.toml")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    return board
