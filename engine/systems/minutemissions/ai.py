"""30 Minute Missions' own computer player ("default"): greedy over one unit's turn, priced with the
rules' exact odds.

Deployment: each design goes to a spot chosen for its role - long-range mechs in the back column,
brawlers and thruster mechs in the front one, the drone carrier between - near the middle of the edge
(near the yards in a hold mission), on a hill or in woods where there is one, spread out from the
mechs already down.

Activation: every unit that has not acted is priced as if it had the average AP (base + 4.5): the best
turn it could make (below) less what standing still is worth; the unit with the best gain acts.

A unit's turn is planned whole at the start of its movement phase (by a player that comes to it mid-move, as
the hard player's playouts do, from where the unit stands) and then carried out order by order, for as long as
the unit stands where the plan put it (:class:`TurnPlan`):
- every place and facing it can reach is searched (steps into the front hexes at the terrain's cost,
  the free turn and paid turns, Press On for a point or two more, Get Up first when kneeling or down,
  thruster flights for the thruster designs - which forfeit the combat phases - and no step that would
  fall two levels; :mod:`.reach`);
- each end is priced (:mod:`.spots`; an end whose bound shows it cannot beat the best found is skipped,
  which never changes the choice) as the best attacks it allows with the AP left, plus where it leaves the unit:
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

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, axial_to_offset, hex_distance

from . import combat as K
from . import commands as C
from . import rules
from .data import LEGS
from .odds import roll_odds
from .reach import Ground, ground_of, orders_to, reach
from .rulebook import RULEBOOK
from .spots import SpotPricer
from .state import DEPLOY, DOWN, HELD, KNEELING, MOVEMENT, PRONE, STANDING, MissionState, Unit

PASS_BELOW = 0.05

#: where a unit stands: its hex and facing
Stand = tuple[Hex, int]


@attrs.define
class TurnPlan:
    """A unit's movement planned whole, carried out order by order: each order with where the unit stands
    before it, and where it stands at the end. The plan goes on only while the unit stands where the plan put
    it: a player that meets the battle anew (after an undo, or a search's next copy of it) plans again."""

    round: int
    unit: str
    steps: list[tuple[Any, Stand]]
    end: Stand

    @classmethod
    def of(cls, st: MissionState, u: Unit, cmds: list[Any]) -> TurnPlan:
        at, facing = u.hex, u.facing
        steps: list[tuple[Any, Stand]] = []
        for cmd in cmds:
            steps.append((cmd, (at, facing)))
            if isinstance(cmd, C.Move):
                at = cmd.to
            elif isinstance(cmd, C.Turn):
                facing = cmd.facing
            elif isinstance(cmd, C.Thrust):
                path, _ = rules.thrust_path(st, u, cmd.direction, cmd.distance)
                at = path[-1] if path else at
        return cls(st.round, u.id, steps, (at, facing))

    def goes_on_from(self, st: MissionState, u: Unit) -> bool:
        """Is ``u``'s turn in ``st`` the one this plan is for, with the unit standing where the plan put it?"""
        if (self.round, self.unit) != (st.round, u.id):
            return False
        here = (u.hex, u.facing)
        return here == (self.steps[0][1] if self.steps else self.end)


class DefaultPlayer(SpotPricer):
    name = "default"

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""
        super().__init__()
        self.seed = seed
        self._plan: TurnPlan | None = None  # the acting unit's movement, order by order
        self._ground: Ground | None = None  # the map as the movement search reads it

    # -----------------------------------------------------------------------------------------
    def choose(self, system: Any, st: MissionState) -> Any:
        self._new_choice()
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
    # Deployment
    # -----------------------------------------------------------------------------------------
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
        plan = self._plan
        if t.phase == MOVEMENT and not (plan and plan.goes_on_from(st, u)):
            # no plan of its own that this turn is following (a player new to it mid-move, as a search's are, or
            # one whose last plan was for another copy of the battle): plan from where the unit stands
            plan = self._plan = self._new_plan(st, u)
        if plan and plan.goes_on_from(st, u) and plan.steps:
            cmd = plan.steps[0][0]
            if RULEBOOK.validate(st, cmd) is None:
                plan.steps.pop(0)
                return cmd
            # the plan broke (a reaction, a roll): plan again from here
            if t.phase == MOVEMENT:
                plan = self._plan = self._new_plan(st, u)
                if plan.steps and RULEBOOK.validate(st, plan.steps[0][0]) is None:
                    return plan.steps.pop(0)[0]
            self._plan = TurnPlan(st.round, u.id, [], (u.hex, u.facing))
        return self._combat(st, u)

    def _new_plan(self, st: MissionState, u: Unit) -> TurnPlan:
        t = st.turn
        assert t is not None  # a unit is acting
        _, cmds = self._plan_turn(st, u, t.ap, rules.mp_left(st), t.free_turn_used, t.thrusted, t.phase)
        return TurnPlan.of(st, u, cmds)

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
                if best is not None and self._cannot_beat(st, u, at, elev, ap_left, posture, thrusted, phase, best[0]):
                    continue  # not priced
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
                            if best is not None and self._cannot_beat(st, u, land, elev, ap_left - spec.ap, STANDING,
                                                                      True, phase, best[0]):
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
