"""Skirmishes orders, one type at a time: the reason each is refused (``check_*``), the orders of that type legal
now (``offer_*``) and its resolution (``resolve_*``). :mod:`.rulebook` registers them side by side.

Rounds: each side commits a secret order for every character (a run, then one action), then locks; when both
have locked the orders are revealed and the round's phases run. A hit waits on the target's luck, a live
grenade on the answer of the characters who can reach it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution

from . import combat
from . import commands as C
from . import events as E
from .ground import run_options
from .rules import (
    _hex_key,
    _orderable,
    advance,
    after_lock,
    aid_patients,
    drive_targets,
    machines_in_reach,
    melee_targets,
    shoot_targets,
    side_to_act,
    throw_targets,
    to_order,
    vehicle_for,
)
from .state import COMMIT, LUCK, REACT, Character, SkirmishState

CommandT = TypeVar("CommandT")
CharacterOrder = (C.Run | C.Shoot | C.Throw | C.Melee | C.Reload | C.Aim | C.FirstAid | C.Operate | C.Drive
                  | C.Communicate | C.Hold)

BATTLE_OVER = "the battle is over"


def _over(st: SkirmishState) -> str | None:
    return BATTLE_OVER if st.result is not None else None


def _committing(st: SkirmishState) -> list[Character]:
    """The characters still without an order on the side committing orders now (none outside that step)."""
    side = side_to_act(st)
    if side is None or st.step in (LUCK, REACT):
        return []
    return sorted(to_order(st, side), key=lambda x: x.id)


def _character_check(rule: Callable[[SkirmishState, Character, CommandT], str | None]
                     ) -> Callable[[SkirmishState, CommandT], str | None]:
    """A character's order: the battle goes on, the character may be given an order now, then ``rule``."""

    def check(st: SkirmishState, cmd: CommandT) -> str | None:
        if st.result is not None:
            return BATTLE_OVER
        c, why = _orderable(st, cmd.character)  # type: ignore[attr-defined]
        if c is None:
            return why
        return rule(st, c, cmd)

    check.__doc__ = rule.__doc__
    return check


def _action(st: SkirmishState, c: Character, ctx: Resolution, given: E.OrderGiven) -> None:
    """Rounds: the action is recorded (secret until the reveal); a side is locked once every character has one."""
    ctx.emit(given)
    if not to_order(st, c.side):
        ctx.emit(E.SideLocked(side=c.side, reason="every character has an order"))
        after_lock(ctx, st)


def _order_given(c: Character, action: str, target: str | None = None, at: Hex | None = None, item: str = "",
                 auto: bool = False) -> E.OrderGiven:
    return E.OrderGiven(side=c.side, character=c.id, action=action, target=target, at=at, item=item, auto=auto)


# -- Run -----------------------------------------------------------------------------------------------------

@_character_check
def check_run(st: SkirmishState, c: Character, cmd: C.Run) -> str | None:
    if c.id in st.plans:
        return f"{c.name} already has a run planned this round"
    if cmd.to not in run_options(st, c):
        return f"{c.name} cannot run there this round (10 m in the open, 6 m through impeding ground)"
    return None


def offer_run(st: SkirmishState) -> list[C.Run]:
    return [C.Run(c.id, h) for c in _committing(st) if c.id not in st.plans
            for h in sorted(run_options(st, c), key=_hex_key)]


def resolve_run(ctx: Resolution, cmd: C.Run) -> None:
    st: SkirmishState = ctx.state
    ctx.emit(E.RunPlanned(side=st.chars[cmd.character].side, character=cmd.character, to=cmd.to))


# -- Shoot ---------------------------------------------------------------------------------------------------

