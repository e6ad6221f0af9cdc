"""Dustup's content files as written: one attrs class per kind of table, read with
engine.core.content.structure_content (unknown keys refused, every value checked against its
rule here). What needs two tables at once (a unit's weapons, a vehicle's turrets) is checked in
data.py, which builds the rules' records from these.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.content import ContentProblem, between, how_many, one_of, terrain_glyph
from hexfront.engine.core.tutorial import ScriptTable, TutorialTable

from .dice import DIE_TYPES, parse_value

MOVE_COST = {"clear": 1, "poor": 2, "difficult": 3, "impassable": None}
SIGHT = {"clear": 0, "obscure": 1, "block": 2}  # the names terrain.toml uses (data.SIGHT gives the hexes' values)
COVER_SHIFT = {"none": 0, "soft": 1, "hard": 2}  # armour die shift (Cover)
CONCEALMENT = ("none", "partial")  # what a hex gives; complete concealment is chosen by the unit
WEAPON_KINDS = ("small_arm", "support", "grenade", "pistol", "close_combat", "heavy", "iavr", "guided", "mortar",
                "aa")
HEAVY_KINDS = ("heavy", "guided", "mortar", "aa")  # fired alone, one action each (Firing Heavy Weapons)
DIE_KINDS = ("support", "grenade", "heavy", "iavr", "mortar", "aa")  # weapons with a firepower die of their own
FIRE_CONTROL = ("inferior", "average", "superior")
STABILISATION = ("poor", "average", "superior")
MOVERS = ("wheeled_low", "wheeled_high", "tracked", "hover", "grav", "walker")
VEHICLE_CLASSES = ("clear", "poor", "difficult", "impassable")
VEHICLE_TYPE_KINDS = ("vehicle", "mech", "monster", "aircraft", "turret", "building")
AIR_MOUNTS = ("", "turret", "fixed", "deadfall", "guided")
SYSTEM_DICE = {"none": 4, "very_inferior": 4, "inferior": 6, "average": 8, "superior": 10, "very_superior": 12}
ADE = {"minimal": 4, "inferior": 6, "average": 8, "superior": 10, "extreme": 12}
SUPPORT_KINDS = ("artillery", "air", "orbital")
SUPPORT_TIERS = {"on_table": 0, "company": 1, "battalion": 2, "regimental": 3, "orbital": 3, "air": 3}
AMMO = ("he", "ap", "at", "smoke", "incendiary", "cluster")  # cluster: air-bursting (impacts.py)
BURST = {"small": 2, "medium": 2, "large": 3, "very_large": 5}  # hexes: 3" / 4" / 6" / 10" (RULES-NOTES)
FEATURE_SPEC_KINDS = ("minefield", "ied", "booby", "cdm", "smoke", "fire", "smoke_generator")
MINEFIELD_TYPES = ("ap", "at", "mixed", "dummy")
QUALITY = {"untrained": 4, "green": 6, "experienced": 8, "veteran": 10, "elite": 12}
MOVE_DICE = {"encumbered": 4, "infantry": 6, "fast": 8, "cavalry": 10, "vehicle": 12}
COMMITMENT = ("low", "medium", "high")
FATIGUE = {"fresh": "confident", "tired": "steady", "exhausted": "shaken"}
CONFIDENCE_NAMES = ("routed", "broken", "shaken", "steady", "confident")
SENSORS = {"unaided": 4, "aided": 6, "enhanced": 8, "superior": 10}
MEDICS = {"none": 6, "medic": 8, "team": 10}
INSERTIONS = ("parachute", "grav", "orbital")  # High Altitude or Orbital Insertion (grav: jump or grav packs)
UNIT_KINDS = ("squad", "single", "command", "detachment")
EDGES = ("north", "south", "east", "west")
GRADES = ("inferior", "average", "superior")  # electronic warfare and drones
RANGEFINDER_GRADES = ("basic", "advanced", "superior")
AIR_STATES = ("", "airborne", "hovering", "grounded")


def die(_instance: Any, attribute: Any, value: int) -> None:
    """A die type: 4, 6, 8, 10 or 12."""
    if value not in DIE_TYPES:
        raise ContentProblem(attribute.name, f"must be a die type (4, 6, 8, 10 or 12), found {value!r}")


def die_or_none(_instance: Any, attribute: Any, value: int) -> None:
    """0 for none, else a die type."""
    if value and value not in DIE_TYPES:
        raise ContentProblem(attribute.name, f"must be 0 or a die type (4, 6, 8, 10 or 12), found {value!r}")


def die_value(_instance: Any, attribute: Any, value: int | str) -> None:
    """A die or a D12 times a class: 8, "d8", "d12x3" (Vehicles: Armour)."""
    if type(value) is int:
        die(_instance, attribute, value)
        return
    try:
        parse_value(value)  # type: ignore[arg-type]
    except ValueError as e:
        raise ContentProblem(attribute.name, str(e)) from None


def die_value_or_none(_instance: Any, attribute: Any, value: int | str) -> None:
    """0 for none, else as :func:`die_value`."""
    if value != 0:
        die_value(_instance, attribute, value)


def value_of(value: int | str) -> int:
    """A checked :func:`die_value` as a number."""
    return value if type(value) is int else parse_value(value)  # type: ignore[arg-type]


def column_row(_instance: Any, attribute: Any, value: list[int]) -> None:
    """A hex as ``[column, row]``."""
    if len(value) != 2:
        raise ContentProblem(attribute.name, f"must be [column, row], found {value!r}")


def column_rows(_instance: Any, attribute: Any, value: list[list[int]]) -> None:
    """A list of hexes, each ``[column, row]``."""
    for item in value:
        column_row(_instance, attribute, item)


def _needs(key: str, problem: str) -> ContentProblem:
    return ContentProblem(key, problem)


@attrs.frozen
class WeaponTable:
    """A table of weapons.toml (see the file's comments)."""

    name: str
    kind: str = attrs.field(validator=one_of(WEAPON_KINDS))
    impact: int | str = attrs.field(validator=die_value)
    firepower: float = 0.0
    die: int = attrs.field(default=0, validator=die_or_none)
    effective: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(1, 500)))
    max_range: int = attrs.field(default=0, validator=between(0, 500))
    terror: bool = False
    strike: int = attrs.field(default=0, validator=die_or_none)
    size: int = attrs.field(default=0, validator=between(0, 5))
    count: int = attrs.field(default=1, validator=between(1, 4))
    impact_armour: int | str = attrs.field(default=0, validator=die_value_or_none)
    die_armour: int = attrs.field(default=0, validator=die_or_none)
    fire_control: str = attrs.field(default="average", validator=one_of(FIRE_CONTROL))
    guidance: int = attrs.field(default=0, validator=die_or_none)
    crew: int = attrs.field(default=0, validator=between(0, 12))
    burst: int = attrs.field(default=0, validator=between(0, 10))
    min_range: int = attrs.field(default=0, validator=between(0, 100))
    disposable: bool = False
    he: bool = False
    mount: str = attrs.field(default="", validator=one_of(AIR_MOUNTS))
    external: bool = False
    defensive: bool = False

    def __attrs_post_init__(self) -> None:
        if self.kind in ("small_arm", "pistol") and not 0 < self.firepower <= 12:
            raise _needs("firepower", f"must be from 0.5 to 12 for a {self.kind} weapon")
        if self.kind in HEAVY_KINDS and not self.size:
            raise _needs("size", f"must be from 1 to 5 for a {self.kind} weapon")
        if self.kind in DIE_KINDS and not self.die:
            raise _needs("die", f"must be given for a {self.kind} weapon: its firepower die (4 to 12)")
        if self.kind == "close_combat" and not self.strike:
            raise _needs("strike", "must be given for a close_combat weapon: its strike die (4 to 12)")
        if self.kind in ("guided", "aa") and not self.guidance:
            raise _needs("guidance", f"must be given for a {self.kind} weapon: its guidance die (4 to 12)")


