"""What the RatFight player sees (engine.systems.ratfight.view): the map, the action card, orders, sight, the end.

Each test names the rule-book section whose state it shows.
"""

from __future__ import annotations

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Script
from hexfront.engine.systems.ratfight import lineofsight
from hexfront.engine.systems.ratfight import view as V
from hexfront.engine.systems.ratfight.commands import COMMAND_TYPES

SKIRMISH_MAP = "\n".join(["............", "....**......", "............", "......#.....", "............"])


def skirmish(kit, card: str, **kw) -> Battle:
    """Red (leader, LMG Dead Shot, bazooka, a carrier with a Bruiser aboard) against blue infantry in the open,
    in woods and behind a wall, a lorry and a light tank; ``card`` is red's first action card."""
    red = [kit.inf("R1", kit.hx(1, 1), "assault_rifle", "grenade", leader=2, heroes=["inspiring"], name="Kray"),
           kit.inf("R2", kit.hx(3, 2), "lmg", heroes=["dead_shot"], name="Tamm"),
           kit.inf("R3", kit.hx(2, 3), "bazooka", name="Hale"),
           kit.veh("RC", kit.hx(1, 4), "armoured_carrier", "hmg", facing=0, name="Bolt"),
           kit.aboard("R4", "RC", "smg", heroes=["bruiser"], name="Oro")]
    blue = [kit.inf("B1", kit.hx(5, 2), "assault_rifle", name="Ives"),
            kit.inf("B2", kit.hx(5, 1), "sniper_rifle", name="Wren"),
            kit.inf("B3", kit.hx(6, 3), "pistol", "grenade", name="Mull"),
            kit.veh("BL", kit.hx(8, 4), "lorry", facing=3, name="Dray"),
            kit.veh("BT", kit.hx(9, 1), "light_tank", "hmg", facing=3, name="Brute")]
    return kit.battle(red, blue, map=SKIRMISH_MAP, action=[card], **kw)


