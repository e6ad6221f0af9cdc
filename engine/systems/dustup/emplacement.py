"""Setting up and moving heavy weapons (Armoured Dustup: Heavy Weapons: Moving Heavy Weapons, with its
towed weapons; Guided Weapons: Remote Missile Launchers): :class:`SetUpWeapon`, :class:`SetRemote`,
:class:`Limber` and :class:`Unlimber`, the weapon left behind when its crew moves away, and who may
embark with or tow a gun. Towed heavy weapons, this game's readings: heavy.py.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground
from . import events as E
from .action import Action
from .data import Weapon
from .ground import (
    GROUND,
    carried_weapon,
    tow_refusal,
    towed_weapon,
    tractor_of,
    weapon_of,
)
from .ground import towed_guns as _towed_guns
from .state import (
    ABANDONED,
    FIT,
    KILLED,
    WEAPON,
    DustState,
    Figure,
    Unit,
)
from .weaponfacts import RULE_REMOTE, WeaponReadied, crew_fit, crew_may_carry, crew_may_fire, standard_crew

RULE_MOVING = "Heavy Weapons: Moving Heavy Weapons"
RULE_TOWED = "Heavy Weapons: Moving Heavy Weapons (towed weapons)"


@attrs.frozen
class SetUpWeapon:
    """A crew sets up its heavy weapon for firing, or (``dismantle``) takes it down to carry it
    (one reorganise action each; Moving Heavy Weapons)."""

    unit: str
    figure: str
    dismantle: bool = False


@attrs.frozen
class SetRemote:
    """A crew activates the remote system of its set-up guided missile launcher (one action):
    the launcher stays on this hex, and the crew may fire it from up to 6 hexes away (Remote
    Missile Launchers)."""

    unit: str
    figure: str


@attrs.frozen
class Limber:
    """The crew hooks its towed heavy weapon ``figure`` to the ground vehicle ``vehicle`` next to it
    (one reorganise action; at least half the crew)."""

    unit: str
    figure: str
    vehicle: str


@attrs.frozen
class Unlimber:
    """The crew takes its limbered weapon ``figure`` off the tractor and brings it into action, set up
    (one reorganise action; at least half the crew)."""

    unit: str
    figure: str


def _crewed_figure(st: DustState, u: Unit, fid: str) -> tuple[Figure | None, str | None]:
    if u.is_vehicle:
        return None, f"{u.name}'s weapons are mounted: they need no setting up"
    f = next((x for x in u.figures if x.id == fid), None)
    if f is None or f.role != WEAPON:
        return None, f"{fid} is not a crew-served heavy weapon of {u.name}"
    if f.status in (KILLED, ABANDONED):
        return None, f"{f.name} is {f.status}"
    return f, None


def _setup_check(st: DustState, u: Unit, cmd: SetUpWeapon) -> str | None:
    f, why = _crewed_figure(st, u, cmd.figure)
    if f is None:
        return why
    if u.suppression and not ground.in_cover(st, u):
        return f"{u.name} is suppressed in the open: it may reorganise only in cover (Reorganise Action)"
    w = carried_weapon(st, f)
    tractor = tractor_of(st, u) if towed_weapon(st, f) else None
    if tractor is not None and not f.ready:
        return f"{f.name} is limbered to {tractor.name}: unlimber it (Unlimber), which brings it into action"
    if cmd.dismantle:
        if towed_weapon(st, f):
            return (f"{f.name} is size {w.size}: too heavy to be man-packed; limber it to a vehicle instead "
                    "(Limber)")
        if not f.ready:
            return f"{f.name} is already dismantled"
        if not crew_may_carry(u, w):
            return (f"{u.name} has too few crew left to move {f.name}: it can only be fired where it stands, "
                    "or abandoned by moving away")
        if u.remote is not None and w.kind == "guided" and u.pos != u.remote:
            return f"{u.name} must go back to its remote launcher to take it down"
        return None
    if f.ready:
        return f"{f.name} is already set up"
    if f.status != FIT:
        return f"{f.name} is {f.status}: it cannot be set up"
    if not crew_may_fire(u, w):
        return f"{u.name} has too few crew to set up {f.name}"
    return None


def _setup_resolve(ctx: Resolution, u: Unit, cmd: SetUpWeapon) -> None:
    f = checks.figure_by_id(u, cmd.figure)
    acts.spend(ctx, u, "dismantle a heavy weapon" if cmd.dismantle else "set up a heavy weapon")
    ctx.emit(WeaponReadied(unit=u.id, figure=f.id, ready=not cmd.dismantle,
                           reason="dismantled to be carried" if cmd.dismantle else "set up ready to fire",
                           rule=RULE_MOVING))
    if cmd.dismantle and u.remote is not None and carried_weapon(ctx.state, f).kind == "guided":
        ctx.emit(E.RemoteLauncherTakenDown(unit=u.id, reason="the remote launcher is taken down", rule=RULE_REMOTE))


def _setup_offer(st: DustState, u: Unit) -> list[SetUpWeapon]:
    if u.is_vehicle:
        return []
    return [SetUpWeapon(u.id, f.id, dismantle=f.ready) for f in u.figures
            if f.role == WEAPON and f.status not in (KILLED, ABANDONED)
            and not (towed_weapon(st, f) and (f.ready or tractor_of(st, u) is not None))]


def _remote_check(st: DustState, u: Unit, cmd: SetRemote) -> str | None:
    f, why = _crewed_figure(st, u, cmd.figure)
    if f is None:
        return why
    w = carried_weapon(st, f)
    if w.kind != "guided":
        return f"{f.name} is not a guided missile launcher"
    if u.remote is not None:
        return f"{u.name} already has a remote launcher"
    if not f.ready or f.status != FIT:
        return f"{f.name} must be set up and in working order first"
    if u.suppression and not ground.in_cover(st, u):
        return f"{u.name} is suppressed in the open: it may reorganise only in cover (Reorganise Action)"
    return None


def _remote_resolve(ctx: Resolution, u: Unit, cmd: SetRemote) -> None:
    acts.spend(ctx, u, "set up a remote launcher")
    ctx.emit(E.RemoteLauncherPlaced(unit=u.id, at=u.hex,
                                    reason="the guided missile launcher is set to fire remotely", rule=RULE_REMOTE))


def _remote_offer(st: DustState, u: Unit) -> list[SetRemote]:
    if u.is_vehicle or u.remote is not None:
        return []
    return [SetRemote(u.id, f.id) for f in u.figures if f.role == WEAPON and f.ready and f.status == FIT
            and (w := weapon_of(st, f)) is not None and w.kind == "guided"]


def AFTER_MOVE(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """Moving Heavy Weapons: a crew that moves leaves behind any weapon still set up (a remote
    launcher stays where it was placed) and any weapon it has too few men to carry."""
    st: DustState = ctx.state
    if u.is_vehicle or len(path) < 2:
        return
    tractor = tractor_of(st, u)
    if tractor is not None:
        if tractor.pos is not None and u.pos is not None and hex_distance(tractor.pos, u.pos) <= 1:
            return  # the crew rode along with its limbered gun
        ctx.emit(E.TowDropped(unit=tractor.id, reason=f"{u.name} has left its limbered gun", rule=RULE_TOWED))
    for f in u.figures:
        if f.role != WEAPON or f.status in (KILLED, ABANDONED):
            continue
        w = weapon_of(st, f)
        if w is None:
            continue
        if f.ready and u.remote is not None and w.kind == "guided":
            continue
        if f.ready:
            why = "left where it was set up: a heavy weapon must be dismantled to move"
        elif towed_weapon(st, f):
            why = f"size {w.size}: too heavy to be man-packed, left behind"
        elif not crew_may_carry(u, w):
            why = "too few crew left to carry it: abandoned"
        else:
            continue
        ctx.emit(E.FigureChanged(unit=u.id, figure=f.id, status=ABANDONED, wounds=f.wounds, reason=why,
                                 rule=RULE_MOVING))


def embark_refusal(st: DustState, u: Unit, vehicle: str) -> str | None:
    """A crew does not carry its towed gun aboard a vehicle: only onto the tractor it is limbered to."""
    guns = _towed_guns(st, u)
    if not guns:
        return None
    tractor = tractor_of(st, u)
    if tractor is None:
        return (f"{guns[0].name} cannot be carried aboard: limber it to {st.units[vehicle].name} first (Limber), "
                "or leave it")
    if tractor.id != vehicle:
        return f"{u.name}'s gun is limbered to {tractor.name}: the crew rides that vehicle"
    return None


def tractor_refusal(st: DustState, v: Unit | None, w: Weapon) -> str | None:
    """Why ``v`` cannot take a towed weapon ``w`` on its hook (Towing and Pushing Vehicles)."""
    if v is None:
        return "there is no such vehicle"
    if v.vehicle not in GROUND or not v.mover:
        return f"{v.name} cannot tow a gun"
    if v.destroyed or not v.on_table:
        return f"{v.name} is destroyed" if v.destroyed else f"{v.name} is not on the table"
    why = tow_refusal(st, v)
    if why:
        return why
    if w.size > v.size + 1:
        return (f"a size {w.size} gun is too heavy for size {v.size} {v.name}: a vehicle tows nothing more than "
                "one size larger than itself")
    return None


def _limber_common(st: DustState, u: Unit, fid: str) -> tuple[Figure | None, str | None]:
    f, why = _crewed_figure(st, u, fid)
    if f is None:
        return None, why
    if not towed_weapon(st, f):
        w = weapon_of(st, f)
        return None, f"{f.name} is size {w.size if w else 0}: man-packed, not towed; dismantle it to carry it"
    w = carried_weapon(st, f)  # a towed gun is a weapon of size 2 or more
    if u.carried_by:
        return None, f"{u.name} is aboard {st.units[u.carried_by].name}: dismount first"
    if u.suppression and not ground.in_cover(st, u):
        return None, f"{u.name} is suppressed in the open: it may reorganise only in cover (Reorganise Action)"
    if 2 * crew_fit(u) < standard_crew(w):
        return None, (f"{u.name} has {crew_fit(u)} fit crew: limbering or unlimbering {f.name} takes at least half "
                      f"its crew of {standard_crew(w)}")
    return f, None


def _limber_check(st: DustState, u: Unit, cmd: Limber) -> str | None:
    f, why = _limber_common(st, u, cmd.figure)
    if f is None:
        return why
    tractor = tractor_of(st, u)
    if tractor is not None:
        return f"{u.name}'s gun is already limbered to {tractor.name}"
    v = st.units.get(cmd.vehicle)
    if v is None:
        return f"there is no unit '{cmd.vehicle}'"
    if v.side != u.side:
        return f"{v.name} is the enemy's"
    why = tractor_refusal(st, v, carried_weapon(st, f))
    if why:
        return why
    if hex_distance(u.hex, v.hex) > 1:
        return f"{v.name} must be next to {u.name} to take the gun on its hook"
    return None


def _limber_resolve(ctx: Resolution, u: Unit, cmd: Limber) -> None:
    st: DustState = ctx.state
    f = checks.figure_by_id(u, cmd.figure)
    v = st.units[cmd.vehicle]
    acts.spend(ctx, u, "reorganise: limber the gun")
    if f.ready:
        ctx.emit(WeaponReadied(unit=u.id, figure=f.id, ready=False, reason=f"limbered to {v.name}", rule=RULE_TOWED))
    ctx.emit(E.TowAttached(unit=v.id, towed=u.id, reason=f"{u.name}'s {f.name} on the hook", rule=RULE_TOWED))


def _limber_offer(st: DustState, u: Unit) -> list[Limber]:
    if u.is_vehicle or u.pos is None or u.carried_by:
        return []
    guns = _towed_guns(st, u)
    if not guns:
        return []
    near = [st.units[st.occupant[h]] for h in u.pos.neighbours() if h in st.occupant]
    return [Limber(u.id, guns[0].id, v.id) for v in near if v.side == u.side and v.is_vehicle]


def _unlimber_check(st: DustState, u: Unit, cmd: Unlimber) -> str | None:
    f, why = _limber_common(st, u, cmd.figure)
    if f is None:
        return why
    tractor = tractor_of(st, u)
    if tractor is None or f.ready:
        return f"{f.name} is not limbered"
    if hex_distance(u.hex, tractor.hex) > 1:
        return f"{u.name} must be next to {tractor.name} to take the gun off its hook"
    return None


def _unlimber_resolve(ctx: Resolution, u: Unit, cmd: Unlimber) -> None:
    st: DustState = ctx.state
    f = checks.figure_by_id(u, cmd.figure)
    tractor = tractor_of(st, u)
    assert tractor is not None, "_unlimber_check refuses a gun on no hook"
    acts.spend(ctx, u, "reorganise: unlimber the gun")
    ctx.emit(E.TowDropped(unit=tractor.id, reason=f"{u.name} unlimbers {f.name}", rule=RULE_TOWED))
    ctx.emit(WeaponReadied(unit=u.id, figure=f.id, ready=True, reason="unlimbered and brought into action",
                           rule=RULE_TOWED))


def _unlimber_offer(st: DustState, u: Unit) -> list[Unlimber]:
    guns = [] if u.is_vehicle or u.carried_by else [f for f in _towed_guns(st, u) if not f.ready]
    if not guns or tractor_of(st, u) is None:
        return []
    return [Unlimber(u.id, f.id) for f in guns]


ACTIONS: dict[type, Action] = {
    SetUpWeapon: Action(_setup_check, _setup_resolve, _setup_offer),
    SetRemote: Action(_remote_check, _remote_resolve, _remote_offer),
    Limber: Action(_limber_check, _limber_resolve, _limber_offer),
    Unlimber: Action(_unlimber_check, _unlimber_resolve, _unlimber_offer),
}
