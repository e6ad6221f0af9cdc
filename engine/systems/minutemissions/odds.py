"""The dice of 30 Minute Missions, each roll written once.

Every roll is a d8 judged by a small pure function of its face (:func:`hits`, :func:`is_perfect`,
:func:`reaches`, :func:`is_critical`, :func:`ap_pool`). The resolution (:mod:`.attacks`, :mod:`.orders`,
:mod:`.actions`) judges the face it rolled with that very function; the odds below hand the same function
to the core enumerator (:func:`~engine.core.odds.dice_odds`, every face of the die) and chain the rolls as
the resolution rolls them (:func:`~engine.core.odds.then`). So a preview, the computer player's estimate
and the resolution cannot disagree.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import attrs

from hexfront.engine.core.odds import dice_odds, then

D8 = 8
#: a natural 8 (Terminology: Perfect Roll; Critical Roll)
TOP_FACE = 8

# the outcomes of one attack, in the order the rolls can end it
MISS, EVADED, COUNTERED, HIT, CRITICAL = "miss", "evaded", "countered", "hit", "critical"
_LANDS, _PERFECT = "lands", "perfect"


def is_perfect(face: int) -> bool:
    """Terminology, Perfect Roll: a natural 8 on an attack roll always lands and cannot be evaded."""
    return face == TOP_FACE


def hits(face: int, need: int, bonus: int = 0) -> bool:
    """An accuracy or assault roll: the face plus ``bonus`` (kneeling +1, prone +3) reaches the target
    number ``need``, or the roll is perfect (Ranged / Close Combat Phase; Modified Stats & Rolls)."""
    return is_perfect(face) or face + bonus >= need


def reaches(face: int, need: int) -> bool:
    """An evasion, counter or break-grapple roll: the face reaches the stat's target number."""
    return face >= need


def is_critical(face: int) -> bool:
    """Terminology, Critical Roll: an 8 after a hit is a critical hit."""
    return face == TOP_FACE


def ap_pool(base: int, face: int) -> int:
    """Movement Phase: the AP pool is the core type's base AP plus a d8."""
    return base + face


def roll_odds(need: int) -> dict[bool, Fraction]:
    """A d8 against a target number (evasion, counter, break grapple): success or not, exactly."""
    return dice_odds((D8,), lambda faces: reaches(faces[0], need))


def hit_chance(need: int, bonus: int = 0) -> Fraction:
    """The chance an accuracy or assault roll hits (perfect rolls included), exactly."""
    return dice_odds((D8,), lambda faces: hits(faces[0], need, bonus)).get(True, Fraction(0))


def ap_odds(base: int) -> dict[int, Fraction]:
    """The AP pool rolled when a unit is activated, exactly."""
    return dice_odds((D8,), lambda faces: ap_pool(base, faces[0]))


def _attack_roll(face: int, need: int, bonus: int) -> str:
    if not hits(face, need, bonus):
        return MISS
    return _PERFECT if is_perfect(face) else _LANDS


def _critical_roll() -> dict[str, Fraction]:
    return dice_odds((D8,), lambda faces: CRITICAL if is_critical(faces[0]) else HIT)


@cache
def attack_chances(need: int, bonus: int, evade: int | None, counter: int | None) -> dict[str, Fraction]:
    """Each outcome of an attack (MISS, EVADED, COUNTERED, HIT, CRITICAL) with its exact chance, the rolls
    chained as :func:`.attacks.attack` rolls them: the attack roll; unless it missed or was perfect, the
    target's evasion roll (``evade`` None: it cannot evade); after an evasion, its counter roll
    (``counter`` None: it cannot strike back); after a hit, the critical roll."""

    def after_attack(roll: str) -> dict[str, Fraction]:
        if roll == MISS:
            return {MISS: Fraction(1)}
        if roll == _PERFECT or evade is None:
            return _critical_roll()
        return then(roll_odds(evade), after_evasion)

    def after_evasion(evaded: bool) -> dict[str, Fraction]:
        if not evaded:
            return _critical_roll()
        if counter is None:
            return {EVADED: Fraction(1)}
        return {COUNTERED if ok else EVADED: p for ok, p in roll_odds(counter).items()}

    return then(dice_odds((D8,), lambda faces: _attack_roll(faces[0], need, bonus)), after_attack)


@attrs.frozen
class AttackOdds:
    """An attack's chances, exactly: ``evaded`` counts every evasion, ``countered`` those of them the
    target's counter roll followed up."""

    miss: Fraction
    evaded: Fraction
    countered: Fraction
    hit: Fraction
    critical: Fraction


def attack_odds(need: int, bonus: int, evade: int | None, counter: int | None) -> AttackOdds:
    """:func:`attack_chances` read as one record (for the computer player's estimates)."""
    odds = attack_chances(need, bonus, evade, counter)
    zero = Fraction(0)
    return AttackOdds(odds.get(MISS, zero), odds.get(EVADED, zero) + odds.get(COUNTERED, zero),
                      odds.get(COUNTERED, zero), odds.get(HIT, zero), odds.get(CRITICAL, zero))
