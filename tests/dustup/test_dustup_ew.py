"""Dustup electronic warfare and small drones (engine/systems/dustup/ew.py), against the book.

Additional Rules: Electronic Warfare (EW counters, jamming communications, remote spotting,
disruption of sensors and guidance, opposing enemy EW) and Drones (small portable drones).
Positions are (column, row); on row 0 the distance between two units is the difference of their
columns (1 hex = 2 inches).
"""

from __future__ import annotations

import dustkit as K
import pytest
from dustkit import hx, rolls, unit

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import ew
from hexfront.engine.systems.dustup.state import feature_data

WIDE = "\n".join(["." * 30] * 4)


def setf(b, uid, **fields):
    """Put a unit in a state for the test through the fold (as the rules' events would)."""
    K.set_unit(b, uid, **fields)


def refused(b, cmd) -> str:
    with pytest.raises(IllegalOrder) as exc:
        b.submit(cmd)
    return str(exc.value)


def dice_of(events):
    return [r[:2] for r in rolls(events)]


def notes(events):
    return [e.text for e in events if isinstance(e, E.Note)]


def marker_over(b, uid):
    (m,) = [m.id for m in b.state.markers.values() if m.unit == uid]
    return m


def place(b, fid, kind, side, at, hidden=True, **data):
    K.ctx(b).emit(E.FeaturePlaced(feature=fid, kind=kind, side=side, at=at, hidden=hidden,
                                  data=feature_data(**data), reason="test set-up"))


# ---------------------------------------------------------------------------------------------
# EW counters
# ---------------------------------------------------------------------------------------------


def test_ew_unit_gets_three_counters_at_each_activation_and_not_before():
    """Electronic Warfare: an EW unit activates its system when it is activated and gets three EW
    counters, good until its next activation; spent ones are not renewed in between (not even by a
    new turn), and unspent ones are not carried over."""
    b = K.battle(red=[unit("E", (0, 0), ["leader:rifle", "rifle"], ew="average")],
                 blue=[unit("x", (20, 3), ["rifle*4"])], map=WIDE, dice=[8, 1])
    assert b.state.units["E"].ew == 8 and b.state.units["E"].ew_chits == 0
    b.submit(C.Prop("E"))
    assert b.state.units["E"].ew_chits == 3
    setf(b, "E", ew_chits=1)  # two counters spent in the enemy's activation
    b.submit(C.EndActivation())
    b.submit(C.Hold("x"))  # blue's only unit: the turn ends, red wins the roll-off (8, 1)
    b.submit(C.ChooseFirst(True))
    assert b.state.turn == 2 and b.state.units["E"].ew_chits == 1
    b.submit(C.Unprop("E"))
    assert b.state.units["E"].ew_chits == 3


def test_extra_counters_raise_the_ew_die_one_type_each():
    """Electronic Warfare: every extra counter spent on an attempt improves the EW die by one type:
    an average D8 with two extra counters rolls a D12, and the attempt costs three counters."""
    b = K.battle(red=[unit("E", (0, 0), ["leader:rifle"], ew="average")],
                 blue=[unit("x", (20, 3), ["rifle*4"]), unit("h", (10, 0), ["rifle*4"], hidden=True)],
                 map=WIDE, dice=[11, 3])
    ev = b.submit(ew.RemoteSpot("E", marker_over(b, "h"), extra=2))
    assert dice_of(ev)[0] == (12, 11)
    assert b.state.units["E"].ew_chits == 0
    assert "needs 2" in refused(b, ew.RemoteSpot("E", "nothing", extra=1))


# ---------------------------------------------------------------------------------------------
# Jamming Communications
# ---------------------------------------------------------------------------------------------


def hq(at=(1, 0)):
    return unit("HQ", at, ["commander:rifle", "rifle"], kind="command", level=1, leadership=1)


def squad(at=(8, 0)):
    return unit("A", at, ["leader:rifle", "rifle*5"], commander="HQ", leadership=2)