@attrs.frozen
class ArmourFaces:
    """A vehicle's armour, face by face: a die or a class ("d8" unarmoured, "d12x3" class 3)."""

    front: int | str = attrs.field(validator=die_value)
    side: int | str = attrs.field(validator=die_value)
    rear: int | str = attrs.field(validator=die_value)
    top: int | str = attrs.field(validator=die_value)
    belly: int | str = attrs.field(validator=die_value)

    def values(self) -> tuple[int, int, int, int, int]:
        return (value_of(self.front), value_of(self.side), value_of(self.rear), value_of(self.top),
                value_of(self.belly))


@attrs.frozen
class VehicleTable:
    """A table of vehicles.toml (see the file's comments)."""

    name: str
    kind: str = attrs.field(validator=one_of(VEHICLE_TYPE_KINDS))
    size: int = attrs.field(validator=between(1, 5))
    armour: ArmourFaces
    mover: str = attrs.field(default="", validator=one_of(("",) + MOVERS))
    move: int = attrs.field(default=12, validator=die)
    weapons: list[str] = attrs.field(factory=list)
    capacity: int = attrs.field(default=0, validator=between(0, 40))
    open_top: bool = False
    soft_skin: bool = False
    firing_ports: bool = False
    amphibious: bool = False
    ecm: int = attrs.field(default=8, validator=die)
    decoys: int = attrs.field(default=0, validator=die_or_none)
    area_protection: int = attrs.field(default=0, validator=between(0, 5))
    stabilisation: str = attrs.field(default="average", validator=one_of(STABILISATION))
    slaved: bool = False
    smoke_dischargers: bool = False
    exhaust_smoke: bool = False
    plough: bool = False
    line_charges: int = attrs.field(default=0, validator=between(0, 5))
    vtol: bool = False
    strike: int = attrs.field(default=1, validator=between(1, 30))
    cc_impact: int | str = attrs.field(default=6, validator=die_value)
    terror: bool = False
    turrets: list[str] = attrs.field(factory=list)
    crew: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(0, 12)))
    crew_weapon: str = "pistol"
    flight: bool = False
    wheels: bool = False

    def __attrs_post_init__(self) -> None:
        if self.kind != "building" and any(a > 12 * self.size for a in self.armour.values()):
            raise _needs("armour", f"may not be of a higher class than the size ({self.size}) (Vehicle Size)")
        if self.flight and (self.kind != "vehicle" or self.mover != "grav"):
            raise _needs("flight", "is refused: only grav vehicles (kind vehicle, mover grav) take flight")
        if self.wheels and self.kind != "aircraft":
            raise _needs("wheels", "is for aircraft (taxiing); ground vehicles have a mover")


