"""The orders a Disrupter player gives. Hexes are axial; every field is plain so each order is enumerable.

An order sentence is written flat: ``verb`` (advance, hold, take_cover, rally, retreat, halt), ``place``
(for advance and rally) and ``fire`` (fire, spot, hold_fire).
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


# -- Rule 10 - Intelligence Briefing --------------------------------------------------------
@attrs.frozen
class PlaceRallyPoint:
    side: str
    at: Hex


@attrs.frozen
class DefineCodeWord:
    side: str
    squad: str
    word: str
    verb: str
    place: Hex | None
    fire: str


@attrs.frozen
class Deploy:
    side: str
    team: str
    at: Hex


@attrs.frozen
class SetOrders:
    side: str
    squad: str
    verb: str
    place: Hex | None
    fire: str


@attrs.frozen
class EndBriefing:
    side: str


# -- Rule 11 - Initiative (optional Resolve) -------------------------------------------------
@attrs.frozen
class UseResolve:
    side: str


# -- Rule 13/14 - movement actions -----------------------------------------------------------
@attrs.frozen
class Move:
    """Move a led team along ``path`` (the hexes entered, in order)."""

    team: str
    path: tuple[Hex, ...]


@attrs.frozen
class Drive:
    """Drive a led vehicle by ``templates`` (movement templates, in order: vehicles.TEMPLATES)."""

    team: str
    templates: tuple[str, ...]


@attrs.frozen
class FollowOrders:
    """The engine moves the team as its squad's order says (the only move of an unled team)."""

    team: str


@attrs.frozen
class Retreat:
    """Move the team its full Movement toward its own edge (what an unled bot team may do)."""

    team: str


@attrs.frozen
class TakeCover:
    team: str


@attrs.frozen
class LeaveCover:
    team: str


# -- Rule 16 - battlefield actions -------------------------------------------------------------
@attrs.frozen
class Fire:
    team: str
    target: str
    target_unit: str | None = None


@attrs.frozen
class Spot:
    team: str
    target: str


@attrs.frozen
class GiveOrders:
    """An officer in ``team`` writes a new order for ``squad``."""

    team: str
    squad: str
    verb: str
    place: Hex | None
    fire: str


@attrs.frozen
class CodeWord:
    """The CO sends a code word to one squad, or (``squad`` None) to every squad that knows it."""

    team: str
    word: str
    squad: str | None = None


@attrs.frozen
class Rally:
    team: str
    target: str


@attrs.frozen
class RelieveStress:
    side: str


@attrs.frozen
class EndPhase:
    """Pass the rest of this segment (or decline Resolve)."""

    side: str


COMMAND_TYPES = (PlaceRallyPoint, DefineCodeWord, Deploy, SetOrders, EndBriefing, UseResolve, Move, FollowOrders,
                 Retreat, TakeCover, LeaveCover, Fire, Spot, GiveOrders, CodeWord, Rally, RelieveStress, EndPhase,
                 Drive)  # Drive last: the saves' codec numbers the types in this order

#: the orders a team is given in the battle (each names its ``team``)
TEAM_ORDERS = (Move, Drive, FollowOrders, Retreat, TakeCover, LeaveCover, Fire, Spot, GiveOrders, CodeWord, Rally)
