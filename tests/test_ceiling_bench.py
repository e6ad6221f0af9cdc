"""benchmarks/ceiling_bench.py's clairvoyant player really is told the future: the playout of the order it is
about to give, on its view of the battle, ends where the battle then ends, which the hard player's own playouts
(re-dealt copies, its own dice) do not. Its figures mean something only if this holds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.search import SearchPlayer
from hexfront.engine.core.system import SearchBudget

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "ceiling_bench.py"
#: the playout of the candidate order alone (no order after it)
ONE_ORDER = SearchBudget(horizon=1, replies=0)


def ceiling_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ceiling_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ceiling_bench", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("system_id, scenario", [("ratfight", "village"), ("disrupter", "crossroads"),
                                                 ("minutemissions", "ridge")])
def test_the_clairvoyant_playout_of_the_next_order_ends_where_the_battle_does(system_id, scenario):
    bench = ceiling_bench()
    battle = Battle.new(system_id, scenario, seed=5)
    system = battle.system
    greedy = system.computer_players()["default"]
    players = {s: greedy(i) for i, s in enumerate(system.sides(battle.state))}
    seer = bench.ClairvoyantPlayer(1, greedy, ONE_ORDER, battle)
    honest = SearchPlayer(1, greedy, ONE_ORDER)
    told, guessed, orders = 0, 0, 0
    for n in range(150):
        side = battle.side_to_act()
        if side is None:
            break
        order = players[side].choose(system, battle.state)
        view = bench.sighted(system).determinize(battle.state, side, None)
        foreseen, _, _ = seer._playout(system, view, side, order, 0, {}, ONE_ORDER)
        own_view = system.determinize(battle.state, side, Generator(n))
        guess, _, _ = honest._playout(system, own_view, side, order, n, {}, ONE_ORDER)
        battle.submit(order)
        actual = system.position_value(battle.state, side)
        orders += 1
        told += foreseen == actual
        guessed += guess == actual
    assert orders >= 40
    assert told == orders  # every roll and draw foreseen
    assert guessed <= orders - 3  # the honest playout, re-dealt and with its own dice, is wrong now and then
