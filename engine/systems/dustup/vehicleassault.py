"""Infantry and vehicles in a close assault (Armoured Dustup: Vehicles: Close Assault; Final
Defensive Fire; Open Top Vehicles): the single attack of infantry with grenades and explosives and the
step back to cover, a vehicle's final defensive fire (its weapons and its passengers') and fire at a
mech or monster, and the crew dismounting to fight off the assault (the event CrewDismounted, folded
here). assault.py and its parts (closecombat.py, defensivefire.py) call these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance, reachable
from hexfront.engine.core.resolution import Resolution

from . import acts, fire, ground, heavy, shooting, unitfacts
from . import events as E
from .dice import value_name
from .state import SINGLE, SQUAD, DustState, Figure, Unit
from .vehicledamage import apply_hit
from .vehiclefacts import INFANTRY_ATTACK_FACE, R_ASSAULT, R_CREW, grenade_impact


@attrs.frozen(kw_only=True)
class CrewDismounted:
    """The crew of ``vehicle`` (``count`` crewmen carrying ``weapon``) get out onto ``at`` as the
    infantry unit ``unit`` (made on the first dismount, set back on the table after that); the
    vehicle is unmanned until they remount (Close Assault)."""

    vehicle: str
    unit: str
    name: str
    at: Hex
    count: int
    weapon: str
    rule: str = R_CREW


def _f_crew_dismounted(st: DustState, ev: CrewDismounted) -> None:
    v = st.units[ev.vehicle]
    crew = st.units.get(ev.unit)
    if crew is None:
        armour = st.tables.armour.get("basic")
        figures = [Figure(id=f"{ev.unit}.{i + 1}",
                          name=f"{'Crew commander' if i == 0 else 'Crewman'} {ev.unit}.{i + 1}",
                          weapon=ev.weapon, armour=armour.die if armour else 4, role="leader" if i == 0 else "",
                          unarmoured=bool(armour and armour.unarmoured))
                   for i in range(ev.count)]
        crew = Unit(id=ev.unit, side=v.side, name=ev.name, kind=SQUAD if ev.count > 1 else SINGLE,
                    quality=v.quality, leadership=v.leadership, figures=figures, pos=None,
                    initial_confidence=v.initial_confidence, commander=v.commander, crew_of=v.id,
                    seen_enemy=True, panic_passed=v.panic_passed, under_fire_before=v.under_fire_before)
        st.units[ev.unit] = crew
    crew.off_table = False
    crew.activated = True  # the assault counts as the vehicle's activation, and so as theirs
    crew.confidence = v.confidence
    unitfacts.place(st, crew, ev.at)
    v.crew_out = crew.id


# ---------------------------------------------------------------------------------------------
# Infantry against a vehicle: the single attack with grenades and explosives, then back to cover
# ---------------------------------------------------------------------------------------------


def infantry_attack(ctx: Resolution, inf: Unit, v: Unit, rule: str = R_ASSAULT) -> str:
    """Infantry Assaulting Vehicles: the infantry in contact make one opposed roll of their grenades'
    or explosives' impact against the vehicle's armour (this game's reading: its side armour), then
    withdraw one move toward the nearest cover whatever the result."""
    st: DustState = ctx.state
    impact, name, fid = grenade_impact(st, inf)
    ctx.emit(E.Note(text=f"{inf.name} attacks {v.name} with {name} ({value_name(impact)} against its "
                    f"{INFANTRY_ATTACK_FACE} armour)", rule=rule))
    result = apply_hit(ctx, v, impact, INFANTRY_ATTACK_FACE, rule, by=(inf.id, fid), what=name)
    if result == "damaged":  # a damaged vehicle tests its confidence
        heavy.vehicle_morale(ctx, v)
    if inf.on_table:
        back_to_cover(ctx, inf, rule)
    return result


def back_to_cover(ctx: Resolution, u: Unit, rule: str) -> None:
    """One move toward the nearest cover (no confidence drop; suppression stays): a hex with cover or
    concealment if the roll reaches one (the cheapest), else the one nearest to cover."""
    st: DustState = ctx.state
    die, _ = ground.movement_die(st, u, ground.carries_wounded(u, False))
    points = ctx.roll(die, f"{u.name} falls back toward the nearest cover: movement die D{die}", rule, u.id)
    reach = reachable(u.hex, points, ground.step_cost(st, u))
    options = [h for h in reach if h != u.pos and ground.may_end_at(st, u, h)]
    if not options:
        ctx.emit(E.Note(text=f"{u.name} finds nowhere to fall back to and stays where it is", rule=rule))
        return
    dest = min(options, key=lambda h: (not ground.hex_gives_cover(st, h), ground.cover_distance(st, h), reach[h],
                                       h.q, h.r))
    from hexfront.engine.core.hexes import shortest_path

    path = shortest_path(u.hex, dest, ground.step_cost(st, u)) or [u.hex, dest]
    acts.reveal(ctx, u, "it moved")
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=reach[dest], rule=rule))


# ---------------------------------------------------------------------------------------------
# Final defensive fire by a vehicle (passengers) and at a mech or monster
# ---------------------------------------------------------------------------------------------


def firing_passengers(st: DustState, v: Unit) -> list[Unit]:
    """Passengers able to fire out: from an open-top vehicle or through firing ports; when the
    vehicle is suppressed only through firing ports of an enclosed vehicle (Fire by Passengers)."""
    if not (v.open_top or v.firing_ports):
        return []
    if v.suppression and not (v.firing_ports and not v.open_top):
        return []
    return [p for p in st.passengers(v.id) if p.fit_figures]


def vehicle_weapons_fire(ctx: Resolution, v: Unit, target: Unit) -> int:
    """The vehicle's own machineguns in final defensive fire: heavy.final_defensive_fire (the fire
    of vehicle weapons is heavy.py's part)."""
    return heavy.final_defensive_fire(ctx, v, target)


def defensive_fire_at_vehicle(ctx: Resolution, firer: Unit, v: Unit) -> int:
    """Final defensive fire at an assaulting mech or monster: fire.shoot as for any final defensive
    fire (suppression ignored), its hits rolled against the armour (heavy.vehicle_hits). Returns the
    damage markers placed: they count as the attacker's casualties for its test (this game's reading)."""
    st: DustState = ctx.state
    if not ground.can_see(st, firer.hex, v.hex):
        ctx.emit(E.Note(text=f"{firer.name} cannot see {v.name}: no final defensive fire", rule=fire.RULE_FINAL))
        return 0
    die, shifts = shooting.target_die_for(st, firer, v)
    if die > 12:
        ctx.emit(E.Note(text=f"no final defensive fire is possible: the {shooting.describe_target_die(die, shifts)}",
                        rule=fire.RULE_FINAL))
        return 0
    figs = fire.firing_figures(st, firer, v, ignore_fired=True)
    if not figs:
        ctx.emit(E.Note(text=f"no weapon of {firer.name} reaches {v.name}", rule=fire.RULE_FINAL))
        return 0
    acts.reveal(ctx, firer, "it fired")
    shot = fire.shoot(ctx, firer, v, figs, defensive=True)
    return shot.damage + (1 if v.destroyed else 0)


# ---------------------------------------------------------------------------------------------
# The crew dismount to fight a close assault
# ---------------------------------------------------------------------------------------------


def crew_refusal(st: DustState, v: Unit) -> str | None:
    """Why the crew of ``v`` may not dismount to fight back, or None (Close Assault: the crew may
    get out to fight unless their vehicle is suppressed; mechs and monsters fight themselves)."""
    vt = st.tables.vehicles.get(v.vtype)
    if v.vehicle != "vehicle" or vt is None or not vt.crew:
        return f"{v.name} has no crew to dismount"
    if v.destroyed or not v.on_table:
        return f"{v.name} is out of the fight"
    if v.crew_out:
        return f"{v.name}'s crew is already out"
    if v.suppression:
        return f"{v.name} is suppressed: its crew may not dismount to fight back"
    if crew_hex(st, v, None) is None:
        return f"there is no free ground next to {v.name} for its crew to get out onto"
    return None


def crew_hex(st: DustState, v: Unit, near: Hex | None) -> Hex | None:
    """Where the crew get out: a free hex next to the vehicle where infantry can stand, next to
    ``near`` (the attackers) if possible, then with cover, then the first in hex order."""
    costs = st.tables.costs["normal"]
    ok = [h for h in v.hex.neighbours() if st.tables.on_board(h) and costs.get(h) is not None
          and (st.occupant.get(h) is None or not st.units[st.occupant[h]].on_table)]
    if not ok:
        return None
    return min(ok, key=lambda h: (near is not None and hex_distance(h, near) != 1, not ground.hex_gives_cover(st, h),
                                  h.q, h.r))


def dismount_crew(ctx: Resolution, v: Unit, near: Hex | None) -> Unit:
    """The crew of ``v`` get out to fight as infantry (:class:`CrewDismounted`); returns their unit.
    Its id is the vehicle's with "-crew"; a crew that got out before comes back as it was left."""
    st: DustState = ctx.state
    vt = st.tables.vehicles[v.vtype]
    uid = f"{v.id}-crew"
    at = crew_hex(st, v, near)
    assert at is not None, "crew_refusal refuses a vehicle with no free ground next to it"
    ctx.emit(CrewDismounted(vehicle=v.id, unit=uid, name=f"{v.name} crew", at=at, count=vt.crew,
                            weapon=vt.crew_weapon))
    return st.units[uid]


FOLD: dict[type, Callable[[DustState, Any], None]] = {CrewDismounted: _f_crew_dismounted}
EVENT_TYPES: tuple[type, ...] = (CrewDismounted,)
