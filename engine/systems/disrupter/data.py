"""Disrupter's tables, read from content/disrupter/ and checked into typed records.

``load_content`` reads every TOML file into one dict (embedded in each save);
``Tables.from_content`` checks it and builds the records the rules read. A
broken or hand-edited table is refused with a one-line ContentError naming
the file and the field, never played wrongly.

Scale (RULES-NOTES): 1 hex = 50 mm = 2 inches; Close/Medium/Long = 1/2/3 hexes.
Every percentage stat is capped at 80 (Rule 6 - Stats): the loader refuses more.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.content import read_toml, scenario_files, shared_tables, structure_content, structure_parts
from hexfront.engine.core.errors import ContentError, UnknownScenario, shown_path
from hexfront.engine.core.hexes import Hex, offset_to_axial

from .schema import (  # noqa: F401 - the vocabulary of the tables, read by the rules from here
    CLASSES,
    EDGES,
    FILES,
    MOVES,
    ORDER_FIRE,
    ORDER_VERBS,
    PLATOON_RESULTS,
    SIGHTS,
    STAT_CAP,
    TEAM_RESULTS,
    VICTORY_RULES,
    CodeWords,
    DisrupterContent,
    PlatoonTable,
    SideTable,
)

BANDS = ("Close", "Medium", "Long")  # Rule 5 - Range bands: 1, 2, 3 hexes


@attrs.frozen
class Weapon:
    id: str
    name: str
    wounds: tuple[int, int, int]  # Close, Medium, Long

    @property
    def reach(self) -> int:
        """The longest band (in hexes) with a non-zero Wounds value; 0 if none."""
        last = 0
        for i, w in enumerate(self.wounds):
            if w > 0:
                last = i + 1
        return last

    def wounds_at(self, distance: int) -> int:
        """Wounds at ``distance`` hexes: 0 at distance 0, beyond Long, or where the band reads 0."""
        if not 1 <= distance <= 3:
            return 0
        return self.wounds[distance - 1]


@attrs.frozen
class Kit:
    """An armour (humans) or a bot model: Armor save, Wounds, Movement."""

    id: str
    name: str
    A: int
    W: int
    M: int


@attrs.frozen
class Vehicle(Kit):
    """A vehicle of vehicles.toml (this game's own): the A, W and M of every unit aboard, the units it carries,
    and whether it may cross a stream ford (Rule 14)."""

    crew: int = 2
    fords: bool = False


@attrs.frozen
class PanicRow:
    low: int
    high: int
    result: str
    text: str


@attrs.frozen
class Terrain:
    id: str
    glyph: str
    name: str
    cover: bool
    sight: str
    move: str


@attrs.frozen
class UnitSpec:
    id: str
    klass: str
    kit: str
    weapon: str
    wounds: int = 0  # wounds brought from the last battle of a campaign (campaign.py)


@attrs.frozen
class TeamSpec:
    id: str
    side: str
    key: str
    name: str
    squad: str
    units: tuple[UnitSpec, ...]
    at: Hex
    vehicle: str | None = None  # the vehicle the team is (Rule 9: a team is one stand or one vehicle)


@attrs.frozen
class SquadSpec:
    id: str
    side: str
    name: str
    hq: bool


@attrs.frozen
class SideSpec:
    id: str
    name: str
    edge: str
    zone: tuple[int, ...]  # rows


@attrs.frozen
class Tables:
    title: str
    turn_limit: int
    weapons: dict[str, Weapon]
    armour: dict[str, Kit]
    bots: dict[str, Kit]
    team_panic: tuple[PanicRow, ...]
    platoon_panic: tuple[PanicRow, ...]
    terrain: dict[str, Terrain]
    code_words: tuple[str, ...]
    width: int
    height: int
    board: dict[Hex, str]
    objective: Hex
    landmarks: tuple[Hex, ...]
    victory: str
    sides: tuple[SideSpec, ...]
    squads: tuple[SquadSpec, ...]
    teams: tuple[TeamSpec, ...]
    #: False when the scenario skips the intelligence briefing (``briefing = false``): the battle opens at turn 1
    briefing: bool = True
    #: the first order of each squad the scenario writes: (squad id, verb, place, fire clause)
    first_orders: tuple[tuple[str, str, Hex | None, str], ...] = ()
    #: vehicles.toml (this game's own vehicles)
    vehicles: dict[str, Vehicle] = attrs.field(factory=dict)
    sight_cache: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> Tables:
        tables: Tables = shared_tables("Disrupter", content, _build)
        return tables

    @property
    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    def side(self, side_id: str) -> SideSpec:
        return next(s for s in self.sides if s.id == side_id)

    def terrain_at(self, h: Hex) -> Terrain | None:
        t = self.board.get(h)
        return self.terrain[t] if t is not None else None

    def kit(self, unit: UnitSpec) -> Kit:
        """A unit's A, W and M: its bot model, the vehicle it rides, or its armour (Rule 6)."""
        if unit.kit in self.vehicles:
            return self.vehicles[unit.kit]
        return self.bots[unit.kit] if unit.klass == "bot" else self.armour[unit.kit]


def read_content(content: dict[str, Any], where: Callable[[str], str] | None = None
                 ) -> tuple[DisrupterContent, dict[str, PlatoonTable], tuple[str, ...]]:
    """``content`` read through the schema (schema.py), with platoons.toml's platoons and code words.
    ``where(part)`` names the file a mistake is in, for content just read from files; without it the
    content is a save's, named by its part's file name."""
    name = where or (lambda part: f"Disrupter content {FILES.get(part, 'scenario')}")
    t = structure_parts(content, DisrupterContent, name, files=where is not None)
    raw = dict(t.platoons)
    words: CodeWords = structure_content({"code_words": raw.pop("code_words", None)}, CodeWords, name("platoons"))
    return t, structure_content(raw, dict[str, PlatoonTable], name("platoons")), tuple(words.code_words)


def _board(text: str, by_glyph: dict[str, str]) -> tuple[int, int, dict[Hex, str]]:
    """The map's width, height and terrain per hex; a short row is filled with open ground ('.')."""
    rows = text.strip("\n").split("\n")
    height, width = len(rows), max(len(r) for r in rows)
    if not (4 <= width <= 40 and 4 <= height <= 40):
        raise ContentError("a Disrupter map must be 4 to 40 hexes across")
    board = {}
    for row, line in enumerate(rows):
        for col in range(width):
            glyph = line[col] if col < len(line) else "."
            if glyph not in by_glyph:
                raise ContentError(f"map glyph {glyph!r} at column {col}, row {row} is not in terrain.toml")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    return width, height, board


def _units(specs: list[str], team_id: str, t: DisrupterContent, side: SideTable) -> tuple[UnitSpec, ...]:
    """A team's units, each "class:kit:weapon" (checked by the schema), its kit and weapon in their tables.
    A unit the side's ``lost`` names is left out (the others keep their numbers, so that a campaign matches
    them by id); one its ``wounds`` names starts with them, fewer than its kit's W (campaign.py)."""
    out = []
    for i, spec in enumerate(specs, start=1):
        klass, kit, weapon = spec.split(":")
        unit_id = f"{team_id}.{i}"
        if unit_id in side.lost:
            continue
        if kit in t.vehicles:
            pass  # a unit aboard a vehicle (checked as a whole by _vehicle_of)
        elif klass == "bot" and kit not in t.bots:
            raise ContentError(f"team {team_id}: bot model {kit!r} is not in bots.toml")
        elif klass != "bot" and kit not in t.armour:
            raise ContentError(f"team {team_id}: armour {kit!r} is not in armour.toml (nor a vehicle of "
                               "vehicles.toml)")
        if weapon not in t.weapons:
            raise ContentError(f"team {team_id}: weapon {weapon!r} is not in weapons.toml")
        wounds = side.wounds.get(unit_id, 0)
        kit_w = (t.vehicles[kit] if kit in t.vehicles else t.bots[kit] if klass == "bot" else t.armour[kit]).W
        if wounds >= kit_w:
            raise ContentError(f"side {side.id}: unit {unit_id} brings {wounds} wounds, but {wounds} of its "
                               f"W{kit_w} take it off the board: list it as lost instead")
        out.append(UnitSpec(unit_id, klass, kit, weapon, wounds))
    return tuple(out)


def _vehicle_of(units: tuple[UnitSpec, ...], team_id: str, t: DisrupterContent) -> str | None:
    """The vehicle a team is, if its units ride one: every unit aboard the same vehicle, no more than it carries
    (this game's own vehicles; Rule 9: a team is one stand or one vehicle)."""
    rides = {u.kit for u in units if u.kit in t.vehicles}
    if not rides:
        return None
    if len(rides) > 1 or any(u.kit not in rides for u in units):
        raise ContentError(f"team {team_id}: a team is one stand or one vehicle (Rule 9): every unit of it rides "
                           f"the same vehicle, or none does")
    vid = rides.pop()
    if len(units) > t.vehicles[vid].crew:
        raise ContentError(f"team {team_id}: vehicle {vid!r} carries at most {t.vehicles[vid].crew} units "
                           "(vehicles.toml: crew)")
    return vid


@attrs.define
class _Forces:
    """The squads and teams of both sides as they are read."""

    squads: list[SquadSpec] = attrs.field(factory=list)
    teams: list[TeamSpec] = attrs.field(factory=list)


def _platoon(s: SideTable, p: PlatoonTable, t: DisrupterContent, board: dict[Hex, str],
             terrain: dict[str, Terrain], forces: _Forces) -> list[str]:
    """A side's platoon on the map: its squads and teams deployed; the squad keys ("hq" first)."""
    groups = [("hq", "CO's command", True, p.hq)] + [(sq.key, sq.name, False, sq.teams) for sq in p.squads]
    for key, name, hq, team_list in groups:
        squad_id = f"{s.id}-{key}"
        forces.squads.append(SquadSpec(squad_id, s.id, name, hq))
        officers = 0
        for team in team_list:
            tid = f"{s.id}-{team.key}"
            units = _units(team.units, tid, t, s)
            if not units:  # every unit of the team lost in an earlier battle of a campaign
                continue
            vehicle = _vehicle_of(units, tid, t)
            officers += sum(1 for u in units if u.klass == "officer")
            if team.key not in s.deploy:
                raise ContentError(f"side {s.id}: team {team.key} has no deploy position")
            at = offset_to_axial(*s.deploy[team.key])
            if at not in board or terrain[board[at]].move == "no":
                raise ContentError(f"side {s.id}: team {team.key} is deployed on an impassable or missing hex")
            forces.teams.append(TeamSpec(tid, s.id, team.key, team.name or team.key, squad_id, units, at, vehicle))
        if hq and officers != 1:
            raise ContentError(f"platoon {s.platoon} needs exactly one officer in its hq: the CO (Rule 9)")
        if not hq and officers != 1:
            raise ContentError(f"squad {squad_id} needs exactly one officer, its NCO (Rule 9)")
    return [g[0] for g in groups]


def _build(content: dict[str, Any]) -> Tables:
    """The rules' tables from ``content`` (checked by the schema, then across tables here)."""
    t, platoons, words = read_content(content)
    weapons = {wid: Weapon(wid, w.name, tuple(w.wounds)) for wid, w in t.weapons.items()}  # type: ignore[arg-type]
    armour = {kid: Kit(kid, k.name, k.A, k.W, k.M) for kid, k in t.armour.items()}
    bots = {kid: Kit(kid, k.name, k.A, k.W, k.M) for kid, k in t.bots.items()}
    vehicles = {vid: Vehicle(vid, v.name, v.A, v.W, v.M, v.crew, v.fords) for vid, v in t.vehicles.items()}
    clash = sorted(set(vehicles) & (set(armour) | set(bots)))
    if clash:
        raise ContentError(f"vehicles.toml: {clash[0]!r} is also an armour or a bot model; give the vehicle its own id")
    terrain = {tid: Terrain(tid, x.glyph, x.name, x.cover, x.sight, x.move) for tid, x in t.terrain.items()}
    by_glyph = {x.glyph: tid for tid, x in terrain.items()}
    if len(by_glyph) != len(terrain):
        raise ContentError("terrain.toml: each terrain needs a glyph that no other terrain uses")
    scen = t.scenario
    width, height, board = _board(scen.map, by_glyph)
    objective = offset_to_axial(*scen.objective)
    if objective not in board:
        raise ContentError("the scenario objective is off the map")
    landmarks = tuple(offset_to_axial(*v) for v in scen.landmarks)
    forces = _Forces()
    sides: list[SideSpec] = []
    first_orders: tuple[tuple[str, str, Hex | None, str], ...] = ()
    for s in scen.sides:
        if any(not 0 <= r < height for r in s.zone):
            raise ContentError(f"side {s.id} zone rows must be from 0 to {height - 1}")
        sides.append(SideSpec(s.id, s.name, s.edge, tuple(s.zone)))
        if s.platoon not in platoons:
            raise ContentError(f"side {s.id}: platoon {s.platoon!r} is not in platoons.toml")
        _check_carried(s, platoons[s.platoon])
        keys = _platoon(s, platoons[s.platoon], t, board, terrain, forces)
        first_orders += _first_orders(s, keys, objective, landmarks)
    spots = [team.at for team in forces.teams]
    if len(set(spots)) != len(spots):
        raise ContentError("two teams are deployed on one hex (Rule 14: one team per hex)")
    return Tables(title=scen.title, turn_limit=scen.turn_limit, weapons=weapons, armour=armour, bots=bots,
                  team_panic=tuple(PanicRow(r.low, r.high, r.result, r.text) for r in t.panic.team),
                  platoon_panic=tuple(PanicRow(r.low, r.high, r.result, r.text) for r in t.panic.platoon),
                  terrain=terrain, code_words=words, width=width, height=height, board=board,
                  objective=objective, landmarks=landmarks, victory=scen.victory,
                  sides=tuple(sides), squads=tuple(forces.squads), teams=tuple(forces.teams),
                  briefing=scen.briefing, first_orders=first_orders, vehicles=vehicles)


def platoon_unit_ids(side_id: str, p: PlatoonTable) -> list[str]:
    """Every unit id of a side's platoon as written, lost or not ("red-a1.2": team a1's second unit)."""
    teams = list(p.hq) + [team for sq in p.squads for team in sq.teams]
    return [f"{side_id}-{team.key}.{i}" for team in teams for i in range(1, len(team.units) + 1)]


def _check_carried(s: SideTable, p: PlatoonTable) -> None:
    """Every unit a side's ``lost`` or ``wounds`` names is a unit of its platoon, and none is both."""
    known = set(platoon_unit_ids(s.id, p))
    for unit_id in sorted(set(s.lost) | set(s.wounds)):
        if unit_id not in known:
            raise ContentError(f"side {s.id}: lost or wounds name {unit_id!r}, which is not a unit of its platoon")
        if unit_id in s.lost and unit_id in s.wounds:
            raise ContentError(f"side {s.id}: unit {unit_id!r} is both lost and wounded")


def _first_orders(s: SideTable, keys: list[str], objective: Hex, landmarks: tuple[Hex, ...]
                  ) -> tuple[tuple[str, str, Hex | None, str], ...]:
    """A side's ``[sides.orders]``: squad key ("hq" for the CO's command) = {verb, fire, place}: the orders a
    scenario writes for a battle that skips the briefing (Rule 9 - Giving Orders, Rule 10)."""
    out = []
    for key, o in s.orders.items():
        if key not in keys:
            raise ContentError(f"side {s.id}: orders for {key!r}, which is not one of its squads ({', '.join(keys)})")
        place = offset_to_axial(*o.place) if o.place is not None else None
        if place is not None and place != objective and place not in landmarks:
            raise ContentError(f"side {s.id}: the order of {key} must advance on the objective or a landmark")
        out.append((f"{s.id}-{key}", o.verb, place, o.fire))
    return tuple(out)


def check_scenario_extras(content: dict[str, Any], tables: Tables) -> None:
    """The tables of a scenario file the battle keeps but the rules do not read: ``[script]`` (the dice a
    worked example or tutorial rolls first; every Disrupter die reads 0 to 99 or 1 to 20) and ``[tutorial]``
    (engine.core.tutorial), checked here so a broken one is a one-line ContentError when the scenario loads."""
    from hexfront.engine.core.tutorial import check_lesson

    check_lesson(content, tables.side_ids, game="Disrupter", dice=(0, 99))


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"Disrupter has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    paths = {part: folder / name for part, name in FILES.items()} | {"scenario": files[scenario]}
    content = {part: read_toml(path) for part, path in paths.items()}
    read_content(content, lambda part: shown_path(paths[part]))  # a mistake names the file it is in
    check_scenario_extras(content, Tables.from_content(content))
    return content
