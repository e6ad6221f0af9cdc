"""Dustup command, support and detection actions (engine/systems/dustup/command.py and its parts), against the book.

Communicate Action, Order Action, Combined Assault, Rally Action, Detach Element Action, Regroup
Action, Medical Treatment Action, Power Armour Troops as Casualties, Detect Action, Night Vision,
Reorganise Action, and from Morale: Panic (recovery) and Death of a Leader.
"""

from __future__ import annotations

import dustkit
import pytest
from dustkit import hx, rolls, unit

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.systems.dustup import assault, command
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import (
    BROKEN,
    CONFIDENT,
    DISABLED,
    FIT,
    KILLED,
    SHAKEN,
    STABILISED,
    STEADY,
    UNTREATED,
)

BLUE = [unit("x", (8, 9), ["rifle*4"])]


def hq(at=(1, 0), **kw):
    spec = dict(kind="command", level=1, leadership=1)
    spec.update(kw)
    return unit("HQ", at, ["commander:rifle", "rifle"], **spec)


def squad(uid="A", at=(8, 0), n=6, **kw):
    spec = dict(commander="HQ", leadership=3)
    spec.update(kw)
    return unit(uid, at, ["leader:rifle", f"rifle*{n - 1}"], **spec)


def setf(b, uid, **fields):
    """Put a unit in a state for the test through the fold (as the rules' events would)."""
    dustkit.set_unit(b, uid, **fields)


def hurt(b, uid, fid, status, wounds=1):
    dustkit.ctx(b).emit(E.FigureChanged(unit=uid, figure=fid, status=status, wounds=wounds))


def refused(b, cmd) -> str:
    with pytest.raises(IllegalOrder) as exc:
        b.submit(cmd)
    return str(exc.value)


def stack(b):
    return [(a.unit, a.actions, a.by) for a in b.state.stack]


# ---------------------------------------------------------------------------------------------
# Communicate Action
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, ok", [(4, True), (3, False)])
def test_communicate_book_example(roll, ok):
    """Communicate Action: "an experienced unit with leadership 1 attempting to communicate with a
    unit of leadership 3 would roll a D8 and need to score more than 3 to succeed"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    c = dustkit.ctx(b, [roll])
    st = b.state
    assert command.communicate(c, st.units["HQ"], st.units["A"]) is ok
    (sides, result, purpose), = rolls(c.events)
    assert (sides, result) == (8, roll)
    assert "must beat 3" in purpose


def test_communicate_within_six_inches_and_in_sight_needs_no_roll():
    """Communicate Action: "If the sender and receiver are within 6 inches and have a clear line of
    sight, no roll is required" (6 inches = 3 hexes)."""
    b = dustkit.battle(red=[hq(at=(5, 0)), squad()], blue=BLUE)
    c = dustkit.ctx(b)
    assert command.communicate(c, b.state.units["HQ"], b.state.units["A"]) is True
    assert rolls(c.events) == []


def test_communicate_out_of_sight_rolls_even_when_close():
    """Communicate Action: close but with the line of sight blocked (a wood between), a roll is needed."""
    rows = ["." * 16] * 10
    rows[0] = "......*........."
    b = dustkit.battle(red=[hq(at=(5, 0)), squad(at=(7, 0))], blue=BLUE, map="\n".join(rows))
    c = dustkit.ctx(b, [2])
    assert command.communicate(c, b.state.units["HQ"], b.state.units["A"]) is False
    assert [r[:2] for r in rolls(c.events)] == [(8, 2)]


def test_bypassing_a_command_level_shifts_the_die_down():
    """Communicate Action: "For each level of command being bypassed, shift the die type down": a
    veteran company commander (D10) calling a squad past its platoon HQ rolls a D8."""
    red = [unit("CO", (0, 0), ["commander:rifle"], kind="command", level=2, leadership=1, quality="veteran"),
           unit("HQ", (15, 5), ["commander:rifle"], kind="command", level=1, leadership=1, commander="CO"),
           squad(at=(8, 0), leadership=2)]
    b = dustkit.battle(red=red, blue=BLUE)
    st = b.state
    assert command.levels_bypassed(st, st.units["CO"], st.units["A"]) == 1
    assert command.levels_bypassed(st, st.units["HQ"], st.units["A"]) == 0
    c = dustkit.ctx(b, [3])
    assert command.communicate(c, st.units["CO"], st.units["A"]) is True
    (sides, result, purpose), = rolls(c.events)
    assert sides == 8 and "D10 -> D8" in purpose and "bypassed" in purpose


