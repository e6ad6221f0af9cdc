"""Skirmishes in the TUI, two players at one terminal: each side commits in the order editor, the dice log
says only that orders were committed until both sides have, then shows the reveal and the resolution phase
by phase; a selected character shows its ammunition and damage per location. Snapshots at 80 x 24 and
120 x 40.

After a deliberate change of look: pytest tests/tui/test_skirmishes_tui.py --snapshot-update
"""

from __future__ import annotations

import pytest
from tuikit import playtest, screen_text, settle

from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM
from hexfront.tui.session import Session

SIZES = [(80, 24), (120, 40)]
HUMANS = {"red": "human", "blue": "human"}


def app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


async def open_on_a_character(pilot) -> None:
    pilot.app.open_session(Session.new("skirmishes", "street_ambush", players=dict(HUMANS), seed=3))
    await settle(pilot)
    await pilot.press("tab")
    await pilot.pause()


async def hold_and_lock(pilot, screen) -> None:
    """The side to act gives one character a Hold by keys, then locks its orders (the rest hold)."""
    editor = screen.editor
    await pilot.press("tab")
    await pilot.pause()
    assert editor.level == ACTION, screen.message
    menu = editor.menu()
    await pilot.press(str(menu.index("Hold") + 1))
    assert editor.level == CONFIRM
    await pilot.press("enter")
    await settle(pilot)
    editor.reset(editor.book)
    assert editor.level == BROWSE
    menu = editor.menu()
    assert "Lock orders" in menu, menu
    await pilot.press(str(menu.index("Lock orders") + 1))
    assert editor.level == CONFIRM
    await pilot.press("enter")
    await settle(pilot)


@playtest
async def test_both_sides_commit_in_turn_and_the_log_shows_the_reveal_then_each_phase():
    """Rounds (and RULES-NOTES: secret commitment replaces the referee): the first side's orders are not in
    the dice log while the second side gives its own; once both have committed, one reveal line lists every
    order and the phases follow in the book's order."""
    the_app = app()
    async with the_app.run_test(size=(120, 40)) as pilot:
        # the building clearance has no surprise round: both sides commit from the first round
        pilot.app.open_session(Session.new("skirmishes", "building_clearance", players=dict(HUMANS), seed=3))
        await settle(pilot)
        screen = the_app.screen
        battle = screen.session.battle
        first = battle.side_to_act()
        await hold_and_lock(pilot, screen)
        second = battle.side_to_act()
        assert second != first
        texts = [battle.system.describe(e, battle.state) for e in battle.all_events()]
        assert not any(t.startswith("Orders revealed") for t in texts)
        assert any("committed" in t for t in texts), texts[-5:]
        # the screen shows that orders were given, not what they are
        assert "holds" not in screen_text(the_app).lower()
        await hold_and_lock(pilot, screen)
        texts = [battle.system.describe(e, battle.state) for e in battle.all_events()]
        reveal = [i for i, t in enumerate(texts) if t.startswith("Orders revealed")]
        assert reveal, texts[-10:]
        stages = [t for t in texts[reveal[0]:] if t.startswith("-- ")]
        assert stages, texts[reveal[0]:]
        # the five phases of the round, each once, in the book's order (movement, shooting, grenades, melee,
        # miscellaneous); other headings (live grenades, the end of the round) may come between
        firsts = [next(i for i, s in enumerate(stages) if s.lower().startswith(f"-- {word} phase"))
                  for word in ("movement", "shooting", "grenades", "melee", "miscellaneous")]
        assert firsts == sorted(firsts), stages
        assert "Traceback" not in screen_text(the_app)


@playtest
async def test_a_selected_character_shows_ammunition_and_damage_by_location():
    the_app = app()
    async with the_app.run_test(size=(120, 40)) as pilot:
        await open_on_a_character(pilot)
        screen = the_app.screen
        assert screen.editor.level == ACTION
        text = screen_text(the_app)
        assert "loaded" in text and "magazine" in text, text
        assert "luck" in text
        character = screen.session.state.chars[screen.editor.unit]
        assert character.name in text


@pytest.mark.parametrize("size", SIZES)
def test_skirmishes_screen_with_a_character_selected(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, run_before=open_on_a_character)



@playtest
async def test_the_new_battle_form_offers_the_unskilled_burst_reading_off_by_default(saves):
    """Automatic Fire: "However, roll with Disadvantage if you fire an Automatic weapon without the Shooting
    Skill." The form shows the cancelling reading as a switch, off (the book's rule); its line says it is not the
    book's. A player who turns it on starts a battle under it."""
    from tuikit import pick_system

    from hexfront.tui.screens.title import ChoiceForm

    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, "skirmishes")
        rows = [row.key for row in the_app.screen.query_one(ChoiceForm).rows]
        assert "option:unskilled_burst_cancels" in rows
        line = next(x for x in screen_text(the_app).splitlines() if "Unskilled burst: no penalty" in x)
        assert "< off (book's default) >" in line, line
        await pilot.press(*["down"] * rows.index("option:unskilled_burst_cancels"))
        await pilot.pause()
        assert "Not the book's rule" in screen_text(the_app)
        await pilot.press("right", "enter")
        await settle(pilot)
        assert the_app.screen.session.battle.setup.options == {"unskilled_burst_cancels": True}
