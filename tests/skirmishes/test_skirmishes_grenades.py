"""Rule book: "Grenades" (fragmentation and high explosive, throwing away and back, flashbang, smoke, tear gas)
and the grenade launcher of the range table."""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex


def _frag_battle(kit, dice, blue=None, red_template="trooper"):
    blue = blue or [kit.ch("B1", (6, 0), "thug"), kit.ch("B3", (9, 0), "thug"), kit.ch("B4", (4, 0), "thug")]
    return kit.battle([kit.ch("R1", (0, 0), red_template, grenades={"frag": 1})], blue, map="." * 9 + ":" + "." * 10,
                      dice=dice)


def test_a_cooked_frag_bursts_at_the_end_of_the_round(kit):
    """Grenades: "When you choose to throw a grenade, cook it. It detonates at the end of the round. Roll
    2d6 + Athletics, on a hit, the grenade is able to reach its intended location." Those "within short range and
    not behind cover must roll 2d6 + their Athletics. On a failure, they take the full hit. On a success, they
    avoid the damage, but they can't shoot next round." """
    b = _frag_battle(kit, [4, 4, 2, 3, 5, 2, 6, 6])
    kit.commit(b, "red", kit.C.Throw("R1", "frag", Hex(6, 0)))
    evs = kit.commit(b, "blue", kit.C.Hold("B1"), kit.C.Hold("B3"), kit.C.Hold("B4"))
    thrown = kit.of(evs, kit.E.GrenadeThrown)[0]
    assert thrown.landed and thrown.at == Hex(6, 0)
    offer = kit.of(evs, kit.E.ReactionOffered)[0]
    assert offer.characters == ("B1",)  # B4 is two hexes off
    assert kit.char(b, "R1").grenades.get("frag", 0) == 0
    evs = b.submit(kit.C.LetItLie(offer.grenade))
    names = [type(e).__name__ if type(e) is not kit.E.StageBegan else e.stage for e in evs]
    assert names.index("GrenadeBurst") > names.index("misc")
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.target, hit.location, hit.damage) == ("B1", "leg", 5)
    assert [s.character for s in kit.of(evs, kit.E.Sheltered)] == ["B3"]  # in rubble: behind cover
    assert kit.of(evs, kit.E.ShootingBarred)[0].character == "B4"


def test_a_grenade_that_dodged_bars_shooting_next_round(kit):
    """Grenades: a character who avoids the burst "can't shoot next round"."""
    b = _frag_battle(kit, [4, 4, 6, 6], blue=[kit.ch("B4", (7, 0), "thug")])
    evs = kit.round(b, [kit.C.Throw("R1", "frag", Hex(7, 0))], [kit.C.Communicate("B4")])
    b.submit(kit.C.LetItLie(kit.of(evs, kit.E.ReactionOffered)[0].grenade))
    assert b.state.round == 2
    b.submit(kit.C.Hold("R1"))
    assert b.refusal(kit.C.Shoot("B4", "pistol", "R1")) == "B4 dived clear of a grenade and cannot shoot this round"


def test_a_missed_throw_goes_off_harmlessly(kit):
    """Grenades: "On a failure, the grenade harmlessly detonates elsewhere." """
    b = _frag_battle(kit, [1, 2], blue=[kit.ch("B1", (6, 0), "thug")])
    evs = kit.round(b, [kit.C.Throw("R1", "frag", Hex(6, 0))], [kit.C.Hold("B1")])
    assert not kit.of(evs, kit.E.GrenadeThrown)[0].landed
    assert not kit.of(evs, kit.E.GrenadeBurst) and not kit.of(evs, kit.E.ReactionOffered)


