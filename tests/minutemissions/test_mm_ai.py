"""The computer player ("default") of 30 Minute Missions: it gives only legal orders, every game it plays
finishes, and it plays sensibly in a few set situations (turning to face a target before firing, picking
the attack worth most by the exact odds, finishing a wounded mech, going for a yard in a hold mission)."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.systems.minutemissions import SYSTEM, rules
from hexfront.engine.systems.minutemissions import combat as K
from hexfront.engine.systems.minutemissions.ai import DefaultPlayer
from hexfront.engine.systems.minutemissions.odds import attack_odds


def _play(scenario: str, names: tuple[str, str], seed: int, check_legal: bool = True) -> Battle:
    battle = Battle.new("minutemissions", scenario, seed=seed)
    sides = SYSTEM.sides(battle.state)
    make = {"default": DefaultPlayer, "random": RandomPlayer}
    players = {s: make[n](seed * 2 + k) for k, (s, n) in enumerate(zip(sides, names, strict=True))}
    for _ in range(3000):
        if battle.outcome() is not None:
            break
        side = battle.side_to_act()
        cmd = players[side].choose(SYSTEM, battle.state)
        if check_legal and names[sides.index(side)] == "default":
            assert cmd in SYSTEM.legal_commands(battle.state), cmd
        battle.submit(cmd)
    assert battle.outcome() is not None, "the game did not finish"
    return battle


def test_default_is_registered():
    players = SYSTEM.computer_players()
    assert players["default"] is DefaultPlayer and "random" in players
    assert DefaultPlayer(3).name == "default"


@pytest.mark.parametrize("scenario, default_first", [("ridge", True), ("foundry", False)])
def test_only_legal_orders_and_the_game_finishes(scenario, default_first):
    """From either side, against the random player: every order is on ``legal_commands`` and the game reaches
    an outcome. (Each mission from each side, and whole games of default against default, also play in
    tests/properties/test_minutemissions_properties.py and in the selfplay test of tests/test_cli.py.)"""
    names = ("default", "random") if default_first else ("random", "default")
    _play(scenario, names, seed=11 if default_first else 12)


def test_default_against_itself_finishes_the_tutorial_legally():
    _play("tutorial", ("default", "default"), seed=5)


def test_same_seed_same_game():
    """Two games from one seed give the same orders, order for order (the first 60 of them: a divergence
    shows by then, as a default decision reads only the state and its own generator)."""
    logs = []
    for _ in range(2):
        battle = Battle.new("minutemissions", "ridge", seed=3)
        sides = SYSTEM.sides(battle.state)
        players = {s: DefaultPlayer(6 + k) for k, s in enumerate(sides)}
        while battle.outcome() is None and len(battle.log) < 60:
            battle.submit(players[battle.side_to_act()].choose(SYSTEM, battle.state))
        logs.append(battle.log)
    assert len(logs[0]) == 60 and logs[0] == logs[1]


def _run_turn(kit, b, uid: str, limit: int = 30) -> list:
    """Let the default player act for ``uid``'s side until that unit's turn ends; the orders it gave."""
    ai = DefaultPlayer(0)
    given = []
    for _ in range(limit):
        st = b.state
        if st.result is not None:
            break
        cmd = ai.choose(SYSTEM, st)
        assert cmd in SYSTEM.legal_commands(st), cmd
        given.append(cmd)
        b.submit(cmd)
        if b.state.turn is None and any(type(c) is kit.C.Activate and c.unit == uid for c in given):
            break
    return given


def _glyph(terrain: str) -> str:
    return SYSTEM.load_content("ridge")["terrain"][terrain]["glyph"]


def _expected_damage(st, uid: str, wid: str, tid: str) -> float:
    """Expected damage of an attack from the exact odds (hits and criticals; no counter)."""
    u, t = st.units[uid], st.units[tid]
    weapon, w, _ = rules.weapon_of_attack(st, uid, wid)
    need = K.accuracy(st, u, weapon).need if weapon.kind == "ranged" else K.assault(st, u, weapon).need
    bonus = K.roll_bonus(u, "accuracy" if weapon.kind == "ranged" else "assault")[0]
    evade = None if K.can_evade(t) else K.evasion(st, t).need
    odds = attack_odds(need, bonus, evade, None)
    dmg = K.flat_damage(st, w, weapon)
    return float(odds.hit) * dmg + float(odds.critical) * (dmg + K.critical_bonus(dmg))


def test_turns_to_face_a_target_behind_it_then_fires(kit):
    """The longbow faces away from the lancer: it turns (the free turn) to bring it into its front arc
    and then fires at it."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (5, 7), facing=3)],
                   [kit.unit("A2", "lancer", (9, 7), facing=3)], [5])
    assert b.refusal(C.Activate("M2")) is None
    orders = _run_turn(kit, b, "M2")
    kinds = [type(c).__name__ for c in orders]
    assert "Turn" in kinds and "Attack" in kinds
    assert kinds.index("Turn") < kinds.index("Attack")
    first = next(c for c in orders if type(c) is C.Attack)
    assert first.target == "A2"
    assert not any(type(c) is C.Attack and c.target != "A2" for c in orders)


