"""Aircraft on the table and on the inbound chart (Armoured Dustup: Aerospace Operations).

Orders added here:

* :class:`MoveInbound` (a side's order instead of activating a unit): an aircraft's counter goes one
  box along the inbound chart, 3 -> 2 -> 1 -> the battle area (0) or the loiter box (-1), or from
  the loiter box into the battle area. Leaving box 1 it must get through the enemy's air defence
  environment (ADE); arriving, the aircraft is placed on ``at`` facing ``facing``, airborne or (a
  VTOL) hovering, and may act next turn. Troops inserted from altitude or orbit (``insertion``)
  come down the same chart onto a nominated landing zone.
* :class:`AirMove` - one action: fly anywhere on the table, turning no more than 90 degrees.
* :class:`LeaveTable` - one action: fly off the table to box 1 or the loiter box.
* :class:`Land` / :class:`TakeOff` - one action each (VTOL aircraft, and grav vehicles that can fly;
  landing zones).
* :class:`Taxi` - one action: a grounded aircraft fitted with wheels rolls up to 3 hexes (6") along
  a road.
* :class:`AirFire` - one action: an aircraft fires a turreted, fixed or guided weapon; the mount's
  limits are :func:`mount_refusal` (heavy.py's FireWeapon leaves aircraft to this order, and its
  shots are resolved by heavy.py's own procedures).
* :class:`DropBombs` - one action: deadfall weapons (bombs) on one point or in a stick.
* :class:`FireAA` - one action: a designated anti-aircraft weapon engages an aircraft in the air
  (acquire, the pilot's choice, engage; crash or emergency landing). With the option
  ``air_to_air`` an aircraft's guided weapon may do the same at another aircraft.
* :class:`DropTroops` - passengers leave a hovering VTOL by fast rope (both actions) or grav-packs
  (one action).

Scale: 1 hex = 2 inches (RULES-NOTES). 24" = 12 hexes, 12" = 6, 6" = 3. Inches rolled on a die
become hexes by halving, a half rounding up (D6" -> 1-3 hexes); "D6 x 2 inches" is the die in hexes.

This game's readings (the book is silent or vague):

* The ADE is the enemy side's ``ade`` die (default inferior, D6). Acquired aircraft may abort; one
  that goes on is shot at: the ADE die (doubled if the first ADE roll was more than double the ECM
  roll) against its belly armour. Shot down before arriving: the aircraft and everyone aboard are
  lost, with no crash on the table. Aborting, here and later, means returning to base: the
  aircraft and its passengers leave the battle (not casualties) and do not come back.
* Inserted troops do not face the ADE: their carriers fly high above it.
* An aircraft in the air stands on no hex: ground units move through and stop under it, it is no
  enemy "next to" anyone, and ground fire (Shoot, FireWeapon) cannot reach it; only FireAA can.
  Another aircraft in the air may not share its hex.
* Sight from or to an aircraft in the air: every hex is in sight unless smoke lies on either end.
* Turning: hex facings are 60 degrees apart. A move may keep the facing or turn one hex side either
  way, and the destination must lie within 30 degrees of the new facing (the aircraft faces the
  way it flies; with the one-side turn this keeps every move inside 90 degrees of the old
  heading). A VTOL moving 6 hexes (12") or less goes any way and faces any way.
* A non-VTOL aircraft must move first in each activation: AirFire, DropBombs and FireAA (and any
  caller of :func:`mount_refusal`) are refused until it has made a move (AirMove, LeaveTable or a
  TakeOff with a move); Detect is not held back. One whose activation ends without a move flies 12
  hexes straight ahead (off the table: to box 1). A VTOL that ends its
  activation airborne without having moved is hovering.
* A hovering aircraft turns as part of any action: its fixed and guided weapons may engage in any
  direction (it turns to face the target as it fires), and the guided weapons' arc shift does not
  apply. Turrets fire all round (no arcs are given for the models).
* Turreted weapons cannot engage within 3 hexes (6") of the aircraft nor fire while it is grounded.
  Fixed weapons engage only inside a corridor 3 hexes wide straight ahead, at 12 hexes (24") or
  more for non-VTOL and 6 (12") or more for VTOL aircraft, never while grounded. Guided weapons
  engage in the forward 180 degrees; beyond 45 degrees either side the guidance die is one lower.
* Bombs: each deadfall mount releases up to its ``count`` bombs (4 in weapons.toml) once per
  activation. Each lands D6" (1-3 hexes) ahead of the aircraft, or of the bomb before it in a
  stick; from a hovering aircraft, on its own hex. Each is resolved as a blast by support.py's
  ``burst`` (the weapon's burst radius and impacts), with the usual suppression and confidence test.
* AA acquisition is the weapon's guidance die against the aircraft's ECM die (the book: "if the
  guidance die beats the ECM die"); an enemy EW unit may disrupt it (ew.disrupt). The engagement
  rolls the guidance die and the weapon's firepower die (an air-to-air guided missile: the firer's
  quality die) against the ECM die, one lower for a hovering target. Hits on a major success: the
  dice's total divided by the ECM die type; each is an impact against the armour face toward the
  firer (front, side or rear).
* The pilot's choice: abort, press on, or evade 12 hexes (24") straight ahead or one hex side to the
  left or right ("evade-left", "evade-ahead", "evade-right"); an evasion that carries it off the
  table takes it to box 1.
* The pilot's confidence test at "+2": the aircraft's quality die must beat 2 plus its leadership;
  failure aborts the mission (returns to base).
* A crash: radius 3 hexes (6"), impact D8 against every unit on the ground in it (support.burst),
  and every passenger is killed. An emergency landing whose point lies off the table is a crash
  beyond the edge: the aircraft and all aboard are lost. A point on a building hex or a ground
  vehicle destroys both (the aircraft crashes there, with its explosion). A point under infantry:
  the wreck comes down on the nearest free hex.
* Crash test: the aircraft's quality die, one type lower for each damage marker above one. 1: it
  crashes (as above). 2-3: each passenger rolls a D6 (1 killed, 2-3 wounded). 4+: a controlled
  landing. Unless it crashed, the aircraft is a wreck (destroyed) and every surviving passenger unit
  is placed on the nearest free hexes within 1 hex with 3 suppression markers (after a 2-3 as well).
* Landing zones: every hex within a radius set by the craft's size (:data:`LZ_RADIUS`): the book's
  diameters 6" (small craft), 12" (larger transports) and 18" (very large orbital dropships) give
  radii of 3", 6" and 9", halved into hexes rounding down: 1, 3 and 4. Size 1-2 is a small craft
  (the hex and its six neighbours), size 3-4 a larger transport, size 5 a very large dropship.
  Heavily obstructed (refused): woods or buildings (hexes grav craft cannot enter), or any other
  unit on the ground anywhere in the zone; water cannot be landed on (a grav vehicle, which skims
  over water anyway, may set down there). Lightly obstructed: any other hex there with cover,
  concealment or worse than clear going for grav craft (rough ground, a wall, scrub...): the quality
  die must score 3 or more, or the craft has landed heavily and may not take off again.
* Grav vehicles: a type of kind "vehicle" with mover "grav" and ``flight = true`` in vehicles.toml
  (the grav carrier; the heavier grav tank has no flight mark and stays a ground skimmer). On the
  ground (``air`` "") it is an ordinary ground vehicle. TakeOff (one action) puts it in the air,
  hovering or airborne, and from then on it flies as a VTOL (AirMove; a free move of up to 6 hexes,
  faces any way, hovers if it does not move) and cannot Move; Land (one action, landing zone rules
  by its size, the same heavy landing) makes it a ground vehicle again. In the air it occupies no
  hex and only anti-aircraft fire reaches it, as an aircraft; it fires its own weapons with
  FireWeapon (they are vehicle weapons, not aircraft mounts). It does not leave the table or use
  the inbound chart. An immobilised grav vehicle cannot take off.
* Taxiing: a grounded aircraft with ``wheels = true`` (the assault dropship) may taxi: one action, up
  to 3 hexes (6"), from a road hex along road hexes only ("a clear paved surface"), every hex it
  enters free of any unit on the ground, ending where a unit may stop (not next to an enemy). It
  ends facing the way it last moved. The book gives the rule for VTOL aircraft; this game lets any
  wheeled aircraft taxi. A heavy landing stops take-offs only, not taxiing.
* Drops from a hovering VTOL: the unit is placed on its hex or next to it (not beside an enemy).
  Grav-packs: a unit whose scenario entry has ``insertion = "grav"``. Each model rolls the unit's
  quality die, one type lower on difficult ground (woods, rough ground, walls, buildings, swamp);
  a 1 wounds it. "Grav vehicle" means a vehicle (kind "vehicle") with mover grav: troops may not
  fast-rope from one (the aircraft types fly on grav drives but are aircraft, so they may).
* High altitude or orbital insertion: the quality die (one lower for parachutes) must beat 4; the
  landing zone is then D6" (1-3 hexes) from the aim point, else D6x2" (1-6 hexes), in a clockface
  direction. Off the table, the unit is lost (killed). The unit comes down on that hex, or when a
  unit is there on the nearest free hex. Each model's own D10" (doubled from orbit) is rolled and
  the furthest is reported: a squad is one counter, so the dispersal has no further effect. Then
  each model rolls the quality die (one lower on difficult ground): a 1 wounds it; open water kills
  any but power armour. A size 1 vehicle is destroyed on a 1 or on difficult ground.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from typing import Any

import attrs

from hexfront.engine.core.hexes import (
    DIRECTIONS,
    Hex,
    hex_count,
    hex_distance,
    relative_bearing,
    shortest_path,
    spiral,
    to_pixel,
)
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ew, ground, heavy, shooting, support
from . import events as E
from .action import Action, Decision
from .data import Weapon
from .dice import clock_to_hex_direction, die_name, roll_value, shift, shift_names, successes, value_name
from .ground import sees  # noqa: F401  (also read as air.<name>)
from .state import ABANDONED, HULL, KILLED, ROUTED, UNTREATED, WEAPON, DustState, Figure, Mission, Pending, Unit

RULE_CHART = "The Inbound Chart"
RULE_ADE = "Aerospace Operations: Arriving in the Battle Zone"
RULE_TABLE = "Aerospace Operations: Aircraft on the Table"
RULE_NON_VTOL = "Aerospace Operations: Non-VTOL Aircraft"
RULE_VTOL = "Aerospace Operations: VTOL Aircraft"
RULE_SPOT = "Aerospace Operations: Spotting from Aircraft"
RULE_TURRET = "Aerospace Operations: Firing from Aircraft (Turretted Weapons)"
RULE_FIXED = "Aerospace Operations: Firing from Aircraft (Fixed Weapons)"
RULE_DEADFALL = "Aerospace Operations: Firing from Aircraft (Deadfall Weapons)"
RULE_GUIDED = "Aerospace Operations: Firing from Aircraft (Guided Weapons)"
RULE_AA = "Aerospace Operations: On-Table Anti-Aircraft Fire"
RULE_A2A = "Aerospace Operations: Aircraft Firing at Other Aircraft"
RULE_CRASH = "Aerospace Operations: On-Table Anti-Aircraft Fire (crash and emergency landing)"
RULE_LZ = "Aerospace Operations: Landing Zones"
RULE_DROP = "Aerospace Operations: Dropping Troops from Hovering Aircraft"
RULE_INSERT = "Aerospace Operations: High Altitude or Orbital Insertion"

AIRBORNE, HOVERING, GROUNDED = "airborne", "hovering", "grounded"
FAST_MOVE = 12  # a non-VTOL aircraft moves at least 24 inches
VTOL_FREE = 6  # a VTOL moving 12 inches or less goes any way
TURRET_DEAD_ZONE = 3  # turrets cannot depress to hit within 6 inches
FIXED_MIN = {False: 12, True: 6}  # fixed weapons: non-VTOL 24", VTOL 12" (by vtol)
CORRIDOR_HALF = 1.0  # the fixed weapons' 6" corridor: 3 hexes wide
EVADE = 12  # an evading aircraft moves 24 inches
CRASH_RADIUS = 3  # 6 inches
CRASH_IMPACT = 8
LZ_TEST = 3  # a lightly obstructed landing needs 3 or more
PILOT_THREAT = 2  # the pilot's confidence test at +2
INSERT_TARGET = 4
# Landing Zones: LZ radius in hexes by craft size: 6" / 12" / 18" diameters (this game's reading, above)
LZ_RADIUS = {1: 1, 2: 1, 3: 3, 4: 3, 5: 4}
TAXI = 3  # taxiing: up to 6 inches an action
RULE_GRAV = "Aerospace Operations: Grav Vehicles"
ROUGH = ("woods", "rough", "wall", "building", "swamp")  # difficult ground for drops and insertions
HEAVY_LZ = ("woods", "building")
EVADE_TURNS = {"evade-left": 1, "evade-ahead": 0, "evade-right": -1}
AA_CHOICES = ("abort", "evade-left", "evade-ahead", "evade-right", "press")
EDGE_FACING = {"north": 5, "south": 2, "west": 0, "east": 3}  # into the table from a side's own edge
_EPS = 1e-6


# ---------------------------------------------------------------------------------------------
# Orders and the event of this module
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class MoveInbound:
    """Instead of activating a unit: move an aircraft's (or inserted unit's) counter one box along the
    inbound chart. ``to`` 0 (the battle area) places it on ``at``, facing ``facing``, ``air``
    "airborne" or (VTOL) "hovering"; for inserted troops ``at`` is the nominated landing zone."""

    side: str
    mission: str
    to: int
    at: Hex | None = None
    facing: int = 0
    air: str = AIRBORNE


@attrs.frozen
class AirMove:
    """One action: the aircraft flies to ``to`` and ends facing ``facing``."""

    unit: str
    to: Hex
    facing: int


@attrs.frozen
class LeaveTable:
    """One action: the aircraft flies off the table to box 1 (``box`` 1) or the loiter box (-1)."""

    unit: str
    box: int = 1


@attrs.frozen
class Land:
    """One action: a VTOL aircraft lands on its hex (Landing Zones)."""

    unit: str


@attrs.frozen
class TakeOff:
    """One action: a grounded aircraft takes off, hovering or airborne; ``to``/``facing``: it also flies
    there as part of the take-off (a non-VTOL aircraft must)."""

    unit: str
    air: str = HOVERING
    to: Hex | None = None
    facing: int = -1


@attrs.frozen
class Taxi:
    """One action: a grounded aircraft with wheels rolls along a road to ``to`` (at most 3 hexes)."""

    unit: str
    to: Hex


@attrs.frozen
class AirFire:
    """One action: the aircraft's weapon figure ``weapon`` (turreted, fixed or guided) fires at ``target``."""

    unit: str
    weapon: str
    target: str


