"""RatFight's learned win chance (engine/systems/ratfight/value.py), the hard player's measure of a position.

The morale race is the book's Morale Check held at every turn end still to come with the casualties as they
stand; the learned chance must treat the two sides alike and never count a loss as a gain; and the fit that
makes its weights must find weights it is shown."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.ratfight import morale, value
from hexfront.engine.systems.ratfight.state import CASUALTY, DOWN, OK, RatState

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks import ratfight_value_fit as fit  # noqa: E402


def _two_sides(kit, turn_limit: int = 4) -> Battle:
    """Red: a two-card leader and three rats; Blue: four rats, no leader."""
    red = [kit.inf("R1", Hex(0, 0), leader=2)] + [kit.inf(f"R{i}", Hex(i - 1, 0)) for i in range(2, 5)]
    blue = [kit.inf(f"B{i}", Hex(5 + i, 0)) for i in range(1, 5)]
    return kit.battle(red, blue, turn_limit=turn_limit)


def test_the_morale_race_holds_every_check_left_with_the_casualties_as_they_stand(kit):
    """Morale Check: the card "must beat the number of casualties or the player loses"; both failing, both
    lose; after the last turn the side that lost fewer holds the field (this game's reading, "The last turn" in
    the rules help). Red (two casualties, its two-card leader
    standing) against Blue (one casualty, no leader), two checks left: Red breaks at a check with (2/13)^2, Blue
    with 1/13; if both hold twice, Blue has lost fewer and wins."""
    b = _two_sides(kit)
    st = b.state
    for mid in ("R3", "R4", "B4"):
        st.models[mid].status = CASUALTY
    st.turn = st.tables.turn_limit - 1
    assert value.checks_left(st) == 2
    red, blue = (2 / 13) ** 2, 1 / 13
    assert morale.rout_chance(st, "red") == pytest.approx(red)
    assert morale.rout_chance(st, "blue") == pytest.approx(blue)
    holds = (1 - red) * (1 - blue)
    won, lost = value.morale_race(st, "red")
    assert won == pytest.approx(blue * (1 - red) * (1 + holds))
    assert lost == pytest.approx(red * (1 - blue) * (1 + holds) + holds ** 2)
    assert value.morale_race(st, "blue") == pytest.approx((lost, won))


def test_no_casualties_on_either_side_is_a_race_neither_wins(kit):
    """With no casualties no card can fail to beat them, and equal casualties after the last turn is a draw."""
    st = _two_sides(kit).state
    assert value.morale_race(st, "red") == (0.0, 0.0)
    assert value.win_chance(st, "red") == pytest.approx(0.5)


def test_a_side_still_unhurt_never_loses_the_race(kit):
    """Blue has no casualties, so it never breaks; Red, with one, can only break or lose on the count."""
    st = _two_sides(kit).state
    st.models["R2"].status = CASUALTY
    won, lost = value.morale_race(st, "red")
    assert (won, lost) == (0.0, pytest.approx(1.0))


def _positions(games: int = 2) -> list[RatState]:
    """Every 5th position of a few battles of the standard player against itself (village and ditch)."""
    system = get_system("ratfight")
    make = system.computer_players()["default"]
    out = []
    for scenario, seed in [("village", 3), ("ditch", 4)][:games]:
        battle = Battle.new(system.id, scenario, seed=seed)
        sides = system.sides(battle.state)
        players = {side: make(seed * 2 + k) for k, side in enumerate(sides)}
        while battle.outcome() is None:
            if len(battle.log) % 5 == 0:
                out.append(battle.state.copy())
            side = battle.side_to_act()
            assert side is not None
            battle.submit(players[side].choose(system, battle.state))
    return out


@pytest.fixture(scope="module")
def positions() -> list[RatState]:
    return _positions()


def test_the_two_sides_chances_add_up_to_one(positions):
    assert len(positions) > 20
    for st in positions:
        a, b = st.sides
        assert value.win_chance(st, a) + value.win_chance(st, b) == pytest.approx(1.0)
        assert value.features(st, b) == pytest.approx(tuple(-x for x in value.features(st, a)))


def test_a_rat_downed_costs_its_side_and_a_casualty_costs_more(positions):
    """In every position looked at, a standing rat of either side laid Down lowers its side's chance, and
    removed as a casualty lowers it further: the learned weights must not count a loss as a gain."""
    looked = 0
    for st in positions:
        for side in st.sides:
            before = value.win_chance(st, side)
            rat = next((m for m in st.models.values()
                        if m.side == side and m.status == OK and m.pos is not None and not m.is_vehicle), None)
            if rat is None:
                continue
            hit = st.copy()
            hit.models[rat.id].status = DOWN
            downed = value.win_chance(hit, side)
            hit.models[rat.id].status = CASUALTY
            gone = value.win_chance(hit, side)
            assert gone < downed < before, (side, rat.id, before, downed, gone)
            looked += 1
    assert looked > 40


def test_the_hard_player_values_both_sides_alike(positions):
    """The whole position value (casualties, Downed rats, the break chance now and the learned chance) is
    one side's gain and the other's loss."""
    system = get_system("ratfight")
    for st in positions:
        a, b = st.sides
        assert system.position_value(st, a) == pytest.approx(-system.position_value(st, b))


def test_the_fit_finds_the_weights_it_is_shown():
    """Rows whose results are the chances a known set of weights gives: the fit gives those weights back (to
    within the ridge's pull), so the script's weights are what its battles say."""
    rng = random.Random(23)
    true = (0.4, -0.8, 1.5, 0.0, -1.2, 0.6, 2.0, -0.5, 1.0)
    rows = []
    for _ in range(400):
        xs = tuple(rng.uniform(-1, 1) for _ in true)
        rows.append((xs, value.score(true, xs), 0, True))
    got = fit.fit(rows)
    assert got == pytest.approx(true, abs=0.02)
    loss, brier, _quarters = fit.measures(got, rows)
    best_loss, best_brier, _q = fit.measures(true, rows)
    assert loss == pytest.approx(best_loss, abs=1e-4) and brier == pytest.approx(best_brier, abs=1e-4)
