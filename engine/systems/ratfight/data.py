"""RatFight's tables, read from content/ratfight/ into plain data and then into typed records.

``load_content`` reads the TOML files into one dict that is embedded in every
save; ``Tables.from_content`` turns that dict into the typed records the rules
use, checking it as it goes so that a damaged or hand-edited table gives a
clear error instead of a wrong battle.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.cards import standard_deck
from hexfront.engine.core.content import read_toml, scenario_files, shared_tables, structure_content, structure_parts
from hexfront.engine.core.errors import ContentError, UnknownScenario, shown_path
from hexfront.engine.core.hexes import LOS_BLOCK, LOS_CLEAR, LOS_OBSCURE, Hex, Sight, offset_to_axial

from .schema import FILES, RatFightContent, ReadingsFile

INCHES_PER_HEX = 2
SIGHT = {"clear": LOS_CLEAR, "obscure": LOS_OBSCURE, "block": LOS_BLOCK}


def inches_to_hexes(inches: int) -> int:
    """1 hex = 2 inches, rounding up (RULES-NOTES: 9 inches = 5 hexes)."""
    return math.ceil(inches / INCHES_PER_HEX)


@attrs.frozen
class Mode:
    range_inches: int
    range: int  # hexes
    shots: int
    cards: int
    ap: int
    template: bool


@attrs.frozen
class Weapon:
    id: str
    name: str
    modes: tuple[Mode, ...]
    vehicle: bool


@attrs.frozen
class VehicleType:
    id: str
    name: str
    armour: tuple[int, int, int]  # front, side, rear
    armoured: bool
    crew: int
    mover: str
    capacity: int
    heavy: bool = False


@attrs.frozen
class Mover:
    id: str
    road: int
    open: int
    vehicle: bool

    @property
    def budget(self) -> int:
        return self.road * self.open

    def cost(self, move_class: str) -> int | None:
        if move_class == "road":
            return self.open
        if move_class == "open":
            return self.road
        if move_class == "full":
            return self.budget
        return None


@attrs.frozen
class Terrain:
    id: str
    glyph: str
    name: str
    cover: str
    sight: int
    move: dict[str, str]
    default: str

    def move_class(self, mover: str) -> str:
        return self.move.get(mover, self.default)


@attrs.frozen
class ActionCard:
    id: str
    number: int
    title: str
    kind: str
    count: int
    infantry_only: bool = False


@attrs.frozen
class Tables:
    title: str
    turn_limit: int
    weapons: dict[str, Weapon]
    vehicles: dict[str, VehicleType]
    movers: dict[str, Mover]
    terrain: dict[str, Terrain]
    cards: dict[str, ActionCard]
    width: int
    height: int
    board: dict[Hex, str]  # hex -> terrain id
    side_ids: tuple[str, ...]
    side_names: dict[str, str]
    deployment: tuple[dict[str, Any], ...]
    # derived per-hex lookups, built once: movement cost per mover, sight and cover
    costs: dict[str, dict[Hex, int | None]]
    sight: dict[Hex, int]
    cover: dict[Hex, str]
    #: Morale Check: the side that tests chooses which of its leader's cards to keep (rules.toml); False in
    #: battles saved before the choice, which keep the best card as they were played
    morale_choice: bool = False
    #: a special scenario: the loser of a close combat is captured rather than killed (campaign.py)
    capture: bool = False
    #: in a campaign, the models lost in its earlier battles and those taken prisoner (side -> id -> name)
    lost_before: dict[str, dict[str, str]] = attrs.field(factory=dict)
    captured_before: dict[str, dict[str, str]] = attrs.field(factory=dict)
    # line-of-sight results by (from, to, wreck hexes): terrain never changes, wrecks rarely do
    sight_cache: dict[tuple[Hex, Hex, frozenset[Hex]], Sight] = attrs.field(factory=dict, eq=False, repr=False)
    # every hex seen from a hex, by (hex, wreck hexes): see view.visible_hexes
    view_cache: dict[tuple[Hex, frozenset[Hex]], frozenset[Hex]] = attrs.field(factory=dict, eq=False, repr=False)
    # reachable hexes by (mover, start, reverse, nearby friends, nearby blockers): see movement.reach
    reach_cache: dict[tuple[str, Hex, bool, frozenset[Hex], frozenset[Hex]], dict[Hex, int]] = attrs.field(
        factory=dict, eq=False, repr=False)
    # the last move path worked out: [(key, path)] (see movement.move_path)
    path_memo: list[tuple[tuple[Any, ...], list[Hex] | None]] = attrs.field(factory=list, eq=False, repr=False)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> Tables:
        """The tables for ``content``; battles on identical content share one (and its caches)."""
        return shared_tables("RatFight", content, _build)




def read_content(content: dict[str, Any], where: Callable[[str], str] | None = None) -> RatFightContent:
    """``content`` read through the schema (schema.py). ``where(part)`` names the file a mistake is in, for
    content just read from files; without it the content is a save's, named by its part's file name."""
    return structure_parts(content, RatFightContent,
                           where or (lambda part: f"RatFight content {FILES.get(part, 'scenario')}"),
                           files=where is not None)


def _three(armour: list[int]) -> tuple[int, int, int]:
    """Front, side and rear armour (the schema has checked there are three)."""
    front, side, rear = armour
    return front, side, rear


def _board(text: str, by_glyph: dict[str, str]) -> tuple[int, int, dict[Hex, str]]:
    """The map's width, height and terrain per hex; a short row is filled with open ground ('.')."""
    rows = text.strip("\n").split("\n")
    height, width = len(rows), max(len(r) for r in rows)
    if not (1 <= width <= 200 and 1 <= height <= 200):
        raise ContentError("the map must be between 1 and 200 hexes across")
    board = {}
    for row, line in enumerate(rows):
        for col in range(width):
            glyph = line[col] if col < len(line) else "."
            if glyph not in by_glyph:
                raise ContentError(f"map glyph {glyph!r} at column {col}, row {row} is not in the terrain table")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    return width, height, board


