"""Marsh Raid's rules, each written once: every order's check, offers, resolution, odds and words, and every
event's fold, registered side by side in RULEBOOK (engine.core.contract). The odds of a strike come from
:func:`strike_result`, the same function its resolution reads the die with (engine.core.odds)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from hexfront.engine.core.contract import Rulebook
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import hex_count, hex_label, offset_to_axial
from hexfront.engine.core.odds import dice_odds
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.view import Chance, OrderParts, OrderPreview

from .orders import (
    BandHeld,
    BandToAct,
    BattleEnded,
    FighterFell,
    FighterMoved,
    FighterPlaced,
    FighterWounded,
    Hold,
    Move,
    Strike,
)
from .state import Fighter, RaidState

RULEBOOK: Rulebook[RaidState] = Rulebook("Marsh Raid")

#: The outcomes of a strike, in the order the preview lists them, and the wounds each deals.
WOUNDS = {"miss": 0, "one wound": 1, "two wounds": 2}


# -- who may give an order ---------------------------------------------------------------------------

def _own_fighter(st: RaidState, piece: str) -> Fighter | str:
    """The fighter ``piece`` if the band to act may give it an order now, else why not."""
    if st.result is not None:
        return "the battle is over"
    fighter = st.fighters.get(piece)
    if fighter is None or fighter.wounds_left <= 0:
        return f"there is no fighter {piece} standing"
    if fighter.side != st.active:
        return f"{st.name(piece)} is of {st.side_name(fighter.side)}, and {st.side_name(st.active)} gives this order"
    return fighter


# -- Moving --------------------------------------------------------------------------------------------

def check_move(st: RaidState, cmd: Move) -> str | None:
    """A fighter steps to a next hex of the board that can be entered and that no one stands in."""
    fighter = _own_fighter(st, cmd.piece)
    if isinstance(fighter, str):
        return fighter
    if fighter.at.distance(cmd.to) != 1:
        return f"{hex_label(cmd.to)} is not next to {st.name(cmd.piece)}"
    ground = st.ground.get(cmd.to)
    if ground is None:
        return f"{hex_label(cmd.to)} is off the board"
    if not st.content.terrain.terrain[ground].passable:
        return f"no one enters {st.content.terrain.terrain[ground].name.lower()}"
    if st.fighter_at(cmd.to) is not None:
        return f"{hex_label(cmd.to)} is taken"
    return None


def offer_moves(st: RaidState) -> Iterator[Move]:
    for fighter in sorted(st.standing(st.active), key=lambda f: f.id):
        for to in sorted(fighter.at.neighbours()):
            move = Move(fighter.id, to)
            if check_move(st, move) is None:
                yield move


def resolve_move(ctx: Resolution, cmd: Move) -> None:
    ctx.emit(FighterMoved(cmd.piece, cmd.to))
    _order_done(ctx)


# -- Striking ------------------------------------------------------------------------------------------

def check_strike(st: RaidState, cmd: Strike) -> str | None:
    """A fighter strikes an enemy standing within its reach."""
    fighter = _own_fighter(st, cmd.piece)
    if isinstance(fighter, str):
        return fighter
    target = st.fighters.get(cmd.target)
    if target is None or target.wounds_left <= 0 or target.side == fighter.side:
        return f"there is no enemy {cmd.target} standing"
    reach = st.content.pieces.kinds[fighter.kind].reach
    if fighter.at.distance(target.at) > reach:
        return f"{st.name(cmd.target)} is beyond the reach of {st.name(cmd.piece)} ({hex_count(reach)})"
    return None


def strike_need(st: RaidState, cmd: Strike) -> tuple[int, tuple[str, ...]]:
    """The d6 a strike needs: its kind's number, one more at an enemy in cover (reeds); and why."""
    need = st.content.pieces.kinds[st.fighters[cmd.piece].kind].need
    ground = st.content.terrain.terrain[st.ground[st.fighters[cmd.target].at]]
    if ground.cover:
        return need + ground.cover, (f"+{ground.cover}: the target stands in {ground.name.lower()}",)
    return need, ()


