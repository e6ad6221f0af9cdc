"""Dustup battle state: units of figures on hexes, their markers, and where the turn stands.

RULES-NOTES: a squad is one counter on one hex carrying its figures, each
figure with its own armour and wound state; distances are measured from the
hex (the leader's position).
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.cards import Deck
from hexfront.engine.core.hexes import Hex

from .data import Tables

# Confidence levels, worst first (Forces: Confidence). A unit's level is an index into this.
ROUTED, BROKEN, SHAKEN, STEADY, CONFIDENT = range(5)
CONFIDENCE = ("routed", "broken", "shaken", "steady", "confident")

# Figure status (Shoot: Resolve Impact; Medical Treatment; Power Armour Troops as Casualties)
FIT = "fit"  # able-bodied
UNTREATED = "untreated"  # wounded, marked with an untreated wound counter
STABILISED = "stabilised"  # treated: a wound marker, out of action but safe
KILLED = "killed"
DISABLED = "disabled"  # power armour suit wrecked: the trooper is unhurt but out of action
ABANDONED = "abandoned"  # a wounded figure left behind (Moving Casualties; Withdrawal)
OUT_OF_ACTION = (UNTREATED, STABILISED, KILLED, DISABLED, ABANDONED)

# Unit kinds
SQUAD, SINGLE, COMMAND, DETACHMENT = "squad", "single", "command", "detachment"

# Figure roles that are not soldiers (Armoured Dustup). A heavy weapon served by a crew is a figure of
# its crew's unit with role "weapon": hits are allocated to it (D8 armour unless noted), a wound
# disables it and a kill wrecks it (Hits on Heavy Weapons). A vehicle, mech, monster, aircraft,
# turret or building is a unit whose body is one figure with role "hull" (its status is the
# vehicle's: fit, or killed when destroyed) and whose weapons are figures with role "weapon".
WEAPON, HULL = "weapon", "hull"
NOT_PEOPLE = (WEAPON, HULL)

# What a unit is (Unit.vehicle): "" for infantry and cavalry; else one of these
VEHICLE_KINDS = ("vehicle", "mech", "monster", "aircraft", "turret", "building")
# Armour faces of a vehicle, in the order of Unit.armour_faces (Vehicles: Armour)
FACES = ("front", "side", "rear", "top", "belly")
# What an aircraft is doing (Aerospace: Aircraft on the Table); "" for anything that does not fly
AIR_STATES = ("airborne", "hovering", "grounded")

# Command levels (Commanders): a squad is 0, a platoon HQ 1, a company HQ 2
LEVEL_NAMES = {0: "squad", 1: "platoon", 2: "company"}


@attrs.define(slots=True)
class Figure:
    """One soldier: the weapon carried, armour die, and what has happened to him."""

    id: str
    name: str
    weapon: str
    armour: int
    power: bool = False
    role: str = ""  # "leader", "medic", "observer", "commander" or ""
    status: str = FIT
    wounds: int = 0  # wounds taken; two kill (Resolve Impact)
    kills: int = 0  # enemy figures this one has killed (shown in the figure list)
    fired: bool = False  # fired this activation (each weapon fires once per activation)
    unarmoured: bool = False  # no armour at all: any hit wounds, the D4 only decides a kill (Personal Armour)
    ready: bool = True  # a heavy weapon that is set up (Moving Heavy Weapons); False while dismantled

    @property
    def fit(self) -> bool:
        return self.status == FIT

    @property
    def present(self) -> bool:
        """Still with the unit (fit or wounded and carried), as opposed to killed or left behind."""
        return self.status in (FIT, UNTREATED, STABILISED, DISABLED)

    def copy(self) -> Figure:
        return attrs.evolve(self)

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.weapon, self.armour, self.power, self.role, self.status, self.wounds,
                self.kills, self.fired, self.unarmoured, self.ready)

    @property
    def person(self) -> bool:
        """A soldier, as opposed to a heavy weapon or a vehicle's hull."""
        return self.role not in NOT_PEOPLE


