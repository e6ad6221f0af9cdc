"""Rule book: "Turn Sequence" (initiative, alternation, passing, Turn End, morale, Downed tests), and the
scenario's turn limit."""

from __future__ import annotations

import pytest

from hexfront.engine.core.events import DeckShuffled
from hexfront.engine.core.hexes import Hex


def _pair(kit, **kw):
    return kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 2))],
                      [kit.inf("B1", Hex(6, 0)), kit.inf("B2", Hex(6, 2))], **kw)


@pytest.mark.parametrize("red_card, blue_card, winner", [
    ("fire1-a", "move1-a", "red"),    # 10 against 1
    ("move1-a", "fire1-a", "blue"),   # 1 against 10
    ("fireall", "turnend", "blue"),   # 16 against 17: the Turn End card is just a number here
])
def test_initiative_goes_to_the_higher_action_card(kit, red_card, blue_card, winner):
    """Turn Sequence 2: "Each player turns over an Action Card to check for Initiative. The player with
    the highest card goes first." Turn Sequence 3: the winner turns over the first action card."""
    b = _pair(kit, first=None, action=[red_card, blue_card, "move2-a"])
    inits = [e for e in b.setup_events if type(e) is kit.E.InitiativeWon]
    assert [e.side for e in inits] == [winner]
    turned = [e for e in b.setup_events if type(e) is kit.E.ActionCardTurned]
    assert [(e.side, e.card) for e in turned] == [(winner, "move2-a")]
    assert (b.state.active, b.state.first, b.state.card) == (winner, winner, "move2-a")


def test_initiative_cards_go_back_into_the_deck(kit):
    """Turn Sequence 1-2: the action deck is shuffled; the initiative cards are turned and (this game's
    reading) returned, so the whole seventeen-card deck is in play for the turn."""
    b = _pair(kit, first=None, action=["fire1-a", "move1-a", "fire1-a"])
    i_won = kit.index(b.setup_events, kit.E.InitiativeWon)
    reshuffle = next(e for e in b.setup_events[i_won:] if type(e) is DeckShuffled and e.deck == "action")
    assert len(reshuffle.order) == 17
    assert b.state.card == "fire1-a"  # the initiative card can be turned again at once


def test_players_alternate_and_may_pass(kit):
    """Turn Sequence 3-5: the player with the Initiative turns over a card "and may act upon it or pass",
    then the second player turns over a card; "Repeat alternating between players"."""
    b = _pair(kit, action=["move1-a", "fire1-a", "move2-a", "fire2-a"])
    assert (b.state.active, b.state.card) == ("red", "move1-a")
    evs = b.submit(kit.C.Pass())
    done = kit.of(evs, kit.E.ActionCardDone)[0]
    assert (done.side, done.card, done.passed) == ("red", "move1-a", True)
    assert not kit.of(evs, kit.E.ModelActivated)
    assert (b.state.active, b.state.card) == ("blue", "fire1-a")
    b.submit(kit.C.Pass())
    assert (b.state.active, b.state.card) == ("red", "move2-a")
    b.submit(kit.C.Move("R1", Hex(1, 0)))  # acting on the card, then finishing it
    evs = b.submit(kit.C.Pass())
    assert kit.of(evs, kit.E.ActionCardDone)[0].passed is False
    assert (b.state.active, b.state.card) == ("blue", "fire2-a")


def test_turn_end_card_ends_the_turn_and_both_sides_check_morale(kit):
    """Turn Sequence 5-8: alternate "until The Turn End Action Card is revealed"; then "Both players check
    morale simultaneously", Downed models are checked, and a new turn starts."""
    b = _pair(kit, action=["move1-a", "turnend", "move1-b", "fire1-a", "fire2-a"],
              red=["5S"], blue=["6S"])
    evs = b.submit(kit.C.Pass())
    ended = kit.index(evs, kit.E.TurnEnded)
    assert evs[ended].turn == 1 and "Turn End" in evs[ended].reason
    # blue never gets to act on the Turn End card: it is not "turned over" as a card to play
    assert all(e.card != "turnend" for e in kit.of(evs, kit.E.ActionCardTurned))
    morale = kit.of(evs, kit.E.MoraleTested)
    assert [(m.side, m.card, m.passed) for m in morale] == [("red", "5S", True), ("blue", "6S", True)]
    began = kit.index(evs, kit.E.TurnBegan)
    assert ended < began and evs[began].turn == 2 and b.state.turn == 2
    # Turn 2: blue's fire1-a (10) beats red's move1-b (2); blue turns the first card.
    assert (b.state.active, b.state.card) == ("blue", "fire2-a")
    assert b.outcome() is None


