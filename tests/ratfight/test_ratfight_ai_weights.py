"""The standard player's weights are its class attributes, read where it prices an order: a copy with one of them
changed plays differently (benchmarks/weights_bench.py plays such copies against the standard player).

Rule book sections: "Close Combat", "Firing" 2-6.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.ratfight.ai import DefaultPlayer, close_combat_balance


def test_a_charge_at_a_standing_enemy_is_priced_by_the_charge_weight(kit):
    """Close Combat: two cards against one; the copy weighs the same balance three times over."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0))], action=["move1-a"])
    keen = type("Keen", (DefaultPlayer,), {"CHARGE_WEIGHT": 3.0})
    r1, b1 = b.state.models["R1"], b.state.models["B1"]
    standard = DefaultPlayer(0)._best_assault(b.state, r1, [b1], (0.0, None))
    copy = keen(0)._best_assault(b.state, r1, [b1], (0.0, None))
    assert standard[0] == close_combat_balance(2, 1) * 1.5
    assert copy == (close_combat_balance(2, 1) * 3.0, standard[1])


def test_a_shot_worth_less_than_pass_below_is_not_taken(kit):
    """Firing 2-6: the standard player takes a shot in the open; a copy that wants any order to be worth more
    than a sure hit gives no shot (it spends the Inspiring redraw, or passes)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"])
    shot = DefaultPlayer(0).choose(b.system, b.state)
    assert isinstance(shot, kit.C.Fire) and shot.target == "B1"
    wary = type("Wary", (DefaultPlayer,), {"PASS_BELOW": 3.0})
    assert isinstance(wary(0).choose(b.system, b.state), (kit.C.Pass, kit.C.Redraw))
