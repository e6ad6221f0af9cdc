"""Dustup's Aerospace Operations: the inbound chart and the air defence environment, aircraft on the
table, firing from aircraft, anti-aircraft fire, landing zones, troop drops and insertion from altitude.

Positions are (column, row). Along a row, hex direction 0 (east) runs to higher columns.
"""

from __future__ import annotations

import dustkit as K
import pytest

from hexfront.engine.systems.dustup import air
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import FIT, KILLED, UNTREATED

WIDE = "\n".join(["." * 30] * 10)
HIGH = {"commitment": "high"}


def craft(uid: str, vtype: str, at, **kw) -> dict:
    return dict(id=uid, vehicle=vtype, at=K.where(at), **kw)


def setf(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def refusal(b, cmd) -> str | None:
    return K.SYSTEM.validate(b.state, cmd)


def mission_of(b, uid: str):
    return next(m for m in b.state.missions.values() if m.unit == uid)


def notes(ev) -> list[str]:
    return [e.text for e in ev if isinstance(e, E.Note)]


def fig(b, fid: str):
    return next(f for u in b.state.units.values() for f in u.figures if f.id == fid)


def base_red(**kw):
    return [K.unit("A", (0, 9), ["rifle*4"])]


# ---------------------------------------------------------------------------------------------
# The inbound chart and the air defence environment
# ---------------------------------------------------------------------------------------------


def inbound_battle(dice=(), box=1, **kw):
    return K.battle(red=[craft("D", "dropship", (0, 0), inbound=box, quality="veteran"),
                         K.unit("P", (0, 0), ["rifle*3"], **{"in": "D"}), K.unit("A", (0, 9), ["rifle*4"])],
                    blue=[K.unit("d", (25, 9), ["rifle*4"])], map=WIDE, dice=dice, **kw)


def test_inbound_aircraft_start_as_counters_on_the_chart():
    """The Inbound Chart: an aircraft with inbound = N starts as a counter in box N, off the table, and
    its passengers with it; it stands on no hex."""
    b = inbound_battle(box=3)
    m = mission_of(b, "D")
    assert (m.kind, m.box, m.side) == ("aircraft", 3, "red")
    assert b.state.units["D"].off_table and b.state.units["P"].off_table
    assert "D" not in b.state.occupant.values()


def test_a_counter_moves_one_box_instead_of_an_activation():
    """The Inbound Chart: instead of activating a unit, a counter moves one box; then the other side acts."""
    b = inbound_battle(box=3)
    m = mission_of(b, "D")
    assert "may move only to 2" in refusal(b, air.MoveInbound("red", m.id, 1))
    b.submit(air.MoveInbound("red", m.id, 2))
    assert b.state.missions[m.id].box == 2
    assert b.state.to_act == "blue"


def test_not_acquired_by_the_ade_the_aircraft_arrives_and_acts_next_turn():
    """Arriving in the Battle Zone: the enemy ADE die (inferior, D6) against the ECM die (D8); not
    higher: the aircraft arrives where chosen, and may be activated on the next turn."""
    b = inbound_battle([4, 4])
    m = mission_of(b, "D")
    ev = b.submit(air.MoveInbound("red", m.id, 0, at=K.hx(5, 5), facing=0, air="hovering"))
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(6, 4), (8, 4)]
    d = b.state.units["D"]
    assert (d.pos, d.air, d.off_table, d.activated) == (K.hx(5, 5), "hovering", False, True)
    assert b.state.units["P"].pos == K.hx(5, 5) and not b.state.units["P"].off_table
    assert m.id not in b.state.missions


def test_acquired_aircraft_may_abort_and_return_to_base():
    """Arriving in the Battle Zone: the ADE beats the ECM: acquired; the pilot aborts and returns to base."""
    b = inbound_battle([5, 2])
    m = mission_of(b, "D")
    b.submit(air.MoveInbound("red", m.id, 0, at=K.hx(5, 5), facing=0))
    assert b.state.pending.kind == "ade_pilot"
    b.submit(C.Decide("abort"))
    assert m.id not in b.state.missions and b.state.units["D"].off_table
    assert b.state.units["D"].fit_figures and b.state.to_act == "blue"


