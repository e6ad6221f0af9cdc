"""Dustup's campaign (engine/systems/dustup/campaign.py): who of a force fights the next battle.

The book (Casualty Evacuation): "The successful evacuation can also affect the player's victory conditions and
influence campaigns." Everything else here is this game's reading of the wound rules (Shoot: Resolve Impact;
Medical Treatment Action; Moving Casualties).
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import dustkit
import pytest

from hexfront.engine.core.carried import CampaignOver
from hexfront.engine.core.errors import HexfrontError
from hexfront.engine.systems.dustup import casevac
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import ABANDONED, DISABLED, KILLED, STABILISED, UNTREATED

sys.path.insert(0, str(Path(__file__).parent.parent))
import campaignkit as CK  # noqa: E402 - the shared campaign loop lives one folder up

SYSTEM = dustkit.SYSTEM
RULES = CK.rules_of(SYSTEM)
CAMPAIGN = CK.campaign_file("dustup", "sangar")
FIRST = SYSTEM.load_content("sangar_farm")
PLACES = {"HQ": (1, 0), "A": (2, 2), "B": (5, 2), "hq": (14, 9), "d": (10, 9), "e": (15, 8)}


def forces(side: int) -> list[dict]:
    """The Sangar units of one side as the campaign's scenarios write them, placed on the kit's open map."""
    units = copy.deepcopy(FIRST["scenario"]["sides"][side]["units"])
    for u in units:
        u["at"] = list(PLACES[u["id"]])
    return units


def sangar_battle(dice=()):
    return dustkit.battle(red=forces(0), blue=forces(1), red_side={"casevac": "dropship"}, dice=list(dice))


def hurt(b, fid, status, wounds=1):
    """Test set-up: a figure's state as fire or an assault would leave it (their own tests show how)."""
    dustkit.ctx(b).emit(E.FigureChanged(unit=fid.split(".")[0], figure=fid, status=status, wounds=wounds))


def next_battle(carried, scenario="sangar_ford"):
    content = RULES.carry_into(SYSTEM.load_content(scenario), carried)
    return CK.campaign_battle(SYSTEM, scenario, content, seed=6)


def figures(b, uid):
    return [f.id for f in b.state.units[uid].figures]


def test_evacuated_and_treated_wounded_return_the_untreated_and_the_dead_are_lost():
    """Casualty Evacuation: the CASEVAC rushes the wounded "to a medical facility"; "The successful evacuation
    can also ... influence campaigns". This game's reading: Alpha calls the dropship (leadership test 5 on its
    D8) and loads its two wounded: they return for the next battle. Bravo treats its two wounded (Medical
    Treatment: D6 4 stabilised, 2 killed): the stabilised one is carried off after the battle and returns, the
    killed one is lost; a wounded figure left untreated at the end is lost, as is the one killed by fire."""
    b = sangar_battle([5, 4, 2])
    for fid in ("A.2", "A.3", "B.2", "B.3"):
        hurt(b, fid, UNTREATED)
    hurt(b, "B.4", KILLED)
    b.submit(casevac.CallCasevac("A"))
    b.submit(casevac.LoadWounded("A"))
    assert [b.state.units["A"].figures[i].status for i in (1, 2)] == [ABANDONED, ABANDONED]
    b.submit(C.Hold("d"))
    b.submit(C.Treat("B", "B"))
    assert [f.status for f in b.state.units["B"].figures[1:3]] == [STABILISED, KILLED]
    hurt(b, "B.5", UNTREATED)  # hit at the last moment, never treated
    carried = RULES.carry_from(b.state)
    assert carried["red"]["evacuated"] == ["A.2", "A.3"]
    assert carried["red"]["lost"] == ["B.3", "B.4", "B.5"]
    assert carried["red"]["units"]["B"] == {"figures": ["B.1", "B.2", "B.6", "B.7"]}
    nb = next_battle(carried)
    assert figures(nb, "A") == [f"A.{i}" for i in range(1, 8)]
    assert figures(nb, "B") == ["B.1", "B.2", "B.6", "B.7"]
    assert all(f.status == "fit" and f.wounds == 0 for u in nb.state.units.values() for f in u.figures)
    assert len(nb.state.units["d"].figures) == 8  # blue lost nobody
    assert RULES.describe(carried) == [  # the screen between battles, figures as the unit pane names them
        "Red: 15 figures back for the next battle.",
        "  A.2 (Alpha Squad) was flown out by the CASEVAC: back.",
        "  A.3 (Alpha Squad) was flown out by the CASEVAC: back.",
        "  B.3 (Bravo Squad): lost.", "  B.4 (Bravo Squad): lost.", "  B.5 (Bravo Squad): lost.",
        "Blue: 20 figures back for the next battle.", "  No one lost."]


