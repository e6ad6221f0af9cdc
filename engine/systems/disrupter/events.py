"""Disrupter's events: the facts a command resolves into. Dice are the core DieRolled events."""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen(kw_only=True)
class TeamPlaced:
    team: str
    at: Hex
    rule: str = "Rule 10 - Intelligence Briefing"


@attrs.frozen(kw_only=True)
class CoAppointed:
    side: str
    unit: str
    rule: str = "Rule 9 - Chain of Command"


@attrs.frozen(kw_only=True)
class RallyPointPlaced:
    side: str
    at: Hex
    rule: str = "Rule 10 - Intelligence Briefing"


@attrs.frozen(kw_only=True)
class CodeWordDefined:
    side: str
    squad: str
    word: str
    verb: str
    place: Hex | None
    fire: str
    rule: str = "Rule 10 - Intelligence Briefing"


@attrs.frozen(kw_only=True)
class OrderChanged:
    """The squad's current order becomes this one. ``source``: briefing, orders, code word, resume, pending."""

    squad: str
    verb: str
    place: Hex | None
    fire: str
    source: str
    word: str = ""
    rule: str = "Rule 16 - Commanding"


@attrs.frozen(kw_only=True)
class OrderPending:
    """A CO's new written order to an NCO: it takes effect at the next initiative phase."""

    squad: str
    verb: str
    place: Hex | None
    fire: str
    rule: str = "Rule 16 - Commanding"


@attrs.frozen(kw_only=True)
class BriefingEnded:
    side: str
    rule: str = "Rule 10 - Intelligence Briefing"


@attrs.frozen(kw_only=True)
class TurnBegan:
    turn: int
    rule: str = "Rule 11 - Turn Structure"


@attrs.frozen(kw_only=True)
class StressChanged:
    side: str
    delta: int
    stress: int
    reason: str
    rule: str = "Rule 8 - Stress and Panic"


@attrs.frozen(kw_only=True)
class ResolveChosen:
    side: str
    use: bool
    rule: str = "Rule 11 - Turn Structure (optional Resolve)"


@attrs.frozen(kw_only=True)
class CheckMade:
    """A d100 check or save: ``kind`` is "Instinct" or "Armor"; ``rolls`` both dice under [+]/[-]."""

    who: str
    kind: str
    purpose: str
    stat: int
    adv: int
    rolls: tuple[int, ...]
    roll: int
    result: str
    modifiers: tuple[str, ...] = ()
    rule: str = "Rule 7 - Checks and Saves"


@attrs.frozen(kw_only=True)
class InitiativeWon:
    side: str
    order: tuple[str, ...]
    reason: str
    rule: str = "Rule 11 - Turn Structure"


@attrs.frozen(kw_only=True)
class GroupAssigned:
    squad: str
    group: int
    reason: str
    rule: str = "Rule 11 - Turn Structure"


@attrs.frozen(kw_only=True)
class SegmentsSet:
    """The action phase's remaining segments (group, side, step); the first is the one now."""

    segments: tuple[tuple[str, str, str], ...]
    rule: str = "Rule 11 - Turn Structure"


@attrs.frozen(kw_only=True)
class TeamStepped:
    team: str
    frm: Hex
    to: Hex
    rule: str = "Rule 14 - Movement"


@attrs.frozen(kw_only=True)
class VehicleTurned:
    """A vehicle now faces hex direction ``facing`` (0-5): set at the start, or turned by a movement template."""

    team: str
    facing: int
    rule: str = "Vehicles (this game's own): facing"


@attrs.frozen(kw_only=True)
class TeamMoveDone:
    team: str
    how: str
    rule: str = "Rule 14 - Movement"


@attrs.frozen(kw_only=True)
class CoverChanged:
    team: str
    cover: bool
    reason: str
    rule: str = "Rule 13 - Cover"


@attrs.frozen(kw_only=True)
class UnitsActed:
    team: str
    units: tuple[str, ...]
    action: str
    rule: str = "Rule 16 - Battlefield Actions"


@attrs.frozen(kw_only=True)
class FireDeclared:
    team: str
    target: str
    target_unit: str | None
    firers: tuple[str, ...]
    distance: int
    reaction: bool
    rule: str = "Rule 16 - Firing"


@attrs.frozen(kw_only=True)
class FireResolved:
    """One firing group (one Instinct value) against one armour group (one Armor value)."""

    team: str
    target: str
    instinct: int
    armour: int
    firers: tuple[str, ...]
    check: str
    save: str
    wounds: int
    effect: str
    rule: str = "Rule 16 - Firing"


@attrs.frozen(kw_only=True)
class PenaltySet:
    team: str
    turn: int
    rule: str = "Rule 16 - Firing"


@attrs.frozen(kw_only=True)
class WoundsTaken:
    unit: str
    wounds: int
    total: int
    rule: str = "Rule 16 - Firing"


@attrs.frozen(kw_only=True)
class UnitRemoved:
    unit: str
    reason: str
    rule: str = "Rule 6 - Stats"


@attrs.frozen(kw_only=True)
class SpotMarked:
    team: str
    by: str
    spotted: bool
    rule: str = "Rule 16 - Spotting"


@attrs.frozen(kw_only=True)
class PanicChecked:
    side: str
    team: str | None
    roll: int
    stress: int
    passed: bool
    result: str
    text: str
    rule: str = "Rule 8 - Stress and Panic"


@attrs.frozen(kw_only=True)
class TeamFrozen:
    team: str
    turn: int
    rule: str = "Rule 8 - Stress and Panic"


@attrs.frozen(kw_only=True)
class TeamRouted:
    team: str
    routed: bool
    rule: str = "Rule 8 - Stress and Panic"


@attrs.frozen(kw_only=True)
class TeamLeftBoard:
    team: str
    reason: str
    rule: str = "Rule 8 - Stress and Panic"


@attrs.frozen(kw_only=True)
class TeamJoinedSquad:
    team: str
    squad: str
    reason: str
    rule: str = "Rule 16 - Commanding"


@attrs.frozen(kw_only=True)
class CodeWordsJammed:
    side: str
    turn: int
    rule: str = "Rule 8 - Stress and Panic"


@attrs.frozen(kw_only=True)
class BattleEnded:
    winner: str | None
    reason: str
    rule: str = ""


EVENT_TYPES = (TeamPlaced, CoAppointed, RallyPointPlaced, CodeWordDefined, OrderChanged, OrderPending,
               BriefingEnded, TurnBegan, StressChanged, ResolveChosen, CheckMade, InitiativeWon, GroupAssigned,
               SegmentsSet, TeamStepped, TeamMoveDone, CoverChanged, UnitsActed, FireDeclared, FireResolved,
               PenaltySet, WoundsTaken, UnitRemoved, SpotMarked, PanicChecked, TeamFrozen, TeamRouted,
               TeamLeftBoard, TeamJoinedSquad, CodeWordsJammed, BattleEnded, VehicleTurned)
