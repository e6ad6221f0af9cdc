"""Disrupter's dice: d100 roll-under checks and saves (Rule 7), the d20 panic check (Rule 8).

How a d100 is rolled here: one core percentile die, ``ctx.roll(100, ...)``,
read 0..99 (the "00-0" face is zero, never 100). A scripted test writes the
two-digit number it wants: scripting ``37`` means the tens die showed 3 and
the units die 7. Doubles (00, 11, ... 99) are criticals.

Advantage [+] rolls twice and keeps the more favourable; disadvantage [-]
keeps the less favourable. Ordering of results, best first: critical success,
success, failure, critical failure; among results of one kind the lower roll
is kept (this game's reading: a lower roll is "more under" the stat).
"""

from __future__ import annotations

from functools import cache, lru_cache

import attrs

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


def better(a: int, b: int, stat: int) -> int:
    """The more favourable of two rolls against ``stat`` (used for [+])."""
    ra, rb = _RANK[grade(a, stat)], _RANK[grade(b, stat)]
    if ra != rb:
        return a if ra > rb else b
    return min(a, b)


def worse(a: int, b: int, stat: int) -> int:
    """The less favourable of two rolls against ``stat`` (used for [-])."""
    return b if better(a, b, stat) == a and a != b else a


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


def roll_d100(ctx, purpose: str, rule: str, who: str = "", modifiers: tuple[str, ...] = ()) -> int:
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


def check(ctx, stat: int, adv: int, purpose: str, rule: str, who: str = "",
          modifiers: tuple[str, ...] = ()) -> Check:
    """Roll a d100 check or save against ``stat`` with net advantage ``adv`` (-1, 0, +1). ``modifiers`` names
    the [+] and [-] behind ``adv``; each die rolled carries them (see :func:`die_modifiers`)."""
    named = die_modifiers(adv, modifiers)
    first = roll_d100(ctx, purpose, rule, who, named)
    if adv == 0:
        return Check(stat, 0, (first,), first, grade(first, stat))
    label = "[+]" if adv > 0 else "[-]"
    second = roll_d100(ctx, f"{purpose} {label} second roll", rule, who, named)
    kept = better(first, second, stat) if adv > 0 else worse(first, second, stat)
    return Check(stat, adv, (first, second), kept, grade(kept, stat))


def automatic(stat: int) -> Check:
    """A check a [streamline] option makes succeed without a roll."""
    return Check(stat, 0, (), -1, SUCCESS)


@cache
def odds(stat: int, adv: int) -> dict[str, float]:
    """Exact chances of each kind of result for ``stat`` with [+] (1), none (0) or [-] (-1)."""
    kinds = [grade(r, stat) for r in range(100)]
    out = {CRIT_SUCCESS: 0.0, SUCCESS: 0.0, FAILURE: 0.0, CRIT_FAILURE: 0.0}
    if adv == 0:
        for k in kinds:
            out[k] += 0.01
        return out
    pick = better if adv > 0 else worse
    for a in range(100):
        for b in range(100):
            out[kinds[pick(a, b, stat)]] += 0.0001
    return out


def p_success(stat: int, adv: int) -> float:
    o = odds(stat, adv)
    return o[CRIT_SUCCESS] + o[SUCCESS]


def panic_passes(roll: int, stress: int) -> bool:
    """Rule 8: a panic check passes when the d20 rolls over the current stress."""
    return roll > stress
