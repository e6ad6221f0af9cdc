"""The Courage Test and who fights in an assault (book: "Assault Action": "Courage Test"; "Multiple
Units in Close Combat"): the bodies that face one another, their sizes, the courage table's shifts, the
opposed roll and what it means (withdraw, contact, fail, bad). The assault (assault.py), its outcome
(closecombat.py) and tank shock (tankshock.py) roll it; previews and the computer player price it.

**Multiple units** (an Assault with ``second``, or the command module's Combined Assault): the unit
facing two enemies is split into detachments matched to their sizes; each pair takes its own tests
and fights its own combat, and the split unit obeys the worst result (one withdrawal, every
confidence loss). Detachments are only a computation here: "views" of the unit with some of its
figures; no new unit appears on the map.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import events as E
from . import ground, vehicles
from .data import Weapon
from .dice import HALF_TEXT, courage_under_half, die_name, open_shift, shift_names
from .state import (
    BROKEN,
    DISABLED,
    FIT,
    KILLED,
    SHAKEN,
    STABILISED,
    UNTREATED,
    DustState,
    Figure,
    Unit,
)

RULE = "Assault Action"
R_COURAGE = "Assault Action: Courage Test"
R_MULTIPLE = "Assault Action: Multiple Units in Close Combat"
WOUNDED = (UNTREATED, STABILISED, DISABLED)
# courage results, worst first for the attacker
BAD, FAIL, CONTACT, WITHDRAW = "bad", "fail", "contact", "withdraw"
ORDER = {BAD: 0, FAIL: 1, CONTACT: 2, WITHDRAW: 3}
Body = tuple[str, tuple[str, ...]]  # a unit id and the figures of it that fight (a detachment or all)


def weapon_of(st: DustState, f: Figure) -> Weapon | None:
    """The figure's weapon in weapons.toml; None for a figure whose weapon is not there."""
    return st.tables.weapons.get(f.weapon)


def terror_weapon(st: DustState, f: Figure) -> bool:
    """The figure carries a terror weapon (Terror); a figure with no weapon in weapons.toml does not."""
    w = weapon_of(st, f)
    return w is not None and w.terror


def strength(figures: list[Figure]) -> int:
    """Able figures for outnumbering; power armoured troopers count as two (Courage Test)."""
    return sum(2 if f.power else 1 for f in figures if f.status == FIT)


def sizes(st: DustState, u: Unit, them: Unit) -> tuple[int, int]:
    """The two sides' numbers for outnumbering: able figures (power armour double); but when a
    vehicle, mech or monster is on either side, units, each vehicle counting as its size (Vehicles:
    Close Assault; Tank Shock; Open Top Vehicles: see vehicles.as_units)."""
    if u.is_vehicle or them.is_vehicle:
        return vehicles.as_units(st, u), vehicles.as_units(st, them)
    return strength(u.figures), strength(them.figures)


def fighting_figures(st: DustState, body: Body) -> tuple[str, ...]:
    """The figures of a body that strike in close combat: a vehicle's hull alone (its weapon mounts
    do not fight hand to hand), else everyone in the body."""
    u = st.units[body[0]]
    if u.is_vehicle:
        return tuple(f.id for f in u.figures if f.role == "hull" and f.id in set(body[1]))
    return body[1]


def standing(st: DustState, body: Body) -> bool:
    """Anyone left on their feet: a vehicle not destroyed, or a fit figure."""
    u = st.units[body[0]]
    if u.is_vehicle:
        return not u.destroyed
    return any(f.status == FIT for f in view(st, body).figures)


def outnumbered_steps(mine: int, theirs: int) -> int:
    """0, 1 (outnumbered 2:1) or 2 (3:1 or more)."""
    if mine <= 0 or theirs >= 3 * mine:
        return 2
    return 1 if theirs >= 2 * mine else 0


def provokes_terror(st: DustState, u: Unit, figures: list[Figure] | None = None) -> bool:
    """The unit provokes terror, or one of its fit figures carries a terror weapon (Terror)."""
    if u.terror:
        return True
    figs = u.figures if figures is None else figures
    return any(f.status == FIT and terror_weapon(st, f) for f in figs)


