"""Hostile clients against a real host: whatever is not a terminal running the game is refused, and the
host goes on serving."""

from __future__ import annotations

import asyncio
import shutil
import subprocess

import asyncssh
import pytest
from hostkit import FIRST_SCREEN, Host, client_key, connect, environ_of, free_port, open_terminal

from hexfront.tui.cli import main


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    running = Host(tmp_path_factory.mktemp("host") / "data").start()
    try:
        yield running
    finally:
        running.stop()


def test_commands_sftp_port_and_x11_forwarding_and_passwords_are_refused(host, tmp_path):
    key = client_key()

    async def refused(what: str, exc_type: type[BaseException], attempt) -> None:
        async with await connect(host.port, key) as conn:
            with pytest.raises(exc_type):
                await attempt(conn)
            assert host.games(key) == [], f"{what} started a game"

    async def run() -> None:
        await refused("exec", asyncssh.ChannelOpenError, lambda c: c.create_process("id", encoding=None))
        await refused("a shell-less command", asyncssh.ChannelOpenError,
                      lambda c: c.create_process("cat /etc/passwd", term_type="xterm", encoding=None))
        await refused("SFTP", asyncssh.ChannelOpenError, lambda c: c.start_sftp_client())
        await refused("another subsystem", asyncssh.ChannelOpenError,
                      lambda c: c.create_process(subsystem="shell", encoding=None))
        await refused("direct-tcpip", asyncssh.ChannelOpenError,
                      lambda c: c.open_connection("127.0.0.1", host.port))
        await refused("remote port forwarding", asyncssh.ChannelListenError,
                      lambda c: c.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22))
        await refused("a UNIX socket", asyncssh.ChannelOpenError,
                      lambda c: c.open_unix_connection("/run/sshd.pid"))
        await refused("X11 forwarding", asyncssh.ChannelOpenError,  # the client's request is answered no
                      lambda c: open_terminal(c, x11_forwarding=True, x11_display="127.0.0.1:0",
                                              x11_auth_path="/dev/null"))
        with pytest.raises(asyncssh.PermissionDenied):  # no passwords, no keyboard-interactive
            await asyncssh.connect("127.0.0.1", host.port, username="root", password="root", client_keys=None,
                                   known_hosts=None, agent_path=None, config=None, preferred_auth="password")
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", host.port, username="root", password="root", client_keys=None,
                                   known_hosts=None, agent_path=None, config=None,
                                   preferred_auth="keyboard-interactive")

        # agent forwarding asked for: the game gets no agent; and the host still serves a game afterwards
        async with await connect(host.port, key, agent_forwarding=True, agent_path=str(tmp_path / "agent")) as conn:
            chan, term = await open_terminal(conn)
            await term.wait_for(FIRST_SCREEN)
            [pid] = host.games(key)
            assert "SSH_AUTH_SOCK" not in environ_of(pid)
            assert set(environ_of(pid)) <= {"TERM", "HEXFRONT_SAVES", "HOME", "LANG", "PATH", "PYTHONSAFEPATH",
                                          "PYTHONDONTWRITEBYTECODE", "HEXFRONT_SYSTEMS", "HEXFRONT_CONTENT"}

    asyncio.run(run())
    host.wait_no_games(key)
    for what in ("run a command", "subsystem sftp", "open a connection to a port", "forward a port"):
        host.wait_log(f"asked to {what}|asked for the {what}")


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs OpenSSH's ssh")
def test_openssh_asking_for_a_command_is_refused_and_starts_no_game(host, tmp_path):
    subprocess.run(["ssh-keygen", "-q", "-N", "", "-t", "ed25519", "-f", str(tmp_path / "key")], check=True,
                   capture_output=True, stdin=subprocess.DEVNULL)
    done = subprocess.run(["ssh", "-F", "/dev/null", "-p", str(host.port), "-i", str(tmp_path / "key"),
                           "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                           "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                           "-A", "-R", "0:127.0.0.1:22", "player@127.0.0.1", "cat", "/etc/passwd"],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=20)
    assert done.returncode != 0
    assert b"root:" not in done.stdout
    assert b"exec request failed" in done.stderr, done.stderr
    assert host.games() == []


def test_a_client_sending_too_many_environment_variables_reads_why_and_is_closed(host):
    """Over MAX_ENV (64) and under the flood line: the terminal is granted, the one line says what is wrong and
    what to do, and no game starts (before, the tick could close the channel between the variables and the
    terminal request, and the client read only "PTY request failed")."""
    key = client_key()

    async def run() -> None:
        async with await connect(host.port, key) as conn:
            env = {f"VAR{i}": "x" * 100 for i in range(200)}
            chan, term = await open_terminal(conn, env=env)
            text = await term.wait_for("environment variables")
            assert "more than 64 environment variables; send fewer" in " ".join(text.split())
            await asyncio.wait_for(chan.wait_closed(), 10)

    asyncio.run(run())
    host.wait_no_games(key)


def test_a_client_sending_environment_without_end_is_cut_off(host):
    """Past ENV_FLOOD the connection is closed whatever it is doing: its terminal refused, or the session
    told why and closed; either way no game starts, and the host goes on serving the next client."""
    key = client_key()

    async def run() -> None:
        async with await connect(host.port, key) as conn:
            env = {f"VAR{i}": "x" * 100 for i in range(3000)}
            chan, term = await open_terminal(conn, env=env)
            await term.wait_for("environment variables")
            await asyncio.wait_for(chan.wait_closed(), 10)

    try:
        asyncio.run(run())
    except (asyncssh.ChannelOpenError, asyncssh.DisconnectError, ConnectionError):
        pass  # cut off while still sending: the terminal refused, or the connection closed under it
    host.wait_no_games(key)
    other = client_key()

    async def next_client() -> None:
        async with await connect(host.port, other) as conn:
            _, term = await open_terminal(conn)
            await term.wait_for(FIRST_SCREEN)

    asyncio.run(next_client())


def test_an_allow_list_lets_in_only_its_keys_and_is_read_again_when_it_changes(tmp_path):
    friend, stranger = client_key(), client_key()
    allow = tmp_path / "allowed_keys"
    allow.write_text("# friends\n" + 'no-pty,command="rm -rf /" ' + friend.export_public_key().decode())
    host = Host(tmp_path / "data", "--allow", str(allow)).start()
    try:
        async def run() -> None:
            with pytest.raises(asyncssh.PermissionDenied):
                await connect(host.port, stranger)
            async with await connect(host.port, friend) as conn:  # the options before the key are not obeyed
                chan, term = await open_terminal(conn)
                await term.wait_for(FIRST_SCREEN)
            allow.write_text(allow.read_text() + "\n" + stranger.export_public_key().decode())
            async with await connect(host.port, stranger) as conn:
                chan, term = await open_terminal(conn)
                await term.wait_for(FIRST_SCREEN)

        asyncio.run(run())
        host.wait_log("not on the allow-list")
    finally:
        host.stop()


def test_a_broken_allow_list_stops_the_host_at_start_in_one_line_before_anything_is_written(tmp_path, capsys):
    allow = tmp_path / "allowed_keys"
    allow.write_text("# a friend\nssh-ed25519 not-base64-at-all me\n")
    code = main(["serve", "--data", str(tmp_path / "data"), "--port", str(free_port()), "--allow", str(allow)])
    err = capsys.readouterr().err
    assert code == 1
    assert err.count("\n") == 1 and "line 2 of the allow-list" in err, err
    assert not (tmp_path / "data").exists()
