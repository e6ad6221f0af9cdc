"""The computer player uses its armour and support (issue 6): in selfplay, default against default,
it fires heavy weapons, calls and drops fire missions, drives its vehicles, flies its aircraft in,
and lays smoke, rather than playing the infantry game and ignoring them."""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.system import get_system

SYSTEM = get_system("dustup")


def orders_given(scenario: str, seed: int) -> Counter:
    battle = Battle.new("dustup", scenario, seed=seed)
    players = {s: SYSTEM.computer_players()["default"](seed) for s in SYSTEM.sides(battle.state)}
    used: Counter = Counter()
    while battle.outcome() is None:
        cmd = players[battle.side_to_act()].choose(SYSTEM, battle.state)
        unit = battle.state.units.get(getattr(cmd, "unit", ""), None)
        kind = type(cmd).__name__
        used["Move(vehicle)" if kind == "Move" and unit is not None and unit.is_vehicle else kind] += 1
        battle.submit(cmd)
    return used


@pytest.fixture(scope="module")
def games() -> dict[str, Counter]:
    return {s: orders_given(s, 0) for s in ("ambush", "firemission", "airmobile")}


def test_the_column_fires_its_guns_drives_and_calls_its_mortars(games):
    used = games["ambush"]
    assert used["FireWeapon"] > 0 and used["Move(vehicle)"] > 0, used
    assert used["RequestFire"] > 0 and used["ResolveImpact"] > 0, used


def test_the_assault_calls_the_battery_and_drops_the_rounds(games):
    used = games["firemission"]
    assert used["RequestFire"] > 0 and used["ResolveImpact"] > 0 and used["FireWeapon"] > 0, used


def test_the_air_assault_flies_in_and_fires_from_the_air(games):
    used = games["airmobile"]
    assert used["MoveInbound"] > 0 and used["AirMove"] > 0 and used["AirFire"] + used["FireAA"] > 0, used


def test_smoke_is_laid_somewhere(games):
    assert sum(g["LaySmoke"] + g["ExhaustSmoke"] for g in games.values()) > 0
