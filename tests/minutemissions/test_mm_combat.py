"""Ranged Combat Phase, Close Combat Phase, Combat (range, line of sight, field of view), Weapons,
Modified Stats & Rolls, S.R.M. and the terminology of the combat rolls."""

from __future__ import annotations

from hexfront.engine.systems.minutemissions import combat as K


def _duel(kit, dice, *, west=None, east=None, **kw):
    west = west or [kit.unit("M2", "longbow", (4, 4), facing=0)]
    east = east or [kit.unit("A2", "lancer", (8, 4), facing=3)]
    return kit.battle(west, east, dice, **kw)


def _fire(kit, b, uid="M2", weapon="M2.longrifle", target="A2", area="torso"):
    b.submit(kit.C.Activate(uid)) if b.state.turn is None else None
    return b.submit(kit.C.Attack(uid, weapon, target, area))


def test_the_book_example_of_range_across_elevations():
    """Elevations: on -2 attacking an enemy 6 hexes away on +1, the total range is 9 hexes."""
    from hexfront.engine.core.hexes import Hex
    assert K.attack_range(Hex(0, 0), -2, Hex(6, 0), 1) == 9


def test_elevation_counts_towards_range(kit):
    """Elevations: the elevation is added to the distance; the weapon must reach the total."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (2, 4), facing=0, level=-1)],
                   [kit.unit("A2", "lancer", (7, 4), facing=3, level=2)], [6],
                   terrain={(2, 4): ",", (7, 4): "&"})
    b.submit(C.Activate("M2"))
    b.submit(C.Swap("M2", "M2.longrifle"))
    b.submit(C.Swap("M2", "M2.carbine"))  # range 5: 5 hexes + 3 levels = 8
    kit.refuse(b, C.Attack("M2", "M2.carbine", "A2", "torso"), "out of range: 8 hexes")
    assert b.refusal(C.Attack("M2", "M2.missiles", "A2", "torso")) is None  # range 10


def test_field_of_view_is_the_front_arc_between_the_hex_lines_left_and_right_of_front(kit):
    """Terminology, Field of View: the hexes directly left and right of front centre are the limits.
    The longbow at (4,4) faces east: (5,1) lies on its front-left hex line, (3,1) beyond it, (1,4)
    behind."""
    C = kit.C
    b = _duel(kit, [6], east=[kit.unit("A2", "lancer", (5, 1), facing=3), kit.unit("A1", "crusher", (1, 4)),
                               kit.unit("A3", "hopper", (3, 1))])
    b.submit(C.Activate("M2"))
    at = b.state.units["M2"].at
    assert kit.hx(5, 1) == at.neighbour(1).neighbour(1).neighbour(1)
    assert b.refusal(C.Attack("M2", "M2.longrifle", "A2", "torso")) is None
    kit.refuse(b, C.Attack("M2", "M2.longrifle", "A1", "torso"), "outside the field of view")
    kit.refuse(b, C.Attack("M2", "M2.longrifle", "A3", "torso"), "outside the field of view")
    b.submit(C.Turn("M2", 2))  # facing north-west brings (3,1) into view
    assert b.refusal(C.Attack("M2", "M2.longrifle", "A3", "torso")) is None


def test_woods_between_block_line_of_sight_but_a_mech_on_a_mesa_sees_over_them(kit):
    """Combat / Line of Sight (this game's reading): woods reach one level above their ground; a
    sight line from higher up passes over them."""
    C = kit.C
    b = _duel(kit, [6], terrain={(6, 4): "*"})
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.Attack("M2", "M2.longrifle", "A2", "torso"), "no line of sight")
    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0, level=2)],
                   [kit.unit("A2", "lancer", (8, 4), facing=3)], [6], terrain={(4, 4): "&", (6, 4): "*"})
    b.submit(C.Activate("M2"))
    assert b.refusal(C.Attack("M2", "M2.longrifle", "A2", "torso")) is None


def test_accuracy_roll_below_the_stat_misses(kit):
    """Ranged Combat Phase: roll equal to or higher than the accuracy value, or the shot misses.
    Long rifle: "+1 to Accuracy" makes the longbow's 4+ a 3+."""
    b = _duel(kit, [6, 2])
    ev = _fire(kit, b)
    (acc,) = kit.rolls(ev)
    assert (acc.kind, acc.roll, acc.need, acc.success) == ("accuracy", 2, 3, False)
    assert not kit.of(ev, kit.E.Damaged) and b.state.turn.ap == 9 - 3


def test_a_hit_that_is_not_evaded_deals_flat_damage_to_the_chosen_area(kit):
    """Ranged Combat Phase: accuracy roll, the enemy's evasion roll, then the critical roll; the flat
    damage comes off the intended area's defence."""
    b = _duel(kit, [6, 3, 5, 1])
    ev = _fire(kit, b, area="l_leg")
    assert [(r.kind, r.roll, r.need, r.success) for r in kit.rolls(ev)] == [
        ("accuracy", 3, 3, True), ("evasion", 5, 6, False), ("critical", 1, 8, False)]
    (d,) = kit.of(ev, kit.E.Damaged)
    assert (d.unit, d.area, d.amount, d.left) == ("A2", "l_leg", 5, 3)


def test_a_critical_roll_of_8_adds_half_the_flat_damage_rounded_up(kit):
    """Critical Roll / Critical Hit: on an 8, half the weapon's flat damage (round up) is added."""
    b = _duel(kit, [6, 3, 5, 8])
    ev = _fire(kit, b)
    (d,) = kit.of(ev, kit.E.Damaged)
    assert d.amount == 5 + 3 and d.left == 14 - 8


def test_a_perfect_accuracy_roll_cannot_be_evaded(kit):
    """Terminology, Perfect Roll: a perfect (natural 8) accuracy roll cannot be evaded."""
    b = _duel(kit, [6, 8, 2])
    ev = _fire(kit, b)
    assert [r.kind for r in kit.rolls(ev)] == ["accuracy", "critical"]
    assert kit.rolls(ev)[0].perfect


def test_a_successful_evasion_brings_a_counter_roll_with_the_primary_weapon(kit):
    """Evasion Roll and Counter Roll: an evaded shot does nothing; the evader then rolls to return fire
    for its primary weapon's flat damage (the lancer's shoulder cannon, 6), on the attacker's torso."""
    b = _duel(kit, [6, 3, 6, 6])
    ev = _fire(kit, b)
    assert [(r.kind, r.success) for r in kit.rolls(ev)] == [("accuracy", True), ("evasion", True),
                                                            ("counter", True)]
    (d,) = kit.of(ev, kit.E.Damaged)
    assert (d.unit, d.area, d.amount) == ("M2", "torso", 6)
    b = _duel(kit, [6, 3, 6, 5])
    ev = _fire(kit, b)
    assert kit.rolls(ev)[-1].success is False and not kit.of(ev, kit.E.Damaged)


def test_no_counter_roll_when_the_primary_weapon_cannot_reach(kit):
    b = _duel(kit, [6, 3, 7], east=[kit.unit("A1", "crusher", (8, 4), facing=3)])
    ev = _fire(kit, b, target="A1")
    assert [r.kind for r in kit.rolls(ev)] == ["accuracy", "evasion"]


def test_terrain_modifies_the_evasion_stat(kit):
    """Modified Stats: "+1 to Evasion" lowers the target number: woods make the lancer's 6+ a 5+."""
    b = _duel(kit, [6, 3, 5, 6], terrain={(8, 4): "*"})
    ev = _fire(kit, b)
    assert kit.rolls(ev)[1].need == 5 and kit.rolls(ev)[1].success


def test_close_combat_uses_the_assault_roll_and_a_melee_weapon(kit):
    """Close Combat Phase: as ranged combat, with melee weapons and an assault roll (heavy frame 3+).
    The war hammer's knockdown throws the target down (this game's weapon tag)."""
    C = kit.C
    b = kit.battle([kit.unit("M1", "ironfist", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [1, 3, 6, 2])
    b.submit(C.Activate("M1"))  # 2 base AP + 1
    ev = b.submit(C.Attack("M1", "M1.hammer", "A1", "torso"))
    assert [(r.kind, r.need) for r in kit.rolls(ev)] == [("assault", 3), ("evasion", 7), ("critical", 8)]
    (d,) = kit.of(ev, kit.E.Damaged)
    assert (d.amount, d.left) == (6, 12)
    assert b.state.units["A1"].posture == "down"
    kit.refuse(b, C.Attack("M1", "M1.hammer", "A1", "torso"), "needs 3 AP; 0 left")


def test_melee_weapons_reach_only_the_adjacent_hex(kit):
    C = kit.C
    b = kit.battle([kit.unit("M1", "ironfist", (5, 4), facing=0)], [kit.unit("A1", "crusher", (7, 4))], [6])
    b.submit(C.Activate("M1"))
    kit.refuse(b, C.Attack("M1", "M1.hammer", "A1", "torso"), "out of range: 2 hexes")


def test_kneeling_adds_one_to_accuracy_rolls_and_a_kneeling_target_cannot_evade(kit):
    """Kneeling Position: +1 to accuracy rolls; cannot evade while kneeling; once per turn."""
    C = kit.C
    b = _duel(kit, [6, 2, 3, 1, 3, 5, 1])
    b.submit(C.Activate("M2"))
    b.submit(C.Kneel("M2"))
    ev = b.submit(C.Attack("M2", "M2.longrifle", "A2", "torso"))
    acc = kit.rolls(ev)[0]
    assert (acc.roll, acc.modified, acc.success) == (2, 3, True)
    kit.refuse(b, C.Kneel("M2"), "already knelt this turn")
    b.submit(C.EndTurn("M2"))
    b.submit(C.Activate("A2"))  # AP roll 3 -> 6 AP
    ev = b.submit(C.Attack("A2", "A2.rifle", "M2", "head"))
    assert [r.kind for r in kit.rolls(ev)] == ["accuracy", "critical"]


def test_prone_adds_three_after_kneeling_with_the_front_unobstructed(kit):
    """Prone Position: +3 to accuracy rolls, no evasion; must kneel first; the front may not be
    obstructed by a structure or another unit; once per turn."""
    C = kit.C
    b = _duel(kit, [8, 1, 5, 1])
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.Prone("M2"), "must kneel")
    b.submit(C.Kneel("M2"))
    b.submit(C.Prone("M2"))
    assert b.state.units["M2"].posture == "prone"
    ev = b.submit(C.Attack("M2", "M2.longrifle", "A2", "torso"))
    assert kit.rolls(ev)[0].modified == 4 and kit.rolls(ev)[0].success
    kit.refuse(b, C.Prone("M2"), "already gone prone")
    kit.refuse(b, C.GetUp("M2"), "must kneel before it gets up")
    b2 = _duel(kit, [6], terrain={(5, 4): "*"})
    b2.submit(C.Activate("M2"))
    b2.submit(C.Kneel("M2"))
    kit.refuse(b2, C.Prone("M2"), "Woods in front obstructs")
    b3 = _duel(kit, [6], east=[kit.unit("A2", "lancer", (5, 4))])
    b3.submit(C.Activate("M2"))
    b3.submit(C.Kneel("M2"))
    kit.refuse(b3, C.Prone("M2"), "another unit stands in front")


def test_a_destroyed_head_worsens_accuracy_but_the_srm_caps_the_reduction(kit):
    """Modified Stats: "-2 to Accuracy" raises the target number by 2. S.R.M.: the base stat can only be
    lowered as far as the unit's S.R.M. allows; the heavy frame's accuracy allows 1, so 4+ becomes 5+."""
    C = kit.C

    def tweak(content):
        content["core_types"]["heavy"]["sections"]["head"] = 1
        content["designs"]["ironfist"].pop("armour")

    b = kit.battle([kit.unit("M1", "ironfist", (5, 4), facing=0)], [kit.unit("A2", "lancer", (7, 4), facing=3)],
                   [6, 6, 1, 1], first="ashen", tweak=tweak)
    b.submit(C.Activate("A2"))
    ev = b.submit(C.Attack("A2", "A2.rifle", "M1", "head"))
    assert kit.of(ev, kit.E.SectionDestroyed)[0].section == "head"
    b.submit(C.EndTurn("A2"))
    b.submit(C.Activate("M1"))
    stat = K.accuracy(b.state, b.state.units["M1"], b.state.tables.weapons["vulcan"])
    assert stat.need == 5 and "S.R.M. caps the reductions to Accuracy at 1 (Terminology: S.R.M.)" in stat.modifiers
    medium = K.accuracy(b.state, b.state.units["A2"], b.state.tables.weapons["rifle"])
    assert medium.need == 4


def test_a_destroyed_arm_drops_what_its_hand_holds(kit):
    """This game's status effect: losing an arm drops the weapon in that hand on the hex (it can be
    retrieved) and costs 1 Assault."""
    C = kit.C

    def tweak(content):
        content["core_types"]["light"]["sections"]["r_arm"] = 2

    b = kit.battle([kit.unit("M3", "skylark", (5, 4), facing=0)], [kit.unit("A2", "lancer", (8, 4), facing=3)],
                   [6, 6, 1, 1], first="ashen", tweak=tweak)
    b.submit(C.Activate("A2"))
    ev = b.submit(C.Attack("A2", "A2.rifle", "M3", "r_arm"))
    (drop,) = kit.of(ev, kit.E.WeaponDropped)
    assert drop.weapon == "M3.rifle" and b.state.weapons["M3.rifle"].place == "dropped"
    assert K.assault(b.state, b.state.units["M3"], None).need == 6


def test_a_two_handed_weapon_left_in_one_hand_deals_half_damage(kit):
    """Terminology, Two Handed Weapon: used with one hand, the weapon's damage is halved (rounded up,
    this game's reading): the long rifle's 5 becomes 3."""
    C = kit.C

    def tweak(content):
        content["core_types"]["medium"]["sections"]["l_arm"] = 1

    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A2", "lancer", (8, 4), facing=3)],
                   [6, 6, 1, 1, 6, 3, 1, 1], first="ashen", tweak=tweak)
    b.submit(C.Activate("A2"))
    ev = b.submit(C.Attack("A2", "A2.rifle", "M2", "l_arm"))
    assert kit.of(ev, kit.E.WeaponRegripped)[0].at == ("r_arm",)
    b.submit(C.EndTurn("A2"))
    b.submit(C.Activate("M2"))
    ev = b.submit(C.Attack("M2", "M2.longrifle", "A2", "torso"))
    assert kit.of(ev, kit.E.Damaged)[0].amount == 3


def test_a_destroyed_leg_throws_the_unit_down_and_halves_its_movement(kit):
    C = kit.C

    def tweak(content):
        content["core_types"]["medium"]["sections"]["l_leg"] = 2

    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A2", "lancer", (8, 4), facing=3)],
                   [6, 6, 1, 1, 2], first="ashen", tweak=tweak)
    b.submit(C.Activate("A2"))
    b.submit(C.Attack("A2", "A2.rifle", "M2", "l_leg"))
    assert b.state.units["M2"].posture == "down"
    assert K.movement_allowance(b.state, b.state.units["M2"]) == 1
    assert K.evasion(b.state, b.state.units["M2"]).need == 7


