"""Exact odds of Dustup's rolls, by enumerating every face of every die (no sampling).

Used by the order preview (odds before an order is given) and by the computer
player. Each function states the rule it prices.
"""

from __future__ import annotations

from functools import lru_cache


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


@lru_cache(maxsize=4096)
def volley(target_die: int, firer_dice: tuple[int, ...], extra_hit: bool = False,
           doubled_on_major: bool = False) -> tuple[float, float, float, float]:
    """Shoot Action (and close combat strikes): the firer's dice against one target die.

    Returns (P no success, P minor success, P major success, expected hits). Hits
    are the total of all the firer's dice divided by the target die type, on a
    major success (on any success when ``doubled_on_major``: close combat, where a
    major success doubles the total); ``extra_hit`` adds the remainder's chance of
    one more hit (optional in fire, always in close combat).
    """
    p_none = p_minor = p_major = hits = 0.0
    for t in range(1, target_die + 1):
        # distribution over (successes capped at 2, total) for this target roll
        dist: dict[tuple[int, int], float] = {(0, 0): 1.0}
        for d in firer_dice:
            nxt: dict[tuple[int, int], float] = {}
            for (s, total), p in dist.items():
                for face in range(1, d + 1):
                    key = (min(2, s + (face > t)), total + face)
                    nxt[key] = nxt.get(key, 0.0) + p / d
            dist = nxt
        for (s, total), p in dist.items():
            p /= target_die
            if s == 0:
                p_none += p
                continue
            if s == 1:
                p_minor += p
            else:
                p_major += p
            if doubled_on_major:
                score = total * (2 if s >= 2 else 1)
            elif s >= 2:
                score = total
            else:
                continue
            whole, rest = divmod(score, target_die)
            hits += p * (whole + (rest / target_die if extra_hit else 0))
    return p_none, p_minor, p_major, hits


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
