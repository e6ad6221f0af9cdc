"""Dustup's core mechanic (book: "Core Mechanic"; "Firepower Dice"; "Determine Casualties";
"Random Directions"): die types, closed and open shifts, the firepower die, the kinds of result,
and the clockface direction. Pure functions: no battle needed.
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import DIRECTION_NAMES
from hexfront.engine.systems.dustup import dice

# -- Die Shifts ---------------------------------------------------------------------------------


def test_closed_shift_book_example():
    """Core Mechanic: Closed Shift. A D10 with two positive shifts against a D6: the D10 goes up
    once to a D12, the second shift is ignored, and the opponent keeps a D6."""
    assert dice.shift(10, 2) == 12
    assert (dice.shift(10, 2), dice.shift(6, 0)) == (12, 6)


def test_open_shift_book_example():
    """Core Mechanic: Open Shift. The same roll with an open shift: the second shift goes onto
    the opponent's die, D12 against D4."""
    assert dice.open_shift(10, 2, 6) == (12, 4)


@pytest.mark.parametrize("sides,steps,expected", [
    (8, 1, 10), (8, -1, 6), (4, -1, 4), (4, -3, 4), (12, 1, 12), (6, 3, 12), (12, -4, 4), (8, 0, 8),
])
def test_closed_shift_stops_at_d4_and_d12(sides, steps, expected):
    """Core Mechanic: Closed Shift. Once at D12 or D4 no further shift applies (the default)."""
    assert dice.shift(sides, steps) == expected


def test_open_shift_below_d4_spills_up_onto_the_opponent():
    """Core Mechanic: Open Shift. Shifts below a D4 become positive shifts of the opponent's die."""
    assert dice.open_shift(4, -2, 8) == (4, 12)
    assert dice.open_shift(6, -2, 8) == (4, 10)


def test_open_shift_spill_is_itself_closed():
    """Core Mechanic: Open Shift. A spill that takes the opponent past D4 or D12 goes no further."""
    assert dice.open_shift(12, 3, 6) == (12, 4)
    assert dice.open_shift(4, -4, 10) == (4, 12)


def test_open_shift_within_the_range_spills_nothing():
    """Core Mechanic: Open Shift. Without reaching an end it is an ordinary shift on each die."""
    assert dice.open_shift(6, 1, 8, -1) == (8, 6)


def test_open_shift_both_dice_past_d12_cancel_out():
    """Core Mechanic: Open Shift (this game's reading where the book is silent): when both dice go
    past D12 their excess shifts cancel instead of knocking each other down."""
    assert dice.open_shift(12, 1, 12, 1) == (12, 12)
    assert dice.open_shift(12, 2, 12, 1) == (12, 10)  # one excess each cancels; one is left over


def test_shift_unbounded_reports_a_die_off_the_scale():
    """Shoot Action: Target Die. A target die shifted above a D12 cannot be fired on."""
    assert dice.shift_unbounded(12, 1) == dice.TOO_HIGH
    assert dice.shift_unbounded(4, -1) == dice.TOO_LOW
    assert dice.shift_unbounded(8, 2) == 12
    assert dice.die_name(dice.TOO_HIGH) == "above D12"


def test_a_quality_die_must_be_a_die_type():
    """Core Mechanic: Quality Levels. A D4 through D6, D8, D10 to a D12, nothing else."""
    assert dice.DIE_TYPES == (4, 6, 8, 10, 12)
    with pytest.raises(ValueError):
        dice.shift(20, 1)


# -- Firepower Dice --------------------------------------------------------------------------------


def test_firepower_die_book_example():
    """Firepower Dice: Small Arms. 3 men with FP3 weapons have FP 9 and roll a D10."""
    assert dice.firepower_die(3 * 3) == 10


@pytest.mark.parametrize("total,expected", [
    (0.5, 4), (1, 4), (1.5, 4), (4, 4), (4.5, 6), (6, 6), (7, 8), (8, 8), (10, 10), (11, 12), (12, 12),
])
def test_firepower_is_rounded_up_to_a_die_type(total, expected):
    """Firepower Dice: figures x firepower rounded UP to the nearest die type (a musket's 0.5 too)."""
    assert dice.firepower_die(total) == expected


