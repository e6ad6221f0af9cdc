"""Computer players every system has. Each has its own generator, apart from the battle's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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


HUMAN = "human"


def home_side(sides: Sequence[str], players: Mapping[str, str]) -> str | None:
    """The side drawn as the player's own (upper case on the map, in every system): the one side a person
    commands; with two people at one keyboard, or none (a battle of computers), the first side."""
    humans = [s for s in sides if players.get(s, HUMAN) == HUMAN]
    if len(humans) == 1:
        return humans[0]
    return sides[0] if sides else None


def private_side(sides: Sequence[str], players: Mapping[str, str]) -> str | None:
    """The side whose hidden pieces a battle screen shows as themselves: the one side a person commands
    against the computer. None with two people at one keyboard, or none: the screen is shared, and shows
    only what every side may see."""
    humans = [s for s in sides if players.get(s, HUMAN) == HUMAN]
    return humans[0] if len(humans) == 1 else None


def computer_seed(game_seed: int, side_index: int) -> int:
    """Each computer player's own seed, fixed by the battle seed and its side's place."""
    return (game_seed * 2 + side_index) & MASK64


def computer_players_for(battle: Any) -> dict[str, Any]:
    """Build the computer player of every side the battle's setup gives to one (not ``human``)."""
    system = battle.system
    factories = system.computer_players()
    players = battle.setup.players
    return {side: factories[players[side]](computer_seed(battle.setup.seed, i))
            for i, side in enumerate(system.sides(battle.state))
            if players.get(side, HUMAN) != HUMAN}
