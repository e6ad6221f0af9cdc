"""Disrupter's content files as written: one attrs class per kind of table, read with
engine.core.content.structure_content (unknown keys refused, every value checked here). What needs two
tables at once (a team's kit and weapons, a side's platoon, the map) is checked in data.py.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.content import ContentProblem, between, how_many, one_of, some_text, terrain_glyph
from hexfront.engine.core.tutorial import ScriptTable, TutorialTable

STAT_CAP = 80
CLASSES = {"officer": 80, "soldier": 60, "bot": 40}  # Rule 9 - Classes: Instinct by class
SIGHTS = ("clear", "cover", "block")
MOVES = ("open", "ford", "no")
EDGES = ("top", "bottom")
TEAM_RESULTS = ("shaken", "take_cover", "freeze", "fall_back", "rout")
PLATOON_RESULTS = ("stress_1", "stress_2", "jam_code_words", "lose_group_1")
VICTORY_RULES = ("hold",)
ORDER_VERBS = ("advance", "hold", "take_cover", "retreat", "halt")  # rally needs rally points: briefing only
ORDER_FIRE = ("fire", "spot", "hold_fire")


def _stat(_instance: Any, attribute: Any, value: int) -> None:
    """A percentage stat: Rule 6 caps every stat at 80."""
    if not 0 <= value <= STAT_CAP:
        raise ContentProblem(attribute.name, f"is {value}, outside 0 to the cap of {STAT_CAP} (Rule 6 - Stats)")


def _bands(_instance: Any, attribute: Any, value: list[int]) -> None:
    if len(value) != 3 or not all(0 <= w <= STAT_CAP for w in value):
        raise ContentProblem(attribute.name, f"must be [Close, Medium, Long], each 0 to {STAT_CAP}, found {value!r}")
    if not any(value):
        raise ContentProblem(attribute.name, "reaches no range band")


def _hex(_instance: Any, attribute: Any, value: list[int] | None) -> None:
    if value is not None and len(value) != 2:
        raise ContentProblem(attribute.name, f"must be [column, row], found {value!r}")


def _hexes(_instance: Any, attribute: Any, value: list[list[int]]) -> None:
    for item in value:
        _hex(_instance, attribute, item)


def _unit_specs(_instance: Any, attribute: Any, value: list[str]) -> None:
    """A team is one stand of 1 to 4 units (Rule 4), each "class:kit:weapon"."""
    if not 1 <= len(value) <= 4:
        raise ContentProblem(attribute.name, "must list 1 to 4 units (Rule 4: a stand)")
    for spec in value:
        parts = spec.split(":")
        if len(parts) != 3:
            raise ContentProblem(attribute.name, f"unit {spec!r} should read 'class:kit:weapon'")
        if parts[0] not in CLASSES:
            raise ContentProblem(attribute.name, f"class {parts[0]!r} is not officer, soldier or bot")


@attrs.frozen
class WeaponTable:
    """A table of weapons.toml: Wounds at Close, Medium and Long range."""

    name: str = attrs.field(validator=some_text)
    wounds: list[int] = attrs.field(validator=_bands)


@attrs.frozen
class KitTable:
    """A table of armour.toml or bots.toml: Armor save, Wounds, Movement."""

    name: str = attrs.field(validator=some_text)
    A: int = attrs.field(validator=_stat)
    W: int = attrs.field(validator=between(1, STAT_CAP))
    M: int = attrs.field(validator=between(1, 12))


@attrs.frozen
class VehicleTable:
    """A table of vehicles.toml (this game's own): Armor save, Wounds and Movement (templates a move) for every
    unit aboard, how many units it carries, and whether it may cross a stream ford (Rule 14)."""

    name: str = attrs.field(validator=some_text)
    A: int = attrs.field(validator=_stat)
    W: int = attrs.field(validator=between(1, STAT_CAP))
    M: int = attrs.field(validator=between(1, 12))
    crew: int = attrs.field(default=2, validator=between(1, 4))
    fords: bool = False


@attrs.frozen
class PanicRowTable:
    """A row of a panic table: the d20 results from ``low`` to ``high``."""

    low: int = attrs.field(validator=between(1, 20))
    high: int = attrs.field(validator=between(1, 20))
    result: str
    text: str = attrs.field(validator=some_text)


def _panic(allowed: tuple[str, ...]) -> Any:
    """A panic table's rows: each result one of ``allowed``, every d20 result covered once."""
    def check(_instance: Any, attribute: Any, rows: list[PanicRowTable]) -> None:
        covered: set[int] = set()
        for r in rows:
            if r.result not in allowed:
                raise ContentProblem(attribute.name, f"result {r.result!r} is not one of {', '.join(allowed)}")
            span = set(range(r.low, r.high + 1))
            if span & covered:
                raise ContentProblem(attribute.name, f"rows overlap at {sorted(span & covered)[0]}")
            covered |= span
        if covered != set(range(1, 21)):
            raise ContentProblem(attribute.name, "must cover every d20 result from 1 to 20")
    return check


@attrs.frozen
class PanicFile:
    team: list[PanicRowTable] = attrs.field(validator=_panic(TEAM_RESULTS))
    platoon: list[PanicRowTable] = attrs.field(validator=_panic(PLATOON_RESULTS))


@attrs.frozen
class TeamTable:
    key: str = attrs.field(validator=some_text)
    units: list[str] = attrs.field(validator=_unit_specs)
    name: str = ""


@attrs.frozen
class SquadTable:
    key: str = attrs.field(validator=some_text)
    name: str
    teams: list[TeamTable] = attrs.field(validator=how_many(2, 4, "teams", "Rule 9"))


@attrs.frozen
class PlatoonTable:
    """A platoon of platoons.toml: the CO's command (``hq``) and 1 to 4 squads (Rule 9)."""

    name: str
    hq: list[TeamTable] = attrs.field(factory=list)
    squads: list[SquadTable] = attrs.field(factory=list, validator=how_many(1, 4, "squads", "Rule 9"))


@attrs.frozen
class CodeWords:
    """platoons.toml's ``code_words``: names a CO may give to an NCO's orders (Rule 10)."""

    code_words: list[str] = attrs.field(validator=[how_many(1, 99, "names"),
                                                   attrs.validators.deep_iterable(some_text)])


@attrs.frozen
class TerrainTable:
    glyph: str = attrs.field(validator=terrain_glyph)
    name: str = attrs.field(validator=some_text)
    sight: str = attrs.field(validator=one_of(SIGHTS))
    move: str = attrs.field(validator=one_of(MOVES))
    cover: bool = False


@attrs.frozen
class OrderTable:
    """A squad's first order written by the scenario (Rule 9 - Giving Orders, Rule 10)."""

    verb: str = attrs.field(validator=one_of(ORDER_VERBS))
    fire: str = attrs.field(default="fire", validator=one_of(ORDER_FIRE))
    place: list[int] | None = attrs.field(default=None, validator=_hex)

    def __attrs_post_init__(self) -> None:
        if (self.verb == "advance") != (self.place is not None):
            raise ContentProblem("place", "is wrong: an advance names a place, no other order does")


@attrs.frozen
class SideTable:
    id: str = attrs.field(validator=some_text)
    name: str = attrs.field(validator=some_text)
    edge: str = attrs.field(validator=one_of(EDGES))
    platoon: str
    zone: list[int] = attrs.field(validator=how_many(1, 99, "rows of the deployment zone"))
    deploy: dict[str, list[int]] = attrs.field(factory=dict, validator=attrs.validators.deep_mapping(
        attrs.validators.instance_of(str), _hex))
    orders: dict[str, OrderTable] = attrs.field(factory=dict)
    #: a campaign's carry-over (campaign.py): units of the platoon left out of this battle, and the wounds
    #: the others bring from the last one, by unit id ("red-a1.2": the second unit of team a1)
    lost: list[str] = attrs.field(factory=list, validator=attrs.validators.deep_iterable(some_text))
    wounds: dict[str, int] = attrs.field(factory=dict, validator=attrs.validators.deep_mapping(
        attrs.validators.instance_of(str), between(0, STAT_CAP)))


@attrs.frozen
class ScenarioFile:
    """A scenario file of content/disrupter/scenarios/."""

    map: str
    objective: list[int] = attrs.field(validator=_hex)
    sides: list[SideTable] = attrs.field(validator=how_many(2, 2, "[[sides]]"))
    title: str = ""
    summary: str = ""
    description: str = ""
    turn_limit: int = attrs.field(default=8, validator=between(1, 50))
    landmarks: list[list[int]] = attrs.field(factory=list, validator=_hexes)
    victory: str = attrs.field(default="hold", validator=one_of(VICTORY_RULES))
    briefing: bool = True
    script: ScriptTable | None = None
    tutorial: TutorialTable | None = None


@attrs.frozen
class DisrupterContent:
    """Everything a Disrupter battle reads (the dict a save embeds). ``platoons`` mixes ``code_words`` with
    the platoons' tables, so it is read in two parts (data.read_content)."""

    weapons: dict[str, WeaponTable]
    armour: dict[str, KitTable]
    bots: dict[str, KitTable]
    panic: PanicFile
    platoons: dict[str, Any]
    terrain: dict[str, TerrainTable]
    scenario: ScenarioFile
    vehicles: dict[str, VehicleTable] = attrs.field(factory=dict)  # a save from before vehicles has none


#: each part of the content and the file it is read from
FILES = {name: f"{name}.toml" for name in ("weapons", "armour", "bots", "panic", "platoons", "terrain",
                                                    "vehicles")}
