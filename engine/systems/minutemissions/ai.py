"""30 Minute Missions' own computer player ("default"): greedy over one unit's turn, priced with the
rules' exact odds.

Deployment: each design goes to a spot chosen for its role - long-range mechs in the back column,
brawlers and thruster mechs in the front one, the drone carrier between - near the middle of the edge
(near the yards in a hold mission), on a hill or in woods where there is one, spread out from the
mechs already down.

Activation: every unit that has not acted is priced as if it had the average AP (base + 4.5): the best
turn it could make (below) less what standing still is worth; the unit with the best gain acts.

A unit's turn is planned whole at the start of its movement phase (by a player that comes to it mid-move, as
the hard player's playouts do, from where the unit stands) and then carried out order by order:
- every place and facing it can reach is searched (steps into the front hexes at the terrain's cost,
  the free turn and paid turns, Press On for a point or two more, Get Up first when kneeling or down,
  thruster flights for the thruster designs - which forfeit the combat phases - and no step that would
  fall two levels);
- each end is priced as the best attacks it allows with the AP left, plus where it leaves the unit:
  in reach of its targets (brawlers next to them, gunners within their weapons' range), the danger
  the enemy can bring on the hex next turn (its evasion there included: woods help, water hurts), and
  in a hold mission standing on a yard no friend holds, or closing on one;
- attacks: every weapon (and every active drone's gun) x target in field of view, range and line of
  sight x area is priced (:mod:`.appraise`) with ``odds.attack_odds`` (the attack, evasion, counter and critical rolls
  enumerated): the chance of each outcome times what that damage is worth on that area - a torso kill
  is the mech's whole worth, a section or weapon destroyed is what the enemy loses with it (its
  firepower for a weapon or an arm's grip, -2 Accuracy for the head, thrown down and halved movement
  for a leg, out of the fight with both legs), a mounted weapon's explosion is added, and damage that
  does not destroy counts in proportion (so it focuses on what is already hurt); a defensive stance
  sends it to the guard; the counter a target may strike back with is taken off;
- the AP are shared out by a small knapsack over those attacks and the command actions: kneel
  (+1 to accuracy rolls) or kneel and go prone (+3) when the shots are worth more than the lost evasion
  and the AP to get up again, launch drones toward the enemy, offensive stance with its best gun when an
  enemy may walk into range, defensive stance behind a shield when it is in danger;
- ranged attacks go before melee ones (phases are never revisited), the best expected worth first,
  each re-priced after the dice have fallen; it ends its turn when nothing left is worth the AP.
Every order it gives passes its rulebook check (so it is on ``legal_commands``); it rolls no dice of its
own, so a game is fixed by the battle's seed.
"""

from __future__ import annotations

from typing import Any, cast

from hexfront.engine.core.hexes import Hex, axial_to_offset, hex_distance, hexes_within

from . import combat as K
from . import commands as C
from . import rules
from .appraise import Appraiser
from .data import LEGS
from .odds import roll_odds
from .reach import Ground, ground_of, orders_to, reach
from .rulebook import RULEBOOK
from .state import CLOSE, DEPLOY, DOWN, HELD, KNEELING, MOVEMENT, PRONE, STANDING, MissionState, Unit

APPROACH = 1.2  # per hex short of where the unit wants to stand
DANGER = 0.35  # per point of the worth the enemy could take off the unit next turn
HOLD_WORTH = 14.0  # standing alone on a yard (a point a round)
YARD_PULL = 1.0  # per hex to the nearest yard not held
LAUNCH_WORTH = 2.5
OFFENSIVE_WORTH = 0.35  # share of a good shot that a reaction attack is worth
KNEEL_COST = 1.5  # the AP to get up again later, for a mech that means to move
PASS_BELOW = 0.05
#: an end whose bound is this far below the best found is skipped (far more than the share-out's rounding)
BOUND_SLACK = 1e-6
#: an offer of the AP's share-out: (worth, AP, kind, order)
Offer = tuple[float, int, Any, Any]



