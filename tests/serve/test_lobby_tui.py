"""The game in host mode, driven by keys: a first visit's name, the lobby, two players in two apps sharing
one store (an order of one shows on the other's screen within half a second), a watcher."""

from __future__ import annotations

import pytest
from storekit import keyed, open_two_player, play_turn, private_saves
from tuikit import playtest, run_until, screen_lines, screen_text

from hexfront.tui.app import HexfrontApp
from hexfront.tui.serve.screens.lobby import LobbyScreen, NameScreen, OpenBattleScreen
from hexfront.tui.serve.screens.netbattle import NetBattleScreen
from hexfront.tui.serve.store import OPEN, PLAYING, open_store, replay_battle
from hexfront.tui.serve.visit import HostVisit

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder

SIZE = (100, 32)


def host_app(data, key: str) -> HexfrontApp:
    store = open_store(data)
    return HexfrontApp(computer_delay=0, host=HostVisit(store, key, "127.0.0.1", store.player_for_key(key)))


@playtest
async def test_a_first_visit_chooses_a_name_and_escapes_are_refused(tmp_path):
    app = host_app(tmp_path, "SHA256:newcomer")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        assert "Choose the name other players see" in screen_text(app)
        app.screen.query_one("#name-input").value = "\x1b[2Jevil[/]"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        assert "no control or escape characters" in screen_text(app)
        app.screen.query_one("#name-input").value = ""
        await pilot.press(*"Alice", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, NameScreen)
        assert app.host is not None and app.host.player is not None and app.host.player.name == "Alice"
        assert "h  Host: play, join and watch others" in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = screen_text(app)
        assert "Host: you are Alice" in text and "Online now (1)" in text and "Alice: in the lobby" in text


@playtest
async def test_the_menu_has_no_host_entry_off_a_host(tmp_path):
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert "Host:" not in screen_text(app) and not isinstance(app.screen, LobbyScreen)


@playtest
async def test_two_players_open_join_and_see_each_others_orders(tmp_path):
    store = open_store(tmp_path)
    keyed(store, "Alice")
    keyed(store, "Bob")
    alice, bob = host_app(tmp_path, "SHA256:Alicekey"), host_app(tmp_path, "SHA256:Bobkey")
    async with alice.run_test(size=SIZE) as pa, bob.run_test(size=SIZE) as pb:
        await pa.press("h", "o")
        await pa.pause()
        assert isinstance(alice.screen, OpenBattleScreen)
        form = alice.screen.query_one("#new-form")
        while form.rows[0].value != "ratfight":
            await pa.press("right")
        await pa.press("enter")
        await pa.pause()
        assert isinstance(alice.screen, NetBattleScreen)
        assert "Waiting for a second player" in screen_text(alice)
        [row] = store.battles()
        assert row.status == OPEN and list(row.names.values()) == ["Alice"] and None in row.seats.values()
        await pa.pause()
        assert dict(store.online())["Alice"] == f"waiting in battle {row.id}"  # not "in the lobby" under it

        await pb.press("h")
        await pb.pause()
        assert row.id in screen_text(bob) and "Open for a second player" in screen_text(bob)
        menu = bob.screen.query_one("#saves-list")
        menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == f"join:{row.id}")
        await pb.press("enter")
        await pb.pause()
        assert isinstance(bob.screen, NetBattleScreen) and store.battle(row.id).status == PLAYING
        screens = {alice.screen.net.side: (alice, pa), bob.screen.net.side: (bob, pb)}
        # Alice's screen learns of the join on its own
        await run_until(pa, lambda: "Waiting for a second player" not in screen_text(alice), 0.5)
        assert dict(store.online()) == {"Alice": f"playing battle {row.id}", "Bob": f"playing battle {row.id}"}

        side = alice.screen.net.side_to_act()
        mover, mover_pilot = screens[side]
        waiter, waiter_pilot = next(v for k, v in screens.items() if k != side)
        assert "is giving orders" in screen_text(waiter)
        await waiter_pilot.press("full_stop", "enter")  # the waiter tries to pass: not theirs to give
        await waiter_pilot.pause()
        assert store.battle(row.id).orders == 0
        await mover_pilot.press("full_stop", "enter")  # the mover passes (a RatFight order)
        await mover_pilot.pause()
        assert store.battle(row.id).orders == 1
        took = await run_until(waiter_pilot, lambda: len(waiter.screen.net.battle.log) == 1, 0.5)
        assert took < 0.5
        assert "order 1" in screen_text(waiter)
        assert waiter.screen.net.battle.state_hash() == mover.screen.net.battle.state_hash()

        await mover_pilot.press("z")  # undo asks the other player
        await mover_pilot.pause()
        assert "asked the other player" in screen_text(mover) and len(mover.screen.net.battle.log) == 1
        await run_until(waiter_pilot, lambda: "Take back the last order?" in screen_text(waiter), 0.5)
        await waiter_pilot.press("y")
        await run_until(mover_pilot, lambda: mover.screen.net.battle.log == [], 0.5)
        assert waiter.screen.net.battle.log == [] and store.battle(row.id).orders == 0
        assert "orders were taken back" in screen_text(mover)


