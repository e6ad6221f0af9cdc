"""The rules of 30 Minute Missions that every order shares: a new battle and its set-up, what the state says
(readers: movement left, units yet to act, attack reach), and the run of turns and rounds.

Each order type's check, offers and resolution are in :mod:`.orders` and :mod:`.actions`, attacks and damage
in :mod:`.attacks`, the fold in :mod:`.folds`; :mod:`.rulebook` registers them.

Book sections are quoted by name in each docstring (Unit Deployment, Turn Order, Phases of Combat,
Movement Phase, Ranged/Close Combat Phase, Command Actions, Combat, Weapons, Elevations, Terminology).
Where the book is silent, "this game's reading" says what we chose; help.md lists the same readings.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, axial_to_offset, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import combat as K
from . import events as E
from .data import COLS, DEPLOY_DEPTH, Tables, Weapon
from .schema import SECTIONS
from .state import (
    CLOSE,
    DOWN,
    HELD,
    MOUNTED,
    PRONE,
    Drone,
    MissionState,
    Unit,
    WeaponState,
)

R_DEPLOY = "Unit Deployment"
R_TURNS = "Turn Order"
R_PHASES = "Phases of Combat"
R_MOVE = "Movement Phase"
R_RANGED = "Ranged Combat Phase"
R_CLOSE = "Close Combat Phase"
R_COMMAND = "Command Actions"
R_TERMS = "Terminology"
FALL_PER_LEVEL = 3  # Terminology: Fall Damage, "3 x elevation height"




# ---------------------------------------------------------------------------------------------
# New battle
# ---------------------------------------------------------------------------------------------

def new_state(tables: Tables, options: dict[str, Any]) -> MissionState:
    units, weapons, drones = {}, {}, {}
    for side in tables.mission.sides:
        for spec in side.units:
            d = tables.designs[spec.design]
            c = tables.core_types[d.core]
            sections = {s: c.sections[s] + d.armour.get(s, 0) for s in SECTIONS}
            units[spec.id] = Unit(spec.id, side.id, spec.name, spec.design, sections, docked=d.drones)
            for lo in d.loadout:
                wid = f"{spec.id}.{lo.slot}"
                weapons[wid] = WeaponState(wid, lo.weapon, spec.id, lo.place, lo.at, tables.weapons[lo.weapon].dp,
                                           side.id)
            for i in range(d.drones):
                did = f"{spec.id}.d{i + 1}"
                drones[did] = Drone(did, spec.id, side.id, d.drone, tables.drones[d.drone].dp)
    return MissionState(tables=tables, options=dict(options), units=units, weapons=weapons, drones=drones,
                        scores={s.id: 0 for s in tables.mission.sides})


def setup(ctx: Resolution) -> None:
    """Unit Deployment: both players roll a d8, the higher goes first (ties roll again); that player
    deploys first and starts every round."""
    st: MissionState = ctx.state
    a, b = st.sides
    while True:
        ra = ctx.roll(8, "roll-off for first player", R_DEPLOY, a)
        rb = ctx.roll(8, "roll-off for first player", R_DEPLOY, b)
        if ra != rb:
            break
    first = a if ra > rb else b
    ctx.emit(E.FirstPlayerChosen(side=first))
    for side in st.tables.mission.sides:
        for spec in side.units:
            if spec.at is not None:
                elev = spec.level if spec.level is not None else min(K.levels(st, spec.at))
                facing = spec.facing if spec.facing is not None else start_facing(st, side.id)
                ctx.emit(E.UnitPlaced(unit=spec.id, at=spec.at, elev=elev, facing=facing, rule="Missions"))
    if unplaced(st, first):
        ctx.emit(E.SideToAct(side=first))
    elif unplaced(st, st.other(first)):
        ctx.emit(E.SideToAct(side=st.other(first)))
    else:
        ctx.emit(E.RoundBegan(round=1, side=first))
        ctx.emit(E.SideToAct(side=first))


#: the deployment areas found, by board (its id, the board kept to tell a new board from an old one) and edge
_DEPLOY_AREAS: dict[tuple[int, bool], tuple[dict[Hex, str], tuple[Hex, ...]]] = {}


def deploy_hexes(st: MissionState, side: str) -> list[Hex]:
    """The deployment area: the three hex columns nearest the side's edge (this game's reading of
    "the 3 closest hexes"), west edge for the first side listed, east for the second.

    Asked for every placing order offered, so each board's two areas are found once (the content is read-only)."""
    west = side == st.sides[0]
    board = st.tables.mission.board
    kept = _DEPLOY_AREAS.get((id(board), west))
    if kept is None or kept[0] is not board:
        cols = range(DEPLOY_DEPTH) if west else range(COLS - DEPLOY_DEPTH, COLS)
        out = [h for h in board if axial_to_offset(h)[0] in cols]
        if len(_DEPLOY_AREAS) >= 64:
            _DEPLOY_AREAS.clear()
        kept = board, tuple(sorted(out, key=lambda h: (axial_to_offset(h)[1], axial_to_offset(h)[0])))
        _DEPLOY_AREAS[id(board), west] = kept
    return list(kept[1])


