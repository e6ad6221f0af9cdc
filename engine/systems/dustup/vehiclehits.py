"""Fire at vehicles (Armoured Dustup: Vehicles: Firing at Vehicles and Large Creatures; Casualties to
Vehicle Passengers; Open Top and Soft Skinned Vehicles; Vehicle Damage; Suppression and Vehicles;
Buildings and Fortifications as targets): suppression of vehicles (the small arms limit, buildings
passing it to their occupants, open-topped passengers passing it to their vehicle), hits on
vehicles (impact against the armour face the shot comes from: damage markers, destruction), a miss
through a building's opening, casualties to passengers, and the vehicle's morale after fire. Used by
heavy.py's FireWeapon, fire.py's Shoot and the air rules.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution

from . import checks
from . import events as E
from .dice import impact_result, roll_value, value_name
from .ground import (
    exposed_passengers,
    vehicle_of,
)
from .state import (
    ABANDONED,
    HULL,
    KILLED,
    ROUTED,
    UNTREATED,
    DustState,
    Figure,
    Unit,
)
from .weaponfacts import face_towards

RULE_AT_VEHICLES = "Vehicles: Firing at Vehicles and Large Creatures"
RULE_PASSENGERS = "Vehicles: Casualties to Vehicle Passengers"
RULE_OPEN_TOP = "Vehicles: Open Top and Soft Skinned Vehicles"
RULE_DAMAGE = "Vehicles: Vehicle Damage"
RULE_BUILDINGS = "Buildings and Fortifications"
OPENING_ARMOUR = 6  # Door or window: class 0 (D6)


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
