"""Helpers for driving the app like a player: read the screen back, settle, walk the cursor."""

from __future__ import annotations

import html
import re

from engine.core.hexes import axial_to_offset

_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)" textLength="[\d.]+" clip-path="[^"]*">(.*?)</text>')


def screen_lines(app) -> list[str]:
    """The characters on screen, one string per terminal row (trailing spaces kept)."""
    svg = app.export_screenshot()
    width, height = app.size
    rows = [[" "] * width for _ in range(height)]
    char_w, line_h = 12.2, 24.4
    for x, y, body in _TEXT.findall(svg):
        text = html.unescape(body).replace("\xa0", " ")
        col = round(float(x) / char_w)
        row = round((float(y) - 20) / line_h)
        if 0 <= row < height:
            for i, ch in enumerate(text):
                if 0 <= col + i < width:
                    rows[row][col + i] = ch
    return ["".join(r) for r in rows]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


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
