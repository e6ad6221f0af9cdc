"""Dustup's Artillery and Air Support: requests, the inbound chart, accuracy and scatter, blasts,
smoke and fire, and on-table mortars.

Positions are (column, row); on row 0 the axial hex is Hex(column, 0) and hex direction 0 (east)
walks along the row, direction 3 (west) back. 1 hex = 2 inches.
"""

from __future__ import annotations

import dustkit as K
import pytest
from dustkit import asset, called, fight, fo

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import support as S
from hexfront.engine.systems.dustup.describe import Describer
from hexfront.engine.systems.dustup.state import FIT, KILLED, STEADY, UNTREATED


def blasts(b) -> list[Hex]:
    return sorted(f.pos for f in b.state.features.values() if f.kind == "blast")


def rolled(ev, words: str) -> list[tuple[int, int]]:
    return [(s, r) for s, r, p in K.rolls(ev) if words in p]


def purposes(ev, words: str) -> list[str]:
    return [p for _, _, p in K.rolls(ev) if words in p]


def status(b, fid):
    uid = fid.rsplit(".", 1)[0]
    return next(f for f in b.state.units[uid].figures if f.id == fid).status


# ---------------------------------------------------------------------------------------------
# Request Fire Support Action
# ---------------------------------------------------------------------------------------------

ROWS = [("artillery", "company", True, 0), ("artillery", "company", False, 2), ("air", "air", True, 2),
        ("air", "air", False, 4), ("orbital", "orbital", True, 3), ("orbital", "orbital", False, 6)]


@pytest.mark.parametrize("kind, tier, is_fo, diff", ROWS)
@pytest.mark.parametrize("wins", [True, False])
def test_request_difficulty_rows(kind, tier, is_fo, diff, wins):
    """Request Fire Support Action: a D8 must beat leadership + the requestor's difficulty: artillery
    by an FO +0, by others +2; air by an LO +2, others +4; orbital by an LO +3, others +6."""
    need = 1 + diff
    b = fight([fo(fo=is_fo, leadership=1)], [K.unit("B", (10, 0), ["rifle"])],
              support=[asset(kind=kind, tier=tier)], dice=[need + 1 if wins else need])
    ev = b.submit(S.RequestFire("A", "bat", Hex(10, 0)))
    (p,) = purposes(ev, "request")
    assert p.startswith(f"request {kind} support") and f"D8 must beat {need} = leadership 1 + difficulty {diff}" in p
    assert bool(b.state.missions) is wins
    assert b.state.active.actions == 1  # one action, whatever the outcome


def test_request_refused_when_the_die_cannot_win_and_chits_shift_it_up():
    """Fire Support Chits: each chit spent shifts the request die up once. An orbital call by a unit
    without a liaison officer (leadership 2 + 6) cannot be won on a D8; one chit makes it a D10."""
    b = fight([fo(fo=False)], [K.unit("B", (10, 0), ["rifle"])], support=[asset(kind="orbital", tier="orbital")],
              chits=2, dice=[9])
    with pytest.raises(IllegalOrder, match="more than 8 on a D8"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0)))
    with pytest.raises(IllegalOrder, match="2 fire support chit"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0), chits=3))
    ev = b.submit(S.RequestFire("A", "bat", Hex(10, 0), chits=1))
    assert rolled(ev, "request orbital") == [(10, 9)]
    assert "D8 up 1 for fire support chits" in purposes(ev, "request")[0]
    assert b.state.support_chits["red"] == 1
    assert len(b.state.missions) == 1


def test_failed_request_spends_chits_but_no_mission():
    """A failed request: the action and the chits are gone; the asset keeps its missions (this game's
    reading)."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], chits=1, dice=[2])
    a = S.asset_of(b.state, "red", "bat")
    b.submit(S.RequestFire("A", "bat", Hex(10, 0), chits=1))
    assert not b.state.missions and not b.state.features
    assert b.state.support_chits["red"] == 0
    assert S.missions_left(b.state, "red", a) == 2


def test_missions_on_the_chart_count_against_the_allowance():
    """Each asset has a number of missions: one on the chart counts; a spent asset is refused."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], support=[asset(missions=1)], dice=[8])
    b.submit(S.RequestFire("A", "bat", Hex(10, 0)))
    with pytest.raises(IllegalOrder, match="no fire missions left"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0)))


