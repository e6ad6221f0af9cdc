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

from pathlib import Path
from typing import Any

import attrs

from engine.core.content import read_toml, scenario_files, shared_tables, terrain_glyph_problem
from engine.core.errors import ContentError, UnknownScenario
from engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from engine.core.tutorial import check_lesson

COLS, ROWS = 13, 16
DEPLOY_DEPTH = 3  # the three nearest hex columns (Unit Deployment; this game's reading)
SECTIONS = ("head", "torso", "l_arm", "r_arm", "l_leg", "r_leg")
ARMS = ("l_arm", "r_arm")
LEGS = ("l_leg", "r_leg")
SECTION_NAMES = {"head": "head", "torso": "torso", "l_arm": "left arm", "r_arm": "right arm",
                 "l_leg": "left leg", "r_leg": "right leg", "frame": "frame"}
WEAPON_KINDS = ("ranged", "melee", "shield")
TAGS = ("knockdown", "grapple", "disarm")
STATS = ("accuracy", "assault", "evasion", "counter")
PLACES = ("held", "mounted", "carried")
MAX_CARRIED = 3  # Terminology: Carried Weapons, "Max of 3 weapons"
MAX_SRM = 2  # Terminology: S.R.M., "Max reduction of 2/2/2"


def _need(raw: dict, key: str, where: str, kind: type | tuple = int) -> Any:
    if key not in raw:
        raise ContentError(f"{where} needs '{key}'")
    value = raw[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if type(value) not in kinds:
        raise ContentError(f"{where}: '{key}' should be {' or '.join(k.__name__ for k in kinds)}, not {value!r}")
    return value


def _opt(raw: dict, key: str, where: str, default: Any, kind: type | tuple = int) -> Any:
    return _need(raw, key, where, kind) if key in raw else default


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

    @property
    def side_ids(self) -> tuple[str, str]:
        return (self.mission.sides[0].id, self.mission.sides[1].id)

    def terrain_at(self, h: Hex) -> Terrain:
        return self.terrain[self.mission.board[h]]

    def on_board(self, h: Hex) -> bool:
        return h in self.mission.board

    @staticmethod
    def from_content(content: dict[str, Any]) -> "Tables":
        return shared_tables("30 Minute Missions", content, _build)


# ---------------------------------------------------------------------------------------------

def _core_types(raw: dict) -> dict[str, CoreType]:
    out = {}
    for cid, c in raw.items():
        where = f"core_types.toml [{cid}]"
        srm = _need(c, "srm", where, list)
        if len(srm) != 3 or not all(type(v) is int and 0 <= v <= MAX_SRM for v in srm):
            raise ContentError(f"{where}: 'srm' is three whole numbers 0..{MAX_SRM} (accuracy, assault, evasion)")
        sections = _need(c, "sections", where, dict)
        if set(sections) != set(SECTIONS) or not all(type(v) is int and v > 0 for v in sections.values()):
            raise ContentError(f"{where}: 'sections' gives positive defence points to each of {', '.join(SECTIONS)}")
        stats = {}
        for s in ("base_ap", "movement") + STATS:
            v = _need(c, s, where)
            if s in STATS and not 1 <= v <= 8:
                raise ContentError(f"{where}: '{s}' is a d8 target number, 1..8")
            stats[s] = v
        out[cid] = CoreType(id=cid, name=_need(c, "name", where, str), srm=tuple(srm),
                            sections={k: sections[k] for k in SECTIONS}, **stats)
    return out


def _weapons(raw: dict) -> dict[str, Weapon]:
    out = {}
    for wid, w in raw.items():
        where = f"weapons.toml [{wid}]"
        kind = _need(w, "kind", where, str)
        if kind not in WEAPON_KINDS:
            raise ContentError(f"{where}: kind is one of {', '.join(WEAPON_KINDS)}")
        tags = tuple(_opt(w, "tags", where, [], list))
        bad = [t for t in tags if t not in TAGS]
        if bad:
            raise ContentError(f"{where}: unknown tag {bad[0]!r}; tags are {', '.join(TAGS)}")
        hands = _opt(w, "hands", where, 1)
        if hands not in (1, 2):
            raise ContentError(f"{where}: hands is 1 or 2")
        out[wid] = Weapon(id=wid, name=_need(w, "name", where, str), kind=kind, ap=_need(w, "ap", where),
                          range=_need(w, "range", where), damage=_need(w, "damage", where),
                          dp=_need(w, "dp", where), hands=hands, mount_only=_opt(w, "mount_only", where, False, bool),
                          accuracy=_opt(w, "accuracy", where, 0), assault=_opt(w, "assault", where, 0), tags=tags)
    return out


def _parts(raw: dict, weapons: dict[str, Weapon]) -> tuple[dict, dict, dict]:
    thr, dr, alt = {}, {}, {}
    for tid, t in raw.get("thrusters", {}).items():
        where = f"parts.toml [thrusters.{tid}]"
        thr[tid] = Thrusters(tid, _need(t, "name", where, str), _need(t, "range", where), _need(t, "ap", where),
                             _need(t, "lift", where))
    for did, d in raw.get("drone", {}).items():
        where = f"parts.toml [drone.{did}]"
        weapon = _need(d, "weapon", where, str)
        if weapon not in weapons:
            raise ContentError(f"{where}: no weapon '{weapon}' in weapons.toml")
        dr[did] = DroneType(did, _need(d, "name", where, str), _need(d, "glyph", where, str), _need(d, "dp", where),
                            _need(d, "evasion", where), _need(d, "accuracy", where), weapon)
    for aid, a in raw.get("alt_form", {}).items():
        where = f"parts.toml [alt_form.{aid}]"
        alt[aid] = AltForm(aid, _need(a, "name", where, str), _need(a, "movement", where), _need(a, "evasion", where))
    return thr, dr, alt


def _designs(raw: dict, cores, weapons, thr, dr, alt) -> dict[str, Design]:
    out = {}
    for did, d in raw.items():
        where = f"designs.toml [{did}]"
        core = _need(d, "core", where, str)
        if core not in cores:
            raise ContentError(f"{where}: no core type '{core}'")
        loadout = []
        hands_used: dict[str, str] = {}
        carried = 0
        for i, item in enumerate(_need(d, "weapons", where, list)):
            w_where = f"{where} weapon {i + 1}"
            if not isinstance(item, dict):
                raise ContentError(f"{w_where}: each weapon is a table {{ weapon = ..., held/mounted/carried }}")
            wid = _need(item, "weapon", w_where, str)
            if wid not in weapons:
                raise ContentError(f"{w_where}: no weapon '{wid}' in weapons.toml")
            weapon = weapons[wid]
            slot = _opt(item, "slot", w_where, wid, str)
            if "held" in item:
                at = tuple(_need(item, "held", w_where, list))
                if not at or any(a not in ARMS for a in at) or len(set(at)) != len(at):
                    raise ContentError(f"{w_where}: 'held' lists the arms holding it: l_arm and/or r_arm")
                if weapon.mount_only:
                    raise ContentError(f"{w_where}: {weapon.name} can only be mounted")
                for a in at:
                    if a in hands_used:
                        raise ContentError(f"{w_where}: the {SECTION_NAMES[a]} already holds {hands_used[a]}")
                    hands_used[a] = wid
                loadout.append(Loadout(slot, wid, "held", at))
            elif "mounted" in item:
                sec = _need(item, "mounted", w_where, str)
                if sec not in SECTIONS:
                    raise ContentError(f"{w_where}: 'mounted' names a section: {', '.join(SECTIONS)}")
                loadout.append(Loadout(slot, wid, "mounted", (sec,)))
            elif item.get("carried") is True:
                if weapon.mount_only:
                    raise ContentError(f"{w_where}: {weapon.name} can only be mounted")
                carried += 1
                loadout.append(Loadout(slot, wid, "carried", ()))
            else:
                raise ContentError(f"{w_where}: say where it is: held = [arms], mounted = \"section\" or carried = true")
        if carried > MAX_CARRIED:
            raise ContentError(f"{where}: at most {MAX_CARRIED} carried weapons")
        slots = [lo.slot for lo in loadout]
        if len(set(slots)) != len(slots):
            raise ContentError(f"{where}: two weapons share a slot name; give one a 'slot'")
        thrusters = _opt(d, "thrusters", where, "", str)
        if thrusters and thrusters not in thr:
            raise ContentError(f"{where}: no thrusters '{thrusters}' in parts.toml")
        drone = _opt(d, "drone", where, "", str)
        drones = _opt(d, "drones", where, 0)
        if drones and drone not in dr:
            raise ContentError(f"{where}: a drone carrier names its drone type from parts.toml")
        alt_form = _opt(d, "alt_form", where, "", str)
        if alt_form and alt_form not in alt:
            raise ContentError(f"{where}: no alt_form '{alt_form}' in parts.toml")
        armour = _opt(d, "armour", where, {}, dict)
        if any(k not in SECTIONS or type(v) is not int for k, v in armour.items()):
            raise ContentError(f"{where}: 'armour' adds whole defence points to sections")
        glyph = _need(d, "glyph", where, str)
        if len(glyph) != 1 or not glyph.isalpha():
            raise ContentError(f"{where}: glyph is one letter")
        out[did] = Design(did, _need(d, "name", where, str), _need(d, "role", where, str), glyph.upper(), core,
                          tuple(loadout), thrusters, drones, drone, alt_form, dict(armour))
    return out


def _terrain(raw: dict) -> dict[str, Terrain]:
    out = {}
    glyphs = set()
    for tid, t in raw.items():
        where = f"terrain.toml [{tid}]"
        glyph = _need(t, "glyph", where, str)
        if len(glyph) != 1 or glyph in glyphs:
            raise ContentError(f"{where}: glyph is one character of its own")
        problem = terrain_glyph_problem(glyph)
        if problem:
            raise ContentError(f"{where}: glyph {glyph!r} {problem}")
        glyphs.add(glyph)
        cost = _need(t, "cost", where)
        if cost < 1:
            raise ContentError(f"{where}: cost is at least 1")
        out[tid] = Terrain(tid, _need(t, "name", where, str), glyph, _need(t, "colour", where, str), cost,
                           _opt(t, "elevation", where, 0), _opt(t, "height", where, 0), _opt(t, "roof", where, 0),
                           _opt(t, "evasion", where, 0), _opt(t, "effect", where, "", str))
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


def _mission(name: str, raw: dict, terrain: dict[str, Terrain], designs: dict[str, Design]) -> Mission:
    where = f"scenarios/{name}.toml"
    board = parse_map(_need(raw, "map", where, str), terrain, where)
    check_board(board, terrain, where)
    goal = _opt(raw, "goal", where, "annihilate", str)
    if goal not in ("annihilate", "hold"):
        raise ContentError(f"{where}: goal is annihilate or hold")
    objectives = []
    for pair in _opt(raw, "objectives", where, [], list):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair)):
            raise ContentError(f"{where}: objectives are [column, row] pairs")
        h = offset_to_axial(pair[0] - 1, pair[1] - 1)
        if h not in board:
            raise ContentError(f"{where}: objective {pair} is off the board")
        objectives.append(h)
    if goal == "hold" and not objectives:
        raise ContentError(f"{where}: a hold mission lists its objectives")
    sides_raw = _need(raw, "sides", where, list)
    if len(sides_raw) != 2:
        raise ContentError(f"{where}: a mission has two sides")
    sides = []
    seen: set[str] = set()
    for i, s in enumerate(sides_raw):
        s_where = f"{where} side {i + 1}"
        units = []
        for u in _need(s, "units", s_where, list):
            uid = _need(u, "id", s_where, str)
            design = _need(u, "design", s_where, str)
            if design not in designs:
                raise ContentError(f"{s_where}: no design '{design}' in designs.toml")
            if uid in seen or "." in uid:
                raise ContentError(f"{s_where}: unit id '{uid}' is used twice or has a dot")
            seen.add(uid)
            at = None
            if "at" in u:
                pair = _need(u, "at", s_where, list)
                if not (len(pair) == 2 and all(type(v) is int for v in pair)):
                    raise ContentError(f"{s_where}: unit {uid}: 'at' is [column, row]")
                at = offset_to_axial(pair[0] - 1, pair[1] - 1)
                if at not in board:
                    raise ContentError(f"{s_where}: unit {uid} is placed off the board")
            facing = _opt(u, "facing", s_where, None, (int, type(None)))
            if facing is not None and not 0 <= facing <= 5:
                raise ContentError(f"{s_where}: unit {uid}: facing is 0..5 (0 east, counter-clockwise)")
            level = _opt(u, "level", s_where, None, (int, type(None)))
            if level is not None and (at is None or level not in terrain[board[at]].levels()):
                raise ContentError(f"{s_where}: unit {uid}: level must be one of its hex's levels")
            units.append(UnitSpec(uid, design, _opt(u, "name", s_where, designs[design].name, str), at, facing,
                                  level))
        if not units:
            raise ContentError(f"{s_where}: a side needs units")
        sides.append(SideSpec(_need(s, "id", s_where, str), _need(s, "name", s_where, str),
                              "west" if i == 0 else "east", tuple(units)))
    rounds = _need(raw, "rounds", where)
    if rounds < 1:
        raise ContentError(f"{where}: rounds is at least 1")
    _check_lesson(raw, where, {s.id for s in sides})
    return Mission(name, _need(raw, "title", where, str), rounds, goal, tuple(objectives), board,
                   (sides[0], sides[1]))


