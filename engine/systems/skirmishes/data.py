"""Skirmishes' tables, read from content/skirmishes/ into plain data and then into typed records.

``load_content`` reads the TOML files into one dict that every save embeds;
``Tables.from_content`` checks it and builds the records the rules read, so a
damaged or hand-edited table gives a one-line :class:`ContentError`, never a
wrong battle.

Scale (RULES-NOTES, the lead's decision): 1 hex = 2 m. A run is 10 m (5 hexes)
over open ground and 6 m (3 hexes) through obstacles or impeding terrain; the
range bands are short 10 m = 5 hexes, medium 30 m = 15, long 200 m = 100 and
distant 1 km = 500.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from engine.core.content import check_terrain_glyphs, read_toml, scenario_files, shared_tables
from engine.core.errors import ContentError, UnknownScenario
from engine.core.hexes import LOS_BLOCK, LOS_CLEAR, Hex, offset_to_axial

METRES_PER_HEX = 2
# Movement (Character Actions: Movement). This game's reading: a run is a budget of 15 points; an open hex costs
# 3 (five of them make the book's 10 m) and an impeding hex 5 (three of them make the book's 6 m). Mixed ground
# is in proportion: two open hexes and one impeding hex use 11 of the 15 points.
RUN_BUDGET = 15
MOVE_COST = {"open": 3, "impeding": 5, "none": None}
SIGHT = {"clear": LOS_CLEAR, "block": LOS_BLOCK}
BANDS = ("short", "medium", "long", "distant")
RANGE_EFFECTS = ("advantage", "normal", "disadvantage", "miss")
REACH = ("unarmed", "short", "medium", "long")
LOCATIONS = ("leg", "arm", "torso", "head")
GRENADE_KINDS = ("blast", "flash", "smoke", "gas")
VICTORY_AT_LIMIT = ("standing", "draw")  # or a side id
EDGES = ("north", "south", "east", "west")


@attrs.frozen
class Firearm:
    id: str
    name: str
    glyph: str
    row: str
    ranges: tuple[str, str, str, str]  # effect per band: short, medium, long, distant
    magazine: int
    spares: int
    auto: bool
    breaks_armour: bool
    burst: str  # a grenade id whose burst the round makes where it lands, or ""


@attrs.frozen
class MeleeWeapon:
    id: str
    name: str
    reach: str


@attrs.frozen
class Grenade:
    id: str
    name: str
    kind: str
    damage_bonus: int = 0
    radius: int = 0
    rounds: int = 0


@attrs.frozen
class Armour:
    id: str
    name: str
    cost: int
    covers: dict[str, int]


@attrs.frozen
class Template:
    id: str
    name: str
    player: bool
    luck: int
    shooting: int
    athletics: int
    melee: int
    firearms: tuple[str, ...]
    melee_weapon: str
    grenades: dict[str, int]
    armour: tuple[str, ...]
    gas_mask: bool
    ear_protection: bool


@attrs.frozen
class Terrain:
    id: str
    glyph: str
    name: str
    move: str
    cover: bool
    sight: int
    indoors: bool

    @property
    def cost(self) -> int | None:
        return MOVE_COST[self.move]


@attrs.frozen
class Deploy:
    """One character as the scenario sets it up: template values with the scenario's overrides."""

    id: str
    side: str
    name: str
    template: str
    at: Hex
    player: bool
    luck: int
    shooting: int
    athletics: int
    melee: int
    firearms: tuple[str, ...]
    melee_weapon: str
    grenades: tuple[tuple[str, int], ...]
    armour: tuple[str, ...]
    gas_mask: bool
    ear_protection: bool


@attrs.frozen
class Machine:
    """A machine a character next to it can work as its miscellaneous action (Miscellaneous: "Operate
    machinery"). THIS GAME'S OWN: a machine turns its hex from one terrain to another (a roller shutter up or
    down); the scenario's map glyph at ``at`` says how it starts."""

    id: str
    name: str
    at: Hex
    open_terrain: str
    shut_terrain: str
    starts_open: bool


