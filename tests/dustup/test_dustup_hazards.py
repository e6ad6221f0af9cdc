"""Dustup's Additional Rules: fire, smoke, casualty evacuation, minefields, mine clearing, command
detonated mines, booby traps and IEDs (engine/systems/dustup/hazards.py and the modules it gathers:
burning.py, smoke.py, minefields.py, explosives.py, casevac.py, on counters.py).

Positions are (column, row); on row 0 the distance between two hexes is the difference of their
columns (1 hex = 2 inches). Basic battledress is a D4 armour die.
"""

from __future__ import annotations

import dustkit as K
import pytest

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.dustup import burning, casevac, counters, explosives, minefields, rules, smoke
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import hazards as H
from hexfront.engine.systems.dustup.state import ABANDONED, CONFIDENT, FIT, KILLED, STEADY, UNTREATED

FAR = (15, 9)  # out of the way: never next to anything on the test maps


def board(row0: str = "", width: int = 16, height: int = 10) -> str:
    rows = [(row0 + "." * width)[:width]] + ["." * width] * (height - 1)
    return "\n".join(rows)


def feats(b, kind: str):
    return sorted((f for f in b.state.features.values() if f.kind == kind), key=lambda f: counters.feature_order(f.id))


def fig(b, fid: str):
    return next(f for f in b.state.units[fid.split(".")[0]].figures if f.id == fid)


def moved(b, uid: str, cols: list[int], dice: list[int], row: int = 0):
    """Put ``uid`` through a move along row ``row`` (as the Move Action would) and run the
    AFTER_MOVE hook with scripted ``dice``. Returns the resolution's events."""
    path = [K.hx(c, row) for c in cols]
    c = K.ctx(b, dice)
    c.emit(E.UnitMoved(unit=uid, path=tuple(path), points=len(path) - 1))
    H.AFTER_MOVE(c, b.state.units[uid], path)
    return c.events


