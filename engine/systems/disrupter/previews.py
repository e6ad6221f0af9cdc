"""What a Disrupter order's dice may do (its preview), and which of those outcomes it had (read from its events).
:mod:`.rulebook` registers each with its order type.

Every chance is a d100 check or save (Rule 7). A Fire order's odds are its :class:`~.fireplan.FirePlan`'s, the
very plan the resolution rolls; a Spot's or a Rally's are the odds of the one Instinct check the resolution
makes (:func:`dice.check_odds`). Both count every face of every die exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.core.view import Chance, OrderPreview

from . import commands as C
from . import describe as D
from . import dice
from . import events as E
from .board import instinct_mods
from .fireplan import FAILED, PASSED, FirePlan, fire_label, plan_fire
from .orders import rally_checker, spotter_of
from .schema import CLASSES
from .state import DisState, Team, Unit

UNIT_FIRE = "wounds"
UNIT_TEST = "tests passed"
RESULT_NAMES = (dice.CRIT_SUCCESS, dice.SUCCESS, dice.FAILURE, dice.CRIT_FAILURE)


def refused(summary: str) -> OrderPreview:
    """An order not possible now shows only what it is."""
    return OrderPreview(summary=summary)


# -- Rule 16 - Firing ---------------------------------------------------------------------------------------------

def fire_plan(s: DisState, c: C.Fire) -> FirePlan:
    """The plan :func:`combat.resolve_fire` will roll for this order."""
    return plan_fire(s, s.teams[c.team], s.teams[c.target], c.target_unit, reaction=False)


def fire_modifiers(s: DisState, plan: FirePlan) -> tuple[str, ...]:
    """The [+] and [-] of each check and of the saves, by name, and the [streamline] options that change the shot."""
    mods: list[str] = []
    for i, roll in sorted(plan.checks, key=lambda kv: kv[0]):
        if roll.how != PASSED:
            mods += [f"firer I{i}: {m}" for m in dice.die_modifiers(roll.adv, roll.modifiers)]
    if plan.player_facing:
        mods.append("no Instinct check: every weapon hits unless saved ([streamline][variant] player_facing)")
    saves = [roll for _, roll in plan.saves]
    if saves and saves[0].how == FAILED:
        mods.append("target rolls no save outside its own segment: it counts as failed ([streamline] "
                    "active_rolls_only)")
    elif saves:
        mods += [f"target A: {m}" for m in dice.die_modifiers(saves[0].adv, saves[0].modifiers)]
    if s.opt("one_wound_weapons"):
        mods.append("every weapon deals 1 wound ([streamline] one_wound_weapons)")
    if plan.one_less_per_group and not plan.player_facing:
        mods.append("a saved hit takes 1 wound off the firing group's total (reading: saved_hit_one_less_per_group)")
    return tuple(mods)


def fire_chances(plan: FirePlan) -> tuple[Chance, ...]:
    """Every outcome of the shot with its exact chance, the value being the wounds inflicted, most wounds first."""
    return tuple(sorted((Chance(name, float(p), float(w)) for name, (p, w) in plan.odds().items()),
                        key=lambda c: (-(c.value or 0.0), c.outcome)))


def fire_odds(s: DisState, c: C.Fire) -> tuple[tuple[Chance, ...], tuple[str, ...], float]:
    """A Fire order's exact odds, its named modifiers and the wounds it is expected to inflict."""
    plan = fire_plan(s, c)
    chances = fire_chances(plan)
    return chances, fire_modifiers(s, plan), sum(ch.probability * (ch.value or 0.0) for ch in chances)


def preview_fire(s: DisState, c: C.Fire) -> OrderPreview:
    """Rule 16 - Firing: each row of the table the dice can give, with its chance, and the expected wounds."""
    chances, modifiers, expected = fire_odds(s, c)
    # kept to one short line: the Orders pane shows the note above the modifiers; the criticals' chances and
    # what they do are in each die's teach pause and in the rules (Rule 7 - Doubles are criticals)
    return OrderPreview(summary=D.fire_order(s, c), modifiers=modifiers, odds=chances,
                        note=f"expected wounds {expected:.2f}", value_unit=UNIT_FIRE)


def _own_fire(c: C.Fire, events: Sequence[Any]) -> list[E.FireResolved]:
    """The FireResolved events of this order's own shot (not of any reaction fire the rest of the turn brings)."""
    out: list[E.FireResolved] = []
    inside = False
    for e in events:
        if type(e) is E.FireDeclared:
            if inside:
                break
            inside = e.team == c.team and e.target == c.target and not e.reaction
        elif inside and type(e) is E.FireResolved:
            out.append(e)
    return out


def outcome_fire(before: DisState, c: C.Fire, events: Sequence[Any]) -> str | None:
    """The row of Rule 16's table the shot's FireResolved events report, named as the preview names it."""
    rows = _own_fire(c, events)
    if not rows:
        return None
    ok = (dice.CRIT_SUCCESS, dice.SUCCESS)
    return fire_label([(r.check in ok, r.save in ok, r.wounds) for r in rows], before.opt("player_facing"))


# -- Rule 16 - Spotting and Commanding: one Instinct check ---------------------------------------------------

def _stress_note(s: DisState) -> str:
    if s.opt("no_stress"):
        return "doubles are criticals; stress is not kept in this battle ([streamline] no_stress)"
    return "doubles are criticals: a critical success takes 1 stress off your platoon, a critical failure adds 1"


def _check_preview(s: DisState, team: Team, unit: Unit, summary: str) -> OrderPreview:
    """The four kinds of result of ``unit``'s Instinct check, exactly (a [streamline] option may pass it)."""
    if s.opt("auto_spot_rally"):
        return OrderPreview(summary=summary, odds=(Chance(dice.SUCCESS, 1.0, 1.0),), value_unit=UNIT_TEST,
                            modifiers=("no check: it succeeds by itself ([streamline] auto_spot_rally)",),
                            note="no die is rolled")
    adv, names = instinct_mods(s, team, unit)
    o = dice.check_odds(CLASSES[unit.klass], adv)
    odds = tuple(Chance(k, float(o[k]), 1.0 if k in (dice.CRIT_SUCCESS, dice.SUCCESS) else 0.0)
                 for k in RESULT_NAMES if o.get(k, 0) > 0)
    return OrderPreview(summary=summary, modifiers=dice.die_modifiers(adv, names), odds=odds, value_unit=UNIT_TEST,
                        note=_stress_note(s))


def preview_spot(s: DisState, c: C.Spot) -> OrderPreview:
    """Rule 16 - Spotting: the spotter's Instinct check."""
    team = s.teams[c.team]
    return _check_preview(s, team, spotter_of(team), D.spot_order(s, c))


def preview_rally(s: DisState, c: C.Rally) -> OrderPreview:
    """Rule 16 - Commanding: the officer's Instinct check to rally."""
    return _check_preview(s, s.teams[c.team], rally_checker(s, c), D.rally_order(s, c))


def _check_outcome(before: DisState, events: Sequence[Any]) -> str | None:
    """The kind of result of the order's Instinct check, from its CheckMade event."""
    if before.opt("auto_spot_rally"):
        return dice.SUCCESS
    made = next((e for e in events if type(e) is E.CheckMade), None)
    return made.result if made is not None else None


def outcome_spot(before: DisState, c: C.Spot, events: Sequence[Any]) -> str | None:
    return _check_outcome(before, events)


def outcome_rally(before: DisState, c: C.Rally, events: Sequence[Any]) -> str | None:
    return _check_outcome(before, events)
