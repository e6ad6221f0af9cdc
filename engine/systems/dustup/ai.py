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
  from which it can shoot next; prop when in a firing position;
- move infantry out from under the enemy's fire support that is due (a mission over the battle area or
  arriving next turn): each of its target markers, real and dummy alike, counts for its share of the
  mission, and its blast reaches as far as the asset's burst radius (Artillery and Air Support).
It passes when passing is legal and nothing is worth doing.

Armour and support (Armoured Dustup; Artillery and Air Support; Aerospace; Additional Rules):
- heavy and guided weapons priced from the exact chance of a major success and of the impact
  beating the armour face it would strike (a wreck is worth more than a damage marker);
- calls for fire onto the enemy it sees, then drops the rounds (instead of an activation) once
  they are over the battle area and more enemy than friends stand under the blast;
- throws or discharges smoke between itself and the enemy guns that can see it in the open;
- carries its infantry forward in vehicles and puts them out near the objective, turns the
  thick front armour toward the nearest threat, sets up crewed weapons when there is a target;
- brings its aircraft in from the inbound chart and flies them toward the fight, and shoots at
  enemy aircraft with anti-aircraft weapons first.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hexfront.engine.core.hexes import Hex, hex_distance

from . import commands as C
from . import ground, odds
from .ai_support import SUPPORT_VALUES, figures_near, fire_support_due, resolve_impact, under_fire
from .data import EFFECTIVE_RANGE
from .dice import open_shift, shift
from .schema import COVER_SHIFT
from .state import DustState, Unit

if TYPE_CHECKING:  # the command classes priced below; the modules import this one's callers
    from .air import AirFire, AirMove, DropBombs, DropTroops, FireAA, Land, MoveInbound, TakeOff
    from .casevac import CallCasevac, LoadWounded
    from .heavy import FireWeapon, SetUpWeapon, Unlimber
    from .vehicles import Disembark, Embark, TankShock, Turn

PASS_VALUE = 0.15
INCOMING_WEIGHT = 1.0  # moving a unit out from under the enemy's fire support about to land


@lru_cache(maxsize=4096)
def p_value_beats(a: int, b: int) -> tuple[float, float]:
    """(P a beats b, P a more than doubles b) for dice or D12 x class values: the odds panel's own count
    (odds.p_value_beats), kept per pair of values because the computer asks for it at every target."""
    return odds.p_value_beats(a, b)


@lru_cache(maxsize=4096)
def _successes(dice: tuple[int, ...], target: int) -> tuple[float, float]:
    _none, minor, major = odds.p_successes(dice, target)
    return minor, major


def p_successes(dice: list[int], target: int) -> tuple[float, float]:
    """(P exactly one die beats the target die, P two or more do): the direct fire procedure, counted by the
    odds panel's own odds.p_successes."""
    return _successes(tuple(dice), target)