def _trade_casualties(kit, red_morale, blue_morale):
    """Each side kills one enemy in close combat, then the Turn End card is turned."""
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(5, 2))],
                   [kit.inf("B1", Hex(1, 0)), kit.inf("B2", Hex(6, 2))],
                   action=["move1-a", "move1-b", "turnend"],
                   red=["KS", "QS", "3C", red_morale], blue=["2C", "KH", "QH", blue_morale])
    b.submit(kit.C.Assault("R1", "B1", Hex(0, 0)))
    assert kit.status(b, "B1") == "casualty"
    evs = b.submit(kit.C.Assault("B2", "R2", Hex(6, 2)))
    assert kit.status(b, "R2") == "casualty"
    return b, evs


def test_both_sides_fail_morale_both_lose(kit):
    """Turn Sequence 6: "Both players lose if they both fail the morale check and the game ends." """
    b, evs = _trade_casualties(kit, "AS", "AH")
    morale = kit.of(evs, kit.E.MoraleTested)
    assert [(m.side, m.casualties, m.passed) for m in morale] == [("red", 1, False), ("blue", 1, False)]
    end = kit.of(evs, kit.E.BattleEnded)[0]
    assert end.winner is None and "both lose" in end.reason
    assert b.outcome().winner is None
    assert b.legal_commands() == []
    assert kit.status(b, "R1") == "fled" and kit.status(b, "B2") == "fled"


def test_one_side_fails_morale_and_loses(kit):
    """Turn Sequence 6: "A player loses if he fails the morale check and the game ends." """
    b, evs = _trade_casualties(kit, "AS", "2H")
    assert [m.passed for m in kit.of(evs, kit.E.MoraleTested)] == [False, True]
    assert b.outcome().winner == "blue"
    assert b.refusal(kit.C.Pass()) == "the battle is over"


def test_downed_models_are_tested_after_morale(kit):
    """Turn Sequence 7: "Check each infantry model downed to see if it is permanently out of the fight"
    comes after the morale check (6); a Downed model is not yet a casualty for that morale check."""
    b = _pair(kit, action=["fire1-a", "turnend", "move1-b", "fire1-b", "fire2-a"],
              red=["KS", "9S"], blue=["2C", "3S", "4D"])
    evs = b.submit(kit.C.Fire("R1", "assault_rifle", "B1"))  # then blue turns the Turn End card
    downed, ended = kit.index(evs, kit.E.ModelDowned), kit.index(evs, kit.E.TurnEnded)
    assert evs[downed].model == "B1" and downed < ended
    morale = [i for i, e in enumerate(evs) if type(e) is kit.E.MoraleTested]
    blue_morale = evs[morale[1]]
    assert blue_morale.casualties == 0  # Downed models do not count
    cas = kit.index(evs, kit.E.ModelCasualty)
    assert evs[cas].model == "B1" and evs[cas].rule == "Testing for Casualties"  # 4D: a red card
    assert morale[1] < cas < kit.index(evs, kit.E.TurnBegan)


# -- Turn limit (the scenario's) -------------------------------------------------------------------

def _last_turn(kit, blue_cc, blue_morale, turn_limit=1):
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 4))],
                   [kit.inf("B1", Hex(1, 0)), kit.inf("B2", Hex(9, 4))],
                   action=["move1-a", "turnend"], turn_limit=turn_limit,
                   red=["KS", "QS", "KH"], blue=[blue_cc, blue_morale])
    return b, b.submit(kit.C.Assault("R1", "B1", Hex(0, 0)))


def test_turn_limit_fewer_casualties_wins(kit):
    """Scenario turn limit (this game's rule; the book's battles end on morale): when the last turn ends and
    both sides have held their morale, the side with fewer casualties wins."""
    b, evs = _last_turn(kit, "2C", "KD")
    assert kit.status(b, "B1") == "casualty" and all(m.passed for m in kit.of(evs, kit.E.MoraleTested))
    end = kit.of(evs, kit.E.BattleEnded)[0]
    assert end.winner == "red" and "last" in end.reason
    assert b.outcome().winner == "red" and b.legal_commands() == []
    assert not kit.of(evs, kit.E.TurnBegan)


def test_turn_limit_equal_casualties_is_a_draw(kit):
    """Scenario turn limit: equal casualties at the end of the last turn is a draw (no winner)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(6, 0))], action=["move1-a", "turnend"],
                   turn_limit=1)
    evs = b.submit(kit.C.Pass())
    end = kit.of(evs, kit.E.BattleEnded)[0]
    assert end.winner is None and "draw" in end.reason
    assert b.outcome() is not None and b.outcome().winner is None


def test_battle_goes_on_before_the_turn_limit(kit):
    """Scenario turn limit: the battle ends only after the last turn."""
    b, evs = _last_turn(kit, "2C", "KD", turn_limit=2)
    assert b.outcome() is None and b.state.turn == 2
