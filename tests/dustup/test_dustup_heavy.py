"""Dustup's Armoured rules for fire: heavy weapons, unguided rockets, guided missiles, fire at and by
vehicles, passengers, and buildings as targets (Armoured Dustup: Heavy Weapons; Guided Weapons;
Vehicles; Buildings and Fortifications).

Positions are (column, row); on row 0 the distance between two units is the difference of their
columns (1 hex = 2 inches). Hex direction 3 is west: a vehicle at (5,0) facing 3 shows its front to
a firer at (0,0), and facing 0 its rear.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import dustkit as K
import pytest

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.systems.dustup import checks, fire, ground, heavy, rules
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.heavy import FireWeapon, SetRemote, SetUpWeapon
from hexfront.engine.systems.dustup.state import ABANDONED, DISABLED, FIT, KILLED, UNTREATED

POSITIONS = Path(__file__).resolve().parents[1] / "fixtures" / "positions"

HIGH = {"commitment": "high"}  # no first-fire or first-suppression tests
MEDIUM = {"commitment": "medium"}


def wide(width: int = 60, height: int = 4) -> str:
    return "\n".join(["." * width] * height)


def setf(b, uid: str, field: str, value) -> None:
    K.set_unit(b, uid, **{field: value})


def fig(b, fid: str):
    uid = fid.rsplit(".", 1)[0]
    return next(f for f in b.state.units[uid].figures if f.id == fid)


def sides(events) -> list[int]:
    return [s for s, _, _ in K.rolls(events)]


def notes(events) -> list[str]:
    return [e.text for e in events if isinstance(e, E.Note)]


def vehicle(uid: str, vtype: str, at, facing: int = 3, **kw) -> dict:
    return dict(id=uid, vehicle=vtype, at=list(at), facing=facing, **kw)


def hmg_team(at=(0, 0), crew: int = 3, **kw) -> dict:
    return K.unit("A", at, ["leader:rifle"] + ["rifle"] * (crew - 1) + ["weapon:tripod_hmg"], **kw)


# ---------------------------------------------------------------------------------------------
# Firing Heavy Weapons
# ---------------------------------------------------------------------------------------------


def test_heavy_weapon_rolls_quality_and_firepower_dice_with_no_short_range():
    """Firing Heavy Weapons: the quality die and the weapon's firepower dice (a tripod HMG's 2D6)
    against the target die; Heavy Weapon Range: no short range (3 hexes away the D8 is not shifted
    down); Fire Control: the tripod's inferior fire control gives a closed +1 (D10). One success
    suppresses."""
    b = K.battle(red=[hmg_team()], blue=[K.unit("t", (3, 0), ["rifle*4"])], blue_side=HIGH,
                 dice=[5, 8, 2, 1])
    ev = b.submit(FireWeapon("A", ("A.4",), "t"))
    rolls = K.rolls(ev)
    assert [s for s, _, _ in rolls] == [10, 8, 6, 6]
    assert "inferior fire control" in rolls[0][2] and "short range" not in rolls[0][2]
    assert b.state.units["t"].suppression == 1
    assert fig(b, "A.4").fired
    assert b.state.active.actions == 1  # one action


def test_heavy_weapon_major_success_hits_infantry_with_its_anti_personnel_impact():
    """Firing Heavy Weapons: two successes make hits, the dice's total divided by the target die
    type, each an impact roll (the D8 anti-personnel impact) against a figure's armour."""
    b = K.battle(red=[hmg_team()], blue=[K.unit("t", (3, 0), ["rifle"])], blue_side=HIGH,
                 dice=[2, 8, 6, 6, 8, 1, 1])  # target 2; 8+6+6 = 20 / 10 = 2 hits on the single figure
    ev = b.submit(FireWeapon("A", ("A.4",), "t"))
    impacts = [(s, r) for s, r, p in K.rolls(ev) if p.startswith("impact die")]
    assert impacts == [(8, 8)]  # the first hit kills (8 > 2 x 1); the second finds him down
    assert fig(b, "t.1").status == KILLED


def test_heavy_weapon_effective_range_is_24_hexes_times_its_size():
    """Heavy Weapon Range: a size 1 weapon's effective range is 48" (24 hexes) with unlimited long
    range beyond; a size 2 weapon reaches 96" (48 hexes) before long range."""
    b = K.battle(red=[vehicle("L", "light_tank", (0, 0))], blue=[vehicle("T", "light_tank", (30, 0))],
                 map=wide())
    st = b.state
    gun, hmg = fig(b, "L.1"), fig(b, "L.2")
    die_gun, shifts_gun = heavy.weapon_target_die(st, st.units["L"], gun, st.units["T"])
    die_hmg, shifts_hmg = heavy.weapon_target_die(st, st.units["L"], hmg, st.units["T"])
    assert not any("long range" in s for s, _ in shifts_gun)
    assert any("long range (30 hexes)" in s for s, _ in shifts_hmg)
    # the HMG (size 1) firing at a size 2 tank: long range +1, larger target -1
    assert die_hmg == 8 and die_gun == 8
    assert heavy.check(st, st.units["L"], FireWeapon("L", ("L.2",), "T")) is None


