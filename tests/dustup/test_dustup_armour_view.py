"""What a Dustup player sees of armour and support: vehicle pieces, facing, damage and wrecks, aircraft,
passengers, map counters (smoke, fire, blasts, target markers, mines), the inbound chart, unit details,
and the editor's filing, descriptions and odds of the Armoured Dustup orders.

Positions are (column, row) offsets.
"""

from __future__ import annotations

import attrs
import dustkit as K
import pytest

from hexfront.engine.core.hexes import Hex, hexes_within
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import heavy, odds, rules, support, view
from hexfront.engine.systems.dustup.describe import Describer, words_of
from hexfront.engine.systems.dustup.state import KILLED, UNTREATED, feature_data

BATTERY = dict(id="bat", name="Battery", kind="artillery", tier="battalion", size="large", ammo=["he", "smoke"],
               missions=3)
JETS = dict(id="jets", name="Strike wing", kind="air", tier="air", size="large", ammo=["he"], missions=1)


def armour_battle(**kw):
    """Red: Alpha (rifles and a tripod HMG) at (2,0), Tank One (MBT, facing west) at (5,2), an APC at
    (8,2) carrying Riders. Blue: an airborne gunship at (10,5), Dog section at (12,6)."""
    return K.battle(
        red=[K.unit("A", (2, 0), ["leader:rifle", "rifle*4", "weapon:tripod_hmg"], name="Alpha"),
             dict(id="T", vehicle="mbt", at=[5, 2], facing=3, quality="veteran", name="Tank One"),
             dict(id="P", vehicle="apc", at=[8, 2], facing=1, name="Carrier"),
             K.unit("R", (8, 2), ["leader:rifle", "rifle*4"], name="Riders", **{"in": "P"})],
        blue=[dict(id="g", vehicle="gunship", at=[10, 5], facing=2, air="airborne", name="Gunship"),
              K.unit("d", (12, 6), ["leader:rifle", "rifle*5"], name="Dog")],
        red_side=dict(support_chits=2, support=[BATTERY, JETS]), **kw)


def emit(b, *events):
    c = K.ctx(b)
    for ev in events:
        c.emit(ev)


def piece(bv, pid):
    return next(p for p in bv.pieces if p.id == pid)


def place(b, fid, kind, side, at, hidden=False, **data):
    emit(b, E.FeaturePlaced(feature=fid, kind=kind, side=side, at=K.hx(*at), hidden=hidden,
                            data=feature_data(**data)))


# ---------------------------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------------------------


def test_each_kind_of_vehicle_has_a_letter_of_its_own_and_a_super_heavys_turret_rides_on_its_hull():
    """Vehicles: General Rules; Types of Vehicles; Super-Heavy Vehicles. Every vehicle kind is a unit
    with its own letter; a super-heavy's turrets are units on the hull's hex, drawn inside it."""
    b = K.battle(
        red=[dict(id="T", vehicle="mbt", at=[1, 1]), dict(id="M", vehicle="walker_mech", at=[3, 1]),
             dict(id="G", vehicle="brute", at=[5, 1]), dict(id="L", vehicle="land_train", at=[7, 1])],
        blue=[dict(id="a", vehicle="gunship", at=[1, 5]), dict(id="o", vehicle="bunker", at=[3, 5])])
    bv = view.board(b.state)
    assert {p.id: p.glyph for p in bv.pieces if p.aboard is None} == {
        "T": "V", "M": "M", "G": "G", "L": "V", "a": "A", "o": "O"}
    turret = piece(bv, "L-t1")
    assert turret.glyph == "U" and turret.aboard == "L" and turret.facing is None
    assert "turret of" in turret.state
    assert "turrets: super-heavy land train (hull), turret 1 [L-t1]" in piece(bv, "L").details or \
        any(line.startswith("turrets: ") and "[L-t1]" in line for line in piece(bv, "L").details)
    # a building has no facing; the rest face their scenario direction
    assert piece(bv, "o").facing is None and piece(bv, "T").facing == 0