def setf(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def wound(b, fid: str) -> None:
    uid = fid.split(".")[0]
    K.ctx(b).emit(E.FigureChanged(unit=uid, figure=fid, status=UNTREATED, wounds=1, reason="test set-up"))


BLUE = [K.unit("z", FAR, ["rifle*2"])]


# ---------------------------------------------------------------------------------------------
# Fire
# ---------------------------------------------------------------------------------------------


def flamer_battle(dice, map=None, **kw):
    return K.battle(red=[K.unit("F", (0, 0), ["leader:rifle", "flamer"])], blue=BLUE, dice=dice,
                    map=map or board("....*"), **kw)


def test_flame_thrower_sets_flammable_woods_alight_on_three():
    """Fire: a flame thrower may set an area alight deliberately; particularly flammable ground (woods)
    catches on 3-6. The new fire smokes: D6 clouds in a line downwind from the fire (Natural Smoke)."""
    b = flamer_battle([3, 2], wind=0)
    ev = b.submit(burning.Ignite("F", K.hx(4, 0)))
    fires = feats(b, "fire")
    assert [f.pos for f in fires] == [K.hx(4, 0)] and fires[0].get("radius") == 1
    clouds = feats(b, "smoke")
    assert [c.pos for c in clouds] == [K.hx(4, 0), K.hx(5, 0)] and all(c.get("radius") == 0 for c in clouds)
    assert fig(b, "F.2").fired
    assert b.state.active.actions == 1
    assert any("3+" in p for _, _, p in K.rolls(ev))


def test_flame_thrower_on_open_ground_needs_a_six():
    """Fire: ground that is not particularly flammable catches fire only on a 6."""
    b = flamer_battle([5])
    b.submit(burning.Ignite("F", K.hx(2, 0)))
    assert not feats(b, "fire")
    b2 = flamer_battle([6, 1])
    b2.submit(burning.Ignite("F", K.hx(2, 0)))
    assert [f.pos for f in feats(b2, "fire")] == [K.hx(2, 0)]


def test_ignite_refusals():
    """Fire: only a flame thrower sets an area alight, within its reach (6 hexes), not where it burns."""
    b = flamer_battle([], features=[dict(kind="fire", at=[3, 0])])
    with pytest.raises(IllegalOrder, match="beyond the flame thrower's reach"):
        b.submit(burning.Ignite("F", K.hx(7, 0)))
    with pytest.raises(IllegalOrder, match="already burning"):
        b.submit(burning.Ignite("F", K.hx(4, 0)))
    b2 = K.battle(red=[K.unit("R", (0, 0), ["rifle*2"])], blue=BLUE)
    with pytest.raises(IllegalOrder, match="no flame thrower"):
        b2.submit(burning.Ignite("R", K.hx(2, 0)))


def test_a_flame_thrower_shot_may_set_the_target_alight():
    """Fire: flame throwers may set an area alight by accident: after a Shoot action in which a flame
    thrower fired, the target's hex (here scrub, flammable) catches fire on 3-6."""
    b = K.battle(red=[K.unit("F", (0, 0), ["leader:rifle", "flamer"])],
                 blue=[K.unit("t", (4, 0), ["rifle*2"])], map=board("....,"))
    firer, target = b.state.units["F"], b.state.units["t"]
    c = K.ctx(b, [4, 1])
    H.AFTER_SHOT(c, firer, target, [fig(b, "F.2")])
    assert [f.pos for f in feats(b, "fire")] == [K.hx(4, 0)]
    c2 = K.ctx(b, [])
    H.AFTER_SHOT(c2, firer, target, [fig(b, "F.1")])  # a rifle alone: no roll at all
    assert not K.rolls(c2.events)


def test_moving_through_fire_tests_armour_against_d4():
    """Fire: any infantry model that moves within 3" of the fire marker rolls its armour die against
    an impact of D4: this game takes the fire's hex and its neighbours. Here the leader's D4 armour
    rolls 3 against 1; the trooper's 2 against a 4 is beaten, not doubled: wounded."""
    b = K.battle(red=[K.unit("R", (2, 0), ["leader:rifle", "rifle"])], blue=BLUE,
                 features=[dict(kind="fire", at=[5, 1])], dice=[5, 1, 3, 4, 2])
    b.submit(C.Move("R", K.hx(7, 0)))
    assert b.state.units["R"].pos == K.hx(7, 0)
    assert fig(b, "R.1").status == FIT and fig(b, "R.2").status == UNTREATED


def test_soft_skin_vehicle_is_burnt_but_armour_is_not():
    """Fire: a soft-skinned vehicle driving through fire rolls armour against D4 (damaged on a beat);
    an armoured vehicle is not affected."""
    b = K.battle(red=[dict(id="T", vehicle="truck", at=[2, 0], facing=0),
                      dict(id="M", vehicle="mbt", at=[2, 2], facing=0)], blue=BLUE,
                 features=[dict(kind="fire", at=[5, 0]), dict(kind="fire", at=[5, 2])])
    moved(b, "T", [2, 3, 4, 5, 6], [4, 3])
    assert b.state.units["T"].damage == 1
    ev = moved(b, "M", [2, 3, 4, 5, 6], [], row=2)
    assert not K.rolls(ev) and b.state.units["M"].damage == 0


def test_fire_goes_out_on_a_one_with_its_smoke():
    """Fire: at the end of each turn a D6 for each fire: on a 1 it goes out (its smoke goes with it)."""
    b = flamer_battle([3, 2])
    b.submit(burning.Ignite("F", K.hx(4, 0)))
    H.TURN_END(K.ctx(b, [1]))
    assert not feats(b, "fire") and not feats(b, "smoke")


def test_fire_spreads_on_a_six_and_its_smoke_follows_the_table():
    """Fire: a 6 spreads the fire D6" in a random (clockface) direction: 4 o'clock is east, 3" is two
    hexes; the new fire smokes. Natural Smoke table: 5-6 adds one cloud to the old fire's line."""
    b = flamer_battle([], features=[dict(kind="fire", at=[4, 4])], wind=3)
    H.TURN_END(K.ctx(b, [6, 4, 3, 2, 5]))
    fires = feats(b, "fire")
    assert [f.pos for f in fires] == [K.hx(4, 4), K.hx(6, 4)]
    new_smoke = [c.pos for c in burning.fire_clouds(b.state, fires[1])]
    assert new_smoke == [K.hx(6, 4), K.hx(5, 4)]  # downwind is west (wind 3)
    assert [c.pos for c in burning.fire_clouds(b.state, fires[0])] == [K.hx(4, 4)]


@pytest.mark.parametrize("roll, left", [(1, 0), (2, 2), (3, 3), (4, 3), (6, 4)])
def test_natural_smoke_table(roll, left):
    """Natural Smoke: 1 removes all the smoke, 2 one cloud, 3-4 leave it, 5-6 add one."""
    b = flamer_battle([3, 3], wind=0)
    b.submit(burning.Ignite("F", K.hx(4, 0)))
    assert len(feats(b, "smoke")) == 3
    H.TURN_END(K.ctx(b, [3, roll]))
    clouds = feats(b, "smoke")
    assert len(clouds) == left
    if roll == 2:
        assert {c.pos for c in clouds} == {K.hx(4, 0), K.hx(5, 0)}  # the furthest cloud went


def test_fighting_a_fire_takes_both_actions_and_four_puts_it_out():
    """Fire: an infantry unit fights a fire with both its actions: a die for its number of models
    (five figures: D6), 4 or better removes the fire marker."""
    b = K.battle(red=[K.unit("R", (2, 0), ["leader:rifle", "rifle*4"])], blue=BLUE,
                 features=[dict(kind="fire", at=[4, 0])], dice=[4])
    fire = feats(b, "fire")[0].id
    ev = b.submit(burning.FightFire("R", fire))
    assert (6, 4) in [(s, r) for s, r, _ in K.rolls(ev)]
    assert not feats(b, "fire") and b.state.active is None
    b2 = K.battle(red=[K.unit("R", (2, 0), ["leader:rifle", "rifle*4"])], blue=BLUE,
                  features=[dict(kind="fire", at=[4, 0])], dice=[3])
    b2.submit(burning.FightFire("R", feats(b2, "fire")[0].id))
    assert feats(b2, "fire")
    b3 = K.battle(red=[K.unit("R", (0, 0), ["leader:rifle", "rifle*4"])], blue=BLUE,
                  features=[dict(kind="fire", at=[4, 0])])
    with pytest.raises(IllegalOrder, match="too far from the fire"):
        b3.submit(burning.FightFire("R", feats(b3, "fire")[0].id))


# ---------------------------------------------------------------------------------------------
# Artificial smoke
# ---------------------------------------------------------------------------------------------


def test_smoke_grenades_lay_a_cloud_that_lifts_when_the_unit_activates_again():
    """Artificial Smoke: infantry create a 6" cloud (a hex and its neighbours) up to 6" (3 hexes)
    away as one action; it blocks sight; it is removed the next time the unit is activated."""
    b = K.battle(red=[K.unit("R", (0, 0), ["leader:rifle", "rifle*3"], grenades="hand_grenade")],
                 blue=[K.unit("z", (8, 0), ["rifle*2"])])
    assert rules.can_see(b.state, K.hx(0, 0), K.hx(8, 0))
    with pytest.raises(IllegalOrder, match="reach 3 hexes"):
        b.submit(smoke.LaySmoke("R", K.hx(4, 0)))
    b.submit(smoke.LaySmoke("R", K.hx(3, 0)))
    cloud = feats(b, "smoke")[0]
    assert cloud.pos == K.hx(3, 0) and cloud.get("radius") == 1 and cloud.get("by") == "R"
    assert not rules.can_see(b.state, K.hx(0, 0), K.hx(8, 0))
    H.ACTIVATION_BEGIN(K.ctx(b), b.state.units["R"])
    assert not feats(b, "smoke")


def test_only_troops_with_grenades_throw_smoke():
    """Artificial Smoke, this game's reading: smoke grenades go with the unit's grenades."""
    b = K.battle(red=[K.unit("R", (0, 0), ["leader:rifle", "rifle*3"])], blue=BLUE)
    with pytest.raises(IllegalOrder, match="no smoke grenades"):
        b.submit(smoke.LaySmoke("R", K.hx(2, 0)))


def test_smoke_dischargers_put_the_cloud_six_inches_ahead():
    """Artificial Smoke: a vehicle's smoke dischargers put the 6" cloud 6" (3 hexes) to its front."""
    b = K.battle(red=[dict(id="M", vehicle="mbt", at=[2, 2], facing=0)], blue=BLUE)
    with pytest.raises(IllegalOrder, match="straight ahead"):
        b.submit(smoke.LaySmoke("M", K.hx(2, 3)))
    b.submit(smoke.LaySmoke("M", K.hx(5, 2)))
    assert [(f.pos, f.get("radius")) for f in feats(b, "smoke")] == [(K.hx(5, 2), 1)]


def test_exhaust_smoke_round_a_stationary_vehicle_or_behind_a_moving_one():
    """Artificial Smoke: exhaust smoke round the whole vehicle if it is stationary, a 6" cloud
    directly behind it if moving; this game's reading: it costs no action, once an activation."""
    b = K.battle(red=[dict(id="H", vehicle="hovertank", at=[6, 2], facing=0)], blue=BLUE)
    b.submit(smoke.ExhaustSmoke("H"))
    assert [(f.pos, f.get("radius")) for f in feats(b, "smoke")] == [(K.hx(6, 2), 0)]
    assert b.state.active.actions == 2
    with pytest.raises(IllegalOrder, match="already making exhaust smoke"):
        b.submit(smoke.ExhaustSmoke("H"))
    H.ACTIVATION_BEGIN(K.ctx(b), b.state.units["H"])
    setf(b, "H", "moves", 1)
    b.submit(smoke.ExhaustSmoke("H"))
    assert [(f.pos, f.get("radius")) for f in feats(b, "smoke")] == [(K.hx(4, 2), 1)]


# ---------------------------------------------------------------------------------------------
# Minefields
# ---------------------------------------------------------------------------------------------


def mine_battle(red, type_="ap", dice=(), hidden=True, **kw):
    return K.battle(red=red, blue=BLUE, dice=list(dice),
                    features=[dict(kind="minefield", side="blue", at=[5, 0], type=type_, hidden=hidden)], **kw)


def test_infantry_in_an_ap_minefield_roll_per_three_inches():
    """Minefields: infantry roll the quality die for each model per 3" (2 hexes) or part in the
    field; AP mines hit on 1-3; a hit is armour against a D10 impact, killed when doubled. Three
    hexes of the path lie in the field: two rolls a model. Entering reveals the field."""
    b = mine_battle([K.unit("R", (2, 0), ["leader:rifle", "rifle"])], dice=[5, 5, 4, 3, 9, 4])
    assert feats(b, "minefield")[0].hidden
    b.submit(C.Move("R", K.hx(7, 0)))
    assert fig(b, "R.1").status == FIT and fig(b, "R.2").status == KILLED
    assert not feats(b, "minefield")[0].hidden


def test_mixed_minefield_hits_on_one_or_two_and_at_mines_ignore_infantry():
    """Minefields: in a mixed field a model is hit on 1-2 only; infantry never set off AT mines."""
    b = mine_battle([K.unit("R", (2, 0), ["rifle"])], type_="mixed")
    ev = moved(b, "R", [2, 3, 4, 5], [3])
    assert fig(b, "R.1").status == FIT and len(K.rolls(ev)) == 1
    b2 = mine_battle([K.unit("R", (2, 0), ["rifle"])], type_="at")
    ev2 = moved(b2, "R", [2, 3, 4, 5, 6, 7], [])
    assert not K.rolls(ev2)


def test_vehicle_in_an_at_minefield_is_damaged_and_immobilised_and_occupants_test():
    """Minefields: a vehicle in an AT field sets off a mine per 3" or part: belly armour against a
    D12; beaten: damaged and immobilised, and each occupant rolls armour 3+ or an untreated wound."""
    b = mine_battle([dict(id="T", vehicle="light_tank", at=[2, 0], facing=0),
                     K.unit("P", (2, 0), ["leader:rifle", "rifle"], **{"in": "T"})], type_="at")
    moved(b, "T", [2, 3, 4, 5, 6, 7], [6, 4, 3, 2, 3, 5])
    t = b.state.units["T"]
    assert t.damage == 1 and t.immobilised and not t.destroyed
    assert fig(b, "P.1").status == FIT and fig(b, "P.2").status == UNTREATED


def test_a_doubled_mine_destroys_the_vehicle_and_kills_its_occupants():
    """Minefields: if the mine doubles the belly armour the vehicle is destroyed; all occupants die."""
    b = mine_battle([dict(id="T", vehicle="light_tank", at=[2, 0], facing=0),
                     K.unit("P", (2, 0), ["leader:rifle", "rifle"], **{"in": "T"})], type_="mixed")
    moved(b, "T", [2, 3, 4], [9, 4])
    assert b.state.units["T"].destroyed
    assert all(f.status == KILLED for f in b.state.units["P"].figures)


def test_dummy_minefield_is_revealed_and_removed():
    """Minefields: a dummy counter does nothing; entered, it is shown for what it is."""
    b = mine_battle([K.unit("R", (2, 0), ["rifle"])], type_="dummy")
    ev = moved(b, "R", [2, 3, 4, 5], [])
    assert not K.rolls(ev) and not feats(b, "minefield")


def test_own_minefield_does_not_go_off():
    """This game's reading: a side's own mines do not go off under its own troops."""
    b = K.battle(red=[K.unit("R", (2, 0), ["rifle"])], blue=BLUE,
                 features=[dict(kind="minefield", side="red", at=[5, 0], type="ap")])
    assert not K.rolls(moved(b, "R", [2, 3, 4, 5, 6], []))


def test_each_counter_tests_separately():
    """Multiple Mine Counters: within 3" of more than one counter, the unit tests for each."""
    b = K.battle(red=[K.unit("R", (2, 0), ["rifle"])], blue=BLUE,
                 features=[dict(kind="minefield", side="blue", at=[4, 0], type="ap"),
                           dict(kind="minefield", side="blue", at=[5, 0], type="ap")])
    ev = moved(b, "R", [2, 3, 4], [6, 6])
    assert len(K.rolls(ev)) == 2


def test_no_prop_in_a_known_minefield():
    """Minefields: Prop: it is not possible to prop in a minefield."""
    b = mine_battle([K.unit("R", (4, 0), ["rifle*2"])], hidden=False)
    with pytest.raises(IllegalOrder, match="minefield"):
        b.submit(C.Prop("R"))


# ---------------------------------------------------------------------------------------------
# Mine clearing
# ---------------------------------------------------------------------------------------------


def lane_battle(dice):
    return mine_battle([K.unit("R", (2, 0), ["leader:rifle", "rifle*3"])], hidden=False, dice=dice)


def test_infantry_clear_a_lane_at_half_speed():
    """Mine Clearing: Infantry: one model goes forward (as a detachment) at half speed, each hex of
    the field rolled for as a minefield test; the line it took is the lane. D6 6 is 3 hexes."""
    b = lane_battle([6, 5, 6])
    b.submit(minefields.ClearLane("R", K.hx(8, 0)))
    det = b.state.units["R-1"]
    assert det.pos == K.hx(5, 0) and [f.id for f in det.figures] == ["R.4"]
    assert b.state.units["R"].pos == K.hx(2, 0)
    assert sorted(f.pos.q for f in feats(b, "lane")) == [4, 5]


def test_the_lane_clearer_stops_when_wounded():
    """Mine Clearing: Infantry: the model goes on until it reaches the end or is wounded."""
    b = lane_battle([6, 2, 7, 4])
    b.submit(minefields.ClearLane("R", K.hx(8, 0)))
    det = b.state.units["R-1"]
    assert det.figures[0].id == "R.4" and det.figures[0].status == UNTREATED
    assert det.pos == K.hx(4, 0)
    assert [f.pos for f in feats(b, "lane")] == [K.hx(4, 0)]


def test_following_a_lane_rolls_a_d12_per_model():
    """Mine Clearing: Infantry: a model moving along the cleared lane rolls a D12 and sets off a mine
    on a 1; the field's hexes off the lane are tested as usual."""
    b = lane_battle([6, 5, 6])
    b.submit(minefields.ClearLane("R", K.hx(8, 0)))
    # (4,0) and (5,0) are the lane, (6,0) is not: each model rolls its D8 once for (6,0), then a D12
    ev = moved(b, "R", [2, 3, 4, 5, 6], [6, 5, 7, 1, 5, 3, 8, 7])  # R.2 sets off a mine: 5 against 3
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(8, 6), (12, 5), (8, 7), (12, 1), (10, 5), (4, 3), (8, 8),
                                                   (12, 7)]
    assert fig(b, "R.2").status == UNTREATED and fig(b, "R.1").status == FIT


