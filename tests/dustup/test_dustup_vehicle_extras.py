"""Armoured Dustup: the vehicle sub-rules of "Fire by Vehicles", "Suppression and Vehicles" and
"Close Assault" ... "Final Defensive Fire" (book lines ~1470-1561).

Each test builds a small battle with scripted dice and checks what the book says happens.
Positions are odd-r offsets (col, row); on row 4 the axial hex is Hex(col - 2, 4). Scale: 1 hex =
2 inches, so a vehicle's D12 x 2 inches of movement is the roll in hexes.
"""

from __future__ import annotations

import dustkit

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import courage, heavy, rules, vehicles
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.heavy import FireWeapon
from hexfront.engine.systems.dustup.state import CONFIDENT, FIT, KILLED, STEADY
from hexfront.engine.systems.dustup.vehicles import CrewDismounted, Embark, TankShock, Turn

hx = dustkit.hx
FAR_RED = dustkit.unit("rr", (15, 0), ["leader:rifle", "rifle"])
FAR_BLUE = dustkit.unit("bb", (15, 9), ["leader:rifle", "rifle"])


def veh(uid, vtype, at, **kw):
    return dict(id=uid, vehicle=vtype, at=list(at), **kw)


def squad(uid, at, figures=("leader:rifle", "rifle*3"), **kw):
    kw.setdefault("name", uid)
    return dustkit.unit(uid, at, list(figures), **kw)


def set_field(b, uid, field, value):
    dustkit.set_unit(b, uid, **{field: value})


def unit(b, uid):
    return b.state.units[uid]


def notes(events) -> str:
    return "\n".join(e.text for e in events if isinstance(e, E.Note))


def rolled(events) -> list[tuple[int, int]]:
    return [(e.sides, e.result) for e in events if isinstance(e, DieRolled)]


def purposes(events) -> list[str]:
    return [e.purpose for e in events if isinstance(e, DieRolled)]


# ---------------------------------------------------------------------------------------------
# Weapon Stabilisation: superior stabilisation moves and fires in one action
# ---------------------------------------------------------------------------------------------


def tank_battle(dice=(), vtype="mbt", **kw):
    return dustkit.battle([veh("T", vtype, (2, 4), facing=0), FAR_RED], [squad("E", (12, 4)), FAR_BLUE], dice, **kw)


def test_superior_stabilisation_moves_and_fires_in_the_same_action_one_die_worse():
    """Weapon Stabilisation: with superior stabilisation the vehicle may move AND shoot in the same
    action, the target die shifted up by one. The tank rolls 3 on its D12 (3 hexes toward (5,4)),
    then its machinegun fires: D8 -> D10. One action is spent, one is left."""
    b = tank_battle([3, 9, 7, 4, 2])
    ev = b.submit(FireWeapon("T", ("T.2",), "E", to=hx(5, 4)))
    assert rolled(ev)[:2] == [(12, 3), (10, 9)]
    assert "moved and fired in one action (superior stabilisation) +1" in purposes(ev)[1]
    t = unit(b, "T")
    assert t.pos == hx(5, 4) and t.moves == 1
    assert b.state.active.unit == "T" and b.state.active.actions == 1
    assert next(f for f in t.figures if f.id == "T.2").fired
    assert "0 of 3 dice (7, 4, 2) beat the target's 9" in notes(ev)


def test_superior_stabilisation_is_not_penalised_for_a_move_action_then_a_fire_action():
    """Weapon Stabilisation: superior stabilisation is not penalised when the vehicle uses one action
    to move and another to fire: the target die stays a D8 (average stabilisation would make it D10)."""
    b = tank_battle([3, 5, 5, 5, 5])
    b.submit(C.Move("T", hx(5, 4)))
    ev = b.submit(FireWeapon("T", ("T.2",), "E"))
    assert rolled(ev)[0] == (8, 5) and purposes(ev)[0] == "target die D8: no shifts"
    b = tank_battle([3, 5, 5, 5, 5], vtype="light_tank")
    b.submit(C.Move("T", hx(5, 4)))
    ev = b.submit(FireWeapon("T", ("T.2",), "E"))
    assert rolled(ev)[0] == (10, 5) and "average stabilisation" in purposes(ev)[0]


