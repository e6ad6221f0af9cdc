"""Rule book: "Attacks and Damage" (the roll, hit location and damage, out of combat, the location limits,
luck, armour)."""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.skirmishes.dice import location_of


def _normal_duel(kit, shooter="team_lead", target="thug", dice=(), **target_extra):
    """R1 shoots B1, who runs from (5,0) to (6,0): assault rifle at medium range (normal), a moving target out
    of cover: no advantage and no disadvantage, so two dice."""
    target_extra.setdefault("armour", [])
    target_extra.setdefault("luck", 0)
    return kit.battle([kit.ch("R1", (0, 0), shooter, firearms=["assault_rifle"])],
                      [kit.ch("B1", (5, 0), target, **target_extra)], dice=dice)


STAY = Hex(6, 0)  # where B1 runs to by default: a step along the row


def _shoot_round(kit, b, to=STAY, weapon="assault_rifle", auto=False):
    return kit.round(b, [kit.C.Shoot("R1", weapon, "B1", auto)], [kit.C.Run("B1", to), kit.C.Hold("B1")])


def test_eight_or_more_hits_with_the_skill_added(kit):
    """Attacks and Damage: "Roll 2d6 + relevant Skills ... If the result is 8 or higher, the attack hits."
    A character with Shooting 2 hits on 3+3; an NPC without skills misses on 3+4."""
    b = _normal_duel(kit, dice=[3, 3])
    evs = _shoot_round(kit, b)
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.kept, roll.skill, roll.total, roll.success) == ("normal", (3, 3), 2, 8, True)
    b = _normal_duel(kit, shooter="trooper", dice=[3, 4])
    evs = _shoot_round(kit, b)
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.skill, roll.total, roll.success) == (0, 7, False)
    assert not kit.of(evs, kit.E.HitScored)


@pytest.mark.parametrize("low, location", [(1, "leg"), (2, "leg"), (3, "arm"), (4, "torso"), (5, "torso"),
                                           (6, "head")])
def test_lower_die_gives_the_location(low, location):
    """Attacks and Damage, the location table: lower die 1-2 leg, 3 arm, 4-5 torso, 6 head."""
    assert location_of(low) == location


@pytest.mark.parametrize("dice, location, damage", [((5, 1), "leg", 5), ((3, 4), "arm", 4), ((4, 5), "torso", 5),
                                                    ((5, 5), "torso", 5)])
def test_lower_die_is_the_location_and_higher_the_damage(kit, dice, location, damage):
    """Attacks and Damage: "The lower die result determines hit location while the higher is the damage dealt"."""
    b = _normal_duel(kit, dice=list(dice))
    evs = _shoot_round(kit, b)
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.location, hit.damage) == (location, damage)
    assert b.state.chars["B1"].damage == {location: damage}


def test_six_damage_in_all_puts_a_character_out_of_combat(kit):
    """Attacks and Damage: "Once the combined total of damage taken is 6 or greater, the target is out of
    combat." This game's reading: they then have 1d4 hours to live without first aid."""
    b = _normal_duel(kit, dice=[4, 4])  # torso 4
    _shoot_round(kit, b)
    c = kit.char(b, "B1")
    assert (c.status, c.total_damage) == ("able", 4)
    b2_dice = [3, 3, 2]  # arm 3: 7 in all; then the d4 of hours: 2
    kit.rescript(b, b2_dice)
    evs = _shoot_round(kit, b, to=Hex(7, 0))
    out = kit.of(evs, kit.E.OutOfCombat)[0]
    assert (out.hours, out.dies_at) == (2, 6 + 2 * 3600)
    assert kit.char(b, "B1").status == "out"


def test_head_at_six_is_dead(kit):
    """Attacks and Damage: "Head: dead." (6+6: the head, 6 damage.)"""
    b = _normal_duel(kit, dice=[6, 6])
    evs = _shoot_round(kit, b)
    assert kit.of(evs, kit.E.Killed)[0].reason == "a head wound"
    assert kit.char(b, "B1").status == "dead"


def test_torso_at_six_is_a_mortal_wound(kit):
    """Attacks and Damage: "Torso: mortal wound. Death in 1d4 hours without stabilizing medical attention."
    The clock is battle time: dies_at = now + hours."""
    b = _normal_duel(kit, dice=[6, 4, 3])
    evs = _shoot_round(kit, b)
    wound = kit.of(evs, kit.E.MortalWound)[0]
    assert (wound.hours, wound.dies_at) == (3, 3 * 3600)
    assert kit.of(evs, kit.E.OutOfCombat)[0].hours == 0  # the clock already runs
    c = kit.char(b, "B1")
    assert c.mortal and c.status == "out"


