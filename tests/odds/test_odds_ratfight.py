"""JTS RatFight: the odds an order's preview shows, against the engine resolving that order from every
order of the cards it can turn.

RatFight is diceless ("Cards": every chance is a card turned from a shuffled
deck), and the order of each deck is part of the battle state, so a fixed state
always turns the same cards. Each situation therefore gives the decks small
draw piles (cards chosen so that every outcome, the same card included, can
come up) and ``oddskit.check_odds_exactly`` resolves the order with the engine
once for every ordered run of the cards it can turn from each pile, asking
``outcome_of`` which outcome it had: each shown probability must be that exact
chance (the same float where the preview works in fractions; within 1e-12 for
the damage and crew cards of a vehicle, worked in floats).

The situations, each a different order kind or different modifiers:

1. ``test_rifle_at_a_model_in_the_open``: Firing 2-3, one card against one.
2. ``test_dead_shot_burst_at_a_model_in_woods``: Firing 4 and 6 with Leaders
   and Heroes (Dead Shot): a two-shot light machine gun, two cards a shot,
   against the best of two cards for soft cover.
3. ``test_close_combat_against_a_bruiser``: Close Combat, two cards against a
   Bruiser's two, the loser a casualty.
4. ``test_bazooka_at_a_tank_side``: Shooting at Vehicles 1-4, the hit card,
   the damage cards with armour piercing 4 against side armour 2, and the
   crew's card against the damage, on a tank that already has 3 damage.
5. ``test_inspiring_redraw_of_the_action_card``: Leaders and Heroes,
   Inspiring: the action card turned in place of the one thrown away, from the
   action deck left this turn (a card draw order).
6. ``test_keeping_a_morale_card_leaves_nothing_to_chance``: Morale Check, the
   card a side keeps of its leader's cards: no odds, a certain verdict.
"""

from __future__ import annotations

import copy
from typing import Any

import oddskit

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.hexes import Hex, axial_to_offset
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.ratfight import commands as C
from hexfront.engine.systems.ratfight import data

OPEN_MAP = "\n".join(["." * 12] * 5)
WOODS_AT_4 = "\n".join(["....*......."] + ["." * 12] * 4)
RED_WINS = ("move1-b", "move1-a")  # initiative: red's card (2) beats blue's (1)


def _at(h: Hex) -> list[int]:
    col, row = axial_to_offset(h)
    return [col, row]


def battle(red: list[dict], blue: list[dict], card: str, map: str = OPEN_MAP) -> Battle:
    """Red has the initiative and ``card`` up; the resolution decks are shuffled by the battle's seed."""
    content = copy.deepcopy(data.load_content(content_root() / "ratfight", "village"))
    content["scenario"] = {"title": "Odds ground", "turn_limit": 10, "map": map,
                           "sides": [{"id": "red", "name": "Red Rats", "models": red},
                                     {"id": "blue", "name": "Blue Stoats", "models": blue}]}
    setup = BattleSetup(system="ratfight", scenario="test", seed=11, content=content, rules_version="1",
                        script=Script(cards={"action": [*RED_WINS, card]}))
    return Battle(get_system("ratfight"), setup)


def inf(mid: str, at: Hex, *weapons: str, **extra: Any) -> dict:
    return {"id": mid, "name": mid, "weapons": list(weapons or ("assault_rifle",)), "at": _at(at), **extra}


RED_PILE = ["2C", "5S", "9H", "JD", "KS", "7C"]
BLUE_PILE = ["5S", "8D", "3H", "JD", "4C", "QH"]


def small_piles(b: Battle, red: list[str] = RED_PILE, blue: list[str] = BLUE_PILE) -> None:
    """Give each side a small resolution draw pile (the preview reads only the state, the engine a copy)."""
    b.state.decks["res-red"].draw_pile = list(red)
    b.state.decks["res-blue"].draw_pile = list(blue)


def check(b: Battle, command: Any, red: int, blue: int, tolerance: float = 0.0) -> Any:
    """The preview against the engine over every run of ``red`` and ``blue`` cards from the two piles."""
    small_piles(b)
    return oddskit.check_odds_exactly(b.system, b.state, command, {"res-red": red, "res-blue": blue}, tolerance)


def test_rifle_at_a_model_in_the_open():
    """Firing 2-3: one card against one from two full decks; the same card ends the turn (Cards)."""
    b = battle([inf("R1", Hex(0, 0))], [inf("B1", Hex(4, 0))], "fireall")
    pv = check(b, C.Fire("R1", "assault_rifle", "B1"), red=1, blue=1)
    assert {c.outcome for c in pv.odds} == {"hit: B1 Down", "the shot misses", "same card: the turn ends"}


