"""30 Minute Missions command actions, one type at a time: the reason each is refused (``check_*``), the
orders of that type legal now (``offer_*``) and its resolution (``resolve_*``). :mod:`.rulebook` registers them.

Command Actions: "All Command Actions require 2 Action Points" and may be taken in any phase of the acting
unit's turn (Press On and Transform only in its movement phase).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hexfront.engine.core.hexes import hex_distance, hexes_within
from hexfront.engine.core.resolution import Resolution

from . import combat as K
from . import commands as C
from . import events as E
from .data import LEGS, MAX_CARRIED
from .odds import reaches
from .orders import ByUnit, a_hex, acting, acting_unit, in_movement, legal, whole
from .rules import R_COMMAND, active_drones, after_order, reposition_moves, spend
from .state import CARRIED, DOWN, DROPPED, HELD, KNEELING, PRONE, STANDING, MissionState, Unit, WeaponState

OrderT = TypeVar("OrderT", bound=ByUnit)


def commanding(st: MissionState, uid: str) -> tuple[Unit | None, str | None]:
    """The acting unit ``uid`` if it has the 2 AP a command action needs, else why not."""
    u, why = acting(st, uid)
    if why or u is None or st.turn is None:
        return None, why
    if st.turn.ap < K.COMMAND_AP:
        return None, f"a command action needs {K.COMMAND_AP} AP; {st.turn.ap} left"
    return u, None



def command_action(name: str) -> Callable[[Callable[[Resolution, MissionState, Unit, OrderT], None]],
                                          Callable[[Resolution, OrderT], None]]:
    """A command action named ``name`` in the AP log: its 2 AP are spent, then it is taken; if the unit was
    destroyed on the way, its turn ends."""

    def wrap(body: Callable[[Resolution, MissionState, Unit, OrderT], None]) -> Callable[[Resolution, OrderT], None]:
        def resolve(ctx: Resolution, cmd: OrderT) -> None:
            st: MissionState = ctx.state
            u = st.units[cmd.unit]
            spend(ctx, u, K.COMMAND_AP, name)
            body(ctx, st, u, cmd)
            after_order(ctx)

        resolve.__doc__ = body.__doc__
        return resolve

    return wrap


# -- Get Up ------------------------------------------------------------------------------------------------

def check_get_up(st: MissionState, cmd: C.GetUp) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
    if u.posture == DOWN:
        if all(u.sections[a] == 0 for a in LEGS):
            return "with both legs destroyed the unit cannot get up"
        return None
    if u.posture == KNEELING:
        return None
    if u.posture == PRONE:
        return "a prone unit must kneel before it gets up"
    return "the unit is already on its feet"


def offer_get_up(st: MissionState) -> list[C.GetUp]:
    u = acting_unit(st)
    return legal(check_get_up, st, [C.GetUp(u.id)]) if u is not None else []


@command_action("Get Up")
def resolve_get_up(ctx: Resolution, st: MissionState, u: Unit, cmd: C.GetUp) -> None:
    """Get Up: back on its feet from being thrown down (or from kneeling)."""
    ctx.emit(E.PostureChanged(unit=u.id, posture=STANDING, reason="it gets up"))


# -- Press On ----------------------------------------------------------------------------------------------

def check_press_on(st: MissionState, cmd: C.PressOn) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
    return None if in_movement(st) else "movement points are only of use in the movement phase"


def offer_press_on(st: MissionState) -> list[C.PressOn]:
    u = acting_unit(st)
    return legal(check_press_on, st, [C.PressOn(u.id)]) if u is not None and in_movement(st) else []


@command_action("Press On")
def resolve_press_on(ctx: Resolution, st: MissionState, u: Unit, cmd: C.PressOn) -> None:
    """Press On: one more standard movement point."""
    ctx.emit(E.MovementGained(unit=u.id, points=1))


# -- Break Grapple -----------------------------------------------------------------------------------------

def check_break_grapple(st: MissionState, cmd: C.BreakGrapple) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
    return None if u.grappled_by else "the unit is not grappled"


def offer_break_grapple(st: MissionState) -> list[C.BreakGrapple]:
    u = acting_unit(st)
    return legal(check_break_grapple, st, [C.BreakGrapple(u.id)]) if u is not None else []


@command_action("Break Grapple")
def resolve_break_grapple(ctx: Resolution, st: MissionState, u: Unit, cmd: C.BreakGrapple) -> None:
    """Break Grapple: an assault roll; success frees the unit, failure leaves it held."""
    stat = K.assault(st, u, None)
    need = stat.need
    rule = R_COMMAND + ": Break Grapple"
    r = ctx.roll(8, f"assault roll to break the grapple: needs {need}+", rule, u.side, modifiers=stat.modifiers)
    ok = reaches(r, need)
    ctx.emit(E.RollJudged(kind="break grapple", who=u.id, roll=r, modified=r, need=need, success=ok, rule=rule))
    if ok:
        ctx.emit(E.GrappleBroken(unit=u.id, reason="it breaks free"))


# -- Swap and Retrieve ---------------------------------------------------------------------------------------

def _grip(st: MissionState, u: Unit, w: WeaponState) -> tuple[str, ...]:
    """The hands a weapon is taken in: both free ones for a two-handed weapon, else the last free one."""
    free = K.free_arms(st, u)
    return tuple(free) if st.tables.weapons[w.type].two_handed else (free[-1],)


def check_swap(st: MissionState, cmd: C.Swap) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
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


def offer_swap(st: MissionState) -> list[C.Swap]:
    u = acting_unit(st)
    return legal(check_swap, st, [C.Swap(u.id, w.id) for w in st.weapons_of(u.id)]) if u is not None else []


@command_action("Swap")
def resolve_swap(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Swap) -> None:
    """Swapping: a held weapon goes to carried, or a carried one into a free hand (a two-handed weapon
    takes both hands when both are free)."""
    w = st.weapons[cmd.weapon]
    if w.place == HELD:
        ctx.emit(E.WeaponSwapped(weapon=w.id, place=CARRIED, at=()))
    else:
        ctx.emit(E.WeaponSwapped(weapon=w.id, place=HELD, at=_grip(st, u, w)))


def check_retrieve(st: MissionState, cmd: C.Retrieve) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
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


def offer_retrieve(st: MissionState) -> list[C.Retrieve]:
    u = acting_unit(st)
    if u is None:
        return []
    return legal(check_retrieve, st, [C.Retrieve(u.id, w.id) for w in st.weapons.values()
                                      if w.place == DROPPED and w.ground == u.at])


@command_action("Retrieve")
def resolve_retrieve(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Retrieve) -> None:
    """Retrieving: pick up a friendly unit's dropped weapon on the same hex into an open hand."""
    w = st.weapons[cmd.weapon]
    ctx.emit(E.WeaponRetrieved(weapon=w.id, unit=u.id, at=_grip(st, u, w)))


