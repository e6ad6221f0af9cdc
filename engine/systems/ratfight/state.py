"""RatFight battle state: models on the board, the decks, and whose action card is up."""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.cards import Deck
from hexfront.engine.core.hexes import Hex

from .data import Tables, VehicleType

# Model status
OK, DOWN, CASUALTY, ABANDONED, FLED = "ok", "down", "casualty", "abandoned", "fled"
ACTION_DECK = "action"


def res_deck(side: str) -> str:
    """Each player's own 52-card resolution deck."""
    return f"res-{side}"


@attrs.define(slots=True)
class Model:
    id: str
    side: str
    name: str
    weapons: tuple[str, ...]
    pos: Hex | None
    status: str = OK
    vehicle: str | None = None  # vehicle type id, None for infantry
    facing: int = 0
    turret: int = 0
    damage: int = 0
    carried_by: str | None = None
    leader: int = 0
    heroes: tuple[str, ...] = ()
    force: str = "main"
    mover: str = "infantry"
    immobile: bool = False

    @property
    def is_vehicle(self) -> bool:
        return self.vehicle is not None

    @property
    def on_table(self) -> bool:
        return self.pos is not None and self.status in (OK, DOWN)

    @property
    def standing(self) -> bool:
        return self.pos is not None and self.status == OK

    @property
    def at(self) -> Hex:
        """The hex of a model on the table (standing, Down or a wreck). Only asked where the rules have
        put it there: of a casualty, one that fled or one aboard a vehicle it is a bug, and says so."""
        if self.pos is None:
            raise ValueError(f"{self.id} is not on the table")
        return self.pos

    def copy(self) -> Model:
        return attrs.evolve(self)

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.pos.q if self.pos else None, self.pos.r if self.pos else None, self.status,
                self.facing, self.turret, self.damage, self.carried_by)


@attrs.frozen
class Pending:
    """Spare shots after Downing a target, waiting for the firer to retarget them (Firing, step 5)."""

    shooter: str
    weapon: str
    mode: int
    shots: int
    around: Hex
    candidates: tuple[str, ...]


@attrs.frozen
class MoraleChoice:
    """A force's morale cards, drawn with its leader's help, waiting for its side to keep one (Morale Check:
    "discarding whichever he likes")."""

    side: str
    force: str
    casualties: int
    cards: tuple[str, ...]
    leader: str


@attrs.define(slots=True)
class RatState:
    tables: Tables
    models: dict[str, Model]
    decks: dict[str, Deck]
    turn: int = 0
    active: str | None = None
    first: str | None = None
    card: str | None = None
    used: list[str] = attrs.field(factory=list)
    inspired: list[str] = attrs.field(factory=list)
    pending: Pending | None = None
    morale: MoraleChoice | None = None
    broken: list[str] = attrs.field(factory=list)  # "side/force"
    result: tuple[str | None, str] | None = None
    # derived index, rebuilt by the fold: hex -> model id of the model or wreck standing there
    occupant: dict[Hex, str] = attrs.field(factory=dict)
    #: a battle of a campaign (its option ``campaign`` set): the end-of-battle draws are given in it
    campaign: bool = False
    #: the end-of-battle draws (campaign.py): model id -> (the card, available for the next battle)
    availability: dict[str, tuple[str, bool]] = attrs.field(factory=dict)
    #: the models taken prisoner in close combat (a scenario with ``capture``: campaign.py)
    captured: list[str] = attrs.field(factory=list)
    #: the end-of-battle draws have been made
    aftermath_done: bool = False

    @property
    def sides(self) -> tuple[str, ...]:
        return self.tables.side_ids

    def other(self, side: str) -> str:
        a, b = self.tables.side_ids
        return b if side == a else a

    def copy(self) -> RatState:
        return RatState(
            tables=self.tables,
            models={k: m.copy() for k, m in self.models.items()},
            decks={k: d.copy() for k, d in self.decks.items()},
            turn=self.turn, active=self.active, first=self.first, card=self.card, used=list(self.used),
            inspired=list(self.inspired), pending=self.pending, morale=self.morale, broken=list(self.broken),
            result=self.result,
            occupant=dict(self.occupant), campaign=self.campaign, availability=dict(self.availability),
            captured=list(self.captured), aftermath_done=self.aftermath_done,
        )

    def canonical(self) -> tuple[Any, ...]:
        """The state's hash input. What only some battles have is added only once there is some, so that every
        battle saved before it keeps its hashes: a morale choice waiting (Morale Check), and what only a
        campaign's battle has (prisoners, the end-of-battle draws)."""
        core = (
            tuple(m.canonical() for m in self.models.values()),
            tuple((k, d.canonical()) for k, d in sorted(self.decks.items())),
            self.turn, self.active, self.first, self.card, tuple(self.used), tuple(self.inspired),
            attrs.astuple(self.pending) if self.pending else None, tuple(self.broken), self.result,
        )
        out = core if self.morale is None else (*core, attrs.astuple(self.morale))
        if not (self.captured or self.aftermath_done):
            return out
        return (*out, tuple(self.captured), tuple(sorted(self.availability.items())), self.aftermath_done)

    def card_up(self) -> tuple[str, str]:
        """The side acting and the action card it acts on; only asked while a card is up (a bug otherwise)."""
        if self.active is None or self.card is None:
            raise ValueError("no action card is up")
        return self.active, self.card

    def vehicle_type(self, m: Model) -> VehicleType:
        """The vehicle table's entry for ``m``; only asked of a vehicle (a bug, and says so, for infantry)."""
        if m.vehicle is None:
            raise ValueError(f"{m.id} is not a vehicle")
        return self.tables.vehicles[m.vehicle]

    def passengers(self, vehicle_id: str) -> list[Model]:
        return [m for m in self.models.values() if m.carried_by == vehicle_id]
