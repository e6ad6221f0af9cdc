"""The scenarios' victory conditions (this game's own: the book has no scenarios) and the three scenarios of
content/skirmishes."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex


def test_getting_away_off_the_exit_edge_wins(kit):
    """Street ambush and field crossing: the side that must get through wins when enough of it leave by the
    named edge (counted at the end of a round)."""
    b = kit.battle([kit.ch("R1", (15, 0)), kit.ch("R2", (0, 4))], [kit.ch("B1", (0, 2))],
                   victory={"round_limit": 5, "at_limit": "blue", "exit": {"side": "red", "edge": "east", "needed": 1}})
    evs = kit.round(b, [kit.C.Run("R1", Hex(19, 0)), kit.C.Hold("R1"), kit.C.Hold("R2")], [kit.C.Hold("B1")])
    assert kit.of(evs, kit.E.Escaped)[0].character == "R1"
    assert b.outcome().winner == "red"
    assert "R1" not in {p.id for p in b.system.board(b.state).pieces}


def test_clearing_the_building_wins(kit):
    """Building clearance: Red wins at the end of a round with no able Blue character indoors."""
    mapping = "\n".join(["_____..........", "_____..........", "..............."])
    b = kit.battle([kit.ch("R1", (10, 2))], [kit.ch("B1", (2, 0))],
                   map=mapping, victory={"round_limit": 5, "at_limit": "blue", "clear": {"side": "red"}})
    kit.round(b, [kit.C.Hold("R1")], [kit.C.Hold("B1")])
    assert b.outcome() is None
    evs = kit.round(b, [kit.C.Hold("R1")], [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    assert b.outcome().winner == "red" and "cleared" in kit.of(evs, kit.E.BattleEnded)[0].reason


@pytest.mark.parametrize("at_limit, winner", [("blue", "blue"), ("draw", None), ("standing", "red")])
def test_the_round_limit(kit, at_limit, winner):
    """Each scenario ends after its last round: the named side holds, a draw, or the side with more standing."""
    b = kit.battle([kit.ch("R1", (0, 0)), kit.ch("R2", (0, 2))], [kit.ch("B1", (9, 0))],
                   victory={"round_limit": 1, "at_limit": at_limit})
    kit.round(b, [kit.C.Hold("R1"), kit.C.Hold("R2")], [kit.C.Hold("B1")])
    assert b.outcome() is not None and b.outcome().winner == winner


def test_a_side_with_nobody_left_in_the_fight_loses(kit):
    """A side whose every character is out of the fight (out of combat or dead) loses at the end of the round."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (4, 0), "thug")], dice=[6, 6, 6])
    kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1")], [kit.C.Hold("B1")])
    assert b.outcome().winner == "red" and "nobody left" in b.outcome().reason


@pytest.mark.parametrize("scenario, ambusher, width", [("street_ambush", "blue", 30),
                                                         ("building_clearance", "", 30),
                                                         ("field_crossing", "", 64)])
def test_the_three_scenarios_load(scenario, ambusher, width):
    """Content: a street ambush (with the ambush's surprise round), a building clearance with grenades, and a
    long-range field crossing whose board is long enough for the long band (100 hexes is 200 m)."""
    b = Battle.new("skirmishes", scenario, seed=1)
    st = b.state
    assert st.tables.ambusher == ambusher and st.tables.width == width
    assert st.surprise is bool(ambusher)
    if scenario == "building_clearance":
        assert any(c.grenades.get("frag") for c in st.chars.values())
        assert any(c.grenades.get("flashbang") for c in st.chars.values())
    if scenario == "field_crossing":
        reds = [c for c in st.chars.values() if c.side == "red"]
        blues = [c for c in st.chars.values() if c.side == "blue"]
        gaps = [r.pos.distance(x.pos) for r in reds for x in blues]
        assert all(st.tables.band(g) == 2 for g in gaps)  # everyone starts at long range
