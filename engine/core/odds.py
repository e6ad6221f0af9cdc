"""Exact odds by enumeration: every rule written once.

A rule's dice-or-cards-to-outcome mapping is one small pure function (``rule``). The resolution calls it
with the dice rolled or the cards turned; the preview hands the same function to one of these
enumerators, which call it on every face of every die, or every set of cards that can be turned from
what is left of a deck, and return each outcome's probability as an exact :class:`~fractions.Fraction`.
So the odds shown cannot drift from the rules.

Where the space is too large to enumerate (``limit``), :class:`TooManyCases` is raised: the caller then
declares its figures an estimate (``OrderPreview.estimate``) rather than guessing silently.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import combinations, permutations, product
from math import comb, perm, prod
from typing import TypeVar

OutcomeT = TypeVar("OutcomeT", bound=Hashable)
CardT = TypeVar("CardT")
FirstT = TypeVar("FirstT", bound=Hashable)

#: enumerate no more cases than this by default (a preview must stay well under 50 ms)
DEFAULT_LIMIT = 200_000


class TooManyCases(ValueError):
    """The space of dice faces or card draws is larger than the limit set for an exact enumeration."""


def faces(sides: int) -> range:
    """Every result of one die as :meth:`Resolution.roll` gives it: 1..sides, and 0..99 for a d100."""
    return range(0, 100) if sides == 100 else range(1, sides + 1)


def _tally(counts: Mapping[OutcomeT, int], total: int) -> dict[OutcomeT, Fraction]:
    return {outcome: Fraction(n, total) for outcome, n in counts.items() if n}


def dice_odds(dice: Sequence[int], rule: Callable[[tuple[int, ...]], OutcomeT],
              limit: int = DEFAULT_LIMIT) -> dict[OutcomeT, Fraction]:
    """Each outcome of ``rule`` over every face of the dice ``dice`` (their sides, in rolling order), with
    its exact probability. ``rule`` receives the faces as the resolution rolls them, in order."""
    total = prod(len(faces(s)) for s in dice)
    if total > limit:
        raise TooManyCases(f"{total} ways to roll {len(dice)} dice, more than the limit of {limit}")
    counts: dict[OutcomeT, int] = {}
    for roll in product(*(faces(s) for s in dice)):
        outcome = rule(roll)
        counts[outcome] = counts.get(outcome, 0) + 1
    return _tally(counts, total)


def draw_odds(pile: Sequence[CardT], n: int, rule: Callable[[tuple[CardT, ...]], OutcomeT],
              ordered: bool = False, limit: int = DEFAULT_LIMIT) -> dict[OutcomeT, Fraction]:
    """Each outcome of ``rule`` over every way of turning ``n`` cards from ``pile`` (the cards left in a
    deck, in any order; each card distinct) without putting any back, with its exact probability.

    ``ordered=False`` hands ``rule`` each set of cards once (in pile order): right when the rule does not
    care which came first (a best card kept); ``ordered=True`` hands it every order of draw.
    """
    size = len(pile)
    if not 0 <= n <= size:
        raise ValueError(f"cannot turn {n} cards from a pile of {size}")
    total = perm(size, n) if ordered else comb(size, n)
    if total > limit:
        raise TooManyCases(f"{total} ways to turn {n} of {size} cards, more than the limit of {limit}")
    counts: dict[OutcomeT, int] = {}
    draws: Iterable[tuple[CardT, ...]] = permutations(pile, n) if ordered else combinations(pile, n)
    for cards in draws:
        outcome = rule(cards)
        counts[outcome] = counts.get(outcome, 0) + 1
    return _tally(counts, total)


def best_of_odds(pile: Sequence[CardT], n: int, key: Callable[[CardT], int],
                 rule: Callable[[CardT], OutcomeT]) -> dict[OutcomeT, Fraction]:
    """Each outcome of ``rule`` applied to the best card (highest ``key``, all keys distinct) of ``n`` turned
    from ``pile``, exactly, without listing every set: the i-th weakest card (from 0) is the best of the n
    exactly when it is turned with n-1 of the i weaker ones, C(i, n-1) of the C(N, n) sets. The same as
    ``draw_odds(pile, n, lambda cards: rule(max(cards, key=key)))``, for piles too large to list.
    A pile with fewer than ``n`` cards turns them all.
    """
    ranked = sorted(pile, key=key)
    size = len(ranked)
    if size == 0 or n < 1:
        raise ValueError("the best of no cards")
    n = min(n, size)
    counts: dict[OutcomeT, int] = {}
    for i in range(n - 1, size):
        outcome = rule(ranked[i])
        counts[outcome] = counts.get(outcome, 0) + comb(i, n - 1)
    return _tally(counts, comb(size, n))


def then(first: Mapping[FirstT, Fraction],
         step: Callable[[FirstT], Mapping[OutcomeT, Fraction]]) -> dict[OutcomeT, Fraction]:
    """Chain two chances: for each outcome of ``first``, the odds ``step`` gives after it, weighted by it."""
    out: dict[OutcomeT, Fraction] = {}
    for a, pa in first.items():
        for b, pb in step(a).items():
            out[b] = out.get(b, Fraction(0)) + pa * pb
    return out
