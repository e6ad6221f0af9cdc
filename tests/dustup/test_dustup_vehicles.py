"""Armoured Dustup: Vehicles on the ground (book: "Vehicles", General Rules to Super-Heavy Vehicles).

Each test builds a small battle with scripted dice and checks what the book says happens.
Positions are odd-r offsets (col, row). Scale: 1 hex = 2 inches, so a vehicle's D12 x 2 inches is
the roll in hexes, "within 2 inches" is the vehicle's hex or a hex next to it.
"""

from __future__ import annotations

import dustkit
import pytest

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Script
from hexfront.engine.systems.dustup import closecombat, courage, fire, rules, vehicles
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import CONFIDENT, KILLED, STEADY
from hexfront.engine.systems.dustup.vehicles import Disembark, Embark, Release, TankShock, Tow, Turn

hx = dustkit.hx

# a grav ground vehicle (the content's grav movers are all aircraft)
GRAV = {"grav_tank": dict(name="grav tank", kind="vehicle", size=2, mover="grav",
                          armour=dict(front="d12x2", side="d12", rear="d12", top="d8", belly="d8"), weapons=[])}


def vbattle(red, blue, dice=(), *, map=dustkit.OPEN, extra_vehicles=None, **kw) -> Battle:
    """dustkit.battle with extra vehicle types in the content."""
    c = dustkit.content(red, blue, map=map, **kw)
    c["vehicles"].update(extra_vehicles or {})
    setup = BattleSetup(system="dustup", scenario="test", seed=0, content=c,
                        rules_version=dustkit.SYSTEM.rules_version, options=dustkit.SYSTEM.default_options(),
                        script=Script(tuple(dustkit.ROLL_OFF_RED) + tuple(dice)))
    b = Battle(dustkit.SYSTEM, setup)
    b.submit(C.ChooseFirst(True))
    return b


def veh(uid, vtype, at, **kw):
    return dict(id=uid, vehicle=vtype, at=list(at), **kw)


def squad(uid, at, n=4, **kw):
    kw.setdefault("name", uid.upper())
    return dustkit.unit(uid, at, ["leader:rifle", f"rifle*{n - 1}"], **kw)


FAR_BLUE = squad("bb", (15, 9), 2)
FAR_RED = squad("rr", (15, 0), 2)


def set_field(b, uid, field, value):
    dustkit.set_unit(b, uid, **{field: value})


def unit(b, uid):
    return b.state.units[uid]


def notes(events) -> str:
    return "\n".join(e.text for e in events if isinstance(e, E.Note))


def rolled(events) -> list[tuple[int, int]]:
    return [(e.sides, e.result) for e in events if isinstance(e, DieRolled)]


def purposes(events) -> list[str]:
    return [e.purpose for e in events if isinstance(e, DieRolled)]


# ---------------------------------------------------------------------------------------------
# Vehicle Movement: the six tables (content/dustup/terrain.toml) against the book
# ---------------------------------------------------------------------------------------------

# The book's six tables, row by row, in this map's terrain ("woods" are light woods, a "stream" is a
# ford; open water for amphibious vehicles is checked separately). Walls and buildings are this
# game's obstacles and are not in the book's tables.
BOOK = {
    "wheeled_low": {"road": "clear", "open": "poor", "scrub": "difficult", "fields": "difficult",
                    "stream": "difficult", "rough": "impassable", "swamp": "impassable", "woods": "impassable",
                    "water": "impassable"},
    "wheeled_high": {"road": "clear", "open": "clear", "scrub": "poor", "fields": "poor", "rough": "difficult",
                     "swamp": "difficult", "stream": "difficult", "woods": "impassable", "water": "impassable"},
    "tracked": {"road": "clear", "open": "clear", "scrub": "clear", "rough": "poor", "fields": "poor",
                "woods": "difficult", "stream": "difficult", "swamp": "impassable", "water": "impassable"},
    "hover": {"road": "clear", "open": "clear", "water": "clear", "swamp": "clear", "scrub": "poor",
              "fields": "poor", "rough": "difficult", "stream": "difficult", "woods": "impassable"},
    "grav": {"road": "clear", "open": "clear", "water": "clear", "stream": "clear", "scrub": "clear",
             "fields": "clear", "swamp": "clear", "rough": "poor", "woods": "impassable"},
    "walker": {"road": "clear", "open": "clear", "scrub": "clear", "rough": "poor", "fields": "poor",
               "woods": "difficult", "swamp": "difficult", "stream": "difficult", "water": "difficult"},
}


@pytest.mark.parametrize("mover", sorted(BOOK))
def test_the_terrain_tables_are_the_books_six_movement_tables(mover):
    """Vehicle Movement: what each terrain is for each method of movement (the six tables)."""
    terrain = dustkit.base_content()["terrain"]
    for tid, cls in BOOK[mover].items():
        assert terrain[tid]["vehicles"][mover] == cls, (mover, tid)
    assert terrain["building"]["vehicles"][mover] == "impassable"