def test_heavy_weapon_at_a_larger_target_shifts_the_target_die_down():
    """Heavy Weapons and Large Targets: the book's example - a class 2 weapon against a size 2
    target has a D8, against a size 3 target a D6."""
    b = K.battle(red=[vehicle("L", "light_tank", (0, 0))],
                 blue=[vehicle("T", "mbt", (10, 0)), vehicle("U", "light_tank", (10, 2))])
    st = b.state
    gun = fig(b, "L.1")
    assert heavy.weapon_target_die(st, st.units["L"], gun, st.units["U"])[0] == 8
    die, shifts = heavy.weapon_target_die(st, st.units["L"], gun, st.units["T"])
    assert die == 6 and ("target size 3 larger than the size 2 weapon", -1) in shifts


def test_fire_control_superior_is_a_closed_shift_down():
    """Heavy Weapon Fire Control: superior fire control shifts the target die down, closed (at
    least a D4); inferior shifts it up."""
    b = K.battle(red=[vehicle("M", "mbt", (0, 0))], blue=[vehicle("T", "light_tank", (10, 0)),
                                                           K.unit("i", (10, 2), ["rifle*4"])])
    st = b.state
    gun = fig(b, "M.1")  # tank gun, superior fire control, size 3
    die, shifts = heavy.weapon_target_die(st, st.units["M"], gun, st.units["T"])
    assert die == 6 and shifts[-1] == ("superior fire control (closed)", -1)
    setf(b, "T", "travel", True)  # travel mode -1: D8 -> D6, then the fire control takes it to D4
    die, _ = heavy.weapon_target_die(st, st.units["M"], gun, st.units["T"])
    assert die == 4
    setf(b, "M", "quality", 12)  # elite -1 as well: D8 -2 = D4, and the closed shift stays at D4
    die, shifts = heavy.weapon_target_die(st, st.units["M"], gun, st.units["T"])
    assert die == 4 and not any("fire control" in s for s, _ in shifts)


# ---------------------------------------------------------------------------------------------
# Vehicles: stabilisation, damage, suppression, multiple weapons
# ---------------------------------------------------------------------------------------------


def test_weapon_stabilisation_after_moving():
    """Weapon Stabilisation: poor - a vehicle that moved this activation cannot fire; average - the
    target die is shifted up one; superior - no penalty. (The superior "move and fire in one
    action" variant is not offered.)"""
    b = K.battle(red=[vehicle("P", "technical", (0, 0)), vehicle("L", "light_tank", (0, 2)),
                      vehicle("M", "mbt", (0, 3))],
                 blue=[K.unit("t", (8, 0), ["rifle*4"])])
    st = b.state
    for uid in ("P", "L", "M"):
        setf(b, uid, "moves", 1)
    why = heavy.check(st, st.units["P"], FireWeapon("P", ("P.1",), "t"))
    assert why and "poor stabilisation" in why
    _, shifts = heavy.weapon_target_die(st, st.units["L"], fig(b, "L.2"), st.units["t"])
    assert ("moved this activation (average stabilisation)", 1) in shifts
    _, shifts = heavy.weapon_target_die(st, st.units["M"], fig(b, "M.2"), st.units["t"])
    assert not any("stabilisation" in s for s, _ in shifts)
    assert heavy.check(st, st.units["M"], FireWeapon("M", ("M.2",), "t")) is None


def test_damage_markers_and_suppression_shift_a_vehicles_target_die_and_it_still_fires():
    """Vehicle Damage: each damage marker gives the vehicle's targets a positive shift. Suppression
    and Vehicles: a suppressed vehicle may still shoot, with the target die up one."""
    b = K.battle(red=[vehicle("L", "light_tank", (0, 0))], blue=[K.unit("t", (8, 0), ["rifle*4"])])
    st = b.state
    setf(b, "L", "damage", 2)
    setf(b, "L", "suppression", 1)
    die, shifts = heavy.weapon_target_die(st, st.units["L"], fig(b, "L.2"), st.units["t"])
    assert ("firer has 2 damage markers", 2) in shifts and ("firing vehicle suppressed", 1) in shifts
    assert die == 14  # D8 + 3 = above D12: no shot
    setf(b, "L", "damage", 1)
    die, _ = heavy.weapon_target_die(st, st.units["L"], fig(b, "L.2"), st.units["t"])
    assert die == 12
    assert heavy.check(st, st.units["L"], FireWeapon("L", ("L.2",), "t")) is None
    ev = b.submit(FireWeapon("L", ("L.2",), "t"))  # the suppressed tank fires (dice seeded)
    assert K.rolls(ev)[0][0] == 12 and fig(b, "L.2").fired
    setf(b, "t", "suppression", 1)  # a suppressed infantry unit may not
    assert "suppressed" in fire.check(b.state, b.state.units["t"], C.Shoot("t", "L"))