@attrs.frozen
class Vehicle:
    """A vehicle characters can board and drive (Miscellaneous: "drive a vehicle"). THIS GAME'S OWN: seats,
    a speed in hexes per round, and the terrains it can drive on."""

    id: str
    name: str
    glyph: str
    at: Hex
    seats: int
    speed: int
    ground: tuple[str, ...]


@attrs.frozen
class Shelling:
    """Heavy artillery, scheduled by the scenario (THIS GAME'S OWN reading: the book only says that heavy
    artillery breaks armour). At the end of each of ``rounds``, ``shells`` shells land on random hexes of the
    rectangle (one die for the column, one for the row: width and height are die sizes) and burst like a
    high-explosive grenade with ``damage_bonus``, breaking any armour they hit."""

    name: str
    rounds: tuple[int, ...]
    shells: int
    corner: tuple[int, int]  # the rectangle's top-left (column, row)
    width: int
    height: int
    damage_bonus: int

    def hex_at(self, col_die: int, row_die: int) -> Hex:
        return offset_to_axial(self.corner[0] + col_die - 1, self.corner[1] + row_die - 1)

    def area(self) -> list[Hex]:
        return [self.hex_at(c, r) for c in range(1, self.width + 1) for r in range(1, self.height + 1)]


SHELL_DICE = (4, 6, 8, 10, 12, 20)


@attrs.frozen
class Victory:
    round_limit: int
    at_limit: str  # "standing", "draw" or a side id
    exit_side: str = ""
    exit_edge: str = ""
    exit_needed: int = 0
    clear_side: str = ""  # this side wins when, at the end of a round, no able enemy is indoors


@attrs.frozen
class Tables:
    title: str
    bands: tuple[int, int, int, int]
    throw_range: int
    firearms: dict[str, Firearm]
    melee: dict[str, MeleeWeapon]
    grenades: dict[str, Grenade]
    armour: dict[str, Armour]
    templates: dict[str, Template]
    terrain: dict[str, Terrain]
    width: int
    height: int
    board: dict[Hex, str]  # hex -> terrain id
    side_ids: tuple[str, str]
    side_names: dict[str, str]
    deployment: tuple[Deploy, ...]
    ambusher: str  # "" when there is no ambush
    aftermath_hours: int
    victory: Victory
    # derived per-hex lookups
    cost: dict[Hex, int | None]
    sight: dict[Hex, int]
    cover: frozenset[Hex]
    indoors: frozenset[Hex]
    sight_cache: dict = attrs.field(factory=dict, eq=False, repr=False)
    machines: dict[str, Machine] = attrs.field(factory=dict)
    vehicles: dict[str, Vehicle] = attrs.field(factory=dict)
    shelling: tuple[Shelling, ...] = ()
    layers: dict = attrs.field(factory=dict, eq=False, repr=False)  # ground per machine setting (ground.py)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> "Tables":
        """The tables for ``content``; battles on identical content share one (and its caches)."""
        return shared_tables("Skirmishes", content, _build)

    def band(self, distance: int) -> int | None:
        """The range band (0 short .. 3 distant) of a distance in hexes, or None beyond distant."""
        for i, limit in enumerate(self.bands):
            if distance <= limit:
                return i
        return None

    def on_edge(self, h: Hex, edge: str) -> bool:
        from engine.core.hexes import axial_to_offset

        col, row = axial_to_offset(h)
        return {"north": row == 0, "south": row == self.height - 1, "west": col == 0,
                "east": col == self.width - 1}[edge]


def _int(value: Any, what: str, low: int = 0, high: int = 10_000) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ContentError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _bool(value: Any, what: str) -> bool:
    if type(value) is not bool:
        raise ContentError(f"{what} must be true or false, not {value!r}")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ContentError(f"{what} must be a non-empty text, not {value!r}")
    return value