def retarget_position(kit) -> Battle:
    """Firing 5: R1's LMG Downs B1 with its first shot; B2 is within three inches for the spare shot."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "lmg")],
                   [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(5, 0)), kit.inf("B3", Hex(9, 0))],
                   action=["fire1-a", "move1-a"], red=["KS"], blue=["2C"])
    kit.fire(b, "R1", "B1", "lmg")
    assert b.state.pending is not None
    return b


def pieces(b: Battle) -> dict:
    return {p.id: p for p in b.system.board(b.state).pieces}


# -- the map ------------------------------------------------------------------------------------

def test_glyph_tables_cover_the_content(kit):
    """Weapons; Generic vehicle armour Points: every weapon and vehicle of the tables has a documented letter."""
    base = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(5, 0))])
    tables = base.state.tables
    assert set(tables.weapons) <= set(V.WEAPON_GLYPHS)
    assert set(tables.vehicles) <= set(V.VEHICLE_GLYPHS)
    assert all(g.isupper() and len(g) == 1 for g in list(V.WEAPON_GLYPHS.values()) + list(V.VEHICLE_GLYPHS.values()))


def test_piece_letters_by_main_weapon_leader_and_vehicle_type(kit):
    """Leaders and Heroes: "The leader models must be clearly defined so that both players can recognise them";
    Weapons: a model is known by its main weapon (a grenade is carried besides it)."""
    red = [kit.inf("L1", Hex(0, 0), "smg", leader=2),
           kit.inf("A1", Hex(1, 0), "assault_rifle", "grenade"),
           kit.inf("N1", Hex(2, 0), "sniper_rifle"),
           kit.inf("S1", Hex(3, 0), "smg"),
           kit.inf("M1", Hex(4, 0), "lmg"),
           kit.inf("B1x", Hex(5, 0), "bazooka"),
           kit.inf("G1", Hex(6, 0), "grenade"),
           kit.inf("P1", Hex(7, 0), "grenade", "pistol"),
           kit.inf("R1", Hex(8, 0), "manual_rifle"),
           kit.inf("K1", Hex(9, 0), "anti_tank_rifle")]
    blue = [kit.veh("T1", kit.hx(1, 3), "medium_tank", "hmg", facing=2),
            kit.veh("C1", kit.hx(4, 3), "armoured_carrier", facing=5),
            kit.veh("V1", kit.hx(7, 3), "lorry", facing=3)]
    b = kit.battle(red, blue)
    ps = pieces(b)
    assert {mid: p.glyph for mid, p in ps.items()} == {
        "L1": "L", "A1": "A", "N1": "N", "S1": "S", "M1": "M", "B1x": "B", "G1": "G", "P1": "P", "R1": "R",
        "K1": "K", "T1": "T", "C1": "C", "V1": "V"}
    assert (ps["T1"].facing, ps["C1"].facing, ps["V1"].facing) == (2, 5, 3)
    assert ps["A1"].facing is None and ps["A1"].marks == "" and ps["A1"].state == ""
    assert ps["L1"].at == Hex(0, 0) and ps["L1"].side == "red" and ps["T1"].side == "blue"
    assert any("leader: 2 cards" in line for line in ps["L1"].details)
    assert any(line.startswith("Assault Rifle: 18 hexes, 1 shot or 9 hexes, 2 shots") for line in ps["A1"].details)
    assert any("AP 4" in line for line in ps["B1x"].details)
    assert any("armour 4/2/1" in line for line in ps["T1"].details)
    view = b.system.board(b.state)
    assert [s.name for s in view.sides] == ["Red Rats", "Blue Stoats"]


def test_down_model_is_marked(kit):
    """Firing 3: "If the shooter wins, the target model is Down, place it on its side." """
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a", "move1-a"],
                   red=["9C"], blue=["4H"])
    kit.fire(b, "R1", "B1")
    p = pieces(b)["B1"]
    assert (p.marks, p.state, p.at) == ("d", "Down", Hex(4, 0))
    assert any("Down: may not move or fire" in line for line in p.details)


def test_damaged_vehicle_then_wreck(kit):
    """Shooting at Vehicles: "Damage to a vehicle is accumulative"; "An abandoned vehicle is considered 'dead' but
    is left on the battlefield as a line of sight and movement obstacle." """
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")],
                   [kit.veh("BT", Hex(6, 0), "medium_tank", "hmg", facing=3), kit.inf("B2", Hex(9, 4))],
                   action=["fire1-a", "move1-a", "fire1-b", "move1-b"],
                   red=["9S", "8S", "10S", "6S"], blue=["5C", "3D", "6H", "4C", "4H", "7C"])
    kit.fire(b, "R1", "BT", "bazooka")
    p = pieces(b)["BT"]
    assert (p.marks, p.state, p.glyph) == ("5", "5 damage", "T")
    b.submit(kit.C.Pass())
    kit.fire(b, "R1", "BT", "bazooka")
    p = pieces(b)["BT"]
    assert b.state.models["BT"].status == "abandoned"
    assert (p.marks, p.state, p.at) == ("x7", "abandoned wreck, 7 damage", Hex(6, 0))


def test_passengers_ride_aboard_and_tumble_out_down(kit):
    """Shooting at Vehicles: "infantry inside a lorry or armoured carrier that is abandoned by its crew ... are
    placed in the Down position around the abandoned vehicle"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")],
                   [kit.veh("BC", Hex(5, 0), "armoured_carrier", facing=3, name="Bolt"),
                    kit.aboard("P1", "BC", name="Pip")],
                   action=["fire1-a", "move1-a"], red=["9S", "KS"], blue=["5C", "2C", "3C"])
    p = pieces(b)["P1"]
    assert (p.at, p.aboard, p.state) == (None, "BC", "aboard Bolt")
    assert any("carries 1 of 6: Pip" in line for line in pieces(b)["BC"].details)
    kit.fire(b, "R1", "BC", "bazooka")
    ps = pieces(b)
    assert ps["BC"].marks.startswith("x")
    assert ps["P1"].aboard is None and ps["P1"].marks == "d" and ps["P1"].at is not None


def test_casualties_leave_the_map(kit):
    """Close Combat: "The loser is an instant casualty" - removed from the table."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0))], action=["move1-a", "fire1-a"],
                   red=["2C", "KS"], blue=["QS"])
    b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert "B1" not in pieces(b) and "R1" in pieces(b)


