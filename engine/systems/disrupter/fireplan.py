"""Rule 16 - Firing, written once: who fires, which checks and saves a shot rolls, and what their results do.

:func:`plan_fire` works a shot out before a die is rolled; the resolution (``combat.resolve_fire``) rolls the
plan's checks and saves and hands their results to :meth:`FirePlan.rows`, the table of Rule 16; the preview
hands the same method every result each check and save can have, with its exact chance
(:func:`dice.check_odds`, every face of every d100), through :meth:`FirePlan.odds`. So the odds shown are the
odds rolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import attrs

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.odds import then

from .board import armour_mods, instinct_mods, unit_stats
from .dice import CRIT_SUCCESS, FAILURE, SUCCESS, check_odds
from .schema import CLASSES
from .state import DisState, Team, Unit

#: how a check or save is made: rolled, passed without a roll ([streamline]), or failed without one
ROLLED, PASSED, FAILED = "rolled", "passed", "failed"


def firers_for(s: DisState, team: Team, target: Team, reaction: bool) -> list[Unit]:
    """The units of ``team`` that fire at ``target``: every living one whose weapon reaches it, less (outside
    reaction fire) those that have used their battlefield action."""
    assert team.pos is not None and target.pos is not None  # both on the board
    d = hex_distance(team.pos, target.pos)
    return [u for u in team.living if (reaction or not u.acted)
            and s.tables.weapons[u.weapon].wounds_at(d) > 0]


@attrs.frozen
class Roll:
    """One check or save of a shot: against ``stat`` with net ``adv``, made by ``unit`` with ``modifiers``
    named, and ``how`` it is made (:data:`ROLLED`, :data:`PASSED` or :data:`FAILED`)."""

    stat: int
    adv: int
    unit: str
    modifiers: tuple[str, ...]
    how: str = ROLLED

    def odds(self) -> dict[str, Fraction]:
        """Each kind of result it can have, exactly."""
        if self.how == PASSED:
            return {SUCCESS: Fraction(1)}
        if self.how == FAILED:
            return {FAILURE: Fraction(1)}
        return check_odds(self.stat, self.adv)

    def pass_or_fail(self) -> dict[str, Fraction]:
        """Success and failure with their exact chances, a critical counted as its kind: all Rule 16's table
        reads (a critical changes only the stress, Rule 8)."""
        o = self.odds()
        win = o.get(CRIT_SUCCESS, Fraction(0)) + o.get(SUCCESS, Fraction(0))
        return {kind: p for kind, p in ((SUCCESS, win), (FAILURE, 1 - win)) if p}


@attrs.frozen
class Pairing:
    """The firers of one Instinct value whose aim falls on units of one Armor value, and each one's Wounds."""

    instinct: int
    armour: int
    firers: tuple[str, ...]
    wounds: tuple[int, ...]


@attrs.frozen
class Row:
    """One line of Rule 16's table for one pairing: the check's and the save's results and what they do."""

    pairing: Pairing
    check: str
    save: str
    wounds: int
    effect: str

    @property
    def hit(self) -> bool:
        return self.check in (CRIT_SUCCESS, SUCCESS)

    @property
    def saved(self) -> bool:
        return self.save in (CRIT_SUCCESS, SUCCESS)

    @property
    def penalty(self) -> bool:
        """A miss against a successful save: the firers have [-] on Instinct next turn."""
        return self.effect == MISS_SAVED


MISS_SAVED = "firer has [-] on Instinct next turn"
GROUP_LESS_ONE = "the group's Wounds - 1"


