"""What one side of a RatFight battle can know, for the hard player's search (engine.core.search).

Every card turned in RatFight is turned face up, and every model is on the table for both to see: what
neither side knows is the order of the cards still in the decks (the action deck and each side's
resolution deck). A copy for the search has every draw pile shuffled again.
"""

from __future__ import annotations

from hexfront.engine.core.rng import Generator
from hexfront.engine.core.system import shuffle_draw_piles

from .state import RatState


def determinize(st: RatState, side: str, gen: Generator) -> RatState:
    """A copy of ``st`` with every draw pile in an order dealt by ``gen`` (``side`` sees nothing more)."""
    copy = st.copy()
    shuffle_draw_piles(copy.decks, gen)
    return copy
