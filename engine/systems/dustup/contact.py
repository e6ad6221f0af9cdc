"""Withdrawal and Move to Contact (book: "Assault Action": "Withdrawal", "Move to Contact"): a
defender's withdrawal away from its attacker toward cover, the attacker's approach within its movement
points, and the move that brings it next to the defender; with the actions these moves spend.
Tank shock (tankshock.py) uses the same approach and withdrawal.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex, hex_distance, path_cost, reachable, shortest_path
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground, vehicles
from . import events as E
from .assaultplan import Plan, unit_on_table
from .courage import WOUNDED
from .state import (
    DustState,
    Unit,
)

R_WITHDRAW = "Assault Action: Withdrawal"
R_CONTACT = "Assault Action: Move to Contact"


def actions_left(st: DustState, uid: str) -> int | None:
    """Actions the unit has left in its innermost activation (None: it is not acting)."""
    for act in reversed(st.stack):
        if act.unit == uid:
            return act.actions
    return None


def spend_actions(ctx: Resolution, uid: str, n: int | None, what: str) -> None:
    left = actions_left(ctx.state, uid)
    if left:
        ctx.emit(E.ActionTaken(unit=uid, action=what, spent=left if n is None else min(n, left)))


def withdraw(ctx: Resolution, u: Unit, away_from: Hex, drops: int, why: str, rule: str = R_WITHDRAW) -> Hex:
    """Withdrawal: remove every suppression marker, drop ``drops`` confidence levels, move one normal
    move away from ``away_from`` toward cover, leaving the wounded behind. Returns the hex it left."""
    st: DustState = ctx.state
    start = u.hex
    if u.suppression:
        ctx.emit(E.SuppressionRemoved(unit=u.id, markers=0,
                                      reason="a withdrawing unit removes all its suppression markers", rule=R_WITHDRAW))
    if drops:
        checks.drop_confidence(ctx, u, drops, why, rule)
    if not u.on_table:
        return start
    if u.carried_by:
        # Open Top Vehicles: passengers driven back close the vehicle down instead of leaving it
        v = st.units[u.carried_by]
        if v.open_top and not st.tables.vehicles[v.vtype].open_top:
            ctx.emit(E.HatchesClosed(unit=v.id, reason=f"{u.name} close down the " "hatches instead of withdrawing",
                                     rule="Vehicles: Open Top Vehicles"))
        ctx.emit(E.Note(text=f"{u.name} stay down inside {v.name} instead of withdrawing",
                        rule="Vehicles: Open Top Vehicles"))
        return start
    if ground.vehicle_cannot_move(st, u):
        ctx.emit(E.Note(text=f"{u.name} cannot move and stays where it is", rule=R_WITHDRAW))
        return start
    die, _ = ground.movement_die(st, u, False)
    points = ctx.roll(die, f"{u.name} withdraws: movement die D{die}, away from the enemy and toward cover",
                      R_WITHDRAW, u.id)
    dest = ground.withdraw_hex(st, u, away_from, points)
    path = shortest_path(u.hex, dest, ground.step_cost(st, u)) if dest != u.pos else None
    if not path or len(path) < 2:
        ctx.emit(E.Note(text=f"{u.name} finds nowhere to withdraw to and stays where it is", rule=R_WITHDRAW))
        return start
    acts.reveal(ctx, u, "it withdrew")
    wounded = [f for f in u.figures if f.status in WOUNDED]
    if wounded:
        acts.abandon_wounded(ctx, u, wounded, start, "abandoned as the unit withdrew (Assault Action: Outcome)")
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=path_cost(path, ground.step_cost(st, u)) or 0,
                         rule=R_WITHDRAW))
    return start


def _enter_cost(st: DustState, u: Unit, d: Unit) -> int | None:
    """The points to go from next to the defender INTO its hex: its terrain, standing for obstacles
    (a vehicle, mech or monster pays by its own movement table)."""
    if u.mover:
        return ground.vehicle_costs(st, u).get(d.hex)
    return st.tables.costs["power" if u.power else "normal"].get(d.hex)


def approach(st: DustState, u: Unit, goals: list[Unit], budget: int | None = None,
             within: dict[Hex, int] | None = None) -> tuple[Hex, int, dict[str, int]] | None:
    """Where the attacker ends on contact (a free hex next to every goal), the points to get there,
    and the points each goal needs (to there, then into the goal's hex). Already next to every goal:
    that hex, 0, and no roll needed (all zero). None if there is no way. ``within``: the cheapest way to
    every hex within ``budget`` from where the attacker stands, if already worked out (for every enemy it
    could assault, say)."""
    if all(hex_distance(u.hex, g.hex) == 1 for g in goals):
        return u.hex, 0, {g.id: 0 for g in goals}
    costs = {g.id: _enter_cost(st, u, g) for g in goals}
    enter = {gid: c for gid, c in costs.items() if c is not None}
    if len(enter) < len(costs):
        return None
    cost = ground.step_cost(st, u)
    # with a budget (the movement roll), one search finds the cheapest way to every hex within it at once
    if within is None and budget is not None:
        within = reachable(u.hex, budget, cost)
    best = None
    for h in goals[0].hex.neighbours():
        if not st.tables.on_board(h) or any(hex_distance(h, g.hex) != 1 for g in goals):
            continue
        if not ground.may_end_at(st, u, h, assaulting=goals[0].id):
            continue
        if within is not None:
            c = within.get(h)
        else:
            path = shortest_path(u.hex, h, cost)
            c = path_cost(path, cost) if path is not None else None
        if c is None:
            continue
        key = (c + max(enter.values()), c, h.q, h.r)
        if best is None or key < best[0]:
            best = (key, h, c)
    if best is None:
        return None
    _, h, c = best
    return h, c, {gid: c + e for gid, e in enter.items()}


def _emit_move(ctx: Resolution, u: Unit, path: list[Hex], used: int, rule: str) -> None:
    if len(path) < 2:
        return
    start = u.hex
    if not ground.carries_wounded(u, False):
        left = [f for f in u.figures if f.status in WOUNDED]
        if left:
            acts.abandon_wounded(ctx, u, left, start, "left behind: too few fit troopers to carry them")
    acts.reveal(ctx, u, "it moved")
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule=rule))
    if u.is_vehicle:
        vehicles.drove(ctx, u, path, rule=rule)
    acts.sight_checks(ctx, u)


def contact_move(ctx: Resolution, plan: Plan, a: str, label: str) -> None:
    """One move toward the attacker's goals; contact with each goal whose need the roll covers."""
    st: DustState = ctx.state
    u = st.units[a]
    goals = [st.units[g] for g in plan.goals[a] if unit_on_table(st, g)]
    plan.goals[a] = [g.id for g in goals]
    if not goals or not u.on_table:
        plan.goals[a] = []
        return
    way = approach(st, u, goals)
    if way is None:
        ctx.emit(E.Note(text=f"{u.name} can find no way to reach {', '.join(g.name for g in goals)}", rule=R_CONTACT))
        plan.goals[a] = []
        return
    h, to_h, need = way
    if h == u.pos:
        ctx.emit(E.Note(text=f"{u.name} is already next to {', '.join(g.name for g in goals)}: contact",
                        rule=R_CONTACT))
        reached = goals
    else:
        carrying = ground.carries_wounded(u, False)
        die, notes = ground.movement_die(st, u, carrying)
        needs = ", ".join(f"{need[g.id]} to reach {g.name}" for g in goals)
        points = ctx.roll(die, f"{label}: movement die D{die}" + (f" ({', '.join(notes)})" if notes else "")
                          + f"; needs {needs}", R_CONTACT, a)
        reached = [g for g in goals if points >= need[g.id]]
        if reached:
            path, used = ground.walk(st, u, h, points, assaulting=reached[0].id)
        else:
            path, used = ground.walk(st, u, h, points, None)
        _emit_move(ctx, u, path, used, R_CONTACT)
        if not reached:
            ctx.emit(E.Note(text=f"{u.name} rolls {points}: too slow to reach the enemy, it stops short",
                            rule=R_CONTACT))
    for g in reached:
        plan.contact.append([a, g.id])
        ctx.emit(E.Note(text=f"{u.name} makes contact with {g.name}", rule=R_CONTACT))
    plan.goals[a] = [g.id for g in goals if g not in reached]


def settle(plan: Plan, a: str) -> None:
    plan.goals[a] = []
    plan.status[a] = "fight" if plan.contacts_of(a) else "halt"