def commander_with(st: DustState, u: Unit) -> bool:
    """A commander is with the unit: it is a command unit, or its commander stands within one hex."""
    if u.is_command:
        return True
    cmdr = st.units.get(u.commander) if u.commander else None
    return cmdr is not None and cmdr.on_table and hex_distance(cmdr.hex, u.hex) <= 1


def view(st: DustState, body: Body) -> Unit:
    """A detachment as a unit: the same unit with only these figures (the figures are the live ones)."""
    u = st.units[body[0]]
    ids = set(body[1])
    return attrs.evolve(u, figures=[f for f in u.figures if f.id in ids])


def members(u: Unit) -> tuple[str, ...]:
    return tuple(f.id for f in u.figures if f.present)


def split_sizes(n: int, sizes: list[int]) -> list[int]:
    """Split ``n`` figures as nearly as possible in proportion to the opponents' ``sizes``
    (Multiple Units in Close Combat: 12 against 5 and 5 is 6 and 6; 10 against 4 and 6 is 4 and 6).
    Every detachment gets at least one figure."""
    total = sum(sizes) or 1
    out = [max(1, (2 * n * s + total) // (2 * total)) for s in sizes]
    while sum(out) > n:
        i = max(range(len(out)), key=lambda k: (out[k], -k))
        out[i] -= 1
    while sum(out) < n:
        i = min(range(len(out)), key=lambda k: (out[k] - n * sizes[k] / total, k))
        out[i] += 1
    return out


def bodies(st: DustState, links: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[Body, Body]]:
    """Who fights whom: a unit linked with two enemies splits into detachments matched to them (only
    if it has at least two fit figures; the wounded it carries go with the first detachment)."""
    foes: dict[str, list[str]] = {}
    for a, d in links:
        foes.setdefault(a, []).append(d)
        foes.setdefault(d, []).append(a)
    parts: dict[tuple[str, str], tuple[str, ...]] = {}
    for uid, opp in foes.items():
        u = st.units[uid]
        fit = [f.id for f in u.figures if f.status == FIT]
        if len(opp) < 2 or len(fit) < 2 or u.is_vehicle:
            for o in opp:
                parts[(uid, o)] = members(u)
            continue
        sizes = split_sizes(len(fit), [len(st.units[o].fit_figures) for o in opp])
        rest = tuple(f.id for f in u.figures if f.present and f.status != FIT)
        i = 0
        for k, (o, n) in enumerate(zip(opp, sizes, strict=True)):
            parts[(uid, o)] = tuple(fit[i:i + n]) + (rest if k == 0 else ())
            i += n
    return {(a, d): ((a, parts[(a, d)]), (d, parts[(d, a)])) for a, d in links}


def split_note(ctx: Resolution, st: DustState, pairs: dict[tuple[str, str], tuple[Body, Body]]) -> None:
    for uid in {b[0] for pair in pairs.values() for b in pair}:
        mine = [(body, other) for a_b, d_b in pairs.values() for body, other in ((a_b, d_b), (d_b, a_b))
                if body[0] == uid]
        if len({body[1] for body, _ in mine}) > 1:
            u = st.units[uid]
            words = " and ".join(f"{sum(1 for f in view(st, b).figures if f.status == FIT)} against "
                                 f"{st.units[o[0]].name}" for b, o in mine)
            ctx.emit(E.Note(text=f"{u.name} splits into detachments: {words}", rule=R_MULTIPLE))


def courage_shifts(st: DustState, me: Body, other: Body, defending: bool,
                   before: dict[str, str] | None = None) -> list[tuple[str, int]]:
    """Courage Test: the open shifts on ``me``'s quality die, from the table in content. With
    ``before`` (each figure's status when the combat began) it is the outcome test, which adds the
    wounded, killed and leader-killed rows for this combat's casualties."""
    rows = {r.id: r for r in st.tables.courage}
    out: list[tuple[str, int]] = []

    def add(rid: str, n: int = 1) -> None:
        r = rows.get(rid)
        if r is not None and n > 0 and r.shift:
            out.append((r.label + (f" x{n}" if n > 1 else ""), r.shift * n))

    u, them = view(st, me), view(st, other)
    k = outnumbered_steps(*sizes(st, u, them))
    if k:
        add("outnumbered_3" if k == 2 else "outnumbered_2")
    add("suppressed", u.suppression)
    if defending and (ground.in_cover(st, u) or u.carried_by):  # passengers of an open-top vehicle: behind cover
        add("defending_cover")
    if u.confidence <= SHAKEN:
        add("shaken")
    if before is not None and u.is_vehicle:
        # a mech's or monster's damage markers from this combat count as its wounded (this game's reading)
        add("wounded", u.damage - int(before.get(f"damage:{u.id}", u.damage)))
    elif before is not None:
        wounded = sum(1 for f in u.figures if f.status in WOUNDED and before.get(f.id) == FIT)
        killed = sum(1 for f in u.figures if f.status == KILLED and before.get(f.id) != KILLED)
        add("wounded", wounded)
        add("killed", killed)
        if any(f.role in ("leader", "commander") and f.status == KILLED and before.get(f.id) != KILLED
               for f in u.figures):
            add("leader_killed")
    mine_terror, their_terror = provokes_terror(st, u, u.figures), provokes_terror(st, them, them.figures)
    if their_terror and not mine_terror:
        add("facing_terror")
    if mine_terror and not their_terror:
        add("terror")
    if commander_with(st, u):
        add("commander")
    return out


def _die_words(base: int, rows: list[tuple[str, int]], final: int) -> str:
    if not rows:
        return f"D{base}" + ("" if final == base else f" -> {die_name(final)} (the other side's shift carries over)")
    words = ", ".join(f"{name} {steps:+d}" for name, steps in rows)
    return f"D{base} -> {die_name(final)} ({words}; open shifts)"


def courage_roll(ctx: Resolution, ab: Body, db: Body, title: str, rule: str,
                 before: dict[str, str] | None = None) -> tuple[int, int]:
    """The opposed quality-die roll of the courage test (or of the outcome), attacker first."""
    st: DustState = ctx.state
    au, du = st.units[ab[0]], st.units[db[0]]
    a_rows = courage_shifts(st, ab, db, False, before)
    d_rows = courage_shifts(st, db, ab, True, before)
    a_die, d_die = open_shift(au.quality, sum(s for _, s in a_rows), du.quality, sum(s for _, s in d_rows))
    a_mods = shift_names(f"{au.name}'s D{au.quality}", a_rows, rule, open_=True)
    d_mods = shift_names(f"{du.name}'s D{du.quality}", d_rows, rule, open_=True)
    a = ctx.roll(a_die, f"{title}: {au.name} (attacker) {_die_words(au.quality, a_rows, a_die)}", rule, au.id,
                 modifiers=a_mods + _spill(d_mods, au, a_die, au.quality, a_rows))
    d = ctx.roll(d_die, f"{title}: {du.name} (defender) {_die_words(du.quality, d_rows, d_die)}", rule, du.id,
                 modifiers=d_mods + _spill(a_mods, du, d_die, du.quality, d_rows))
    return a, d


def _spill(other: tuple[str, ...], u: Unit, final: int, base: int,
           rows: list[tuple[str, int]]) -> tuple[str, ...]:
    """Die Shifts: Open Shift. When the other side's shifts ran past the end of its die, the excess
    lands on this die: say so beside the other die's own shifts."""
    from .dice import shift as closed

    own = closed(base, sum(s for _, s in rows))
    if final == own or not other:
        return ()
    way = "down" if final < own else "up"
    return (f"{u.name}'s die shifted {way} to {die_name(final)} by the other side's excess shifts (Die Shifts: "
            "Open Shift)",)


def half_reading(st: DustState) -> str:
    """How this battle reads the courage test's "half" (option ``courage_half``): dice.HALF_TEXT or HALF_SUMMARY."""
    return str(st.options.get("courage_half", HALF_TEXT))


def under_half(st: DustState, a: int, d: int) -> bool:
    """The attack fails badly (dice.courage_under_half, read as the battle's option ``courage_half`` says)."""
    return courage_under_half(a, d, half_reading(st))


def classify(st: DustState, defender: Unit, a: int, d: int) -> str:
    if defender.is_vehicle and defender.vehicle not in ("mech", "monster"):
        # Infantry Assaulting Vehicles: a vehicle is never forced to withdraw, only goes voluntarily
        if a > d:
            return CONTACT
        return BAD if under_half(st, a, d) else FAIL
    if defender.confidence <= BROKEN and a > d:
        return WITHDRAW
    if a > 2 * d:
        return WITHDRAW
    if a > d:
        return CONTACT
    return BAD if under_half(st, a, d) else FAIL
