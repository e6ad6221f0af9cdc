"""Rule book: "Miscellaneous" (operate machinery, drive a vehicle) and the heavy artillery of "Attacks and
Damage" ("Armor instantly breaks when hit by anti-materiel rifles, plasma casters, and heavy artillery"), with
this game's readings: a machine turns its hex from one terrain to another (a roller shutter up or down); a vehicle
is boarded by a run into its hex and driven as the miscellaneous action, passengers riding along and in cover; a
scenario's scheduled shelling bursts like a high-explosive grenade and breaks armour."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.skirmishes.ground import can_see, in_cover, layer, run_options
from hexfront.engine.systems.skirmishes.view import board

# a wall down column 5 with a roller shutter at (5, 2), down (shut) at the start
WALLED = "\n".join([".....#......", ".....#......", ".....-......", ".....#......", ".....#......"])
SHUTTER = {"id": "shutter", "name": "roller shutter", "at": [5, 2], "open_terrain": "shutter_up",
           "shut_terrain": "shutter_down"}
# one road along row 0, open ground elsewhere
ROAD = "\n".join(["=" * 20] + ["." * 20] * 4)
CAR = {"id": "car", "name": "patrol car", "at": [2, 0], "seats": 2, "speed": 10, "ground": ["road"]}


def battle(kit, red: list, blue: list, *, dice=(), machines=(), vehicles=(), shelling=(), **kw: Any) -> Battle:
    content = kit.content(red, blue, **kw)
    scen = content["scenario"]
    if machines:
        scen["machines"] = list(machines)
    if vehicles:
        scen["vehicles"] = list(vehicles)
    if shelling:
        scen["shelling"] = list(shelling)
    setup = BattleSetup(system="skirmishes", scenario="test", seed=0, content=content, rules_version="1",
                        script=Script(dice=tuple(dice)))
    return Battle(get_system("skirmishes"), setup)


# ---------------------------------------------------------------------------------------------------------------
# Operate machinery
# ---------------------------------------------------------------------------------------------------------------

def test_operating_a_shutter_opens_the_way_and_the_view(kit):
    """Miscellaneous: "Operate machinery ..." is a miscellaneous action. Our reading: a character next to the
    roller shutter raises it in the miscellaneous phase; down it was a wall (no way through, no sight), up it is
    a doorway, so next round the enemy behind it can be seen and shot, and the way through is open."""
    b = battle(kit, [kit.ch("R1", (4, 2))], [kit.ch("B1", (8, 2))], map=WALLED, machines=[SHUTTER])
    s = b.state
    assert s.machines == {"shutter": False}
    assert not can_see(s, kit.hx(4, 2), kit.hx(8, 2))
    assert not [c for c in b.legal_commands() if type(c) is kit.C.Shoot]
    assert kit.hx(6, 2) not in run_options(s, kit.char(b, "R1"))
    assert kit.C.Operate("R1", "shutter", True) in b.legal_commands()
    assert b.refusal(kit.C.Operate("R1", "shutter", False)) is not None  # it is down already
    evs = kit.round(b, [kit.C.Operate("R1", "shutter", True)], [kit.C.Hold("B1")])
    done = kit.of(evs, kit.E.MachineSet)
    assert [(e.machine, e.open, e.character) for e in done] == [("shutter", True, "R1")]
    stages = [e.stage for e in kit.of(evs, kit.E.StageBegan)]
    assert evs.index(done[0]) > evs.index(next(e for e in evs if type(e) is kit.E.StageBegan and e.stage == "misc"))
    assert "shelling" not in stages
    s = b.state
    assert s.machines == {"shutter": True} and layer(s).terrain[kit.hx(5, 2)] == "shutter_up"
    assert can_see(s, kit.hx(4, 2), kit.hx(8, 2))
    assert kit.C.Shoot("R1", "assault_rifle", "B1", False) in b.legal_commands()
    assert kit.hx(6, 2) in run_options(s, kit.char(b, "R1"))


def test_operating_needs_the_machine_next_to_the_operator(kit):
    """Miscellaneous: machinery is operated by someone at it. Our reading: in its hex or next to it, from where
    the character stands after its run."""
    b = battle(kit, [kit.ch("R1", (1, 2))], [kit.ch("B1", (8, 2))], map=WALLED, machines=[SHUTTER])
    assert "next to" in (b.refusal(kit.C.Operate("R1", "shutter", True)) or "")
    b.submit(kit.C.Run("R1", kit.hx(4, 2)))
    assert b.refusal(kit.C.Operate("R1", "shutter", True)) is None
    assert b.refusal(kit.C.Operate("R1", "gate", True)) is not None


def test_a_shutter_never_comes_down_on_someone_in_the_doorway(kit):
    """Miscellaneous, our reading: a machine does not shut on a character standing in its hex: the operator's
    action lapses when someone ran into the doorway in the movement phase."""
    up = dict(SHUTTER)
    b = battle(kit, [kit.ch("R1", (6, 2))], [kit.ch("B1", (3, 2))],
               map=WALLED.replace("-", "^"), machines=[up])
    assert b.state.machines == {"shutter": True}
    evs = kit.round(b, [kit.C.Operate("R1", "shutter", False)], [kit.C.Run("B1", kit.hx(5, 2)), kit.C.Hold("B1")])
    assert not kit.of(evs, kit.E.MachineSet)
    assert "in the way" in kit.of(evs, kit.E.ActionLapsed)[0].reason
    assert b.state.machines == {"shutter": True}


def test_the_map_shows_the_shutter_with_a_sign_and_the_legend_names_both_settings(kit):
    """The map keeps letters for pieces: the shutter is drawn with a sign, down or up, and the legend has both."""
    b = battle(kit, [kit.ch("R1", (4, 2))], [kit.ch("B1", (8, 2))], map=WALLED, machines=[SHUTTER])
    view = board(b.state)
    glyph = view.terrain[kit.hx(5, 2)]
    assert glyph == "-" and not glyph.isalnum()
    names = {k.glyph: k.name for k in view.legend}
    assert "shutter" in names["-"].lower() and "shutter" in names["^"].lower()
    kit.round(b, [kit.C.Operate("R1", "shutter", True)], [kit.C.Hold("B1")])
    assert board(b.state).terrain[kit.hx(5, 2)] == "^"


def test_building_clearance_has_a_working_shutter():
    """The building clearance's south door is a roller shutter that starts up."""
    b = Battle.new("skirmishes", "building_clearance", seed=1)
    m = b.state.tables.machines["shutter"]
    assert b.state.machines == {"shutter": True} and layer(b.state).terrain[m.at] == "shutter_up"


