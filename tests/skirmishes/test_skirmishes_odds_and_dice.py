"""Odds before an order is given, what each outcome is worth, ``outcome_of``, and dice that name their modifiers.

Rule book: "Attacks and Damage" (2d6 + skill, 8 or more hits; the lower die is the location, the higher the
damage), "Shooting" and "Cover and Movement" (advantage: 3d6 keep the two highest; disadvantage: the two
lowest; the two cancel), "Weapon Range Limits", "Automatic Fire" (+2 to the damage die), "Melee" (reach),
"Fragmentation and High Explosive" (the dive roll; the high-explosive bonus is this game's own).
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.luck import battle_luck
from hexfront.engine.systems.skirmishes import events as kit_E
from hexfront.engine.systems.skirmishes.previews import hit_odds

ODDS_ORDERS = ("Shoot", "Melee", "Throw", "ThrowBack")


def _dice_for(events, character):
    return [e for e in events if type(e) is DieRolled and e.who == character]


def test_a_shot_previews_each_hit_location_with_the_damage_it_does(kit):
    """Attacks and Damage, enumerated: Shooting 2 at a trooper standing in the open (advantage, 3d6 keep the two
    highest, 8+ with the skill). The lower kept die is the location: 1-2 leg, 3 arm, 4-5 torso, 6 head. The
    trooper's soft vest and helmet stop torso and head hits, so those are worth no damage; a leg hit's value
    is the mean of the higher kept die over the throws that put the lower one on 1-2."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (8, 0), "trooper")])
    p = b.system.preview(b.state, kit.C.Shoot("R1", "assault_rifle", "B1"))
    assert not p.estimate and p.value_unit == "damage dealt (before the target's luck)"
    odds = {c.outcome: c for c in p.odds}
    assert list(odds) == ["miss", "hit to the leg", "hit to the arm", "hit to the torso, stopped by armour",
                          "hit to the head, stopped by armour"]
    # count the 216 throws by hand
    from itertools import product
    leg = [sorted(d, reverse=True)[:2] for d in product(range(1, 7), repeat=3)]
    leg = [k for k in leg if k[1] <= 2 and sum(k) + 2 >= 8]
    assert odds["hit to the leg"].probability == pytest.approx(len(leg) / 216)
    assert odds["hit to the leg"].value == pytest.approx(sum(k[0] for k in leg) / len(leg), abs=1e-3)
    assert odds["hit to the torso, stopped by armour"].value == 0 and odds["miss"].value == 0
    assert odds["miss"].probability == pytest.approx(1 - 0.0 - sum(c.probability for c in p.odds[1:]))
    mods = p.modifiers
    assert "+2 to the total: Shooting skill (Attacks and Damage)" in mods
    assert "advantage, 3d6 keep the two highest: stationary target in the open (Cover and Movement)" in mods
    assert "range: medium, normal (Weapon Range Limits)" in mods


def test_an_armour_breaking_weapon_is_previewed_as_breaking_it(kit):
    """Attacks and Damage: "Armor instantly breaks when hit by anti-materiel rifles": the torso hit lands."""
    b = kit.battle([kit.ch("R1", (0, 0), "heavy_shot")], [kit.ch("B1", (8, 0), "trooper")])
    p = b.system.preview(b.state, kit.C.Shoot("R1", "amr", "B1"))
    odds = {c.outcome: c for c in p.odds}
    assert odds["hit to the torso, breaks the armour"].value > 0
    assert "hit to the torso, stopped by armour" not in odds


def test_outcome_of_reads_the_location_from_the_kept_dice(kit):
    """The lower kept die names the outcome (here 5 and 2 kept of 5, 2, 1 with advantage: the leg); a failed roll
    is a miss; a lapsed shot has no outcome; the labels are the preview's own."""
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (8, 0), "team_lead")], dice=[5, 1, 2])
    kit.commit(b, "red", kit.C.Aim("R1"))
    cmd = kit.C.Shoot("B1", "assault_rifle", "R1")
    before = b.state.copy()
    labels = {c.outcome for c in b.system.preview(before, cmd).odds}
    evs = b.submit(cmd)
    got = b.system.outcome_of(before, cmd, evs)
    assert got == "hit to the leg" and got in labels
    assert kit.of(evs, kit.E.HitScored)[0].location == "leg"
    # a miss: 1, 1, 2 keeps 2 + 1, + 2 = 5
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (8, 0), "team_lead")], dice=[1, 1, 2])
    kit.commit(b, "red", kit.C.Aim("R1"))
    before = b.state.copy()
    assert b.system.outcome_of(before, cmd, b.submit(cmd)) == "miss"
    # hunkering in cover: the shot lapses before any die
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (8, 0), "team_lead")], map=":" + "." * 19)
    kit.commit(b, "red", kit.C.Hold("R1"))
    before = b.state.copy()
    evs = b.submit(cmd)
    assert kit.of(evs, kit.E.ActionLapsed) and b.system.outcome_of(before, cmd, evs) is None


