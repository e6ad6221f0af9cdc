"""What every kind of fire shares (the Shoot action, heavy weapons, aircraft): the target die, the
impact of the hits on the target's figures, and the morale tests that follow fire.

Below fire.py, heavy.py and air.py, which all import it; it imports none of them.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_count, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import checks, ground
from . import events as E
from .data import EFFECTIVE_RANGE, SHORT_RANGE
from .dice import TOO_LOW, die_name, shift_unbounded
from .state import FIT, KILLED, ROUTED, DustState, Figure, Unit

# -- The target die, hits and morale after fire (fire.py) -------------------------------------------


RULE_IMPACT = "Shoot Action: Resolve Impact"


BASE_TARGET_DIE = 8


def describe_target_die(die: int, shifts: list[tuple[str, int]]) -> str:
    """As a player reads it: "target die D8 -> D10: partial concealment +1, propped +1"."""
    if not shifts:
        return f"target die D{BASE_TARGET_DIE}: no shifts"
    words = ", ".join(f"{label} {steps:+d}" for label, steps in shifts)
    return f"target die D{BASE_TARGET_DIE} -> {die_name(die)}: {words}"


def target_die_for(st: DustState, firer: Unit, target: Unit,
                   suppressive: bool = False, *, short: bool = True, effective: int = EFFECTIVE_RANGE,
                   extra: tuple[tuple[str, int], ...] = ()) -> tuple[int, list[tuple[str, int]]]:
    """Shoot Action: Target Die. A D8 shifted by each row of the book's table that applies.

    Returns the die (14 when shifted above a D12: no shooting is possible; never
    below a D4) and the shifts as (label, steps), in the table's order. Heavy
    weapons (heavy.py) pass ``short=False`` (they have no short range), their own
    ``effective`` range and ``extra`` shifts. A vehicle is never a small target;
    a firing vehicle's damage and suppression shift the die (ground.firer_shifts);
    passengers of an open-topped vehicle are concealed.
    """
    dist = hex_distance(firer.hex, target.hex)
    shifts: list[tuple[str, int]] = []
    if dist > effective:
        shifts.append((f"long range ({hex_count(dist)})", 1))
    conceal = ground.concealment(st, target, firer.hex)
    if conceal == 0 and target.carried_by and ground.passenger_concealed(st, target):
        conceal = 1
    if conceal == 1:
        shifts.append(("partial concealment", 1))
    elif conceal == 2:
        shifts.append(("complete concealment", 2))
    if target.propped:
        shifts.append(("propped", 1))
    if target.small and not target.is_vehicle:
        shifts.append(("small target", 1))
    if short and dist <= SHORT_RANGE:
        shifts.append((f"short range ({hex_count(dist)})", -1))
    if firer.quality == 4:
        shifts.append(("firer untrained", 1))
    elif firer.quality == 12:
        shifts.append(("firer elite", -1))
    if target.travel:
        shifts.append(("travel mode", -1))
    if suppressive:
        shifts.append(("suppressive fire", -1))
    shifts += ground.firer_shifts(st, firer)
    shifts += list(extra)
    die = shift_unbounded(BASE_TARGET_DIE, sum(s for _, s in shifts))
    if die == TOO_LOW:
        die = 4  # a closed shift stops at the D4
    return die, shifts


def resolve_hits(ctx: Resolution, firer: Unit, target: Unit, figs: list[Figure], hits: int, impact: int) -> int:
    """Shoot Action: Resolve Impact. Each hit goes to a figure at random; the impact die is rolled
    against its armour die (cover +1 soft / +2 hard, propped +1). Returns the figures newly wounded
    or killed."""
    st: DustState = ctx.state
    before = {f.id: (f.status, f.wounds) for f in target.figures}
    chosen = checks.allocate(ctx, target, hits, RULE_IMPACT)
    cover = max(ground.cover_shift(st, target), ground.passenger_cover(st, target))
    credit = [f.id for f in figs] or [""]
    for i, fig in enumerate(chosen):
        if fig.status == KILLED:
            ctx.emit(E.Note(text=f"{fig.name} is already down: the hit is wasted", rule=RULE_IMPACT))
            continue
        checks.impact_on(ctx, target, fig, impact, cover, target.propped, RULE_IMPACT,
                         by=(firer.id, credit[i % len(credit)]), unarmoured=fig.unarmoured)
    return sum(1 for f in target.figures  # a hit heavy weapon is no casualty of its crew
               if (f.status, f.wounds) != before[f.id] and f.status != FIT and f.person)


def fire_morale(ctx: Resolution, target: Unit, *, first_fire: bool, first_suppressed: bool, casualties: int,
                travel: bool) -> None:
    """Morale: Confidence Test rows that fire triggers, Death of a Leader, and Panic.

    First time under fire; first time suppressed by fire; casualties from fire
    (with the heavy-losses modifier); a leader hit. A unit in travel mode that
    was fired on must test: when none of those rows called for a test, it tests
    on this game's "fired on in travel mode" row. Green and untrained units test
    for panic the first time they are fired on.
    """
    def able() -> bool:
        return bool(target.fit_figures) and target.confidence != ROUTED

    tested = False
    if first_fire and able():
        tested |= checks.confidence_test(ctx, target, "first_fire") is not None
    if first_suppressed and able():
        tested |= checks.confidence_test(ctx, target, "first_suppressed") is not None
    if casualties and able():
        tested |= checks.confidence_test(ctx, target, "casualties", casualties=casualties,
                                         survivors=len(target.fit_figures)) is not None
    if travel and not tested and able():
        checks.confidence_test(ctx, target, "travel_fired_on")
    if casualties:
        checks.leader_losses(ctx, [target.id])
    if first_fire and able():
        checks.maybe_panic(ctx, target, "fired_on", "first time fired on")