@attrs.frozen
class FirePlan:
    """A shot worked out before it is rolled: the firers, one check per Instinct value among them (made by the
    first of them, with his own modifiers), one save per Armor value among the units aimed at (made by the
    first unit aimed at with it), in the order they are rolled, and the pairings of the two."""

    firers: tuple[str, ...]
    targeted: tuple[str, ...]  # the units shot at: the one aimed at, or every living unit of the target
    aims: tuple[tuple[str, str], ...]  # (firer, the unit it aims at)
    distance: int
    checks: tuple[tuple[int, Roll], ...]
    saves: tuple[tuple[int, Roll], ...]
    pairings: tuple[Pairing, ...]
    player_facing: bool
    #: the reading of "Inflict Wounds-1" (option saved_hit_one_less_per_group): 1 off the group's total
    one_less_per_group: bool = False

    def rows(self, checks: Mapping[int, str], saves: Mapping[int, str]) -> tuple[Row, ...]:
        """Rule 16's table, pairing by pairing, when the checks (by Instinct) and saves (by Armor) come out so.

        Success/success: "Inflict Wounds-1", each firer's Wounds - 1 (each unit's attack is its own: "one Unit
        at a time"; the wounds are "listed ... for each Weapon"); under the option saved_hit_one_less_per_group
        the pairing's total Wounds - 1 instead. Success/failure: its Wounds; failure/success: the firers have [-]
        on Instinct next turn; failure/failure: nothing. [streamline][variant] player_facing: every weapon hits
        unless the target saves."""
        out = []
        for pair in self.pairings:
            check, save = checks[pair.instinct], saves[pair.armour]
            hit, saved = check in (CRIT_SUCCESS, SUCCESS), save in (CRIT_SUCCESS, SUCCESS)
            if self.player_facing:
                wounds, effect = (0, "saved: no wounds") if saved else (sum(pair.wounds), "hit: full wounds")
            elif hit and saved and self.one_less_per_group:
                wounds, effect = max(sum(pair.wounds) - 1, 0), GROUP_LESS_ONE
            elif hit and saved:
                wounds, effect = sum(max(w - 1, 0) for w in pair.wounds), "Wounds - 1"
            elif hit:
                wounds, effect = sum(pair.wounds), "full Wounds"
            elif saved:
                wounds, effect = 0, MISS_SAVED
            else:
                wounds, effect = 0, "no effect"
            out.append(Row(pair, check, save, wounds, effect))
        return tuple(out)

    def _results(self, faces: Sequence[str]) -> tuple[dict[int, str], dict[int, str]]:
        """The results of the checks (by Instinct) and of the saves (by Armor), from all of them in rolling order."""
        n = len(self.checks)
        return (dict(zip((i for i, _ in self.checks), faces[:n], strict=True)),
                dict(zip((a for a, _ in self.saves), faces[n:], strict=True)))

    def cases(self) -> list[tuple[Fraction, tuple[Row, ...]]]:
        """Every way the checks and saves can come out (each succeeds or fails, with its chance from every face
        of its dice), with its exact chance and the rows :meth:`rows` gives it."""
        joint: dict[tuple[str, ...], Fraction] = {(): Fraction(1)}
        for _, roll in (*self.checks, *self.saves):
            joint = _and_then(joint, roll)
        return [(p, self.rows(*self._results(results))) for results, p in joint.items()]

    def odds(self) -> dict[str, tuple[Fraction, int]]:
        """Each outcome's exact chance and the wounds it inflicts, from :meth:`cases`."""
        out: dict[str, tuple[Fraction, int]] = {}
        for p, rows in self.cases():
            name = fire_label([(r.hit, r.saved, r.wounds) for r in rows], self.player_facing)
            before = out.get(name, (Fraction(0), 0))[0]
            out[name] = (before + p, sum(r.wounds for r in rows))
        return out


def _and_then(joint: dict[tuple[str, ...], Fraction], roll: Roll) -> dict[tuple[str, ...], Fraction]:
    """The results so far, each followed by every result of ``roll`` (an independent check), with their chances."""
    odds = roll.pass_or_fail()

    def step(done: tuple[str, ...]) -> dict[tuple[str, ...], Fraction]:
        return {(*done, r): p for r, p in odds.items()}

    return then(joint, step)


def _wounds(n: int) -> str:
    return "no wounds" if n == 0 else f"{n} wound" if n == 1 else f"{n} wounds"