def test_a_vehicle_shows_its_facing_until_a_mark_must_take_its_place():
    """Vehicles: Armour (the face struck depends on the angle of the shot, so facing is on the map);
    Vehicle Damage (damage markers). The one slot beside a letter shows the facing while the vehicle
    has no mark; a damage marker takes it, and the count is in the words under the cursor."""
    b = armour_battle()
    tank = piece(view.board(b.state), "T")
    assert (tank.glyph, tank.marks, tank.facing) == ("V", "", 3)
    assert tank.state == "facing west"
    K.set_unit(b, "T", damage=2, confidence=3)
    tank = piece(view.board(b.state), "T")
    assert tank.marks == "d"  # confidence is not drawn for a vehicle: the slot is its facing's
    assert "facing west, 2 damage markers" in tank.state and "steady" in tank.state
    K.set_unit(b, "T", suppression=1)
    assert piece(view.board(b.state), "T").marks == "1d"


def test_a_destroyed_vehicle_stays_on_its_hex_as_a_wreck():
    """Firing at Vehicles: Indicating Damaged Vehicles - a destroyed vehicle is left on the table. It is
    drawn as an X with the wreck mark x, after the living pieces so it never hides a unit on its hex."""
    b = armour_battle()
    emit(b, E.FigureChanged(unit="T", figure="T.0", status=KILLED, wounds=0, reason="test"))
    assert b.state.units["T"].destroyed and not b.state.units["T"].on_table
    bv = view.board(b.state)
    wreck = piece(bv, "T")
    assert (wreck.glyph, wreck.marks, wreck.facing, wreck.at) == ("X", "x", None, K.hx(5, 2))
    assert wreck.state == "destroyed: a wreck" and "destroyed" in wreck.details[0]
    assert bv.pieces[-1].id == "T"
    assert "T" not in view.activation(b.state).waiting


def test_aircraft_in_the_air_are_marked_as_flying():
    """Aerospace Operations: Aircraft on the Table; VTOL Aircraft (hovering is marked with a counter)."""
    b = armour_battle()
    g = piece(view.board(b.state), "g")
    assert (g.glyph, g.marks, g.facing) == ("A", "a", 2)
    assert g.state.startswith("airborne")
    assert "airborne, VTOL" in "\n".join(g.details)
    K.set_unit(b, "g", air="hovering")
    assert piece(view.board(b.state), "g").marks == "h"
    K.set_unit(b, "g", air="grounded")
    g = piece(view.board(b.state), "g")
    assert g.marks == "" and g.facing == 2  # on the ground it shows its facing


def test_passengers_ride_inside_their_vehicle():
    """Transport of Infantry: passengers are not drawn; the vehicle says whom it carries."""
    b = armour_battle()
    bv = view.board(b.state)
    riders, carrier = piece(bv, "R"), piece(bv, "P")
    assert riders.aboard == "P" and riders.state.startswith("aboard Carrier")
    assert carrier.state == "facing north-east, carrying Riders"
    assert "carries 5 of 10 figures: Riders [R] (5)" in carrier.details


def test_vehicle_details_give_size_armour_faces_facing_damage_weapons_and_systems():
    """Vehicles: Vehicle Size, Armour (D12 x class per face), Vehicle Damage, Multiple Weapons,
    Weapon Stabilisation, Electronic Counter-Measures, Decoys."""
    b = armour_battle()
    K.set_unit(b, "T", damage=1)
    emit(b, E.FigureChanged(unit="T", figure="T.2", status=UNTREATED, wounds=1, reason="test"))
    lines = piece(view.board(b.state), "T").details
    assert lines[0] == "Tank One [T], Red: vehicle (main battle tank), size 3"
    assert lines[1] == "D10 veteran, leadership 2 average, confident"
    assert lines[2] == "armour front D12x3, side D12x2, rear D12, top D12, belly D12"
    assert lines[3] == "facing west; move D12 tracked; 1 damage marker (terrain 1 class harder, targets +1)"
    assert lines[4].startswith("ECM D8, decoys D8, superior stabilisation, slaved fire control")
    assert lines[5] == ("weapons: tank gun D10/D10 (on armour D12x3 impact) ready, "
                        "vehicle hmg 2D6/D8 disabled")


