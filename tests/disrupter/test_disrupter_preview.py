"""Odds before an order and what the dice carry (issue 10), checked with scripted dice against the book.

- Rule 16 - Firing, Spotting, Commanding: every order with a d100 in it previews the exact chance of each
  outcome, each with its worth; ``outcome_of`` names, from the events alone, the outcome the dice gave, in the
  preview's own words.
- Rule 7 - Checks and Saves: every d100 of a check or save carries its [+] and [-] by name, and what they
  come to (two dice, the better or worse kept; or cancelled, one die).
- The engine's own upkeep that the odds tests lean on: a state copy shares nothing, and the quick test for
  "is anything left to do in this step" answers as the full list of orders does.
"""

from __future__ import annotations

import attrs
import diskit as K
import pytest
from diskit import C, E

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.systems.disrupter import dice, previews, rules
from hexfront.engine.systems.disrupter.state import Platoon, Squad, Team, Unit

SYSTEM = K.SYSTEM
BOT_AT_2 = {"red-a3": (6, 5), "blue-bot": (6, 3)}  # marksman + rifle (I60) at two walker bots (A55), 2 hexes
FOREST = "\n".join(["." * 16] * 3 + ["......%........."] + ["." * 16] + ["......%........."] + ["." * 16] * 4)


def at_red_ba(place, dice_=(), **kw):
    b = K.battle(place, dice_, **kw)
    K.goto(b, "g1", "red", "ba")
    return b


def give(b, command):
    before = SYSTEM.copy_state(b.state)
    preview = SYSTEM.preview(before, command)
    events = b.submit(command)
    return preview, SYSTEM.outcome_of(before, command, events), events


@pytest.mark.parametrize("check,save,outcome,value", [
    (10, 20, "hit, saved: 2 wounds", 2.0),
    (10, 70, "hit: 4 wounds", 4.0),
    (70, 20, "miss, saved: firer [-] next turn", 0.0),
    (70, 70, "miss: no effect", 0.0),
])
def test_fire_outcome_is_the_row_of_the_table_the_dice_gave(check, save, outcome, value):
    """Rule 16 - Firing: one firing group against one armour group gives the four rows of the table; the
    preview names them with the wounds each deals (marksman 2 and rifle 2 at Medium; Wounds - 1 each when
    saved), and outcome_of reads the row back from the events."""
    b = at_red_ba(BOT_AT_2, [check, save])
    preview, got, _ = give(b, C.Fire("red-a3", "blue-bot"))
    assert got == outcome
    chance = next(c for c in preview.odds if c.outcome == outcome)
    assert chance.value == value and preview.value_unit == "wounds" and not preview.estimate
    assert K.used_all(b)


def test_fire_at_two_armour_groups_adds_the_wounds_up():
    """Rule 16 - Firing: a team with two Armor values rolls two saves; the outcome is the wounds in all. Alpha
    lead (officer carbine 1, two rifles 2 each at Medium) at Bravo scouts (fatigues A15, scout bot A35). The
    checks go in the firers' order: the officer's I80 (10), the soldiers' I60 with [+] (90, 10: the better
    kept); then the saves: A15 fails (50), A35 succeeds (20). This game's reading: firers 1 and 3 aim at the
    soldier, firer 2 at the bot. Carbine 1 and rifle 2 on the soldier (full), rifle 2 - 1 on the bot: 4."""
    b = at_red_ba({"red-a1": (6, 5), "blue-b3": (6, 3)}, [10, 90, 10, 50, 20])
    preview, got, events = give(b, C.Fire("red-a1", "blue-b3"))
    assert got == "4 wounds"
    assert sum(e.wounds for e in K.of(events, E.FireResolved)) == 4
    assert got in {c.outcome for c in preview.odds}
    assert sum(c.probability for c in preview.odds) == pytest.approx(1.0)


def test_a_failed_check_against_one_saved_group_names_the_penalty():
    """Rule 16 - Firing: the officer's I80 check fails (95) while the A15 save succeeds (5): that pairing gives
    the team [-] next turn; the I60 check hits (10, 90 under [+]): 2 - 1 on the saved soldier, the full 2 on the
    bot whose A35 save fails (60): 3 wounds, and the penalty."""
    b = at_red_ba({"red-a1": (6, 5), "blue-b3": (6, 3)}, [95, 10, 90, 5, 60])
    preview, got, _ = give(b, C.Fire("red-a1", "blue-b3"))
    assert got == "3 wounds, firer [-] next turn"  # (both scouts fall; the panic d20 is the seed's)
    assert got in {c.outcome for c in preview.odds}