def jam_battle(dice, red_ew=False):
    red = [hq(), squad()]
    if red_ew:
        red.append(unit("R", (3, 3), ["leader:rifle"], ew="average"))
    b = K.battle(red=red, blue=[unit("J", (20, 3), ["leader:rifle"], ew="average")], map=WIDE, dice=dice)
    setf(b, "J", ew_chits=3)  # J was activated earlier
    if red_ew:
        setf(b, "R", ew_chits=3)
    return b


def test_jamming_a_communication_makes_it_fail():
    """Jamming Communications: the EW player rolls the EW die as the other player rolls to
    communicate; higher than the communication roll, the attempt fails even though it would have
    got through (5 beats leadership 2, but the jammer's 6 beats 5): the order is lost."""
    b = jam_battle([5, 6])
    ev = b.submit(C.Order("HQ", "A"))
    assert dice_of(ev) == [(8, 5), (8, 6)]
    assert [a.unit for a in b.state.stack] == ["HQ"]  # A was not activated
    assert b.state.units["J"].ew_chits == 2
    assert any("jams" in n for n in notes(ev))


def test_jamming_that_does_not_exceed_the_roll_fails():
    """Jamming Communications: the EW die must exceed the communication die; a tie does not."""
    b = jam_battle([5, 5])
    ev = b.submit(C.Order("HQ", "A"))
    assert dice_of(ev) == [(8, 5), (8, 5)]
    assert [a.unit for a in b.state.stack] == ["HQ", "A"]
    assert b.state.units["J"].ew_chits == 2


def test_no_jamming_roll_for_a_communication_that_failed_anyway():
    """Jamming Communications (this game's reading): a failed communication needs no jamming, so no
    EW die is rolled and no counter spent."""
    b = jam_battle([2])
    ev = b.submit(C.Order("HQ", "A"))
    assert dice_of(ev) == [(8, 2)]
    assert b.state.units["J"].ew_chits == 3


def test_jamming_needs_a_counter_left():
    """Electronic Warfare: once its counters are used the EW unit is inactive until it activates."""
    b = jam_battle([5])
    setf(b, "J", ew_chits=0)
    ev = b.submit(C.Order("HQ", "A"))
    assert dice_of(ev) == [(8, 5)]
    assert [a.unit for a in b.state.stack] == ["HQ", "A"]


def test_the_old_side_jammer_still_shifts_the_communication_die():
    """Communicate Action: Jamming (the side's jammer) is still rolled before the communication,
    and EW jamming comes after it."""
    b = K.battle(red=[hq(), squad()], blue=[unit("J", (20, 3), ["leader:rifle"], ew="average")],
                 blue_side={"jammer": 10}, red_side={"comms": 8}, map=WIDE, dice=[7, 5, 5, 6])
    setf(b, "J", ew_chits=3)
    ev = b.submit(C.Order("HQ", "A"))
    # jammer 7 beats comms 5: down one, D8 -> D6; 5 > 2 gets through, but the EW die's 6 beats 5
    assert dice_of(ev) == [(10, 7), (8, 5), (6, 5), (8, 6)]
    assert [a.unit for a in b.state.stack] == ["HQ"]


# ---------------------------------------------------------------------------------------------
# Oppose Enemy EW Attempts
# ---------------------------------------------------------------------------------------------


def test_own_ew_unit_opposes_jamming():
    """Oppose Enemy EW Attempts: an EW unit of the communicating side rolls its EW die too; when it
    beats the jammer's EW die (7 > 6) the jamming fails and the order gets through. Each spends a
    counter."""
    b = jam_battle([5, 6, 7], red_ew=True)
    ev = b.submit(C.Order("HQ", "A"))
    assert dice_of(ev) == [(8, 5), (8, 6), (8, 7)]
    assert [a.unit for a in b.state.stack] == ["HQ", "A"]
    assert b.state.units["J"].ew_chits == 2 and b.state.units["R"].ew_chits == 2
    assert any("foils" in n for n in notes(ev))


