"""Walks for the order editor: a mech steps one hex an order and turns on the spot (Movement Phase), so a hex
three steps away takes three or four orders. A walk is the cheapest way there this phase, found by the same
search the computer plans with (:func:`.reach.reach`, which judges each step and turn by the rules' own
functions), offered as one choice and given as its orders one after another."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import DIRECTION_NAMES, Hex
from hexfront.engine.core.view import Route
from hexfront.engine.core.words import plural

from . import commands as C
from .describe import where
from .orders import _may_walk, acting, acting_unit, in_movement
from .reach import Ground, ground_of, orders_to, reach
from .rules import mp_left
from .state import DOWN, PRONE, MissionState

#: the action a walk is filed under, beside the single steps
WALK_ACTION = "Move"


def walks(st: MissionState, unit: str, ground: Ground | None = None) -> list[Route]:
    """Every hex ``unit`` (the mech acting, in its movement phase) can reach with the movement points it has
    left, by two orders or more (a single step is an order of its own), the cheapest way: fewest movement
    points, then fewest orders. Press On is not used: it costs AP, and is the player's own choice."""
    u = acting_unit(st)
    if u is None or u.id != unit or acting(st, unit)[1] is not None or not in_movement(st) or st.turn is None:
        return []
    can_step = _may_walk(st, u) is None
    can_turn = u.posture not in (DOWN, PRONE)
    if not can_step:
        return []
    mp = mp_left(st)
    ends, back = reach(ground_of(ground, st), st, u, mp, st.turn.free_turn_used, can_step, can_turn, 0)
    best: dict[Hex, tuple[int, int, list[Any], int]] = {}
    for (at, _elev, facing), (cost, _press, place) in ends.items():
        if at == u.hex:
            continue
        steps = orders_to(u.id, back, place)
        got = best.get(at)
        if got is None or (cost, len(steps)) < (got[0], len(got[2])):
            best[at] = (cost, len(steps), steps, facing)
    out = []
    for at, (cost, n, steps, facing) in best.items():
        if n < 2:  # one step: the order itself is offered
            continue
        moves = sum(1 for s in steps if isinstance(s, C.Move))
        turns = len(steps) - moves
        how = plural(moves, "step") + (f" and {plural(turns, 'turn')}" if turns else "")
        words = (f"{u.name} ({u.id}): walk to {where(at)}, facing {DIRECTION_NAMES[facing]}: {how}, "
                 f"{plural(cost, 'movement point')} of {mp}")
        out.append(Route(unit=u.id, action=WALK_ACTION, to=at, steps=tuple(steps), words=words))
    return out