def test_spot_outcome_names_the_kind_of_result():
    """Rule 16 - Spotting and Rule 7: 33 is a double under Instinct 60, a critical success."""
    b = at_red_ba(BOT_AT_2, [33], orders={"red-a": ("hold", None, "spot")})
    preview, got, _ = give(b, C.Spot("red-a3", "blue-bot"))
    assert got == dice.CRIT_SUCCESS
    shown = {c.outcome: c for c in preview.odds}
    assert set(shown) == {dice.CRIT_SUCCESS, dice.SUCCESS, dice.FAILURE, dice.CRIT_FAILURE}
    assert shown[dice.CRIT_SUCCESS].probability == pytest.approx(0.06)  # 00, 11 ... 55
    assert shown[dice.SUCCESS].value == 1.0 and shown[dice.FAILURE].value == 0.0
    assert preview.value_unit == "tests passed"


def test_rally_preview_rolls_the_officers_check():
    """Rule 16 - Commanding: the rally check is the free officer's own (Instinct 80; no [+] from himself)."""
    b = at_red_ba({"red-b1": (6, 6), "red-a3": (7, 6)}, [85])
    b.state.teams["red-a3"].routed = True
    preview, got, _ = give(b, C.Rally("red-b1", "red-a3"))
    assert got == dice.FAILURE and preview.modifiers == ()
    assert sum(c.probability for c in preview.odds if c.value == 1.0) == pytest.approx(0.80)


def test_orders_without_dice_have_no_odds():
    b = at_red_ba(BOT_AT_2)
    command = C.TakeCover("red-a3")
    assert SYSTEM.preview(b.state, command).odds == ()
    assert SYSTEM.outcome_of(b.state, command, []) is None
    assert SYSTEM.order_parts(b.state, C.EndPhase("red")).action == "Pass"  # the TUI's "." finds it so


def test_streamline_options_change_the_outcomes_shown():
    """[streamline] player_facing: no Instinct check, a weapon hits unless saved; active_rolls_only: the
    target rolls no save in the firer's segment (it counts as failed); auto_spot_rally: no die at all."""
    b = at_red_ba(BOT_AT_2, [20], options={"player_facing": True})
    preview, got, _ = give(b, C.Fire("red-a3", "blue-bot"))
    assert {c.outcome for c in preview.odds} == {"hit: 4 wounds", "saved: no wounds"} and got == "saved: no wounds"
    b = at_red_ba(BOT_AT_2, [10], options={"active_rolls_only": True})
    preview, got, _ = give(b, C.Fire("red-a3", "blue-bot"))
    assert {c.outcome for c in preview.odds} == {"hit: 4 wounds", "miss: no effect"} and got == "hit: 4 wounds"
    assert any("active_rolls_only" in m for m in preview.modifiers)
    b = at_red_ba(BOT_AT_2, orders={"red-a": ("hold", None, "spot")}, options={"auto_spot_rally": True})
    preview, got, events = give(b, C.Spot("red-a3", "blue-bot"))
    assert [(c.outcome, c.probability) for c in preview.odds] == [("success", 1.0)] and got == "success"
    assert not K.of(events, DieRolled)


# -- Rule 7: the dice carry their modifiers -----------------------------------------------------

def test_a_check_with_advantage_carries_its_source_on_both_dice():
    """Rule 9 and Rule 7: the soldiers beside their officer roll their I60 check with [+]; both d100s name
    the officer and what [+] does; the officer's own I80 check has no modifier, and its die carries none."""
    b = at_red_ba({"red-a1": (6, 5), "blue-a3": (6, 3)}, [70, 20, 10, 50])
    events = b.submit(C.Fire("red-a1", "blue-a3"))
    officer, first, second, save = [e for e in K.of(events, DieRolled) if e.sides == 100]
    assert officer.who == "red-a1.1" and officer.modifiers == ()  # the officer's own I80 check: no [+]
    assert (first.result, second.result) == (20, 10) and "[+] second roll" in second.purpose
    for die in (first, second):
        assert die.purpose.startswith("Instinct to fire at")  # what the die is for stays in its purpose
        assert die.modifiers == ("[+] officer within Close (Rule 9)",
                                 "[+] in all: two d100, the more favourable kept (Rule 7)")
    assert save.modifiers == ()
    assert all(e.modifiers == () for e in K.of(events, DieRolled) if e.sides != 100)  # d4 and d20: none


