"""What things are worth to 30 Minute Missions' computer player ("default", :mod:`.ai`): a mech's worth and
firepower, what destroying each section or weapon takes from it, an attack's expected worth and the danger
a hex stands in next turn. Every chance is the rules' own: an attack's from :func:`.odds.attack_odds`, a
to-hit or evasion roll's from :func:`.odds.hit_chance` and :func:`.odds.roll_odds` (each d8 judged by the
function the resolution judges it with).

An attack is priced as the chance of each outcome times what that damage is worth on that area - a torso
kill is the mech's whole worth, a section or weapon destroyed is what the enemy loses with it (its
firepower for a weapon or an arm's grip, -2 Accuracy for the head, thrown down and halved movement for a
leg, out of the fight with both legs), a mounted weapon's explosion is added, and damage that does not
destroy counts in proportion (so it focuses on what is already hurt); a defensive stance sends it to the
guard; the counter a target may strike back with is taken off.
"""

from __future__ import annotations

from functools import cache
from math import ceil
from typing import Any, cast

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance

from . import combat as K
from . import rules
from .data import LEGS
from .odds import attack_odds, hit_chance
from .schema import ARMS
from .state import DOWN, HELD, MOUNTED, PRONE, MissionState, Unit

PARTIAL = 0.6  # damage that does not destroy an area, as a share of destroying it, pro rata
UNIT_BASE = 10.0  # a mech's worth before its firepower
FIRE_WORTH = 2.0  # per point of expected damage a turn a mech deals
DRONE_WORTH = 2.5
KNOCKDOWN_WORTH = 2.0
AVERAGE_EVASION_MISSED = 0.62  # the share of hits an average target fails to evade (firepower's rough guess)
#: one attack within reach: (weapon or drone id, target id, ranged?, AP, where it is aimed at or from)
Reach = tuple[str, str, bool, int, Any]
#: an enemy as the danger it brings reads it: (hex, elevation, movement points + 1, the hexes it can close in
#: to strike, [(ranged?, range, the roll it needs, damage, the attacks its average AP pays for)] per weapon)
Threat = tuple[Hex, int, int, int, list[tuple[bool, int, int, int, int]]]


@attrs.frozen
class AttackTerms:
    """One attack's terms for :meth:`Appraiser.attack_value`: the roll it needs (``no_bonus``: a posture
    does not help it - a drone's shot, a melee attack), its damage and a critical hit's, the target's
    evasion and counter rolls (None: it cannot), what a counter costs the attacker, the worth added by a
    knockdown or grapple, and for a mech (None for a drone, whose defence points are ``dp``) each area
    with what the damage and the critical damage are worth there."""

    need: int
    no_bonus: bool
    dmg: int
    crit: int
    evade: int | None
    counter: int | None = None
    cost: float = 0.0
    extra: float = 0.0
    areas: list[tuple[str, float, float]] | None = None
    dp: int = 0


@cache
def _attack_floats(need: int, bonus: int, evade: int | None, counter: int | None) -> tuple[float, float, float]:
    a = attack_odds(need, bonus, evade, counter)
    return float(a.hit), float(a.critical), float(a.countered)


