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

from engine.core.content import check_terrain_glyphs, read_toml, scenario_files, shared_tables
from engine.core.errors import ContentError, UnknownScenario
from engine.core.hexes import LOS_BLOCK, LOS_CLEAR, LOS_OBSCURE, Hex, offset_to_axial

from .dice import DIE_TYPES, parse_value

INCHES_PER_HEX = 2
SHORT_RANGE = 6  # 12 inches
EFFECTIVE_RANGE = 24  # 48 inches
COMMS_RANGE = 3  # 6 inches: communication needs no roll within this and in sight
COHESION = 3  # 6 inches

MOVE_COST = {"clear": 1, "poor": 2, "difficult": 3, "impassable": None}
SIGHT = {"clear": LOS_CLEAR, "obscure": LOS_OBSCURE, "block": LOS_BLOCK}
COVER_SHIFT = {"none": 0, "soft": 1, "hard": 2}  # armour die shift (Cover)
CONCEALMENT = ("none", "partial")  # what a hex gives; complete concealment is chosen by the unit
WEAPON_KINDS = ("small_arm", "support", "grenade", "pistol", "close_combat", "heavy", "iavr", "guided", "mortar",
                "aa")
HEAVY_KINDS = ("heavy", "guided", "mortar", "aa")  # fired alone, one action each (Firing Heavy Weapons)
FIRE_CONTROL = ("inferior", "average", "superior")
STABILISATION = ("poor", "average", "superior")
MOVERS = ("wheeled_low", "wheeled_high", "tracked", "hover", "grav", "walker")
VEHICLE_CLASSES = ("clear", "poor", "difficult", "impassable")
AIR_MOUNTS = ("", "turret", "fixed", "deadfall", "guided")
SYSTEM_DICE = {"none": 4, "very_inferior": 4, "inferior": 6, "average": 8, "superior": 10, "very_superior": 12}
ADE = {"minimal": 4, "inferior": 6, "average": 8, "superior": 10, "extreme": 12}
SUPPORT_KINDS = ("artillery", "air", "orbital")
SUPPORT_TIERS = {"on_table": 0, "company": 1, "battalion": 2, "regimental": 3, "orbital": 3, "air": 3}
AMMO = ("he", "ap", "at", "smoke", "incendiary", "cluster")  # cluster: air-bursting (support.py)
BURST = {"small": 2, "medium": 2, "large": 3, "very_large": 5}  # hexes: 3" / 4" / 6" / 10" (RULES-NOTES)
FEATURE_SPEC_KINDS = ("minefield", "ied", "booby", "cdm", "smoke", "fire", "smoke_generator")
QUALITY = {"untrained": 4, "green": 6, "experienced": 8, "veteran": 10, "elite": 12}
MOVE_DICE = {"encumbered": 4, "infantry": 6, "fast": 8, "cavalry": 10, "vehicle": 12}
COMMITMENT = ("low", "medium", "high")
FATIGUE = {"fresh": "confident", "tired": "steady", "exhausted": "shaken"}
CONFIDENCE_NAMES = ("routed", "broken", "shaken", "steady", "confident")
SENSORS = {"unaided": 4, "aided": 6, "enhanced": 8, "superior": 10}
MEDICS = {"none": 6, "medic": 8, "team": 10}
CREW_BY_SIZE = {1: 2, 2: 3, 3: 4, 4: 4, 5: 5}  # a ground vehicle's crew when vehicles.toml gives none (this game's)
INSERTIONS = ("parachute", "grav", "orbital")  # High Altitude or Orbital Insertion (grav: jump or grav packs)


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
    wind_given: bool = False  # the scenario names a wind (a smoke generator's trail follows it, hazards.py)
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


def _value(value: Any, what: str) -> int:
    """A die or a D12 x class: 8, "d8", "d12x3"."""
    if type(value) is int:
        return _die(value, what)
    try:
        return parse_value(value)
    except ValueError as e:
        raise ContentError(f"{what}: {e}") from None


def _hex(value: Any, what: str) -> Hex:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ContentError(f"{what} must be [column, row], not {value!r}")
    return offset_to_axial(value[0], value[1])