# -- Drones: Deploy, Reposition, Recall ------------------------------------------------------------------------

def check_launch_drone(st: MissionState, cmd: C.LaunchDrone) -> str | None:
    u, why = commanding(st, cmd.unit)
    why = a_hex(cmd.to) or why
    if why or u is None or u.at is None:
        return why
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


def offer_launch_drone(st: MissionState) -> list[C.LaunchDrone]:
    u = acting_unit(st)
    if u is None or u.at is None or not u.docked or len(active_drones(st, u.id)) >= K.MAX_DRONES:
        return []
    return legal(check_launch_drone, st, [C.LaunchDrone(u.id, h) for h in hexes_within(u.at, K.DRONE_RADIUS)])


@command_action("Deploy")
def resolve_launch_drone(ctx: Resolution, st: MissionState, u: Unit, cmd: C.LaunchDrone) -> None:
    """Deploy: one docked drone goes out to a hex within 2 of its carrier (at most 3 active)."""
    d = next(d for d in st.drones_of(u.id) if d.at is None and not d.destroyed)
    ctx.emit(E.DroneLaunched(drone=d.id, at=cmd.to, elev=K.top(st, cmd.to)))


def check_reposition(st: MissionState, cmd: C.Reposition) -> str | None:
    why = whole(direction=cmd.direction)
    u, refused = commanding(st, cmd.unit)
    why = why or refused
    if why or u is None:
        return why
    if not active_drones(st, u.id):
        return "the unit has no active drones"
    if not 0 <= cmd.direction <= 5:
        return "a direction is 0..5"
    if not reposition_moves(st, u, cmd.direction):
        return "no drone can move that way and stay within 2 hexes of its carrier"
    return None


def offer_reposition(st: MissionState) -> list[C.Reposition]:
    u = acting_unit(st)
    return legal(check_reposition, st, [C.Reposition(u.id, d) for d in range(6)]) if u is not None else []


@command_action("Reposition")
def resolve_reposition(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Reposition) -> None:
    """Reposition: the active drones move one hex, staying within 2 hexes of their carrier."""
    ctx.emit(E.DronesRepositioned(moves=reposition_moves(st, u, cmd.direction)))


def check_recall(st: MissionState, cmd: C.Recall) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
    return None if active_drones(st, u.id) else "the unit has no active drones"


def offer_recall(st: MissionState) -> list[C.Recall]:
    u = acting_unit(st)
    return legal(check_recall, st, [C.Recall(u.id)]) if u is not None else []


@command_action("Recall")
def resolve_recall(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Recall) -> None:
    """Recall: every active drone docks with its carrier, wherever it is."""
    ctx.emit(E.DronesRecalled(carrier=u.id, drones=tuple(d.id for d in active_drones(st, u.id))))


