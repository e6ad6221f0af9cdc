"""A scripted source chosen in a scenario file stands in for the generator (DESIGN: Randomness)."""

from __future__ import annotations

import shutil

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.engine.core.system import content_root


@pytest.fixture
def content_copy(tmp_path, monkeypatch):
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    return root / "ratfight"


def add_script(folder, text: str) -> None:
    path = folder / "scenarios" / "village.toml"
    path.write_text(path.read_text() + "\n" + text)


def test_scenario_script_decides_the_first_draws(content_copy, tmp_path):
    add_script(content_copy, '[script]\ncards = { action = ["move1-a", "fire3", "fire2-a"] }\n')
    battle = Battle.new("ratfight", "village", seed=99)
    drawn = [e.card for e in battle.setup_events if isinstance(e, CardDrawn) and e.deck == "action"]
    assert drawn == ["move1-a", "fire3", "fire2-a"]  # red's, blue's initiative card, then blue's first card
    assert battle.state.first == "blue" and battle.state.card == "fire2-a"
    assert all(e.scripted for e in battle.setup_events if isinstance(e, CardDrawn))
    # the script travels in the save, so the replay draws the same cards
    path = save_battle(battle, tmp_path / "b.json")
    assert load_battle(path).state_hash() == battle.state_hash()


def test_a_malformed_scenario_script_is_refused(content_copy):
    add_script(content_copy, '[script]\ndice = ["six"]\n')
    with pytest.raises(ContentError, match="script"):
        Battle.new("ratfight", "village", seed=1)
