"""The one seeded generator, and the scripted source that can stand in for it.

The generator is xoshiro256** seeded through splitmix64, written out in integer
arithmetic so that a seed gives the same numbers on every Python version and
platform. Nothing here uses :mod:`random`.

Ranged draws use rejection sampling on whole 64-bit outputs, so they are
unbiased and their results are fixed by the algorithm alone.
"""

from __future__ import annotations

from collections.abc import Sequence

MASK64 = (1 << 64) - 1
MAX_SEED = MASK64


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


class Generator:
    """xoshiro256**: a small, fast, well-tested 64-bit generator.

    ``snapshot()`` / ``restore()`` give and take its whole state, so a battle
    can be rewound to any point without re-rolling anything.
    """

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be between 0 and {MAX_SEED}")
        s = []
        st = seed
        for _ in range(4):
            st, out = _splitmix64(st)
            s.append(out)
        self._s = s

    def next_u64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform whole number in ``0 .. n-1`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def permutation(self, n: int) -> list[int]:
        """A uniformly random order of ``0 .. n-1`` (Fisher-Yates, from the top)."""
        order = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def snapshot(self) -> tuple[int, int, int, int]:
        return tuple(self._s)  # type: ignore[return-value]

    def restore(self, snap: Sequence[int]) -> None:
        self._s = list(snap)
