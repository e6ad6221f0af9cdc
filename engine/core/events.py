"""The core's own events: dice rolled, cards drawn, decks shuffled and discarded.

Every random result in a battle is one of these, carrying its purpose (what it
is for, in the game's words) and the rule that asked for it. Rule systems add
their own events beside these. How any event cites its rule (:func:`rule_cited`)
and says why it happened (:func:`event_citation`) is written down here once.
"""

from __future__ import annotations

import attrs


@attrs.frozen(kw_only=True)
class DieRolled:
    """One die. ``sides`` 100 means a percentile die read 00-99 (00 is zero)."""

    sides: int
    result: int
    purpose: str
    rule: str = ""
    who: str = ""
    scripted: bool = False
    #: every modifier and die shift that went into this die, by name ("D8 shifted up: partial concealment")
    modifiers: tuple[str, ...] = ()

    @property
    def is_random(self) -> bool:
        return True


@attrs.frozen(kw_only=True)
class CardDrawn:
    deck: str
    card: str
    purpose: str
    rule: str = ""
    who: str = ""
    scripted: bool = False
    modifiers: tuple[str, ...] = ()

    @property
    def is_random(self) -> bool:
        return True


@attrs.frozen(kw_only=True)
class DeckShuffled:
    """The deck's draw pile becomes ``order`` (bottom first, top last)."""

    deck: str
    order: tuple[str, ...]
    purpose: str
    rule: str = ""

    @property
    def is_random(self) -> bool:
        return True


@attrs.frozen(kw_only=True)
class CardsDiscarded:
    """Cards in play go to the discard pile."""

    deck: str
    cards: tuple[str, ...]

    @property
    def is_random(self) -> bool:
        return False


CORE_EVENTS = (DieRolled, CardDrawn, DeckShuffled, CardsDiscarded)


def is_random(event: object) -> bool:
    return isinstance(event, (DieRolled, CardDrawn, DeckShuffled))


def rule_cited(event: object) -> str:
    """The rule an event cites, "" where it cites none.

    The convention every rule system keeps: an event that cites a rule carries it in a ``rule: str`` field (the
    dice, cards and shuffles above, and each of a system's events that names its rule); an event without that
    field cites none. tests/engine/core/test_event_citation.py checks every system's events keep it."""
    rule = getattr(event, "rule", "")
    return rule if isinstance(rule, str) else ""


@attrs.frozen(kw_only=True)
class EventCitation:
    """What an event says of why it happened (the dice log's explanation shows it): the rule it cites, what it was
    for, the modifiers that went into it, whom it was for and whether its result was scripted.

    Read from the fields of those names the dice and cards above carry; a system's event may carry any of them
    too, with the same types (tests/engine/core/test_event_citation.py), and one it lacks is empty here."""

    rule: str = ""
    purpose: str = ""
    modifiers: tuple[str, ...] = ()
    who: str = ""
    scripted: bool = False


def event_citation(event: object) -> EventCitation:
    """The :class:`EventCitation` of any event: each field read from the event's own field of that name, if it has
    one, else empty."""
    purpose = getattr(event, "purpose", "")
    modifiers = getattr(event, "modifiers", ())
    who = getattr(event, "who", "")
    return EventCitation(rule=rule_cited(event), purpose=purpose if isinstance(purpose, str) else "",
                         modifiers=tuple(modifiers) if isinstance(modifiers, tuple) else (),
                         who=who if isinstance(who, str) else "", scripted=bool(getattr(event, "scripted", False)))
