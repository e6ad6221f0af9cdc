"""Rule book: "Cards" (values, suits, the same card on both sides, own decks, reshuffle)."""

from __future__ import annotations

import pytest

from hexfront.engine.core.cards import card_strength, card_value, standard_deck
from hexfront.engine.core.events import CardDrawn, DeckShuffled
from hexfront.engine.core.hexes import Hex


def _duel(kit, red, blue):
    """R1 fires a one-shot assault rifle at B1 in the open, 4 hexes away."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))],
                   action=["fire1-a"], red=red, blue=blue)
    return b, kit.fire(b, "R1", "B1")


def test_card_values_ace_low_court_cards():
    """Cards: "Aces are low, Jacks are worth eleven points, Queens twelve, and Kings thirteen." """
    assert [card_value(r + "S") for r in ("A", "2", "9", "10", "J", "Q", "K")] == [1, 2, 9, 10, 11, 12, 13]
    assert len(standard_deck()) == 52 and len(set(standard_deck())) == 52


def test_suit_rank_order():
    """Cards: on a tie "the suites have the rank value of Spades, Hearts, Diamonds and Clubs"."""
    sevens = sorted(["7C", "7S", "7D", "7H"], key=card_strength, reverse=True)
    assert sevens == ["7S", "7H", "7D", "7C"]


@pytest.mark.parametrize("att, dfn, downed", [
    ("AS", "2C", False),   # Ace is low: 1 against 2
    ("2C", "AS", True),    # even the Ace of Spades is worth 1
    ("JC", "10S", True),   # Jack 11 beats ten
    ("QC", "JS", True),    # Queen 12 beats Jack
    ("KC", "QS", True),    # King 13 beats Queen
    ("QS", "KC", False),
])
def test_card_values_in_a_shot(kit, att, dfn, downed):
    """Cards: "Aces are low, Jacks are worth eleven points, Queens twelve, and Kings thirteen" (in a shot)."""
    b, evs = _duel(kit, [att], [dfn])
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.attacker_card, cmp.defender_card) == (att, dfn)
    assert (kit.status(b, "B1") == "down") is downed


def test_worked_example_seven_of_spades_beats_seven_of_diamonds(kit):
    """Cards: "So a Seven of Spades beats a Seven of Diamonds" - the shooter's 7S Downs a target on 7D."""
    b, evs = _duel(kit, ["7S"], ["7D"])
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.attacker_card, cmp.defender_card, cmp.winner) == ("7S", "7D", "attacker")
    assert kit.of(evs, kit.E.ModelDowned)[0].model == "B1"
    assert kit.status(b, "B1") == "down"


@pytest.mark.parametrize("att, dfn, downed", [
    ("7D", "7S", False),  # the defender's Seven of Spades wins the other way round
    ("7H", "7D", True),   # Hearts beat Diamonds
    ("7D", "7C", True),   # Diamonds beat Clubs
    ("7C", "7H", False),  # Clubs lose to Hearts
    ("7S", "7H", True),   # Spades beat Hearts
])
def test_ties_go_by_suit(kit, att, dfn, downed):
    """Cards: "In the event of a tie ... Spades, Hearts, Diamonds and Clubs." """
    b, evs = _duel(kit, [att], [dfn])
    assert (kit.status(b, "B1") == "down") is downed


def test_each_player_works_through_his_own_deck(kit):
    """Cards: "one deck of 52 cards per player"; each side draws from its own deck."""
    b, evs = _duel(kit, ["9S"], ["4H"])
    draws = [d for d in kit.of(evs, CardDrawn) if d.deck != "action"]
    assert [(d.deck, d.who, d.card) for d in draws] == [("res-blue", "B1", "4H"), ("res-red", "R1", "9S")]
    assert len(b.state.decks["res-red"].draw_pile) == 51
    assert len(b.state.decks["res-blue"].draw_pile) == 51
    # Used cards are discarded after use (not back on top of the deck).
    assert b.state.decks["res-red"].discard == ["9S"] and b.state.decks["res-blue"].discard == ["4H"]


def test_same_card_on_both_sides_ends_the_turn_immediately(kit):
    """Cards: "In the unlikely event that both players draw the same card ... then the Turn immediately ends."

    The turn then ends as a Turn End card would: morale of both sides (Turn Sequence 6),
    Downed models tested (Turn Sequence 7), and a new turn (Turn Sequence 8).
    """
    b = kit.battle(
        [kit.inf("R1", Hex(0, 0))],
        [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(4, 2))],
        # turn 1: red fire1-a, blue fire1-b; turn 2: blue wins initiative and turns move2-a
        action=["fire1-a", "fire1-b", "move1-a", "move1-b", "move2-a"],
        red=["KS", "7S", "5H"],         # R1's shot; R1's dodge; red morale
        blue=["2C", "7S", "6H", "9C"],  # B2's dodge; B1's shot; blue morale; B2 Downed test (black)
    )
    kit.fire(b, "R1", "B2")
    assert kit.status(b, "B2") == "down"
    evs = kit.fire(b, "B1", "R1")
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.attacker_card, cmp.defender_card, cmp.winner) == ("7S", "7S", "tie")
    ended = kit.index(evs, kit.E.TurnEnded)
    assert "same card" in evs[ended].reason and evs[ended].turn == 1
    assert kit.status(b, "R1") == "ok" and not kit.of(evs, kit.E.ModelDowned)
    morale = [i for i, e in enumerate(evs) if type(e) is kit.E.MoraleTested]
    assert [evs[i].side for i in morale] == ["red", "blue"]
    recovered = kit.index(evs, kit.E.ModelRecovered)
    began = kit.index(evs, kit.E.TurnBegan)
    assert ended < morale[0] < morale[1] < recovered < began
    assert evs[began].turn == 2 and b.state.turn == 2
    assert kit.status(b, "B2") == "ok"
    assert (b.state.active, b.state.card) == ("blue", "move2-a")


def test_deck_reshuffled_when_used_up(kit):
    """Cards: "When all cards have been used the owning player immediately shuffles the deck"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "smg")], [kit.inf("B1", Hex(4, 0))],
                   action=["fire1-a"], blue=["KH"])
    deck = b.state.decks["res-red"]
    # Fast-forward: 51 of red's cards have been used; only the 2S is left to draw.
    deck.discard = [c for c in deck.draw_pile if c != "2S"]
    deck.draw_pile = ["2S"]
    evs = kit.fire(b, "R1", "B1", "smg")  # two shots: 2S misses, the second card comes from the new deck
    red_draws = kit.drawn(evs, "res-red")
    assert red_draws[0] == "2S" and len(red_draws) == 2
    i_last = next(i for i, e in enumerate(evs) if type(e) is CardDrawn and e.card == "2S")
    shuffle = evs[i_last + 1]
    assert type(shuffle) is DeckShuffled and shuffle.deck == "res-red"
    assert sorted(shuffle.order) == sorted(c for c in standard_deck() if c != "2S")
    assert red_draws[1] in shuffle.order
    assert not any(type(e) is DeckShuffled and e.deck == "res-blue" for e in evs)