def test_slaved_weapons_fire_together_as_one_action_and_others_fire_one_at_a_time():
    """Multiple Weapons: only one weapon per action, unless the weapons are slaved to one fire
    control: then any of them fire at the same target as one action, resolved one by one."""
    b = K.battle(red=[vehicle("M", "mbt", (0, 0)), vehicle("L", "light_tank", (0, 2))],
                 blue=[K.unit("t", (8, 0), ["rifle*4"])], blue_side=HIGH,
                 dice=[6, 1, 1, 8, 1, 1, 1])  # the tank gun: all miss; the HMG: all miss
    st = b.state
    why = heavy.check(st, st.units["L"], FireWeapon("L", ("L.1", "L.2"), "t"))
    assert why and "one heavy weapon fires per action" in why
    ev = b.submit(FireWeapon("M", ("M.1", "M.2"), "t"))
    assert sides(ev) == [6, 8, 10, 8, 8, 6, 6]  # the tank gun's shot (superior fire control), then the HMG's
    assert b.state.active.actions == 1
    assert fig(b, "M.1").fired and fig(b, "M.2").fired


def test_a_mech_fires_two_weapons_in_one_action():
    """Mechs and Monsters: they may fire two weapons at the same target as a single action."""
    b = K.battle(red=[vehicle("W", "walker_mech", (0, 0))], blue=[K.unit("t", (8, 0), ["rifle*4"])])
    st = b.state
    assert heavy.check(st, st.units["W"], FireWeapon("W", ("W.1", "W.2"), "t")) is None
    assert FireWeapon("W", ("W.1", "W.2"), "t") in heavy.offer(st, st.units["W"])


def test_vehicles_offer_no_shoot_and_heavy_weapons_never_join_small_arms():
    """Firing Heavy Weapons: heavy weapons are never combined with small arms. A vehicle has no
    small arms: Shoot offers it nothing; its weapons are fired with FireWeapon."""
    b = K.battle(red=[vehicle("M", "mbt", (0, 0)), hmg_team((0, 2))], blue=[K.unit("t", (8, 0), ["rifle*4"])])
    st = b.state
    assert fire.offer(st, st.units["M"]) == []
    assert any(isinstance(c, FireWeapon) for c in heavy.offer(st, st.units["M"]))
    team = st.units["A"]
    figs = fire.firing_figures(st, team, st.units["t"])
    assert [f.id for f in figs] == ["A.1", "A.2", "A.3"]
    why = fire.check(st, team, C.Shoot("A", "t", figures=("A.4",)))
    assert why and "fires alone" in why


# ---------------------------------------------------------------------------------------------
# Crew-served heavy weapons
# ---------------------------------------------------------------------------------------------


def test_a_dismantled_weapon_must_be_set_up_with_one_action_before_it_fires():
    """Moving Heavy Weapons: man-packed weapons are set up before use, one reorganise action."""
    b = K.battle(red=[hmg_team(set_up=False)], blue=[K.unit("t", (8, 0), ["rifle*4"])])
    st = b.state
    why = heavy.check(st, st.units["A"], FireWeapon("A", ("A.4",), "t"))
    assert why and "set it up first" in why
    b.submit(SetUpWeapon("A", "A.4"))
    assert fig(b, "A.4").ready and b.state.active.actions == 1
    assert heavy.check(b.state, b.state.units["A"], FireWeapon("A", ("A.4",), "t")) is None


def test_crew_needed_to_fire_size_1_and_larger_weapons():
    """Moving Heavy Weapons: a size 1 weapon fires until its last crewman falls; larger weapons
    need at least half the standard crew (a field gun's crew of 4: two)."""
    b = K.battle(red=[hmg_team(crew=3), K.unit("G", (0, 2), ["leader:rifle", "rifle*3", "weapon:field_gun"])],
                 blue=[K.unit("t", (8, 0), ["rifle*4"])])
    c = K.ctx(b)
    for fid in ("A.1", "A.2"):
        c.emit(E.FigureChanged(unit="A", figure=fid, status=KILLED, wounds=2))
    st = b.state
    assert heavy.check(st, st.units["A"], FireWeapon("A", ("A.4",), "t")) is None  # one man left
    for fid in ("G.1", "G.2"):
        c.emit(E.FigureChanged(unit="G", figure=fid, status=KILLED, wounds=2))
    assert heavy.check(st, st.units["G"], FireWeapon("G", ("G.5",), "t")) is None  # 2 of 4
    c.emit(E.FigureChanged(unit="G", figure="G.3", status=UNTREATED, wounds=1))
    why = heavy.check(st, st.units["G"], FireWeapon("G", ("G.5",), "t"))
    assert why and "at least 2 crew" in why


def test_carrying_a_dismantled_weapon_lowers_the_movement_die():
    """Moving Heavy Weapons: troops carrying a man-packed weapon are encumbered: D6 becomes D4."""
    b = K.battle(red=[hmg_team(set_up=False)], blue=[K.unit("t", (8, 8), ["rifle*4"])])
    die, why = rules.movement_die(b.state, b.state.units["A"], False)
    assert die == 4 and "carrying a heavy weapon: one die lower" in why
    b.submit(SetUpWeapon("A", "A.4"))
    assert rules.movement_die(b.state, b.state.units["A"], False)[0] == 6


