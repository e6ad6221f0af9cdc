"""Dustup: smoke generators of prepared positions (Smoke: Artificial Smoke) and limbering towed heavy
weapons (Heavy Weapons: Moving Heavy Weapons; Vehicles: Towing and Pushing Vehicles).

Positions are (column, row); on row 0 the distance between two hexes is the difference of their
columns (1 hex = 2 inches, so a 6" trail is three hexes). Hex direction 0 is east, 3 west.
"""

from __future__ import annotations

import dustkit as K
import pytest

from hexfront.engine.core.battle import Battle, IllegalOrder
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import counters, heavy, rules, smoke
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import hazards as H
from hexfront.engine.systems.dustup.ai import DefaultPlayer
from hexfront.engine.systems.dustup.describe import Describer
from hexfront.engine.systems.dustup.heavy import FireWeapon, Limber, SetUpWeapon, Unlimber
from hexfront.engine.systems.dustup.state import ABANDONED, FIT, KILLED
from hexfront.engine.systems.dustup.vehicles import Embark, Release

FAR = (15, 9)
BLUE = [K.unit("z", FAR, ["rifle*2"])]


def feats(b, kind: str):
    return sorted((f for f in b.state.features.values() if f.kind == kind), key=lambda f: counters.feature_order(f.id))


def fig(b, fid: str):
    uid = fid.rsplit(".", 1)[0]
    return next(f for f in b.state.units[uid].figures if f.id == fid)


