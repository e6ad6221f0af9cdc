"""Dustup: the odds an order's preview shows against the engine's own dice (oddskit), exactly.

Each situation is resolved from one state with scripted dice, once for every run of faces the dice that
decide it can show (oddskit.engine_dice_odds_by_rule); the outcome of every run is read back by ``outcome_of``,
and each shown probability must be the engine's exact chance (a Fraction, as a float): the same number,
not one within sampling error. The situations:

- **Shoot in the open** (Shoot Action: Target Die; Resolving Direct Fire; Determine Casualties): Alpha
  Squad fires on Dog Section 8 hexes away on open ground, beyond short range: an unshifted D8 target
  die against quality D8, small arms D4 and an LMG D8. Shows no effect, a minor success and a major
  success with each number of hits.
- **Shoot into scrub at a propped target, with additional hits** (Die Shifts; Concealment; Optional
  Additional Hits): Dog Section, propped in light scrub 5 hexes away: short range -1, partial
  concealment +1, propped +1, so a D10 target die; the optional rule rolls the target die again for
  one more hit on the remainder. Shows that the shifts and the extra roll are priced as the engine
  rolls them.
- **Recover Suppression** (Recover Suppression Action): the suppressed squad's quality D8 must beat
  its leadership 2: an unopposed test.
- **Rally with the optional doubles** (Rally Action): the platoon commander, out of voice range, must
  get the message through (D8 against the worse leadership) before the shaken squad rolls against
  both leaderships, rising two levels over double and dropping one under half.
- **The courage test, panic recovery, an order through an enemy jammer, medical treatment and a search
  for a hidden unit** (Assault Action: Courage Test; Morale: Panic; Communicate Action: Jamming; Medical
  Treatment Action; Detect Action): each preview is the resolution's own rule put to every face.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "dustup"))

import dustkit as K  # noqa: E402
import oddskit  # noqa: E402
import pytest  # noqa: E402

from hexfront.engine.systems.dustup import commands as C  # noqa: E402
from hexfront.engine.systems.dustup import courage, fire, heavy  # noqa: E402
from hexfront.engine.systems.dustup.state import SHAKEN, UNTREATED  # noqa: E402

SYSTEM = K.SYSTEM
HIGH = {"commitment": "high"}


def _board(row0: str = "", width: int = 16, height: int = 4) -> str:
    return "\n".join([(row0 + "." * width)[:width]] + ["." * width] * (height - 1))


def _set(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def _squads(dog_at=(8, 0), **kw):
    kw.setdefault("map", _board())
    return K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*2", "lmg"], name="Alpha Squad")],
                    blue=[K.unit("d", dog_at, ["leader:rifle", "rifle*5"], name="Dog Section")],
                    red_side=HIGH, blue_side=HIGH, **kw)


SHOT_DICE = (fire.RULE_TARGET, fire.RULE_FIREPOWER, fire.RULE_EXTRA)


def _check(b, cmd, rules=SHOT_DICE, answers=()):
    return oddskit.check_dice_by_rule_exactly(SYSTEM, b.state, cmd, rules, answers)


def test_a_shot_in_the_open_matches_the_engine():
    b = _squads()
    preview, exact = _check(b, C.Shoot("A", "d"))
    assert preview.modifiers[0] == "target die D8: no shifts"
    assert preview.value_unit == "hits"
    assert sum(1 for c in preview.odds if c.outcome.startswith("major success")) >= 2  # one outcome per number of hits
    assert sum(v for k, v in exact.items() if k.startswith("major success")) > 0


def test_a_shot_into_scrub_at_a_propped_target_with_additional_hits_matches_the_engine():
    b = _squads(dog_at=(5, 0), map=_board(".....,"), options={"additional_hits": True})
    _set(b, "d", "propped", True)
    preview, _ = _check(b, C.Shoot("A", "d"))
    assert preview.modifiers[0].startswith("target die D8 -> D10")
    assert "partial concealment +1" in preview.modifiers[0] and "propped +1" in preview.modifiers[0]
    assert any("additional hits" in m for m in preview.modifiers)


def test_the_recover_suppression_test_matches_the_engine():
    b = _squads()
    _set(b, "A", "suppression", 1)
    preview, exact = _check(b, C.Recover("A"), ("Recover Suppression Action",))
    assert {c.outcome for c in preview.odds} == set(exact)
    assert preview.odds[0].probability == 6 / 8  # D8 over leadership 2


def test_a_rally_with_the_optional_doubles_matches_the_engine():
    b = K.battle(red=[K.unit("H", (0, 0), ["commander:rifle", "rifle"], kind="command", level=1, name="Platoon HQ",
                             leadership=1),
                      K.unit("A", (9, 0), ["leader:rifle", "rifle*4"], name="Alpha Squad", commander="H",
                             leadership=2, quality="veteran")],
                 blue=[K.unit("d", (15, 3), ["rifle*4"], name="Dog Section")],
                 red_side=HIGH, blue_side=HIGH, map=_board(), options={"rally_doubles": True})
    _set(b, "A", "confidence", SHAKEN)
    cmd = C.Rally("H", "A")
    assert SYSTEM.validate(b.state, cmd) is None, SYSTEM.validate(b.state, cmd)
    preview, exact = _check(b, cmd, ("Rally Action", "Communicate Action: Jamming"))
    assert "the message fails" not in {c.outcome for c in preview.odds}  # a failed message is "no change"
    assert len(exact) >= 3


# -- more rules whose preview is the resolution's own rule over every face (previews.py, odds.py) -------------


def test_the_courage_test_matches_the_engine_exactly():
    """Assault Action: Courage Test, with the open shifts: Dog Section, outnumbered, suppressed, in woods, chooses
    to stand (the preview prices the test; a defender's choice to withdraw instead is its own)."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*5"], name="Alpha Squad")],
                 blue=[K.unit("d", (4, 0), ["leader:rifle", "rifle*2"], name="Dog Section")],
                 map=_board("....*"))
    _set(b, "d", "suppression", 1)
    preview, exact = _check(b, C.Assault("A", "d"), (courage.R_COURAGE,), answers=(C.Decide("stand"),))
    assert len(exact) >= 3, exact


