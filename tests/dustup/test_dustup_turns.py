"""Dustup's turn sequence (book: "Rules Overview": Turn Sequence, Passing, Seize the Initiative,
Random Activation, Unit Activation), the end of the battle, and the activation stack that
orders and seized activations use.

Prop is the order used to begin an activation in these tests: it rolls no dice.
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle, BattleSetup, IllegalOrder
from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.resolution import Script
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import rules
from hexfront.engine.systems.dustup.state import KILLED, ROUTED

try:
    from . import dustkit as K
except ImportError:  # collected without a package
    import dustkit as K


def raw_battle(red, blue, dice=(), options=None, cards=None, **kw) -> Battle:
    """A battle whose script starts at the very first draw: the roll-off is not scripted for you,
    and the activation deck's draws may be (``cards``: chit or card names in draw order)."""
    merged = K.SYSTEM.default_options()
    merged.update(options or {})
    script = Script(tuple(dice), {rules.ACTIVATION_DECK: tuple(cards or ())})
    setup = BattleSetup(system="dustup", scenario="test", seed=0, content=K.content(red, blue, **kw),
                        rules_version=K.SYSTEM.rules_version, options=merged, script=script)
    return Battle(K.SYSTEM, setup)


def squads(side: str, n: int, row: int, **kw) -> list[dict]:
    return [K.unit(f"{side}{i + 1}", (2 + 3 * i, row), ["leader:rifle", "rifle*3"], **kw) for i in range(n)]


def act(b: Battle, uid: str) -> None:
    """One whole activation that rolls nothing: prop (or unprop), then end the activation."""
    b.submit(C.Unprop(uid) if b.state.units[uid].propped else C.Prop(uid))
    if b.state.active is not None and b.state.active.unit == uid:
        b.submit(C.EndActivation())


def of_type(events, t):
    return [e for e in events if isinstance(e, t)]


# ---------------------------------------------------------------------------------------------
# Turn Sequence
# ---------------------------------------------------------------------------------------------


def test_roll_off_highest_d8_decides():
    """Turn Sequence: at the start of each turn both players roll a D8; the highest decides
    whether to go first or second."""
    b = raw_battle(squads("r", 1, 0), squads("b", 1, 8), dice=[3, 7])
    assert [(e.sides, e.result) for e in b.setup_events if type(e).__name__ == "DieRolled"] == [(8, 3), (8, 7)]
    assert b.state.pending.kind == "first" and b.state.pending.side == "blue"
    assert b.side_to_act() == "blue"
    b.submit(C.ChooseFirst(True))
    assert b.state.to_act == "blue" and b.state.first == "blue"


def test_roll_off_ties_are_rolled_again():
    """Turn Sequence: a tie decides nothing; the dice are rolled again."""
    b = raw_battle(squads("r", 1, 0), squads("b", 1, 8), dice=[4, 4, 6, 2])
    assert len(K.rolls(b.setup_events)) == 4
    assert b.state.pending.side == "red"


def test_the_winner_may_choose_to_go_second():
    """Turn Sequence: the winner decides whether to go first or second."""
    b = K.battle(squads("r", 1, 0), squads("b", 1, 8), first=False)
    assert b.state.to_act == "blue" and b.state.first == "blue"
    with pytest.raises(IllegalOrder, match="Blue's activation"):
        b.submit(C.Prop("r1"))


def test_choose_first_only_when_asked():
    b = K.battle(squads("r", 1, 0), squads("b", 1, 8))
    with pytest.raises(IllegalOrder, match="no decision"):
        b.submit(C.ChooseFirst(True))


def test_players_alternate_one_unit_at_a_time():
    """Turn Sequence: players alternate activating one unit at a time."""
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8))
    act(b, "r1")
    assert b.state.to_act == "blue"
    with pytest.raises(IllegalOrder, match="Blue's activation"):
        b.submit(C.Prop("r2"))
    act(b, "b2")
    assert b.state.to_act == "red"
    with pytest.raises(IllegalOrder, match="already been activated"):
        b.submit(C.Prop("r1"))
    act(b, "r2")
    assert b.state.to_act == "blue"