def setf(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def kill(b, *fids: str) -> None:
    c = K.ctx(b)
    for fid in fids:
        c.emit(E.FigureChanged(unit=fid.rsplit(".", 1)[0], figure=fid, status=KILLED, wounds=2, reason="test"))


# ---------------------------------------------------------------------------------------------
# Smoke generators
# ---------------------------------------------------------------------------------------------


def gen_battle(dice=(), *, red=None, blue=None, wind: int | None = 0, at=(6, 0), **kw):
    scen = dict(features=[dict(kind="smoke_generator", side="red", at=list(at))], **kw)
    if wind is not None:
        scen["wind"] = wind
    return K.battle(red=red or [K.unit("R", (5, 0), ["leader:rifle", "rifle*3"])], blue=blue or BLUE,
                    dice=list(dice), **scen)


def gen(b):
    return feats(b, "smoke_generator")[0]


def trail(b) -> list:
    return [c.pos for c in smoke.generator_clouds(b.state, gen(b))]


def test_a_generator_turned_on_lays_a_six_inch_trail_downwind_for_one_action():
    """Artificial Smoke: a prepared position's smoke generator makes a 6" trail of smoke. This game's
    reading: turning it on is one action of a unit on or next to it; the trail is three one-hex
    clouds starting on the generator's hex and running downwind (wind 0: east). Smoke blocks sight."""
    b = gen_battle(blue=[K.unit("z", (12, 0), ["rifle*2"])])
    assert rules.can_see(b.state, K.hx(12, 0), K.hx(6, 0))
    g = gen(b).id
    ev = b.submit(smoke.SwitchSmokeGenerator("R", g, True))
    assert not K.rolls(ev)
    assert trail(b) == [K.hx(6, 0), K.hx(7, 0), K.hx(8, 0)]
    assert all(c.get("radius") == 0 for c in feats(b, "smoke"))
    assert gen(b).get("on") == 1 and gen(b).get("dir") == 0
    assert b.state.active.actions == 1
    assert not rules.can_see(b.state, K.hx(12, 0), K.hx(6, 0))


def test_the_trail_is_kept_as_long_as_the_generator_is_on():
    """Artificial Smoke: the trail is retained for as long as the generator is on: no dice at the end
    of the turn, and (this game's reading) a cloud that has gone is put back."""
    b = gen_battle(wind=3, at=(6, 2), red=[K.unit("R", (5, 2), ["leader:rifle", "rifle*3"])])
    b.submit(smoke.SwitchSmokeGenerator("R", gen(b).id, True))
    assert trail(b) == [K.hx(6, 2), K.hx(5, 2), K.hx(4, 2)]  # wind 3 blows west
    c = K.ctx(b)
    H.TURN_END(c)
    assert not K.rolls(c.events) and len(trail(b)) == 3
    K.ctx(b).emit(E.FeatureRemoved(feature=smoke.generator_clouds(b.state, gen(b))[2].id, reason="test"))
    H.TURN_END(K.ctx(b))
    assert trail(b) == [K.hx(6, 2), K.hx(5, 2), K.hx(4, 2)]


@pytest.mark.parametrize("roll, left", [(1, []), (2, [8]), (3, [8]), (4, [7, 8]), (6, [7, 8])])
def test_turned_off_its_trail_thins_on_a_d6_at_the_end_of_each_turn(roll, left):
    """Artificial Smoke: once the generator is off, a D6 at the end of each turn: 1 removes all the
    smoke, 2-3 half rounded up (two of three clouds), 4-6 one cloud. This game's reading: the clouds
    nearest the generator go first."""
    b = gen_battle()
    g = gen(b).id
    b.submit(smoke.SwitchSmokeGenerator("R", g, True))
    b.submit(smoke.SwitchSmokeGenerator("R", g, False))
    assert gen(b).get("on") == 0 and len(trail(b)) == 3 and b.state.active is None
    c = K.ctx(b, [roll])
    H.TURN_END(c)
    assert [(s, r) for s, r, _ in K.rolls(c.events)] == [(6, roll)]
    assert trail(b) == [K.hx(col, 0) for col in left]


def test_an_off_trail_keeps_thinning_turn_after_turn_and_a_generator_never_used_rolls_nothing():
    """Artificial Smoke: the roll is made at the end of each turn until the smoke is gone."""
    b = gen_battle()
    c = K.ctx(b)
    H.TURN_END(c)
    assert not K.rolls(c.events)
    g = gen(b).id
    b.submit(smoke.SwitchSmokeGenerator("R", g, True))
    b.submit(smoke.SwitchSmokeGenerator("R", g, False))
    H.TURN_END(K.ctx(b, [5]))  # one cloud of three
    assert len(trail(b)) == 2
    H.TURN_END(K.ctx(b, [2]))  # half of two
    assert len(trail(b)) == 1
    H.TURN_END(K.ctx(b, [3]))  # half of one, rounded up
    assert trail(b) == []
    c = K.ctx(b)
    H.TURN_END(c)
    assert not K.rolls(c.events)


def test_without_a_wind_the_player_chooses_the_direction_of_the_trail():
    """Artificial Smoke; Natural Smoke (smoke goes downwind). This game's reading: with no wind in the
    scenario the player names the hex direction of the trail; with a wind, the trail follows it."""
    red = [K.unit("R", (5, 4), ["leader:rifle", "rifle*3"])]
    b = gen_battle(wind=None, at=(6, 4), red=red)
    assert not b.state.tables.wind_given
    g = gen(b).id
    assert "choose the hex direction" in b.refusal(smoke.SwitchSmokeGenerator("R", g, True))
    b.submit(smoke.SwitchSmokeGenerator("R", g, True, 0))
    assert trail(b) == [K.hx(6, 4), K.hx(7, 4), K.hx(8, 4)]
    b2 = gen_battle(wind=3, at=(6, 4), red=red)
    assert "downwind" in b2.refusal(smoke.SwitchSmokeGenerator("R", gen(b2).id, True, 0))
    assert b2.refusal(smoke.SwitchSmokeGenerator("R", gen(b2).id, True, 3)) is None


def test_switching_a_generator_needs_a_friendly_unit_at_it_and_refuses_nonsense():
    """Artificial Smoke (this game's reading): the generator is worked by a unit of its side on its
    hex or next to it, not from inside a vehicle (a building's occupants are at their posts)."""
    red = [K.unit("R", (3, 0), ["leader:rifle", "rifle*3"]), dict(id="A", vehicle="apc", at=[7, 0], facing=3),
           K.unit("P", (7, 0), ["rifle*4"], **{"in": "A"})]
    blue = [K.unit("z", (6, 2), ["rifle*2"])]
    b = gen_battle(red=red, blue=blue)
    g = gen(b).id
    assert "must be on the generator's hex" in b.refusal(smoke.SwitchSmokeGenerator("R", g, True))
    assert "inside a vehicle" in b.refusal(smoke.SwitchSmokeGenerator("P", g, True))
    assert "already off" in b.refusal(smoke.SwitchSmokeGenerator("A", g, False))
    assert "no smoke generator" in b.refusal(smoke.SwitchSmokeGenerator("A", "nothing", True))
    b.submit(smoke.SwitchSmokeGenerator("A", g, True))
    assert "already on" in b.refusal(smoke.SwitchSmokeGenerator("A", g, True))
    assert Describer(b.state).command(smoke.SwitchSmokeGenerator("A", g, False)) == \
        "armoured personnel carrier [A]: turn the smoke generator at (6,0) off"
    b.submit(C.EndActivation())
    assert "enemy's" in b.refusal(smoke.SwitchSmokeGenerator("z", g, False))


def bunker_battle(dice=(), **kw):
    red = [dict(id="bk", vehicle="bunker", at=[6, 0], facing=0, smoke_generator=True),
           K.unit("R", (4, 4), ["leader:rifle", "rifle*3"])]
    return K.battle(red=red, blue=[K.unit("z", (12, 0), ["rifle*2"])], dice=list(dice), wind=0, **kw)


def test_a_unit_the_scenario_marks_gets_a_generator_it_works_itself_until_it_is_destroyed():
    """Artificial Smoke: prepared positions may be equipped with smoke generators. This game's reading:
    a unit spec's smoke_generator = true puts one on its hex; a bunker works it with its own action;
    once the bunker is destroyed the generator stops for good and its trail thins."""
    b = bunker_battle()
    g = gen(b)
    assert g.pos == K.hx(6, 0) and g.side == "red" and g.get("unit") == "bk"
    assert smoke.SwitchSmokeGenerator("bk", g.id, True) in K.SYSTEM.legal_commands(b.state)
    b.submit(smoke.SwitchSmokeGenerator("bk", g.id, True))
    assert len(trail(b)) == 3
    hull = fig(b, "bk.0")
    K.ctx(b).emit(E.FigureChanged(unit="bk", figure=hull.id, status=KILLED, wounds=0, reason="test"))
    c = K.ctx(b, [4])
    H.TURN_END(c)
    assert gen(b).get("on") == 0 and gen(b).get("broken") == 1
    assert [(s, r) for s, r, _ in K.rolls(c.events)] == [(6, 4)] and len(trail(b)) == 2


def test_the_fire_mission_bunker_has_a_generator_it_may_turn_on():
    """Artificial Smoke in a scenario: the Hill 12 bunker is a prepared position with a smoke
    generator, worked by the bunker itself."""
    battle = Battle.new("dustup", "firemission", seed=0)
    st = battle.state
    g = next(f for f in st.features.values() if f.kind == "smoke_generator")
    assert g.pos == st.units["bk"].pos and g.side == "red" and g.get("on") == 0
    assert smoke.generator_operator(st, st.units["bk"], g)
    assert smoke._generator_check(st, st.units["bk"], smoke.SwitchSmokeGenerator("bk", g.id, True)) is None


def test_the_computer_turns_the_generator_on_only_when_enemies_can_see_the_position():
    """The computer player values turning a generator on when enemy guns can see the position, not
    when none can; and turning it off only once no enemy is within effective range (24 hexes)."""
    ai = DefaultPlayer(0)
    b = bunker_battle()
    on = smoke.SwitchSmokeGenerator("bk", gen(b).id, True)
    assert ai.value(b.state, on) > 0.2
    hidden = bunker_battle(map="\n".join([".........*......"] + ["." * 16] * 9))
    assert not rules.can_see(hidden.state, K.hx(12, 0), K.hx(6, 0))
    assert ai.value(hidden.state, smoke.SwitchSmokeGenerator("bk", gen(hidden).id, True)) == 0.0
    b.submit(on)
    assert ai.value(b.state, smoke.SwitchSmokeGenerator("bk", gen(b).id, False)) == 0.0


# ---------------------------------------------------------------------------------------------
# Towed heavy weapons: limbering and unlimbering
# ---------------------------------------------------------------------------------------------


GUN = ["leader:rifle", "rifle*3", "weapon:field_gun"]  # a field gun (size 2) and its standard crew of 4


def gun_battle(dice=(), *, tractor="truck", gun=None, set_up=True, extra=(), blue=None):
    red = [K.unit("G", (2, 0), gun or GUN, set_up=set_up), dict(id="T", vehicle=tractor, at=[3, 0], facing=0),
           *extra]
    return K.battle(red=red, blue=blue or [K.unit("z", (14, 0), ["rifle*2"])], dice=list(dice))


def test_a_size_two_gun_cannot_be_man_packed():
    """Moving Heavy Weapons: heavy weapons of size 2 and above may not be man-packed. This game's
    reading: the field gun cannot be dismantled; a crew whose gun is neither set up nor limbered may
    not move; moving away from a set-up gun abandons it, as for any heavy weapon."""
    b = gun_battle()
    assert "too heavy to be man-packed" in b.refusal(SetUpWeapon("G", "G.5", dismantle=True))
    b2 = gun_battle(set_up=False)
    with pytest.raises(IllegalOrder, match="cannot be man-packed"):
        b2.submit(C.Move("G", K.hx(2, 2)))
    assert not any(isinstance(c, C.Move) and c.unit == "G" for c in K.SYSTEM.legal_commands(b2.state))
    b3 = gun_battle([3])
    b3.submit(C.Move("G", K.hx(2, 3)))
    assert fig(b3, "G.5").status == ABANDONED


def test_limbering_is_one_reorganise_action_and_the_gun_then_goes_with_its_tractor():
    """Moving Heavy Weapons: a towed heavy weapon takes a reorganise action to limber. Towing and
    Pushing Vehicles: the towed load follows into the hex its tower left. This game's reading: the
    gun is not ready while limbered; the tractor keeps its full D12 (half speed is for towing
    vehicles); the crew rides along and may not walk off on its own. A truck pays 2 a hex of open
    ground (wheeled, low clearance: poor going), so a 10 takes it five hexes."""
    b = gun_battle([10], blue=[K.unit("z", (14, 6), ["rifle*2"])])
    ev = b.submit(Limber("G", "G.5", "T"))
    assert not K.rolls(ev)
    assert b.state.units["T"].towing == "G" and not fig(b, "G.5").ready
    assert b.state.active.actions == 1
    assert "limbered to" in b.refusal(C.Move("G", K.hx(1, 0)))
    assert "Unlimber" in b.refusal(SetUpWeapon("G", "G.5"))
    b.submit(C.EndActivation())
    b.submit(C.Hold("z"))
    assert rules.movement_die(b.state, b.state.units["T"], False)[0] == 12
    ev = b.submit(C.Move("T", K.hx(8, 0)))
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(12, 10)]
    assert b.state.units["T"].pos == K.hx(8, 0) and b.state.units["G"].pos == K.hx(7, 0)
    assert fig(b, "G.5").status == FIT and b.state.units["T"].towing == "G"


