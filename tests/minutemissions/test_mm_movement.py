"""Movement Phase, Movement Within a Hex, Thruster Movement, Elevations and Fall Damage."""

from __future__ import annotations

from hexfront.engine.core.hexes import axial_to_offset


def _duel(kit, dice, west, east=None, **kw):
    east = east or [kit.unit("A1", "crusher", (11, 13))]
    return kit.battle(west, east, dice, **kw)


def test_a_unit_steps_only_into_the_three_hexes_in_front(kit):
    """Movement Phase: units move only forward, to the 3 closest hexes directly in front of them."""
    C = kit.C
    b = _duel(kit, [6], [kit.unit("M2", "longbow", (4, 4), facing=0)])
    b.submit(C.Activate("M2"))
    at = b.state.units["M2"].at
    front = {at.neighbour(0), at.neighbour(1), at.neighbour(5)}
    moves = {c.to for c in b.legal_commands() if type(c) is C.Move}
    assert moves == front
    for d in (2, 3, 4):
        kit.refuse(b, C.Move("M2", at.neighbour(d)), "three hexes in front")
    b.submit(C.Move("M2", at.neighbour(1)))
    assert b.state.units["M2"].at == at.neighbour(1)
    assert b.state.units["M2"].facing == 0  # a step keeps the facing (this game's reading)


def test_turning_is_free_once_per_movement_phase_then_costs_a_movement_point(kit):
    """Movement Phase: rotating on the hex costs 1 standard movement point; once per movement phase it
    is free."""
    C = kit.C
    b = _duel(kit, [1, 1, 1], [kit.unit("M2", "longbow", (4, 4), facing=0),
                               kit.unit("M3", "skylark", (2, 12))])
    b.submit(C.Activate("M2"))
    from hexfront.engine.systems.minutemissions import rules
    assert rules.mp_left(b.state) == 3
    ev = b.submit(C.Turn("M2", 3))
    assert kit.of(ev, kit.E.UnitTurned)[0].cost == 0 and rules.mp_left(b.state) == 3
    ev = b.submit(C.Turn("M2", 2))
    assert kit.of(ev, kit.E.UnitTurned)[0].cost == 1 and rules.mp_left(b.state) == 2
    b.submit(C.Turn("M2", 1))
    b.submit(C.Turn("M2", 0))
    assert rules.mp_left(b.state) == 0
    kit.refuse(b, C.Turn("M2", 5), "free turn is used")
    b.submit(C.EndTurn("M2"))
    b.submit(C.Activate("A1"))
    b.submit(C.EndTurn("A1"))
    b.submit(C.Activate("M3"))
    b.submit(C.EndTurn("M3"))
    b.submit(C.Activate("M2"))  # next round: a free turn again
    ev = b.submit(C.Turn("M2", 3))
    assert kit.of(ev, kit.E.UnitTurned)[0].cost == 0


def test_standard_movement_points_limit_the_steps_and_press_on_adds_one(kit):
    """Terminology: Standard Movement is how many hexes a unit moves in a turn. Press On: one more
    standard movement point for 2 AP. Woods cost 2 (this game's terrain)."""
    C = kit.C
    b = _duel(kit, [1], [kit.unit("M1", "ironfist", (2, 4), facing=0)], terrain={(4, 4): "*"})
    b.submit(C.Activate("M1"))  # heavy: 2 movement, 2 + 1 AP
    b.submit(C.Move("M1", kit.hx(3, 4)))
    kit.refuse(b, C.Move("M1", kit.hx(4, 4)), "costs 2 movement points; 1 left")
    b.submit(C.PressOn("M1"))
    assert b.state.turn.ap == 1
    ev = b.submit(C.Move("M1", kit.hx(4, 4)))
    assert kit.of(ev, kit.E.UnitStepped)[0].cost == 2
    kit.refuse(b, C.Move("M1", kit.hx(5, 4)), "0 left")


