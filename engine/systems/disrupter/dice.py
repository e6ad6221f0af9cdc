"""Disrupter's dice: d100 roll-under checks and saves (Rule 7), the d20 panic check (Rule 8).

How a d100 is rolled here: one core percentile die, ``ctx.roll(100, ...)``,
read 0..99 (the "00-0" face is zero, never 100). A scripted test writes the
two-digit number it wants: scripting ``37`` means the tens die showed 3 and
the units die 7. Doubles (00, 11, ... 99) are criticals.

Advantage [+] rolls twice and keeps the more favourable; disadvantage [-]
keeps the less favourable. Ordering of results, best first: critical success,
success, failure, critical failure; among results of one kind [+] keeps the
lower roll and [-] the higher (this game's reading: a lower roll is "more under"
the stat).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import attrs

from hexfront.engine.core.odds import dice_odds, then
from hexfront.engine.core.resolution import Resolution

CRIT_SUCCESS, SUCCESS, FAILURE, CRIT_FAILURE = "critical success", "success", "failure", "critical failure"
_RANK = {CRIT_SUCCESS: 3, SUCCESS: 2, FAILURE: 1, CRIT_FAILURE: 0}


def is_double(roll: int) -> bool:
    """00, 11, 22 ... 99: both digits of the d100 agree (Rule 7)."""
    return roll % 11 == 0


def grade(roll: int, stat: int) -> str:
    """Rule 7: under the stat succeeds, at or over fails; a double is a critical of that kind."""
    ok = roll < stat
    if is_double(roll):
        return CRIT_SUCCESS if ok else CRIT_FAILURE
    return SUCCESS if ok else FAILURE


def net(plus: int, minus: int) -> int:
    """[+] and [-] cancel one for one (this game's reading); the result is +1, 0 or -1."""
    d = plus - minus
    return (d > 0) - (d < 0)


@attrs.frozen
class Check:
    """The kept roll of a check or save, the stat it was against and the rolls made."""

    stat: int
    adv: int
    rolls: tuple[int, ...]
    roll: int
    result: str

    @property
    def success(self) -> bool:
        return self.result in (CRIT_SUCCESS, SUCCESS)

    @property
    def critical(self) -> bool:
        return self.result in (CRIT_SUCCESS, CRIT_FAILURE)


def roll_d100(ctx: Resolution, purpose: str, rule: str, who: str = "", modifiers: tuple[str, ...] = ()) -> int:
    """One percentile roll 0..99 through the core die (scripting 37 gives 37)."""
    return ctx.roll(100, purpose, rule, who, modifiers=modifiers)


def die_modifiers(adv: int, names: tuple[str, ...]) -> tuple[str, ...]:
    """What the d100 of a check carries into the dice log: every [+] and [-] by name, then what they come to
    (Rule 7: [+] rolls twice and keeps the better, [-] the worse; this game's reading: they cancel one for one).
    A check with no modifier carries nothing."""
    names = tuple(names)
    if adv > 0:
        return names + ("[+] in all: two d100, the more favourable kept (Rule 7)",)
    if adv < 0:
        return names + ("[-] in all: two d100, the less favourable kept (Rule 7)",)
    plus = any(n.startswith("[+]") for n in names)
    minus = any(n.startswith("[-]") for n in names)
    if plus and minus:
        return names + ("[+] and [-] cancel: one d100 (this game's reading of Rule 7)",)
    return names


def check(ctx: Resolution, stat: int, adv: int, purpose: str, rule: str, who: str = "",
          modifiers: tuple[str, ...] = ()) -> Check:
    """Roll a d100 check or save against ``stat`` with net advantage ``adv`` (-1, 0, +1). ``modifiers`` names
    the [+] and [-] behind ``adv``; each die rolled carries them (see :func:`die_modifiers`)."""
    named = die_modifiers(adv, modifiers)
    rolls = [roll_d100(ctx, purpose, rule, who, named)]
    if adv != 0:
        label = "[+]" if adv > 0 else "[-]"
        rolls.append(roll_d100(ctx, f"{purpose} {label} second roll", rule, who, named))
    faces = tuple(rolls)
    roll, result = kept(stat, adv, faces)
    return Check(stat, adv, faces, roll, result)


def keep_kind(adv: int, kinds: Sequence[str]) -> str:
    """The kind of result a check keeps from the kinds its d100s gave (Rule 7): the one, or under [+] the more
    favourable (critical success, success, failure, critical failure, best first) and under [-] the less."""
    if adv == 0:
        return kinds[0]
    pick = max if adv > 0 else min
    return pick(kinds, key=_RANK.__getitem__)


def kept(stat: int, adv: int, faces: Sequence[int]) -> tuple[int, str]:
    """The roll a check against ``stat`` keeps from its faces, and its kind of result (Rule 7, :func:`keep_kind`).
    Of two rolls of the kind kept, [+] keeps the lower and [-] the higher (this game's reading: a lower roll is
    "more under" the stat)."""
    kinds = [grade(face, stat) for face in faces]
    kind = keep_kind(adv, kinds)
    of_kind = [face for face, k in zip(faces, kinds, strict=True) if k == kind]
    return (min(of_kind) if adv >= 0 else max(of_kind)), kind


def check_result(stat: int, adv: int, faces: Sequence[int]) -> str:
    """The kind of result a check against ``stat`` with net ``adv`` has when its d100s show ``faces``."""
    return kept(stat, adv, faces)[1]


def automatic(stat: int) -> Check:
    """A check a [streamline] option makes succeed without a roll."""
    return Check(stat, 0, (), -1, SUCCESS)


@cache
def check_odds(stat: int, adv: int) -> dict[str, Fraction]:
    """Each kind of result of a check against ``stat`` with [+] (1), none (0) or [-] (-1), exactly: every face of
    a d100 graded (:func:`grade`), and under [+] or [-] every kind of the first die with every kind of the second,
    the kind kept by :func:`keep_kind`: the rules :func:`check` rolls by."""
    one = dice_odds([100], lambda faces: grade(faces[0], stat))
    if adv == 0:
        return one

    def second(first: str) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        for kind, p in one.items():
            keep = keep_kind(adv, (first, kind))
            out[keep] = out.get(keep, Fraction(0)) + p
        return out

    return then(one, second)


def p_success(stat: int, adv: int) -> float:
    """The chance a check succeeds (critically or not), from :func:`check_odds`."""
    o = check_odds(stat, adv)
    return float(o.get(CRIT_SUCCESS, 0) + o.get(SUCCESS, 0))


def panic_passes(roll: int, stress: int) -> bool:
    """Rule 8: a panic check passes when the d20 rolls over the current stress."""
    return roll > stress
