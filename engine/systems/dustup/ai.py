"""Dustup's own computer player ("default"): greedy, rules-aware, and quick.

It prices every legal order for the unit acting (or, between activations,
for each unit it could activate) with the exact odds of :mod:`odds` and takes
the best:
- shoot where the dice favour it: expected casualties from the volley odds
  and the impact-against-armour odds, plus the worth of a suppression marker
  (high on an enemy not yet pinned, little on one already carrying three);
  suppressive fire where concealment or range make casualties unlikely;
- assault a pinned or weaker enemy when the courage test favours it;
- recover suppression first (a pinned unit can do little else), rally shaken
  units with commanders, order subordinates that have a shot, treat wounded;
- move toward the objectives (or the enemy) into cover and concealment,
  avoiding open ground under the eyes of unpinned enemies, and prefer hexes
  from which it can shoot next; prop when in a firing position.
It passes when passing is legal and nothing is worth doing.
"""

from __future__ import annotations

from typing import Any

from engine.core.hexes import Hex, hex_distance

from . import commands as C
from . import odds, rules
from .data import EFFECTIVE_RANGE
from .dice import open_shift, shift
from .state import DustState, Unit

PASS_VALUE = 0.15


class DefaultPlayer:
    name = "default"

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""

    def choose(self, system: Any, st: DustState) -> Any:
        legal = system.legal_commands(st)
        if len(legal) == 1:
            return legal[0]
        if st.pending is not None:
            return self._decide(st, legal)
        best_value, best = None, legal[0]
        for cmd in legal:
            value = self.value(st, cmd)
            if best_value is None or value > best_value:
                best_value, best = value, cmd
        return best

    # -- decisions ------------------------------------------------------------------------------
    def _decide(self, st: DustState, legal: list[Any]) -> Any:
        kind = st.pending.kind
        want = {"first": "first", "seize": "decline", "occupy": "occupy", "press": "press"}.get(kind)
        if kind == "withdraw":
            want = "stand"
        for cmd in legal:
            if isinstance(cmd, C.ChooseFirst) and want == "first" and cmd.first:
                return cmd
            if isinstance(cmd, C.Decide) and cmd.choice == want:
                return cmd
        return legal[0]

    # -- pricing orders -------------------------------------------------------------------------------
    def value(self, st: DustState, cmd: Any) -> float:
        t = type(cmd)
        if t is C.Pass:
            return PASS_VALUE
        if t is C.EndActivation or t is C.Hold:
            return 0.0
        u = st.units.get(getattr(cmd, "unit", ""), None)
        if u is None:
            return 0.0
        if t is C.Shoot:
            return self._shoot(st, u, cmd)
        if t is C.Move:
            return self._move(st, u, cmd)
        if t is C.Assault:
            return self._assault(st, u, cmd)
        if t is C.Recover:
            return 2.0 * odds.p_beats(u.quality, u.leadership)
        if t is C.Prop:
            return 0.5 if self._targets_from(st, u, u.pos) and not self._wants_to_advance(st, u) else 0.05
        if t is C.Unprop:
            return 0.6 if self._wants_to_advance(st, u) and not self._targets_from(st, u, u.pos) else 0.0
        if t is C.Rally:
            sub = st.units[cmd.subordinate]
            return 1.5 * (sub.initial_confidence - sub.confidence) * odds.p_beats(sub.quality,
                                                                                 sub.leadership + u.leadership)
        if t is C.Order:
            sub = st.units[cmd.subordinate]
            if not sub.on_table or sub.suppression or sub.panicked:
                return 0.0
            shots = self._targets_from(st, sub, sub.pos)
            return (1.2 if shots else 0.4) * (0.5 if not sub.activated else 1.0)
        if t is C.Treat:
            return 0.6 * len(st.units[cmd.patient].wounded_untreated)
        if t is C.Detect:
            m = st.markers.get(cmd.marker)
            return 0.5 if m is not None else 0.0
        if t is C.Reorganise:
            return 1.0 if u.leaderless and cmd.purpose == "leader" else 0.02
        return 0.1  # forced orders (rouse, withdraw) are the only legal ones anyway

    # shooting ---------------------------------------------------------------------------------------
    def _shoot(self, st: DustState, u: Unit, cmd: C.Shoot) -> float:
        from . import fire

        target = st.units[cmd.target]
        shot = fire.odds(st, u, target, cmd.figures, cmd.grenades, cmd.suppressive)
        if shot is None:
            return 0.0
        _, impact = fire.firer_dice(st, u, [f.id for f in fire.firing_figures(st, u, target, cmd.figures)],
                                    cmd.grenades)
        armour = max((f.armour for f in target.fit_figures), default=4)
        steps = rules.cover_shift(st, target) + (1 if target.propped else 0)
        wound, kill = odds.p_wound(impact, shift(armour, steps)) if impact else (0.0, 0.0)
        casualties = 0.0 if cmd.suppressive else shot.expected_hits * (wound + kill)
        pin = (1.0 if target.suppression == 0 else 0.4 if target.suppression < 3 else 0.0)
        value = 3.0 * casualties + 1.2 * pin * (shot.minor + shot.major)
        if cmd.figures and not cmd.grenades:
            value *= 0.9  # keep split fire for when it pays
        return value + 0.3

    # assault --------------------------------------------------------------------------------------------
    def _assault(self, st: DustState, u: Unit, cmd: C.Assault) -> float:
        """The courage test's odds, as the assault rules will roll it (assault.courage_shifts)."""
        from . import assault, view

        target = st.units[cmd.target]
        if cmd.second is not None:
            return 0.0
        mine = max(1, u.able * (2 if u.power else 1))
        theirs = max(1, target.able * (2 if target.power else 1))
        if hex_distance(u.pos, target.pos) <= 1:
            return 1.0 + mine / theirs
        me, them = (u.id, assault.members(u)), (target.id, assault.members(target))
        a_steps = sum(s for _, s in assault.courage_shifts(st, me, them, False))
        d_steps = sum(s for _, s in assault.courage_shifts(st, them, me, True))
        a, d = open_shift(u.quality, a_steps, target.quality, d_steps)
        o = view.courage_odds(st, target, a, d)
        odds_ratio = min(2.0, mine / theirs)
        return (3.0 * o[assault.WITHDRAW] + 1.5 * o[assault.CONTACT] * odds_ratio
                - 2.0 * o[assault.BAD] - 0.5 * o[assault.FAIL] - 0.3)

    # movement ---------------------------------------------------------------------------------------------
    def _goal(self, st: DustState, u: Unit) -> Hex | None:
        objectives = list(st.tables.objectives)
        if objectives:
            return min(objectives, key=lambda o: (self._held_by_us(st, u.side, o), hex_distance(u.pos, o)))
        enemies = [e.pos for e in st.enemies(u.side)]
        return min(enemies, key=lambda h: hex_distance(u.pos, h)) if enemies else None

    @staticmethod
    def _held_by_us(st: DustState, side: str, obj: Hex) -> bool:
        return any(v.side == side and v.on_table and hex_distance(v.pos, obj) <= 1 for v in st.units.values())

    def _wants_to_advance(self, st: DustState, u: Unit) -> bool:
        goal = self._goal(st, u)
        return goal is not None and hex_distance(u.pos, goal) > 1

    def _targets_from(self, st: DustState, u: Unit, h: Hex) -> list[Unit]:
        return [e for e in st.enemies(u.side)
                if not e.hidden and hex_distance(h, e.pos) <= EFFECTIVE_RANGE and rules.can_see(st, h, e.pos)]

    def _move(self, st: DustState, u: Unit, cmd: C.Move) -> float:
        if cmd.leave_wounded:
            return -1.0
        goal = self._goal(st, u)
        to = cmd.to
        value = 0.0
        if goal is not None:
            value += 0.25 * (hex_distance(u.pos, goal) - hex_distance(to, goal))
            if hex_distance(to, goal) <= 1:
                value += 0.8
        cover = rules.COVER_SHIFT[st.tables.cover.get(to, "none")] + \
            (1 if st.tables.conceal.get(to, "none") != "none" else 0)
        value += 0.35 * cover
        watchers = [e for e in st.enemies(u.side) if not e.hidden and e.suppression == 0
                    and hex_distance(to, e.pos) <= EFFECTIVE_RANGE and rules.can_see(st, e.pos, to)]
        if not cover:
            value -= 0.3 * len(watchers)
        if watchers:
            value += 0.4  # a firing position for the next action
        if u.confidence <= 2:
            value -= 0.3 * len(watchers)
        return value
