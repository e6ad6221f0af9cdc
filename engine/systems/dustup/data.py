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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.content import read_toml, scenario_files, shared_tables, structure_parts
from hexfront.engine.core.errors import ContentError, UnknownScenario, shown_path
from hexfront.engine.core.hexes import LOS_BLOCK, LOS_CLEAR, LOS_OBSCURE, Hex, offset_to_axial

from .schema import (  # noqa: F401 - the vocabulary of the tables, read by the rules from here
    ADE,
    AIR_MOUNTS,
    AMMO,
    BURST,
    COMMITMENT,
    CONCEALMENT,
    CONFIDENCE_NAMES,
    COVER_SHIFT,
    FATIGUE,
    FEATURE_SPEC_KINDS,
    FILES,
    FIRE_CONTROL,
    HEAVY_KINDS,
    INSERTIONS,
    MEDICS,
    MOVE_COST,
    MOVE_DICE,
    MOVERS,
    QUALITY,
    SENSORS,
    STABILISATION,
    SUPPORT_KINDS,
    SUPPORT_TIERS,
    SYSTEM_DICE,
    VEHICLE_CLASSES,
    WEAPON_KINDS,
    DustupContent,
    ScenarioFile,
    SideSpec,
    VehicleTable,
    WeaponTable,
    value_of,
)

INCHES_PER_HEX = 2
SHORT_RANGE = 6  # 12 inches
EFFECTIVE_RANGE = 24  # 48 inches
COMMS_RANGE = 3  # 6 inches: communication needs no roll within this and in sight
COHESION = 3  # 6 inches

SIGHT = {"clear": LOS_CLEAR, "obscure": LOS_OBSCURE, "block": LOS_BLOCK}
CREW_BY_SIZE = {1: 2, 2: 3, 3: 4, 4: 4, 5: 5}  # a ground vehicle's crew when vehicles.toml gives none (this game's)


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
    # Armoured Dustup (see weapons.toml)
    size: int = 0
    count: int = 1  # firepower dice of ``die`` (a heavy machinegun's 2D6)
    impact_armour: int = 0  # impact against vehicles and point targets; 0: ``impact``
    die_armour: int = 0  # firepower die against vehicles and point targets; 0: ``die``
    fire_control: str = "average"
    guidance: int = 0
    crew: int = 0
    burst: int = 0
    min_range: int = 0
    disposable: bool = False
    he: bool = False
    mount: str = ""
    external: bool = False  # fired from outside the vehicle: not while it is suppressed (Suppression and Vehicles)
    defensive: bool = False  # a vehicle's machinegun: fires in final defensive fire (Vehicles: Final Defensive Fire)

    @property
    def support(self) -> bool:
        return self.kind in ("support", "grenade")

    @property
    def heavy(self) -> bool:
        """Fired on its own as an action of its own (Firing Heavy Weapons; Guided Weapons)."""
        return self.kind in HEAVY_KINDS

    def impact_against(self, vehicle: bool) -> int:
        return (self.impact_armour or self.impact) if vehicle else self.impact

    def die_against(self, vehicle: bool) -> int:
        return (self.die_armour or self.die) if vehicle else self.die


@attrs.frozen
class VehicleType:
    """A line of vehicles.toml: a vehicle, mech, monster, aircraft, turret or building type."""

    id: str
    name: str
    kind: str
    size: int
    mover: str
    move: int
    armour: tuple[int, int, int, int, int]  # front, side, rear, top, belly
    weapons: tuple[str, ...]
    capacity: int = 0
    open_top: bool = False
    soft_skin: bool = False
    firing_ports: bool = False
    amphibious: bool = False
    ecm: int = 8
    decoys: int = 0
    area_protection: int = 0
    stabilisation: str = "average"
    slaved: bool = False
    smoke_dischargers: bool = False
    exhaust_smoke: bool = False
    plough: bool = False
    line_charges: int = 0
    vtol: bool = False
    strike: int = 1
    cc_impact: int = 6
    terror: bool = False
    turrets: tuple[str, ...] = ()
    crew: int = 0  # crewmen who may dismount to fight a close assault (Vehicles: Close Assault); 0: none
    crew_weapon: str = "pistol"  # what the dismounted crew carry
    flight: bool = False  # a grav vehicle that can take off and land like a VTOL (air.py)
    wheels: bool = False  # an aircraft with wheels: may taxi on roads while grounded (air.py)


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
    vehicles: dict[str, VehicleType] = attrs.field(factory=dict)
    vehicle_terrain: dict[str, dict[Hex, str]] = attrs.field(factory=dict)  # mover -> hex -> class
    features: tuple[dict[str, Any], ...] = ()  # minefields, IEDs, booby traps, CDMs set before the battle
    support: dict[str, tuple[dict[str, Any], ...]] = attrs.field(factory=dict)  # side -> support assets
    wind: int = 0  # hex direction smoke drifts toward (Natural Smoke)
    wind_given: bool = False  # the scenario names a wind (a smoke generator's trail follows it, smoke.py)
    sight_cache: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)  # keyed by what is asked

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> Tables:
        """The tables for ``content``; battles on identical content share one (and its caches)."""
        tables = shared_tables("Dustup", content, _build)
        assert isinstance(tables, Tables)
        return tables

    def on_board(self, h: Hex) -> bool:
        return h in self.board


