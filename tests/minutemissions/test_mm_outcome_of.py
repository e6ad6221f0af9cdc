"""Odds before commit: every order with dice (an attack, Break Grapple, the AP roll of Activate) shows the
exact odds of each outcome with its worth, and ``outcome_of`` names, from the events alone, which of
those outcomes the order had - the same label the preview gave. Ranged Combat Phase: accuracy roll,
evasion roll, counter roll after an evasion, critical roll; Terminology: Perfect Roll."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.luck import battle_luck
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.systems.minutemissions import SYSTEM
from hexfront.engine.systems.minutemissions import commands as C


def _duel(kit, dice):
    b = kit.battle([kit.unit("M2", "longbow", (4, 4), facing=0)], [kit.unit("A2", "lancer", (8, 4), facing=3)],
                   [6, *dice])
    b.submit(C.Activate("M2"))
    return b


@pytest.mark.parametrize("dice, outcome, worth", [
    ([2], "miss", 0),  # accuracy 3+ missed
    ([3, 6, 5], "evaded", 0),  # evaded (6+), the counter roll (6+) fails
    ([3, 6, 6], "evaded and countered: 6 to your torso", -6),  # the shoulder cannon strikes back
    ([3, 5, 7], "hit: 5 to torso", 5),
    ([3, 5, 8], "critical hit: 8 to torso", 8),  # 5 + half of 5 rounded up
    ([8, 1], "hit: 5 to torso", 5),  # a perfect roll is not evaded: no evasion die, critical roll 1
])
def test_outcome_of_names_the_preview_outcome_the_scripted_dice_gave(kit, dice, outcome, worth):
    b = _duel(kit, dice)
    cmd = C.Attack("M2", "M2.longrifle", "A2", "torso")
    before = SYSTEM.copy_state(b.state)
    preview = SYSTEM.preview(before, cmd)
    values = {c.outcome: c.value for c in preview.odds}
    assert not preview.estimate and preview.value_unit == "damage dealt"
    events = b.submit(cmd)
    assert SYSTEM.outcome_of(before, cmd, events) == outcome
    assert values[outcome] == worth


def test_break_grapple_and_the_ap_roll_have_outcomes_too(kit):
    b = kit.battle([kit.unit("M1", "ironfist", (5, 4), facing=0)], [kit.unit("A1", "crusher", (6, 4), facing=3)],
                   [6, 5, 1, 1, 4, 2], first="ashen")
    b.submit(C.Activate("A1"))
    b.submit(C.Attack("A1", "A1.claw", "M1", "torso"))
    b.submit(C.EndTurn("A1"))
    before = SYSTEM.copy_state(b.state)
    p = SYSTEM.preview(before, C.Activate("M1"))
    assert [c.outcome for c in p.odds] == [f"{n} AP" for n in range(3, 11)] and p.value_unit == "action points"
    assert SYSTEM.outcome_of(before, C.Activate("M1"), b.submit(C.Activate("M1"))) == "6 AP"
    before = SYSTEM.copy_state(b.state)
    p = SYSTEM.preview(before, C.BreakGrapple("M1"))
    assert {c.outcome: (c.probability, c.value) for c in p.odds} == {
        "breaks free": (0.75, 1.0), "stays grappled": (0.25, 0.0)}
    assert SYSTEM.outcome_of(before, C.BreakGrapple("M1"), b.submit(C.BreakGrapple("M1"))) == "stays grappled"
    before = SYSTEM.copy_state(b.state)
    assert SYSTEM.outcome_of(before, C.EndTurn("M1"), b.submit(C.EndTurn("M1"))) is None


def test_every_order_of_a_computer_battle_with_odds_has_an_outcome_among_its_previews():
    """Default against default on Ridge Line: an order has odds exactly when outcome_of names one of them;
    every chance carries a worth; the luck report adds them up for both sides."""
    battle = Battle.new("minutemissions", "ridge", seed=4, players={"meridian": "default", "ashen": "default"})
    players = computer_players_for(battle)
    with_odds = 0
    while battle.outcome() is None and len(battle.log) < 400:
        side = battle.side_to_act()
        cmd = players[side].choose(SYSTEM, battle.state)
        before = SYSTEM.copy_state(battle.state)
        preview = SYSTEM.preview(before, cmd)
        events = battle.submit(cmd)
        outcome = SYSTEM.outcome_of(before, cmd, events)
        labels = [c.outcome for c in preview.odds]
        assert (outcome is not None) == bool(labels), (cmd, labels, outcome)
        if labels:
            with_odds += 1
            assert outcome in labels and len(set(labels)) == len(labels)
            assert all(c.value is not None for c in preview.odds) and preview.value_unit
            assert sum(c.probability for c in preview.odds) == pytest.approx(1.0)
    assert with_odds > 20
    luck = battle_luck(battle)
    assert set(luck) == {"meridian", "ashen"}
    assert all(side.score is not None and {"damage dealt", "action points"} <= set(side.tallies)
               for side in luck.values())


def test_a_move_into_an_offensive_stance_warns_before_it_is_given(kit):
    """Command Actions, Offensive Stance: the step that brings a mech into an aiming enemy's range says so
    in its preview; a step that stays out of range does not."""
    b = kit.battle([kit.unit("M4", "hive", (4, 4), facing=0)], [kit.unit("A1", "crusher", (12, 4), facing=3)],
                   [4, 8])
    b.submit(C.Activate("M4"))
    b.submit(C.OffensiveStance("M4", "M4.rifle"))
    b.submit(C.EndTurn("M4"))
    b.submit(C.Activate("A1"))
    into = SYSTEM.preview(b.state, C.Move("A1", kit.hx(11, 4)))
    assert "Hive (M4) in offensive stance fires at your torso when you arrive" in into.note
    b.submit(C.Turn("A1", 2))
    away = SYSTEM.preview(b.state, C.Move("A1", b.state.units["A1"].at.neighbour(2)))
    assert "offensive stance" not in away.note
