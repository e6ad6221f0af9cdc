"""Rule book: "Shooting", "Weapon Range Limits", "Cover and Movement" and "Ambushes"."""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.skirmishes.ground import band_effect, in_cover


@pytest.mark.parametrize("weapon, row", [
    ("pistol", ("normal", "disadvantage", "miss", "miss")),
    ("revolver", ("normal", "disadvantage", "miss", "miss")),
    ("shotgun", ("advantage", "normal", "miss", "miss")),
    ("smg", ("advantage", "normal", "miss", "miss")),
    ("assault_rifle", ("normal", "normal", "normal", "disadvantage")),
    ("hunting_rifle", ("disadvantage", "disadvantage", "advantage", "normal")),
    ("dmr", ("disadvantage", "normal", "advantage", "normal")),
    ("amr", ("disadvantage", "disadvantage", "normal", "advantage")),
    ("grenade_launcher", ("normal", "normal", "normal", "disadvantage")),
])
def test_weapon_range_limits_table(kit, weapon, row):
    """Weapon Range Limits: each weapon's effect at Short (10 m = 5 hexes), Medium (30 m = 15), Long
    (200 m = 100) and Distant (1 km = 500); "Shooting beyond the maximum range is a guaranteed miss"."""
    st = kit.battle([kit.ch("R1", (0, 0))], [kit.ch("B1", (5, 0))]).state
    got = tuple(band_effect(st, weapon, d)[1] for d in (5, 15, 100, 500))
    assert got == row
    assert tuple(band_effect(st, weapon, d)[0] for d in (1, 6, 16, 101)) == ("short", "medium", "long", "distant")
    assert band_effect(st, weapon, 501) == ("beyond distant", "miss")


def test_distant_shots_on_a_long_board(kit):
    """Weapon Range Limits: the anti-materiel rifle has advantage at distant range (1 km); beyond that every
    shot misses, so it is not offered."""
    mapping = "." * 510
    b = kit.battle([kit.ch("R1", (0, 0), "heavy_shot")],
                   [kit.ch("B1", (120, 0), "thug"), kit.ch("B2", (505, 0), "thug")], map=mapping,
                   dice=[1, 2, 6, 5, 4, 3, 2])
    assert b.refusal(kit.C.Shoot("R1", "amr", "B2")) == "that target is not in sight, or is beyond the weapon's range"
    evs = kit.round(b, [kit.C.Shoot("R1", "amr", "B1")], [kit.C.Run("B1", Hex(119, 0)), kit.C.Hold("B1"),
                                                          kit.C.Hold("B2")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert roll.mode == "advantage" and roll.for_reasons == ("distant range",)
    assert roll.kept == (6, 2)


def test_a_target_that_runs_out_of_reach_is_a_certain_miss(kit):
    """Shooting: "Shooting beyond the maximum range is a guaranteed miss" (the round is still fired)."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (15, 0), "thug")])
    assert b.refusal(kit.C.Shoot("R1", "pistol", "B1")) is None  # medium range now
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Run("B1", Hex(19, 0)), kit.C.Hold("B1")])
    assert "certain miss" in kit.of(evs, kit.E.ActionLapsed)[0].reason
    assert kit.of(evs, kit.E.AmmoSpent)[0].left == 11
    assert not kit.of(evs, kit.E.SkillRolled)


def test_advantage_keeps_the_two_highest_of_three_dice(kit):
    """Shooting: "Advantage is rolling 3d6 and taking the two highest." (A stationary target out of cover.)"""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug", armour=[])], dice=[2, 6, 5])
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Hold("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons, roll.kept) == ("advantage", ("stationary target in the open",), (6, 5))
    assert kit.of(evs, kit.E.HitScored)[0].location == "torso"


def test_disadvantage_keeps_the_two_lowest_of_three_dice(kit):
    """Shooting: "Disadvantage is rolling 3d6 and taking the two lowest." (A pistol at medium range against a
    moving target.)"""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (6, 0), "thug")], dice=[2, 6, 5])
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Run("B1", Hex(7, 0)), kit.C.Hold("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.against_reasons, roll.kept, roll.success) == \
        ("disadvantage", ("medium range",), (5, 2), False)


def test_range_advantage_against_a_target_in_cover_is_a_normal_roll(kit):
    """Cover and Movement: "Roll with Disadvantage against targets in cover. If you have Advantage due to range
    bonuses or other factors, roll normally." (A shotgun at short range: advantage.)"""
    b = kit.battle([kit.ch("R1", (0, 0), "breacher")], [kit.ch("B1", (4, 0), "thug")], map="....:....",
                   dice=[4, 4])
    evs = kit.round(b, [kit.C.Shoot("R1", "shotgun", "B1")], [kit.C.Communicate("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons, roll.against_reasons) == ("normal", ("short range",), ("target in cover",))
    assert len(roll.dice) == 2


def test_stationary_target_advantage_cancelled_by_a_disadvantage(kit):
    """Cover and Movement: "Roll with Advantage against stationary targets out of cover. If you have
    Disadvantage against those same targets for whatever reason, roll normally." (A pistol at medium range.)"""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (7, 0), "thug")], dice=[4, 4])
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Communicate("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert roll.mode == "normal" and roll.for_reasons == ("stationary target in the open",)


def test_hunkering_in_cover_cannot_be_shot_unless_flanked(kit):
    """Cover and Movement: "If you forfeit your action in a round while in cover, no one has line of sight to
    shoot you. You are hunkering down. This only applies if opponents aren't flanking." B1 holds behind a
    wrecked car: R1, on the car's side, cannot shoot; R2, behind B1, flanks and shoots as usual."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug"), kit.ch("R2", (9, 0), "thug")], [kit.ch("B1", (5, 0), "thug")],
                   map="....&.....", dice=[1, 1, 2])
    st = b.state
    assert in_cover(st, Hex(5, 0), Hex(0, 0)) and not in_cover(st, Hex(5, 0), Hex(9, 0))
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1"), kit.C.Shoot("R2", "pistol", "B1")], [kit.C.Hold("B1")])
    lapsed = kit.of(evs, kit.E.ActionLapsed)
    assert [(x.character, "hunkering" in x.reason) for x in lapsed] == [("R1", True)]
    assert [s.character for s in kit.of(evs, kit.E.AmmoSpent)] == ["R2"]
    assert kit.of(evs, kit.E.SkillRolled)[0].mode == "advantage"


def test_a_window_gives_cover_to_the_one_behind_it(kit):
    """Cover and Movement (our reading of cover): the hex just in front of the target on the line of fire -- a
    window -- puts it in cover."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug")], map="...|_____")
    assert in_cover(b.state, Hex(4, 0), Hex(0, 0))
    assert not in_cover(b.state, Hex(0, 0), Hex(4, 0))


