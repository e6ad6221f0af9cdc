"""Vehicles on the ground: movement with facing, transport, towing, suppression, close assault and
tank shock (Armoured Dustup: Vehicles).

What lives where:

* **Movement** goes through the ordinary :class:`~engine.systems.dustup.commands.Move`
  (rules.py): a vehicle rolls its movement die (D12; mechs and monsters D6) for points and pays 1,
  2 or 3 a hex by the class of the hex on its mover's table (``ground.vehicle_class``: one class
  harder per damage marker and while suppressed; past difficult is impassable). A vehicle may move
  while suppressed, never props; an immobilised vehicle, a turret or a building cannot move, and
  aircraft fly by their own orders. After a move (:func:`AFTER_MOVE`) the vehicle faces the way
  of its last step and its ``moves`` count goes up by one (weapon stabilisation reads it); a
  vehicle it tows follows into the hex it left last.
* **Turn** (this game's reading): the book gives facing no cost, so a vehicle may use a move
  action to turn on the spot to any facing; a super-heavy vehicle's turret turns too (without
  counting as a move).
* **Transport of Infantry**: Embark and Disembark, one action of the passenger unit each.
  "Within 2 inches" is the vehicle's hex or a hex next to it. Capacity counts figures.
* **Towing and Pushing**: Tow (a reorganise action) and Release; the tower's die is halved.
* **Tank Shock**: :class:`TankShock` (resolved in tankshock.py). The close assault on vehicles and by
  mechs and monsters is in assault.py and its parts (closecombat.py, defensivefire.py), which use
  :func:`infantry_attack`, :func:`apply_hit` and :func:`defensive_fire_at_vehicle` from here.
* :func:`bail_out`: the passengers of a destroyed vehicle get out onto free hexes next to the wreck.
  The fire modules call it when their fire destroys a carrier; :func:`apply_hit` calls it itself.
* **Crew dismount** (Close Assault): a ground vehicle's crew (``crew`` in vehicles.toml) may get out
  to fight off a close assault (assault.py asks). :func:`dismount_crew` sets them down as an
  infantry unit (:class:`CrewDismounted`) on a free hex next to the vehicle (this game's reading: a
  hex holds one unit, so they step out beside it, on the attackers' side if they can). The vehicle is
  then unmanned: it is not activated, moves, turns and fires not at all, until its own crew gets
  back in with an ordinary Embark (one action, from its hex or next to it). Its passengers stay.

The rules live in one module per part of the book (issue 19): this one keeps the commands, Turn,
Tow and Release, the hooks, and gathers the action tables in their order; vehiclefacts.py holds
what the parts share (rule names, loads, a vehicle's drive, the grenade impact); vehicledamage.py
hits on vehicles, destruction and bailing out; vehicleassault.py infantry against vehicles, final
defensive fire by and at vehicles and the crew dismounting (with its event); transport.py Embark
and Disembark. The names imported ``as`` themselves are read as vehicles.<name> (tankshock, the
assault and fire modules, air's parts, rules, describe, ai, tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, ground, transport, vehicleassault
from . import events as E
from .action import Action, Decision
from .ground import GROUND, tow_refusal, tower_of  # noqa: F401  (also read as vehicles.<name>)
from .state import DustState, Unit
from .transport import Disembark as Disembark
from .transport import Embark as Embark
from .vehicleassault import CrewDismounted as CrewDismounted
from .vehicleassault import crew_refusal as crew_refusal
from .vehicleassault import defensive_fire_at_vehicle as defensive_fire_at_vehicle
from .vehicleassault import dismount_crew as dismount_crew
from .vehicleassault import firing_passengers as firing_passengers
from .vehicleassault import infantry_attack as infantry_attack
from .vehicleassault import vehicle_weapons_fire as vehicle_weapons_fire
from .vehicledamage import apply_hit as apply_hit
from .vehicledamage import bail_out as bail_out
from .vehicledamage import destroy as destroy
from .vehicledamage import free_for as free_for
from .vehiclefacts import R_CREW as R_CREW
from .vehiclefacts import R_MOVE, R_TOW
from .vehiclefacts import R_TANK as R_TANK
from .vehiclefacts import as_units as as_units
from .vehiclefacts import drove as drove
from .vehiclefacts import fights as fights

# ---------------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class Turn:
    """A vehicle uses a move action to turn on the spot to ``facing`` (0 east, counter-clockwise)."""

    unit: str
    facing: int


@attrs.frozen
class Tow:
    """Attach tow cables to (or line up to push) ``other``, next to the vehicle (Towing and Pushing)."""

    unit: str
    other: str


@attrs.frozen
class Release:
    """Drop the vehicle being towed or pushed."""

    unit: str


@attrs.frozen
class TankShock:
    """The vehicle drives at an enemy infantry unit to shock and overrun it (Tank Shock)."""

    unit: str
    target: str


COMMANDS: tuple[type, ...] = (Turn, Embark, Disembark, Tow, Release, TankShock)


# ---------------------------------------------------------------------------------------------
# Turn
# ---------------------------------------------------------------------------------------------


def _turn_check(st: DustState, u: Unit, cmd: Turn) -> str | None:
    if u.vehicle not in GROUND and u.vehicle != "turret":
        return f"{u.name} has no facing to change" if not u.is_vehicle else f"{u.name} cannot turn this way"
    if not 0 <= cmd.facing <= 5:
        return "a facing is a hex side, 0 to 5"
    if cmd.facing == u.facing:
        return f"{u.name} already faces that way"
    if u.crew_out:
        return ground.unmanned(u)
    if u.vehicle != "turret" and u.immobilised:
        return f"{u.name} is immobilised: it cannot turn"
    if u.vehicle != "turret" and tower_of(st, u) is not None:
        return f"{u.name} is under tow: it cannot turn on its own"
    return None


def _turn_resolve(ctx: Resolution, u: Unit, cmd: Turn) -> None:
    acts.spend(ctx, u, "turn")
    ctx.emit(E.Turned(unit=u.id, facing=cmd.facing, reason="turns on the spot", rule=R_MOVE))
    if u.vehicle != "turret":
        ctx.emit(E.MoveMade(unit=u.id, reason="a move action spent turning", rule=R_MOVE))


def _turn_offer(st: DustState, u: Unit) -> list[Turn]:
    if u.vehicle not in GROUND and u.vehicle != "turret":
        return []
    return [Turn(u.id, d) for d in range(6) if d != u.facing]


# ---------------------------------------------------------------------------------------------
# Towing and pushing
# ---------------------------------------------------------------------------------------------


def _tow_check(st: DustState, u: Unit, cmd: Tow) -> str | None:
    if u.vehicle not in GROUND:
        return f"{u.name} cannot tow or push" if u.is_vehicle else f"{u.name} is not a vehicle"
    why = tow_refusal(st, u)
    if why:
        return why
    o = st.units.get(cmd.other)
    if o is None:
        return f"there is no unit '{cmd.other}'"
    if o.id == u.id:
        return "a vehicle cannot tow itself"
    if o.side != u.side:
        return f"{o.name} is the enemy's"
    if o.vehicle not in GROUND or not o.mover:
        return f"{o.name} cannot be towed"
    if not o.on_table:
        return f"{o.name} is not on the table" if not o.destroyed else f"{o.name} is destroyed"
    if hex_distance(u.hex, o.hex) != 1:
        return f"{o.name} must be next to {u.name}"
    if o.size > u.size + 1:
        return (f"{o.name} is size {o.size}: a size {u.size} vehicle tows or pushes nothing more than one size "
                "larger than itself")
    if tower_of(st, o) is not None or o.towing:
        return f"{o.name} is already part of a tow"
    return None


def _tow_resolve(ctx: Resolution, u: Unit, cmd: Tow) -> None:
    acts.spend(ctx, u, "reorganise: attach the tow")
    ctx.emit(E.TowAttached(unit=u.id, towed=cmd.other, reason="tow cables attached", rule=R_TOW))


def _tow_offer(st: DustState, u: Unit) -> list[Tow]:
    if u.vehicle not in GROUND or u.towing or u.pos is None:
        return []
    return [Tow(u.id, o.id) for o in st.units.values()
            if o.side == u.side and o.id != u.id and o.vehicle in GROUND and o.pos is not None
            and hex_distance(u.pos, o.pos) == 1]


def _release_check(st: DustState, u: Unit, cmd: Release) -> str | None:
    if not u.towing:
        return f"{u.name} is not towing anything"
    crew = st.units.get(u.towing)
    if crew is not None and not crew.is_vehicle:
        return f"{u.name} tows {crew.name}'s limbered gun: the crew takes it off the hook (Unlimber)"
    return None


def _release_resolve(ctx: Resolution, u: Unit, cmd: Release) -> None:
    acts.spend(ctx, u, "reorganise: drop the tow")
    ctx.emit(E.TowDropped(unit=u.id, reason="tow released", rule=R_TOW))


def _release_offer(st: DustState, u: Unit) -> list[Release]:
    return [Release(u.id)] if u.towing and _release_check(st, u, Release(u.id)) is None else []


def follow(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """The towed vehicle follows the tower into the last hex it left (if that hex is taken, the last
    free one it passed; if that is not next to the tower, the cable parts)."""
    st: DustState = ctx.state
    t = st.units.get(u.towing or "")
    if t is None or t.pos is None or t.carried_by:
        return  # a gun crew riding inside its tractor goes along as a passenger
    trail = list(path[:-1])
    if t.pos in trail:
        trail = trail[trail.index(t.pos) + 1:]
    while trail and not free_for(st, t, trail[-1], terrain=False):
        trail.pop()
    if not trail:
        return
    if hex_distance(trail[-1], u.hex) != 1:
        ctx.emit(E.TowDropped(unit=u.id, reason=f"the tow to {t.name} parts", rule=R_TOW))
        return
    tpath = [t.pos] + trail
    ctx.emit(E.UnitMoved(unit=t.id, path=tuple(tpath), points=0, rule=R_TOW))
    drove(ctx, t, tpath, count=False, rule=R_TOW)
    acts.after_move(ctx, t, tpath)


# ---------------------------------------------------------------------------------------------
# Tank shock
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Hooks
# ---------------------------------------------------------------------------------------------


def AFTER_MOVE(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """A vehicle that moved faces the way it went and counts the move; what it tows follows."""
    if not u.is_vehicle or u.vehicle == "aircraft":
        return
    st: DustState = ctx.state
    if tower_of(st, u) is not None:
        return  # facing set by follow()
    drove(ctx, u, path)
    if u.towing:
        follow(ctx, u, path)


def TURN_BEGIN(ctx: Resolution) -> None:
    """An unmanned vehicle (its crew out fighting) does not activate: it carries an activation marker
    from the start of the turn until its crew is back in."""
    st: DustState = ctx.state
    for v in st.units.values():
        if v.crew_out and v.on_table and not v.activated:
            ctx.emit(E.CountsAsActivated(unit=v.id, reason="unmanned: its crew is out of it", rule=R_CREW))


def ACTIVATION_BEGIN(ctx: Resolution, u: Unit) -> None:
    """A damaged vehicle may not tow or push: it drops its tow when it next acts."""
    if u.towing and u.damage:
        ctx.emit(E.TowDropped(unit=u.id, reason="damaged vehicles may not tow or push", rule=R_TOW))


ACTIONS: dict[type, Action] = {
    Turn: Action(_turn_check, _turn_resolve, _turn_offer),
    **transport.ACTIONS,  # Embark, Disembark
    Tow: Action(_tow_check, _tow_resolve, _tow_offer),
    Release: Action(_release_check, _release_resolve, _release_offer),
}
DECISIONS: dict[str, Decision] = {}
FOLD: dict[type, Callable[[DustState, Any], None]] = vehicleassault.FOLD
EVENT_TYPES: tuple[type, ...] = vehicleassault.EVENT_TYPES
SIDE_ACTIONS: dict[type, Action] = {}
