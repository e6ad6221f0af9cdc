"""The rules of 30 Minute Missions: set-up, the fold, legal orders, their validation and resolution.

Book sections are quoted by name in each docstring (Unit Deployment, Turn Order, Phases of Combat,
Movement Phase, Ranged/Close Combat Phase, Command Actions, Combat, Weapons, Elevations, Terminology).
Where the book is silent, "this game's reading" says what we chose; help.md lists the same readings.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from hexfront.engine.core.hexes import Hex, axial_to_offset, hex_distance, hexes_within

from . import combat as K
from . import commands as C
from . import events as E
from .data import ARMS, COLS, DEPLOY_DEPTH, LEGS, MAX_CARRIED, SECTION_NAMES, SECTIONS, Tables
from .state import (
    BATTLE,
    CARRIED,
    CLOSE,
    DEPLOY,
    DESTROYED,
    DOWN,
    DROPPED,
    HELD,
    KNEELING,
    MOUNTED,
    MOVEMENT,
    OVER,
    PRONE,
    RANGED,
    STANDING,
    Drone,
    MissionState,
    Unit,
    UnitTurn,
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


def setup(ctx) -> None:
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


def deploy_hexes(st: MissionState, side: str) -> list[Hex]:
    """The deployment area: the three hex columns nearest the side's edge (this game's reading of
    "the 3 closest hexes"), west edge for the first side listed, east for the second."""
    west = side == st.sides[0]
    cols = range(DEPLOY_DEPTH) if west else range(COLS - DEPLOY_DEPTH, COLS)
    out = [h for h in st.tables.mission.board if axial_to_offset(h)[0] in cols]
    return sorted(out, key=lambda h: (axial_to_offset(h)[1], axial_to_offset(h)[0]))


def start_facing(st: MissionState, side: str) -> int:
    return 0 if side == st.sides[0] else 3  # facing the enemy's edge


# ---------------------------------------------------------------------------------------------
# The fold
# ---------------------------------------------------------------------------------------------

def fold(st: MissionState, ev: Any) -> None:
    t = type(ev)
    if t is E.FirstPlayerChosen:
        st.first = ev.side
    elif t is E.SideToAct:
        st.active = ev.side
    elif t is E.UnitPlaced:
        u = st.units[ev.unit]
        u.at, u.elev, u.facing = ev.at, ev.elev, ev.facing
    elif t is E.RoundBegan:
        st.stage, st.round, st.acted = BATTLE, ev.round, []
    elif t is E.UnitActivated:
        st.turn = UnitTurn(unit=ev.unit, ap=ev.ap)
    elif t is E.StanceEnded:
        u = st.units[ev.unit]
        u.stance, u.stance_weapon = "", ""
    elif t is E.PhaseBegan:
        st.turn.phase = ev.phase
    elif t is E.ApSpent:
        st.turn.ap -= ev.ap
    elif t is E.UnitStepped:
        u = st.units[ev.unit]
        u.at, u.elev = ev.to, ev.elev
        st.turn.mp_spent += ev.cost
        st.turn.moved = True
    elif t is E.UnitTurned:
        st.units[ev.unit].facing = ev.facing
        if st.turn is not None and st.turn.unit == ev.unit:
            if ev.cost == 0:
                st.turn.free_turn_used = True
            st.turn.mp_spent += ev.cost
            st.turn.moved = True
    elif t is E.ThrusterFlight:
        u = st.units[ev.unit]
        u.at, u.elev = ev.to, ev.elev
        st.turn.thrusted = st.turn.moved = True
    elif t is E.MovementGained:
        st.turn.pressed += ev.points
    elif t is E.DronesFollowed or t is E.DronesRepositioned:
        for did, h in ev.moves:
            d = st.drones[did]
            d.at, d.elev = h, st.tables.terrain_at(h).top()
    elif t is E.Damaged:
        if ev.unit in st.drones:
            st.drones[ev.unit].dp = ev.left
        elif ev.area in SECTIONS:
            st.units[ev.unit].sections[ev.area] = ev.left
        else:
            st.weapons[ev.area].dp = ev.left
    elif t is E.WeaponDestroyed:
        st.weapons[ev.weapon].place = DESTROYED
    elif t is E.WeaponDropped:
        w = st.weapons[ev.weapon]
        w.place, w.at, w.holder, w.ground, w.ground_elev = DROPPED, (), None, ev.at, ev.elev
    elif t is E.WeaponRegripped:
        st.weapons[ev.weapon].at = ev.at
    elif t is E.UnitDestroyed:
        st.units[ev.unit].destroyed = True
        st.units[ev.unit].grappled_by = None  # a wreck is held by nobody
        for u in st.units.values():
            if u.grappled_by == ev.unit:
                u.grappled_by = None
    elif t is E.DroneDestroyed:
        st.drones[ev.drone].destroyed = True
    elif t is E.PostureChanged:
        u = st.units[ev.unit]
        if st.turn is not None and st.turn.unit == ev.unit:
            if ev.posture == KNEELING:
                st.turn.kneeled = True
            if ev.posture == PRONE:
                st.turn.proned = True
        u.posture = ev.posture
    elif t is E.Grappled:
        st.units[ev.unit].grappled_by = ev.by
    elif t is E.GrappleBroken:
        st.units[ev.unit].grappled_by = None
    elif t is E.WeaponSwapped:
        w = st.weapons[ev.weapon]
        w.place, w.at = ev.place, ev.at
    elif t is E.WeaponRetrieved:
        w = st.weapons[ev.weapon]
        w.place, w.at, w.holder, w.ground = HELD, ev.at, ev.unit, None
        w.side = st.units[ev.unit].side
    elif t is E.DroneLaunched:
        d = st.drones[ev.drone]
        d.at, d.elev = ev.at, ev.elev
        st.units[d.carrier].docked -= 1
    elif t is E.DronesRecalled:
        for did in ev.drones:
            st.drones[did].at = None
        st.units[ev.carrier].docked += len(ev.drones)
    elif t is E.Transformed:
        st.units[ev.unit].transformed = ev.transformed
    elif t is E.StanceTaken:
        u = st.units[ev.unit]
        u.stance, u.stance_weapon = ev.stance, ev.weapon
    elif t is E.UnitTurnEnded:
        st.acted.append(ev.unit)
        st.turn = None
    elif t is E.ObjectiveScored:
        st.scores[ev.side] = ev.total
    elif t is E.RoundEnded:
        pass
    elif t is E.BattleEnded:
        st.stage, st.result, st.turn = OVER, (ev.winner, ev.reason), None
    elif t in (E.AttackMade, E.RollJudged, E.SectionDestroyed):
        pass
    else:  # pragma: no cover - a new event needs its fold
        raise TypeError(f"no fold for {t.__name__}")


# ---------------------------------------------------------------------------------------------
# Readers
# ---------------------------------------------------------------------------------------------

def side_name(st: MissionState, sid: str | None) -> str:
    return next((s.name for s in st.tables.mission.sides if s.id == sid), str(sid))


def mp_left(st: MissionState) -> int:
    t = st.turn
    return max(0, K.movement_allowance(st, st.units[t.unit]) + t.pressed - t.mp_spent)


def unacted(st: MissionState, side: str) -> list[Unit]:
    return [u for u in st.units.values() if u.side == side and u.on_board and u.id not in st.acted]


def unplaced(st: MissionState, side: str) -> list[Unit]:
    return [u for u in st.units.values() if u.side == side and u.at is None and u.alive]


def active_drones(st: MissionState, uid: str) -> list[Drone]:
    return [d for d in st.drones_of(uid) if d.active]


def weapon_of_attack(st: MissionState, uid: str, wid: str):
    """(weapon table line, weapon state or None, drone or None) for an attack by ``uid`` with ``wid``."""
    d = st.drones.get(wid)
    if d is not None:
        return st.tables.weapons[st.tables.drones[d.type].weapon], None, d
    w = st.weapons[wid]
    return st.tables.weapons[w.type], w, None


def target_pos(st: MissionState, tid: str) -> tuple[Hex, int] | None:
    if tid in st.units:
        u = st.units[tid]
        return (u.at, u.elev) if u.on_board else None
    d = st.drones.get(tid)
    return (d.at, d.elev) if d is not None and d.active else None


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
        o_at, o_elev = drone.at, drone.elev
    else:
        o_at, o_elev = unit.at, unit.elev
        if not K.in_view(o_at, unit.facing, t_at):
            return "the target is outside the field of view"
    rng = K.attack_range(o_at, o_elev, t_at, t_elev)
    if rng > weapon.range:
        return f"out of range: {rng} hexes (elevation included), {weapon.name} reaches {weapon.range}"
    if not K.line_of_sight(st, o_at, o_elev, t_at, t_elev):
        return "no line of sight to the target"
    return None


# ---------------------------------------------------------------------------------------------
# Legal orders
# ---------------------------------------------------------------------------------------------

def legal_commands(st: MissionState) -> list[Any]:
    """Every order the side to act may give now: placements while deploying, then a unit to activate,
    then the acting unit's moves, turns, flights, phase ends, attacks (weapon x target x area) and
    command actions. Candidates are filtered through ``validate``; attacks are checked once per weapon
    and target."""
    if st.result is not None:
        return []
    if st.stage == DEPLOY:
        side = st.active
        return [C.Place(u.id, h) for u in unplaced(st, side) for h in deploy_hexes(st, side)
                if validate(st, C.Place(u.id, h)) is None]
    if st.turn is None:
        return [C.Activate(u.id) for u in unacted(st, st.active)]
    uid = st.turn.unit
    u = st.units[uid]
    cands: list[Any] = [C.EndPhase(uid), C.EndTurn(uid)]
    if st.turn.phase == MOVEMENT:
        cands += [C.Move(uid, h) for h in K.front_hexes(u)]
        cands += [C.Turn(uid, f) for f in range(6) if f != u.facing]
        thr = st.tables.designs[u.design].thrusters
        if thr:
            cands += [C.Thrust(uid, d, n) for d in range(6) for n in range(1, st.tables.thrusters[thr].range + 1)]
        cands += [C.PressOn(uid), C.Transform(uid)]
    cands += [C.GetUp(uid), C.BreakGrapple(uid), C.Recall(uid), C.Kneel(uid), C.Prone(uid),
              C.DefensiveStance(uid)]
    cands += [C.Reposition(uid, d) for d in range(6)]
    for w in st.weapons_of(uid):
        cands.append(C.Swap(uid, w.id))
        cands.append(C.OffensiveStance(uid, w.id))
    cands += [C.Retrieve(uid, w.id) for w in st.weapons.values() if w.place == DROPPED and w.ground == u.at]
    if u.docked and len(active_drones(st, uid)) < K.MAX_DRONES:
        cands += [C.LaunchDrone(uid, h) for h in hexes_within(u.at, K.DRONE_RADIUS)]
    out = [c for c in cands if validate(st, c) is None]
    # attacks: check each weapon and target once, then list the areas
    weapons = [w.id for w in st.weapons_of(uid)] + [d.id for d in active_drones(st, uid)]
    targets = [t.id for t in st.units.values() if t.side != u.side and t.on_board]
    targets += [d.id for d in st.drones.values() if d.side != u.side and d.active]
    for wid in weapons:
        if attack_block(st, u, wid) is not None:
            continue
        for tid in targets:
            if strike_block(st, u, wid, tid) is None:
                out += [C.Attack(uid, wid, tid, a) for a in areas_of(st, tid)]
    return out


def idle_reason(st: MissionState, uid: str | None) -> str:
    """Why unit ``uid`` (None: any unit) has no order now, from the checks that refuse one: deployment,
    whose turn it is, which unit is acting, whether it has acted this round."""
    if st.result is not None:
        return "the battle is over"
    if uid in st.drones:
        d = st.drones[uid]
        carrier = st.units[d.carrier].name if d.carrier in st.units else "its carrier"
        return f"a drone takes no orders of its own: {carrier} attacks with it or recalls it"
    if uid is None or uid not in st.units:
        return "no unit can act now: an order for the whole side, or pass"
    u = st.units[uid]
    if u.side != st.active:
        return f"it is {side_name(st, st.active)}'s turn"
    if st.stage == DEPLOY:
        return f"{u.name} is already deployed" if u.at is not None else f"{u.name} has no hex it can deploy to"
    if st.turn is None:
        return _v_activate(st, C.Activate(uid)) or f"{u.name} cannot be activated now"
    if st.turn.unit != uid:
        return f"{st.units[st.turn.unit].name} is acting: only it takes orders until its turn ends"
    return f"{u.name} has no order it can pay for or take in this phase"


# ---------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------

def _turn_unit(st: MissionState, uid: str) -> str | None:
    if st.result is not None:
        return "the battle is over"
    if st.stage != BATTLE:
        return "the battle has not begun: units are still deploying"
    if st.turn is None:
        return "no unit is acting: activate one first"
    if st.turn.unit != uid:
        return f"it is {st.units[st.turn.unit].name}'s turn, not {st.units[uid].name if uid in st.units else uid}'s"
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


_WHOLE_FIELDS = {C.Turn: ("facing",), C.Thrust: ("direction", "distance"), C.Reposition: ("direction",)}
_HEX_FIELDS = (C.Place, C.Move, C.LaunchDrone)


def validate(st: MissionState, cmd: Any) -> str | None:
    t = type(cmd)
    for name in _WHOLE_FIELDS.get(t, ()):  # a save holds whole numbers only: 1.0, True, "1" or None are refused
        if type(getattr(cmd, name)) is not int:
            return f"{name} must be a whole number, not {getattr(cmd, name)!r}"
    if t in _HEX_FIELDS and not (type(cmd.to) is Hex and type(cmd.to.q) is int and type(cmd.to.r) is int):
        return f"{cmd.to!r} is not a hex"
    if t is C.Place:
        return _v_place(st, cmd)
    if t is C.Activate:
        return _v_activate(st, cmd)
    uid = getattr(cmd, "unit", None)
    if uid not in st.units:
        return f"there is no unit {uid}"
    reason = _turn_unit(st, uid)
    if reason:
        return reason
    u = st.units[uid]
    turn = st.turn
    if t in (C.EndPhase, C.EndTurn):
        return None
    if t in C.COMMAND_ACTIONS and turn.ap < K.COMMAND_AP:
        return f"a command action needs {K.COMMAND_AP} AP; {turn.ap} left"
    if t is C.Move:
        return _v_move(st, u, cmd)
    if t is C.Turn:
        if turn.phase != MOVEMENT:
            return "turning is movement, and the movement phase is over"
        if not 0 <= cmd.facing <= 5 or cmd.facing == u.facing:
            return "choose a new facing, 0..5, other than the present one"
        if u.posture in (DOWN, PRONE):
            return f"a {u.posture} unit cannot turn; it must get up first"
        if turn.free_turn_used and mp_left(st) < 1:
            return "the free turn is used and no movement point is left"
        return None
    if t is C.Thrust:
        return _v_thrust(st, u, cmd)
    if t is C.Attack:
        reason = attack_block(st, u, cmd.weapon)
        if reason:
            return reason
        if cmd.target in st.units:
            if st.units[cmd.target].side == u.side:
                return "that is a friendly unit"
        elif cmd.target in st.drones:
            if st.drones[cmd.target].side == u.side:
                return "that is a friendly drone"
        else:
            return f"there is no target {cmd.target}"
        reason = strike_block(st, u, cmd.weapon, cmd.target)
        if reason:
            return reason
        if cmd.area not in areas_of(st, cmd.target):
            return f"{cmd.area} is not an area that can be attacked on {cmd.target}"
        return None
    # -- command actions (2 AP each, any phase) --------------------------------------------------
    if t is C.GetUp:
        if u.posture == DOWN:
            if all(u.sections[a] == 0 for a in LEGS):
                return "with both legs destroyed the unit cannot get up"
            return None
        if u.posture == KNEELING:
            return None
        if u.posture == PRONE:
            return "a prone unit must kneel before it gets up"
        return "the unit is already on its feet"
    if t is C.PressOn:
        if turn.phase != MOVEMENT:
            return "movement points are only of use in the movement phase"
        return None
    if t is C.BreakGrapple:
        return None if u.grappled_by else "the unit is not grappled"
    if t is C.Swap:
        return _v_swap(st, u, cmd)
    if t is C.Retrieve:
        return _v_retrieve(st, u, cmd)
    if t is C.LaunchDrone:
        return _v_launch(st, u, cmd)
    if t is C.Reposition:
        if not active_drones(st, u.id):
            return "the unit has no active drones"
        if not 0 <= cmd.direction <= 5:
            return "a direction is 0..5"
        if not reposition_moves(st, u, cmd.direction):
            return "no drone can move that way and stay within 2 hexes of its carrier"
        return None
    if t is C.Recall:
        return None if active_drones(st, u.id) else "the unit has no active drones"
    if t is C.Transform:
        if not st.tables.designs[u.design].alt_form:
            return "this design cannot transform"
        if turn.phase != MOVEMENT or turn.moved:
            return "a unit transforms at the start of its movement phase, before it moves"
        if u.posture != STANDING:
            return "the unit must be standing to transform"
        return None
    if t is C.Kneel:
        if u.transformed:
            return "a transformed unit has no control of its limbs"
        if turn.kneeled:
            return "the unit has already knelt this turn"
        if u.posture not in (STANDING, PRONE):
            return f"a {u.posture} unit cannot kneel"
        return None
    if t is C.Prone:
        return _v_prone(st, u)
    if t is C.OffensiveStance:
        if cmd.weapon not in st.weapons:
            return f"there is no weapon {cmd.weapon}"
        reason = K.usable(st, u, st.weapons[cmd.weapon])
        if reason:
            return reason
        if u.stance == "offensive":
            return "the unit is already in offensive stance"
        if u.posture == DOWN:
            return "a unit that has been thrown down cannot take aim"
        return None
    if t is C.DefensiveStance:
        if u.stance == "defensive":
            return "the unit is already in defensive stance"
        if u.transformed:
            return "a transformed unit has no control of its limbs"
        if K.shield_of(st, u) is None:
            return "defensive stance needs a shield or a two-handed weapon in hand"
        return None
    return f"{t.__name__} is not an order in 30 Minute Missions"


def _v_place(st: MissionState, cmd: C.Place) -> str | None:
    if st.stage != DEPLOY:
        return "deployment is over"
    u = st.units.get(cmd.unit)
    if u is None:
        return f"there is no unit {cmd.unit}"
    if u.side != st.active:
        return f"it is {side_name(st, st.active)}'s turn to deploy"
    if u.at is not None:
        return f"{u.name} is already deployed"
    if cmd.to not in deploy_hexes(st, u.side):
        return "units deploy in their side's three nearest hex columns"
    reason = K.room_for(st, u, cmd.to, min(K.levels(st, cmd.to)))
    return reason


def _v_activate(st: MissionState, cmd: C.Activate) -> str | None:
    if st.result is not None:
        return "the battle is over"
    if st.stage != BATTLE:
        return "units are still deploying"
    if st.turn is not None:
        return f"{st.units[st.turn.unit].name} is still acting"
    u = st.units.get(cmd.unit)
    if u is None:
        return f"there is no unit {cmd.unit}"
    if u.side != st.active:
        return f"it is {side_name(st, st.active)}'s turn"
    if not u.on_board:
        return f"{u.name} is destroyed"
    if u.id in st.acted:
        return f"{u.name} has already acted this round"
    return None


def _v_move(st: MissionState, u: Unit, cmd: C.Move) -> str | None:
    if st.turn.phase != MOVEMENT:
        return "the movement phase is over; phases are never revisited"
    if u.posture != STANDING:
        return f"a {u.posture} unit must get up before it moves"
    if u.grappled_by:
        return "a grappled unit cannot move; break the grapple first"
    if cmd.to not in K.front_hexes(u):
        return "units only step into the three hexes in front of them"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the battlefield"
    elev = K.walk_level(st, u.elev, cmd.to)
    if elev is None:
        return "too high to climb: a step climbs one level at most (thrusters can go higher)"
    reason = K.room_for(st, u, cmd.to, elev)
    if reason:
        return reason
    cost = K.step_cost(st, cmd.to, elev)
    if cost > mp_left(st):
        return f"the step costs {cost} movement points; {mp_left(st)} left"
    return None


def thrust_path(st: MissionState, u: Unit, direction: int, distance: int) -> tuple[list[Hex], int]:
    """The hexes flown and the landing elevation. Terminology, Thruster Movement: a straight line in the
    chosen direction; where an obstacle blocks the full travel the unit stops one hex before it. Obstacles
    (this game's reading): the board edge, ground or roofs more than the thrusters' lift above the start,
    and a landing hex where the unit may not stand."""
    lift = st.tables.thrusters[st.tables.designs[u.design].thrusters].lift
    path: list[Hex] = []
    h = u.at
    for _ in range(distance):
        h = h.neighbour(direction)
        if not st.tables.on_board(h) or K.top(st, h) > u.elev + lift:
            break
        path.append(h)
    while path and K.room_for(st, u, path[-1], K.top(st, path[-1])) is not None:
        path.pop()
    return path, (K.top(st, path[-1]) if path else u.elev)


def _v_thrust(st: MissionState, u: Unit, cmd: C.Thrust) -> str | None:
    thr = st.tables.designs[u.design].thrusters
    if not thr:
        return "this design has no thrusters"
    spec = st.tables.thrusters[thr]
    if st.turn.phase != MOVEMENT:
        return "the movement phase is over; phases are never revisited"
    if st.turn.thrusted:
        return "the unit has already used its thrusters this turn"
    if u.posture != STANDING:
        return f"a {u.posture} unit must get up before it moves"
    if u.grappled_by:
        return "a grappled unit cannot move; break the grapple first"
    if not 0 <= cmd.direction <= 5 or not 1 <= cmd.distance <= spec.range:
        return f"choose a direction 0..5 and a distance 1..{spec.range}"
    if st.turn.ap < spec.ap:
        return f"the thrusters need {spec.ap} AP; {st.turn.ap} left"
    path, _ = thrust_path(st, u, cmd.direction, cmd.distance)
    if not path:
        return "an obstacle right ahead blocks that flight"
    return None


def _v_swap(st: MissionState, u: Unit, cmd: C.Swap) -> str | None:
    w = st.weapons.get(cmd.weapon)
    if w is None or w.holder != u.id:
        return "the unit has no such weapon"
    if u.transformed:
        return "a transformed unit has no control of its limbs"
    if w.place == HELD:
        if K.carried_count(st, u) >= MAX_CARRIED:
            return f"the unit already carries {MAX_CARRIED} weapons"
        return None
    if w.place == CARRIED:
        return None if K.free_arms(st, u) else "no free hand to take it in"
    return "mounted weapons cannot be swapped"


def _v_retrieve(st: MissionState, u: Unit, cmd: C.Retrieve) -> str | None:
    w = st.weapons.get(cmd.weapon)
    if w is None or w.place != DROPPED:
        return "that weapon is not lying on the battlefield"
    if w.ground != u.at or w.ground_elev != u.elev:
        return "the unit must be on the same hex to retrieve it"
    if w.side != u.side:
        return "only weapons dropped by friendly units can be retrieved"
    if u.transformed:
        return "a transformed unit has no control of its limbs"
    if not K.free_arms(st, u):
        return "no free hand to take it in"
    return None


def _v_launch(st: MissionState, u: Unit, cmd: C.LaunchDrone) -> str | None:
    if not st.tables.designs[u.design].drones:
        return "this design carries no drones"
    if u.docked < 1:
        return "no drone is docked"
    if len(active_drones(st, u.id)) >= K.MAX_DRONES:
        return f"at most {K.MAX_DRONES} drones may be active"
    if not st.tables.on_board(cmd.to) or cmd.to == u.at or hex_distance(u.at, cmd.to) > K.DRONE_RADIUS:
        return f"a drone goes out to a hex within {K.DRONE_RADIUS} of its carrier"
    if any(d.active and d.at == cmd.to for d in st.drones.values()):
        return "a drone already hovers there"
    return None


def reposition_moves(st: MissionState, u: Unit, direction: int) -> tuple[tuple[str, Hex], ...]:
    """Each active drone that can shift one hex ``direction`` and stay within 2 hexes of its carrier
    (this game's reading: one Reposition shifts all of them the same way; a drone that cannot, stays, and
    a drone never enters a hex another drone keeps)."""
    mine = active_drones(st, u.id)
    moves = {}
    for d in mine:
        h = d.at.neighbour(direction)
        if st.tables.on_board(h) and h != u.at and hex_distance(u.at, h) <= K.DRONE_RADIUS:
            moves[d.id] = h
    while True:
        kept = {d.at for d in st.drones.values() if d.active and d.id not in moves}
        blocked = [did for did, h in moves.items() if h in kept]
        if not blocked:
            break
        for did in blocked:
            del moves[did]
    return tuple((d.id, moves[d.id]) for d in mine if d.id in moves)


def _v_prone(st: MissionState, u: Unit) -> str | None:
    """Prone Position: kneel first; the front may not be obstructed by a structure or another unit."""
    if u.transformed:
        return "a transformed unit has no control of its limbs"
    if st.turn.proned:
        return "the unit has already gone prone this turn"
    if u.posture != KNEELING:
        return "a unit must kneel before it goes prone"
    front = u.at.neighbour(u.facing)
    if not st.tables.on_board(front):
        return "its front faces the battlefield's edge"
    if K.units_at(st, front):
        return "another unit stands in front of it"
    t = st.tables.terrain_at(front)
    if t.roof or t.top() + t.height > u.elev:
        return f"{t.name} in front obstructs it"
    return None


# ---------------------------------------------------------------------------------------------
# Resolution
# ---------------------------------------------------------------------------------------------

def resolve(ctx, cmd: Any) -> None:
    st: MissionState = ctx.state
    t = type(cmd)
    if t is C.Place:
        _place(ctx, cmd)
        return
    if t is C.Activate:
        u = st.units[cmd.unit]
        if u.stance:
            ctx.emit(E.StanceEnded(unit=u.id, stance=u.stance, reason="its next turn begins"))
        base = K.core(st, u).base_ap
        roll = ctx.roll(8, f"action points: {base} base AP + d8", R_MOVE, u.side)
        ctx.emit(E.UnitActivated(unit=u.id, base_ap=base, roll=roll, ap=base + roll))
        return
    u = st.units[cmd.unit]
    handler = _HANDLERS[t]
    handler(ctx, u, cmd)
    _after(ctx)


def _after(ctx) -> None:
    """If the acting unit was destroyed (by a counter roll or a reaction attack), its turn ends."""
    st: MissionState = ctx.state
    if st.result is None and st.turn is not None and st.units[st.turn.unit].destroyed:
        _end_turn(ctx, st.units[st.turn.unit], "the unit was destroyed")


def _place(ctx, cmd: C.Place) -> None:
    """Unit Deployment: players alternate, one unit at a time; a player with none left to place passes
    the rest to the other. Once all are down the first round begins with the first player."""
    st: MissionState = ctx.state
    u = st.units[cmd.unit]
    ctx.emit(E.UnitPlaced(unit=u.id, at=cmd.to, elev=min(K.levels(st, cmd.to)), facing=start_facing(st, u.side)))
    other = st.other(u.side)
    if unplaced(st, other):
        ctx.emit(E.SideToAct(side=other))
    elif not unplaced(st, u.side):
        ctx.emit(E.RoundBegan(round=1, side=st.first))
        ctx.emit(E.SideToAct(side=st.first))


def _spend(ctx, u: Unit, ap: int, what: str) -> None:
    ctx.emit(E.ApSpent(unit=u.id, ap=ap, left=ctx.state.turn.ap - ap, what=what))


def _phase(ctx, u: Unit, phase: str) -> None:
    if ctx.state.turn.phase != phase:
        ctx.emit(E.PhaseBegan(unit=u.id, phase=phase))


def _end_turn(ctx, u: Unit, reason: str) -> None:
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
        _end_round(ctx)


def _end_round(ctx) -> None:
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
    ctx.emit(E.RoundBegan(round=st.round + 1, side=st.first))
    ctx.emit(E.SideToAct(side=st.first if unacted(st, st.first) else st.other(st.first)))


def _check_annihilation(ctx) -> None:
    st: MissionState = ctx.state
    if st.result is not None:
        return
    for side in st.sides:
        if not st.living(side):
            other = st.other(side)
            ctx.emit(E.BattleEnded(winner=other, reason=f"every mech of {side} is destroyed"))
            return


# -- movement ------------------------------------------------------------------------------------

def _stance_watch(st: MissionState, mover: Unit) -> dict[str, bool]:
    """Before a move: which enemy units in offensive stance can already strike the mover."""
    out = {}
    for e in st.units.values():
        if e.on_board and e.side != mover.side and e.stance == "offensive":
            out[e.id] = _stance_can_strike(st, e, mover)
    return out


def _stance_can_strike(st: MissionState, e: Unit, mover: Unit) -> bool:
    w = st.weapons.get(e.stance_weapon)
    if w is None or K.usable(st, e, w) is not None or e.posture == DOWN:
        return False
    weapon = st.tables.weapons[w.type]
    if not K.in_view(e.at, e.facing, mover.at):
        return False
    if K.attack_range(e.at, e.elev, mover.at, mover.elev) > weapon.range:
        return False
    return K.line_of_sight(st, e.at, e.elev, mover.at, mover.elev)


def _reactions(ctx, mover: Unit, before: dict[str, bool]) -> None:
    """Offensive Stance: a unit aiming that way attacks, out of its own turn, an enemy that moves into
    range. This game's reading: one attack at the torso, no AP (the stance paid for it), then the stance
    ends."""
    st: MissionState = ctx.state
    for eid, could in before.items():
        e = st.units[eid]
        if mover.destroyed or not e.on_board or e.stance != "offensive" or could:
            continue
        if _stance_can_strike(st, e, mover):
            wid = e.stance_weapon
            ctx.emit(E.StanceEnded(unit=e.id, stance="offensive", reason=f"it fires at {mover.name} moving into range"))
            attack(ctx, e, wid, mover.id, "torso", reaction=True)


def _drones_follow(ctx, u: Unit, frm: Hex) -> None:
    """Drones stay within 2 hexes of their carrier: when it moves, a drone left too far shifts with it
    (this game's reading); one that would leave the board, or enter a hex another drone keeps, docks."""
    st: MissionState = ctx.state
    moves, docked = [], []
    delta = u.at - frm
    leaving = [d for d in active_drones(st, u.id) if hex_distance(d.at, u.at) > K.DRONE_RADIUS]
    going = {d.id for d in leaving}
    kept = {d.at for d in st.drones.values() if d.active and d.id not in going}
    for d in leaving:
        h = d.at + delta
        if st.tables.on_board(h) and h not in kept:
            moves.append((d.id, h))
        else:
            docked.append(d.id)
    if moves:
        ctx.emit(E.DronesFollowed(moves=tuple(moves)))
    if docked:
        ctx.emit(E.DronesRecalled(carrier=u.id, drones=tuple(docked), rule="this game's reading: out of reach"))


def _release_grapples_by(ctx, u: Unit) -> None:
    for x in ctx.state.units.values():
        if x.grappled_by == u.id:
            ctx.emit(E.GrappleBroken(unit=x.id, reason=f"{u.name} moved away"))


def _move(ctx, u: Unit, cmd: C.Move) -> None:
    """Movement Phase: step into one of the three hexes in front, paying standard movement points.
    Stepping down two or more levels is a fall (Terminology: Fall Damage)."""
    st: MissionState = ctx.state
    frm, frm_elev = u.at, u.elev
    elev = K.walk_level(st, u.elev, cmd.to)
    cost = K.step_cost(st, cmd.to, elev)
    before = _stance_watch(st, u)
    ctx.emit(E.UnitStepped(unit=u.id, frm=frm, to=cmd.to, elev=elev, cost=cost))
    _release_grapples_by(ctx, u)
    _drones_follow(ctx, u, frm)
    drop = frm_elev - elev
    if drop >= 2:
        fall(ctx, u, drop)
    if u.on_board:
        _reactions(ctx, u, before)


def fall(ctx, u: Unit, height: int) -> None:
    """Terminology, Fall Damage: 3 x the height fallen to both legs, or to the cockpit (torso) of a
    transformed unit; the unit ends thrown down (this game's reading)."""
    dmg = FALL_PER_LEVEL * height
    parts = ("torso",) if u.transformed else LEGS
    for sec in parts:
        if u.on_board and u.sections[sec] > 0:
            deal(ctx, u.id, sec, dmg, f"a fall of {height} levels", redirect=False)
    if u.on_board and u.posture != DOWN:
        ctx.emit(E.PostureChanged(unit=u.id, posture=DOWN, reason="it fell"))


def _turn(ctx, u: Unit, cmd: C.Turn) -> None:
    """Movement Phase: turning on the spot costs 1 standard movement point; once per movement phase it is
    free (any new facing, this game's reading)."""
    cost = 1 if ctx.state.turn.free_turn_used else 0
    ctx.emit(E.UnitTurned(unit=u.id, facing=cmd.facing, cost=cost))


def _thrust(ctx, u: Unit, cmd: C.Thrust) -> None:
    st: MissionState = ctx.state
    spec = st.tables.thrusters[st.tables.designs[u.design].thrusters]
    path, elev = thrust_path(st, u, cmd.direction, cmd.distance)
    _spend(ctx, u, spec.ap, spec.name)
    frm = u.at
    before = _stance_watch(st, u)
    ctx.emit(E.ThrusterFlight(unit=u.id, path=tuple(path), to=path[-1], elev=elev, asked=cmd.distance,
                              stopped_short=len(path) < cmd.distance))
    _release_grapples_by(ctx, u)
    _drones_follow(ctx, u, frm)
    _reactions(ctx, u, before)


def _end_phase(ctx, u: Unit, cmd: C.EndPhase) -> None:
    """Phases of Combat: movement, then ranged, then close combat; a phase may be skipped, never
    revisited. After thruster movement the combat phases are forfeit."""
    t = ctx.state.turn
    if t.phase == MOVEMENT and not t.thrusted:
        _phase(ctx, u, RANGED)
    elif t.phase == RANGED:
        _phase(ctx, u, CLOSE)
    else:
        _end_turn(ctx, u, "its phases are done")


def _end_unit_turn(ctx, u: Unit, cmd: C.EndTurn) -> None:
    _end_turn(ctx, u, "it skips the phases left")


# -- attacks -------------------------------------------------------------------------------------

def _attack(ctx, u: Unit, cmd: C.Attack) -> None:
    weapon, _, _ = weapon_of_attack(ctx.state, u.id, cmd.weapon)
    _phase(ctx, u, RANGED if weapon.kind == "ranged" else CLOSE)
    attack(ctx, u, cmd.weapon, cmd.target, cmd.area)


def attack(ctx, u: Unit, wid: str, tid: str, area: str, reaction: bool = False) -> None:
    """Ranged / Close Combat Phase: pay the weapon's AP; accuracy (or assault) roll, d8 >= the stat; the
    target's evasion roll; a successful evasion may bring a counter roll; then the critical roll (8: half
    the flat damage again, rounded up); the damage comes off the chosen area's defence points.
    Terminology, Perfect Roll: a natural 8 to hit cannot be evaded."""
    st: MissionState = ctx.state
    weapon, w, drone = weapon_of_attack(st, u.id, wid)
    kind = "accuracy" if weapon.kind == "ranged" else "assault"
    rule = R_RANGED if kind == "accuracy" else R_CLOSE
    if not reaction:
        _spend(ctx, u, weapon.ap, weapon.name)
    ctx.emit(E.AttackMade(attacker=drone.id if drone else u.id, weapon=wid, target=tid, area=area,
                          reaction=reaction))
    if drone is not None:
        need = st.tables.drones[drone.type].accuracy
        bonus, mods = 0, ()
    else:
        stat = K.accuracy(st, u, weapon) if kind == "accuracy" else K.assault(st, u, weapon)
        need = stat.need
        bonus, roll_mods = K.roll_bonus(u, kind)
        mods = stat.modifiers + roll_mods
    roll = ctx.roll(8, f"{kind} roll with {weapon.name}: needs {need}+" + (f", +{bonus} to the roll" if bonus else ""),
                    rule, u.side, modifiers=mods)
    perfect = roll == 8
    hit = perfect or roll + bonus >= need
    ctx.emit(E.RollJudged(kind=kind, who=u.id, roll=roll, modified=roll + bonus, need=need, success=hit,
                          perfect=perfect, rule=rule))
    if not hit:
        _attack_failed(ctx, u, reaction)
        return
    target_unit = st.units.get(tid)
    target_drone = st.drones.get(tid)
    if not perfect:
        e_mods: tuple[str, ...] = ()
        if target_drone is not None:
            e_need: int | None = st.tables.drones[target_drone.type].evasion
        elif K.can_evade(target_unit):
            e_need = None
        else:
            e_stat = K.evasion(st, target_unit)
            e_need, e_mods = e_stat.need, e_stat.modifiers
        if e_need is not None:
            side = target_unit.side if target_unit else target_drone.side
            e = ctx.roll(8, f"evasion roll: needs {e_need}+", rule, side, modifiers=e_mods)
            evaded = e >= e_need
            ctx.emit(E.RollJudged(kind="evasion", who=tid, roll=e, modified=e, need=e_need, success=evaded,
                                  rule=rule))
            if evaded:
                if target_unit is not None:
                    _counter(ctx, target_unit, drone.id if drone else u.id)
                _attack_failed(ctx, u, reaction)
                return
    c = ctx.roll(8, "critical roll: 8 is a critical hit", rule, u.side)
    crit = c == 8
    ctx.emit(E.RollJudged(kind="critical", who=u.id, roll=c, modified=c, need=8, success=crit,
                          rule=R_TERMS + ": Critical Roll"))
    dmg = K.flat_damage(st, w, weapon)
    if crit:
        dmg += K.critical_bonus(dmg)
    deal(ctx, tid, area, dmg, f"{weapon.name}" + (" (critical hit)" if crit else ""))
    if target_unit is not None and target_unit.on_board and drone is None:
        _weapon_effects(ctx, u, weapon, target_unit, area)
    _check_annihilation(ctx)


def _attack_failed(ctx, u: Unit, reaction: bool) -> None:
    """Ranged Combat Phase: a shot that misses, or that the target evades, ends that phase ("the phase is
    over"); the same holds in the close combat phase, which ends the unit's turn. The book also lets a unit
    with AP left attack more than once: here that means after a hit. The option ``attack_on_after_a_miss``
    takes the other reading, where a miss or an evasion ends only that one attack."""
    st: MissionState = ctx.state
    if reaction or st.options.get("attack_on_after_a_miss") or st.result is not None:
        return
    t = st.turn
    if t is None or t.unit != u.id:
        return
    if t.phase == RANGED:
        ctx.emit(E.PhaseBegan(unit=u.id, phase=CLOSE))
    elif t.phase == CLOSE:
        _end_turn(ctx, u, "its attack failed: the close combat phase is over")


def _weapon_effects(ctx, u: Unit, weapon, target: Unit, area: str) -> None:
    """This game's status effects from weapon tags: knockdown throws the target down, grapple holds it,
    disarm on an arm makes it drop what that hand holds."""
    st: MissionState = ctx.state
    if "knockdown" in weapon.tags and target.posture != DOWN:
        ctx.emit(E.PostureChanged(unit=target.id, posture=DOWN, reason=f"knocked down by {weapon.name}"))
    if "grapple" in weapon.tags and target.grappled_by is None:
        ctx.emit(E.Grappled(unit=target.id, by=u.id))
    if "disarm" in weapon.tags and area in ARMS:
        for w in st.weapons_of(target.id):
            if w.place == HELD and area in w.at:
                ctx.emit(E.WeaponDropped(weapon=w.id, at=target.at, elev=target.elev,
                                         reason=f"disarmed by {weapon.name}"))


def _counter(ctx, target: Unit, attacker_id: str) -> None:
    """Terminology, Counter Roll: after evading, the target may strike back with its primary weapon's flat
    damage (d8 >= its counter stat). This game's reading: the attacker must be within that weapon's range;
    the blow lands on the attacker's torso (a drone's frame)."""
    st: MissionState = ctx.state
    w = K.primary_weapon(st, target)
    if w is None:
        return
    weapon = st.tables.weapons[w.type]
    pos = target_pos(st, attacker_id)
    if pos is None or K.attack_range(target.at, target.elev, pos[0], pos[1]) > weapon.range:
        return
    need = K.counter(st, target).need
    r = ctx.roll(8, f"counter roll with {weapon.name}: needs {need}+", R_TERMS + ": Counter Roll", target.side)
    ok = r >= need
    ctx.emit(E.RollJudged(kind="counter", who=target.id, roll=r, modified=r, need=need, success=ok,
                          rule=R_TERMS + ": Counter Roll"))
    if ok:
        area = "frame" if attacker_id in st.drones else "torso"
        deal(ctx, attacker_id, area, K.flat_damage(st, w, weapon), f"counter with {weapon.name}")
        _check_annihilation(ctx)


def deal(ctx, victim: str, area: str, amount: int, cause: str, redirect: bool = True) -> None:
    """Take ``amount`` off the area's defence points (what goes past zero is lost, this game's reading).
    Defensive Stance sends the damage to the shield or two-handed weapon in hand instead."""
    st: MissionState = ctx.state
    if victim in st.drones:
        d = st.drones[victim]
        left = max(0, d.dp - amount)
        ctx.emit(E.Damaged(unit=victim, area="frame", amount=amount, left=left, cause=cause))
        if left == 0:
            ctx.emit(E.DroneDestroyed(drone=victim, reason="its frame is wrecked"))
        return
    u = st.units[victim]
    if redirect and u.stance == "defensive":
        shield = K.shield_of(st, u)
        if shield is not None:
            area = shield.id
            cause += ", taken on the guard (defensive stance)"
    if area in SECTIONS:
        if u.sections[area] == 0:
            return
        left = max(0, u.sections[area] - amount)
        ctx.emit(E.Damaged(unit=victim, area=area, amount=amount, left=left, cause=cause))
        if left == 0:
            section_destroyed(ctx, u, area)
        return
    w = st.weapons[area]
    left = max(0, w.dp - amount)
    ctx.emit(E.Damaged(unit=victim, area=area, amount=amount, left=left, cause=cause))
    if left == 0:
        weapon_destroyed(ctx, u, w, explode=True)


def weapon_destroyed(ctx, u: Unit, w: WeaponState, explode: bool) -> None:
    """Weapons: a destroyed weapon is lost for the battle. A mounted one explodes for 50% of its flat
    damage (rounded up, this game's reading) into the section it is mounted on."""
    st: MissionState = ctx.state
    was_mounted = w.place == MOUNTED
    ctx.emit(E.WeaponDestroyed(weapon=w.id))
    if u.stance and (u.stance_weapon == w.id or (u.stance == "defensive" and K.shield_of(st, u) is None)):
        ctx.emit(E.StanceEnded(unit=u.id, stance=u.stance, reason=f"its {st.tables.weapons[w.type].name} is destroyed"))
    if explode and was_mounted:
        sec = w.at[0]
        dmg = ceil(st.tables.weapons[w.type].damage / 2)
        deal(ctx, u.id, sec, dmg, f"{st.tables.weapons[w.type].name} explodes", redirect=False)


def section_destroyed(ctx, u: Unit, sec: str) -> None:
    """This game's status effects for a destroyed section: torso - the unit is destroyed; head - -2 to
    Accuracy; an arm - what it holds drops (a two-handed weapon stays in the other hand) and -1 to
    Assault; a leg - thrown down, movement halved, -1 to Evasion. Weapons mounted on a destroyed section
    are destroyed with it (no explosion)."""
    st: MissionState = ctx.state
    ctx.emit(E.SectionDestroyed(unit=u.id, section=sec))
    if sec == "torso":
        destroy_unit(ctx, u, "its torso is destroyed")
        return
    for w in st.weapons_of(u.id):
        if w.place == MOUNTED and w.at[0] == sec:
            weapon_destroyed(ctx, u, w, explode=False)
        elif w.place == HELD and sec in w.at:
            rest = tuple(a for a in w.at if a != sec)
            if rest:
                ctx.emit(E.WeaponRegripped(weapon=w.id, at=rest))
            else:
                ctx.emit(E.WeaponDropped(weapon=w.id, at=u.at, elev=u.elev,
                                         reason=f"its {SECTION_NAMES[sec]} is destroyed"))
    if sec in LEGS and u.posture != DOWN and u.on_board:
        ctx.emit(E.PostureChanged(unit=u.id, posture=DOWN, reason=f"its {SECTION_NAMES[sec]} is destroyed"))


def destroy_unit(ctx, u: Unit, reason: str) -> None:
    st: MissionState = ctx.state
    ctx.emit(E.UnitDestroyed(unit=u.id, reason=reason))
    for d in active_drones(st, u.id):
        ctx.emit(E.DroneDestroyed(drone=d.id, reason="its carrier is destroyed"))
    _check_annihilation(ctx)


# -- command actions -----------------------------------------------------------------------------

def _get_up(ctx, u: Unit, cmd) -> None:
    """Get Up: back on its feet from being thrown down (or from kneeling)."""
    _spend(ctx, u, K.COMMAND_AP, "Get Up")
    ctx.emit(E.PostureChanged(unit=u.id, posture=STANDING, reason="it gets up"))


def _press_on(ctx, u: Unit, cmd) -> None:
    """Press On: one more standard movement point."""
    _spend(ctx, u, K.COMMAND_AP, "Press On")
    ctx.emit(E.MovementGained(unit=u.id, points=1))


def _break_grapple(ctx, u: Unit, cmd) -> None:
    """Break Grapple: an assault roll; success frees the unit, failure leaves it held."""
    st: MissionState = ctx.state
    _spend(ctx, u, K.COMMAND_AP, "Break Grapple")
    stat = K.assault(st, u, None)
    need = stat.need
    r = ctx.roll(8, f"assault roll to break the grapple: needs {need}+", R_COMMAND + ": Break Grapple", u.side,
                 modifiers=stat.modifiers)
    ok = r >= need
    ctx.emit(E.RollJudged(kind="break grapple", who=u.id, roll=r, modified=r, need=need, success=ok,
                          rule=R_COMMAND + ": Break Grapple"))
    if ok:
        ctx.emit(E.GrappleBroken(unit=u.id, reason="it breaks free"))


def _swap(ctx, u: Unit, cmd: C.Swap) -> None:
    """Swapping: a held weapon goes to carried, or a carried one into a free hand (a two-handed weapon
    takes both hands when both are free)."""
    st: MissionState = ctx.state
    w = st.weapons[cmd.weapon]
    _spend(ctx, u, K.COMMAND_AP, "Swap")
    if w.place == HELD:
        ctx.emit(E.WeaponSwapped(weapon=w.id, place=CARRIED, at=()))
    else:
        ctx.emit(E.WeaponSwapped(weapon=w.id, place=HELD, at=_grip(st, u, w)))


def _grip(st: MissionState, u: Unit, w: WeaponState) -> tuple[str, ...]:
    free = K.free_arms(st, u)
    return tuple(free) if st.tables.weapons[w.type].two_handed else (free[-1],)


def _retrieve(ctx, u: Unit, cmd: C.Retrieve) -> None:
    """Retrieving: pick up a friendly unit's dropped weapon on the same hex into an open hand."""
    st: MissionState = ctx.state
    w = st.weapons[cmd.weapon]
    _spend(ctx, u, K.COMMAND_AP, "Retrieve")
    ctx.emit(E.WeaponRetrieved(weapon=w.id, unit=u.id, at=_grip(st, u, w)))


def _launch(ctx, u: Unit, cmd: C.LaunchDrone) -> None:
    """Deploy: one docked drone goes out to a hex within 2 of its carrier (at most 3 active)."""
    st: MissionState = ctx.state
    d = next(d for d in st.drones_of(u.id) if d.at is None and not d.destroyed)
    _spend(ctx, u, K.COMMAND_AP, "Deploy")
    ctx.emit(E.DroneLaunched(drone=d.id, at=cmd.to, elev=K.top(st, cmd.to)))


def _reposition(ctx, u: Unit, cmd: C.Reposition) -> None:
    """Reposition: the active drones move one hex, staying within 2 hexes of their carrier."""
    _spend(ctx, u, K.COMMAND_AP, "Reposition")
    ctx.emit(E.DronesRepositioned(moves=reposition_moves(ctx.state, u, cmd.direction)))


def _recall(ctx, u: Unit, cmd) -> None:
    """Recall: every active drone docks with its carrier, wherever it is."""
    _spend(ctx, u, K.COMMAND_AP, "Recall")
    ctx.emit(E.DronesRecalled(carrier=u.id, drones=tuple(d.id for d in active_drones(ctx.state, u.id))))


def _transform(ctx, u: Unit, cmd) -> None:
    """Transform: at the start of the movement phase, into the vehicle form (or back)."""
    _spend(ctx, u, K.COMMAND_AP, "Transform")
    ctx.emit(E.Transformed(unit=u.id, transformed=not u.transformed))


def _kneel(ctx, u: Unit, cmd) -> None:
    """Kneeling Position: +1 to accuracy rolls, no evasion; once per turn (also the way out of prone)."""
    _spend(ctx, u, K.COMMAND_AP, "Kneel")
    ctx.emit(E.PostureChanged(unit=u.id, posture=KNEELING, reason="it kneels"))


def _prone(ctx, u: Unit, cmd) -> None:
    """Prone Position: +3 to accuracy rolls, no evasion; from kneeling only; once per turn."""
    _spend(ctx, u, K.COMMAND_AP, "Prone")
    ctx.emit(E.PostureChanged(unit=u.id, posture=PRONE, reason="it goes prone"))


def _offensive(ctx, u: Unit, cmd: C.OffensiveStance) -> None:
    """Offensive Stance: take aim along the facing with one weapon, ready to fire out of turn."""
    _spend(ctx, u, K.COMMAND_AP, "Offensive Stance")
    ctx.emit(E.StanceTaken(unit=u.id, stance="offensive", weapon=cmd.weapon))


def _defensive(ctx, u: Unit, cmd) -> None:
    """Defensive Stance: the shield or two-handed weapon in hand takes all incoming damage."""
    _spend(ctx, u, K.COMMAND_AP, "Defensive Stance")
    ctx.emit(E.StanceTaken(unit=u.id, stance="defensive", weapon=K.shield_of(ctx.state, u).id))


_HANDLERS = {
    C.Move: _move, C.Turn: _turn, C.Thrust: _thrust, C.EndPhase: _end_phase, C.EndTurn: _end_unit_turn,
    C.Attack: _attack, C.GetUp: _get_up, C.PressOn: _press_on, C.BreakGrapple: _break_grapple, C.Swap: _swap,
    C.Retrieve: _retrieve, C.LaunchDrone: _launch, C.Reposition: _reposition, C.Recall: _recall,
    C.Transform: _transform, C.Kneel: _kneel, C.Prone: _prone, C.OffensiveStance: _offensive,
    C.DefensiveStance: _defensive,
}
