"""Skirmishes' computer player ("default"): legal play in every scenario from both sides, no peeking at the
enemy's secret orders, and a few situations it must read right."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import axial_to_offset
from hexfront.engine.core.system import get_system
from hexfront.engine.systems.skirmishes import SYSTEM as _SKIRMISHES
from hexfront.engine.systems.skirmishes import commands as C
from hexfront.engine.systems.skirmishes import events as E
from hexfront.engine.systems.skirmishes.ai import DefaultPlayer
from hexfront.engine.systems.skirmishes.dice import success_chance
from hexfront.engine.systems.skirmishes.pricing import hit_dice
from hexfront.engine.systems.skirmishes.view import side_view

SYSTEM = get_system("skirmishes")
SCENARIOS = ("street_ambush", "building_clearance", "field_crossing")


fold = _SKIRMISHES.fold  # the engine's own fold, from the rulebook


def _first_action(player, st, cid):
    """The AI's orders for ``cid`` on a copy of ``st``: its run (if any, folded in as the engine would) and action."""
    st = st.copy()
    run = None
    for _ in range(3):
        cmd = player.choose(SYSTEM, st)
        assert SYSTEM.validate(st, cmd) is None, cmd
        if type(cmd) is C.Run:
            assert cmd.character == cid
            run = cmd
            fold(st, E.RunPlanned(side=st.chars[cid].side, character=cid, to=cmd.to))
            continue
        return run, cmd
    raise AssertionError("no action given")


def test_default_is_registered():
    players = SYSTEM.computer_players()
    assert players["default"] is DefaultPlayer and DefaultPlayer.name == "default"
    assert "random" in players


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("default_side", (0, 1))
def test_it_plays_only_legal_orders_and_finishes(scenario, default_side):
    """Against the random player, from either side, in every scenario: every order is legal, the battle ends."""
    players = SYSTEM.computer_players()
    seed = 7 + default_side
    b = Battle.new("skirmishes", scenario, seed=seed)
    sides = SYSTEM.sides(b.state)
    ai = {s: (players["default"] if k == default_side else players["random"])(seed * 2 + k)
          for k, s in enumerate(sides)}
    for _ in range(3000):
        if b.outcome() is not None:
            break
        side = b.side_to_act()
        assert side is not None  # the battle is not over
        cmd = ai[side].choose(SYSTEM, b.state)
        if isinstance(ai[side], DefaultPlayer):
            assert cmd in SYSTEM.legal_commands(b.state), cmd
        b.submit(cmd)
    assert b.outcome() is not None


def _play_default_game(scenario, seed):
    players = SYSTEM.computer_players()
    b = Battle.new("skirmishes", scenario, seed=seed)
    ai = {s: players["default"](seed * 2 + k) for k, s in enumerate(SYSTEM.sides(b.state))}
    cmds: list[object] = []
    while b.outcome() is None and len(cmds) < 3000:
        side = b.side_to_act()
        assert side is not None  # the battle is not over
        cmd = ai[side].choose(SYSTEM, b.state)
        cmds.append(cmd)
        b.submit(cmd)
    return cmds, b.outcome()


def test_it_is_deterministic():
    assert _play_default_game("street_ambush", 3) == _play_default_game("street_ambush", 3)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_it_does_not_read_the_enemys_secret_orders(scenario):
    """Blue commits after Red every round. At each of Blue's commitments its choice is the same on the full
    state, on Blue's side view, and on a state in which Red's secret orders and runs are different."""
    players = SYSTEM.computer_players()
    b = Battle.new("skirmishes", scenario, seed=11)
    red, blue = players["random"](1), players["default"](2)
    checked = 0
    while b.outcome() is None and checked < 30:
        side = b.side_to_act()
        st = b.state
        if side == "blue" and st.step == "commit":
            view = side_view(st, "blue")
            foe = {c.id for c in st.chars.values() if c.side == "red"}
            assert not any(k in foe for k in view.plans)
            assert all(o.forced for k, o in view.orders.items() if k in foe)
            other = st.copy()  # Red's orders swapped for something else
            other.plans = {k: v for k, v in st.plans.items() if k not in foe}
            other.orders = {k: o for k, o in st.orders.items() if k not in foe or o.forced}
            for cid in sorted(foe):
                ch = st.chars[cid]
                if ch.able and cid not in other.orders:
                    fold(other, E.OrderGiven(side="red", character=cid, action="aim", target=None, at=None, item="",
                                             auto=False))
            full = DefaultPlayer(5).choose(SYSTEM, st)
            assert DefaultPlayer(5).choose(SYSTEM, view) == full
            assert DefaultPlayer(5).choose(SYSTEM, other) == full
            cmd = blue.choose(SYSTEM, st)
            checked += 1
        else:
            cmd = (blue if side == "blue" else red).choose(SYSTEM, st)
        b.submit(cmd)
    assert checked > 0


def test_its_odds_are_the_rules_odds():
    """The hit dice it enumerates add up to the rules' exact hit chance in every mode."""
    for mode in ("normal", "advantage", "disadvantage"):
        for skill in range(4):
            assert sum(p for p, _, _ in hit_dice(mode, skill)) == pytest.approx(success_chance(mode, skill))


# ---------------------------------------------------------------------------
# Situations
# ---------------------------------------------------------------------------

