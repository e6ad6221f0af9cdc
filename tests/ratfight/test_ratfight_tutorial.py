"""The JTS RatFight tutorial battle (content/ratfight/scenarios/tutorial.toml).

The learner commands the Field Rats (red); the computer's ``default`` player has the Stoats. Its ``[script]``
sets the first cards of the action deck and of both resolution decks, so that the lesson's key rule shows:
RatFight is diceless, the action deck says what a side may do ("Action Cards"; Turn Sequence 3-5) and the
resolution decks settle every shot ("Firing" 2-3), close combat ("Close Combat"), morale ("Morale Check") and
the Downed model's test ("Testing for Casualties").
"""

from __future__ import annotations

import copy

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import offset_to_axial
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.resolution import Randomizer, Resolution
from hexfront.engine.core.system import content_root
from hexfront.engine.core.tutorial import battle_progress, read_tutorial, tutorial_scenarios
from hexfront.engine.systems.ratfight import SYSTEM, data
from hexfront.engine.systems.ratfight import commands as C
from hexfront.engine.systems.ratfight import events as E


def completes(battle: Battle, step, command) -> bool:
    """Whether ``command`` would complete ``step``, tried on a copy of the battle (same cards to come)."""
    work = battle.system.copy_state(battle.state)
    rng = Randomizer(battle.setup.seed, battle.setup.script)
    rng.restore(battle.rng.snapshot())
    ctx = Resolution(battle.system, work, rng)
    battle.system.resolve(ctx, command)
    return step.met_by(battle.system.order_parts(battle.state, command).action, ctx.events)


def play_tutorial(wanted: list | None = None) -> tuple[Battle, list]:
    """Play the tutorial step by step: at each step the learner gives a legal order that completes it (the
    first such order of the legal list, or the order of ``wanted`` for that step, checked the same way); the
    computer answers for the other side. Returns the battle and the learner's orders."""
    battle = Battle.new("ratfight", "tutorial", seed=1, players={"red": "human", "blue": "default"})
    tutorial = read_tutorial(battle.setup.content)
    computers = computer_players_for(battle)
    assert set(computers) == {"blue"}
    mine = []
    for _ in range(100):
        progress = battle_progress(tutorial, battle)
        if progress.finished or battle.outcome() is not None:
            break
        side = battle.side_to_act()
        if side == tutorial.side:
            step = tutorial.steps[progress.done]
            legal = battle.legal_commands()
            candidates = legal if wanted is None else [c for c in legal if c == wanted[progress.done]]
            order = next((c for c in candidates if completes(battle, step, c)), None)
            assert order is not None, f"no legal order completes step {progress.done + 1}: {step.prompt}"
            mine.append(order)
            battle.submit(order)
        else:
            battle.submit(computers[side].choose(battle.system, battle.state))
    return battle, mine


# the orders the prompts ask for: Cpl Nib into the woods, his shot at Sgt Brack, the pass, Tansy's charge
AS_PROMPTED = [C.Move("R1", offset_to_axial(3, 1)), C.Fire("R1", "manual_rifle", "B1"), C.Pass(),
               C.Assault("R2", "B2", offset_to_axial(5, 4))]


@pytest.fixture(scope="module", params=["greedy", "as prompted"])
def played(request) -> tuple[Battle, list]:
    return play_tutorial(None if request.param == "greedy" else AS_PROMPTED)


def test_the_tutorial_is_one_of_the_scenarios():
    assert "tutorial" in SYSTEM.scenario_names() and tutorial_scenarios(SYSTEM) == ["tutorial"]
    content = SYSTEM.load_content("tutorial")
    tutorial = read_tutorial(content)
    assert tutorial.side == "red" and len(tutorial.steps) == 4
    assert [s.action or s.rule for s in tutorial.steps] == ["Move", "Fire Manual Rifle", "Pass", "Assault"]
    assert tutorial.steps[1].rule == "Firing"
    assert "script" in content["scenario"] and SYSTEM.scenario_script(content) is not None
    assert all(s.prompt and "\n" not in s.prompt for s in tutorial.steps)


def test_the_tutorial_is_played_through_every_step(played):
    battle, mine = played
    tutorial = read_tutorial(battle.setup.content)
    assert battle_progress(tutorial, battle).finished
    assert [type(c).__name__ for c in mine] == ["Move", "Fire", "Pass", "Assault"]


