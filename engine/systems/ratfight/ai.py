"""RatFight's own computer player ("default"): greedy, rules-aware, quick.

It scores the orders open to it on the card it holds and takes the best, or
passes when nothing is worth doing:
- fire: the chance to Down a standing enemy, or to damage a vehicle or make its
  crew bail out, by the rules' own odds (:mod:`.odds`, as the preview shows them)
  for the cards both sides turn, from fresh piles; grenades count the enemies
  under the template and refuse to catch friends;
- move: finish off Downed enemies in close combat, charge when two cards
  against one favour it, otherwise advance into range and into cover;
- vehicles: carry the passengers towards the enemy, unload them near it, and
  keep the thick front armour towards the nearest threat.
It spends the Inspiring redraw on a card it has no use for, and at the Morale Check keeps the best of the
cards its leader lets it draw (it never chooses to withdraw).
"""

from __future__ import annotations

import functools
from typing import Any

from hexfront.engine.core.cards import best_card
from hexfront.engine.core.hexes import FRONT, Hex, arc_of, hex_distance

from . import commands as C
from . import firing, lineofsight, movement, refusals, vehicles
from .data import Mode
from .odds import CARD_OF_RANK, opposed_fire_odds, vehicle_fire_odds
from .schema import COVER_CARDS
from .state import DOWN, OK, Model, RatState

#: An order the player may give.
Order = (C.Pass | C.Move | C.Pivot | C.Assault | C.Embark | C.Disembark | C.Fire | C.Retarget | C.Redraw
         | C.KeepMoraleCard)
#: What an order is worth, and the order (None: nothing found worth anything).
Scored = tuple[float, Order | None]


#: a whole pile of Resolution Cards, by rank (:func:`.odds.rank`): the piles the player prices a shot from
FRESH_PILE: tuple[int, ...] = tuple(range(52))


@functools.cache
def p_hit(att_cards: int, shots: int, def_cards: int) -> float:
    """Firing 2-6: the chance that one of ``shots`` draws, each the best of ``att_cards``, beats the defender's
    best of ``def_cards`` - the opposed draw the preview shows and the resolution deals
    (:func:`.odds.opposed_fire_odds`), here from two fresh piles: the player does not count the cards already
    turned, so its figure parts from the preview's as the piles run down."""
    hit, _, _ = opposed_fire_odds(FRESH_PILE, def_cards, FRESH_PILE, att_cards, shots)
    return float(hit)


@functools.cache
def close_combat_balance(att_cards: int, def_cards: int) -> float:
    """Close Combat: the chance the attacker wins less the chance it loses (the loser is the casualty; the same
    card, neither), for its best of ``att_cards`` against the defender's best of ``def_cards`` from fresh
    piles (:func:`.odds.opposed_fire_odds`, as the preview deals it)."""
    win, _, lose = opposed_fire_odds(FRESH_PILE, def_cards, FRESH_PILE, att_cards, 1)
    return float(win - lose)


@functools.cache
def p_vehicle_damage(att_cards: int, shots: int, ap: int, armour: int, damage: int) -> float:
    """Shooting at Vehicles 1-4: the chance that a burst damages the vehicle or makes its crew bail out, from
    two fresh piles (:func:`.odds.vehicle_fire_odds`, the preview's own)."""
    cards = tuple(CARD_OF_RANK)
    odds = vehicle_fire_odds(cards, 1, cards, att_cards, shots, ap, armour, damage)
    return odds.damaged + odds.bail


