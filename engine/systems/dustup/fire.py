"""The Shoot Action: target die, firer dice, successes, hits and their impact on armour.

Book, "Shoot Action": the target rolls a target die (a D8 shifted for range
and posture); the firer rolls the unit's quality die, a small arms firepower
die and a die for each support weapon or grenade. One firer die above the
target's roll is a minor success (a suppression marker), two or more a major
success (a suppression marker and casualties: the total of all the firer's
dice divided by the target die type gives the hits). Each hit is given to a
figure at random and its impact die is rolled against the figure's armour die
("Resolve Impact"; "Personal Armour").

Also here: grenades ("Grenades"), split fire and suppressive fire, the fire
that travel-mode units draw ("Travel Movement"), the confidence and panic
tests that fire triggers (Morale: Confidence Test; Panic), and the final
defensive fire the assault module asks for (Assault Action: Final Defensive
Fire). ``target_die_for``, ``firer_dice`` and ``odds`` are pure, for previews.

Ranges are in hexes (1 hex = 2 inches): short range is 6 hexes or less, long
range beyond 24.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground, heavy
from . import commands as C
from . import events as E
from .action import Action, hooks_of
from .data import Weapon
from .dice import QUALITY_NAMES, extra_hit, firepower_die, hits_and_remainder, shift_names, successes
from .odds import shot_outcomes
from .shooting import (
    BASE_TARGET_DIE,
    describe_target_die,
    fire_morale,
    resolve_hits,
    target_die_for,  # noqa: F401  (also read as fire.<name>)
)
from .state import BROKEN, FIT, ROUTED, DustState, Figure, Unit

RULE = "Shoot Action"
RULE_TARGET = "Shoot Action: Target Die"
RULE_FIREPOWER = "Shoot Action: Firepower Dice"
RULE_RESOLVE = "Shoot Action: Resolving Direct Fire"
RULE_HITS = "Shoot Action: Determine Casualties"
RULE_EXTRA = "Shoot Action: Optional Additional Hits"
RULE_SUPPRESSIVE = "Shoot Action: Suppressive Fire"
RULE_TRAVEL = "Move Action: Travel Movement"
RULE_FINAL = "Assault Action: Final Defensive Fire"

SMALL_ARMS = ("small_arm", "pistol")
MAX_GRENADES = 2  # Grenades: up to two members of a unit may throw hand grenades


# ---------------------------------------------------------------------------------------------
# Pure pieces: the target die, who fires, the firer's dice (also used by previews)
# ---------------------------------------------------------------------------------------------


def weapon_of(st: DustState, f: Figure) -> Weapon:
    return st.tables.weapons[f.weapon]


def joins_shoot(st: DustState, f: Figure) -> bool:
    """A figure whose weapon fires in a Shoot action: soldiers with small arms, support weapons and
    grenades, and unguided rockets with a high-explosive warhead not yet used up (Unguided
    Rockets). Heavy weapons, guided missiles and a vehicle's hull never do (Firing Heavy Weapons)."""
    if not f.person:
        return False
    w = st.tables.weapons.get(f.weapon)
    if w is None or w.heavy:
        return False
    if w.kind == "iavr":
        return w.he and f.ready
    return True


def is_support(st: DustState, f: Figure) -> bool:
    """Fires as a support weapon die: support weapons, grenades, and IAVRs with an HE warhead."""
    w = weapon_of(st, f)
    return w.support or (w.kind == "iavr" and w.he)


def reaches(w: Weapon, dist: int) -> bool:
    """A weapon with a maximum range (pistols, flamers, grenades) cannot fire beyond it."""
    return not w.max_range or dist <= w.max_range


def firing_figures(st: DustState, firer: Unit, target: Unit, figures: tuple[str, ...] = (),
                   ignore_fired: bool = False) -> list[Figure]:
    """The figures that fire: those named, or every fit figure that has not yet fired this
    activation and whose weapon reaches the target (no validation: see :func:`check`)."""
    if figures:
        wanted = set(figures)
        return [f for f in firer.figures if f.id in wanted]
    dist = hex_distance(firer.hex, target.hex)
    return [f for f in firer.figures
            if f.status == FIT and (ignore_fired or not f.fired) and joins_shoot(st, f)
            and reaches(weapon_of(st, f), dist)]


