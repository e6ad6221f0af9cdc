"""The new-battle form names each system's options in words (issue 21): a label, the choices in words with the
book's own marked, and a one-line explanation under the form while the row is current, at 80 x 24."""

from __future__ import annotations

import pytest
from tuikit import playtest, screen_text

from hexfront.engine.core.system import all_systems
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.title import ChoiceForm, NewBattleScreen

WITH_OPTIONS = [sid for sid, s in all_systems().items() if s.options]


def words(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_every_option_is_declared_with_words():
    """A label that is not the save's key, a one-line explanation, words for every choice of a non-switch, and
    the book's default among the choices."""
    assert WITH_OPTIONS
    for system in all_systems().values():
        for option in system.options:
            assert option.label and "_" not in option.label and len(option.label) <= 29, option.name
            assert option.help and "\n" not in option.help and not option.help.startswith("["), option.name
            assert option.default in option.all_choices(), option.name
            if not isinstance(option.default, bool):
                assert len(option.words) == len(option.all_choices()), option.name


@pytest.mark.parametrize("system_id", WITH_OPTIONS)
@playtest
async def test_the_form_shows_each_option_in_words_with_the_books_default(system_id, saves):
    system = all_systems()[system_id]
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewBattleScreen)
        form = app.screen.query_one(ChoiceForm)
        for _ in range(len(all_systems())):
            if form.rows[0].value == system_id:
                break
            await pilot.press("right")
            await pilot.pause()
        keys = [row.key for row in form.rows]
        for option in system.options:
            await pilot.press(*["down"] * (keys.index(f"option:{option.name}") - form.current))
            await pilot.pause()
            shown = screen_text(app)
            line = next(ln for ln in shown.splitlines() if f"> {option.label}" in ln)
            assert f"< {option.choice_text(option.default)} (book's default) >" in line, line
            assert words(option.help)[:70] in words(shown), "the explanation shows under the form"
            assert option.name not in shown, "the save's key is not what a player reads"
            others = [c for c in option.all_choices() if c != option.default]
            await pilot.press("right")
            await pilot.pause()
            line = next(ln for ln in screen_text(app).splitlines() if f"> {option.label}" in ln)
            assert f"< {option.choice_text(others[0])} >" in line and "book's default" not in line, line
            await pilot.press("left")
            await pilot.pause()
