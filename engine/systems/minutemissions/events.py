"""30 Minute Missions events: the facts a command resolves into. The fold (rules.fold) applies them."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen(kw_only=True)
class FirstPlayerChosen:
    side: str
    rule: str = "Unit Deployment"


@attrs.frozen(kw_only=True)
class UnitPlaced:
    unit: str
    at: Hex
    elev: int
    facing: int
    rule: str = "Unit Deployment"


@attrs.frozen(kw_only=True)
class SideToAct:
    side: str


@attrs.frozen(kw_only=True)
class RoundBegan:
    round: int
    side: str
    rule: str = "Turn Order"


@attrs.frozen(kw_only=True)
class UnitActivated:
    unit: str
    base_ap: int
    roll: int
    ap: int
    rule: str = "Movement Phase"


@attrs.frozen(kw_only=True)
class StanceEnded:
    unit: str
    stance: str
    reason: str


@attrs.frozen(kw_only=True)
class PhaseBegan:
    unit: str
    phase: str
    rule: str = "Phases of Combat"


@attrs.frozen(kw_only=True)
class ApSpent:
    unit: str
    ap: int
    left: int
    what: str


@attrs.frozen(kw_only=True)
class UnitStepped:
    unit: str
    frm: Hex
    to: Hex
    elev: int
    cost: int
    rule: str = "Movement Phase"


@attrs.frozen(kw_only=True)
class UnitTurned:
    unit: str
    facing: int
    cost: int
    rule: str = "Movement Phase"


@attrs.frozen(kw_only=True)
class ThrusterFlight:
    unit: str
    path: tuple[Hex, ...]
    to: Hex
    elev: int
    asked: int
    stopped_short: bool
    rule: str = "Terminology: Thruster Movement"


@attrs.frozen(kw_only=True)
class MovementGained:
    unit: str
    points: int
    rule: str = "Command Actions: Press On"


@attrs.frozen(kw_only=True)
class DronesFollowed:
    moves: tuple[tuple[str, Hex], ...]


@attrs.frozen(kw_only=True)
class AttackMade:
    """An attack is declared: ``weapon`` (a weapon id or a drone id) at ``area`` of ``target``."""

    attacker: str
    weapon: str
    target: str
    area: str
    reaction: bool = False


@attrs.frozen(kw_only=True)
class RollJudged:
    """An accuracy, assault, evasion, counter, critical or break-grapple roll against its target number."""

    kind: str
    who: str
    roll: int
    modified: int
    need: int
    success: bool
    perfect: bool = False
    rule: str = ""


@attrs.frozen(kw_only=True)
class Damaged:
    unit: str  # a unit or drone id
    area: str  # a section name, a weapon id, or "frame" for a drone
    amount: int
    left: int
    cause: str


@attrs.frozen(kw_only=True)
class SectionDestroyed:
    unit: str
    section: str


@attrs.frozen(kw_only=True)
class WeaponDestroyed:
    weapon: str
    rule: str = "Weapons"
    by: str = ""  # the unit whose attack destroyed it ("" for none: a fall); campaign experience (Weapons)


@attrs.frozen(kw_only=True)
class WeaponDropped:
    weapon: str
    at: Hex
    elev: int
    reason: str


@attrs.frozen(kw_only=True)
class WeaponRegripped:
    """A two-handed weapon left in one hand when the other arm is lost."""

    weapon: str
    at: tuple[str, ...]


@attrs.frozen(kw_only=True)
class UnitDestroyed:
    unit: str
    reason: str


@attrs.frozen(kw_only=True)
class DroneDestroyed:
    drone: str
    reason: str
    by: str = ""  # the unit whose attack destroyed it ("" for none); campaign experience (Weapons)


@attrs.frozen(kw_only=True)
class PostureChanged:
    unit: str
    posture: str
    reason: str


@attrs.frozen(kw_only=True)
class Grappled:
    unit: str
    by: str


@attrs.frozen(kw_only=True)
class GrappleBroken:
    unit: str
    reason: str


@attrs.frozen(kw_only=True)
class WeaponSwapped:
    weapon: str
    place: str
    at: tuple[str, ...]
    rule: str = "Command Actions: Swapping"


@attrs.frozen(kw_only=True)
class WeaponRetrieved:
    weapon: str
    unit: str
    at: tuple[str, ...]
    rule: str = "Command Actions: Retrieving"


@attrs.frozen(kw_only=True)
class DroneLaunched:
    drone: str
    at: Hex
    elev: int
    rule: str = "Command Actions: Deploy"


@attrs.frozen(kw_only=True)
class DronesRepositioned:
    moves: tuple[tuple[str, Hex], ...]
    rule: str = "Command Actions: Reposition"


@attrs.frozen(kw_only=True)
class DronesRecalled:
    carrier: str
    drones: tuple[str, ...]
    rule: str = "Command Actions: Recall"


@attrs.frozen(kw_only=True)
class Transformed:
    unit: str
    transformed: bool
    rule: str = "Command Actions: Transform"


@attrs.frozen(kw_only=True)
class StanceTaken:
    unit: str
    stance: str
    weapon: str = ""


@attrs.frozen(kw_only=True)
class UnitTurnEnded:
    unit: str
    reason: str


@attrs.frozen(kw_only=True)
class ObjectiveScored:
    side: str
    points: int
    total: int
    rule: str = "Missions"


@attrs.frozen(kw_only=True)
class RoundEnded:
    round: int


@attrs.frozen(kw_only=True)
class BattleEnded:
    winner: str | None
    reason: str


EVENT_TYPES = (FirstPlayerChosen, UnitPlaced, SideToAct, RoundBegan, UnitActivated, StanceEnded, PhaseBegan,
               ApSpent, UnitStepped, UnitTurned, ThrusterFlight, MovementGained, DronesFollowed, AttackMade,
               RollJudged, Damaged, SectionDestroyed, WeaponDestroyed, WeaponDropped, WeaponRegripped,
               UnitDestroyed, DroneDestroyed, PostureChanged, Grappled, GrappleBroken, WeaponSwapped,
               WeaponRetrieved, DroneLaunched, DronesRepositioned, DronesRecalled, Transformed, StanceTaken,
               UnitTurnEnded, ObjectiveScored, RoundEnded, BattleEnded)