class Appraiser:
    """The computer player's prices, remembered for one choice (``_memo``) or, for sight on terrain that
    never changes, for the game."""

    def __init__(self) -> None:
        self._view: dict[tuple[Hex, int, Hex], bool] = {}
        self._memo: dict[tuple[Any, ...], Any] = {}

    # -----------------------------------------------------------------------------------------
    # Board knowledge (terrain never changes: sight and view are remembered for the game)
    # -----------------------------------------------------------------------------------------
    def los(self, st: MissionState, a: Hex, ae: int, b: Hex, be: int) -> bool:
        key = (a, ae, b, be)
        cache = st.tables.sight_cache
        v = cache.get(key)
        if v is None:
            v = cache[key] = K.line_of_sight(st, a, ae, b, be)
        return v

    def in_view(self, a: Hex, f: int, b: Hex) -> bool:
        key = (a, f, b)
        v = self._view.get(key)
        if v is None:
            v = self._view[key] = K.in_view(a, f, b)
        return v

    # -----------------------------------------------------------------------------------------
    # What things are worth
    # -----------------------------------------------------------------------------------------
    def _weapons(self, st: MissionState, u: Unit, exclude: frozenset[str] = frozenset()) -> list[Any]:
        key = ("w", u.id, exclude)
        v = self._memo.get(key)
        if v is None:
            v = self._memo[key] = [w for w in st.weapons_of(u.id) if w.id not in exclude
                                   and K.usable(st, u, w) is None and st.tables.weapons[w.type].kind != "shield"]
        return v

    def _attacking_weapons(self, st: MissionState, u: Unit, ranged_ok: bool) -> list[tuple[Any, Any, bool]]:
        """(weapon, its type, ranged?) of ``u``'s weapons that may attack now: a ranged one only where
        ``ranged_ok``, a close-combat one not while the mech lies prone."""
        out = []
        for w in self._weapons(st, u):
            wt = st.tables.weapons[w.type]
            ranged = wt.kind == "ranged"
            if (ranged and not ranged_ok) or (not ranged and u.posture == PRONE):
                continue
            out.append((w, wt, ranged))
        return out

    def _targets(self, st: MissionState, side: str) -> list[tuple[str, Hex, int]]:
        key = ("tg", side)
        v = self._memo.get(key)
        if v is None:
            v = [(t.id, t.at, t.elev) for t in st.units.values() if t.side != side and t.on_board]
            v += [(d.id, d.at, d.elev) for d in st.drones.values() if d.side != side and d.active]
            self._memo[key] = v
        return v

    def _reach_base(self, st: MissionState, u: Unit, at: Hex, elev: int, ranged_ok: bool) -> list[Reach]:
        """(weapon id, target id, ranged?, AP, the target's hex) of every attack of ``u``'s own weapons in
        range and sight from a spot, whichever way it faces."""
        key = ("rb", u.id, at, elev, ranged_ok)
        base = self._memo.get(key)
        if base is None:
            base = []
            for w, wt, ranged in self._attacking_weapons(st, u, ranged_ok):
                for tid, t_at, t_elev in self._targets(st, u.side):
                    if K.attack_range(at, elev, t_at, t_elev) > wt.range:
                        continue
                    if not self.los(st, at, elev, t_at, t_elev):
                        continue
                    base.append((w.id, tid, ranged, wt.ap, t_at))
            self._memo[key] = base
        return cast("list[Reach]", base)

    def _drone_reach(self, st: MissionState, u: Unit) -> list[Reach]:
        """(drone id, target id, True, AP, (the drone's hex, elevation)) of every shot ``u``'s active drones
        have in range and sight (a drone sees all round)."""
        key = ("rd", u.id)
        drones = self._memo.get(key)
        if drones is None:
            drones = []
            for d in rules.active_drones(st, u.id):
                wt = st.tables.weapons[st.tables.drones[d.type].weapon]
                for tid, t_at, t_elev in self._targets(st, u.side):
                    if K.attack_range(d.hex, d.elev, t_at, t_elev) <= wt.range and \
                            self.los(st, d.hex, d.elev, t_at, t_elev):
                        drones.append((d.id, tid, True, wt.ap, (d.hex, d.elev)))
            self._memo[key] = drones
        return cast("list[Reach]", drones)

    def _in_sight(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int,
                  ranged_ok: bool) -> tuple[tuple[int, ...], bool]:
        """Which of :meth:`_reach_base`'s attacks are in the field of view facing ``facing`` (their indices),
        and whether any ranged attack is to be had there (the drones' shots counted when ``ranged_ok``)."""
        key = ("rc", u.id, at, elev, facing, ranged_ok)
        got = self._memo.get(key)
        if got is None:
            base = self._reach_base(st, u, at, elev, ranged_ok)
            seen = tuple(i for i, x in enumerate(base) if self.in_view(at, facing, x[4]))
            shots = any(base[i][2] for i in seen) or (ranged_ok and any(x[2] for x in self._drone_reach(st, u)))
            got = self._memo[key] = (seen, shots)
        return cast("tuple[tuple[int, ...], bool]", got)

    def firepower(self, st: MissionState, u: Unit, exclude: frozenset[str] = frozenset(), acc_pen: int = 0,
                  half: frozenset[str] = frozenset()) -> float:
        """Roughly the damage a turn ``u`` deals: its best weapon's damage per AP times its average AP and
        its chance to hit past an average evasion; active drones add a little."""
        key = ("fp", u.id, exclude, acc_pen, half)
        if key in self._memo:
            return cast("float", self._memo[key])
        c = K.core(st, u)
        ap = c.base_ap + 4.5
        best = 0.0
        for w in self._weapons(st, u, exclude):
            wt = st.tables.weapons[w.type]
            dmg = K.flat_damage(st, w, wt) * (0.5 if w.id in half else 1.0)
            if wt.kind == "ranged":
                need = K.accuracy(st, u, wt).need + acc_pen
            else:
                need = K.assault(st, u, wt).need
            p = float(hit_chance(need)) * AVERAGE_EVASION_MISSED
            reach = 1.0 if wt.kind == "ranged" else 0.6  # a melee weapon must first get there
            best = max(best, dmg / wt.ap * ap * p * reach)
        best += 0.5 * len(rules.active_drones(st, u.id))
        self._memo[key] = best
        return best

    def unit_worth(self, st: MissionState, u: Unit) -> float:
        key = ("uw", u.id)
        if key in self._memo:
            return cast("float", self._memo[key])
        v = UNIT_BASE + FIRE_WORTH * self.firepower(st, u)
        m = st.tables.mission
        if m.goal == "hold" and u.on_board and any(hex_distance(u.hex, y) <= 1 for y in m.objectives):
            v *= 1.6 if u.at in m.objectives else 1.2
        self._memo[key] = v
        return v

    def _loss(self, st: MissionState, u: Unit, **kw: Any) -> float:
        return max(0.0, FIRE_WORTH * (self.firepower(st, u) - self.firepower(st, u, **kw)))

    def destroy_worth(self, st: MissionState, u: Unit, area: str) -> float:
        """What ``u`` loses when ``area`` (a section or a weapon id) is destroyed."""
        key = ("dw", u.id, area)
        if key in self._memo:
            return cast("float", self._memo[key])
        if area == "torso":
            v = self.unit_worth(st, u)
        elif area in st.weapons:
            w = st.weapons[area]
            v = 0.5 + self._loss(st, u, exclude=frozenset({area}))
            if w.place == MOUNTED:
                boom = ceil(st.tables.weapons[w.type].damage / 2)
                v += self.area_value(st, u, w.at[0], boom, redirect=False)
        else:
            mounted = frozenset(w.id for w in st.weapons_of(u.id) if w.place == MOUNTED and w.at[0] == area)
            if area == "head":
                v = 1.0 + self._loss(st, u, exclude=mounted, acc_pen=2)
            elif area in ARMS:
                gone = set(mounted)
                half = set()
                for w in st.weapons_of(u.id):
                    if w.place == HELD and area in w.at:
                        if len(w.at) > 1:
                            half.add(w.id)
                        else:
                            gone.add(w.id)
                v = 1.0 + self._loss(st, u, exclude=frozenset(gone), half=frozenset(half))
            else:  # a leg
                other = LEGS[1] if area == LEGS[0] else LEGS[0]
                if u.sections[other] == 0:
                    v = 0.55 * self.unit_worth(st, u)  # down for good: no more attacks
                else:
                    v = 3.0 + 0.12 * self.unit_worth(st, u)
                v += self._loss(st, u, exclude=mounted)
        self._memo[key] = v
        return v

    def area_value(self, st: MissionState, u: Unit, area: str, dmg: int, redirect: bool = True) -> float:
        """What ``dmg`` points on ``u``'s ``area`` are worth (to the side dealing them)."""
        if redirect and u.stance == "defensive":
            sh = K.shield_of(st, u)
            if sh is not None:
                area = sh.id
        left = u.sections[area] if area in u.sections else st.weapons[area].dp
        if left <= 0:
            return 0.0
        whole = self.destroy_worth(st, u, area)
        if dmg >= left:
            return whole
        return PARTIAL * whole * dmg / left

    @staticmethod
    def _odds(need: int, bonus: int, evade: int | None, counter: int | None) -> tuple[float, float, float]:
        """(hit, critical hit, evaded and countered): the attack's exact odds (:func:`.odds.attack_odds`)."""
        return _attack_floats(need, bonus, evade, counter)

    def attack_value(self, st: MissionState, u: Unit, wid: str, origin: tuple[Hex, int], tid: str,
                     bonus: int) -> tuple[float, str]:
        """The best expected worth of one attack by ``u`` with ``wid`` on ``tid`` from ``origin``, and the
        area to aim at. ``bonus``: the posture's +N to accuracy rolls."""
        reach = self._counter_reach(st, tid)
        in_reach = reach is not None and K.attack_range(reach[0], reach[1], origin[0], origin[1]) <= reach[2]
        return self.attack_value_if(st, u, wid, tid, bonus, in_reach)

    def attack_value_if(self, st: MissionState, u: Unit, wid: str, tid: str, bonus: int,
                        in_reach: bool) -> tuple[float, str]:
        """:meth:`attack_value` from a spot the target can (``in_reach``) or cannot strike back at: out of
        its reach the attack is worth no less (a counter only takes off)."""
        a = self._attack_terms(st, u, wid, tid)
        if a.no_bonus:
            bonus = 0
        # the spot matters only through whether the target can strike back there: remembered per that
        key = ("av", wid, tid, bonus, in_reach)
        got = self._memo.get(key)
        if got is not None:
            return cast("tuple[float, str]", got)
        best = (0.0, "torso")
        if a.areas is None:  # a drone
            hit, cr, _ = self._odds(a.need, bonus, a.evade, None)
            v = sum(p * (DRONE_WORTH if x >= a.dp else PARTIAL * DRONE_WORTH * x / a.dp)
                    for p, x in ((hit, a.dmg), (cr, a.crit)))
            best = (v, "frame")
        else:
            counter, cost = (a.counter, a.cost) if in_reach and a.counter is not None else (None, 0.0)
            hit, cr, countered = self._odds(a.need, bonus, a.evade, counter)
            extra = a.extra
            for area, on_hit, on_crit in a.areas:
                v = (hit * (on_hit + extra) + cr * (on_crit + extra) - countered * cost)
                if v > best[0] + 1e-9:
                    best = (v, area)
            if best[0] <= 0.0:
                best = (best[0], "torso")
        self._memo[key] = best
        return best

    def _attack_terms(self, st: MissionState, u: Unit, wid: str, tid: str) -> AttackTerms:
        """What :meth:`attack_value` reads of an attack by ``u`` with ``wid`` on ``tid``, whatever the
        posture and the spot: the rolls, the damage, what it is worth on each area."""
        key = ("at", wid, tid)
        got = self._memo.get(key)
        if got is not None:
            return cast("AttackTerms", got)
        weapon, w, drone = rules.weapon_of_attack(st, u.id, wid)
        ranged = weapon.kind == "ranged"
        if drone is not None:
            need, no_bonus = st.tables.drones[drone.type].accuracy, True
        elif ranged:
            need, no_bonus = K.accuracy(st, u, weapon).need, False
        else:
            need, no_bonus = K.assault(st, u, weapon).need, True
        dmg = K.flat_damage(st, w, weapon)
        crit = dmg + K.critical_bonus(dmg)
        if tid in st.drones:
            d = st.drones[tid]
            got = AttackTerms(need, no_bonus, dmg, crit, st.tables.drones[d.type].evasion, dp=d.dp)
        else:
            t = st.units[tid]
            evade = None if K.can_evade(t) else K.evasion(st, t).need
            counter, cost = None, 0.0
            if evade is not None:
                pw = K.primary_weapon(st, t)
                if pw is not None:
                    pwt = st.tables.weapons[pw.type]
                    counter = K.counter(st, t).need
                    cd = K.flat_damage(st, pw, pwt)
                    if drone is not None:
                        cost = DRONE_WORTH if cd >= drone.dp else PARTIAL * DRONE_WORTH * cd / drone.dp
                    else:
                        cost = self.area_value(st, u, "torso", cd)
            extra = KNOCKDOWN_WORTH if ("knockdown" in weapon.tags and t.posture != DOWN and drone is None) else 0.0
            extra += 1.0 if ("grapple" in weapon.tags and t.grappled_by is None and drone is None) else 0.0
            areas = [(area, self.area_value(st, t, area, dmg), self.area_value(st, t, area, crit))
                     for area in rules.areas_of(st, tid)]
            got = AttackTerms(need, no_bonus, dmg, crit, evade, counter, cost, extra, areas)
        self._memo[key] = got
        return got

    def _counter_reach(self, st: MissionState, tid: str) -> tuple[Hex, int, int] | None:
        """Where target ``tid`` stands and the range of the weapon it would counter with, or None when it
        cannot strike back (a drone, a unit that cannot evade or has no weapon to counter with)."""
        key = ("cr", tid)
        if key in self._memo:
            return cast("tuple[Hex, int, int] | None", self._memo[key])
        out = None
        t = st.units.get(tid)
        if t is not None and not K.can_evade(t):
            pw = K.primary_weapon(st, t)
            if pw is not None:
                out = (t.hex, t.elev, st.tables.weapons[pw.type].range)
        self._memo[key] = out
        return out

    # -----------------------------------------------------------------------------------------
    # Danger: what the enemy could do to a unit standing at a hex next turn
    # -----------------------------------------------------------------------------------------
    def _threats(self, st: MissionState, side: str) -> list[Threat]:
        """Each enemy of ``side`` that can still fight, as :meth:`danger` reads it (:data:`Threat`)."""
        key = ("th", side)
        got = self._memo.get(key)
        if got is None:
            got = []
            for e in st.units.values():
                if e.side == side or not e.on_board:
                    continue
                if e.posture == DOWN and all(e.sections[a] == 0 for a in LEGS):
                    continue
                mp = K.movement_allowance(st, e) + 1
                thr = st.tables.designs[e.design].thrusters
                reach_mp = mp + (st.tables.thrusters[thr].range if thr else 0)
                ap = K.core(st, e).base_ap + 4.5
                arms = []
                for w in self._weapons(st, e):
                    wt = st.tables.weapons[w.type]
                    ranged = wt.kind == "ranged"
                    need = K.accuracy(st, e, wt).need if ranged else K.assault(st, e, wt).need
                    arms.append((ranged, wt.range, need, K.flat_damage(st, w, wt), max(1, int(ap // wt.ap))))
                got.append((e.hex, e.elev, mp, mp if not thr else reach_mp - 2, arms))
            self._memo[key] = got
        return cast("list[Threat]", got)

    def danger(self, st: MissionState, u: Unit, at: Hex, elev: int, can_evade: bool = True) -> float:
        """What the enemy could take off ``u`` standing at ``at`` next turn: each enemy's best weapon that
        could reach it, times its exact chance to land (the attack's odds against the evasion ``u`` would
        have there), times the attacks its average AP pays for; as a share of the torso, of ``u``'s worth."""
        key = ("dg", u.id, at, elev, can_evade)
        if key in self._memo:
            return cast("float", self._memo[key])
        total = 0.0
        t = st.tables.terrain_at(at)
        ev = K.core(st, u).evasion - (t.evasion if (not t.roof or elev != t.roof) else 0)
        evade = ev if can_evade else None
        torso = max(1, u.sections["torso"])
        for e_hex, e_elev, mp, melee_reach, arms in self._threats(st, u.side):
            d = hex_distance(e_hex, at)
            best = 0.0
            for ranged, w_range, need, dmg, times in arms:
                rng = d + abs(e_elev - elev)
                if ranged:
                    if rng > w_range + mp:
                        continue
                    if rng > w_range and not self.los(st, e_hex, e_elev, at, elev):
                        continue
                elif d - 1 > melee_reach:
                    continue
                hit, crit, _ = _attack_floats(need, 0, evade, None)
                p = hit + crit
                best = max(best, dmg * p * times)
            total += best
        v = total / torso * self.unit_worth(st, u) * PARTIAL
        self._memo[key] = v
        return v

