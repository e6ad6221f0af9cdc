"""``hexfront serve``: an SSH host where a player's key is their account and the game is the only thing run.

Per connection: the key is checked (any public key, or those of the allow-list; no passwords, no
keyboard-interactive), one session with a pseudo-terminal and a shell request starts the player's game
(tui/serve/relay.py) and nothing else. Refused, always: commands (exec), subsystems (SFTP), port
forwarding both ways, agent and X11 forwarding, a second session on one connection; the client's
environment variables are never passed on (asyncssh keeps what a client sends in the channel; the host
reads only their number, from the channel's live view, since ``get_environment`` keeps its first answer and a
count taken while they still arrive would stay short for good). A session whose client sent more than
MAX_ENV is told so and closed as it starts; a client that goes on sending them without starting a session is
cut off past ENV_FLOOD, whatever it was doing. The username is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
import time
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from hexfront.engine.core.errors import HexfrontError, shown, shown_path

from .keys import HOST_KEY_NAME, AllowList, fingerprint, load_or_create_host_key, player_folder
from .limits import ConnectionGate, HostLimits, KeyGate
from .relay import STOP_GRACE, GameProcess, confined_command, game_environment, terminal_type, window_size
from .wake import WAKE_DIR, Bell

if TYPE_CHECKING:
    from .store import SqliteStore

log = logging.getLogger("hexfront.serve")

#: Environment variables a client may send before its session is refused (they are never used).
MAX_ENV = 64
#: Environment variables past which a connection is closed at the next tick even before its session starts
#: (a client sending them without end); below it, a session's start is the one place the count is checked,
#: so a client that sent a few too many always reads why rather than a failed terminal request.
ENV_FLOOD = 4 * MAX_ENV
TOO_MANY_ENV = (f"hexfront: your ssh client sent more than {MAX_ENV} environment variables; send fewer "
                "(SendEnv in ~/.ssh/config) and connect again\r\n")
#: The SSH window of a session: the most key bytes a client can have in flight to the host.
WINDOW = 256 * 1024
NO_TERMINAL = ("hexfront: this host shows a game and needs a terminal; connect with "
               "'ssh -t -p PORT HOST' and no command\r\n")


@dataclass(frozen=True)
class HostConfig:
    """Where the host listens and keeps its files, and its limits."""

    listen: str
    port: int
    data: Path
    limits: HostLimits
    allow_list: Path | None = None


class Host:
    """The state one host process shares between its connections: limits, the allow-list, the sessions."""

    def __init__(self, config: HostConfig, allow: AllowList | None) -> None:
        self.config = config
        self.limits = config.limits
        self.gate = ConnectionGate(config.limits)
        self.allow = allow
        self.sessions: set[PlayerSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.tasks: set[asyncio.Future[None]] = set()
        self.store: SqliteStore | None = None  # read only to keep watchers of moving battles connected

    def spawn(self, work: Coroutine[object, object, None]) -> None:
        """Run ``work`` in the background, holding on to it until done (the loop holds tasks weakly)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def game_command(self, key_fingerprint: str, peer: str) -> list[str]:
        """The game process's command: the session module with the data folder, the key and the address."""
        return [sys.executable, "-m", "hexfront.tui.serve.session", "--data", str(self.config.data),
                "--key", key_fingerprint, "--peer", peer, "--max-battles", str(self.limits.max_battles),
                "--orders-per-second", str(self.limits.orders_per_second)]

    def watching_moving(self, key_fingerprint: str) -> bool:
        """Is this key's player watching a battle that moved within the idle time? (They stay connected.)
        The store is opened on first need; a store that cannot be read counts as no."""
        try:
            if self.store is None:
                from .store import open_store

                self.store = open_store(self.config.data)
            return self.store.watching_moving(key_fingerprint, time.time() - self.limits.idle_seconds)
        except Exception as exc:  # sqlite3.Error, HexfrontError...: the idle rule applies as for anyone
            log.warning("cannot read the store to see who watches: %s", exc)
            return False

    def player_home(self, key_fingerprint: str) -> Path:
        """The player's folder, made (0700) with its saves folder if new."""
        home = self.config.data / "players" / player_folder(key_fingerprint)
        (home / "saves").mkdir(mode=0o700, parents=True, exist_ok=True)
        return home

    def tick(self) -> None:
        """Once a second: close the sessions idle too long or sending environment without end."""
        now = time.monotonic()
        for session in list(self.sessions):
            session.check(now)


