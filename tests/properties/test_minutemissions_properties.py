"""Properties of the engine over random legal 30 Minute Missions command sequences (hypothesis).

- replaying a saved log reproduces every recorded state hash;
- undo then redo is the identity;
- save then load is the identity;
- an illegal command (every order type, hostile or mistyped fields, off-board hexes, the wrong phase, the other
  side's unit, a unit that already acted this round, AP the unit does not have) changes nothing;
- the rules' invariants hold after every command, in both missions (ridge, foundry);
- every computer player gives only legal orders and finishes the battle.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import battle_properties as props
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.minutemissions import combat as K
from hexfront.engine.systems.minutemissions import commands as C
from hexfront.engine.systems.minutemissions import events as E
from hexfront.engine.systems.minutemissions import rules
from hexfront.engine.systems.minutemissions.data import ARMS, LEGS, MAX_CARRIED, MAX_SRM, SECTIONS
from hexfront.engine.systems.minutemissions.state import (
    BATTLE,
    CARRIED,
    DEPLOY,
    DESTROYED,
    DOWN,
    DROPPED,
    HELD,
    KNEELING,
    MOUNTED,
    MOVEMENT,
    OVER,
    PHASES,
    PRONE,
    STANDING,
)

SYSTEM = get_system("minutemissions")
SCENARIOS = ["ridge", "foundry"]
PROPERTY_SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                             suppress_health_check=[HealthCheck.too_slow])
END_ORDERS = (C.EndPhase, C.EndTurn)
POSTURES = (STANDING, KNEELING, PRONE, DOWN)
WEAPON_PLACES = (HELD, MOUNTED, CARRIED, DROPPED, DESTROYED)


def approaches(battle: Battle, legal: list[Any]) -> list[Any]:
    """The acting unit's moves, flights and turns that bring it (or its front) nearer the nearest enemy or
    objective."""
    s = battle.state
    if s.turn is None:
        return []
    u = s.units[s.turn.unit]
    foes = [e.at for e in s.units.values() if e.side != u.side and e.on_board] + list(s.tables.mission.objectives)
    if not foes:
        return []

    def dist(h: Hex) -> int:
        return min(hex_distance(h, f) for f in foes)

    now = dist(u.at)
    out = []
    for c in legal:
        if isinstance(c, C.Move) and dist(c.to) < now:
            out.append(c)
        elif isinstance(c, C.Thrust) and dist(rules.thrust_path(s, u, c.direction, c.distance)[0][-1]) < now - 1:
            out.append(c)
        elif isinstance(c, C.Turn) and dist(u.at.neighbour(c.facing)) < now <= dist(u.at.neighbour(u.facing)):
            out.append(c)
    return out


def choose(battle: Battle, legal: list[Any], pick: int) -> Any:
    """A pick ending in 0 ends the phase or the unit's turn; 1-4 favours an attack (mostly at the torso or a drone's
    frame) and 5-7 a step, flight or turn towards the enemy or the objectives (the mechs deploy at opposite edges
    and would otherwise rarely meet); the rest index the legal orders (command actions, any move)."""
    k = pick % 10
    if k == 0:
        ends = [c for c in legal if isinstance(c, END_ORDERS)]
        if ends:
            return ends[pick // 10 % len(ends)]
    elif k <= 4:
        attacks = [c for c in legal if isinstance(c, C.Attack)]
        at_torso = [c for c in attacks if c.area in ("torso", "frame")]
        if at_torso and pick // 10 % 3:  # mostly at the torso, so mechs are lost and battles end early too
            return at_torso[pick // 10 % len(at_torso)]
        if attacks:
            return attacks[pick // 10 % len(attacks)]
    elif k <= 7:
        near = approaches(battle, legal)
        if near:
            return near[pick // 10 % len(near)]
    return legal[pick % len(legal)]


def play(scenario: str, seed: int, picks: list[int]) -> Battle:
    """Play ``picks`` as choices among the legal orders of each moment (see ``choose``)."""
    battle = Battle.new("minutemissions", scenario, seed=seed)
    check_invariants(battle)
    for pick in picks:
        legal = battle.legal_commands()
        if not legal:
            break
        battle.submit(choose(battle, legal, pick))
        check_invariants(battle)
    check_history(battle)
    return battle


def _phase_before_last_command(battle: Battle) -> str | None:
    """The acting unit's phase before the last command (None: no unit was acting), from the events."""
    for evs in reversed(battle.events[:-1]):
        for e in reversed(evs):
            if isinstance(e, E.UnitActivated):
                return MOVEMENT
            if isinstance(e, E.PhaseBegan):
                return e.phase
            if isinstance(e, (E.UnitTurnEnded, E.BattleEnded)):
                return None
    return None


