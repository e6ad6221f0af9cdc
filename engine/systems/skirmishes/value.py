"""How good a Skirmishes position is for one side, for the hard player's search (engine.core.search).

A battle is won by the scenario's own victory conditions (:func:`rules.victory`), checked at the end of each
round, so the value reads the same terms, each scaled to "characters", the unit a casualty counts in:

- **standing**: each able character is worth 1, less half the share of the damage it has taken towards being out
  of the fight (the measure the standard player prices a wound with, ``pricing.hit_worth``); one who got away
  counts as standing;
- **getting away** (a scenario where one side must get characters off an edge): the runners' progress. Each able
  runner's rounds still to run to the edge (on foot 15 points a round, aboard a vehicle its speed) against the
  rounds left; the best ``needed`` of them, one who got away counting whole, make the escaping side's chance, and
  the side that must stop them has the rest. Worth ``EXIT_WEIGHT`` characters;
- **holding a building** (a scenario where one side must clear it): the defenders still indoors, and the share of
  the battle's rounds already held. Worth ``HOLD_WEIGHT`` characters.

A battle won is worth ``DECIDED`` characters (lost, minus that; drawn, nothing): more than any position short of
the end (the standing and the objective's terms add up to 8 at most), but not the contract's WIN_VALUE of 50.
The search plays only a few playouts an order, and one battle won by a lucky roll in one of them, at 50, would
outweigh everything else the order does; at ``DECIDED`` it counts as what it is, a few characters' worth.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex

from .data import RUN_BUDGET
from .ground import layer
from .hits import OUT_OF_COMBAT
from .pricing import exit_map
from .state import ESCAPED, Character, SkirmishState

#: a battle won, in characters (module docstring)
DECIDED = 10.0
#: what the escaping side's progress is worth, in characters
EXIT_WEIGHT = 3.0
#: what the defenders' hold on the building is worth, in characters
HOLD_WEIGHT = 2.0
#: a wound's worth, as a share of a character (pricing.hit_worth's half of the damage towards the limit)
WOUND_SHARE = 0.5
#: what the value counts, in a player's words ("Why did it do that?")
VALUE_WORDS = (f"characters standing, its own less the enemy's, a wound taking off up to {WOUND_SHARE:g} of one; up "
               f"to {EXIT_WEIGHT:g} for the runners' progress to the edge, or {HOLD_WEIGHT:g} for the defenders' hold "
               f"on the building, for the side it helps; a battle won counts {DECIDED:g}")


def standing(st: SkirmishState, side: str) -> float:
    """The side's characters still in the fight (or got away), each less its wounds' share."""
    total = 0.0
    for c in st.chars.values():
        if c.side != side:
            continue
        if c.status == ESCAPED:
            total += 1.0
        elif c.able:
            total += 1.0 - WOUND_SHARE * min(c.total_damage, OUT_OF_COMBAT) / OUT_OF_COMBAT
    return total


def rounds_to_exit(st: SkirmishState, c: Character, dist: dict[Hex, int]) -> int | None:
    """Rounds ``c`` still needs to stand on the exit edge: its run cost there over a round's run, or over its
    vehicle's drive when it rides one (None: no way there)."""
    d = dist.get(c.pos)
    if d is None:
        return None
    per_round = RUN_BUDGET
    if c.aboard:
        per_round = max(RUN_BUDGET, 3 * st.tables.vehicles[c.aboard].speed)
    return -(-d // per_round)


def escape_chance(st: SkirmishState) -> float:
    """The escaping side's progress, 0 to 1: each runner's share (got away 1; able and able to make the edge in the
    rounds left, less for each round still to run), the best ``needed`` of them averaged."""
    v = st.tables.victory
    dist = exit_map(st)
    rounds_left = max(0, v.round_limit - st.round + 1)
    shares = []
    for c in st.chars.values():
        if c.side != v.exit_side:
            continue
        if c.status == ESCAPED:
            shares.append(1.0)
        elif c.able:
            need = rounds_to_exit(st, c, dist)
            shares.append(0.0 if need is None or need > rounds_left else 1.0 - 0.8 * need / (rounds_left + 1))
    best = sorted(shares, reverse=True)[:v.exit_needed]
    return sum(best) / v.exit_needed if v.exit_needed else 0.0


def hold_share(st: SkirmishState) -> float:
    """The defenders' hold on the building, 0 to 1: some still indoors (one counts half, two or more whole),
    the more so the more of the battle's rounds have passed."""
    v = st.tables.victory
    holder = st.other(v.clear_side)
    indoors = layer(st).indoors
    inside = sum(1 for c in st.chars.values() if c.side == holder and c.able and c.pos in indoors)
    return min(1.0, inside / 2) * (0.5 + 0.5 * min(st.round, v.round_limit) / v.round_limit)


def position_value(st: SkirmishState, side: str) -> float:
    """The position's worth to ``side`` (module docstring)."""
    if st.result is not None:
        winner = st.result[0]
        return 0.0 if winner is None else DECIDED if winner == side else -DECIDED
    foe = st.other(side)
    value = standing(st, side) - standing(st, foe)
    v = st.tables.victory
    if v.exit_side:
        chance = escape_chance(st)
        value += EXIT_WEIGHT * (2 * chance - 1) * (1 if side == v.exit_side else -1)
    if v.clear_side:
        held = hold_share(st)
        value += HOLD_WEIGHT * (2 * held - 1) * (-1 if side == v.clear_side else 1)
    return value
