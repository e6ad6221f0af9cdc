"""The computer players of every level above and below "default": "hard" searches, "easy" slips.

The hard player (:class:`SearchPlayer`) is written once over the rule-system contract. Its method is
**determinized Monte Carlo with greedy playouts, narrowed by successive halving**:

1. The candidates are the system's own greedy player's choice and an evenly spread sample of the other
   legal orders (``SearchBudget.width`` in all); with ``SearchBudget.by_kind`` the sample takes each kind of
   order in turn (a shot, a charge, a pass, a move), so a rare kind is weighed among a hundred moves. With
   ``SearchBudget.ranked``, half of them are the greedy player's next best-priced orders
   (:meth:`RuleSystem.candidate_orders`): the close calls where looking ahead decides, not only long shots.
2. A *determinization* is a copy of the state re-dealt from what the side to act can know
   (:meth:`RuleSystem.determinize`: decks shuffled from the unseen cards, hidden counters and the enemy's
   secret orders sampled); the dice of every playout come from a :class:`Randomizer` seeded from the
   player's own generator. The battle's generator is never read: it is not in the state, and the parts of
   the state that would tell the future (deck order, what a hidden counter is) are re-dealt.
3. A *playout* gives the candidate order on a determinization, then lets the greedy player play both sides
   until the opponent has given ``replies`` orders (or ``horizon`` orders in all, or the battle ends); the
   position is then valued by :meth:`RuleSystem.position_value` (the battle won or lost, else casualties
   given less casualties taken). So every candidate is tried through the side's own next orders and the
   opponent's replies.
4. Successive halving: every candidate gets a playout on the first determinization, the better half goes
   on to the next determinization, and so on until the budget is spent; all candidates of a round share
   the same determinization and dice seed (common random numbers), so they are compared on the same luck.
   With ``SearchBudget.dice_by_order`` each order of a playout rolls from its own stream, seeded by the round
   and the order's place in the playout: after two different candidates the enemy's reply still rolls the same
   dice, so the comparison is not drowned in luck once the playouts go different ways.
   With ``SearchBudget.staged`` the halving waits until each stage has spent its equal share of the budget
   (a candidate is never dropped on one playout). The greedy order always stays in, and another order
   replaces it only when, on the playouts both had, its mean value beats the greedy order's by
   ``SearchBudget.margin`` and it did better in half of them at least (``SearchBudget.paired_wins``: better
   at least as often as worse, ties counting for neither, since a shot that misses changes nothing): a
   search on few playouts must not throw away a sound order for a lucky one.

Why this method: the systems' orders are many small steps (a move, a turn, a shot), so a tree over them
is deep and narrow per step; the greedy players already play each step sensibly, which makes them a good
playout policy, and the exact position value is cheap. Expectimax over exact odds would need every
system to enumerate its chance outcomes, which the contract does not give; MCTS with progressive widening
would spend most of a small budget on the first two plies. Flat playouts with halving put the budget
where the candidates are close.

The budget is counted in simulated orders, never in wall time, and the player's generator for a decision
is seeded from its own seed and the number of decisions it has made: the same state and history give the
same choice, so replays, selfplay and tests reproduce. The "hard" level asks its system for each decision's
budget (:meth:`RuleSystem.search_budget_at`, which reads only what both sides see), so a system can give a
longer look to the battles whose objective its position value foretells.

The easy player (:class:`EasyPlayer`) plays the greedy player's order most of the time and, now and then,
an order picked at random from the same spread sample: the slips a first-time player makes (a wasted
move, a shot not taken, a threat ignored).

Both keep their last decision (:class:`Decision`) as plain data for the "Why did it do that?" screen; it
belongs to the session, never to the save.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from .resolution import Randomizer, Resolution
from .rng import MASK64, Generator
from .system import ComputerPlayer, RuleSystem, SearchBudget

#: What a greedy player factory is: a seed in, a player out (each system's DefaultPlayer).
GreedyFactory = Callable[[int], ComputerPlayer]


@attrs.frozen
class Weighed:
    """One order the computer weighed: its words, its mean value, how often it came out ahead, and on how
    many playouts (0 for an order it did not try)."""

    order: str
    value: float
    ahead: float
    playouts: int


@attrs.frozen
class Decision:
    """The computer's last decision, as a player reads it on the "Why did it do that?" screen."""

    player: str
    side: str
    chosen: str
    weighed: tuple[Weighed, ...]
    expected: str
    method: str
    measure: str


