"""Properties of the engine over random legal Skirmishes command sequences (hypothesis).

- replaying a saved log reproduces every recorded state hash;
- undo then redo is the identity;
- save then load is the identity;
- an illegal command (every order type, hostile or mistyped fields, the wrong step of the round, another side's
  character, a second order for a character that has one) changes nothing;
- the rules' invariants hold after every command, in all three scenarios;
- every computer player gives only legal orders and finishes the battle.
"""

from __future__ import annotations

from typing import Any

import attrs
import battle_properties as props
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.serial import codec_for
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.skirmishes import combat, hits, rules
from hexfront.engine.systems.skirmishes import commands as C
from hexfront.engine.systems.skirmishes import events as E
from hexfront.engine.systems.skirmishes.data import LOCATIONS
from hexfront.engine.systems.skirmishes.ground import layer
from hexfront.engine.systems.skirmishes.state import (
    ABLE,
    ACTION_PHASE,
    COMMIT,
    DEAD,
    ESCAPED,
    LUCK,
    OUT,
    OVER,
    REACT,
    ROUND_SECONDS,
)

SYSTEM = get_system("skirmishes")
CODEC = codec_for(SYSTEM)
SCENARIOS = ["street_ambush", "building_clearance", "field_crossing"]
PROPERTY_SETTINGS = settings(max_examples=15, deadline=None, derandomize=True,
                             suppress_health_check=[HealthCheck.too_slow])
ACTIONS = tuple(C.ACTION_COMMANDS)
# the orders that draw blood or deal with it: few among the dozens of runs offered each round, so favoured
FIGHT_ORDERS = (C.Shoot, C.Throw, C.Melee, C.FirstAid, C.Reload, C.ThrowAway, C.ThrowBack, C.Operate, C.Drive)
# what a character does in the resolution (the actor must be able when it happens)
ACTOR_EVENTS = (E.CharacterMoved, E.AmmoSpent, E.GrenadeThrown, E.BurstLanded, E.Reloaded, E.Aimed, E.Communicated,
                E.ThrowBackLuck, E.Boarded, E.Disembarked)
STATUS_EVENTS = {E.OutOfCombat: OUT, E.Killed: DEAD, E.Died: DEAD, E.Escaped: ESCAPED}


