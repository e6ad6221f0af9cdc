"""30 Minute Missions orders, one type at a time: the reason each is refused (``check_*``), the orders of that
type legal now (``offer_*``) and its resolution (``resolve_*``). :mod:`.rulebook` registers them side by side;
the command actions are in :mod:`.actions`.

Unit Deployment: the sides place their units in turn. Turn Order: a side activates one unit, which then
gives its orders through the Phases of Combat (movement, ranged, close; each may be skipped, never revisited).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import attacks as A
from . import combat as K
from . import commands as C
from . import events as E
from .odds import ap_pool
from .rules import (
    R_MOVE,
    active_drones,
    after_order,
    areas_of,
    attack_block,
    begin_phase,
    deploy_hexes,
    end_turn,
    mp_left,
    side_name,
    spend,
    start_facing,
    strike_block,
    thrust_path,
    unacted,
    unplaced,
    weapon_of_attack,
)
from .state import BATTLE, CLOSE, DEPLOY, DOWN, MOVEMENT, PRONE, RANGED, STANDING, MissionState, Unit

OrderT = TypeVar("OrderT")


class ByUnit(Protocol):
    """An order given by one unit (every order but deployment's and activation's, and those name it too)."""

    @property
    def unit(self) -> str: ...


UnitOrderT = TypeVar("UnitOrderT", bound=ByUnit)
UnitOrder = C.Move | C.Turn | C.Thrust | C.EndPhase | C.EndTurn | C.Attack


# -- what every order of a unit waits for ----------------------------------------------------------------

def whole(**fields: object) -> str | None:
    """A save holds whole numbers only: 1.0, True, "1" or None in a number field are refused."""
    for name, value in fields.items():
        if type(value) is not int:
            return f"{name} must be a whole number, not {value!r}"
    return None


def a_hex(to: object) -> str | None:
    """A hex read from a save is a Hex of whole numbers, or it is refused."""
    if type(to) is Hex and type(to.q) is int and type(to.r) is int:
        return None
    return f"{to!r} is not a hex"


def acting(st: MissionState, uid: str) -> tuple[Unit | None, str | None]:
    """The unit ``uid`` if it is the one acting now (Turn Order), else why it may not give an order."""
    if uid not in st.units:
        return None, f"there is no unit {uid}"
    if st.result is not None:
        return None, "the battle is over"
    if st.stage != BATTLE:
        return None, "the battle has not begun: units are still deploying"
    if st.turn is None:
        return None, "no unit is acting: activate one first"
    if st.turn.unit != uid:
        return None, f"it is {st.units[st.turn.unit].name}'s turn, not {st.units[uid].name}'s"
    return st.units[uid], None


def acting_unit(st: MissionState) -> Unit | None:
    """The unit giving orders now, if any (the offers of every unit order start from it)."""
    if st.result is not None or st.stage != BATTLE or st.turn is None:
        return None
    return st.units[st.turn.unit]


def in_movement(st: MissionState) -> bool:
    return st.turn is not None and st.turn.phase == MOVEMENT


def legal(check: Callable[[MissionState, OrderT], str | None], st: MissionState,
          candidates: list[OrderT]) -> list[OrderT]:
    """The candidates the order's own check allows."""
    return [c for c in candidates if check(st, c) is None]


def unit_order(body: Callable[[Resolution, MissionState, Unit, UnitOrderT], None]
               ) -> Callable[[Resolution, UnitOrderT], None]:
    """An order of the acting unit; if it was destroyed on the way (a counter roll, a reaction attack), its
    turn ends."""

    def resolve(ctx: Resolution, cmd: UnitOrderT) -> None:
        st: MissionState = ctx.state
        body(ctx, st, st.units[cmd.unit], cmd)
        after_order(ctx)

    resolve.__doc__ = body.__doc__
    return resolve


# -- Place (Unit Deployment) -----------------------------------------------------------------------------

def check_place(st: MissionState, cmd: C.Place) -> str | None:
    why = a_hex(cmd.to)
    if why:
        return why
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
    return K.room_for(st, u, cmd.to, min(K.levels(st, cmd.to)))


