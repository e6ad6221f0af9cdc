"""Does the standard player's play change the result? Its weights moved one at a time, against itself and random.

Each system's standard ("default") player prices its orders with a few weights (how much cover is worth, when
passing beats a poor order, how hard to charge). This plays a copy of it with one weight changed against the
standard player itself and against random, on the same games (the scenarios but the tutorials taking turns two
games at a time, sides alternating, as ``ai_levels_bench.py`` plans them), the first row with nothing changed.
Where every change leaves the result where it was, the battles are decided by the cards or dice rather than by
these choices, and a player that only weighs the same things differently cannot win much more.

A cell is won-lost-drawn for the copy and its score (a draw counting half), ± one standard error of the score.
The weights are the standard player's class attributes (engine/systems/<system>/ai.py); ``--set NAME=A,B``
(once or more) tries those values alone, or another system's weights.

``python benchmarks/weights_bench.py`` (JTS RatFight, 2,000 games a cell, about 20 minutes on two cores) writes
"## Standard player's weights" in RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.ai_levels_bench import game_plan  # noqa: E402
from benchmarks.selfplay_bench import publish  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.playout import play_out  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Standard player's weights"
FIRST_SEED = 3000
MAX_ORDERS = 3000

#: the weights tried per system, with the values tried for each (the standard value is the first row's)
WEIGHTS: dict[str, dict[str, tuple[float, ...]]] = {
    "ratfight": {
        "PASS_BELOW": (0.0, 0.5), "COVER_WEIGHT": (0.3, 1.5), "GAP_WEIGHT": (0.1, 0.8),
        "HUNT_BONUS": (0.0, 1.2), "FINISH_BONUS": (0.0, 2.0), "CHARGE_DISTANCE": (3, 6),
        "LEADER_TARGET": (1.0, 5.0), "LEADER_COVER": (1, 3), "LEADER_STANDOFF": (0.0, 0.6),
        "LEADER_DISTANCE": (4, 10), "CHARGE_DOWNED": (1.0, 6.0), "CHARGE_WEIGHT": (0.5, 6.0),
    },
}


def variant(standard: type, name: str | None, value: float | None) -> type:
    """The standard player's class with the weight ``name`` set to ``value`` (None: unchanged)."""
    if name is None:
        return standard
    if not isinstance(getattr(standard, name, None), (int, float)):
        raise SystemExit(f"{standard.__module__}.{standard.__name__} has no weight {name}: name one of its "
                         "upper-case number attributes")
    return type(f"{standard.__name__}_{name}", (standard,), {name: value})


def one_game(job: tuple[str, str, int, bool, str | None, float | None, str]) -> str:
    """Play one planned game: 'W', 'L' or 'D' for the copy."""
    system_id, scenario, seed, first, name, value, opponent = job
    system = get_system(system_id)
    players = system.computer_players()
    copy = variant(players["default"], name, value)  # type: ignore[arg-type]
    battle = Battle.new(system_id, scenario, seed=seed)
    sides = system.sides(battle.state)
    makers: list[Any] = [copy, players[opponent]] if first else [players[opponent], copy]
    play_out(battle, {side: make(seed * 2 + k) for k, (side, make) in enumerate(zip(sides, makers, strict=True))},
             limit=MAX_ORDERS)  # a battle still going then is stopped with a HexfrontError saying which
    outcome = battle.outcome()
    if outcome is None or outcome.winner is None:
        return "D"
    return "W" if (outcome.winner == sides[0]) == first else "L"


def cell(results: list[str]) -> str:
    won, lost, drawn = (results.count(r) for r in "WLD")
    scores = [1.0 if r == "W" else 0.5 if r == "D" else 0.0 for r in results]
    error = statistics.stdev(scores) / len(scores) ** 0.5
    return f"{won}-{lost}-{drawn}, {statistics.fmean(scores):.1%} ± {error:.1%}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", default="ratfight", help="a system id (default: ratfight)")
    parser.add_argument("--games", type=int, default=2000, help="games a cell (default 2000)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=A,B",
                        help="try these values of one weight, and only the weights named so "
                             "(default: the script's list)")
    parser.add_argument("--opponent", action="append", help="default and/or random (default: both)")
    parser.add_argument("--jobs", type=int, default=2, help="games at once (default 2)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    system = get_system(args.system)
    standard = system.computer_players().get("default")
    if not isinstance(standard, type):
        raise SystemExit(f"{system.title} has no standard player class to copy")
    tried = {} if args.set else dict(WEIGHTS.get(system.id, {}))
    for given in args.set:
        name, _, values = given.partition("=")
        tried[name] = tuple(float(v) for v in values.split(","))
    if not tried:
        raise SystemExit(f"no weights listed for {system.title}: name them with --set NAME=A,B")
    opponents = args.opponent or ["default", "random"]
    lessons = set(tutorial_scenarios(system))
    scenarios = [s for s in system.scenario_names() if s not in lessons]
    plan = game_plan(scenarios, args.games, FIRST_SEED)
    changes: list[tuple[str | None, float | None]] = [(None, None)]
    changes += [(name, value) for name, values in tried.items() for value in values]
    rows = []
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for name, value in changes:
            cells = []
            for opponent in opponents:
                jobs = [(system.id, sc, seed, first, name, value, opponent) for sc, seed, first in plan]
                cells.append(cell(pool.map(one_game, jobs, chunksize=8)))
            standing = "" if name is None else f" (standard {getattr(standard, name)})"
            rows.append(f"| {'nothing changed' if name is None else f'{name} = {value:g}{standing}'} | "
                        + " | ".join(cells) + " |")
            print(rows[-1], flush=True)
    lines = [HEADING, "",
             f"Written by `benchmarks/weights_bench.py` on {datetime.date.today()}: {system.title}'s standard player "
             f"with one weight changed, {args.games} games a cell (the scenarios but the tutorials taking turns, "
             f"battle seeds from {FIRST_SEED}, sides alternating); won-lost-drawn for the copy and its score, a draw "
             "counting half, ± one standard error. See the script's docstring.", "",
             "| weight changed | " + " | ".join(f"against {o}" for o in opponents) + " |",
             "|---|" + "---|" * len(opponents), *rows]
    return publish(HEADING, lines, write=not args.no_write)


if __name__ == "__main__":
    raise SystemExit(main())
