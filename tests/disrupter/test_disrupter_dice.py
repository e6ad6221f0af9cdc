"""Rule 6 - Stats, Rule 7 - Checks and Saves, Rule 9 - Classes: the d100 and the stats."""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction
from itertools import product

import diskit as K
import pytest

from hexfront.engine.core.errors import ContentError
from hexfront.engine.systems.disrupter import data, dice


def roll(values, stat, adv):
    c = K.ctx(K.battle(start=False), values)
    return dice.check(c, stat, adv, "test", "Rule 7 - Checks and Saves")


def test_zero_reads_zero_and_is_a_critical_success():
    """Rule 7: a roll of 00 is the number 0, not 100; as a double it is a critical (under the stat: success)."""
    c = roll([0], 60, 0)
    assert c.roll == 0 and c.result == dice.CRIT_SUCCESS


@pytest.mark.parametrize("value,stat,result", [
    (37, 60, dice.SUCCESS), (59, 60, dice.SUCCESS), (60, 60, dice.FAILURE), (61, 60, dice.FAILURE),
    (33, 60, dice.CRIT_SUCCESS), (77, 60, dice.CRIT_FAILURE), (99, 80, dice.CRIT_FAILURE)])
def test_roll_under_succeeds_and_doubles_are_criticals(value, stat, result):
    """Rule 7: under the stat succeeds, at or over fails; doubles are critical successes or failures."""
    assert roll([value], stat, 0).result == result


def test_advantage_keeps_the_better_roll():
    """Rule 7: [+] rolls twice and keeps the more favourable result."""
    c = roll([70, 20], 60, +1)
    assert c.rolls == (70, 20) and c.roll == 20 and c.success


def test_disadvantage_keeps_the_worse_roll():
    """Rule 7: [-] rolls twice and keeps the less favourable result."""
    c = roll([20, 70], 60, -1)
    assert c.roll == 70 and not c.success


def test_criticals_count_under_advantage_and_disadvantage():
    """Rule 7: criticals are always used with [+] or [-]: a critical success beats a plain one under [+], a
    critical failure is kept under [-]; a plain failure beats a critical failure under [+]."""
    assert roll([5, 11], 60, +1).result == dice.CRIT_SUCCESS
    assert roll([70, 88], 60, -1).result == dice.CRIT_FAILURE
    assert roll([88, 70], 60, +1).roll == 70
    assert roll([22, 40], 60, -1).roll == 40  # a plain success is worse than a critical success


def test_advantage_and_disadvantage_cancel():
    """Rule 7, this game's reading: each [+] cancels one [-]."""
    assert dice.net(1, 1) == 0 and dice.net(2, 1) == 1 and dice.net(0, 1) == -1


def test_odds_by_enumeration():
    """Rule 7: P(success) for 60 is 0.60, with [+] 1 - 0.4^2, with [-] 0.6^2 (exactly)."""
    def success(adv):
        o = dice.check_odds(60, adv)
        return o[dice.CRIT_SUCCESS] + o[dice.SUCCESS]

    assert (success(0), success(1), success(-1)) == (Fraction(60, 100), Fraction(84, 100), Fraction(36, 100))
    assert dice.p_success(60, 1) == 0.84


@pytest.mark.parametrize("adv", [0, 1, -1])
def test_check_odds_are_the_checks_the_engine_rolls(adv):
    """Rule 7: the odds a preview shows for a check are what the engine's check gives, counted over every face
    (every pair of faces under [+] or [-]) scripted into the engine's own d100s."""
    b = K.battle(start=False)
    pairs = list(product(range(100), repeat=2 if adv else 1))
    rolled = Counter(dice.check(K.ctx(b, faces), 45, adv, "test", "Rule 7 - Checks and Saves").result
                     for faces in pairs)
    assert {k: Fraction(n, len(pairs)) for k, n in rolled.items()} == dice.check_odds(45, adv)


def test_stats_are_capped_at_80():
    """Rule 6: no stat above 80; the loader refuses an armour with A 81."""
    c = K.base_content()
    c["armour"]["light"]["A"] = 81
    with pytest.raises(ContentError, match="cap of 80"):
        data._build(copy.deepcopy(c))


def test_instinct_by_class_and_kit_stats():
    """Rule 9 - Classes: Officer I 80, Soldier 60, Bot 40; A, W, M from armour or bot model (Rule 6)."""
    b = K.battle(start=False)
    s = b.state
    co = s.unit("red-co.1")
    soldier = s.unit("red-a2.1")
    bot = s.unit("red-bot.1")
    assert K.rules.unit_stats(s, co)[0] == 80
    assert K.rules.unit_stats(s, soldier) == (60, 45, 3, 3)  # medium armour
    assert K.rules.unit_stats(s, bot) == (40, 55, 3, 2)  # walker bot


def test_team_moves_at_its_slowest_unit():
    """Rule 14: a stand's Movement is its slowest unit's."""
    b = K.battle(start=False)
    assert K.rules.team_move(b.state, K.team(b, "red-b2")) == 2  # one heavy-armoured gunner among light


def test_loader_refuses_unknown_weapon_with_one_line():
    """Content errors are one line naming the culprit."""
    c = K.base_content()
    c["platoons"]["starter"]["hq"][0]["units"][0] = "officer:light:raygun"
    with pytest.raises(ContentError, match="raygun"):
        data._build(c)
