"""The tests and casualty steps several actions share: leadership, confidence and panic tests,
suppression markers, hit allocation and the impact-against-armour roll.

Each function rolls through the battle's Resolution (so every die is an event
with its purpose and rule) and records its effect as events.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import events as E
from .dice import beats, die_name, impact_result, less_than_half, shift, shift_names
from .schema import COMMITMENT
from .state import BROKEN, CONFIDENCE, DISABLED, FIT, KILLED, ROUTED, STABILISED, UNTREATED, DustState, Figure, Unit

MAX_SUPPRESSION = 3
PANIC_FREE = (10, 12)  # veteran and elite never test for panic


def unit_label(u: Unit) -> str:
    return f"{u.name} [{u.id}]"


# -- simple tests ---------------------------------------------------------------------


def leadership_test(ctx: Resolution, u: Unit, purpose: str, rule: str = "Morale: Leadership Test") -> bool:
    """Roll the quality die; pass by scoring higher than the unit's leadership value."""
    roll = ctx.roll(u.quality, f"leadership test, {purpose}: D{u.quality} must beat {u.leadership}", rule, u.id)
    return beats(roll, u.leadership)


def commitment_index(st: DustState, side: str) -> int:
    return COMMITMENT.index(st.tables.side_info[side]["commitment"])


def confidence_test(ctx: Resolution, u: Unit, event: str, *, extra: int = 0, extra_why: str = "",
                    casualties: int = 0, survivors: int | None = None, artillery: bool = False) -> bool | None:
    """Morale: Confidence Test. Returns None if the event needs no test at this commitment.

    The number to beat is the table's value for ``event`` and the side's
    commitment, plus the unit's leadership, plus the modifiers that apply now:
    each untreated casualty, travel mode, and (given ``casualties`` and
    ``survivors``) losing more figures in one attack than survive it. A score
    not above the number drops one confidence level; less than half of it
    (rounded down) drops two. ``artillery``: the unit is under artillery or aerospace attack
    (that modifier row is added).
    """
    st: DustState = ctx.state
    t = st.tables
    ci = commitment_index(st, u.side)
    base = t.confidence_events[event][ci]
    if base is None:
        return None
    parts = [f"{base} ({event.replace('_', ' ')}, {COMMITMENT[ci]} commitment)", f"{u.leadership} leadership"]
    target = base + u.leadership
    mods = t.confidence_modifiers
    untreated = len(u.wounded_untreated)
    if untreated and mods["untreated"][ci]:
        target += untreated * mods["untreated"][ci]
        parts.append(f"{untreated * mods['untreated'][ci]} for {untreated} untreated")
    if u.travel and mods["travel"][ci]:
        target += mods["travel"][ci]
        parts.append(f"{mods['travel'][ci]} travel mode")
    if u.damage and mods.get("vehicle_damage", (0, 0, 0))[ci]:  # each damage marker the vehicle carries
        target += u.damage * mods["vehicle_damage"][ci]
        parts.append(f"{u.damage * mods['vehicle_damage'][ci]} for {plural(u.damage, 'damage marker')}")
    if artillery and mods.get("artillery", (0, 0, 0))[ci]:
        target += mods["artillery"][ci]
        parts.append(f"{mods['artillery'][ci]} under artillery or aerospace attack")
    if survivors is not None and casualties > survivors and mods["heavy_losses"][ci]:
        target += mods["heavy_losses"][ci]
        parts.append(f"{mods['heavy_losses'][ci]} heavy losses")
    if extra:
        target += extra
        parts.append(f"{extra} {extra_why}".strip())
    roll = ctx.roll(u.quality, f"confidence test: D{u.quality} must beat {target} = " + " + ".join(parts),
                    "Morale: Confidence Test", u.id,
                    modifiers=tuple(f"number to beat +{p} (Morale: Confidence Test)" for p in parts[2:]))
    if roll > target:
        ctx.emit(E.Note(text=f"{unit_label(u)} passes its confidence test ({roll} > {target})",
                        rule="Morale: Confidence Test"))
        return True
    drop = 2 if less_than_half(roll, target) else 1
    drop_confidence(ctx, u, drop, f"failed a confidence test: {roll} against {target}"
                    + (", under half" if drop == 2 else ""), "Morale: Confidence Test")
    return False


