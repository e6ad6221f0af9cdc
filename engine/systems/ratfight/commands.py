"""The orders a RatFight player can give. Hexes are axial coordinates."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen
class Pass:
    """Finish with the action card turned over (acting on it or not). Action Cards; Turn Sequence 3-4."""


@attrs.frozen
class Move:
    """Move one model to a hex within its move. Vehicles face along their last step; reverse is half speed."""

    model: str
    to: Hex
    reverse: bool = False


@attrs.frozen
class Pivot:
    """A vehicle turns on the spot to face a new direction, as its move (Movement)."""

    model: str
    facing: int


@attrs.frozen
class Assault:
    """Move into contact with an enemy model and fight it out (Close Combat)."""

    model: str
    target: str
    to: Hex


@attrs.frozen
class Embark:
    """An infantry model moves to a friendly carrier and climbs in."""

    model: str
    vehicle: str


@attrs.frozen
class Disembark:
    """An infantry model climbs out of its carrier into a hex next to it."""

    model: str
    to: Hex


@attrs.frozen
class Fire:
    """Fire one weapon (in one of its modes) at an enemy model (Firing; Shooting at Vehicles)."""

    model: str
    weapon: str
    target: str
    mode: int = 0


@attrs.frozen
class Retarget:
    """Send spare shots at another enemy within 3 inches of the Downed target, or (None) let them go."""

    target: str | None = None


@attrs.frozen
class Redraw:
    """Inspiring hero: discard the action card just turned and turn another (once per turn)."""


@attrs.frozen
class KeepMoraleCard:
    """Keep one of the morale cards drawn with a leader's help, discarding the others (Morale Check:
    "discarding whichever he likes (usually the lower but he may wish his army to withdraw ...)")."""

    side: str
    card: str


@attrs.frozen
class DrawForCasualties:
    """The end of a battle of a campaign: a card for each casualty says whether it fights again (Testing for
    Casualties: "any card but a heart"). Given once the battle is decided; it has no choice in it."""


COMMAND_TYPES = (Pass, Move, Pivot, Assault, Embark, Disembark, Fire, Retarget, Redraw, KeepMoraleCard,
                 DrawForCasualties)
