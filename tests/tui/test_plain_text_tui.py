"""No player-visible text from content or the engine is read as markup (issue 21): names, titles, tutorial
prompts, help, event descriptions and paths holding square brackets, backslashes and markup-like text show on
screen exactly as written.

The content folder is copied and every piece and side name, the tutorial's title, introduction and prompts,
and a help section's title and text get HOSTILE added; the saves folder has it in its name. Then the RatFight
tutorial is played from the menu at 120 x 40, and each place the words reach is read back from the screen.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tuikit import clear_pauses, order_by_keys, playtest, screen_lines, screen_text

from hexfront.engine.core.system import content_root
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.teach import TeachScreen
from hexfront.tui.screens.tutorial import TutorialMessage

HOSTILE = r"[b]Z[/b]\[x] [red-a1]"  # markup would show "Z[x]" only: a bold Z, the escape and the tag gone
HOSTILE_TOML = HOSTILE.replace("\\", "\\\\")


def words(text: str) -> str:
    """Wrapped lines read as one text: line breaks, borders and runs of spaces gone."""
    return " ".join(text.replace("│", " ").split())


def region_words(app, selector: str) -> str:
    """The words on screen inside one widget's region."""
    r = app.screen.query_one(selector).region
    return words(" ".join(line[r.x:r.right] for line in screen_lines(app)[r.y:r.bottom]))


def toasts(app) -> str:
    """The words of the notes (toasts) on screen, read from their place on it."""
    from textual.widgets._toast import Toast

    lines = screen_lines(app)
    out = []
    for toast in app.screen.query(Toast):
        r = toast.region
        out.append(words(" ".join(line[r.x:r.right].strip(" ▌▐") for line in lines[r.y:r.bottom])))
    return " ".join(out)


def hostile_content(folder: Path) -> Path:
    """A copy of content/ with HOSTILE in the RatFight tutorial's names, title, words, and in its help."""
    root = folder / "content"
    shutil.copytree(content_root(), root)
    scenario = root / "ratfight" / "scenarios" / "tutorial.toml"
    text = scenario.read_text(encoding="utf-8")
    text = re.sub(r'^(\s*(?:title|name) = "[^"]*)"', lambda m: f'{m[1]} {HOSTILE_TOML}"', text, flags=re.M)
    text = re.sub(r'(\{ id = "\w+", name = "[^"]*)"', lambda m: f'{m[1]} {HOSTILE_TOML}"', text)
    text = re.sub(r'(\n(?:prompt|intro|finish) = """\\?\n(?:.|\n)*?)"""', lambda m: f'{m[1]} {HOSTILE_TOML}"""',
                  text)
    scenario.write_text(text, encoding="utf-8")
    help_md = root / "ratfight" / "help.md"
    text = help_md.read_text(encoding="utf-8")
    help_md.write_text(text.replace("## Battlefield\n", f"## Battlefield {HOSTILE}\n{HOSTILE} in the text.\n", 1),
                       encoding="utf-8")
    return root


@playtest
async def test_brackets_backslashes_and_markup_in_content_show_verbatim(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXFRONT_CONTENT", str(hostile_content(tmp_path)))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFRONT_SAVES", f"saves {HOSTILE}")
    app = HexfrontApp(computer_delay=1.0)  # the status line's order stays up until the computer answers
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.press("t")
        await pilot.pause()
        shown = words(screen_text(app))
        assert f"RatFight: Tutorial: Cards Decide {HOSTILE}" in shown, "the tutorial list"
        from hexfront.tui.screens.tutorial import tutorial_list

        await pilot.press(*["down"] * [s for s, _, _ in tutorial_list()].index("ratfight"), "enter")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, TutorialMessage):
                break
        assert f"You are the Field Rats. {HOSTILE}" in words(screen_text(app)), "the introduction"
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        shown = words(screen_text(app))
        assert "selected and pick Move." in shown and "Tab until Cpl Nib [R1] is" in shown, "the tutorial pane"
        assert f"in woods he turns 2 cards when shot at. {HOSTILE}".lower() in shown.lower(), "the prompt's end"
        await pilot.press("tab")
        await pilot.pause()
        shown = words(screen_text(app))
        assert f"Cpl Nib {HOSTILE} [R1]" in shown, "the Orders pane and the cursor pane"
        move = next(c for c in screen.session.battle.legal_commands()
                    if screen.system.order_parts(screen.session.state, c).action == "Move")
        await order_by_keys(pilot, screen, move)
        assert isinstance(app.screen, TeachScreen)
        assert f"* Stoats {HOSTILE}: 'Move Vehicle' - an action card for Stoats {HOSTILE}" in words(screen_text(app)), \
            "a teach pause"
        await clear_pauses(pilot, "escape")
        status = screen.query_one("#status").region
        assert f"move Cpl Nib {HOSTILE} [R1] to" in screen_lines(app)[status.y], "the status line names the order"
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, TeachScreen):
                assert HOSTILE in words(screen_text(app)) or "[" not in words(screen_text(app)), "a teach pause"
                await pilot.press("escape")
            elif app.screen is screen and screen.human_to_act() and not screen._thinking:
                break
        shown = words(screen_text(app))
        assert f"Turn 1 - Field Rats {HOSTILE.split()[0]}" in shown, "the activation pane"
        assert f"'Move Vehicle' drawn: an action card for Stoats {HOSTILE[:8]}" in shown, "the dice log"
        await pilot.press("s")
        for _ in range(5):
            await pilot.pause()
        assert f"saved as saves {HOSTILE}/ratfight-tutorial-" in toasts(app), "the save's path"
        await pilot.press("question_mark")
        await pilot.pause()
        for _ in range(10):  # down the topics to the Battlefield
            if f"{HOSTILE} in the text." in words(screen_text(app)):
                break
            await pilot.press("down")
            await pilot.pause()
        shown = words(screen_text(app))
        assert f"{HOSTILE} in the text." in shown, "the rules help's text"
        assert f"╭─ Battlefield {HOSTILE} ─" in shown, "the section's title over its text"
        assert f"Battlefield {HOSTILE}" in region_words(app, "#help-topics"), "the list of topics"


@playtest
async def test_a_save_file_named_like_markup_is_listed_verbatim(saves):
    """The saves list quotes file names as they are: a player may name a file anything."""
    name = r"[b]Z[i]\[x] [red-a1].json"  # a file name holds no slash, so no closing tags
    saves.mkdir(parents=True, exist_ok=True)
    (saves / name).write_text("{}", encoding="utf-8")
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert f"{name}: not a readable save" in words(screen_text(app))
