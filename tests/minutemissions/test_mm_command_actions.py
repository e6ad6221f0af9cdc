"""Command Actions: Get Up, Press On (see test_mm_movement), Break Grapple (see test_mm_combat), Swapping,
Retrieving, Deploy, Reposition, Recall, Transform, Kneeling and Prone (see test_mm_combat), Offensive
Stance and Defensive Stance. Each costs 2 AP."""

from __future__ import annotations

from hexfront.engine.systems.minutemissions import combat as K


def test_get_up_after_being_thrown_down(kit):
    """Get Up: a unit thrown down gets back on its feet (2 AP)."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0, level=2)], [kit.unit("A1", "crusher", (11, 13))],
                   [6], terrain={(4, 4): "&"})
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.GetUp("M2"), "already on its feet")
    b.submit(C.Move("M2", kit.hx(5, 4)))  # a fall: thrown down
    assert b.state.units["M2"].posture == "down"
    kit.refuse(b, C.Attack("M2", "M2.longrifle", "A1", "torso"), "must get up")
    b.submit(C.GetUp("M2"))
    assert b.state.units["M2"].posture == "standing" and b.state.turn.ap == 9 - 2


def test_a_unit_with_both_legs_destroyed_cannot_get_up(kit):
    C = kit.C

    def tweak(content):
        content["core_types"]["medium"]["sections"]["l_leg"] = 1
        content["core_types"]["medium"]["sections"]["r_leg"] = 1

    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A2", "lancer", (7, 4), facing=3)],
                   [6, 6, 1, 1, 6, 1, 1, 6], first="ashen", tweak=tweak)
    b.submit(C.Activate("A2"))
    b.submit(C.Attack("A2", "A2.rifle", "M2", "l_leg"))
    b.submit(C.Attack("A2", "A2.rifle", "M2", "r_leg"))
    b.submit(C.EndTurn("A2"))
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.GetUp("M2"), "both legs destroyed")


def test_swapping_one_weapon_per_action_between_hand_and_carried(kit):
    """Swapping: change a weapon from equipped to carried or back, one weapon per action. A [2H] weapon
    takes both hands when both are free. Carried Weapons: at most 3. Mounted weapons cannot be swapped."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A1", "crusher", (11, 13))], [8])
    b.submit(C.Activate("M2"))
    ws = b.state.weapons
    b.submit(C.Swap("M2", "M2.longrifle"))
    assert ws["M2.longrifle"].place == "carried" and K.free_arms(b.state, b.state.units["M2"]) == ["l_arm", "r_arm"]
    b.submit(C.Swap("M2", "M2.carbine"))
    assert (ws["M2.carbine"].place, ws["M2.carbine"].at) == ("held", ("r_arm",))
    b.submit(C.Swap("M2", "M2.longrifle"))
    assert ws["M2.longrifle"].at == ("l_arm",) and K.one_handed_2h(b.state, ws["M2.longrifle"])
    kit.refuse(b, C.Swap("M2", "M2.missiles"), "mounted weapons cannot be swapped")
    assert b.state.turn.ap == 11 - 6


def test_no_more_than_three_carried_weapons(kit):
    C = kit.C

    def tweak(content):
        content["designs"]["longbow"]["weapons"] += [{"weapon": "knife", "carried": True},
                                                     {"weapon": "knife", "slot": "knife2", "carried": True}]

    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A1", "crusher", (11, 13))], [8],
                   tweak=tweak)
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.Swap("M2", "M2.longrifle"), "already carries 3")


