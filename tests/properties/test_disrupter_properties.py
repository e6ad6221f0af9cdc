"""Properties of the engine over random legal Disrupter command sequences (hypothesis).

- replaying a saved log reproduces every recorded state hash;
- undo then redo is the identity;
- save then load is the identity;
- an illegal command (every order type, hostile or mistyped fields, the wrong phase) changes nothing;
- the rules' invariants hold after every command, in both scenarios and under the streamline options;
- every computer player gives only legal orders and finishes the battle.
"""

from __future__ import annotations

from typing import Any

import battle_properties as props
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.disrupter import commands as C
from hexfront.engine.systems.disrupter import events as E
from hexfront.engine.systems.disrupter import rules
from hexfront.engine.systems.disrupter.data import CLASSES, STAT_CAP
from hexfront.engine.systems.disrupter.state import DEFAULT_WORDS, FIRE_CLAUSES, VERBS

SYSTEM = get_system("disrupter")
SCENARIOS = ["crossroads", "outpost", "ford_road"]  # ford_road: a vehicle (Drive, facing)
PROPERTY_SETTINGS = settings(max_examples=12, deadline=None, derandomize=True,
                             suppress_health_check=[HealthCheck.too_slow])
option_sets = st.sampled_from([
    {},
    {"single_wound": True, "no_stress": True},
    {"officer_every_team": True, "auto_spot_rally": True, "fixed_turn_order": True, "resolve": True},
    {"single_group": True, "cos_in_group_1": True, "active_rolls_only": True},
    {"player_facing": True, "one_wound_weapons": True, "resolve": True},
    {name: True for name in rules.OPTIONS},
])
END_ORDERS = (C.EndBriefing, C.EndPhase)
# the orders that draw blood or mend it: rarer among the hundreds of written orders offered, so favoured
FIGHT_ORDERS = (C.Fire, C.Spot, C.Rally, C.CodeWord, C.RelieveStress, C.UseResolve, C.Retreat)