def test_cover_on_a_save_and_cancelling_on_a_check_are_named():
    """Rule 13: the bots under cover save with [+] (two dice, named); the marksmen under cover and beside an
    officer roll one die whose modifiers name the [+], the [-] and that they cancel."""
    b = at_red_ba({"red-a3": (6, 5), "red-a1": (7, 5), "blue-bot": (6, 3)}, [30, 80, 90], map=FOREST)
    c = K.ctx(b)
    for t in ("red-a3", "blue-bot"):
        c.emit(E.CoverChanged(team=t, cover=True, reason="test"))
    events = b.submit(C.Fire("red-a3", "blue-bot"))
    check, save1, save2 = K.of(events, DieRolled)
    assert check.modifiers == ("[+] officer within Close (Rule 9)", "[-] under cover (Rule 13)",
                               "[+] and [-] cancel: one d100 (this game's reading of Rule 7)")
    assert save1.modifiers == save2.modifiers == ("[+] under cover (Rule 13)",
                                                  "[+] in all: two d100, the more favourable kept (Rule 7)")
    assert K.used_all(b)


# -- upkeep -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [Unit, Team, Squad, Platoon])
def test_a_copied_record_equals_the_original_and_shares_nothing_mutable(kind):
    b = Battle.new("disrupter", "crossroads", seed=2)
    s = b.state
    original = {Unit: s.teams["red-a1"].units[0], Team: s.teams["red-a1"], Squad: s.squads["red-a"],
                Platoon: s.platoons["red"]}[kind]
    copied = original.copy()
    assert copied == original and copied is not original
    for field in attrs.fields(kind):
        value = getattr(original, field.name)
        if isinstance(value, (list, dict)):
            assert getattr(copied, field.name) is not value, field.name
    if kind is Team:
        copied.units[0].wounds += 1
        assert original.units[0].wounds == 0


def test_the_quick_has_orders_test_agrees_with_the_full_list():
    """rules.segment_has_orders answers as any(rules.team_commands(...)) does, at every moment of random games
    of both scenarios."""
    checked = 0
    for scenario, seed in (("crossroads", 11), ("outpost", 12)):
        b = Battle.new("disrupter", scenario, seed=seed)
        player = RandomPlayer(seed)
        while b.outcome() is None and len(b.log) < 500:
            s = b.state
            if s.phase == "action" and s.segment and s.segment[0] != "init":
                assert rules.segment_has_orders(s, s.segment) == any(True for _ in rules.team_commands(s, s.segment))
                checked += 1
            b.submit(player.choose(SYSTEM, b.state))
    assert checked > 50


def test_fire_plan_rolls_as_resolve_fire_does():
    """The preview's plan has one check per Instinct value and one save per Armor value, and the engine rolls
    exactly those, in that order, with the same [+] and [-]."""
    b = at_red_ba({"red-a1": (6, 5), "blue-b3": (6, 3)})
    plan = previews.fire_plan(b.state, C.Fire("red-a1", "blue-b3"))
    assert sorted(i for i, _ in plan.checks) == [60, 80] and sorted(a for a, _ in plan.saves) == [15, 35]
    made = K.of(b.submit(C.Fire("red-a1", "blue-b3")), E.CheckMade)
    planned = ([("Instinct", i, roll.adv) for i, roll in plan.checks]
               + [("Armor", a, roll.adv) for a, roll in plan.saves])
    assert [(e.kind, e.stat, e.adv) for e in made][:len(planned)] == planned


@pytest.mark.parametrize("scenario,seed,options", [("crossroads", 1, {}), ("outpost", 2, {}),
                                                   ("crossroads", 3, {"player_facing": True, "resolve": True})])
def test_every_order_with_odds_in_a_whole_battle_had_one_of_its_shown_outcomes(scenario, seed, options):
    """Default against default to the end: for every order whose preview has odds, outcome_of (from the events
    alone) names one of the preview's outcomes, and the luck report counts each such order."""
    from hexfront.engine.core.luck import battle_luck
    from hexfront.engine.core.players import computer_players_for

    b = Battle.new("disrupter", scenario, seed=seed, options=options, players={"red": "default", "blue": "default"})
    players = computer_players_for(b)
    while b.outcome() is None:
        b.submit(players[b.side_to_act()].choose(SYSTEM, b.state))
    state = SYSTEM.copy_state(b.keyframes[0][0])
    with_odds = 0
    for command, events in zip(b.log, b.events, strict=True):
        preview = SYSTEM.preview(state, command)
        outcome = SYSTEM.outcome_of(state, command, events)
        if preview.odds:
            with_odds += 1
            assert outcome in {c.outcome for c in preview.odds}, (command, outcome, preview.odds)
            assert abs(sum(c.probability for c in preview.odds) - 1) < 1e-9
        else:
            assert outcome is None, command
        for e in events:
            SYSTEM.apply(state, e)
    assert with_odds > 3
    assert sum(luck.orders for luck in battle_luck(b).values()) == with_odds
