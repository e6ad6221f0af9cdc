"""JTS RatFight's content files as written: one attrs class per kind of table, read with
engine.core.content.structure_content (unknown keys refused, every value checked here). What needs two
tables at once (a vehicle's mover, a model's weapons) is checked in data.py and at set-up (rules.py).
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.content import ContentProblem, between, how_many, one_of, terrain_glyph
from hexfront.engine.core.tutorial import ScriptTable, TutorialTable

COVER_CARDS = {"none": 1, "soft": 2, "hard": 3}
SIGHT_NAMES = ("clear", "obscure", "block")
MOVE_CLASSES = ("road", "open", "full", "no")
HEROES = ("dead_shot", "bruiser", "inspiring")
CARD_KINDS = ("move", "vehicle", "fire", "turn_end")


@attrs.frozen
class ModeTable:
    """One way a weapon fires: its range in inches, shots, cards drawn per shot and armour piercing."""

    range: int = attrs.field(validator=between(1, 1000))
    shots: int = attrs.field(default=1, validator=between(1, 20))
    cards: int = attrs.field(default=1, validator=between(1, 5))
    ap: int = attrs.field(default=0, validator=between(0, 20))
    template: bool = False


def _some(_instance: Any, attribute: Any, value: list[Any]) -> None:
    if not value:
        raise ContentProblem(attribute.name, "needs at least one entry")


@attrs.frozen
class WeaponTable:
    """A table of weapons.toml."""

    name: str
    modes: list[ModeTable] = attrs.field(validator=_some)
    vehicle: bool = False


def _three_armour(_instance: Any, attribute: Any, value: list[int]) -> None:
    if len(value) != 3 or not all(0 <= a <= 20 for a in value):
        raise ContentProblem(attribute.name, f"must be three values from 0 to 20 (front, side, rear), found {value!r}")


@attrs.frozen
class VehicleTable:
    """A table of vehicles.toml."""

    name: str
    armour: list[int] = attrs.field(validator=_three_armour)
    armoured: bool
    crew: int = attrs.field(validator=between(0, 20))
    mover: str
    capacity: int = attrs.field(default=0, validator=between(0, 20))
    heavy: bool = False


@attrs.frozen
class MoverTable:
    """A table of movers.toml: inches moved on road and in the open."""

    road: int = attrs.field(validator=between(1, 100))
    open: int = attrs.field(validator=between(1, 100))
    vehicle: bool = False


_MOVE = attrs.validators.optional(one_of(MOVE_CLASSES))


@attrs.frozen
class TerrainTable:
    """A table of terrain.toml: its movement class for each mover (``default`` for the others)."""

    glyph: str = attrs.field(validator=terrain_glyph)
    name: str
    cover: str = attrs.field(validator=one_of(COVER_CARDS))
    sight: str = attrs.field(validator=one_of(SIGHT_NAMES))
    default: str = attrs.field(validator=one_of(MOVE_CLASSES))
    infantry: str | None = attrs.field(default=None, validator=_MOVE)
    bicycle: str | None = attrs.field(default=None, validator=_MOVE)
    wheeled: str | None = attrs.field(default=None, validator=_MOVE)
    tracked: str | None = attrs.field(default=None, validator=_MOVE)
    hover: str | None = attrs.field(default=None, validator=_MOVE)
    flying: str | None = attrs.field(default=None, validator=_MOVE)

    def moves(self) -> dict[str, str]:
        """The movement classes this terrain names, by mover."""
        return {k: v for k, v in attrs.asdict(self).items()
                if k not in ("glyph", "name", "cover", "sight", "default") and v}


@attrs.frozen
class ActionCardRow:
    """A ``[[cards]]`` row of action_cards.toml."""

    id: str
    number: int = attrs.field(validator=between(1, 100))
    title: str
    kind: str = attrs.field(validator=one_of(CARD_KINDS))
    count: int = attrs.field(validator=between(0, 100))
    infantry_only: bool = False


def _one_turn_end(_instance: Any, attribute: Any, value: list[ActionCardRow]) -> None:
    if sum(1 for c in value if c.kind == "turn_end") != 1:
        raise ContentProblem(attribute.name, "needs exactly one Turn End card (kind = \"turn_end\")")


@attrs.frozen
class ActionCardsFile:
    cards: list[ActionCardRow] = attrs.field(validator=_one_turn_end)


@attrs.frozen
class ReadingRow:
    """A ``[[readings]]`` row of readings.toml: how this game reads the book where it is silent."""

    id: str
    section: str
    text: str


@attrs.frozen
class ReadingsFile:
    readings: list[ReadingRow]


def _at(_instance: Any, attribute: Any, value: list[int] | None) -> None:
    if value is not None and len(value) != 2:
        raise ContentProblem(attribute.name, f"must be [column, row], found {value!r}")


@attrs.frozen
class ModelSpec:
    """A model of a scenario's side: a figure or a vehicle (``vehicle``), on the map (``at``) or carried
    (``in``)."""

    id: str
    at: list[int] | None = attrs.field(default=None, validator=_at)
    name: str = ""
    vehicle: str | None = None
    weapons: list[str] = attrs.field(factory=list)
    mover: str | None = None
    facing: int = attrs.field(default=0, validator=between(0, 5))
    leader: int = attrs.field(default=0, validator=one_of((0, 2, 3)))
    heroes: list[str] = attrs.field(factory=list, validator=one_of(HEROES))
    immobile: bool = False
    force: str = "main"
    inside: str | None = attrs.field(default=None, metadata={"key": "in"})

    def __attrs_post_init__(self) -> None:
        if self.at is None and self.inside is None:
            raise ContentProblem("at", "must be given (or in = the vehicle the model starts in)")


@attrs.frozen
class SideSpec:
    id: str
    name: str
    models: list[ModelSpec]


@attrs.frozen
class CampaignCarried:
    """``[campaign]`` of a scenario's content, written by the campaign mode (campaign.py), not by hand: the
    models lost earlier in the campaign (on a heart) and those taken prisoner: side -> model id -> name."""

    lost: dict[str, dict[str, str]] = attrs.field(factory=dict)
    captured: dict[str, dict[str, str]] = attrs.field(factory=dict)


@attrs.frozen
class ScenarioFile:
    """A scenario file of content/ratfight/scenarios/."""

    title: str
    map: str
    sides: list[SideSpec] = attrs.field(validator=how_many(2, 2, "sides"))
    summary: str = ""
    description: str = ""
    turn_limit: int = attrs.field(default=10, validator=between(1, 1000))
    script: ScriptTable | None = None
    tutorial: TutorialTable | None = None
    #: a special scenario where a model that loses a close combat is captured rather than killed
    capture: bool = False
    campaign: CampaignCarried | None = None


MORALE_KEEPS = ("choose", "best")


@attrs.frozen
class MoraleRules:
    """``[morale]`` of rules.toml: who keeps which card when a leader lets a side draw more than one
    (Morale Check): ``choose``, the side that tests (the book), or ``best``, the best card without asking."""

    keep: str = attrs.field(validator=one_of(MORALE_KEEPS))


@attrs.frozen
class RulesFile:
    """rules.toml: settings of the book's rules a battle records in its save."""

    morale: MoraleRules


@attrs.frozen
class RatFightContent:
    """Everything a RatFight battle reads (the dict a save embeds)."""

    weapons: dict[str, WeaponTable]
    vehicles: dict[str, VehicleTable]
    movers: dict[str, MoverTable]
    terrain: dict[str, TerrainTable]
    action_cards: ActionCardsFile
    scenario: ScenarioFile
    #: absent from the content of battles saved before rules.toml existed: they keep the best morale card
    rules: RulesFile | None = None


#: each part of the content and the file it is read from
FILES = {"weapons": "weapons.toml", "vehicles": "vehicles.toml", "movers": "movers.toml",
         "terrain": "terrain.toml", "action_cards": "action_cards.toml", "rules": "rules.toml"}
