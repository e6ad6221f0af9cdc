"""Dustup's Move Action, Prop Action and Recover Suppression Action, with the confidence limits
on moving (book: "Move Action"; "Prop Action"; "Recover Suppression Action"; "Forces:
Confidence").

Scale (RULES-NOTES): 1 hex = 2 inches, so "movement die x 2 inches" is the die's roll in hexes
and the 2-inch rule is "not adjacent to an enemy unless assaulting". Positions are (column,
row); along one row the distance is the difference of the columns.
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.systems.dustup import checks, rules
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup.state import ABANDONED, CONFIDENT, ROUTED, STEADY, UNTREATED

try:
    from . import dustkit as K
except ImportError:  # collected without a package
    import dustkit as K

HIGH = {"commitment": "high"}
FAR = K.unit("far", (15, 9), ["leader:rifle", "rifle*3"])  # an enemy far off in a corner


def squad(uid="a", at=(0, 0), n=4, **kw):
    return K.unit(uid, at, ["leader:rifle"] + ([f"rifle*{n - 1}"] if n > 1 else []), **kw)


def columns(pattern: str, rows: int = 10, width: int = 16) -> str:
    """A map whose every row is ``pattern`` (padded with open ground): a column of terrain that
    no path can go round."""
    row = (pattern + "." * width)[:width]
    return "\n".join([row] * rows)


def one_wood(col: int = 6) -> str:
    """Open ground with a single hex of woods at (col, 0)."""
    rows = ["." * 16] * 10
    rows[0] = "." * col + "*" + "." * (15 - col)
    return "\n".join(rows)


def setu(b, uid, field, value):
    K.set_unit(b, uid, **{field: value})


def wound(b, uid, *figures):
    c = K.ctx(b)
    for f in figures:
        c.emit(E.FigureChanged(unit=uid, figure=f, status=UNTREATED, wounds=1, reason="test set-up"))


def moved(events):
    return [e for e in events if isinstance(e, E.UnitMoved)]


def pos(b, uid):
    return b.state.units[uid].pos


# ---------------------------------------------------------------------------------------------
# Movement die and terrain
# ---------------------------------------------------------------------------------------------


def test_movement_die_roll_is_hexes_of_clear_ground():
    """Move Action: roll the movement die; each point is one hex of clear ground (RULES-NOTES:
    die x 2 inches = die roll in hexes). Infantry roll a D6."""
    b = K.battle([squad()], [FAR], dice=[4])
    ev = b.submit(C.Move("a", K.hx(10, 0)))
    (sides, result, purpose), = K.rolls(ev)
    assert (sides, result) == (6, 4) and "movement die D6" in purpose
    assert pos(b, "a") == K.hx(4, 0) and moved(ev)[0].points == 4
    assert [e.action for e in ev if isinstance(e, E.ActionTaken)] == ["move"]


def test_move_stops_at_the_nominated_hex():
    """Move Action: the unit moves as far as it is able or to the nominated point, whichever is
    closer."""
    b = K.battle([squad()], [FAR], dice=[6])
    ev = b.submit(C.Move("a", K.hx(3, 0)))
    assert pos(b, "a") == K.hx(3, 0) and moved(ev)[0].points == 3


def test_a_point_beyond_the_best_roll_may_be_nominated():
    """Move Action: first nominate the point the unit moves toward; it goes as far as the roll
    allows, even when the point is beyond its best roll."""
    b = K.battle([squad()], [FAR], dice=[2])
    b.submit(C.Move("a", K.hx(14, 0)))
    assert pos(b, "a") == K.hx(2, 0)


@pytest.mark.parametrize("pattern,roll,end", [
    (".**~", 6, 2),      # woods 2 + woods 2 = 4; the stream would need 3 more
    (".*~", 5, 2),       # woods 2 + stream 3
    (".;;", 3, 1),       # cultivated fields are poor going: 2 a hex
    (".,,,", 3, 3),      # light scrub is clear going
    (".::.", 5, 3),      # rough 2 + 2, then open 1
])
def test_terrain_costs_one_two_or_three_points_a_hex(pattern, roll, end):
    """Move Action: Terrain Effects on Movement. Clear 1 point, poor 2, difficult 3."""
    b = K.battle([squad()], [FAR], map=columns(pattern), dice=[roll])
    b.submit(C.Move("a", K.hx(8, 0)))
    assert pos(b, "a") == K.hx(end, 0)


def test_too_low_a_roll_goes_nowhere():
    """Move Action: a roll of 1 cannot pay for a hex of woods (2 points): the move is spent."""
    b = K.battle([squad()], [FAR], map=columns(".*"), dice=[1])
    ev = b.submit(C.Move("a", K.hx(3, 0)))
    assert not moved(ev) and pos(b, "a") == K.hx(0, 0)
    assert b.state.active.actions == 1


def test_impassable_water_cannot_be_nominated_or_crossed():
    """Move Action: Terrain Effects on Movement. Impassable terrain may not be entered."""
    b = K.battle([squad()], [FAR], map=columns("..-"))
    assert all(c.to != K.hx(2, 0) for c in b.legal_commands() if isinstance(c, C.Move))
    with pytest.raises(IllegalOrder):
        b.submit(C.Move("a", K.hx(2, 0)))
    with pytest.raises(IllegalOrder, match="no way to get there"):
        b.submit(C.Move("a", K.hx(5, 0)))


def test_move_offers_every_hex_within_the_best_roll():
    """Move Action: the orders offered are the hexes a D6 could reach and the unit may stop in."""
    b = K.battle([squad(at=(5, 5))], [FAR])
    targets = {c.to for c in b.legal_commands() if isinstance(c, C.Move) and c.unit == "a"}
    assert targets and all(1 <= hex_distance(K.hx(5, 5), h) <= 6 for h in targets)
    assert K.hx(11, 5) in targets and K.hx(12, 5) not in targets


# ---------------------------------------------------------------------------------------------
# Other units: the 2-inch rule and interpenetration
# ---------------------------------------------------------------------------------------------


def test_no_ending_next_to_an_enemy():
    """Move Action: a unit cannot end its move closer than 2 inches to an enemy unit unless it is
    assaulting (RULES-NOTES: not adjacent)."""
    b = K.battle([squad()], [squad("e", (5, 0))], dice=[6])
    with pytest.raises(IllegalOrder, match="may not stop there"):
        b.submit(C.Move("a", K.hx(4, 0)))
    b.submit(C.Move("a", K.hx(3, 0)))
    assert pos(b, "a") == K.hx(3, 0)


def test_a_move_past_an_enemy_stops_where_it_may_end():
    """Move Action: moving toward a point beyond an enemy, the unit may pass by it but stops only
    in a hex not next to it."""
    b = K.battle([squad()], [squad("e", (4, 0))], dice=[4])
    b.submit(C.Move("a", K.hx(12, 0)))
    here = pos(b, "a")
    assert here != K.hx(0, 0) and hex_distance(here, K.hx(4, 0)) >= 2


def test_an_assaulting_unit_may_end_next_to_its_target():
    """Move Action: ... unless it is assaulting (the walk the assault's move to contact uses)."""
    b = K.battle([squad()], [squad("e", (5, 0))])
    st = b.state
    path, used = rules.walk(st, st.units["a"], K.hx(4, 0), 6, assaulting="e")
    assert path[-1] == K.hx(4, 0) and used == 4
    path, _ = rules.walk(st, st.units["a"], K.hx(4, 0), 6)
    assert path[-1] == K.hx(3, 0)


def test_friendly_units_may_be_passed_through_but_not_shared():
    """Move Action: friendly units freely interpenetrate (a unit is one counter: it cannot stop on
    another's hex)."""
    b = K.battle([squad(), squad("f", (2, 0))], [FAR], dice=[4])
    with pytest.raises(IllegalOrder, match="not on another unit"):
        b.submit(C.Move("a", K.hx(2, 0)))
    ev = b.submit(C.Move("a", K.hx(4, 0)))
    assert K.hx(2, 0) in moved(ev)[0].path and pos(b, "a") == K.hx(4, 0)


def test_enemy_units_block_the_way():
    b = K.battle([squad(at=(0, 2))], [squad("e", (2, 2))])
    path, _ = rules.walk(b.state, b.state.units["a"], K.hx(6, 2), 12)
    assert K.hx(2, 2) not in path


# ---------------------------------------------------------------------------------------------
# Travel movement
# ---------------------------------------------------------------------------------------------


def test_travel_mode_uses_the_full_points_without_a_roll():
    """Move Action: Travel Movement. Units in travel mode use the maximum movement points without
    rolling (a D6: 6 hexes)."""
    b = K.battle([squad()], [FAR])
    setu(b, "a", "travel", True)
    ev = b.submit(C.Move("a", K.hx(12, 0)))
    assert K.rolls(ev) == [] and pos(b, "a") == K.hx(6, 0)
    assert any(isinstance(e, E.Note) and "travel mode" in e.text for e in ev)


def test_no_interpenetration_with_a_unit_in_travel_mode():
    """Move Action: friendly units interpenetrate unless one of them is in travel mode; then the
    moving unit must stop short of it (or go round)."""
    b = K.battle([squad(at=(0, 2)), squad("f", (2, 2))], [FAR], dice=[4])
    setu(b, "f", "travel", True)
    ev = b.submit(C.Move("a", K.hx(4, 2)))
    path = moved(ev)[0].path
    assert K.hx(2, 2) not in path and pos(b, "a") != K.hx(4, 2)  # the way round costs 5


def test_a_unit_in_travel_mode_may_not_pass_through_friends():
    """Move Action: the same holds when the moving unit is the one in travel mode."""
    b = K.battle([squad(at=(0, 2)), squad("f", (2, 2))], [FAR])
    setu(b, "a", "travel", True)
    ev = b.submit(C.Move("a", K.hx(4, 2)))
    assert K.hx(2, 2) not in moved(ev)[0].path and pos(b, "a") == K.hx(4, 2)


def test_travel_mode_units_may_not_prop():
    """Move Action: Travel Movement. In travel mode the only actions are move or reorganise."""
    b = K.battle([squad()], [FAR])
    setu(b, "a", "travel", True)
    with pytest.raises(IllegalOrder, match="travel mode"):
        b.submit(C.Prop("a"))


# ---------------------------------------------------------------------------------------------
# Encumbrance and moving casualties
# ---------------------------------------------------------------------------------------------


def test_carrying_wounded_encumbers_the_unit():
    """Move Action: Encumbrance; Moving Casualties. A unit carrying its wounded moves one die type
    lower: infantry a D4."""
    b = K.battle([squad(n=4)], [FAR], dice=[4])
    wound(b, "a", "a.2")
    ev = b.submit(C.Move("a", K.hx(8, 0)))
    (sides, result, purpose), = K.rolls(ev)
    assert sides == 4 and "carrying wounded" in purpose
    assert pos(b, "a") == K.hx(4, 0)
    assert b.state.units["a"].figures[1].status == UNTREATED  # still with the unit


def test_one_able_bodied_trooper_per_casualty_carried():
    """Move Action: Moving Casualties. A unit carries its wounded only with at least one able-bodied
    trooper per casualty; those it cannot carry are left behind."""
    b = K.battle([squad(n=4)], [K.unit("e", (10, 0), ["rifle*4"])], dice=[3, 8], blue_side=HIGH,
                 red_side=HIGH)
    wound(b, "a", "a.2", "a.3", "a.4")  # one fit trooper (the leader) and three wounded
    ev = b.submit(C.Move("a", K.hx(0, 3)))
    statuses = [f.status for f in b.state.units["a"].figures]
    assert statuses.count(UNTREATED) == 1 and statuses.count(ABANDONED) == 2
    assert [e.count for e in ev if isinstance(e, E.WoundedLeft)] == [2]
    assert K.rolls(ev)[0][0] == 4  # still encumbered by the one it carries


def test_leaving_the_wounded_in_sight_of_the_enemy_costs_a_confidence_test():
    """Move Action: Moving Casualties; Morale: Confidence Test. A unit may abandon its wounded; if it
    withdraws from visible enemy without them it tests (medium commitment: 2 + leadership 2 = 4)."""
    b = K.battle([squad(n=4)], [K.unit("e", (10, 0), ["rifle*4"])], dice=[5, 3])
    wound(b, "a", "a.3")
    ev = b.submit(C.Move("a", K.hx(0, 4), leave_wounded=True))
    rolls = K.rolls(ev)
    assert rolls[0][:2] == (6, 5)  # not encumbered: a D6
    assert rolls[1][:2] == (8, 3) and "must beat 4" in rolls[1][2]
    assert b.state.units["a"].figures[2].status == ABANDONED
    assert b.state.abandoned == {K.hx(0, 0): 1}
    assert b.state.units["a"].confidence == STEADY


def test_leaving_the_wounded_out_of_the_enemys_sight_needs_no_test():
    """Morale: Confidence Test (**). Wounded are abandoned only when the unit withdraws away from
    visible enemy units; with the enemy's sight blocked by woods there is no test."""
    b = K.battle([squad(n=4)], [K.unit("e", (10, 0), ["rifle*4"])], map=columns("....**"), dice=[4])
    wound(b, "a", "a.3")
    ev = b.submit(C.Move("a", K.hx(0, 4), leave_wounded=True))
    assert len(K.rolls(ev)) == 1
    assert b.state.units["a"].confidence == CONFIDENT


# ---------------------------------------------------------------------------------------------
# Confidence limits on moving
# ---------------------------------------------------------------------------------------------


def test_shaken_unit_moving_toward_the_enemy_passes_a_leadership_test():
    """Forces: Confidence. Shaken units may not move toward the enemy without passing a leadership
    test: the quality die (D8) must beat the leadership (2)."""
    b = K.battle([squad(confidence="shaken")], [K.unit("e", (12, 0), ["rifle*4"])], dice=[3, 4])
    ev = b.submit(C.Move("a", K.hx(6, 0)))
    assert [r[:2] for r in K.rolls(ev)] == [(8, 3), (6, 4)]
    assert "leadership test" in K.rolls(ev)[0][2]
    assert pos(b, "a") == K.hx(4, 0)


def test_shaken_unit_failing_the_test_does_not_move():
    """Forces: Confidence; Morale: Leadership Test. A roll not above the leadership fails: the
    move action is spent without moving."""
    b = K.battle([squad(confidence="shaken")], [K.unit("e", (12, 0), ["rifle*4"])], dice=[2])
    ev = b.submit(C.Move("a", K.hx(6, 0)))
    assert len(K.rolls(ev)) == 1 and not moved(ev)
    assert pos(b, "a") == K.hx(0, 0) and b.state.active.actions == 1


def test_shaken_unit_moving_away_in_the_open_needs_no_test():
    b = K.battle([squad(at=(6, 0), confidence="shaken")], [K.unit("e", (12, 0), ["rifle*4"])], dice=[3])
    ev = b.submit(C.Move("a", K.hx(0, 0)))
    assert len(K.rolls(ev)) == 1 and pos(b, "a") == K.hx(3, 0)


def test_shaken_unit_leaving_cover_takes_a_leadership_test():
    """Forces: Confidence. Shaken units may not leave cover without passing a leadership test."""
    b = K.battle([squad(at=(6, 0), confidence="shaken")], [K.unit("e", (14, 0), ["rifle*4"])],
                 map=one_wood(), dice=[5, 2])
    ev = b.submit(C.Move("a", K.hx(6, 1)))  # sideways (still 8 hexes from the enemy), out of the woods
    assert "leadership test" in K.rolls(ev)[0][2]
    assert pos(b, "a") == K.hx(6, 1)


def test_broken_unit_may_not_move_toward_the_enemy():
    """Forces: Confidence. Broken units must move away from the enemy."""
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])])
    with pytest.raises(IllegalOrder, match="only move away"):
        b.submit(C.Move("a", K.hx(8, 0)))