def test_moving_away_from_a_set_up_weapon_or_with_too_few_crew_abandons_it():
    """Moving Heavy Weapons: a weapon must be dismantled to move; moving away from it abandons it,
    and so does moving when the crew is down to half or less."""
    b = K.battle(red=[hmg_team()], blue=[K.unit("t", (8, 8), ["rifle*4"])], dice=[3])
    b.submit(C.Move("A", K.hx(2, 0)))
    assert fig(b, "A.4").status == ABANDONED
    b2 = K.battle(red=[hmg_team()], blue=[K.unit("t", (8, 8), ["rifle*4"])], dice=[3])
    c = K.ctx(b2)
    for fid in ("A.1", "A.2"):
        c.emit(E.FigureChanged(unit="A", figure=fid, status=KILLED, wounds=2))
    with pytest.raises(IllegalOrder, match="too few crew left to move"):
        b2.submit(SetUpWeapon("A", "A.4", dismantle=True))
    b2.submit(C.Move("A", K.hx(2, 0)))
    assert fig(b2, "A.4").status == ABANDONED
    b3 = K.battle(red=[hmg_team(set_up=False)], blue=[K.unit("t", (8, 8), ["rifle*4"])], dice=[3])
    b3.submit(C.Move("A", K.hx(2, 0)))
    assert fig(b3, "A.4").status == FIT and b3.state.units["A"].pos == K.hx(2, 0)


def test_hits_on_a_crew_can_fall_on_its_heavy_weapon_wound_disables_kill_wrecks():
    """Hits on Heavy Weapons: the weapon is among the figures the hits are allocated to, with D8
    armour; a wound disables it, a kill wrecks it. Its loss is no casualty of the crew."""
    b = K.battle(red=[hmg_team(crew=1)], blue=[K.unit("t", (3, 0), ["rifle*4"])])
    team = b.state.units["A"]
    c = K.ctx(b, [2, 9, 8])  # allocation D4: figure 2 is the HMG; impact D10 9 against armour D8 8
    chosen = checks.allocate(c, team, 1, "test")
    assert [f.id for f in chosen] == ["A.2"]
    assert checks.impact_on(c, team, chosen[0], 10, 0, False, "test") == "wound"
    assert fig(b, "A.2").status == DISABLED
    c = K.ctx(b, [10, 4])
    assert checks.impact_on(c, team, fig(b, "A.2"), 10, 0, False, "test") == "kill"
    assert fig(b, "A.2").status == KILLED
    assert rules.carried_wounded(team, False) == []


# ---------------------------------------------------------------------------------------------
# Unguided rockets
# ---------------------------------------------------------------------------------------------


def test_iavr_fires_alone_unshifted_for_large_targets_and_a_disposable_one_is_used_up():
    """Unguided Rockets: fired like a support weapon (short range counts; no shift for a large
    target); its anti-armour impact against the vehicle's armour; a disposable rocket is used once."""
    b = K.battle(red=[K.unit("R", (0, 0), ["leader:rifle", "iavr"])],
                 blue=[vehicle("T", "mbt", (10, 0), facing=0)], blue_side=HIGH,
                 dice=[2, 8, 8, 10, 1, 1])  # D8 2; 8, 8 -> 16 / 8 = 2 hits; D12x2 10 -> 20 vs rear D12 1: destroyed
    st = b.state
    die, shifts = heavy.weapon_target_die(st, st.units["R"], fig(b, "R.2"), st.units["T"])
    assert die == 8 and shifts == []
    ev = b.submit(FireWeapon("R", ("R.2",), "T"))
    assert sides(ev)[:5] == [8, 8, 8, 12, 12]
    assert b.state.units["T"].destroyed
    assert not fig(b, "R.2").ready
    unfired = attrs.evolve(fig(b, "R.2"), fired=False)  # even in a later activation
    assert "used up" in heavy.weapon_refusal(b.state, b.state.units["R"], unfired)


def test_iavr_with_he_warhead_joins_small_arms_fire_as_a_support_die():
    """Unguided Rockets: a high-explosive warhead may support small arms fire (a support die);
    a disposable one is then used up too."""
    b = K.battle(red=[K.unit("R", (0, 0), ["leader:rifle", "rifle", "iavr"])],
                 blue=[K.unit("t", (10, 0), ["rifle*4"])], blue_side=HIGH, dice=[8, 1, 1, 1])
    ev = b.submit(C.Shoot("R", "t"))
    rolls = K.rolls(ev)
    assert [s for s, _, _ in rolls] == [8, 8, 4, 8]
    assert "disposable anti-vehicle rocket" in rolls[3][2]
    assert not fig(b, "R.3").ready


# ---------------------------------------------------------------------------------------------
# Guided weapons
# ---------------------------------------------------------------------------------------------


def atgm_team(at=(0, 0), **kw) -> dict:
    return K.unit("G", at, ["leader:rifle", "rifle", "weapon:atgm"], **kw)


