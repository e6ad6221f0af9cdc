"""What the end of a move is worth to 30 Minute Missions' computer player (:mod:`.ai`): where it leaves the
mech (:meth:`SpotPricer._place_value`), and the best use of the AP left there (:meth:`SpotPricer._best_actions`) -
the attacks and command actions the spot offers, the posture to take, the AP shared out over them by a small
knapsack. Every price is :mod:`.appraise`'s.

The planner prices a couple of hundred ends of a move a turn; most cannot beat the best found, and
:meth:`SpotPricer._end_bound` says so without pricing them: no less than any end at a spot is worth, it is the
place's worth plus what could be done anywhere (every attack on every target at its worth out of the target's
reach, every posture, every command action), or, when that is not low enough, plus the share-out of every
attack the spot offers whichever way the mech faces. Adding an offer never lowers a share-out, an attack
out of the target's reach is worth no less, a posture change costs something: so a bound below the best found
leaves the choice exactly as pricing every end would.

Offers are numbered (equal offers, one number) and a share-out is remembered by its offers' numbers for the
choice: many spots and facings offer the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from hexfront.engine.core.hexes import Hex, hex_distance, hexes_within

from . import combat as K
from . import commands as C
from . import rules
from .appraise import Appraiser
from .state import CLOSE, DOWN, KNEELING, PRONE, STANDING, MissionState, Unit

APPROACH = 1.2  # per hex short of where the unit wants to stand
DANGER = 0.35  # per point of the worth the enemy could take off the unit next turn
HOLD_WORTH = 14.0  # standing alone on a yard (a point a round)
YARD_PULL = 1.0  # per hex to the nearest yard not held
LAUNCH_WORTH = 2.5
OFFENSIVE_WORTH = 0.35  # share of a good shot that a reaction attack is worth
KNEEL_COST = 1.5  # the AP to get up again later, for a mech that means to move
#: an end whose bound is this far below the best found is skipped (far more than the share-out's rounding)
BOUND_SLACK = 1e-6
#: an offer of the AP's share-out: (worth, AP, kind, order)
Offer = tuple[float, int, Any, Any]
#: a posture to take before attacking: (its orders, their AP, its bonus to accuracy rolls, the posture)
Posture = tuple[list[Any], int, int, str]


class SpotPricer(Appraiser):
    """The prices of the ends of a move, remembered for one choice."""

    def __init__(self) -> None:
        super().__init__()
        self._tokens: dict[tuple[Any, ...], int] = {}  # offers' numbers, for one choice

    def _new_choice(self) -> None:
        """Forget what was remembered for the last choice (the state has changed since)."""
        self._memo = {}
        self._tokens = {}

    def _role(self, st: MissionState, u: Unit) -> str:
        d = st.tables.designs[u.design]
        if d.drones:
            return "carrier"
        if d.thrusters:
            return "thrusters"
        ranged = [st.tables.weapons[lo.weapon] for lo in d.loadout if lo.place != "carried"]
        best = max((w.range for w in ranged if w.kind == "ranged"), default=0)
        if best >= 9:
            return "long"
        return "brawler"

    def _end_value(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int, ap: int, posture: str,
                   thrusted: bool, phase: str) -> float:
        v = self._place_value(st, u, at, elev, facing, thrusted)
        if not thrusted and posture != DOWN:
            v += self._best_actions(st, u, at, elev, facing, ap, posture, phase)[0]
        else:
            v += self._best_actions(st, u, at, elev, facing, ap, posture, phase, attacks=False)[0]
        return v

    def _place_value(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int, thrusted: bool) -> float:
        """Where the turn leaves the unit: in reach of its targets, out of danger, on the objective."""
        key = ("pv", u.id, at, elev)
        if key in self._memo:
            return cast("float", self._memo[key])
        enemies = [e for e in st.units.values() if e.side != u.side and e.on_board]
        v = 0.0
        if enemies:
            weapons = self._weapons(st, u)
            ranged = [st.tables.weapons[w.type].range for w in weapons if st.tables.weapons[w.type].kind == "ranged"]
            melee = any(st.tables.weapons[w.type].kind == "melee" for w in weapons)
            role = self._role(st, u)
            want = 1 if (role == "brawler" and melee) or not ranged else max(ranged) - 1
            if role == "thrusters" and melee:
                want = min(want, 3)
            dmin = min(K.attack_range(at, elev, e.hex, e.elev) for e in enemies)
            v -= APPROACH * max(0, dmin - want)
        v -= DANGER * self.danger(st, u, at, elev)
        t = st.tables.terrain_at(at)
        if t.roof and elev == t.roof:
            v -= 0.5
        m = st.tables.mission
        if m.goal == "hold" and m.objectives:
            held = {y for y in m.objectives if any(f.id != u.id and f.on_board and f.side == u.side and f.at == y
                                                    for f in st.units.values())}
            if at in m.objectives and at not in held:
                v += HOLD_WORTH
            else:
                free = [y for y in m.objectives if y not in held]
                if free:
                    v -= YARD_PULL * min(hex_distance(at, y) for y in free)
                else:
                    v -= 0.3 * min(hex_distance(at, y) for y in m.objectives)
        self._memo[key] = v
        return v

    # -- combat and command actions ---------------------------------------------------------------
    def _token(self, item: tuple[Any, ...]) -> int:
        """A number for an offer (worth, AP, kind, order), the same for equal offers: the share-out of a
        list of offers is remembered by their numbers."""
        t = self._tokens.get(item)
        if t is None:
            t = self._tokens[item] = len(self._tokens)
        return t

    def _offers(self, st: MissionState, u: Unit, at: Hex, elev: int, ranged_ok: bool,
                bonus: int) -> list[tuple[Offer, int] | None]:
        """For each of :meth:`_reach_base`'s attacks from a spot: (worth, AP, ranged?, order) for its best
        area and that offer's number, or None if it is worth nothing."""
        key = ("of", u.id, at, elev, ranged_ok, bonus)
        got = self._memo.get(key)
        if got is None:
            got = []
            for wid, tid, ranged, ap, extra in self._reach_base(st, u, at, elev, ranged_ok):
                origin = extra if wid in st.drones else (at, elev)
                v, area = self.attack_value(st, u, wid, origin, tid, 0 if wid in st.drones else bonus)
                if v > 0:
                    item = (v, ap, ranged, C.Attack(u.id, wid, tid, area))
                    got.append((item, self._token(item)))
                else:
                    got.append(None)
            self._memo[key] = got
        return cast("list[tuple[Offer, int] | None]", got)

    def _drone_offers(self, st: MissionState, u: Unit) -> list[tuple[Offer, int]]:
        """The offers (and their numbers) of the shots ``u``'s drones have."""
        key = ("do", u.id)
        got = self._memo.get(key)
        if got is None:
            got = []
            for wid, tid, ranged, ap, extra in self._drone_reach(st, u):
                v, area = self.attack_value(st, u, wid, extra, tid, 0)
                if v > 0:
                    item = (v, ap, ranged, C.Attack(u.id, wid, tid, area))
                    got.append((item, self._token(item)))
            self._memo[key] = got
        return cast("list[tuple[Offer, int]]", got)

    def _attack_options(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int, bonus: int,
                        ranged_ok: bool) -> tuple[list[Offer], tuple[int, ...]]:
        """(worth, AP, ranged?, order) for the best area of every weapon x target in reach, and their numbers."""
        seen, _ = self._in_sight(st, u, at, elev, facing, ranged_ok)
        offers = self._offers(st, u, at, elev, ranged_ok, bonus)
        picked = [o for o in (offers[i] for i in seen) if o is not None]
        if ranged_ok:
            picked += self._drone_offers(st, u)
        return [o[0] for o in picked], tuple(o[1] for o in picked)

    def _best_actions(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int, ap: int, posture: str,
                      phase: str, attacks: bool = True) -> tuple[float, list[Any]]:
        """The best use of ``ap`` at a spot: (worth, orders in the order to give them)."""
        key = ("ba", u.id, at, elev, facing, ap, posture, phase, attacks)
        got = self._memo.get(key)
        if got is not None:
            return cast("tuple[float, list[Any]]", got)
        ranged_ok = phase != CLOSE
        shots = attacks and ranged_ok and self._in_sight(st, u, at, elev, facing, ranged_ok)[1]
        options = self._postures(st, u, posture, shots, lambda: self._prone_ok(st, u, at, elev, facing))
        best: tuple[float, list[Any]] = (0.0, [])
        for prefix, cost, bonus, post in options:
            if cost > ap:
                continue
            items: list[Any] = []
            tokens: tuple[int, ...] = ()
            if attacks:
                items, tokens = self._attack_options(st, u, at, elev, facing, bonus, ranged_ok)
            c_items, c_tokens = self._command_items(st, u, at, elev, facing, post, bonus)
            val, chosen = self._share_out(items + c_items, tokens + c_tokens, ap - cost)
            if post != posture:
                val -= self._posture_cost(st, u, at, elev, post)
            if val > best[0] + 1e-9:
                best = (val, prefix + chosen)
        self._memo[key] = best
        return best

    def _posture_cost(self, st: MissionState, u: Unit, at: Hex, elev: int, post: str) -> float:
        """What kneeling or going prone costs at a spot: the AP to get up again later (little for a long-range
        mech, which means to stay) and the evasion given up against the danger there."""
        role = self._role(st, u)
        pen = (0.4 if role == "long" else KNEEL_COST) * (2 if post == PRONE else 1)
        pen += DANGER * (self.danger(st, u, at, elev, False) - self.danger(st, u, at, elev, True))
        return pen

    def _cannot_beat(self, st: MissionState, u: Unit, at: Hex, elev: int, ap: int, posture: str, thrusted: bool,
                     phase: str, best: float) -> bool:
        """True if no end at ``at`` (any facing, AP up to ``ap``) can beat ``best`` in the planner's eyes (by
        more than 1e-9): its bound is below it by more than the share-out's rounding."""
        beat = best - BOUND_SLACK
        return self._end_bound(st, u, at, elev, ap, posture, thrusted, phase, beat) < beat

    def _end_bound(self, st: MissionState, u: Unit, at: Hex, elev: int, ap: int, posture: str, thrusted: bool,
                   phase: str, beat: float) -> float:
        """No less than :meth:`_end_value` at ``at`` for any facing and any AP up to ``ap`` (an end that cannot
        beat the best found is not priced): the place's worth plus the best that could be done anywhere
        (:meth:`_bound_anywhere`) if that is below ``beat``; else the place's worth plus the share-out of
        every attack the spot offers whichever way the unit faces, every posture it might take there and
        every command action."""
        key = ("eb", u.id, at, elev, ap, posture, thrusted, phase)
        got = self._memo.get(key)
        if got is not None:
            return cast("float", got)
        rough = (self._place_value(st, u, at, elev, 0, thrusted) + self._bound_anywhere(st, u, ap, posture, thrusted,
                                                                                        phase)
                 + self._guard_bound(st, u, at, elev))
        if rough < beat:
            return rough
        attacks = not thrusted and posture != DOWN
        ranged_ok = phase != CLOSE
        shots = attacks and ranged_ok and (any(x[2] for x in self._reach_base(st, u, at, elev, ranged_ok))
                                           or any(x[2] for x in self._drone_reach(st, u)))
        enemies = [e for e in st.units.values() if e.side != u.side and e.on_board]
        best = 0.0
        for _, cost, bonus, post in self._postures(st, u, posture, shots, lambda: True):
            if cost > ap:
                continue
            picked = []
            if attacks:
                picked = [o for o in self._offers(st, u, at, elev, ranged_ok, bonus) if o is not None]
                if ranged_ok:
                    picked += self._drone_offers(st, u)
            aim = None
            if enemies and u.stance != "offensive" and post != DOWN:
                aim = self._stance_gun(st, u, bonus)
            k3 = ("ci", u.id, at, elev, post, bonus, aim is not None)
            c = self._memo.get(k3)
            if c is None:
                items = self._spot_commands(st, u, at, elev, post, enemies, aim)
                c = self._memo[k3] = (items, tuple(self._token(x) for x in items))
            val = self._share_out([o[0] for o in picked] + c[0], tuple(o[1] for o in picked) + c[1], ap - cost)[0]
            if post != posture:
                val -= self._posture_cost(st, u, at, elev, post)
            best = max(best, val)
        v = self._memo[key] = self._place_value(st, u, at, elev, 0, thrusted) + best
        return v

    def _bound_anywhere(self, st: MissionState, u: Unit, ap: int, posture: str, thrusted: bool, phase: str) -> float:
        """No less than what :meth:`_end_bound` adds to a place's worth, at any place short of the guard
        (:meth:`_guard_bound`): the share-out of every attack on every target at its worth out of the target's
        reach, every posture and every command action but the defensive stance."""
        key = ("ga", u.id, ap, posture, thrusted, phase)
        got = self._memo.get(key)
        if got is not None:
            return cast("float", got)
        attacks = not thrusted and posture != DOWN
        ranged_ok = phase != CLOSE
        enemies = [e for e in st.units.values() if e.side != u.side and e.on_board]
        best = 0.0
        for _, cost, bonus, post in self._postures(st, u, posture, attacks and ranged_ok, lambda: True):
            if cost > ap:
                continue
            items = self._every_attack(st, u, bonus, ranged_ok) if attacks else []
            if enemies:
                d = st.tables.designs[u.design]
                rounds_left = st.tables.mission.rounds - st.round
                if d.drones and u.docked and not u.transformed and rounds_left >= 1:
                    room = K.MAX_DRONES - len(rules.active_drones(st, u.id))
                    items += [(LAUNCH_WORTH * (1.0 if rounds_left >= 2 else 0.4), 2, "launch",
                               C.LaunchDrone(u.id, u.hex))] * min(room, u.docked)
                gun = self._stance_gun(st, u, bonus) if u.stance != "offensive" and post != DOWN else None
                if gun is not None:
                    items.append((OFFENSIVE_WORTH * gun[0], 2, "stance", C.OffensiveStance(u.id, gun[1])))
            best = max(best, self._share_out(items, tuple(self._token(x) for x in items), ap - cost)[0])
        self._memo[key] = best
        return best

    def _every_attack(self, st: MissionState, u: Unit, bonus: int, ranged_ok: bool) -> list[Offer]:
        """An offer of every attack ``u`` could make on every target from anywhere, at its worth out of the
        target's reach; and its drones' shots."""
        items: list[Offer] = []
        for w, wt, ranged in self._attacking_weapons(st, u, ranged_ok):
            for tid, _, _ in self._targets(st, u.side):
                v, area = self.attack_value_if(st, u, w.id, tid, bonus, False)
                if v > 0:
                    items.append((v, wt.ap, ranged, C.Attack(u.id, w.id, tid, area)))
        if ranged_ok:
            items += [o[0] for o in self._drone_offers(st, u)]
        return items

    def _postures(self, st: MissionState, u: Unit, posture: str, shots: bool,
                  prone_ok: Callable[[], bool]) -> list[Posture]:
        """The postures to weigh before attacking from ``posture``: stay as it is; with a ranged shot to be
        had, kneel (+1) or kneel and go prone (+3, where ``prone_ok()``), once each a turn."""
        options: list[Posture] = [([], 0, _bonus(posture), posture)]
        if shots and not u.transformed:
            turn_kneeled = bool(st.turn and st.turn.unit == u.id and st.turn.kneeled)
            turn_proned = bool(st.turn and st.turn.unit == u.id and st.turn.proned)
            if posture == STANDING and not turn_kneeled:
                options.append(([C.Kneel(u.id)], 2, 1, KNEELING))
                if not turn_proned and prone_ok():
                    options.append(([C.Kneel(u.id), C.Prone(u.id)], 4, 3, PRONE))
            elif posture == KNEELING and not turn_proned and prone_ok():
                options.append(([C.Prone(u.id)], 2, 3, PRONE))
        return options

    def _guard_bound(self, st: MissionState, u: Unit, at: Hex, elev: int) -> float:
        """No less than a defensive stance's worth at a spot, in any posture (0 for a mech that cannot take it)."""
        if u.stance == "defensive" or u.transformed:
            return 0.0
        sh = K.shield_of(st, u)
        if sh is None or st.tables.weapons[sh.type].kind != "shield":
            return 0.0
        return 0.5 * self.danger(st, u, at, elev, False)

    def _share_out(self, items: list[Any], tokens: tuple[int, ...], ap: int) -> tuple[float, list[Any]]:
        """:func:`_knapsack`, remembered for the choice by the offers' numbers: many spots offer the same."""
        if ap <= 0 or not items:
            return 0.0, []
        key = ("ks", tokens, ap)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = _knapsack(items, ap)
        return cast("tuple[float, list[Any]]", got)

    def _prone_ok(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int) -> bool:
        front = at.neighbour(facing)
        if not st.tables.on_board(front):
            return False
        if any(x.on_board and x.at == front and x.id != u.id for x in st.units.values()):
            return False
        t = st.tables.terrain_at(front)
        return not (t.roof or t.top() + t.height > elev)

    def _command_items(self, st: MissionState, u: Unit, at: Hex, elev: int, facing: int, posture: str,
                       bonus: int) -> tuple[list[Any], tuple[int, ...]]:
        """Command actions worth some AP when nothing better is: launch drones, offensive or defensive
        stance. (worth, AP, kind, order): drones go out first, stances are taken last; and their numbers."""
        key = ("cf", u.id, at, elev, facing, posture, bonus)
        got = self._memo.get(key)
        if got is not None:
            return cast("tuple[list[Any], tuple[int, ...]]", got)
        enemies = [e for e in st.units.values() if e.side != u.side and e.on_board]
        aim = None  # the gun an offensive stance would take, if an enemy may walk into its range
        if enemies and u.stance != "offensive" and posture != DOWN:
            gun = self._stance_gun(st, u, bonus)
            if gun is not None:
                k2 = ("oc", u.id, at, elev, facing)
                ok = self._memo.get(k2)
                if ok is None:
                    rng = gun[2]
                    ok = self._memo[k2] = any(
                        self.in_view(at, facing, e.hex)
                        and K.attack_range(at, elev, e.hex, e.elev) <= rng + K.movement_allowance(st, e)
                        for e in enemies)
                if ok:
                    aim = gun
        # the rest does not depend on the facing
        k3 = ("ci", u.id, at, elev, posture, bonus, aim is not None)
        got = self._memo.get(k3)
        if got is None:
            items = self._spot_commands(st, u, at, elev, posture, enemies, aim)
            got = self._memo[k3] = (items, tuple(self._token(x) for x in items))
        self._memo[key] = got
        return cast("tuple[list[Any], tuple[int, ...]]", got)

    def _spot_commands(self, st: MissionState, u: Unit, at: Hex, elev: int, posture: str, enemies: list[Unit],
                       aim: tuple[float, str, int] | None) -> list[Any]:
        items: list[Any] = []
        if not enemies:
            return items
        rounds_left = st.tables.mission.rounds - st.round
        d = st.tables.designs[u.design]
        if d.drones and u.docked and not u.transformed:
            room = K.MAX_DRONES - len(rules.active_drones(st, u.id))
            spot = self._drone_spot(st, u, at, enemies)
            if spot is not None and rounds_left >= 1:
                for _ in range(min(room, u.docked)):
                    items.append((LAUNCH_WORTH * (1.0 if rounds_left >= 2 else 0.4), 2, "launch",
                                  C.LaunchDrone(u.id, spot)))
        if aim is not None:
            items.append((OFFENSIVE_WORTH * aim[0], 2, "stance", C.OffensiveStance(u.id, aim[1])))
        if u.stance != "defensive" and not u.transformed:
            sh = K.shield_of(st, u)
            if sh is not None and st.tables.weapons[sh.type].kind == "shield":
                dg = self.danger(st, u, at, elev, posture not in (KNEELING, PRONE, DOWN))
                if dg > 0:
                    items.append((0.5 * dg, 2, "stance", C.DefensiveStance(u.id)))
        return items

    def _stance_gun(self, st: MissionState, u: Unit, bonus: int) -> tuple[float, str, int] | None:
        """The ranged weapon to take aim with: (a good shot's worth, weapon id, its range), or None."""
        key = ("sg", u.id, bonus)
        if key in self._memo:
            return cast("tuple[float, str, int] | None", self._memo[key])
        best: tuple[float, str, int] | None = None
        for w in self._weapons(st, u):
            wt = st.tables.weapons[w.type]
            if wt.kind != "ranged" or wt.range < 3:
                continue
            v = max((self.attack_value(st, u, w.id, (u.hex, u.elev), e.id, bonus)[0]
                     for e in st.units.values() if e.side != u.side and e.on_board), default=0.0)
            if v > 0 and (best is None or v > best[0]):
                best = (v, w.id, wt.range)
        self._memo[key] = best
        return best

    def _drone_spot(self, st: MissionState, u: Unit, at: Hex, enemies: list[Any]) -> Hex | None:
        """Where a drone launched from ``at`` goes: the free hex within 2 nearest an enemy."""
        key = ("ds", at)
        if key in self._memo:
            return cast("Hex | None", self._memo[key])
        taken = {d.at for d in st.drones.values() if d.active}
        best = None
        for h in hexes_within(at, K.DRONE_RADIUS):
            if h == at or not st.tables.on_board(h) or h in taken:
                continue
            rank = (min(hex_distance(h, e.at) for e in enemies), h.q, h.r)
            if best is None or rank < best[0]:
                best = (rank, h)
        spot = self._memo[key] = best[1] if best else None
        return spot


