"""What a RatFight player sees: the map, the action card, orders, their odds, the end of battle.

Fills in the plain records of :mod:`engine.core.view` from a :class:`RatState`.
Nothing here changes a battle; the odds read only the *make-up* of each side's
resolution draw pile (which cards are left in it, public knowledge since every
used card lies face up on the discard pile), never its order.

The maths is in small pure functions at the top (cards are handled as their
strength rank 0..51, Ace of Clubs lowest, King of Spades highest: value first,
then suit, as in the book's "Cards" section).

Every order with odds (a shot, spare shots, a grenade, a close assault, the
Inspiring redraw) gives each outcome a value for the luck report, in the unit
its preview names, and is marked an estimate where the odds are not exact (a
grenade on several models; a pile too short for the order). ``outcome_of``
reads from an order's events which of its preview's outcomes it had, with the
very labels the preview used.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb

import attrs

from engine.core.cards import card_strength, card_value, standard_deck
from engine.core.events import CardDrawn
from engine.core.odds import best_of_odds, draw_odds
from engine.core.hexes import DIRECTION_NAMES, LOS_BLOCK, Hex, axial_to_offset, line_of_sight
from engine.core.view import (ActivationView, BattleSummary, BoardView, Chance, OrderParts, OrderPreview, Piece,
                              SideInfo, TerrainKey)

from . import commands as C
from . import events as E
from . import orders, rules
from .data import COVER_CARDS, Mode, Tables, Terrain, Weapon
from . import describe as D
from .describe import Describer, where
from .state import ABANDONED, ACTION_DECK, DOWN, OK, Model, RatState, res_deck

# ---------------------------------------------------------------------------
# Glyphs
# ---------------------------------------------------------------------------

# An infantry model's letter comes from its main weapon: the first one it carries that is not a
# grenade (a model with only grenades is a "G"). Leaders (leader > 0) are "L" whatever they carry.
WEAPON_GLYPHS: dict[str, str] = {
    "pistol": "P",
    "manual_rifle": "R",
    "semi_auto_rifle": "R",
    "anti_tank_rifle": "K",
    "assault_rifle": "A",
    "sniper_rifle": "N",
    "smg": "S",
    "lmg": "M",
    "hmg": "M",
    "twin_hmg": "M",
    "autocannon": "U",
    "bazooka": "B",
    "grenade": "G",
    "at_grenade": "G",
}
SECONDARY_WEAPONS = frozenset({"grenade", "at_grenade"})
LEADER_GLYPH = "L"
INFANTRY_GLYPH = "I"  # a weapon not in the table above

# A vehicle's letter comes from its type. Not listed: "T" for a heavy vehicle, "C" for an armoured one
# that carries infantry, else "V".
VEHICLE_GLYPHS: dict[str, str] = {
    "heavy_tank": "T",
    "medium_tank": "T",
    "light_tank": "T",
    "armoured_carrier": "C",
    "armoured_car": "W",
    "lorry": "V",
    "car": "V",
    "hovercraft": "H",
    "flyer": "F",
}

HERO_NAMES = {"dead_shot": "Dead Shot", "bruiser": "Bruiser", "inspiring": "Inspiring"}


def piece_glyph(tables: Tables, m: Model) -> str:
    """One upper-case letter for the model's type (see WEAPON_GLYPHS and VEHICLE_GLYPHS)."""
    if m.is_vehicle:
        glyph = VEHICLE_GLYPHS.get(m.vehicle)
        if glyph is None:
            vt = tables.vehicles[m.vehicle]
            glyph = "T" if vt.heavy else "C" if vt.armoured and vt.capacity else "V"
        return glyph.upper()
    if m.leader:
        return LEADER_GLYPH
    main = [w for w in m.weapons if w not in SECONDARY_WEAPONS] or list(m.weapons)
    return WEAPON_GLYPHS.get(main[0], INFANTRY_GLYPH).upper() if main else INFANTRY_GLYPH


