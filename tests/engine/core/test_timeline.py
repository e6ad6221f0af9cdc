"""The replay timeline: every point of a recorded battle, its activations and turns; tolerant loading."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from hexfront.engine.core.battle import Battle, Divergence
from hexfront.engine.core.errors import SaveError
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.saves import load_battle, load_for_replay, save_battle
from hexfront.engine.core.system import all_systems, get_system
from hexfront.engine.core.timeline import Timeline

SYSTEMS = list(all_systems())


def finished(system_id: str, seed: int = 3) -> Battle:
    """A battle of the system's default scenario between two of its own computer players (``random`` for a
    system without one), played to its end or its 120th order."""
    battle = Battle.new(system_id, seed=seed)
    player = "default" if "default" in battle.system.computer_players() else "random"
    battle.setup.players = {s: player for s in battle.system.sides(battle.state)}
    players = computer_players_for(battle)
    while battle.outcome() is None and len(battle.log) < 120:
        battle.submit(players[battle.side_to_act()].choose(battle.system, battle.state))
    return battle


@pytest.fixture(scope="module")
def battles() -> dict[str, Battle]:
    return {s: finished(s) for s in SYSTEMS}


@pytest.fixture(scope="module")
def states(battles) -> dict[str, list]:
    """Each battle's state after 0, 1, 2... orders, as its orders are given again one by one (resolved)."""
    out = {}
    for system_id, battle in battles.items():
        walker = Battle(battle.system, battle.setup)
        after = [battle.system.copy_state(walker.state)]
        for command in battle.log:
            walker.submit(command)
            after.append(battle.system.copy_state(walker.state))
        out[system_id] = after
    return out


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_state_at_every_point_is_the_fold_of_the_events_so_far(battles, states, system_id):
    """At (n, 0) the state is the battle's own state after n orders; between, the fold event by event."""
    battle = battles[system_id]
    system = battle.system
    tl = Timeline(battle, keyframe_every=7)  # keyframes close together, so that many points start from one
    assert tl.orders == len(battle.log) > 10
    fresh = system.copy_state(battle.keyframes[0][0])
    for n in range(tl.orders + 1):
        assert system.canonical(tl.state_at((n, 0))) == system.canonical(states[system_id][n]), n
        assert system.canonical(tl.state_at((n, 0))) == system.canonical(fresh), n
        for i, event in enumerate(tl.events_of(n), start=1):
            system.apply(fresh, event)
            if i < len(tl.events_of(n)):  # the last event of an order lands on the next (n + 1, 0)
                assert system.canonical(tl.state_at((n, i))) == system.canonical(fresh), (n, i)
    # the keyframes are never changed by reading them
    assert system.canonical(tl.state_at((7, 0))) == system.canonical(battle.state_after(7)[0])
    assert system.canonical(tl.state_at(tl.end)) == system.canonical(battle.state)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_stepping_by_event_visits_every_point_in_order_both_ways(battles, system_id):
    tl = Timeline(battles[system_id])
    forward = [(0, 0)]
    while forward[-1] != tl.end:
        forward.append(tl.next_event(forward[-1]))
    events = sum(len(e) for e in battles[system_id].events)
    # one point per event, except that an order's last event lands on "after the order"
    assert [tl.index(p) for p in forward] == sorted(set(tl.index(p) for p in forward))
    assert tl.index(tl.end) == events and len(forward) == events + 1 - sum(1 for e in tl.events if not e)
    backward = [tl.end]
    while backward[-1] != (0, 0):
        backward.append(tl.previous_event(backward[-1]))
    assert backward[::-1] == forward
    assert tl.next_event(tl.end) == tl.end and tl.previous_event((0, 0)) == (0, 0)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_stepping_by_order(battles, system_id):
    tl = Timeline(battles[system_id])
    assert tl.next_order((0, 0)) == (1, 0)
    n = next(n for n in range(2, tl.orders) if len(tl.events_of(n)) >= 2)  # order n+1 has events to show
    assert tl.next_order((n, 1)) == (n + 1, 0)  # a partly shown order is finished
    assert tl.previous_order((n, 1)) == (n, 0)  # ... or taken back to its start
    assert tl.previous_order((n, 0)) == (n - 1, 0)
    assert tl.next_order(tl.end) == tl.end and tl.previous_order((0, 0)) == (0, 0)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_an_activation_is_a_run_of_orders_from_one_piece_or_side(battles, states, system_id):
    battle = battles[system_id]
    system = battle.system
    tl = Timeline(battle)
    starts = tl.activation_starts
    assert starts[0] == 0 and starts[-1] == tl.orders and starts == sorted(set(starts))
    assert 2 < len(starts) <= tl.orders + 1
    for a, b in pairwise(starts):
        keys = {system.activation_key(states[system_id][n], battle.log[n]) for n in range(a, b)}
        assert len(keys) == 1, (a, b)  # one activation: one piece (or the whole side) in one turn
        assert tl.next_activation((a, 0)) == (b, 0)
        assert tl.previous_activation((b, 0)) == (a, 0)
        if b - a > 1:
            assert tl.next_activation((a + 1, 0)) == (b, 0)
            assert tl.previous_activation((a + 1, 0)) == (a, 0)
    for a in starts[1:-1]:  # every start but the first and the end
        key_before = system.activation_key(states[system_id][a - 1], battle.log[a - 1])
        key_after = system.activation_key(states[system_id][a], battle.log[a])
        assert key_before != key_after  # a start is where the piece, side or turn changes
    assert tl.next_activation(tl.end) == tl.end and tl.previous_activation((0, 0)) == (0, 0)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_turns_and_jumping_to_a_turn(battles, states, system_id):
    battle = battles[system_id]
    system = battle.system
    tl = Timeline(battle)
    assert tl.turns == [system.turn(st) for st in states[system_id]]
    first, last = tl.turn_range()
    assert last > first
    for turn in range(first, last + 1):
        point = tl.turn_start(turn)
        assert point is not None and point[1] == 0
        n = point[0]
        assert tl.turns[n] >= turn and all(t < turn for t in tl.turns[:n])
        assert system.turn(tl.state_at(point)) == tl.turns[n]
    assert tl.turn_start(first - 1) is None and tl.turn_start(last + 1) is None
    # next and previous turn walk the turn starts
    point, seen = (0, 0), []
    while point != tl.end:
        point = tl.next_turn(point)
        seen.append(tl.turn_at(point))
    assert seen == sorted(seen) and seen[-1] == last
    start = tl.turn_start(last)
    assert tl.previous_turn((start[0], 1)) == start  # from inside the turn: back to its start
    assert tl.previous_turn(start) == tl.turn_start(tl.turns[start[0] - 1])  # from its start: the turn before
    assert tl.previous_turn((0, 0)) == (0, 0)