def test_opposition_that_does_not_beat_the_ew_die_fails():
    """Oppose Enemy EW Attempts: a tie is not enough: the jamming stands."""
    b = jam_battle([5, 6, 6], red_ew=True)
    b.submit(C.Order("HQ", "A"))
    assert [a.unit for a in b.state.stack] == ["HQ"]
    assert b.state.units["R"].ew_chits == 2


def test_remote_spotting_can_be_opposed():
    """Oppose Enemy EW Attempts: remote spotting is an EW attempt too; the hidden unit's side
    rolls its EW die against the spotter's and, beating it, keeps the counter hidden."""
    b = K.battle(red=[unit("E", (0, 0), ["leader:rifle"], ew="average")],
                 blue=[unit("x", (20, 3), ["rifle*4"], ew="superior"), unit("h", (10, 0), ["rifle*4"], hidden=True)],
                 map=WIDE, dice=[6, 2, 9])
    setf(b, "x", ew_chits=3)
    ev = b.submit(ew.RemoteSpot("E", marker_over(b, "h")))
    assert dice_of(ev) == [(8, 6), (4, 2), (10, 9)]
    assert b.state.units["h"].hidden
    assert b.state.units["x"].ew_chits == 2


# ---------------------------------------------------------------------------------------------
# Remote Spotting
# ---------------------------------------------------------------------------------------------


def spot_battle(hidden_at, dice, map=WIDE, dummy=False):
    blue = [unit("x", (29, 3), ["rifle*4"])]
    blue_side = {}
    if dummy:
        blue_side = {"dummies": [list(hidden_at)]}
    else:
        blue.append(unit("h", hidden_at, ["rifle*4"], hidden=True))
    return K.battle(red=[unit("E", (0, 0), ["leader:rifle"], ew="average")], blue=blue, map=map,
                    dice=dice, blue_side=blue_side)


def blue_marker(b):
    (m,) = [m.id for m in b.state.markers.values() if m.side == "blue"]
    return m


def test_remote_spotting_reveals_a_hidden_unit_in_the_open():
    """Remote Spotting: one counter; the EW die (D8) against a D4 for a hidden unit in the open and in
    sight; 5 beats 3: the unit is revealed. It costs counters, not an action."""
    b = spot_battle((10, 0), [5, 3])
    ev = b.submit(ew.RemoteSpot("E", blue_marker(b)))
    assert dice_of(ev) == [(8, 5), (4, 3)]
    assert not b.state.units["h"].hidden and not [m for m in b.state.markers.values() if m.side == "blue"]
    assert b.state.units["E"].ew_chits == 2
    assert b.state.active.unit == "E" and b.state.active.actions == 2


def test_remote_spotting_that_fails_leaves_the_marker():
    """Remote Spotting: the EW die must beat the target's die; a tie fails."""
    b = spot_battle((10, 0), [3, 3])
    b.submit(ew.RemoteSpot("E", blue_marker(b)))
    assert b.state.units["h"].hidden and b.state.units["E"].ew_chits == 2


def test_remote_spotting_concealed_and_out_of_sight():
    """Remote Spotting: a concealed hidden unit rolls a D6, shifted up to a D8 because the EW unit
    has no line of sight to it (woods between); it need not be in sight at all."""
    rows = ["." * 30] * 4
    rows[0] = "....*.....;" + "." * 19
    b = spot_battle((10, 0), [7, 6], map="\n".join(rows))
    ev = b.submit(ew.RemoteSpot("E", blue_marker(b)))
    assert dice_of(ev) == [(8, 7), (8, 6)]
    assert not b.state.units["h"].hidden


def test_remote_spotting_concealed_in_sight_rolls_a_d6():
    """Remote Spotting: concealed (fields) but in direct line of sight: D6, no shift."""
    rows = ["." * 30] * 4
    rows[0] = ".........." + ";" + "." * 19
    b = spot_battle((10, 0), [7, 6], map="\n".join(rows))
    ev = b.submit(ew.RemoteSpot("E", blue_marker(b)))
    assert dice_of(ev) == [(8, 7), (6, 6)]