def fire_label(rows: Sequence[tuple[bool, bool, int]], player_facing: bool) -> str:
    """An outcome's name, from its rows (check succeeded, save succeeded, wounds). One firing group against one
    armour group: the row of Rule 16's table; more groups: the wounds in all, and whether the firers earn [-]
    (some group missed against a successful save)."""
    wounds = sum(w for _, _, w in rows)
    if len(rows) == 1:
        hit, saved, _ = rows[0]
        if player_facing:
            return f"saved: {_wounds(0)}" if saved else f"hit: {_wounds(wounds)}"
        if hit:
            return f"hit, saved: {_wounds(wounds)}" if saved else f"hit: {_wounds(wounds)}"
        return "miss, saved: firer [-] next turn" if saved else "miss: no effect"
    penalty = not player_facing and any(not hit and saved for hit, saved, _ in rows)
    return f"{_wounds(wounds)}, firer [-] next turn" if penalty else _wounds(wounds)


def plan_fire(s: DisState, team: Team, target: Team, target_unit: str | None, reaction: bool,
              exclude: frozenset[str] = frozenset(), spotted: bool | None = None) -> FirePlan:
    """Rule 16 - Firing, before a die is rolled.

    Firers are grouped by Instinct value (one check per value) and the targeted units by Armor value (one save
    per value). This game's reading of a team with several armour values: firer k aims at targeted unit k (going
    round the targeted units), so each firer's wounds meet exactly one armour group. [streamline] player_facing:
    no Instinct check; active_rolls_only: only the side whose segment it is rolls (the other's checks pass and
    its saves fail); one_wound_weapons: every weapon deals 1 wound.

    The computer player asks what-ifs: ``exclude`` keeps those units out of the shot, ``spotted`` counts the
    target as spotted or not."""
    assert team.pos is not None and target.pos is not None  # both on the board
    d = hex_distance(team.pos, target.pos)
    firers = [f for f in firers_for(s, team, target, reaction) if f.id not in exclude]
    targeted = [s.unit(target_unit)] if target_unit else list(target.living)
    aims = {f.id: targeted[k % len(targeted)] for k, f in enumerate(firers)}
    active_side = s.segment[1] if s.segment else team.side
    checks: dict[int, Roll] = {}
    for f in firers:
        i = CLASSES[f.klass]
        if i in checks:
            continue
        adv, names = instinct_mods(s, team, f)
        if s.opt("player_facing") or (s.opt("active_rolls_only") and team.side != active_side):
            checks[i] = Roll(i, 0, f.id, (), PASSED)
        else:
            checks[i] = Roll(i, adv, f.id, names)
    saves: dict[int, Roll] = {}
    a_adv, a_names = armour_mods(s, target, spotted, team.pos)
    for f in firers:
        a = unit_stats(s, aims[f.id])[1]
        if a in saves:
            continue
        if s.opt("active_rolls_only") and target.side != active_side:
            saves[a] = Roll(a, 0, aims[f.id].id, (), FAILED)
        else:
            saves[a] = Roll(a, a_adv, aims[f.id].id, a_names)
    pairings = []
    for i in checks:
        for a in saves:
            group = [f for f in firers if CLASSES[f.klass] == i and unit_stats(s, aims[f.id])[1] == a]
            if group:
                pairings.append(Pairing(i, a, tuple(f.id for f in group),
                                        tuple(1 if s.opt("one_wound_weapons") else
                                              s.tables.weapons[f.weapon].wounds_at(d) for f in group)))
    return FirePlan(firers=tuple(f.id for f in firers), targeted=tuple(u.id for u in targeted),
                    aims=tuple((f, u.id) for f, u in aims.items()), distance=d, checks=tuple(checks.items()),
                    saves=tuple(saves.items()), pairings=tuple(pairings), player_facing=s.opt("player_facing"),
                    one_less_per_group=s.opt("saved_hit_one_less_per_group"))
