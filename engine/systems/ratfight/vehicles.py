"""JTS RatFight's Shooting at Vehicles 1-4: the hit draw, the damage draw against the armour of the face hit,
and the crew's test to stay in; the passengers of an abandoned vehicle are thrown out Down.
"""

from __future__ import annotations

from hexfront.engine.core.cards import card_value
from hexfront.engine.core.hexes import FRONT, SIDE, Hex, arc_of, ring
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .draws import compare, discard_resolution, draw_best
from .state import Model, RatState, res_deck

ARC_INDEX = {FRONT: 0, SIDE: 1}  # anything else is the rear (2)


def armour_arc(vehicle: Model, attacker_pos: Hex) -> str:
    return arc_of(vehicle.at, vehicle.facing, attacker_pos)


def damage_points(attack_value: int, ap: int, defence_value: int, armour: int) -> int:
    """Shooting at Vehicles 2-3: the attacker's card plus armour piercing against the defender's card plus the
    armour of the face hit; "the difference is the number of damage points" (none at 0 or less)."""
    return (attack_value + ap) - (defence_value + armour)


def crew_bail(crew_value: int, total_damage: int) -> bool:
    """Shooting at Vehicles 4: "The crew bail out if the numeric value of the resolution card is less than or
    equal to the accumulated damage"."""
    return crew_value <= total_damage


def shoot_vehicle(ctx: Resolution, st: RatState, attacker: Model, vehicle: Model, ap: int, n_att: int,
                  shots: int, n_def: int, weapon_name: str, att_mods: tuple[str, ...] = ()) -> int:
    """Shooting at Vehicles 1: hit draws until a hit or the shots run out. Returns spare shots, -1 on no hit."""
    d = draw_best(ctx, vehicle.side, n_def, f"{vehicle.name} tries to avoid the hit", "Shooting at Vehicles 1",
                  vehicle.id)
    left = shots
    while left > 0:
        left -= 1
        a = draw_best(ctx, attacker.side, n_att, f"{attacker.name} attacks {vehicle.name} with {weapon_name}",
                      "Shooting at Vehicles 1", attacker.id, att_mods)
        if compare(ctx, attacker, vehicle, a, d, f"hit on {vehicle.name}", "Shooting at Vehicles 1"):
            discard_resolution(ctx, st)
            damage_vehicle(ctx, st, attacker, vehicle, ap, weapon_name)
            return left
    return -1


def damage_vehicle(ctx: Resolution, st: RatState, attacker: Model, vehicle: Model, ap: int,
                   weapon_name: str = "the attack") -> None:
    """Shooting at Vehicles 2-4: card + AP against card + armour of the face hit; then the crew test."""
    vt = st.vehicle_type(vehicle)
    arc = armour_arc(vehicle, attacker.at)
    armour = vt.armour[ARC_INDEX.get(arc, 2)]
    a = ctx.draw(res_deck(attacker.side), f"damage card, +{ap} armour piercing", "Shooting at Vehicles 2",
                 who=attacker.id, modifiers=(f"+{ap} to the card's value: armour piercing of {weapon_name} "
                                             f"(Shooting at Vehicles 2)",))
    d = ctx.draw(res_deck(vehicle.side), f"armour card, +{armour} {arc} armour", "Shooting at Vehicles 2",
                 who=vehicle.id, modifiers=(f"+{armour} to the card's value: {arc} armour of {vt.name} "
                                            f"(Shooting at Vehicles 2)",))
    a_total, d_total = card_value(a) + ap, card_value(d) + armour
    if a == d:
        compare(ctx, attacker, vehicle, a, d, "damage", "Shooting at Vehicles 2")
    points = damage_points(card_value(a), ap, card_value(d), armour)
    ctx.emit(E.CardsCompared(attacker=attacker.id, defender=vehicle.id, attacker_card=a, defender_card=d,
                             winner="attacker" if points > 0 else "defender",
                             purpose=f"damage: {a_total} against {d_total}", rule="Shooting at Vehicles 3"))
    discard_resolution(ctx, st)
    if points <= 0:
        return
    total = vehicle.damage + points
    ctx.emit(E.VehicleDamaged(model=vehicle.id, points=points, total=total, arc=arc))
    c = ctx.draw(res_deck(vehicle.side), f"crew nerve against {total} damage", "Shooting at Vehicles 4",
                 who=vehicle.id, modifiers=(f"the crew bail out on a card of {total} or less: the vehicle's "
                                            f"accumulated damage (Shooting at Vehicles 4)",))
    discard_resolution(ctx, st)
    if crew_bail(card_value(c), total):
        ctx.emit(E.CrewBailedOut(model=vehicle.id, crew=vt.crew))
        throw_passengers(ctx, st, vehicle)


def throw_passengers(ctx: Resolution, st: RatState, vehicle: Model) -> None:
    """Passengers of an abandoned carrier are placed Down around it (Shooting at Vehicles)."""
    for p in st.passengers(vehicle.id):
        spot = None
        for radius in (1, 2, 3):
            for h in ring(vehicle.at, radius):
                if h not in st.occupant and st.tables.costs[p.mover].get(h) is not None:
                    spot = h
                    break
            if spot:
                break
        if spot is None:
            ctx.emit(E.ModelCasualty(model=p.id, reason="no room to bail out", rule="Shooting at Vehicles"))
        else:
            ctx.emit(E.PassengerThrown(model=p.id, at=spot))
