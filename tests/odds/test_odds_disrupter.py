"""Disrupter: the odds an order's preview shows are the engine's exact chances, checked against the engine
resolving the order once for every face of every d100 it rolls (``oddskit.check_dice_odds_exactly``).

Every chance in Disrupter is a d100 roll-under check or save (Rule 7 - Checks and Saves): under the stat
succeeds, doubles are criticals, [+] rolls two d100 and keeps the better, [-] the worse. The preview counts
every face through the same functions the resolution uses (``dice.check_result``, ``FirePlan.rows``); here the
engine itself is scripted with each combination of faces in turn (10,000 resolutions for two d100) and
``outcome_of`` names what each gave: each shown probability must be the engine's exact chance, to the bit.

The situations, set up on the rule-book tests' open 16 x 10 ground (tests/disrupter/diskit.py), each in Group
1's battlefield-action step of turn 1 with Red to act. Each rolls two d100, so the engine can be enumerated in
full; together they cover what a shot can combine:

1. ``test_marksmen_at_walker_bots_in_the_open``: Rule 16 - Firing, the plain four-way table: two soldiers (one
   Instinct 60 check, no modifier) at two walker bots (one Armor 55 save) two hexes off.
2. ``test_marksmen_under_cover_fire_with_disadvantage``: Rule 13 - Cover on the firers: their check has [-]
   (two d100, the worse kept); [streamline] active_rolls_only leaves the target no save.
3. ``test_walker_bots_under_cover_save_with_advantage``: Rule 13 - Cover on the target: its save has [+] (two
   d100, the better kept); [variant] player_facing: no Instinct check, a hit unless saved.
4. ``test_alpha_lead_at_a_mixed_team``: Rule 16 - Firing against two Armor values (15 and 35): two saves, the
   firers' wounds added up across the pairings (player_facing, so the saves are the only dice).
5. ``test_a_soldier_and_a_bot_fire_together``: Rule 16 - Firing with two Instinct values (60 and 40) in one
   firing team: two checks, each pairing with the (failed, active_rolls_only) save.
6. ``test_spotting_from_cover``: Rule 16 - Spotting, a single Instinct check with [-] (under cover), with its
   four results (critical success, success, failure, critical failure) shown apart.
7. ``test_a_saved_hit_by_each_reading_of_wounds_less_one``: the situation of 1 under each reading of "Inflict
   Wounds-1" (each firer's weapon loses one, the default; the group's total loses one, the option
   saved_hit_one_less_per_group): the saved hit shows 2 or 3 wounds with the same chance.
"""

from __future__ import annotations

import copy
import sys
from fractions import Fraction
from pathlib import Path

import oddskit

sys.path.insert(0, str(Path(__file__).parents[1] / "disrupter"))

import diskit as K  # noqa: E402
from diskit import C, E  # noqa: E402

# forest (light cover) at (6,3) and (6,5), open between them: sight into and out of cover is not blocked
COVER_MAP = "\n".join(["." * 16] * 3 + ["......%........."] + ["." * 16] + ["......%........."] + ["." * 16] * 4)
TWO_D100 = (100, 100)


def at_red_ba(place, map: str = K.OPEN, orders=None, options=None, platoons=None):
    b = K.battle(place, map=map, orders=orders, options=options, platoons=platoons)
    K.goto(b, "g1", "red", "ba")
    return b


def take_cover(b, *teams: str) -> None:
    c = K.ctx(b)
    for t in teams:
        c.emit(E.CoverChanged(team=t, cover=True, reason="test"))


def check(b, command, shown: set[str] | None = None):
    preview, _ = oddskit.check_dice_odds_exactly(K.SYSTEM, b.state, command, TWO_D100,
                                                  settled_first=True)
    if shown is not None:
        assert {c.outcome for c in preview.odds} == shown, preview.odds
    return preview


def test_marksmen_at_walker_bots_in_the_open():
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)})
    preview = check(b, C.Fire("red-a3", "blue-bot"),
                    {"hit: 4 wounds", "hit, saved: 2 wounds", "miss, saved: firer [-] next turn", "miss: no effect"})
    assert preview.modifiers == ()
    by = {c.outcome: c.probability for c in preview.odds}
    assert by["hit: 4 wounds"] == float(Fraction(60, 100) * Fraction(45, 100))  # under 60, then 55 or over


def test_marksmen_under_cover_fire_with_disadvantage():
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, map=COVER_MAP, options={"active_rolls_only": True})
    take_cover(b, "red-a3")
    preview = check(b, C.Fire("red-a3", "blue-bot"), {"hit: 4 wounds", "miss: no effect"})
    assert any("[-] under cover" in m for m in preview.modifiers), preview.modifiers


def test_walker_bots_under_cover_save_with_advantage():
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, map=COVER_MAP, options={"player_facing": True})
    take_cover(b, "blue-bot")
    preview = check(b, C.Fire("red-a3", "blue-bot"), {"hit: 4 wounds", "saved: no wounds"})
    assert any("[+] under cover" in m for m in preview.modifiers), preview.modifiers


def test_alpha_lead_at_a_mixed_team():
    b = at_red_ba({"red-a1": (6, 5), "blue-b3": (6, 3)}, options={"player_facing": True})
    preview = check(b, C.Fire("red-a1", "blue-b3"))
    assert len(preview.odds) > 2  # two armour groups add up to more outcomes than one table row


def test_a_soldier_and_a_bot_fire_together():
    starter = copy.deepcopy(K.base_content()["platoons"]["starter"])
    starter["squads"][0]["teams"][2]["units"] = ["soldier:fatigues:marksman", "bot:walker:bot_cannon"]
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, options={"active_rolls_only": True},
                  platoons={"starter": starter})
    preview = check(b, C.Fire("red-a3", "blue-bot"))
    assert len(preview.odds) > 2  # two firing groups add up to more outcomes than one table row


def test_spotting_from_cover():
    # Alpha's orders say to spot: the unled marksmen may then spot (Rule 9 - Leading)
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, map=COVER_MAP, orders={"red-a": ("hold", None, "spot")})
    take_cover(b, "red-a3")
    preview = check(b, C.Spot("red-a3", "blue-bot"), {"critical success", "success", "failure", "critical failure"})
    assert "[-] under cover (Rule 13)" in preview.modifiers


def test_a_saved_hit_by_each_reading_of_wounds_less_one():
    """Rule 16 - Firing: Success/Success "Inflict Wounds-1". The marksman and the rifle (2 wounds each at Medium)
    share one check: by default each weapon loses one (2 wounds in all), under saved_hit_one_less_per_group the
    group's total loses one (3). Under each reading the preview is the engine's exact odds; the chance of a
    saved hit (under 60, then under 55) is the same, only its wounds differ."""
    chance = float(Fraction(60, 100) * Fraction(55, 100))
    for on, saved in ((False, "hit, saved: 2 wounds"), (True, "hit, saved: 3 wounds")):
        b = at_red_ba({"red-a3": (6, 5), "blue-bot": (6, 3)}, options={"saved_hit_one_less_per_group": on})
        preview = check(b, C.Fire("red-a3", "blue-bot"),
                        {"hit: 4 wounds", saved, "miss, saved: firer [-] next turn", "miss: no effect"})
        by = {c.outcome: c for c in preview.odds}
        assert by[saved].probability == chance and by[saved].value == (3.0 if on else 2.0)