# ---------------------------------------------------------------------------
# The maths of opposed draws
# ---------------------------------------------------------------------------

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
    :func:`rules.contest` the resolution uses, over every set of cards it can be (engine.core.odds).

    Firing 4: "If the shooting weapon has two shots and misses on the first then the shooting player may
    draw another card and compare it with the originally drawn defender's card, and so on." A missed shot
    turned ``n`` cards all weaker than the defender's, and they are not put back; which of the weaker cards
    they were does not change how any later card compares with the defender's, so the pile after a miss
    is taken as the pile less its ``n`` weakest cards.
    """
    pile = sorted(att_ranks)
    dcard = CARD_OF_RANK[d]

    def against_d(a: int) -> str:
        return rules.contest(CARD_OF_RANK[a], dcard)

    out: list[tuple[Fraction, Fraction]] = []
    reach = Fraction(1)
    for _ in range(shots):
        if not pile:
            break
        odds = best_of_odds(pile, n, key=_same, rule=against_d)
        out.append((reach * odds.get(rules.ATTACKER, 0), reach * odds.get(rules.TIE, 0)))
        reach *= odds.get(rules.DEFENDER, 0)
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
    att_codes = sorted(att_pile, key=rank)
    att = [rank(c) for c in att_codes]
    att_set = frozenset(att)
    att_vals = [card_value(c) for c in att_codes]
    def_codes = {rank(c): c for c in def_pile}
    def_vals = {r: card_value(c) for r, c in def_codes.items()}
    miss = tie = no_damage = damaged = bail = 0.0
    # Shooting at Vehicles 4, for every total damage a hit can leave: the card values on which the crew bail
    bailing = {t: [v for v in range(1, 14) if rules.crew_bail(v, t)] for t in range(damage + 1, damage + 14 + ap)}
    for d, pd in best_of_distribution(def_codes, n_def).items():
        # the defender's pile for the damage and crew cards: d is gone, and the n_def-1 cards it beat
        below = [r for r in def_codes if r < d]
        w_below = 1.0 - (n_def - 1) / len(below) if below else 0.0
        weights = {r: (w_below if r < d else 1.0) for r in def_codes if r != d}
        w_total = sum(weights.values())
        by_val = [0.0] * 14  # weight of the cards of each value
        for r, w in weights.items():
            by_val[def_vals[r]] += w
        d2_val = [w / w_total for w in by_val]
        beat, equal, lose = _split(att, att_set, d, same_deck, n_def)
        lo = bisect_left(att, d)
        hist_lose, hist_beat = [0] * 14, [0] * 14
        for i, v in enumerate(att_vals):
            if i < lo:
                hist_lose[v] += 1
            elif att[i] != d:
                hist_beat[v] += 1
        twin_val = def_vals[d] if equal else 0
        exact_shots, exact_miss = shot_odds(_attacker_pile(att, d, same_deck, n_def), d, n_att, shots)
        per_shot = [(float(h), float(t)) for h, t in exact_shots]
        pd = float(pd)
        miss += pd * float(exact_miss)
        bail_weight = {t: sum(by_val[v] for v in values) for t, values in bailing.items()}
        for k, (p_hit, p_tie) in enumerate(per_shot):
            tie += pd * p_tie
            if p_hit <= 0.0:
                continue
            # the hitting draw: n_att cards from what is left, with at least one stronger than d
            n = n_att
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
            remaining = sum(hist_beat) * keep_beat + sum(hist_lose) * keep_lose + (keep_equal if equal else 0.0)
            a_val = [(hist_beat[v] * keep_beat + hist_lose[v] * keep_lose
                      + (keep_equal if v == twin_val else 0.0)) / remaining for v in range(14)]

            def a_prob(r: int) -> float:
                if r not in att_set:
                    return 0.0
                if r == d:
                    return keep_equal / remaining if equal else 0.0
                if r < d:
                    return keep_lose / remaining
                return keep_beat / remaining

            tie_val = [0.0] * 14
            if not same_deck:
                for r, w in weights.items():
                    tie_val[def_vals[r]] += a_prob(r) * w / w_total
            p = pd * p_hit
            tie += p * sum(tie_val)
            for va in range(1, 14):
                if a_val[va] == 0.0:
                    continue
                for vd in range(1, 14):
                    q = a_val[va] * d2_val[vd] - (tie_val[va] if va == vd else 0.0)
                    if q <= 0.0:
                        continue
                    diff = rules.damage_points(va, ap, vd, armour)
                    if diff <= 0:
                        no_damage += p * q
                        continue
                    total = damage + diff
                    crew_low = (bail_weight[total] - (1.0 if rules.crew_bail(vd, total) else 0.0)) \
                        / (w_total - 1.0) if w_total > 1.0 else 1.0
                    crew_low = min(max(crew_low, 0.0), 1.0)
                    bail += p * q * crew_low
                    damaged += p * q * (1.0 - crew_low)
    return VehicleOdds(miss, tie, no_damage, damaged, bail)


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

def _pct(p: float) -> str:
    return f"{100 * p:.0f}%" if 0.005 <= p <= 0.995 or p in (0.0, 1.0) else f"{100 * p:.1f}%"


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def mode_text(mode: Mode) -> str:
    parts = [f"{mode.range} hexes", _plural(mode.shots, "shot")]
    if mode.cards > 1:
        parts.append(f"{mode.cards} cards a shot")
    if mode.ap:
        parts.append(f"AP {mode.ap}")
    if mode.template:
        parts.append("3-inch template")
    return ", ".join(parts)


def weapon_text(weapon: Weapon) -> str:
    return f"{weapon.name}: " + " or ".join(mode_text(m) for m in weapon.modes)


def fire_action(weapon: Weapon, mode_i: int) -> str:
    action = f"Fire {weapon.name}"
    if len(weapon.modes) > 1:
        action += f" ({mode_text(weapon.modes[mode_i])})"
    return action


def terrain_effect(t: Terrain, tables: Tables) -> str:
    """A short line for the legend: cover, sight and going, read from the terrain table."""
    parts = []
    parts.append({"none": "no cover", "soft": "soft cover (2 cards)", "hard": "hard cover (3 cards)"}[t.cover])
    parts.append({0: "clear sight", 1: "obscures sight (seen across)", 2: "blocks sight"}[t.sight])
    foot = t.move_class("infantry")
    parts.append({"road": "road speed", "open": "", "full": "crossing takes infantry the whole move",
                  "no": "impassable on foot"}[foot])
    vehicles = [mid for mid, mv in tables.movers.items() if mv.vehicle]
    barred = [mid for mid in vehicles if t.move_class(mid) == "no"]
    if barred and len(barred) == len(vehicles):
        parts.append("no vehicles")
    elif barred:
        parts.append("no " + "/".join(barred) + " vehicles")
    return ", ".join(p for p in parts if p)


# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------

def board(st: RatState) -> BoardView:
    """The map, its legend (terrain on this board only) and every model on the table or aboard a carrier."""
    tables = st.tables
    cols = rows = 0
    terrain: dict[Hex, str] = {}
    present: set[str] = set()
    for h, tid in tables.board.items():
        col, row = axial_to_offset(h)
        cols, rows = max(cols, col + 1), max(rows, row + 1)
        terrain[h] = tables.terrain[tid].glyph
        present.add(tid)
    legend = tuple(TerrainKey(t.glyph, t.name, terrain_effect(t, tables))
                   for tid, t in tables.terrain.items() if tid in present)
    pieces = tuple(piece(st, m) for m in st.models.values() if shown(m))
    sides = tuple(SideInfo(s, tables.side_names[s]) for s in tables.side_ids)
    return BoardView(cols=cols, rows=rows, terrain=terrain, legend=legend, pieces=pieces, sides=sides)


def shown(m: Model) -> bool:
    """On the table (standing or Down), aboard a carrier, or a wreck; casualties and the fled are gone."""
    if m.status == ABANDONED:
        return m.pos is not None
    return m.status in (OK, DOWN) and (m.pos is not None or m.carried_by is not None)


def piece(st: RatState, m: Model) -> Piece:
    tables = st.tables
    marks = ""
    words = []
    if m.status == DOWN:
        marks += "d"
        words.append("Down")
    if m.status == ABANDONED:
        marks += "x"
        words.append("abandoned wreck")
    if m.is_vehicle and m.damage:
        marks += str(min(m.damage, 9))
        words.append(f"{m.damage} damage")
    if m.carried_by:
        words.append(f"aboard {st.models[m.carried_by].name}")
    return Piece(id=m.id, side=m.side, glyph=piece_glyph(tables, m), name=m.name, at=m.pos,
                 facing=m.facing if m.is_vehicle else None, marks=marks, state=", ".join(words),
                 details=details(st, m), aboard=m.carried_by)


def details(st: RatState, m: Model) -> tuple[str, ...]:
    tables = st.tables
    lines = [f"{m.name} [{m.id}], {tables.side_names[m.side]}" + (f" ({m.force} force)" if m.force != "main" else "")]
    if m.is_vehicle:
        vt = tables.vehicles[m.vehicle]
        armour = "/".join(str(a) for a in vt.armour)
        lines.append(f"{vt.name}: armour {armour} (front/side/rear)" + ("" if vt.armoured else ", unarmoured")
                     + f", crew {vt.crew}")
        lines.append(f"facing {DIRECTION_NAMES[m.facing]}, damage {m.damage}"
                     + (f" (the crew bail on a card of {m.damage} or less)" if m.damage else ""))
    for w in m.weapons:
        lines.append(weapon_text(tables.weapons[w]))
    status = {OK: "standing", DOWN: "Down: may not move or fire", ABANDONED: "abandoned by its crew: a wreck"}
    where_ = f"aboard {st.models[m.carried_by].name}" if m.carried_by else where(m.pos)
    lines.append(f"{status.get(m.status, m.status)}, {where_}")
    if m.leader:
        lines.append(f"leader: {m.leader} cards for morale")
    if m.heroes:
        lines.append("hero: " + ", ".join(HERO_NAMES.get(h, h) for h in m.heroes))
    if m.immobile:
        lines.append("tripod gun: cannot move")
    if m.is_vehicle:
        riders = st.passengers(m.id)
        cap = tables.vehicles[m.vehicle].capacity
        if cap:
            names = ": " + ", ".join(p.name for p in riders) if riders else ""
            lines.append(f"carries {len(riders)} of {cap}{names}")
    return tuple(lines)


# ---------------------------------------------------------------------------
# The action card
# ---------------------------------------------------------------------------

def card_use(st: RatState) -> str:
    card = st.tables.cards.get(st.card) if st.card else None
    if card is None:
        return ""
    if card.count:
        return f"{len(st.used)} of {card.count} used"
    return f"any number; {len(st.used)} acted"


def activation(st: RatState) -> ActivationView:
    """The card just turned and whose it is, what is left of the turn, and who may still act on it."""
    tables = st.tables
    names = tables.side_names
    lines: list[str] = []
    if st.result is not None:
        winner, reason = st.result
        now = f"Turn {st.turn} - battle over: " + (f"{names[winner]} wins" if winner else "no winner")
        lines.append(reason)
    elif st.card is None or st.active is None:
        now = f"Turn {st.turn}"
    else:
        card = tables.cards[st.card]
        now = f"Turn {st.turn} - {names[st.active]}: '{card.title}' ({card_use(st)})"
        if st.pending is not None:
            now += " - spare shots to place"
    if st.first:
        lines.append(f"{names[st.first]} won the initiative and went first this turn")
    if st.result is None:
        left = len(st.decks[ACTION_DECK].draw_pile)
        lines.append(f"{_plural(left, 'action card')} left to turn this turn, the Turn End card among them")
    if st.pending is not None:
        p = st.pending
        who = ", ".join(st.models[c].name for c in p.candidates)
        lines.append(f"{st.models[p.shooter].name} has {_plural(p.shots, 'spare shot')}: at {who} "
                     f"(within 3 inches of {where(p.around)}), or let them go")
    if st.result is None:
        for side in st.sides:
            heroes = [m for m in st.models.values() if m.side == side and "inspiring" in m.heroes]
            if not heroes:
                continue
            if side in st.inspired:
                lines.append(f"{names[side]}: the Inspiring redraw is used for this turn")
            elif any(rules.present(m) for m in heroes):
                lines.append(f"{names[side]}: the Inspiring leader may still redraw one card this turn")
            else:
                lines.append(f"{names[side]}: no Inspiring redraw (the leader is Down or gone)")
    for b in st.broken:
        side, force = b.split("/", 1)
        lines.append(f"{names.get(side, side)} ({force} force) has broken and left the field")
    acted = frozenset(st.used)
    if st.pending is not None:
        waiting = frozenset({st.pending.shooter})
    elif st.card is None:  # half-way through an order, between one card and the next (a replay's event step)
        waiting = frozenset()
    else:
        waiting = frozenset(c.model for c in orders.model_orders(st)) - acted
    return ActivationView(now=now, lines=tuple(lines), acted=acted, waiting=waiting)


# ---------------------------------------------------------------------------
# Orders
# ---------------------------------------------------------------------------

def _pos(st: RatState, mid: str | None) -> Hex | None:
    m = st.models.get(mid) if mid else None
    return m.pos if m else None


# How the order editor files each order: the piece, the action, the target hex and a label unique among them.

def parts_pass(st: RatState, cmd: C.Pass) -> OrderParts:
    return OrderParts(None, "Pass", None, "pass: finish with this card")


def parts_redraw(st: RatState, cmd: C.Redraw) -> OrderParts:
    return OrderParts(None, "Redraw", None, "Inspiring redraw: throw this card away and turn another")


def parts_retarget(st: RatState, cmd: C.Retarget) -> OrderParts:
    shooter = st.pending.shooter if st.pending else None
    if cmd.target is None:
        return OrderParts(shooter, "Retarget", None, "let the spare shots go")
    return OrderParts(shooter, "Retarget", _pos(st, cmd.target), f"spare shots at {Describer(st).name(cmd.target)}")


def parts_move(st: RatState, cmd: C.Move) -> OrderParts:
    return OrderParts(cmd.model, "Reverse" if cmd.reverse else "Move", cmd.to, D.move_order(st, cmd))


def parts_pivot(st: RatState, cmd: C.Pivot) -> OrderParts:
    m = st.models[cmd.model]
    return OrderParts(cmd.model, "Pivot", m.pos.neighbour(cmd.facing) if m.pos else None,
                      f"face {DIRECTION_NAMES[cmd.facing]}")


def parts_assault(st: RatState, cmd: C.Assault) -> OrderParts:
    return OrderParts(cmd.model, "Assault", _pos(st, cmd.target),
                      f"assault {Describer(st).name(cmd.target)} from {where(cmd.to)}")


def parts_embark(st: RatState, cmd: C.Embark) -> OrderParts:
    return OrderParts(cmd.model, "Embark", _pos(st, cmd.vehicle), f"board {Describer(st).name(cmd.vehicle)}")


def parts_disembark(st: RatState, cmd: C.Disembark) -> OrderParts:
    return OrderParts(cmd.model, "Disembark", cmd.to, f"climb out at {where(cmd.to)}")


def parts_fire(st: RatState, cmd: C.Fire) -> OrderParts:
    weapon = st.tables.weapons[cmd.weapon]
    action = fire_action(weapon, cmd.mode)
    return OrderParts(cmd.model, action, _pos(st, cmd.target), f"{action[5:]} at {Describer(st).name(cmd.target)}")


# ---------------------------------------------------------------------------
# Previews
# ---------------------------------------------------------------------------

def activation_cost(st: RatState) -> str:
    card = st.tables.cards.get(st.card) if st.card else None
    if card is None:
        return ""
    if card.count == 1:
        return f"uses '{card.title}' (one model)"
    if card.count:
        return f"uses 1 of the {card.count} activations on '{card.title}' ({len(st.used)} used so far)"
    return f"one of any number of models on '{card.title}'"


def move_cost(st: RatState, m: Model, to: Hex, reverse: bool = False) -> str:
    mover = st.tables.movers[m.mover]
    full = rules.budget(st, m, reverse)
    cost = rules.reach(st, m, reverse).get(to)
    path = rules.move_path(st, m, to, reverse)
    if cost is None or path is None:
        return ""
    hexes = len(path) - 1
    half = ", reversing at half speed" if reverse else ""
    return (f"{_plural(hexes, 'hex', 'hexes')} of move: {cost} of {full} move points "
            f"(a full move is {full // mover.road} hexes off road, {full // mover.open} on road{half})")


def refused(summary: str, why: str) -> OrderPreview:
    """The preview of an order not possible now: what it is (``summary``), and why not."""
    return OrderPreview(summary=summary, note=f"not possible now: {why}")


def _model_cost(st: RatState, *parts: str) -> str:
    return "; ".join(x for x in (*parts, activation_cost(st)) if x)


def preview_pass(st: RatState, cmd: C.Pass) -> OrderPreview:
    """Turn Sequence 3-4: done with the card up."""
    cost = f"done with '{st.tables.cards[st.card].title}' ({card_use(st)})" if st.card else ""
    return OrderPreview(summary=D.pass_order(st, cmd), cost=cost)


def preview_redraw(st: RatState, cmd: C.Redraw) -> OrderPreview:
    return _redraw_preview(st, D.redraw_order(st, cmd), "the Inspiring leader's one redraw this turn "
                           "(Leaders and Heroes: Inspiring)")


def preview_retarget(st: RatState, cmd: C.Retarget) -> OrderPreview:
    p = st.pending
    assert p is not None  # checked
    summary = D.retarget_order(st, cmd)
    if cmd.target is None:
        return OrderPreview(summary=summary, cost="the spare shot is lost" if p.shots == 1
                            else f"the {p.shots} spare shots are lost")
    shooter = st.models[p.shooter]
    return _fire_preview(st, shooter, p.weapon, p.mode, st.models[cmd.target], p.shots, summary,
                         f"{_plural(p.shots, 'spare shot')} of the same firing (Firing 5)", retargeted=True)


def preview_move(st: RatState, cmd: C.Move) -> OrderPreview:
    m = st.models[cmd.model]
    return OrderPreview(summary=D.move_order(st, cmd), cost=_model_cost(st, move_cost(st, m, cmd.to, cmd.reverse)),
                        modifiers=_ends_in(st, cmd.to))


def preview_pivot(st: RatState, cmd: C.Pivot) -> OrderPreview:
    return OrderPreview(summary=D.pivot_order(st, cmd), cost=_model_cost(st, "the vehicle's whole move"))


def preview_embark(st: RatState, cmd: C.Embark) -> OrderPreview:
    m = st.models[cmd.model]
    h = rules._embark_hex(st, m, st.models[cmd.vehicle])
    walk = move_cost(st, m, h) if h is not None and h != m.pos else "climbs in from next to it"
    return OrderPreview(summary=D.embark_order(st, cmd), cost=_model_cost(st, walk))


def preview_disembark(st: RatState, cmd: C.Disembark) -> OrderPreview:
    return OrderPreview(summary=D.disembark_order(st, cmd), cost=_model_cost(st, "a move"),
                        modifiers=_ends_in(st, cmd.to))


def preview_assault(st: RatState, cmd: C.Assault) -> OrderPreview:
    m = st.models[cmd.model]
    walk = move_cost(st, m, cmd.to) if cmd.to != m.pos else "already in contact"
    return _assault_preview(st, m, cmd.to, st.models[cmd.target], D.assault_order(st, cmd), _model_cost(st, walk))


def preview_fire(st: RatState, cmd: C.Fire) -> OrderPreview:
    m = st.models[cmd.model]
    summary = D.fire_order(st, cmd)
    act = activation_cost(st)
    weapon = st.tables.weapons[cmd.weapon]
    mode = weapon.modes[cmd.mode]
    target = st.models[cmd.target]
    if mode.template:
        return _grenade_preview(st, m, weapon, mode, target, summary, act)
    cost = act + ("; the turret swings to the target" if m.is_vehicle else "")
    return _fire_preview(st, m, cmd.weapon, cmd.mode, target, mode.shots, summary, cost)


def _ends_in(st: RatState, h: Hex) -> tuple[str, ...]:
    t = st.tables.terrain[st.tables.board[h]]
    cards = COVER_CARDS[t.cover]
    return (f"ends in {t.name}: {t.cover if t.cover != 'none' else 'no'} cover "
            f"({_plural(cards, 'card')} against fire)",)


class _Piles:
    """Each side's resolution draw pile, as ranks, for the cards an order may need.

    When a pile holds fewer cards than an order may draw, the engine shuffles the discards back in as it
    runs out ("When all cards have been used the owning player immediately shuffles the deck"); the odds
    then take the pile to be every card of that deck not in play.
    """

    def __init__(self, st: RatState, needs: dict[str, int]) -> None:
        self.codes: dict[str, list[str]] = {}
        self.notes: list[str] = []
        names = st.tables.side_names
        for side in st.sides:
            deck = st.decks[res_deck(side)]
            codes = list(deck.draw_pile)
            need = needs.get(side, 0)
            if need > len(codes):
                self.notes.append(f"The {names[side]} pile has {_plural(len(codes), 'card')} but this may draw "
                                  f"{need}: worked out as if the {len(deck.discard)} discards were shuffled back "
                                  f"in (Cards).")
                codes += deck.discard
            self.codes[side] = codes
        self.size_note = ("from the cards left in each pile (" +
                          ", ".join(f"{names[s]} {len(st.decks[res_deck(s)].draw_pile)}" for s in st.sides)
                          + "), whose order nobody knows")

    @property
    def estimate(self) -> bool:
        """A pile too short for the order: the odds take the discards as shuffled back in, an estimate (the
        engine draws the last cards of the old pile first)."""
        return bool(self.notes)

    def ranks(self, side: str) -> list[int]:
        return [rank(c) for c in self.codes[side]]

    def note(self, *extra: str) -> str:
        return " ".join(["Odds " + self.size_note + "."] + list(extra) + self.notes)


def _cover_words(st: RatState, target: Model, n_def: int) -> str:
    tables = st.tables
    terrain = tables.terrain[tables.board[target.pos]]
    base = COVER_CARDS[terrain.cover]
    kind = {1: "the open", 2: "soft cover", 3: "hard cover"}
    if n_def > base:
        return (f"target partly hidden behind terrain: counts as in {kind[n_def]}, "
                f"defender turns {_plural(n_def, 'card')} (Line of sight and Terrain; Firing 6)")
    if n_def == 1:
        return "target in the open: defender turns 1 card (Firing 2)"
    return f"target in {kind[n_def]} ({terrain.name}): defender turns {n_def} cards, keeps the best (Firing 6)"


def _shooter_words(shooter: Model, weapon: Weapon, mode: Mode) -> list[str]:
    out = [f"{weapon.name}: {mode_text(mode)}"]
    if mode.cards > 1:
        out.append(f"{weapon.name.lower()} turns {mode.cards} cards a shot (Weapons)")
    if "dead_shot" in shooter.heroes:
        out.append("Dead Shot: +1 card a shot (Leaders and Heroes)")
    return out


def _vehicle_words(st: RatState, attacker_pos: Hex, vehicle: Model, ap: int) -> tuple[str, int, list[str]]:
    vt = st.tables.vehicles[vehicle.vehicle]
    arc = rules.armour_arc(vehicle, attacker_pos)
    armour = vt.armour[rules.ARC_INDEX.get(arc, 2)]
    words = [f"AP {ap} against {arc} armour {armour}" + ("" if vt.armoured else " (unarmoured)")
             + " (Shooting at Vehicles 2)",
             "the vehicle turns 1 card to avoid the hit, terrain does not count (Shooting at Vehicles 1)"]
    if vehicle.damage:
        words.append(f"{vehicle.damage} damage already: the crew bail on a card of the total damage or less "
                     f"(Shooting at Vehicles 4)")
    return arc, armour, words


# -- outcome labels: the preview and outcome_of build them from the same state with the same words -------

TIE = "same card: the turn ends"
UNIT_DOWNED = "enemies Downed"
UNIT_CASUALTIES = "casualties: the enemy's less your own"
UNIT_CREW = "enemy casualties (a crew that bails out counts)"
UNIT_GRENADE = "models Downed or hit: the enemy's less your own"
UNIT_CARDS = "action cards you can act on"


def _shot_labels(target: Model, shots: int) -> tuple[str, str]:
    """(hit, miss) for shots at an infantry model (Firing 3-4)."""
    hit = f"hit: {target.name} stays Down" if target.status == DOWN else f"hit: {target.name} Down"
    return hit, "all shots miss" if shots > 1 else "the shot misses"


def _vehicle_labels(name: str, miss_words: str) -> dict[str, str]:
    return {"bail": f"hit: {name}'s crew bail out", "damaged": "hit and damaged, the crew stay",
            "no_damage": "hit, no damage", "miss": miss_words, "tie": TIE}


def _assault_labels(attacker: Model, target: Model) -> dict[str, str]:
    return {"win": f"{attacker.name} wins: {target.name} is a casualty",
            "lose": f"{target.name} wins: {attacker.name} is a casualty",
            "down": f"{target.name} is a casualty", "tie": TIE,
            "beaten": f"beaten off: {attacker.name} is a casualty"}


def _grenade_label(k: int, j: int, enemies: int, own: int, what: str) -> str:
    """``k`` of the ``enemies`` and ``j`` of the thrower's ``own`` models under the template Downed (or hit)."""
    if own == 0:
        return "nobody " + what if k == 0 else f"{k} of {enemies} {what}"
    if k == 0 and j == 0:
        return "nobody " + what
    return f"{k} of {enemies} enemies and {j} of {own} of your own {what}"