def offer_place(st: MissionState) -> list[C.Place]:
    if st.result is not None or st.stage != DEPLOY or st.active is None:
        return []
    side = st.active
    return legal(check_place, st, [C.Place(u.id, h) for u in unplaced(st, side) for h in deploy_hexes(st, side)])


def resolve_place(ctx: Resolution, cmd: C.Place) -> None:
    """Unit Deployment: players alternate, one unit at a time; a player with none left to place passes
    the rest to the other. Once all are down the first round begins with the first player."""
    st: MissionState = ctx.state
    u = st.units[cmd.unit]
    ctx.emit(E.UnitPlaced(unit=u.id, at=cmd.to, elev=min(K.levels(st, cmd.to)), facing=start_facing(st, u.side)))
    other = st.other(u.side)
    if unplaced(st, other):
        ctx.emit(E.SideToAct(side=other))
    elif not unplaced(st, u.side):
        assert st.first is not None  # chosen by the roll-off
        ctx.emit(E.RoundBegan(round=1, side=st.first))
        ctx.emit(E.SideToAct(side=st.first))


# -- Activate (Turn Order) ---------------------------------------------------------------------------------

def check_activate(st: MissionState, cmd: C.Activate) -> str | None:
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


def offer_activate(st: MissionState) -> list[C.Activate]:
    if st.result is not None or st.stage != BATTLE or st.turn is not None or st.active is None:
        return []
    return [C.Activate(u.id) for u in unacted(st, st.active)]


def resolve_activate(ctx: Resolution, cmd: C.Activate) -> None:
    """Movement Phase: the unit's stance ends as its turn begins; its AP pool is its base AP plus a d8."""
    st: MissionState = ctx.state
    u = st.units[cmd.unit]
    if u.stance:
        ctx.emit(E.StanceEnded(unit=u.id, stance=u.stance, reason="its next turn begins"))
    base = K.core(st, u).base_ap
    roll = ctx.roll(8, f"action points: {base} base AP + d8", R_MOVE, u.side)
    ctx.emit(E.UnitActivated(unit=u.id, base_ap=base, roll=roll, ap=ap_pool(base, roll)))


# -- EndPhase and EndTurn (Phases of Combat) -----------------------------------------------------------------

def check_end_phase(st: MissionState, cmd: C.EndPhase) -> str | None:
    return acting(st, cmd.unit)[1]


def offer_end_phase(st: MissionState) -> list[C.EndPhase]:
    u = acting_unit(st)
    return [C.EndPhase(u.id)] if u is not None else []


@unit_order
def resolve_end_phase(ctx: Resolution, st: MissionState, u: Unit, cmd: C.EndPhase) -> None:
    """Phases of Combat: movement, then ranged, then close combat; a phase may be skipped, never
    revisited. After thruster movement the combat phases are forfeit."""
    t = st.turn
    assert t is not None  # checked
    if t.phase == MOVEMENT and not t.thrusted:
        begin_phase(ctx, u, RANGED)
    elif t.phase == RANGED:
        begin_phase(ctx, u, CLOSE)
    else:
        end_turn(ctx, u, "its phases are done")


def check_end_turn(st: MissionState, cmd: C.EndTurn) -> str | None:
    return acting(st, cmd.unit)[1]


def offer_end_turn(st: MissionState) -> list[C.EndTurn]:
    u = acting_unit(st)
    return [C.EndTurn(u.id)] if u is not None else []


@unit_order
def resolve_end_turn(ctx: Resolution, st: MissionState, u: Unit, cmd: C.EndTurn) -> None:
    """Phases of Combat: the unit skips every phase left."""
    end_turn(ctx, u, "it skips the phases left")


# -- Move (Movement Phase) -----------------------------------------------------------------------------------

def _may_walk(st: MissionState, u: Unit) -> str | None:
    """Movement Phase: only in the movement phase, on its feet and not held."""
    if not in_movement(st):
        return "the movement phase is over; phases are never revisited"
    if u.posture != STANDING:
        return f"a {u.posture} unit must get up before it moves"
    if u.grappled_by:
        return "a grappled unit cannot move; break the grapple first"
    return None