def test_heavy_weapons_in_an_infantry_unit_are_weapons_not_troopers():
    """Heavy Weapons: a crew-served weapon is carried by its unit's figures; Moving Heavy Weapons (set
    up or dismantled); Hits on Heavy Weapons (disabled, wrecked)."""
    b = armour_battle()
    lines = piece(view.board(b.state), "A").details
    assert "5 figures: 5 fit; armour D4, move D6, sensor D4" in lines
    assert "weapons: 5 rifle FP1/D8" in lines
    assert "heavy weapons: tripod hmg 2D6/D8 set up" in lines
    b.state.units["A"].figures[-1].ready = False  # test set-up: dismantled for carrying
    assert "heavy weapons: tripod hmg 2D6/D8 dismantled" in piece(view.board(b.state), "A").details
    emit(b, E.FigureChanged(unit="A", figure="A.6", status=KILLED, wounds=2, reason="test"))
    lines = piece(view.board(b.state), "A").details
    assert "heavy weapons: tripod hmg 2D6/D8 wrecked" in lines
    assert "5 figures: 5 fit; armour D4, move D6, sensor D4" in lines  # no trooper was lost


# ---------------------------------------------------------------------------------------------
# Map counters
# ---------------------------------------------------------------------------------------------


def test_smoke_is_drawn_on_every_hex_it_covers_and_named_under_the_cursor():
    """Smoke: a cloud covers its hex and the ring around it and blocks sight (rules.smoke_hexes)."""
    b = armour_battle()
    place(b, "smoke-1", "smoke", "red", (4, 5), radius=1)
    bv = view.board(b.state)
    smoked = {h for h, g in bv.terrain.items() if g == "&"}
    assert smoked == set(rules.smoke_hexes(b.state)) and len(smoked) == 7
    key = next(k for k in bv.legend if k.glyph == "&")
    assert key.name == "smoke" and "blocks sight" in key.effect
    assert any("& smoke" in line for line in view.MARKS_LEGEND)


def test_a_blast_is_drawn_over_its_whole_radius_and_a_fire_on_its_hex():
    """Resolving Impacts (blast radius: 6" = 3 hexes for a large round); Fire."""
    b = armour_battle()
    place(b, "blast-1", "blast", "red", (8, 5), radius=2)
    place(b, "fire-2", "fire", "", (2, 8))
    bv = view.board(b.state)
    blast = {h for h, g in bv.terrain.items() if g == "`"}
    assert blast == set(hexes_within(K.hx(8, 5), 2)) and len(blast) == 19
    assert bv.terrain[K.hx(2, 8)] == "^"
    assert {k.name for k in bv.legend} >= {"blast area", "fire"}


def test_real_and_dummy_target_markers_look_alike_to_all_but_their_owner():
    """Request Fire Support Action: Dummy Targets - the real target is only revealed at the impact."""
    b = armour_battle()
    emit(b, E.MissionPlaced(mission="m-1", side="red", kind="artillery", asset="bat", box=2, target=K.hx(12, 8),
                            dummies=(K.hx(3, 8),), observer="A", ammo="he"))
    place(b, "target-2", "target", "red", (3, 8), hidden=True, mission="m-1", dummy=1)
    place(b, "target-3", "target", "red", (12, 8), hidden=True, mission="m-1", dummy=0)
    for viewer in (None, "blue"):
        bv = view.board(b.state, viewer)
        assert bv.terrain[K.hx(3, 8)] == bv.terrain[K.hx(12, 8)] == "+"
        key = next(k for k in bv.legend if k.glyph == "+")
        assert "Red at (12,8), due from box 2" in key.effect and "Red at (3,8), due from box 2" in key.effect
        assert not any(k.glyph == "0" for k in bv.legend)
    mine = view.board(b.state, "red")
    assert mine.terrain[K.hx(3, 8)] == "0" and mine.terrain[K.hx(12, 8)] == "+"
    assert next(k for k in mine.legend if k.glyph == "0").name == "dummy target marker (yours)"