def check_invariants(battle: Battle) -> None:
    s = battle.state
    assert s.stage in (DEPLOY, BATTLE, OVER)
    _check_units(s)
    _check_weapons(s)
    _check_drones(s)
    _check_round(s)
    phase = s.turn.phase if s.turn is not None else None
    _check_phases(battle, phase)
    if s.result is None:
        assert s.stage != OVER
        side = battle.side_to_act()
        assert side in s.sides
        if s.stage == BATTLE and s.turn is None:
            assert rules.unacted(s, side), f"{side} is to act with no unit left to activate"
        legal = battle.legal_commands()
        assert legal
        # every order offered is one the rules accept (a spread of them: the attack lists run long)
        for cmd in legal[::max(1, len(legal) // 40)]:
            assert battle.refusal(cmd) is None, cmd
    else:
        winner, reason = s.result
        assert winner in (None, *s.sides) and reason
        assert s.stage == OVER and s.turn is None
        assert battle.side_to_act() is None and not battle.legal_commands()


def _check_units(s: Any) -> None:
    """Every unit's defence points, facing, posture, place on the board and the hex it shares."""
    tables = s.tables
    levels: dict[tuple[Hex, int], list[str]] = {}
    for u in s.units.values():
        assert u.side in s.sides, u.id
        top = K.max_sections(s, u)
        for sec in SECTIONS:
            assert 0 <= u.sections[sec] <= top[sec], (u.id, sec, u.sections[sec], top[sec])
        assert u.destroyed == (u.sections["torso"] == 0), u.id  # only a destroyed torso takes a unit off
        assert 0 <= u.facing <= 5 and type(u.facing) is int, u.id
        assert u.posture in POSTURES, u.id
        assert u.stance in ("", "offensive", "defensive"), u.id
        if u.stance == "offensive":
            assert u.stance_weapon in s.weapons, u.id  # dropped or stowed since, it still names it (to its turn)
        assert u.docked == sum(1 for d in s.drones_of(u.id) if d.at is None and not d.destroyed), u.id
        if u.grappled_by is not None:
            g = s.units[u.grappled_by]
            assert g.alive and g.side != u.side and u.alive, (u.id, g.id)
        if s.stage != DEPLOY and u.alive:
            assert u.at is not None, f"{u.id} was never deployed"
        if u.on_board:
            assert tables.on_board(u.at), u.id
            assert u.elev in K.levels(s, u.at), (u.id, u.elev, K.levels(s, u.at))
            levels.setdefault((u.at, u.elev), []).append(u.id)
            check_stat_reductions(s, u)
    for (h, elev), here in levels.items():
        sides = {s.units[x].side for x in here}
        assert len(sides) == 1, f"enemies {here} share {h} at elevation {elev}"
        assert len(here) <= K.FRIENDS_PER_LEVEL, f"{here} crowd {h} at elevation {elev}"


def _check_weapons(s: Any) -> None:
    """Every weapon's place, defence points and holder; no hand holds two."""
    tables = s.tables
    for w in s.weapons.values():
        assert w.place in WEAPON_PLACES, w
        assert 0 <= w.dp <= tables.weapons[w.type].dp, w
        if w.dp == 0:
            assert w.place == DESTROYED, w
        if w.place in (HELD, MOUNTED, CARRIED):
            assert w.holder in s.units and s.units[w.holder].side == w.side, w
        if w.place == HELD:
            assert 1 <= len(w.at) <= tables.weapons[w.type].hands and set(w.at) <= set(ARMS), w
            if s.units[w.holder].alive:
                assert all(s.units[w.holder].sections[a] > 0 for a in w.at), w
        elif w.place == MOUNTED:
            assert len(w.at) == 1 and w.at[0] in SECTIONS, w
        elif w.place == CARRIED:
            assert w.at == (), w
        elif w.place == DROPPED:
            assert w.holder is None and w.at == () and tables.on_board(w.ground), w
    for u in s.units.values():
        hands = [a for w in s.weapons_of(u.id) if w.place == HELD for a in w.at]
        assert len(hands) == len(set(hands)), f"{u.id} holds two weapons in one hand"
        assert K.carried_count(s, u) <= MAX_CARRIED, u.id


def _check_drones(s: Any) -> None:
    """Drones: at most 3 out, within 2 hexes of their carrier, one to a hex."""
    tables = s.tables
    out = Counter()
    hovering = Counter()
    for d in s.drones.values():
        carrier = s.units[d.carrier]
        assert d.side == carrier.side, d
        assert 0 <= d.dp <= tables.drones[d.type].dp, d
        if d.dp == 0:
            assert d.destroyed, d
        if d.active:
            assert carrier.on_board, f"{d.id} is out with its carrier gone"
            assert tables.on_board(d.at) and hex_distance(d.at, carrier.at) <= K.DRONE_RADIUS, d
            assert d.elev == K.top(s, d.at), d
            out[d.carrier] += 1
            hovering[d.at] += 1
    assert all(n <= K.MAX_DRONES for n in out.values()), out
    assert all(n == 1 for n in hovering.values()), f"drones share a hex: {hovering}"


def _check_round(s: Any) -> None:
    """The round, the scores and the unit's turn."""
    m = s.tables.mission
    assert len(s.acted) == len(set(s.acted)), f"a unit acted twice this round: {s.acted}"
    assert set(s.acted) <= set(s.units)
    assert all(v >= 0 for v in s.scores.values()) and set(s.scores) == set(s.sides)
    if m.goal != "hold":
        assert not any(s.scores.values())
    if s.stage == DEPLOY:
        assert s.round == 0 and s.turn is None and not s.acted
        assert rules.unplaced(s, s.active), "the side to deploy has nobody to place"
    elif s.stage == BATTLE:
        assert 1 <= s.round <= m.rounds
    if s.turn is not None:
        t = s.turn
        u = s.units[t.unit]
        assert s.stage == BATTLE and u.on_board and u.side == s.active, t
        assert t.unit not in s.acted, f"{t.unit} acts again this round"
        assert t.ap >= 0 and t.phase in PHASES and t.mp_spent >= 0 and t.pressed >= 0, t
        if t.thrusted:
            assert t.phase == MOVEMENT, "a thruster flight forfeits the combat phases"


def _check_phases(battle: Battle, phase: str | None) -> None:
    """Within a unit's turn the phases of the last order's events never go back."""
    s = battle.state
    tables = s.tables
    if battle.events:
        before = _phase_before_last_command(battle)
        for e in battle.events[-1]:
            if isinstance(e, E.UnitActivated):
                assert before is None, e
                assert e.ap == e.base_ap + e.roll and 1 <= e.roll <= 8, e
                before = MOVEMENT
            elif isinstance(e, E.PhaseBegan):
                assert before is not None and PHASES.index(e.phase) > PHASES.index(before), (before, e)
                before = e.phase
            elif isinstance(e, (E.UnitTurnEnded, E.BattleEnded)):
                before = None
            elif isinstance(e, E.UnitStepped):
                assert hex_distance(e.frm, e.to) == 1 and tables.on_board(e.to), e
            elif isinstance(e, E.ApSpent):
                assert e.ap > 0 and e.left >= 0, e
        assert before == phase, (before, phase)


def check_stat_reductions(s, u) -> None:
    """S.R.M.: status effects worsen accuracy, assault and evasion by at most 2/2/2 (or the core type's own
    smaller cap): a destroyed head 2 to accuracy, each destroyed arm 1 to assault, each destroyed leg 1 to evasion
    and rough ground its own."""
    c = K.core(s, u)
    t = s.tables.terrain_at(u.at)
    in_terrain = not t.roof or u.elev != t.roof
    raw = [2 if u.sections["head"] == 0 else 0,
           sum(1 for a in ARMS if u.sections[a] == 0),
           sum(1 for a in LEGS if u.sections[a] == 0) + (-t.evasion if in_terrain and t.evasion < 0 else 0)]
    evade_bonus = (t.evasion if in_terrain and t.evasion > 0 else 0) + (
        s.tables.alt_forms[s.tables.designs[u.design].alt_form].evasion if u.transformed else 0)
    weapons = [s.tables.weapons[w.type] for w in s.weapons_of(u.id)] or [s.tables.weapons["rifle"]]
    cuts = [{K.accuracy(s, u, w).need - c.accuracy + w.accuracy for w in weapons},
            {K.assault(s, u, None).need - c.assault},
            {K.evasion(s, u).need - c.evasion + evade_bonus}]
    for i, name in enumerate(("accuracy", "assault", "evasion")):
        cap = min(c.srm[i], MAX_SRM)
        assert cap <= 2 and cuts[i] == {min(raw[i], cap)}, (u.id, name, raw[i], cap, cuts[i])


def check_history(battle: Battle) -> None:
    """Over the whole battle: each unit is activated at most once a round, only while it stands on the board."""
    activated: set[str] = set()
    for e in battle.all_events():
        if isinstance(e, E.RoundBegan):
            activated = set()
        elif isinstance(e, E.UnitActivated):
            assert e.unit not in activated, f"{e.unit} activated twice in a round"
            activated.add(e.unit)


pick = st.integers(min_value=0, max_value=10_000)
# short sequences (deployment, the first turns) and long ones (most of a battle, often its end)
picks_strategy = st.one_of(st.lists(pick, min_size=1, max_size=30), st.lists(pick, min_size=250, max_size=600))


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy)
def test_replaying_the_saved_log_reproduces_every_state_hash(scenario, seed, picks):
    props.replay_reproduces_every_hash(play(scenario, seed, picks))


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy,
       depth=st.integers(1, 30))