@attrs.frozen
class DropBombs:
    """One action: drop ``count`` bombs, on one point ahead or (``stick``) each ahead of the last."""

    unit: str
    count: int = 1
    stick: bool = False


@attrs.frozen
class FireAA:
    """One action: the anti-aircraft weapon ``figure`` of the unit engages the aircraft ``target``."""

    unit: str
    figure: str
    target: str


@attrs.frozen
class DropTroops:
    """Passengers of a hovering VTOL drop onto ``at`` (its hex or next to it): ``method`` "rope"
    (the whole activation) or "grav" (grav-packs, one action)."""

    unit: str
    method: str
    at: Hex


@attrs.frozen(kw_only=True)
class AirPending:
    """What a pilot's decision is about (an ADE check or an AA lock), kept until it is answered."""

    facts: tuple[str, ...] | None
    rule: str = ""


def _f_pending(st: DustState, ev: AirPending) -> None:
    st.air_pending = tuple(ev.facts) if ev.facts is not None else None


# ---------------------------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------------------------


def is_aircraft(u: Unit) -> bool:
    return u.vehicle == "aircraft"


def flying(u: Unit) -> bool:
    return ground.flying(u)


def grav_vehicle(u: Unit) -> bool:
    """A grav vehicle in the book's sense (no abseiling from it): a vehicle with a grav drive."""
    return u.vehicle == "vehicle" and u.mover == "grav"


def can_fly(st: DustState, u: Unit) -> bool:
    """An aircraft, or a grav vehicle whose type may take off (vehicles.toml ``flight``)."""
    if is_aircraft(u):
        return True
    vt = st.tables.vehicles.get(u.vtype)
    return grav_vehicle(u) and vt is not None and vt.flight


def vtol_like(u: Unit) -> bool:
    """Flies as a VTOL: a VTOL aircraft, or a grav vehicle in the air (Grav Vehicles)."""
    return u.vtol or grav_vehicle(u)


def grounded(u: Unit) -> bool:
    """On the ground: a grounded aircraft, or a grav vehicle that is not in the air."""
    return u.air == GROUNDED or (grav_vehicle(u) and not flying(u))


def lz_radius(u: Unit) -> int:
    """Landing Zones: the zone's radius in hexes for a craft of this size (:data:`LZ_RADIUS`)."""
    return LZ_RADIUS.get(max(1, min(u.size, 5)), 1)


def acting(st: DustState, u: Unit) -> bool:
    return st.active is not None and st.active.unit == u.id


def moved(st: DustState, u: Unit) -> bool:
    """The aircraft has moved in its current activation."""
    return acting(st, u) and u.moves > 0


def must_move_first(st: DustState, u: Unit) -> str | None:
    """Non-VTOL Aircraft: a fast jet in the air moves before it does anything else this activation."""
    if is_aircraft(u) and not u.vtol and u.air == AIRBORNE and not moved(st, u):
        return f"{u.name} is not a VTOL aircraft: it must move before anything else this activation ({RULE_NON_VTOL})"
    return None


def step(h: Hex, direction: int, n: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q * n, h.r + d.r * n)


def can_see_unit(st: DustState, viewer: Unit, target: Unit) -> bool:
    if flying(viewer) or flying(target):
        smoke = ground.smoke_hexes(st)
        return viewer.pos not in smoke and target.pos not in smoke
    return ground.can_see(st, viewer.hex, target.hex)


def in_corridor(pos: Hex, facing: int, target: Hex) -> bool:
    """The target lies ahead, inside a corridor 3 hexes (6") wide centred on the facing."""
    ax, ay = to_pixel(pos)
    tx, ty = to_pixel(target)
    fx, fy = to_pixel(DIRECTIONS[facing % 6])
    length = math.hypot(fx, fy)
    vx, vy = tx - ax, ty - ay
    ahead = (vx * fx + vy * fy) / length
    lateral = abs(fx * vy - fy * vx) / length / math.sqrt(3.0)  # in hex widths
    return ahead > 0 and lateral <= CORRIDOR_HALF + _EPS


def facing_towards(pos: Hex, target: Hex, default: int) -> int:
    if pos == target:
        return default
    return min(range(6), key=lambda d: (relative_bearing(pos, d, target), d))


def _weapon(st: DustState, weapon: Any) -> Weapon | None:
    if isinstance(weapon, Weapon):
        return weapon
    if isinstance(weapon, Figure):
        return st.tables.weapons.get(weapon.weapon)
    return st.tables.weapons.get(str(weapon))