def decision_seed(seed: int, count: int) -> int:
    """The generator seed of a player's ``count``-th decision: fixed by its own seed alone."""
    return (seed * 0x9E3779B97F4A7C15 + count * 0xBF58476D1CE4E5B9 + 1) & MASK64


def order_seed(dice_seed: int, ply: int) -> int:
    """The dice stream of the ``ply``-th order of a playout whose round has ``dice_seed`` (``dice_by_order``)."""
    return (dice_seed ^ ((ply + 1) * 0xD1B54A32D192ED03)) * 0x9E3779B97F4A7C15 & MASK64


def spread(legal: Sequence[Any], first: Any, width: int) -> list[Any]:
    """``first`` (the greedy choice) and up to ``width - 1`` other legal orders spread evenly over the list."""
    out = [first]
    others = [c for c in legal if c != first]
    if width <= 1 or not others:
        return out
    take = min(width - 1, len(others))
    step = len(others) / take
    out.extend(others[int(i * step)] for i in range(take))
    return out


def spread_by_kind(legal: Sequence[Any], first: Any, width: int) -> list[Any]:
    """``first`` and up to ``width - 1`` other legal orders taken in turn from each kind of order (its command
    type, in the order the kinds first appear), evenly spread within a kind: a shot, a charge or a pass is
    weighed even where the legal orders are mostly moves to one hex or another."""
    kinds: dict[str, list[Any]] = {}
    for c in legal:
        if c != first:
            kinds.setdefault(type(c).__name__, []).append(c)
    out = [first]
    share = dict.fromkeys(kinds, 0)
    left = min(width - 1, sum(len(v) for v in kinds.values())) if width > 1 else 0
    while left > 0:
        for k, orders in kinds.items():
            if left > 0 and share[k] < len(orders):
                share[k] += 1
                left -= 1
    for k, orders in kinds.items():
        if share[k]:
            step = len(orders) / share[k]
            out.extend(orders[int(i * step)] for i in range(share[k]))
    return out