def test_undo_then_redo_is_identity(scenario, seed, picks, depth):
    props.undo_then_redo_is_identity(play(scenario, seed, picks), depth)


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1), picks=picks_strategy)
def test_save_then_load_is_identity(scenario, seed, picks):
    props.save_then_load_is_identity(play(scenario, seed, picks))


# hostile and mistyped fields: unknown ids, wrong types, off-board hexes, weapons and areas that are not there
MISTYPED = (None, "1", 1.0, 1.5, True, False, 0.0)
UNITS = st.sampled_from(["M1", "M2", "M3", "M4", "A1", "A2", "A3", "A4", "M9", "m1", "A1 ", "M4.d1", "", None, 7])
WEAPONS = st.sampled_from(["M1.hammer", "M1.vulcan", "M1.knife", "M2.longrifle", "M2.carbine", "M3.rifle",
                           "M4.shield", "M4.d1", "A1.claw", "A1.shield", "A2.cannon", "A2.knife", "A3.carbine",
                           "A4.sword", "A4.d2", "M4.d9", "hammer", "rifle", "", None])
TARGETS = st.sampled_from(["M1", "M3", "A1", "A2", "A4", "M4.d1", "A4.d1", "A4.d3", "A2.cannon", "X9", "", None])
AREAS = st.sampled_from([*SECTIONS, "frame", "M1.hammer", "A2.cannon", "A1.shield", "wing", "Torso", "", None])
SMALL = st.one_of(st.integers(-2, 8), st.sampled_from(MISTYPED))
hexes = st.one_of(st.builds(Hex, st.integers(-10, 16), st.integers(-3, 19)), st.none())  # on the board and off
HOSTILE = {
    C.Place: st.builds(C.Place, UNITS, hexes),
    C.Activate: st.builds(C.Activate, UNITS),
    C.Move: st.builds(C.Move, UNITS, hexes),
    C.Turn: st.builds(C.Turn, UNITS, SMALL),
    C.Thrust: st.builds(C.Thrust, UNITS, SMALL, SMALL),
    C.EndPhase: st.builds(C.EndPhase, UNITS),
    C.EndTurn: st.builds(C.EndTurn, UNITS),
    C.Attack: st.builds(C.Attack, UNITS, WEAPONS, TARGETS, AREAS),
    C.GetUp: st.builds(C.GetUp, UNITS),
    C.PressOn: st.builds(C.PressOn, UNITS),
    C.BreakGrapple: st.builds(C.BreakGrapple, UNITS),
    C.Swap: st.builds(C.Swap, UNITS, WEAPONS),
    C.Retrieve: st.builds(C.Retrieve, UNITS, WEAPONS),
    C.LaunchDrone: st.builds(C.LaunchDrone, UNITS, hexes),
    C.Reposition: st.builds(C.Reposition, UNITS, SMALL),
    C.Recall: st.builds(C.Recall, UNITS),
    C.Transform: st.builds(C.Transform, UNITS),
    C.Kneel: st.builds(C.Kneel, UNITS),
    C.Prone: st.builds(C.Prone, UNITS),
    C.OffensiveStance: st.builds(C.OffensiveStance, UNITS, WEAPONS),
    C.DefensiveStance: st.builds(C.DefensiveStance, UNITS),
}
assert set(HOSTILE) == set(C.COMMAND_TYPES), "build hostile fields for every 30 Minute Missions order"
# the fields of each order that are whole numbers (a mistyped one must be refused: a save could not hold it; so
# must a hex of floats, though it equals a legal one)
INT_FIELDS = {C.Turn: ("facing",), C.Thrust: ("direction", "distance"), C.Reposition: ("direction",)}
UNIT_ORDERS = (C.EndPhase, C.EndTurn, C.GetUp, C.PressOn, C.BreakGrapple, C.Recall, C.Transform, C.Kneel, C.Prone,
               C.DefensiveStance)
