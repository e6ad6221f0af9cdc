"""Rule book: "Tracking Ammo", "Automatic Fire" and "Character Actions: Movement"."""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex


def _one_round_magazine(content):
    content["weapons"]["firearms"]["revolver"]["magazine"] = 1


def test_every_shot_is_tracked_per_magazine(kit):
    """Tracking Ammo: "Track every shot, every bullet." A single shot uses one round of the magazine."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (5, 0), "thug", armour=[])],
                   dice=[1, 1])
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1")], [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    spent = kit.of(evs, kit.E.AmmoSpent)[0]
    assert (spent.rounds, spent.left) == (1, 29)
    assert kit.char(b, "R1").loaded["assault_rifle"] == 29


def test_an_empty_magazine_needs_a_miscellaneous_reload(kit):
    """Tracking Ammo: "When your magazine is out of ammo, spend a Miscellaneous action to reload." """
    b = kit.battle([kit.ch("R1", (0, 0), "brawler")], [kit.ch("B1", (5, 0), "thug", armour=[])],
                   dice=[1, 1], tweak=_one_round_magazine)
    assert b.refusal(kit.C.Reload("R1", "revolver")) == "the magazine is full"
    kit.round(b, [kit.C.Shoot("R1", "revolver", "B1")], [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    r1 = kit.char(b, "R1")
    assert r1.loaded["revolver"] == 0
    assert b.refusal(kit.C.Shoot("R1", "revolver", "B1")) == "the Revolver has 0 rounds loaded; 1 needed"
    assert not [c for c in b.legal_commands() if type(c) is kit.C.Shoot]
    evs = kit.round(b, [kit.C.Reload("R1", "revolver")], [kit.C.Hold("B1")])
    stages = [type(e).__name__ if type(e) is not kit.E.StageBegan else e.stage for e in evs]
    assert stages.index("Reloaded") > stages.index("misc")
    assert (r1.loaded["revolver"], r1.spares["revolver"]) == (1, 2)


def test_no_reload_without_a_spare_magazine(kit):
    """Tracking Ammo: ammunition is scarce; with no spare magazine there is nothing to reload."""
    b = kit.battle([kit.ch("R1", (0, 0), "brawler")], [kit.ch("B1", (5, 0), "thug")], dice=[1, 1],
                   tweak=lambda c: (_one_round_magazine(c), c["weapons"]["firearms"]["revolver"].update(spares=0)))
    kit.round(b, [kit.C.Shoot("R1", "revolver", "B1")], [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    assert b.refusal(kit.C.Reload("R1", "revolver")) == "no spare magazine left"


def test_automatic_fire_uses_six_rounds_with_advantage_and_two_more_damage(kit):
    """Automatic Fire: "Consume 6 shots, but roll with Advantage and +2 to the damage die." """
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (5, 0), "thug", armour=[])],
                   dice=[1, 3, 4])
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1", True)],
                    [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    assert kit.of(evs, kit.E.AmmoSpent)[0].rounds == 6
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.dice, roll.kept, roll.total) == ("advantage", (1, 3, 4), (4, 3), 9)
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.location, hit.damage) == ("arm", 6)
    assert kit.char(b, "R1").loaded["assault_rifle"] == 24


def test_automatic_fire_needs_six_rounds_loaded(kit):
    """Automatic Fire consumes 6 shots: with fewer in the magazine a burst is refused."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (5, 0), "thug")],
                   tweak=lambda c: c["weapons"]["firearms"]["assault_rifle"].update(magazine=5))
    assert b.refusal(kit.C.Shoot("R1", "assault_rifle", "B1", True)) == \
        "the Assault rifle has 5 rounds loaded; 6 needed"
    assert b.refusal(kit.C.Shoot("R1", "assault_rifle", "B1")) is None


UNSKILLED = "automatic fire without the Shooting skill"


def test_automatic_fire_without_the_shooting_skill_is_at_disadvantage(kit):
    """Automatic Fire: "Consume 6 shots, but roll with Advantage and +2 to the damage die. However, roll with
    Disadvantage if you fire an Automatic weapon without the Shooting Skill." A trooper (Shooting 0) bursts at a
    thug running in the open: no other reason either way, so the burst rolls 3d6 and keeps the two lowest. The
    dice 6, 2, 5 keep 5 and 2: 7, a miss (a plain 2d6 of 6 and 2 would have hit)."""
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (5, 0), "thug", armour=[])], dice=[6, 2, 5])
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1", True)],
                    [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons, roll.against_reasons) == ("disadvantage", (), (UNSKILLED,))
    assert (roll.dice, roll.kept, roll.total, roll.success) == ((6, 2, 5), (5, 2), 7, False)
    assert kit.of(evs, kit.E.AmmoSpent)[0].rounds == 6
    assert not kit.of(evs, kit.E.HitScored)


