"""Dustup's Shoot Action, with the book's worked examples and every row of its tables.

Positions are (column, row); on row 0 the distance between two units is the
difference of their columns (1 hex = 2 inches).
"""

from __future__ import annotations

import itertools

import dustkit as K
import pytest

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import fire
from hexfront.engine.systems.dustup.state import BROKEN, CONFIDENT, FIT, KILLED, STEADY, UNTREATED

HIGH = {"commitment": "high"}  # no first-fire or first-suppression tests: keeps a shot's dice to the shot
LOW = {"commitment": "low"}


def board(row0: str = "", width: int = 16, height: int = 4) -> str:
    """A map of open ground whose first row starts with ``row0``."""
    rows = [(row0 + "." * width)[:width]] + ["." * width] * (height - 1)
    return "\n".join(rows)


def setf(b, uid: str, field: str, value) -> None:
    """Put a unit in a state the scenario file cannot describe (through an event, as the rules would)."""
    K.set_unit(b, uid, **{field: value})


def rolled(events, rule_part: str = "") -> list[tuple[int, int]]:
    return [(s, r) for s, r, p in K.rolls(events) if rule_part in p]


def fig(b, fid: str):
    uid = fid.split(".")[0]
    return next(f for f in b.state.units[uid].figures if f.id == fid)


# ---------------------------------------------------------------------------------------------
# The book's examples
# ---------------------------------------------------------------------------------------------


def extended_example(dice, options=None):
    """Shoot Action: Extended Example. 10 experienced troops, 9 laser rifles and a plasma rifle, fire
    at infantry 30 inches (15 hexes) away, behind concealing scrub; partial light armour (D6)."""
    return K.battle(
        red=[K.unit("a", (0, 0), ["leader:laser_rifle", "laser_rifle*8", "plasma_rifle"])],
        blue=[K.unit("t", (15, 0), ["rifle*6"], armour="partial_light")],
        map=board("." * 15 + ","), dice=dice, options=options)


def test_extended_example_major_success_one_hit():
    """Shoot Action: Extended Example. Target die D8 -> D10 for the concealment; the firer rolls a D8
    quality die, a D10 for the laser rifles and a D6 for the plasma rifle; 5 against 6, 8, 3 is a
    major success; 17 / 10 = 1 hit; the impact D6 against the armour D6 wounds."""
    b = extended_example([5, 6, 8, 3, 2, 5, 3, 8, 8])
    ev = b.submit(C.Shoot("a", "t"))
    rolls = K.rolls(ev)
    assert rolls[0] == (10, 5, "target die D8 -> D10: partial concealment +1")
    assert [(s, r) for s, r, _ in rolls[1:4]] == [(8, 6), (10, 8), (6, 3)]
    assert "quality die D8" in rolls[1][2] and "9 x laser rifle (FP1) = 9" in rolls[2][2]
    assert "plasma rifle" in rolls[3][2]
    notes = [e.text for e in ev if isinstance(e, E.Note)]
    assert any("major success" in n for n in notes)
    assert any("total 17" in n and "1 hit" in n and "7 in 10 chance" in n for n in notes)
    impact = [(s, r) for s, r, p in rolls if p.startswith("impact die")]
    armour = [(s, r) for s, r, p in rolls if p.startswith("armour die")]
    assert impact == [(6, 5)] and armour == [(6, 3)]
    t = b.state.units["t"]
    assert t.suppression == 1
    assert fig(b, "t.2").status == UNTREATED
    assert K.script_used(b) == 2 + 9


@pytest.mark.parametrize("extra, hits", [(7, 2), (8, 1)])
def test_extended_example_additional_hit(extra, hits):
    """Shoot Action: Optional Additional Hits. 17 / 10 leaves 7: a D10 of 7 or less adds a hit."""
    after = [2, 4, 5, 3, 2, 5] if hits == 2 else [2, 5, 3]
    b = extended_example([5, 6, 8, 3, extra] + after + [8, 8], options={"additional_hits": True})
    ev = b.submit(C.Shoot("a", "t"))
    extra_roll = [(s, r) for s, r, p in K.rolls(ev) if p.startswith("additional hit")]
    assert extra_roll == [(10, extra)]
    assert "7 or less" in [p for _, _, p in K.rolls(ev) if p.startswith("additional hit")][0]
    allocations = [r for s, r, p in K.rolls(ev) if p.startswith("which figure")]
    assert len(allocations) == hits
    assert fig(b, "t.2").status == UNTREATED
    assert K.script_used(b) == 2 + len([5, 6, 8, 3, extra] + after + [8, 8])


