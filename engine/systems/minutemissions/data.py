"""30 Minute Missions content: core types, weapons, parts, designs, terrain and missions, read from
content/minutemissions/ into typed records.

The book leaves Datasheets, Status Effects, Buildings and Missions empty (RULES-NOTES), so every table
here is this game's own, authored as TOML. ``load_content`` gathers the files into one plain dict that a
save embeds; ``Tables.from_content`` checks it and builds the records. A broken table is one
ContentError line naming the file and entry, never a wrong battle.

Board (lead's decision, RULES-NOTES): natively hexes, 16 x 13, a flat side to each player. hexfront's
hexes are pointy-top in odd-r rows, so the players sit at the west and east edges (hex sides face them)
and the board is 13 columns by 16 rows: each player's edge is the long, 16-hex side. The two halves are
the same board turned half a circle: (col, row) matches (12 - col, 15 - row).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.content import read_toml, scenario_files, shared_tables, structure_parts
from hexfront.engine.core.errors import ContentError, UnknownScenario, shown_path
from hexfront.engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from hexfront.engine.core.tutorial import check_lesson

from .schema import (  # noqa: F401 - the vocabulary of the tables, read by the rules from here
    ARMS,
    FILES,
    MAX_SRM,
    SECTIONS,
    TAGS,
    WEAPON_KINDS,
    DesignTable,
    LoadoutTable,
    MissionsContent,
    ScenarioFile,
    SideTable,
    TerrainTable,
)

COLS, ROWS = 13, 16
DEPLOY_DEPTH = 3  # the three nearest hex columns (Unit Deployment; this game's reading)
LEGS = ("l_leg", "r_leg")
SECTION_NAMES = {"head": "head", "torso": "torso", "l_arm": "left arm", "r_arm": "right arm",
                 "l_leg": "left leg", "r_leg": "right leg", "frame": "frame"}
STATS = ("accuracy", "assault", "evasion", "counter")
PLACES = ("held", "mounted", "carried")
MAX_CARRIED = 3  # Terminology: Carried Weapons, "Max of 3 weapons"



@attrs.frozen
class CoreType:
    """A core type's base stats (Core Type; Datasheets: this game's own numbers).

    Stats are target numbers on a d8 (lower is better). ``srm`` is how far each of accuracy, assault and
    evasion may be worsened by status effects (S.R.M., at most 2 each).
    """

    id: str
    name: str
    base_ap: int
    movement: int
    accuracy: int
    assault: int
    evasion: int
    counter: int
    srm: tuple[int, int, int]
    sections: dict[str, int]


@attrs.frozen
class Weapon:
    """A weapon or shield datasheet line: AP per attack, range in hexes, flat damage, its own defence points.

    ``hands`` 2 marks a [2H] weapon. ``accuracy`` / ``assault`` are stat bonuses the weapon gives (a
    "+1 to Accuracy" lowers the target number by one).
    """

    id: str
    name: str
    kind: str
    ap: int
    range: int
    damage: int
    dp: int
    hands: int = 1
    mount_only: bool = False
    accuracy: int = 0
    assault: int = 0
    tags: tuple[str, ...] = ()

    @property
    def two_handed(self) -> bool:
        return self.hands == 2

    @property
    def label(self) -> str:
        return self.name + (" [2H]" if self.two_handed else "")


@attrs.frozen
class Thrusters:
    id: str
    name: str
    range: int
    ap: int
    lift: int  # how many levels above its start a thruster flight clears


@attrs.frozen
class DroneType:
    id: str
    name: str
    glyph: str
    dp: int
    evasion: int
    accuracy: int
    weapon: str


@attrs.frozen
class AltForm:
    """A transforming unit's vehicle form: what it gains (Transform)."""

    id: str
    name: str
    movement: int
    evasion: int


@attrs.frozen
class Loadout:
    """One weapon on a design: where it sits at the start (held in an arm's hand, mounted on a section,
    or carried)."""

    slot: str
    weapon: str
    place: str
    at: tuple[str, ...]  # held: the arms holding it; mounted: the section; carried: ()


@attrs.frozen
class Design:
    id: str
    name: str
    role: str
    glyph: str
    core: str
    loadout: tuple[Loadout, ...]
    thrusters: str = ""
    drones: int = 0
    drone: str = ""
    alt_form: str = ""
    armour: dict[str, int] = attrs.field(factory=dict)


