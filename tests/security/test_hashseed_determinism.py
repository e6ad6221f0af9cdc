"""Determinism stays: the same seed gives byte-identical saves whatever PYTHONHASHSEED is.

Two real processes with different hash seeds (so every set and str-keyed hash iterates differently) play
the first orders of a battle in every system (its default scenario), the default computer player on both
sides, and save them; the files must be the same bytes (checkpoint hashes included). Then ``hexfront
selfplay`` to the end of one battle, the same way.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hexfront.engine.core.system import all_systems

REPO = Path(__file__).resolve().parents[2]
ORDERS = 40

PLAY = f"""
import sys
from pathlib import Path
from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.saves import save_battle
from hexfront.engine.core.system import all_systems

out = Path(sys.argv[1])
print(hash("hexfront"))
for system in all_systems().values():
    battle = Battle.new(system.id, system.default_scenario(), seed=20261125)
    battle.setup.players = {{side: "default" for side in system.sides(battle.state)}}
    players = computer_players_for(battle)
    while battle.outcome() is None and len(battle.log) < {ORDERS}:
        battle.submit(players[battle.side_to_act()].choose(system, battle.state))
    save_battle(battle, out / f"{{system.id}}.json")
"""


def _run(hash_seed: str, argv: list[str], cwd: Path) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, *argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_every_system_saves_the_same_bytes_under_two_hash_seeds(tmp_path: Path) -> None:
    folders = [tmp_path / "a", tmp_path / "b"]
    hashes = []
    for hash_seed, folder in zip(("0", "987654321"), folders, strict=True):
        folder.mkdir()
        hashes.append(_run(hash_seed, ["-c", PLAY, str(folder)], tmp_path))
    assert hashes[0] != hashes[1]  # the hash seeds did take effect
    first, second = _files(folders[0]), _files(folders[1])
    assert sorted(first) == sorted(f"{system_id}.json" for system_id in all_systems())
    assert first == second


def test_selfplay_to_the_end_saves_the_same_bytes_under_two_hash_seeds(tmp_path: Path) -> None:
    outputs = []
    for hash_seed in ("1", "31337"):
        folder = tmp_path / hash_seed
        folder.mkdir()
        outputs.append(_run(hash_seed, ["-m", "hexfront.tui", "selfplay", "ratfight", "--scenario", "village",
                                        "--seed", "4", "--save-dir", "out"], folder))
    assert outputs[0] == outputs[1] and "saved out/ratfight-village-4.json" in outputs[0]
    assert _files(tmp_path / "1" / "out") == _files(tmp_path / "31337" / "out") != {}