def _action_label(st: RatState, card_id: str) -> str:
    card = st.tables.cards[card_id]
    return "Turn End: the turn ends at once" if card.kind == "turn_end" else f"'{card.title}'"


def _vehicle_chances(odds: VehicleOdds, name: str, miss_words: str, bail_value: float, miss_value: float
                     ) -> tuple[Chance, ...]:
    label = _vehicle_labels(name, miss_words)
    return (Chance(label["bail"], odds.bail, float(bail_value)),
            Chance(label["damaged"], odds.damaged, 0.0),
            Chance(label["no_damage"], odds.no_damage, 0.0),
            Chance(label["miss"], odds.miss, miss_value),
            Chance(TIE, odds.tie, 0.0))


def _fire_preview(st: RatState, shooter: Model, weapon_id: str, mode_i: int, target: Model, shots: int,
                  summary: str, cost: str, retargeted: bool = False) -> OrderPreview:
    weapon = st.tables.weapons[weapon_id]
    mode = weapon.modes[mode_i]
    n_att = rules.shooter_cards(shooter, mode)
    mods = _shooter_words(shooter, weapon, mode)
    if shots > 1:
        mods.append(f"{shots} shots, each against the one defender card (Firing 4)")
    if target.is_vehicle:
        arc, armour, words = _vehicle_words(st, shooter.pos, target, mode.ap)
        mods += words
        piles = _Piles(st, {shooter.side: shots * n_att + 1, target.side: 3})
        odds = vehicle_fire_odds(piles.codes[target.side], 1, piles.codes[shooter.side], n_att, shots, mode.ap,
                                 armour, target.damage)
        crew = st.tables.vehicles[target.vehicle].crew
        chances = _vehicle_chances(odds, target.name, "all shots miss" if shots > 1 else "missed", crew, 0.0)
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances,
                            note=piles.note("The damage card is whichever card is next in the firer's pile after "
                                            "those spent on the hit."),
                            estimate=piles.estimate, value_unit=UNIT_CREW)
    seen = None if retargeted else rules.sight(st, shooter.pos, target.pos)
    n_def = rules.cover_cards(st, target, seen)
    mods.insert(0, _cover_words(st, target, n_def))
    piles = _Piles(st, {shooter.side: shots * n_att, target.side: n_def})
    hit, tie, miss = map(float, opposed_fire_odds(piles.ranks(target.side), n_def, piles.ranks(shooter.side),
                                                  n_att, shots))
    if target.status == DOWN:
        mods.append(f"{target.name} is already Down: a hit does no more harm (Firing 3)")
    hit_words, miss_words = _shot_labels(target, shots)
    if shots > 1:
        around = [m.name for m in st.models.values()
                  if m.side == target.side and m.id != target.id and m.on_table
                  and rules.hex_distance(m.pos, target.pos) <= rules.RETARGET_HEXES
                  and not (m.is_vehicle and mode.ap == 0 and st.tables.vehicles[m.vehicle].armoured)]
        if around:
            mods.append("spare shots after a hit may go to " + ", ".join(around) + " (Firing 5)")
    chances = (Chance(hit_words, hit, 0.0 if target.status == DOWN else 1.0),
               Chance(miss_words, miss, 0.0),
               Chance(TIE, tie, 0.0))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=piles.note(),
                        estimate=piles.estimate, value_unit=UNIT_DOWNED)


