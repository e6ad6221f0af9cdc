"""Luck at the end of a battle: for each side, what its dice and cards gave against what was expected.

Every order whose preview had odds is looked at again, in the state it was
given in: the system's :meth:`~engine.core.system.RuleSystem.outcome_of` says
which outcome it had, the preview's chances say what that outcome was worth
and what the order was worth on average. Two figures come out per side:

- per kind of worth ("casualties", "tests passed"...), the total rolled against
  the total expected;
- a luck score: the mean, over its orders, of how the outcome ranks among the
  possible ones (the chance of doing worse, plus half the chance of doing just
  as well). 50% is exactly average; above it, the dice were kind.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.define
class Tally:
    unit: str
    orders: int = 0
    rolled: float = 0.0
    expected: float = 0.0


@attrs.define
class SideLuck:
    side: str
    orders: int = 0
    rank_total: float = 0.0
    tallies: dict[str, Tally] = attrs.field(factory=dict)

    @property
    def score(self) -> float | None:
        """Mean rank of the outcomes, 0..1 (0.5 is average luck); None with no orders that had odds."""
        return self.rank_total / self.orders if self.orders else None


def order_luck(preview: Any, outcome: str) -> tuple[float, float, float] | None:
    """(value rolled, value expected, rank 0..1) of one order, or None if its odds carry no values."""
    chances = [c for c in preview.odds if c.value is not None]
    if not chances:
        return None
    got = [c for c in chances if c.outcome == outcome]
    if not got:
        return None
    value = got[0].value
    total = sum(c.probability for c in chances) or 1.0
    expected = sum(c.probability * c.value for c in chances) / total
    worse = sum(c.probability for c in chances if c.value < value) / total
    same = sum(c.probability for c in chances if c.value == value) / total
    return value, expected, worse + same / 2


def battle_luck(battle: Any) -> dict[str, SideLuck]:
    """Every side's luck over the whole battle (see the module's docstring).

    A system whose orders resolve later than they are given (secret orders revealed together) sets
    ``outcome_reads_ahead``: its ``outcome_of`` is then handed the events from the order to the end
    of the battle, and reads only as far as that order's resolution.
    """
    system = battle.system
    state = system.copy_state(battle.keyframes[0][0])
    out = {s: SideLuck(s) for s in system.sides(state)}
    ahead = system.outcome_reads_ahead
    flat: list[Any] = []
    starts = []
    if ahead:
        for events in battle.events:
            starts.append(len(flat))
            flat.extend(events)
    for i, (command, events) in enumerate(zip(battle.log, battle.events, strict=True)):
        outcome = system.outcome_of(state, command, flat[starts[i]:] if ahead else events)
        if outcome is not None:
            side = system.side_to_act(state)
            preview = system.preview(state, command)
            figures = order_luck(preview, outcome)
            if figures is not None and side in out:
                value, expected, rank = figures
                luck = out[side]
                luck.orders += 1
                luck.rank_total += rank
                unit = preview.value_unit or "results"
                tally = luck.tallies.setdefault(unit, Tally(unit))
                tally.orders += 1
                tally.rolled += value
                tally.expected += expected
        for e in events:
            system.apply(state, e)
    return out


def luck_lines(battle: Any, side_names: dict[str, str]) -> list[str]:
    """The luck report as lines for the end-of-battle screen."""
    lines = []
    for side, luck in battle_luck(battle).items():
        name = side_names.get(side, side)
        if luck.score is None:
            lines.append(f"{name}: no orders with odds")
            continue
        word = "lucky" if luck.score > 0.55 else "unlucky" if luck.score < 0.45 else "about average"
        lines.append(f"{name}: luck {luck.score * 100:.0f}% over {luck.orders} orders with odds "
                     f"({word}; 50% is average)")
        for tally in luck.tallies.values():
            diff = tally.rolled - tally.expected
            lines.append(f"  {tally.unit}: {tally.rolled:g} rolled, {tally.expected:.1f} expected "
                         f"({diff:+.1f})")
    return lines
