"""Rule 8 - Stress and Panic, Rule 9 - Chain of Command, Rule 10 - Intelligence Briefing, Rule 16 - Commanding."""

from __future__ import annotations

import diskit as K
from diskit import C, E

from hexfront.engine.systems.disrupter import turns

PLACE = (2, 2)  # the test ground's landmark (an order may name it)


# -- Rule 8 ------------------------------------------------------------------------------------

def test_stress_rises_each_initiative_phase():
    """Rule 8 / Rule 11: each platoon gains 1 stress in every initiative phase."""
    b = K.battle()
    assert b.state.platoons["red"].stress == 1 and b.state.platoons["blue"].stress == 1


def test_criticals_move_stress():
    """Rule 8: +1 stress per critical failure, -1 per critical success, for the platoon that rolled."""
    b = K.battle({"red-a3": (6, 5), "blue-bot": (6, 3)}, [11, 99, 4])  # red crit success, blue bots crit failure
    K.goto(b, "g1", "red", "ba")
    b.submit(C.Fire("red-a3", "blue-bot"))
    assert b.state.platoons["red"].stress == 0 and b.state.platoons["blue"].stress == 2


def test_stress_is_clamped_0_to_20():
    """Rule 8: stress runs from 0 to a maximum of 20."""
    b = K.battle()
    c = K.ctx(b)
    K.rules.change_stress(c, "red", +50, "test")
    assert b.state.platoons["red"].stress == 20


def test_human_death_adds_stress_and_panic_checks():
    """Rule 8: a friendly human death gives +1 stress and a platoon panic check; every team within Close of the
    fallen human makes a team panic check (its own team too, if any is left)."""
    b = K.battle({"red-a3": (6, 5), "blue-b3": (6, 3), "blue-b2": (7, 3)}, [10, 90, 20, 20])
    K.goto(b, "g1", "red", "ba")
    evs = b.submit(C.Fire("red-a3", "blue-b3", "blue-b3.1"))  # kill the rifleman (W1) of blue's scouts
    assert b.state.platoons["blue"].stress == 2
    panics = K.of(evs, E.PanicChecked)
    # the platoon check, then blue-b2 next door; blue-b3 has only its bot left, and bots never panic
    assert [(p.team, p.passed) for p in panics] == [(None, True), ("blue-b2", True)]
    assert K.used_all(b)


def test_team_panic_rows_apply_on_failure():
    """Rule 8 / panic.toml (ours): a d20 at or under the stress fails and its row applies: 17-20 rout."""
    b = K.battle()
    K.set_stress(b, "red", 20)
    c = K.ctx(b, [18])
    K.rules.team_panic(c, K.team(b, "red-a2"), "test")
    assert K.team(b, "red-a2").routed


def test_panic_check_passes_over_stress():
    """Rule 8: rolling over the current stress passes."""
    b = K.battle()
    K.set_stress(b, "red", 5)
    c = K.ctx(b, [6])
    K.rules.team_panic(c, K.team(b, "red-a2"), "test")
    assert not K.team(b, "red-a2").routed and K.of(c.events, E.PanicChecked)[0].passed


def test_freeze_stops_the_next_activation():
    """Rule 8 / panic.toml: freeze: no actions at the team's next activation."""
    b = K.battle({"red-a3": (6, 5), "blue-bot": (6, 3)})
    K.set_stress(b, "red", 20)
    K.rules.team_panic(K.ctx(b, [10]), K.team(b, "red-a3"), "test")
    K.goto(b, "g1", "red", "ba")
    assert "frozen" in b.refusal(C.Fire("red-a3", "blue-bot"))


def test_bots_never_panic():
    """Rule 8: bots do not panic: an all-bot team makes no panic check."""
    b = K.battle()
    K.set_stress(b, "red", 20)
    c = K.ctx(b, [20])
    K.rules.team_panic(c, K.team(b, "red-bot"), "test")
    assert not c.events