def _assault_preview(st: RatState, attacker: Model, at: Hex, target: Model, summary: str, cost: str
                     ) -> OrderPreview:
    """Close Combat: the attacker turns two cards and the defender one; the loser is a casualty.

    ``at`` is the hex the attacker fights from (it moves there first): against a vehicle it fixes the face hit.
    """
    n_att = 2 + (1 if "bruiser" in attacker.heroes else 0)
    mods = ["attacker turns 2 cards, defender 1; terrain does not count (Close Combat)"]
    if "bruiser" in attacker.heroes:
        mods.append(f"{attacker.name} is a Bruiser: +1 card (Leaders and Heroes)")
    label = _assault_labels(attacker, target)
    if target.is_vehicle:
        mods[0] = "attacker turns 2 cards, the vehicle 1, at Armour Piercing Zero (Close Combat)"
        arc, armour, words = _vehicle_words(st, at, target, 0)
        mods += words
        piles = _Piles(st, {attacker.side: n_att + 1, target.side: 3})
        odds = vehicle_fire_odds(piles.codes[target.side], 1, piles.codes[attacker.side], n_att, 1, 0, armour,
                                 target.damage)
        crew = st.tables.vehicles[target.vehicle].crew
        chances = _vehicle_chances(odds, target.name, label["beaten"], crew, -1.0)
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances,
                            note=piles.note("The damage card is whichever card is next in the attacker's pile."),
                            estimate=piles.estimate, value_unit=UNIT_CASUALTIES)
    if target.status == DOWN:
        mods = [f"{target.name} is Down: no defence, a sure casualty without cards (Close Combat)"]
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            odds=(Chance(label["down"], 1.0, 1.0),), note="", value_unit=UNIT_CASUALTIES)
    n_def = 1 + (1 if "bruiser" in target.heroes else 0)
    if n_def > 1:
        mods.append(f"{target.name} is a Bruiser: +1 card (Leaders and Heroes)")
    piles = _Piles(st, {attacker.side: n_att, target.side: n_def})
    win, tie, lose = map(float, opposed_fire_odds(piles.ranks(target.side), n_def, piles.ranks(attacker.side),
                                                  n_att, 1))
    chances = (Chance(label["win"], win, 1.0),
               Chance(label["lose"], lose, -1.0),
               Chance(TIE, tie, 0.0))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=piles.note(),
                        estimate=piles.estimate, value_unit=UNIT_CASUALTIES)