def _choice(value: Any, what: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ContentError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _build(content: dict[str, Any]) -> Tables:
    w = content["weapons"]
    bands = tuple(_int(w["bands"][b], f"range band {b}", 1, 10_000) for b in BANDS)
    if list(bands) != sorted(bands):
        raise ContentError("the range bands must grow from short to distant")
    firearms = {}
    for fid, f in w["firearms"].items():
        ranges = tuple(_choice(r, f"{fid} range entry", RANGE_EFFECTS) for r in f["ranges"])
        if len(ranges) != 4:
            raise ContentError(f"firearm {fid} needs four range entries (short, medium, long, distant)")
        firearms[fid] = Firearm(fid, _str(f["name"], f"{fid} name"), _str(f.get("glyph", "?"), f"{fid} glyph")[0],
                                _str(f["row"], f"{fid} row"), ranges,  # type: ignore[arg-type]
                                _int(f["magazine"], f"{fid} magazine", 1, 200), _int(f["spares"], f"{fid} spares", 0, 20),
                                _bool(f.get("auto", False), f"{fid} auto"),
                                _bool(f.get("breaks_armour", False), f"{fid} breaks_armour"), str(f.get("burst", "")))
    melee = {mid: MeleeWeapon(mid, _str(m["name"], f"{mid} name"), _choice(m["reach"], f"{mid} reach", REACH))
             for mid, m in w["melee"].items()}
    g = content["grenades"]
    grenades = {}
    for gid, gr in g["grenades"].items():
        kind = _choice(gr["kind"], f"grenade {gid} kind", GRENADE_KINDS)
        grenades[gid] = Grenade(gid, _str(gr["name"], f"{gid} name"), kind,
                                _int(gr.get("damage_bonus", 0), f"{gid} damage_bonus", 0, 6),
                                _int(gr.get("radius", 0), f"{gid} radius", 0, 20),
                                _int(gr.get("rounds", 0), f"{gid} rounds", 0, 20))
        if kind in ("smoke", "gas") and grenades[gid].rounds < 1:
            raise ContentError(f"grenade {gid} makes a cloud, so it needs rounds of 1 or more")
    for f in firearms.values():
        if f.burst and f.burst not in grenades:
            raise ContentError(f"firearm {f.id} bursts as unknown grenade {f.burst!r}")
    throw_range = _int(g["throw"]["max_range"], "throw max_range", 1, 100)
    armour = {}
    for aid, a in content["armour"]["armour"].items():
        covers = {_choice(loc, f"armour {aid} location", LOCATIONS): _int(n, f"armour {aid} hits", 1, 10)
                  for loc, n in a["covers"].items()}
        armour[aid] = Armour(aid, _str(a["name"], f"{aid} name"), _int(a.get("cost", 0), f"{aid} cost", 0, 100_000),
                             covers)
    templates = {}
    for tid, t in content["templates"]["templates"].items():
        templates[tid] = _template(tid, t, firearms, melee, grenades, armour)
    terrain = {}
    by_glyph: dict[str, str] = {}
    for tid, t in content["terrain"]["terrain"].items():
        glyph = _str(t["glyph"], f"terrain {tid} glyph")
        if len(glyph) != 1 or glyph in by_glyph:
            raise ContentError(f"terrain {tid} needs a glyph of one character not used by another terrain")
        if glyph.isalnum():
            raise ContentError(f"terrain {tid}: glyph {glyph!r} is a letter or digit, which the map keeps for pieces "
                               f"and their marks; choose a sign such as % * & ; |")
        terrain[tid] = Terrain(tid, glyph, _str(t["name"], f"terrain {tid} name"),
                               _choice(t.get("move", "open"), f"terrain {tid} move", tuple(MOVE_COST)),
                               _bool(t.get("cover", False), f"terrain {tid} cover"),
                               SIGHT[_choice(t.get("sight", "clear"), f"terrain {tid} sight", tuple(SIGHT))],
                               _bool(t.get("indoors", False), f"terrain {tid} indoors"))
        by_glyph[glyph] = tid
    scen = content["scenario"]
    rows = scen["map"].strip("\n").split("\n")
    height, width = len(rows), max(len(r) for r in rows)
    if not (1 <= width <= 600 and 1 <= height <= 200):
        raise ContentError("the map must be 1 to 600 hexes across and 1 to 200 down")
    board = {}
    for row, line in enumerate(rows):
        for col in range(width):
            glyph = line[col] if col < len(line) else "."
            if glyph not in by_glyph:
                raise ContentError(f"map glyph {glyph!r} at column {col}, row {row} is not in the terrain table")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    sides = scen["sides"]
    if len(sides) != 2:
        raise ContentError("a Skirmishes scenario needs exactly two sides")
    side_ids = (str(sides[0]["id"]), str(sides[1]["id"]))
    if side_ids[0] == side_ids[1]:
        raise ContentError("the two sides need different ids")
    deployment = []
    seen_ids: set[str] = set()
    taken: set[Hex] = set()
    for side in sides:
        for c in side["characters"]:
            d = _deploy(c, str(side["id"]), templates, firearms, melee, grenades, armour)
            if d.id in seen_ids:
                raise ContentError(f"two characters share the id {d.id!r}")
            if d.at not in board or terrain[board[d.at]].cost is None or d.at in taken:
                raise ContentError(f"character {d.id} is set up off the map, on impassable ground or on another "
                                   f"character at {c['at']}")
            seen_ids.add(d.id)
            taken.add(d.at)
            deployment.append(d)
    ambusher = str(scen.get("ambush", ""))
    if ambusher and ambusher not in side_ids:
        raise ContentError(f"the ambushing side {ambusher!r} is not one of the scenario's sides")
    v = scen.get("victory", {})
    at_limit = str(v.get("at_limit", "standing"))
    if at_limit not in VICTORY_AT_LIMIT and at_limit not in side_ids:
        raise ContentError(f"victory at_limit must be standing, draw or a side id, not {at_limit!r}")
    exit_ = v.get("exit", {})
    clear = v.get("clear", {})
    victory = Victory(
        round_limit=_int(v.get("round_limit", 12), "victory round_limit", 1, 200), at_limit=at_limit,
        exit_side=str(exit_.get("side", "")), exit_edge=str(exit_.get("edge", "")),
        exit_needed=_int(exit_.get("needed", 0), "victory exit needed", 0, 50), clear_side=str(clear.get("side", "")))
    if victory.exit_side and (victory.exit_side not in side_ids or victory.exit_edge not in EDGES
                              or victory.exit_needed < 1):
        raise ContentError("victory exit needs a side id, an edge (north, south, east, west) and needed >= 1")
    if victory.clear_side and victory.clear_side not in side_ids:
        raise ContentError("victory clear needs a side id")
    machines = _machines(scen, board, terrain)
    vehicles = _vehicles(scen, board, terrain, taken, machines)
    if set(vehicles) & seen_ids:
        raise ContentError("a vehicle needs an id no character has")
    shelling = _shelling(scen, board, victory.round_limit)
    _script_and_tutorial(content, side_ids)
    cost = {h: terrain[t].cost for h, t in board.items()}
    sight = {h: terrain[t].sight for h, t in board.items()}
    cover = frozenset(h for h, t in board.items() if terrain[t].cover)
    indoors = frozenset(h for h, t in board.items() if terrain[t].indoors)
    return Tables(title=_str(scen["title"], "scenario title"), bands=bands, throw_range=throw_range,  # type: ignore[arg-type]
                  firearms=firearms, melee=melee, grenades=grenades, armour=armour, templates=templates,
                  terrain=terrain, width=width, height=height, board=board, side_ids=side_ids,
                  side_names={str(s["id"]): str(s["name"]) for s in sides}, deployment=tuple(deployment),
                  ambusher=ambusher, aftermath_hours=_int(scen.get("aftermath_hours", 1), "aftermath_hours", 0, 48),
                  victory=victory, cost=cost, sight=sight, cover=cover, indoors=indoors, machines=machines,
                  vehicles=vehicles, shelling=shelling)


def _script_and_tutorial(content: dict[str, Any], side_ids: tuple[str, str]) -> None:
    """A scenario's ``[script]`` (the dice a worked example or tutorial sets: d6s, and the d20 of some
    tables) and ``[tutorial]`` table stay in ``content["scenario"]`` as they are; here they are only
    checked, each fault a one-line ContentError."""
    from engine.core.tutorial import check_lesson

    check_lesson(content, side_ids, game="Skirmishes", dice=(1, 20))


def _at(value: Any, what: str, board: dict) -> Hex:
    if not (isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value)):
        raise ContentError(f"{what} needs at = [column, row]")
    h = offset_to_axial(value[0], value[1])
    if h not in board:
        raise ContentError(f"{what} is off the map at {value}")
    return h