@pytest.mark.parametrize("jam, comms, die", [(7, 5, 6), (9, 4, 4), (3, 5, 8)])
def test_jamming_shifts_the_communication_die(jam, comms, die):
    """Communicate Action: Jamming. Opposed roll, jammer against the communications gear: a minor
    success shifts the communication die down one, a major (more than double) down two."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, blue_side={"jammer": 10}, red_side={"comms": 8})
    c = dustkit.ctx(b, [jam, comms, 4])
    assert command.communicate(c, b.state.units["HQ"], b.state.units["A"]) is True
    assert [r[:2] for r in rolls(c.events)] == [(10, jam), (8, comms), (die, 4)]


def test_no_jamming_roll_when_no_radio_is_needed():
    """Communicate Action: Jamming only matters when a roll is made; face to face there is none."""
    b = dustkit.battle(red=[hq(at=(6, 0)), squad()], blue=BLUE, blue_side={"jammer": 12})
    c = dustkit.ctx(b)
    assert command.communicate(c, b.state.units["HQ"], b.state.units["A"]) is True
    assert rolls(c.events) == []


# ---------------------------------------------------------------------------------------------
# Order Action
# ---------------------------------------------------------------------------------------------


def test_order_activates_the_subordinate_without_a_marker_then_play_returns():
    """Order Action: communication succeeds, the subordinate takes two actions, is not marked
    activated and keeps its own activation; play then returns to the commander's second action."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[4])
    ev = b.submit(C.Order("HQ", "A"))
    assert [r[:2] for r in rolls(ev)] == [(8, 4)]
    assert stack(b) == [("HQ", 1, "turn"), ("A", 2, "order")]
    st = b.state
    assert st.units["A"].activated is False
    b.submit(C.EndActivation())
    assert stack(b) == [("HQ", 1, "turn")]
    b.submit(C.EndActivation())
    assert st.to_act == "blue"
    assert "A" in [u.id for u in st.unactivated("red")]


def test_failed_order_spends_the_action_and_may_be_tried_again():
    """Order Action: "If the communication attempt fails, that action ends. However, the commander
    may use their second action to attempt the order again." """
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[3, 5])
    b.submit(C.Order("HQ", "A"))
    assert stack(b) == [("HQ", 1, "turn")]
    b.submit(C.Order("HQ", "A"))
    assert stack(b) == [("HQ", 0, "turn"), ("A", 2, "order")]


def test_order_reactivates_a_unit_that_has_already_acted():
    """Order Action: "A unit that has already been activated can be reactivated by this means"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE + [unit("y", (12, 9), ["rifle*4"])], dice=[6])
    b.submit(C.Reorganise("A", "travel"))
    b.submit(C.EndActivation())
    assert b.state.units["A"].activated
    b.submit(C.Reorganise("x", "travel"))
    b.submit(C.EndActivation())
    b.submit(C.Order("HQ", "A"))
    assert stack(b)[-1] == ("A", 2, "order")


def test_orders_chain_down_through_a_platoon_commander():
    """Order Action: a unit activated by a commander may itself be a command unit and order its own
    subordinates. Within 6" and in sight no roll is needed at either step."""
    red = [unit("CO", (1, 0), ["commander:rifle"], kind="command", level=2, leadership=1),
           unit("HQ", (3, 0), ["commander:rifle"], kind="command", level=1, leadership=2, commander="CO"),
           squad(at=(5, 0))]
    b = dustkit.battle(red=red, blue=BLUE)
    ev = b.submit(C.Order("CO", "HQ"))
    ev += b.submit(C.Order("HQ", "A"))
    assert rolls(ev) == []
    assert stack(b) == [("CO", 1, "turn"), ("HQ", 1, "order"), ("A", 2, "order")]


def test_order_needs_a_commander_and_a_subordinate():
    """Order Action: only commanders order, and only units under them."""
    red = [hq(), squad(), unit("Z", (12, 0), ["leader:rifle", "rifle"])]
    b = dustkit.battle(red=red, blue=BLUE)
    assert "not a commander" in refused(b, C.Order("A", "Z"))
    assert "does not answer" in refused(b, C.Order("HQ", "Z"))
    assert "does not answer" in refused(b, C.Order("HQ", "x"))


def test_a_suppressed_commander_may_still_order():
    """Recover Suppression Action: "The unit's leader may still carry out communicate actions"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[7])
    setf(b, "HQ", suppression=2)
    b.submit(C.Order("HQ", "A"))
    assert stack(b)[-1] == ("A", 2, "order")


def test_a_commander_in_travel_mode_cannot_order():
    """Travel Movement: "the only actions available to the unit are to move or reorganise"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    setf(b, "HQ", travel=True)
    assert "travel mode" in refused(b, C.Order("HQ", "A"))