def test_platoon_panic_jams_code_words():
    """Rule 8 / panic.toml (ours): platoon row 7-12 jams the CO's code words for the turn."""
    b = K.battle()
    K.set_stress(b, "red", 20)
    K.rules.platoon_panic(K.ctx(b, [8]), "red")
    K.goto(b, "co", "red", "ba")
    assert "jammed" in b.refusal(C.CodeWord("red-co", "Halt", "red-a"))


def test_routed_team_retreats_and_leaves_by_its_edge():
    """Rule 8 (rout): a routed team runs its full move toward its own edge and leaves the board from it."""
    b = K.battle({"red-a3": (6, 3)})
    K.set_stress(b, "red", 20)
    K.rules.team_panic(K.ctx(b, [20]), K.team(b, "red-a3"), "test")
    K.goto(b, "g1", "red", "move")
    assert b.legal_commands().count(C.FollowOrders("red-a3")) == 1
    assert b.refusal(C.Move("red-a3", (K.hx(6, 6),))) is not None
    b.submit(C.FollowOrders("red-a3"))
    assert K.rules.row_of(K.team(b, "red-a3").pos) == 7  # four hexes toward row 9
    K.goto(b, "co", "red", "move")
    K.goto(b, "g1", "red", "move")
    b.submit(C.FollowOrders("red-a3"))
    assert K.team(b, "red-a3").gone


def test_rallying_a_routed_team():
    """Rule 16 - Commanding: an officer within Close rallies a routed team with an Instinct check; it comes
    under his command (joins his squad)."""
    b = K.battle({"red-b1": (6, 6), "red-a3": (7, 6)}, [10])
    K.goto(b, "g1", "red", "ba")
    b.state.teams["red-a3"].routed = True
    b.submit(C.Rally("red-b1", "red-a3"))
    t = K.team(b, "red-a3")
    assert not t.routed and t.squad == "red-b"
    assert K.used_all(b)


# -- Rule 9 ------------------------------------------------------------------------------------

def test_unled_team_only_follows_orders():
    """Rule 9 - Leading: a team with no officer within Close follows its orders: it may not move freely."""
    b = K.battle(orders={"red-a": ("advance", PLACE, "fire")})
    K.goto(b, "g1", "red", "move")
    assert "not led" in b.refusal(C.Move("red-a2", (K.hx(4, 8),)))
    start = K.team(b, "red-a2").pos
    b.submit(C.FollowOrders("red-a2"))
    from hexfront.engine.core.hexes import hex_distance
    assert hex_distance(K.team(b, "red-a2").pos, K.hx(*PLACE)) == hex_distance(start, K.hx(*PLACE)) - 3


def test_unled_teams_follow_orders_when_the_step_ends():
    """Rule 9 (without deviation), this game's reading: unled teams that did not move follow their orders when the
    movement step ends."""
    b = K.battle(orders={"red-a": ("advance", PLACE, "fire")})
    K.goto(b, "g1", "red", "move")
    start = K.team(b, "red-a3").pos
    b.submit(C.EndPhase("red"))
    assert K.team(b, "red-a3").pos != start


def test_led_team_moves_freely():
    """Rule 9 - Leading: a team within Close of an officer's team moves as its player likes."""
    b = K.battle({"red-a2": (5, 9), "red-a1": (4, 9)})
    K.goto(b, "g1", "red", "move")
    assert b.refusal(C.Move("red-a2", (K.hx(5, 8),))) is None


def test_unled_bots_only_retreat_or_take_cover():
    """Rule 9 - Leading: bots cannot follow orders; unled they may only retreat and take cover."""
    b = K.battle({"red-bot": (6, 5)})
    K.goto(b, "co", "red", "move")
    assert "bots" in b.refusal(C.FollowOrders("red-bot"))
    assert b.refusal(C.Move("red-bot", (K.hx(6, 4),))) is not None
    assert b.refusal(C.Retreat("red-bot")) is None


def test_officer_gives_advantage_within_close():
    """Rule 9: every unit within Close of an officer has [+] on checks and saves."""
    b = K.battle({"red-a2": (5, 9), "red-a1": (4, 9)})
    assert K.rules.armour_mods(b.state, K.team(b, "red-a2"))[0] == 1
    assert K.rules.armour_mods(b.state, K.team(b, "red-a3"))[0] == 0