def test_amphibious_vehicles_use_the_books_amphibious_rows_for_open_water():
    """Vehicle Movement: open water is difficult for amphibious low-mobility wheels, poor for
    amphibious high-mobility wheels and tracks, impassable when not amphibious."""
    amph = {"amph_truck": dict(name="amphibious truck", kind="vehicle", size=2, mover="wheeled_low", amphibious=True,
                               armour=dict(front="d8", side="d8", rear="d8", top="d8", belly="d8"), weapons=[]),
            "amph_track": dict(name="amphibious tracked carrier", kind="vehicle", size=2, mover="tracked",
                               amphibious=True,
                               armour=dict(front="d12", side="d12", rear="d12", top="d8", belly="d8"), weapons=[])}
    b = vbattle([veh("A", "apc", (0, 0)), veh("L", "amph_truck", (2, 0)), veh("K", "amph_track", (4, 0)),
                 veh("T", "truck", (6, 0)), veh("M", "mbt", (8, 0))], [FAR_BLUE],
                map="\n".join(["-" * 16] * 10), extra_vehicles=amph)
    water = hx(0, 5)
    got = {u: rules.vehicle_class(b.state, unit(b, u), water) for u in "ALKTM"}
    assert got == {"A": "poor", "L": "difficult", "K": "poor", "T": "impassable", "M": "impassable"}


# a corridor along row 1 walled in by buildings (impassable to every mover): the vehicle starts on
# the road at column 0 and meets one hex of each class, in order: clear, poor, difficult, impassable
CORRIDORS = {
    "truck": "==.,:=",  # wheeled_low: road clear, open poor, scrub difficult, rough impassable
    "apc": "=.,:*=",  # wheeled_high: open clear, scrub poor, rough difficult, woods impassable
    "mbt": "=,:*%=",  # tracked: scrub clear, rough poor, light woods difficult, swamp impassable
    "hovertank": "=-;~*=",  # hover: water clear, fields poor, stream difficult, woods impassable
    "grav_tank": "=%:#*=",  # grav: swamp clear, rough poor, wall difficult (an obstacle), woods impassable
    "walker_mech": "=,;-@=",  # walker: scrub clear, fields poor, wading in open water difficult, building
}


def corridor(row: str) -> str:
    wall = "@" * 16
    return "\n".join([wall, row + "@" * (16 - len(row)), wall, wall[:-1] + "."])


def corridor_battle(vtype, dice=()):
    return vbattle([veh("V", vtype, (0, 1))], [dict(id="bb", at=[15, 3], figures=["rifle*2"])], dice,
                   map=corridor(CORRIDORS[vtype]), extra_vehicles=GRAV)


@pytest.mark.parametrize("vtype", sorted(CORRIDORS))
def test_clear_poor_and_difficult_cost_one_two_and_three_points_a_hex(vtype):
    """Vehicle Movement: movement is reduced as for infantry: clear 1 point a hex, poor 2, difficult 3.
    A roll of 6 takes the vehicle through a clear, a poor and a difficult hex; 5 is one short."""
    die = 6 if vtype == "walker_mech" else 12
    b = corridor_battle(vtype, [6])
    ev = b.submit(C.Move("V", hx(3, 1)))
    assert unit(b, "V").pos == hx(3, 1)
    assert rolled(ev) == [(die, 6)]
    b = corridor_battle(vtype, [5])
    b.submit(C.Move("V", hx(3, 1)))
    assert unit(b, "V").pos == hx(2, 1)


@pytest.mark.parametrize("vtype", sorted(CORRIDORS))
def test_impassable_terrain_stops_each_kind_of_vehicle(vtype):
    """Vehicle Movement: the impassable row of each table."""
    b = corridor_battle(vtype)
    assert "no way to get there" in b.refusal(C.Move("V", hx(5, 1)))


def test_mechs_and_monsters_roll_a_d6_and_vehicles_a_d12():
    """Vehicle Movement: most vehicles have a D12 mobility die; mechs and monsters a D6."""
    b = vbattle([veh("M", "walker_mech", (0, 0)), veh("T", "mbt", (0, 2)), veh("W", "brute", (0, 4))], [FAR_BLUE])
    assert [unit(b, u).move_die for u in "MTW"] == [6, 12, 6]


def test_a_vehicle_faces_the_way_it_drove_and_counts_its_move():
    """Vehicle Movement (this game's reading): after a move the vehicle's front faces the direction
    of its last step, and the move is counted for weapon stabilisation."""
    b = vbattle([veh("T", "mbt", (2, 4), facing=3)], [FAR_BLUE], [3])
    b.submit(C.Move("T", hx(5, 4)))
    t = unit(b, "T")
    assert t.pos == hx(5, 4) and t.facing == 0 and t.moves == 1