# ---------------------------------------------------------------------------------------------
# Combined Assault
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def fake_combined(monkeypatch):
    calls = []

    def combined_assault(ctx, units, target):
        calls.append(([u.id for u in units], target.id))

    monkeypatch.setattr(assault, "combined_assault", combined_assault, raising=False)
    return calls


def combined_battle(dice):
    red = [hq(), squad("A", (6, 6)), squad("B", (10, 6))]
    return dustkit.battle(red=red, blue=[unit("x", (8, 9), ["rifle*4"])], dice=dice)


def test_combined_assault_when_both_orders_get_through(fake_combined):
    """Combined Assault: "If both units are successfully activated the combat is conducted as for
    multiple units in close combat"; the commander uses both its actions."""
    b = combined_battle([5, 6])
    ev = b.submit(C.CombinedAssault("HQ", "A", "B", "x"))
    assert [r[:2] for r in rolls(ev)] == [(8, 5), (8, 6)]
    assert fake_combined == [(["A", "B"], "x")]
    assert all(a.unit != "HQ" for a in b.state.stack)


def test_combined_assault_with_one_order_through_activates_that_unit(fake_combined):
    """Combined Assault: if only one order gets through, that unit is simply activated."""
    b = combined_battle([5, 2])
    b.submit(C.CombinedAssault("HQ", "A", "B", "x"))
    assert fake_combined == []
    assert stack(b) == [("HQ", 0, "turn"), ("A", 2, "order")]


def test_combined_assault_needs_both_actions(fake_combined):
    b = combined_battle([1])
    b.submit(C.Order("HQ", "A"))
    assert "both" in refused(b, C.CombinedAssault("HQ", "A", "B", "x"))


def test_combined_assault_needs_both_units_able_to_assault(fake_combined):
    """Combined Assault: each ordered unit must be able to make the assault (here one is suppressed)."""
    b = combined_battle([])
    setf(b, "B", suppression=1)
    assert "suppressed" in refused(b, C.CombinedAssault("HQ", "A", "B", "x"))


def test_combined_assault_reaches_the_real_assault_module():
    """Combined Assault through assault.py: both ordered units go in against the one enemy unit, and
    once the assault is over play leaves the commander, whose both actions are spent."""
    b = combined_battle([5, 6] + [4] * 60)
    ev = b.submit(C.CombinedAssault("HQ", "A", "B", "x"))
    assert any(isinstance(e, E.Note) and e.text == "A and B assault x together" for e in ev)
    assert b.state.assault is not None  # the assault module has taken over
    for _ in range(10):
        if b.state.pending is None:
            break
        data = b.state.pending.data
        b.submit(C.Decide("stand" if "stand" in data else data[-1]))
    assert b.state.pending is None
    assert all(a.unit != "HQ" for a in b.state.stack)


# ---------------------------------------------------------------------------------------------
# Rally Action
# ---------------------------------------------------------------------------------------------


def test_rally_raises_confidence_one_level():
    """Rally Action: communicate, then the unit's quality die must beat its leadership plus the
    commander's (3 + 1 = 4): one level up."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[6, 5])
    setf(b, "A", confidence=SHAKEN)
    ev = b.submit(C.Rally("HQ", "A"))
    assert "must beat 4" in rolls(ev)[1][2]
    assert b.state.units["A"].confidence == STEADY


def test_rally_fails_on_the_target_number():
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[6, 4])
    setf(b, "A", confidence=SHAKEN)
    b.submit(C.Rally("HQ", "A"))
    assert b.state.units["A"].confidence == SHAKEN


def test_rally_never_lifts_above_the_starting_level():
    """Rally Action: "Rallying cannot raise the unit's confidence above their initial confidence level"."""
    b = dustkit.battle(red=[hq(), squad(confidence="steady")], blue=BLUE, dice=[6, 6])
    assert "starting confidence" in refused(b, C.Rally("HQ", "A"))
    setf(b, "A", confidence=SHAKEN)
    b.submit(C.Rally("HQ", "A"))
    assert b.state.units["A"].confidence == STEADY


def test_rally_needs_the_communication_first():
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[2])
    setf(b, "A", confidence=BROKEN)
    ev = b.submit(C.Rally("HQ", "A"))
    assert len(rolls(ev)) == 1
    assert b.state.units["A"].confidence == BROKEN


def test_rally_doubles_option_two_levels_up():
    """Rally Action (optional): "if the die roll exceeds double the target number, then the unit's
    confidence rises by two levels" (target 1 + 1 = 2; a 5 is more than 4)."""
    b = dustkit.battle(red=[hq(), squad(leadership=1)], blue=BLUE, dice=[6, 5], options={"rally_doubles": True})
    setf(b, "A", confidence=SHAKEN)
    b.submit(C.Rally("HQ", "A"))
    assert b.state.units["A"].confidence == CONFIDENT


