"""The battle screen's keys as a new player meets them (issue 21): Esc never leaves a battle, leaving asks and
says where the battle is kept, and after a panel closes the keys act on the battle again."""

from __future__ import annotations

import re

import pytest
from tuikit import pick_system, playtest, screen_text, settle

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.saves import load_battle
from hexfront.engine.systems.minutemissions import commands as C
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.confirm import Question
from hexfront.tui.screens.explain import ExplainScreen
from hexfront.tui.screens.title import NewBattleScreen, TitleScreen
from hexfront.tui.session import Session, autosave_path

SIZES = [(80, 24), (120, 40)]


def pane_text(screen, selector: str) -> str:
    """The whole text of a pane, as it reads before the pane wraps it to its width."""
    return " ".join(str(screen.query_one(selector).render()).split())


def make_app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


async def new_battle(pilot) -> BattleScreen:
    """From the menu: n, RatFight, a second player at this keyboard (so nothing moves by itself), Enter."""
    await pilot.press("n")
    await pick_system(pilot, "ratfight")
    await pilot.press("down", "down", "down", "right", "right", "enter")
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
        await pick_system(pilot, "ratfight")
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


def tutorial_at_step(system_id: str, steps: int) -> Session:
    """A system's tutorial battle with its first ``steps`` steps done by the orders they ask for (the
    computer answering), teach off, the learner to act."""
    from tuikit import learner_order

    from hexfront.engine.core.players import computer_players_for
    from hexfront.engine.core.tutorial import battle_progress, read_tutorial
    from hexfront.tui.app import tutorial_players

    session = Session.new(system_id, "tutorial", players=tutorial_players(system_id, "tutorial"), seed=1)
    battle = session.battle
    tutorial = read_tutorial(battle.setup.content)
    computers = computer_players_for(battle)
    while True:
        side = battle.side_to_act()
        if side in computers:
            battle.submit(computers[side].choose(battle.system, battle.state))
            continue
        done = battle_progress(tutorial, battle).done
        if done >= steps:
            return session
        battle.submit(learner_order(battle, tutorial.steps[done]))


@pytest.mark.parametrize("size", SIZES)
@playtest
async def test_tab_in_target_mode_steps_through_the_targets_nearest_first_with_their_odds(size, saves):
    """30 Minute Missions' tutorial at the shot (step 5): Attack: Long rifle [2H] is on the screen or a page
    away; in target mode Tab puts the cursor on the Lancer and the Orders pane shows the shot there, with its odds
    where the pane has room (120 x 40). At 80 x 24, under the tutorial's text, the odds show once the section is
    chosen, where o opens them whole."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.open_session(tutorial_at_step("minutemissions", 4))
        await settle(pilot)
        screen = app.screen
        await pilot.press("tab")
        editor = screen.editor
        wanted = "Attack: Long rifle [2H]"
        for _ in range(editor.pages()):  # 0 turns the page until the order is among the keys 1-9
            if wanted in editor.page_entries():
                break
            assert "more below" in screen_text(app)
            await pilot.press("0")
        await pilot.pause()
        assert wanted in " ".join(screen_text(app).split()), "the order is on the screen"
        await pilot.press(str(editor.page_entries().index(wanted) + 1))
        assert editor.level == TARGET
        await pilot.pause()
        await pilot.pause()  # the footer redraws its keys after the bindings change
        assert "Tab next target" in screen_text(app)  # the footer says what Tab does now
        await pilot.press("tab")
        await pilot.pause()
        hexmap = screen.query_one("#map")
        lancer = next(p for p in screen.board.pieces if p.name.startswith("Lancer"))
        assert hexmap.cursor_hex == lancer.at and editor.level == TARGET
        text = " ".join(screen_text(app).split())
        assert "Target 1 of 1: Lancer" in text and "hexes away" in text
        odds = re.compile(r"\d+% (#+\.* |#*\.+ )?miss")  # "12% miss", "12% #......... miss"; not the tutorial's prose
        assert "Long rifle [2H] at" in text
        if size[0] >= 120:
            assert odds.search(text), text
        else:
            await pilot.press("enter")  # aim here: the sections of the Lancer
            await pilot.pause()
            await pilot.press(str(editor.page_entries().index("Lancer (A2) - torso") + 1))
            await pilot.pause()
            text = " ".join(screen_text(app).split())
            assert "Enter give" in text and "o odds" in text and odds.search(text), text
        assert "Lancer" in " ".join(str(screen.query_one("#info").render_line(i)) for i in range(2))


@playtest
async def test_tab_steps_through_move_targets_nearest_first(saves):
    """With many marked hexes (a move), Tab and Shift+Tab walk them nearest first and back."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot)
        editor = screen.editor
        await pilot.press("tab")
        menu = editor.menu()
        move = next(a for a in menu if len(editor.book.targets(editor.unit, a)) >= 3)
        for _ in range(editor.pages()):
            if move in editor.page_entries():
                break
            await pilot.press("0")
        await pilot.press(str(editor.page_entries().index(move) + 1))
        assert editor.level == TARGET
        hexmap = screen.query_one("#map")
        origin = next(p.at for p in screen.board.pieces if p.id == editor.unit)
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            seen.append(hexmap.cursor_hex)
        distances = [origin.distance(h) for h in seen]
        assert distances == sorted(distances) and len(set(seen)) == 3
        assert set(seen) <= set(editor.highlight_targets())
        await pilot.pause()
        assert f"Target 3 of {len(editor.highlight_targets())}" in " ".join(screen_text(app).split())
        await pilot.press("shift+tab")
        assert hexmap.cursor_hex == seen[1] and editor.level == TARGET


