"""Firing from aircraft (Armoured Dustup: Aerospace Operations: Firing from Aircraft - turreted, fixed,
guided and deadfall weapons): :class:`AirFire` and :class:`DropBombs`. The mounts' limits are
aircraft.mount_refusal; the shots themselves are heavy.py's procedures. Readings: air.py.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import (
    Hex,
    hex_distance,
)
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ew, ground, guided, heavy, shooting, support
from . import events as E
from .action import Action
from .aircraft import (
    GROUNDED,
    HOVERING,
    RULE_DEADFALL,
    RULE_GUIDED,
    RULE_VTOL,
    _named,
    can_see_unit,
    facing_towards,
    flying,
    guidance_shift,
    is_aircraft,
    mount_refusal,
    must_move_first,
    step,
)
from .data import Weapon
from .dice import die_name, shift, successes
from .state import ROUTED, WEAPON, DustState, Figure, Unit


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
    if guided._decoyed(ctx, u, w, target):
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


ACTIONS: dict[type, Action] = {
    AirFire: Action(_airfire_check, _airfire_resolve, _airfire_offer),
    DropBombs: Action(_bombs_check, _bombs_resolve, _bombs_offer),
}