@attrs.frozen
class Terrain:
    """A coloured hex (Terrain): its cost per step, ground elevation, extra sight height, and effects.

    ``roof`` > 0 makes it a building: a unit may stand at its foot (ground level) or on its roof.
    ``evasion`` is a stat bonus to units in it (positive helps them).
    """

    id: str
    name: str
    glyph: str
    colour: str
    cost: int
    elevation: int
    height: int
    roof: int
    evasion: int
    effect: str

    def levels(self) -> tuple[int, ...]:
        return (self.elevation, self.roof) if self.roof else (self.elevation,)

    def top(self) -> int:
        return max(self.levels())


@attrs.frozen
class UnitSpec:
    """A unit in a mission. ``at`` set: the mission places it (facing and level too) instead of the
    players deploying it."""

    id: str
    design: str
    name: str
    at: Hex | None = None
    facing: int | None = None
    level: int | None = None
    experience: int = 0  # the pilot's experience from earlier battles of a campaign (campaign.py)


@attrs.frozen
class SideSpec:
    id: str
    name: str
    edge: str  # "west" or "east"
    units: tuple[UnitSpec, ...]


@attrs.frozen
class Mission:
    id: str
    title: str
    rounds: int
    goal: str  # "annihilate" or "hold"
    objectives: tuple[Hex, ...]
    board: dict[Hex, str]
    sides: tuple[SideSpec, SideSpec]


@attrs.define
class Tables:
    core_types: dict[str, CoreType]
    weapons: dict[str, Weapon]
    thrusters: dict[str, Thrusters]
    drones: dict[str, DroneType]
    alt_forms: dict[str, AltForm]
    designs: dict[str, Design]
    terrain: dict[str, Terrain]
    mission: Mission
    by_glyph: dict[str, str] = attrs.field(factory=dict)
    #: line of sight between (hex, elevation) pairs, remembered for every battle on this map (terrain never
    #: changes); the computer players share it, so a search's playouts need not trace a line twice
    sight_cache: dict[tuple[Hex, int, Hex, int], bool] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def side_ids(self) -> tuple[str, str]:
        return (self.mission.sides[0].id, self.mission.sides[1].id)

    def terrain_at(self, h: Hex) -> Terrain:
        return self.terrain[self.mission.board[h]]

    def on_board(self, h: Hex) -> bool:
        return h in self.mission.board

    def unit_spec(self, unit_id: str) -> UnitSpec:
        return next(u for s in self.mission.sides for u in s.units if u.id == unit_id)

    @staticmethod
    def from_content(content: dict[str, Any]) -> Tables:
        tables: Tables = shared_tables("30 Minute Missions", content, _build)
        return tables


# ---------------------------------------------------------------------------------------------

def read_content(content: dict[str, Any], where: Callable[[str], str] | None = None) -> MissionsContent:
    """``content`` read through the schema (schema.py). ``where(part)`` names the file a mistake is in, for
    content just read from files; without it the content is a save's, named by its part's file name."""
    mission = f"scenarios/{content.get('scenario_name', 'mission')}.toml" if isinstance(content, dict) else ""
    return structure_parts(content, MissionsContent, where or (lambda part: FILES.get(part, mission)),
                           files=where is not None)


def _loadout(where: str, items: list[LoadoutTable], weapons: dict[str, Weapon]) -> tuple[Loadout, ...]:
    """A design's weapons: each in the weapons table, no arm holding two, at most three carried, no slot
    name twice (Terminology: Carried Weapons)."""
    loadout = []
    hands_used: dict[str, str] = {}
    for i, item in enumerate(items):
        w_where = f"{where} weapon {i + 1}"
        if item.weapon not in weapons:
            raise ContentError(f"{w_where}: no weapon '{item.weapon}' in weapons.toml")
        weapon = weapons[item.weapon]
        slot = item.slot or item.weapon
        if item.held is not None:
            if weapon.mount_only:
                raise ContentError(f"{w_where}: {weapon.name} can only be mounted")
            for a in item.held:
                if a in hands_used:
                    raise ContentError(f"{w_where}: the {SECTION_NAMES[a]} already holds {hands_used[a]}")
                hands_used[a] = item.weapon
            loadout.append(Loadout(slot, item.weapon, "held", tuple(item.held)))
        elif item.mounted is not None:
            loadout.append(Loadout(slot, item.weapon, "mounted", (item.mounted,)))
        else:
            if weapon.mount_only:
                raise ContentError(f"{w_where}: {weapon.name} can only be mounted")
            loadout.append(Loadout(slot, item.weapon, "carried", ()))
    if sum(1 for lo in loadout if lo.place == "carried") > MAX_CARRIED:
        raise ContentError(f"{where}: at most {MAX_CARRIED} carried weapons")
    slots = [lo.slot for lo in loadout]
    if len(set(slots)) != len(slots):
        raise ContentError(f"{where}: two weapons share a slot name; give one a 'slot'")
    return tuple(loadout)


