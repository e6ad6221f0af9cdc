"""Two players over the store: each process holds its own battle replayed from it, gives orders only for
its own side when the rules let it, and follows the other's; a watcher follows both; undo needs consent;
a battle exports as a save that verifies."""

from __future__ import annotations

import pytest
from storekit import keyed, open_two_player, play_turn, private_saves, stores

from hexfront.engine.core.battle import Battle, IllegalOrder
from hexfront.engine.core.errors import UndoRefused
from hexfront.engine.core.system import get_system
from hexfront.tui.cli import main as command_line
from hexfront.tui.serve.limits import OrderGate
from hexfront.tui.serve.netplay import NetSession
from hexfront.tui.serve.store import FINISHED, StoreError, export_battle, open_store

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder


def test_a_ratfight_battle_played_to_its_end_over_the_store_with_a_watcher(tmp_path):
    first, second, third = stores(tmp_path, 3)
    bid, alice, bob, sides = open_two_player(first, "ratfight", "convoy", seed=5)
    watcher = keyed(third, "Watcher")
    a = NetSession.seat_of(first, bid, alice)
    b = NetSession.seat_of(second, bid, bob)
    w = NetSession.seat_of(third, bid, watcher)
    assert (a.side, b.side, w.side) == (sides[0], sides[1], None)
    default = get_system("ratfight").computer_players()["default"]
    computers = {a.side: default(1), b.side: default(2)}
    seen_by_watcher = 0
    for _ in range(5000):
        if a.battle.outcome() is not None:
            break
        moved = [play_turn(s, computers[s.side]) for s in (a, b)]
        assert any(moved) or a.battle.outcome() is not None  # someone always has an order to give
        if w.follow() is not None:
            seen_by_watcher += 1
    for s in (a, b, w):
        s.follow()
    assert a.battle.outcome() is not None
    assert len(a.battle.log) == len(b.battle.log) == len(w.battle.log) > 10
    assert a.battle.state_hash() == b.battle.state_hash() == w.battle.state_hash()
    assert seen_by_watcher > 1  # the watcher followed along, not only at the end
    row = third.battle(bid)
    assert row.status == FINISHED and ("won" in row.result or "draw" in row.result)
    with pytest.raises(IllegalOrder, match="the battle is over|watching"):
        w.submit(a.battle.log[0])


def test_a_player_cannot_order_the_other_side(tmp_path):
    first, second = stores(tmp_path, 2)
    bid, alice, bob, sides = open_two_player(first, "ratfight", "convoy", seed=5)
    a = NetSession.seat_of(first, bid, alice)
    b = NetSession.seat_of(second, bid, bob)
    mover, waiter = (a, b) if a.mine_to_act() else (b, a)
    order = mover.battle.legal_commands()[0]
    with pytest.raises(IllegalOrder, match="turn, not yours"):
        waiter.submit(order)  # the other side's order, given while it is theirs to give
    assert first.orders(bid) == [] and waiter.battle.log == []
    with pytest.raises(StoreError, match="you do not command"):  # and past the game process, the store refuses
        first.append(bid, 1, mover.side or "", waiter.player.id, mover.codec.command_to_json(order),
                     mover.battle.checkpoint())
    watcher = NetSession.seat_of(second, bid, keyed(second, "Watcher"))
    with pytest.raises(IllegalOrder, match="watching"):
        watcher.submit(order)


def test_a_stale_order_from_a_second_connection_is_refused_and_followed(tmp_path):
    first, second = stores(tmp_path, 2)
    bid, alice, bob, sides = open_two_player(first, "ratfight", "convoy", seed=5)
    mover = NetSession.seat_of(first, bid, alice if first.battle(bid).seats[sides[0]] else bob)
    if not mover.mine_to_act():
        mover = NetSession.seat_of(first, bid, bob)
    again = NetSession.seat_of(second, bid, mover.player)  # the same player connected twice
    mover.submit(mover.battle.legal_commands()[0])
    late = again.battle.legal_commands()[-1]
    with pytest.raises(IllegalOrder, match="moved on|turn"):
        again.submit(late)
    assert len(first.orders(bid)) == 1 and len(again.battle.log) == 1  # refused, then caught up


def test_a_dropped_player_reconnects_where_they_were(tmp_path):
    first, second = stores(tmp_path, 2)
    bid, alice, bob, sides = open_two_player(first, "ratfight", "convoy", seed=5)
    default = get_system("ratfight").computer_players()["default"]
    a, b = NetSession.seat_of(first, bid, alice), NetSession.seat_of(second, bid, bob)
    for _ in range(12):
        play_turn(a, default(1)) or play_turn(b, default(2))
    first.close()  # Alice's connection drops: her process and its store connection go
    again = NetSession.seat_of(open_store(tmp_path), bid, alice)
    b.follow()
    assert again.side == sides[0] and again.battle.state_hash() == b.battle.state_hash()
    assert again.mine_to_act() != b.mine_to_act()


def test_undo_needs_the_other_players_consent(tmp_path):
    first, second = stores(tmp_path, 2)
    bid, alice, bob, sides = open_two_player(first, "ratfight", "convoy", seed=5)
    a, b = NetSession.seat_of(first, bid, alice), NetSession.seat_of(second, bid, bob)
    mover, other = (a, b) if a.mine_to_act() else (b, a)
    mover.submit(mover.battle.legal_commands()[0])
    with pytest.raises(UndoRefused, match="new order"):
        mover.redo()
    assert mover.undo() == 0 and len(mover.battle.log) == 1  # asked: nothing taken back yet
    assert not mover.pending_undo()  # a request is the other player's to answer
    other.follow()
    assert other.pending_undo()
    assert other.answer_undo(False) is False
    assert len(first.orders(bid)) == 1
    mover.undo()
    other.follow()
    assert other.answer_undo(True) is True
    assert first.orders(bid) == []
    assert mover.follow() == -1 and other.follow() == -1
    assert mover.battle.log == [] == other.battle.log