def test_a_vehicle_may_turn_on_the_spot_with_a_move_action():
    """Vehicle Movement (this game's reading): turning in place to any facing takes a move action."""
    b = vbattle([veh("T", "mbt", (2, 4), facing=0)], [FAR_BLUE])
    assert b.refusal(Turn("T", 0)) == "main battle tank already faces that way"
    b.submit(Turn("T", 3))
    t = unit(b, "T")
    assert t.facing == 3 and t.moves == 1 and b.state.active.actions == 1


# ---------------------------------------------------------------------------------------------
# Vehicle Damage and Suppression and Vehicles: terrain one class harder
# ---------------------------------------------------------------------------------------------


def test_each_damage_marker_makes_terrain_one_class_more_difficult():
    """Vehicle Damage: clear becomes poor, poor difficult, difficult impassable; with enough damage
    everything is impassable. A roll of 2 on open ground: 2 hexes undamaged, 1 with one marker."""
    b = vbattle([veh("T", "mbt", (2, 4))], [FAR_BLUE], [2])
    set_field(b, "T", "damage", 1)
    st, t = b.state, unit(b, "T")
    assert [rules.vehicle_class(st, t, hx(c, 4)) for c in (5,)] == ["poor"]
    b.submit(C.Move("T", hx(6, 4)))
    assert unit(b, "T").pos == hx(3, 4)
    set_field(b, "T", "damage", 3)
    assert rules.vehicle_class(st, unit(b, "T"), hx(8, 4)) == "impassable"
    assert not [c for c in b.legal_commands() if isinstance(c, C.Move)]


def test_damage_turns_poor_ground_difficult_and_difficult_impassable():
    """Vehicle Damage: the shift applies to every class (a tracked vehicle: rough is poor, woods difficult)."""
    b = vbattle([veh("T", "mbt", (0, 0))], [FAR_BLUE], map="\n".join([":*" + "." * 14] * 10))
    st = b.state
    assert (rules.vehicle_class(st, unit(b, "T"), hx(0, 2)), rules.vehicle_class(st, unit(b, "T"), hx(1, 2))) == \
        ("poor", "difficult")
    set_field(b, "T", "damage", 1)
    assert (rules.vehicle_class(st, unit(b, "T"), hx(0, 2)), rules.vehicle_class(st, unit(b, "T"), hx(1, 2))) == \
        ("difficult", "impassable")


def test_a_suppressed_vehicle_still_moves_but_terrain_is_one_class_harder():
    """Suppression and Vehicles: vehicles may move while suppressed, but every terrain counts one
    level more difficult (open ground costs the tank 2 a hex)."""
    b = vbattle([veh("T", "mbt", (2, 4))], [FAR_BLUE], [4])
    set_field(b, "T", "suppression", 1)
    assert b.refusal(C.Move("T", hx(6, 4))) is None
    b.submit(C.Move("T", hx(6, 4)))
    assert unit(b, "T").pos == hx(4, 4)


def test_suppression_and_damage_add_up():
    """Suppression and Vehicles with Vehicle Damage: both shifts apply (open ground: clear -> difficult)."""
    b = vbattle([veh("T", "mbt", (2, 4))], [FAR_BLUE])
    set_field(b, "T", "suppression", 1)
    set_field(b, "T", "damage", 1)
    assert rules.vehicle_class(b.state, unit(b, "T"), hx(3, 4)) == "difficult"


def test_vehicles_do_not_prop():
    """Vehicles (this game's reading): propping is for troops using local cover; vehicles cannot."""
    b = vbattle([veh("T", "mbt", (2, 4))], [FAR_BLUE])
    assert "do not prop" in b.refusal(C.Prop("T"))


def test_what_cannot_drive_is_refused_a_move():
    """Vehicles: an immobilised vehicle, a building and a turret do not move; aircraft fly by their
    own orders; passengers must disembark first."""
    b = vbattle([veh("T", "mbt", (2, 4)), veh("H", "bunker", (6, 4)), veh("G", "gunship", (8, 2)),
                 veh("A", "apc", (10, 4)), squad("P", (10, 4), 4, **{"in": "A"})], [FAR_BLUE])
    set_field(b, "T", "immobilised", True)
    assert "immobilised" in b.refusal(C.Move("T", hx(3, 4)))
    assert "cannot move" in b.refusal(C.Move("H", hx(7, 4)))
    assert "aircraft" in b.refusal(C.Move("G", hx(9, 2)))
    assert "disembark first" in b.refusal(C.Move("P", hx(11, 4)))
    assert not [c for c in b.legal_commands() if isinstance(c, C.Move) and c.unit in ("T", "H", "G", "P")]


