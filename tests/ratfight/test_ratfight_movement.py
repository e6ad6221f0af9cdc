"""Rule book: "Movement" (infantry 6 inches, obstacles, water, vehicle speeds, facing, reverse, pivot).

Scale (RULES-NOTES): 1 hex = 2 inches, so infantry 6" = 3 hexes, wheeled 24"/12" = 12/6 hexes,
tracked 18"/9" = 9/5 hexes (9" rounds up).
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex

BLUE_FAR = "B1"


def _map(*rows: str) -> str:
    return "\n".join(rows)


CORNER = Hex(0, 0)


def _walker(kit, mapping, at=CORNER, action=("move1-a", "fire1-a", "move1-c")):
    return kit.battle([kit.inf("R1", at)], [kit.inf(BLUE_FAR, Hex(8, 4))], map=mapping, action=list(action))


def test_infantry_move_six_inches(kit):
    """Movement: "Infantry: 6 inches" - three hexes, not four."""
    b = _walker(kit, _map(*["." * 12] * 5))
    assert b.refusal(kit.C.Move("R1", Hex(3, 0))) is None
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(4, 0)))
    assert b.refusal(kit.C.Move("R1", Hex(1, 2))) is None  # 3 hexes on the diagonal
    evs = b.submit(kit.C.Move("R1", Hex(3, 0)))
    mv = kit.of(evs, kit.E.ModelMoved)[0]
    assert mv.path[0] == Hex(0, 0) and mv.path[-1] == Hex(3, 0) and len(mv.path) == 4


def test_open_terrain_does_not_slow_infantry(kit):
    """Movement: "Infantry are mostly unaffected by terrain" - woods, marsh and rubble cost no extra."""
    b = _walker(kit, _map("**,:........", *["." * 12] * 4))
    assert b.refusal(kit.C.Move("R1", Hex(3, 0))) is None


def test_linear_obstacle_takes_a_full_move(kit):
    """Movement: a linear obstacle "that a model has to climb over ... This takes a full move."

    A hedge line across the table: a model next to it can climb into it but no further that move;
    a model one hex short cannot get onto it; climbing out on a later card is an ordinary move.
    """
    hedge = _map(*["..%........."] * 5)
    b = _walker(kit, hedge, at=Hex(1, 0))
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(3, 0)))  # over it in one go: no
    assert b.refusal(kit.C.Move("R1", Hex(2, 0))) is None
    b.submit(kit.C.Move("R1", Hex(2, 0)))
    b.submit(kit.C.Pass())
    assert b.refusal(kit.C.Move("R1", Hex(5, 0))) is None  # off the obstacle: a full 3 hexes
    b2 = _walker(kit, hedge, at=Hex(0, 0))
    assert "cannot reach" in b2.refusal(kit.C.Move("R1", Hex(2, 0)))


def test_wall_takes_a_full_move(kit):
    """Movement: "a wall ... that a model has to climb over ... This takes a full move." """
    b = _walker(kit, _map(*["..#........."] * 5), at=Hex(1, 0))
    assert b.refusal(kit.C.Move("R1", Hex(2, 0))) is None
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(3, 0)))


def test_deep_water_is_impassable_to_infantry(kit):
    """Movement: "Some linear obstacles such as deep water ... are impassable to infantry." """
    b = _walker(kit, _map(*[".~.........."] * 5))
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(1, 0)))
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(2, 0)))


def test_models_do_not_share_hexes_or_pass_enemies(kit):
    """Movement (this game's reading, RULES-NOTES: one model per hex): a model cannot end on another
    model; it may pass through friends but not through enemies."""
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(1, 0))],
                   [kit.inf("B1", Hex(3, 0))], map=_map("." * 4, "." * 4), action=["move1-a"])
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(1, 0)))
    assert b.refusal(kit.C.Move("R1", Hex(2, 0))) is None  # through R2
    assert "cannot reach" in b.refusal(kit.C.Move("R1", Hex(3, 0)))


ROAD = _map("=" * 16, *["." * 16] * 6)


@pytest.mark.parametrize("vehicle, road, off_road", [("lorry", 12, 6), ("armoured_carrier", 9, 5)])
def test_vehicle_speeds_on_and_off_road(kit, vehicle, road, off_road):
    """Movement: wheeled vehicles "can move up to 24 inches on roads and 12 inches off road"; tracked
    vehicles "move 18 inches on a road or nine inches off road" (12/6 and 9/5 hexes)."""
    red = [kit.veh("RV", Hex(0, 0), vehicle), kit.veh("RW", Hex(0, 6), vehicle)]
    b = kit.battle(red, [kit.inf("B1", kit.hx(15, 3))], map=ROAD, action=["vehicle-a", "move1-a", "vehicle-b"])
    assert b.refusal(kit.C.Move("RV", Hex(road, 0))) is None
    assert "cannot reach" in b.refusal(kit.C.Move("RV", Hex(road + 1, 0)))
    assert b.refusal(kit.C.Move("RW", Hex(off_road, 6))) is None
    assert "cannot reach" in b.refusal(kit.C.Move("RW", Hex(off_road + 1, 6)))


def test_wheeled_vehicles_cannot_enter_woods_but_tracked_can(kit):
    """Movement: wheeled vehicles "may not move across any sort of obstacle ... or marshy ground";
    tracked vehicles cross what is not impassable to them (woods here)."""
    mapping = _map(".*.........", ".,.........", "...........", ".*.........")
    red = [kit.veh("RV", Hex(0, 0), "lorry"), kit.veh("RT", kit.hx(0, 3), "light_tank")]
    b = kit.battle(red, [kit.inf("B1", Hex(8, 2))], map=mapping, action=["vehicle-a"])
    assert "cannot reach" in b.refusal(kit.C.Move("RV", Hex(1, 0)))  # woods
    assert "cannot reach" in b.refusal(kit.C.Move("RV", Hex(1, 1)))  # marsh
    assert b.refusal(kit.C.Move("RT", kit.hx(1, 3))) is None


def test_vehicle_ends_facing_the_way_it_moved(kit):
    """Movement: "Vehicles must end up facing the direction in which they have predominantly moving"."""
    red = [kit.veh("RV", Hex(5, 2), "lorry", facing=0)]
    b = kit.battle(red, [kit.inf("B1", Hex(9, 0))], action=["vehicle-a", "move1-a"])
    evs = b.submit(kit.C.Move("RV", Hex(2, 2)))
    assert kit.of(evs, kit.E.ModelMoved)[0].facing == 3  # West
    assert b.state.models["RV"].facing == 3
    assert kit.of(evs, kit.E.ActionCardDone)  # one vehicle per Move Vehicle card


def test_vehicle_reverses_at_half_speed_keeping_its_facing(kit):
    """Movement: vehicles face the way they move "unless they can reverse, which is at half speed"."""
    red = [kit.veh("RV", Hex(5, 2), "lorry", facing=0)]
    b = kit.battle(red, [kit.inf("B1", Hex(9, 0))], action=["vehicle-a", "move1-a"])
    assert "cannot reach" in b.refusal(kit.C.Move("RV", Hex(1, 2), reverse=True))  # 4 hexes > 6 / 2
    evs = b.submit(kit.C.Move("RV", Hex(2, 2), reverse=True))
    mv = kit.of(evs, kit.E.ModelMoved)[0]
    assert mv.reverse and mv.facing is None
    assert b.state.models["RV"].facing == 0 and b.state.models["RV"].pos == Hex(2, 2)


def test_only_vehicles_reverse(kit):
    """Movement: reversing is a vehicle's move."""
    b = _walker(kit, _map(*["." * 12] * 5), action=["move1-a"])
    assert "only vehicles reverse" in b.refusal(kit.C.Move("R1", Hex(1, 0), reverse=True))


def test_vehicle_pivots_on_the_spot_as_a_move(kit):
    """Movement: "A vehicle c[an] turn on the spot to face any direction as a move." """
    red = [kit.veh("RV", Hex(5, 2), "light_tank", facing=0), kit.inf("R1", Hex(0, 0))]
    b = kit.battle(red, [kit.inf("B1", Hex(9, 0))], action=["vehicle-a", "move1-a"])
    assert "new facing" in b.refusal(kit.C.Pivot("RV", 0))
    assert b.refusal(kit.C.Pivot("R1", 2)) is not None  # infantry do not pivot (nor move on this card)
    evs = b.submit(kit.C.Pivot("RV", 2))
    assert kit.of(evs, kit.E.VehiclePivoted)[0].facing == 2
    assert b.state.models["RV"].facing == 2 and b.state.models["RV"].pos == Hex(5, 2)
    assert kit.of(evs, kit.E.ActionCardDone)[0].card == "vehicle-a"  # the pivot was its move


def test_tripod_gun_cannot_move(kit):
    """Weapons: "Tripod mounted guns cannot be moved during the course of a game"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), immobile=True)], [kit.inf("B1", Hex(9, 0))], action=["move1-a"])
    assert "cannot be moved" in b.refusal(kit.C.Move("R1", Hex(1, 0)))