def test_request_needs_sight_of_the_aim_point_and_known_asset_and_ammo():
    """The observer calls fire onto a point it sees (this game's reading); the asset and its ammunition
    must be the scenario's."""
    b = fight([fo()], [K.unit("B", (10, 8), ["rifle"])], support=[asset(ammo=("he",))], map=K.SCREENED_ROWS)
    with pytest.raises(IllegalOrder, match="cannot see that point"):
        b.submit(S.RequestFire("A", "bat", K.hx(10, 8)))
    with pytest.raises(IllegalOrder, match="no support asset"):
        b.submit(S.RequestFire("A", "guns", Hex(3, 0)))
    with pytest.raises(IllegalOrder, match="not smoke"):
        b.submit(S.RequestFire("A", "bat", Hex(3, 0), ammo="smoke"))


@pytest.mark.parametrize("kind, tier, box", [("artillery", "company", 1), ("artillery", "battalion", 2),
                                             ("artillery", "regimental", 3), ("orbital", "orbital", 3),
                                             ("air", "air", 3)])
def test_impact_time_by_tier(kind, tier, box):
    """Successful Request: company or platoon support lands next turn (box 1), battalion after two
    turns (box 2), regimental, orbital and air support after three (box 3)."""
    b = fight([fo(leadership=1)], [K.unit("B", (10, 0), ["rifle"])], support=[asset(kind=kind, tier=tier)],
              dice=[8])
    b.submit(S.RequestFire("A", "bat", Hex(10, 0)))
    (m,) = b.state.missions.values()
    assert (m.box, m.kind, m.target, m.observer) == (box, kind, Hex(10, 0), "A")


def test_on_table_assets_are_not_requested():
    """On-table artillery fires when its own unit acts (the mortar order), not through a request."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], support=[asset(tier="on_table")])
    with pytest.raises(IllegalOrder, match="on the table"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0)))


def test_dummy_target_markers_look_alike_to_the_enemy():
    """Dummy Targets: three markers, one real; all are hidden from the other side (the same counter)
    until the impact, when the dummies go and the rounds fall on the real one."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], dice=[8, 8, 1, 4, 1, 4, 8])
    ev = b.submit(S.RequestFire("A", "bat", Hex(10, 0), dummies=(Hex(12, 0), Hex(4, 0))))
    placed = [e for e in ev if isinstance(e, E.FeaturePlaced)]
    assert [e.at for e in placed] == [Hex(4, 0), Hex(10, 0), Hex(12, 0)]  # map order: no tell
    assert all(e.kind == "target" and e.hidden for e in placed)
    d = Describer(b.state)
    lines = {d.event(e).replace(f"({e.at.q},0)", "(x,0)") for e in placed}
    assert len(lines) == 1 and "dummy" not in lines.pop()  # the log reads the same for all three
    marks = {f.pos: f.get("dummy") for f in b.state.features.values()}
    assert marks == {Hex(4, 0): 1, Hex(10, 0): 0, Hex(12, 0): 1}
    with pytest.raises(IllegalOrder, match="at most two dummy"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0), dummies=(Hex(1, 0), Hex(2, 0), Hex(3, 0))))
    mid = next(iter(b.state.missions))
    S.TURN_BEGIN(K.ctx(b))  # box 2 -> 1; turn 2's start brings it over the battle area
    b.submit(C.EndActivation())
    b.submit(C.Hold("B"))  # turn 1 is over: roll-off 8, 1 for turn 2
    b.submit(C.ChooseFirst(True))
    assert b.state.missions[mid].box == 0
    assert len([f for f in b.state.features.values() if f.kind == "target"]) == 3  # they wait with it
    ev = b.submit(S.ResolveImpact("red", mid))
    removed = [e.reason for e in ev if isinstance(e, E.FeatureRemoved)]
    assert sum("dummy" in r for r in removed) == 2 and sum("real target" in r for r in removed) == 1
    assert not [f for f in b.state.features.values() if f.kind == "target"]
    assert blasts(b) == [Hex(10, 0)]


