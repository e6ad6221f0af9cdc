"""Dustup's command, support and detection actions: communicate, order, combined assault, rally,
detachments, regroup, medical treatment, detect, panic recovery and reorganise (with the new
leader and the promotion cascade of "Death of a Leader").

Scale (RULES-NOTES): 6 inches is 3 hexes; "within 2 inches" is the same or an adjacent hex;
detection ranges 12"/24"/48" are 6/12/24 hexes (at night 4"/8"/16" are 2/4/8 hexes).

Readings the book leaves open, chosen here:

- Levels bypassed (Communicate Action) are counted along ``Unit.commander`` links: a company HQ
  talking to a squad whose commander is a platoon HQ bypasses one level.
- Jamming is rolled only when a communication needs a roll (within 6" and in sight, nobody uses
  a radio).
- "Less than half" (Rally, optional; Panic recovery) is measured exactly, without rounding: a
  roll of 1 is under half of 3.
- Regroup: the larger unit is the one with more fit figures; the merged unit keeps the worse of
  the two starting confidences as well, so a later rally cannot lift it past that; headquarters
  do not regroup. A detachment rejoining its own parent is the "another action to regroup" of
  Detach Element Action: one action, within 6" of each other.
- Night Vision: a unit with ``night_vision`` or with enhanced or superior sensors (D8 or better)
  detects at daylight ranges ("typically ... behave as if it was daylight").
- Targets larger than size 1 shift the range die down one; every unit here is infantry (size 1),
  so no shift is ever applied.
- Medical treatment that puts a trooper back on duty clears his wound.
- Suppressed units may communicate (order, rally, activate a detachment) and reorganise in cover,
  nothing else here: no treating, detecting, detaching or regrouping while pinned down.
- A panicking unit's "superior commander" is any HQ above it in its chain of command.
- A headquarters that loses its commander appoints a new "commander" figure; a squad a "leader".
- Extracting a trooper from a wrecked suit is optional in the book; it is on unless the battle's
  options set ``power_armour_extraction`` to False.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, assault, checks, ew, ground
from . import commands as C
from . import events as E
from .action import Action, Decision
from .data import COMMS_RANGE
from .dice import beats, die_name, opposed_shift, shift, shift_names
from .ew import range_die, search, sees_as_by_day  # noqa: F401  (also read as command.<name>)
from .state import ABANDONED, DETACHMENT, DISABLED, FIT, KILLED, ROUTED, STABILISED, DustState, Figure, Unit

SELF_TREATMENT = 6  # troops without a medic roll a D6 (Medical Treatment Action)
EXTRACTED_ARMOUR = 4  # the trooper out of a wrecked suit fights as an unarmoured figure


# ---------------------------------------------------------------------------------------------
# Events of this module
# ---------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class FigureRefitted:
    """A figure's armour changes: the occupant of a wrecked power-armour suit climbs out and
    carries on as a fit, unarmoured trooper (Power Armour Troops as Casualties)."""

    unit: str
    figure: str
    armour: int
    power: bool
    unarmoured: bool = False
    reason: str = ""
    rule: str = "Power Armour Troops as Casualties"


def _fold_refitted(st: DustState, ev: FigureRefitted) -> None:
    for f in st.units[ev.unit].figures:
        if f.id == ev.figure:
            f.armour = ev.armour
            f.power = ev.power
            f.unarmoured = ev.unarmoured
            f.status = FIT
            f.wounds = 0


EVENT_TYPES: tuple[type, ...] = (FigureRefitted,)
FOLD: dict[type, Callable[[DustState, Any], None]] = {FigureRefitted: _fold_refitted}
DECISIONS: dict[str, Decision] = {}


# ---------------------------------------------------------------------------------------------
# Helpers: the chain of command, actions left, distances
# ---------------------------------------------------------------------------------------------


def chain_of_command(st: DustState, u: Unit) -> list[str]:
    """The ids of the HQs above ``u``, nearest first (following ``Unit.commander``)."""
    out: list[str] = []
    at = u.commander
    while at is not None and at not in out and at in st.units:
        out.append(at)
        at = st.units[at].commander
    return out


def is_subordinate(st: DustState, sub: Unit, hq: Unit) -> bool:
    """``sub`` answers to ``hq``, directly or through intermediate commanders."""
    return sub.id != hq.id and hq.id in chain_of_command(st, sub)


def subordinates(st: DustState, hq: Unit) -> list[Unit]:
    return [s for s in st.units.values() if s.side == hq.side and s.on_table and is_subordinate(st, s, hq)]


def levels_bypassed(st: DustState, sender: Unit, receiver: Unit) -> int:
    """Command levels skipped between a commander and a unit below it (Communicate Action)."""
    for a, b in ((sender, receiver), (receiver, sender)):
        up = chain_of_command(st, b)
        if a.id in up:
            return up.index(a.id)
    return 0


def actions_left(st: DustState, u: Unit) -> int:
    """The actions ``u`` still has: two if its activation has not begun yet."""
    top = st.active
    if top is not None and top.unit == u.id:
        return top.actions
    return 2


def on_stack(st: DustState, u: Unit) -> bool:
    return any(a.unit == u.id for a in st.stack)


def in_voice_range(st: DustState, a: Unit, b: Unit) -> bool:
    """Within 6 inches (3 hexes) and in clear sight: no communication roll needed."""
    return hex_distance(a.hex, b.hex) <= COMMS_RANGE and ground.can_see(st, a.hex, b.hex)


def _travel_refusal(u: Unit) -> str | None:
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    return None


def _suppressed_refusal(u: Unit, what: str) -> str | None:
    if u.suppression:
        return (f"{u.name} is suppressed: it cannot {what} until it recovers "
                "(Recover Suppression Action)")
    return None


# ---------------------------------------------------------------------------------------------
# Communicate Action
# ---------------------------------------------------------------------------------------------


def communication_die(st: DustState, sender: Unit, receiver: Unit) -> tuple[int, int, list[str]]:
    """(die, number to beat, notes) for a communication roll before any jamming."""
    target = max(sender.leadership, receiver.leadership)
    bypass = levels_bypassed(st, sender, receiver)
    die = shift(sender.quality, -bypass)
    notes = []
    if bypass:
        notes.append(f"{bypass} command level{'s' if bypass > 1 else ''} bypassed -{bypass}")
    return die, target, notes


def communicate(ctx: Resolution, sender: Unit, receiver: Unit, why: str = "",
                rule: str = "Communicate Action") -> bool:
    """Communicate Action. The sender rolls its quality die and must beat the worst (highest)
    leadership of sender and receiver; the die shifts down once per command level bypassed and
    once or twice more for enemy jamming. Within 6" (3 hexes) and in sight it simply succeeds.
    Suppressed units may still communicate."""
    st: DustState = ctx.state
    what = f" ({why})" if why else ""
    if in_voice_range(st, sender, receiver):
        ctx.emit(E.Note(text=f"{sender.name} reaches {receiver.name}{what} directly: within 6 inches and in "
                        "sight, no roll needed", rule=rule))
        return True
    die, target, notes = communication_die(st, sender, receiver)
    bypass = levels_bypassed(st, sender, receiver)
    jam = jamming(ctx, sender)
    named = shift_names(f"D{sender.quality}", [(f"{bypass} command level(s) bypassed", -bypass),
                                                (f"enemy jamming ({'major' if jam == 2 else 'minor'} success)", -jam)],
                        "Communicate Action")
    if jam:
        die = shift(die, -jam)
        notes.append(f"jammed -{jam}")
    shifted = f"D{sender.quality} -> {die_name(die)}: " + ", ".join(notes) + "; " if notes else ""
    roll = ctx.roll(die, f"communication{what}: {shifted}{die_name(die)} must beat {target}, the worse "
                    f"leadership of {sender.name} ({sender.leadership}) and {receiver.name} "
                    f"({receiver.leadership})", rule, sender.id, modifiers=named)
    if beats(roll, target):
        # an enemy EW unit jams only a message that would get through (ew.py: this game's reading)
        if ew.jam(ctx, sender.side, roll, f"{sender.name}'s message to {receiver.name}"):
            return False
        ctx.emit(E.Note(text=f"{sender.name} gets through to {receiver.name} ({roll} > {target})", rule=rule))
        return True
    ctx.emit(E.Note(text=f"{sender.name} cannot get through to {receiver.name} ({roll} against {target})",
                    rule=rule))
    return False


def jamming(ctx: Resolution, sender: Unit) -> int:
    """Communicate Action: Jamming. An opposed roll of the enemy jammer against the sender's
    communications gear: the jammer higher is a minor success (communication die down one), more
    than double a major success (down two). Returns the shift, 0 to 2."""
    st: DustState = ctx.state
    enemy = st.other(sender.side)
    jammer = st.tables.side_info[enemy].get("jammer", 0)
    if not jammer:
        return 0
    comms = st.tables.side_info[sender.side].get("comms", 8)
    rule = "Communicate Action: Jamming"
    j = ctx.roll(jammer, f"enemy jammer D{jammer} against {sender.name}'s communications", rule, enemy)
    c = ctx.roll(comms, f"{sender.name}'s communications gear D{comms} against the jammer", rule, sender.side)
    shift_down = opposed_shift(j, c)
    if shift_down == 2:
        ctx.emit(E.Note(text=f"jamming: {j} is more than double {c}, a major success: communication die "
                        "down two", rule=rule))
        return 2
    if shift_down == 1:
        ctx.emit(E.Note(text=f"jamming: {j} beats {c}, a minor success: communication die down one", rule=rule))
        return 1
    ctx.emit(E.Note(text=f"jamming fails ({j} against {c})", rule=rule))
    return 0


# ---------------------------------------------------------------------------------------------
# Order Action
# ---------------------------------------------------------------------------------------------


def _subordinate_refusal(st: DustState, hq: Unit, sid: str, what: str = "order") -> tuple[Unit | None, str | None]:
    sub = st.units.get(sid)
    if sub is None:
        return None, f"there is no unit '{sid}'"
    if not hq.is_command:
        return sub, f"{hq.name} is not a commander: only headquarters may {what} other units"
    if sub.side != hq.side or not is_subordinate(st, sub, hq):
        return sub, f"{sub.name} does not answer to {hq.name}"
    if not sub.on_table:
        return sub, f"{sub.name} is not on the table"
    if on_stack(st, sub):
        return sub, f"{sub.name} is already acting"
    return sub, None


def _order_check(st: DustState, u: Unit, cmd: C.Order) -> str | None:
    _, why = _subordinate_refusal(st, u, cmd.subordinate)
    return why or _travel_refusal(u)


def _order_resolve(ctx: Resolution, u: Unit, cmd: C.Order) -> None:
    """Order Action: one of the commander's actions; if the communication gets through, the
    subordinate is (re)activated for two actions without an activation marker, then play
    returns to the commander. A failed communication loses the action."""
    st: DustState = ctx.state
    sub = st.units[cmd.subordinate]
    acts.spend(ctx, u, "order")
    if communicate(ctx, u, sub, f"order to {sub.name}", "Order Action"):
        acts.push_activation(ctx, sub, "order")


def _order_offer(st: DustState, u: Unit) -> list[Any]:
    if not u.is_command:
        return []
    return [C.Order(u.id, s.id) for s in subordinates(st, u)]


# ---------------------------------------------------------------------------------------------
# Combined Assault
# ---------------------------------------------------------------------------------------------


def _combined_check(st: DustState, u: Unit, cmd: C.CombinedAssault) -> str | None:
    if cmd.first == cmd.second:
        return "a combined assault needs two different units"
    for sid in (cmd.first, cmd.second):
        _, why = _subordinate_refusal(st, u, sid)
        if why:
            return why
    why = _travel_refusal(u)
    if why:
        return why
    if actions_left(st, u) < 2:
        return f"a combined assault takes both of {u.name}'s actions"
    target = st.units.get(cmd.target)
    if target is None or target.side == u.side or not target.on_table or target.hidden:
        return "the target must be an enemy unit on the table that has been found"
    for sid in (cmd.first, cmd.second):
        why = assault.ACTIONS[C.Assault].check(st, st.units[sid], C.Assault(sid, cmd.target))
        if why:
            return why
    return None


def _combined_resolve(ctx: Resolution, u: Unit, cmd: C.CombinedAssault) -> None:
    """Combined Assault: the commander uses both actions to order two subordinates against one
    enemy unit. Both get through: the assault is fought as multiple units in close combat. Only
    one: that unit is activated as by an order."""
    st: DustState = ctx.state
    first, second, target = st.units[cmd.first], st.units[cmd.second], st.units[cmd.target]
    rule = "Order Action: Combined Assault"
    acts.spend(ctx, u, "combined assault", actions_left(st, u))
    ok = [s for s in (first, second)
          if communicate(ctx, u, s, f"combined assault order to {s.name}", rule)]
    if len(ok) == 2:
        ctx.emit(E.Note(text=f"{first.name} and {second.name} assault {target.name} together", rule=rule))
        assault.combined_assault(ctx, [st.units[first.id], st.units[second.id]], st.units[target.id])
    elif ok:
        ctx.emit(E.Note(text=f"only {ok[0].name} got the order: it acts alone", rule=rule))
        acts.push_activation(ctx, ok[0], "order")


def _combined_offer(st: DustState, u: Unit) -> list[Any]:
    if not u.is_command or actions_left(st, u) < 2:
        return []
    subs = [s for s in subordinates(st, u) if not on_stack(st, s)]
    out = []
    for i, a in enumerate(subs):
        for b in subs[i + 1:]:
            reach = max(a.move_die, b.move_die) + 1
            for t in st.enemies(u.side):
                if not t.hidden and hex_distance(a.hex, t.hex) <= reach and hex_distance(b.hex, t.hex) <= reach:
                    out.append(C.CombinedAssault(u.id, a.id, b.id, t.id))
    return out


# ---------------------------------------------------------------------------------------------
# Rally Action
# ---------------------------------------------------------------------------------------------


def _rally_check(st: DustState, u: Unit, cmd: C.Rally) -> str | None:
    sub, why = _subordinate_refusal(st, u, cmd.subordinate, "rally")
    if sub is None or why:
        return why
    if sub.panicked:
        return f"{sub.name} is panicking: panicking units cannot be rallied (Panic)"
    if sub.confidence >= sub.initial_confidence:
        return f"{sub.name} is already at its starting confidence"
    return _travel_refusal(u)


def _rally_resolve(ctx: Resolution, u: Unit, cmd: C.Rally) -> None:
    """Rally Action: the commander communicates; then the unit rolls its quality die and must beat
    its own leadership plus the commander's: one confidence level up, never above where it began.
    Optional: over double the target two levels; under half, one level down."""
    st: DustState = ctx.state
    sub = st.units[cmd.subordinate]
    rule = "Rally Action"
    acts.spend(ctx, u, "rally")
    if not communicate(ctx, u, sub, f"rally {sub.name}", rule):
        return
    target = sub.leadership + u.leadership
    doubles = bool(st.options.get("rally_doubles"))
    roll = ctx.roll(sub.quality, f"rally: D{sub.quality} must beat {target} ({sub.name}'s leadership "
                    f"{sub.leadership} + {u.name}'s {u.leadership})"
                    + (f"; over {2 * target} rises two, under half drops one" if doubles else ""), rule, sub.id)
    levels = rally_result(roll, target, doubles)
    if levels == 2:
        checks.raise_confidence(ctx, sub, 2, f"rallied by {u.name} ({roll}, more than double {target})",
                                "Rally Action (optional doubles)")
    elif levels == 1:
        checks.raise_confidence(ctx, sub, 1, f"rallied by {u.name} ({roll} > {target})", rule)
    elif levels == -1:
        checks.drop_confidence(ctx, sub, 1, f"a botched rally ({roll}, under half of {target})",
                               "Rally Action (optional doubles)")
    else:
        ctx.emit(E.Note(text=f"{sub.name} does not respond to the rally ({roll} against {target})", rule=rule))


def rally_result(roll: int, target: int, doubles: bool) -> int:
    """Rally Action: the confidence levels a rally roll moves the unit (before the cap at its starting level
    and the floor at routed): up one over the target; with the optional doubles, up two over double the
    target and down one under half of it."""
    if doubles and roll > 2 * target:
        return 2
    if beats(roll, target):
        return 1
    return -1 if doubles and 2 * roll < target else 0


def _rally_offer(st: DustState, u: Unit) -> list[Any]:
    if not u.is_command:
        return []
    return [C.Rally(u.id, s.id) for s in subordinates(st, u) if s.confidence < s.initial_confidence]


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


# ---------------------------------------------------------------------------------------------
# Medical Treatment Action
# ---------------------------------------------------------------------------------------------


def treatment_die(u: Unit) -> tuple[int, str]:
    """The unit's treatment die: D6 without a medic, D8 with a unit medic (while he is fit), D10 for
    a dedicated medical team."""
    if u.medic >= 10:
        return u.medic, "medical team"
    medics = [f for f in u.figures if f.role == "medic"]
    if u.medic > SELF_TREATMENT and (not medics or any(f.fit for f in medics)):
        return u.medic, "unit medic"
    return SELF_TREATMENT, "no medic" if not medics else "the medic is down"


def _treat_check(st: DustState, u: Unit, cmd: C.Treat) -> str | None:
    why = _travel_refusal(u) or _suppressed_refusal(u, "treat wounded")
    if why:
        return why
    patient = st.units.get(cmd.patient)
    if patient is None:
        return f"there is no unit '{cmd.patient}'"
    if patient.side != u.side or patient.pos is None or patient.off_table:
        return f"{patient.name} is not a friendly unit on the table"
    if not patient.wounded_untreated:
        return f"{patient.name} has no untreated wounded"
    if patient.id != u.id:
        die, _ = treatment_die(u)
        if die <= SELF_TREATMENT:
            return f"{u.name} has no medic to treat another unit's wounded"
        if hex_distance(u.hex, patient.hex) > 1:
            return f"the medic must first move within 2 inches of {patient.name} (its hex or the next)"
    return None


TREATMENT = ((2, KILLED, "dies of his wounds"), (5, STABILISED, "is stabilised"), (99, FIT, "returns to duty"))


def treatment_result(roll: int) -> tuple[str, str]:
    """Medical Treatment Action: what a treatment roll does to one casualty (its status and the words): 1-2
    dies, 3-5 stabilised, 6 or more back on duty."""
    for top, status, words in TREATMENT:
        if roll <= top:
            return status, words
    return FIT, "returns to duty"


def _treat_resolve(ctx: Resolution, u: Unit, cmd: C.Treat) -> None:
    """Medical Treatment Action: one action treats every untreated wounded figure of the patient
    unit, a die each: 1-2 killed, 3-5 stabilised, 6 or more back to duty."""
    st: DustState = ctx.state
    patient = st.units[cmd.patient]
    rule = "Medical Treatment Action"
    die, who = treatment_die(u)
    acts.spend(ctx, u, "treat wounded")
    for f in list(patient.wounded_untreated):
        roll = ctx.roll(die, f"treating {f.name}: D{die} ({who}): 1-2 dies, 3-5 stabilised, 6+ back to duty",
                        rule, u.id)
        status, words = treatment_result(roll)
        wounds = 0 if status == FIT else f.wounds
        ctx.emit(E.FigureChanged(unit=patient.id, figure=f.id, status=status, wounds=wounds,
                                 reason=f"treatment {roll}: {words}", rule=rule))


def _treat_offer(st: DustState, u: Unit) -> list[Any]:
    out = [C.Treat(u.id, u.id)] if u.wounded_untreated else []
    if treatment_die(u)[0] > SELF_TREATMENT:
        out += [C.Treat(u.id, p.id) for p in st.units.values()
                if p.side == u.side and p.id != u.id and p.pos is not None and not p.off_table
                and p.wounded_untreated and hex_distance(u.hex, p.hex) <= 1]
    return out


# ---------------------------------------------------------------------------------------------
# Detect Action and Night Vision
# ---------------------------------------------------------------------------------------------


def _detect_check(st: DustState, u: Unit, cmd: C.Detect) -> str | None:
    why = _travel_refusal(u) or _suppressed_refusal(u, "search for hidden enemies")
    if why:
        return why
    m = st.markers.get(cmd.marker)
    if m is None or m.side == u.side:
        return "there is no enemy hidden-unit marker by that name"
    if not _sees_marker(st, u, m.pos):
        return f"{u.name}'s leader has no line of sight to that marker"
    if range_die(st, u, hex_distance(u.hex, m.pos)) is None:
        limit = "48 inches (24 hexes)" if sees_as_by_day(st, u) else "16 inches (8 hexes) at night"
        return f"that marker is too far away: nothing can be detected beyond {limit}"
    return None


def _sees_marker(st: DustState, u: Unit, h: Hex) -> bool:
    """Line of sight to a marker; from an aircraft in the air, everything not under smoke (Aerospace:
    Spotting from Aircraft, see ground.sees)."""
    if u.air in ("airborne", "hovering"):
        return ground.sees(st, u, h)
    return ground.can_see(st, u.hex, h)


def _detect_resolve(ctx: Resolution, u: Unit, cmd: C.Detect) -> None:
    """Detect Action: the marker's owner rolls a range die; the observer rolls its quality die and
    its sensor die. One beats it: a dummy is removed. Both: the marker is removed and the real
    unit, if any, revealed."""
    acts.spend(ctx, u, "detect")
    search(ctx, u, cmd.marker)


def _detect_offer(st: DustState, u: Unit) -> list[Any]:
    if u.travel or u.suppression:
        return []
    return [C.Detect(u.id, m.id) for m in st.markers.values() if m.side != u.side]


# ---------------------------------------------------------------------------------------------
# Panic recovery (Morale: Panic)
# ---------------------------------------------------------------------------------------------


def rouse_leadership(st: DustState, u: Unit) -> tuple[int, Unit | None]:
    """The leadership a panicking unit tests with: its own, or a superior commander's in direct
    contact (same or adjacent hex) when that is better."""
    best, by = u.leadership, None
    for hid in chain_of_command(st, u):
        hq = st.units[hid]
        if hq.on_table and hex_distance(hq.hex, u.hex) <= 1 and hq.leadership < best:
            best, by = hq.leadership, hq
    return best, by


def _rouse_check(st: DustState, u: Unit, cmd: C.Rouse) -> str | None:
    if not u.panicked:
        return f"{u.name} is not panicking"
    if u.confidence == ROUTED:
        return f"{u.name} panicked and routed: it can no longer recover (Panic)"
    if actions_left(st, u) < 2:
        return f"recovering from panic takes both of {u.name}'s actions: wait for its next activation"
    return None


ROUSED, STILL_PANICKING, PANIC_DEEPENS = "recovered", "still panicking", "worse"


def rouse_result(roll: int, target: int) -> str:
    """Morale: Panic, a panic recovery roll: ROUSED over the target; under half of it PANIC_DEEPENS (a
    confidence level lost); else STILL_PANICKING."""
    if beats(roll, target):
        return ROUSED
    return PANIC_DEEPENS if 2 * roll < target else STILL_PANICKING


def _rouse_resolve(ctx: Resolution, u: Unit, cmd: C.Rouse) -> None:
    """Morale: Panic. A panicking unit uses both actions on another panic test, quality die over
    leadership: a pass ends the panic for good; under half the target also drops a confidence level."""
    st: DustState = ctx.state
    rule = "Morale: Panic"
    acts.spend(ctx, u, "recover from panic", actions_left(st, u))
    target, hq = rouse_leadership(st, u)
    whose = f"{hq.name}'s leadership, in direct contact" if hq else "its leadership"
    roll = ctx.roll(u.quality, f"panic recovery: D{u.quality} must beat {target} ({whose})", rule, u.id)
    result = rouse_result(roll, target)
    if result == ROUSED:
        ctx.emit(E.PanicOver(unit=u.id, reason=f"recovers ({roll} > {target}); it never tests again", rule=rule))
        return
    ctx.emit(E.Note(text=f"{u.name} is still panicking ({roll} against {target})", rule=rule))
    if result == PANIC_DEEPENS:
        checks.drop_confidence(ctx, u, 1, f"panic deepens ({roll}, under half of {target})", rule)


def _rouse_offer(st: DustState, u: Unit) -> list[Any]:
    return [C.Rouse(u.id)] if u.panicked else []


# ---------------------------------------------------------------------------------------------
# Reorganise Action (and Death of a Leader)
# ---------------------------------------------------------------------------------------------

PURPOSES = ("conceal", "expose", "travel", "tactical", "mount", "dismount", "leader", "command", "extract")


def commander_gone(st: DustState, u: Unit) -> Unit | None:
    """``u``'s commander unit if it has been destroyed (no fit figures) or has left the table."""
    hq = st.units.get(u.commander) if u.commander else None
    if hq is None:
        return None
    return hq if (not hq.fit_figures or hq.off_table or hq.pos is None) else None