def strike_result(faces: tuple[int, ...], need: int) -> str:
    """The rule of a strike, on the die rolled: a 6 is two wounds, any other roll of ``need`` or more one."""
    roll = faces[0]
    if roll == 6:
        return "two wounds"
    return "one wound" if roll >= need else "miss"


def strike_odds(st: RaidState, cmd: Strike) -> dict[str, float]:
    """Each outcome's chance, over every face of the d6, through :func:`strike_result`."""
    need, _ = strike_need(st, cmd)
    return {outcome: float(p) for outcome, p in dice_odds([6], lambda faces: strike_result(faces, need)).items()}


def offer_strikes(st: RaidState) -> Iterator[Strike]:
    for fighter in sorted(st.standing(st.active), key=lambda f: f.id):
        for target in sorted(st.standing(st.enemy_of(st.active)), key=lambda f: f.id):
            strike = Strike(fighter.id, target.id)
            if check_strike(st, strike) is None:
                yield strike


def resolve_strike(ctx: Resolution, cmd: Strike) -> None:
    st: RaidState = ctx.state
    need, modifiers = strike_need(st, cmd)
    roll = ctx.roll(6, f"{st.name(cmd.piece)} strikes {st.name(cmd.target)}, needing {need}", rule="Striking",
                    who=st.active, modifiers=modifiers)
    wounds = min(WOUNDS[strike_result((roll,), need)], st.fighters[cmd.target].wounds_left)
    if wounds:
        ctx.emit(FighterWounded(cmd.target, wounds))
        if st.fighters[cmd.target].wounds_left <= 0:
            ctx.emit(FighterFell(cmd.target))
    _order_done(ctx)


def preview_strike(st: RaidState, cmd: Strike) -> OrderPreview:
    need, modifiers = strike_need(st, cmd)
    odds = strike_odds(st, cmd)
    return OrderPreview(summary=describe_strike(st, cmd), cost=f"one d6, needing {need}", modifiers=modifiers,
                        odds=tuple(Chance(outcome, odds[outcome], float(WOUNDS[outcome]))
                                   for outcome in WOUNDS if outcome in odds),
                        value_unit="wounds")


def strike_outcome(before: RaidState, cmd: Strike, events: Sequence[Any]) -> str | None:
    """Which outcome the strike had: :func:`strike_result` on the die it rolled."""
    die = next((e for e in events if isinstance(e, DieRolled)), None)
    return None if die is None else strike_result((die.result,), strike_need(before, cmd)[0])


# -- Holding, and the end of an order -------------------------------------------------------------------

def check_hold(st: RaidState, cmd: Hold) -> str | None:
    return "the battle is over" if st.result is not None else None


def offer_hold(st: RaidState) -> Iterator[Hold]:
    if st.result is None:
        yield Hold()


def resolve_hold(ctx: Resolution, cmd: Hold) -> None:
    ctx.emit(BandHeld(ctx.state.active))
    _order_done(ctx)


def _order_done(ctx: Resolution) -> None:
    """After each order: a band with no one standing loses; else the other band gives the next order, and a
    turn ends when both have given theirs; after the last turn the band with more fighters standing wins."""
    st: RaidState = ctx.state
    enemy = st.enemy_of(st.active)
    if not st.standing(enemy):
        ctx.emit(BattleEnded(st.active, f"{st.side_name(enemy)} has no one standing"))
        return
    turn = st.turn + 1 if st.active == st.sides[-1] else st.turn
    limit = st.content.scenario.turn_limit
    if turn > limit:
        counts = {side: len(st.standing(side)) for side in st.sides}
        first, second = st.sides
        standing = f"{counts[first]} standing against {counts[second]}"
        if counts[first] == counts[second]:
            ctx.emit(BattleEnded(None, f"after {limit} turns, {standing}"))
        else:
            winner = first if counts[first] > counts[second] else second
            ctx.emit(BattleEnded(winner, f"after {limit} turns, {standing}"))
        return
    ctx.emit(BandToAct(enemy, turn))


