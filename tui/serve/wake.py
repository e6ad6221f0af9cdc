"""Wake-ups between the game processes of a host: after a change to a battle is committed, the process
that made it rings the battle's bell, and every other process following that battle reads the store at
once, instead of asking the store ten times a second whether anything changed.

A bell is a folder of the host's data folder, ``wake/`` (the host's, mode 0700), holding one Unix datagram
socket per process following a battle, named ``<battle id>.<pid>.<random>``. Ringing sends one byte to
each socket of the battle; a socket left by a process that ended is removed by the next ring. The names
are made here from the store's own battle ids (the store checks them; here only ASCII letters and
digits pass, so a name is one plain file name): nothing a client sends names a path. A wake-up carries
nothing but "look again": the store stays the only record, and a follower still looks every
FALLBACK_SECONDS (tui/serve/netplay.py) in case a wake-up was lost (a full socket queue, a process that
rang before this one listened).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
from pathlib import Path

WAKE_DIR = "wake"
#: The longest path a Unix socket address holds (Linux: 108 bytes with the final NUL).
MAX_ADDRESS = 107
#: Wake-ups waiting in a socket are read at most this many at a time (they all mean the same).
DRAIN_AT_ONCE = 64


def plain_name(battle_id: str) -> bool:
    """Is ``battle_id`` a plain part of a file name (1 to 40 ASCII letters and digits)?"""
    return 0 < len(battle_id) <= 40 and battle_id.isascii() and battle_id.isalnum()


class Listener:
    """One process's socket for one battle: readable when the battle changed (call :meth:`drain`)."""

    def __init__(self, bell: Bell, name: str, sock: socket.socket) -> None:
        self.bell, self.name, self.sock = bell, name, sock

    def fileno(self) -> int:
        return self.sock.fileno()

    def drain(self) -> int:
        """Read the wake-ups waiting (without blocking); how many there were."""
        count = 0
        for _ in range(DRAIN_AT_ONCE):
            try:
                self.sock.recv(16)
            except (BlockingIOError, OSError):
                break
            count += 1
        return count

    def close(self) -> None:
        """Stop listening and remove the socket from the bell's folder."""
        self.bell.forget(self)
        self.sock.close()


class Bell:
    """The wake-up sockets of a host's data folder (made if missing, on first use)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._dir_fd = -1
        self._sender: socket.socket | None = None
        self._own: set[str] = set()  # this process's listeners: it does not wake itself

    def _address(self, name: str) -> str:
        """The socket address of ``name``: its path, or, when that is too long for a Unix address, the same
        file reached through this process's handle on the folder (/proc/self/fd/N/name)."""
        path = str(self.folder / name)
        if len(os.fsencode(path)) <= MAX_ADDRESS:
            return path
        if self._dir_fd < 0:
            self._dir_fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        return f"/proc/self/fd/{self._dir_fd}/{name}"

    def listen(self, battle_id: str) -> Listener | None:
        """A new socket woken whenever ``battle_id`` changes; None if the folder cannot hold one (the
        follower then relies on its fallback look at the store)."""
        if not plain_name(battle_id):
            return None
        name = f"{battle_id}.{os.getpid()}.{secrets.token_hex(4)}"
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            sock.bind(self._address(name))
            sock.setblocking(False)
        except OSError:
            sock.close()
            return None
        self._own.add(name)
        return Listener(self, name, sock)

    def forget(self, listener: Listener) -> None:
        self._own.discard(listener.name)
        with contextlib.suppress(OSError):
            os.unlink(self.folder / listener.name)

    def ring(self, battle_id: str) -> int:
        """Wake every other process following ``battle_id``; how many sockets were sent a wake-up. Never
        raises: a lost wake-up is caught by the followers' fallback look."""
        if not plain_name(battle_id):
            return 0
        prefix = battle_id + "."
        try:
            names = [entry.name for entry in os.scandir(self.folder) if entry.name.startswith(prefix)]
        except OSError:
            return 0
        sent = 0
        for name in names:
            if name not in self._own and self._send(name):
                sent += 1
        return sent

    def _send(self, name: str) -> bool:
        if self._sender is None:
            self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._sender.setblocking(False)
        try:
            self._sender.sendto(b"!", self._address(name))
        except ConnectionRefusedError:  # nobody listens: left by a process that ended
            with contextlib.suppress(OSError):
                os.unlink(self.folder / name)
            return False
        except OSError:  # gone meanwhile, or its queue is full (it has wake-ups waiting already)
            return False
        return True

    def sweep(self) -> int:
        """Remove every socket nobody listens on any more (left by the processes of an earlier run of the
        host, killed before they could remove theirs); how many were removed."""
        try:
            names = [entry.name for entry in os.scandir(self.folder)]
        except OSError:
            return 0
        return sum(1 for name in names if plain_name(name.split(".", 1)[0]) and not self._send(name)
                   and not (self.folder / name).exists())

    def close(self) -> None:
        if self._sender is not None:
            self._sender.close()
            self._sender = None
        if self._dir_fd >= 0:
            os.close(self._dir_fd)
            self._dir_fd = -1