COMMAND_ACTIONS_NO_FIELDS = (C.GetUp, C.PressOn, C.BreakGrapple, C.Recall, C.Transform, C.Kneel, C.Prone,
                             C.DefensiveStance)


@attrs.frozen
class FromState:
    """An order built from the battle as it stands when it is tried, always an illegal one: for a unit that
    already acted this round, for the other side's unit or a friend that is not acting, of the wrong phase or
    stage, costing AP the unit does not have, for a destroyed unit, or a legal order with a whole-number field
    mistyped. ``play_on`` is a legal order instead, so later attempts meet later moments."""

    kind: str
    k: int

    def __call__(self, battle: Battle) -> Any:
        make = {"acted": self._acted, "other_side": self._other_side, "friend_not_acting": self._friend_not_acting,
                "wrong_stage": self._wrong_stage, "short_of_ap": self._short_of_ap, "destroyed": self._destroyed,
                "mistyped": self._mistyped, "play_on": self._play_on}.get(self.kind)
        if make is None:
            raise AssertionError(self.kind)
        return make(battle)

    def _pick(self, xs: Any) -> Any:
        return xs[self.k % len(xs)] if xs else None

    def _acted(self, battle: Battle) -> Any:
        s = battle.state
        pick = self._pick
        fallback = C.Activate("nobody")
        uid = pick(sorted(s.acted))
        if uid is None:
            return fallback
        u = s.units[uid]
        return pick([C.Activate(uid), C.EndTurn(uid), C.Turn(uid, (u.facing + 1) % 6), C.PressOn(uid),
                     C.Move(uid, u.at.neighbour(u.facing))])

    def _other_side(self, battle: Battle) -> Any:
        s = battle.state
        side = battle.side_to_act()
        pick = self._pick
        fallback = C.Activate("nobody")
        foe = pick(sorted(u.id for u in s.units.values() if u.side != side and u.on_board))
        if foe is None:
            return fallback
        u = s.units[foe]
        mine = [x.id for x in s.units.values() if x.side == side and x.on_board]
        orders = [C.Activate(foe), C.EndPhase(foe), C.EndTurn(foe), C.Move(foe, u.at.neighbour(u.facing)),
                  C.Turn(foe, (u.facing + 1) % 6), C.PressOn(foe), C.Kneel(foe)]
        orders += [C.Attack(foe, w.id, tid, "torso") for w in s.weapons_of(foe) for tid in mine[:1]]
        return pick(orders)

    def _friend_not_acting(self, battle: Battle) -> Any:
        s = battle.state
        side = battle.side_to_act()
        t = s.turn
        pick = self._pick
        fallback = C.Activate("nobody")
        if t is None:
            return fallback
        friend = pick(sorted(u.id for u in s.units.values() if u.side == side and u.id != t.unit))
        if friend is None:
            return fallback
        return pick([cls(friend) for cls in UNIT_ORDERS] + [C.Activate(friend)])

    def _wrong_stage(self, battle: Battle) -> Any:
        s = battle.state
        side = battle.side_to_act()
        t = s.turn
        pick = self._pick
        if s.stage == DEPLOY:
            uid = pick(sorted(u.id for u in rules.unplaced(s, side)))
            return pick([C.Activate(uid), C.EndTurn(uid), C.Kneel(uid), C.Move(uid, Hex(0, 0))])
        if t is None:  # between turns: deployment is over, and no unit is acting
            u = pick(rules.unacted(s, side))
            return pick([C.Place(u.id, u.at), C.EndPhase(u.id), C.Move(u.id, u.at.neighbour(u.facing)),
                         C.PressOn(u.id), C.Attack(u.id, pick(s.weapons_of(u.id)).id, "A1", "torso")])
        u = s.units[t.unit]
        if t.phase != MOVEMENT:  # movement is over, phases are never revisited
            return pick([C.Move(u.id, h) for h in K.front_hexes(u)] + [C.Turn(u.id, (u.facing + 1) % 6),
                        C.Thrust(u.id, self.k % 6, 1), C.PressOn(u.id), C.Transform(u.id)])
        return pick([C.Place(u.id, u.at), C.Activate(u.id)])

    def _short_of_ap(self, battle: Battle) -> Any:
        s = battle.state
        t = s.turn
        pick = self._pick
        fallback = C.Activate("nobody")
        if t is None:
            return fallback
        u = s.units[t.unit]
        foes = [x.id for x in s.units.values() if x.side != u.side and x.on_board]
        dear = [w.id for w in s.weapons_of(u.id) if s.tables.weapons[w.type].ap > t.ap]
        orders = [C.Attack(u.id, wid, tid, area) for wid in dear for tid in foes for area in ("torso", "head")]
        if t.ap < K.COMMAND_AP:
            orders += [cls(u.id) for cls in COMMAND_ACTIONS_NO_FIELDS]
            orders += [C.Swap(u.id, w.id) for w in s.weapons_of(u.id)]
            orders += [C.Reposition(u.id, d) for d in range(6)]
        return pick(orders) or fallback

    def _destroyed(self, battle: Battle) -> Any:
        s = battle.state
        t = s.turn
        pick = self._pick
        fallback = C.Activate("nobody")
        gone = pick(sorted(u.id for u in s.units.values() if u.destroyed))
        if gone is None:
            return fallback
        if t is not None:
            return pick([C.Attack(t.unit, w.id, gone, "torso") for w in s.weapons_of(t.unit)]
                        + [C.EndTurn(gone), C.Activate(gone)])
        return C.Activate(gone)

    def _mistyped(self, battle: Battle) -> Any:
        pick = self._pick
        fallback = C.Activate("nobody")
        cmd = pick([c for c in battle.legal_commands() if type(c) in INT_FIELDS or hasattr(c, "to")])
        if cmd is None:
            return fallback
        if hasattr(cmd, "to"):  # a hex of floats (equal to the legal one) or none at all
            h = cmd.to
            return attrs.evolve(cmd, to=pick([Hex(float(h.q), h.r), Hex(h.q, float(h.r)), None, (h.q, h.r)]))
        field = pick(INT_FIELDS[type(cmd)])
        value = getattr(cmd, field)
        wrong = [float(value), str(value), None, 1.5, *([bool(value)] if value in (0, 1) else [])]
        return attrs.evolve(cmd, **{field: pick(wrong)})

    def _play_on(self, battle: Battle) -> Any:
        legal = battle.legal_commands()
        return choose(battle, legal, self.k * 7919 + self.k)


