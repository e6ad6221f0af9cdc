"""Disrupter's campaign (engine/systems/disrupter/campaign.py): what one battle carries into the next.

The book's Rule 6: Wounds (W) is the "Number of Wounds taken before incapacitation or death (See Campaign)";
its Campaign page is missing, so every rule here is this game's reading of it.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import diskit as K
import pytest
from diskit import C

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import HexfrontError
from hexfront.engine.core.playout import play_out

sys.path.insert(0, str(Path(__file__).parent.parent))
import campaignkit as CK  # noqa: E402 - the shared campaign loop lives one folder up

RULES = CK.rules_of(K.SYSTEM)
CAMPAIGN = CK.campaign_file("disrupter", "valley")


def fired_on(place, target, dice, unit=None):
    """A battle in which red's marksmen (a3: marksman rifle and rifle, 2 wounds each at Medium) fire once, with
    ``dice`` scripted (their Instinct check, then the target's Armor save, then whatever the deaths bring)."""
    b = K.battle(place, dice)
    K.goto(b, "g1", "red", "ba")
    b.submit(C.Fire("red-a3", target, unit))
    return b


def next_battle(carried, scenario="valley_mill"):
    content = RULES.carry_into(K.SYSTEM.load_content(scenario), carried)
    return CK.campaign_battle(K.SYSTEM, scenario, content, seed=5)


def test_wounds_taken_stay_on_a_unit_into_the_next_battle():
    """This game's reading of the missing Campaign page: "Wounds (W): Number of Wounds taken before
    incapacitation or death (See Campaign)" - a unit alive at the end of a battle starts the next with the
    wounds it took. Two walker bots (W3) take 4 wounds at Medium, 2 each (Instinct 10 succeeds, Armor 70
    fails): both fight the next battle with 2 wounds, one short of their W."""
    b = fired_on({"red-a3": (6, 5), "blue-bot": (6, 3)}, "blue-bot", [10, 70])
    assert [u.wounds for u in K.team(b, "blue-bot").units] == [2, 2]
    carried = RULES.carry_from(b.state)
    assert carried["blue"]["units"]["blue-bot.1"] == {"wounds": 2}
    assert carried["blue"]["lost"] == [] and carried["red"]["units"]["red-a3.1"] == {"wounds": 0}
    nb = next_battle(json.loads(json.dumps(carried)))
    assert [(u.id, u.wounds) for u in nb.state.teams["blue-bot"].units] == [("blue-bot.1", 2), ("blue-bot.2", 2)]
    assert all(u.wounds == 0 for t in nb.state.teams.values() if t.id != "blue-bot" for u in t.units)
    assert nb.state.teams["blue-bot"].on_board


def test_a_soldier_taken_off_the_board_is_lost_for_the_campaign():
    """This game's reading: a soldier or bot taken off the board (incapacitated or dead: its wounds reached its
    W) is lost for the rest of the campaign. Both marksmen of blue-a3 (fatigues, W1) take 2 wounds: the team
    is wiped out, so the next battle has no blue-a3 team; the other teams keep their numbers."""
    b = fired_on({"red-a3": (6, 5), "blue-a3": (6, 3)}, "blue-a3", [10, 70])
    assert not K.team(b, "blue-a3").on_board
    carried = RULES.carry_from(b.state)
    assert carried["blue"]["lost"] == ["blue-a3.1", "blue-a3.2"]
    assert "blue-a3.1" not in carried["blue"]["units"]
    nb = next_battle(carried)
    assert "blue-a3" not in nb.state.teams and "blue-a3" not in {t.id for t in nb.state.tables.teams}
    assert nb.setup.content["scenario"]["sides"][1]["lost"] == ["blue-a3.1", "blue-a3.2"]
    assert [u.id for u in nb.state.teams["blue-a2"].units] == ["blue-a2.1", "blue-a2.2", "blue-a2.3"]
    # and the loss stays for the battle after: the third battle fields no blue-a3 either
    third = next_battle(RULES.carry_from(nb.state), "valley_ridge")
    assert "blue-a3" not in third.state.teams


def test_a_fallen_officer_is_replaced_unwounded():
    """This game's reading: an officer taken off the board is replaced for the next battle by a fresh officer
    of the same kit (Rule 9: "Non-Commisioned Officers (NCOs) Command Squads", every squad needs its one).
    Red's marksmen put 4 wounds into blue's Alpha NCO (light armour, W2) alone: he falls; the next battle's
    Alpha lead has an unwounded officer in his place, and the roster says he was replaced."""
    b = fired_on({"red-a3": (6, 5), "blue-a1": (6, 3)}, "blue-a1", [10, 70], unit="blue-a1.1")
    assert not b.state.unit("blue-a1.1").alive
    carried = RULES.carry_from(b.state)
    assert carried["blue"]["replaced"] == ["blue-a1.1"] and carried["blue"]["units"]["blue-a1.1"] == {"wounds": 0}
    nb = next_battle(carried)
    nco = nb.state.unit("blue-a1.1")
    assert (nco.klass, nco.alive, nco.wounds) == ("officer", True, 0)
    assert nb.state.nco_team("blue-a") is not None


def test_carry_into_leaves_the_content_it_is_given_unchanged():
    """The contract: carry_into returns a new content dict; the one given is not changed."""
    content = K.SYSTEM.load_content("valley_mill")
    before = copy.deepcopy(content)
    blue = RULES.carry_from(next_battle({}).state)["blue"]
    blue["units"]["blue-co.1"]["wounds"] = 1
    del blue["units"]["blue-a3.1"]
    out = RULES.carry_into(content, {"blue": blue})
    assert content == before
    assert out["scenario"]["sides"][1]["wounds"] == {"blue-co.1": 1}
    assert out["scenario"]["sides"][1]["lost"] == ["blue-a3.1"]  # not in the roster: left out
    assert "lost" not in out["scenario"]["sides"][0]  # red carried nothing: its whole platoon fights


@pytest.mark.parametrize("carried,words", [
    ([1, 2], "table by side"),
    ({"green": {}}, "side 'green'"),
    ({"red": "all"}, "must be a table"),
    ({"red": {"units": {}, "morale": 3}}, "'morale'"),
    ({"red": {"units": ["red-co.1"]}}, "table by id"),
    ({"red": {"units": {"red-zz.9": {"wounds": 1}}}}, "'red-zz.9'"),
    ({"red": {"units": {"red-co.1": {"wounds": "two"}}}}, "wounds of red-co.1"),
    ({"red": {"units": {"red-co.1": {"wounds": True}}}}, "wounds of red-co.1"),
    ({"red": {"units": {"red-co.1": {"wounds": -1}}}}, "wounds of red-co.1"),
    ({"red": {"units": {"red-co.1": 2}}}, "red-co.1"),
    ({"red": {"units": {}, "lost": "everyone"}}, "lost of red"),
])
def test_a_roster_that_cannot_be_applied_is_one_line(carried, words):
    """The carried roster comes from a campaign file (hostile input): one that cannot be applied is refused
    with a HexfrontError saying what is wrong, never a traceback."""
    with pytest.raises(HexfrontError) as refused:
        RULES.carry_into(K.SYSTEM.load_content("valley_mill"), carried)
    assert words in refused.value.message and "\n" not in refused.value.message


def test_a_roster_the_next_battle_cannot_field_is_refused():
    """A hand-edited roster that drops a squad's only officer cannot field that squad (Rule 9), and a unit
    cannot bring as many wounds as its W (it would be off the board): each refused in one line rather than
    played."""
    full = RULES.carry_from(next_battle({}).state)
    no_nco = copy.deepcopy(full)
    del no_nco["red"]["units"]["red-b1.1"]
    with pytest.raises(HexfrontError, match="officer"):
        RULES.carry_into(K.SYSTEM.load_content("valley_ridge"), no_nco)
    full["red"]["units"]["red-a3.1"]["wounds"] = 1  # fatigues, W1
    with pytest.raises(HexfrontError, match="W1"):
        RULES.carry_into(K.SYSTEM.load_content("valley_ridge"), full)


def test_the_campaign_file_names_three_scenarios():
    assert set(CAMPAIGN) == {"title", "summary", "battles", "notes"}
    assert len(CAMPAIGN["battles"]) == 3
    assert all(name in K.SYSTEM.scenario_names() for name in CAMPAIGN["battles"])
    assert "\n" not in CAMPAIGN["summary"]


@pytest.mark.parametrize("scenario", CAMPAIGN["battles"])
def test_each_battle_of_the_campaign_plays_alone_to_its_end(scenario):
    """Each scenario of the campaign is a battle of its own: it loads and the computer players finish it."""
    b = Battle.new("disrupter", scenario, seed=11)
    players = {side: K.SYSTEM.computer_players()["default"](i) for i, side in enumerate(("red", "blue"))}
    play_out(b, players, limit=5000)
    assert b.outcome() is not None


def test_a_whole_campaign_carries_at_each_step_and_is_deterministic():
    """The Valley played by the computer players: each battle after the first fields exactly the units the last
    one carried, with their wounds; the seed fixes all three (campaignkit.check_deterministic)."""
    steps = CK.play_campaign("disrupter", "valley", seed=3)
    for before, after in zip(steps, steps[1:], strict=False):
        start, _ = after.battle.state_after(0)
        for side, roster in before.carried.items():
            fielded = {u.id: u.wounds for t in start.teams.values() if t.side == side for u in t.units}
            assert fielded == {uid: facts["wounds"] for uid, facts in roster["units"].items()}
    assert all(s.battle.outcome() is not None for s in steps)
    assert any(s.carried[side]["lost"] for s in steps for side in ("red", "blue"))  # the carry did something
    CK.check_deterministic(steps, seed=3)


def test_the_command_line_prints_what_carried_and_every_battle_verifies():
    """``hexfront campaign disrupter valley --players default,default --play`` (the campaign the test above
    checks, fought once): each battle's result and what carried in the player's words, the campaign's result;
    ``hexfront replay FILE --verify`` verifies every battle (campaignkit.check_printed)."""
    CK.check_printed(CK.cli_campaign("disrupter", "valley", 3), " back for the next battle.")


def test_the_rules_help_marks_the_readings():
    assert "missing" in RULES.help and "reading" in RULES.help
    assert RULES.aftermath is None


def test_what_carried_is_said_in_the_names_of_the_panes():
    """The screen between battles says, per platoon, how many are back, who carries wounds (the units named as
    the panes name them), who is lost and which officer is replaced."""
    wounded = RULES.carry_from(fired_on({"red-a3": (6, 5), "blue-bot": (6, 3)}, "blue-bot", [10, 70]).state)
    assert RULES.describe(wounded) == [
        "Red Platoon: 22 back for the next battle.", "  No one wounded or lost.",
        "Blue Platoon: 22 back for the next battle.",
        "  bot 1 (Walker bots) carries 2 wounds.", "  bot 2 (Walker bots) carries 2 wounds."]
    lost = RULES.carry_from(fired_on({"red-a3": (6, 5), "blue-a3": (6, 3)}, "blue-a3", [10, 70]).state)
    assert RULES.describe(lost)[2:] == [
        "Blue Platoon: 20 back for the next battle.",
        "  soldier 1 (Alpha marksmen) was taken off the board: lost.",
        "  soldier 2 (Alpha marksmen) was taken off the board: lost."]
    officer = RULES.carry_from(fired_on({"red-a3": (6, 5), "blue-a1": (6, 3)}, "blue-a1", [10, 70],
                                        unit="blue-a1.1").state)
    assert RULES.describe(officer)[2:] == [
        "Blue Platoon: 21 back for the next battle.",
        "  officer (Alpha lead) was taken off the board: a fresh officer takes his place."]
