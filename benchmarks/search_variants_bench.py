"""What more thinking buys the hard player: its budget changed one term at a time, each against default.

Issue 23 asks the hard player to beat default in 70% of games. This measures whether a larger budget, longer
playouts or a looser rule for leaving the greedy order would get there, before any of them is made the
system's own (engine/systems/<system>: ``search_budget``). Each variant plays the same games (the same
scenarios, battle seeds and sides, alternating) against the default player; the row gives the won-lost-drawn
split, the win share with its standard error, and the hard player's decision times (processor seconds in its
own process, as benchmarks/ai_levels_bench.py counts them).

``python benchmarks/search_variants_bench.py --system ratfight --games 40 --jobs 2`` plays the system's own
budget and the variants below; ``--variant '{"orders": 4800}'`` (a JSON object of SearchBudget terms) plays
one of your own instead. The section "## Hard player variants" of RESULTS.md keeps one table per system.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import RESULTS, publish  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.search import SearchPlayer  # noqa: E402
from hexfront.engine.core.system import SearchBudget, get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Hard player variants"
FIRST_SEED = 1000
#: the terms tried by default, each on its own: four times the orders, playouts through six of the enemy's
#: orders, and no margin (the best mean replaces the greedy order however slight its lead)
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"orders": "x4"},
    {"replies": 6, "horizon": 40},
    {"margin": 0.0, "paired_wins": False},
)


def budget_for(base: SearchBudget, terms: dict[str, Any]) -> SearchBudget:
    """``base`` with ``terms`` changed; a value written "xN" multiplies the base's own."""
    out = {k: getattr(base, k) * int(v[1:]) if isinstance(v, str) and v.startswith("x") else v
           for k, v in terms.items()}
    return attrs.evolve(base, **out)


def one_game(job: tuple[str, str, int, bool, dict[str, Any], int]) -> tuple[str, list[float]]:
    """One game of the hard player (``terms`` on its system's budget) against default: "W", "L" or "D" for
    the hard player, and its decision times."""
    system_id, scenario, seed, hard_first, terms, max_orders = job
    system = get_system(system_id)
    greedy = system.computer_players()["default"]
    battle = Battle.new(system_id, scenario, seed=seed)
    sides = system.sides(battle.state)
    hard_side = sides[0] if hard_first else sides[1]
    # no terms: the system's own budget for each position (search_budget_at), as the "hard" level plays
    hard = SearchPlayer(seed * 2, greedy, budget_for(system.search_budget(), terms) if terms else None)
    other = greedy(seed * 2 + 1)
    times: list[float] = []
    while battle.outcome() is None and len(battle.log) < max_orders:
        side = battle.side_to_act()
        started = time.process_time()
        order = (hard if side == hard_side else other).choose(system, battle.state)
        if side == hard_side:
            times.append(time.process_time() - started)
        battle.submit(order)
    outcome = battle.outcome()
    if outcome is None or outcome.winner is None:
        return "D", times
    return ("W" if outcome.winner == hard_side else "L"), times


def row(system_title: str, terms: dict[str, Any], results: list[tuple[str, list[float]]]) -> str:
    won = sum(r == "W" for r, _ in results)
    lost = sum(r == "L" for r, _ in results)
    n = len(results)
    share = won / n
    error = math.sqrt(share * (1 - share) / n)
    ts = [t for _, got in results for t in got]
    label = json.dumps(terms) if terms else "the system's own budget"
    return (f"| {system_title} | {label} | {n} | {won}-{lost}-{n - won - lost} | {share:.0%} ± {error:.0%} | "
            f"{1000 * statistics.median(ts):.0f} ms | {max(ts):.2f} s |")


def keep_other_systems(title: str) -> list[str]:
    """The rows of the section now in RESULTS.md that belong to other systems."""
    if not RESULTS.exists():
        return []
    text = RESULTS.read_text()
    start = text.find(HEADING + "\n")
    if start < 0:
        return []
    block = text[start:].split("\n## ", 1)[0]
    return [line for line in block.splitlines()
            if line.startswith("| ") and not line.startswith("| system") and not line.startswith(f"| {title} |")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", required=True, help="a system id")
    parser.add_argument("--games", type=int, default=40, help="games per variant (default 40)")
    parser.add_argument("--variant", action="append", type=json.loads,
                        help="a JSON object of SearchBudget terms (default: the built-in variants)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--max-orders", type=int, default=3000, help="a game stops (drawn) after this many")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    system = get_system(args.system)
    lessons = set(tutorial_scenarios(system))
    scenarios = [s for s in system.scenario_names() if s not in lessons]
    plan = [(scenarios[(i // 2) % len(scenarios)], FIRST_SEED + i, i % 2 == 0) for i in range(args.games)]
    rows = []
    with multiprocessing.Pool(args.jobs) as pool:
        for terms in args.variant or VARIANTS:
            jobs = [(system.id, sc, seed, first, terms, args.max_orders) for sc, seed, first in plan]
            rows.append(row(system.title, terms, pool.map(one_game, jobs, chunksize=1)))
            print(rows[-1], flush=True)
    lines = [HEADING, "",
             f"Written by `benchmarks/search_variants_bench.py` on {datetime.date.today()}: the hard player "
             f"against default with one term of its budget changed, each variant on the same games (the "
             f"scenarios but the tutorials taking turns, battle seeds from {FIRST_SEED}, sides alternating). "
             "Won-lost-drawn is the hard player's; ± is one standard error of the win share; times are the hard "
             "player's decisions in processor seconds (target: median <= 1 s, max <= 3 s).", "",
             "| system | budget | games | won-lost-drawn | won | median | max |", "|---|---|---|---|---|---|---|",
             *sorted(keep_other_systems(system.title) + rows, key=lambda line: line.split("|")[1])]
    return publish(HEADING, lines, write=not args.no_write)


if __name__ == "__main__":
    raise SystemExit(main())