def test_guided_missile_quality_and_guidance_against_the_ecm_die_one_impact_roll():
    """Guided Weapons: Firing Procedure. The quality die and the guidance die against the target's
    ECM die (no range limit); both beating it is a hit: a single impact roll against the armour."""
    b = K.battle(red=[atgm_team()], blue=[vehicle("T", "light_tank", (40, 0), facing=3)], blue_side=HIGH,
                 map=wide(), dice=[3, 8, 10, 12, 1])  # ECM D8 3; 8 and 10 beat it; D12x3 36 vs D12x2 2
    ev = b.submit(FireWeapon("G", ("G.3",), "T"))
    assert sides(ev)[:5] == [8, 8, 10, 12, 12]
    assert b.state.units["T"].destroyed
    assert b.state.units["T"].suppression == 1


def test_guided_missile_one_success_suppresses_and_cover_raises_the_ecm_die():
    """Electronic Counter-Measures: the ECM die is shifted up one behind cover. One success only
    suppresses."""
    b = K.battle(red=[atgm_team()], blue=[vehicle("T", "light_tank", (8, 0))], blue_side=HIGH,
                 map="\n".join(["........,......."] + ["." * 16] * 3),  # the tank in scrub
                 dice=[5, 8, 2])
    st = b.state
    die, words = heavy.ecm_die(st, st.units["T"])
    assert die == 10 and "cover" in words
    ev = b.submit(FireWeapon("G", ("G.3",), "T"))
    assert sides(ev) == [10, 8, 10]
    assert b.state.units["T"].suppression == 1 and b.state.units["T"].damage == 0


def test_decoy_defeats_a_missile_once_per_turn():
    """Decoys: before the missile's dice the target's decoy die is rolled against the guidance die;
    winning defeats the missile and the decoy is used for the turn."""
    b = K.battle(red=[atgm_team(), K.unit("H", (0, 2), ["leader:rifle", "rifle", "weapon:atgm"])],
                 blue=[vehicle("T", "mbt", (8, 0)), K.unit("x", (15, 9), ["rifle"])], blue_side=HIGH,
                 dice=[7, 3, 8, 1, 1])  # decoy D8 7 beats guidance D10 3; then ECM 8 against 1, 1
    ev = b.submit(FireWeapon("G", ("G.3",), "T"))
    assert sides(ev) == [8, 10]
    assert b.state.units["T"].decoy_used and b.state.units["T"].suppression == 0
    b.submit(C.EndActivation())
    b.submit(C.Hold("x"))
    ev = b.submit(FireWeapon("H", ("H.3",), "T"))  # the same turn: no decoy this time
    assert sides(ev) == [8, 8, 10]
    assert K.script_used(b) == 2 + 5


def test_area_protection_from_a_nearby_vehicle_intercepts_and_is_used_up():
    """Area Protection: a friendly vehicle within 6" (3 hexes) with an area protection system may
    intercept a missile aimed at another; the one-shot system is then used up."""
    b = K.battle(red=[atgm_team()], blue=[vehicle("T", "light_tank", (8, 0)), vehicle("I", "ifv", (8, 2))],
                 blue_side=HIGH, dice=[6, 4])
    ev = b.submit(FireWeapon("G", ("G.3",), "T"))
    assert sides(ev) == [8, 10]
    assert b.state.units["I"].area_protection == 0
    assert b.state.units["T"].suppression == 0


def test_guided_missile_disrupted_by_electronic_warfare_fails(monkeypatch):
    """Disruption of Enemy Sensors and Guidance: an enemy EW unit that disrupts the missile's
    guidance makes the shot fail (ew.disrupt is asked after the firer's dice are rolled)."""
    from hexfront.engine.systems.dustup import ew

    seen = []
    monkeypatch.setattr(ew, "disrupt", lambda ctx, side, rolls, what: seen.append((side, tuple(rolls), what)) or True)
    b = K.battle(red=[atgm_team()], blue=[vehicle("T", "light_tank", (8, 0))], blue_side=HIGH, dice=[1, 8, 10])
    ev = b.submit(FireWeapon("G", ("G.3",), "T"))
    assert seen == [("red", (8, 10), "guided missile")]
    assert b.state.units["T"].suppression == 0
    assert any("disrupted" in n for n in notes(ev))


def test_remote_launcher_fires_with_the_launchers_sight_up_to_6_hexes_away():
    """Remote Missile Launchers: one action sets the remote system up; the crew may then move off
    (up to 12", 6 hexes) and fire it at a target the launcher can see."""
    b = K.battle(red=[atgm_team((2, 0))], blue=[vehicle("T", "light_tank", (12, 0)), K.unit("x", (15, 9), ["rifle"])],
                 map=K.SCREENED_COLUMN)
    b.submit(SetRemote("G", "G.3"))
    assert b.state.units["G"].remote == K.hx(2, 0)
    c = K.ctx(b)
    c.emit(E.UnitPlaced(unit="G", at=K.hx(0, 0)))  # behind the woods: cannot see the tank itself
    st = b.state
    assert not rules.can_see(st, K.hx(0, 0), K.hx(12, 0))
    assert heavy.check(st, st.units["G"], FireWeapon("G", ("G.3",), "T")) is None
    c.emit(E.UnitPlaced(unit="G", at=K.hx(9, 3)))
    why = heavy.check(st, st.units["G"], FireWeapon("G", ("G.3",), "T"))
    assert why and "remote launcher" in why


