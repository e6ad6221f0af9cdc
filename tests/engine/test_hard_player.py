"""The hard player in every system (engine.core.search): it never peeks, and its selfplay reproduces.

No peeking: two states that are the same from the side's view but differ in what it cannot know (deck order,
what a hidden marker covers, the enemy's secret orders, covert mines) give the same choice, because the search
plays only on copies re-dealt from that view (``RuleSystem.determinize``), with dice from its own generator.
These use a small budget: what is tested is what the search is shown, not how long it thinks.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.players import RandomPlayer, computer_players_for
from hexfront.engine.core.resolution import Randomizer
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.saves import battle_to_json
from hexfront.engine.core.search import SearchPlayer, resolve_on, weigh
from hexfront.engine.core.system import RuleSystem, SearchBudget, get_system
from hexfront.engine.systems.dustup import victory
from hexfront.engine.systems.minutemissions.commands import Activate

SMALL = SearchBudget(width=3, orders=8, horizon=4, replies=1)


def played(system_id: str, scenario: str, seed: int, orders: int) -> Battle:
    """A battle after ``orders`` orders of the default players."""
    battle = Battle.new(system_id, scenario, seed=seed)
    players = {s: battle.system.computer_players()["default"](i)
               for i, s in enumerate(battle.system.sides(battle.state))}
    for _ in range(orders):
        side = battle.side_to_act()
        assert side is not None and battle.outcome() is None
        battle.submit(players[side].choose(battle.system, battle.state))
    return battle


def assert_no_peeking(system: RuleSystem, a: Any, b: Any) -> None:
    """``a`` and ``b`` differ, but not in what the side to act can know: its search sees the same and chooses
    the same."""
    side = system.side_to_act(a)
    assert side is not None and side == system.side_to_act(b)
    assert system.canonical(a) != system.canonical(b), "the two states must differ in what is hidden"
    seen_a = system.canonical(system.determinize(a, side, Generator(8)))
    seen_b = system.canonical(system.determinize(b, side, Generator(8)))
    assert seen_a == seen_b
    greedy = system.computer_players()["default"]
    assert SearchPlayer(3, greedy, SMALL).choose(system, a) == SearchPlayer(3, greedy, SMALL).choose(system, b)


def test_ratfight_never_reads_the_order_of_the_decks():
    battle = played("ratfight", "convoy", 5, 4)
    system = battle.system
    other = system.copy_state(battle.state)
    for deck in other.decks.values():
        deck.draw_pile = deck.draw_pile[1:] + deck.draw_pile[:1]  # every pile in another order
    assert_no_peeking(system, battle.state, other)


def _swap_hidden_units(st: Any, side: str) -> None:
    """Move the hidden units of the side not ``side`` to other markers of theirs (dummies take their place)."""
    ids = sorted(m for m, marker in st.markers.items() if marker.side != side)
    units = [st.markers[m].unit for m in ids]
    assert any(u is not None for u in units) and any(u is None for u in units)
    moved = units[1:] + units[:1]
    for mid, uid in zip(ids, moved, strict=True):
        st.markers[mid] = attrs.evolve(st.markers[mid], unit=uid)
    for uid in units:
        if uid is not None and st.occupant.get(st.units[uid].pos) == uid:
            del st.occupant[st.units[uid].pos]
    for mid, uid in zip(ids, moved, strict=True):
        if uid is not None:
            st.units[uid].pos = st.markers[mid].pos
            st.occupant[st.markers[mid].pos] = uid


def until_facing_the_hidden(scenario: str) -> Battle:
    """A Dustup battle at the first order of the side whose enemy lies hidden (the hidden side acts first)."""
    battle = Battle.new("dustup", scenario, seed=3)
    players = {s: battle.system.computer_players()["default"](i)
               for i, s in enumerate(battle.system.sides(battle.state))}
    for _ in range(20):
        side = battle.side_to_act()
        assert side is not None
        if any(m.side != side for m in battle.state.markers.values()):
            return battle
        battle.submit(players[side].choose(battle.system, battle.state))
    raise AssertionError(f"{scenario}: the side facing hidden units never came to act")


def test_dustup_never_reads_what_the_enemy_markers_hide_nor_the_deck_order():
    battle = until_facing_the_hidden("held")
    system = battle.system
    side = battle.side_to_act()
    assert side is not None
    other = system.copy_state(battle.state)
    _swap_hidden_units(other, side)
    for deck in other.decks.values():
        deck.draw_pile.reverse()
    assert_no_peeking(system, battle.state, other)


def test_dustup_never_reads_covert_mines_or_the_type_of_a_hidden_minefield():
    battle = until_facing_the_hidden("ambush")
    system = battle.system
    side = battle.side_to_act()
    assert side is not None
    hidden = [f for f in battle.state.features.values() if f.hidden and f.side and f.side != side]
    assert {f.kind for f in hidden} >= {"minefield", "ied"}, "the ambush lays hidden mines for the test"
    other = system.copy_state(battle.state)
    for f in hidden:
        if f.kind in ("ied", "booby", "cdm"):
            del other.features[f.id]  # the side cannot tell a road with IEDs from one without
        elif f.kind == "minefield":
            kind = "at" if f.get("type") != "at" else "ap"
            other.features[f.id] = attrs.evolve(f, data=tuple(d if not d.startswith("type=") else f"type={kind}"
                                                              for d in f.data))
    assert_no_peeking(system, battle.state, other)


def _committed_by_first_side(player: Any) -> Battle:
    """Field crossing, round 1: the first side has locked its secret orders (given by ``player``)."""
    battle = Battle.new("skirmishes", "field_crossing", seed=2)
    first = battle.system.sides(battle.state)[0]
    while battle.side_to_act() == first:
        battle.submit(player.choose(battle.system, battle.state))
    return battle


def test_skirmishes_never_reads_the_enemy_secret_orders():
    system = Battle.new("skirmishes", "field_crossing", seed=2).system
    a = _committed_by_first_side(system.computer_players()["default"](0))
    b = _committed_by_first_side(RandomPlayer(4))
    second = system.sides(a.state)[1]
    assert a.side_to_act() == second == b.side_to_act()
    assert system.side_view(a.state, second).canonical() == system.side_view(b.state, second).canonical()  # type: ignore[attr-defined]
    assert_no_peeking(system, a.state, b.state)


@pytest.mark.parametrize("system_id, scenario, orders", [("disrupter", "crossroads", 30),
                                                          ("minutemissions", "ridge", 20)])
def test_a_system_with_nothing_hidden_is_searched_as_it_stands(system_id, scenario, orders):
    """Disrupter and 30 Minute Missions hide nothing (no cards, no hidden pieces or secret orders): the search's
    copy is the state itself, and the battle's dice and state are untouched by the search."""
    battle = played(system_id, scenario, 6, orders)
    system = battle.system
    side = battle.side_to_act()
    assert side is not None
    assert system.canonical(system.determinize(battle.state, side, Generator(1))) == system.canonical(battle.state)
    before = (battle.state_hash(), battle.rng.snapshot())
    greedy = system.computer_players()["default"]
    choice = SearchPlayer(3, greedy, SMALL).choose(system, battle.state)
    assert (battle.state_hash(), battle.rng.snapshot()) == before
    battle.rng.gen.next_u64()  # the battle's dice move on: the choice does not
    assert SearchPlayer(3, greedy, SMALL).choose(system, battle.state) == choice


