"""Measure hexfront's terminal UI through a real pseudo-terminal and write "## Terminal (pty)" in RESULTS.md.

Run alone: ``.venv/bin/python benchmarks/tui_bench.py`` (about a minute at most).

For each terminal size (80x24 and 120x40) the app runs as ``python -m hexfront.tui play``
on the slave side of a pty (window size set with TIOCSWINSZ, TERM=xterm-256color,
HEXFRONT_SAVES a temp dir), and this script reads everything it writes:

1. Start-up: the time from launch to the last byte of the first burst that holds the
   whole menu ("Quit", its last entry, and the footer), the burst being over when no byte
   comes for 100 ms. Five launches; median and max. The same for a bare Textual app
   with one Static, written to a temp file, for comparison.
2. Cursor moves: a battle is started (n, Enter) and left until the output is quiet for
   1.5 s (the computer may move first); then 40 arrow keys (Right, Left, Down, Up, ...),
   each sent once the previous burst has settled (60 ms quiet). Latency is from writing
   the key to the last byte of its burst; the burst's size is counted in bytes.
"""

from __future__ import annotations

import datetime
import fcntl
import os
import platform
import pty
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from benchmarks.results import RESULTS, write_section  # noqa: E402

SECTION = "## Terminal (pty)"

SIZES = [(80, 24), (120, 40)]
LAUNCHES = 5
MOVES = 40
MENU_QUIET = 0.100
BATTLE_QUIET = 1.5
MOVE_QUIET = 0.060
ARROWS = [b"\x1b[C", b"\x1b[D", b"\x1b[B", b"\x1b[A"]  # Right, Left, Down, Up
ARROW_NAMES = {b"\x1b[C": "Right", b"\x1b[D": "Left", b"\x1b[B": "Down", b"\x1b[A": "Up"}

TARGET_START = 0.6  # s
TARGET_MOVE_MEDIAN = 0.016  # s
TARGET_MOVE_BYTES = 300

HEXFRONT_CMD = [sys.executable, "-m", "hexfront.tui", "play"]
MENU_MARKERS = (b"Quit", b"^p")  # the menu's last entry; the footer's command-palette key (its word is split)

BARE_APP = '''\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Bare(App):
    def compose(self) -> ComposeResult:
        yield Static("bare Textual app: Quit")


if __name__ == "__main__":
    Bare().run()
'''
BARE_MARKERS = (b"Quit",)