def test_mine_plough_clears_the_counter_unless_it_rolls_a_one():
    """Mine Clearing: Vehicles: a plough moving over the counter rolls its quality die: 1 hit by a
    mine (belly D12x2 here), anything else removes the counter."""
    b = mine_battle([dict(id="E", vehicle="engineer", at=[2, 0], facing=0)], type_="at")
    moved(b, "E", [2, 3, 4, 5, 6], [2])
    assert not feats(b, "minefield")
    b2 = mine_battle([dict(id="E", vehicle="engineer", at=[2, 0], facing=0)], type_="at")
    moved(b2, "E", [2, 3, 4, 5, 6], [1, 12, 5])
    assert feats(b2, "minefield") and b2.state.units["E"].damage == 1


def test_line_charge_takes_two_actions_and_removes_the_counter():
    """Mine Clearing: Line Charge: a vehicle near the edge of the field spends 2 actions; the mine
    counter is removed."""
    b = mine_battle([dict(id="E", vehicle="engineer", at=[3, 0], facing=0)], hidden=False)
    field = feats(b, "minefield")[0].id
    b.submit(minefields.FireLineCharge("E", field))
    assert not feats(b, "minefield") and b.state.units["E"].line_charges == 0 and b.state.active is None
    b2 = mine_battle([dict(id="E", vehicle="engineer", at=[3, 0], facing=0)], hidden=True)
    with pytest.raises(IllegalOrder, match="knows of"):
        b2.submit(minefields.FireLineCharge("E", feats(b2, "minefield")[0].id))


