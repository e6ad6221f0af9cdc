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
