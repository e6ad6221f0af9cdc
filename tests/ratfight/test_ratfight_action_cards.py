"""Rule book: "Action Cards" (the seventeen cards, different models, counts, Fire All, card kinds)."""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.engine.core.hexes import Hex


def _squads(kit, **kw):
    red = [kit.inf(f"R{i}", Hex(0, 2 * i)) for i in range(3)]
    blue = [kit.inf(f"B{i}", Hex(6, 2 * i)) for i in range(3)]
    return kit.battle(red, blue, **kw)


def test_the_seventeen_action_cards(kit):
    """Action Cards: "The generic game uses seventeen Action Cards": 3 Move a Single Infantry Model,
    2 Move Two, 1 Move Five, 1 Move All, 2 Move Vehicle, 3 Fire a Single Weapon, 2 Fire Two,
    1 Fire Three, 1 Fire All and 1 Turn End."""
    b = _squads(kit)
    cards = b.state.tables.cards
    assert len(cards) == 17
    assert sum(len(d.draw_pile) + len(d.in_play) + len(d.discard)
               for k, d in b.state.decks.items() if k == "action") == 17
    kinds = Counter((c.kind, c.count) for c in cards.values())
    assert kinds == Counter({
        ("move", 1): 3, ("move", 2): 2, ("move", 5): 1, ("move", 0): 1,  # 0 = any number ("All")
        ("vehicle", 1): 2,
        ("fire", 1): 3, ("fire", 2): 2, ("fire", 3): 1, ("fire", 0): 1,
        ("turn_end", 0): 1,
    })
    assert len({c.number for c in cards.values()}) == 17  # initiative can never tie


def test_two_different_models_on_a_move_two_card(kit):
    """Action Cards: "Move Two Different Infantry Models": the same model cannot use both moves;
    the card is finished once two different models have moved."""
    b = _squads(kit, action=["move2-a", "fire1-a"])
    b.submit(kit.C.Move("R0", Hex(1, 0)))
    assert b.state.card == "move2-a" and b.state.active == "red"
    assert "already acted on this card" in b.refusal(kit.C.Move("R0", Hex(2, 0)))
    evs = b.submit(kit.C.Move("R1", Hex(1, 2)))
    done = kit.of(evs, kit.E.ActionCardDone)[0]
    assert (done.card, done.passed) == ("move2-a", False)
    assert (b.state.active, b.state.card) == ("blue", "fire1-a")


def test_single_card_ends_by_itself(kit):
    """Action Cards: "Move a Single Infantry Model: The player may move one infantry stand" - one move
    uses the card up and the other player turns the next card."""
    b = _squads(kit, action=["move1-c", "fire1-a"])
    evs = b.submit(kit.C.Move("R0", Hex(2, 0)))
    assert kit.of(evs, kit.E.ActionCardDone)[0].card == "move1-c"
    assert (b.state.active, b.state.card) == ("blue", "fire1-a")


def test_same_model_may_move_again_on_a_later_card(kit):
    """Action Cards: "The player can choose to keep moving the same model twice as he turns over movement
    Action Cards." """
    b = _squads(kit, action=["move1-c", "fire1-a", "move2-a"])
    b.submit(kit.C.Move("R0", Hex(3, 0)))
    b.submit(kit.C.Pass())
    assert b.refusal(kit.C.Move("R0", Hex(5, 0))) is None
    b.submit(kit.C.Move("R0", Hex(5, 0)))
    assert b.state.models["R0"].pos == Hex(5, 0)


def test_fire_two_weapons_on_two_different_models(kit):
    """Action Cards: "Fire Two Weapons: The player may fire two weapons on two different models." """
    b = _squads(kit, action=["fire2-a", "move2-a"], red=["2C", "3C"], blue=["KS", "KH"])
    kit.fire(b, "R0", "B0")
    assert "already acted" in b.refusal(kit.C.Fire("R0", "assault_rifle", "B1"))
    evs = kit.fire(b, "R1", "B1")
    assert kit.of(evs, kit.E.ActionCardDone)[0].card == "fire2-a"