def test_a_hidden_minefield_is_a_counter_of_unknown_type_to_the_enemy():
    """Minefields: represented by an inverted counter; AP, AT or dummy is known to its owner only."""
    b = armour_battle()
    place(b, "mine-1", "minefield", "blue", (6, 7), hidden=True, type="dummy")
    public = view.board(b.state)
    assert public.terrain[K.hx(6, 7)] == "$"
    assert "Blue at (6,7), type unknown" in next(k for k in public.legend if k.glyph == "$").effect
    own = view.board(b.state, "blue")
    assert "Blue dummy at (6,7)" in next(k for k in own.legend if k.glyph == "$").effect
    emit(b, E.FeatureChanged(feature="mine-1", hidden=False, reason="found"))
    assert "Blue dummy at (6,7)" in next(k for k in view.board(b.state).legend if k.glyph == "$").effect


def test_ieds_booby_traps_and_cdms_are_invisible_to_the_enemy_until_found():
    """Booby Traps; Improvised Explosive Devices; Command Detonated Mines."""
    b = armour_battle()
    place(b, "ied-1", "ied", "blue", (7, 7), hidden=True)
    place(b, "booby-2", "booby", "blue", (8, 7), hidden=True)
    place(b, "cdm-3", "cdm", "blue", (9, 7), hidden=True, facing=3)
    spots = [K.hx(7, 7), K.hx(8, 7), K.hx(9, 7)]
    for viewer in (None, "red"):
        bv = view.board(b.state, viewer)
        assert [bv.terrain[h] for h in spots] == [".", ".", "."]
        assert not {k.glyph for k in bv.legend} & {"!", "(", ")"}
    own = view.board(b.state, "blue")
    assert [own.terrain[h] for h in spots] == ["!", "(", ")"]
    emit(b, E.FeatureChanged(feature="ied-1", hidden=False, reason="found"))
    assert view.board(b.state).terrain[K.hx(7, 7)] == "!"


# ---------------------------------------------------------------------------------------------
# The inbound chart
# ---------------------------------------------------------------------------------------------


def test_the_inbound_chart_shows_each_sides_counters_by_box_and_its_chits():
    """The Inbound Chart (boxes 3, 2, 1, over the battle area, loiter); Fire Support Chits. The
    chart's lines come first in the activation pane, which is short in a small terminal."""
    b = armour_battle(blue_side=dict(support_chits=1))
    emit(b, E.MissionPlaced(mission="m-1", side="red", kind="artillery", asset="bat", box=2, target=K.hx(12, 6),
                            ammo="he"),
         E.MissionPlaced(mission="m-2", side="red", kind="air", asset="jets", box=0, target=K.hx(12, 6), ammo="he"),
         E.MissionPlaced(mission="m-3", side="blue", kind="aircraft", asset="", box=3, unit="g"),
         E.MissionPlaced(mission="m-4", side="blue", kind="casevac", asset="medevac", box=-1),
         E.SupportChits(side="red", left=1))
    lines = view.activation(b.state).lines
    assert lines[:4] == (
        "Red inbound - box 2: Battery (artillery, HE); over the battle area: Strike wing (air strike, HE)",
        "Red support: 1 chit; Battery 2 left, Strike wing 0 left",
        "Blue inbound - box 3: Gunship (aircraft); loiter: medevac (casevac)",
        "Blue support: 1 chit",
    )


def test_no_chart_lines_for_a_battle_without_support():
    b = K.battle(red=[K.unit("A", (0, 0), ["rifle*4"])], blue=[K.unit("d", (8, 0), ["rifle*4"])])
    assert not any("inbound" in line or "support:" in line for line in view.activation(b.state).lines)


# ---------------------------------------------------------------------------------------------
# Orders of the modules: filing, descriptions, odds
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class PaintHex:
    """An order no screen knows (a module added late)."""

    unit: str
    to: Hex
    figure: str = ""


@attrs.frozen
class SideWideThing:
    side: str
    mission: str = ""


def test_an_order_of_a_module_the_screens_do_not_know_is_filed_and_described_without_a_crash():
    b = armour_battle()
    st = b.state
    cmd = PaintHex("A", K.hx(4, 4), "A.6")
    parts = view.order_parts(st, cmd)
    assert (parts.unit, parts.action, parts.target) == ("A", "Paint hex", K.hx(4, 4))
    assert parts.label == "paint hex - to (4,4), figure tripod heavy machinegun A.6"
    assert Describer(st).command(cmd) == "Alpha [A]: " + parts.label
    pv = view.preview(st, cmd)
    assert pv.summary == Describer(st).command(cmd) and pv.odds == ()
    side = view.order_parts(st, SideWideThing("red"))
    assert side.unit is None and side.action == "Side wide thing"
    assert words_of("FireAA") == "fire AA" and words_of("CourageTested") == "courage tested"