def test_acquired_aircraft_that_continues_is_shot_down_by_a_doubled_ade_roll():
    """Arriving in the Battle Zone: ADE 5 is more than double ECM 2, so the ADE roll against the armour
    is doubled: 4 x 2 = 8 beats the belly armour's 7: shot down with everyone aboard."""
    b = inbound_battle([5, 2, 4, 7])
    m = mission_of(b, "D")
    b.submit(air.MoveInbound("red", m.id, 0, at=K.hx(5, 5), facing=0))
    ev = b.submit(C.Decide("continue"))
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(6, 4), (12, 7)]
    assert b.state.units["D"].destroyed
    assert all(f.status == KILLED for f in b.state.units["P"].figures)


def test_acquired_aircraft_survives_the_engagement_and_arrives():
    """Arriving in the Battle Zone: ADE 3 beats ECM 2 (not double); the ADE's 5 does not beat the armour's
    6: the aircraft arrives."""
    b = inbound_battle([3, 2, 5, 6])
    m = mission_of(b, "D")
    b.submit(air.MoveInbound("red", m.id, 0, at=K.hx(5, 5), facing=0))
    b.submit(C.Decide("continue"))
    assert b.state.units["D"].pos == K.hx(5, 5) and b.state.units["D"].air == "airborne"


def test_ade_is_the_scenario_die():
    """The Air Defence Environment: a side's ade sets its die (superior: D10)."""
    b = inbound_battle([4, 6], blue_side={"ade": "superior"})
    ev = b.submit(air.MoveInbound("red", mission_of(b, "D").id, 0, at=K.hx(5, 5), facing=0))
    assert K.rolls(ev)[0][:2] == (10, 4)


def test_loiter_box_and_back_without_a_second_ade_check():
    """Aircraft on the Table: an aircraft may fly off to the loiter box; from there it enters the battle
    area without meeting the ADE again."""
    b = K.battle(red=[craft("J", "strike_jet", (0, 2), air="airborne", facing=0), K.unit("A", (0, 9), ["rifle*4"])],
                 blue=[K.unit("d", (25, 9), ["rifle*4"])], map=WIDE)
    b.submit(air.LeaveTable("J", -1))
    m = mission_of(b, "J")
    assert m.box == -1 and b.state.units["J"].off_table
    b.submit(C.Hold("d"))
    ev = b.submit(air.MoveInbound("red", m.id, 0, at=K.hx(3, 3), facing=0))
    assert K.rolls(ev) == [] and b.state.units["J"].pos == K.hx(3, 3)


# ---------------------------------------------------------------------------------------------
# Aircraft on the table
# ---------------------------------------------------------------------------------------------


def jet_battle(dice=(), **kw):
    return K.battle(red=[craft("J", "strike_jet", (0, 2), air="airborne", facing=0), K.unit("A", (0, 9), ["rifle*4"])],
                    blue=[K.unit("d", (25, 9), ["rifle*4"])], map=WIDE, dice=dice, **kw)


def test_non_vtol_moves_at_least_twelve_hexes_and_turns_no_more_than_ninety_degrees():
    """Non-VTOL Aircraft: at least 24" (12 hexes) a move, facing the way it flies, turning 90 degrees at most."""
    b = jet_battle()
    assert "at least 12 hexes" in refusal(b, air.AirMove("J", K.hx(8, 2), 0))
    assert "face the way it flies" in refusal(b, air.AirMove("J", K.hx(12, 2), 1))
    assert "90 degrees" in refusal(b, air.AirMove("J", K.hx(12, 2), 2))
    b.submit(air.AirMove("J", K.hx(12, 2), 0))
    j = b.state.units["J"]
    assert j.pos == K.hx(12, 2) and j.moves == 1


def test_non_vtol_must_move_before_anything_else():
    """Non-VTOL Aircraft: at least one action must move; this game's reading: it moves first."""
    b = jet_battle()
    assert "must move before anything else" in refusal(b, air.DropBombs("J", 1))
    b.submit(air.AirMove("J", K.hx(12, 2), 0))
    assert refusal(b, air.DropBombs("J", 1)) is None


def test_a_jet_that_does_not_move_is_carried_straight_on():
    """Non-VTOL Aircraft: this game's reading: a jet ending its activation without moving flies 12 hexes on."""
    b = jet_battle()
    b.submit(C.Hold("J"))
    assert b.state.units["J"].pos == K.hx(12, 2)


