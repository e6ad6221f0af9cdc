"""The core enumerators (engine.core.odds) against cases worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexfront.engine.core.odds import TooManyCases, best_of_odds, dice_odds, draw_odds, faces, then


def test_faces_are_the_results_a_roll_gives():
    assert list(faces(6)) == [1, 2, 3, 4, 5, 6]
    assert list(faces(100))[:2] == [0, 1] and len(faces(100)) == 100


def test_two_d6_summing_to_seven_or_more():
    # 21 of the 36 rolls sum to 7 or more: 6+5+4+3+2+1
    odds = dice_odds((6, 6), lambda r: sum(r) >= 7)
    assert odds == {True: Fraction(21, 36), False: Fraction(15, 36)}


def test_a_d8_against_a_d4_sees_the_dice_in_rolling_order():
    # the first die (d8) beats the second (d4): for a d4 of k, 8-k faces of the d8 beat it -> (7+6+5+4)/32
    odds = dice_odds((8, 4), lambda r: "win" if r[0] > r[1] else "not")
    assert odds["win"] == Fraction(22, 32)


def test_too_many_dice_are_refused_not_guessed():
    with pytest.raises(TooManyCases, match="more than the limit of 1000"):
        dice_odds((6,) * 4, sum, limit=1000)  # 1296 rolls


def test_two_cards_from_four():
    # pile 1..4, two cards turned: 6 sets; the best is 4 in 3 of them, 3 in 2, 2 in 1
    odds = draw_odds((1, 2, 3, 4), 2, max)
    assert odds == {4: Fraction(3, 6), 3: Fraction(2, 6), 2: Fraction(1, 6)}


def test_ordered_draws_see_which_card_came_first():
    # first card higher than the second: half of the 12 ordered pairs
    odds = draw_odds((1, 2, 3, 4), 2, lambda c: c[0] > c[1], ordered=True)
    assert odds == {True: Fraction(1, 2), False: Fraction(1, 2)}


def test_best_of_agrees_with_listing_every_set():
    pile = (5, 1, 9, 3, 7, 2)
    for n in (1, 2, 3):
        listed = draw_odds(pile, n, lambda cards: max(cards) >= 7)
        assert best_of_odds(pile, n, key=lambda c: c, rule=lambda c: c >= 7) == listed


def test_best_of_three_from_a_full_suit():
    # 13 cards, best of 3 is the King in C(12,2)/C(13,3) = 66/286 of the draws
    odds = best_of_odds(range(1, 14), 3, key=lambda c: c, rule=lambda c: c)
    assert odds[13] == Fraction(66, 286) and sum(odds.values()) == 1


def test_then_weights_the_second_chance_by_the_first():
    coin = {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}
    odds = then(coin, lambda side: dice_odds((6,), lambda r: r[0] == 6) if side == "heads" else {False: Fraction(1)})
    assert odds == {True: Fraction(1, 12), False: Fraction(11, 12)}