def play(scenario: str, seed: int, picks: list[int], stop_at: str | None = None) -> Battle:
    """Play ``picks`` as indexes into the legal orders of each moment. A pick ending in 0 locks the side's orders
    when that is legal, so random sequences get through the rounds; one ending in 1-3 favours the fighting orders
    (shoot, throw, melee, first aid, reload, dealing with a live grenade) and one ending in 4 an action over a run,
    which the dozens of runs offered would otherwise crowd out. With ``stop_at``, play stops early once the battle
    waits at that step of the round (a hit's luck, a live grenade)."""
    battle = Battle.new("skirmishes", scenario, seed=seed)
    check_invariants(battle)
    for pick in picks:
        legal = battle.legal_commands()
        if not legal:
            break
        locks = [c for c in legal if isinstance(c, C.Lock)]
        fights = [c for c in legal if isinstance(c, FIGHT_ORDERS)]
        actions = [c for c in legal if isinstance(c, ACTIONS)]
        if pick % 10 == 0 and locks:
            cmd = locks[0]
        elif pick % 10 in (1, 2, 3) and fights:
            cmd = fights[pick // 10 % len(fights)]
        elif pick % 10 == 4 and actions:
            cmd = actions[pick // 10 % len(actions)]
        else:
            cmd = legal[pick % len(legal)]
        before = _statuses(battle)
        battle.submit(cmd)
        check_invariants(battle, before)
        if battle.state.step == stop_at:
            break
    return battle


def _statuses(battle: Battle) -> dict[str, tuple[str, int, int]]:
    s = battle.state
    return {"": ("", s.round, s.seconds), **{cid: (c.status, 0, 0) for cid, c in s.chars.items()}}


def _starting(battle: Battle) -> dict[str, Any]:
    """Each character's starting luck, magazines, grenades and armour (the ceilings of what it can have)."""
    t = battle.state.tables
    out = {}
    for d in t.deployment:
        armour: dict[str, int] = {}
        for item in d.armour:
            for loc, n in t.armour[item].covers.items():
                armour[loc] = armour.get(loc, 0) + n
        out[d.id] = (d.luck, {f: t.firearms[f].spares for f in d.firearms}, dict(d.grenades), armour)
    return out


def _this_round(battle: Battle) -> list[Any]:
    """The events since the current round began (the first round begins in the setup)."""
    batches = []
    for evs in reversed(battle.events):
        began = [i for i, e in enumerate(evs) if type(e) is E.RoundBegan]
        if began:
            batches.append(evs[began[-1]:])
            break
        batches.append(evs)
    else:
        began = [i for i, e in enumerate(battle.setup_events) if type(e) is E.RoundBegan]
        batches.append(battle.setup_events[began[-1]:] if began else [])
    return [e for evs in reversed(batches) for e in evs]


def check_invariants(battle: Battle, before: dict[str, tuple[str, int, int]] | None = None) -> None:
    s = battle.state
    t = s.tables
    start = _starting(battle)
    max_hit = 6 + max([combat.AUTO_DAMAGE] + [g.damage_bonus for g in t.grenades.values()])
    damage_cap = hits.OUT_OF_COMBAT - 1 + max_hit * len(s.chars)  # at most one hit per character in a phase
    assert s.step in (COMMIT, LUCK, REACT, OVER), s.step  # the resolution only stops for a decision
    assert 1 <= s.round <= t.victory.round_limit, s.round
    _check_characters(s, start, damage_cap)
    _check_vehicles(s)
    _check_orders(battle)
    _check_step(s)
    _check_last_command(battle, start, max_hit, before)
    _check_side_views(s)
    if s.result is None:
        side = battle.side_to_act()
        assert side in s.sides, side
        legal = battle.legal_commands()
        assert legal
        # the side to act sees the same orders on its own view of the state
        assert SYSTEM.legal_commands(SYSTEM.side_view(s, side)) == legal
        for cmd in legal:
            cid = getattr(cmd, "character", None)
            if s.step == COMMIT and cid is not None:
                c = s.chars[cid]
                assert c.able and c.side == side and cid not in s.orders, cmd
        # every order offered is one the rules accept (a spread of them: the runs alone run to dozens)
        for cmd in legal[::max(1, len(legal) // 30)] + legal[-1:]:
            assert battle.refusal(cmd) is None, cmd
    else:
        assert s.step == OVER and battle.side_to_act() is None and not battle.legal_commands()
        assert s.result[0] in (None, *s.sides) and s.result[1]


def _check_characters(s: Any, start: dict[str, Any], damage_cap: int) -> None:
    """Every character: status, damage, wounds, what it carries, where it stands (one to a hex)."""
    t = s.tables
    assert set(s.chars) == set(start)
    placed: dict[Hex, str] = {}
    for cid, c in s.chars.items():
        luck, spares, grenades, armour = start[cid]
        assert c.status in (ABLE, OUT, DEAD, ESCAPED), c.status
        # damage per location and in total: 6 puts a character out of combat; only that does
        assert set(c.damage) <= set(LOCATIONS) and all(1 <= d <= damage_cap for d in c.damage.values()), c.damage
        if c.status in (ABLE, ESCAPED):
            assert c.total_damage < hits.OUT_OF_COMBAT and not c.mortal and not c.limbs_lost, cid
        else:
            assert c.total_damage >= hits.OUT_OF_COMBAT, cid
        assert c.total_damage <= damage_cap, cid
        for limb in c.limbs_lost:
            side, loc = limb.split(" ")
            assert side in ("left", "right") and loc in ("leg", "arm") and c.damage[loc] >= hits.OUT_OF_COMBAT
        assert len({limb.split(" ")[1] for limb in c.limbs_lost}) == len(c.limbs_lost), c.limbs_lost
        if c.mortal:
            assert c.damage["torso"] >= hits.OUT_OF_COMBAT, cid
        if c.status == OUT and not c.stabilised:
            assert c.dies_at is not None and c.dies_at > 0, cid
        if c.status == DEAD:
            assert c.dies_at is None, cid
        # ammunition per magazine, luck, grenades and armour within what the character started with
        assert 0 <= c.luck <= luck, (cid, c.luck)
        assert set(c.loaded) == set(spares) == set(c.spares) == set(c.firearms), cid
        for w in c.firearms:
            assert 0 <= c.loaded[w] <= t.firearms[w].magazine, (cid, w, c.loaded[w])
            assert 0 <= c.spares[w] <= spares[w], (cid, w, c.spares[w])
        assert set(c.grenades) == set(grenades) and all(0 <= n <= grenades[g] for g, n in c.grenades.items()), cid
        assert set(c.armour) == set(armour), cid
        assert all(0 <= n <= armour[loc] for loc, n in c.armour.items()), (cid, c.armour)
        if c.on_board:
            assert c.pos in t.board and layer(s).cost[c.pos] is not None, (cid, c.pos)
            if c.aboard:  # passengers share their vehicle's hex, and nobody on foot stands there
                assert s.vehicles[c.aboard] == c.pos, (cid, c.aboard, c.pos)
                continue
            assert c.pos not in placed, f"{cid} and {placed.get(c.pos)} share a hex"
            assert c.pos not in s.vehicles.values(), f"{cid} stands on a vehicle's hex"
            placed[c.pos] = cid
        else:
            assert not c.aboard, cid
    assert s.occupant == placed, (s.occupant, placed)


def _check_vehicles(s: Any) -> None:
    """Vehicles one to a hex, on ground they drive on, never over their seats; machines as the layer shows them."""
    t = s.tables
    # vehicles: one to a hex, on ground they drive on, never over their seats; machines as the layer shows them
    assert set(s.vehicles) == set(t.vehicles) and len(set(s.vehicles.values())) == len(s.vehicles), s.vehicles
    for vid, at in s.vehicles.items():
        assert layer(s).terrain[at] in t.vehicles[vid].ground, (vid, at)
        assert len(s.passengers(vid)) <= t.vehicles[vid].seats, vid
        assert len({p.side for p in s.passengers(vid) if p.able}) <= 1, vid
    assert set(s.machines) == set(t.machines), s.machines
    for mid, up in s.machines.items():
        m = t.machines[mid]
        assert layer(s).terrain[m.at] == (m.open_terrain if up else m.shut_terrain), mid


def _check_orders(battle: Battle) -> None:
    """The round's orders and plans: one committed action (and at most one run) per character."""
    s = battle.state
    t = s.tables
    for cid, o in s.orders.items():
        assert o.character == cid and cid in s.chars and o.action in ACTION_PHASE, o
        if o.action == "shoot":
            assert o.item in s.chars[cid].firearms and o.target in s.chars, o
        if o.action == "throw":
            assert o.item in t.grenades and o.at is not None, o
        if o.action == "operate":
            assert o.item in t.machines and o.target in ("open", "shut"), o
        if o.action == "drive":
            assert o.item in t.vehicles and o.at in t.board, o
    assert all(cid in s.chars and h in t.board for cid, h in s.plans.items()), s.plans
    assert len(set(s.locked)) == len(s.locked) and set(s.locked) <= set(s.sides), s.locked
    given, runs, reacted = _given_this_round(battle)
    # one committed action (and at most one run) per character per round; a grenade dealt with replaces it
    assert all(n == 1 for n in given.values()), given
    assert all(n == 1 for n in runs.values()), runs
    assert all(n == 1 and given.get(cid) == 1 for cid, n in reacted.items()), (reacted, given)
    assert set(given) == set(s.orders), (given, s.orders)
    assert set(runs) == set(s.plans), (runs, s.plans)


def _given_this_round(battle: Battle) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Orders given (or held), runs planned and reactions chosen this round, per character."""
    this_round = _this_round(battle)
    given: dict[str, int] = {}
    runs: dict[str, int] = {}
    reacted: dict[str, int] = {}
    for e in this_round:
        if type(e) in (E.OrderGiven, E.OrderForced):
            given[e.character] = given.get(e.character, 0) + 1
        elif type(e) is E.SideLocked:
            given.update({cid: given.get(cid, 0) + 1 for cid in e.holding})
        elif type(e) is E.RunPlanned:
            runs[e.character] = runs.get(e.character, 0) + 1
        elif type(e) is E.ReactionChosen and e.character is not None:
            reacted[e.character] = reacted.get(e.character, 0) + 1
    return given, runs, reacted


def _check_step(s: Any) -> None:
    """What each step of the resolution waits for: orders, a luck decision or a reaction."""
    t = s.tables
    if s.step == COMMIT:
        assert not s.revealed and not s.hits and s.offer is None and not s.live, s
        assert all(cl.until >= s.round for cl in s.clouds), s.clouds
        # dead and out-of-combat characters take no orders
        assert all(s.chars[cid].able for cid in (*s.orders, *s.plans)), (s.orders, s.plans)
        acting = rules.committing_side(s)
        for side in s.sides:
            mine = [c for c in s.chars.values() if c.side == side and c.able]
            if side in s.locked:
                surprised = s.surprise and side != t.ambusher
                assert surprised or all(c.id in s.orders for c in mine), (side, s.orders)
            elif side != acting:  # waiting for the other side to finish: nothing committed yet but forced holds
                assert all(s.orders[c.id].forced for c in mine if c.id in s.orders) and \
                    not any(c.id in s.plans for c in mine), (side, s.orders, s.plans)
    if s.step == LUCK:
        hit = s.hits[0]
        assert hit.luck_asked and s.chars[hit.target].luck > 0 and hit.damage > 0, hit
    if s.step == REACT:
        assert s.offer is not None and s.offer.grenade in {g.id for g in s.live}, s.offer
        assert all(s.chars[cid].able and s.chars[cid].side == s.offer.side for cid in s.offer.characters)


def _check_last_command(battle: Battle, start: dict[str, Any], max_hit: int,
                        before: dict[str, tuple[str, int, int]] | None) -> None:
    """The last command and what it set off; battle time only goes forward and nobody acts once out of the fight."""
    s = battle.state
    if battle.log:  # an order the rules accept is one a save can hold: every field of its declared type
        cmd = battle.log[-1]
        assert CODEC.command_from_json(CODEC.command_to_json(cmd)) == cmd, cmd  # the strict codec raises if not
    last = battle.events[-1] if battle.events else []
    for e in last:
        if type(e) is E.DamageTaken:
            assert 1 <= e.damage <= max_hit and e.location in LOCATIONS, e
        if type(e) is E.ArmourStopped:
            assert 0 <= e.left < start[e.character][3][e.location], e
        if type(e) is E.AmmoSpent:
            assert e.rounds in (1, combat.AUTO_SHOTS) and e.left >= 0, e
        if type(e) is E.LuckSpent:
            assert 0 <= e.points and e.damage_left >= 0, e
    if before is not None:
        # battle time and the rounds only go forward; nobody acts once out of the fight
        _, old_round, old_seconds = before[""]
        assert s.round >= old_round and s.seconds >= old_seconds, (old_round, s.round, old_seconds, s.seconds)
        status = {cid: v[0] for cid, v in before.items() if cid}
        for e in last:
            if type(e) in ACTOR_EVENTS:
                assert status[e.character] == ABLE, (e, status[e.character])
            if type(e) is E.Stabilised:
                assert status[e.medic] == ABLE and status[e.character] == OUT, e
            if type(e) in STATUS_EVENTS:
                status[e.character] = STATUS_EVENTS[type(e)]
        assert status == {cid: c.status for cid, c in s.chars.items()}
    ended = [e.seconds for e in last if type(e) is E.RoundEnded]
    assert ended == sorted(set(ended)), ended
    # a round lasts six seconds of battle time, counted when it ends
    assert s.seconds == ROUND_SECONDS * (s.round - (s.result is None)), (s.round, s.seconds)


def _check_side_views(s: Any) -> None:
    """A side's view hides the enemy's unrevealed orders."""
    for side in s.sides:
        view = SYSTEM.side_view(s, side)
        foes = {cid for cid, c in s.chars.items() if c.side != side}
        mine = set(s.chars) - foes
        assert {k: v for k, v in view.plans.items() if k in mine} == {k: v for k, v in s.plans.items() if k in mine}
        assert {k: v for k, v in view.orders.items() if k in mine} == \
            {k: v for k, v in s.orders.items() if k in mine}
        if not s.revealed:
            assert not foes & set(view.plans), (side, view.plans)
            assert all(o.forced for k, o in view.orders.items() if k in foes), (side, view.orders)
        assert view.chars is not s.chars and view.canonical()[0] == s.canonical()[0]


pick = st.integers(min_value=0, max_value=10_000)
# short sequences (the first rounds) and long ones (most of a battle, often its end)
picks_strategy = st.one_of(st.lists(pick, min_size=1, max_size=30), st.lists(pick, min_size=100, max_size=220))


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


# hostile and mistyped fields: unknown ids, wrong types, off-board hexes, unknown weapons and grenades
SIDES = st.sampled_from(["red", "blue", "green", "", "Red", None, 0])
CHARS = st.sampled_from(["R1", "R2", "R5", "B1", "B3", "B4", "B9", "r1", "R1 ", "", None, 7])
WEAPONS = st.sampled_from(["assault_rifle", "smg", "pistol", "shotgun", "hunting_rifle", "dmr", "grenade_launcher",
                           "fists", "frag", "laser", "", None])
GRENADES = st.sampled_from(["frag", "he", "flashbang", "smoke", "tear_gas", "napalm", "pistol", "", None])
MACHINES = st.sampled_from(["shutter", "gate", "car", "R1", "", None, 3])
SETTINGS = st.sampled_from([True, False, None, 1, 0, "open", 1.0])
GRENADE_IDS = st.one_of(st.integers(-2, 12), st.sampled_from([2**63, None, "1", 1.0, True]))
POINTS = st.one_of(st.integers(-3, 12), st.sampled_from([None, "1", 1.5, 0.0, True, False]))
MISTYPED = (None, "1", 1.0, 1.5, True, False, 0.0)
hexes = st.builds(Hex, st.integers(-8, 70), st.integers(-5, 30))  # on the board and off it
HOSTILE = {
    C.Run: st.builds(C.Run, CHARS, st.one_of(hexes, st.none())),
    C.Shoot: st.builds(C.Shoot, CHARS, WEAPONS, CHARS, st.sampled_from([False, True, None, 1])),
    C.Throw: st.builds(C.Throw, CHARS, GRENADES, st.one_of(hexes, st.none())),
    C.Melee: st.builds(C.Melee, CHARS, CHARS),
    C.Reload: st.builds(C.Reload, CHARS, WEAPONS),
    C.Aim: st.builds(C.Aim, CHARS),
    C.FirstAid: st.builds(C.FirstAid, CHARS, CHARS),
    C.Operate: st.builds(C.Operate, CHARS, MACHINES, SETTINGS),
    C.Drive: st.builds(C.Drive, CHARS, st.one_of(hexes, st.none(), st.sampled_from([(5, 8), "east", 3]))),
    C.Communicate: st.builds(C.Communicate, CHARS),
    C.Hold: st.builds(C.Hold, CHARS),
    C.Lock: st.builds(C.Lock, SIDES),
    C.SpendLuck: st.builds(C.SpendLuck, CHARS, POINTS),
    C.ThrowAway: st.builds(C.ThrowAway, CHARS, GRENADE_IDS),
    C.ThrowBack: st.builds(C.ThrowBack, CHARS, GRENADE_IDS),
    C.LetItLie: st.builds(C.LetItLie, GRENADE_IDS),
}
assert set(HOSTILE) == set(C.COMMAND_TYPES), "build hostile fields for every Skirmishes order"


@attrs.frozen
class FromState:
    """An order built from the battle as it stands when it is tried: a second order (or run) for a character that
    has one, an order for the other side's character or for one out of the fight, or an answer of the wrong step
    (luck with nothing waiting, a grenade that is not live). Falls back to a plainly unknown character."""

    kind: str
    k: int

    def __call__(self, battle: Battle) -> Any:
        s = battle.state
        side = battle.side_to_act()
        pick = lambda xs: xs[self.k % len(xs)] if xs else None  # noqa: E731
        if self.kind == "second_order":
            cid = pick(sorted(s.orders))
            return C.Hold(cid) if cid else C.Hold("nobody")
        if self.kind == "second_run":
            cid = pick(sorted(s.plans))
            return C.Run(cid, s.plans[cid]) if cid else C.Run("nobody", Hex(0, 0))
        if self.kind == "other_side":
            c = pick(sorted((c for c in s.chars.values() if c.side != side and c.able), key=lambda c: c.id))
            if c is None:
                return C.Aim("nobody")
            legal_then = [C.Aim(c.id), C.Hold(c.id), C.Communicate(c.id), C.Run(c.id, c.pos), C.SpendLuck(c.id, 0)]
            return pick(legal_then)
        if self.kind == "out_of_the_fight":
            c = pick(sorted((c for c in s.chars.values() if not c.able), key=lambda c: c.id))
            return C.Hold(c.id) if c else C.Hold("")
        if self.kind == "wrong_step":
            cid = pick(sorted(s.chars))
            live = [g.id for g in s.live]
            return pick([C.SpendLuck(cid, 0), C.LetItLie(max(live, default=0) + 1), C.ThrowAway(cid, 1),
                         C.ThrowBack(cid, 1), C.LetItLie(s.next_grenade)])
        if self.kind == "mistyped_luck":  # the hit's target, with luck that is not a whole number
            if s.step != LUCK:
                return C.SpendLuck("R1", MISTYPED[self.k % len(MISTYPED)])
            return C.SpendLuck(s.hits[0].target, MISTYPED[self.k % len(MISTYPED)])
        if self.kind == "mistyped_grenade":  # the live grenade on offer, by an id of the wrong type
            g = s.offer.grenade if s.offer is not None else 1
            ids = [float(g), str(g), None, *([True] if g == 1 else [])]
            who = s.offer.characters[0] if s.offer is not None else "R1"
            return pick([C.ThrowAway(who, pick(ids)), C.ThrowBack(who, pick(ids)), C.LetItLie(pick(ids))])
        if self.kind == "mistyped_auto":  # a shot offered now, with "automatic" neither true nor false
            shots = [c for c in battle.legal_commands() if isinstance(c, C.Shoot)]
            shot = pick(shots) or C.Shoot("R1", "assault_rifle", "B1")
            return attrs.evolve(shot, auto=pick([1, 0, None, "yes", ""]))
        if self.kind == "mistyped_operate":  # a machine order offered now, set neither true nor false
            ops = [c for c in battle.legal_commands() if isinstance(c, (C.Operate, C.Drive))]
            op = pick(ops) or C.Operate("R1", "shutter", True)
            if isinstance(op, C.Drive):  # a drive offered now, to a hex given as a plain pair
                return attrs.evolve(op, to=pick([(op.to.q, op.to.r), None, "east"]))
            return attrs.evolve(op, open=pick([1, 0, None, "open", 1.0]))
        if self.kind == "play_on":  # a legal order, so the attempts reach the luck and live-grenade steps too
            legal = battle.legal_commands()
            locks = [c for c in legal if isinstance(c, C.Lock)]
            return locks[0] if locks and self.k % 3 == 0 else pick(legal)
        raise AssertionError(self.kind)


STATE_BUILT = ["second_order", "second_run", "other_side", "out_of_the_fight", "wrong_step", "mistyped_luck",
               "mistyped_grenade", "mistyped_auto", "mistyped_operate", *["play_on"] * 4]
# each attempt is a pair: a hostile order of fixed fields and one built from the state (a third of these play
# on, so later attempts meet the other steps of the round)
any_command = st.tuples(st.one_of(*HOSTILE.values()),
                        st.builds(FromState, st.sampled_from(STATE_BUILT), st.integers(0, 20)))


def tried(battle: Battle, attempts: list[tuple[Any, FromState]]):
    for fixed, from_state in attempts:
        yield fixed
        yield from_state(battle)


@settings(PROPERTY_SETTINGS, max_examples=15)
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 1000), picks=picks_strategy,
       stop_at=st.sampled_from([None, LUCK, REACT]), attempts=st.lists(any_command, min_size=1, max_size=30))
def test_an_illegal_command_changes_nothing(scenario, seed, picks, stop_at, attempts):
    battle = play(scenario, seed, picks[:80], stop_at)
    props.illegal_commands_change_nothing(battle, tried(battle, attempts), check_invariants)


def test_the_state_built_hostile_orders_are_refused():
    """The orders built from the state (a second order, another side's character, the wrong step) are refused
    whenever the state offers what they need, so the hypothesis test does try them."""
    battle = play("street_ambush", 1, [5, 5, 4, 4, 5, 4, 14, 24, 5, 4, 0, 5, 4, 5, 4])
    s = battle.state
    assert s.step == COMMIT and s.orders and s.plans, (s.step, s.orders, s.plans)
    for kind in ("second_order", "second_run", "other_side", "wrong_step"):
        for k in range(5):
            cmd = FromState(kind, k)(battle)
            assert battle.refusal(cmd), (kind, cmd)


def _until(step: str, scenario: str) -> Battle:
    """A battle played at random (seed by seed) until it waits at ``step``."""
    for seed in range(500):
        battle = Battle.new("skirmishes", scenario, seed=seed)
        for i in range(400):
            if battle.state.step == step or battle.outcome() is not None:
                break
            legal = battle.legal_commands()
            battle.submit(legal[(seed * 7 + i * 13) % len(legal)])
        if battle.state.step == step:
            return battle
    raise AssertionError(f"no battle reached the {step} step")


@pytest.mark.parametrize("step, kind", [(LUCK, "mistyped_luck"), (REACT, "mistyped_grenade"),
                                        (COMMIT, "mistyped_auto")])
def test_a_mistyped_answer_is_refused(step, kind):
    """Luck is spent in whole points, a live grenade is named by its whole-number id and automatic fire is true or
    false: a float, a bool, a string or None in their place is refused (saves could not hold such an order)."""
    battle = play("building_clearance", 3, [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0]) if step == COMMIT else \
        _until(step, "building_clearance")
    assert battle.state.step == step
    for k in range(12):
        cmd = FromState(kind, k)(battle)
        before = (battle.state_hash(), len(battle.log), battle.rng.draws)
        assert battle.refusal(cmd) is not None, cmd
        assert (battle.state_hash(), len(battle.log), battle.rng.draws) == before


# whole games here: the default and random players (the easy and hard ones, built on default, play their
# games in tests/engine/test_levels.py and benchmarks/ai_levels_bench.py)
PLAYERS = sorted(p for p in SYSTEM.computer_players() if p in ("default", "random"))
PAIRINGS = sorted({(a, b) for a in PLAYERS for b in PLAYERS if "default" not in PLAYERS or "default" in (a, b)})


@pytest.mark.parametrize("players", PAIRINGS, ids="-".join)
@settings(max_examples=2, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**64 - 1))
def test_computer_players_only_give_legal_orders_and_finish(players, scenario, seed):
    battle = Battle.new("skirmishes", scenario, seed=seed)
    props.computers_play_legally_to_the_end(battle, players, seed, check_invariants)