def _machines(scen: dict[str, Any], board: dict, terrain: dict) -> dict[str, Machine]:
    out: dict[str, Machine] = {}
    for m in scen.get("machines", []):
        mid = _str(m.get("id"), "machine id")
        at = _at(m.get("at"), f"machine {mid}", board)
        open_t, shut_t = str(m.get("open_terrain", "")), str(m.get("shut_terrain", ""))
        if open_t not in terrain or shut_t not in terrain or open_t == shut_t:
            raise ContentError(f"machine {mid} needs two different terrains open_terrain and shut_terrain")
        if board[at] not in (open_t, shut_t):
            raise ContentError(f"machine {mid}: the map at {m['at']} must show its open or shut terrain")
        if mid in out or any(x.at == at for x in out.values()):
            raise ContentError(f"machine {mid} repeats an id or a hex of another machine")
        out[mid] = Machine(mid, _str(m.get("name"), f"machine {mid} name"), at, open_t, shut_t, board[at] == open_t)
    return out


def _vehicles(scen: dict[str, Any], board: dict, terrain: dict, taken: set, machines: dict) -> dict[str, Vehicle]:
    out: dict[str, Vehicle] = {}
    for v in scen.get("vehicles", []):
        vid = _str(v.get("id"), "vehicle id")
        at = _at(v.get("at"), f"vehicle {vid}", board)
        glyph = _str(v.get("glyph", "V"), f"vehicle {vid} glyph")
        if len(glyph) != 1 or not glyph.isalpha():
            raise ContentError(f"vehicle {vid}: a piece's glyph is one letter, not {glyph!r}")
        ground = tuple(str(g) for g in v.get("ground", ["road", "open"]))
        for g in ground:
            if g not in terrain or terrain[g].cost is None:
                raise ContentError(f"vehicle {vid} drives on unknown or impassable terrain {g!r}")
        if board[at] not in ground or at in taken or any(m.at == at for m in machines.values()) \
                or vid in out or any(x.at == at for x in out.values()):
            raise ContentError(f"vehicle {vid} must start alone on ground it can drive on, with an id of its own")
        out[vid] = Vehicle(vid, _str(v.get("name"), f"vehicle {vid} name"), glyph.upper(), at,
                           _int(v.get("seats", 4), f"vehicle {vid} seats", 1, 12),
                           _int(v.get("speed", 10), f"vehicle {vid} speed", 1, 60), ground)
    return out


