"""Guided weapons' shots (Armoured Dustup: Guided Weapons: Firing Procedure; Electronic Counter-
Measures; Decoys; Area Protection): the target's ECM die, the guided missile's shot, and decoys and
area protection drawing it off. Readings: heavy.py.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import events as E
from . import ew, ground, shooting
from .data import Weapon
from .dice import die_name, shift, successes
from .ground import (
    carried_weapon,
)
from .state import (
    DustState,
    Figure,
    Unit,
)
from .vehiclehits import _opening_miss, place_suppression, vehicle_hits
from .weaponfacts import MISS, WeaponShot, launch_hexes

RULE_GUIDED = "Guided Weapons: Firing Procedure"
RULE_ECM = "Guided Weapons: Electronic Counter-Measures"
RULE_DECOYS = "Guided Weapons: Decoys"
RULE_AREA = "Guided Weapons: Area Protection"
AREA_PROTECTION_RANGE = 3  # 6 inches
AREA_PROTECTION_DIE = 8  # this game's reading: the book's decoy die, a D8


def ecm_die(st: DustState, target: Unit) -> tuple[int, str]:
    """Electronic Counter-Measures: the target's ECM die, one up (closed) if it is in cover."""
    die = target.ecm
    if ground.in_cover(st, target):
        return shift(die, 1), f"ECM die D{target.ecm} -> {die_name(shift(die, 1))}: target in cover"
    return die, f"ECM die D{die}"


def guided_shot(ctx: Resolution, firer: Unit, f: Figure, target: Unit, part: str = "") -> WeaponShot:
    """Guided Weapons: Firing Procedure. Decoys and area protection may defeat the missile first;
    then the firer's quality die and the guidance die against the target's ECM die (an enemy EW
    unit may disrupt it): none beating it misses, one suppresses, two hit - one impact roll."""
    st: DustState = ctx.state
    w = carried_weapon(st, f)
    origin = next((h for h in launch_hexes(st, firer, f) if ground.can_see(st, h, target.hex)), firer.hex)
    if _decoyed(ctx, firer, w, target):
        return MISS
    ecm, words = ecm_die(st, target)
    e_roll = ctx.roll(ecm, words, RULE_ECM, target.id,
                      modifiers=(f"ECM die D{target.ecm} shifted up one: target in cover ({RULE_ECM})",)
                      if ecm != target.ecm else ())
    rolls = [ctx.roll(firer.quality, f"{firer.name} guides the missile: quality die D{firer.quality}", RULE_GUIDED,
                      firer.id),
             ctx.roll(w.guidance, f"{w.name}: guidance die D{w.guidance}", RULE_GUIDED, firer.id)]
    if ew.disrupt(ctx, firer.side, rolls, "guided missile"):
        ctx.emit(E.Note(text=f"the {w.name}'s guidance is disrupted: the missile misses", rule=RULE_GUIDED))
        return MISS
    res = successes(rolls, e_roll)
    ctx.emit(E.Note(text=f"{firer.name}'s {w.name} against {target.name}: {res.count} of 2 dice "
                    f"({', '.join(map(str, rolls))}) beat the ECM die's {e_roll}: "
                    + ("missed" if not res.count else "suppressed" if res.minor else "a hit"), rule=RULE_GUIDED))
    suppressed = False
    if res.count:
        suppressed = place_suppression(ctx, firer, target, f"a guided missile from {firer.name}", RULE_GUIDED)
    wclass = max(w.size, 1)
    damage = casualties = 0
    if res.major:
        if target.is_vehicle:
            damage = vehicle_hits(ctx, firer, f.id, target, 1, w.impact_against(True), wclass, origin, part)
        else:
            casualties = shooting.resolve_hits(ctx, firer, target, [f], 1, w.impact)
    elif part:
        damage = _opening_miss(ctx, firer, f, target, w.impact_against(True), wclass, origin)
    return WeaponShot(res.count, suppressed, casualties, damage)


def _decoyed(ctx: Resolution, firer: Unit, w: Weapon, target: Unit) -> bool:
    """Decoys: before the missile's dice, the target's decoy die against the guidance die; winning
    defeats the missile and uses the decoy up for the turn (this game's reading: a failed attempt
    does not). Area Protection: then a friendly vehicle within 3 hexes (6") with an area protection
    system (the target included) intercepts with a D8 against the guidance die; the one-shot system
    is used up either way (this game's reading: carried systems count as deployed, and are used
    automatically)."""
    st: DustState = ctx.state
    if not target.is_vehicle:
        return False
    if target.decoys and not target.decoy_used:
        d = ctx.roll(target.decoys, f"{target.name}'s decoy D{target.decoys} against the guidance die", RULE_DECOYS,
                     target.id)
        g = ctx.roll(w.guidance, f"{w.name}: guidance die D{w.guidance} against the decoy", RULE_DECOYS, firer.id)
        if d > g:
            ctx.emit(E.DecoyUsed(unit=target.id, reason=f"decoy {d} beats guidance {g}: the missile is defeated",
                                 rule=RULE_DECOYS))
            return True
        ctx.emit(E.Note(text=f"decoy {d} against guidance {g}: the missile flies on", rule=RULE_DECOYS))
    guards = [v for v in st.units.values()
              if v.side == target.side and v.is_vehicle and v.on_table and v.area_protection > 0
              and hex_distance(v.hex, target.hex) <= AREA_PROTECTION_RANGE]
    if guards:
        guard = min(guards, key=lambda v: (hex_distance(v.hex, target.hex), v.id))
        ctx.emit(E.AreaProtectionFired(unit=guard.id,
                                       reason=f"an area protection system fires to cover {target.name}",
                                       rule=RULE_AREA))
        d = ctx.roll(AREA_PROTECTION_DIE,
                     f"{guard.name}'s area protection D{AREA_PROTECTION_DIE} against the guidance die",
                     RULE_AREA, guard.id)
        g = ctx.roll(w.guidance, f"{w.name}: guidance die D{w.guidance} against the area protection", RULE_AREA,
                     firer.id)
        if d > g:
            ctx.emit(E.Note(text=f"area protection {d} beats guidance {g}: the missile is intercepted",
                            rule=RULE_AREA))
            return True
        ctx.emit(E.Note(text=f"area protection {d} against guidance {g}: the missile gets through", rule=RULE_AREA))
    return False
