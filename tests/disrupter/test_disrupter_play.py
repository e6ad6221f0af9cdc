"""Whole battles: random play ends every battle, saves and replays reproduce it, every event has a log line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "properties"))

import battle_properties as props  # noqa: E402

from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.campaigns import campaigns_of  # noqa: E402
from hexfront.engine.core.players import RandomPlayer  # noqa: E402
from hexfront.engine.core.resolution import Script  # noqa: E402
from hexfront.engine.core.system import get_system  # noqa: E402
from hexfront.engine.systems.disrupter import commands as C  # noqa: E402

SYSTEM = get_system("disrupter")


class Offered:
    """The orders already listed for the state now, handed to a player as the system it asks for them
    (``legal_commands``): a random player picks among exactly these, and the list is not built twice an order."""

    def __init__(self, legal: list) -> None:
        self.legal = legal

    def legal_commands(self, state) -> list:
        return self.legal


def random_game(scenario: str, seed: int, limit: int = 3000, options=None) -> tuple[Battle, int]:
    """Random play from the scenario's start. A tutorial's scripted dice are written for the learner's path
    (a d100 face where the lesson rolls a d100), so random play rolls its own dice (an empty script).
    Each order is the random player's pick among the battle's legal orders (listed once an order)."""
    b = Battle.new("disrupter", scenario, seed=seed, options=options, script=Script())
    players = {side: RandomPlayer(seed * 2 + i) for i, side in enumerate(SYSTEM.sides(b.state))}
    most = 0
    while b.outcome() is None and len(b.log) < limit:
        legal = b.legal_commands()
        assert legal, "no legal order while the battle runs"
        most = max(most, len(legal))
        b.submit(players[b.side_to_act()].choose(Offered(legal), b.state))
    return b, most


#: the scenarios a campaign fights (their computer battles are also played to the end by the campaign tests)
IN_A_CAMPAIGN = {name for spec in campaigns_of(SYSTEM) for name in spec.battles}


@pytest.mark.parametrize("scenario", SYSTEM.scenario_names())
def test_random_play_ends_within_the_turn_limit(scenario):
    """3 seeded random-against-random games of each scenario (2 of a campaign's, whose battles the campaign
    tests also fight to the end) end with an outcome by the turn limit, and the order lists stay under 3000."""
    for seed in range(2 if scenario in IN_A_CAMPAIGN else 3):
        b, most = random_game(scenario, seed)
        assert b.outcome() is not None and b.outcome().reason
        assert b.state.turn <= b.state.tables.turn_limit
        assert most < 3000


def test_save_replay_undo_and_describe():
    """The engine's contract: a saved game replays hash for hash, undo/redo is the identity, every event and
    command has a log line, and the view functions answer for every legal order."""
    b, _ = random_game("crossroads", 3, limit=120)
    props.replay_reproduces_every_hash(b)
    props.save_then_load_is_identity(b)
    props.undo_then_redo_is_identity(b, 10)
    for e in b.all_events():
        line = SYSTEM.describe(e, b.state)
        assert line and "\n" not in line and not line.startswith(type(e).__name__ + "(")
    for c in b.legal_commands()[:200]:
        assert SYSTEM.describe_command(c, b.state)
        assert SYSTEM.order_parts(b.state, c).action
        SYSTEM.preview(b.state, c)
    assert SYSTEM.board(b.state).pieces and SYSTEM.activation(b.state).now
    assert SYSTEM.summary(b.state).turns == b.state.turn


def test_every_option_plays_to_the_end():
    """Each [streamline] option on its own still gives a battle that random play finishes."""
    for i, opt in enumerate(o.name for o in SYSTEM.options):
        b, _ = random_game("crossroads", 100 + i, options={opt: True})
        assert b.outcome() is not None, opt


def test_illegal_orders_change_nothing():
    """A refused order leaves the battle untouched and says why in one line."""
    b = Battle.new("disrupter", "crossroads", seed=1)
    attempts = [C.Fire("red-a1", "blue-a1"), C.EndBriefing("blue"), C.Move("red-a1", ()),
                C.PlaceRallyPoint("red", b.state.tables.objective), C.EndBriefing("red"), C.EndBriefing("blue"),
                C.Move("blue-a2", ()), C.CodeWord("red-a1", "Halt", None)]
    props.illegal_commands_change_nothing(b, attempts, lambda _b: None)


def test_fire_preview_odds_add_up():
    """Every Fire preview on offer in a random game gives exact odds (not an estimate) of outcomes that add up to
    1, each worth the wounds it inflicts, and its expected wounds in the note."""
    b = Battle.new("disrupter", "crossroads", seed=5)
    player = RandomPlayer(5)
    fires = []
    while b.outcome() is None and not fires:  # random orders until a moment with shots on offer
        b.submit(player.choose(SYSTEM, b.state))
        fires = [c for c in b.legal_commands() if type(c) is C.Fire]
    assert fires, "the random game ended without a shot on offer"
    for c in fires[:5]:
        p = SYSTEM.preview(b.state, c)
        assert sum(x.probability for x in p.odds) == pytest.approx(1.0)
        assert p.estimate is False and p.value_unit == "wounds"
        assert all(x.value is not None and x.value >= 0 for x in p.odds)
        expected = sum(x.probability * x.value for x in p.odds)
        assert f"expected wounds {expected:.2f}" in p.note


def test_help_has_the_rules_and_readings():
    titles = [s.title for s in SYSTEM.help_sections()]
    for needed in ("Rule 7 - Checks and Saves", "Rule 16 - Battlefield Actions", "This game's tables",
                   "This game's readings"):
        assert needed in titles


def test_fire_preview_gives_each_instinct_group_its_own_modifiers():
    """Rule 9 - Leading and Rule 16 - Firing, in the odds shown before a shot: the officer of Alpha lead gives
    the two soldiers beside him [+] but not himself, so the preview's I60 check is a [+] check and its I80
    check a plain one, as when the shot is rolled."""
    import diskit as K

    from hexfront.engine.systems.disrupter import previews
    from hexfront.engine.systems.disrupter.dice import p_success

    b = K.battle(place={"red-a1": (4, 5), "blue-a3": (4, 3)})
    s = b.state
    chances, mods, expected = previews.fire_odds(s, C.Fire("red-a1", "blue-a3"))
    assert any(m.startswith("firer I60: [+] officer within Close") for m in mods), mods
    assert not any(m.startswith("firer I80: [+] officer") for m in mods), mods
    plan = previews.fire_plan(s, C.Fire("red-a1", "blue-a3"))
    assert {i: roll.adv for i, roll in plan.checks} == {60: 1, 80: 0}
    assert {a: roll.adv for a, roll in plan.saves} == {15: 0}  # Alpha marksmen: fatigues, Armor 15
    # both checks hit, the save fails: every firer's full Wounds at Medium (carbine 1, rifles 2 and 2)
    p_all = p_success(60, 1) * p_success(80, 0) * (1 - p_success(15, 0))
    assert next(c.probability for c in chances if c.outcome == "5 wounds") == pytest.approx(p_all)
    assert p_success(60, 1) > p_success(60, 0)