@attrs.frozen
class ArmourTable:
    """A table of armour.toml: a personal armour's die."""

    name: str
    die: int = attrs.field(validator=die)
    power: bool = False
    unarmoured: bool = False


@attrs.frozen
class VehicleClasses:
    """A terrain's class on each vehicle movement table (Vehicle Movement); impassable when not given."""

    wheeled_low: str = attrs.field(default="impassable", validator=one_of(VEHICLE_CLASSES))
    wheeled_high: str = attrs.field(default="impassable", validator=one_of(VEHICLE_CLASSES))
    tracked: str = attrs.field(default="impassable", validator=one_of(VEHICLE_CLASSES))
    hover: str = attrs.field(default="impassable", validator=one_of(VEHICLE_CLASSES))
    grav: str = attrs.field(default="impassable", validator=one_of(VEHICLE_CLASSES))
    walker: str = attrs.field(default="impassable", validator=one_of(VEHICLE_CLASSES))


@attrs.frozen
class TerrainTable:
    """A table of terrain.toml (see the file's comments)."""

    glyph: str = attrs.field(validator=terrain_glyph)
    name: str
    move: str = attrs.field(validator=one_of(MOVE_COST))
    cover: str = attrs.field(validator=one_of(COVER_SHIFT))
    conceal: str = attrs.field(validator=one_of(CONCEALMENT))
    sight: str = attrs.field(validator=one_of(SIGHT))
    power_move: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_of(MOVE_COST)))
    hide: bool = False
    vehicles: VehicleClasses = attrs.field(factory=VehicleClasses)


