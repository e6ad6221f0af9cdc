"""Board Setup, Unit Deployment, Turn Order and Phases of Combat."""

from __future__ import annotations

import pytest

from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import axial_to_offset
from hexfront.engine.core.system import content_root
from hexfront.engine.systems.minutemissions import SYSTEM, data, rules

W4 = [("M1", "ironfist"), ("M2", "longbow"), ("M3", "skylark"), ("M4", "hive")]
E4 = [("A1", "crusher"), ("A2", "lancer"), ("A3", "hopper"), ("A4", "swarm")]


def test_battlefield_is_208_hexes_16_by_13_with_both_halves_alike():
    """Battlefield: 16x13 hexes, 208 in all, flat side to each player, both sides identical. Played with
    the players at the west and east edges (16 hexes long) and the board turned half round between
    halves."""
    for name in SYSTEM.scenario_names():
        content = data.load_content(content_root() / "minutemissions", name)
        t = data.Tables.from_content(content)
        board = t.mission.board
        assert len(board) == 208
        cols = {axial_to_offset(h)[0] for h in board}
        rows = {axial_to_offset(h)[1] for h in board}
        assert (len(cols), len(rows)) == (13, 16)
        assert all(board[data.mirror(h)] == board[h] for h in board)
        assert {data.mirror(h) for h in t.mission.objectives} == set(t.mission.objectives)


def test_a_lopsided_battlefield_is_refused(kit):
    """Battlefield: "Both sides need to be identical to the other"."""
    content = kit.content([kit.unit("M1", "ironfist")], [kit.unit("A1", "crusher")])
    rows = content["scenario"]["map"].splitlines()
    rows[2] = "*" + rows[2][1:]
    content["scenario"]["map"] = "\n".join(rows)
    with pytest.raises(ContentError, match="halves differ"):
        data.Tables.from_content(content)


def test_different_colours_must_be_a_hex_apart(kit):
    """Terrain: "different colors need to be placed atleast 1 hex apart"."""
    content = kit.content([kit.unit("M1", "ironfist")], [kit.unit("A1", "crusher")],
                          terrain={(4, 4): "*", (5, 4): "~"})
    with pytest.raises(ContentError, match="a hex apart"):
        data.Tables.from_content(content)
    ok = kit.content([kit.unit("M1", "ironfist")], [kit.unit("A1", "crusher")],
                     terrain={(4, 4): "*", (7, 4): "~", (4, 5): "*"})
    data.Tables.from_content(ok)


def _deploy_battle(kit, dice):
    return kit.battle([kit.unit(u, d) for u, d in W4], [kit.unit(u, d) for u, d in E4], dice, first=None)


def test_roll_off_highest_d8_goes_first_and_ties_roll_again(kit):
    """Unit Deployment: both roll a d8, the highest goes first."""
    b = _deploy_battle(kit, [4, 4, 2, 6])
    assert b.state.first == "ashen" and b.state.active == "ashen"
    b = _deploy_battle(kit, [7, 3])
    assert b.state.first == "meridian"


def test_deployment_alternates_into_the_three_nearest_columns_then_round_one_begins(kit):
    """Unit Deployment: from the highest roller down, players alternate placing one unit on the
    3 closest hexes on their side (this game's reading: the three nearest hex columns); the battle
    begins with the first player."""
    b = _deploy_battle(kit, [2, 6])  # ashen first
    west = rules.deploy_hexes(b.state, "meridian")
    east = rules.deploy_hexes(b.state, "ashen")
    assert {axial_to_offset(h)[0] for h in west} == {0, 1, 2}
    assert {axial_to_offset(h)[0] for h in east} == {10, 11, 12}
    assert len(west) == len(east) == 48
    kit.refuse(b, kit.C.Place("M1", west[0]), "Ashen Compact's turn to deploy")
    kit.refuse(b, kit.C.Place("A1", kit.hx(6, 6)), "three nearest")
    order = []
    for _ in range(8):
        side = b.state.active
        cmd = next(c for c in b.legal_commands())
        order.append(side)
        b.submit(cmd)
    assert order == ["ashen", "meridian"] * 4
    assert b.state.stage == "battle" and b.state.round == 1 and b.state.active == "ashen"
    assert all(u.facing == (0 if u.side == "meridian" else 3) for u in b.state.units.values())


