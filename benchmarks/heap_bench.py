"""Measure garbage-collection pauses in a process that plays battle after battle, and write the "Long-lived
process" section of benchmarks/RESULTS.md.

The terminal game, one SSH session of ``hexfront serve`` and a benchmark's worker each play many battles in one
process. What outlives a battle (the content's tables, the sight lines and odds the systems remember) grows to
hundreds of thousands of objects, and each full collection walks them all. The game calls
``engine.core.heap.settle_heap`` as a battle begins; this script plays the same battles in one fresh process
without it and in another with it, and reports for each: the slowest decision and how much of it was spent
collecting, the collections' time over all decisions, the full collections that fell inside a decision, the
slowest settling (the pause as a battle begins), the objects the collector still walks at the end, and the
process's peak memory (which settling must not raise).

``python benchmarks/heap_bench.py`` (Dustup, easy against default, 36 battles, and hard against default, 8):
about 3 minutes, the two processes of a row side by side on the two cores.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.ai_levels_bench import game_plan  # noqa: E402
from benchmarks.selfplay_bench import write_section  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.heap import settle_heap  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Long-lived process"
ROWS = (("dustup", "easy", "default", 36), ("dustup", "hard", "default", 8))
FIRST_SEED = 1000


def run(system_id: str, a: str, b: str, games: int, settle: bool) -> dict[str, Any]:
    """Play ``games`` battles of ``a`` against ``b`` in this process (the script's game plan, sides alternating),
    settling the heap as each begins or not; the figures as a dict."""
    system = get_system(system_id)
    factories = system.computer_players()
    scenarios = [s for s in system.scenario_names() if s not in tutorial_scenarios(system)]
    clock = {"in": 0.0, "spent": 0.0, "full": 0}

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            clock["in"] = time.process_time()
            return
        clock["spent"] += time.process_time() - clock["in"]
        if info["generation"] == 2:
            clock["full"] += 1

    gc.callbacks.append(watch)
    worst = (0.0, 0.0)
    spent_deciding = 0.0
    full_deciding = 0
    decisions = 0
    settling = 0.0
    for scenario, seed, first in game_plan(scenarios, games, FIRST_SEED):
        names = (a, b) if first else (b, a)
        battle = Battle.new(system.id, scenario, seed=seed)
        if settle:
            start = time.process_time()
            settle_heap()
            settling = max(settling, time.process_time() - start)
        sides = system.sides(battle.state)
        players = {s: factories[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, names, strict=True))}
        while battle.outcome() is None and len(battle.log) < 3000:
            side = battle.side_to_act()
            assert side is not None
            spent, full = clock["spent"], clock["full"]
            start = time.process_time()
            order = players[side].choose(system, battle.state)
            took = time.process_time() - start
            in_gc = clock["spent"] - spent
            spent_deciding += in_gc
            full_deciding += int(clock["full"] - full)
            decisions += 1
            worst = max(worst, (took, in_gc))
            battle.submit(order)
        del battle, players
    gc.callbacks.remove(watch)
    return {"decisions": decisions, "worst": worst[0], "worst_gc": worst[1], "gc": spent_deciding,
            "full": full_deciding, "settling": settling, "walked": len(gc.get_objects()),
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def measured(system_id: str, a: str, b: str, games: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The row's two runs, without settling and with, each in a fresh process, side by side."""
    procs = [subprocess.Popen([sys.executable, __file__, "--one", system_id, a, b, str(games), str(int(settle))],
                              stdout=subprocess.PIPE, text=True) for settle in (False, True)]
    outs = [p.communicate()[0] for p in procs]
    if any(p.returncode for p in procs):
        raise SystemExit("a measuring process failed")
    return json.loads(outs[0]), json.loads(outs[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="print the section; leave RESULTS.md alone")
    parser.add_argument("--one", nargs=5, metavar=("SYSTEM", "A", "B", "GAMES", "SETTLE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        system_id, a, b, games, settle = args.one
        print(json.dumps(run(system_id, a, b, int(games), settle == "1")))
        return 0
    lines = [HEADING, "",
             f"Written by `benchmarks/heap_bench.py` on {datetime.date.today().isoformat()}: battles played one after "
             "another in one process, the scenarios but the tutorials taking turns (battle seeds from "
             f"{FIRST_SEED}, sides alternating), once without `settle_heap` and once with it as each battle "
             "begins (as the game does), each in a fresh process, the two side by side on the two cores. Times "
             "are processor time; \"in collections\" is the garbage collector's time inside the computer "
             "players' decisions; \"slowest settling\" is the longest `settle_heap` call.", "",
             "| battles | settled | decisions | slowest decision (of it, collecting) | in collections, all "
             "decisions | full collections in decisions | slowest settling | objects walked at the end | peak memory |",
             "|---|---|---|---|---|---|---|---|---|"]
    for system_id, a, b, games in ROWS:
        for settle, r in zip(("no", "yes"), measured(system_id, a, b, games), strict=True):
            settling = f"{r['settling'] * 1000:.0f} ms" if settle == "yes" else "-"
            lines.append(f"| {get_system(system_id).title}, {a} against {b}, {games} | {settle} | {r['decisions']} | "
                         f"{r['worst'] * 1000:.0f} ms ({r['worst_gc'] * 1000:.0f} ms) | {r['gc']:.2f} s | "
                         f"{r['full']} | {settling} | {r['walked']:,} | {r['peak_mb']} MB |")
    if not args.no_write:
        write_section(HEADING, lines)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