@attrs.define(slots=True)
class Unit:
    id: str
    side: str
    name: str
    kind: str
    quality: int  # quality die: 4, 6, 8, 10, 12
    leadership: int  # 1 (inspirational) .. 3 (poor); lower is better
    figures: list[Figure]
    pos: Hex | None
    confidence: int = CONFIDENT
    initial_confidence: int = CONFIDENT
    move_die: int = 6  # Infantry D6, fast infantry D8, cavalry D10, vehicles D12 (Move Action)
    level: int = 0  # command level (Commanders)
    commander: str | None = None  # the unit id of the HQ above this one
    parent: str | None = None  # for a detachment: the unit it was detached from
    suppression: int = 0  # 0..3 suppression markers
    propped: bool = False
    complete_concealment: bool = False  # chose to be completely concealed (Concealment)
    travel: bool = False  # in travel mode (Travel Movement)
    cavalry: bool = False
    mounted: bool = False
    activated: bool = False  # carries an activation marker this turn
    hidden: bool = False
    panicked: bool = False
    panic_passed: bool = False  # once passed, never tests for panic again (Panic)
    under_fire_before: bool = False  # has come under fire at least once (Confidence Test table)
    suppressed_before: bool = False
    leaderless: bool = False  # leader became a casualty: both actions reorganise next activation
    new_commander: bool = False  # a promoted figure must assume command with a reorganise action
    terror: bool = False  # provokes terror (Terror)
    sensor: int = 4  # sensor die (Detect Action): unaided vision D4
    night_vision: bool = False
    medic: int = 6  # treatment die: own troops D6, unit medic D8, medical team D10
    seen_enemy: bool = False  # untrained troops test for panic on first sight of the enemy
    off_table: bool = False  # routed off the table edge, merged into another unit, or not yet arrived
    grenades: str | None = None  # the hand or rifle grenade weapon id the unit carries, if any
    power: bool = False  # power armoured troops (move, outnumbering, casualty table)
    strike: int = 1  # close combat strike value per trooper (Assault: Strike Value)
    cc_impact: int = 6  # close combat impact die: D6 for humans (Weapons)
    # --- Armoured Dustup (vehicles, heavy weapons, aircraft, support) ---------------------------
    vehicle: str = ""  # "" for infantry, else one of VEHICLE_KINDS
    vtype: str = ""  # the vehicle type's id in content/dustup/vehicles.toml
    size: int = 0  # vehicle size 1..5 (Vehicle Size); 0 for infantry
    mover: str = ""  # movement table (Vehicle Movement): wheeled_low, wheeled_high, tracked, hover, grav, walker
    facing: int = 0  # hex direction the vehicle's front faces (0 east, counter-clockwise, engine.core.hexes)
    armour_faces: tuple[int, ...] = ()  # front, side, rear, top, belly as armour values (dice.value_name)
    damage: int = 0  # damage markers (Vehicle Damage)
    immobilised: bool = False  # mine or IED damage (Minefields)
    open_top: bool = False  # open-top vehicle, or a hatched vehicle opened up (Open Top Vehicles)
    soft_skin: bool = False  # unarmoured vehicle (Open Top and Soft Skinned Vehicles)
    firing_ports: bool = False  # passengers may fire from the enclosed vehicle
    capacity: int = 0  # passengers carried, in figures (Transport of Infantry)
    carried_by: str | None = None  # a passenger unit: the vehicle or aircraft it is in
    towing: str | None = None  # the vehicle this one tows or pushes (Towing and Pushing Vehicles)
    ecm: int = 4  # ECM die (Guided Weapons: Electronic Counter-Measures)
    decoys: int = 0  # decoy die, 0 for none (Decoys)
    decoy_used: bool = False  # a decoy was used this turn (once per turn)
    area_protection: int = 0  # one-shot area protection systems carried (Area Protection)
    stabilisation: str = ""  # poor, average, superior (Weapon Stabilisation)
    slaved: bool = False  # weapons slaved to one fire control: may fire together (Multiple Weapons)
    smoke_dischargers: bool = False  # may lay a smoke cloud as one action (Artificial Smoke)
    exhaust_smoke: bool = False  # exhaust smoke generator (Artificial Smoke)
    moves: int = 0  # move actions taken in this activation (stabilisation, hovering)
    air: str = ""  # aircraft only: one of AIR_STATES
    vtol: bool = False
    landed_heavy: bool = False  # a heavy landing: may not take off again (Landing Zones)
    hull: str | None = None  # a super-heavy vehicle's turret: the hull unit it sits on (Super-Heavy Vehicles)
    plough: bool = False  # mine plough or roller (Mine Clearing: Vehicles)
    line_charges: int = 0  # line charges carried (Mine Clearing: Line Charge)
    cdms: int = 0  # command-detonated mines the unit may still set up (Command Detonated Mines)
    ew: int = 0  # EW die: 0 none, 6 inferior, 8 average, 10 superior (Electronic Warfare)
    ew_chits: int = 0  # EW counters left before the unit's next activation
    drones: int = 0  # drone sensor die, 0 for none (Small Portable Drones)
    drone_at: Hex | None = None  # the drone in the air, if any
    remote: Hex | None = None  # a guided missile launcher set up to fire remotely (Remote Missile Launchers)
    fo: bool = False  # a dedicated forward observer or liaison officer in the unit (Request Fire Support)
    rangefinder: int = 4  # target designation die (Fire Support Accuracy): D4 without an FO
    mortar_target: Hex | None = None  # on-table artillery: the mission it fires when next activated
    crew_out: str | None = None  # a vehicle whose crew dismounted to fight: their unit's id; unmanned till they remount
    crew_of: str | None = None  # a unit formed by a vehicle's dismounted crew: the vehicle's id (Close Assault)

    @property
    def alive(self) -> list[Figure]:
        return [f for f in self.figures if f.status != KILLED and f.status != ABANDONED and f.role != WEAPON]

    @property
    def fit_figures(self) -> list[Figure]:
        """Fit soldiers (or a vehicle's intact hull); heavy weapons are not counted."""
        return [f for f in self.figures if f.status == FIT and f.role != WEAPON]

    @property
    def people(self) -> list[Figure]:
        """Every figure that is a soldier (not a heavy weapon, not a hull), whatever its state."""
        return [f for f in self.figures if f.role not in NOT_PEOPLE]

    @property
    def heavy_weapons(self) -> list[Figure]:
        """Heavy weapons and vehicle weapon mounts (role "weapon"), whatever their state."""
        return [f for f in self.figures if f.role == WEAPON]

    @property
    def is_vehicle(self) -> bool:
        return bool(self.vehicle)

    @property
    def destroyed(self) -> bool:
        return self.is_vehicle and all(f.status == KILLED for f in self.figures if f.role == HULL)

    def armour_face(self, face: str) -> int:
        return self.armour_faces[FACES.index(face)]

    @property
    def able(self) -> int:
        """Able-bodied figures; power armour counts as two for outnumbering (Assault: Courage Test)."""
        return len(self.fit_figures)

    @property
    def on_table(self) -> bool:
        """On the map with a fit soldier (or an intact hull) left. Asked of every unit for every order the
        computer prices, so it stops at the first fit figure rather than listing them."""
        if self.pos is None or self.off_table:
            return False
        return any(f.status == FIT and f.role != WEAPON for f in self.figures)

    @property
    def hex(self) -> Hex:
        """The hex of a placed unit (passengers and turrets share their vehicle's). Rules that measure,
        look or move from a unit only ever ask it of one on the map; a unit never placed (a reserve
        still off the table) has none, and asking it of one is a bug in the caller."""
        assert self.pos is not None, f"{self.id} has no hex: it was never placed on the map"
        return self.pos

    @property
    def leader(self) -> Figure | None:
        for f in self.figures:
            if f.role in ("leader", "commander"):
                return f
        return None

    @property
    def wounded_untreated(self) -> list[Figure]:
        return [f for f in self.figures if f.status == UNTREATED]

    @property
    def is_command(self) -> bool:
        return self.level > 0

    @property
    def small(self) -> bool:
        """A single figure is a small target (Shoot: Target Die)."""
        return len(self.alive) == 1

    def copy(self) -> Unit:
        return attrs.evolve(self, figures=[f.copy() for f in self.figures])

    def canonical(self) -> tuple[Any, ...]:
        out = []
        for name in _UNIT_FIELD_NAMES:
            v = getattr(self, name)
            if name == "figures":
                v = tuple(f.canonical() for f in v)
            elif isinstance(v, Hex):
                v = (v.q, v.r)
            out.append(v)
        return tuple(out)