def _hex(value: list[int]) -> Hex:
    return offset_to_axial(value[0], value[1])


FIGURE_SPEC = re.compile(r"^(?:(?P<role>leader|medic|observer|commander|weapon):)?"
                         r"(?P<weapon>[a-z_0-9]+)(?:\*(?P<n>\d+))?$")


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


def read_content(content: dict[str, Any], where: Callable[[str], str] | None = None) -> DustupContent:
    """``content`` read through the schema (schema.py). ``where(part)`` names the file a mistake is in, for
    content just read from files; without it the content is a save's, named by its part's file name."""
    return structure_parts(content, DustupContent,
                           where or (lambda part: f"Dustup content {FILES.get(part, 'scenario')}"),
                           files=where is not None)


def _weapon(wid: str, w: WeaponTable) -> Weapon:
    default_effective = EFFECTIVE_RANGE * max(w.size, 1) if w.kind == "heavy" else EFFECTIVE_RANGE
    return Weapon(
        wid, w.name, w.kind, value_of(w.impact), w.firepower, w.die,
        w.effective if w.effective is not None else default_effective, w.max_range, w.terror, w.strike,
        size=w.size, count=w.count, impact_armour=value_of(w.impact_armour), die_armour=w.die_armour,
        fire_control=w.fire_control, guidance=w.guidance, crew=w.crew, burst=w.burst, min_range=w.min_range,
        disposable=w.disposable, he=w.he, mount=w.mount, external=w.external, defensive=w.defensive)


def _vehicle(vid: str, v: VehicleTable, weapons: dict[str, Weapon]) -> VehicleType:
    """A vehicle type, its weapons checked against weapons.toml (Vehicle Size: none larger than the vehicle)."""
    what = f"vehicle {vid}"
    for w in v.weapons:
        if w not in weapons:
            raise ContentError(f"{what} mounts unknown weapon {w!r}")
        if weapons[w].size > v.size and v.kind != "building":
            raise ContentError(f"{what}: a size {v.size} vehicle may not carry the size {weapons[w].size} "
                               f"{weapons[w].name} (Vehicle Size)")
    crew = v.crew if v.crew is not None else (CREW_BY_SIZE.get(v.size, 4) if v.kind == "vehicle" else 0)
    if crew and v.crew_weapon not in weapons:
        raise ContentError(f"{what}: crew_weapon {v.crew_weapon!r} is not a weapon")
    return VehicleType(
        vid, v.name, v.kind, v.size, v.mover, v.move, v.armour.values(), tuple(v.weapons), capacity=v.capacity,
        open_top=v.open_top, soft_skin=v.soft_skin, firing_ports=v.firing_ports, amphibious=v.amphibious,
        ecm=v.ecm, decoys=v.decoys, area_protection=v.area_protection, stabilisation=v.stabilisation,
        slaved=v.slaved, smoke_dischargers=v.smoke_dischargers, exhaust_smoke=v.exhaust_smoke, plough=v.plough,
        line_charges=v.line_charges, vtol=v.vtol, strike=v.strike, cc_impact=value_of(v.cc_impact),
        terror=v.terror, turrets=tuple(v.turrets), flight=v.flight, wheels=v.wheels, crew=crew,
        crew_weapon=v.crew_weapon)


def _board(text: str, by_glyph: dict[str, str]) -> tuple[int, int, dict[Hex, str]]:
    """The map's width, height and terrain per hex; a short row is filled with open ground ('.')."""
    rows = text.strip("\n").split("\n")
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
    return width, height, board


