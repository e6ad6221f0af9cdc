"""A Dustup battle in the TUI: started, played by keys through the order editor, read back from the screen."""

from __future__ import annotations

from tuikit import cursor_to, playtest, screen_text, settle

from hexfront.engine.core.events import DieRolled
from hexfront.engine.systems.dustup import commands as C
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.explain import ExplainScreen
from hexfront.tui.screens.help import HelpScreen
from hexfront.tui.session import Session
from hexfront.tui.widgets.hexmap import HexMap
from hexfront.tui.widgets.panes import DiceLog

HUMANS = {"red": "human", "blue": "human"}


def make_app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


async def open_battle(pilot, scenario: str = "meeting", players=HUMANS, seed: int = 5) -> BattleScreen:
    session = Session.new("dustup", scenario, players=dict(players), seed=seed)
    pilot.app.open_session(session)
    await settle(pilot, rounds=400)
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


async def choose_first(pilot, screen: BattleScreen) -> None:
    """The roll-off winner's question: the side-wide orders sit at the top level of the editor."""
    editor = screen.editor
    assert editor.level == BROWSE
    menu = editor.menu()
    assert "Go first" in menu and "Go second" in menu, menu
    await pilot.press(str(menu.index("Go first") + 1))
    assert editor.level == CONFIRM
    await pilot.press("enter")
    await settle(pilot)


@playtest
async def test_a_dustup_move_is_ordered_by_keys_and_shows_in_the_dice_log():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_battle(pilot)
        battle = screen.session.battle
        assert "Dustup" in screen_text(app)
        await choose_first(pilot, screen)
        side = battle.side_to_act()
        # Tab to a piece of the side to act, then the Move action
        await pilot.press("tab")
        editor = screen.editor
        assert editor.level == ACTION
        unit = editor.unit
        assert battle.state.units[unit].side == side
        menu = editor.menu()
        assert "Move" in menu, menu
        await pilot.press(str(menu.index("Move") + 1))
        assert editor.level == TARGET
        hexmap = screen.query_one("#map")
        start = battle.state.units[unit].pos
        target = max(editor.highlight_targets(), key=lambda h: (abs(h.r - start.r), h.q, h.r))
        await cursor_to(pilot, hexmap, target)
        await pilot.press("enter")
        if editor.level == VARIANT:
            await pilot.press("1")
        assert editor.level == CONFIRM, screen.message
        order = editor.chosen.command
        assert isinstance(order, C.Move) and order.to == target
        # the preview shows the movement die and the chance to get there
        text = screen_text(app)
        assert "movement die" in text and "reaches" in text, text
        before = len(battle.log)
        await pilot.press("enter")
        await settle(pilot)
        assert len(battle.log) == before + 1 and battle.log[-1] == order
        rolled = [e for e in battle.events[-1] if isinstance(e, DieRolled)]
        assert rolled and "movement die" in rolled[0].purpose
        log = screen.query_one(DiceLog)
        newest = [e.text for e in log.entries[-4:]]
        line = f"D{rolled[0].sides} rolled {rolled[0].result}: {rolled[0].purpose}"
        assert line in newest, newest
        assert any(t.startswith(battle.state.units[unit].name) and " moves " in t for t in newest) or \
            battle.state.units[unit].pos == start, newest
        # the dice log pane shows the newest line; d, then Down to the roll, e explains it
        assert newest[-1][:20] in screen_text(app)
        await pilot.press("d")
        log_lines = [e.text for e in reversed(log.entries)]
        for _ in range(log_lines.index(line)):
            await pilot.press("down")
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExplainScreen)
        shown = screen_text(app)
        assert f"rolled {rolled[0].result}" in shown and "Move Action" in shown, shown
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        # the legend explains Dustup's marks, not another system's
        legend = screen.legend().plain  # the whole legend, as L shows it
        assert "suppression" in legend and "Down" not in legend


@playtest
async def test_dustup_in_80_by_24_survives_every_pane_and_key():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_battle(pilot, "held", seed=3)
        battle = screen.session.battle
        await choose_first(pilot, screen)
        # hidden defenders are drawn as markers, never as themselves
        hidden = {u.id for u in battle.state.units.values() if u.hidden}
        assert hidden and not hidden & {p.id for p in screen.board.pieces}
        given = 0
        for _ in range(8):
            await settle(pilot)
            if battle.outcome() is not None:
                break
            await pilot.press("tab")
            if screen.editor.level != ACTION:
                await pilot.press("escape")
                continue
            await pilot.press("1")
            if screen.editor.level == TARGET:
                target = sorted(screen.editor.highlight_targets())[0]
                await cursor_to(pilot, screen.query_one("#map"), target)
                await pilot.press("enter")
            if screen.editor.level == VARIANT:
                await pilot.press("1")
            if screen.editor.level == CONFIRM:
                before = len(battle.log)
                await pilot.press("enter")
                given += len(battle.log) - before
        assert given >= 3
        for keys in (["v"], ["v"], ["d", "down", "enter"], ["escape", "d"], ["question_mark"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert "Traceback" not in screen_text(app)
        assert isinstance(app.screen, HelpScreen)
        assert "This map's legend" in screen_text(app)
        assert "hidden unit or dummy" in app.screen.topics[0][2]  # the legend topic explains Dustup's marks
        assert any(title == "This Game's Readings" for _, title, _ in app.screen.topics)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert "turn" in screen_text(app)


@playtest
async def test_a_night_patrol_between_two_computers_reaches_the_end_screen():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session.new("dustup", "patrol", players={"red": "default", "blue": "default"}, seed=4)
        battle = session.battle
        pilot.app.open_session(session)
        for _ in range(300):
            await settle(pilot, rounds=400)
            if isinstance(app.screen, EndScreen):
                break
        assert isinstance(app.screen, EndScreen), (len(battle.log), battle.outcome())
        text = screen_text(app)
        assert "End of the battle" in text and "Pathfinder Patrol:" in text and "objectives held" in text
        summary = battle.system.summary(battle.state)
        assert battle.outcome().reason in summary.lines[0]


@playtest
async def test_against_the_computer_your_own_markers_say_what_is_under_them():
    """Dustup's ambush with the hiding side (red) at the keyboard and the computer on the other: the cursor on
    each of your markers names the unit hidden under it or says it is a dummy; the computer's side would see
    only markers. With two people at one keyboard the screen is shared, and no marker says."""
    for players, private in (({"red": "human", "blue": "default"}, True), (HUMANS, False)):
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_battle(pilot, "ambush", players=players, seed=2)
            hidden = [u for u in screen.session.battle.state.units.values() if u.hidden and u.side == "red"]
            assert hidden
            seen = []
            for piece in screen.board.pieces:
                if piece.glyph == "?" and piece.at is not None:
                    screen.query_one(HexMap).move_cursor_to(piece.at)
                    await pilot.pause()
                    seen.append(screen_text(app))
            text = "\n".join(seen)
            for unit in hidden:
                assert (f"{unit.name} (hidden under ?" in text) is private, (unit.name, private)
            assert ("Dummy marker" in text) is private
