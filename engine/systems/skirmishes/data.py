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

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.content import read_toml, scenario_files, shared_tables, structure_parts
from hexfront.engine.core.errors import ContentError, UnknownScenario, shown_path
from hexfront.engine.core.hexes import LOS_BLOCK, LOS_CLEAR, Hex, Sight, offset_to_axial

METRES_PER_HEX = 2
# Movement (Character Actions: Movement). This game's reading: a run is a budget of 15 points; an open hex costs
# 3 (five of them make the book's 10 m) and an impeding hex 5 (three of them make the book's 6 m). Mixed ground
# is in proportion: two open hexes and one impeding hex use 11 of the 15 points.
RUN_BUDGET = 15
MOVE_COST = {"open": 3, "impeding": 5, "none": None}
SIGHT = {"clear": LOS_CLEAR, "block": LOS_BLOCK}
VICTORY_AT_LIMIT = ("standing", "draw")  # or a side id

from .schema import (  # noqa: E402,F401 - the vocabulary of the tables, read by the rules from here
    BANDS,
    EDGES,
    FILES,
    GRENADE_KINDS,
    LOCATIONS,
    RANGE_EFFECTS,
    REACH,
    SHELL_DICE,
    CharacterSpec,
    ScenarioFile,
    SkirmishesContent,
    TemplateTable,
    VictoryTable,
)


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
    sight_cache: dict[tuple[Hex, Hex], Sight] = attrs.field(factory=dict, eq=False, repr=False)
    machines: dict[str, Machine] = attrs.field(factory=dict)
    vehicles: dict[str, Vehicle] = attrs.field(factory=dict)
    shelling: tuple[Shelling, ...] = ()
    #: the ground per setting of the machines (ground.Layer, built there: Any here, for ground imports this module)
    layers: dict[tuple[str, ...], Any] = attrs.field(factory=dict, eq=False, repr=False)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> Tables:
        """The tables for ``content``; battles on identical content share one (and its caches)."""
        tables: Tables = shared_tables("Skirmishes", content, _build)
        return tables

    def band(self, distance: int) -> int | None:
        """The range band (0 short .. 3 distant) of a distance in hexes, or None beyond distant."""
        for i, limit in enumerate(self.bands):
            if distance <= limit:
                return i
        return None

    def on_edge(self, h: Hex, edge: str) -> bool:
        from hexfront.engine.core.hexes import axial_to_offset

        col, row = axial_to_offset(h)
        return {"north": row == 0, "south": row == self.height - 1, "west": col == 0,
                "east": col == self.width - 1}[edge]


def read_content(content: dict[str, Any], where: Callable[[str], str] | None = None) -> SkirmishesContent:
    """``content`` read through the schema (schema.py). ``where(part)`` names the file a mistake is in, for
    content just read from files; without it the content is a save's, named by its part's file name."""
    return structure_parts(content, SkirmishesContent,
                           where or (lambda part: f"Skirmishes content {FILES.get(part, 'scenario')}"),
                           files=where is not None)


def _board(text: str, by_glyph: dict[str, str]) -> tuple[int, int, dict[Hex, str]]:
    """The map's width, height and terrain per hex; a short row is filled with open ground ('.')."""
    rows = text.strip("\n").split("\n")
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
    return width, height, board


def _victory(v: VictoryTable, side_ids: tuple[str, str]) -> Victory:
    if v.at_limit not in VICTORY_AT_LIMIT and v.at_limit not in side_ids:
        raise ContentError(f"victory at_limit must be standing, draw or a side id, not {v.at_limit!r}")
    if v.exit is not None and v.exit.side not in side_ids:
        raise ContentError("victory exit needs a side id, an edge (north, south, east, west) and needed >= 1")
    if v.clear is not None and v.clear.side not in side_ids:
        raise ContentError("victory clear needs a side id")
    return Victory(round_limit=v.round_limit, at_limit=v.at_limit,
                   exit_side=v.exit.side if v.exit else "", exit_edge=v.exit.edge if v.exit else "",
                   exit_needed=v.exit.needed if v.exit else 0, clear_side=v.clear.side if v.clear else "")


def _deployment(t: SkirmishesContent, templates: dict[str, Template], board: dict[Hex, str],
                terrain: dict[str, Terrain]) -> tuple[list[Deploy], set[Hex]]:
    """Every character set up: on the map, on passable ground, one to a hex, each id once."""
    deployment: list[Deploy] = []
    taken: set[Hex] = set()
    for side in t.scenario.sides:
        for c in side.characters:
            d = _deploy(c, side.id, templates, t)
            if any(other.id == d.id for other in deployment):
                raise ContentError(f"two characters share the id {d.id!r}")
            if d.at not in board or terrain[board[d.at]].cost is None or d.at in taken:
                raise ContentError(f"character {d.id} is set up off the map, on impassable ground or on another "
                                   f"character at {c.at}")
            taken.add(d.at)
            deployment.append(d)
    return deployment, taken


