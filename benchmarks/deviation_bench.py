"""When the hard player leaves the standard player's order, is its order better? Per system, played to the end.

The hard player (engine/core/search.py) gives the standard ("default") player's order unless its short
playouts find another clearly better. Winning more battles than default needs those departures to be right
more often than wrong. This plays the default player against itself and, every ``--every`` orders, asks the
hard player (its own budget) for the order; where it differs from default's, both orders are played on to
the battle's end ``--playouts`` times by the default player on both sides, on the same re-dealt copies and
dice (:func:`engine.core.search.win_margins`). The gain of a departure is the hard order's share of battles
won less lost, less the default order's: +1 is a sure loss turned into a sure win. A cell gives:

- "departures": how many of the positions looked at the hard player left the default order in;
- "mean gain": the mean gain of a departure, ± one standard error (zero: its departures are as often
  wrong as right, so a longer look than its own is needed for them to pay);
- "better / worse": the departures with a gain above and below zero;
- "gain a decision": the gains summed over every position looked at, departures or not.

Each played-on game is the default player's own, so this measures the departure against the very player it
meets in ``ai_levels_bench.py``. ``python benchmarks/deviation_bench.py --games 6 --playouts 24`` writes
"## Hard player's departures from default" in RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import publish, systems_with_default  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.rng import Generator  # noqa: E402
from hexfront.engine.core.search import SearchPlayer, win_margins  # noqa: E402
from hexfront.engine.core.system import RuleSystem, SearchBudget  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## Hard player's departures from default"
FIRST_SEED = 600


@attrs.frozen
class Departures:
    """What one system's hard player did over the positions looked at."""

    positions: int
    gains: tuple[float, ...]

    def row(self, title: str, budget: str) -> str:
        n = len(self.gains)
        mean = statistics.fmean(self.gains) if n else 0.0
        error = statistics.stdev(self.gains) / n ** 0.5 if n > 1 else 0.0
        better = sum(g > 0 for g in self.gains)
        worse = sum(g < 0 for g in self.gains)
        per = sum(self.gains) / self.positions if self.positions else 0.0
        return (f"| {title} | {budget} | {self.positions} | {n} ({n / max(1, self.positions):.0%}) | "
                f"{mean:+.3f} ± {error:.3f} | {better} / {worse} | {per:+.4f} |")


def departures(system: RuleSystem, budget: SearchBudget | None, games: int, every: int, playouts: int,
               max_orders: int, only: list[str] | None = None) -> Departures:
    """The gains of the hard player's departures in ``games`` default-against-default battles, over every
    scenario but the tutorials in turn (or only the scenarios named in ``only``); ``budget`` None: the system's
    own for each position."""
    lessons = set(tutorial_scenarios(system))
    scenarios = [s for s in system.scenario_names() if s not in lessons and (not only or s in only)]
    if not scenarios:
        raise SystemExit(f"{system.title} has none of the scenarios {only}: see its scenario names")
    greedy = system.computer_players()["default"]
    positions = 0
    gains: list[float] = []
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        battle = Battle.new(system.id, scenario, seed=FIRST_SEED + i)
        players = {s: greedy(k) for k, s in enumerate(system.sides(battle.state))}
        while battle.outcome() is None and len(battle.log) < max_orders:
            side = battle.side_to_act()
            assert side is not None
            if len(battle.log) % every == every - 1 and len(system.legal_commands(battle.state)) > 1:
                positions += 1
                plain = greedy(0).choose(system, system.copy_state(battle.state))
                hard = SearchPlayer(FIRST_SEED + i * 7919 + len(battle.log), greedy, budget)
                found = hard.choose(system, battle.state)
                if found != plain:
                    mf, mp = win_margins(system, battle.state, [found, plain], greedy, playouts,
                                         Generator(len(battle.log) * 1000 + i))
                    gains.append(mf - mp)
            battle.submit(players[side].choose(system, battle.state))
    return Departures(positions, tuple(gains))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="battles per system (default 6)")
    parser.add_argument("--every", type=int, default=6, help="look at every Nth position (default 6)")
    parser.add_argument("--playouts", type=int, default=24, help="games played on per order (default 24)")
    parser.add_argument("--system", action="append", help="a system id (default: every system)")
    parser.add_argument("--variant", type=json.loads, default={},
                        help="a JSON object of SearchBudget terms changed from the system's own")
    parser.add_argument("--max-orders", type=int, default=3000, help="a battle stops (no winner) after this many")
    parser.add_argument("--scenario", action="append", help="look only at this scenario (default: all but tutorials)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    rows = []
    for system in systems_with_default(args.system):
        # no variant: the system's own budget for each position (search_budget_at), as the "hard" level plays
        budget = attrs.evolve(system.search_budget(), **args.variant) if args.variant else None
        found = departures(system, budget, args.games, args.every, args.playouts, args.max_orders,
                           args.scenario)
        rows.append(found.row(system.title, json.dumps(args.variant) if args.variant else "its own"))
        print(rows[-1], flush=True)
    lines = [HEADING, "",
             f"Written by `benchmarks/deviation_bench.py` on {datetime.date.today()}: per system, {args.games} "
             f"battles of the default player against itself (scenarios but the tutorials in turn, seeds from "
             f"{FIRST_SEED}); at every {args.every}th position with a choice the hard player chose, and where its "
             f"order differed from default's both were played on to the battle's end {args.playouts} times "
             "(default on both sides, the same re-dealt copies and dice). A departure's gain is its share of "
             "battles won less lost, less the default order's. See the script's docstring for the columns.", "",
             "| system | hard player's budget | positions | departures | mean gain | better / worse | "
             "gain a decision |",
             "|---|---|---|---|---|---|---|", *rows]
    return publish(HEADING, lines, write=not args.no_write)


if __name__ == "__main__":
    raise SystemExit(main())
