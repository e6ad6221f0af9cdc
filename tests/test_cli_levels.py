"""The computer's levels on the command line: --players takes easy, default, hard and random in new, selfplay and
watch, and the save records them."""

from __future__ import annotations

import json

from hexfront.engine.core.saves import load_battle
from hexfront.tui.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_selfplay_plays_the_levels_named_and_saves_them(capsys, tmp_path):
    code, out, _ = run(capsys, "selfplay", "ratfight", "--scenario", "ditch", "--seed", "3", "--players",
                       "easy,random", "--json", "--save-dir", str(tmp_path))
    assert code == 0
    game = json.loads(out.splitlines()[0])
    assert game["players"] == ["easy", "random"]
    (saved,) = tmp_path.glob("*.json")
    assert list(load_battle(saved).setup.players.values()) == ["easy", "random"]


def test_watch_takes_players_and_refuses_an_unknown_level_in_one_line(capsys):
    code, out, _ = run(capsys, "watch", "ratfight", "--scenario", "ditch", "--seed", "3", "--players", "easy,hard")
    assert code == 0 and "outcome:" in out
    code, _, err = run(capsys, "watch", "ratfight", "--players", "expert,default")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "'expert'" in err and all(n in err for n in ("easy", "default", "hard", "random"))


def test_new_records_the_hard_computer_in_the_battle_file(capsys, tmp_path):
    out_file = tmp_path / "b.json"
    code, _, _ = run(capsys, "new", "ratfight", "--players", "human,hard", "--out", str(out_file))
    assert code == 0
    assert list(load_battle(out_file).setup.players.values()) == ["human", "hard"]
