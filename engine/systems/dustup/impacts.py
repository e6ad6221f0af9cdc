"""Resolving Impacts (Artillery and Air Support: Fire Support Accuracy; Resolving Impacts; Multiple
Incoming Rounds; Additional Rules: Artificial Smoke, Fire): accuracy and scatter by the clockface, each
round of a mission, the blast on the units caught (armour, vehicles, passengers), the suppression and
confidence test once per mission, and smoke lines. The air rules' strikes use the same burst.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, arc_of, hex_count, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import checks, ground, heavy, vehicledamage
from . import events as E
from .dice import clock_to_hex_direction, die_name, roll_value, shift_value, value_name
from .state import ABANDONED, FIT, HULL, KILLED, ROUTED, DustState, Unit, feature_data
from .supportfacts import (
    AIRBURST,
    AMMO_NAMES,
    DIRECTION_WORDS,
    RULE_ACCURACY,
    RULE_FIRE,
    RULE_IMPACT,
    RULE_SMOKE,
    observer_die,
)

# ---------------------------------------------------------------------------------------------
# Accuracy, scatter and the rounds
# ---------------------------------------------------------------------------------------------


def accuracy(ctx: Resolution, observer: Unit | None, aim: Hex, from_point: Hex, guided: str, label: str) -> Hex:
    """Fire Support Accuracy: an unopposed roll of the observer's die must beat its leadership for the
    round to land on ``from_point``; else it scatters from there by the score x a D8 inches (the D8
    alone for guided rounds) in the clockface direction. ``aim`` is the target marker (for the
    laser's line of sight). Returns the impact point, which may be off the map."""
    st: DustState = ctx.state
    if observer is None:
        die, notes, lead, who = 4, ["no observer D4"], 3, ""
    else:
        die, notes = observer_die(st, observer, aim, guided)
        lead, who = observer.leadership, observer.id
    roll = ctx.roll(die, f"{label}: accuracy {die_name(die)} ({', '.join(notes)}) must beat leadership {lead}",
                    RULE_ACCURACY, who)
    if roll > lead:
        ctx.emit(E.Note(text=f"{label} is on target ({roll} beats {lead})", rule=RULE_ACCURACY))
        return from_point
    return scatter(ctx, from_point, roll, bool(guided), label, who)


def scatter(ctx: Resolution, start: Hex, score: int, guided: bool, label: str, who: str = "") -> Hex:
    """The round lands off its point: score x D8 inches (guided: the D8 alone), 2 inches a hex (a half
    rounds up), in the direction of a D12 on the clockface (12 o'clock north-west), walked hex by hex."""
    if guided:
        inches = ctx.roll(8, f"{label}: scatter distance, a D8 in inches (guided: not multiplied)", RULE_ACCURACY,
                          who)
    else:
        d8 = ctx.roll(8, f"{label}: scatter distance, {score} x D8 inches", RULE_ACCURACY, who)
        inches = score * d8
    hexes = (inches + 1) // 2
    hour = ctx.roll(12, f"{label}: scatter direction on the clockface (12 o'clock = north-west)", RULE_ACCURACY, who)
    d = clock_to_hex_direction(hour)
    point = start
    for _ in range(hexes):
        point = point.neighbour(d)
    ctx.emit(E.Note(text=f"{label} scatters {inches} inches ({hex_count(hexes)}) toward {hour} o'clock "
                    f"({DIRECTION_WORDS[d]})", rule=RULE_ACCURACY))
    return point


def deliver(ctx: Resolution, side: str, aim: Hex, observer: Unit | None, ammo: str, radius: int, rounds: int,
            guided: str, impacts: tuple[int, int], *, screen: str, line_dir: int = 0, what: str = "",
            weapon_class: int = 1) -> None:
    """Bring the rounds down on ``aim``: the first by the accuracy roll, each later one off the first's
    impact point by the same method (Multiple Incoming Rounds); then their effect, round by round,
    and the morale of every unit caught."""
    st: DustState = ctx.state
    points: list[Hex] = []
    for i in range(rounds):
        label = f"{what} round {i + 1}" if rounds > 1 else f"{what} round"
        if i == 0:
            points.append(accuracy(ctx, observer, aim, aim, guided, label))
        else:
            points.append(accuracy(ctx, observer, aim, points[0], guided, label))
    caught: dict[str, dict[str, Any]] = {}
    smoke_n = [0]
    for i, p in enumerate(points):
        if not st.tables.on_board(p):
            ctx.emit(E.Note(text=f"round {i + 1} lands off the table: lost", rule=RULE_IMPACT))
            continue
        if ammo == "smoke":
            lay_smoke(ctx, side, p, radius, line_dir, screen, smoke_n)
        elif ammo == "incendiary":
            if not st.features_at(p, "fire"):
                ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "fire"), kind="fire", side=side, at=p,
                                         data=feature_data(radius=1, source="artillery"),
                                         reason="incendiary rounds set the area alight", rule=RULE_FIRE))
        else:
            ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "blast"), kind="blast", side=side, at=p,
                                     data=feature_data(radius=radius), reason=f"{AMMO_NAMES.get(ammo, ammo)} lands",
                                     rule=RULE_IMPACT))
            burst(ctx, p, radius, impacts, caught, weapon_class, top=ammo in AIRBURST)
    blast_morale(ctx, caught)