@_character_check
def check_shoot(st: SkirmishState, c: Character, cmd: C.Shoot) -> str | None:
    if type(cmd.auto) is not bool:
        return "automatic fire is either true or false"
    if cmd.weapon not in c.firearms:
        return f"{c.name} carries no {cmd.weapon}"
    if c.no_shoot == st.round:
        return f"{c.name} dived clear of a grenade and cannot shoot this round"
    if cmd.auto and not st.tables.firearms[cmd.weapon].auto:
        return f"the {st.tables.firearms[cmd.weapon].name} cannot fire automatic"
    need = combat.AUTO_SHOTS if cmd.auto else 1
    if c.loaded[cmd.weapon] < need:
        return f"the {st.tables.firearms[cmd.weapon].name} has {c.loaded[cmd.weapon]} rounds loaded; {need} needed"
    if cmd.target not in shoot_targets(st, c, cmd.weapon, cmd.auto):
        return "that target is not in sight, or is beyond the weapon's range"
    return None


def offer_shoot(st: SkirmishState) -> list[C.Shoot]:
    return [C.Shoot(c.id, w, t, auto) for c in _committing(st) for w in c.firearms
            for auto in ((False, True) if st.tables.firearms[w].auto else (False,))
            for t in shoot_targets(st, c, w, auto)]


def resolve_shoot(ctx: Resolution, cmd: C.Shoot) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "shoot", target=cmd.target, item=cmd.weapon, auto=cmd.auto))


# -- Throw ---------------------------------------------------------------------------------------------------

@_character_check
def check_throw(st: SkirmishState, c: Character, cmd: C.Throw) -> str | None:
    if cmd.grenade not in st.tables.grenades or c.grenades.get(cmd.grenade, 0) < 1:
        return f"{c.name} has no {cmd.grenade} grenade"
    if cmd.at not in throw_targets(st, c, cmd.grenade):
        return "grenades are thrown at an enemy in sight within 30 m (smoke also at one's own feet)"
    return None


def offer_throw(st: SkirmishState) -> list[C.Throw]:
    return [C.Throw(c.id, g, h) for c in _committing(st) for g in sorted(c.grenades)
            for h in throw_targets(st, c, g)]


def resolve_throw(ctx: Resolution, cmd: C.Throw) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "throw", at=cmd.at, item=cmd.grenade))


# -- Melee ---------------------------------------------------------------------------------------------------

@_character_check
def check_melee(st: SkirmishState, c: Character, cmd: C.Melee) -> str | None:
    if cmd.target not in melee_targets(st, c):
        return "melee needs an enemy next to where the character will stand"
    return None


def offer_melee(st: SkirmishState) -> list[C.Melee]:
    return [C.Melee(c.id, t) for c in _committing(st) for t in melee_targets(st, c)]


def resolve_melee(ctx: Resolution, cmd: C.Melee) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "melee", target=cmd.target))


# -- Reload --------------------------------------------------------------------------------------------------

@_character_check
def check_reload(st: SkirmishState, c: Character, cmd: C.Reload) -> str | None:
    if cmd.weapon not in c.firearms:
        return f"{c.name} carries no {cmd.weapon}"
    if c.spares[cmd.weapon] < 1:
        return "no spare magazine left"
    if c.loaded[cmd.weapon] >= st.tables.firearms[cmd.weapon].magazine:
        return "the magazine is full"
    return None


def offer_reload(st: SkirmishState) -> list[C.Reload]:
    return [C.Reload(c.id, w) for c in _committing(st) for w in c.firearms
            if c.spares[w] > 0 and c.loaded[w] < st.tables.firearms[w].magazine]


def resolve_reload(ctx: Resolution, cmd: C.Reload) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "reload", item=cmd.weapon))


# -- Aim, Communicate, Hold: always allowed to a character with no order yet -------------------------------------

@_character_check
def check_free_action(st: SkirmishState, c: Character, cmd: C.Aim | C.Communicate | C.Hold) -> str | None:
    return None


def offer_aim(st: SkirmishState) -> list[C.Aim]:
    return [C.Aim(c.id) for c in _committing(st)]


def resolve_aim(ctx: Resolution, cmd: C.Aim) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "aim"))


def offer_communicate(st: SkirmishState) -> list[C.Communicate]:
    return [C.Communicate(c.id) for c in _committing(st)]


def resolve_communicate(ctx: Resolution, cmd: C.Communicate) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "communicate"))


