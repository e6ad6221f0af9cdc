"""Measure the SSH game host and write the "## SSH host (hexfront serve)" section of benchmarks/RESULTS.md.

Run alone: ``.venv/bin/python benchmarks/serve_bench.py`` (about three minutes); ``--battles-only`` runs
only item 4 (serve_battles.py), which writes a section of its own.

A real ``hexfront serve`` on a free localhost port with a temporary data folder; clients are asyncssh's
(and OpenSSH's ``ssh`` on a pseudo-terminal, when installed), each with a new key, at 80 x 24:

1. Connect to the first frame: from opening the TCP connection (key exchange, login, the game process
   started) to the last byte of the first burst holding the whole title menu ("Quit" and the footer's
   "^p"), or the name prompt of a host that binds names to keys, a burst ending after 100 ms without a
   byte. Five connections one after another; median and max.
2. Memory per connected player: five players connected at once, each at the menu; the resident memory of
   each game process (VmRSS), and how much the host process itself grew for the five.
3. Key to settled frame, over SSH against the same game run locally on a pseudo-terminal, in the same
   run: a battle is started (n, Enter) and left until quiet for 1.5 s; then 40 arrow keys, each sent once
   the previous burst has settled (60 ms quiet), timed from writing the key to the last byte of its burst.
   The keys alternate between the two games (one over SSH, then one locally), so both see the same load;
   the ratio is SSH's median over the local median.
4. 50 players in 25 two-player battles, orders by keys: idle (no order for 10 s), at a human pace (each
   pair an order every 3 s) and as fast as the screens allow: orders per second, key to the other
   player's screen (p50/p90), nothing lost, and the CPU seconds per order of the host process, the game
   processes and the clients' process (benchmarks/serve_battles.py says how; ``--pairs N`` for fewer
   battles, which never writes RESULTS.md). ``benchmarks/serve_follow_bench.py`` gives the CPU of one
   followed order on one headless battle screen.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import fcntl
import os
import platform
import pty
import re
import select
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

import asyncssh

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from proc_cpu import game_pids  # noqa: E402
from selfplay_bench import write_section  # noqa: E402
from serve_battles import PAIRS, battle_lines, crowd_battles  # noqa: E402

from hexfront.tui.serve.limits import HostLimits  # noqa: E402
from hexfront.tui.serve.relay import confined_command  # noqa: E402

HEADING = "## SSH host (hexfront serve)"
BATTLES_HEADING = "## SSH host: 50 players in 25 two-player battles"
SIZE = (80, 24)
CONNECTS = 5
PLAYERS = 5
MOVES = 40
MENU_MARKERS = (b"Quit", b"^p")
#: The first frame a new key sees: the title menu, or the name a first visit chooses (when the host's
#: store binds names to keys); any one group of markers, all of its markers seen.
NAME_PROMPT = (b"Choose the name",)
FIRST_FRAME = (MENU_MARKERS, NAME_PROMPT)
MENU_QUIET, BATTLE_QUIET, MOVE_QUIET = 0.100, 1.5, 0.060
ARROWS = [b"\x1b[C", b"\x1b[D", b"\x1b[B", b"\x1b[A"]
FLOOD = 100_000
CROWD = 200
OTHER_ADDRESS = "127.0.0.2"  # a second client address on the loopback network
BENCH_PER_ADDRESS = 8  # five players at once from one address, for the memory figure
TARGET_CONNECT = 2.0  # s, connect to the first frame
TARGET_RATIO = 2.0  # SSH key-to-frame median over the local one


class Stream:
    """Timestamped chunks of a terminal's output, from SSH or a local pseudo-terminal."""

    def __init__(self) -> None:
        self.chunks: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        self.seen = bytearray()

    def push(self, data: bytes) -> None:
        self.chunks.put_nowait((time.perf_counter(), data))

    async def until(self, markers: tuple[bytes, ...] | tuple[tuple[bytes, ...], ...], quiet: float,
                    timeout: float = 30.0) -> float:
        """Read until every marker (of one group of them) has been seen and then ``quiet`` s pass; the time
        of the last byte. ``self.seen`` keeps what was read."""
        groups = markers if isinstance(markers[0], tuple) else (markers,)
        seen, last = bytearray(), 0.0
        self.seen = seen
        deadline = time.perf_counter() + timeout
        while True:
            done = any(all(m in seen for m in group) for group in groups)
            wait = quiet if done else max(0.01, deadline - time.perf_counter())
            try:
                last, data = await asyncio.wait_for(self.chunks.get(), wait)
            except TimeoutError:
                if done:
                    return last
                raise TimeoutError(f"no {markers} within {timeout} s: {bytes(seen[-400:])!r}") from None
            seen += data

    async def settle(self, quiet: float, first: float = 5.0) -> tuple[float, int]:
        """Read until ``quiet`` s pass without a byte; (time of the last byte, bytes read)."""
        last, size = 0.0, 0
        wait = first
        while True:
            try:
                last, data = await asyncio.wait_for(self.chunks.get(), wait)
            except TimeoutError:
                return last, size
            size += len(data)
            wait = quiet