def test_unlimbering_is_one_reorganise_action_and_brings_the_gun_into_action():
    """Moving Heavy Weapons: a reorganise action to unlimber. This game's reading: unlimbering is
    the towed gun's setting up, so it may fire with the crew's next action."""
    b = gun_battle(blue=[K.unit("z", (14, 0), ["rifle*2"])])
    b.submit(Limber("G", "G.5", "T"))
    assert b.refusal(FireWeapon("G", ("G.5",), "z"))  # a limbered gun does not fire
    b.submit(Unlimber("G", "G.5"))
    assert b.state.units["T"].towing is None and fig(b, "G.5").ready
    assert b.state.active is None  # both actions spent
    assert heavy.check(b.state, b.state.units["G"], FireWeapon("G", ("G.5",), "z")) is None
    assert "not limbered" in gun_battle().refusal(Unlimber("G", "G.5"))


def test_limbering_and_unlimbering_need_at_least_half_the_crew():
    """Moving Heavy Weapons: towed heavy weapons need at least half the crew to limber and unlimber
    (a field gun's crew of 4: two)."""
    b = gun_battle()
    kill(b, "G.1", "G.2")
    assert b.refusal(Limber("G", "G.5", "T")) is None
    kill(b, "G.3")
    assert "at least half" in b.refusal(Limber("G", "G.5", "T"))
    b2 = gun_battle()
    b2.submit(Limber("G", "G.5", "T"))
    kill(b2, "G.1", "G.2", "G.3")
    assert "at least half" in b2.refusal(Unlimber("G", "G.5"))


