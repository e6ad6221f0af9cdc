"""The engine's properties, checked on any battle of any rule system (the per-system test files
build the battles and their rules' invariants; these functions check what every system owes).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from hexfront.engine.core.battle import Battle, IllegalOrder
from hexfront.engine.core.saves import battle_from_save, battle_to_json, parse_save_text


def replay_reproduces_every_hash(battle: Battle) -> None:
    text = json.dumps(battle_to_json(battle))
    replayed = battle_from_save(parse_save_text(text), verify=True)  # raises Divergence on any mismatch
    assert replayed.checkpoints == battle.checkpoints
    assert replayed.state_hash() == battle.state_hash()


def undo_then_redo_is_identity(battle: Battle, depth: int) -> None:
    final, draws = battle.state_hash(), battle.rng.draws
    depth = min(depth, len(battle.log))
    for _ in range(depth):
        battle.undo()
        expected = battle.checkpoints[-1].hash if battle.checkpoints else battle.setup_check.hash
        assert battle.state_hash() == expected
    for _ in range(depth):
        battle.redo()
    assert battle.state_hash() == final and battle.rng.draws == draws


def save_then_load_is_identity(battle: Battle) -> None:
    first = json.dumps(battle_to_json(battle), indent=1)
    loaded = battle_from_save(parse_save_text(first))
    assert loaded.state_hash() == battle.state_hash()
    assert loaded.log == battle.log
    assert json.dumps(battle_to_json(loaded), indent=1) == first


def illegal_commands_change_nothing(battle: Battle, attempts: list[Any],
                                    invariants: Callable[[Battle], None]) -> None:
    """Each attempt: a legal one is played (and the invariants checked); a refused one must raise
    IllegalOrder with the same reason and leave hash, log and draws untouched."""
    for cmd in attempts:
        if battle.outcome() is not None:
            break
        reason = battle.refusal(cmd)
        before = (battle.state_hash(), len(battle.log), battle.rng.draws)
        if reason is None:
            battle.submit(cmd)
            invariants(battle)
            continue
        assert isinstance(reason, str) and reason
        with pytest.raises(IllegalOrder) as refused:
            battle.submit(cmd)
        assert refused.value.message == reason
        assert (battle.state_hash(), len(battle.log), battle.rng.draws) == before


def computers_play_legally_to_the_end(battle: Battle, players: tuple[str, str], seed: int,
                                      invariants: Callable[[Battle], None]) -> None:
    system = battle.system
    ai = {side: system.computer_players()[name](seed % 1000 + i)
          for i, (side, name) in enumerate(zip(system.sides(battle.state), players, strict=True))}
    while battle.outcome() is None:
        cmd = ai[battle.side_to_act()].choose(system, battle.state)
        assert battle.refusal(cmd) is None, cmd
        battle.submit(cmd)
        assert len(battle.log) < 5000
    invariants(battle)
    outcome = battle.outcome()
    assert outcome.winner in (None, *system.sides(battle.state)) and outcome.reason
