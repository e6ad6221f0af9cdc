"""Battles as (setup, seed, command log): determinism, refusals, undo/redo, keyframes, replay.

Driven by JTS RatFight's ``village`` scenario and the core's RandomPlayer.
"""

from __future__ import annotations

import attrs
import pytest

from hexfront.engine.core.battle import Battle, Checkpoint, Divergence, IllegalOrder
from hexfront.engine.core.errors import HexfrontError, ScriptError, UndoRefused
from hexfront.engine.core.events import CardDrawn, is_random
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.resolution import Script
from hexfront.engine.systems.ratfight import commands as C

SEED = 7


def new_battle(seed: int = SEED, **kw) -> Battle:
    return Battle.new("ratfight", "village", seed=seed, **kw)


def play(battle: Battle, n: int, player_seed: int = 1) -> list:
    """Give up to ``n`` orders chosen by a RandomPlayer; return them."""
    player = RandomPlayer(player_seed)
    given = []
    for _ in range(n):
        if battle.outcome() is not None:
            break
        command = player.choose(battle.system, battle.state)
        battle.submit(command)
        given.append(command)
    return given


def snapshot(battle: Battle) -> tuple:
    return (battle.state_hash(), len(battle.log), battle.rng.draws, len(battle.events), len(battle.checkpoints))


@pytest.fixture(scope="module")
def long_battle() -> Battle:
    """120 random orders into a village battle (shared; tests must not change it)."""
    battle = new_battle()
    play(battle, 120)
    assert len(battle.log) == 120, "the battle ended early; choose another seed"
    return battle


def card_kind(battle: Battle) -> str | None:
    st = battle.state
    return st.tables.cards[st.card].kind if st.card else None


def play_until(battle: Battle, predicate, limit: int = 400, player_seed: int = 3) -> None:
    player = RandomPlayer(player_seed)
    for _ in range(limit):
        if predicate(battle):
            return
        battle.submit(player.choose(battle.system, battle.state))
    pytest.fail("the battle never reached the wanted position")


# ---------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------

def test_same_seed_same_commands_same_hashes():
    a, b = new_battle(11), new_battle(11)
    assert a.state_hash() == b.state_hash()
    assert a.setup_events == b.setup_events
    player = RandomPlayer(5)
    for _ in range(80):
        if a.outcome() is not None:
            break
        command = player.choose(a.system, a.state)
        ea, eb = a.submit(command), b.submit(command)
        assert ea == eb
        assert a.state_hash() == b.state_hash()
        assert a.rng.draws == b.rng.draws
    assert a.checkpoints == b.checkpoints
    assert len(a.log) > 40


def test_different_seeds_differ():
    hashes = {new_battle(s).state_hash() for s in (0, 1, 2, 3, 2**64 - 1)}
    assert len(hashes) == 5
    a, b = new_battle(1), new_battle(2)
    assert a.state.decks != b.state.decks or a.state.card != b.state.card


def test_state_hash_is_stable_text():
    battle = new_battle()
    h = battle.state_hash()
    assert isinstance(h, str) and len(h) == 16 and int(h, 16) >= 0
    assert battle.state_hash() == h  # reading does not change it
    assert battle.setup_check == Checkpoint(h, battle.rng.draws)
    assert battle.rng.draws > 0  # setup shuffled the decks


def test_setup_events_log_each_shuffle_with_purpose_and_rule():
    battle = new_battle()
    random_events = [e for e in battle.setup_events if is_random(e)]
    assert len(random_events) == battle.rng.draws
    assert all(e.purpose and e.rule for e in random_events)


# ---------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------

def _enemy_model(battle: Battle):
    side = battle.side_to_act()
    return next(m for m in battle.state.models.values() if m.side != side and m.pos is not None)


def _own_model(battle: Battle):
    side = battle.side_to_act()
    return next(m for m in battle.state.models.values() if m.side == side and m.pos is not None)


def assert_refused_without_change(battle: Battle, command, *words: str) -> str:
    before = snapshot(battle)
    reason = battle.refusal(command)
    assert reason is not None
    with pytest.raises(IllegalOrder) as info:
        battle.submit(command)
    message = str(info.value)
    assert message == reason
    assert "\n" not in message and len(message) > 10
    for word in words:
        assert word in message
    assert snapshot(battle) == before
    return message


def test_moving_an_enemy_model_is_refused():
    battle = new_battle()
    play(battle, 5)
    enemy = _enemy_model(battle)
    to = enemy.pos.neighbours()[0]
    assert_refused_without_change(battle, C.Move(enemy.id, to), enemy.name, "not yours")


def test_fire_on_a_move_card_is_refused():
    battle = new_battle()
    play_until(battle, lambda b: card_kind(b) == "move" and not b.state.used and b.state.pending is None)
    shooter = _own_model(battle)
    target = _enemy_model(battle)
    command = C.Fire(shooter.id, shooter.weapons[0], target.id)
    message = assert_refused_without_change(battle, command, "Fire card")
    assert battle.state.tables.cards[battle.state.card].title in message