def drop_confidence(ctx: Resolution, u: Unit, levels: int, reason: str, rule: str) -> None:
    new = max(ROUTED, u.confidence - levels)
    if new != u.confidence:
        ctx.emit(E.ConfidenceDropped(unit=u.id, level=new, reason=reason, rule=rule))
        if new == ROUTED and u.suppression:
            ctx.emit(E.SuppressionRemoved(unit=u.id, markers=0, reason="routed troops ignore suppression",
                                          rule="Forces: Confidence"))


def raise_confidence(ctx: Resolution, u: Unit, levels: int, reason: str, rule: str) -> int:
    """Up by ``levels``, never above the unit's starting confidence. Returns the levels gained."""
    new = min(u.initial_confidence, u.confidence + levels)
    gained = new - u.confidence
    if gained > 0:
        ctx.emit(E.ConfidenceRaised(unit=u.id, level=new, reason=reason, rule=rule))
    return max(gained, 0)


def confidence_name(level: int) -> str:
    return CONFIDENCE[level]


# -- suppression ------------------------------------------------------------------------


def suppress(ctx: Resolution, u: Unit, reason: str, rule: str = "Recover Suppression Action") -> bool:
    """Add one suppression marker (at most three; routed troops ignore them). True if one was added."""
    if u.confidence == ROUTED or u.suppression >= MAX_SUPPRESSION:
        return False
    ctx.emit(E.Suppressed(unit=u.id, markers=u.suppression + 1, reason=reason, rule=rule))
    return True


# -- panic ------------------------------------------------------------------------------------


def needs_panic_test(u: Unit, trigger: str) -> bool:
    """Morale: Panic. ``trigger`` is "sight" (first sight of any enemy), "fired_on", "fearsome"
    (first sight of armour, power armour or large creatures) or "terror" (an enemy that provokes
    terror). Untrained units test on first sight of any enemy, and so on every trigger (a unit
    fired on is in sight of its firer); green on being fired on or on fearsome or terrible
    enemies; experienced only for terror; veteran and elite never. A unit that has passed a panic
    test never takes another, and a panicking one tests only to recover (Rouse)."""
    if u.panic_passed or u.panicked or u.quality in PANIC_FREE:
        return False
    if u.quality == 4:
        return trigger in ("sight", "fired_on", "fearsome", "terror")
    if u.quality == 6:
        return trigger in ("fired_on", "fearsome", "terror")
    return trigger == "terror"  # experienced


def panic_test(ctx: Resolution, u: Unit, why: str) -> bool:
    """Roll the quality die over leadership; failure: the unit panics. Returns True on a pass."""
    roll = ctx.roll(u.quality, f"panic test ({why}): D{u.quality} must beat {u.leadership}", "Morale: Panic", u.id)
    if roll > u.leadership:
        ctx.emit(E.PanicTestPassed(unit=u.id, reason=f"passed a panic test: {why}", rule="Morale: Panic"))
        return True
    ctx.emit(E.Panicked(unit=u.id, reason=why, rule="Morale: Panic"))
    return False


def maybe_panic(ctx: Resolution, u: Unit, trigger: str, why: str) -> None:
    if needs_panic_test(u, trigger):
        panic_test(ctx, u, why)


# -- hits on figures -----------------------------------------------------------------------------


def allocation_die(n: int) -> int:
    """The smallest die with at least ``n`` faces, rerolling results above ``n`` (Resolve Impact)."""
    for d in (4, 6, 8, 10, 12, 20):
        if n <= d:
            return d
    return 100