def test_an_order_whose_round_resolves_later_has_no_outcome_of_its_own(kit):
    """Rounds (secret orders): the first side's shot is only an order until the other side has committed; its
    command's events hold no dice, so ``outcome_of`` gives None for it."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (8, 0), "thug")])
    cmd = kit.C.Shoot("R1", "assault_rifle", "B1")
    before = b.state.copy()
    evs = b.submit(cmd)
    assert not _dice_for(evs, "R1") and b.system.outcome_of(before, cmd, evs) is None


def test_melee_outcome_is_the_attackers_blow_not_the_blow_back(kit):
    """Melee is simultaneous: the defender strikes back in the same exchange. The attacker's own roll (rolled
    first: a club against a bayonet is at disadvantage, 4, 4, 6 keeps 4 + 4, + Melee 2 is 10, the torso, where
    the trooper's vest stops it) decides the order's outcome, whatever the blow back does."""
    b = kit.battle([kit.ch("R1", (0, 0), "trooper")], [kit.ch("B1", (1, 0), "brawler")], dice=[4, 4, 6, 6, 6])
    kit.commit(b, "red", kit.C.Aim("R1"))
    cmd = kit.C.Melee("B1", "R1")
    before = b.state.copy()
    p = b.system.preview(before, cmd)
    assert "disadvantage, 3d6 keep the two lowest: medium weapon against a longer one (Melee)" in p.modifiers
    evs = b.submit(cmd)
    rolls = kit.of(evs, kit.E.SkillRolled)
    assert [r.character for r in rolls] == ["B1", "R1"]
    assert b.system.outcome_of(before, cmd, evs) == "hit to the torso, stopped by armour"
    assert b.system.outcome_of(before, cmd, evs) in {c.outcome for c in p.odds}


def test_dice_of_a_shot_name_every_modifier(kit):
    """Cover and Movement, Weapon Range Limits, Attacks and Damage: a thug (no Shooting skill) runs, then fires
    his pistol at medium range at a target behind rubble. Each of the three dice carries the same named
    modifiers, the purpose still says what the dice are for, and the preview showed the same lines."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (10, 0), "thug")], map="." * 9 + ":" + "." * 10,
                   dice=[6, 6, 6])
    b.submit(kit.C.Run("R1", Hex(1, 0)))
    shot = kit.C.Shoot("R1", "pistol", "B1")
    preview = b.system.preview(b.state, shot)
    evs = kit.round(b, [shot], [kit.C.Aim("B1")])
    dice = _dice_for(evs, "R1")
    assert len(dice) == 3
    expected = ("+0 to the total: no Shooting skill (Attacks and Damage)",
                "disadvantage, 3d6 keep the two lowest: medium range (Weapon Range Limits)",
                "disadvantage, 3d6 keep the two lowest: target in cover (Cover and Movement)",
                "disadvantage, 3d6 keep the two lowest: shooting after moving (Cover and Movement)")
    for d in dice:
        assert d.modifiers == expected
        assert d.purpose.startswith("R1 shoots B1 with the Pistol") and d.rule == "Shooting"
    assert set(expected) <= set(preview.modifiers)


def test_a_burst_names_its_damage_bonus_and_the_cancelling(kit):
    """Automatic Fire (advantage, +2 to the damage die) at a target in cover (disadvantage): they cancel to
    2d6, and the dice say so."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (8, 0), "thug")], map="." * 8 + ":" + "." * 11,
                   dice=[3, 5])
    evs = kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1", True)], [kit.C.Aim("B1")])
    dice = _dice_for(evs, "R1")
    assert len(dice) == 2
    mods = dice[0].modifiers
    assert "advantage, 3d6 keep the two highest: automatic fire (Automatic Fire)" in mods
    assert "disadvantage, 3d6 keep the two lowest: target in cover (Cover and Movement)" in mods
    assert "advantage and disadvantage cancel: a plain 2d6 (Cover and Movement)" in mods
    assert "+2 to the damage die: automatic fire (Automatic Fire)" in mods
    assert kit.of(evs, kit.E.HitScored)[0].damage == 7 and kit.of(evs, kit.E.HitScored)[0].location == "arm"


def test_a_high_explosive_hit_names_its_bonus(kit):
    """Fragmentation and High Explosive: the grenadier's HE lands (4 + 4 + Athletics 1), the thug under it lets
    it lie, fails his dive (1 + 1) and takes a fresh 2d6 hit whose dice name the grenade's +1 to the damage."""
    b = kit.battle([kit.ch("R1", (0, 0), "grenadier")], [kit.ch("B1", (6, 0), "thug")], dice=[4, 4, 1, 1, 2, 5])
    kit.commit(b, "red", kit.C.Throw("R1", "he", Hex(6, 0)))
    evs = b.submit(kit.C.Aim("B1"))
    throw = _dice_for(evs, "R1")
    assert throw[0].modifiers == ("+1 to the total: Athletics skill (Attacks and Damage)",)
    offer = kit.of(evs, kit.E.ReactionOffered)[0]
    evs = b.submit(kit.C.LetItLie(offer.grenade))
    dive, hit = _dice_for(evs, "B1")[:2], _dice_for(evs, "B1")[2:4]
    assert dive[0].modifiers == ("+0 to the total: no Athletics skill (Attacks and Damage)",)
    assert all(d.modifiers == ("+1 to the damage (the higher die): the High-explosive grenade's own bonus "
                               "(Fragmentation and High Explosive)",) for d in hit), hit
    assert kit.of(evs, kit.E.HitScored)[0].damage == 6