class SshScreen(asyncssh.SSHClientSession[bytes]):
    def __init__(self) -> None:
        self.stream = Stream()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.stream.push(data)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def ssh_player(port: int, local: str = "127.0.0.1"
                     ) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientChannel[bytes], Stream]:
    conn = await asyncssh.connect("127.0.0.1", port, username="bench", known_hosts=None, agent_path=None,
                                  config=None, client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
                                  local_addr=(local, 0))
    chan, screen = await conn.create_session(SshScreen, term_type="xterm-256color", term_size=SIZE,
                                             encoding=None)
    return conn, chan, screen.stream


async def connect_times(port: int) -> list[float]:
    times = []
    for _ in range(CONNECTS):
        started = time.perf_counter()
        conn, chan, stream = await ssh_player(port)
        last = await stream.until(FIRST_FRAME, MENU_QUIET)
        times.append(last - started)
        conn.close()
        await conn.wait_closed()
    return times


def openssh_connect_time(port: int, folder: Path) -> float | None:
    """Seconds from starting OpenSSH's ssh on a pseudo-terminal to the first frame (None without ssh)."""
    if shutil.which("ssh") is None or shutil.which("ssh-keygen") is None:
        return None
    key = folder / "openssh_key"
    subprocess.run(["ssh-keygen", "-q", "-N", "", "-t", "ed25519", "-f", str(key)], check=True,
                   capture_output=True, stdin=subprocess.DEVNULL)
    master, slave = pty.openpty()
    started = time.perf_counter()
    proc = subprocess.Popen(["ssh", "-tt", "-F", "/dev/null", "-p", str(port), "-i", str(key), "-o", "BatchMode=yes",
                             "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                             "-o", "LogLevel=ERROR", "bench@127.0.0.1"],
                            stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    seen, last = bytearray(), None
    deadline = started + 30
    while time.perf_counter() < deadline:
        done = any(all(m in seen for m in group) for group in FIRST_FRAME)
        ready, _, _ = select.select([master], [], [], MENU_QUIET if done else 0.5)
        if not ready:
            if done:
                break
            continue
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        last = time.perf_counter()
        seen += chunk
    proc.terminate()
    proc.wait(5)
    os.close(master)
    done = any(all(m in seen for m in group) for group in FIRST_FRAME)
    return (last - started) if last is not None and done else None


async def memory(port: int, data: Path, host_pid: int) -> tuple[list[int], int]:
    before = rss_kib(host_pid)
    players = [await ssh_player(port) for _ in range(PLAYERS)]
    await asyncio.gather(*(stream.until(FIRST_FRAME, MENU_QUIET) for _, _, stream in players))
    sizes = [rss_kib(pid) for pid in game_pids(data)]
    grown = rss_kib(host_pid) - before
    for conn, _, _ in players:
        conn.close()
    return sizes, grown


async def into_battle(write, stream: Stream) -> None:
    """From the menu into a new battle, left until it settles (the computer may move first). A first visit
    to a host that asks for a name gives one."""
    await stream.until(FIRST_FRAME, MENU_QUIET)
    if NAME_PROMPT[0] in stream.seen:
        write(f"Bench{os.getpid() % 10000}\r".encode())
        await stream.until(MENU_MARKERS, MENU_QUIET)
    write(b"n")
    await stream.settle(0.3)
    write(b"\r")
    await stream.settle(BATTLE_QUIET, first=10)


async def one_move(write, stream: Stream, key: bytes) -> float | None:
    """Seconds from writing ``key`` to the last byte of its burst (None if it drew nothing)."""
    sent = time.perf_counter()
    write(key)
    last, size = await stream.settle(MOVE_QUIET, first=2.0)
    return last - sent if size else None


async def local_game(folder: Path) -> tuple[asyncio.subprocess.Process, int, Stream]:
    """``python -m hexfront.tui play`` on a local pseudo-terminal, its controlling terminal, as the host
    starts a game (through confine.py), at the same size."""
    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    env = {"TERM": "xterm-256color", "HEXFRONT_SAVES": str(folder / "local-saves"), "LANG": "C.UTF-8",
           "PATH": os.defpath, "HOME": str(folder)}
    proc = await asyncio.create_subprocess_exec(
        *confined_command([sys.executable, "-m", "hexfront.tui", "play"], HostLimits()),
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    stream = Stream()
    loop = asyncio.get_running_loop()

    def readable() -> None:
        try:
            stream.push(os.read(master, 65536))
        except OSError:
            loop.remove_reader(master)

    loop.add_reader(master, readable)
    return proc, master, stream


async def key_to_frame(port: int, folder: Path) -> tuple[list[float], list[float]]:
    """The same arrow keys, alternately over SSH and to the local game, so both see the same machine."""
    conn, chan, ssh_stream = await ssh_player(port)
    proc, master, local_stream = await local_game(folder)
    loop = asyncio.get_running_loop()
    try:
        await asyncio.gather(into_battle(chan.write, ssh_stream),
                             into_battle(lambda data: os.write(master, data), local_stream))
        over_ssh, local = [], []
        for i in range(MOVES):
            key = ARROWS[i % len(ARROWS)]
            ssh_time = await one_move(chan.write, ssh_stream, key)
            local_time = await one_move(lambda data: os.write(master, data), local_stream, key)
            if ssh_time is not None:
                over_ssh.append(ssh_time)
            if local_time is not None:
                local.append(local_time)
        return over_ssh, local
    finally:
        conn.close()
        loop.remove_reader(master)
        proc.terminate()
        await proc.wait()
        os.close(master)


async def flood(port: int) -> tuple[float, float]:
    """One player sends FLOOD keys at once; another connects meanwhile. (Seconds the flood lasted on the
    flooder's connection, seconds the other player took to the first frame.)"""
    conn, chan, stream = await ssh_player(port)
    await stream.until(FIRST_FRAME, MENU_QUIET)
    started = time.perf_counter()
    chan.write(b"x" * FLOOD)
    other_started = time.perf_counter()
    other, _, other_stream = await ssh_player(port, local=OTHER_ADDRESS)
    other_last = await other_stream.until(FIRST_FRAME, MENU_QUIET)
    other.close()
    await asyncio.sleep(1.0)
    conn.close()
    await conn.wait_closed()
    return time.perf_counter() - started, other_last - other_started


async def crowd(port: int) -> tuple[int, float]:
    """CROWD connections from one address at once (held open, never logging in); then a player from
    another address. (How many of the crowd the host kept open, seconds the other player took to the first frame.)"""
    opened = await asyncio.gather(*(asyncio.open_connection("127.0.0.1", port) for _ in range(CROWD)))

    async def kept(reader: asyncio.StreamReader) -> bool:
        try:
            async with asyncio.timeout(1.0):
                while await reader.read(4096):
                    pass
            return False
        except TimeoutError:
            return True

    held = sum(await asyncio.gather(*(kept(reader) for reader, _ in opened)))
    started = time.perf_counter()
    other, _, other_stream = await ssh_player(port, local=OTHER_ADDRESS)
    last = await other_stream.until(FIRST_FRAME, MENU_QUIET)
    other.close()
    for _, writer in opened:
        writer.close()
    return held, last - started


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(values) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms ({len(values)} keys)"


def crowd_on_a_host(n_pairs: int) -> dict[str, float]:
    """The crowd of serve_battles.py (``n_pairs`` battles at once) on a host of its own (room for every player
    from one address)."""
    with tempfile.TemporaryDirectory() as tmp:
        data, port = Path(tmp) / "data", free_port()
        with open(Path(tmp) / "host.log", "w") as log:
            host = subprocess.Popen([sys.executable, "-m", "hexfront.tui", "serve", "--port", str(port),
                                     "--data", str(data), "--max-connections", str(2 * n_pairs + 10),
                                     "--max-per-address", str(2 * n_pairs + 10)],
                                    stdout=subprocess.PIPE, stderr=log, text=True, stdin=subprocess.DEVNULL)
            try:
                assert host.stdout is not None
                if "listening" not in host.stdout.readline():
                    raise SystemExit(f"the host did not start: {(Path(tmp) / 'host.log').read_text()}")
                return asyncio.run(crowd_battles(port, data, n_pairs, host.pid))
            finally:
                host.terminate()
                host.wait(30)


def battles(write: bool, pairs: int = PAIRS) -> None:
    """Two players alone on the host, then the crowd of ``pairs`` battles, in the same run."""
    load = os.getloadavg()[0]
    alone = crowd_on_a_host(1)
    figures = crowd_on_a_host(pairs)
    lines = [
        BATTLES_HEADING, "",
        f"Written by `benchmarks/serve_bench.py` (serve_battles.py) on {datetime.date.today().isoformat()}: "
        f"Python {platform.python_version()}, {os.cpu_count()} cores (load average "
        f"{load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end).",
        "", "| measure | figure | target | |", "|---|---|---|---|", *battle_lines(alone, load, 1),
        *battle_lines(figures, load, pairs), "",
        "Every player is a real SSH client with its own game process; orders are passes, the cheapest order, so "
        "the figure is the host's (relay, store, screens following the store), not the rules'. Latency is from "
        "writing the mover's keys to the first byte of the other player's frame showing the order. The 50 clients "
        "run in one Python process on the same two cores as the host and its 50 game processes. CPU is user + "
        "system seconds from /proc/PID/stat of the host process, every game process of the host and the "
        "benchmark's own process (the clients), over each phase; per order it is the phase's seconds over its "
        "orders, and for the game processes also less what they spent idle for as long (the idle phase's rate).",
    ]
    print("\n".join(lines))
    if write:
        write_section(BATTLES_HEADING, lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--battles-only", action="store_true",
                        help=f"only the {2 * PAIRS} players in {PAIRS} battles (serve_battles.py)")
    parser.add_argument("--pairs", type=int, default=PAIRS,
                        help="with --battles-only: how many two-player battles at once (a quick look: fewer)")
    args = parser.parse_args()
    if args.battles_only:
        battles(not args.no_write and args.pairs == PAIRS, max(args.pairs, 1))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        data, port = folder / "data", free_port()
        log = open(folder / "host.log", "w")
        host = subprocess.Popen([sys.executable, "-m", "hexfront.tui", "serve", "--port", str(port),
                                 "--data", str(data), "--max-per-address", str(BENCH_PER_ADDRESS)],
                                stdout=subprocess.PIPE, stderr=log, text=True, stdin=subprocess.DEVNULL)
        try:
            assert host.stdout is not None
            ready = host.stdout.readline()
            if "listening" not in ready:
                raise SystemExit(f"the host did not start: {ready}{(folder / 'host.log').read_text()}")
            connects = asyncio.run(connect_times(port))
            openssh = openssh_connect_time(port, folder)
            sizes, grown = asyncio.run(memory(port, data, host.pid))
            over_ssh, local = asyncio.run(key_to_frame(port, folder))
            flood_seconds, flood_other = asyncio.run(flood(port))
            held, crowd_other = asyncio.run(crowd(port))
            log.flush()
            text = (folder / "host.log").read_text()
            figures = re.findall(r"left after ([\d.]+) s \(keys: (\d+) bytes passed, (\d+) dropped, (\d+) still", text)
            lasted, passed, dropped, waiting = max(figures, key=lambda f: int(f[2]))
            refused = text.count("too many connections from your address")
        finally:
            host.terminate()
            host.wait(15)
            log.close()
    limits = HostLimits()
    ratio = statistics.median(over_ssh) / statistics.median(local)
    verdict = "pass" if statistics.median(connects) <= TARGET_CONNECT else "FAIL"
    lines = [
        HEADING,
        "",
        f"Written by `benchmarks/serve_bench.py` on {datetime.date.today().isoformat()}: Python "
        f"{platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores (shared with other work "
        f"while it ran; load average {os.getloadavg()[0]:.1f}). A real `hexfront serve` on localhost; clients "
        f"at 80x24 with a new ed25519 key each.",
        "",
        "| measure | figure | target | |",
        "|---|---|---|---|",
        f"| connect to the first full frame, asyncssh client (median of {CONNECTS}) | "
        f"{statistics.median(connects):.3f} s (max {max(connects):.3f} s) | <= {TARGET_CONNECT} s | {verdict} |",
    ]
    if openssh is not None:
        lines.append(f"| `ssh -tt` (OpenSSH) on a pseudo-terminal to the first full frame (one) | {openssh:.3f} s "
                     f"| - | - |")
    lines += [
        f"| memory per connected player: game process resident (VmRSS), {PLAYERS} at their first screen | "
        f"median {statistics.median(sizes) / 1024:.1f} MiB (max {max(sizes) / 1024:.1f} MiB) | - | - |",
        f"| the host process's growth for those {PLAYERS} players | {grown / 1024:.1f} MiB | - | - |",
        f"| cursor move in a battle, key to settled frame, over SSH | {_ms(over_ssh)} | - | - |",
        f"| the same, the game on a local pseudo-terminal | {_ms(local)} | - | - |",
        f"| ratio SSH / local (medians, same run) | {ratio:.2f} | <= {TARGET_RATIO} | "
        f"{'pass' if ratio <= TARGET_RATIO else 'FAIL'} |",
        f"| key flood: {FLOOD:,} keys sent at once, at {limits.keys_per_second} bytes/s (burst "
        f"{limits.key_burst}) | {passed} bytes reached the game in {float(lasted):.1f} s, {dropped} dropped, "
        f"{waiting} waiting at the end | <= burst + rate x time | "
        f"{'pass' if int(passed) <= limits.key_burst + limits.keys_per_second * float(lasted) + 1 else 'FAIL'} |",
        f"| another player connecting during the flood, to the first frame | {flood_other:.3f} s | - | - |",
        f"| {CROWD} connections at once from one address (limit {BENCH_PER_ADDRESS}) | {held} kept open, "
        f"{refused} refused at once | kept <= {BENCH_PER_ADDRESS} | "
        f"{'pass' if held <= BENCH_PER_ADDRESS else 'FAIL'} |",
        f"| a player from another address meanwhile, to the first frame | {crowd_other:.3f} s | - | - |",
        "",
        "A frame counts as drawn at the last byte of its burst (100 ms without a byte at start-up, 60 ms for a "
        "cursor move). The connect time includes the key exchange, the login by key and starting the game "
        "process (Python and Textual) on its pseudo-terminal.",
    ]
    print("\n".join(lines))
    if not args.no_write:
        write_section(HEADING, lines)
        print(f"wrote the '{HEADING}' section of {HERE / 'RESULTS.md'}")
    battles(not args.no_write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