def test_rally_doubles_option_under_half_drops_a_level():
    """Rally Action (optional): "if the roll is less than half the target number, the unit's
    confidence drops one level" (target 3 + 2 = 5; a 2 is under half)."""
    b = dustkit.battle(red=[hq(leadership=2), squad()], blue=BLUE, dice=[6, 2], options={"rally_doubles": True})
    setf(b, "A", confidence=SHAKEN)
    b.submit(C.Rally("HQ", "A"))
    assert b.state.units["A"].confidence == BROKEN


def test_without_the_option_a_bad_rally_changes_nothing():
    b = dustkit.battle(red=[hq(leadership=2), squad()], blue=BLUE, dice=[6, 1])
    setf(b, "A", confidence=SHAKEN)
    b.submit(C.Rally("HQ", "A"))
    assert b.state.units["A"].confidence == SHAKEN


def test_panicking_units_cannot_be_rallied():
    """Morale: Panic: "Panicked units may not be rallied while panicking"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    setf(b, "A", confidence=SHAKEN, panicked=True)
    assert "panicking" in refused(b, C.Rally("HQ", "A"))


# ---------------------------------------------------------------------------------------------
# Detach Element Action
# ---------------------------------------------------------------------------------------------


def test_detach_forms_a_detachment_on_the_same_hex():
    """Detach Element Action: one action forms the detachment; the parent keeps the leader."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    ev = b.submit(C.Detach("A", ("A.5", "A.6")))
    formed = [e for e in ev if isinstance(e, E.DetachmentFormed)]
    assert len(formed) == 1 and formed[0].unit == "A-1"
    st = b.state
    det, parent = st.units["A-1"], st.units["A"]
    assert det.kind == "detachment" and det.pos == parent.pos and det.parent == "A"
    assert [f.id for f in det.figures] == ["A.5", "A.6"] and len(parent.figures) == 4
    assert parent.leader.id == "A.1"
    assert "A-1" not in [u.id for u in st.unactivated("red")]
    assert stack(b) == [("A", 1, "turn")]


def test_the_leader_stays_with_the_parent():
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    assert "leader" in refused(b, C.Detach("A", ("A.1", "A.2")))
    assert "not a figure" in refused(b, C.Detach("A", ("HQ.1",)))


def test_parent_activates_its_detachment_nearby_without_a_roll():
    """Detach Element Action: the parent's leader uses an action to activate the detachment; no
    communication test within 6" and in sight."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    b.submit(C.Detach("A", ("A.6",)))
    ev = b.submit(C.ActivateDetachment("A", "A-1"))
    assert rolls(ev) == []
    assert stack(b) == [("A", 0, "turn"), ("A-1", 2, "detachment")]
    assert b.state.units["A-1"].activated  # never on its own: it waits for its parent


def test_a_distant_detachment_needs_a_communication_test():
    """Detach Element Action: "This requires a communication test if the detachment is more than 6"
    away or is no longer within line of sight."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[3])
    b.submit(C.Detach("A", ("A.6",)))
    dustkit.ctx(b).emit(E.UnitPlaced(unit="A-1", at=hx(8, 5)))
    ev = b.submit(C.ActivateDetachment("A", "A-1"))
    (sides, result, purpose), = rolls(ev)
    assert (sides, result) == (8, 3) and "must beat 3" in purpose
    assert stack(b) == []  # failed: the parent's last action is spent


def test_a_detachment_rejoins_its_parent_with_one_action():
    """Detach Element Action: "It takes one action to form a detachment and another action to regroup"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    b.submit(C.Detach("A", ("A.5", "A.6")))
    b.submit(C.Regroup("A", "A-1"))
    st = b.state
    assert len(st.units["A"].figures) == 6 and st.units["A-1"].off_table
    assert st.units["A"].leader.id == "A.1"


# ---------------------------------------------------------------------------------------------
# Regroup Action
# ---------------------------------------------------------------------------------------------


def regroup_battle(dice=(), a_at=(8, 0), **bkw):
    b_spec = dict(quality="veteran", leadership=1, confidence="steady")
    b_spec.update(bkw)
    red = [hq(), squad("A", a_at), squad("B", (10, 0), n=4, **b_spec)]
    b = dustkit.battle(red=red, blue=BLUE, dice=list(dice))
    hurt(b, "A", "A.6", KILLED, 2)
    hurt(b, "B", "B.4", KILLED, 2)
    return b


def test_regroup_merges_two_depleted_units():
    """Regroup Action: "leadership of the best of the two original units, the unit quality of the
    larger unit ... and the worse confidence of the two units"; both activations are used."""
    b = regroup_battle()
    b.submit(C.Regroup("A", "B"))
    st = b.state
    a = st.units["A"]
    assert st.units["B"].off_table and len(a.figures) == 10
    assert (a.leadership, a.quality, a.confidence) == (1, 8, STEADY)
    assert a.leader.id == "B.1"  # the better leader leads
    assert stack(b) == [] and st.to_act == "blue"


