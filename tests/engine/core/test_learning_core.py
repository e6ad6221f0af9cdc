"""The engine side of learning (issue 10): help sections and rule references, tutorials, luck, the teach switch."""

from __future__ import annotations

import json

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.luck import order_luck
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.engine.core.tutorial import TutorialStep, read_tutorial
from hexfront.engine.core.view import Chance, OrderPreview, find_section, read_help

HELP = """intro text is dropped
## Rule 7 - Checks and Saves
Roll under the stat.
<!-- refs: Criticals; Saving throws -->
### Rule 7.3 - Advantage
Roll two, keep the better.
## Firing
Shots and cards.
"""


def test_help_sections_keep_the_books_levels_and_hidden_references():
    sections = read_help(HELP)
    assert [(s.title, s.level) for s in sections] == [
        ("Rule 7 - Checks and Saves", 2), ("Rule 7.3 - Advantage", 3), ("Firing", 2)]
    assert sections[0].refs == ("Criticals", "Saving throws")
    assert "refs" not in sections[0].text and sections[0].text == "Roll under the stat."


@pytest.mark.parametrize("rule, title", [
    ("Rule 7", "Rule 7 - Checks and Saves"),
    ("Rule 7.2", "Rule 7 - Checks and Saves"),
    ("Rule 7.3 - Advantage", "Rule 7.3 - Advantage"),  # the sub-section beats its section
    ("Rule 7.3", "Rule 7.3 - Advantage"),
    ("Firing 5", "Firing"),
    ("firing: spare shots", "Firing"),
    ("Criticals", "Rule 7 - Checks and Saves"),
])
def test_a_rule_reference_finds_its_section(rule, title):
    sections = read_help(HELP)
    assert sections[find_section(sections, rule)].title == title


@pytest.mark.parametrize("rule", ["Rule 70", "Fire", "", "Morale"])
def test_a_reference_to_no_section_finds_none(rule):
    assert find_section(read_help(HELP), rule) is None


def tutorial_content(**table):
    return {"scenario": {"tutorial": table}}


def test_a_tutorial_table_is_read_and_checked():
    tut = read_tutorial(tutorial_content(side="red", intro="hi", finish="bye",
                                         steps=[{"prompt": "move", "action": "Move"},
                                                {"prompt": "roll", "rule": "Die Shifts", "event": "DieRolled"}]))
    assert tut.side == "red" and [s.prompt for s in tut.steps] == ["move", "roll"]
    assert read_tutorial({"scenario": {}}) is None


@pytest.mark.parametrize("table, says", [
    ({"side": "red", "steps": []}, "at least one"),
    ({"side": "red", "steps": [{"action": "Move"}]}, "table [tutorial.steps#1]: missing key 'prompt'"),
    ({"side": "red", "steps": [{"prompt": "p"}]}, "an action, a rule or an event"),
    ({"side": "red", "steps": [{"prompt": "p", "action": "Move", "colour": "x"}]}, "unknown key 'colour'"),
    ({"steps": [{"prompt": "p", "action": "Move"}]}, "table [tutorial]: missing key 'side'"),
])
def test_a_malformed_tutorial_is_one_clear_line(table, says):
    with pytest.raises(ContentError) as err:
        read_tutorial(tutorial_content(**table))
    assert says in err.value.message and "\n" not in err.value.message


def test_a_step_is_met_by_its_action_its_event_class_and_its_rule_together():
    die = DieRolled(sides=8, result=3, purpose="target die", rule="Die Shifts 2")
    step = TutorialStep("shoot", action="Shoot", rule="die shifts", event="DieRolled")
    assert step.met_by("shoot", [die])
    assert not step.met_by("Move", [die])
    assert not step.met_by("Shoot", [])
    assert not TutorialStep("x", rule="Morale").met_by("Shoot", [die])


def test_order_luck_ranks_the_outcome_among_the_chances():
    preview = OrderPreview("fire", odds=(Chance("miss", 0.5, 0), Chance("one down", 0.3, 1),
                                         Chance("two down", 0.2, 2)), value_unit="casualties")
    value, expected, rank = order_luck(preview, "one down")
    assert value == 1 and expected == pytest.approx(0.7)
    assert rank == pytest.approx(0.5 + 0.3 / 2)  # worse than it: the miss; half of its own chance
    assert order_luck(preview, "two down")[2] == pytest.approx(0.9)
    assert order_luck(preview, "miss")[2] == pytest.approx(0.25)
    assert order_luck(OrderPreview("move"), "miss") is None


def test_the_teach_switch_is_kept_in_the_save_and_an_older_save_without_it_loads(tmp_path):
    battle = Battle.new("ratfight", "ditch", seed=1)
    battle.setup.teach = True
    path = save_battle(battle, tmp_path / "a.json")
    assert load_battle(path).setup.teach is True
    raw = json.loads(path.read_text())
    del raw["teach"]
    path.write_text(json.dumps(raw))
    assert load_battle(path).setup.teach is False


@pytest.mark.parametrize("script, dice, decks, says", [
    ({"dice": [1, 9]}, (1, 8), None, "whole numbers from 1 to 8"),
    ({"dice": [1, "2"]}, (1, 8), None, "key 'dice item 2' must be a whole number, found text"),
    ({"dice": [1]}, None, {"action": {"a"}}, "Game has no dice"),
    ({"cards": {"action": ["a"]}}, (1, 6), None, "Game draws no cards"),
    ({"cards": {"other": ["a"]}}, None, {"action": {"a"}}, "names deck 'other'"),
    ({"cards": {"action": ["b"]}}, None, {"action": {"a"}}, "cards it does not hold: b"),
    ({"cards": {"action": "a"}}, None, {"action": {"a"}}, "key 'action' must be a list, found text"),
    ({"dice": [1], "colour": 1}, (1, 6), None, "unknown key 'colour'"),
    ("dice", (1, 6), None, "must be a table"),
])
def test_a_lesson_script_is_checked_against_the_games_dice_and_decks(script, dice, decks, says):
    from hexfront.engine.core.tutorial import check_lesson

    with pytest.raises(ContentError) as err:
        check_lesson({"scenario": {"script": script}}, ["red"], game="Game", dice=dice, decks=decks)
    assert says in err.value.message and "\n" not in err.value.message


def test_a_lesson_that_fits_the_game_passes_and_its_learner_must_be_a_side():
    from hexfront.engine.core.tutorial import check_lesson

    good = {"scenario": {"script": {"dice": [1, 6], "cards": {"action": ["a"]}},
                         "tutorial": {"side": "red", "steps": [{"prompt": "p", "action": "Move"}]}}}
    check_lesson(good, ["red", "blue"], game="Game", dice=(1, 6), decks={"action": {"a", "b"}})
    with pytest.raises(ContentError) as err:
        check_lesson(good, ["blue"], game="Game", dice=(1, 6), decks={"action": {"a"}})
    assert "side 'red' is not one of the scenario's sides (blue)" in err.value.message
