"""Helpers for the host's store and lobby tests: a private saves folder (each visitor has one on the host),
players, a two-player battle. The TUI helpers of tests/tui (tuikit) are put on the import path here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.tui.serve.store import SqliteStore, open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))


@pytest.fixture(autouse=True)
def private_saves(tmp_path, monkeypatch):
    """Each test its own saves folder (a module uses it with ``private_saves = storekit.private_saves``)."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("HEXFRONT_SAVES", str(folder))
    monkeypatch.delenv("HEXFRONT_ASCII", raising=False)
    return folder


def keyed(store: SqliteStore, name: str):
    """A player bound to a key made from their name (a fingerprint as the host writes one)."""
    return store.bind_name(f"SHA256:{name}key", name)


def open_two_player(store: SqliteStore, system: str, scenario: str | None = None, seed: int = 3,
                    names: tuple[str, str] = ("Alice", "Bob")):
    """A battle Alice opens at its first side and Bob joins: (battle id, alice, bob, sides)."""
    battle = Battle.new(system, scenario, seed=seed)
    sides = battle.system.sides(battle.state)
    alice, bob = keyed(store, names[0]), keyed(store, names[1])
    battle_id = store.open_battle(alice.id, sides[0], system=system, scenario=battle.setup.scenario, seed=seed,
                                  options=dict(battle.setup.options), undo_policy="practice", sides=sides)
    store.join(battle_id, bob.id)
    return battle_id, alice, bob, sides


def stores(data: Path, n: int) -> list[SqliteStore]:
    """``n`` connections to one store file, as ``n`` game processes would hold."""
    return [open_store(data) for _ in range(n)]


def play_turn(session, computer) -> bool:
    """If it is this session's turn, let a computer player choose its order and give it as a player would."""
    session.follow()
    if not session.mine_to_act():
        return False
    state = session.system.copy_state(session.state)
    session.submit(computer.choose(session.system, state))
    return True