def gunship_battle(dice=(), air_state="airborne", at=(5, 5), facing=0, red_extra=(), blue=None, **kw):
    return K.battle(red=[craft("G", "gunship", at, air=air_state, facing=facing, quality="veteran"),
                         K.unit("A", (0, 9), ["rifle*4"]), *red_extra],
                    blue=blue or [K.unit("d", (25, 9), ["rifle*4"])], map=kw.pop("map", WIDE), dice=dice, **kw)


def test_vtol_flies_any_way_within_six_hexes():
    """VTOL Aircraft: restricted to 12" (6 hexes) it may move in any direction and face any way; further it
    keeps to the 90-degree turn."""
    b = gunship_battle(at=(10, 5))
    assert refusal(b, air.AirMove("G", K.hx(4, 5), 3)) is None
    assert "90 degrees" in refusal(b, air.AirMove("G", K.hx(2, 5), 3))
    b.submit(air.AirMove("G", K.hx(4, 5), 3))
    assert b.state.units["G"].facing == 3


def test_a_vtol_that_does_not_move_hovers():
    """VTOL Aircraft: one that does not move at all in its activation enters hovering mode."""
    b = gunship_battle()
    b.submit(C.Hold("G"))
    assert b.state.units["G"].air == "hovering"


def test_aircraft_in_the_air_do_not_block_ground_troops():
    """Aircraft on the Table: operating at very low altitude over the troops; this game's reading: ground
    units move under an aircraft in the air and it is no enemy next to them."""
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*4"])],
                 blue=[craft("G", "gunship", (2, 0), air="hovering"), K.unit("d", (15, 9), ["rifle*4"])],
                 map=WIDE, dice=[3])
    assert "G" not in b.state.occupant.values()
    b.submit(C.Move("A", K.hx(2, 0)))
    assert b.state.units["A"].pos == K.hx(2, 0)


def test_only_anti_aircraft_weapons_fire_at_aircraft_in_the_air():
    """On-Table Anti-Aircraft Fire: only designated anti-air weapons may fire on an aircraft."""
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*4"])],
                 blue=[craft("G", "gunship", (5, 0), air="hovering"), K.unit("d", (15, 9), ["rifle*4"])], map=WIDE)
    assert "only anti-aircraft weapons" in refusal(b, C.Shoot("A", "G"))


def test_spotting_from_the_air_sees_past_terrain_but_not_into_smoke():
    """Spotting from Aircraft: the whole table is in line of sight, but smoke conceals."""
    m = "\n".join([".." + "**" + "." * 26] * 10)
    b = K.battle(red=[craft("G", "gunship", (0, 0), air="hovering"), K.unit("A", (0, 1), ["rifle*4"])],
                 blue=[K.unit("d", (6, 0), ["rifle*4"], hidden=True), K.unit("e", (25, 9), ["rifle*4"])], map=m)
    marker = next(iter(b.state.markers))
    assert "line of sight" in refusal(b, C.Detect("A", marker))
    assert refusal(b, C.Detect("G", marker)) is None
    K.ctx(b).emit(E.FeaturePlaced(feature="smoke-9", kind="smoke", side="", at=K.hx(6, 0)))
    assert "line of sight" in refusal(b, C.Detect("G", marker))


# ---------------------------------------------------------------------------------------------
# Landing and taking off
# ---------------------------------------------------------------------------------------------


def test_landing_in_a_clear_zone_and_taking_off_again():
    """VTOL Aircraft: one action to land, one to take off (hovering); a grounded aircraft holds its hex."""
    b = gunship_battle(air_state="hovering")
    b.submit(air.Land("G"))
    assert b.state.units["G"].air == "grounded" and b.state.occupant[K.hx(5, 5)] == "G"
    b.submit(air.TakeOff("G", "hovering"))
    assert b.state.units["G"].air == "hovering" and K.hx(5, 5) not in b.state.occupant


def test_a_heavily_obstructed_landing_zone_may_not_be_used():
    """Landing Zones: heavily obstructed areas (woods, buildings, troops) may not be used."""
    rows = ["." * 30] * 10
    rows[5] = "......*" + "." * 23
    b = gunship_battle(air_state="hovering", map="\n".join(rows))
    assert "heavily obstructed" in refusal(b, air.Land("G"))
    b = gunship_battle(air_state="hovering", red_extra=[K.unit("B", (6, 5), ["rifle*2"])])
    assert "troops or vehicles" in refusal(b, air.Land("G"))


