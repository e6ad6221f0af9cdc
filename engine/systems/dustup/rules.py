"""Dustup's set-up hooks, turn sequence and activation; the orders every battle has (answering a
question, passing, ending an activation) and the steps every unit or side order shares; standing fast;
and the tables of every action module's actions, decisions, event folds and hooks, which rulebook.py
registers. Its parts: refusals.py (who may act now, and why not: the checks every order shares),
simpleactions.py (prop, unprop, recover, withdraw; Move is in acts.py) and victory.py (how the battle
ends); the names others read as rules.<name> are imported here as themselves.

This is the top of the rules: it imports every action module (fire.py, assault.py, command.py,
heavy.py, vehicles.py, tankshock.py, support.py, air.py, hazards.py, ew.py) by name and gathers
their tables (:data:`UNIT_ACTIONS`, :data:`SIDE_ACTIONS`, :data:`DECISIONS`, :data:`EVENT_FOLDS`,
:data:`HOOKS`); none of them imports this module. What they share lives below them: ground.py
(terrain, sight, movement), acts.py (spend, move, reveal...), shooting.py (target die, hits, morale
after fire), checks.py (tests), dice.py (the pure rules of a roll), forces.py (building the units),
folds.py and unitfacts.py (the folds), action.py (the shape of an action and of the hooks).
tests/dustup/test_dustup_imports.py keeps the imports free of cycles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hexfront.engine.core.resolution import Resolution

from . import air, assault, command, ew, fire, hazards, heavy, simpleactions, support, tankshock, vehicles
from . import commands as C
from . import events as E
from .action import Action, Decision, Hooks

# the names imported `as` themselves are read as rules.<name> (ai.py, tests); the rest are used here
from .acts import (
    MOVE,
    _ask_seize,
    activation_hooks,
    offer_seize,
    sight_checks,
    spend,
)
from .acts import push_activation as push_activation
from .folds import ACTIVATION_DECK, FOLD, TURN_END_CARD
from .ground import adjacent_to_enemy as adjacent_to_enemy
from .ground import can_see as can_see
from .ground import carried_wounded as carried_wounded
from .ground import cover_shift as cover_shift
from .ground import in_cover as in_cover
from .ground import movement_die as movement_die
from .ground import on_own_edge as on_own_edge
from .ground import sight as sight
from .ground import smoke_hexes as smoke_hexes
from .ground import vehicle_cannot_move as vehicle_cannot_move
from .ground import vehicle_class as vehicle_class
from .ground import walk as walk

# the parts of the rules: who may act and why not (refusals), the simple actions, how the battle ends (victory)
from .refusals import FORCED_WHY, waiting
from .refusals import forced_action as forced_action
from .refusals import idle_reason as idle_reason
from .refusals import may_begin as may_begin
from .refusals import pending_question as pending_question
from .refusals import side_action_refusal as side_action_refusal
from .refusals import side_to_act as side_to_act
from .refusals import unit_action_refusal as unit_action_refusal
from .refusals import units_that_may_act as units_that_may_act
from .simpleactions import simple_offer
from .state import CONFIDENT, DETACHMENT, DustState, Pending, Unit
from .victory import casualties as casualties
from .victory import check_outcome, finish_at_turn_limit
from .victory import objectives_held as objectives_held

# ---------------------------------------------------------------------------------------------
# Setting up (the forces themselves are built in forces.py)
# ---------------------------------------------------------------------------------------------


def setup(ctx: Resolution) -> None:
    st: DustState = ctx.state
    if st.options.get("random_setup"):
        random_setup(ctx)
    tokens = int(st.options.get("seize_tokens", 0) or 0)
    for side in st.sides:
        st.tokens[side] = tokens  # set before any event: part of the starting position
        st.support_chits[side] = st.tables.side_info[side].get("support_chits", 0)
    for hook in HOOKS.setup:  # features laid before the battle, aircraft on the inbound chart...
        hook(ctx)
    n = 0
    for u in st.units.values():
        if u.hidden and u.pos is not None:
            n += 1
            ctx.emit(E.MarkerPlaced(marker=f"?{n}", side=u.side, at=u.pos, unit=u.id))
    for side, at in st.tables.dummies:
        n += 1
        ctx.emit(E.MarkerPlaced(marker=f"?{n}", side=side, at=at, unit=None))
    sight_checks(ctx, None)  # troops deployed in sight of the enemy see it from the start
    begin_turn(ctx)


def random_setup(ctx: Resolution) -> None:
    """Forces (optional): quality, leadership and confidence rolled on a D6 for each unit."""
    rule = "Forces: Quality and Leadership; Confidence (optional random set-up)"
    for u in ctx.state.units.values():
        q = ctx.roll(6, f"{u.name}: quality (1 green, 2-5 experienced, 6 veteran)", rule, u.id)
        quality = 6 if q == 1 else 10 if q == 6 else 8
        lv_roll = ctx.roll(6, f"{u.name}: leadership (1 poor, 2-5 average, 6 inspirational)", rule, u.id)
        lv = 3 if lv_roll == 1 else 1 if lv_roll == 6 else 2
        level = CONFIDENT
        if ctx.roll(6, f"{u.name}: confidence (1 drops to steady)", rule, u.id) == 1:
            level -= 1
            if ctx.roll(6, f"{u.name}: confidence again (1 drops to shaken)", rule, u.id) == 1:
                level -= 1
        ctx.emit(E.RatingsRolled(unit=u.id, quality=quality, leadership=lv, confidence=level, rule=rule))


# ---------------------------------------------------------------------------------------------
# Turns and activations
# ---------------------------------------------------------------------------------------------


def begin_turn(ctx: Resolution) -> None:
    st: DustState = ctx.state
    ctx.emit(E.TurnBegan(turn=st.turn + 1))
    for hook in HOOKS.turn_begin:  # the inbound chart moves on, decoys are ready again...
        hook(ctx)
    mode = st.options.get("activation", "alternate")
    if mode == "cards":
        cards = [u.id for u in st.units.values() if u.on_table and u.kind != DETACHMENT]
        # the deal event's fold empties every pile first (state changes only in folds)
        ctx.emit(E.ActivationDeckDealt(cards=tuple(cards + [TURN_END_CARD])))
        ctx.shuffle(ACTIVATION_DECK, "a card for each unit and the turn-end card", "Random Activation (card draw)")
        next_activation(ctx)
        return
    if mode in ("chits", "chits-quality"):
        chits = []
        for u in st.units.values():
            if not u.on_table or u.kind == DETACHMENT:
                continue
            count = 1
            if mode == "chits-quality":
                count = 2 if u.quality >= 10 else 0 if u.quality == 4 else 1
            chits += [f"{u.side}:{u.id}:{i}" for i in range(count)]
        ctx.emit(E.ActivationDeckDealt(cards=tuple(chits)))
        ctx.shuffle(ACTIVATION_DECK, "a chit for each unit, in its side's colour", "Random Activation (chit draw)")
        next_activation(ctx)
        return
    rolls: dict[str, int] = {}
    while True:
        for side in st.sides:
            rolls[side] = ctx.roll(8, f"{st.tables.side_names[side]}: roll-off for the turn", "Turn Sequence", side)
        a, b = st.sides
        if rolls[a] != rolls[b]:
            break
    winner = a if rolls[a] > rolls[b] else b
    ctx.emit(E.RollOffWon(side=winner))
    ctx.emit(E.DecisionAsked(side=winner, kind="first", data=("first", "second"), rule="Turn Sequence"))


def _next_by_card(ctx: Resolution) -> None:
    """Random Activation (card draw): the next card names the unit that acts, or ends the turn."""
    st: DustState = ctx.state
    while True:
        deck = st.decks[ACTIVATION_DECK]
        if not deck.draw_pile:
            end_turn(ctx, "every card has been drawn")
            return
        card = ctx.draw(ACTIVATION_DECK, "which unit acts next", "Random Activation (card draw)")
        ctx.emit(E.ForcedUnit(unit=None))
        if card == TURN_END_CARD:
            end_turn(ctx, "the turn-end card came up")
            return
        u = st.units.get(card)
        if u is not None and u.on_table and not u.activated:
            ctx.emit(E.ForcedUnit(unit=u.id))
            ctx.emit(E.SideToAct(side=u.side, reason=f"{u.name}'s card"))
            return


def _next_by_chit(ctx: Resolution, left: dict[str, int]) -> None:
    """Random Activation (chit draw): the next chit names the side that activates, or the turn ends."""
    st: DustState = ctx.state
    while True:
        if not any(left.values()):
            end_turn(ctx, "every unit has acted")
            return
        deck = st.decks[ACTIVATION_DECK]
        if not deck.draw_pile:
            # chits withheld for untrained units: a side with units left activates one, then the turn ends
            for side in st.sides:
                if left[side] and st.chit_leftover is None:
                    ctx.emit(E.SideToAct(side=side, reason="the chits are used up; one last activation"))
                    ctx.emit(E.LastActivation(side=side))
                    return
            end_turn(ctx, "the chits are used up")
            return
        chit = ctx.draw(ACTIVATION_DECK, "which side activates next", "Random Activation (chit draw)")
        side = chit.split(":")[0]
        if left.get(side):
            ctx.emit(E.SideToAct(side=side, reason="its chit was drawn"))
            return


def next_activation(ctx: Resolution) -> None:
    """Nothing is acting: decide who activates next, or end the turn."""
    st: DustState = ctx.state
    if st.result is not None:
        return
    a, b = st.sides
    left = {s: len(st.unactivated(s)) for s in st.sides}
    mode = st.options.get("activation", "alternate")
    if mode == "cards":
        _next_by_card(ctx)
        return
    if mode in ("chits", "chits-quality"):
        _next_by_chit(ctx, left)
        return
    if not left[a] and not left[b]:
        end_turn(ctx, "every unit has acted")
        return
    side = st.to_act or st.first or a
    if not left[side]:
        side = st.other(side)
    ctx.emit(E.SideToAct(side=side))
    offer_seize(ctx)


def end_turn(ctx: Resolution, reason: str) -> None:
    st: DustState = ctx.state
    for hook in HOOKS.turn_end:  # fires burn and spread, smoke drifts and thins
        hook(ctx)
        if st.result is not None:
            return
    ctx.emit(E.TurnEnded(turn=st.turn))
    if st.turn >= st.tables.turn_limit:
        finish_at_turn_limit(ctx)
        return
    begin_turn(ctx)


def advance(ctx: Resolution) -> None:
    """After a command: close finished activations, check the battle's end, choose who acts next."""
    st: DustState = ctx.state
    while True:
        if st.result is not None or st.pending is not None:
            return
        top = st.active
        if top is None:
            break
        u = st.units.get(top.unit)
        if top.actions > 0 and u is not None and u.on_table:
            return
        by = top.by
        if u is not None:
            for hook in HOOKS.activation_end:  # a VTOL that did not move hovers (Aerospace)
                hook(ctx, u)
            if st.pending is not None:
                return
        ctx.emit(E.ActivationEnded(unit=top.unit))
        if not st.stack and by in ("turn", "card", "leftover"):
            ctx.emit(E.ForcedUnit(unit=None))
            side = u.side if u is not None else st.to_act
            assert side is not None, "an activation ended with no side to act"
            other = st.other(side)
            mode = st.options.get("activation", "alternate")
            if by == "leftover":
                check_outcome(ctx)
                if st.result is not None:
                    return
                # Random Activation (chit draw): each side left with unactivated units when the chits
                # run out activates one of them, in the order of the sides; then the turn ends
                later = [s for s in st.sides[st.sides.index(side) + 1:] if st.unactivated(s)]
                if later:
                    ctx.emit(E.SideToAct(side=later[0], reason="the chits are used up; one last activation"))
                    ctx.emit(E.LastActivation(side=later[0]))
                    return
                end_turn(ctx, "the last activation is over")
                return
            if mode == "alternate":
                ctx.emit(E.SideToAct(side=other if st.unactivated(other) else side))
    check_outcome(ctx)
    if st.result is None:
        next_activation(ctx)


