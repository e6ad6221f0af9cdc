"""The computer's levels on the new-battle form, and "Why did it do that?" (c) on the battle screen, as a player
uses them: keys pressed, the screen read back."""

from __future__ import annotations

import json

import pytest
from tuikit import clear_pauses, pick_system, playtest, screen_text, settle

from hexfront.engine.core.search import Decision, Weighed
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.thinking import ThinkingScreen

SIZES = [(80, 24), (120, 40)]


async def battle_from_form(pilot, system_id: str, level: str) -> BattleScreen:
    """New battle: ``system_id``, you against the computer at ``level`` (Right on the Opponent row until the
    form shows it), started with Enter."""
    from hexfront.tui.screens.title import ChoiceForm

    await pilot.press("n")
    await pilot.pause()
    await pick_system(pilot, system_id)
    form = pilot.app.screen.query_one(ChoiceForm)
    await pilot.press("down", "down", "down")  # scenario, your side, the opponent
    for _ in range(6):
        if form.rows[form.current].value == f"computer:{level}":
            break
        await pilot.press("right")
        await pilot.pause()
    assert form.rows[form.current].value == f"computer:{level}"
    assert f"computer ({level}" in screen_text(pilot.app)
    await pilot.press("enter")
    for _ in range(50):
        await pilot.pause()
        if isinstance(pilot.app.screen, BattleScreen):
            return pilot.app.screen
    raise AssertionError("the battle did not start")


async def until_the_computer_has_played(pilot, screen: BattleScreen) -> None:
    session = screen.session
    for _ in range(40):
        if session.last_decision is not None:
            return
        await pilot.press("full_stop", "enter")  # pass, and let the computer answer
        await settle(pilot)
        await clear_pauses(pilot)
    raise AssertionError("the computer never gave an order")


@playtest
async def test_the_form_offers_every_level_and_the_save_records_the_hard_one(saves):
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await battle_from_form(pilot, "ratfight", "hard")
        assert "hard" in screen.session.battle.setup.players.values()
        await pilot.press("s")  # a copy of the save: the level is in it
        await settle(pilot)
    written = [json.loads(p.read_text()) for p in saves.glob("*.json")]
    assert written and all("hard" in json.dumps(w.get("setup", w)) for w in written)


@pytest.mark.parametrize("size", SIZES)
@playtest
async def test_c_shows_what_the_hard_computer_weighed_and_expected(size, saves):
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=size) as pilot:
        screen = await battle_from_form(pilot, "ratfight", "hard")
        if size[0] >= 120:  # the footer is full at 80 columns: the help lists every key
            assert "c reasons" in " ".join(screen_text(app).split())
        await settle(pilot)  # the computer is not thinking now: its last decision stays as it is
        before = screen.session.last_decision
        await pilot.press("c")
        await pilot.pause()
        if before is None:  # the player moves first: c says there is nothing yet
            assert app.screen is screen
            assert "the computer has given no order yet" in " ".join(screen_text(app).split())
        else:  # the computer moved first: c shows it at once; c again goes back
            assert isinstance(app.screen, ThinkingScreen)
            await pilot.press("c")
            await pilot.pause()
            assert app.screen is screen
        await until_the_computer_has_played(pilot, screen)
        await settle(pilot)
        assert not screen.session.computer_to_act() or screen.session.battle.outcome() is not None
        decision = screen.session.last_decision
        assert decision is not None and decision.player == "hard"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ThinkingScreen)
        text = " ".join(screen_text(app).split())
        assert "Why did the computer do that?" in text
        assert "(hard computer) chose:" in text and decision.chosen[:30] in text
        if any(w.playouts for w in decision.weighed):
            assert "Orders it weighed" in text and "tries" in text
            unboxed = " ".join(screen_text(app).replace("│", " ").split())  # the words, wrapped lines rejoined
            assert "a Downed or fled rat counting half" in unboxed  # RatFight's own measure, not the core's
        assert "What it expected:" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


@playtest
async def test_teach_mode_offers_the_reasons_after_each_computer_order(saves):
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_from_form(pilot, "ratfight", "easy")
        await settle(pilot)
        await pilot.press("t")  # teach on
        await pilot.pause()
        assert screen.session.battle.setup.teach
        for _ in range(40):  # until the computer gives an order with teach on
            await pilot.press("full_stop", "enter")
            await settle(pilot)
            await clear_pauses(pilot)
            if "(computer):" in screen.message:
                break
        text = " ".join(screen_text(app).split())
        assert "(computer):" in text and "(c: why?)" in text


@playtest
async def test_at_80_by_24_every_computer_order_names_the_key_that_explains_it(saves):
    """The footer has no room for "c reasons" at 80 columns, so the line that reports the computer's order
    names the key itself, teach mode or not; and c then opens the reasons."""
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await battle_from_form(pilot, "ratfight", "hard")
        await settle(pilot)
        assert not screen.session.battle.setup.teach
        assert "c reasons" not in " ".join(screen_text(app).split())
        for _ in range(40):
            if "(computer):" in screen.message:
                break
            await pilot.press("full_stop", "enter")
            await settle(pilot)
            await clear_pauses(pilot)
        text = " ".join(screen_text(app).split())
        assert "(computer):" in text and "(c: why?)" in text
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ThinkingScreen)


DECISION = Decision(
    player="hard", side="blue", chosen="Vesk [R2] fires at Oro [B3] (rifle)",
    weighed=(Weighed("Vesk [R2] fires at Oro [B3] (rifle)", 1.25, 0.62, 8),
             Weighed("Vesk [R2] moves to (6,14)", 0.40, 0.38, 4),
             Weighed("pass", -0.10, 0.25, 2)),
    expected="to come out ahead: worth +1.25 after the enemy's replies, against +0.40 now (over 8 playouts)",
    method="determinized Monte Carlo: each order tried on re-dealt copies of the battle",
    measure="casualties the enemy has taken less its own, a Downed or fled rat counting half; a battle won counts 50")


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_of_the_computers_reasons(snap_compare, size):
    async def run_before(pilot):
        pilot.app.push_screen(ThinkingScreen(DECISION, "Blue Rats"))
        await pilot.pause()

    assert snap_compare(HexfrontApp(computer_delay=0, battle_seed=7), terminal_size=size, run_before=run_before)