def check_move(st: MissionState, cmd: C.Move) -> str | None:
    u, why = acting(st, cmd.unit)
    why = a_hex(cmd.to) or why
    if why or u is None:
        return why
    why = _may_walk(st, u)
    if why:
        return why
    if cmd.to not in K.front_hexes(u):
        return "units only step into the three hexes in front of them"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the battlefield"
    elev = K.walk_level(st, u.elev, cmd.to)
    if elev is None:
        return "too high to climb: a step climbs one level at most (thrusters can go higher)"
    why = K.room_for(st, u, cmd.to, elev)
    if why:
        return why
    cost = K.step_cost(st, cmd.to, elev)
    if cost > mp_left(st):
        return f"the step costs {plural(cost, 'movement point')}; {mp_left(st)} left"
    return None


def offer_move(st: MissionState) -> list[C.Move]:
    u = acting_unit(st)
    if u is None or not in_movement(st):
        return []
    return legal(check_move, st, [C.Move(u.id, h) for h in K.front_hexes(u)])


@unit_order
def resolve_move(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Move) -> None:
    """Movement Phase: step into one of the three hexes in front, paying standard movement points.
    Stepping down two or more levels is a fall (Terminology: Fall Damage)."""
    frm, frm_elev = u.at, u.elev
    assert frm is not None  # the acting unit is on the battlefield
    elev = K.walk_level(st, u.elev, cmd.to)
    assert elev is not None  # checked
    cost = K.step_cost(st, cmd.to, elev)
    before = A.stance_watch(st, u)
    ctx.emit(E.UnitStepped(unit=u.id, frm=frm, to=cmd.to, elev=elev, cost=cost))
    A.release_grapples_by(ctx, u)
    A.drones_follow(ctx, u, frm)
    drop = frm_elev - elev
    if drop >= 2:
        A.fall(ctx, u, drop)
    if u.on_board:
        A.reactions(ctx, u, before)


# -- Turn (Movement Phase) -----------------------------------------------------------------------------------

def check_turn(st: MissionState, cmd: C.Turn) -> str | None:
    why = whole(facing=cmd.facing)
    u, refused = acting(st, cmd.unit)
    why = why or refused
    if why or u is None or st.turn is None:
        return why
    if not in_movement(st):
        return "turning is movement, and the movement phase is over"
    if not 0 <= cmd.facing <= 5 or cmd.facing == u.facing:
        return "choose a new facing, 0..5, other than the present one"
    if u.posture in (DOWN, PRONE):
        return f"a {u.posture} unit cannot turn; it must get up first"
    if st.turn.free_turn_used and mp_left(st) < 1:
        return "the free turn is used and no movement point is left"
    return None


def offer_turn(st: MissionState) -> list[C.Turn]:
    u = acting_unit(st)
    if u is None or not in_movement(st):
        return []
    return legal(check_turn, st, [C.Turn(u.id, f) for f in range(6) if f != u.facing])


@unit_order
def resolve_turn(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Turn) -> None:
    """Movement Phase: turning on the spot costs 1 standard movement point; once per movement phase it is
    free (any new facing, this game's reading)."""
    assert st.turn is not None  # checked
    cost = 1 if st.turn.free_turn_used else 0
    ctx.emit(E.UnitTurned(unit=u.id, facing=cmd.facing, cost=cost))


# -- Thrust (Terminology: Thruster Movement) -----------------------------------------------------------------

def check_thrust(st: MissionState, cmd: C.Thrust) -> str | None:
    why = whole(direction=cmd.direction, distance=cmd.distance)
    u, refused = acting(st, cmd.unit)
    why = why or refused
    if why or u is None or st.turn is None:
        return why
    thr = st.tables.designs[u.design].thrusters
    if not thr:
        return "this design has no thrusters"
    spec = st.tables.thrusters[thr]
    if not in_movement(st):
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