def test_board_size_and_legend_list_only_terrain_on_the_board(kit):
    """Line of sight and Terrain; Movement: the legend explains cover, sight and going of the terrain in play."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(5, 0))])
    view = b.system.board(b.state)
    assert (view.cols, view.rows) == (12, 5) and len(view.terrain) == 60
    assert [k.name for k in view.legend] == ["open ground"]
    b = skirmish(kit, "move1-a")
    view = b.system.board(b.state)
    assert {k.glyph: k.name for k in view.legend} == {".": "open ground", "*": "woods", "#": "low stone wall"}
    keys = {k.glyph: k.effect for k in view.legend}
    assert "soft cover" in keys["*"] and "blocks sight" in keys["*"]
    assert "hard cover" in keys["#"] and "whole move" in keys["#"]
    assert view.terrain[kit.hx(4, 1)] == "*" and view.terrain[kit.hx(6, 3)] == "#"


# -- the action card --------------------------------------------------------------------------

def test_activation_shows_the_card_and_who_may_still_act(kit):
    """Action Cards: "Two Action Cards marked 'Fire Two Weapons': The player may fire two weapons on two different
    models." Turn Sequence 2-3: the initiative winner turns the first card."""
    red = [kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 1)), kit.inf("R3", Hex(0, 2))]
    b = kit.battle(red, [kit.inf("B1", Hex(6, 0))], action=["fire2-a", "move1-a"], red=["2C"], blue=["KS"])
    act = b.system.activation(b.state)
    assert act.now == "Turn 1 - Red Rats: 'Fire Two Weapons' (0 of 2 used)"
    assert act.acted == frozenset() and act.waiting == {"R1", "R2", "R3"}
    assert "Red Rats won the initiative and went first this turn" in act.lines
    left = len(b.state.decks["action"].draw_pile)
    assert f"{left} action cards left to turn this turn, the Turn End card among them" in act.lines
    kit.fire(b, "R1", "B1")
    act = b.system.activation(b.state)
    assert act.now == "Turn 1 - Red Rats: 'Fire Two Weapons' (1 of 2 used)"
    assert act.acted == {"R1"} and act.waiting == {"R2", "R3"}


def test_activation_on_an_all_card(kit):
    """Action Cards: "One Action Card marked 'Move All Infantry Models': The player may move ANY of his
    infantry stands." """
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 1))], [kit.inf("B1", Hex(9, 4))],
                   action=["moveall"])
    assert b.system.activation(b.state).now == "Turn 1 - Red Rats: 'Move All Infantry Models' (any number; 0 acted)"


def test_activation_tells_of_the_inspiring_redraw(kit):
    """Leaders and Heroes, Inspiring: "One per turn the player may discard a drawn Action Card and draw another." """
    b = kit.battle([kit.inf("R1", Hex(0, 0), leader=2, heroes=["inspiring"])], [kit.inf("B1", Hex(9, 4))],
                   action=["fire1-a", "move1-c"])
    assert "Red Rats: the Inspiring leader may still redraw one card this turn" in b.system.activation(b.state).lines
    b.submit(kit.C.Redraw())
    act = b.system.activation(b.state)
    assert "Red Rats: the Inspiring redraw is used for this turn" in act.lines
    assert act.now == "Turn 1 - Red Rats: 'Move a Single Infantry Model' (0 of 1 used)"


def test_activation_during_a_retarget_offer(kit):
    """Firing 5: "If the player has shots left over from a weapon after Downing the target they may be
    retargeted onto any model with[in] three inches"."""
    b = retarget_position(kit)
    act = b.system.activation(b.state)
    assert act.now.endswith("spare shots to place")
    assert act.waiting == {"R1"} and act.acted == {"R1"}
    assert any("R1 has 1 spare shot: at B2" in line for line in act.lines)


def test_activation_lists_broken_forces_and_the_end(kit):
    """Morale Check: "His army is removed from the field of battle." """
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(9, 4))])
    st = b.system.copy_state(b.state)
    b.system.apply(st, kit.E.ForceBroken(side="blue", force="main", reason="failed its morale check"))
    b.system.apply(st, kit.E.BattleEnded(winner="red", reason="the morale of Blue Stoats broke"))
    act = b.system.activation(st)
    assert act.now == "Turn 1 - battle over: Red Rats won"
    assert "Blue Stoats (main force) has broken and left the field" in act.lines
    assert "the morale of Blue Stoats broke" in act.lines
    assert act.waiting == frozenset()


# -- orders -----------------------------------------------------------------------------------

