"""The Disrupter computer player ("default"): it writes real orders at the briefing, gives only legal orders,
finishes battles, and in set situations fires, spots, takes cover and re-orders as a player would."""

from __future__ import annotations

import diskit as K
import pytest
from diskit import C

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.systems.disrupter import previews
from hexfront.engine.systems.disrupter.ai import DefaultPlayer

SYSTEM = K.SYSTEM


def briefed(scenario: str = "crossroads", seed: int = 1) -> Battle:
    """A battle whose first side has been briefed by the default player."""
    b = Battle.new("disrupter", scenario, seed=seed)
    ai = DefaultPlayer(0)
    side = b.side_to_act()
    for _ in range(200):
        if b.side_to_act() != side:
            break
        cmd = ai.choose(SYSTEM, b.state)
        assert SYSTEM.validate(b.state, cmd) is None, cmd
        b.submit(cmd)
    assert b.state.platoons[side].briefed
    return b


def test_registered_as_default():
    players = SYSTEM.computer_players()
    assert players["default"] is DefaultPlayer and "random" in players
    assert DefaultPlayer(3).name == "default"


def test_briefing_writes_real_orders_code_words_and_a_rally_point():
    """Rule 10: every squad is ordered to advance on the objective with fire on what comes into sight (not the
    default hold), every NCO has a hold and an advance code word, and one rally point stands behind the line."""
    b = briefed()
    s = b.state
    side = s.sides[0]
    obj = s.tables.objective
    squads = [sq for sq in s.squads.values() if sq.side == side]
    for sq in squads:
        assert sq.orders_set
        assert (sq.order.verb, sq.order.place, sq.order.fire) == ("advance", obj, "fire")
        if not sq.hq:
            orders = {(o.verb, o.place) for o in sq.code_words.values()}
            assert ("hold", None) in orders and ("advance", obj) in orders
    words = [w for sq in squads for w in sq.code_words]
    assert len(words) == len(set(words))  # each word means one thing
    points = s.platoons[side].rally_points
    assert len(points) == 1
    zone = s.tables.side(side).zone
    assert K.rules.row_of(points[0]) in zone  # behind its own line
    # deployed as knots: every team starts led, and nearer the objective than the scenario placed it
    teams = s.side_teams(side)
    assert all(K.rules.is_led(s, t) for t in teams)
    start = {t.id: t.at for t in s.tables.teams}
    assert sum(K.rules.hex_distance(t.pos, obj) for t in teams) < sum(K.rules.hex_distance(start[t.id], obj)
                                                                       for t in teams)


def test_same_seed_same_game():
    a = play("crossroads", ("default", "default"), 4)
    b = play("crossroads", ("default", "default"), 4)
    assert [type(c).__name__ for c in a.log] == [type(c).__name__ for c in b.log]
    assert a.outcome() == b.outcome()


def play(scenario: str, names: tuple[str, str], seed: int, check: bool = False) -> Battle:
    b = Battle.new("disrupter", scenario, seed=seed)
    sides = SYSTEM.sides(b.state)
    makers = {"default": DefaultPlayer, "random": RandomPlayer}
    ai = {side: makers[n](seed * 2 + k) for k, (side, n) in enumerate(zip(sides, names, strict=True))}
    while b.outcome() is None:
        side = b.side_to_act()
        cmd = ai[side].choose(SYSTEM, b.state)
        if check and names[sides.index(side)] == "default":
            if b.state.phase == "briefing":
                assert SYSTEM.validate(b.state, cmd) is None, cmd
            else:
                assert cmd in SYSTEM.legal_commands(b.state), cmd
        b.submit(cmd)
        assert len(b.log) < 3000
    return b


@pytest.mark.parametrize("scenario", SYSTEM.scenario_names())
def test_only_legal_orders_and_every_game_ends(scenario):
    """Against the random player from both sides and against itself, every order the default player gives is
    legal when given, and every battle ends by the turn limit."""
    for seed, names in ((1, ("default", "random")), (2, ("random", "default")), (3, ("default", "default"))):
        b = play(scenario, names, seed, check=True)
        assert b.outcome() is not None and b.state.turn <= b.state.tables.turn_limit


@pytest.mark.parametrize("option", ["no_stress", "single_group", "cos_in_group_1", "player_facing", "resolve"])
def test_plays_under_options(option):
    b = Battle.new("disrupter", "crossroads", seed=5, options={option: True})
    ai = {side: DefaultPlayer(k) for k, side in enumerate(SYSTEM.sides(b.state))}
    while b.outcome() is None:
        cmd = ai[b.side_to_act()].choose(SYSTEM, b.state)
        if b.state.phase != "briefing":
            assert cmd in SYSTEM.legal_commands(b.state), cmd
        b.submit(cmd)
    assert b.outcome() is not None