def test_aiming_gives_advantage_next_round(kit):
    """Miscellaneous: "If you aim, roll with Advantage when you shoot next round." """
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug")], dice=[3, 3, 6])
    evs = kit.round(b, [kit.C.Aim("R1")], [kit.C.Hold("B1")])
    assert kit.of(evs, kit.E.Aimed)[0].round == 2
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Run("B1", Hex(5, 0)), kit.C.Hold("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons, roll.kept) == ("advantage", ("aimed last round",), (6, 3))


def test_ambushers_get_a_surprise_round_with_advantage(kit):
    """Ambushes: "Ambushers gain a surprise round. Commit to 1 action without enemy reprisals. Additionally, roll
    with Advantage for any skill rolls." Red gives no orders in round 1; Blue's shot counts the ambush as a reason
    for advantage (here against a target in cover, so the roll is normal); in round 2 Red orders as usual."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug")], map=":.........",
                   ambush="blue", dice=[2, 3])
    assert b.state.surprise and b.state.locked == ["red"]
    assert b.system.side_to_act(b.state) == "blue"
    evs = kit.commit(b, "blue", kit.C.Shoot("B1", "pistol", "R1"))
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert roll.for_reasons == ("ambush surprise round",) and roll.against_reasons == ("target in cover",)
    assert "R1: caught by surprise" in kit.of(evs, kit.E.OrdersRevealed)[0].lines
    assert not b.state.surprise and b.system.side_to_act(b.state) == "red"


def test_surprise_round_skill_rolls_of_the_ambushers_have_advantage(kit):
    """Ambushes: any skill roll -- here a grenade throw (2d6 + Athletics) -- has advantage in the surprise
    round."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (8, 0), "trooper")], ambush="blue",
                   dice=[1, 2, 6, 6, 6])
    evs = kit.commit(b, "blue", kit.C.Throw("B1", "frag", Hex(0, 0)))
    throw = kit.of(evs, kit.E.SkillRolled)[0]
    assert (throw.mode, throw.kept, throw.success) == ("advantage", (6, 2), True)
    # no reprisals: the surprised R1 may not reach for the grenade
    assert not kit.of(evs, kit.E.ReactionOffered)