def morale_choice_position(kit) -> Battle:
    """Red has lost R2 in close combat (blue's KS, QS against 3D); at the Turn End its two-card leader draws AH,
    which does not beat 1 casualty, and 9C, which does: red chooses which to keep."""
    b = kit.battle([kit.inf("R1", Hex(0, 4), leader=2), kit.inf("R2", Hex(0, 0))], [kit.inf("B1", Hex(1, 0))],
                   action=["move1-a", "turnend"], first="blue", red=["3D", "AH", "9C"], blue=["KS", "QS"])
    b.submit(kit.C.Assault("B1", "R2", Hex(1, 0)))
    assert b.state.morale is not None and b.state.morale.cards == ("AH", "9C")
    return b


def _campaign_battle_over(kit) -> Battle:
    """A battle of a campaign just won by red (R1 charges blue's only model; blue breaks at the Turn End): the
    end-of-battle draws are the one order left (Testing for Casualties: campaigns)."""
    first = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0))], action=["move1-a", "turnend"],
                       red=["2C", "KS", "5C"], blue=["QS"])
    b = Battle(first.system, attrs.evolve(first.setup, options={"campaign": "test"}))
    b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    return b


def _positions(kit) -> list[Battle]:
    return [skirmish(kit, "move2-a"), skirmish(kit, "vehicle-a"), skirmish(kit, "fireall"), retarget_position(kit),
            morale_choice_position(kit), _campaign_battle_over(kit)]


def test_order_parts_for_every_command_type(kit):
    """Action Cards, Movement, Close Combat, Firing: each legal order is filed under its model, action and target
    hex; orders that share all three differ by label."""
    seen = set()
    for b in _positions(kit):
        st = b.state
        keys = set()
        for cmd in b.legal_commands():
            parts = b.system.order_parts(st, cmd)
            seen.add(type(cmd))
            key = (parts.unit, parts.action, parts.target, parts.label)
            assert key not in keys, key
            keys.add(key)
            assert parts.label
            t = type(cmd).__name__
            if t in ("Pass", "Redraw"):
                assert (parts.unit, parts.action, parts.target) == (None, t, None)
            elif t == "Move":
                assert (parts.unit, parts.target) == (cmd.model, cmd.to)
                assert parts.action == ("Reverse" if cmd.reverse else "Move")
            elif t == "Pivot":
                m = st.models[cmd.model]
                assert (parts.unit, parts.action, parts.target) == (cmd.model, "Pivot", m.pos.neighbour(cmd.facing))
                assert parts.label.startswith("face ")
            elif t == "Assault":
                assert (parts.unit, parts.action, parts.target) == (cmd.model, "Assault", st.models[cmd.target].pos)
                assert "from (" in parts.label
            elif t == "Embark":
                assert (parts.unit, parts.action, parts.target) == (cmd.model, "Embark", st.models[cmd.vehicle].pos)
            elif t == "Disembark":
                assert (parts.unit, parts.action, parts.target) == (cmd.model, "Disembark", cmd.to)
            elif t == "Fire":
                weapon = st.tables.weapons[cmd.weapon]
                assert parts.unit == cmd.model and parts.target == st.models[cmd.target].pos
                assert parts.action.startswith(f"Fire {weapon.name}")
                assert ("(" in parts.action) == (len(weapon.modes) > 1)
                assert parts.label.endswith(f"at {st.models[cmd.target].name} [{cmd.target}]")
            elif t == "DrawForCasualties":
                assert (parts.unit, parts.action, parts.target) == (None, "Casualties", None)
            elif t == "Retarget":
                assert (parts.unit, parts.action) == (st.pending.shooter, "Retarget")
                assert parts.target == (st.models[cmd.target].pos if cmd.target else None)
            elif t == "KeepMoraleCard":
                assert (parts.unit, parts.action, parts.target) == (None, "Keep a morale card", None)
                assert parts.label.startswith(f"keep {cmd.card} (")
    assert seen == set(COMMAND_TYPES)


def test_fire_modes_are_separate_actions(kit):
    """Weapons: "Assault Rifle: Range 36 inches, one shot OR Range 18 inches, two shots"."""
    b = skirmish(kit, "fireall")
    long, short = (b.system.order_parts(b.state, kit.C.Fire("R1", "assault_rifle", "B1", i)) for i in (0, 1))
    assert long.action == "Fire Assault Rifle (18 hexes, 1 shot)"
    assert short.action == "Fire Assault Rifle (9 hexes, 2 shots)"
    assert long.target == short.target == kit.hx(5, 2)


