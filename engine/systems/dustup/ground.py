"""The ground under Dustup's units: terrain, sight, cover, movement and who may stand where, as
plain questions about the state (nothing here rolls a die or emits an event).

Scale (RULES-NOTES): 1 hex = 2 inches, so the book's "movement die x 2 inches" is the movement
die's roll in hexes, each hex costing 1, 2 or 3 points by its terrain (Terrain Effects on
Movement; power armour uses its own column), and "not closer than 2 inches to an enemy" is "not
adjacent to an enemy unless assaulting".

Cohesion (Forces: Leaders): a unit whose figures stray more than 6 inches from the leader is
disorganised. Here a squad is one counter on one hex carrying all its figures (RULES-NOTES), and
distances are measured from that hex, so a unit is always in cohesion and is never disorganised;
no code is needed for it. Detachments are separate counters and units in their own right.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hexfront.engine.core.hexes import (
    LOS_BLOCK,
    Hex,
    Sight,
    axial_to_offset,
    hex_distance,
    line_of_sight,
    offset_to_axial,
    reachable,
    shortest_path,
)

from .data import Weapon
from .dice import shift
from .schema import COVER_SHIFT, MOVE_COST, MOVE_DICE
from .state import ABANDONED, BROKEN, DISABLED, FIT, KILLED, STABILISED, UNTREATED, WEAPON, DustState, Figure, Unit
from .unitfacts import flying

__all__ = ["flying"]  # re-exported: an aircraft in the air stands on no hex (unitfacts.py)


def fire_target_refusal(st: DustState, u: Unit, target_id: str) -> str | None:
    """Why ``u`` may not fire at unit ``target_id`` at all (Shoot Action; Firing Heavy Weapons;
    Firing from Aircraft): none such, a friend, off the table, or hidden (only a marker shows)."""
    target = st.units.get(target_id)
    if target is None:
        return f"there is no unit '{target_id}'"
    if target.side == u.side:
        return f"{target.name} is on your own side"
    if not target.on_table:
        return f"{target.name} is not on the table"
    if target.hidden:
        return "you cannot fire at a hidden unit: it shows only as a marker until a Detect action finds it"
    return None


def must_seek_cover(st: DustState, u: Unit) -> bool:
    """Forces: Confidence (broken): a broken unit out of cover "must move away from the enemy towards
    cover as soon as possible": while it can move (not suppressed), moving is all it may do. Propped
    counts as in cover, as it does for everything else. On a map with no cover there is nothing to
    head for, and the unit is only held to moving away."""
    return (u.confidence == BROKEN and not u.suppression and not in_cover(st, u)
            and cover_distance(st, u.hex) < 99)


def cover_distance(st: DustState, h: Hex) -> int:
    """Hexes from ``h`` to the nearest hex with cover or concealment of its own (99 if the map has none)."""
    memo = st.tables.sight_cache
    key = ("cover distance", h)
    found = memo.get(key)
    if found is None:
        found = min((hex_distance(h, c) for c in st.tables.board if hex_gives_cover(st, c)), default=99)
        memo[key] = found
    return found


def smoke_hexes(st: DustState) -> frozenset[Hex]:
    """Hexes under smoke (Additional Rules: Smoke): a cloud covers its hex and, with data radius=1,
    the hexes around it. Smoke blocks line of sight."""
    if not st.features:
        return frozenset()
    out: set[Hex] = set()
    for f in st.features.values():
        if f.kind == "smoke":
            out.add(f.pos)
            if f.get("radius", 0):
                out.update(n for n in f.pos.neighbours())
    return frozenset(out)


def sight(st: DustState, a: Hex, b: Hex) -> Sight:
    smoke = smoke_hexes(st)
    key = (a, b, smoke) if smoke else (a, b)
    cache = st.tables.sight_cache
    seen: Sight | None = cache.get(key)
    if seen is None:
        los = st.tables.sight
        if smoke and (a in smoke or b in smoke):
            seen = line_of_sight(a, b, lambda h: LOS_BLOCK)  # nothing is seen into, out of or across smoke
        elif smoke:
            seen = line_of_sight(a, b, lambda h: LOS_BLOCK if h in smoke else los.get(h, LOS_BLOCK))
        else:
            seen = line_of_sight(a, b, lambda h: los.get(h, LOS_BLOCK))
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = seen
    return seen


def can_see(st: DustState, a: Hex, b: Hex) -> bool:
    """Line of sight from leader to leader (Shoot: Line of Sight), blocked by hills, buildings, woods."""
    return sight(st, a, b).visible


def concealment(st: DustState, target: Unit, from_hex: Hex) -> int:
    """Target die shift for concealment: 0 exposed, 1 partial, 2 complete (Concealment).

    Partial when the target's hex conceals, or the sight line passes an obscuring hex; complete
    when the unit chose complete concealment in concealing terrain.
    """
    here = st.tables.conceal.get(target.hex, "none") != "none"
    if here and target.complete_concealment:
        return 2
    if here:
        return 1
    if sight(st, from_hex, target.hex).obscured_by:
        return 1
    return 0


def terrain_under(table: dict[Hex, str], u: Unit) -> str:
    """The unit's hex in a cover or concealment table: "none" for a unit not placed on the map."""
    return table.get(u.pos, "none") if u.pos is not None else "none"