def test_broken_unit_may_move_away():
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])], dice=[4])
    b.submit(C.Move("a", K.hx(0, 0)))
    assert pos(b, "a") == K.hx(2, 0)


def test_broken_unit_leaves_cover_only_to_withdraw():
    """Forces: Confidence. Broken units may not leave cover except to withdraw from the enemy, and
    (the shaken rules being cumulative) leaving it takes a leadership test."""
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])],
                 map=one_wood(), dice=[6, 3])
    with pytest.raises(IllegalOrder, match="leave cover only to withdraw"):
        b.submit(C.Move("a", K.hx(6, 1)))  # sideways out of the woods: not away from the enemy
    ev = b.submit(C.Move("a", K.hx(2, 0)))
    assert "leadership test" in K.rolls(ev)[0][2] and pos(b, "a") == K.hx(3, 0)


def test_broken_unit_in_the_open_must_head_for_cover():
    """Forces: Confidence (broken): "must move away from the enemy towards cover as soon as possible".
    In the open and able to move, moving is all it may do, and only away from the enemy and nearer
    to cover (the woods at (2,0)); standing fast or propping is refused while such a move exists."""
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])],
                 map=one_wood(2), dice=[6])
    kinds = {type(c) for c in b.legal_commands() if getattr(c, "unit", None) == "a"}
    assert kinds == {C.Move}
    with pytest.raises(IllegalOrder, match="must move away from the enemy toward cover"):
        b.submit(C.Prop("a"))
    with pytest.raises(IllegalOrder, match="may not stand fast"):
        b.submit(C.Hold("a"))
    with pytest.raises(IllegalOrder, match="must head for cover"):
        b.submit(C.Move("a", K.hx(6, 3)))  # away from the enemy, but no nearer the woods
    b.submit(C.Move("a", K.hx(2, 0)))
    assert pos(b, "a") == K.hx(2, 0) and not b.state.units["a"].suppression


