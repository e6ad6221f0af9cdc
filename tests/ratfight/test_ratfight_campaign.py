"""Rule book: "Testing for Casualties" (campaigns) and "Close Combat" (capture), at the end of a battle of a
campaign (engine/systems/ratfight/campaign.py)."""

from __future__ import annotations

import attrs

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.campaign import CAMPAIGN_OPTION
from hexfront.engine.core.content import read_toml
from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.ratfight import campaign as K
from hexfront.engine.systems.ratfight import data

RATFIGHT = get_system("ratfight")


def _ended(kit, *, blue_after: list[str], campaign: bool = True, capture: bool = False) -> Battle:
    """R1 (with R2 beside it) charges B1, blue's only model, and wins (KS against QS); blue turns the Turn
    End card; red's morale passes (5C beats no casualty) and blue, with nobody left, breaks: red wins.
    ``blue_after``: blue's next resolution cards (the end-of-battle draws)."""
    first = kit.battle([kit.inf("R1", Hex(0, 0), name="Sgt Gnaw"), kit.inf("R2", Hex(0, 2))],
                       [kit.inf("B1", Hex(3, 0), name="Rook")], action=["move1-a", "turnend"],
                       red=["2C", "KS", "5C"], blue=["QS", *blue_after])
    setup = attrs.evolve(first.setup, options={CAMPAIGN_OPTION: "test"} if campaign else {})
    if capture:
        setup.content["scenario"]["capture"] = True
    b = Battle(RATFIGHT, setup)
    b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert b.outcome() is not None and b.outcome().winner == "red"
    return b


def test_a_casualty_is_back_on_any_card_but_a_heart(kit):
    """Testing for Casualties: "Models are available for further games in a campaign on the draw of any card
    but a heart." Rook, a casualty, turns the Seven of Spades from his own side's deck: he is back."""
    b = _ended(kit, blue_after=["7S"])
    assert b.aftermath_pending() and b.legal_commands() == [kit.C.DrawForCasualties()]
    evs = b.submit(kit.C.DrawForCasualties())
    assert [(d.deck, d.card, d.who) for d in kit.of(evs, CardDrawn)] == [("res-blue", "7S", "B1")]
    assert [(e.model, e.card, e.available) for e in kit.of(evs, kit.E.AvailabilityDrawn)] == [("B1", "7S", True)]
    line = RATFIGHT.describe(kit.of(evs, kit.E.AvailabilityDrawn)[0], b.state)
    assert line == "Rook [B1]: 7 of Spades, not a heart: back for the next battle (Testing for Casualties: campaigns)"
    assert not b.aftermath_pending() and b.legal_commands() == []
    carried = K.carry_from(b.state)
    assert carried["blue"]["back"] == {"B1": "Rook"} and carried["blue"]["lost"] == {}
    assert carried["red"]["back"] == {} and carried["red"]["fought"] == ["R1", "R2"]


def test_a_casualty_that_turns_a_heart_is_lost_to_the_campaign(kit):
    """Testing for Casualties: "... on the draw of any card but a heart": the Seven of Hearts keeps Rook out
    of the next battle, and the next battle's content leaves him out."""
    b = _ended(kit, blue_after=["7H"])
    evs = b.submit(kit.C.DrawForCasualties())
    assert [(e.model, e.available) for e in kit.of(evs, kit.E.AvailabilityDrawn)] == [("B1", False)]
    assert "a heart: lost to the campaign" in RATFIGHT.describe(kit.of(evs, kit.E.AvailabilityDrawn)[0], b.state)
    carried = K.carry_from(b.state)
    assert carried["blue"]["lost_now"] == {"B1": "Rook"} and carried["blue"]["lost"] == {"B1": "Rook"}
    nxt = K.carry_into(b.setup.content, carried)
    assert [m["id"] for m in nxt["scenario"]["sides"][1]["models"]] == []
    assert [m["id"] for m in nxt["scenario"]["sides"][0]["models"]] == ["R1", "R2"]
    assert nxt["scenario"]["campaign"] == {"lost": {"red": {}, "blue": {"B1": "Rook"}},
                                           "captured": {"red": {}, "blue": {}}}
    assert [m["id"] for m in b.setup.content["scenario"]["sides"][1]["models"]] == ["B1"]  # the given one unchanged


