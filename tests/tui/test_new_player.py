"""A new player's first battle in every rule system, by keys alone, reading the screen at each step (issue 21):
the menu, a battle against the computer with at least ten orders (a move among them, and an attack aimed
by stepping through the targets with Tab), the dice log and back, undo, save, leaving (with the question),
Continue, and the replay viewer stepping back. Each system once, at 80 x 24 or at 120 x 40 in turn.

The player's orders are the ones the computer's default player would give in its place (so the battle
goes on as a battle), except that the first move and the first attack on offer are taken when they come.
The systems are the engine's own list; the tutorials are walked in test_tutorials_tui.py.
"""

from __future__ import annotations

import pytest
from tuikit import order_by_keys, playtest, screen_text, settle

from hexfront.engine.core.system import all_systems
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, CONFIRM, TARGET, VARIANT
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.confirm import Question
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.explain import ExplainScreen
from hexfront.tui.screens.replay import ReplayScreen
from hexfront.tui.screens.title import NewBattleScreen, SaveListScreen, TitleScreen
from hexfront.tui.session import autosave_path

SIZES = [(80, 24), (120, 40)]
ORDERS = 10  # the player's orders, at least
MOST = 80  # and at most, looking for a move and an attack


def flat(app) -> str:
    return " ".join(screen_text(app).split())


def pane(screen, selector: str) -> str:
    return " ".join(str(screen.query_one(selector).render()).split())


def kind_of(screen, command) -> str:
    """'attack' for an order aimed at a hex with an enemy piece on it, 'move' for one aimed at an empty
    hex by an action named for moving (Move, Run...), else 'other'."""
    parts = screen.system.order_parts(screen.session.state, command)
    if parts.target is None or parts.unit is None:
        return "other"
    side = screen.session.side_to_act()
    here = [p for p in screen.board.pieces if p.at == parts.target and p.aboard is None]
    if any(p.side != side for p in here):
        return "attack"
    if not here and any(word in parts.action.lower() for word in ("move", "run", "advance")):
        return "move"
    return "other"


async def pick_action(pilot, editor, action: str) -> None:
    for _ in range(editor.pages()):
        if action in editor.page_entries():
            await pilot.press(str(editor.page_entries().index(action) + 1))
            return
        await pilot.press("0")
    raise AssertionError(f"{action} is on no page of {editor.menu()}")


async def attack_by_stepping_through_targets(pilot, screen, command) -> None:
    """Tab to the piece, the action's number, then Tab through the targets (nearest first, each with its
    line and odds in the Orders pane) until the cursor is on the one wanted; Enter, the variant, Enter."""
    editor = screen.editor
    parts = screen.system.order_parts(screen.session.state, command)
    for _ in range(60):
        if editor.unit == parts.unit and editor.level == ACTION:
            break
        await pilot.press("tab")
    assert editor.unit == parts.unit and editor.level == ACTION
    await pick_action(pilot, editor, parts.action)
    assert editor.level == TARGET, (editor.level, parts)
    origin = screen._unit_hex(parts.unit)
    targets = screen.targets_nearest_first()
    hexmap = screen.query_one("#map")
    distances = []
    for _ in range(len(targets)):
        await pilot.press("tab")
        distances.append(origin.distance(hexmap.cursor_hex))
        if hexmap.cursor_hex == parts.target:
            break
    assert hexmap.cursor_hex == parts.target, "Tab never reached the target"
    assert distances == sorted(distances), "the targets do not come nearest first"
    await pilot.pause()
    text = pane(screen, "#orders")
    assert f"Target {targets.index(parts.target) + 1} of {len(targets)}" in text, text
    preview = screen.system.preview(screen.session.state, command)
    if preview.odds:
        assert "%" in text, "the odds at the target are shown"
    await pilot.press("enter")
    if editor.level == VARIANT:
        commands = [o.command for o in editor.variants]
        await pick_action(pilot, editor, editor.menu()[commands.index(command)])
    assert editor.level == CONFIRM and editor.chosen.command == command
    await pilot.press("enter")
    await pilot.pause()