def test_it_shoots_the_likeliest_target(kit):
    """Two enemies in reach: one stands in the open, one behind rubble. From its own rubble it shoots the one in
    the open (advantage on a stationary target against disadvantage for cover), single shots (a burst without
    the Shooting skill brings disadvantage, not advantage)."""
    row = ":" + "." * 6 + ":" + "." * 12
    b = kit.battle([kit.ch("R1", (0, 0), "trooper", grenades={})],
                   [kit.ch("B1", (8, 0), "thug"), kit.ch("B2", (6, 2), "thug")],
                   map="\n".join([row] + ["." * 20] * 4))
    run, act = _first_action(DefaultPlayer(0), b.state, "R1")
    assert run is None and act == C.Shoot("R1", "assault_rifle", "B2", False)


def test_it_reloads_an_empty_weapon(kit):
    """An empty assault rifle with spare magazines and an enemy in reach: it reloads."""
    b = kit.battle([kit.ch("R1", (0, 0), "trooper", grenades={})], [kit.ch("B1", (12, 0), "thug")])
    st = b.state.copy()
    st.chars["R1"].loaded["assault_rifle"] = 0
    run, act = _first_action(DefaultPlayer(0), st, "R1")
    assert act == C.Reload("R1", "assault_rifle")


def _live_grenade(kit, red):
    """Red holds; Blue's frag lands on R1 (scripted throw 6+6): Red must answer the live grenade."""
    b = kit.battle(red, [kit.ch("B1", (8, 0), "thug", grenades={"frag": 1}), kit.ch("B2", (9, 0), "thug")],
                   dice=[6, 6])
    kit.commit(b, "red", *[C.Hold(c["id"]) for c in red])
    evs = kit.commit(b, "blue", C.Throw("B1", "frag", kit.hx(1, 0)), C.Hold("B2"))
    offer = kit.of(evs, E.ReactionOffered)[0]
    assert b.side_to_act() == "red" and b.state.step == "react"
    return b, offer


def test_it_throws_a_live_grenade_away(kit):
    """An NPC next to a live frag: it gives up its held action to throw the grenade out of range."""
    b, offer = _live_grenade(kit, [kit.ch("R1", (1, 0), "trooper")])
    cmd = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert cmd == C.ThrowAway("R1", offer.grenade)


def test_a_player_character_throws_it_back_at_a_bunch(kit):
    """A player character with luck to spare throws it back where the thrower stands with a friend."""
    b, offer = _live_grenade(kit, [kit.ch("R1", (1, 0), "team_lead")])
    cmd = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert cmd == C.ThrowBack("R1", offer.grenade)


def test_it_spends_just_enough_luck_to_stay_in_the_fight(kit):
    """A 6 in the leg would put the team lead (luck 4) out: it spends 1 luck; a 2 it takes without luck."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (4, 0), "trooper", grenades={})],
                   dice=[6, 2, 1])  # advantage (stationary in the open): 6 and 2 kept, 8: leg, 6 damage
    kit.commit(b, "red", C.Hold("R1"))
    kit.commit(b, "blue", C.Shoot("B1", "assault_rifle", "R1"))
    assert b.state.step == "luck" and b.side_to_act() == "red"
    assert DefaultPlayer(0).choose(SYSTEM, b.state) == C.SpendLuck("R1", 1)
    st = b.state.copy()
    st.hits[0].damage = 2
    assert DefaultPlayer(0).choose(SYSTEM, st) == C.SpendLuck("R1", 0)


def test_it_throws_a_frag_at_a_bunch_but_never_where_a_friend_would_be_caught(kit):
    """Four enemies bunched behind rubble (shots at them are at disadvantage, a burst among them is not): it
    throws a frag at them; with a friend standing by them it throws none there."""
    rows = ["........:...........", "........:...........", "........:...........", "." * 20, "." * 20]
    blue = [kit.ch("B1", (9, 0), "thug"), kit.ch("B2", (9, 1), "thug"), kit.ch("B3", (10, 0), "thug"),
            kit.ch("B4", (9, 2), "thug")]
    thrower = kit.ch("R1", (2, 1), "breacher", grenades={"frag": 1})
    b = kit.battle([thrower], blue, map="\n".join(rows))
    _, act = _first_action(DefaultPlayer(0), b.state, "R1")
    assert type(act) is C.Throw and act.grenade == "frag"
    b = kit.battle([thrower, kit.ch("R2", (12, 3), "trooper")], blue, map="\n".join(rows))
    _, act = _first_action(DefaultPlayer(0), b.state, "R1")
    assert type(act) is not C.Throw


def test_it_runs_for_the_exit(kit):
    """Red wins by getting away off the east edge; nobody is in sight: it runs east as far as it can."""
    wall = "....#" + "." * 15
    b = kit.battle([kit.ch("R1", (5, 2), "trooper")], [kit.ch("B1", (0, 4), "thug")],
                   map="\n".join(["." * 20, "." * 20, "." * 20, "." * 20, wall]),
                   victory={"round_limit": 12, "at_limit": "blue", "exit": {"side": "red", "edge": "east",
                                                                            "needed": 1}})
    run, act = _first_action(DefaultPlayer(0), b.state, "R1")
    assert run is not None and run.to.distance(b.state.chars["R1"].pos) == 5
    assert axial_to_offset(run.to)[0] == 10


def test_it_does_not_leave_the_building_it_holds(kit):
    """Blue holds the house (Red wins when no able Blue is indoors): Blue never runs outdoors."""
    house = ["..........", "..#____#..", "..#____#..", "..#____+..", "..######.."]
    b = kit.battle([kit.ch("R1", (0, 0), "trooper", grenades={})], [kit.ch("B1", (4, 2), "thug")],
                   map="\n".join(house), victory={"round_limit": 10, "at_limit": "blue", "clear": {"side": "red"}})
    kit.commit(b, "red", C.Hold("R1"))
    run, act = _first_action(DefaultPlayer(0), b.state, "B1")
    if run is not None:
        assert run.to in b.state.tables.indoors
