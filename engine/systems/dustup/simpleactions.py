"""Dustup's simple actions: Prop Action (and unprop), Recover Suppression Action, and the withdrawal of a
routed unit toward its own table edge (Forces: Confidence). Moving is in acts.py; standing fast (Hold)
stays in rules.py, as it asks whether every module's forced action is possible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexfront.engine.core.resolution import Resolution

from . import commands as C
from . import events as E
from .action import Action
from .acts import abandon_wounded, reveal, spend
from .dice import beats
from .ground import movement_die, on_own_edge, own_edge_hex, walk
from .minefields import in_minefield
from .state import ROUTED, STABILISED, UNTREATED, DustState, Unit


def _prop_check(st: DustState, u: Unit, cmd: Any) -> str | None:
    if u.vehicle:
        return f"{u.name} is a vehicle: vehicles do not prop"
    if u.propped:
        return f"{u.name} is already propped"
    if u.cavalry and u.mounted:
        return "mounted cavalry may not prop (Prop Action)"
    if u.travel:
        return f"{u.name} is in travel mode: reorganise into tactical formation first"
    if in_minefield(st, u):
        return f"{u.name} is in a minefield: there is no propping there (Mines and Explosives: Prop)"
    return None


def _prop_resolve(ctx: Resolution, u: Unit, cmd: Any) -> None:
    spend(ctx, u, "prop")
    ctx.emit(E.Propped(unit=u.id, reason="makes use of the local cover", rule="Prop Action"))


def _unprop_check(st: DustState, u: Unit, cmd: Any) -> str | None:
    if not u.propped:
        return f"{u.name} is not propped"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot unprop until it recovers (Recover Suppression Action)"
    return None


def _unprop_resolve(ctx: Resolution, u: Unit, cmd: Any) -> None:
    spend(ctx, u, "unprop")
    ctx.emit(E.Unpropped(unit=u.id, reason="ready to move", rule="Prop Action"))


def _recover_check(st: DustState, u: Unit, cmd: Any) -> str | None:
    return None if u.suppression else f"{u.name} has no suppression markers"


def _recover_resolve(ctx: Resolution, u: Unit, cmd: Any) -> None:
    spend(ctx, u, "recover")
    roll = ctx.roll(u.quality, f"remove a suppression marker: D{u.quality} must beat leadership {u.leadership}",
                    "Recover Suppression Action", u.id)
    if beats(roll, u.leadership):
        ctx.emit(E.SuppressionRemoved(unit=u.id, markers=u.suppression - 1,
                                      reason=f"recovers: {roll} > {u.leadership}", rule="Recover Suppression Action"))
    else:
        ctx.emit(E.Note(text=f"{u.name} stays pinned ({roll} against {u.leadership})",
                        rule="Recover Suppression Action"))


def _withdraw_check(st: DustState, u: Unit, cmd: Any) -> str | None:
    return None if u.confidence == ROUTED else f"{u.name} is not routed"


def _withdraw_resolve(ctx: Resolution, u: Unit, cmd: Any) -> None:
    st: DustState = ctx.state
    spend(ctx, u, "withdraw")
    if on_own_edge(st, u):
        ctx.emit(E.LeftTable(unit=u.id, reason="routs off the table", rule="Forces: Confidence (routed)"))
        return
    die, notes = movement_die(st, u, False)
    points = ctx.roll(die, f"routed: withdraw toward its own edge, movement die D{die}",
                      "Forces: Confidence (routed)", u.id)
    goal = own_edge_hex(st, u)
    path, used = walk(st, u, goal, points)
    if len(path) > 1:
        wounded = [f for f in u.figures if f.status in (UNTREATED, STABILISED, "disabled")]
        if wounded:
            abandon_wounded(ctx, u, wounded, path[0], "abandoned by routing troops")
        reveal(ctx, u, "it moved")
        ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule="Forces: Confidence (routed)"))


def simple_offer(ctype: Callable[[str], Any]) -> Callable[[DustState, Unit], list[Any]]:
    """The one order of a kind a unit may give: ``ctype(unit id)``."""
    return lambda st, u: [ctype(u.id)]


ACTIONS: dict[type, Action] = {
    C.Prop: Action(_prop_check, _prop_resolve, simple_offer(C.Prop)),
    C.Unprop: Action(_unprop_check, _unprop_resolve, simple_offer(C.Unprop)),
    C.Recover: Action(_recover_check, _recover_resolve, simple_offer(C.Recover)),
    C.Withdraw: Action(_withdraw_check, _withdraw_resolve, simple_offer(C.Withdraw)),
}
"""The simple actions, in the order they are offered (rules.BASIC_ACTIONS puts Move before them, Hold after)."""
