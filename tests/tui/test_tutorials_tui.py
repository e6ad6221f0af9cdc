"""Every system's tutorial, played to its end from the menu with the keyboard alone, by the prompts' own words
(issues 10 and 21).

At each step the test reads the prompt in the tutorial pane and does what it says, as a new player would: it
finds the order the prompt names ("pick Fire") in the Orders pane and presses the key the pane shows beside
it, Tabbing to the piece the prompt names when the order is a piece's; on the map it puts the cursor on the
piece the prompt names (a target), else on a marked hex (the words "two hexes east" are not parsed: the first
marked hex where the order completes the step is used); a variant the prompt names ("pick torso") is picked
by its key, else the first. Teach is on in tutorials: every die and card pauses, and the test steps through
the first dozen pauses with Space, then skips each order's pauses with Esc. At 80 x 24 and at 120 x 40: each
prompt is read at both sizes, and the steps are played at one size or the other in turn (the terminal resized
between them, as a player's window may be).
"""

from __future__ import annotations

import copy
import re

import pytest
from tuikit import cursor_to, playtest, screen_lines, screen_text

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.system import all_systems
from hexfront.engine.core.tutorial import battle_progress, tutorial_scenarios
from hexfront.engine.core.view import Route
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.teach import TeachScreen
from hexfront.tui.screens.tutorial import TutorialListScreen, TutorialMessage, tutorial_list
from hexfront.tui.widgets.lesson import TutorialPane

SYSTEMS = list(all_systems())


def named(entries: list[str], prompt: str) -> int | None:
    """The index of the entry the prompt asks to pick ("pick <entry>"), the first named in the prompt; else None."""
    hits = []
    for i, entry in enumerate(entries):
        found = re.search(rf"\b[Pp]ick {re.escape(entry)}(?!\w)", prompt)
        if found:
            hits.append((found.start(), i))
    return min(hits)[1] if hits else None


def named_variant(entries: list[str], prompt: str) -> int:
    """The variant the prompt picks: its whole label, or its last part ("Lancer (A2) - torso": torso); else the
    first (the prompt says "pick either")."""
    for i, entry in enumerate(entries):
        parts = {entry, *re.split(r" - |: |, ", entry)}
        if any(re.search(rf"\b[Pp]ick {re.escape(p)}(?!\w)", prompt) for p in parts if p):
            return i
    return 0


def names_piece(prompt: str, name: str) -> bool:
    """Whether the prompt names the piece ("Longbow" names "Longbow (M2)")."""
    return name in prompt or name.split(" (")[0] in prompt


async def press_entry(pilot, screen, index: int) -> None:
    """Press the key the Orders pane shows beside entry ``index`` of the menu (0 turns the page first)."""
    editor = screen.editor
    await pilot.pause()  # the Orders pane repaints after the last key before it is read
    while editor.page % editor.pages() != index // editor.page_size:
        await pilot.press("0")
        await pilot.pause()
    key = str(index % editor.page_size + 1)
    entry = editor.menu()[index]
    pane_text = " ".join(" ".join(line.split()) for line in screen_lines(pilot.app))
    assert f"{key} {entry[:12]}" in pane_text, \
        f"the Orders pane shows no {key} beside {entry!r}:\n" + screen_text(pilot.app)
    await pilot.press(key)
    await pilot.pause()


def completes(battle, step, command) -> bool:
    """Whether giving ``command`` now completes ``step`` (a walk of several orders is not what a step asks)."""
    if isinstance(command, Route):
        return False
    trial = copy.deepcopy(battle)
    return step.met_by(battle.system.order_parts(trial.state, command).action, trial.submit(command))


