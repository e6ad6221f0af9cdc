"""Learning in the TUI (issue 10): teach pauses, odds before an order, the rules browser, luck at the end.

Driven by keys as a player would, at 80 x 24 unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from tuikit import clear_pauses, order_by_keys, pick_system, playtest, screen_text, settle

from hexfront.engine.core.saves import load_battle
from hexfront.engine.core.view import find_section
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.explain import ExplainScreen
from hexfront.tui.screens.help import HelpScreen
from hexfront.tui.screens.odds import OddsScreen
from hexfront.tui.screens.teach import TeachScreen
from hexfront.tui.session import Session, autosave_path


def make_app(**kw) -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=3, **kw)


async def wait_for(pilot, predicate, rounds: int = 300) -> None:
    for _ in range(rounds):
        if predicate():
            return
        await pilot.pause()
    raise AssertionError("what the test waited for never came")


def odds_session(saves) -> tuple[Session, object]:
    """RatFight's ditch with seed 7: blue (at this keyboard) acts first and may fire; returns the fire order."""
    session = Session.new("ratfight", "ditch", players={"red": "default", "blue": "human"}, seed=7,
                          autosave=autosave_path())
    system = session.system
    command = next(c for c in session.battle.legal_commands() if system.preview(session.state, c).odds
                   and system.order_parts(session.state, c).action.startswith("Fire"))
    return session, command


@playtest
async def test_a_watched_battle_pauses_at_each_card_and_the_computer_waits_for_space(saves):
    """The new-battle form's 'watch' side and teach on: the cards of the computer's order pause, one pause per
    step of the rules, each naming whom a card was for, the card and why; nothing more is ordered until the
    pauses end."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, "ratfight")
        await pilot.press("down", "down", "right", "right")  # your side: none, watch
        await pilot.press("down", "down", "right")  # teach on
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, TeachScreen))
        battle_screen = next(s for s in app.screen_stack if isinstance(s, BattleScreen))
        battle = battle_screen.session.battle
        assert set(battle.setup.players.values()) == {"default"} and battle.setup.teach
        text = screen_text(app)
        stop = app.screen.stops[0]
        draw = stop.draws[0]
        for word in ("Teach: 1 of", f"Order {len(battle.log)}:", f"{stop.title}: ", f"* {draw.who}: {draw.result} - "):
            assert word in text, word
        given = len(battle.log)
        for _ in range(20):
            await pilot.pause()
        assert len(battle.log) == given, "the computer went on while a pause was up"
        stops = len(app.screen.stops)
        assert await clear_pauses(pilot) == stops
        await wait_for(pilot, lambda: len(battle.log) > given)
        await wait_for(pilot, lambda: isinstance(app.screen, TeachScreen))
        assert await clear_pauses(pilot, "escape") == 1, "Escape finishes the order's pauses at once"


@playtest
async def test_t_switches_teach_for_this_battle_and_the_save_keeps_it(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        await clear_pauses(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and not screen.session.battle.setup.teach
        await pilot.press("t")
        await pilot.pause()  # let the screen repaint before reading it
        assert screen.session.battle.setup.teach and "teach on" in screen_text(app)
        assert load_battle(autosave_path()).setup.teach
        await pilot.press("t")
        assert not load_battle(autosave_path()).setup.teach


@playtest
async def test_why_opens_the_rules_at_the_section_a_dice_log_entry_was_drawn_under(saves):
    """d, then w on the newest entry: the rules browser opens at the section its rule belongs to; from
    the explanation (e) w does the same."""
    session, command = odds_session(saves)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_session(session)
        await settle(pilot)
        screen = app.screen
        await order_by_keys(pilot, screen, command)
        await settle(pilot)
        await clear_pauses(pilot)
        await pilot.press("d")
        entry = screen.query_one("#dicelog").selected_entry()
        assert entry is not None and entry.rule
        sections = session.system.help_sections()
        want = sections[find_section(sections, entry.rule)].title
        for keys in (["w"], ["e", "w"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            topics = app.screen.query_one("#help-topics")
            assert app.screen.topics[app.screen.shown[topics.highlighted]][1] == want
            assert want in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            if isinstance(app.screen, ExplainScreen):
                await pilot.press("escape")
                await pilot.pause()
        assert app.screen is screen


@playtest
async def test_the_rules_search_keeps_the_sections_that_mention_the_words(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        await clear_pauses(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        everything = len(help_screen.shown)
        await pilot.press("slash", *"cover")
        await pilot.pause()
        shown = [help_screen.topics[i] for i in help_screen.shown]
        assert 0 < len(shown) < everything
        assert all("cover" in (title + text).lower() for _, title, text in shown)
        assert f"{len(shown)} found" in screen_text(app)
        await pilot.press(*"qqqzz")
        await pilot.pause()
        assert help_screen.shown == [] and "No topic mentions" in screen_text(app)
        await pilot.press("escape")  # clears the search
        await pilot.pause()
        assert len(help_screen.shown) == everything and app.screen is help_screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)


@playtest
async def test_the_odds_show_before_the_order_is_given_and_o_opens_them_whole(saves):
    session, command = odds_session(saves)
    preview = session.system.preview(session.state, command)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_session(session)
        await settle(pilot)
        screen = app.screen
        await order_by_keys(pilot, screen, command, confirm=False)
        pane = str(screen.query_one("#orders").render())
        assert "exact" in pane and "%" in pane
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OddsScreen)
        text = screen_text(app)
        for chance in preview.odds:
            assert chance.outcome[:30] in text
            assert f"{chance.probability * 100:.0f}%" in text
        for modifier in preview.modifiers:
            assert modifier[:30] in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and len(session.battle.log) == 0, "looking at the odds gives no order"


@playtest
async def test_the_end_of_a_battle_tells_each_sides_luck(saves):
    from hexfront.engine.core.players import computer_players_for
    from hexfront.engine.core.playout import play_out

    session = Session.new("ratfight", "ditch", players={"red": "default", "blue": "default"}, seed=3)
    play_out(session.battle, computer_players_for(session.battle))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_session(session)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        text = screen_text(app)
        assert "Luck" in text
        from hexfront.engine.core.luck import battle_luck

        for side, luck in battle_luck(session.battle).items():
            assert luck.orders > 0
            assert f"{session.side_names[side]}: luck {luck.score * 100:.0f}% over {luck.orders} orders" in text
            for tally in luck.tallies.values():
                assert f"{tally.unit}: {tally.rolled:g} rolled, {tally.expected:.1f} expected" in text


SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_teach_pause(snap_compare, size, saves):
    async def run_before(pilot):
        session = Session.new("ratfight", "ditch", players={"red": "default", "blue": "default"}, seed=3,
                              teach=True)
        pilot.app.open_session(session)
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, TeachScreen))

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_odds_at_the_confirm_step(snap_compare, size, saves):
    async def run_before(pilot):
        session, command = odds_session(saves)
        pilot.app.open_session(session)
        await settle(pilot)
        await order_by_keys(pilot, pilot.app.screen, command, confirm=False)

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


def test_snapshot_odds_panel(snap_compare, saves):
    async def run_before(pilot):
        session, command = odds_session(saves)
        pilot.app.open_session(session)
        await settle(pilot)
        await order_by_keys(pilot, pilot.app.screen, command, confirm=False)
        await pilot.press("o")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
