"""Where a mech can get to in its movement phase, for 30 Minute Missions' computer player (:mod:`.ai`).

The search is over places (hex, elevation, facing, free turn used): a turn to any other facing (the first
free, each later one a movement point), a step into one of the three front hexes at the terrain's cost
(:func:`.combat.step_cost`, arriving at :func:`.combat.walk_level`), never a step that would fall two
levels, nor into a hex the mech has no room in (:func:`.combat.room_for`). The cheapest way to every place
within the movement points (plus Press On's) is found, and the orders of a way are written only for the one
the planner picks.

The board is read through :class:`Ground`, built once per map: its hexes numbered, and each place's front
steps as the rule functions above judge them (terrain never changes), so the search's places are small
tuples of numbers.
"""

from __future__ import annotations

import heapq
from typing import Any

from hexfront.engine.core.hexes import Hex

from . import combat as K
from . import commands as C
from .data import Tables
from .state import MissionState, Unit

#: a place of the search: (hex number, elevation, facing, free turn used)
Place = tuple[int, int, int, bool]
#: a step of a way: a facing turned to (an int) or a hex stepped into
Step = int | Hex


class Ground:
    """One map's board for the search: hexes numbered, and the front steps from each (hex, elevation,
    facing) - (hex number, level arrived at, movement points) - as the rules judge them, remembered as they
    are asked for."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.hexes: list[Hex] = list(tables.mission.board)
        self.number: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self._fronts: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}

    def fronts(self, st: MissionState, i: int, elev: int, facing: int) -> list[tuple[int, int, int]]:
        """The steps into the three front hexes (straight ahead, then either side of it) that do not climb
        more than a level or fall two: (hex number, level arrived at, movement points)."""
        key = (i, elev, facing)
        got = self._fronts.get(key)
        if got is None:
            got = []
            at = self.hexes[i]
            for dd in (0, 1, -1):
                h = at.neighbour(facing + dd)
                if not st.tables.on_board(h):
                    continue
                lv = K.walk_level(st, elev, h)
                if lv is None or elev - lv >= 2:
                    continue
                got.append((self.number[h], lv, K.step_cost(st, h, lv)))
            self._fronts[key] = got
        return got


def ground_of(ground: Ground | None, st: MissionState) -> Ground:
    """``ground`` if it is this battle's map, else the map's :class:`Ground` built afresh."""
    if ground is not None and ground.tables is st.tables:
        return ground
    return Ground(st.tables)


def reach(ground: Ground, st: MissionState, u: Unit, mp: int, free_used: bool, can_step: bool, can_turn: bool,
          ap: int) -> tuple[dict[Any, Any], dict[Place, Any]]:
    """Every (hex, elevation, facing) ``u`` can reach this movement phase with ``mp`` movement points and
    ``ap`` AP for Press On (+1 MP for 2 AP, twice at most): the cheapest way there, as (movement points,
    Press Ons needed, the search's place it is reached as); and the search's links, from which
    :func:`orders_to` reads the orders of a way. Places are listed in the order the search first reached them."""
    extra = min(2, ap // 2) if can_step else 0
    budget = mp + extra
    start: Place = (ground.number[u.hex], u.elev, u.facing, free_used)
    dist = {start: 0}
    back: dict[Place, Any] = {start: None}
    heap = [(0, 0, start)]
    room: dict[tuple[int, int], bool] = {}
    n = 0
    while heap:
        cost, _, s = heapq.heappop(heap)
        if cost > dist.get(s, 1 << 30):
            continue
        i, elev, facing, fu = s
        nexts: list[tuple[Place, int, Step]] = []
        if can_turn:
            nexts += [((i, elev, f, True), 1 if fu else 0, f) for f in range(6) if f != facing]
        if can_step:
            for j, lv, c in ground.fronts(st, i, elev, facing):
                ok = room.get((j, lv))
                if ok is None:
                    ok = room[(j, lv)] = K.room_for(st, u, ground.hexes[j], lv) is None
                if ok:
                    nexts.append(((j, lv, facing, fu), c, ground.hexes[j]))
        for ns, c, step in nexts:
            nc = cost + c
            if nc > budget or nc >= dist.get(ns, 1 << 30):
                continue
            dist[ns] = nc
            back[ns] = (s, step)
            n += 1
            heapq.heappush(heap, (nc, n, ns))
    out: dict[Any, Any] = {}
    hexes = ground.hexes
    for s, cost in dist.items():
        key = (hexes[s[0]], s[1], s[2])
        if key in out and out[key][0] <= cost:
            continue
        out[key] = (cost, max(0, cost - mp), s)
    return out, back


def orders_to(uid: str, back: dict[Place, Any], place: Place) -> list[Any]:
    """The orders of the cheapest way to ``place``, read back from the search's links."""
    cmds: list[Any] = []
    cur = place
    while back[cur] is not None:
        prev, step = back[cur]
        cmds.append(C.Turn(uid, step) if isinstance(step, int) else C.Move(uid, step))
        cur = prev
    cmds.reverse()
    return cmds