def test_every_offered_order_in_the_armour_scenarios_is_filed_uniquely_and_previewed():
    """Each legal order of the fire-mission and ambush scenarios gets an action, a label unique among
    its fellows, a readable line and a preview."""
    import random

    from hexfront.engine.core.battle import Battle

    for scenario in ("firemission", "ambush"):
        b = Battle.new("dustup", scenario, seed=3)
        for step in range(12):
            if b.outcome() is not None:
                break
            cmds = list(dict.fromkeys(b.legal_commands()))
            filed = {}
            for c in cmds:
                parts = view.order_parts(b.state, c)
                key = (parts.unit, parts.action, parts.target, parts.label)
                assert key not in filed, (c, filed[key])
                filed[key] = c
                assert parts.action and parts.label
                line = Describer(b.state).command(c)
                assert "(" not in line[:1] and "=" not in line, line
                assert view.preview(b.state, c).summary == line
            b.submit(random.Random(step).choice(cmds))


def test_impact_against_armour_counts_every_face_of_a_d12_times_class():
    """Firing at Vehicles: the impact beats the armour to damage, more than doubles it to destroy;
    D12 x 2 is one D12 doubled, not a D24."""
    assert view.p_value_beats(12, 8) == (odds.p_opposed(12, 8)["win"], odds.p_opposed(12, 8)["double"])
    beat, double = view.p_value_beats(24, 36)  # 2x against 3y, x and y on a D12
    assert beat == sum(2 * x > 3 * y for x in range(1, 13) for y in range(1, 13)) / 144
    assert double == sum(2 * x > 6 * y for x in range(1, 13) for y in range(1, 13)) / 144


def test_the_fire_weapon_preview_names_the_armour_face_and_prices_damage():
    """Firing Heavy Weapons; Firing at Vehicles. The tank faces west: fire from the west strikes its
    front (D12x3), from the east its rear (D12)."""
    b = K.battle(red=[dict(id="T", vehicle="mbt", at=[5, 2], facing=3, name="Tank One")],
                 blue=[dict(id="w", vehicle="mbt", at=[1, 2], facing=0, name="West Tank"),
                       dict(id="e", vehicle="mbt", at=[9, 2], facing=3, name="East Tank")],
                 map=K.OPEN)
    st = b.state
    for uid, face, armour in (("w", "front", 36), ("e", "rear", 12)):
        cmd = heavy.FireWeapon(uid, (f"{uid}.1",), "T")
        pv = view.fire_weapon_preview(st, st.units[uid], cmd, "s", "")
        gun = st.tables.weapons[st.units[uid].figures[1].weapon]
        beat, double = view.p_value_beats(gun.impact_against(True), armour)
        line = next(m for m in pv.modifiers if m.startswith("each hit"))
        assert f"the {face} armour D12x{armour // 12}" in line if armour > 12 else f"the {face} armour D12" in line
        assert f"damaged {100 * (beat - double):.0f}%, destroyed {100 * double:.0f}%" in line
        die, _ = heavy.weapon_target_die(st, st.units[uid], st.units[uid].figures[1], st.units["T"])
        none, minor, major = view.p_successes([st.units[uid].quality, 10], die)
        got = [c.probability for c in pv.odds]
        assert got[:2] == pytest.approx([none, minor], abs=1e-12)
        assert sum(got[2:]) == pytest.approx(major, abs=1e-12)  # a major success, split by its number of hits
        assert abs(sum(c.probability for c in pv.odds) - 1) < 1e-9