def test_bad_dummies_are_refused():
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])])
    with pytest.raises(IllegalOrder, match="hex of its own"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0), dummies=(Hex(10, 0),)))
    with pytest.raises(IllegalOrder, match="off the map"):
        b.submit(S.RequestFire("A", "bat", Hex(10, 0), dummies=(Hex(40, 0),)))


# ---------------------------------------------------------------------------------------------
# The inbound chart
# ---------------------------------------------------------------------------------------------


def test_chart_counters_move_one_box_each_turn_and_wait_over_the_battle_area():
    """The Inbound Chart: at the start of each turn a fire mission counter moves one box toward the
    battle area (box 0), where it waits until resolved (this game's reading). Aircraft counters are
    the air rules' to move."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], support=[asset(tier="regimental")])
    mid = called(b, Hex(10, 0), box=3)
    c = K.ctx(b)
    c.emit(E.MissionPlaced(mission="air-99", side="red", kind="aircraft", asset="", box=2, unit="A"))
    seen = []
    for _ in range(4):
        S.TURN_BEGIN(c)
        seen.append(b.state.missions[mid].box)
    assert seen == [2, 1, 0, 0]
    assert b.state.missions["air-99"].box == 2
    S.TURN_END(c)
    assert b.state.missions[mid].box == 0


def test_company_mission_called_this_turn_lands_next_turn():
    """Successful Request: company support arrives on the next turn; until then it cannot be
    resolved. The whole turn is played through: the chart moves as turn 2 begins."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], support=[asset(tier="company")],
              dice=[8, 8, 1, 6, 6, 1])
    b.submit(S.RequestFire("A", "bat", Hex(10, 0)))
    mid = next(iter(b.state.missions))
    b.submit(C.EndActivation())
    with pytest.raises(IllegalOrder):
        b.submit(S.ResolveImpact("red", mid))
    assert b.state.missions[mid].box == 1
    b.submit(C.Hold("B"))  # every unit has acted: turn 2 begins with the roll-off (8, 1)
    b.submit(C.ChooseFirst(True))
    assert b.state.turn == 2 and b.state.missions[mid].box == 0
    assert S.ResolveImpact("red", mid) in b.legal_commands()
    b.submit(S.ResolveImpact("red", mid))
    assert status(b, "B.1") == KILLED  # impact 6 beats double the D4's 1


def test_resolving_an_impact_replaces_an_activation():
    """Request Fire Support Action: the impact is resolved instead of activating a unit: no unit of the
    side is activated and the other side acts next."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"]), K.unit("B2", (10, 6), ["rifle"])],
              dice=[5, 1, 4])
    mid = called(b, Hex(10, 6))
    assert S.impact_check(b.state, "blue", S.ResolveImpact("blue", mid)) == "that fire mission is the other side's"
    b.submit(S.ResolveImpact("red", mid))
    assert not b.state.units["A"].activated and b.state.active is None
    assert b.state.to_act == "blue"
    assert mid not in b.state.missions
    assert S.missions_left(b.state, "red", S.asset_of(b.state, "red", "bat")) == 1


def test_resolve_refused_before_box_zero():
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])])
    mid = called(b, Hex(10, 0), box=1)
    with pytest.raises(IllegalOrder, match="still in box 1"):
        b.submit(S.ResolveImpact("red", mid))


def test_chart_helper_lists_boxes_in_order():
    """The screens' view of the chart: box 3 first, down to the loiter box."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], support=[asset(tier="regimental"),
                                                                   asset("mor", tier="company", ammo=("smoke",))])
    called(b, Hex(10, 0), box=3)
    called(b, Hex(10, 0), ammo="smoke", aid="mor", box=1)
    K.ctx(b).emit(E.MissionPlaced(mission="air-99", side="blue", kind="aircraft", asset="", box=-1, unit="B"))
    assert S.chart(b.state) == [(3, "red", "Asset bat (artillery, he)"), (1, "red", "Asset mor (artillery, smoke)"),
                                (-1, "blue", "aircraft: B")]


