"""Dustup's forces (book: "Forces"): quality and leadership, single figures, power armour and
cavalry movement, fatigue and starting confidence, and the optional random set-up.

Positions are (column, row); on row 0 the distance between two units is the difference of
their columns (1 hex = 2 inches).
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle, BattleSetup, IllegalOrder
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.resolution import Script
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import CONFIDENT, SHAKEN, STEADY

try:
    from . import dustkit as K
except ImportError:  # collected without a package
    import dustkit as K


def raw_battle(red, blue, dice=(), options=None, **kw) -> Battle:
    """A battle whose script starts at the very first die (set-up rolls before the roll-off)."""
    merged = K.SYSTEM.default_options()
    merged.update(options or {})
    setup = BattleSetup(system="dustup", scenario="test", seed=0, content=K.content(red, blue, **kw),
                        rules_version=K.SYSTEM.rules_version, options=merged, script=Script(tuple(dice)))
    return Battle(K.SYSTEM, setup)


def board(rows: list[str]) -> str:
    return "\n".join(rows)


FAR = K.unit("far", (15, 9), ["leader:rifle", "rifle*3"])  # an enemy far away in a corner


def moved_to(b, uid: str):
    return b.state.units[uid].pos


# -- Quality and Leadership --------------------------------------------------------------------------


@pytest.mark.parametrize("level,die", [("untrained", 4), ("green", 6), ("experienced", 8), ("veteran", 10),
                                       ("elite", 12)])
def test_quality_die_by_level(level, die):
    """Forces: Quality and Leadership (Elite and Untrained Units). Untrained D4, green D6,
    experienced D8, veteran D10, elite D12."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"], quality=level)], blue=[FAR],
                 deploy_dice=[4] if level == "untrained" else [])  # untrained troops in sight test for panic
    assert b.state.units["a"].quality == die


def test_quality_die_is_rolled_for_tests():
    """Forces: Quality. The quality die is the die a unit rolls for its tests: a veteran squad
    trying to recover rolls a D10."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"], quality="veteran")], blue=[FAR], dice=[7])
    K.set_unit(b, "a", suppression=1)
    ev = b.submit(C.Recover("a"))
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(10, 7)]


@pytest.mark.parametrize("lv", [1, 2, 3])
def test_leadership_one_to_three(lv):
    """Forces: Leadership. A value between 1 (inspirational) and 3 (poor)."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"], leadership=lv)], blue=[FAR])
    assert b.state.units["a"].leadership == lv


@pytest.mark.parametrize("lv", [0, 4])
def test_leadership_outside_one_to_three_is_refused(lv):
    """Forces: Leadership. A scenario with a leadership of 0 or 4 is a content error, not a battle."""
    with pytest.raises(ContentError):
        K.battle(red=[K.unit("a", (0, 0), ["rifle*4"], leadership=lv)], blue=[FAR])


def test_every_unit_has_a_leader():
    """Forces: Leaders. Each unit has a designated leader; if the scenario names none, the first
    figure leads."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"])], blue=[FAR])
    assert b.state.units["a"].leader.id == "a.1"


# -- Single figures -------------------------------------------------------------------------------


def test_a_single_figure_is_a_unit_and_a_small_target():
    """Forces: Single Figures. A unit of one figure activates like any other unit and is a small
    target when fired on."""
    b = K.battle(red=[K.unit("s", (0, 0), ["leader:rifle"]), K.unit("a", (3, 0), ["rifle*4"])], blue=[FAR],
                 dice=[2])
    s, a = b.state.units["s"], b.state.units["a"]
    assert s.kind == "single" and s.small
    assert not a.small
    b.submit(C.Move("s", K.hx(0, 2)))
    assert b.state.active.unit == "s" and b.state.units["s"].activated


# -- Power armour -----------------------------------------------------------------------------------


ROUGH = board(["." + ":" * 15] + [":" * 16] * 9)


def test_power_armour_crosses_rough_ground_as_clear():
    """Move Action: Terrain Effects on Movement. Rough ground is poor going (2 points a hex) for
    normal infantry but clear (1) for power armoured infantry: a roll of 3 takes them 3 hexes."""
    b = K.battle(red=[K.unit("p", (0, 0), ["rifle*4"], armour="light_power")], blue=[FAR], map=ROUGH, dice=[3])
    assert b.state.units["p"].power
    b.submit(C.Move("p", K.hx(5, 0)))
    assert moved_to(b, "p") == K.hx(3, 0)


def test_normal_infantry_pay_two_points_for_rough_ground():
    """Move Action: Terrain Effects on Movement. The same roll of 3 takes normal infantry one hex
    of rough ground (2 points); the next would need 2 more."""
    b = K.battle(red=[K.unit("n", (0, 0), ["rifle*4"], armour="full_light")], blue=[FAR], map=ROUGH, dice=[3])
    b.submit(C.Move("n", K.hx(5, 0)))
    assert moved_to(b, "n") == K.hx(1, 0)


WATER = board(["..-" + "." * 13] * 10)


def test_open_water_is_impassable_to_infantry():
    """Move Action: Terrain Effects on Movement. Open water may not be entered (non-amphibious)."""
    b = K.battle(red=[K.unit("n", (0, 0), ["rifle*4"])], blue=[FAR], map=WATER)
    with pytest.raises(IllegalOrder, match="no way to get there"):
        b.submit(C.Move("n", K.hx(4, 0)))
    with pytest.raises(IllegalOrder):
        b.submit(C.Move("n", K.hx(2, 0)))


def test_power_armour_wades_open_water_at_three_points():
    """Move Action: Terrain Effects on Movement. Power armour may wade on the bottom: open water is
    difficult going for it, 3 points a hex. A roll of 5: 1 + 3 + 1 takes it across."""
    b = K.battle(red=[K.unit("p", (0, 0), ["rifle*4"], armour="heavy_power")], blue=[FAR], map=WATER, dice=[5])
    ev = b.submit(C.Move("p", K.hx(4, 0)))
    moved = [e for e in ev if isinstance(e, E.UnitMoved)][0]
    assert moved.path == (K.hx(0, 0), K.hx(1, 0), K.hx(2, 0), K.hx(3, 0)) and moved.points == 5


# -- Cavalry ----------------------------------------------------------------------------------------


def test_cavalry_move_on_a_d10():
    """Forces: Cavalry. Horse cavalry have a base move of D10."""
    b = K.battle(red=[K.unit("c", (0, 0), ["rifle*4"], move="cavalry")], blue=[FAR], dice=[9])
    ev = b.submit(C.Move("c", K.hx(12, 0)))
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(10, 9)]
    assert moved_to(b, "c") == K.hx(9, 0)


def test_dismounted_cavalry_move_as_infantry():
    """Forces: Cavalry. Dismounted cavalry act as infantry: a D6."""
    b = K.battle(red=[K.unit("c", (0, 0), ["rifle*4"], move="cavalry")], blue=[FAR], dice=[5])
    K.set_unit(b, "c", mounted=False)
    ev = b.submit(C.Move("c", K.hx(5, 0)))
    sides, result, purpose = K.rolls(ev)[0]
    assert (sides, result) == (6, 5) and "dismounted" in purpose


def test_mounted_cavalry_may_not_prop():
    """Forces: Cavalry; Prop Action. Cavalry may not prop; dismounted cavalry may."""
    b = K.battle(red=[K.unit("c", (0, 0), ["rifle*4"], move="cavalry")], blue=[FAR])
    with pytest.raises(IllegalOrder, match="mounted cavalry"):
        b.submit(C.Prop("c"))
    K.set_unit(b, "c", mounted=False)
    b.submit(C.Prop("c"))
    assert b.state.units["c"].propped


@pytest.mark.parametrize("kind,die", [("infantry", 6), ("fast", 8), ("cavalry", 10), ("vehicle", 12),
                                      ("encumbered", 4)])
def test_movement_dice_table(kind, die):
    """Move Action: encumbered infantry D4, infantry D6, fast infantry D8, cavalry D10, vehicles D12."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"], move=kind)], blue=[FAR])
    assert b.state.units["a"].move_die == die