def test_the_request_fire_preview_gives_the_d8_against_leadership_plus_difficulty():
    """Request Fire Support Action: the D8 must exceed leadership + difficulty (artillery by a forward
    observer +0, by anyone else +2; air by a liaison officer +2, else +4); each fire support chit
    shifts the die up one."""
    b = K.battle(red=[K.unit("F", (2, 0), ["leader:rifle", "rifle*2"], leadership=1, fo=True),
                      K.unit("A", (4, 0), ["leader:rifle", "rifle*4"], leadership=2)],
                 blue=[K.unit("d", (12, 6), ["rifle*4"])], red_side=dict(support_chits=2, support=[BATTERY, JETS]))
    st = b.state
    cases = [("F", "bat", 0, 7 / 8), ("A", "bat", 0, 4 / 8), ("A", "jets", 0, 2 / 8), ("A", "jets", 2, 6 / 12)]
    for uid, asset, chits, p in cases:
        cmd = support.RequestFire(uid, asset, K.hx(12, 6), "he", chits)
        pv = view.request_fire_preview(st, st.units[uid], cmd, "s", "")
        assert pv.odds[0].probability == p, (uid, asset, chits)
        assert pv.odds[1].probability == 1 - p
    pv = view.request_fire_preview(st, st.units["A"], support.RequestFire("A", "jets", K.hx(12, 6), "he", 2), "", "")
    assert "air from Strike wing: D8 must beat 6 = leadership 2 + difficulty 4 (not a dedicated observer)" \
        in pv.modifiers
    assert "2 fire support chits spent: D8 -> D12" in pv.modifiers
    assert Describer(st).command(support.RequestFire("F", "bat", K.hx(12, 6), "he", 1)) == \
        "F [F]: call HE fire from Battery on (12,6), spending 1 chit"


def test_the_end_summary_counts_soldiers_and_destroyed_vehicles_apart():
    """A destroyed vehicle is not a soldier killed: the summary lists it on its own."""
    b = armour_battle()
    emit(b, E.FigureChanged(unit="T", figure="T.0", status=KILLED, wounds=0, reason="test"),
         E.FigureChanged(unit="A", figure="A.2", status=KILLED, wounds=2, reason="test"))
    red = next(line for line in view.summary(b.state).lines if line.startswith("Red:"))
    assert red == "Red: 1 killed, 0 wounded; 3 units still fighting; 1 of 2 vehicles destroyed"


def _sample(st, t):
    """An instance of order class ``t`` with plausible values for its fields, by field name and type."""
    values = {"unit": "T", "side": "red", "target": "d", "vehicle": "P", "other": "P", "asset": "bat",
              "mission": "m-1", "marker": "?1", "fire": "fire-1", "minefield": "mine-1", "figure": "T.1",
              "weapon": "T.1", "weapons": ("T.1",), "method": "rope", "air": "hovering", "ammo": "he"}
    kwargs = {}
    for a in attrs.fields(t):
        if a.name in values:
            kwargs[a.name] = values[a.name]
            if a.name == "target" and "Hex" in str(a.type):
                kwargs[a.name] = K.hx(6, 6)
        elif "tuple" in str(a.type):
            kwargs[a.name] = (K.hx(7, 6),) if "Hex" in str(a.type) else ()
        elif "Hex" in str(a.type):
            kwargs[a.name] = K.hx(6, 6)
        elif "int" in str(a.type):
            kwargs[a.name] = 1
        elif "bool" in str(a.type):
            kwargs[a.name] = False
        elif a.default is attrs.NOTHING:
            kwargs[a.name] = ""
    return t(**kwargs)


def test_every_order_of_every_module_gets_a_line_of_its_own():
    """Each order class the Armoured Dustup modules add reads as plain words (not the generic class-name
    line), and the editor files it without a crash."""
    b = armour_battle()
    emit(b, E.MissionPlaced(mission="m-1", side="red", kind="artillery", asset="bat", box=0, target=K.hx(12, 6)))
    st = b.state
    d = Describer(st)
    for t in (t for t in rules.COMMAND_TYPES if t not in K.C.COMMAND_TYPES):
        cmd = _sample(st, t)
        line = getattr(d, "_order_" + t.__name__)(cmd)  # its own line, which does not fail on its fields
        assert d.command(cmd) == line and " - " not in line, (t.__name__, line)
        assert "_" not in line and "=" not in line, line
        parts = view.order_parts(st, cmd)
        assert parts.action and parts.label, t.__name__