def _reorganise_check(st: DustState, u: Unit, cmd: C.Reorganise) -> str | None:
    p = cmd.purpose
    if p not in PURPOSES:
        return f"'{p}' is not a reorganisation; choose one of: {', '.join(PURPOSES)}"
    if u.is_vehicle:
        return f"{u.name} is a vehicle: its crew has no squad formation to change"
    if u.suppression and not ground.in_cover(st, u):
        return f"{u.name} is suppressed in the open: it may reorganise only in cover (Reorganise Action)"
    if u.leaderless and p != "leader":
        return f"{u.name}'s leader is down: it must reorganise to appoint a new one first"
    if p in ("leader", "command", "extract"):
        return _leadership_refusal(st, u, p)
    return _formation_refusal(st, u, p)


def _formation_refusal(st: DustState, u: Unit, p: str) -> str | None:
    """Reorganising the unit's formation: complete concealment on or off, travel or tactical
    formation, cavalry mounting or dismounting."""
    if p == "conceal":
        if ground.terrain_under(st.tables.conceal, u) == "none":
            return f"there is nothing to hide behind on {u.name}'s hex"
        return f"{u.name} is already completely concealed" if u.complete_concealment else None
    if p == "expose":
        return None if u.complete_concealment else f"{u.name} is not completely concealed"
    if p == "travel":
        if u.travel:
            return f"{u.name} is already in travel mode"
        return f"{u.name} is propped: unprop first" if u.propped else None
    if p == "tactical":
        return None if u.travel else f"{u.name} is not in travel mode"
    if p in ("mount", "dismount"):
        if not u.cavalry:
            return f"{u.name} has no mounts"
        if p == "mount" and u.propped:
            return f"{u.name} is propped: unprop first"
        if u.mounted == (p == "mount"):
            return f"{u.name} is already {'mounted' if u.mounted else 'dismounted'}"
    return None


