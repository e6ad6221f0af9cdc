"""Transport of Infantry (Armoured Dustup: Vehicles: Transport of Infantry): the Embark and
Disembark actions, one action of the passenger unit each, from the vehicle's hex or next to it;
capacity counts figures. A vehicle's own crew gets back in with an ordinary Embark.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, ground
from . import events as E
from .action import Action
from .heavy import embark_refusal
from .state import DustState, Unit
from .vehiclefacts import R_CREW, R_TRANSPORT, load


@attrs.frozen
class Embark:
    """The unit mounts ``vehicle``, which is on or next to its hex (Transport of Infantry)."""

    unit: str
    vehicle: str


@attrs.frozen
class Disembark:
    """The passenger unit dismounts onto ``to``, a free hex next to its vehicle (Transport of Infantry)."""

    unit: str
    to: Hex


# ---------------------------------------------------------------------------------------------
# Embark and disembark
# ---------------------------------------------------------------------------------------------


def _mount_refusal(u: Unit, v: Unit, what: str) -> str | None:
    """Transport of Infantry: a unit gets in (``what``: "mount it", "get back in") only from the
    vehicle's hex or next to it, and not while suppressed or propped."""
    if hex_distance(u.hex, v.hex) > 1:
        return f"{u.name} must be within 2 inches (next to {v.name}) to {what}"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot move until it recovers (Recover Suppression Action)"
    if u.propped:
        return f"{u.name} is propped: unprop first (Prop Action)"
    return None


def _remount_check(st: DustState, u: Unit, v: Unit) -> str | None:
    """Its own crew gets back into an unmanned vehicle: from its hex or next to it, not while
    suppressed or propped; the vehicle's passenger room does not matter."""
    if v.destroyed:
        return f"{v.name} is destroyed: there is nothing to get back into"
    if v.crew_out != u.id:
        return f"{v.name} is already manned"
    return _mount_refusal(u, v, "get back in")


def _embark_check(st: DustState, u: Unit, cmd: Embark) -> str | None:
    if u.crew_of is not None and u.crew_of == cmd.vehicle and cmd.vehicle in st.units:
        return _remount_check(st, u, st.units[cmd.vehicle])
    if u.is_vehicle:
        return f"{u.name} is a vehicle: only infantry ride as passengers"
    if u.carried_by:
        return f"{u.name} is already aboard {st.units[u.carried_by].name}"
    v = st.units.get(cmd.vehicle)
    if v is None:
        return f"there is no unit '{cmd.vehicle}'"
    if v.side != u.side:
        return f"{v.name} is the enemy's"
    if not v.is_vehicle or not v.capacity:
        return f"{v.name} carries no passengers"
    if not v.on_table:
        return f"{v.name} is not on the table" if not v.destroyed else f"{v.name} is destroyed"
    if ground.flying(v):
        return f"{v.name} is in the air: troops board it only once it has landed"
    why = _mount_refusal(u, v, "mount it")
    if why:
        return why
    why = embark_refusal(st, u, v.id)  # Moving Heavy Weapons: a towed gun is not carried aboard
    if why:
        return why
    n = sum(1 for f in u.people if f.present)
    room = v.capacity - load(st, v)
    if n > room:
        return f"{v.name} has room for {room} more figure{'s' if room != 1 else ''}; {u.name} has {n}"
    return None


def _embark_resolve(ctx: Resolution, u: Unit, cmd: Embark) -> None:
    st: DustState = ctx.state
    v = st.units[cmd.vehicle]
    if u.crew_of == v.id:
        acts.spend(ctx, u, "remount the crew")
        ctx.emit(E.CrewRemounted(unit=v.id, reason=f"{u.name} are back inside", rule=R_CREW))
        ctx.emit(E.LeftTable(unit=u.id, reason=f"back inside {v.name}", rule=R_CREW))
        return
    acts.spend(ctx, u, "embark")
    acts.reveal(ctx, u, "it moved")
    start = u.hex
    ctx.emit(E.Embarked(unit=u.id, vehicle=v.id, reason=f"mounts {v.name}", rule=R_TRANSPORT))
    if start != v.pos:
        ctx.emit(E.UnitMoved(unit=u.id, path=(start, v.hex), points=0, rule=R_TRANSPORT))
    else:
        ctx.emit(E.UnitPlaced(unit=u.id, at=v.pos))


def _embark_offer(st: DustState, u: Unit) -> list[Embark]:
    if u.is_vehicle or u.carried_by or u.pos is None:
        return []
    return [Embark(u.id, v.id) for v in st.units.values()
            if v.side == u.side and (v.capacity or v.id == u.crew_of) and v.pos is not None
            and hex_distance(u.pos, v.pos) <= 1]


def _disembark_check(st: DustState, u: Unit, cmd: Disembark) -> str | None:
    if not u.carried_by:
        return f"{u.name} is not aboard a vehicle"
    v = st.units[u.carried_by]
    if ground.flying(v):
        return f"{v.name} is in the air: troops get out only once it has landed"
    if v.suppression:
        return f"{v.name} is suppressed: its passengers may not disembark (Suppression and Vehicles)"
    if hex_distance(cmd.to, v.hex) != 1:
        return f"{u.name} must deploy within 2 inches of {v.name}: a hex next to it"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the map"
    if st.tables.costs["power" if u.power else "normal"].get(cmd.to) is None:
        return f"{u.name} cannot stand there: impassable ground"
    if not ground.may_end_at(st, u, cmd.to):
        return f"{u.name} may not deploy there: not on another unit, and not next to an enemy"
    return None


def _disembark_resolve(ctx: Resolution, u: Unit, cmd: Disembark) -> None:
    st: DustState = ctx.state
    assert u.carried_by is not None, "_disembark_check refuses a unit that is not aboard"
    v = st.units[u.carried_by]
    acts.spend(ctx, u, "disembark")
    ctx.emit(E.Disembarked(unit=u.id, reason=f"dismounts from {v.name}", rule=R_TRANSPORT))
    path = [v.hex, cmd.to]
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=0, rule=R_TRANSPORT))
    acts.sight_checks(ctx, u)
    acts.after_move(ctx, u, path)


def _disembark_offer(st: DustState, u: Unit) -> list[Disembark]:
    if not u.carried_by:
        return []
    v = st.units[u.carried_by]
    return [Disembark(u.id, h) for h in v.hex.neighbours() if st.tables.on_board(h)]


ACTIONS: dict[type, Action] = {
    Embark: Action(_embark_check, _embark_resolve, _embark_offer),
    Disembark: Action(_disembark_check, _disembark_resolve, _disembark_offer),
}