def test_broken_unit_in_cover_or_with_no_cover_to_reach_is_not_driven():
    """Forces: Confidence (broken). In cover the unit is not forced to move; on a map without cover
    there is nowhere to head for, so it may only move away (and may stand fast)."""
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])], map=one_wood(6))
    assert b.refusal(C.Prop("a")) is None
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])])
    assert b.refusal(C.Hold("a")) is None and b.refusal(C.Move("a", K.hx(6, 3))) is None


def test_a_suppressed_broken_unit_in_the_open_may_recover_first():
    """Forces: Confidence (broken); Recover Suppression. Pinned, it cannot move yet: it may try to
    remove its markers."""
    b = K.battle([squad(at=(6, 0), confidence="broken")], [K.unit("e", (14, 0), ["rifle*4"])], map=one_wood(2))
    setu(b, "a", "suppression", 1)
    assert b.refusal(C.Recover("a")) is None


def scrub_at(col: int, row: int = 0) -> str:
    rows = ["." * 16 for _ in range(10)]
    rows[row] = rows[row][:col] + "," + rows[row][col + 1:]
    return "\n".join(rows)


def test_hidden_enemies_do_not_show_in_the_moves_offered_but_are_run_into():
    """Detect Action: Hidden Units. A hidden unit is only a marker to the other side, so the moves
    offered do not avoid it (that would give it away); a unit that walks into it stops where it may
    (not next to an enemy) and the hidden unit is revealed, its marker gone."""
    hidden = K.unit("h", (8, 0), ["rifle*4"], hidden=True)
    b = K.battle([squad(at=(2, 0))], [hidden, FAR], map=scrub_at(8), dice=[6])
    offered = {c.to for c in b.legal_commands() if isinstance(c, C.Move) and c.unit == "a"}
    assert K.hx(7, 0) in offered, "the hex next to the hidden unit is offered like any other"
    assert b.state.markers and b.state.units["h"].hidden
    ev = b.submit(C.Move("a", K.hx(7, 0)))
    assert pos(b, "a") == K.hx(6, 0), "stopped short: not next to the enemy it ran into"
    assert not b.state.units["h"].hidden and not b.state.markers
    assert any(type(e).__name__ == "MarkerRemoved" and "ran into it" in e.reason for e in ev)


