"""Exact odds of Dustup's rolls, by enumerating every face of every die (no sampling).

Used by the order preview (odds before an order is given) and by the computer
player. Each function states the rule it prices.
"""

from __future__ import annotations


def p_beats(die: int, target: int) -> float:
    """An unopposed roll: P(one ``die`` scores more than ``target``)."""
    return max(0, min(die, die - target)) / die


def p_opposed(a: int, b: int) -> dict[str, float]:
    """An opposed roll of die ``a`` against die ``b``: P(a wins), P(a more than doubles b),
    P(a at most half of b), P(b more than doubles a), P(draw)."""
    win = double = half = lose_double = draw = 0
    for x in range(1, a + 1):
        for y in range(1, b + 1):
            win += x > y
            double += x > 2 * y
            half += 2 * x <= y
            lose_double += y > 2 * x
            draw += x == y
    n = a * b
    return {"win": win / n, "double": double / n, "half": half / n, "lose_double": lose_double / n,
            "draw": draw / n}


def p_wound(impact: int, armour: int) -> tuple[float, float]:
    """One hit: (P wound, P kill) for an impact die against an armour die (Resolve Impact)."""
    wound = kill = 0
    for i in range(1, impact + 1):
        for a in range(1, armour + 1):
            if i > 2 * a:
                kill += 1
            elif i > a:
                wound += 1
    n = impact * armour
    return wound / n, kill / n


def shot_outcomes(dice: list[int] | tuple[int, ...], target: int, extra_hits: bool = False,
                  multiplier: int = 1) -> tuple[float, float, dict[int, float]]:
    """Shoot Action: Resolving Direct Fire and Determine Casualties, every face counted.

    The firer's ``dice`` against one ``target`` die: (P no success, P a minor success, {k: P a major
    success with exactly k hits}). Hits are the dice's total (times ``multiplier``) divided by the
    target die type, rounded down; ``extra_hits`` (Optional Additional Hits) rolls the target die
    again for one more hit on the remainder (a roll of the remainder or less).
    """
    none = minor = 0.0
    major: dict[int, float] = {}
    for t_roll in range(1, target + 1):
        # (successes capped at 2, total of the dice) -> probability
        dist: dict[tuple[int, int], float] = {(0, 0): 1.0}
        for d in dice:
            nxt: dict[tuple[int, int], float] = {}
            for (s, tot), p in dist.items():
                q = p / d
                for face in range(1, d + 1):
                    key = (min(2, s + (face > t_roll)), tot + face)
                    nxt[key] = nxt.get(key, 0.0) + q
            dist = nxt
        for (s, tot), p in dist.items():
            p /= target
            if s == 0:
                none += p
            elif s == 1:
                minor += p
            else:
                hits, rem = divmod(tot * multiplier, target)
                more = rem / target if extra_hits else 0.0
                major[hits] = major.get(hits, 0.0) + p * (1 - more)
                if more:
                    major[hits + 1] = major.get(hits + 1, 0.0) + p * more
    return none, minor, {k: v for k, v in sorted(major.items()) if v > 0}
