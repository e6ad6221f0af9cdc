"""The processor time one two-player battle screen spends on one order, in one process, with no terminal:
``.venv/bin/python benchmarks/serve_follow_bench.py [ORDERS]``. Prints; writes nothing.

Alice's screen (NetBattleScreen, headless at 80 x 24) sits at her seat of a RatFight battle (convoy);
Bob's game is a NetSession on a store connection of its own. Bob's orders are passes given through the
store: the figure is the CPU from giving one to Alice's screen having drawn it (read from the store,
the battle followed, the panes redrawn, the frame composed). Alice's own passes are keys (. Enter) to
her screen, timed the same way. Also the screen's CPU while nothing happens (its timers). CPU is
``time.process_time()`` of this process, so the machine's load does not enter the figure (the frame is
composed but not written to a terminal: the host's figure in serve_bench.py adds that).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

IDLE_SECONDS = 3.0
SETTLE = 0.05  # seconds after an order for its frame to be composed


async def measure(folder: Path, orders: int) -> dict[str, float]:
    from hexfront.engine.core.battle import Battle
    from hexfront.tui.app import HexfrontApp
    from hexfront.tui.serve.netplay import NetSession
    from hexfront.tui.serve.screens.netbattle import NetBattleScreen
    from hexfront.tui.serve.store import open_store
    from hexfront.tui.serve.visit import HostVisit

    store = open_store(folder)
    battle = Battle.new("ratfight", "convoy", seed=5)
    sides = battle.system.sides(battle.state)
    alice, bob = (store.bind_name(f"SHA256:{n}key", n) for n in ("Alice", "Bob"))
    battle_id = store.open_battle(alice.id, sides[0], system="ratfight", scenario="convoy", seed=5,
                                  options=dict(battle.setup.options), undo_policy="practice", sides=sides)
    store.join(battle_id, bob.id)
    app = HexfrontApp(computer_delay=0, host=HostVisit(store, "SHA256:Alicekey", "127.0.0.1", alice))
    other = NetSession.seat_of(open_store(folder), battle_id, bob)
    followed: list[float] = []
    own: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NetBattleScreen(NetSession.seat_of(store, battle_id, alice)))
        await pilot.pause(0.5)
        screen = app.screen
        assert isinstance(screen, NetBattleScreen)
        start = time.process_time()
        await asyncio.sleep(IDLE_SECONDS)
        idle = (time.process_time() - start) / IDLE_SECONDS
        while len(followed) + len(own) < orders and screen.net.battle.outcome() is None:
            other.follow()
            n = len(screen.net.battle.log)
            start = time.process_time()
            if other.mine_to_act():
                other.submit(next(c for c in other.battle.legal_commands()
                                  if other.system.describe_command(c, other.state).lower().startswith("pass")))
                into = followed
            else:
                await pilot.press("full_stop", "enter")
                into = own
            while len(screen.net.battle.log) < n + 1:
                await asyncio.sleep(0.002)
            await pilot.pause(SETTLE)
            into.append(time.process_time() - start - SETTLE * idle)
    return {"followed": statistics.mean(followed), "own": statistics.mean(own), "idle": idle,
            "n followed": len(followed), "n own": len(own)}


def main() -> int:
    orders = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["HEXFRONT_SAVES"] = str(Path(tmp) / "saves")
        figures = asyncio.run(measure(Path(tmp), orders))
    print(f"one battle screen, headless 80x24: an order of the other player followed "
          f"{figures['followed'] * 1000:.1f} ms "
          f"CPU ({figures['n followed']:.0f} orders); its own order by keys {figures['own'] * 1000:.1f} ms CPU "
          f"({figures['n own']:.0f}); idle {figures['idle'] * 100:.2f} % of a core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