def test_a_destroyed_torso_destroys_the_unit_and_the_last_one_ends_the_battle(kit):
    def tweak(content):
        content["core_types"]["medium"]["sections"]["torso"] = 3

    b = _duel(kit, [6, 3, 1, 1], tweak=tweak)
    ev = _fire(kit, b)
    assert kit.of(ev, kit.E.UnitDestroyed)[0].unit == "A2"
    assert b.outcome().winner == "meridian"


def test_a_destroyed_weapon_is_lost_for_the_battle(kit):
    """Weapons: destroyed weapons are lost to the unit for the rest of the battle."""
    b = _duel(kit, [6, 3, 1, 1])
    ev = _fire(kit, b, area="A2.rifle")  # 5 damage against the rifle's 4
    assert kit.of(ev, kit.E.WeaponDestroyed)[0].weapon == "A2.rifle"
    assert not kit.of(ev, kit.E.Damaged)[1:]  # a held weapon does not explode
    assert K.usable(b.state, b.state.units["A2"], b.state.weapons["A2.rifle"]) is not None


def test_a_destroyed_mounted_weapon_explodes_for_half_its_damage_into_its_section(kit):
    """Weapons, Mounted Weapons: when destroyed they explode for 50% of their flat damage into the
    section they are mounted on (the shoulder cannon's 6 -> 3 into the torso)."""
    b = _duel(kit, [6, 3, 1, 8])
    ev = _fire(kit, b, area="A2.cannon")  # critical: 5 + 3 = 8 against the cannon's 5
    dmg = kit.of(ev, kit.E.Damaged)
    assert [(d.area, d.amount, d.left) for d in dmg] == [("A2.cannon", 8, 0), ("torso", 3, 11)]