def test_a_lightly_obstructed_zone_risks_a_heavy_landing():
    """Landing Zones: lightly obstructed: the quality die must score 3 or more; a 2 lands heavily and the
    aircraft may not take off again."""
    rows = ["." * 30] * 10
    rows[5] = "......," + "." * 23
    b = gunship_battle([2], air_state="hovering", map="\n".join(rows))
    ev = b.submit(air.Land("G"))
    assert K.rolls(ev)[0][:2] == (10, 2)
    assert b.state.units["G"].landed_heavy
    assert "landed heavily" in refusal(b, air.TakeOff("G", "hovering"))


# ---------------------------------------------------------------------------------------------
# Firing from aircraft
# ---------------------------------------------------------------------------------------------


def test_turret_weapons_cannot_fire_straight_down_or_when_grounded():
    """Turretted Weapons: no ground target within 6" (3 hexes); not while grounded."""
    b = gunship_battle(air_state="hovering", blue=[K.unit("d", (8, 5), ["rifle*4"]), K.unit("e", (10, 5), ["rifle"])])
    st = b.state
    g = st.units["G"]
    assert "within 3 hexes" in air.mount_refusal(st, g, "chin_gun", st.units["d"])
    assert air.mount_refusal(st, g, "chin_gun", st.units["e"]) is None
    setf(b, "G", "air", "grounded")
    assert "grounded" in air.mount_refusal(st, g, "chin_gun", st.units["e"])


def test_fixed_weapons_fire_only_down_a_corridor_ahead_and_not_too_close():
    """Fixed Weapons: a 6" (3-hex) corridor ahead; a VTOL engages at 12" (6 hexes) or more; hovering, it
    turns to face the target as part of the action."""
    b = gunship_battle(at=(2, 5), blue=[K.unit("n", (6, 5), ["rifle"]), K.unit("f", (12, 5), ["rifle"]),
                                        K.unit("s", (12, 8), ["rifle"])])
    st = b.state
    g = st.units["G"]
    assert "closer than 6 hexes" in air.mount_refusal(st, g, "rocket_pod", st.units["n"])
    assert air.mount_refusal(st, g, "rocket_pod", st.units["f"]) is None
    assert "corridor" in air.mount_refusal(st, g, "rocket_pod", st.units["s"])
    setf(b, "G", "air", "hovering")
    assert air.mount_refusal(st, g, "rocket_pod", st.units["s"]) is None


def test_guided_weapons_fire_forward_and_lose_a_die_type_off_the_centre():
    """Guided Weapons (from aircraft): forward 180 degrees; outside the central 90 the guidance die is one lower."""
    b = gunship_battle(at=(10, 5), blue=[K.unit("b", (2, 5), ["rifle"]), K.unit("f", (20, 5), ["rifle"]),
                                         K.unit("o", (11, 8), ["rifle"])])
    st = b.state
    g = st.units["G"]
    assert "forward 180" in air.mount_refusal(st, g, "air_atgm", st.units["b"])
    assert air.mount_refusal(st, g, "air_atgm", st.units["o"]) is None
    assert air.guidance_shift(st, g, st.units["o"]) == -1 and air.guidance_shift(st, g, st.units["f"]) == 0


def test_air_fire_uses_the_heavy_weapon_procedure():
    """Firing from Aircraft: the chin gun fires as a heavy weapon (one action, quality and 2D6 firepower)."""
    b = gunship_battle(air_state="hovering", at=(2, 0), blue=[K.unit("d", (8, 0), ["rifle*4"])], blue_side=HIGH)
    ev = b.submit(air.AirFire("G", "G.1", "d"))
    assert fig(b, "G.1").fired
    assert any(isinstance(e, E.ActionTaken) and e.unit == "G" for e in ev)
    assert sum(1 for s, _, p in K.rolls(ev) if "firepower die D6" in p) == 2


def test_bombs_in_a_stick_fall_ahead_of_each_other():
    """Deadfall Weapons: in a stick each bomb lands D6" (here half, rounded up, in hexes) ahead of the one
    before; the first ahead of the aircraft."""
    b = jet_battle([3, 6])
    b.submit(air.AirMove("J", K.hx(12, 2), 0))
    b.submit(air.DropBombs("J", 2, stick=True))
    blasts = sorted(f.pos.q for f in b.state.features.values() if f.kind == "blast")
    assert blasts == [K.hx(14, 2).q, K.hx(17, 2).q]