# ---------------------------------------------------------------------------------------------
# Command detonated mines
# ---------------------------------------------------------------------------------------------


def cdm_battle(red, dice=()):
    return K.battle(red=red, blue=[K.unit("z", (12, 3), ["rifle*2"])], dice=list(dice),
                    features=[dict(kind="cdm", side="blue", at=[8, 0], facing=3)])


def test_cdm_asks_its_controller_and_hits_every_model_in_the_field():
    """Command Detonated Mines: 180-degree field, 6" range; fired when the controlling side sees the
    mine and the moving unit, without using an activation; each model in the field tests armour
    against D10; the counter is removed."""
    b = cdm_battle([K.unit("R", (2, 0), ["leader:rifle", "rifle"])], dice=[4, 1, 3, 3, 2])
    b.submit(C.Move("R", K.hx(6, 0)))
    assert b.state.pending is not None and b.state.pending.kind == "cdm"
    cdm = feats(b, "cdm")[0].id
    assert b.state.pending.data == (f"fire:{cdm}", "hold")
    b.submit(C.Decide(f"fire:{cdm}"))
    assert not feats(b, "cdm")
    assert fig(b, "R.1").status == FIT and fig(b, "R.2").status == UNTREATED
    assert b.state.active.unit == "R" and b.state.active.actions == 1