# -- situations ------------------------------------------------------------------------------

def fire_choice(b: Battle):
    ai = DefaultPlayer(0)
    for _ in range(10):  # any re-order comes first; then the shot
        cmd = ai.choose(SYSTEM, b.state)
        if type(cmd) is not C.GiveOrders and type(cmd) is not C.CodeWord:
            return cmd
        b.submit(cmd)
    raise AssertionError("no shot")


def test_fires_at_the_target_with_the_best_expected_wounds():
    """Rule 16 - Firing: with a walker-bot team (A55) and a light-armoured team (A30) both in range, the gun
    team fires at the one the exact odds (previews.fire_odds) give more wounds against."""
    b = K.battle({"red-a1": (5, 6), "red-a2": (6, 6), "blue-bot": (6, 4), "blue-a3": (7, 5)},
                 orders={"red-a": ("hold", None, "fire")}, objective=(6, 6))
    K.goto(b, "g1", "red", "ba")
    s = b.state
    expected = {t: previews.fire_odds(s, C.Fire("red-a2", t))[2] for t in ("blue-bot", "blue-a3")}
    assert expected["blue-a3"] > expected["blue-bot"]
    cmd = fire_choice(b)
    assert type(cmd) is C.Fire and cmd.target == "blue-a3"


def test_shoots_at_the_officer_when_his_fall_ends_the_battle():
    """Rule 9: a platoon with no officer surrenders. With the enemy's last officer in range the team aims at him
    (one unit of his team), not at the team as a whole."""
    b = K.battle({"red-a1": (5, 6), "red-a2": (6, 6), "blue-a1": (6, 4)},
                 orders={"red-a": ("hold", None, "fire")}, objective=(6, 6))
    c = K.ctx(b)
    for t in ("blue-co", "blue-b1"):
        for u in b.state.teams[t].units:
            if u.klass == "officer":
                c.emit(K.E.UnitRemoved(unit=u.id, reason="test"))
    K.goto(b, "g1", "red", "ba")
    cmd = fire_choice(b)
    assert type(cmd) is C.Fire and cmd.target == "blue-a1" and cmd.target_unit == "blue-a1.1"


def test_spots_a_covered_target_before_shooting_at_it():
    """Rule 16 - Spotting: with three teams about to fire at an enemy under cover, a spot comes first."""
    b = K.battle({"red-a1": (5, 5), "red-a2": (6, 5), "red-a3": (7, 5), "blue-b2": (6, 3)},
                 orders={"red-a": ("hold", None, "fire")}, objective=(6, 5))
    K.goto(b, "g1", "red", "ba")
    b.state.teams["blue-b2"].cover = True
    cmd = fire_choice(b)
    assert type(cmd) is C.Spot and cmd.target == "blue-b2"


def test_takes_cover_in_a_cover_hex_under_threat():
    """Rule 13: a team at the objective, in a light-cover hex, with an enemy gun in sight, stays and takes
    cover as its move rather than walking into the open."""
    rows = ["." * 16 for _ in range(10)]
    rows[5] = rows[5][:6] + "%" + rows[5][7:]
    b = K.battle({"red-a1": (5, 5), "red-a2": (6, 5), "blue-a2": (6, 3)}, map="\n".join(rows),
                 orders={"red-a": ("hold", None, "fire")}, objective=(6, 5))
    K.goto(b, "g1", "red", "move")
    ai = DefaultPlayer(0)
    for _ in range(5):
        cmd = ai.choose(SYSTEM, b.state)
        if getattr(cmd, "team", None) == "red-a2":
            break
        b.submit(cmd)
    assert cmd == C.TakeCover("red-a2")


def test_moves_a_led_team_toward_the_objective():
    b = K.battle({"red-a1": (5, 9), "red-a2": (6, 9)}, orders={"red-a": ("advance", (8, 5), "fire")})
    K.goto(b, "g1", "red", "move")
    obj = b.state.tables.objective
    before = K.rules.hex_distance(b.state.teams["red-a2"].pos, obj)
    cmd = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert type(cmd) is C.Move and cmd.team == "red-a2"
    assert K.rules.hex_distance(cmd.path[-1], obj) < before


def test_holds_at_the_objective_once_there():
    """Rule 16 - Commanding: when every team of Alpha Squad stands on or next to the objective its NCO orders
    it to hold there (at once: an NCO's order to his own squad)."""
    b = K.battle({"red-a1": (8, 5), "red-a2": (7, 5), "red-a3": (8, 6)},
                 orders={"red-a": ("advance", (8, 5), "fire")})
    K.goto(b, "g1", "red", "ba")
    cmd = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert cmd == C.GiveOrders("red-a1", "red-a", "hold", None, "fire")
    b.submit(cmd)
    assert b.state.squads["red-a"].order.verb == "hold"


