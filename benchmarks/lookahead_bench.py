"""What does looking one order ahead of the standard player gain? Per system, measured the long way.

The hard player (engine/core/search.py) is a look one order ahead: it gives the standard ("default") player's
order unless another, played on by the standard player, does better in its short playouts. This measures what
picking among the same candidates by whole battles played out, far longer than a decision may take, buys.

It plays the default player against itself and, at every ``--every``-th position where the side to act has a
choice, takes the candidates the hard player would weigh (:func:`engine.core.search.pick_candidates` with the
system's own budget: the standard player's order and, where the system ranks them, its next best-priced orders,
then orders spread over the legal ones; ``--width`` in all).
Each is played on to the battle's end ``--playouts`` times by the default player on both sides, every candidate
on the same re-dealt copies and dice (:func:`engine.core.search.win_margins`). Where the best of them is not
the standard order, it is checked against the standard order on ``--check`` fresh games: its gain is its share
of battles won less lost, less the standard order's (+1: a sure loss turned into a sure win), measured apart
from the games that picked it, so the luck that made it look best does not count. Where the standard order
is the best, the gain is 0. A row gives:

- "positions": positions looked at; "departures": where another candidate looked best; "lead when picked": by
  how much, on average, in the games that picked it (set beside the gain, it shows how much of a lead is luck);
- "gain a position": the mean gain over every position looked at, ± one standard error;
- "decisions a battle": one side's positions with a choice in a battle (the mean over the battles);
- "a battle": the two multiplied, the won-less-lost a side would add over a battle by taking the best one-order
  departure at every choice (gains added as if they did not depend on one another);
- "share won, taking it every time": half the battles not drawn between default players, plus half that gain:
  what a player choosing this way at every decision would win against the standard player.

This is what a look of ``--playouts`` games to the end a candidate buys, not the most any look could: where the
lead when picked is much larger than the gain, the games that picked the order were mostly luck, and a longer
look would pick better. Run it with more playouts to see whether the gain grows.

``python benchmarks/lookahead_bench.py`` (JTS RatFight, 24 battles, about 15 minutes on two cores) writes
"## One order ahead, played to the end" in RESULTS.md. Other systems' battles are many times longer, and
playing every candidate to the end many times at a position costs hours there: name them with ``--system``.
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import statistics
import sys
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import publish  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.heap import settle_heap  # noqa: E402
from hexfront.engine.core.rng import Generator  # noqa: E402
from hexfront.engine.core.search import pick_candidates, win_margins  # noqa: E402
from hexfront.engine.core.system import RuleSystem, get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402

HEADING = "## One order ahead, played to the end"
FIRST_SEED = 600
MAX_ORDERS = 3000


@attrs.frozen
class Position:
    """One position looked at: its scenario, whether another candidate looked best, by how much in the games
that picked it (its lead), and its gain checked on fresh games."""

    scenario: str
    departed: bool
    lead: float
    gain: float


@attrs.frozen
class BattleLook:
    """What one battle gave: the positions looked at, each side's positions with a choice, and its winner."""

    positions: tuple[Position, ...]
    choices: int
    sides: int
    drawn: bool


def look(job: tuple[str, str, int, int, int, int, int]) -> BattleLook:
    """Play one default-against-default battle, measuring the best one-order departure at every
    ``every``-th position with a choice."""
    system_id, scenario, seed, every, width, playouts, check = job
    system = get_system(system_id)
    greedy = system.computer_players()["default"]
    battle = Battle.new(system_id, scenario, seed=seed)
    sides = system.sides(battle.state)
    players = {s: greedy(k) for k, s in enumerate(sides)}
    found: list[Position] = []
    choices = 0
    while battle.outcome() is None and len(battle.log) < MAX_ORDERS:
        side = battle.side_to_act()
        assert side is not None
        legal = system.legal_commands(battle.state)
        if len(legal) > 1:
            choices += 1
            if choices % every == 0:
                found.append(_best_departure(system, battle.state, legal, greedy, width, playouts, check,
                                             seed * 100_003 + len(battle.log), scenario))
        battle.submit(players[side].choose(system, battle.state))
    outcome = battle.outcome()
    return BattleLook(tuple(found), choices, len(sides), outcome is None or outcome.winner is None)