# ---------------------------------------------------------------------------------------------
# Transport of Infantry
# ---------------------------------------------------------------------------------------------


def transport(dice=(), **kw):
    return vbattle([veh("A", "apc", (5, 4)), squad("S", (6, 4), 8), squad("X", (4, 4), 4), squad("F", (8, 4), 4)],
                   [FAR_BLUE], dice, **kw)


def test_mounting_takes_one_action_from_within_two_inches():
    """Transport of Infantry: mounting is one action of the passenger unit, all its models within
    2 inches of the vehicle (here: on a hex next to it); the passengers then go where it goes."""
    b = transport([5])
    assert "within 2 inches" in b.refusal(Embark("F", "A"))
    b.submit(Embark("S", "A"))
    s = unit(b, "S")
    assert s.carried_by == "A" and s.pos == hx(5, 4) and b.state.occupant[hx(5, 4)] == "A"
    assert hx(6, 4) not in b.state.occupant
    assert b.state.active.actions == 1


def test_capacity_counts_figures():
    """Transport of Infantry: the carrying capacity (10 for the APC) limits the troops carried."""
    b = transport()
    b.submit(Embark("S", "A"))
    b.submit(C.EndActivation())
    b.submit(C.Hold("bb"))
    assert b.refusal(Embark("X", "A")) == "armoured personnel carrier has room for 2 more figures; X has 4"


def test_passengers_ride_along_and_dismount_within_two_inches():
    """Transport of Infantry: dismounting is one action; the unit is set down within 2 inches (a hex
    next to the vehicle) and may use its second action to move on."""
    b = vbattle([veh("A", "apc", (2, 4)), squad("S", (2, 4), 4, **{"in": "A"})], [FAR_BLUE], [3, 2])
    b.submit(C.Move("A", hx(5, 4)))
    assert unit(b, "S").pos == hx(5, 4)
    b.submit(C.EndActivation())
    b.submit(C.Hold("bb"))
    assert "within 2 inches" in b.refusal(Disembark("S", hx(7, 4)))
    b.submit(Disembark("S", hx(6, 4)))
    s = unit(b, "S")
    assert s.carried_by is None and s.pos == hx(6, 4) and b.state.occupant[hx(6, 4)] == "S"
    b.submit(C.Move("S", hx(8, 4)))
    assert unit(b, "S").pos == hx(8, 4)


def test_passengers_may_not_disembark_while_the_vehicle_is_suppressed():
    """Suppression and Vehicles: when suppressed, passengers may not disembark."""
    b = vbattle([veh("A", "apc", (2, 4)), squad("S", (2, 4), 4, **{"in": "A"})], [FAR_BLUE])
    set_field(b, "A", "suppression", 1)
    assert "may not disembark" in b.refusal(Disembark("S", hx(3, 4)))


def test_aircraft_are_boarded_and_left_only_on_the_ground():
    """Transport of Infantry with aircraft: boarding and dismounting need a landed aircraft here
    (drops from a hovering aircraft are the air rules' business)."""
    b = vbattle([veh("D", "dropship", (5, 4), air="hovering"), squad("S", (6, 4), 4)], [FAR_BLUE])
    assert "in the air" in b.refusal(Embark("S", "D"))
    set_field(b, "D", "air", "grounded")
    assert b.refusal(Embark("S", "D")) is None


def test_passengers_of_a_destroyed_vehicle_bail_out_next_to_it():
    """Transport of Infantry (this game's reading of a destroyed carrier, vehicles.bail_out): the
    passengers still aboard a wreck get out onto free hexes next to it, away from the enemy if they
    can, one unit to a hex."""
    b = vbattle([veh("A", "apc", (5, 4)), squad("S", (5, 4), 4, **{"in": "A"}), squad("R", (5, 4), 4, **{"in": "A"})],
                [squad("bb", (8, 4), 2)])
    c = dustkit.ctx(b)
    c.emit(E.FigureChanged(unit="A", figure="A.0", status=KILLED, wounds=0))
    vehicles.bail_out(c, unit(b, "A"))
    s, r = unit(b, "S"), unit(b, "R")
    assert s.carried_by is None and r.carried_by is None
    assert hex_distance(s.pos, hx(5, 4)) == 1 and hex_distance(r.pos, hx(5, 4)) == 1 and s.pos != r.pos
    assert not rules.adjacent_to_enemy(b.state, "red", s.pos) and b.state.occupant[s.pos] == "S"


# ---------------------------------------------------------------------------------------------
# Hits on vehicles (the impact against armour roll used by close assault)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("impact_roll, armour_roll, result", [(6, 6, "none"), (7, 6, "damaged"), (12, 6, "damaged"),
                                                             (12, 5, "destroyed")])
