"""Time the preview of legal orders in every rule system: every preview must take <= 50 ms (issue 19).

Every system the registry finds (``engine.core.system.all_systems()``, so a new system is measured without an
edit here), every one of its scenarios, from a few fixed positions each: the start, and the position after
``N`` orders of seeded random players for each ``N`` of ``--after`` (a battle over by then gives no later
position). At each position ``RuleSystem.preview(state, order)`` is timed for every legal order; where a
position has more than ``--cap`` legal orders, ``--cap`` of them, picked evenly along the list of legal orders,
are timed (the output says how many positions were capped). A preview over 5 ms is timed twice more and the
fastest kept (the machine is shared with other jobs). Only the public ``RuleSystem`` API is used, so the script
measures any system however its previews are written.

Prints, and writes to the "Order previews" section of benchmarks/RESULTS.md (the rest of the file is kept),
for each system: the number of previews, their median and the worst (ms), and pass or fail against the limit.
`python benchmarks/preview_bench.py [--system ID ...] [--after 10 40 100] [--cap 150] [--no-write]`
"""

from __future__ import annotations

import argparse
import datetime
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.results import RESULTS, write_section  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.players import RandomPlayer, computer_seed  # noqa: E402
from hexfront.engine.core.system import RuleSystem, all_systems  # noqa: E402
from hexfront.engine.core.view import OrderPreview  # noqa: E402

LIMIT_MS = 50.0
RETIME_MS = 5.0  # a preview slower than this is timed again...
RETIMES = 2  # ...this many times, and the fastest kept
SECTION = "## Order previews"
SEED = 7


@attrs.define
class Figures:
    """What was measured for one system."""

    system: RuleSystem
    timings: list[tuple[float, str, str]] = attrs.Factory(list)  # (ms, scenario, the order in words)
    positions: int = 0
    capped: int = 0
    failures: list[str] = attrs.Factory(list)  # previews that raised, in one line each
    first: tuple[float, str, str] = (0.0, "", "")  # the slowest single first timing, before any re-timing

    @property
    def median(self) -> float:
        return statistics.median(t for t, _, _ in self.timings) if self.timings else 0.0

    @property
    def worst(self) -> tuple[float, str, str]:
        return max(self.timings) if self.timings else (0.0, "", "")

    @property
    def passed(self) -> bool:
        return bool(self.timings) and not self.failures and self.worst[0] <= LIMIT_MS


def positions(system: RuleSystem, scenario: str, after: Sequence[int]) -> list[tuple[str, Any]]:
    """The state at the start of ``scenario`` and after each count in ``after`` of seeded random orders."""
    battle = Battle.new(system.id, scenario, seed=SEED)
    players = {side: RandomPlayer(computer_seed(SEED, i)) for i, side in enumerate(system.sides(battle.state))}
    out: list[tuple[str, Any]] = []
    played = 0
    for target in sorted({0, *after}):
        while played < target and system.outcome(battle.state) is None:
            side = system.side_to_act(battle.state)
            if side is None:
                break
            battle.submit(players[side].choose(system, battle.state))
            played += 1
        if played < target:  # the battle ended (or stopped) before this many orders
            break
        out.append(("start" if target == 0 else f"after {target} orders", system.copy_state(battle.state)))
    return out