class DefaultPlayer:
    """The standard player. Its weights are class attributes, so that a benchmark can play a copy with one
    of them changed against it (benchmarks/weights_bench.py)."""

    name = "default"
    PASS_BELOW = 0.2  # an order must be worth at least this much to be given
    LEADER_TARGET = 2.0  # a leader shot at counts this many rats: he holds his side's nerve
    EXTRA_SHOT = 0.05  # a burst's worth for each shot past the first

    def __init__(self, seed: int) -> None:
        """It plays the same way every time; the seed is taken for the common player interface."""

    def choose(self, system: Any, st: RatState) -> Order:
        if st.morale is not None:
            return self._keep(st)
        if st.pending is not None:
            return self._retarget(st)
        mine, enemies = self._forces(st)
        best = self._best_on_card(st, mine, enemies)
        order = best[1] if best[1] is not None else C.Pass()  # nothing scored above passing
        if isinstance(order, C.Pass) and not st.used and refusals._redraw_refusal(st) is None:
            return C.Redraw()
        return order

    def ranked(self, system: Any, st: RatState, n: int) -> list[Order]:
        """The order :meth:`choose` gives first, then each model's own best order on the card up, best-priced
        first (which model the card sets going is the choice that matters most), then passing and the
        Inspiring redraw: the first ``n``. At a Morale Check or a retarget, the one answer it gives."""
        first = self.choose(system, st)
        if st.morale is not None or st.pending is not None:
            return [first]
        mine, enemies = self._forces(st)
        scored: list[tuple[float, int, Order]] = []
        for i, m in enumerate(mine):
            value, order = self._best_on_card(st, [m], enemies)
            if order is not None and not isinstance(order, C.Pass):
                scored.append((-value, i, order))
        out: list[Order] = [first]
        for _, _, order in sorted(scored, key=lambda x: (x[0], x[1])):
            if order not in out:
                out.append(order)
        out += [o for o in (C.Pass(), C.Redraw()) if o not in out]
        return out[:n]

    @staticmethod
    def _forces(st: RatState) -> tuple[list[Model], list[Model]]:
        """The side's models still free to act on the card up, and the enemy's on the table."""
        side, _ = st.card_up()
        used = set(st.used)
        mine = [m for m in st.models.values() if m.side == side and m.status == OK and m.id not in used]
        enemies = [m for m in st.models.values() if m.side != side and m.on_table]
        return mine, enemies

    def _best_on_card(self, st: RatState, mine: list[Model], enemies: list[Model]) -> Scored:
        """The best order ``mine`` can be given on the card up, or passing when none is worth ``PASS_BELOW``."""
        _, card_id = st.card_up()
        card = st.tables.cards[card_id]
        best: Scored = (self.PASS_BELOW, C.Pass())
        if not (card.count and len(st.used) >= card.count):
            if card.kind == "fire":
                shooters = [m for m in mine if not (card.infantry_only and m.is_vehicle)]
                best = max(best, self._best_fire(st, shooters, enemies), key=lambda x: x[0])
            elif card.kind == "move":
                best = max(best, self._best_move(st, mine, enemies), key=lambda x: x[0])
            elif card.kind == "vehicle":
                best = max(best, self._best_vehicle(st, mine, enemies), key=lambda x: x[0])
        return best

    # -- fire -------------------------------------------------------------------------
    def _best_fire(self, st: RatState, mine: list[Model], enemies: list[Model]) -> Scored:
        best: Scored = (0.0, None)
        standing = [e for e in enemies if e.status == OK]
        for m in mine:
            here = m.pos
            if here is None:
                continue
            for wid in m.weapons:
                weapon = st.tables.weapons[wid]
                for i, mode in enumerate(weapon.modes):
                    for e in standing:
                        if hex_distance(here, e.at) > mode.range:
                            continue
                        if refusals._shot_refusal(st, m, weapon, mode, e) is not None:
                            continue
                        score = self._fire_value(st, m, mode, e)
                        if score > best[0]:
                            best = (score, C.Fire(m.id, wid, e.id, i))
        return best

    def _fire_value(self, st: RatState, m: Model, mode: Mode, e: Model) -> float:
        n_att = firing.shooter_cards(m, mode)
        if mode.template:
            value = 0.0
            for h in [e.at, *e.at.neighbours()]:
                oid = st.occupant.get(h)
                if oid is None:
                    continue
                o = st.models[oid]
                if o.is_vehicle or o.status != OK:
                    continue
                p = p_hit(n_att, 1, COVER_CARDS[st.tables.cover[h]])
                value += p if o.side != m.side else -3 * p
            return value
        if e.is_vehicle:
            vt = st.vehicle_type(e)
            armour = vt.armour[vehicles.ARC_INDEX.get(arc_of(e.at, e.facing, m.at), 2)]
            # damage needs card+AP to beat card+armour; each point brings the crew nearer bailing out
            p_damage = p_vehicle_damage(n_att, mode.shots, mode.ap, armour, e.damage)
            return p_damage * (1.0 + vt.crew / 2 + len(st.passengers(e.id)) / 2)
        seen = lineofsight.sight(st, m.at, e.at)
        p = p_hit(n_att, mode.shots, lineofsight.cover_cards(st, e, seen))
        value = p * (self.LEADER_TARGET if e.leader else 1.0)
        # a model Downed next to our infantry can be finished in close combat before it recovers
        if self.FINISH_BONUS and any(o.side == m.side and o.standing and not o.is_vehicle and not o.leader
                                     and hex_distance(o.at, e.at) <= self.CHARGE_DISTANCE
                                     for o in st.models.values()):
            value += self.FINISH_BONUS * p
        return value + self.EXTRA_SHOT * (mode.shots - 1)

    def _keep(self, st: RatState) -> C.KeepMoraleCard:
        """Morale Check: keep the best card drawn (the one the opposed draws read as best). Withdrawing on
        purpose only pays in a campaign, which a single battle is not: here a broken force loses it."""
        choice = st.morale
        if choice is None:
            raise ValueError("no morale cards wait to be chosen")
        return C.KeepMoraleCard(choice.side, best_card(list(choice.cards)))

    def _retarget(self, st: RatState) -> C.Retarget:
        pend = st.pending
        if pend is None:
            raise ValueError("no spare shots wait to be retargeted")
        best = (0.0, C.Retarget(None))
        shooter = st.models[pend.shooter]
        mode = st.tables.weapons[pend.weapon].modes[pend.mode]
        for cid in pend.candidates:
            e = st.models[cid]
            p = p_hit(firing.shooter_cards(shooter, mode), pend.shots, COVER_CARDS[st.tables.cover[e.at]])
            if p > best[0]:
                best = (p, C.Retarget(cid))
        return best[1]

    # -- movement -----------------------------------------------------------------------
    COVER_WEIGHT = 0.6
    GAP_WEIGHT = 0.3
    HUNT_BONUS = 0.35  # standing within charging distance of a Downed enemy
    FINISH_BONUS = 0.5  # shooting an enemy our infantry could charge once he is Down
    LEADER_COVER = 2  # a leader weighs cover this many times over
    LEADER_STANDOFF = 0.15  # what each hex a leader stands nearer the enemy than LEADER_DISTANCE costs
    LEADER_DISTANCE = 6
    CHARGE_DOWNED = 3.0  # charging a Downed enemy: a sure kill
    CHARGE_WEIGHT = 1.5  # charging a standing enemy: this times the close combat's balance

    def _best_move(self, st: RatState, mine: list[Model], enemies: list[Model]) -> Scored:
        best: Scored = (0.0, None)
        if not enemies:
            return best
        standing = [(e.at.q, e.at.r) for e in enemies if e.status == OK]
        downed = [(e.at.q, e.at.r) for e in enemies if e.status == DOWN and not e.is_vehicle]
        near_cache: dict[Hex, tuple[int, bool]] = {}

        def value(m: Model, h: Hex, reach: int) -> float:
            """Cover where it stands, within weapon reach of the nearest enemy, near a Downed enemy."""
            got = near_cache.get(h)
            if got is None:
                q, r = h.q, h.r
                # hex distance written out: this runs for every hex a model could reach
                near = min((abs(q - a) + abs(r - b) + abs(q - a + r - b)) >> 1 for a, b in standing) \
                    if standing else 0
                hunt = any((abs(q - a) + abs(r - b) + abs(q - a + r - b)) >> 1 <= 4 for a, b in downed)
                got = near_cache[h] = (near, hunt)
            near, hunt = got
            cover = COVER_CARDS[st.tables.cover[h]] * (self.LEADER_COVER if m.leader else 1)
            v = self.COVER_WEIGHT * cover - self.GAP_WEIGHT * max(0, near - reach)
            if m.leader:
                # a leader keeps his distance: he holds the side's nerve
                v -= self.LEADER_STANDOFF * max(0, self.LEADER_DISTANCE - near)
            elif hunt:
                v += self.HUNT_BONUS
            return v

        movers = []
        for m in mine:
            if m.is_vehicle or m.immobile:
                continue
            at = m.pos
            if at is None:
                cand = self._unload(st, m, enemies)
                if cand[0] > best[0]:
                    best = cand
                continue
            best = self._best_assault(st, m, enemies, best)
            reach = self._weapon_reach(st, m)
            here = value(m, at, reach)
            # the most any hex in one move could add: hard cover, closing up to three hexes of the gap,
            # coming within charging distance of a Downed enemy, (a leader) stepping back out of reach
            near, hunt = near_cache[at]
            cover_weight = self.COVER_WEIGHT * (self.LEADER_COVER if m.leader else 1)
            ceiling = (cover_weight * (3 - COVER_CARDS[st.tables.cover[at]])
                       + self.GAP_WEIGHT * min(3, max(0, near - reach))
                       + (3 * self.LEADER_STANDOFF if m.leader else (0 if hunt or not downed else self.HUNT_BONUS)))
            movers.append((-ceiling, m.id, m, reach, here))
        # the most promising first, so that the bound stops the search early
        for neg_ceiling, _, m, reach, here in sorted(movers, key=lambda x: (x[0], x[1])):
            if -neg_ceiling <= best[0]:
                break
            for h in movement.reach(st, m):
                gain = value(m, h, reach) - here
                if gain > best[0]:
                    best = (gain, C.Move(m.id, h))
        return best

    def _best_assault(self, st: RatState, m: Model, enemies: list[Model], best: Scored) -> Scored:
        """Charge a Downed enemy (a sure kill), or a standing one when the cards favour it."""
        bruiser = 1 if "bruiser" in m.heroes else 0
        r = None
        for e in enemies:
            if e.is_vehicle or hex_distance(m.at, e.at) > 4:
                continue
            if e.status == DOWN:
                score = self.CHARGE_DOWNED
            elif m.leader:
                continue
            else:
                a, d = 2 + bruiser, 1 + (1 if "bruiser" in e.heroes else 0)
                score = close_combat_balance(a, d) * self.CHARGE_WEIGHT
            if score <= best[0]:
                continue
            if r is None:
                r = movement.reach(st, m)
            spots = [h for h in e.at.neighbours() if h == m.pos or h in r]
            if spots:
                spot = min(spots, key=lambda h: (-COVER_CARDS[st.tables.cover[h]], h))
                best = (score, C.Assault(m.id, e.id, spot))
        return best

    CHARGE_DISTANCE = 4  # a move of three hexes, then touching the enemy

    def _weapon_reach(self, st: RatState, m: Model) -> int:
        """How close the model wants to be: snipers and leaders keep to their range, the rest close to charge."""
        ranges = [mode.range for w in m.weapons for mode in st.tables.weapons[w].modes if not mode.template]
        longest = max(ranges, default=1)
        if m.leader or any(st.tables.weapons[w].modes[0].cards > 1 for w in m.weapons):
            return longest
        return min(longest, self.CHARGE_DISTANCE)

    def _unload(self, st: RatState, m: Model, enemies: list[Model]) -> Scored:
        if m.carried_by is None:
            return (0.0, None)
        v = st.models[m.carried_by]
        if v.status != OK:
            return (0.0, None)
        near = min((hex_distance(v.at, e.at) for e in enemies), default=99)
        if near > 8 and v.damage == 0:
            return (0.0, None)
        spots = [h for h in v.at.neighbours()
                 if h not in st.occupant and st.tables.costs[m.mover].get(h) is not None]
        if not spots:
            return (0.0, None)
        spot = max(spots, key=lambda h: (COVER_CARDS[st.tables.cover[h]], -h.q, -h.r))
        return (1.0, C.Disembark(m.id, spot))

    # -- vehicles -------------------------------------------------------------------------
    def _best_vehicle(self, st: RatState, mine: list[Model], enemies: list[Model]) -> Scored:
        best: Scored = (0.0, None)
        standing = [e for e in enemies if e.status == OK]
        if not standing:
            return best
        for v in mine:
            at = v.pos
            if not v.is_vehicle or at is None:
                continue
            nearest = min(standing, key=lambda e: (hex_distance(at, e.at), e.id))
            there = nearest.at
            dist = hex_distance(at, there)
            if st.passengers(v.id) and dist > 6:
                options = movement.reach(st, v)
                h = min(options, key=lambda x: (hex_distance(x, there), x))
                if hex_distance(h, there) < dist:
                    gain = 0.2 * (dist - hex_distance(h, there))
                    if gain > best[0]:
                        best = (gain, C.Move(v.id, h))
            if arc_of(at, v.facing, there) != FRONT:
                facing = movement.direction_towards(at, there)
                if facing != v.facing and 0.5 > best[0]:
                    best = (0.5, C.Pivot(v.id, facing))
        return best
