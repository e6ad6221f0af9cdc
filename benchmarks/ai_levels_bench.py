"""Measure the computer's levels (issue 23) and write the "Computer levels" section of benchmarks/RESULTS.md.

Per system, on every scenario but the tutorials, games between levels with sides alternating (the first-named
level takes the first side in even games): hard against default, hard against random, easy against default,
easy against random. Each pairing is played from two seeds (two series of games whose battle and player
seeds differ), to show the figures are not luck. Also measured: every decision's time, per level (median and
max). Targets: hard beats default in at least 70% and random in 98%; easy loses to default in at least 60%
and beats random in 80%. A drawn game counts as not won.

``--games`` counts the games of one system, pairing and seed, spread over the scenarios; ``--games-for
PAIRING=N`` sets one pairing's count. The figures in RESULTS.md (50 games a pairing, 25 from each seed, for
hard against default; the easy pairings, which cost little, 50 from each) came from
``python benchmarks/ai_levels_bench.py --games 25 --games-for hard-random=10 --games-for easy-default=50
--games-for easy-random=50 --jobs 2``: about 80 minutes on two cores, the hard player's playouts being most of
it. A quick look: ``--games 6 --system ratfight --scenario convoy --no-write``.
A game still going after ``--max-orders`` orders is stopped and counted as drawn. ``--keep`` measures again only
what it is asked (``--system``, ``--pairing``) and keeps the other rows of the section as they were.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import RESULTS, write_section  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.heap import settle_heap  # noqa: E402
from hexfront.engine.core.system import ComputerPlayer, RuleSystem, all_systems, get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Computer levels"
PAIRINGS = (("hard", "default", 0.70), ("hard", "random", 0.98), ("easy", "default", None),
            ("easy", "random", 0.80))
#: easy must LOSE to default in this share of games at least
EASY_LOSES = 0.60
SEEDS = (1000, 7000)


class Timed:
    """A computer player whose every decision is timed into ``times[name]``: the processor time the decision
    took in its own process (``time.process_time``), so that games played at once, or other work on the
    machine, do not lengthen it."""

    def __init__(self, player: ComputerPlayer, times: list[float]) -> None:
        self.player = player
        self.name = player.name
        self.times = times

    def choose(self, system: RuleSystem, state: Any) -> Any:
        t = time.process_time()
        order = self.player.choose(system, state)
        self.times.append(time.process_time() - t)
        return order


def play(system: RuleSystem, scenario: str, names: tuple[str, str], seed: int, times: dict[str, list[float]],
         max_orders: int) -> str | None:
    """One game; the winning level's name, or None for a draw (or a game stopped at ``max_orders``)."""
    factories = system.computer_players()
    battle = Battle.new(system.id, scenario, seed=seed)
    settle_heap()  # as the game does when a battle begins (engine.core.heap): a worker plays game after game
    sides = system.sides(battle.state)
    players = {s: Timed(factories[n](seed * 2 + k), times.setdefault(n, []))
               for k, (s, n) in enumerate(zip(sides, names, strict=True))}
    while battle.outcome() is None and len(battle.log) < max_orders:
        side = battle.side_to_act()
        assert side is not None
        battle.submit(players[side].choose(system, battle.state))
    outcome = battle.outcome()
    if outcome is None or outcome.winner is None:
        return None
    return names[sides.index(outcome.winner)]


