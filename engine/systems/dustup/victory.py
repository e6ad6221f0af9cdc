"""How a Dustup battle ends: a side with no unit left fighting (every unit destroyed or routed, and no
aircraft of its own still on the inbound chart) has lost; when the last turn is over, the side holding
more objectives wins, then, with objectives even, the side that lost fewer figures; else no one wins.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .state import (
    ABANDONED,
    BROKEN,
    KILLED,
    ROUTED,
    STABILISED,
    UNTREATED,
    DustState,
    Unit,
)


def finish_at_turn_limit(ctx: Resolution) -> None:
    st: DustState = ctx.state
    held = {s: objectives_held(st, s) for s in st.sides}
    a, b = st.sides
    if held[a] != held[b]:
        win = a if held[a] > held[b] else b
        ctx.emit(E.BattleEnded(winner=win, reason=f"turn {st.turn} is over: {st.tables.side_names[win]} "
                               f"hold {held[win]} objective(s) to {held[st.other(win)]}"))
        return
    losses = {s: casualties(st, s) for s in st.sides}
    if losses[a] != losses[b]:
        win = a if losses[a] < losses[b] else b
        ctx.emit(E.BattleEnded(winner=win, reason=f"turn {st.turn} is over; objectives even, "
                               f"{st.tables.side_names[win]} lost fewer figures ({losses[win]} to "
                               f"{losses[st.other(win)]})"))
        return
    ctx.emit(E.BattleEnded(winner=None, reason=f"turn {st.turn} is over: objectives and losses even"))


def objectives_held(st: DustState, side: str) -> int:
    """An objective is held by the side with a fighting unit (not broken or routed) on it or next to it,
    when no such enemy unit is as close."""
    held = 0
    for obj in st.tables.objectives:
        best: dict[str, int] = {}
        for u in st.units.values():
            if u.on_table and u.pos is not None and u.confidence > BROKEN:
                d = hex_distance(u.pos, obj)
                if d <= 1:
                    best[u.side] = min(best.get(u.side, 9), d)
        if side in best and best[side] < best.get(st.other(side), 9):
            held += 1
    return held


def casualties(st: DustState, side: str) -> int:
    return sum(1 for u in st.units.values() if u.side == side for f in u.figures
               if f.status in (KILLED, UNTREATED, STABILISED, ABANDONED, "disabled"))


def fighting(st: DustState, side: str) -> list[Unit]:
    return [u for u in st.units.values() if u.side == side and u.on_table and u.confidence > ROUTED]


def still_coming(st: DustState, side: str) -> bool:
    """Aircraft or inserted troops of ``side`` still on the inbound chart: the side is not beaten yet."""
    return any(m.side == side and m.kind == "aircraft" for m in st.missions.values())


def check_outcome(ctx: Resolution) -> None:
    st: DustState = ctx.state
    if st.result is not None:
        return
    out = [s for s in st.sides if not fighting(st, s) and not still_coming(st, s)]
    if len(out) == 2:
        ctx.emit(E.BattleEnded(winner=None, reason="both forces are destroyed or routed"))
    elif out:
        loser = out[0]
        win = st.other(loser)
        ctx.emit(E.BattleEnded(winner=win, reason=f"{st.tables.side_names[loser]} have no unit left fighting"))