def test_cdm_may_be_held():
    b = cdm_battle([K.unit("R", (2, 0), ["leader:rifle", "rifle"])], dice=[4])
    b.submit(C.Move("R", K.hx(6, 0)))
    b.submit(C.Decide("hold"))
    assert feats(b, "cdm") and feats(b, "cdm")[0].get("target") is None


def test_cdm_outside_its_field_or_unseen_is_not_offered():
    """Command Detonated Mines: only units within the field of fire (in front, 6") are hit, and only
    when the controlling unit can see the mine and its target."""
    b = cdm_battle([K.unit("R", (2, 0), ["rifle"])])
    assert not K.rolls(moved(b, "R", [2, 3, 4], []))  # 4 hexes away: out of range
    assert b.state.pending is None
    b2 = cdm_battle([K.unit("R", (12, 0), ["rifle"])])
    moved(b2, "R", [12, 11, 10], [])  # behind the mine (it faces west)
    assert b2.state.pending is None


def test_cdm_does_nothing_to_armour():
    """Command Detonated Mines: no effect against armoured vehicles."""
    b = cdm_battle([dict(id="M", vehicle="mbt", at=[2, 0], facing=0)])
    moved(b, "M", [2, 3, 4, 5, 6], [])
    b.submit(C.Decide("fire:" + feats(b, "cdm")[0].id))
    assert not feats(b, "cdm") and b.state.units["M"].damage == 0


