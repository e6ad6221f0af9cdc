"""Dustup's tutorial battle (content/dustup/scenarios/tutorial.toml): played through its steps.

The learner (red) is played greedily: at each of its turns, among its legal orders, one that completes
the current step (tried on a copy of the battle: ``TutorialStep.met_by``); the computer (blue) answers
with the ``default`` player, seeded as the game seeds it. The scripted dice must show the key rule,
Die Shifts (Core Mechanic): the opposed roll-off, the target die shifted up one for partial
concealment (Shoot Action: Target Die), and a major success that kills.
"""

from __future__ import annotations

import copy

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.system import content_root
from hexfront.engine.core.tutorial import battle_progress, read_tutorial, tutorial_scenarios
from hexfront.engine.systems.dustup import SYSTEM, data, fire
from hexfront.engine.systems.dustup import events as E

PLAYERS = {"red": "human", "blue": "default"}


def _new() -> Battle:
    return Battle.new("dustup", "tutorial", seed=1, players=PLAYERS)


def _meets(b: Battle, step, cmd) -> bool:
    trial = copy.deepcopy(b)
    action = SYSTEM.order_parts(trial.state, cmd).action
    events = trial.submit(cmd)
    return step.met_by(action, events)


def play_tutorial(max_orders: int = 200) -> tuple[Battle, list]:
    b = _new()
    tutorial = read_tutorial(b.setup.content)
    computer = computer_players_for(b)
    learner_events = []
    for _ in range(max_orders):
        progress = battle_progress(tutorial, b)
        if progress.finished or SYSTEM.outcome(b.state) is not None:
            break
        side = SYSTEM.side_to_act(b.state)
        if side != tutorial.side:
            b.submit(computer[side].choose(SYSTEM, b.state))
            continue
        step = tutorial.steps[progress.done]
        legal = SYSTEM.legal_commands(b.state)
        chosen = next((c for c in legal if _meets(b, step, c)), None)
        if chosen is None:
            # between steps the learner may only be asked who goes first (the turn's roll-off): go first
            asks = {SYSTEM.order_parts(b.state, c).action: c for c in legal}
            chosen = asks.get("Go first")
        assert chosen is not None, f"no legal order completes step {progress.done + 1}: {step.prompt[:60]}"
        learner_events.append(b.submit(chosen))
    return b, learner_events


def test_the_tutorial_is_one_of_the_scenarios_and_reads_back():
    assert "tutorial" in SYSTEM.scenario_names()
    assert "tutorial" in tutorial_scenarios(SYSTEM)
    content = SYSTEM.load_content("tutorial")
    tutorial = read_tutorial(content)
    assert tutorial.side == "red" and len(tutorial.steps) == 4
    assert [s.action for s in tutorial.steps[:3]] == ["Go first", "Move", "Shoot"]
    assert SYSTEM.scenario_script(content).dice[:2] == (4, 1)


def test_the_tutorial_plays_through_to_its_finish_and_shows_the_die_shifts():
    b, learner = play_tutorial()
    tutorial = read_tutorial(b.setup.content)
    assert battle_progress(tutorial, b).finished
    dice = [e for e in b.setup_events if isinstance(e, DieRolled)]
    # the opposed roll-off: red 4 against blue 1, scripted
    assert [(d.sides, d.result, d.scripted) for d in dice[:2]] == [(8, 4, True), (8, 1, True)]
    # the move: a scripted 4 on the D6 movement die, into the rough ground
    move = learner[1]
    assert any(isinstance(e, DieRolled) and e.sides == 6 and e.result == 4 for e in move)
    # the shot: the target die shifted up one to a D10 for the scrub, by name
    shot = learner[2]
    target = next(e for e in shot if isinstance(e, DieRolled) and e.rule == fire.RULE_TARGET)
    assert (target.sides, target.result, target.scripted) == (10, 2, True)
    assert target.modifiers == ("target die D8 shifted up one: partial concealment (Shoot Action: Target Die)",)
    # three of Alpha's dice beat the 2: a major success, 11 / 10 = one hit, and it kills
    assert any(isinstance(e, E.Note) and "major success" in e.text for e in shot)
    assert any(isinstance(e, E.FigureChanged) and e.unit == "d" and e.status == "killed" for e in shot)
    # the luck report reads that shot back as one of the odds shown before it
    from hexfront.engine.core.luck import battle_luck

    luck = battle_luck(b)["red"]
    assert luck.orders >= 2 and "hits" in luck.tallies and luck.tallies["hits"].rolled >= 1


def test_a_malformed_tutorial_or_script_is_a_one_line_content_error(tmp_path):
    base = content_root() / "dustup"
    text = (base / "scenarios" / "tutorial.toml").read_text()
    bad = {
        "steps": text.replace('action = "Go first"', 'action = "Go first"\ncolour = "red"'),
        "side": text.replace('side = "red"', 'side = "green"'),
        "script": text.replace("dice = [4, 1, 4", 'dice = ["four", 1, 4'),
    }
    for name, body in bad.items():
        folder = tmp_path / name
        (folder / "scenarios").mkdir(parents=True)
        for f in base.glob("*.toml"):
            (folder / f.name).write_text(f.read_text())
        (folder / "scenarios" / "tutorial.toml").write_text(body)
        with pytest.raises(ContentError) as err:
            data.load_content(folder, "tutorial")
        assert "\n" not in str(err.value), str(err.value)