def test_a_step_climbs_one_level_at_most(kit):
    """Elevations (this game's reading): a standard step climbs one level; the +2 mesa needs thrusters."""
    C = kit.C
    b = _duel(kit, [6], [kit.unit("M2", "longbow", (3, 4), facing=0)], terrain={(4, 4): "^", (4, 6): "&"})
    b.submit(C.Activate("M2"))
    b.submit(C.Move("M2", kit.hx(4, 4)))
    assert b.state.units["M2"].elev == 1
    b.submit(C.Turn("M2", 5))  # face SE, towards row 6
    u = b.state.units["M2"]
    mesa = kit.hx(4, 6)
    step = next(h for h in (u.at.neighbour(5), u.at.neighbour(4)) if axial_to_offset(h)[1] == 5)
    b.submit(C.Move("M2", step))
    assert b.state.units["M2"].elev == 0
    b.submit(C.Turn("M2", next(d for d in range(6) if b.state.units["M2"].at.neighbour(d) == mesa)))
    kit.refuse(b, C.Move("M2", mesa), "too high to climb")


def test_stepping_off_a_two_level_drop_is_a_fall_of_3_x_height_to_both_legs(kit):
    """Terminology, Fall Damage: 3 x elevation height in damage to both legs (the cockpit of a
    transformed unit). This game's reading: stepping down two or more levels is a fall, and the unit
    ends thrown down."""
    C = kit.C
    b = _duel(kit, [6], [kit.unit("M2", "longbow", (4, 4), facing=0, level=2)], terrain={(4, 4): "&"})
    ev = b.submit(C.Activate("M2"))
    ev = b.submit(C.Move("M2", kit.hx(5, 4)))
    dmg = kit.of(ev, kit.E.Damaged)
    assert [(d.area, d.amount, d.left) for d in dmg] == [("l_leg", 6, 2), ("r_leg", 6, 2)]
    assert b.state.units["M2"].posture == "down"
    kit.refuse(b, C.Move("M2", kit.hx(6, 4)), "get up before it moves")


def test_friends_may_share_a_hex_enemies_only_at_another_elevation(kit):
    """Movement Within a Hex: two friendly units may share a hex; opposing units only at different
    elevations (a building hex has its foot and its roof)."""
    C = kit.C
    west = [kit.unit("M1", "ironfist", (3, 4), facing=0), kit.unit("M2", "longbow", (4, 4)),
            kit.unit("M4", "hive", (4, 4))]
    east = [kit.unit("A1", "crusher", (3, 8)), kit.unit("A3", "hopper", (5, 8), facing=3)]
    b = kit.battle(west, east, [1, 1, 1, 1], terrain={(4, 8): "#"})
    b.submit(C.Activate("M1"))
    kit.refuse(b, C.Move("M1", kit.hx(4, 4)), "two friendly units already share")
    b.submit(C.EndTurn("M1"))
    b.submit(C.Activate("A1"))
    b.submit(C.EndTurn("A1"))
    b.submit(C.Activate("M2"))
    b.submit(C.EndTurn("M2"))
    b.submit(C.Activate("A3"))
    # the hopper flies onto the building roof (+2) ...
    b.submit(C.Thrust("A3", 3, 1))
    assert (b.state.units["A3"].at, b.state.units["A3"].elev) == (kit.hx(4, 8), 2)


def test_an_enemy_at_the_same_level_blocks_the_hex(kit):
    C = kit.C
    west = [kit.unit("M2", "longbow", (4, 4), facing=0)]
    east = [kit.unit("A1", "crusher", (5, 4))]
    b = kit.battle(west, east, [6])
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.Move("M2", kit.hx(5, 4)), "an enemy stands there")


