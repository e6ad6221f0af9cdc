"""Dustup's remaining aerospace and fire-support sub-rules (issue 6): grav vehicles that take off and
land like VTOL aircraft, VTOL taxiing on wheels, landing zones sized by the craft, air-bursting
cluster munitions, and calling the support of another platoon.

Positions are (column, row). Along a row, hex direction 0 (east) runs to higher columns, 3 (west)
back. 1 hex = 2 inches.
"""

from __future__ import annotations

import dustkit as K
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.dustup import air, antiaircraft, data
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import support as S
from hexfront.engine.systems.dustup.describe import Describer

WIDE = "\n".join(["." * 30] * 10)


def craft(uid: str, vtype: str, at, **kw) -> dict:
    return dict(id=uid, vehicle=vtype, at=K.where(at), **kw)


def refusal(b, cmd) -> str | None:
    return K.SYSTEM.validate(b.state, cmd)


def rows_with(row: int, text: str) -> str:
    rows = ["." * 30] * 10
    rows[row] = text + "." * (30 - len(text))
    return "\n".join(rows)


def grav_battle(dice=(), at=(5, 5), air_state="", vtype="grav_carrier", red_extra=(), blue=None, **kw):
    spec = craft("GC", vtype, at, facing=0, quality="veteran")
    if air_state:
        spec["air"] = air_state
    return K.battle(red=[spec, K.unit("A", (0, 9), ["rifle*4"]), *red_extra],
                    blue=blue or [K.unit("d", (25, 9), ["rifle*4"])], map=kw.pop("map", WIDE), dice=dice, **kw)


# ---------------------------------------------------------------------------------------------
# Grav vehicles (Aerospace Operations: Grav Vehicles; Landing Zones; Dropping Troops)
# ---------------------------------------------------------------------------------------------


def test_which_grav_vehicles_can_fly():
    """Grav Vehicles: this game's reading: a grav vehicle flies only if its type is marked
    ``flight = true``: the grav carrier is, the grav tank is not; aircraft are not grav vehicles."""
    b = grav_battle(red_extra=[craft("GT", "grav_tank", (9, 5)), craft("G", "gunship", (12, 5), air="hovering")])
    st = b.state
    assert air.can_fly(st, st.units["GC"]) and air.grav_vehicle(st.units["GC"])
    assert air.can_fly(st, st.units["G"]) and not air.grav_vehicle(st.units["G"])
    assert not air.can_fly(st, st.units["GT"]) and air.grav_vehicle(st.units["GT"])
    assert "without flight" in refusal(b, air.TakeOff("GT", "hovering"))
    assert air.TakeOff("GT", "hovering") not in K.SYSTEM.legal_commands(st)


def test_grav_vehicle_drives_on_the_ground_then_takes_off_and_flies_as_a_vtol():
    """Grav Vehicles: on the ground it moves as a normal ground vehicle; it takes off like a VTOL (one
    action) and then flies as one (up to 12", 6 hexes, any way), no longer driving; in the air it
    stands on no hex."""
    b = grav_battle(dice=[3])
    st = b.state
    assert st.units["GC"].air == ""
    b.submit(C.Move("GC", K.hx(8, 5)))  # D12 movement die, 3 rolled: 3 hexes of clear going
    assert st.units["GC"].pos == K.hx(8, 5)
    b.submit(air.TakeOff("GC", "hovering"))
    gc = st.units["GC"]
    assert gc.air == "hovering" and K.hx(8, 5) not in st.occupant
    b = grav_battle(air_state="hovering", at=(8, 5))
    gc = b.state.units["GC"]
    assert "in the air" in refusal(b, C.Move("GC", K.hx(10, 5)))
    assert refusal(b, air.AirMove("GC", K.hx(2, 5), 3)) is None  # 6 hexes back, any heading
    assert "90 degrees" in refusal(b, air.AirMove("GC", K.hx(1, 5), 3))  # beyond 6 hexes the turn limit holds
    b.submit(air.AirMove("GC", K.hx(2, 5), 3))
    assert (gc.pos, gc.facing, gc.air) == (K.hx(2, 5), 3, "airborne")


