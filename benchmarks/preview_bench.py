"""Time every order preview over a few battles of a system: the slowest preview must stay <= 50 ms (issue 19).

Plays seeded battles of the system's computer players (``default`` against ``random``) and, at every
``--every``-th position, previews every legal order, timing each; prints the slowest previews and the
median. `python benchmarks/preview_bench.py [SYSTEM] [--games N] [--every K]` (SYSTEM: ratfight by default).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hexfront.engine.core.battle import Battle, BattleSetup  # noqa: E402
from hexfront.engine.core.players import computer_seed  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402

LIMIT_MS = 50.0


def measure(system_id: str, games: int, every: int, max_orders: int) -> list[tuple[float, str, str]]:
    """(milliseconds, scenario, order) for every preview taken."""
    system = get_system(system_id)
    timings: list[tuple[float, str, str]] = []
    for scenario in system.scenario_names():
        for game in range(games):
            seed = 1000 + game
            setup = BattleSetup(system=system_id, scenario=scenario, seed=seed,
                                content=system.load_content(scenario), rules_version=system.rules_version)
            battle = Battle(system, setup)
            factories = system.computer_players()
            players = {side: factories["default" if i == 0 else "random"](computer_seed(seed, i))
                       for i, side in enumerate(system.sides(battle.state))}
            step = 0
            while system.outcome(battle.state) is None and len(battle.log) < max_orders:
                if step % every == 0:
                    gc.collect()  # a full collection is the interpreter's pause, not the preview's: take it first
                    for command in battle.legal_commands():
                        t = time.perf_counter()
                        system.preview(battle.state, command)
                        ms = 1000 * (time.perf_counter() - t)
                        timings.append((ms, scenario, system.describe_command(command, battle.state)))
                side = system.side_to_act(battle.state)
                battle.submit(players[side].choose(system, battle.state))
                step += 1
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", nargs="?", default="ratfight")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--max-orders", type=int, default=300)
    args = parser.parse_args()
    timings = measure(args.system, args.games, args.every, args.max_orders)
    timings.sort(reverse=True)
    print(f"{args.system}: {len(timings)} previews; median {statistics.median(t for t, _, _ in timings):.2f} ms")
    for ms, scenario, order in timings[:5]:
        print(f"  {ms:7.2f} ms  {scenario}: {order}")
    worst = timings[0][0]
    print(f"slowest {worst:.1f} ms against the limit of {LIMIT_MS:.0f} ms: {'ok' if worst <= LIMIT_MS else 'TOO SLOW'}")
    return 0 if worst <= LIMIT_MS else 1


if __name__ == "__main__":
    sys.exit(main())