def test_three_men_with_fp3_weapons_roll_a_d10():
    """Shoot Action: Firepower Dice. 3 men with FP3 weapons: FP 9, rounded up to a D10."""
    b = K.battle(red=[K.unit("a", (0, 0), ["shotgun*3"])], blue=[K.unit("t", (8, 0), ["rifle*5"])])
    u = b.state.units["a"]
    dice, impact = fire.firer_dice(b.state, u, ["a.1", "a.2", "a.3"])
    assert dice == [8, 10] and impact == 8


def test_small_arms_die_rounds_up_and_stops_at_d12():
    """Shoot Action: Firepower Dice. Rounded UP to a die type (below 4 a D4); never above a D12."""
    b = K.battle(red=[K.unit("a", (0, 0), ["assault_rifle*10"]), K.unit("m", (0, 2), ["musket*3"])],
                 blue=[K.unit("t", (8, 0), ["rifle*5"])])
    st = b.state
    big, _ = fire.firer_dice_named(st, st.units["a"], [f.id for f in st.units["a"].figures])
    assert big[1][0] == 12 and "= 20 (at most a D12)" in big[1][1]
    small, impact = fire.firer_dice(st, st.units["m"], [f.id for f in st.units["m"].figures])
    assert small == [8, 4] and impact == 4  # 3 x 0.5 = 1.5: a D4


def test_determine_casualties_example():
    """Shoot Action: Determine Casualties. Target die D8 rolls 4; the firer's 6, 5 and 2 are a major
    success; 13 / 8 = 1 hit (with a 5 in 8 chance of a second under the optional rule)."""
    b = K.battle(red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*4", "lmg"])],
                 blue=[K.unit("t", (10, 0), ["rifle*6"])], blue_side=HIGH,
                 dice=[4, 6, 5, 2, 3, 1, 4])
    ev = b.submit(C.Shoot("a", "t"))
    assert [(s, r) for s, r, _ in K.rolls(ev)[:4]] == [(8, 4), (8, 6), (6, 5), (8, 2)]
    notes = [e.text for e in ev if isinstance(e, E.Note)]
    assert any("2 of 3 dice" in n and "major success" in n for n in notes)
    assert any("total 13" in n and "1 hit" in n and "5 in 8 chance" in n for n in notes)
    assert len([p for _, _, p in K.rolls(ev) if p.startswith("which figure")]) == 1
    assert b.state.units["t"].suppression == 1
    assert fig(b, "t.3").status == FIT  # impact 1 against armour 4: no effect


# ---------------------------------------------------------------------------------------------
# Target die: every row of the table
# ---------------------------------------------------------------------------------------------


def _target_die(setup: str):
    red_q, blue_figs, dist, row0, sets, suppressive = "experienced", ["rifle*5"], 10, "", [], False
    width = 16
    if setup == "long range":
        dist, width = 25, 30
    elif setup == "partial concealment":
        row0 = "." * 10 + ","
    elif setup == "complete concealment":
        row0 = "." * 10 + ","
        sets = [("complete_concealment", True)]
    elif setup == "propped":
        sets = [("propped", True)]
    elif setup == "small target":
        blue_figs = ["rifle"]
    elif setup == "short range":
        dist = 6
    elif setup == "firer untrained":
        red_q = "untrained"
    elif setup == "firer elite":
        red_q = "elite"
    elif setup == "travel mode":
        sets = [("travel", True)]
    elif setup == "suppressive fire":
        suppressive = True
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*5"], quality=red_q)],
                 blue=[K.unit("t", (dist, 0), blue_figs)], map=board(row0, width),
                 deploy_dice=[4] if red_q == "untrained" else [])  # untrained: first sight, a passed panic test
    for field, value in sets:
        setf(b, "t", field, value)
    st = b.state
    return fire.target_die_for(st, st.units["a"], st.units["t"], suppressive)


@pytest.mark.parametrize("row, die", [
    ("nothing", 8), ("long range", 10), ("partial concealment", 10), ("complete concealment", 12),
    ("propped", 10), ("small target", 10), ("short range", 6), ("firer untrained", 10), ("firer elite", 6),
    ("travel mode", 6), ("suppressive fire", 6),
])
def test_target_die_table_rows(row, die):
    """Shoot Action: Target Die. A D8 shifted by each row: long range (beyond 24 hexes) +1, partial
    concealment +1, complete +2, propped +1, small target +1, short range (6 hexes or less) -1,
    untrained firer +1, elite firer -1, travel mode -1, suppressive fire -1."""
    got, shifts = _target_die(row)
    assert got == die
    if row == "nothing":
        assert shifts == []
    else:
        assert len(shifts) == 1 and shifts[0][0].startswith(row)


