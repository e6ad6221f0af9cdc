"""Walks (engine/systems/minutemissions/walks.py): a mech steps a hex an order and turns on the spot (Movement
Phase), so the order editor offers the cheapest way to each hex it can reach this phase as one choice. Each walk
is checked here by giving its orders to the battle itself: every one legal, the mech where the walk said, the
movement points it said spent."""

from __future__ import annotations

import re

from hexfront.engine.systems.minutemissions import SYSTEM
from hexfront.engine.systems.minutemissions.describe import where


def _moving(kit):
    """Longbow (M2) at (4,4) facing east, activated with a d8 of 6: its movement phase, 2 movement points."""
    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)],
                   [kit.unit("A2", "lancer", (10, 10), facing=3)], [6])
    b.submit(kit.C.Activate("M2"))
    return b


def test_every_walk_is_legal_order_by_order_and_ends_where_it_says_for_what_it_says(kit):
    b = _moving(kit)
    routes = SYSTEM.routes(b.state, "M2")
    singles = {c.to for c in b.legal_commands() if isinstance(c, kit.C.Move)}
    assert len(routes) >= 10 and singles
    assert not singles & {r.to for r in routes}  # a hex one step reaches is that step's own order
    assert len({r.to for r in routes}) == len(routes)  # one walk a hex, the cheapest
    for route in routes:
        assert route.unit == "M2" and route.action == "Move" and len(route.steps) >= 2
        spent = int(re.search(r"(\d+) movement points? of", route.words).group(1))
        walked = _moving(kit)
        for step in route.steps:
            assert walked.refusal(step) is None, (route.words, step)
            walked.submit(step)
        mech = walked.state.units["M2"]
        assert mech.hex == route.to, route.words
        assert walked.state.turn.mp_spent == spent, route.words
        assert route.words.startswith(f"Longbow (M2): walk to {where(route.to)}, facing ")


def test_only_the_mech_moving_walks_and_only_on_its_feet_in_its_movement_phase(kit):
    b = _moving(kit)
    assert SYSTEM.routes(b.state, "A2") == []  # not the mech acting
    b.submit(kit.C.Kneel("M2"))
    assert SYSTEM.routes(b.state, "M2") == []  # a kneeling mech gets up before it moves
    b = _moving(kit)
    b.submit(kit.C.EndPhase("M2"))
    assert SYSTEM.routes(b.state, "M2") == []  # the movement phase is over
    fresh = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)],
                       [kit.unit("A2", "lancer", (10, 10), facing=3)], [6])
    assert SYSTEM.routes(fresh.state, "M2") == []  # not activated yet


def test_a_step_with_no_movement_left_is_refused_counting_one_point_as_one(kit):
    """Movement Phase: a step costs the terrain's movement points; open ground costs 1 ("1 movement point")."""
    b = _moving(kit)
    while (moves := [c for c in b.legal_commands() if isinstance(c, kit.C.Move)]):
        b.submit(moves[0])
    assert b.state.turn.mp_spent > 0
    mech = b.state.units["M2"]
    ahead = mech.hex.neighbour(mech.facing)
    kit.refuse(b, kit.C.Move("M2", ahead), "the step costs 1 movement point; 0 left")
