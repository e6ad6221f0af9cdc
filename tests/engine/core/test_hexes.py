"""Tests for engine.core.hexes (hex geometry, arcs, LOS and movement)."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexfront.engine.core.hexes import (
    DIRECTION_NAMES,
    DIRECTIONS,
    FRONT,
    LOS_BLOCK,
    LOS_CLEAR,
    LOS_OBSCURE,
    REAR,
    SIDE,
    Hex,
    Sight,
    arc_of,
    axial_to_offset,
    hex_distance,
    hexes_within,
    in_field_of_view,
    line,
    line_of_sight,
    line_pair,
    offset_to_axial,
    path_cost,
    reachable,
    relative_bearing,
    ring,
    shortest_path,
    spiral,
    to_pixel,
)

ORIGIN = Hex(0, 0)


def open_ground(_frm: Hex, _to: Hex) -> int:
    return 1


def rotate(h: Hex, steps: int) -> Hex:
    """Rotate an axial vector by ``steps`` direction indices (60 degrees each)."""
    q, r = h.q, h.r
    for _ in range(steps % 6):
        q, r = q + r, -q
    return Hex(q, r)


def board_cost(cells: dict[Hex, int | None]):
    """step_cost for a finite board: cost of entering ``to``; None if off-board."""

    def cost(_frm: Hex, to: Hex) -> int | None:
        return cells.get(to)

    return cost


def reference_costs(cells: dict[Hex, int | None], start: Hex) -> dict[Hex, int]:
    """Independent Bellman-Ford style relaxation (no heap, no A*)."""
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for h, c in list(best.items()):
            for d in DIRECTIONS:
                n = h + d
                step = cells.get(n)
                if step is None:
                    continue
                if c + step < best.get(n, math.inf):
                    best[n] = c + step
                    changed = True
    return best


# ---------------------------------------------------------------------------
# Basic geometry
# ---------------------------------------------------------------------------


def test_hex_value_semantics():
    assert Hex(1, 2) == Hex(1, 2)
    assert Hex(1, 2) != Hex(2, 1)
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2
    assert {Hex(3, -1): "x"}[Hex(3, -1)] == "x"
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert Hex(2, -5).s == 3
    assert Hex(1, 2) + Hex(3, -4) == Hex(4, -2)
    assert Hex(1, 2) - Hex(3, -4) == Hex(-2, 6)
    with pytest.raises(AttributeError):
        Hex(1, 2).q = 5  # type: ignore[misc]


def test_directions_convention():
    assert DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    # Pixel space: E points right, NE is up-right (y grows downwards), etc.
    for i, d in enumerate(DIRECTIONS):
        x, y = to_pixel(d)
        angle = math.degrees(math.atan2(-y, x)) % 360
        assert angle == pytest.approx(60 * i)
        assert math.hypot(x, y) == pytest.approx(math.sqrt(3))


def test_neighbours_known():
    h = Hex(2, -1)
    assert h.neighbours() == [Hex(3, -1), Hex(3, -2), Hex(2, -2), Hex(1, -1), Hex(1, 0), Hex(2, 0)]
    assert h.neighbour(0) == Hex(3, -1)
    assert h.neighbour(4) == Hex(1, 0)
    assert h.neighbour(6) == h.neighbour(0)
    assert all(hex_distance(h, n) == 1 for n in h.neighbours())


def test_distance_known():
    assert hex_distance(ORIGIN, ORIGIN) == 0
    assert hex_distance(ORIGIN, Hex(3, 0)) == 3
    assert hex_distance(ORIGIN, Hex(3, -3)) == 3
    assert hex_distance(ORIGIN, Hex(2, 2)) == 4
    assert hex_distance(Hex(-2, 1), Hex(3, -4)) == 5
    assert Hex(1, 1).distance(Hex(-1, -1)) == 4
    assert Hex(4, -1).distance(Hex(1, 5)) == hex_distance(Hex(4, -1), Hex(1, 5)) == 6


def test_direction_to():
    c = Hex(2, 3)
    for i, d in enumerate(DIRECTIONS):
        assert c.direction_to(c + d) == i
        assert c.direction_to(Hex(c.q + 4 * d.q, c.r + 4 * d.r)) == i
    assert c.direction_to(c) is None
    assert c.direction_to(c + Hex(2, -1)) is None
    assert c.direction_to(c + Hex(1, 1)) is None
    assert ORIGIN.direction_to(Hex(-3, 0)) == 3


def test_ring():
    assert ring(ORIGIN, 0) == [ORIGIN]
    assert ring(ORIGIN, -1) == []
    assert ring(ORIGIN, 1) == ORIGIN.neighbours()
    c = Hex(-3, 7)
    for radius in range(1, 7):
        hs = ring(c, radius)
        assert len(hs) == 6 * radius
        assert len(set(hs)) == len(hs)
        assert all(hex_distance(c, h) == radius for h in hs)
        # Starts due East and walks around: consecutive hexes are adjacent.
        assert hs[0] == Hex(c.q + radius, c.r)
        for a, b in zip(hs, hs[1:] + hs[:1], strict=True):
            assert hex_distance(a, b) == 1
    # Membership: exactly the hexes at that distance in a bounding area.
    expected = {h for h in hexes_within(c, 5) if hex_distance(c, h) == 3}
    assert set(ring(c, 3)) == expected


def test_hexes_within_and_spiral():
    c = Hex(5, -2)
    for radius in range(0, 7):
        hs = hexes_within(c, radius)
        assert len(hs) == 1 + 3 * radius * (radius + 1)
        assert len(set(hs)) == len(hs)
        assert all(hex_distance(c, h) <= radius for h in hs)
        assert hs == sorted(hs, key=lambda h: (hex_distance(c, h), h.q, h.r))
        sp = spiral(c, radius)
        assert set(sp) == set(hs) and len(sp) == len(hs)
        assert [hex_distance(c, h) for h in sp] == sorted(hex_distance(c, h) for h in sp)
    assert hexes_within(c, 0) == [c]
    assert hexes_within(c, -1) == []


def test_offset_known_values():
    # odd-r: q = col - (row - (row & 1)) // 2
    assert offset_to_axial(0, 0) == Hex(0, 0)
    assert offset_to_axial(0, 1) == Hex(0, 1)
    assert offset_to_axial(1, 1) == Hex(1, 1)
    assert offset_to_axial(0, 2) == Hex(-1, 2)
    assert offset_to_axial(3, 5) == Hex(1, 5)
    assert offset_to_axial(5, 4) == Hex(3, 4)
    assert axial_to_offset(Hex(-1, 2)) == (0, 2)
    assert axial_to_offset(Hex(1, 5)) == (3, 5)
    # Odd rows are shoved right: (0,1) is SE of (0,0)...
    assert offset_to_axial(0, 0).direction_to(offset_to_axial(0, 1)) == 5
    # ...and (0,2) is SW of (0,1).
    assert offset_to_axial(0, 1).direction_to(offset_to_axial(0, 2)) == 4


def test_offset_round_trip_board():
    seen = set()
    for row in range(24):
        for col in range(24):
            h = offset_to_axial(col, row)
            assert axial_to_offset(h) == (col, row)
            seen.add(h)
    assert len(seen) == 24 * 24
    # Negative coordinates round-trip too.
    for row in range(-5, 5):
        for col in range(-5, 5):
            assert axial_to_offset(offset_to_axial(col, row)) == (col, row)


# ---------------------------------------------------------------------------
# Lines
# ---------------------------------------------------------------------------


def check_line(a: Hex, b: Hex, hs: list[Hex]) -> None:
    assert hs[0] == a and hs[-1] == b
    assert len(hs) == hex_distance(a, b) + 1
    for x, y in pairwise(hs):
        assert hex_distance(x, y) == 1


def test_line_basic():
    assert line(ORIGIN, ORIGIN) == [ORIGIN]
    assert line(ORIGIN, Hex(1, 0)) == [ORIGIN, Hex(1, 0)]
    assert line(ORIGIN, Hex(0, 4)) == [ORIGIN, Hex(0, 1), Hex(0, 2), Hex(0, 3), Hex(0, 4)]
    a, b = Hex(-2, 3), Hex(5, -1)
    check_line(a, b, line(a, b))


def test_line_pair_along_edge_differs():
    # (0,0) -> (2,-1) passes exactly between (1,0) and (1,-1).
    plus, minus = line_pair(ORIGIN, Hex(2, -1))
    assert {plus[1], minus[1]} == {Hex(1, 0), Hex(1, -1)}
    assert plus != minus
    assert line(ORIGIN, Hex(2, -1)) == plus
    check_line(ORIGIN, Hex(2, -1), plus)
    check_line(ORIGIN, Hex(2, -1), minus)
    # Longer edge-running line: every other hex is ambiguous.
    plus, minus = line_pair(ORIGIN, Hex(4, -2))
    assert plus != minus
    assert plus[2] == minus[2] == Hex(2, -1)


def test_line_pair_identical_when_not_along_edge():
    for b in (Hex(5, 0), Hex(3, -1), Hex(-3, 1), Hex(2, 3), Hex(-7, 2)):
        plus, minus = line_pair(ORIGIN, b)
        assert plus == minus
        check_line(ORIGIN, b, plus)


def test_line_pair_differs_when_sample_hits_edge_midpoint():
    # The midpoint of (0,0)->(-4,1) is the midpoint of the edge between
    # (-2,0) and (-2,1): both are equally valid, so the pair differs there.
    plus, minus = line_pair(ORIGIN, Hex(-4, 1))
    assert [i for i, (p, m) in enumerate(zip(plus, minus, strict=True)) if p != m] == [2]
    assert {plus[2], minus[2]} == {Hex(-2, 0), Hex(-2, 1)}


def test_lines_share_their_hexes_rather_than_making_new_ones():
    """The systems keep sight lines by the hundred thousand, shared by every battle on a map: a hex a line passes
    through is one object per coordinate, so two lines crossing the same hexes hold the same objects (a Dustup
    process held about two thirds fewer objects after a dozen battles once they did, and collected its garbage
    in about a third of the time)."""
    first, second = line(ORIGIN, Hex(6, -2)), line(Hex(6, -2), ORIGIN)
    assert first == list(reversed(second))
    middles = list(zip(first[1:-1], reversed(second[1:-1]), strict=True))
    assert middles and all(a is b for a, b in middles)


# ---------------------------------------------------------------------------
# Facing and arcs
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("facing", range(6))
def test_arcs_all_facings(facing: int):
    origin = Hex(3, -2)
    cases = [
        (Hex(3, 0), 0.0, FRONT),  # straight ahead
        (Hex(2, -1), 30.0, FRONT),
        (Hex(1, -1), 60.0, FRONT),  # NE neighbour: boundary -> front
        (Hex(0, 1), 60.0, FRONT),  # SE neighbour: boundary -> front
        (Hex(1, -2), 90.0, SIDE),  # two rows up
        (Hex(-1, 2), 90.0, SIDE),  # two rows down
        (Hex(0, -1), 120.0, SIDE),  # NW neighbour: boundary -> the more forward arc
        (Hex(-1, 1), 120.0, SIDE),  # SW neighbour: boundary -> the more forward arc
        (Hex(-1, -1), 150.0, REAR),
        (Hex(-3, 0), 180.0, REAR),  # straight behind
    ]
    for vec, bearing, arc in cases:
        target = origin + rotate(vec, facing)
        assert relative_bearing(origin, facing, target) == pytest.approx(bearing, abs=1e-9)
        assert arc_of(origin, facing, target) == arc, (vec, facing)
    assert arc_of(origin, facing, origin) == FRONT
    assert relative_bearing(origin, facing, origin) == 0.0


def test_adjacent_arcs_split_three_and_three():
    arcs = [arc_of(ORIGIN, 0, n) for n in ORIGIN.neighbours()]
    assert arcs == [FRONT, FRONT, SIDE, REAR, SIDE, FRONT]


def test_in_field_of_view():
    assert in_field_of_view(ORIGIN, 0, Hex(4, 0), 0.0)
    assert in_field_of_view(ORIGIN, 0, Hex(1, -1), 60.0)  # exact boundary is inside
    assert not in_field_of_view(ORIGIN, 0, Hex(1, -1), 59.0)
    assert in_field_of_view(ORIGIN, 0, Hex(1, -2), 90.0)
    assert not in_field_of_view(ORIGIN, 0, Hex(-1, -1), 120.0)
    assert in_field_of_view(ORIGIN, 3, Hex(-1, -1), 30.0)
    assert in_field_of_view(ORIGIN, 0, ORIGIN, 0.0)


# ---------------------------------------------------------------------------
# Line of sight
# ---------------------------------------------------------------------------


def los_map(block=(), obscure=()):
    block = set(block)
    obscure = set(obscure)

    def los_of(h: Hex) -> int:
        if h in block:
            return LOS_BLOCK
        if h in obscure:
            return LOS_OBSCURE
        return LOS_CLEAR

    return los_of


def test_los_clear():
    s = line_of_sight(ORIGIN, Hex(5, 0), los_map())
    assert s == Sight(True, (), tuple(line(ORIGIN, Hex(5, 0))))
    assert s.blocked_by is None


def test_los_blocking_intermediate_blocks():
    s = line_of_sight(ORIGIN, Hex(5, 0), los_map(block=[Hex(3, 0)]))
    assert not s.visible
    assert s.blocked_by == Hex(3, 0)
    # A block just off the line does nothing.
    assert line_of_sight(ORIGIN, Hex(5, 0), los_map(block=[Hex(3, -1), Hex(2, 1)])).visible


def test_los_endpoints_never_block():
    los_of = los_map(block=[ORIGIN, Hex(4, 0)], obscure=[ORIGIN, Hex(4, 0)])
    s = line_of_sight(ORIGIN, Hex(4, 0), los_of)
    assert s.visible
    assert s.obscured_by == ()


def test_los_adjacent_and_same_hex_always_visible():
    los_of = los_map(block=[ORIGIN, Hex(1, 0)])
    assert line_of_sight(ORIGIN, Hex(1, 0), los_of) == Sight(True, (), (ORIGIN, Hex(1, 0)))
    assert line_of_sight(ORIGIN, ORIGIN, los_of) == Sight(True, (), (ORIGIN,))


def test_los_obscuring_listed_in_order():
    los_of = los_map(obscure=[Hex(1, 0), Hex(3, 0), Hex(4, -1)])
    s = line_of_sight(ORIGIN, Hex(5, 0), los_of)
    assert s.visible
    assert s.obscured_by == (Hex(1, 0), Hex(3, 0))


def test_los_hex_edge_rule():
    a, b = ORIGIN, Hex(2, -1)
    plus, minus = line_pair(a, b)
    p_mid, m_mid = plus[1], minus[1]
    # Blocked on one side only: visible via the other side.
    s = line_of_sight(a, b, los_map(block=[p_mid]))
    assert s.visible and s.path == tuple(minus) and s.obscured_by == ()
    s = line_of_sight(a, b, los_map(block=[m_mid]))
    assert s.visible and s.path == tuple(plus)
    # Blocked on both sides: blocked.
    s = line_of_sight(a, b, los_map(block=[p_mid, m_mid]))
    assert not s.visible
    assert s.blocked_by == p_mid
    # Block on one side, obscure on the other: visible but obscured.
    s = line_of_sight(a, b, los_map(block=[p_mid], obscure=[m_mid]))
    assert s.visible and s.obscured_by == (m_mid,)
    # Obscured on one side only: the clear side is used.
    s = line_of_sight(a, b, los_map(obscure=[p_mid]))
    assert s.visible and s.obscured_by == () and s.path == tuple(minus)
    # Obscured on both sides: tie goes to the + line.
    s = line_of_sight(a, b, los_map(obscure=[p_mid, m_mid]))
    assert s.visible and s.obscured_by == (p_mid,) and s.path == tuple(plus)


# ---------------------------------------------------------------------------
# Movement
# ---------------------------------------------------------------------------


def test_reachable_open_ground():
    start = Hex(2, 3)
    for budget in range(0, 5):
        res = reachable(start, budget, open_ground)
        assert set(res) == set(hexes_within(start, budget))
        assert all(c == hex_distance(start, h) for h, c in res.items())
    assert reachable(start, 0, open_ground) == {start: 0}
    assert reachable(start, -1, open_ground) == {}


def test_reachable_wall_splits():
    # An endless wall along q == 2.
    def cost(_frm: Hex, to: Hex) -> int | None:
        return None if to.q == 2 else 1

    res = reachable(ORIGIN, 5, cost)
    assert res
    assert all(h.q < 2 for h in res)
    assert set(res) == {h for h in hexes_within(ORIGIN, 5) if h.q < 2}


def test_reachable_costs_two_halve_range():
    res = reachable(ORIGIN, 6, lambda _f, _t: 2)
    assert set(res) == set(hexes_within(ORIGIN, 3))
    assert all(c == 2 * hex_distance(ORIGIN, h) for h, c in res.items())
    res = reachable(ORIGIN, 7, lambda _f, _t: 2)
    assert set(res) == set(hexes_within(ORIGIN, 3))


def test_reachable_prefers_cheaper_detour():
    # Hex (1,0) is difficult (cost 5); (2,0) is cheaper via (1,-1).
    cells = {h: 1 for h in hexes_within(ORIGIN, 3)}
    cells[Hex(1, 0)] = 5
    res = reachable(ORIGIN, 10, board_cost(cells))
    assert res[Hex(1, 0)] == 5  # entering it costs 5 from any side
    assert res[Hex(2, 0)] == 3  # ORIGIN -> (1,-1) -> (2,-1) -> (2,0), not 5 + 1 through (1,0)
    assert res[Hex(3, 0)] == 4  # any 3-step route goes through (1,0): 5+1+1


def test_reachable_passable_end():
    # A one-hex-wide corridor along r == 0 with a friend at (1, 0).
    cells = {Hex(q, 0): 1 for q in range(6)}
    friend = Hex(1, 0)
    res = reachable(ORIGIN, 3, board_cost(cells), passable_end=lambda h: h != friend)
    assert res == {ORIGIN: 0, Hex(2, 0): 2, Hex(3, 0): 3}


def test_reachable_negative_cost_rejected():
    with pytest.raises(ValueError):
        reachable(ORIGIN, 3, lambda _f, _t: -1)


def test_shortest_path_around_obstacle():
    wall = {Hex(2, -1), Hex(2, 0), Hex(2, 1)}

    def cost(_frm: Hex, to: Hex) -> int | None:
        return None if to in wall else 1

    p = shortest_path(ORIGIN, Hex(4, 0), cost)
    assert p is not None
    assert p[0] == ORIGIN and p[-1] == Hex(4, 0)
    assert not wall & set(p)
    assert path_cost(p, cost) == 6
    # Lowest direction index first: E, SE, SE, E, NE, NE.
    assert p == [ORIGIN, Hex(1, 0), Hex(1, 1), Hex(1, 2), Hex(2, 2), Hex(3, 1), Hex(4, 0)]
    assert shortest_path(ORIGIN, Hex(4, 0), cost, budget=6) == p
    assert shortest_path(ORIGIN, Hex(4, 0), cost, budget=5) is None


def test_shortest_path_tie_breaking():
    assert shortest_path(ORIGIN, Hex(2, -1), open_ground) == [ORIGIN, Hex(1, 0), Hex(2, -1)]
    assert shortest_path(ORIGIN, Hex(1, 1), open_ground) == [ORIGIN, Hex(1, 0), Hex(1, 1)]
    assert shortest_path(ORIGIN, Hex(-1, -1), open_ground) == [ORIGIN, Hex(0, -1), Hex(-1, -1)]
    assert shortest_path(ORIGIN, Hex(0, 3), open_ground) == [ORIGIN, Hex(0, 1), Hex(0, 2), Hex(0, 3)]
    assert shortest_path(ORIGIN, ORIGIN, open_ground) == [ORIGIN]


def test_shortest_path_weighted():
    # Straight through costs 4+4+1 = 9; around via (1,-1),(2,-1),(3,-1) costs 4.
    cells = {h: 1 for h in hexes_within(ORIGIN, 4)}
    cells[Hex(1, 0)] = 4
    cells[Hex(2, 0)] = 4
    p = shortest_path(ORIGIN, Hex(3, 0), board_cost(cells))
    assert p is not None
    assert path_cost(p, board_cost(cells)) == 4
    assert Hex(1, 0) not in p and Hex(2, 0) not in p
    assert reachable(ORIGIN, 10, board_cost(cells))[Hex(3, 0)] == 4


def test_shortest_path_enclosed():
    goal = Hex(3, 0)
    # A finite board (off-board is None) with a ring of impassable hexes.
    cells = {h: 1 for h in hexes_within(ORIGIN, 6)}
    for h in ring(goal, 1):
        cells[h] = None
    cost = board_cost(cells)

    assert shortest_path(ORIGIN, goal, cost) is None
    assert shortest_path(goal, ORIGIN, cost) is None  # start enclosed too
    # Off-board goal.
    cells = {h: 1 for h in hexes_within(ORIGIN, 2)}
    assert shortest_path(ORIGIN, Hex(5, 0), board_cost(cells)) is None


def test_shortest_path_rejects_costs_below_its_stated_minimum():
    with pytest.raises(ValueError):
        shortest_path(ORIGIN, Hex(3, 0), lambda _f, _t: 1, budget=10, min_cost=2)


def test_shortest_path_a_star_agrees_with_plain_search():
    cells = {h: (3 if (h.q + h.r) % 3 else 5) for h in hexes_within(ORIGIN, 6)}
    step = board_cost(cells)
    for goal in hexes_within(ORIGIN, 4):
        plain = shortest_path(ORIGIN, goal, step)
        aimed = shortest_path(ORIGIN, goal, step, min_cost=3)
        assert path_cost(plain, step) == path_cost(aimed, step)


def test_path_cost():
    cells = {h: 2 for h in hexes_within(ORIGIN, 3)}
    cells[Hex(1, 0)] = None
    cost = board_cost(cells)
    assert path_cost([ORIGIN], cost) == 0
    assert path_cost([], cost) is None
    assert path_cost([ORIGIN, Hex(0, 1), Hex(1, 1)], cost) == 4
    assert path_cost([ORIGIN, Hex(1, 0)], cost) is None  # impassable
    assert path_cost([ORIGIN, Hex(2, 0)], cost) is None  # not adjacent
    assert path_cost([ORIGIN, ORIGIN], cost) is None  # not a step
    assert path_cost([ORIGIN, Hex(0, 1), Hex(0, 3)], cost) is None


# ---------------------------------------------------------------------------
# Property tests
# ---------------------------------------------------------------------------

coords = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes, hexes)
def test_distance_metric(a: Hex, b: Hex, c: Hex):
    assert hex_distance(a, b) == hex_distance(b, a) >= 0
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)
    assert a.distance(b) == hex_distance(a, b)


@given(hexes, hexes)
def test_line_properties(a: Hex, b: Hex):
    plus, minus = line_pair(a, b)
    check_line(a, b, plus)
    check_line(a, b, minus)
    assert line(a, b) == plus
    # The nudge shifts the whole segment, so lines are direction-independent.
    back_plus, back_minus = line_pair(b, a)
    assert back_plus[::-1] == plus
    assert back_minus[::-1] == minus
    # Along a pure direction the line is unambiguous.
    d = a.direction_to(b)
    if d is not None:
        assert plus == minus
        assert all(a.direction_to(h) == d for h in plus[1:])


@given(hexes, hexes, st.sets(hexes.map(lambda h: Hex(h.q % 9, h.r % 9)), max_size=20))
def test_los_symmetric(a: Hex, b: Hex, blocks: set[Hex]):
    a = Hex(a.q % 9, a.r % 9)
    b = Hex(b.q % 9, b.r % 9)
    los_of = los_map(block=blocks)
    ab = line_of_sight(a, b, los_of)
    ba = line_of_sight(b, a, los_of)
    assert ab.visible == ba.visible
    if ab.visible:
        assert not any(h in blocks for h in ab.path[1:-1])


board_hexes = [offset_to_axial(c, r) for r in range(5) for c in range(5)]
cell_costs = st.lists(
    st.one_of(st.none(), st.integers(min_value=1, max_value=3)),
    min_size=len(board_hexes),
    max_size=len(board_hexes),
)


@settings(max_examples=60, deadline=None)
@given(cell_costs, st.sampled_from(board_hexes), st.integers(min_value=0, max_value=10))
def test_movement_consistency(costs: list[int | None], start: Hex, budget: int):
    cells = dict(zip(board_hexes, costs, strict=True))
    step = board_cost(cells)
    ref = reference_costs(cells, start)
    res = reachable(start, budget, step)
    assert res == {h: c for h, c in ref.items() if c <= budget}
    for goal in board_hexes:
        p = shortest_path(start, goal, step)
        if goal not in ref:
            assert p is None
            continue
        assert p is not None and p[0] == start and p[-1] == goal
        assert path_cost(p, step) == ref[goal]
        if goal in res:
            assert res[goal] == path_cost(p, step)
        assert (shortest_path(start, goal, step, budget=budget) is not None) == (ref[goal] <= budget)


@settings(max_examples=40, deadline=None)
@given(cell_costs, st.sampled_from(board_hexes), st.sampled_from(board_hexes))
def test_shortest_path_is_optimal_and_deterministic(costs: list[int | None], start: Hex, goal: Hex):
    cells = dict(zip(board_hexes, costs, strict=True))
    step = board_cost(cells)
    p = shortest_path(start, goal, step)
    ref = reachable(start, 10_000, step)
    if p is None:
        assert goal not in ref
        return
    assert p[0] == start and p[-1] == goal
    assert path_cost(p, step) == ref[goal]  # as cheap as any way there
    assert shortest_path(start, goal, step) == p  # and the same path every time