def _stages(n: int) -> int:
    """How many stages successive halving takes from ``n`` candidates down to two (the greedy order and the
    best other): each stage keeps the greedy order and the better half of the others less one."""
    stages = 1
    while n > 2:
        n = 1 + max(1, n // 2 - 1)
        stages += 1
    return stages


def resolve_on(system: RuleSystem, state: Any, command: Any, rng: Randomizer) -> None:
    """Resolve ``command`` on ``state`` (a copy the search owns) with the search's own randomizer."""
    system.resolve(Resolution(system, state, rng), command)


def pick_candidates(system: RuleSystem, view: Any, legal: list[Any], greedy_choice: Any,
                    budget: SearchBudget) -> list[Any]:
    """The orders a hard player weighs: the greedy order first; with ``ranked`` (where the system gives a
    ranking) the standard player's next best-priced orders fill half the width, priced on the re-dealt ``view``
    (the true state's hidden parts are never priced), and the rest are spread over the other legal orders; else
    all are spread."""
    width = budget.width
    pick = spread_by_kind if budget.by_kind else spread
    best = system.candidate_orders(system.copy_state(view), width) if budget.ranked else None
    if best is None:
        return pick(legal, greedy_choice, width)
    out = [greedy_choice, *[c for c in best if c != greedy_choice and c in legal][:width // 2]]
    rest = [c for c in legal if c not in out]
    if not rest or len(out) >= width:
        return out
    return out + pick(rest, rest[0], width - len(out) + 1)[1:]  # spread past rest[0], which pick puts first


class SearchPlayer:
    """The "hard" player: determinized Monte Carlo over the system's contract (see the module's docstring)."""

    name = "hard"

    def __init__(self, seed: int, greedy: GreedyFactory, budget: SearchBudget | None = None) -> None:
        """``budget``: the same for every decision; None, the system's for each position
        (:meth:`RuleSystem.search_budget_at`)."""
        self.seed = seed & MASK64
        self.greedy = greedy
        self.fixed_budget = budget
        self.decisions = 0
        self.last_decision: Decision | None = None

    def choose(self, system: RuleSystem, state: Any) -> Any:
        side = system.side_to_act(state)
        assert side is not None, "asked to choose with nobody to act"
        budget = self.fixed_budget or system.search_budget_at(state)
        gen = Generator(decision_seed(self.seed, self.decisions))
        self.decisions += 1
        legal = system.legal_commands(state)
        first_view = system.determinize(state, side, gen)
        greedy_choice = self.greedy(self.seed).choose(system, system.copy_state(first_view))
        if len(legal) == 1 or greedy_choice not in legal:
            choice = legal[0] if greedy_choice not in legal else greedy_choice
            self.last_decision = Decision(self.name, side, system.describe_command(choice, state),
                                          (), "only one order was open" if len(legal) == 1 else
                                          "no search: the greedy order was not open", _METHOD,
                                          system.value_words())
            return choice
        candidates = pick_candidates(system, first_view, legal, greedy_choice, budget)
        tally = _Tally(len(candidates))
        views = [first_view]
        seeds = [gen.next_u64()]
        alive = list(range(len(candidates)))
        players: dict[str, ComputerPlayer] = {}  # one greedy player a side for the decision's playouts
        spent = 0
        rounds = 0
        stages = _stages(len(candidates)) if budget.staged else 0
        stage = 0
        base = system.position_value(first_view, side)
        while spent < budget.orders:
            while len(views) <= rounds:
                views.append(system.determinize(state, side, gen))
                seeds.append(gen.next_u64())
            for i in alive:
                if spent >= budget.orders:
                    break
                value, used, winner = self._playout(system, views[rounds], side, candidates[i], seeds[rounds],
                                                    players, budget)
                spent += used
                tally.add(i, value, value > base, winner == side, rounds)
            rounds += 1
            if stages:  # halve once the stage's share of the budget is spent
                if spent * stages < budget.orders * (stage + 1):
                    continue
                stage += 1
            if len(alive) > 2:  # the greedy order (0) always stays: it is the one to beat
                keep = sorted(alive[1:], key=lambda i: (-tally.mean(i), i))[:max(1, len(alive) // 2 - 1)]
                alive = [0, *keep]
        best = min(alive, key=lambda i: (-tally.mean(i), i))
        if not tally.beats_greedy(best, budget.margin, budget.paired_wins):
            best = 0
        choice = candidates[best]
        self.last_decision = _explain(system, state, side, self.name, candidates, tally, best, base)
        return choice

    def _playout(self, system: RuleSystem, view: Any, side: str, command: Any, dice_seed: int,
                 players: dict[str, ComputerPlayer], budget: SearchBudget) -> tuple[float, int, str | None]:
        """Give ``command`` on a copy of ``view``, play the greedy player for both sides until the opponent
        has replied, and value the position: (its value for ``side``, orders simulated, the winner if the
        battle ended with one, else None).
        ``players``: the greedy player of each side, made on first need and kept for the decision's playouts
        (what a greedy player remembers of the map, such as its sight lines, is then worked out once)."""
        st = system.copy_state(view)
        rng = self._dice(dice_seed, 0, budget, None)
        resolve_on(system, st, command, rng)
        used = 1
        replies = 0
        while system.outcome(st) is None and used < budget.horizon and replies < budget.replies:
            actor = system.side_to_act(st)
            if actor is None:
                break
            player = players.setdefault(actor, self.greedy(self.seed))
            order = player.choose(system, st)
            if system.validate(st, order) is not None:
                break
            rng = self._dice(dice_seed, used, budget, rng)
            resolve_on(system, st, order, rng)
            used += 1
            if actor != side:
                replies += 1
        outcome = system.outcome(st)
        return system.position_value(st, side), used, outcome.winner if outcome is not None else None

    @staticmethod
    def _dice(dice_seed: int, used: int, budget: SearchBudget, rng: Randomizer | None) -> Randomizer:
        """The dice the playout's order number ``used`` rolls, ``rng`` being the last order's (None for the
        first): the player's own, from ``dice_seed``; one stream for the whole playout, or with
        ``dice_by_order`` one stream for each order."""
        if budget.dice_by_order:
            return Randomizer(order_seed(dice_seed, used))
        return rng if rng is not None else Randomizer(dice_seed)


_METHOD = ("determinized Monte Carlo: each order tried on re-dealt copies of the battle (its own dice, unseen "
           "cards shuffled, hidden enemy guessed), played on through the enemy's replies by the standard "
           "player, the weaker half dropped after each round")


class _Tally:
    """Playout results per candidate."""

    def __init__(self, n: int) -> None:
        self.total = [0.0] * n
        self.count = [0] * n
        self.ahead = [0] * n
        self.won = [0] * n
        self.by_round: list[dict[int, float]] = [{} for _ in range(n)]  # each playout's value, by round

    def add(self, i: int, value: float, ahead: bool, won: bool, round_: int) -> None:
        self.total[i] += value
        self.count[i] += 1
        self.ahead[i] += ahead
        self.won[i] += won
        self.by_round[i][round_] = value

    def beats_greedy(self, i: int, margin: float, paired_wins: bool = False) -> bool:
        """Is candidate ``i`` clearly better than the greedy order (0)? On the playouts both had (the same copies
        and dice), its mean is higher by ``margin`` and it did better in half of them at least (``paired_wins``:
        better at least as often as worse, a playout where both came out the same counting for neither)."""
        if i == 0:
            return False
        shared = [r for r in self.by_round[i] if r in self.by_round[0]]
        if not shared:
            return False
        diffs = [self.by_round[i][r] - self.by_round[0][r] for r in shared]
        better = sum(d > 0 for d in diffs)
        enough = better >= sum(d < 0 for d in diffs) if paired_wins else 2 * better >= len(diffs)
        return sum(diffs) / len(diffs) > margin and enough

    def mean(self, i: int) -> float:
        return self.total[i] / self.count[i] if self.count[i] else float("-inf")


def _explain(system: RuleSystem, state: Any, side: str, player: str, candidates: list[Any], tally: _Tally,
             best: int, base: float) -> Decision:
    order = sorted(range(len(candidates)), key=lambda i: (-tally.count[i], -tally.mean(i), i))
    weighed = tuple(Weighed(system.describe_command(candidates[i], state),
                            tally.mean(i) if tally.count[i] else 0.0,
                            tally.ahead[i] / tally.count[i] if tally.count[i] else 0.0, tally.count[i])
                    for i in order)
    n = tally.count[best]
    gain = tally.mean(best) - base
    trend = "come out ahead" if gain > 0.05 else "fall behind" if gain < -0.05 else "hold the balance"
    # the same numbers as the value column of the orders weighed: the chosen order's mean, and where it stands now
    expected = (f"to {trend}: worth {tally.mean(best):+.2f} after the enemy's replies, against {base:+.2f} now "
                f"(over {n} playouts)"
                + (f"; the battle was won outright in {tally.won[best]} of them" if tally.won[best] else ""))
    return Decision(player, side, system.describe_command(candidates[best], state), weighed, expected, _METHOD,
                    system.value_words())


class EasyPlayer:
    """The "easy" player: the greedy player's order most of the time, a mistake now and then.

    With chance ``slip`` (from its own generator) it takes an order picked at random among an evenly spread
    sample of the legal ones instead: a wasted move, a shot not taken, a threat ignored. Where it has not slipped
    and the standard order is one its system can misaim (a shot: :meth:`RuleSystem.misaimed`), with chance
    ``misaim`` it gives one of the misaimed orders instead: the right idea at the wrong target, a mistake that costs
    it more against an enemy that punishes it than against a careless one (benchmarks/RESULTS.md, "## Computer
    levels").
    """

    name = "easy"

    def __init__(self, seed: int, greedy: GreedyFactory, slip: float = 0.35, width: int = 8,
                 misaim: float = 0.0) -> None:
        self.seed = seed & MASK64
        self.gen = Generator(decision_seed(self.seed, 0x5EED))
        self.greedy_player = greedy(seed)
        self.slip = slip
        self.misaim = misaim
        self.width = width
        self.last_decision: Decision | None = None

    def choose(self, system: RuleSystem, state: Any) -> Any:
        side = system.side_to_act(state)
        assert side is not None, "asked to choose with nobody to act"
        good = self.greedy_player.choose(system, state)
        legal = system.legal_commands(state)
        choice, mistake = good, "it slipped"
        if len(legal) > 1 and self.gen.below(1000) < int(self.slip * 1000):
            pool = spread(legal, good, self.width)[1:]  # the orders other than the standard one
            if pool:
                choice = pool[self.gen.below(len(pool))]
        if choice == good and self.misaim > 0:
            wrong = system.misaimed(state, good, legal)
            if wrong and self.gen.below(1000) < int(self.misaim * 1000):
                choice, mistake = wrong[self.gen.below(len(wrong))], "it aimed wrong"
        words = system.describe_command(good, state)
        weighed = (Weighed(words, 1.0, 1.0, 0),)
        expected = (f"nothing: {mistake} (the standard player would have given {words})" if choice != good
                    else "what the standard player expects: it gave that player's order")
        method = f"the standard player's order, with a {self.slip:.0%} chance of a slip"
        if self.misaim > 0:
            method += f"; when it shoots, the wrong target or weapon {self.misaim:.0%} of the time"
        chosen = words if choice == good else system.describe_command(choice, state)
        self.last_decision = Decision(self.name, side, chosen, weighed, expected, method, system.value_words())
        return choice


def level_players(greedy: GreedyFactory, mistakes: SearchBudget) -> dict[str, GreedyFactory]:
    """The easy and hard players built on a system's greedy player (its "default"): the hard player asks the
    system for each decision's budget (:meth:`RuleSystem.search_budget_at`); the easy player makes the mistakes of
    ``mistakes`` (its ``slip`` and ``misaim``: the system's standing budget)."""
    def hard(seed: int) -> ComputerPlayer:
        return SearchPlayer(seed, greedy)

    def easy(seed: int) -> ComputerPlayer:
        return EasyPlayer(seed, greedy, slip=mistakes.slip, misaim=mistakes.misaim)

    return {"easy": easy, "hard": hard}


def decision_for(player: ComputerPlayer, system: RuleSystem, state: Any, side: str, command: Any) -> Decision:
    """What ``player`` (who just gave ``command`` for ``side`` in ``state``) can say about it: a searching or
    slipping player's own account, else the order alone with how that player chooses."""
    if isinstance(player, (SearchPlayer, EasyPlayer)) and player.last_decision is not None:
        return player.last_decision
    words = system.describe_command(command, state)
    how = ("it picks uniformly among the legal orders" if player.name == "random" else
           "it prices each order open to it with the rules' odds and gives the best one, one order at a time")
    return Decision(player.name, side, words, (), f"the {player.name} player weighs no orders ahead", how,
                    system.value_words())


def _paired_playouts(system: RuleSystem, state: Any, orders: Sequence[Any], greedy: GreedyFactory,
                     budget: SearchBudget, playouts: int,
                     gen: Generator) -> tuple[str, list[list[tuple[float, int, str | None]]]]:
    """The side to act and, for each of ``orders``, ``playouts`` of the hard player's playouts of it under
    ``budget``, every order on the same re-dealt copies and dice (the shared part of :func:`weigh` and
    :func:`win_margins`)."""
    player = SearchPlayer(0, greedy, budget)
    side = system.side_to_act(state)
    assert side is not None, "no side to act"
    results: list[list[tuple[float, int, str | None]]] = [[] for _ in orders]
    for _ in range(playouts):
        view = system.determinize(state, side, gen)
        dice = gen.next_u64()
        for i, order in enumerate(orders):
            results[i].append(player._playout(system, view, side, order, dice, {}, budget))
    return side, results


def weigh(system: RuleSystem, state: Any, orders: Sequence[Any], greedy: GreedyFactory, budget: SearchBudget,
          playouts: int, gen: Generator) -> list[float]:
    """The mean value of each of ``orders`` for the side to act over ``playouts`` playouts each (the hard
    player's own playouts; every order on the same re-dealt copies and dice): a longer look than a decision
    takes, to check one."""
    _, results = _paired_playouts(system, state, orders, greedy, budget, playouts, gen)
    return [sum(value for value, _, _ in games) / playouts for games in results]


#: A playout to the battle's end stops after this many orders (a battle still going then counts as drawn).
TO_THE_END = 3000


def win_margins(system: RuleSystem, state: Any, orders: Sequence[Any], greedy: GreedyFactory, playouts: int,
                gen: Generator) -> list[float]:
    """Each of ``orders``' share of battles won less its share lost by the side to act, over ``playouts`` games
    played from it to the end by the greedy player on both sides (every order on the same re-dealt copies, each
    order of a game on its own dice stream): what a search's shorter look tries to foretell, measured the long way
    (benchmarks/deviation_bench.py)."""
    to_the_end = SearchBudget(horizon=TO_THE_END, replies=TO_THE_END, dice_by_order=True)
    side, results = _paired_playouts(system, state, orders, greedy, to_the_end, playouts, gen)
    return [sum((w == side) - (w is not None and w != side) for _, _, w in games) / playouts for games in results]