def test_throwing_the_grenade_away_is_a_miscellaneous_action(kit):
    """Grenades: "The opponent must commit a miscellaneous action to throw the grenade elsewhere out of range."
    Our reading: one next to it who has not used its action gives that action up."""
    b = _frag_battle(kit, [4, 4], blue=[kit.ch("B1", (6, 0), "thug"), kit.ch("B2", (7, 0), "thug")])
    kit.commit(b, "red", kit.C.Throw("R1", "frag", Hex(6, 0)))
    evs = kit.commit(b, "blue", kit.C.Aim("B1"), kit.C.Hold("B2"))
    offer = kit.of(evs, kit.E.ReactionOffered)[0]
    assert offer.characters == ("B1", "B2")
    assert b.legal_commands() == [kit.C.ThrowAway("B1", offer.grenade), kit.C.ThrowAway("B2", offer.grenade),
                                  kit.C.LetItLie(offer.grenade)]  # NPCs cannot throw it back
    assert "only a player character" in b.refusal(kit.C.ThrowBack("B1", offer.grenade))
    evs = b.submit(kit.C.ThrowAway("B1", offer.grenade))
    names = [type(e).__name__ if type(e) is not kit.E.StageBegan else e.stage for e in evs]
    assert names.index("GrenadeDisposed") > names.index("misc")
    assert "Aimed" not in names  # B1 gave up its aim for it
    assert not kit.of(evs, kit.E.GrenadeBurst)


def test_a_player_throws_it_back_for_two_luck(kit):
    """Grenades: "For players, spend 2 Luck and roll 2d6 + Athletics to throw back the grenade. On a success,
    the enemy must roll to avoid the hit too." """
    b = _frag_battle(kit, [4, 4, 4, 3, 1, 1, 2, 4], blue=[kit.ch("B1", (6, 0), "team_lead", armour=[])],
                     red_template="thug")
    kit.commit(b, "red", kit.C.Throw("R1", "frag", Hex(6, 0)))
    evs = kit.commit(b, "blue", kit.C.Hold("B1"))
    gid = kit.of(evs, kit.E.ReactionOffered)[0].grenade
    evs = b.submit(kit.C.ThrowBack("B1", gid))
    assert kit.char(b, "B1").luck == 2
    back = kit.of(evs, kit.E.SkillRolled)[0]
    assert (back.total, back.success) == (8, True)  # 4 + 3 + Athletics 1
    assert kit.of(evs, kit.E.GrenadeReturned)[0].at == Hex(0, 0)
    dodge = kit.of(evs, kit.E.SkillRolled)[1]
    assert dodge.character == "R1" and not dodge.success
    assert kit.of(evs, kit.E.HitScored)[0].target == "R1"


def test_a_fumbled_throw_back_goes_off_out_of_range(kit):
    """Grenades: "On a failure, the grenade detonates out of range of anyone." """
    b = _frag_battle(kit, [4, 4, 1, 2], blue=[kit.ch("B1", (6, 0), "team_lead")], red_template="thug")
    kit.commit(b, "red", kit.C.Throw("R1", "frag", Hex(6, 0)))
    evs = kit.commit(b, "blue", kit.C.Hold("B1"))
    evs = b.submit(kit.C.ThrowBack("B1", kit.of(evs, kit.E.ReactionOffered)[0].grenade))
    assert "out of range of anyone" in kit.of(evs, kit.E.GrenadeDisposed)[0].reason
    assert not kit.of(evs, kit.E.GrenadeBurst)


def test_flashbang_costs_a_round_unless_ear_protection(kit):
    """Flashbang: "On a hit, the grenade detonates immediately. Enemies must roll 2d6 + their Athletics to
    shield their eyes. If they're not wearing ear protection and they fail the roll, they forfeit a round." """
    b = kit.battle([kit.ch("R1", (0, 0), "breacher")],
                   [kit.ch("B1", (6, 0), "thug"), kit.ch("B2", (7, 0), "thug", ear_protection=True)],
                   dice=[3, 3, 1, 2])
    evs = kit.round(b, [kit.C.Throw("R1", "flashbang", Hex(6, 0))], [kit.C.Hold("B1"), kit.C.Hold("B2")])
    names = [type(e).__name__ if type(e) is not kit.E.StageBegan else e.stage for e in evs]
    assert names.index("TurnLost") < names.index("melee")  # at once, in the grenades phase
    assert kit.of(evs, kit.E.TurnLost)[0].character == "B1"
    assert kit.of(evs, kit.E.Sheltered)[0].character == "B2"
    forced = kit.of(evs, kit.E.OrderForced)
    assert [(f.character, "flashbang" in f.reason) for f in forced] == [("B1", True)]