def _disarmed_skylark(kit, dice, tweak=None):
    """The crusher's beam sword (disarm) strikes the skylark's right arm: its rifle drops on its hex."""
    C = kit.C
    b = kit.battle([kit.unit("M3", "skylark", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [6, 3, 1, 1] + dice, first="ashen", tweak=tweak)
    b.submit(C.Activate("A1"))
    b.submit(C.Attack("A1", "A1.sword", "M3", "r_arm"))
    b.submit(C.EndTurn("A1"))
    return b


def test_retrieving_a_dropped_weapon_on_the_same_hex_into_an_open_hand(kit):
    """Retrieving: pick up a weapon dropped by a friendly unit on the same hex into an open hand; with no
    hand free it cannot be retrieved."""
    C = kit.C

    def tweak(content):
        content["designs"]["skylark"]["weapons"].append({"weapon": "knife", "carried": True})

    b = _disarmed_skylark(kit, [8], tweak)
    assert b.state.weapons["M3.rifle"].place == "dropped"
    b.submit(C.Activate("M3"))
    assert C.Retrieve("M3", "M3.rifle") in b.legal_commands()
    b.submit(C.Swap("M3", "M3.knife"))  # the free right hand takes the knife
    kit.refuse(b, C.Retrieve("M3", "M3.rifle"), "no free hand")
    b.submit(C.Swap("M3", "M3.knife"))
    b.submit(C.Retrieve("M3", "M3.rifle"))
    w = b.state.weapons["M3.rifle"]
    assert (w.place, w.holder, w.at) == ("held", "M3", ("r_arm",))


def test_only_friendly_weapons_on_the_same_hex_can_be_retrieved(kit):
    """Retrieving: a weapon dropped or disarmed from a friendly unit; must be on the same hex."""
    C = kit.C
    b = kit.battle([kit.unit("M3", "skylark", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [8, 5, 1, 1, 6, 8])
    b.submit(C.Activate("M3"))
    b.submit(C.Attack("M3", "M3.sword", "A1", "r_arm"))  # the skylark's sword disarms the crusher
    assert b.state.weapons["A1.sword"].place == "dropped"
    b.submit(C.EndTurn("M3"))
    b.submit(C.Activate("A1"))
    b.submit(C.Turn("A1", 0))
    b.submit(C.Move("A1", kit.hx(7, 4)))
    b.submit(C.EndTurn("A1"))
    b.submit(C.Activate("M3"))
    kit.refuse(b, C.Retrieve("M3", "A1.sword"), "same hex")
    b.submit(C.Move("M3", kit.hx(6, 4)))
    kit.refuse(b, C.Retrieve("M3", "A1.sword"), "friendly units")


def _hive(kit, dice, east=None, tweak=None, **kw):
    east = east or [kit.unit("A2", "lancer", (8, 4), facing=3)]
    return kit.battle([kit.unit("M4", "hive", (4, 4), facing=0)], east, dice, tweak=tweak, **kw)


def test_deploy_puts_drones_within_two_hexes_and_at_most_three_are_active(kit):
    """Deploy: places drones attached to the unit on the battlefield, at most 3 active. Reposition: the
    drone range is a 2 hex radius from the main unit."""
    C = kit.C

    def tweak(content):
        content["designs"]["hive"]["drones"] = 4

    b = _hive(kit, [8], tweak=tweak)
    b.submit(C.Activate("M4"))
    kit.refuse(b, C.LaunchDrone("M4", kit.hx(7, 4)), "within 2")
    for h in (kit.hx(6, 4), kit.hx(5, 3), kit.hx(2, 4)):
        b.submit(C.LaunchDrone("M4", h))
    assert b.state.units["M4"].docked == 1
    kit.refuse(b, C.LaunchDrone("M4", kit.hx(5, 5)), "at most 3")
    assert b.state.turn.ap == 11 - 6


def test_a_drone_fires_its_own_gun_and_sees_all_round(kit):
    """Artificial Intelligence gives drones life (this game's reading: the carrier fires a drone's gun in
    its ranged phase, measured from the drone, which sees all round)."""
    C = kit.C
    b = _hive(kit, [8, 5, 1, 2], east=[kit.unit("A1", "crusher", (1, 4), facing=0),
                                       kit.unit("A2", "lancer", (11, 13))])
    b.submit(C.Activate("M4"))
    kit.refuse(b, C.Attack("M4", "M4.rifle", "A1", "torso"), "field of view")
    b.submit(C.LaunchDrone("M4", kit.hx(3, 4)))
    ev = b.submit(C.Attack("M4", "M4.d1", "A1", "torso"))
    assert kit.rolls(ev)[0].need == 5 and kit.of(ev, kit.E.Damaged)[0].amount == 2


def test_drones_can_be_shot_down(kit):
    C = kit.C
    b = _hive(kit, [8, 6, 6, 1, 1], first="meridian")
    b.submit(C.Activate("M4"))
    b.submit(C.LaunchDrone("M4", kit.hx(6, 4)))
    b.submit(C.EndTurn("M4"))
    b.submit(C.Activate("A2"))
    ev = b.submit(C.Attack("A2", "A2.rifle", "M4.d1", "frame"))
    assert kit.of(ev, kit.E.DroneDestroyed)[0].drone == "M4.d1"


def test_reposition_shifts_the_drones_a_hex_within_the_radius(kit):
    """Reposition: moves the active drones 1 hex (this game's reading: all the same way), keeping them
    within 2 hexes of the carrier."""
    C = kit.C
    b = _hive(kit, [8])
    b.submit(C.Activate("M4"))
    kit.refuse(b, C.Reposition("M4", 0), "no active drones")
    b.submit(C.LaunchDrone("M4", kit.hx(5, 4)))
    ev = b.submit(C.Reposition("M4", 0))
    assert kit.of(ev, kit.E.DronesRepositioned)[0].moves == (("M4.d1", kit.hx(6, 4)),)
    kit.refuse(b, C.Reposition("M4", 0), "stay within 2 hexes")


def test_recall_docks_every_active_drone(kit):
    """Recall: docks all active drones, wherever they are, back to the main unit."""
    C = kit.C
    b = _hive(kit, [8])
    b.submit(C.Activate("M4"))
    kit.refuse(b, C.Recall("M4"), "no active drones")
    b.submit(C.LaunchDrone("M4", kit.hx(5, 4)))
    b.submit(C.LaunchDrone("M4", kit.hx(6, 4)))
    b.submit(C.Recall("M4"))
    assert b.state.units["M4"].docked == 3 and not any(d.active for d in b.state.drones.values())


def test_drones_keep_up_when_their_carrier_moves(kit):
    C = kit.C
    b = _hive(kit, [8])
    b.submit(C.Activate("M4"))
    b.submit(C.LaunchDrone("M4", kit.hx(2, 4)))
    b.submit(C.Move("M4", kit.hx(5, 4)))
    assert b.state.drones["M4.d1"].at == kit.hx(3, 4)


def test_transform_at_the_start_of_the_movement_phase_trades_limbs_for_the_vehicle_bonuses(kit):
    """Transform: at the start of the movement phase, before moving; transformed, the unit loses control
    of its limbs and gains its vehicle form's bonuses (jet form: +3 movement, +1 to Evasion)."""
    C = kit.C
    from hexfront.engine.systems.minutemissions import rules
    b = kit.battle([kit.unit("M3", "skylark", (4, 4), facing=0)], [kit.unit("A2", "lancer", (7, 4), facing=3)],
                   [8])
    b.submit(C.Activate("M3"))
    b.submit(C.Transform("M3"))
    u = b.state.units["M3"]
    assert u.transformed and rules.mp_left(b.state) == 7 and K.evasion(b.state, u).need == 4
    kit.refuse(b, C.Attack("M3", "M3.rifle", "A2", "torso"), "no control of its limbs")
    assert b.refusal(C.Attack("M3", "M3.vulcan", "A2", "torso")) is None  # head-mounted
    kit.refuse(b, C.Kneel("M3"), "no control of its limbs")
    b.submit(C.Move("M3", kit.hx(5, 4)))
    kit.refuse(b, C.Transform("M3"), "before it moves")
    kit.refuse(b, C.Transform("A2"), "turn")


def test_a_design_without_a_vehicle_form_cannot_transform(kit):
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (4, 4))], [kit.unit("A2", "lancer", (7, 4))], [8])
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.Transform("M2"), "cannot transform")