def test_only_superior_stabilisation_may_move_and_fire_in_one_action():
    """Weapon Stabilisation: average and poor stabilisation have no move-and-shoot action; nor has
    infantry. Nothing changes when it is refused."""
    b = tank_battle(vtype="light_tank")
    why = b.refusal(FireWeapon("T", ("T.2",), "E", to=hx(5, 4)))
    assert "average stabilisation" in why and "superior" in why
    b = tank_battle(vtype="technical")
    assert "poor stabilisation" in b.refusal(FireWeapon("T", ("T.1",), "E", to=hx(5, 4)))
    b = dustkit.battle([squad("A", (2, 4), ["leader:rifle", "rifle*2", "weapon:tripod_hmg"]), FAR_RED],
                       [squad("E", (12, 4)), FAR_BLUE])
    assert "only a vehicle" in b.refusal(FireWeapon("A", ("A.4",), "E", to=hx(4, 4)))
    b = tank_battle()
    before = unit(b, "T").pos
    assert "cannot make that move" in b.refusal(FireWeapon("T", ("T.2",), "E", to=hx(11, 4)))
    assert unit(b, "T").pos == before


def test_the_computer_is_offered_only_a_few_moves_and_fire():
    """The order list stays short: at most two move-and-fire orders (closing in and pulling back),
    each of them legal."""
    b = tank_battle()
    moving = [c for c in b.legal_commands() if isinstance(c, FireWeapon) and c.to is not None]
    assert 1 <= len(moving) <= 2
    assert all(b.refusal(c) is None for c in moving)
    assert min(hex_distance(c.to, unit(b, "E").pos) for c in moving) < hex_distance(unit(b, "T").pos, unit(b, "E").pos)


def test_a_target_lost_from_sight_by_the_move_is_not_engaged():
    """This game's reading: the shot is checked again where the move ends; a target out of sight
    there is not engaged and the action is spent. (Woods on row 6 from column 10: the squad at (8,9)
    is in sight from (6,4), not from (12,4).)"""
    woods = "\n".join(["." * 16 if r != 6 else "." * 10 + "*" * 6 for r in range(10)])
    b = dustkit.battle([veh("T", "mbt", (6, 4), facing=0), FAR_RED], [squad("E", (8, 9)), FAR_BLUE], [6],
                       map=woods)
    assert b.refusal(FireWeapon("T", ("T.2",), "E", to=hx(12, 4))) is None
    ev = b.submit(FireWeapon("T", ("T.2",), "E", to=hx(12, 4)))
    assert rolled(ev) == [(12, 6)]
    assert "holds its fire after the move" in notes(ev) and "cannot see" in notes(ev)
    assert b.state.active.actions == 1 and not unit(b, "T").figures[2].fired


# ---------------------------------------------------------------------------------------------
# Suppression and Vehicles: no external weapons while suppressed
# ---------------------------------------------------------------------------------------------