def test_nco_orders_take_effect_at_once():
    """Rule 16 - Commanding: an NCO's orders to his squad take effect immediately."""
    b = K.battle()
    K.goto(b, "g1", "red", "ba")
    b.submit(C.GiveOrders("red-a1", "red-a", "advance", K.hx(*PLACE), "spot"))
    assert b.state.squads["red-a"].order.verb == "advance"


def test_nco_cannot_order_another_squad():
    """Rule 16 - Commanding: an NCO commands his own squad only."""
    b = K.battle()
    K.goto(b, "g1", "red", "ba")
    assert "own squad" in b.refusal(C.GiveOrders("red-a1", "red-b", "hold", None, "fire"))


def test_co_written_orders_wait_for_next_turn():
    """Rule 16 - Commanding: a CO's new orders to an NCO are executed from the next turn."""
    b = K.battle()
    K.goto(b, "co", "red", "ba")
    b.submit(C.GiveOrders("red-co", "red-a", "retreat", None, "fire"))
    sq = b.state.squads["red-a"]
    assert sq.order.verb == "hold" and sq.pending.verb == "retreat"
    K.goto(b, "co", "red", "move")  # turn 2 (dice from the generator)
    assert b.state.squads["red-a"].order.verb == "retreat" and b.state.squads["red-a"].pending is None


def test_code_words_take_effect_at_once_and_resume():
    """Rule 16 / Rule 10: a CO's code word acts at once on every squad addressed; Resume restores the order the
    last code word replaced."""
    b = K.battle(brief=[C.DefineCodeWord("red", "red-a", "Anvil", "advance", K.hx(*PLACE), "fire")])
    K.goto(b, "co", "red", "ba")
    b.submit(C.CodeWord("red-co", "Anvil", None))
    assert b.state.squads["red-a"].order.verb == "advance"
    assert b.state.squads["red-b"].order.verb == "hold"  # Bravo was not given Anvil
    K.goto(b, "co", "red", "move")
    K.goto(b, "co", "red", "ba")
    b.submit(C.CodeWord("red-co", "Resume", "red-a"))
    assert b.state.squads["red-a"].order.verb == "hold"


def test_default_code_words():
    """Rule 10: Halt, Rally (to a rally point), Retreat and Resume are code words every squad knows."""
    b = K.battle(brief=[C.PlaceRallyPoint("red", K.hx(3, 8))])
    K.goto(b, "co", "red", "ba")
    b.submit(C.CodeWord("red-co", "Rally", None))
    assert all(b.state.squads[q].order == K.rules.Order("rally", K.hx(3, 8), "fire") for q in ("red-a", "red-b"))
    assert "only the CO, with his battlefield action" in b.refusal(C.CodeWord("red-co", "Resume", "red-a"))
    K.goto(b, "co", "red", "move")  # the next turn's battlefield action: Retreat, one squad, its fire kept
    K.goto(b, "co", "red", "ba")
    b.submit(C.CodeWord("red-co", "Retreat", "red-b"))
    assert b.state.squads["red-b"].order == K.rules.Order("retreat", None, "fire")
    assert b.state.squads["red-a"].order.verb == "rally"
    K.goto(b, "co", "red", "move")  # Resume: Alpha back to the order Rally replaced
    K.goto(b, "co", "red", "ba")
    b.submit(C.CodeWord("red-co", "Resume", "red-a"))
    assert b.state.squads["red-a"].order.verb == "hold"
    K.goto(b, "co", "red", "move")  # Halt, to every squad
    K.goto(b, "co", "red", "ba")
    b.submit(C.CodeWord("red-co", "Halt", None))
    assert all(b.state.squads[q].order == K.rules.Order("halt", None, "fire") for q in ("red-a", "red-b"))


def test_only_the_co_sends_code_words():
    """Rule 16 - Commanding: code word orders come from the CO."""
    b = K.battle()
    K.goto(b, "g1", "red", "ba")
    assert "only the CO" in b.refusal(C.CodeWord("red-a1", "Halt", "red-a"))


