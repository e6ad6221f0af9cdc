"""The declared contract between the core and a rule system: one :class:`Rulebook` per system.

Each command type registers, side by side:

- ``check(state, command) -> str | None``: None when the order is legal now, else the reason a player reads;
- ``offers(state) -> Iterable[command]``: every order of that type legal now;
- ``resolve(ctx, command) -> None``: the order turned into events through the :class:`Resolution`;
- ``odds(state, command) -> OrderPreview`` (optional): its cost, modifiers and the odds of each outcome;
- ``outcome(before, command, events) -> str | None`` (optional): which of those odds' outcomes the order
  had, read from the events it caused (the luck report and the odds tests rest on it);
- ``describe(state, command) -> str`` (optional): the order in a player's words;
- ``parts(state, command) -> OrderParts`` (optional): how the order editor files it (piece, action, hex).

Each event type registers its ``fold(state, event) -> None``, the one place the state changes, and
(optionally) its ``describe(state, event) -> str``, its line in the dice log.

A :class:`~engine.core.system.RuleSystem` that sets ``rulebook`` then has its ``legal_commands``,
``validate``, ``resolve``, ``fold``, ``preview``, ``outcome_of``, ``describe``, ``describe_command`` and
``order_parts`` (and its ``command_types`` and ``event_types``)
derived from it once, here. A command type registered without a check or a resolution, an event type
without a fold, a type registered twice, or a declared type never registered fails at once, with a line
naming the system and the type (:class:`ContractError`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from .events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled
from .resolution import Resolution
from .view import OrderParts, OrderPreview
from .words import plural

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")


class ContractError(Exception):
    """A rule system's rulebook breaks the contract (found when the system is defined, not in play)."""


@attrs.frozen
class CommandRule(Generic[StateT, CommandT]):
    """Everything about one command type, side by side."""

    kind: type[CommandT]
    check: Callable[[StateT, CommandT], str | None]
    offers: Callable[[StateT], Iterable[CommandT]]
    resolve: Callable[[Resolution, CommandT], None]
    odds: Callable[[StateT, CommandT], OrderPreview] | None = None
    outcome: Callable[[StateT, CommandT, Sequence[Any]], str | None] | None = None
    describe: Callable[[StateT, CommandT], str] | None = None
    parts: Callable[[StateT, CommandT], OrderParts] | None = None


@attrs.frozen
class EventRule(Generic[StateT, EventT]):
    """How one event type folds into the state."""

    kind: type[EventT]
    fold: Callable[[StateT, EventT], None]
    describe: Callable[[StateT, EventT], str] | None = None


