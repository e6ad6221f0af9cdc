"""The host's store: orders one row per place in the log, stale and duplicate orders refused, WAL, two
processes writing at once, and a writer killed mid-write (every committed order kept)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from storekit import open_two_player, private_saves, stores

from hexfront.engine.core.battle import Checkpoint
from hexfront.tui.serve.store import PLAYING, STORE_NAME, StaleOrder, StoreError, open_store

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder

CHECK = Checkpoint("0123456789abcdef", 0)


def test_orders_are_kept_in_sequence_and_read_back(tmp_path):
    store = open_store(tmp_path)
    bid, alice, bob, sides = open_two_player(store, "ratfight")
    assert store.battle(bid).status == PLAYING
    store.append(bid, 1, sides[0], alice.id, {"order": "one"}, CHECK)
    store.append(bid, 2, sides[1], bob.id, {"order": "two"}, Checkpoint("fedcba9876543210", 3))
    rows = store.orders(bid)
    assert [(r.seq, r.side, r.player, r.command) for r in rows] == [
        (1, sides[0], alice.id, {"order": "one"}), (2, sides[1], bob.id, {"order": "two"})]
    assert rows[1].check == Checkpoint("fedcba9876543210", 3)
    assert [r.seq for r in store.orders(bid, after=1)] == [2]
    assert store.battle(bid).orders == 2


def test_a_stale_or_duplicate_order_is_refused_and_never_written_twice(tmp_path):
    first, second = stores(tmp_path, 2)
    bid, alice, bob, sides = open_two_player(first, "ratfight")
    first.append(bid, 1, sides[0], alice.id, {"order": "one"}, CHECK)
    with pytest.raises(StaleOrder, match="moved on"):  # the same order sent again for place 1
        second.append(bid, 1, sides[0], alice.id, {"order": "one"}, CHECK)
    with pytest.raises(StaleOrder):  # an order that skips a place
        second.append(bid, 3, sides[1], bob.id, {"order": "three"}, CHECK)
    assert [r.command for r in first.orders(bid)] == [{"order": "one"}]


def test_only_the_player_at_a_side_orders_it(tmp_path):
    store = open_store(tmp_path)
    bid, alice, bob, sides = open_two_player(store, "ratfight")
    with pytest.raises(StoreError, match="you do not command"):
        store.append(bid, 1, sides[1], alice.id, {"order": "bob's piece"}, CHECK)
    assert store.orders(bid) == []


def test_no_order_before_the_second_player_joins(tmp_path):
    store = open_store(tmp_path)
    alice = store.bind_name("SHA256:alicekey", "Alice")
    bid = store.open_battle(alice.id, "red", system="ratfight", scenario="convoy", seed=1, options={},
                            undo_policy="practice", sides=["red", "blue"])
    with pytest.raises(StoreError, match="not being played"):
        store.append(bid, 1, "red", alice.id, {"order": "early"}, CHECK)
    with pytest.raises(StoreError, match="already command"):
        store.join(bid, alice.id)


def test_unfinished_battles_are_counted_per_player(tmp_path):
    store = open_store(tmp_path)
    bid, alice, bob, _ = open_two_player(store, "ratfight")
    open_two_player(store, "ratfight", names=("Alice", "Carol"))
    assert (store.unfinished_battles(alice.id), store.unfinished_battles(bob.id)) == (2, 1)
    store.finish(bid, "Red won: a test")
    assert (store.unfinished_battles(alice.id), store.unfinished_battles(bob.id)) == (1, 0)


def test_the_store_keeps_a_write_ahead_log(tmp_path):
    open_store(tmp_path)
    db = sqlite3.connect(tmp_path / STORE_NAME)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from hexfront.engine.core.battle import Checkpoint
    from hexfront.tui.serve.store import StaleOrder, open_store
    data, bid, side, player, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    store = open_store(Path(data))
    given = stale = 0
    while count == 0 or given < count:
        seq = store.battle(bid).orders + 1
        try:
            store.append(bid, seq, side, player, {"by": side, "n": given}, Checkpoint("0123456789abcdef", 0))
        except StaleOrder:
            stale += 1
            continue
        given += 1
        print(seq, flush=True)
    print("stale", stale, flush=True)
""")


def writer(data, bid, side, player, count):
    return subprocess.Popen([sys.executable, "-c", WRITER, str(data), bid, side, str(player), str(count)],
                            stdout=subprocess.PIPE, text=True)


def test_two_processes_writing_at_once_lose_nothing_and_double_nothing(tmp_path):
    store = open_store(tmp_path)
    bid, alice, bob, sides = open_two_player(store, "ratfight")
    procs = [writer(tmp_path, bid, sides[0], alice.id, 100), writer(tmp_path, bid, sides[1], bob.id, 100)]
    outputs = [p.communicate(timeout=60)[0].split("\n") for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    acknowledged = [{int(line) for line in out if line.isdigit()} for out in outputs]
    rows = store.orders(bid)
    assert [r.seq for r in rows] == list(range(1, 201))  # every place once, none skipped
    assert acknowledged[0] | acknowledged[1] == set(range(1, 201)) and not acknowledged[0] & acknowledged[1]
    for side, mine in zip(sides, acknowledged, strict=True):  # each acknowledged place holds that writer's order
        assert {r.seq for r in rows if r.command["by"] == side} == mine
    assert sorted(r.command["n"] for r in rows if r.side == sides[0]) == list(range(100))


def test_a_writer_killed_mid_write_leaves_every_committed_order(tmp_path):
    store = open_store(tmp_path)
    bid, alice, _, sides = open_two_player(store, "ratfight")
    proc = writer(tmp_path, bid, sides[0], alice.id, 0)  # writes until killed
    assert proc.stdout is not None
    acknowledged = [int(proc.stdout.readline()) for _ in range(200)]
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    store.close()
    reopened = open_store(tmp_path)
    assert reopened.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    seqs = [r.seq for r in reopened.orders(bid)]
    assert seqs == list(range(1, len(seqs) + 1))
    assert set(acknowledged) <= set(seqs) and len(seqs) >= 200
    # and the battle goes on from there: the next place is the one after the last kept
    reopened.append(bid, len(seqs) + 1, sides[0], alice.id, {"after": "the kill"}, CHECK)
