"""Processor time spent by groups of processes, read from /proc (Linux): figures that do not depend on how
loaded the machine is, unlike wall-clock latency.

A process's CPU seconds are its user plus system time (fields 14 and 15 of /proc/PID/stat, in clock ticks).
:class:`CpuBook` samples a set of named groups (the host, the game processes, the benchmark's own client
process) at the start and end of a phase; the difference, divided by the orders of the phase or by its
length, is what the benchmark reports.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of ``pid`` so far, None if it has gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after the command name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime (fields 14, 15 of the whole line)


def group_seconds(pids: Iterable[int]) -> dict[int, float]:
    """CPU seconds of each live process of ``pids``."""
    out = {}
    for pid in pids:
        seconds = cpu_seconds(pid)
        if seconds is not None:
            out[pid] = seconds
    return out


@attrs.frozen
class Spent:
    """CPU seconds each group spent in one phase of ``wall`` seconds, and the processes counted per group."""

    wall: float
    seconds: dict[str, float]
    processes: dict[str, int]

    def per(self, count: float) -> dict[str, float]:
        """Seconds per ``count`` (orders), by group."""
        return {group: s / count for group, s in self.seconds.items()} if count else {}

    def percent(self) -> dict[str, float]:
        """Percent of one core, by group, over the phase."""
        return {group: 100 * s / self.wall for group, s in self.seconds.items()} if self.wall else {}


class CpuBook:
    """Named groups of processes, each given by a function returning its pids now (a group's members may
    change: game processes start and end)."""

    def __init__(self, groups: dict[str, Callable[[], Iterable[int]]]) -> None:
        self.groups = groups
        self._start: dict[str, dict[int, float]] = {}
        self._at = 0.0

    def _sample(self) -> dict[str, dict[int, float]]:
        return {name: group_seconds(pids()) for name, pids in self.groups.items()}

    def start(self) -> None:
        self._at = time.perf_counter()
        self._start = self._sample()

    def stop(self) -> Spent:
        """What each group spent since :meth:`start` (a process started meanwhile counts from zero; one that
        ended meanwhile counts nothing)."""
        end = self._sample()
        wall = time.perf_counter() - self._at
        seconds = {name: sum(now - self._start[name].get(pid, 0.0) for pid, now in end[name].items())
                   for name in end}
        return Spent(wall, seconds, {name: len(end[name]) for name in end})


def game_pids(data: Path) -> list[int]:
    """The game processes of the host whose data folder is ``data`` (``hexfront.tui.serve.session --data D``)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"hexfront.tui.serve.session" in args and str(data).encode() in args:
                found.append(int(entry))
    return found
