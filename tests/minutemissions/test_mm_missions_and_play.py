"""Missions (this game's own), the end of a battle, and whole battles played by random legal orders:
every order offered is accepted, saves replay exactly, undo and redo are exact, refusals change nothing."""

from __future__ import annotations

import json

import pytest

from hexfront.engine.core.battle import Battle, IllegalOrder
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.saves import battle_from_save, battle_to_json, parse_save_text
from hexfront.engine.systems.minutemissions import SYSTEM
from hexfront.engine.systems.minutemissions import commands as C


def test_after_the_last_round_the_side_with_more_mechs_standing_wins(kit):
    """Ridge Line (ours): destroy the enemy, or have more mechs standing after the last round."""
    b = kit.battle([kit.unit("M1", "ironfist", (2, 4)), kit.unit("M2", "longbow", (2, 8))],
                   [kit.unit("A1", "crusher", (10, 4))], [1, 1, 1], rounds=1)
    for uid in ("M1", "A1", "M2"):
        b.submit(C.Activate(uid))
        b.submit(C.EndTurn(uid))
    assert b.outcome().winner == "meridian" and "2 to 1" in b.outcome().reason


def test_equal_numbers_after_the_last_round_is_a_draw(kit):
    b = kit.battle([kit.unit("M1", "ironfist", (2, 4))], [kit.unit("A1", "crusher", (10, 4))], [1, 1], rounds=1)
    for uid in ("M1", "A1"):
        b.submit(C.Activate(uid))
        b.submit(C.EndTurn(uid))
    assert b.outcome().winner is None


def test_a_hold_mission_scores_each_objective_held_alone_at_the_end_of_each_round(kit):
    """Hold the Foundry (ours): at the end of each round, a point per objective hex where only one
    side has a mech."""
    b = kit.battle([kit.unit("M1", "ironfist", (6, 7)), kit.unit("M2", "longbow", (6, 8))],
                   [kit.unit("A1", "crusher", (7, 8)), kit.unit("A2", "lancer", (10, 4))], [1] * 8,
                   rounds=2, goal="hold", objectives=[(6, 7), (6, 8)])
    for uid in ("M1", "A1", "M2", "A2"):
        b.submit(C.Activate(uid))
        b.submit(C.EndTurn(uid))
    assert b.state.scores == {"meridian": 2, "ashen": 0}
    for uid in ("M1", "A1", "M2", "A2"):
        b.submit(C.Activate(uid))
        b.submit(C.EndTurn(uid))
    assert b.outcome().winner == "meridian" and "4 to 0" in b.outcome().reason


def play_random(scenario: str, seed: int, limit: int = 6000) -> Battle:
    b = Battle.new("minutemissions", scenario, seed=seed)
    players = {s: RandomPlayer(seed * 31 + i) for i, s in enumerate(SYSTEM.sides(b.state))}
    n = 0
    while b.outcome() is None and n < limit:
        side = SYSTEM.side_to_act(b.state)
        b.submit(players[side].choose(SYSTEM, b.state))
        n += 1
    return b


@pytest.mark.parametrize("scenario", ["ridge", "foundry", "tutorial"])
def test_twenty_random_battles_per_mission_end_with_an_outcome(scenario):
    for seed in range(20):
        b = play_random(scenario, seed)
        assert b.outcome() is not None, (scenario, seed, len(b.log))
        assert b.state.round <= b.state.tables.mission.rounds


@pytest.mark.parametrize("scenario", ["ridge", "foundry", "tutorial"])
def test_every_offered_order_is_legal_and_the_count_stays_bounded(scenario):
    b = Battle.new("minutemissions", scenario, seed=3)
    player = RandomPlayer(5)
    most = 0
    while b.outcome() is None:
        legal = b.legal_commands()
        most = max(most, len(legal))
        for cmd in legal:
            assert b.refusal(cmd) is None, cmd
            SYSTEM.order_parts(b.state, cmd)
        b.submit(player.choose(SYSTEM, b.state))
    assert most <= 200


def test_saves_replay_every_hash_and_undo_redo_is_exact():
    b = play_random("ridge", 7, limit=250)
    text = json.dumps(battle_to_json(b))
    again = battle_from_save(parse_save_text(text), verify=True)
    assert again.checkpoints == b.checkpoints and again.state_hash() == b.state_hash()
    final = b.state_hash()
    for _ in range(30):
        b.undo()
    for _ in range(30):
        b.redo()
    assert b.state_hash() == final


def test_a_refused_order_changes_nothing():
    b = play_random("foundry", 2, limit=120)
    before = (b.state_hash(), len(b.log), b.rng.draws)
    for cmd in (C.Move("M1", b.state.units["M1"].at), C.Attack("M1", "M1.hammer", "M1", "torso"),
                C.Activate("nobody"), C.Thrust("M1", 0, 1), C.Place("M1", b.state.units["M1"].at)):
        reason = b.refusal(cmd)
        assert reason
        with pytest.raises(IllegalOrder):
            b.submit(cmd)
    assert (b.state_hash(), len(b.log), b.rng.draws) == before