def test_a_route_through_a_hidden_unit_stops_before_it():
    """Detect Action: Hidden Units. The planned route crosses the hidden unit's hex: the mover cannot
    enter it, stops where it may, and the unit it met is revealed."""
    hidden = K.unit("h", (5, 0), ["rifle*4"], hidden=True)
    b = K.battle([squad(at=(2, 0))], [hidden, FAR], map=scrub_at(5), dice=[6])
    b.submit(C.Move("a", K.hx(8, 0)))
    assert pos(b, "a") == K.hx(3, 0) and not b.state.units["h"].hidden


def test_a_move_clear_of_hidden_units_reveals_nothing():
    hidden = K.unit("h", (8, 4), ["rifle*4"], hidden=True)
    b = K.battle([squad(at=(2, 0))], [hidden, FAR], map=scrub_at(8, 4), dice=[3])
    b.submit(C.Move("a", K.hx(5, 0)))
    assert pos(b, "a") == K.hx(5, 0) and b.state.units["h"].hidden


def test_routed_units_must_withdraw():
    """Forces: Confidence (routed). Routed units must use each action to withdraw, toward their own
    table edge (red's is the top row); on the edge they leave the table."""
    b = K.battle([squad(at=(5, 6))], [FAR], dice=[3])
    setu(b, "a", "confidence", ROUTED)
    with pytest.raises(IllegalOrder, match="routed"):
        b.submit(C.Move("a", K.hx(5, 0)))
    b.submit(C.Withdraw("a"))
    assert rules.on_own_edge(b.state, b.state.units["a"]) is False
    assert K.hx(5, 6).distance(pos(b, "a")) == 3 and pos(b, "a").r == 3