def test_grav_vehicle_in_the_air_that_does_not_move_hovers():
    """VTOL Aircraft, applied to grav vehicles: one that does not move in its activation hovers."""
    b = grav_battle(air_state="airborne")
    b.submit(C.Hold("GC"))
    assert b.state.units["GC"].air == "hovering"


def test_grav_vehicle_lands_and_is_a_ground_vehicle_again():
    """Grav Vehicles: it lands like a VTOL (one action, a clear landing zone) and then moves as a ground
    vehicle again: it holds its hex and drives with Move."""
    b = grav_battle(dice=[4], air_state="hovering")
    b.submit(air.Land("GC"))
    gc = b.state.units["GC"]
    assert gc.air == "" and b.state.occupant[K.hx(5, 5)] == "GC"
    assert "landed heavily" not in (refusal(b, air.TakeOff("GC", "hovering")) or "")
    assert refusal(b, C.Move("GC", K.hx(8, 5))) is None
    b.submit(C.Move("GC", K.hx(8, 5)))
    assert gc.pos == K.hx(8, 5)


def test_grav_vehicle_heavy_landing_grounds_it_for_good_but_it_still_drives():
    """Landing Zones: a lightly obstructed LZ needs 3 or more on the quality die; a 1 or 2 is a heavy
    landing and the craft may not take off again. This game's reading: a grav vehicle so landed still
    drives as a ground vehicle."""
    b = grav_battle(dice=[2], air_state="hovering", map=rows_with(5, "......,"))
    ev = b.submit(air.Land("GC"))
    assert K.rolls(ev)[0][:2] == (10, 2)  # veteran: D10
    gc = b.state.units["GC"]
    assert gc.landed_heavy and gc.air == ""
    assert "landed heavily" in refusal(b, air.TakeOff("GC", "hovering"))
    assert refusal(b, C.Move("GC", K.hx(8, 5))) is None


def test_grav_vehicle_may_set_down_on_water_where_a_vtol_may_not():
    """Landing Zones: open water is no LZ for an aircraft; this game's reading: a grav vehicle, which
    skims over water anyway, may land there."""
    water = rows_with(5, ".....-")
    b = grav_battle(air_state="hovering", map=water)
    assert refusal(b, air.Land("GC")) is None
    b = K.battle(red=[craft("G", "gunship", (5, 5), air="hovering"), K.unit("A", (0, 9), ["rifle"])],
                 blue=[K.unit("d", (25, 9), ["rifle"])], map=water)
    assert "open water" in refusal(b, air.Land("G"))


def test_grav_vehicle_stays_over_the_battlefield():
    """Grav Vehicles: very low skimming vehicles; this game's reading: one in the air does not fly off
    the table to the inbound chart."""
    b = grav_battle(air_state="airborne")
    assert "cannot leave it by air" in refusal(b, air.LeaveTable("GC", 1))


def test_no_abseiling_from_a_flying_grav_vehicle_but_grav_packs_serve():
    """Dropping Troops from Hovering Aircraft: troops may not abseil from a grav vehicle (its grav field
    forbids it) but may drop by grav-pack, one action, each model rolling its quality die."""
    b = grav_battle(dice=[5, 5], air_state="hovering",
                    red_extra=[K.unit("P", (5, 5), ["rifle*2"], insertion="grav", **{"in": "GC"})])
    assert "abseil" in refusal(b, air.DropTroops("P", "rope", K.hx(5, 5)))
    ev = b.submit(air.DropTroops("P", "grav", K.hx(6, 5)))
    p = b.state.units["P"]
    assert p.carried_by is None and p.pos == K.hx(6, 5)
    assert [s for s, _, _ in K.rolls(ev)] == [8, 8]  # experienced D8, open ground
    assert b.state.active.actions == 1