def test_panic_recovery_matches_the_engine_exactly():
    """Morale: Panic: the panicking squad's D8 must beat its leadership 2; under half of it, it drops a level."""
    b = _squads()
    _set(b, "A", "panicked", True)
    _set(b, "A", "leadership", 3)
    preview, exact = _check(b, C.Rouse("A"), ("Morale: Panic",))
    assert set(exact) == {c.outcome for c in preview.odds if c.probability}


def test_an_order_through_an_enemy_jammer_matches_the_engine_exactly():
    """Order Action; Communicate Action: Jamming: the enemy jammer's opposed roll shifts the message die down
    one or two before it must beat the worse leadership."""
    b = K.battle(red=[K.unit("H", (0, 0), ["commander:rifle", "rifle"], kind="command", level=1, name="Platoon HQ",
                             leadership=1),
                      K.unit("A", (9, 0), ["leader:rifle", "rifle*4"], name="Alpha Squad", commander="H",
                             leadership=2)],
                 blue=[K.unit("d", (15, 3), ["rifle*4"], name="Dog Section")],
                 red_side=HIGH, blue_side={**HIGH, "jammer": 10}, map=_board())
    preview, exact = _check(b, C.Order("H", "A"), ("Order Action", "Communicate Action: Jamming"))
    assert any("enemy jammer D10" in m for m in preview.modifiers), preview.modifiers
    assert set(exact) == {"the order gets through: it takes two actions", "the message fails"}


def test_medical_treatment_matches_the_engine_exactly():
    """Medical Treatment Action: a die for each untreated casualty, 1-2 dies, 3-5 stabilised, 6 or more back."""
    b = _squads()
    for f in b.state.units["A"].figures[1:3]:  # test set-up: two of Alpha's riflemen are down, untreated
        f.status, f.wounds = UNTREATED, 1
    preview, exact = _check(b, C.Treat("A", "A"), ("Medical Treatment Action",))
    assert len(exact) >= 3, exact