def start_facing(st: MissionState, side: str) -> int:
    return 0 if side == st.sides[0] else 3  # facing the enemy's edge


# ---------------------------------------------------------------------------------------------
# Readers
# ---------------------------------------------------------------------------------------------

def side_name(st: MissionState, sid: str | None) -> str:
    return next((s.name for s in st.tables.mission.sides if s.id == sid), str(sid))


def mp_left(st: MissionState) -> int:
    t = st.turn
    assert t is not None, "no unit is acting"
    return max(0, K.movement_allowance(st, st.units[t.unit]) + t.pressed - t.mp_spent)


def unacted(st: MissionState, side: str) -> list[Unit]:
    return [u for u in st.units.values() if u.side == side and u.on_board and u.id not in st.acted]


def unplaced(st: MissionState, side: str) -> list[Unit]:
    return [u for u in st.units.values() if u.side == side and u.at is None and u.alive]


def active_drones(st: MissionState, uid: str) -> list[Drone]:
    return [d for d in st.drones_of(uid) if d.active]


def weapon_of_attack(st: MissionState, uid: str, wid: str) -> tuple[Weapon, WeaponState | None, Drone | None]:
    """(weapon table line, weapon state or None, drone or None) for an attack by ``uid`` with ``wid``."""
    d = st.drones.get(wid)
    if d is not None:
        return st.tables.weapons[st.tables.drones[d.type].weapon], None, d
    w = st.weapons[wid]
    return st.tables.weapons[w.type], w, None


def target_pos(st: MissionState, tid: str) -> tuple[Hex, int] | None:
    if tid in st.units:
        u = st.units[tid]
        return (u.hex, u.elev) if u.on_board else None
    d = st.drones.get(tid)
    return (d.hex, d.elev) if d is not None and d.active else None


def areas_of(st: MissionState, tid: str) -> list[str]:
    """What can be chosen as the area attacked (Ranged Combat Phase): a section with defence points left,
    or a weapon in hand or mounted; a drone's frame."""
    if tid in st.drones:
        return ["frame"]
    u = st.units[tid]
    out = [s for s in SECTIONS if u.sections[s] > 0]
    out += [w.id for w in st.weapons_of(tid) if w.place in (HELD, MOUNTED)]
    return out


def strike_block(st: MissionState, unit: Unit, wid: str, tid: str) -> str | None:
    """Why ``unit`` cannot reach target ``tid`` with ``wid`` now (range, field of view, line of sight), or
    None. Combat: range counts from the hex in front and adds elevation; the target must be in the field
    of view and in line of sight. A drone sees all round (this game's reading)."""
    weapon, w, drone = weapon_of_attack(st, unit.id, wid)
    pos = target_pos(st, tid)
    if pos is None:
        return "that target is not on the battlefield"
    t_at, t_elev = pos
    if drone is not None:
        o_at, o_elev = drone.hex, drone.elev
    else:
        o_at, o_elev = unit.hex, unit.elev
        if not K.in_view(o_at, unit.facing, t_at):
            return "the target is outside the field of view"
    rng = K.attack_range(o_at, o_elev, t_at, t_elev)
    if rng > weapon.range:
        return f"out of range: {rng} hexes (elevation included), {weapon.name} reaches {weapon.range}"
    if not K.line_of_sight(st, o_at, o_elev, t_at, t_elev):
        return "no line of sight to the target"
    return None


def attack_block(st: MissionState, u: Unit, wid: str) -> str | None:
    """Whether the acting unit may attack with ``wid`` now (phase, AP, posture, the weapon itself)."""
    t = st.turn
    if wid in st.drones:
        d = st.drones[wid]
        if d.carrier != u.id or not d.active:
            return "that drone is not one of this unit's active drones"
        weapon = st.tables.weapons[st.tables.drones[d.type].weapon]
    elif wid in st.weapons:
        w = st.weapons[wid]
        reason = K.usable(st, u, w)
        if reason:
            return reason
        weapon = st.tables.weapons[w.type]
    else:
        return f"there is no weapon {wid}"
    assert t is not None, "no unit is acting"
    if t.thrusted:
        return "thruster movement forfeits both combat phases"
    if weapon.kind == "ranged" and t.phase == CLOSE:
        return "the ranged combat phase is over; phases are never revisited"
    if u.posture == DOWN:
        return "a unit that has been thrown down must get up before it attacks"
    if weapon.kind != "ranged" and u.posture == PRONE:
        return "a prone unit cannot fight in close combat"
    if t.ap < weapon.ap:
        return f"{weapon.name} needs {weapon.ap} AP; {t.ap} left"
    return None


