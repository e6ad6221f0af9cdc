"""Issue lines not covered by the battle-flow pilot tests: the new-battle form's every row, quitting,
the map scrolling and its highlights, the dice log holding every draw, saving from the end screen,
help naming every key."""

from __future__ import annotations

import re

from tuikit import pick_system, playtest, screen_text, settle

from hexfront.engine.core.events import is_random
from hexfront.engine.core.saves import load_battle
from hexfront.engine.core.system import OptionSpec, get_system
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.help import KEYS
from hexfront.tui.screens.replay import ReplayScreen
from hexfront.tui.screens.title import ChoiceForm, NewBattleScreen, TitleScreen


def make_app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


async def form_rows(pilot) -> dict:
    return {row.key: row for row in pilot.app.screen.query_one(ChoiceForm).rows}


@playtest
async def test_the_form_sets_side_opponent_undo_policy_and_options(saves, monkeypatch):
    """Rows: system, scenario, side, opponent, each optional rule as a switch, teach, undo policy."""
    ratfight = get_system("ratfight")
    monkeypatch.setattr(type(ratfight), "options", (OptionSpec("night", False, "a test switch"),))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewBattleScreen)
        await pick_system(pilot, "ratfight")
        rows = await form_rows(pilot)
        assert list(rows) == ["system", "scenario", "side", "opponent", "option:night", "teach", "undo", "campaign"]
        await pilot.press("down", "down", "right")  # side: the second one
        await pilot.press("down", "right")  # opponent: the random computer player
        await pilot.press("down", "right")  # the switch on
        await pilot.press("down", "right")  # teach on
        await pilot.press("down", "right")  # undo: strict
        rows = await form_rows(pilot)
        assert rows["option:night"].value is True and rows["undo"].value == "strict"
        assert rows["teach"].value is True
        await pilot.press("enter")
        await settle(pilot)
        setup = app.screen.session.battle.setup
        assert setup.players == {"red": "random", "blue": "human"}
        assert setup.options == {"night": True} and setup.undo_policy == "strict" and setup.teach


