"""Measure Dustup selfplay and write the "## Dustup" section of benchmarks/RESULTS.md.

Figures (issue 5): the `default` computer player must beat `random` (a player that picks
uniformly among the legal orders) in at least 80% of 50 games; sides alternate from game to
game. Also reported: games per second and orders per game, default against default.

Run with `make bench` or `python benchmarks/dustup_bench.py [--games N] [--scenario NAME]`.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.results import write_section  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

SECTION = "## Dustup"


# The orders that show the computer using its armour and support (issue 6), by kind
ARMOUR_ORDERS = {
    "heavy weapons": ("FireWeapon", "AirFire", "FireAA", "DropBombs", "SetUpWeapon"),
    "fire support": ("RequestFire", "ResolveImpact", "FireMortar"),
    "smoke": ("LaySmoke", "ExhaustSmoke", "SwitchSmokeGenerator"),
    "vehicle moves": ("Move(vehicle)", "Turn", "TankShock", "Embark", "Disembark", "Limber", "Unlimber"),
    "aircraft": ("MoveInbound", "AirMove", "Land", "TakeOff", "DropTroops", "Taxi"),
}
USED: dict[str, int] = {}


def play(scenario: str, names: tuple[str, str], seed: int) -> tuple[str | None, int, Battle]:
    """One game; returns the winning player's name (None for a draw) and the orders given. The
    kinds of order given are added up in USED."""
    system = get_system("dustup")
    players = system.computer_players()
    battle = Battle.new("dustup", scenario, seed=seed)
    sides = system.sides(battle.state)
    ai = {s: players[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, names, strict=True))}
    while battle.outcome() is None:
        cmd = ai[battle.side_to_act()].choose(system, battle.state)
        kind = type(cmd).__name__
        unit = battle.state.units.get(getattr(cmd, "unit", ""), None)
        if kind == "Move" and unit is not None and unit.is_vehicle:
            kind = "Move(vehicle)"
        USED[kind] = USED.get(kind, 0) + 1
        battle.submit(cmd)
    winner = battle.outcome().winner
    return (None if winner is None else names[sides.index(winner)]), len(battle.log), battle


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


def _has(system, scenario: str, kind: str) -> bool:
    """Whether the scenario gives the sides anything to use for this kind of order."""
    raw = system.load_content(scenario)["scenario"]
    units = [u for side in raw["sides"] for u in side["units"]]
    if kind == "fire support":
        return any(side.get("support") for side in raw["sides"])
    if kind == "aircraft":
        return any("inbound" in u for u in units)
    if kind in ("vehicle moves", "smoke", "heavy weapons"):
        return any("vehicle" in u for u in units)
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--scenario", action="append", help="a scenario (default: every Dustup scenario)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    system = get_system("dustup")
    lessons = set(tutorial_scenarios(system))  # tutorials are lessons with scripted dice, not contests
    scenarios = args.scenario or [n for n in system.scenario_names() if n not in lessons]
    rows = []
    ok = True
    for scenario in scenarios:
        print(f"{scenario}: default vs random, {args.games} games ...", flush=True)
        r = series(scenario, ("default", "random"), args.games, first_seed=1000)
        share = r["won"]["default"] / args.games
        ok &= share >= 0.8
        rows.append((f"default beats random, {scenario} ({args.games} games, sides alternate)",
                     f"{r['won']['default']} won, {r['won']['random']} lost, {r['draws']} drawn ({share:.0%}); "
                     f"as first side {r['by_side'][0]}, as second {r['by_side'][1]}",
                     ">= 80%", "pass" if share >= 0.8 else "FAIL"))
        rows.append((f"default vs random, {scenario}", f"{args.games / r['elapsed']:.1f} games/s, "
                     f"{r['orders'] / args.games:.0f} orders/game", "-", "-"))
        n = max(4, args.games // 5)
        print(f"{scenario}: default vs default, {n} games ...", flush=True)
        USED.clear()
        d = series(scenario, ("default", "default"), n, first_seed=0)
        rows.append((f"default vs default, {scenario} ({n} games)",
                     f"{n / d['elapsed']:.1f} games/s, {d['orders'] / n:.0f} orders/game, {d['draws']} drawn",
                     "-", "-"))
        used = {k: sum(USED.get(c, 0) for c in cmds) / n for k, cmds in ARMOUR_ORDERS.items()}
        kinds = [k for k in used if _has(system, scenario, k)]
        if kinds:  # an infantry scenario has nothing of the sort to use: no row, rather than a check that cannot fail
            rows.append((f"armour and support orders per game, {scenario} (default vs default)",
                         ", ".join(f"{k} {v:.1f}" for k, v in used.items()), "used, not ignored",
                         "pass" if all(used[k] > 0 for k in kinds) else "FAIL"))
    lines = [SECTION, "",
             f"Written by `benchmarks/dustup_bench.py` on {datetime.date.today().isoformat()}.", "",
             "| measure | figure | target | |", "|---|---|---|---|",
             *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows], ""]
    print("\n".join(lines))
    if not args.no_write:
        write_section(SECTION, lines)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