def setup(ctx: Resolution) -> None:
    """Every fighter stands where the scenario puts it; the first band gives the first order."""
    st: RaidState = ctx.state
    for entry in st.content.scenario.pieces:
        ctx.emit(FighterPlaced(entry.id, entry.side, entry.kind, offset_to_axial(*entry.at)))
    ctx.emit(BandToAct(st.sides[0], 1))


# -- the folds: the one place the state changes ----------------------------------------------------------

def fold_placed(st: RaidState, ev: FighterPlaced) -> None:
    st.fighters[ev.piece] = Fighter(ev.piece, ev.side, ev.kind, ev.at, st.content.pieces.kinds[ev.kind].wounds)


def fold_moved(st: RaidState, ev: FighterMoved) -> None:
    st.fighters[ev.piece].at = ev.to


def fold_wounded(st: RaidState, ev: FighterWounded) -> None:
    st.fighters[ev.piece].wounds_left -= ev.wounds


def fold_nothing(st: RaidState, ev: object) -> None:
    """An event that records what happened and changes nothing more (a fall follows its last wound)."""


def fold_to_act(st: RaidState, ev: BandToAct) -> None:
    st.active, st.turn = ev.side, ev.turn


def fold_ended(st: RaidState, ev: BattleEnded) -> None:
    st.result = (ev.winner, ev.reason)


# -- words ----------------------------------------------------------------------------------------------

def describe_move(st: RaidState, cmd: Move) -> str:
    return f"{st.name(cmd.piece)} steps to {hex_label(cmd.to)}"


def describe_strike(st: RaidState, cmd: Strike) -> str:
    return f"{st.name(cmd.piece)} strikes {st.name(cmd.target)}"


def describe_hold(st: RaidState, cmd: Hold) -> str:
    return f"{st.side_name(st.active)} holds"


def parts_move(st: RaidState, cmd: Move) -> OrderParts:
    return OrderParts(cmd.piece, "Move", cmd.to)


def parts_strike(st: RaidState, cmd: Strike) -> OrderParts:
    return OrderParts(cmd.piece, "Strike", st.fighters[cmd.target].at, st.name(cmd.target))


def parts_hold(st: RaidState, cmd: Hold) -> OrderParts:
    return OrderParts(None, "Hold")


RULEBOOK.command(Move, check=check_move, offers=offer_moves, resolve=resolve_move, describe=describe_move,
                 parts=parts_move)
RULEBOOK.command(Strike, check=check_strike, offers=offer_strikes, resolve=resolve_strike, odds=preview_strike,
                 outcome=strike_outcome, describe=describe_strike, parts=parts_strike)
RULEBOOK.command(Hold, check=check_hold, offers=offer_hold, resolve=resolve_hold, describe=describe_hold,
                 parts=parts_hold)

RULEBOOK.event(FighterPlaced, fold_placed,
               lambda st, ev: f"{st.name(ev.piece)} of {st.side_name(ev.side)} stands at {hex_label(ev.at)}")
RULEBOOK.event(FighterMoved, fold_moved, lambda st, ev: f"{st.name(ev.piece)} steps to {hex_label(ev.to)}")
RULEBOOK.event(FighterWounded, fold_wounded,
               lambda st, ev: f"{st.name(ev.piece)} takes {ev.wounds} wound{'s' if ev.wounds > 1 else ''}")
RULEBOOK.event(FighterFell, fold_nothing, lambda st, ev: f"{st.name(ev.piece)} falls")
RULEBOOK.event(BandHeld, fold_nothing, lambda st, ev: f"{st.side_name(ev.side)} holds")
RULEBOOK.event(BandToAct, fold_to_act, lambda st, ev: f"{st.side_name(ev.side)} to act (turn {ev.turn})")
RULEBOOK.event(BattleEnded, fold_ended,
               lambda st, ev: (f"{st.side_name(ev.winner)} wins" if ev.winner else "A draw") + f": {ev.reason}")