def caught_units(st: DustState, centre: Hex, radius: int) -> list[Unit]:
    """Units with figures in the blast: on the map within ``radius`` of ``centre``; passengers ride out
    the blast in their vehicle, and aircraft in the air are above it."""
    return [u for u in st.units.values()
            if u.pos is not None and not u.off_table and u.carried_by is None and u.air not in ("airborne", "hovering")
            and not u.destroyed
            and any(f.status not in (KILLED, ABANDONED) for f in u.figures)
            and hex_distance(u.pos, centre) <= radius]


def burst(ctx: Resolution, centre: Hex, radius: int, impacts: tuple[int, int], caught: dict[str, dict[str, Any]],
          weapon_class: int = 1, top: bool = False) -> None:
    """Resolving Impacts: every figure in the blast rolls its armour against the round's impact; a
    vehicle rolls once, with its top armour if the round landed on it (or, ``top``, an air-bursting
    cluster round went off anywhere over the blast), else the face toward the impact point. Cover on
    the unit's hex shifts the armour die, unless the round fell on that hex."""
    st: DustState = ctx.state
    for u in caught_units(st, centre, radius):
        if u.id not in caught:
            caught[u.id] = {"before": {f.id: (f.status, f.wounds) for f in u.figures}, "damaged": False}
        separated = u.pos != centre
        cover = ground.cover_shift(st, u) if separated else 0
        propped = u.propped and separated
        if u.is_vehicle:
            if hit_vehicle(ctx, u, centre, impacts[1], cover, weapon_class, top=top):
                caught[u.id]["damaged"] = True
            continue
        for f in list(u.figures):
            if f.status in (KILLED, ABANDONED):
                continue
            checks.impact_on(ctx, u, f, impacts[0], cover, propped, RULE_IMPACT, unarmoured=f.unarmoured)


def hit_vehicle(ctx: Resolution, v: Unit, centre: Hex, impact: int, cover: int, weapon_class: int = 1,
                top: bool = False) -> bool:
    """One impact against a vehicle's armour, as for direct fire: beats it = a damage marker, more than
    double = destroyed; either way its passengers test against ``weapon_class`` (Casualties to
    Vehicle Passengers). Returns True if the vehicle was damaged or destroyed."""
    face = "top" if v.pos == centre or top else arc_of(v.hex, v.facing, centre)
    armour = shift_value(v.armour_face(face), cover)
    shifted = f", cover +{cover}" if cover else ""
    imp = roll_value(ctx, impact, f"impact {value_name(impact)} against {v.name}'s {face} armour", RULE_IMPACT)
    arm = roll_value(ctx, armour, f"{v.name}'s {face} armour {value_name(armour)}{shifted}", RULE_IMPACT, v.id)
    if imp > 2 * arm:
        heavy.passenger_casualties(ctx, v, weapon_class, destroyed=True)
        vehicledamage.destroy(ctx, v, f"impact {imp} more than double armour {arm}: destroyed", RULE_IMPACT)
        return True
    if imp > arm:
        ctx.emit(E.VehicleDamaged(unit=v.id, reason=f"impact {imp} beats armour {arm}: damaged", rule=RULE_IMPACT))
        heavy.passenger_casualties(ctx, v, weapon_class, destroyed=False)
        return True
    ctx.emit(E.Note(text=f"{v.name}: impact {imp} against {face} armour {arm}, no effect", rule=RULE_IMPACT))
    return False


def blast_morale(ctx: Resolution, caught: dict[str, dict[str, Any]]) -> None:
    """Every unit with a figure in the blast is suppressed and tests its confidence, under artillery
    or aerospace attack; a fallen leader calls for its own test; green troops may panic."""
    st: DustState = ctx.state
    hurt: list[str] = []
    first: list[str] = []
    for uid, info in caught.items():
        u = st.units[uid]
        if not u.under_fire_before:
            first.append(uid)
            ctx.emit(E.CameUnderFire(unit=uid, reason="under bombardment", rule="Morale: Confidence Test"))
        casualties = sum(1 for f in u.figures if f.role != HULL and (f.status, f.wounds) != info["before"][f.id]
                         and f.status != FIT)
        if casualties and not u.is_vehicle:
            hurt.append(uid)
        if not u.fit_figures or u.confidence == ROUTED:
            continue
        checks.suppress(ctx, u, "caught in the blast", RULE_IMPACT)
        if u.confidence == ROUTED:
            continue
        if u.is_vehicle and info["damaged"]:
            checks.confidence_test(ctx, u, "vehicle_damage", artillery=True)
        else:
            checks.confidence_test(ctx, u, "casualties", artillery=True, casualties=casualties,
                                   survivors=len(u.fit_figures))
    if hurt:
        checks.leader_losses(ctx, hurt)
    for uid in first:
        u = st.units[uid]
        if u.fit_figures and u.confidence != ROUTED:
            checks.maybe_panic(ctx, u, "fired_on", "first time under fire")


def lay_smoke(ctx: Resolution, side: str, centre: Hex, radius: int, line_dir: int, screen: str,
              counter: list[int]) -> None:
    """Artificial Smoke: a line of clouds, one a hex, as long as the burst is wide, centred on the impact
    point and running along ``line_dir``."""
    st: DustState = ctx.state
    back = (line_dir + 3) % 6
    line = []
    h = centre
    for _ in range(radius):
        h = h.neighbour(back)
    for _ in range(2 * radius + 1):
        line.append(h)
        h = h.neighbour(line_dir)
    for h in line:
        if not st.tables.on_board(h) or st.features_at(h, "smoke"):
            continue
        counter[0] += 1
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "smoke"), kind="smoke", side=side, at=h,
                                 data=feature_data(radius=0, source="artillery", screen=screen, n=counter[0]),
                                 reason="artillery smoke", rule=RULE_SMOKE))