def offer_hold(st: SkirmishState) -> list[C.Hold]:
    return [C.Hold(c.id) for c in _committing(st)]


def resolve_hold(ctx: Resolution, cmd: C.Hold) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "hold"))


# -- FirstAid ------------------------------------------------------------------------------------------------

@_character_check
def check_first_aid(st: SkirmishState, c: Character, cmd: C.FirstAid) -> str | None:
    if cmd.patient not in aid_patients(st, c):
        return "first aid needs a seriously wounded friend, not yet stabilised, next to where the medic will stand"
    return None


def offer_first_aid(st: SkirmishState) -> list[C.FirstAid]:
    return [C.FirstAid(c.id, p) for c in _committing(st) for p in aid_patients(st, c)]


def resolve_first_aid(ctx: Resolution, cmd: C.FirstAid) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "aid", target=cmd.patient))


# -- Operate -------------------------------------------------------------------------------------------------

@_character_check
def check_operate(st: SkirmishState, c: Character, cmd: C.Operate) -> str | None:
    if type(cmd.open) is not bool or not isinstance(cmd.machine, str):
        return "a machine is set open (true) or shut (false)"
    if cmd.machine not in st.tables.machines:
        return f"there is no machine '{cmd.machine}'"
    if (cmd.machine, cmd.open) not in machines_in_reach(st, c):
        return (f"{c.name} must stand next to the {st.tables.machines[cmd.machine].name} (not in its hex to shut "
                f"it), and it must be set the other way now")
    return None


def offer_operate(st: SkirmishState) -> list[C.Operate]:
    return [C.Operate(c.id, m, want) for c in _committing(st) for m, want in machines_in_reach(st, c)]


def resolve_operate(ctx: Resolution, cmd: C.Operate) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "operate", target="open" if cmd.open else "shut", item=cmd.machine))


# -- Drive ---------------------------------------------------------------------------------------------------

@_character_check
def check_drive(st: SkirmishState, c: Character, cmd: C.Drive) -> str | None:
    if not isinstance(cmd.to, Hex):
        return "drive to a hex"
    if vehicle_for(st, c) is None:
        return f"{c.name} is not in a vehicle and does not run into one this round"
    if cmd.to not in drive_targets(st, c):
        return ("the vehicle cannot reach that hex this round (its speed, over the ground it drives on, "
                "around everyone), or someone else drives it")
    return None


def offer_drive(st: SkirmishState) -> list[C.Drive]:
    return [C.Drive(c.id, h) for c in _committing(st) for h in drive_targets(st, c)]


def resolve_drive(ctx: Resolution, cmd: C.Drive) -> None:
    st: SkirmishState = ctx.state
    c = st.chars[cmd.character]
    _action(st, c, ctx, _order_given(c, "drive", at=cmd.to, item=vehicle_for(st, c) or ""))


# -- Lock ----------------------------------------------------------------------------------------------------

def check_lock(st: SkirmishState, cmd: C.Lock) -> str | None:
    if st.result is not None:
        return BATTLE_OVER
    if st.step != COMMIT or cmd.side != side_to_act(st):
        return f"{cmd.side} is not giving orders now"
    return None


def offer_lock(st: SkirmishState) -> list[C.Lock]:
    side = side_to_act(st)
    return [] if side is None or st.step in (LUCK, REACT) else [C.Lock(side)]


def resolve_lock(ctx: Resolution, cmd: C.Lock) -> None:
    """Rounds: a side finishes its orders; its characters without one hold."""
    st: SkirmishState = ctx.state
    ctx.emit(E.SideLocked(side=cmd.side, reason="orders finished",
                          holding=tuple(sorted(c.id for c in to_order(st, cmd.side)))))
    after_lock(ctx, st)


# -- SpendLuck -----------------------------------------------------------------------------------------------