def test_impact_beating_armour_damages_and_more_than_double_destroys(impact_roll, armour_roll, result):
    """Firing at Vehicles: impact above the armour die: a damage marker; more than double: destroyed."""
    b = vbattle([veh("T", "light_tank", (5, 4))], [FAR_BLUE])
    assert vehicles.apply_hit(dustkit.ctx(b, [impact_roll, armour_roll]), unit(b, "T"), 12, "side") == result
    t = unit(b, "T")
    assert t.damage == (1 if result == "damaged" else 0)
    assert t.destroyed == (result == "destroyed")


# ---------------------------------------------------------------------------------------------
# Towing and Pushing Vehicles
# ---------------------------------------------------------------------------------------------


def tow_battle(dice=(), tower="mbt", towed="light_tank"):
    return vbattle([veh("T", tower, (4, 4), facing=0), veh("L", towed, (3, 4)), veh("S", "technical", (5, 4)),
                    veh("H", "hovertank", (4, 6))], [FAR_BLUE], dice)


def test_towing_is_a_reorganise_action_and_halves_the_movement_die():
    """Towing and Pushing Vehicles: one reorganise action to attach; the tower then rolls half its
    die (D12 -> D6), and the towed vehicle follows behind into the hex the tower left."""
    b = tow_battle([4])
    set_field(b, "L", "immobilised", True)
    b.submit(Tow("T", "L"))
    assert unit(b, "T").towing == "L"
    assert rules.movement_die(b.state, unit(b, "T"), False)[0] == 6
    ev = b.submit(C.Move("T", hx(8, 4)))
    assert rolled(ev) == [(6, 4)]
    assert unit(b, "T").pos == hx(8, 4) and unit(b, "L").pos == hx(7, 4)
    assert unit(b, "L").facing == 0 and b.state.occupant[hx(7, 4)] == "L"


def test_a_vehicle_tows_nothing_more_than_one_size_larger():
    """Towing and Pushing Vehicles: a size 1 vehicle tows size 2 at most (the size 3 tank is too big);
    a size 2 light tank may tow the size 3 tank."""
    b = tow_battle()
    assert "one size larger" in b.refusal(Tow("S", "T"))
    assert b.refusal(Tow("L", "T")) is None


def test_grav_hover_and_damaged_vehicles_do_not_tow():
    """Towing and Pushing Vehicles: grav and hover vehicles may not tow or push; nor may damaged ones."""
    b = tow_battle()
    assert "grav and hover" in b.refusal(Tow("H", "T"))
    set_field(b, "T", "damage", 1)
    assert "damaged" in b.refusal(Tow("T", "L"))


def test_a_towed_vehicle_does_not_drive_off_on_its_own_and_the_tow_can_be_dropped():
    """Towing and Pushing Vehicles (this game's reading): the towed vehicle moves with its tower;
    Release drops the tow with a reorganise action."""
    b = tow_battle()
    b.submit(Tow("T", "L"))
    assert "under tow" in rules.vehicle_cannot_move(b.state, unit(b, "L"))
    b.submit(Release("T"))
    assert unit(b, "T").towing is None
    assert rules.movement_die(b.state, unit(b, "T"), False)[0] == 12


# ---------------------------------------------------------------------------------------------
# Super-Heavy Vehicles
# ---------------------------------------------------------------------------------------------


def test_turrets_are_units_of_their_own_on_the_hulls_hex():
    """Super-Heavy Vehicles: each turret is a separate unit for activation, suppression and damage;
    the attacker nominates turret or hull; the turrets ride on the hull and fight on if it is
    destroyed."""
    b = vbattle([veh("LT", "land_train", (5, 4))], [squad("bb", (5, 9), 4)], [5])
    st = b.state
    turrets = [u for u in st.units.values() if u.hull == "LT"]
    assert [t.id for t in turrets] == ["LT-t1", "LT-t2"] and all(t.pos == hx(5, 4) for t in turrets)
    assert st.occupant[hx(5, 4)] == "LT"
    b.submit(C.Move("LT", hx(5, 6)))
    assert all(unit(b, t.id).pos == unit(b, "LT").pos != hx(5, 4) for t in turrets)
    assert "cannot move" in rules.vehicle_cannot_move(st, unit(b, "LT-t1"))
    b.submit(C.EndActivation())
    # blue may fire at a turret or at the hull
    assert b.refusal(C.Shoot("bb", "LT-t1")) is None and b.refusal(C.Shoot("bb", "LT")) is None
    b.submit(C.Hold("bb"))
    # the turret activates on its own (here: turning), and fights on after the hull is destroyed
    vehicles.destroy(dustkit.ctx(b), unit(b, "LT"), "test", "Super-Heavy Vehicles")
    assert not unit(b, "LT").on_table and unit(b, "LT-t1").on_table
    b.submit(Turn("LT-t1", 2))
    assert unit(b, "LT-t1").facing == 2 and unit(b, "LT-t1").activated