@pytest.mark.parametrize("coin, side", [(2, "right"), (5, "left")])
def test_limb_at_six_is_destroyed_with_a_coin_for_the_side(kit, coin, side):
    """Attacks and Damage: "Legs or arms: A limb is destroyed. Throw! Heads for the right, tails for the
    left." (The coin is a d6 here: 1-3 heads, 4-6 tails.)"""
    b = _normal_duel(kit, dice=[6, 2, coin, 1])
    evs = _shoot_round(kit, b)
    assert kit.of(evs, kit.E.LimbDestroyed)[0].limb == f"{side} leg"
    assert kit.char(b, "B1").limbs_lost == (f"{side} leg",)


def test_luck_takes_damage_off_point_for_point(kit):
    """Attacks and Damage: "Use luck to reduce the damage of incoming attacks too - 1 point of luck to 1 point
    of damage." """
    b = _normal_duel(kit, dice=[4, 5], luck=3)
    evs = _shoot_round(kit, b)
    asked = kit.of(evs, kit.E.LuckAsked)[0]
    assert (asked.character, asked.damage, asked.location) == ("B1", 5, "torso")
    assert b.system.side_to_act(b.state) == "blue"
    assert [c.points for c in b.legal_commands()] == [0, 1, 2, 3]
    evs = b.submit(kit.C.SpendLuck("B1", 2))
    assert kit.of(evs, kit.E.DamageTaken)[0].damage == 3
    assert kit.char(b, "B1").luck == 1


def test_luck_down_to_zero_avoids_the_attack(kit):
    """Attacks and Damage: "Attacks reduced to 0 this way are avoided completely." """
    b = _normal_duel(kit, dice=[3, 5], luck=6)  # the arm, 5 damage
    _shoot_round(kit, b)
    assert b.refusal(kit.C.SpendLuck("B1", 6)) == "B1 can spend 0 to 5 luck here"  # no more than the damage
    evs = b.submit(kit.C.SpendLuck("B1", 5))
    assert kit.of(evs, kit.E.HitAvoided) and not kit.of(evs, kit.E.DamageTaken)
    assert kit.char(b, "B1").damage == {}


def test_armour_stops_hits_until_spent_and_the_wearer_loses_the_next_round(kit):
    """Attacks and Damage: armour is replaced "once it prevents its maximum number of hits"; "If you're hit by a
    projectile while wearing intact armor, lose your turn next round"."""
    b = _normal_duel(kit, dice=[4, 4], armour=["soft_vest"])  # the soft vest stops 2 torso hits
    evs = _shoot_round(kit, b)
    stop = kit.of(evs, kit.E.ArmourStopped)[0]
    assert (stop.location, stop.left, stop.lose_turn) == ("torso", 1, 2)
    assert not kit.of(evs, kit.E.DamageTaken)
    # round 2: B1 must forfeit; Blue has nobody to order
    assert kit.of(evs, kit.E.OrderForced)[0].character == "B1"
    assert "B1" not in {getattr(c, "character", None) for c in b.legal_commands()}
    kit.rescript(b, [4, 4, 4, 4, 4, 4])
    evs = kit.commit(b, "red", kit.C.Shoot("R1", "assault_rifle", "B1"))  # B1 stationary and in the open: advantage
    assert kit.of(evs, kit.E.ArmourStopped)[0].left == 0
    assert kit.char(b, "B1").armour["torso"] == 0
    # round 3 (B1 forfeits again): the vest is spent
    evs = kit.commit(b, "red", kit.C.Shoot("R1", "assault_rifle", "B1"))
    assert kit.of(evs, kit.E.DamageTaken)[0].damage == 4


def test_anti_materiel_rifle_breaks_armour_outright(kit):
    """Attacks and Damage: "Armor instantly breaks when hit by anti-materiel rifles"; the hit goes on."""
    b = kit.battle([kit.ch("R1", (0, 0), "heavy_shot", shooting=2)],
                   [kit.ch("B1", (6, 0), "trooper", armour=["plate_carrier"])], dice=[4, 5])
    # anti-materiel rifle at medium range: disadvantage; stationary target in the open: advantage -> normal
    evs = kit.round(b, [kit.C.Shoot("R1", "amr", "B1")], [kit.C.Hold("B1")])
    assert kit.of(evs, kit.E.SkillRolled)[0].mode == "normal"
    assert kit.of(evs, kit.E.ArmourBroken)[0].location == "torso"
    assert kit.of(evs, kit.E.DamageTaken)[0].damage == 5
    assert kit.char(b, "B1").armour["torso"] == 0