def _leadership_refusal(st: DustState, u: Unit, p: str) -> str | None:
    """Reorganising the unit's leadership: appointing a new leader, promoting the leader to a fallen
    headquarters' command, or getting troopers out of wrecked power-armour suits (extract)."""
    if p == "leader":
        if not u.leaderless:
            return f"{u.name} has a leader"
        if not u.fit_figures:
            return f"{u.name} has nobody fit to lead it"
        if actions_left(st, u) < 2 and not u.new_commander:
            return ("appointing a new leader takes a whole activation of two reorganise actions: "
                    "it must wait for the unit's next activation")
        return None
    if p == "command":
        lead = u.leader
        if lead is None or not lead.fit:
            return f"{u.name} has no fit leader to promote"
        if commander_gone(st, u) is None:
            return f"{u.name}'s commander is still in the field: there is nobody to replace"
        return None
    # extract
    if not any(f.status == DISABLED and f.power for f in u.figures):
        return f"{u.name} has no trooper in a wrecked power-armour suit"
    if not st.options.get("power_armour_extraction", True):
        return "getting troopers out of wrecked suits is not in play in this battle (optional rule)"
    return None


SIMPLE: dict[str, Callable[[str], Any]] = {
    "conceal": lambda uid: E.ConcealmentChosen(unit=uid, complete=True, reason="goes to ground"),
    "expose": lambda uid: E.ConcealmentChosen(unit=uid, complete=False, reason="ready to fire again"),
    "travel": lambda uid: E.FormationChanged(unit=uid, travel=True, reason="forms up in column"),
    "tactical": lambda uid: E.FormationChanged(unit=uid, travel=False, reason="returns to a tactical formation"),
    "mount": lambda uid: E.CavalryMounted(unit=uid, mounted=True, reason="mounts up"),
    "dismount": lambda uid: E.CavalryMounted(unit=uid, mounted=False, reason="dismounts to fight on foot"),
}
"""The reorganise purposes that are one fact each: the event each records."""


