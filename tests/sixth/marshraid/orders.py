"""Marsh Raid's orders and events: what a player asks for, and what happened, in the game's words."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex

# -- orders ----------------------------------------------------------------------------------------

@attrs.frozen
class Move:
    """One fighter steps to a next hex (Moving)."""

    piece: str
    to: Hex


@attrs.frozen
class Strike:
    """One fighter strikes an enemy within its reach: one d6 (Striking)."""

    piece: str
    target: str


@attrs.frozen
class Hold:
    """The band gives no order this time (Turns)."""


COMMAND_TYPES = (Move, Strike, Hold)


# -- events ----------------------------------------------------------------------------------------

@attrs.frozen
class FighterPlaced:
    piece: str
    side: str
    kind: str
    at: Hex


@attrs.frozen
class FighterMoved:
    piece: str
    to: Hex


@attrs.frozen
class FighterWounded:
    piece: str
    wounds: int


@attrs.frozen
class FighterFell:
    piece: str


@attrs.frozen
class BandHeld:
    side: str


@attrs.frozen
class BandToAct:
    """The other band gives the next order; ``turn`` is the turn it is given in."""

    side: str
    turn: int


@attrs.frozen
class BattleEnded:
    winner: str | None
    reason: str


EVENT_TYPES = (FighterPlaced, FighterMoved, FighterWounded, FighterFell, BandHeld, BandToAct, BattleEnded)
