"""What the computer player prices its orders with: the rules' own dice (:mod:`.dice`, exactly as the resolution
keeps them), what a hit is worth, and the cost of the cheapest runs across the board (cached per board)."""

from __future__ import annotations

import heapq
from functools import cache

from hexfront.engine.core.hexes import Hex

from . import dice
from .ground import layer
from .hits import OUT_OF_COMBAT
from .state import Character, SkirmishState

LOSE_TURN_VALUE = 0.12  # a hit stopped by armour costs the target its next turn


# ---------------------------------------------------------------------------
# Dice
# ---------------------------------------------------------------------------

@cache
def hit_dice(mode: str, skill: int) -> tuple[tuple[float, int, int], ...]:
    """(probability, lower kept die, higher kept die) of every successful 2d6 (+ skill) roll in ``mode``: the
    rules' own dice (``dice.kept_odds``, ``dice.passes``), as ``combat.skill_roll`` keeps them."""
    return tuple((float(p), low, high) for (high, low), p in sorted(dice.kept_odds(mode).items(),
                                                                    key=lambda kp: (kp[0][1], kp[0][0]))
                 if dice.passes((high, low), skill))


def p_roll(mode: str, skill: int) -> float:
    """The chance that a skill roll in ``mode`` succeeds (``dice.success_chance``)."""
    return float(dice.success_chance(mode, skill))


#: a grenade's or a shell's fresh 2d6 hit: (probability, lower die, higher die) of every throw
PLAIN_2D6 = tuple((float(p), low, high) for (high, low), p in dice.kept_odds("normal").items())


def hit_worth(t: Character, location: str, damage: int, breaks: bool, projectile: bool = True) -> float:
    """What one hit on ``t`` is worth to its enemy: 1 for putting it out of the fight, less for a wound."""
    if t.armour.get(location, 0) > 0 and not breaks:
        return LOSE_TURN_VALUE if projectile else 0.0
    extra = LOSE_TURN_VALUE if (breaks and projectile and t.armour.get(location, 0) > 0) else 0.0
    eff = damage - 0.6 * min(t.luck, damage)
    if eff <= 0:
        return extra
    if t.total_damage + eff >= OUT_OF_COMBAT or t.damage.get(location, 0) + eff >= OUT_OF_COMBAT:
        return 1.0
    return extra + 0.5 * (t.total_damage + eff) / OUT_OF_COMBAT - 0.5 * t.total_damage / OUT_OF_COMBAT


def expected_hit(t: Character, throws: tuple[tuple[float, int, int], ...], bonus: int, breaks: bool) -> float:
    """Sum over the dice outcomes of probability times worth (the probabilities need not add to 1)."""
    return sum(p * hit_worth(t, dice.location_of(lo), hi + bonus, breaks) for p, lo, hi in throws)


# ---------------------------------------------------------------------------
# Board distances (cheapest runs), cached per board
# ---------------------------------------------------------------------------

_DIST: dict[tuple[int, tuple[str, ...], tuple[Hex, ...]], dict[Hex, int]] = {}


def cost_map(st: SkirmishState, sources: tuple[Hex, ...]) -> dict[Hex, int]:
    """Run cost (3 an open hex, 5 an impeding one) from every passable hex to the nearest of ``sources``."""
    lay = layer(st)  # a shut machine is a wall
    key = (id(st.tables), lay.key, sources)
    got = _DIST.get(key)
    if got is not None:
        return got
    cost = lay.cost
    dist: dict[Hex, int] = {}
    heap = [(0, h.q, h.r, h) for h in sources]
    heapq.heapify(heap)
    while heap:
        d, _, _, h = heapq.heappop(heap)
        if h in dist:
            continue
        dist[h] = d
        k_here = cost.get(h)
        for n in h.neighbours():
            if n in dist or cost.get(n) is None:
                continue
            # moving from n to h costs h's price
            k = k_here if k_here is not None else 3
            heapq.heappush(heap, (d + k, n.q, n.r, n))
    if len(_DIST) > 4000:
        _DIST.clear()
    _DIST[key] = dist
    return dist


def exit_map(st: SkirmishState) -> dict[Hex, int]:
    """Run cost from every passable hex to the scenario's exit edge (empty when nobody must get away)."""
    v = st.tables.victory
    if not v.exit_side:
        return {}
    edge = tuple(sorted((h for h in st.tables.board if st.tables.on_edge(h, v.exit_edge)
                         and st.tables.cost.get(h) is not None), key=lambda h: (h.q, h.r)))
    return cost_map(st, edge)
