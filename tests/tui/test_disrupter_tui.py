"""Disrupter in the TUI, played as a user plays it: orders written in the order editor at the briefing
and read back from the screen, a team's orders and leadership shown when it is selected, a long menu
paged with 0, and snapshots at 80 x 24 and 120 x 40.

After a deliberate change of look: pytest tests/tui/test_disrupter_tui.py --snapshot-update
"""

from __future__ import annotations

import pytest
from tuikit import cursor_to, playtest, screen_text, settle

from hexfront.engine.systems.disrupter import commands as C
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT
from hexfront.tui.session import Session

SIZES = [(80, 24), (120, 40)]
HUMANS = {"red": "human", "blue": "human"}


def app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7)


def briefing_session() -> Session:
    return Session.new("disrupter", "crossroads", players=dict(HUMANS), seed=3)


def battle_session() -> Session:
    """Both platoons end the briefing with the scenario's set-up: turn 1 begins."""
    session = briefing_session()
    battle = session.battle
    while battle.state.phase == "briefing":
        side = battle.side_to_act()
        battle.submit(C.EndBriefing(side))
    return session


async def open_briefing(pilot) -> None:
    pilot.app.open_session(briefing_session())
    await settle(pilot)


async def open_battle_on_a_team(pilot) -> None:
    pilot.app.open_session(battle_session())
    await settle(pilot)
    await pilot.press("tab")
    await pilot.pause()


async def page_to(pilot, editor, action: str) -> None:
    """Press 0 until the action is among the nine choices the keys reach, then its number."""
    for _ in range(editor.pages()):
        if action in editor.page_entries():
            await pilot.press(str(editor.page_entries().index(action) + 1))
            return
        await pilot.press("0")
    raise AssertionError(f"{action} is on no page of {editor.menu()}")


@playtest
async def test_the_briefing_order_is_written_in_the_order_editor_and_read_back():
    """Rule 10 - Intelligence Briefing and Rule 9 - Giving Orders: Red writes Alpha Squad's initial order,
    "advance to the crossroads; fire on what comes into sight", with keys only; the order is the squad's
    and the activation pane reads it back in words."""
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_briefing(pilot)
        screen = the_app.screen
        editor = screen.editor
        battle = screen.session.battle
        assert editor.level == BROWSE and editor.pages() == 2, editor.menu()
        text = screen_text(the_app)
        assert "Intelligence briefing - Red" in text and "0  6 more below (1/2)" in text
        await page_to(pilot, editor, "Orders: advance")
        assert editor.level == TARGET
        objective = battle.state.tables.objective
        await cursor_to(pilot, screen.query_one("#map"), objective)
        await pilot.press("enter")
        assert editor.level == VARIANT
        wanted = "Red Platoon: Alpha Squad will advance to (6,6); fire on what comes into sight"
        labels = editor.menu()
        assert wanted in labels, labels
        await page_to(pilot, editor, wanted)
        assert editor.level == CONFIRM
        await pilot.press("enter")
        await settle(pilot)
        order = battle.state.squads["red-a"].order
        assert (order.verb, order.place, order.fire) == ("advance", objective, "fire")
        await pilot.press("a")
        await pilot.pause()
        text = screen_text(the_app)
        assert "Alpha Squad [Group 1]: advance to (6,6); fire on what comes into sight" in text, text
        assert "Traceback" not in text


@playtest
async def test_zero_turns_the_page_only_when_there_is_more():
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_briefing(pilot)
        editor = the_app.screen.editor
        first = editor.page_entries()
        await pilot.press("0")
        await pilot.pause()  # let the screen repaint before reading it
        assert editor.page_entries() != first and "0  first page (2/2)" in screen_text(the_app)
        await pilot.press("0")
        assert editor.page_entries() == first  # round to the first page
        # the End briefing order sits on the second page and is reached from it
        await page_to(pilot, editor, "End briefing")
        assert editor.level == CONFIRM and isinstance(editor.chosen.command, C.EndBriefing)


@playtest
async def test_pass_where_there_is_none_leaves_the_order_being_built_and_enter_still_gives_it():
    """At the briefing there is no pass: "." says so and leaves the End briefing order waiting, as its pane
    still shows ("Enter give"), so Enter ends the briefing (it used to drop the order behind the pane's back,
    and Enter then picked the piece under the cursor)."""
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_briefing(pilot)
        screen = the_app.screen
        editor = screen.editor
        await page_to(pilot, editor, "End briefing")
        await pilot.press("full_stop")
        await pilot.pause()
        text = " ".join(screen_text(the_app).split())
        assert "there is no pass order now" in text and "Enter give" in text
        assert editor.level == CONFIRM
        before = len(screen.session.battle.log)
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.session.battle.log) == before + 1
        assert isinstance(screen.session.battle.log[-1], C.EndBriefing)