def test_an_activated_unit_takes_two_actions_then_its_activation_ends():
    """Unit Activation: an activated unit is marked and performs two actions."""
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8), dice=[1])
    ev = b.submit(C.Move("r1", K.hx(2, 1)))
    began = of_type(ev, E.ActivationBegan)
    assert began and began[0].actions == 2 and began[0].by == "turn"
    assert b.state.units["r1"].activated and b.state.active.actions == 1
    with pytest.raises(IllegalOrder, match="is acting"):
        b.submit(C.Prop("r2"))
    ev = b.submit(C.Prop("r1"))
    assert of_type(ev, E.ActivationEnded) and b.state.active is None
    assert b.state.to_act == "blue"


def test_end_activation_gives_up_the_second_action():
    """Unit Activation: a unit may forgo the rest of its actions."""
    b = K.battle(squads("r", 1, 0), squads("b", 1, 8))
    with pytest.raises(IllegalOrder, match="no unit is acting"):
        b.submit(C.EndActivation())
    b.submit(C.Prop("r1"))
    b.submit(C.EndActivation())
    assert b.state.active is None and b.state.to_act == "blue"


def test_the_side_with_more_units_activates_its_remainder_at_the_end():
    """Turn Sequence: if one player has more units than the other, they activate their remaining
    units at the end of the turn."""
    b = K.battle(squads("r", 3, 0), squads("b", 1, 8), turn_limit=5)
    act(b, "r1")
    act(b, "b1")
    assert b.state.to_act == "red"
    act(b, "r2")
    assert b.state.to_act == "red" and b.state.turn == 1
    act(b, "r3")
    assert b.state.turn == 2 and b.state.pending.kind == "first"


def test_turn_end_clears_activation_markers_but_keeps_suppression():
    """Turn Sequence: when all units have activated the turn ends; activation markers are removed,
    other markers such as suppression are left in place. The next turn begins with a new roll-off."""
    b = K.battle(squads("r", 1, 0), squads("b", 1, 8), dice=[2, 5], turn_limit=5)
    K.set_unit(b, "b1", suppression=2)
    act(b, "r1")
    assert b.state.units["r1"].activated
    b.submit(C.Prop("b1"))
    ev = b.submit(C.EndActivation())
    assert [e.turn for e in of_type(ev, E.TurnEnded)] == [1] and [e.turn for e in of_type(ev, E.TurnBegan)] == [2]
    assert [(s, r) for s, r, _ in K.rolls(ev)] == [(8, 2), (8, 5)]  # the new turn's roll-off
    assert b.state.pending.kind == "first" and b.state.pending.side == "blue"
    assert not b.state.units["r1"].activated and not b.state.units["b1"].activated
    assert b.state.units["b1"].suppression == 2 and b.state.units["b1"].propped


# ---------------------------------------------------------------------------------------------
# Passing
# ---------------------------------------------------------------------------------------------


def test_pass_only_with_fewer_unactivated_units():
    """Passing: a player may pass only with fewer unactivated units than the opponent."""
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8))
    assert C.Pass() not in b.legal_commands()
    with pytest.raises(IllegalOrder, match="fewer unactivated units"):
        b.submit(C.Pass())


def test_pass_repeatedly_while_fewer():
    """Passing: a player may continue to pass until they no longer have fewer unactivated units."""
    b = K.battle(squads("r", 1, 0), squads("b", 3, 8))
    assert C.Pass() in b.legal_commands()
    ev = b.submit(C.Pass())
    assert of_type(ev, E.Passed) and b.state.to_act == "blue"
    act(b, "b1")
    assert b.state.to_act == "red"
    b.submit(C.Pass())  # 1 against 2: still fewer
    act(b, "b2")
    assert b.state.to_act == "red"
    with pytest.raises(IllegalOrder, match="fewer unactivated units"):
        b.submit(C.Pass())  # 1 against 1
    act(b, "r1")
    assert b.state.to_act == "blue"


def test_no_passing_while_a_unit_is_acting():
    b = K.battle(squads("r", 1, 0), squads("b", 3, 8))
    b.submit(C.Prop("r1"))
    with pytest.raises(IllegalOrder, match="end its activation"):
        b.submit(C.Pass())