def test_wounded_abandoned_on_the_field_are_lost():
    """Moving Casualties: a player may abandon the wounded "in the hope of being able to return at a later
    point to recover them"; this game's reading: the hope ends with the battle, they are lost."""
    b = sangar_battle()
    hurt(b, "d.3", ABANDONED)
    carried = RULES.carry_from(b.state)
    assert carried["blue"]["lost"] == ["d.3"] and carried["blue"]["evacuated"] == []
    assert "d.3" not in figures(next_battle(carried), "d")


def test_a_wrecked_power_suit_is_replaced():
    """Power Armour Troops as Casualties: a 5 wrecks the suit, the trooper is unhurt (disabled); this game's
    reading: he returns in a new suit."""
    b = sangar_battle()
    hurt(b, "A.5", DISABLED, wounds=0)
    assert "A.5" in RULES.carry_from(b.state)["red"]["units"]["A"]["figures"]


def test_a_lost_leader_is_replaced_by_the_first_soldier():
    """Leaders and Commanders: when a leader becomes a casualty "a new unit leader is appointed"; this game's
    reading for the next battle: the unit's first soldier with no role of his own takes the lost leader's role
    (the commander's, in an HQ, where the medic stays a medic); the leadership value stays the unit's."""
    b = sangar_battle()
    hurt(b, "A.1", KILLED)
    hurt(b, "HQ.1", KILLED)
    nb = next_battle(RULES.carry_from(b.state))
    a = nb.state.units["A"]
    assert a.figures[0].id == "A.2" and a.leader is not None and a.leader.id == "A.2"
    assert nb.state.units["HQ"].leader.role == "commander" and nb.state.units["HQ"].leader.id == "HQ.3"
    assert nb.state.units["HQ"].figures[0].role == "medic" and nb.state.units["HQ"].medic == 8
    assert a.leadership == 2


def test_a_unit_whose_medic_is_lost_treats_with_a_d6():
    """Medical Treatment Action: "If the unit contains a trained medic, use a D8"; a unit whose medic was lost
    in an earlier battle has none, and treats with the D6 of non-medical troops."""
    b = sangar_battle()
    hurt(b, "HQ.2", KILLED)
    nb = next_battle(RULES.carry_from(b.state))
    assert [f.role for f in nb.state.units["HQ"].figures] == ["commander", "", ""]
    assert nb.state.units["HQ"].medic == 6


def test_a_unit_with_nobody_left_is_left_out_and_its_squads_have_no_commander():
    """This game's reading: a unit whose every figure is lost is not in the next battle; the units it
    commanded have no commander above them (the book: "If there is a second in command within the appropriate
    headquarters, they will take command": here there is none)."""
    b = sangar_battle()
    for i in range(1, 5):
        hurt(b, f"HQ.{i}", KILLED)
    nb = next_battle(RULES.carry_from(b.state))
    assert "HQ" not in nb.state.units
    assert nb.state.units["A"].commander is None and nb.state.units["B"].commander is None
    assert all("commander" not in u for u in nb.setup.content["scenario"]["sides"][0]["units"])


def test_a_side_with_no_unit_left_ends_the_campaign():
    """A side that has lost every unit cannot take the field: carry_into says so in one line."""
    carried = {"red": {"units": {}}, "blue": RULES.carry_from(sangar_battle().state)["blue"]}
    said = "^Colonial Marines has no unit left to field: the campaign is over$"
    with pytest.raises(CampaignOver, match=said) as over:
        RULES.carry_into(SYSTEM.load_content("sangar_ridge"), carried)
    assert over.value.beaten == ("red",)  # the runner ends the campaign, won by the side with a force
    with pytest.raises(CampaignOver, match="^Colonial Marines and Free Colonists have no unit left") as over:
        RULES.carry_into(SYSTEM.load_content("sangar_ridge"), {"red": {"units": {}}, "blue": {"units": {}}})
    assert over.value.beaten == ("red", "blue")


