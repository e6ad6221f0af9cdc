"""JTS RatFight sight and cover (Line of sight and Terrain; Firing 6): whether one hex sees another, and how
many cards the terrain gives a target.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import LOS_BLOCK, LOS_OBSCURE, Hex, Sight, hex_distance, line_of_sight, line_pair

from .schema import COVER_CARDS
from .state import ABANDONED, Model, RatState


def sight(st: RatState, a: Hex, b: Hex) -> Sight:
    """Line of sight: terrain between blocks or obscures; wrecks block (Line of sight and Terrain)."""
    wrecks = frozenset(m.pos for m in st.models.values() if m.status == ABANDONED and m.pos is not None)
    cache = st.tables.sight_cache
    key = (a, b, wrecks)
    seen = cache.get(key)
    if seen is None:
        sight_map = st.tables.sight

        def los_of(h: Hex) -> int:
            return LOS_BLOCK if h in wrecks else sight_map.get(h, LOS_BLOCK)

        seen = cache[key] = line_of_sight(a, b, los_of)
    return seen


def cover_cards(st: RatState, target: Model, seen: Sight | None) -> int:
    """Cards the defender turns over: 1 in the open, 2 in soft and 3 in hard terrain (Firing 6).

    A target just behind obscuring terrain (the obscuring hex is next to it) counts as in that
    terrain (Line of sight and Terrain: "partly in view ... counts as being 'in terrain'").
    """
    tables = st.tables
    at = target.at
    cards = COVER_CARDS[tables.cover[at]]
    if seen is not None:
        for h in seen.obscured_by:
            if hex_distance(h, at) == 1:
                cards = max(cards, COVER_CARDS[tables.cover[h]])
        # a sight line along a hex edge passes both hexes: blocking terrain on the other side, next to
        # the target, means the target is only partly in view behind it
        plus, minus = line_pair(seen.path[0], seen.path[-1])
        if plus != minus:
            for h in plus[1:-1] + minus[1:-1]:
                if hex_distance(h, at) == 1 and tables.sight.get(h) in (LOS_OBSCURE, LOS_BLOCK):
                    cards = max(cards, COVER_CARDS[tables.cover[h]])
    return cards