def test_a_walk_is_asked_back_whole_and_taken_back_whole(tmp_path):
    """Several orders taken back at once (a 30 Minute Missions walk, given as one choice) are asked once, back to
    the order before the first of them, and taken back whole when the other player agrees."""
    first, second = stores(tmp_path, 2)
    bid, alice, bob, sides = open_two_player(first, "minutemissions", "ridge", seed=5)
    a, b = NetSession.seat_of(first, bid, alice), NetSession.seat_of(second, bid, bob)
    for _ in range(3):
        a.follow(), b.follow()
        mover = a if a.mine_to_act() else b
        mover.submit(mover.battle.legal_commands()[0])
    other = b if mover is a else a
    assert mover.undo(orders=2) == 0 and len(mover.battle.log) == 3  # asked: nothing taken back yet
    other.follow()
    request = first.undo_request(bid)
    assert request is not None and (request.seq, request.back_to) == (3, 1)
    assert other.answer_undo(True) is True
    assert len(first.orders(bid)) == 1
    mover.follow()
    assert len(mover.battle.log) == 1


def test_an_exported_battle_verifies_as_a_save(tmp_path, capsys):
    store = open_store(tmp_path / "data")
    bid, alice, bob, sides = open_two_player(store, "ratfight", "convoy", seed=5)
    a, b = NetSession.seat_of(store, bid, alice), NetSession.seat_of(store, bid, bob)
    default = get_system("ratfight").computer_players()["default"]
    for _ in range(20):
        play_turn(a, default(1)) or play_turn(b, default(2))
    out = tmp_path / "exported.json"
    export_battle(tmp_path / "data", bid, out)
    capsys.readouterr()
    assert command_line(["replay", str(out), "--verify"]) == 0
    assert capsys.readouterr().out.startswith(f"verified: {len(a.battle.log)} commands")
    by_cli = tmp_path / "by_cli.json"  # the operator's way: hexfront serve --export BATTLE --out FILE
    assert command_line(["serve", "--data", str(tmp_path / "data"), "--export", bid, "--out", str(by_cli)]) == 0
    assert capsys.readouterr().out.strip() == str(by_cli)
    assert by_cli.read_bytes() == out.read_bytes()
    with pytest.raises(StoreError, match="not a battle id"):
        export_battle(tmp_path / "data", "../../etc", out)
    with pytest.raises(StoreError, match="no battle"):
        export_battle(tmp_path / "data", "0123456789", out)


def test_before_the_second_player_joins_nobodys_orders_are_awaited(tmp_path):
    """A battle open for a second player tells its opener so in the activation pane as in the orders pane
    (it used to say "your orders" while the orders pane said to wait); once Bob joins, the line names whose
    orders they are."""
    store = open_store(tmp_path)
    alice = keyed(store, "Alice")
    bob = keyed(store, "Bob")
    battle = Battle.new("ratfight", "convoy", seed=5)
    sides = battle.system.sides(battle.state)
    bid = store.open_battle(alice.id, sides[0], system="ratfight", scenario="convoy", seed=5,
                            options=dict(battle.setup.options), undo_policy="practice", sides=sides)
    opener = NetSession.seat_of(store, bid, alice)
    assert "waiting for a second player" in opener.controller_line()
    assert "your orders" not in opener.controller_line()
    assert "second player to join" in opener.waiting_line()
    store.join(bid, bob.id)
    line = opener.controller_line()
    acting = opener.side_to_act()
    assert line.endswith("your orders" if acting == opener.side else "Bob's orders"), line


def test_orders_past_the_connections_limit_are_refused_and_change_nothing(tmp_path):
    """Each connection held to 2 orders a second, the clock standing still: a seat's first two orders go
    through; its third is refused with the line to wait, the store and the battle as they were; a second
    later it goes through."""
    now = [50.0]
    store = open_store(tmp_path)
    bid, alice, bob, _ = open_two_player(store, "ratfight", "convoy", seed=5)
    seats = [NetSession.seat_of(store, bid, alice, OrderGate(2, clock=lambda: now[0])),
             NetSession.seat_of(open_store(tmp_path), bid, bob, OrderGate(2, clock=lambda: now[0]))]
    given = [0, 0]
    for _ in range(10):
        for seat in seats:
            seat.follow()
        k = next(i for i, seat in enumerate(seats) if seat.mine_to_act())
        seat = seats[k]
        order = next(c for c in seat.battle.legal_commands()
                     if seat.system.describe_command(c, seat.state).lower().startswith("pass"))
        if given[k] == 2:
            break
        seat.submit(order)
        given[k] += 1
    else:
        raise AssertionError(f"no seat came to its third order: {given}")
    before = (store.battle(bid).orders, seat.battle.state_hash(), len(seat.battle.log))
    with pytest.raises(IllegalOrder, match="faster than this host takes them"):
        seat.submit(order)
    assert (store.battle(bid).orders, seat.battle.state_hash(), len(seat.battle.log)) == before
    now[0] += 1.0
    seat.submit(order)
    assert store.battle(bid).orders == before[0] + 1
