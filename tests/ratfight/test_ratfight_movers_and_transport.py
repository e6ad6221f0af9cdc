"""Movement types (Movement) and carrying infantry (Shooting at Vehicles: infantry inside a carrier)."""

from __future__ import annotations

import pytest

from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import Hex

ROAD_ROW = "\n".join(["=" * 12, "." * 12, "." * 12, "." * 12, "." * 12])
WATER_ROW = "\n".join(["." * 12, "~" * 12, "." * 12, "." * 12, "." * 12])
WOODS_WALL = "\n".join(["." * 12, "***#@@@~~~..", "." * 12, "." * 12, "." * 12])


def test_bicycles_go_nine_inches_on_a_road_six_off_it(kit):
    """Movement: "Bicycles: 6 inches off road, 9 inches on a road" = 5 and 3 hexes."""
    red = [kit.inf("R1", Hex(0, 0), mover="bicycle")]
    b = kit.battle(red, [kit.inf("B1", Hex(8, 4))], map=ROAD_ROW, action=["move1-a", "fire1-a"])
    assert b.refusal(kit.C.Move("R1", Hex(5, 0))) is None
    assert b.refusal(kit.C.Move("R1", Hex(6, 0))) is not None
    assert b.refusal(kit.C.Move("R1", Hex(0, 3))) is None  # three hexes off the road
    assert b.refusal(kit.C.Move("R1", Hex(0, 4))) is not None


def test_hovercraft_cross_deep_water_that_stops_wheels(kit):
    """Movement: "Hovercraft can move 12 inches over any flat terrain, including water of any depth";
    wheeled vehicles may not."""
    red = [kit.veh("RH", Hex(0, 0), "hovercraft"), kit.veh("RL", Hex(4, 0), "lorry")]
    b = kit.battle(red, [kit.inf("B1", Hex(8, 4))], map=WATER_ROW, action=["vehicle-a", "fire1-a"])
    assert b.refusal(kit.C.Move("RH", Hex(0, 2))) is None
    assert "cannot reach" in b.refusal(kit.C.Move("RL", Hex(4, 2)))


def test_hovercraft_are_blocked_by_woods_flyers_ignore_terrain(kit):
    """Movement: hovercraft "are blocked by all vertically projecting obstacles"; "Flying vehicles ignore
    terrain" (12 hexes a move here: readings.toml)."""
    red = [kit.veh("RH", Hex(0, 0), "hovercraft"), kit.veh("RF", Hex(4, 0), "flyer")]
    b = kit.battle(red, [kit.inf("B1", Hex(8, 4))], map=WOODS_WALL, action=["vehicle-a", "fire1-a"])
    assert "cannot reach" in b.refusal(kit.C.Move("RH", Hex(1, 1)))  # woods
    for hx in (Hex(3, 1), Hex(5, 1), Hex(7, 1)):  # wall, building, deep water
        assert b.refusal(kit.C.Move("RF", hx)) is None


def test_infantry_board_a_carrier_ride_and_climb_out(kit):
    """Infantry move next to a friendly carrier and climb in; they travel with it, cannot fire from inside,
    and climb out into a hex next to it."""
    red = [kit.veh("RC", Hex(2, 2), "armoured_carrier", "hmg"), kit.inf("R1", Hex(0, 2))]
    b = kit.battle(red, [kit.inf("B1", Hex(9, 4))],
                   action=["move1-a", "fire1-a", "vehicle-a", "fire1-b", "fire2-a", "fire1-c", "move1-b"])
    evs = b.submit(kit.C.Embark("R1", "RC"))
    assert kit.of(evs, kit.E.ModelEmbarked) and b.state.models["R1"].carried_by == "RC"
    assert b.state.models["R1"].pos is None and Hex(0, 2) not in b.state.occupant
    b.submit(kit.C.Pass())  # blue
    b.submit(kit.C.Move("RC", Hex(6, 2)))
    b.submit(kit.C.Pass())  # blue
    assert "aboard" in b.refusal(kit.C.Fire("R1", "assault_rifle", "B1"))
    b.submit(kit.C.Pass())
    b.submit(kit.C.Pass())  # blue
    assert "next to the vehicle" in b.refusal(kit.C.Disembark("R1", Hex(2, 2)))
    evs = b.submit(kit.C.Disembark("R1", Hex(7, 2)))
    assert b.state.models["R1"].pos == Hex(7, 2) and b.state.models["R1"].carried_by is None


def test_a_full_carrier_takes_no_more(kit):
    red = [kit.veh("RC", Hex(2, 2), "flyer")] + [kit.aboard(f"P{i}", "RC") for i in range(2)] + \
          [kit.inf("R1", Hex(1, 2))]
    b = kit.battle(red, [kit.inf("B1", Hex(9, 4))], action=["move1-a", "fire1-a"])
    assert "no room" in b.refusal(kit.C.Embark("R1", "RC"))


def test_only_one_tank_on_the_table(kit):
    """Action Cards: "There may only be one tank or similar heavy vehicle on the table."""
    red = [kit.veh("RT", Hex(0, 0), "light_tank", "hmg")]
    blue = [kit.veh("BT", Hex(8, 4), "medium_tank", "hmg")]
    with pytest.raises(ContentError, match="only one tank"):
        kit.battle(red, blue)