def mount_refusal(st: DustState, aircraft: Unit, weapon: Any, target: Unit) -> str | None:
    """Firing from Aircraft: why ``aircraft`` may not fire ``weapon`` (a Weapon, its figure or its id)
    at ``target`` now, by the weapon's mount; None if it may. Not an aircraft: None."""
    if not is_aircraft(aircraft):
        return None
    w = _weapon(st, weapon)
    if w is None:
        return "no such weapon"
    why = must_move_first(st, aircraft)
    if why:
        return why
    if flying(target):
        return (f"{target.name} is in the air: aircraft engage aircraft only with guided weapons, by FireAA "
                f"under the optional air-to-air rule ({RULE_A2A})")
    mount = w.mount or "turret"
    dist = hex_distance(aircraft.hex, target.hex)
    grounded = aircraft.air == GROUNDED
    hovering = aircraft.air == HOVERING
    if mount == "deadfall":
        return f"the {w.name} are dropped with DropBombs, not fired ({RULE_DEADFALL})"
    if mount == "turret":
        if grounded:
            return f"the {w.name} cannot fire while {aircraft.name} is grounded ({RULE_TURRET})"
        if dist <= TURRET_DEAD_ZONE:
            return (f"the {w.name} cannot depress far enough to hit anything within {TURRET_DEAD_ZONE} hexes "
                    f"(6\") of the aircraft ({RULE_TURRET})")
    elif mount == "fixed":
        if grounded:
            return f"fixed weapons may not fire while grounded ({RULE_FIXED})"
        least = FIXED_MIN[aircraft.vtol]
        if dist < least:
            return (f"the {w.name} cannot engage ground targets closer than {least} hexes "
                    f"({least * 2}\") from a {'VTOL' if aircraft.vtol else 'non-VTOL'} aircraft ({RULE_FIXED})")
        if not hovering and not in_corridor(aircraft.hex, aircraft.facing, target.hex):
            return f"the {w.name} fires only into a corridor 3 hexes (6\") wide straight ahead ({RULE_FIXED})"
    elif mount == "guided":
        if not hovering and relative_bearing(aircraft.hex, aircraft.facing, target.hex) > 90 + _EPS:
            return f"guided weapons engage only in the forward 180 degrees ({RULE_GUIDED})"
    return None


def guidance_shift(st: DustState, aircraft: Unit, target: Unit) -> int:
    """Guided Weapons from aircraft: -1 for a target outside the central 90 degrees (not when hovering)."""
    if is_aircraft(aircraft) and aircraft.air != HOVERING \
            and relative_bearing(aircraft.hex, aircraft.facing, target.hex) > 45 + _EPS:
        return -1
    return 0


def fly_refusal(st: DustState, u: Unit, to: Hex, facing: int) -> str | None:
    """Why an aircraft in the air (or taking off) may not fly from its hex to ``to`` ending on ``facing``."""
    if not st.tables.on_board(to):
        return "that hex is off the map: fly off the table with LeaveTable"
    if not 0 <= facing <= 5:
        return "a facing is a hex direction, 0 to 5"
    dist = hex_distance(u.hex, to)
    if dist == 0:
        return f"{u.name} is already there"
    if any(v.id != u.id and v.on_table and flying(v) and v.pos == to for v in st.units.values()):
        return "another aircraft is flying over that hex"
    vtol = vtol_like(u)
    if vtol and dist <= VTOL_FREE:
        return None
    if not vtol and dist < FAST_MOVE:
        return f"a non-VTOL aircraft must move at least {FAST_MOVE} hexes (24\") ({RULE_NON_VTOL})"
    if (facing - u.facing) % 6 not in (0, 1, 5):
        return (f"an aircraft turns no more than 90 degrees in a move: keep the facing or turn one hex side "
                f"({RULE_TABLE})")
    if relative_bearing(u.hex, facing, to) > 30 + _EPS:
        return (f"{u.name} must face the way it flies: the destination is off the new heading"
                + ("" if not vtol else f" (a VTOL flies any way only within {VTOL_FREE} hexes)"))
    return None


def ground_units_near(st: DustState, h: Hex, radius: int, but: str = "") -> list[Unit]:
    return [v for v in st.units.values() if v.id != but and v.on_table and not flying(v) and v.carried_by is None
            and v.hull is None and hex_distance(v.hex, h) <= radius]


def landing_zone(st: DustState, u: Unit, h: Hex) -> tuple[str, str]:
    """("heavy" | "light" | "clear", why) for a VTOL or grav vehicle landing on ``h`` (Landing Zones):
    the zone is every hex within :func:`lz_radius` of ``h``."""
    if st.tables.board.get(h) == "water" and not grav_vehicle(u):
        return "heavy", "a VTOL cannot land on open water"
    radius = lz_radius(u)
    zone = [x for x in spiral(h, radius) if st.tables.on_board(x)]
    for x in zone:
        if st.tables.board[x] in HEAVY_LZ:
            return "heavy", f"{st.tables.terrain[st.tables.board[x]].name} in the landing zone"
    if ground_units_near(st, h, radius, but=u.id):
        return "heavy", "troops or vehicles in the landing zone"
    for x in zone:
        t = st.tables.board[x]
        if st.tables.cover.get(x, "none") != "none" or st.tables.conceal.get(x, "none") != "none" \
                or st.tables.vehicle_terrain["grav"].get(x, "clear") != "clear":
            return "light", f"{st.tables.terrain[t].name} in the landing zone"
    return "clear", ""


def rough(st: DustState, h: Hex) -> bool:
    """Difficult ground for troops dropped or inserted (woods, rough ground, walls, buildings...)."""
    t = st.tables.board.get(h, "")
    return t in ROUGH or st.tables.terrain[t].move == "difficult" if t else False


def free_hex(st: DustState, near: Hex, taken: AbstractSet[Hex] = frozenset(), side: str = "",
             radius: int = 4) -> Hex | None:
    """The nearest hex to ``near`` with nobody on the ground, passable on foot, (given ``side``) not
    next to an enemy of that side."""
    for h in spiral(near, radius):
        if not st.tables.on_board(h) or h in taken or st.occupant.get(h) is not None:
            continue
        if ground_units_near(st, h, 0):
            continue
        if st.tables.costs["normal"].get(h) is None:
            continue
        if side and ground.adjacent_to_enemy(st, side, h):
            continue
        return h
    return None


def _spec(st: DustState, uid: str) -> dict[str, Any]:
    return next((s for s in st.tables.deployment if str(s["id"]) == uid), {})


def _side_name(st: DustState, side: str) -> str:
    return st.tables.side_names.get(side, side)


# ---------------------------------------------------------------------------------------------
# Setting up: counters on the inbound chart
# ---------------------------------------------------------------------------------------------


def SETUP(ctx: Resolution) -> None:
    """The Inbound Chart: every aircraft (or inserted unit) that starts off the table gets a counter in
    its scenario's box."""
    st: DustState = ctx.state
    for spec in st.tables.deployment:
        box = spec.get("inbound")
        u = st.units.get(str(spec["id"]))
        if not box or u is None or not (is_aircraft(u) or spec.get("insertion")):
            continue
        ctx.emit(E.MissionPlaced(mission=ground.new_id(st, "air"), side=u.side, kind="aircraft", asset=u.id,
                                 box=int(box), unit=u.id, reason=f"{u.name} is inbound", rule=RULE_CHART))


# ---------------------------------------------------------------------------------------------
# MoveInbound and the air defence environment
# ---------------------------------------------------------------------------------------------


def _inbound_check(st: DustState, side: str, cmd: MoveInbound) -> str | None:
    m = st.missions.get(cmd.mission)
    if m is None or m.side != side or m.kind != "aircraft" or m.unit not in st.units:
        return "there is no aircraft counter of yours by that name on the inbound chart"
    u = st.units[m.unit]
    inserted = not is_aircraft(u)
    allowed = {3: (2,), 2: (1,), 1: (0,) if inserted else (0, -1), -1: (0,)}.get(m.box, ())
    if cmd.to not in allowed:
        return (f"{u.name}'s counter is in box {m.box}: it may move only to "
                + (" or ".join(str(b) for b in allowed) or "nowhere") + " (3 -> 2 -> 1 -> battle area 0 or loiter -1)")
    if cmd.to != 0:
        return None
    if cmd.at is None or not st.tables.on_board(cmd.at):
        return "name the hex on the table where it arrives"
    if inserted:
        return None
    if cmd.air not in (AIRBORNE, HOVERING):
        return "an aircraft arrives airborne or (VTOL) hovering"
    if cmd.air == HOVERING and not u.vtol:
        return f"only VTOL aircraft hover ({RULE_TABLE})"
    if not 0 <= cmd.facing <= 5:
        return "a facing is a hex direction, 0 to 5"
    if any(v.on_table and flying(v) and v.pos == cmd.at for v in st.units.values()):
        return "another aircraft is flying over that hex"
    return None


def _inbound_offer(st: DustState, side: str) -> list[MoveInbound]:
    out: list[MoveInbound] = []
    mine = [m for m in st.missions.values() if m.side == side and m.kind == "aircraft"]
    if not mine:
        return out
    t = st.tables
    centre = _centre(st) if t.on_board(_centre(st)) else next(iter(t.board))
    edge = t.side_info[side]["edge"]
    into = EDGE_FACING[edge]
    for m in mine:
        if m.box > 1:
            out.append(MoveInbound(side, m.id, m.box - 1))
            continue
        u = st.units.get(m.unit or "")
        if u is None:
            continue
        if m.box == 1 and is_aircraft(u):
            out.append(MoveInbound(side, m.id, -1))
        spots = [centre] + list(t.objectives[:2])
        for h in spots:
            out.append(MoveInbound(side, m.id, 0, at=h, facing=into))
            if is_aircraft(u) and u.vtol:
                out.append(MoveInbound(side, m.id, 0, at=h, facing=into, air=HOVERING))
    return out