def grenade_throwers(st: DustState, figs: list[Figure], grenades: int) -> list[Figure]:
    """Grenades: who throws instead of firing. Riflemen whose own firepower is least missed, and
    the leader last."""
    small = [f for f in figs if weapon_of(st, f).kind in SMALL_ARMS]
    order = sorted(small, key=lambda f: (weapon_of(st, f).firepower, f.role in ("leader", "commander"),
                                         -small.index(f)))
    return order[:grenades]


def main_small_arm(st: DustState, figs: list[Figure]) -> Weapon | None:
    """The small arm whose impact the fire uses: the one giving most of the firepower (this game's
    reading when a squad mixes small arms; the book assumes one kind), the lower impact on a tie."""
    fp: dict[str, float] = defaultdict(float)
    for f in figs:
        w = weapon_of(st, f)
        if w.kind in SMALL_ARMS:
            fp[w.id] += w.firepower
    if not fp:
        return None
    best = max(fp, key=lambda wid: (fp[wid], -st.tables.weapons[wid].impact))
    return st.tables.weapons[best]


def firer_dice_named(st: DustState, firer: Unit, figures: list[str] | tuple[str, ...],
                     grenades: int = 0, vehicle: bool = False) -> tuple[list[tuple[int, str]], int]:
    """The firer's dice with what each one is, and the impact die of any hits.

    Shoot Action: Firepower Dice. The quality die; one small arms die (figures x
    firepower, rounded up to a die type, at most a D12); one die per support
    weapon; one die per grenade thrown (the throwers' firepower leaves the small
    arms). Impact: the small arms' whenever small arms fire or grenades are thrown
    (support weapons then add only firepower); else, support weapons firing on
    their own, the lowest impact among them. ``vehicle``: the target is a vehicle or other point
    target, so each weapon uses its firepower and impact against armour (Firing at Vehicles).
    """
    t = st.tables
    ids = set(figures)
    figs = [f for f in firer.figures if f.id in ids]
    dice: list[tuple[int, str]] = [(firer.quality, f"quality die D{firer.quality} "
                                    f"({QUALITY_NAMES.get(firer.quality, '')})")]
    throwers = grenade_throwers(st, figs, grenades)
    small = [f for f in figs if weapon_of(st, f).kind in SMALL_ARMS]
    shooting = [f for f in small if f not in throwers]
    total = sum(weapon_of(st, f).firepower for f in shooting)
    sa_die = firepower_die(total)
    if sa_die:
        counts: dict[str, int] = defaultdict(int)
        for f in shooting:
            counts[f.weapon] += 1
        parts = " + ".join(f"{n} x {t.weapons[w].name} (FP{t.weapons[w].firepower:g})" for w, n in counts.items())
        capped = " (at most a D12)" if total > 12 else ""
        dice.append((sa_die, f"small arms die D{sa_die}: {parts} = {total:g}{capped}"))
    support = [f for f in figs if is_support(st, f)]
    for f in support:
        w = weapon_of(st, f)
        d = w.die_against(vehicle)
        dice.append((d, f"support die D{d}: {w.name} ({f.name})"))
    if throwers:
        g = t.weapons[firer.grenades]  # type: ignore[index]
        for f in throwers:
            d = g.die_against(vehicle)
            dice.append((d, f"grenade die D{d}: {g.name} thrown by {f.name}"))
    main = main_small_arm(st, small)
    if main is not None:
        impact = main.impact_against(vehicle)
    elif support:
        impact = min(weapon_of(st, f).impact_against(vehicle) for f in support)
    else:
        impact = 0
    return dice, impact


def firer_dice(st: DustState, firer: Unit, figures: list[str] | tuple[str, ...],
               grenades: int = 0) -> tuple[list[int], int]:
    """The firer's dice (die types, quality die first) and the impact die of any hits."""
    named, impact = firer_dice_named(st, firer, figures, grenades)
    return [d for d, _ in named], impact


@attrs.frozen
class ShotOdds:
    """Chances of a shot's results before it is taken: no effect, minor and major success, and
    of each number of hits (``hits[k]`` is the chance of exactly k hits)."""

    target_die: int
    dice: tuple[int, ...]
    none: float
    minor: float
    major: float
    hits: tuple[float, ...]

    @property
    def expected_hits(self) -> float:
        return sum(k * p for k, p in enumerate(self.hits))