@pytest.mark.parametrize("a_losses, quality", [(2, 8), (3, 10)])
def test_regroup_takes_the_quality_of_the_larger_unit(a_losses, quality):
    """Regroup Action: "the unit quality of the larger unit (or the lowest value if they are the same
    size)": Alpha (D8) down to 3 fit against Bravo's 3 (D10) gives D8; down to 2 gives Bravo's D10."""
    b = regroup_battle()
    for fid in ("A.5", "A.4", "A.3")[:a_losses]:
        hurt(b, "A", fid, KILLED, 2)
    b.submit(C.Regroup("A", "B"))
    assert b.state.units["A"].quality == quality


def test_an_ordered_regroup_uses_up_the_units_own_activation():
    """Regroup Action: an order may reactivate a unit to regroup; the merged unit's activation for
    the turn is used up all the same."""
    b = regroup_battle(dice=[6])
    b.submit(C.Order("HQ", "A"))
    assert not b.state.units["A"].activated
    b.submit(C.Regroup("A", "B"))
    assert b.state.units["A"].activated and b.state.units["B"].off_table
    assert stack(b) == [("HQ", 1, "turn")]


def test_regroup_refusals():
    """Regroup Action: only depleted units, neither already activated, leaders within 6"."""
    b = regroup_battle()
    setf(b, "B", activated=True)
    assert "already been activated" in refused(b, C.Regroup("A", "B"))
    b = dustkit.battle(red=[hq(), squad("A"), squad("B", (10, 0))], blue=BLUE)
    assert "depleted" in refused(b, C.Regroup("A", "B"))
    b = regroup_battle(a_at=(4, 0))
    assert "within 6 inches" in refused(b, C.Regroup("A", "B"))


def test_regroup_may_move_first():
    """Regroup Action: "the activating unit may make one move at the start of the activation"."""
    b = regroup_battle(dice=[3], a_at=(4, 0))
    ev = b.submit(C.Regroup("A", "B", move_to=hx(7, 0)))
    assert rolls(ev)[0][:2] == (6, 3)
    st = b.state
    assert st.units["A"].pos == hx(7, 0) and st.units["B"].off_table


def test_regroup_after_a_short_move_fails():
    b = regroup_battle(dice=[1], a_at=(4, 0))
    b.submit(C.Regroup("A", "B", move_to=hx(7, 0)))
    st = b.state
    assert not st.units["B"].off_table and stack(b) == [("A", 1, "turn")]


# ---------------------------------------------------------------------------------------------
# Medical Treatment Action and Power Armour Troops as Casualties
# ---------------------------------------------------------------------------------------------


def test_treatment_rolls_a_d6_for_each_casualty():
    """Medical Treatment Action: one action, a D6 per casualty: 1-2 killed, 3-5 stabilised, 6 back
    to duty."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[1, 4, 6])
    for fid in ("A.2", "A.3", "A.4"):
        hurt(b, "A", fid, UNTREATED)
    ev = b.submit(C.Treat("A", "A"))
    assert [r[:2] for r in rolls(ev)] == [(6, 1), (6, 4), (6, 6)]
    figs = {f.id: f for f in b.state.units["A"].figures}
    assert [figs[i].status for i in ("A.2", "A.3", "A.4")] == [KILLED, STABILISED, FIT]
    assert figs["A.4"].wounds == 0
    assert stack(b) == [("A", 1, "turn")]


def test_a_unit_medic_rolls_a_d8():
    red = [hq(), unit("A", (8, 0), ["leader:rifle", "medic:rifle", "rifle*2"], commander="HQ")]
    b = dustkit.battle(red=red, blue=BLUE, dice=[7])
    hurt(b, "A", "A.3", UNTREATED)
    ev = b.submit(C.Treat("A", "A"))
    assert [r[:2] for r in rolls(ev)] == [(8, 7)]


def test_a_medic_from_another_unit_must_be_within_two_inches():
    """Medical Treatment Action: "A medic from another unit can treat a unit, but must have first moved
    to within 2 inches of the treated unit's leader" (the same or an adjacent hex)."""
    medics = unit("M", (6, 0), ["medic:pistol", "medic:pistol"], medic="team")
    b = dustkit.battle(red=[hq(), squad(), medics], blue=BLUE, dice=[9])
    hurt(b, "A", "A.2", UNTREATED)
    assert "within 2 inches" in refused(b, C.Treat("M", "A"))
    assert "no medic" in refused(b, C.Treat("HQ", "A"))
    dustkit.ctx(b).emit(E.UnitPlaced(unit="M", at=hx(7, 0)))
    ev = b.submit(C.Treat("M", "A"))
    assert [r[:2] for r in rolls(ev)] == [(10, 9)]
    assert b.state.units["A"].figures[1].status == FIT