def test_bombs_from_a_hovering_aircraft_fall_directly_below_and_hit_what_is_there():
    """Deadfall Weapons: from a hovering vehicle the bombs land directly below; the blast catches the unit there."""
    b = K.battle(red=[craft("J", "strike_jet", (10, 5), air="hovering", facing=0), K.unit("A", (0, 9), ["rifle*4"])],
                 blue=[K.unit("d", (10, 5), ["rifle*2"]), K.unit("e", (25, 9), ["rifle"])], map=WIDE)
    ev = b.submit(air.DropBombs("J", 1))
    assert [f.pos for f in b.state.features.values() if f.kind == "blast"] == [K.hx(10, 5)]
    assert b.state.units["d"].under_fire_before
    assert not any("falls D6" in p for _, _, p in K.rolls(ev))


def test_bombs_may_not_be_dropped_while_grounded():
    """Deadfall Weapons: not while grounded."""
    b = K.battle(red=[craft("J", "strike_jet", (10, 5), facing=0), K.unit("A", (0, 9), ["rifle*4"])],
                 blue=[K.unit("e", (25, 9), ["rifle"])], map=WIDE)
    assert "grounded" in refusal(b, air.DropBombs("J", 1))


# ---------------------------------------------------------------------------------------------
# On-table anti-aircraft fire
# ---------------------------------------------------------------------------------------------


def aa_battle(dice=(), gunship_at=(8, 5), facing=3, air_state="hovering", blue_extra=(), red_extra=(), **kw):
    return K.battle(red=[K.unit("s", (0, 5), ["leader:rifle", "sam"]), *red_extra],
                    blue=[craft("G", "gunship", gunship_at, air=air_state, facing=facing, quality="veteran"),
                          K.unit("P", gunship_at, ["rifle*3"], **{"in": "G"}), K.unit("z", (25, 0), ["rifle"]),
                          *blue_extra],
                    map=WIDE, dice=dice, red_side=HIGH, blue_side=HIGH, **kw)


def test_no_lock_when_the_guidance_die_does_not_beat_the_ecm():
    """On-Table Anti-Aircraft Fire: the guidance die must beat the aircraft's ECM die to acquire it."""
    b = aa_battle([3, 5])
    ev = b.submit(air.FireAA("s", "s.2", "G"))
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(10, 3), (10, 5)]
    assert b.state.pending is None and fig(b, "s.2").fired


def test_a_locked_pilot_may_abort_and_leave():
    """On-Table Anti-Aircraft Fire: acquired, the pilot may abort and leave the table."""
    b = aa_battle([8, 3])
    b.submit(air.FireAA("s", "s.2", "G"))
    assert b.state.pending.kind == "aa_pilot" and b.state.pending.side == "blue"
    b.submit(C.Decide("abort"))
    assert b.state.units["G"].off_table and b.state.units["P"].off_table


def test_minor_success_the_pilot_fails_his_nerve_and_aborts():
    """On-Table Anti-Aircraft Fire: a minor success: the pilot tests at +2 (D10 must beat 2 + leadership 2);
    failing, the aircraft aborts."""
    b = aa_battle([8, 3, 5, 9, 3, 3])
    b.submit(air.FireAA("s", "s.2", "G"))
    ev = b.submit(C.Decide("press"))
    assert [(s, r) for s, r, _ in K.rolls(ev)][:3] == [(8, 5), (10, 9), (8, 3)]  # hovering: ECM D10 -> D8
    assert b.state.units["G"].off_table


def test_major_success_damages_and_a_hovering_aircraft_lands_in_place():
    """On-Table Anti-Aircraft Fire: a major success: hits = total / ECM die type (17 / 8 = 2); the first
    damages the aircraft; it makes an emergency landing where it hovers; crash test 5: a controlled
    landing, wrecked, the passengers out beside it with 3 suppression markers."""
    dice = [8, 3,  # lock
            2, 9, 8,  # engage: ECM D8 2; guidance 9, firepower 8
            6, 8, 4, 4, 4,  # hit 1: impact 6 x 2 = 12 against front armour 8: damage; passengers' armour
            2, 5,  # hit 2: 4 against 5, no effect
            5]  # crash test: controlled landing
    b = aa_battle(dice)
    b.submit(air.FireAA("s", "s.2", "G"))
    b.submit(C.Decide("press"))
    g, p = b.state.units["G"], b.state.units["P"]
    assert g.destroyed and g.damage == 1 and g.air == "grounded" and g.pos == K.hx(8, 5)
    assert p.carried_by is None and p.suppression == 3 and K.hx(8, 5).distance(p.pos) <= 1
    assert all(f.status == FIT for f in p.figures)
    assert K.script_used(b) == 2 + len(dice)


