"""Marsh Raid's content, read through schemas: unknown keys refused, every value checked, a mistake one line."""

from __future__ import annotations

import attrs

from hexfront.engine.core.content import between, how_many, one_of, some_text, terrain_glyph


@attrs.frozen
class Kind:
    """A kind of fighter (pieces.toml): its map letter, wounds, reach in hexes and the d6 a strike needs."""

    name: str = attrs.field(validator=some_text)
    glyph: str = attrs.field(validator=one_of("abcdefghijklmnopqrstuvwxyz"))
    wounds: int = attrs.field(validator=between(1, 3))
    reach: int = attrs.field(validator=between(1, 6))
    need: int = attrs.field(validator=between(2, 6))


@attrs.frozen
class Pieces:
    kinds: dict[str, Kind] = attrs.field(validator=how_many(1, 8, "kinds"))


@attrs.frozen
class Ground:
    """One terrain (terrain.toml): its sign, name, what it does, its cover and whether it can be entered."""

    glyph: str = attrs.field(validator=terrain_glyph)
    name: str = attrs.field(validator=some_text)
    effect: str
    cover: int = attrs.field(validator=between(0, 2))
    passable: bool


@attrs.frozen
class Terrain:
    terrain: dict[str, Ground] = attrs.field(validator=how_many(1, 12, "terrains"))


@attrs.frozen
class SideEntry:
    id: str = attrs.field(validator=some_text)
    name: str = attrs.field(validator=some_text)


@attrs.frozen
class PieceEntry:
    """A fighter placed by a scenario: ``at`` is its column and row, from 0 at the top left."""

    id: str = attrs.field(validator=some_text)
    side: str
    kind: str
    at: list[int] = attrs.field(validator=how_many(2, 2, "numbers (column, row)"))


@attrs.frozen
class Scenario:
    title: str = attrs.field(validator=some_text)
    summary: str
    turn_limit: int = attrs.field(validator=between(1, 99))
    map: str = attrs.field(validator=some_text)
    sides: list[SideEntry] = attrs.field(validator=how_many(2, 2, "sides"))
    pieces: list[PieceEntry] = attrs.field(validator=how_many(2, 20, "pieces"))


@attrs.frozen
class Content:
    """Everything a battle reads (and its save embeds), one part per file."""

    pieces: Pieces
    terrain: Terrain
    scenario: Scenario
