"""Fit JTS RatFight's learned win chance (engine/systems/ratfight/value.py) on battles the standard player plays.

The standard player plays itself on every scenario but the tutorial (the scenarios taking turns, battle seeds from
``--first-seed``, every third position of each battle kept, seen from both sides); each position's features
(``value.features``) are paired with how the battle ended for that side: won 1, drawn a half, lost 0. A logistic
model is fitted by Newton's method (a little ridge keeps it steady) and checked on battles it was not fitted on
(seeds from ``--check-seed``). The weights it prints are the ones to put in ``value.WEIGHTS``; ``--check-only``
scores the weights already there on the held-out battles, and the run is the same from the same seeds.

Measures: log loss (0.693 for a coin toss), Brier score (0.25 for a coin toss), and the share of decided battles'
positions where the chance leans to the side that won, by quarter of the battle; and the same for the value the
hard player gave a position before it had the learned chance (casualties, Downed rats, the break chance now),
turned into a chance by the best scale the fit finds for it.

``python benchmarks/ratfight_value_fit.py`` (2,000 battles to fit, 500 to check: about two minutes on two cores)
writes "## RatFight's learned win chance" in RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import math
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.selfplay_bench import publish  # noqa: E402
from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.system import WIN_VALUE, get_system  # noqa: E402
from hexfront.engine.core.tutorial import tutorial_scenarios  # noqa: E402
from hexfront.engine.systems import ratfight  # noqa: E402
from hexfront.engine.systems.ratfight import value  # noqa: E402
from hexfront.engine.systems.ratfight.state import RatState  # noqa: E402

HEADING = "## RatFight's learned win chance"
MAX_ORDERS = 3000
#: every this many positions of a battle one is kept (neighbouring positions tell much the same)
EVERY = 3
#: the ridge: how hard the fit pulls each weight towards nought
RIDGE = 1e-3

#: (features, the side's result, the battle's quarter, whether the battle was decided)
Row = tuple[tuple[float, ...], float, int, bool]


def before(state: RatState, side: str) -> float:
    """The hard player's position value without the learned chance (what it valued before it had one)."""
    system = get_system("ratfight")
    learned = ratfight.LEARNED_WEIGHT * WIN_VALUE * (2 * value.win_chance(state, side) - 1)
    return system.position_value(state, side) - learned


