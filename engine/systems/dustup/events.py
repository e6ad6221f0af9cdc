"""Dustup's shared events. Each says what happened; ``rule`` names the book section that asked for it.

Modules that resolve one kind of action (fire.py, assault.py, command.py,
morale.py) may add events of their own; these are the ones several share.
The facts about a unit (suppressed, propped, embarked...) are in unitevents.py, read in here as this
module's own; EVENT_TYPES lists both.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex

# the facts about a unit (unitevents.py), read as events.<name> (E.<name>) everywhere
from .unitevents import AreaProtectionFired as AreaProtectionFired
from .unitevents import ArrivedOnTable as ArrivedOnTable
from .unitevents import CameUnderFire as CameUnderFire
from .unitevents import CavalryMounted as CavalryMounted
from .unitevents import CommandAssumed as CommandAssumed
from .unitevents import ConcealmentChosen as ConcealmentChosen
from .unitevents import ConfidenceDropped as ConfidenceDropped
from .unitevents import ConfidenceRaised as ConfidenceRaised
from .unitevents import CountsAsActivated as CountsAsActivated
from .unitevents import CrewRemounted as CrewRemounted
from .unitevents import DecoyUsed as DecoyUsed
from .unitevents import Disembarked as Disembarked
from .unitevents import DroneDown as DroneDown
from .unitevents import DroneFlown as DroneFlown
from .unitevents import Embarked as Embarked
from .unitevents import EnemySighted as EnemySighted
from .unitevents import EWCountersSpent as EWCountersSpent
from .unitevents import EWSwitchedOn as EWSwitchedOn
from .unitevents import FormationChanged as FormationChanged
from .unitevents import HatchesClosed as HatchesClosed
from .unitevents import Immobilised as Immobilised
from .unitevents import InFlight as InFlight
from .unitevents import Landed as Landed
from .unitevents import LandedHeavily as LandedHeavily
from .unitevents import LeaderAppointed as LeaderAppointed
from .unitevents import LeaderLost as LeaderLost
from .unitevents import LeftTable as LeftTable
from .unitevents import LineChargeFired as LineChargeFired
from .unitevents import MineLaid as MineLaid
from .unitevents import MinesIssued as MinesIssued
from .unitevents import MortarTargetFired as MortarTargetFired
from .unitevents import MortarTargetRegistered as MortarTargetRegistered
from .unitevents import MoveMade as MoveMade
from .unitevents import Panicked as Panicked
from .unitevents import PanicOver as PanicOver
from .unitevents import PanicTestPassed as PanicTestPassed
from .unitevents import Propped as Propped
from .unitevents import RatingsCombined as RatingsCombined
from .unitevents import RatingsRolled as RatingsRolled
from .unitevents import RemoteLauncherPlaced as RemoteLauncherPlaced
from .unitevents import RemoteLauncherTakenDown as RemoteLauncherTakenDown
from .unitevents import Revealed as Revealed
from .unitevents import Suppressed as Suppressed
from .unitevents import SuppressionRemoved as SuppressionRemoved
from .unitevents import TowAttached as TowAttached
from .unitevents import TowDropped as TowDropped
from .unitevents import Turned as Turned
from .unitevents import Unpropped as Unpropped
from .unitevents import VehicleDamaged as VehicleDamaged


@attrs.frozen(kw_only=True)
class UnitPlaced:
    unit: str
    at: Hex | None


@attrs.frozen(kw_only=True)
class MarkerPlaced:
    marker: str
    side: str
    at: Hex
    unit: str | None = None
    rule: str = "Detect Action: Hidden Units"


@attrs.frozen(kw_only=True)
class MarkerRemoved:
    marker: str
    reason: str
    rule: str = "Detect Action: Hidden Units"


@attrs.frozen(kw_only=True)
class FigureChanged:
    """A figure's status (fit, untreated, stabilised, killed, disabled, abandoned) and wounds."""

    unit: str
    figure: str
    status: str
    wounds: int
    reason: str = ""
    rule: str = ""
    evacuated: bool = False  # flown out by a CASEVAC vehicle (Casualty Evacuation)


@attrs.frozen(kw_only=True)
class FigureRoleChanged:
    unit: str
    figure: str
    role: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FiguresFired:
    """These figures have fired this activation (each weapon fires once per activation)."""

    unit: str
    figures: tuple[str, ...]


@attrs.frozen(kw_only=True)
class KillCredited:
    unit: str
    figure: str


@attrs.frozen(kw_only=True)
class TurnBegan:
    turn: int
    rule: str = "Turn Sequence"


@attrs.frozen(kw_only=True)
class RollOffWon:
    side: str
    rule: str = "Turn Sequence"


@attrs.frozen(kw_only=True)
class FirstChosen:
    side: str
    rule: str = "Turn Sequence"


@attrs.frozen(kw_only=True)
class SideToAct:
    side: str | None
    reason: str = ""


@attrs.frozen(kw_only=True)
class DecisionAsked:
    side: str
    kind: str
    data: tuple[str, ...] = ()
    rule: str = ""


@attrs.frozen(kw_only=True)
class DecisionTaken:
    side: str
    kind: str
    choice: str


@attrs.frozen(kw_only=True)
class ActivationBegan:
    """``by``: "turn" (its own activation, marked), "order", "detachment", "seize", "card"."""

    unit: str
    by: str
    actions: int = 2
    rule: str = "Unit Activation"


