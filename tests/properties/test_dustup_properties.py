"""Properties of the engine over random legal Dustup command sequences (hypothesis).

- replaying a saved log reproduces every recorded state hash;
- undo then redo is the identity;
- save then load is the identity;
- an illegal command changes nothing;
- the rules' invariants hold after every command, under every activation variant and option.
"""

from __future__ import annotations

import battle_properties as props
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup.dice import DIE_TYPES
from hexfront.engine.systems.dustup.state import FIT, KILLED, OUT_OF_ACTION

SCENARIOS = ["meeting"]
# the armour and support scenarios: vehicles, passengers, heavy weapons, map features, the inbound
# chart and aircraft (fewer examples: every order there is dearer to list and check)
ARMOUR_SCENARIOS = ["ambush", "firemission", "airmobile"]
ARMOUR_SETTINGS = settings(max_examples=4, deadline=None, derandomize=True,
                           suppress_health_check=[HealthCheck.too_slow])
PROPERTY_SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                             suppress_health_check=[HealthCheck.too_slow])
option_sets = st.sampled_from([
    {},
    {"activation": "cards"},
    {"activation": "chits-quality", "seize_tokens": 2},
    {"seize_tokens": 2, "random_setup": True, "additional_hits": True, "rally_doubles": True},
    {"activation": "chits", "courage_half": "summary"},
])


def play(scenario: str, seed: int, picks: list[int], options: dict | None = None,
         undo_policy: str = "practice") -> Battle:
    battle = Battle.new("dustup", scenario, seed=seed, options=options or {}, undo_policy=undo_policy)
    check_invariants(battle)
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
    for u in s.units.values():
        assert u.quality in DIE_TYPES and 1 <= u.leadership <= 3, u.id
        assert 0 <= u.suppression <= 3, u.id
        assert 0 <= u.confidence <= u.initial_confidence <= 4, u.id
        for f in u.figures:
            assert f.status in (FIT, *OUT_OF_ACTION), f
            assert 0 <= f.wounds <= 2
            if f.wounds >= 2:
                assert f.status == KILLED, f
        if u.on_table:
            assert u.pos in s.tables.board, u.id
            if u.carried_by:  # a passenger rides on its vehicle's hex
                assert u.pos == s.units[u.carried_by].pos, u.id
            carrier = s.units[u.carried_by] if u.carried_by else u
            if carrier.air not in ("airborne", "hovering"):  # aircraft in the air stand on no hex
                seen.setdefault(u.pos, []).append(u.id)
        if u.is_vehicle:
            assert u.damage >= 0 and u.size in (1, 2, 3, 4, 5), u.id
    for h, ids in seen.items():
        # only a unit and its own detachment may share a hex (a detachment forms where its parent
        # stands), or a vehicle and its passengers and turrets
        families = {s.units[i].parent or s.units[i].carried_by or s.units[i].hull or i for i in ids}
        assert len(families) == 1, f"{ids} share a hex"
        assert s.occupant.get(h) in ids, (h, ids)
    assert s.turn <= s.tables.turn_limit
    for a in s.stack:
        assert a.unit in s.units and 0 <= a.actions <= 2
    for m in s.markers.values():
        assert m.unit is None or s.units[m.unit].hidden, m
    if "activation" in s.decks:
        d = s.decks["activation"]
        assert len(d.draw_pile + d.in_play + d.discard) == len(set(d.draw_pile + d.in_play + d.discard))
    if s.result is None:
        assert battle.side_to_act() in s.sides
        for cmd in battle.legal_commands()[:40]:
            assert battle.refusal(cmd) is None, cmd


picks_strategy = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=50)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy,
       options=option_sets)
def test_replaying_the_saved_log_reproduces_every_state_hash(scenario, seed, picks, options):
    props.replay_reproduces_every_hash(play(scenario, seed, picks, options))


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy,
       depth=st.integers(1, 30), options=option_sets)
def test_undo_then_redo_is_identity(scenario, seed, picks, depth, options):
    props.undo_then_redo_is_identity(play(scenario, seed, picks, options), depth)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy,
       options=option_sets)
def test_save_then_load_is_identity(scenario, seed, picks, options):
    props.save_then_load_is_identity(play(scenario, seed, picks, options))


