"""Helpers for the host's store tests: a store in a temporary data folder, players, a two-player battle."""

from __future__ import annotations

from pathlib import Path

from hexfront.engine.core.battle import Battle
from hexfront.tui.serve.store import SqliteStore, open_store


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