def _design(did: str, d: DesignTable, t: MissionsContent, weapons: dict[str, Weapon]) -> Design:
    where = f"designs.toml [{did}]"
    if d.core not in t.core_types:
        raise ContentError(f"{where}: no core type '{d.core}'")
    if d.thrusters and d.thrusters not in t.parts.thrusters:
        raise ContentError(f"{where}: no thrusters '{d.thrusters}' in parts.toml")
    if d.drones and d.drone not in t.parts.drone:
        raise ContentError(f"{where}: a drone carrier names its drone type from parts.toml")
    if d.alt_form and d.alt_form not in t.parts.alt_form:
        raise ContentError(f"{where}: no alt_form '{d.alt_form}' in parts.toml")
    return Design(did, d.name, d.role, d.glyph.upper(), d.core, _loadout(where, d.weapons, weapons), d.thrusters,
                  d.drones, d.drone, d.alt_form, dict(d.armour))


def _terrain(raw: dict[str, TerrainTable]) -> dict[str, Terrain]:
    out = {tid: Terrain(tid, t.name, t.glyph, t.colour, t.cost, t.elevation, t.height, t.roof, t.evasion, t.effect)
           for tid, t in raw.items()}
    if len({t.glyph for t in out.values()}) != len(out):
        raise ContentError("terrain.toml: each terrain needs a glyph of its own")
    if not any(t.colour == "none" for t in out.values()):
        raise ContentError("terrain.toml needs one terrain with colour = \"none\" (open ground)")
    return out


def mirror(h: Hex) -> Hex:
    """The hex matching ``h`` in the other player's half: the board turned half a circle."""
    col, row = axial_to_offset(h)
    return offset_to_axial(COLS - 1 - col, ROWS - 1 - row)


def parse_map(text: str, terrain: dict[str, Terrain], where: str) -> dict[Hex, str]:
    """A map is 16 lines of 13 glyphs (spaces between glyphs are ignored)."""
    by_glyph = {t.glyph: tid for tid, t in terrain.items()}
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) != ROWS:
        raise ContentError(f"{where}: the map has {len(lines)} rows; a battlefield is {ROWS} rows of {COLS}")
    board = {}
    for row, line in enumerate(lines):
        glyphs = line.split()
        if len(glyphs) == 1 and len(glyphs[0]) == COLS:
            glyphs = list(glyphs[0])
        if len(glyphs) != COLS:
            raise ContentError(f"{where}: map row {row + 1} has {len(glyphs)} hexes, not {COLS}")
        for col, g in enumerate(glyphs):
            if g not in by_glyph:
                raise ContentError(f"{where}: map row {row + 1} has '{g}', which no terrain in terrain.toml uses")
            board[offset_to_axial(col, row)] = by_glyph[g]
    return board


def check_board(board: dict[Hex, str], terrain: dict[str, Terrain], where: str) -> None:
    """Battlefield: both halves alike. Terrain: different colours at least one hex apart."""
    for h, tid in board.items():
        if board[mirror(h)] != tid:
            col, row = axial_to_offset(h)
            raise ContentError(f"{where}: the halves differ at column {col + 1}, row {row + 1}; "
                               "both sides must be alike")
        colour = terrain[tid].colour
        if colour == "none":
            continue
        for n in h.neighbours():
            other = board.get(n)
            if other is not None and terrain[other].colour not in ("none", colour):
                col, row = axial_to_offset(h)
                raise ContentError(f"{where}: {terrain[tid].name} at column {col + 1}, row {row + 1} touches "
                                   f"{terrain[other].name}; different colours must be a hex apart")


def _on_board(pair: list[int], board: dict[Hex, str], what: str) -> Hex:
    h = offset_to_axial(pair[0] - 1, pair[1] - 1)
    if h not in board:
        raise ContentError(f"{what} is off the board")
    return h


