"""Computer players every system has. Each has its own generator, apart from the battle's."""

from __future__ import annotations

from typing import Any

from .rng import MASK64, Generator


class RandomPlayer:
    """Picks uniformly among the orders that are legal now."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.gen = Generator((seed * 0x2545F4914F6CDD1D + 0x5851F42D) & MASK64)

    def choose(self, system: Any, state: Any) -> Any:
        legal = system.legal_commands(state)
        return legal[self.gen.below(len(legal))]
