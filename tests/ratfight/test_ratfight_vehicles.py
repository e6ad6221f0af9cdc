"""Rule book: "Shooting at Vehicles" and "Generic vehicle armour Points"."""

from __future__ import annotations

import pytest

from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import Hex


def test_ap_zero_weapons_cannot_target_armoured_vehicles(kit):
    """Shooting at Vehicles 1: "Check range and line of sight, and if the target is armoured whether the weapon
    is armour piercing." "Weapons without an armour piercing capability cannot damage armoured vehicles"."""
    red = [kit.inf("R1", Hex(0, 0), "assault_rifle", "anti_tank_rifle", "bazooka")]
    blue = [kit.veh("BT", Hex(4, 0), "light_tank", "hmg", facing=3), kit.veh("BL", Hex(4, 2), "lorry")]
    b = kit.battle(red, blue, action=["fire1-a"])
    assert "cannot hurt an armoured vehicle (armour piercing 0)" in b.refusal(
        kit.C.Fire("R1", "assault_rifle", "BT"))
    assert "armour piercing 0" in b.refusal(kit.C.Fire("R1", "anti_tank_rifle", "BT", 0))
    assert b.refusal(kit.C.Fire("R1", "anti_tank_rifle", "BT", 1)) is None  # 18 inches, AP 1
    assert b.refusal(kit.C.Fire("R1", "bazooka", "BT")) is None
    assert b.refusal(kit.C.Fire("R1", "assault_rifle", "BL")) is None  # unarmoured


def test_ap_zero_weapon_damages_an_unarmoured_vehicle(kit):
    """Shooting at Vehicles: weapons without armour piercing "can damage unarmoured vehicles. They have an
    amour piercing value of zero." Hit draw, then damage draw: card + 0 against card + 0."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.veh("BL", Hex(4, 0), "lorry", facing=3)],
                   action=["fire1-a", "move1-a"], red=["9S", "10S"], blue=["5C", "4C", "JC"])
    evs = kit.fire(b, "R1", "BL")
    hit, dmg = kit.of(evs, kit.E.CardsCompared)
    assert (hit.attacker_card, hit.defender_card, hit.winner) == ("9S", "5C", "attacker")
    assert (dmg.attacker_card, dmg.defender_card, dmg.purpose) == ("10S", "4C", "damage: 10 against 4")
    vd = kit.of(evs, kit.E.VehicleDamaged)[0]
    assert (vd.points, vd.total) == (6, 6)
    assert kit.drawn(evs, "res-blue") == ["5C", "4C", "JC"]  # JC: 11 beats 6, the crew stay
    assert kit.status(b, "BL") == "ok" and b.state.models["BL"].damage == 6


def test_missed_vehicle_takes_no_damage_draw(kit):
    """Shooting at Vehicles 1: "The vehicle is hit if the attacker wins" - otherwise no second card."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")], [kit.veh("BT", Hex(6, 0), "medium_tank", facing=3)],
                   action=["fire1-a", "move1-a"], red=["4S"], blue=["5C"])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    assert kit.drawn(evs, "res-red") == ["4S"] and kit.drawn(evs, "res-blue") == ["5C"]
    assert not kit.of(evs, kit.E.VehicleDamaged) and b.state.models["BT"].damage == 0


def test_armour_wins_no_damage(kit):
    """Shooting at Vehicles 3: "If the attacker's total is more than the defenders then the difference is the
    number of damage points" - otherwise none, and no crew test."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")], [kit.veh("BT", Hex(6, 0), "medium_tank", facing=3)],
                   action=["fire1-a", "move1-a"], red=["9S", "9H"], blue=["5C", "QD"])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    dmg = kit.of(evs, kit.E.CardsCompared)[1]
    assert (dmg.purpose, dmg.winner) == ("damage: 13 against 16", "defender")
    assert kit.drawn(evs, "res-blue") == ["5C", "QD"]  # no crew card
    assert not kit.of(evs, kit.E.VehicleDamaged)


def test_damage_is_cumulative_and_crew_bail_at_equal_value(kit):
    """Shooting at Vehicles: "Damage to a vehicle is accumulative over the course of a game." Step 4: "The crew
    bail out if the numeric value of the resolution card is less than or equal to the accumulated damage." """
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")],
                   [kit.veh("BT", Hex(6, 0), "medium_tank", "hmg", facing=3), kit.inf("B2", Hex(9, 4))],
                   action=["fire1-a", "move1-a", "fire1-b", "move1-b"],
                   red=["9S", "8S", "10S", "6S"], blue=["5C", "3D", "6H", "4C", "4H", "7C"])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    vd = kit.of(evs, kit.E.VehicleDamaged)[0]
    assert (vd.points, vd.total, vd.arc) == (5, 5, "front")  # 8+4 against 3+4 (front armour 4)
    assert not kit.of(evs, kit.E.CrewBailedOut)  # 6 is more than 5
    b.submit(kit.C.Pass())
    evs = kit.fire(b, "R1", "BT", "bazooka")  # the same model fires again on a later card
    vd = kit.of(evs, kit.E.VehicleDamaged)[0]
    assert (vd.points, vd.total) == (2, 7)  # 6+4 against 4+4, added to the 5 before
    bail = kit.of(evs, kit.E.CrewBailedOut)[0]
    assert (bail.model, bail.crew) == ("BT", 5)  # 7C: 7 is not more than 7
    assert kit.status(b, "BT") == "abandoned" and b.state.models["BT"].damage == 7
    assert b.state.models["BT"].pos == Hex(6, 0)  # the wreck stays on the table