# ---------------------------------------------------------------------------------------------
# The orders every battle has: answering a question, passing, ending an activation (their checks,
# offers and resolutions; the rulebook registers them and wraps every unit and side action in
# the checks and steps every order shares)
# ---------------------------------------------------------------------------------------------


def choose_first_check(st: DustState, cmd: C.ChooseFirst) -> str | None:
    if st.result is not None:
        return "the battle is over"
    if st.pending is None:
        return "there is no decision to make now"
    return None if st.pending.kind == "first" else f"the question now is: {pending_question(st)}"


def choose_first_offer(st: DustState) -> list[C.ChooseFirst]:
    if st.result is None and st.pending is not None and st.pending.kind == "first":
        return [C.ChooseFirst(True), C.ChooseFirst(False)]
    return []


def choose_first_resolve(ctx: Resolution, cmd: C.ChooseFirst) -> None:
    """The same answer as Decide("first") or Decide("second")."""
    decide_resolve(ctx, C.Decide("first" if cmd.first else "second"))


def decide_check(st: DustState, cmd: C.Decide) -> str | None:
    if st.result is not None:
        return "the battle is over"
    if st.pending is None:
        return "there is no decision to make now"
    if cmd.choice not in st.pending.data:
        return f"'{cmd.choice}' is not an answer here; choose one of: {', '.join(st.pending.data)}"
    return None