async def dice_log_and_back(pilot, app, screen) -> None:
    """d, Enter explains the newest roll or card, Esc, and the keys are the map's again."""
    await pilot.press("d")
    assert screen.focused is screen.query_one("#dicelog")
    await pilot.press("enter")
    await pilot.pause()
    if screen.query_one("#dicelog").entries:
        assert isinstance(app.screen, ExplainScreen) and "Why this roll or card" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
    assert app.screen is screen and screen.focused is screen.query_one("#map")


async def next_turn_of_the_player(pilot, app) -> bool:
    """Let the computer play; False when the battle has ended."""
    await settle(pilot)
    if isinstance(app.screen, EndScreen):
        return False
    assert isinstance(app.screen, BattleScreen)
    return app.screen.session.battle.outcome() is None


#: each system walked once, the sizes taking turns (both sizes are walked; each system's screens are also
#: snapshot at both sizes in test_snapshots.py and the systems' own TUI tests)
WALKS = [(system_id, SIZES[i % len(SIZES)]) for i, system_id in enumerate(sorted(all_systems()))]


@pytest.mark.parametrize(("system_id", "size"), WALKS, ids=[f"{s}-{w}x{h}" for s, (w, h) in WALKS])
@playtest
async def test_a_new_players_first_battle(system_id, size, saves):
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=size) as pilot:
        # the menu, and a new battle of this system against the computer
        await pilot.pause()
        assert "New battle" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewBattleScreen)
        form = app.screen.query_one("#new-form")
        while form.rows[0].value != system_id:
            await pilot.press("right")
        assert all_systems()[system_id].title in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.battle.setup.system == system_id
        session = screen.session
        battle = session.battle
        me = session.human_sides()
        assert len(me) == 1 and session.computers
        helper = battle.system.computer_players()["default"](7)  # what the computer would do in the player's place
        given, done = 0, set()
        for _ in range(MOST):
            if not await next_turn_of_the_player(pilot, app):
                break
            if given >= ORDERS and {"move", "attack"} <= done:
                break
            legal = battle.legal_commands()
            kinds = {c: kind_of(screen, c) for c in legal}
            attack = next((c for c in legal if kinds[c] == "attack"), None) if "attack" not in done else None
            move = next((c for c in legal if kinds[c] == "move"), None) if "move" not in done else None
            before = len(battle.log)
            if attack is not None:
                await attack_by_stepping_through_targets(pilot, screen, attack)
                done.add("attack")
                await settle(pilot)
                if isinstance(app.screen, EndScreen):
                    break
                await dice_log_and_back(pilot, app, screen)
            else:
                command = move if move is not None else helper.choose(battle.system, battle.state)
                await order_by_keys(pilot, screen, command)
                done.add(kinds.get(command, "other"))
            assert len(battle.log) > before, screen.message
            given += 1
        assert given >= ORDERS, f"only {given} orders before the end"
        assert {"move", "attack"} <= done, f"no {({'move', 'attack'} - done)} came up in {given} orders"
        await settle(pilot)
        assert not isinstance(app.screen, EndScreen), "the battle ended before undo, save and leaving"
        # undo: the last order of the player's is taken back, and the screen says so
        n = len(battle.log)
        await pilot.press("z")
        await pilot.pause()
        assert len(battle.log) < n and "took back" in flat(app)
        await settle(pilot)
        # save a copy: its name is on the screen
        await pilot.press("s")
        await pilot.pause()
        copies = list(saves.glob(f"{system_id}-*.json"))
        assert len(copies) == 1 and "saved as" in flat(app)
        state = battle.state_hash()
        # leave: the question says where the battle is kept; yes goes to the menu
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Question)
        assert "Leave this battle?" in screen_text(app) and autosave_path().name in flat(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        # Continue: the same battle, where it was
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, BattleScreen) and app.screen.session.battle.state_hash() == state
        await pilot.press("q", "y")
        await pilot.pause()
        # the replay of the saved copy, stepped to its end and back one order
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, SaveListScreen)
        index = app.screen.paths.index(copies[0])
        await pilot.press(*["down"] * index, "enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("end")
        await pilot.pause()
        last = replay.position
        assert last == len(battle.log)
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert replay.position == last - 1
        assert f"Order {last - 1} of {last}" in flat(app)