# ---------------------------------------------------------------------------------------------------------------
# Drive a vehicle
# ---------------------------------------------------------------------------------------------------------------

def test_board_by_running_in_then_drive_and_the_passengers_ride_along(kit):
    """Miscellaneous: "drive a vehicle". Our reading: a run that ends in the vehicle's hex boards it (movement
    phase); a character inside, or boarding this round, drives it as its miscellaneous action up to its speed
    along the ground it drives on, everyone inside riding along."""
    b = battle(kit, [kit.ch("R1", (0, 0)), kit.ch("R2", (0, 1))], [kit.ch("B1", (15, 3))], map=ROAD,
               vehicles=[CAR])
    car = kit.hx(2, 0)
    assert b.state.vehicles == {"car": car}
    assert car in run_options(b.state, kit.char(b, "R1"))
    assert b.refusal(kit.C.Drive("R1", kit.hx(10, 0))) is not None  # not in it, and no run into it
    b.submit(kit.C.Run("R1", car))
    assert b.refusal(kit.C.Drive("R1", kit.hx(13, 0))) is not None  # 11 hexes: beyond its speed of 10
    assert b.refusal(kit.C.Drive("R1", kit.hx(10, 1))) is not None  # off the road
    evs = kit.round(b, [kit.C.Drive("R1", kit.hx(10, 0)), kit.C.Run("R2", car), kit.C.Hold("R2")],
                    [kit.C.Hold("B1")])
    assert [(e.character, e.vehicle) for e in kit.of(evs, kit.E.Boarded)] == [("R1", "car"), ("R2", "car")]
    drive = kit.of(evs, kit.E.VehicleDriven)[0]
    assert (drive.driver, drive.path[0], drive.path[-1], drive.riders) == ("R1", car, kit.hx(10, 0), ("R2",))
    assert len(drive.path) == 9 and not drive.cut_short
    s = b.state
    assert s.vehicles["car"] == kit.hx(10, 0)
    assert [(c.id, c.pos, c.aboard) for c in s.passengers("car")] == [("R1", kit.hx(10, 0), "car"),
                                                                      ("R2", kit.hx(10, 0), "car")]
    assert kit.hx(10, 0) not in s.occupant


def test_those_inside_a_vehicle_are_in_cover(kit):
    """Cover and Movement with a vehicle, our reading: those inside are in cover (shots at them have
    disadvantage), and so is anyone just behind it, as with a wrecked car."""
    b = battle(kit, [kit.ch("R1", (1, 0)), kit.ch("R2", (1, 1))], [kit.ch("B1", (6, 0))], map=ROAD,
               vehicles=[CAR], dice=[6, 6, 6])
    kit.round(b, [kit.C.Run("R1", kit.hx(2, 0)), kit.C.Hold("R1")], [kit.C.Hold("B1")])
    s = b.state
    assert kit.char(b, "R1").aboard == "car" and in_cover(s, kit.hx(2, 0), kit.hx(6, 0))
    kit.rescript(b, [5, 4, 1])
    evs = kit.round(b, [kit.C.Aim("R1")], [kit.C.Shoot("B1", "assault_rifle", "R1")])
    roll = kit.of(evs, kit.E.SkillRolled)[0]
    assert roll.mode == "disadvantage" and "target in cover" in roll.against_reasons
    assert (roll.kept, roll.success) == ((4, 1), False)


