"""A real ``hexfront serve`` and real SSH clients: the game at the client's size and terminal type,
resizes followed, a clean environment and the limits on the game process, OpenSSH's ``ssh`` in tmux."""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import asyncssh
import pytest
from hostkit import FIRST_SCREEN, QUIT, Host, client_key, connect, environ_of, open_terminal

from hexfront.tui.serve.keys import player_folder


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    """One host for this file's tests (each uses keys of its own): starting one takes a second or more."""
    running = Host(tmp_path_factory.mktemp("host") / "data", "--memory-mb", "900", "--cpu-seconds", "1234").start()
    try:
        yield running
    finally:
        running.stop()


def test_a_terminal_gets_the_game_in_a_clean_confined_process_and_resizes_are_followed(host, tmp_path):
    key = client_key()
    folder = host.data / "players" / player_folder(key.get_fingerprint("sha256"))

    async def play() -> None:
        async with await connect(host.port, key, username="../../etc") as conn:
            # the client's environment is sent (asyncssh sends env requests) and must never arrive
            chan, term = await open_terminal(conn, (80, 24), term="xterm-256color",
                                             env={"LD_PRELOAD": "/tmp/evil.so", "HEXFRONT_SAVES": "/etc",
                                                  "PYTHONPATH": "/tmp"})
            await term.wait_for(FIRST_SCREEN)

            [pid] = host.games(key)
            env = environ_of(pid)
            assert env["TERM"] == "xterm-256color"
            assert env["HEXFRONT_SAVES"] == str(folder / "saves")  # from the key, not the username
            assert not {"LD_PRELOAD", "PYTHONPATH", "SSH_AUTH_SOCK", "DISPLAY"} & env.keys()
            limits = Path(f"/proc/{pid}/limits").read_text()
            assert f"{900 * 1024 * 1024}" in next(line for line in limits.splitlines() if "address space" in line)
            assert "1234" in next(line for line in limits.splitlines() if "cpu time" in line)
            assert os.getsid(pid) == pid  # its own session, the pseudo-terminal its controlling terminal

            # smaller than the game needs: the game says the size it sees, then its screen again
            mark = len(term.data)
            chan.change_terminal_size(60, 20)
            await term.wait_for("this terminal is 60 x 20", since=mark)
            mark = len(term.data)
            chan.change_terminal_size(100, 30)
            await term.wait_for(FIRST_SCREEN, since=mark)

            mark = len(term.data)
            chan.write(QUIT)  # the game ends, and so does the session
            await asyncio.wait_for(chan.wait_closed(), 10)
            assert chan.get_exit_status() == 0

    asyncio.run(play())
    assert (folder / "saves").is_dir() and oct(folder.stat().st_mode & 0o777) == "0o700"
    assert not (host.data.parent / "etc").exists()
    host.wait_no_games(key)


def test_a_session_without_a_terminal_gets_one_line_and_is_closed(host):
    key = client_key()

    async def run() -> None:
        async with await connect(host.port, key) as conn:
            process = await conn.create_process(encoding=None)  # a shell with no pty request
            await asyncio.wait_for(process.wait_closed(), 10)
            err = await process.stderr.read()
            assert err.count(b"\n") == 1 and b"needs a terminal" in err, err
            assert process.exit_status == 1

    asyncio.run(run())
    assert host.games(key) == []


@pytest.mark.skipif(shutil.which("ssh") is None or shutil.which("tmux") is None,
                    reason="needs OpenSSH's ssh and tmux (tests/tui/ensure_sshd.sh installs them)")
def test_openssh_in_a_terminal_reaches_the_menu_and_quits(host, tmp_path):
    """OpenSSH's own client, in an 80 x 24 tmux pane: the game's first screen, and ctrl+q ends the game and
    ssh with 0."""
    subprocess.run(["ssh-keygen", "-q", "-N", "", "-t", "ed25519", "-f", str(tmp_path / "key")], check=True,
                   capture_output=True, stdin=subprocess.DEVNULL)
    sock = tmp_path / "tmux.sock"
    ssh = ["ssh", "-tt", "-F", "/dev/null", "-p", str(host.port), "-i", str(tmp_path / "key"),
           "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
           "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "anyone@127.0.0.1"]

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-S", str(sock), *args], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL).stdout

    def wait_screen(words: tuple[str, ...], timeout: float = 15) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = tmux("capture-pane", "-p", "-t", "t")
            if any(w in screen for w in words):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"no {words!r} on the screen:\n{screen}\n{host.log()}")
            time.sleep(0.05)

    tmux("-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24",
         shlex.join(ssh) + '; echo "[ssh exited with $?]"; sleep 30')
    try:
        wait_screen(FIRST_SCREEN)
        tmux("send-keys", "-t", "t", "C-q")
        wait_screen(("[ssh exited with 0]",))
    finally:
        tmux("kill-server")


def test_a_second_session_on_one_connection_is_refused(host):
    key = client_key()

    async def run() -> None:
        async with await connect(host.port, key) as conn:
            chan, term = await open_terminal(conn)
            await term.wait_for(FIRST_SCREEN)
            with pytest.raises(asyncssh.ChannelOpenError):
                await open_terminal(conn)
            assert len(host.games(key)) == 1

    asyncio.run(run())
    host.wait_no_games(key)


def test_a_player_who_stops_reading_stalls_only_their_own_game(host):
    """A client that reads nothing (its SSH window of 4 KiB full): the host stops reading that game's screen
    instead of buffering it, another player is served meanwhile, and the stalled one catches up after."""
    slow_key, other_key = client_key(), client_key()

    async def run() -> None:
        async with await connect(host.port, slow_key) as slow:
            chan, term = await open_terminal(slow, window=4096)
            await term.wait_for(FIRST_SCREEN)
            chan.pause_reading()
            for width in range(81, 141):  # sixty full redraws the client does not read
                chan.change_terminal_size(width, 30)
                await asyncio.sleep(0.01)
            async with await connect(host.port, other_key) as other:
                _, other_term = await open_terminal(other)
                await other_term.wait_for(FIRST_SCREEN)
            mark = len(term.data)
            chan.resume_reading()
            await term.wait_for(FIRST_SCREEN, since=mark)  # the game went on drawing once read again
            chan.write(QUIT)
            await asyncio.wait_for(chan.wait_closed(), 10)
            assert chan.get_exit_status() == 0

    asyncio.run(run())
    host.wait_no_games(slow_key)
    host.wait_log(r"screen held back [1-9]\d* times")  # the host did stop reading the slow player's game
