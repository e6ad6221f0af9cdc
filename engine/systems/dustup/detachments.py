"""Detach Element and Regroup actions (Dustup: Detach Element Action; Regroup Action): splitting figures
off as a detachment, activating it, and two depleted units (or a detachment and its parent) coming
back together as one.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts
from . import commands as C
from . import events as E
from .action import Action
from .communication import _suppressed_refusal, _travel_refusal, actions_left, communicate, on_stack
from .data import COMMS_RANGE
from .state import ABANDONED, DETACHMENT, FIT, KILLED, ROUTED, DustState, Unit

# ---------------------------------------------------------------------------------------------
# Detach Element Action
# ---------------------------------------------------------------------------------------------


def detachment_id(st: DustState, parent: Unit) -> tuple[str, str]:
    n = 1
    while f"{parent.id}-{n}" in st.units:
        n += 1
    return f"{parent.id}-{n}", f"{parent.name} detachment {n}"


def _detach_check(st: DustState, u: Unit, cmd: C.Detach) -> str | None:
    if u.is_vehicle:
        return f"{u.name} is a vehicle: it cannot split into detachments"
    if u.carried_by:
        return f"{u.name} is aboard a vehicle: disembark before splitting off a detachment"
    why = _travel_refusal(u) or _suppressed_refusal(u, "detach an element")
    if why:
        return why
    if u.kind == DETACHMENT:
        return f"{u.name} is itself a detachment: it cannot split further"
    if not cmd.figures:
        return "name the figures that form the detachment"
    if len(set(cmd.figures)) != len(cmd.figures):
        return "a figure is named twice"
    by_id = {f.id: f for f in u.figures}
    chosen = []
    for fid in cmd.figures:
        f = by_id.get(fid)
        if f is None or f.status in (KILLED, ABANDONED):
            return f"{fid} is not a figure with {u.name}"
        chosen.append(f)
    lead = u.leader
    if lead is not None and lead.id in cmd.figures:
        return "the unit leader stays with the parent unit"
    if not any(f.fit for f in chosen):
        return "a detachment needs at least one fit figure"
    return None


def _detach_resolve(ctx: Resolution, u: Unit, cmd: C.Detach) -> None:
    """Detach Element Action: one action splits the named figures off as a detachment on the same
    hex; the parent keeps the unit leader. Its parent's leader activates it from then on."""
    st: DustState = ctx.state
    acts.spend(ctx, u, "detach")
    uid, name = detachment_id(st, u)
    ctx.emit(E.DetachmentFormed(parent=u.id, unit=uid, name=name, figures=tuple(cmd.figures)))