def play(scenario: str, seed: int, picks: list[int], options: dict | None = None,
         undo_policy: str = "practice") -> Battle:
    """Play ``picks`` as indexes into the legal orders of each moment. A pick that is a multiple of 4 (in the
    briefing) or of 10 (later) ends the briefing or the segment when that is legal, so random sequences get past
    the briefing's hundreds of choices and on through the turns; picks ending in 1-3 favour the fighting orders
    (fire, spot, rally, code words), which the written orders would otherwise crowd out."""
    battle = Battle.new("disrupter", scenario, seed=seed, options=options or {}, undo_policy=undo_policy)
    check_invariants(battle)
    for pick in picks:
        legal = battle.legal_commands()
        if not legal:
            break
        ends = [c for c in legal if isinstance(c, END_ORDERS)]
        fights = [c for c in legal if isinstance(c, FIGHT_ORDERS)]
        if battle.state.phase == "briefing" and pick % 4 == 0 and ends:
            cmd = ends[0]
        elif pick % 10 == 0 and ends:
            cmd = ends[0]
        elif pick % 10 in (1, 2, 3) and fights:
            cmd = fights[pick // 10 % len(fights)]
        else:
            cmd = legal[pick % len(legal)]
        battle.submit(cmd)
        check_invariants(battle)
    return battle


def check_invariants(battle: Battle) -> None:
    s = battle.state
    assert s.phase in ("briefing", "action", "over")
    _check_platoons(s)
    _check_teams(s)
    _check_squads(s)
    for t in s.teams.values():  # a vehicle faces one of six hex sides from the start; a stand faces nowhere
        assert (t.facing in range(6)) if rules.is_vehicle(s, t) else t.facing is None, (t.id, t.facing)
    assert 0 <= s.turn <= s.tables.turn_limit
    for e in battle.events[-1] if battle.events else ():
        if isinstance(e, E.TeamStepped):  # a team moves hex by hex, onto the board
            assert hex_distance(e.frm, e.to) == 1 and e.to in s.tables.board, e
    if s.result is None:
        assert s.phase != "over"
        side = battle.side_to_act()
        assert side in s.sides
        if s.phase == "action":
            assert s.segments and s.segment[1] == side, s.segments
            assert all(g in ("init", "co", "g1", "g2") and p in s.sides for g, p, _ in s.segments)
        legal = battle.legal_commands()
        assert legal
        # every order offered is one the rules accept (a spread of them: the lists run to hundreds)
        for cmd in legal[::max(1, len(legal) // 40)]:
            assert battle.refusal(cmd) is None, cmd
    else:
        assert s.phase == "over" and battle.side_to_act() is None and not battle.legal_commands()


def _check_platoons(s: Any) -> None:
    """Stress, rally points and the officer of every platoon."""
    for p in s.platoons.values():
        assert 0 <= p.stress <= rules.MAX_STRESS, p
        if s.opt("no_stress"):
            assert p.stress == 0, p
        assert len(p.rally_points) <= rules.MAX_RALLY_POINTS
        assert all(h in s.tables.board for h in p.rally_points)
        assert p.co is None or s.unit(p.co).klass == "officer", p


def _check_teams(s: Any) -> None:
    """Every team's units, where it stands and its state (one team a hex)."""
    seen: dict[Hex, str] = {}
    for team in s.teams.values():
        assert team.side in s.sides and team.squad in s.squads
        assert s.squads[team.squad].side == team.side, team.id
        for u in team.units:
            i, a, w, m = rules.unit_stats(s, u)
            assert i == CLASSES[u.klass] and 0 < i <= STAT_CAP and 0 <= a <= STAT_CAP, u.id  # Rule 6: at most 80
            assert w >= 1 and m >= 1, u.id
            assert u.wounds >= 0, u.id
            if u.alive:
                assert u.wounds < w, u.id  # a unit is taken off at its Wounds
            else:
                assert u.wounds >= w, u.id  # only wounds take a unit off
        if not team.living:  # dead units are off the board: a team with none living has left it
            assert team.gone and not team.on_board, team.id
        if team.gone:
            assert not team.cover, team.id
        if team.on_board:
            assert team.pos in s.tables.board and rules.passable(s, team.pos), team.id
            assert team.pos not in seen, f"{team.id} and {seen.get(team.pos)} share a hex"
            seen[team.pos] = team.id
            if team.cover:
                assert rules.has_cover(s, team.pos), team.id
        else:
            assert team.gone or team.pos is None, team.id
        if team.routed:
            assert not team.cover, f"routed {team.id} is under cover"
            assert s.phase != "briefing", team.id


def _check_squads(s: Any) -> None:
    """Every squad's group, orders and code words."""
    for sq in s.squads.values():
        assert sq.group in (1, 2), sq
        if sq.hq:
            assert sq.pending is None, f"a pending order for the HQ squad {sq.id}"
            assert not sq.code_words, sq
        assert len(sq.code_words) <= rules.MAX_CODE_WORDS, sq
        assert set(sq.code_words) <= set(s.tables.code_words) and not set(sq.code_words) & set(DEFAULT_WORDS)
        for o in (sq.order, sq.pending, sq.before_code, *sq.code_words.values()):
            if o is not None:
                assert o.verb in VERBS and o.fire in FIRE_CLAUSES, (sq.id, o)
                assert (o.place is not None) == (o.verb in ("advance", "rally")), (sq.id, o)


pick = st.integers(min_value=0, max_value=10_000)
# short sequences (the briefing, the first segments) and long ones (most of a battle, often its end)
picks_strategy = st.one_of(st.lists(pick, min_size=1, max_size=30), st.lists(pick, min_size=100, max_size=220))


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


# hostile and mistyped fields: unknown ids, wrong types, off-board hexes, orders of the wrong phase
SIDES = st.sampled_from(["red", "blue", "green", "", "Red", None, 0])
TEAM_IDS = st.sampled_from(["red-co", "red-a1", "red-a2", "red-b3", "red-bot", "blue-co", "blue-a1", "blue-b2",
                            "blue-bot", "red-hq", "red-co.1", "nobody", "", None, 7])
UNIT_IDS = st.sampled_from(["red-a1.2", "blue-a1.1", "blue-b2.4", "blue-a1.9", "red-co", "nobody", None])
SQUADS = st.sampled_from(["red-a", "red-b", "red-hq", "blue-a", "blue-b", "blue-hq", "green-a", "", None])
WORDS = st.sampled_from(["Anvil", "Hammer", "Ember", *DEFAULT_WORDS, "halt", "Xyzzy", "", None])
VERB = st.sampled_from([*VERBS, "charge", "", None])
FIRE = st.sampled_from([*FIRE_CLAUSES, "shoot", None])
hexes = st.builds(Hex, st.integers(-10, 20), st.integers(-3, 20))  # on the board and off it
places = st.one_of(st.none(), hexes)
paths = st.one_of(st.just(()), st.lists(hexes, min_size=1, max_size=5).map(tuple))
TEMPLATE_NAMES = st.sampled_from(["ahead", "veer_left", "slide_right", "pivot_left", "reverse", "fly", "", None, 3])
template_lists = st.one_of(st.just(()), st.lists(TEMPLATE_NAMES, min_size=1, max_size=6).map(tuple))
HOSTILE = {
    C.PlaceRallyPoint: st.builds(C.PlaceRallyPoint, SIDES, hexes),
    C.DefineCodeWord: st.builds(C.DefineCodeWord, SIDES, SQUADS, WORDS, VERB, places, FIRE),
    C.Deploy: st.builds(C.Deploy, SIDES, TEAM_IDS, hexes),
    C.SetOrders: st.builds(C.SetOrders, SIDES, SQUADS, VERB, places, FIRE),
    C.EndBriefing: st.builds(C.EndBriefing, SIDES),
    C.UseResolve: st.builds(C.UseResolve, SIDES),
    C.Move: st.builds(C.Move, TEAM_IDS, paths),
    C.Drive: st.builds(C.Drive, TEAM_IDS, template_lists),
    C.FollowOrders: st.builds(C.FollowOrders, TEAM_IDS),
    C.Retreat: st.builds(C.Retreat, TEAM_IDS),
    C.TakeCover: st.builds(C.TakeCover, TEAM_IDS),
    C.LeaveCover: st.builds(C.LeaveCover, TEAM_IDS),
    C.Fire: st.builds(C.Fire, TEAM_IDS, TEAM_IDS, UNIT_IDS),
    C.Spot: st.builds(C.Spot, TEAM_IDS, TEAM_IDS),
    C.GiveOrders: st.builds(C.GiveOrders, TEAM_IDS, SQUADS, VERB, places, FIRE),
    C.CodeWord: st.builds(C.CodeWord, TEAM_IDS, WORDS, SQUADS),
    C.Rally: st.builds(C.Rally, TEAM_IDS, TEAM_IDS),
    C.RelieveStress: st.builds(C.RelieveStress, SIDES),
    C.EndPhase: st.builds(C.EndPhase, SIDES),
}
assert set(HOSTILE) == set(C.COMMAND_TYPES), "build hostile fields for every Disrupter order"
any_command = st.one_of(*HOSTILE.values())


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 1000), picks=picks_strategy,
       attempts=st.lists(any_command, min_size=1, max_size=25), options=option_sets)
def test_an_illegal_command_changes_nothing(scenario, seed, picks, attempts, options):
    props.illegal_commands_change_nothing(play(scenario, seed, picks[:80], options), attempts, check_invariants)


# whole games here: the default and random players (the easy and hard ones, built on default, play their
# games in tests/engine/test_levels.py and benchmarks/ai_levels_bench.py)
PLAYERS = sorted(p for p in SYSTEM.computer_players() if p in ("default", "random"))
PAIRINGS = sorted({(a, b) for a in PLAYERS for b in PLAYERS if "default" not in PLAYERS or "default" in (a, b)})


@pytest.mark.parametrize("players", PAIRINGS, ids="-".join)
@settings(max_examples=2, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), options=option_sets)
def test_computer_players_only_give_legal_orders_and_finish(players, scenario, seed, options):
    battle = Battle.new("disrupter", scenario, seed=seed, options=options)
    props.computers_play_legally_to_the_end(battle, players, seed, check_invariants)