def _build(content: dict[str, Any]) -> Tables:
    """The rules' tables from ``content`` (checked by the schema, then across tables here)."""
    t = read_content(content)
    weapons = {wid: Weapon(wid, w.name, tuple(Mode(m.range, inches_to_hexes(m.range), m.shots, m.cards, m.ap,
                                                   m.template) for m in w.modes), w.vehicle)
               for wid, w in t.weapons.items()}
    movers = {mid: Mover(mid, m.road, m.open, m.vehicle) for mid, m in t.movers.items()}
    for vid, v in t.vehicles.items():
        if v.mover not in movers:
            raise ContentError(f"vehicle {vid} has unknown mover {v.mover!r}")
    vehicles = {vid: VehicleType(vid, v.name, _three(v.armour), v.armoured, v.crew, v.mover, v.capacity, v.heavy)
                for vid, v in t.vehicles.items()}
    terrain = {tid: Terrain(tid, x.glyph, x.name, x.cover, SIGHT[x.sight],
                            {k: c for k, c in x.moves().items() if k in movers}, x.default)
               for tid, x in t.terrain.items()}
    cards = {c.id: ActionCard(c.id, c.number, c.title, c.kind, c.count, c.infantry_only) for c in t.action_cards.cards}
    scen = t.scenario
    width, height, board = _board(scen.map, {x.glyph: tid for tid, x in terrain.items()})
    sides = content["scenario"]["sides"]
    deployment = tuple(dict(m, side=side["id"]) for side in sides for m in side["models"])
    return Tables(costs={mid: {h: mv.cost(terrain[x].move_class(mid)) for h, x in board.items()}
                         for mid, mv in movers.items()},
                  sight={h: terrain[x].sight for h, x in board.items()},
                  cover={h: terrain[x].cover for h, x in board.items()}, title=scen.title, turn_limit=scen.turn_limit,
                  weapons=weapons, vehicles=vehicles, movers=movers, terrain=terrain, cards=cards,
                  width=width, height=height, board=board, side_ids=tuple(s.id for s in scen.sides),
                  side_names={s.id: s.name for s in scen.sides}, deployment=deployment,
                  morale_choice=t.rules is not None and t.rules.morale.keep == "choose", capture=scen.capture,
                  lost_before=dict(scen.campaign.lost) if scen.campaign else {},
                  captured_before=dict(scen.campaign.captured) if scen.campaign else {})


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"JTS RatFight has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    paths = {part: folder / name for part, name in FILES.items()} | {"scenario": files[scenario]}
    content = {part: read_toml(path) for part, path in paths.items()}
    read_content(content, lambda part: shown_path(paths[part]))  # a mistake names the file it is in
    # readings.toml is shown in the rules help only (not part of a battle's content): checked all the same
    structure_content(read_toml(folder / "readings.toml"), ReadingsFile, shown_path(folder / "readings.toml"))
    tables = Tables.from_content(content)  # refuse a broken table now, not mid-battle
    check_script_and_tutorial(content, tables)
    return content


RESOLUTION_CARDS = frozenset(standard_deck())


def check_script_and_tutorial(content: dict[str, Any], tables: Tables) -> None:
    """A scenario's ``[script]`` (kept in ``content["scenario"]``, read by the core's ``scenario_script``) and
    ``[tutorial]``, checked: RatFight has no dice, so a script gives only ``cards`` per deck ("action" or
    "res-<side>"), each a card that deck holds; the tutorial's learner is one of the scenario's sides."""
    from hexfront.engine.core.tutorial import check_lesson

    decks = {"action": frozenset(tables.cards)}
    decks.update({f"res-{side}": RESOLUTION_CARDS for side in tables.side_ids})
    check_lesson(content, tables.side_ids, game="JTS RatFight", dice=None, decks=decks)