def test_an_enemy_at_the_foot_of_a_building_and_a_mech_on_its_roof_share_the_hex(kit):
    """Movement Within a Hex: enemies on the same hex at different elevations."""
    C = kit.C
    west = [kit.unit("M3", "skylark", (6, 4), facing=0)]
    east = [kit.unit("A1", "crusher", (8, 4))]
    b = kit.battle(west, east, [6], terrain={(8, 4): "#"})
    assert b.state.units["A1"].elev == 0
    b.submit(C.Activate("M3"))
    b.submit(C.Thrust("M3", 0, 2))
    m3, a1 = b.state.units["M3"], b.state.units["A1"]
    assert m3.at == a1.at and (m3.elev, a1.elev) == (2, 0)


def test_thrusters_fly_straight_and_stop_a_hex_short_of_an_obstacle(kit):
    """Terminology, Thruster Movement: a straight path in the chosen direction; if an obstacle blocks the
    full travel the unit stops one hex before it. Obstacles here: an enemy standing in the landing hex,
    ground higher than the thrusters lift, the board edge."""
    C = kit.C
    west = [kit.unit("M3", "skylark", (4, 4), facing=0), kit.unit("M2", "longbow", (1, 12))]
    east = [kit.unit("A1", "crusher", (8, 4)), kit.unit("A3", "hopper", (6, 8), facing=3, level=-1)]
    b = kit.battle(west, east, [6, 6], terrain={(6, 8): ",", (4, 8): "&"})
    b.submit(C.Activate("M3"))
    ev = b.submit(C.Thrust("M3", 0, 4))  # the booster's 4 hexes would end on the crusher
    fl = kit.of(ev, kit.E.ThrusterFlight)[0]
    assert fl.stopped_short and len(fl.path) == 3 and fl.to == kit.hx(7, 4)
    assert b.state.turn.ap == 3 + 6 - 2
    b.submit(C.EndTurn("M3"))
    b.submit(C.Activate("A3"))
    # from the crater (-1) the +2 mesa is 3 levels up, above the jump jets' lift of 2: stop short
    ev = b.submit(C.Thrust("A3", 3, 3))
    fl = kit.of(ev, kit.E.ThrusterFlight)[0]
    assert fl.to == kit.hx(5, 8) and fl.stopped_short and fl.elev == 0


def test_a_flight_towards_the_board_edge_stops_on_the_last_hex(kit):
    C = kit.C
    b = kit.battle([kit.unit("M3", "skylark", (10, 4), facing=0)], [kit.unit("A1", "crusher", (11, 13))], [6])
    b.submit(C.Activate("M3"))
    ev = b.submit(C.Thrust("M3", 0, 4))
    fl = kit.of(ev, kit.E.ThrusterFlight)[0]
    assert fl.to == kit.hx(12, 4) and fl.stopped_short and len(fl.path) == 2


def test_a_flight_blocked_at_once_is_refused(kit):
    C = kit.C
    b = kit.battle([kit.unit("M3", "skylark", (12, 4), facing=0)], [kit.unit("A1", "crusher", (11, 13))], [6])
    b.submit(C.Activate("M3"))
    kit.refuse(b, C.Thrust("M3", 0, 1), "obstacle right ahead")


def test_thruster_movement_forfeits_both_combat_phases(kit):
    """Terminology, Thruster Movement: forfeit the ranged and close combat phases if used."""
    C = kit.C
    west = [kit.unit("M3", "skylark", (4, 4), facing=0)]
    east = [kit.unit("A1", "crusher", (8, 4))]
    b = kit.battle(west, east, [6])
    b.submit(C.Activate("M3"))
    b.submit(C.Thrust("M3", 0, 1))
    kit.refuse(b, C.Attack("M3", "M3.rifle", "A1", "torso"), "forfeits both combat phases")
    kit.refuse(b, C.Thrust("M3", 0, 1), "already used its thrusters")
    assert not [c for c in b.legal_commands() if type(c) is C.Attack]
    b.submit(C.EndPhase("M3"))
    assert b.state.turn is None and "M3" in b.state.acted