class Rulebook(Generic[StateT]):
    """A system's registry of command and event types; ``title`` names the system in refusals and errors.

    Commands are offered in the order their types were registered.
    """

    def __init__(self, title: str) -> None:
        self.title = title
        self._commands: dict[type[Any], CommandRule[StateT, Any]] = {}
        self._events: dict[type[Any], EventRule[StateT, Any]] = {}

    # -- registration -------------------------------------------------------------
    def command(self, kind: type[CommandT], *,
                check: Callable[[StateT, CommandT], str | None] | None,
                offers: Callable[[StateT], Iterable[CommandT]] | None,
                resolve: Callable[[Resolution, CommandT], None] | None,
                odds: Callable[[StateT, CommandT], OrderPreview] | None = None,
                outcome: Callable[[StateT, CommandT, Sequence[Any]], str | None] | None = None,
                describe: Callable[[StateT, CommandT], str] | None = None,
                parts: Callable[[StateT, CommandT], OrderParts] | None = None) -> None:
        """Register command type ``kind`` with its check, offers and resolution, and (optionally) its odds and
        outcome, its words and its order-editor parts."""
        name = self._name(kind, "command")
        if kind in self._commands:
            raise ContractError(f"{self.title}: command type {name} is registered twice")
        needed: tuple[tuple[str, object], ...] = (("check", check), ("offers", offers), ("resolve", resolve))
        for part, fn in needed:
            if not callable(fn):
                raise ContractError(f"{self.title}: command type {name} is registered without a {part} function")
        optional: tuple[tuple[str, object], ...] = (("odds", odds), ("outcome", outcome), ("describe", describe),
                                                    ("parts", parts))
        for part, fn in optional:
            if fn is not None and not callable(fn):
                raise ContractError(f"{self.title}: command type {name} has {part} that is not a function")
        if outcome is not None and odds is None:
            raise ContractError(f"{self.title}: command type {name} reads an outcome but shows no odds")
        assert check is not None and offers is not None and resolve is not None  # for the type checker
        self._commands[kind] = CommandRule(kind, check, offers, resolve, odds, outcome, describe, parts)

    def event(self, kind: type[EventT], fold: Callable[[StateT, EventT], None] | None,
              describe: Callable[[StateT, EventT], str] | None = None) -> None:
        """Register event type ``kind`` with its fold and (optionally) its line in the dice log."""
        name = self._name(kind, "event")
        if kind in self._events:
            raise ContractError(f"{self.title}: event type {name} is registered twice")
        if not callable(fold):
            raise ContractError(f"{self.title}: event type {name} is registered without a fold function")
        if describe is not None and not callable(describe):
            raise ContractError(f"{self.title}: event type {name} has describe that is not a function")
        self._events[kind] = EventRule(kind, fold, describe)

    def _name(self, kind: object, what: str) -> str:
        if not isinstance(kind, type):
            raise ContractError(f"{self.title}: a {what} type must be a class, not {kind!r}")
        return kind.__name__

    def require(self, command_types: Iterable[type[Any]] = (), event_types: Iterable[type[Any]] = ()) -> None:
        """Fail unless every one of ``command_types`` and ``event_types`` (a system's declared types, such as
        the lists its saves are read with) is registered."""
        for kind in command_types:
            if kind not in self._commands:
                raise ContractError(f"{self.title}: command type {kind.__name__} is declared but not registered "
                                    "(it needs a check, offers and resolve)")
        for kind in event_types:
            if kind not in self._events:
                raise ContractError(f"{self.title}: event type {kind.__name__} is declared but has no fold")

    def require_only(self, command_types: Iterable[type[Any]], event_types: Iterable[type[Any]]) -> None:
        """Fail if a type is registered that is not among ``command_types`` and ``event_types``."""
        commands, events = set(command_types), set(event_types)
        for kind in self._commands:
            if kind not in commands:
                raise ContractError(f"{self.title}: command type {kind.__name__} is registered but not declared")
        for kind in self._events:
            if kind not in events:
                raise ContractError(f"{self.title}: event type {kind.__name__} is registered but not declared")

    # -- what the system reads back -------------------------------------------------
    @property
    def command_types(self) -> tuple[type[Any], ...]:
        return tuple(self._commands)

    @property
    def event_types(self) -> tuple[type[Any], ...]:
        return tuple(self._events)

    def rule_for(self, command: object) -> CommandRule[StateT, Any] | None:
        """The registered rule of ``command``'s type, or None for a type this system does not know."""
        return self._commands.get(type(command))

    def legal_commands(self, state: StateT) -> list[Any]:
        """Every order legal now: each type's offers, in the order the types were registered."""
        out: list[Any] = []
        for rule in self._commands.values():
            out.extend(rule.offers(state))
        return out

    def validate(self, state: StateT, command: object) -> str | None:
        """None if ``command`` is legal now, else the reason; an order of an unknown type is refused."""
        rule = self.rule_for(command)
        if rule is None:
            return f"{type(command).__name__} is not a {self.title} order"
        return rule.check(state, command)

    def resolve(self, ctx: Resolution, command: object) -> None:
        """Resolve ``command`` (already validated) through its type's resolution."""
        rule = self.rule_for(command)
        if rule is None:
            raise ContractError(f"{self.title}: no resolution for {type(command).__name__}")
        rule.resolve(ctx, command)

    def fold(self, state: StateT, event: object) -> None:
        """Fold ``event`` into ``state`` through its type's fold."""
        rule = self._events.get(type(event))
        if rule is None:
            raise ContractError(f"{self.title}: no fold for event {type(event).__name__}")
        rule.fold(state, event)

    def odds(self, state: StateT, command: object) -> OrderPreview | None:
        """The preview ``command``'s type registered, or None where it registered no odds."""
        rule = self.rule_for(command)
        if rule is None or rule.odds is None:
            return None
        return rule.odds(state, command)

    def outcome(self, before: StateT, command: object, events: Sequence[Any]) -> str | None:
        """Which of the odds' outcomes ``command`` (given in ``before``) had; None where its type reads none."""
        rule = self.rule_for(command)
        if rule is None or rule.outcome is None:
            return None
        return rule.outcome(before, command, events)

    def describe_command(self, state: StateT, command: object) -> str | None:
        """``command`` in a player's words, where its type registered them."""
        rule = self.rule_for(command)
        return rule.describe(state, command) if rule is not None and rule.describe is not None else None

    def describe_event(self, state: StateT, event: object) -> str | None:
        """``event``'s line in the dice log, where its type registered one."""
        rule = self._events.get(type(event))
        return rule.describe(state, event) if rule is not None and rule.describe is not None else None

    def order_parts(self, state: StateT, command: object) -> OrderParts | None:
        """How the order editor files ``command``, where its type registered that."""
        rule = self.rule_for(command)
        return rule.parts(state, command) if rule is not None and rule.parts is not None else None


def core_event_line(event: object, card_name: Callable[[str, str], str]) -> str | None:
    """The dice log's line for one of the core's own events (a die rolled, a card drawn, a deck shuffled, cards
    discarded), naming a card drawn as ``card_name(deck, card)`` does; None for any other event."""
    if isinstance(event, CardDrawn):
        return f"{card_name(event.deck, event.card)} drawn: {event.purpose}" + (" [scripted]" if event.scripted else "")
    if isinstance(event, DeckShuffled):
        return f"{event.deck} deck shuffled: {event.purpose}"
    if isinstance(event, CardsDiscarded):
        return f"{event.deck}: {plural(len(event.cards), 'card')} discarded"
    if isinstance(event, DieRolled):
        return f"d{event.sides} rolled {event.result}: {event.purpose}"
    return None
