"""Measure one rule system's selfplay and write its section of benchmarks/RESULTS.md.

Figures (issues 7, 8 and 9): the `default` computer player must beat `random` (a player that picks
uniformly among the legal orders) in at least 80% of 50 games per scenario. Sides alternate from
game to game (default takes the first side in the even games) and the wins are also given per
side, since scenarios may be lopsided; a drawn game counts as not won. Also reported: games per
second and orders per game, and default against default.

Run with `python benchmarks/selfplay_bench.py SYSTEM [--games N] [--scenario NAME] [--no-write]`, or
through the per-system scripts (disrupter_bench.py, minutemissions_bench.py, skirmishes_bench.py).
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.results import RESULTS, write_section  # noqa: E402, F401  (the other scripts import both from here)
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.system import RuleSystem, all_systems, get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

TARGET = 0.8

# system id -> (RESULTS.md heading, the script named in the section, a note on the figures); a system not
# here (a new one, measured through its own <id>_bench.py) gets "## <its title>", that script and no note
SECTIONS = {
    "disrupter": ("## Disrupter", "disrupter_bench.py",
                  "the random player lists every legal order before each pick, thousands at the briefing."),
    "minutemissions": ("## 30 Minute Missions", "minutemissions_bench.py",
                       "Ridge Line is won by destroying every enemy mech or by having more standing after 8 "
                       "rounds; Hold the Foundry by objective points after 6 rounds."),
    "skirmishes": ("## Skirmishes", "skirmishes_bench.py",
                   "every scenario is lopsided: random against random, Blue wins almost every street ambush."),
}


def sides_of(system_id: str, scenario: str) -> list[tuple[str, str]]:
    """(side id, side name) in the system's order."""
    battle = Battle.new(system_id, scenario, seed=0)
    return [(s.id, s.name) for s in battle.system.board(battle.state).sides]


def play(system_id: str, scenario: str, names: tuple[str, str], seed: int,
         reasons: dict[str, int]) -> tuple[str | None, str | None, int]:
    """One game; returns the winning player's name and side (None for a draw) and the orders given."""
    system = get_system(system_id)
    players = system.computer_players()
    battle = Battle.new(system_id, scenario, seed=seed)
    sides = system.sides(battle.state)
    ai = {s: players[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, names, strict=True))}
    while battle.outcome() is None:
        battle.submit(ai[battle.side_to_act()].choose(system, battle.state))
    outcome = battle.outcome()
    winner = None if outcome.winner is None else names[sides.index(outcome.winner)]
    key = f"{winner} ({outcome.winner}): {outcome.reason}" if winner else f"draw: {outcome.reason}"
    reasons[key] = reasons.get(key, 0) + 1
    return winner, outcome.winner, len(battle.log)


def series(system_id: str, scenario: str, names: tuple[str, str], games: int, first_seed: int,
           reasons: dict[str, int]) -> dict:
    """``games`` games, ``names[0]`` taking the first side in even games and the second in odd ones."""
    sides = [s for s, _ in sides_of(system_id, scenario)]
    won = {n: 0 for n in names}
    draws = orders = 0
    played = {s: 0 for s in sides}  # games names[0] played as each side
    won_as = {s: 0 for s in sides}  # ... and won as it
    t = time.perf_counter()
    for i in range(games):
        order = names if i % 2 == 0 else names[::-1]
        mine = sides[i % 2]
        played[mine] += 1
        winner, _side, n = play(system_id, scenario, order, first_seed + i, reasons)
        orders += n
        if winner is None:
            draws += 1
        else:
            won[winner] += 1
            if winner == names[0]:
                won_as[mine] += 1
    return dict(won=won, draws=draws, orders=orders, elapsed=time.perf_counter() - t, played=played, won_as=won_as)


def systems_with_default(ids: list[str] | None) -> list[RuleSystem]:
    """The systems named (every one if none is) that have a default computer player, in the registry's order."""
    systems = [get_system(s) for s in ids] if ids else list(all_systems().values())
    return [s for s in systems if "default" in s.computer_players()]


def publish(heading: str, lines: list[str], write: bool) -> int:
    """Print a section of RESULTS.md and, with ``write``, put it there in place of the one under ``heading``."""
    if write:
        write_section(heading, lines)
    print("\n".join(lines))
    return 0


def main(system_id: str | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    if system_id is None:
        parser.add_argument("system", choices=sorted(SECTIONS))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--selfplay", type=int, default=10, help="default-vs-default games per scenario")
    parser.add_argument("--scenario", action="append", help="a scenario (default: every scenario of the system)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--reasons", action="store_true", help="print how the games ended")
    args = parser.parse_args()
    system_id = system_id or args.system
    system = get_system(system_id)
    heading, script, note = SECTIONS.get(system_id, (f"## {system.title}", f"{system_id}_bench.py", ""))
    lessons = set(tutorial_scenarios(system))  # tutorials are lessons with scripted dice, not contests
    scenarios = args.scenario or sorted((n for n in system.scenario_names() if n not in lessons),
                                        key=lambda n: n != system.default_scenario())
    rows = []
    ok = True
    for scenario in scenarios:
        names = dict(sides_of(system_id, scenario))
        print(f"{scenario}: default vs random, {args.games} games ...", flush=True)
        reasons: dict[str, int] = {}
        r = series(system_id, scenario, ("default", "random"), args.games, 1000, reasons)
        if args.reasons:
            for k, v in sorted(reasons.items(), key=lambda kv: -kv[1]):
                print(f"  {v:3d}  {k}")
        share = r["won"]["default"] / args.games
        ok &= share >= TARGET
        per_side = "; ".join(f"as {names[s]} {r['won_as'][s]} of {r['played'][s]}" for s in r["played"])
        rows.append((f"default beats random, {scenario} ({args.games} games, sides alternate)",
                     f"{r['won']['default']} won, {r['won']['random']} lost, {r['draws']} drawn ({share:.0%}); "
                     f"{per_side}", f">= {TARGET:.0%}", "pass" if share >= TARGET else "FAIL"))
        rows.append((f"default vs random, {scenario}", f"{args.games / r['elapsed']:.1f} games/s, "
                     f"{r['orders'] / args.games:.0f} orders/game", "-", "-"))
        n = args.selfplay
        if n > 0:
            print(f"{scenario}: default vs default, {n} games ...", flush=True)
            reasons = {}
            d = series(system_id, scenario, ("default", "default"), n, 0, reasons)
            wins = {s: sum(v for k, v in reasons.items() if k.startswith(f"default ({s})")) for s in names}
            rows.append((f"default vs default, {scenario} ({n} games)",
                         f"{n / d['elapsed']:.1f} games/s, {d['orders'] / n:.0f} orders/game; "
                         + ", ".join(f"{names[s]} won {wins[s]}" for s in names)
                         + f", {d['draws']} drawn", "-", "-"))
    lines = [heading, "",
             f"Written by `benchmarks/{script}` on {datetime.date.today().isoformat()}. A drawn game counts as "
             "not won. Sides alternate from game to game (default takes the first side in the even games), and "
             "the wins are also given per side. Games/s are wall-clock for both players together. " + note, "",
             "| measure | figure | target | |", "|---|---|---|---|",
             *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows], ""]
    print("\n".join(lines))
    if not args.no_write:
        write_section(heading, lines)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
