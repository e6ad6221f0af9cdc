"""Measure 30 Minute Missions selfplay and write the "## 30 Minute Missions" section of benchmarks/RESULTS.md.

Figures (issue 8): the `default` computer player must beat `random` (a player that picks
uniformly among the legal orders) in at least 80% of 50 games per scenario; sides alternate
from game to game and a drawn game counts as not won. Also reported: games per second and
orders per game, and default against default.

Run with `python benchmarks/minutemissions_bench.py [--games N] [--scenario NAME] [--no-write]`.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.battle import Battle  # noqa: E402
from engine.core.system import get_system  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
SECTION = "## 30 Minute Missions"
TARGET = 0.8
REASONS: dict[str, int] = {}


def play(scenario: str, names: tuple[str, str], seed: int) -> tuple[str | None, int, Battle]:
    """One game; returns the winning player's name (None for a draw) and the orders given."""
    system = get_system("minutemissions")
    players = system.computer_players()
    battle = Battle.new("minutemissions", scenario, seed=seed)
    sides = system.sides(battle.state)
    ai = {s: players[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, names))}
    while battle.outcome() is None:
        battle.submit(ai[battle.side_to_act()].choose(system, battle.state))
    outcome = battle.outcome()
    winner = None if outcome.winner is None else names[sides.index(outcome.winner)]
    key = re.sub(r"\d+ to \d+", "N to N", outcome.reason)
    REASONS[f"{winner}: {key}"] = REASONS.get(f"{winner}: {key}", 0) + 1
    return winner, len(battle.log), battle


def series(scenario: str, names: tuple[str, str], games: int, first_seed: int) -> dict:
    won = {n: 0 for n in names}
    draws = orders = 0
    by_side = {0: 0, 1: 0}
    t = time.perf_counter()
    for i in range(games):
        order = names if i % 2 == 0 else names[::-1]
        winner, n, _ = play(scenario, order, first_seed + i)
        orders += n
        if winner is None:
            draws += 1
        else:
            won[winner] += 1
            if winner == names[0]:
                by_side[order.index(names[0])] += 1
    return dict(won=won, draws=draws, orders=orders, elapsed=time.perf_counter() - t, by_side=by_side)


def write_section(lines: list[str]) -> None:
    text = RESULTS.read_text() if RESULTS.exists() else "# Benchmark results\n"
    block = "\n".join(lines).rstrip("\n") + "\n"
    pattern = re.compile(rf"^{re.escape(SECTION)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: block + "\n", text, count=1).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + block
    RESULTS.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--selfplay", type=int, default=10, help="default-vs-default games per scenario")
    parser.add_argument("--scenario", action="append", help="a scenario (default: every mission: ridge, foundry)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--reasons", action="store_true", help="print how the games ended")
    args = parser.parse_args()
    system = get_system("minutemissions")
    scenarios = args.scenario or sorted(system.scenario_names(), key=lambda n: n != system.default_scenario())
    rows = []
    ok = True
    for scenario in scenarios:
        print(f"{scenario}: default vs random, {args.games} games ...", flush=True)
        REASONS.clear()
        r = series(scenario, ("default", "random"), args.games, first_seed=1000)
        if args.reasons:
            for k, v in sorted(REASONS.items(), key=lambda kv: -kv[1]):
                print(f"  {v:3d}  {k}")
        share = r["won"]["default"] / args.games
        ok &= share >= TARGET
        rows.append((f"default beats random, {scenario} ({args.games} games, sides alternate)",
                     f"{r['won']['default']} won, {r['won']['random']} lost, {r['draws']} drawn ({share:.0%}); "
                     f"as first side {r['by_side'][0]}, as second {r['by_side'][1]}",
                     f">= {TARGET:.0%}", "pass" if share >= TARGET else "FAIL"))
        rows.append((f"default vs random, {scenario}", f"{args.games / r['elapsed']:.1f} games/s, "
                     f"{r['orders'] / args.games:.0f} orders/game", "-", "-"))
        n = args.selfplay
        if n > 0:
            print(f"{scenario}: default vs default, {n} games ...", flush=True)
            d = series(scenario, ("default", "default"), n, first_seed=0)
            rows.append((f"default vs default, {scenario} ({n} games)",
                         f"{n / d['elapsed']:.1f} games/s, {d['orders'] / n:.0f} orders/game, {d['draws']} drawn",
                         "-", "-"))
    lines = [SECTION, "",
             f"Written by `benchmarks/minutemissions_bench.py` on {datetime.date.today().isoformat()}. A drawn game "
             "counts as not won. Games/s are wall-clock for both players together (the random player lists "
             "every legal order before each pick). Ridge Line is won by destroying every enemy mech or by having more "
             "standing after 8 rounds; Hold the Foundry by objective points after 6 rounds.", "",
             "| measure | figure | target | |", "|---|---|---|---|",
             *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows], ""]
    print("\n".join(lines))
    if not args.no_write:
        write_section(lines)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