def test_the_cards_decide_as_the_lesson_says(played):
    """The key rule, from the scripted cards, whichever models the learner picks: the computer's Move Vehicle
    cards are passed (Action Cards); the King of Spades beats the target's 7 of Diamonds and he is Down
    (Firing 2-3); at Turn End his Heart puts him out of the fight (Testing for Casualties); the Queen of
    Spades, best of the attacker's two cards, beats the 5 of Hearts and the defender is a casualty (Close
    Combat); and the Stoats' 2 of Diamonds does not beat their 2 casualties, so they break and the Field Rats
    win (Morale Check)."""
    battle, mine = played
    events = battle.all_events()
    passed = [e for e in events if type(e) is E.ActionCardDone and e.side == "blue"]
    assert [e.card for e in passed[:2]] == ["vehicle-a", "vehicle-b"] and all(e.passed for e in passed[:2])
    compared = [e for e in events if type(e) is E.CardsCompared]
    shot, fight = compared
    assert (shot.attacker, shot.attacker_card, shot.defender_card, shot.winner) == ("R1", "KS", "7D", "attacker")
    assert shot.rule == "Firing 3"
    assert (fight.attacker_card, fight.defender_card, fight.winner, fight.rule) == ("QS", "5H", "attacker",
                                                                                    "Close Combat")
    downed = [e for e in events if type(e) is E.ModelDowned]
    assert [e.model for e in downed] == [shot.defender]
    test = [e for e in events if type(e) is CardDrawn and e.rule == "Testing for Casualties"]
    assert [e.card for e in test] == ["3H"]
    out = [(e.model, e.rule) for e in events if type(e) is E.ModelCasualty]
    assert out == [(shot.defender, "Testing for Casualties"), (fight.defender, "Close Combat")]
    morale = [e for e in events if type(e) is E.MoraleTested and e.side == "blue"]
    assert [(m.card, m.casualties, m.passed) for m in morale] == [("6C", 0, True), ("2D", 2, False)]
    assert battle.outcome().winner == "red"
    if mine == AS_PROMPTED:
        # the path the prompts describe: Cpl Nib downs Sgt Brack from the woods, Tansy charges Moss
        assert (shot.defender, fight.attacker, fight.defender) == ("B1", "R2", "B2")
    # every card that decided something was one the script set: nothing here came from the shuffle
    decisive = [e for e in events if type(e) is CardDrawn and e.deck.startswith("res-")]
    assert decisive and all(e.scripted for e in decisive)


def test_the_fire_step_shows_exact_odds_before_the_order(played):
    """Firing 2: one card each from two full decks: hit 51/104, miss 51/104, the same card 1/52."""
    battle, mine = played
    fire = mine[1]
    before, _ = battle.state_after(2)
    preview = battle.system.preview(before, fire)
    odds = {c.outcome: c.probability for c in preview.odds}
    target = before.models[fire.target].name
    assert odds == pytest.approx({f"hit: {target} Down": 51 / 104, "the shot misses": 51 / 104,
                                  "same card: the turn ends": 1 / 52}, abs=1e-12)
    assert not preview.estimate and preview.value_unit


@pytest.mark.parametrize("change, message", [
    (lambda s: s["tutorial"].update(side="green"), "tutorial's side 'green'"),
    (lambda s: s["tutorial"]["steps"][0].pop("prompt"), "table [tutorial.steps#1]: missing key 'prompt'"),
    (lambda s: s["script"]["cards"].update({"res-green": ["KS"]}), "names deck 'res-green'"),
    (lambda s: s["script"]["cards"]["res-red"].append("ZZ"), "cards it does not hold: ZZ"),
    (lambda s: s["script"].update(dice=[3]), "no dice"),
    (lambda s: s.update(tutorial="yes"), "must be a table"),
])
def test_a_malformed_tutorial_or_script_is_a_one_line_content_error(change, message):
    folder = content_root() / "ratfight"
    content = data.load_content(folder, "tutorial")
    content = copy.deepcopy(content)
    change(content["scenario"])
    with pytest.raises(ContentError) as err:  # the schema refuses some (saved content is checked too)
        data.check_script_and_tutorial(content, data.Tables.from_content(content))
    assert message in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("players", [("random", "random"), ("random", "default"), ("default", "random")])
def test_any_play_of_the_tutorial_keeps_to_its_script_and_ends(players):
    """A learner who does something else entirely (random orders) never makes the script ask a deck for a card
    it does not hold: the scripted action cards repeat only after the deck is gathered for a new turn, and
    each resolution deck's scripted cards are all different. Every game ends within the turn limit."""
    for seed in range(15):
        battle = Battle.new("ratfight", "tutorial", seed=seed, players=dict(zip(("red", "blue"), players, strict=True)))
        computers = computer_players_for(battle)
        for _ in range(400):
            if battle.outcome() is not None:
                break
            battle.submit(computers[battle.side_to_act()].choose(battle.system, battle.state))
        assert battle.outcome() is not None, seed
        assert battle.state.turn <= 3
