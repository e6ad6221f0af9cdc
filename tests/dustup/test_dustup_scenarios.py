"""Dustup's scenarios: each loads, sets up, and plays to an end; the held position and the night patrol
have what their briefs promise (hidden units among dummies, objectives in the position, better sensors)."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import hex_distance, offset_to_axial
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.systems.dustup import SYSTEM, command, data
from hexfront.engine.systems.dustup.state import COMMAND

SCENARIOS = ("meeting", "held", "patrol")


def raw(name: str) -> dict:
    return data.read_toml(SYSTEM.content_dir() / "scenarios" / f"{name}.toml")


def test_the_scenarios_are_listed_with_titles_and_summaries():
    infos = {s.name: s for s in SYSTEM.scenarios()}
    assert set(SCENARIOS) <= set(infos)
    assert infos["held"].title == "The Held Hamlet" and infos["patrol"].title == "Night Patrol"
    assert all(infos[n].summary for n in SCENARIOS)


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_scenario_file_says_everything_a_battle_needs(name):
    r = raw(name)
    for key in ("title", "summary", "description", "turn_limit", "objectives", "map", "sides"):
        assert r.get(key), f"{name} has no {key}"
    for side in r["sides"]:
        for key in ("id", "name", "commitment", "fatigue", "edge", "units"):
            assert side.get(key), f"{name}: side {side.get('id')} has no {key}"
    tables = data.Tables.from_content(SYSTEM.load_content(name))
    assert all(tables.on_board(o) for o in tables.objectives)
    units = {u["id"]: u for u in tables.deployment}
    for u in units.values():
        if u.get("commander"):
            boss = units[u["commander"]]
            assert boss["side"] == u["side"] and boss.get("kind") == COMMAND, (name, u["id"])


@pytest.mark.parametrize("name", SCENARIOS)
def test_hidden_units_and_dummies_stand_where_they_could_hide(name):
    """Detect Action: Hidden Units. A unit hides only in terrain that conceals it, and each hidden unit
    brings at most two dummy markers."""
    tables = data.Tables.from_content(SYSTEM.load_content(name))
    hides = {h for h, t in tables.board.items() if tables.terrain[t].hide}
    for u in tables.deployment:
        if u.get("hidden"):
            assert offset_to_axial(*u["at"]) in hides, (name, u["id"])
    for side in tables.side_ids:
        dummies = [h for s, h in tables.dummies if s == side]
        hidden = [u for u in tables.deployment if u["side"] == side and u.get("hidden")]
        assert all(h in hides for h in dummies), name
        assert len(dummies) <= 2 * len(hidden), name


def test_the_held_position_hides_its_defenders_and_its_objectives():
    b = Battle.new("dustup", "held", seed=1)
    st = b.state
    red = [u for u in st.units.values() if u.side == "red"]
    blue = [u for u in st.units.values() if u.side == "blue"]
    hq = [u for u in red if u.kind == COMMAND]
    assert len(hq) == 1 and sorted(u.kind for u in red if u.commander == hq[0].id) == ["squad"] * 3
    assert all(u.hidden for u in blue)
    markers = list(st.markers.values())
    assert {m.unit for m in markers if m.unit} == {u.id for u in blue}
    assert sum(1 for m in markers if m.unit is None) == len(raw("held")["sides"][1]["dummies"])
    for obj in st.tables.objectives:
        assert min(hex_distance(obj, u.pos) for u in blue) <= 1, "every objective is in the position"
    assert all(hex_distance(obj, u.pos) > 6 for obj in st.tables.objectives for u in red)
    # nobody on the map shows which markers are real
    pieces = SYSTEM.board(st).pieces
    assert not {u.id for u in blue} & {p.id for p in pieces}
    assert sum(1 for p in pieces if p.glyph == "?") == len(markers)


def test_the_night_patrol_sees_as_by_day_and_the_pickets_do_not():
    """Detect Action: Night Vision. At night unaided eyes have a third of the ranges; enhanced and
    superior sensors, and night vision, see as by day."""
    b = Battle.new("dustup", "patrol", seed=1)
    st = b.state
    assert st.tables.night
    patrol = [u for u in st.units.values() if u.side == "red"]
    pickets = [u for u in st.units.values() if u.side == "blue"]
    assert all(command.sees_as_by_day(st, u) for u in patrol)
    assert not any(command.sees_as_by_day(st, u) for u in pickets)
    assert all(u.sensor >= 8 or u.night_vision for u in patrol)
    assert all(u.hidden for u in pickets) and sum(1 for m in st.markers.values() if m.unit is None) >= 4
    assert command.range_die(st, pickets[0], 10) is None  # 10 hexes is too far for a picket at night
    assert command.range_die(st, patrol[0], 10) == 10


@pytest.mark.parametrize("name,seed", [(n, s) for n in SCENARIOS for s in (1, 2, 3)])
def test_random_players_play_each_scenario_to_its_end(name, seed):
    """The whole loop with random orders to the end of the battle: every order legal, filed for the order
    editor and previewed, every event described, the views drawn at the end."""
    b = Battle.new("dustup", name, seed=seed)
    players = {side: RandomPlayer(seed * 10 + i) for i, side in enumerate(SYSTEM.sides(b.state))}
    for _ in range(3000):
        if b.outcome() is not None:
            break
        cmd = players[b.side_to_act()].choose(SYSTEM, b.state)
        SYSTEM.order_parts(b.state, cmd)
        preview = SYSTEM.preview(b.state, cmd)
        assert not preview.odds or sum(c.probability for c in preview.odds) == pytest.approx(1.0), (cmd, preview)
        events = b.submit(cmd)
        for ev in events:
            assert SYSTEM.describe(ev, b.state)
    out = b.outcome()
    assert out is not None, "the battle never ended"
    SYSTEM.board(b.state)
    assert SYSTEM.activation(b.state).now.startswith(f"Turn {b.state.turn} - battle over")
    summary = SYSTEM.summary(b.state)
    assert summary.lines[0].endswith(out.reason) and 1 <= summary.turns <= b.state.tables.turn_limit
    assert sum(summary.casualties.values()) == sum(
        1 for u in b.state.units.values() for f in u.figures if f.status != "fit")
