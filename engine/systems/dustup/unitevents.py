"""What happens to a Dustup unit, in the game's words: each event records one fact (suppressed,
confidence dropped, propped, revealed, embarked, turned, damaged, a drone flown...), and its fold
(unitfacts.py) changes exactly the unit's state that fact changes. ``reason`` is the occasion, for the
dice log; ``rule`` the book section.

events.py reads these in as its own (the rules name them ``events.<name>``; the saves'
codec knows an event by its class name, never by its module) and lists them in EVENT_TYPES.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen(kw_only=True)
class RatingsRolled:
    """Random set-up: the unit's quality die, leadership and (starting) confidence are rolled."""

    unit: str
    quality: int
    leadership: int
    confidence: int
    reason: str = "random set-up"
    rule: str = "Forces: Quality and Leadership; Confidence (optional random set-up)"


@attrs.frozen(kw_only=True)
class RatingsCombined:
    """Regroup: the merged unit takes these quality, leadership and (starting) confidence."""

    unit: str
    quality: int
    leadership: int
    confidence: int
    initial_confidence: int
    reason: str = ""
    rule: str = "Regroup Action"


@attrs.frozen(kw_only=True)
class Suppressed:
    """The unit now carries ``markers`` suppression markers (one more, or the most after a crash)."""

    unit: str
    markers: int
    reason: str = ""
    rule: str = "Recover Suppression Action"


@attrs.frozen(kw_only=True)
class SuppressionRemoved:
    """Suppression markers come off: ``markers`` are left (0 when all are removed)."""

    unit: str
    markers: int
    reason: str = ""
    rule: str = "Recover Suppression Action"


@attrs.frozen(kw_only=True)
class ConfidenceDropped:
    """The unit's confidence falls to ``level`` (a failed test, a regroup with a worse unit...)."""

    unit: str
    level: int
    reason: str = ""
    rule: str = "Morale: Confidence Test"


@attrs.frozen(kw_only=True)
class ConfidenceRaised:
    """The unit's confidence rises to ``level`` (a rally, the wounded evacuated...)."""

    unit: str
    level: int
    reason: str = ""
    rule: str = "Rally Action"


@attrs.frozen(kw_only=True)
class CameUnderFire:
    """The unit is fired on for the first time (the Confidence Test table asks)."""

    unit: str
    reason: str = ""
    rule: str = "Morale: Confidence Test"


@attrs.frozen(kw_only=True)
class EnemySighted:
    """Untrained troops see the enemy for the first time."""

    unit: str
    reason: str = "first sight of the enemy"
    rule: str = "Morale: Panic"


@attrs.frozen(kw_only=True)
class Panicked:
    unit: str
    reason: str = ""
    rule: str = "Morale: Panic"


@attrs.frozen(kw_only=True)
class PanicTestPassed:
    """A unit that passes a panic test never tests again."""

    unit: str
    reason: str = ""
    rule: str = "Morale: Panic"


@attrs.frozen(kw_only=True)
class PanicOver:
    """A panicking unit recovers; having now passed, it never tests for panic again."""

    unit: str
    reason: str = ""
    rule: str = "Rouse Action"


@attrs.frozen(kw_only=True)
class Propped:
    unit: str
    reason: str = "makes use of the local cover"
    rule: str = "Prop Action"


@attrs.frozen(kw_only=True)
class Unpropped:
    unit: str
    reason: str = "ready to move"
    rule: str = "Prop Action"


@attrs.frozen(kw_only=True)
class Revealed:
    """A hidden unit gives itself away (it moved, fired, was walked into...)."""

    unit: str
    reason: str = ""
    rule: str = "Detect Action: Hidden Units"


@attrs.frozen(kw_only=True)
class ConcealmentChosen:
    """``complete``: the unit goes to ground (completely concealed); else it is ready to fire again."""

    unit: str
    complete: bool
    reason: str = ""
    rule: str = "Shoot Action: Concealment"


@attrs.frozen(kw_only=True)
class FormationChanged:
    """``travel``: the unit forms up in column (travel mode); else it returns to a tactical formation."""

    unit: str
    travel: bool
    reason: str = ""
    rule: str = "Move Action: Travel Movement"


@attrs.frozen(kw_only=True)
class CavalryMounted:
    """``mounted``: cavalry mount up; else they dismount to fight on foot."""

    unit: str
    mounted: bool
    reason: str = ""
    rule: str = "Forces: Cavalry"


