"""Measure what a checkpoint's hash costs per order, repr (formats 1-2) against canonical JSON (format 3).

One released save per system (the first of its scenarios under tests/fixtures/saves/format2-engine0.1.0,
40 orders or to the end) is replayed; after setup and after every order the battle's checkpoint hash is
taken both ways, each the best of REPEATS runs. The figures are means over the orders of the save:
the system's ``canonical(state)`` alone, then the whole hash each way (``canonical`` included, as a
checkpoint takes it).

Run with ``python benchmarks/hash_bench.py [--no-write]`` (also from ``make bench``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from selfplay_bench import write_section  # noqa: E402

from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.saves import read_save, setup_from_save  # noqa: E402
from hexfront.engine.core.serial import codec_for  # noqa: E402
from hexfront.engine.core.statehash import CANONICAL, REPR  # noqa: E402
from hexfront.engine.core.system import all_systems, get_system  # noqa: E402

HEADING = "## Checkpoint hash"
SAVES = HERE.parent / "tests" / "fixtures" / "saves" / "format2-engine0.1.0"
REPEATS = 30


def best_of(action: Callable[[], object]) -> float:
    """The fastest of REPEATS runs of ``action``, in microseconds."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def measure(path: Path) -> dict[str, float]:
    """Mean microseconds per checkpoint over the save's setup and orders."""
    save, _ = read_save(path)
    setup = setup_from_save(save)
    system = get_system(setup.system)
    codec = codec_for(system)
    battle = Battle(system, setup)
    totals = {"canonical": 0.0, "repr": 0.0, "json": 0.0}
    commands = [codec.command_from_json(entry.command) for entry in save.commands]
    for command in [None, *commands]:
        if command is not None:
            battle.submit(command)
        totals["canonical"] += best_of(lambda: system.canonical(battle.state))
        totals["repr"] += best_of(lambda: battle.state_hash(REPR))
        totals["json"] += best_of(lambda: battle.state_hash(CANONICAL))
    checkpoints = len(commands) + 1
    figures = {key: value / checkpoints for key, value in totals.items()}
    figures["checkpoints"] = checkpoints
    figures["bytes"] = len(json.dumps((system.canonical(battle.state), battle.rng.snapshot()),
                                      separators=(",", ":")))
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    rows = []
    for system_id in sorted(all_systems()):
        path = sorted(SAVES.glob(f"{system_id}-*.json"))[0]
        f = measure(path)
        rows.append(f"| {system_id} | {path.stem.split('-', 1)[1]} | {f['checkpoints']:.0f} | {f['bytes']:,.0f} B "
                    f"| {f['canonical']:.0f} µs | {f['repr']:.0f} µs | {f['json']:.0f} µs "
                    f"| {f['json'] / f['repr']:.2f} |")
        print(rows[-1], flush=True)
    today = datetime.date.today().isoformat()
    lines = [
        HEADING, "",
        f"Written by `benchmarks/hash_bench.py` on {today}: Python {platform.python_version()}, "
        f"{platform.machine()}. One released save per system (format 2, the first of its scenarios), replayed; "
        f"at setup and after every order the checkpoint hash is taken by repr and BLAKE2b (formats 1-2) and by "
        f"canonical JSON and SHA-256 (format 3), each the best of {REPEATS}; figures are means per checkpoint, "
        f"`canonical()` (the system's canonical form, part of both hashes) included.", "",
        "| system | scenario | checkpoints | canonical JSON of the last state | canonical() alone "
        "| repr hash (before) | canonical hash (after) | after / before |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    if not args.no_write:
        write_section(HEADING, lines)
        print(f"wrote the '{HEADING}' section of benchmarks/RESULTS.md")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
