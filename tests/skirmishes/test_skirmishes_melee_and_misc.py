"""Rule book: "Melee", "Miscellaneous" (first aid, reload, aim) and the 1d4 hours of "Attacks and Damage" kept
in battle time, with the scenario's aftermath deciding who lives."""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.skirmishes.combat import reach_reasons


def test_melee_is_an_exchange_of_simultaneous_blows(kit):
    """Melee: "Melee is simultaneous." Our reading: the one attacked strikes back in the same exchange, and
    both blows are rolled before either lands."""
    b = kit.battle([kit.ch("R1", (0, 0), "brawler", armour=[], luck=0)], [kit.ch("B1", (1, 0), "thug")],
                   dice=[4, 2, 6, 6])
    evs = kit.round(b, [kit.C.Melee("R1", "B1")], [kit.C.Hold("B1")])
    rolls = kit.of(evs, kit.E.SkillRolled)
    assert [(r.character, r.total, r.success) for r in rolls] == [("R1", 8, True), ("B1", 12, True)]
    hits = kit.of(evs, kit.E.HitScored)
    assert [(h.target, h.location, h.damage) for h in hits] == [("B1", "leg", 4), ("R1", "head", 6)]
    # the blows land together: B1 still took R1's blow although R1 was killed by the other
    assert kit.char(b, "R1").status == "dead" and kit.char(b, "B1").damage == {"leg": 4}


def test_melee_needs_the_enemy_next_to_the_attacker(kit):
    """Melee is hand to hand: a target that ran off is out of reach when the melee phase comes."""
    b = kit.battle([kit.ch("R1", (0, 0), "brawler")], [kit.ch("B1", (1, 0), "thug")])
    assert b.refusal(kit.C.Melee("R1", "B1")) is None
    assert b.refusal(kit.C.Run("R1", Hex(0, 3))) is None
    evs = kit.round(b, [kit.C.Melee("R1", "B1")], [kit.C.Run("B1", Hex(5, 0)), kit.C.Hold("B1")])
    assert "not within arm's reach" in kit.of(evs, kit.E.ActionLapsed)[0].reason
    assert not kit.of(evs, kit.E.SkillRolled)


@pytest.mark.parametrize("mine, theirs, pro, con", [
    ("knife", "fists", ["short weapon against the unarmed"], []),
    ("knife", "club", [], ["short weapon against reach"]),
    ("knife", "spear", [], ["short weapon against reach"]),
    ("club", "spear", [], ["medium weapon against a longer one"]),
    ("machete", "bayonet", [], ["medium weapon against a longer one"]),
    ("spear", "knife", [], []),
    ("club", "knife", [], []),
    ("fists", "knife", [], []),
])
def test_reach_classes(kit, mine, theirs, pro, con):
    """Melee: "Fighters with short weapons are only at an Advantage against those unarmed and have Disadvantage
    against weapons with reach. Medium weapons ... are at a Disadvantage against longer-reaching weapons."
    Other pairings are even (our reading)."""
    b = kit.battle([kit.ch("R1", (0, 0), melee_weapon=mine)], [kit.ch("B1", (1, 0), melee_weapon=theirs)])
    assert reach_reasons(b.state, kit.char(b, "R1"), kit.char(b, "B1")) == (pro, con)


def test_reach_disadvantage_in_play(kit):
    """Melee: a knife against a bayonet rolls with disadvantage (keep the two lowest of three)."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug", melee_weapon="knife")], [kit.ch("B1", (1, 0), "trooper")],
                   dice=[6, 5, 1, 1, 1])
    evs = kit.round(b, [kit.C.Melee("R1", "B1")], [kit.C.Hold("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.kept, roll.success) == ("disadvantage", (5, 1), False)


def test_a_melee_blow_on_armour_costs_no_round(kit):
    """Attacks and Damage: the lost turn is for a hit "by a projectile" on armour; a blow stopped by a helmet
    costs nothing more (our reading)."""
    b = kit.battle([kit.ch("R1", (0, 0), "brawler", melee_weapon="spear")], [kit.ch("B1", (1, 0), "trooper")],
                   dice=[6, 6, 1, 1])
    evs = kit.round(b, [kit.C.Melee("R1", "B1")], [kit.C.Hold("B1")])
    stop = kit.of(evs, kit.E.ArmourStopped)[0]
    assert (stop.location, stop.lose_turn) == ("head", 0)
    assert not kit.of(evs, kit.E.OrderForced)


def _mortal(kit, aftermath=1, d4=1):
    """B1 gives R1 a mortal wound in round 1 (6 to the torso, 1d4 = ``d4`` hours); round 2 is the last."""
    return kit.battle([kit.ch("R1", (0, 0), "thug"), kit.ch("R2", (0, 1), "thug")],
                      [kit.ch("B1", (5, 0), "team_lead")], dice=[6, 4, d4], aftermath=aftermath,
                      victory={"round_limit": 2, "at_limit": "standing"})


def test_first_aid_stabilises_a_mortal_wound(kit):
    """Attacks and Damage: "Death in 1d4 hours without stabilizing medical attention"; Miscellaneous: "perform
    first aid on someone seriously wounded". R2 stabilises R1, who lives through the aftermath."""
    b = _mortal(kit)
    evs = kit.round(b, [kit.C.Run("R1", Hex(1, 0)), kit.C.Hold("R1"), kit.C.Hold("R2")],
                    [kit.C.Shoot("B1", "assault_rifle", "R1")])
    assert kit.of(evs, kit.E.MortalWound)[0].dies_at == 3600
    assert b.refusal(kit.C.FirstAid("R2", "R1")) is None
    evs = kit.round(b, [kit.C.FirstAid("R2", "R1")], [kit.C.Hold("B1")])
    assert kit.of(evs, kit.E.Stabilised)[0].medic == "R2"
    assert not kit.of(evs, kit.E.Died)
    assert kit.char(b, "R1").status == "out" and b.outcome() is not None


@pytest.mark.parametrize("aftermath, d4, dies", [(1, 1, True), (1, 2, False), (3, 3, True), (3, 4, False)])
def test_the_aftermath_decides_who_bleeds_out(kit, aftermath, d4, dies):
    """Our reading of the 1d4 hours: help reaches the wounded ``aftermath_hours`` after the last round; an
    unstabilised character whose hours run out before that dies."""
    b = _mortal(kit, aftermath=aftermath, d4=d4)
    kit.round(b, [kit.C.Run("R1", Hex(1, 0)), kit.C.Hold("R1"), kit.C.Hold("R2")],
              [kit.C.Shoot("B1", "assault_rifle", "R1")])
    evs = kit.round(b, [kit.C.Hold("R2")], [kit.C.Hold("B1")])
    assert bool(kit.of(evs, kit.E.Died)) is dies
    assert kit.char(b, "R1").status == ("dead" if dies else "out")


def test_first_aid_needs_a_wounded_friend_next_to_the_medic(kit):
    """Miscellaneous: first aid is for someone seriously wounded, close at hand."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug"), kit.ch("R2", (1, 0), "thug")], [kit.ch("B1", (6, 0))])
    assert "first aid needs" in b.refusal(kit.C.FirstAid("R2", "R1"))


def test_surprised_characters_do_not_strike_back(kit):
    """Ambushes: the surprise round is "without enemy reprisals": the surprised do not return a melee blow."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (1, 0), "brawler", luck=0)], ambush="blue",
                   dice=[1, 1, 1])
    evs = kit.commit(b, "blue", kit.C.Melee("B1", "R1"))
    assert [r.character for r in kit.of(evs, kit.E.SkillRolled)] == ["B1"]
