"""Disrupter's own computer player ("default"): it writes real orders and then plays to them.

At the intelligence briefing (Rule 10) it writes real orders (.ai_briefing: a rally point, code words, a
deployment in knots around the leaders, and an advance on the objective with fire on what comes into sight).

In play it prices what it could do with the rules' own exact odds (a shot's worth from the very
plan it is rolled by, fireplan.plan_fire, and the chance of a check from dice.p_success, the same
enumeration of every d100 face the previews use) and takes the best:
- movement: led teams go toward the objective by the cover hexes, weighing the reaction fire
  of the enemies whose orders say fire along the path and the fire they could bring on the end
  hex; followers move before their officers, and officers end beside the teams they lead
  (the CO beside the bots, who obey no one else); a team staying in a cover hex takes cover;
  the CO relieves stress when it is high and he has nowhere better to be;
- battlefield actions: re-orders first (the CO's code words act at once, an NCO's orders to his
  own squad too): hold at the objective once the squad is there, advance on it when it is not;
  rally routed teams; spot a covered enemy when the spot is worth more to the teams still to fire
  than a shot; fire where the expected worth is best (expected kills, an officer far above a
  soldier, the enemy's last officer above all, wounds that do not kill a little), at a whole team
  or at one unit of it; take cover instead when no shot is worth the cover it costs;
- it ends a phase when nothing is worth doing.
Every order it gives is on ``system.legal_commands`` (at the briefing, one ``validate`` accepts).
It uses no dice of its own: a game is fixed by the battle's seed.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, hex_distance

from . import commands as C
from . import rules
from .ai_briefing import briefing_order
from .ai_vehicles import drive_end, vehicle_worth
from .board import Segment
from .dice import p_success
from .fireplan import plan_fire
from .schema import CLASSES
from .state import DisState, Order, Team, Unit

PASS_VALUE = 0.15  # a battlefield action must be worth at least this to be taken
SPOT_FIRST = 0.25  # a spot worth this much (in kills gained by the shots still to come) is made first
OFFICER_WORTH = 5.0  # a kill, in soldiers
LAST_OFFICER_WORTH = 25.0  # his fall ends the battle (Rule 9: the platoon surrenders)
WOUND_WORTH = 0.25  # a wound that does not kill
THREAT_WEIGHT = 0.35  # per expected wound the enemy could bring on a hex
REACTION_WEIGHT = 0.5  # per expected wound of reaction fire along a path
COVER_FACTOR = 0.55  # how much of the enemy's fire still tells on a team under cover (roughly)
RELIEVE_AT = 3  # the CO relieves stress from this much on, when he has nothing better to do


class DefaultPlayer:
    name = "default"

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""
        self.seed = seed
        self._sight: dict[tuple[Hex, Hex, str], bool] = {}
        self._threats: dict[tuple[str, Hex], float] = {}  # for one choice: the state does not change in it
        self._team_fire: dict[tuple[str, frozenset[str]], float] = {}  # the same, for _best_team_fire

    # -----------------------------------------------------------------------------------------
    def choose(self, system: Any, s: DisState) -> Any:
        side = rules.side_to_act(s)
        assert side is not None  # the computer is asked only when its side is to act
        self._sight = {}
        self._threats = {}
        self._team_fire = {}
        if s.phase == "briefing":
            return briefing_order(s, side)
        seg = s.segment
        if seg is not None and seg[0] == "init":
            use = C.UseResolve(side)
            if s.turn >= s.tables.turn_limit - 1 and system.validate(s, use) is None:
                return use
            return C.EndPhase(side)
        legal = system.legal_commands(s)
        if not legal or seg is None:  # pragma: no cover - the engine always offers EndPhase in a segment
            return C.EndPhase(side)
        if seg[2] == "move":
            cmd = self._movement(s, side, seg, legal)
        else:
            cmd = self._actions(s, side, seg, legal)
        return cmd if cmd in legal else C.EndPhase(side)

    def ranked(self, system: Any, s: DisState, n: int) -> list[Any]:
        """The order :meth:`choose` gives first, then the other orders it prices, best first: in a movement
        step each team's own best move over staying (which team moves is the choice that matters most), in a
        battlefield action step every shot, spot and taking of cover by the worth :meth:`choose` gives it; then
        ending the phase. The first ``n``. At the briefing and the initiative step, the one answer it gives."""
        first = self.choose(system, s)  # also clears the caches for this state
        seg = s.segment
        side = rules.side_to_act(s)
        if s.phase == "briefing" or seg is None or seg[0] == "init" or side is None:
            return [first]
        legal = system.legal_commands(s)
        scored = self._priced_moves(s, legal) if seg[2] == "move" else self._priced_actions(s, legal)
        out = [first]
        for _, _, c in sorted(scored, key=lambda x: (-x[0], x[1])):
            if c not in out:
                out.append(c)
        end = C.EndPhase(side)
        if end in legal and end not in out:
            out.append(end)
        return out[:n]

    def _priced_moves(self, s: DisState, legal: list[Any]) -> list[tuple[float, int, Any]]:
        """Each team's best move or drive, priced as :meth:`_team_move` and :meth:`_vehicle_move` price it: its
        gain over staying where it is. (value, place on ``legal``, order)."""
        best: dict[str, tuple[float, int, Any]] = {}
        stays: dict[str, float] = {}
        for i, c in enumerate(legal):
            kind = type(c)
            if kind not in (C.Move, C.Drive):
                continue
            team = s.teams[c.team]
            if team.routed:
                continue
            if team.id not in stays:
                stays[team.id] = self._stay_value(s, team, kind is C.Drive)
            v = (self._drive_value(s, team, c) if kind is C.Drive
                 else self._place_value(s, team, c.path[-1], c.path)) - stays[team.id]
            if team.id not in best or v > best[team.id][0] + 1e-9:
                best[team.id] = (v, i, c)
        return list(best.values())

    def _priced_actions(self, s: DisState, legal: list[Any]) -> list[tuple[float, int, Any]]:
        """Every shot, spot and taking of cover open, priced as :meth:`_actions` prices it. (value, place on
        ``legal``, order)."""
        free_teams = sorted({s.teams[c.team].id for c in legal if isinstance(c, C.TEAM_ORDERS)})
        out: list[tuple[float, int, Any]] = []
        for i, c in enumerate(legal):
            kind = type(c)
            if kind is C.Fire:
                team = s.teams[c.team]
                cover_cost = self._cover_worth(s, team) if team.cover else 0.0
                out.append((self._fire_value(s, team, s.teams[c.target], c.target_unit) - cover_cost, i, c))
            elif kind is C.TakeCover:
                out.append((self._cover_worth(s, s.teams[c.team]), i, c))
            elif kind is C.Spot:
                out.append((self._spot_value(s, s.teams[c.team], s.teams[c.target],
                                             [s.teams[t] for t in free_teams]), i, c))
        return out

    # -----------------------------------------------------------------------------------------
    # Board knowledge
    # -----------------------------------------------------------------------------------------
    def _sees(self, s: DisState, a: Hex, b: Hex, side: str) -> bool:
        key = (a, b, side)
        v = self._sight.get(key)
        if v is None:
            v = self._sight[key] = rules.sees(s, a, b, side)
        return v

    @staticmethod
    def _firepower(s: DisState, e: Team, d: int) -> float:
        """Roughly the wounds enemy team ``e`` lands at ``d`` hexes: hit chance times Wounds, about half saved."""
        total = 0.0
        for u in e.living:
            w = s.tables.weapons[u.weapon].wounds_at(d)
            if w:
                total += w * p_success(CLASSES[u.klass], 0)
        return total * 0.55

    def _threat(self, s: DisState, side: str, h: Hex) -> float:
        """The fire the enemy teams that see ``h`` could bring on it from where they stand."""
        key = (side, h)
        found = self._threats.get(key)
        if found is None:
            found = self._threats[key] = self._threat_now(s, side, h)
        return found

    def _threat_now(self, s: DisState, side: str, h: Hex) -> float:
        total = 0.0
        for e in s.side_teams(s.other(side)):
            if e.routed:
                continue
            d = hex_distance(e.hex, h)
            if d < 1 or d > 3:
                continue
            if is_unled_bot(s, e):
                continue
            if self._sees(s, e.hex, h, e.side):
                total += self._firepower(s, e, d)
        return total

    def _reaction(self, s: DisState, team: Team, path: tuple[Hex, ...]) -> float:
        """Expected wounds of reaction fire on a move along ``path`` (Rule 15): each enemy whose stance is to
        fire, not yet reacted this step, shoots at the first hex of the path it sees and reaches."""
        total = 0.0
        for e in s.side_teams(s.other(team.side)):
            if e.id in s.reacted or rules.stance(s, e, team) != "fire":
                continue
            for h in path:
                d = hex_distance(e.hex, h)
                if 1 <= d <= 3 and self._sees(s, e.hex, h, e.side):
                    fp = self._firepower(s, e, d)
                    if fp:
                        total += fp
                        break
        return total

    # -----------------------------------------------------------------------------------------
    # Movement (Rules 9, 13, 14)
    # -----------------------------------------------------------------------------------------
    def _movement(self, s: DisState, side: str, seg: Segment, legal: list[Any]) -> Any:
        by_team: dict[str, list[Any]] = {}
        relieve = None
        for c in legal:
            if type(c) is C.RelieveStress:
                relieve = c
            elif isinstance(c, C.TEAM_ORDERS):
                by_team.setdefault(c.team, []).append(c)
        teams = [s.teams[t] for t in by_team]
        # followers first (while their officer still stands beside them), officers last; the front first
        obj = s.tables.objective
        teams.sort(key=lambda t: (rules.team_has_officer(s, t), hex_distance(t.hex, obj), t.id))
        co = rules.co_unit(s, side)
        co_team = s.team_of(co.id) if co is not None else None
        for team in teams:
            if relieve is not None and co_team is not None and team.id == co_team.id:
                if self._should_relieve(s, team, by_team[team.id]):
                    return relieve
            cmd = self._team_move(s, team, by_team[team.id])
            if cmd is not None:
                return cmd
        return C.EndPhase(side)

    def _should_relieve(self, s: DisState, team: Team, cmds: list[Any]) -> bool:
        if s.platoons[team.side].stress < RELIEVE_AT:
            return False
        if self._best_fire_here(s, team) > 0.5:
            return False
        stay = self._place_value(s, team, team.hex, ())
        best = max((self._place_value(s, team, c.path[-1], c.path) for c in cmds if type(c) is C.Move),
                   default=stay)
        drives = [c for c in cmds if type(c) is C.Drive]
        if drives and team.facing is not None:  # a CO riding a vehicle: its drives against its standing still
            stay += vehicle_worth(s, team, team.hex, team.facing, ())
            best = max([stay] + [self._drive_value(s, team, c) for c in drives])
        return best - stay < 0.5

    def _best_fire_here(self, s: DisState, team: Team) -> float:
        best = 0.0
        for e in s.side_teams(s.other(team.side)):
            d = hex_distance(team.hex, e.hex)
            if 1 <= d <= 3 and self._sees(s, team.hex, e.hex, team.side):
                best = max(best, self._fire_value(s, team, e, None))
        return best

    def _team_move(self, s: DisState, team: Team, cmds: list[Any]) -> Any:
        moves = [c for c in cmds if type(c) is C.Move]
        drives = [c for c in cmds if type(c) is C.Drive]
        take = next((c for c in cmds if type(c) is C.TakeCover), None)
        if team.routed:
            return None  # it runs when the step closes
        if drives:
            return self._vehicle_move(s, team, drives)
        if not moves:
            # unled: it follows its orders when the step closes; it may take cover instead if it would stay
            if take is not None and not rules.auto_path(s, team, rules.order_of(s, team).verb,
                                                         rules.order_of(s, team).place):
                return take
            return None
        best, best_cmd = self._stay_value(s, team, False), None
        for c in moves:
            v = self._place_value(s, team, c.path[-1], c.path)
            if v > best + 1e-9:
                best, best_cmd = v, c
        if best_cmd is not None:
            return best_cmd
        if take is not None:
            return take
        return None

    def _vehicle_move(self, s: DisState, team: Team, drives: list[C.Drive]) -> Any:
        """A led vehicle drives to the best end (hex and facing), or stays if staying is worth as much."""
        best, best_cmd = self._stay_value(s, team, True), None
        for c in drives:
            v = self._drive_value(s, team, c)
            if v > best + 1e-9:
                best, best_cmd = v, c
        return best_cmd

    def _stay_value(self, s: DisState, team: Team, driving: bool) -> float:
        """What staying put is worth, the bar a move or a drive must clear: the place, and a vehicle's facing
        there, or a team on foot's hold on the cover it is in."""
        here = self._place_value(s, team, team.hex, ())
        if driving:
            assert team.facing is not None  # a vehicle
            return here + vehicle_worth(s, team, team.hex, team.facing, ())
        return here + (0.3 if team.cover else 0.0)

    def _drive_value(self, s: DisState, team: Team, c: C.Drive) -> float:
        end, facing, path = drive_end(team, c)
        return self._place_value(s, team, end, path) + vehicle_worth(s, team, end, facing, tuple(c.templates))

    def _place_value(self, s: DisState, team: Team, h: Hex, path: tuple[Hex, ...]) -> float:
        obj = s.tables.objective
        side = team.side
        d = hex_distance(h, obj)
        v = -1.0 * max(0, d - 1)
        if d <= 1:
            v += 3.0 + (0.1 if d == 0 else 0.0)
        cover = rules.has_cover(s, h) and not rules.is_vehicle(s, team)  # a vehicle never takes cover
        officer = rules.team_has_officer(s, team)
        threat = self._threat(s, side, h)
        if cover:
            v += 0.4
            threat *= COVER_FACTOR
        v -= THREAT_WEIGHT * threat * (2.0 if officer else 1.0)
        if path:
            v -= REACTION_WEIGHT * self._reaction(s, team, path) * (2.0 if officer else 1.0)
        friends = [t for t in s.side_teams(side) if t.id != team.id and not t.routed]
        if officer:
            for t in friends:
                if hex_distance(t.hex, h) <= 1 and not rules.team_has_officer(s, t):
                    mine = t.squad == team.squad
                    v += (1.2 if rules.is_bot_team(t) else 0.6 if mine else 0.3)
        else:
            reach = 1
            near = False
            for t in friends:
                if not rules.team_has_officer(s, t):
                    continue
                dist = hex_distance(t.hex, h)
                if dist <= reach:
                    near = True
                elif not t.moved and t.squad == team.squad and dist <= 1 + rules.team_move(s, t):
                    near = True
            if near:
                v += 1.5 if rules.is_bot_team(team) else 0.5
        return v

    # -----------------------------------------------------------------------------------------
    # Battlefield actions (Rule 16)
    # -----------------------------------------------------------------------------------------
    def _actions(self, s: DisState, side: str, seg: Segment, legal: list[Any]) -> Any:
        best, best_cmd = PASS_VALUE, None
        by_team: dict[str, list[Any]] = {}
        for c in legal:
            if isinstance(c, C.TEAM_ORDERS):
                by_team.setdefault(c.team, []).append(c)
        # a routed team back in the fight first, then orders: only the officer acts, his team may still fire
        rallies = [c for c in legal if type(c) is C.Rally]
        if rallies:
            return rallies[0]
        cmd = self._reorder(s, side, by_team, set(legal))
        if cmd is not None:
            return cmd
        free_teams = [s.teams[t] for t in sorted(by_team)]
        # a spot worth having goes before the shots it helps (its worth already counts the spotter's own shot)
        spots = [(self._spot_value(s, s.teams[c.team], s.teams[c.target], free_teams), c)
                 for c in legal if type(c) is C.Spot]
        spot = max(spots, key=lambda x: x[0], default=(0.0, None))
        if spot[0] > SPOT_FIRST:
            return spot[1]
        for tid in sorted(by_team):
            team = s.teams[tid]
            cover_cost = self._cover_worth(s, team) if team.cover else 0.0
            for c in by_team[tid]:
                t = type(c)
                if t is C.Fire:
                    v = self._fire_value(s, team, s.teams[c.target], c.target_unit) - cover_cost
                elif t is C.TakeCover:
                    v = self._cover_worth(s, team)
                else:
                    continue
                if v > best + 1e-9:
                    best, best_cmd = v, c
        return best_cmd if best_cmd is not None else C.EndPhase(side)

    def _cover_worth(self, s: DisState, team: Team) -> float:
        return 0.2 + THREAT_WEIGHT * (1 - COVER_FACTOR) * self._threat(s, team.side, team.hex)

    # -- orders ------------------------------------------------------------------------
    def _wanted(self, s: DisState, squad_id: str) -> Order | None:
        """The order the squad should have now: hold once all of it stands at the objective, else advance."""
        obj = s.tables.objective
        teams = [t for t in s.squad_teams(squad_id) if not t.routed]
        if not teams:
            return None
        if all(hex_distance(t.hex, obj) <= 1 for t in teams):
            return Order("hold", None, "fire")
        return Order("advance", obj, "fire")

    def _reorder(self, s: DisState, side: str, by_team: dict[str, list[Any]], legal: set[Any]) -> Any:
        co = rules.co_unit(s, side)
        co_team = s.team_of(co.id) if co is not None else None
        # the NCOs' squads first: the CO's own teams are led wherever he is, so their written order matters least
        for q in sorted(s.tables.squads, key=lambda q: q.hq):
            if q.side != side:
                continue
            sq = s.squads[q.id]
            want = self._wanted(s, sq.id)
            if want is None or sq.order == want:
                continue
            if sq.pending == want:
                continue
            # the squad's own NCO (or, for the CO's command, the CO): at once
            nco = s.nco_team(sq.id) if not sq.hq else co_team
            if nco is not None and nco.id in by_team:
                c = C.GiveOrders(nco.id, sq.id, want.verb, want.place, want.fire)
                if c in legal:
                    return c
            if co_team is not None and co_team.id in by_team and not sq.hq:
                word = next((w for w, o in sorted(sq.code_words.items()) if o == want), None)
                if word is not None:
                    word_order = C.CodeWord(co_team.id, word, sq.id)
                    if word_order in legal:
                        return word_order
                if nco is None:  # no NCO to do it: the CO writes it, for next turn
                    c = C.GiveOrders(co_team.id, sq.id, want.verb, want.place, want.fire)
                    if c in legal:
                        return c
        return None

    # -- fire --------------------------------------------------------------------------
    def _unit_worth(self, s: DisState, u: Unit, side: str) -> float:
        if u.klass == "officer":
            left = sum(1 for t in s.side_teams(side) for x in t.living if x.klass == "officer")
            return LAST_OFFICER_WORTH if left <= 1 else OFFICER_WORTH
        return 1.0

    def _fire_value(self, s: DisState, team: Team, target: Team, unit_id: str | None,
                    exclude: frozenset[str] = frozenset(), spotted: bool | None = None) -> float:
        """Expected worth of a Fire order: every way its checks and saves can come out, with its exact chance and
        the wounds it inflicts, from the plan the shot is rolled by (fireplan.plan_fire, Rule 16)."""
        plan = plan_fire(s, team, target, unit_id, False, exclude, spotted)
        if not plan.firers:
            return 0.0
        targeted = [s.unit(u) for u in plan.targeted]
        groups: dict[int, list[tuple[Unit, int, float]]] = {}
        for u in targeted:
            if u.alive:
                _, a, w, _ = rules.unit_stats(s, u)
                groups.setdefault(a, []).append((u, w - u.wounds, self._unit_worth(s, u, target.side)))
        whole_team = unit_id is None or len(target.living) == 1
        total = 0.0
        for p, rows in plan.cases():
            on: dict[int, int] = {}
            for row in rows:
                on[row.pairing.armour] = on.get(row.pairing.armour, 0) + row.wounds
            total += float(p) * self._wounds_worth(groups, on, whole_team)
        return total

    @staticmethod
    def _wounds_worth(groups: dict[int, list[tuple[Unit, int, float]]], on: dict[int, int],
                      whole_team: bool) -> float:
        """What ``on[a]`` wounds on each armour group are worth: the units they are likely to kill (split evenly,
        the remainder at random), a little for wounds that do not kill, and one more if the team is wiped out."""
        value = 0.0
        p_all = 1.0 if whole_team else 0.0
        for a, units in groups.items():
            base, extra = divmod(on.get(a, 0), len(units))
            for _, rem, worth in units:
                if base >= rem:
                    pk = 1.0
                elif base + 1 >= rem:
                    pk = extra / len(units)
                else:
                    pk = 0.0
                share = base + extra / len(units)
                value += pk * worth + (1 - pk) * WOUND_WORTH * min(share, rem - 1)
                p_all *= pk
        if whole_team:
            value += p_all * 1.0  # a team off the board: one fewer on the objective
        return value

    def _spot_value(self, s: DisState, team: Team, target: Team, free_teams: list[Team]) -> float:
        """Rule 16 - Spotting: the chance to spot times what the shots still to come gain by it."""
        if not target.cover or target.spotted:
            return 0.0
        spotter = max((u for u in team.living if not u.acted), key=lambda u: (CLASSES[u.klass], u.id))
        p = 1.0 if s.opt("auto_spot_rally") else p_success(CLASSES[spotter.klass],
                                                             rules.instinct_mods(s, team, spotter)[0])
        gain = 0.0
        for f in free_teams:
            if f.routed or not self._sees(s, f.hex, target.hex, f.side):
                continue
            exclude = frozenset({spotter.id}) if f.id == team.id else frozenset()
            if not rules.is_led(s, f) and rules.order_of(s, f).fire != "fire":
                continue
            now = self._best_team_fire(s, f, exclude)
            after = max(self._fire_value(s, f, target, None, exclude, True),
                        max((self._fire_value(s, f, target, u.id, exclude, True) for u in target.living),
                            default=0.0))
            gain += max(0.0, after - now)
        own_now = self._best_team_fire(s, team)
        return p * gain - max(0.0, own_now - self._best_team_fire(s, team, frozenset({spotter.id})))

    def _best_team_fire(self, s: DisState, team: Team, exclude: frozenset[str] = frozenset()) -> float:
        """The worth of the team's best shot (without the units in ``exclude``), worked out once a choice: each
        spot open asks it again for every team still to fire."""
        key = (team.id, exclude)
        known = self._team_fire.get(key)
        if known is None:
            known = self._team_fire[key] = self._work_out_best_team_fire(s, team, exclude)
        return known

    def _work_out_best_team_fire(self, s: DisState, team: Team, exclude: frozenset[str]) -> float:
        best = 0.0
        for e in s.side_teams(s.other(team.side)):
            d = hex_distance(team.hex, e.hex)
            if not 1 <= d <= 3 or not self._sees(s, team.hex, e.hex, team.side):
                continue
            best = max(best, self._fire_value(s, team, e, None, exclude))
            if len(e.living) > 1:
                for u in e.living:
                    best = max(best, self._fire_value(s, team, e, u.id, exclude))
        return best


def is_unled_bot(s: DisState, team: Team) -> bool:
    return rules.is_bot_team(team) and not rules.is_led(s, team)
