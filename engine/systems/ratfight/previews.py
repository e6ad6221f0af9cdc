"""What a RatFight order costs, what goes into its odds and the odds of each outcome (its preview), and which
of those outcomes it had (read from its events). :mod:`.rulebook` registers each with its order type.

Nothing here changes a battle; the odds read only the *make-up* of each side's resolution draw pile (which cards
are left in it, public knowledge since every used card lies face up on the discard pile), never its order.
Every order with odds (a shot, spare shots, a grenade, a close assault, the Inspiring redraw) gives each outcome
a value for the luck report, in the unit its preview names, and is marked an estimate where the odds are not
exact (a grenade on several models; a pile too short for the order). The outcome functions read from an
order's events which of its preview's outcomes it had, with the very labels the preview used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.core.cards import card_value
from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.odds import draw_odds
from hexfront.engine.core.view import Chance, OrderPreview
from hexfront.engine.core.words import plural

from . import commands as C
from . import describe as D
from . import events as E
from . import firing, lineofsight, movement, vehicles
from .data import Mode, Weapon
from .odds import VehicleOdds, opposed_fire_odds, rank, vehicle_fire_odds
from .schema import COVER_CARDS
from .state import ACTION_DECK, DOWN, Model, RatState, res_deck
from .view import _pct, card_use, mode_text, morale_verdict


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
    full = movement.budget(st, m, reverse)
    cost = movement.reach(st, m, reverse).get(to)
    path = movement.move_path(st, m, to, reverse)
    if cost is None or path is None:
        return ""
    hexes = len(path) - 1
    half = ", reversing at half speed" if reverse else ""
    return (f"{plural(hexes, 'hex', 'hexes')} of move: {cost} of {full} move points "
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


def preview_keep(st: RatState, cmd: C.KeepMoraleCard) -> OrderPreview:
    """Morale Check: nothing is left to chance once the cards are drawn; the card kept holds or breaks the
    force, as :func:`~.view.morale_verdict` says (the same words the order editor files it under)."""
    choice = st.morale
    assert choice is not None  # checked
    others = [D.the_card(c) for c in choice.cards if c != cmd.card]
    return OrderPreview(summary=D.keep_order(st, cmd), cost=f"discard {', '.join(others)}",
                        note=f"nothing left to chance: {card_value(cmd.card)} {morale_verdict(st, cmd.card)} "
                             f"(Morale Check)")


def preview_retarget(st: RatState, cmd: C.Retarget) -> OrderPreview:
    p = st.pending
    assert p is not None  # checked
    summary = D.retarget_order(st, cmd)
    if cmd.target is None:
        return OrderPreview(summary=summary, cost="the spare shot is lost" if p.shots == 1
                            else f"the {p.shots} spare shots are lost")
    shooter = st.models[p.shooter]
    return _fire_preview(st, shooter, p.weapon, p.mode, st.models[cmd.target], p.shots, summary,
                         f"{plural(p.shots, 'spare shot')} of the same firing (Firing 5)", retargeted=True)


def preview_move(st: RatState, cmd: C.Move) -> OrderPreview:
    m = st.models[cmd.model]
    return OrderPreview(summary=D.move_order(st, cmd), cost=_model_cost(st, move_cost(st, m, cmd.to, cmd.reverse)),
                        modifiers=_ends_in(st, cmd.to))


def preview_pivot(st: RatState, cmd: C.Pivot) -> OrderPreview:
    return OrderPreview(summary=D.pivot_order(st, cmd), cost=_model_cost(st, "the vehicle's whole move"))


def preview_embark(st: RatState, cmd: C.Embark) -> OrderPreview:
    m = st.models[cmd.model]
    h = movement._embark_hex(st, m, st.models[cmd.vehicle])
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
            f"({plural(cards, 'card')} against fire)",)


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
                self.notes.append(f"The {names[side]} pile has {plural(len(codes), 'card')} but this may draw "
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
    terrain = tables.terrain[tables.board[target.at]]
    base = COVER_CARDS[terrain.cover]
    kind = {1: "the open", 2: "soft cover", 3: "hard cover"}
    if n_def > base:
        return (f"target partly hidden behind terrain: counts as in {kind[n_def]}, "
                f"defender turns {plural(n_def, 'card')} (Line of sight and Terrain; Firing 6)")
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
    vt = st.vehicle_type(vehicle)
    arc = vehicles.armour_arc(vehicle, attacker_pos)
    armour = vt.armour[vehicles.ARC_INDEX.get(arc, 2)]
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
    n_att = firing.shooter_cards(shooter, mode)
    mods = _shooter_words(shooter, weapon, mode)
    if shots > 1:
        mods.append(f"{shots} shots, each against the one defender card (Firing 4)")
    if target.is_vehicle:
        arc, armour, words = _vehicle_words(st, shooter.at, target, mode.ap)
        mods += words
        piles = _Piles(st, {shooter.side: shots * n_att + 1, target.side: 3})
        odds = vehicle_fire_odds(piles.codes[target.side], 1, piles.codes[shooter.side], n_att, shots, mode.ap,
                                 armour, target.damage)
        crew = st.vehicle_type(target).crew
        chances = _vehicle_chances(odds, target.name, "all shots miss" if shots > 1 else "missed", crew, 0.0)
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances,
                            note=piles.note("The damage card is whichever card is next in the firer's pile after "
                                            "those spent on the hit."),
                            estimate=piles.estimate, value_unit=UNIT_CREW)
    seen = None if retargeted else lineofsight.sight(st, shooter.at, target.at)
    n_def = lineofsight.cover_cards(st, target, seen)
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
                  and hex_distance(m.at, target.at) <= firing.RETARGET_HEXES
                  and not (m.is_vehicle and mode.ap == 0 and st.vehicle_type(m).armoured)]
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
        crew = st.vehicle_type(target).crew
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
    for h in [centre.at, *centre.at.neighbours()]:
        mid = st.occupant.get(h)
        if mid is None:
            continue
        v = st.models[mid]
        if not v.on_table or (v.is_vehicle and st.vehicle_type(v).armoured):
            continue
        victims.append(v)
    return victims


def _grenade_preview(st: RatState, thrower: Model, weapon: Weapon, mode: Mode, centre: Model, summary: str,
                     cost: str) -> OrderPreview:
    """Weapons, Grenade: every model under the 3-inch template (the hex and its six neighbours) takes a shot."""
    n_att = firing.shooter_cards(thrower, mode)
    seen = lineofsight.sight(st, thrower.at, centre.at)
    victims = grenade_victims(st, centre)
    needs: dict[str, int] = {}
    for v in victims:
        needs[thrower.side] = needs.get(thrower.side, 0) + n_att + (1 if v.is_vehicle else 0)
        n_def = 3 if v.is_vehicle else lineofsight.cover_cards(st, v, seen if v is centre else None)
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
            _, armour, _ = _vehicle_words(st, thrower.at, v, mode.ap)
            odds = vehicle_fire_odds(piles.codes[v.side], 1, piles.codes[thrower.side], n_att, 1, mode.ap, armour,
                                     v.damage, same_deck=same)
            p = odds.bail + odds.damaged + odds.no_damage
            mods.append(f"{v.name}{own}, unarmoured vehicle: hit {_pct(p)}, crew bail {_pct(odds.bail)}")
            chances.append((p, odds.tie, same))
            continue
        n_def = lineofsight.cover_cards(st, v, seen if v is centre else None)
        hit, tie, _ = map(float, opposed_fire_odds(piles.ranks(v.side), n_def, piles.ranks(thrower.side), n_att, 1,
                                                   same_deck=same))
        cover = {1: "open", 2: "soft cover", 3: "hard cover"}[n_def]
        if v.status == DOWN:
            mods.append(f"{v.name}{own} ({cover}, {plural(n_def, 'card')}): already Down, no more harm")
            chances.append((0.0, tie, same))
        else:
            mods.append(f"{v.name}{own} ({cover}, {plural(n_def, 'card')}): Down {_pct(hit)}")
            chances.append((hit, tie, same))
    enemies = sum(1 for v in victims if v.side != thrower.side)
    own_n = len(victims) - enemies
    dist, ended = split_count_distribution(chances)
    what = "Down or hit" if any_vehicle else "Down"
    outcomes = [Chance(_grenade_label(k, j, enemies, own_n, what), p, float(k - j))
                for (k, j), p in sorted(dist.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
    outcomes.append(Chance(TIE, ended, 0.0))
    how = ("Estimated: each model's chance is exact, but the totals treat the models as independent (the "
           "cards one model uses change the piles a little for the next).") if approximate else ""
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(outcomes),
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
    mods = (f"one of the {plural(len(pile), 'action card')} still face down this turn, "
            "the Turn End card among them (Turn Sequence 3-5)",)
    return OrderPreview(summary=summary, cost=cost, modifiers=mods, odds=odds,
                        note="Odds from the make-up of the action deck left this turn, whose order nobody knows.",
                        value_unit=UNIT_CARDS)


# -- which outcome an order had, read from its events (the luck report and the odds tests) ---------------

def _compared(events: Sequence[Any], defender: str, attacker: str | None = None) -> list[E.CardsCompared]:
    return [e for e in events if type(e) is E.CardsCompared and e.defender == defender
            and (attacker is None or e.attacker == attacker)]


def _vehicle_outcome(events: Sequence[Any], attacker: Model, vehicle: Model, miss_words: str) -> str:
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


def _shot_outcome(events: Sequence[Any], shooter: Model, target: Model, shots: int) -> str:
    if target.is_vehicle:
        return _vehicle_outcome(events, shooter, target, "all shots miss" if shots > 1 else "missed")
    hit, miss = _shot_labels(target, shots)
    compared = _compared(events, target.id, shooter.id)
    if any(e.winner == "tie" for e in compared):
        return TIE
    return hit if any(e.winner == "attacker" for e in compared) else miss


def outcome_redraw(st: RatState, cmd: C.Redraw, events: Sequence[Any]) -> str | None:
    """The action card turned in place of the one thrown away."""
    drawn = next((e for e in events if type(e) is CardDrawn and e.deck == ACTION_DECK), None)
    return _action_label(st, drawn.card) if drawn is not None else None


def outcome_retarget(st: RatState, cmd: C.Retarget, events: Sequence[Any]) -> str | None:
    """The spare shots' outcome (None when they are let go)."""
    if cmd.target is None or st.pending is None:
        return None
    return _shot_outcome(events, st.models[st.pending.shooter], st.models[cmd.target], st.pending.shots)


def outcome_fire(st: RatState, cmd: C.Fire, events: Sequence[Any]) -> str | None:
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


def outcome_assault(st: RatState, cmd: C.Assault, events: Sequence[Any]) -> str | None:
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