SELFPLAY = [("disrupter", "crossroads", 40), ("minutemissions", "ridge", 24), ("skirmishes", "street_ambush", 3),
            ("ratfight", "convoy", 8), ("dustup", "meeting", 6)]


@pytest.mark.parametrize("system_id, scenario, start", SELFPLAY)
def test_selfplay_with_the_hard_player_reproduces_byte_identical_saves(system_id, scenario, start):
    """Hard against default from the same seed, twice: the same saves to the byte (a few of the hard player's
    orders, from a moment ``start`` orders in where it has a choice to make)."""
    def game() -> str:
        battle = played(system_id, scenario, 11, start)
        system = battle.system
        battle.setup.players = dict(zip(system.sides(battle.state), ("hard", "default"), strict=True))
        players = computer_players_for(battle)
        hard_orders = 0
        while hard_orders < 2 and battle.outcome() is None:
            side = battle.side_to_act()
            assert side is not None
            battle.submit(players[side].choose(system, battle.state))
            hard_orders += players[side].name == "hard"
        return json.dumps(battle_to_json(battle), indent=1)

    first = game()
    assert '"hard"' in first
    assert game() == first


def assert_finds_what_greedy_misses(battle: Battle, playouts: int, margin: float) -> Any:
    """The hard player's order differs from the greedy one's, and a longer look (``playouts`` playouts each,
    from another generator than the decision's) finds it worth more by ``margin`` at least: that order."""
    system = battle.system
    greedy = system.computer_players()["default"]
    plain = greedy(0).choose(system, system.copy_state(battle.state))
    found = system.computer_players()["hard"](1).choose(system, battle.state)
    assert found != plain, "the hard player gives the greedy order here"
    value_found, value_plain = weigh(system, battle.state, [found, plain], greedy, system.search_budget(),
                                     playouts, Generator(2026))
    assert value_found > value_plain + margin, (value_found, value_plain)
    return found


