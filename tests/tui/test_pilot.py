"""The app driven by key presses, as a player drives it (Textual's run_test pilot)."""

from __future__ import annotations

import json

from tuikit import cursor_to, pick_system, playtest, screen_text, settle

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import CardDrawn, DieRolled
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.tui.app import HexfrontApp, TooSmallScreen
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.help import HelpScreen
from hexfront.tui.screens.title import NewBattleScreen, SaveListScreen, TitleScreen
from hexfront.tui.session import autosave_path


def make_app(**kw) -> HexfrontApp:
    kw.setdefault("computer_delay", 0)
    kw.setdefault("battle_seed", 7)
    return HexfrontApp(**kw)


async def new_battle(pilot, scenario_steps: int = 0, opponent_steps: int = 0) -> BattleScreen:
    """From the menu: n, RatFight (these tests' system), the scenario and opponent with the arrow keys, Enter."""
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewBattleScreen)
    await pick_system(pilot, "ratfight")
    await pilot.press("down")  # to the scenario row
    for _ in range(scenario_steps):
        await pilot.press("right")
    await pilot.press("down", "down")  # the opponent row
    for _ in range(opponent_steps):
        await pilot.press("right")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, BattleScreen)
    return pilot.app.screen


async def give_some_order(pilot, screen: BattleScreen) -> str:
    """Tab to a piece, take its first action, walk the cursor to its first target, confirm.

    Falls back to passing ('.' then Enter) when no piece can act; at a morale choice keeps the first card
    drawn. Returns what it did.
    """
    hexmap = screen.query_one("#map")
    editor = screen.editor
    if editor.menu() == ["Keep a morale card"]:  # Morale Check: the leader's cards are drawn, keep the first
        await pilot.press("1", "1")
        assert editor.level == CONFIRM, screen.message
        await pilot.press("enter")
        return "keep"
    await pilot.press("tab")
    if editor.level != ACTION:
        await pilot.press("full_stop")
        assert editor.level == CONFIRM, screen.message
        await pilot.press("enter")
        return "pass"
    await pilot.press("1")
    if editor.level == TARGET:
        target = sorted(editor.highlight_targets())[0]
        await cursor_to(pilot, hexmap, target)
        await pilot.press("enter")
    if editor.level == VARIANT:
        await pilot.press("1")
    assert editor.level == CONFIRM, (editor.level, screen.message)
    action = editor.action
    await pilot.press("enter")
    return action or "order"