async def follow_prompt(pilot, screen, prompt: str, step) -> None:
    """Give the order ``prompt`` asks for, by keys, as a player reading it would."""
    editor = screen.editor
    battle = screen.session.battle
    pieces = {p.id: p for p in screen.board.pieces}
    while editor.level != BROWSE and not (editor.level == ACTION and named(editor.menu(), prompt) is not None):
        await pilot.press("escape")
    if editor.level == BROWSE and named(editor.menu(), prompt) is None:
        # the order is a piece's: Tab to a piece that offers it, the one the prompt names if it names one
        offered = [u for u in editor.book.units() if named(editor.book.actions(u), prompt) is not None]
        assert offered, f"the Orders pane offers no order the prompt names: {prompt}"
        wanted = [u for u in offered if names_piece(prompt, pieces[u].name)] or offered
        for _ in range(60):
            if editor.level == ACTION and editor.unit in wanted:
                break
            await pilot.press("tab")
        assert editor.unit in wanted, f"Tab never selected one of {wanted}"
    index = named(editor.menu(), prompt)
    assert index is not None, f"the prompt names none of {editor.menu()}: {prompt}"
    await press_entry(pilot, screen, index)
    if editor.level == TARGET:
        marked = list(editor.highlight_targets())
        by_name = [h for h in marked for p in screen.board.pieces
                   if p.at == h and p.side != step_side(screen) and names_piece(prompt, p.name)]
        if by_name:
            target = by_name[0]
        else:
            options = editor.book.options(editor.unit, editor.action)
            reach = [o.parts.target for o in options if completes(battle, step, o.command)] or marked
            target = (on_named_ground(screen, reach, prompt) or reach)[0]
        await cursor_to(pilot, screen.query_one("#map"), target)
        await pilot.press("enter")
        await pilot.pause()
    if editor.level == VARIANT:
        await press_entry(pilot, screen, named_variant(editor.menu(), prompt))
    assert editor.level == CONFIRM and editor.chosen is not None, f"the order is not ready ({editor.level})"
    await pilot.press("enter")
    await pilot.pause()


def on_named_ground(screen, hexes: list, prompt: str) -> list:
    """The hexes whose ground the prompt names ("the woods", "the rubble"), as many hexes away as it says
    ("two hexes east"), nearest the piece first."""
    names = {k.glyph: k.name.lower() for k in screen.board.legend}
    said = prompt.lower()
    here = next(p.at for p in screen.board.pieces if p.id == screen.editor.unit)
    found = [h for h in hexes if names.get(screen.board.terrain.get(h), "open ground") != "open ground"
             and names[screen.board.terrain[h]] in said]
    away = re.search(r"\b(one|two|three|four) hex(?:es)?\b", said)
    if away:  # "two hexes east": as far as the prompt says
        far = ["one", "two", "three", "four"].index(away.group(1)) + 1
        found = [h for h in found if hex_distance(h, here) == far] or found
    return sorted(found, key=lambda h: hex_distance(h, here))


def step_side(screen) -> str:
    return screen.tutorial.side


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


#: the tutorials are played at both sizes: each step's prompt is read at the size the terminal has, then at the
#: other, where the step is played (so the steps go to one size or the other in turn)
SIZES = [(80, 24), (120, 40)]


async def read_at_both_sizes(pilot, phrase: str) -> None:
    """``phrase`` is on the screen (the lines run together) at the size the terminal has, then at the other,
    where the terminal is left."""
    now = tuple(pilot.app.size)
    for size in sorted(SIZES, key=lambda s: s != now):
        if tuple(pilot.app.size) != size:
            await pilot.resize_terminal(*size)
            for _ in range(20):  # the new size's layout comes in a few refreshes on a loaded machine
                await pilot.pause()
                if phrase in " ".join(screen_text(pilot.app).split()):
                    break
        assert tuple(pilot.app.size) == size
        assert phrase in " ".join(screen_text(pilot.app).split()), f"{phrase!r} is not on the screen at {size}"


