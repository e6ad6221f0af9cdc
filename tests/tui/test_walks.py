"""Giving a route (tui/orders.py walk): its orders one after another through the session's submit, stopping at a
refusal, or after an order that rolled a die while orders are left (the player sees what happened first)."""

from __future__ import annotations

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.view import Route
from hexfront.tui.orders import Walked, walk

ROUTE = Route(unit="M2", action="Move", to=Hex(3, 0), steps=("step 1", "step 2", "step 3"), words="walk")


class Words:
    def describe(self, event: object, state: object) -> str:
        return f"described: {event.purpose}" if isinstance(event, DieRolled) else "?"


def test_every_order_is_given_in_turn_when_nothing_happens_on_the_way():
    given = []
    walked = walk(lambda step: given.append(step) or [], Words(), lambda: None, ROUTE)
    assert walked == Walked(3, "") and given == ["step 1", "step 2", "step 3"]


def test_a_roll_on_the_way_stops_the_walk_after_that_order_and_says_what_was_rolled():
    given = []

    def submit(step):
        given.append(step)
        return [DieRolled(sides=8, result=7, purpose="Lancer reacts")] if step == "step 2" else []

    assert walk(submit, Words(), lambda: None, ROUTE) == Walked(2, "described: Lancer reacts")
    assert given == ["step 1", "step 2"]
    given.clear()
    last = Route(unit="M2", action="Move", to=Hex(1, 0), steps=("step 1", "step 2"), words="walk")
    assert walk(submit, Words(), lambda: None, last) == Walked(2, "")  # a roll after the last order stops nothing


def test_a_refused_order_stops_the_walk_with_the_refusal():
    def submit(step):
        if step == "step 2":
            raise IllegalOrder("the step costs 2 movement points; 1 left")
        return []

    assert walk(submit, Words(), lambda: None, ROUTE) == Walked(1, "refused: the step costs 2 movement points; 1 left")
