"""30 Minute Missions' campaign (engine/systems/minutemissions/campaign.py): experience for destroyed weapons.

The book (Weapons): "Destroyed weapons/ equipment give the Unit that destroyed them experience in campaign
play". What experience is worth, repairs and a destroyed mech's pilot are this game's readings.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

from hexfront.engine.core.campaign import CAMPAIGN_OPTION
from hexfront.engine.core.errors import HexfrontError
from hexfront.engine.systems.minutemissions import SYSTEM
from hexfront.engine.systems.minutemissions import combat as K
from hexfront.engine.systems.minutemissions.state import DESTROYED

sys.path.insert(0, str(Path(__file__).parent.parent))
import campaignkit as CK  # noqa: E402 - the shared campaign loop lives one folder up

RULES = CK.rules_of(SYSTEM)
CAMPAIGN = CK.campaign_file("minutemissions", "ironvale")
IN_CAMPAIGN = {CAMPAIGN_OPTION: "ironvale"}


def duel(kit, dice, *, m2=0, a2=0, options=IN_CAMPAIGN, **kw):
    """Longbow M2 (west, facing east) and Lancer A2 (east) four hexes apart; ``m2``/``a2``: the experience each
    pilot brings from earlier battles."""
    west = [kit.unit("M2", "longbow", (4, 4), facing=0) | {"experience": m2}]
    east = [kit.unit("A2", "lancer", (8, 4), facing=3) | {"experience": a2}]
    return kit.battle(west, east, dice, options=options, **kw)


def shoot(kit, b, area):
    b.submit(kit.C.Activate("M2"))
    return b.submit(kit.C.Attack("M2", "M2.longrifle", "A2", area))


def next_battle(carried, scenario="ironvale_depot"):
    content = RULES.carry_into(SYSTEM.load_content(scenario), carried)
    return CK.campaign_battle(SYSTEM, scenario, content, seed=4)


def test_a_destroyed_enemy_weapon_is_a_point_of_experience_for_the_next_battle(kit):
    """Weapons: "Destroyed weapons/ equipment give the Unit that destroyed them experience in campaign play".
    The longrifle's 5 damage destroys the Lancer's rifle (AP 6, accuracy 3 hits, evasion 1 fails, no critical):
    one point for M2, written on M2 in the next mission."""
    b = duel(kit, [6, 3, 1, 1])
    ev = shoot(kit, b, "A2.rifle")
    assert kit.of(ev, kit.E.WeaponDestroyed)[0].by == "M2"
    carried = RULES.carry_from(b.state)
    assert carried["meridian"]["units"]["M2"] == {"experience": 1}
    assert carried["ashen"]["units"]["A2"] == {"experience": 0}
    nb = next_battle(carried)
    assert nb.state.tables.unit_spec("M2").experience == 1
    assert nb.state.tables.unit_spec("M1").experience == 0  # M1 did not fight: the roster does not name it


def test_outside_a_campaign_a_destroyed_weapon_earns_nothing(kit):
    """Weapons: the experience is "in campaign play": a battle that is not part of a campaign counts none."""
    b = duel(kit, [6, 3, 1, 1], options={})
    shoot(kit, b, "A2.rifle")
    assert b.state.experience == {}
    assert RULES.carry_from(b.state)["meridian"]["units"]["M2"] == {"experience": 0}


def test_a_veteran_pilot_has_one_better_accuracy_and_assault(kit):
    """This game's reading of what the book's experience is worth: a pilot who brings 2 or more points into a
    battle is a veteran, +1 to Accuracy and to Assault (a stat one lower), the same stat the odds read. M2
    brings 1 point, earns 1 more: in the next battle it is a veteran."""
    b = duel(kit, [6, 3, 1, 1], m2=1)
    shoot(kit, b, "A2.rifle")
    assert RULES.carry_from(b.state)["meridian"]["units"]["M2"] == {"experience": 2}
    nb = next_battle(RULES.carry_from(b.state))
    vet, fresh = nb.state.units["M2"], nb.state.units["M1"]
    rifle = nb.state.tables.weapons["longrifle"]
    assert K.accuracy(nb.state, vet, rifle).need == K.accuracy(b.state, b.state.units["M2"], rifle).need - 1
    assert any("veteran pilot" in m for m in K.accuracy(nb.state, vet, rifle).modifiers)
    assert K.assault(nb.state, vet, None).need == K.core(nb.state, vet).assault - 1
    assert not any("veteran" in m for m in K.accuracy(nb.state, fresh, rifle).modifiers)


def test_destroyed_parts_are_repaired_between_battles(kit):
    """This game's reading: the book's destroyed weapon is lost "for the remainder of the battle"; between
    battles every mech is repaired, so the Lancer's rifle is whole in the next mission."""
    b = duel(kit, [6, 3, 1, 1])
    shoot(kit, b, "A2.rifle")
    assert b.state.weapons["A2.rifle"].place == DESTROYED
    nb = next_battle(RULES.carry_from(b.state))
    rifle = nb.state.weapons["A2.rifle"]
    assert rifle.place != DESTROYED and rifle.dp == nb.state.tables.weapons["rifle"].dp


