"""JTS RatFight movement (Movement): what a step costs each mover, the hexes a model can end its move in, and
the path it takes there.

A model moves through its friends but not through the enemy or a wreck, and ends its move in an empty hex;
a vehicle reverses at half speed. The movers' allowances and the terrain's costs are content
(content/ratfight); the hex scale is in RULES-NOTES.
"""

from __future__ import annotations

from collections.abc import Callable

from hexfront.engine.core.hexes import Hex, hex_distance, reachable, relative_bearing, shortest_path

from .state import ABANDONED, Model, RatState


def step_cost(st: RatState, model: Model) -> Callable[[Hex, Hex], int | None]:
    costs = st.tables.costs[model.mover]
    occupant = st.occupant
    models = st.models
    side = model.side
    me = model.id

    def cost(_a: Hex, b: Hex) -> int | None:
        c = costs.get(b)
        if c is None:
            return None
        occ = occupant.get(b)
        if occ is not None and occ != me:
            o = models[occ]
            if o.side != side or o.status == ABANDONED:
                return None
        return c

    return cost


def budget(st: RatState, model: Model, reverse: bool = False) -> int:
    full = st.tables.movers[model.mover].budget
    return full // 2 if reverse else full


def reach(st: RatState, model: Model, reverse: bool = False) -> dict[Hex, int]:
    """Hexes the model can end its move in (empty ones), with their cost. Treat the result as read-only.

    The answer depends only on the mover, the start hex and the models within a move of it, so it
    is cached per battle under exactly that key.
    """
    mover = st.tables.movers[model.mover]
    radius = max(mover.road, mover.open) + 1
    pos = model.at
    friends: list[Hex] = []
    blockers: list[Hex] = []
    for h, mid in st.occupant.items():
        if mid != model.id and hex_distance(h, pos) <= radius:
            o = st.models[mid]
            (friends if o.side == model.side and o.status != ABANDONED else blockers).append(h)
    key = (model.mover, pos, reverse, frozenset(friends), frozenset(blockers))
    cache = st.tables.reach_cache
    found = cache.get(key)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        occupant = st.occupant
        me = model.id
        found = cache[key] = reachable(pos, budget(st, model, reverse), step_cost(st, model),
                                       passable_end=lambda h: occupant.get(h, me) == me)
    return found


def move_path(st: RatState, model: Model, to: Hex, reverse: bool = False) -> list[Hex] | None:
    """The path a move takes to an empty hex within the model's move, or None if it cannot get there.

    Validation and resolution of one order ask the same question of the same state, so the last
    answer is kept and reused.
    """
    occ = st.occupant.get(to)
    if occ is not None and occ != model.id:
        return None
    models = st.models
    # who stands where, and in what state (a wreck blocks where a live friend lets you through)
    key = (model.id, model.pos, to, reverse,
           frozenset((h, mid, models[mid].status) for h, mid in st.occupant.items()))
    memo = st.tables.path_memo
    if memo and memo[0][0] == key:
        return memo[0][1]
    mover = st.tables.movers[model.mover]
    path = shortest_path(model.at, to, step_cost(st, model), budget=budget(st, model, reverse),
                         min_cost=min(mover.road, mover.open))
    memo[:] = [(key, path)]
    return path


def direction_towards(a: Hex, b: Hex) -> int:
    return min(range(6), key=lambda d: (relative_bearing(a, d, b), d))


def _embark_hex(st: RatState, model: Model, v: Model) -> Hex | None:
    if hex_distance(model.at, v.at) == 1:
        return model.at
    r = reach(st, model)
    options = [(cost, h) for h, cost in r.items() if hex_distance(h, v.at) == 1]
    return min(options)[1] if options else None