def _build(content: dict[str, Any]) -> Tables:
    """The rules' tables from ``content`` (checked by the schema, then across tables here)."""
    t = read_content(content)
    w = t.weapons
    grenades = {gid: Grenade(gid, g.name, g.kind, g.damage_bonus, g.radius, g.rounds)
                for gid, g in t.grenades.grenades.items()}
    firearms = {fid: Firearm(fid, f.name, f.glyph[0], f.row, tuple(f.ranges), f.magazine, f.spares,  # type: ignore[arg-type]
                             f.auto, f.breaks_armour, f.burst) for fid, f in w.firearms.items()}
    for f in firearms.values():
        if f.burst and f.burst not in grenades:
            raise ContentError(f"firearm {f.id} bursts as unknown grenade {f.burst!r}")
    melee = {mid: MeleeWeapon(mid, m.name, m.reach) for mid, m in w.melee.items()}
    armour = {aid: Armour(aid, a.name, a.cost, dict(a.covers)) for aid, a in t.armour.armour.items()}
    templates = {tid: _template(tid, x, t) for tid, x in t.templates.templates.items()}
    terrain = {tid: Terrain(tid, x.glyph, x.name, x.move, x.cover, SIGHT[x.sight], x.indoors)
               for tid, x in t.terrain.terrain.items()}
    by_glyph = {x.glyph: tid for tid, x in terrain.items()}
    if len(by_glyph) != len(terrain):
        raise ContentError("terrain.toml: each terrain needs a glyph not used by another terrain")
    scen = t.scenario
    width, height, board = _board(scen.map, by_glyph)
    side_ids = (scen.sides[0].id, scen.sides[1].id)
    if side_ids[0] == side_ids[1]:
        raise ContentError("the two sides need different ids")
    deployment, taken = _deployment(t, templates, board, terrain)
    if scen.ambush and scen.ambush not in side_ids:
        raise ContentError(f"the ambushing side {scen.ambush!r} is not one of the scenario's sides")
    victory = _victory(scen.victory, side_ids)
    machines = _machines(scen, board, terrain)
    vehicles = _vehicles(scen, board, terrain, taken, machines)
    if set(vehicles) & {d.id for d in deployment}:
        raise ContentError("a vehicle needs an id no character has")
    _script_and_tutorial(content, side_ids)
    return Tables(title=scen.title, bands=(w.bands.short, w.bands.medium, w.bands.long, w.bands.distant),
                  throw_range=t.grenades.throw.max_range, firearms=firearms, melee=melee, grenades=grenades,
                  armour=armour, templates=templates, terrain=terrain, width=width, height=height, board=board,
                  side_ids=side_ids, side_names={s.id: s.name for s in scen.sides}, deployment=tuple(deployment),
                  ambusher=scen.ambush, aftermath_hours=scen.aftermath_hours, victory=victory,
                  cost={h: terrain[x].cost for h, x in board.items()},
                  sight={h: terrain[x].sight for h, x in board.items()},
                  cover=frozenset(h for h, x in board.items() if terrain[x].cover),
                  indoors=frozenset(h for h, x in board.items() if terrain[x].indoors),
                  machines=machines, vehicles=vehicles, shelling=_shelling(scen, board, victory.round_limit))


def _script_and_tutorial(content: dict[str, Any], side_ids: tuple[str, str]) -> None:
    """A scenario's ``[script]`` (the dice a worked example or tutorial sets: d6s, and the d20 of some
    tables) and ``[tutorial]`` table stay in ``content["scenario"]`` as they are; here they are only
    checked, each fault a one-line ContentError."""
    from hexfront.engine.core.tutorial import check_lesson

    check_lesson(content, side_ids, game="Skirmishes", dice=(1, 20))


def _at(value: list[int], what: str, board: dict[Hex, str]) -> Hex:
    h = offset_to_axial(value[0], value[1])
    if h not in board:
        raise ContentError(f"{what} is off the map at {value}")
    return h


