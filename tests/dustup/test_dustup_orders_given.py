"""Who gives each Dustup order (commands.unit_of, commands.side_of): a unit's order names it in a ``unit: str``
field, a side action names the side in a ``side: str`` field, and the orders of the side to act name neither."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import rules, support

TURN_ORDERS = {C.ChooseFirst, C.Pass, C.EndActivation, C.Decide}


def field_types(kind: type) -> dict[str, object]:
    return {a.name: a.type for a in attrs.fields(kind)}


def test_every_order_is_a_units_a_sides_or_the_side_to_acts():
    unit, side = set(rules.UNIT_ACTIONS), set(rules.SIDE_ACTIONS)
    assert not unit & side and not unit & TURN_ORDERS and not side & TURN_ORDERS
    assert unit | side | TURN_ORDERS == set(rules.COMMAND_TYPES)


def test_a_units_order_names_its_unit_and_a_side_action_its_side_as_text():
    for kind in rules.UNIT_ACTIONS:
        assert field_types(kind).get("unit") in ("str", str), kind
        assert "side" not in field_types(kind), kind
    for kind in rules.SIDE_ACTIONS:
        assert field_types(kind).get("side") in ("str", str), kind
        assert "unit" not in field_types(kind), kind
    for kind in TURN_ORDERS:
        assert not {"unit", "side"} & set(field_types(kind)), kind


def test_unit_of_and_side_of():
    move = C.Move(unit="a1", to=Hex(0, 0))
    assert C.unit_of(move) == "a1" and C.side_of(move) is None
    for order in (C.Pass(), C.EndActivation(), C.ChooseFirst(first=True)):
        assert C.unit_of(order) is None and C.side_of(order) is None
    impact = support.ResolveImpact(side="blue", mission="m1")
    assert C.side_of(impact) == "blue" and C.unit_of(impact) is None
    assert C.unit_of(object()) is None and C.side_of(object()) is None


@attrs.frozen
class PaintHex:
    """An order of a module the rulebook does not know yet: filed under its unit all the same."""

    unit: str
    to: Hex


def test_an_order_the_rulebook_does_not_know_is_given_by_the_unit_or_side_it_names():
    assert C.unit_of(PaintHex("A", Hex(0, 0))) == "A" and C.side_of(PaintHex("A", Hex(0, 0))) is None
