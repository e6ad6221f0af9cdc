"""Heavy weapons, guided weapons and fire at vehicles (Armoured Dustup: Heavy Weapons; Guided Weapons;
Vehicles: Firing at Vehicles and Large Creatures ... Suppression and Vehicles; Buildings and
Fortifications as targets).

Orders added here:

* :class:`FireWeapon` - one action: a heavy weapon, an unguided rocket (IAVR) or a guided missile
  fires at one target. A vehicle with slaved weapons may fire any of them at the same target in
  that one action, and a mech or monster two; each is resolved on its own.
* :class:`SetUpWeapon` - one action: a crew sets up or dismantles its heavy weapon.
* :class:`SetRemote` - one action: a crew turns its set-up guided missile launcher into a remote
  launcher, which it may then fire from up to 6 hexes (12") away.
* :class:`Limber` / :class:`Unlimber` - one reorganise action of the crew each, with at least half
  the standard crew fit: a towed heavy weapon (size 2 or more) is hooked to a ground vehicle next
  to the crew, or taken off the hook and brought into action (Moving Heavy Weapons).

Towed heavy weapons, this game's readings:

* A crewed weapon of size 2 or more is never man-packed: it may not be dismantled, a crew whose
  gun is neither set up nor limbered may not Move (an order that would carry it is refused), and
  a crew cannot take it aboard a vehicle unless it is limbered to that vehicle. Moving away from
  a set-up gun abandons it, as for any heavy weapon.
* Limbered, the gun is hooked to the tractor (the tractor's ``towing`` names the crew unit) and
  the crew rides with it: when the tractor moves, the crew unit follows into the last hex it left
  (vehicles.follow), or rides inside if it has embarked. The crew may not Move on its own; if it
  is forced away from the tractor (a rout) the hook parts and the gun is abandoned.
* A tractor is a ground vehicle (vehicle, mech or monster) that is not grav or hover, not damaged
  or immobilised, and not already towing or towed (Towing and Pushing Vehicles); the gun counts
  as a load of its weapon size, so the tractor must be no more than one size smaller. A limbered
  gun does not halve the tractor's speed: the half-speed rule is for vehicles towing vehicles.
* Unlimbering brings the gun into action: it is set up and ready to fire, with no separate set-up
  action. The book names one action to limber and one to unlimber, as it names one to dismantle
  and one to set up a man-packed weapon; unlimbering is the towed gun's setting up.
* A tractor that is damaged drops its tow when it next activates (vehicles.ACTIVATION_BEGIN): the
  gun is then on the ground, not set up, and the crew sets it up with :class:`SetUpWeapon`.

The shared pieces that fire.py's Shoot action also uses live here too: suppression of vehicles
(the small arms limit, buildings passing it to their occupants, open-topped passengers passing it
to their vehicle), hits on vehicles (impact against the armour face the shot comes from: damage
markers, destruction), casualties to passengers, and the rules on who may fire from a vehicle and
who may be fired at inside one.

Scale (RULES-NOTES): 1 hex = 2 inches. A heavy weapon's effective range is 24 hexes (48") times its
size; unguided rockets use the support weapons' bands; guided missiles have no range limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, arc_of, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ew, ground, shooting
from . import commands as C
from . import events as E
from .action import Action, Decision
from .data import Weapon
from .dice import die_name, hits_and_remainder, impact_result, roll_value, shift, shift_names, successes, value_name
from .ground import (
    GROUND,
    carried_weapon,
    exposed_passengers,
    tow_refusal,
    towed_weapon,
    tractor_of,
    vehicle_of,  # noqa: F401  (also read as heavy.<name>)
    weapon_of,
)
from .ground import towed_guns as _towed_guns
from .state import (
    ABANDONED,
    BROKEN,
    CONFIDENCE,
    FIT,
    HULL,
    KILLED,
    ROUTED,
    SHAKEN,
    UNTREATED,
    WEAPON,
    DustState,
    Figure,
    Unit,
)

RULE_HEAVY = "Heavy Weapons: Firing Heavy Weapons"
RULE_RANGE = "Heavy Weapons: Heavy Weapon Range"
RULE_LARGE = "Heavy Weapons: Heavy Weapons and Large Targets"
RULE_FC = "Heavy Weapons: Heavy Weapon Fire Control"
RULE_MOVING = "Heavy Weapons: Moving Heavy Weapons"
RULE_TOWED = "Heavy Weapons: Moving Heavy Weapons (towed weapons)"
RULE_IAVR = "Heavy Weapons: Unguided Rockets"
RULE_GUIDED = "Guided Weapons: Firing Procedure"
RULE_ECM = "Guided Weapons: Electronic Counter-Measures"
RULE_REMOTE = "Guided Weapons: Remote Missile Launchers"
RULE_DECOYS = "Guided Weapons: Decoys"
RULE_AREA = "Guided Weapons: Area Protection"
RULE_AT_VEHICLES = "Vehicles: Firing at Vehicles and Large Creatures"
RULE_PASSENGERS = "Vehicles: Casualties to Vehicle Passengers"
RULE_OPEN_TOP = "Vehicles: Open Top and Soft Skinned Vehicles"
RULE_DAMAGE = "Vehicles: Vehicle Damage"
RULE_STAB = "Vehicles: Weapon Stabilisation"
RULE_MULTI = "Vehicles: Multiple Weapons"
RULE_PASSENGER_FIRE = "Vehicles: Fire by Passengers"
RULE_SUPPRESSION = "Vehicles: Suppression and Vehicles"
RULE_BUILDINGS = "Buildings and Fortifications"
RULE_VEHICLE_FDF = "Vehicles: Final Defensive Fire"

FIRE_KINDS = ("heavy", "iavr", "guided")  # what FireWeapon fires (mortars and AA weapons have rules of their own)
OPENING = "opening"  # a door, window or viewport of a building (Buildings and Fortifications)
OPENING_ARMOUR = 6  # Door or window: class 0 (D6)
AREA_PROTECTION_RANGE = 3  # 6 inches
AREA_PROTECTION_DIE = 8  # this game's reading: the book's decoy die, a D8
REMOTE_RANGE = 6  # 12 inches


# ---------------------------------------------------------------------------------------------
# Orders and the event of this module
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class FireWeapon:
    """Fire a heavy weapon, unguided rocket or guided missile (one action; Firing Heavy Weapons).

    ``weapons``: the figure ids of the weapons that fire - one, or for a vehicle with slaved
    weapons any of them, or for a mech or monster two, all at ``target``. ``part``: "" for the
    whole target, "opening" to aim at a door or window of a building. ``to``: a vehicle with
    superior stabilisation moves toward this hex first and fires in the same single action, its
    target die shifted up one (Weapon Stabilisation).
    """

    unit: str
    weapons: tuple[str, ...]
    target: str
    part: str = ""
    to: Hex | None = None


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


# ---------------------------------------------------------------------------------------------
# Pure helpers
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# Suppression, hits on vehicles and passengers (also used by fire.py)
# ---------------------------------------------------------------------------------------------


def place_suppression(ctx: Resolution, firer: Unit, target: Unit, reason: str, rule: str,
                      small_arms_only: bool = False) -> bool:
    """Add a suppression marker to ``target`` with what follows from it. Small arms alone add no
    second marker to a vehicle whose armour (the face the fire comes from) is above class 1; a
    suppressed building suppresses its occupants; suppressed passengers of an open-topped vehicle
    suppress the vehicle. True if a marker was added to ``target``."""
    st: DustState = ctx.state
    if target.is_vehicle and small_arms_only and target.suppression >= 1:
        face = face_towards(target, firer.hex)
        if target.armour_face(face) > 12:
            ctx.emit(E.Note(text=f"small arms cannot add a second suppression marker to {target.name} "
                            f"({value_name(target.armour_face(face))} {face} armour)", rule=RULE_AT_VEHICLES))
            return False
    added = checks.suppress(ctx, target, reason, rule)
    if not added:
        return False
    if target.vehicle == "building":
        for p in st.passengers(target.id):
            checks.suppress(ctx, p, f"{target.name} is suppressed", RULE_BUILDINGS)
    v = vehicle_of(st, target)
    if v is not None and exposed_passengers(v):
        checks.suppress(ctx, v, f"its passengers {target.name} are suppressed", RULE_OPEN_TOP)
    return True


def hull_of(u: Unit) -> Figure:
    return next(f for f in u.figures if f.role == HULL)


def vehicle_hits(ctx: Resolution, firer: Unit, shooter: str, target: Unit, hits: int, impact: int,
                 weapon_class: int, origin: Hex, part: str = "") -> int:
    """Firing at Vehicles: each hit is an impact roll against the armour face it strikes (from
    ``origin``). Beating the armour places a damage marker; more than double destroys the vehicle.
    A hit on a building's opening is against its D6 and can only damage the building (this game's
    reading: a breach). Passengers test after each damage (Casualties to Vehicle Passengers).
    Returns the damage markers placed."""
    face = face_towards(target, origin)
    armour = OPENING_ARMOUR if part else target.armour_face(face)
    where = "an opening" if part else f"{face} armour"
    damage = 0
    for i in range(hits):
        if target.destroyed:
            break
        imp = roll_value(ctx, impact, f"hit {i + 1} of {hits}: impact {value_name(impact)} against {target.name}",
                         RULE_AT_VEHICLES, firer.id)
        arm = roll_value(ctx, armour, f"{target.name}, {where}: {value_name(armour)}", RULE_AT_VEHICLES, target.id)
        result = impact_result(imp, arm)
        if result == "kill" and not part:
            hull = hull_of(target)
            checks.set_figure(ctx, target, hull, KILLED, hull.wounds,
                              f"impact {imp} more than double armour {arm}: destroyed", RULE_AT_VEHICLES,
                              by=(firer.id, shooter))
            passenger_casualties(ctx, target, weapon_class, destroyed=True)
            break
        if result != "none":
            damage += 1
            ctx.emit(E.VehicleDamaged(unit=target.id, reason=f"impact {imp} beats armour {arm}", rule=RULE_DAMAGE))
            passenger_casualties(ctx, target, weapon_class, destroyed=False)
        else:
            ctx.emit(E.Note(text=f"{target.name}: impact {imp} against armour {arm}, no effect",
                            rule=RULE_AT_VEHICLES))
    return damage


def passenger_casualties(ctx: Resolution, vehicle: Unit, weapon_class: int, destroyed: bool) -> None:
    """Casualties to Vehicle Passengers: every passenger rolls its armour die; it must beat the
    firing weapon's class (small arms and support weapons count as class 1, this game's reading),
    or double that if the vehicle was destroyed, or be hit (wounded; a second wound kills; power
    armour rolls on its casualty table). The occupants of a building test the same way. Units
    with casualties take their confidence tests. Survivors of a destroyed vehicle bail out onto
    its hex (this game's reading)."""
    st: DustState = ctx.state
    need = max(weapon_class, 1) * (2 if destroyed else 1)
    state = "wrecked" if destroyed else "damaged"
    for p in st.passengers(vehicle.id):
        hit = 0
        for fig in p.people:
            if fig.status in (KILLED, ABANDONED):
                continue
            roll = ctx.roll(fig.armour, f"{fig.name} in the {state} {vehicle.name}: armour D{fig.armour} "
                            f"must beat {need}", RULE_PASSENGERS, p.id)
            if roll > need:
                continue
            hit += 1
            if fig.power:
                checks.power_armour_hit(ctx, p, fig, RULE_PASSENGERS, None)
                continue
            wounds = fig.wounds + 1
            status = KILLED if wounds >= 2 else UNTREATED
            checks.set_figure(ctx, p, fig, status, wounds, f"armour {roll} not above {need}: "
                              + ("a second wound kills" if status == KILLED else "wounded"), RULE_PASSENGERS)
        if destroyed and p.fit_figures:
            ctx.emit(E.Disembarked(unit=p.id, reason=f"bails out of the wrecked {vehicle.name}",
                                   rule=RULE_PASSENGERS))
            ctx.emit(E.UnitPlaced(unit=p.id, at=vehicle.pos))
        if hit and p.fit_figures and p.confidence != ROUTED:
            checks.confidence_test(ctx, p, "casualties", casualties=hit, survivors=len(p.fit_figures))
        if hit:
            checks.leader_losses(ctx, [p.id])


def vehicle_morale(ctx: Resolution, target: Unit) -> None:
    """Morale: Confidence Test: a vehicle that takes one or more damage tests (each existing damage
    marker adds to the number, checks.confidence_test)."""
    if target.destroyed or not target.fit_figures or target.confidence == ROUTED:
        return
    checks.confidence_test(ctx, target, "vehicle_damage")


def spend_disposables(ctx: Resolution, u: Unit, figs: list[Figure]) -> None:
    """Unguided Rockets: a disposable rocket, once fired, is used up."""
    st: DustState = ctx.state
    for f in figs:
        w = weapon_of(st, f)
        if w is not None and w.kind == "iavr" and w.disposable and f.ready:
            ctx.emit(WeaponReadied(unit=u.id, figure=f.id, ready=False, reason="the disposable rocket is used up",
                                   rule=RULE_IAVR))


# ---------------------------------------------------------------------------------------------
# FireWeapon
# ---------------------------------------------------------------------------------------------


def firer_refusal(st: DustState, u: Unit) -> str | None:
    """What stops a unit firing at all (as for the Shoot action), vehicles aside."""
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    if u.suppression and not u.is_vehicle:
        return f"{u.name} is suppressed: it cannot shoot until it recovers (Recover Suppression Action)"
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    if u.complete_concealment and st.tables.conceal.get(u.hex, "none") != "none":
        return f"{u.name} is completely concealed and may not fire: reorganise to partial concealment first"
    if u.confidence <= BROKEN and not ground.in_cover(st, u):
        return f"{u.name} is broken: it may fire only while in cover (Forces: Confidence)"
    if u.vehicle == "aircraft":
        return f"{u.name} is an aircraft: it fires by the rules for aircraft"
    if u.crew_out:
        return ground.unmanned(u)
    return passenger_fire_refusal(st, u)


def _max_weapons(u: Unit) -> int:
    if u.slaved:
        return 99
    if u.vehicle in ("mech", "monster"):
        return 2
    return 1


def weapon_refusal(st: DustState, u: Unit, f: Figure) -> str | None:
    """Why this figure's weapon cannot fire now (no target needed)."""
    w = weapon_of(st, f)
    if w is None or not fires_alone(st, f):
        return f"{f.name} has no heavy weapon, rocket or guided missile: use the Shoot action"
    if f.status != FIT:
        return f"{f.name} is {f.status} and cannot fire"
    if f.fired:
        return f"{f.name} has already fired this activation"
    if w.kind == "iavr" and not f.ready:
        return f"{f.name}'s rocket is used up"
    if crewed(u, f):
        if not f.ready:
            return f"{f.name} is dismantled: set it up first (one action)"
        if not crew_may_fire(u, w):
            need = "any crewman" if w.size <= 1 else f"at least {(standard_crew(w) + 1) // 2} crew"
            return f"{f.name} needs {need} to fire (Moving Heavy Weapons)"
    if u.is_vehicle and u.moves and u.stabilisation == "poor":
        return f"{u.name} has poor stabilisation: it cannot fire after moving this activation ({RULE_STAB})"
    if u.is_vehicle and u.suppression and w.external:
        return (f"{u.name} is suppressed: its {w.name} is worked from outside the vehicle and may not be "
                f"fired ({RULE_SUPPRESSION})")
    return None


def launch_hexes(st: DustState, u: Unit, f: Figure) -> list[Hex]:
    """Where a weapon may see from: the firer's hex, and a remote launcher's."""
    w = weapon_of(st, f)
    out = [u.hex]
    if u.remote is not None and w is not None and w.kind == "guided" and crewed(u, f):
        out.append(u.remote)
    return out


def move_and_fire_refusal(st: DustState, u: Unit, to: Hex) -> str | None:
    """Weapon Stabilisation: only a vehicle with superior stabilisation may move and shoot in the
    same action; the move must be one it could make as a Move action."""
    if u.vehicle not in ("vehicle", "mech", "monster"):
        return "only a vehicle moves and fires in one action"
    if u.stabilisation != "superior":
        return (f"{u.name} has {u.stabilisation or 'no'} stabilisation: only superior stabilisation lets a "
                f"vehicle move and fire in the same action ({RULE_STAB})")
    why = acts.move_check(st, u, C.Move(u.id, to))
    return f"it cannot make that move: {why}" if why else None


def check(st: DustState, u: Unit, cmd: FireWeapon) -> str | None:
    why = firer_refusal(st, u)
    if why:
        return why
    if cmd.to is not None:
        why = move_and_fire_refusal(st, u, cmd.to)
        if why:
            return why
    figs, why = _named_weapons(st, u, cmd)
    if why:
        return why
    return _aim_refusal(st, u, cmd) or _reach_refusal(st, u, cmd, figs)


def _named_weapons(st: DustState, u: Unit, cmd: FireWeapon) -> tuple[list[Figure], str | None]:
    """The weapons the order names, or why they may not fire together (Multiple Weapons)."""
    if not cmd.weapons:
        return [], "name the weapon that fires"
    if len(set(cmd.weapons)) != len(cmd.weapons):
        return [], "a weapon is named twice: each weapon fires once per activation"
    most = _max_weapons(u)
    if len(cmd.weapons) > most:
        if u.vehicle in ("mech", "monster"):
            return [], f"{u.name} may fire two weapons at one target in one action, no more (Mechs and Monsters)"
        return [], (f"only one heavy weapon fires per action unless the vehicle's weapons are slaved to one "
                    f"fire control ({RULE_MULTI})")
    own = {f.id: f for f in u.figures}
    figs = []
    for fid in cmd.weapons:
        f = own.get(fid)
        if f is None:
            return [], f"{fid} is not a weapon of {u.name}"
        why = weapon_refusal(st, u, f)
        if why:
            return [], why
        figs.append(f)
    return figs, None


def _aim_refusal(st: DustState, u: Unit, cmd: FireWeapon) -> str | None:
    """Why the target (or the part of it aimed at) may not be fired on at all."""
    why = ground.fire_target_refusal(st, u, cmd.target)
    if why:
        return why
    target = st.units[cmd.target]  # fire_target_refusal refuses an unknown id
    why = target_refusal(st, target)
    if why:
        return why
    if ground.flying(target):
        return f"{target.name} is in the air: only anti-aircraft weapons may fire at it"
    if cmd.part not in ("", OPENING):
        return f"'{cmd.part}' is no part of a target: leave it empty, or aim at an '{OPENING}' of a building"
    if cmd.part and target.vehicle != "building":
        return "only a building has doors and windows to aim at"
    return None


def _reach_refusal(st: DustState, u: Unit, cmd: FireWeapon, figs: list[Figure]) -> str | None:
    """Why one of the weapons cannot see or reach the target, or has no possible shot at it."""
    target = st.units[cmd.target]
    dist = hex_distance(u.hex, target.hex)
    for f in figs:
        w = carried_weapon(st, f)  # weapon_refusal refused a figure without one
        if not any(ground.can_see(st, h, target.hex) for h in launch_hexes(st, u, f)):
            return f"{u.name} cannot see {target.name}: hills, buildings and woods block the line"
        if u.remote is not None and u.remote in launch_hexes(st, u, f) and hex_distance(u.hex, u.remote) > REMOTE_RANGE:
            return f"{u.name} is more than {REMOTE_RANGE} hexes from its remote launcher ({RULE_REMOTE})"
        if w.kind == "guided":
            continue
        if w.max_range and dist > w.max_range:
            return f"the target is {dist} hexes away: the {w.name} reaches {w.max_range} hexes at most"
        die, shifts = weapon_target_die(st, u, f, target, cmd.part)
        if die > 12:
            return f"no shot is possible with the {w.name}: the {describe_die(die, shifts)}"
    return None


def offer(st: DustState, u: Unit) -> list[FireWeapon]:
    """Each weapon that may fire, alone, at each enemy in sight (at a building also at its
    openings); with slaved weapons or a mech's two, also all of them together."""
    if not u.on_table or (u.suppression and not u.is_vehicle) or u.travel:
        return []
    ready = [f for f in u.figures if fires_alone(st, f) and weapon_refusal(st, u, f) is None]
    if not ready:
        return []
    together = tuple(f.id for f in ready[:_max_weapons(u)]) if len(ready) > 1 and _max_weapons(u) > 1 else ()
    out: list[FireWeapon] = []
    for t in st.enemies(u.side):
        if t.hidden:
            continue
        parts = ("", OPENING) if t.vehicle == "building" else ("",)
        for part in parts:
            out += [FireWeapon(u.id, (f.id,), t.id, part) for f in ready]
            if together:
                out.append(FireWeapon(u.id, together, t.id, part))
    return out + _move_and_fire_offer(st, u, ready, together)


def _move_and_fire_offer(st: DustState, u: Unit, ready: list[Figure], together: tuple[str, ...]) -> list[FireWeapon]:
    """At most two moves-and-fire for a vehicle with superior stabilisation, at the nearest enemy in
    sight: closing in on it, and pulling back from it (each to a hex within an average roll)."""
    if u.stabilisation != "superior" or u.vehicle not in ("vehicle", "mech", "monster") or \
            ground.vehicle_cannot_move(st, u):
        return []
    seen = [t for t in st.enemies(u.side) if not t.hidden and ground.can_see(st, u.hex, t.hex)]
    if not seen:
        return []
    t = min(seen, key=lambda e: (hex_distance(u.hex, e.hex), e.id))
    near = [h for h, c in ground.move_options(st, u, False).items() if c <= u.move_die // 2]
    if not near:
        return []
    weapons = together or (ready[0].id,)
    closer = min(near, key=lambda h: (hex_distance(h, t.hex), h.q, h.r))
    back = max(near, key=lambda h: (hex_distance(h, t.hex), -h.q, -h.r))
    return [FireWeapon(u.id, weapons, t.id, "", h) for h in dict.fromkeys((closer, back))]


@attrs.frozen
class WeaponShot:
    """What one weapon's shot did."""

    successes: int
    suppressed: bool
    casualties: int
    damage: int


MISS = WeaponShot(0, False, 0, 0)


def resolve(ctx: Resolution, u: Unit, cmd: FireWeapon) -> None:
    """One action: the weapons fire one after another at the target, then its morale answers. With
    ``to``, the vehicle moves first (superior stabilisation) and fires from where the roll takes it."""
    st: DustState = ctx.state
    target = st.units[cmd.target]
    what = "fire " + ("weapons" if len(cmd.weapons) > 1 else "a heavy weapon")
    acts.spend(ctx, u, what if cmd.to is None else "move and " + what)
    moving_fire = False
    if cmd.to is not None:
        start = u.pos
        _move_before_fire(ctx, u, cmd.to)
        moving_fire = u.pos != start
        why = _after_move_refusal(st, u, cmd, moving_fire)
        if why:
            ctx.emit(E.Note(text=f"{u.name} holds its fire after the move: {why}", rule=RULE_STAB))
            return
    figs = [checks.figure_by_id(u, fid) for fid in cmd.weapons]
    ctx.emit(E.FiguresFired(unit=u.id, figures=tuple(cmd.weapons)))
    acts.reveal(ctx, u, "it fired")
    first_fire = not target.under_fire_before
    suppressed_before = target.suppressed_before
    if first_fire:
        ctx.emit(E.CameUnderFire(unit=target.id, reason=f"fired on by {u.name}", rule="Morale: Confidence Test"))
    casualties = damage = 0
    suppressed = False
    for f in figs:
        if not target.on_table:
            ctx.emit(E.Note(text=f"{target.name} is gone: the {carried_weapon(st, f).name} holds its fire",
                            rule=RULE_MULTI))
            break
        w = carried_weapon(st, f)
        shot = guided_shot(ctx, u, f, target, cmd.part) if w.kind == "guided" else \
            direct_shot(ctx, u, f, target, cmd.part, moving_fire=moving_fire)
        casualties += shot.casualties
        damage += shot.damage
        suppressed |= shot.suppressed
    spend_disposables(ctx, u, figs)
    if target.is_vehicle:
        if target.on_table:
            shooting.fire_morale(ctx, target, first_fire=first_fire,
                                 first_suppressed=suppressed and not suppressed_before,
                                 casualties=0, travel=target.travel)
        if damage:
            vehicle_morale(ctx, target)
    else:
        shooting.fire_morale(ctx, target, first_fire=first_fire, first_suppressed=suppressed and not suppressed_before,
                         casualties=casualties, travel=target.travel)


def _move_before_fire(ctx: Resolution, u: Unit, to: Hex) -> None:
    """The move half of a move-and-fire: as a Move action (a shaken vehicle closing in needs its
    nerve first), without spending another action."""
    st: DustState = ctx.state
    if u.confidence in (SHAKEN, BROKEN) and ground.needs_nerve(st, u, to):
        if not checks.leadership_test(ctx, u, f"a {CONFIDENCE[u.confidence]} unit moving toward the enemy or "
                                      "out of cover", "Forces: Confidence (shaken)"):
            ctx.emit(E.Note(text=f"{u.name} will not go: it fires from where it stands",
                            rule="Forces: Confidence (shaken)"))
            return
    acts.move_unit(ctx, u, to, purpose="move and fire", rule=RULE_STAB)


def _after_move_refusal(st: DustState, u: Unit, cmd: FireWeapon, moved: bool) -> str | None:
    """This game's reading: the shot is checked again from where the move ended; a target now out of
    sight or out of reach (with the move's shift) is not engaged, and the action is gone."""
    if not u.on_table:
        return f"{u.name} is out of the fight"
    if st.pending is not None:
        return "something on the way demands a decision first"
    why = check(st, u, attrs.evolve(cmd, to=None))
    if why:
        return why
    target = st.units[cmd.target]
    for fid in cmd.weapons:
        f = checks.figure_by_id(u, fid)
        w = weapon_of(st, f)
        if w is not None and w.kind != "guided":
            die, shifts = weapon_target_die(st, u, f, target, cmd.part, moving_fire=moved)
            if die > 12:
                return f"no shot is possible with the {w.name}: the {describe_die(die, shifts)}"
    return None


def _opening_miss(ctx: Resolution, firer: Unit, f: Figure, target: Unit, impact: int, weapon_class: int,
                  origin: Hex) -> int:
    """Buildings and Fortifications: a shot at a door or window that misses strikes the building
    itself if a D6 rolls below the building's size: one hit on its own armour (this game's
    reading). Returns the damage markers placed."""
    roll = ctx.roll(6, f"the shot missed the opening: below {target.size} it strikes the building",
                    RULE_BUILDINGS, firer.id)
    if roll >= target.size:
        ctx.emit(E.Note(text=f"the shot misses {target.name} altogether", rule=RULE_BUILDINGS))
        return 0
    ctx.emit(E.Note(text=f"the shot strikes {target.name} elsewhere", rule=RULE_BUILDINGS))
    return vehicle_hits(ctx, firer, f.id, target, 1, impact, weapon_class, origin)


def direct_shot(ctx: Resolution, firer: Unit, f: Figure, target: Unit, part: str = "", *,
                defensive: bool = False, moving_fire: bool = False) -> WeaponShot:
    """Firing Heavy Weapons; Unguided Rockets: the quality die and the weapon's firepower dice
    against the target die. One success suppresses; two are hits: the dice's total divided by the
    target die type. Against a vehicle or building each hit is an impact roll against its armour
    (the weapon's anti-armour impact and firepower); against troops the hits are allocated to
    figures as for small arms (its anti-personnel values). ``defensive``: final defensive fire, whose
    suppression results are ignored; ``moving_fire``: moved in this same action (Weapon Stabilisation)."""
    st: DustState = ctx.state
    w = carried_weapon(st, f)
    rule = RULE_VEHICLE_FDF if defensive else RULE_IAVR if w.kind == "iavr" else RULE_HEAVY
    point = target.is_vehicle
    die, shifts = weapon_target_die(st, firer, f, target, part, moving_fire=moving_fire)
    t_roll = ctx.roll(die, describe_die(die, shifts), rule, target.id,
                      modifiers=shift_names(f"target die D{shooting.BASE_TARGET_DIE}", shifts, rule))
    named = [(firer.quality, f"quality die D{firer.quality}")]
    fp = w.die_against(point)
    named += [(fp, f"{w.name} firepower die D{fp}" + (f" ({i + 1} of {w.count})" if w.count > 1 else ""))
              for i in range(w.count)]
    rolls = [ctx.roll(d, f"{firer.name} fires: {label}", rule, firer.id) for d, label in named]
    res = successes(rolls, t_roll)
    total = sum(rolls)
    ctx.emit(E.Note(text=f"{firer.name}'s {w.name} against {target.name}: {res.count} of {len(rolls)} dice "
                    f"({', '.join(map(str, rolls))}) beat the target's {t_roll}: {res.label}", rule=rule))
    suppressed = False
    if res.count and defensive:
        ctx.emit(E.Note(text="final defensive fire: suppression results are ignored", rule=rule))
    elif res.count:
        suppressed = place_suppression(ctx, firer, target, f"{res.label} by {firer.name}'s {w.name}", rule)
    wclass = max(w.size, 1)
    damage = casualties = 0
    if res.major:
        hits, _ = hits_and_remainder(total, die)
        ctx.emit(E.Note(text=f"dice total {total}; divided by the target die type ({die}): {hits} hit"
                        f"{'s' if hits != 1 else ''}", rule=rule))
        if point:
            damage = vehicle_hits(ctx, firer, f.id, target, hits, w.impact_against(True), wclass, firer.hex, part)
        elif hits:
            casualties = shooting.resolve_hits(ctx, firer, target, [f], hits, w.impact)
    elif part:
        damage = _opening_miss(ctx, firer, f, target, w.impact_against(True), wclass, firer.hex)
    return WeaponShot(res.count, suppressed, casualties, damage)


def final_defensive_fire(ctx: Resolution, v: Unit, target: Unit) -> int:
    """Vehicles: Final Defensive Fire: the vehicle's machineguns (weapons marked ``defensive`` in
    weapons.toml: support weapons, never its guns or missiles) each fire at the assaulting unit, as
    an ordinary shot of the weapon whose suppression results are ignored; already fired or not. Not
    from an unmanned vehicle, and no external weapon while it is suppressed. Returns the figures of
    the attacker newly wounded or killed (damage markers, at a mech or monster)."""
    st: DustState = ctx.state
    guns = [f for f in v.figures
            if f.role == WEAPON and f.status == FIT and getattr(weapon_of(st, f), "defensive", False)]
    if not guns:
        return 0
    if v.crew_out:
        ctx.emit(E.Note(text=f"{v.name} is unmanned: its machineguns stay silent", rule=RULE_VEHICLE_FDF))
        return 0
    real = st.units[target.id] if target.is_vehicle else target
    total = 0
    for f in guns:
        w = carried_weapon(st, f)
        if not real.on_table or not v.on_table:
            break
        if v.suppression and w.external:
            ctx.emit(E.Note(text=f"{v.name} is suppressed: its {w.name} is worked from outside and stays silent",
                            rule=RULE_SUPPRESSION))
            continue
        if not ground.can_see(st, v.hex, real.hex):
            ctx.emit(E.Note(text=f"{v.name} cannot see {real.name}: no final defensive fire", rule=RULE_VEHICLE_FDF))
            break
        dist = hex_distance(v.hex, real.hex)
        if w.max_range and dist > w.max_range:
            continue
        die, shifts = weapon_target_die(st, v, f, real)
        if die > 12:
            ctx.emit(E.Note(text=f"no final defensive fire with the {w.name}: the {describe_die(die, shifts)}",
                            rule=RULE_VEHICLE_FDF))
            continue
        acts.reveal(ctx, v, "it fired")
        ctx.emit(E.Note(text=f"{v.name} fires its {w.name} in final defensive fire", rule=RULE_VEHICLE_FDF))
        shot = direct_shot(ctx, v, f, real, defensive=True)
        total += shot.casualties + shot.damage + (1 if real.is_vehicle and real.destroyed else 0)
    return total


def ecm_die(st: DustState, target: Unit) -> tuple[int, str]:
    """Electronic Counter-Measures: the target's ECM die, one up (closed) if it is in cover."""
    die = target.ecm
    if ground.in_cover(st, target):
        return shift(die, 1), f"ECM die D{target.ecm} -> {die_name(shift(die, 1))}: target in cover"
    return die, f"ECM die D{die}"


def guided_shot(ctx: Resolution, firer: Unit, f: Figure, target: Unit, part: str = "") -> WeaponShot:
    """Guided Weapons: Firing Procedure. Decoys and area protection may defeat the missile first;
    then the firer's quality die and the guidance die against the target's ECM die (an enemy EW
    unit may disrupt it): none beating it misses, one suppresses, two hit - one impact roll."""
    st: DustState = ctx.state
    w = carried_weapon(st, f)
    origin = next((h for h in launch_hexes(st, firer, f) if ground.can_see(st, h, target.hex)), firer.hex)
    if _decoyed(ctx, firer, w, target):
        return MISS
    ecm, words = ecm_die(st, target)
    e_roll = ctx.roll(ecm, words, RULE_ECM, target.id,
                      modifiers=(f"ECM die D{target.ecm} shifted up one: target in cover ({RULE_ECM})",)
                      if ecm != target.ecm else ())
    rolls = [ctx.roll(firer.quality, f"{firer.name} guides the missile: quality die D{firer.quality}", RULE_GUIDED,
                      firer.id),
             ctx.roll(w.guidance, f"{w.name}: guidance die D{w.guidance}", RULE_GUIDED, firer.id)]
    if ew.disrupt(ctx, firer.side, rolls, "guided missile"):
        ctx.emit(E.Note(text=f"the {w.name}'s guidance is disrupted: the missile misses", rule=RULE_GUIDED))
        return MISS
    res = successes(rolls, e_roll)
    ctx.emit(E.Note(text=f"{firer.name}'s {w.name} against {target.name}: {res.count} of 2 dice "
                    f"({', '.join(map(str, rolls))}) beat the ECM die's {e_roll}: "
                    + ("missed" if not res.count else "suppressed" if res.minor else "a hit"), rule=RULE_GUIDED))
    suppressed = False
    if res.count:
        suppressed = place_suppression(ctx, firer, target, f"a guided missile from {firer.name}", RULE_GUIDED)
    wclass = max(w.size, 1)
    damage = casualties = 0
    if res.major:
        if target.is_vehicle:
            damage = vehicle_hits(ctx, firer, f.id, target, 1, w.impact_against(True), wclass, origin, part)
        else:
            casualties = shooting.resolve_hits(ctx, firer, target, [f], 1, w.impact)
    elif part:
        damage = _opening_miss(ctx, firer, f, target, w.impact_against(True), wclass, origin)
    return WeaponShot(res.count, suppressed, casualties, damage)


def _decoyed(ctx: Resolution, firer: Unit, w: Weapon, target: Unit) -> bool:
    """Decoys: before the missile's dice, the target's decoy die against the guidance die; winning
    defeats the missile and uses the decoy up for the turn (this game's reading: a failed attempt
    does not). Area Protection: then a friendly vehicle within 3 hexes (6") with an area protection
    system (the target included) intercepts with a D8 against the guidance die; the one-shot system
    is used up either way (this game's reading: carried systems count as deployed, and are used
    automatically)."""
    st: DustState = ctx.state
    if not target.is_vehicle:
        return False
    if target.decoys and not target.decoy_used:
        d = ctx.roll(target.decoys, f"{target.name}'s decoy D{target.decoys} against the guidance die", RULE_DECOYS,
                     target.id)
        g = ctx.roll(w.guidance, f"{w.name}: guidance die D{w.guidance} against the decoy", RULE_DECOYS, firer.id)
        if d > g:
            ctx.emit(E.DecoyUsed(unit=target.id, reason=f"decoy {d} beats guidance {g}: the missile is defeated",
                                 rule=RULE_DECOYS))
            return True
        ctx.emit(E.Note(text=f"decoy {d} against guidance {g}: the missile flies on", rule=RULE_DECOYS))
    guards = [v for v in st.units.values()
              if v.side == target.side and v.is_vehicle and v.on_table and v.area_protection > 0
              and hex_distance(v.hex, target.hex) <= AREA_PROTECTION_RANGE]
    if guards:
        guard = min(guards, key=lambda v: (hex_distance(v.hex, target.hex), v.id))
        ctx.emit(E.AreaProtectionFired(unit=guard.id,
                                       reason=f"an area protection system fires to cover {target.name}",
                                       rule=RULE_AREA))
        d = ctx.roll(AREA_PROTECTION_DIE,
                     f"{guard.name}'s area protection D{AREA_PROTECTION_DIE} against the guidance die",
                     RULE_AREA, guard.id)
        g = ctx.roll(w.guidance, f"{w.name}: guidance die D{w.guidance} against the area protection", RULE_AREA,
                     firer.id)
        if d > g:
            ctx.emit(E.Note(text=f"area protection {d} beats guidance {g}: the missile is intercepted",
                            rule=RULE_AREA))
            return True
        ctx.emit(E.Note(text=f"area protection {d} against guidance {g}: the missile gets through", rule=RULE_AREA))
    return False


# ---------------------------------------------------------------------------------------------
# Setting up, dismantling, remote launchers, and moving with heavy weapons
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# Towed heavy weapons: limber and unlimber
# ---------------------------------------------------------------------------------------------


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
    FireWeapon: Action(check, resolve, offer),
    SetUpWeapon: Action(_setup_check, _setup_resolve, _setup_offer),
    SetRemote: Action(_remote_check, _remote_resolve, _remote_offer),
    Limber: Action(_limber_check, _limber_resolve, _limber_offer),
    Unlimber: Action(_unlimber_check, _unlimber_resolve, _unlimber_offer),
}
DECISIONS: dict[str, Decision] = {}
FOLD: dict[type, Callable[[DustState, Any], None]] = {WeaponReadied: _f_readied}
EVENT_TYPES: tuple[type, ...] = (WeaponReadied,)
COMMANDS: tuple[type, ...] = (FireWeapon, SetUpWeapon, SetRemote, Limber, Unlimber)
SIDE_ACTIONS: dict[type, Action] = {}
