"""30 Minute Missions' content files as written: one attrs class per kind of table, read with
engine.core.content.structure_content (unknown keys refused, every value checked here). What needs two
tables at once (a design's core and weapons, a mission's board) is checked in data.py.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.content import ContentProblem, between, how_many, one_of, terrain_glyph
from hexfront.engine.core.tutorial import ScriptTable, TutorialTable

SECTIONS = ("head", "torso", "l_arm", "r_arm", "l_leg", "r_leg")
ARMS = ("l_arm", "r_arm")
WEAPON_KINDS = ("ranged", "melee", "shield")
TAGS = ("knockdown", "grapple", "disarm")
MAX_SRM = 2  # Terminology: S.R.M., "Max reduction of 2/2/2"
GOALS = ("annihilate", "hold")

_D8 = between(1, 8)  # a stat is a d8 target number


def _srm(_instance: Any, attribute: Any, value: list[int]) -> None:
    if len(value) != 3 or not all(0 <= v <= MAX_SRM for v in value):
        raise ContentProblem(attribute.name, f"is three whole numbers 0..{MAX_SRM} (accuracy, assault, evasion)")


def _pair(_instance: Any, attribute: Any, value: list[int] | None) -> None:
    if value is not None and len(value) != 2:
        raise ContentProblem(attribute.name, f"must be [column, row], found {value!r}")


@attrs.frozen
class Sections:
    """Defence points of each section of a core type (all six, each at least 1)."""

    head: int = attrs.field(validator=between(1, 999))
    torso: int = attrs.field(validator=between(1, 999))
    l_arm: int = attrs.field(validator=between(1, 999))
    r_arm: int = attrs.field(validator=between(1, 999))
    l_leg: int = attrs.field(validator=between(1, 999))
    r_leg: int = attrs.field(validator=between(1, 999))


@attrs.frozen
class CoreTypeTable:
    """A table of core_types.toml: stats are d8 target numbers (lower is better)."""

    name: str
    base_ap: int
    movement: int
    accuracy: int = attrs.field(validator=_D8)
    assault: int = attrs.field(validator=_D8)
    evasion: int = attrs.field(validator=_D8)
    counter: int = attrs.field(validator=_D8)
    srm: list[int] = attrs.field(validator=_srm)
    sections: Sections


@attrs.frozen
class WeaponTable:
    """A table of weapons.toml."""

    name: str
    kind: str = attrs.field(validator=one_of(WEAPON_KINDS))
    ap: int
    range: int
    damage: int
    dp: int
    hands: int = attrs.field(default=1, validator=one_of((1, 2)))
    mount_only: bool = False
    accuracy: int = 0
    assault: int = 0
    tags: list[str] = attrs.field(factory=list, validator=one_of(TAGS))


@attrs.frozen
class ThrustersTable:
    name: str
    range: int
    ap: int
    lift: int


@attrs.frozen
class DroneTable:
    name: str
    glyph: str
    dp: int
    evasion: int
    accuracy: int
    weapon: str


@attrs.frozen
class AltFormTable:
    name: str
    movement: int
    evasion: int


@attrs.frozen
class PartsFile:
    """parts.toml: thrusters, drones and alternate forms a design may name."""

    thrusters: dict[str, ThrustersTable] = attrs.field(factory=dict)
    drone: dict[str, DroneTable] = attrs.field(factory=dict)
    alt_form: dict[str, AltFormTable] = attrs.field(factory=dict)


@attrs.frozen
class LoadoutTable:
    """A design's weapon: ``held`` in arms, ``mounted`` on a section, or ``carried`` (exactly one)."""

    weapon: str
    slot: str | None = None
    held: list[str] | None = None
    mounted: str | None = attrs.field(default=None, validator=attrs.validators.optional(one_of(SECTIONS)))
    carried: bool = False

    def __attrs_post_init__(self) -> None:
        if self.held is not None and (not self.held or any(a not in ARMS for a in self.held)
                                      or len(set(self.held)) != len(self.held)):
            raise ContentProblem("held", "lists the arms holding it: l_arm and/or r_arm")
        if self.held is None and self.mounted is None and not self.carried:
            raise ContentProblem(None, "must say where the weapon is: held = [arms], mounted = \"section\" or "
                                       "carried = true")


def _letter(_instance: Any, attribute: Any, value: str) -> None:
    if len(value) != 1 or not value.isalpha():
        raise ContentProblem(attribute.name, f"is one letter, found {value!r}")


@attrs.frozen
class DesignTable:
    """A table of designs.toml: a unit design on a core type."""

    name: str
    role: str
    glyph: str = attrs.field(validator=_letter)
    core: str
    weapons: list[LoadoutTable]
    thrusters: str = ""
    drones: int = 0
    drone: str = ""
    alt_form: str = ""
    armour: dict[str, int] = attrs.field(factory=dict, validator=lambda i, a, v: one_of(SECTIONS)(i, a, list(v)))


@attrs.frozen
class TerrainTable:
    """A table of terrain.toml."""

    name: str
    glyph: str = attrs.field(validator=terrain_glyph)
    colour: str
    cost: int = attrs.field(validator=between(1, 99))
    elevation: int = 0
    height: int = 0
    roof: int = 0
    evasion: int = 0
    effect: str = ""


@attrs.frozen
class UnitTable:
    """A unit of a mission's side; without ``at`` it is placed by its player at deployment."""

    id: str
    design: str
    name: str | None = None
    at: list[int] | None = attrs.field(default=None, validator=_pair)
    facing: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(0, 5)))
    level: int | None = None
    #: the pilot's experience brought from the last battle of a campaign (campaign.py)
    experience: int = attrs.field(default=0, validator=between(0, 999))

    def __attrs_post_init__(self) -> None:
        if "." in self.id:
            raise ContentProblem("id", f"{self.id!r} has a dot")


@attrs.frozen
class SideTable:
    id: str
    name: str
    units: list[UnitTable] = attrs.field(validator=how_many(1, 99, "units"))


@attrs.frozen
class ScenarioFile:
    """A mission of content/minutemissions/scenarios/."""

    title: str
    map: str
    rounds: int = attrs.field(validator=between(1, 999))
    sides: list[SideTable] = attrs.field(validator=how_many(2, 2, "sides"))
    goal: str = attrs.field(default="annihilate", validator=one_of(GOALS))
    objectives: list[list[int]] = attrs.field(factory=list, validator=attrs.validators.deep_iterable(_pair))
    summary: str = ""
    description: str = ""
    script: ScriptTable | None = None
    tutorial: TutorialTable | None = None

    def __attrs_post_init__(self) -> None:
        if self.goal == "hold" and not self.objectives:
            raise ContentProblem("objectives", "must be listed for a hold mission")


@attrs.frozen
class MissionsContent:
    """Everything a 30 Minute Missions battle reads (the dict a save embeds)."""

    core_types: dict[str, CoreTypeTable]
    weapons: dict[str, WeaponTable]
    parts: PartsFile
    designs: dict[str, DesignTable]
    terrain: dict[str, TerrainTable]
    scenario: ScenarioFile
    scenario_name: str = "mission"


#: each part of the content and the file it is read from
FILES = {name: f"{name}.toml" for name in ("core_types", "weapons", "parts", "designs", "terrain")}
