"""The default player's planner skips an end of a move when a bound says it cannot beat the best end found
(engine/systems/minutemissions/spots.py). The skip must never change a plan: checked here against pricing
every end, over the movement and activation decisions of the first orders of two missions."""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.systems.minutemissions import SYSTEM, rules
from hexfront.engine.systems.minutemissions import combat as K
from hexfront.engine.systems.minutemissions.ai import DefaultPlayer
from hexfront.engine.systems.minutemissions.state import MOVEMENT, MissionState, Unit


def _plans(st: MissionState) -> list[tuple[Unit, tuple[Any, ...]]]:
    """The plans the player makes at this decision: each unit's quick plan when one is to be activated, the
    acting unit's whole turn in its movement phase."""
    if st.turn is None:
        side = st.active
        assert side is not None
        return [(u, (K.core(st, u).base_ap + 4, K.movement_allowance(st, u), False, False, MOVEMENT, True))
                for u in sorted(rules.unacted(st, side), key=lambda u: u.id)]
    t = st.turn
    if t.phase != MOVEMENT:
        return []
    return [(st.units[t.unit], (t.ap, rules.mp_left(st), t.free_turn_used, t.thrusted, t.phase, False))]


def _every_end_priced(st: MissionState, u: Unit, args: tuple[Any, ...]) -> tuple[float, list[Any], int]:
    """The plan with no end skipped; every end's worth is checked against both bounds on the way."""
    p = DefaultPlayer(0)
    p._new_choice()
    priced = 0
    price = p._end_value

    def checked(st: MissionState, u: Unit, at: Any, elev: int, facing: int, ap: int, posture: str,
                thrusted: bool, phase: str) -> float:
        nonlocal priced
        priced += 1
        value = price(st, u, at, elev, facing, ap, posture, thrusted, phase)
        rough = p._end_bound(st, u, at, elev, ap, posture, thrusted, phase, float("inf"))
        spot = p._end_bound(st, u, at, elev, ap, posture, thrusted, phase, float("-inf"))
        assert value <= spot + 1e-6 and spot <= rough + 1e-6, (at, elev, facing, ap, value, spot, rough)
        return value

    p._cannot_beat = lambda *a: False  # type: ignore[method-assign]  # the test prices every end
    p._end_value = checked  # type: ignore[method-assign]  # and checks each against its bounds
    ap, mp, free_used, thrusted, phase, quick = args
    value, orders = p._plan_turn(st, u, ap, mp, free_used, thrusted, phase, quick=quick)
    return value, orders, priced


@pytest.mark.parametrize("scenario, seed, orders", [("ridge", 3, 16), ("ironvale_pass", 5, 16)])
def test_skipping_ends_by_their_bound_never_changes_a_plan(scenario, seed, orders):
    battle = Battle.new("minutemissions", scenario, seed=seed)
    sides = SYSTEM.sides(battle.state)
    players = {s: DefaultPlayer(seed * 2 + k) for k, s in enumerate(sides)}
    plans = skipped = 0
    for _ in range(orders):
        st = battle.state
        for u, args in _plans(st):
            fast = DefaultPlayer(0)
            fast._new_choice()
            ap, mp, free_used, thrusted, phase, quick = args
            got = fast._plan_turn(st, u, ap, mp, free_used, thrusted, phase, quick=quick)
            value, orders_all, priced = _every_end_priced(st, u, args)
            assert got == (value, orders_all), (u.id, got, value, orders_all)
            plans += 1
            skipped += priced - sum(1 for k in fast._memo if k[0] == "ba")
        side = battle.side_to_act()
        assert side is not None
        battle.submit(players[side].choose(SYSTEM, battle.state))
    assert plans >= 10 and skipped > 0  # the check met real plans, and the bound did skip ends in them
