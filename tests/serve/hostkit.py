"""Helpers for the host's tests: a real ``hexfront serve`` on a free localhost port with its own data folder,
and asyncssh clients that open a terminal on it and read back the text the game draws."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncssh

#: Control sequences in the game's output (CSI, OSC, charset picks, other two-byte escapes).
_ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b.")
#: What a game process shows first: the title menu, or (once the host's store binds names to keys) the
#: name a first visit chooses. The host's tests are about the transport, so either will do.
FIRST_SCREEN = ("New battle", "Choose the name")
#: ctrl+q: quits the game from any screen (an app-wide key), with exit status 0.
QUIT = b"\x11"
READY = re.compile(r"hexfront host listening on (\S+) port (\d+), host key (SHA256:\S+),")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def plain(data: bytes) -> str:
    """The text in a stretch of terminal output, control sequences taken out."""
    return _ESCAPES.sub(b"", data).decode("utf-8", errors="replace")


class Host:
    """``hexfront serve`` in a process of its own; its log (stderr) is collected as it runs."""

    def __init__(self, data: Path, *options: str, port: int | None = None) -> None:
        self.data = data
        self.options = list(options)
        self.port = port or free_port()
        self.proc: subprocess.Popen[str] | None = None
        self.log_lines: list[str] = []
        self.fingerprint = ""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "hexfront.tui", "serve", "--port", str(self.port), "--data", str(self.data),
                *self.options]

    def start(self, timeout: float = 15.0) -> Host:
        self.proc = subprocess.Popen(
            self.command(),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True)
        threading.Thread(target=self._collect, daemon=True).start()
        deadline = time.monotonic() + timeout
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # the one line the host prints when it listens
        match = READY.search(line)
        if match is None or time.monotonic() > deadline:
            self.stop()
            raise AssertionError(f"the host did not start: {line!r}\n{self.log()}")
        self.fingerprint = match.group(3)
        return self

    def _collect(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        for line in self.proc.stderr:
            self.log_lines.append(line.rstrip("\n"))

    def log(self) -> str:
        return "\n".join(self.log_lines)

    def wait_log(self, pattern: str, timeout: float = 10.0) -> re.Match[str]:
        """The first log line matching ``pattern``, waited for."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            for line in list(self.log_lines):
                found = regex.search(line)
                if found:
                    return found
            if time.monotonic() > deadline:
                raise AssertionError(f"no log line like {pattern!r} in {timeout} s:\n{self.log()}")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)

    def games(self, key: asyncssh.SSHKey | None = None) -> list[int]:
        """Pids of the game processes started for this host's data folder (their command line names it),
        or for one client key of it."""
        return game_pids(self.data, key.get_fingerprint("sha256") if key is not None else None)

    def wait_no_games(self, key: asyncssh.SSHKey | None = None, timeout: float = 8.0) -> None:
        deadline = time.monotonic() + timeout
        while self.games(key):
            if time.monotonic() > deadline:
                raise AssertionError(f"game processes {self.games(key)} still running after {timeout} s")
            time.sleep(0.05)


def game_pids(data: Path, key_fingerprint: str | None = None) -> list[int]:
    """Pids of the game processes whose command line names the data folder ``data`` (and the key)."""
    found = []
    marker = str(data).encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if b"hexfront.tui.serve.session" in args and marker in args and (
                key_fingerprint is None or key_fingerprint.encode() in args):
            found.append(int(entry))
    return found


def client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


class Terminal(asyncssh.SSHClientSession[bytes]):
    """The client's end of a session: everything the game wrote, in order."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.stderr = bytearray()
        self.changed = asyncio.Event()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.stderr += data
        else:
            self.data += data
        self.changed.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        self.changed.set()

    def text(self, since: int = 0) -> str:
        return plain(bytes(self.data[since:]))

    async def wait_for(self, words: str | tuple[str, ...], since: int = 0, timeout: float = 15.0) -> str:
        """The text since byte ``since`` once it holds ``words`` (or one of them); AssertionError after
        ``timeout``."""
        wanted = [" ".join(w.split()) for w in ((words,) if isinstance(words, str) else words)]
        deadline = time.monotonic() + timeout
        while True:
            text = self.text(since)
            flat = " ".join(text.split())  # a line may wrap anywhere a space is
            if any(w in flat for w in wanted):
                return text
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"no {words!r} within {timeout} s; the text:\n{text[-3000:]}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))
            except TimeoutError:
                pass


async def connect(port: int, key: asyncssh.SSHKey, host: str = "127.0.0.1", **options: object
                  ) -> asyncssh.SSHClientConnection:
    settings: dict[str, object] = {"username": "player", "agent_path": None, "known_hosts": None, **options}
    return await asyncssh.connect(host, port, client_keys=[key], config=None, **settings)


async def open_terminal(conn: asyncssh.SSHClientConnection, size: tuple[int, int] = (80, 24),
                        term: str = "xterm-256color", **options: object
                        ) -> tuple[asyncssh.SSHClientChannel[bytes], Terminal]:
    chan, terminal = await conn.create_session(Terminal, term_type=term, term_size=size, encoding=None,
                                               **options)
    return chan, terminal


class Seat:
    """One key's client: its connection and its 80 x 24 terminal (made again on each visit)."""

    def __init__(self) -> None:
        self.key = client_key()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.term = Terminal()

    async def open(self, port: int, username: str = "player", env: dict[str, str] | None = None) -> None:
        """Connect with the key (as ``username``, sending ``env``) and open an 80 x 24 terminal."""
        self.conn = await connect(port, self.key, username=username)
        self.chan, self.term = await open_terminal(self.conn, (80, 24), env=env or {})

    def send(self, *keys: bytes) -> int:
        """Type ``keys``; returns where the screen's text stood before, to wait for what they bring."""
        mark = len(self.term.data)
        assert self.chan is not None
        for key in keys:
            self.chan.write(key)
        return mark

    async def wait(self, words: str | tuple[str, ...], since: int = 0, timeout: float = 15.0) -> str:
        return await self.term.wait_for(words, since, timeout)

    async def name_this_key(self, name: str) -> None:
        """A key's first visit, connected: choose ``name`` and reach the menu with its Host entry."""
        await self.wait("Choose the name")
        mark = self.send(name.encode(), b"\r")
        await self.wait("Host", mark)

    def drop(self) -> None:
        """The connection cut without a goodbye."""
        assert self.conn is not None
        self.conn.abort()


def environ_of(pid: int) -> dict[str, str]:
    """The environment a running process (a game the host started) was given, read from /proc."""
    raw = Path(f"/proc/{pid}/environ").read_bytes().decode()
    return dict(item.split("=", 1) for item in raw.split("\0") if "=" in item)
