"""Does the hard player's measure of a position foretell who wins? Per system, by quarter of the battle.

The hard player (engine/core/search.py) plays each candidate order a few orders on and judges where it got
with the system's ``position_value``. That judgement helps only as far as a better value means a likelier win.
This plays the default player against itself and, at every order of every battle that ended with a winner,
reads the value for the first side; then, per quarter of the battle (by orders), it gives how the value agrees
with the result (+1 won, -1 lost):

- "correlation": Pearson's, after taking out each scenario's own mean value and mean result, so a scenario
  that favours one side, or a value with a constant lean in a scenario, does not count (the search compares
  orders in one position, where a constant changes nothing);
- "agrees": the share of positions where the value, so centred, and the result, so centred, have the same
  sign.

``python benchmarks/value_bench.py --games 30`` writes "## Position value against the winner" in RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import publish, systems_with_default  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.system import RuleSystem  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Position value against the winner"
FIRST_SEED = 4000
QUARTERS = 4

#: one position: (the value for the first side, the result for it, the scenario)
Reading = tuple[float, int, str]


def readings(system: RuleSystem, games: int, max_orders: int) -> list[list[Reading]]:
    """The positions of ``games`` default-against-default battles with a winner, by quarter of the battle."""
    lessons = set(tutorial_scenarios(system))
    scenarios = [s for s in system.scenario_names() if s not in lessons]
    players = system.computer_players()
    quarters: list[list[Reading]] = [[] for _ in range(QUARTERS)]
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        battle = Battle.new(system.id, scenario, seed=FIRST_SEED + i)
        sides = system.sides(battle.state)
        first = sides[0]
        default = {s: players["default"](k) for k, s in enumerate(sides)}
        values = []
        while battle.outcome() is None and len(battle.log) < max_orders:
            values.append(system.position_value(battle.state, first))
            side = battle.side_to_act()
            assert side is not None
            battle.submit(default[side].choose(system, battle.state))
        outcome = battle.outcome()
        if outcome is None or outcome.winner is None or not values:
            continue
        result = 1 if outcome.winner == first else -1
        for k, v in enumerate(values):
            quarters[min(QUARTERS - 1, QUARTERS * k // len(values))].append((v, result, scenario))
    return quarters


def centred(points: list[Reading]) -> list[tuple[float, float]]:
    """(value, result) less each scenario's own means."""
    by: dict[str, list[tuple[float, int]]] = {}
    for v, r, scenario in points:
        by.setdefault(scenario, []).append((v, r))
    out = []
    for pairs in by.values():
        mv = statistics.fmean(v for v, _ in pairs)
        mr = statistics.fmean(r for _, r in pairs)
        out += [(v - mv, r - mr) for v, r in pairs]
    return out


def agreement(points: list[Reading]) -> tuple[float, float]:
    """(correlation, share agreeing in sign) of the centred values and results (0, 0 without spread)."""
    pairs = centred(points)
    sv = math.sqrt(sum(v * v for v, _ in pairs))
    sr = math.sqrt(sum(r * r for _, r in pairs))
    corr = sum(v * r for v, r in pairs) / (sv * sr) if sv and sr else 0.0
    signed = [(v, r) for v, r in pairs if v and r]
    agrees = sum((v > 0) == (r > 0) for v, r in signed) / len(signed) if signed else 0.0
    return corr, agrees


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="battles per system (default 30)")
    parser.add_argument("--system", action="append", help="a system id (default: every system)")
    parser.add_argument("--max-orders", type=int, default=3000, help="a battle stops (no winner) after this many")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    rows = []
    for system in systems_with_default(args.system):
        quarters = readings(system, args.games, args.max_orders)
        cells = []
        for points in quarters:
            corr, agrees = agreement(points)
            cells.append(f"{corr:+.2f} ({agrees:.0%})")
        rows.append(f"| {system.title} | {len(quarters[0])} | " + " | ".join(cells) + " |")
        print(rows[-1], flush=True)
    lines = [HEADING, "",
             f"Written by `benchmarks/value_bench.py` on {datetime.date.today()}: {args.games} battles of the default "
             f"player against itself per system (scenarios but the tutorials in turn, seeds from {FIRST_SEED}); at "
             "every order of a battle that ended with a winner, the hard player's position value for the first side "
             "against the result (+1 won, -1 lost), each less its scenario's mean. A cell is the correlation and, in "
             "brackets, the share of positions where the two agree in sign; the quarters are of each battle's "
             "orders. Near zero: in that part of a battle a better value hardly means a likelier win, so a search "
             "that plays a few orders on and compares values cannot tell a winning order from another there.", "",
             "| system | positions a quarter (first) | first quarter | second | third | last |",
             "|---|---|---|---|---|---|", *rows]
    return publish(HEADING, lines, write=not args.no_write)


if __name__ == "__main__":
    raise SystemExit(main())
