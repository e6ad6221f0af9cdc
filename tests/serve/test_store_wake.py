"""The store's wake-ups (tui/serve/wake.py): a committed change to a battle wakes every other process
following it, at once; the writer is not woken by its own change; sockets left by ended processes are
removed; a battle id that is not a plain name never reaches the file system."""

from __future__ import annotations

import select

import pytest
from storekit import open_two_player, private_saves, stores

from hexfront.engine.core.battle import Checkpoint
from hexfront.tui.serve.store import StoreError, open_store
from hexfront.tui.serve.wake import MAX_ADDRESS, WAKE_DIR, Bell, Listener

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder

CHECK = Checkpoint("0123456789abcdef", 0)


def woken(listener: Listener, seconds: float = 1.0) -> bool:
    """Does ``listener`` become readable within ``seconds``? Its wake-ups are read."""
    ready, _, _ = select.select([listener.fileno()], [], [], seconds)
    return bool(ready) and listener.drain() > 0


def test_an_order_wakes_the_other_processes_of_the_battle_and_not_the_writer(tmp_path):
    writer, follower, watcher, elsewhere = stores(tmp_path, 4)
    bid, alice, bob, sides = open_two_player(writer, "ratfight", "convoy", seed=5)
    other_bid, *_ = open_two_player(writer, "ratfight", "convoy", seed=6, names=("Carol", "Dave"))
    own = writer.listen(bid)
    theirs, watching, other_battle = follower.listen(bid), watcher.listen(bid), elsewhere.listen(other_bid)
    assert own is not None and theirs is not None and watching is not None and other_battle is not None

    revision = writer.append(bid, 1, sides[0], alice.id, {"order": "one"}, CHECK)

    assert revision == writer.revision(bid) == follower.revision(bid)
    assert woken(theirs) and woken(watching)
    assert not woken(own, 0.2)  # the writer knows its own change
    assert not woken(other_battle, 0.2)  # another battle's followers sleep on
    writer.ask_undo(bid, bob.id, 1, 0)  # a request, an answer, the end: each wakes the followers too
    assert woken(theirs)
    follower.answer_undo(bid, alice.id, False)
    assert woken(watching)
    writer.finish(bid, "a draw")
    assert woken(theirs) and woken(watching)


def test_a_socket_left_by_an_ended_process_is_removed_by_the_next_wake_up(tmp_path):
    writer, follower = stores(tmp_path, 2)
    bid, alice, _, sides = open_two_player(writer, "ratfight", "convoy", seed=5)
    left = follower.listen(bid)
    assert left is not None
    left.sock.close()  # the process ended without closing its listener (killed)
    assert (tmp_path / WAKE_DIR / left.name).exists()

    assert writer.bell.ring(bid) == 0
    assert not (tmp_path / WAKE_DIR / left.name).exists()
    listener = follower.listen(bid)
    assert listener is not None
    listener.close()  # a listener closed in order removes its own socket
    assert list((tmp_path / WAKE_DIR).iterdir()) == []


def test_a_data_folder_too_deep_for_a_unix_socket_address_still_wakes(tmp_path):
    data = tmp_path / ("d" * 60) / ("e" * 60)
    assert len(str(data / WAKE_DIR / "0123456789.1.abcdefgh")) > MAX_ADDRESS
    writer, follower = open_store(data), open_store(data)
    bid, alice, _, sides = open_two_player(writer, "ratfight", "convoy", seed=5)
    listener = follower.listen(bid)
    assert listener is not None and (data / WAKE_DIR / listener.name).exists()
    writer.append(bid, 1, sides[0], alice.id, {"order": "one"}, CHECK)
    assert woken(listener)


def test_only_a_plain_battle_id_names_a_socket(tmp_path):
    store = open_store(tmp_path)
    bell = Bell(tmp_path / WAKE_DIR)
    for hostile in ("../../etc/x", "a/b", "", "x" * 41, "abc\x00def", "ab cd"):
        assert bell.listen(hostile) is None
        assert bell.ring(hostile) == 0
    with pytest.raises(StoreError, match="is not a battle id"):
        store.listen("../0123456789")
    assert not (tmp_path / WAKE_DIR).exists() or list((tmp_path / WAKE_DIR).iterdir()) == []


def test_the_host_sweeps_away_sockets_of_an_earlier_run_and_keeps_live_ones(tmp_path):
    writer, follower = stores(tmp_path, 2)
    bid, *_ = open_two_player(writer, "ratfight", "convoy", seed=5)
    dead, live = follower.listen(bid), follower.listen(bid)
    assert dead is not None and live is not None
    dead.sock.close()  # its process was killed with the host

    assert Bell(tmp_path / WAKE_DIR).sweep() == 1
    assert sorted(p.name for p in (tmp_path / WAKE_DIR).iterdir()) == [live.name]
    assert woken(live)  # the sweep's look at a live socket is one harmless wake-up
