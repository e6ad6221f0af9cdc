"""How lopsided each scenario is: the default player against itself, and which side wins. Writes the
"## Scenario balance" section of benchmarks/RESULTS.md.

The computer levels' figures (ai_levels_bench.py) alternate sides, so a scenario that one side wins whoever
plays it caps what any player can show there: against an equal opponent it wins its games on the strong
side and needs the weak side's rare wins for the rest. Per system and scenario (all but the tutorials),
``--games`` games of default against default from consecutive seeds; the share each side won, and draws.
``python benchmarks/balance_bench.py [--games 40] [--system ID] [--jobs 2] [--no-write]``.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import write_section  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.system import all_systems, get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Scenario balance"
FIRST_SEED = 3000
MAX_ORDERS = 3000


def one_game(job: tuple[str, str, int]) -> tuple[str, str, int | None]:
    """(system, scenario, index of the winning side in the system's order, or None for a draw)."""
    system_id, scenario, seed = job
    system = get_system(system_id)
    battle = Battle.new(system_id, scenario, seed=seed)
    sides = system.sides(battle.state)
    default = system.computer_players()["default"]
    players = {s: default(seed * 2 + k) for k, s in enumerate(sides)}
    while battle.outcome() is None and len(battle.log) < MAX_ORDERS:
        side = battle.side_to_act()
        assert side is not None
        battle.submit(players[side].choose(system, battle.state))
    outcome = battle.outcome()
    won = None if outcome is None or outcome.winner is None else sides.index(outcome.winner)
    return system_id, scenario, won


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per scenario (default 40)")
    parser.add_argument("--system", action="append", help="a system id (default: every system)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (default 1)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    systems = [get_system(s) for s in args.system] if args.system else list(all_systems().values())
    jobs = [(system.id, scenario, FIRST_SEED + i) for system in systems
            for scenario in system.scenario_names() if scenario not in set(tutorial_scenarios(system))
            for i in range(args.games)]
    pool: Any = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    results = pool.map(one_game, jobs) if pool is not None else list(map(one_game, jobs))
    tally: dict[tuple[str, str], list[int]] = {}
    for system_id, scenario, won in results:
        cell = tally.setdefault((system_id, scenario), [0, 0, 0])
        cell[2 if won is None else won] += 1
    rows = []
    for (system_id, scenario), (first, second, drawn) in tally.items():
        system = get_system(system_id)
        names = [s.name for s in system.board(Battle.new(system_id, scenario, seed=0).state).sides]
        games = first + second + drawn
        lean = max(first, second) / games
        rows.append(f"| {system.title} | {scenario} | {games} | {names[0]} {first} ({first / games:.0%}) | "
                    f"{names[1]} {second} ({second / games:.0%}) | {drawn} | {lean:.0%} |")
    lines = [HEADING, "",
             f"Written by `benchmarks/balance_bench.py` on {datetime.date.today()}: the default player against "
             f"itself, {args.games} games per scenario (seeds from {FIRST_SEED}), the wins by side. \"Leans\" is "
             "the stronger side's share: where it is high, the side decides more than the player, and a level "
             "that alternates sides there shows less of its strength (benchmarks/ai_levels_bench.py).", "",
             "| system | scenario | games | first side won | second side won | drawn | leans |",
             "|---|---|---|---|---|---|---|", *rows]
    print("\n".join(lines))
    if not args.no_write:
        write_section(HEADING, lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