ILLEGAL_KINDS = ["acted", "other_side", "friend_not_acting", "wrong_stage", "short_of_ap", "destroyed", "mistyped"]
STATE_BUILT = [*ILLEGAL_KINDS, *["play_on"] * 5]
# each attempt is a pair: a hostile order of fixed fields and one built from the state (some of these play on,
# so later attempts meet later turns, phases and rounds)
any_command = st.tuples(st.one_of(*HOSTILE.values()),
                        st.builds(FromState, st.sampled_from(STATE_BUILT), st.integers(0, 40)))


def tried(battle: Battle, attempts: list[tuple[Any, FromState]]):
    for fixed, from_state in attempts:
        yield fixed
        if battle.outcome() is not None:
            return
        cmd = from_state(battle)
        if from_state.kind != "play_on":
            assert battle.refusal(cmd) is not None, (from_state.kind, cmd)
        yield cmd


@PROPERTY_SETTINGS
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 1000), picks=picks_strategy,
       attempts=st.lists(any_command, min_size=1, max_size=30))
def test_an_illegal_command_changes_nothing(scenario, seed, picks, attempts):
    battle = play(scenario, seed, picks[:200])
    props.illegal_commands_change_nothing(battle, tried(battle, attempts), check_invariants)


# where each state-built order has what it needs: a moment of the battle to look for
MOMENTS = {
    "acted": lambda s: bool(s.acted),
    "other_side": lambda s: s.stage == BATTLE,
    "friend_not_acting": lambda s: s.turn is not None,
    "wrong_stage": lambda s: s.turn is not None and s.turn.phase != MOVEMENT,
    "short_of_ap": lambda s: s.turn is not None and s.turn.ap < K.COMMAND_AP,
    "destroyed": lambda s: s.turn is not None and any(u.destroyed for u in s.units.values()),
    "mistyped": lambda s: s.turn is not None and s.turn.phase == MOVEMENT,
}


