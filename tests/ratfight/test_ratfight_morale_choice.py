"""Rule book: "Morale Check": leaders let the player draw more than one card, "discarding whichever he likes
(usually the lower but he may wish his army to withdraw if the scenario is part of a larger campaign game)".

The side that tests chooses the card it keeps (KeepMoraleCard); the cards kept and discarded are in the dice log;
the computer keeps the best; battles saved before the choice existed keep the best card, as they were played.
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.engine.core.serial import codec_for
from hexfront.engine.systems.ratfight.ai import DefaultPlayer


def _one_casualty(kit, blue_cards=("AH", "9C"), leader=2, **kw):
    """Red kills B1 in close combat on its Move card (KS, QS against 3C); blue turns the Turn End card. Blue has
    one casualty and its ``leader``-card leader Lt Marrow standing: blue draws ``blue_cards`` for its morale (by
    default an Ace, which does not beat 1 casualty, and a 9, which does: the choice decides the battle)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))],
                   [kit.inf("B1", Hex(1, 0)), kit.inf("L1", Hex(9, 4), name="Lt Marrow", leader=leader)],
                   action=["move1-a", "turnend"], red=["KS", "QS", "5D"], blue=["3C", *blue_cards], **kw)
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(0, 0)))
    assert kit.status(b, "B1") == "casualty"
    return b, evs


def _log(b, events) -> list[str]:
    return [b.system.describe(e, b.state) for e in events]


def test_the_side_with_a_leader_stops_to_choose_its_card(kit):
    """Morale Check: "Leaders present on the battlefield and are not Down modify this process by allowing the
    player to draw more than one resolution card, discarding whichever he likes": the two cards are drawn and
    shown, and the side chooses; nothing else goes on until it has."""
    b, evs = _one_casualty(kit)
    offered = kit.of(evs, kit.E.MoraleCardsOffered)
    assert [(o.side, o.casualties, o.cards, o.leader) for o in offered] == [("blue", 1, ("AH", "9C"), "L1")]
    assert kit.of(evs, kit.E.MoraleTested)[0].side == "red"  # red's single card went on as before
    assert not [t for t in kit.of(evs, kit.E.MoraleTested) if t.side == "blue"]
    assert b.side_to_act() == "blue"
    assert b.legal_commands() == [kit.C.KeepMoraleCard("blue", "AH"), kit.C.KeepMoraleCard("blue", "9C")]
    assert _log(b, offered) == ["Blue Stoats drew 2 morale cards with Lt Marrow [L1] leading: the Ace of Hearts "
                                "and the 9 of Clubs; the side keeps the one it chooses, which must beat 1 casualty"]
    assert offered[0].rule == "Morale Check"


def test_keeping_the_lower_card_withdraws_the_army(kit):
    """Morale Check: "discarding whichever he likes (usually the lower but he may wish his army to withdraw if
    the scenario is part of a larger campaign game)". "This card must beat the number of casualties or the player
    loses. His army is removed from the field of battle." Blue keeps the Ace (1, not beating 1 casualty)."""
    b, _ = _one_casualty(kit)
    evs = b.submit(kit.C.KeepMoraleCard("blue", "AH"))
    kept = kit.of(evs, kit.E.MoraleCardKept)
    assert [(k.side, k.kept, k.discarded) for k in kept] == [("blue", "AH", ("9C",))]
    assert _log(b, kept) == ["Blue Stoats kept the Ace of Hearts, discarded the 9 of Clubs"]
    assert kept[0].rule == "Morale Check"  # shown beside the line in the dice log
    test = kit.of(evs, kit.E.MoraleTested)[0]
    assert (test.side, test.card, test.cards, test.passed) == ("blue", "AH", 2, False)
    assert "Blue Stoats morale: AH against 1 casualty (kept of 2 drawn): breaks" in _log(b, [test])
    assert b.outcome().winner == "red" and kit.status(b, "L1") == "fled"
    assert sorted(b.state.decks["res-blue"].discard) == ["3C", "9C", "AH"]  # both morale cards discarded


