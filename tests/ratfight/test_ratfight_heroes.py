"""Rule book: "Leaders and Heroes", "Examples of Hero Capabilities"."""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex

# -- Dead Shot -------------------------------------------------------------------------------------

@pytest.mark.parametrize("weapon, cards", [("assault_rifle", 2), ("sniper_rifle", 3), ("pistol", 2)])
def test_dead_shot_draws_an_extra_card_when_shooting(kit, weapon, cards):
    """Examples of Hero Capabilities, 1. Dead Shot: "Model may always draw an extra Resolution Card when
    shooting." (A sniper rifle already turns two.)"""
    red_cards = {2: ["2C", "9S"], 3: ["2C", "3C", "9S"]}[cards]
    b = kit.battle([kit.inf("R1", Hex(0, 0), weapon, heroes=["dead_shot"])], [kit.inf("B1", Hex(3, 0))],
                   action=["fire1-a", "move1-a"], red=red_cards, blue=["8D"])
    evs = kit.fire(b, "R1", "B1", weapon)
    assert kit.drawn(evs, "res-red") == red_cards and len(red_cards) == cards
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.attacker_card, cmp.winner) == ("9S", "attacker")


def test_dead_shot_extra_card_on_every_shot(kit):
    """Dead Shot: "may always draw an extra Resolution Card" - for each shot of a two-shot weapon."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "smg", heroes=["dead_shot"])], [kit.inf("B1", Hex(3, 0))],
                   action=["fire1-a", "move1-a"], red=["2C", "3C", "4C", "5C"], blue=["8D"])
    evs = kit.fire(b, "R1", "B1", "smg")
    assert kit.drawn(evs, "res-red") == ["2C", "3C", "4C", "5C"] and kit.drawn(evs, "res-blue") == ["8D"]
    assert [c.attacker_card for c in kit.of(evs, kit.E.CardsCompared)] == ["3C", "5C"]


# -- Bruiser ---------------------------------------------------------------------------------------

def test_bruiser_attacker_draws_three(kit):
    """Examples of Hero Capabilities, 2. Bruiser: "The model draws an extra card in close combat." """
    b = kit.battle([kit.inf("R1", Hex(0, 0), heroes=["bruiser"])], [kit.inf("B1", Hex(3, 0))],
                   action=["move1-a", "fire1-a"], red=["2C", "3C", "QS"], blue=["JS"])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert kit.drawn(evs, "res-red") == ["2C", "3C", "QS"]
    assert kit.status(b, "B1") == "casualty"


def test_bruiser_defender_draws_two(kit):
    """Bruiser: "The model draws an extra card in close combat" - when attacked, too."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0), heroes=["bruiser"])],
                   action=["move1-a", "fire1-a"], red=["2C", "QS"], blue=["3C", "KS"])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert kit.drawn(evs, "res-blue") == ["3C", "KS"]
    assert kit.status(b, "R1") == "casualty" and kit.status(b, "B1") == "ok"


# -- Inspiring ---------------------------------------------------------------------------------------

CORNER = Hex(0, 0)


def _inspired(kit, action, hero_at=CORNER, **kw):
    red = [kit.inf("R1", hero_at, leader=2, heroes=["inspiring"]), kit.inf("R2", Hex(0, 2))]
    return kit.battle(red, [kit.inf("B1", Hex(6, 0))], action=action, **kw)


def test_inspiring_leader_redraws_an_action_card_once_per_turn(kit):
    """Examples of Hero Capabilities, 3. Inspiring (heroic leader only): "One per turn the player may discard a
    drawn Action Card and draw another." """
    b = _inspired(kit, ["move1-c", "fire1-a", "move2-a", "fire2-a"])
    assert b.refusal(kit.C.Redraw()) is None
    evs = b.submit(kit.C.Redraw())
    assert [(e.side, e.card) for e in kit.of(evs, kit.E.InspiringRedraw)] == [("red", "move1-c")]
    assert [(e.side, e.card) for e in kit.of(evs, kit.E.ActionCardTurned)] == [("red", "fire1-a")]
    assert (b.state.active, b.state.card) == ("red", "fire1-a")
    assert "move1-c" in b.state.decks["action"].discard
    assert "already redrawn this turn" in b.refusal(kit.C.Redraw())
    b.submit(kit.C.Pass())
    b.submit(kit.C.Pass())  # blue's move2-a
    assert b.state.card == "fire2-a" and b.state.active == "red"
    assert "already redrawn this turn" in b.refusal(kit.C.Redraw())


def test_inspiring_redraw_comes_back_next_turn(kit):
    """Inspiring: "One per turn" - a new turn brings a new redraw."""
    b = _inspired(kit, ["move1-c", "turnend", "move1-b", "move1-a", "move2-a", "fire2-a"], red=["5C", "8D"])
    evs = b.submit(kit.C.Redraw())  # move1-c thrown away, the Turn End card comes up
    # the leader's two morale cards both beat 0 casualties: the best is kept without asking
    assert [(t.cards, t.card, t.unasked) for t in kit.of(evs, kit.E.MoraleTested) if t.side == "red"] == \
        [(2, "8D", True)]
    assert b.state.morale is None and b.state.turn == 2 and (b.state.active, b.state.card) == ("red", "move2-a")
    assert b.refusal(kit.C.Redraw()) is None


def test_inspiring_redraw_only_before_acting(kit):
    """Inspiring: the player may discard "a drawn Action Card" - not one he has already begun to act on."""
    b = _inspired(kit, ["move2-a", "fire1-a"])
    b.submit(kit.C.Move("R2", Hex(1, 2)))
    assert "redraw before acting" in b.refusal(kit.C.Redraw())


def test_redraw_needs_an_inspiring_leader_standing(kit):
    """Inspiring (heroic leader only): no such leader on the table and not Down, no redraw."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), leader=2)], [kit.inf("B1", Hex(6, 0))], action=["move1-c"])
    assert "Inspiring leader" in b.refusal(kit.C.Redraw())
    b = _inspired(kit, ["fire1-a", "move1-c"], first="blue", red=["2C"], blue=["KS"])
    kit.fire(b, "B1", "R1")
    assert kit.status(b, "R1") == "down" and (b.state.active, b.state.card) == ("red", "move1-c")
    assert "not Down" in b.refusal(kit.C.Redraw())


def test_only_a_leader_can_be_inspiring(kit):
    """Examples of Hero Capabilities, 3: "Inspiring (heroic leader only)"."""
    from hexfront.engine.core.errors import ContentError

    with pytest.raises(ContentError, match="only a leader"):
        kit.battle([kit.inf("R1", Hex(0, 0), heroes=["inspiring"])], [kit.inf("B1", Hex(6, 0))])