def test_extracting_a_trooper_from_a_wrecked_suit():
    """Power Armour Troops as Casualties (optional): a reorganise action gets the occupant out of a
    disabled suit; he carries on as an unarmoured trooper."""
    red = [hq(), squad(armour="light_power")]
    b = dustkit.battle(red=red, blue=BLUE)
    hurt(b, "A", "A.3", DISABLED, 0)
    b.submit(C.Reorganise("A", "extract"))
    f = b.state.units["A"].figures[2]
    assert (f.status, f.armour, f.power, f.unarmoured) == (FIT, 4, False, True)
    assert "no trooper" in refused(b, C.Reorganise("A", "extract"))


# ---------------------------------------------------------------------------------------------
# Detect Action and Night Vision
# ---------------------------------------------------------------------------------------------

WIDE = "\n".join(["." * 30] * 4)


def detect_battle(marker_at, dice=(), hidden=True, night=False, **observer):
    blue = [unit("x", (29, 3), ["rifle*4"])]
    blue_side = {}
    if hidden:
        blue.append(unit("h", marker_at, ["rifle*4"], hidden=True))
    else:
        blue_side = {"dummies": [list(marker_at)]}
    red = [unit("O", (1, 0), ["leader:rifle", "rifle*3"], **observer)]
    return dustkit.battle(red=red, blue=blue, dice=list(dice), map=WIDE, blue_side=blue_side, night=night)


def marker(b):
    (m,) = [m for m in b.state.markers.values() if m.side == "blue"]
    return m.id


def test_detect_both_dice_beat_the_range_die_reveals_the_unit():
    """Detect Action: range die D8 under 12"; the observer's quality and sensor dice both beat it:
    the marker goes and the unit is revealed."""
    b = detect_battle((6, 0), dice=[2, 5, 3])
    ev = b.submit(C.Detect("O", marker(b)))
    assert [r[:2] for r in rolls(ev)] == [(8, 2), (8, 5), (4, 3)]
    assert not b.state.units["h"].hidden and not b.state.markers


def test_detect_one_die_removes_only_a_dummy():
    """Detect Action: one of the observer's dice higher: remove the marker if it is a dummy."""
    b = detect_battle((6, 0), dice=[3, 5, 1])
    b.submit(C.Detect("O", marker(b)))
    assert b.state.units["h"].hidden and b.state.markers
    b = detect_battle((6, 0), dice=[3, 5, 1], hidden=False)
    b.submit(C.Detect("O", marker(b)))
    assert not [m for m in b.state.markers.values() if m.side == "blue"]


def test_detect_neither_die_beats_nothing_happens():
    b = detect_battle((6, 0), dice=[6, 6, 4], hidden=False)
    b.submit(C.Detect("O", marker(b)))
    assert [m for m in b.state.markers.values() if m.side == "blue"]


@pytest.mark.parametrize("col, die", [(6, 8), (7, 10), (12, 10), (13, 12), (25, 12)])
def test_the_range_die_grows_with_distance(col, die):
    """Detect Action: D8 under 12" (6 hexes), D10 under 24" (12 hexes), D12 up to 48" (24 hexes);
    the observer stands at column 1."""
    b = detect_battle((col, 0), dice=[1, 1, 1])
    ev = b.submit(C.Detect("O", marker(b)))
    assert rolls(ev)[0][0] == die


def test_no_detection_beyond_48_inches():
    b = detect_battle((26, 0))
    assert "too far" in refused(b, C.Detect("O", marker(b)))


def test_detection_needs_line_of_sight():
    rows = ["." * 30] * 4
    rows[0] = "...*" + "." * 26
    b = dustkit.battle(red=[unit("O", (1, 0), ["leader:rifle"])],
                       blue=[unit("x", (29, 3), ["rifle"]), unit("h", (6, 0), ["rifle"], hidden=True)],
                       map="\n".join(rows))
    assert "line of sight" in refused(b, C.Detect("O", marker(b)))


def test_night_divides_the_ranges_by_three():
    """Night Vision: "At night, with unaided vision, the detection ranges are divided by 3": a marker
    5 hexes (10") away rolls a D12, and one 9 hexes (18") away cannot be detected."""
    b = detect_battle((6, 0), dice=[1, 1, 1], night=True)
    ev = b.submit(C.Detect("O", marker(b)))
    assert rolls(ev)[0][0] == 12
    b = detect_battle((10, 0), night=True)
    assert "too far" in refused(b, C.Detect("O", marker(b)))


