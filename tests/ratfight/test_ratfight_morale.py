"""Rule book: "Morale Check", "Leaders and Heroes" (leaders' cards) and "Testing for Casualties"."""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.ratfight.events import MoraleTested


def _blue_morale(evs):
    return [m for m in evs if type(m) is MoraleTested and m.side == "blue"][0]


@pytest.mark.parametrize("card, holds", [("AS", False), ("2H", True)])
def test_morale_card_must_beat_the_casualties(kit, card, holds):
    """Morale Check: "Add up the number of casualties a side has suffered ... and draw a Resolution Card. This
    card must beat the number of casualties or the player loses. His army is removed from the field"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(1, 0)), kit.inf("B2", Hex(9, 4))],
                   action=["move1-a", "turnend"], red=["KS", "QS"], blue=["3C", card])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(0, 0)))
    assert kit.status(b, "B1") == "casualty"
    m = _blue_morale(evs)
    assert (m.casualties, m.card, m.cards, m.passed) == (1, card, 1, holds)
    if holds:
        assert b.outcome() is None and kit.status(b, "B2") == "ok"
    else:
        assert b.outcome().winner == "red"
        assert [f.side for f in kit.of(evs, kit.E.ForceBroken)] == ["blue"]
        assert kit.status(b, "B2") == "fled"  # the army is removed from the field


def test_downed_models_are_not_casualties_for_morale(kit):
    """Morale Check: "Add up the number of casualties ... (do not include Downed models)"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(4, 2))],
                   action=["fire1-a", "turnend"], red=["KS"], blue=["2C", "AH"])
    evs = kit.fire(b, "R1", "B1")
    m = _blue_morale(evs)
    assert kit.of(evs, kit.E.ModelDowned) and (m.casualties, m.card, m.passed) == (0, "AH", True)


@pytest.mark.parametrize("leaders, draws, cards", [
    ((2,), ["2C", "9H"], 2),
    ((3,), ["2C", "9H", "4D"], 3),
    ((2, 3), ["2C", "4D", "9H"], 3),
])
def test_leaders_not_down_draw_more_cards(kit, leaders, draws, cards):
    """Morale Check: "Leaders present on the battlefield and are not Down modify this process by allowing the
    player to draw more than one resolution card". Leaders and Heroes: "a two-card leader model" and "a
    two-card and a three-card leader" (with both, the best leader's cards). With no casualties every card holds,
    so the game keeps the best without asking (it asks only when the cards give different results)."""
    blue = [kit.inf(f"L{i}", Hex(6, 2 * i), leader=n) for i, n in enumerate(leaders)] + [kit.inf("B9", Hex(9, 4))]
    b = kit.battle([kit.inf("R1", Hex(0, 0))], blue, action=["move1-a", "turnend"], blue=draws)
    evs = b.submit(kit.C.Pass())
    assert kit.drawn(evs, "res-blue")[:cards] == draws
    assert not kit.of(evs, kit.E.MoraleCardsOffered) and b.state.morale is None
    m = _blue_morale(evs)
    assert (m.cards, m.card, m.unasked) == (cards, "9H", True)


def test_a_down_leader_gives_no_extra_card(kit):
    """Morale Check: leaders count only if they "are not Down"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("L1", Hex(4, 0), leader=3), kit.inf("B2", Hex(9, 4))],
                   action=["fire1-a", "turnend"], red=["KS"], blue=["2C", "5H", "KH"])
    evs = kit.fire(b, "R1", "L1")
    assert kit.index(evs, kit.E.ModelDowned) < kit.index(evs, kit.E.MoraleTested)
    assert kit.status(b, "L1") == "casualty"  # afterwards, KH: a red card in the Downed test
    m = _blue_morale(evs)
    assert (m.cards, m.card) == (1, "5H")


def test_red_side_morale_uses_its_own_leader(kit):
    """Morale Check: "The morale of both sides are checked simultaneously": each side draws from its own deck,
    with its own leaders."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), leader=2)], [kit.inf("B1", Hex(9, 4))],
                   action=["move1-a", "turnend"], red=["3D", "8C"], blue=["6S"])
    evs = b.submit(kit.C.Pass())
    assert kit.drawn(evs, "res-red") == ["3D", "8C"]  # red's leader's two cards (both hold: the best is kept)
    tests = kit.of(evs, kit.E.MoraleTested)
    assert [(t.side, t.cards, t.card) for t in tests] == [("red", 2, "8C"), ("blue", 1, "6S")]
    assert kit.drawn(evs, "res-blue") == ["6S"]  # blue's own single card, from its own deck


@pytest.mark.parametrize("card, result", [("9C", "ok"), ("9S", "ok"), ("9D", "casualty"), ("9H", "casualty")])
def test_downed_model_black_card_stands_red_card_is_a_casualty(kit, card, result):
    """Testing for Casualties: "Draw a Resolution Card for each Downed model. A black card signifies that the
    model is still in the fight. Stand the model upright. A red card indicates that the model is a casualty"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(4, 2))],
                   action=["fire1-a", "turnend"], red=["KS"], blue=["2C", "KH", card])
    evs = kit.fire(b, "R1", "B1")
    assert kit.status(b, "B1") == result
    if result == "ok":
        assert [e.model for e in kit.of(evs, kit.E.ModelRecovered)] == ["B1"]
        assert b.state.models["B1"].pos == Hex(4, 0)
    else:
        assert [(e.model, e.rule) for e in kit.of(evs, kit.E.ModelCasualty)] == [("B1", "Testing for Casualties")]
        assert b.state.models["B1"].pos is None


def test_casualty_from_the_downed_test_counts_at_the_next_morale_check(kit):
    """Testing for Casualties: a removed model "counts as a casualty for purposes of morale checks"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(4, 2))],
                   first=None,
                   action=["move1-b", "move1-a", "fire1-a", "turnend",     # turn 1: red shoots, blue turns Turn End
                           "move1-b", "move1-a", "move2-a", "turnend",     # turn 2: red passes, Turn End
                           "move1-b", "move1-a", "move2-b"],
                   red=["KS"], blue=["2C", "KH", "9D", "QH"])
    evs = kit.fire(b, "R1", "B1")
    assert kit.status(b, "B1") == "casualty" and _blue_morale(evs).casualties == 0
    evs = b.submit(kit.C.Pass())
    m = _blue_morale(evs)
    assert (m.casualties, m.card) == (1, "QH")