def test_an_unskilled_burst_at_a_target_in_cover_stays_at_disadvantage(kit):
    """Automatic Fire: "However, roll with Disadvantage if you fire an Automatic weapon without the Shooting
    Skill." Cover and Movement: "Roll with Disadvantage against targets in cover." The burst brings no advantage
    of its own to cancel them: two reasons for disadvantage, 3d6 keeping the two lowest. The dice 6, 6, 1 keep
    6 and 1: 7, a miss."""
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (5, 0), "thug", armour=[])],
                   map="....." + ":" + "." * 14, dice=[6, 6, 1])
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1", True)], [kit.C.Communicate("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons) == ("disadvantage", ())
    assert set(roll.against_reasons) == {"target in cover", UNSKILLED}
    assert (roll.kept, roll.success) == ((6, 1), False)
    assert not kit.of(evs, kit.E.HitScored)


def test_an_unskilled_burst_is_cancelled_by_another_reason_for_advantage(kit):
    """Cover and Movement: "Roll with Advantage against stationary targets out of cover. If you have Disadvantage
    against those same targets for whatever reason, roll normally." An unskilled burst (Automatic Fire: "roll
    with Disadvantage") at a thug standing in the open: the two cancel to a plain 2d6, and the burst keeps its
    +2 to the damage die: 6 and 2 hit the leg for 6 + 2 = 8."""
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (5, 0), "thug", armour=[])], dice=[6, 2])
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1", True)], [kit.C.Communicate("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons, roll.against_reasons) == (
        "normal", ("stationary target in the open",), (UNSKILLED,))
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.location, hit.damage) == ("leg", 8)


def test_the_cancelling_reading_is_an_option_off_by_default(kit):
    """The option ``unskilled_burst_cancels`` (not the book's rule, off unless chosen) keeps the burst's
    advantage for a shooter without the Shooting skill, so it cancels the disadvantages: the book's situation
    above (an unskilled burst at a thug in cover, dice 6, 6, 1) becomes a plain 2d6 of 6 and 6, a hit to the head
    for 6 + 2 = 8. Against the book's "However, roll with Disadvantage if you fire an Automatic weapon without
    the Shooting Skill." """
    from hexfront.engine.core.system import get_system

    spec = {o.name: o for o in get_system("skirmishes").options}["unskilled_burst_cancels"]
    assert spec.default is False and "book" in spec.help
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (5, 0), "thug", armour=[])],
                   map="....." + ":" + "." * 14, dice=[6, 6, 1], options={"unskilled_burst_cancels": True})
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1", True)], [kit.C.Communicate("B1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert (roll.mode, roll.for_reasons, roll.dice) == ("normal", ("automatic fire",), (6, 6))
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.location, hit.damage) == ("head", 8)


def test_a_pistol_cannot_fire_automatic(kit):
    """Automatic Fire is for automatic weapons only (weapons.toml marks which: sub-machine guns, assault rifles)."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (5, 0), "thug")])
    assert b.refusal(kit.C.Shoot("R1", "pistol", "B1", True)) == "the Pistol cannot fire automatic"


@pytest.mark.parametrize("mapping, reach", [
    (".........", 5),  # 10 m over open ground
    ("::::::::", 3),  # 6 m through impeding ground
    ("..:......", 4),  # mixed: 3 + 3 + 5 + 3 = 14 of 15
])
def test_a_run_is_ten_metres_in_the_open_and_six_through_impeding_ground(kit, mapping, reach):
    """Movement: "Run ... up to 10 meters over open ground. Obstacles or impeding terrain reduce that to
    6 meters." At 2 m a hex: 5 open hexes, 3 impeding ones; mixed ground in proportion (our reading)."""
    b = kit.battle([kit.ch("R1", (0, 0))], [kit.ch("B1", (len(mapping) - 1, 0))], map=mapping)
    assert b.refusal(kit.C.Run("R1", Hex(reach, 0))) is None
    assert "cannot run there" in b.refusal(kit.C.Run("R1", Hex(reach + 1, 0)))


def test_runs_happen_at_once_and_the_shorter_run_gets_a_contested_hex(kit):
    """Rounds: movement is simultaneous. Our reading: two runners for one hex, the shorter run gets it and the
    other stops short on its path."""
    b = kit.battle([kit.ch("R1", (0, 0))], [kit.ch("B1", (7, 0))], map="." * 9)
    evs = kit.round(b, [kit.C.Run("R1", Hex(4, 0)), kit.C.Hold("R1")], [kit.C.Run("B1", Hex(4, 0)), kit.C.Hold("B1")])
    moved = {m.character: m for m in kit.of(evs, kit.E.CharacterMoved)}
    assert moved["B1"].path[-1] == Hex(4, 0) and not moved["B1"].cut_short
    assert moved["R1"].path[-1] == Hex(3, 0) and moved["R1"].cut_short