def test_previews_of_moves_and_passes_have_costs_not_odds(kit):
    """Movement: "Infantry: 6 inches" (3 hexes); Action Cards: a Move Two card moves two different models."""
    b = skirmish(kit, "move2-a")
    pv = b.system.preview(b.state, kit.C.Move("R1", kit.hx(3, 1)))
    assert pv.odds == () and pv.note == ""
    assert "2 hexes of move: 6 of 9 move points" in pv.cost
    assert "uses 1 of the 2 activations on 'Move Two Different Infantry Models'" in pv.cost
    pv = b.system.preview(b.state, kit.C.Pass())
    assert (pv.summary, pv.cost) == ("pass", "done with 'Move Two Different Infantry Models' (0 of 2 used)")
    b = skirmish(kit, "vehicle-a")
    pv = b.system.preview(b.state, kit.C.Pivot("RC", 1))
    assert "whole move" in pv.cost and pv.odds == ()
    pv = b.system.preview(b.state, kit.C.Move("RC", kit.hx(0, 4), reverse=True))
    assert "reversing at half speed" in pv.cost and "of 22 move points" in pv.cost
    pv = b.system.preview(b.state, kit.C.Fire("R1", "assault_rifle", "B1"))
    assert pv.note.startswith("not possible now") and pv.odds == ()


# -- sight --------------------------------------------------------------------------------------

def test_visible_hexes_follow_line_of_sight_and_are_cached():
    """Line of sight and Terrain: "Terrain half the height of a model blocks line of site for firing." The
    highlight is every hex the model can see, and asking again is served from the cache. (How fast it is
    worked out is measured in benchmarks/run.py, not asserted here.)"""
    b = Battle.new("ratfight", "convoy", seed=1, script=Script(cards={"action": ["move1-b", "move1-a", "fire3"]}))
    st = b.state
    cache = st.tables.view_cache
    for mid in ("R5", "R7", "B4", "B7"):
        pos = st.models[mid].at
        cache.clear()
        seen = b.system.visible_hexes(st, mid)
        assert seen == {h for h in st.tables.board if lineofsight.sight(st, pos, h).visible}
        assert pos in seen
        assert b.system.visible_hexes(st, mid) is seen
    assert b.system.visible_hexes(st, "R1") == frozenset()  # riding in the carrier
    assert b.system.visible_hexes(st, "nobody") == frozenset()


# -- the end -----------------------------------------------------------------------------------

def test_summary_counts_casualties_as_morale_does(kit):
    """Morale Check: "Add up the number of casualties a side has suffered (do not include Downed models) ...
    Remember to count crewmen that have abandoned their vehicle." """
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka"), kit.inf("R2", Hex(0, 2))],
                   [kit.veh("BC", Hex(5, 0), "armoured_carrier", facing=3), kit.inf("B1", Hex(3, 2)),
                    kit.inf("B2", Hex(9, 4))],
                   action=["fire2-a", "move1-a"], red=["9S", "KS", "8H"], blue=["5C", "2C", "3C", "4D"])
    kit.fire(b, "R1", "BC", "bazooka")
    kit.fire(b, "R2", "B1")
    assert b.state.models["BC"].status == "abandoned" and b.state.models["B1"].status == "down"
    s = b.system.summary(b.state)
    assert s.casualties == {"red": 0, "blue": 2} and s.turns == 1
    assert "Blue Stoats: 2 casualties (with 2 crew who bailed out), 1 standing, 1 Down at the end" in s.lines
    assert "Red Rats: 0 casualties, 2 standing, 0 Down at the end" in s.lines


@pytest.mark.parametrize("scenario", ["village", "convoy"])
def test_real_scenarios_draw(scenario):
    """Battlefield: the scenarios' boards and forces all show (24 x 24 hexes, every model placed)."""
    b = Battle.new("ratfight", scenario, seed=2)
    view = b.system.board(b.state)
    assert (view.cols, view.rows) == (24, 24)
    assert {p.id for p in view.pieces} == set(b.state.models)
    assert b.system.activation(b.state).now.startswith(f"Turn {b.state.turn} - ")