def test_remote_spotting_removes_a_dummy():
    """Remote Spotting: a successful attempt reveals the counter whatever it is: a dummy is removed."""
    b = spot_battle((10, 0), [5, 1], dummy=True)
    b.submit(ew.RemoteSpot("E", blue_marker(b)))
    assert not [m for m in b.state.markers.values() if m.side == "blue"]


def test_remote_spotting_reveals_a_hidden_minefield():
    """Remote Spotting: the counter is revealed whatever it is (unit, mine...): a hidden minefield
    is turned face up; a dummy minefield is removed."""
    b = spot_battle((10, 0), [5, 2, 6, 1], dummy=True)
    place(b, "mines-1", "minefield", "blue", hx(6, 0), type="ap")
    place(b, "mines-2", "minefield", "blue", hx(7, 0), type="dummy")
    ev = b.submit(ew.RemoteSpot("E", "mines-1"))
    assert dice_of(ev) == [(8, 5), (4, 2)]
    assert b.state.features["mines-1"].hidden is False
    b.submit(ew.RemoteSpot("E", "mines-2"))
    assert "mines-2" not in b.state.features
    assert b.state.units["E"].ew_chits == 1


def test_remote_spotting_refusals():
    """Remote Spotting: only an EW unit with the counters, and only at an enemy hidden counter."""
    b = K.battle(red=[unit("E", (0, 0), ["leader:rifle"], ew="average"), unit("N", (2, 0), ["leader:rifle"])],
                 blue=[unit("x", (20, 3), ["rifle*4"]), unit("h", (10, 0), ["rifle*4"], hidden=True)], map=WIDE)
    m = marker_over(b, "h")
    assert "no EW system" in refused(b, ew.RemoteSpot("N", m))
    assert "needs 4" in refused(b, ew.RemoteSpot("E", m, extra=3))
    assert "no hidden enemy counter" in refused(b, ew.RemoteSpot("E", "x"))
    place(b, "mines-9", "minefield", "blue", hx(6, 0), hidden=False, type="ap")
    assert "no hidden enemy counter" in refused(b, ew.RemoteSpot("E", "mines-9"))
    legal = b.legal_commands()
    assert ew.RemoteSpot("E", m, 0) in legal and ew.RemoteSpot("E", m, 2) in legal
    assert ew.RemoteSpot("N", m, 0) not in legal


# ---------------------------------------------------------------------------------------------
# Disruption of Enemy Sensors and Guidance
# ---------------------------------------------------------------------------------------------


def disrupt_battle(dice=(), blue_ew=True, red_ew=False):
    red = [unit("O", (1, 0), ["leader:rifle", "rifle*3"], sensor="aided")]
    if red_ew:
        red.append(unit("R", (3, 3), ["leader:rifle"], ew="average"))
    blue = [unit("x", (29, 3), ["rifle*4"], **({"ew": "average"} if blue_ew else {})),
            unit("h", (6, 0), ["rifle*4"], hidden=True)]
    b = K.battle(red=red, blue=blue, map=WIDE, dice=list(dice))
    if blue_ew:
        setf(b, "x", ew_chits=3)
    if red_ew:
        setf(b, "R", ew_chits=3)
    return b


def test_disrupt_a_guided_missile_roll():
    """Disruption of Enemy Sensors and Guidance: the EW player rolls the EW die with the active
    player's dice; beating any of them (7 beats 5 of 5 and 9) disrupts the action."""
    b = disrupt_battle()
    c = K.ctx(b, [7])
    assert ew.disrupt(c, "red", [5, 9], "guided missile shot") is True
    assert dice_of(c.events) == [(8, 7)]
    assert b.state.units["x"].ew_chits == 2


def test_disruption_must_beat_one_of_the_rolls():
    b = disrupt_battle()
    c = K.ctx(b, [5])
    assert ew.disrupt(c, "red", [5, 9], "guided missile shot") is False
    assert b.state.units["x"].ew_chits == 2