def test_the_draws_are_only_a_campaign_battles_and_only_at_its_end(kit):
    """A battle outside a campaign ends with no draws; in a campaign the order is refused until the end."""
    alone = _ended(kit, blue_after=["7S"], campaign=False)
    assert alone.legal_commands() == [] and not alone.aftermath_pending()
    assert alone.refusal(kit.C.DrawForCasualties()) == "the battle is over"
    first = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0))], action=["move1-a"])
    going = Battle(RATFIGHT, attrs.evolve(first.setup, options={CAMPAIGN_OPTION: "test"}))
    assert "not over yet" in going.refusal(kit.C.DrawForCasualties())
    assert kit.C.DrawForCasualties() not in going.legal_commands()
    done = _ended(kit, blue_after=["7S"])
    done.submit(kit.C.DrawForCasualties())
    assert done.refusal(kit.C.DrawForCasualties()) == "the cards for the casualties have been turned"


def test_in_a_special_scenario_the_loser_of_a_close_combat_is_captured(kit):
    """Close Combat: "In special scenarios an enemy model can be captured rather than killed." Reading: in a
    scenario with capture, Rook, beaten in close combat, is a prisoner: a casualty for morale, no card at the
    end, lost to blue for the rest of the campaign."""
    b = _ended(kit, blue_after=["7S"], capture=True)
    assert b.state.captured == ["B1"] and kit.status(b, "B1") == "casualty"
    captured = [e for evs in b.events for e in evs if type(e) is kit.E.ModelCaptured]
    assert [(e.model, e.by) for e in captured] == [("B1", "red")]
    assert "taken prisoner by" in RATFIGHT.describe(captured[0], b.state)
    evs = b.submit(kit.C.DrawForCasualties())
    assert kit.of(evs, CardDrawn) == [] and kit.of(evs, kit.E.AvailabilityDrawn) == []
    carried = K.carry_from(b.state)
    assert carried["blue"]["captured"] == {"B1": "Rook"} and carried["blue"]["back"] == {}
    nxt = K.carry_into(b.setup.content, carried)
    assert nxt["scenario"]["sides"][1]["models"] == []


def test_without_capture_the_loser_is_killed_as_before(kit):
    """Close Combat: "The loser is an instant casualty" - no prisoner outside a special scenario."""
    b = _ended(kit, blue_after=["7S"])
    assert b.state.captured == [] and kit.status(b, "B1") == "casualty"


def test_losses_carry_through_every_later_battle_and_fresh_models_join():
    """Units match by id: a model lost after the first battle stays out of the third too (the [campaign] table
    of the second battle remembers him); a model that fought in no earlier battle joins."""
    folder = content_root() / "ratfight"
    second = data.load_content(folder, "mill_race_2_farm")
    carried = {"red": {"lost": {"R1": "Sgt Bristle"}, "captured": {}},
               "blue": {"lost": {}, "captured": {"B4": "Wick"}}}
    into_second = K.carry_into(second, carried)
    battle = Battle.new("ratfight", "mill_race_2_farm", options={CAMPAIGN_OPTION: "mill_race"}, content=into_second)
    assert "R1" not in battle.state.models and "B4" not in battle.state.models
    then = K.carry_from(battle.state)  # nobody fell in it: the earlier losses still carry
    assert then["red"]["lost"] == {"R1": "Sgt Bristle"} and then["blue"]["captured"] == {"B4": "Wick"}
    third = K.carry_into(data.load_content(folder, "mill_race_3_mill"), then)
    ids = [m["id"] for side in third["scenario"]["sides"] for m in side["models"]]
    assert "R1" not in ids and "B4" not in ids and {"R6", "B6"} <= set(ids)


def test_the_campaigns_scenarios_share_their_models_ids():
    folder = content_root() / "ratfight"
    spec = read_toml(folder / "campaigns" / "mill_race.toml")
    rosters = [{m["id"] for side in read_toml(folder / "scenarios" / f"{name}.toml")["sides"] for m in side["models"]}
               for name in spec["battles"]]
    assert rosters[0] == rosters[1] and rosters[0] < rosters[2]
    assert read_toml(folder / "scenarios" / "mill_race_2_farm.toml")["capture"] is True