def _side_info(s: SideSpec, first: bool, vehicles: dict[str, VehicleType]) -> dict[str, Any]:
    if s.casevac and s.casevac not in vehicles:
        raise ContentError(f"side {s.id} casevac must be one of the vehicle types, not {s.casevac!r}")
    return {"commitment": s.commitment, "fatigue": s.fatigue, "jammer": s.jammer, "comms": s.comms,
            "edge": s.edge or ("north" if first else "south"), "ade": ADE[s.ade],
            "support_chits": s.support_chits, "casevac": s.casevac}


def _support(raw_side: dict[str, Any], s: SideSpec) -> tuple[dict[str, Any], ...]:
    """The side's support assets as the rules read them: the file's keys with the defaults filled in."""
    return tuple(dict(raw, kind=a.kind, tier=a.tier, size=a.size, ammo=list(a.ammo), rounds=a.rounds,
                      missions=a.missions, guided=a.guided)
                 for raw, a in zip(raw_side.get("support", []), s.support, strict=True))


def _check_unit(u: Any, board: dict[Hex, str], t: DustupContent, weapons: dict[str, Weapon]) -> None:
    """What a unit names in other tables: its armour, its vehicle type, its figures' weapons; on the map."""
    if _hex(u.at) not in board:
        raise ContentError(f"unit {u.id} is set up off the map")
    if u.armour not in t.armour:
        raise ContentError(f"unit {u.id} armour must be one of {', '.join(t.armour)}, not {u.armour!r}")
    if u.vehicle is not None:
        if u.vehicle not in t.vehicles:
            raise ContentError(f"unit {u.id} vehicle must be one of {', '.join(t.vehicles)}, not {u.vehicle!r}")
        if u.insertion and t.vehicles[u.vehicle].size != 1:
            raise ContentError(f"unit {u.id}: only infantry and size 1 vehicles are inserted from altitude")
        return
    for _, w in parse_figures(u.figures, f"unit {u.id}"):
        if w not in weapons:
            raise ContentError(f"unit {u.id} carries unknown weapon {w!r}")


def _check_platoons(support: dict[str, tuple[dict[str, Any], ...]], deployment: list[dict[str, Any]]) -> None:
    """An asset owned by a platoon names that platoon's HQ unit (a level 1 command unit of its side)."""
    for sid, side_assets in support.items():
        for a in side_assets:
            owner = a.get("platoon")
            spec = next((u for u in deployment if str(u["id"]) == owner), None) if owner is not None else None
            if owner is not None and (spec is None or spec["side"] != sid
                                      or int(spec.get("level", 1 if spec.get("kind") == "command" else 0)) != 1):
                raise ContentError(f"side {sid} support {a['id']}: platoon {owner!r} is not a platoon HQ "
                                   "(level 1 command unit) of that side")


def _deployment(content: dict[str, Any], t: DustupContent, board: dict[Hex, str], weapons: dict[str, Weapon]
                ) -> tuple[list[dict[str, Any]], list[tuple[str, Hex]]]:
    """Each unit as the rules read it (the file's keys and its side) and each side's dummy markers."""
    deployment: list[dict[str, Any]] = []
    dummies: list[tuple[str, Hex]] = []
    seen: set[str] = set()
    for raw_side, s in zip(content["scenario"]["sides"], t.scenario.sides, strict=True):
        for raw, u in zip(raw_side["units"], s.units, strict=True):
            if u.id in seen:
                raise ContentError(f"unit id {u.id} is used twice")
            seen.add(u.id)
            _check_unit(u, board, t, weapons)
            deployment.append(dict(raw, side=s.id))
        dummies.extend((s.id, _hex(d)) for d in s.dummies)
    for spec in deployment:
        inside = spec.get("in")
        if inside is not None and inside not in seen:
            raise ContentError(f"unit {spec['id']} starts in {inside!r}, which is not a unit of the scenario")
    return deployment, dummies


def _features(content: dict[str, Any], scen: ScenarioFile, board: dict[Hex, str], side_ids: tuple[str, ...]
              ) -> tuple[dict[str, Any], ...]:
    features = []
    for i, (raw, f) in enumerate(zip(content["scenario"].get("features", []), scen.features, strict=True)):
        if _hex(f.at) not in board:
            raise ContentError(f"feature {i + 1} is off the map")
        if f.side is not None and f.side not in side_ids:
            raise ContentError(f"feature {i + 1} belongs to unknown side {f.side!r}")
        features.append(dict(raw, kind=f.kind, at=_hex(f.at)))
    return tuple(features)