def test_ratfight_hard_keeps_the_squad_aboard_where_greedy_climbs_out_under_the_guns():
    """Convoy, seed 4, after 23 orders: the carrier has stopped within reach of the enemy. The greedy player
    climbs the first passenger out (it scores the move toward the enemy); the hard player passes, keeping the
    squad under armour, since the enemy's replies shoot the model that climbed out."""
    battle = played("ratfight", "convoy", 4, 23)
    assert_finds_what_greedy_misses(battle, 8, 1.5)
    greedy_order = battle.system.computer_players()["default"](0).choose(battle.system, battle.state)
    assert type(greedy_order).__name__ == "Disembark"



def test_disrupter_hard_takes_the_objective_with_the_assault_team_where_greedy_sends_the_gun_team():
    """Crossroads, seed 1, after 112 orders: turn 4, Blue's movement step, the crossroads objective empty (the red
    walker bots on it are down). The greedy player moves its three-man gun team (Alpha gun) onto it; the hard
    player sends the four-man Bravo assault team instead, which its playouts find leaves it better off once the
    enemy has replied. (Its candidates are the standard player's ranking: each team's own best move.)"""
    battle = played("disrupter", "crossroads", 1, 112)
    objective = battle.state.tables.objective
    found = assert_finds_what_greedy_misses(battle, 8, 1.0)
    greedy_order = battle.system.computer_players()["default"](0).choose(battle.system, battle.state)
    assert (greedy_order.team, greedy_order.path[-1]) == ("blue-a2", objective)
    assert (found.team, found.path[-1]) == ("blue-b2", objective)


def test_dustup_hard_stays_on_the_objective_where_greedy_walks_off_toward_the_next():
    """Meeting Engagement, seed 3, after 21 orders: Fox Section stands next to the farm objective and holds
    it (victory: held at the last turn, it counts). The greedy player moves it on toward the next objective it
    does not hold, leaving this one open; the hard player ends the activation there, since its position
    value counts objectives held (the way a Dustup battle is won)."""
    battle = played("dustup", "meeting", 3, 21)
    st = battle.state
    fox = st.units["f"]
    assert any(hex_distance(fox.pos, o) <= 1 for o in st.tables.objectives)
    held = victory.objectives_held(st, "blue")
    greedy_order = battle.system.computer_players()["default"](0).choose(battle.system, battle.state)
    assert type(greedy_order).__name__ == "Move" and greedy_order.unit == "f"
    after = battle.system.copy_state(st)
    resolve_on(battle.system, after, greedy_order, Randomizer(1))
    assert victory.objectives_held(after, "blue") < held, "the greedy move gives the objective up"
    assert_finds_what_greedy_misses(battle, 8, 1.5)


def test_minutemissions_hard_takes_the_free_yard_where_greedy_activates_the_best_gun():
    """Foundry, seed 2, after 32 orders (round 1): the Hopper lies wrecked on one yard, a Meridian mech holds
    the other. The greedy player activates the Swarm for its shots; the hard player activates the Crusher,
    whose turn (press on, four steps) ends on the free yard, to be scored at the end of the round, which its
    playouts find leaves Ashen a yard better off."""
    battle = played("minutemissions", "foundry", 2, 32)
    greedy_order = battle.system.computer_players()["default"](0).choose(battle.system, battle.state)
    assert greedy_order == Activate("A4")
    assert assert_finds_what_greedy_misses(battle, 8, 0.5) == Activate("A1")



@pytest.mark.parametrize("system_id", ["disrupter", "dustup", "minutemissions", "ratfight", "skirmishes"])
def test_a_system_with_its_own_value_says_its_own_terms_on_the_why_screen(system_id):
    """The "Why did it do that?" screen explains the values it lists with ``value_words``: a system whose
    ``position_value`` is its own says its own terms, not the core's casualty count."""
    system = get_system(system_id)
    own_value = type(system).position_value is not RuleSystem.position_value
    own_words = type(system).value_words is not RuleSystem.value_words
    assert own_value == own_words
    assert system.value_words() != RuleSystem.value_words(system) or not own_value
    assert "a battle won counts" in system.value_words()


def test_skirmishes_says_a_battle_won_counts_ten_as_its_value_does():
    from hexfront.engine.systems.skirmishes import value
    assert get_system("skirmishes").value_words().endswith(f"a battle won counts {value.DECIDED:g}")
