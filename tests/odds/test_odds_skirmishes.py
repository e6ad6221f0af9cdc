"""Skirmishes: the odds an order's preview shows are the odds the engine rolls.

Each situation is set up the way tests/skirmishes/ sets up its rule tests (the real weapons, armour, templates
and terrain tables with a map and characters of the test's own): Red gives its orders and locks first, then
Blue's only character gets the order under test, which is the last order of the round, so the round resolves
in that one command, and its first dice are the roll under test. It is resolved once for every face of those two
or three d6, scripted (``oddskit.engine_dice_odds``); ``outcome_of`` names each throw's outcome, and each
probability the preview shows must be exactly the engine's share of the throws.

Situations (Attacks and Damage, Shooting, Weapon Range Limits, Cover and Movement, Automatic Fire, Melee,
Grenades):

- ``stationary_trooper``: Shooting 2 with an assault rifle at a trooper who stays put in the open: advantage
  (3d6, the two highest kept); the lower kept die picks the location, and the trooper's vest and helmet stop
  hits to the torso and head, so five outcomes: a miss, leg, arm, and torso or head stopped by armour.
- ``pistol_at_cover``: a thug without the Shooting skill fires a pistol at medium range at a thug behind
  rubble: two reasons for disadvantage (3d6, the two lowest kept), no armour, so every hit lands.
- ``burst_at_cover``: an automatic burst (6 rounds, advantage, +2 to the damage die) at a trooper in cover:
  advantage and disadvantage cancel to a plain 2d6; the burst's bonus shows in the hits' values.
- ``unskilled_burst_at_cover``: the same burst by a trooper without the Shooting skill: "However, roll with
  Disadvantage if you fire an Automatic weapon without the Shooting Skill", so with the target's cover two
  reasons for disadvantage and nothing to cancel them: 3d6, the two lowest kept (a miss 29 times in 36, 81%).
- ``machete_against_bayonet``: melee, a machete (medium reach) against a bayonet (long): disadvantage; the
  trooper strikes back at the same moment, which must not be taken for the attacker's own blow.
- ``frag_throw``: a breacher (Athletics 2) throws a fragmentation grenade: 2d6 + 2, 8 or more lands it.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import oddskit
import pytest

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.hexes import offset_to_axial
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.skirmishes import commands as C
from hexfront.engine.systems.skirmishes import data
from hexfront.engine.systems.skirmishes.previews import hit_odds

SYSTEM = get_system("skirmishes")
_BASE = data.load_content(content_root() / "skirmishes", "street_ambush")


def _ch(cid: str, at: tuple[int, int], template: str, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": cid, "template": template, "at": list(at), **extra}


def _battle(red: list, blue: list, mapping: str, options: dict[str, Any] | None = None) -> Battle:
    content = copy.deepcopy(_BASE)
    content["scenario"] = {"title": "Odds ground", "map": mapping, "aftermath_hours": 1,
                           "victory": {"round_limit": 20, "at_limit": "standing"},
                           "sides": [{"id": "red", "name": "Red", "characters": red},
                                     {"id": "blue", "name": "Blue", "characters": blue}]}
    setup = BattleSetup(system="skirmishes", scenario="odds", seed=0, content=content, rules_version="1",
                        script=Script(), options=dict(options or {}))
    return Battle(SYSTEM, setup)


def _row(cells: str, rows: int = 3) -> str:
    """A map ``rows`` deep whose first row is ``cells`` and the rest open ground."""
    return "\n".join([cells] + ["." * len(cells)] * (rows - 1))


def stationary_trooper():
    b = _battle([_ch("R1", (0, 0), "trooper")], [_ch("B1", (8, 0), "team_lead")], _row("." * 12))
    b.submit(C.Aim("R1"))  # Red's only character has its order: Red is locked, Blue's order ends the round
    return b, C.Shoot("B1", "assault_rifle", "R1")


def pistol_at_cover():
    b = _battle([_ch("R1", (0, 0), "thug")], [_ch("B1", (10, 0), "thug")], _row(".:" + "." * 10))
    b.submit(C.Aim("R1"))
    return b, C.Shoot("B1", "pistol", "R1")


def burst_at_cover():
    b = _battle([_ch("R1", (0, 0), "trooper")], [_ch("B1", (8, 0), "team_lead")], _row(":" + "." * 11))
    b.submit(C.Aim("R1"))
    return b, C.Shoot("B1", "assault_rifle", "R1", True)


def unskilled_burst_at_cover(options: dict[str, Any] | None = None):
    b = _battle([_ch("R1", (0, 0), "trooper")], [_ch("B1", (8, 0), "trooper")], _row(":" + "." * 11), options)
    b.submit(C.Aim("R1"))
    return b, C.Shoot("B1", "assault_rifle", "R1", True)


def machete_against_bayonet():
    b = _battle([_ch("R1", (0, 0), "trooper")], [_ch("B1", (1, 0), "breacher")], _row("." * 8))
    b.submit(C.Aim("R1"))
    return b, C.Melee("B1", "R1")


def frag_throw():
    b = _battle([_ch("R1", (0, 0), "thug")], [_ch("B1", (9, 0), "breacher")], _row("." * 12))
    b.submit(C.Aim("R1"))
    return b, C.Throw("B1", "frag", offset_to_axial(0, 0))


SITUATIONS = {
    "stationary_trooper": (stationary_trooper, "advantage", 5),
    "pistol_at_cover": (pistol_at_cover, "disadvantage", 5),
    "burst_at_cover": (burst_at_cover, "normal", 5),
    "unskilled_burst_at_cover": (unskilled_burst_at_cover, "disadvantage", 5),
    "machete_against_bayonet": (machete_against_bayonet, "disadvantage", 5),
    "frag_throw": (frag_throw, "normal", 2),
}


#: the dice a skill roll throws (Shooting): 2d6, or 3d6 with advantage or disadvantage
DICE = {"normal": (6, 6), "advantage": (6, 6, 6), "disadvantage": (6, 6, 6)}


@pytest.mark.parametrize("name", SITUATIONS)
def test_the_preview_odds_are_the_engines_odds(name):
    make, mode, outcomes = SITUATIONS[name]
    b, cmd = make()
    assert b.side_to_act() == "blue" and b.refusal(cmd) is None
    preview, exact = oddskit.check_dice_odds_exactly(SYSTEM, b.state, cmd, DICE[mode], settled_first=True)
    assert any(m.startswith(f"roll: {mode}") for m in preview.modifiers), preview.modifiers
    assert len(preview.odds) == outcomes, preview.odds
    assert None not in exact  # decided by its dice


def test_the_situations_show_what_their_docstring_says():
    """The outcomes and values each situation is there for: armour by location, no armour, the burst's +2."""
    odds = {name: {c.outcome: c for c in SYSTEM.preview(*(lambda b, c: (b.state, c))(*make())).odds}
            for name, (make, _mode, _n) in SITUATIONS.items()}
    assert set(odds["stationary_trooper"]) == {"miss", "hit to the leg", "hit to the arm",
                                               "hit to the torso, stopped by armour",
                                               "hit to the head, stopped by armour"}
    assert odds["stationary_trooper"]["hit to the torso, stopped by armour"].value == 0
    assert set(odds["pistol_at_cover"]) == {"miss", "hit to the leg", "hit to the arm", "hit to the torso",
                                            "hit to the head"}
    # the burst's plain 2d6 with +2 to the damage die: each hit that lands does 2 more than a plain 2d6's
    b, _cmd = burst_at_cover()
    plain = {c.outcome: c for c in hit_odds("normal", 2, b.state.chars["R1"], 0, False)}
    for outcome in ("hit to the leg", "hit to the arm"):
        value = plain[outcome].value
        assert value is not None and odds["burst_at_cover"][outcome].value == pytest.approx(value + 2, abs=1e-3)
        assert odds["burst_at_cover"][outcome].probability == pytest.approx(plain[outcome].probability)
    assert set(odds["frag_throw"]) == {"lands on the hex", "goes astray harmlessly"}
    assert odds["frag_throw"]["lands on the hex"].probability == pytest.approx(26 / 36)


