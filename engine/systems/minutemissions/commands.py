"""The orders of 30 Minute Missions. A unit's turn is a run of these: Activate, then movement, ranged and
close combat orders (each phase may be skipped, never revisited), with command actions at any point."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen
class Place:
    """Deployment: put a unit on one of its side's deployment hexes (Unit Deployment)."""

    unit: str
    to: Hex


@attrs.frozen
class Activate:
    """Choose the unit that acts this turn; its AP pool is rolled as its movement phase begins."""

    unit: str


@attrs.frozen
class Move:
    """Step into one of the three hexes in front, paying standard movement points (Movement Phase)."""

    unit: str
    to: Hex


@attrs.frozen
class Turn:
    """Turn on the spot to a new facing: free once per movement phase, then 1 movement point."""

    unit: str
    facing: int


@attrs.frozen
class Thrust:
    """Thruster movement: a straight flight in ``direction`` of up to ``distance`` hexes; no combat after."""

    unit: str
    direction: int
    distance: int


@attrs.frozen
class EndPhase:
    """Leave the current phase for the next (after close combat, the unit's turn ends)."""

    unit: str


@attrs.frozen
class EndTurn:
    """Skip every phase left: the unit's turn ends."""

    unit: str


@attrs.frozen
class Attack:
    """Attack ``area`` (a section, a weapon id, or "frame" of a drone) of ``target`` with ``weapon``
    (a weapon id, or a drone id for the drone's gun)."""

    unit: str
    weapon: str
    target: str
    area: str


@attrs.frozen
class GetUp:
    unit: str


@attrs.frozen
class PressOn:
    unit: str


@attrs.frozen
class BreakGrapple:
    unit: str


@attrs.frozen
class Swap:
    """Stow a held weapon, or take a carried one in hand (one weapon per action)."""

    unit: str
    weapon: str


@attrs.frozen
class Retrieve:
    unit: str
    weapon: str


@attrs.frozen
class LaunchDrone:
    """Deploy: put one docked drone on a hex within 2 of the carrier (at most 3 active)."""

    unit: str
    to: Hex


@attrs.frozen
class Reposition:
    """Shift the active drones one hex in ``direction``."""

    unit: str
    direction: int


@attrs.frozen
class Recall:
    unit: str


@attrs.frozen
class Transform:
    unit: str


@attrs.frozen
class Kneel:
    unit: str


@attrs.frozen
class Prone:
    unit: str


@attrs.frozen
class OffensiveStance:
    unit: str
    weapon: str


@attrs.frozen
class DefensiveStance:
    unit: str


COMMAND_ACTIONS = (GetUp, PressOn, BreakGrapple, Swap, Retrieve, LaunchDrone, Reposition, Recall, Transform,
                   Kneel, Prone, OffensiveStance, DefensiveStance)
COMMAND_TYPES = (Place, Activate, Move, Turn, Thrust, EndPhase, EndTurn, Attack) + COMMAND_ACTIONS