def test_a_hard_crash_landing_hurts_the_occupants():
    """On-Table Anti-Aircraft Fire: crash test 2-3: each occupant rolls a D6: 1 killed, 2-3 wounded."""
    dice = [8, 3, 2, 9, 8, 6, 8, 4, 4, 4, 2, 5, 3, 1, 2, 6]
    b = aa_battle(dice)
    b.submit(air.FireAA("s", "s.2", "G"))
    b.submit(C.Decide("press"))
    assert [f.status for f in b.state.units["P"].figures] == [KILLED, UNTREATED, FIT]


def test_an_aircraft_destroyed_in_the_air_crashes_and_explodes():
    """On-Table Anti-Aircraft Fire: destroyed: the aircraft and its occupants are lost; it falls and
    explodes, radius 6" (3 hexes), impact D8, on the troops below."""
    b = aa_battle([8, 3, 2, 9, 8, 12, 3], red_extra=[K.unit("r", (9, 6), ["rifle*2"])])
    b.submit(air.FireAA("s", "s.2", "G"))
    ev = b.submit(C.Decide("press"))
    assert b.state.units["G"].destroyed
    assert all(f.status == KILLED for f in b.state.units["P"].figures)
    blast = [f for f in b.state.features.values() if f.kind == "blast"]
    assert blast and blast[0].pos == K.hx(8, 5) and blast[0].get("radius") == 3
    assert any(s == 8 and "impact" in p for s, _, p in K.rolls(ev))
    assert b.state.units["r"].under_fire_before


def test_an_evading_aircraft_must_be_locked_again():
    """On-Table Anti-Aircraft Fire: the pilot evades 24" (12 hexes) ahead; still in sight, the firer needs a
    second lock (here lost: 2 against 6)."""
    b = aa_battle([8, 3, 2, 6], facing=0, air_state="airborne")
    b.submit(air.FireAA("s", "s.2", "G"))
    b.submit(C.Decide("evade-ahead"))
    g = b.state.units["G"]
    assert g.pos == K.hx(20, 5) and not g.destroyed and g.damage == 0


def test_a_moving_aircraft_that_comes_down_on_a_vehicle_destroys_both():
    """On-Table Anti-Aircraft Fire: moving, it lands D12 x 2" ahead; onto another vehicle, both are destroyed."""
    dice = [8, 3, 2, 9, 8, 6, 8, 4, 4, 4, 4]  # one hit (17 / D10), damage; then 4 hexes ahead
    b = aa_battle(dice, facing=0, air_state="airborne", blue_extra=[craft("T", "truck", (12, 5))])
    b.submit(air.FireAA("s", "s.2", "G"))
    b.submit(C.Decide("press"))
    assert b.state.units["T"].destroyed and b.state.units["G"].destroyed
    assert any(f.kind == "blast" and f.pos == K.hx(12, 5) for f in b.state.features.values())


def test_air_to_air_fire_is_an_option():
    """Aircraft Firing at Other Aircraft (optional): with the option, a guided weapon engages by the AA procedure."""
    red = [craft("R", "gunship", (2, 5), air="airborne", facing=0), K.unit("A", (0, 9), ["rifle*4"])]
    blue = [craft("G", "gunship", (10, 5), air="airborne", facing=0), K.unit("z", (25, 0), ["rifle"])]
    b = K.battle(red=red, blue=blue, map=WIDE)
    assert "optional rule" in refusal(b, air.FireAA("R", "R.3", "G"))
    b = K.battle(red=red, blue=blue, map=WIDE, options={"air_to_air": True}, dice=[9, 2])
    b.submit(air.FireAA("R", "R.3", "G"))
    assert b.state.pending.kind == "aa_pilot"


# ---------------------------------------------------------------------------------------------
# Troops from hovering aircraft, and insertion from altitude
# ---------------------------------------------------------------------------------------------


def drop_battle(dice=(), **kw):
    return K.battle(red=[craft("D", "dropship", (5, 5), air="hovering"),
                         K.unit("P", (5, 5), ["rifle*3"], **{"in": "D"}, **kw), K.unit("A", (0, 9), ["rifle*4"])],
                    blue=[K.unit("d", (25, 9), ["rifle*4"])], map=WIDE, dice=dice)