@pytest.mark.parametrize("shooter, arc, armour", [
    (Hex(8, 2), "front", 4),   # dead ahead (east)
    (Hex(6, 0), "side", 2),    # straight up the board, 90 degrees off the facing
    (Hex(2, 2), "rear", 1),    # dead astern (west)
])
def test_armour_of_the_face_hit(kit, shooter, arc, armour):
    """Shooting at Vehicles 2 and the armour table: "Medium Tank/SPG - 4/2/1" (Front/Side/Rear); the defender
    adds the armour of the face the shot comes from."""
    b = kit.battle([kit.inf("R1", shooter, "bazooka")], [kit.veh("BT", Hex(5, 2), "medium_tank", facing=0)],
                   action=["fire1-a", "move1-a"], red=["9S", "5S"], blue=["5C", "2D", "KH"])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    vd = kit.of(evs, kit.E.VehicleDamaged)[0]
    assert vd.arc == arc
    assert vd.points == (5 + 4) - (2 + armour)


@pytest.mark.parametrize("direction, arc", [(0, "front"), (1, "front"), (5, "front"),
                                             (2, "side"), (4, "side"), (3, "rear")])
def test_armour_face_from_the_six_touching_hexes(kit, direction, arc):
    """Shooting at Vehicles 2 (this game's reading, readings.toml "vehicle-facing"): of the six hexes touching
    a vehicle, three see its front, two its sides and one its rear."""
    tank = Hex(5, 2)
    b = kit.battle([kit.inf("R1", tank.neighbour(direction), "bazooka")],
                   [kit.veh("BT", tank, "medium_tank", facing=0)],
                   action=["fire1-a", "move1-a"], red=["9S", "5S"], blue=["5C", "2D", "KH"])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    vd = kit.of(evs, kit.E.VehicleDamaged)[0]
    assert vd.arc == arc and vd.points == 9 - (2 + {"front": 4, "side": 2, "rear": 1}[arc])


@pytest.mark.parametrize("morale_card, holds", [("6S", True), ("5S", False)])
def test_abandoned_crew_count_as_casualties(kit, morale_card, holds):
    """Shooting at Vehicles: "The crew from an abandoned vehicle are considered to be casualties for purposes
    of morale." "A generic tank ... has five crew". Morale Check: "Remember to count crewmen that have
    abandoned their vehicle." """
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")],
                   [kit.veh("BT", Hex(3, 0), "light_tank", "hmg", facing=3), kit.inf("B2", Hex(9, 4))],
                   action=["fire1-a", "turnend", "move1-a", "move1-b", "move2-a"],
                   red=["9S", "KS"], blue=["2C", "2D", "JD", morale_card])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    assert kit.of(evs, kit.E.CrewBailedOut)  # 13+4 against 2+2: 13 damage; JD (11) is not more
    blue_morale = [m for m in kit.of(evs, kit.E.MoraleTested) if m.side == "blue"][0]
    assert (blue_morale.casualties, blue_morale.card, blue_morale.passed) == (5, morale_card, holds)
    assert (b.outcome() is None) is holds
    if not holds:
        assert b.outcome().winner == "red"