def test_night_vision_sees_as_by_day():
    """Night Vision: "enhanced and superior sensors have augmented vision and behave as if it was
    daylight"; so does a unit with night vision."""
    b = detect_battle((6, 0), dice=[1, 1, 1], night=True, sensor="enhanced")
    ev = b.submit(C.Detect("O", marker(b)))
    assert [r[:2] for r in rolls(ev)] == [(8, 1), (8, 1), (8, 1)]
    b = detect_battle((6, 0), dice=[1, 1, 1], night=True, night_vision=True)
    ev = b.submit(C.Detect("O", marker(b)))
    assert rolls(ev)[0][0] == 8


# ---------------------------------------------------------------------------------------------
# Morale: Panic (recovery)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, panicked, confidence", [(4, False, CONFIDENT), (3, True, CONFIDENT),
                                                         (1, True, STEADY)])
def test_a_panicking_unit_uses_both_actions_to_recover(roll, panicked, confidence):
    """Morale: Panic: both actions on another panic test (quality die over leadership 3); a pass ends
    the panic; a 1, under half of 3, also drops a confidence level."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[roll])
    setf(b, "A", panicked=True)
    assert "panicking" in refused(b, C.Reorganise("A", "travel"))
    b.submit(C.Rouse("A"))
    a = b.state.units["A"]
    assert (a.panicked, a.confidence) == (panicked, confidence)
    assert a.panic_passed is (not panicked)
    assert b.state.to_act == "blue"


def test_a_superior_commander_in_contact_lends_his_leadership():
    """Morale: Panic: "if in direct contact with a superior commander, they may use that commander's
    leadership value"."""
    b = dustkit.battle(red=[hq(at=(7, 0)), squad()], blue=BLUE, dice=[2])
    setf(b, "A", panicked=True)
    ev = b.submit(C.Rouse("A"))
    assert "must beat 1" in rolls(ev)[0][2]
    assert not b.state.units["A"].panicked


def test_a_panicked_unit_that_routs_can_never_recover():
    """Morale: Panic: "If forced to rout, may no longer recover"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    setf(b, "A", panicked=True, confidence=0)
    st = b.state
    assert "no longer recover" in command._rouse_check(st, st.units["A"], C.Rouse("A"))
    assert "withdraw" in refused(b, C.Rouse("A"))
    assert C.Withdraw("A") in b.legal_commands()


# ---------------------------------------------------------------------------------------------
# Reorganise Action
# ---------------------------------------------------------------------------------------------

SCRUB = "\n".join(["........,......."] + ["." * 16] * 9)


def test_switch_between_partial_and_complete_concealment():
    """Shoot Action: Concealment: a reorganise action switches between full and partial concealment,
    only where there is something to hide behind."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, map=SCRUB)
    b.submit(C.Reorganise("A", "conceal"))
    assert b.state.units["A"].complete_concealment
    b.submit(C.Reorganise("A", "expose"))
    assert not b.state.units["A"].complete_concealment
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    assert "nothing to hide behind" in refused(b, C.Reorganise("A", "conceal"))


def test_travel_mode_allows_only_move_and_reorganise():
    """Travel Movement: one reorganise action forms the column, another returns to tactical
    formation; meanwhile the unit may only move or reorganise."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[3])
    b.submit(C.Reorganise("A", "travel"))
    assert b.state.units["A"].travel
    hurt(b, "A", "A.2", UNTREATED)
    assert "travel mode" in refused(b, C.Treat("A", "A"))
    assert "travel mode" in refused(b, C.Detach("A", ("A.3",)))
    b.submit(C.Reorganise("A", "tactical"))
    assert not b.state.units["A"].travel


def test_cavalry_mounts_and_dismounts():
    """Forces: Cavalry: "It takes one reorganise action to mount or dismount"."""
    b = dustkit.battle(red=[hq(), squad(move="cavalry")], blue=BLUE)
    assert "already mounted" in refused(b, C.Reorganise("A", "mount"))
    b.submit(C.Reorganise("A", "dismount"))
    assert not b.state.units["A"].mounted
    b.submit(C.Reorganise("A", "mount"))
    assert b.state.units["A"].mounted
    b2 = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    assert "no mounts" in refused(b2, C.Reorganise("A", "dismount"))


def test_suppressed_units_reorganise_only_in_cover():
    """Reorganise Action: "A reorganise action may be taken while a unit is suppressed, but only if the
    unit is currently in some sort of cover"."""
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE)
    setf(b, "A", suppression=1)
    assert "in the open" in refused(b, C.Reorganise("A", "travel"))
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, map=SCRUB)
    setf(b, "A", suppression=1)
    b.submit(C.Reorganise("A", "conceal"))
    assert b.state.units["A"].complete_concealment