# ---------------------------------------------------------------------------------------------
# Tank Shock
# ---------------------------------------------------------------------------------------------


def shock_battle(dice=(), **kw):
    """A size 2 light tank three hexes from an infantry squad with satchel charges; woods at (5,7)."""
    m = ["." * 16 for _ in range(10)]
    m[7] = "....." + "*" + "." * 10
    return vbattle([veh("L", "light_tank", (2, 4), facing=0), FAR_RED],
                   [dustkit.unit("I", (5, 4), ["leader:rifle", "rifle*2", "satchel_charge"], name="Infantry"),
                    FAR_BLUE], dice, map="\n".join(m), **kw)


def test_tank_shock_courage_test_counts_the_vehicle_as_units_of_its_size():
    """Tank Shock: the normal courage roll, the vehicle counting as units equal to its size: a size 2
    tank outnumbers one infantry unit two to one (the infantry's D8 becomes a D6). Infantry higher:
    the vehicle goes through their position while they stand their ground and let it pass."""
    b = shock_battle([5, 3, 5])
    ev = b.submit(TankShock("L", "I"))
    assert rolled(ev) == [(12, 5), (8, 3), (6, 5)]
    assert "outnumbered 2:1" in purposes(ev)[2]
    assert unit(b, "L").pos == hx(6, 4) and unit(b, "I").pos == hx(5, 4)
    assert unit(b, "I").confidence == CONFIDENT and unit(b, "I").activated
    assert unit(b, "L").facing == 0 and not unit(b, "L").damage


def test_infantry_more_than_doubling_the_vehicle_attack_it_as_it_passes():
    """Tank Shock: infantry scoring more than double may make one attack on the vehicle with
    grenades and satchel charges as if they had assaulted it: satchels D12x2 (10 x 2 = 20) against the
    light tank's D12 side armour (4): more than double, destroyed; then they fall back toward cover."""
    b = shock_battle([5, 2, 5, 10, 4, 4])
    ev = b.submit(TankShock("L", "I"))
    assert rolled(ev) == [(12, 5), (8, 2), (6, 5), (12, 10), (12, 4), (6, 4)]
    assert unit(b, "L").destroyed
    assert unit(b, "I").pos == hx(5, 7)  # the woods


def test_otherwise_the_infantry_withdraw_and_the_vehicle_overruns_their_position():
    """Tank Shock: otherwise the infantry withdraw (as from a lost courage test, one confidence level
    down) and the vehicle moves onto their position."""
    b = shock_battle([5, 5, 3, 4])
    ev = b.submit(TankShock("L", "I"))
    assert rolled(ev) == [(12, 5), (8, 5), (6, 3), (6, 4)]
    assert unit(b, "I").pos != hx(5, 4) and unit(b, "I").confidence == STEADY
    assert unit(b, "L").pos == hx(5, 4)


def test_a_short_drive_is_no_tank_shock():
    """Tank Shock (this game's reading): the vehicle must reach the infantry with its movement roll,
    as an assault must; short, it stops where the roll takes it and nothing more happens."""
    b = shock_battle([2])
    ev = b.submit(TankShock("L", "I"))
    assert rolled(ev) == [(12, 2)] and unit(b, "L").pos == hx(3, 4)  # not next to the enemy unless it gets in
    assert "too slow" in notes(ev)


def test_suppressed_vehicles_may_not_tank_shock():
    """Tank Shock / Suppression and Vehicles: no tank shock while suppressed."""
    b = shock_battle()
    set_field(b, "L", "suppression", 1)
    assert "suppressed" in b.refusal(TankShock("L", "I"))
    set_field(b, "L", "suppression", 0)
    assert b.refusal(TankShock("L", "I")) is None  # recovered, it may go


# ---------------------------------------------------------------------------------------------
# Close Assault: infantry assaulting vehicles
# ---------------------------------------------------------------------------------------------


def assault_battle(dice=(), target="light_tank", **kw):
    return vbattle([dustkit.unit("A", (2, 4), ["leader:rifle", "rifle*2", "satchel_charge"], name="Assault squad"),
                    FAR_RED], [veh("L", target, (5, 4), facing=3), FAR_BLUE], dice, **kw)