def test_only_anti_aircraft_fire_reaches_a_flying_grav_vehicle():
    """On-Table Anti-Aircraft Fire, applied to a grav vehicle in the air: rifles cannot fire at it, a
    designated anti-aircraft weapon may; once landed it is shot at like any vehicle."""
    b = K.battle(red=[K.unit("s", (0, 5), ["leader:rifle", "sam"]), K.unit("r", (0, 7), ["rifle*4"])],
                 blue=[craft("GC", "grav_carrier", (8, 5), air="hovering", facing=3), K.unit("z", (25, 0), ["rifle"])],
                 map=WIDE)
    assert "only anti-aircraft weapons" in refusal(b, C.Shoot("r", "GC"))
    assert refusal(b, air.FireAA("s", "s.2", "GC")) is None
    assert air.FireAA("s", "s.2", "GC") in antiaircraft._aa_offer(b.state, b.state.units["s"])
    K.set_unit(b, "GC", air="")
    assert "on the ground" in refusal(b, air.FireAA("s", "s.2", "GC"))


def test_flight_is_for_grav_vehicles_only():
    """Grav Vehicles: only grav vehicles take off and land this way; a flight mark on a tracked tank
    is a content error, and so are wheels on a ground vehicle."""
    c = K.content([K.unit("A", (0, 0), ["rifle"])], [K.unit("d", (9, 9), ["rifle"])])
    c["vehicles"]["mbt"]["flight"] = True
    with pytest.raises(ContentError, match="only grav vehicles"):
        data.Tables.from_content(c)
    c = K.content([K.unit("A", (0, 0), ["rifle"])], [K.unit("d", (9, 9), ["rifle"])])
    c["vehicles"]["truck"]["wheels"] = True
    with pytest.raises(ContentError, match="wheels"):
        data.Tables.from_content(c)


# ---------------------------------------------------------------------------------------------
# VTOL taxiing (Aerospace Operations: VTOL Aircraft)
# ---------------------------------------------------------------------------------------------

ROAD = rows_with(5, "=" * 30)


def taxi_battle(vtype="dropship", air_state="grounded", at=(5, 5), red_extra=(), blue=None, map=ROAD):
    return K.battle(red=[craft("D", vtype, at, air=air_state, facing=3, quality="veteran"),
                         K.unit("A", (0, 9), ["rifle*4"]), *red_extra],
                    blue=blue or [K.unit("d", (25, 9), ["rifle*4"])], map=map)


def test_a_wheeled_vtol_taxis_up_to_six_inches_along_a_road():
    """VTOL Aircraft: grounded, a VTOL moves only if fitted with wheels and on a clear paved surface,
    up to 6" (3 hexes) an action. The assault dropship has wheels; it ends facing the way it rolled."""
    b = taxi_battle()
    assert "at most 3 hexes" in refusal(b, air.Taxi("D", K.hx(9, 5)))
    assert air.Taxi("D", K.hx(8, 5)) in K.SYSTEM.legal_commands(b.state)
    b.submit(air.Taxi("D", K.hx(8, 5)))
    d = b.state.units["D"]
    assert (d.pos, d.facing, d.air) == (K.hx(8, 5), 0, "grounded")
    assert b.state.occupant[K.hx(8, 5)] == "D" and K.hx(5, 5) not in b.state.occupant
    assert b.state.active.actions == 1


def test_taxiing_only_on_a_clear_road():
    """VTOL Aircraft: taxiing needs a clear paved surface: not off the road, not from off the road, not
    through another unit on it (this game: a road hex holding a unit is not clear)."""
    b = taxi_battle()
    assert "not paved" in refusal(b, air.Taxi("D", K.hx(5, 4)))
    b = taxi_battle(red_extra=[K.unit("B", (6, 5), ["rifle*2"])])
    assert "no clear road" in refusal(b, air.Taxi("D", K.hx(8, 5)))
    b = taxi_battle(at=(5, 4))
    assert "not on a paved surface" in refusal(b, air.Taxi("D", K.hx(5, 5)))


def test_no_taxiing_without_wheels_or_in_the_air():
    """VTOL Aircraft: a grounded VTOL without wheels may not move at all; one in the air flies instead."""
    b = taxi_battle(vtype="gunship")
    assert "no wheels" in refusal(b, air.Taxi("D", K.hx(7, 5)))
    assert not [c for c in K.SYSTEM.legal_commands(b.state) if isinstance(c, air.Taxi)]
    b = taxi_battle(air_state="hovering")
    assert "in the air" in refusal(b, air.Taxi("D", K.hx(7, 5)))