# -- Fatigue and confidence ---------------------------------------------------------------------------


@pytest.mark.parametrize("fatigue,level", [("fresh", CONFIDENT), ("tired", STEADY), ("exhausted", SHAKEN)])
def test_fatigue_sets_starting_confidence(fatigue, level):
    """Forces: Fatigue. Fresh troops begin confident, tired steady, exhausted shaken; that is also
    the level rallying can bring them back to."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"])], blue=[FAR], red_side={"fatigue": fatigue})
    u = b.state.units["a"]
    assert u.confidence == level and u.initial_confidence == level


def test_scenario_may_set_a_units_confidence():
    """Forces: Confidence. Units generally start confident, but a scenario may say otherwise."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*4"], confidence="shaken")], blue=[FAR])
    assert b.state.units["a"].confidence == SHAKEN


# -- Optional random set-up -----------------------------------------------------------------------------


def test_random_setup_rolls_quality_leadership_and_confidence():
    """Forces: Quality and Leadership; Confidence (optional). Per unit a D6 for quality (1 green,
    2-5 experienced, 6 veteran), a D6 for leadership (1 poor 3, 2-5 average 2, 6 inspirational 1)
    and a D6 for confidence (1 drops to steady and rolls again: another 1 drops to shaken)."""
    red = [K.unit("r", (0, 0), ["rifle*4"])]
    blue = [K.unit("b", (10, 8), ["rifle*4"])]
    b = raw_battle(red, blue, dice=[1, 6, 1, 1,   # r: green, inspirational, steady, then shaken
                                    6, 1, 4,      # b: veteran, poor, confident
                                    8, 1], options={"random_setup": True})
    r, bl = b.state.units["r"], b.state.units["b"]
    assert (r.quality, r.leadership, r.confidence, r.initial_confidence) == (6, 1, SHAKEN, SHAKEN)
    assert (bl.quality, bl.leadership, bl.confidence) == (10, 3, CONFIDENT)
    assert b.state.pending.kind == "first" and b.state.pending.side == "red"  # then the roll-off


@pytest.mark.parametrize("q,quality", [(1, 6), (2, 8), (5, 8), (6, 10)])
@pytest.mark.parametrize("lv,leadership", [(1, 3), (3, 2), (6, 1)])
def test_random_setup_tables(q, quality, lv, leadership):
    """Forces: Quality and Leadership. The D6 tables for quality and leadership, every band."""
    b = raw_battle([K.unit("r", (0, 0), ["rifle*4"])], [K.unit("b", (10, 8), ["rifle*4"])],
                   dice=[q, lv, 3, 2, 2, 2, 8, 1], options={"random_setup": True})
    r = b.state.units["r"]
    assert (r.quality, r.leadership, r.confidence) == (quality, leadership, CONFIDENT)


def test_random_setup_second_confidence_roll_not_a_one_stays_steady():
    """Forces: Confidence (optional). A 1 drops to steady; a second roll other than 1 leaves it so."""
    b = raw_battle([K.unit("r", (0, 0), ["rifle*4"])], [K.unit("b", (10, 8), ["rifle*4"])],
                   dice=[3, 3, 1, 5, 3, 3, 2, 8, 1], options={"random_setup": True})
    assert b.state.units["r"].confidence == STEADY
    assert b.state.units["r"].initial_confidence == STEADY
