"""The core's own events: dice rolled, cards drawn, decks shuffled and discarded.

Every random result in a battle is one of these, carrying its purpose (what it
is for, in the game's words) and the rule that asked for it. Rule systems add
their own events beside these.
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