def allocate(ctx: Resolution, u: Unit, hits: int, rule: str) -> list[Figure]:
    """Assign each hit to a figure of ``u`` at random; a figure may be hit more than once.

    The figures still with the unit (not killed) are numbered in order; a die
    that size or larger is rolled for each hit, rerolling numbers beyond them.
    """
    pool = [f for f in u.figures if f.status not in (KILLED, "abandoned")]
    chosen: list[Figure] = []
    if not pool:
        return chosen
    n = len(pool)
    die = allocation_die(n)
    for i in range(hits):
        if n == 1:
            chosen.append(pool[0])
            continue
        while True:
            r = ctx.roll(die, f"which figure takes hit {i + 1} of {hits} (1-{n}"
                         + (f", reroll above {n}" if die > n else "") + ")", rule, u.id)
            r = r + 1 if die == 100 else r
            if r <= n:
                chosen.append(pool[r - 1])
                break
    return chosen


def armour_die(u: Unit, f: Figure, cover_shift: int, propped: bool) -> tuple[int, list[str]]:
    """The figure's armour die after the closed shifts for cover and for being propped."""
    steps = cover_shift + (1 if propped else 0)
    notes = []
    if cover_shift:
        notes.append(f"{'hard' if cover_shift == 2 else 'soft'} cover +{cover_shift}")
    if propped:
        notes.append("propped +1")
    return shift(f.armour, steps), notes


def impact_on(ctx: Resolution, u: Unit, f: Figure, impact: int, cover_shift: int, propped: bool,
              rule: str, by: tuple[str, str] | None = None, unarmoured: bool = False) -> str:
    """Roll one hit's impact die against the figure's armour die; returns "none", "wound" or "kill".

    Impact not above armour: no effect. Above: a wound (untreated). Above
    double: killed. A second wound kills. Power armour instead rolls a D6 on
    its casualty table as soon as it is hit. Unarmoured troops roll a D4 but
    every hit wounds; the roll only decides a kill.
    """
    a_die, notes = armour_die(u, f, cover_shift, propped)
    shifted = f" (D{f.armour} shifted: {', '.join(notes)})" if notes else ""
    imp = ctx.roll(impact, f"impact die D{impact} against {f.name}'s armour", rule, by[0] if by else "")
    steps = [("hard cover" if cover_shift == 2 else "soft cover", cover_shift), ("propped", 1 if propped else 0)]
    arm = ctx.roll(a_die, f"armour die {die_name(a_die)}{shifted} for {f.name}", rule, u.id,
                   modifiers=shift_names(f"armour die D{f.armour}", steps, "Shoot Action: Cover"))
    result = impact_result(imp, arm)
    if result == "none" and unarmoured:
        result = "wound"
    if result == "none":
        ctx.emit(E.Note(text=f"{f.name}: impact {imp} against armour {arm}, no effect", rule=rule))
        return "none"
    if f.role == "weapon":  # Hits on Heavy Weapons: a wound disables the weapon, a kill (or a second hit) wrecks it
        status = KILLED if result == "kill" or f.status == DISABLED else DISABLED
        set_figure(ctx, u, f, status, f.wounds + 1, f"impact {imp} against armour {arm}: "
                   + ("the weapon is wrecked" if status == KILLED else "the weapon is disabled"),
                   "Heavy Weapons: Hits on Heavy Weapons", by)
        return "kill" if status == KILLED else "wound"
    if f.power:
        return power_armour_hit(ctx, u, f, rule, by)
    wounds = f.wounds + 1
    if result == "kill" or wounds >= 2:
        set_figure(ctx, u, f, KILLED, wounds, f"impact {imp} against armour {arm}: "
                   + ("more than double, killed" if result == "kill" else "a second wound kills"), rule, by)
        return "kill"
    set_figure(ctx, u, f, UNTREATED, wounds, f"impact {imp} beats armour {arm}: wounded", rule, by)
    return "wound"