def test_keeping_the_higher_card_holds_and_the_turn_goes_on(kit):
    """Morale Check: the usual choice, the higher card, beats the casualties; then Downed models are tested and a
    new turn begins (Turn Sequence 7-8), its first action card turned."""
    b, _ = _one_casualty(kit)
    evs = b.submit(kit.C.KeepMoraleCard("blue", "9C"))
    assert [(k.kept, k.discarded) for k in kit.of(evs, kit.E.MoraleCardKept)] == [("9C", ("AH",))]
    assert [(t.side, t.passed) for t in kit.of(evs, kit.E.MoraleTested)] == [("blue", True)]
    assert kit.index(evs, kit.E.MoraleTested) < kit.index(evs, kit.E.TurnBegan) < kit.index(
        evs, kit.E.ActionCardTurned)
    assert b.outcome() is None and b.state.morale is None and b.state.turn == 2
    assert b.side_to_act() == b.state.active and b.state.card is not None


def test_a_side_without_a_leader_draws_one_card_and_is_not_asked(kit):
    """Morale Check: "draw a Resolution Card"; only leaders add cards, so without one there is nothing to
    choose."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(9, 4))], action=["move1-a", "turnend"],
                   red=["4S"], blue=["6S"])
    evs = b.submit(kit.C.Pass())
    assert not kit.of(evs, kit.E.MoraleCardsOffered) and b.state.morale is None
    assert [(t.side, t.cards, t.card) for t in kit.of(evs, kit.E.MoraleTested)] == [("red", 1, "4S"),
                                                                                    ("blue", 1, "6S")]


def test_both_sides_with_leaders_choose_one_after_the_other(kit):
    """Morale Check: "The morale of both sides are checked simultaneously": each side chooses from its own
    cards; red (listed first) chooses, then blue draws and chooses. Each side has lost one model in close combat
    (red's KS, QS against 3C; blue's KH, QH against 3D), and each draws an Ace that would break it among cards
    that would hold, so both are asked."""
    red = [kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 2)), kit.inf("RL", Hex(4, 4), leader=3)]
    blue = [kit.inf("B1", Hex(1, 0)), kit.inf("B2", Hex(1, 2)), kit.inf("BL", Hex(9, 4), leader=2)]
    b = kit.battle(red, blue, action=["move1-a", "move1-b", "turnend"],
                   red=["KS", "QS", "3D", "AS", "JD", "4C"], blue=["3C", "KH", "QH", "AH", "8H"])
    b.submit(kit.C.Assault("R1", "B1", Hex(0, 0)))
    b.submit(kit.C.Assault("B2", "R2", Hex(1, 2)))
    assert (kit.status(b, "B1"), kit.status(b, "R2")) == ("casualty", "casualty")
    assert b.side_to_act() == "red" and b.state.morale.cards == ("AS", "JD", "4C")
    assert kit.C.KeepMoraleCard("blue", "AH") not in b.legal_commands()
    evs = b.submit(kit.C.KeepMoraleCard("red", "4C"))
    assert [(k.kept, k.discarded) for k in kit.of(evs, kit.E.MoraleCardKept)] == [("4C", ("AS", "JD"))]
    assert b.side_to_act() == "blue" and b.state.morale.cards == ("AH", "8H")
    evs = b.submit(kit.C.KeepMoraleCard("blue", "8H"))
    assert [(t.side, t.card, t.passed) for t in kit.of(evs, kit.E.MoraleTested)] == [("blue", "8H", True)]
    assert b.state.turn == 2 and b.outcome() is None


@pytest.mark.parametrize("blue_cards, kept, holds", [
    (("5C", "9C"), "9C", True),  # both beat 1 casualty
    (("AC", "AH"), "AH", False),  # neither does: the better Ace by suit is kept
])
def test_cards_that_all_give_the_same_result_are_not_offered(kit, blue_cards, kept, holds):
    """Morale Check, the game's reading of "discarding whichever he likes": when every card drawn beats the
    casualties (or none does), whichever the side keeps, its army's fate is the same; the game does not ask, it
    keeps the best card (by suit at equal values), and the dice log says it was kept without asking."""
    b, evs = _one_casualty(kit, blue_cards=blue_cards)
    assert not kit.of(evs, kit.E.MoraleCardsOffered) and not kit.of(evs, kit.E.MoraleCardKept)
    assert b.state.morale is None and not any(isinstance(c, kit.C.KeepMoraleCard) for c in b.legal_commands())
    test = [t for t in kit.of(evs, kit.E.MoraleTested) if t.side == "blue"][0]
    assert (test.card, test.cards, test.unasked) == (kept, 2, True)
    assert test.passed == holds
    line = _log(b, [test])[0]
    word = "hold" if test.passed else "break"
    assert line == (f"Blue Stoats morale: {kept} against 1 casualty (best of 2 drawn kept without asking: every "
                    f"card would {word}): {word}s")
    if test.passed:
        assert b.outcome() is None and b.state.turn == 2
    else:
        assert b.outcome().winner == "red"


def test_cards_that_give_different_results_are_offered_even_among_three(kit):
    """Morale Check: one card of three that would break the force is enough to make the choice matter: blue's
    three-card leader draws the 2 of Hearts and the 7 of Diamonds, which beat 1 casualty, and the Ace of Clubs,
    which does not: the side is asked."""
    b, evs = _one_casualty(kit, blue_cards=("2H", "AC", "7D"), leader=3)
    assert [o.cards for o in kit.of(evs, kit.E.MoraleCardsOffered)] == [("2H", "AC", "7D")]
    assert b.side_to_act() == "blue" and b.legal_commands() == [kit.C.KeepMoraleCard("blue", c)
                                                                for c in ("2H", "AC", "7D")]


def test_an_illegal_keep_is_refused_with_one_line(kit):
    """Morale Check: only the side that tests keeps a card, only one it drew, and only while it chooses; until
    then no other order is given."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(9, 4))], action=["move1-a"])
    assert b.refusal(kit.C.KeepMoraleCard("red", "9C")) == "no morale cards wait to be chosen (Morale Check)"
    b, _ = _one_casualty(kit)
    before = b.state_hash()
    refusals = [b.refusal(kit.C.KeepMoraleCard("red", "9C")),
                b.refusal(kit.C.KeepMoraleCard("blue", "KS")),
                b.refusal(kit.C.KeepMoraleCard("blue", "\x1b[31mjunk" * 9)),
                b.refusal(kit.C.Pass()),
                b.refusal(kit.C.Move("L1", Hex(8, 4))),
                b.refusal(kit.C.Fire("L1", "assault_rifle", "R1"))]
    assert refusals[0] == "Blue Stoats choose their morale card, not Red Rats"
    assert refusals[1] == "KS was not drawn for this morale check: keep one of AH, 9C"
    assert "\x1b" not in refusals[2] and refusals[2].endswith("keep one of AH, 9C")
    assert refusals[3:] == ["first Blue Stoats choose which morale card to keep (Morale Check)"] * 3
    assert all("\n" not in r for r in refusals)
    for bad in (kit.C.KeepMoraleCard("red", "9C"), kit.C.Pass()):
        try:
            b.submit(bad)
        except kit.IllegalOrder:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
    assert b.state_hash() == before