# ---------------------------------------------------------------------------------------------
# Firing at vehicles
# ---------------------------------------------------------------------------------------------


def test_small_arms_at_a_vehicle_two_successes_hit_the_armour_face_they_come_from():
    """Firing at Vehicles: as at infantry, one success suppresses and two make hits; each hit is an
    impact roll against the armour of the side the fire comes from; beating it is a damage marker."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"])],
                 blue=[vehicle("T", "light_tank", (5, 0), facing=0)], blue_side=MEDIUM,
                 dice=[1, 8, 4, 8, 5, 1, 1, 8, 8])
    # target D8 (5 hexes: short range -1 -> D6) rolls 1; 8 and 4 -> 12 / 6 = 2 hits; impact D8 8
    # against the rear D12 5: damaged; 1 against 1: nothing; first suppressed test; damage test
    ev = b.submit(C.Shoot("A", "T"))
    rolls = K.rolls(ev)
    assert rolls[0][0] == 6
    armour = [p for _, _, p in rolls if "rear armour" in p]
    assert len(armour) == 2
    t = b.state.units["T"]
    assert t.damage == 1 and t.suppression == 1
    assert any("vehicle damage" in p and "must beat 5" in p for _, _, p in rolls)  # 2 + 2 leadership + 1 marker


def test_small_arms_put_no_second_suppression_on_armour_above_class_1():
    """Firing at Vehicles: small arms cannot place more than one suppression marker on a vehicle
    with armour above class 1; support weapons can."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"])], blue=[vehicle("T", "mbt", (10, 0))],
                 blue_side=HIGH, dice=[1, 8, 1])  # D8 1: the quality die's 8 is one success
    setf(b, "T", "suppression", 1)
    ev = b.submit(C.Shoot("A", "T"))
    assert b.state.units["T"].suppression == 1
    assert any("cannot add a second suppression marker" in n for n in notes(ev))
    b2 = K.battle(red=[K.unit("B", (0, 2), ["leader:rifle", "lmg"])], blue=[vehicle("T", "mbt", (10, 2))],
                  blue_side=HIGH, dice=[1, 8, 1, 1])
    setf(b2, "T", "suppression", 1)
    b2.submit(C.Shoot("B", "T"))
    assert b2.state.units["T"].suppression == 2
    b3 = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"])], blue=[vehicle("P", "apc", (10, 0))],
                  blue_side=HIGH, dice=[1, 8, 1])
    setf(b3, "P", "suppression", 1)
    b3.submit(C.Shoot("A", "P"))
    assert b3.state.units["P"].suppression == 2  # class 1 armour: small arms may add more


def test_a_hit_more_than_double_the_armour_destroys_and_passengers_must_beat_double_the_class():
    """Firing at Vehicles: an impact more than double the armour destroys the vehicle. Casualties
    to Vehicle Passengers: each passenger's armour die must beat double the weapon class (a size 3
    tank gun: 6) or he is hit. Survivors bail out."""
    b = K.battle(red=[vehicle("M", "mbt", (0, 0))],
                 blue=[vehicle("P", "apc", (8, 0)), K.unit("p", (8, 0), ["rifle*2"], **{"in": "P"})],
                 blue_side=HIGH,
                 dice=[1, 8, 10, 12, 1, 4, 4])
    # target D8 -> D6 (size 2, no larger than the gun; superior fire control) rolls 1; 8 and 10 =
    # 18 / 6 = 3 hits; D12x3 12 -> 36 against the front D12 1: destroyed; the passengers roll
    # D4s: 4 and 4, not above 6: both hit
    ev = b.submit(FireWeapon("M", ("M.1",), "P"))
    assert b.state.units["P"].destroyed
    assert "P" not in b.state.occupant.values()
    assert [fig(b, "p.1").status, fig(b, "p.2").status] == [UNTREATED, UNTREATED]
    assert sum("must beat 6" in p for _, _, p in K.rolls(ev)) == 2
    assert K.script_used(b) == 2 + 7