def _bonus(posture: str) -> int:
    return 1 if posture == KNEELING else 3 if posture == PRONE else 0


_ORDER = {"launch": 0, True: 1, False: 2, "stance": 3}


def _knapsack(items: list[Any], ap: int) -> tuple[float, list[Any]]:
    """The best set of (worth, AP, kind, order) within ``ap`` - attacks may repeat, each command action
    is listed as often as it may be taken - and its orders in the order to give them (drones out first,
    ranged attacks, melee attacks, stances last; the best worth first within each)."""
    if ap <= 0 or not items:
        return 0.0, []
    expanded = []
    seen_stance = set()
    for v, a, kind, cmd in items:
        if a <= 0:
            continue
        if kind in ("launch", "stance"):
            k = type(cmd).__name__
            if kind == "stance" and k in seen_stance:
                continue
            seen_stance.add(k)
            expanded.append((v, a, kind, cmd))
        else:
            for _ in range(ap // a):
                expanded.append((v, a, kind, cmd))
    # 0/1 knapsack over the expanded list
    worth = [0.0] * (ap + 1)  # the best worth within b AP so far, and the offers that make it
    picks: list[tuple[int, ...]] = [()] * (ap + 1)
    for i, (v, a, _, _) in enumerate(expanded):
        for b in range(ap, a - 1, -1):
            cand = worth[b - a] + v
            if cand > worth[b] + 1e-9:
                worth[b] = cand
                picks[b] = picks[b - a] + (i,)
    val, idx = worth[ap], picks[ap]
    chosen = [expanded[i] for i in idx]
    chosen.sort(key=lambda x: (_ORDER[x[2]], -x[0]))
    return val, [x[3] for x in chosen]
