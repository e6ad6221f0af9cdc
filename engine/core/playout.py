"""A battle played to its end by computer players: the loop behind ``hexfront selfplay`` and ``watch``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .battle import Battle, IllegalOrder
from .errors import HexfrontError
from .system import ComputerPlayer

#: A computer-vs-computer battle that has not ended after this many commands is stopped.
MAX_GAME_COMMANDS = 100_000

#: Called after each command: (its number, the side that gave it, the command, its events, its text).
OnCommand = Callable[[int, str, Any, list[Any], str], None]


def play_out(battle: Battle, players: Mapping[str, ComputerPlayer], on_command: OnCommand | None = None,
             limit: int | None = None) -> None:
    """Let the computer players give every order until the battle ends.

    ``on_command(number, side, command, events, command_text)`` is called after each command; the command
    text is described before the command changes the state. A battle still going after ``limit`` commands
    (MAX_GAME_COMMANDS by default), a side with no computer player, or an illegal order from one, stops
    with a :class:`HexfrontError` saying which.
    """
    system = battle.system
    limit = MAX_GAME_COMMANDS if limit is None else limit
    while battle.outcome() is None:
        if len(battle.log) >= limit:
            raise HexfrontError(
                f"the battle with seed {battle.setup.seed} has not ended after {limit} commands; "
                f"stopped (the rules or a computer player may be stuck)"
            )
        side = battle.side_to_act()
        if side is None or side not in players:
            raise HexfrontError(f"no computer player for side '{side}' to give the next order")
        command = players[side].choose(system, battle.state)
        text = system.describe_command(command, battle.state)
        try:
            events = battle.submit(command)
        except IllegalOrder as exc:
            raise HexfrontError(
                f"the {battle.setup.players.get(side)} player for {side} gave an illegal order "
                f"({text}): {exc.message}"
            ) from None
        if on_command is not None:
            on_command(len(battle.log), side, command, events, text)
