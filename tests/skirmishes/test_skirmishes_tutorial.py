"""The Skirmishes tutorial (content/skirmishes/scenarios/tutorial.toml): a learner plays it through its steps and
sees the key rule, Attacks and Damage, come out as the lesson sets it: 2d6 + skill to hit, the lower die for the
location, armour by location stopping a hit (and costing the wearer a round), the higher die for the damage.

The learner (Blue, the ambushers) is played greedily: at each step, among Blue's legal orders, one that
completes the step (tried first on a copy of the battle); Red is the ``default`` computer player, seeded as
the game seeds it. The battle is created as the game creates a tutorial: seed 1, the scenario's script.
"""

from __future__ import annotations

import copy

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.luck import battle_luck
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.resolution import Randomizer, Resolution
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.core.tutorial import battle_progress, read_tutorial, tutorial_scenarios
from hexfront.engine.systems.skirmishes import data
from hexfront.engine.systems.skirmishes import events as E

SYSTEM = get_system("skirmishes")


def _try(b: Battle, cmd) -> list:
    """The events ``cmd`` would cause now, resolved on a copy of the battle's state and dice."""
    work = b.system.copy_state(b.state)
    rng = Randomizer(b.setup.seed, b.setup.script)
    rng.restore(b.rng.snapshot())
    ctx = Resolution(b.system, work, rng)
    b.system.resolve(ctx, cmd)
    return ctx.events


def play(pick: int) -> Battle:
    """The tutorial played through: ``pick`` 0 takes the first order that completes each step, -1 the last
    (another hex to run to, the burst instead of the single shot)."""
    b = Battle.new("skirmishes", "tutorial", seed=1, players={"red": "default", "blue": "human"})
    tutorial = read_tutorial(b.setup.content)
    assert tutorial is not None
    computers = computer_players_for(b)
    assert set(computers) == {"red"}
    for _ in range(100):
        if b.outcome() is not None:
            break
        side = b.side_to_act()
        assert side is not None  # the battle is not over
        if side != tutorial.side:
            b.submit(computers[side].choose(b.system, b.state))
            continue
        progress = battle_progress(tutorial, b)
        assert not progress.finished, "the lesson is over but the battle is not"
        step = tutorial.steps[progress.done]
        fits = [c for c in b.legal_commands()
                if step.met_by(b.system.order_parts(b.state, c).action, _try(b, c))]
        assert fits, f"nothing completes step {progress.done + 1}: {step.prompt}"
        b.submit(fits[pick])
    return b


def test_it_is_a_scenario_and_a_tutorial():
    assert "tutorial" in SYSTEM.scenario_names() and tutorial_scenarios(SYSTEM) == ["tutorial"]
    content = SYSTEM.load_content("tutorial")
    tutorial = read_tutorial(content)
    assert tutorial is not None and tutorial.side == "blue" and len(tutorial.steps) == 4
    assert [s.action for s in tutorial.steps] == ["Run", "Shoot", "Shoot", "Shoot"]
    assert content["scenario"]["script"]["dice"] == [4, 5, 6, 1, 6, 2, 6, 1, 5, 3]
    # the prompts name the keys that do each step
    assert "Tab" in tutorial.steps[0].prompt and "Enter" in tutorial.steps[0].prompt
    assert "arrow keys" in tutorial.steps[0].prompt and "odds" in tutorial.steps[1].prompt
    assert "teach" in tutorial.intro and "press d" in tutorial.intro


@pytest.mark.parametrize("pick", [0, -1])
def test_the_lesson_plays_through_and_shows_the_key_rule(pick):
    """Attacks and Damage, as the tutorial's script sets it, whichever hex the learner runs to and whether
    the shots are single or bursts:

    - round 1 (the surprise round): advantage (surprise, a target standing in the open) and disadvantage
      (a shot after a run) cancel to 2d6; 5 and 4 + Shooting 2 hit; the lower die, 4, is the torso, where the
      vest stops the bullet, and the sentry forfeits round 2;
    - round 2: advantage, 3d6 keep the two highest: 6 and 6, the head, where the helmet stops it (its last
      stop), and the sentry forfeits round 3;
    - round 3: 6 and 2 kept: the leg, 6 damage or more: the leg is destroyed (the coin: left) and the sentry
      is out of combat, so Blue wins.
    """
    b = play(pick)
    tutorial = read_tutorial(b.setup.content)
    assert tutorial is not None and battle_progress(tutorial, b).finished
    outcome = b.outcome()
    assert outcome is not None and outcome.winner == "blue"
    events = b.all_events()
    rolls = [e for e in events if type(e) is E.SkillRolled and e.character == "B1"]
    assert [(r.mode, r.kept, r.success) for r in rolls] == [
        ("normal", (5, 4), True), ("advantage", (6, 6), True), ("advantage", (6, 2), True)]
    assert "ambush surprise round" in rolls[0].for_reasons and rolls[0].against_reasons == ("shooting after moving",)
    hits = [e for e in events if type(e) is E.HitScored]
    assert [h.location for h in hits] == ["torso", "head", "leg"] and hits[2].damage >= 6
    stops = [e for e in events if type(e) is E.ArmourStopped]
    assert [(s.location, s.left, s.lose_turn) for s in stops] == [("torso", 1, 2), ("head", 0, 3)]
    assert [e.character for e in events if type(e) is E.OrderForced] == ["R1", "R1"]
    assert [e.limb for e in events if type(e) is E.LimbDestroyed] == ["left leg"]
    assert [e.character for e in events if type(e) is E.OutOfCombat] == ["R1"]
    # every die of the lesson came from the script, and the learner's name their modifiers
    dice = [e for e in events if type(e) is DieRolled]
    assert len(dice) == 10 and all(d.scripted for d in dice)
    assert "advantage, 3d6 keep the two highest: stationary target in the open (Cover and Movement)" in \
        dice[2].modifiers
    # the three shots set their rounds off, so the luck report counts them, as the preview named them
    luck = battle_luck(b)
    assert luck["blue"].orders == 3


def test_a_malformed_tutorial_or_script_is_a_one_line_content_error():
    base = data.load_content(content_root() / "skirmishes", "tutorial")
    assert "tutorial" in base["scenario"] and "script" in base["scenario"]
    faults = [
        (lambda s: s["tutorial"].update(side="green"), "side 'green'"),
        (lambda s: s["tutorial"].update(steps=[]), "at least one"),
        (lambda s: s["tutorial"]["steps"][0].pop("action"), "needs an action"),
        (lambda s: s["tutorial"]["steps"][1].update(when="now"), "table [tutorial.steps#2]: unknown key 'when'"),
        (lambda s: s.update(tutorial="yes"), "must be a table"),
        (lambda s: s["script"].update(dice=[4, "five"]), "key 'dice item 2' must be a whole number"),
        (lambda s: s["script"].update(dice=[4, 0]), "whole numbers"),
        (lambda s: s["script"].update(cards={"deck": ["a"]}), "no cards"),
    ]
    for damage, message in faults:
        content = copy.deepcopy(base)
        damage(content["scenario"])
        with pytest.raises(ContentError) as err:
            data.Tables.from_content(content)
        assert message in err.value.message and "\n" not in err.value.message, err.value.message
