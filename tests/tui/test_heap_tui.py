"""A battle begun in the game settles the heap (engine.core.heap): what outlives battles is set aside from the
collector, and nothing is kept for good. A battle left is still being taken down as the next one begins (its
screen's removal is under way), so it may be set aside with the rest; it is freed at the next full settling
(every start here, heap.FULL_EVERY set to 1; test_heap.py checks the cadence)."""

from __future__ import annotations

import gc
import weakref

from tuikit import playtest, settle

from hexfront.engine.core import heap
from hexfront.engine.core.players import HUMAN
from hexfront.tui.app import HexfrontApp, scenario_sides
from hexfront.tui.screens.battle import BattleScreen


async def _begin(pilot, scenario: str) -> BattleScreen:
    sides = [s.id for s in scenario_sides("ratfight", scenario)]
    pilot.app.start_battle("ratfight", scenario, players={sides[0]: HUMAN, sides[1]: "default"})
    await settle(pilot)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


@playtest
async def test_a_battle_begun_sets_what_lives_on_aside_and_frees_the_battle_before_it(saves, monkeypatch) -> None:
    monkeypatch.setattr(heap, "FULL_EVERY", 1)
    app = HexfrontApp(computer_delay=0, battle_seed=7)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            gc.unfreeze()
            first = weakref.ref(await _begin(pilot, "convoy"))
            assert gc.get_freeze_count() > 0, "the battle's start set the long-lived objects aside"
            await _begin(pilot, "ditch")
            await _begin(pilot, "village")
            assert first() is None, "the first battle was collected by the time the third began"
    finally:
        gc.unfreeze()