class DefaultPlayer:
    name = "default"

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""
        #: what one decision works out once and asks for every order it prices (a unit's goal, the enemies
        #: watching a hex): kept only while :meth:`choose` runs, since the state changes between decisions
        self._memo: dict[tuple[str, str, Hex | None], Any] | None = None

    def choose(self, system: Any, st: DustState) -> Any:
        legal = system.legal_commands(st)
        if len(legal) == 1:
            return legal[0]
        if st.pending is not None:
            return self._decide(st, legal)
        best_value, best = None, legal[0]
        self._memo = {}
        try:
            for cmd in legal:
                value = self.value(st, cmd)
                if best_value is None or value > best_value:
                    best_value, best = value, cmd
        finally:
            self._memo = None
        return best

    def ranked(self, system: Any, st: DustState, n: int) -> list[Any]:
        """The ``n`` legal orders this player prices highest, best first (ties in the order they are listed):
        the first is :meth:`choose`'s order. A pending decision has the one answer the player gives first."""
        legal = system.legal_commands(st)
        if len(legal) == 1 or st.pending is not None:
            first = self.choose(system, st)
            return [first, *[c for c in legal if c != first]][:n]
        self._memo = {}
        try:
            priced = [(-self.value(st, cmd), i) for i, cmd in enumerate(legal)]
        finally:
            self._memo = None
        return [legal[i] for _, i in sorted(priced)[:n]]

    # -- decisions ------------------------------------------------------------------------------
    def _decide(self, st: DustState, legal: list[Any]) -> Any:
        assert st.pending is not None, "choose() asks this only while a decision is pending"
        kind = st.pending.kind
        want = {"first": "first", "seize": "decline", "occupy": "occupy", "press": "press"}.get(kind)
        if kind == "withdraw":
            want = "stand"
        if kind == "cdm":  # a command-detonated mine: fire it while the enemy is in its field
            fires = [c for c in legal if isinstance(c, C.Decide) and c.choice.startswith("fire")]
            if fires:
                return fires[-1]
        for pressing in ("continue", "press", "engage"):
            if kind not in ("first", "seize", "occupy", "withdraw", "cdm") and \
                    any(isinstance(c, C.Decide) and c.choice == pressing for c in legal):
                want = pressing
                break
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
        side_value = SIDE_VALUES.get(t.__name__)
        if side_value is not None:
            return side_value(self, st, cmd)
        uid = C.unit_of(cmd)
        u = st.units.get(uid) if uid is not None else None
        if u is None:
            return 0.0
        armour_value = ARMOUR_VALUES.get(t.__name__)
        if armour_value is not None:
            return armour_value(self, st, u, cmd)
        if t is C.Shoot:
            return self._shoot(st, u, cmd)
        if t is C.Move:
            return self._move(st, u, cmd)
        if t is C.Assault:
            return self._assault(st, u, cmd)
        if t is C.Rally or t is C.Order:
            return self._command(st, u, cmd)
        return self._keeping_order(st, u, cmd)

    def _keeping_order(self, st: DustState, u: Unit, cmd: Any) -> float:
        """The orders that keep a unit in fighting order: recovering, propping, treating, searching."""
        t = type(cmd)
        if t is C.Recover:
            return 2.0 * odds.p_beats(u.quality, u.leadership)
        if t is C.Prop:
            return 0.5 if self._targets_from(st, u, u.hex) and not self._wants_to_advance(st, u) else 0.05
        if t is C.Unprop:
            return 0.6 if self._wants_to_advance(st, u) and not self._targets_from(st, u, u.hex) else 0.0
        if t is C.Treat:
            return 0.6 * len(st.units[cmd.patient].wounded_untreated)
        if t is C.Detect:
            m = st.markers.get(cmd.marker)
            return 0.5 if m is not None else 0.0
        if t is C.Reorganise:
            return 1.0 if u.leaderless and cmd.purpose == "leader" else 0.02
        if t in (C.Rouse, C.Withdraw):
            return 0.1  # forced orders are the only legal ones anyway
        return 0.02

    def _command(self, st: DustState, u: Unit, cmd: C.Rally | C.Order) -> float:
        """A commander's orders: rallying a shaken subordinate, or ordering one that can shoot."""
        sub = st.units[cmd.subordinate]
        if isinstance(cmd, C.Rally):
            return 1.5 * (sub.initial_confidence - sub.confidence) * odds.p_beats(sub.quality,
                                                                                 sub.leadership + u.leadership)
        if not sub.on_table or sub.suppression or sub.panicked:
            return 0.0
        shots = self._targets_from(st, sub, sub.hex)
        return (1.2 if shots else 0.4) * (0.5 if not sub.activated else 1.0)

    # shooting ---------------------------------------------------------------------------------------
    def _shoot(self, st: DustState, u: Unit, cmd: C.Shoot) -> float:
        from . import fire

        target = st.units[cmd.target]
        shot = fire.odds(st, u, target, cmd.figures, cmd.grenades, cmd.suppressive)
        if shot is None:
            return 0.0
        _, impact = fire.firer_dice(st, u, [f.id for f in fire.firing_figures(st, u, target, cmd.figures)],
                                    cmd.grenades)
        if target.is_vehicle:
            from hexfront.engine.core.hexes import arc_of

            face = target.armour_face(arc_of(target.hex, target.facing, u.hex))
            win, double = p_value_beats(impact, face) if impact else (0.0, 0.0)
            casualties = 0.0 if cmd.suppressive else shot.expected_hits * (win + double) * (1 + target.size) / 2
        else:
            armour = max((f.armour for f in target.fit_figures), default=4)
            steps = ground.cover_shift(st, target) + (1 if target.propped else 0)
            wound, kill = odds.p_wound(impact, shift(armour, steps)) if impact and impact <= 12 else (0.0, 0.0)
            casualties = 0.0 if cmd.suppressive else shot.expected_hits * (wound + kill)
        pin = (1.0 if target.suppression == 0 else 0.4 if target.suppression < 3 else 0.0)
        value = 3.0 * casualties + 1.2 * pin * (shot.minor + shot.major)
        if cmd.figures and not cmd.grenades:
            value *= 0.9  # keep split fire for when it pays
        return value + 0.3

    # assault --------------------------------------------------------------------------------------------
    def _assault(self, st: DustState, u: Unit, cmd: C.Assault) -> float:
        """The courage test's odds, as the assault rules will roll it (courage.courage_shifts)."""
        from . import courage, view

        target = st.units[cmd.target]
        if cmd.second is not None:
            return 0.0
        mine = max(1, u.able * (2 if u.power else 1))
        theirs = max(1, target.able * (2 if target.power else 1))
        if hex_distance(u.hex, target.hex) <= 1:
            return 1.0 + mine / theirs
        me, them = (u.id, courage.members(u)), (target.id, courage.members(target))
        a_steps = sum(s for _, s in courage.courage_shifts(st, me, them, False))
        d_steps = sum(s for _, s in courage.courage_shifts(st, them, me, True))
        a, d = open_shift(u.quality, a_steps, target.quality, d_steps)
        o = view.courage_odds(st, target, a, d)
        odds_ratio = min(2.0, mine / theirs)
        return (3.0 * o[courage.WITHDRAW] + 1.5 * o[courage.CONTACT] * odds_ratio
                - 2.0 * o[courage.BAD] - 0.5 * o[courage.FAIL] - 0.3)

    # movement ---------------------------------------------------------------------------------------------
    def _goal(self, st: DustState, u: Unit) -> Hex | None:
        """The nearest objective not held by us (then the nearest held), else the nearest enemy."""
        memo = self._memo
        key = ("goal", u.id, None)
        if memo is not None and key in memo:
            goal: Hex | None = memo[key]
            return goal
        objectives = list(st.tables.objectives)
        if objectives:
            goal = min(objectives, key=lambda o: (self._held_by_us(st, u.side, o), hex_distance(u.hex, o)))
        else:
            enemies = [e.hex for e in st.enemies(u.side)]
            goal = min(enemies, key=lambda h: hex_distance(u.hex, h)) if enemies else None
        if memo is not None:
            memo[key] = goal
        return goal

    def _watchers(self, st: DustState, side: str, to: Hex) -> list[Unit]:
        """The enemies of ``side`` known, not pinned, within effective range of ``to`` and seeing it."""
        memo = self._memo
        key = ("watch", side, to)
        if memo is not None and key in memo:
            seen: list[Unit] = memo[key]
            return seen
        seen = [e for e in st.enemies(side) if not e.hidden and e.suppression == 0
                and hex_distance(to, e.hex) <= EFFECTIVE_RANGE and ground.can_see(st, e.hex, to)]
        if memo is not None:
            memo[key] = seen
        return seen

    @staticmethod
    def _held_by_us(st: DustState, side: str, obj: Hex) -> bool:
        return any(v.side == side and v.on_table and hex_distance(v.hex, obj) <= 1 for v in st.units.values())

    def _wants_to_advance(self, st: DustState, u: Unit) -> bool:
        goal = self._goal(st, u)
        return goal is not None and hex_distance(u.hex, goal) > 1

    def _targets_from(self, st: DustState, u: Unit, h: Hex) -> list[Unit]:
        return [e for e in st.enemies(u.side)
                if not e.hidden and hex_distance(h, e.hex) <= EFFECTIVE_RANGE and ground.can_see(st, h, e.hex)]

    def _move(self, st: DustState, u: Unit, cmd: C.Move) -> float:
        if cmd.leave_wounded:
            return -1.0
        goal = self._goal(st, u)
        to = cmd.to
        value = 0.0
        if goal is not None:
            value += 0.25 * (hex_distance(u.hex, goal) - hex_distance(to, goal))
            if hex_distance(to, goal) <= 1:
                value += 0.8
        cover = COVER_SHIFT[st.tables.cover.get(to, "none")] + \
            (1 if st.tables.conceal.get(to, "none") != "none" else 0)
        value += 0.35 * cover
        watchers = self._watchers(st, u.side, to)
        if not cover:
            value -= 0.3 * len(watchers)
        if watchers:
            value += 0.4  # a firing position for the next action
        if u.confidence <= 2:
            value -= 0.3 * len(watchers)
        if not u.is_vehicle:
            value += INCOMING_WEIGHT * (self.incoming(st, u.side, u.hex) - self.incoming(st, u.side, to))
        return value

    def incoming(self, st: DustState, side: str, h: Hex) -> float:
        """How much of the enemy's fire support that is due would land on ``h`` (:func:`.ai_support.under_fire`);
        what is due is worked out once a decision."""
        if not st.missions:
            return 0.0
        memo = self._memo
        key = ("fire support due", side, None)
        due: list[tuple[Hex, int, float]] | None = memo.get(key) if memo is not None else None
        if due is None:
            due = fire_support_due(st, side)
            if memo is not None:
                memo[key] = due
        return under_fire(due, h) if due else 0.0