def test_passengers_of_a_damaged_vehicle_must_beat_the_weapon_class():
    """Casualties to Vehicle Passengers: when the vehicle is damaged, each passenger's armour die
    must exceed the firing weapon's class or he is wounded (this game's reading: small arms count
    as class 1); a unit with casualties tests its confidence."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"])],
                 blue=[vehicle("P", "truck", (5, 0)), K.unit("p", (5, 0), ["rifle*2"], **{"in": "P"})],
                 blue_side=HIGH, dice=[1, 8, 4, 6, 4, 3, 1, 8, 1, 1, 8])
    # D6 1; 8 and 4 -> 12 / 6 = 2 hits; impact D8 6 against the truck's D8 4: damaged; passengers
    # roll D4s against 1: 3 safe, 1 wounded; their confidence test; second hit 1 against 1: nothing;
    # the truck's damage test
    ev = b.submit(C.Shoot("A", "P"))
    assert b.state.units["P"].damage == 1
    assert [fig(b, "p.1").status, fig(b, "p.2").status] == [FIT, UNTREATED]
    assert sum("must beat 1" in p for _, _, p in K.rolls(ev)) == 2
    assert K.script_used(b) == 2 + 11


def test_vehicle_damage_test_counts_each_existing_damage_marker():
    """Morale: Confidence Test: a vehicle that takes one or more damage tests once on its row (2 at
    medium commitment), and each damage marker adds +1 at medium commitment. This game's reading:
    the markers it carries when it tests, the new ones included."""
    b = K.battle(red=[vehicle("M", "mbt", (0, 0))], blue=[vehicle("T", "light_tank", (8, 0))],
                 blue_side=MEDIUM, dice=[1, 8, 10, 12, 12, 1, 2, 1, 2, 7])
    setf(b, "T", "damage", 1)
    setf(b, "T", "under_fire_before", True)
    setf(b, "T", "suppressed_before", True)
    # D6 1; 8 and 10 -> 18 / 6 = 3 hits: 12 x 3 = 36 against the front 12 x 2 = 24: damaged;
    # 3 against 4 and 3 against 4: nothing; then one test: 2 + 2 leadership + 2 markers
    ev = b.submit(FireWeapon("M", ("M.1",), "T"))
    assert b.state.units["T"].damage == 2
    tests = [p for _, _, p in K.rolls(ev) if "confidence test" in p]
    assert len(tests) == 1 and "must beat 6" in tests[0] and "2 for 2 damage markers" in tests[0]
    assert K.script_used(b) == 2 + 10


# ---------------------------------------------------------------------------------------------
# Passengers: open-topped vehicles, firing from vehicles
# ---------------------------------------------------------------------------------------------


def test_passengers_of_an_open_topped_vehicle_may_be_fired_at_with_cover_and_concealment():
    """Open Top and Soft Skinned Vehicles: the firer may engage the passengers instead: they are
    concealed and in cover (soft in a soft-skinned vehicle); suppressing them suppresses the
    vehicle. Passengers of a closed vehicle cannot be fired at."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"])],
                 blue=[vehicle("P", "truck", (10, 0)), K.unit("p", (10, 0), ["rifle*2"], **{"in": "P"}),
                       vehicle("Q", "apc", (10, 2)), K.unit("q", (10, 2), ["rifle*2"], **{"in": "Q"})],
                 blue_side=HIGH, dice=[3, 8, 1])
    st = b.state
    why = fire.check(st, st.units["A"], C.Shoot("A", "q"))
    assert why and "closed" in why
    die, shifts = fire.target_die_for(st, st.units["A"], st.units["p"])
    assert ("partial concealment", 1) in shifts
    assert ground.passenger_cover(st, st.units["p"]) == 1
    assert ground.passenger_cover(st, st.units["q"]) == 0
    b.submit(C.Shoot("A", "p"))
    assert b.state.units["p"].suppression == 1 and b.state.units["P"].suppression == 1


def test_fire_by_passengers_needs_an_open_top_or_firing_ports():
    """Fire by Passengers: passengers may fire from an open-topped vehicle or through firing ports;
    while the vehicle is suppressed, only through the firing ports of a closed vehicle (with the
    target die up one)."""
    b = K.battle(red=[vehicle("P", "truck", (0, 0)), K.unit("p", (0, 0), ["rifle*2"], **{"in": "P"}),
                      vehicle("Q", "apc", (0, 2)), K.unit("q", (0, 2), ["rifle*2"], **{"in": "Q"}),
                      vehicle("I", "ifv", (0, 3)), K.unit("i", (0, 3), ["rifle*2"], **{"in": "I"})],
                 blue=[K.unit("t", (10, 0), ["rifle*4"])])
    st = b.state
    assert fire.check(st, st.units["p"], C.Shoot("p", "t")) is None
    assert fire.check(st, st.units["q"], C.Shoot("q", "t")) is None
    why = fire.check(st, st.units["i"], C.Shoot("i", "t"))
    assert why and "no firing ports" in why
    setf(b, "P", "suppression", 1)
    setf(b, "Q", "suppression", 1)
    why = fire.check(st, st.units["p"], C.Shoot("p", "t"))
    assert why and "suppressed" in why
    assert fire.check(st, st.units["q"], C.Shoot("q", "t")) is None
    _, shifts = fire.target_die_for(st, st.units["q"], st.units["t"])
    assert ("their vehicle is suppressed", 1) in shifts


# ---------------------------------------------------------------------------------------------
# Buildings and fortifications
# ---------------------------------------------------------------------------------------------