def decide_offer(st: DustState) -> list[C.Decide]:
    if st.result is None and st.pending is not None and st.pending.kind != "first":
        return [C.Decide(c) for c in st.pending.data]
    return []


def decide_resolve(ctx: Resolution, cmd: C.Decide) -> None:
    """The answer to the pending question, handed to the decision of that kind (DECISIONS)."""
    pending = ctx.state.pending
    assert pending is not None
    ctx.emit(E.DecisionTaken(side=pending.side, kind=pending.kind, choice=cmd.choice))
    DECISIONS[pending.kind](ctx, pending, cmd.choice)
    advance(ctx)


def end_check(st: DustState, cmd: C.EndActivation) -> str | None:
    return waiting(st) or (None if st.active is not None else "no unit is acting")


def end_offer(st: DustState) -> list[C.EndActivation]:
    return [C.EndActivation()] if waiting(st) is None and st.active is not None else []


def end_resolve(ctx: Resolution, cmd: C.EndActivation) -> None:
    top = ctx.state.active
    assert top is not None
    ctx.emit(E.ActionTaken(unit=top.unit, action="nothing more", spent=top.actions))
    advance(ctx)


def pass_check(st: DustState, cmd: C.Pass) -> str | None:
    """Passing: only with fewer unactivated units than the opponent, and never under random activation."""
    why = waiting(st)
    if why:
        return why
    if st.active is not None:
        return "a unit is acting: end its activation instead"
    me = st.to_act
    if me is None:
        return "no side is to act"
    them = st.other(me)
    if st.forced_unit is not None:
        return "the card drawn names a unit: it must act"
    if st.options.get("activation", "alternate") != "alternate":
        return "with random activation there is no passing"
    if not len(st.unactivated(me)) < len(st.unactivated(them)):
        return "you may pass only with fewer unactivated units than the opponent (Passing)"
    return None