# ---------------------------------------------------------------------------------------------
# Fire Support Accuracy
# ---------------------------------------------------------------------------------------------


def test_accuracy_on_target_with_the_rangefinder_die():
    """Fire Support Accuracy: the observer's designation die (basic D6) beats its leadership 2: the
    round lands on the marker."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], dice=[3, 1, 4, 5])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert rolled(ev, "accuracy") == [(6, 3)]
    assert blasts(b) == [Hex(10, 0)]


def test_no_dedicated_observer_rolls_a_d4():
    """Fire Support Accuracy: a unit without a dedicated forward observer uses a D4."""
    b = fight([fo(fo=False)], [K.unit("B", (10, 0), ["rifle"])], dice=[3, 1, 4, 5])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert rolled(ev, "accuracy") == [(4, 3)]


@pytest.mark.parametrize("hour, lands", [(4, Hex(13, 0)), (5, Hex(13, 0)), (10, Hex(7, 0)), (11, Hex(7, 0))])
def test_scatter_score_times_d8_by_the_clockface(hour, lands):
    """Fire Support Accuracy: a miss (2, not above leadership 2) scatters the score x a D8 inches: 2 x 3
    = 6 inches = 3 hexes, in the direction of a D12 on the clockface (4-5 o'clock east, 10-11 west)."""
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], dice=[2, 3, hour])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert rolled(ev, "scatter distance") == [(8, 3)] and "2 x D8" in purposes(ev, "scatter distance")[0]
    assert rolled(ev, "scatter direction") == [(12, hour)]
    assert blasts(b) == [lands]


def test_scatter_half_a_hex_rounds_up():
    """This game's reading: inches become hexes at 2 a hex, a half rounding up (1 x 5 = 5" = 3 hexes)."""
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], dice=[1, 5, 4])
    mid = called(b, Hex(6, 0))
    b.submit(S.ResolveImpact("red", mid))
    assert blasts(b) == [Hex(9, 0)]


def test_round_scattering_off_the_map_is_lost():
    """An impact point off the table: the round is lost, nothing is hit."""
    b = fight([fo(at=(0, 8))], [K.unit("B", (1, 0), ["rifle"])], dice=[2, 3, 10])
    mid = called(b, Hex(1, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert not blasts(b)
    assert any("off the table" in e.text for e in ev if isinstance(e, E.Note))
    assert b.state.units["B"].suppression == 0


@pytest.mark.parametrize("guided, die", [("laser", 8), ("self", 10)])
def test_guided_rounds_shift_the_die_and_do_not_multiply_the_d8(guided, die):
    """Fire Support Accuracy: laser-guided rounds shift the observer's die up once (the observer sees
    the target), self-guided twice; a miss scatters the D8 alone: 5 inches = 3 hexes, not 2 x 5."""
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], support=[asset(guided=guided)], dice=[2, 5, 4])
    mid = called(b, Hex(6, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert rolled(ev, "accuracy") == [(die, 2)]
    assert "not multiplied" in purposes(ev, "scatter distance")[0]
    assert blasts(b) == [Hex(9, 0)]


def test_laser_needs_the_observer_to_see_the_target():
    """Laser-guided rounds get their shift only while the observer still sees the target: smoke on
    the aim point leaves the basic D6."""
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], support=[asset(guided="laser")], dice=[3])
    mid = called(b, Hex(6, 0))
    K.ctx(b).emit(E.FeaturePlaced(feature="smoke-x", kind="smoke", side="blue", at=Hex(6, 0), data=("radius=0",)))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert rolled(ev, "accuracy") == [(6, 3)]


# ---------------------------------------------------------------------------------------------
# Resolving impacts
# ---------------------------------------------------------------------------------------------