def _shelling(scen: dict[str, Any], board: dict, round_limit: int) -> tuple[Shelling, ...]:
    out = []
    for i, s in enumerate(scen.get("shelling", [])):
        what = f"shelling {i + 1}"
        rounds = s.get("rounds")
        if not (isinstance(rounds, list) and rounds):
            raise ContentError(f"{what} needs rounds = [a list of round numbers]")
        rounds = tuple(sorted({_int(r, f"{what} round", 1, round_limit) for r in rounds}))
        corner = s.get("corner")
        if not (isinstance(corner, list) and len(corner) == 2 and all(type(x) is int for x in corner)):
            raise ContentError(f"{what} needs corner = [column, row]")
        width, height = s.get("width"), s.get("height")
        if width not in SHELL_DICE or height not in SHELL_DICE:
            raise ContentError(f"{what}: width and height must each be a die size ({SHELL_DICE})")
        sh = Shelling(_str(s.get("name"), f"{what} name"), rounds, _int(s.get("shells", 1), f"{what} shells", 1, 10),
                      (corner[0], corner[1]), width, height, _int(s.get("damage_bonus", 1), f"{what} damage_bonus",
                                                                  0, 6))
        if any(h not in board for h in sh.area()):
            raise ContentError(f"{what}: the area runs off the map")
        out.append(sh)
    return tuple(out)