def _three(_instance: Any, attribute: Any, value: list[Any]) -> None:
    if len(value) != 3:
        raise ContentProblem(attribute.name, "must give three values: low, medium and high commitment")


def _test_values(_instance: Any, attribute: Any, value: list[int | str]) -> None:
    _three(_instance, attribute, value)
    if not all(v == "none" or (type(v) is int and 0 <= v <= 12) for v in value):
        raise ContentProblem(attribute.name, f"must be whole numbers from 0 to 12 or \"none\", found {value!r}")


@attrs.frozen
class CourageRow:
    """A ``[[courage]]`` row of morale.toml: a die shift of the courage test."""

    id: str
    label: str
    shift: int = attrs.field(validator=between(-3, 3))
    per: str = attrs.field(default="", validator=one_of(("", "marker", "wounded", "killed")))


@attrs.frozen
class ConfidenceEventRow:
    """A ``[[confidence_events]]`` row: the test's value at low, medium and high commitment ("none": no test)."""

    id: str
    label: str
    values: list[int | str] = attrs.field(validator=_test_values)


@attrs.frozen
class ConfidenceModifierRow:
    """A ``[[confidence_modifiers]]`` row: a modifier at low, medium and high commitment."""

    id: str
    label: str
    values: list[int] = attrs.field(validator=[_three, lambda i, a, v: [between(0, 12)(i, a, x) for x in v]])


@attrs.frozen
class MoraleFile:
    """morale.toml: the courage test's shifts and the confidence test's tables."""

    courage: list[CourageRow]
    confidence_events: list[ConfidenceEventRow]
    confidence_modifiers: list[ConfidenceModifierRow]


@attrs.frozen
class UnitSpec:
    """A unit of a scenario's side (an infantry unit has ``figures``; a vehicle names its ``vehicle`` type)."""

    id: str
    at: list[int] = attrs.field(validator=column_row)
    name: str = ""
    kind: str = attrs.field(default="squad", validator=one_of(UNIT_KINDS))
    figures: list[str] = attrs.field(factory=list)
    vehicle: str | None = None
    quality: str = attrs.field(default="experienced", validator=one_of(QUALITY))
    leadership: int = attrs.field(default=2, validator=between(1, 3))
    level: int = attrs.field(default=0, validator=between(0, 5))
    commander: str | None = None
    move: str = attrs.field(default="infantry", validator=one_of(MOVE_DICE))
    armour: str = "basic"
    strike: int = attrs.field(default=1, validator=between(1, 30))
    cc_impact: int | str = attrs.field(default=6, validator=die_value)
    facing: int = attrs.field(default=0, validator=between(0, 5))
    air: str = attrs.field(default="", validator=one_of(AIR_STATES))
    ecm: str = attrs.field(default="none", validator=one_of(SYSTEM_DICE))
    ew: str = attrs.field(default="", validator=one_of(("",) + GRADES))
    drones: str = attrs.field(default="", validator=one_of(("",) + GRADES))
    rangefinder: str = attrs.field(default="", validator=one_of(("",) + RANGEFINDER_GRADES))
    inbound: int = attrs.field(default=0, validator=between(0, 3))
    insertion: str = attrs.field(default="", validator=one_of(("",) + INSERTIONS))
    inside: str | None = attrs.field(default=None, metadata={"key": "in"})
    hidden: bool = False
    sensor: str = attrs.field(default="unaided", validator=one_of(SENSORS))
    night_vision: bool = False
    terror: bool = False
    confidence: str = attrs.field(default="", validator=one_of(("",) + CONFIDENCE_NAMES))
    medic: str = attrs.field(default="", validator=one_of(("",) + tuple(MEDICS)))
    grenades: str | None = None
    fo: bool = False
    smoke_generator: bool = False
    set_up: bool = True
    cdms: int = attrs.field(default=0, validator=between(0, 20))
    #: a campaign's carry-over (campaign.py): the unit's figures lost in earlier battles, by figure id
    #: ("R1.3": its third figure as written), left out of this one
    lost: list[str] = attrs.field(factory=list, validator=attrs.validators.deep_iterable(
        attrs.validators.instance_of(str)))

    def __attrs_post_init__(self) -> None:
        if self.vehicle is None and not self.figures:
            raise _needs("figures", "must list the unit's figures (or give a vehicle type)")
        if self.insertion:
            q = QUALITY[self.quality]
            if not self.inbound and not self.inside:  # aboard an aircraft: grav-packs (air.DropTroops)
                raise _needs("insertion", "needs an inbound box (or a vehicle to ride in) to arrive from")
            if q < 8 or (self.insertion == "orbital" and q < 10):
                raise _needs("insertion", "is for experienced or better troops, and from orbit only veterans or "
                                          "elite (High Altitude or Orbital Insertion)")