class PlayerServer(asyncssh.SSHServer):
    """One SSH connection, from its first byte: admitted by the connection limits, authenticated by key."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.conn: asyncssh.SSHServerConnection | None = None
        self.peer = "?"
        self.admitted = False
        self.key: asyncssh.SSHKey | None = None
        self.key_fingerprint: str | None = None
        self.session: PlayerSession | None = None

    # -- the connection ---------------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        refused = self.host.gate.admit(self.peer)
        if refused is not None:
            log.warning("refused %s: %s", self.peer, refused)
            asyncio.get_running_loop().call_soon(conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, refused)
            return
        self.admitted = True
        self.host.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.host.gate.release(self.peer)
        if self.conn is not None:
            self.host.connections.discard(self.conn)
        if self.session is not None:
            self.session.end("connection lost")

    # -- authentication: public keys only --------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        return True  # every connection shows a key; the username is ignored

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_ca_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        return False  # certificates are not keys of players

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key (or those on the allow-list). asyncssh asks this for every key offered, the signed
        attempt last, and completes the login only when that signature checks: the last key validated
        before :meth:`auth_completed` is the player's."""
        if not self.admitted:
            return False
        if self.host.allow is not None and not self.host.allow.allows(key):
            log.info("%s offered key %s, not on the allow-list", self.peer, fingerprint(key))
            return False
        self.key = key
        return True

    def auth_completed(self) -> None:
        assert self.key is not None
        self.key_fingerprint = fingerprint(self.key)
        log.info("%s logged in with key %s", self.peer, self.key_fingerprint)
        asyncio.get_running_loop().call_later(self.host.limits.login_seconds, self._session_or_leave)

    def _session_or_leave(self) -> None:
        """A connection that has logged in but opened no session within --login-seconds is closed."""
        if self.session is None and self.conn is not None and self.admitted:
            log.info("%s opened no session: closed", self.peer)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "no session opened")

    # -- what a logged-in client may open: one session; no forwarding of any kind ---------------
    def session_requested(self) -> PlayerSession | bool:
        """One session per connection; when it closes (the game ended, or a command refused), so does the
        connection."""
        if self.key_fingerprint is None or self.session is not None or self.conn is None:
            return False
        self.session = PlayerSession(self.host, self.key_fingerprint, self.peer, self.conn)
        return self.session

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        log.info("%s asked to open a connection to a port: refused", self.peer)
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        log.info("%s asked to forward a port: refused", self.peer)
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False