class DefaultPlayer(Appraiser):
    name = "default"

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""
        super().__init__()
        self.seed = seed
        self._plan: tuple[int, str, list[Any]] | None = None  # (round, unit, [commands])
        self._tokens: dict[tuple[Any, ...], int] = {}  # offers' numbers, for one choice
        self._ground: Ground | None = None  # the map as the movement search reads it

    # -----------------------------------------------------------------------------------------
    def choose(self, system: Any, st: MissionState) -> Any:
        self._memo = {}
        self._tokens = {}
        side = st.active
        assert side is not None, "asked to choose with nobody to act"
        if st.stage == DEPLOY:
            cmd = self._deploy(st, side)
        elif st.turn is None:
            cmd = self._activate(st, side)
        else:
            cmd = self._act(st, st.units[st.turn.unit])
        if cmd is None or RULEBOOK.validate(st, cmd) is not None:
            legal = system.legal_commands(st)
            if st.turn is not None:
                return C.EndTurn(st.turn.unit)
            return legal[0]
        return cmd

    # -----------------------------------------------------------------------------------------
    # Deployment
    # -----------------------------------------------------------------------------------------
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

    def _deploy(self, st: MissionState, side: str) -> Any:
        units = sorted(rules.unplaced(st, side), key=lambda u: u.id)
        if not units:
            return None
        order = {"brawler": 0, "thrusters": 1, "carrier": 2, "long": 3}
        u = min(units, key=lambda u: (order[self._role(st, u)], u.id))
        role = self._role(st, u)
        hexes = rules.deploy_hexes(st, side)
        west = side == st.sides[0]
        m = st.tables.mission
        friends = [x for x in st.units.values() if x.side == side and x.on_board]
        enemies = [x for x in st.units.values() if x.side != side and x.on_board]
        centre_row = 7.5
        want_col = {"long": 0, "carrier": 1, "brawler": 2, "thrusters": 2}[role]
        row_shift = {"brawler": -0.5, "thrusters": 1.5, "carrier": 0.5, "long": -1.5}[role]

        def score(h: Hex) -> float:
            col, row = axial_to_offset(h)
            depth = col if west else 12 - col
            t = st.tables.terrain_at(h)
            s = 1.5 * abs(depth - want_col)
            if m.goal == "hold" and m.objectives:
                s += 0.6 * min(hex_distance(h, y) for y in m.objectives)
            else:
                s += 0.5 * abs(row - (centre_row + (row_shift if west else -row_shift)))
            s += 1.0 * t.cost - 1.0
            s -= 0.6 * t.evasion
            if role == "long":
                s -= 1.0 * min(K.levels(st, h))
            for f in friends:
                dist = hex_distance(f.hex, h)
                if dist <= 1:
                    s += 2.0 - dist
            if role == "brawler" and enemies:
                s += 0.2 * min(hex_distance(h, e.hex) for e in enemies)
            return s

        cands = [h for h in hexes if RULEBOOK.validate(st, C.Place(u.id, h)) is None]
        if not cands:
            return None
        h = min(cands, key=lambda h: (score(h), h.q, h.r))
        return C.Place(u.id, h)

    # -----------------------------------------------------------------------------------------
    # Activation
    # -----------------------------------------------------------------------------------------
    def _activate(self, st: MissionState, side: str) -> Any:
        best, pick = None, None
        for u in sorted(rules.unacted(st, side), key=lambda u: u.id):
            ap = K.core(st, u).base_ap + 4  # the average d8 is 4.5
            mp = K.movement_allowance(st, u)
            value, _ = self._plan_turn(st, u, ap, mp, False, False, MOVEMENT, quick=True)
            idle = self._place_value(st, u, u.hex, u.elev, u.facing, False)
            gain = value - idle
            if best is None or gain > best + 1e-9:
                best, pick = gain, u
        self._plan = None
        return C.Activate(pick.id) if pick else None

    # -----------------------------------------------------------------------------------------
    # The acting unit
    # -----------------------------------------------------------------------------------------
    def _act(self, st: MissionState, u: Unit) -> Any:
        t = st.turn
        assert t is not None  # a unit is acting
        if t.phase == MOVEMENT and not (self._plan and self._plan[:2] == (st.round, u.id)):
            # no plan of its own for this turn (a player new to it mid-move, as a search's are): plan from here
            _, cmds = self._plan_turn(st, u, t.ap, rules.mp_left(st), t.free_turn_used, t.thrusted, t.phase)
            self._plan = (st.round, u.id, list(cmds))
        if self._plan and self._plan[:2] == (st.round, u.id) and self._plan[2]:
            cmd = self._plan[2][0]
            if RULEBOOK.validate(st, cmd) is None:
                self._plan[2].pop(0)
                return cmd
            # the plan broke (a reaction, a roll): plan again from here
            if t.phase == MOVEMENT:
                _, cmds = self._plan_turn(st, u, t.ap, rules.mp_left(st), t.free_turn_used, t.thrusted, t.phase)
                self._plan = (st.round, u.id, list(cmds))
                if cmds and RULEBOOK.validate(st, cmds[0]) is None:
                    self._plan[2].pop(0)
                    return cmds[0]
            self._plan = (st.round, u.id, [])
        return self._combat(st, u)

    # -- movement planning ----------------------------------------------------------------------
    def _plan_turn(self, st: MissionState, u: Unit, ap: int, mp: int, free_used: bool, thrusted: bool,
                   phase: str, quick: bool = False) -> tuple[float, list[Any]]:
        """The best turn for ``u``: (its worth, the movement orders that lead to it)."""
        starts: list[tuple[list[Any], int, str]] = []
        if u.posture == STANDING:
            starts.append(([], ap, STANDING))
        elif u.posture == KNEELING:
            starts.append(([], ap, KNEELING))
            if ap >= 2:
                starts.append(([C.GetUp(u.id)], ap - 2, STANDING))
        elif u.posture == PRONE:
            starts.append(([], ap, PRONE))
            if ap >= 4 and not (st.turn and st.turn.kneeled):
                starts.append(([C.Kneel(u.id), C.GetUp(u.id)], ap - 4, STANDING))
        else:  # down
            if ap >= 2 and not all(u.sections[a] == 0 for a in LEGS):
                starts.append(([C.GetUp(u.id)], ap - 2, STANDING))
            else:
                starts.append(([], ap, DOWN))
        best: tuple[float, list[Any]] | None = None
        in_move = phase == MOVEMENT
        if u.grappled_by:
            stuck = self._plan_from(st, u, starts, mp, free_used, thrusted, phase, quick, True)
            best = stuck
            if in_move and u.posture == STANDING and ap >= 2:
                # Break Grapple: an assault roll; free, the unit can move, else it stays held
                p = float(roll_odds(K.assault(st, u, None).need).get(True, 0))
                free = self._plan_from(st, u, [([], ap - 2, STANDING)], mp, free_used, thrusted, phase, quick,
                                       False)
                held = self._plan_from(st, u, [([], ap - 2, STANDING)], mp, free_used, thrusted, phase, quick,
                                       True)
                val = p * free[0] + (1 - p) * held[0]
                if val > stuck[0] + 1e-9:
                    best = (val, [C.BreakGrapple(u.id)] + free[1])
            return best
        return self._plan_from(st, u, starts, mp, free_used, thrusted, phase, quick, False)

    def _plan_from(self, st: MissionState, u: Unit, starts: list[Any], mp: int, free_used: bool, thrusted: bool,
                   phase: str, quick: bool, held: bool) -> tuple[float, list[Any]]:
        best: tuple[float, list[Any]] | None = None
        in_move = phase == MOVEMENT
        for prefix, ap_left, posture in starts:
            can_step = in_move and posture == STANDING and not held
            can_turn = in_move and posture in (STANDING, KNEELING)
            self._ground = ground_of(self._ground, st)
            ends, back = reach(self._ground, st, u, mp, free_used, can_step, can_turn, 0 if quick else ap_left)
            for (at, elev, facing), (_cost, press, place) in ends.items():
                if best is not None and self._end_bound(st, u, at, elev, ap_left, posture, thrusted, phase,
                                                        best[0] - BOUND_SLACK) < best[0] - BOUND_SLACK:
                    continue  # it cannot beat the best found: not priced
                ap_now = ap_left - 2 * press
                val = self._end_value(st, u, at, elev, facing, ap_now, posture, thrusted, phase)
                if best is None or val > best[0] + 1e-9:
                    best = (val, prefix + [C.PressOn(u.id)] * press + orders_to(u.id, back, place))
            # thruster flights (forfeit the combat phases)
            thr = st.tables.designs[u.design].thrusters
            if can_step and not thrusted and thr:
                spec = st.tables.thrusters[thr]
                if ap_left >= spec.ap:
                    for d in range(6):
                        seen = set()
                        for n in range(1, spec.range + 1):
                            path, elev = rules.thrust_path(st, u, d, n)
                            if not path or path[-1] in seen or len(path) < n:
                                continue
                            seen.add(path[-1])
                            land = path[-1]
                            if best is not None and self._end_bound(st, u, land, elev, ap_left - spec.ap, STANDING,
                                                                    True, phase, best[0] - BOUND_SLACK) < \
                                    best[0] - BOUND_SLACK:
                                continue
                            for f in range(6):
                                if f != u.facing and free_used:
                                    continue
                                val = self._end_value(st, u, land, elev, f, ap_left - spec.ap, STANDING, True,
                                                      phase)
                                if best is None or val > best[0] + 1e-9:
                                    cmds = [C.Thrust(u.id, d, n)] + ([C.Turn(u.id, f)] if f != u.facing else [])
                                    best = (val, prefix + cmds)
        return best if best is not None else (0.0, [])

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
        options: list[tuple[list[Any], int, int, str]] = [([], 0, _bonus(posture), posture)]
        shots = attacks and self._in_sight(st, u, at, elev, facing, ranged_ok)[1]
        if shots and ranged_ok and not u.transformed:
            turn_kneeled = bool(st.turn and st.turn.unit == u.id and st.turn.kneeled)
            turn_proned = bool(st.turn and st.turn.unit == u.id and st.turn.proned)
            if posture == STANDING and not turn_kneeled:
                options.append(([C.Kneel(u.id)], 2, 1, KNEELING))
                if not turn_proned and self._prone_ok(st, u, at, elev, facing):
                    options.append(([C.Kneel(u.id), C.Prone(u.id)], 4, 3, PRONE))
            elif posture == KNEELING and not turn_proned and self._prone_ok(st, u, at, elev, facing):
                options.append(([C.Prone(u.id)], 2, 3, PRONE))
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
        options = [(0, _bonus(posture), posture)]
        if attacks and ranged_ok and not u.transformed and (
                any(x[2] for x in self._reach_base(st, u, at, elev, ranged_ok))
                or any(x[2] for x in self._drone_reach(st, u))):
            turn_kneeled = bool(st.turn and st.turn.unit == u.id and st.turn.kneeled)
            turn_proned = bool(st.turn and st.turn.unit == u.id and st.turn.proned)
            if posture == STANDING and not turn_kneeled:
                options.append((2, 1, KNEELING))
                if not turn_proned:
                    options.append((4, 3, PRONE))
            elif posture == KNEELING and not turn_proned:
                options.append((2, 3, PRONE))
        enemies = [e for e in st.units.values() if e.side != u.side and e.on_board]
        best = 0.0
        for cost, bonus, post in options:
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
        options = [(0, _bonus(posture), posture)]
        if attacks and ranged_ok and not u.transformed:
            turn_kneeled = bool(st.turn and st.turn.unit == u.id and st.turn.kneeled)
            turn_proned = bool(st.turn and st.turn.unit == u.id and st.turn.proned)
            if posture == STANDING and not turn_kneeled:
                options.append((2, 1, KNEELING))
                if not turn_proned:
                    options.append((4, 3, PRONE))
            elif posture == KNEELING and not turn_proned:
                options.append((2, 3, PRONE))
        enemies = [e for e in st.units.values() if e.side != u.side and e.on_board]
        targets = self._targets(st, u.side)
        best = 0.0
        for cost, bonus, post in options:
            if cost > ap:
                continue
            items: list[Any] = []
            if attacks:
                for w in self._weapons(st, u):
                    wt = st.tables.weapons[w.type]
                    ranged = wt.kind == "ranged"
                    if (ranged and not ranged_ok) or (not ranged and u.posture == PRONE):
                        continue
                    for tid, _, _ in targets:
                        v, area = self.attack_value_if(st, u, w.id, tid, bonus, False)
                        if v > 0:
                            items.append((v, wt.ap, ranged, C.Attack(u.id, w.id, tid, area)))
                if ranged_ok:
                    items += [o[0] for o in self._drone_offers(st, u)]
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

    def _combat(self, st: MissionState, u: Unit) -> Any:
        t = st.turn
        assert t is not None  # a unit is acting
        if u.posture == DOWN:
            cmd = C.GetUp(u.id)
            if t.ap >= 2 and RULEBOOK.validate(st, cmd) is None:
                return cmd
            return C.EndTurn(u.id)
        # a free hand and a carried weapon but nothing to fight with: take it in hand
        if not self._weapons(st, u) and t.ap >= 2:
            for w in st.weapons_of(u.id):
                if RULEBOOK.validate(st, C.Swap(u.id, w.id)) is None and w.place != HELD:
                    return C.Swap(u.id, w.id)
        if t.thrusted:
            val, cmds = self._best_actions(st, u, u.hex, u.elev, u.facing, t.ap, u.posture, t.phase, attacks=False)
        else:
            val, cmds = self._best_actions(st, u, u.hex, u.elev, u.facing, t.ap, u.posture, t.phase)
        for cmd in cmds:
            if RULEBOOK.validate(st, cmd) is None:
                if val < PASS_BELOW:
                    break
                return cmd
        return C.EndTurn(u.id)




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
    best: list[tuple[float, tuple[int, ...]]] = [(0.0, ())] * (ap + 1)
    for i, (v, a, _, _) in enumerate(expanded):
        for b in range(ap, a - 1, -1):
            cand = best[b - a][0] + v
            if cand > best[b][0] + 1e-9:
                best[b] = (cand, best[b - a][1] + (i,))
    val, idx = best[ap]
    chosen = [expanded[i] for i in idx]
    chosen.sort(key=lambda x: (_ORDER[x[2]], -x[0]))
    return val, [x[3] for x in chosen]