def thrust_path(st: MissionState, u: Unit, direction: int, distance: int) -> tuple[list[Hex], int]:
    """The hexes flown and the landing elevation. Terminology, Thruster Movement: a straight line in the
    chosen direction; where an obstacle blocks the full travel the unit stops one hex before it. Obstacles
    (this game's reading): the board edge, ground or roofs more than the thrusters' lift above the start,
    and a landing hex where the unit may not stand."""
    lift = st.tables.thrusters[st.tables.designs[u.design].thrusters].lift
    path: list[Hex] = []
    h = u.hex
    for _ in range(distance):
        h = h.neighbour(direction)
        if not st.tables.on_board(h) or K.top(st, h) > u.elev + lift:
            break
        path.append(h)
    while path and K.room_for(st, u, path[-1], K.top(st, path[-1])) is not None:
        path.pop()
    return path, (K.top(st, path[-1]) if path else u.elev)


def reposition_moves(st: MissionState, u: Unit, direction: int) -> tuple[tuple[str, Hex], ...]:
    """Each active drone that can shift one hex ``direction`` and stay within 2 hexes of its carrier
    (this game's reading: one Reposition shifts all of them the same way; a drone that cannot, stays, and
    a drone never enters a hex another drone keeps)."""
    mine = active_drones(st, u.id)
    moves = {}
    for d in mine:
        h = d.hex.neighbour(direction)
        if st.tables.on_board(h) and h != u.at and hex_distance(u.hex, h) <= K.DRONE_RADIUS:
            moves[d.id] = h
    while True:
        kept = {d.at for d in st.drones.values() if d.active and d.id not in moves}
        blocked = [did for did, h in moves.items() if h in kept]
        if not blocked:
            break
        for did in blocked:
            del moves[did]
    return tuple((d.id, moves[d.id]) for d in mine if d.id in moves)


# ---------------------------------------------------------------------------------------------
# Turns and rounds
# ---------------------------------------------------------------------------------------------

def spend(ctx: Resolution, u: Unit, ap: int, what: str) -> None:
    ctx.emit(E.ApSpent(unit=u.id, ap=ap, left=ctx.state.turn.ap - ap, what=what))


def begin_phase(ctx: Resolution, u: Unit, phase: str) -> None:
    if ctx.state.turn.phase != phase:
        ctx.emit(E.PhaseBegan(unit=u.id, phase=phase))


def end_turn(ctx: Resolution, u: Unit, reason: str) -> None:
    """Turn Order: after one unit's turn the other player moves one of theirs; a player with none left
    skips; when neither has any the round ends and the first player starts the next."""
    st: MissionState = ctx.state
    ctx.emit(E.UnitTurnEnded(unit=u.id, reason=reason))
    if st.result is not None:
        return
    nxt = st.other(u.side)
    if unacted(st, nxt):
        ctx.emit(E.SideToAct(side=nxt))
    elif unacted(st, u.side):
        ctx.emit(E.SideToAct(side=u.side))
    else:
        end_round(ctx)


def end_round(ctx: Resolution) -> None:
    st: MissionState = ctx.state
    m = st.tables.mission
    ctx.emit(E.RoundEnded(round=st.round))
    if m.goal == "hold":
        for side in st.sides:
            pts = 0
            for h in m.objectives:
                there = {x.side for x in K.units_at(st, h)}
                if there == {side}:
                    pts += 1
            if pts:
                ctx.emit(E.ObjectiveScored(side=side, points=pts, total=st.scores[side] + pts))
    if st.round >= m.rounds:
        a, b = st.sides
        if m.goal == "hold":
            sa, sb = st.scores[a], st.scores[b]
            what = "objective points"
        else:
            sa, sb = len(st.living(a)), len(st.living(b))
            what = "mechs still standing"
        winner = a if sa > sb else b if sb > sa else None
        ctx.emit(E.BattleEnded(winner=winner, reason=f"after {m.rounds} rounds: {what} {sa} to {sb}"))
        return
    first = st.first
    assert first is not None  # chosen by the roll-off
    ctx.emit(E.RoundBegan(round=st.round + 1, side=first))
    ctx.emit(E.SideToAct(side=first if unacted(st, first) else st.other(first)))


def check_annihilation(ctx: Resolution) -> None:
    st: MissionState = ctx.state
    if st.result is not None:
        return
    for side in st.sides:
        if not st.living(side):
            other = st.other(side)
            ctx.emit(E.BattleEnded(winner=other, reason=f"every mech of {side} is destroyed"))
            return


def after_order(ctx: Resolution) -> None:
    """If the acting unit was destroyed (by a counter roll or a reaction attack), its turn ends."""
    st: MissionState = ctx.state
    if st.result is None and st.turn is not None and st.units[st.turn.unit].destroyed:
        end_turn(ctx, st.units[st.turn.unit], "the unit was destroyed")