def grenade_victims(st: RatState, centre: Model) -> list[Model]:
    """Weapons, Grenade: the models under the template (the hex and its six neighbours) that a shot can harm,
    in the order the engine attacks them."""
    victims = []
    for h in [centre.pos] + centre.pos.neighbours():
        mid = st.occupant.get(h)
        if mid is None:
            continue
        v = st.models[mid]
        if not v.on_table or (v.is_vehicle and st.tables.vehicles[v.vehicle].armoured):
            continue
        victims.append(v)
    return victims


def _grenade_preview(st: RatState, thrower: Model, weapon: Weapon, mode: Mode, centre: Model, summary: str,
                     cost: str) -> OrderPreview:
    """Weapons, Grenade: every model under the 3-inch template (the hex and its six neighbours) takes a shot."""
    n_att = rules.shooter_cards(thrower, mode)
    seen = rules.sight(st, thrower.pos, centre.pos)
    victims = grenade_victims(st, centre)
    needs: dict[str, int] = {}
    for v in victims:
        needs[thrower.side] = needs.get(thrower.side, 0) + n_att + (1 if v.is_vehicle else 0)
        n_def = 3 if v.is_vehicle else rules.cover_cards(st, v, seen if v is centre else None)
        needs[v.side] = needs.get(v.side, 0) + n_def
    piles = _Piles(st, needs)
    mods = _shooter_words(thrower, weapon, mode)
    chances = []
    any_vehicle = False
    approximate = len(victims) > 1
    for v in victims:
        same = v.side == thrower.side
        own = ", your own" if same else ""
        if v.is_vehicle:
            any_vehicle = True
            approximate = approximate or same
            _, armour, _ = _vehicle_words(st, thrower.pos, v, mode.ap)
            odds = vehicle_fire_odds(piles.codes[v.side], 1, piles.codes[thrower.side], n_att, 1, mode.ap, armour,
                                     v.damage, same_deck=same)
            p = odds.bail + odds.damaged + odds.no_damage
            mods.append(f"{v.name}{own}, unarmoured vehicle: hit {_pct(p)}, crew bail {_pct(odds.bail)}")
            chances.append((p, odds.tie, same))
            continue
        n_def = rules.cover_cards(st, v, seen if v is centre else None)
        hit, tie, _ = map(float, opposed_fire_odds(piles.ranks(v.side), n_def, piles.ranks(thrower.side), n_att, 1,
                                                   same_deck=same))
        cover = {1: "open", 2: "soft cover", 3: "hard cover"}[n_def]
        if v.status == DOWN:
            mods.append(f"{v.name}{own} ({cover}, {_plural(n_def, 'card')}): already Down, no more harm")
            chances.append((0.0, tie, same))
        else:
            mods.append(f"{v.name}{own} ({cover}, {_plural(n_def, 'card')}): Down {_pct(hit)}")
            chances.append((hit, tie, same))
    enemies = sum(1 for v in victims if v.side != thrower.side)
    own_n = len(victims) - enemies
    dist, ended = split_count_distribution(chances)
    what = "Down or hit" if any_vehicle else "Down"
    odds = [Chance(_grenade_label(k, j, enemies, own_n, what), p, float(k - j))
            for (k, j), p in sorted(dist.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
    odds.append(Chance(TIE, ended, 0.0))
    how = ("Estimated: each model's chance is exact, but the totals treat the models as independent (the "
           "cards one model uses change the piles a little for the next).") if approximate else ""
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(odds),
                        note=piles.note(how) if how else piles.note(),
                        estimate=approximate or piles.estimate, value_unit=UNIT_GRENADE)


def split_count_distribution(chances: Sequence[tuple[float, float, bool]]
                             ) -> tuple[dict[tuple[int, int], float], float]:
    """For models taking one shot each in turn, each Downed (or hit) with chance p and ending the turn with
    chance t (treated as independent), the thrower's own models counted apart: the chance that exactly ``k``
    enemy and ``j`` own models are Downed with no same card, and the chance of a same card.

    Weapons, Grenade: "All models with bases under or partly under the template are attacked by a single
    'shot'"; Cards: the same card ends the turn, so the models after it are not attacked.
    """
    dist: dict[tuple[int, int], float] = {(0, 0): 1.0}
    ended = 0.0
    for p, t, own in chances:
        ended += sum(dist.values()) * t
        new: dict[tuple[int, int], float] = {}
        for (k, j), q in dist.items():
            new[(k, j)] = new.get((k, j), 0.0) + q * (1.0 - p - t)
            hit = (k, j + 1) if own else (k + 1, j)
            new[hit] = new.get(hit, 0.0) + q * p
        dist = new
    return dist, ended


def _redraw_preview(st: RatState, summary: str, cost: str) -> OrderPreview:
    """Leaders and Heroes, Inspiring: the card turned in place of this one is any card left in the action deck,
    each as likely (Turn Sequence 3: the deck is face down, so only its make-up is known)."""
    pile = st.decks[ACTION_DECK].draw_pile
    if not pile:
        return OrderPreview(summary=summary, cost=cost, note="the action deck is empty")
    chances = draw_odds(pile, 1, lambda cards: _action_label(st, cards[0]))  # the label outcome_redraw reads
    odds = tuple(Chance(label, float(p), 0.0 if label.startswith("Turn End") else 1.0)
                 for label, p in sorted(chances.items(), key=lambda kv: (-kv[1], kv[0])))
    mods = (f"one of the {_plural(len(pile), 'action card')} still face down this turn, "
            "the Turn End card among them (Turn Sequence 3-5)",)
    return OrderPreview(summary=summary, cost=cost, modifiers=mods, odds=odds,
                        note="Odds from the make-up of the action deck left this turn, whose order nobody knows.",
                        value_unit=UNIT_CARDS)


# -- which outcome an order had, read from its events (the luck report and the odds tests) ---------------

def _compared(events: Sequence, defender: str, attacker: str | None = None) -> list:
    return [e for e in events if type(e) is E.CardsCompared and e.defender == defender
            and (attacker is None or e.attacker == attacker)]


def _vehicle_outcome(events: Sequence, attacker: Model, vehicle: Model, miss_words: str) -> str:
    label = _vehicle_labels(vehicle.name, miss_words)
    compared = _compared(events, vehicle.id, attacker.id)
    if any(e.winner == "tie" for e in compared):
        return label["tie"]
    if any(type(e) is E.CrewBailedOut and e.model == vehicle.id for e in events):
        return label["bail"]
    if any(type(e) is E.VehicleDamaged and e.model == vehicle.id for e in events):
        return label["damaged"]
    if any(e.winner == "attacker" and e.rule.startswith("Shooting at Vehicles 1") for e in compared):
        return label["no_damage"]
    return label["miss"]


def _shot_outcome(events: Sequence, shooter: Model, target: Model, shots: int) -> str:
    if target.is_vehicle:
        return _vehicle_outcome(events, shooter, target, "all shots miss" if shots > 1 else "missed")
    hit, miss = _shot_labels(target, shots)
    compared = _compared(events, target.id, shooter.id)
    if any(e.winner == "tie" for e in compared):
        return TIE
    return hit if any(e.winner == "attacker" for e in compared) else miss


def outcome_redraw(st: RatState, cmd: C.Redraw, events: Sequence) -> str | None:
    """The action card turned in place of the one thrown away."""
    drawn = next((e for e in events if type(e) is CardDrawn and e.deck == ACTION_DECK), None)
    return _action_label(st, drawn.card) if drawn is not None else None


def outcome_retarget(st: RatState, cmd: C.Retarget, events: Sequence) -> str | None:
    """The spare shots' outcome (None when they are let go)."""
    if cmd.target is None or st.pending is None:
        return None
    return _shot_outcome(events, st.models[st.pending.shooter], st.models[cmd.target], st.pending.shots)


def outcome_fire(st: RatState, cmd: C.Fire, events: Sequence) -> str | None:
    """A shot's (or burst's) outcome, or how many models under a grenade's template were Downed or hit."""
    shooter, target = st.models[cmd.model], st.models[cmd.target]
    mode = st.tables.weapons[cmd.weapon].modes[cmd.mode]
    if not mode.template:
        return _shot_outcome(events, shooter, target, mode.shots)
    victims = grenade_victims(st, target)
    if any(type(e) is E.CardsCompared and e.winner == "tie" for e in events):
        return TIE
    downed = {e.model for e in events if type(e) is E.ModelDowned}
    hit_vehicles = {e.defender for e in events if type(e) is E.CardsCompared and e.winner == "attacker"
                    and e.rule.startswith("Shooting at Vehicles 1")}
    struck = [v for v in victims if v.id in (hit_vehicles if v.is_vehicle else downed)]
    k = sum(1 for v in struck if v.side != shooter.side)
    enemies = sum(1 for v in victims if v.side != shooter.side)
    what = "Down or hit" if any(v.is_vehicle for v in victims) else "Down"
    return _grenade_label(k, len(struck) - k, enemies, len(victims) - enemies, what)


def outcome_assault(st: RatState, cmd: C.Assault, events: Sequence) -> str | None:
    """Who was the casualty of the close combat (or of the assault on a vehicle)."""
    attacker, target = st.models[cmd.model], st.models[cmd.target]
    label = _assault_labels(attacker, target)
    if target.is_vehicle:
        return _vehicle_outcome(events, attacker, target, label["beaten"])
    if target.status == DOWN:
        return label["down"]
    compared = _compared(events, target.id, attacker.id)
    if any(e.winner == "tie" for e in compared):
        return TIE
    return label["win"] if any(e.winner == "attacker" for e in compared) else label["lose"]


# ---------------------------------------------------------------------------
# Sight and the end of battle
# ---------------------------------------------------------------------------

def visible_hexes(st: RatState, piece_id: str) -> frozenset:
    """Every board hex the model can see from where it stands (Line of sight and Terrain).

    The same line of sight as rules.sight; remembered per position and wrecks in the tables' sight cache.
    """
    m = st.models.get(piece_id)
    if m is None or m.pos is None:
        return frozenset()
    wrecks = frozenset(w.pos for w in st.models.values() if w.status == ABANDONED)
    cache = st.tables.sight_cache
    key = ("visible", m.pos, wrecks)
    found = cache.get(key)
    if found is None:
        sight_map = st.tables.sight

        def los_of(h: Hex) -> int:
            return LOS_BLOCK if h in wrecks else sight_map.get(h, LOS_BLOCK)

        here = m.pos
        found = cache[key] = frozenset(h for h in st.tables.board if line_of_sight(here, h, los_of).visible)
    return found


def summary(st: RatState) -> BattleSummary:
    """Casualties per side (as morale counts them) and what stood at the end."""
    names = st.tables.side_names
    casualties = {s: rules.casualties(st, s) for s in st.sides}
    lines = []
    if st.result is not None:
        winner, reason = st.result
        lines.append((f"{names[winner]} wins: " if winner else "No winner: ") + reason)
    for s in st.sides:
        mine = [m for m in st.models.values() if m.side == s]
        crew = sum(st.tables.vehicles[m.vehicle].crew for m in mine if m.status == ABANDONED)
        down = sum(1 for m in mine if m.status == DOWN)
        standing = sum(1 for m in mine if m.status == OK and (m.pos is not None or m.carried_by))
        text = f"{names[s]}: {_plural(casualties[s], 'casualty', 'casualties')}"
        if crew:
            text += f" (with {crew} crew who bailed out)"
        text += f", {standing} standing, {down} Down at the end"
        broken = [b.split("/", 1)[1] for b in st.broken if b.split("/", 1)[0] == s]
        if broken:
            text += "; broken: " + ", ".join(f"{f} force" for f in broken)
        lines.append(text)
    return BattleSummary(casualties=casualties, turns=st.turn, lines=tuple(lines))