class PlayerSession(asyncssh.SSHServerSession[bytes]):
    """The one session of a connection: a pseudo-terminal, a shell request, and then the game."""

    def __init__(self, host: Host, key_fingerprint: str, peer: str, conn: asyncssh.SSHServerConnection) -> None:
        self.host = host
        self.conn = conn
        self.key_fingerprint = key_fingerprint
        self.peer = peer
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = window_size(0, 0)
        self.game: GameProcess | None = None
        self.keys = KeyGate(host.limits.keys_per_second, host.limits.key_burst)
        self.last_input = time.monotonic()
        self.pump_handle: asyncio.TimerHandle | None = None
        self.ending = False
        self.held_back = 0
        self.started = time.monotonic()
        self.begun = False  # session_started has run: the terminal and shell requests are answered

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.host.sessions.add(self)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term = terminal_type(term_type)
        self.size = window_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("%s asked to run a command: refused", self.peer)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("%s asked for the subsystem %s: refused", self.peer, shown(subsystem, 40))
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """A client's signal request is not passed on: the game reads ctrl+c and the rest as keys."""

    def session_started(self) -> None:
        if self.chan is None:
            return
        self.begun = True
        if self.term is None:
            self.chan.write_stderr(NO_TERMINAL.encode())
            self.chan.exit(1)
            return
        sent = len(self.chan.get_environment_bytes())
        if sent > MAX_ENV:
            log.info("%s sent %d environment variables: refused", self.peer, sent)
            self.ending = True
            self.chan.write(TOO_MANY_ENV.encode())
            self.chan.exit(1)
            return
        self.host.spawn(self._start_game())

    async def _start_game(self) -> None:
        assert self.chan is not None and self.term is not None
        game = GameProcess(self._output, self._game_ended)
        try:
            home = self.host.player_home(self.key_fingerprint)
            command = confined_command(self.host.game_command(self.key_fingerprint, self.peer), self.host.limits)
            env = game_environment(self.term, home / "saves", home, os.environ)
            await game.start(command, env, self.host.config.data, self.size)
        except OSError as exc:
            log.error("could not start a game for %s: %s", self.peer, exc)
            with contextlib.suppress(OSError):
                self.chan.write_stderr(b"hexfront: the game could not start on this host; try again later\r\n")
                self.chan.exit(1)
            return
        if self.ending:  # the client left, or the host is stopping, while the game was starting
            await game.stop()
            return
        self.game = game
        log.info("%s started a game (pid %s, %s, %dx%d)", self.peer, game.pid, self.term, *self.size)
        self.last_input = time.monotonic()  # idle time counts from the game's start
        self._pump()  # keys typed while the game was starting

    # -- bytes both ways ------------------------------------------------------------------------
    def _output(self, data: bytes) -> None:
        if self.chan is not None and not self.ending:
            self.chan.write(data)

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.last_input = time.monotonic()
        self.keys.offer(data)
        self._pump()

    def _pump(self) -> None:
        self.pump_handle = None
        if self.game is None or self.game.ended:
            return
        given = self.keys.take()
        if given:
            self.game.write(given)
        if self.keys.queue and self.pump_handle is None:
            self.pump_handle = asyncio.get_running_loop().call_later(max(self.keys.wait(), 0.01), self._pump)

    def pause_writing(self) -> None:
        """SSH's buffer to this client is full: the game's screen is left unread until it drains."""
        self.held_back += 1
        if self.game is not None:
            self.game.pause_output()

    def resume_writing(self) -> None:
        if self.game is not None:
            self.game.resume_output()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = window_size(width, height)
        if self.game is not None:
            self.game.resize(self.size)

    def eof_received(self) -> bool:
        self.end("the client closed its input")
        return False

    # -- the end ----------------------------------------------------------------------------------
    def check(self, now: float) -> None:
        """Close the session if idle past the limit, or if its client sends environment without end (past
        MAX_ENV once the session has started, past ENV_FLOOD before)."""
        if self.ending or self.chan is None:
            return
        if now - self.last_input > self.host.limits.idle_seconds and not (
                self.host.watching_moving(self.key_fingerprint)):
            idle = self.host.limits.idle_seconds
            spell = f"{idle} seconds" if idle < 120 else f"{idle / 60:.0f} minutes"
            self._goodbye(f"disconnected after {spell} without a key; your battles are saved")
        elif len(self.chan.get_environment_bytes()) > (MAX_ENV if self.begun else ENV_FLOOD):
            self._goodbye("disconnected: too many environment variables sent")

    def _goodbye(self, reason: str) -> None:
        log.info("%s %s", self.peer, reason)
        self.host.spawn(self._close_with(reason))

    async def _close_with(self, reason: str) -> None:
        await self.stop_game()
        if self.chan is not None:
            with contextlib.suppress(OSError):  # the client may be gone meanwhile
                self.chan.write(b"\x1b[?1049l\x1b[?25h\r\nhexfront: " + reason.encode() + b"\r\n")
                self.chan.exit(0)

    def _game_ended(self, status: int) -> None:
        self.game = None
        if self.chan is not None and not self.ending:
            self.ending = True
            self.chan.exit(status if status >= 0 else 128 - status)

    def end(self, why: str) -> None:
        """The client is gone (or leaving): end the game; its autosave keeps the battle."""
        if self.game is not None:
            log.info("%s: %s; ending the game", self.peer, why)
        self.host.spawn(self.stop_game())

    async def stop_game(self) -> None:
        """End the game (SIGHUP, then SIGKILL if it lingers) and relay nothing more."""
        self.ending = True
        if self.pump_handle is not None:
            self.pump_handle.cancel()
            self.pump_handle = None
        game, self.game = self.game, None
        if game is not None:
            await game.stop()

    def connection_lost(self, exc: Exception | None) -> None:
        self.end("channel closed")
        self.host.sessions.discard(self)
        self.conn.close()
        elapsed = time.monotonic() - self.started
        log.info("%s left after %.2f s (keys: %d bytes passed, %d dropped, %d still waiting); screen held back "
                 "%d times", self.peer, elapsed, self.keys.passed, self.keys.dropped, self.keys.queued, self.held_back)