def test_offensive_stance_attacks_an_enemy_moving_into_range_out_of_turn(kit):
    """Offensive Stance: the unit aims and may attack outside its turn when an enemy moves into range
    (this game's reading: once, at the torso, no further AP; then the stance ends)."""
    C = kit.C
    b = _hive(kit, [4, 8, 6, 1, 2], east=[kit.unit("A1", "crusher", (12, 4), facing=3)])
    b.submit(C.Activate("M4"))
    b.submit(C.OffensiveStance("M4", "M4.rifle"))
    b.submit(C.EndTurn("M4"))
    b.submit(C.Activate("A1"))
    ev = b.submit(C.Move("A1", kit.hx(11, 4)))  # from 8 hexes away to 7: into rifle range
    made = kit.of(ev, kit.E.AttackMade)
    assert made and made[0].reaction and made[0].area == "torso" and made[0].attacker == "M4"
    assert kit.of(ev, kit.E.Damaged)[0].amount == 3 and b.state.units["M4"].stance == ""


def test_no_reaction_to_an_enemy_already_in_range(kit):
    C = kit.C
    b = _hive(kit, [4, 8], east=[kit.unit("A1", "crusher", (10, 4), facing=3)])
    b.submit(C.Activate("M4"))
    b.submit(C.OffensiveStance("M4", "M4.rifle"))
    b.submit(C.EndTurn("M4"))
    b.submit(C.Activate("A1"))
    ev = b.submit(C.Move("A1", kit.hx(9, 4)))
    assert not kit.of(ev, kit.E.AttackMade) and b.state.units["M4"].stance == "offensive"