def test_a_side_with_nothing_left_to_place_lets_the_other_finish(kit):
    b = kit.battle([kit.unit("M1", "ironfist")], [kit.unit(u, d) for u, d in E4[:3]], [8, 1], first=None)
    sides = []
    while b.state.stage == "deploy":
        sides.append(b.state.active)
        b.submit(b.legal_commands()[0])
    assert sides == ["meridian", "ashen", "ashen", "ashen"]


def _two_a_side(kit, dice, first="meridian", west=None, east=None):
    west = west or [kit.unit("M1", "ironfist", (2, 4)), kit.unit("M2", "longbow", (2, 8))]
    east = east or [kit.unit("A1", "crusher", (10, 4)), kit.unit("A2", "lancer", (10, 8))]
    return kit.battle(west, east, dice, first=first)


def test_turns_alternate_chess_like_one_unit_each_once_per_round(kit):
    """Turn Order: each player moves a single unit per turn, each unit once per round, back and forth;
    the round ends when all have moved and the first player starts the next."""
    C = kit.C
    b = _two_a_side(kit, [1] * 8)
    assert b.state.round == 1 and b.state.active == "meridian"
    kit.refuse(b, C.Activate("A1"), "Meridian Guard's turn")
    seen = []
    for uid in ("M1", "A1", "M2", "A2"):
        seen.append(b.state.active)
        b.submit(C.Activate(uid))
        b.submit(C.EndTurn(uid))
    assert seen == ["meridian", "ashen", "meridian", "ashen"]
    assert b.state.round == 2 and b.state.active == "meridian" and b.state.acted == []
    b.submit(C.Activate("M1"))
    b.submit(C.EndTurn("M1"))
    b.submit(C.Activate("A1"))
    b.submit(C.EndTurn("A1"))
    kit.refuse(b, C.Activate("M1"), "already acted")


def test_a_player_with_no_units_left_to_move_skips(kit):
    """Turn Order: "If a player has no Units left to move, they skip their turn"."""
    C = kit.C
    b = _two_a_side(kit, [1] * 6, west=[kit.unit("M1", "ironfist", (2, 4))])
    b.submit(C.Activate("M1"))
    b.submit(C.EndTurn("M1"))
    b.submit(C.Activate("A1"))
    b.submit(C.EndTurn("A1"))
    assert b.state.active == "ashen" and b.state.round == 1
    b.submit(C.Activate("A2"))
    b.submit(C.EndTurn("A2"))
    assert b.state.round == 2 and b.state.active == "meridian"


def test_phases_run_movement_ranged_close_and_are_never_revisited(kit):
    """Phases of Combat: a unit goes through the phases in order; it may skip, never go back."""
    C = kit.C
    b = _two_a_side(kit, [3])
    b.submit(C.Activate("M1"))
    assert b.state.turn.phase == "movement"
    b.submit(C.EndPhase("M1"))
    assert b.state.turn.phase == "ranged"
    kit.refuse(b, C.Move("M1", kit.hx(3, 4)), "movement phase is over")
    kit.refuse(b, C.Turn("M1", 1), "movement phase is over")
    b.submit(C.EndPhase("M1"))
    assert b.state.turn.phase == "close"
    kit.refuse(b, C.Attack("M1", "M1.vulcan", "A1", "torso"), "ranged combat phase is over")
    b.submit(C.EndPhase("M1"))
    assert b.state.turn is None and "M1" in b.state.acted