def test_a_vehicle_stops_short_when_someone_runs_into_its_way(kit):
    """Miscellaneous, drive a vehicle, our reading: driving comes after the movement phase; when a runner now
    stands on its road it stops at the last clear hex before them."""
    b = battle(kit, [kit.ch("R1", (1, 0))], [kit.ch("B1", (6, 1))], map=ROAD, vehicles=[CAR])
    kit.round(b, [kit.C.Run("R1", kit.hx(2, 0)), kit.C.Hold("R1")], [kit.C.Hold("B1")])
    evs = kit.round(b, [kit.C.Drive("R1", kit.hx(10, 0))], [kit.C.Run("B1", kit.hx(6, 0)), kit.C.Hold("B1")])
    drive = kit.of(evs, kit.E.VehicleDriven)[0]
    assert drive.cut_short and drive.path[-1] == kit.hx(5, 0)
    assert b.state.vehicles["car"] == kit.hx(5, 0) and kit.char(b, "R1").pos == kit.hx(5, 0)


def test_getting_out_is_a_run_from_the_vehicle_and_the_enemy_cannot_get_in_while_one_is_inside(kit):
    """Our reading: a passenger's run starts in the vehicle (it gets out); a vehicle takes no one while an able
    enemy of theirs sits in it, nor more than its seats."""
    b = battle(kit, [kit.ch("R1", (1, 0))], [kit.ch("B1", (4, 1))], map=ROAD, vehicles=[CAR])
    kit.round(b, [kit.C.Run("R1", kit.hx(2, 0)), kit.C.Hold("R1")], [kit.C.Hold("B1")])
    assert kit.hx(2, 0) not in run_options(b.state, kit.char(b, "B1"))
    evs = kit.round(b, [kit.C.Run("R1", kit.hx(2, 2)), kit.C.Hold("R1")], [kit.C.Hold("B1")])
    assert [type(e) for e in evs if type(e) in (kit.E.Disembarked, kit.E.CharacterMoved)] == \
        [kit.E.Disembarked, kit.E.CharacterMoved]
    r1 = kit.char(b, "R1")
    assert (r1.aboard, r1.pos) == ("", kit.hx(2, 2)) and b.state.occupant[kit.hx(2, 2)] == "R1"
    assert kit.hx(2, 0) in run_options(b.state, kit.char(b, "B1"))


def test_the_car_carries_the_patrol_off_the_exit_edge(kit):
    """Victory by getting away (this game's scenario conditions) counts those carried off the edge in a
    vehicle: at the end of the round everyone inside it on the exit edge gets away."""
    b = battle(kit, [kit.ch("R1", (11, 0)), kit.ch("R2", (11, 1))], [kit.ch("B1", (3, 4))], map=ROAD,
               vehicles=[dict(CAR, at=[12, 0])],
               victory={"round_limit": 5, "at_limit": "blue", "exit": {"side": "red", "edge": "east", "needed": 2}})
    evs = kit.round(b, [kit.C.Run("R1", kit.hx(12, 0)), kit.C.Drive("R1", kit.hx(19, 0)),
                        kit.C.Run("R2", kit.hx(12, 0)), kit.C.Hold("R2")], [kit.C.Hold("B1")])
    assert sorted(e.character for e in kit.of(evs, kit.E.Escaped)) == ["R1", "R2"]
    assert b.state.result == ("red", "Red got 2 characters away")


def test_the_default_player_escapes_in_the_street_ambush_car():
    """The computer player uses the car when it clearly helps: in the street ambush the patrol's first orders
    (after the ambushers' surprise round) put people in the car and drive it east."""
    system = get_system("skirmishes")
    b = Battle.new("skirmishes", "street_ambush", seed=4)
    ai = system.computer_players()["default"](0)
    while b.state.round < 3 and b.outcome() is None:  # the surprise round, then the patrol's first round
        b.submit(ai.choose(system, b.state))
    evs = [e for batch in b.events for e in batch]
    drove = [e for e in evs if type(e).__name__ == "VehicleDriven"]
    assert drove and drove[0].path[-1].distance(drove[0].path[0]) >= 8, "the patrol never drove the car east"
    boarded = [e for e in evs if type(e).__name__ == "Boarded"]
    assert len(boarded) >= 2