_UNIT_FIELD_NAMES = tuple(a.name for a in attrs.fields(Unit))


@attrs.define(slots=True)
class Feature:
    """Something on the map that is not a unit (Counters; Additional Rules; Artillery and Air Support).

    ``kind`` is one of FEATURE_KINDS. ``side`` owns it (the side that laid a minefield, fired the smoke,
    called the mission), or "" for nobody. ``hidden``: shown to the other side only as an inverted
    counter, or not at all (mines, IEDs, booby traps, CDMs, dummy targets). ``data`` holds the
    kind's own facts as "key=value" strings: see :meth:`get` and :func:`feature_data`.
    """

    id: str
    kind: str
    side: str
    pos: Hex
    hidden: bool = False
    data: tuple[str, ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` in ``data`` (a whole number when it reads as one, else the text), or
        ``default``."""
        for item in self.data:
            k, _, v = item.partition("=")
            if k == key:
                return int(v) if v.lstrip("-").isdigit() else v
        return default

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.kind, self.side, self.pos.q, self.pos.r, self.hidden, self.data)


def feature_data(**facts: object) -> tuple[str, ...]:
    """``feature_data(type="ap", radius=1)`` -> ("radius=1", "type=ap"): a Feature's data."""
    return tuple(f"{k}={v}" for k, v in sorted(facts.items()))


# smoke: a smoke cloud (radius 1 hex); fire: a burning area; minefield: data type ap/at/mixed/dummy;
# lane: a cleared lane through a minefield; ied; booby: a booby trap; cdm: a command-detonated mine
# (data facing); target: a fire-support target marker (data mission, dummy); blast: where a round
# or bomb landed, shown for the rest of the turn (data radius); drone: a small drone in the air
FEATURE_KINDS = ("smoke", "fire", "minefield", "lane", "ied", "booby", "cdm", "target", "blast", "drone",
                 "casevac",  # casevac: a CASEVAC vehicle landed on the table (casevac.py)
                 "smoke_generator")  # a prepared position's smoke generator (data on, dir, unit; smoke.py)


@attrs.define(slots=True)
class Mission:
    """A counter on the inbound chart (The Inbound Chart; Request Fire Support Action).

    ``box``: 3, 2 or 1 (turns still to wait, counting down at the start of each turn), 0 when it
    has arrived over the battle area (an impact may be resolved, or an aircraft placed), or -1 in
    the loiter box. ``kind``: "artillery", "air", "orbital" (fire missions), "aircraft" (an aircraft
    unit arriving: ``unit`` names it), "casevac". ``asset`` is the support asset's id in the
    scenario; ``target`` the aim point, ``dummies`` the dummy target markers' hexes.
    """

    id: str
    side: str
    kind: str
    asset: str
    box: int
    target: Hex | None = None
    dummies: tuple[Hex, ...] = ()
    observer: str | None = None
    unit: str | None = None
    ammo: str = ""

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.side, self.kind, self.asset, self.box,
                (self.target.q, self.target.r) if self.target else None,
                tuple((h.q, h.r) for h in self.dummies), self.observer, self.unit, self.ammo)


@attrs.define(slots=True)
class Marker:
    """A hidden-unit counter on the map: over a real hidden unit, or a dummy (Detect Action: Hidden Units)."""

    id: str
    side: str
    pos: Hex
    unit: str | None = None  # None for a dummy

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.side, self.pos.q, self.pos.r, self.unit)


@attrs.define(slots=True)
class Active:
    """A unit in the middle of its activation: the actions it has left, and how it was activated."""

    unit: str
    actions: int = 2
    by: str = ""  # "turn" (its own activation, marked), "order" (by a commander), "detachment", "seize"

    def canonical(self) -> tuple[Any, ...]:
        return (self.unit, self.actions, self.by)


@attrs.frozen
class Pending:
    """A decision the rules wait for, from ``side``: ``kind`` names it, ``data`` holds its facts."""

    side: str
    kind: str
    data: tuple[str, ...] = ()


@attrs.define(slots=True)
class DustState:
    tables: Tables
    options: dict[str, Any]
    units: dict[str, Unit]
    markers: dict[str, Marker]
    decks: dict[str, Deck]
    turn: int = 0
    first: str | None = None  # the side that went first this turn
    to_act: str | None = None  # the side whose activation it is (when nothing is in progress)
    stack: list[Active] = attrs.field(factory=list)  # activations in progress, innermost last
    pending: Pending | None = None
    tokens: dict[str, int] = attrs.field(factory=dict)  # seize-the-initiative tokens left
    seized_by: str | None = None  # the side that seized the initiative (the other may seize back)
    seize_asked: bool = False  # the seize question for the coming activation has been put (and answered)
    forced_unit: str | None = None  # card-draw activation: the unit whose card came up
    chit_leftover: str | None = None
    abandoned: dict[Hex, int] = attrs.field(factory=dict)  # wounded left on a hex
    # the assault in progress (assaultplan.py), as a plain tuple of facts
    assault: tuple[str, ...] | None = None
    air_pending: tuple[str, ...] | None = None  # an AA engagement or ADE check awaiting the pilot (air.py)
    result: tuple[str | None, str] | None = None
    occupant: dict[Hex, str] = attrs.field(factory=dict)  # derived: hex -> unit id on it
    features: dict[str, Feature] = attrs.field(factory=dict)  # smoke, fire, mines, targets... (Feature)
    missions: dict[str, Mission] = attrs.field(factory=dict)  # the inbound chart (Mission)
    support_chits: dict[str, int] = attrs.field(factory=dict)  # fire support chits left per side
    support_used: dict[str, int] = attrs.field(factory=dict)  # fire missions called per "side:asset"
    serial: int = 0  # counter for new feature and mission ids
    #: figures flown out by a CASEVAC vehicle (Casualty Evacuation; their status is abandoned): in a
    #: campaign they return for the next battle (campaign.py)
    evacuated: list[str] = attrs.field(factory=list)

    @property
    def sides(self) -> tuple[str, ...]:
        return self.tables.side_ids

    def other(self, side: str) -> str:
        a, b = self.tables.side_ids
        return b if side == a else a

    @property
    def active(self) -> Active | None:
        return self.stack[-1] if self.stack else None

    def copy(self) -> DustState:
        return DustState(
            tables=self.tables, options=self.options,
            units={k: u.copy() for k, u in self.units.items()},
            markers={k: attrs.evolve(m) for k, m in self.markers.items()},
            decks={k: d.copy() for k, d in self.decks.items()},
            turn=self.turn, first=self.first, to_act=self.to_act,
            stack=[attrs.evolve(a) for a in self.stack], pending=self.pending, tokens=dict(self.tokens),
            seized_by=self.seized_by, seize_asked=self.seize_asked, forced_unit=self.forced_unit,
            chit_leftover=self.chit_leftover,
            abandoned=dict(self.abandoned), assault=self.assault, air_pending=self.air_pending, result=self.result,
            occupant=dict(self.occupant),
            features={k: attrs.evolve(f) for k, f in self.features.items()},
            missions={k: attrs.evolve(m) for k, m in self.missions.items()},
            support_chits=dict(self.support_chits), support_used=dict(self.support_used), serial=self.serial,
            evacuated=list(self.evacuated),
        )

    def canonical(self) -> tuple[Any, ...]:
        return (
            tuple(u.canonical() for u in self.units.values()),
            tuple(m.canonical() for m in self.markers.values()),
            tuple((k, d.canonical()) for k, d in sorted(self.decks.items())),
            self.turn, self.first, self.to_act, tuple(a.canonical() for a in self.stack),
            attrs.astuple(self.pending) if self.pending else None, tuple(sorted(self.tokens.items())),
            self.seized_by, self.seize_asked, self.forced_unit, self.chit_leftover,
            tuple(sorted((h.q, h.r, n) for h, n in self.abandoned.items())), self.assault, self.air_pending,
            self.result,
            tuple(sorted(self.options.items())),
            tuple(f.canonical() for f in self.features.values()),
            tuple(m.canonical() for m in self.missions.values()),
            tuple(sorted(self.support_chits.items())), tuple(sorted(self.support_used.items())), self.serial,
        ) + ((tuple(self.evacuated),) if self.evacuated else ())  # none: as older saves were hashed

    def unactivated(self, side: str) -> list[Unit]:
        """Units of ``side`` that may still take their own activation this turn."""
        return [u for u in self.units.values()
                if u.side == side and not u.activated and u.on_table and u.kind != DETACHMENT]

    def enemies(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side != side and u.on_table]

    def features_at(self, h: Hex, kind: str | None = None) -> list[Feature]:
        return [f for f in self.features.values() if f.pos == h and (kind is None or f.kind == kind)]

    def passengers(self, vehicle_id: str) -> list[Unit]:
        return [u for u in self.units.values() if u.carried_by == vehicle_id]
