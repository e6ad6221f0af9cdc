"""Hits on vehicles and what follows a destruction (Armoured Dustup: Vehicles: Firing at Vehicles;
Vehicle Damage; Casualties to Vehicle Passengers): the impact against armour, the wreck, and the
passengers bailing out onto free hexes next to it. The fire modules call :func:`bail_out` when their
fire destroys a carrier; :func:`apply_hit` calls it itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import checks, ground, heavy
from . import events as E
from .dice import roll_value, value_name
from .ground import tower_of
from .state import HULL, KILLED, DustState, Unit
from .vehiclefacts import R_DAMAGE, R_HIT, R_TOW, R_TRANSPORT

# ---------------------------------------------------------------------------------------------
# Hits on vehicles and what follows a destruction
# ---------------------------------------------------------------------------------------------


def apply_hit(ctx: Resolution, v: Unit, impact: int, face: str, rule: str = R_HIT,
              by: tuple[str, str] | None = None, what: str = "") -> str:
    """One hit on a vehicle: an opposed roll of ``impact`` (a die or D12 x class) against the armour
    of ``face``. Higher: a damage marker; more than double: destroyed. The passengers then test as
    for fire (heavy.passenger_casualties, weapon class = the impact's class). Returns "none",
    "damaged" or "destroyed"."""
    armour = v.armour_face(face)
    imp = roll_value(ctx, impact, f"impact {value_name(impact)}{' (' + what + ')' if what else ''} against "
                     f"{v.name}", rule, by[0] if by else "")
    arm = roll_value(ctx, armour, f"{v.name}'s {face} armour {value_name(armour)}", rule, v.id)
    if imp > 2 * arm:
        destroy(ctx, v, f"impact {imp} is more than double armour {arm}: destroyed", rule, by,
                weapon_class=max(1, impact // 12))
        return "destroyed"
    if imp > arm:
        ctx.emit(E.VehicleDamaged(unit=v.id, reason=f"impact {imp} beats armour {arm}: damaged", rule=R_DAMAGE))
        _passengers_hit(ctx, v, max(1, impact // 12), False)
        return "damaged"
    ctx.emit(E.Note(text=f"{v.name}: impact {imp} against armour {arm}, no effect", rule=rule))
    return "none"


def _passengers_hit(ctx: Resolution, v: Unit, weapon_class: int, destroyed: bool) -> None:
    if ctx.state.passengers(v.id):
        heavy.passenger_casualties(ctx, v, weapon_class, destroyed)


def destroy(ctx: Resolution, v: Unit, reason: str, rule: str, by: tuple[str, str] | None = None,
            weapon_class: int = 1) -> None:
    """The vehicle is destroyed: its hull figure is killed (the wreck stays as terrain), a tow is
    dropped, its passengers test for casualties (heavy.passenger_casualties, which also gets the
    survivors out) and any still aboard bail out (:func:`bail_out`)."""
    st: DustState = ctx.state
    hull = next((f for f in v.figures if f.role == HULL), None)
    if hull is None or hull.status == KILLED:
        return
    if v.towing:
        ctx.emit(E.TowDropped(unit=v.id, reason="destroyed", rule=R_TOW))
    tower = tower_of(st, v)
    if tower is not None:
        ctx.emit(E.TowDropped(unit=tower.id, reason=f"{v.name} is destroyed", rule=R_TOW))
    checks.set_figure(ctx, v, hull, KILLED, hull.wounds, reason, rule, by)
    _passengers_hit(ctx, v, weapon_class, True)
    bail_out(ctx, v)


def bail_out(ctx: Resolution, v: Unit) -> None:
    """The passengers of ``v`` get out: each unit is set on a free hex next to the vehicle (where it
    can stand, preferring hexes not next to an enemy and with cover), else the wreck's own hex,
    else the nearest free hex two or three hexes out. Casualty tests for the passengers are the
    caller's (Casualties to Vehicle Passengers). Call it when a carrier is destroyed."""
    st: DustState = ctx.state
    for p in list(st.passengers(v.id)):
        spot = _bail_hex(st, p, v)
        ctx.emit(E.Disembarked(unit=p.id, reason=f"bails out of {v.name}", rule=R_TRANSPORT))
        if spot is None:
            ctx.emit(E.Note(text=f"{p.name} finds no room to get out and stays in the wreck", rule=R_TRANSPORT))
            ctx.emit(E.UnitPlaced(unit=p.id, at=v.pos))
        elif spot == v.pos:
            ctx.emit(E.UnitPlaced(unit=p.id, at=spot))
        else:
            ctx.emit(E.UnitMoved(unit=p.id, path=(v.hex, spot), points=0, rule=R_TRANSPORT))


def free_for(st: DustState, u: Unit, h: Hex, terrain: bool = True) -> bool:
    """Nobody stands on ``h`` and (``terrain``) ``u`` can stand there."""
    if not st.tables.on_board(h):
        return False
    if terrain:
        costs = ground.vehicle_costs(st, u) if u.mover else st.tables.costs["power" if u.power else "normal"]
        if costs.get(h) is None:
            return False
    occ = st.occupant.get(h)
    return occ is None or occ == u.id or not st.units[occ].on_table


def _bail_hex(st: DustState, p: Unit, v: Unit) -> Hex | None:
    def best(hexes: Iterable[Hex]) -> Hex | None:
        ok = [h for h in hexes if free_for(st, p, h)]
        if not ok:
            return None
        return min(ok, key=lambda h: (ground.adjacent_to_enemy(st, p.side, h), not ground.hex_gives_cover(st, h),
                                      h.q, h.r))

    found = best(v.hex.neighbours())
    if found is None and free_for(st, p, v.hex):
        found = v.hex
    for ring in (2, 3):
        if found is None:
            found = best([h for h in st.tables.board if hex_distance(h, v.hex) == ring])
    return found
