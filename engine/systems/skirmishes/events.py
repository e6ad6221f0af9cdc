"""Skirmishes' events: plain facts, folded into the state by :mod:`.fold`.

Order events (``RunPlanned``, ``OrderGiven``) carry the order so that the state can be rebuilt from them, but
their description in the dice log names only the side: the content is shown once, by ``OrdersRevealed``.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen(kw_only=True)
class CharacterPlaced:
    character: str
    at: Hex


@attrs.frozen(kw_only=True)
class RoundBegan:
    round: int
    surprise: bool = False
    rule: str = "Rounds"


@attrs.frozen(kw_only=True)
class OrderForced:
    """A character with no choice this round (lost its turn): it forfeits its action."""

    character: str
    reason: str
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class RunPlanned:
    side: str
    character: str
    to: Hex


@attrs.frozen(kw_only=True)
class OrderGiven:
    side: str
    character: str
    action: str
    target: str | None = None
    at: Hex | None = None
    item: str = ""
    auto: bool = False


@attrs.frozen(kw_only=True)
class SideLocked:
    """The side's orders are final; ``holding`` are its characters left without an action, who hold."""

    side: str
    reason: str = ""
    holding: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class OrdersRevealed:
    lines: tuple[str, ...]
    rule: str = "Rounds"


@attrs.frozen(kw_only=True)
class StageBegan:
    stage: str


@attrs.frozen(kw_only=True)
class CharacterMoved:
    character: str
    path: tuple[Hex, ...]
    cut_short: bool = False
    rule: str = "Character Actions: Movement"


@attrs.frozen(kw_only=True)
class ActionLapsed:
    """A committed action that cannot happen when its phase comes (the target is gone, out of sight...)."""

    character: str
    action: str
    reason: str


@attrs.frozen(kw_only=True)
class AmmoSpent:
    character: str
    weapon: str
    rounds: int
    left: int
    rule: str = "Tracking Ammo"


@attrs.frozen(kw_only=True)
class SkillRolled:
    """One 2d6 + skill roll (3d6 keeping two with advantage or disadvantage) and what it was for."""

    character: str
    purpose: str
    mode: str  # "normal", "advantage" or "disadvantage"
    for_reasons: tuple[str, ...]
    against_reasons: tuple[str, ...]
    dice: tuple[int, ...]
    kept: tuple[int, int]
    skill: int
    total: int
    success: bool
    rule: str


@attrs.frozen(kw_only=True)
class HitScored:
    target: str
    source: str
    weapon: str
    location: str
    damage: int
    projectile: bool
    breaks_armour: bool
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class ArmourStopped:
    character: str
    location: str
    left: int
    lose_turn: int  # the round the wearer loses (0 for a hit that is not a projectile)
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class ArmourBroken:
    character: str
    location: str
    weapon: str
    lose_turn: int
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class LuckAsked:
    character: str
    damage: int
    location: str


@attrs.frozen(kw_only=True)
class LuckSpent:
    character: str
    points: int
    damage_left: int
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class HitAvoided:
    character: str
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class DamageTaken:
    character: str
    location: str
    damage: int
    location_total: int
    total: int
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class LimbDestroyed:
    character: str
    limb: str
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class MortalWound:
    character: str
    hours: int
    dies_at: int
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class OutOfCombat:
    character: str
    hours: int  # 0 when the clock was already running (a mortal wound)
    dies_at: int | None
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class Killed:
    character: str
    reason: str
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class TurnLost:
    character: str
    round: int
    reason: str
    rule: str


@attrs.frozen(kw_only=True)
class ShootingBarred:
    character: str
    round: int
    reason: str
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class GrenadeThrown:
    character: str
    grenade: str
    at: Hex
    landed: bool
    id: int  # the live grenade's id (0 when it does not stay live)
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class BurstLanded:
    """A grenade-launcher round bursting where it lands (this game's reading)."""

    character: str
    weapon: str
    at: Hex
    grenade: str
    rule: str = "Shooting"


@attrs.frozen(kw_only=True)
class CloudFormed:
    kind: str
    grenade: str
    at: Hex
    radius: int
    until: int
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class CloudDispersed:
    kind: str
    at: Hex