@playtest
async def test_quit_from_the_menu_ends_the_app(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


@playtest
async def test_the_map_scrolls_to_keep_the_cursor_in_view(saves):
    """The 24-row convoy board is taller than the map pane at 80 x 24."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pick_system(pilot, "ratfight")
        await pilot.press("down", "down", "down", "right", "right", "enter")  # two at this keyboard
        await settle(pilot)
        hexmap = app.screen.query_one("#map")
        visible = hexmap.scrollable_content_region.height
        assert hexmap.board.rows > visible
        for row in (hexmap.board.rows - 1, 0):
            await pilot.press(*(["down"] if row else ["up"]) * hexmap.board.rows)
            assert hexmap.cursor[1] == row
            top = int(hexmap.scroll_offset.y)
            assert top <= row < top + visible
        assert "[" in screen_text(app).splitlines()[1]  # back at the top, the cursor is drawn


@playtest
async def test_highlights_show_move_range_targets_and_sight(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pick_system(pilot, "ratfight")
        await pilot.press("down", "right", "down", "down", "right", "right", "enter")  # ditch, two players
        await settle(pilot)
        screen = app.screen
        hexmap = screen.query_one("#map")
        for _ in range(30):  # pass until a card lets a piece both move or fire
            await pilot.press("tab")
            if screen.editor.level == "action":
                break
            await pilot.press("full_stop", "enter")
        unit = screen.editor.unit
        reach = screen.editor.highlight_targets()
        assert reach and set(hexmap.highlights) == set(reach)
        enemies = {p.at for p in screen.board.pieces if p.side != screen.session.side_to_act()}
        for at, kind in hexmap.highlights.items():
            assert kind == ("target" if at in enemies else "move"), at
        await pilot.press("v")
        seen = get_system("ratfight").visible_hexes(screen.session.state, unit)
        sight = {h for h, kind in hexmap.highlights.items() if kind == "sight"}
        assert sight and sight <= seen and sight | set(reach) >= seen


@playtest
async def test_the_dice_log_holds_every_draw_newest_first(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pick_system(pilot, "ratfight")
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(4):
            await pilot.press("full_stop", "enter")
            await settle(pilot)
        screen = app.screen
        battle = screen.session.battle
        log = screen.query_one("#dicelog")
        draws = sum(is_random(e) for e in battle.all_events())
        assert draws > 0 and sum(e.random for e in log.entries) == draws
        drawn = [log.render_line(y).text for y in range(log.size.height)]
        # an entry's first row starts with its order's number; the rows it wraps onto are indented
        numbers = [int(line[:3]) for line in drawn if line[:3].strip()]
        assert numbers and all(line[:3].strip() or line.startswith("    ") for line in drawn)
        assert numbers == sorted(numbers, reverse=True) and numbers[0] == len(battle.log)
        assert all(e.rule for e in log.entries if not e.random)


@playtest
async def test_the_end_screen_saves_a_replay_that_verifies(saves):
    from hexfront.engine.core.players import computer_players_for
    from hexfront.engine.core.playout import play_out
    from hexfront.tui.session import Session

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session.new("ratfight", "ditch", players={"red": "default", "blue": "default"}, seed=3)
        play_out(session.battle, computer_players_for(session.battle))
        app.open_session(session)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("s")
        copies = list(saves.glob("ratfight-ditch-*.json"))
        assert len(copies) == 1 and str(copies[0]) in str(app.screen.query_one("#end-keys").render())
        assert load_battle(copies[0]).log == session.battle.log


def help_key_column() -> set[str]:
    """Every key written in the key column (before the first gap of 3+ spaces) of the Keys help."""
    keys = set()
    for line in KEYS.splitlines():
        match = re.match(r"\s+(\S.*?)\s{3,}\S", line)
        if match:
            keys.update(match.group(1).split())
    return keys


def test_help_names_every_key_of_every_screen():
    """Each binding with a description, on every screen, is in the key column of the Keys help."""
    names = {"question_mark": "?", "escape": "Esc", "full_stop": ".", "enter": "Enter", "space": "Space",
             "right_square_bracket": "]", "left_square_bracket": "[", "right_curly_bracket": "}",
             "left_curly_bracket": "{", "home": "Home", "end": "End", "tab": "Tab",
             "shift+tab": "Shift+Tab", "ctrl+q": "Ctrl+Q"}
    column = help_key_column()
    missing = []
    for screen in (TitleScreen, NewBattleScreen, BattleScreen, ReplayScreen, EndScreen, HexfrontApp):
        for binding in screen.BINDINGS:
            key = binding.key.split(",")[0]
            if binding.description and names.get(key, key) not in column:
                missing.append((screen.__name__, key, binding.description))
    assert missing == []


def test_a_long_form_shows_the_rows_around_the_current_one_and_says_how_many_more():
    from hexfront.tui.screens.title import rows_shown

    assert rows_shown(5, 13, 2) == (0, 5)  # they all fit
    for current in range(18):  # 18 rows in 13 lines: the current row is drawn, with a line for each mark
        start, stop = rows_shown(18, 13, current)
        assert start <= current < stop and (stop - start) + (start > 0) + (stop < 18) <= 13
    assert rows_shown(18, 13, 0) == (0, 12) and rows_shown(18, 13, 17) == (6, 18)


@playtest
async def test_the_form_of_the_system_with_most_options_keeps_the_scenario_and_keys_in_view_at_80_by_24(saves):
    """However many options a system has, at 80 x 24 the scenario's summary and the keys stay on screen; the
    rows scroll with the current one, and the lines above and below say how many rows are out of view."""
    from hexfront.engine.core.system import all_systems

    most = max(all_systems().values(), key=lambda s: len(s.options))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, most.id)
        rows = await form_rows(pilot)
        summary = most.scenarios()[0].summary
        for step in range(len(rows)):
            text = " ".join(screen_text(app).split())
            assert "Up/Down choose a row, Left/Right change it, Enter starts." in text, step
            assert " ".join(summary.split())[:60] in text, step
            current = list(rows.values())[step]
            assert f"> {current.label}" in text, step
            await pilot.press("down")
            await pilot.pause()
        if len(rows) > 10:  # more rows than half the box holds: at the last row the first ones are counted
            assert "Rule system" not in text and re.search(r"\^ \d+ more", text), text


@playtest
async def test_undo_on_the_end_screen_takes_the_last_order_back_on_the_battle_below(saves):
    """z on the end screen: back to the battle below it (tui/screens/end.py), whose undo takes the order back."""
    from hexfront.engine.core.playout import play_out
    from hexfront.tui.session import Session

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session = Session.new("ratfight", "ditch", players={"red": "human", "blue": "default"}, seed=3)
        system = session.battle.system
        play_out(session.battle, {side: system.computer_players()["default"](i)
                                  for i, side in enumerate(system.sides(session.battle.state))})
        n = len(session.battle.log)
        app.open_session(session)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("z")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert "took back" in app.screen.message and len(session.battle.log) < n
