"""What the ground does: runs, line of sight, cover, range bands, smoke and gas. Reads the state, never changes it."""

from __future__ import annotations

from engine.core.hexes import LOS_BLOCK, Hex, Sight, line_of_sight, reachable

from .data import RUN_BUDGET
from .state import Character, SkirmishState


def sight(st: SkirmishState, a: Hex, b: Hex) -> Sight:
    """Line of sight between two hexes: walls and trees between them block it; characters never do
    (this game's reading: the book has no rule for figures in the way)."""
    cache = st.tables.sight_cache
    key = (a, b)
    got = cache.get(key)
    if got is None:
        board_sight = st.tables.sight
        got = line_of_sight(a, b, lambda h: board_sight.get(h, LOS_BLOCK))
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = got
    return got


def can_see(st: SkirmishState, a: Hex, b: Hex) -> bool:
    return sight(st, a, b).visible


def in_cover(st: SkirmishState, target: Hex, seen_from: Hex) -> bool:
    """Cover and Movement. This game's reading: a character is in cover from someone when its own hex gives cover,
    or when the hex just in front of it on the line between them does (a low wall, a window, a car, a hedge)."""
    cover = st.tables.cover
    if target in cover:
        return True
    if target.distance(seen_from) <= 1:
        return False
    path = sight(st, seen_from, target).path
    return len(path) >= 3 and path[-2] in cover


def run_options(st: SkirmishState, c: Character) -> dict[Hex, int]:
    """Every hex ``c`` can run to this round, with its cost out of the 15-point run (open 3, impeding 5).

    Runs go around every other character (friend or foe) and end on an empty hex; the start is left out.
    """
    cost = st.tables.cost
    occupant = st.occupant

    def step(_a: Hex, b: Hex) -> int | None:
        k = cost.get(b)
        if k is None:
            return None
        occ = occupant.get(b)
        if occ is not None and occ != c.id:
            return None
        return k

    return {h: k for h, k in reachable(c.pos, RUN_BUDGET, step).items() if h != c.pos}


def band_effect(st: SkirmishState, weapon: str, distance: int) -> tuple[str, str]:
    """(band name, effect) for a firearm at ``distance`` hexes: the Weapon Range Limits table.

    Beyond the distant band the effect is "miss" (a guaranteed miss).
    """
    band = st.tables.band(distance)
    if band is None:
        return "beyond distant", "miss"
    return ("short", "medium", "long", "distant")[band], st.tables.firearms[weapon].ranges[band]


def smoke_indoors(st: SkirmishState, a: Hex, b: Hex) -> bool:
    """Smoke: it spoils an attack only indoors. This game's reading: the attack is indoors when either end of it
    is on an indoor hex, and smoke lies on the line when any hex of the line (ends included) is in a smoke cloud."""
    smokes = [cl for cl in st.clouds if cl.kind == "smoke"]
    if not smokes or not (a in st.tables.indoors or b in st.tables.indoors):
        return False
    path = sight(st, a, b).path if a != b else (a,)
    return any(cl.covers(h) for cl in smokes for h in path)


def gassed(st: SkirmishState, c: Character) -> bool:
    """Tear gas: a character inside a gas cloud without a full-face gas mask cannot shoot."""
    return not c.gas_mask and any(cl.kind == "gas" and cl.covers(c.pos) for cl in st.clouds)


def hunkering(st: SkirmishState, c: Character, shooter_at: Hex) -> bool:
    """Cover and Movement: a character who forfeits its action while in cover cannot be shot, unless the shooter
    is flanking. This game's reading: the shooter flanks when the character is not in cover from the shooter."""
    order = st.orders.get(c.id)
    return order is not None and order.action == "hold" and in_cover(st, c.pos, shooter_at)
