"""Dropping troops from a hovering aircraft (Armoured Dustup: Aerospace Operations: Dropping Troops
from Hovering Aircraft): :class:`DropTroops` - by fast rope or grav-packs. Readings: air.py.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import (
    Hex,
    hex_distance,
)
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground
from . import events as E
from .action import Action
from .aircraft import HOVERING, _named, _spec, _wound, grav_vehicle, rough
from .dice import die_name, shift
from .state import ABANDONED, KILLED, DustState, Unit

RULE_DROP = "Aerospace Operations: Dropping Troops from Hovering Aircraft"


@attrs.frozen
class DropTroops:
    """Passengers of a hovering VTOL drop onto ``at`` (its hex or next to it): ``method`` "rope"
    (the whole activation) or "grav" (grav-packs, one action)."""

    unit: str
    method: str
    at: Hex


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


ACTIONS: dict[type, Action] = {DropTroops: Action(_drop_check, _drop_resolve, _drop_offer)}
