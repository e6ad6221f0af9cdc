"""What the ground does: runs, line of sight, cover, range bands, smoke and gas. Reads the state, never changes it."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import LOS_BLOCK, Hex, Sight, line_of_sight, reachable

from .data import RUN_BUDGET
from .state import Character, SkirmishState


@attrs.frozen(eq=False)
class Layer:
    """The ground as the machines have it set: the terrain of each hex, its run cost, sight, cover and indoors.
    One per setting of the scenario's machines, kept on the tables (a scenario without machines has one)."""

    key: tuple[str, ...]
    terrain: dict[Hex, str]
    cost: dict[Hex, int | None]
    sight: dict[Hex, int]
    cover: frozenset[Hex]
    indoors: frozenset[Hex]
    sight_cache: dict[tuple[Hex, Hex], Sight]
    #: the runs found on this ground (see run_options), by where the runner stands and the hexes taken
    runs: dict[tuple[Hex, frozenset[Hex]], dict[Hex, int]] = attrs.field(factory=dict)


#: the runs kept on one ground at most; past that they are dropped wholesale (each is found again when asked)
RUNS_KEPT = 20_000


def layer(st: SkirmishState) -> Layer:
    t = st.tables
    if not st.machines:  # no machine to set: the one ground (asked for on every sight line, so kept quick)
        got_plain: Layer | None = t.layers.get(())
        if got_plain is not None:
            return got_plain
    key = tuple(sorted(m for m, up in st.machines.items() if up != t.machines[m].starts_open))
    got: Layer | None = t.layers.get(key)
    if got is not None:
        return got
    if not key:
        got = Layer(key, t.board, t.cost, t.sight, t.cover, t.indoors, t.sight_cache)
    else:
        board = dict(t.board)
        for mid in key:
            m = t.machines[mid]
            board[m.at] = m.open_terrain if st.machines[mid] else m.shut_terrain
        changed = {t.machines[mid].at for mid in key}
        cost, sight_, cover, indoors = dict(t.cost), dict(t.sight), set(t.cover), set(t.indoors)
        for h in changed:
            tt = t.terrain[board[h]]
            cost[h], sight_[h] = tt.cost, tt.sight
            cover.discard(h)
            indoors.discard(h)
            if tt.cover:
                cover.add(h)
            if tt.indoors:
                indoors.add(h)
        got = Layer(key, board, cost, sight_, frozenset(cover), frozenset(indoors), {})
    t.layers[key] = got
    return got


def terrain_at(st: SkirmishState, h: Hex) -> str:
    """The terrain id of ``h`` as things stand (a machine may have changed it)."""
    return layer(st).terrain[h]


def vehicle_cover(st: SkirmishState) -> frozenset[Hex]:
    """This game's reading: a vehicle gives cover to those inside it and to those just behind it, like a car."""
    return frozenset(st.vehicles.values())


def sight(st: SkirmishState, a: Hex, b: Hex) -> Sight:
    """Line of sight between two hexes: walls, trees and shut machines between them block it; characters and
    vehicles never do (this game's reading: the book has no rule for figures in the way)."""
    lay = layer(st)
    cache = lay.sight_cache
    key = (a, b)
    got = cache.get(key)
    if got is None:
        board_sight = lay.sight
        got = line_of_sight(a, b, lambda h: board_sight.get(h, LOS_BLOCK))
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = got
    return got


def can_see(st: SkirmishState, a: Hex, b: Hex) -> bool:
    return sight(st, a, b).visible


def in_cover(st: SkirmishState, target: Hex, seen_from: Hex) -> bool:
    """Cover and Movement. This game's reading: a character is in cover from someone when its own hex gives cover,
    or when the hex just in front of it on the line between them does (a low wall, a window, a car, a hedge).
    A vehicle's hex gives cover like a wreck: to those inside, and to those just behind it."""
    cover = layer(st).cover
    vehicles = st.vehicles.values()
    if target in cover or target in vehicles:
        return True
    if target.distance(seen_from) <= 1:
        return False
    path = sight(st, seen_from, target).path
    return len(path) >= 3 and (path[-2] in cover or path[-2] in vehicles)


