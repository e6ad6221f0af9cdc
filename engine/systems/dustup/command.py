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

The rules live in one module per part of the book (issue 19): this one keeps the Order, Combined
Assault, Rally, Detect and panic recovery actions and gathers the action tables in their order;
communication.py holds the chain of command and the Communicate Action the others roll;
detachments.py the Detach Element and Regroup actions; treatment.py the Medical Treatment Action;
reorganise.py the Reorganise Action, Death of a Leader and the extraction from a wrecked suit (with
its event). The names imported ``as`` themselves are read as command.<name> (rules, describe,
previews, outcomes, tests).
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, assault, checks, detachments, ground, reorganise, treatment
from . import commands as C
from . import events as E
from .action import Action, Decision
from .communication import _suppressed_refusal, _travel_refusal, actions_left, chain_of_command, on_stack, subordinates
from .communication import communicate as communicate
from .communication import communication_die as communication_die
from .communication import in_voice_range as in_voice_range
from .communication import is_subordinate as is_subordinate
from .communication import levels_bypassed as levels_bypassed
from .dice import beats
from .ew import range_die, search, sees_as_by_day  # noqa: F401  (also read as command.<name>)
from .reorganise import EVENT_TYPES as EVENT_TYPES
from .reorganise import FOLD as FOLD
from .reorganise import FigureRefitted as FigureRefitted
from .state import ROUTED, DustState, Unit
from .treatment import treatment_die as treatment_die
from .treatment import treatment_result as treatment_result

DECISIONS: dict[str, Decision] = {}


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
        checks.raise_confidence(ctx, sub, 2, f"rallied by {u.name}: {roll}, more than double {target}",
                                "Rally Action (optional doubles)")
    elif levels == 1:
        checks.raise_confidence(ctx, sub, 1, f"rallied by {u.name}: {roll} > {target}", rule)
    elif levels == -1:
        checks.drop_confidence(ctx, sub, 1, f"a botched rally: {roll}, under half of {target}",
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
        ctx.emit(E.PanicOver(unit=u.id, reason=f"{roll} > {target}; it never tests again", rule=rule))
        return
    ctx.emit(E.Note(text=f"{u.name} is still panicking ({roll} against {target})", rule=rule))
    if result == PANIC_DEEPENS:
        checks.drop_confidence(ctx, u, 1, f"panic deepens: {roll}, under half of {target}", rule)


def _rouse_offer(st: DustState, u: Unit) -> list[Any]:
    return [C.Rouse(u.id)] if u.panicked else []


def _build() -> dict[type, Action]:
    return {
        C.Order: Action(_order_check, _order_resolve, _order_offer),
        C.CombinedAssault: Action(_combined_check, _combined_resolve, _combined_offer),
        C.Rally: Action(_rally_check, _rally_resolve, _rally_offer),
        **detachments.ACTIONS,  # Detach, ActivateDetachment, Regroup
        **treatment.ACTIONS,  # Treat
        C.Detect: Action(_detect_check, _detect_resolve, _detect_offer),
        C.Rouse: Action(_rouse_check, _rouse_resolve, _rouse_offer),
        **reorganise.ACTIONS,  # Reorganise
    }


ACTIONS: dict[type, Action] = _build()