@pytest.mark.parametrize("kind", ILLEGAL_KINDS)
def test_the_state_built_hostile_orders_are_refused(kind):
    """The orders built from the state (a unit that already acted, the other side's unit, the wrong phase, AP the
    unit does not have, a destroyed unit, a mistyped field) are refused, and change nothing, whenever the state
    offers what they need, so the hypothesis test does try them."""
    battle = None
    for seed in range(20):
        b = Battle.new("minutemissions", "ridge", seed=seed)
        for i in range(1500):
            if b.outcome() is not None:
                break
            if MOMENTS[kind](b.state):
                battle = b
                break
            b.submit(choose(b, b.legal_commands(), (seed * 7919 + i * 104729) % 10_007))
        if battle is not None:
            break
    assert battle is not None, f"no battle reached a moment to try {kind}"
    for k in range(40):
        cmd = FromState(kind, k)(battle)
        assert cmd != C.Activate("nobody"), (kind, k)
        before = (battle.state_hash(), len(battle.log), battle.rng.draws)
        assert battle.refusal(cmd) is not None, (kind, cmd)
        assert (battle.state_hash(), len(battle.log), battle.rng.draws) == before


# whole games here: the default and random players (the easy and hard ones, built on default, play their
# games in tests/engine/test_levels.py and benchmarks/ai_levels_bench.py). One example a pairing: a game of
# this system's default player costs several seconds, and every mission is also played to its end by the
# selfplay test (tests/test_cli.py) and from each side against random in tests/minutemissions/test_mm_ai.py.
PLAYERS = sorted(p for p in SYSTEM.computer_players() if p in ("default", "random"))
PAIRINGS = sorted({(a, b) for a in PLAYERS for b in PLAYERS if "default" not in PLAYERS or "default" in (a, b)})


@pytest.mark.parametrize("players", PAIRINGS, ids="-".join)
@settings(max_examples=1, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1))
def test_computer_players_only_give_legal_orders_and_finish(players, scenario, seed):
    battle = Battle.new("minutemissions", scenario, seed=seed)
    props.computers_play_legally_to_the_end(battle, players, seed, check_invariants)
    check_history(battle)
