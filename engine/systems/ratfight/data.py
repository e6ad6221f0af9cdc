"""RatFight's tables, read from content/ratfight/ into plain data and then into typed records.

``load_content`` reads the TOML files into one dict that is embedded in every
save; ``Tables.from_content`` turns that dict into the typed records the rules
use, checking it as it goes so that a damaged or hand-edited table gives a
clear error instead of a wrong battle.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import attrs

from engine.core.cards import standard_deck
from engine.core.content import check_terrain_glyphs, read_toml, scenario_files, shared_tables
from engine.core.errors import ContentError, UnknownScenario
from engine.core.hexes import LOS_BLOCK, LOS_CLEAR, LOS_OBSCURE, Hex, offset_to_axial

INCHES_PER_HEX = 2
COVER_CARDS = {"none": 1, "soft": 2, "hard": 3}
SIGHT = {"clear": LOS_CLEAR, "obscure": LOS_OBSCURE, "block": LOS_BLOCK}
MOVE_CLASSES = ("road", "open", "full", "no")
HEROES = ("dead_shot", "bruiser", "inspiring")


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
    # line-of-sight results by (from, to, wreck hexes): terrain never changes, wrecks rarely do
    sight_cache: dict = attrs.field(factory=dict, eq=False, repr=False)
    # reachable hexes by (mover, start, reverse, nearby friends, nearby blockers): see rules.reach
    reach_cache: dict = attrs.field(factory=dict, eq=False, repr=False)
    # the last move path worked out: [key, path] (see rules.move_path)
    path_memo: list = attrs.field(factory=list, eq=False, repr=False)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> "Tables":
        """The tables for ``content``; battles on identical content share one (and its caches)."""
        return shared_tables("RatFight", content, _build)




def _int(value: Any, what: str, low: int = 0, high: int = 10_000) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ContentError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _build(content: dict[str, Any]) -> Tables:
    weapons = {}
    for wid, w in content["weapons"].items():
        modes = tuple(
            Mode(range_inches=_int(m["range"], f"{wid} range", 1, 1000),
                 range=inches_to_hexes(m["range"]),
                 shots=_int(m.get("shots", 1), f"{wid} shots", 1, 20),
                 cards=_int(m.get("cards", 1), f"{wid} cards", 1, 5),
                 ap=_int(m.get("ap", 0), f"{wid} ap", 0, 20),
                 template=bool(m.get("template", False)))
            for m in w["modes"])
        if not modes:
            raise ContentError(f"weapon {wid} has no modes")
        weapons[wid] = Weapon(wid, str(w["name"]), modes, bool(w.get("vehicle", False)))
    movers = {mid: Mover(mid, _int(m["road"], f"{mid} road", 1, 100), _int(m["open"], f"{mid} open", 1, 100),
                         bool(m.get("vehicle", False)))
              for mid, m in content["movers"].items()}
    vehicles = {}
    for vid, v in content["vehicles"].items():
        armour = tuple(_int(a, f"{vid} armour", 0, 20) for a in v["armour"])
        if len(armour) != 3:
            raise ContentError(f"vehicle {vid} needs three armour values (front, side, rear)")
        if v["mover"] not in movers:
            raise ContentError(f"vehicle {vid} has unknown mover {v['mover']!r}")
        vehicles[vid] = VehicleType(vid, str(v["name"]), armour, bool(v["armoured"]),  # type: ignore[arg-type]
                                    _int(v["crew"], f"{vid} crew", 0, 20), v["mover"],
                                    _int(v.get("capacity", 0), f"{vid} capacity", 0, 20), bool(v.get("heavy", False)))
    terrain = {}
    by_glyph = {}
    for tid, t in content["terrain"].items():
        moves = {k: v for k, v in t.items() if k in movers}
        for mover, klass in list(moves.items()) + [("default", t["default"])]:
            if klass not in MOVE_CLASSES:
                raise ContentError(f"terrain {tid}: movement {klass!r} for {mover} is not one of {MOVE_CLASSES}")
        if t["cover"] not in COVER_CARDS or t["sight"] not in SIGHT:
            raise ContentError(f"terrain {tid} has unknown cover or sight")
        terrain[tid] = Terrain(tid, str(t["glyph"]), str(t["name"]), t["cover"], SIGHT[t["sight"]], moves,
                               t["default"])
        by_glyph[t["glyph"]] = tid
    cards = {}
    for c in content["action_cards"]["cards"]:
        if c["kind"] not in ("move", "vehicle", "fire", "turn_end"):
            raise ContentError(f"action card {c['id']} has unknown kind {c['kind']!r}")
        cards[c["id"]] = ActionCard(c["id"], _int(c["number"], "card number", 1, 100), str(c["title"]), c["kind"],
                                    _int(c["count"], "card count", 0, 100), bool(c.get("infantry_only", False)))
    if sum(1 for c in cards.values() if c.kind == "turn_end") != 1:
        raise ContentError("the action deck needs exactly one Turn End card")
    scen = content["scenario"]
    rows = [row for row in scen["map"].strip("\n").split("\n")]
    height = len(rows)
    width = max(len(r) for r in rows)
    if not (1 <= width <= 200 and 1 <= height <= 200):
        raise ContentError("the map must be between 1 and 200 hexes across")
    board = {}
    for row, line in enumerate(rows):
        for col in range(width):
            glyph = line[col] if col < len(line) else "."
            if glyph not in by_glyph:
                raise ContentError(f"map glyph {glyph!r} at column {col}, row {row} is not in the terrain table")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    sides = scen["sides"]
    if len(sides) != 2:
        raise ContentError("a RatFight scenario needs exactly two sides")
    side_ids = tuple(str(s["id"]) for s in sides)
    deployment = []
    for side in sides:
        for m in side["models"]:
            deployment.append(dict(m, side=side["id"]))
    costs = {mid: {h: mv.cost(terrain[t].move_class(mid)) for h, t in board.items()} for mid, mv in movers.items()}
    sight = {h: terrain[t].sight for h, t in board.items()}
    cover = {h: terrain[t].cover for h, t in board.items()}
    return Tables(costs=costs, sight=sight, cover=cover, title=str(scen["title"]), turn_limit=_int(scen.get("turn_limit", 10), "turn_limit", 1, 1000),
                  weapons=weapons, vehicles=vehicles, movers=movers, terrain=terrain, cards=cards,
                  width=width, height=height, board=board, side_ids=side_ids,
                  side_names={str(s["id"]): str(s["name"]) for s in sides}, deployment=tuple(deployment))


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"JTS RatFight has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    content = {
        "weapons": read_toml(folder / "weapons.toml"),
        "vehicles": read_toml(folder / "vehicles.toml"),
        "movers": read_toml(folder / "movers.toml"),
        "terrain": read_toml(folder / "terrain.toml"),
        "action_cards": read_toml(folder / "action_cards.toml"),
        "scenario": read_toml(files[scenario]),
    }
    check_terrain_glyphs(content["terrain"], str(folder / "terrain.toml"))
    tables = Tables.from_content(content)  # refuse a broken table now, not mid-battle
    check_script_and_tutorial(content, tables)
    return content


RESOLUTION_CARDS = frozenset(standard_deck())


def check_script_and_tutorial(content: dict[str, Any], tables: Tables) -> None:
    """A scenario's ``[script]`` (kept in ``content["scenario"]``, read by the core's ``scenario_script``) and
    ``[tutorial]``, checked: RatFight has no dice, so a script gives only ``cards`` per deck ("action" or
    "res-<side>"), each a card that deck holds; the tutorial's learner is one of the scenario's sides."""
    from engine.core.tutorial import check_lesson

    decks = {"action": frozenset(tables.cards)}
    decks.update({f"res-{side}": RESOLUTION_CARDS for side in tables.side_ids})
    check_lesson(content, tables.side_ids, game="JTS RatFight", dice=None, decks=decks)