def game_plan(scenarios: list[str], games: int, first_seed: int) -> list[tuple[str, int, bool]]:
    """The games of one series: (scenario, seed, first-named level takes the first side). The scenarios take
    turns two games at a time, so each scenario is played from both sides by each level."""
    return [(scenarios[(i // 2) % len(scenarios)], first_seed + i, i % 2 == 0) for i in range(games)]


def one_game(job: tuple[str, str, tuple[str, str], int, bool, int]) -> tuple[str, str | None, dict[str, list[float]]]:
    """Play one planned game (in a worker process): its scenario, the winning level (or None) and the
    decision times by level."""
    system_id, scenario, pair, seed, first, max_orders = job
    times: dict[str, list[float]] = {}
    names = pair if first else (pair[1], pair[0])
    return scenario, play(get_system(system_id), scenario, names, seed, times, max_orders), times


def series(system: RuleSystem, scenarios: list[str], pair: tuple[str, str], games: int, first_seed: int,
           times: dict[str, list[float]], max_orders: int,
           pool: Any) -> tuple[tuple[int, int, int], dict[str, list[int]]]:
    """(won, lost, drawn) for ``pair[0]`` over ``games`` games spread over ``scenarios``, sides alternating; and
    the same split per scenario."""
    jobs = [(system.id, sc, pair, seed, first, max_orders) for sc, seed, first in game_plan(scenarios, games,
                                                                                            first_seed)]
    results = pool.map(one_game, jobs) if pool is not None else map(one_game, jobs)
    total = [0, 0, 0]
    per: dict[str, list[int]] = {}
    for scenario, winner, got in results:
        for level, ts in got.items():
            times.setdefault(level, []).extend(ts)
        cell = 2 if winner is None else 0 if winner == pair[0] else 1
        total[cell] += 1
        per.setdefault(scenario, [0, 0, 0])[cell] += 1
    return (total[0], total[1], total[2]), per


def verdict(me: str, them: str, won: int, lost: int, games: int, target: float | None) -> str:
    if target is not None:
        return "pass" if won / games >= target else "short"
    return "pass" if lost / games >= EASY_LOSES else "short"


def measure(system: RuleSystem, scenarios: list[str], counts: dict[str, int], seeds: tuple[int, ...],
            max_orders: int, pool: Any) -> tuple[list[str], list[str], dict[str, list[float]]]:
    """The table rows, the per-scenario rows and the decision times by level, for the pairings in ``counts``
    (pairing -> games per seed)."""
    rows: list[str] = []
    detail: list[str] = []
    times: dict[str, list[float]] = {}
    for me, them, target in PAIRINGS:
        games = counts.get(f"{me}-{them}", 0)
        if not games:
            continue
        cells = []
        together = [0, 0, 0]
        for seed in seeds:
            t = time.perf_counter()
            (won, lost, drawn), per = series(system, scenarios, (me, them), games, seed, times, max_orders, pool)
            print(f"  {system.id} {me} vs {them} seed {seed}: {won} won, {lost} lost, {drawn} drawn "
                  f"({time.perf_counter() - t:.0f} s)", flush=True)
            cells.append(f"{won}-{lost}-{drawn} ({won / games:.0%}) {verdict(me, them, won, lost, games, target)}")
            together = [together[0] + won, together[1] + lost, together[2] + drawn]
            detail += [f"| {system.title} | {sc} | {me} vs {them} | {seed} | {w}-{lo}-{d} |"
                       for sc, (w, lo, d) in sorted(per.items())]
        goal = f"wins >= {target:.0%}" if target is not None else f"loses >= {EASY_LOSES:.0%}"
        w, lo, d = together
        n = w + lo + d
        both = f"{w}-{lo}-{d} of {n} ({w / n:.0%} won, {lo / n:.0%} lost) {verdict(me, them, w, lo, n, target)}"
        rows.append(f"| {system.title} | {me} vs {them} | {games} | {' / '.join(cells)} | {both} | {goal} |")
    return rows, detail, times


def _key(line: str, cells: int) -> tuple[str, ...]:
    """A table row's first ``cells`` cells: what a row of a new run replaces."""
    return tuple(c.strip() for c in line.split("|")[1:1 + cells])


#: the tables of the section, by their heading row, and how many leading cells name a row: (system, pairing),
#: (system, scenario, pairing, seed), (system, level)
TABLES = {"| system | pairing |": 2, "| system | scenario |": 4, "| system | level |": 2}


def earlier_rows() -> dict[str, list[str]]:
    """The rows of each table of the section now in RESULTS.md (by the table's heading row)."""
    text = RESULTS.read_text() if RESULTS.exists() else ""
    start = text.find(HEADING + "\n")
    got: dict[str, list[str]] = {head: [] for head in TABLES}
    if start < 0:
        return got
    table = None
    for line in text[start:].split("\n## ", 1)[0].splitlines():
        if line.startswith("|---"):
            continue
        if not line.startswith("| "):
            table = None
            continue
        heading = next((h for h in TABLES if line.startswith(h)), None)
        if heading is not None:
            table = heading
        elif table is not None:
            got[table].append(line)
    return got


def merged(earlier: list[str], new: list[str], cells: int) -> list[str]:
    """``new`` rows, and the ``earlier`` rows no new row replaces (another system, pairing or level than
    this run measured), in the earlier rows' order with the new ones where they stood or at the end."""
    fresh = {_key(line, cells): line for line in new}
    out = [fresh.pop(_key(line, cells), line) for line in earlier]
    return out + [line for line in new if _key(line, cells) in fresh]


def section(args: argparse.Namespace, seeds: tuple[int, ...], rows: list[str], details: list[str],
            timing: list[str], pending: list[str]) -> list[str]:
    """The RESULTS.md section for the systems measured so far (``pending``: those still to come); with
    ``args.keep``, the rows of the section now written that this run does not measure are kept."""
    if args.keep:
        before = earlier_rows()
        rows, details, timing = (merged(before[h], new, TABLES[h])
                                 for h, new in zip(TABLES, (rows, details, timing), strict=True))
    still = f" Still being measured: {', '.join(pending)}." if pending else ""
    kept = (" Rows of systems, pairings and levels this run did not play are kept from the runs before; this "
            f"run played {', '.join(args.measured)}.") if args.keep else ""
    return [HEADING, "",
            f"Written by `benchmarks/ai_levels_bench.py` on {datetime.date.today()} (the games column: games per "
            f"system, pairing and seed, the scenarios (all but the tutorials) taking turns two games at a time; "
            f"seeds {', '.join(map(str, seeds))}; sides alternate; {args.jobs} game(s) at once on "
            f"{os.cpu_count()} cores). A cell is won-lost-drawn for the first-named level, one per seed; a game "
            f"still going after {args.max_orders} orders counts as drawn.{kept}{still}", "",
            "| system | pairing | games per seed | won-lost-drawn per seed | the seeds together | target |",
            "|---|---|---|---|---|---|",
            *rows, "", "Per scenario:", "", "| system | scenario | pairing | seed | won-lost-drawn |",
            "|---|---|---|---|---|", *details, "",
            "Decision times, processor seconds in the deciding process (every decision of the games above; "
            "target: median <= 1 s, "
            "max <= 3 s for hard, median <= 1 s for default):", "",
            "| system | level | decisions | median | max |", "|---|---|---|---|---|", *timing]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50,
                        help="games per system, pairing and seed, spread over the scenarios (default 50)")
    parser.add_argument("--system", action="append", help="a system id (default: every system)")
    parser.add_argument("--scenario", action="append", help="a scenario (default: every one but the tutorials)")
    parser.add_argument("--pairing", action="append", choices=[f"{a}-{b}" for a, b, _ in PAIRINGS],
                        help="a pairing (default: all four)")
    parser.add_argument("--seeds", type=int, default=2, choices=(1, 2), help="series from one seed or two")
    parser.add_argument("--max-orders", type=int, default=3000, help="a game stops (drawn) after this many orders")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, one process each (default 1)")
    parser.add_argument("--games-for", action="append", default=[], metavar="PAIRING=N",
                        help="games per system and seed for one pairing, instead of --games (e.g. hard-random=10)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the rows now in RESULTS.md of the systems, pairings and levels not played")
    args = parser.parse_args()
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    systems = [get_system(s) for s in args.system] if args.system else list(all_systems().values())
    pairings = args.pairing or [f"{a}-{b}" for a, b, _ in PAIRINGS]
    counts = {p: args.games for p in pairings}
    for item in args.games_for:
        name, _, n = item.partition("=")
        if name not in counts or not n.isdigit():
            parser.error(f"--games-for {item}: give one of {', '.join(counts)} and a number, e.g. hard-random=10")
        counts[name] = int(n)
    seeds = SEEDS[:args.seeds]
    args.measured = [f"{s.title} ({', '.join(p for p in counts if counts[p])})" for s in systems]
    rows: list[str] = []
    details: list[str] = []
    timing: list[str] = []
    for system in systems:
        lessons = set(tutorial_scenarios(system))
        scenarios = [s for s in (args.scenario or system.scenario_names())
                     if s in system.scenario_names() and s not in lessons]
        got, detail, times = measure(system, scenarios, counts, seeds, args.max_orders, pool)
        rows += got
        details += detail
        for level in ("easy", "default", "hard"):
            ts = times.get(level)
            if ts:
                timing.append(f"| {system.title} | {level} | {len(ts)} | {1000 * statistics.median(ts):.1f} ms | "
                              f"{1000 * max(ts):.0f} ms |")
        lines = section(args, seeds, rows, details, timing, [s.title for s in systems[systems.index(system) + 1:]])
        if not args.no_write:  # after each system: a run stopped early keeps the systems it finished
            write_section(HEADING, lines)
    print("\n".join(section(args, seeds, rows, details, timing, [])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