def test_a_stance_lasts_until_the_units_next_turn(kit):
    C = kit.C
    b = _hive(kit, [4, 1, 4], east=[kit.unit("A1", "crusher", (12, 13))])
    b.submit(C.Activate("M4"))
    b.submit(C.DefensiveStance("M4"))
    b.submit(C.EndTurn("M4"))
    b.submit(C.Activate("A1"))
    b.submit(C.EndTurn("A1"))
    assert b.state.units["M4"].stance == "defensive"
    ev = b.submit(C.Activate("M4"))
    assert kit.of(ev, kit.E.StanceEnded) and b.state.units["M4"].stance == ""


def test_defensive_stance_sends_all_incoming_damage_to_the_shield(kit):
    """Defensive Stance: the unit uses a shield or any two-handed weapon as cover; all incoming damage
    goes to it."""
    C = kit.C
    b = _hive(kit, [4, 6, 6, 1, 1], east=[kit.unit("A2", "lancer", (8, 4), facing=3)])
    b.submit(C.Activate("M4"))
    b.submit(C.DefensiveStance("M4"))
    kit.refuse(b, C.DefensiveStance("M4"), "already in defensive stance")
    b.submit(C.EndTurn("M4"))
    b.submit(C.Activate("A2"))
    kit.refuse(b, C.DefensiveStance("A2"), "shield or a two-handed weapon")
    ev = b.submit(C.Attack("A2", "A2.cannon", "M4", "head"))
    (d,) = kit.of(ev, kit.E.Damaged)
    assert (d.area, d.amount, d.left) == ("M4.shield", 6, 4)
    assert b.state.units["M4"].sections["head"] == 5


def test_a_two_handed_weapon_serves_for_defensive_stance(kit):
    C = kit.C
    b = kit.battle([kit.unit("M1", "ironfist", (4, 4))], [kit.unit("A2", "lancer", (8, 4))], [4])
    b.submit(C.Activate("M1"))
    b.submit(C.DefensiveStance("M1"))
    assert b.state.units["M1"].stance_weapon == "M1.hammer"
