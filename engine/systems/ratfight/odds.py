"""JTS RatFight odds: the maths of opposed card draws, from the rules' own card functions.

Cards are handled as their strength rank 0..51 (Ace of Clubs lowest, King of Spades highest: value first, then
suit, as in the book's "Cards" section). Every rule applied to the cards is the resolution's own
(:func:`draws.contest`, :func:`vehicles.damage_points`, :func:`vehicles.crew_bail`), put to every card that can be
turned by the core enumerator (:mod:`engine.core.odds`); only which cards are still in a pile is worked here.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb

import attrs

from hexfront.engine.core.cards import card_strength, card_value, standard_deck
from hexfront.engine.core.odds import best_of_odds

from . import draws, vehicles


def rank(code: str) -> int:
    """A card's place in the total order of the book's "Cards" section: 0 (Ace of Clubs) .. 51 (King of Spades).

    "Aces are low, Jacks are worth eleven points, Queens twelve, and Kings thirteen. In the event of a tie
    ... the suites have the rank value of Spades, Hearts, Diamonds and Clubs."
    """
    value, suit = card_strength(code)
    return (value - 1) * 4 + suit


#: every card of a standard deck by its rank (see :func:`rank`)
CARD_OF_RANK: tuple[str, ...] = tuple(sorted(standard_deck(), key=card_strength))


def _same(r: int) -> int:
    return r


def best_of_distribution(pile_ranks: Iterable[int], n: int) -> dict[int, Fraction]:
    """The law of the best of ``n`` cards drawn without replacement from a pile of distinct ranks (Firing 6:
    the defender "turns over two Resolution Cards (discarding the lower) ... three Resolution Cards
    (discarding the lower two)"), exactly, from the core enumerator."""
    return best_of_odds(list(pile_ranks), n, key=_same, rule=_same)


ShotOdds = tuple[list[tuple[Fraction, Fraction]], Fraction]


def shot_odds(att_ranks: Sequence[int], d: int, n: int, shots: int) -> ShotOdds:
    """Per shot, the chance that it is the one that hits or turns the same card; and the chance every shot
    misses, against the defender's card of rank ``d``: each shot's best of ``n`` cards is put to the very
    :func:`draws.contest` the resolution uses, over every set of cards it can be (engine.core.odds).

    Firing 4: "If the shooting weapon has two shots and misses on the first then the shooting player may
    draw another card and compare it with the originally drawn defender's card, and so on." A missed shot
    turned ``n`` cards all weaker than the defender's, and they are not put back; which of the weaker cards
    they were does not change how any later card compares with the defender's, so the pile after a miss
    is taken as the pile less its ``n`` weakest cards.
    """
    pile = sorted(att_ranks)
    dcard = CARD_OF_RANK[d]

    def against_d(a: int) -> str:
        return draws.contest(CARD_OF_RANK[a], dcard)

    out: list[tuple[Fraction, Fraction]] = []
    reach = Fraction(1)
    for _ in range(shots):
        if not pile:
            break
        odds = best_of_odds(pile, n, key=_same, rule=against_d)
        out.append((reach * odds.get(draws.ATTACKER, 0), reach * odds.get(draws.TIE, 0)))
        reach *= odds.get(draws.DEFENDER, 0)
        pile = pile[n:]
        if reach == 0:
            break
    return out, reach


def _attacker_pile(att_ranks: Sequence[int], d: int, same_deck: bool, n_def: int) -> list[int]:
    """The firer's pile as the defender's card ``d`` leaves it: with ``same_deck`` (a grenade landing on the
    thrower's own men) d and the n_def-1 weaker cards turned with it came out of this very pile."""
    if not same_deck:
        return list(att_ranks)
    rest = sorted(r for r in att_ranks if r != d)
    return rest[n_def - 1:]


def opposed_fire_odds(def_pile: Sequence[int], n_def: int, att_pile: Sequence[int], n_att: int, shots: int,
                      same_deck: bool = False) -> tuple[Fraction, Fraction, Fraction]:
    """(hit, same card, all miss), exactly, for firing at infantry: the defender's best of ``n_def`` against
    bursts of the firer's best of ``n_att`` (Firing 2-4 and 6; Cards), summed over the law of the
    defender's best card."""
    hit = tie = miss = Fraction(0)
    for d, pd in best_of_distribution(def_pile, n_def).items():
        per_shot, m = shot_odds(_attacker_pile(att_pile, d, same_deck, n_def), d, n_att, shots)
        hit += pd * sum((h for h, _ in per_shot), Fraction(0))
        tie += pd * sum((t for _, t in per_shot), Fraction(0))
        miss += pd * m
    return hit, tie, miss


def _split(att_ranks: Sequence[int], att_set: frozenset[int], d: int, same_deck: bool, n_def: int
           ) -> tuple[int, int, int]:
    """How many of the firer's cards beat ``d``, are d's twin, and are weaker (the cards a hit may spend)."""
    below = bisect_left(att_ranks, d)
    if same_deck:
        return len(att_ranks) - below - 1, 0, below - (n_def - 1)
    equal = 1 if d in att_set else 0
    return len(att_ranks) - below - equal, equal, below


@attrs.frozen
class VehicleOdds:
    """Shooting at Vehicles 1-4: missed, same card (turn ends), hit for no damage, damaged (crew stay), bail out."""

    miss: float
    tie: float
    no_damage: float
    damaged: float
    bail: float

    def total(self) -> float:
        return self.miss + self.tie + self.no_damage + self.damaged + self.bail


def vehicle_fire_odds(def_pile: Sequence[str], n_def: int, att_pile: Sequence[str], n_att: int, shots: int,
                      ap: int, armour: int, damage: int, same_deck: bool = False) -> VehicleOdds:
    """The whole of "Shooting at Vehicles" 1-4 from the two piles' make-up.

    1. "Both players turn over a Resolution Card ... The vehicle is hit if the attacker wins" (a burst
       keeps drawing against that card, Firing 4).
    2. "Both players turn over a second Resolution Card. The attacker adds the armour piercing value ...
       The defender adds the armour value". 3. "If the attacker's total is more than the defenders then
       the difference is the number of damage points". 4. "The crew bail out if the numeric value of the
       resolution card is less than or equal to the accumulated damage."

    Exact for separate decks: given the defender's hit card d and the shot k that hits, the firer's next
    card is equally likely to be any card still in its pile, and the chance that a given card is still
    there follows from the expected number of cards of its kind (stronger than d, d's twin, weaker) spent
    on the hit. With ``same_deck`` (a grenade on one's own lorry) the damage draw is approximated as from
    two separate piles.
    """
    firer = _FirerPile.of(att_pile)
    def_vals = {rank(c): card_value(c) for c in def_pile}
    tally = _Tally()
    bailing = _bailing_values(damage, ap)
    for d, p_exact in best_of_distribution(def_vals, n_def).items():
        vehicle = _VehicleCards.after_hit_card(def_vals, d, n_def)
        hit = _HitDraw.against(firer, d, def_vals[d], same_deck, n_def)
        exact_shots, exact_miss = shot_odds(_attacker_pile(firer.ranks, d, same_deck, n_def), d, n_att, shots)
        per_shot = [(float(h), float(t)) for h, t in exact_shots]
        pd = float(p_exact)
        tally.miss += pd * float(exact_miss)
        bail_weight = vehicle.bail_weight(bailing)
        for k, (p_hit, p_tie) in enumerate(per_shot):
            tally.tie += pd * p_tie
            if p_hit <= 0.0:
                continue
            kept = hit.kept_after(k, n_att)
            a_val = kept.damage_card_odds(hit)
            tie_val = [0.0] * 14 if same_deck else vehicle.same_card_odds(kept, d, firer.rank_set)
            p = pd * p_hit
            tally.tie += p * sum(tie_val)
            _damage_draw(tally, p, a_val, vehicle.value_odds, tie_val, ap, armour, damage, bail_weight, vehicle.weight)
    return VehicleOdds(tally.miss, tally.tie, tally.no_damage, tally.damaged, tally.bail)


def _bailing_values(damage: int, ap: int) -> dict[int, list[int]]:
    """Shooting at Vehicles 4, for every total damage a hit can leave: the card values on which the crew bail."""
    return {t: [v for v in range(1, 14) if vehicles.crew_bail(v, t)] for t in range(damage + 1, damage + 14 + ap)}


@attrs.frozen
class _FirerPile:
    """The firer's pile in rank order (see :func:`rank`): the ranks, the same as a set, and each card's value."""

    ranks: list[int]
    rank_set: frozenset[int]
    values: list[int]

    @classmethod
    def of(cls, pile: Sequence[str]) -> _FirerPile:
        codes = sorted(pile, key=rank)
        ranks = [rank(c) for c in codes]
        return cls(ranks, frozenset(ranks), [card_value(c) for c in codes])


@attrs.frozen
class _VehicleCards:
    """The vehicle's pile for its damage card and its crew's card (Shooting at Vehicles 2 and 4) once it has turned
    its hit card d: d is gone, and each card weaker than d is still there unless it was one of the n_def-1 cards
    turned with d (``weights``, by rank). ``by_value`` adds the weights up by card value, ``weight`` in all;
    ``value_odds`` is the chance of each value for the damage card."""

    values: dict[int, int]
    weights: dict[int, float]
    weight: float
    by_value: list[float]
    value_odds: list[float]

    @classmethod
    def after_hit_card(cls, values: dict[int, int], d: int, n_def: int) -> _VehicleCards:
        below = [r for r in values if r < d]
        w_below = 1.0 - (n_def - 1) / len(below) if below else 0.0
        weights = {r: (w_below if r < d else 1.0) for r in values if r != d}
        weight = sum(weights.values())
        by_value = [0.0] * 14  # weight of the cards of each value
        for r, w in weights.items():
            by_value[values[r]] += w
        return cls(values, weights, weight, by_value, [w / weight for w in by_value])

    def bail_weight(self, bailing: dict[int, list[int]]) -> dict[int, float]:
        """Shooting at Vehicles 4: for each total damage, the weight of the crew cards on which the crew bail."""
        return {t: sum(self.by_value[v] for v in values) for t, values in bailing.items()}

    def same_card_odds(self, kept: _Kept, d: int, firer_ranks: frozenset[int]) -> list[float]:
        """Cards, by value: the chance that the firer's damage card is the very card the vehicle turns (each
        player has his own deck, so the firer holds a twin of each of the vehicle's cards or not)."""
        tie_val = [0.0] * 14
        for r, w in self.weights.items():
            tie_val[self.values[r]] += kept.share(r, d, firer_ranks) * w / self.weight
        return tie_val


@attrs.frozen
class _HitDraw:
    """The firer's pile against the vehicle's hit card d (Shooting at Vehicles 1): how many of its cards beat d,
    are d's twin and are weaker, and how many of each value beat d or are weaker (``twin_value`` is the twin's
    value, 0 when the firer has no twin)."""

    beat: int
    equal: int
    lose: int
    beat_by_value: list[int]
    lose_by_value: list[int]
    twin_value: int

    @classmethod
    def against(cls, firer: _FirerPile, d: int, d_value: int, same_deck: bool, n_def: int) -> _HitDraw:
        beat, equal, lose = _split(firer.ranks, firer.rank_set, d, same_deck, n_def)
        lo = bisect_left(firer.ranks, d)
        lose_by_value, beat_by_value = [0] * 14, [0] * 14
        for i, v in enumerate(firer.values):
            if i < lo:
                lose_by_value[v] += 1
            elif firer.ranks[i] != d:
                beat_by_value[v] += 1
        return cls(beat, equal, lose, beat_by_value, lose_by_value, d_value if equal else 0)

    def kept_after(self, k: int, n: int) -> _Kept:
        """What is left of the firer's pile when shot ``k`` (from 0) hits: each of the k shots before it missed,
        spending n weaker cards (Firing 4), and the hitting draw of n cards from what was left held at least
        one stronger than d."""
        beat, equal, lose = self.beat, self.equal, self.lose
        left = beat + equal + lose - k * n
        lose_k = lose - k * n
        rest = equal + lose_k
        p_no_beat = comb(rest, n) / comb(left, n) if left >= n else 0.0
        p_win = 1.0 - p_no_beat
        spent_beat = (n * beat / left) / p_win
        spent_equal = (n * equal / left - (p_no_beat * n * equal / rest if rest else 0.0)) / p_win
        spent_lose = (n * lose_k / left - (p_no_beat * n * lose_k / rest if rest else 0.0)) / p_win
        keep_beat = 1.0 - spent_beat / beat if beat else 0.0
        keep_equal = 1.0 - spent_equal / equal if equal else 0.0
        keep_lose = 1.0 - (k * n + spent_lose) / lose if lose else 0.0
        # (the weights add up to the cards left, left - n; with same_deck the cards the defender drew
        # below d are not followed, so they are scaled to add up all the same)
        remaining = sum(self.beat_by_value) * keep_beat + sum(self.lose_by_value) * keep_lose + keep_equal
        return _Kept(keep_beat, keep_equal, keep_lose, remaining)


@attrs.define
class _Tally:
    """The chances of vehicle_fire_odds' outcomes, added up in turn."""

    miss: float = 0.0
    tie: float = 0.0
    no_damage: float = 0.0
    damaged: float = 0.0
    bail: float = 0.0


@attrs.frozen
class _Kept:
    """After the hitting draw, the chance that one of the firer's cards stronger than the defender's card d, its
    twin (0.0 when the firer has none) or weaker is still in the pile; ``remaining`` is their weight in all."""

    beat: float
    equal: float
    lose: float
    remaining: float

    def share(self, r: int, d: int, att_set: frozenset[int]) -> float:
        """The chance that the firer's next card is the card of rank ``r``."""
        if r not in att_set:
            return 0.0
        if r == d:
            return self.equal / self.remaining if self.equal else 0.0
        if r < d:
            return self.lose / self.remaining
        return self.beat / self.remaining

    def damage_card_odds(self, hit: _HitDraw) -> list[float]:
        """Shooting at Vehicles 2: the chance of each value for the firer's damage card, its next card."""
        return [(hit.beat_by_value[v] * self.beat + hit.lose_by_value[v] * self.lose
                 + (self.equal if v == hit.twin_value else 0.0)) / self.remaining for v in range(14)]


def _damage_draw(tally: _Tally, p: float, a_val: list[float], d2_val: list[float], tie_val: list[float], ap: int,
                 armour: int, damage: int, bail_weight: dict[int, float], w_total: float) -> None:
    """Shooting at Vehicles 2-4 after a hit of chance ``p``: the damage cards of each value (``a_val`` the firer's,
    ``d2_val`` the vehicle's, less the same card ``tie_val``), the damage points and the crew's card."""
    for va in range(1, 14):
        if a_val[va] == 0.0:
            continue
        for vd in range(1, 14):
            q = a_val[va] * d2_val[vd] - (tie_val[va] if va == vd else 0.0)
            if q <= 0.0:
                continue
            diff = vehicles.damage_points(va, ap, vd, armour)
            if diff <= 0:
                tally.no_damage += p * q
                continue
            total = damage + diff
            crew_low = (bail_weight[total] - (1.0 if vehicles.crew_bail(vd, total) else 0.0)) \
                / (w_total - 1.0) if w_total > 1.0 else 1.0
            crew_low = min(max(crew_low, 0.0), 1.0)
            tally.bail += p * q * crew_low
            tally.damaged += p * q * (1.0 - crew_low)