def test_reorganise_does_not_reveal_a_hidden_unit():
    b = dustkit.battle(red=[hq(), squad(hidden=True)], blue=BLUE, map=SCRUB)
    b.submit(C.Reorganise("A", "conceal"))
    assert b.state.units["A"].hidden and any(m.unit == "A" for m in b.state.markers.values())


# ---------------------------------------------------------------------------------------------
# Morale: Death of a Leader
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, leadership", [(1, 3), (2, 3), (4, 2), (6, 1)])
def test_a_leaderless_unit_spends_both_actions_appointing_a_new_leader(roll, leadership):
    """Morale: Death of a Leader: both actions reorganising; at the end a new leader, whose
    leadership a D6 sets: 1-2 worse, 6 better, otherwise the same."""
    b = dustkit.battle(red=[hq(), squad(leadership=2)], blue=BLUE, dice=[roll])
    hurt(b, "A", "A.1", KILLED, 2)
    setf(b, "A", leaderless=True)
    assert "leader is down" in refused(b, C.Reorganise("A", "travel"))
    assert "must reorganise" in refused(b, C.Detach("A", ("A.3",)))
    ev = b.submit(C.Reorganise("A", "leader"))
    assert [r[:2] for r in rolls(ev)] == [(6, roll)]
    a = b.state.units["A"]
    assert a.leader.id == "A.2" and not a.leaderless and a.leadership == leadership
    assert b.state.to_act == "blue"


def test_leadership_stays_between_one_and_three():
    b = dustkit.battle(red=[hq(), squad(leadership=3)], blue=BLUE, dice=[1])
    hurt(b, "A", "A.1", KILLED, 2)
    setf(b, "A", leaderless=True)
    b.submit(C.Reorganise("A", "leader"))
    assert b.state.units["A"].leadership == 3


def test_a_new_leader_takes_a_whole_activation():
    b = dustkit.battle(red=[hq(), squad()], blue=BLUE, dice=[4])
    b.submit(C.Reorganise("A", "travel"))
    hurt(b, "A", "A.1", KILLED, 2)
    setf(b, "A", leaderless=True)
    assert "whole activation" in refused(b, C.Reorganise("A", "leader"))


def test_promotion_cascade_when_the_headquarters_is_wiped_out():
    """Morale: Death of a Leader: with no second in command, a subordinate is promoted: one reorganise
    action to assume command (its fellow subordinates now answer to it) and a second to appoint its
    own new leader."""
    b = dustkit.battle(red=[hq(), squad("A"), squad("B", (12, 0))], blue=BLUE, dice=[4])
    assert "still in the field" in refused(b, C.Reorganise("A", "command"))
    for fid in ("HQ.1", "HQ.2"):
        hurt(b, "HQ", fid, KILLED, 2)
    b.submit(C.Reorganise("A", "command"))
    st = b.state
    a = st.units["A"]
    assert (a.level, a.commander, a.leaderless) == (1, None, True)
    assert a.figures[0].role == "commander"
    assert st.units["B"].commander == "A"
    b.submit(C.Reorganise("A", "leader"))
    a = st.units["A"]
    assert not a.leaderless and a.figures[1].role == "leader" and a.is_command
    assert st.to_act == "blue"


def test_the_promoted_commander_may_order_later():
    b = dustkit.battle(red=[hq(), squad("A"), squad("B", (10, 0))], blue=BLUE, dice=[4])
    for fid in ("HQ.1", "HQ.2"):
        hurt(b, "HQ", fid, KILLED, 2)
    b.submit(C.Reorganise("A", "command"))
    b.submit(C.Reorganise("A", "leader"))
    st = b.state
    assert command.is_subordinate(st, st.units["B"], st.units["A"])
    assert command._order_check(st, st.units["A"], C.Order("A", "B")) is None


# ---------------------------------------------------------------------------------------------
# Offers
# ---------------------------------------------------------------------------------------------


def test_offers_are_legal_orders():
    """Every order this module offers passes its own check and is listed among the legal orders."""
    b = dustkit.battle(red=[hq(), squad("A"), squad("B", (10, 0))], blue=BLUE)
    setf(b, "A", confidence=SHAKEN)
    hurt(b, "A", "A.2", UNTREATED)
    legal = b.legal_commands()
    assert C.Order("HQ", "A") in legal and C.Rally("HQ", "A") in legal
    assert C.Treat("A", "A") in legal and C.Reorganise("A", "travel") in legal
    assert C.Rally("HQ", "B") not in legal


