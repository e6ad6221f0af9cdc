"""Skirmishes' content files as written: one attrs class per kind of table, read with
engine.core.content.structure_content (unknown keys refused, every value checked here). What needs two
tables at once (a template's weapons, a character's place on the map) is checked in data.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.content import ContentProblem, between, how_many, one_of, some_text, terrain_glyph
from hexfront.engine.core.tutorial import ScriptTable, TutorialTable

MOVES = ("open", "impeding", "none")
SIGHTS = ("clear", "block")
BANDS = ("short", "medium", "long", "distant")
RANGE_EFFECTS = ("advantage", "normal", "disadvantage", "miss")
REACH = ("unarmed", "short", "medium", "long")
LOCATIONS = ("leg", "arm", "torso", "head")
GRENADE_KINDS = ("blast", "flash", "smoke", "gas")
EDGES = ("north", "south", "east", "west")
SHELL_DICE = (4, 6, 8, 10, 12, 20)

_STAT = between(0, 6)
#: a count of each item by id, 0..20 (typed as a validator of any value, so that it can be made optional too)
_COUNTS: Callable[[Any, attrs.Attribute[Any], Any], Any] = attrs.validators.deep_mapping(
    attrs.validators.instance_of(str), between(0, 20))


def _pair(_instance: Any, attribute: Any, value: list[int]) -> None:
    if len(value) != 2:
        raise ContentProblem(attribute.name, f"must be [column, row], found {value!r}")


def _letter(_instance: Any, attribute: Any, value: str) -> None:
    if len(value) != 1 or not value.isalpha():
        raise ContentProblem(attribute.name, f"is a piece's glyph: one letter, not {value!r}")


@attrs.frozen
class Bands:
    """The range bands in hexes: short, medium, long, distant, growing."""

    short: int = attrs.field(validator=between(1, 10_000))
    medium: int = attrs.field(validator=between(1, 10_000))
    long: int = attrs.field(validator=between(1, 10_000))
    distant: int = attrs.field(validator=between(1, 10_000))

    def __attrs_post_init__(self) -> None:
        if not self.short <= self.medium <= self.long <= self.distant:
            raise ContentProblem(None, "the range bands must grow from short to distant")


@attrs.frozen
class FirearmTable:
    name: str = attrs.field(validator=some_text)
    row: str = attrs.field(validator=some_text)
    ranges: list[str] = attrs.field(validator=[how_many(4, 4, "range entries (short, medium, long, distant)"),
                                               one_of(RANGE_EFFECTS)])
    magazine: int = attrs.field(validator=between(1, 200))
    spares: int = attrs.field(validator=between(0, 20))
    glyph: str = attrs.field(default="?", validator=some_text)
    auto: bool = False
    breaks_armour: bool = False
    burst: str = ""


@attrs.frozen
class MeleeTable:
    name: str = attrs.field(validator=some_text)
    reach: str = attrs.field(validator=one_of(REACH))


@attrs.frozen
class WeaponsFile:
    """weapons.toml: the range bands, firearms and melee weapons."""

    bands: Bands
    firearms: dict[str, FirearmTable]
    melee: dict[str, MeleeTable]


@attrs.frozen
class GrenadeTable:
    name: str = attrs.field(validator=some_text)
    kind: str = attrs.field(validator=one_of(GRENADE_KINDS))
    damage_bonus: int = attrs.field(default=0, validator=between(0, 6))
    radius: int = attrs.field(default=0, validator=between(0, 20))
    rounds: int = attrs.field(default=0, validator=between(0, 20))

    def __attrs_post_init__(self) -> None:
        if self.kind in ("smoke", "gas") and self.rounds < 1:
            raise ContentProblem("rounds", f"must be 1 or more: a {self.kind} grenade makes a cloud")


@attrs.frozen
class Throw:
    max_range: int = attrs.field(validator=between(1, 100))


@attrs.frozen
class GrenadesFile:
    throw: Throw
    grenades: dict[str, GrenadeTable]


@attrs.frozen
class ArmourTable:
    name: str = attrs.field(validator=some_text)
    covers: dict[str, int] = attrs.field(validator=attrs.validators.deep_mapping(one_of(LOCATIONS), between(1, 10)))
    cost: int = attrs.field(default=0, validator=between(0, 100_000))


@attrs.frozen
class ArmourFile:
    armour: dict[str, ArmourTable]


@attrs.frozen
class TemplateTable:
    """A character template of templates.toml."""

    name: str = attrs.field(validator=some_text)
    player: bool = False
    luck: int = attrs.field(default=0, validator=between(0, 20))
    shooting: int = attrs.field(default=0, validator=_STAT)
    athletics: int = attrs.field(default=0, validator=_STAT)
    melee: int = attrs.field(default=0, validator=_STAT)
    firearms: list[str] = attrs.field(factory=list)
    melee_weapon: str = "fists"
    grenades: dict[str, int] = attrs.field(factory=dict, validator=_COUNTS)
    armour: list[str] = attrs.field(factory=list)
    gas_mask: bool = False
    ear_protection: bool = False


@attrs.frozen
class TemplatesFile:
    templates: dict[str, TemplateTable]


@attrs.frozen
class TerrainTable:
    glyph: str = attrs.field(validator=terrain_glyph)
    name: str = attrs.field(validator=some_text)
    move: str = attrs.field(default="open", validator=one_of(MOVES))
    cover: bool = False
    sight: str = attrs.field(default="clear", validator=one_of(SIGHTS))
    indoors: bool = False


@attrs.frozen
class TerrainFile:
    terrain: dict[str, TerrainTable]


_OPT_STAT = attrs.validators.optional(_STAT)


@attrs.frozen
class CharacterSpec:
    """A character of a scenario's side: a template, and any of the template's values given otherwise."""

    id: str = attrs.field(validator=some_text)
    template: str
    at: list[int] = attrs.field(validator=_pair)
    name: str | None = None
    player: bool | None = None
    luck: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(0, 20)))
    shooting: int | None = attrs.field(default=None, validator=_OPT_STAT)
    athletics: int | None = attrs.field(default=None, validator=_OPT_STAT)
    melee: int | None = attrs.field(default=None, validator=_OPT_STAT)
    firearms: list[str] | None = None
    melee_weapon: str | None = None
    grenades: dict[str, int] | None = attrs.field(default=None, validator=attrs.validators.optional(_COUNTS))
    armour: list[str] | None = None
    gas_mask: bool | None = None
    ear_protection: bool | None = None

    def overrides(self) -> dict[str, Any]:
        """The template's values this character gives otherwise."""
        return {k: v for k, v in attrs.asdict(self, recurse=False).items()
                if v is not None and k not in ("id", "template", "at", "name")}