def _template(tid: str, t: dict[str, Any], firearms: dict, melee: dict, grenades: dict, armour: dict) -> Template:
    for f in t.get("firearms", []):
        if f not in firearms:
            raise ContentError(f"template {tid} carries unknown firearm {f!r}")
    mw = t.get("melee_weapon", "fists")
    if mw not in melee:
        raise ContentError(f"template {tid} has unknown melee weapon {mw!r}")
    for gid, n in t.get("grenades", {}).items():
        if gid not in grenades:
            raise ContentError(f"template {tid} carries unknown grenade {gid!r}")
        _int(n, f"template {tid} grenades {gid}", 0, 20)
    for a in t.get("armour", []):
        if a not in armour:
            raise ContentError(f"template {tid} wears unknown armour {a!r}")
    return Template(tid, _str(t["name"], f"template {tid} name"), _bool(t.get("player", False), f"{tid} player"),
                    _int(t.get("luck", 0), f"{tid} luck", 0, 20), _int(t.get("shooting", 0), f"{tid} shooting", 0, 6),
                    _int(t.get("athletics", 0), f"{tid} athletics", 0, 6), _int(t.get("melee", 0), f"{tid} melee", 0, 6),
                    tuple(t.get("firearms", [])), mw, dict(t.get("grenades", {})), tuple(t.get("armour", [])),
                    _bool(t.get("gas_mask", False), f"{tid} gas_mask"),
                    _bool(t.get("ear_protection", False), f"{tid} ear_protection"))


def _deploy(c: dict[str, Any], side: str, templates: dict, firearms: dict, melee: dict, grenades: dict,
            armour: dict) -> Deploy:
    cid = _str(c.get("id"), "character id")
    tid = c.get("template")
    if tid not in templates:
        raise ContentError(f"character {cid} has unknown template {tid!r}")
    merged = dict(attrs.asdict(templates[tid]))
    merged.pop("id")
    merged.pop("name")
    for key in ("player", "luck", "shooting", "athletics", "melee", "firearms", "melee_weapon", "grenades", "armour",
                "gas_mask", "ear_protection"):
        if key in c:
            merged[key] = c[key]
    t = _template(f"{tid} (as given to {cid})", dict(merged, name="x"), firearms, melee, grenades, armour)
    at = c.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(type(x) is int for x in at)):
        raise ContentError(f"character {cid} needs at = [column, row]")
    return Deploy(id=cid, side=side, name=str(c.get("name", cid)), template=tid, at=offset_to_axial(at[0], at[1]),
                  player=t.player, luck=t.luck, shooting=t.shooting, athletics=t.athletics, melee=t.melee,
                  firearms=t.firearms, melee_weapon=t.melee_weapon,
                  grenades=tuple(sorted((k, v) for k, v in t.grenades.items() if v > 0)), armour=t.armour,
                  gas_mask=t.gas_mask, ear_protection=t.ear_protection)


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"Skirmishes has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    content = {
        "weapons": read_toml(folder / "weapons.toml"),
        "grenades": read_toml(folder / "grenades.toml"),
        "armour": read_toml(folder / "armour.toml"),
        "templates": read_toml(folder / "templates.toml"),
        "terrain": read_toml(folder / "terrain.toml"),
        "scenario": read_toml(files[scenario]),
    }
    check_terrain_glyphs(content["terrain"].get("terrain", {}), str(folder / "terrain.toml"))
    Tables.from_content(content)  # refuse a broken table now, not mid-battle
    return content