def _check_lesson(raw: dict, where: str, sides: set[str]) -> None:
    """A scenario may carry a ``[script]`` of dice (every die of this game is a d8, so 1..8; no cards) and a
    ``[tutorial]`` table (engine.core.tutorial) whose learner's side is one of the mission's sides. Both are
    kept in the scenario as they are; a malformed one is a ContentError naming the file."""
    try:
        check_lesson({"scenario": raw}, sorted(sides), game="30 Minute Missions", dice=(1, 8))
    except ContentError as bad:
        raise ContentError(f"{where}: {bad}") from None


def _build(content: dict[str, Any]) -> Tables:
    cores = _core_types(content["core_types"])
    weapons = _weapons(content["weapons"])
    thr, dr, alt = _parts(content["parts"], weapons)
    designs = _designs(content["designs"], cores, weapons, thr, dr, alt)
    terrain = _terrain(content["terrain"])
    scen = content["scenario"]
    mission = _mission(str(content.get("scenario_name", "mission")), scen, terrain, designs)
    return Tables(cores, weapons, thr, dr, alt, designs, terrain, mission,
                  {t.glyph: tid for tid, t in terrain.items()})


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"30 Minute Missions has no mission '{scenario}'; choose one of: {', '.join(files)}")
    content = {
        "core_types": read_toml(folder / "core_types.toml"),
        "weapons": read_toml(folder / "weapons.toml"),
        "parts": read_toml(folder / "parts.toml"),
        "designs": read_toml(folder / "designs.toml"),
        "terrain": read_toml(folder / "terrain.toml"),
        "scenario": read_toml(files[scenario]),
        "scenario_name": scenario,
    }
    Tables.from_content(content)  # fail now, with the file named, rather than mid-battle
    return content