def test_fast_rope_takes_the_whole_activation_and_a_one_wounds():
    """Dropping Troops: ropes take both actions; each model rolls the quality die, a 1 wounds it."""
    b = drop_battle([5, 1, 6])
    b.submit(air.DropTroops("P", "rope", K.hx(5, 5)))
    p = b.state.units["P"]
    assert p.carried_by is None and p.pos == K.hx(5, 5)
    assert [f.status for f in p.figures] == [FIT, UNTREATED, FIT]
    assert b.state.active is None


def test_grav_packs_take_one_action_and_difficult_ground_shifts_the_die():
    """Dropping Troops: grav-packs take one of the unit's actions; into woods the quality die is one lower."""
    rows = ["." * 30] * 10
    rows[5] = "......*" + "." * 23
    b = K.battle(red=[craft("D", "dropship", (5, 5), air="hovering"),
                      K.unit("P", (5, 5), ["rifle*2"], insertion="grav", **{"in": "D"}),
                      K.unit("A", (0, 9), ["rifle"])],
                 blue=[K.unit("d", (25, 9), ["rifle*4"])], map="\n".join(rows), dice=[4, 4])
    ev = b.submit(air.DropTroops("P", "grav", K.hx(6, 5)))
    assert [s for s, _, _ in K.rolls(ev)] == [6, 6]  # experienced D8 -> D6
    assert b.state.active.actions == 1


def test_no_abseiling_from_a_grav_vehicle():
    """Dropping Troops: troops may not abseil from a grav vehicle (this game: a vehicle with a grav drive)."""
    b = drop_battle()
    setf(b, "D", "vehicle", "vehicle")
    assert "grav vehicle" in refusal(b, air.DropTroops("P", "rope", K.hx(5, 5)))


def insertion_battle(dice=(), how="parachute", quality="veteran", map=WIDE):
    return K.battle(red=[K.unit("I", (0, 0), ["rifle*3"], inbound=1, insertion=how, quality=quality),
                         K.unit("A", (0, 9), ["rifle*4"])],
                    blue=[K.unit("d", (25, 9), ["rifle*4"])], map=map, dice=dice)


def test_parachute_insertion_lands_near_the_aim_point():
    """High Altitude Insertion: quality die (parachute: D10 -> D8) 6 beats 4: D6" 3 -> 2 hexes, clockface 4
    (east with 12 o'clock north-west); each model's D10" dispersal; each model's quality die, 1 wounds."""
    b = insertion_battle([6, 3, 4, 10, 3, 4, 5, 1, 6])
    ev = b.submit(air.MoveInbound("red", mission_of(b, "I").id, 0, at=K.hx(10, 5)))
    assert [s for s, _, _ in K.rolls(ev)][:3] == [8, 6, 12]
    u = b.state.units["I"]
    assert u.pos == K.hx(12, 5) and not u.off_table and u.activated
    assert [f.status for f in u.figures] == [FIT, UNTREATED, FIT]
    assert any("furthest model lands 5 hexes" in n for n in notes(ev))


def test_a_failed_drop_off_the_table_loses_the_unit():
    """High Altitude Insertion: failed, the drift is D6 x 2" (5 hexes); off the table the unit is lost."""
    b = insertion_battle([3, 5, 10])
    b.submit(air.MoveInbound("red", mission_of(b, "I").id, 0, at=K.hx(1, 5)))
    assert all(f.status == KILLED for f in b.state.units["I"].figures)


def test_orbital_dispersal_is_doubled_and_open_water_drowns():
    """Orbital Insertion: the models' D10 dispersal is doubled; landing in open water destroys non-power armour."""
    rows = ["." * 30] * 10
    rows[5] = "." * 12 + "-" + "." * 17
    b = insertion_battle([6, 3, 4, 7, 2, 2], how="orbital", map="\n".join(rows))
    ev = b.submit(air.MoveInbound("red", mission_of(b, "I").id, 0, at=K.hx(10, 5)))
    assert any("furthest model lands 7 hexes" in n for n in notes(ev))
    assert all(f.status == KILLED for f in b.state.units["I"].figures)


def test_only_good_troops_drop_from_orbit():
    """High Altitude or Orbital Insertion: only veterans or elite drop from orbit."""
    with pytest.raises(Exception, match="veterans or elite"):
        insertion_battle(how="orbital", quality="experienced")