def test_infantry_assault_a_vehicle_with_one_impact_roll_and_then_fall_back():
    """Infantry Assaulting Vehicles: the normal courage test, the size 2 vehicle outnumbering the
    squad two to one (the squad's D8 becomes a D6); on contact no close combat but one opposed roll
    of the satchel charges' D12x2 against the vehicle's armour (this game's reading: side armour):
    4 x 2 = 8 beats 5 but is not double: a damage marker (and the tank tests its confidence, passing
    with 6). Then the infantry withdraw one move, out of contact."""
    b = assault_battle([5, 4, 3, 4, 5, 6, 4])
    b.submit(C.Assault("A", "L"))
    assert b.state.pending.kind == "withdraw"
    ev = b.submit(C.Decide("stand"))
    assert rolled(ev) == [(6, 5), (8, 4), (6, 3), (12, 4), (12, 5), (8, 6), (6, 4)]
    assert "outnumbered 2:1" in purposes(ev)[0]
    assert "side armour" in purposes(ev)[4]
    assert unit(b, "L").damage == 1 and unit(b, "L").pos == hx(5, 4)
    a = unit(b, "A")
    assert hex_distance(a.pos, hx(5, 4)) > 1 and a.confidence == CONFIDENT
    assert b.state.assault is None


def test_a_vehicle_is_never_forced_to_withdraw():
    """Infantry Assaulting Vehicles: the vehicle can't be forced to withdraw: a courage roll more than
    double the vehicle's still only brings the infantry into contact (the tank keeps its hex)."""
    b = assault_battle([6, 2, 3, 1, 5, 2])
    b.submit(C.Assault("A", "L"))
    ev = b.submit(C.Decide("stand"))
    assert unit(b, "L").pos == hx(5, 4) and unit(b, "L").confidence == CONFIDENT
    assert "makes contact" in notes(ev) and "no effect" in notes(ev)


def test_a_vehicle_may_withdraw_voluntarily():
    """Infantry Assaulting Vehicles: the vehicle only withdraws voluntarily (and then as any unit does)."""
    b = assault_battle([6])
    b.submit(C.Assault("A", "L"))
    b.submit(C.Decide("withdraw"))
    assert hex_distance(unit(b, "L").pos, unit(b, "A").pos) > 3


def test_vehicles_do_not_close_assault_but_mechs_do():
    """Close Assault: vehicles themselves do not close assault (they use tank shock); mechs and
    monsters may initiate an assault, but not while suppressed; passengers dismount first."""
    b = vbattle([veh("T", "mbt", (2, 4)), veh("M", "walker_mech", (2, 6)), veh("A", "apc", (2, 2)),
                 squad("P", (2, 2), 4, **{"in": "A"}), FAR_RED], [squad("I", (5, 4), 4), FAR_BLUE])
    assert "tank shock" in b.refusal(C.Assault("T", "I"))
    assert "disembark first" in b.refusal(C.Assault("P", "I"))
    assert b.refusal(C.Assault("M", "I")) is None
    set_field(b, "M", "suppression", 1)
    assert "suppressed" in b.refusal(C.Assault("M", "I"))


# ---------------------------------------------------------------------------------------------
# Close Assault: mechs and monsters
# ---------------------------------------------------------------------------------------------


def mech_battle(dice=(), **kw):
    return vbattle([veh("M", "walker_mech", (2, 4), facing=3), FAR_RED], [squad("I", (5, 4), 4), FAR_BLUE], dice,
                   **kw)


def test_a_mech_assaults_and_fights_like_infantry_using_its_size_to_outnumber():
    """Close Assault: Mechs and Monsters. The mech initiates an assault as infantry do, its size (2)
    outnumbering the squad two to one in the courage test and in combat (the squad's quality die
    D8 -> D6 as target); it strikes with its strike value and is struck back; the infantry's hits
    roll their close combat impact (D6) against its armour (front, facing them after its move):
    5 beats 2 x 2 = 4: one damage marker; 1 and 3 do nothing. In the outcome test the damage counts
    as a wounded figure (D8 -> D6); the mech loses and withdraws."""
    dice = [5, 4, 4,  # courage: mech D8 5, squad D6 4; move to contact D6 4
            6, 3, 2,  # round 1: squad's target die D6 6; mech quality D8 3, strike die D4 2: no success
            1, 8, 4,  # round 2: mech's target die D8 1; squad D8 8, strike D4 4: major, 24 / 8 = 3 hits
            5, 2, 1, 1, 3, 3,  # three impacts D6 against D12x2 armour
            3, 5,  # outcome: mech D6 (one damage) 3, squad D6 5: the squad wins, not by double
            3]  # the mech withdraws: D6
    b = mech_battle(dice)
    b.submit(C.Assault("M", "I"))
    ev = b.submit(C.Decide("stand"))
    assert rolled(ev) == [(8, 5), (6, 4), (6, 4), (6, 6), (8, 3), (4, 2), (8, 1), (8, 8), (4, 4),
                          (6, 5), (12, 2), (6, 1), (12, 1), (6, 3), (12, 3), (6, 3), (6, 5), (6, 3)]
    p = purposes(ev)
    assert "outnumbered 2:1" in p[1] and "D8 -> D6" in p[3]
    assert "front armour" in p[10]
    assert "each wounded figure" in p[15]
    m = unit(b, "M")
    assert m.damage == 1 and m.confidence == STEADY and hex_distance(m.pos, unit(b, "I").pos) > 1
    assert not m.leaderless


