"""What one host lets its players use: connections, keys and orders per second, idle time, memory and CPU per game.

Every limit has a safe default and is set on the ``hexfront serve`` command line. Nothing here opens a
socket or starts a process: the host (server.py) and the pseudo-terminal relay (relay.py) ask these
objects whether to let a connection in and when a key may reach the game.
"""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from hexfront.engine.core.errors import HexfrontError


@dataclass(frozen=True)
class HostLimits:
    """The limits of one host, all checked when the host starts (:meth:`check`).

    - ``max_connections``: SSH connections open at once, counted from the first byte (before the key is
      checked), so a crowd of half-open connections cannot starve the players.
    - ``max_per_address``: connections at once from one IPv4 address or one IPv6 /64 network.
    - ``keys_per_second`` and ``key_burst``: input reaching one game, in bytes (a letter is one, an arrow
      key three, a mouse move about a dozen): a burst of ``key_burst`` passes at once, then
      ``keys_per_second``; what arrives while ``key_burst`` bytes already wait is dropped, whole chunks
      as the client sent them (an escape sequence is never cut in two), and counted.
    - ``idle_seconds``: a connection that sends nothing for this long is closed (its game ends; an
      autosave keeps the battle). A watcher is not idle while the battle they watch moves: the host asks
      the store whether the battle the session watches had an order within the idle time.
    - ``login_seconds``: time to finish the SSH handshake and show a key.
    - ``max_battles``: unfinished two-player battles one player may sit in (the lobby refuses one more).
    - ``orders_per_second``: orders one connection may give in a two-player battle, each written to the
      shared record: as many at once, then that many a second; one more is refused with a line saying to
      give it again (nothing is recorded). Against the computer a battle is the player's own file, kept to
      its process by ``cpu_seconds``.
    - ``memory_mb``: address space of one game process (RLIMIT_AS); past it the game ends, not the host.
    - ``cpu_seconds``: processor time of one game process over its whole life (RLIMIT_CPU).
    """

    max_connections: int = 64
    max_per_address: int = 4
    keys_per_second: int = 1000
    key_burst: int = 4000
    idle_seconds: int = 1800
    login_seconds: int = 30
    max_battles: int = 10
    orders_per_second: int = 5
    memory_mb: int = 1024
    cpu_seconds: int = 3600

    def check(self) -> None:
        """HexfrontError (one line) if a limit is out of its range."""
        ranges = {
            "max_connections": (1, 100_000), "max_per_address": (1, 100_000),
            "keys_per_second": (1, 1_000_000), "key_burst": (1, 10_000_000),
            "idle_seconds": (2, 7 * 24 * 3600), "login_seconds": (1, 3600), "max_battles": (1, 10_000),
            "orders_per_second": (1, 1000),
            "memory_mb": (128, 1_048_576), "cpu_seconds": (10, 365 * 24 * 3600),
        }
        for name, (low, high) in ranges.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise HexfrontError(f"--{name.replace('_', '-')} {value} is out of range; "
                                    f"give a whole number from {low} to {high}")
        if self.max_per_address > self.max_connections:
            raise HexfrontError(f"--max-per-address {self.max_per_address} is more than --max-connections "
                                f"{self.max_connections}; lower it")


def address_group(address: str) -> str:
    """The group an address is counted in for ``max_per_address``: the address itself for IPv4 (and an
    IPv4 address written as IPv6), its /64 network for IPv6 (one home gets a /64), the text otherwise."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class ConnectionGate:
    """Counts the open connections, in total and per address group, and says whether one more may open."""

    def __init__(self, limits: HostLimits) -> None:
        self.limits = limits
        self.total = 0
        self.by_group: dict[str, int] = {}
        self.refused = 0

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; None if admitted, else the reason it is refused
        (then nothing is counted). Every admitted connection is given back with :meth:`release`."""
        group = address_group(address)
        if self.total >= self.limits.max_connections:
            self.refused += 1
            return "the host is full; try again later"
        if self.by_group.get(group, 0) >= self.limits.max_per_address:
            self.refused += 1
            return "too many connections from your address"
        self.total += 1
        self.by_group[group] = self.by_group.get(group, 0) + 1
        return None

    def release(self, address: str) -> None:
        group = address_group(address)
        left = self.by_group.get(group, 0) - 1
        if left > 0:
            self.by_group[group] = left
        else:
            self.by_group.pop(group, None)
        self.total = max(0, self.total - 1)


class TokenBucket:
    """``rate`` tokens a second, holding at most ``burst`` (full at the start)."""

    def __init__(self, rate: int, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def refill(self) -> float:
        """The tokens there are now."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens


class OrderGate:
    """The orders of one connection on their way to the shared record: ``rate`` a second, as many at once."""

    def __init__(self, rate: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.bucket = TokenBucket(rate, rate, clock)
        self.refused = 0

    def allow(self) -> bool:
        """May one more order go now? (It is counted if so; a refusal is counted in ``refused``.)"""
        if self.bucket.refill() < 1:
            self.refused += 1
            return False
        self.bucket.tokens -= 1
        return True

    def refusal(self) -> str:
        """The line a player reads when :meth:`allow` said no."""
        return (f"orders are coming faster than this host takes them ({self.rate} a second): "
                f"give it again in a moment")


class KeyGate:
    """The keys on their way to one game: a token bucket of ``rate`` bytes a second holding at most
    ``burst``, in front of a queue of at most ``burst`` bytes.

    :meth:`offer` queues a chunk as the client sent it, or drops the whole chunk when the queue is full;
    :meth:`take` gives the bytes the bucket lets through now (whole chunks while tokens last, then the
    part of a chunk the tokens cover, so the rate holds exactly).
    """

    def __init__(self, rate: int, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.bucket = TokenBucket(rate, burst, clock)
        self.queue: deque[bytes] = deque()
        self.queued = 0
        self.passed = 0
        self.dropped = 0

    def offer(self, chunk: bytes) -> bool:
        """Queue ``chunk``; False (and counted as dropped) if the queue would then hold more than ``burst``
        bytes (so a paste longer than ``burst`` never reaches the game)."""
        if not chunk:
            return True
        if self.queued + len(chunk) > self.burst:
            self.dropped += len(chunk)
            return False
        self.queue.append(chunk)
        self.queued += len(chunk)
        return True

    def take(self) -> bytes:
        """The bytes that may go to the game now, in order (possibly none)."""
        bucket = self.bucket
        bucket.refill()
        out: list[bytes] = []
        while self.queue and bucket.tokens >= 1:
            chunk = self.queue[0]
            allowed = int(bucket.tokens)
            if len(chunk) <= allowed:
                self.queue.popleft()
                out.append(chunk)
                bucket.tokens -= len(chunk)
                self.queued -= len(chunk)
            else:
                out.append(chunk[:allowed])
                self.queue[0] = chunk[allowed:]
                bucket.tokens -= allowed
                self.queued -= allowed
        given = b"".join(out)
        self.passed += len(given)
        return given

    def wait(self) -> float:
        """Seconds until at least one queued byte may pass (0 when none is queued or one may pass now)."""
        if not self.queue:
            return 0.0
        return max(0.0, (1 - self.bucket.refill()) / self.rate)