@pytest.mark.parametrize(("cancels", "mode", "miss"), [(False, "disadvantage", Fraction(29, 36)),
                                                       (True, "normal", Fraction(7, 12))])
def test_an_unskilled_burst_at_cover_misses_81_percent_by_the_book(cancels, mode, miss):
    """Automatic Fire: "However, roll with Disadvantage if you fire an Automatic weapon without the Shooting
    Skill." Cover and Movement: "Roll with Disadvantage against targets in cover." A trooper (Shooting 0) bursting
    at a trooper in cover misses 29 times in 36 (81%) by the book; under the option ``unskilled_burst_cancels``
    (not the book's) the burst's advantage cancels both and it misses 7 times in 12 (58%). Each reading's preview
    is the engine's exact odds, and the computer player's hit chance is the same number."""
    from hexfront.engine.systems.skirmishes.ai import DefaultPlayer
    from hexfront.engine.systems.skirmishes.pricing import p_roll

    options = {"unskilled_burst_cancels": True} if cancels else {}
    b, cmd = unskilled_burst_at_cover(options)
    preview, exact = oddskit.check_dice_odds_exactly(SYSTEM, b.state, cmd, DICE[mode], settled_first=True)
    assert any(m.startswith(f"roll: {mode}") for m in preview.modifiers), preview.modifiers
    assert exact["miss"] == miss
    assert {c.outcome: c.probability for c in preview.odds}["miss"] == float(miss)
    # the computer player prices the same burst with the same mode (its private helpers, read here directly)
    player, shooter, target = DefaultPlayer(0), b.state.chars["B1"], b.state.chars["R1"]
    player._setup(b.state, "blue")
    ai_mode = player._shot_mode(shooter, "assault_rifle", target, shooter.pos, True)
    assert ai_mode == mode and p_roll(ai_mode, shooter.shooting) == float(1 - miss)