POWER_ARMOUR_TABLE = ((1, KILLED, "killed"), (4, STABILISED, "stabilised by the suit"),
                      (5, DISABLED, "unhurt, but the suit is wrecked"), (6, FIT, "patched up by the suit"))


def power_armour_hit(ctx: Resolution, u: Unit, f: Figure, rule: str, by: tuple[str, str] | None) -> str:
    """Power Armour Troops as Casualties: a D6 as soon as the trooper is hit."""
    roll = ctx.roll(6, f"power armour casualty table for {f.name}", "Medical Treatment: Power Armour Troops", u.id)
    status, words = next((s, w) for top, s, w in POWER_ARMOUR_TABLE if roll <= top)  # the D6's row
    if status == FIT:
        ctx.emit(E.Note(text=f"{f.name}: {words}", rule="Medical Treatment: Power Armour Troops"))
        return "none"
    wounds = f.wounds + (1 if status == STABILISED else 0)
    if status == STABILISED and wounds >= 2:
        status, words = KILLED, "a second wound kills"
    set_figure(ctx, u, f, status, wounds, f"power armour table {roll}: {words}",
               "Medical Treatment: Power Armour Troops", by)
    return "kill" if status == KILLED else "wound"


def set_figure(ctx: Resolution, u: Unit, f: Figure, status: str, wounds: int, reason: str, rule: str,
               by: tuple[str, str] | None = None, evacuated: bool = False) -> None:
    ctx.emit(E.FigureChanged(unit=u.id, figure=f.id, status=status, wounds=wounds, reason=reason, rule=rule,
                             evacuated=evacuated))
    if status == KILLED and by is not None:
        ctx.emit(E.KillCredited(unit=by[0], figure=by[1]))


def figure_by_id(u: Unit, fid: str) -> Figure:
    for f in u.figures:
        if f.id == fid:
            return f
    raise KeyError(fid)


def casualties_of(u: Unit) -> tuple[int, int]:
    """(wounded, killed) figures of the unit, for the outcome test."""
    wounded = sum(1 for f in u.figures if f.status in (UNTREATED, STABILISED, DISABLED))
    killed = sum(1 for f in u.figures if f.status == KILLED)
    return wounded, killed


def leader_down(u: Unit) -> bool:
    """The unit's leader is a casualty and no new one has been called for yet."""
    lead = u.leader
    return (lead is None or lead.status != FIT) and not u.leaderless


def leader_losses(ctx: Resolution, unit_ids: Iterable[str]) -> None:
    """Death of a Leader: each of these units whose leader has just become a casualty tests at once,
    and must reorganise both actions at its next activation to appoint a new one. A commander's
    fall makes every subordinate test with +1 (Morale: Death of a Leader). Call it after the
    casualties of one attack are all known."""
    st: DustState = ctx.state
    for uid in unit_ids:
        u = st.units[uid]
        if not leader_down(u):
            continue
        ctx.emit(E.LeaderLost(unit=u.id, reason="its leader is a casualty", rule="Morale: Death of a Leader"))
        if u.fit_figures:
            confidence_test(ctx, u, "leader_hit")
        if u.is_command:
            # every unit under this commander, directly or through a lower headquarters, tests at +1,
            # even when the whole headquarters is gone
            for sub in subordinates(st, u.id):
                if sub.on_table:
                    confidence_test(ctx, sub, "leader_hit", extra=1, extra_why="their commander fell")


def subordinates(st: DustState, hq: str) -> list[Unit]:
    """Every unit under the headquarters ``hq``: its own subordinates, theirs, and so on (in unit order)."""
    below: set[str] = {hq}
    grew = True
    while grew:
        grew = False
        for u in st.units.values():
            if u.id not in below and u.commander in below:
                below.add(u.id)
                grew = True
    return [u for u in st.units.values() if u.id in below and u.id != hq]


def unit_broken_or_worse(u: Unit) -> bool:
    return u.confidence <= BROKEN