# ---------------------------------------------------------------------------------------------
# Seize the Initiative (optional)
# ---------------------------------------------------------------------------------------------

SEIZE = {"seize_tokens": 2}


def test_without_tokens_nobody_is_asked_to_seize():
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8))
    assert b.state.pending is None and b.state.tokens == {"red": 0, "blue": 0}


def test_the_other_side_is_offered_the_initiative_once():
    """Seize the Initiative: before the side to act activates, the other may spend a token; a
    side that declines is not asked again for the same activation."""
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8), options=SEIZE)
    assert b.state.pending.kind == "seize" and b.state.pending.side == "blue"
    assert set(b.state.pending.data) == {"decline", "seize:b1", "seize:b2"}
    b.submit(C.Decide("decline"))
    assert b.state.pending is None and b.side_to_act() == "red"
    act(b, "r1")
    assert b.state.pending.kind == "seize" and b.state.pending.side == "red"  # blue's turn: red may seize
    b.submit(C.Decide("decline"))
    assert b.state.tokens == {"red": 2, "blue": 2}


def test_seizing_activates_a_unit_and_the_turn_returns_to_the_side_that_was_to_act():
    """Seize the Initiative: a token activates one of the player's unactivated units out of turn;
    afterwards the normal sequence carries on with the side whose activation it was."""
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8), options=SEIZE)
    ev = b.submit(C.Decide("seize:b1"))
    assert of_type(ev, E.TokenSpent)[0].side == "blue"
    assert b.state.tokens["blue"] == 1
    assert b.state.active.unit == "b1" and b.state.active.by == "seize"
    assert b.state.units["b1"].activated
    # red is asked whether to take the initiative back
    assert b.state.pending.kind == "seize" and b.state.pending.side == "red"
    b.submit(C.Decide("decline"))
    assert b.side_to_act() == "blue"
    act(b, "b1")
    assert b.state.to_act == "red"
    assert b.state.pending.side == "blue"  # blue may seize again before red's activation
    b.submit(C.Decide("decline"))
    assert b.side_to_act() == "red"
    act(b, "r1")
    assert b.state.to_act == "blue"  # blue's normal activation: only b2 is left
    assert b.state.pending.side == "red"


def test_the_side_that_was_to_act_may_seize_back():
    """Seize the Initiative: if one player uses a token, the other may use one to take the
    initiative back: its unit acts first, then the seizing unit, then the side that was to act has
    its normal activation."""
    b = K.battle(squads("r", 2, 0), squads("b", 2, 8), options=SEIZE)
    b.submit(C.Decide("seize:b1"))
    ev = b.submit(C.Decide("seize:r2"))
    assert [e.side for e in of_type(ev, E.TokenSpent)] == ["red"]
    assert b.state.tokens == {"red": 1, "blue": 1}
    assert b.state.active.unit == "r2" and [a.unit for a in b.state.stack] == ["b1", "r2"]
    assert b.state.pending is None  # no third seizure
    act(b, "r2")
    assert b.state.active.unit == "b1" and b.side_to_act() == "blue"
    act(b, "b1")
    assert b.state.active is None and b.state.to_act == "red"
    b.submit(C.Decide("decline"))  # blue's chance to seize before red's normal activation
    act(b, "r1")
    assert b.state.to_act == "blue"


def test_a_side_that_passes_is_not_asked_to_seize_what_it_gave_away():
    """Seize the Initiative; Passing. After a pass the other side simply acts; the passer is asked
    about seizing again before the next activation after that."""
    b = K.battle(squads("r", 1, 0), squads("b", 3, 8), options=SEIZE)
    b.submit(C.Decide("decline"))
    b.submit(C.Pass())
    assert b.state.pending is None and b.side_to_act() == "blue"
    act(b, "b1")
    assert b.state.to_act == "red" and b.state.pending.side == "blue"


