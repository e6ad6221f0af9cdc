"""Every system's tutorial, played to its end from the menu with the keyboard alone (issue 10).

The learner's orders are the ones each step asks for: among the legal orders, the first that completes
the step when tried on a copy of the battle (the engine tests of each tutorial walk it the same way).
Each is then given by keys (Tab, digits, the cursor, Enter). Teach is on in tutorials: every die and
card pauses, and the test steps through the first dozen pauses with Space, then skips each order's
pauses with Esc.
"""

from __future__ import annotations

import copy

import pytest
from tuikit import order_by_keys, playtest, screen_text

from engine.core.system import all_systems
from engine.core.tutorial import battle_progress, tutorial_scenarios
from tui.app import HexfrontApp
from tui.screens.battle import BattleScreen
from tui.screens.teach import TeachScreen
from tui.screens.tutorial import TutorialListScreen, TutorialMessage, tutorial_list

SYSTEMS = list(all_systems())


def learner_order(battle, step):
    """The first legal order that completes ``step`` (tried on a copy); else the first order of the side as a
    whole that is not a pass (a roll-off, a card to turn), else the first legal order."""
    system = battle.system
    legal = battle.legal_commands()
    for command in legal:
        trial = copy.deepcopy(battle)
        action = system.order_parts(trial.state, command).action
        if step.met_by(action, trial.submit(command)):
            return command
    side_level = [c for c in legal if system.order_parts(battle.state, c).unit is None
                  and system.order_parts(battle.state, c).action.lower() != "pass"]
    return (side_level or legal)[0]


async def next_calm(pilot, spaces: list[int]) -> None:
    """Let the computer act, stepping through every teach pause with Space, until the learner is to act
    (or a tutorial message is up)."""
    app = pilot.app
    for _ in range(2000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, TeachScreen):
            # Space through the pauses of the first orders; after that Esc skips an order's pauses at once
            await pilot.press("space" if spaces[0] < 12 else "escape")
            spaces[0] += 1
            continue
        if isinstance(screen, TutorialMessage):
            return
        if isinstance(screen, BattleScreen) and (screen.human_to_act() or screen.session.battle.outcome()):
            if not screen._teaching and not screen._thinking:
                return
    raise AssertionError("the battle never came back to the learner")


@pytest.mark.parametrize("system_id", SYSTEMS)
@playtest
async def test_the_tutorial_runs_to_its_end_by_keyboard(system_id, saves):
    if not tutorial_scenarios(all_systems()[system_id]):
        pytest.skip(f"{system_id} has no tutorial (no scenario file with a [tutorial] table), so none to play")
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TutorialListScreen)
        index = [sid for sid, _, _ in tutorial_list()].index(system_id)
        await pilot.press(*["down"] * index, "enter")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, TutorialMessage):
                break
        assert isinstance(app.screen, TutorialMessage), "the tutorial opens with its introduction"
        battle_screen = app.screen_stack[-2]
        assert isinstance(battle_screen, BattleScreen)
        battle = battle_screen.session.battle
        tutorial = battle_screen.tutorial
        assert battle.setup.teach and battle.setup.seed == 1
        assert tutorial.intro.split()[0] in screen_text(app)
        await pilot.press("enter")
        spaces = [0]
        for _ in range(120):
            await next_calm(pilot, spaces)
            if isinstance(app.screen, TutorialMessage):
                break
            progress = battle_progress(tutorial, battle)
            step = tutorial.steps[progress.done]
            assert step.prompt.split()[0] in screen_text(app) or progress.done > 0, "the step's prompt is shown"
            await order_by_keys(pilot, app.screen, learner_order(battle, step))
        assert isinstance(app.screen, TutorialMessage) and app.screen.done, "the tutorial ends with its message"
        assert battle_progress(tutorial, battle).finished
        assert spaces[0] > 0, "teach paused at the dice or cards"
        await pilot.press("m")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"