def test_unknown_model_and_foreign_order_are_refused():
    battle = new_battle()
    assert_refused_without_change(battle, C.Move("nobody", battle.state.models["R1"].pos), "nobody")

    @attrs.frozen
    class Castle:
        pass

    assert_refused_without_change(battle, Castle(), "Castle", "not an order")


def test_a_refused_order_leaves_undo_and_redo_alone():
    battle = new_battle()
    play(battle, 6)
    battle.undo()
    redo_before = list(battle.redo_stack)
    enemy = _enemy_model(battle)
    with pytest.raises(IllegalOrder):
        battle.submit(C.Move(enemy.id, enemy.pos.neighbours()[0]))
    assert battle.redo_stack == redo_before


def test_illegal_order_is_a_hexfront_error():
    assert issubclass(IllegalOrder, HexfrontError)


def test_every_legal_command_is_accepted_by_refusal():
    battle = new_battle()
    player = RandomPlayer(9)
    for _ in range(30):
        legal = battle.legal_commands()
        assert legal
        for command in legal:
            assert battle.refusal(command) is None, command
        battle.submit(player.choose(battle.system, battle.state))


# ---------------------------------------------------------------------------
# Undo and redo
# ---------------------------------------------------------------------------

def test_undo_returns_exactly_the_previous_state_and_redo_restores_it():
    battle = new_battle(21)
    player = RandomPlayer(4)
    for _ in range(60):
        if battle.outcome() is not None:
            break
        before = snapshot(battle)
        command = player.choose(battle.system, battle.state)
        events = battle.submit(command)
        after = snapshot(battle)
        assert after != before
        assert battle.undo() == command
        assert snapshot(battle) == before
        assert battle.redo_stack == [command]
        assert battle.redo() == events  # the same events again: nothing is rerolled
        assert snapshot(battle) == after
        assert battle.redo_stack == []
    assert len(battle.log) == 60


def test_undo_then_the_same_command_gives_the_same_events():
    battle = new_battle(22)
    player = RandomPlayer(8)
    seen_random = 0
    for _ in range(50):
        command = player.choose(battle.system, battle.state)
        first = battle.submit(command)
        h = battle.state_hash()
        battle.undo()
        second = battle.submit(command)
        assert second == first
        assert battle.state_hash() == h
        seen_random += any(type(e) is CardDrawn for e in first)
    assert seen_random > 5  # the check covered orders that draw cards


def test_undo_many_then_redo_many():
    battle = new_battle(23)
    play(battle, 70, player_seed=2)
    hashes = [battle.setup_check.hash] + [c.hash for c in battle.checkpoints]
    for n in range(70, 40, -1):
        battle.undo()
        assert battle.state_hash() == hashes[n - 1]
        assert battle.rng.draws == (battle.checkpoints[-1].draws if battle.checkpoints
                                    else battle.setup_check.draws)
    for n in range(41, 71):
        battle.redo()
        assert battle.state_hash() == hashes[n]
    with pytest.raises(UndoRefused):
        battle.redo()


def test_a_new_order_clears_redo():
    battle = new_battle()
    play(battle, 4)
    battle.undo()
    assert battle.redo_stack
    play(battle, 1, player_seed=99)
    assert battle.redo_stack == []
    with pytest.raises(UndoRefused, match="nothing to redo"):
        battle.redo()


def test_undo_on_an_empty_log_is_refused():
    battle = new_battle()
    before = snapshot(battle)
    assert battle.undo_refusal() is not None
    with pytest.raises(UndoRefused, match="nothing to undo"):
        battle.undo()
    assert snapshot(battle) == before


def test_strict_policy_refuses_undo_after_a_draw_but_allows_it_otherwise():
    battle = new_battle(5, undo_policy="strict")
    player = RandomPlayer(6)
    refused = allowed = 0
    for _ in range(150):
        if refused >= 3 and allowed >= 3:
            break
        command = player.choose(battle.system, battle.state)
        events = battle.submit(command)
        before = snapshot(battle)
        if any(type(e) is CardDrawn for e in events):
            with pytest.raises(UndoRefused) as info:
                battle.undo()
            assert "strict" in str(info.value)
            assert snapshot(battle) == before
            refused += 1
        elif not any(is_random(e) for e in events):
            h_before = battle.checkpoints[-2].hash if len(battle.checkpoints) > 1 else battle.setup_check.hash
            assert battle.undo() == command
            assert battle.state_hash() == h_before
            battle.redo()
            assert snapshot(battle) == before
            allowed += 1
    assert refused >= 3 and allowed >= 3


def test_unknown_undo_policy_is_refused():
    with pytest.raises(HexfrontError, match="undo policy"):
        new_battle(undo_policy="lenient")


# ---------------------------------------------------------------------------
# A failure part-way through resolving leaves nothing half-done
# ---------------------------------------------------------------------------