def test_no_seizing_once_the_tokens_are_spent():
    """Seize the Initiative: each player has only the tokens they were given."""
    b = K.battle(squads("r", 3, 0), squads("b", 3, 8), options={"seize_tokens": 1})
    b.submit(C.Decide("seize:b1"))
    b.submit(C.Decide("decline"))
    act(b, "b1")
    assert b.state.tokens["blue"] == 0
    assert b.state.pending is None and b.side_to_act() == "red"


# ---------------------------------------------------------------------------------------------
# Random Activation (optional): chits and cards
# ---------------------------------------------------------------------------------------------


def test_chit_draw_decides_which_side_activates_next():
    """Random Activation (chit draw): one chit per unit in its side's colour; the chit drawn says
    which side activates a unit next. A side may act twice running; nobody may pass."""
    b = raw_battle(squads("r", 2, 0), squads("b", 2, 8), options={"activation": "chits"},
                   cards=["blue:b1:0", "blue:b2:0", "red:r1:0", "red:r2:0"], turn_limit=5)
    dealt = of_type(b.setup_events, E.ActivationDeckDealt)[0]
    assert sorted(dealt.cards) == ["blue:b1:0", "blue:b2:0", "red:r1:0", "red:r2:0"]
    assert not of_type(b.setup_events, E.RollOffWon)  # no roll-off with random activation
    assert b.state.to_act == "blue"
    with pytest.raises(IllegalOrder, match="no passing"):
        b.submit(C.Pass())
    act(b, "b2")  # the chit is the side's, not the unit's
    assert b.state.to_act == "blue"
    act(b, "b1")
    assert b.state.to_act == "red"
    act(b, "r2")
    ev = b.submit(C.Prop("r1"))
    ev += b.submit(C.EndActivation())
    assert of_type(ev, E.TurnEnded) and of_type(ev, E.TurnBegan)[0].turn == 2


def test_chits_quality_deals_extra_chits_for_veterans_and_none_for_untrained():
    """Random Activation: optionally an extra chit for each veteran or elite unit, and none for
    militia (untrained)."""
    red = [K.unit("v", (1, 0), ["rifle*4"], quality="veteran"), K.unit("e", (4, 0), ["rifle*4"], quality="elite"),
           K.unit("x", (7, 0), ["rifle*4"])]
    blue = [K.unit("m", (1, 8), ["rifle*4"], quality="untrained"), K.unit("g", (4, 8), ["rifle*4"], quality="green")]
    b = raw_battle(red, blue, options={"activation": "chits-quality"})
    dealt = of_type(b.setup_events, E.ActivationDeckDealt)[0]
    assert sorted(dealt.cards) == ["blue:g:0", "red:e:0", "red:e:1", "red:v:0", "red:v:1", "red:x:0"]


def test_a_side_left_with_unactivated_units_gets_one_last_activation():
    """Random Activation: at the end of the turn, a player with unactivated units (because militia
    had no chit) activates one of them, and the turn then ends."""
    red = [K.unit("r", (1, 0), ["rifle*4"]), K.unit("m1", (4, 0), ["rifle*4"], quality="untrained"),
           K.unit("m2", (7, 0), ["rifle*4"], quality="untrained")]
    blue = [K.unit("b", (1, 8), ["rifle*4"])]
    b = raw_battle(red, blue, options={"activation": "chits-quality"}, map=K.SCREENED_ROWS,
                   cards=["red:r:0", "blue:b:0"], turn_limit=5)
    act(b, "r")
    act(b, "b")
    assert b.state.to_act == "red" and b.state.chit_leftover == "red"
    ev = b.submit(C.Prop("m1"))
    assert of_type(ev, E.ActivationBegan)[0].by == "leftover"
    ev = b.submit(C.EndActivation())
    assert of_type(ev, E.TurnEnded), "only one last activation: m2 waits for next turn"
    assert not b.state.units["m2"].activated and b.state.turn == 2


