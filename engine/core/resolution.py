"""Where commands turn into events: the randomizer and the resolution context.

``Randomizer`` wraps the seeded :class:`~engine.core.rng.Generator` and an
optional :class:`Script` (a list of results chosen in a scenario or save file).
A scripted result is used first; when a script runs out, the generator takes
over, so a test or tutorial need only script the draws that matter.

``Resolution`` is handed to a rule system while it resolves one command. Every
fact goes through :meth:`Resolution.emit`, which records the event and folds it
into the state at once, so the rule code always reads the state as it now is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from .cards import Deck
from .errors import ScriptError
from .events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled
from .rng import Generator

if TYPE_CHECKING:  # pragma: no cover
    from .system import RuleSystem

DICE = (4, 6, 8, 10, 12, 20, 100)

#: A randomizer's whole state: the generator's words, how far the scripted dice and each deck's scripted
#: cards have been used, and the draws made.
RandomizerSnapshot = tuple[tuple[int, int, int, int], int, tuple[tuple[str, int], ...], int]


def _dice(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _cards(decks: Mapping[str, Iterable[str]]) -> dict[str, tuple[str, ...]]:
    return {deck: tuple(cards) for deck, cards in dict(decks).items()}


@attrs.frozen
class Script:
    """Scripted results: dice in the order they are rolled, cards per deck in draw order."""

    dice: tuple[int, ...] = attrs.field(default=(), converter=_dice)
    cards: dict[str, tuple[str, ...]] = attrs.field(factory=dict, converter=_cards)

    def is_empty(self) -> bool:
        return not self.dice and not any(self.cards.values())


class Randomizer:
    """The battle's source of chance: seeded generator plus scripted results."""

    __slots__ = ("gen", "script", "dice_pos", "card_pos", "draws")

    def __init__(self, seed: int, script: Script | None = None) -> None:
        self.gen = Generator(seed)
        self.script = script or Script()
        self.dice_pos = 0
        self.card_pos: dict[str, int] = {}
        self.draws = 0

    def scripted_die(self) -> int | None:
        if self.dice_pos < len(self.script.dice):
            value = self.script.dice[self.dice_pos]
            self.dice_pos += 1
            return value
        return None

    def scripted_card(self, deck: str) -> str | None:
        queue = self.script.cards.get(deck)
        pos = self.card_pos.get(deck, 0)
        if queue and pos < len(queue):
            self.card_pos[deck] = pos + 1
            return queue[pos]
        return None

    def snapshot(self) -> RandomizerSnapshot:
        return (self.gen.snapshot(), self.dice_pos, tuple(sorted(self.card_pos.items())), self.draws)

    def restore(self, snap: RandomizerSnapshot) -> None:
        gen, dice_pos, card_pos, draws = snap
        self.gen.restore(gen)
        self.dice_pos = dice_pos
        self.card_pos = dict(card_pos)
        self.draws = draws