def pass_offer(st: DustState) -> list[C.Pass]:
    return [C.Pass()] if pass_check(st, C.Pass()) is None else []


def pass_resolve(ctx: Resolution, cmd: C.Pass) -> None:
    st: DustState = ctx.state
    side = st.to_act
    assert side is not None  # pass_check refuses a pass with no side to act
    ctx.emit(E.Passed(side=side))
    ctx.emit(E.SideToAct(side=st.other(side)))
    offer_seize(ctx)
    advance(ctx)


def after_side_action(ctx: Resolution, side: str) -> None:
    """A side action is done instead of activating a unit: the other side's activation comes next, as after
    any activation (a pending decision or an activation it began finishes first)."""
    st: DustState = ctx.state
    if st.result is None and st.pending is None and st.active is None:
        if st.options.get("activation", "alternate") == "alternate":
            other = st.other(side)
            ctx.emit(E.SideToAct(side=other if st.unactivated(other) else side))
            offer_seize(ctx)
    advance(ctx)


def begin_unit_action(ctx: Resolution, u: Unit, cmd: Any) -> None:
    """What comes before any unit's action: its activation begins (if it was not acting), and a drone it
    was flying crashes when it does anything else (Small Portable Drones)."""
    st: DustState = ctx.state
    if st.active is None:
        by = "card" if st.forced_unit == u.id else "leftover" if st.chit_leftover == u.side else "turn"
        ctx.emit(E.ActivationBegan(unit=u.id, by=by))
        activation_hooks(ctx, u)
    if u.drone_at is not None:
        ew.drone_distracted(ctx, u, cmd)


def seize_decision(ctx: Resolution, pending: Pending, choice: str) -> None:
    """Seize the Initiative: the side that was not to act spends a token and activates one of its
    unactivated units at once. The side that was to act may then spend a token of its own to take
    the initiative back: its unit acts first, then the seizing unit has its activation, and after
    that the turn returns to the side that was to act (whose normal activation it still is)."""
    if choice == "decline":
        return
    st: DustState = ctx.state
    uid = choice.split(":", 1)[1]
    seizing_back = st.active is not None  # the first seizure's unit is waiting on the stack
    ctx.emit(E.TokenSpent(side=pending.side, unit=uid))
    ctx.emit(E.ActivationBegan(unit=uid, by="seize", rule="Seize the Initiative"))
    activation_hooks(ctx, st.units[uid])
    if not seizing_back:
        _ask_seize(ctx, st.other(pending.side))


def first_decision(ctx: Resolution, pending: Pending, choice: str) -> None:
    """Turn Sequence: the roll-off's winner goes first or lets the other side go first."""
    st: DustState = ctx.state
    first = pending.side if choice == "first" else st.other(pending.side)
    ctx.emit(E.FirstChosen(side=first))
    ctx.emit(E.SideToAct(side=first))
    offer_seize(ctx)


BASIC_DECISIONS: dict[str, Decision] = {"seize": seize_decision, "first": first_decision}