def _machines(scen: ScenarioFile, board: dict[Hex, str], terrain: dict[str, Terrain]) -> dict[str, Machine]:
    out: dict[str, Machine] = {}
    for m in scen.machines:
        at = _at(m.at, f"machine {m.id}", board)
        if m.open_terrain not in terrain or m.shut_terrain not in terrain:
            raise ContentError(f"machine {m.id} needs two different terrains open_terrain and shut_terrain")
        if board[at] not in (m.open_terrain, m.shut_terrain):
            raise ContentError(f"machine {m.id}: the map at {m.at} must show its open or shut terrain")
        if m.id in out or any(x.at == at for x in out.values()):
            raise ContentError(f"machine {m.id} repeats an id or a hex of another machine")
        out[m.id] = Machine(m.id, m.name, at, m.open_terrain, m.shut_terrain, board[at] == m.open_terrain)
    return out


def _vehicles(scen: ScenarioFile, board: dict[Hex, str], terrain: dict[str, Terrain], taken: set[Hex],
              machines: dict[str, Machine]) -> dict[str, Vehicle]:
    out: dict[str, Vehicle] = {}
    for v in scen.vehicles:
        at = _at(v.at, f"vehicle {v.id}", board)
        for g in v.ground:
            if g not in terrain or terrain[g].cost is None:
                raise ContentError(f"vehicle {v.id} drives on unknown or impassable terrain {g!r}")
        if board[at] not in v.ground or at in taken or any(m.at == at for m in machines.values()) \
                or v.id in out or any(x.at == at for x in out.values()):
            raise ContentError(f"vehicle {v.id} must start alone on ground it can drive on, with an id of its own")
        out[v.id] = Vehicle(v.id, v.name, v.glyph.upper(), at, v.seats, v.speed, tuple(v.ground))
    return out


def _shelling(scen: ScenarioFile, board: dict[Hex, str], round_limit: int) -> tuple[Shelling, ...]:
    out = []
    for i, s in enumerate(scen.shelling):
        what = f"shelling {i + 1}"
        if any(not 1 <= r <= round_limit for r in s.rounds):
            raise ContentError(f"{what}: each round must be from 1 to {round_limit}")
        sh = Shelling(s.name, tuple(sorted(set(s.rounds))), s.shells, (s.corner[0], s.corner[1]), s.width, s.height,
                      s.damage_bonus)
        if any(h not in board for h in sh.area()):
            raise ContentError(f"{what}: the area runs off the map")
        out.append(sh)
    return tuple(out)


def _template(tid: str, x: TemplateTable, t: SkirmishesContent) -> Template:
    """A template, what it carries checked against the weapons, grenades and armour tables."""
    for f in x.firearms:
        if f not in t.weapons.firearms:
            raise ContentError(f"template {tid} carries unknown firearm {f!r}")
    if x.melee_weapon not in t.weapons.melee:
        raise ContentError(f"template {tid} has unknown melee weapon {x.melee_weapon!r}")
    for gid in x.grenades:
        if gid not in t.grenades.grenades:
            raise ContentError(f"template {tid} carries unknown grenade {gid!r}")
    for a in x.armour:
        if a not in t.armour.armour:
            raise ContentError(f"template {tid} wears unknown armour {a!r}")
    return Template(tid, x.name, x.player, x.luck, x.shooting, x.athletics, x.melee, tuple(x.firearms),
                    x.melee_weapon, dict(x.grenades), tuple(x.armour), x.gas_mask, x.ear_protection)


def _deploy(c: CharacterSpec, side: str, templates: dict[str, Template], t: SkirmishesContent) -> Deploy:
    """A character: its template with the scenario's values in place of the template's."""
    if c.template not in templates:
        raise ContentError(f"character {c.id} has unknown template {c.template!r}")
    x = attrs.evolve(t.templates.templates[c.template], **c.overrides())
    m = _template(f"{c.template} (as given to {c.id})", x, t)
    return Deploy(id=c.id, side=side, name=c.name if c.name is not None else c.id, template=c.template,
                  at=offset_to_axial(c.at[0], c.at[1]), player=m.player, luck=m.luck, shooting=m.shooting,
                  athletics=m.athletics, melee=m.melee, firearms=m.firearms, melee_weapon=m.melee_weapon,
                  grenades=tuple(sorted((k, v) for k, v in m.grenades.items() if v > 0)), armour=m.armour,
                  gas_mask=m.gas_mask, ear_protection=m.ear_protection)


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"Skirmishes has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    paths = {part: folder / name for part, name in FILES.items()} | {"scenario": files[scenario]}
    content = {part: read_toml(path) for part, path in paths.items()}
    read_content(content, lambda part: shown_path(paths[part]))  # a mistake names the file it is in
    Tables.from_content(content)  # refuse a broken table now, not mid-battle
    return content