UNIT_IDS = ["HQ", "A", "B", "C", "hq", "d", "e", "f", "nobody"]
hexes = st.builds(Hex, st.integers(-3, 30), st.integers(-3, 20))
ids = st.sampled_from(UNIT_IDS)
any_command = st.one_of(
    st.just(C.Pass()), st.just(C.EndActivation()), st.builds(C.ChooseFirst, st.booleans()),
    st.builds(C.Decide, st.sampled_from(["first", "stand", "withdraw", "occupy", "press", "halt", "x"])),
    st.builds(C.Move, ids, hexes, st.booleans()),
    st.builds(C.Prop, ids), st.builds(C.Unprop, ids), st.builds(C.Recover, ids), st.builds(C.Withdraw, ids),
    st.builds(C.Shoot, ids, ids, st.sampled_from([(), ("A.1",), ("d.9",), ("zz",)]), st.integers(-1, 3),
              st.booleans()),
    st.builds(C.Assault, ids, ids, st.one_of(st.none(), ids)),
    st.builds(C.Reorganise, ids, st.sampled_from(["conceal", "expose", "travel", "tactical", "leader", "fly"])),
    st.builds(C.Order, ids, ids), st.builds(C.Rally, ids, ids), st.builds(C.Treat, ids, ids),
    st.builds(C.Detect, ids, st.sampled_from(["?1", "?2", "A"])), st.builds(C.Rouse, ids),
    st.builds(C.Detach, ids, st.sampled_from([("A.2", "A.3"), (), ("nope",)])),
    st.builds(C.Regroup, ids, ids, st.one_of(st.none(), hexes)),
)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 1000), picks=picks_strategy,
       attempts=st.lists(any_command, min_size=1, max_size=25))
def test_an_illegal_command_changes_nothing(scenario, seed, picks, attempts):
    props.illegal_commands_change_nothing(play(scenario, seed, picks[:20]), attempts, check_invariants)


@settings(max_examples=6, deadline=None, derandomize=True)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1),
       players=st.sampled_from([("default", "default"), ("default", "random"), ("random", "default")]))
def test_computer_players_only_give_legal_orders_and_finish(scenario, seed, players):
    props.computers_play_legally_to_the_end(Battle.new("dustup", scenario, seed=seed), players, seed,
                                            check_invariants)


@ARMOUR_SETTINGS
@given(scenario=st.sampled_from(ARMOUR_SCENARIOS), seed=st.integers(0, 2**64 - 1),
       picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30),
       depth=st.integers(1, 20))
def test_armour_battles_replay_undo_redo_and_save_load(scenario, seed, picks, depth):
    """The three log properties over random legal orders in the armour and support scenarios."""
    battle = play(scenario, seed, picks)
    props.replay_reproduces_every_hash(battle)
    props.save_then_load_is_identity(battle)
    props.undo_then_redo_is_identity(battle, depth)


armour_ids = st.sampled_from(["T1", "V1", "A", "m", "tech", "bk", "T", "M", "G", "D1", "aa", "nobody"])
armour_command = st.one_of(
    any_command,
    st.builds(C.Move, armour_ids, hexes, st.booleans()),
    st.builds(C.Shoot, armour_ids, armour_ids),
    st.builds(C.Assault, armour_ids, armour_ids),
)


@ARMOUR_SETTINGS
@given(scenario=st.sampled_from(ARMOUR_SCENARIOS), seed=st.integers(0, 1000),
       picks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=20),
       attempts=st.lists(armour_command, min_size=1, max_size=15))
def test_an_illegal_command_changes_nothing_in_armour_battles(scenario, seed, picks, attempts):
    props.illegal_commands_change_nothing(play(scenario, seed, picks), attempts, check_invariants)


@settings(max_examples=3, deadline=None, derandomize=True)
@given(scenario=st.sampled_from(ARMOUR_SCENARIOS), seed=st.integers(0, 2**64 - 1))
def test_computer_players_finish_armour_battles_legally(scenario, seed):
    props.computers_play_legally_to_the_end(Battle.new("dustup", scenario, seed=seed), ("default", "random"),
                                            seed, check_invariants)
