"""Dustup's tables, read from content/dustup/ into plain data and then into typed records.

``load_content`` reads the TOML files into one dict that every save embeds;
``Tables.from_content`` checks it and builds the records the rules read. A
damaged or hand-edited table gives a one-line error, never a wrong battle.

Scale (RULES-NOTES): 1 hex = 2 inches. Short range 12" = 6 hexes, effective
48" = 24 hexes, cohesion and the communication radius 6" = 3 hexes, the
2-inch rule = not adjacent.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs

from engine.core.content import read_toml, scenario_files, shared_tables
from engine.core.errors import ContentError, UnknownScenario
from engine.core.hexes import LOS_BLOCK, LOS_CLEAR, LOS_OBSCURE, Hex, offset_to_axial

from .dice import DIE_TYPES

INCHES_PER_HEX = 2
SHORT_RANGE = 6  # 12 inches
EFFECTIVE_RANGE = 24  # 48 inches
COMMS_RANGE = 3  # 6 inches: communication needs no roll within this and in sight
COHESION = 3  # 6 inches

MOVE_COST = {"clear": 1, "poor": 2, "difficult": 3, "impassable": None}
SIGHT = {"clear": LOS_CLEAR, "obscure": LOS_OBSCURE, "block": LOS_BLOCK}
COVER_SHIFT = {"none": 0, "soft": 1, "hard": 2}  # armour die shift (Cover)
CONCEALMENT = ("none", "partial")  # what a hex gives; complete concealment is chosen by the unit
WEAPON_KINDS = ("small_arm", "support", "grenade", "pistol", "close_combat")
QUALITY = {"untrained": 4, "green": 6, "experienced": 8, "veteran": 10, "elite": 12}
MOVE_DICE = {"encumbered": 4, "infantry": 6, "fast": 8, "cavalry": 10, "vehicle": 12}
COMMITMENT = ("low", "medium", "high")
FATIGUE = {"fresh": "confident", "tired": "steady", "exhausted": "shaken"}
CONFIDENCE_NAMES = ("routed", "broken", "shaken", "steady", "confident")
SENSORS = {"unaided": 4, "aided": 6, "enhanced": 8, "superior": 10}
MEDICS = {"none": 6, "medic": 8, "team": 10}


@attrs.frozen
class Weapon:
    """A weapon line (Weapons; Generic Weapon Data). Ranges are in hexes.

    Small arms have a ``firepower`` per figure (0.5 .. 4); support weapons and
    grenades a firepower ``die``. ``impact`` is the impact die. ``max_range``
    0 means no maximum (fire beyond effective range is long range).
    """

    id: str
    name: str
    kind: str
    impact: int
    firepower: float = 0.0
    die: int = 0
    effective: int = EFFECTIVE_RANGE
    max_range: int = 0
    terror: bool = False
    strike: int = 0  # a special close combat weapon's strike die (Assault: Special Close Combat Weapons)

    @property
    def support(self) -> bool:
        return self.kind in ("support", "grenade")


@attrs.frozen
class Armour:
    id: str
    name: str
    die: int
    power: bool = False
    unarmoured: bool = False


@attrs.frozen
class Terrain:
    id: str
    glyph: str
    name: str
    move: str  # clear, poor, difficult, impassable for normal infantry
    power_move: str  # the same for power armoured infantry
    cover: str  # none, soft, hard
    conceal: str  # none, partial
    sight: int
    hide: bool  # a unit may hide here


@attrs.frozen
class CourageShift:
    """One row of the courage test table (Assault: Courage Test), rebuilt as RULES-NOTES asks."""

    id: str
    label: str
    shift: int
    per: str = ""  # "" once, or what it counts: "marker", "wounded", "killed"


@attrs.frozen
class Tables:
    title: str
    turn_limit: int
    night: bool
    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    terrain: dict[str, Terrain]
    courage: tuple[CourageShift, ...]
    confidence_events: dict[str, tuple[int | None, int | None, int | None]]
    confidence_modifiers: dict[str, tuple[int, int, int]]
    width: int
    height: int
    board: dict[Hex, str]
    side_ids: tuple[str, ...]
    side_names: dict[str, str]
    side_info: dict[str, dict[str, Any]]  # commitment, fatigue, jammer, edge
    deployment: tuple[dict[str, Any], ...]
    dummies: tuple[tuple[str, Hex], ...]
    objectives: tuple[Hex, ...]
    costs: dict[str, dict[Hex, int | None]]  # "normal" and "power" movement costs per hex
    sight: dict[Hex, int]
    cover: dict[Hex, str]
    conceal: dict[Hex, str]
    sight_cache: dict = attrs.field(factory=dict, eq=False, repr=False)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> "Tables":
        """The tables for ``content``; battles on identical content share one (and its caches)."""
        return shared_tables("Dustup", content, _build)

    def on_board(self, h: Hex) -> bool:
        return h in self.board


def _int(value: Any, what: str, low: int = 0, high: int = 10_000) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ContentError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _die(value: Any, what: str) -> int:
    if type(value) is not int or value not in DIE_TYPES:
        raise ContentError(f"{what} must be a die type (4, 6, 8, 10 or 12), not {value!r}")
    return value


def _choice(value: Any, allowed, what: str) -> str:
    if value not in allowed:
        raise ContentError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _hex(value: Any, what: str) -> Hex:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ContentError(f"{what} must be [column, row], not {value!r}")
    return offset_to_axial(value[0], value[1])


FIGURE_SPEC = re.compile(r"^(?:(?P<role>leader|medic|observer|commander):)?(?P<weapon>[a-z_0-9]+)(?:\*(?P<n>\d+))?$")


def parse_figures(specs: list[str], what: str) -> list[tuple[str, str]]:
    """``["leader:rifle", "rifle*6", "lmg"]`` -> [(role, weapon), ...] one per figure."""
    out: list[tuple[str, str]] = []
    for spec in specs:
        m = FIGURE_SPEC.match(spec) if isinstance(spec, str) else None
        if not m:
            raise ContentError(f"{what}: figure {spec!r} should read like 'leader:rifle' or 'rifle*6'")
        n = int(m.group("n") or 1)
        if not 1 <= n <= 30:
            raise ContentError(f"{what}: {spec!r} asks for {n} figures; 1 to 30 please")
        out.extend((m.group("role") or "", m.group("weapon")) for _ in range(n))
    return out


def _build(content: dict[str, Any]) -> Tables:
    weapons: dict[str, Weapon] = {}
    for wid, w in content["weapons"].items():
        kind = _choice(w["kind"], WEAPON_KINDS, f"weapon {wid} kind")
        fp = w.get("firepower", 0)
        if kind in ("small_arm", "pistol"):
            if type(fp) not in (int, float) or not 0 < fp <= 12:
                raise ContentError(f"weapon {wid} needs a firepower from 0.5 to 12")
        weapons[wid] = Weapon(
            wid, str(w["name"]), kind, _die(w["impact"], f"weapon {wid} impact"), float(fp),
            _die(w["die"], f"weapon {wid} firepower die") if kind in ("support", "grenade") else 0,
            _int(w.get("effective", EFFECTIVE_RANGE), f"weapon {wid} effective range", 1, 500),
            _int(w.get("max_range", 0), f"weapon {wid} maximum range", 0, 500), bool(w.get("terror", False)),
            _die(w["strike"], f"weapon {wid} strike die") if kind == "close_combat" else 0)
    armour = {aid: Armour(aid, str(a["name"]), _die(a["die"], f"armour {aid} die"), bool(a.get("power", False)),
                          bool(a.get("unarmoured", False)))
              for aid, a in content["armour"].items()}
    terrain: dict[str, Terrain] = {}
    by_glyph: dict[str, str] = {}
    for tid, t in content["terrain"].items():
        move = _choice(t["move"], MOVE_COST, f"terrain {tid} move")
        terrain[tid] = Terrain(tid, str(t["glyph"]), str(t["name"]), move,
                               _choice(t.get("power_move", move), MOVE_COST, f"terrain {tid} power_move"),
                               _choice(t["cover"], COVER_SHIFT, f"terrain {tid} cover"),
                               _choice(t["conceal"], CONCEALMENT, f"terrain {tid} conceal"),
                               SIGHT[_choice(t["sight"], SIGHT, f"terrain {tid} sight")], bool(t.get("hide", False)))
        if len(t["glyph"]) != 1 or t["glyph"] in by_glyph:
            raise ContentError(f"terrain {tid} needs a glyph of one character that no other terrain uses")
        by_glyph[t["glyph"]] = tid
    courage = tuple(CourageShift(str(r["id"]), str(r["label"]), _int(r["shift"], "courage shift", -3, 3),
                                 _choice(r.get("per", ""), ("", "marker", "wounded", "killed"), "courage per"))
                    for r in content["morale"]["courage"])
    events = {}
    for e in content["morale"]["confidence_events"]:
        row = tuple(None if v == "none" else _int(v, "confidence test value", 0, 12) for v in e["values"])
        if len(row) != 3:
            raise ContentError("each confidence test row needs low, medium and high values")
        events[str(e["id"])] = row
    mods = {}
    for e in content["morale"]["confidence_modifiers"]:
        row = tuple(_int(v, "confidence modifier", 0, 12) for v in e["values"])
        if len(row) != 3:
            raise ContentError("each confidence modifier row needs low, medium and high values")
        mods[str(e["id"])] = row

    scen = content["scenario"]
    rows = scen["map"].strip("\n").split("\n")
    height, width = len(rows), max(len(r) for r in rows)
    if not (4 <= width <= 120 and 4 <= height <= 120):
        raise ContentError("the map must be between 4 and 120 hexes across")
    board: dict[Hex, str] = {}
    for row, line in enumerate(rows):
        for col in range(width):
            glyph = line[col] if col < len(line) else "."
            if glyph not in by_glyph:
                raise ContentError(f"map glyph {glyph!r} at column {col}, row {row} is not in the terrain table")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    sides = scen["sides"]
    if len(sides) != 2:
        raise ContentError("a Dustup scenario needs exactly two sides")
    side_ids = tuple(str(s["id"]) for s in sides)
    deployment: list[dict[str, Any]] = []
    dummies: list[tuple[str, Hex]] = []
    side_info: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    for s in sides:
        sid = str(s["id"])
        side_info[sid] = {
            "commitment": _choice(s.get("commitment", "medium"), COMMITMENT, f"side {sid} commitment"),
            "fatigue": _choice(s.get("fatigue", "fresh"), FATIGUE, f"side {sid} fatigue"),
            "jammer": _die(s["jammer"], f"side {sid} jammer") if "jammer" in s else 0,
            "comms": _die(s.get("comms", 8), f"side {sid} comms"),
            "edge": _choice(s.get("edge", "north" if not side_info else "south"),
                            ("north", "south", "east", "west"), f"side {sid} edge"),
        }
        for u in s["units"]:
            uid = str(u["id"])
            if uid in seen:
                raise ContentError(f"unit id {uid} is used twice")
            seen.add(uid)
            at = _hex(u["at"], f"unit {uid} position")
            if at not in board:
                raise ContentError(f"unit {uid} is set up off the map")
            _choice(u.get("quality", "experienced"), QUALITY, f"unit {uid} quality")
            _int(u.get("leadership", 2), f"unit {uid} leadership", 1, 3)
            _choice(u.get("move", "infantry"), MOVE_DICE, f"unit {uid} move")
            _choice(u.get("armour", "basic"), armour, f"unit {uid} armour")
            _int(u.get("strike", 1), f"unit {uid} strike value", 1, 30)
            _die(u.get("cc_impact", 6), f"unit {uid} close combat impact")
            for _, w in parse_figures(u["figures"], f"unit {uid}"):
                if w not in weapons:
                    raise ContentError(f"unit {uid} carries unknown weapon {w!r}")
            deployment.append(dict(u, side=sid))
        for i, d in enumerate(s.get("dummies", [])):
            dummies.append((sid, _hex(d, f"side {sid} dummy {i + 1}")))
    objectives = tuple(_hex(o, "objective") for o in scen.get("objectives", []))
    costs = {
        "normal": {h: MOVE_COST[terrain[t].move] for h, t in board.items()},
        "power": {h: MOVE_COST[terrain[t].power_move] for h, t in board.items()},
    }
    return Tables(
        title=str(scen["title"]), turn_limit=_int(scen.get("turn_limit", 8), "turn_limit", 1, 100),
        night=bool(scen.get("night", False)), weapons=weapons, armour=armour, terrain=terrain, courage=courage,
        confidence_events=events, confidence_modifiers=mods, width=width, height=height, board=board,
        side_ids=side_ids, side_names={str(s["id"]): str(s["name"]) for s in sides}, side_info=side_info,
        deployment=tuple(deployment), dummies=tuple(dummies), objectives=objectives, costs=costs,
        sight={h: terrain[t].sight for h, t in board.items()},
        cover={h: terrain[t].cover for h, t in board.items()},
        conceal={h: terrain[t].conceal for h, t in board.items()},
    )


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"Dustup has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    content = {
        "weapons": read_toml(folder / "weapons.toml"),
        "armour": read_toml(folder / "armour.toml"),
        "terrain": read_toml(folder / "terrain.toml"),
        "morale": read_toml(folder / "morale.toml"),
        "scenario": read_toml(files[scenario]),
    }
    Tables.from_content(content)
    return content