class Resolution:
    """The context a rule system resolves one command (or the battle's setup) in."""

    __slots__ = ("system", "state", "rng", "events")

    def __init__(self, system: RuleSystem, state: Any, rng: Randomizer) -> None:
        self.system = system
        self.state = state
        self.rng = rng
        self.events: list[Any] = []

    def emit(self, event: Any) -> Any:
        self.events.append(event)
        self.system.apply(self.state, event)
        return event

    # -- dice ---------------------------------------------------------------
    def roll(self, sides: int, purpose: str, rule: str = "", who: str = "",
             modifiers: tuple[str, ...] = ()) -> int:
        """Roll one die: d4..d20 give 1..sides; d100 gives 0..99 (00 is zero).

        ``modifiers`` names every modifier or die shift behind this die; the teacher and the
        dice log's explanation show them one by one.
        """
        if sides not in DICE:
            raise ValueError(f"no d{sides} in this engine")
        scripted = self.rng.scripted_die()
        if scripted is not None:
            low, high = (0, 99) if sides == 100 else (1, sides)
            if not low <= scripted <= high:
                raise ScriptError(
                    f"scripted die result {scripted} cannot come from a d{sides} ({purpose}); fix the script"
                )
            result = scripted
        else:
            result = self.rng.gen.below(sides) + (0 if sides == 100 else 1)
        self.rng.draws += 1
        self.emit(DieRolled(sides=sides, result=result, purpose=purpose, rule=rule, who=who,
                            scripted=scripted is not None, modifiers=tuple(modifiers)))
        return result

    def roll_many(self, count: int, sides: int, purpose: str, rule: str = "", who: str = "",
                  modifiers: tuple[str, ...] = ()) -> list[int]:
        return [self.roll(sides, purpose, rule, who, modifiers) for _ in range(count)]

    def roll_sum(self, count: int, sides: int, purpose: str, rule: str = "", who: str = "",
                 modifiers: tuple[str, ...] = ()) -> int:
        """Such as 2d6: the dice are each logged, the sum returned."""
        return sum(self.roll_many(count, sides, purpose, rule, who, modifiers))

    def roll_keep(self, count: int, keep: int, sides: int, purpose: str, rule: str = "", who: str = "",
                  best: bool = True, modifiers: tuple[str, ...] = ()) -> list[int]:
        """Roll ``count`` dice and keep the ``keep`` best (or worst) of them, highest first."""
        rolled = self.roll_many(count, sides, purpose, rule, who, modifiers)
        ordered = sorted(rolled, reverse=best)
        return sorted(ordered[:keep], reverse=True)

    # -- cards --------------------------------------------------------------
    def deck(self, deck_id: str) -> Deck:
        deck: Deck = self.state.decks[deck_id]  # every system's state keeps its decks by id
        return deck

    def shuffle(self, deck_id: str, purpose: str, rule: str = "", gather: bool = True) -> None:
        """Shuffle the draw pile (and, with ``gather``, the discard pile into it)."""
        deck = self.deck(deck_id)
        cards = list(deck.draw_pile) + (list(deck.discard) if gather else [])
        cards.sort()  # the order before shuffling never leaks into the result
        order = self.rng.gen.permutation(len(cards))
        self.rng.draws += 1
        self.emit(DeckShuffled(deck=deck_id, order=tuple(cards[i] for i in order), purpose=purpose, rule=rule))

    def draw(self, deck_id: str, purpose: str, rule: str = "", who: str = "",
             reshuffle_rule: str = "", modifiers: tuple[str, ...] = ()) -> str:
        """Draw the top card (or the scripted one) into play.

        When the draw pile is empty before the draw, or is emptied by it, the
        discard pile is shuffled to form a new draw pile at once.
        """
        deck = self.deck(deck_id)
        if not deck.draw_pile:
            self._reshuffle(deck_id, reshuffle_rule)
            deck = self.deck(deck_id)
            if not deck.draw_pile:
                raise ScriptError(f"deck {deck_id} has no cards left to draw, even after reshuffling")
        scripted = self.rng.scripted_card(deck_id)
        if scripted is not None:
            if scripted not in deck.draw_pile:
                raise ScriptError(
                    f"the script asks deck {deck_id} for {scripted}, which is not in its draw pile; fix the script"
                )
            card = scripted
        else:
            card = deck.draw_pile[-1]
        self.rng.draws += 1
        self.emit(CardDrawn(deck=deck_id, card=card, purpose=purpose, rule=rule, who=who,
                            scripted=scripted is not None, modifiers=tuple(modifiers)))
        if not self.deck(deck_id).draw_pile and self.deck(deck_id).discard:
            self._reshuffle(deck_id, reshuffle_rule)
        return card

    def _reshuffle(self, deck_id: str, rule: str) -> None:
        self.shuffle(deck_id, "reshuffle: every card has been used", rule or "", gather=True)

    def discard_in_play(self, deck_id: str) -> None:
        deck = self.deck(deck_id)
        if deck.in_play:
            self.emit(CardsDiscarded(deck=deck_id, cards=tuple(deck.in_play)))


def fold_core_event(state: Any, event: Any) -> bool:
    """Fold a core event into ``state.decks``; return False if it is not a core event."""
    t = type(event)
    if t is CardDrawn:
        deck: Deck = state.decks[event.deck]
        pile = deck.draw_pile
        if pile and pile[-1] == event.card:
            pile.pop()
        else:
            pile.remove(event.card)
        deck.in_play.append(event.card)
        return True
    if t is DeckShuffled:
        deck = state.decks[event.deck]
        deck.draw_pile = list(event.order)
        shuffled = set(event.order)
        deck.discard = [c for c in deck.discard if c not in shuffled]
        return True
    if t is CardsDiscarded:
        deck = state.decks[event.deck]
        for card in event.cards:
            deck.in_play.remove(card)
            deck.discard.append(card)
        return True
    return t is DieRolled
