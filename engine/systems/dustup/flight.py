"""Flying on the table (Armoured Dustup: Aerospace Operations: Aircraft on the Table; Non-VTOL
Aircraft; VTOL Aircraft; Landing Zones; Grav Vehicles): :class:`AirMove`, :class:`LeaveTable`,
:class:`Land`, :class:`TakeOff`, :class:`Taxi`, and the end of an aircraft's activation (a non-VTOL
aircraft that has not moved flies straight ahead). Readings: air.py.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import (
    Hex,
    hex_distance,
    shortest_path,
    spiral,
)
from hexfront.engine.core.resolution import Resolution

from . import acts, ground
from . import events as E
from .action import Action
from .aircraft import (
    AIRBORNE,
    FAST_MOVE,
    GROUNDED,
    HOVERING,
    RULE_NON_VTOL,
    RULE_TABLE,
    RULE_VTOL,
    VTOL_FREE,
    can_fly,
    fly,
    fly_refusal,
    flying,
    grav_vehicle,
    grounded,
    is_aircraft,
    landing_zone,
    leave_table,
    step,
    vtol_like,
)
from .state import DustState, Unit

RULE_LZ = "Aerospace Operations: Landing Zones"
LZ_TEST = 3  # a lightly obstructed landing needs 3 or more
TAXI = 3  # taxiing: up to 6 inches an action
RULE_GRAV = "Aerospace Operations: Grav Vehicles"


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


ACTIONS: dict[type, Action] = {
    AirMove: Action(_airmove_check, _airmove_resolve, _airmove_offer),
    LeaveTable: Action(_leave_check, _leave_resolve, _leave_offer),
    Land: Action(_land_check, _land_resolve, lambda st, u: [Land(u.id)] if flying(u) and vtol_like(u)
                       and can_fly(st, u) else []),
    Taxi: Action(_taxi_check, _taxi_resolve, _taxi_offer),
    TakeOff: Action(_takeoff_check, _takeoff_resolve, _takeoff_offer),
}
