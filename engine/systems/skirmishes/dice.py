"""The dice of Skirmishes, each rule one pure function of the faces rolled (Attacks and Damage, Shooting, Cover
and Movement).

The resolution (:mod:`.combat`) rolls the dice and hands their faces to these functions; the previews and the
computer player hand the very same functions to the core enumerator (:func:`engine.core.odds.dice_odds`), which
puts every face of every die to them. So the odds shown are the odds rolled, exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache
from typing import TypeVar

import attrs

from hexfront.engine.core.odds import dice_odds

from .schema import LOCATIONS

OutcomeT = TypeVar("OutcomeT", bound=Hashable)

HIT_ON = 8  # Attacks and Damage: "If the result is 8 or higher, the attack hits"
MODES = ("normal", "advantage", "disadvantage")


def dice_of(mode: str) -> tuple[int, ...]:
    """The dice a skill roll throws: 2d6, or 3d6 with advantage or disadvantage (Shooting)."""
    return (6, 6) if mode == "normal" else (6, 6, 6)


def keep(mode: str, faces: tuple[int, ...]) -> tuple[int, int]:
    """The two dice kept of ``faces``, the higher first: both of 2d6; of 3d6 the two highest with advantage, the
    two lowest with disadvantage (Shooting; Cover and Movement)."""
    ordered = sorted(faces, reverse=(mode != "disadvantage"))
    high, low = sorted(ordered[:2], reverse=True)
    return high, low


def passes(kept: tuple[int, int], skill: int) -> bool:
    """Attacks and Damage: the two dice kept plus the skill reach 8."""
    return sum(kept) + skill >= HIT_ON


def location_of(low: int) -> str:
    """Attacks and Damage: the lower die gives the location: 1-2 leg, 3 arm, 4-5 torso, 6 head."""
    return LOCATIONS[0] if low <= 2 else LOCATIONS[1] if low == 3 else LOCATIONS[2] if low <= 5 else LOCATIONS[3]


@attrs.frozen
class Wound:
    """Where a hit lands and how much damage it does before armour and luck."""

    location: str
    damage: int


def wound(kept: tuple[int, int], bonus: int = 0) -> Wound:
    """Attacks and Damage: the lower die is the location, the higher die (plus ``bonus``: automatic fire's +2, a
    grenade's own) the damage."""
    high, low = kept
    return Wound(location_of(low), high + bonus)


def attack(kept: tuple[int, int], skill: int, bonus: int = 0) -> Wound | None:
    """An attack roll's result: None for a miss, else the wound it deals (Attacks and Damage)."""
    return wound(kept, bonus) if passes(kept, skill) else None


def roll_odds(mode: str, rule: Callable[[tuple[int, int]], OutcomeT]) -> dict[OutcomeT, Fraction]:
    """Each outcome of ``rule`` applied to the two dice kept, over every face of the dice thrown in ``mode``,
    exactly."""
    return dice_odds(dice_of(mode), lambda faces: rule(keep(mode, faces)))


@cache
def kept_odds(mode: str) -> dict[tuple[int, int], Fraction]:
    """The chance of each pair of dice kept (higher first) in ``mode``."""
    return roll_odds(mode, lambda kept: kept)


@cache
def success_chance(mode: str, skill: int) -> Fraction:
    """The chance that a skill roll in ``mode`` with ``skill`` succeeds (reaches 8)."""
    return roll_odds(mode, lambda kept: passes(kept, skill)).get(True, Fraction(0))