def test_damage_markers_shift_a_mechs_quality_die_down_when_it_defends():
    """Vehicle Damage: for each damage marker a mech's quality die is shifted down whenever it
    defends itself in close combat (D8 with two markers -> D4)."""
    b = mech_battle()
    set_field(b, "M", "damage", 2)
    c = dustkit.ctx(b, [1, 1, 1])
    closecombat._strike(c, ("I", courage.members(unit(b, "I"))), courage.members(unit(b, "I")), 1,
                    ("M", courage.members(unit(b, "M"))), 2, 2)
    assert [e.sides for e in c.events if isinstance(e, DieRolled)][0] == 4
    assert "2 damage markers -2" in [e.purpose for e in c.events if isinstance(e, DieRolled)][0]


def test_open_top_passengers_count_for_outnumbering_and_are_in_cover_when_assaulted():
    """Open Top Vehicles: attacking the vehicle, the occupying unit counts too (a size 2 truck with a
    squad aboard is three units: the attackers are outnumbered 3:1); attacking the passengers, they
    count as behind cover. The passengers of a closed vehicle cannot be assaulted."""
    b = vbattle([squad("A", (2, 4), 4), FAR_RED],
                [veh("T", "truck", (5, 4)), squad("P", (5, 4), 4, **{"in": "T"}), veh("C", "apc", (5, 6)),
                 squad("Q", (5, 6), 4, **{"in": "C"}), FAR_BLUE])
    st = b.state
    rows = courage.courage_shifts(st, ("A", courage.members(unit(b, "A"))), ("T", courage.members(unit(b, "T"))),
                                  False)
    assert [r for r, _ in rows] == ["outnumbered 3:1 or more"]
    rows = courage.courage_shifts(st, ("P", courage.members(unit(b, "P"))), ("A", courage.members(unit(b, "A"))),
                                  True)
    assert ("defender in cover or propped", 1) in rows
    assert b.refusal(C.Assault("A", "P")) is None
    assert "assault the vehicle itself" in b.refusal(C.Assault("A", "Q"))


def test_passengers_of_an_open_top_vehicle_give_final_defensive_fire(monkeypatch):
    """Final Defensive Fire / Open Top Vehicles: when the attackers fail to reach the vehicle in their
    first move, its passengers (who can fire out of an open top) make final defensive fire."""
    calls = []

    def fake(ctx, firer, target):
        calls.append((firer.id, target.id))
        return 0

    monkeypatch.setattr(fire, "final_defensive_fire", fake)
    b = vbattle([squad("A", (2, 4), 4), FAR_RED],
                [veh("T", "truck", (5, 4)), squad("P", (5, 4), 4, **{"in": "T"}), FAR_BLUE], [4, 2, 1])
    b.submit(C.Assault("A", "T"))
    ev = b.submit(C.Decide("stand"))
    assert calls == [("P", "A")]
    assert "too slow" in notes(ev)


def test_only_infantry_are_tank_shocked():
    """Tank Shock: an attempt to overrun infantry; a vehicle is not a target for it."""
    b = vbattle([veh("L", "light_tank", (2, 4)), FAR_RED], [veh("E", "mbt", (5, 4)), FAR_BLUE])
    assert "against infantry" in b.refusal(TankShock("L", "E"))


def test_a_mech_assaulting_a_vehicle_strikes_and_is_not_struck_back():
    """Close Assault: only monsters and mechs fight back, so a tank assaulted by a mech does not
    (this game's reading: the mech strikes one round, no outcome test). Sizes 2 and 2: nobody is
    outnumbered. Three hits of the mech's D12 against the tank's front D12x2 (facing the mech):
    the first, 12 against 1 x 2, destroys it."""
    b = vbattle([veh("M", "walker_mech", (2, 4)), FAR_RED], [veh("L", "light_tank", (5, 4), facing=3), FAR_BLUE],
                [5, 4, 4, 1, 8, 4, 12, 1])
    b.submit(C.Assault("M", "L"))
    ev = b.submit(C.Decide("stand"))
    assert rolled(ev) == [(8, 5), (8, 4), (6, 4), (8, 1), (8, 8), (4, 4), (12, 12), (12, 1)]
    assert "front armour" in purposes(ev)[-1]
    assert unit(b, "L").destroyed and unit(b, "M").pos == hx(4, 4) and b.state.assault is None