def test_no_disruption_without_an_active_enemy_ew_unit():
    """Electronic Warfare: no EW counters (the EW unit has not activated yet), no roll."""
    b = disrupt_battle(blue_ew=False)
    c = K.ctx(b)
    assert ew.disrupt(c, "red", [1], "guided missile shot") is False
    assert rolls(c.events) == []


def test_disruption_can_be_opposed():
    """Oppose Enemy EW Attempts: the disrupted side's EW unit beats the disruption roll (8 > 7):
    the action goes ahead."""
    b = disrupt_battle(red_ew=True)
    c = K.ctx(b, [7, 8])
    assert ew.disrupt(c, "red", [5, 9], "guided missile shot") is False
    assert dice_of(c.events) == [(8, 7), (8, 8)]
    assert b.state.units["R"].ew_chits == 2


def test_detection_with_sensors_is_disrupted():
    """Disruption of Enemy Sensors and Guidance: a Detect Action with aided sensors (D6) that would
    reveal the unit (range die 2; quality 5, sensor 3) is disrupted by the EW die's 4 (beats 3)."""
    b = disrupt_battle([2, 5, 3, 4])
    ev = b.submit(C.Detect("O", marker_over(b, "h")))
    assert dice_of(ev) == [(8, 2), (8, 5), (6, 3), (8, 4)]
    assert b.state.units["h"].hidden
    assert b.state.active.actions == 1  # the Detect Action took one action


def test_detection_by_eye_is_not_disrupted():
    """Disruption (this game's reading): the naked eye (D4 sensor) uses no sensor EW can disrupt."""
    b = K.battle(red=[unit("O", (1, 0), ["leader:rifle", "rifle*3"])],
                 blue=[unit("x", (29, 3), ["rifle*4"], ew="average"), unit("h", (6, 0), ["rifle*4"], hidden=True)],
                 map=WIDE, dice=[2, 5, 3])
    setf(b, "x", ew_chits=3)
    ev = b.submit(C.Detect("O", marker_over(b, "h")))
    assert dice_of(ev) == [(8, 2), (8, 5), (4, 3)]
    assert not b.state.units["h"].hidden


# ---------------------------------------------------------------------------------------------
# Small Portable Drones
# ---------------------------------------------------------------------------------------------


def drone_battle(dice=(), map=WIDE, **kw):
    red = [unit("D", (0, 0), ["leader:rifle", "rifle*3"], drones="superior", **kw)]
    blue = [unit("x", (29, 3), ["rifle*4"]), unit("h", (20, 0), ["rifle*4"], hidden=True)]
    return K.battle(red=red, blue=blue, map=map, dice=list(dice))


def test_launch_a_drone_takes_one_action_within_24_inches():
    """Small Portable Drones: one action to prepare and launch a drone, anywhere within 24"
    (12 hexes)."""
    b = drone_battle()
    assert "12 hexes" in refused(b, ew.LaunchDrone("D", hx(13, 0)))
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    assert b.state.units["D"].drone_at == hx(12, 0)
    assert b.state.active.actions == 1
    assert "already has a drone" in refused(b, ew.LaunchDrone("D", hx(3, 0)))


def test_only_units_with_drones_launch_them():
    b = K.battle(red=[unit("N", (0, 0), ["leader:rifle"])], blue=[unit("x", (29, 3), ["rifle"])], map=WIDE)
    assert "no drones" in refused(b, ew.LaunchDrone("N", hx(3, 0)))
    assert "no drone in the air" in refused(b, ew.DroneMove("N", hx(3, 0)))


def test_drone_moves_up_to_24_inches_per_action():
    """Small Portable Drones: a drone moves up to 24" (12 hexes) in any direction per action."""
    b = drone_battle()
    b.submit(ew.LaunchDrone("D", hx(10, 0)))
    assert "12 hexes" in refused(b, ew.DroneMove("D", hx(23, 0)))
    b.submit(ew.DroneMove("D", hx(22, 0)))
    assert b.state.units["D"].drone_at == hx(22, 0)
    assert b.state.to_act == "blue"  # both actions used