@pytest.mark.parametrize("system_id", SYSTEMS)
@playtest
async def test_the_tutorial_runs_to_its_end_by_keyboard(system_id, saves):
    if not tutorial_scenarios(all_systems()[system_id]):
        pytest.skip(f"{system_id} has no tutorial (no scenario file with a [tutorial] table), so none to play")
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=SIZES[0]) as pilot:
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
        await read_at_both_sizes(pilot, tutorial.intro.split()[0])
        await pilot.press("enter")
        spaces = [0]
        sizes = set()
        for _ in range(120):
            await next_calm(pilot, spaces)
            if isinstance(app.screen, TutorialMessage):
                break
            progress = battle_progress(tutorial, battle)
            step = tutorial.steps[progress.done]
            pane = app.screen.query_one(TutorialPane)
            assert pane.prompt == step.prompt and not pane.warning
            await read_at_both_sizes(pilot, " ".join(step.prompt.split()[:4]))  # the prompt is shown
            sizes.add(tuple(app.size))
            await follow_prompt(pilot, app.screen, pane.prompt, step)
        assert isinstance(app.screen, TutorialMessage) and app.screen.done, "the tutorial ends with its message"
        assert battle_progress(tutorial, battle).finished
        assert spaces[0] > 0, "teach paused at the dice or cards"
        assert len(tutorial.steps) < 2 or sizes == set(SIZES), f"the steps were played at {sizes} only"
        await pilot.press("m")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


def words(text: str) -> str:
    """Text with its line breaks, borders and runs of spaces gone, for reading wrapped lines as one."""
    return " ".join(text.replace("│", " ").replace("▊", " ").replace("▎", " ").split())


async def open_tutorial(pilot, system_id: str) -> BattleScreen:
    """Start ``system_id``'s tutorial and close its introduction; returns the battle screen."""
    app = pilot.app
    app.start_tutorial(system_id, "tutorial")
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, TutorialMessage):
            break
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, BattleScreen)
    return app.screen


@pytest.mark.parametrize("system_id", SYSTEMS)
@playtest
async def test_no_step_of_a_tutorial_is_cut_off_at_80_by_24(system_id):
    """Every step's prompt (and the closing words) is either whole in the tutorial pane at 80 x 24, or the pane's
    title says how many lines are left and names the key, which shows the whole of it."""
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot, system_id)
        pane = screen.query_one(TutorialPane)
        texts = [(f"Tutorial: step {n}", s.prompt) for n, s in enumerate(screen.tutorial.steps, start=1)]
        texts.append(("Tutorial complete", screen.tutorial.finish))
        cut = 0
        for heading, prompt in texts:
            pane.show(heading, prompt)
            await pilot.pause()
            await pilot.pause()
            shown = words(screen_text(app))
            if words(prompt) in shown:
                assert "reads it all" not in shown
                continue
            cut += 1
            assert re.search(r"\(\+\d+ lines?: p reads it all\)", shown), f"{heading} is cut off with no word of it"
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, TutorialMessage)
            assert words(prompt) in words(screen_text(app)), f"{heading} is not whole even on its own screen"
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
        assert cut < len(texts), "the pane shows no prompt whole"


@playtest
async def test_an_order_the_step_did_not_ask_for_is_named_and_z_takes_it_back():
    """Disrupter step 1 asks the CO to Move; the learner picks Follow orders instead. The pane says so and how to
    get back; z takes the order back and the step's own words return."""
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot, "disrupter")
        step = screen.tutorial.steps[0]
        for _ in range(10):
            if screen.editor.unit == "red-co":
                break
            await pilot.press("tab")
        await press_entry(pilot, screen, screen.editor.menu().index("Follow orders"))
        while screen.editor.level != CONFIRM:
            await pilot.press("1")
        await pilot.press("enter")
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, TeachScreen):
                await pilot.press("escape")
            elif app.screen is screen and screen.human_to_act() and not screen._thinking:
                break
        shown = words(screen_text(app))
        assert "That was Follow orders, not the order this step asks for (Move). Press z to take it back" in shown
        assert "step 1 of 5" in shown
        await pilot.press("z")
        await pilot.pause()
        await pilot.pause()
        shown = words(screen_text(app))
        assert "That was" not in shown and words(step.prompt)[:60] in shown
        assert screen.query_one(TutorialPane).warning == ""
