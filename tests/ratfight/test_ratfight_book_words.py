"""Rules where the game follows the book's exact words (each was once read more loosely)."""

from __future__ import annotations

from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import Hex

WOODS_AT_3_0 = "\n".join(["...*........", "." * 12, "." * 12, "." * 12, "." * 12])


def test_fire_a_single_weapon_fires_an_infantry_weapon(kit):
    """Action Cards: "Fire a Single Weapon: The player may fire one infantry weapon." A vehicle needs a
    card that does not say infantry (Fire Two, Three or All)."""
    red = [kit.veh("RT", Hex(5, 2), "light_tank", "hmg"), kit.inf("R1", Hex(5, 0))]
    b = kit.battle(red, [kit.inf("B1", Hex(1, 2))], action=["fire1-a", "move1-a"])
    assert "infantry weapon" in b.refusal(kit.C.Fire("RT", "hmg", "B1"))
    assert b.refusal(kit.C.Fire("R1", "assault_rifle", "B1")) is None
    assert all(getattr(c, "model", None) != "RT" for c in b.legal_commands())


def test_a_vehicle_turns_one_card_against_the_hit_whatever_the_terrain(kit):
    """Shooting at Vehicles 1: "Both players turn over a Resolution Card": a lorry in woods draws one card."""
    red = [kit.inf("R1", Hex(0, 0))]
    blue = [kit.veh("BL", Hex(3, 0), "lorry", facing=3)]
    b = kit.battle(red, blue, map=WOODS_AT_3_0, action=["fire1-a", "move1-a"],
                   red=["2C", "3C"], blue=["KS", "5H"])
    assert b.state.tables.cover[Hex(3, 0)] == "soft"
    evs = kit.fire(b, "R1", "BL", "assault_rifle", 1)  # two shots, both miss against the King
    assert kit.drawn(evs, "res-blue") == ["KS"]
    assert [c.attacker_card for c in kit.of(evs, kit.E.CardsCompared)] == ["2C", "3C"]


def test_no_spare_shots_after_hitting_a_vehicle(kit):
    """Firing 5: shots left over are retargeted only "after Downing the target"; hitting a vehicle is not
    Downing it, so the rest of the burst is spent on it."""
    red = [kit.inf("R1", Hex(0, 0), "lmg")]
    blue = [kit.veh("BL", Hex(3, 0), "lorry", facing=3), kit.inf("B1", Hex(4, 0))]
    b = kit.battle(red, blue, action=["fire1-a", "move1-a"], red=["KS", "2C"], blue=["3C", "5H", "KH"])
    evs = kit.fire(b, "R1", "BL", "lmg")
    assert not kit.of(evs, kit.E.RetargetOffered)
    assert b.state.pending is None


def test_losing_a_close_assault_on_a_vehicle_costs_the_attacker(kit):
    """Close Combat: "The loser is an instant casualty" — an infantryman who loses the assault on a vehicle
    (its hit draw) is the casualty."""
    red = [kit.inf("R1", Hex(0, 0))]
    blue = [kit.veh("BT", Hex(3, 0), "light_tank", "hmg", facing=3)]
    b = kit.battle(red, blue, action=["move1-a", "fire1-a"], red=["2C", "3D"], blue=["9S"])
    evs = b.submit(kit.C.Assault("R1", "BT", Hex(2, 0)))
    hit = kit.of(evs, kit.E.CardsCompared)[0]
    assert (hit.attacker_card, hit.defender_card, hit.winner) == ("3D", "9S", "defender")
    assert kit.status(b, "R1") == "casualty"
    assert kit.status(b, "BT") == "ok" and b.state.models["BT"].damage == 0


def test_spare_shots_may_go_to_any_model_within_three_inches(kit):
    """Firing 5: "retargeted onto any model with three inches" — a Down model is a model too."""
    red = [kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 1))]
    blue = [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(5, 0))]
    b = kit.battle(red, blue, action=["fire2-a", "move1-a"], red=["KS", "KD"], blue=["2C", "3C"])
    kit.fire(b, "R1", "B1")  # one shot: B1 is Down
    assert kit.status(b, "B1") == "down"
    kit.fire(b, "R2", "B2", "assault_rifle", 1)  # two shots: B2 Down with the first, one to spare
    assert kit.status(b, "B2") == "down"
    assert b.state.pending is not None and b.state.pending.candidates == ("B1",)
    assert b.refusal(kit.C.Retarget("B1")) is None


def test_a_leader_riding_in_a_carrier_is_present_for_morale(kit):
    """Morale Check: "Leaders present on the battlefield and are not Down" — aboard a carrier is present,
    so the three-card leader's side turns three cards. With no casualties every card holds: the choice would
    change nothing, so the best is kept without asking."""
    red = [kit.veh("RC", Hex(0, 0), "armoured_carrier", "hmg"), kit.aboard("R1", "RC", leader=3)]
    blue = [kit.inf("B1", Hex(8, 4))]
    b = kit.battle(red, blue, action=["turnend"], red=["2C", "3C", "KS"], blue=["QS"], tail=False)
    evs = b.all_events()
    assert kit.drawn(evs, "res-red") == ["2C", "3C", "KS"] and b.state.morale is None
    drawn = [e for e in evs if type(e) is CardDrawn and e.deck == "res-red"]
    assert all("leader R1 on the battlefield and not Down" in e.modifiers[1] for e in drawn)
    red_test = [t for t in kit.of(evs, kit.E.MoraleTested) if t.side == "red"]
    assert len(red_test) == 1
    assert (red_test[0].cards, red_test[0].card, red_test[0].unasked) == (3, "KS", True)


def test_tracked_vehicles_cannot_cross_walls(kit):
    """Movement: "Some terrain will be impassable to even tracked vehicles ... ruins, walls, deep water"."""
    wall = "\n".join(["..#.........", "." * 12, "." * 12])
    red = [kit.veh("RT", Hex(0, 0), "light_tank", "hmg")]
    b = kit.battle(red, [kit.inf("B1", Hex(9, 2))], map=wall, action=["vehicle-a", "move1-a"])
    assert "cannot reach" in b.refusal(kit.C.Move("RT", Hex(2, 0)))
    assert b.refusal(kit.C.Move("RT", Hex(1, 0))) is None
