"""Final Defensive Fire (book: "Assault Action": "Final Defensive Fire"; Vehicles: "Final Defensive
Fire"): a defender fires at an attacker left short of contact (a suppressed one passes a suppression
test first, suppression_test); casualties make the attacker test, and failing it goes back to its start
with a suppression marker.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import shortest_path
from hexfront.engine.core.resolution import Resolution

from . import checks, fire, ground, vehicles
from . import events as E
from .assaultplan import Plan, as_hex, unit_on_table
from .contact import R_CONTACT, actions_left, settle, spend_actions
from .courage import bodies, view
from .state import (
    ROUTED,
    DustState,
    Unit,
)

R_FINAL = "Assault Action: Final Defensive Fire"


def suppression_test(ctx: Resolution, u: Unit) -> bool:
    """Final Defensive Fire: a suppressed defender fires only if its quality die beats its leadership
    plus its suppression markers (the markers stay)."""
    need = u.leadership + u.suppression
    roll = ctx.roll(u.quality, f"{u.name} is suppressed: suppression test to fire, D{u.quality} must beat "
                    f"leadership {u.leadership} + {u.suppression} marker{'s' if u.suppression > 1 else ''} = {need}",
                    R_FINAL, u.id)
    if roll > need:
        ctx.emit(E.Note(text=f"{u.name} passes ({roll} > {need}) and fires; its markers stay", rule=R_FINAL))
        return True
    ctx.emit(E.Note(text=f"{u.name} stays pinned ({roll} against {need}): no defensive fire", rule=R_FINAL))
    return False


def defensive_fire(ctx: Resolution, plan: Plan, a: str) -> None:
    """The attacker fell short: the defenders it did not reach may fire; casualties make it test."""
    st: DustState = ctx.state
    u = st.units[a]
    firing = [d for d in plan.goals[a] if d not in plan.withdrawn and unit_on_table(st, d)]
    casualties = 0
    if firing and not plan.two_inch:
        links = [(x, d) for x in plan.attackers for d in plan.goals[x] + plan.contacts_of(x)]
        pairs = bodies(st, links)
        for d in firing:
            du = st.units[d]
            if du.confidence == ROUTED:
                continue
            if du.suppression and not suppression_test(ctx, du):
                continue
            ab, db = pairs[(a, d)]
            casualties += _final_fire(ctx, view(st, db), view(st, ab))
    if not u.on_table:
        plan.contact = [c for c in plan.contact if c[0] != a]
        settle(plan, a)
        return
    if casualties:
        need = u.leadership + casualties
        roll = ctx.roll(u.quality, f"{u.name} took {casualties} casualt{'ies' if casualties > 1 else 'y'} from "
                        f"final defensive fire: D{u.quality} must beat leadership {u.leadership} + {casualties} = "
                        f"{need}", R_FINAL, a)
        if roll <= need:
            home = as_hex(plan.starts[a])
            if home != u.pos and st.occupant.get(home) is None:
                path = shortest_path(u.hex, home, ground.step_cost(st, u)) or [u.hex, home]
                ctx.emit(E.UnitMoved(unit=a, path=tuple(path), points=0, rule=R_FINAL))
            ctx.emit(E.Note(text=f"{u.name} falls back to where it started, with its casualties ({roll} against "
                            f"{need}), and its activation ends", rule=R_FINAL))
            checks.suppress(ctx, u, "driven back by final defensive fire", R_FINAL)
            spend_actions(ctx, a, None, "driven back: activation over")
            plan.contact = [c for c in plan.contact if c[0] != a]
            settle(plan, a)
            checks.leader_losses(ctx, [a] if not u.is_vehicle else [])
            return
        ctx.emit(E.Note(text=f"{u.name} keeps its nerve ({roll} > {need})", rule=R_FINAL))
        checks.leader_losses(ctx, [a] if not u.is_vehicle else [])
    left = actions_left(st, a)
    if left == 0:
        ctx.emit(E.Note(text=f"{u.name} has no action left to press on: it stays where it is, caught out of "
                        "position", rule=R_CONTACT))
        settle(plan, a)
        return
    plan.status[a] = "press"


def _final_fire(ctx: Resolution, firer: Unit, target: Unit) -> int:
    """Final defensive fire, with vehicles on either side (Vehicles: Final Defensive Fire; Open Top
    Vehicles): a vehicle fires with its passengers that can fire out (and its own weapons when the
    heavy weapons module resolves them); fire at a mech or monster rolls impact against armour."""
    st: DustState = ctx.state
    if firer.is_vehicle:
        total = vehicles.vehicle_weapons_fire(ctx, firer, target)
        for p in vehicles.firing_passengers(st, firer):
            if not target.on_table:
                break
            if p.suppression and not suppression_test(ctx, p):
                continue
            total += _final_fire(ctx, p, target)
        return total
    if target.is_vehicle:
        return vehicles.defensive_fire_at_vehicle(ctx, firer, st.units[target.id])
    return fire.final_defensive_fire(ctx, firer, target)