def picked(legal: list[Any], cap: int) -> list[Any]:
    """All of ``legal``, or ``cap`` of them spread evenly along it (every kind of order gets its share)."""
    if len(legal) <= cap:
        return legal
    return [legal[i * len(legal) // cap] for i in range(cap)]


def measure(system: RuleSystem, after: Sequence[int], cap: int) -> Figures:
    figures = Figures(system)
    for scenario in system.scenario_names():
        for where, state in positions(system, scenario, after):
            if system.outcome(state) is not None:
                continue
            legal = system.legal_commands(state)
            orders = picked(legal, cap)
            figures.positions += 1
            figures.capped += len(orders) < len(legal)
            gc.collect()  # a full collection is the interpreter's pause, not the preview's: take it first
            for command in orders:
                try:
                    ms, first, preview = timed(system, state, command)
                except Exception as exc:  # a preview that fails is a failure of the benchmark, said in one line
                    figures.failures.append(f"{scenario}, {where}: {command!r}: {type(exc).__name__}: {exc}")
                    continue
                figures.timings.append((ms, scenario, f"{where}: {preview.summary}"))
                figures.first = max(figures.first, (first, scenario, f"{where}: {preview.summary}"))
    return figures


def timed(system: RuleSystem, state: Any, command: Any) -> tuple[float, float, OrderPreview]:
    """How long ``system.preview(state, command)`` takes (ms, the fastest timing), its first timing, and the
    preview. A preview over ``RETIME_MS`` is timed ``RETIMES`` times more and the fastest kept: its work is the
    same each time, and on a machine shared with other jobs the slower runs measure the other jobs (but a first
    call that fills a cache is slower too: the first timings' worst is reported beside)."""
    times = []
    preview = None
    for _ in range(1 + RETIMES):
        t = time.perf_counter()
        preview = system.preview(state, command)
        times.append(1000 * (time.perf_counter() - t))
        if times[0] <= RETIME_MS:
            break
    assert preview is not None
    return min(times), times[0], preview


def table(all_figures: list[Figures], after: Sequence[int], cap: int, seconds: float) -> str:
    when = datetime.date.today().isoformat()
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    lines = [SECTION, "",
             f"Written by `benchmarks/preview_bench.py` on {when}: Python {platform.python_version()}, "
             f"{platform.machine()}. Every system the registry finds, every scenario, from the start and after "
             f"{', '.join(str(n) for n in after)} orders of seeded random players (seed {SEED}); at each position "
             f"every legal order's `preview` is timed once, or {cap} of them spread evenly along the list where "
             f"there are more (the capped positions are counted below); a preview over {RETIME_MS:.0f} ms is timed "
             f"{RETIMES} more times and the fastest kept (the machine is shared: the load average is given). "
             f"Target: every preview <= {LIMIT_MS:.0f} ms (issue 19), judged on the fastest timing; the worst "
             f"first timing (a first call may fill a cache) is given beside. Took {seconds:.0f} s; load average "
             f"{load}.", "",
             "| system | previews | positions (capped) | median | worst | worst order | worst first timing | target "
             "| |",
             "|---|---|---|---|---|---|---|---|---|"]
    for f in all_figures:
        ms, scenario, order = f.worst
        verdict = "pass" if f.passed else "FAIL"
        if f.passed and f.first[0] > LIMIT_MS:
            verdict = "pass, but a first call is over"
        worst_order = f"{scenario}, {order}".replace("|", "/")
        if f.failures:
            worst_order = f"{len(f.failures)} preview(s) failed: {f.failures[0]}".replace("|", "/")
        first_ms, first_scenario, first_order = f.first
        first = f"{first_ms:.1f} ms ({first_scenario}, {first_order})".replace("|", "/")
        lines.append(f"| {f.system.title} | {len(f.timings):,} | {f.positions} ({f.capped}) | {f.median:.3f} ms | "
                     f"{ms:.1f} ms | {worst_order} | {first} | <= {LIMIT_MS:.0f} ms | {verdict} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--system", action="append", default=[], help="measure only this system (repeatable)")
    parser.add_argument("--after", type=int, nargs="*", default=[10, 40, 100],
                        help="orders played before a position")
    parser.add_argument("--cap", type=int, default=150, help="most previews timed at one position")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    systems = all_systems()
    unknown = [s for s in args.system if s not in systems]
    if unknown:
        print(f"unknown system {', '.join(unknown)}; known: {', '.join(systems)}", file=sys.stderr)
        return 2
    chosen = [systems[s] for s in (args.system or list(systems))]
    began = time.perf_counter()
    results = []
    for system in chosen:
        f = measure(system, args.after, args.cap)
        results.append(f)
        ms, scenario, order = f.worst
        print(f"{system.id}: {len(f.timings)} previews at {f.positions} positions ({f.capped} capped at "
              f"{args.cap} orders); median {f.median:.3f} ms, worst {ms:.1f} ms ({scenario}, {order}): "
              f"{'pass' if f.passed else 'FAIL'}{' (but a first call is over)' if f.first[0] > LIMIT_MS else ''}; "
              f"worst first timing {f.first[0]:.1f} ms ({f.first[1]}, "
              f"{f.first[2]})", flush=True)
        for line in f.failures[:5]:
            print(f"  failed: {line}")
    seconds = time.perf_counter() - began
    if not args.no_write and not args.system:
        write_section(SECTION, table(results, args.after, args.cap, seconds).splitlines())
        print(f"written to {RESULTS}")
    return 0 if all(f.passed for f in results) else 1


if __name__ == "__main__":
    sys.exit(main())