def test_positions_out_of_range_are_clamped(battles):
    tl = Timeline(battles["ratfight"])
    assert tl.clamp((-3, -1)) == (0, 0)
    assert tl.clamp((tl.orders + 5, 2)) == tl.end
    assert tl.clamp((0, len(tl.events_of(0)))) == (1, 0)
    with pytest.raises(ValueError):
        Timeline(battles["ratfight"], keyframe_every=0)


# -- tolerant loading -------------------------------------------------------------------------

@pytest.fixture
def saved(tmp_path, battles):
    path = tmp_path / "dustup.json"
    save_battle(battles["dustup"], path)
    return path


def _edit(path, change) -> bytes:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path.read_bytes()


def test_a_faithful_save_replays_whole_with_no_divergence(saved, battles):
    battle, divergence = load_for_replay(saved)
    assert divergence is None
    assert battle.log == battles["dustup"].log


def test_an_edited_checkpoint_stops_the_replay_there_saying_where_and_why(saved, battles):
    original = battles["dustup"]
    k = 30
    recorded = {}

    def tamper(data):
        recorded["hash"] = data["commands"][k - 1]["check"]["hash"]
        data["commands"][k - 1]["check"]["hash"] = "0123456789abcdef"

    before = _edit(saved, tamper)
    battle, divergence = load_for_replay(saved)
    assert saved.read_bytes() == before  # only read
    assert "\n" not in divergence
    assert f"diverges at order {k} (" in divergence
    assert "recorded state 0123456789abcdef" in divergence and f"replayed {recorded['hash']}" in divergence
    assert battle.log == original.log[:k - 1]  # the orders that agreed, intact
    assert battle.state_hash() == original.checkpoints[k - 2].hash
    tl = Timeline(battle)
    assert original.system.canonical(tl.state_at(tl.end)) == original.system.canonical(original.state_after(k - 1)[0])
    with pytest.raises(Divergence):  # play still refuses it
        load_battle(saved)