def test_a_search_for_a_hidden_unit_matches_the_engine_exactly():
    """Detect Action: the marker's range die against the observer's quality and sensor dice."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"], name="Alpha Squad")],
                 blue=[K.unit("d", (5, 0), ["rifle*4"], name="Dog Section", hidden=True)],
                 red_side=HIGH, blue_side=HIGH, map=_board())
    marker = next(iter(b.state.markers))
    preview, exact = _check(b, C.Detect("A", marker), ("Detect Action",))
    assert set(exact) == {c.outcome for c in preview.odds if c.probability}


def test_a_shaken_move_toward_the_enemy_matches_the_engine_exactly():
    """Move Action; Forces: Confidence (shaken): a leadership test first, then the movement die walked along
    the route (ground.furthest_stop), every face of both dice."""
    b = _squads(dog_at=(12, 0))
    _set(b, "A", "confidence", SHAKEN)
    preview, exact = _check(b, C.Move("A", K.hx(5, 0)), ("Forces: Confidence (shaken)", "Move Action"))
    assert set(exact) == {"reaches (5,0)", "falls short: goes as far as the roll allows",
                          "will not go: the action is lost"}, exact


def test_a_tank_gun_at_a_tank_matches_the_engine_exactly():
    """Firing Heavy Weapons: the gun's target die (heavy.weapon_target_die) against the crew's quality die and
    the gun's firepower, no effect, a suppression or each number of hits, every face of every die."""
    b = K.battle(red=[dict(id="T", vehicle="mbt", at=[5, 2], facing=3, name="Tank One")],
                 blue=[dict(id="w", vehicle="mbt", at=[1, 2], facing=0, name="West Tank")], map=K.OPEN)
    cmd = heavy.FireWeapon("T", ("T.1",), "w")
    preview, exact = _check(b, cmd, (heavy.RULE_HEAVY,))
    assert preview.value_unit == "hits" and len(exact) >= 3, exact


@pytest.mark.parametrize("half", ["text", "summary"])
def test_the_courage_tests_half_is_one_definition_in_the_rule_the_odds_and_the_computer(half):
    """Assault Action: Courage Test: "If the attacker fails to score at least half of the defender's score, the
    attack fails" (text) against the summary box's "Attacker <= defender / 2". Alpha and Dog roll D8 against D8
    (no shifts): the four throws at exactly half (1-2, 2-4, 3-6, 4-8) fail badly only under the summary. The
    preview is the engine's exact odds under either reading; its "fails badly" chance is the courage test's
    half in the odds module (odds.p_opposed) and in the computer player's own estimate (view.courage_odds), all
    from dice.courage_under_half."""
    from hexfront.engine.systems.dustup import odds, view
    from hexfront.engine.systems.dustup.dice import courage_under_half

    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*2"], name="Alpha Squad")],
                 blue=[K.unit("d", (4, 0), ["leader:rifle", "rifle*2"], name="Dog Section")],
                 map=_board(), options={"courage_half": half})
    preview, exact = _check(b, C.Assault("A", "d"), (courage.R_COURAGE,), answers=(C.Decide("stand"),))
    bad = sum(1 for a in range(1, 9) for d in range(1, 9) if courage_under_half(a, d, half))
    assert bad == (12 if half == "text" else 16)  # 2a < d: 12 throws; 2a <= d: those and the 4 at exactly half
    fails_badly = next(c for c in preview.odds if c.outcome.startswith("the attack fails"))
    assert fails_badly.probability == bad / 64 == odds.p_opposed(8, 8, half)["half"]
    assert view.courage_odds(b.state, b.state.units["d"], 8, 8)[courage.BAD] == bad / 64
    assert exact[fails_badly.outcome] == Fraction(bad, 64)
