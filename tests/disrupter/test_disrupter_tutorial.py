"""The Disrupter tutorial (content/disrupter/scenarios/tutorial.toml): its scripted dice teach Rule 7 - Checks and
Saves (a d100 under the stat succeeds; doubles are criticals) and Rule 8 - Stress and Panic (a critical success
takes 1 stress off the roller's platoon, a critical failure adds 1); and the loader's checks of [script] and
[tutorial].

The learner (Red, at the keyboard) is played greedily: at each of its moments, every legal order is tried on a
copy of the battle (state copy, random source restored) and the first that completes the step at hand is given;
with none, the learner passes. Blue is the ``default`` computer player seeded as the TUI seeds it.
"""

from __future__ import annotations

import copy

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.players import RandomPlayer, computer_players_for
from hexfront.engine.core.resolution import Randomizer, Resolution
from hexfront.engine.core.system import content_root
from hexfront.engine.core.tutorial import battle_progress, read_tutorial, tutorial_scenarios
from hexfront.engine.systems.disrupter import SYSTEM, data
from hexfront.engine.systems.disrupter import commands as C
from hexfront.engine.systems.disrupter import events as E
from hexfront.tui.orders import OrderBook


def new_tutorial() -> Battle:
    return Battle.new("disrupter", "tutorial", seed=1, players={"red": "human", "blue": "default"})


def try_on_copy(b: Battle, command) -> list:
    """The events ``command`` would cause now, resolved on a copy of the state with a copy of the dice."""
    rng = Randomizer(b.setup.seed, b.setup.script)
    rng.restore(b.rng.snapshot())
    ctx = Resolution(SYSTEM, SYSTEM.copy_state(b.state), rng)
    SYSTEM.resolve(ctx, command)
    return ctx.events


def play_tutorial(max_orders: int = 400) -> tuple[Battle, list[tuple[int, object, list, list[str]]]]:
    """Play the steps through greedily; returns the battle and, per step done, (step number, order, events, the
    actions the Orders pane lists for the order's piece at that moment, in the pane's order)."""
    b = new_tutorial()
    tutorial = read_tutorial(b.setup.content)
    computer = computer_players_for(b)
    done: list[tuple[int, object, list]] = []
    for _ in range(max_orders):
        progress = battle_progress(tutorial, b)
        if progress.finished or b.outcome() is not None:
            break
        side = b.side_to_act()
        if side != tutorial.side:
            b.submit(computer[side].choose(SYSTEM, b.state))
            continue
        step = tutorial.steps[progress.done]
        chosen = None
        for command in b.legal_commands():
            if step.met_by(SYSTEM.order_parts(b.state, command).action, try_on_copy(b, command)):
                chosen = command
                break
        menu = []
        if chosen is not None:
            menu = OrderBook(SYSTEM, b.state, b.legal_commands()).actions(SYSTEM.order_parts(b.state, chosen).unit)
        events = b.submit(chosen if chosen is not None else C.EndPhase(side))
        if chosen is not None:
            done.append((progress.done + 1, chosen, events, menu))
    return b, done


@pytest.fixture(scope="module")
def played():
    return play_tutorial()


def test_the_tutorial_is_a_scenario_and_a_tutorial():
    assert "tutorial" in SYSTEM.scenario_names()
    assert tutorial_scenarios(SYSTEM) == ["tutorial"]
    b = new_tutorial()
    tutorial = read_tutorial(b.setup.content)
    assert tutorial.side == "red" and tutorial.intro and tutorial.finish and len(tutorial.steps) == 5
    assert b.setup.script is not None and b.setup.script.dice[:4] == (10, 90, 10, 10)
    # the briefing is skipped: turn 1 has begun, Red's CO is to move, and nobody is within Close of an officer
    # of his own side but the rifles beside their sergeant
    assert b.state.turn == 1 and b.state.segment == ("co", "red", "move")
    assert len(b.state.teams) == 7


def test_the_learner_finishes_every_step(played):
    b, done = played
    tutorial = read_tutorial(b.setup.content)
    assert battle_progress(tutorial, b).finished
    assert [n for n, *_ in done] == [1, 2, 3, 4, 5]
    assert [type(c) for _, c, *_ in done] == [C.Move, C.Fire, C.TakeCover, C.EndPhase, C.Fire]


def test_each_prompt_names_the_order_the_orders_pane_lists(played):
    """Each prompt says "pick <order>" with the order as the Orders pane lists it for the piece at that moment,
    and names no number key: the numbers change with what else the piece may do."""
    import re

    b, done = played
    tutorial = read_tutorial(b.setup.content)
    for n, command, _, menu in done:
        prompt = tutorial.steps[n - 1].prompt
        action = SYSTEM.order_parts(b.state, command).action
        assert action in menu and f"pick {action}" in prompt, (n, action, menu)
        assert not re.search(r"[Pp]ress \d", prompt), n


def test_every_scripted_die_was_rolled_where_the_lesson_needs_it(played):
    """The whole script is used by the end of the last step, and by the learner's shots and the setup only."""
    b, done = played
    rolled = [e for e in b.all_events() if isinstance(e, DieRolled)]
    assert [e.result for e in rolled[:8]] == list(b.setup.script.dice)
    assert all(e.scripted for e in rolled[:8])
    shots = [e.result for _, c, evs, _ in done if type(c) is C.Fire for e in evs if isinstance(e, DieRolled)]
    assert shots[:4] == [44, 77, 66, 8]


