"""The host's limits against a real host: connections per address and in total, a login that never comes,
idle players, a key flood; each held while the host goes on serving others."""

from __future__ import annotations

import asyncio
import time

import asyncssh
import pytest
from hostkit import FIRST_SCREEN, Host, client_key, connect, open_terminal

OTHER_ADDRESS = "127.0.0.2"  # the loopback network answers every 127.x address: a second client address


def test_200_connections_from_one_address_are_held_to_its_limit_while_another_address_plays(tmp_path):
    host = Host(tmp_path / "data", "--max-per-address", "3", "--login-seconds", "5", "--idle-seconds", "5").start()
    try:
        async def run() -> None:
            async def attempt() -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
                reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
                return reader, writer

            async def closed_soon(reader: asyncio.StreamReader) -> bool:
                """Whether the host ends this connection within two seconds (it sends its version first)."""
                try:
                    async with asyncio.timeout(2.0):
                        while await reader.read(4096):
                            pass
                    return True
                except TimeoutError:
                    return False

            attempts = await asyncio.gather(*(attempt() for _ in range(200)))
            started = time.monotonic()
            closed = await asyncio.gather(*(closed_soon(reader) for reader, _ in attempts))
            assert closed.count(False) == 3, f"{closed.count(False)} of 200 connections held, not 3"

            # a client from a third address that logs in and opens no session: closed after --login-seconds
            loiterer = await connect(host.port, client_key(), local_addr=("127.0.0.3", 0))
            # one more from the first address is refused; meanwhile a player from another address plays
            with pytest.raises((asyncssh.DisconnectError, ConnectionError)):
                await connect(host.port, client_key())
            key = client_key()
            async with await connect(host.port, key, local_addr=(OTHER_ADDRESS, 0)) as conn:
                chan, term = await open_terminal(conn)
                await term.wait_for(FIRST_SCREEN)
                # the held connections never log in: the host closes them after --login-seconds
                held = [reader for (reader, _), gone in zip(attempts, closed, strict=True) if not gone]
                for reader in held:
                    async with asyncio.timeout(max(1.0, 8 - (time.monotonic() - started))):
                        while await reader.read(4096):
                            pass
                await asyncio.wait_for(loiterer.wait_closed(), 8)
                # the player sends nothing: closed after --idle-seconds with one line
                await term.wait_for("disconnected after", timeout=8)
                await asyncio.wait_for(chan.wait_closed(), 5)
            for _, writer in attempts:
                writer.close()
            # the address's connections are given back: it gets in again
            async with await connect(host.port, client_key()) as conn:
                chan, term = await open_terminal(conn)
                await term.wait_for(FIRST_SCREEN)

        asyncio.run(run())
        host.wait_log(r"refused 127\.0\.0\.1: too many connections from your address")
        host.wait_log(r"127\.0\.0\.3 opened no session: closed")
        host.wait_no_games()
    finally:
        host.stop()


def test_a_key_flood_is_held_to_the_key_rate_while_the_host_serves_another_player(tmp_path):
    rate, burst, flood = 200, 400, 100_000
    host = Host(tmp_path / "data", "--keys-per-second", str(rate), "--key-burst", str(burst)).start()
    try:
        async def run() -> float:
            async with await connect(host.port, client_key()) as flooder:
                chan, term = await open_terminal(flooder)
                await term.wait_for(FIRST_SCREEN)
                started = time.monotonic()
                chan.write(b"x" * flood)  # one letter, 100,000 times at once
                async with await connect(host.port, client_key(), local_addr=("127.0.0.2", 0)) as other:
                    other_chan, other_term = await open_terminal(other)
                    await other_term.wait_for(FIRST_SCREEN, timeout=15)
                    mark = len(other_term.data)
                    other_chan.change_terminal_size(60, 20)  # and the other player's game still answers
                    await other_term.wait_for("this terminal is 60 x 20", since=mark, timeout=10)
                return time.monotonic() - started

        seconds = asyncio.run(run())
        found = host.wait_log(r"127\.0\.0\.1 left after ([\d.]+) s \(keys: (\d+) bytes passed, (\d+) dropped, "
                              r"(\d+) still waiting\)")
        lasted, passed, dropped, waiting = float(found.group(1)), *map(int, found.groups()[1:])
        assert passed + dropped + waiting == flood
        assert passed <= burst + rate * lasted + 1, f"{passed} bytes passed in {lasted} s"
        assert dropped >= flood - burst - rate * lasted - burst
        assert seconds < 20
    finally:
        host.stop()
