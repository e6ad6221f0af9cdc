"""The hazard counters of the Additional Rules on the map (book: "Additional Rules"; "Mines and
Explosives"), shared by burning.py, smoke.py, minefields.py, explosives.py and casevac.py: finding them, whose
they are, revealing them, and the harm they do to the people and vehicles they catch (wounds, a vehicle's
armour against an impact, its occupants shaken, a blast on every person of a unit).

This game's readings:

- Whose hazards: a minefield, IED, booby trap or CDM belongs to the side that laid it and goes off
  only for the other side's units (its own troops know where it is); one with no side goes off
  for everybody. Fires burn everybody.
- Hazards are on the ground: aircraft never set them off, nor are they burnt by fires.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, hex_label
from hexfront.engine.core.resolution import Resolution

from . import checks, ground
from . import events as E
from .dice import roll_value, value_name
from .state import ABANDONED, FIT, HULL, KILLED, UNTREATED, DustState, Feature, Figure, Unit, feature_data


def where(h: Hex) -> str:
    return hex_label(h)


def features(st: DustState, kind: str) -> list[Feature]:
    return sorted((f for f in st.features.values() if f.kind == kind), key=lambda f: feature_order(f.id))


def feature_order(fid: str) -> tuple[int, str]:
    head, _, n = fid.rpartition("-")
    return (int(n), fid) if n.isdigit() else (0, fid)


def threatens(f: Feature, u: Unit) -> bool:
    """The hazard goes off for ``u``: it is the enemy's, or nobody's."""
    return not f.side or f.side != u.side


def known_to(f: Feature, side: str) -> bool:
    return not f.hidden or f.side == side


def on_ground(u: Unit) -> bool:
    return u.on_table and u.carried_by is None and u.vehicle != "aircraft"


def present_people(u: Unit) -> list[Figure]:
    return [f for f in u.figures if f.person and f.status not in (KILLED, ABANDONED)]


def fit_people(u: Unit) -> list[Figure]:
    return [f for f in u.figures if f.person and f.status == FIT]


def set_data(f: Feature, **changes: Any) -> tuple[str, ...]:
    facts: dict[str, Any] = {}
    for item in f.data:
        k, _, v = item.partition("=")
        facts[k] = v
    for k, v in changes.items():
        if v is None:
            facts.pop(k, None)
        else:
            facts[k] = v
    return feature_data(**facts)


def reveal(ctx: Resolution, f: Feature, why: str, rule: str) -> None:
    if f.hidden:
        ctx.emit(E.FeatureChanged(feature=f.id, hidden=False, reason=why, rule=rule))


def wound(ctx: Resolution, u: Unit, f: Figure, reason: str, rule: str) -> None:
    wounds = f.wounds + 1
    status = KILLED if wounds >= 2 else UNTREATED
    checks.set_figure(ctx, u, f, status, wounds, reason + (": a second wound kills" if status == KILLED else ""),
                      rule)


def occupants_shaken(ctx: Resolution, v: Unit, rule: str) -> None:
    """Each occupant of a damaged vehicle rolls armour: below 3 an untreated wound (Minefields)."""
    for p in ctx.state.passengers(v.id):
        for f in present_people(p):
            roll = ctx.roll(f.armour, f"{f.name} inside {v.name}: armour die D{f.armour}, 3 or more or an untreated "
                            "wound", rule, p.id)
            if roll < 3:
                wound(ctx, p, f, f"hurt inside {v.name} (armour {roll})", rule)
        checks.leader_losses(ctx, [p.id])


def vehicle_hit(ctx: Resolution, v: Unit, face: str, impact: int, why: str, rule: str, *,
                immobilise: bool = False) -> str:
    """One impact against a vehicle's armour face: "none", "damaged" (a damage marker, and
    immobilised if ``immobilise``; occupants test) or "destroyed" (above double: occupants killed)."""
    armour = v.armour_face(face)
    imp = roll_value(ctx, impact, f"{why}: impact {value_name(impact)} against {v.name}'s {face} armour", rule)
    arm = roll_value(ctx, armour, f"{face} armour {value_name(armour)} of {v.name}", rule, v.id)
    if imp > 2 * arm:
        hull = next(f for f in v.figures if f.role == HULL)
        checks.set_figure(ctx, v, hull, KILLED, hull.wounds, f"{why}: impact {imp} is more than double armour {arm}:"
                          " destroyed", rule)
        for p in ctx.state.passengers(v.id):
            for f in present_people(p):
                checks.set_figure(ctx, p, f, KILLED, f.wounds, f"killed as {v.name} is destroyed", rule)
        return "destroyed"
    if imp > arm:
        ctx.emit(E.VehicleDamaged(unit=v.id, reason=f"{why}: impact {imp} beats armour {arm}", rule=rule))
        if immobilise and not v.immobilised:
            ctx.emit(E.Immobilised(unit=v.id, reason=why, rule=rule))
        occupants_shaken(ctx, v, rule)
        return "damaged"
    ctx.emit(E.Note(text=f"{v.name}: impact {imp} against armour {arm}, no effect", rule=rule))
    return "none"


def blast_people(ctx: Resolution, u: Unit, impact: int, rule: str, figures: list[Figure] | None = None) -> None:
    """Every person of ``u`` (or those given) rolls armour against ``impact``, no cover; then Death of a Leader."""
    for f in (present_people(u) if figures is None else figures):
        if f.status in (KILLED, ABANDONED):
            continue
        checks.impact_on(ctx, u, f, impact, 0, False, rule, unarmoured=f.unarmoured)
    checks.leader_losses(ctx, [u.id])


def actions_left(st: DustState, u: Unit) -> int:
    top = st.active
    return top.actions if top is not None and top.unit == u.id else 2


def reorganise_refusal(st: DustState, u: Unit) -> str | None:
    if u.suppression and not ground.in_cover(st, u):
        return f"{u.name} is suppressed in the open: it may reorganise only in cover (Reorganise Action)"
    return None