def test_set_up_a_cdm_with_a_reorganise_action():
    """Command Detonated Mines: one reorganise action sets one up; it is hidden from the enemy."""
    b = K.battle(red=[K.unit("R", (2, 0), ["rifle*2"], cdms=1)], blue=BLUE)
    assert b.state.units["R"].cdms == 1
    b.submit(explosives.SetCDM("R", K.hx(3, 0), 0))
    cdm = feats(b, "cdm")[0]
    assert cdm.hidden and cdm.side == "red" and cdm.get("facing") == 0 and b.state.units["R"].cdms == 0
    with pytest.raises(IllegalOrder, match="no command-detonated mines"):
        b.submit(explosives.SetCDM("R", K.hx(2, 0), 0))


# ---------------------------------------------------------------------------------------------
# Booby traps and IEDs
# ---------------------------------------------------------------------------------------------


def trap_battle(kind, red, dice=(), **extra):
    return K.battle(red=red, blue=BLUE, dice=list(dice), features=[dict(kind=kind, side="blue", at=[6, 0], **extra)])


def test_booby_trap_found_and_disarmed():
    """Booby Traps: an infantry unit within 3" rolls its quality die against a D8: success disables it."""
    b = trap_battle("booby", [K.unit("R", (2, 0), ["leader:rifle", "rifle"])])
    moved(b, "R", [2, 3, 4], [6, 5])
    assert not feats(b, "booby") and all(f.status == FIT for f in b.state.units["R"].figures)