def test_both_sides_with_unactivated_units_each_get_a_last_activation():
    """Random Activation: the last activation is for each player left with unactivated units."""
    red = [K.unit("r", (1, 0), ["rifle*4"]), K.unit("m", (4, 0), ["rifle*4"], quality="untrained")]
    blue = [K.unit("b", (1, 8), ["rifle*4"]), K.unit("n", (4, 8), ["rifle*4"], quality="untrained")]
    b = raw_battle(red, blue, options={"activation": "chits-quality"}, map=K.SCREENED_ROWS,
                   cards=["blue:b:0", "red:r:0"], turn_limit=5)
    act(b, "b")
    act(b, "r")
    assert b.state.to_act == "red"
    ev = b.submit(C.Prop("m"))
    ev += b.submit(C.EndActivation())
    assert not of_type(ev, E.TurnEnded)
    assert b.state.to_act == "blue" and of_type(ev, E.LastActivation)[0].side == "blue"
    ev = b.submit(C.Prop("n"))
    assert of_type(ev, E.ActivationBegan)[0].by == "leftover"
    ev = b.submit(C.EndActivation())
    assert of_type(ev, E.TurnEnded)


def test_card_draw_activates_the_unit_whose_card_comes_up():
    """Random Activation (card draw): a card per unit, shuffled each turn, drawn one at a time to
    activate that unit; nobody else may act."""
    b = raw_battle(squads("r", 2, 0), squads("b", 2, 8), options={"activation": "cards"},
                   cards=["b2", "r1", "b1", "r2", "turn-end"], turn_limit=5)
    dealt = of_type(b.setup_events, E.ActivationDeckDealt)[0]
    assert sorted(dealt.cards) == ["b1", "b2", "r1", "r2", "turn-end"]
    assert b.state.forced_unit == "b2" and b.side_to_act() == "blue"
    with pytest.raises(IllegalOrder, match="only it may activate"):
        b.submit(C.Prop("b1"))
    ev = b.submit(C.Prop("b2"))
    assert of_type(ev, E.ActivationBegan)[0].by == "card"
    ev = b.submit(C.EndActivation())
    assert [e.card for e in of_type(ev, CardDrawn)] == ["r1"]
    assert b.state.forced_unit == "r1"


def test_the_turn_end_card_ends_the_turn_at_once():
    """Random Activation (card draw): a random turn-end card; when it comes up the turn ends, even
    with units still to act. The next turn's deck is shuffled afresh."""
    b = raw_battle(squads("r", 2, 0), squads("b", 2, 8), options={"activation": "cards"},
                   cards=["r1", "turn-end", "b1"], turn_limit=5)
    act(b, "r1")
    ev = b.submit(C.Prop("b1"))  # turn 2: b1's card came up first
    assert b.state.turn == 2
    assert not b.state.units["r2"].activated and b.state.units["b1"].activated
    assert of_type(ev, E.ActivationBegan)[0].unit == "b1"


def test_turn_end_card_events():
    b = raw_battle(squads("r", 2, 0), squads("b", 2, 8), options={"activation": "cards"},
                   cards=["r1", "turn-end"], turn_limit=5)
    b.submit(C.Prop("r1"))
    ev = b.submit(C.EndActivation())
    assert [e.card for e in of_type(ev, CardDrawn)][:1] == ["turn-end"]
    assert of_type(ev, E.TurnEnded)[0].turn == 1 and of_type(ev, E.TurnBegan)[0].turn == 2
    assert of_type(ev, E.ActivationDeckDealt)[0].cards.count("turn-end") == 1


# ---------------------------------------------------------------------------------------------
# The end of the battle
# ---------------------------------------------------------------------------------------------


def test_turn_limit_objectives_decide():
    """Scenario: at the end of the last turn the side holding more objectives wins."""
    b = K.battle([K.unit("r", (5, 4), ["rifle*4"])], [K.unit("b", (12, 8), ["rifle*4"])], turn_limit=1,
                 objectives=[[5, 4]])
    act(b, "r")
    b.submit(C.Prop("b"))
    ev = b.submit(C.EndActivation())
    assert of_type(ev, E.TurnEnded)
    assert b.outcome().winner == "red" and "hold 1 objective(s) to 0" in b.outcome().reason
    assert b.legal_commands() == []


