"""Saves written by earlier releases keep loading, verifying and replaying to the same battle.

Each folder under tests/fixtures/saves/ holds saves written by one release (its name gives the save
format and engine version): one per scenario, 40 orders of the computer against itself or to the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from hexfront.engine import SAVE_FORMAT_VERSION
from hexfront.engine.core.battle import Battle, Checkpoint
from hexfront.engine.core.saves import battle_to_json, load_battle, load_for_replay, save_battle, sealed_setup_check
from hexfront.engine.core.statehash import CANONICAL, REPR

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
    hashing = REPR if recorded["format_version"] < 3 else CANONICAL  # as that release wrote it
    assert (battle.state_hash(hashing), battle.rng.draws) == (last["hash"], last["draws"])
    assert battle.checkpoints[-1] == Checkpoint(battle.state_hash(CANONICAL), last["draws"])
    replayed, divergence = load_for_replay(path)
    assert divergence is None and len(replayed.log) == len(battle.log)
    assert battle_to_json(replayed)["commands"][-1]["check"] == battle_to_json(battle)["commands"][-1]["check"]
    assert path.read_bytes() == before


@pytest.mark.parametrize("path", RELEASED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_released_save_saved_again_is_restamped_with_canonical_hashes(path: Path, tmp_path: Path) -> None:
    """Saving a battle loaded from an older save writes the current format, every checkpoint hashed
    canonically: the same checkpoints as the battle replayed afresh from its log, none of the old hashes."""
    recorded = json.loads(path.read_bytes())
    again = save_battle(load_battle(path), tmp_path / path.name)
    data = json.loads(again.read_bytes())
    assert data["format_version"] == SAVE_FORMAT_VERSION
    fresh = Battle.replay(load_battle(path).setup, list(load_battle(path).log))
    assert data["setup_check"] == attrs.asdict(sealed_setup_check(fresh.setup_check, fresh.setup.system,
                                                                 fresh.setup.scenario))
    assert [c["check"] for c in data["commands"]] == [attrs.asdict(k) for k in fresh.checkpoints]
    assert [c["command"] for c in data["commands"]] == [c["command"] for c in recorded["commands"]]
    if recorded["format_version"] < 3:
        old = {c["check"]["hash"] for c in recorded["commands"]} | {recorded["setup_check"]["hash"]}
        assert old.isdisjoint(c["check"]["hash"] for c in data["commands"])
        assert [c["check"]["draws"] for c in data["commands"]] == [c["check"]["draws"] for c in recorded["commands"]]
    assert len(load_battle(again, verify=True).log) == len(recorded["commands"])


def test_an_option_added_later_takes_the_value_older_saves_were_played_under(tmp_path: Path) -> None:
    """Skirmishes' ``unskilled_burst_cancels`` came after these saves: a released save, which does not name
    it, replays under the reading it was played with (on: an unskilled burst keeps its advantage), while a new
    battle takes the book's rule (off) and its save names the option, so it loads as it was played."""
    path = FIXTURES / "format2-engine0.1.0" / "skirmishes-field_crossing.json"
    assert "unskilled_burst_cancels" not in json.loads(path.read_bytes())["options"]
    assert load_battle(path, verify=True).setup.options["unskilled_burst_cancels"] is True
    fresh = Battle.new("skirmishes", "field_crossing", seed=1)
    assert fresh.setup.options["unskilled_burst_cancels"] is False
    saved = save_battle(fresh, tmp_path / "fresh.json")
    assert json.loads(saved.read_bytes())["options"]["unskilled_burst_cancels"] is False
    assert load_battle(saved).setup.options["unskilled_burst_cancels"] is False
