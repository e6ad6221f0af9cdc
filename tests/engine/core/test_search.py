"""The hard and easy players over the system contract (engine.core.search): registered in every system with a
default player, deterministic, bounded in orders, never touching the battle, and explaining themselves."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.search import (
    TO_THE_END,
    Decision,
    EasyPlayer,
    SearchPlayer,
    _stages,
    _Tally,
    decision_for,
    decision_seed,
    pick_candidates,
    spread,
    spread_by_kind,
    win_margins,
)
from hexfront.engine.core.system import SearchBudget, all_systems, get_system, shuffle_draw_piles
from hexfront.engine.systems.ratfight.commands import Fire


def test_every_system_with_a_default_player_has_the_three_levels_in_order():
    for system in all_systems().values():
        players = system.computer_players()
        if "default" not in players:
            continue
        assert [n for n in players if n in ("easy", "default", "hard")] == ["easy", "default", "hard"]
        assert players["hard"](1).name == "hard" and players["easy"](1).name == "easy"


def test_spread_keeps_the_greedy_order_first_and_spreads_the_rest():
    legal = list(range(100))
    picked = spread(legal, 42, 5)
    assert picked[0] == 42 and len(picked) == 5 and len(set(picked)) == 5
    assert picked[1:] == [0, 24, 50, 75]  # evenly over the 99 others (42 taken out), not the first few
    assert spread([7], 7, 8) == [7]


class Move(int):
    """A stand-in order of one kind."""


class Shot(int):
    """A stand-in order of another kind."""


def test_spread_by_kind_takes_each_kind_in_turn_so_a_rare_shot_is_weighed_among_many_moves():
    legal = [Move(i) for i in range(90)] + [Shot(100), Shot(101)]
    picked = spread_by_kind(legal, legal[5], 6)
    assert picked[0] == 5 and len(picked) == 6 and len(set(picked)) == 6
    assert sorted(x for x in picked if isinstance(x, Shot)) == [100, 101]  # both shots, though 2 of 92
    assert not any(isinstance(x, Shot) for x in spread(legal, legal[5], 6))  # the plain spread: moves only
    assert spread_by_kind([Move(1)], Move(1), 8) == [1]


def test_staged_halving_counts_its_stages_down_to_the_greedy_order_and_one_other():
    assert [_stages(n) for n in (1, 2, 3, 4, 6, 8)] == [1, 1, 2, 2, 3, 3]


def test_paired_wins_count_ties_for_neither_side():
    tally = _Tally(2)
    for r, (greedy, other) in enumerate([(0, 0), (0, 0), (0, 0), (0, 3), (1, 0)]):
        tally.add(0, greedy, False, False, r)
        tally.add(1, other, False, False, r)
    # mean better by 0.4; better once, worse once, tied three times: only the tie-blind count lets it through
    assert not tally.beats_greedy(1, 0.3)
    assert tally.beats_greedy(1, 0.3, paired_wins=True)
    assert not tally.beats_greedy(1, 0.5, paired_wins=True)


def test_a_staged_search_stays_in_its_budget_and_gives_a_legal_order():
    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    greedy = system.computer_players()["default"]
    budget = SearchBudget(width=6, orders=60, horizon=6, replies=1, by_kind=True, staged=True, paired_wins=True)
    first = SearchPlayer(5, greedy, budget).choose(system, battle.state)
    assert first == SearchPlayer(5, greedy, budget).choose(system, battle.state)
    assert first in system.legal_commands(battle.state)


def test_decision_seeds_differ_by_player_and_by_decision():
    seeds = {decision_seed(s, n) for s in range(4) for n in range(4)}
    assert len(seeds) == 16


def test_shuffled_draw_piles_do_not_depend_on_the_order_they_were_in():
    battle = Battle.new("ratfight", "convoy", seed=3)
    a = get_system("ratfight").copy_state(battle.state)
    b = get_system("ratfight").copy_state(battle.state)
    for deck in b.decks.values():
        deck.draw_pile.reverse()
    assert any(d.draw_pile != a.decks[k].draw_pile for k, d in b.decks.items())
    shuffle_draw_piles(a.decks, Generator(11))
    shuffle_draw_piles(b.decks, Generator(11))
    assert all(d.draw_pile == a.decks[k].draw_pile for k, d in b.decks.items())


def _battle_after(system_id: str, scenario: str, orders: int, seed: int = 4) -> Battle:
    battle = Battle.new(system_id, scenario, seed=seed)
    players = {s: battle.system.computer_players()["default"](i)
               for i, s in enumerate(battle.system.sides(battle.state))}
    for _ in range(orders):
        side = battle.side_to_act()
        assert side is not None
        battle.submit(players[side].choose(battle.system, battle.state))
    return battle


def test_the_hard_player_is_deterministic_touches_nothing_and_stays_in_its_budget():
    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    before = (battle.state_hash(), battle.rng.snapshot())
    budget = SearchBudget(width=4, orders=40, horizon=6, replies=1)
    greedy = system.computer_players()["default"]
    counted: list[int] = []

    class Counting(SearchPlayer):
        def _playout(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            value, used, winner = super()._playout(*args, **kwargs)
            counted.append(used)
            return value, used, winner

    first = Counting(5, greedy, budget).choose(system, battle.state)
    again = SearchPlayer(5, greedy, budget).choose(system, battle.state)
    assert first == again
    assert (battle.state_hash(), battle.rng.snapshot()) == before  # the battle's state and dice untouched
    assert 0 < sum(counted) < budget.orders + budget.horizon  # the last playout may run past the budget
    assert all(n <= budget.horizon for n in counted)
    assert first in system.legal_commands(battle.state)


def test_the_hard_player_explains_the_orders_it_weighed():
    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    player = system.computer_players()["hard"](2)
    assert isinstance(player, SearchPlayer)
    command = player.choose(system, battle.state)
    d = player.last_decision
    assert isinstance(d, Decision)
    assert d.chosen == system.describe_command(command, battle.state)
    assert d.side == battle.side_to_act() and d.player == "hard"
    tried = [w for w in d.weighed if w.playouts]
    assert len(tried) >= 2 and any(w.order == d.chosen for w in tried)
    assert all(0.0 <= w.ahead <= 1.0 for w in tried)
    chosen = next(w for w in tried if w.order == d.chosen)
    # the expectation reads in the value column's own numbers: the chosen order's worth against where it stands
    now = system.position_value(battle.state, d.side)
    assert d.expected.startswith(("to come out ahead: ", "to fall behind: ", "to hold the balance: "))
    assert f"worth {chosen.value:+.2f} after the enemy's replies, against {now:+.2f} now" in d.expected


def test_the_easy_player_slips_now_and_then_but_mostly_plays_the_standard_order():
    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    greedy = system.computer_players()["default"]
    good = greedy(0).choose(system, battle.state)
    easy = EasyPlayer(7, greedy)
    picks = [easy.choose(system, battle.state) for _ in range(60)]
    slips = sum(p != good for p in picks)
    assert 10 <= slips <= 32  # about a third, from its own generator
    assert all(p in system.legal_commands(battle.state) for p in picks)
    again = EasyPlayer(7, greedy)
    assert [again.choose(system, battle.state) for _ in range(60)] == picks


def test_the_easy_player_sometimes_aims_at_the_wrong_target_where_its_system_names_one():
    """RatFight names the other shots open as the misaimed forms of a shot (``RuleSystem.misaimed``): with
    ``misaim`` the easy player gives one of them instead of the standard shot about that often, never an order of
    another kind, and says so on the "Why did it do that?" screen."""
    battle = _battle_after("ratfight", "ditch", 0, seed=1)  # Sgt Fell's card is up, six shots open to him
    system = battle.system
    greedy = system.computer_players()["default"]
    good = greedy(0).choose(system, battle.state)
    legal = system.legal_commands(battle.state)
    wrong = system.misaimed(battle.state, good, legal)
    assert isinstance(good, Fire) and len(wrong) >= 3 and good not in wrong
    assert all(isinstance(c, Fire) for c in wrong)
    easy = EasyPlayer(3, greedy, slip=0.0, misaim=0.5)
    picks = []
    for _ in range(60):
        picks.append(easy.choose(system, battle.state))
        assert easy.last_decision is not None
        if picks[-1] != good:
            said = easy.last_decision.expected
            assert said.startswith("nothing: it aimed wrong (the standard player would have given")
    missed = [p for p in picks if p != good]
    assert 18 <= len(missed) <= 42  # about half, from its own generator
    assert easy.last_decision.method.endswith("; when it shoots, the wrong target or weapon 50% of the time")
    assert set(missed) <= set(wrong) and len(set(missed)) >= 2
    steady = EasyPlayer(3, greedy, slip=0.0)  # no misaim: the standard shot every time
    assert all(steady.choose(system, battle.state) == good for _ in range(20))


def test_a_move_has_no_misaimed_form_and_misaim_changes_nothing_where_none_is_named():
    """RatFight names no misaimed form of a move; in Disrupter, which names none at all, an easy player that never
    slips and always misaims gives the standard order every time (no wrong order is made up from the legal
    ones)."""
    battle = _battle_after("ratfight", "ditch", 0, seed=1)
    legal = battle.system.legal_commands(battle.state)
    move = next(c for c in legal if not isinstance(c, Fire))
    assert battle.system.misaimed(battle.state, move, legal) == []
    other = _battle_after("disrupter", "crossroads", 0)
    system = other.system
    greedy = system.computer_players()["default"]
    good = greedy(0).choose(system, other.state)
    assert len(system.legal_commands(other.state)) > 1
    easy = EasyPlayer(5, greedy, slip=0.0, misaim=1.0)
    assert all(easy.choose(system, other.state) == good for _ in range(20))
    assert easy.last_decision is not None and easy.last_decision.expected.startswith("what the standard player")


@pytest.mark.parametrize("maker", [RandomPlayer, lambda s: get_system("ratfight").computer_players()["default"](s)])
def test_players_without_an_account_of_their_own_still_say_what_they_did(maker):
    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    player = maker(1)
    command = player.choose(system, battle.state)
    side = battle.side_to_act()
    assert side is not None
    d = decision_for(player, system, battle.state, side, command)
    assert d.chosen == system.describe_command(command, battle.state) and d.weighed == ()
    assert d.player == player.name



def test_with_dice_by_order_the_enemys_reply_rolls_the_same_dice_after_any_candidate(monkeypatch):
    """Common random numbers that survive the playouts going different ways: with ``dice_by_order`` the order
    in the same place of two candidates' playouts (the enemy's reply) rolls from the same stream; without it,
    one stream runs through the playout, so the dice the candidate rolled shift every later roll."""
    from hexfront.engine.core import search

    battle = _battle_after("dustup", "meeting", 4)
    system = battle.system
    side = battle.side_to_act()
    assert side is not None
    original = search.resolve_on
    streams: list[list[object]] = []  # per playout, the dice stream's state as each order is resolved

    def recording(system_, state, command, rng):  # type: ignore[no-untyped-def]
        streams[-1].append(rng.gen.snapshot())
        original(system_, state, command, rng)

    monkeypatch.setattr(search, "resolve_on", recording)
    first, second = system.legal_commands(battle.state)[:2]  # end the activation; move on
    for by_order in (True, False):
        budget = SearchBudget(width=2, orders=20, horizon=4, replies=2, dice_by_order=by_order)
        player = SearchPlayer(3, system.computer_players()["default"], budget)
        streams.clear()
        for candidate in (first, second):
            streams.append([])
            player._playout(system, system.copy_state(battle.state), side, candidate, 12345, {}, budget)
        a, b = streams
        assert len(a) >= 2 and len(b) >= 2 and a[0] == b[0]  # the candidates start from the same stream
        later = [x == y for x, y in zip(a[1:], b[1:], strict=False)]
        assert all(later) if by_order else not any(later)


def test_ranked_candidates_are_the_standard_players_next_best_then_a_spread():
    """With ``ranked`` half the candidates are the greedy player's next best-priced orders
    (RuleSystem.candidate_orders, Dustup's standard player ranking every legal order by the price it chooses
    by), the rest spread over the other legal orders; a system with no ranking spreads them all."""
    from hexfront.engine.systems.dustup.ai import DefaultPlayer

    battle = _battle_after("dustup", "meeting", 6)
    system = battle.system
    legal = system.legal_commands(battle.state)
    greedy = DefaultPlayer(0)
    ranking = system.candidate_orders(system.copy_state(battle.state), len(legal))
    assert ranking is not None and sorted(map(repr, ranking)) == sorted(map(repr, legal))
    assert ranking[0] == greedy.choose(system, system.copy_state(battle.state))
    prices = [greedy.value(battle.state, c) for c in ranking]
    assert prices == sorted(prices, reverse=True)
    ranked = SearchBudget(width=6, ranked=True, by_kind=True)
    picked = pick_candidates(system, battle.state, legal, ranking[0], ranked)
    assert picked[:4] == ranking[:4] and len(picked) == 6 and len(set(map(repr, picked))) == 6
    assert all(c in legal for c in picked)
    spread_only = SearchBudget(width=6, by_kind=True)
    assert pick_candidates(system, battle.state, legal, ranking[0], spread_only) == \
        spread_by_kind(legal, ranking[0], 6)
    skirmish = _battle_after("skirmishes", "street_ambush", 3)
    assert skirmish.system.candidate_orders(skirmish.state, 6) is None  # no ranking: the plain spread


def test_ratfights_ranking_is_the_standard_order_then_each_models_own_best_on_the_card():
    """RatFight's standard player ranks the orders of the card up: its own order first, then the best order
    of each model the card could set going, best-priced first, then passing and the redraw."""
    from hexfront.engine.systems.ratfight import commands as RC
    from hexfront.engine.systems.ratfight.ai import DefaultPlayer

    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    greedy = DefaultPlayer(0)
    ranking = greedy.ranked(system, battle.state, 20)
    assert ranking[0] == greedy.choose(system, battle.state)
    assert len(ranking) >= 3 and len(set(map(repr, ranking))) == len(ranking)
    movers = {o.model for o in ranking[1:] if isinstance(o, (RC.Move, RC.Fire, RC.Assault, RC.Disembark))}
    assert len(movers) >= 2  # more than one model's order is weighed
    legal = system.legal_commands(battle.state)
    assert all(o in legal for o in ranking if not isinstance(o, RC.Redraw))


def test_win_margins_play_each_order_to_the_battles_end_on_the_same_copies_and_dice(monkeypatch):
    """``win_margins``: the share won less the share lost, each playout run until the battle ends (not for a few
    orders), the battle untouched, and the same generator giving the same margins."""
    battle = _battle_after("ratfight", "convoy", 23)
    system = battle.system
    greedy = system.computer_players()["default"]
    orders = system.legal_commands(battle.state)[:2]
    before = (battle.state_hash(), battle.rng.snapshot())
    side = battle.side_to_act()
    lengths: list[int] = []
    results: dict[int, int] = {0: 0, 1: 0}  # won less lost, by the order's place
    original = SearchPlayer._playout

    def measured(self, system_, view, side_, command, dice_seed, players, budget):  # type: ignore[no-untyped-def]
        value, used, winner = original(self, system_, view, side_, command, dice_seed, players, budget)
        lengths.append(used)
        results[orders.index(command)] += 1 if winner == side else -1 if winner is not None else 0
        return value, used, winner

    monkeypatch.setattr(SearchPlayer, "_playout", measured)
    margins = win_margins(system, battle.state, orders, greedy, 5, Generator(8))
    assert len(lengths) == 10 and max(lengths) > SearchBudget().horizon  # on past any search's horizon
    assert max(lengths) < TO_THE_END  # every game ended before the cap
    assert margins == [results[0] / 5, results[1] / 5]  # the side to act's wins count up, its losses down
    assert any(results.values())  # an order came out ahead or behind: the sign is put to the test
    assert win_margins(system, battle.state, orders, greedy, 5, Generator(8)) == margins
    assert (battle.state_hash(), battle.rng.snapshot()) == before


def test_a_hard_player_made_without_a_budget_takes_the_systems_budget_for_each_position(monkeypatch):
    """``SearchPlayer(seed, greedy)`` (the "hard" level) asks ``search_budget_at`` at every decision: the
    candidates it weighs follow the width the system gives for that position, and a fixed budget overrides it."""
    battle = _battle_after("ratfight", "convoy", 3)
    system = battle.system
    greedy = system.computer_players()["default"]
    widths = iter([2, 5])
    asked: list[object] = []

    def budget_at(state):
        asked.append(state)
        return SearchBudget(width=next(widths), orders=40, horizon=4, replies=1)

    monkeypatch.setattr(system, "search_budget_at", budget_at)
    player = SearchPlayer(5, greedy)
    for width in (2, 5):
        player.choose(system, battle.state)
        assert player.last_decision is not None and len(player.last_decision.weighed) == width
    assert asked == [battle.state, battle.state]
    fixed = SearchPlayer(5, greedy, SearchBudget(width=3, orders=40, horizon=4, replies=1))
    fixed.choose(system, battle.state)
    assert fixed.last_decision is not None and len(fixed.last_decision.weighed) == 3 and len(asked) == 2
    assert system.computer_players()["hard"](1).fixed_budget is None  # the level asks the system each time