def cover_shift(st: DustState, u: Unit) -> int:
    return COVER_SHIFT[terrain_under(st.tables.cover, u)]


def in_cover(st: DustState, u: Unit) -> bool:
    return cover_shift(st, u) > 0 or terrain_under(st.tables.conceal, u) != "none" or u.propped


def enemy_hexes(st: DustState, side: str) -> set[Hex]:
    return {u.hex for u in st.units.values() if u.side != side and u.on_table and not u.hidden}


def adjacent_to_enemy(st: DustState, side: str, h: Hex, ignore: str | None = None, known: bool = False) -> bool:
    """Is an enemy unit on or next to ``h``? ``known``: count only enemies the side can see on the map
    (hidden ones are markers to it), for what a player is offered; the rules' own outcome counts all."""
    for u in st.units.values():
        if u.side != side and u.on_table and u.id != ignore and hex_distance(u.hex, h) <= 1 \
                and not (known and u.hidden) and not flying(u):
            return True
    return False


VEHICLE_CLASSES = ("clear", "poor", "difficult", "impassable")


AMPHIBIOUS = {"wheeled_low": "difficult", "wheeled_high": "poor", "tracked": "poor"}  # open water, amphibious


def vehicle_class(st: DustState, u: Unit, h: Hex) -> str:
    """Vehicle Movement: the hex's class on the vehicle's movement table, made one class more
    difficult for each damage marker (Vehicle Damage) and while suppressed (Suppression and
    Vehicles); past difficult is impassable."""
    base = st.tables.vehicle_terrain[u.mover].get(h, "impassable")
    if st.tables.board.get(h) == "water" and u.mover in AMPHIBIOUS and st.tables.vehicles[u.vtype].amphibious:
        base = AMPHIBIOUS[u.mover]
    i = VEHICLE_CLASSES.index(base) + u.damage + (1 if u.suppression else 0)
    return VEHICLE_CLASSES[min(i, 3)]


def vehicle_costs(st: DustState, u: Unit) -> dict[Hex, int | None]:
    key = ("vehicle costs", u.mover, u.vtype, u.damage, bool(u.suppression))
    memo = st.tables.sight_cache
    found = memo.get(key)
    if found is None:
        found = {h: MOVE_COST[vehicle_class(st, u, h)] for h in st.tables.board}
        memo[key] = found
    return found