def test_a_suppressed_vehicle_may_not_fire_its_external_weapons():
    """Suppression and Vehicles: weapons that need the crew outside (the engineer vehicle's roof
    machinegun, the IFV's missile launcher) may not fire while the vehicle is suppressed; weapons fired
    from inside (the tank's machinegun) may. Unsuppressed, the roof gun fires."""
    b = dustkit.battle([veh("G", "engineer", (2, 4)), veh("I", "ifv", (2, 6)), veh("T", "mbt", (2, 2)), FAR_RED],
                       [squad("E", (12, 4)), FAR_BLUE])
    assert b.state.tables.weapons["pintle_hmg"].external and b.state.tables.weapons["atgm_mount"].external
    assert not b.state.tables.weapons["vehicle_hmg"].external
    assert b.refusal(FireWeapon("G", ("G.1",), "E")) is None
    for uid in "GIT":
        set_field(b, uid, "suppression", 1)
    why = b.refusal(FireWeapon("G", ("G.1",), "E"))
    assert "suppressed" in why and "roof-mounted heavy machinegun" in why and "outside" in why
    assert "suppressed" in b.refusal(FireWeapon("I", ("I.2",), "E"))
    assert b.refusal(FireWeapon("I", ("I.1",), "E")) is None  # the autocannon is fired from inside
    assert b.refusal(FireWeapon("T", ("T.2",), "E")) is None
    offered = [c for c in b.legal_commands() if isinstance(c, FireWeapon)]
    assert not any(c.unit == "G" for c in offered) and not any(c.weapons == ("I.2",) for c in offered)


# ---------------------------------------------------------------------------------------------
# Close Assault: the crew dismount to fight back
# ---------------------------------------------------------------------------------------------


def crew_battle(dice=(), vtype="light_tank", **kw):
    return dustkit.battle([squad("A", (2, 4), ["leader:rifle", "rifle*4", "satchel_charge"], name="Assault squad"),
                           FAR_RED], [veh("L", vtype, (5, 4), facing=3), FAR_BLUE], dice, **kw)


CONTACT = [6, 3, 4]  # courage: squad D6 (outnumbered 2:1 by the size 2 tank) 6, tank D8 3; move D6 4 (needs 3)


def test_the_crew_dismount_and_fight_the_close_combat_as_infantry():
    """Close Assault: the crew may dismount to fight back. The tank's side answers "dismount"; on
    contact its crew of three (pistols, basic battledress D4) get out beside it and the close combat
    is fought with them: round 1 the squad scores 3 hits that do nothing; round 2 the crew miss. A
    3-3 draw in the outcome test counts for the defender: the attackers withdraw and never reach the
    tank, which is left unmanned."""
    dice = CONTACT + [2, 5, 4,  # round 1: crew D6 (outnumbered 2:1) 2; squad D8 5, strike D6 4: major, 3 hits
                      1, 3, 3,  # the hits fall on crewmen 1, 3 and 3
                      3, 3, 3, 3, 3, 3,  # three impacts D6 3 against armour D4 3: no effect
                      3, 3, 3,  # round 2: squad D8 3; crew D8 3, strike D4 3: no success
                      3, 3,  # outcome: squad D8 3, crew D6 3: a draw
                      3]  # the squad withdraws
    b = crew_battle(dice)
    b.submit(C.Assault("A", "L"))
    assert b.state.pending.kind == "withdraw" and b.state.pending.data == ("withdraw", "stand", "dismount")
    ev = b.submit(C.Decide("dismount"))
    out = [e for e in ev if isinstance(e, CrewDismounted)]
    assert len(out) == 1 and out[0].count == 3 and out[0].weapon == "pistol"
    crew = unit(b, "L-crew")
    assert crew.crew_of == "L" and unit(b, "L").crew_out == "L-crew"
    assert [f.weapon for f in crew.figures] == ["pistol"] * 3 and crew.leader is not None
    assert all(f.armour == 4 for f in crew.figures) and crew.quality == unit(b, "L").quality
    assert hex_distance(crew.pos, unit(b, "L").pos) == 1 and b.state.occupant[crew.pos] == "L-crew"
    assert "light tank crew is the target" in purposes(ev)[3]
    assert "a draw" in notes(ev) and "Assault squad withdraws" in purposes(ev)[-1]
    assert unit(b, "L").damage == 0 and b.state.assault is None
    assert all(f.status == FIT for f in crew.figures)