def test_a_routed_unit_on_its_own_edge_leaves_the_table():
    b = K.battle([squad(at=(5, 0)), squad("b", (9, 0))], [FAR])
    setu(b, "a", "confidence", ROUTED)
    ev = b.submit(C.Withdraw("a"))
    assert b.state.units["a"].off_table and K.rolls(ev) == []


def test_a_hidden_unit_that_moves_is_revealed():
    """Detect Action: Hidden Units. Hidden units become detected as soon as they move."""
    b = K.battle([squad(at=(2, 0), hidden=True)], [FAR], map=columns("..*"), dice=[2])
    assert b.state.units["a"].hidden and len(b.state.markers) == 1
    ev = b.submit(C.Move("a", K.hx(4, 0)))
    assert not b.state.units["a"].hidden and not b.state.markers
    assert any(isinstance(e, E.MarkerRemoved) for e in ev)


def test_suppressed_units_may_not_move():
    """Unit Actions: a suppressed unit may not move until it removes all its suppression markers."""
    b = K.battle([squad()], [FAR])
    setu(b, "a", "suppression", 1)
    with pytest.raises(IllegalOrder, match="suppressed"):
        b.submit(C.Move("a", K.hx(3, 0)))
    assert not any(isinstance(c, C.Move) for c in b.legal_commands())


