"""What the ``hexfront`` command line prints, and how: every line made safe for a terminal
(:func:`hexfront.engine.core.errors.shown`), and a battle's log told order by order (replay and watch)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import shown
from hexfront.engine.core.system import RuleSystem

#: The longest line the text commands print (a hostile file's name could be millions of characters).
MAX_PRINTED_CHARS = 2000


def say(line: str = "") -> None:
    """Print one line of output made safe for a terminal: control characters (escape sequences that would
    retitle a window or clear the screen, carriage returns) and lone surrogates written as visible escapes,
    and cut at MAX_PRINTED_CHARS, so a name of millions of characters in a file does not flood the screen."""
    print(shown(line, MAX_PRINTED_CHARS))


def print_events(system: RuleSystem, events: list[Any], state: Any, indent: str = "") -> None:
    """Each event in the system's words, one line each."""
    for event in events:
        say(f"{indent}{system.describe(event, state)}")


def print_command(system: RuleSystem, number: int, side: str | None, text: str,
                   events: list[Any], state: Any) -> None:
    say(f"#{number} {side}: {text}")
    print_events(system, events, state, "    ")


def print_heading(battle: Battle) -> None:
    s = battle.setup
    who = ", ".join(f"{side}: {name}" for side, name in s.players.items()) or "players not recorded"
    say(f"{battle.system.title}, scenario {s.scenario}, seed {s.seed} ({who})")


def outcome_line(battle: Battle) -> str | None:
    outcome = battle.outcome()
    if outcome is None:
        return None
    result = f"winner {outcome.winner}" if outcome.winner is not None else "draw"
    return f"outcome: {result} in turn {battle.system.turn(battle.state)}: {outcome.reason}"


def replayed_steps(battle: Battle) -> Iterator[tuple[int, str | None, str, list[Any], Any]]:
    """Walk a loaded battle's log afresh: (number, side to act, command text, events, state after)."""
    walker = Battle(battle.system, battle.setup)
    for number, command in enumerate(battle.log, start=1):
        side = walker.side_to_act()
        text = battle.system.describe_command(command, walker.state)
        events = walker.submit(command)
        yield number, side, text, events, walker.state