def test_attackers_who_beat_the_crew_go_on_to_attack_the_vehicle():
    """This game's reading: when the attackers win the fight with the dismounted crew, they make
    their one attack on the vehicle (Infantry Assaulting Vehicles). Round 1 kills all three crewmen;
    they still strike in round 2 (the rounds are simultaneous) and miss; with no one left standing
    it is a total victory, no test. The satchel charges' D12x2 (6 x 2 = 12) against the side armour
    D12 (5) is more than double: the tank is destroyed; the squad then falls back toward cover."""
    dice = CONTACT + [2, 5, 4, 1, 2, 3,  # round 1: major success, 3 hits on crewmen 1, 2, 3
                      6, 1, 6, 1, 6, 1,  # each impact D6 6 against D4 1: more than double, killed
                      3, 3, 3,  # round 2: squad D8 3; crew D8 3 and strike D4 3: no success
                      6, 5, 3]  # satchel impact D12 6, side armour D12 5; the squad falls back D6 3
    b = crew_battle(dice)
    b.submit(C.Assault("A", "L"))
    ev = b.submit(C.Decide("dismount"))
    crew = unit(b, "L-crew")
    assert all(f.status == KILLED for f in crew.figures)
    assert "total victory" in notes(ev) and "are beaten off" in notes(ev)
    assert rolled(ev)[-3:] == [(12, 6), (12, 5), (6, 3)] and "side armour" in purposes(ev)[-2]
    assert unit(b, "L").destroyed and dustkit.script_used(b) == len(dustkit.ROLL_OFF_RED) + len(dice)


def test_beaten_crew_withdraw_and_the_attackers_place_their_charges():
    """Outcome: the squad beats the crew's roll (5 against 2, more than double): the crew withdraw and
    drop two levels; the attackers then attack the tank: 4 x 2 = 8 against armour 5 is a damage
    marker (the tank tests its confidence, passing with 6)."""
    dice = CONTACT + [2, 5, 4, 1, 3, 3, 3, 3, 3, 3, 3, 3,  # round 1 as before: no casualties
                      3, 3, 3,  # round 2: no success
                      5, 2,  # outcome: squad 5 against crew 2
                      4,  # the crew withdraw: D6
                      4, 5, 6,  # satchel D12 4 (x2 = 8) against side armour 5; tank confidence D8 6
                      3]  # the squad falls back
    b = crew_battle(dice)
    b.submit(C.Assault("A", "L"))
    ev = b.submit(C.Decide("dismount"))
    crew = unit(b, "L-crew")
    assert crew.confidence == CONFIDENT - 2 and hex_distance(crew.pos, unit(b, "A").pos) > 1
    assert unit(b, "L").damage == 1 and not unit(b, "L").destroyed
    assert "are beaten off" in notes(ev)
    assert rolled(ev)[-5:] == [(6, 4), (12, 4), (12, 5), (8, 6), (6, 3)]
    assert dustkit.script_used(b) == len(dustkit.ROLL_OFF_RED) + len(dice)


def test_a_suppressed_vehicle_cannot_dismount_its_crew():
    """Close Assault: the crew may dismount only as long as the vehicle is not suppressed: the
    choice is not offered, and the log says why."""
    b = crew_battle()
    set_field(b, "L", "suppression", 1)
    ev = b.submit(C.Assault("A", "L"))
    assert b.state.pending.data == ("withdraw", "stand")
    assert "suppressed: its crew may not dismount" in notes(ev)
    assert b.refusal(C.Decide("dismount")) is not None


def test_mechs_monsters_and_crewless_vehicles_have_no_crew_to_dismount():
    """Close Assault: mechs and monsters fight themselves; a vehicle type with no crew given gets one
    by its size, but turrets and buildings have none."""
    t = dustkit.battle([FAR_RED], [FAR_BLUE]).state.tables
    assert t.vehicles["mbt"].crew == 4 and t.vehicles["walker_mech"].crew == 0 and t.vehicles["bunker"].crew == 0
    assert t.vehicles["land_train"].crew == 5  # size 5, no crew given: five
    b = dustkit.battle([squad("A", (2, 4)), FAR_RED], [veh("M", "walker_mech", (5, 4)), FAR_BLUE])
    b.submit(C.Assault("A", "M"))
    assert b.state.pending.data == ("withdraw", "stand")