def _centre(st: DustState) -> Hex:
    from hexfront.engine.core.hexes import offset_to_axial

    return offset_to_axial(st.tables.width // 2, st.tables.height // 2)


def _inbound_resolve(ctx: Resolution, side: str, cmd: MoveInbound) -> None:
    st: DustState = ctx.state
    m = st.missions[cmd.mission]
    assert m.unit is not None, "_inbound_check refuses a counter that carries no unit"
    u = st.units[m.unit]
    if cmd.to > 0 or (cmd.to == -1 and m.box != 1):
        ctx.emit(E.MissionMoved(mission=m.id, box=cmd.to, reason=f"{u.name} flies on", rule=RULE_CHART))
        return
    if m.box == 1 and is_aircraft(u):
        enemy = st.other(side)
        ade = st.tables.side_info[enemy]["ade"]
        a = ctx.roll(ade, f"{_side_name(st, enemy)}'s air defence environment D{ade} against {u.name}'s ECM",
                     RULE_ADE, enemy)
        e = ctx.roll(u.ecm, f"{u.name}'s ECM die D{u.ecm} against the air defences", RULE_ADE, u.id)
        if a > e:
            doubled = a > 2 * e
            at = cmd.at or Hex(0, 0)
            ctx.emit(E.Note(text=f"air defences {a} beat ECM {e}: {u.name} is acquired"
                            + (" (more than double: the ADE roll will be doubled)" if doubled else ""), rule=RULE_ADE))
            ctx.emit(AirPending(facts=("ade", m.id, str(cmd.to), str(at.q), str(at.r), str(cmd.facing), cmd.air,
                                       "1" if doubled else "0"), rule=RULE_ADE))
            ctx.emit(E.DecisionAsked(side=side, kind="ade_pilot", data=("abort", "continue"), rule=RULE_ADE))
            return
        ctx.emit(E.Note(text=f"ECM {e} holds off the air defences' {a}: {u.name} gets through", rule=RULE_ADE))
    _arrive(ctx, m, u, cmd.to, cmd.at, cmd.facing, cmd.air)


def _ade_decided(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    facts = st.air_pending or ()
    ctx.emit(AirPending(facts=None, rule=RULE_ADE))
    _, mid, to, q, r, facing, air, doubled = facts
    m = st.missions[mid]
    assert m.unit is not None, "only an aircraft's counter is held by the air defences"
    u = st.units[m.unit]
    if choice == "abort":
        _return_to_base(ctx, u, "the pilot aborts the mission in the face of the air defences", RULE_ADE)
    else:
        enemy = st.other(m.side)
        ade = st.tables.side_info[enemy]["ade"]
        a = ctx.roll(ade, f"{_side_name(st, enemy)}'s air defences D{ade} engage {u.name}"
                     + (" (doubled)" if doubled == "1" else ""), RULE_ADE, enemy)
        a *= 2 if doubled == "1" else 1
        belly = u.armour_face("belly")
        arm = roll_value(ctx, belly, f"{u.name}'s belly armour {value_name(belly)}", RULE_ADE, u.id)
        if a > arm:
            ctx.emit(E.MissionRemoved(mission=m.id, reason=f"{u.name} is shot down on the way in", rule=RULE_ADE))
            _lose(ctx, u, f"shot down by the air defences ({a} against armour {arm})", RULE_ADE)
        else:
            ctx.emit(E.Note(text=f"armour {arm} holds against the air defences' {a}: {u.name} comes through",
                            rule=RULE_ADE))
            _arrive(ctx, m, u, int(to), Hex(int(q), int(r)), int(facing), air)
    _side_action_done(ctx, m.side)


def _side_action_done(ctx: Resolution, side: str) -> None:
    """As after any order given instead of an activation: the other side acts next (rules.resolve)."""
    st: DustState = ctx.state
    if st.result is None and st.pending is None and st.active is None \
            and st.options.get("activation", "alternate") == "alternate":
        other = st.other(side)
        ctx.emit(E.SideToAct(side=other if st.unactivated(other) else side))
        acts.offer_seize(ctx)


def _arrive(ctx: Resolution, m: Mission, u: Unit, to: int, at: Hex | None, facing: int, air: str) -> None:
    st: DustState = ctx.state
    if to == -1:
        ctx.emit(E.MissionMoved(mission=m.id, box=-1, reason=f"{u.name} loiters near the battle", rule=RULE_ADE))
        return
    if not is_aircraft(u):
        assert at is not None, "_inbound_check names the hex where inserted troops arrive"
        insert(ctx, m, u, at)
        return
    ctx.emit(E.MissionRemoved(mission=m.id, reason=f"{u.name} arrives over the battle area", rule=RULE_ADE))
    ctx.emit(E.InFlight(unit=u.id, flight=air, reason="arrives", rule=RULE_TABLE))
    ctx.emit(E.Turned(unit=u.id, facing=facing, reason="arrives", rule=RULE_TABLE))
    ctx.emit(E.UnitPlaced(unit=u.id, at=at))
    for x in [u] + st.passengers(u.id):
        ctx.emit(E.ArrivedOnTable(unit=x.id, reason="arrives on the table", rule=RULE_CHART))
        ctx.emit(E.CountsAsActivated(unit=x.id, reason="just arrived: it may act next turn", rule=RULE_CHART))


def _return_to_base(ctx: Resolution, u: Unit, why: str, rule: str) -> None:
    """The mission is aborted: the aircraft and whoever is aboard leave the battle for good."""
    st: DustState = ctx.state
    for m in list(st.missions.values()):
        if m.unit == u.id:
            ctx.emit(E.MissionRemoved(mission=m.id, reason=why, rule=rule))
    for x in [u] + st.passengers(u.id):
        if not x.off_table:
            ctx.emit(E.LeftTable(unit=x.id, reason=why + ": back to base", rule=rule))
    ctx.emit(E.Note(text=f"{u.name} returns to base and takes no further part", rule=rule))


def _lose(ctx: Resolution, u: Unit, why: str, rule: str) -> None:
    """The aircraft (or inserted unit) and everyone aboard are killed."""
    st: DustState = ctx.state
    for x in st.passengers(u.id) + [u]:
        for f in x.figures:
            if f.status not in (KILLED, ABANDONED):
                ctx.emit(E.FigureChanged(unit=x.id, figure=f.id, status=KILLED, wounds=f.wounds, reason=why,
                                         rule=rule))


# ---------------------------------------------------------------------------------------------
# High altitude and orbital insertion
# ---------------------------------------------------------------------------------------------


def insert(ctx: Resolution, m: Mission, u: Unit, aim: Hex) -> None:
    """High Altitude or Orbital Insertion: where the unit comes down, and what the landing costs it."""
    st: DustState = ctx.state
    how = str(_spec(st, u.id).get("insertion", "grav"))
    ctx.emit(E.MissionRemoved(mission=m.id, reason=f"{u.name} drops ({how})", rule=RULE_INSERT))
    die = shift(u.quality, -1) if how == "parachute" else u.quality
    roll = ctx.roll(die, f"{u.name} drops on the landing zone: quality die {die_name(die)}"
                    + (" (parachute: one lower)" if how == "parachute" else "") + f" must beat {INSERT_TARGET}",
                    RULE_INSERT, u.id,
                    modifiers=_named(f"quality die D{u.quality}",
                                     [("a parachute drop", -1 if how == "parachute" else 0)], RULE_INSERT))
    good = roll > INSERT_TARGET
    d = ctx.roll(6, "drift from the aim point: D6 inches" if good else "drift from the aim point: D6 x 2 inches",
                 RULE_INSERT, u.id)
    hexes = (d + 1) // 2 if good else d
    hour = ctx.roll(12, "direction of the drift (clockface)", RULE_INSERT, u.id)
    lz = step(aim, clock_to_hex_direction(hour), hexes)
    if not st.tables.on_board(lz):
        ctx.emit(E.Note(text=f"{u.name} drifts {hex_count(hexes)} off the table: the unit is lost", rule=RULE_INSERT))
        _lose(ctx, u, "came down off the table", RULE_INSERT)
        return
    spot = lz if not ground_units_near(st, lz, 0) else free_hex(st, lz, side=u.side) or free_hex(st, lz) or lz
    ctx.emit(E.Note(text=f"{u.name} comes down at {_where(spot)}, {hex_count(hexes)} from the aim point"
                    + ("" if spot == lz else " (the nearest free hex)"), rule=RULE_INSERT))
    ctx.emit(E.UnitPlaced(unit=u.id, at=spot))
    ctx.emit(E.ArrivedOnTable(unit=u.id, reason="lands", rule=RULE_INSERT))
    ctx.emit(E.CountsAsActivated(unit=u.id, reason="just landed: it may act next turn", rule=RULE_CHART))
    models = [f for f in u.figures if f.status not in (KILLED, ABANDONED) and f.role != WEAPON]
    far = 0
    for f in models:
        inches = ctx.roll(10, f"{f.name} disperses: D10 inches" + (" x 2 from orbit" if how == "orbital" else ""),
                          RULE_INSERT, u.id) * (2 if how == "orbital" else 1)
        far = max(far, (inches + 1) // 2)
    if models:
        ctx.emit(E.Note(text=f"{u.name}'s furthest model lands {hex_count(far)} from the rest"
                        + (": the squad is widely scattered" if far > 3 else ""), rule=RULE_INSERT))
    terrain = st.tables.board[spot]
    hard = rough(st, spot)
    hurt = []
    for f in models:
        if terrain == "water" and not f.power:
            checks.set_figure(ctx, u, f, KILLED, f.wounds, "came down in open water", RULE_INSERT)
            hurt.append(f)
            continue
        if f.role == HULL:
            r = ctx.roll(u.quality, f"{u.name} lands: quality die D{u.quality}, 1 destroys it", RULE_INSERT, u.id)
            if r == 1 or hard:
                checks.set_figure(ctx, u, f, KILLED, f.wounds, "destroyed on landing"
                                  + (" on difficult ground" if hard else ""), RULE_INSERT)
            continue
        qd = shift(u.quality, -1) if hard else u.quality
        r = ctx.roll(qd, f"{f.name} lands: quality die {die_name(qd)}" + (" (difficult ground)" if hard else "")
                     + ", 1 wounds", RULE_INSERT, u.id,
                     modifiers=_named(f"quality die D{u.quality}", [("difficult ground", -1 if hard else 0)],
                                      RULE_INSERT))
        if r == 1:
            _wound(ctx, u, f, "a bad landing", RULE_INSERT)
            hurt.append(f)
    if hurt:
        checks.leader_losses(ctx, [u.id])


def _wound(ctx: Resolution, u: Unit, f: Figure, why: str, rule: str) -> None:
    wounds = f.wounds + 1
    checks.set_figure(ctx, u, f, KILLED if wounds >= 2 else UNTREATED, wounds,
                      why + (": a second wound kills" if wounds >= 2 else ": wounded"), rule)


def _where(h: Hex) -> str:
    from hexfront.engine.core.hexes import hex_label

    return hex_label(h)


# ---------------------------------------------------------------------------------------------
# Flying: AirMove, LeaveTable, Land, TakeOff, and the end of an activation
# ---------------------------------------------------------------------------------------------


def _cannot_fly(st: DustState, u: Unit) -> str | None:
    """Why ``u`` never flies, or None: not an aircraft, nor a grav vehicle whose type may take off."""
    if can_fly(st, u):
        return None
    if grav_vehicle(u):
        return f"{u.name} is a grav vehicle without flight: it stays on the ground ({RULE_GRAV})"
    return f"{u.name} is not an aircraft"


def _flyer_refusal(st: DustState, u: Unit) -> str | None:
    why = _cannot_fly(st, u)
    if why:
        return why
    if not u.on_table:
        return f"{u.name} is not on the table"
    if not flying(u):
        return f"{u.name} is grounded: take off first"
    return None


def _airmove_check(st: DustState, u: Unit, cmd: AirMove) -> str | None:
    return _flyer_refusal(st, u) or fly_refusal(st, u, cmd.to, cmd.facing)


def _airmove_offer(st: DustState, u: Unit) -> list[AirMove]:
    if not flying(u) or not u.on_table or not can_fly(st, u):
        return []
    out = []
    for turn in (0, 1, -1):
        d = (u.facing + turn) % 6
        for n in (FAST_MOVE, FAST_MOVE + 6):
            out.append(AirMove(u.id, step(u.hex, d, n), d))
    if vtol_like(u):
        for d in range(6):
            for n in (3, VTOL_FREE):
                out.append(AirMove(u.id, step(u.hex, d, n), d))
    return [c for c in out if st.tables.on_board(c.to)]


def fly(ctx: Resolution, u: Unit, to: Hex, facing: int, why: str, rule: str = RULE_TABLE) -> None:
    """Move an aircraft through the air to ``to`` (no mines, no blocking: it is above them)."""
    if facing != u.facing:
        ctx.emit(E.Turned(unit=u.id, facing=facing, reason=why, rule=rule))
    if u.air == HOVERING:
        ctx.emit(E.InFlight(unit=u.id, flight=AIRBORNE, reason="moves off", rule=rule))
    ctx.emit(E.UnitMoved(unit=u.id, path=(u.hex, to), points=hex_distance(u.hex, to), rule=rule))
    ctx.emit(E.MoveMade(unit=u.id, reason=why, rule=rule))


def _airmove_resolve(ctx: Resolution, u: Unit, cmd: AirMove) -> None:
    acts.spend(ctx, u, "fly")
    acts.reveal(ctx, u, "it moved")
    fly(ctx, u, cmd.to, cmd.facing, "flies", RULE_GRAV if grav_vehicle(u) else RULE_VTOL if u.vtol else RULE_NON_VTOL)
    acts.sight_checks(ctx, u)


def _leave_check(st: DustState, u: Unit, cmd: LeaveTable) -> str | None:
    why = _flyer_refusal(st, u)
    if why:
        return why
    if not is_aircraft(u):
        return f"{u.name} is a grav vehicle: it flies low over the battlefield and cannot leave it by air ({RULE_GRAV})"
    if cmd.box not in (1, -1):
        return "an aircraft leaving the table goes to box 1 (1) or the loiter box (-1)"
    return None


def _leave_offer(st: DustState, u: Unit) -> list[LeaveTable]:
    if not is_aircraft(u) or not flying(u) or not u.on_table:
        return []
    return [LeaveTable(u.id, 1), LeaveTable(u.id, -1)]


def leave_table(ctx: Resolution, u: Unit, box: int, why: str, rule: str = RULE_TABLE) -> None:
    st: DustState = ctx.state
    ctx.emit(E.MissionPlaced(mission=ground.new_id(st, "air"), side=u.side, kind="aircraft", asset=u.id, box=box,
                             unit=u.id, reason=why, rule=rule))
    ctx.emit(E.MoveMade(unit=u.id, reason=why, rule=rule))
    for x in [u] + st.passengers(u.id):
        ctx.emit(E.LeftTable(unit=x.id, reason=why, rule=rule))


def _leave_resolve(ctx: Resolution, u: Unit, cmd: LeaveTable) -> None:
    acts.spend(ctx, u, "leave the table")
    leave_table(ctx, u, cmd.box, "flies off the table to " + ("box 1" if cmd.box == 1 else "the loiter box"))


def _land_check(st: DustState, u: Unit, cmd: Land) -> str | None:
    why = _flyer_refusal(st, u)
    if why:
        return why
    if not vtol_like(u):
        return f"only VTOL aircraft can land on the table ({RULE_TABLE})"
    kind, what = landing_zone(st, u, u.hex)
    if kind == "heavy":
        return f"the landing zone is heavily obstructed: {what} ({RULE_LZ})"
    return None


def _land_resolve(ctx: Resolution, u: Unit, cmd: Land) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "land")
    kind, what = landing_zone(st, u, u.hex)
    if kind == "light":
        r = ctx.roll(u.quality, f"{u.name} lands in a lightly obstructed zone ({what}): quality die D{u.quality} "
                     f"must score {LZ_TEST} or more", RULE_LZ, u.id)
        if r < LZ_TEST:
            ctx.emit(E.LandedHeavily(unit=u.id, reason=f"landed heavily ({r}): it cannot take off again",
                                     rule=RULE_LZ))
    if grav_vehicle(u):  # back on the ground it is a ground vehicle again (Grav Vehicles)
        ctx.emit(E.Landed(unit=u.id, flight="", reason="lands: a ground vehicle again", rule=RULE_GRAV))
        return
    ctx.emit(E.Landed(unit=u.id, flight=GROUNDED, reason="lands", rule=RULE_VTOL))


def _takeoff_check(st: DustState, u: Unit, cmd: TakeOff) -> str | None:
    why = _cannot_fly(st, u)
    if why:
        return why
    if not u.on_table:
        return f"{u.name} is not on the table"
    if not grounded(u):
        return f"{u.name} is already in the air"
    if u.landed_heavy:
        return f"{u.name} landed heavily: it cannot take off again ({RULE_LZ})"
    if u.immobilised:
        return f"{u.name} is immobilised: it cannot take off"
    if cmd.air not in (AIRBORNE, HOVERING):
        return "an aircraft takes off airborne or (VTOL) hovering"
    if cmd.air == HOVERING and not vtol_like(u):
        return f"only VTOL aircraft hover ({RULE_TABLE})"
    if not vtol_like(u) and cmd.to is None:
        return f"a non-VTOL aircraft takes off into a move of at least {FAST_MOVE} hexes: name where it flies"
    if cmd.to is not None:
        if cmd.air == HOVERING:
            return "a take-off with a move ends airborne"
        return fly_refusal(st, u, cmd.to, u.facing if cmd.facing < 0 else cmd.facing)
    if any(v.id != u.id and v.on_table and flying(v) and v.pos == u.pos for v in st.units.values()):
        return "another aircraft is flying over this hex"
    return None


def _takeoff_offer(st: DustState, u: Unit) -> list[TakeOff]:
    if not u.is_vehicle or not grounded(u) or not u.on_table or u.landed_heavy or not can_fly(st, u):
        return []
    out = [TakeOff(u.id, HOVERING), TakeOff(u.id, AIRBORNE)] if vtol_like(u) else []
    to = step(u.hex, u.facing, FAST_MOVE)
    if st.tables.on_board(to):
        out.append(TakeOff(u.id, AIRBORNE, to, u.facing))
    return out


def _takeoff_resolve(ctx: Resolution, u: Unit, cmd: TakeOff) -> None:
    acts.spend(ctx, u, "take off")
    ctx.emit(E.InFlight(unit=u.id, flight=cmd.air, reason="takes off",
                       rule=RULE_GRAV if grav_vehicle(u) else RULE_VTOL))
    if cmd.to is not None:
        fly(ctx, u, cmd.to, u.facing if cmd.facing < 0 else cmd.facing, "takes off and flies")
    elif cmd.air == AIRBORNE:
        ctx.emit(E.MoveMade(unit=u.id, reason="takes off into forward flight", rule=RULE_VTOL))


def _wheeled(st: DustState, u: Unit) -> bool:
    vt = st.tables.vehicles.get(u.vtype)
    return vt is not None and vt.wheels


def _paved(st: DustState, h: Hex) -> bool:
    return st.tables.board.get(h) == "road"


def taxi_path(st: DustState, u: Unit, to: Hex) -> list[Hex] | None:
    """The shortest way along road hexes free of units on the ground, at most :data:`TAXI` hexes."""
    taken = {v.pos for v in st.units.values() if v.id != u.id and v.on_table and not flying(v)
             and v.carried_by is None and v.hull is None}

    def cost(_a: Hex, b: Hex) -> int | None:
        return 1 if _paved(st, b) and b not in taken else None

    return shortest_path(u.hex, to, cost, budget=TAXI)


def _taxi_check(st: DustState, u: Unit, cmd: Taxi) -> str | None:
    if not is_aircraft(u):
        return f"{u.name} is not an aircraft" + (": on the ground it drives with Move" if u.is_vehicle else "")
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.air != GROUNDED:
        return f"{u.name} is in the air: only a grounded aircraft taxis"
    if not _wheeled(st, u):
        return f"{u.name} has no wheels: a grounded aircraft without them cannot move ({RULE_VTOL})"
    if not _paved(st, u.hex):
        return f"{u.name} is not on a paved surface: it taxis only along roads ({RULE_VTOL})"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the map"
    if cmd.to == u.pos:
        return f"{u.name} is already there"
    if not _paved(st, cmd.to):
        return f"that hex is not paved: {u.name} taxis only along roads ({RULE_VTOL})"
    if hex_distance(u.hex, cmd.to) > TAXI:
        return f"an aircraft taxis at most {TAXI} hexes (6\") in an action ({RULE_VTOL})"
    if taxi_path(st, u, cmd.to) is None:
        return f"no clear road of {TAXI} hexes or less leads there: the way is blocked or leaves the road"
    if not ground.may_end_at(st, u, cmd.to, known=True):
        return "it may not stop there: not on another unit, and not next to an enemy"
    return None


def _taxi_offer(st: DustState, u: Unit) -> list[Taxi]:
    if not is_aircraft(u) or u.air != GROUNDED or not u.on_table or not _wheeled(st, u) or not _paved(st, u.hex):
        return []
    return [Taxi(u.id, h) for h in spiral(u.hex, TAXI) if h != u.pos and _paved(st, h)]


def _taxi_resolve(ctx: Resolution, u: Unit, cmd: Taxi) -> None:
    st: DustState = ctx.state
    path = taxi_path(st, u, cmd.to)
    assert path is not None
    acts.spend(ctx, u, "taxi")
    acts.reveal(ctx, u, "it moved")
    last, prev = path[-1], path[-2]
    facing = next(d for d in range(6) if prev.neighbour(d) == last)
    if facing != u.facing:
        ctx.emit(E.Turned(unit=u.id, facing=facing, reason="faces the way it taxied", rule=RULE_VTOL))
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=len(path) - 1, rule=RULE_VTOL))
    ctx.emit(E.MoveMade(unit=u.id, reason="taxis", rule=RULE_VTOL))
    acts.sight_checks(ctx, u)
    acts.after_move(ctx, u, list(path))