def test_the_keep_preview_says_what_each_card_does(kit):
    """Morale Check: once the cards are drawn nothing is left to chance: the card "must beat the number of
    casualties or the player loses"; the preview and the order editor say which card holds and which breaks."""
    b, _ = _one_casualty(kit)
    low, high = kit.C.KeepMoraleCard("blue", "AH"), kit.C.KeepMoraleCard("blue", "9C")
    p_low, p_high = b.system.preview(b.state, low), b.system.preview(b.state, high)
    assert p_low.odds == () and p_high.odds == ()
    assert p_low.cost == "discard the 9 of Clubs" and p_high.cost == "discard the Ace of Hearts"
    assert p_low.note == "nothing left to chance: 1 does not beat 1 casualty, breaks and leaves the field " \
                         "(Morale Check)"
    assert p_high.note == "nothing left to chance: 9 beats 1 casualty, holds (Morale Check)"
    labels = [b.system.order_parts(b.state, c).label for c in (low, high)]
    assert labels == ["keep AH (Ace of Hearts): does not beat 1 casualty, breaks and leaves the field",
                      "keep 9C (9 of Clubs): beats 1 casualty, holds"]


def test_the_computer_keeps_the_best_card(kit):
    """Morale Check: the computer keeps the best card drawn ("usually the lower" is discarded): withdrawing on
    purpose only pays in a campaign, and here a broken force loses the battle."""
    b, _ = _one_casualty(kit, blue_cards=("9C", "AH"))
    order = DefaultPlayer(0).choose(b.system, b.state)
    assert order == kit.C.KeepMoraleCard("blue", "9C")
    b, _ = _one_casualty(kit, blue_cards=("9C", "AH", "9S"), leader=3)  # the Ace breaks: blue is asked
    assert DefaultPlayer(0).choose(b.system, b.state) == kit.C.KeepMoraleCard("blue", "9S")  # Spades over Clubs