def unmanned_battle():
    """A red tank whose crew are out (as after a close assault), red to act."""
    b = dustkit.battle([veh("L", "light_tank", (5, 4), facing=3), FAR_RED], [squad("E", (12, 4)), FAR_BLUE])
    c = dustkit.ctx(b)
    vehicles.dismount_crew(c, unit(b, "L"), None)
    dustkit.set_unit(b, "L-crew", activated=False)  # a new turn for the crew
    return b


def test_an_unmanned_vehicle_does_nothing_until_its_crew_remount_with_embark():
    """This game's reading: a vehicle whose crew is out is unmanned: it may not move, turn or fire
    (and tank shock) until its own crew gets back in with an ordinary Embark action from next to it;
    then it is manned again and its crew leave the table."""
    b = unmanned_battle()
    for cmd in (C.Move("L", hx(6, 4)), Turn("L", 0), FireWeapon("L", ("L.1",), "E"), TankShock("L", "E")):
        assert "unmanned" in b.refusal(cmd), cmd
    assert b.refusal(Embark("L-crew", "L")) is None  # the tank carries no passengers, but its crew get in
    assert Embark("L-crew", "L") in b.legal_commands()
    b.submit(Embark("L-crew", "L"))
    assert unit(b, "L").crew_out is None and not unit(b, "L-crew").on_table
    assert b.state.occupant[unit(b, "L").pos] == "L"
    manned = unit(b, "L")  # (blue acts next, so the orders themselves wait for red's turn)
    assert rules.vehicle_cannot_move(b.state, manned) is None and heavy.firer_refusal(b.state, manned) is None
    assert vehicles._turn_check(b.state, manned, Turn("L", 0)) is None


def test_an_unmanned_vehicle_carries_an_activation_marker_from_the_start_of_the_turn():
    """This game's reading: at the start of each turn an unmanned vehicle is marked as activated, so
    it is never offered an activation while its crew is out."""
    b = unmanned_battle()
    c = dustkit.ctx(b)
    c.emit(E.TurnBegan(turn=2))
    vehicles.TURN_BEGIN(c)
    assert unit(b, "L").activated and not unit(b, "L-crew").activated
    assert "L" not in [u.id for u in b.state.unactivated("red")]


def test_the_crew_cannot_get_back_into_another_vehicle_or_from_afar():
    """Embark: the crew remount only their own vehicle, and only from its hex or next to it."""
    b = unmanned_battle()
    set_field(b, "L", "crew_out", None)
    assert "already manned" in b.refusal(Embark("L-crew", "L"))
    set_field(b, "L", "crew_out", "L-crew")
    dustkit.ctx(b).emit(E.UnitPlaced(unit="L-crew", at=hx(9, 4)))
    assert "within 2 inches" in b.refusal(Embark("L-crew", "L"))


# ---------------------------------------------------------------------------------------------
# Open Top Vehicles
# ---------------------------------------------------------------------------------------------


def truck_battle(dice=()):
    return dustkit.battle([squad("A", (2, 4), name="Assault squad"), FAR_RED],
                          [veh("T", "truck", (5, 4), facing=3), squad("P", (5, 4), name="Riders", **{"in": "T"}),
                           FAR_BLUE], dice)