def check_spend_luck(st: SkirmishState, cmd: C.SpendLuck) -> str | None:
    if st.result is not None:
        return BATTLE_OVER
    if type(cmd.points) is not int:
        return "luck is spent in whole points"
    if st.step != LUCK or not st.hits or st.hits[0].target != cmd.character:
        return "no hit is waiting on that character's luck"
    c = st.chars[cmd.character]
    if not 0 <= cmd.points <= min(c.luck, st.hits[0].damage):
        return f"{c.name} can spend 0 to {min(c.luck, st.hits[0].damage)} luck here"
    return None


def offer_spend_luck(st: SkirmishState) -> list[C.SpendLuck]:
    if side_to_act(st) is None or st.step != LUCK:
        return []
    hit = st.hits[0]
    c = st.chars[hit.target]
    return [C.SpendLuck(c.id, n) for n in range(min(c.luck, hit.damage) + 1)]


def resolve_spend_luck(ctx: Resolution, cmd: C.SpendLuck) -> None:
    """Luck: points spent take that much off the hit's damage."""
    st: SkirmishState = ctx.state
    hit = st.hits[0]
    ctx.emit(E.LuckSpent(character=cmd.character, points=cmd.points, damage_left=hit.damage - cmd.points))
    advance(ctx, st)


# -- the answer to a live grenade: ThrowAway, ThrowBack, LetItLie ---------------------------------------------------

def _grenade_waiting(st: SkirmishState, grenade: object) -> str | None:
    offer = st.offer
    if st.result is not None:
        return BATTLE_OVER
    if st.step != REACT or offer is None or type(grenade) is not int or offer.grenade != grenade:
        return "no live grenade is waiting for an answer"
    return None


def _reacting(st: SkirmishState) -> list[str]:
    """The characters who may answer the live grenade now (none when no grenade waits)."""
    if side_to_act(st) is None or st.step != REACT or st.offer is None:
        return []
    return list(st.offer.characters)


def check_throw_away(st: SkirmishState, cmd: C.ThrowAway) -> str | None:
    why = _grenade_waiting(st, cmd.grenade)
    if why is None and st.offer is not None and cmd.character not in st.offer.characters:
        return "that character cannot reach the grenade or has no action left"
    return why


def offer_throw_away(st: SkirmishState) -> list[C.ThrowAway]:
    return [C.ThrowAway(cid, st.offer.grenade) for cid in _reacting(st) if st.offer is not None]


def _can_throw_back(st: SkirmishState, cid: str) -> bool:
    c = st.chars[cid]
    return c.player and c.luck >= combat.THROW_BACK_LUCK


def check_throw_back(st: SkirmishState, cmd: C.ThrowBack) -> str | None:
    why = check_throw_away(st, C.ThrowAway(cmd.character, cmd.grenade))
    if why is None and not _can_throw_back(st, cmd.character):
        return "only a player character with 2 luck to spend can throw a grenade back"
    return why


def offer_throw_back(st: SkirmishState) -> list[C.ThrowBack]:
    return [C.ThrowBack(cid, st.offer.grenade) for cid in _reacting(st)
            if st.offer is not None and _can_throw_back(st, cid)]


def check_let_it_lie(st: SkirmishState, cmd: C.LetItLie) -> str | None:
    return _grenade_waiting(st, cmd.grenade)


def offer_let_it_lie(st: SkirmishState) -> list[C.LetItLie]:
    if side_to_act(st) is None or st.step != REACT or st.offer is None:
        return []
    return [C.LetItLie(st.offer.grenade)]


def resolve_throw_away(ctx: Resolution, cmd: C.ThrowAway) -> None:
    ctx.emit(E.ReactionChosen(grenade=cmd.grenade, character=cmd.character, choice="away"))
    advance(ctx, ctx.state)


def resolve_throw_back(ctx: Resolution, cmd: C.ThrowBack) -> None:
    ctx.emit(E.ReactionChosen(grenade=cmd.grenade, character=cmd.character, choice="back"))
    advance(ctx, ctx.state)


def resolve_let_it_lie(ctx: Resolution, cmd: C.LetItLie) -> None:
    ctx.emit(E.ReactionChosen(grenade=cmd.grenade, character=None, choice="none"))
    advance(ctx, ctx.state)