def ACTIVATION_END(ctx: Resolution, u: Unit) -> None:
    """A VTOL (or grav vehicle) in the air that has not moved is hovering; a jet that has not moved is
    carried on 12 hexes."""
    if not u.is_vehicle or not u.on_table or u.air != AIRBORNE or u.moves:
        return
    if vtol_like(u):
        ctx.emit(E.InFlight(unit=u.id, flight=HOVERING, reason="did not move this activation", rule=RULE_VTOL))
        return
    st: DustState = ctx.state
    to = step(u.hex, u.facing, FAST_MOVE)
    if st.tables.on_board(to) and fly_refusal(st, u, to, u.facing) is None:
        ctx.emit(E.Note(text=f"{u.name} did not move: it flies on {FAST_MOVE} hexes straight ahead",
                        rule=RULE_NON_VTOL))
        fly(ctx, u, to, u.facing, "carried on by its speed", RULE_NON_VTOL)
    else:
        leave_table(ctx, u, 1, "did not move: its speed carries it off the table to box 1", RULE_NON_VTOL)


# ---------------------------------------------------------------------------------------------
# Firing from aircraft: AirFire and DropBombs
# ---------------------------------------------------------------------------------------------


def _airfire_check(st: DustState, u: Unit, cmd: AirFire) -> str | None:
    if not is_aircraft(u):
        return f"{u.name} is not an aircraft: fire with FireWeapon or Shoot"
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    f = next((x for x in u.figures if x.id == cmd.weapon and x.role == WEAPON), None)
    if f is None:
        return f"{cmd.weapon} is not a weapon of {u.name}"
    w = st.tables.weapons[f.weapon]
    if w.mount == "deadfall":
        return f"the {w.name} are dropped with DropBombs ({RULE_DEADFALL})"
    why = heavy.weapon_refusal(st, u, f)
    if why:
        return why
    why = ground.fire_target_refusal(st, u, cmd.target)
    if why:
        return why
    target = st.units[cmd.target]  # fire_target_refusal refuses an unknown id
    why = heavy.target_refusal(st, target) or mount_refusal(st, u, w, target)
    if why:
        return why
    if not can_see_unit(st, u, target):
        return f"{u.name} cannot see {target.name}: smoke hides it"
    if w.kind != "guided":
        dist = hex_distance(u.hex, target.hex)
        if w.max_range and dist > w.max_range:
            return f"the target is {dist} hexes away: the {w.name} reaches {w.max_range} hexes at most"
        die, shifts = heavy.weapon_target_die(st, u, f, target)
        if die > 12:
            return f"no shot is possible with the {w.name}: the {heavy.describe_die(die, shifts)}"
    return None