def test_attacking_an_open_top_vehicle_counts_its_passengers_for_outnumbering():
    """Open Top Vehicles, the book's example: a size 2 open-topped truck with one squad aboard is
    three units against the attacker, so the single assaulting squad is outnumbered 3:1 and its
    courage die drops two types, D8 -> D4. It still wins 4 to 1 and moves to contact; rolling 2
    against the 3 it needs, it is short, and the passengers (who can fire out of the open top) make
    final defensive fire."""
    b = truck_battle([4, 1, 2, 3, 3, 3])
    b.submit(C.Assault("A", "T"))
    ev = b.submit(C.Decide("stand"))
    assert courage.sizes(b.state, unit(b, "A"), unit(b, "T")) == (1, 3)
    assert rolled(ev)[:3] == [(4, 4), (8, 1), (6, 2)]
    assert "outnumbered 3:1 or more -2" in purposes(ev)[0]
    assert "Riders fires" in purposes(ev)[4]
    assert b.state.pending.kind == "press"


def test_passengers_driven_to_withdraw_close_down_and_the_attack_may_switch_to_the_vehicle():
    """Open Top Vehicles: attacking the passengers, they count as behind cover (D8 -> D10). The
    squad's 8 is more than double their 3: they must withdraw, and stay down inside instead. The
    attacker may then switch the assault to the vehicle: it moves to contact (3 reaches) and makes
    its one attack on the truck (no grenades: its close combat impact D6 5 against the side armour
    D8 2, more than double: destroyed). The passengers roll their D4 armour against double the class
    (4s: all unhurt) and bail out; the squad falls back toward cover (D6 3)."""
    dice = [8, 3, 3, 5, 2, 4, 4, 4, 4, 3]
    b = truck_battle(dice)
    b.submit(C.Assault("A", "P"))
    ev = b.submit(C.Decide("stand"))
    assert "defender in cover or propped +1" in purposes(ev)[1]
    assert "stay down inside" in notes(ev) and unit(b, "P").carried_by == "T"
    assert b.state.pending.kind == "occupy" and b.state.pending.data == ("vehicle", "halt")
    ev = b.submit(C.Decide("vehicle"))
    assert "switches the assault to the vehicle" in notes(ev)
    assert unit(b, "T").activated and unit(b, "T").destroyed
    assert rolled(ev) == [(6, 3), (6, 5), (8, 2), (4, 4), (4, 4), (4, 4), (4, 4), (6, 3)]
    assert "side armour" in purposes(ev)[2]
    assert unit(b, "P").carried_by is None and all(f.status == FIT for f in unit(b, "P").figures)
    assert dustkit.script_used(b) == len(dustkit.ROLL_OFF_RED) + len(dice)


def test_the_attacker_may_also_halt_when_the_passengers_close_down():
    """Open Top Vehicles: switching to the vehicle is the attacker's choice; halting ends the assault."""
    b = truck_battle([8, 3])
    b.submit(C.Assault("A", "P"))
    b.submit(C.Decide("stand"))
    ev = b.submit(C.Decide("halt"))
    assert rolled(ev) == [] and b.state.assault is None and not unit(b, "T").destroyed


# ---------------------------------------------------------------------------------------------
# Final Defensive Fire by vehicles
# ---------------------------------------------------------------------------------------------


def fdf_battle(vtype, dice=(), **kw):
    return dustkit.battle([squad("A", (1, 4), name="Assault squad"), FAR_RED],
                          [veh("V", vtype, (5, 4), facing=3, **kw), FAR_BLUE], dice)


SHORT = [4, 1, 1]  # courage: squad D6 4 against the size 2 vehicle's D8 1; move D6 1 (needs 4): short