@attrs.frozen(kw_only=True)
class ReactionOffered:
    grenade: int
    side: str
    characters: tuple[str, ...]
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class ReactionChosen:
    """``character`` gives up its action to throw grenade ``grenade`` away or back; None: nobody reaches for it."""

    grenade: int
    character: str | None
    choice: str  # "away", "back" or "none"
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class GrenadeDisposed:
    grenade: int
    character: str
    reason: str
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class ThrowBackLuck:
    character: str
    points: int
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class GrenadeReturned:
    grenade: int
    character: str
    at: Hex
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class GrenadeBurst:
    grenade: int
    at: Hex
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class Sheltered:
    character: str
    reason: str
    rule: str = "Grenades"


@attrs.frozen(kw_only=True)
class Reloaded:
    character: str
    weapon: str
    rounds: int
    spares_left: int
    rule: str = "Tracking Ammo"


@attrs.frozen(kw_only=True)
class Aimed:
    character: str
    round: int
    rule: str = "Miscellaneous"


@attrs.frozen(kw_only=True)
class Stabilised:
    character: str
    medic: str
    rule: str = "Miscellaneous"


@attrs.frozen(kw_only=True)
class MachineSet:
    """A machine as the scenario starts it (the setup) or as a character leaves it (``character`` set)."""

    machine: str
    open: bool
    character: str = ""
    rule: str = "Miscellaneous"


@attrs.frozen(kw_only=True)
class VehiclePlaced:
    vehicle: str
    at: Hex


@attrs.frozen(kw_only=True)
class Boarded:
    """A runner whose run ended in a vehicle's hex gets in (this game's reading)."""

    character: str
    vehicle: str
    rule: str = "Miscellaneous"


@attrs.frozen(kw_only=True)
class Disembarked:
    """A character who runs out of a vehicle gets out first (its run starts at the vehicle's hex)."""

    character: str
    vehicle: str
    rule: str = "Miscellaneous"


@attrs.frozen(kw_only=True)
class VehicleDriven:
    """``driver`` drives ``vehicle`` along ``path``; everyone aboard rides along."""

    vehicle: str
    driver: str
    path: tuple[Hex, ...]
    riders: tuple[str, ...] = ()  # everyone else inside, carried along
    cut_short: bool = False
    rule: str = "Miscellaneous"


@attrs.frozen(kw_only=True)
class ShellLanded:
    """A scheduled heavy artillery shell lands (this game's reading) and bursts at ``at``."""

    name: str
    at: Hex
    rule: str = "Attacks and Damage: heavy artillery"


@attrs.frozen(kw_only=True)
class Communicated:
    character: str
    rule: str = "Rounds"


@attrs.frozen(kw_only=True)
class Hunkered:
    character: str
    rule: str = "Cover and Movement"


@attrs.frozen(kw_only=True)
class Escaped:
    character: str
    edge: str


@attrs.frozen(kw_only=True)
class RoundEnded:
    round: int
    seconds: int


@attrs.frozen(kw_only=True)
class Died:
    character: str
    reason: str
    rule: str = "Attacks and Damage"


@attrs.frozen(kw_only=True)
class BattleEnded:
    winner: str | None
    reason: str


EVENT_TYPES = (CharacterPlaced, RoundBegan, OrderForced, RunPlanned, OrderGiven, SideLocked, OrdersRevealed,
               StageBegan, CharacterMoved, ActionLapsed, AmmoSpent, SkillRolled, HitScored, ArmourStopped,
               ArmourBroken, LuckAsked, LuckSpent, HitAvoided, DamageTaken, LimbDestroyed, MortalWound, OutOfCombat,
               Killed, TurnLost, ShootingBarred, GrenadeThrown, BurstLanded, CloudFormed, CloudDispersed,
               ReactionOffered, ReactionChosen, GrenadeDisposed, ThrowBackLuck, GrenadeReturned, GrenadeBurst,
               Sheltered, Reloaded, Aimed, Stabilised, Communicated, Hunkered, Escaped, RoundEnded, Died,
               BattleEnded, MachineSet, VehiclePlaced, Boarded, Disembarked, VehicleDriven, ShellLanded)