# ---------------------------------------------------------------------------------------------
# Stand fast (Hold); the other simple actions are in simpleactions.py, Move in acts.py
# ---------------------------------------------------------------------------------------------


def _hold_check(st: DustState, u: Unit, cmd: Any) -> str | None:
    forced = forced_action(st, u)
    if forced is not None:
        action = UNIT_ACTIONS[forced]
        if any(action.check(st, u, c) is None for c in action.offer(st, u)):
            return f"{u.name} may not stand fast: {FORCED_WHY[forced]}"
    return None


def _hold_resolve(ctx: Resolution, u: Unit, cmd: Any) -> None:
    top = ctx.state.active
    spend(ctx, u, "stand fast", top.actions if top is not None else 2)


BASIC_ACTIONS: dict[type, Action] = {
    C.Move: MOVE,
    **simpleactions.ACTIONS,  # prop, unprop, recover, withdraw
    C.Hold: Action(_hold_check, _hold_resolve, simple_offer(C.Hold)),
}


# ---------------------------------------------------------------------------------------------
# The hooks and decisions of every module, named one by one (the orders and events are in rulebook.py)
# ---------------------------------------------------------------------------------------------

# Each hook list takes the modules in one order (the order their hooks run): fire, assault, command,
# heavy, vehicles, support, air, hazards, ew.
HOOKS = Hooks(
    setup=(air.SETUP, hazards.SETUP),
    turn_begin=(vehicles.TURN_BEGIN, support.TURN_BEGIN, hazards.TURN_BEGIN),
    turn_end=(support.TURN_END, hazards.TURN_END, ew.TURN_END),
    activation_begin=(vehicles.ACTIVATION_BEGIN, support.ACTIVATION_BEGIN, hazards.ACTIVATION_BEGIN,
                      ew.ACTIVATION_BEGIN),
    activation_end=(air.ACTIVATION_END,),
    after_move=(heavy.AFTER_MOVE, vehicles.AFTER_MOVE, hazards.AFTER_MOVE),
    after_shot=(hazards.AFTER_SHOT,),
)
"""Every module's hooks (action.Hooks), assembled here once."""

DECISIONS: dict[str, Decision] = {**BASIC_DECISIONS, **assault.DECISIONS, **air.DECISIONS, **hazards.DECISIONS}
"""How the answer to each kind of pending question is resolved."""

def _tables(*tables: Mapping[Any, Action]) -> dict[type, Action]:
    """The modules' tables of actions as one, in their order."""
    return {kind: action for table in tables for kind, action in table.items()}


UNIT_ACTIONS: dict[type, Action] = _tables(BASIC_ACTIONS, fire.ACTIONS, assault.ACTIONS, command.ACTIONS, heavy.ACTIONS,
                                           vehicles.ACTIONS, tankshock.ACTIONS, support.ACTIONS, air.ACTIONS,
                                           hazards.ACTIONS, ew.ACTIONS)
"""Each module's unit actions, in the order their orders are offered (the rulebook registers them); each such
order names the unit it is given to in a ``unit: str`` field (commands.unit_of)."""

SIDE_ACTIONS: dict[type, Action] = _tables(support.SIDE_ACTIONS, air.SIDE_ACTIONS, hazards.SIDE_ACTIONS)
"""Orders a side gives instead of activating a unit (resolving a fire support impact, moving a counter on
the inbound chart, a casualty evacuation leaving); each such order names the side in a ``side: str`` field
(commands.side_of)."""

EVENT_FOLDS: dict[type, Callable[[DustState, Any], None]] = {**FOLD, **command.FOLD, **heavy.FOLD,
                                                              **vehicles.FOLD, **air.FOLD}
"""Each event type's fold, from folds.py, unitfacts.py and the modules."""

EVENT_TYPES: tuple[type, ...] = (E.EVENT_TYPES + command.EVENT_TYPES + heavy.EVENT_TYPES + vehicles.EVENT_TYPES
                                 + air.EVENT_TYPES)
"""Every event type, in the order the saves' codec lists them."""

COMMAND_TYPES: tuple[type, ...] = (C.COMMAND_TYPES + heavy.COMMANDS + vehicles.COMMANDS + support.COMMANDS
                                   + air.COMMANDS + hazards.COMMANDS + ew.COMMANDS)
"""Every command type, in the order the saves' codec lists them: the orders of :data:`UNIT_ACTIONS`, of
:data:`SIDE_ACTIONS`, and ChooseFirst, Pass, EndActivation and Decide, which the side to act gives naming
neither a unit nor a side (tests/dustup/test_dustup_orders_given.py)."""