def test_a_vehicles_machinegun_fires_in_final_defensive_fire():
    """Vehicles: Final Defensive Fire: a vehicle with support weapons such as machine guns fires them
    when the attackers fail to reach it. The APC's heavy machinegun (2D6) at the squad 4 hexes away:
    target die D8 (no short range for heavy weapons) rolls 3; quality 6 and 6, 6 all beat it: a major
    success, no suppression (final defensive fire), 18 / 8 = 2 hits; impact D8 7 kills the leader
    (armour 3), 4 against 2 wounds a rifleman. Two casualties: the squad must beat leadership 2 + 2
    with its D8; it rolls 1, goes back where it started with a suppression marker, and its
    activation ends (its leader's loss then costs it a confidence test, 3 against 5: steady)."""
    dice = SHORT + [3, 6, 6, 6, 1, 2, 7, 3, 4, 2, 1, 3]
    b = fdf_battle("apc", dice)
    b.submit(C.Assault("A", "V"))
    ev = b.submit(C.Decide("stand"))
    p = purposes(ev)
    assert p[3] == "target die D8: no shifts"
    assert "vehicle heavy machinegun firepower die D6 (2 of 2)" in p[6]
    assert "suppression results are ignored" in notes(ev)
    a = unit(b, "A")
    assert [f.status for f in a.figures].count(KILLED) == 1 and sum(1 for f in a.figures if f.status != FIT) == 2
    assert a.pos == hx(1, 4) and a.suppression == 1 and a.confidence == STEADY
    assert b.state.assault is None and b.state.active is None
    assert dustkit.script_used(b) == len(dustkit.ROLL_OFF_RED) + len(dice)


def test_guns_and_missiles_do_not_fire_in_final_defensive_fire():
    """Final Defensive Fire: support weapons may be used, heavy weapons may not: the IFV's autocannon
    and missile stay silent (no dice rolled after the move); the attacker may press on."""
    b = fdf_battle("ifv", SHORT)
    b.submit(C.Assault("A", "V"))
    ev = b.submit(C.Decide("stand"))
    assert rolled(ev) == [(6, 4), (8, 1), (6, 1)]
    assert b.state.pending.kind == "press"


def test_a_suppressed_vehicle_fires_no_external_machinegun_in_final_defensive_fire():
    """Suppression and Vehicles / Final Defensive Fire: the suppressed engineer vehicle passes its
    suppression test (D8 6 beats leadership 2 + 1 marker) but its roof machinegun is worked from
    outside and may not fire."""
    b = fdf_battle("engineer", [4, 1, 1, 6])
    set_field(b, "V", "suppression", 1)
    b.submit(C.Assault("A", "V"))
    ev = b.submit(C.Decide("stand"))
    assert rolled(ev)[-1] == (8, 6) and "suppression test" in purposes(ev)[-1]
    assert "worked from outside and stays silent" in notes(ev)
    assert b.state.pending.kind == "press"


def test_an_unmanned_vehicle_gives_no_final_defensive_fire():
    """This game's reading: with its crew out, the vehicle's machineguns are silent."""
    b = fdf_battle("apc", SHORT)
    vehicles.dismount_crew(dustkit.ctx(b), unit(b, "V"), None)
    set_field(b, "V-crew", "off_table", True)
    b.submit(C.Assault("A", "V"))
    ev = b.submit(C.Decide("stand"))
    assert "unmanned: its machineguns stay silent" in notes(ev)
    assert rolled(ev) == [(6, 4), (8, 1), (6, 1)]


def test_the_new_events_and_decisions_read_as_words():
    """The dice log: the crew getting out and the new choices have lines of their own."""
    b = unmanned_battle()
    ev = CrewDismounted(vehicle="L", unit="L-crew", name="light tank crew", at=hx(4, 4), count=3, weapon="pistol")
    line = dustkit.SYSTEM.describe(ev, b.state)
    assert "crew of 3 get out at (4,4)" in line and "unmanned" in line
    assert rules.pending_question(attrs_pending("crew")).startswith("dismount the vehicle's crew")
    order = dustkit.SYSTEM.describe_command(FireWeapon("L", ("L.1",), "E", to=hx(7, 4)), b.state)
    assert order.endswith("moving toward (7,4) first")


def attrs_pending(kind):
    from hexfront.engine.systems.dustup.state import Pending

    class Fake:
        pending = Pending("red", kind, ("stay", "dismount"))

    return Fake()
