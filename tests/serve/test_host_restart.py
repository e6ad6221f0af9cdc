"""A host killed with SIGKILL: its players' games end with it (no orphans), and it comes back with the same
host key, so clients that know it connect without a warning."""

from __future__ import annotations

import asyncio
import stat

import asyncssh
from hostkit import FIRST_SCREEN, Host, client_key, connect, free_port, open_terminal

from hexfront.tui.cli import main
from hexfront.tui.serve.keys import HOST_KEY_NAME


def test_a_host_killed_with_sigkill_restarts_with_its_host_key_and_leaves_no_game_behind(tmp_path):
    data = tmp_path / "data"
    key = client_key()
    host = Host(data).start()
    try:
        async def play() -> str:
            async with await connect(host.port, key) as conn:
                chan, term = await open_terminal(conn)
                await term.wait_for(FIRST_SCREEN)
                assert len(host.games(key)) == 1
                host.kill()  # mid-session
                await asyncio.wait_for(chan.wait_closed(), 10)
                return conn.get_server_host_key().get_fingerprint("sha256")

        seen = asyncio.run(play())
        assert seen == host.fingerprint
        host.wait_no_games(key)  # the game's terminal went with the host: SIGHUP ended it
    finally:
        host.stop()

    key_file = data / HOST_KEY_NAME
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    again = Host(data, port=host.port).start()
    try:
        assert again.fingerprint == seen
        known = tmp_path / "known_hosts"
        public = asyncssh.import_private_key(key_file.read_bytes()).export_public_key().decode()
        known.write_text(f"[127.0.0.1]:{again.port} {public}")

        async def back() -> None:
            async with await connect(again.port, key, known_hosts=str(known)) as conn:  # strict checking
                chan, term = await open_terminal(conn)
                await term.wait_for(FIRST_SCREEN)
                # stopped the ordinary way (SIGTERM) with a player connected: the game ends, the player is told
                await asyncio.get_running_loop().run_in_executor(None, again.stop)
                await asyncio.wait_for(chan.wait_closed(), 5)

        asyncio.run(back())
        assert again.games() == []
        again.wait_log("stopping, 1 players connected")
    finally:
        again.stop()


def test_a_host_key_others_may_read_stops_the_host_in_one_line(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / HOST_KEY_NAME).write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    (data / HOST_KEY_NAME).chmod(0o644)
    assert main(["serve", "--data", str(data), "--port", str(free_port())]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "may be read by others" in err and "chmod 600" in err, err


def test_a_damaged_host_key_stops_the_host_in_one_line_and_is_left_alone(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    (data / HOST_KEY_NAME).write_bytes(b"-----BEGIN OPENSSH PRIVATE KEY-----\ngarbage\n")
    (data / HOST_KEY_NAME).chmod(0o600)
    assert main(["serve", "--data", str(data), "--port", str(free_port())]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a private key" in err, err
    assert (data / HOST_KEY_NAME).read_bytes().endswith(b"garbage\n")
