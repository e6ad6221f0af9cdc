"""Checking the odds an order's preview shows against the engine itself, exactly, for a game of dice.

``engine_dice_odds`` resolves one command once for every combination of faces of the first dice it rolls
(scripted, :class:`~engine.core.resolution.Script`), and counts which outcome the system's ``outcome_of``
reports: each outcome's exact chance in the engine, as a :class:`~fractions.Fraction`. Exact when the dice
listed are every die the order rolls before its outcome is settled (a die after them comes from the seeded
generator and must not change the outcome); the test checks that every scripted die was rolled, as the die it
was scripted for. ``check_dice_odds_exactly`` then asks each shown probability to be that chance, to the bit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import product
from math import prod
from typing import Any

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.odds import faces
from hexfront.engine.core.resolution import Randomizer, Resolution, Script


def engine_dice_odds(system: Any, state: Any, command: Any, dice: Sequence[int]) -> dict[Any, Fraction]:
    """Each outcome's exact chance in the engine: ``command`` resolved from ``state`` once for every
    combination of faces of ``dice`` (their sides, in the order the order rolls them)."""
    assert system.validate(state, command) is None, system.validate(state, command)
    total = prod(len(faces(s)) for s in dice)
    counts: Counter = Counter()
    for roll in product(*(faces(s) for s in dice)):
        work = system.copy_state(state)
        ctx = Resolution(system, work, Randomizer(1, Script(tuple(roll))))
        system.resolve(ctx, command)
        rolled = [e for e in ctx.events if isinstance(e, DieRolled)][:len(dice)]
        assert [(e.sides, e.result, e.scripted) for e in rolled] == [(s, r, True) for s, r in zip(dice, roll,
                                                                                                 strict=True)], \
            f"the order did not roll the dice listed first: {[(e.sides, e.purpose) for e in rolled]}"
        counts[system.outcome_of(state, command, ctx.events)] += 1
    return {outcome: Fraction(n, total) for outcome, n in counts.items()}


def check_dice_odds_exactly(system: Any, state: Any, command: Any, dice: Sequence[int]) -> Any:
    """The preview is exact, every chance has a value and the preview a unit, and every shown probability is the
    engine's exact chance (:func:`engine_dice_odds`) as the same float. Returns the preview."""
    preview = system.preview(state, command)
    assert not preview.estimate, preview.note
    assert preview.value_unit and all(c.value is not None for c in preview.odds), preview
    exact = engine_dice_odds(system, state, command, dice)
    shown = {c.outcome: c.probability for c in preview.odds}
    assert set(shown) == set(exact), f"shown {sorted(shown)}, the engine gave {sorted(exact)}"
    for outcome, p in shown.items():
        assert p == float(exact[outcome]), f"{outcome!r}: shown {p!r}, the engine's exact chance {exact[outcome]}"
    return preview
