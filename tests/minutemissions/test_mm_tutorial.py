"""The tutorial battle (content/minutemissions/scenarios/tutorial.toml): its steps can be played through,
and its scripted dice teach what the prompts say they teach - the AP pool is base AP + a d8 rolled
afresh at each activation (Movement Phase), a mech steps into the three hexes in front and attacks into
its front arc (Movement Phase; Terminology: Field of View), kneeling shifts the accuracy die (Command
Actions: Kneeling Position), an 8 on the critical roll adds half the flat damage (Critical Hit)."""

from __future__ import annotations

import copy

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.tutorial import battle_progress, read_tutorial, tutorial_scenarios
from hexfront.engine.systems.minutemissions import SYSTEM, data
from hexfront.engine.systems.minutemissions import commands as C
from hexfront.engine.systems.minutemissions import events as E

LEARNER = "meridian"


def _tutorial_battle() -> Battle:
    return Battle.new("minutemissions", "tutorial", seed=1, players={LEARNER: "human", "ashen": "default"})


def _completes(battle: Battle, step, command) -> bool:
    """Whether ``command`` would complete ``step``, tried on a copy of the battle's state and dice."""
    state = SYSTEM.copy_state(battle.state)
    rng = copy.deepcopy(battle.rng)
    ctx = Resolution(SYSTEM, state, rng)
    SYSTEM.resolve(ctx, command)
    return step.met_by(SYSTEM.order_parts(battle.state, command).action, ctx.events)


def _as_the_prompts_say(battle: Battle, command) -> int:
    """Sort key putting first the orders the prompts ask for: step north-east, face east, aim at the torso."""
    u = battle.state.units["M2"]
    if type(command) is C.Move:
        return 0 if command.to == u.at.neighbour(1) else 1
    if type(command) is C.Turn:
        return 0 if command.facing == 0 else 1
    if type(command) is C.Attack:
        return 0 if (command.weapon, command.area) == ("M2.longrifle", "torso") else 1
    return 0


def _play_through(follow_prompts: bool) -> Battle:
    """The learner greedily gives, at each step, a legal order that completes it; the computer answers."""
    battle = _tutorial_battle()
    tutorial = read_tutorial(battle.setup.content)
    computer = computer_players_for(battle)
    assert set(computer) == {"ashen"}
    for _ in range(200):
        done = battle_progress(tutorial, battle).done
        if done == len(tutorial.steps) or battle.outcome() is not None:
            break
        side = battle.side_to_act()
        if side != LEARNER:
            battle.submit(computer[side].choose(SYSTEM, battle.state))
            continue
        step = tutorial.steps[done]
        legal = battle.legal_commands()
        if follow_prompts:
            legal.sort(key=lambda c: _as_the_prompts_say(battle, c))
        chosen = next((c for c in legal if _completes(battle, step, c)), None)
        assert chosen is not None, f"no legal order completes step {done + 1}: {step.prompt}"
        battle.submit(chosen)
        assert battle_progress(tutorial, battle).done == done + 1
    assert battle_progress(tutorial, battle).finished
    return battle


def test_the_tutorial_is_a_scenario_of_its_own_with_a_script_and_steps():
    assert "tutorial" in SYSTEM.scenario_names() and tutorial_scenarios(SYSTEM) == ["tutorial"]
    battle = _tutorial_battle()
    tutorial = read_tutorial(battle.setup.content)
    assert tutorial.side == LEARNER and tutorial.intro and tutorial.finish and len(tutorial.steps) >= 6
    assert battle.setup.script is not None and battle.setup.script.dice[:2] == (8, 1)
    assert battle.state.first == LEARNER  # the scripted roll-off: 8 against 1
    assert len(battle.state.units) == 2


def test_following_the_prompts_teaches_ap_facing_the_die_shift_and_the_critical():
    battle = _play_through(follow_prompts=True)
    events = battle.all_events()
    # action points: base 3 + the scripted d8, rolled afresh each activation
    pools = [(e.unit, e.roll, e.ap) for e in events if type(e) is E.UnitActivated]
    assert pools[0] == ("M2", 6, 9) and ("M2", 4, 7) in pools and pools[1][0] == "A2"
    # facing: the Longbow had no shot until it turned east; the Lancer, its back to it, turned to answer
    turns = [(e.unit, e.facing) for e in events if type(e) is E.UnitTurned]
    assert turns[0] == ("M2", 0) and turns[1][0] == "A2"
    first_shot = next(i for i, e in enumerate(events) if type(e) is E.AttackMade)
    assert events.index(next(e for e in events if type(e) is E.UnitTurned and e.unit == "M2")) < first_shot
    # the die shift: a rolled 2 counts as 3 against the long rifle's 3+, and the die says why
    accuracy = next(e for e in events if type(e) is DieRolled and e.purpose.startswith("accuracy roll with Long"))
    assert accuracy.result == 2 and accuracy.scripted
    assert "+1 to the accuracy roll: kneeling (Command Actions: Kneeling Position)" in accuracy.modifiers
    judged = next(e for e in events if type(e) is E.RollJudged and e.kind == "accuracy")
    assert (judged.roll, judged.modified, judged.need, judged.success) == (2, 3, 3, True)
    # the critical: 8 damage (5 + 3) to the Lancer's torso
    crit = next(e for e in events if type(e) is E.RollJudged and e.kind == "critical")
    assert crit.roll == 8 and crit.success
    first_hit = next(e for e in events if type(e) is E.Damaged and e.unit == "A2")
    assert (first_hit.area, first_hit.amount) == ("torso", 8)
    # the Lancer's answer missed, and the Longbow's two shots of round 2 wreck it
    assert battle.outcome() is not None and battle.outcome().winner == LEARNER
    assert all(e.scripted for e in events if type(e) is DieRolled)


def test_any_orders_that_complete_the_steps_finish_the_tutorial():
    """The learner need not pick the very hex or area the prompts suggest: the steps still complete."""
    battle = _play_through(follow_prompts=False)
    assert any(type(e) is E.RollJudged and e.kind == "critical" and e.success for e in battle.all_events())


@pytest.mark.parametrize("change, message", [
    (lambda s: s.update(tutorial={"side": "meridian", "steps": []}), "at least one [[tutorial.steps]]"),
    (lambda s: s["tutorial"].update(side="nobody"), "side 'nobody' is not one of the scenario's sides"),
    (lambda s: s["tutorial"]["steps"][0].pop("action"),
     "table [tutorial.steps#1]: needs an action, a rule or an event"),
    (lambda s: s["tutorial"]["steps"][1].update(colour="red"), "table [tutorial.steps#2]: unknown key 'colour'"),
    (lambda s: s.update(script={"dice": [3, 9]}), "dice are whole numbers from 1 to 8"),
    (lambda s: s.update(script={"dice": [3], "cards": {"x": ["a"]}}), "draws no cards"),
])
def test_a_malformed_tutorial_or_script_is_one_line_naming_the_file(change, message):
    content = SYSTEM.load_content("tutorial")
    change(content["scenario"])
    with pytest.raises(ContentError) as err:
        data.Tables.from_content(content)
    text = str(err.value)
    assert text.startswith("scenarios/tutorial.toml: ") and message in text and "\n" not in text