def test_blast_radius_catches_every_figure_of_every_unit_inside_it():
    """Resolving Impacts: every figure within the burst radius (large: 6" = 3 hexes) rolls armour
    against the impact, friend or foe; a unit 4 hexes off is untouched."""
    b = fight([fo(), K.unit("R", (7, 0), ["rifle"])],
              [K.unit("B", (10, 0), ["leader:rifle", "rifle*2"]), K.unit("F", (14, 0), ["rifle"])],
              dice=[4] + [1, 4] * 3 + [1, 4] + [7, 7])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    armour = [(s, r) for s, r, p in K.rolls(ev) if p.startswith("armour die")]
    assert len(armour) == 4  # B's three figures and red's own R, at 3 hexes
    assert sorted({e.unit for e in ev if isinstance(e, E.Suppressed)}) == ["B", "R"]
    assert b.state.units["F"].suppression == 0 and not b.state.units["F"].under_fire_before
    assert len(S.blast_hexes(b.state, K.hx(8, 5), 3)) == 37
    assert len(S.blast_hexes(b.state, Hex(0, 0), 1)) == 3  # the map's corner cuts the blast


@pytest.mark.parametrize("ammo, die", [("he", 8), ("ap", 12), ("at", 6)])
def test_ammunition_impact_against_infantry(ammo, die):
    """Ammunition Types: against infantry general purpose D8, anti-personnel D12, anti-armour D6."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"], quality="veteran")], blue_side={"commitment": "high"},
              dice=[4, 1, 4, 9])
    mid = called(b, Hex(10, 0), ammo=ammo)
    ev = b.submit(S.ResolveImpact("red", mid))
    assert rolled(ev, "impact die") == [(die, 1)]


def test_wounded_beyond_armour_killed_beyond_double():
    """Resolving Impacts: impact above the armour die wounds; above double kills."""
    b = fight([fo()], [K.unit("B", (10, 0), ["leader:rifle", "rifle*2"])],
              dice=[4, 3, 2, 5, 2, 2, 2, 8])
    mid = called(b, Hex(10, 0))
    b.submit(S.ResolveImpact("red", mid))
    assert [status(b, f"B.{i}") for i in (1, 2, 3)] == [UNTREATED, KILLED, FIT]


@pytest.mark.parametrize("terrain, at, die", [(":", 11, 6), ("#", 11, 8), (":", 10, 4)])
def test_cover_shifts_armour_unless_the_round_lands_on_the_hex(terrain, at, die):
    """Resolving Impacts: figures separated from the impact by cover shift their armour die (soft +1,
    hard +2); on the very hex the round hits, the cover does not help (this game's reading)."""
    row0 = "." * at + terrain + "." * (15 - at)
    b = fight([fo()], [K.unit("B", (at, 0), ["rifle"])], map="\n".join([row0] + ["." * 16] * 3),
              dice=[4, 1, 1, 8])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    armour = [(s, r) for s, r, p in K.rolls(ev) if p.startswith("armour die")]
    assert armour == [(die, 1)]


MBT = dict(vehicle="mbt", quality="veteran", leadership=2)


@pytest.mark.parametrize("at, facing, face, value", [(10, 3, "top", "D12"), (11, 3, "front", "D12x3"),
                                                      (11, 1, "side", "D12x2"), (11, 0, "rear", "D12")])
def test_vehicle_top_armour_under_the_round_else_the_face_toward_it(at, facing, face, value):
    """Resolving Impacts: a vehicle uses its top armour when the impact point is over it, else the
    face turned to the impact (a tank east of the impact facing west shows its front, facing
    north-east its side, facing east its rear)."""
    b = fight([fo()], [dict(id="T", at=[at, 0], facing=facing, **MBT)], dice=[4, 1, 1, 9])
    mid = called(b, Hex(10, 0), ammo="at")
    ev = b.submit(S.ResolveImpact("red", mid))
    (armour,) = [p for _, _, p in K.rolls(ev) if p.startswith("main battle tank's")]
    assert armour.startswith(f"main battle tank's {face} armour {value}")
    assert rolled(ev, "impact D12x2") == [(12, 1)]


@pytest.mark.parametrize("imp, arm, damage, destroyed", [(6, 7, 1, False), (6, 5, 1, True), (3, 7, 0, False)])
def test_vehicle_damage_as_for_direct_fire(imp, arm, damage, destroyed):
    """Resolving Impacts on vehicles: impact (anti-armour D12x2) beats armour (top D12): a damage
    marker; more than double: destroyed."""
    dice = [4, imp, arm] + ([] if destroyed else [9])
    b = fight([fo()], [dict(id="T", at=[10, 0], facing=3, **MBT)], dice=dice)
    mid = called(b, Hex(10, 0), ammo="at")
    b.submit(S.ResolveImpact("red", mid))
    t = b.state.units["T"]
    assert t.destroyed is destroyed
    if not destroyed:
        assert t.damage == damage and t.suppression == 1


def test_damaged_vehicle_tests_on_the_vehicle_damage_row():
    """A damaged vehicle's confidence test is the 'vehicle takes damage' row (medium 2) + leadership 2
    + its new damage marker (medium 1) + under artillery attack (medium 1) = 6."""
    b = fight([fo()], [dict(id="T", at=[10, 0], facing=3, **MBT)], dice=[4, 6, 7, 9])
    mid = called(b, Hex(10, 0), ammo="at")
    ev = b.submit(S.ResolveImpact("red", mid))
    (p,) = purposes(ev, "confidence test")
    assert "must beat 6" in p and "vehicle damage" in p and "1 under artillery" in p


def test_passengers_of_a_damaged_vehicle_test_against_the_rounds_class():
    """Casualties to Vehicle Passengers: passengers are not caught on their own (this game's reading),
    but when the blast damages their carrier each must beat the weapon class on its armour die
    (large rounds: class 3, this game's reading): a D4 of 4 is safe, a 2 is wounded."""
    b = fight([fo()], [dict(id="P", vehicle="apc", at=[10, 0], facing=3),
                       K.unit("p", (10, 0), ["rifle*2"], **{"in": "P"})], dice=[4, 8, 5, 4, 2, 8, 8])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert b.state.units["P"].damage == 1
    assert len(purposes(ev, "armour D4 must beat 3")) == 2
    assert [status(b, "p.1"), status(b, "p.2")] == [FIT, UNTREATED]
    assert b.state.units["p"].suppression == 0 and b.state.units["P"].suppression == 1


def test_multiple_rounds_deviate_from_the_first_impact():
    """Multiple Incoming Rounds: round 1 lands on target; round 2 misses (1): 1 x 2 = 2" = 1 hex
    east of round 1's point; round 3 misses (2): 2 x 1 = 2" = 1 hex west of round 1's point (not of
    round 2's). A figure caught by all three rolls armour against each; one marker and one test."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], support=[asset(size="medium", rounds=3)],
              dice=[5, 1, 2, 4, 2, 1, 10, 1, 3, 1, 3, 1, 3, 8])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    assert blasts(b) == [Hex(9, 0), Hex(10, 0), Hex(11, 0)]
    assert len(rolled(ev, "impact die")) == 3
    assert b.state.units["B"].suppression == 1
    assert len(purposes(ev, "confidence test")) == 1


@pytest.mark.parametrize("commitment, need", [("low", 6), ("medium", 4), ("high", 2)])
def test_caught_units_are_suppressed_and_test_under_artillery(commitment, need):
    """Resolving Impacts: a unit with a figure in the blast, hurt or not, is suppressed and takes a
    confidence test with the 'under artillery or aerospace attack' modifier (+2/+1/+0): on the
    casualties row (2/1/0) + leadership 2 (this game's reading)."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle*2"])], blue_side={"commitment": commitment},
              dice=[4, 1, 4, 1, 4, need])
    mid = called(b, Hex(10, 0))
    ev = b.submit(S.ResolveImpact("red", mid))
    (p,) = purposes(ev, "confidence test")
    assert f"must beat {need}" in p
    assert ("under artillery or aerospace attack" in p) is (commitment != "high")
    u = b.state.units["B"]
    assert u.suppression == 1 and u.confidence == STEADY and u.under_fire_before


def test_blast_markers_clear_at_the_end_of_the_turn():
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], dice=[4])
    mid = called(b, Hex(10, 0))
    b.submit(S.ResolveImpact("red", mid))
    assert blasts(b) == [Hex(10, 0)] and b.state.features[next(iter(b.state.features))].get("radius") == 3
    S.TURN_END(K.ctx(b))
    assert not blasts(b)