def test_an_edited_order_is_refused_or_diverges_and_the_prefix_stays(saved, battles):
    original = battles["dustup"]
    k = 12
    _edit(saved, lambda d: d["commands"].__setitem__(k - 1, d["commands"][k + 20]))
    battle, divergence = load_for_replay(saved)
    assert f"at order {k}" in divergence and "\n" not in divergence
    assert battle.log == original.log[:k - 1]


def test_an_unknown_order_ends_the_replay_before_it(saved, battles):
    k = 5
    _edit(saved, lambda d: d["commands"][k - 1].__setitem__("command", {"type": "Nuke"}))
    battle, divergence = load_for_replay(saved)
    assert f"stops before order {k}" in divergence and "not an order this hexfront knows" in divergence
    assert battle.log == battles["dustup"].log[:k - 1]


def test_an_edited_setup_diverges_before_any_order(saved):
    _edit(saved, lambda d: d["setup_check"].__setitem__("hash", "ffffffffffffffff"))
    battle, divergence = load_for_replay(saved)
    assert "at the setup" in divergence and battle.log == []


def test_another_rules_version_replays_under_these_rules_and_says_so(saved, battles):
    _edit(saved, lambda d: d.__setitem__("rules_version", "0.9"))
    with pytest.raises(SaveError):
        load_battle(saved)  # play refuses it, as before
    battle, divergence = load_for_replay(saved)
    system = get_system("dustup")
    assert divergence == f"recorded with {system.title} rules version 0.9, this is version {system.rules_version}"
    assert battle.log == battles["dustup"].log  # the rules did not change what happened


def test_a_rules_change_that_alters_the_battle_is_found_at_its_first_order(saved, battles, monkeypatch):
    """A newer rules version that rolls one more die in the 20th order: the replay stops just before it."""
    system = get_system("dustup")
    monkeypatch.setattr(type(system), "rules_version", "99")
    resolve = type(system).resolve
    calls = {"n": 0}

    def new_rule(self, ctx, command):
        calls["n"] += 1
        if calls["n"] == 20:
            ctx.roll(6, "a die the new rules add")
        resolve(self, ctx, command)

    monkeypatch.setattr(type(system), "resolve", new_rule)
    battle, divergence = load_for_replay(saved)
    recorded = battles["dustup"].checkpoints[19]
    assert divergence.startswith(f"recorded with {system.title} rules version 1, this is version 99; ")
    assert "diverges at order 20 (" in divergence
    assert f"recorded state {recorded.hash} after {recorded.draws} draws" in divergence
    assert f"after {recorded.draws + 1} draws" in divergence
    assert battle.log == battles["dustup"].log[:19]


@pytest.mark.parametrize("content,needle", [
    (b"not json {", "not valid JSON"),
    (b'{"hello": 1}', "not a hexfront save"),
    (b"[" * 50000, "nested too deeply"),
])
def test_files_that_cannot_be_read_still_raise_one_line(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        load_for_replay(path)
    assert needle in caught.value.message and "\n" not in caught.value.message
    assert path.read_bytes() == content


def test_a_save_for_an_unknown_system_raises_one_line(saved):
    _edit(saved, lambda d: d.__setitem__("system", "chess"))
    with pytest.raises(SaveError) as caught:
        load_for_replay(saved)
    assert "chess" in caught.value.message


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_panes_can_be_drawn_at_every_event_of_a_battle(battles, system_id):
    """The replay viewer draws the map and the activation pane at points inside an order too, where the
    state is half folded (Disrupter's end of the briefing once had no side to act there)."""
    battle = battles[system_id]
    timeline = Timeline(battle)
    pos, seen = (0, 0), 0
    while True:
        state = timeline.state_at(pos)
        assert battle.system.activation(state).now
        assert battle.system.board(state).cols > 0
        seen += 1
        nxt = timeline.next_event(pos)
        if nxt == pos:
            break
        pos = nxt
    assert seen > len(battle.log)
