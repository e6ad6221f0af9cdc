"""Skirmishes' hard player (engine.core.search over this system's contract): its position value reads the scenario's
win terms, and it finds the order that stops a runner getting away where the greedy player shoots the easier
target."""

from __future__ import annotations

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.search import weigh
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.skirmishes import commands as C
from hexfront.engine.systems.skirmishes import value
from hexfront.engine.systems.skirmishes.ai import DefaultPlayer

SYSTEM = get_system("skirmishes")
EXIT_EAST = {"round_limit": 12, "at_limit": "blue", "exit": {"side": "red", "edge": "east", "needed": 1}}


def _runner_and_sniper(kit):
    """Red must get one character off the east edge. R1, one wound from going down, crouches behind rubble two
    hexes from the edge; R2, as badly hurt, stands in the open. Blue's B1 sits boxed in behind windows (it cannot
    run) with its aim taken last round. Red has given its orders (R1 runs onto the edge): Blue to act."""
    rows = ["." * 17 + ":..", "|||" + "." * 17, "|.|" + "." * 17, "|||" + "." * 17, "." * 20]
    b = kit.battle([kit.ch("R1", (17, 0), "thug"), kit.ch("R2", (12, 3), "thug")],
                   [kit.ch("B1", (1, 2), "team_lead", grenades={})], map="\n".join(rows), victory=EXIT_EAST)
    for cid in ("R1", "R2"):
        b.state.chars[cid].damage["leg"] = 5
    b.state.chars["B1"].aimed = b.state.round
    red = DefaultPlayer(0)
    while b.side_to_act() == "red":
        b.submit(red.choose(SYSTEM, b.state))
    return b


def test_hard_shoots_the_runner_about_to_get_away_where_greedy_shoots_the_easier_target(kit):
    """The greedy player prices each shot where the targets stand now: R2 in the open (advantage) beats R1 behind
    rubble, so it shoots R2. The hard player plays the round out on its guess of Red's orders: R1 runs onto the
    edge and gets away at the end of the round, which wins Red the battle, unless B1 puts it down first (any hit
    does). It shoots R1; a longer look agrees by far."""
    b = _runner_and_sniper(kit)
    greedy_order = DefaultPlayer(0).choose(SYSTEM, SYSTEM.copy_state(b.state))
    assert greedy_order == C.Shoot("B1", "assault_rifle", "R2", False)
    hard_order = SYSTEM.computer_players()["hard"](1).choose(SYSTEM, b.state)
    assert hard_order == C.Shoot("B1", "assault_rifle", "R1", False)
    found, plain = weigh(SYSTEM, b.state, [hard_order, greedy_order], DefaultPlayer, SYSTEM.search_budget(), 4,
                         Generator(2026))
    assert found > plain + 3, (found, plain)


def test_the_runners_progress_to_the_exit_is_worth_more_to_the_escaping_side(kit):
    """The same two characters each side: the nearer Red's runner stands to the exit edge, the more the position
    is worth to Red and the less to Blue; a battle won is worth WIN_VALUE."""
    def battle(col: int):
        return kit.battle([kit.ch("R1", (col, 2), "thug")], [kit.ch("B1", (0, 4), "thug")], victory=EXIT_EAST)

    far, near = battle(2).state, battle(14).state
    assert SYSTEM.position_value(near, "red") > SYSTEM.position_value(far, "red")
    assert SYSTEM.position_value(near, "blue") < SYSTEM.position_value(far, "blue")
    assert value.escape_chance(far) < value.escape_chance(near) < 1.0
    won = battle(14).state
    won.result = ("red", "got away")
    assert SYSTEM.position_value(won, "red") == value.DECIDED == -SYSTEM.position_value(won, "blue")
    assert value.DECIDED > SYSTEM.position_value(near, "red")


def test_the_defenders_indoors_and_the_rounds_held_are_worth_more_to_the_holding_side(kit):
    """Red must clear the house: Blue's defender indoors is worth more to Blue than the same defender outside, and
    more the longer it has held; a wound counts against the side that took it."""
    house = ["..........", "..#____#..", "..#____#..", "..#____+..", "..######.."]
    victory = {"round_limit": 10, "at_limit": "blue", "clear": {"side": "red"}}

    def battle(at: tuple[int, int]):
        return kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", at, "thug")], map="\n".join(house),
                          victory=victory).state

    inside, outside = battle((4, 2)), battle((9, 2))
    assert SYSTEM.position_value(inside, "blue") > SYSTEM.position_value(outside, "blue")
    later = battle((4, 2))
    later.round = 8
    assert SYSTEM.position_value(later, "blue") > SYSTEM.position_value(inside, "blue")
    hurt = battle((4, 2))
    hurt.chars["B1"].damage["arm"] = 3
    assert SYSTEM.position_value(hurt, "blue") < SYSTEM.position_value(inside, "blue")


def test_a_battle_won_by_clearing_a_building_gets_the_longer_look_and_one_won_by_getting_away_the_standing_one():
    """``search_budget_at``: where the victory names a side that must clear a building, the playouts of both
    sides run through the reveal and the round (40 orders, 12 enemy orders, six candidates, 180 orders a
    decision, a half-casualty margin); where a side must get characters away, the standing budget. Both read only
    the scenario's victory terms, which both sides see."""
    clearing = Battle.new("skirmishes", "building_clearance", seed=1).state
    assert clearing.tables.victory.clear_side
    longer = SYSTEM.search_budget_at(clearing)
    assert (longer.width, longer.orders, longer.horizon, longer.replies, longer.margin) == (6, 180, 40, 12, 0.5)
    for scenario in ("field_crossing", "street_ambush"):
        getting_away = Battle.new("skirmishes", scenario, seed=1).state
        assert getting_away.tables.victory.exit_side and not getting_away.tables.victory.clear_side
        assert SYSTEM.search_budget_at(getting_away) == SYSTEM.search_budget()
    assert SYSTEM.search_budget().replies == 2 and longer.replies > SYSTEM.search_budget().replies
