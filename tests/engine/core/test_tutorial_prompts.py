"""Tutorial prompts (issue 21): reflowed from the TOML, naming orders by their words, noticing a stray order."""

from __future__ import annotations

import re

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.system import all_systems
from hexfront.engine.core.tutorial import battle_progress, read_tutorial, reflow, tutorial_scenarios

TUTORIALS = [(sid, name) for sid, s in all_systems().items() for name in tutorial_scenarios(s)]


def test_reflow_joins_wrapped_lines_and_keeps_paragraphs():
    assert reflow("\nPut the cursor (arrow keys or y u h\nl b n) on it.\n") == \
        "Put the cursor (arrow keys or y u h l b n) on it."
    assert reflow("One.\n  \nTwo,\n   three.") == "One.\n\nTwo, three."
    assert reflow("") == ""


@pytest.mark.parametrize("system_id, scenario", TUTORIALS)
def test_every_prompt_names_its_order_in_words_and_no_number_key(system_id, scenario):
    """A step that asks for an action says "pick <action>" as the Orders pane spells it; no prompt says
    "press 2" (the numbers shift with what else a piece may do) or breaks a line inside a paragraph."""
    tutorial = read_tutorial(all_systems()[system_id].load_content(scenario))
    for n, step in enumerate(tutorial.steps, start=1):
        if step.action:
            assert re.search(rf"\b[Pp]ick {re.escape(step.action)}(?!\w)", step.prompt), (n, step.action)
        assert not re.search(r"\b[Pp]ress \d\b|\b\d for [A-Z]", step.prompt), n
        assert "\n" not in step.prompt, n
    assert "\n" not in tutorial.intro.replace("\n\n", "") and "\n" not in tutorial.finish.replace("\n\n", "")


def new_disrupter_tutorial() -> Battle:
    return Battle.new("disrupter", "tutorial", seed=1, players={"red": "human", "blue": "default"})


def test_an_order_the_step_did_not_ask_for_is_named_until_it_is_taken_back():
    """Step 1 asks the CO to Move; Follow orders was open too. Giving it is a stray the progress names; undo
    takes it back and the stray goes; the step's own order clears it as well."""
    b = new_disrupter_tutorial()
    tutorial = read_tutorial(b.setup.content)
    assert battle_progress(tutorial, b).stray == ""
    legal = b.legal_commands()
    follow = next(c for c in legal if b.system.order_parts(b.state, c).action == "Follow orders")
    move = next(c for c in legal if b.system.order_parts(b.state, c).action == "Move")
    b.submit(follow)
    progress = battle_progress(tutorial, b)
    assert progress.done == 0 and progress.stray == "Follow orders"
    b.undo()
    assert battle_progress(tutorial, b).stray == ""
    b.submit(move)
    progress = battle_progress(tutorial, b)
    assert progress.done == 1 and progress.stray == ""


def test_an_order_is_no_stray_when_the_steps_order_was_not_open():
    """Dustup's last step asks for any die; a new turn's roll-off (Go first) comes first and is no stray."""
    b = Battle.new("dustup", "tutorial", seed=1)
    tutorial = read_tutorial(b.setup.content)
    assert not tutorial.steps[-1].action
    b.submit(next(c for c in b.legal_commands() if b.system.order_parts(b.state, c).action == "Go first"))
    assert battle_progress(tutorial, b).stray == ""