def finished_battle(tmp_path):
    """A RatFight battle between Alice and Bob on a store in ``tmp_path``, played to its end by the default
    players: its id and both seats' sessions."""
    from hexfront.engine.core.system import get_system
    from hexfront.tui.serve.netplay import NetSession

    store = open_store(tmp_path)
    battle_id, alice, bob, _ = open_two_player(store, "ratfight", "convoy", seed=5)
    default = get_system("ratfight").computer_players()["default"]
    a, b = NetSession.seat_of(store, battle_id, alice), NetSession.seat_of(store, battle_id, bob)
    while a.battle.outcome() is None:
        play_turn(a, default(1)) or play_turn(b, default(2))
    return battle_id, a, b


@playtest
async def test_a_finished_battle_opens_in_the_replay_viewer(tmp_path):
    from hexfront.tui.screens.replay import ReplayScreen

    battle_id, a, _ = finished_battle(tmp_path)
    app = host_app(tmp_path, "SHA256:Alicekey")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert "Finished: Enter opens the replay" in screen_text(app) and "won" in screen_text(app)
        menu = app.screen.query_one("#saves-list")
        menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == f"replay:{battle_id}")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert len(app.screen.battle.log) == len(a.battle.log)


async def open_from_lobby(app, pilot, option: str) -> NetBattleScreen:
    """The battle screen the lobby's row ``option`` (such as ``watch:<id>``) opens with Enter."""
    await pilot.press("h")
    await pilot.pause()
    menu = app.screen.query_one("#saves-list")
    menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == option)
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NetBattleScreen)
    return screen


async def everything_shown(app, pilot, screen: NetBattleScreen) -> str:
    """What a player can read of the battle: the screen, the dice log in full, and the cursor panel on every
    piece of the map."""
    seen = [screen_text(app)]
    await pilot.press("d")
    await pilot.pause()
    seen.append(screen_text(app))
    await pilot.press("escape")
    for piece in screen.board.pieces:
        if piece.at is not None:
            screen.query_one("#map").move_cursor_to(piece.at)
            await pilot.pause()
            seen.append(screen_text(app))
    return "\n".join(seen)


@playtest
async def test_a_watcher_sees_no_hidden_dustup_unit(tmp_path):
    store = open_store(tmp_path)
    battle_id, *_ = open_two_player(store, "dustup", "ambush", seed=2)
    keyed(store, "Watcher")
    app = host_app(tmp_path, "SHA256:Watcherkey")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_from_lobby(app, pilot, f"watch:{battle_id}")
        assert screen.net.watching()
        footer = screen_lines(app)[-1]  # a watcher's keys: no pass, undo or redo
        assert "dice log" in footer and not {"pass", "undo", "redo"} & set(footer.split()), footer
        hidden = [u for u in screen.net.state.units.values() if u.hidden]
        assert hidden and any(p.glyph == "?" and p.at is not None for p in screen.board.pieces)
        text = await everything_shown(app, pilot, screen)
        assert "Hidden marker" in text  # the markers are there
        for unit in hidden:
            assert unit.name not in text, f"the watcher reads the hidden {unit.name}"


