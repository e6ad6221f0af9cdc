"""Saves written by earlier releases keep loading, verifying and replaying to the same battle.

Each folder under tests/fixtures/saves/ holds saves written by one release (its name gives the save
format and engine version): one per scenario, 40 orders of the computer against itself or to the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexfront.engine.core.saves import battle_to_json, load_battle, load_for_replay

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "saves"
RELEASED = sorted(FIXTURES.glob("*/*.json"))


def test_there_are_released_saves_of_every_system() -> None:
    from hexfront.engine.core.system import all_systems

    systems = {json.loads(p.read_text(encoding="utf-8"))["system"] for p in RELEASED}
    assert systems == set(all_systems())


@pytest.mark.parametrize("path", RELEASED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_released_save_loads_verifies_and_replays_to_its_last_checkpoint(path: Path) -> None:
    before = path.read_bytes()
    recorded = json.loads(before)
    battle = load_battle(path, verify=True)
    assert len(battle.log) == len(recorded["commands"])
    last = recorded["commands"][-1]["check"]
    assert (battle.checkpoints[-1].hash, battle.checkpoints[-1].draws) == (last["hash"], last["draws"])
    replayed, divergence = load_for_replay(path)
    assert divergence is None and len(replayed.log) == len(battle.log)
    assert battle_to_json(replayed)["commands"][-1]["check"] == battle_to_json(battle)["commands"][-1]["check"]
    assert path.read_bytes() == before
