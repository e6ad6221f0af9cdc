"""The fuzz cases of tests/security/mutations.py through the game itself: each damaged save is the
autosave, and the player presses Continue (`c` on the title menu, as `hexfront play --continue` opens).

Every case ends one of two ways: the battle opens, or its end screen if it is over (the save was still a
save this hexfront can play, and the autosave it keeps replays to the same battle), or the menu stays with
one toast line saying why, no traceback on screen, and the file byte-identical. Nothing is ever written
outside the saves folder. The cases are seeded, so a failure reproduces.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tuikit import hang_guard, playtest, screen_text

from hexfront.engine.core.saves import load_battle
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.title import TitleScreen
from hexfront.tui.session import autosave_path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "security"))
from mutations import ESCAPE_NAME, mutated_saves  # noqa: E402

#: How many cases the suite drives through the game (each is one app start; about 0.3 s each).
CASES = 24
SEED = 18


def _toasts(app: HexfrontApp) -> list[str]:
    from textual.widgets._toast import Toast

    return [" ".join(str(t.render()).split()) for t in app.screen.query(Toast)]


def _tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.fixture(autouse=True)
def deadline():
    """No case may hang: the test fails after 240 s instead."""
    with hang_guard(240, "the game hung on a fuzzed autosave"):
        yield


@playtest
async def test_continue_on_every_fuzzed_autosave_opens_it_or_says_why_in_one_line(tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    saves.mkdir()
    monkeypatch.setenv("HEXFRONT_SAVES", str(saves))
    monkeypatch.chdir(tmp_path)
    opened = refused = 0
    problems: list[str] = []
    for n, (kind, data) in enumerate(mutated_saves(SEED, CASES)):
        for stale in saves.iterdir():
            stale.unlink()
        path = autosave_path()
        path.write_bytes(data)
        app = HexfrontApp(computer_delay=0, battle_seed=7)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.press("c")
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
            where = f"case {n} ({kind})"
            if "Traceback" in text:
                problems.append(f"{where}: a traceback on screen")
            if isinstance(app.screen, (BattleScreen, EndScreen)):  # the battle, or its end when it is over
                opened += 1
                kept = load_battle(path, verify=True).checkpoints  # the autosave it keeps is a good save
                if kept != app.screen.session.battle.checkpoints[:len(kept)]:
                    problems.append(f"{where}: the kept autosave replays to another battle")
            elif isinstance(app.screen, TitleScreen):
                refused += 1
                toasts = _toasts(app)
                if len(toasts) != 1 or not toasts[0].startswith("cannot continue: "):
                    problems.append(f"{where}: not one line saying why: {toasts!r}")
                elif len(toasts[0]) > 600 or any(ord(c) < 32 or c == "\x7f" for c in toasts[0]):
                    problems.append(f"{where}: the line is unbounded or holds control characters")
                if path.read_bytes() != data:
                    problems.append(f"{where}: the refused file was changed")
            else:
                problems.append(f"{where}: neither the battle nor the menu: {type(app.screen).__name__}")
        if set(_tree(saves)) - {"autosave.json"}:
            problems.append(f"case {n} ({kind}): wrote {sorted(_tree(saves))}")
    assert not list(Path("/tmp").glob(f"{ESCAPE_NAME}*")) and not list(tmp_path.glob(f"**/{ESCAPE_NAME}*"))
    assert not problems, "\n".join(problems)
    assert refused > CASES // 2 and opened + refused == CASES