@attrs.frozen
class SupportSpec:
    """A support asset of a side: artillery, air or orbital fire (Support)."""

    id: str
    name: str = ""
    kind: str = attrs.field(default="artillery", validator=one_of(SUPPORT_KINDS))
    tier: str = attrs.field(default="company", validator=one_of(SUPPORT_TIERS))
    size: str = attrs.field(default="medium", validator=one_of(BURST))
    ammo: list[str] = attrs.field(factory=lambda: ["he"], validator=one_of(AMMO))
    rounds: int = attrs.field(default=1, validator=between(1, 6))
    missions: int = attrs.field(default=2, validator=between(0, 20))
    guided: str = attrs.field(default="", validator=one_of(("", "laser", "self")))
    platoon: str | None = None


@attrs.frozen
class SideSpec:
    """A ``[[sides]]`` table of a scenario."""

    id: str
    name: str
    units: list[UnitSpec]
    commitment: str = attrs.field(default="medium", validator=one_of(COMMITMENT))
    fatigue: str = attrs.field(default="fresh", validator=one_of(FATIGUE))
    jammer: int = attrs.field(default=0, validator=die_or_none)
    comms: int = attrs.field(default=8, validator=die)
    edge: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_of(EDGES)))
    ade: str = attrs.field(default="inferior", validator=one_of(ADE))
    support_chits: int = attrs.field(default=0, validator=between(0, 10))
    casevac: str = ""
    support: list[SupportSpec] = attrs.field(factory=list)
    dummies: list[list[int]] = attrs.field(factory=list, validator=column_rows)


@attrs.frozen
class FeatureSpec:
    """A ``[[features]]`` table: a minefield, IED, booby trap, CDM, smoke or fire set before the battle."""

    kind: str = attrs.field(validator=one_of(FEATURE_SPEC_KINDS))
    at: list[int] = attrs.field(validator=column_row)
    side: str | None = None
    type: str = attrs.field(default="ap", validator=one_of(MINEFIELD_TYPES))
    facing: int = attrs.field(default=0, validator=between(0, 5))
    impact: int | str = attrs.field(default=8, validator=die_value)
    radius: int = attrs.field(default=1, validator=between(0, 5))
    flammable: bool = False
    hidden: bool | None = None


@attrs.frozen
class ScenarioFile:
    """A scenario file of content/dustup/scenarios/."""

    title: str
    map: str
    sides: list[SideSpec] = attrs.field(validator=how_many(2, 2, "sides"))
    summary: str = ""
    description: str = ""
    turn_limit: int = attrs.field(default=8, validator=between(1, 100))
    night: bool = False
    wind: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(0, 5)))
    objectives: list[list[int]] = attrs.field(factory=list, validator=column_rows)
    features: list[FeatureSpec] = attrs.field(factory=list)
    script: ScriptTable | None = None
    tutorial: TutorialTable | None = None


@attrs.frozen
class DustupContent:
    """Everything a Dustup battle reads: the five tables and its scenario (the dict a save embeds)."""

    weapons: dict[str, WeaponTable]
    armour: dict[str, ArmourTable]
    terrain: dict[str, TerrainTable]
    morale: MoraleFile
    scenario: ScenarioFile
    vehicles: dict[str, VehicleTable] = attrs.field(factory=dict)


#: each part of the content and the file it is read from
FILES = {"weapons": "weapons.toml", "armour": "armour.toml", "terrain": "terrain.toml", "morale": "morale.toml",
         "vehicles": "vehicles.toml"}
