"""The orders a Skirmishes player can give. Hexes are axial coordinates.

During the commitment step each character gets at most one ``Run`` (free: moving is a free action) and then
exactly one action (``Shoot`` ... ``Hold``, ``Operate`` and ``Drive`` among them); ``Lock`` ends the side's
commitment early (characters left without an action hold). ``SpendLuck`` answers a hit; ``ThrowAway``,
``ThrowBack`` and ``LetItLie`` answer a live grenade.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen
class Run:
    """Plan a free run (up to 10 m in the open, 6 m through impeding ground) in this round's movement phase."""

    character: str
    to: Hex


@attrs.frozen
class Shoot:
    """Shoot a firearm at an enemy character in the shooting phase; ``auto`` fires a 6-shot burst."""

    character: str
    weapon: str
    target: str
    auto: bool = False


@attrs.frozen
class Throw:
    """Cook and throw a grenade at a hex in the grenades phase."""

    character: str
    grenade: str
    at: Hex


@attrs.frozen
class Melee:
    """Fight an adjacent enemy character in the melee phase."""

    character: str
    target: str


@attrs.frozen
class Reload:
    """Change the magazine of a firearm (a miscellaneous action)."""

    character: str
    weapon: str


@attrs.frozen
class Aim:
    """Take aim (a miscellaneous action): shots next round are rolled with advantage."""

    character: str


@attrs.frozen
class FirstAid:
    """Give first aid to an adjacent seriously wounded friend (a miscellaneous action): stabilises them."""

    character: str
    patient: str


@attrs.frozen
class Operate:
    """Work a machine next to the character (a miscellaneous action): ``open`` true raises it, false lowers it."""

    character: str
    machine: str
    open: bool


@attrs.frozen
class Drive:
    """Drive the vehicle the character is in, or runs into this round (a miscellaneous action), to ``to``;
    everyone aboard rides along."""

    character: str
    to: Hex


@attrs.frozen
class Communicate:
    """Talk at length: verbose communication costs the round's action (the character is not hunkering)."""

    character: str


@attrs.frozen
class Hold:
    """Forfeit the action this round; in cover this is hunkering down."""

    character: str


@attrs.frozen
class Lock:
    """Finish this side's orders for the round; any character left without an action holds."""

    side: str


@attrs.frozen
class SpendLuck:
    """Spend luck against the hit waiting on ``character``: one point of luck takes off one point of damage."""

    character: str
    points: int


@attrs.frozen
class ThrowAway:
    """Give up the round's action to throw a live grenade out of range (a miscellaneous action)."""

    character: str
    grenade: int


@attrs.frozen
class ThrowBack:
    """A player character spends 2 luck and gives up the round's action to throw a live grenade back."""

    character: str
    grenade: int


@attrs.frozen
class LetItLie:
    """Nobody reaches for the live grenade: those near it will have to dive clear when it bursts."""

    grenade: int


ACTION_COMMANDS = (Shoot, Throw, Melee, Reload, Aim, FirstAid, Operate, Drive, Communicate, Hold)
COMMAND_TYPES = (Run, Shoot, Throw, Melee, Reload, Aim, FirstAid, Operate, Drive, Communicate, Hold, Lock, SpendLuck,
                 ThrowAway, ThrowBack, LetItLie)