@playtest
async def test_a_player_sees_no_hidden_unit_of_the_other_side(tmp_path):
    """Dustup's ambush: at the seat of the side that does not hide, the other side's hidden units are markers
    on every screen the player can open (the map, the dice log in full, the cursor on every piece)."""
    store = open_store(tmp_path)
    battle_id, alice, bob, sides = open_two_player(store, "dustup", "ambush", seed=2)
    hidden = [u for u in replay_battle(store, battle_id).state.units.values() if u.hidden]
    [hides] = {u.side for u in hidden}
    key = "SHA256:Bobkey" if hides == sides[0] else "SHA256:Alicekey"  # the seat of the side that does not hide
    app = host_app(tmp_path, key)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_from_lobby(app, pilot, f"resume:{battle_id}")
        assert screen.net.side not in (None, hides)
        text = await everything_shown(app, pilot, screen)
    assert "Hidden marker" in text
    for unit in hidden:
        assert unit.name not in text, f"the other side's player reads the hidden {unit.name}"


@playtest
async def test_the_hiding_sides_player_sees_their_own_hidden_units(tmp_path):
    """Dustup's ambush, at the seat of the side that hides: a seat's screen is its player's alone, so the
    cursor on each of their own markers names the unit under it, or says it is a dummy (the map shows the
    same marker glyph to both sides, and the other side reads no name)."""
    store = open_store(tmp_path)
    battle_id, _, _, sides = open_two_player(store, "dustup", "ambush", seed=2)
    hidden = [u for u in replay_battle(store, battle_id).state.units.values() if u.hidden]
    [hides] = {u.side for u in hidden}
    app = host_app(tmp_path, "SHA256:Alicekey" if hides == sides[0] else "SHA256:Bobkey")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_from_lobby(app, pilot, f"resume:{battle_id}")
        assert screen.net.side == hides
        text = await everything_shown(app, pilot, screen)
    for unit in hidden:
        assert f"{unit.name} (hidden under ?" in text, f"the hiding player cannot find their own {unit.name}"
    assert "Dummy marker" in text


@playtest
async def test_a_watcher_reads_no_secret_skirmishes_order_before_the_reveal(tmp_path):
    from hexfront.engine.core.system import get_system
    from hexfront.tui.serve.netplay import NetSession

    store = open_store(tmp_path)
    battle_id, alice, bob, _ = open_two_player(store, "skirmishes", seed=4)
    default = get_system("skirmishes").computer_players()["default"]
    a, b = NetSession.seat_of(store, battle_id, alice), NetSession.seat_of(store, battle_id, bob)

    def one_order() -> None:
        play_turn(a, default(1)) or play_turn(b, default(2))
        a.follow()

    while len(a.battle.log) < 3:  # secret orders of the first round, none revealed yet
        one_order()
    keyed(store, "Watcher")
    app = host_app(tmp_path, "SHA256:Watcherkey")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        menu = app.screen.query_one("#saves-list")
        menu.highlighted = next(i for i, o in enumerate(menu.options) if o.id == f"watch:{battle_id}")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NetBattleScreen) and len(app.screen.net.battle.log) == 3
        one_order()  # a player commits another secret order while the watcher looks on
        assert not a.state.revealed
        await run_until(pilot, lambda: "an order, secret until the reveal" in screen_text(app), 0.5)
        await pilot.press("d")
        await pilot.pause()
        text = screen_text(app)
        for words in (" shoots ", " throws ", " runs to ", " attacks "):  # the words of an order revealed
            assert words not in text, f"the watcher reads a secret order ({words.strip()})"


