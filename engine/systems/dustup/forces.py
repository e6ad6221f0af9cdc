"""Forces: each unit, vehicle and building of the scenario built from its entry (quality,
leadership, confidence, figures and their weapons, armour, vehicle type), and the battle's starting
state with every unit on its hex.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.cards import Deck
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import offset_to_axial

from .data import Tables, VehicleType, parse_figures
from .dice import parse_value
from .folds import ACTIVATION_DECK
from .schema import FATIGUE, MEDICS, MOVE_DICE, QUALITY, SENSORS, SYSTEM_DICE
from .state import COMMAND, CONFIDENCE, HULL, SINGLE, WEAPON, DustState, Figure, Unit
from .unitfacts import flying


def new_state(tables: Tables, options: dict[str, Any]) -> DustState:
    units: dict[str, Unit] = {}
    for spec in tables.deployment:
        if "vehicle" in spec:
            for v in build_vehicle(tables, spec):
                units[v.id] = v
        else:
            units[spec["id"]] = build_unit(tables, spec)
    for spec in tables.deployment:
        if spec.get("in"):  # passengers start inside their vehicle (Transport of Infantry)
            u = units[spec["id"]]
            u.carried_by = str(spec["in"])
            u.pos = units[u.carried_by].pos
            if units[u.carried_by].off_table:  # aboard an aircraft still on the inbound chart
                u.off_table = True
    for u in units.values():
        if u.commander is not None and u.commander not in units:
            raise ContentError(f"unit {u.id} names commander {u.commander!r}, which is not in the scenario")
    st = DustState(tables=tables, options=dict(options), units=units, markers={}, decks={})
    for u in units.values():
        if u.carried_by is None and u.hull is None and u.pos is not None and u.pos not in st.occupant \
                and not u.off_table and not flying(u):
            st.occupant[u.pos] = u.id
    if options.get("activation") in ("chits", "chits-quality", "cards"):
        st.decks[ACTIVATION_DECK] = Deck(draw_pile=[], in_play=[], discard=[])
    return st


def _fielded(uid: str, roles: list[tuple[str, str]], lost: list[str]) -> list[tuple[int, str, str]]:
    """The figures a unit fields, (index, role, weapon), without those its ``lost`` names (a campaign's
    carry-over: the others keep their numbers). A unit with no leader is led by its first soldier; when its
    leader was lost, by its first soldier with no role of his own (a medic stays a medic), in the lost
    leader's role (this game's reading of "a new unit leader is appointed")."""
    ids = [f"{uid}.{i + 1}" for i in range(len(roles))]
    for fid in lost:
        if fid not in ids:
            raise ContentError(f"unit {uid}: lost names {fid!r}, which is not one of its figures")
    kept = [(i, role, weapon) for i, (role, weapon) in enumerate(roles) if ids[i] not in lost]
    if not any(role != WEAPON for _, role, _ in kept):
        raise ContentError(f"unit {uid}: every soldier is lost; leave the unit out of the scenario instead")
    if not any(role in ("leader", "commander") for _, role, _ in kept):
        gone = next((role for role, _ in roles if role in ("leader", "commander")), "leader")
        plain = [k for k, (_, role, _) in enumerate(kept) if role == ""] if lost else []
        first = plain[0] if plain else next(k for k, (_, role, _) in enumerate(kept) if role != WEAPON)
        kept[first] = (kept[first][0], gone, kept[first][2])
    return kept


def build_unit(t: Tables, spec: dict[str, Any]) -> Unit:
    uid = str(spec["id"])
    armour = t.armour[spec.get("armour", "basic")]
    figures = []
    roles = parse_figures(spec["figures"], f"unit {uid}")
    written = len(roles)
    for i, role, weapon in _fielded(uid, roles, list(spec.get("lost", []))):
        if role == WEAPON:  # a crew-served heavy weapon: D8 armour (Hits on Heavy Weapons)
            figures.append(Figure(id=f"{uid}.{i + 1}", name=f"{t.weapons[weapon].name} {uid}.{i + 1}",
                                  weapon=weapon, armour=8, role=WEAPON, ready=bool(spec.get("set_up", True))))
            continue
        name = {"leader": "Leader", "commander": "Commander", "medic": "Medic", "observer": "Observer"}.get(
            role, f"Trooper {i + 1}")
        figures.append(Figure(id=f"{uid}.{i + 1}", name=f"{name} {uid}.{i + 1}" if role else f"{uid}.{i + 1}",
                              weapon=weapon, armour=armour.die, power=armour.power, role=role,
                              unarmoured=armour.unarmoured))
    side = spec["side"]
    start = CONFIDENCE.index(spec.get("confidence", FATIGUE[t.side_info[side]["fatigue"]]))
    kind = spec.get("kind", "single" if written == 1 else "squad")
    medic_key = spec.get("medic", "medic" if any(f.role == "medic" for f in figures) else "none")
    if medic_key == "medic" and not any(f.role == "medic" for f in figures) \
            and any(role == "medic" for role, _ in roles):  # its medic lost in an earlier battle of a campaign
        medic_key = "none"
    medic = MEDICS[medic_key]
    move = spec.get("move", "infantry")
    return Unit(
        id=uid, side=side, name=str(spec.get("name", uid)), kind=kind,
        quality=QUALITY[spec.get("quality", "experienced")],
        leadership=int(spec.get("leadership", 2)), figures=figures,
        pos=offset_to_axial(*spec["at"]), confidence=start, initial_confidence=start, move_die=MOVE_DICE[move],
        level=int(spec.get("level", 1 if kind == COMMAND else 0)), commander=spec.get("commander"),
        cavalry=move == "cavalry", mounted=move == "cavalry", hidden=bool(spec.get("hidden", False)),
        terror=bool(spec.get("terror", False)), sensor=SENSORS[spec.get("sensor", "unaided")],
        night_vision=bool(spec.get("night_vision", False)), medic=medic, grenades=spec.get("grenades"),
        power=armour.power, strike=int(spec.get("strike", 1)), cc_impact=_value_of(spec.get("cc_impact", 6)),
        ecm=SYSTEM_DICE[spec.get("ecm", "none")], ew=EW_DICE[spec.get("ew", "")],
        drones=EW_DICE[spec.get("drones", "")], fo=bool(spec.get("fo", False)),
        rangefinder=RANGEFINDERS.get(spec.get("rangefinder", ""), 4),
        off_table=bool(spec.get("inbound")),
    )


def _value_of(v: Any) -> int:
    return v if isinstance(v, int) else parse_value(v)


def build_vehicle(t: Tables, spec: dict[str, Any]) -> list[Unit]:
    """A vehicle, mech, monster, aircraft or building from its type in vehicles.toml (Armoured Dustup:
    General Rules: each vehicle is a unit with a quality, a leadership and two actions). Its body is
    one "hull" figure; each weapon a "weapon" figure. A super-heavy vehicle's turrets are units of
    their own on the same hex (Super-Heavy Vehicles)."""
    vt = t.vehicles[spec["vehicle"]]
    uid = str(spec["id"])
    side = spec["side"]
    start = CONFIDENCE.index(spec.get("confidence", FATIGUE[t.side_info[side]["fatigue"]]))
    pos = offset_to_axial(*spec["at"])

    def one(vid: str, name: str, vtype: VehicleType, hull: str | None) -> Unit:
        figures = [Figure(id=f"{vid}.0", name=name, weapon="", armour=vtype.armour[0], role=HULL)]
        for i, w in enumerate(vtype.weapons):
            figures.append(Figure(id=f"{vid}.{i + 1}", name=f"{t.weapons[w].name} ({name})", weapon=w, armour=8,
                                  role=WEAPON))
        air = spec.get("air", "grounded" if vtype.kind == "aircraft" else "")
        return Unit(
            id=vid, side=side, name=name, kind=SINGLE, quality=QUALITY[spec.get("quality", "experienced")],
            leadership=int(spec.get("leadership", 2)), figures=figures, pos=pos, confidence=start,
            initial_confidence=start, move_die=vtype.move, hidden=bool(spec.get("hidden", False)),
            commander=spec.get("commander"), terror=vtype.terror or bool(spec.get("terror", False)),
            sensor=SENSORS[spec.get("sensor", "aided")], night_vision=bool(spec.get("night_vision", False)),
            strike=vtype.strike, cc_impact=vtype.cc_impact, vehicle=vtype.kind, vtype=vtype.id, size=vtype.size,
            mover=vtype.mover, facing=int(spec.get("facing", 0)), armour_faces=vtype.armour,
            open_top=vtype.open_top, soft_skin=vtype.soft_skin, firing_ports=vtype.firing_ports,
            capacity=vtype.capacity, ecm=SYSTEM_DICE[spec["ecm"]] if "ecm" in spec else vtype.ecm,
            decoys=vtype.decoys, area_protection=vtype.area_protection, stabilisation=vtype.stabilisation,
            slaved=vtype.slaved, smoke_dischargers=vtype.smoke_dischargers, exhaust_smoke=vtype.exhaust_smoke,
            air=air, vtol=vtype.vtol, hull=hull, plough=vtype.plough, line_charges=vtype.line_charges,
            off_table=bool(spec.get("inbound")), ew=EW_DICE.get(spec.get("ew", ""), 0),
        )

    out = [one(uid, str(spec.get("name", vt.name)), vt, None)]
    for i, tid in enumerate(vt.turrets):
        out.append(one(f"{uid}-t{i + 1}", f"{out[0].name}, turret {i + 1}", t.vehicles[tid], uid))
    return out


EW_DICE = {"": 0, "inferior": 6, "average": 8, "superior": 10}


RANGEFINDERS = {"basic": 6, "advanced": 8, "superior": 10}
