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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from hexfront.engine.core.hexes import DIRECTIONS, Hex, hex_distance, reachable
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, fire, ground, heavy, shooting, unitfacts
from . import events as E
from .action import Action, Decision
from .dice import roll_value, value_name
from .ground import GROUND, tow_refusal, tower_of  # noqa: F401  (also read as vehicles.<name>)
from .heavy import embark_refusal
from .state import FIT, HULL, KILLED, SINGLE, SQUAD, DustState, Figure, Unit

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
# Commands
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class Turn:
    """A vehicle uses a move action to turn on the spot to ``facing`` (0 east, counter-clockwise)."""

    unit: str
    facing: int


@attrs.frozen
class Embark:
    """The unit mounts ``vehicle``, which is on or next to its hex (Transport of Infantry)."""

    unit: str
    vehicle: str


@attrs.frozen
class Disembark:
    """The passenger unit dismounts onto ``to``, a free hex next to its vehicle (Transport of Infantry)."""

    unit: str
    to: Hex


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


# ---------------------------------------------------------------------------------------------
# Hits on vehicles and what follows a destruction
# ---------------------------------------------------------------------------------------------


def apply_hit(ctx: Resolution, v: Unit, impact: int, face: str, rule: str = R_HIT,
              by: tuple[str, str] | None = None, what: str = "") -> str:
    """One hit on a vehicle: an opposed roll of ``impact`` (a die or D12 x class) against the armour
    of ``face``. Higher: a damage marker; more than double: destroyed. The passengers then test as
    for fire (heavy.passenger_casualties, weapon class = the impact's class). Returns "none",
    "damaged" or "destroyed"."""
    armour = v.armour_face(face)
    imp = roll_value(ctx, impact, f"impact {value_name(impact)}{' (' + what + ')' if what else ''} against "
                     f"{v.name}", rule, by[0] if by else "")
    arm = roll_value(ctx, armour, f"{v.name}'s {face} armour {value_name(armour)}", rule, v.id)
    if imp > 2 * arm:
        destroy(ctx, v, f"impact {imp} is more than double armour {arm}: destroyed", rule, by,
                weapon_class=max(1, impact // 12))
        return "destroyed"
    if imp > arm:
        ctx.emit(E.VehicleDamaged(unit=v.id, reason=f"impact {imp} beats armour {arm}: damaged", rule=R_DAMAGE))
        _passengers_hit(ctx, v, max(1, impact // 12), False)
        return "damaged"
    ctx.emit(E.Note(text=f"{v.name}: impact {imp} against armour {arm}, no effect", rule=rule))
    return "none"


def _passengers_hit(ctx: Resolution, v: Unit, weapon_class: int, destroyed: bool) -> None:
    test = getattr(heavy, "passenger_casualties", None)
    if test is not None and ctx.state.passengers(v.id):
        test(ctx, v, weapon_class, destroyed)


def destroy(ctx: Resolution, v: Unit, reason: str, rule: str, by: tuple[str, str] | None = None,
            weapon_class: int = 1) -> None:
    """The vehicle is destroyed: its hull figure is killed (the wreck stays as terrain), a tow is
    dropped, its passengers test for casualties (heavy.passenger_casualties, which also gets the
    survivors out) and any still aboard bail out (:func:`bail_out`)."""
    st: DustState = ctx.state
    hull = next((f for f in v.figures if f.role == HULL), None)
    if hull is None or hull.status == KILLED:
        return
    if v.towing:
        ctx.emit(E.TowDropped(unit=v.id, reason="destroyed", rule=R_TOW))
    tower = tower_of(st, v)
    if tower is not None:
        ctx.emit(E.TowDropped(unit=tower.id, reason=f"{v.name} is destroyed", rule=R_TOW))
    checks.set_figure(ctx, v, hull, KILLED, hull.wounds, reason, rule, by)
    _passengers_hit(ctx, v, weapon_class, True)
    bail_out(ctx, v)


def bail_out(ctx: Resolution, v: Unit) -> None:
    """The passengers of ``v`` get out: each unit is set on a free hex next to the vehicle (where it
    can stand, preferring hexes not next to an enemy and with cover), else the wreck's own hex,
    else the nearest free hex two or three hexes out. Casualty tests for the passengers are the
    caller's (Casualties to Vehicle Passengers). Call it when a carrier is destroyed."""
    st: DustState = ctx.state
    for p in list(st.passengers(v.id)):
        spot = _bail_hex(st, p, v)
        ctx.emit(E.Disembarked(unit=p.id, reason=f"bails out of {v.name}", rule=R_TRANSPORT))
        if spot is None:
            ctx.emit(E.Note(text=f"{p.name} finds no room to get out and stays in the wreck", rule=R_TRANSPORT))
            ctx.emit(E.UnitPlaced(unit=p.id, at=v.pos))
        elif spot == v.pos:
            ctx.emit(E.UnitPlaced(unit=p.id, at=spot))
        else:
            ctx.emit(E.UnitMoved(unit=p.id, path=(v.hex, spot), points=0, rule=R_TRANSPORT))


def free_for(st: DustState, u: Unit, h: Hex, terrain: bool = True) -> bool:
    """Nobody stands on ``h`` and (``terrain``) ``u`` can stand there."""
    if not st.tables.on_board(h):
        return False
    if terrain:
        costs = ground.vehicle_costs(st, u) if u.mover else st.tables.costs["power" if u.power else "normal"]
        if costs.get(h) is None:
            return False
    occ = st.occupant.get(h)
    return occ is None or occ == u.id or not st.units[occ].on_table


def _bail_hex(st: DustState, p: Unit, v: Unit) -> Hex | None:
    def best(hexes: Iterable[Hex]) -> Hex | None:
        ok = [h for h in hexes if free_for(st, p, h)]
        if not ok:
            return None
        return min(ok, key=lambda h: (ground.adjacent_to_enemy(st, p.side, h), not ground.hex_gives_cover(st, h),
                                      h.q, h.r))

    found = best(v.hex.neighbours())
    if found is None and free_for(st, p, v.hex):
        found = v.hex
    for ring in (2, 3):
        if found is None:
            found = best([h for h in st.tables.board if hex_distance(h, v.hex) == ring])
    return found


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
    if result == "damaged":
        morale = getattr(heavy, "vehicle_morale", None)  # a damaged vehicle tests its confidence
        if morale is not None:
            morale(ctx, v)
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
    return getattr(shot, "damage", 0) + (1 if v.destroyed else 0)


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
# Embark and disembark
# ---------------------------------------------------------------------------------------------


def _mount_refusal(u: Unit, v: Unit, what: str) -> str | None:
    """Transport of Infantry: a unit gets in (``what``: "mount it", "get back in") only from the
    vehicle's hex or next to it, and not while suppressed or propped."""
    if hex_distance(u.hex, v.hex) > 1:
        return f"{u.name} must be within 2 inches (next to {v.name}) to {what}"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot move until it recovers (Recover Suppression Action)"
    if u.propped:
        return f"{u.name} is propped: unprop first (Prop Action)"
    return None


def _remount_check(st: DustState, u: Unit, v: Unit) -> str | None:
    """Its own crew gets back into an unmanned vehicle: from its hex or next to it, not while
    suppressed or propped; the vehicle's passenger room does not matter."""
    if v.destroyed:
        return f"{v.name} is destroyed: there is nothing to get back into"
    if v.crew_out != u.id:
        return f"{v.name} is already manned"
    return _mount_refusal(u, v, "get back in")


def _embark_check(st: DustState, u: Unit, cmd: Embark) -> str | None:
    if u.crew_of is not None and u.crew_of == cmd.vehicle and cmd.vehicle in st.units:
        return _remount_check(st, u, st.units[cmd.vehicle])
    if u.is_vehicle:
        return f"{u.name} is a vehicle: only infantry ride as passengers"
    if u.carried_by:
        return f"{u.name} is already aboard {st.units[u.carried_by].name}"
    v = st.units.get(cmd.vehicle)
    if v is None:
        return f"there is no unit '{cmd.vehicle}'"
    if v.side != u.side:
        return f"{v.name} is the enemy's"
    if not v.is_vehicle or not v.capacity:
        return f"{v.name} carries no passengers"
    if not v.on_table:
        return f"{v.name} is not on the table" if not v.destroyed else f"{v.name} is destroyed"
    if ground.flying(v):
        return f"{v.name} is in the air: troops board it only once it has landed"
    why = _mount_refusal(u, v, "mount it")
    if why:
        return why
    why = embark_refusal(st, u, v.id)  # Moving Heavy Weapons: a towed gun is not carried aboard
    if why:
        return why
    n = sum(1 for f in u.people if f.present)
    room = v.capacity - load(st, v)
    if n > room:
        return f"{v.name} has room for {room} more figure{'s' if room != 1 else ''}; {u.name} has {n}"
    return None


def _embark_resolve(ctx: Resolution, u: Unit, cmd: Embark) -> None:
    st: DustState = ctx.state
    v = st.units[cmd.vehicle]
    if u.crew_of == v.id:
        acts.spend(ctx, u, "remount the crew")
        ctx.emit(E.CrewRemounted(unit=v.id, reason=f"{u.name} are back inside", rule=R_CREW))
        ctx.emit(E.LeftTable(unit=u.id, reason=f"back inside {v.name}", rule=R_CREW))
        return
    acts.spend(ctx, u, "embark")
    acts.reveal(ctx, u, "it moved")
    start = u.hex
    ctx.emit(E.Embarked(unit=u.id, vehicle=v.id, reason=f"mounts {v.name}", rule=R_TRANSPORT))
    if start != v.pos:
        ctx.emit(E.UnitMoved(unit=u.id, path=(start, v.hex), points=0, rule=R_TRANSPORT))
    else:
        ctx.emit(E.UnitPlaced(unit=u.id, at=v.pos))


def _embark_offer(st: DustState, u: Unit) -> list[Embark]:
    if u.is_vehicle or u.carried_by or u.pos is None:
        return []
    return [Embark(u.id, v.id) for v in st.units.values()
            if v.side == u.side and (v.capacity or v.id == u.crew_of) and v.pos is not None
            and hex_distance(u.pos, v.pos) <= 1]


def _disembark_check(st: DustState, u: Unit, cmd: Disembark) -> str | None:
    if not u.carried_by:
        return f"{u.name} is not aboard a vehicle"
    v = st.units[u.carried_by]
    if ground.flying(v):
        return f"{v.name} is in the air: troops get out only once it has landed"
    if v.suppression:
        return f"{v.name} is suppressed: its passengers may not disembark (Suppression and Vehicles)"
    if hex_distance(cmd.to, v.hex) != 1:
        return f"{u.name} must deploy within 2 inches of {v.name}: a hex next to it"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the map"
    if st.tables.costs["power" if u.power else "normal"].get(cmd.to) is None:
        return f"{u.name} cannot stand there: impassable ground"
    if not ground.may_end_at(st, u, cmd.to):
        return f"{u.name} may not deploy there: not on another unit, and not next to an enemy"
    return None


def _disembark_resolve(ctx: Resolution, u: Unit, cmd: Disembark) -> None:
    st: DustState = ctx.state
    assert u.carried_by is not None, "_disembark_check refuses a unit that is not aboard"
    v = st.units[u.carried_by]
    acts.spend(ctx, u, "disembark")
    ctx.emit(E.Disembarked(unit=u.id, reason=f"dismounts from {v.name}", rule=R_TRANSPORT))
    path = [v.hex, cmd.to]
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=0, rule=R_TRANSPORT))
    acts.sight_checks(ctx, u)
    acts.after_move(ctx, u, path)


def _disembark_offer(st: DustState, u: Unit) -> list[Disembark]:
    if not u.carried_by:
        return []
    v = st.units[u.carried_by]
    return [Disembark(u.id, h) for h in v.hex.neighbours() if st.tables.on_board(h)]


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
    Embark: Action(_embark_check, _embark_resolve, _embark_offer),
    Disembark: Action(_disembark_check, _disembark_resolve, _disembark_offer),
    Tow: Action(_tow_check, _tow_resolve, _tow_offer),
    Release: Action(_release_check, _release_resolve, _release_offer),
}
DECISIONS: dict[str, Decision] = {}
FOLD: dict[type, Callable[[DustState, Any], None]] = {CrewDismounted: _f_crew_dismounted}
EVENT_TYPES: tuple[type, ...] = (CrewDismounted,)
SIDE_ACTIONS: dict[type, Action] = {}