@playtest
async def test_a_stale_order_from_a_second_connection_is_refused_on_screen(tmp_path):
    """Alice connected twice: her order from the screen that has not seen her other one yet is refused, and
    that screen is drawn again from the store."""
    from hexfront.tui.serve.netplay import NetSession

    store = open_store(tmp_path)
    battle_id, alice, bob, sides = open_two_player(store, "ratfight", "convoy", seed=5)
    first = NetSession.seat_of(store, battle_id, alice)
    player = alice if first.mine_to_act() else bob
    key = f"SHA256:{player.name}key"
    one, two = host_app(tmp_path, key), host_app(tmp_path, key)
    async with one.run_test(size=SIZE) as p1, two.run_test(size=SIZE) as p2:
        for app, pilot in ((one, p1), (two, p2)):
            app.push_screen(NetBattleScreen(NetSession.seat_of(app.host.store, battle_id, player)))
            await pilot.pause()
        s1, s2 = one.screen, two.screen
        s1.give(s1.net.battle.legal_commands()[0])
        s2.give(s2.net.battle.legal_commands()[-1])  # before its next look at the store
        await p2.pause()
        assert "refused: the battle has moved on" in screen_text(two)
        assert store.battle(battle_id).orders == 1 and len(s2.net.battle.log) == 1
        assert "order 1" in screen_text(two)


@playtest
async def test_the_end_of_a_host_battle_offers_no_start_again(tmp_path):
    """A two-player battle is the host's, shared with the other player and the watchers: its end screen does not
    offer to start it again at this keyboard (r), as a battle of one's own does; the lobby opens a new one."""
    from hexfront.tui.screens.end import EndScreen

    _, a, b = finished_battle(tmp_path)
    app = host_app(tmp_path, "SHA256:Alicekey")
    async with app.run_test(size=(80, 24)) as pilot:
        end = EndScreen(a)
        await app.push_screen(end)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "start again" not in text and "s save the replay m menu z ask to undo the last order" in text
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is end and len(a.battle.log) == len(b.battle.log)


@playtest
async def test_a_walk_on_the_host_is_asked_back_whole(tmp_path):
    """30 Minute Missions on the host: a walk goes to the store as its orders, and z asks the other player to
    take all of them back ("the last 3 orders (the walk)"), not only the last step."""
    from hexfront.engine.systems.minutemissions import commands as C
    from hexfront.tui.serve.netplay import NetSession

    store = open_store(tmp_path)
    battle_id, alice, bob, sides = open_two_player(store, "minutemissions", "ridge", seed=3)
    a, b = NetSession.seat_of(store, battle_id, alice), NetSession.seat_of(store, battle_id, bob)
    while True:  # both deploy, then the first to act activates a mech
        a.follow(), b.follow()
        mover = a if a.mine_to_act() else b
        orders = mover.battle.legal_commands()
        if not any(isinstance(c, C.Place) for c in orders):
            mover.submit(next(c for c in orders if isinstance(c, C.Activate)))
            break
        mover.submit(next(c for c in orders if isinstance(c, C.Place)))
    app = host_app(tmp_path, "SHA256:Alicekey" if mover is a else "SHA256:Bobkey")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_from_lobby(app, pilot, f"resume:{battle_id}")
        state = screen.net.state
        route = max(screen.system.routes(state, state.turn.unit), key=lambda r: len(r.steps))
        before = store.battle(battle_id).orders
        screen.give(route)
        await pilot.pause()
        assert store.battle(battle_id).orders == before + len(route.steps)
        await pilot.press("z")
        await pilot.pause()
        assert f"the last {len(route.steps)} orders (the walk)" in " ".join(screen_text(app).split())
        request = store.undo_request(battle_id)
        assert request is not None and (request.seq, request.back_to) == (before + len(route.steps), before)