# -- Transform -------------------------------------------------------------------------------------------------

def check_transform(st: MissionState, cmd: C.Transform) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None or st.turn is None:
        return why
    if not st.tables.designs[u.design].alt_form:
        return "this design cannot transform"
    if not in_movement(st) or st.turn.moved:
        return "a unit transforms at the start of its movement phase, before it moves"
    if u.posture != STANDING:
        return "the unit must be standing to transform"
    return None


def offer_transform(st: MissionState) -> list[C.Transform]:
    u = acting_unit(st)
    return legal(check_transform, st, [C.Transform(u.id)]) if u is not None and in_movement(st) else []


@command_action("Transform")
def resolve_transform(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Transform) -> None:
    """Transform: at the start of the movement phase, into the vehicle form (or back)."""
    ctx.emit(E.Transformed(unit=u.id, transformed=not u.transformed))


# -- Kneel and Prone -------------------------------------------------------------------------------------------

def check_kneel(st: MissionState, cmd: C.Kneel) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None or st.turn is None:
        return why
    if u.transformed:
        return "a transformed unit has no control of its limbs"
    if st.turn.kneeled:
        return "the unit has already knelt this turn"
    if u.posture not in (STANDING, PRONE):
        return f"a {u.posture} unit cannot kneel"
    return None


def offer_kneel(st: MissionState) -> list[C.Kneel]:
    u = acting_unit(st)
    return legal(check_kneel, st, [C.Kneel(u.id)]) if u is not None else []


@command_action("Kneel")
def resolve_kneel(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Kneel) -> None:
    """Kneeling Position: +1 to accuracy rolls, no evasion; once per turn (also the way out of prone)."""
    ctx.emit(E.PostureChanged(unit=u.id, posture=KNEELING, reason="it kneels"))


def check_prone(st: MissionState, cmd: C.Prone) -> str | None:
    """Prone Position: kneel first; the front may not be obstructed by a structure or another unit."""
    u, why = commanding(st, cmd.unit)
    if why or u is None or st.turn is None or u.at is None:
        return why
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


def offer_prone(st: MissionState) -> list[C.Prone]:
    u = acting_unit(st)
    return legal(check_prone, st, [C.Prone(u.id)]) if u is not None else []


@command_action("Prone")
def resolve_prone(ctx: Resolution, st: MissionState, u: Unit, cmd: C.Prone) -> None:
    """Prone Position: +3 to accuracy rolls, no evasion; from kneeling only; once per turn."""
    ctx.emit(E.PostureChanged(unit=u.id, posture=PRONE, reason="it goes prone"))


# -- Stances ---------------------------------------------------------------------------------------------------

def check_offensive_stance(st: MissionState, cmd: C.OffensiveStance) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
    if cmd.weapon not in st.weapons:
        return f"there is no weapon {cmd.weapon}"
    why = K.usable(st, u, st.weapons[cmd.weapon])
    if why:
        return why
    if u.stance == "offensive":
        return "the unit is already in offensive stance"
    if u.posture == DOWN:
        return "a unit that has been thrown down cannot take aim"
    return None


def offer_offensive_stance(st: MissionState) -> list[C.OffensiveStance]:
    u = acting_unit(st)
    if u is None:
        return []
    return legal(check_offensive_stance, st, [C.OffensiveStance(u.id, w.id) for w in st.weapons_of(u.id)])


@command_action("Offensive Stance")
def resolve_offensive_stance(ctx: Resolution, st: MissionState, u: Unit, cmd: C.OffensiveStance) -> None:
    """Offensive Stance: take aim along the facing with one weapon, ready to fire out of turn."""
    ctx.emit(E.StanceTaken(unit=u.id, stance="offensive", weapon=cmd.weapon))


def check_defensive_stance(st: MissionState, cmd: C.DefensiveStance) -> str | None:
    u, why = commanding(st, cmd.unit)
    if why or u is None:
        return why
    if u.stance == "defensive":
        return "the unit is already in defensive stance"
    if u.transformed:
        return "a transformed unit has no control of its limbs"
    if K.shield_of(st, u) is None:
        return "defensive stance needs a shield or a two-handed weapon in hand"
    return None


def offer_defensive_stance(st: MissionState) -> list[C.DefensiveStance]:
    u = acting_unit(st)
    return legal(check_defensive_stance, st, [C.DefensiveStance(u.id)]) if u is not None else []


@command_action("Defensive Stance")
def resolve_defensive_stance(ctx: Resolution, st: MissionState, u: Unit, cmd: C.DefensiveStance) -> None:
    """Defensive Stance: the shield or two-handed weapon in hand takes all incoming damage."""
    shield = K.shield_of(st, u)
    assert shield is not None  # checked
    ctx.emit(E.StanceTaken(unit=u.id, stance="defensive", weapon=shield.id))
