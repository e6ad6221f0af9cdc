"""Hex-grid geometry and terrain-aware queries for hexfront.

Conventions (other modules rely on these):

* Pointy-top hexes in axial coordinates ``(q, r)``; the implied cube
  coordinate is ``s = -q - r``.
* ``r`` grows downwards on screen, so "north" is up and NE is up-right.
* Rectangular boards use the "odd-r" offset layout: ``(col, row)`` where odd
  rows are shoved right by half a hex.
* Six directions, counter-clockwise starting East::

      0=E (+1, 0)  1=NE (+1,-1)  2=NW (0,-1)
      3=W (-1, 0)  4=SW (-1,+1)  5=SE (0,+1)

Everything that depends on terrain takes plain callables, so this module knows
nothing about any particular game system.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable

import attrs

__all__ = [
    "Hex",
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "hex_distance",
    "ring",
    "spiral",
    "hexes_within",
    "line",
    "line_pair",
    "offset_to_axial",
    "axial_to_offset",
    "hex_label",
    "hex_count",
    "to_pixel",
    "FRONT",
    "SIDE",
    "REAR",
    "relative_bearing",
    "arc_of",
    "in_field_of_view",
    "LOS_CLEAR",
    "LOS_OBSCURE",
    "LOS_BLOCK",
    "Sight",
    "line_of_sight",
    "reachable",
    "shortest_path",
    "path_cost",
]

StepCost = Callable[["Hex", "Hex"], "int | None"]

# Axial offsets of the six directions, in direction-index order.
_DIR_DELTAS: tuple[tuple[int, int], ...] = (
    (1, 0),  # 0 E
    (1, -1),  # 1 NE
    (0, -1),  # 2 NW
    (-1, 0),  # 3 W
    (-1, 1),  # 4 SW
    (0, 1),  # 5 SE
)

DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


@attrs.frozen(order=True, slots=True)
class Hex:
    """An immutable axial hex coordinate. Hashable and ordered by ``(q, r)``."""

    q: int
    r: int

    # attrs keeps the generated __eq__/ordering; this hash is consistent with
    # them (equal q and r -> equal hash) and avoids building a tuple per call,
    # which matters because hexes are used as dict keys in every search.
    def __hash__(self) -> int:
        return self.q * 1_000_003 + self.r

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        if other.__class__ is not Hex:
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        if other.__class__ is not Hex:
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5; taken modulo 6)."""
        dq, dr = _DIR_DELTAS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        """The six adjacent hexes, in direction order 0..5."""
        return list(_neighbours(self))

    def distance(self, other: Hex) -> int:
        """Number of hex steps between ``self`` and ``other``."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1

    def direction_to(self, other: Hex) -> int | None:
        """Direction index if ``other`` lies exactly along one of the six
        directions from ``self`` (any positive number of steps), else ``None``.
        ``None`` also when ``other == self``."""
        dq = other.q - self.q
        dr = other.r - self.r
        if dr == 0:
            if dq > 0:
                return 0
            if dq < 0:
                return 3
            return None
        if dq == 0:
            return 2 if dr < 0 else 5
        if dq == -dr:
            return 1 if dq > 0 else 4
        return None


DIRECTIONS: tuple[Hex, ...] = tuple(Hex(dq, dr) for dq, dr in _DIR_DELTAS)

# Neighbour tuples are requested over and over by the searches (the AI runs
# them in tight loops), so they are memoised. Only hexes that a search actually
# expands end up here; the cache is dropped wholesale if it ever grows large.
_NEIGHBOUR_CACHE: dict[Hex, tuple[Hex, ...]] = {}
_NEIGHBOUR_CACHE_LIMIT = 200_000


def _neighbours(h: Hex) -> tuple[Hex, ...]:
    cached = _NEIGHBOUR_CACHE.get(h)
    if cached is None:
        q = h.q
        r = h.r
        cached = tuple(Hex(q + dq, r + dr) for dq, dr in _DIR_DELTAS)
        if len(_NEIGHBOUR_CACHE) >= _NEIGHBOUR_CACHE_LIMIT:
            _NEIGHBOUR_CACHE.clear()
        _NEIGHBOUR_CACHE[h] = cached
    return cached


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b``."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


# ---------------------------------------------------------------------------
# Areas
# ---------------------------------------------------------------------------


def ring(center: Hex, radius: int) -> list[Hex]:
    """All hexes at exactly ``radius`` steps from ``center``.

    Order: starts at the hex ``radius`` steps due East and walks the ring
    counter-clockwise (towards NE first). ``radius == 0`` gives ``[center]``;
    a negative radius gives ``[]``.
    """
    if radius < 0:
        return []
    if radius == 0:
        return [center]
    q = center.q + radius
    r = center.r
    out: list[Hex] = []
    append = out.append
    for i in range(6):
        dq, dr = _DIR_DELTAS[(i + 2) % 6]
        for _ in range(radius):
            append(Hex(q, r))
            q += dq
            r += dr
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``, ring by ring outwards
    (``center`` first, then ``ring(center, 1)``, ``ring(center, 2)``, ...)."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """All hexes with distance <= ``radius`` from ``center``, sorted by
    ``(distance, q, r)``. Has ``1 + 3*radius*(radius+1)`` entries."""
    if radius < 0:
        return []
    cq = center.q
    cr = center.r
    keyed: list[tuple[int, int, int]] = []
    for dq in range(-radius, radius + 1):
        lo = max(-radius, -dq - radius)
        hi = min(radius, -dq + radius)
        for dr in range(lo, hi + 1):
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            keyed.append((d, cq + dq, cr + dr))
    keyed.sort()
    return [Hex(q, r) for _, q, r in keyed]


# ---------------------------------------------------------------------------
# Lines
# ---------------------------------------------------------------------------

# Nudge applied to both endpoints before interpolating. The three components
# are pairwise different so that a point exactly halfway between two hexes is
# always pushed unambiguously to one side (and the opposite nudge pushes it to
# the other side); they sum to zero so the point stays on the q+r+s=0 plane.
_NUDGE_Q = 1e-6
_NUDGE_R = 2e-6
_NUDGE_S = -3e-6


# The hexes lines pass through, one object per coordinate: the sight lines the systems keep (some hundred thousand
# of them, shared by the battles on a map) then hold references to these rather than copies of their own.
_ROUNDED: dict[tuple[int, int], Hex] = {}


def _cube_round(fq: float, fr: float, fs: float) -> Hex:
    q = round(fq)
    r = round(fr)
    s = round(fs)
    dq = abs(q - fq)
    dr = abs(r - fr)
    ds = abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    found = _ROUNDED.get((q, r))
    if found is None:
        found = _ROUNDED[(q, r)] = Hex(q, r)
    return found


def _line(a: Hex, b: Hex, sign: float) -> list[Hex]:
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    aq = a.q + sign * _NUDGE_Q
    ar = a.r + sign * _NUDGE_R
    as_ = -a.q - a.r + sign * _NUDGE_S
    dq = (b.q - a.q) / n
    dr = (b.r - a.r) / n
    ds = ((a.q + a.r) - (b.q + b.r)) / n
    out = [a]
    for i in range(1, n):
        out.append(_cube_round(aq + dq * i, ar + dr * i, as_ + ds * i))
    out.append(b)
    return out


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b`` inclusive.

    Cube-coordinate interpolation with rounding; both endpoints are nudged by
    a tiny positive epsilon so that points lying exactly on a hex edge resolve
    consistently. Length is ``distance(a, b) + 1`` and consecutive hexes are
    adjacent. The nudge shifts the whole segment, so ``line(b, a)`` is
    ``line(a, b)`` reversed.
    """
    return _line(a, b, 1.0)


