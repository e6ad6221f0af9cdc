"""Properties of the engine over random legal RatFight command sequences (hypothesis).

- replaying a saved log reproduces every recorded state hash;
- undo then redo is the identity, and each undo gives back the recorded state;
- save then load is the identity (same hash, and the file written again is byte-identical);
- an illegal command changes nothing;
- the rules' invariants hold after every command.
"""

from __future__ import annotations

import battle_properties as props
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.cards import standard_deck
from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.ratfight import commands as C
from hexfront.engine.systems.ratfight.state import ABANDONED, CASUALTY, DOWN, FLED, OK, res_deck

SCENARIOS = ["village", "convoy"]
PROPERTY_SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                             suppress_health_check=[HealthCheck.too_slow])


def play(scenario: str, seed: int, picks: list[int], undo_policy: str = "practice") -> Battle:
    """Play ``picks`` as indexes into the legal orders of each moment."""
    battle = Battle.new("ratfight", scenario, seed=seed, undo_policy=undo_policy)
    for pick in picks:
        legal = battle.legal_commands()
        if not legal:
            break
        battle.submit(legal[pick % len(legal)])
        check_invariants(battle)
    return battle


def check_invariants(battle: Battle) -> None:
    s = battle.state
    seen: dict[Hex, str] = {}
    for m in s.models.values():
        assert m.status in (OK, DOWN, CASUALTY, ABANDONED, FLED)
        if m.status in (CASUALTY, FLED):
            assert m.pos is None and m.carried_by is None, m
        if m.carried_by is not None:
            assert m.pos is None and not m.is_vehicle
            carrier = s.models[m.carried_by]
            assert carrier.is_vehicle and carrier.side == m.side
        if m.pos is not None:
            assert m.pos not in seen, f"{m.id} and {seen.get(m.pos)} share a hex"
            assert m.pos in s.tables.board
            seen[m.pos] = m.id
        if m.is_vehicle:
            assert m.damage >= 0
            cap = s.tables.vehicles[m.vehicle].capacity
            assert len(s.passengers(m.id)) <= cap
    assert s.occupant == seen, "the occupant index must match the models"
    for side in s.sides:
        d = s.decks[res_deck(side)]
        assert sorted(d.draw_pile + d.in_play + d.discard) == sorted(standard_deck())
    a = s.decks["action"]
    assert sorted(a.draw_pile + a.in_play + a.discard) == sorted(s.tables.cards)
    assert s.turn <= s.tables.turn_limit
    if s.result is None and s.morale is not None:  # a side chooses its morale card at the end of a turn
        assert s.active is None and s.card is None and s.pending is None
        assert set(s.morale.cards) <= set(s.decks[res_deck(s.morale.side)].in_play)
        assert battle.side_to_act() == s.morale.side
    elif s.result is None:
        assert s.active in s.sides and s.card in a.in_play
        assert s.tables.cards[s.card].kind != "turn_end"
        if s.pending is not None:
            for cid in s.pending.candidates:
                assert s.models[cid].side != s.models[s.pending.shooter].side
    # every order offered is one the rules accept
    for cmd in battle.legal_commands()[:40]:
        assert battle.refusal(cmd) is None, cmd


picks_strategy = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy)
def test_replaying_the_saved_log_reproduces_every_state_hash(scenario, seed, picks):
    props.replay_reproduces_every_hash(play(scenario, seed, picks))


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy,
       depth=st.integers(1, 30))
def test_undo_then_redo_is_identity(scenario, seed, picks, depth):
    props.undo_then_redo_is_identity(play(scenario, seed, picks), depth)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy)
def test_save_then_load_is_identity(scenario, seed, picks):
    props.save_then_load_is_identity(play(scenario, seed, picks))


MODEL_IDS = ["R1", "R5", "RC", "B1", "B4", "B9", "nobody"]
hexes = st.builds(Hex, st.integers(-3, 26), st.integers(-3, 26))
any_command = st.one_of(
    st.just(C.Pass()), st.just(C.Redraw()),
    st.builds(C.Move, st.sampled_from(MODEL_IDS), hexes, st.booleans()),
    st.builds(C.Pivot, st.sampled_from(MODEL_IDS), st.integers(-1, 7)),
    st.builds(C.Assault, st.sampled_from(MODEL_IDS), st.sampled_from(MODEL_IDS), hexes),
    st.builds(C.Embark, st.sampled_from(MODEL_IDS), st.sampled_from(MODEL_IDS)),
    st.builds(C.Disembark, st.sampled_from(MODEL_IDS), hexes),
    st.builds(C.Fire, st.sampled_from(MODEL_IDS), st.sampled_from(["assault_rifle", "hmg", "grenade", "laser"]),
              st.sampled_from(MODEL_IDS), st.integers(-1, 3)),
    st.builds(C.Retarget, st.one_of(st.none(), st.sampled_from(MODEL_IDS))),
    st.builds(C.KeepMoraleCard, st.sampled_from(["red", "blue", "green"]),
              st.sampled_from(["AS", "2C", "9H", "KD", "XX"])),
)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 1000), picks=picks_strategy,
       attempts=st.lists(any_command, min_size=1, max_size=25))
def test_an_illegal_command_changes_nothing(scenario, seed, picks, attempts):
    props.illegal_commands_change_nothing(play(scenario, seed, picks[:20]), attempts, check_invariants)


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**64 - 1), picks=picks_strategy)
def test_strict_undo_never_takes_back_a_draw(seed, picks):
    battle = play("village", seed, picks, undo_policy="strict")
    from hexfront.engine.core.errors import UndoRefused
    from hexfront.engine.core.events import is_random

    if battle.log and any(is_random(e) for e in battle.events[-1]):
        with pytest.raises(UndoRefused):
            battle.undo()
    elif battle.log:
        before = battle.checkpoints[-2].hash if len(battle.checkpoints) > 1 else battle.setup_check.hash
        battle.undo()
        assert battle.state_hash() == before


@settings(max_examples=8, deadline=None, derandomize=True)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1),
       players=st.sampled_from([("default", "default"), ("default", "random"), ("random", "default")]))
def test_computer_players_only_give_legal_orders_and_finish(scenario, seed, players):
    props.computers_play_legally_to_the_end(Battle.new("ratfight", scenario, seed=seed), players, seed,
                                            check_invariants)