def test_a_script_error_mid_order_leaves_the_battle_unchanged():
    battle = new_battle(4, script=Script(cards={"res-red": ["not a card"]}))
    player = RandomPlayer(2)
    for _ in range(300):
        command = player.choose(battle.system, battle.state)
        before = snapshot(battle)
        try:
            battle.submit(command)
        except ScriptError:
            assert snapshot(battle) == before
            with pytest.raises(ScriptError):  # the same order fails the same way: the script was rewound
                battle.submit(command)
            assert snapshot(battle) == before
            return
    pytest.fail("no order ever drew from the red resolution deck")


# ---------------------------------------------------------------------------
# Keyframes
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 37, 49, 50, 51, 99, 100, 101, 119, 120])
def test_state_after_matches_the_recorded_checkpoint(long_battle, n):
    before = snapshot(long_battle)
    live_state = long_battle.state
    state, h = long_battle.state_after(n)
    want = long_battle.checkpoints[n - 1].hash if n else long_battle.setup_check.hash
    assert h == want
    assert snapshot(long_battle) == before  # the live battle is unchanged
    assert long_battle.system.canonical(long_battle.state) == long_battle.system.canonical(live_state)
    assert state is not long_battle.state


def test_state_after_returns_a_copy_of_the_past(long_battle):
    before = snapshot(long_battle)
    past, _ = long_battle.state_after(10)
    for m in past.models.values():  # scribbling on the copy touches nothing live
        m.status = "casualty"
    assert snapshot(long_battle) == before
    again, h = long_battle.state_after(10)
    assert h == long_battle.checkpoints[9].hash
    assert any(m.status == "ok" for m in again.models.values())


def test_state_after_out_of_range(long_battle):
    for n in (-1, 121):
        with pytest.raises(IndexError):
            long_battle.state_after(n)


def test_keyframes_are_kept_every_fifty_orders(long_battle):
    assert Battle.KEYFRAME_EVERY == 50
    assert sorted(long_battle.keyframes) == [0, 50, 100]


def test_undo_past_a_keyframe_drops_it_and_rebuilds_correctly():
    battle = new_battle(31)
    play(battle, 102, player_seed=12)
    assert 100 in battle.keyframes
    battle.undo()
    battle.undo()
    battle.undo()
    assert sorted(battle.keyframes) == [0, 50]
    play(battle, 20, player_seed=77)  # a different future from 99 on
    assert len(battle.log) == 119 and sorted(battle.keyframes) == [0, 50, 100]
    for n in (99, 100, 101, 110, 119):
        assert battle.state_after(n)[1] == battle.checkpoints[n - 1].hash


# ---------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------

def test_replay_reproduces_the_final_hash(long_battle):
    replayed = Battle.replay(long_battle.setup, list(long_battle.log), list(long_battle.checkpoints),
                             long_battle.setup_check)
    assert replayed.state_hash() == long_battle.state_hash()
    assert replayed.checkpoints == long_battle.checkpoints
    assert replayed.events == long_battle.events
    assert replayed is not long_battle


@pytest.mark.parametrize("k", [1, 50, 77, 120])
def test_replay_names_the_first_tampered_checkpoint(long_battle, k):
    checkpoints = list(long_battle.checkpoints)
    checkpoints[k - 1] = Checkpoint("0" * 16, checkpoints[k - 1].draws)
    with pytest.raises(Divergence) as info:
        Battle.replay(long_battle.setup, list(long_battle.log), checkpoints)
    assert info.value.index == k
    assert f"command {k}" in str(info.value)
    assert "0" * 16 in str(info.value)
    assert len(info.value.battle.log) == k  # the battle as it stood when it diverged


def test_replay_notices_a_wrong_draw_count(long_battle):
    checkpoints = list(long_battle.checkpoints)
    checkpoints[59] = Checkpoint(checkpoints[59].hash, checkpoints[59].draws + 1)
    with pytest.raises(Divergence) as info:
        Battle.replay(long_battle.setup, list(long_battle.log), checkpoints)
    assert info.value.index == 60 and "command 60" in str(info.value)


def test_replay_notices_a_different_setup(long_battle):
    with pytest.raises(Divergence) as info:
        Battle.replay(long_battle.setup, [], [], Checkpoint("f" * 16, 0))
    assert info.value.index == 0 and "setup" in str(info.value)


def test_replay_with_another_seed_diverges_or_is_refused(long_battle):
    other = attrs.evolve(long_battle.setup, seed=long_battle.setup.seed + 1)
    with pytest.raises(Divergence) as info:
        Battle.replay(other, list(long_battle.log), list(long_battle.checkpoints))
    assert info.value.index >= 1


def test_replay_refuses_an_illegal_command():
    battle = new_battle()
    play(battle, 10)
    enemy = _enemy_model(battle)
    log = list(battle.log) + [C.Move(enemy.id, enemy.pos.neighbours()[0])]
    with pytest.raises(Divergence) as info:
        Battle.replay(battle.setup, log)
    assert info.value.index == 11
    assert "command 11" in str(info.value) and "refused" in str(info.value)


def test_an_impossible_script_in_the_setup_is_refused():
    # with seed 3 the very first action card is the Turn End, so setup draws for morale at once
    with pytest.raises(ScriptError, match="not a card"):
        new_battle(3, script=Script(cards={"res-red": ["not a card"]}))