def test_firepower_never_exceeds_d12():
    """Firepower Dice: small arms firepower cannot exceed D12 no matter how many figures fire."""
    assert dice.firepower_die(10 * 2) == 12
    assert dice.firepower_die(30 * 4) == 12


def test_no_firers_no_firepower_die():
    assert dice.firepower_die(0) is None


def test_strike_die_rounds_like_firepower_and_notes_over_twelve():
    """Assault: Strike Value. Strike x troopers rounded up to a die type; above 12 is noted."""
    assert dice.strike_die(5) == 6
    assert dice.strike_die(14) == 12
    assert dice.strike_over_twelve(14) and not dice.strike_over_twelve(12)


# -- Results ---------------------------------------------------------------------------------------


def test_more_than_double():
    """Core Mechanic: Opposed Roll. Scoring more than double the opponent has an extra effect."""
    assert dice.more_than_double(9, 4)
    assert not dice.more_than_double(8, 4)


def test_less_than_half_rounds_the_half_down():
    """Morale: Confidence Test. Less than half the required score, rounded down: half of 5 is 2."""
    assert dice.less_than_half(1, 5)
    assert not dice.less_than_half(2, 5)
    assert dice.less_than_half(1, 4) and not dice.less_than_half(2, 4)
    assert not dice.less_than_half(1, 3)  # half of 3 rounds down to 1: nothing is less than it


def test_successes_book_example():
    """Determine Casualties: target rolled 4, firer 6, 5 and 2: two dice beat it, a major success."""
    s = dice.successes([6, 5, 2], 4)
    assert s.count == 2 and s.major and not s.minor
    assert s.label == "major success"


def test_successes_draw_favours_the_target():
    """Core Mechanic: Opposed Roll. A draw favours the defender."""
    s = dice.successes([4, 4, 3], 4)
    assert s.count == 0 and s.label == "no success"
    one = dice.successes([5, 4], 4)
    assert one.minor and one.label == "minor success"


def test_hits_and_remainder_book_examples():
    """Determine Casualties: a total of 13 against a D8 is 1 hit, remainder 5 (a 5 in 8 chance of
    another, Optional Additional Hits). Extended Example: 17 against a D10 is 1 hit and 7 in 10."""
    assert dice.hits_and_remainder(13, 8) == (1, 5)
    assert dice.hits_and_remainder(17, 10) == (1, 7)
    assert dice.hits_and_remainder(7, 8) == (0, 7)


# -- Random Directions -------------------------------------------------------------------------------


def test_clockface_mapping_onto_six_hex_sides():
    """Core Mechanic: Random Directions (clockface). With the nominated direction (12 o'clock) on a
    hex side, each side takes its own even hour and the odd hour after it: 12 and 1 the nominated
    side, 2-3 the next clockwise, 4-5, 6-7 (behind), 8-9, 10-11."""
    names = {h: DIRECTION_NAMES[dice.clock_to_hex_direction(h)] for h in range(1, 13)}
    assert names == {12: "NW", 1: "NW", 2: "NE", 3: "NE", 4: "E", 5: "E", 6: "SE", 7: "SE",
                     8: "SW", 9: "SW", 10: "W", 11: "W"}


def test_clockface_with_another_nominated_direction():
    """Random Directions: 12 o'clock may be any side; 6 o'clock is always the opposite one."""
    east = 0
    assert dice.clock_to_hex_direction(12, twelve=east) == 0
    assert dice.clock_to_hex_direction(6, twelve=east) == 3  # west
    assert dice.clock_to_hex_direction(3, twelve=east) == 5  # clockwise from E is SE
    for twelve in range(6):
        hits = [dice.clock_to_hex_direction(h, twelve) for h in range(1, 13)]
        assert sorted(hits) == sorted(list(range(6)) * 2)  # every side two faces in twelve


def test_clockface_refuses_other_numbers():
    with pytest.raises(ValueError):
        dice.clock_to_hex_direction(13)
