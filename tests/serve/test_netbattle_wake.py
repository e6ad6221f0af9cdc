"""The two-player battle screen follows the other player by the store's wake-ups, not by polling: an order
given at the other seat shows at once with the fallback look an hour away; with wake-ups lost, the
fallback look still brings it; the player's own order is not drawn a second time."""

from __future__ import annotations

import pytest
from storekit import open_two_player, private_saves
from tuikit import playtest, region_text, run_until, screen_text

from hexfront.tui.app import HexfrontApp
from hexfront.tui.serve.netplay import NetSession
from hexfront.tui.serve.screens import netbattle
from hexfront.tui.serve.screens.netbattle import NetBattleScreen
from hexfront.tui.serve.store import open_store
from hexfront.tui.serve.visit import HostVisit
from hexfront.tui.widgets.panes import DiceLog, OrderPane

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder


def a_pass(session: NetSession):
    """The pass order of the side to act (RatFight), as the other player's game would give it."""
    return next(c for c in session.battle.legal_commands()
                if session.system.describe_command(c, session.state).lower().startswith("pass"))


async def seated(tmp_path):
    """Alice's screen at her seat of a RatFight battle, and Bob's session on a store connection of his own."""
    store = open_store(tmp_path)
    battle_id, alice, bob, _ = open_two_player(store, "ratfight", "convoy", seed=5)
    app = HexfrontApp(computer_delay=0, host=HostVisit(store, "SHA256:Alicekey", "127.0.0.1", alice))
    return app, NetSession.seat_of(store, battle_id, alice), NetSession.seat_of(open_store(tmp_path), battle_id, bob)


async def alices_screen(app, pilot, alice: NetSession) -> NetBattleScreen:
    """Alice's battle screen, shown."""
    app.push_screen(NetBattleScreen(alice))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NetBattleScreen)
    return screen


async def bob_to_act(pilot, app, screen: NetBattleScreen, bob: NetSession) -> None:
    """Alice passes by keys until it is Bob's turn."""
    while not bob.mine_to_act():
        n = len(screen.net.battle.log)
        await pilot.press("full_stop", "enter")
        await run_until(pilot, lambda n=n: len(screen.net.battle.log) == n + 1, 10.0)
        bob.follow()


@playtest
async def test_the_other_players_order_shows_by_wake_up_with_no_poll(tmp_path, monkeypatch):
    monkeypatch.setattr(netbattle, "FALLBACK_SECONDS", 3600.0)  # the fallback look never comes in this test
    app, alice, bob = await seated(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await alices_screen(app, pilot, alice)
        await bob_to_act(pilot, app, screen, bob)
        woken, drawn = screen.wakeups, screen.follows_drawn
        n = len(bob.battle.log) + 1
        bob.submit(a_pass(bob))

        await run_until(pilot, lambda: f"order {n}" in screen_text(app), 10.0)  # the fallback would take an hour
        assert screen.wakeups == woken + 1
        assert screen.net.battle.state_hash() == bob.battle.state_hash()
        assert screen.follows_drawn == drawn + 1  # drawn once


@playtest
async def test_the_players_own_order_is_not_drawn_again_by_following_the_store(tmp_path, monkeypatch):
    monkeypatch.setattr(netbattle, "FALLBACK_SECONDS", 0.1)  # looks at the store often
    app, alice, bob = await seated(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await alices_screen(app, pilot, alice)
        bob.follow()
        while bob.mine_to_act():  # Bob passes until Alice is to act
            n = len(bob.battle.log) + 1
            bob.submit(a_pass(bob))
            await run_until(pilot, lambda n=n: len(screen.net.battle.log) == n, 10.0)
        await pilot.pause(0.3)
        drawn = screen.follows_drawn
        m = len(screen.net.battle.log)
        await pilot.press("full_stop", "enter")  # Alice's own order: drawn by giving it, not again by following
        await run_until(pilot, lambda: len(screen.net.battle.log) == m + 1, 10.0)
        await pilot.pause(0.5)
        assert screen.follows_drawn == drawn and bob.follow() == m


@playtest
async def test_a_lost_wake_up_is_caught_by_the_fallback_look(tmp_path, monkeypatch):
    monkeypatch.setattr(netbattle, "FALLBACK_SECONDS", 0.5)
    app, alice, bob = await seated(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await alices_screen(app, pilot, alice)
        await bob_to_act(pilot, app, screen, bob)
        monkeypatch.setattr(bob.store.bell, "ring", lambda battle_id: 0)  # Bob's wake-up is lost
        woken = screen.wakeups
        n = len(bob.battle.log) + 1
        bob.submit(a_pass(bob))

        await run_until(pilot, lambda: f"order {n}" in screen_text(app), 10.0)
        assert screen.wakeups == woken  # no wake-up came: the fallback look found it
        assert screen.net.battle.state_hash() == bob.battle.state_hash()


@playtest
async def test_a_screen_that_cannot_be_woken_looks_ten_times_a_second(tmp_path, monkeypatch):
    app, alice, bob = await seated(tmp_path)
    monkeypatch.setattr(alice.store, "listen", lambda battle_id: None)  # no socket in this data folder
    monkeypatch.setattr(netbattle, "FALLBACK_SECONDS", 3600.0)  # only the frequent look can find the order
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await alices_screen(app, pilot, alice)
        await bob_to_act(pilot, app, screen, bob)
        n = len(bob.battle.log) + 1
        bob.submit(a_pass(bob))
        await run_until(pilot, lambda: f"order {n}" in screen_text(app), 10.0)  # 10 s: a loaded machine's margin
        assert f"order {n}" in screen_text(app) and screen.wakeups == 0


@playtest
async def test_leaving_the_battle_screen_removes_its_socket(tmp_path):
    app, alice, bob = await seated(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NetBattleScreen(alice))
        await pilot.pause()
        assert len(list((tmp_path / "wake").iterdir())) == 1
        app.pop_screen()
        await pilot.pause()
        assert list((tmp_path / "wake").iterdir()) == []


@playtest
async def test_the_dice_log_stays_put_from_one_turn_to_the_next(tmp_path):
    """At a seat, the orders pane keeps the rows it had while the other player's orders are awaited and
    when theirs come in: the dice log under it does not hop up and down each turn (and the screen is not
    laid out again for every order followed). The waiting line is what the pane reads meanwhile."""
    app, alice, bob = await seated(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await alices_screen(app, pilot, alice)
        log = screen.query_one(DiceLog)
        pane = screen.query_one(OrderPane)
        await pilot.pause()
        places = []
        for _ in range(3):
            await bob_to_act(pilot, app, screen, bob)  # Alice's pass: her pane goes from orders to waiting
            await pilot.pause()
            assert "(Bob) is giving orders" in " ".join(" ".join(region_text(app, pane)).split())
            places.append((pane.region.height, log.region.y))
            n = len(bob.battle.log)
            bob.submit(a_pass(bob))
            await run_until(pilot, lambda n=n: len(screen.net.battle.log) > n, 10.0)
            await pilot.pause()
            places.append((pane.region.height, log.region.y))
        assert len(set(places)) == 1, places
