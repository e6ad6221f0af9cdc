"""Reorganise Action and Death of a Leader (Dustup: Reorganise Action; Morale: Death of a Leader; Power
Armour: extraction from a wrecked suit): concealment, formation, mounting, a new leader, the promotion
cascade of a headquarters that has lost its commander, and the trooper climbing out of a wrecked suit
(the event FigureRefitted, folded here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.resolution import Resolution

from . import acts, ground
from . import commands as C
from . import events as E
from .action import Action
from .communication import actions_left
from .state import DISABLED, FIT, DustState, Figure, Unit

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
        why = f"the new leader is {'worse' if value > u.leadership else 'better'}: {roll}"
    else:
        why = f"the new leader is as good as the last: {roll}"
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


ACTIONS: dict[type, Action] = {C.Reorganise: Action(_reorganise_check, _reorganise_resolve, _reorganise_offer)}
