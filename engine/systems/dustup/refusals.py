"""Who may act in a Dustup battle now, and why not: the side to act, whether a unit may begin its
activation, the only action the rules leave a routed, panicking, leaderless or broken unit, the question
a side must answer before anything else, and the refusals every unit order and side order shares
(rulebook.py puts them before each action's own check; rules.py's orders read them too).
"""

from __future__ import annotations

from . import commands as C
from .ground import must_seek_cover
from .state import DETACHMENT, ROUTED, DustState, Unit


def side_to_act(st: DustState) -> str | None:
    if st.result is not None:
        return None
    if st.pending is not None:
        return st.pending.side
    if st.active is not None:
        u = st.units.get(st.active.unit)
        return u.side if u else st.to_act
    return st.to_act


def may_begin(st: DustState, u: Unit) -> str | None:
    """Can ``u`` begin its own activation now?"""
    if u.side != st.to_act:
        return f"it is {st.tables.side_names.get(st.to_act or '', 'nobody')}'s activation"
    if u.kind == DETACHMENT:
        return f"{u.name} is a detachment: its parent's leader activates it"
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.activated:
        return f"{u.name} has already been activated this turn"
    if st.forced_unit is not None and u.id != st.forced_unit:
        return f"the card drawn is {st.units[st.forced_unit].name}'s: only it may activate"
    return None


def forced_action(st: DustState, u: Unit) -> type | None:
    """The only kind of action a unit may take, when the rules force one."""
    if u.confidence == ROUTED:  # a panicked unit forced to rout routs, never to recover (Panic)
        return C.Withdraw
    if u.panicked:
        return C.Rouse
    if u.leaderless:
        return C.Reorganise
    if must_seek_cover(st, u):
        return C.Move
    return None


def idle_reason(st: DustState, uid: str | None) -> str:
    """Why unit ``uid`` (None: any unit) has no order now, from the checks that refuse one: a decision
    waiting, the unit acting, whether this unit may begin an activation."""
    if st.result is not None:
        return "the battle is over"
    if st.pending is not None:
        return f"waiting for {st.tables.side_names[st.pending.side]} to decide: {pending_question(st)}"
    if uid is None:
        return "no unit can act now: an order for the whole side, or pass"
    u = st.units.get(uid)
    if u is None:
        return "it is a marker: it takes no orders"
    top = st.active
    if top is not None and u.id != top.unit:
        return f"{st.units[top.unit].name} is acting: finish its activation first"
    if top is None:
        why = may_begin(st, u)
        if why:
            return why
    return f"{u.name} has no order it can take now"


FORCED_WHY = {C.Move: "it is broken and in the open: it must move away from the enemy toward cover",
              C.Rouse: "it is panicking: it must spend its actions trying to recover",
              C.Withdraw: "it is routed: every action must withdraw",
              C.Reorganise: "its leader is down: it must reorganise to appoint a new one"}


def pending_question(st: DustState) -> str:
    p = st.pending
    if p is None:
        return ""
    words = {"first": "go first or second this turn?", "seize": "seize the initiative?",
             "withdraw": "withdraw before the assault, or stand?", "occupy": "occupy the position, or go after them?",
             "press": "press the assault with a second move, or halt?",
             "crew": "dismount the vehicle's crew to fight the assault, or stay closed down?",
             "cdm": "fire the command-detonated mine at the unit in its field, or hold?",
             "ade_pilot": "the air defences have locked on: abort the mission, or fly on?",
             "aa_pilot": "an anti-aircraft weapon has a lock: abort, evade, or press on?"}
    return words.get(p.kind, p.kind)


def waiting(st: DustState) -> str | None:
    """Why no order but an answer can be given now: the battle is over, or a side must decide."""
    if st.result is not None:
        return "the battle is over"
    if st.pending is not None:
        return f"waiting for {st.tables.side_names[st.pending.side]} to decide: {pending_question(st)}"
    return None


def side_action_refusal(st: DustState, side: str) -> str | None:
    """Why ``side`` may not give an order instead of activating a unit now (a side action)."""
    why = waiting(st)
    if why:
        return why
    if st.active is not None:
        return f"{st.units[st.active.unit].name} is acting: finish its activation first"
    if side != st.to_act:
        return f"it is {st.tables.side_names.get(st.to_act or '', 'nobody')}'s activation"
    if st.forced_unit is not None:
        return "the card drawn names a unit: it must act"
    if not st.unactivated(side):
        return "only a side that still has a unit to activate may do this instead"
    return None


def unit_action_refusal(st: DustState, kind: type, uid: str) -> tuple[Unit | None, str | None]:
    """The unit giving an order of type ``kind`` and why it may not now (None: it may, if the action's own
    check agrees): the battle over or a question pending, another unit acting, this one unable to begin
    an activation, or an action the rules force on it that is not this one."""
    why = waiting(st)
    if why:
        return None, why
    u = st.units.get(uid)
    if u is None:
        return None, f"there is no unit '{uid}'"
    top = st.active
    if top is not None:
        if u.id != top.unit:
            return u, f"{st.units[top.unit].name} is acting: finish its activation first"
    else:
        why = may_begin(st, u)
        if why:
            return u, why
    forced = forced_action(st, u)
    if forced is not None and kind is not forced and kind is not C.Hold:
        return u, f"{u.name} cannot do that: {FORCED_WHY[forced]}"
    return u, None


def units_that_may_act(st: DustState) -> list[Unit]:
    """The acting unit, or every unit of the side to act that may begin an activation now."""
    if waiting(st) is not None:
        return []
    if st.active is not None:
        return [st.units[st.active.unit]]
    return [u for u in st.units.values() if u.side == st.to_act and may_begin(st, u) is None]