def step_cost(st: DustState, u: Unit, known: bool = False) -> Callable[[Hex, Hex], int | None]:
    """The cost of each step for ``u``; enemy units block the way (with ``known``, only the enemies
    its side knows of: a hidden unit is only found by walking into it). Vehicles pay by their
    movement table (:func:`vehicle_class`)."""
    costs = vehicle_costs(st, u) if u.mover else st.tables.costs["power" if u.power else "normal"]
    blocked = {v.pos for v in st.units.values() if v.side != u.side and v.on_table and not (known and v.hidden)
               and not flying(v)}
    travel_block = {v.pos for v in st.units.values()
                    if v.side == u.side and v.on_table and v.id != u.id and (v.travel or u.travel) and not flying(v)}

    def cost(_a: Hex, b: Hex) -> int | None:
        if b in blocked or b in travel_block:
            return None
        return costs.get(b)

    return cost


def movement_die(st: DustState, u: Unit, carrying: bool) -> tuple[int, list[str]]:
    """The unit's movement die: its type, one lower when encumbered by carried wounded (Encumbrance)."""
    die = u.move_die
    notes = []
    if u.cavalry and not u.mounted:
        die = MOVE_DICE["infantry"]
        notes.append("dismounted")
    if carrying:
        die = shift(die, -1)
        notes.append("carrying wounded: one die lower")
    if encumbered(u):  # Moving Heavy Weapons: carrying a dismantled heavy weapon
        die = shift(die, -1)
        notes.append("carrying a heavy weapon: one die lower")
    towed = st.units.get(u.towing) if u.towing else None
    if towed is not None and towed.is_vehicle:  # Towing and Pushing Vehicles: half speed, D12 -> D6 (a die, D4+)
        die = max(d for d in (4, 6, 8, 10, 12) if d <= max(4, die // 2))
        notes.append("towing: half speed")
    return die, notes


def carried_wounded(u: Unit, leave: bool) -> list[Figure]:
    """Move Action: Moving Casualties. The wounded (treated or not, and troopers in wrecked power
    armour) the unit takes along when it moves: none if it chooses to leave them, else as many as
    it has able-bodied troopers to carry them, one each; any others are left behind."""
    if leave:
        return []
    wounded = [f for f in u.figures if f.status in (UNTREATED, STABILISED, DISABLED) and f.person]
    return wounded[:len(u.fit_figures)]


def carries_wounded(u: Unit, leave: bool) -> bool:
    """Carrying any wounded encumbers the unit: its movement die is one type lower (Encumbrance)."""
    return bool(carried_wounded(u, leave))


def may_end_at(st: DustState, u: Unit, h: Hex, assaulting: str | None = None, known: bool = False) -> bool:
    occ = st.occupant.get(h)
    if occ is not None and occ != u.id and st.units[occ].on_table \
            and not (known and st.units[occ].side != u.side and st.units[occ].hidden):
        return False
    return not adjacent_to_enemy(st, u.side, h, ignore=assaulting, known=known) or assaulting is not None


def move_options(st: DustState, u: Unit, carrying: bool) -> dict[Hex, int]:
    """Hexes the unit could reach with its best roll and legally stop in.

    Worked out once per position of every unit on the table (the order editor and
    the computer player ask for it many times between two moves)."""
    die, _ = movement_die(st, u, carrying)
    others = tuple(sorted((v.hex.q, v.hex.r, v.side, v.travel, v.hidden) for v in st.units.values()
                          if v.on_table and v.id != u.id))
    key = ("moves", u.id, u.pos, die, u.power, u.travel, u.side, others, u.damage, bool(u.suppression))
    memo = st.tables.sight_cache
    found = memo.get(key)
    if found is None:
        reach = reachable(u.hex, die, step_cost(st, u, known=True))
        seen = [v for v in st.units.values() if v.on_table and v.id != u.id and not flying(v)
                and not (v.side != u.side and v.hidden)]  # hidden enemies are only markers to this side
        taken = {v.hex for v in seen}
        near_enemy = {n for v in seen if v.side != u.side for n in (v.hex, *v.hex.neighbours())}
        found = {h: c for h, c in reach.items() if h != u.pos and h not in taken and h not in near_enemy}
        memo[key] = found
    return found


def walk(st: DustState, u: Unit, to: Hex, points: int, assaulting: str | None = None) -> tuple[list[Hex], int]:
    """Move toward ``to`` along a cheapest path as far as ``points`` allow, stopping only where the
    unit may legally end (not next to an enemy unless assaulting, not on another unit).
    Returns the path walked (start first) and the points used."""
    path, used, _ = walk_into(st, u, to, points, assaulting)
    return path, used


def furthest_stop(st: DustState, u: Unit, path: list[Hex], points: int, cost_fn: Callable[[Hex, Hex], int | None],
                  known: bool, assaulting: str | None = None) -> tuple[int, int]:
    """How far along ``path`` (start first) ``points`` take the unit: the index of the last hex it may stop
    in, and the points spent to get there (Move Action). ``known``: as its side can plan it, around the
    enemies it knows of (the order preview's reading), else as it really goes."""
    spent, best, best_cost = 0, 0, 0
    for i in range(1, len(path)):
        c = cost_fn(path[i - 1], path[i])
        if c is None or spent + c > points:
            break
        spent += c
        if may_end_at(st, u, path[i], assaulting, known=known):
            best, best_cost = i, spent
    return best, best_cost


def walk_into(st: DustState, u: Unit, to: Hex, points: int,
              assaulting: str | None = None) -> tuple[list[Hex], int, list[str]]:
    """:func:`walk`, and the hidden enemy units the walk ran into.

    The route is the one the side can plan, around the enemies it knows of. Walking it, the unit
    cannot enter a hidden unit's hex nor stop next to one; when that cuts the move short of where
    it would otherwise have stopped, the hidden units it met are the third value (Detect Action:
    Hidden Units: a unit that is walked into has given its position away)."""
    path = shortest_path(u.hex, to, step_cost(st, u, known=True))
    if path is None:
        return [u.hex], 0, []
    real, planned = step_cost(st, u), step_cost(st, u, known=True)
    best, best_cost = furthest_stop(st, u, path, points, real, False, assaulting)
    hoped, _ = furthest_stop(st, u, path, points, planned, True, assaulting)
    met: list[str] = []
    if hoped > best:
        beyond = path[best + 1: hoped + 1]
        met = [v.id for v in st.units.values() if v.side != u.side and v.on_table and v.hidden
               and any(hex_distance(v.hex, h) <= 1 for h in beyond)]
    return path[: best + 1], best_cost, met


def unmanned(u: Unit) -> str | None:
    """Why a vehicle whose crew dismounted to fight a close assault (vehicleassault.py) may do nothing, or None."""
    return f"{u.name} is unmanned: its crew must remount (Embark) first" if u.crew_out else None


def vehicle_cannot_move(st: DustState, u: Unit) -> str | None:
    """Why a vehicle (or a passenger) may not take a Move action, or None (Armoured Dustup: Vehicles)."""
    if u.carried_by:
        return f"{u.name} is aboard {st.units[u.carried_by].name}: disembark first (Transport of Infantry)"
    if not u.vehicle:
        return None
    if u.vehicle == "aircraft":
        return f"{u.name} is an aircraft: it moves by its flight orders (Aerospace Operations)"
    if flying(u):  # a grav vehicle in the air flies as a VTOL until it lands (air.py)
        return (f"{u.name} is in the air: it moves by its flight orders until it lands (Aerospace Operations: Grav "
                "Vehicles)")
    if not u.mover:
        return f"{u.name} cannot move"
    if u.immobilised:
        return f"{u.name} is immobilised: it cannot move"
    if u.crew_out:
        return unmanned(u)
    for v in st.units.values():
        if v.towing == u.id:
            return f"{u.name} is under tow: it moves with {v.name}"
    return None


def hex_gives_cover(st: DustState, h: Hex) -> bool:
    """The hex has cover or concealment of its own (what "in cover" means for moving in and out)."""
    return st.tables.cover.get(h, "none") != "none" or st.tables.conceal.get(h, "none") != "none"


def nearest_enemy_distance(st: DustState, u: Unit, h: Hex) -> int:
    ds = [hex_distance(h, e) for e in enemy_hexes(st, u.side)]
    return min(ds) if ds else 99


def needs_nerve(st: DustState, u: Unit, to: Hex) -> bool:
    closer = nearest_enemy_distance(st, u, to) < nearest_enemy_distance(st, u, u.hex)
    leaving = in_cover(st, u) and cover_shift(st, attrs.evolve(u, pos=to)) == 0 and \
        st.tables.conceal.get(to, "none") == "none"
    return closer or leaving


def own_edge_hex(st: DustState, u: Unit) -> Hex:
    edge = st.tables.side_info[u.side]["edge"]
    t = st.tables
    col, row = axial_to_offset(u.hex)
    target = {"north": (col, 0), "south": (col, t.height - 1), "west": (0, row), "east": (t.width - 1, row)}[edge]
    return offset_to_axial(*target)


def on_own_edge(st: DustState, u: Unit) -> bool:
    col, row = axial_to_offset(u.hex)
    edge = st.tables.side_info[u.side]["edge"]
    t = st.tables
    return {"north": row == 0, "south": row == t.height - 1, "west": col == 0, "east": col == t.width - 1}[edge]


def withdraw_hex(st: DustState, u: Unit, away_from: Hex | None, points: int) -> Hex:
    """Where a withdrawing unit goes: away from the enemy (``away_from``, else toward its own edge),
    toward cover if at all possible (Assault: Withdrawal)."""
    reach = reachable(u.hex, points, step_cost(st, u))
    best, best_key = u.hex, None
    for h in reach:
        if not may_end_at(st, u, h):
            continue
        if away_from is not None:
            dist = hex_distance(h, away_from)
            if dist <= hex_distance(u.hex, away_from) and h != u.pos:
                continue
        else:
            dist = -hex_distance(h, own_edge_hex(st, u))
        cover = cover_shift(st, attrs.evolve(u, pos=h)) + (1 if st.tables.conceal.get(h) != "none" else 0)
        key = (cover > 0, dist, cover, -h.q, -h.r)
        if best_key is None or key > best_key:
            best, best_key = h, key
    return best


def new_id(st: DustState, prefix: str) -> str:
    """A fresh id for a feature or mission ("smoke-7"): the state's serial counts every one placed."""
    return f"{prefix}-{st.serial + 1}"


# -- Moving Heavy Weapons: what a crew carries or tows ------------------------------------------


def weapon_of(st: DustState, f: Figure) -> Weapon | None:
    return st.tables.weapons.get(f.weapon)


def carried_weapon(st: DustState, f: Figure) -> Weapon:
    """The weapon of a figure known to carry one (a crew-served weapon, a vehicle's mounted weapon,
    or one already checked to fire); the scenario loader refuses a weapon missing from weapons.toml."""
    return st.tables.weapons[f.weapon]


def towed_weapon(st: DustState, f: Figure) -> bool:
    """A crew-served heavy weapon of size 2 or more: it moves only on a towed carriage."""
    w = weapon_of(st, f)
    return f.role == WEAPON and w is not None and w.size >= 2


def tractor_of(st: DustState, u: Unit) -> Unit | None:
    """The vehicle an infantry crew's gun is limbered to (it tows the crew unit), if any."""
    if u.is_vehicle:
        return None
    for v in st.units.values():
        if v.towing == u.id:
            return v
    return None


def towed_guns(st: DustState, u: Unit) -> list[Figure]:
    return [f for f in u.figures if f.status not in (KILLED, ABANDONED) and towed_weapon(st, f)]


def move_refusal(st: DustState, u: Unit) -> str | None:
    """Why an infantry crew may not take a Move action because of its towed gun, or None."""
    if u.is_vehicle:
        return None
    guns = towed_guns(st, u)
    if not guns:
        return None
    tractor = tractor_of(st, u)
    if tractor is not None:
        return (f"{u.name}'s gun is limbered to {tractor.name}: the crew moves with the tractor; unlimber "
                "first (Unlimber)")
    for f in guns:
        if f.status == FIT and not f.ready:
            return (f"{f.name} is size {carried_weapon(st, f).size}: it cannot be man-packed; limber it to a vehicle "
                    "(Limber), or set it up and leave it")
    return None


def encumbered(u: Unit) -> bool:
    """Moving Heavy Weapons: troops carrying a dismantled weapon roll a movement die one lower."""
    return not u.is_vehicle and any(f.role == WEAPON and not f.ready and f.status in (FIT, DISABLED)
                                    for f in u.figures)


# -- Spotting from aircraft (air.py) ----------------------------------------------------------------


def sees(st: DustState, viewer: Unit, h: Hex) -> bool:
    """Spotting from Aircraft: from the air every hex is in sight unless smoke lies on either end."""
    if flying(viewer):
        smoke = smoke_hexes(st)
        return h not in smoke and viewer.pos not in smoke
    return can_see(st, viewer.hex, h)


# -- Towing (vehicles.py) ---------------------------------------------------------------------------


GROUND = ("vehicle", "mech", "monster")  # vehicle kinds that drive or walk on the table


def tower_of(st: DustState, u: Unit) -> Unit | None:
    for v in st.units.values():
        if v.towing == u.id:
            return v
    return None


def tow_refusal(st: DustState, u: Unit) -> str | None:
    """Why ground vehicle ``u`` may not tow or push anything now, or None (Towing and Pushing
    Vehicles): grav and hover vehicles and damaged ones never do. Tow here; heavy.py's Limber."""
    if u.mover in ("grav", "hover"):
        return "grav and hover vehicles may not tow or push (Towing and Pushing Vehicles)"
    if u.damage:
        return f"{u.name} is damaged: damaged vehicles may not tow or push (Towing and Pushing Vehicles)"
    if u.immobilised:
        return f"{u.name} is immobilised"
    if u.towing:
        return f"{u.name} is already towing {st.units[u.towing].name}"
    if tower_of(st, u) is not None:
        return f"{u.name} is itself under tow"
    return None


# -- Who rides in what (heavy.py: Transport of Infantry, Fire by Passengers) ------------------------


def vehicle_of(st: DustState, u: Unit) -> Unit | None:
    return st.units.get(u.carried_by) if u.carried_by else None


def exposed_passengers(v: Unit) -> bool:
    """Open Top and Soft Skinned Vehicles: the passengers of these may be fired at instead."""
    return v.vehicle != "building" and (v.open_top or v.soft_skin)


def passenger_cover(st: DustState, target: Unit) -> int:
    """Open Top and Soft Skinned Vehicles: passengers fired at have hard cover in an armoured
    vehicle, soft cover in a soft-skinned one (an armour die shift of 2 or 1)."""
    v = vehicle_of(st, target)
    if v is None or not exposed_passengers(v):
        return 0
    return 1 if v.soft_skin else 2


def firer_shifts(st: DustState, firer: Unit) -> list[tuple[str, int]]:
    """Target die shifts from the firer's own state: each damage marker of a firing vehicle
    (Vehicle Damage); a suppressed vehicle, or passengers of one (Suppression and Vehicles)."""
    out: list[tuple[str, int]] = []
    if firer.is_vehicle:
        if firer.damage:
            out.append((f"firer has {firer.damage} damage marker{'s' if firer.damage != 1 else ''}", firer.damage))
        if firer.suppression:
            out.append(("firing vehicle suppressed", 1))
    else:
        v = vehicle_of(st, firer)
        if v is not None and v.is_vehicle and v.vehicle != "building" and v.suppression:
            out.append(("their vehicle is suppressed", 1))
    return out


def passenger_concealed(st: DustState, target: Unit) -> bool:
    v = vehicle_of(st, target)
    return v is not None and exposed_passengers(v)
