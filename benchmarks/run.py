"""Measure the engine and write the head of benchmarks/RESULTS.md (its title and first table; every "## " section
after it is left as it is).

Figures (targets from issue 3, on this project's 2-core machine):
- replaying a 10,000-command battle log: <= 1 s
- undo at the end of that log: <= 20 ms
- RatFight selfplay: >= 20 complete games per second
- the `default` computer player beats `random` in >= 80% of 50 games

Run with `make bench` (or `python benchmarks/run.py [--quick]`).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.results import write_head  # noqa: E402
from hexfront.engine.core.battle import Battle, BattleSetup  # noqa: E402
from hexfront.engine.core.rng import Generator  # noqa: E402
from hexfront.engine.core.saves import load_battle, save_battle  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402
from hexfront.engine.systems.ratfight import commands as C  # noqa: E402

NO_CASUALTY_ORDERS = (C.Move, C.Pass, C.Redraw, C.Pivot, C.Embark, C.Disembark)


def long_battle(n_commands: int, seed: int = 42) -> Battle:
    """A battle of ``n_commands`` real orders: both sides manoeuvre and pass without a shot fired.

    Morale never breaks with no casualties, and the scenario's last turn is moved far off, so
    the battle runs as long as asked; every order is still validated, resolved and checkpointed.
    """
    system = get_system("ratfight")
    content = system.load_content("convoy")
    content["scenario"] = dict(content["scenario"], turn_limit=1000)
    setup = BattleSetup(system="ratfight", scenario="convoy", seed=seed, content=content, rules_version="1")
    battle = Battle(system, setup)
    gen = Generator(seed)
    while len(battle.log) < n_commands:
        legal = [c for c in battle.legal_commands() if isinstance(c, NO_CASUALTY_ORDERS)]
        battle.submit(legal[gen.below(len(legal))])
    return battle


def best_of(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def selfplay(names: tuple[str, str], scenario: str, games: int, first_seed: int = 0):
    system = get_system("ratfight")
    players = system.computer_players()
    wins = {n: 0 for n in set(names)}
    draws = commands = 0
    t = time.perf_counter()
    for i in range(games):
        seed = first_seed + i
        order = names if i % 2 == 0 else names[::-1]  # each player takes each side in turn
        battle = Battle.new("ratfight", scenario, seed=seed)
        sides = system.sides(battle.state)
        ai = {s: players[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, order, strict=True))}
        while battle.outcome() is None:
            battle.submit(ai[battle.side_to_act()].choose(system, battle.state))
        commands += len(battle.log)
        winner = battle.outcome().winner
        if winner is None:
            draws += 1
        else:
            wins[order[sides.index(winner)]] += 1
    elapsed = time.perf_counter() - t
    return wins, draws, commands, elapsed


def selfplay_fixed(names: tuple[str, str], scenario: str, games: int) -> int:
    """Games won by ``default`` when each player keeps its side (seeds 0..games-1, as `hexfront selfplay`)."""
    system = get_system("ratfight")
    players = system.computer_players()
    won = 0
    for seed in range(games):
        battle = Battle.new("ratfight", scenario, seed=seed)
        sides = system.sides(battle.state)
        ai = {s: players[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, names, strict=True))}
        while battle.outcome() is None:
            battle.submit(ai[battle.side_to_act()].choose(system, battle.state))
        winner = battle.outcome().winner
        won += winner is not None and names[sides.index(winner)] == "default"
    return won


def sight_worst_ms() -> float:
    """The slowest uncached ``visible_hexes`` over every model of the convoy scenario, best of 3 each."""
    battle = Battle.new("ratfight", "convoy", seed=1)
    state, system = battle.state, battle.system
    cache = state.tables.view_cache

    def fresh(model: str) -> None:
        cache.clear()
        system.visible_hexes(state, model)

    worst = 0.0
    for model in state.models:
        worst = max(worst, best_of(3, functools.partial(fresh, model)))
    return worst * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description="Measure hexfront's engine and write benchmarks/RESULTS.md")
    parser.add_argument("--quick", action="store_true", help="fewer games and repetitions (for a smoke run)")
    args = parser.parse_args()
    games = 10 if args.quick else 50
    rows: list[tuple[str, str, str, str]] = []

    n = 2_000 if args.quick else 10_000
    print(f"building a {n}-command battle ...", flush=True)
    battle = long_battle(n)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        save_battle(battle, path)
        size = path.stat().st_size
        replay = best_of(3, lambda: Battle.replay(battle.setup, battle.log))
        verify = best_of(3, lambda: load_battle(path, verify=True))
    rows.append((f"replay a {n:,}-command log (resolve every command)", f"{replay:.3f} s", "<= 1 s",
                 "pass" if replay <= 1.0 else "FAIL"))
    rows.append((f"load + verify that save ({size / 1e6:.1f} MB, every hash checked)", f"{verify:.3f} s", "-",
                 "-"))

    undo_times = []
    for _ in range(20):
        t = time.perf_counter()
        battle.undo()
        undo_times.append(time.perf_counter() - t)
        battle.redo()
    undo_ms = statistics.median(undo_times) * 1000
    rows.append((f"undo at the end of the {n:,}-command log (median of 20)", f"{undo_ms:.1f} ms", "<= 20 ms",
                 "pass" if undo_ms <= 20 else "FAIL"))

    sight_ms = sight_worst_ms()
    rows.append(("line-of-sight highlight, worst first call over every model (RatFight convoy, 24 x 24)",
                 f"{sight_ms:.1f} ms", "<= 30 ms", "pass" if sight_ms <= 30 else "FAIL"))

    for scenario in ("village", "convoy"):
        print(f"selfplay default vs default, {scenario} ...", flush=True)
        wins, draws, commands, elapsed = selfplay(("default", "default"), scenario, games)
        rate = games / elapsed
        rows.append((f"selfplay default vs default, {scenario} ({games} games, {commands / games:.0f} orders/game)",
                     f"{rate:.1f} games/s", ">= 20 games/s", "pass" if rate >= 20 else "FAIL"))
        print(f"selfplay default vs random, {scenario} ...", flush=True)
        wins, draws, commands, elapsed = selfplay(("default", "random"), scenario, games, first_seed=1000)
        share = wins["default"] / games
        rows.append((f"default beats random, {scenario} ({games} games, sides alternate)",
                     f"{wins['default']} won, {wins['random']} lost, {draws} drawn ({share:.0%})", ">= 80%",
                     "pass" if share >= 0.8 else "FAIL"))
        rows.append((f"selfplay default vs random, {scenario}", f"{games / elapsed:.1f} games/s", "-", "-"))
        for label, names in (("first side", ("default", "random")), ("second side", ("random", "default"))):
            won = selfplay_fixed(names, scenario, games)
            rows.append((f"default beats random, {scenario}, default always the {label} ({games} games)",
                         f"{won} won ({won / games:.0%})", "-", "-"))

    lines = [
        "# Benchmark results",
        "",
        f"Written by `benchmarks/run.py`{' --quick' if args.quick else ''} on "
        f"{datetime.date.today().isoformat()}: Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores. Times are wall-clock, best of 3 where repeated.",
        "",
        "| measure | figure | target | |",
        "|---|---|---|---|",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows],
        "",
        "The 10,000-command log is a RatFight battle in which both sides manoeuvre, pass, pivot and",
        "board or leave their carrier without firing (a battle with casualties breaks on morale long",
        "before 10,000 orders); each order is still validated, resolved and folded, and each turn's",
        "cards are drawn and shuffled. Undo replays from the nearest keyframe (one every",
        f"{Battle.KEYFRAME_EVERY} commands).",
        "",
    ]
    write_head(lines)
    print("\n".join(lines))
    return 0 if all(r[3] != "FAIL" for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