def test_drone_spots_from_its_own_hex_with_its_sensor_die():
    """Small Portable Drones: the drone spots as a detection attempt from where it is, with its
    sensor die (superior, D10); being airborne it sees over the woods that hide the marker from
    the unit. Range die D10 (8 hexes, under 24" from the drone), quality D8, drone sensor D10."""
    rows = ["." * 30] * 4
    rows[0] = "...***" + "." * 24
    b = drone_battle([3, 5, 4], map="\n".join(rows))
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    assert b.state.units["h"].hidden
    ev = b.submit(ew.DroneSpot("D", marker_over(b, "h")))
    assert dice_of(ev) == [(10, 3), (8, 5), (10, 4)]
    assert not b.state.units["h"].hidden
    assert b.state.units["D"].drone_at == hx(12, 0)  # spotting is a drone action: the drone stays up


def test_drone_does_not_see_through_smoke():
    b = drone_battle()
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    place(b, "smoke-1", "smoke", "blue", hx(20, 0), hidden=False)
    assert "smoke" in refused(b, ew.DroneSpot("D", marker_over(b, "h")))


def test_drone_spotting_can_be_disrupted():
    """Disruption of Enemy Sensors and Guidance: a drone is a sensor: a spot that would succeed
    (3 against 5 and 4) is disrupted by an EW die of 6."""
    red = [unit("D", (0, 0), ["leader:rifle", "rifle*3"], drones="superior")]
    blue = [unit("x", (29, 3), ["rifle*4"], ew="average"), unit("h", (20, 0), ["rifle*4"], hidden=True)]
    b = K.battle(red=red, blue=blue, map=WIDE, dice=[3, 5, 4, 6])
    setf(b, "x", ew_chits=3)
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    ev = b.submit(ew.DroneSpot("D", marker_over(b, "h")))
    assert dice_of(ev) == [(10, 3), (8, 5), (10, 4), (8, 6)]
    assert b.state.units["h"].hidden


def test_any_other_action_crashes_the_drone():
    """Small Portable Drones: while operating a drone the unit takes no other action; if it does,
    the drone crashes and is lost. The other action is still carried out."""
    b = drone_battle()
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    ev = b.submit(C.Prop("D"))
    assert b.state.units["D"].drone_at is None and b.state.units["D"].propped
    assert any(isinstance(e, E.DroneDown) for e in ev)


def test_drone_stays_up_between_activations_and_can_be_recalled_for_free():
    """Small Portable Drones (this game's reading): the drone stays in the air from one activation
    to the next; recalling it takes no action."""
    b = drone_battle(dice=[8, 1])
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    b.submit(C.EndActivation())
    b.submit(C.Hold("x"))
    b.submit(C.Hold("h"))
    b.submit(C.ChooseFirst(True))
    assert b.state.turn == 2 and b.state.units["D"].drone_at == hx(12, 0)
    b.submit(ew.RecallDrone("D"))
    assert b.state.units["D"].drone_at is None and b.state.active.actions == 2
    b.submit(ew.LaunchDrone("D", hx(5, 0)))  # it carries enough drones for the whole battle
    assert b.state.units["D"].drone_at == hx(5, 0)


def test_a_drone_whose_unit_has_left_the_table_is_lost_at_the_end_of_the_turn():
    """Small Portable Drones (this game's reading): nobody flies the drone of a unit that has gone."""
    red = [unit("D", (0, 0), ["leader:rifle", "rifle*3"], drones="average"), unit("S", (0, 2), ["rifle*4"])]
    b = K.battle(red=red, blue=[unit("x", (29, 3), ["rifle*4"])], map=WIDE, dice=[8, 1])
    b.submit(ew.LaunchDrone("D", hx(12, 0)))
    b.submit(C.EndActivation())
    setf(b, "D", off_table=True)
    b.submit(C.Hold("x"))
    b.submit(C.Hold("S"))
    assert b.state.turn == 2 and b.state.units["D"].drone_at is None