def _detach_offer(st: DustState, u: Unit) -> list[Any]:
    if u.kind == DETACHMENT or u.travel or u.suppression:
        return []
    lead = u.leader
    others = [f for f in u.fit_figures if lead is None or f.id != lead.id]
    out = [C.Detach(u.id, (f.id,)) for f in others if f.weapon != others[0].weapon] if others else []
    if len(others) >= 2:
        out.append(C.Detach(u.id, tuple(f.id for f in others[len(others) // 2:])))
    if others:
        out.append(C.Detach(u.id, (others[-1].id,)))
    seen, uniq = set(), []
    for c in out:
        if c.figures not in seen:
            seen.add(c.figures)
            uniq.append(c)
    return uniq


def _activate_det_check(st: DustState, u: Unit, cmd: C.ActivateDetachment) -> str | None:
    det = st.units.get(cmd.detachment)
    if det is None:
        return f"there is no unit '{cmd.detachment}'"
    if det.parent != u.id:
        return f"{det.name} is not a detachment of {u.name}"
    if not det.on_table:
        return f"{det.name} is not on the table"
    if on_stack(st, det):
        return f"{det.name} is already acting"
    return _travel_refusal(u)


def _activate_det_resolve(ctx: Resolution, u: Unit, cmd: C.ActivateDetachment) -> None:
    """Detach Element Action: the parent's leader uses an action to activate the detachment, with a
    communication test only if it is more than 6" (3 hexes) away or out of sight."""
    st: DustState = ctx.state
    det = st.units[cmd.detachment]
    acts.spend(ctx, u, "activate detachment")
    if communicate(ctx, u, det, f"activate {det.name}", "Detach Element Action"):
        acts.push_activation(ctx, det, "detachment")


def _activate_det_offer(st: DustState, u: Unit) -> list[Any]:
    return [C.ActivateDetachment(u.id, d.id) for d in st.units.values() if d.parent == u.id and d.on_table]


# ---------------------------------------------------------------------------------------------
# Regroup Action
# ---------------------------------------------------------------------------------------------


def depleted(u: Unit) -> bool:
    return any(f.status != FIT for f in u.figures)


def rejoining(u: Unit, other: Unit) -> bool:
    """A detachment and its own parent coming back together."""
    return other.parent == u.id or u.parent == other.id


def _regroup_check(st: DustState, u: Unit, cmd: C.Regroup) -> str | None:
    why = _travel_refusal(u) or _suppressed_refusal(u, "regroup")
    if why:
        return why
    other = st.units.get(cmd.other)
    if other is None:
        return f"there is no unit '{cmd.other}'"
    if other.id == u.id or other.side != u.side or not other.on_table:
        return f"{other.name} is not a friendly unit on the table to regroup with"
    if on_stack(st, other):
        return f"{other.name} is acting: it cannot regroup now"
    rejoin = rejoining(u, other)
    if not rejoin:
        if u.is_command or other.is_command:
            return "headquarters keep their own identity: they do not regroup"
        if not (depleted(u) and depleted(other)):
            return "only two depleted units may regroup (both must have lost figures)"
        if actions_left(st, u) < 2:
            return f"regrouping takes {u.name}'s whole activation"
        top = st.active
        ordered = top is not None and top.unit == u.id and top.by == "order"
        if other.activated and not ordered:
            return f"{other.name} has already been activated this turn"
        if other.suppression or other.panicked or other.confidence == ROUTED or other.leaderless:
            return f"{other.name} is in no state to regroup (suppressed, panicking, routed or leaderless)"
    elif actions_left(st, u) < (2 if cmd.move_to is not None else 1):
        return f"{u.name} has no action left for a move first"
    at = u.hex
    if cmd.move_to is not None:
        why = acts.MOVE.check(st, u, C.Move(u.id, cmd.move_to))
        if why:
            return why
        at = cmd.move_to
    if hex_distance(at, other.hex) > COMMS_RANGE:
        return "the two leaders must end within 6 inches (3 hexes) of each other"
    return None


def _regroup_resolve(ctx: Resolution, u: Unit, cmd: C.Regroup) -> None:
    """Regroup Action: two depleted units combine, using the activation of both. The leaders must be
    within 6" (3 hexes); the activating unit may move once first. The merged unit has the better
    leadership, the quality of the larger unit (the lower if the same size) and the worse confidence.
    A detachment rejoins its parent with a single action."""
    st: DustState = ctx.state
    other = st.units[cmd.other]
    rejoin = rejoining(u, other)
    rule = "Detach Element Action" if rejoin else "Regroup Action"
    if cmd.move_to is not None:
        acts.spend(ctx, u, "move")
        acts.move_unit(ctx, u, cmd.move_to, purpose="move to regroup", rule=rule)
        if hex_distance(u.hex, other.hex) > COMMS_RANGE:
            ctx.emit(E.Note(text=f"{u.name} did not get within 6 inches of {other.name}: no regroup", rule=rule))
            return
    acts.spend(ctx, u, "regroup", 1 if rejoin else actions_left(st, u))
    if rejoin:
        parent, det = (u, other) if other.parent == u.id else (other, u)
        ctx.emit(E.UnitsMerged(unit=parent.id, other=det.id, rule=rule))
        return
    merge(ctx, u, other)


def merge(ctx: Resolution, u: Unit, other: Unit) -> None:
    """``other`` joins ``u``: best leadership, quality of the larger unit (the lower when the same
    size), worse confidence (and worse starting confidence), and the better leader leads."""
    rule = "Regroup Action"
    a, b = len(u.fit_figures), len(other.fit_figures)
    quality = u.quality if a > b else other.quality if b > a else min(u.quality, other.quality)
    leadership = min(u.leadership, other.leadership)
    confidence = min(u.confidence, other.confidence)
    start = min(u.initial_confidence, other.initial_confidence)
    other_lead = other.leader
    new_lead = other_lead.id if other.leadership < u.leadership and other_lead is not None and other_lead.fit \
        else None
    old_lead = u.leader.id if u.leader is not None else None
    ctx.emit(E.Note(text=f"{other.name} gives up its activation to regroup with {u.name}", rule=rule))
    ctx.emit(E.UnitsMerged(unit=u.id, other=other.id, rule=rule))
    ctx.emit(E.RatingsCombined(unit=u.id, quality=quality, leadership=leadership, confidence=confidence,
                               initial_confidence=start, rule=rule,
                               reason="the better leadership, the quality of the larger unit and the worse "
                               "confidence of the two"))
    if not u.activated:
        ctx.emit(E.CountsAsActivated(unit=u.id, reason="regrouping uses up the activation of both units", rule=rule))
    if new_lead is not None:
        if old_lead is not None:
            ctx.emit(E.FigureRoleChanged(unit=u.id, figure=old_lead, role="", reason="hands over the lead",
                                         rule=rule))
        ctx.emit(E.FigureRoleChanged(unit=u.id, figure=new_lead, role="leader", reason="the better leader leads",
                                     rule=rule))


def _regroup_offer(st: DustState, u: Unit) -> list[Any]:
    if u.travel or u.suppression:
        return []
    return [C.Regroup(u.id, o.id) for o in st.units.values()
            if o.side == u.side and o.id != u.id and o.on_table and hex_distance(u.hex, o.hex) <= COMMS_RANGE]


ACTIONS: dict[type, Action] = {
    C.Detach: Action(_detach_check, _detach_resolve, _detach_offer),
    C.ActivateDetachment: Action(_activate_det_check, _activate_det_resolve, _activate_det_offer),
    C.Regroup: Action(_regroup_check, _regroup_resolve, _regroup_offer),
}