# -- running the host ------------------------------------------------------------------------------
def precompile() -> bool:
    """Write the bytecode of the game's own modules (engine/ and tui/) where Python keeps it, once, as the
    host starts: game processes never write bytecode (relay.game_environment), so without it each one
    would compile them again from source, a third of its start. Up-to-date files are skipped; an install
    folder the host cannot write is no error (the games then compile, as before). True if all written."""
    import compileall

    root = Path(__file__).resolve().parents[2]
    try:
        return all(compileall.compile_dir(root / part, quiet=2) for part in ("engine", "tui"))
    except OSError as exc:
        log.info("game modules not precompiled (%s): each game compiles them", exc)
        return False


def prepare_data(data: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The data folder (made 0700 if new) and the host key in it (and whether that key is new)."""
    try:
        data.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise HexfrontError(f"cannot make the data folder {shown_path(data)}: {exc.strerror or exc}") from None
    if not data.is_dir():
        raise HexfrontError(f"the data folder {shown_path(data)} is not a folder; name another with --data")
    return load_or_create_host_key(data / HOST_KEY_NAME)


async def _run(config: HostConfig, host_key: asyncssh.SSHKey, allow: AllowList | None) -> int:
    host = Host(config, allow)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    try:
        server = await asyncssh.create_server(
            lambda: PlayerServer(host), config.listen, config.port,
            server_host_keys=[host_key], login_timeout=config.limits.login_seconds,
            keepalive_interval=30, keepalive_count_max=4,
            allow_pty=True, line_editor=False, encoding=None, window=WINDOW,
            agent_forwarding=False, x11_forwarding=False, allow_scp=False,
            password_auth=False, kbdint_auth=False, host_based_auth=False, gss_host=None,
            public_key_auth=True)
    except OSError as exc:
        raise HexfrontError(f"cannot listen on {shown(config.listen, 80)} port {config.port}: "
                            f"{exc.strerror or exc}") from None
    print(f"hexfront host listening on {config.listen} port {config.port}, host key {fingerprint(host_key)}, "
          f"data in {config.data}", flush=True)

    async def ticking() -> None:
        while True:
            await asyncio.sleep(1.0)
            host.tick()

    ticker = asyncio.ensure_future(ticking())
    await stop.wait()
    log.info("stopping, %d players connected", len(host.sessions))
    ticker.cancel()
    server.close()
    await asyncio.gather(*(session.stop_game() for session in list(host.sessions)), return_exceptions=True)
    if host.tasks:  # games being started or stopped as the host stops
        await asyncio.wait(list(host.tasks), timeout=STOP_GRACE + 1)
    for conn in list(host.connections):
        with contextlib.suppress(Exception):
            conn.disconnect(asyncssh.DISC_BY_APPLICATION, "the host is stopping")
    await asyncio.sleep(0.1)
    if host.store is not None:
        host.store.close()
    return 0


def serve(config: HostConfig) -> int:
    """Run the host until SIGTERM, SIGINT or SIGHUP; HexfrontError (one line) if it cannot start."""
    config.limits.check()
    if not 1 <= config.port <= 65535:
        raise HexfrontError(f"--port {config.port} is not a port; give one from 1 to 65535")
    allow = AllowList(config.allow_list) if config.allow_list is not None else None  # checked before any write
    host_key, made = prepare_data(config.data)
    Bell(config.data / WAKE_DIR).sweep()  # wake-up sockets left by an earlier run's game processes
    logging.basicConfig(level=logging.INFO, format="hexfront serve: %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    if made:
        log.info("made a new host key %s in %s", fingerprint(host_key), config.data / HOST_KEY_NAME)
    precompile()
    os.umask(0o077)
    return asyncio.run(_run(config, host_key, allow))
