"""The engine's promises over random Skirmishes play: a saved log replays to the same state hashes, save then load
is the identity, undo then redo is the identity, and a refused order changes nothing."""

from __future__ import annotations

import json

import pytest

from hexfront.engine.core.battle import Battle, IllegalOrder
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.saves import battle_from_save, battle_to_json, parse_save_text
from hexfront.engine.systems.skirmishes import commands as C


def _played(scenario: str, seed: int, orders: int = 120) -> Battle:
    b = Battle.new("skirmishes", scenario, seed=seed)
    players = {s: RandomPlayer(seed + i) for i, s in enumerate(b.state.sides)}
    for _ in range(orders):
        if b.outcome() is not None:
            break
        b.submit(players[b.side_to_act()].choose(b.system, b.state))
    return b


@pytest.mark.parametrize("scenario, seed", [("street_ambush", 1), ("building_clearance", 2), ("field_crossing", 3)])
def test_save_load_and_replay_reproduce_every_hash(scenario, seed):
    """A battle is its setup and its command log: the save replays with every recorded hash matching, and
    writing the loaded battle again gives the same file."""
    b = _played(scenario, seed)
    text = json.dumps(battle_to_json(b), indent=1)
    replayed = battle_from_save(parse_save_text(text), verify=True)
    assert replayed.checkpoints == b.checkpoints and replayed.state_hash() == b.state_hash()
    assert json.dumps(battle_to_json(replayed), indent=1) == text


def test_undo_then_redo_is_the_identity():
    """Undo gives back each recorded state exactly; redo returns to the final one (dice are never rerolled)."""
    b = _played("building_clearance", 5, orders=60)
    final = b.state_hash()
    for _ in range(25):
        b.undo()
        assert b.state_hash() == (b.checkpoints[-1].hash if b.checkpoints else b.setup_check.hash)
    for _ in range(25):
        b.redo()
    assert b.state_hash() == final


def test_a_refused_order_changes_nothing():
    """An illegal order is refused with a reason and leaves the state, the log and the draws untouched."""
    b = _played("street_ambush", 4, orders=30)
    for cmd in [C.Run("R1", Hex(99, 99)), C.Shoot("R1", "laser", "B1"), C.Shoot("B1", "assault_rifle", "R1"),
                C.Lock("green"), C.SpendLuck("R1", 9), C.ThrowAway("R1", 7), C.LetItLie(3), C.Hold("nobody"),
                C.Throw("R2", "frag", Hex(0, 0)), C.Melee("R3", "B4"), C.FirstAid("R1", "R2")]:
        reason = b.refusal(cmd)
        if reason is None:
            continue
        before = (b.state_hash(), len(b.log), b.rng.draws)
        with pytest.raises(IllegalOrder):
            b.submit(cmd)
        assert (b.state_hash(), len(b.log), b.rng.draws) == before
