"""How likely a RatFight side is to win from here, for the hard player's search (engine.core.search).

A RatFight battle is decided at the Morale Check (Turn Sequence 6): each force turns a resolution card that must
beat its casualties, a leader on the battlefield letting it turn more and keep the best; a force that fails has
lost, both failing together lose both; and after a scenario's last turn (this game's reading, "The last turn" in
the rules help) the side with fewer casualties holds the field. So the heart of a position's worth is a race
between the two sides' checks, which :func:`morale_race` works out exactly as if the casualties stood as they are
now, from the break chance the position value already reads (:func:`.morale.rout_chance`).

Casualties do not stand still, though, and how the race is likely to change is learned: :func:`win_chance` is a
logistic model of the result (won 1, drawn a half, lost 0) over :func:`features` of the position, each the side's
own less the enemy's, so that the two sides' chances add up to one. Its :data:`WEIGHTS` come from
``benchmarks/ratfight_value_fit.py``, which plays the standard player against itself and fits them; the script
says how many battles and what they scored.
"""

from __future__ import annotations

import math

from .morale import casualties, present, rout_chance
from .state import DOWN, FLED, RatState

#: what each feature is, in order (a side's own less the enemy's unless said): the morale race's chance won less
#: lost; the same, the more so the nearer the end; casualties taken by the enemy less its own, in fours; the same,
#: the more so the more turns are left; Downed or fled models, the enemy's less its own, in fours; the same, with
#: turns left; the share of its models still standing, its own less the enemy's; the same, with turns left; the
#: enemy's chance of breaking at a check held now less its own
FEATURES = ("race", "late race", "casualties", "early casualties", "downed", "early downed", "standing",
            "early standing", "break now")

#: fitted by benchmarks/ratfight_value_fit.py (its RESULTS.md section gives the battles and the fit)
WEIGHTS = (0.183, 0.205, -2.247, 2.056, -2.161, 1.848, 6.875, -4.553, 2.894)


def morale_race(st: RatState, side: str) -> tuple[float, float]:
    """The chances that ``side`` wins and loses if every Morale Check left in the battle were held with the
    casualties as they are now: at each check it breaks alone (lost), the enemy breaks alone (won), or both
    break (both lose, neither won); if every check holds, the side with fewer casualties wins after the last
    turn, and equal casualties are a draw (this game's reading of the last turn)."""
    enemy = st.other(side)
    return _race(rout_chance(st, side), rout_chance(st, enemy), checks_left(st), casualties(st, side),
                 casualties(st, enemy))


def _race(mine: float, theirs: float, checks: int, ours: int, enemys: int) -> tuple[float, float]:
    """:func:`morale_race` from each side's chance of breaking at a check, the checks left, and each side's
    casualties."""
    won = lost = 0.0
    going = 1.0
    for _ in range(checks):
        won += going * theirs * (1 - mine)
        lost += going * mine * (1 - theirs)
        going *= (1 - mine) * (1 - theirs)
    if ours < enemys:
        won += going
    elif ours > enemys:
        lost += going
    return won, lost


def checks_left(st: RatState) -> int:
    """The Morale Checks still to come: one at the end of this turn and of each turn after it."""
    return max(0, st.tables.turn_limit - st.turn + 1)


def _side_terms(st: RatState, side: str) -> tuple[int, int, float]:
    """A side's casualties (for morale), its Downed or fled models, and the share of its models standing."""
    models = [m for m in st.models.values() if m.side == side]
    down = sum(1 for m in models if m.status in (DOWN, FLED))
    standing = sum(1 for m in models if present(m))
    return casualties(st, side), down, standing / max(1, len(models))


def features(st: RatState, side: str) -> tuple[float, ...]:
    """The position as :data:`FEATURES` reads it, for ``side``. Each is the side's own less the enemy's (or
    the race's won less lost), so the enemy's features are these negated."""
    enemy = st.other(side)
    mine, theirs = rout_chance(st, side), rout_chance(st, enemy)
    cas, down, stand = _side_terms(st, side)
    e_cas, e_down, e_stand = _side_terms(st, enemy)
    checks = checks_left(st)
    won, lost = _race(mine, theirs, checks, cas, e_cas)
    race = won - lost
    early = checks / st.tables.turn_limit
    hurt = (e_cas - cas) / 4
    downed = (e_down - down) / 4
    standing = stand - e_stand
    breaking = theirs - mine
    return (race, race * (1 - early), hurt, hurt * early, downed, downed * early, standing, standing * early,
            breaking)


def score(weights: tuple[float, ...], xs: tuple[float, ...]) -> float:
    """The logistic model's chance for features ``xs``."""
    z = sum(w * x for w, x in zip(weights, xs, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def win_chance(st: RatState, side: str) -> float:
    """The learned chance that ``side`` wins from here (a draw counting half), between 0 and 1; the two sides'
    chances add up to one."""
    return score(WEIGHTS, features(st, side))
