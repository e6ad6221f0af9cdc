"""Measure the replay viewer on a 10,000-order battle and write its section of benchmarks/RESULTS.md.

Target (issue 10): in a 10,000-command battle, a jump to any turn and a step backward take at most
50 ms. The battle is 30 Minute Missions' Ridge Line between two `random` players (uniform among the
legal orders), with the mission's round limit raised from 8 to 1000 in the battle's own content (the
content files are untouched), cut at its 10,000th order; random mechs step, turn and shoot for
hundreds of rounds before one side is destroyed.

Measured: building the Timeline (one fold of every event, a keyframe every KEYFRAME_EVERY orders),
200 jumps to random turns and 200 random backward steps by event and by order, both in the engine
(the state at the point) and in the viewer screen (the state plus redrawing map, activation pane,
dice log and status, headless, without the terminal's paint), and the keyframes' memory.

Run with `python benchmarks/replay_bench.py [--no-write]` (also from `make bench`).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.results import RESULTS, write_section  # noqa: E402
from hexfront.engine.core.battle import Battle, BattleSetup  # noqa: E402
from hexfront.engine.core.players import RandomPlayer  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402
from hexfront.engine.core.timeline import KEYFRAME_EVERY, Timeline  # noqa: E402

HEADING = "## Replay viewer"
TARGET_MS = 50.0
ORDERS = 10_000
TRIALS = 200


def long_battle(orders: int = ORDERS, seed: int = 1) -> Battle:
    """Ridge Line, random against random, 1000 rounds allowed, stopped at ``orders`` orders."""
    system = get_system("minutemissions")
    content = system.load_content("ridge")
    content["scenario"] = dict(content["scenario"], rounds=1000)
    setup = BattleSetup(system=system.id, scenario="ridge", seed=seed, content=content,
                        rules_version=system.rules_version, options=system.default_options())
    battle = Battle(system, setup)
    players = {s: RandomPlayer(seed * 2 + k) for k, s in enumerate(system.sides(battle.state))}
    while battle.outcome() is None and len(battle.log) < orders:
        battle.submit(players[battle.side_to_act()].choose(system, battle.state))
    if len(battle.log) < orders:
        raise SystemExit(f"seed {seed}: the battle ended after {len(battle.log)} orders; choose another seed")
    return battle


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def stats(ms: list[float]) -> str:
    return f"mean {statistics.fmean(ms):.2f} ms, worst {max(ms):.2f} ms"


def verdict(ms: list[float]) -> str:
    return "pass" if max(ms) <= TARGET_MS else "FAIL"


def engine_trials(tl: Timeline, rnd: random.Random) -> dict[str, list[float]]:
    first, last = tl.turn_range()
    out: dict[str, list[float]] = {"turn": [], "event": [], "order": []}
    for _ in range(TRIALS):
        turn = rnd.randint(first, last)
        out["turn"].append(timed(lambda turn=turn: tl.state_at(tl.turn_start(turn))))
    for _ in range(TRIALS):
        n = rnd.randint(1, tl.orders)
        point = tl.clamp((n, rnd.randint(0, max(0, len(tl.events_of(n)) - 1))))
        out["event"].append(timed(lambda point=point: tl.state_at(tl.previous_event(point))))
        out["order"].append(timed(lambda point=point: tl.state_at(tl.previous_order(point))))
    return out


def screen_trials(battle: Battle, rnd: random.Random) -> tuple[dict[str, list[float]], float]:
    """The same moves through the viewer screen (headless app); returns the times and the opening time."""
    from hexfront.tui.app import HexfrontApp
    from hexfront.tui.screens.replay import ReplayScreen

    out: dict[str, list[float]] = {"turn": [], "event": [], "order": []}
    opened: list[float] = []

    async def run() -> None:
        app = HexfrontApp(computer_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            t = time.perf_counter()
            screen = ReplayScreen(battle, "bench")
            app.push_screen(screen)
            await pilot.pause()
            opened.append(time.perf_counter() - t)
            tl = screen.timeline
            first, last = tl.turn_range()
            for _ in range(TRIALS):
                turn = rnd.randint(first, last)
                out["turn"].append(timed(lambda turn=turn: screen.jump_to_turn(turn)))
            for kind, action in (("event", screen.action_step_event), ("order", screen.action_step_order)):
                for _ in range(TRIALS):
                    n = rnd.randint(1, tl.orders)
                    screen.point = tl.clamp((n, rnd.randint(0, max(0, len(tl.events_of(n)) - 1))))
                    out[kind].append(timed(lambda action=action: action(-1)))
            await pilot.pause()

    asyncio.run(run())
    return out, opened[0]


def main() -> int:
    parser = argparse.ArgumentParser(description="Measure the replay viewer; write its RESULTS.md section")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()
    print(f"building a {ORDERS:,}-order battle ...", flush=True)
    t = time.perf_counter()
    battle = long_battle()
    built = time.perf_counter() - t
    events = sum(len(e) for e in battle.events)
    tracemalloc.start()
    t = time.perf_counter()
    tl = Timeline(battle)
    timeline_s = time.perf_counter() - t
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    first, last = tl.turn_range()
    rnd = random.Random(10)
    engine = engine_trials(tl, rnd)
    screen, opened = screen_trials(battle, rnd)
    worst = max(max(v) for v in [*engine.values(), *screen.values()])
    rows = [
        ("build the Timeline (fold every event once, keep keyframes)", f"{timeline_s * 1000:.0f} ms", "-", "-"),
        (f"keyframes: one every {KEYFRAME_EVERY} orders, {len(tl._keyframes)} states", f"{peak / 1e6:.1f} MB peak",
         "-", "-"),
        ("open the viewer on it (Timeline, dice log described, first draw)", f"{opened:.2f} s", "-", "-"),
        (f"jump to a random turn, state only ({TRIALS} jumps)", stats(engine["turn"]), "<= 50 ms",
         verdict(engine["turn"])),
        (f"step back one event, state only ({TRIALS} random points)", stats(engine["event"]), "<= 50 ms",
         verdict(engine["event"])),
        (f"step back one order, state only ({TRIALS} random points)", stats(engine["order"]), "<= 50 ms",
         verdict(engine["order"])),
        (f"g: jump to a random turn in the viewer ({TRIALS} jumps)", stats(screen["turn"]), "<= 50 ms",
         verdict(screen["turn"])),
        (f", : step back one event in the viewer ({TRIALS} random points)", stats(screen["event"]), "<= 50 ms",
         verdict(screen["event"])),
        (f"[ : step back one order in the viewer ({TRIALS} random points)", stats(screen["order"]), "<= 50 ms",
         verdict(screen["order"])),
    ]
    for row in rows:
        print(" | ".join(row))
    today = datetime.date.today().isoformat()
    lines = [
        HEADING,
        "",
        f"Written by `benchmarks/replay_bench.py` on {today}: Python {platform.python_version()}, "
        f"{platform.machine()}. The battle: 30 Minute Missions' Ridge Line, `random` against `random`, "
        f"the mission's round limit raised from 8 to 1000 in the battle's own copy of the content (for "
        f"this benchmark only), stopped at {len(battle.log):,} orders ({events:,} events, turns {first} to "
        f"{last}; built in {built:.1f} s).",
        "",
        "| measure | figure | target | |",
        "|---|---|---|---|",
        *[f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows],
        "",
        f"Worst of all {6 * TRIALS} moves: {worst:.2f} ms. A point's state is the keyframe at or before it, "
        f"copied, with the recorded events since folded on (never an order resolved again), so the worst "
        f"case is one copy and the fold of {KEYFRAME_EVERY - 1} orders' events. The viewer times are the "
        "screen's own work for a key (state, map rows, activation pane, dice log, status line), headless, "
        "without the terminal's paint.",
    ]
    if not args.no_write:
        write_section(HEADING, lines)
        print(f"wrote the '{HEADING}' section of {RESULTS}")
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