# ---------------------------------------------------------------------------------------------------------------
# Heavy artillery
# ---------------------------------------------------------------------------------------------------------------

SHELLS = {"name": "Barrage", "rounds": [1], "shells": 1, "corner": [0, 0], "width": 4, "height": 4,
          "damage_bonus": 1}


def test_a_shell_breaks_armour_instantly(kit):
    """Attacks and Damage: "Armor instantly breaks when hit by anti-materiel rifles, plasma casters, and heavy
    artillery." Our heavy artillery: at the end of a scheduled round a shell lands on a hex of the area (a d4
    for the column, a d4 for the row here) and bursts like a high-explosive grenade; R1 fails its dive, and the
    hit on its vest-covered torso breaks the vest and still lands (4 + 1 for the shell)."""
    b = battle(kit, [kit.ch("R1", (2, 0))], [kit.ch("B1", (15, 4))], shelling=[SHELLS],
               dice=[3, 1, 2, 3, 4, 4])  # column 3, row 1 -> (2, 0); dive 2+3 = 5 fails; hit 4, 4: torso, 4
    evs = kit.round(b, [kit.C.Hold("R1")], [kit.C.Hold("B1")])
    landed = kit.of(evs, kit.E.ShellLanded)
    assert [(e.name, e.at) for e in landed] == [("Barrage", kit.hx(2, 0))]
    dive = kit.of(evs, kit.E.SkillRolled)[0]
    assert (dive.character, dive.total, dive.success) == ("R1", 5, False)
    hit = kit.of(evs, kit.E.HitScored)[0]
    assert (hit.weapon, hit.location, hit.damage, hit.breaks_armour) == ("heavy_artillery", "torso", 5, True)
    broken = kit.of(evs, kit.E.ArmourBroken)[0]
    assert (broken.character, broken.location, broken.weapon) == ("R1", "torso", "heavy_artillery")
    assert not kit.of(evs, kit.E.ArmourStopped)
    r1 = kit.char(b, "R1")
    assert r1.armour["torso"] == 0 and r1.damage == {"torso": 5}


def test_a_grenade_burst_is_stopped_by_the_same_armour(kit):
    """Against the same vest a high-explosive grenade's fragments are stopped (Attacks and Damage: armour stops
    hits until spent), which is what sets heavy artillery apart."""
    b = kit.battle([kit.ch("R1", (0, 0), "grenadier", grenades={"he": 1})], [kit.ch("B1", (6, 0))],
                   dice=[6, 6, 2, 3, 4, 4])
    evs = kit.round(b, [kit.C.Throw("R1", "he", kit.hx(6, 0))], [kit.C.Hold("B1")])
    evs += b.submit(kit.C.LetItLie(kit.of(evs, kit.E.GrenadeThrown)[0].id))  # B1 does not reach for it
    assert kit.of(evs, kit.E.ArmourStopped) and not kit.of(evs, kit.E.ArmourBroken)


def test_shells_spare_those_behind_cover_and_fall_only_in_their_rounds(kit):
    """Our heavy artillery bursts like a high-explosive grenade (Grenades: those "within short range and not
    behind cover" must dive): a character in cover is sheltered; no shell falls in an unscheduled round."""
    covered = "\n".join([":" + "." * 19] + ["." * 20] * 4)
    b = battle(kit, [kit.ch("R1", (0, 0))], [kit.ch("B1", (15, 4))], shelling=[dict(SHELLS, rounds=[2])],
               map=covered, dice=[])
    evs = kit.round(b, [kit.C.Hold("R1")], [kit.C.Hold("B1")])
    assert not kit.of(evs, kit.E.ShellLanded)
    kit.rescript(b, [2, 1])  # column 2, row 1 -> (1, 0), next to R1 in its rubble
    evs = kit.round(b, [kit.C.Hold("R1")], [kit.C.Hold("B1")])
    assert [e.at for e in kit.of(evs, kit.E.ShellLanded)] == [kit.hx(1, 0)]
    assert [(e.character, e.reason) for e in kit.of(evs, kit.E.Sheltered)] == [("R1", "behind cover")]
    assert not kit.of(evs, kit.E.SkillRolled)


def test_the_field_crossing_has_a_barrage_in_round_two():
    """The field crossing schedules Blue's barrage for the end of round 2 on the middle of the field, with a d20
    for the column and a d8 for the row."""
    b = Battle.new("skirmishes", "field_crossing", seed=1)
    (sh,) = b.state.tables.shelling
    assert sh.rounds == (2,) and sh.shells == 2 and (sh.width, sh.height) == (20, 8)
    assert all(h in b.state.tables.board for h in sh.area())