@playtest
async def test_a_short_battle_is_played_to_its_end_by_keyboard(saves):
    """The ditch scenario against the computer, every order given with keys, until the end screen."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot, scenario_steps=1)  # convoy -> ditch
        assert screen.session.battle.setup.scenario == "ditch"
        done = []
        for _ in range(120):
            await settle(pilot)
            if isinstance(app.screen, EndScreen):
                break
            assert app.screen is screen
            before = len(screen.session.battle.log)
            done.append(await give_some_order(pilot, screen))
            assert len(screen.session.battle.log) > before, screen.message
        await settle(pilot)
        assert isinstance(app.screen, EndScreen), done
        text = screen_text(app)
        assert "End of the battle" in text and "Casualties" in text and "Turns played" in text
        assert {"pass"} < set(done)  # real orders, not only passes
        # every order went to the autosave as it was given
        saved = load_battle(autosave_path())
        assert saved.log == screen.session.battle.log and saved.outcome() is not None
        await pilot.press("r")  # start again: the same scenario and players, a fresh battle
        await settle(pilot)
        again = app.screen
        assert isinstance(again, BattleScreen) and again is not screen
        assert again.session.battle.setup.scenario == "ditch" and again.session.battle.outcome() is None
        await pilot.press("q", "y")  # leave, and yes to the question
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@playtest
async def test_undo_redo_save_load_and_continue(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot, opponent_steps=2)  # a second player at this keyboard
        battle = screen.session.battle
        assert set(battle.setup.players.values()) == {"human"}
        for _ in range(3):
            await give_some_order(pilot, screen)
        n, state = len(battle.log), battle.state_hash()
        await pilot.press("z")
        assert len(battle.log) == n - 1 and "took back" in screen.message
        assert len(load_battle(autosave_path()).log) == n - 1  # the undo is saved too
        await pilot.press("Z")
        assert len(battle.log) == n and battle.state_hash() == state
        await pilot.press("s")
        copies = [p for p in saves.glob("ratfight-*.json")]
        assert len(copies) == 1 and str(copies[0]) in screen.message
        # back to the menu, and continue: exactly where we were
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.session.battle.state_hash() == state
        # load the named copy from the list
        await pilot.press("q", "y")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SaveListScreen)
        assert "JTS RatFight, Convoy Ambush" in screen_text(app)
        paths = app.screen.paths
        index = paths.index(copies[0])
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.session.battle.state_hash() == state


@playtest
async def test_against_the_computer_undo_takes_back_to_your_last_order(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot)
        battle = screen.session.battle
        humans = set(screen.session.human_sides())
        for _ in range(4):
            await settle(pilot)
            await give_some_order(pilot, screen)
        await settle(pilot)
        n = len(battle.log)
        await pilot.press("z")
        await pilot.pause()
        assert len(battle.log) < n
        assert battle.side_to_act() in humans


@playtest
async def test_a_damaged_save_is_refused_in_one_line_and_left_untouched(saves):
    saves.mkdir(parents=True)
    bad = saves / "broken.json"
    bad.write_text('{"format": "hexfront-save", "format_version": 1, "commands": [}')
    before = bad.read_bytes()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveListScreen)
        note = str(app.screen.query_one("#saves-note").render())
        assert note.startswith("cannot open it: ") and "\n" not in note.strip()
        assert "Traceback" not in screen_text(app)
    assert bad.read_bytes() == before


@playtest
async def test_a_damaged_autosave_is_kept_when_a_new_battle_starts(saves):
    saves.mkdir(parents=True)
    autosave_path().write_text("not json at all")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)  # refused, with a notification
        await new_battle(pilot)
    kept = list(saves.glob("unfinished-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "not json at all"
    assert json.loads(autosave_path().read_text())["format"] == "hexfront-save"


@playtest
async def test_illegal_choices_are_refused_with_a_reason(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot, opponent_steps=2)
        await pilot.press("9")
        assert screen.message.startswith("there is no choice 9")
        hexmap = screen.query_one("#map")
        # an empty hex far from every piece
        board = screen.board
        occupied = {p.at for p in board.pieces}
        empty = next(h for h in sorted(board.terrain) if h not in occupied)
        await cursor_to(pilot, hexmap, empty)
        await pilot.press("enter")
        assert "no piece here" in screen.message
        assert screen.editor.level == BROWSE


@playtest
async def test_escape_backs_out_one_level_at_a_time(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot, opponent_steps=2)
        await pilot.press("tab")
        assert screen.editor.level == ACTION
        await pilot.press("1")
        level = screen.editor.level
        assert level in (TARGET, CONFIRM)
        await pilot.press("escape")
        assert screen.editor.level == ACTION
        await pilot.press("escape")
        assert screen.editor.level == BROWSE
        await pilot.press("escape")  # at the choice of piece Esc stops: leaving is q, and asks
        await pilot.pause()
        assert app.screen is screen and "q leaves the battle" in " ".join(screen_text(app).split())


@playtest
async def test_help_opens_from_anywhere_with_question_mark(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for setup in ([], ["n"]):
            await pilot.press(*setup)
            await pilot.pause()
            if setup:
                await pick_system(pilot, "ratfight")
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert "Keys" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        topics = [t for _, t, _ in app.screen.topics]
        assert topics[0] == "This map's legend" and "*  woods" in app.screen.topics[0][2]
        assert "Firing" in topics and app.screen.query_one("#help-topics").border_title == "JTS RatFight"


@playtest
async def test_a_terminal_too_small_says_so_until_it_grows(saves):
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "needs at least 80 x 24; this terminal is 70 x 20" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@playtest
async def test_every_footer_key_is_also_a_palette_command(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot)
        titles = {c.title.lower() for c in app.get_system_commands(screen)}
        shown = {b.description.lower() for b in screen.BINDINGS if b.show}
        assert shown and shown <= titles


@playtest
async def test_the_map_cursor_moves_with_arrows_and_hex_keys(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot, opponent_steps=2)
        hexmap = screen.query_one("#map")
        start = hexmap.cursor_hex
        moves = {"l": (1, 0), "h": (-1, 0), "u": (1, -1), "y": (0, -1), "n": (0, 1), "b": (-1, 1)}
        for key, (dq, dr) in moves.items():
            await cursor_to(pilot, hexmap, start)
            await pilot.press(key)
            at = hexmap.cursor_hex
            assert (at.q - start.q, at.r - start.r) == (dq, dr), key


@playtest
async def test_a_replay_steps_forwards_and_backwards(saves):
    """Watch a replay: ] and [ step one order, } ten, End the last; the map shows that moment."""
    from hexfront.engine.core.players import computer_players_for
    from hexfront.engine.core.playout import play_out
    from hexfront.engine.core.saves import save_battle
    from hexfront.tui.screens.replay import ReplayScreen

    battle = Battle.new("ratfight", "ditch", seed=5)
    battle.setup.players = {"red": "default", "blue": "default"}
    play_out(battle, computer_players_for(battle))
    save_battle(battle, saves / "finished.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        assert "finished.json: JTS RatFight, Ditch Ambush" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.position == 0
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.position == 2
        assert screen.board == battle.system.board(battle.state_after(2)[0])
        assert f"Order 2 of {len(battle.log)}" in screen_text(app)
        await pilot.press("left_square_bracket")
        assert screen.position == 1
        await pilot.press("right_curly_bracket")  # the next activation
        assert screen.point == screen.timeline.next_activation((1, 0)) and screen.position > 1
        await pilot.press("end")
        await pilot.pause()
        assert screen.position == len(battle.log)
        assert "End: " in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SaveListScreen)


@playtest
async def test_a_dice_log_entry_explains_its_rule_and_its_order(saves):
    """A battle with a roll in its log (both sides at this keyboard), continued from the menu: d, Enter on the
    newest entry explains it. The orders before are given by the engine (the keys for orders are the other
    tests'), each a random player's pick, until one rolls a die or draws a card."""
    battle = Battle.new("ratfight", "convoy", seed=7)
    battle.setup.players = {side: "human" for side in battle.system.sides(battle.state)}
    player = RandomPlayer(7)
    while not any(isinstance(e, (DieRolled, CardDrawn)) for events in battle.events for e in events):
        assert battle.outcome() is None and len(battle.log) < 200, "no die rolled nor card drawn"
        battle.submit(player.choose(battle.system, battle.state))
    saves.mkdir(parents=True)
    save_battle(battle, autosave_path())
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.battle.log == battle.log
        await pilot.press("d")
        assert screen.focused is screen.query_one("#dicelog")
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Why this roll or card" in text and "Rule: " in text
        assert "Everything this order caused" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        assert screen.focused is screen.query_one("#map")


@playtest
async def test_the_screen_answers_keys_while_the_computer_thinks(saves):
    """The computer's choice runs in a worker thread: the cursor moves while it is still thinking."""
    import threading

    release = threading.Event()

    class SlowPlayer:
        name = "slow"

        def __init__(self, inner):
            self.inner = inner

        def choose(self, system, state):
            release.wait(10)
            return self.inner.choose(system, state)

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot)
        session = screen.session
        for side in list(session.computers):
            session.computers[side] = SlowPlayer(session.computers[side])
        humans = set(session.human_sides())
        for _ in range(30):  # pass until the computer has the turn
            if session.computer_to_act():
                break
            await pilot.press("full_stop", "enter")
            await pilot.pause()
        assert session.computer_to_act() and screen._thinking
        n = len(session.battle.log)
        hexmap = screen.query_one("#map")
        before = hexmap.cursor
        await pilot.press("right" if before[0] == 0 else "left")
        assert hexmap.cursor != before and len(session.battle.log) == n
        assert "is choosing an order" in screen_text(app), screen_text(app)
        release.set()
        await settle(pilot)
        assert len(session.battle.log) > n and (session.side_to_act() in humans or session.battle.outcome())


@playtest
async def test_enter_on_an_enemy_shows_what_it_is(saves):
    """Enter on a piece that cannot take orders (an enemy) shows its details in the Orders pane."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_battle(pilot, opponent_steps=2)
        mine = screen.session.side_to_act()
        enemy = next(p for p in screen.board.pieces if p.side != mine and p.at is not None and p.aboard is None)
        await cursor_to(pilot, screen.query_one("#map"), enemy.at)
        await pilot.press("enter")
        orders = str(screen.query_one("#orders").render())
        assert f"{enemy.name} [{enemy.id}]" in orders
        assert any(line in orders for line in enemy.details if not line.startswith(enemy.name))
        assert screen.editor.level == BROWSE
