"""The computer player's eye for a vehicle (this game's own vehicles, vehicles.py): where a drive leaves it, and
what its end hex and facing are worth beyond what any team's would be.

- it wants its gun to tell: the fire its crew could bring from the end hex on the enemies they would see;
- it keeps its rear armour (a save at [-]) away from the enemies that would see and reach it;
- a slide costs its risk: the driver's Instinct check may fail and stop the car short.
The chances are the rules' own (dice.p_success, the enumeration the previews use); the weights are the player's.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import REAR, Hex, arc_of, hex_distance

from . import commands as C
from .board import instinct_mods, is_bot_team, is_led, sees
from .dice import p_success
from .schema import CLASSES
from .state import DisState, Team
from .vehicles import SLIDES, drive_path, driver

GUN_WEIGHT = 0.4  # per wound its crew could land from the end hex on the best target
REAR_WEIGHT = 0.3  # per wound an enemy seeing its rear could bring
SLIDE_COST = 0.25  # per slide, times the chance the driver's check fails


def drive_end(team: Team, cmd: C.Drive) -> tuple[Hex, int, tuple[Hex, ...]]:
    """The hex and facing a drive ends on if it goes as planned, and the hex after each template."""
    steps = drive_path(team, tuple(cmd.templates))
    return steps[-1][0], steps[-1][1], tuple(h for h, _ in steps)


def _firepower(s: DisState, team: Team, d: int) -> float:
    """Roughly the wounds ``team`` lands at ``d`` hexes: each unit's hit chance times its Wounds there."""
    return sum(s.tables.weapons[u.weapon].wounds_at(d) * p_success(CLASSES[u.klass], 0) for u in team.living)


def vehicle_worth(s: DisState, team: Team, end: Hex, facing: int, templates: tuple[str, ...]) -> float:
    """What the end of a drive is worth to the vehicle itself: its gun's best target from there, less its rear
    shown to enemies in sight and reach, less the risk of its slides."""
    gun = 0.0
    rear = 0.0
    for e in s.side_teams(s.other(team.side)):
        d = hex_distance(end, e.hex)
        if not 1 <= d <= 3 or not sees(s, end, e.hex, team.side):
            continue
        gun = max(gun, _firepower(s, team, d))
        if not e.routed and not (is_bot_team(e) and not is_led(s, e)) and arc_of(end, facing, e.hex) == REAR:
            rear += _firepower(s, e, d)
    slides = sum(1 for x in templates if x in SLIDES)
    risk = 0.0
    if slides:
        unit = s.unit(driver(team))
        adv, _ = instinct_mods(s, team, unit)
        risk = SLIDE_COST * slides * (1 - p_success(CLASSES[unit.klass], adv))
    return GUN_WEIGHT * gun - REAR_WEIGHT * rear - risk