def test_taxi_order_reads_as_plain_words():
    """The order line for taxiing names the road hex it rolls to."""
    b = taxi_battle()
    assert Describer(b.state).command(air.Taxi("D", K.hx(8, 5))).endswith("taxi along the road to (8,5)")


# ---------------------------------------------------------------------------------------------
# Landing zone size (Aerospace Operations: Landing Zones)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size, radius", [(1, 1), (2, 1), (3, 3), (4, 3), (5, 4)])
def test_landing_zone_radius_by_craft_size(size, radius):
    """Landing Zones: small craft need a 6" LZ, larger transports 12", very large orbital dropships 18".
    This game's reading: radii 3"/6"/9" halved, rounding down: 1, 3 and 4 hexes; size 1-2 small,
    3-4 larger transports, 5 very large."""
    b = taxi_battle()
    u = b.state.units["D"]
    u.size = size  # the size alone sets the zone
    assert air.lz_radius(u) == radius


def test_a_larger_transport_needs_a_wider_landing_zone():
    """Landing Zones: the size 3 assault dropship needs 12" (radius 3 hexes) clear of troops; the size 2
    gunship only 6" (the hex and its neighbours)."""
    def hovering(vtype, other_at):
        return K.battle(red=[craft("D", vtype, (10, 5), air="hovering", quality="veteran"),
                             K.unit("B", other_at, ["rifle*2"]), K.unit("A", (0, 9), ["rifle"])],
                        blue=[K.unit("d", (25, 9), ["rifle"])], map=WIDE)

    assert "troops or vehicles" in refusal(hovering("dropship", (13, 5)), air.Land("D"))
    assert refusal(hovering("dropship", (14, 5)), air.Land("D")) is None
    assert refusal(hovering("gunship", (12, 5)), air.Land("D")) is None
    assert "troops or vehicles" in refusal(hovering("gunship", (11, 5)), air.Land("D"))


def test_woods_three_hexes_off_block_a_dropship_landing_zone():
    """Landing Zones: heavily obstructed areas (here woods 3 hexes from the landing point) may not be
    used by a craft whose zone reaches them."""
    m = rows_with(5, ".............*")
    b = K.battle(red=[craft("D", "dropship", (10, 5), air="hovering"), K.unit("A", (0, 9), ["rifle"])],
                 blue=[K.unit("d", (25, 9), ["rifle"])], map=m)
    assert "heavily obstructed" in refusal(b, air.Land("D"))
    b = K.battle(red=[craft("G", "gunship", (10, 5), air="hovering"), K.unit("A", (0, 9), ["rifle"])],
                 blue=[K.unit("d", (25, 9), ["rifle"])], map=m)
    assert refusal(b, air.Land("G")) is None


# ---------------------------------------------------------------------------------------------
# Air-bursting cluster munitions (Resolving Impacts)
# ---------------------------------------------------------------------------------------------

MBT = dict(vehicle="mbt", quality="veteran", leadership=2)


def asset(aid="bat", ammo=("he", "cluster"), **kw):
    spec = dict(id=aid, name=f"Asset {aid}", kind="artillery", tier="battalion", size="large", ammo=list(ammo),
                rounds=1, missions=2)
    spec.update(kw)
    return spec


def observer(uid="A", at=(0, 0), **kw):
    spec = dict(fo=True, rangefinder="basic", leadership=2)
    spec.update(kw)
    return K.unit(uid, at, ["leader:rifle", "rifle*2"], **spec)


def called(b, target: Hex, ammo="he", aid="bat", unit="A") -> str:
    """A successful call (request die 8), the chart moved on until the mission is over the battle area."""
    c = K.ctx(b, [8])
    S.request_resolve(c, b.state.units[unit], S.RequestFire(unit, aid, target, ammo))
    mid = max(b.state.missions, key=lambda k: int(k.split("-")[1]))
    while b.state.missions[mid].box > 0:
        S.TURN_BEGIN(c)
    return mid