def test_target_die_roll_names_every_shift():
    """Shoot Action: Target Die. The roll's purpose lists each shift: propped and concealed."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*5"])], blue=[K.unit("t", (10, 0), ["rifle*5"])],
                 map=board("." * 10 + ","), blue_side=HIGH, dice=[12, 1, 1])
    setf(b, "t", "propped", True)
    ev = b.submit(C.Shoot("a", "t"))
    assert K.rolls(ev)[0] == (12, 12, "target die D8 -> D12: partial concealment +1, propped +1")


def test_target_die_above_d12_no_shooting():
    """Shoot Action: Target Die. Long range and complete concealment take a D8 above a D12: no
    shooting is possible."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*5"])], blue=[K.unit("t", (25, 0), ["rifle*5"])],
                 map=board("." * 25 + ",", 30))
    setf(b, "t", "complete_concealment", True)
    why = b.refusal(C.Shoot("a", "t"))
    assert why.startswith("no shooting is possible") and "above D12" in why
    assert "long range (25 hexes) +1, complete concealment +2" in why
    with pytest.raises(IllegalOrder):
        b.submit(C.Shoot("a", "t"))


def test_target_die_stops_at_d4():
    """Dice: shifts are closed; short range, an elite firer, travel mode and suppressive fire (-4)
    leave a D4."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*5"], quality="elite")],
                 blue=[K.unit("t", (4, 0), ["rifle*5"])])
    setf(b, "t", "travel", True)
    st = b.state
    die, shifts = fire.target_die_for(st, st.units["a"], st.units["t"], True)
    assert die == 4 and sum(s for _, s in shifts) == -4


# ---------------------------------------------------------------------------------------------
# Results: none, minor, major, suppressive
# ---------------------------------------------------------------------------------------------


def simple(dice, *, red=None, blue=None, dist=10, options=None, blue_side=HIGH, **kw):
    return K.battle(red=red or [K.unit("a", (0, 0), ["leader:rifle", "rifle*4"])],
                    blue=blue or [K.unit("t", (dist, 0), ["rifle*6"])], dice=dice, options=options,
                    blue_side=blue_side, **kw)


def test_minor_success_only_suppresses():
    """Shoot Action: Resolving Direct Fire. One die beats the target die: a suppression marker, no
    hits even though the dice total more than the target die type."""
    b = simple([4, 8, 3])
    ev = b.submit(C.Shoot("a", "t"))
    assert b.state.units["t"].suppression == 1
    assert any(isinstance(e, E.Note) and "minor success" in e.text for e in ev)
    assert not [e for e in ev if isinstance(e, E.FigureChanged)]
    assert K.script_used(b) == 2 + 3


def test_no_success_no_effect_draw_favours_target():
    """Shoot Action: Resolving Direct Fire. No firer die above the target's roll (a draw is not
    enough): no effect."""
    b = simple([6, 6, 2])
    ev = b.submit(C.Shoot("a", "t"))
    assert b.state.units["t"].suppression == 0
    assert any(isinstance(e, E.Note) and "no success" in e.text for e in ev)
    assert K.script_used(b) == 2 + 3


def test_suppressive_fire_scores_no_hits():
    """Shoot Action: Suppressive Fire. The target die is shifted down (D8 -> D6); a major success
    only places a suppression marker."""
    b = simple([1, 8, 6])
    ev = b.submit(C.Shoot("a", "t", suppressive=True))
    assert K.rolls(ev)[0] == (6, 1, "target die D8 -> D6: suppressive fire -1")
    assert b.state.units["t"].suppression == 1
    assert not [p for _, _, p in K.rolls(ev) if p.startswith("which figure")]
    assert all(f.status == FIT for f in b.state.units["t"].figures)
    assert K.script_used(b) == 2 + 3


# ---------------------------------------------------------------------------------------------
# Support weapons, impact and armour
# ---------------------------------------------------------------------------------------------


def test_support_weapon_alone_uses_its_own_impact():
    """Shoot Action: Support Weapons. A support weapon fired on its own: quality die and its own die,
    no small arms die, and its own impact (light machinegun D10)."""
    b = simple([1, 8, 8, 2, 3, 10, 1, 1, 4, 8],
               red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg"])])
    ev = b.submit(C.Shoot("a", "t", figures=("a.5",)))
    assert [(s, r) for s, r, _ in K.rolls(ev)[:3]] == [(8, 1), (8, 8), (8, 8)]
    impacts = [s for s, _, p in K.rolls(ev) if p.startswith("impact die")]
    assert impacts == [10, 10]
    assert fig(b, "t.2").status == KILLED and fig(b, "t.3").status == FIT
    assert [e.figure for e in ev if isinstance(e, E.KillCredited)] == ["a.5"]
    assert fig(b, "a.5").fired and not fig(b, "a.1").fired


def test_support_in_support_role_adds_only_firepower():
    """Shoot Action: Resolve Impact. Support weapons fired with the small arms add their dice; the
    small arms' impact (rifle D8) is used."""
    b = K.battle(red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg"])], blue=[K.unit("t", (8, 0), ["rifle"])])
    u = b.state.units["a"]
    named, impact = fire.firer_dice_named(b.state, u, [f.id for f in u.figures])
    assert [d for d, _ in named] == [8, 4, 8] and impact == 8
    assert "4 x bolt or semi-automatic rifle (FP1) = 4" in named[1][1] and "light machinegun" in named[2][1]


def test_only_support_weapons_use_the_lowest_impact():
    """Shoot Action: Support Weapons. A squad of only support weapons combines their dice; the LOWEST
    impact among them is used (plasma rifle D6 rather than the machinegun's D10)."""
    b = K.battle(red=[K.unit("a", (0, 0), ["leader:lmg", "plasma_rifle"])], blue=[K.unit("t", (8, 0), ["rifle"])])
    u = b.state.units["a"]
    dice, impact = fire.firer_dice(b.state, u, ["a.1", "a.2"])
    assert dice == [8, 8, 6] and impact == 6
    alone, own = fire.firer_dice(b.state, u, ["a.1"])
    assert alone == [8, 8] and own == 10


def test_unarmoured_figure_wounded_by_any_hit():
    """Personal Armour. Unarmoured troops roll a D4 but any hit wounds: impact 1 against 4 wounds."""
    b = simple([1, 8, 2, 3, 1, 4, 8], blue=[K.unit("t", (10, 0), ["rifle*6"], armour="none")])
    assert fig(b, "t.3").unarmoured
    ev = b.submit(C.Shoot("a", "t"))
    assert rolled(ev, "impact die") == [(8, 1)] and rolled(ev, "armour die") == [(4, 4)]
    assert fig(b, "t.3").status == UNTREATED


def test_cover_and_prop_shift_the_armour_die():
    """Cover; Prop Action. Soft cover +1 and propped +1 shift basic battledress D4 to a D8; propped
    also shifts the target die up."""
    b = simple([1, 8, 2, 3, 8, 4, 8], map=board("." * 10 + ":"))
    setf(b, "t", "propped", True)
    ev = b.submit(C.Shoot("a", "t"))
    assert K.rolls(ev)[0][:2] == (10, 1) and "propped +1" in K.rolls(ev)[0][2]
    armour = [(s, p) for s, _, p in K.rolls(ev) if p.startswith("armour die")]
    assert armour[0][0] == 8 and "soft cover +1, propped +1" in armour[0][1]
    assert fig(b, "t.3").status == UNTREATED  # impact 8 against armour 4: wounded, not more than double


def test_hit_on_a_killed_figure_is_wasted():
    """Shoot Action: Resolve Impact. A figure hit twice rolls twice; one already killed takes no roll."""
    b = simple([1, 8, 12, 3, 3, 8, 1, 8],
               red=[K.unit("a", (0, 0), ["leader:assault_rifle", "assault_rifle*5"])])
    ev = b.submit(C.Shoot("a", "t"))
    assert len(rolled(ev, "impact die")) == 1
    assert fig(b, "t.3").status == KILLED
    assert any(isinstance(e, E.Note) and "already down" in e.text for e in ev)


# ---------------------------------------------------------------------------------------------
# Grenades
# ---------------------------------------------------------------------------------------------


def grenadiers(dist=3, grenades="hand_grenade", dice=()):
    return simple(list(dice), red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*4"], grenades=grenades)],
                  dist=dist)


def test_two_riflemen_throw_grenades_instead_of_firing():
    """Grenades. Up to two riflemen throw hand grenades (D8 each) instead of their rifles: the small
    arms die is for the other three (FP 3: a D4); the small arms' impact (rifle D8) is used."""
    b = grenadiers(dice=[6, 8, 1, 2, 2])
    st = b.state
    dice, impact = fire.firer_dice(st, st.units["a"], [f.id for f in st.units["a"].figures], 2)
    assert dice == [8, 4, 8, 8] and impact == 8
    ev = b.submit(C.Shoot("a", "t", grenades=2))
    rolls = K.rolls(ev)
    assert rolls[0][:2] == (6, 6) and "short range (3 hexes) -1" in rolls[0][2]
    assert [s for s, _, _ in rolls[1:]] == [8, 4, 8, 8]
    assert "thrown by a.5" in rolls[3][2] and "thrown by a.4" in rolls[4][2]
    fired = [e for e in ev if isinstance(e, E.FiguresFired)][0]
    assert len(fired.figures) == 5
    assert b.state.units["t"].suppression == 1  # 8 beat the 6: a minor success


@pytest.mark.parametrize("kw, grenades, dist, words", [
    ({}, 1, 4, "hand grenades reach 3 hexes at most"),
    ({"grenades": None}, 1, 3, "carries no grenades"),
    ({}, 3, 3, "at most 2 grenades"),
    ({"figures": ("a.2",)}, 2, 3, "only riflemen throw grenades"),
])
def test_grenade_refusals(kw, grenades, dist, words):
    """Grenades: a short range, only for units that carry them, at most two, thrown by riflemen."""
    b = grenadiers(dist=dist, grenades=kw.get("grenades", "hand_grenade"))
    why = b.refusal(C.Shoot("a", "t", figures=kw.get("figures", ()), grenades=grenades))
    assert why is not None and words in why


def test_rifle_grenades_reach_further():
    """Grenades. Rifle grenades reach 48 inches (24 hexes)."""
    b = grenadiers(dist=10, grenades="rifle_grenade")
    assert b.refusal(C.Shoot("a", "t", grenades=1)) is None


# ---------------------------------------------------------------------------------------------
# Split fire and once per activation
# ---------------------------------------------------------------------------------------------


def test_split_fire_at_the_same_target_twice():
    """Shoot Action: Split Fire. Two actions, different figures, the same target: two minor
    successes, two suppression markers; each weapon fires once."""
    b = simple([4, 8, 1, 4, 8, 1], red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg"])])
    b.submit(C.Shoot("a", "t", figures=("a.1", "a.2", "a.3", "a.4")))
    assert b.state.units["t"].suppression == 1
    assert "already fired" in b.refusal(C.Shoot("a", "t", figures=("a.1",)))
    st = b.state
    assert [f.id for f in fire.firing_figures(st, st.units["a"], st.units["t"])] == ["a.5"]
    ev = b.submit(C.Shoot("a", "t"))
    assert [e.figures for e in ev if isinstance(e, E.FiguresFired)] == [("a.5",)]
    assert b.state.units["t"].suppression == 2
    assert any(isinstance(e, E.ActivationEnded) for e in ev)


def test_split_fire_at_two_targets():
    """Shoot Action: Split Fire. Some figures at one target, the others at another."""
    b = simple([8, 1, 1, 8, 1, 1], red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg"])],
               blue=[K.unit("t", (10, 0), ["rifle*6"]), K.unit("u", (10, 2), ["rifle*6"])])
    b.submit(C.Shoot("a", "t", figures=("a.5",)))
    ev = b.submit(C.Shoot("a", "u"))
    assert [e.figures for e in ev if isinstance(e, E.FiguresFired)] == [("a.1", "a.2", "a.3", "a.4")]
    assert b.state.units["t"].under_fire_before and b.state.units["u"].under_fire_before


def test_each_weapon_fires_once_per_activation():
    """Shoot Action: no single weapon may be fired more than once per activation."""
    b = simple([8, 1, 1])
    b.submit(C.Shoot("a", "t"))
    why = b.refusal(C.Shoot("a", "t"))
    assert "every weapon of a has fired this activation" in why
    assert all(f.fired for f in b.state.units["a"].figures)


# ---------------------------------------------------------------------------------------------
# Travel mode and morale
# ---------------------------------------------------------------------------------------------


def test_travel_mode_target_is_suppressed_and_tests():
    """Move Action: Travel Movement. Fired on in travel mode: suppressed even though the fire failed,
    and a confidence test (here the first-suppression row, medium commitment 1 + leadership 2 + 3 for
    travel mode)."""
    b = simple([6, 1, 1, 7], blue_side={"commitment": "medium"})
    setf(b, "t", "travel", True)
    ev = b.submit(C.Shoot("a", "t"))
    assert K.rolls(ev)[0][0] == 6  # travel mode: D8 -> D6
    assert b.state.units["t"].suppression == 1
    tests = [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert len(tests) == 1 and "must beat 6" in tests[0] and "first suppressed" in tests[0]
    assert "3 travel mode" in tests[0]
    assert b.state.units["t"].confidence == CONFIDENT


def test_travel_mode_test_when_nothing_else_calls_for_one():
    """Move Action: Travel Movement. High commitment needs no first-fire or first-suppression test;
    the travel-mode unit still tests (0 + leadership 2 + 2 for travel mode) and fails on a 3."""
    b = simple([6, 1, 1, 3])
    setf(b, "t", "travel", True)
    ev = b.submit(C.Shoot("a", "t"))
    tests = [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert len(tests) == 1 and "travel fired on" in tests[0] and "must beat 4" in tests[0]
    assert b.state.units["t"].confidence == STEADY


def test_first_time_under_fire_low_commitment():
    """Morale: Confidence Test. First time under fire (low commitment: 1 + leadership 2); the second
    time, no test."""
    b = simple([8, 1, 1, 4, 8, 1, 1], red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg"])],
               blue_side=LOW)
    ev = b.submit(C.Shoot("a", "t", figures=("a.5",)))
    tests = [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert len(tests) == 1 and "first fire" in tests[0] and "must beat 3" in tests[0]
    assert b.state.units["t"].under_fire_before
    ev = b.submit(C.Shoot("a", "t"))
    assert not [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert K.script_used(b) == 2 + 7


def test_first_time_suppressed_low_commitment():
    """Morale: Confidence Test. First time suppressed by fire (low: 2 + leadership 2), after the
    first-fire test; the suppressed_before mark is read before the marker goes on."""
    b = simple([1, 8, 1, 8, 2], blue_side=LOW)
    ev = b.submit(C.Shoot("a", "t"))
    tests = [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert len(tests) == 2 and "first fire" in tests[0] and "first suppressed" in tests[1]
    assert "must beat 4" in tests[1]
    t = b.state.units["t"]
    assert t.suppressed_before and t.confidence == STEADY  # 2 is not above 4 (but not under half)


def test_casualties_heavy_losses():
    """Morale: Confidence Test. Casualties from fire (medium: 1 + leadership 2), plus 2 when more are
    lost in one attack than survive it (2 killed, 1 left); kills credited to the firers."""
    b = simple([1, 8, 12, 2, 3, 8, 1, 8, 1, 8, 8],
               red=[K.unit("a", (0, 0), ["leader:assault_rifle", "assault_rifle*5"])],
               blue=[K.unit("t", (10, 0), ["rifle*3"])], blue_side={"commitment": "medium"})
    ev = b.submit(C.Shoot("a", "t"))
    assert fig(b, "t.2").status == KILLED and fig(b, "t.3").status == KILLED
    tests = [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert len(tests) == 2 and "casualties" in tests[1] and "2 heavy losses" in tests[1]
    assert "must beat 5" in tests[1]
    assert [e.figure for e in ev if isinstance(e, E.KillCredited)] == ["a.1", "a.2"]


def test_leader_hit_calls_death_of_a_leader():
    """Morale: Death of a Leader. A wounded leader: a casualties test, then the leader-hit test, and
    the unit must appoint a new leader."""
    b = simple([1, 8, 12, 1, 1, 5, 3, 4, 4, 8, 8],
               red=[K.unit("a", (0, 0), ["leader:assault_rifle", "assault_rifle*5"])])
    ev = b.submit(C.Shoot("a", "t"))
    assert fig(b, "t.1").status == UNTREATED and fig(b, "t.1").role == "leader"
    tests = [p for _, _, p in K.rolls(ev) if p.startswith("confidence test")]
    assert len(tests) == 2 and "casualties" in tests[0] and "leader hit" in tests[1]
    assert b.state.units["t"].leaderless


def test_green_unit_tests_for_panic_the_first_time_fired_on():
    """Morale: Panic. Green troops test the first time they are fired on (D6 must beat leadership 2);
    a 1 panics them. Not again the second time."""
    b = simple([8, 1, 1, 1, 8, 1, 1], red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg"])],
               blue=[K.unit("t", (10, 0), ["rifle*6"], quality="green")])
    ev = b.submit(C.Shoot("a", "t", figures=("a.5",)))
    assert [p for _, _, p in K.rolls(ev) if p.startswith("panic test")]
    assert b.state.units["t"].panicked
    ev = b.submit(C.Shoot("a", "t"))
    assert not [p for _, _, p in K.rolls(ev) if p.startswith("panic test")]


def test_experienced_unit_does_not_panic_when_fired_on():
    """Morale: Panic. Experienced troops do not test when fired on."""
    b = simple([8, 1, 1])
    ev = b.submit(C.Shoot("a", "t"))
    assert not [p for _, _, p in K.rolls(ev) if p.startswith("panic test")]
    assert K.script_used(b) == 2 + 3


def test_hidden_firer_is_revealed():
    """Detect Action: Hidden Units. A hidden unit that fires is detected."""
    b = simple([8, 1, 1], red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*4"], hidden=True)],
               map=board(","))
    assert b.state.markers
    ev = b.submit(C.Shoot("a", "t"))
    assert not b.state.units["a"].hidden and not b.state.markers
    assert any(isinstance(e, E.MarkerRemoved) for e in ev)
    assert [e.action for e in ev if isinstance(e, E.ActionTaken)] == ["shoot"]


# ---------------------------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------------------------


def refusal_case(case: str):
    red_kw, blue_kw, row0, target, cmd_kw, dist = {}, {}, "", "t", {}, 10
    sets: list[tuple[str, str, object]] = []
    if case == "suppressed":
        sets = [("a", "suppression", 1)]
    elif case == "completely concealed":
        row0, sets = ",", [("a", "complete_concealment", True)]
    elif case == "broken in the open":
        red_kw = {"confidence": "broken"}
    elif case == "travel mode":
        sets = [("a", "travel", True)]
    elif case == "own side":
        target = "b2"
    elif case == "unknown target":
        target = "zz"
    elif case == "hidden target":
        blue_kw = {"hidden": True}
        row0 = "." * 10 + ","
    elif case == "no line of sight":
        row0 = "." * 5 + "*"
    elif case == "pistol at long range":
        cmd_kw = {"figures": ("a.2",)}
    elif case == "not our figure":
        cmd_kw = {"figures": ("t.1",)}
    elif case == "named twice":
        cmd_kw = {"figures": ("a.1", "a.1")}
    elif case == "wounded figure":
        cmd_kw = {"figures": ("a.3",)}
    elif case == "pistols only":
        red_kw = {"figures": ["leader:pistol", "pistol*2"]}
    b = K.battle(red=[K.unit("a", (0, 0), red_kw.pop("figures", ["leader:rifle", "pistol", "rifle*3"]), **red_kw),
                      K.unit("b2", (0, 2), ["rifle*3"])],
                 blue=[K.unit("t", (dist, 0), ["rifle*5"], **blue_kw)], map=board(row0))
    for uid, field, value in sets:
        setf(b, uid, field, value)
    if case == "wounded figure":
        K.ctx(b).emit(E.FigureChanged(unit="a", figure="a.3", status=UNTREATED, wounds=1))
    return b.refusal(C.Shoot("a", target, **cmd_kw))


@pytest.mark.parametrize("case, words", [
    ("suppressed", "is suppressed"),
    ("completely concealed", "completely concealed and may not fire"),
    ("broken in the open", "may fire only while in cover"),
    ("travel mode", "travel mode"),
    ("own side", "own side"),
    ("unknown target", "no unit 'zz'"),
    ("hidden target", "hidden unit"),
    ("no line of sight", "cannot see"),
    ("pistol at long range", "pistol may only be used at close range"),
    ("not our figure", "not a figure of"),
    ("named twice", "named twice"),
    ("wounded figure", "untreated and cannot fire"),
    ("pistols only", "reaches 10 hexes"),
])
def test_refusals(case, words):
    """Shoot Action; Recover Suppression; Concealment; Forces: Confidence; Line of Sight; Range."""
    why = refusal_case(case)
    assert why is not None and words in why


def test_broken_unit_may_fire_from_cover():
    """Forces: Confidence. A broken unit may fire as long as it is in cover."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*3"], confidence="broken")],
                 blue=[K.unit("t", (8, 0), ["rifle*5"])], map=board(":"))
    assert b.state.units["a"].confidence == BROKEN
    assert b.refusal(C.Shoot("a", "t")) is None


def test_pistols_fire_at_close_range_and_are_left_out_beyond():
    """Shoot Action: Range. Pistols only at close range (6 hexes): beyond it the unit's other weapons
    fire without them."""
    b = K.battle(red=[K.unit("a", (0, 0), ["leader:pistol", "rifle*3"])],
                 blue=[K.unit("t", (8, 0), ["rifle*5"]), K.unit("n", (5, 2), ["rifle*5"])])
    st = b.state
    far = fire.firing_figures(st, st.units["a"], st.units["t"])
    near = fire.firing_figures(st, st.units["a"], st.units["n"])
    assert [f.id for f in far] == ["a.2", "a.3", "a.4"] and len(near) == 4


# ---------------------------------------------------------------------------------------------
# Final defensive fire, odds, offer
# ---------------------------------------------------------------------------------------------


def test_final_defensive_fire():
    """Assault Action: Final Defensive Fire. The defender fires even though its weapons have fired;
    resolved normally, the suppression result ignored, no morale test; returns the casualties."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*6"])], blue=[K.unit("t", (2, 0), ["rifle*6"])])
    ctx = K.ctx(b, [1, 8, 6, 2, 3, 8, 1, 3, 2])
    ctx.emit(E.FiguresFired(unit="t", figures=tuple(f.id for f in b.state.units["t"].figures)))
    n = fire.final_defensive_fire(ctx, b.state.units["t"], b.state.units["a"])
    assert n == 2
    assert K.rolls(ctx.events)[0][:2] == (6, 1)  # short range: D8 -> D6
    a = b.state.units["a"]
    assert a.suppression == 0 and not a.under_fire_before
    assert fig(b, "a.2").status == KILLED and fig(b, "a.3").status == UNTREATED
    assert not [e for e in ctx.events if isinstance(e, E.ActionTaken)]
    assert not [p for _, _, p in K.rolls(ctx.events) if p.startswith("confidence test")]
    assert ctx.rng.dice_pos == 9


def test_odds_count_every_face():
    """Shoot Action: the preview's odds are exact: against a brute-force count of every roll."""
    b = K.battle(red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*4", "lmg"])],
                 blue=[K.unit("t", (10, 0), ["rifle*6"])], options={"additional_hits": True})
    st = b.state
    o = fire.odds(st, st.units["a"], st.units["t"])
    assert o.target_die == 8 and o.dice == (8, 6, 8)
    counts = [0, 0, 0]
    hits: dict[int, float] = {}
    n = 0
    for t, *rolls in itertools.product(range(1, 9), range(1, 9), range(1, 7), range(1, 9)):
        n += 1
        s = min(2, sum(r > t for r in rolls))
        counts[s] += 1
        if s == 2:
            h, rem = divmod(sum(rolls), 8)
            hits[h] = hits.get(h, 0) + (1 - rem / 8)
            hits[h + 1] = hits.get(h + 1, 0) + rem / 8
        else:
            hits[0] = hits.get(0, 0) + 1
    assert (o.none, o.minor, o.major) == pytest.approx([c / n for c in counts])
    assert o.hits == pytest.approx([hits.get(k, 0) / n for k in range(len(o.hits))])
    assert sum(o.hits) == pytest.approx(1)


def test_odds_none_when_no_shooting_is_possible():
    """Shoot Action: Target Die. Above a D12 there are no odds to show: no shooting is possible."""
    b = K.battle(red=[K.unit("a", (0, 0), ["rifle*5"])], blue=[K.unit("t", (25, 0), ["rifle"])],
                 map=board("." * 25 + ",", 30))
    setf(b, "t", "propped", True)
    st = b.state
    assert fire.odds(st, st.units["a"], st.units["t"]) is None  # long, concealed, propped, small: D8 +4


def test_offer_lists_each_way_to_fire():
    """Shoot Action: the orders offered: all, small arms only, each support weapon alone, one and two
    grenades, suppressive fire; none at a hidden enemy or one out of sight."""
    b = K.battle(red=[K.unit("a", (0, 0), ["leader:rifle", "rifle*3", "lmg", "plasma_rifle"],
                             grenades="hand_grenade")],
                 blue=[K.unit("t", (3, 0), ["rifle*5"]), K.unit("h", (9, 0), ["rifle*5"], hidden=True),
                       K.unit("w", (12, 0), ["rifle*5"]), K.unit("x", (1, 2), ["rifle*5"])],
                 map="\n".join(["." * 9 + "," + "." * 6, "*" * 16, "." * 16, "." * 16]))
    st = b.state
    assert not fire.ground.can_see(st, st.units["a"].pos, st.units["x"].pos)
    shots = {c for c in b.legal_commands() if isinstance(c, C.Shoot)}
    assert shots == {
        C.Shoot("a", "t"), C.Shoot("a", "t", figures=("a.1", "a.2", "a.3", "a.4")),
        C.Shoot("a", "t", figures=("a.5",)), C.Shoot("a", "t", figures=("a.6",)),
        C.Shoot("a", "t", grenades=1), C.Shoot("a", "t", grenades=2), C.Shoot("a", "t", suppressive=True),
        C.Shoot("a", "w"), C.Shoot("a", "w", figures=("a.1", "a.2", "a.3", "a.4")),
        C.Shoot("a", "w", figures=("a.5",)), C.Shoot("a", "w", figures=("a.6",)),
        C.Shoot("a", "w", suppressive=True),
    }