def _reorganise_resolve(ctx: Resolution, u: Unit, cmd: C.Reorganise) -> None:
    """Reorganise Action: a general purpose action that neither counts as moving nor reveals a hidden
    unit. Suppressed units may reorganise only in cover. Travel mode allows only move and reorganise."""
    st: DustState = ctx.state
    p = cmd.purpose
    if p in SIMPLE:
        acts.spend(ctx, u, f"reorganise ({p})")
        ctx.emit(SIMPLE[p](u.id))
        return
    if p == "leader":
        acts.spend(ctx, u, "reorganise (new leader)", actions_left(st, u))
        appoint_leader(ctx, st.units[u.id])
        return
    if p == "command":
        acts.spend(ctx, u, "reorganise (assume command)")
        assume_command(ctx, st.units[u.id])
        return
    acts.spend(ctx, u, "reorganise (extract)")
    f = next(f for f in u.figures if f.status == DISABLED and f.power)
    ctx.emit(FigureRefitted(unit=u.id, figure=f.id, armour=EXTRACTED_ARMOUR, power=False, unarmoured=True,
                            reason=f"{f.name} climbs out of his wrecked suit and carries on unarmoured"))


def appoint_leader(ctx: Resolution, u: Unit) -> None:
    """Morale: Death of a Leader. At the end of an activation spent reorganising, a fit figure takes
    the lead and a D6 sets the new leadership: 1-2 one worse (at most 3), 6 one better (at least 1)."""
    rule = "Morale: Death of a Leader"
    for f in u.figures:
        if f.role in ("leader", "commander") and not f.fit:
            ctx.emit(E.FigureRoleChanged(unit=u.id, figure=f.id, role="", reason="a casualty: relieved", rule=rule))
    has_commander = any(f.role == "commander" and f.fit for f in u.figures)
    role = "commander" if u.is_command and not has_commander else "leader"
    candidates = [f for f in u.fit_figures if f.role == ""] or [f for f in u.fit_figures if f.role != "commander"]
    new: Figure | None = candidates[0] if candidates else None
    if new is not None:
        ctx.emit(E.FigureRoleChanged(unit=u.id, figure=new.id, role=role, reason="appointed the new leader",
                                     rule=rule))
    roll = ctx.roll(6, f"{u.name}'s new leader (leadership {u.leadership} now): 1-2 one worse, 6 one better",
                    rule, u.id)
    value = min(3, u.leadership + 1) if roll <= 2 else max(1, u.leadership - 1) if roll == 6 else u.leadership
    if value != u.leadership:
        why = f"the new leader is {'worse' if value > u.leadership else 'better'} ({roll})"
    else:
        why = f"the new leader is as good as the last ({roll})"
    ctx.emit(E.LeaderAppointed(unit=u.id, leadership=value, reason=why, rule=rule))