def line_pair(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The line ``a``..``b`` computed with a +epsilon and a -epsilon nudge.

    The two lists are identical unless some sample point of the true line
    falls exactly on a hex boundary -- the line runs along hex edges, or
    crosses an edge exactly at its midpoint -- in which case the two lists
    take the hexes on either side of that boundary.
    """
    plus = _line(a, b, 1.0)
    minus = _line(a, b, -1.0)
    return plus, minus


# ---------------------------------------------------------------------------
# Offset coordinates and pixels
# ---------------------------------------------------------------------------


def offset_to_axial(col: int, row: int) -> Hex:
    """Odd-r offset ``(col, row)`` to axial. Odd rows are shoved right."""
    return Hex(col - ((row - (row & 1)) >> 1), row)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """Axial to odd-r offset ``(col, row)``; inverse of ``offset_to_axial``."""
    r = h.r
    return h.q + ((r - (r & 1)) >> 1), r


def hex_label(h: Hex) -> str:
    """A hex as the player reads it, the one way everywhere (map panels, dice log, replay text, help):
    ``(col,row)``, its odd-r offset column and row counted from 0 at the top left of the board --
    the same numbers a scenario file gives for ``at``."""
    col, row = axial_to_offset(h)
    return f"({col},{row})"


def hex_count(n: int) -> str:
    """A number of hexes in words: "1 hex", "0 hexes", "3 hexes"."""
    return f"{n} hex" if n == 1 else f"{n} hexes"


_SQRT3 = math.sqrt(3.0)


def to_pixel(h: Hex) -> tuple[float, float]:
    """Centre of ``h`` for a pointy-top hex of size (centre-to-corner) 1.

    ``x`` grows to the right and ``y`` grows downwards (same way as ``r``).
    Direction 0 (E) points along +x; direction 1 (NE) is 60 degrees from it.
    """
    return _SQRT3 * (h.q + h.r / 2.0), 1.5 * h.r


# ---------------------------------------------------------------------------
# Facing and arcs
# ---------------------------------------------------------------------------

FRONT, SIDE, REAR = "front", "side", "rear"

_ANGLE_EPS = 1e-6

# Pixel-space unit-less vectors of the six directions.
_DIR_PIXELS: tuple[tuple[float, float], ...] = tuple(
    (_SQRT3 * (dq + dr / 2.0), 1.5 * dr) for dq, dr in _DIR_DELTAS
)


def relative_bearing(origin: Hex, facing: int, target: Hex) -> float:
    """Unsigned angle in degrees, in ``[0, 180]``, between the facing
    direction and the vector ``origin -> target`` (measured in pixel space).
    Returns ``0.0`` when ``target == origin``."""
    dq = target.q - origin.q
    dr = target.r - origin.r
    if dq == 0 and dr == 0:
        return 0.0
    tx = _SQRT3 * (dq + dr / 2.0)
    ty = 1.5 * dr
    fx, fy = _DIR_PIXELS[facing % 6]
    cross = fx * ty - fy * tx
    dot = fx * tx + fy * ty
    return abs(math.degrees(math.atan2(cross, dot)))


def arc_of(origin: Hex, facing: int, target: Hex) -> str:
    """Which arc of a model at ``origin`` facing ``facing`` ``target`` is in.

    * bearing <= 60          -> ``FRONT``
    * 60 < bearing <= 120    -> ``SIDE``
    * bearing > 120          -> ``REAR``

    Boundary rule: the boundaries are the hex spines running out of the
    model's corners (bearings exactly 60 and 120). A target exactly on a
    boundary counts in the more forward arc: on the 60-degree spine it is in
    the FRONT arc, on the 120-degree spine in the SIDE arc. Of the six adjacent
    hexes, the facing hex and its two neighbours (E, NE, SE for facing E) are
    FRONT, the next two (NW, SW) are SIDE and the hex straight behind is REAR.
    Comparisons use a 1e-6 degree tolerance so exact boundary cases are stable
    despite floating point. ``target == origin`` is ``FRONT``.
    """
    b = relative_bearing(origin, facing, target)
    if b <= 60.0 + _ANGLE_EPS:
        return FRONT
    if b <= 120.0 + _ANGLE_EPS:
        return SIDE
    return REAR


def in_field_of_view(origin: Hex, facing: int, target: Hex, half_angle: float) -> bool:
    """True when the bearing to ``target`` is <= ``half_angle`` degrees
    (with a 1e-6 tolerance). ``target == origin`` is always in view."""
    return relative_bearing(origin, facing, target) <= half_angle + _ANGLE_EPS


# ---------------------------------------------------------------------------
# Line of sight
# ---------------------------------------------------------------------------

LOS_CLEAR, LOS_OBSCURE, LOS_BLOCK = 0, 1, 2


@attrs.frozen(slots=True)
class Sight:
    """Result of ``line_of_sight``.

    ``visible``: whether the target can be seen.
    ``obscured_by``: intermediate hexes on ``path`` that obscure (LOS_OBSCURE).
    ``path``: the hexes of the sight line that was used, shooter first.
    ``blocked_by``: when not visible, the first blocking hex on ``path``;
    ``None`` when visible.
    """

    visible: bool
    obscured_by: tuple[Hex, ...]
    path: tuple[Hex, ...]
    blocked_by: Hex | None = None


def _judge(path: list[Hex], los_of: Callable[[Hex], int]) -> tuple[Hex | None, tuple[Hex, ...]]:
    """(first blocking intermediate hex or None, obscuring intermediate hexes)."""
    obscured: list[Hex] = []
    blocked: Hex | None = None
    for h in path[1:-1]:
        v = los_of(h)
        if v >= LOS_BLOCK:
            if blocked is None:
                blocked = h
        elif v == LOS_OBSCURE:
            obscured.append(h)
    return blocked, tuple(obscured)


def line_of_sight(a: Hex, b: Hex, los_of: Callable[[Hex], int]) -> Sight:
    """Can a model in ``a`` see ``b``?

    ``los_of(hex)`` returns ``LOS_CLEAR``, ``LOS_OBSCURE`` or ``LOS_BLOCK``.
    Only the hexes strictly between ``a`` and ``b`` are consulted: a model
    standing in terrain can see out of it and be seen in it. Any intermediate
    blocking hex blocks; intermediate obscuring hexes leave the target visible
    but are listed in ``obscured_by``. Adjacent or identical hexes are always
    visible with nothing obscured.

    Hex-edge rule: a sight line running exactly along a hex edge is blocked
    only if it is blocked on both sides. Concretely, the line is computed
    twice, nudged to either side (``line_pair``); when the two differ the
    shooter gets the better one: visible if either is visible; if both are
    visible, the one with fewer obscuring hexes (ties go to the + line).
    If neither is visible the + line is reported.
    """
    if hex_distance(a, b) <= 1:
        path = (a,) if a == b else (a, b)
        return Sight(True, (), path)
    plus, minus = line_pair(a, b)
    p_block, p_obs = _judge(plus, los_of)
    if plus == minus:
        return Sight(p_block is None, p_obs, tuple(plus), p_block)
    m_block, m_obs = _judge(minus, los_of)
    if p_block is None and (m_block is not None or len(p_obs) <= len(m_obs)):
        return Sight(True, p_obs, tuple(plus))
    if m_block is None:
        return Sight(True, m_obs, tuple(minus))
    return Sight(False, p_obs, tuple(plus), p_block)


# ---------------------------------------------------------------------------
# Movement
# ---------------------------------------------------------------------------


def _search(start: Hex, budget: float, step_cost: StepCost, goal: Hex | None = None,
            min_cost: int = 0) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Dijkstra (A* towards ``goal`` when ``min_cost`` > 0) from ``start``, costs up to ``budget``.

    Returns the settled hexes with their minimal cost, in settling order, and each
    hex's parent on a cheapest path. With a ``goal`` it stops once the goal is
    settled. The order is fixed (estimate, then discovery order, neighbours in
    direction order), so among equally cheap paths the same one is always found.
    """
    best: dict[Hex, int] = {start: 0}
    parent: dict[Hex, Hex] = {}
    done: dict[Hex, int] = {}
    heap: list[tuple[int, int, int, Hex]] = [(0, 0, 0, start)]
    gq, gr = (goal.q, goal.r) if goal is not None else (0, 0)
    aim = min_cost if goal is not None else 0
    track = goal is not None  # parents are only needed to walk a path back from the goal
    seq = 1
    pop = heapq.heappop
    push = heapq.heappush
    while heap:
        _, _, cost, h = pop(heap)
        if h in done:
            continue
        done[h] = cost
        if h == goal:
            break
        for n in _neighbours(h):
            if n in done:
                continue
            c = step_cost(h, n)
            if c is None:
                continue
            if c < min_cost:
                raise ValueError(f"step cost {c} from {h} to {n} is below the stated minimum {min_cost}")
            nc = cost + c
            if nc > budget:
                continue
            old = best.get(n)
            if old is None or nc < old:
                best[n] = nc
                if track:
                    parent[n] = h
                if aim:
                    dq, dr = n.q - gq, n.r - gr
                    push(heap, (nc + aim * ((abs(dq) + abs(dr) + abs(dq + dr)) >> 1), seq, nc, n))
                else:
                    push(heap, (nc, seq, nc, n))
                seq += 1
    return done, parent


def reachable(
    start: Hex,
    budget: int,
    step_cost: StepCost,
    *,
    passable_end: Callable[[Hex], bool] | None = None,
) -> dict[Hex, int]:
    """Every hex reachable from ``start`` for a total cost <= ``budget``.

    ``step_cost(frm, to)`` is the integer cost of entering ``to`` from the
    adjacent ``frm``, or ``None`` when that step is impossible (impassable
    terrain, off the board...). Costs must be >= 0 (``ValueError`` otherwise).

    Returns ``{hex: minimal cost}``, always including ``start`` at 0 (even if
    ``passable_end(start)`` is False). When ``passable_end`` is given, hexes
    for which it returns False can be moved through but are left out of the
    result (e.g. hexes occupied by friends). Dict order is the order in which
    hexes were settled (by cost, deterministic). A negative budget returns {}.
    """
    if budget < 0:
        return {}
    done, _ = _search(start, budget, step_cost)
    if passable_end is None:
        return done
    return {h: c for h, c in done.items() if h == start or passable_end(h)}


def shortest_path(start: Hex, goal: Hex, step_cost: StepCost, *, budget: int | None = None,
                  min_cost: int = 0) -> list[Hex] | None:
    """A cheapest path ``[start, ..., goal]``, or ``None``.

    ``step_cost`` is as for :func:`reachable`. Returns ``None`` if ``goal``
    cannot be reached, or costs more than ``budget`` when one is given. The
    search stops as soon as the goal is settled, so checking one move is far
    cheaper than working out everything reachable. With ``min_cost`` (no step
    costs less; a smaller one raises ``ValueError``) it is A*, aimed at the
    goal by ``distance * min_cost``. Among equally cheap paths the same one is
    always returned (see ``_search``). The search is bounded by the board
    (``step_cost`` returns ``None`` off it) or by ``budget``: on an unbounded
    plane an unreachable goal with no budget would never finish.
    """
    if start == goal:
        return [start]
    limit = float("inf") if budget is None else budget
    if min_cost * hex_distance(start, goal) > limit:
        return None
    done, parent = _search(start, limit, step_cost, goal, min_cost)
    if goal not in done:
        return None
    path = [goal]
    h = goal
    while h != start:
        h = parent[h]
        path.append(h)
    path.reverse()
    return path


def path_cost(path: Iterable[Hex], step_cost: StepCost) -> int | None:
    """Total cost of moving along ``path`` (the first hex is where the mover
    starts and costs nothing). ``None`` if any step is impassable, if two
    consecutive hexes are not adjacent, or if ``path`` is empty."""
    it = iter(path)
    prev = next(it, None)
    if prev is None:
        return None
    total = 0
    for h in it:
        if hex_distance(prev, h) != 1:
            return None
        c = step_cost(prev, h)
        if c is None:
            return None
        total += c
        prev = h
    return total
