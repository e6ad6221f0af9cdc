"""JTS RatFight opposed draws (Cards): each player turns resolution cards from his own deck and keeps the best;
"the highest card winning", and both turning the very same card ends the turn at once.

The card rules are small pure functions: the resolution calls them with the cards turned, the previews
(:mod:`.odds`) with every card that can be turned (engine.core.odds), so the odds cannot drift.
"""

from __future__ import annotations

from functools import cache

from hexfront.engine.core.cards import best_card, card_strength
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .state import Model, RatState, res_deck


class TurnEnds(Exception):
    """Both players turned over the very same card: the turn ends at once (Cards)."""


ATTACKER, DEFENDER, TIE = "attacker", "defender", "tie"


@cache
def contest(a: str, d: str) -> str:
    """Cards: "highest card winning"; equal values go by suit, Spades, Hearts, Diamonds, Clubs; "both players
    draw the same card" (one from each deck) and the turn ends. ``ATTACKER``, ``DEFENDER`` or ``TIE``."""
    if a == d:
        return TIE
    return ATTACKER if card_strength(a) > card_strength(d) else DEFENDER


def draw_cards(ctx: Resolution, side: str, n: int, purpose: str, rule: str, who: str,
               modifiers: tuple[str, ...] = ()) -> list[str]:
    """Turn ``n`` cards from ``side``'s resolution deck. Every card carries the ``modifiers`` (the extra
    cards and why) so the dice log and the teach pauses can name them."""
    return [ctx.draw(res_deck(side), purpose, rule, who=who, reshuffle_rule="Cards", modifiers=modifiers)
            for _ in range(n)]


def draw_best(ctx: Resolution, side: str, n: int, purpose: str, rule: str, who: str,
              modifiers: tuple[str, ...] = ()) -> str:
    """Turn ``n`` cards from ``side``'s resolution deck and keep the best (:func:`draw_cards`)."""
    return best_card(draw_cards(ctx, side, n, purpose, rule, who, modifiers))


def compare(ctx: Resolution, attacker: Model, defender: Model, a: str, d: str, purpose: str, rule: str) -> bool:
    """Turn the two cards' :func:`contest` into its event; the same card ends the turn at once (Cards)."""
    winner = contest(a, d)
    if winner == TIE:
        ctx.emit(E.CardsCompared(attacker=attacker.id, defender=defender.id, attacker_card=a, defender_card=d,
                                 winner="tie", purpose=purpose, rule="Cards: the same card ends the turn"))
        raise TurnEnds
    win = winner == ATTACKER
    ctx.emit(E.CardsCompared(attacker=attacker.id, defender=defender.id, attacker_card=a, defender_card=d,
                             winner="attacker" if win else "defender", purpose=purpose, rule=rule))
    return win


def discard_resolution(ctx: Resolution, st: RatState) -> None:
    for side in st.sides:
        ctx.discard_in_play(res_deck(side))
