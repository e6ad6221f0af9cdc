"""A watcher types nothing, yet stays connected while the battle they watch moves; once it stops moving for
the idle time, the host closes their connection as anyone's (a real ``hexfront serve``, --idle-seconds 2)."""

from __future__ import annotations

import asyncio
import time

from hostkit import Host, client_key, connect, open_terminal
from storekit import open_two_player

from hexfront.engine.systems.ratfight.commands import Pass
from hexfront.tui.serve.netplay import NetSession
from hexfront.tui.serve.store import open_store


def test_a_watcher_is_kept_while_the_battle_moves_and_closed_when_it_stops(tmp_path):
    data = tmp_path / "data"
    store = open_store(data)
    battle_id, alice, bob, _ = open_two_player(store, "ratfight", "ditch")
    seats = [NetSession.seat_of(store, battle_id, who) for who in (alice, bob)]
    key = client_key()
    store.bind_name(key.get_fingerprint("sha256"), "Wendy")
    host = Host(data, "--idle-seconds", "2").start()

    def one_order() -> None:
        for seat in seats:
            seat.follow()
        next(s for s in seats if s.mine_to_act()).submit(Pass())

    async def watch() -> None:
        async with await connect(host.port, key) as conn:
            chan, term = await open_terminal(conn)
            await term.wait_for("New battle")
            chan.write(b"h")
            await term.wait_for("In progress")
            mark = len(term.data)
            chan.write(b"\r")  # the battle in progress is the lobby's only row
            await term.wait_for("You are watching", mark)
            until = time.monotonic() + 5.0  # two and a half idle times, an order every half second
            while time.monotonic() < until:
                one_order()
                await asyncio.sleep(0.5)
            assert not term.closed.is_set() and "without a key" not in term.text()
            stopped = time.monotonic()
            await term.wait_for("disconnected after 2 seconds without a key", timeout=10)
            assert time.monotonic() - stopped < 6  # the idle time, the host's one-second tick, slack
            await asyncio.wait_for(term.closed.wait(), 10)

    try:
        asyncio.run(watch())
    finally:
        host.stop()