def odds(st: DustState, firer: Unit, target: Unit, figures: tuple[str, ...] = (), grenades: int = 0,
         suppressive: bool = False) -> ShotOdds | None:
    """The exact odds of a shot (None if no shooting is possible), counting every face of every die through
    the rules the resolution rolls by (odds.shot_outcomes over dice.beats and dice.hits_and_remainder)."""
    die, _ = target_die_for(st, firer, target, suppressive)
    if die > 12:
        return None
    figs = firing_figures(st, firer, target, figures)
    dice, _ = firer_dice(st, firer, [f.id for f in figs], grenades)
    none, minor, major = shot_outcomes(dice, die, bool(st.options.get("additional_hits")))
    if suppressive:  # suppressive fire scores no hits: every success is worth none
        hits = {0: 1.0}
    else:
        hits = {k: p for k, p in major.items()}
        hits[0] = hits.get(0, 0.0) + none + minor
    top = max(hits)
    return ShotOdds(die, tuple(dice), none, minor, sum(major.values()), tuple(hits.get(k, 0.0) for k in range(top + 1)))


# ---------------------------------------------------------------------------------------------
# The action: check, offer, resolve
# ---------------------------------------------------------------------------------------------


def check(st: DustState, u: Unit, cmd: C.Shoot) -> str | None:
    why = _shooter_refusal(st, u) or _aim_refusal(st, u, cmd)
    if why:
        return why
    target = st.units[cmd.target]  # _aim_refusal refuses an unknown id
    dist = hex_distance(u.hex, target.hex)
    why = _check_figures(st, u, cmd.figures, dist)
    if why:
        return why
    figs = firing_figures(st, u, target, cmd.figures)
    if not figs:
        return _nothing_fires(st, u, dist)
    return _grenade_refusal(st, u, cmd, figs, dist)


def _shooter_refusal(st: DustState, u: Unit) -> str | None:
    """Who may shoot: a unit on the table, not routed, suppressed (a vehicle may), in travel mode or
    completely concealed; a broken one only from cover; passengers only from an open vehicle."""
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    if u.suppression and not u.is_vehicle:  # vehicles shoot on while suppressed (Suppression and Vehicles)
        return f"{u.name} is suppressed: it cannot shoot until it recovers (Recover Suppression Action)"
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    if u.complete_concealment and st.tables.conceal.get(u.hex, "none") != "none":
        return f"{u.name} is completely concealed and may not fire: reorganise to partial concealment first"
    if u.confidence <= BROKEN and not ground.in_cover(st, u):
        return f"{u.name} is broken: it may fire only while in cover (Forces: Confidence)"
    return heavy.passenger_fire_refusal(st, u)


def _aim_refusal(st: DustState, u: Unit, cmd: C.Shoot) -> str | None:
    """Whom it may shoot at: an enemy on the table, not hidden, on the ground, in sight, and not so
    well covered that no target die is left."""
    why = ground.fire_target_refusal(st, u, cmd.target)
    if why:
        return why
    target = st.units[cmd.target]  # fire_target_refusal refuses an unknown id
    why = heavy.target_refusal(st, target)
    if why:
        return why
    if ground.flying(target):
        return f"{target.name} is in the air: only anti-aircraft weapons may fire at it (FireAA)"
    if not ground.can_see(st, u.hex, target.hex):
        return f"{u.name}'s leader cannot see {target.name}'s leader: hills, buildings and woods block the line"
    die, shifts = target_die_for(st, u, target, cmd.suppressive)
    if die > 12:
        return f"no shooting is possible: the {describe_target_die(die, shifts)}"
    return None


def _grenade_refusal(st: DustState, u: Unit, cmd: C.Shoot, figs: list[Figure], dist: int) -> str | None:
    """Grenades: at most MAX_GRENADES, thrown by riflemen instead of their weapon, within reach."""
    if not 0 <= cmd.grenades <= MAX_GRENADES:
        return f"at most {MAX_GRENADES} grenades may be thrown in one shoot action (Grenades)"
    if cmd.grenades:
        g = st.tables.weapons.get(u.grenades or "")
        if g is None or g.kind != "grenade":
            return f"{u.name} carries no grenades"
        if not reaches(g, dist):
            return f"the target is {dist} hexes away: {g.name}s reach {g.max_range} hexes at most"
        small = [f for f in figs if weapon_of(st, f).kind in SMALL_ARMS]
        if len(small) < cmd.grenades:
            return (f"only riflemen throw grenades instead of their weapon, and {len(small)} of the "
                    "figures firing carry a small arm")
    return None