def _side(i: int, s: SideTable, where: str, board: dict[Hex, str], terrain: dict[str, Terrain],
          designs: dict[str, Design], seen: set[str]) -> SideSpec:
    s_where = f"{where} side {i + 1}"
    units = []
    for u in s.units:
        if u.design not in designs:
            raise ContentError(f"{s_where}: no design '{u.design}' in designs.toml")
        if u.id in seen:
            raise ContentError(f"{s_where}: unit id '{u.id}' is used twice")
        seen.add(u.id)
        at = _on_board(u.at, board, f"{s_where}: unit {u.id}") if u.at is not None else None
        if u.level is not None and (at is None or u.level not in terrain[board[at]].levels()):
            raise ContentError(f"{s_where}: unit {u.id}: level must be one of its hex's levels")
        units.append(UnitSpec(u.id, u.design, u.name if u.name is not None else designs[u.design].name, at,
                              u.facing, u.level, u.experience))
    return SideSpec(s.id, s.name, "west" if i == 0 else "east", tuple(units))


def _mission(name: str, raw: ScenarioFile, terrain: dict[str, Terrain], designs: dict[str, Design]) -> Mission:
    where = f"scenarios/{name}.toml"
    board = parse_map(raw.map, terrain, where)
    check_board(board, terrain, where)
    objectives = tuple(_on_board(pair, board, f"{where}: objective {pair}") for pair in raw.objectives)
    seen: set[str] = set()
    sides = [_side(i, s, where, board, terrain, designs, seen) for i, s in enumerate(raw.sides)]
    return Mission(name, raw.title, raw.rounds, raw.goal, objectives, board, (sides[0], sides[1]))


def _check_lesson(raw: dict[str, Any], where: str, sides: set[str]) -> None:
    """A scenario may carry a ``[script]`` of dice (every die of this game is a d8, so 1..8; no cards) and a
    ``[tutorial]`` table (engine.core.tutorial) whose learner's side is one of the mission's sides. Both are
    kept in the scenario as they are; a malformed one is a ContentError naming the file."""
    try:
        check_lesson({"scenario": raw}, sorted(sides), game="30 Minute Missions", dice=(1, 8))
    except ContentError as bad:
        raise ContentError(f"{where}: {bad}") from None


def _build(content: dict[str, Any]) -> Tables:
    """The rules' tables from ``content`` (checked by the schema, then across tables here)."""
    t = read_content(content)
    cores = {cid: CoreType(id=cid, name=c.name, base_ap=c.base_ap, movement=c.movement, accuracy=c.accuracy,
                           assault=c.assault, evasion=c.evasion, counter=c.counter, srm=tuple(c.srm),  # type: ignore[arg-type]
                           sections=attrs.asdict(c.sections)) for cid, c in t.core_types.items()}
    weapons = {wid: Weapon(wid, w.name, w.kind, w.ap, w.range, w.damage, w.dp, w.hands, w.mount_only, w.accuracy,
                           w.assault, tuple(w.tags)) for wid, w in t.weapons.items()}
    for did, d in t.parts.drone.items():
        if d.weapon not in weapons:
            raise ContentError(f"parts.toml [drone.{did}]: no weapon '{d.weapon}' in weapons.toml")
    thr = {k: Thrusters(k, p.name, p.range, p.ap, p.lift) for k, p in t.parts.thrusters.items()}
    dr = {k: DroneType(k, p.name, p.glyph, p.dp, p.evasion, p.accuracy, p.weapon) for k, p in t.parts.drone.items()}
    alt = {k: AltForm(k, p.name, p.movement, p.evasion) for k, p in t.parts.alt_form.items()}
    designs = {did: _design(did, d, t, weapons) for did, d in t.designs.items()}
    terrain = _terrain(t.terrain)
    mission = _mission(t.scenario_name, t.scenario, terrain, designs)
    _check_lesson(content["scenario"], f"scenarios/{t.scenario_name}.toml", {s.id for s in mission.sides})
    return Tables(cores, weapons, thr, dr, alt, designs, terrain, mission,
                  {x.glyph: tid for tid, x in terrain.items()})


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"30 Minute Missions has no mission '{scenario}'; choose one of: {', '.join(files)}")
    paths = {part: folder / name for part, name in FILES.items()} | {"scenario": files[scenario]}
    content: dict[str, Any] = {part: read_toml(path) for part, path in paths.items()}
    content["scenario_name"] = scenario
    read_content(content, lambda part: shown_path(paths.get(part, files[scenario])))  # names the file
    Tables.from_content(content)  # fail now, with the file named, rather than mid-battle
    return content