@attrs.frozen(kw_only=True)
class LeaderLost:
    """The unit's leader is a casualty: it must reorganise to appoint a new one."""

    unit: str
    reason: str = "its leader is a casualty"
    rule: str = "Morale: Death of a Leader"


@attrs.frozen(kw_only=True)
class LeaderAppointed:
    """A new leader takes over, with this leadership; a cascade of command is complete."""

    unit: str
    leadership: int
    reason: str = "a new leader is appointed"
    rule: str = "Morale: Death of a Leader"


@attrs.frozen(kw_only=True)
class CommandAssumed:
    """The unit's leader steps up in place of the fallen headquarters ``hq``: the unit takes its
    ``level``, answers to its ``commander`` and its fellow subordinates answer to it (its own new
    leader follows: LeaderLost, then a reorganise)."""

    unit: str
    hq: str
    level: int
    commander: str | None
    reason: str = ""
    rule: str = "Morale: Death of a Leader"


@attrs.frozen(kw_only=True)
class CountsAsActivated:
    """The unit's activation is used up without its acting (assaulted, regrouped, just arrived...)."""

    unit: str
    reason: str = ""
    rule: str = "Unit Activation"


@attrs.frozen(kw_only=True)
class LeftTable:
    """The unit leaves the table (routs off, flies back to base, its crew climbs back in...)."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class ArrivedOnTable:
    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class InFlight:
    """An aircraft or grav vehicle is in the air (takes off, arrives, moves off from a hover, hovers
    for want of a move): ``flight`` is "airborne" or "hovering"."""

    unit: str
    flight: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class Landed:
    """An aircraft is down ("grounded"), or a grav vehicle is a ground vehicle again ("")."""

    unit: str
    flight: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class LandedHeavily:
    """A landing in an obstructed zone went badly: the aircraft cannot take off again."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class Turned:
    """A vehicle or aircraft now faces hex direction ``facing``."""

    unit: str
    facing: int
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MoveMade:
    """A vehicle or aircraft has made one more move this activation."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class VehicleDamaged:
    """One more damage marker on a vehicle."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class Immobilised:
    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class HatchesClosed:
    """An open-topped vehicle's passengers close down inside it."""

    unit: str
    reason: str = ""
    rule: str = "Vehicles: Open Top Vehicles"


@attrs.frozen(kw_only=True)
class TowAttached:
    """``unit`` now tows (or carries limbered) the unit ``towed``."""

    unit: str
    towed: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class TowDropped:
    """``unit`` tows nothing any more (released, parted, destroyed, unlimbered...)."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class Embarked:
    unit: str
    vehicle: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class Disembarked:
    """The unit is out of the vehicle it rode (dismounted, bailed out, dropped...)."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class CrewRemounted:
    """A vehicle's dismounted crew is back inside: the vehicle is manned again."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class DecoyUsed:
    """The vehicle's decoys have defeated a missile: they are spent for this turn."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class AreaProtectionFired:
    """One of the vehicle's area protection systems is used up."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class LineChargeFired:
    """One of the vehicle's line charges is used up."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MinesIssued:
    """The unit carries ``count`` command-detonated mines."""

    unit: str
    count: int
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MineLaid:
    """The unit sets up one of its command-detonated mines."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class EWSwitchedOn:
    """The unit's EW system is switched on with ``counters`` EW counters."""

    unit: str
    counters: int
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class EWCountersSpent:
    unit: str
    spent: int
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class DroneFlown:
    """The unit's drone is launched to, or flies on to, ``at`` (Small Portable Drones)."""

    unit: str
    at: Hex
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class DroneDown:
    """The unit's drone is no longer in the air: brought back, crashed or lost."""

    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class RemoteLauncherPlaced:
    """The unit's guided missile launcher is set up at ``at`` to fire remotely."""

    unit: str
    at: Hex
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class RemoteLauncherTakenDown:
    unit: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MortarTargetRegistered:
    """An observer registers ``at`` for the unit's mortar: the rounds fall when it next activates."""

    unit: str
    at: Hex
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MortarTargetFired:
    """The registered rounds are fired: the mortar has no registered target any more."""

    unit: str
    reason: str = ""
    rule: str = ""