def _airfire_offer(st: DustState, u: Unit) -> list[AirFire]:
    if not is_aircraft(u) or not u.on_table:
        return []
    figs = [f for f in u.figures if f.role == WEAPON and f.status == "fit" and not f.fired
            and st.tables.weapons[f.weapon].mount != "deadfall"]
    if not figs:
        return []
    return [AirFire(u.id, f.id, t.id) for t in st.enemies(u.side) if not t.hidden and not flying(t) for f in figs]


def _airfire_resolve(ctx: Resolution, u: Unit, cmd: AirFire) -> None:
    st: DustState = ctx.state
    f = checks.figure_by_id(u, cmd.weapon)
    w = st.tables.weapons[f.weapon]
    target = st.units[cmd.target]
    if u.air == HOVERING and w.mount in ("fixed", "guided"):
        face = facing_towards(u.hex, target.hex, u.facing)
        if face != u.facing:
            ctx.emit(E.Turned(unit=u.id, facing=face, reason="turns to fire as it hovers", rule=RULE_VTOL))
    shift_g = guidance_shift(st, u, target) if w.mount == "guided" else 0
    if w.kind != "guided" or not shift_g:
        heavy.resolve(ctx, u, heavy.FireWeapon(u.id, (f.id,), target.id))
        return
    _guided_off_axis(ctx, u, f, w, target)


def _guided_off_axis(ctx: Resolution, u: Unit, f: Figure, w: Weapon, target: Unit) -> None:
    """Guided Weapons from an aircraft at a target outside the central 90 degrees: the missile's
    firing procedure (heavy.py) with the guidance die one type lower."""
    st: DustState = ctx.state
    acts.spend(ctx, u, "fire a guided missile")
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    acts.reveal(ctx, u, "it fired")
    first_fire = not target.under_fire_before
    suppressed_before = target.suppressed_before
    if first_fire:
        ctx.emit(E.CameUnderFire(unit=target.id, reason=f"fired on by {u.name}", rule="Morale: Confidence Test"))
    if heavy._decoyed(ctx, u, w, target):
        return
    g = shift(w.guidance, -1)
    ecm, words = heavy.ecm_die(st, target)
    e_roll = ctx.roll(ecm, words, RULE_GUIDED, target.id)
    rolls = [ctx.roll(u.quality, f"{u.name} guides the missile: quality die D{u.quality}", RULE_GUIDED, u.id),
             ctx.roll(g, f"{w.name}: guidance die D{w.guidance} -> {die_name(g)}, target outside the central 90 "
                      "degrees", RULE_GUIDED, u.id,
                      modifiers=_named(f"guidance die D{w.guidance}", [("target outside the central 90 degrees", -1)],
                                       RULE_GUIDED))]
    if ew.disrupt(ctx, u.side, rolls, "guided missile"):
        ctx.emit(E.Note(text=f"the {w.name}'s guidance is disrupted: the missile misses", rule=RULE_GUIDED))
        return
    res = successes(rolls, e_roll)
    ctx.emit(E.Note(text=f"{u.name}'s {w.name} against {target.name}: {res.count} of 2 dice "
                    f"({', '.join(map(str, rolls))}) beat the ECM die's {e_roll}: {res.label}", rule=RULE_GUIDED))
    suppressed = False
    if res.count:
        suppressed = heavy.place_suppression(ctx, u, target, f"a guided missile from {u.name}", RULE_GUIDED)
    damage = casualties = 0
    if res.major:
        if target.is_vehicle:
            damage = heavy.vehicle_hits(ctx, u, f.id, target, 1, w.impact_against(True), max(w.size, 1), u.hex)
        else:
            casualties = shooting.resolve_hits(ctx, u, target, [f], 1, w.impact)
    if target.is_vehicle:
        if target.on_table:
            shooting.fire_morale(ctx, target, first_fire=first_fire,
                                 first_suppressed=suppressed and not suppressed_before,
                                 casualties=0, travel=target.travel)
        if damage:
            heavy.vehicle_morale(ctx, target)
    else:
        shooting.fire_morale(ctx, target, first_fire=first_fire, first_suppressed=suppressed and not suppressed_before,
                         casualties=casualties, travel=target.travel)


def _bomb_mounts(st: DustState, u: Unit) -> list[Figure]:
    return [f for f in u.figures if f.role == WEAPON and f.status == "fit" and not f.fired
            and st.tables.weapons[f.weapon].mount == "deadfall"]


def _bombs_check(st: DustState, u: Unit, cmd: DropBombs) -> str | None:
    if not is_aircraft(u):
        return f"{u.name} is not an aircraft"
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.air == GROUNDED:
        return f"bombs may not be dropped while grounded ({RULE_DEADFALL})"
    why = must_move_first(st, u)
    if why:
        return why
    mounts = _bomb_mounts(st, u)
    most = sum(st.tables.weapons[f.weapon].count for f in mounts)
    if not most:
        return f"{u.name} has no bombs left to drop this activation"
    if not 1 <= cmd.count <= most:
        return f"{u.name} may drop 1 to {most} bombs in this action"
    return None


def _bombs_offer(st: DustState, u: Unit) -> list[DropBombs]:
    if not is_aircraft(u) or not u.on_table or u.air == GROUNDED:
        return []
    most = sum(st.tables.weapons[f.weapon].count for f in _bomb_mounts(st, u))
    out = [DropBombs(u.id, n) for n in range(1, most + 1)]
    out += [DropBombs(u.id, n, True) for n in range(2, most + 1)]
    return out


def _bombs_resolve(ctx: Resolution, u: Unit, cmd: DropBombs) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "drop bombs")
    acts.reveal(ctx, u, "it attacked")
    used, left = [], cmd.count
    for f in _bomb_mounts(st, u):
        if left <= 0:
            break
        used.append(f)
        left -= st.tables.weapons[f.weapon].count
    ctx.emit(E.FiguresFired(unit=u.id, figures=tuple(f.id for f in used)))
    w = st.tables.weapons[used[0].weapon]
    points: list[Hex] = []
    for i in range(cmd.count):
        if u.air == HOVERING:
            points.append(u.hex)
            continue
        d = ctx.roll(6, f"bomb {i + 1} of {cmd.count} falls D6 inches ahead of "
                     + ("the bomb before it" if cmd.stick and i else f"{u.name}"), RULE_DEADFALL, u.id)
        start = points[-1] if cmd.stick and i else u.hex
        points.append(step(start, u.facing, (d + 1) // 2))
    caught: dict[str, dict[str, Any]] = {}
    for i, p in enumerate(points):
        if not st.tables.on_board(p):
            ctx.emit(E.Note(text=f"bomb {i + 1} falls off the table", rule=RULE_DEADFALL))
            continue
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "blast"), kind="blast", side=u.side, at=p,
                                 data=(f"radius={w.burst}",), reason=f"a bomb from {u.name} explodes",
                                 rule=RULE_DEADFALL))
        support.burst(ctx, p, w.burst, (w.impact, w.impact_against(True)), caught)
    support.blast_morale(ctx, caught)