FIGURE_SPEC = re.compile(r"^(?:(?P<role>leader|medic|observer|commander|weapon):)?(?P<weapon>[a-z_0-9]+)(?:\*(?P<n>\d+))?$")


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
        size = _int(w.get("size", 0), f"weapon {wid} size", 0, 5)
        if kind in ("heavy", "guided", "mortar", "aa") and not size:
            raise ContentError(f"weapon {wid} is a {kind} weapon and needs a size from 1 to 5")
        default_effective = EFFECTIVE_RANGE * max(size, 1) if kind == "heavy" else EFFECTIVE_RANGE
        needs_die = kind in ("support", "grenade", "heavy", "iavr", "mortar", "aa")
        weapons[wid] = Weapon(
            wid, str(w["name"]), kind, _value(w["impact"], f"weapon {wid} impact"), float(fp),
            _die(w["die"], f"weapon {wid} firepower die") if needs_die else 0,
            _int(w.get("effective", default_effective), f"weapon {wid} effective range", 1, 500),
            _int(w.get("max_range", 0), f"weapon {wid} maximum range", 0, 500), bool(w.get("terror", False)),
            _die(w["strike"], f"weapon {wid} strike die") if kind == "close_combat" else 0,
            size=size, count=_int(w.get("count", 1), f"weapon {wid} count", 1, 4),
            impact_armour=_value(w["impact_armour"], f"weapon {wid} impact_armour") if "impact_armour" in w else 0,
            die_armour=_die(w["die_armour"], f"weapon {wid} die_armour") if "die_armour" in w else 0,
            fire_control=_choice(w.get("fire_control", "average"), FIRE_CONTROL, f"weapon {wid} fire_control"),
            guidance=_die(w["guidance"], f"weapon {wid} guidance") if kind in ("guided", "aa") else 0,
            crew=_int(w.get("crew", 0), f"weapon {wid} crew", 0, 12),
            burst=_int(w.get("burst", 0), f"weapon {wid} burst", 0, 10),
            min_range=_int(w.get("min_range", 0), f"weapon {wid} min_range", 0, 100),
            disposable=bool(w.get("disposable", False)), he=bool(w.get("he", False)),
            mount=_choice(w.get("mount", ""), AIR_MOUNTS, f"weapon {wid} mount"),
            external=bool(w.get("external", False)), defensive=bool(w.get("defensive", False)))
    vehicles: dict[str, VehicleType] = {}
    for vid, v in content.get("vehicles", {}).items():
        what = f"vehicle {vid}"
        vkind = _choice(v["kind"], ("vehicle", "mech", "monster", "aircraft", "turret", "building"), f"{what} kind")
        vsize = _int(v["size"], f"{what} size", 1, 5)
        arm = v["armour"]
        faces = tuple(_value(arm[f], f"{what} {f} armour") for f in ("front", "side", "rear", "top", "belly"))
        if vkind != "building" and any(a > 12 * vsize for a in faces):
            raise ContentError(f"{what}: armour may not be of a higher class than the size ({vsize}) (Vehicle Size)")
        for w in v.get("weapons", []):
            if w not in weapons:
                raise ContentError(f"{what} mounts unknown weapon {w!r}")
            if weapons[w].size > vsize and vkind != "building":
                raise ContentError(f"{what}: a size {vsize} vehicle may not carry the size {weapons[w].size} "
                                   f"{weapons[w].name} (Vehicle Size)")
        mover = str(v.get("mover", ""))
        if mover:
            _choice(mover, MOVERS, f"{what} mover")
        vehicles[vid] = VehicleType(
            vid, str(v["name"]), vkind, vsize, mover, _die(v.get("move", 12), f"{what} move"), faces,  # type: ignore[arg-type]
            tuple(v.get("weapons", [])), capacity=_int(v.get("capacity", 0), f"{what} capacity", 0, 40),
            open_top=bool(v.get("open_top", False)), soft_skin=bool(v.get("soft_skin", False)),
            firing_ports=bool(v.get("firing_ports", False)), amphibious=bool(v.get("amphibious", False)),
            ecm=_die(v.get("ecm", 8), f"{what} ecm"), decoys=_die(v["decoys"], f"{what} decoys") if v.get("decoys") else 0,
            area_protection=_int(v.get("area_protection", 0), f"{what} area_protection", 0, 5),
            stabilisation=_choice(v.get("stabilisation", "average"), STABILISATION, f"{what} stabilisation"),
            slaved=bool(v.get("slaved", False)), smoke_dischargers=bool(v.get("smoke_dischargers", False)),
            exhaust_smoke=bool(v.get("exhaust_smoke", False)), plough=bool(v.get("plough", False)),
            line_charges=_int(v.get("line_charges", 0), f"{what} line_charges", 0, 5), vtol=bool(v.get("vtol", False)),
            strike=_int(v.get("strike", 1), f"{what} strike", 1, 30), cc_impact=_value(v.get("cc_impact", 6), f"{what} cc_impact"),
            terror=bool(v.get("terror", False)), turrets=tuple(v.get("turrets", [])),
            flight=bool(v.get("flight", False)), wheels=bool(v.get("wheels", False)),
            crew=_int(v.get("crew", CREW_BY_SIZE.get(vsize, 4) if vkind == "vehicle" else 0), f"{what} crew", 0, 12),
            crew_weapon=str(v.get("crew_weapon", "pistol")))
        if vehicles[vid].crew and vehicles[vid].crew_weapon not in weapons:
            raise ContentError(f"{what}: crew_weapon {vehicles[vid].crew_weapon!r} is not a weapon")
        if vehicles[vid].flight and (vkind != "vehicle" or mover != "grav"):
            raise ContentError(f"{what}: only grav vehicles (kind vehicle, mover grav) take flight = true")
        if vehicles[vid].wheels and vkind != "aircraft":
            raise ContentError(f"{what}: wheels = true is for aircraft (taxiing); ground vehicles have a mover")
    for vt in vehicles.values():
        for t in vt.turrets:
            if t not in vehicles or vehicles[t].kind != "turret":
                raise ContentError(f"vehicle {vt.id} names turret {t!r}, which is not a turret type")
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
        for m in MOVERS:
            _choice(t.get("vehicles", {}).get(m, "impassable"), VEHICLE_CLASSES, f"terrain {tid} vehicles.{m}")
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
    support: dict[str, tuple[dict[str, Any], ...]] = {}
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
            "ade": ADE[_choice(s.get("ade", "inferior"), ADE, f"side {sid} ade")],
            "support_chits": _int(s.get("support_chits", 0), f"side {sid} support_chits", 0, 10),
            "casevac": _choice(s.get("casevac", ""), ("",) + tuple(vehicles), f"side {sid} casevac"),
        }
        assets = []
        for a in s.get("support", []):
            aid = str(a["id"])
            what = f"side {sid} support {aid}"
            asset = dict(a)
            asset["kind"] = _choice(a.get("kind", "artillery"), SUPPORT_KINDS, f"{what} kind")
            asset["tier"] = _choice(a.get("tier", "company"), SUPPORT_TIERS, f"{what} tier")
            asset["size"] = _choice(a.get("size", "medium"), BURST, f"{what} size")
            asset["ammo"] = [_choice(x, AMMO, f"{what} ammo") for x in a.get("ammo", ["he"])]
            asset["rounds"] = _int(a.get("rounds", 1), f"{what} rounds", 1, 6)
            asset["missions"] = _int(a.get("missions", 2), f"{what} missions", 0, 20)
            asset["guided"] = _choice(a.get("guided", ""), ("", "laser", "self"), f"{what} guided")
            if "platoon" in a and not isinstance(a["platoon"], str):
                raise ContentError(f"{what} platoon must be the id of the platoon HQ unit that owns it")
            assets.append(asset)
        support[sid] = tuple(assets)
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
            _value(u.get("cc_impact", 6), f"unit {uid} close combat impact")
            if "vehicle" in u:
                _choice(u["vehicle"], vehicles, f"unit {uid} vehicle")
                _int(u.get("facing", 0), f"unit {uid} facing", 0, 5)
                _choice(u.get("air", "grounded" if vehicles[u["vehicle"]].kind == "aircraft" else ""),
                        ("", "airborne", "hovering", "grounded"), f"unit {uid} air")
            else:
                for _, w in parse_figures(u["figures"], f"unit {uid}"):
                    if w not in weapons:
                        raise ContentError(f"unit {uid} carries unknown weapon {w!r}")
            if "ecm" in u:
                _choice(u["ecm"], SYSTEM_DICE, f"unit {uid} ecm")
            if "ew" in u:
                _choice(u["ew"], ("inferior", "average", "superior"), f"unit {uid} ew")
            if "drones" in u:
                _choice(u["drones"], ("inferior", "average", "superior"), f"unit {uid} drones")
            if "rangefinder" in u:
                _choice(u["rangefinder"], ("basic", "advanced", "superior"), f"unit {uid} rangefinder")
            if "inbound" in u:
                _int(u["inbound"], f"unit {uid} inbound (box of the inbound chart)", 1, 3)
            if "insertion" in u:  # High Altitude or Orbital Insertion (air.py)
                how = _choice(u["insertion"], INSERTIONS, f"unit {uid} insertion")
                q = QUALITY[u.get("quality", "experienced")]
                if not u.get("inbound") and not u.get("in"):  # aboard an aircraft: grav-packs (air.DropTroops)
                    raise ContentError(f"unit {uid} has an insertion but no inbound box to arrive from")
                if "vehicle" in u and vehicles[u["vehicle"]].size != 1:
                    raise ContentError(f"unit {uid}: only infantry and size 1 vehicles are inserted from altitude")
                if q < 8 or (how == "orbital" and q < 10):
                    raise ContentError(f"unit {uid}: only experienced or better troops drop from altitude, and "
                                       "only veterans or elite from orbit (High Altitude or Orbital Insertion)")
            deployment.append(dict(u, side=sid))
        for i, d in enumerate(s.get("dummies", [])):
            dummies.append((sid, _hex(d, f"side {sid} dummy {i + 1}")))
    ids = {str(u["id"]) for u in deployment}
    for u in deployment:
        inside = u.get("in")
        if inside is not None and inside not in ids:
            raise ContentError(f"unit {u['id']} starts in {inside!r}, which is not a unit of the scenario")
    for sid, side_assets in support.items():  # an asset owned by a platoon names that platoon's HQ unit
        for a in side_assets:
            owner = a.get("platoon")
            spec = next((u for u in deployment if str(u["id"]) == owner), None) if owner is not None else None
            if owner is not None and (spec is None or spec["side"] != sid
                                      or int(spec.get("level", 1 if spec.get("kind") == "command" else 0)) != 1):
                raise ContentError(f"side {sid} support {a['id']}: platoon {owner!r} is not a platoon HQ "
                                   "(level 1 command unit) of that side")
    features = []
    for i, f in enumerate(scen.get("features", [])):
        what = f"feature {i + 1}"
        fd = dict(f)
        fd["kind"] = _choice(f.get("kind"), FEATURE_SPEC_KINDS, f"{what} kind")
        fd["at"] = _hex(f["at"], f"{what} position")
        if fd["at"] not in board:
            raise ContentError(f"{what} is off the map")
        if fd["kind"] == "minefield":
            _choice(f.get("type", "ap"), ("ap", "at", "mixed", "dummy"), f"{what} type")
        if "side" in f and f["side"] not in side_ids:
            raise ContentError(f"{what} belongs to unknown side {f['side']!r}")
        features.append(fd)
    objectives = tuple(_hex(o, "objective") for o in scen.get("objectives", []))
    costs = {
        "normal": {h: MOVE_COST[terrain[t].move] for h, t in board.items()},
        "power": {h: MOVE_COST[terrain[t].power_move] for h, t in board.items()},
    }
    raw_terrain = content["terrain"]
    vehicle_terrain = {m: {h: str(raw_terrain[t].get("vehicles", {}).get(m, "impassable")) for h, t in board.items()}
                       for m in MOVERS}
    return Tables(
        title=str(scen["title"]), turn_limit=_int(scen.get("turn_limit", 8), "turn_limit", 1, 100),
        night=bool(scen.get("night", False)), weapons=weapons, armour=armour, terrain=terrain, courage=courage,
        confidence_events=events, confidence_modifiers=mods, width=width, height=height, board=board,
        side_ids=side_ids, side_names={str(s["id"]): str(s["name"]) for s in sides}, side_info=side_info,
        deployment=tuple(deployment), dummies=tuple(dummies), objectives=objectives, costs=costs,
        sight={h: terrain[t].sight for h, t in board.items()},
        cover={h: terrain[t].cover for h, t in board.items()},
        conceal={h: terrain[t].conceal for h, t in board.items()},
        vehicles=vehicles, vehicle_terrain=vehicle_terrain, features=tuple(features), support=support,
        wind=_int(scen.get("wind", 0), "wind", 0, 5),
        wind_given="wind" in scen,
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
        "vehicles": read_toml(folder / "vehicles.toml"),
        "scenario": read_toml(files[scenario]),
    }
    check_terrain_glyphs(content["terrain"], str(folder / "terrain.toml"))
    Tables.from_content(content)
    check_script_and_tutorial(content)
    return content


def check_script_and_tutorial(content: dict[str, Any]) -> None:
    """A scenario's ``[script]`` (dice set in advance, for worked examples and tutorials; Dustup's dice run
    from a d4 to a d12, its request rolls to a d100) and its ``[tutorial]`` table stay in ``content["scenario"]``;
    both are checked here, any fault a one-line ContentError."""
    from engine.core.tutorial import check_lesson

    sides = [str(sd.get("id")) for sd in content["scenario"].get("sides", []) if isinstance(sd, dict)]
    check_lesson(content, sides, game="Dustup", dice=(0, 100))