def test_booby_trap_goes_off_on_the_nearest_figure_d8_others_d6():
    """Booby Traps: failing, it detonates: the closest figure (this game: one at random) rolls armour
    against D8, the other models within 3" against D6."""
    b = trap_battle("booby", [K.unit("R", (2, 0), ["leader:rifle", "rifle"])])
    ev = moved(b, "R", [2, 3, 4], [3, 5, 2, 7, 4, 6, 1])
    rolled = [(s, r) for s, r, _ in K.rolls(ev)]
    assert rolled == [(8, 3), (8, 5), (4, 2), (8, 7), (4, 4), (6, 6), (4, 1)]
    assert fig(b, "R.2").status == UNTREATED  # 7 beats 4
    assert fig(b, "R.1").status == KILLED  # 6 is more than double 1


def test_ied_goes_off_under_a_vehicle_with_its_own_impact():
    """IEDs: a vehicle within 3" sets it off: an impact (D12, or the device's own) as an AT mine;
    the IED is removed."""
    b = trap_battle("ied", [dict(id="T", vehicle="light_tank", at=[2, 0], facing=0)], impact="d12x2")
    moved(b, "T", [2, 3, 4], [3, 5])  # 3 x 2 = 6 beats 5: damaged and immobilised
    t = b.state.units["T"]
    assert not feats(b, "ied") and t.damage == 1 and t.immobilised


def test_ied_found_by_infantry_is_marked_and_then_harmless():
    """IEDs: infantry within 3" roll quality against a D8: success finds and marks it; this game's
    reading: a marked IED no longer goes off."""
    b = trap_battle("ied", [K.unit("R", (2, 0), ["rifle"]), dict(id="T", vehicle="light_tank", at=[2, 2])])
    moved(b, "R", [2, 3, 4], [6, 3])
    ied = feats(b, "ied")[0]
    assert not ied.hidden and ied.get("marked") == 1
    assert not K.rolls(moved(b, "T", [2, 3, 4, 5], [], row=0))


def test_ied_goes_off_when_infantry_roll_under_half():
    """IEDs: an infantry roll under half the device's die sets it off: all infantry within 6" roll
    armour against a D12."""
    b = trap_battle("ied", [K.unit("R", (2, 0), ["rifle"]), K.unit("S", (8, 2), ["rifle"])])
    moved(b, "R", [2, 3, 4], [1, 4, 9, 2, 2, 1])
    assert not feats(b, "ied")
    assert fig(b, "R.1").status == KILLED and fig(b, "S.1").status == UNTREATED


def test_ied_missed_without_going_off():
    b = trap_battle("ied", [K.unit("R", (2, 0), ["rifle"])])
    moved(b, "R", [2, 3, 4], [3, 4])
    assert feats(b, "ied") and feats(b, "ied")[0].hidden