# ---------------------------------------------------------------------------------------------
# Armour and support orders (priced by class name: the modules define the command classes)
# ---------------------------------------------------------------------------------------------


def _fire_weapon(self: DefaultPlayer, st: DustState, u: Unit, cmd: FireWeapon) -> float:
    from hexfront.engine.core.hexes import arc_of

    from . import heavy

    target = st.units[cmd.target]
    total = 0.0
    for fid in cmd.weapons:
        f = next((x for x in u.figures if x.id == fid), None)
        w = ground.weapon_of(st, f) if f is not None else None
        if f is None or w is None:
            continue
        vehicle = target.is_vehicle
        if w.kind in ("guided", "aa"):
            die, _ = heavy.ecm_die(st, target)
            dice = [u.quality, w.guidance]
            hits = 1.0
        else:
            die, _ = heavy.weapon_target_die(st, u, f, target, cmd.part)
            if die > 12:
                continue
            dice = [u.quality] + [w.die_against(vehicle)] * w.count
            hits = max(1.0, sum((d + 1) / 2 for d in dice) / die)
        minor, major = p_successes(dice, die)
        impact = w.impact_against(vehicle)
        if vehicle:
            face = target.armour_face(arc_of(target.hex, target.facing, u.hex)) if not cmd.part else 6
            win, double = p_value_beats(impact, face)
            total += major * min(1.0, hits * win) * (1.5 + target.size) + major * double * 3.0 + 0.4 * minor
        else:
            armour = max((x.armour for x in target.fit_figures), default=4)
            wound, kill = odds.p_wound(min(impact, 12), shift(armour, ground.cover_shift(st, target)))
            pin = 1.0 if target.suppression == 0 else 0.3
            total += 3.0 * major * hits * (wound + kill) + 1.2 * pin * (minor + major)
    return total + 0.35