@playtest
async def test_a_selected_team_shows_its_squads_order_and_whether_it_is_led():
    """Rule 9 - Leading: the orders pane says what the team's squad was ordered to do and whether an
    officer within Close leads it (free to act) or it must follow its orders without deviation."""
    the_app = app()
    async with the_app.run_test(size=(120, 40)) as pilot:
        await open_battle_on_a_team(pilot)
        screen = the_app.screen
        editor = screen.editor
        assert editor.level == ACTION
        team = screen.session.state.teams[editor.unit]
        squad = screen.session.state.squads[team.squad]
        from hexfront.engine.systems.disrupter.rules import is_led

        text = screen_text(the_app)
        assert squad.order.verb == "hold"  # nobody wrote orders at the briefing: the default stands
        assert f"{squad.name}: hold this" in text, text
        led = is_led(screen.session.state, team)
        assert ("led by an officer" in text) is led and ("follows its orders" in text) is not led
        assert "Turn 1 - " in text and "stress" in text


@pytest.mark.parametrize("size", SIZES)
def test_disrupter_briefing_screen_second_page(snap_compare, size):
    async def run_before(pilot):
        await open_briefing(pilot)
        await pilot.press("0")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_disrupter_battle_screen_with_a_team_selected(snap_compare, size):
    assert snap_compare(app(), terminal_size=size, run_before=open_battle_on_a_team)


def fire_session() -> Session:
    """Alpha lead (an officer and two soldiers) faces Alpha marksmen two hexes off, in Red's Group 1
    battlefield actions; both sides played at this terminal."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "disrupter"))
    import diskit as K

    b = K.battle(place={"red-a1": (4, 5), "blue-a3": (4, 3)})
    K.goto(b, "g1", "red", "ba")
    b.setup.players = dict(HUMANS)
    return Session(b)


@playtest
async def test_a_shot_is_given_by_keys_with_its_odds_shown_first():
    """Rule 16 - Firing, played as a user does: select Alpha lead, choose Fire, point at the marksmen, pick
    the whole team, read the exact odds and the named [+], confirm; the dice log has the checks."""
    from hexfront.engine.systems.disrupter import events as E

    the_app = app()
    async with the_app.run_test(size=(120, 40)) as pilot:
        pilot.app.open_session(fire_session())
        await settle(pilot)
        screen = the_app.screen
        battle = screen.session.battle
        hexmap = screen.query_one("#map")
        await cursor_to(pilot, hexmap, battle.state.teams["red-a1"].pos)
        await pilot.press("enter")
        editor = screen.editor
        assert editor.level == ACTION and editor.unit == "red-a1", editor.menu()
        await page_to(pilot, editor, "Fire")
        assert editor.level == TARGET
        await cursor_to(pilot, hexmap, battle.state.teams["blue-a3"].pos)
        await pilot.press("enter")
        if editor.level == VARIANT:
            labels = editor.menu()
            whole = next(label for label in labels if "(at " not in label)  # the whole team, not one unit
            await page_to(pilot, editor, whole)
        assert editor.level == CONFIRM
        await pilot.pause()
        text = screen_text(the_app)
        assert "expected wounds" in text and "%" in text
        assert "I60: [+] officer within Close" in text, text
        before = len(battle.log)
        await pilot.press("enter")
        await settle(pilot)
        assert len(battle.log) == before + 1
        fired = [e for e in battle.events[-1] if isinstance(e, E.FireDeclared)]
        assert fired and fired[0].team == "red-a1" and fired[0].target == "blue-a3"
        checks = [e for e in battle.events[-1] if isinstance(e, E.CheckMade)]
        assert {e.kind for e in checks} == {"Instinct", "Armor"}, checks
        assert any(e.kind == "Instinct" and e.stat == 60 and e.adv == 1 for e in checks)  # the [+] as shown


@playtest
async def test_a_team_moves_by_keys_and_the_map_shows_it_there():
    """Rule 14 - Movement by keys: Tab to a team of the side to act, Move, Enter on a marked hex, confirm."""
    the_app = app()
    async with the_app.run_test(size=(80, 24)) as pilot:
        await open_battle_on_a_team(pilot)
        screen = the_app.screen
        editor = screen.editor
        battle = screen.session.battle
        team_id = editor.unit
        await page_to(pilot, editor, "Move")
        assert editor.level == TARGET
        targets = sorted(editor.highlight_targets(), key=lambda h: (h.q, h.r))
        assert targets
        await cursor_to(pilot, screen.query_one("#map"), targets[0])
        await pilot.press("enter")
        while editor.level == VARIANT:
            await pilot.press("1")
        assert editor.level == CONFIRM
        await pilot.press("enter")
        await settle(pilot)
        assert battle.state.teams[team_id].pos == targets[0] or not battle.state.teams[team_id].on_board
        assert "Traceback" not in screen_text(the_app)
