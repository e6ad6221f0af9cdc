"""What a Skirmishes order costs, what goes into its odds and the odds of each outcome (its preview), and which of
those outcomes it had (read from its events). :mod:`.rulebook` registers each with its order type.

The odds are the resolution's own dice rules (:mod:`.dice`: the two dice kept, 8 or more with the skill, the lower
die the location, the higher the damage) put to every face of the two or three d6 by the core enumerator
(:func:`engine.core.odds.dice_odds`), in exact fractions; nothing here is a second model of the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from hexfront.engine.core.view import Chance, OrderPreview
from hexfront.engine.core.words import plural

from . import combat, dice
from . import commands as C
from . import describe as D
from . import events as E
from .rules import position
from .schema import LOCATIONS
from .state import Character, SkirmishState

MISS = "miss"
DAMAGE_UNIT = "damage dealt (before the target's luck)"
BURST_HIT = "hit: the round bursts at the target"
LANDS, ASTRAY = "lands on the hex", "goes astray harmlessly"
BACK, FUMBLED = "back at the thrower", "goes off out of range of anyone"


def hit_label(target: Character, location: str, breaks_armour: bool) -> str:
    """The outcome of a hit on ``location`` of ``target`` as the preview names it: armour that can still stop a hit
    there stops it (a weapon that breaks armour breaks it and the hit lands)."""
    if target.armour.get(location, 0) > 0:
        return f"hit to the {location}, " + ("breaks the armour" if breaks_armour else "stopped by armour")
    return f"hit to the {location}"


def _stopped(target: Character, location: str, breaks_armour: bool) -> bool:
    return target.armour.get(location, 0) > 0 and not breaks_armour


def hit_odds(mode: str, skill: int, target: Character, damage_bonus: int, breaks_armour: bool) -> tuple[Chance, ...]:
    """Attacks and Damage: each outcome of an attack roll (a miss, or a hit on one location, stopped by armour there
    or not) with its exact chance, over every face of the dice (:func:`dice.attack`, as the resolution rolls it).
    Its value is the damage it deals on average (0 when armour stops it), before the target spends luck."""

    def outcome(kept: tuple[int, int]) -> tuple[str, int]:
        hit = dice.attack(kept, skill, damage_bonus)
        if hit is None:
            return MISS, 0
        dealt = 0 if _stopped(target, hit.location, breaks_armour) else hit.damage
        return hit_label(target, hit.location, breaks_armour), dealt

    prob: dict[str, Fraction] = {}
    dealt: dict[str, Fraction] = {}
    for (label, damage), p in dice.roll_odds(mode, outcome).items():
        prob[label] = prob.get(label, Fraction(0)) + p
        dealt[label] = dealt.get(label, Fraction(0)) + p * damage
    prob.setdefault(MISS, Fraction(0))  # a miss is always shown, even where the skill cannot miss
    order = [MISS] + [hit_label(target, loc, breaks_armour) for loc in LOCATIONS]
    return tuple(Chance(k, float(prob[k]), round(float(dealt[k] / prob[k]), 4) if prob[k] else 0.0)
                 for k in order if k in prob)


def two_way(mode: str, skill: int, success: str, failure: str) -> tuple[Chance, ...]:
    """A skill roll that succeeds or fails (a throw, a burst's landing), exactly (:func:`dice.passes`)."""
    p = dice.success_chance(mode, skill)
    return (Chance(success, float(p), 1.0), Chance(failure, float(1 - p), 0.0))


def _mode_line(pro: list[str], con: list[str]) -> str:
    mode = combat.combine(pro, con)
    if mode == "advantage":
        return "roll: advantage, 3d6 keep the two highest"
    if mode == "disadvantage":
        return "roll: disadvantage, 3d6 keep the two lowest"
    return "roll: normal, 2d6" + (" (advantage and disadvantage cancel)" if pro and con else "")


# ---------------------------------------------------------------------------
# Previews, one per order type
# ---------------------------------------------------------------------------

def preview_shoot(st: SkirmishState, cmd: C.Shoot) -> OrderPreview:
    """Shooting: the reasons as they will stand when the shot is rolled (after a planned run)."""
    c, target = st.chars[cmd.character], st.chars[cmd.target]
    weapon = st.tables.firearms[cmd.weapon]
    shooter_at = position(st, c)
    band, effect, pro, con = combat.shot_reasons(st, c, cmd.weapon, target, cmd.auto, at=shooter_at,
                                                 moved=shooter_at != c.pos)
    mode = combat.combine(pro, con)
    shots = combat.AUTO_SHOTS if cmd.auto else 1
    bonus = combat.AUTO_BONUS if cmd.auto else (0, "", "")
    mods = ((f"range: {band}, {effect} (Weapon Range Limits)",)
            + combat.roll_modifiers("Shooting", c.shooting, pro, con, *bonus) + (_mode_line(pro, con),))
    note = ("if the target stays put; a target that runs loses the stationary advantage, and one that hunkers "
            "in cover cannot be shot")
    if weapon.burst:
        odds = two_way(mode, c.shooting, BURST_HIT, MISS)
        unit = "bursts on target"
    else:
        odds = hit_odds(mode, c.shooting, target, bonus[0], weapon.breaks_armour)
        unit = DAMAGE_UNIT
        note += "; each hit's value is its average damage"
    return OrderPreview(summary=D.shoot_order(st, cmd),
                        cost=f"the action; {plural(shots, 'round')} of {c.loaded[cmd.weapon]}",
                        modifiers=mods, odds=odds, note=note, value_unit=unit)


def preview_throw(st: SkirmishState, cmd: C.Throw) -> OrderPreview:
    c = st.chars[cmd.character]
    pro = combat.surprise_edge(st, c)
    mode = combat.combine(pro, [])
    return OrderPreview(summary=D.throw_order(st, cmd), cost="the action; one grenade",
                        modifiers=combat.roll_modifiers("Athletics", c.athletics, pro, []) + (_mode_line(pro, []),),
                        odds=two_way(mode, c.athletics, LANDS, ASTRAY), value_unit="grenades on target")


def preview_melee(st: SkirmishState, cmd: C.Melee) -> OrderPreview:
    c, target = st.chars[cmd.character], st.chars[cmd.target]
    pro, con = combat.reach_reasons(st, c, target)
    mode = combat.combine(pro, con)
    return OrderPreview(summary=D.melee_order(st, cmd), cost="the action",
                        modifiers=combat.roll_modifiers("Melee", c.melee, pro, con) + (_mode_line(pro, con),),
                        odds=hit_odds(mode, c.melee, target, 0, False), value_unit=DAMAGE_UNIT,
                        note="the target strikes back at the same time unless it is fighting someone else; "
                             "each hit's value is its average damage")


def preview_throw_back(st: SkirmishState, cmd: C.ThrowBack) -> OrderPreview:
    c = st.chars[cmd.character]
    pro = combat.surprise_edge(st, c)
    mode = combat.combine(pro, [])
    return OrderPreview(summary=D.throw_back_order(st, cmd), cost="the action and 2 luck",
                        modifiers=combat.roll_modifiers("Athletics", c.athletics, pro, []) + (_mode_line(pro, []),),
                        odds=two_way(mode, c.athletics, BACK, FUMBLED), value_unit="grenades thrown back")


def preview_run(st: SkirmishState, cmd: C.Run) -> OrderPreview:
    into = st.vehicle_at(cmd.to)
    return OrderPreview(summary=D.run_order(st, cmd), cost="free (a run is not the action)",
                        note=(f"the run ends inside the {st.tables.vehicles[into].name}: "
                              "a driver may drive it this round" if into else
                              "shooting after a run is at disadvantage; targets are then picked from the new hex"))


def preview_drive(st: SkirmishState, cmd: C.Drive) -> OrderPreview:
    return OrderPreview(summary=D.drive_order(st, cmd), cost="the action (miscellaneous phase)",
                        note="everyone aboard rides along; the vehicle stops short if someone now stands in its way")


def preview_operate(st: SkirmishState, cmd: C.Operate) -> OrderPreview:
    return OrderPreview(summary=D.operate_order(st, cmd), cost="the action (miscellaneous phase)",
                        note="a machine never shuts on someone standing in its hex")


def costs_the_action(words: Callable[[SkirmishState, Any], str]) -> Callable[[SkirmishState, Any], OrderPreview]:
    """The preview of an action without dice: what it is; it costs the character's action."""

    def preview(st: SkirmishState, cmd: Any) -> OrderPreview:
        return OrderPreview(summary=words(st, cmd), cost="the action")

    return preview


def costs_nothing(words: Callable[[SkirmishState, Any], str]) -> Callable[[SkirmishState, Any], OrderPreview]:
    """The preview of an order that is no character's action (locking, luck, letting a grenade lie)."""

    def preview(st: SkirmishState, cmd: Any) -> OrderPreview:
        return OrderPreview(summary=words(st, cmd))

    return preview


# ---------------------------------------------------------------------------
# Outcomes, one per order type with odds
# ---------------------------------------------------------------------------
# Orders are secret and a round resolves when the last order of both sides is in: only then are the dice in the
# command's events. An order whose round resolved later (its events hold only the order) has no outcome here, nor
# has one that lapsed before its dice (the target down or out of sight, hunkering, a grenade out of reach). Only
# the round the order was given in counts (events up to its end). Armour is read from ``before``, as the preview
# reads it.

def outcome_shoot(before: SkirmishState, cmd: C.Shoot, events: Sequence[Any]) -> str | None:
    """The shooter's own Shooting roll: a miss, a burst landing, or the location its lower kept die names; a target
    that ran beyond the weapon's reach is a certain miss."""
    weapon = before.tables.firearms[cmd.weapon]
    for e in events:
        if type(e) is E.RoundEnded:
            return None
        if type(e) is E.ActionLapsed and e.character == cmd.character and e.action == "shoot":
            return MISS if "certain miss" in e.reason else None
        if type(e) is E.SkillRolled and e.character == cmd.character and e.rule == "Shooting":
            if not e.success:
                return MISS
            if weapon.burst:
                return BURST_HIT
            return hit_label(before.chars[cmd.target], dice.wound(e.kept).location, weapon.breaks_armour)
    return None


def outcome_melee(before: SkirmishState, cmd: C.Melee, events: Sequence[Any]) -> str | None:
    """The attacker's own blow (not the blow back in the same exchange)."""
    for e in events:
        if type(e) is E.RoundEnded:
            return None
        if type(e) is E.ActionLapsed and e.character == cmd.character and e.action == "melee":
            return None
        if type(e) is E.SkillRolled and e.character == cmd.character and e.rule == "Melee":
            if not e.success:
                return MISS
            return hit_label(before.chars[cmd.target], dice.wound(e.kept).location, False)
    return None


def outcome_throw(before: SkirmishState, cmd: C.Throw, events: Sequence[Any]) -> str | None:
    for e in events:
        if type(e) is E.RoundEnded:
            return None
        if type(e) is E.ActionLapsed and e.character == cmd.character and e.action == "throw":
            return None
        if type(e) is E.GrenadeThrown and e.character == cmd.character:
            return LANDS if e.landed else ASTRAY
    return None


def outcome_throw_back(before: SkirmishState, cmd: C.ThrowBack, events: Sequence[Any]) -> str | None:
    for e in events:
        if type(e) is E.RoundEnded:
            return None
        if type(e) is E.GrenadeReturned and e.character == cmd.character:
            return BACK
        if type(e) is E.GrenadeDisposed and e.character == cmd.character:
            return FUMBLED
    return None