def _disembark(self: DefaultPlayer, st: DustState, u: Unit, cmd: Disembark) -> float:
    v = st.units.get(u.carried_by or "")
    goal = self._goal(st, u)
    if v is None:
        return 0.5
    near = goal is not None and hex_distance(v.hex, goal) <= 4
    threatened = v.damage > 0 or v.suppression > 0 or (v.air == "" and any(
        not e.hidden and hex_distance(e.hex, v.hex) <= 3 for e in st.enemies(u.side)))
    return (1.0 if near or threatened else 0.0) + 0.25 * (cmd.to == goal if goal else 0)


def _embark(self: DefaultPlayer, st: DustState, u: Unit, cmd: Embark) -> float:
    v = st.units.get(cmd.vehicle)
    goal = self._goal(st, u)
    if v is None or goal is None or v.damage:
        return 0.0
    return 0.6 if hex_distance(u.hex, goal) > 8 else 0.0


def _turn(self: DefaultPlayer, st: DustState, u: Unit, cmd: Turn) -> float:
    from hexfront.engine.core.hexes import arc_of

    threats = [e for e in st.enemies(u.side) if not e.hidden and (e.is_vehicle or e.heavy_weapons)]
    if not threats:
        return 0.0
    e = min(threats, key=lambda x: hex_distance(u.hex, x.hex))
    now = arc_of(u.hex, u.facing, e.hex)
    after = arc_of(u.hex, cmd.facing, e.hex)
    return 0.45 if now != "front" and after == "front" else 0.0


def _tank_shock(self: DefaultPlayer, st: DustState, u: Unit, cmd: TankShock) -> float:
    target = st.units[cmd.target]
    return 0.4 + 0.3 * target.suppression + (0.5 if target.confidence <= 2 else 0.0) - 0.1 * target.able / 4


def _set_up(self: DefaultPlayer, st: DustState, u: Unit, cmd: SetUpWeapon) -> float:
    if cmd.dismantle:
        return 0.0
    return 1.1 if self._targets_from(st, u, u.hex) else 0.3


def _zero(self: DefaultPlayer, st: DustState, u: Unit, cmd: Any) -> float:
    return 0.0


def _unlimber(self: DefaultPlayer, st: DustState, u: Unit, cmd: Unlimber) -> float:
    """A limbered gun cannot fire: bring it into action where it has something to shoot at."""
    return 1.1 if self._targets_from(st, u, u.hex) else 0.3