def test_a_battle_saved_before_the_choice_keeps_the_best_card(kit):
    """A battle whose content has no rules.toml (saved before the choice existed) replays as it was played: the
    best of the leader's cards is kept without asking."""
    b, evs = _one_casualty(kit, saved_before_morale_choice=True)
    assert not kit.of(evs, kit.E.MoraleCardsOffered) and b.state.morale is None
    test = [t for t in kit.of(evs, kit.E.MoraleTested) if t.side == "blue"][0]
    assert (test.card, test.cards, test.passed) == ("9C", 2, True)


def test_a_keep_replays_and_survives_undo_and_the_codec(kit):
    """The choice is an order in the battle's log: replaying the log reproduces every state, undo takes it back
    and redo gives it again, and it is written and read back by the save codec."""
    b, _ = _one_casualty(kit)
    waiting = b.state_hash()
    b.submit(kit.C.KeepMoraleCard("blue", "AH"))
    after = b.state_hash()
    again = Battle.replay(b.setup, list(b.log))
    assert again.state_hash() == after and [c.hash for c in again.checkpoints] == [c.hash for c in b.checkpoints]
    b.undo()
    assert b.state_hash() == waiting and b.state.morale is not None
    b.redo()
    assert b.state_hash() == after and b.outcome().winner == "red"
    codec = codec_for(b.system)
    keep = kit.C.KeepMoraleCard("blue", "AH")
    assert codec.command_from_json(codec.command_to_json(keep)) == keep


def test_a_saved_battle_with_a_choice_loads_and_verifies(tmp_path):
    """A real scenario played by the computer until a side has chosen its morale card, saved and loaded again:
    every checkpoint verifies, the choice waiting in the state included (seed 4: a side is asked at the turn-1
    morale check, its cards giving different results)."""
    from hexfront.engine.systems.ratfight import commands as C

    b = Battle.new("ratfight", "village", seed=4)
    player = DefaultPlayer(0)
    for _ in range(400):
        if b.outcome() is not None or any(isinstance(c, C.KeepMoraleCard) for c in b.log):
            break
        b.submit(player.choose(b.system, b.state))
    assert any(isinstance(c, C.KeepMoraleCard) for c in b.log), "no leader's morale choice in 400 orders"
    path = save_battle(b, tmp_path / "choice.json")
    loaded = load_battle(path, verify=True)
    assert loaded.state_hash() == b.state_hash() and loaded.log == b.log