def assume_command(ctx: Resolution, u: Unit) -> None:
    """Morale: Death of a Leader. With no second in command left, a subordinate's leader is promoted:
    the unit takes the fallen headquarters' level and its fellow subordinates answer to it; it must
    then appoint a new leader of its own (the cascade)."""
    st: DustState = ctx.state
    rule = "Morale: Death of a Leader"
    hq = commander_gone(st, u)
    assert hq is not None
    lead = u.leader
    assert lead is not None, "the 'command' reorganisation's check asks for a fit leader to promote"
    ctx.emit(E.FigureRoleChanged(unit=u.id, figure=lead.id, role="commander", reason=f"takes over from {hq.name}",
                                 rule=rule))
    ctx.emit(E.CommandAssumed(unit=u.id, hq=hq.id, level=hq.level, commander=hq.commander,
                              reason=f"its leader steps up in place of {hq.name}", rule=rule))
    ctx.emit(E.LeaderLost(unit=u.id, reason="needs a new leader of its own", rule=rule))


def _reorganise_offer(st: DustState, u: Unit) -> list[Any]:
    return [C.Reorganise(u.id, p) for p in PURPOSES]


def _build() -> dict[type, Action]:
    return {
        C.Order: Action(_order_check, _order_resolve, _order_offer),
        C.CombinedAssault: Action(_combined_check, _combined_resolve, _combined_offer),
        C.Rally: Action(_rally_check, _rally_resolve, _rally_offer),
        C.Detach: Action(_detach_check, _detach_resolve, _detach_offer),
        C.ActivateDetachment: Action(_activate_det_check, _activate_det_resolve, _activate_det_offer),
        C.Regroup: Action(_regroup_check, _regroup_resolve, _regroup_offer),
        C.Treat: Action(_treat_check, _treat_resolve, _treat_offer),
        C.Detect: Action(_detect_check, _detect_resolve, _detect_offer),
        C.Rouse: Action(_rouse_check, _rouse_resolve, _rouse_offer),
        C.Reorganise: Action(_reorganise_check, _reorganise_resolve, _reorganise_offer),
    }


ACTIONS: dict[type, Action] = _build()
