"""Playing cards and decks.

A *standard* deck is the 52 ordinary playing cards, written as codes such as
``"7S"``, ``"10H"``, ``"AC"``, ``"KD"``. A *custom* deck is any list of card
ids (RatFight's action deck, for instance). A deck in play has three piles: the
draw pile (its top is the *end* of the list), the cards in play (drawn and not
yet discarded) and the discard pile.
"""

from __future__ import annotations

import attrs

SUITS = "SHDC"  # order of strength when values tie: Spades > Hearts > Diamonds > Clubs
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def standard_deck() -> list[str]:
    """The 52 cards in a fixed, documented order (suit by suit, Ace to King)."""
    return [rank + suit for suit in SUITS for rank in RANKS]


_VALUE = {rank: i + 1 for i, rank in enumerate(RANKS)}  # Ace low = 1, Jack 11, Queen 12, King 13
_CARD_INFO: dict[str, tuple[int, int, str]] = {}
for _code in standard_deck():
    _rank, _suit = _code[:-1], _code[-1]
    _CARD_INFO[_code] = (_VALUE[_rank], 3 - SUITS.index(_suit), "red" if _suit in "HD" else "black")


def is_standard_card(code: str) -> bool:
    return code in _CARD_INFO


def card_value(code: str) -> int:
    """Numeric value: Ace 1, 2-10 as marked, Jack 11, Queen 12, King 13."""
    return _CARD_INFO[code][0]


def card_colour(code: str) -> str:
    return _CARD_INFO[code][2]


def card_suit(code: str) -> str:
    return code[-1]


def card_strength(code: str) -> tuple[int, int]:
    """Sort key: value first, then suit (Spades highest, Clubs lowest)."""
    v, s, _ = _CARD_INFO[code]
    return (v, s)


def card_name(code: str) -> str:
    rank, suit = code[:-1], code[-1]
    return f"{RANK_NAMES.get(rank, rank)} of {SUIT_NAMES[suit]}"


def best_card(cards: list[str]) -> str:
    return max(cards, key=card_strength)


@attrs.define(slots=True)
class Deck:
    """One deck's piles. Folded from CardDrawn, DeckShuffled and CardsDiscarded events."""

    draw_pile: list[str] = attrs.field(factory=list)
    in_play: list[str] = attrs.field(factory=list)
    discard: list[str] = attrs.field(factory=list)

    def copy(self) -> Deck:
        return Deck(list(self.draw_pile), list(self.in_play), list(self.discard))

    def canonical(self) -> str:
        """The three piles in order, as one string (card ids never contain ',' or '|')."""
        return "|".join((",".join(self.draw_pile), ",".join(self.in_play), ",".join(self.discard)))

    def top(self) -> str | None:
        return self.draw_pile[-1] if self.draw_pile else None
