"""Marsh Raid's default computer player: the strike most likely to wound (by the rules' own odds), else the
step that closes on the nearest enemy, else hold."""

from __future__ import annotations

from typing import Any

from .orders import Hold, Move, Strike
from .rules import WOUNDS, strike_odds
from .state import RaidState


class Raider:
    name = "default"

    def __init__(self, seed: int) -> None:
        self.seed = seed  # it leaves nothing to chance

    def choose(self, system: Any, state: RaidState) -> Any:
        legal = system.legal_commands(state)
        strikes = [c for c in legal if isinstance(c, Strike)]
        if strikes:
            return max(strikes, key=lambda c: sum(p * WOUNDS[o] for o, p in strike_odds(state, c).items()))
        enemies = [f.at for f in state.standing(state.enemy_of(state.active))]

        def closeness(move: Move) -> int:
            return min(move.to.distance(at) for at in enemies) - min(
                state.fighters[move.piece].at.distance(at) for at in enemies)

        moves = [c for c in legal if isinstance(c, Move)]
        if moves and min(map(closeness, moves)) < 0:
            return min(moves, key=closeness)
        return next(c for c in legal if isinstance(c, Hold))