def test_abandoned_vehicle_blocks_line_of_sight_and_movement(kit):
    """Shooting at Vehicles: "An abandoned vehicle is considered 'dead' but is left on the battlefield as a line
    of sight and movement obstacle." (A live vehicle does not block sight in this game.)"""
    red = [kit.inf("R1", Hex(0, 0), "bazooka"), kit.inf("R2", Hex(1, 0))]
    blue = [kit.veh("BT", Hex(3, 0), "light_tank", "hmg", facing=3), kit.inf("B2", Hex(5, 0))]
    b = kit.battle(red, blue, action=["fire1-a", "move1-a", "fire1-b", "move1-b"],
                   red=["9S", "KS"], blue=["2C", "2D", "JD"])
    assert b.refusal(kit.C.Fire("R2", "assault_rifle", "B2")) is None
    evs = kit.fire(b, "R1", "BT", "bazooka")
    assert kit.of(evs, kit.E.CrewBailedOut)
    assert "cannot reach" in b.refusal(kit.C.Move("B2", Hex(3, 0)))  # blue's move1-a
    b.submit(kit.C.Pass())
    assert b.state.card == "fire1-b"
    assert "no line of sight" in b.refusal(kit.C.Fire("R2", "assault_rifle", "B2"))
    assert "not on the battlefield" in b.refusal(kit.C.Fire("R2", "assault_rifle", "BT"))


def test_passengers_of_an_abandoned_carrier_are_placed_down_around_it(kit):
    """Shooting at Vehicles: infantry inside "a lorry or armoured carrier that is abandoned by its crew ... are
    placed in the Down position around the abandoned vehicle and tested in phase seven of the game turn as
    normal." The carrier's two crew count as casualties; its passengers do not (yet)."""
    red = [kit.inf("R1", Hex(0, 2), "bazooka")]
    blue = [kit.veh("BV", Hex(4, 2), "armoured_carrier", "hmg", facing=0),
            kit.aboard("P1", "BV"), kit.aboard("P2", "BV")]
    b = kit.battle(red, blue, action=["fire1-a", "turnend", "move1-a", "move1-b", "move2-a"],
                   red=["9S", "KS"], blue=["2C", "3D", "5H", "QS", "4S", "4H"])
    assert b.state.models["P1"].pos is None and b.state.models["P1"].carried_by == "BV"
    evs = kit.fire(b, "R1", "BV", "bazooka")
    thrown = kit.of(evs, kit.E.PassengerThrown)
    assert [t.model for t in thrown] == ["P1", "P2"]
    spots = [t.at for t in thrown]
    assert all(s.distance(Hex(4, 2)) == 1 for s in spots) and spots[0] != spots[1]
    i_thrown = kit.index(evs, kit.E.PassengerThrown)
    i_end = kit.index(evs, kit.E.TurnEnded)
    assert i_thrown < i_end
    blue_morale = [m for m in kit.of(evs, kit.E.MoraleTested) if m.side == "blue"][0]
    assert blue_morale.casualties == 2 and blue_morale.passed
    # phase seven: P1 turns the 4S (black) and stands, P2 the 4H (red) and is a casualty
    assert [r.model for r in kit.of(evs, kit.E.ModelRecovered)] == ["P1"]
    assert [(c.model, c.rule) for c in kit.of(evs, kit.E.ModelCasualty)] == [("P2", "Testing for Casualties")]
    assert kit.status(b, "P1") == "ok" and b.state.models["P1"].pos == spots[0]
    assert b.state.models["P1"].carried_by is None


def test_vehicles_carry_only_machine_guns_and_cannon(kit):
    """Action Cards notes: "Vehicles can only fire weapons like machine guns or automatic cannons, not cannon
    or anything similar." A vehicle armed with a bazooka is refused when the battle is set up."""
    with pytest.raises(ContentError, match="machine guns and cannon"):
        kit.battle([kit.veh("RV", Hex(0, 0), "light_tank", "bazooka")], [kit.inf("B1", Hex(5, 0))])


def test_vehicle_fires_one_weapon_turning_its_turret(kit):
    """Action Cards notes: "A turret can be turned to face a new direction as part of the firing action." """
    red = [kit.veh("RT", Hex(5, 2), "light_tank", "hmg", facing=0)]
    b = kit.battle(red, [kit.inf("B1", Hex(1, 2))], action=["fire2-a", "move1-a"], red=["KS"], blue=["2C"])
    evs = kit.fire(b, "RT", "B1", "hmg")
    assert kit.of(evs, kit.E.TurretTurned)[0].facing == 3
    assert b.state.models["RT"].facing == 0 and b.state.models["RT"].turret == 3
    assert kit.status(b, "B1") == "down"
