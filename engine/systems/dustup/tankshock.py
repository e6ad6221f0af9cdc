"""Vehicles: Tank Shock. A ground vehicle drives at infantry; in contact, a courage test as in an
assault (courage.py), the vehicle counting as units equal to its size; what the infantry do next
is the vehicle rules' (vehicles.py).

Above courage.py and contact.py (the assault's courage test and moves) and vehicles.py, which it uses;
none imports it. Its order is registered with the vehicles' (rules.UNIT_ACTIONS, registered in
rulebook.py), in their place among the orders.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, contact, courage, ground
from . import events as E
from .action import Action
from .ground import GROUND, tower_of
from .state import CONFIDENCE, SHAKEN, DustState, Unit
from .vehicles import R_TANK, TankShock, drove, free_for, infantry_attack

# -- The order --------------------------------------------------------------------------------------


def _shock_check(st: DustState, u: Unit, cmd: TankShock) -> str | None:
    if u.vehicle not in GROUND:
        return f"{u.name} cannot make a tank shock" if u.is_vehicle else "only vehicles make a tank shock"
    if u.crew_out:
        return ground.unmanned(u)
    if ground.flying(u):
        return f"{u.name} is in the air: it must land before it can make a tank shock"
    if u.suppression:
        return f"{u.name} is suppressed: suppressed vehicles may not initiate a tank shock"
    if u.immobilised or not u.mover:
        return f"{u.name} cannot move"
    if u.confidence <= SHAKEN:
        return f"{u.name} is {CONFIDENCE[u.confidence]}: only confident or steady units may assault"
    if tower_of(st, u) is not None:
        return f"{u.name} is under tow"
    return _shocked_refusal(st, u, cmd)


def _shocked_refusal(st: DustState, u: Unit, cmd: TankShock) -> str | None:
    """Whom a vehicle may shock: enemy infantry on the ground, on the table, seen, and in reach of
    its best movement roll."""
    t = st.units.get(cmd.target)
    if t is None:
        return f"there is no unit '{cmd.target}'"
    if t.side == u.side:
        return f"{t.name} is on your own side"
    if t.is_vehicle:
        return "tank shock is against infantry: a vehicle is not shocked"
    if t.carried_by:
        return f"{t.name} is aboard {st.units[t.carried_by].name}"
    if not t.on_table:
        return f"{t.name} is not on the table"
    if t.hidden:
        return f"{t.name} is hidden: it must be detected first"
    if not ground.can_see(st, u.hex, t.hex):
        return f"{u.name} cannot see {t.name}"
    die, _ = ground.movement_die(st, u, False)
    way = contact.approach(st, u, [t], budget=die)
    if way is None or way[2][t.id] > die:
        return f"{t.name} is out of reach: {u.name} cannot drive at it even with its best roll on a D{die}"
    return None


def _shock_offer(st: DustState, u: Unit) -> list[TankShock]:
    if u.vehicle not in GROUND or u.suppression or u.immobilised or not u.mover or u.pos is None:
        return []
    return [TankShock(u.id, e.id) for e in st.enemies(u.side)
            if not e.is_vehicle and not e.carried_by and not e.hidden and hex_distance(u.hex, e.hex) <= u.move_die + 1]


def _shock_resolve(ctx: Resolution, u: Unit, cmd: TankShock) -> None:
    """Tank Shock: the vehicle drives at the infantry (a roll of its movement die: short of contact,
    the shock peters out where it stops). In contact, the courage test, the vehicle counting as
    units equal to its size: infantry higher, they stand aside and the vehicle drives through their
    position (onto the hex beyond them if it can, else it stays beside them); more than double,
    they also make one attack on it with their grenades and explosives and then fall back toward
    cover; otherwise they withdraw as from a lost courage test and the vehicle takes their hex."""
    st: DustState = ctx.state
    t = st.units[cmd.target]
    acts.spend(ctx, u, "tank shock")
    acts.reveal(ctx, u, "it attacked")
    if not t.activated:
        ctx.emit(E.CountsAsActivated(unit=t.id, reason="assaulted: it counts as activated, whatever happens",
                                     rule=R_TANK))
    way = contact.approach(st, u, [t])
    assert way is not None, "_shock_check found a way within the best roll of the movement die"
    h, _, need = way
    if h != u.pos:
        die, _ = ground.movement_die(st, u, False)
        points = ctx.roll(die, f"tank shock: movement die D{die}; needs {need[t.id]} to reach {t.name}", R_TANK, u.id)
        reached = points >= need[t.id]
        path, used = ground.walk(st, u, h, points, assaulting=t.id if reached else None)
        if len(path) > 1:
            ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule=R_TANK))
            drove(ctx, u, path, rule=R_TANK)
        if not reached:
            ctx.emit(E.Note(text=f"{u.name} rolls {points}: too slow to reach {t.name}, the shock comes to nothing",
                            rule=R_TANK))
            return
    a, d = courage.courage_roll(ctx, (u.id, courage.members(u)), (t.id, courage.members(t)),
                                "tank shock courage test", R_TANK)
    if d > a:
        ctx.emit(E.Note(text=f"{d} beats {a}: {t.name} stand their ground and let {u.name} pass", rule=R_TANK))
        _drive_through(ctx, u, t)
        if d > 2 * a and t.on_table and u.on_table:
            ctx.emit(E.Note(text=f"{d} is more than double {a}: {t.name} attack {u.name} as it passes",
                            rule=R_TANK))
            infantry_attack(ctx, t, u, R_TANK)
        return
    ctx.emit(E.Note(text=f"{a} against {d}: {t.name} give way and withdraw", rule=R_TANK))
    left = contact.withdraw(ctx, t, u.hex, 1, "overrun by tank shock", R_TANK)
    if t.pos != left and u.on_table and not u.immobilised and free_for(st, u, left) \
            and ground.vehicle_costs(st, u).get(left) is not None:
        into = (u.hex, left)
        ctx.emit(E.UnitMoved(unit=u.id, path=into, points=0, rule=R_TANK))
        drove(ctx, u, into, count=False, rule=R_TANK)


def _drive_through(ctx: Resolution, u: Unit, t: Unit) -> None:
    st: DustState = ctx.state
    beyond = t.hex + (t.hex - u.hex)
    if st.tables.on_board(beyond) and ground.vehicle_costs(st, u).get(beyond) is not None and free_for(st, u, beyond):
        path = (u.hex, t.hex, beyond)
        ctx.emit(E.UnitMoved(unit=u.id, path=path, points=0, rule=R_TANK))
        drove(ctx, u, path, count=False, rule=R_TANK)
    else:
        ctx.emit(E.Note(text=f"{u.name} finds no way past {t.name} and stops beside them", rule=R_TANK))


ACTIONS: dict[type, Action] = {TankShock: Action(_shock_check, _shock_resolve, _shock_offer)}