def test_dead_shot_burst_at_a_model_in_woods():
    """Firing 4 and 6, Leaders and Heroes (Dead Shot): each of two shots turns two cards against the defender's
    best of two (soft cover), the second shot only after the first misses."""
    b = battle([inf("R1", Hex(0, 0), "lmg", heroes=["dead_shot"])], [inf("B1", Hex(4, 0))], "fireall",
               map=WOODS_AT_4)
    pv = check(b, C.Fire("R1", "lmg", "B1"), red=4, blue=2)
    assert any("soft cover" in m for m in pv.modifiers) and any("Dead Shot" in m for m in pv.modifiers)


def test_close_combat_against_a_bruiser():
    """Close Combat: the attacker's best of two against a Bruiser defender's best of two; the loser is a
    casualty, each worth one casualty to the side that gives the order (+1 or -1)."""
    b = battle([inf("R1", Hex(0, 0))], [inf("B1", Hex(3, 0), heroes=["bruiser"])], "moveall")
    pv = check(b, C.Assault("R1", "B1", Hex(2, 0)), red=2, blue=2)
    assert sorted(c.value for c in pv.odds) == [-1.0, 0.0, 1.0]


def test_bazooka_at_a_tank_side():
    """Shooting at Vehicles 1-4: hit card, then card + 4 against card + side armour 2, then the crew's card
    against the total damage (3 already). Five outcomes, from the crew bailing out to the same card."""
    tank = {"id": "BT", "name": "BT", "weapons": [], "at": _at(Hex(6, 0)), "vehicle": "medium_tank",
            "facing": 1}
    b = battle([inf("R1", Hex(0, 0), "bazooka")], [tank], "fireall")
    b.state.models["BT"].damage = 3  # earlier hits (the state is only read by the preview and copied per run)
    pv = check(b, C.Fire("R1", "bazooka", "BT"), red=2, blue=3, tolerance=1e-12)
    assert len(pv.odds) == 5 and all(c.probability > 0.01 for c in pv.odds)


def test_inspiring_redraw_of_the_action_card():
    """Leaders and Heroes, Inspiring: throw the card away and turn another; it is any of the action cards still
    face down this turn, Turn End among them (Turn Sequence 3-5)."""
    b = battle([inf("R1", Hex(0, 0), leader=2, heroes=["inspiring"])], [inf("B1", Hex(4, 0))], "fire1-a")
    pv = oddskit.check_odds_exactly(b.system, b.state, C.Redraw(), {"action": 1})
    assert len(pv.odds) >= 5 and any(c.outcome.startswith("Turn End") and c.value == 0 for c in pv.odds)


def test_keeping_a_morale_card_leaves_nothing_to_chance():
    """Morale Check: with a leader, the side draws its cards and keeps "whichever he likes"; from then on
    nothing is left to chance. The keep order's preview shows no odds and says whether the force holds ("This
    card must beat the number of casualties"), and the engine agrees whatever the decks hold next.

    Blue wins the initiative, B1 kills R2 in close combat (KS, QS against 3C) and red turns the Turn End card:
    red, one casualty, draws AS and 2C with its two-card leader."""
    from hexfront.engine.core.cards import card_value
    from hexfront.engine.core.resolution import Randomizer, Resolution
    from hexfront.engine.systems.ratfight.events import MoraleTested

    b = battle([inf("R1", Hex(0, 4), leader=2), inf("R2", Hex(0, 0))], [inf("B1", Hex(1, 0))], "turnend")
    b.setup.script = Script(cards={"action": ["move1-a", "move1-b", "move1-c", "turnend"],
                                   "res-red": ["3C", "AS", "2C"], "res-blue": ["KS", "QS"]})
    b = Battle(b.system, b.setup)
    b.submit(C.Assault("B1", "R2", Hex(1, 0)))
    choice = b.state.morale
    assert choice is not None and (choice.side, choice.casualties, choice.cards) == ("red", 1, ("AS", "2C"))
    for card, holds in (("AS", False), ("2C", True)):
        keep = C.KeepMoraleCard("red", card)
        preview = b.system.preview(b.state, keep)
        assert preview.odds == () and not preview.estimate
        assert preview.note.startswith(f"nothing left to chance: {card_value(card)} "
                                       + ("beats" if holds else "does not beat"))
        for seed in range(40):
            work = b.system.copy_state(b.state)
            ctx = Resolution(b.system, work, Randomizer(seed))
            b.system.resolve(ctx, keep)
            # the first red test is the kept card's (a later Turn End may test red again, unasked)
            tested = [e for e in ctx.events if type(e) is MoraleTested and e.side == "red"]
            assert [(t.card, t.passed, t.unasked) for t in tested[:1]] == [(card, holds, False)]