# ---------------------------------------------------------------------------------------------
# Prop Action
# ---------------------------------------------------------------------------------------------


def test_prop_takes_an_action_and_stays_until_unprop():
    """Prop Action: a unit spends one action to prop, even in the open; it stays propped until
    another action unprops it."""
    b = K.battle([squad()], [FAR])
    ev = b.submit(C.Prop("a"))
    assert b.state.units["a"].propped and [e.action for e in ev if isinstance(e, E.ActionTaken)] == ["prop"]
    with pytest.raises(IllegalOrder, match="already propped"):
        b.submit(C.Prop("a"))
    b.submit(C.Unprop("a"))
    assert not b.state.units["a"].propped


def test_propped_units_may_not_move():
    """Prop Action: while propped a unit may not move."""
    b = K.battle([squad()], [FAR])
    b.submit(C.Prop("a"))
    with pytest.raises(IllegalOrder, match="unprop first"):
        b.submit(C.Move("a", K.hx(3, 0)))


def test_suppressed_units_may_prop_but_not_unprop():
    """Recover Suppression Action: suppressed units can prop, but cannot unprop until they are no
    longer suppressed."""
    b = K.battle([squad()], [FAR])
    setu(b, "a", "suppression", 1)
    b.submit(C.Prop("a"))
    with pytest.raises(IllegalOrder, match="cannot unprop"):
        b.submit(C.Unprop("a"))


