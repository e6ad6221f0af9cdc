"""RatFight's events. Each names the rule it comes from in ``rule`` where that helps the reader."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen(kw_only=True)
class ModelPlaced:
    model: str
    at: Hex | None
    carried_by: str | None = None


@attrs.frozen(kw_only=True)
class TurnBegan:
    turn: int


@attrs.frozen(kw_only=True)
class InitiativeWon:
    side: str
    rule: str = "Turn Sequence 2"


@attrs.frozen(kw_only=True)
class ActionCardTurned:
    side: str
    card: str
    rule: str = "Turn Sequence 3-5"


@attrs.frozen(kw_only=True)
class ActionCardDone:
    side: str
    card: str
    passed: bool


@attrs.frozen(kw_only=True)
class InspiringRedraw:
    side: str
    card: str
    rule: str = "Leaders and Heroes: Inspiring"


@attrs.frozen(kw_only=True)
class ModelActivated:
    model: str
    card: str


@attrs.frozen(kw_only=True)
class ModelMoved:
    model: str
    path: tuple[Hex, ...]
    facing: int | None = None
    reverse: bool = False


@attrs.frozen(kw_only=True)
class VehiclePivoted:
    model: str
    facing: int


@attrs.frozen(kw_only=True)
class ModelEmbarked:
    model: str
    vehicle: str


@attrs.frozen(kw_only=True)
class ModelDisembarked:
    model: str
    to: Hex


@attrs.frozen(kw_only=True)
class TurretTurned:
    model: str
    facing: int


@attrs.frozen(kw_only=True)
class CardsCompared:
    """An opposed draw: each side's best card, and who won. ``winner`` is attacker, defender or tie."""

    attacker: str
    defender: str
    attacker_card: str
    defender_card: str
    winner: str
    purpose: str
    rule: str


@attrs.frozen(kw_only=True)
class ModelDowned:
    model: str
    rule: str = "Firing 3"


@attrs.frozen(kw_only=True)
class ModelCasualty:
    model: str
    reason: str
    rule: str


@attrs.frozen(kw_only=True)
class ModelRecovered:
    model: str
    rule: str = "Testing for Casualties"


@attrs.frozen(kw_only=True)
class VehicleDamaged:
    model: str
    points: int
    total: int
    arc: str
    rule: str = "Shooting at Vehicles 3"


@attrs.frozen(kw_only=True)
class CrewBailedOut:
    model: str
    crew: int
    rule: str = "Shooting at Vehicles 4"


@attrs.frozen(kw_only=True)
class PassengerThrown:
    model: str
    at: Hex
    rule: str = "Shooting at Vehicles"


@attrs.frozen(kw_only=True)
class RetargetOffered:
    shooter: str
    weapon: str
    mode: int
    shots: int
    around: Hex
    candidates: tuple[str, ...]
    rule: str = "Firing 5"


@attrs.frozen(kw_only=True)
class RetargetChosen:
    """The firer sends the spare shots at ``target``, or lets them go (None)."""

    shooter: str
    target: str | None
    rule: str = "Firing 5"


@attrs.frozen(kw_only=True)
class TurnEnded:
    turn: int
    reason: str
    rule: str = "Turn Sequence 5"


@attrs.frozen(kw_only=True)
class MoraleTested:
    side: str
    force: str
    casualties: int
    card: str
    cards: int
    passed: bool
    #: the side could have chosen among ``cards``, but every one gave the same verdict: the best was kept unasked
    unasked: bool = False
    rule: str = "Morale Check"


@attrs.frozen(kw_only=True)
class MoraleCardsOffered:
    """A leader let ``side`` draw ``cards`` for a force's morale: the side now chooses which to keep."""

    side: str
    force: str
    casualties: int
    cards: tuple[str, ...]
    leader: str
    rule: str = "Morale Check"


@attrs.frozen(kw_only=True)
class MoraleCardKept:
    """The side kept ``kept`` for its force's morale and discarded the rest ("discarding whichever he likes")."""

    side: str
    force: str
    kept: str
    discarded: tuple[str, ...]
    rule: str = "Morale Check"


@attrs.frozen(kw_only=True)
class ForceBroken:
    side: str
    force: str
    reason: str
    rule: str = "Morale Check"


@attrs.frozen(kw_only=True)
class BattleEnded:
    winner: str | None
    reason: str


@attrs.frozen(kw_only=True)
class ModelCaptured:
    """A model that lost a close combat in a scenario with capture is taken prisoner by ``by`` (a side)."""

    model: str
    by: str
    rule: str = "Close Combat: captured rather than killed"


@attrs.frozen(kw_only=True)
class AvailabilityDrawn:
    """The end-of-battle card of a casualty in a campaign: ``available`` for the next battle unless a heart."""

    model: str
    card: str
    available: bool
    rule: str = "Testing for Casualties: campaigns"


@attrs.frozen(kw_only=True)
class AftermathDone:
    """Every casualty of both sides has had its end-of-battle card."""

    rule: str = "Testing for Casualties: campaigns"


EVENT_TYPES = (ModelPlaced, TurnBegan, InitiativeWon, ActionCardTurned, ActionCardDone, InspiringRedraw,
               ModelActivated, ModelMoved, VehiclePivoted, ModelEmbarked, ModelDisembarked, TurretTurned,
               CardsCompared, ModelDowned, ModelCasualty, ModelRecovered, VehicleDamaged, CrewBailedOut,
               PassengerThrown, RetargetOffered, RetargetChosen, TurnEnded, MoraleTested, ForceBroken,
               BattleEnded, MoraleCardsOffered, MoraleCardKept, ModelCaptured, AvailabilityDrawn,
               AftermathDone)
