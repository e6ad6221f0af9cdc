"""The map's sign rules over every system's content: pieces are letters, terrain never is.

Terrain signs come from content/<system>/terrain.toml and are checked when the file is read
(engine.core.content.terrain_glyph_problem); counters a system draws over the ground (smoke, gas,
objectives, fire support markers...) follow the same rule, checked here on every scenario's board.
"""

from __future__ import annotations

import shutil

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.content import MAP_SIGNS, read_toml, terrain_glyph_problem
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.system import all_systems, content_root, get_system

SCENARIOS = [(sid, s.name) for sid, system in sorted(all_systems().items()) for s in system.scenarios()]


def terrain_tables(system_id: str) -> dict:
    raw = read_toml(content_root() / system_id / "terrain.toml")
    return raw.get("terrain", raw) if system_id == "skirmishes" else raw


def test_the_rule_refuses_letters_digits_spaces_and_the_maps_own_signs():
    for good in ".=*#~%:;,^&@-+_|$`":
        assert terrain_glyph_problem(good) is None, good
    for bad in ["T", "h", "7", " ", "", "**", "é", "\t", 5, None, *MAP_SIGNS]:
        assert terrain_glyph_problem(bad), repr(bad)
    assert "letter" in terrain_glyph_problem("T") and "cursor" in terrain_glyph_problem("[")


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_every_terrain_in_content_follows_the_rule(system_id):
    tables = terrain_tables(system_id)
    assert tables
    for tid, t in tables.items():
        assert terrain_glyph_problem(t["glyph"]) is None, (system_id, tid, t["glyph"])


@pytest.mark.parametrize("system_id, scenario", SCENARIOS)
def test_on_every_board_pieces_and_terrain_never_share_a_sign(system_id, scenario):
    """Every sign drawn on the ground (terrain and counters) is a non-letter the legend names once; every
    piece is a letter (or '?' for a hidden unit), so no piece is ever read as terrain or the other way."""
    battle = Battle.new(system_id, scenario, seed=1)
    board = battle.system.board(battle.state)
    ground = set(board.terrain.values())
    assert not any(g.isalpha() for g in ground), sorted(ground)
    pieces = {p.glyph[:1] for p in board.pieces}
    assert all(g.isalpha() or g == "?" for g in pieces), sorted(pieces)
    drawn_pieces = {c for g in pieces for c in (g.upper(), g.lower())}  # either case, whichever side
    assert not ground & drawn_pieces, ground & drawn_pieces
    legend = [k.glyph for k in board.legend]
    assert len(legend) == len(set(legend)), legend  # one meaning per sign
    assert ground <= set(legend), ground - set(legend)  # and every sign on the ground has one


def test_content_with_a_letter_for_terrain_is_refused_in_one_line(tmp_path, monkeypatch):
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    path = root / "ratfight" / "terrain.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('glyph = "*"', 'glyph = "T"'), encoding="utf-8")
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    with pytest.raises(ContentError) as refused:
        get_system("ratfight").load_content("ditch")
    message = refused.value.message
    assert "\n" not in message and "table [woods]: key 'glyph'" in message and "'T'" in message and "letter" in message
