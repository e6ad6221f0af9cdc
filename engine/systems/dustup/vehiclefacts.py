"""What the vehicle rules share (Armoured Dustup: Vehicles): the rule names, which vehicles fight in
close combat, the load a vehicle carries and how many units a vehicle counts as, the direction of a
step and a vehicle's drive (facing and its move count), and the grenade impact of infantry against a
vehicle.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexfront.engine.core.hexes import DIRECTIONS, Hex
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .state import FIT, DustState, Unit

R_MOVE = "Vehicles: Vehicle Movement"
R_TRANSPORT = "Vehicles: Transport of Infantry"
R_TOW = "Vehicles: Towing and Pushing Vehicles"
R_HIT = "Vehicles: Firing at Vehicles (impact against armour)"
R_DAMAGE = "Vehicles: Vehicle Damage"
R_ASSAULT = "Vehicles: Close Assault (Infantry Assaulting Vehicles)"
R_TANK = "Vehicles: Tank Shock"
R_OPEN = "Vehicles: Open Top Vehicles (close assault)"
R_CREW = "Vehicles: Close Assault (the crew dismount to fight back)"

FIGHTERS = ("mech", "monster")  # vehicle kinds that fight in close combat (Close Assault: Mechs and Monsters)
INFANTRY_ATTACK_FACE = "side"  # this game's reading: satchels and grenades go against the side armour


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------


def fights(u: Unit) -> bool:
    """A mech or monster: it assaults and fights close combat as infantry do."""
    return u.vehicle in FIGHTERS


def load(st: DustState, v: Unit) -> int:
    """Figures aboard ``v`` (Transport of Infantry: capacity counts figures)."""
    return sum(1 for p in st.passengers(v.id) for f in p.people if f.present)


def as_units(st: DustState, u: Unit) -> int:
    """Outnumbering against vehicles counts units: a vehicle, mech or monster is as many units as its
    size, and an open-top vehicle's passenger units add one each (Close Assault; Tank Shock; Open
    Top Vehicles); an infantry unit is one."""
    if not u.is_vehicle:
        return 1
    return u.size + (len(st.passengers(u.id)) if u.open_top else 0)


def step_direction(a: Hex, b: Hex) -> int | None:
    for d, delta in enumerate(DIRECTIONS):
        if a + delta == b:
            return d
    return None


def drove(ctx: Resolution, u: Unit, path: Sequence[Hex], count: bool = True, rule: str = R_MOVE) -> None:
    """After a vehicle has moved along ``path``: it faces the way of its last step, and (``count``)
    one more move action is on its record for this activation (Weapon Stabilisation)."""
    if len(path) < 2 or not u.is_vehicle:
        return
    d = step_direction(path[-2], path[-1])
    if d is not None and d != u.facing:
        ctx.emit(E.Turned(unit=u.id, facing=d, reason="faces the way it drove", rule=rule))
    if count:
        ctx.emit(E.MoveMade(unit=u.id, reason="moved", rule=rule))


def grenade_impact(st: DustState, u: Unit) -> tuple[int, str, str]:
    """The best impact against armour among the unit's grenades and explosives (its grenade weapon
    and any figure's satchel charges), its name and the figure using it; none at all: its close
    combat impact (this game's reading)."""
    t = st.tables
    fit = [f for f in u.figures if f.status == FIT and f.person]
    first = fit[0].id if fit else ""
    best: tuple[int, str, str] | None = None
    options = [(u.grenades, first)] if u.grenades else []
    options += [(f.weapon, f.id) for f in fit]
    for wid, fid in options:
        w = t.weapons.get(wid or "")
        if w is None or w.kind != "grenade":
            continue
        v = w.impact_against(True)
        if best is None or v > best[0]:
            best = (v, w.name, fid)
    return best or (u.cc_impact, "bare hands and rifle butts", first)