def test_turn_limit_then_casualties_decide():
    """Scenario: with objectives even, the side that lost fewer figures wins."""
    b = K.battle([K.unit("r", (5, 0), ["rifle*4"])], [K.unit("b", (12, 8), ["rifle*4"])], turn_limit=1)
    K.ctx(b).emit(E.FigureChanged(unit="b", figure="b.2", status=KILLED, wounds=2, reason="test set-up"))
    act(b, "r")
    act(b, "b")
    assert b.outcome().winner == "red" and "lost fewer figures (0 to 1)" in b.outcome().reason


def test_turn_limit_all_even_is_a_draw():
    b = K.battle([K.unit("r", (5, 0), ["rifle*4"])], [K.unit("b", (12, 8), ["rifle*4"])], turn_limit=1)
    act(b, "r")
    act(b, "b")
    assert b.outcome().winner is None


def test_a_side_with_no_unit_left_fighting_loses():
    """End of the battle: a side whose units are all destroyed, routed or off the table loses."""
    b = K.battle(squads("r", 1, 0), squads("b", 2, 8))
    b.submit(C.Prop("r1"))
    K.set_unit(b, "b1", confidence=ROUTED)
    K.set_unit(b, "b2", off_table=True)
    ev = b.submit(C.EndActivation())
    assert of_type(ev, E.BattleEnded)[0].winner == "red"
    assert "no unit left fighting" in b.outcome().reason


# ---------------------------------------------------------------------------------------------
# The activation stack: orders and seized activations
# ---------------------------------------------------------------------------------------------


def hq_and_squad():
    red = [K.unit("HQ", (3, 0), ["commander:rifle", "rifle*2"], kind="command", leadership=1),
           K.unit("A", (6, 0), ["leader:rifle", "rifle*5"], commander="HQ")]
    return K.battle(red, squads("b", 2, 8))


def order(b, hq: str, sub: str, begin: bool) -> None:
    """What the Order Action does to the stack: the commander spends an action, then the
    subordinate is activated on top of it (command.py's own tests cover the communication)."""
    c = K.ctx(b)
    st = b.state
    if begin:
        c.emit(E.ActivationBegan(unit=hq, by="turn"))
    rules.spend(c, st.units[hq], "order")
    rules.push_activation(c, st.units[sub], "order")


def test_an_ordered_activation_returns_to_the_commander():
    """Order Action: the commander uses one action to (re)activate a subordinate, which takes two
    actions; then the commander carries on with its own second action. The ordered unit gets no
    activation marker and keeps its own activation for later."""
    b = hq_and_squad()
    order(b, "HQ", "A", begin=True)
    st = b.state
    assert [(a.unit, a.actions, a.by) for a in st.stack] == [("HQ", 1, "turn"), ("A", 2, "order")]
    b.submit(C.Prop("A"))
    b.submit(C.EndActivation())
    assert st.active.unit == "HQ" and st.active.actions == 1 and b.side_to_act() == "red"
    assert not st.units["A"].activated and st.units["HQ"].activated
    b.submit(C.Prop("HQ"))
    assert st.active is None and st.to_act == "blue"
    act(b, "b1")
    assert rules.may_begin(st, st.units["A"]) is None  # A's own activation is still to come
    act(b, "A")
    assert st.units["A"].activated


def test_an_order_as_the_second_action_ends_the_commander_after_the_subordinate():
    """Order Action: with the order as its second action, the commander's activation ends when the
    subordinate's does, and the other side acts next."""
    b = hq_and_squad()
    b.submit(C.Prop("HQ"))
    order(b, "HQ", "A", begin=False)
    b.submit(C.Prop("A"))
    b.submit(C.EndActivation())
    assert b.state.active is None and b.state.to_act == "blue"


def test_the_commander_pays_for_the_order_even_after_the_push():
    """Activation stack bookkeeping: an action spent by a unit lower in the stack is taken from its
    own activation, not from the unit on top."""
    b = hq_and_squad()
    c = K.ctx(b)
    c.emit(E.ActivationBegan(unit="HQ", by="turn"))
    rules.push_activation(c, b.state.units["A"], "order")
    rules.spend(c, b.state.units["HQ"], "order")
    assert [(a.unit, a.actions) for a in b.state.stack] == [("HQ", 1), ("A", 2)]