async def pass_until_the_computer_plays(pilot, screen) -> None:
    session = screen.session
    for _ in range(30):
        if session.computer_to_act():
            return
        await pilot.press("full_stop", "enter")
        await pilot.pause()
    raise AssertionError("the computer never had the turn")


@pytest.mark.parametrize("size", SIZES)
@playtest
async def test_the_computers_turn_is_shown_keys_stay_live_and_x_skips_it(size, saves):
    """At a slow pace the computer's turn is on screen as it goes (who is choosing, what each order did);
    help, the dice log and the leave question answer meanwhile; x plays the rest of its turn at once."""
    import time

    app = HexfrontApp(computer_delay=30, battle_seed=7)  # far slower than any test waits
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pick_system(pilot, "ratfight")
        await pilot.press("enter")  # the default: you against the computer
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, BattleScreen):
                break
        screen = app.screen
        session = screen.session
        humans = set(session.human_sides())
        await pass_until_the_computer_plays(pilot, screen)
        await pilot.pause()
        await pilot.pause()
        orders = pane_text(screen, "#orders")
        assert "(computer) is choosing an order" in orders and "x: skip to the end of its turn" in orders
        assert "+ and -: pace (normal)" in orders  # the keys test_plus_and_minus_change_the_computers_pace tries
        assert "x skip its turn" in screen_text(app)  # in the footer too
        n = len(session.battle.log)
        await pilot.press("question_mark")  # help opens while it plays
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("d")  # the dice log takes the keys
        assert screen.focused is screen.query_one("#dicelog")
        await pilot.press("d")
        await pilot.press("q")  # the leave question comes up; no stays
        await pilot.pause()
        assert isinstance(app.screen, Question)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and len(session.battle.log) == n, "nothing waited out the pace"
        started = time.monotonic()
        await pilot.press("x")
        for _ in range(400):
            await pilot.pause()
            if session.side_to_act() in humans or session.battle.outcome() is not None:
                break
        assert time.monotonic() - started < 20, "x did not skip the pace"
        assert len(session.battle.log) > n
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "(computer):" in text, "the status line says what its last order did"
        assert "x skip its turn" not in text  # the key is gone with the computer's turn