def _until_round_end(events):
    out = []
    for e in events:
        out.append(e)
        if type(e) is kit_E.RoundEnded:
            break
    return out


def test_previews_and_outcomes_over_whole_battles(kit):
    """Every order with odds in three default-against-default battles: exact odds adding up to 1, a value for
    every outcome and a unit; ``outcome_of`` of each is None or one of the preview's outcomes, and None only
    when the order's dice are not in its own events (its round resolved on a later order). Given the events
    up to the end of its round instead, every order that did not lapse has its outcome: ``outcome_of`` reads
    only its own character's roll of its own kind in that round. The luck report, which reads ahead for
    Skirmishes, counts exactly those."""
    decided = ahead = 0
    for scenario, seed in (("street_ambush", 1), ("building_clearance", 2), ("field_crossing", 3)):
        b = kit.play_default(scenario, seed)
        here = 0
        ahead_before = ahead
        st = b.system.copy_state(b.keyframes[0][0])
        for i, (cmd, evs) in enumerate(zip(b.log, b.events, strict=True)):
            if type(cmd).__name__ in ODDS_ORDERS:
                p = b.system.preview(st, cmd)
                labels = {c.outcome for c in p.odds}
                assert p.odds and not p.estimate and p.value_unit, cmd
                assert sum(c.probability for c in p.odds) == pytest.approx(1.0)
                assert all(c.value is not None for c in p.odds)
                got = b.system.outcome_of(st, cmd, evs)
                if got is None:
                    assert not any(type(e) is kit.E.SkillRolled and e.character == cmd.character for e in evs) \
                        or any(type(e) is kit.E.ActionLapsed and e.character == cmd.character for e in evs)
                else:
                    assert got in labels, (got, p.odds)
                    here += 1
                rest = _until_round_end([e for later in b.events[i:] for e in later])
                later = b.system.outcome_of(st, cmd, rest)
                if later is None:
                    assert any(type(e) is kit.E.ActionLapsed and e.character == cmd.character for e in rest), cmd
                else:
                    assert later in labels and (got is None or got == later)
                    ahead += 1
            else:
                assert b.system.outcome_of(st, cmd, evs) is None
            for e in evs:
                b.system.apply(st, e)
        assert sum(s.orders for s in battle_luck(b).values()) == ahead - ahead_before
        decided += here
    assert decided >= 1 and ahead >= 10, (decided, ahead)


def test_hit_odds_add_up_in_every_mode():
    """The three modes, every skill 0-3: the outcomes add up to 1 and a miss is 1 minus the hit chance."""
    from hexfront.engine.systems.skirmishes.dice import success_chance
    from hexfront.engine.systems.skirmishes.state import Character

    target = Character(id="T", side="red", name="T", template="thug", pos=Hex(0, 0), player=False, luck=0,
                       shooting=0, athletics=0, melee=0, firearms=(), loaded={}, spares={}, melee_weapon="fists",
                       grenades={}, armour={"head": 1}, armour_items=("helmet",), gas_mask=False,
                       ear_protection=False)
    for mode in ("normal", "advantage", "disadvantage"):
        for skill in range(4):
            odds = hit_odds(mode, skill, target, 0, False)
            assert sum(c.probability for c in odds) == pytest.approx(1.0)
            assert odds[0].outcome == "miss"
            assert 1 - odds[0].probability == pytest.approx(success_chance(mode, skill))


def test_the_luck_report_reads_secret_orders_at_the_round_they_resolve_in(kit, monkeypatch):
    """Orders are given in secret and resolved when the round is revealed (Rounds), so most shots roll
    in a later order's events; the luck report reads ahead to find them, and finds more than the
    order's own events alone would give."""
    from hexfront.engine.core.luck import battle_luck
    from hexfront.engine.systems.skirmishes import SYSTEM

    battle = kit.play_default("street_ambush", 1)
    ahead = sum(side.orders for side in battle_luck(battle).values())
    monkeypatch.setattr(type(SYSTEM), "outcome_reads_ahead", False)
    alone = sum(side.orders for side in battle_luck(battle).values())
    assert ahead > alone and ahead >= 3
