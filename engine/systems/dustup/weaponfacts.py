"""What the heavy-weapon orders share (Armoured Dustup: Heavy Weapons: Firing Heavy Weapons; Heavy
Weapon Range; Heavy Weapons and Large Targets; Vehicles: Fire by Passengers): the rule names, the
weapon-readied event, who crews and may fire or carry a weapon, who may fire from a vehicle and who
may be fired at, the target die of a weapon shot, launch points, spent disposable weapons and the
shape of one shot's result. The orders and this game's readings are described in heavy.py.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex, arc_of
from hexfront.engine.core.resolution import Resolution

from . import shooting
from .data import Weapon
from .dice import shift
from .ground import (
    carried_weapon,
    exposed_passengers,
    vehicle_of,
    weapon_of,
)
from .state import (
    FIT,
    HULL,
    WEAPON,
    DustState,
    Figure,
    Unit,
)

RULE_IAVR = "Heavy Weapons: Unguided Rockets"
RULE_REMOTE = "Guided Weapons: Remote Missile Launchers"
FIRE_KINDS = ("heavy", "iavr", "guided")  # what FireWeapon fires (mortars and AA weapons have rules of their own)


@attrs.frozen(kw_only=True)
class WeaponReadied:
    """A heavy weapon set up (ready) or dismantled, or a disposable rocket used up (not ready)."""

    unit: str
    figure: str
    ready: bool
    reason: str = ""
    rule: str = ""


def _f_readied(st: DustState, ev: WeaponReadied) -> None:
    for f in st.units[ev.unit].figures:
        if f.id == ev.figure:
            f.ready = ev.ready


def fires_alone(st: DustState, f: Figure) -> bool:
    """A weapon FireWeapon fires: a heavy weapon, an IAVR or a guided missile."""
    w = weapon_of(st, f)
    return w is not None and w.kind in FIRE_KINDS and f.role != HULL


def crewed(u: Unit, f: Figure) -> bool:
    """A crew-served heavy weapon of an infantry unit (as opposed to a vehicle's mount)."""
    return f.role == WEAPON and not u.is_vehicle


def crew_fit(u: Unit) -> int:
    return sum(1 for f in u.people if f.status == FIT)


def standard_crew(w: Weapon) -> int:
    return w.crew or 1


def crew_may_fire(u: Unit, w: Weapon) -> bool:
    """Moving Heavy Weapons: a size 1 weapon fires while any crewman lives; larger ones need at
    least half the standard crew."""
    fit = crew_fit(u)
    if w.size <= 1:
        return fit >= 1
    return 2 * fit >= standard_crew(w)


def crew_may_carry(u: Unit, w: Weapon) -> bool:
    """Moving Heavy Weapons: with the crew down to half or less the weapon can no longer be moved."""
    return 2 * crew_fit(u) > standard_crew(w)


def passenger_fire_refusal(st: DustState, u: Unit) -> str | None:
    """Fire by Passengers: passengers fire only from an open-topped vehicle or through firing ports;
    while the vehicle is suppressed, only through the firing ports of a closed vehicle. This
    game's reading: the occupants of a building always fire from its windows."""
    v = vehicle_of(st, u)
    if v is None or v.vehicle == "building":
        return None
    ports = v.firing_ports and not v.open_top
    if not (v.open_top or ports):
        return f"{u.name} is inside {v.name}, which is closed and has no firing ports: dismount to fire"
    if v.suppression and not ports:
        return (f"{v.name} is suppressed, and so are its passengers: they may fire only through the "
                "firing ports of a closed vehicle (Fire by Passengers)")
    return None


def target_refusal(st: DustState, target: Unit) -> str | None:
    """Passengers may be fired at only in an open-topped or soft-skinned vehicle."""
    v = vehicle_of(st, target)
    if v is None:
        return None
    if v.vehicle == "building":
        return f"{target.name} is inside {v.name}: fire at the building, or at a door or window of it"
    if not exposed_passengers(v):
        return f"{target.name} is inside the closed {v.name}: fire at the vehicle instead"
    return None


def target_size(target: Unit, part: str = "") -> int:
    """A target's size: infantry 1, a vehicle or building its size; an opening of a building one
    size smaller (this game's reading of "one or two sizes smaller")."""
    size = target.size if target.is_vehicle else 1
    if part:
        size = max(size - 1, 0)
    return size


def face_towards(target: Unit, origin: Hex) -> str:
    """The armour face a shot from ``origin`` strikes: front, side or rear (engine.core.hexes.arc_of)."""
    return arc_of(target.hex, target.facing, origin)


def weapon_target_die(st: DustState, firer: Unit, f: Figure, target: Unit,
                      part: str = "", moving_fire: bool = False) -> tuple[int, list[tuple[str, int]]]:
    """The target die for a heavy weapon or IAVR: the Shoot table's shifts, except that heavy
    weapons have no short range and their effective range is 24 hexes x size; a target larger than
    a heavy weapon's size shifts it down one (not for IAVRs); average stabilisation after a move
    shifts it up one, and so does moving and firing in one action (``moving_fire``, superior
    stabilisation); and the weapon's fire control gives a closed shift last."""
    w = carried_weapon(st, f)
    extra: list[tuple[str, int]] = []
    if w.kind == "heavy":
        size = target_size(target, part)
        if size > w.size:
            extra.append((f"target size {size} larger than the size {w.size} weapon", -1))
    if firer.is_vehicle and firer.moves and firer.stabilisation == "average":
        extra.append(("moved this activation (average stabilisation)", 1))
    if moving_fire:
        extra.append(("moved and fired in one action (superior stabilisation)", 1))
    die, shifts = shooting.target_die_for(st, firer, target, short=w.kind != "heavy", effective=w.effective,
                                      extra=tuple(extra))
    if die <= 12 and w.fire_control != "average":
        step = 1 if w.fire_control == "inferior" else -1
        shifted = shift(die, step)
        if shifted != die:
            shifts.append((f"{w.fire_control} fire control (closed)", step))
            die = shifted
    return die, shifts


def describe_die(die: int, shifts: list[tuple[str, int]]) -> str:
    return shooting.describe_target_die(die, shifts)


def spend_disposables(ctx: Resolution, u: Unit, figs: list[Figure]) -> None:
    """Unguided Rockets: a disposable rocket, once fired, is used up."""
    st: DustState = ctx.state
    for f in figs:
        w = weapon_of(st, f)
        if w is not None and w.kind == "iavr" and w.disposable and f.ready:
            ctx.emit(WeaponReadied(unit=u.id, figure=f.id, ready=False, reason="the disposable rocket is used up",
                                   rule=RULE_IAVR))


def launch_hexes(st: DustState, u: Unit, f: Figure) -> list[Hex]:
    """Where a weapon may see from: the firer's hex, and a remote launcher's."""
    w = weapon_of(st, f)
    out = [u.hex]
    if u.remote is not None and w is not None and w.kind == "guided" and crewed(u, f):
        out.append(u.remote)
    return out


@attrs.frozen
class WeaponShot:
    """What one weapon's shot did."""

    successes: int
    suppressed: bool
    casualties: int
    damage: int


MISS = WeaponShot(0, False, 0, 0)