def test_suppressing_a_building_suppresses_its_occupants():
    """Buildings and Fortifications: a building is a point target engaged like a vehicle;
    suppressing it suppresses its occupants."""
    b = K.battle(red=[K.unit("A", (0, 0), ["leader:rifle", "rifle*3"])],
                 blue=[vehicle("H", "brick_house", (10, 0)), K.unit("h", (10, 0), ["rifle*2"], **{"in": "H"})],
                 blue_side=HIGH, dice=[3, 8, 1])
    st = b.state
    why = fire.check(st, st.units["A"], C.Shoot("A", "h"))
    assert why and "fire at the building" in why
    b.submit(C.Shoot("A", "H"))
    assert b.state.units["H"].suppression == 1 and b.state.units["h"].suppression == 1


def test_aiming_at_an_opening_treats_the_building_as_one_size_smaller_and_a_miss_may_strike_it():
    """Buildings and Fortifications: a door or window is aimed at as a target one size smaller
    (here it loses the large-target shift) with D6 armour; a shot that misses strikes the building
    on a D6 below its size, else misses it altogether."""
    b = K.battle(red=[vehicle("L", "light_tank", (0, 0))],
                 blue=[vehicle("H", "brick_house", (10, 0)), K.unit("h", (10, 0), ["rifle*2"], **{"in": "H"})],
                 blue_side=HIGH, dice=[8, 1, 1, 2, 12, 1, 1, 1])
    st = b.state
    gun = fig(b, "L.1")
    assert heavy.weapon_target_die(st, st.units["L"], gun, st.units["H"])[0] == 6  # size 3 > 2
    assert heavy.weapon_target_die(st, st.units["L"], gun, st.units["H"], "opening")[0] == 8
    # D8 8: a miss; D6 2 < size 3: strikes the building; D12x2 12 -> 24 vs D12x2 1 -> 2: destroyed?
    ev = b.submit(FireWeapon("L", ("L.1",), "H", "opening"))
    assert any("strikes" in n and "elsewhere" in n for n in notes(ev))
    assert b.state.units["H"].destroyed
    b2 = K.battle(red=[vehicle("L", "light_tank", (0, 0))], blue=[vehicle("H", "brick_house", (10, 0))],
                  blue_side=HIGH, dice=[8, 1, 1, 5])
    ev = b2.submit(FireWeapon("L", ("L.1",), "H", "opening"))
    assert any("misses" in n and "altogether" in n for n in notes(ev))
    assert b2.state.units["H"].damage == 0


def test_a_hit_on_an_opening_is_against_d6_and_damages_the_building_and_occupants_test():
    """Buildings and Fortifications: door or window armour is class 0 (D6); this game's reading: a
    hit through it damages the building (a breach), never destroys it; the occupants then test
    against the weapon's class (2 for a light tank gun)."""
    b = K.battle(red=[vehicle("L", "light_tank", (0, 0))],
                 blue=[vehicle("H", "brick_house", (10, 0)), K.unit("h", (10, 0), ["rifle*2"], **{"in": "H"})],
                 blue_side=HIGH, dice=[1, 8, 10, 12, 1, 4, 1, 8, 1, 6, 8])
    # D8 1 (the opening is size 2: no large-target shift); 8 and 10 -> 18 / 8 = 2 hits; D12x2
    # 12 -> 24 against the opening's D6 1: a breach, not destruction; occupants' D4s: 4 beats 2, 1
    # is wounded; their test; second hit 1 x 2 against 6: nothing; the building's damage test
    ev = b.submit(FireWeapon("L", ("L.1",), "H", "opening"))
    rolls = K.rolls(ev)
    assert sum("an opening: D6" in p for _, _, p in rolls) == 2
    assert sum("armour D4 must beat 2" in p for _, _, p in rolls) == 2
    assert not b.state.units["H"].destroyed and b.state.units["H"].damage == 1
    assert fig(b, "h.2").status == UNTREATED
    assert K.script_used(b) == 2 + 11


def test_a_second_weapon_whose_target_die_passes_a_d12_after_the_first_shot_holds_its_fire():
    """Fire Mission, seed 1000, after 56 orders (played by the easy and default players of the day, kept in a
    save so the position does not move when the players change): the Support Tank fires its gun and its
    heavy machinegun at the Machinegun Team. The gun kills a figure, the team becomes a small target, and
    the machinegun's target die goes past a D12: it holds its fire (the order's own check would refuse that
    shot), where the battle used to stop with "no d14 in this engine"."""
    from hexfront.engine.core.saves import load_battle

    battle = load_battle(POSITIONS / "dustup-firemission-tank-on-the-hmg-team.json")
    assert len(battle.log) == 56
    order = FireWeapon(unit="T", weapons=("T.1", "T.2"), target="hw")
    assert battle.system.validate(battle.state, order) is None
    events = battle.submit(order)
    held = [e for e in events if isinstance(e, E.Note) and "holds its fire" in e.text]
    assert len(held) == 1 and "heavy machinegun" in held[0].text and "above D12" in held[0].text
    assert any(isinstance(e, E.FigureChanged) and e.status == KILLED for e in events)