def _check_figures(st: DustState, u: Unit, figures: tuple[str, ...], dist: int) -> str | None:
    if len(set(figures)) != len(figures):
        return "a figure is named twice: each weapon fires once per activation"
    own = {f.id: f for f in u.figures}
    for fid in figures:
        f = own.get(fid)
        if f is None:
            return f"{fid} is not a figure of {u.name}"
        if f.status != FIT:
            return f"{f.name} is {f.status} and cannot fire"
        if f.fired:
            return f"{f.name} has already fired this activation: each weapon fires once per activation"
        if not joins_shoot(st, f):
            if not f.person:
                return f"{f.name} is a heavy weapon: it fires alone (FireWeapon), never with small arms"
            w = weapon_of(st, f)
            if w.kind == "iavr" and w.he:
                return f"{f.name}'s rocket is used up"
            return f"{f.name}'s {w.name} fires alone (FireWeapon), never with small arms"
        w = weapon_of(st, f)
        if not reaches(w, dist):
            if w.kind == "pistol":
                return f"{f.name}'s pistol may only be used at close range ({w.max_range} hexes)"
            return f"{f.name}'s {w.name} reaches {w.max_range} hexes at most; the target is {dist} away"
    return None


def _nothing_fires(st: DustState, u: Unit, dist: int) -> str:
    ready = [f for f in u.figures if f.status == FIT and not f.fired and joins_shoot(st, f)]
    if not ready:
        return f"every weapon of {u.name} has fired this activation: each weapon fires once per activation"
    return f"no weapon of {u.name} that has not fired reaches {dist} hexes (pistols only at close range)"


def offer(st: DustState, u: Unit) -> list[C.Shoot]:
    """For each visible enemy: everything, small arms only, each support weapon alone, with one or
    two grenades, and suppressive fire. The rules filter these through :func:`check`."""
    if (u.suppression and not u.is_vehicle) or u.travel or not u.on_table:
        return []
    out: list[C.Shoot] = []
    for t in st.enemies(u.side):
        if t.hidden or not ground.can_see(st, u.hex, t.hex):
            continue
        figs = firing_figures(st, u, t)
        if not figs:
            continue
        out.append(C.Shoot(u.id, t.id))
        small = tuple(f.id for f in figs if weapon_of(st, f).kind in SMALL_ARMS)
        support = [f.id for f in figs if is_support(st, f)]
        if small and support:
            out.append(C.Shoot(u.id, t.id, figures=small))
        if small or len(support) > 1:
            out += [C.Shoot(u.id, t.id, figures=(fid,)) for fid in support]
        if u.grenades:
            out += [C.Shoot(u.id, t.id, grenades=n) for n in range(1, min(MAX_GRENADES, len(small)) + 1)]
        out.append(C.Shoot(u.id, t.id, suppressive=True))
    return out


def resolve(ctx: Resolution, u: Unit, cmd: C.Shoot) -> None:
    """Shoot Action: one action; the figures fire, then the target's morale answers the fire."""
    st: DustState = ctx.state
    target = st.units[cmd.target]
    acts.spend(ctx, u, "shoot")
    figs = firing_figures(st, u, target, cmd.figures)
    ctx.emit(E.FiguresFired(unit=u.id, figures=tuple(f.id for f in figs)))
    acts.reveal(ctx, u, "it fired")
    first_fire = not target.under_fire_before
    suppressed_before = target.suppressed_before
    if first_fire:
        ctx.emit(E.CameUnderFire(unit=target.id, reason=f"fired on by {u.name}", rule="Morale: Confidence Test"))
    shot = shoot(ctx, u, target, figs, cmd.grenades, cmd.suppressive)
    heavy.spend_disposables(ctx, u, figs)
    if target.on_table:
        fire_morale(ctx, target, first_fire=first_fire,
                    first_suppressed=shot.suppressed and not suppressed_before, casualties=shot.casualties,
                    travel=shot.travel)
    if shot.damage:
        heavy.vehicle_morale(ctx, target)
    for hook in hooks_of(ctx).after_shot:  # a flamer may set the target's area alight (Fire)
        hook(ctx, u, target, figs)


@attrs.frozen
class Shot:
    """What one shoot did: successes, hits, figures newly wounded or killed, a marker placed."""

    successes: int
    hits: int
    casualties: int
    suppressed: bool
    travel: bool
    damage: int = 0  # damage markers placed on a vehicle (Firing at Vehicles)