def test_no_tractor_no_limber():
    """Moving Heavy Weapons: towed weapons need a towed carriage and something to tow it. This game's
    reading: the tractor is a ground vehicle of the crew's side next to it; a size-1 weapon is
    man-packed, not towed."""
    b = gun_battle(extra=[K.unit("I", (1, 0), ["rifle*4"]), dict(id="F", vehicle="truck", at=[6, 0], facing=0)])
    assert "cannot tow a gun" in b.refusal(Limber("G", "G.5", "I"))
    assert "must be next to" in b.refusal(Limber("G", "G.5", "F"))
    assert "no unit" in b.refusal(Limber("G", "G.5", "nothing"))
    b2 = K.battle(red=[K.unit("A", (2, 0), ["leader:rifle", "rifle*2", "weapon:tripod_hmg"]),
                       dict(id="T", vehicle="truck", at=[3, 0], facing=0)], blue=BLUE)
    assert "man-packed, not towed" in b2.refusal(Limber("A", "A.4", "T"))


@pytest.mark.parametrize("tractor, why", [("grav_carrier", "grav and hover"), ("hovertank", "grav and hover")])
def test_grav_and_hover_vehicles_may_not_tow_a_gun(tractor, why):
    """Towing and Pushing Vehicles: grav and hover vehicles may not tow."""
    b = gun_battle(tractor=tractor)
    assert why in b.refusal(Limber("G", "G.5", "T"))