def test_fire_three_ends_after_three_models(kit):
    """Action Cards: "Fire Three Weapons: The player may fire three weapons on three different models." """
    b = _squads(kit, action=["fire3", "move2-a"], red=["2C", "3C", "4C"], blue=["KS", "KH", "KD"])
    kit.fire(b, "R0", "B0")
    kit.fire(b, "R1", "B1")
    assert b.state.card == "fire3"
    evs = kit.fire(b, "R2", "B2")
    assert kit.of(evs, kit.E.ActionCardDone)[0].card == "fire3"
    assert b.state.active == "blue"


def test_fire_all_lets_every_model_fire(kit):
    """Action Cards: "Fire All Weapons: The player may [fire] one weapon on all his models"; the card stays
    up until the player is done with it (each model still fires only once)."""
    b = _squads(kit, action=["fireall", "move2-a"], red=["2C", "3C", "4C"], blue=["KS", "KH", "KD"])
    for i in range(3):
        kit.fire(b, f"R{i}", f"B{i}")
        assert b.state.card == "fireall" and b.state.active == "red"
    assert "already acted" in b.refusal(kit.C.Fire("R0", "assault_rifle", "B1"))
    evs = b.submit(kit.C.Pass())
    done = kit.of(evs, kit.E.ActionCardDone)[0]
    assert (done.card, done.passed) == ("fireall", False)
    assert b.state.active == "blue"


def test_move_all_lets_every_infantry_model_move(kit):
    """Action Cards: "Move All Infantry Models: The player may move ANY of his infantry stands." """
    b = _squads(kit, action=["moveall", "fire1-a"])
    for i in range(3):
        b.submit(kit.C.Move(f"R{i}", Hex(2, 2 * i)))
    assert b.state.card == "moveall"
    assert [b.state.models[f"R{i}"].pos for i in range(3)] == [Hex(2, 0), Hex(2, 2), Hex(2, 4)]


def test_cards_allow_only_their_own_action(kit):
    """Action Cards: move cards move infantry, "Move Vehicle" cards move one vehicle, fire cards fire."""
    red = [kit.inf("R1", Hex(0, 0)), kit.veh("RV", Hex(0, 3), "lorry")]
    blue = [kit.inf("B1", Hex(6, 0))]
    b = kit.battle(red, blue, action=["move1-a", "fire1-a", "vehicle-a", "move2-a", "fire1-b", "move1-c"])
    # a move card: infantry may move, a vehicle may not, nobody may fire
    assert "Move Vehicle card" in b.refusal(kit.C.Move("RV", Hex(2, 3)))
    assert "only on a Fire card" in b.refusal(kit.C.Fire("R1", "assault_rifle", "B1"))
    assert b.refusal(kit.C.Move("R1", Hex(1, 0))) is None
    b.submit(kit.C.Pass())
    b.submit(kit.C.Pass())  # blue's fire1-a
    # a vehicle card: the vehicle may move, infantry may not
    assert b.state.card == "vehicle-a"
    assert "only on a Move card" in b.refusal(kit.C.Move("R1", Hex(1, 0)))
    assert b.refusal(kit.C.Move("RV", Hex(2, 3))) is None
    b.submit(kit.C.Pass())
    b.submit(kit.C.Pass())  # blue's move2-a
    # a fire card: nobody moves
    assert b.state.card == "fire1-b"
    assert "only on a Move card" in b.refusal(kit.C.Move("R1", Hex(1, 0)))
    assert "Move Vehicle card" in b.refusal(kit.C.Move("RV", Hex(2, 3)))


def test_only_the_active_player_orders(kit):
    """Turn Sequence 3-4: the player who turned the card acts on it; the other waits."""
    b = _squads(kit, action=["move2-a"])
    assert "not yours" in b.refusal(kit.C.Move("B0", Hex(5, 0)))


def test_a_refused_order_changes_nothing(kit):
    """Action Cards: "different models" - giving the refused order anyway raises IllegalOrder and leaves the
    battle exactly as it was."""
    b = _squads(kit, action=["move2-a", "fire1-a"])
    b.submit(kit.C.Move("R0", Hex(1, 0)))
    before = b.state_hash()
    with pytest.raises(kit.IllegalOrder, match="already acted on this card"):
        b.submit(kit.C.Move("R0", Hex(2, 0)))
    assert b.state_hash() == before and len(b.log) == 1