@attrs.frozen
class SideTable:
    id: str
    name: str
    characters: list[CharacterSpec]


@attrs.frozen
class MachineTable:
    id: str = attrs.field(validator=some_text)
    name: str = attrs.field(validator=some_text)
    at: list[int] = attrs.field(validator=_pair)
    open_terrain: str
    shut_terrain: str

    def __attrs_post_init__(self) -> None:
        if self.open_terrain == self.shut_terrain:
            raise ContentProblem("shut_terrain", "must differ from open_terrain")


@attrs.frozen
class VehicleTable:
    id: str = attrs.field(validator=some_text)
    name: str = attrs.field(validator=some_text)
    at: list[int] = attrs.field(validator=_pair)
    glyph: str = attrs.field(default="V", validator=_letter)
    seats: int = attrs.field(default=4, validator=between(1, 12))
    speed: int = attrs.field(default=10, validator=between(1, 60))
    ground: list[str] = attrs.field(factory=lambda: ["road", "open"])


@attrs.frozen
class ShellingTable:
    name: str = attrs.field(validator=some_text)
    rounds: list[int] = attrs.field(validator=how_many(1, 200, "round numbers"))
    corner: list[int] = attrs.field(validator=_pair)
    width: int = attrs.field(validator=one_of(SHELL_DICE))
    height: int = attrs.field(validator=one_of(SHELL_DICE))
    shells: int = attrs.field(default=1, validator=between(1, 10))
    damage_bonus: int = attrs.field(default=1, validator=between(0, 6))


@attrs.frozen
class ExitTable:
    side: str
    edge: str = attrs.field(validator=one_of(EDGES))
    needed: int = attrs.field(validator=between(1, 50))


@attrs.frozen
class ClearTable:
    side: str


@attrs.frozen
class VictoryTable:
    round_limit: int = attrs.field(default=12, validator=between(1, 200))
    at_limit: str = "standing"  # "standing", "draw" or a side id
    exit: ExitTable | None = None
    clear: ClearTable | None = None


@attrs.frozen
class ScenarioFile:
    """A scenario file of content/skirmishes/scenarios/."""

    title: str = attrs.field(validator=some_text)
    map: str
    sides: list[SideTable] = attrs.field(validator=how_many(2, 2, "sides"))
    summary: str = ""
    description: str = ""
    ambush: str = ""
    aftermath_hours: int = attrs.field(default=1, validator=between(0, 48))
    victory: VictoryTable = attrs.field(factory=VictoryTable)
    machines: list[MachineTable] = attrs.field(factory=list)
    vehicles: list[VehicleTable] = attrs.field(factory=list)
    shelling: list[ShellingTable] = attrs.field(factory=list)
    script: ScriptTable | None = None
    tutorial: TutorialTable | None = None


@attrs.frozen
class SkirmishesContent:
    """Everything a Skirmishes battle reads (the dict a save embeds)."""

    weapons: WeaponsFile
    grenades: GrenadesFile
    armour: ArmourFile
    templates: TemplatesFile
    terrain: TerrainFile
    scenario: ScenarioFile


#: each part of the content and the file it is read from
FILES = {name: f"{name}.toml" for name in ("weapons", "grenades", "armour", "templates", "terrain")}
