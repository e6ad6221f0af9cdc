"""The seeded generator: cross-version stability pins, ranges, uniformity, snapshots.

The literal numbers below are the cross-version stability pin. They were
computed once from ``engine.core.rng`` (and checked against the reference C
code of splitmix64 + xoshiro256**). Saves and replays depend on a seed giving
these exact numbers on every Python version and platform: if one of these tests
fails, old saves no longer replay. Never "fix" a failure here by updating the
numbers; fix the generator instead.
"""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.engine.core.rng import MAX_SEED, Generator

FIRST_FIVE = {
    0: [11091344671253066420, 13793997310169335082, 1900383378846508768,
        7684712102626143532, 13521403990117723737],
    1: [12966619160104079557, 9600361134598540522, 10590380919521690900,
        7218738570589545383, 12860671823995680371],
    2**64 - 1: [10328197420357168392, 14156678507024973869, 9357971779955476126,
                13791585006304312367, 10463432026814718762],
}

# Seed 42: twenty d6 faces as below(6) (0-based) and one shuffle of ten.
BELOW6_SEED42 = [0, 0, 5, 5, 4, 0, 4, 3, 4, 5, 1, 1, 4, 4, 1, 4, 3, 0, 3, 4]
PERMUTATION10_SEED42 = [7, 3, 8, 9, 5, 6, 4, 1, 0, 2]


# -- stability pins ---------------------------------------------------------------

@pytest.mark.parametrize("seed", sorted(FIRST_FIVE))
def test_first_five_outputs_are_pinned(seed):
    gen = Generator(seed)
    assert [gen.next_u64() for _ in range(5)] == FIRST_FIVE[seed]


def test_below6_sequence_is_pinned():
    gen = Generator(42)
    assert [gen.below(6) for _ in range(20)] == BELOW6_SEED42


def test_permutation_is_pinned():
    assert Generator(42).permutation(10) == PERMUTATION10_SEED42


def test_different_seeds_give_different_streams():
    streams = {tuple(Generator(s).next_u64() for _ in range(4)) for s in (0, 1, 2, 3, 2**63, MAX_SEED)}
    assert len(streams) == 6


# -- ranges and uniformity ------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 100, 2**32 + 1, 2**63 + 5, 2**64])
def test_below_stays_in_bounds(n):
    gen = Generator(n % 1000)
    for _ in range(500):
        x = gen.below(n)
        assert 0 <= x < n


def test_below_one_is_always_zero():
    gen = Generator(5)
    assert {gen.below(1) for _ in range(100)} == {0}


def test_d6_faces_roughly_uniform():
    """Over 60,000 draws each face of a d6 lands within 15% of the expected 10,000."""
    gen = Generator(20240601)
    counts = Counter(gen.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    for face, count in counts.items():
        assert abs(count - 10_000) <= 1_500, (face, count)


def test_permutation_is_a_permutation():
    gen = Generator(9)
    for n in (0, 1, 2, 10, 52):
        assert sorted(gen.permutation(n)) == list(range(n))


def test_permutations_vary():
    gen = Generator(11)
    orders = {tuple(gen.permutation(8)) for _ in range(50)}
    assert len(orders) > 40


# -- invalid input -----------------------------------------------------------------

@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**80, -(2**64)])
def test_seed_out_of_range_raises(seed):
    with pytest.raises(ValueError):
        Generator(seed)


@pytest.mark.parametrize("seed", [0, MAX_SEED])
def test_seed_range_ends_are_accepted(seed):
    gen = Generator(seed)
    first = [gen.next_u64() for _ in range(3)]
    assert all(0 <= x < 2**64 for x in first) and len(set(first)) == 3
    assert [Generator(seed).next_u64() for _ in range(1)] == first[:1]


@pytest.mark.parametrize("n", [0, -1, -6])
def test_below_needs_a_positive_bound(n):
    gen = Generator(1)
    before = gen.snapshot()
    with pytest.raises(ValueError):
        gen.below(n)
    assert gen.snapshot() == before  # a refused draw consumes nothing


# -- snapshot and restore -------------------------------------------------------------

def test_snapshot_restore_reproduces_the_continuation():
    gen = Generator(123)
    for _ in range(17):
        gen.next_u64()
    snap = gen.snapshot()
    first = [gen.next_u64() for _ in range(10)] + [gen.below(6) for _ in range(10)] + gen.permutation(12)
    gen.restore(snap)
    again = [gen.next_u64() for _ in range(10)] + [gen.below(6) for _ in range(10)] + gen.permutation(12)
    assert first == again


def test_snapshot_restores_into_another_generator():
    a = Generator(77)
    a.below(1000)
    b = Generator(0)
    b.restore(a.snapshot())
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]


def test_snapshot_is_a_value_not_a_view():
    gen = Generator(3)
    snap = gen.snapshot()
    gen.next_u64()
    assert gen.snapshot() != snap
    assert hash(snap) == hash(tuple(snap))  # a plain tuple of ints, usable in a state hash
    assert all(isinstance(x, int) and 0 <= x <= MAX_SEED for x in snap)
