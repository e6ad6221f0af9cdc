"""Checking the odds an order's preview shows against the engine itself.

``engine_frequencies`` resolves one command many times from the same state,
each time with a fresh seeded generator (no script), and counts which outcome
the system's ``outcome_of`` reports. ``assert_odds_match`` then checks every
shown probability against its frequency, within sampling error: 4.5 standard
errors of a proportion, and at least one in a thousand. The seeds are fixed, so
a test that passes once passes every time.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import permutations, product
from math import prod
from typing import Any

from hexfront.engine.core.resolution import Randomizer, Resolution

RUNS = 20_000


def engine_frequencies(system: Any, state: Any, command: Any, runs: int = RUNS, seed: int = 1,
                       prepare: Callable[[Any, int], None] | None = None) -> Counter:
    """How often each outcome came up in ``runs`` seeded resolutions of ``command`` from ``state``.

    ``prepare(work, seed)`` may change each run's copy of the state first: a game whose chance is the
    order of its decks (the order is part of the state) shuffles them there.
    """
    assert system.validate(state, command) is None, system.validate(state, command)
    counts: Counter = Counter()
    for i in range(runs):
        work = system.copy_state(state)
        if prepare is not None:
            prepare(work, seed + i)
        ctx = Resolution(system, work, Randomizer(seed + i))
        system.resolve(ctx, command)
        counts[system.outcome_of(state, command, ctx.events)] += 1
    return counts


def assert_odds_match(preview: Any, counts: Counter, runs: int = RUNS) -> None:
    """Every outcome the engine produced is one the preview shows, at the shown rate within sampling error."""
    shown = {c.outcome: c.probability for c in preview.odds}
    assert shown, f"the preview shows no odds: {preview}"
    assert abs(sum(shown.values()) - 1.0) < 1e-6, f"the shown odds add up to {sum(shown.values())}"
    unknown = set(counts) - set(shown)
    assert not unknown, f"the engine gave outcomes the preview does not show: {unknown} (shown: {list(shown)})"
    for outcome, p in shown.items():
        freq = counts.get(outcome, 0) / runs
        tolerance = max(4.5 * math.sqrt(p * (1 - p) / runs), 0.001)
        assert abs(freq - p) <= tolerance, (
            f"{outcome!r}: shown {p:.4f}, engine {freq:.4f} over {runs} runs (allowed {tolerance:.4f})")


def check_exact_odds(system: Any, state: Any, command: Any, runs: int = RUNS,
                     prepare: Callable[[Any, int], None] | None = None) -> tuple[Any, Counter]:
    """The whole check of one situation: the preview is exact, every chance has a value and the preview a
    unit, and the engine's frequencies over ``runs`` seeded resolutions match the shown odds.

    Returns the preview and the counts for the test's own further checks.
    """
    preview = system.preview(state, command)
    assert not preview.estimate, preview.note
    assert preview.value_unit and all(c.value is not None for c in preview.odds), preview
    counts = engine_frequencies(system, state, command, runs, prepare=prepare)
    assert_odds_match(preview, counts, runs)
    return preview, counts


def engine_exact_odds(system: Any, state: Any, command: Any, depths: dict[str, int]) -> dict[Any, Fraction]:
    """Each outcome's exact chance in the engine itself, for a game whose chance is the order of its decks:
    ``command`` is resolved once for every ordered run of the top ``depths[deck]`` cards of each deck named
    (every run of cards a uniform shuffle can put on top, each equally likely), and ``outcome_of`` counted.

    Exact when ``depths`` covers every card the order turns from those decks before its outcome is settled.
    """
    assert system.validate(state, command) is None, system.validate(state, command)
    decks = list(depths)
    runs = [list(permutations(state.decks[d].draw_pile, depths[d])) for d in decks]
    total = prod(len(r) for r in runs)
    counts: Counter = Counter()
    for tops in product(*runs):
        work = system.copy_state(state)
        for deck_id, top in zip(decks, tops, strict=True):
            rest = [c for c in work.decks[deck_id].draw_pile if c not in top]
            work.decks[deck_id].draw_pile = rest + list(reversed(top))  # the engine draws from the end
        ctx = Resolution(system, work, Randomizer(1))
        system.resolve(ctx, command)
        counts[system.outcome_of(state, command, ctx.events)] += 1
    return {outcome: Fraction(n, total) for outcome, n in counts.items()}


def check_odds_exactly(system: Any, state: Any, command: Any, depths: dict[str, int],
                       tolerance: float = 0.0) -> Any:
    """The preview is exact, every chance has a value and the preview a unit, and every shown probability is
    the engine's exact chance (:func:`engine_exact_odds`) as a float, within ``tolerance`` (0: the same
    float, for odds worked in fractions). Returns the preview."""
    preview = system.preview(state, command)
    assert not preview.estimate, preview.note
    assert preview.value_unit and all(c.value is not None for c in preview.odds), preview
    exact = engine_exact_odds(system, state, command, depths)
    shown = {c.outcome: c.probability for c in preview.odds if c.probability > 0 or c.outcome in exact}
    assert set(exact) <= set(shown), f"the engine gave outcomes the preview does not show: {set(exact) - set(shown)}"
    for outcome, p in shown.items():
        want = float(exact.get(outcome, 0))
        assert abs(p - want) <= tolerance, f"{outcome!r}: shown {p!r}, the engine's exact chance {want!r}"
    return preview