def test_picks_the_target_with_the_higher_expected_damage(kit):
    """Two lancers in the longbow's sights, one in woods (+1 Evasion), one wading in shallow water (-1
    Evasion): it fires at the one in the water, the attack with the higher expected damage."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (3, 7), facing=0)],
                   [kit.unit("A2", "lancer", (8, 5), facing=3), kit.unit("A5", "lancer", (8, 9), facing=3)],
                   [4], terrain={(8, 5): _glyph("woods"), (8, 9): _glyph("water")})
    b.submit(C.Activate("M2"))
    st = b.state
    attack = DefaultPlayer(0).choose(SYSTEM, st)
    # it may take up a firing posture first; then it shoots
    while type(attack) is not C.Attack:
        assert type(attack) in (C.Kneel, C.Prone, C.Turn, C.Move, C.PressOn), attack
        b.submit(attack)
        attack = DefaultPlayer(0).choose(SYSTEM, b.state)
    assert attack.target == "A5"
    st = b.state
    legal = [c for c in SYSTEM.legal_commands(st) if type(c) is C.Attack and c.area == "torso"
             and c.target in st.units]
    best = max(_expected_damage(st, "M2", c.weapon, c.target) for c in legal)
    assert _expected_damage(st, "M2", attack.weapon, attack.target) == pytest.approx(best)


def test_goes_for_the_kill_on_a_wounded_torso(kit):
    """A lancer with 4 torso points left and a healthy one: the longbow aims at the wounded one's torso,
    where one hit finishes the mech."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (3, 7), facing=0)],
                   [kit.unit("A2", "lancer", (8, 6), facing=3), kit.unit("A5", "lancer", (8, 8), facing=3)],
                   [4])
    b.submit(C.Activate("M2"))
    st = b.state.copy()
    st.units["A5"].sections["torso"] = 4
    ai = DefaultPlayer(0)
    cmd = ai.choose(SYSTEM, st)
    while type(cmd) is not C.Attack:
        assert type(cmd) in (C.Kneel, C.Prone, C.Turn, C.Move, C.PressOn), cmd
        b.submit(cmd)
        st = b.state.copy()
        st.units["A5"].sections["torso"] = 4
        cmd = ai.choose(SYSTEM, st)
    assert (cmd.target, cmd.area) == ("A5", "torso")


def test_goes_for_a_yard_in_the_hold_mission(kit):
    """Hold mission: the Skylark walks (or flies) onto the free yard four hexes ahead."""
    b = kit.battle([kit.unit("M3", "skylark", (2, 7), facing=0)],
                   [kit.unit("A1", "crusher", (12, 0), facing=3)], [3],
                   goal="hold", objectives=[(6, 7), (6, 8)], rounds=6)
    _run_turn(kit, b, "M3")
    assert b.state.units["M3"].at in b.state.tables.mission.objectives


def test_a_mech_on_a_yard_stays_there_and_fires(kit):
    """A mech already holding a yard does not walk off it; it fires at the enemy in range instead."""
    C = kit.C
    b = kit.battle([kit.unit("M2", "longbow", (6, 7), facing=0)],
                   [kit.unit("A2", "lancer", (11, 7), facing=3)], [5],
                   goal="hold", objectives=[(6, 7), (6, 8)], rounds=6)
    at = b.state.units["M2"].at
    orders = _run_turn(kit, b, "M2")
    assert b.state.units["M2"].at == at
    assert any(type(c) is C.Attack for c in orders)



def _at_a_moving_turn(scenario: str, seed: int, nth: int) -> tuple[Battle, DefaultPlayer]:
    """A battle between two default players stopped at the ``nth`` unit turn whose plan has more than one
    movement order, just after the first of them: the battle and the player that planned it."""
    battle = Battle.new("minutemissions", scenario, seed=seed)
    sides = SYSTEM.sides(battle.state)
    players = {s: DefaultPlayer(k) for k, s in enumerate(sides)}
    seen = 0
    while battle.outcome() is None:
        player = players[battle.side_to_act()]
        battle.submit(player.choose(SYSTEM, battle.state))
        st, plan = battle.state, player._plan
        if st.turn is not None and plan is not None and plan.unit == st.turn.unit and len(plan.steps) >= 2:
            seen += 1
            if seen == nth:
                return battle, player
    raise AssertionError("no such turn")


@pytest.mark.parametrize("scenario, seed, nth", [("foundry", 4, 2), ("ridge", 3, 3), ("ironvale_pass", 5, 1)])
def test_a_plan_goes_on_only_where_it_put_the_unit(scenario, seed, nth):
    """A unit's movement is planned whole and carried out order by order; the player carries on with its plan
    only while the unit stands where the plan put it. Taken back (an undo, or the hard player's next playout on
    another copy of the battle) after it played the turn out, it plans again from where the unit stands, as a
    player new to the battle would: it does not stop moving because its old plan was done."""
    battle, player = _at_a_moving_turn(scenario, seed, nth)
    unit = battle.state.turn.unit
    mid_move = len(battle.log)
    new_to_it = DefaultPlayer(99).choose(SYSTEM, battle.state)
    assert new_to_it == player._plan.steps[0][0]  # where the plan stands, planning anew gives the same order
    while battle.state.turn is not None and battle.state.turn.unit == unit:
        battle.submit(player.choose(SYSTEM, battle.state))
    assert not player._plan.steps  # the plan was played out
    while len(battle.log) > mid_move:
        battle.undo()
    again = player.choose(SYSTEM, battle.state)
    assert again == new_to_it
    assert type(again).__name__ in ("Move", "Turn", "PressOn", "Thrust")