def test_a_grapple_claw_hit_holds_the_target_until_it_breaks_free(kit):
    """This game's grapple tag; Command Actions, Break Grapple: an assault roll frees the unit, a failed
    one leaves it held. A grappled unit cannot move."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [6, 3, 1, 1, 8, 3, 4], first="ashen")
    b.submit(C.Activate("A1"))
    b.submit(C.Attack("A1", "A1.claw", "M2", "torso"))
    assert b.state.units["M2"].grappled_by == "A1"
    b.submit(C.EndTurn("A1"))
    b.submit(C.Activate("M2"))
    kit.refuse(b, C.Move("M2", kit.hx(5, 3)), "grappled unit cannot move")
    ev = b.submit(C.BreakGrapple("M2"))
    assert kit.rolls(ev)[0].need == 4 and not kit.rolls(ev)[0].success
    assert b.state.units["M2"].grappled_by == "A1"
    ev = b.submit(C.BreakGrapple("M2"))
    assert kit.rolls(ev)[0].success and b.state.units["M2"].grappled_by is None
    kit.refuse(b, C.BreakGrapple("M2"), "not grappled")


def test_a_disarming_sword_hit_on_an_arm_makes_it_drop_its_weapon(kit):
    C = kit.C
    b = kit.battle([kit.unit("M4", "hive", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [6, 3, 1, 1], first="ashen")
    b.submit(C.Activate("A1"))
    ev = b.submit(C.Attack("A1", "A1.sword", "M4", "r_arm"))
    assert kit.of(ev, kit.E.WeaponDropped)[0].weapon == "M4.rifle"


def _ranged_duel(kit, dice, options=None):
    """Longbow M2 (long rifle, 3 AP) facing Lancer A1 in the open; M2 is activated with AP 3 + the first die."""
    C = kit.C
    west = [kit.unit("M1", "ironfist", (2, 8)), kit.unit("M2", "longbow", (4, 4))]
    east = [kit.unit("A1", "lancer", (8, 4), facing=3), kit.unit("A2", "crusher", (10, 8))]
    b = kit.battle(west, east, dice, options=options)
    b.submit(C.Activate("M2"))
    return b


def test_a_missed_shot_ends_the_ranged_phase(kit):
    """Ranged Combat Phase: a roll that does not meet the accuracy value misses "and that phase is over": the
    unit goes on to close combat even with AP left for another shot."""
    C = kit.C
    b = _ranged_duel(kit, [8, 1])  # AP 3 + 8 = 11; accuracy 1 misses
    b.submit(C.Attack("M2", "M2.longrifle", "A1", "torso"))
    assert b.state.turn.phase == "close" and b.state.turn.ap == 8
    kit.refuse(b, C.Attack("M2", "M2.longrifle", "A1", "torso"), "ranged combat phase is over")


def test_an_evaded_shot_ends_the_ranged_phase(kit):
    """Ranged Combat Phase: if the target's evasion roll meets its value it evades "and the phase is over"."""
    C = kit.C
    b = _ranged_duel(kit, [8, 7, 8])  # AP 11; accuracy 7 hits; evasion 8 evades (no counter: out of reach)
    b.submit(C.Attack("M2", "M2.longrifle", "A1", "torso"))
    assert b.state.turn.phase == "close"


def test_after_a_hit_a_unit_with_ap_left_attacks_again(kit):
    """Ranged Combat Phase: the AP cost is per attack, and a unit with AP to spare may attack more than once:
    after a hit the phase goes on."""
    C = kit.C
    b = _ranged_duel(kit, [8, 8, 1])  # AP 11; accuracy 8 (perfect, cannot be evaded); critical 1
    b.submit(C.Attack("M2", "M2.longrifle", "A1", "torso"))
    assert b.state.turn.phase == "ranged" and b.state.turn.ap == 8
    assert kit.C.Attack("M2", "M2.longrifle", "A1", "torso") in b.legal_commands()


def test_the_option_lets_a_unit_shoot_on_after_a_miss(kit):
    """The other reading, as the option attack_on_after_a_miss: a miss ends only that attack."""
    C = kit.C
    b = _ranged_duel(kit, [8, 1], options={"attack_on_after_a_miss": True})
    b.submit(C.Attack("M2", "M2.longrifle", "A1", "torso"))
    assert b.state.turn.phase == "ranged" and b.state.turn.ap == 8
