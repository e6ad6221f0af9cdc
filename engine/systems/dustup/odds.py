"""Exact odds of Dustup's rolls: each rule's own pure function (dice.py, or the action module's) put to
every face of every die by the core enumerator (engine.core.odds), so the odds shown are the resolution's.

Used by the order previews (previews.py) and the computer player (ai.py). Where many dice are rolled
together (a squad's shot: up to a dozen dice against the target die) listing every combination of faces
is too slow for a preview; :func:`shot_outcomes` then composes the same per-die rules one die at a time
(the count of successes and the running total are all that a later die needs), which is exact too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from hexfront.engine.core.odds import dice_odds, faces

from .dice import (
    HALF_TEXT,
    beats,
    courage_under_half,
    extra_hit,
    hits_and_remainder,
    impact_result,
    opposed_shift,
    value_die,
)

OutcomeT = TypeVar("OutcomeT", bound=Hashable)

__all__ = ["beats_odds", "dice_odds", "one_die", "p_beats", "p_opposed", "p_successes", "p_value_beats", "p_wound",
           "shot_outcomes"]


def one_die(sides: int, rule: Callable[[int], OutcomeT]) -> dict[OutcomeT, Fraction]:
    """Each outcome of ``rule`` over every face of one die."""
    return dice_odds((sides,), lambda r: rule(r[0]))


def beats_odds(die: int, target: int) -> dict[bool, Fraction]:
    """An unopposed test (dice.beats): {passed: chance}."""
    return one_die(die, lambda r: beats(r, target))


def p_beats(die: int, target: int) -> float:
    """An unopposed roll: P(one ``die`` scores more than ``target``) (dice.beats)."""
    return float(beats_odds(die, target).get(True, 0))


def p_opposed(a: int, b: int, half: str = HALF_TEXT) -> dict[str, float]:
    """An opposed roll of die ``a`` against die ``b`` (dice.opposed_shift, either way round): P(a wins),
    P(a more than doubles b), P(a under half of b, as the courage test reads "half": dice.courage_under_half
    with the reading ``half``), P(b more than doubles a), P(draw)."""
    o = dice_odds((a, b), lambda r: (opposed_shift(r[0], r[1]), opposed_shift(r[1], r[0]),
                                     courage_under_half(r[0], r[1], half), r[0] == r[1]))
    def total(pred: Callable[[tuple[int, int, bool, bool]], bool]) -> float:
        return float(sum((p for k, p in o.items() if pred(k)), Fraction(0)))

    return {"win": total(lambda k: k[0] >= 1), "double": total(lambda k: k[0] == 2), "half": total(lambda k: k[2]),
            "lose_double": total(lambda k: k[1] == 2), "draw": total(lambda k: k[3])}


def p_wound(impact: int, armour: int) -> tuple[float, float]:
    """One hit: (P wound, P kill) for an impact die against an armour die (dice.impact_result)."""
    o = dice_odds((impact, armour), lambda r: impact_result(r[0], r[1]))
    return float(o.get("wound", 0)), float(o.get("kill", 0))


def p_value_beats(impact: int, armour: int) -> tuple[float, float]:
    """An impact value against an armour value, both dice or D12 x class (Firing at Vehicles): (P the impact
    beats the armour, P it scores more than double), every face of both dice counted (dice.impact_result)."""
    (di, mi), (da, ma) = value_die(impact), value_die(armour)
    o = dice_odds((di, da), lambda r: impact_result(r[0] * mi, r[1] * ma))
    double = o.get("kill", Fraction(0))
    return float(o.get("wound", 0) + double), float(double)


def _success_counts(dice: Sequence[int], t_roll: int) -> dict[tuple[int, int], int]:
    """For one face of the target die: the ways the firer's ``dice`` give each (successes, capped at 2; total
    of the dice), each die's success being dice.beats against the target's roll."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for d in dice:
        nxt: dict[tuple[int, int], int] = {}
        for (s, tot), n in ways.items():
            for face in faces(d):
                key = (min(2, s + beats(face, t_roll)), tot + face)
                nxt[key] = nxt.get(key, 0) + n
        ways = nxt
    return ways


def p_successes(dice: Sequence[int], target: int) -> tuple[float, float, float]:
    """Dice rolled against one target die: P(none beats it), P(exactly one: a minor success), P(two or more:
    a major success)."""
    none, minor, major = shot_outcomes(dice, target)
    return none, minor, sum(major.values())


def shot_outcomes(dice: Sequence[int], target: int, extra_hits: bool = False,
                  multiplier: int = 1) -> tuple[float, float, dict[int, float]]:
    """:func:`counted_shot_outcomes`, kept per set of dice: the previews and the computer's pricing ask the
    same few sets again and again (a copy of the hits' table, so a caller may keep or change it)."""
    none, minor, major = counted_shot_outcomes(tuple(dice), target, extra_hits, multiplier)
    return none, minor, dict(major)


@lru_cache(maxsize=8192)
def counted_shot_outcomes(dice: tuple[int, ...], target: int, extra_hits: bool = False,
                          multiplier: int = 1) -> tuple[float, float, dict[int, float]]:
    """Shoot Action: Resolving Direct Fire and Determine Casualties, every face of every die counted.

    The firer's ``dice`` against one ``target`` die: (P no success, P a minor success, {k: P a major success
    with exactly k hits}). The hits are dice.hits_and_remainder of the dice's total (times ``multiplier``);
    ``extra_hits`` (Optional Additional Hits) rolls the target die again for one more hit on the remainder
    (a roll of the remainder or less), as fire.py rolls it.
    """
    count_none = count_minor = 0
    major: dict[int, int] = {}
    sides = len(faces(target))
    for t_roll in faces(target):
        for (s, tot), n in _success_counts(dice, t_roll).items():
            if s == 0:
                count_none += n * sides
            elif s == 1:
                count_minor += n * sides
            else:
                hits, rem = hits_and_remainder(tot * multiplier, target)
                for extra in faces(target):  # the additional-hit die, counted always (rolled only when it matters)
                    k = hits + 1 if extra_hits and rem and extra_hit(extra, rem) else hits
                    major[k] = major.get(k, 0) + n
    total = sides * sides
    for d in dice:
        total *= len(faces(d))
    return (float(Fraction(count_none, total)), float(Fraction(count_minor, total)),
            {k: float(Fraction(v, total)) for k, v in sorted(major.items()) if v})
