"""Dustup's core mechanic: quality dice D4-D12, die shifts, and the three kinds of roll.

Book, "Core Mechanic": every quality is a die type from D4 to D12; rather than
adding modifiers, a die is *shifted* up or down a type. A *closed* shift (the
default) stops at D4 and D12. An *open* shift carries what is left over to
the opponent's die: a shift up past D12 becomes a shift down of the opponent's
die, and a shift down past D4 a shift up of the opponent's die.

These are pure functions; the rolls themselves go through the battle's
:class:`~engine.core.resolution.Resolution` so that every die is an event.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:  # the resolution is handed in; dice.py needs only its type
    from hexfront.engine.core.resolution import Resolution

DIE_TYPES = (4, 6, 8, 10, 12)
TOO_HIGH = 14  # a die shifted above a D12 (a target die there cannot be fired on)
TOO_LOW = 2  # a die shifted below a D4 (never rolled: closed shifts stop at D4)

QUALITY_NAMES = {4: "untrained", 6: "green", 8: "experienced", 10: "veteran", 12: "elite"}
LEADERSHIP_NAMES = {1: "inspirational", 2: "average", 3: "poor"}


def die_name(sides: int) -> str:
    if sides > 12:
        return "above D12"
    if sides < 4:
        return "below D4"
    return f"D{sides}"


def index_of(sides: int) -> int:
    if sides not in DIE_TYPES:
        raise ValueError(f"D{sides} is not a quality die")
    return DIE_TYPES.index(sides)


def shift(sides: int, steps: int) -> int:
    """A closed shift: ``steps`` types up (positive) or down, stopping at D4 and D12."""
    i = min(max(index_of(sides) + steps, 0), len(DIE_TYPES) - 1)
    return DIE_TYPES[i]


def shift_unbounded(sides: int, steps: int) -> int:
    """A shift that reports going past the ends: 14 for above D12, 2 for below D4.

    Used for the target die, which cannot be fired on once shifted above D12.
    """
    i = index_of(sides) + steps
    if i >= len(DIE_TYPES):
        return TOO_HIGH
    if i < 0:
        return TOO_LOW
    return DIE_TYPES[i]


def open_shift(own: int, own_steps: int, other: int, other_steps: int = 0) -> tuple[int, int]:
    """Open shifts on both dice of an opposed roll: (own die, other die).

    Each side's shifts are applied to its own die; whatever passes D12 or D4
    spills onto the opponent's die in the opposite sense (book: a D10 with two
    up-shifts against a D6 becomes a D12 against a D4; a D4 shifted down twice
    against a D8 leaves the D4 and makes the D8 a D12). The spill is added to
    the opponent's own shifts before that die is held between D4 and D12, so
    two dice both pushed past D12 cancel out (D12+1 against D12+1 stays D12
    against D12); a spill never bounces back.
    """
    a_raw = index_of(own) + own_steps
    b_raw = index_of(other) + other_steps
    a = _closed_index(a_raw - _excess(b_raw))
    b = _closed_index(b_raw - _excess(a_raw))
    return DIE_TYPES[a], DIE_TYPES[b]


def _excess(i: int) -> int:
    """How far a shifted die index went past D12 (positive) or below D4 (negative)."""
    top = len(DIE_TYPES) - 1
    if i > top:
        return i - top
    if i < 0:
        return i
    return 0


def _closed_index(i: int) -> int:
    return min(max(i, 0), len(DIE_TYPES) - 1)


def firepower_die(total: float) -> int | None:
    """Small arms firepower (figures x FP) rounded UP to a die type, at most D12; None for no fire.

    Book, "Firepower Dice": 3 men with FP3 weapons have FP 9 and roll a D10.
    Below 4 the smallest die, a D4, is rolled.
    """
    if total <= 0:
        return None
    for d in DIE_TYPES:
        if total <= d:
            return d
    return 12


def strike_die(total: float) -> int | None:
    """Close combat strike value x troopers, rounded up to a die type (below 4: a D4; above 12: a D12).

    Book, "Strike Value": a strike value above 12 also shifts the target's die
    down once (see :func:`strike_over_twelve`).
    """
    return firepower_die(total)


def strike_over_twelve(total: float) -> bool:
    return total > 12


# -- results ------------------------------------------------------------------------


def more_than_double(a: int, b: int) -> bool:
    """``a`` scores more than double ``b`` (book: an opposed roll's extra effect)."""
    return a > 2 * b


#: the two readings of the courage test's "half" (option ``courage_half``): the text's "fails to score at least
#: half of the defender's score" (the default) and the summary box's "attacker <= defender / 2"
HALF_TEXT, HALF_SUMMARY = "text", "summary"


def courage_under_half(attacker: int, defender: int, reading: str = HALF_TEXT) -> bool:
    """Assault Action: Courage Test, the attack failing badly (both actions lost): the attacker's score under
    half the defender's. The book's text and its summary box disagree at exactly half: by the text (``HALF_TEXT``)
    3 against 6 has scored half and is a plain failure; by the summary box (``HALF_SUMMARY``) it fails badly.
    The one definition the assault, its odds and the computer player's estimate all read."""
    return 2 * attacker <= defender if reading == HALF_SUMMARY else 2 * attacker < defender


def less_than_half(score: int, target: int) -> bool:
    """An unopposed roll scoring less than half the target, rounded down (Morale: Confidence Test)."""
    return score < target // 2


def smoke_thinning(clouds: int, roll: int) -> int:
    """How many of ``clouds`` go on the end-of-turn D6 of artillery smoke or a switched-off smoke
    generator (Smoke: Artificial Smoke): 1 all of them, 2-3 half rounded up, 4-6 one."""
    return clouds if roll == 1 else (clouds + 1) // 2 if roll <= 3 else 1


@attrs.frozen
class Successes:
    """How many of a firer's (or striker's) dice beat the target's die."""

    count: int

    @property
    def label(self) -> str:
        return ("no success", "minor success", "major success")[min(self.count, 2)]

    @property
    def minor(self) -> bool:
        return self.count == 1

    @property
    def major(self) -> bool:
        return self.count >= 2


def successes(rolls: list[int], target: int) -> Successes:
    """Count the rolls that exceed ``target`` (a draw favours the target: dice.beats)."""
    return Successes(sum(1 for r in rolls if beats(r, target)))


def beats(roll: int, target: int) -> bool:
    """An unopposed test: the roll must score more than the target (a draw fails)."""
    return roll > target


def impact_result(impact: int, armour: int) -> str:
    """One hit's impact roll against the armour roll (Determine Casualties; Firing at Vehicles): "kill" (or a
    vehicle destroyed) above double the armour, "wound" (a vehicle damaged) above it, else "none"."""
    if impact > 2 * armour:
        return "kill"
    return "wound" if impact > armour else "none"


def opposed_shift(roll: int, against: int) -> int:
    """An opposed roll's success (Core Mechanic): 2 (major) for more than double the other roll, 1 (minor)
    for beating it, 0 otherwise."""
    if roll > 2 * against:
        return 2
    return 1 if roll > against else 0


def extra_hit(roll: int, remainder: int) -> bool:
    """Optional Additional Hits: the target die rolled again scores one more hit on the remainder or less."""
    return roll <= remainder


def hits_and_remainder(total: int, target_die: int) -> tuple[int, int]:
    """Hits = total // target die type; the remainder is the chance of one more (optional rule)."""
    return total // target_die, total % target_die


CLOCK_DIRECTIONS = 12


def clock_to_hex_direction(hour: int, twelve: int = 2) -> int:
    """A clockface result (1-12, 12 o'clock being the nominated direction) as one of the six hex directions.

    Hex directions are counter-clockwise from East (``engine.core.hexes``); a
    clock turns clockwise. Every two hours is one hex side; an odd hour falls
    on a corner and is taken as the side before it, clockwise (1 o'clock is
    12 o'clock's side). ``twelve`` is the hex direction named as 12 o'clock
    (default north-west, 2). So each hex side gets two of the twelve faces:

    ========  ==================================  ==========================
    D12       hex side, from the nominated one    with 12 o'clock = NW
    ========  ==================================  ==========================
    12, 1     the nominated side                  NW
    2, 3      next side clockwise                 NE
    4, 5      second side clockwise               E
    6, 7      the opposite side                   SE
    8, 9      second side anticlockwise           SW
    10, 11    next side anticlockwise             W
    ========  ==================================  ==========================
    """
    if not 1 <= hour <= 12:
        raise ValueError("a clockface result is 1 to 12")
    steps = (hour % 12) // 2  # 12,1 -> 0; 2,3 -> 1; ...
    return (twelve - steps) % 6


# ---------------------------------------------------------------------------------------------
# Armour classes: "D12 x class" (Armoured Dustup: Vehicles, Armour)
#
# A vehicle's armour (and a heavy weapon's impact against armour) may be a D12 multiplied by a
# class: D12x2 rolls a D12 and doubles it. Such a value is stored as one number, the largest
# score it can give: 24 is D12x2, 36 is D12x3, 60 is D12x5. Values of 12 and less are plain dice.
# ---------------------------------------------------------------------------------------------

VALUE_LADDER = (4, 6, 8, 10, 12, 24, 36, 48, 60)


def value_name(value: int) -> str:
    """"D8", "D12", "D12x3"."""
    if value > 12:
        return f"D12x{value // 12}"
    return f"D{value}"


def value_die(value: int) -> tuple[int, int]:
    """(die rolled, multiplier): D12x3 -> (12, 3)."""
    if value > 12:
        if value % 12:
            raise ValueError(f"{value} is not a D12 multiple")
        return 12, value // 12
    return value, 1


def parse_value(text: str) -> int:
    """"d8" -> 8, "d12x3" -> 36 (content files write armour and impact this way)."""
    m = re.fullmatch(r"[dD](\d+)(?:[xX](\d))?", str(text).strip())
    if not m or int(m.group(1)) not in DIE_TYPES:
        raise ValueError(f"{text!r} is not a die (d4 to d12, or d12x2 .. d12x5)")
    die, mult = int(m.group(1)), int(m.group(2) or 1)
    if mult > 1 and die != 12:
        raise ValueError(f"{text!r}: only a D12 is multiplied by an armour class")
    if not 1 <= mult <= 5:
        raise ValueError(f"{text!r}: the class runs from 1 to 5")
    return die * mult


def roll_value(ctx: Resolution, value: int, purpose: str, rule: str, who: str = "") -> int:
    """Roll a die or a D12 x class: the D12 is rolled once and multiplied."""
    die, mult = value_die(value)
    roll: int = ctx.roll(die, purpose if mult == 1 else f"{purpose} (D12 x {mult})", rule, who)
    return roll * mult


def shift_value(value: int, steps: int) -> int:
    """A closed shift along D4 .. D12, D12x2 .. D12x5 (this game's reading: a cover shift on D12
    armour gives D12x2, and on D12x2 gives D12x3)."""
    i = VALUE_LADDER.index(value) if value in VALUE_LADDER else VALUE_LADDER.index(4)
    return VALUE_LADDER[min(max(i + steps, 0), len(VALUE_LADDER) - 1)]


# ---------------------------------------------------------------------------------------------
# Naming the shifts and modifiers behind a die, for the die's event (the teacher and the dice log)
# ---------------------------------------------------------------------------------------------

_STEP_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def shift_names(die: str, shifts: Iterable[tuple[str, int]], rule: str, open_: bool = False) -> tuple[str, ...]:
    """One line per die shift: "D8 shifted up one: partial concealment (Shoot Action: Target Die)".

    ``die`` names the die before its shifts ("D8", "armour die D6"); ``shifts`` are (label, steps)
    pairs; a label's own "+1"/"-1" tail, if any, is left out since the words say it. ``open_`` marks
    open shifts (Die Shifts: Open Shift), whose excess passes to the other die.
    """
    out = []
    for label, steps in shifts:
        if not steps:
            continue
        label = re.sub(r"\s*[+-]\d+$", "", str(label)).strip()
        way = "up" if steps > 0 else "down"
        kind = " (open shift)" if open_ else ""
        out.append(f"{die} shifted {way} {_STEP_WORDS.get(abs(steps), str(abs(steps)))}{kind}: {label} ({rule})")
    return tuple(out)