# ---------------------------------------------------------------------------------------------
# Anti-aircraft fire
# ---------------------------------------------------------------------------------------------


def _aa_weapon_refusal(st: DustState, u: Unit, f: Figure | None) -> str | None:
    if f is None:
        return "name a figure of the unit that carries an anti-aircraft weapon"
    w = st.tables.weapons.get(f.weapon)
    if w is None:
        return f"{f.name} carries no weapon"
    if is_aircraft(u) and flying(u):
        if not st.options.get("air_to_air"):
            return f"aircraft firing at aircraft is an optional rule that is not in use ({RULE_A2A})"
        if w.mount != "guided":
            return f"an aircraft engages aircraft only with its guided weapons ({RULE_A2A})"
    elif w.kind != "aa":
        return f"only designated anti-aircraft weapons may fire on aircraft: the {w.name} is not one ({RULE_AA})"
    if f.status != "fit":
        return f"{f.name} is {f.status} and cannot fire"
    if f.fired:
        return f"{f.name} has already fired this activation"
    if f.role == WEAPON and not u.is_vehicle and not f.ready:
        return f"{f.name} is dismantled: set it up first (one action)"
    return None


def _aa_check(st: DustState, u: Unit, cmd: FireAA) -> str | None:
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    if u.suppression and not u.is_vehicle:
        return f"{u.name} is suppressed: it cannot shoot until it recovers (Recover Suppression Action)"
    if u.carried_by is not None:
        return f"{u.name} is aboard a vehicle: it cannot fire anti-aircraft weapons from there"
    f = next((x for x in u.figures if x.id == cmd.figure), None)
    why = _aa_weapon_refusal(st, u, f)
    if why:
        return why
    t = st.units.get(cmd.target)
    if t is None or t.side == u.side or not can_fly(st, t) or not t.on_table:
        return "the target must be an enemy aircraft (or flying grav vehicle) on the table"
    if not flying(t):
        return f"{t.name} is on the ground: fire at it as at any vehicle"
    if not can_see_unit(st, u, t):
        return f"{u.name} cannot see {t.name}: smoke hides it"
    if is_aircraft(u) and flying(u):
        why = must_move_first(st, u)
        if why:
            return why
        if u.air != HOVERING and relative_bearing(u.hex, u.facing, t.hex) > 90 + _EPS:
            return f"guided weapons engage only in the forward 180 degrees ({RULE_GUIDED})"
    return None


def _aa_offer(st: DustState, u: Unit) -> list[FireAA]:
    if not u.on_table or u.carried_by is not None:
        return []
    figs = []
    for f in u.figures:
        w = st.tables.weapons.get(f.weapon)
        if w is not None and (w.kind == "aa" or w.mount == "guided") and f.status == "fit" and not f.fired:
            figs.append(f)
    if not figs:
        return []
    return [FireAA(u.id, f.id, t.id) for t in st.enemies(u.side) if flying(t) and can_fly(st, t) for f in figs]


def _aa_guidance(st: DustState, u: Unit, w: Weapon, t: Unit) -> int:
    return shift(w.guidance, guidance_shift(st, u, t)) if is_aircraft(u) else w.guidance


def _aa_resolve(ctx: Resolution, u: Unit, cmd: FireAA) -> None:
    st: DustState = ctx.state
    f = checks.figure_by_id(u, cmd.figure)
    t = st.units[cmd.target]
    acts.spend(ctx, u, "anti-aircraft fire")
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    acts.reveal(ctx, u, "it fired")
    if not acquire(ctx, u, f, t, "acquire"):
        return
    ctx.emit(AirPending(facts=("aa", u.id, f.id, t.id), rule=RULE_AA))
    ctx.emit(E.DecisionAsked(side=t.side, kind="aa_pilot", data=AA_CHOICES, rule=RULE_AA))


def acquire(ctx: Resolution, u: Unit, f: Figure, t: Unit, what: str) -> bool:
    """The guidance die against the aircraft's ECM die; an enemy EW unit may disrupt it."""
    st: DustState = ctx.state
    w = st.tables.weapons[f.weapon]
    g_die = _aa_guidance(st, u, w, t)
    rule = RULE_A2A if is_aircraft(u) else RULE_AA
    g = ctx.roll(g_die, f"{u.name}'s {w.name} tries to {what} {t.name}: guidance die {die_name(g_die)}", rule, u.id)
    e = ctx.roll(t.ecm, f"{t.name}'s ECM die D{t.ecm}", rule, t.id)
    if ew.disrupt(ctx, u.side, [g], "anti-aircraft acquisition"):
        ctx.emit(E.Note(text=f"{u.name}'s sensors are disrupted: no lock on {t.name}", rule=rule))
        return False
    if g > e:
        ctx.emit(E.Note(text=f"guidance {g} beats ECM {e}: {t.name} is locked on", rule=rule))
        return True
    ctx.emit(E.Note(text=f"guidance {g} does not beat ECM {e}: no lock on {t.name}", rule=rule))
    return False


def _aa_decided(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    facts = st.air_pending or ()
    ctx.emit(AirPending(facts=None, rule=RULE_AA))
    _, uid, fid, tid = facts
    u, t = st.units[uid], st.units[tid]
    f = checks.figure_by_id(u, fid)
    if choice == "abort":
        ctx.emit(E.Note(text=f"{t.name}'s pilot aborts the mission and leaves the table", rule=RULE_AA))
        _return_to_base(ctx, t, "the pilot aborts under anti-aircraft fire", RULE_AA)
        return
    if choice in EVADE_TURNS:
        d = (t.facing + EVADE_TURNS[choice]) % 6
        to = step(t.hex, d, EVADE)
        if not st.tables.on_board(to):
            leave_table(ctx, t, 1, "evades off the table to box 1", RULE_AA)
            return
        fly(ctx, t, to, d, f"evades ({choice.split('-')[1]})", RULE_AA)
        if not can_see_unit(st, u, t):
            ctx.emit(E.Note(text=f"{u.name} has lost sight of {t.name}: no shot", rule=RULE_AA))
            return
        if not acquire(ctx, u, f, t, "keep its lock on"):
            return
    engage(ctx, u, f, t)


def engage(ctx: Resolution, u: Unit, f: Figure, t: Unit) -> None:
    """On-Table Anti-Aircraft Fire: guidance and firepower dice against the ECM die."""
    st: DustState = ctx.state
    w = st.tables.weapons[f.weapon]
    rule = RULE_A2A if is_aircraft(u) else RULE_AA
    ecm = shift(t.ecm, -1) if t.air == HOVERING else t.ecm
    e = ctx.roll(ecm, f"{t.name}'s ECM die D{t.ecm}" + (f" -> {die_name(ecm)}: hovering" if ecm != t.ecm else ""),
                 rule, t.id, modifiers=_named(f"ECM die D{t.ecm}", [("hovering", ecm != t.ecm and -1)], rule))
    g_die = _aa_guidance(st, u, w, t)
    named = [(g_die, f"guidance die {die_name(g_die)}")]
    if w.kind == "aa":
        named += [(w.die, f"firepower die D{w.die}")] * max(w.count, 1)
    else:
        named.append((u.quality, f"quality die D{u.quality}"))
    rolls = [ctx.roll(d, f"{u.name}'s {w.name} engages {t.name}: {label}", rule, u.id) for d, label in named]
    res = successes(rolls, e)
    ctx.emit(E.Note(text=f"{u.name}'s {w.name} against {t.name}: {res.count} of {len(rolls)} dice "
                    f"({', '.join(map(str, rolls))}) beat the ECM die's {e}: {res.label}", rule=rule))
    if res.minor:
        need = PILOT_THREAT + t.leadership
        r = ctx.roll(t.quality, f"{t.name}'s pilot holds his nerve: quality die D{t.quality} must beat {need} "
                     f"({PILOT_THREAT} + leadership {t.leadership})", rule, t.id)
        if r <= need:
            _return_to_base(ctx, t, f"the pilot loses his nerve ({r} against {need}) and aborts", rule)
        else:
            ctx.emit(E.Note(text=f"{t.name}'s pilot presses on ({r} > {need})", rule=rule))
        return
    if not res.major:
        return
    hits = sum(rolls) // ecm
    ctx.emit(E.Note(text=f"dice total {sum(rolls)}; divided by the ECM die type ({ecm}): {hits} hit"
                    f"{'s' if hits != 1 else ''}", rule=rule))
    damage = aircraft_hits(ctx, u, f, t, hits, w.impact_against(True), max(w.size, 1), rule)
    if t.destroyed:
        crash(ctx, t, "shot down", rule)
    elif damage:
        emergency_landing(ctx, t)


def aircraft_hits(ctx: Resolution, u: Unit, f: Figure, t: Unit, hits: int, impact: int, wclass: int,
                  rule: str) -> int:
    """Each hit: impact against the armour face toward the firer; damage marker or destroyed."""
    face = heavy.face_towards(t, u.hex) if t.pos != u.pos else "belly"
    armour = t.armour_face(face)
    damage = 0
    for i in range(hits):
        imp = roll_value(ctx, impact, f"hit {i + 1} of {hits}: impact {value_name(impact)} against {t.name}", rule,
                         u.id)
        arm = roll_value(ctx, armour, f"{t.name}'s {face} armour {value_name(armour)}", rule, t.id)
        if imp > 2 * arm:
            hull = next(x for x in t.figures if x.role == HULL)
            checks.set_figure(ctx, t, hull, KILLED, hull.wounds, f"impact {imp} more than double armour {arm}: "
                              "destroyed in the air", rule, by=(u.id, f.id))
            return damage
        if imp > arm:
            damage += 1
            ctx.emit(E.VehicleDamaged(unit=t.id, reason=f"impact {imp} beats armour {arm}", rule=rule))
            heavy.passenger_casualties(ctx, t, wclass, destroyed=False)
        else:
            ctx.emit(E.Note(text=f"{t.name}: impact {imp} against armour {arm}, no effect", rule=rule))
    return damage


def crash(ctx: Resolution, t: Unit, why: str, rule: str = RULE_CRASH, at: Hex | None = None) -> None:
    """The aircraft and all aboard are destroyed; it falls and explodes: radius 3 hexes, impact D8."""
    st: DustState = ctx.state
    centre = at or t.pos
    _lose(ctx, t, why, rule)
    if centre is None or not st.tables.on_board(centre):
        return
    ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "blast"), kind="blast", side=t.side, at=centre,
                             data=(f"radius={CRASH_RADIUS}",), reason=f"{t.name} crashes and explodes", rule=rule))
    caught: dict[str, dict[str, Any]] = {}
    support.burst(ctx, centre, CRASH_RADIUS, (CRASH_IMPACT, CRASH_IMPACT), caught)
    support.blast_morale(ctx, caught)