def run_options(st: SkirmishState, c: Character) -> dict[Hex, int]:
    """Every hex ``c`` can run to this round, with its cost out of the 15-point run (open 3, impeding 5).

    Runs go around every other character (friend or foe) and around vehicles, and end on an empty hex or in a
    vehicle with a free seat that no able enemy sits in (boarding it, this game's reading); the start is left
    out. A passenger's run starts at its vehicle's hex (getting out).
    """
    lay = layer(st)
    cost = lay.cost
    vehicles = st.vehicles
    # the search depends on the ground, the start and the hexes it must go around (other characters on foot,
    # every vehicle), so a run found once on this ground is the same for any state with those
    taken = frozenset([h for h, occ in st.occupant.items() if occ != c.id]) | frozenset(vehicles.values())
    found = lay.runs.get((c.pos, taken))
    if found is None:

        def step(_a: Hex, b: Hex) -> int | None:
            k = cost.get(b)
            if k is None or b in taken:
                return None
            return k

        found = {h: k for h, k in reachable(c.pos, RUN_BUDGET, step).items() if h != c.pos}
        if len(lay.runs) >= RUNS_KEPT:
            lay.runs.clear()
        lay.runs[c.pos, taken] = found
    out = dict(found)
    if not c.aboard:
        for vid, at in vehicles.items():
            if not can_board(st, c, vid):
                continue
            k = cost.get(at)
            if k is None:
                continue
            best = min((0 if n == c.pos else out[n] for n in at.neighbours() if n == c.pos or n in out),
                       default=None)
            if best is not None and best + k <= RUN_BUDGET:
                out[at] = best + k
    return out


def can_board(st: SkirmishState, c: Character, vehicle: str) -> bool:
    """A vehicle takes a new passenger while it has a free seat and no able enemy of the passenger is inside."""
    inside = st.passengers(vehicle)
    return (c.aboard != vehicle and len(inside) < st.tables.vehicles[vehicle].seats
            and not any(p.side != c.side and p.able for p in inside))


def drive_options(st: SkirmishState, vehicle: str) -> dict[Hex, int]:
    """Where ``vehicle`` can be driven this round, with the hexes driven: up to its speed, one hex at a time, over
    the terrains it drives on, around characters on foot and other vehicles; never where it stands."""
    v = st.tables.vehicles[vehicle]
    ground = set(v.ground)
    lay = layer(st)
    start = st.vehicles[vehicle]
    others = {h for vid, h in st.vehicles.items() if vid != vehicle}
    occupant = st.occupant

    def step(_a: Hex, b: Hex) -> int | None:
        if lay.terrain.get(b) not in ground or b in others or b in occupant:
            return None
        return 1

    return {h: k for h, k in reachable(start, v.speed, step).items() if h != start}


def band_effect(st: SkirmishState, weapon: str, distance: int) -> tuple[str, str]:
    """(band name, effect) for a firearm at ``distance`` hexes: the Weapon Range Limits table.

    Beyond the distant band the effect is "miss" (a guaranteed miss).
    """
    band = st.tables.band(distance)
    if band is None:
        return "beyond distant", "miss"
    return ("short", "medium", "long", "distant")[band], st.tables.firearms[weapon].ranges[band]


def smoke_indoors(st: SkirmishState, a: Hex, b: Hex) -> bool:
    """Smoke: it spoils an attack only indoors. This game's reading: the attack is indoors when either end of it
    is on an indoor hex, and smoke lies on the line when any hex of the line (ends included) is in a smoke cloud."""
    smokes = [cl for cl in st.clouds if cl.kind == "smoke"]
    indoors = layer(st).indoors
    if not smokes or not (a in indoors or b in indoors):
        return False
    path = sight(st, a, b).path if a != b else (a,)
    return any(cl.covers(h) for cl in smokes for h in path)


def gassed(st: SkirmishState, c: Character) -> bool:
    """Tear gas: a character inside a gas cloud without a full-face gas mask cannot shoot."""
    return not c.gas_mask and any(cl.kind == "gas" and cl.covers(c.pos) for cl in st.clouds)


def hunkering(st: SkirmishState, c: Character, shooter_at: Hex) -> bool:
    """Cover and Movement: a character who forfeits its action while in cover cannot be shot, unless the shooter
    is flanking. This game's reading: the shooter flanks when the character is not in cover from the shooter."""
    order = st.orders.get(c.id)
    return order is not None and order.action == "hold" and in_cover(st, c.pos, shooter_at)
