"""Skirmishes in the generic TUI: the order editor gives secret orders with keys, the computer's orders stay
hidden on screen until the reveal, and the pieces show ammunition and damage."""

from __future__ import annotations

import asyncio

import pytest

from hexfront.engine.core.hexes import axial_to_offset, hex_distance
from hexfront.tui.orders import ACTION, CONFIRM, TARGET, VARIANT
from hexfront.tui.widgets.hexmap import HexMap


@pytest.fixture(autouse=True)
def _saves(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXFRONT_SAVES", str(tmp_path / "saves"))
    monkeypatch.delenv("HEXFRONT_ASCII", raising=False)


async def _settle(pilot) -> None:
    for _ in range(100):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        session = getattr(screen, "session", None)
        if session is None or not session.computer_to_act() or session.battle.outcome() is not None:
            return


async def _cursor_to(pilot, hexmap, target) -> None:
    col, row = axial_to_offset(target)
    for _ in range(300):
        c, r = hexmap.cursor
        if (c, r) == (col, row):
            return
        if r != row:
            await pilot.press("down" if row > r else "up")
        else:
            await pilot.press("right" if col > c else "left")
    raise AssertionError("the cursor never got there")


def test_orders_by_keyboard_against_the_computer():
    """Red (at the keyboard) commits with the order editor; Blue (the random computer) commits after it; the
    status line never shows the content of the computer's orders; the reveal shows them all."""
    from hexfront.tui.app import HexfrontApp
    from hexfront.tui.screens.battle import BattleScreen
    from hexfront.tui.session import Session

    async def run() -> None:
        session = Session.new("skirmishes", "field_crossing", players={"red": "human", "blue": "random"}, seed=5)
        app = HexfrontApp(computer_delay=0, battle_seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(BattleScreen(session))
            await _settle(pilot)
            screen = app.screen
            assert isinstance(screen, BattleScreen)
            given = 0
            for _ in range(12):
                if session.battle.outcome() is not None or session.state.round > 1:
                    break
                await pilot.press("tab")
                editor = screen.editor
                assert editor.level == ACTION, screen.message
                await pilot.press("1")
                if editor.level == TARGET:
                    hexmap = screen.query_one("#map", HexMap)  # the nearest marked hex: fewer keys to walk there
                    here = hexmap.cursor_hex
                    nearest = min(sorted(editor.highlight_targets()), key=lambda h: hex_distance(here, h))
                    await _cursor_to(pilot, hexmap, nearest)
                    await pilot.press("enter")
                if editor.level == VARIANT:
                    await pilot.press("1")
                assert editor.level == CONFIRM, (editor.level, screen.message)
                before = len(session.battle.log)
                await pilot.press("enter")
                await _settle(pilot)
                assert len(session.battle.log) > before, screen.message
                given += 1
                assert "shoots" not in screen.message and "runs to" not in screen.message
            assert given >= 5 and session.state.round >= 2
            texts = [session.system.describe(e, session.state) for e in session.battle.all_events()]
            reveal = [t for t in texts if t.startswith("Orders revealed:")]
            assert reveal and all(n in reveal[0] for n in ("Lt Marsh", "Hesper", "Corr", "Wick"))

    asyncio.run(run())