def test_a_damaged_tractor_may_not_take_a_gun_and_drops_it_when_it_next_acts():
    """Towing and Pushing Vehicles: damaged vehicles may not tow. This game's reading: a tractor
    damaged with a gun on the hook drops it as it next activates; the gun is then on the ground, not
    set up, and the crew sets it up with one action."""
    b = gun_battle()
    setf(b, "T", "damage", 1)
    assert "damaged" in b.refusal(Limber("G", "G.5", "T"))
    b2 = gun_battle(blue=[K.unit("z", (14, 6), ["rifle*2"])])
    b2.submit(Limber("G", "G.5", "T"))
    b2.submit(C.EndActivation())
    b2.submit(C.Hold("z"))
    setf(b2, "T", "damage", 1)
    b2.submit(C.Hold("T"))
    assert b2.state.units["T"].towing is None and not fig(b2, "G.5").ready
    assert heavy._setup_check(b2.state, b2.state.units["G"], SetUpWeapon("G", "G.5")) is None


def test_a_tractor_tows_a_gun_no_more_than_one_size_larger_than_itself():
    """Towing and Pushing Vehicles: a vehicle tows nothing more than one size class larger. This
    game's reading: the gun counts as its weapon size (the size 5 super-heavy gun needs size 4+)."""
    b = gun_battle(gun=["leader:rifle", "rifle*3", "weapon:siege_gun"])
    assert "one size larger" in b.refusal(Limber("G", "G.5", "T"))
    b2 = gun_battle(tractor="technical")  # size 1 tows the size 2 field gun
    assert b2.refusal(Limber("G", "G.5", "T")) is None


def test_the_crew_rides_its_tractor_and_never_carries_an_unlimbered_gun_aboard():
    """Moving Heavy Weapons: a size 2 gun is never man-packed. This game's reading: a crew may ride
    inside the tractor its gun is limbered to (the gun stays on the hook), but may not take an
    unlimbered gun aboard any vehicle. The tractor may not simply drop a gun: the crew unlimbers it."""
    b = gun_battle([8], blue=[K.unit("z", (14, 6), ["rifle*2"])])
    assert "cannot be carried aboard" in b.refusal(Embark("G", "T"))
    b.submit(Limber("G", "G.5", "T"))
    b.submit(Embark("G", "T"))
    assert b.state.units["G"].carried_by == "T"
    b.submit(C.Hold("z"))
    assert "Unlimber" in b.refusal(Release("T"))
    b.submit(C.Move("T", K.hx(7, 0)))
    assert b.state.units["G"].pos == K.hx(7, 0) and b.state.units["T"].towing == "G"
    assert fig(b, "G.5").status == FIT


def test_a_crew_driven_away_from_its_limbered_gun_abandons_it():
    """Moving Heavy Weapons: the weapon can be abandoned by moving away from it. This game's reading:
    a crew forced away from its tractor (a rout) leaves the gun; the hook parts."""
    b = gun_battle()
    b.submit(Limber("G", "G.5", "T"))
    path = [K.hx(2, 0), K.hx(1, 0), K.hx(0, 0)]
    c = K.ctx(b)
    c.emit(E.UnitMoved(unit="G", path=tuple(path), points=2))
    heavy.AFTER_MOVE(c, b.state.units["G"], path)
    assert b.state.units["T"].towing is None and fig(b, "G.5").status == ABANDONED


def test_the_computer_player_unlimbers_a_gun_with_something_to_shoot_at():
    """The computer player prices unlimbering like setting up: high with a target in sight."""
    b = gun_battle()
    b.submit(Limber("G", "G.5", "T"))
    assert DefaultPlayer(0).value(b.state, Unlimber("G", "G.5")) > 1.0