def _move_inbound(self: DefaultPlayer, st: DustState, cmd: MoveInbound) -> float:
    """Bring aircraft and inserted troops in: forward along the chart, and onto the table near
    an objective rather than the middle (the arrival point is the first the offer lists)."""
    if cmd.to < 0:
        return 0.0
    if cmd.to > 0:
        return 2.2
    value = 2.5
    if cmd.at is not None and st.tables.objectives:
        value += 0.05 * (10 - min(10, min(hex_distance(cmd.at, o) for o in st.tables.objectives)))
    u = st.units.get(st.missions[cmd.mission].unit or "")
    if u is not None and u.vtol and st.passengers(u.id):
        value += 0.1 if cmd.air == "hovering" else 0.0
    return value


def _air_move(self: DefaultPlayer, st: DustState, u: Unit, cmd: AirMove) -> float:
    goal = self._goal(st, u)
    to = cmd.to
    if goal is None:
        return 0.2
    value = 0.2 * (hex_distance(u.hex, goal) - hex_distance(to, goal))
    carrying = bool(st.passengers(u.id))
    if carrying and hex_distance(to, goal) <= 3:
        value += 0.8
    aa = [e for e in st.enemies(u.side) if not e.hidden and any(
        f.status == "fit" and st.tables.weapons.get(f.weapon) is not None and st.tables.weapons[f.weapon].kind == "aa"
        for f in e.heavy_weapons)]
    value -= 0.15 * sum(1 for e in aa if hex_distance(e.hex, to) <= 12)
    return value + 0.1


def _land(self: DefaultPlayer, st: DustState, u: Unit, cmd: Land) -> float:
    goal = self._goal(st, u)
    if st.passengers(u.id) and goal is not None and hex_distance(u.hex, goal) <= 5:
        return 1.2
    return 0.0


def _fire_aa(self: DefaultPlayer, st: DustState, u: Unit, cmd: FireAA) -> float:
    target = st.units.get(cmd.target)
    return 2.0 + (target.size if target else 0)


def _air_fire(self: DefaultPlayer, st: DustState, u: Unit, cmd: AirFire) -> float:
    target = st.units.get(cmd.target)
    if target is None:
        return 0.0
    return 0.8 + 0.3 * len(target.fit_figures) * (3 if target.is_vehicle else 1) / 4


def _drop_bombs(self: DefaultPlayer, st: DustState, u: Unit, cmd: DropBombs) -> float:
    ahead = u.hex if u.air == "hovering" else u.hex.neighbour(u.facing).neighbour(u.facing)
    enemy, own = figures_near(st, u.side, ahead, 3)
    return (0.5 * enemy - own) * (1 + 0.2 * (cmd.count - 1))


def _drop_troops(self: DefaultPlayer, st: DustState, u: Unit, cmd: DropTroops) -> float:
    goal = self._goal(st, u)
    return 1.0 + (0.3 if cmd.method == "grav" else 0.0) + (0.3 if goal and hex_distance(cmd.at, goal) <= 3 else 0)


def _take_off(self: DefaultPlayer, st: DustState, u: Unit, cmd: TakeOff) -> float:
    if u.vehicle != "aircraft":
        return 0.05  # a grav vehicle fights well enough on the ground
    return 0.7 if not st.passengers(u.id) else 0.0


def _casevac(self: DefaultPlayer, st: DustState, u: Unit, cmd: LoadWounded | CallCasevac) -> float:
    return 0.4 * len(u.wounded_untreated) + 0.2 * sum(1 for f in u.figures if f.status == "stabilised")


ARMOUR_VALUES: dict[str, Callable[[DefaultPlayer, DustState, Unit, Any], float]] = {
    **SUPPORT_VALUES, "FireWeapon": _fire_weapon, "Disembark": _disembark, "Embark": _embark,
    "Turn": _turn, "TankShock": _tank_shock, "SetUpWeapon": _set_up, "AirMove": _air_move, "Land": _land,
    "FireAA": _fire_aa, "DropBombs": _drop_bombs, "AirFire": _air_fire, "DropTroops": _drop_troops,
    "TakeOff": _take_off, "Taxi": _zero, "LeaveTable": _zero, "LoadWounded": _casevac, "CallCasevac": _casevac,
    "Tow": _zero, "Release": _zero, "RecallDrone": _zero, "SetRemote": _zero, "ClearLane": _zero,
    "SetCDM": _zero, "Ignite": _zero, "FightFire": _zero,
    "Limber": _zero, "Unlimber": _unlimber,
}
SIDE_VALUES: dict[str, Callable[[DefaultPlayer, DustState, Any], float]] = {
    "ResolveImpact": resolve_impact, "MoveInbound": _move_inbound}