def _smoke_round(kit, mapping):
    b = kit.battle([kit.ch("R1", (0, 0), "marksman")], [kit.ch("B1", (5, 0), "thug")], map=mapping,
                   dice=[4, 4, 1, 1, 1])
    kit.round(b, [kit.C.Throw("R1", "smoke", Hex(0, 0))], [kit.C.Hold("B1")])
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Communicate("B1")])
    return kit.of(evs, kit.E.SkillRolled)[0]


def test_smoke_gives_disadvantage_only_indoors(kit):
    """Smoke: "Lightly obscures targets, but only imposes Disadvantage on attacks indoors." """
    outdoors = _smoke_round(kit, "." * 12)
    assert (outdoors.mode, outdoors.against_reasons) == ("advantage", ())
    indoors = _smoke_round(kit, "_" * 12)
    assert (indoors.mode, indoors.against_reasons) == ("normal", ("smoke indoors",))


def test_tear_gas_stops_shooting_without_a_gas_mask(kit):
    """Tear Gas: "On a hit, all targets within 10m cough and cry uncontrollably and are practically
    incapacitated, unable to shoot, unless they wear a full-faced gas mask." """
    b = kit.battle([kit.ch("R1", (10, 0), "grenadier")],
                   [kit.ch("B1", (5, 0), "thug"), kit.ch("B2", (1, 0), "thug", gas_mask=True),
                    kit.ch("B3", (0, 2), "thug")], dice=[4, 4])
    evs = kit.round(b, [kit.C.Throw("R1", "tear_gas", Hex(5, 0))], [kit.C.Hold("B1"), kit.C.Hold("B2"),
                                                                     kit.C.Hold("B3")])
    cloud = kit.of(evs, kit.E.CloudFormed)[0]
    assert (cloud.kind, cloud.radius) == ("gas", 5)
    kit.rescript(b, [1, 1, 1, 1, 1, 1])
    evs = kit.round(b, [kit.C.Hold("R1")], [kit.C.Shoot("B1", "pistol", "R1"), kit.C.Shoot("B2", "pistol", "R1"),
                                            kit.C.Hold("B3")])
    assert [(x.character, "tear gas" in x.reason) for x in kit.of(evs, kit.E.ActionLapsed)] == [("B1", True)]
    assert [a.character for a in kit.of(evs, kit.E.AmmoSpent)] == ["B2"]


def test_grenade_launcher_round_bursts_where_it_lands(kit):
    """The grenade launcher of the range table; this game's reading: a hit bursts as a high-explosive grenade
    (the dive, then the full hit with its +1 damage)."""
    b = kit.battle([kit.ch("R1", (0, 0), "grenadier")], [kit.ch("B1", (4, 0), "thug")], dice=[4, 4, 1, 1, 2, 3, 5])
    evs = kit.round(b, [kit.C.Shoot("R1", "grenade_launcher", "B1")], [kit.C.Hold("B1")])
    assert kit.of(evs, kit.E.BurstLanded)[0].at == Hex(4, 0)
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.location, hit.damage) == ("arm", 6)


def test_a_wall_between_shelters_from_the_burst(kit):
    """Grenades: only those "not behind cover" must dive; a wall between the burst and a character shelters it
    as well (our reading)."""
    mapping = "\n".join(["." * 12, "......#.....", "." * 12])
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (5, 0), "thug"), kit.ch("B2", (7, 2), "thug")],
                   map=mapping, dice=[4, 4, 6, 6])
    kit.commit(b, "red", kit.C.Throw("R1", "frag", Hex(5, 0)))
    evs = kit.commit(b, "blue", kit.C.Hold("B1"), kit.C.Hold("B2"))
    evs = b.submit(kit.C.LetItLie(kit.of(evs, kit.E.ReactionOffered)[0].grenade))
    assert kit.dice(evs)[:2] == [6, 6]  # B1, in the open, dives clear
    assert [(s.character, s.reason) for s in kit.of(evs, kit.E.Sheltered)] == [("B2", "a wall between")]