@playtest
async def test_plus_and_minus_change_the_computers_pace_and_it_is_kept(saves):
    import json

    app = HexfrontApp(battle_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.pace == "normal" and app.computer_delay == 0.35
        screen = await new_battle(pilot)
        await pilot.press("minus", "minus", "minus")  # slower, and it stops at the slowest
        assert app.pace == "slow" and app.computer_delay == 1.0
        await pilot.press("plus", "plus")
        assert app.pace == "fast" and app.computer_delay == 0.1
        assert "the computer's pace: fast" in " ".join(screen_text(app).split())
        assert screen.session.battle.outcome() is None
    assert json.loads((saves / "settings.json").read_text())["pace"] == "fast"
    assert HexfrontApp().computer_delay == 0.1  # the next start keeps it
    (saves / "settings.json").write_text('{"pace": "warp"}')
    assert HexfrontApp().pace == "normal"  # a pace this version does not know: the default


def idle_piece_battle(system_id: str):
    """A battle of two players here, played on by the computer's choices until the side to act has a piece
    on the map with no order (a piece that has acted, is Down, has no target...)."""
    from hexfront.engine.core.players import computer_players_for
    from hexfront.engine.core.system import all_systems

    system = all_systems()[system_id]
    b = Battle.new(system_id, system.default_scenario(), seed=0)
    players = {side: "human" for side in b.system.sides(b.state)}
    session = Session.new(system_id, system.default_scenario(), players=players, seed=5)
    battle = session.battle
    chooser = computer_players_for(attrs_evolve_players(battle))
    for _ in range(80):
        side = battle.side_to_act()
        parts = [battle.system.order_parts(battle.state, c) for c in battle.legal_commands()]
        acting = {p.unit for p in parts}
        aimed = {p.target for p in parts}  # Enter there would aim an order, not ask about the piece
        idle = [p for p in battle.system.board(battle.state).pieces
                if p.side == side and p.at is not None and p.aboard is None and p.id not in acting
                and p.at not in aimed]
        if idle and acting - {None}:
            return session, idle[0]
        battle.submit(chooser[side].choose(battle.system, battle.state))
    raise AssertionError("no idle piece came up")


def attrs_evolve_players(battle):
    """The battle as the computer players see it when every side is the computer's."""
    import copy

    other = copy.copy(battle)
    other.setup = copy.copy(battle.setup)
    other.setup.players = {s: "default" for s in battle.system.sides(battle.state)}
    return other


@pytest.mark.parametrize("system_id", sorted(__import__("hexfront.engine.core.system", fromlist=["x"]).all_systems()))
@playtest
async def test_enter_on_an_idle_piece_says_why_in_the_systems_words_and_it_fits(system_id, saves):
    from tuikit import cursor_to

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        session, piece = idle_piece_battle(system_id)
        app.open_session(session)
        await settle(pilot)
        screen = app.screen
        reason = session.system.idle_reason(session.state, piece.id)
        await cursor_to(pilot, screen.query_one("#map"), piece.at)
        await pilot.press("enter")
        await pilot.pause()
        assert f"No orders: {reason}." in pane_text(screen, "#orders")
        status = [line for line in screen_text(app).splitlines()[-4:-1]]
        said = " ".join(" ".join(status).split())
        assert f"no orders now: {reason}" in said, (reason, status)  # whole, on the status lines
        assert "Esc or any order goes on" not in pane_text(screen, "#orders")


async def every_entry_on_screen(pilot, screen) -> list[str]:
    """Turn the pages of the menu shown with 0, reading the screen each time; returns every entry read on
    the screen (with its key), and checks the line that turns the page is on the screen too."""
    app = pilot.app
    editor = screen.editor
    read = []
    for _ in range(3):  # a screen just opened lays its panes out after a short delay (Textual 8)
        await pilot.pause(0.05)
    for _page in range(editor.pages()):
        await pilot.pause()
        rows = screen_text(app).splitlines()
        flat = " ".join(" ".join(rows).split())
        for i, entry in enumerate(editor.page_entries(), start=1):
            if f"{i} {entry}" in flat:
                read.append(entry)
        if editor.pages() > 1:
            more = editor.more_after_page()
            line = f"0  {more} more below" if more else "0  first page"
            assert any(line in row for row in rows), (line, rows)
        assert not any("0  more" in row or " 0 more" in row for row in rows)
        await pilot.press("0")
    return read


@playtest
async def test_every_order_is_on_screen_at_80_by_24_in_30_minute_missions_and_disrupter(saves):
    """30 Minute Missions' tutorial at the shot (where Attack: Long rifle [2H] was below the fold) and the
    Disrupter briefing (End briefing): every order of the menu is read on the screen, page by page."""
    from test_disrupter_tui import briefing_session

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_session(tutorial_at_step("minutemissions", 4))
        await settle(pilot)
        screen = app.screen
        await pilot.press("tab")
        menu = screen.editor.menu()
        assert "Attack: Long rifle [2H]" in menu
        assert sorted(await every_entry_on_screen(pilot, screen)) == sorted(menu)
        app.open_session(briefing_session())
        await settle(pilot)
        screen = app.screen
        menu = screen.editor.menu()
        assert "End briefing" in menu
        assert sorted(await every_entry_on_screen(pilot, screen)) == sorted(menu)


@playtest
async def test_aiming_at_a_piece_out_of_reach_says_why_in_the_systems_words(saves):
    """RatFight's ditch on a Fire card: Enter on an enemy the shot cannot reach says why (range, sight), from
    the rules' own check, whole on the status lines at 80 x 24; the Orders pane says it as the cursor lands."""
    from tuikit import cursor_to

    from hexfront.engine.systems.ratfight import commands as RC

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        b = Battle.new("ratfight", "ditch", seed=0)
        players = {side: "human" for side in b.system.sides(b.state)}
        session = Session.new("ratfight", "ditch", players=players, seed=3)
        battle = session.battle
        from hexfront.engine.core.players import computer_players_for

        chooser = computer_players_for(attrs_evolve_players(battle))
        case = None
        for _ in range(300):
            fire = [c for c in battle.legal_commands() if isinstance(c, RC.Fire)]
            if fire:
                shooter = fire[0].model
                reached = {c.target for c in fire if c.model == shooter and c.weapon == fire[0].weapon}
                enemies = [m for m in battle.state.models.values()
                           if m.side != battle.side_to_act() and m.on_table and m.id not in reached]
                if enemies:
                    case = fire[0], enemies[0]
                    break
            battle.submit(chooser[battle.side_to_act()].choose(battle.system, battle.state))
        assert case is not None, "no shot with an enemy out of its reach came up"
        shot, enemy = case
        app.open_session(session)
        await settle(pilot)
        screen = app.screen
        action = screen.system.order_parts(session.state, shot).action
        for _ in range(30):
            if screen.editor.unit == shot.model:
                break
            await pilot.press("tab")
        await pilot.press(str(screen.editor.menu().index(action) + 1))
        assert screen.editor.level == TARGET
        await cursor_to(pilot, screen.query_one("#map"), enemy.pos)
        await pilot.pause()
        import attrs as _attrs

        why = session.system.validate(session.state, _attrs.evolve(shot, target=enemy.id))
        assert why, "the rules refuse the shot"
        assert f"Not {enemy.name}: {why}" in pane_text(screen, "#orders")
        await pilot.press("enter")
        await pilot.pause()
        said = " ".join(" ".join(screen_text(app).splitlines()[-4:-1]).split())
        assert why in said, said


async def ask_to_leave(pilot) -> None:
    """A battle of two players here with a piece selected, then q: the leave question over it."""
    await pilot.press("n", "down", "down", "down", "right", "right", "enter")
    await settle(pilot)
    await pilot.press("tab", "q")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_the_leave_question_screen(snap_compare, size, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the saves folder as a player has it, ./saves: the same on every run
    monkeypatch.setenv("HEXFRONT_SAVES", "saves")
    assert snap_compare(make_app(), terminal_size=size, run_before=ask_to_leave)