def _best_departure(system: RuleSystem, state: Any, legal: list[Any], greedy: Any, width: int, playouts: int,
                    check: int, seed: int, scenario: str) -> Position:
    settle_heap()  # a thousand games a position: the collector walks only what they make, as in the game
    plain = greedy(0).choose(system, system.copy_state(state))
    budget = attrs.evolve(system.search_budget(), width=width)
    side = system.side_to_act(state)
    assert side is not None
    view = system.determinize(state, side, Generator(seed))  # priced as the hard player prices: on a re-deal
    orders = pick_candidates(system, view, legal, plain, budget)
    margins = win_margins(system, state, orders, greedy, playouts, Generator(seed + 1))
    best = max(range(len(orders)), key=lambda i: (margins[i], i == 0))
    if best == 0:
        return Position(scenario, False, 0.0, 0.0)
    checked = win_margins(system, state, [orders[best], plain], greedy, check, Generator(seed ^ 0x5DEECE66D))
    return Position(scenario, True, margins[best] - margins[0], checked[0] - checked[1])


def measure(system: RuleSystem, games: int, every: int, width: int, playouts: int, check: int,
            jobs: int) -> list[BattleLook]:
    """``games`` battles over every scenario but the tutorials in turn, ``jobs`` at once."""
    lessons = set(tutorial_scenarios(system))
    scenarios = [s for s in system.scenario_names() if s not in lessons]
    plan = [(system.id, scenarios[i % len(scenarios)], FIRST_SEED + i, every, width, playouts, check)
            for i in range(games)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(look, plan, chunksize=1)


def row(system: RuleSystem, looks: list[BattleLook], width: int, playouts: int, check: int) -> str:
    gains = [p.gain for b in looks for p in b.positions]
    departed = sum(p.departed for b in looks for p in b.positions)
    leads = [p.lead for b in looks for p in b.positions if p.departed]
    lead = statistics.fmean(leads) if leads else 0.0
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    decisions = statistics.fmean(b.choices / b.sides for b in looks)
    drawn = sum(b.drawn for b in looks) / len(looks)
    every_time = min(1.0, max(0.0, (1 - drawn) / 2 + mean * decisions / 2))
    return (f"| {system.title} | {len(looks)} | {width}, {playouts} games each, best checked on {check} | "
            f"{len(gains)} | {departed} ({departed / max(1, len(gains)):.0%}) | {lead:+.3f} | "
            f"{mean:+.4f} ± {error:.4f} | "
            f"{decisions:.1f} | {mean * decisions:+.2f} ± {error * decisions:.2f} | {every_time:.0%} |")


def by_scenario(looks: list[BattleLook]) -> list[str]:
    out = []
    for scenario in sorted({p.scenario for b in looks for p in b.positions}):
        gains = [p.gain for b in looks for p in b.positions if p.scenario == scenario]
        error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        out.append(f"{scenario} {len(gains)}: {statistics.fmean(gains):+.4f} ± {error:.4f}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--system", action="append", help="a system id (default: ratfight)")
    parser.add_argument("--games", type=int, default=24, help="battles per system (default 24)")
    parser.add_argument("--every", type=int, default=3, help="look at every Nth position with a choice (default 3)")
    parser.add_argument("--width", type=int, default=8, help="candidates at a position (default 8)")
    parser.add_argument("--playouts", type=int, default=96, help="games played to the end per candidate (96)")
    parser.add_argument("--check", type=int, default=192, help="fresh games checking the best candidate (192)")
    parser.add_argument("--jobs", type=int, default=2, help="battles at once (default 2)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    rows, notes = [], []
    for system_id in args.system or ["ratfight"]:
        system = get_system(system_id)
        looks = measure(system, args.games, args.every, args.width, args.playouts, args.check, args.jobs)
        rows.append(row(system, looks, args.width, args.playouts, args.check))
        notes.append(f"- {system.title}, gain a position by scenario: " + "; ".join(by_scenario(looks)) + ".")
        print(rows[-1], flush=True)
    lines = [HEADING, "",
             f"Written by `benchmarks/lookahead_bench.py` on {datetime.date.today()}: per system, battles of the "
             f"default player against itself (scenarios but the tutorials in turn, seeds from {FIRST_SEED}); at "
             f"every {args.every}th position with a choice, the hard player's kind of candidates each played to "
             "the battle's end by the default player on both sides, the best checked on fresh games against the "
             "standard order. See the script's docstring for the columns.", "",
             "| system | battles | candidates | positions | departures | lead when picked | gain a position | "
             "decisions a battle | a battle | share won, taking it every time |",
             "|---|---|---|---|---|---|---|---|---|---|", *rows, "", *notes]
    return publish(HEADING, lines, write=not args.no_write)


if __name__ == "__main__":
    raise SystemExit(main())