def one_battle(job: tuple[str, int]) -> tuple[list[Row], list[Row]]:
    """Play the standard player against itself; every EVERY-th position, seen from both sides: its features,
    and (as the one feature of a second row) the value the hard player gave it before the learned chance."""
    scenario, seed = job
    system = get_system("ratfight")
    make = system.computer_players()["default"]
    battle = Battle.new(system.id, scenario, seed=seed)
    sides = system.sides(battle.state)
    players = {side: make(seed * 2 + k) for k, side in enumerate(sides)}
    seen: list[tuple[tuple[float, ...], tuple[float, ...]]] = []
    old: list[tuple[tuple[float, ...], tuple[float, ...]]] = []
    while battle.outcome() is None and len(battle.log) < MAX_ORDERS:
        if len(battle.log) % EVERY == 0:
            seen.append((value.features(battle.state, sides[0]), value.features(battle.state, sides[1])))
            old.append(((before(battle.state, sides[0]),), (before(battle.state, sides[1]),)))
        side = battle.side_to_act()
        assert side is not None
        battle.submit(players[side].choose(system, battle.state))
    outcome = battle.outcome()
    winner = outcome.winner if outcome is not None else None
    first = 0.5 if winner is None else 1.0 if winner == sides[0] else 0.0
    rows: tuple[list[Row], list[Row]] = ([], [])
    for kept, pairs in zip(rows, (seen, old), strict=True):
        for i, (mine, theirs) in enumerate(pairs):
            quarter = min(3, 4 * i // max(1, len(pairs)))
            kept.append((mine, first, quarter, winner is not None))
            kept.append((theirs, 1.0 - first, quarter, winner is not None))
    return rows


def battles(scenarios: list[str], count: int, first_seed: int,
            pool: multiprocessing.pool.Pool) -> tuple[list[Row], list[Row]]:
    """The rows of ``count`` battles (:func:`one_battle`): the features' and the old value's."""
    jobs = [(scenarios[i % len(scenarios)], first_seed + i) for i in range(count)]
    played = pool.map(one_battle, jobs, chunksize=8)
    return [r for rows, _ in played for r in rows], [r for _, old in played for r in old]


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small: one row per feature)."""
    n = len(rhs)
    m = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: list[Row], steps: int = 12) -> tuple[float, ...]:
    """Logistic regression of the result on the features, by Newton's method with RIDGE."""
    d = len(rows[0][0])
    w = [0.0] * d
    for _ in range(steps):
        grad = [RIDGE * x for x in w]
        hess = [[RIDGE if i == j else 0.0 for j in range(d)] for i in range(d)]
        for xs, y, _q, _d in rows:
            p = value.score(tuple(w), xs)
            r, q = p - y, p * (1 - p)
            for i in range(d):
                grad[i] += r * xs[i]
                qi = q * xs[i]
                hi = hess[i]
                for j in range(i, d):
                    hi[j] += qi * xs[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return tuple(round(x, 3) for x in w)


def measures(weights: tuple[float, ...], rows: list[Row]) -> tuple[float, float, list[float]]:
    """Log loss, Brier score, and by quarter the share of decided positions leaning to the winner."""
    loss = brier = 0.0
    right = [0, 0, 0, 0]
    asked = [0, 0, 0, 0]
    for xs, y, quarter, decided in rows:
        p = min(1 - 1e-9, max(1e-9, value.score(weights, xs)))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        brier += (p - y) ** 2
        if decided and p != 0.5:
            asked[quarter] += 1
            right[quarter] += (p > 0.5) == (y > 0.5)
    n = len(rows)
    return loss / n, brier / n, [r / a if a else float("nan") for r, a in zip(right, asked, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=2000, help="battles to fit on (default 2000)")
    parser.add_argument("--check", type=int, default=500, help="battles to check on (default 500)")
    parser.add_argument("--first-seed", type=int, default=20000, help="the first fitting battle's seed")
    parser.add_argument("--check-seed", type=int, default=30000, help="the first checking battle's seed")
    parser.add_argument("--check-only", action="store_true", help="score value.WEIGHTS; fit nothing")
    parser.add_argument("--jobs", type=int, default=2, help="battles at once (default 2)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    system = get_system("ratfight")
    lessons = set(tutorial_scenarios(system))
    scenarios = [s for s in system.scenario_names() if s not in lessons]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        checking, checking_old = battles(scenarios, args.check, args.check_seed, pool)
        fitting, fitting_old = ([], []) if args.check_only else battles(scenarios, args.battles, args.first_seed,
                                                                         pool)
    weights = value.WEIGHTS if args.check_only else fit(fitting)
    print("WEIGHTS = " + repr(weights), flush=True)
    table = ["| measure | positions | battles | log loss | Brier | leans to the winner, by quarter of the battle |",
             "|---|---|---|---|---|---|"]
    scale = fit(fitting_old or checking_old)  # the old value's best scale, fitted alike
    for name, w, rows, count in (("learned chance, fitted on", weights, fitting, args.battles),
                                 ("learned chance, checked on", weights, checking, args.check),
                                 ("the value before it, scaled, checked on", scale, checking_old, args.check)):
        if not rows:
            continue
        loss, brier, quarters = measures(w, rows)
        table.append(f"| {name} | {len(rows):,} | {count:,} | {loss:.3f} | {brier:.3f} | "
                     + ", ".join(f"{q:.0%}" for q in quarters) + " |")
    lines = [HEADING, "",
             f"Written by `benchmarks/ratfight_value_fit.py` on {datetime.date.today()}: the standard player against "
             f"itself on the scenarios but the tutorial, one position in {EVERY} seen from both sides; fitted on "
             f"battle seeds from {args.first_seed}, checked on seeds from {args.check_seed}. A coin toss scores a log "
             "loss of 0.693 and a Brier score of 0.250. See the script's docstring.", "",
             f"Weights ({', '.join(value.FEATURES)}): {', '.join(f'{w:g}' for w in weights)}.", "", *table]
    return publish(HEADING, lines, write=not args.no_write)


if __name__ == "__main__":
    raise SystemExit(main())