@pytest.mark.parametrize("ammo, face, value", [("cluster", "top", "D12"), ("he", "front", "D12x3")])
def test_cluster_munitions_hit_vehicles_in_the_blast_on_their_top_armour(ammo, face, value):
    """Resolving Impacts: a vehicle only within the blast radius uses the armour facing the impact
    point; air-bursting cluster munitions make every vehicle in the blast use its top armour. A tank
    one hex east of the impact, facing west: front D12x3 against HE, top D12 against cluster."""
    b = K.battle(red=[observer()], blue=[dict(id="T", at=[11, 0], facing=3, **MBT)], dice=[4, 1, 1, 9],
                 red_side={"support": [asset()]})
    mid = called(b, Hex(10, 0), ammo=ammo)
    ev = b.submit(S.ResolveImpact("red", mid))
    (armour,) = [p for _, _, p in K.rolls(ev) if p.startswith("main battle tank's")]
    assert armour.startswith(f"main battle tank's {face} armour {value}")
    assert [(s, r) for s, r, p in K.rolls(ev) if p.startswith("impact D8")] == [(8, 1)]


def test_cluster_is_an_ammunition_an_asset_must_carry():
    """Ammunition Types: an asset fires only the ammunition listed for it; cluster is one of them."""
    b = K.battle(red=[observer()], blue=[K.unit("B", (10, 0), ["rifle"])],
                 red_side={"support": [asset(ammo=("he",))]})
    assert "not cluster" in refusal(b, S.RequestFire("A", "bat", Hex(10, 0), "cluster"))
    assert "cluster" in data.AMMO and S.IMPACTS["cluster"] == S.IMPACTS["he"]


# ---------------------------------------------------------------------------------------------
# Requesting another platoon's support (Request Fire Support Action)
# ---------------------------------------------------------------------------------------------


def company(dice=(), requester_kw=None, chits=0):
    """Company CO with platoons P1 (the requester's) and P2; another company CO2 with platoon P3. One
    asset of each platoon, and one of nobody's (a company or battalion asset)."""
    hq = dict(kind="command", leadership=1)
    red = [
        K.unit("CO", (0, 3), ["commander:rifle"], level=2, **hq),
        K.unit("P1", (2, 3), ["commander:rifle"], level=1, commander="CO", **hq),
        K.unit("P2", (4, 3), ["commander:rifle"], level=1, commander="CO", **hq),
        K.unit("CO2", (6, 3), ["commander:rifle"], level=2, **hq),
        K.unit("P3", (8, 3), ["commander:rifle"], level=1, commander="CO2", **hq),
        observer("S1", (0, 0), **{"commander": "P1", "leadership": 1, **(requester_kw or {})}),
    ]
    assets = [asset("own", platoon="P1"), asset("same", platoon="P2"), asset("other", platoon="P3"),
              asset("free")]
    return K.battle(red=red, blue=[K.unit("B", (10, 0), ["rifle"])], dice=list(dice),
                    red_side={"support": assets, "support_chits": chits})


@pytest.mark.parametrize("aid, sides", [("own", 8), ("free", 8), ("same", 6), ("other", 4)])
def test_calling_another_platoons_support_shifts_the_request_die_down(aid, sides):
    """Request Fire Support Action: the die type is shifted down once when asking another platoon of the
    same company, twice when asking a platoon of another company; the requester's own platoon's asset,
    or one that belongs to no platoon, is called on the plain D8."""
    b = company(dice=[2])
    ev = b.submit(S.RequestFire("S1", aid, Hex(10, 0)))
    (req,) = [(s, r, p) for s, r, p in K.rolls(ev) if p.startswith("request")]
    assert req[:2] == (sides, 2)
    assert req[2].startswith(f"request artillery support from Asset {aid}: D{sides}")
    assert ("type" in req[2] and "down" in req[2]) is (sides != 8)
    assert len(b.state.missions) == 1  # 2 beats leadership 1 + FO difficulty 0