def test_succession_and_surrender():
    """Rule 9: an NCO takes over when the CO falls; with no officer left the platoon surrenders."""
    b = K.battle()
    c = K.ctx(b)
    co = b.state.unit("blue-co.1")
    c.emit(E.UnitRemoved(unit=co.id, reason="test"))
    K.rules.succession(c, "blue")
    assert b.state.platoons["blue"].co == "blue-a1.1" and K.team(b, "blue-a1").squad == "blue-hq"
    for uid in ("blue-a1.1", "blue-b1.1"):
        c.emit(E.UnitRemoved(unit=uid, reason="test"))
    K.rules.check_surrender(c)
    assert b.outcome().winner == "red" and "surrender" in b.outcome().reason


# -- Rule 10 -----------------------------------------------------------------------------------

def test_briefing_limits():
    """Rule 10: up to 3 rally points (this game's limit), up to four code words per NCO, deployment in the zone,
    once per team; red briefs first."""
    b = K.battle(start=False)
    assert b.side_to_act() == "red"
    assert "briefing" in b.refusal(C.EndBriefing("blue"))
    for col in (1, 2, 3):
        b.submit(C.PlaceRallyPoint("red", K.hx(col, 5)))
    assert "at most 3" in b.refusal(C.PlaceRallyPoint("red", K.hx(4, 5)))
    for w in ("Anvil", "Hammer", "Lantern", "Vesper"):
        b.submit(C.DefineCodeWord("red", "red-a", w, "hold", None, "fire"))
    assert "at most 4" in b.refusal(C.DefineCodeWord("red", "red-a", "Ember", "hold", None, "fire"))
    assert "zone" in b.refusal(C.Deploy("red", "red-a2", K.hx(3, 3)))
    b.submit(C.Deploy("red", "red-a2", K.hx(3, 9)))
    assert "once" in b.refusal(C.Deploy("red", "red-a2", K.hx(5, 9)))
    b.submit(C.SetOrders("red", "red-b", "advance", K.hx(1, 5), "spot"))
    assert b.state.squads["red-b"].order.place == K.hx(1, 5)
    b.submit(C.EndBriefing("red"))
    assert b.side_to_act() == "blue" and len(b.legal_commands()) < 3000


def test_an_nco_already_in_the_cos_command_takes_over_when_the_co_falls():
    """Rule 9 (succession): when no other squad has an NCO left, an NCO whose team had joined the CO's command
    (here Bravo's, rallied to him) takes over when the CO falls. (Once, this officer was passed over: the
    platoon had an officer but no CO, and the next initiative stopped the battle.)"""
    b = K.battle()
    c = K.ctx(b)
    c.emit(E.TeamJoinedSquad(team="blue-b1", squad="blue-hq", reason="rallied by its officer"))
    for uid in ("blue-co.1", "blue-a1.1"):
        c.emit(E.UnitRemoved(unit=uid, reason="test"))
    K.rules.succession(c, "blue")
    assert b.state.platoons["blue"].co == "blue-b1.1" and K.team(b, "blue-b1").squad == "blue-hq"
    K.rules.check_surrender(c)
    assert b.state.result is None
    for _ in range(40):  # on to the next turn, whose initiative is rolled with the new CO
        if b.state.turn == 2:
            break
        b.submit(C.EndPhase(b.side_to_act()))
    assert b.state.turn == 2 and b.state.result is None


def test_a_co_routed_off_the_board_hands_over_to_an_nco():
    """Rule 9 (succession), this game's reading: a routed CO who leaves the board by his own edge is out of the
    battle like a fallen one: the first squad's NCO takes over (the next initiative needs a CO to roll)."""
    b = K.battle()  # the red CO's team stands on row 9, red's own edge
    team = K.team(b, "red-co")
    team.routed = True
    turns.routed_retreat(K.ctx(b), team)
    assert team.gone and any(u.alive for u in team.units)
    assert b.state.platoons["red"].co == "red-a1.1" and b.state.result is None
    for _ in range(40):  # on to the next turn, whose initiative is rolled with the new CO
        if b.state.turn == 2:
            break
        b.submit(C.EndPhase(b.side_to_act()))
    assert b.state.turn == 2 and b.state.result is None