# ---------------------------------------------------------------------------------------------
# Casualty evacuation
# ---------------------------------------------------------------------------------------------


def casevac_battle(dice=()):
    return K.battle(red=[K.unit("A", (2, 2), ["leader:rifle", "rifle*4"], confidence="shaken"),
                         K.unit("B", (5, 2), ["rifle*3"], confidence="steady"),
                         K.unit("C", (14, 2), ["rifle*3"], confidence="steady")],
                    blue=BLUE, red_side={"casevac": "dropship"}, dice=list(dice))


def test_casevac_starts_in_the_loiter_box():
    """Casualty Evacuation: the CASEVAC counter is placed in the loiter zone of the inbound chart."""
    b = casevac_battle()
    m = [m for m in b.state.missions.values() if m.kind == "casevac"]
    assert len(m) == 1 and m[0].box == -1 and m[0].side == "red" and m[0].asset == "dropship"


def test_casevac_call_load_and_leave():
    """Casualty Evacuation: called with a communication action (this game: a leadership test), it
    lands by the caller; a unit within 2" hands over its wounded with a reorganise action (room:
    half the dropship's 12); as it leaves, the counter goes to box 1, the unit that loaded rolls D6
    (3+ one level, 6 two) and other friendly units within 12" D6 (5+ one level)."""
    b = casevac_battle([5, 6, 5])
    wound(b, "A.4")
    wound(b, "A.5")
    b.submit(casevac.CallCasevac("A"))
    ship = feats(b, "casevac")[0]
    assert ship.pos.distance(K.hx(2, 2)) == 1 and ship.get("room") == 6
    assert not any(m.kind == "casevac" for m in b.state.missions.values())
    b.submit(casevac.LoadWounded("A"))
    assert fig(b, "A.4").status == ABANDONED and fig(b, "A.5").status == ABANDONED
    ship = feats(b, "casevac")[0]
    assert ship.get("loaded") == 2 and ship.get("units") == "A"
    b.submit(C.Hold("z"))
    b.submit(casevac.CasevacLeave("red"))
    assert b.state.units["A"].confidence == CONFIDENT  # shaken + 2
    assert b.state.units["B"].confidence == CONFIDENT  # steady + 1
    assert b.state.units["C"].confidence == STEADY  # too far: no roll
    assert not feats(b, "casevac")
    m = [m for m in b.state.missions.values() if m.kind == "casevac"][0]
    assert m.box == 1 and m.ammo == "outbound"


def test_failed_casevac_call_leaves_it_waiting():
    b = casevac_battle([2])
    wound(b, "A.4")
    b.submit(casevac.CallCasevac("A"))
    assert not feats(b, "casevac") and [m.box for m in b.state.missions.values()] == [-1]


def test_casevac_flies_to_box_three_and_back():
    """Casualty Evacuation: it may not return until it has flown to zone three and back to zone one."""
    b = casevac_battle()
    m = next(iter(b.state.missions.values()))
    K.ctx(b).emit(E.MissionPlaced(mission=m.id, side="red", kind="casevac", asset="dropship", box=1,
                                  ammo="outbound"))
    boxes = []
    for _ in range(5):
        H.TURN_BEGIN(K.ctx(b))
        mm = b.state.missions[m.id]
        boxes.append((mm.box, bool(casevac.casevac_ready(b.state, "red"))))
    assert boxes == [(2, False), (3, False), (2, False), (1, True), (-1, True)]


def test_load_wounded_refused_far_from_the_casevac():
    b = casevac_battle()
    wound(b, "C.1")
    with pytest.raises(IllegalOrder, match="CASEVAC"):
        b.submit(casevac.LoadWounded("C"))


def test_new_orders_are_offered():
    """The computer player finds the new orders among the legal ones."""
    b = K.battle(red=[K.unit("F", (0, 0), ["leader:rifle", "flamer"], grenades="hand_grenade")],
                 blue=[K.unit("z", (5, 0), ["rifle*2"])], map=board("..*"))
    kinds = {type(c) for c in b.legal_commands()}
    assert burning.Ignite in kinds and smoke.LaySmoke in kinds
    assert burning.Ignite("F", Hex(2, 0)) in b.legal_commands()  # the woods two hexes east