def _build(content: dict[str, Any]) -> Tables:
    """The rules' tables from ``content`` (checked by the schema, then across tables here)."""
    t = read_content(content)
    weapons = {wid: _weapon(wid, w) for wid, w in t.weapons.items()}
    vehicles = {vid: _vehicle(vid, v, weapons) for vid, v in t.vehicles.items()}
    for vt in vehicles.values():
        for turret in vt.turrets:
            if turret not in vehicles or vehicles[turret].kind != "turret":
                raise ContentError(f"vehicle {vt.id} names turret {turret!r}, which is not a turret type")
    armour = {aid: Armour(aid, a.name, a.die, a.power, a.unarmoured) for aid, a in t.armour.items()}
    terrain = {tid: Terrain(tid, x.glyph, x.name, x.move, x.power_move or x.move, x.cover, x.conceal, SIGHT[x.sight],
                            x.hide) for tid, x in t.terrain.items()}
    by_glyph = {x.glyph: tid for tid, x in terrain.items()}
    if len(by_glyph) != len(terrain):
        raise ContentError("terrain: each terrain needs a glyph that no other terrain uses")
    scen = t.scenario
    width, height, board = _board(scen.map, by_glyph)
    side_ids = tuple(s.id for s in scen.sides)
    side_info = {s.id: _side_info(s, i == 0, vehicles) for i, s in enumerate(scen.sides)}
    support = {s.id: _support(raw, s) for raw, s in zip(content["scenario"]["sides"], scen.sides, strict=True)}
    deployment, dummies = _deployment(content, t, board, weapons)
    _check_platoons(support, deployment)
    vehicle_terrain = {m: {h: getattr(t.terrain[tid].vehicles, m) for h, tid in board.items()} for m in MOVERS}
    return Tables(
        title=scen.title, turn_limit=scen.turn_limit, night=scen.night, weapons=weapons, armour=armour,
        terrain=terrain, courage=tuple(CourageShift(r.id, r.label, r.shift, r.per) for r in t.morale.courage),
        confidence_events={e.id: tuple(None if v == "none" else v for v in e.values)  # type: ignore[misc]
                           for e in t.morale.confidence_events},
        confidence_modifiers={e.id: tuple(e.values) for e in t.morale.confidence_modifiers},  # type: ignore[misc]
        width=width, height=height, board=board, side_ids=side_ids,
        side_names={s.id: s.name for s in scen.sides}, side_info=side_info, deployment=tuple(deployment),
        dummies=tuple(dummies), objectives=tuple(_hex(o) for o in scen.objectives),
        costs={"normal": {h: MOVE_COST[terrain[x].move] for h, x in board.items()},
               "power": {h: MOVE_COST[terrain[x].power_move] for h, x in board.items()}},
        sight={h: terrain[x].sight for h, x in board.items()},
        cover={h: terrain[x].cover for h, x in board.items()},
        conceal={h: terrain[x].conceal for h, x in board.items()},
        vehicles=vehicles, vehicle_terrain=vehicle_terrain,
        features=_features(content, scen, board, side_ids), support=support,
        wind=scen.wind or 0, wind_given=scen.wind is not None)


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"Dustup has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    paths = {part: folder / name for part, name in FILES.items()} | {"scenario": files[scenario]}
    content = {part: read_toml(path) for part, path in paths.items()}
    read_content(content, lambda part: shown_path(paths[part]))  # a mistake names the file it is in
    Tables.from_content(content)
    check_script_and_tutorial(content)
    return content


def check_script_and_tutorial(content: dict[str, Any]) -> None:
    """A scenario's ``[script]`` (dice set in advance, for worked examples and tutorials; Dustup's dice run
    from a d4 to a d12, its request rolls to a d100) and its ``[tutorial]`` table stay in ``content["scenario"]``;
    both are checked here, any fault a one-line ContentError."""
    from hexfront.engine.core.tutorial import check_lesson

    sides = [str(sd.get("id")) for sd in content["scenario"].get("sides", []) if isinstance(sd, dict)]
    check_lesson(content, sides, game="Dustup", dice=(0, 100))