def test_unprop_refused_when_not_propped():
    b = K.battle([squad()], [FAR])
    with pytest.raises(IllegalOrder, match="not propped"):
        b.submit(C.Unprop("a"))


# ---------------------------------------------------------------------------------------------
# Recover Suppression Action
# ---------------------------------------------------------------------------------------------


def test_recover_removes_one_marker_when_quality_beats_leadership():
    """Recover Suppression Action: roll the quality die; if it exceeds the leadership, remove one
    suppression marker. Each marker takes its own action."""
    b = K.battle([squad()], [FAR], dice=[3, 5])
    setu(b, "a", "suppression", 3)
    ev = b.submit(C.Recover("a"))
    (sides, result, purpose), = K.rolls(ev)
    assert (sides, result) == (8, 3) and "must beat leadership 2" in purpose
    assert b.state.units["a"].suppression == 2
    b.submit(C.Recover("a"))
    assert b.state.units["a"].suppression == 1 and b.state.active is None


def test_recover_fails_on_a_roll_equal_to_leadership():
    """Recover Suppression Action: the score must be higher than the leadership."""
    b = K.battle([squad()], [FAR], dice=[2])
    setu(b, "a", "suppression", 1)
    b.submit(C.Recover("a"))
    assert b.state.units["a"].suppression == 1


def test_recover_needs_a_marker():
    b = K.battle([squad()], [FAR])
    with pytest.raises(IllegalOrder, match="no suppression markers"):
        b.submit(C.Recover("a"))


def test_at_most_three_suppression_markers():
    """Recover Suppression Action: Multiple Suppressions. Up to three markers; more have no effect."""
    b = K.battle([squad()], [FAR])
    c = K.ctx(b)
    added = [checks.suppress(c, b.state.units["a"], "test") for _ in range(4)]
    assert added == [True, True, True, False] and b.state.units["a"].suppression == 3


def test_routed_troops_ignore_suppression():
    """Forces: Confidence (routed). Routed units ignore all suppression markers: they are removed
    on routing, and no more are placed."""
    b = K.battle([squad()], [FAR])
    c = K.ctx(b)
    u = b.state.units["a"]
    checks.suppress(c, u, "test")
    checks.drop_confidence(c, u, 4, "test", "test")
    assert u.confidence == ROUTED and u.suppression == 0
    assert checks.suppress(c, u, "test") is False and u.suppression == 0
