"""Helpers for driving the app like a player: read the screen back, settle, walk the cursor."""

from __future__ import annotations

import asyncio

from hexfront.engine.core.hexes import axial_to_offset


def screen_lines(app) -> list[str]:
    """The characters on screen, one string per terminal row (trailing spaces kept).

    Read from the strips the screen's compositor renders for a screenshot (``App.export_screenshot`` turns the
    same strips into an SVG), each character at the column where the terminal shows it."""
    from rich.cells import cell_len

    width, height = app.size
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    rows = []
    for line in update.strips[:height]:
        row = [" "] * width
        col = 0
        for strip in line:
            for segment in strip:
                if segment.control:
                    continue
                for ch in segment.text:
                    if 0 <= col < width:
                        row[col] = " " if ch == "\xa0" else ch
                    col += cell_len(ch)
        rows.append("".join(row))
    rows += [" " * width] * (height - len(rows))
    return rows


def region_text(app, widget) -> list[str]:
    """The characters on screen inside ``widget``'s content region, row by row (without its scroll bars)."""
    lines = screen_lines(app)
    r = widget.scrollable_content_region
    return [lines[y][r.x:r.x + r.width] for y in range(r.y, r.y + r.height)]


async def run_until(pilot, condition, seconds: float) -> float:
    """Let the app run until ``condition()`` holds; how long it took (AssertionError after ``seconds``)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while not condition():
        if loop.time() - start > seconds:
            raise AssertionError(f"not within {seconds} s")
        await pilot.pause(0.02)
    return loop.time() - start


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def toast_texts(app) -> list[str]:
    """The words of every toast on screen, as a player reads them (its rows joined)."""
    from textual.widgets._toast import Toast

    lines = screen_lines(app)
    out = []
    for toast in app.screen.query(Toast):
        r = toast.region
        rows = [line[r.x:r.right].strip(" ▌▐▎▏") for line in lines[r.y:r.bottom]]
        out.append(" ".join(row for row in rows if row))
    return out


async def settle(pilot, rounds: int = 200) -> None:
    """Let every computer order and screen switch finish."""
    from textual.worker import WorkerCancelled

    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:
            # each computer order starts the worker for the next one, which may cancel a worker
            # still being waited on; no order is lost, so keep waiting
            continue
        await pilot.pause()
        screen = app.screen
        session = getattr(screen, "session", None)
        if session is None or getattr(screen, "_thinking", False) is False and not session.computer_to_act():
            return
        if session.battle.outcome() is not None:
            return


async def cursor_to(pilot, hexmap, target) -> None:
    """Walk the map cursor to ``target`` with arrow keys only."""
    col, row = axial_to_offset(target)
    for _ in range(200):
        c, r = hexmap.cursor
        if (c, r) == (col, row):
            return
        if r != row:
            await pilot.press("down" if row > r else "up")
        else:
            await pilot.press("right" if col > c else "left")
    raise AssertionError(f"cursor never reached {(col, row)}")


def playtest(fn):
    """Run an async pilot test with asyncio.run (no asyncio plug-in needed); fixtures pass through."""
    import asyncio
    import functools

    @functools.wraps(fn)
    def run(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return run


async def pick_system(pilot, system_id: str) -> None:
    """On the new-battle form, just opened (the rule system row has the focus): Right until the row shows
    ``system_id``, as a player picks the system. The form opens on the first system found."""
    from hexfront.tui.screens.title import ChoiceForm

    form = pilot.app.screen.query_one(ChoiceForm)
    for _ in range(len(form.rows[0].choices)):
        if form.rows[0].value == system_id:
            return
        await pilot.press("right")
        await pilot.pause()
    raise AssertionError(f"the new-battle form offers no system '{system_id}'")


async def order_by_keys(pilot, screen, command, confirm: bool = True) -> None:
    """Build ``command`` in the order editor with the keys a player would press, and (with ``confirm``) give it.

    Tab to the piece, a digit (0 for the next page) for the action, the cursor and Enter for the
    target hex, a digit for the variant; each step is checked against the editor before the next key.
    """
    from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT

    editor = screen.editor
    system = screen.system
    parts = system.order_parts(screen.session.state, command)

    async def pick(entries: list, index: int) -> None:
        while editor.page % editor.pages() != index // editor.page_size:
            await pilot.press("0")
        await pilot.press(str(index % editor.page_size + 1))

    if parts.unit is not None:
        for _ in range(60):
            if editor.unit == parts.unit and editor.level == ACTION:
                break
            await pilot.press("tab")
        assert editor.unit == parts.unit and editor.level == ACTION, (
            f"Tab never selected {parts.unit} (at {editor.unit}, {editor.level})")
    else:
        while editor.level != BROWSE:
            await pilot.press("escape")
    menu = editor.menu()
    assert parts.action in menu, f"{parts.action!r} is not in the menu {menu}"
    await pick(menu, menu.index(parts.action))
    if editor.level == TARGET and parts.target is None:  # an order of the action that needs no hex
        commands = [o.command for o in editor.untargeted()]
        await pick(editor.menu(), commands.index(command))
    elif editor.level == TARGET:
        await cursor_to(pilot, screen.query_one("#map"), parts.target)
        await pilot.press("enter")
    if editor.level == VARIANT:
        commands = [o.command for o in editor.variants]
        assert command in commands, f"{command} is not among the variants"
        await pick(editor.menu(), commands.index(command))
    assert editor.level == CONFIRM and editor.chosen is not None and editor.chosen.command == command, (
        f"the editor is at {editor.level} with {editor.chosen}")
    await pilot.pause()
    if confirm:
        await pilot.press("enter")
        await pilot.pause()


async def clear_pauses(pilot, key: str = "space", rounds: int = 400) -> int:
    """Step through the teach pauses of the order shown now (Space each, or Escape); returns the keys it took.

    Pauses the next order brings (the computer's reply) are left up.
    """
    from hexfront.tui.screens.teach import TeachScreen

    await pilot.pause()
    first = pilot.app.screen
    pressed = 0
    for _ in range(rounds):
        if not isinstance(first, TeachScreen) or pilot.app.screen is not first:
            return pressed
        await pilot.press(key)
        pressed += 1
        await pilot.pause()
    raise AssertionError("the teach pauses never ended")


def learner_order(battle, step):
    """The first legal order that completes ``step`` (tried on a copy); else the first order of the side as a
    whole that is not a pass (a roll-off, a card to turn), else the first legal order."""
    import copy

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


class hang_guard:
    """A test that may hang (a FIFO read without O_NONBLOCK would) fails after ``seconds`` instead:
    ``with hang_guard(120, "the game hung"): ...``, or as the body of an autouse fixture."""

    def __init__(self, seconds: int, what: str) -> None:
        self.seconds, self.what = seconds, what

    def _expired(self, signum, frame):
        raise TimeoutError(self.what)

    def __enter__(self) -> hang_guard:
        import signal

        self._old = signal.signal(signal.SIGALRM, self._expired)
        signal.alarm(self.seconds)
        return self

    def __exit__(self, *exc) -> None:
        import signal

        signal.alarm(0)
        signal.signal(signal.SIGALRM, self._old)
