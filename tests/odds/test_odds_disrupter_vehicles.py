"""Disrupter's vehicles (this game's own): the odds a shot at a vehicle shows are the engine's exact chances,
checked against the engine resolving the order once for every face of every d100 it rolls
(``oddskit.check_dice_odds_exactly``), as for every other shot (tests/odds/test_odds_disrupter.py).

Blue's Alpha lead is a Runner scout car (A60, W4 for each of the two soldiers aboard) facing SW, away from its
NCO; Red's marksmen (two soldiers, Instinct 60, marksman rifle and rifle) fire at it from two hexes:

1. from its front: one Instinct check, one Armor 60 save with no modifier;
2. from its rear ([variant] player_facing, so the save is the only roll): the save at [-], two d100, the worse
   kept (this game's own rear armour rule).
"""

from __future__ import annotations

import copy
import sys
from fractions import Fraction
from pathlib import Path

import oddskit

sys.path.insert(0, str(Path(__file__).parents[1] / "disrupter"))

import diskit as K  # noqa: E402
from diskit import C, hx  # noqa: E402

TWO_D100 = (100, 100)
TARGET = hx(6, 4)


def crewed_car() -> dict:
    starter = copy.deepcopy(K.base_content()["platoons"]["starter"])
    starter["squads"][0]["teams"][0]["units"] = ["soldier:runner:turret_gun", "soldier:runner:rifle"]
    starter["squads"][0]["teams"][1]["units"] = ["officer:light:carbine", "soldier:light:rifle"]
    return {"starter": starter}


def at_red_ba(firer, options=None):
    b = K.battle({"blue-a1": TARGET, "red-a3": firer}, platoons=crewed_car(), options=options)
    K.goto(b, "g1", "red", "ba")
    return b


def test_marksmen_at_the_front_of_a_scout_car():
    b = at_red_ba(TARGET.neighbour(4).neighbour(4))
    preview, _ = oddskit.check_dice_odds_exactly(K.SYSTEM, b.state, C.Fire("red-a3", "blue-a1"), TWO_D100,
                                                 settled_first=True)
    by = {c.outcome: c.probability for c in preview.odds}
    assert set(by) == {"hit: 4 wounds", "hit, saved: 2 wounds", "miss, saved: firer [-] next turn",
                       "miss: no effect"}
    assert by["hit: 4 wounds"] == float(Fraction(60, 100) * Fraction(40, 100))  # under 60, then 60 or over
    assert preview.modifiers == ()


def test_marksmen_into_the_rear_of_a_scout_car():
    b = at_red_ba(TARGET.neighbour(1).neighbour(1), options={"player_facing": True})
    preview, _ = oddskit.check_dice_odds_exactly(K.SYSTEM, b.state, C.Fire("red-a3", "blue-a1"), TWO_D100,
                                                 settled_first=True)
    by = {c.outcome: c.probability for c in preview.odds}
    # the save at [-] succeeds only when both d100 are under 60 (a double under 60 is a critical success, still
    # a success; a double at 60 or over a critical failure): 0.6 * 0.6
    assert by["saved: no wounds"] == float(Fraction(60, 100) ** 2)
    assert any("rear armour" in m for m in preview.modifiers), preview.modifiers


def nco_car() -> dict:
    starter = copy.deepcopy(K.base_content()["platoons"]["starter"])
    starter["squads"][0]["teams"][0]["units"] = ["officer:runner:turret_gun", "soldier:runner:rifle"]
    return {"starter": starter}


def test_a_slide_with_the_co_beside_the_driver():
    """A drive's slide: the driver's Instinct check (the NCO, Instinct 80) with [+] for the CO within Close of the
    hex the slide starts from; two d100, the better kept. Nothing else rolls: no enemy is near."""
    start = hx(6, 6)
    b = K.battle({"red-a1": start, "red-co": start.neighbour(1).neighbour(1)}, platoons=nco_car())
    K.goto(b, "co", "red", "move")
    b.submit(C.EndPhase("red"))  # the CO's command stays where it is
    K.goto(b, "g1", "red", "move")
    drive = C.Drive("red-a1", ("ahead", "slide_left"))  # the slide starts one hex NE: the CO is then beside it
    preview, _ = oddskit.check_dice_odds_exactly(K.SYSTEM, b.state, drive, TWO_D100)
    by = {c.outcome: c.probability for c in preview.odds}
    assert not preview.estimate
    assert any("officer within Close" in m for m in preview.modifiers), preview.modifiers
    assert by["a slide fails: it skids to a stop"] == float(Fraction(20, 100) ** 2)