def test_the_co_rolls_a_critical_success_and_the_picket_a_critical_failure(played):
    """Rule 7: 44 is a double under Instinct 80, a critical success; 77 is a double over Armor 45, a critical
    failure. Rule 8: Red's stress goes down by 1, Blue's up by 1. Rule 16 - Firing: check success against a
    failed save: the rifle's full Wounds at Long (1)."""
    _, done = played
    events = next(evs for n, _, evs, _ in done if n == 2)
    checks = [e for e in events if isinstance(e, E.CheckMade)]
    assert [(c.kind, c.stat, c.roll, c.result) for c in checks] == [
        ("Instinct", 80, 44, "critical success"), ("Armor", 45, 77, "critical failure")]
    stress = [(e.side, e.delta) for e in events if isinstance(e, E.StressChanged)]
    assert stress == [("red", -1), ("blue", +1)]
    fire = [e for e in events if isinstance(e, E.FireResolved)]
    assert len(fire) == 1 and fire[0].effect == "full Wounds" and fire[0].wounds == 1


def test_the_rifles_cover_and_sergeant_cancel_and_66_is_a_critical_failure(played):
    """Rule 13 and Rule 9: under cover ([-]) beside their sergeant ([+]), the rifles roll one die (this game's
    reading: they cancel). Rule 7: 66 is a double at or over Instinct 60, a critical failure; Rule 8: Red's
    stress goes up by 1. Rule 16: a failed check against a successful save (8 under Armor 45) gives the rifles
    [-] on Instinct next turn."""
    _, done = played
    events = next(evs for n, _, evs, _ in done if n == 5)
    check = next(e for e in events if isinstance(e, E.CheckMade) and e.kind == "Instinct")
    assert check.adv == 0 and check.rolls == (66,) and check.result == "critical failure"
    assert "[+] officer within Close (Rule 9)" in check.modifiers and "[-] under cover (Rule 13)" in check.modifiers
    die = next(e for e in events if isinstance(e, DieRolled) and e.result == 66)
    assert "[+] and [-] cancel: one d100 (this game's reading of Rule 7)" in die.modifiers
    assert ("red", +1) in [(e.side, e.delta) for e in events if isinstance(e, E.StressChanged)]
    fire = next(e for e in events if isinstance(e, E.FireResolved))
    assert fire.save == "success" and fire.effect == "firer has [-] on Instinct next turn"


def test_the_previews_of_the_lesson_shots_show_the_outcomes_they_had(played):
    """The odds the learner reads before each shot name the outcome the scripted dice then give."""
    b, done = played
    for _n, command, events, _ in done:
        if type(command) is not C.Fire:
            continue
        before, _ = b.state_after(next(i for i, c in enumerate(b.log) if c is command))
        preview = SYSTEM.preview(before, command)
        outcome = SYSTEM.outcome_of(before, command, events)
        assert outcome in {c.outcome for c in preview.odds}, (outcome, preview.odds)
    move = done[0]
    assert type(move[1]) is C.Move and SYSTEM.outcome_of(b.state, move[1], move[2]) is None  # no odds


def broken(**changes) -> dict:
    content = data.load_content(content_root() / "disrupter", "tutorial")
    content = copy.deepcopy(content)
    for key, value in changes.items():
        content["scenario"][key] = value
    return content


@pytest.mark.parametrize("key,value,words", [
    ("script", {"dice": [10, 100]}, "whole numbers from 0 to 99"),
    ("script", {"dice": [10], "cards": {"x": ["a"]}}, "draws no cards"),
    ("tutorial", {"side": "green", "steps": [{"prompt": "p", "action": "Move"}]}, "not one of the scenario's sides"),
    ("tutorial", {"side": "red", "steps": []}, "at least one"),
    ("tutorial", {"side": "red", "steps": [{"prompt": "p"}]}, "needs an action, a rule or an event"),
    ("briefing", "no", "key .briefing. must be true or false"),
])
def test_a_malformed_script_or_tutorial_is_a_one_line_content_error(key, value, words):
    content = broken(**{key: value})
    with pytest.raises(ContentError, match=words) as refused:
        data.check_scenario_extras(content, data.Tables.from_content(content))
    assert "\n" not in str(refused.value)


def test_the_loader_keeps_script_and_tutorial_in_the_scenario():
    content = data.load_content(content_root() / "disrupter", "tutorial")
    assert content["scenario"]["script"]["dice"][:4] == [10, 90, 10, 10]
    assert content["scenario"]["tutorial"]["side"] == "red"


def test_written_orders_of_a_scenario_without_briefing_are_checked():
    """Rule 9 - Giving Orders: an advance names a place (the objective or a landmark); a hold names none."""
    content = broken()
    content["scenario"]["sides"][0]["orders"] = {"a": {"verb": "advance", "fire": "fire"}}
    with pytest.raises(ContentError, match="an advance names a place"):
        data.Tables.from_content(content)
    content["scenario"]["sides"][0]["orders"] = {"zz": {"verb": "hold"}}
    with pytest.raises(ContentError, match="not one of its squads"):
        data.Tables.from_content(content)


@pytest.mark.parametrize("learner", ["pass", "default", *[f"random{i}" for i in range(8)]])
def test_a_learner_who_leaves_the_lesson_still_plays_the_battle_out(learner):
    """The script is for the lesson's line of play; a learner who does something else (passes everything, plays
    as the computer would, or at random) still plays the tutorial to its end: no scripted die lands on a die it
    cannot be (the pickets wear medium armour, W3, so no shot of the lesson can kill while the script lasts)."""
    b = new_tutorial()
    blue = computer_players_for(b)["blue"]
    if learner == "pass":
        def red(state):
            return C.EndPhase("red")
    else:
        player = SYSTEM.computer_players()["default"](0) if learner == "default" else RandomPlayer(int(learner[6:]))

        def red(state):
            return player.choose(SYSTEM, state)
    while b.outcome() is None:
        b.submit(red(b.state) if b.side_to_act() == "red" else blue.choose(SYSTEM, b.state))
    assert b.state.turn <= b.state.tables.turn_limit