def test_a_destroyed_mech_is_rebuilt_with_a_new_pilot(kit):
    """This game's reading: a mech destroyed in battle is rebuilt for the next, but its pilot's experience is
    lost. A2 brings 3 points; the longrifle destroys its torso (cut to 3 defence points)."""
    def tweak(content):
        content["core_types"]["medium"]["sections"]["torso"] = 3

    b = duel(kit, [6, 3, 1, 1], a2=3, tweak=tweak)
    shoot(kit, b, "torso")
    assert b.state.units["A2"].destroyed
    carried = RULES.carry_from(b.state)
    assert (carried["ashen"]["units"], carried["ashen"]["destroyed"]) == ({"A2": {"experience": 0}}, ["A2"])
    nb = next_battle(carried)
    assert "A2" in nb.state.units and not nb.state.units["A2"].destroyed
    assert nb.state.tables.unit_spec("A2").experience == 0
    assert RULES.describe(carried)[-1:] == ["  Lancer (A2) was destroyed: rebuilt with a new pilot, no experience."]


def test_what_carried_is_said_with_each_pilots_experience(kit):
    """The screen between battles names each mech as the panes do and says its pilot's experience, what this
    battle earned and who is now a veteran (2 points or more)."""
    b = duel(kit, [6, 3, 1, 1], m2=1)
    shoot(kit, b, "A2.rifle")
    assert RULES.describe(RULES.carry_from(b.state)) == [
        "Meridian Guard: every mech repaired for the next battle.",
        "  Longbow (M2): 2 experience (+1 this battle): a veteran.",
        "Ashen Compact: every mech repaired for the next battle.",
        "  Lancer (A2): 0 experience."]


def test_carry_into_leaves_the_content_it_is_given_unchanged():
    content = SYSTEM.load_content("ironvale_citadel")
    before = copy.deepcopy(content)
    out = RULES.carry_into(content, {"ashen": {"units": {"A3": {"experience": 4}}}})
    assert content == before
    assert [u.get("experience", 0) for u in out["scenario"]["sides"][1]["units"]] == [0, 0, 4, 0]


@pytest.mark.parametrize("carried,words", [
    ("lots", "table by side"),
    ({"crimson": {}}, "side 'crimson'"),
    ({"ashen": {"units": {"M1": {"experience": 1}}}}, "'M1'"),  # a unit of the other side
    ({"ashen": {"units": {"A1": {"experience": 1.5}}}}, "experience of A1"),
    ({"ashen": {"units": {"A1": {"experience": 10**9}}}}, "experience of A1"),
    ({"ashen": {"units": {"A1": {"experience": False}}}}, "experience of A1"),
    ({"ashen": {"units": {"A1": "veteran"}}}, "A1"),
    ({"ashen": {"units": {}, "medals": []}}, "'medals'"),
    ({"ashen": {"destroyed": {"A1": True}}}, "destroyed of ashen"),
])
def test_a_roster_that_cannot_be_applied_is_one_line(carried, words):
    """The carried roster is hostile input: refused with a HexfrontError saying what is wrong."""
    with pytest.raises(HexfrontError) as refused:
        RULES.carry_into(SYSTEM.load_content("ironvale_depot"), carried)
    assert words in refused.value.message and "\n" not in refused.value.message


def test_a_mission_written_with_bad_experience_is_refused_when_it_loads(kit):
    with pytest.raises(HexfrontError, match="experience"):
        duel(kit, [], m2=-2)


def test_the_campaign_file_names_three_missions():
    assert set(CAMPAIGN) == {"title", "summary", "battles", "notes"}
    assert len(CAMPAIGN["battles"]) == 3 and all(n in SYSTEM.scenario_names() for n in CAMPAIGN["battles"])


@pytest.mark.parametrize("scenario", CAMPAIGN["battles"])
def test_each_battle_of_the_campaign_opens_alone(scenario):
    """Each scenario of the campaign is a battle of its own: it loads from its file and the computer players
    give its first orders (the whole campaign below fights each to its end)."""
    b = CK.opens_alone("minutemissions", scenario, seed=2)
    assert len(b.log) == 40 or b.outcome() is not None


def test_a_whole_campaign_carries_at_each_step_and_is_deterministic():
    """Ironvale played by the computer players: each mission after the first starts with the experience the
    last one carried on each mech; the seed fixes all three (campaignkit.check_deterministic)."""
    steps = CK.play_campaign("minutemissions", "ironvale", seed=3)
    for before, after in zip(steps, steps[1:], strict=False):
        for roster in before.carried.values():
            for uid, facts in roster["units"].items():
                assert after.battle.state.tables.unit_spec(uid).experience == facts["experience"]
    assert any(f["experience"] for s in steps for r in s.carried.values() for f in r["units"].values())
    CK.check_deterministic(steps, seed=3)


def test_the_command_line_prints_what_carried_and_every_battle_verifies():
    """``hexfront campaign minutemissions ironvale --players default,default --play`` (the campaign the test above
    checks, fought once): each battle's result and what carried in the player's words, the campaign's result;
    ``hexfront replay FILE --verify`` verifies every battle (campaignkit.check_printed). The runner's battles are
    campaign battles: destroyed weapons earned experience, and the experience each counted is what carried."""
    fought = CK.cli_campaign("minutemissions", "ironvale", 3)
    CK.check_printed(fought, ": every mech repaired for the next battle.")
    earned = [done.battle.state.experience for done in fought.campaign.fought]
    assert any(earned)
    for done, points in zip(fought.campaign.fought, earned, strict=True):
        for roster in done.carried.values():
            assert roster["earned"] == {u: n for u, n in points.items() if u in roster["units"]}


def test_the_rules_help_says_which_parts_are_the_books():
    assert "The book's:" in RULES.help and "reading" in RULES.help and RULES.aftermath is None