def test_advances_again_when_a_holding_squad_is_not_at_the_objective():
    """The CO's code word acts at once (Rule 16 - Commanding): a squad holding far from the objective is sent
    forward by the code word defined for the advance."""
    brief = [C.DefineCodeWord("red", "red-a", "Hammer", "advance", K.hx(8, 5), "fire")]
    b = K.battle({"red-co": (2, 8), "red-a1": (5, 9)}, orders={"red-a": ("hold", None, "fire")}, brief=brief)
    K.goto(b, "co", "red", "ba")
    cmd = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert cmd == C.CodeWord("red-co", "Hammer", "red-a")
    b.submit(cmd)
    assert b.state.squads["red-a"].order.verb == "advance"


def test_rallies_a_routed_team_beside_an_officer():
    """Rule 16 - Commanding: an officer with a routed team within Close rallies it before anything else."""
    b = K.battle({"red-a1": (5, 5), "red-a2": (6, 5)}, orders={"red-a": ("hold", None, "fire")}, objective=(5, 5))
    K.goto(b, "g1", "red", "ba")
    K.ctx(b).emit(K.E.TeamRouted(team="red-a2", routed=True))
    cmd = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert cmd == C.Rally("red-a1", "red-a2")


def test_ends_the_phase_when_nothing_is_worth_doing():
    """No enemy in sight and every squad's order already right: the battlefield-action step is passed."""
    b = K.battle(orders={"red-a": ("advance", (8, 5), "fire"), "red-b": ("advance", (8, 5), "fire")})
    K.goto(b, "g1", "red", "ba")
    assert DefaultPlayer(0).choose(SYSTEM, b.state) == C.EndPhase("red")



# -- the ranking the hard player draws its candidates from ---------------------------------------

def _positions(kind: str, wanted: int) -> list:
    """States of a default-against-default battle in ``kind`` steps ("move", or "ba": battlefield actions)
    where the ranking holds at least three orders."""
    b = Battle.new("disrupter", "crossroads", seed=6)
    ai = {side: DefaultPlayer(k) for k, side in enumerate(SYSTEM.sides(b.state))}
    found = []
    while b.outcome() is None and len(found) < wanted:
        seg = b.state.segment
        if b.state.phase != "briefing" and seg is not None and seg[0] != "init" and seg[2] == kind \
                and len(DefaultPlayer(0).ranked(SYSTEM, b.state, 20)) >= 3:
            found.append(SYSTEM.copy_state(b.state))
        b.submit(ai[b.side_to_act()].choose(SYSTEM, b.state))
    assert len(found) == wanted, f"only {len(found)} {kind} positions"
    return found


def test_the_ranking_in_a_movement_step_is_its_order_then_each_teams_best_move():
    """The hard player's candidates (SystemBudget.ranked): in a movement step, the order the standard player
    gives, then one move for each team that can move (which team moves is the choice that matters), best gain
    over staying first, then ending the phase; every one of them legal."""
    for s in _positions("move", 5):
        player = DefaultPlayer(0)
        ranking = player.ranked(SYSTEM, s, 20)
        legal = SYSTEM.legal_commands(s)
        assert ranking[0] == DefaultPlayer(0).choose(SYSTEM, s)
        assert all(c in legal for c in ranking) and len(set(ranking)) == len(ranking)
        moves = [c for c in ranking[1:] if type(c) in (C.Move, C.Drive)]
        assert len({c.team for c in moves}) == len(moves) >= 1
        gains = {c: v for v, _, c in player._priced_moves(s, legal)}
        assert [gains[c] for c in moves] == sorted((gains[c] for c in moves), reverse=True)
        assert type(ranking[-1]) is C.EndPhase or len(ranking) == 20


def test_the_ranking_in_an_action_step_prices_shots_as_the_choice_does():
    """In a battlefield action step the shots, spots and takings of cover follow the standard player's order,
    best worth first; where that order is a shot, no other shot in the ranking is worth more (the ranking and
    the choice price a shot the same way)."""
    shots_led = 0
    for s in _positions("ba", 8):
        player = DefaultPlayer(0)
        ranking = player.ranked(SYSTEM, s, 20)
        legal = SYSTEM.legal_commands(s)
        assert all(c in legal for c in ranking) and len(set(ranking)) == len(ranking)
        worth = {c: v for v, _, c in player._priced_actions(s, legal)}
        priced = [c for c in ranking[1:] if c in worth]
        assert [worth[c] for c in priced] == sorted((worth[c] for c in priced), reverse=True)
        if type(ranking[0]) is C.Fire:
            shots_led += 1
            assert all(worth[c] <= worth[ranking[0]] + 1e-9 for c in priced if type(c) is C.Fire)
    assert shots_led >= 1