def shoot(ctx: Resolution, firer: Unit, target: Unit, figs: list[Figure], grenades: int = 0,
          suppressive: bool = False, defensive: bool = False) -> Shot:
    """Roll the target die and the firer's dice, place the suppression and resolve the hits.

    ``defensive``: final defensive fire, whose suppression results are ignored.
    """
    st: DustState = ctx.state
    vehicle = target.is_vehicle
    die, shifts = target_die_for(st, firer, target, suppressive)
    named, impact = firer_dice_named(st, firer, [f.id for f in figs], grenades, vehicle=vehicle)
    t_roll = ctx.roll(die, describe_target_die(die, shifts), RULE_TARGET, target.id,
                      modifiers=shift_names(f"target die D{BASE_TARGET_DIE}", shifts, RULE_TARGET))
    rolls = [ctx.roll(d, f"{firer.name} fires: {label}", RULE_FIREPOWER, firer.id) for d, label in named]
    total = sum(rolls)
    res = successes(rolls, t_roll)
    rule = RULE_FINAL if defensive else RULE_SUPPRESSIVE if suppressive else RULE_RESOLVE
    ctx.emit(E.Note(text=f"{firer.name} against {target.name}: {res.count} of {len(rolls)} dice "
                    f"({', '.join(map(str, rolls))}) beat the target's {t_roll}: {res.label}", rule=rule))
    travel = target.travel and not defensive
    suppressed = False
    if defensive:
        if res.count:
            ctx.emit(E.Note(text="final defensive fire: suppression results are ignored", rule=RULE_FINAL))
    elif res.count:
        small_only = not grenades and not any(is_support(st, f) for f in figs)
        suppressed = heavy.place_suppression(ctx, firer, target, f"{res.label} by {firer.name}'s fire", rule,
                                             small_arms_only=small_only)
    elif travel:
        suppressed = checks.suppress(ctx, target, "fired on while in travel mode", RULE_TRAVEL)
    hits = 0
    if res.major and suppressive:
        ctx.emit(E.Note(text="suppressive fire scores no hits, only suppression", rule=RULE_SUPPRESSIVE))
    elif res.major:
        hits, rem = hits_and_remainder(total, die)
        words = (f"{firer.name}'s dice total {total}; divided by the target die type ({die}): "
                 f"{hits} hit{'s' if hits != 1 else ''}")
        if rem:
            words += f", with a {rem} in {die} chance of another"
        ctx.emit(E.Note(text=words, rule=RULE_HITS))
        if rem and st.options.get("additional_hits"):
            extra = ctx.roll(die, f"additional hit: D{die} must roll {rem} or less (the remainder of "
                             f"{total} / {die})", RULE_EXTRA, firer.id)
            if extra_hit(extra, rem):
                hits += 1
    if vehicle:
        # Firing at Vehicles: each hit an impact roll against the armour; small arms and support
        # weapons count as weapon class 1 for the passengers (this game's reading)
        damage = heavy.vehicle_hits(ctx, firer, figs[0].id if figs else "", target, hits, impact, 1,
                                    firer.hex) if hits else 0
        return Shot(res.count, hits, 0, suppressed, travel, damage)
    casualties = resolve_hits(ctx, firer, target, figs, hits, impact) if hits else 0
    return Shot(res.count, hits, casualties, suppressed, travel)


def final_defensive_fire(ctx: Resolution, firer: Unit, target: Unit) -> int:
    """Assault Action: Final Defensive Fire. The defender fires at the assaulting unit with every fit
    figure whose weapon reaches, even if already activated or having fired; resolved normally except
    that suppression results are ignored and the fire calls for no morale tests. No action is spent.
    Returns the figures newly wounded or killed. (The suppressed defender's test is the caller's.)"""
    st: DustState = ctx.state
    if not firer.on_table or not target.on_table or not ground.can_see(st, firer.hex, target.hex):
        ctx.emit(E.Note(text=f"{firer.name} cannot see {target.name}: no final defensive fire", rule=RULE_FINAL))
        return 0
    die, shifts = target_die_for(st, firer, target)
    if die > 12:
        ctx.emit(E.Note(text=f"no final defensive fire is possible: the {describe_target_die(die, shifts)}",
                        rule=RULE_FINAL))
        return 0
    figs = firing_figures(st, firer, target, ignore_fired=True)
    if not figs:
        ctx.emit(E.Note(text=f"no weapon of {firer.name} reaches {target.name}", rule=RULE_FINAL))
        return 0
    acts.reveal(ctx, firer, "it fired")
    return shoot(ctx, firer, target, figs, defensive=True).casualties


ACTIONS: dict[type, Action] = {C.Shoot: Action(check, resolve, offer)}
DECISIONS: dict[str, Callable[..., None]] = {}  # none of its own
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
