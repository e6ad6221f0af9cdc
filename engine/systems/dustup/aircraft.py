"""What every part of the air rules shares (Armoured Dustup: Aerospace Operations: Aircraft on the
Table): the rule names and distances, the pending pilot's decision, what an aircraft is and whether
it flies, hovers or is grounded, sight from and to the air, the limits of an aircraft's weapon mounts,
landing zones and free hexes, and the steps several orders take (fly, leave the table, return to
base, be lost). The orders and this game's readings are described in air.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Any

import attrs

from hexfront.engine.core.hexes import (
    DIRECTIONS,
    Hex,
    hex_distance,
    relative_bearing,
    spiral,
    to_pixel,
)
from hexfront.engine.core.resolution import Resolution

from . import checks, ground
from . import events as E
from .data import Weapon
from .dice import shift_names
from .state import ABANDONED, KILLED, UNTREATED, DustState, Figure, Unit

RULE_TABLE = "Aerospace Operations: Aircraft on the Table"
RULE_NON_VTOL = "Aerospace Operations: Non-VTOL Aircraft"
RULE_VTOL = "Aerospace Operations: VTOL Aircraft"
RULE_SPOT = "Aerospace Operations: Spotting from Aircraft"
RULE_TURRET = "Aerospace Operations: Firing from Aircraft (Turretted Weapons)"
RULE_FIXED = "Aerospace Operations: Firing from Aircraft (Fixed Weapons)"
RULE_DEADFALL = "Aerospace Operations: Firing from Aircraft (Deadfall Weapons)"
RULE_GUIDED = "Aerospace Operations: Firing from Aircraft (Guided Weapons)"
RULE_A2A = "Aerospace Operations: Aircraft Firing at Other Aircraft"
FAST_MOVE = 12  # a non-VTOL aircraft moves at least 24 inches
VTOL_FREE = 6  # a VTOL moving 12 inches or less goes any way
TURRET_DEAD_ZONE = 3  # turrets cannot depress to hit within 6 inches
FIXED_MIN = {False: 12, True: 6}  # fixed weapons: non-VTOL 24", VTOL 12" (by vtol)
CORRIDOR_HALF = 1.0  # the fixed weapons' 6" corridor: 3 hexes wide
# Landing Zones: LZ radius in hexes by craft size: 6" / 12" / 18" diameters (this game's reading, air.py)
LZ_RADIUS = {1: 1, 2: 1, 3: 3, 4: 3, 5: 4}
ROUGH = ("woods", "rough", "wall", "building", "swamp")  # difficult ground for drops and insertions
HEAVY_LZ = ("woods", "building")
_EPS = 1e-6
AIRBORNE, HOVERING, GROUNDED = "airborne", "hovering", "grounded"


@attrs.frozen(kw_only=True)
class AirPending:
    """What a pilot's decision is about (an ADE check or an AA lock), kept until it is answered."""

    facts: tuple[str, ...] | None
    rule: str = ""


def _f_pending(st: DustState, ev: AirPending) -> None:
    st.air_pending = tuple(ev.facts) if ev.facts is not None else None


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


def _wound(ctx: Resolution, u: Unit, f: Figure, why: str, rule: str) -> None:
    wounds = f.wounds + 1
    checks.set_figure(ctx, u, f, KILLED if wounds >= 2 else UNTREATED, wounds,
                      why + (": a second wound kills" if wounds >= 2 else ": wounded"), rule)


def _where(h: Hex) -> str:
    from hexfront.engine.core.hexes import hex_label

    return hex_label(h)


def fly(ctx: Resolution, u: Unit, to: Hex, facing: int, why: str, rule: str = RULE_TABLE) -> None:
    """Move an aircraft through the air to ``to`` (no mines, no blocking: it is above them)."""
    if facing != u.facing:
        ctx.emit(E.Turned(unit=u.id, facing=facing, reason=why, rule=rule))
    if u.air == HOVERING:
        ctx.emit(E.InFlight(unit=u.id, flight=AIRBORNE, reason="moves off", rule=rule))
    ctx.emit(E.UnitMoved(unit=u.id, path=(u.hex, to), points=hex_distance(u.hex, to), rule=rule))
    ctx.emit(E.MoveMade(unit=u.id, reason=why, rule=rule))


def leave_table(ctx: Resolution, u: Unit, box: int, why: str, rule: str = RULE_TABLE) -> None:
    st: DustState = ctx.state
    ctx.emit(E.MissionPlaced(mission=ground.new_id(st, "air"), side=u.side, kind="aircraft", asset=u.id, box=box,
                             unit=u.id, reason=why, rule=rule))
    ctx.emit(E.MoveMade(unit=u.id, reason=why, rule=rule))
    for x in [u] + st.passengers(u.id):
        ctx.emit(E.LeftTable(unit=x.id, reason=why, rule=rule))


def _named(die: str, shifts: Iterable[tuple[str, int]], rule: str) -> tuple[str, ...]:
    """The die shifts behind a roll, by name, for its event (dice.shift_names)."""
    return shift_names(die, [(label, int(steps)) for label, steps in shifts], rule)