class Term:
    """A child process on a pty of a given size; everything it writes is read with timestamps."""

    def __init__(self, argv: list[str], cols: int, rows: int, env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

        def make_controlling_tty() -> None:  # runs in the child: new session, the pty as its terminal
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.started = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=REPO,
                                     preexec_fn=make_controlling_tty, close_fds=True)
        os.close(slave)
        self.output = bytearray()

    def read_burst(self, quiet: float, first_timeout: float = 5.0) -> tuple[bytes, list[tuple[float, int]]]:
        """Read until nothing comes for ``quiet`` s. Returns (bytes, [(time, size) of each read])."""
        data = bytearray()
        chunks: list[tuple[float, int]] = []
        last = None
        deadline = time.perf_counter() + first_timeout
        while True:
            wait = quiet if last is not None else max(0.0, deadline - time.perf_counter())
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the child closed the pty
                break
            if not chunk:
                break
            last = time.perf_counter()
            data += chunk
            chunks.append((last, len(chunk)))
        self.output += data
        return bytes(data), chunks

    def wait_for(self, markers: tuple[bytes, ...], quiet: float, timeout: float) -> float:
        """Read until all markers have been seen and then ``quiet`` s pass silently; time of the last byte."""
        seen = bytearray()
        last = None
        deadline = time.perf_counter() + timeout
        while True:
            now = time.perf_counter()
            if now > deadline:
                raise TimeoutError(f"no {markers} within {timeout} s; got {bytes(seen[-600:])!r}")
            complete = all(m in seen for m in markers)
            wait = quiet if complete else min(0.5, deadline - now)
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                if complete:
                    self.output += seen
                    return last
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                raise RuntimeError(f"the app ended early; output: {bytes(seen[-600:])!r}") from None
            if not chunk:
                raise RuntimeError(f"the app ended early; output: {bytes(seen[-600:])!r}")
            last = time.perf_counter()
            seen += chunk

    def send(self, data: bytes) -> float:
        t = time.perf_counter()
        os.write(self.master, data)
        return t

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                os.write(self.master, b"\x11")  # ctrl+q
            except OSError:
                pass
            end = time.perf_counter() + 1.0
            while self.proc.poll() is None and time.perf_counter() < end:
                # keep draining so a blocked write cannot stop it from exiting
                if select.select([self.master], [], [], 0.05)[0]:
                    try:
                        os.read(self.master, 65536)
                    except OSError:
                        break
            if self.proc.poll() is None:
                self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def env_for(saves: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("COLUMNS", "LINES", "TEXTUAL", "NO_COLOR", "HEXFRONT_ASCII"):
        env.pop(name, None)
    env.update(TERM="xterm-256color", HEXFRONT_SAVES=str(saves), PYTHONDONTWRITEBYTECODE="1")
    return env


def time_to_first_frame(argv: list[str], markers: tuple[bytes, ...], size: tuple[int, int], env) -> float:
    term = Term(argv, *size, env)
    try:
        last = term.wait_for(markers, MENU_QUIET, timeout=20)
        return last - term.started
    finally:
        term.close()


def cursor_moves(size: tuple[int, int], env) -> dict:
    term = Term(HEXFRONT_CMD, *size, env)
    try:
        term.wait_for(MENU_MARKERS, MENU_QUIET, timeout=20)
        term.send(b"n")
        term.wait_for((b"New battle",), 0.2, timeout=10)
        term.send(b"\r")
        term.wait_for((b"Dice log",), BATTLE_QUIET, timeout=20)
        latencies, firsts, sizes, bursts = [], [], [], []
        for i in range(MOVES):
            key = ARROWS[i % len(ARROWS)]
            t = term.send(key)
            data, chunks = term.read_burst(MOVE_QUIET, first_timeout=1.0)
            if not chunks:  # nothing redrawn (e.g. at the board's edge): counted as 0 bytes, no latency
                sizes.append(0)
                continue
            latencies.append(chunks[-1][0] - t)
            firsts.append(chunks[0][0] - t)
            sizes.append(len(data))
            bursts.append((ARROW_NAMES[key], data, [(c - t, n) for c, n in chunks]))
        return {"latencies": latencies, "firsts": firsts, "sizes": sizes, "bursts": bursts,
                "silent": MOVES - len(latencies)}
    finally:
        term.close()


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def verdict(ok: bool) -> str:
    return "pass" if ok else "MISS"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def measure() -> tuple[list[str], list[str]]:
    """The markdown section's lines."""
    tmp = Path(tempfile.mkdtemp(prefix="hexfront-bench-"))
    try:
        bare = tmp / "bare_app.py"
        bare.write_text(BARE_APP)
        rows = []
        notes: list[str] = []
        dumps: list[str] = []
        for size in SIZES:
            label = f"{size[0]}x{size[1]}"
            env = env_for(tmp / f"saves-{label}")
            starts = [time_to_first_frame(HEXFRONT_CMD, MENU_MARKERS, size, env) for _ in range(LAUNCHES)]
            bares = [time_to_first_frame([sys.executable, str(bare)], BARE_MARKERS, size, env)
                     for _ in range(LAUNCHES)]
            moves = cursor_moves(size, env)
            med, worst = statistics.median(starts), max(starts)
            rows.append(f"| {label} | launch to first full menu frame (median of {LAUNCHES}) | {med:.3f} s "
                        f"(max {worst:.3f} s) | <= {TARGET_START} s | {verdict(med <= TARGET_START)} |")
            rows.append(f"| {label} | bare Textual app, one Static, to first frame (median of {LAUNCHES}) | "
                        f"{statistics.median(bares):.3f} s (max {max(bares):.3f} s) | - | - |")
            lat = moves["latencies"]
            if lat:
                lmed, l90 = statistics.median(lat), p90(lat)
                rows.append(f"| {label} | cursor move, key to settled frame ({len(lat)} of {MOVES} moves) | "
                            f"median {ms(lmed)}, p90 {ms(l90)}, max {ms(max(lat))} | median <= "
                            f"{TARGET_MOVE_MEDIAN * 1000:.0f} ms | {verdict(lmed <= TARGET_MOVE_MEDIAN)} |")
                first = moves["firsts"]
                rows.append(f"| {label} | cursor move, key to its first byte | median {ms(statistics.median(first))}, "
                            f"p90 {ms(p90(first))} | - | - |")
                drawn = [n for n in moves["sizes"] if n]
                bmed = statistics.median(drawn)
                rows.append(f"| {label} | bytes written per cursor move | median {bmed:.0f} B, max {max(drawn)} B, "
                            f"min {min(drawn)} B | <= {TARGET_MOVE_BYTES} B | "
                            f"{verdict(bmed <= TARGET_MOVE_BYTES and max(drawn) <= TARGET_MOVE_BYTES)} |")
                if lmed > TARGET_MOVE_MEDIAN:
                    notes.append(f"{label}: median cursor latency {ms(lmed)} misses {ms(TARGET_MOVE_MEDIAN)} "
                                 f"by {ms(lmed - TARGET_MOVE_MEDIAN)}.")
                if bmed > TARGET_MOVE_BYTES or max(drawn) > TARGET_MOVE_BYTES:
                    notes.append(f"{label}: cursor-move bursts are {bmed:.0f} B median / {max(drawn)} B max, "
                                 f"over {TARGET_MOVE_BYTES} B by {bmed - TARGET_MOVE_BYTES:.0f} B (median).")
            else:
                rows.append(f"| {label} | cursor move | no move redrew anything | - | MISS |")
            if moves["silent"]:
                notes.append(f"{label}: {moves['silent']} of {MOVES} cursor keys produced no output at all.")
            if med > TARGET_START:
                notes.append(f"{label}: start-up median {med:.3f} s misses {TARGET_START} s "
                             f"by {med - TARGET_START:.3f} s.")
            if moves["bursts"]:
                name, data, chunks = sorted(moves["bursts"], key=lambda b: len(b[1]))[len(moves["bursts"]) // 2]
                reads = ", ".join(f"{n} B at {ms(at)}" for at, n in chunks)
                dumps.append(f"{label}: one cursor-move burst ({name}, {len(data)} bytes, the median-sized one; "
                             f"read as {reads} after the key):")
                dumps.append(repr(data))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    today = datetime.date.today().isoformat()
    section = [
        SECTION,
        "",
        f"Written by `benchmarks/tui_bench.py` on {today}: Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores. The app (`python -m hexfront.tui play`) runs on a "
        "pseudo-terminal (TERM=xterm-256color) of each size; times are from the bytes it writes.",
        "",
        "| size | measure | figure | target | |",
        "|---|---|---|---|---|",
        *rows,
        "",
        "A frame counts as drawn at the last byte of its burst (a burst ends after 100 ms of silence at "
        "start-up, 60 ms for a cursor move). The bare app is a Textual App with one Static, launched the "
        "same way, for scale.",
    ]
    if notes:
        section += ["", "Misses and remarks:", "", *[f"- {n}" for n in notes]]
    if dumps:
        section += ["", "One cursor-move burst as written to the terminal (Python repr):", ""]
        for line in dumps:
            section += ([f"    {line}"] if line.startswith(("b'", 'b"')) else [line, ""])
    return section


def main() -> int:
    started = time.perf_counter()
    section = measure()
    print("\n".join(section))
    write_section(SECTION, section)
    print(f"\n(written to {RESULTS.relative_to(REPO)}; took {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