def test_a_close_combat_attack_skips_the_ranged_phase(kit):
    """Phases of Combat: skipping forward to close combat leaves the ranged phase behind for good."""
    C = kit.C
    west = [kit.unit("M1", "ironfist", (5, 4)), kit.unit("M2", "longbow", (2, 8))]
    east = [kit.unit("A1", "crusher", (6, 4)), kit.unit("A2", "lancer", (10, 8))]
    b = _two_a_side(kit, [8, 8, 1], west=west, east=east)  # AP 2+8; assault 8: a perfect hit; critical 1
    b.submit(C.Activate("M1"))
    b.submit(C.Attack("M1", "M1.hammer", "A1", "torso"))
    assert b.state.turn.phase == "close"
    kit.refuse(b, C.Attack("M1", "M1.vulcan", "A1", "torso"), "ranged combat phase is over")


def test_action_points_are_base_plus_d8_rolled_as_the_movement_phase_begins(kit):
    """Movement Phase: roll a D8 and add it to the unit's Base AP; the pool lasts the whole turn."""
    C = kit.C
    b = _two_a_side(kit, [5])
    ev = b.submit(C.Activate("M2"))
    act = kit.of(ev, kit.E.UnitActivated)[0]
    assert (act.base_ap, act.roll, act.ap) == (3, 5, 8)
    assert b.state.turn.ap == 8 and b.state.turn.phase == "movement"


def test_command_actions_cost_two_ap_and_attacks_their_weapon_cost_while_ap_lasts(kit):
    """Command Actions: 2 AP each, repeatable, at any point of the turn. Ranged Combat Phase: the AP cost
    is per attack; with AP to spare a unit attacks again; without enough it cannot."""
    C = kit.C
    west = [kit.unit("M1", "ironfist", (2, 4)), kit.unit("M2", "longbow", (4, 4))]
    east = [kit.unit("A1", "crusher", (9, 4)), kit.unit("A2", "lancer", (10, 8))]
    # longbow: 3 + 4 = 7 AP; press on 2 -> 5; long rifle 3 -> 2 (accuracy 8: a perfect hit, critical 1);
    # a second long rifle shot is refused for want of AP, not because the phase is over
    b = _two_a_side(kit, [4, 8, 1], west=west, east=east)
    b.submit(C.Activate("M2"))
    b.submit(C.PressOn("M2"))
    assert b.state.turn.ap == 5
    b.submit(C.Attack("M2", "M2.longrifle", "A1", "torso"))
    assert b.state.turn.ap == 2
    kit.refuse(b, C.Attack("M2", "M2.longrifle", "A1", "torso"), "needs 3 AP; 2 left")
    b.submit(C.Kneel("M2"))
    assert b.state.turn.ap == 0
    kit.refuse(b, C.DefensiveStance("M2"), "needs 2 AP")


def test_a_core_type_may_not_allow_more_than_2_stat_reductions(kit):
    """S.R.M.: "Max reduction of 2/2/2"."""
    def tweak(content):
        content["core_types"]["light"]["srm"] = [3, 2, 2]

    content = kit.content([kit.unit("M1", "ironfist")], [kit.unit("A1", "crusher")], tweak=tweak)
    with pytest.raises(ContentError, match="srm"):
        data.Tables.from_content(content)


def test_the_deployment_line_counts_the_placing_side_once_and_the_other_below_it(kit):
    """The activation pane at Unit Deployment: its head names who places and how many that side has left;
    the line under it gives the other side's count, not the placing side's again."""
    b = _deploy_battle(kit, [2, 6])  # ashen first
    act = SYSTEM.activation(b.state)
    assert act.now == "Deployment: Ashen Compact places a unit (4 left to place)"
    assert act.lines == ("Meridian Guard: 4 to place",)
    b.submit(next(c for c in b.legal_commands()))
    act = SYSTEM.activation(b.state)
    assert act.now == "Deployment: Meridian Guard places a unit (4 left to place)"
    assert act.lines == ("Ashen Compact: 3 to place",)