def test_platoon_commanders_and_the_company_commander_by_the_chain():
    """Request Fire Support Action: a platoon HQ calling its own platoon's asset has no shift, another
    platoon's of the company one; the company HQ calling a platoon of its own company one, of another
    company two (this game's reading: the chain of ``commander`` links gives platoon and company)."""
    b = company()
    st = b.state
    a = {x["id"]: x for x in S.assets(st, "red")}
    assert S.platoon_shift(st, st.units["P1"], a["own"])[0] == 0
    assert S.platoon_shift(st, st.units["P1"], a["same"])[0] == 1
    assert S.platoon_shift(st, st.units["P1"], a["other"])[0] == 2
    assert S.platoon_shift(st, st.units["CO"], a["same"])[0] == 1
    assert S.platoon_shift(st, st.units["CO"], a["other"])[0] == 2
    assert S.platoon_shift(st, st.units["P3"], a["other"])[0] == 0


def test_a_shifted_request_that_cannot_win_is_refused_and_chits_win_it_back():
    """Request Fire Support Action: a non-observer with leadership 2 needs more than 4; another company's
    platoon leaves it a D4, which cannot: the call is refused. Two fire support chits lift the die back
    to a D8 (Fire Support Chits)."""
    b = company(dice=[5], requester_kw=dict(fo=False, leadership=2), chits=2)
    assert "no chance" in refusal(b, S.RequestFire("S1", "other", Hex(10, 0)))
    ev = b.submit(S.RequestFire("S1", "other", Hex(10, 0), chits=2))
    (req,) = [(s, r) for s, r, p in K.rolls(ev) if p.startswith("request")]
    assert req == (8, 5) and len(b.state.missions) == 1


def test_an_asset_owner_must_be_a_platoon_hq_of_its_side():
    """Scenario support assets: ``platoon`` names the platoon HQ unit (level 1) that owns the asset."""
    with pytest.raises(Exception, match="not a platoon HQ"):
        K.battle(red=[observer()], blue=[K.unit("B", (10, 0), ["rifle"])],
                 red_side={"support": [asset(platoon="A")]})


def test_fire_mission_scenario_assets_name_their_owners():
    """The Hill 12 garrison's mortars belong to its platoon HQ: its own sections call them with no shift;
    the attackers' battalion battery belongs to no platoon and fires cluster rounds as well."""
    b = Battle.new("dustup", "firemission", seed=0)
    st = b.state
    mortars = S.asset_of(st, "red", "garrison_mortar")
    assert mortars["platoon"] == "hq" and S.platoon_shift(st, st.units["s1"], mortars) == (0, "")
    battery = S.asset_of(st, "blue", "battery")
    assert "platoon" not in battery and "cluster" in battery["ammo"]


def test_a_flying_grav_vehicle_takes_no_passengers_makes_no_tank_shock_and_cannot_be_assaulted():
    """Landing Zones and Loading: troops get in and out of a craft only once it has landed; Tank Shock
    and Close Assault are ground fighting: a grav carrier in the air does neither and suffers neither.
    On the ground the same carrier does all three again."""
    from hexfront.engine.systems.dustup.vehicles import Disembark, Embark, TankShock

    riders = K.unit("R", (5, 5), ["rifle*4"], **{"in": "GC"})
    b = grav_battle(air_state="hovering", red_extra=[riders, K.unit("W", (6, 5), ["rifle*4"])],
                    blue=[K.unit("d", (7, 5), ["rifle*4"])])
    assert "in the air" in refusal(b, Disembark("R", K.hx(4, 5)))
    assert "in the air" in refusal(b, Embark("W", "GC"))
    assert "in the air" in refusal(b, TankShock("GC", "d"))
    b.state.to_act = "blue"
    assert "in the air" in refusal(b, C.Assault("d", "GC"))
    ground = grav_battle(red_extra=[riders, K.unit("W", (6, 5), ["rifle*4"])],
                         blue=[K.unit("d", (7, 5), ["rifle*4"])])
    assert refusal(ground, Disembark("R", K.hx(4, 5))) is None
    assert refusal(ground, Embark("W", "GC")) is None
    assert refusal(ground, TankShock("GC", "d")) is None
    ground.state.to_act = "blue"
    assert refusal(ground, C.Assault("d", "GC")) is None