def offer_thrust(st: MissionState) -> list[C.Thrust]:
    u = acting_unit(st)
    if u is None or not in_movement(st):
        return []
    thr = st.tables.designs[u.design].thrusters
    if not thr:
        return []
    reach = st.tables.thrusters[thr].range
    return legal(check_thrust, st, [C.Thrust(u.id, d, n) for d in range(6) for n in range(1, reach + 1)])


@unit_order
def resolve_thrust(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Thrust) -> None:
    """Terminology, Thruster Movement: a straight flight, stopping short of an obstacle; it costs the
    thrusters' AP and forfeits both combat phases."""
    spec = st.tables.thrusters[st.tables.designs[u.design].thrusters]
    path, elev = thrust_path(st, u, cmd.direction, cmd.distance)
    spend(ctx, u, spec.ap, spec.name)
    frm = u.at
    assert frm is not None  # the acting unit is on the battlefield
    before = A.stance_watch(st, u)
    ctx.emit(E.ThrusterFlight(unit=u.id, path=tuple(path), to=path[-1], elev=elev, asked=cmd.distance,
                              stopped_short=len(path) < cmd.distance))
    A.release_grapples_by(ctx, u)
    A.drones_follow(ctx, u, frm)
    A.reactions(ctx, u, before)


# -- Attack (Ranged / Close Combat Phase) ----------------------------------------------------------------------

def check_attack(st: MissionState, cmd: C.Attack) -> str | None:
    u, why = acting(st, cmd.unit)
    if why or u is None:
        return why
    why = attack_block(st, u, cmd.weapon)
    if why:
        return why
    if cmd.target in st.units:
        if st.units[cmd.target].side == u.side:
            return "that is a friendly unit"
    elif cmd.target in st.drones:
        if st.drones[cmd.target].side == u.side:
            return "that is a friendly drone"
    else:
        return f"there is no target {cmd.target}"
    why = strike_block(st, u, cmd.weapon, cmd.target)
    if why:
        return why
    if cmd.area not in areas_of(st, cmd.target):
        return f"{cmd.area} is not an area that can be attacked on {cmd.target}"
    return None


def offer_attack(st: MissionState) -> list[C.Attack]:
    """Every weapon (and active drone) x target x area: each weapon and target is checked once."""
    u = acting_unit(st)
    if u is None:
        return []
    weapons = [w.id for w in st.weapons_of(u.id)] + [d.id for d in active_drones(st, u.id)]
    targets = [t.id for t in st.units.values() if t.side != u.side and t.on_board]
    targets += [d.id for d in st.drones.values() if d.side != u.side and d.active]
    out: list[C.Attack] = []
    for wid in weapons:
        if attack_block(st, u, wid) is not None:
            continue
        for tid in targets:
            if strike_block(st, u, wid, tid) is None:
                out += [C.Attack(u.id, wid, tid, a) for a in areas_of(st, tid)]
    return out


@unit_order
def resolve_attack(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Attack) -> None:
    """Ranged / Close Combat Phase: the weapon's kind moves the unit on to its phase, then it attacks."""
    weapon, _, _ = weapon_of_attack(st, u.id, cmd.weapon)
    begin_phase(ctx, u, RANGED if weapon.kind == "ranged" else CLOSE)
    A.attack(ctx, u, cmd.weapon, cmd.target, cmd.area)


# -- why a unit has no order -------------------------------------------------------------------------------

def idle_reason(st: MissionState, uid: str | None) -> str:
    """Why unit ``uid`` (None: any unit) has no order now, from the checks that refuse one: deployment,
    whose turn it is, which unit is acting, whether it has acted this round."""
    if st.result is not None:
        return "the battle is over"
    if uid is not None and uid in st.drones:
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
        return check_activate(st, C.Activate(uid)) or f"{u.name} cannot be activated now"
    if st.turn.unit != uid:
        return f"{st.units[st.turn.unit].name} is acting: only it takes orders until its turn ends"
    return f"{u.name} has no order it can pay for or take in this phase"


