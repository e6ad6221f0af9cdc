"""One player's game, on a pseudo-terminal of its own: start it, pass bytes both ways, follow the window,
end it.

The game runs in its own process (a crash or a memory blow-up ends that player's game only), in a new
session whose controlling terminal is the pseudo-terminal (tui/serve/confine.py), with an environment
made here from nothing: the client's environment never reaches it. The host reads the game's screen
from the master side and hands it to SSH; keys come back the other way through the key gate
(tui/serve/limits.py). When SSH cannot keep up, the relay stops reading, so a player who stops reading
stalls their own game and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import logging
import os
import pty
import re
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from .limits import HostLimits

log = logging.getLogger("hexfront.serve")

#: The window sizes a game is given: what a client asks for, within these bounds (a window of 65,535
#: columns would only cost the game its memory).
MIN_COLUMNS, MAX_COLUMNS = 1, 1000
MIN_ROWS, MAX_ROWS = 1, 500
DEFAULT_SIZE = (80, 24)
#: A terminal type as the client names it: letters, digits and . _ + - only, else plain xterm.
_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
DEFAULT_TERM = "xterm-256color"
#: The most bytes of screen read from the game at once, and of keys waiting to be written to it.
READ_CHUNK = 64 * 1024
MAX_PENDING_INPUT = 64 * 1024
#: Seconds a game has to end after SIGHUP before it is killed.
STOP_GRACE = 3.0

CONFINE = Path(__file__).with_name("confine.py")


def terminal_type(asked: str | None) -> str:
    """The TERM the game gets: the client's terminal type when it is a plain name, else xterm-256color."""
    if asked and _TERM.fullmatch(asked):
        return asked
    return DEFAULT_TERM


def window_size(columns: int, rows: int) -> tuple[int, int]:
    """The client's window within bounds; a size of 0 (a client that did not say) is 80 x 24."""
    if columns <= 0 or rows <= 0:
        return DEFAULT_SIZE
    return (min(max(columns, MIN_COLUMNS), MAX_COLUMNS), min(max(rows, MIN_ROWS), MAX_ROWS))


#: The host's own settings a game inherits from the host's environment (the operator's, never a client's):
#: extra rule systems and a content folder.
OPERATOR_SETTINGS = ("HEXFRONT_SYSTEMS", "HEXFRONT_CONTENT")


def game_environment(term: str, saves: Path, home: Path, host_env: Mapping[str, str]) -> dict[str, str]:
    """The whole environment of a game process, made from nothing: the client's environment never reaches
    it, and of the host's only OPERATOR_SETTINGS."""
    env = {
        "TERM": term,
        "HEXFRONT_SAVES": str(saves),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "PATH": os.defpath,
        "PYTHONSAFEPATH": "1",  # the game's folder is never on its import path
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    env.update({name: host_env[name] for name in OPERATOR_SETTINGS if host_env.get(name)})
    return env


def confined_command(command: Sequence[str], limits: HostLimits) -> list[str]:
    """``command`` started through confine.py, which sets the controlling terminal and the limits."""
    return [sys.executable, "-I", "-S", str(CONFINE), str(limits.memory_mb * 1024 * 1024),
            str(limits.cpu_seconds), "--", *command]


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class GameProcess:
    """A game on a pseudo-terminal. ``on_output(bytes)`` gets its screen; ``on_exit(status)`` is called
    once, after the last of its screen has been handed over."""

    def __init__(self, on_output: Callable[[bytes], None], on_exit: Callable[[int], None]) -> None:
        self.on_output = on_output
        self.on_exit = on_exit
        self.master = -1
        self.process: asyncio.subprocess.Process | None = None
        self.pending = bytearray()
        self.reading = False
        self.paused = False
        self.ended = False
        self._exit_told = False
        self._watcher: asyncio.Future[None] | None = None
        self._loop = asyncio.get_running_loop()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    async def start(self, command: Sequence[str], env: dict[str, str], cwd: Path, size: tuple[int, int]) -> None:
        master, slave = pty.openpty()
        try:
            os.set_blocking(master, False)
            _set_size(master, *size)
            self.process = await asyncio.create_subprocess_exec(
                *command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(cwd),
                start_new_session=True, close_fds=True)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        self.master = master
        self._resume_reading()
        self._watcher = asyncio.ensure_future(self._watch())  # kept: the loop holds tasks weakly

    async def _watch(self) -> None:
        assert self.process is not None
        status = await self.process.wait()
        self._drain()
        self._close()
        if not self._exit_told:
            self._exit_told = True
            self.on_exit(status)

    # -- the screen, from the game -------------------------------------------------------------
    def _resume_reading(self) -> None:
        if self.master >= 0 and not self.reading and not self.paused:
            self._loop.add_reader(self.master, self._readable)
            self.reading = True

    def _stop_reading(self) -> None:
        if self.reading:
            self._loop.remove_reader(self.master)
            self.reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self.master, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game has closed its terminal (it is ending)
            self._stop_reading()
            return
        if data:
            self.on_output(data)
        else:
            self._stop_reading()

    def _drain(self) -> None:
        """Hand over what the game wrote before it ended (read until the terminal is empty or closed)."""
        if self.master < 0:
            return
        for _ in range(256):
            try:
                data = os.read(self.master, READ_CHUNK)
            except OSError:
                return
            if not data:
                return
            self.on_output(data)

    def pause_output(self) -> None:
        """SSH's buffer is full: stop reading the game's screen (the game waits on its own writes)."""
        self.paused = True
        self._stop_reading()

    def resume_output(self) -> None:
        self.paused = False
        self._resume_reading()

    # -- keys, to the game ------------------------------------------------------------------------
    def room(self) -> int:
        """How many more key bytes may wait for the game."""
        return MAX_PENDING_INPUT - len(self.pending)

    def write(self, data: bytes) -> None:
        if self.master < 0 or not data:
            return
        had = bool(self.pending)
        self.pending += data[: self.room()]
        if not had:
            self._writable()

    def _writable(self) -> None:
        while self.pending and self.master >= 0:
            try:
                sent = os.write(self.master, self.pending)
            except BlockingIOError:
                self._loop.add_writer(self.master, self._writable)
                return
            except OSError:
                self.pending.clear()
                break
            del self.pending[:sent]
        if self.master >= 0:
            self._loop.remove_writer(self.master)

    # -- the window, and the end ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """Give the game its new window size; the kernel sends it SIGWINCH (its controlling terminal),
        and the host sends one as well, in case it has none."""
        if self.master < 0:
            return
        _set_size(self.master, *size)
        self._signal(signal.SIGWINCH)

    def _signal(self, sig: signal.Signals) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, sig)

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """End the game: SIGHUP to its process group (as a terminal closing would), SIGKILL after
        ``grace`` seconds. Its remaining screen is not handed over."""
        self._exit_told = True
        if self.process is None:
            self._close()
            return
        self._signal(signal.SIGHUP)
        try:
            await asyncio.wait_for(self.process.wait(), grace)
        except TimeoutError:
            self._signal(signal.SIGKILL)
            await self.process.wait()
        self._close()

    def _close(self) -> None:
        if self.master < 0:
            return
        self._stop_reading()
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_writer(self.master)
        try:
            os.close(self.master)
        except OSError as exc:  # pragma: no cover - closed twice would be a bug here
            if exc.errno != errno.EBADF:
                raise
        self.master = -1
        self.ended = True
