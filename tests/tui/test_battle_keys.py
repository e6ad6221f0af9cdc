"""The battle screen's keys as a new player meets them (issue 21): Esc never leaves a battle, leaving asks and
says where the battle is kept, and after a panel closes the keys act on the battle again."""

from __future__ import annotations

import pytest

from engine.core.battle import Battle
from engine.core.saves import load_battle
from engine.systems.minutemissions import commands as C
from tui.app import HexfrontApp
from tui.orders import ACTION, BROWSE, CONFIRM, TARGET
from tui.screens.battle import BattleScreen
from tui.screens.confirm import Question
from tui.screens.explain import ExplainScreen
from tui.screens.title import NewBattleScreen, TitleScreen
from tui.session import Session, autosave_path

from tuikit import playtest, screen_text, settle

SIZES = [(80, 24), (120, 40)]


def make_app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


async def new_battle(pilot) -> BattleScreen:
    """From the menu: n, a second player at this keyboard (so nothing moves by itself), Enter."""
    await pilot.press("n", "down", "down", "down", "right", "right", "enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, BattleScreen)
    return pilot.app.screen


@pytest.mark.parametrize("size", SIZES)
@playtest
async def test_escape_backs_out_one_level_and_stops_at_the_choice_of_piece(size, saves):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await new_battle(pilot)
        await pilot.press("tab", "1")
        assert screen.editor.level in (TARGET, CONFIRM)
        await pilot.press("escape")
        assert screen.editor.level == ACTION
        await pilot.press("escape")
        assert screen.editor.level == BROWSE
        for _ in range(3):  # Esc after Esc: still in the battle, and told how to leave
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
        text = " ".join(screen_text(app).split())
        assert "q leaves the battle (it is kept)" in text
        assert "Esc or any order goes on" not in text


@pytest.mark.parametrize("size", SIZES)
@playtest
async def test_leaving_asks_first_and_says_where_the_battle_is_kept(size, saves):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await new_battle(pilot)
        await pilot.press("tab", "1")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Question)
        text = screen_text(app)
        assert "Leave this battle?" in text
        assert "autosave.json" in " ".join(text.split()) and "Continue" in text
        await pilot.press("escape")  # Esc answers no: still in the battle, the order half-built as it was
        await pilot.pause()
        assert app.screen is screen and screen.editor.level in (TARGET, CONFIRM)
        await pilot.press("q", "n")
        await pilot.pause()
        assert app.screen is screen
        state = screen.session.battle.state_hash()
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")  # Continue brings it back as it was
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.session.battle.state_hash() == state


@playtest
async def test_a_new_battle_says_where_the_unfinished_one_is_kept(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot)
        await pilot.press("full_stop", "enter")  # one order: an unfinished battle on the autosave
        await pilot.pause()
        assert screen.session.battle.log
        await pilot.press("q", "y")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewBattleScreen)
        kept = app.screen.kept_as
        assert kept is not None and kept.name.startswith("unfinished-")
        text = " ".join(screen_text(app).split())
        assert f"Your unfinished battle is kept as {kept.name}" in text
        await pilot.press("enter")
        await settle(pilot)
        assert kept.is_file() and autosave_path().is_file()
        # the kept file is the old battle, the autosave the new one
        assert len(load_battle(kept).log) == 1
        assert load_battle(autosave_path()).log == app.screen.session.battle.log


def mission_after_activation() -> Session:
    """30 Minute Missions, two players here: both sides deploy, then the first unit is activated (its AP pool
    is rolled: the dice log has an entry)."""
    b = Battle.new("minutemissions", "ridge", seed=0)
    players = {side: "human" for side in b.system.sides(b.state)}
    session = Session.new("minutemissions", "ridge", players=players, seed=3)
    battle = session.battle
    while places := [c for c in battle.legal_commands() if isinstance(c, C.Place)]:
        battle.submit(places[len(places) // 2])
    battle.submit(next(c for c in battle.legal_commands() if isinstance(c, C.Activate)))
    return session


@playtest
async def test_after_the_dice_log_explains_a_roll_the_keys_give_orders_again(saves):
    """30 Minute Missions: d, Enter (why this roll), Esc, then a digit and Enter give the order, rather than
    reopening the explanation."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_session(mission_after_activation())
        await settle(pilot)
        screen = app.screen
        await pilot.press("tab")
        assert screen.editor.level == ACTION
        menu = screen.editor.menu()
        assert "End turn" in menu, menu
        digit = str(menu.index("End turn") + 1)
        await pilot.press("d", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ExplainScreen) and "Why this roll or card" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.focused is screen.query_one("#map")
        n = len(screen.session.battle.log)
        await pilot.press(digit)
        assert screen.editor.level == CONFIRM and screen.editor.action == "End turn"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen, "the explanation came back instead of the order being given"
        assert len(screen.session.battle.log) == n + 1
        assert isinstance(screen.session.battle.log[-1], C.EndTurn)
