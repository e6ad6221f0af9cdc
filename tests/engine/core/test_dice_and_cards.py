"""Dice and cards drawn through a Resolution: ranges, logging, scripts, decks and reshuffles.

These tests use a tiny stand-in for a rule system: a state that has nothing but
``decks``, and a system whose fold is only the core's ``fold_core_event``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.engine.core.cards import (
    Deck,
    best_card,
    card_colour,
    card_name,
    card_strength,
    card_suit,
    card_value,
    is_standard_card,
    standard_deck,
)
from hexfront.engine.core.errors import ScriptError
from hexfront.engine.core.events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled, is_random
from hexfront.engine.core.resolution import DICE, Randomizer, Resolution, Script, fold_core_event


class FakeState:
    def __init__(self, decks: dict[str, Deck] | None = None) -> None:
        self.decks = decks or {}


class FakeSystem:
    """Just enough of a rule system for Resolution: its fold is the core fold alone."""

    def apply(self, state, event) -> None:
        assert fold_core_event(state, event), f"not a core event: {event!r}"


def make_ctx(seed: int = 1, decks: dict[str, list[str]] | None = None, script: Script | None = None) -> Resolution:
    state = FakeState({name: Deck(draw_pile=list(cards)) for name, cards in (decks or {}).items()})
    return Resolution(FakeSystem(), state, Randomizer(seed, script))


def all_cards(deck: Deck) -> list[str]:
    return deck.draw_pile + deck.in_play + deck.discard


# ---------------------------------------------------------------------------
# Dice
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20])
def test_polyhedral_dice_give_one_to_sides(sides):
    ctx = make_ctx(seed=sides)
    results = [ctx.roll(sides, "test") for _ in range(40 * sides)]
    assert min(results) == 1 and max(results) == sides
    assert set(results) == set(range(1, sides + 1))


def test_d100_reads_zero_to_ninety_nine_and_doubles_are_detectable():
    ctx = make_ctx(seed=100)
    results = [ctx.roll(100, "percentile") for _ in range(5000)]
    assert all(0 <= r <= 99 for r in results)
    assert 0 in results and 99 in results and 100 not in results
    doubles = {r for r in results if r // 10 == r % 10}
    assert doubles == {0, 11, 22, 33, 44, 55, 66, 77, 88, 99}
    # the test for doubles picks out exactly those ten readings
    assert [r for r in range(100) if r // 10 == r % 10] == [0, 11, 22, 33, 44, 55, 66, 77, 88, 99]
    # and they come up about one roll in ten
    share = sum(1 for r in results if r // 10 == r % 10) / len(results)
    assert 0.07 < share < 0.13


@pytest.mark.parametrize("sides", [0, 1, 2, 3, 7, 30, 101])
def test_unknown_dice_are_refused(sides):
    ctx = make_ctx()
    with pytest.raises(ValueError):
        ctx.roll(sides, "test")
    assert ctx.events == [] and ctx.rng.draws == 0


def test_every_die_is_an_event_with_purpose_and_rule():
    ctx = make_ctx(seed=3)
    for i, sides in enumerate(DICE, start=1):
        result = ctx.roll(sides, f"purpose {sides}", f"rule {sides}", who="unit 7")
        assert ctx.rng.draws == i
        ev = ctx.events[-1]
        assert type(ev) is DieRolled
        assert (ev.sides, ev.result, ev.purpose, ev.rule, ev.who, ev.scripted) == (
            sides, result, f"purpose {sides}", f"rule {sides}", "unit 7", False)
        assert is_random(ev)
    assert len(ctx.events) == len(DICE)


def test_roll_sum_is_the_sum_of_the_logged_dice():
    ctx = make_ctx(seed=8)
    for _ in range(50):
        start = len(ctx.events)
        total = ctx.roll_sum(2, 6, "2d6 morale", "Morale")
        new = ctx.events[start:]
        assert len(new) == 2
        assert all(type(e) is DieRolled and e.sides == 6 and e.purpose == "2d6 morale" for e in new)
        assert total == new[0].result + new[1].result
        assert 2 <= total <= 12
    assert ctx.rng.draws == 100


@pytest.mark.parametrize("best, expected", [(True, [6, 4]), (False, [4, 2])])
def test_roll_keep_with_scripted_dice(best, expected):
    ctx = make_ctx(script=Script(dice=[2, 6, 4]))
    assert ctx.roll_keep(3, 2, 6, "keep two", best=best) == expected
    assert [e.result for e in ctx.events] == [2, 6, 4]


@pytest.mark.parametrize("best", [True, False])
def test_roll_keep_keeps_the_right_dice(best):
    ctx = make_ctx(seed=21)
    for _ in range(100):
        start = len(ctx.events)
        kept = ctx.roll_keep(3, 2, 6, "keep", best=best)
        rolled = [e.result for e in ctx.events[start:]]
        assert len(rolled) == 3  # every die is logged, kept or not
        ordered = sorted(rolled, reverse=True)
        assert kept == (ordered[:2] if best else ordered[1:])
        assert kept == sorted(kept, reverse=True)


def test_scripted_dice_come_first_then_the_generator():
    script = Script(dice=[3, 20, 0, 99])
    ctx = make_ctx(seed=55, script=script)
    assert ctx.roll(6, "a") == 3
    assert ctx.roll(20, "b") == 20
    assert ctx.roll(100, "c") == 0
    assert ctx.roll(100, "d") == 99
    tail = [ctx.roll(6, "e") for _ in range(10)]
    assert [e.scripted for e in ctx.events] == [True] * 4 + [False] * 10
    assert ctx.rng.draws == 14
    # scripted results use up nothing from the generator: the tail is what a fresh generator gives
    plain = make_ctx(seed=55)
    assert tail == [plain.roll(6, "e") for _ in range(10)]


@pytest.mark.parametrize("sides, value", [(6, 7), (6, 0), (4, 5), (20, 21), (100, 100), (100, -1), (10, 11)])
def test_an_impossible_scripted_die_raises(sides, value):
    ctx = make_ctx(script=Script(dice=[value]))
    with pytest.raises(ScriptError) as info:
        ctx.roll(sides, "impossible")
    assert str(value) in str(info.value) and f"d{sides}" in str(info.value)
    assert ctx.events == [] and ctx.rng.draws == 0


def test_randomizer_snapshot_restores_script_position_and_draws():
    ctx = make_ctx(seed=4, script=Script(dice=[1, 2, 3]))
    ctx.roll(6, "x")
    snap = ctx.rng.snapshot()
    first = [ctx.roll(6, "y") for _ in range(6)]
    draws = ctx.rng.draws
    ctx.rng.restore(snap)
    assert ctx.rng.draws == 1
    assert [ctx.roll(6, "y") for _ in range(6)] == first == [2, 3] + first[2:]
    assert ctx.rng.draws == draws


# ---------------------------------------------------------------------------
# Playing cards
# ---------------------------------------------------------------------------

def test_standard_deck_has_52_unique_cards():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert Counter(card_suit(c) for c in deck) == {"S": 13, "H": 13, "D": 13, "C": 13}
    assert all(is_standard_card(c) for c in deck)
    assert {"AS", "10H", "KC", "7D", "QS", "JH"} <= set(deck)
    assert not is_standard_card("1S") and not is_standard_card("11H") and not is_standard_card("move1-a")


def test_card_values():
    assert card_value("AS") == 1
    assert card_value("2H") == 2
    assert card_value("10D") == 10
    assert card_value("JC") == 11
    assert card_value("QS") == 12
    assert card_value("KH") == 13
    assert sorted(Counter(card_value(c) for c in standard_deck()).items()) == [(v, 4) for v in range(1, 14)]


def test_suit_order_breaks_ties_spades_hearts_diamonds_clubs():
    for rank in ("A", "7", "10", "K"):
        s, h, d, c = (card_strength(rank + suit) for suit in "SHDC")
        assert s > h > d > c
    # value comes before suit
    assert card_strength("2C") > card_strength("AS")
    assert card_strength("KC") > card_strength("QS")


def test_card_strength_is_a_total_order():
    ranked = sorted(standard_deck(), key=card_strength)
    assert len({card_strength(c) for c in ranked}) == 52
    assert ranked[0] == "AC" and ranked[-1] == "KS"


def test_best_card():
    assert best_card(["7H", "7S", "7C"]) == "7S"
    assert best_card(["KC", "QS", "AS"]) == "KC"
    assert best_card(["2D"]) == "2D"
    assert best_card(["9C", "9D"]) == "9D"


def test_colours_and_names():
    assert {card_colour(c) for c in standard_deck() if c[-1] in "HD"} == {"red"}
    assert {card_colour(c) for c in standard_deck() if c[-1] in "SC"} == {"black"}
    assert card_name("AS") == "Ace of Spades"
    assert card_name("10H") == "10 of Hearts"
    assert card_name("QD") == "Queen of Diamonds"


# ---------------------------------------------------------------------------
# Decks in play
# ---------------------------------------------------------------------------

@pytest.fixture(params=["standard", "custom"])
def cards(request) -> list[str]:
    if request.param == "standard":
        return standard_deck()
    return [f"unit-{i:02d}" for i in range(12)] + ["Turn End", "fire!", "move"]


def test_shuffle_is_an_event_and_a_permutation(cards):
    ctx = make_ctx(seed=12, decks={"d": cards})
    ctx.shuffle("d", "before the battle", "Setup")
    ev = ctx.events[-1]
    assert type(ev) is DeckShuffled and is_random(ev)
    assert (ev.deck, ev.purpose, ev.rule) == ("d", "before the battle", "Setup")
    assert sorted(ev.order) == sorted(cards)
    assert ev.order != tuple(cards) and ev.order != tuple(sorted(cards))
    assert ctx.state.decks["d"].draw_pile == list(ev.order)
    assert ctx.rng.draws == 1


def test_shuffle_result_ignores_the_order_before(cards):
    a = make_ctx(seed=5, decks={"d": cards})
    b = make_ctx(seed=5, decks={"d": list(reversed(cards))})
    a.shuffle("d", "s")
    b.shuffle("d", "s")
    assert a.state.decks["d"].draw_pile == b.state.decks["d"].draw_pile


def test_draw_takes_the_top_card_into_play(cards):
    ctx = make_ctx(seed=2, decks={"d": cards})
    ctx.shuffle("d", "s")
    deck = ctx.state.decks["d"]
    top = deck.top()
    card = ctx.draw("d", "who goes first", "Initiative", who="red")
    assert card == top
    ev = ctx.events[-1]
    assert type(ev) is CardDrawn and is_random(ev)
    assert (ev.deck, ev.card, ev.purpose, ev.rule, ev.who, ev.scripted) == (
        "d", card, "who goes first", "Initiative", "red", False)
    assert deck.in_play == [card] and card not in deck.draw_pile
    assert len(deck.draw_pile) == len(cards) - 1
    assert ctx.rng.draws == 2


def test_discard_moves_cards_in_play_and_is_not_a_draw(cards):
    ctx = make_ctx(seed=2, decks={"d": cards})
    drawn = [ctx.draw("d", "x") for _ in range(3)]
    draws = ctx.rng.draws
    ctx.discard_in_play("d")
    ev = ctx.events[-1]
    assert type(ev) is CardsDiscarded and not is_random(ev)
    assert list(ev.cards) == drawn
    deck = ctx.state.decks["d"]
    assert deck.in_play == [] and deck.discard == drawn
    assert ctx.rng.draws == draws
    n = len(ctx.events)
    ctx.discard_in_play("d")  # nothing in play: no event
    assert len(ctx.events) == n


def test_every_draw_counts(cards):
    ctx = make_ctx(seed=9, decks={"d": cards})
    ctx.shuffle("d", "s")
    for i in range(len(cards) - 1):
        ctx.draw("d", f"draw {i}", "R")
    random_events = [e for e in ctx.events if is_random(e)]
    assert ctx.rng.draws == len(random_events) == len(cards)
    assert all(e.purpose and e.rule == "R" for e in random_events if type(e) is CardDrawn)


def test_reshuffle_when_the_draw_pile_runs_out(cards):
    ctx = make_ctx(seed=31, decks={"d": cards})
    ctx.shuffle("d", "s")
    n = len(cards)
    kept: list[str] = []
    for i in range(n):
        card = ctx.draw("d", "x", reshuffle_rule="Cards: reshuffle")
        if i >= n - 3:
            kept.append(card)  # the last three drawn stay in play
        elif i % 4 == 3:
            ctx.discard_in_play("d")
    deck = ctx.state.decks["d"]
    in_play = list(deck.in_play)
    assert set(kept) <= set(in_play)
    # emptying the pile reshuffled the discards at once
    shuffles = [e for e in ctx.events if type(e) is DeckShuffled]
    assert len(shuffles) == 2
    reshuffle = shuffles[-1]
    assert reshuffle.rule == "Cards: reshuffle" and "reshuffle" in reshuffle.purpose
    assert not set(in_play) & set(reshuffle.order)
    assert sorted(reshuffle.order) == sorted(set(cards) - set(in_play))
    assert deck.discard == []
    # one more draw comes from the new pile
    extra = ctx.draw("d", "one more")
    assert extra == reshuffle.order[-1]
    assert extra not in in_play
    assert sorted(all_cards(deck)) == sorted(cards)  # no card is lost or doubled


def test_reshuffle_before_a_draw_from_an_empty_pile(cards):
    ctx = make_ctx(seed=8)
    ctx.state.decks["d"] = Deck(draw_pile=[], in_play=[], discard=list(cards))
    card = ctx.draw("d", "x")
    kinds = [type(e) for e in ctx.events]
    assert kinds == [DeckShuffled, CardDrawn]
    assert card == ctx.events[0].order[-1]
    assert ctx.rng.draws == 2


def test_drawing_from_an_exhausted_deck_raises(cards):
    ctx = make_ctx(seed=8, decks={"d": cards})
    for _ in cards:
        ctx.draw("d", "x")  # nothing is discarded
    with pytest.raises(ScriptError):
        ctx.draw("d", "one too many")


def test_scripted_cards_are_taken_from_anywhere_in_the_pile(cards):
    wanted = [cards[3], cards[0], cards[-1]]
    ctx = make_ctx(seed=17, decks={"d": cards}, script=Script(cards={"d": wanted}))
    ctx.shuffle("d", "s")
    order_before = list(ctx.state.decks["d"].draw_pile)
    got = [ctx.draw("d", "scripted") for _ in range(3)]
    assert got == wanted
    assert [e.scripted for e in ctx.events if type(e) is CardDrawn] == [True, True, True]
    deck = ctx.state.decks["d"]
    assert deck.in_play == wanted
    # the rest of the pile keeps its order
    assert deck.draw_pile == [c for c in order_before if c not in wanted]
    # after the script, draws come off the top again
    top = deck.top()
    assert ctx.draw("d", "free") == top
    assert ctx.events[-1].scripted is False
    assert ctx.rng.draws == 5


def test_scripted_cards_are_per_deck():
    ctx = make_ctx(seed=1, decks={"a": standard_deck(), "b": standard_deck()},
                   script=Script(cards={"b": ["QH"]}))
    top_a = ctx.state.decks["a"].top()
    assert ctx.draw("a", "x") == top_a
    assert ctx.draw("b", "x") == "QH"


def test_a_scripted_card_not_in_the_draw_pile_raises(cards):
    first = cards[-1]
    ctx = make_ctx(seed=3, decks={"d": cards}, script=Script(cards={"d": [first, first]}))
    assert ctx.draw("d", "x") == first
    draws = ctx.rng.draws
    with pytest.raises(ScriptError) as info:
        ctx.draw("d", "again")  # the card is in play now
    assert first in str(info.value)
    assert ctx.rng.draws == draws
    ctx2 = make_ctx(seed=3, decks={"d": cards}, script=Script(cards={"d": ["no such card"]}))
    with pytest.raises(ScriptError):
        ctx2.draw("d", "x")
    assert ctx2.events == []


def test_fold_core_event_ignores_other_events():
    state = FakeState({"d": Deck(draw_pile=["a"])})
    assert fold_core_event(state, DieRolled(sides=6, result=3, purpose="p")) is True
    assert fold_core_event(state, object()) is False
    assert state.decks["d"].draw_pile == ["a"]