@attrs.frozen(kw_only=True)
class ActionTaken:
    unit: str
    action: str
    spent: int = 1


@attrs.frozen(kw_only=True)
class ActivationEnded:
    unit: str


@attrs.frozen(kw_only=True)
class Passed:
    side: str
    rule: str = "Passing"


@attrs.frozen(kw_only=True)
class TokenSpent:
    side: str
    unit: str
    rule: str = "Seize the Initiative"


@attrs.frozen(kw_only=True)
class ForcedUnit:
    """Card-draw activation: this unit's card came up (None: no unit is forced)."""

    unit: str | None


@attrs.frozen(kw_only=True)
class UnitMoved:
    unit: str
    path: tuple[Hex, ...]
    points: int
    rule: str = "Move Action"


@attrs.frozen(kw_only=True)
class WoundedLeft:
    """Wounded figures left lying on a hex (Moving Casualties; Withdrawal)."""

    at: Hex
    count: int


@attrs.frozen(kw_only=True)
class AssaultState:
    """The assault in progress as plain facts (assaultplan.py reads and writes it), or None when over."""

    facts: tuple[str, ...] | None


@attrs.frozen(kw_only=True)
class DetachmentFormed:
    """``figures`` leave ``parent`` to form the new unit ``unit`` on the same hex (Detach Element Action)."""

    parent: str
    unit: str
    name: str
    figures: tuple[str, ...]
    rule: str = "Detach Element Action"


@attrs.frozen(kw_only=True)
class UnitsMerged:
    """Every figure of ``other`` joins ``unit``; ``other`` leaves the battle (Regroup Action)."""

    unit: str
    other: str
    rule: str = "Regroup Action"


@attrs.frozen(kw_only=True)
class ActivationDeckDealt:
    """The random-activation deck is made up of these chits or cards, before its shuffle."""

    cards: tuple[str, ...]


@attrs.frozen(kw_only=True)
class LastActivation:
    """Chit draw with withheld chits: the chits are used up and ``side`` activates one last unit."""

    side: str
    rule: str = "Random Activation (chit draw)"


@attrs.frozen(kw_only=True)
class TurnEnded:
    turn: int


@attrs.frozen(kw_only=True)
class BattleEnded:
    winner: str | None
    reason: str


@attrs.frozen(kw_only=True)
class Note:
    """A line for the dice log that changes nothing (a test passed, a rule explained)."""

    text: str
    rule: str = ""


@attrs.frozen(kw_only=True)
class FeaturePlaced:
    """A feature on the map (state.Feature): smoke, fire, a minefield, a target marker..."""

    feature: str
    kind: str
    side: str
    at: Hex
    hidden: bool = False
    data: tuple[str, ...] = ()
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FeatureRemoved:
    feature: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FeatureChanged:
    """A feature moved (``at``), was revealed (``hidden`` False) or had its data replaced."""

    feature: str
    at: Hex | None = None
    hidden: bool | None = None
    data: tuple[str, ...] | None = None
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MissionPlaced:
    """A counter placed on the inbound chart (state.Mission)."""

    mission: str
    side: str
    kind: str
    asset: str
    box: int
    target: Hex | None = None
    dummies: tuple[Hex, ...] = ()
    observer: str | None = None
    unit: str | None = None
    ammo: str = ""
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MissionMoved:
    """A counter moved to another box of the inbound chart (or its aim point changed)."""

    mission: str
    box: int
    target: Hex | None = None
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MissionRemoved:
    mission: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class SupportChits:
    """A side's fire support chits now number ``left`` (Fire Support Chits)."""

    side: str
    left: int
    reason: str = ""
    rule: str = "Request Fire Support Action: Fire Support Chits"


EVENT_TYPES = (UnitPlaced, MarkerPlaced, MarkerRemoved, FigureChanged, FigureRoleChanged, FiguresFired,
               KillCredited, TurnBegan, RollOffWon, FirstChosen, SideToAct, DecisionAsked, DecisionTaken,
               ActivationBegan, ActionTaken, ActivationEnded, Passed, TokenSpent, ForcedUnit, UnitMoved,
               WoundedLeft, AssaultState, DetachmentFormed, UnitsMerged, ActivationDeckDealt, LastActivation, TurnEnded,
               BattleEnded, Note,
               FeaturePlaced, FeatureRemoved, FeatureChanged, MissionPlaced, MissionMoved, MissionRemoved,
               SupportChits,
               RatingsRolled, RatingsCombined, Suppressed, SuppressionRemoved, ConfidenceDropped, ConfidenceRaised,
               CameUnderFire, EnemySighted, Panicked, PanicTestPassed, PanicOver, Propped, Unpropped, Revealed,
               ConcealmentChosen, FormationChanged, CavalryMounted, LeaderLost, LeaderAppointed, CommandAssumed,
               CountsAsActivated, LeftTable, ArrivedOnTable, InFlight, Landed, LandedHeavily, Turned, MoveMade,
               VehicleDamaged, Immobilised, HatchesClosed, TowAttached, TowDropped, Embarked, Disembarked,
               CrewRemounted, DecoyUsed, AreaProtectionFired, LineChargeFired, MinesIssued, MineLaid, EWSwitchedOn,
               EWCountersSpent, DroneFlown, DroneDown, RemoteLauncherPlaced, RemoteLauncherTakenDown,
               MortarTargetRegistered, MortarTargetFired)