# ---------------------------------------------------------------------------------------------
# Smoke and incendiary rounds
# ---------------------------------------------------------------------------------------------


def test_smoke_rounds_lay_a_line_along_the_chosen_direction():
    """Artificial Smoke: artillery smoke forms a line as wide as the burst (large: 3 hexes each way),
    centred on the impact point and aligned as the caller chose; it hurts nobody."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], dice=[4])
    mid = called(b, Hex(8, 0), ammo="smoke", line_dir=0)
    assert b.state.missions[mid].ammo == "smoke:0"
    ev = b.submit(S.ResolveImpact("red", mid))
    smoke = sorted(f.pos for f in b.state.features.values() if f.kind == "smoke")
    assert smoke == [Hex(c, 0) for c in range(5, 12)]
    assert all(f.get("source") == "artillery" and f.get("radius") == 0
               for f in b.state.features.values() if f.kind == "smoke")
    assert not rolled(ev, "impact") and b.state.units["B"].suppression == 0
    assert not blasts(b)


def test_smoke_line_runs_along_another_direction():
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], support=[asset(size="small")], dice=[4])
    mid = called(b, K.hx(8, 4), ammo="smoke", line_dir=2)
    b.submit(S.ResolveImpact("red", mid))
    smoke = {f.pos for f in b.state.features.values() if f.kind == "smoke"}
    c = K.hx(8, 4)
    assert smoke == {c, c.neighbour(2), c.neighbour(2).neighbour(2), c.neighbour(5), c.neighbour(5).neighbour(5)}


@pytest.mark.parametrize("roll, left", [(1, 0), (2, 3), (3, 3), (4, 6), (6, 6)])
def test_artillery_smoke_thins_at_the_end_of_each_turn(roll, left):
    """Artificial Smoke: at the end of each turn a D6: 1 removes all of the smoke, 2-3 half of it
    (rounded up: 4 of 7), 4-6 one cloud."""
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])], dice=[4])
    mid = called(b, Hex(8, 0), ammo="smoke")
    b.submit(S.ResolveImpact("red", mid))
    c = K.ctx(b, [roll])
    S.TURN_END(c)
    assert rolled(c.events, "artillery smoke") == [(6, roll)]
    assert len([f for f in b.state.features.values() if f.kind == "smoke"]) == left


def test_other_smoke_is_left_to_the_hazards_rules():
    b = fight([fo()], [K.unit("B", (0, 8), ["rifle"])])
    c = K.ctx(b)
    c.emit(E.FeaturePlaced(feature="smoke-x", kind="smoke", side="blue", at=Hex(3, 3), data=("radius=1",)))
    S.TURN_END(c)
    assert "smoke-x" in b.state.features and not K.rolls(c.events)


def test_incendiary_rounds_start_a_fire():
    """Fire: incendiary rounds put a fire marker at each impact point (its burning and spreading are
    the fire rules')."""
    b = fight([fo()], [K.unit("B", (10, 0), ["rifle"])], dice=[4])
    mid = called(b, Hex(10, 0), ammo="incendiary")
    ev = b.submit(S.ResolveImpact("red", mid))
    fires = [f for f in b.state.features.values() if f.kind == "fire"]
    assert [(f.pos, f.get("radius"), f.side) for f in fires] == [(Hex(10, 0), 1, "red")]
    assert not rolled(ev, "impact")


# ---------------------------------------------------------------------------------------------
# On-table artillery: mortars
# ---------------------------------------------------------------------------------------------


def mortar(uid="M", at=(0, 0), **kw):
    return K.unit(uid, at, ["leader:rifle", "weapon:light_mortar", "rifle"], **kw)


def test_mortar_minimum_range():
    """On-Table Artillery Fire: Restrictions. A light mortar may not fire closer than 24" (12 hexes)."""
    b = fight([mortar()], [K.unit("B", (11, 0), ["rifle"])])
    with pytest.raises(IllegalOrder, match="closer than 12 hexes"):
        b.submit(S.FireMortar("M", "M.2", Hex(11, 0)))
    with pytest.raises(IllegalOrder, match="closer than 12 hexes"):
        b.submit(S.FireMortar("M", "M.2", Hex(11, 0), indirect=True))
    with pytest.raises(IllegalOrder, match="not an on-table mortar"):
        b.submit(S.FireMortar("M", "M.1", Hex(13, 0)))
    assert S.FireMortar("M", "M.2", Hex(11, 0)) not in b.legal_commands()


def test_mortar_direct_fire_at_a_visible_point():
    """On-Table Artillery Fire: Direct Fire. The mortar fires at once at a point its unit sees (12
    hexes), its own unit observing (no dedicated observer: D4 against leadership 2); light mortar
    burst 2 hexes, impact D8."""
    b = fight([mortar()], [K.unit("B", (13, 0), ["rifle"]), K.unit("F", (15, 0), ["rifle"])],
              dice=[3, 1, 4, 8])
    ev = b.submit(S.FireMortar("M", "M.2", Hex(12, 0)))
    assert rolled(ev, "accuracy") == [(4, 3)]
    assert rolled(ev, "impact die") == [(8, 1)]
    assert blasts(b) == [Hex(12, 0)]
    assert b.state.units["B"].suppression == 1 and b.state.units["F"].suppression == 0
    assert b.state.active.actions == 1
    with pytest.raises(IllegalOrder, match="already fired"):
        b.submit(S.FireMortar("M", "M.2", Hex(12, 0)))


WOODS_COLUMN = "\n".join(["....*" + "." * 19] * 4)


def test_mortar_indirect_fire_needs_an_observer_who_sees_the_point():
    """Indirect Fire: the mortar's crew cannot see past the woods; an observer of its side must."""
    b = fight([mortar()], [K.unit("B", (14, 0), ["rifle"])], map=WOODS_COLUMN)
    with pytest.raises(IllegalOrder, match="cannot see that point"):
        b.submit(S.FireMortar("M", "M.2", Hex(14, 0)))
    with pytest.raises(IllegalOrder, match="no unit of your side sees"):
        b.submit(S.FireMortar("M", "M.2", Hex(14, 0), indirect=True))


def test_mortar_indirect_rounds_land_when_the_mortar_next_activates():
    """On-Table Artillery: the rounds land when the firing unit next activates. The mortar registers
    a point its observer sees (one action), and as it activates in turn 2 the rounds come down,
    aimed by that observer (FO, basic D6), before its first action."""
    b = fight([mortar(), fo("O", (8, 0))], [K.unit("B", (14, 0), ["rifle"])], map=WOODS_COLUMN,
              dice=[8, 1, 5, 1, 4, 8])
    b.submit(S.FireMortar("M", "M.2", Hex(14, 0), indirect=True))
    m = b.state.units["M"]
    assert m.mortar_target == Hex(14, 0)
    (marker,) = [f for f in b.state.features.values() if f.kind == "target"]
    assert marker.hidden and marker.get("observer") == "O"
    b.submit(C.EndActivation())
    b.submit(C.Hold("B"))
    b.submit(C.Hold("O"))  # turn 1 over (every unit has acted): roll-off 8, 1 for turn 2
    b.submit(C.ChooseFirst(True))
    ev = b.submit(C.Hold("M"))
    assert rolled(ev, "accuracy") == [(6, 5)]
    assert blasts(b) == [Hex(14, 0)]
    assert b.state.units["M"].mortar_target is None
    assert not [f for f in b.state.features.values() if f.kind == "target"]
    assert b.state.units["B"].suppression == 1


def test_suppressed_mortar_loses_its_registered_rounds():
    """This game's reading: a mortar unit suppressed when it activates cannot fire its registered
    rounds; the mission is lost."""
    b = fight([mortar()], [K.unit("B", (14, 0), ["rifle"])], dice=[])
    b.submit(S.FireMortar("M", "M.2", Hex(14, 0), indirect=True))
    b.submit(C.EndActivation())
    K.set_unit(b, "M", suppression=1)
    c = K.ctx(b)
    S.ACTIVATION_BEGIN(c, b.state.units["M"])
    assert b.state.units["M"].mortar_target is None
    assert not K.rolls(c.events) and not blasts(b)