def emergency_landing(ctx: Resolution, t: Unit) -> None:
    """A damaged aircraft comes down: where it lands, then the crash test."""
    spot = _come_down(ctx, t)
    if spot is not None:
        _crash_test(ctx, t, spot)


def _come_down(ctx: Resolution, t: Unit) -> Hex | None:
    """Where the damaged aircraft lands: where it hovers, or D12 x 2 inches ahead. Off the table,
    onto a building or a vehicle it is lost (None); onto troops, it lands in the nearest free hex."""
    st: DustState = ctx.state
    rule = RULE_CRASH
    if t.air == HOVERING:
        spot = t.hex
    else:
        n = ctx.roll(12, f"{t.name} comes down D12 x 2 inches ahead", rule, t.id)
        spot = step(t.hex, t.facing, n)
        if not st.tables.on_board(spot):
            ctx.emit(E.Note(text=f"{t.name} comes down beyond the table edge: lost with all aboard", rule=rule))
            _lose(ctx, t, "crashed beyond the table edge", rule)
            return None
    hard = [v for v in ground_units_near(st, spot, 0, but=t.id) if v.is_vehicle]
    if st.tables.board[spot] == "building" or hard:
        what = hard[0].name if hard else "a building"
        ctx.emit(E.Note(text=f"{t.name} comes down on {what}: both are destroyed", rule=rule))
        for v in hard:
            hull = next(x for x in v.figures if x.role == HULL)
            checks.set_figure(ctx, v, hull, KILLED, hull.wounds, f"{t.name} crashed onto it", rule)
        crash(ctx, t, "crashed onto " + what, rule, at=spot)
        return None
    if ground_units_near(st, spot, 0, but=t.id):
        spot = free_hex(st, spot) or spot
    if spot != t.pos:
        ctx.emit(E.UnitMoved(unit=t.id, path=(t.hex, spot), points=hex_distance(t.hex, spot), rule=rule))
    ctx.emit(E.Landed(unit=t.id, flight=GROUNDED, reason="emergency landing", rule=rule))
    return spot


def _crash_test(ctx: Resolution, t: Unit, spot: Hex) -> None:
    """The crash test on the quality die, one lower for each damage above one: 1 destroyed, 2-3
    the occupants are hurt, 4 or more a controlled landing; the survivors climb out around ``spot``."""
    st: DustState = ctx.state
    rule = RULE_CRASH
    die = shift(t.quality, -max(t.damage - 1, 0))
    r = ctx.roll(die, f"{t.name}'s crash test: quality die {die_name(die)}"
                 + (f" (one lower for each damage above one: {t.damage})" if t.damage > 1 else "")
                 + ": 1 destroyed, 2-3 occupants hurt, 4+ controlled landing", rule, t.id,
                 modifiers=_named(f"quality die D{t.quality}", [("damage markers above one", -max(t.damage - 1, 0))],
                                  rule))
    if r == 1:
        crash(ctx, t, "destroyed on impact", rule)
        return
    hurt: list[str] = []
    if r <= 3:
        for p in st.passengers(t.id):
            for fig in p.people:
                if fig.status in (KILLED, ABANDONED):
                    continue
                d = ctx.roll(6, f"{fig.name} in the crash: 1 killed, 2-3 wounded", rule, p.id)
                if d == 1:
                    checks.set_figure(ctx, p, fig, KILLED, fig.wounds, "killed in the crash landing", rule)
                elif d <= 3:
                    _wound(ctx, p, fig, "hurt in the crash landing", rule)
                else:
                    continue
                hurt.append(p.id)
    else:
        ctx.emit(E.Note(text=f"{t.name}'s pilot manages a controlled landing ({r})", rule=rule))
    hull = next(x for x in t.figures if x.role == HULL)
    checks.set_figure(ctx, t, hull, KILLED, hull.wounds, "wrecked beyond repair", rule)
    taken: set[Hex] = set()
    for p in st.passengers(t.id):
        if not p.fit_figures:
            continue
        at = free_hex(st, spot, taken, radius=1) or free_hex(st, spot, taken) or spot
        taken.add(at)
        ctx.emit(E.Disembarked(unit=p.id, reason=f"climbs out of the wrecked {t.name}", rule=rule))
        ctx.emit(E.UnitPlaced(unit=p.id, at=at))
        if p.confidence != ROUTED:
            ctx.emit(E.Suppressed(unit=p.id, markers=checks.MAX_SUPPRESSION, reason="shaken by the crash landing",
                                  rule=rule))
    if hurt:
        checks.leader_losses(ctx, sorted(set(hurt)))


# ---------------------------------------------------------------------------------------------
# Dropping troops from a hovering aircraft
# ---------------------------------------------------------------------------------------------


def _drop_check(st: DustState, u: Unit, cmd: DropTroops) -> str | None:
    v = st.units.get(u.carried_by or "")
    if v is None:
        return f"{u.name} is not aboard an aircraft"
    if v.air != HOVERING:
        return f"troops drop only from a hovering VTOL aircraft ({RULE_DROP})"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot move until it recovers (Recover Suppression Action)"
    if cmd.method == "rope":
        if grav_vehicle(v):
            return f"troops may not abseil from a grav vehicle: its grav field makes it impossible ({RULE_DROP})"
        if st.active is not None and st.active.unit == u.id and st.active.actions < 2:
            return f"fast-roping takes the whole activation (both actions) ({RULE_DROP})"
    elif cmd.method == "grav":
        if _spec(st, u.id).get("insertion") != "grav":
            return f"{u.name} has no grav-packs"
    else:
        return "drop by 'rope' or 'grav'"
    if not st.tables.on_board(cmd.at) or hex_distance(cmd.at, v.hex) > 1:
        return f"the troops land on {v.name}'s hex or next to it ({RULE_DROP})"
    if st.tables.costs["power" if u.power else "normal"].get(cmd.at) is None:
        return "nobody can stand there"
    if not ground.may_end_at(st, u, cmd.at):
        return "not there: it holds another unit or lies next to the enemy"
    return None


def _drop_offer(st: DustState, u: Unit) -> list[DropTroops]:
    if u.carried_by is None:
        return []
    v = st.units.get(u.carried_by)
    if v is None or v.air != HOVERING:
        return []
    return [DropTroops(u.id, m, h) for m in ("rope", "grav") for h in (v.hex, *v.hex.neighbours())]


def _drop_resolve(ctx: Resolution, u: Unit, cmd: DropTroops) -> None:
    st: DustState = ctx.state
    assert u.carried_by is not None, "_drop_check refuses a unit that is not aboard"
    v = st.units[u.carried_by]
    acts.spend(ctx, u, "fast-rope down" if cmd.method == "rope" else "drop by grav-pack",
                2 if cmd.method == "rope" else 1)
    ctx.emit(E.Disembarked(unit=u.id, reason=f"drops from {v.name}", rule=RULE_DROP))
    ctx.emit(E.UnitPlaced(unit=u.id, at=cmd.at))
    hard = rough(st, cmd.at)
    die = shift(u.quality, -1) if hard else u.quality
    hurt = False
    for f in list(u.people):
        if f.status in (KILLED, ABANDONED):
            continue
        r = ctx.roll(die, f"{f.name} drops: quality die {die_name(die)}" + (" (difficult ground)" if hard else "")
                     + ", 1 wounds", RULE_DROP, u.id,
                     modifiers=_named(f"quality die D{u.quality}", [("difficult ground", -1 if hard else 0)],
                                      RULE_DROP))
        if r == 1:
            _wound(ctx, u, f, "hurt in the drop", RULE_DROP)
            hurt = True
    if hurt:
        checks.leader_losses(ctx, [u.id])


# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------

ACTIONS: dict[type, Action] = {
    AirMove: Action(_airmove_check, _airmove_resolve, _airmove_offer),
    LeaveTable: Action(_leave_check, _leave_resolve, _leave_offer),
    Land: Action(_land_check, _land_resolve, lambda st, u: [Land(u.id)] if flying(u) and vtol_like(u)
                       and can_fly(st, u) else []),
    Taxi: Action(_taxi_check, _taxi_resolve, _taxi_offer),
    TakeOff: Action(_takeoff_check, _takeoff_resolve, _takeoff_offer),
    AirFire: Action(_airfire_check, _airfire_resolve, _airfire_offer),
    DropBombs: Action(_bombs_check, _bombs_resolve, _bombs_offer),
    FireAA: Action(_aa_check, _aa_resolve, _aa_offer),
    DropTroops: Action(_drop_check, _drop_resolve, _drop_offer),
}
SIDE_ACTIONS: dict[type, Action] = {MoveInbound: Action(_inbound_check, _inbound_resolve, _inbound_offer)}
DECISIONS: dict[str, Decision] = {"ade_pilot": _ade_decided, "aa_pilot": _aa_decided}
FOLD: dict[type, Callable[[DustState, Any], None]] = {AirPending: _f_pending}
EVENT_TYPES: tuple[type, ...] = (AirPending,)
COMMANDS: tuple[type, ...] = (MoveInbound, AirMove, LeaveTable, Land, TakeOff, Taxi, AirFire, DropBombs, FireAA,
                              DropTroops)


def _named(die: str, shifts: Iterable[tuple[str, int]], rule: str) -> tuple[str, ...]:
    """The die shifts behind a roll, by name, for its event (dice.shift_names)."""
    return shift_names(die, [(label, int(steps)) for label, steps in shifts], rule)
