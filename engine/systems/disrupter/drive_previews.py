"""What a vehicle's Drive order may do (its preview), and which outcome it had (read from its events). Vehicles
are this game's own (vehicles.py); :mod:`.rulebook` registers these with the Drive order.

A drive rolls dice only for its slides: before each, the driver's Instinct check (combat.drive rolls it with
:func:`combat.instinct_check`, whose modifiers are :func:`board.instinct_mods`). The preview takes the same
modifiers at the hex each slide starts from and the same exact odds (:func:`dice.check_odds`, every face of
the d100): the drive goes all the way only if every slide holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.view import Chance, OrderPreview

from . import commands as C
from . import describe as D
from . import dice
from . import events as E
from .board import instinct_mods, sees
from .combat import stance
from .schema import CLASSES
from .state import DisState
from .vehicles import SLIDES, driver, template_step

ALL_HOLD = "every slide holds"
SKID = "a slide fails: it skids to a stop"
UNIT_DRIVE = "drives completed"


def slide_checks(s: DisState, c: C.Drive) -> list[tuple[int, int, tuple[str, ...]]]:
    """(Instinct, net [+]/[-], modifiers by name) of each slide's check, as the driver stands when it comes."""
    team = s.teams[c.team]
    assert team.pos is not None and team.facing is not None  # a vehicle on the board: checked
    work = s.copy()
    moved = work.teams[team.id]
    unit = s.unit(driver(team))
    out = []
    for x in c.templates:
        if x in SLIDES:
            adv, names = instinct_mods(work, moved, unit)
            out.append((CLASSES[unit.klass], adv, names))
        assert moved.pos is not None and moved.facing is not None
        moved.pos, moved.facing = template_step(moved.pos, moved.facing, x)
    return out


def _may_draw_fire(s: DisState, c: C.Drive) -> bool:
    """Some enemy whose orders say fire could see and reach the vehicle on its way (Rule 15): a shot could then
    change who drives or who stands near him before a later slide."""
    team = s.teams[c.team]
    assert team.pos is not None and team.facing is not None
    hexes = []
    at, facing = team.pos, team.facing
    for x in c.templates:
        at, facing = template_step(at, facing, x)
        hexes.append(at)
    for e in s.side_teams(s.other(team.side)):
        if stance(s, e, team) != "fire":
            continue
        if any(1 <= hex_distance(e.hex, h) <= 3 and sees(s, e.hex, h, e.side) for h in hexes):
            return True
    return False


def preview_drive(s: DisState, c: C.Drive) -> OrderPreview:
    """Vehicles (this game's own): the chance every slide's check succeeds, exactly, with each check's modifiers;
    a drive with no slide rolls nothing."""
    summary = D.drive_order(s, c)
    checks = slide_checks(s, c)
    if not checks:
        return OrderPreview(summary=summary, odds=(Chance(ALL_HOLD, 1.0, 1.0),), value_unit=UNIT_DRIVE,
                            note="no slide: no die is rolled")
    p = Fraction(1)
    mods: list[str] = []
    for k, (stat, adv, names) in enumerate(checks, start=1):
        o = dice.check_odds(stat, adv)
        p *= o.get(dice.CRIT_SUCCESS, Fraction(0)) + o.get(dice.SUCCESS, Fraction(0))
        mods += [f"slide {k}, driver I{stat}: {m}" for m in dice.die_modifiers(adv, names)]
    odds = tuple(ch for ch in (Chance(ALL_HOLD, float(p), 1.0), Chance(SKID, float(1 - p), 0.0))
                 if ch.probability > 0)
    drawn = _may_draw_fire(s, c)
    note = ("exact unless reaction fire on the way changes who drives or who stands by him" if drawn else
            "each slide: the driver's Instinct check; doubles are criticals")
    return OrderPreview(summary=summary, modifiers=tuple(mods), odds=odds, value_unit=UNIT_DRIVE, note=note,
                        estimate=drawn)


def outcome_drive(before: DisState, c: C.Drive, events: Sequence[Any]) -> str | None:
    """Whether a slide's check failed, from the order's own CheckMade events."""
    slides = [e for e in events if type(e) is E.CheckMade and e.purpose.startswith("to slide")]
    return SKID if any(e.result not in (dice.CRIT_SUCCESS, dice.SUCCESS) for e in slides) else ALL_HOLD