def test_the_evacuated_are_kept_out_of_older_saves_hashes():
    """The evacuated list joins the state's hash only once someone is evacuated, so that saves written before
    it still verify."""
    b = sangar_battle([5])
    before = len(SYSTEM.canonical(b.state))
    hurt(b, "A.2", UNTREATED)
    b.submit(casevac.CallCasevac("A"))
    b.submit(casevac.LoadWounded("A"))
    assert b.state.evacuated == ["A.2"] and len(SYSTEM.canonical(b.state)) == before + 1


def test_carry_into_leaves_the_content_it_is_given_unchanged():
    content = SYSTEM.load_content("sangar_ridge")
    before = copy.deepcopy(content)
    blue = RULES.carry_from(sangar_battle().state)["blue"]
    blue["units"]["e"]["figures"].remove("e.8")
    out = RULES.carry_into(content, {"blue": blue})
    assert content == before
    assert out["scenario"]["sides"][1]["units"][2]["lost"] == ["e.8"]


@pytest.mark.parametrize("carried,words", [
    (None, "table by side"),
    ({"green": {}}, "side 'green'"),
    ({"red": {"units": {"Z": {"figures": []}}}}, "'Z'"),
    ({"red": {"units": {"A": {"figures": ["A.99"]}}}}, "'A.99'"),
    ({"red": {"units": {"A": {"figures": "A.1"}}}}, "figures of A"),
    ({"red": {"units": {"A": {"figures": [1, 2]}}}}, "figures of A"),
    ({"red": {"units": {"A": []}}}, "carried unit A"),
    ({"red": {"units": {}, "prisoners": ["d.1"]}}, "'prisoners'"),
    ({"red": {"units": {"A": {"figures": ["A.1"]}}, "evacuated": "A.2"}}, "evacuated of red"),
])
def test_a_roster_that_cannot_be_applied_is_one_line(carried, words):
    """The carried roster is hostile input: refused with a HexfrontError saying what is wrong."""
    with pytest.raises(HexfrontError) as refused:
        RULES.carry_into(SYSTEM.load_content("sangar_ford"), carried)
    assert words in refused.value.message and "\n" not in refused.value.message


def test_a_roster_that_names_a_unit_with_no_figure_is_refused():
    """A unit needs a soldier: a hand-edited roster that names Alpha but brings none of its figures is refused
    (carry_from leaves such a unit out instead)."""
    with pytest.raises(HexfrontError, match="every soldier is lost"):
        RULES.carry_into(SYSTEM.load_content("sangar_ford"), {"red": {"units": {"A": {"figures": []}}}})


def test_the_campaign_file_names_three_scenarios():
    assert set(CAMPAIGN) == {"title", "summary", "battles", "notes"}
    assert len(CAMPAIGN["battles"]) == 3 and all(n in SYSTEM.scenario_names() for n in CAMPAIGN["battles"])


@pytest.mark.parametrize("scenario", CAMPAIGN["battles"])
def test_each_battle_of_the_campaign_opens_alone(scenario):
    """Each scenario of the campaign is a battle of its own: it loads from its file and the computer players
    give its first orders (the whole campaign below fights each to its end)."""
    b = CK.opens_alone("dustup", scenario, seed=2)
    assert len(b.log) == 40 or b.outcome() is not None


def test_a_whole_campaign_carries_at_each_step_and_is_deterministic():
    """Sangar played by the computer players: each battle after the first fields exactly the figures the last
    one carried; the seed fixes all three (campaignkit.check_deterministic)."""
    steps = CK.play_campaign("dustup", "sangar", seed=3)
    for before, after in zip(steps, steps[1:], strict=False):
        start, _ = after.battle.state_after(0)
        for side, roster in before.carried.items():
            fielded = {u.id: [f.id for f in u.figures] for u in start.units.values() if u.side == side}
            assert fielded == {uid: facts["figures"] for uid, facts in roster["units"].items()}
    assert any(s.carried[side]["lost"] for s in steps for side in ("red", "blue"))
    CK.check_deterministic(steps, seed=3)


def test_the_command_line_prints_what_carried_and_every_battle_verifies():
    """``hexfront campaign dustup sangar --players default,default --play`` (the campaign the test above checks,
    fought once): each battle's result and what carried in the player's words, the campaign's result;
    ``hexfront replay FILE --verify`` verifies every battle (campaignkit.check_printed)."""
    CK.check_printed(CK.cli_campaign("dustup", "sangar", 3), " back for the next battle.")


def test_the_rules_help_says_which_parts_are_the_books():
    assert "influence campaigns" in RULES.help and "reading" in RULES.help and RULES.aftermath is None
