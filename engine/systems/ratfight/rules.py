"""JTS RatFight rules: setup, movement, sight, the opposed card draws and their resolution, the end of a turn.

Each order's check, offers and resolution are in :mod:`.orders`, the fold of each event in :mod:`.folds`;
:mod:`.rulebook` registers them side by side.

Section names in ``rule`` strings and docstrings are the rule book's headings
(seed 003, "JTS RatFight - Core Rules"); numbered steps are the book's lists.
Where the book is silent the choice is written in content/ratfight/readings.toml.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from hexfront.engine.core.cards import (
    Deck,
    best_card,
    card_colour,
    card_strength,
    card_value,
    standard_deck,
)
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import (
    FRONT,
    LOS_BLOCK,
    LOS_OBSCURE,
    SIDE,
    Hex,
    Sight,
    arc_of,
    hex_distance,
    line_of_sight,
    line_pair,
    offset_to_axial,
    reachable,
    relative_bearing,
    ring,
    shortest_path,
)
from hexfront.engine.core.resolution import Resolution

from . import commands as C
from . import events as E
from .data import ActionCard, Mode, Tables, Weapon
from .schema import COVER_CARDS
from .state import ABANDONED, ACTION_DECK, CASUALTY, DOWN, OK, Model, RatState, res_deck

ARC_INDEX = {FRONT: 0, SIDE: 1}  # anything else is the rear (2)
RETARGET_HEXES = 2  # "within three inches" at 1 hex = 2 inches, rounded (RULES-NOTES)


class TurnEnds(Exception):
    """Both players turned over the very same card: the turn ends at once (Cards)."""


# ---------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------

def new_state(tables: Tables) -> RatState:
    decks = {ACTION_DECK: Deck(draw_pile=sorted(tables.cards))}
    for side in tables.side_ids:
        decks[res_deck(side)] = Deck(draw_pile=standard_deck())
    models = {}
    for m in tables.deployment:
        vt = tables.vehicles.get(m["vehicle"]) if m.get("vehicle") else None
        mover = vt.mover if vt else m.get("mover", "infantry")
        models[m["id"]] = Model(
            id=m["id"], side=m["side"], name=m.get("name", m["id"]), weapons=tuple(m.get("weapons", ())),
            pos=None, vehicle=vt.id if vt else None, facing=m.get("facing", 0), turret=m.get("facing", 0),
            leader=m.get("leader", 0), heroes=tuple(m.get("heroes", ())), force=m.get("force", "main"),
            mover=mover, immobile=bool(m.get("immobile", False)))
    _check_deployment(tables, models)
    return RatState(tables=tables, models=models, decks=decks)


def _check_deployment(tables: Tables, models: dict[str, Model]) -> None:
    heavy = [m.id for m in models.values() if m.vehicle is not None and tables.vehicles[m.vehicle].heavy]
    if len(heavy) > 1:
        raise ContentError(f"only one tank or similar heavy vehicle may be on the table, not {', '.join(heavy)}")
    for m in models.values():
        for w in m.weapons:
            if w not in tables.weapons:
                raise ContentError(f"model {m.id} carries unknown weapon {w!r}")
            if m.is_vehicle and not tables.weapons[w].vehicle:
                raise ContentError(f"vehicle {m.id} cannot carry {w}: vehicles fire only machine guns and cannon")
        if m.mover not in tables.movers:
            raise ContentError(f"model {m.id} has unknown mover {m.mover!r}")
        if "inspiring" in m.heroes and not m.leader:
            raise ContentError(f"model {m.id}: only a leader can be an Inspiring hero")
        for h in m.heroes:
            if h not in ("dead_shot", "bruiser", "inspiring"):
                raise ContentError(f"model {m.id} has unknown hero ability {h!r}")
        if m.leader not in (0, 2, 3):
            raise ContentError(f"model {m.id}: a leader draws 2 or 3 cards, not {m.leader}")
        if m.facing not in range(6):
            raise ContentError(f"model {m.id}: facing must be 0 to 5")


def setup(ctx: Resolution) -> None:
    st: RatState = ctx.state
    tables = st.tables
    taken: set[Hex] = set()
    for m in tables.deployment:
        if "in" in m:
            carrier = st.models.get(m["in"])
            if carrier is None or not carrier.is_vehicle:
                raise ContentError(f"model {m['id']} starts in {m['in']!r}, which is not a vehicle")
            ctx.emit(E.ModelPlaced(model=m["id"], at=None, carried_by=m["in"]))
            continue
        col, row = m["at"]
        at = offset_to_axial(int(col), int(row))
        if at not in tables.board or at in taken:
            raise ContentError(f"model {m['id']} is placed off the map or on another model at {m['at']}")
        taken.add(at)
        ctx.emit(E.ModelPlaced(model=m["id"], at=at))
    for deck in sorted(st.decks):
        # the action deck: Turn Sequence 1; each player's resolution deck: Cards
        ctx.shuffle(deck, "shuffle before the battle", "Turn Sequence 1" if deck == ACTION_DECK else "Cards")
    begin_turn(ctx, st)


# ---------------------------------------------------------------------------
# Geometry helpers that read the state
# ---------------------------------------------------------------------------

def step_cost(st: RatState, model: Model) -> Callable[[Hex, Hex], int | None]:
    costs = st.tables.costs[model.mover]
    occupant = st.occupant
    models = st.models
    side = model.side
    me = model.id

    def cost(_a: Hex, b: Hex) -> int | None:
        c = costs.get(b)
        if c is None:
            return None
        occ = occupant.get(b)
        if occ is not None and occ != me:
            o = models[occ]
            if o.side != side or o.status == ABANDONED:
                return None
        return c

    return cost


def budget(st: RatState, model: Model, reverse: bool = False) -> int:
    full = st.tables.movers[model.mover].budget
    return full // 2 if reverse else full


def reach(st: RatState, model: Model, reverse: bool = False) -> dict[Hex, int]:
    """Hexes the model can end its move in (empty ones), with their cost. Treat the result as read-only.

    The answer depends only on the mover, the start hex and the models within a move of it, so it
    is cached per battle under exactly that key.
    """
    mover = st.tables.movers[model.mover]
    radius = max(mover.road, mover.open) + 1
    pos = model.at
    friends: list[Hex] = []
    blockers: list[Hex] = []
    for h, mid in st.occupant.items():
        if mid != model.id and hex_distance(h, pos) <= radius:
            o = st.models[mid]
            (friends if o.side == model.side and o.status != ABANDONED else blockers).append(h)
    key = (model.mover, pos, reverse, frozenset(friends), frozenset(blockers))
    cache = st.tables.reach_cache
    found = cache.get(key)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        occupant = st.occupant
        me = model.id
        found = cache[key] = reachable(pos, budget(st, model, reverse), step_cost(st, model),
                                       passable_end=lambda h: occupant.get(h, me) == me)
    return found


def move_path(st: RatState, model: Model, to: Hex, reverse: bool = False) -> list[Hex] | None:
    """The path a move takes to an empty hex within the model's move, or None if it cannot get there.

    Validation and resolution of one order ask the same question of the same state, so the last
    answer is kept and reused.
    """
    occ = st.occupant.get(to)
    if occ is not None and occ != model.id:
        return None
    models = st.models
    # who stands where, and in what state (a wreck blocks where a live friend lets you through)
    key = (model.id, model.pos, to, reverse,
           frozenset((h, mid, models[mid].status) for h, mid in st.occupant.items()))
    memo = st.tables.path_memo
    if memo and memo[0][0] == key:
        return memo[0][1]
    mover = st.tables.movers[model.mover]
    path = shortest_path(model.at, to, step_cost(st, model), budget=budget(st, model, reverse),
                         min_cost=min(mover.road, mover.open))
    memo[:] = [(key, path)]
    return path


def sight(st: RatState, a: Hex, b: Hex) -> Sight:
    """Line of sight: terrain between blocks or obscures; wrecks block (Line of sight and Terrain)."""
    wrecks = frozenset(m.pos for m in st.models.values() if m.status == ABANDONED and m.pos is not None)
    cache = st.tables.sight_cache
    key = (a, b, wrecks)
    seen = cache.get(key)
    if seen is None:
        sight_map = st.tables.sight

        def los_of(h: Hex) -> int:
            return LOS_BLOCK if h in wrecks else sight_map.get(h, LOS_BLOCK)

        seen = cache[key] = line_of_sight(a, b, los_of)
    return seen


def cover_cards(st: RatState, target: Model, seen: Sight | None) -> int:
    """Cards the defender turns over: 1 in the open, 2 in soft and 3 in hard terrain (Firing 6).

    A target just behind obscuring terrain (the obscuring hex is next to it) counts as in that
    terrain (Line of sight and Terrain: "partly in view ... counts as being 'in terrain'").
    """
    tables = st.tables
    at = target.at
    cards = COVER_CARDS[tables.cover[at]]
    if seen is not None:
        for h in seen.obscured_by:
            if hex_distance(h, at) == 1:
                cards = max(cards, COVER_CARDS[tables.cover[h]])
        # a sight line along a hex edge passes both hexes: blocking terrain on the other side, next to
        # the target, means the target is only partly in view behind it
        plus, minus = line_pair(seen.path[0], seen.path[-1])
        if plus != minus:
            for h in plus[1:-1] + minus[1:-1]:
                if hex_distance(h, at) == 1 and tables.sight.get(h) in (LOS_OBSCURE, LOS_BLOCK):
                    cards = max(cards, COVER_CARDS[tables.cover[h]])
    return cards


def direction_towards(a: Hex, b: Hex) -> int:
    return min(range(6), key=lambda d: (relative_bearing(a, d, b), d))


def armour_arc(vehicle: Model, attacker_pos: Hex) -> str:
    return arc_of(vehicle.at, vehicle.facing, attacker_pos)


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------

def present(m: Model) -> bool:
    """On the battlefield and not Down: standing on the table, or riding a vehicle (Morale Check)."""
    return m.status == OK and (m.pos is not None or m.carried_by is not None)


def _card(st: RatState) -> ActionCard | None:
    return st.tables.cards[st.card] if st.card else None


def _own(st: RatState, mid: str) -> tuple[Model, ActionCard] | str:
    """The model ``mid`` and the action card up, if the side to act may order it on that card now; else why not."""
    m = st.models.get(mid)
    if m is None:
        return f"there is no model '{mid}'"
    if m.side != st.active:
        return f"{m.name} is not yours to order"
    if st.pending is not None:
        return "first choose where the spare shots go (or let them go)"
    card = _card(st)
    if card is None:
        return "no action card is up"
    if card.count and len(st.used) >= card.count:
        return f"the {card.title} card has been used up"
    if mid in st.used:
        return f"{m.name} has already acted on this card"
    if m.status == DOWN:
        return f"{m.name} is Down and may not move or fire"
    if m.status != OK:
        return f"{m.name} is out of the fight"
    return m, card


def _enemy(st: RatState, shooter: Model, tid: str) -> Model | str:
    """The enemy model ``tid`` on the battlefield, or why it cannot be the target."""
    t = st.models.get(tid)
    if t is None:
        return f"there is no model '{tid}'"
    if t.side == shooter.side:
        return f"{t.name} is on your side"
    if not t.on_table:
        return f"{t.name} is not on the battlefield"
    return t


def _move_refusal(st: RatState, model: Model, cmd: C.Move) -> str | None:
    if model.pos is None:
        return f"{model.name} is aboard a vehicle: disembark first"
    if cmd.reverse and not model.is_vehicle:
        return "only vehicles reverse"
    if cmd.to == model.pos:
        return "choose a hex to move to"
    if move_path(st, model, cmd.to, cmd.reverse) is None:
        return f"{model.name} cannot reach that hex this move (terrain, distance or another model in the way)"
    return None


def _assault_refusal(st: RatState, model: Model, cmd: C.Assault) -> str | None:
    if model.pos is None:
        return f"{model.name} is aboard a vehicle: disembark first"
    target = _enemy(st, model, cmd.target)
    if isinstance(target, str):
        return target
    if hex_distance(cmd.to, target.at) != 1:
        return "close combat needs a hex touching the enemy model"
    if cmd.to != model.pos and move_path(st, model, cmd.to) is None:
        return f"{model.name} cannot reach that hex this move"
    return None


def _embark_refusal(st: RatState, model: Model, cmd: C.Embark) -> str | None:
    if model.pos is None:
        return f"{model.name} is already aboard"
    v = st.models.get(cmd.vehicle)
    if v is None or not v.is_vehicle or v.side != model.side:
        return "choose one of your own vehicles"
    if v.status != OK:
        return f"{v.name} has been abandoned"
    if len(st.passengers(v.id)) >= st.vehicle_type(v).capacity:
        return f"{v.name} has no room"
    if _embark_hex(st, model, v) is None:
        return f"{model.name} cannot reach {v.name} this move"
    return None


def _embark_hex(st: RatState, model: Model, v: Model) -> Hex | None:
    if hex_distance(model.at, v.at) == 1:
        return model.at
    r = reach(st, model)
    options = [(cost, h) for h, cost in r.items() if hex_distance(h, v.at) == 1]
    return min(options)[1] if options else None


def _disembark_refusal(st: RatState, model: Model, cmd: C.Disembark) -> str | None:
    if model.carried_by is None:
        return f"{model.name} is not aboard a vehicle"
    v = st.models[model.carried_by]
    if hex_distance(cmd.to, v.at) != 1:
        return "passengers climb out into a hex next to the vehicle"
    if cmd.to in st.occupant or st.tables.costs[model.mover].get(cmd.to) is None:
        return "that hex is taken or impassable"
    return None


def _redraw_refusal(st: RatState) -> str | None:
    side = st.active
    if side in st.inspired:
        return "the Inspiring leader has already redrawn this turn"
    if st.used:
        return "the card has been acted on; redraw before acting"
    if not any(m.side == side and present(m) and "inspiring" in m.heroes for m in st.models.values()):
        return "you need an Inspiring leader on the battlefield and not Down"
    return None


def _fire_refusal(st: RatState, cmd: C.Fire) -> str | None:
    own = _own(st, cmd.model)
    if isinstance(own, str):
        return own
    shooter, card = own
    if card.kind != "fire":
        return f"models fire only on a Fire card, not {card.title}"
    if card.infantry_only and shooter.is_vehicle:
        return f"{card.title} fires one infantry weapon: a vehicle needs another Fire card"
    if shooter.pos is None:
        return f"{shooter.name} is aboard a vehicle and cannot fire"
    if cmd.weapon not in shooter.weapons:
        return f"{shooter.name} does not carry that weapon"
    weapon = st.tables.weapons[cmd.weapon]
    if not 0 <= cmd.mode < len(weapon.modes):
        return f"{weapon.name} has no mode {cmd.mode}"
    target = _enemy(st, shooter, cmd.target)
    if isinstance(target, str):
        return target
    return _shot_refusal(st, shooter, weapon, weapon.modes[cmd.mode], target)


def _shot_refusal(st: RatState, shooter: Model, weapon: Weapon, mode: Mode, target: Model) -> str | None:
    dist = hex_distance(shooter.at, target.at)
    if dist > mode.range:
        return (f"{target.name} is out of range: {dist} hexes, {weapon.name} reaches "
                f"{mode.range} ({mode.range_inches} inches)")
    if target.is_vehicle and not mode.template and mode.ap == 0 and st.vehicle_type(target).armoured:
        return f"{weapon.name} cannot hurt an armoured vehicle (armour piercing 0)"
    if not sight(st, shooter.at, target.at).visible:
        return f"{shooter.name} has no line of sight to {target.name}"
    return None


def idle_reason(st: RatState, mid: str | None) -> str:
    """Why model ``mid`` (None: any model) has no order now, from the same checks that refuse one: the card
    up, the model's state, and for a Fire card the nearest enemy's refusal (range, armour, sight)."""
    card = _card(st)
    if mid is None:
        if card is None:
            return "no action card is up"
        return f"no model of yours can use the {card.title} card: pass (.) or give an order for the whole side"
    own = _own(st, mid)
    if isinstance(own, str):
        return own
    m, card = own
    if card.kind == "turn_end":
        return f"the {card.title} card gives no orders: pass (.) to end the turn"
    if card.kind == "move":
        if m.is_vehicle:
            return f"{card.title} moves infantry: a vehicle needs a vehicle card"
        if m.immobile:
            return f"{m.name} cannot move"
        return f"{m.name} has no hex it can move to"
    if card.kind == "vehicle":
        return f"{card.title} moves vehicles, and {m.name} is not one" if not m.is_vehicle else \
            f"{m.name} has no hex it can move to and no way to pivot"
    if card.infantry_only and m.is_vehicle:
        return f"{card.title} fires one infantry weapon: a vehicle needs another Fire card"
    here = m.pos
    if here is None:
        return f"{m.name} is aboard a vehicle and cannot fire"
    enemies = sorted((e for e in st.models.values() if e.side != m.side and e.on_table),
                     key=lambda e: hex_distance(here, e.at))
    if not enemies:
        return "no enemy is on the battlefield"
    nearest = enemies[0]
    reasons = []
    for wid in m.weapons:
        weapon = st.tables.weapons[wid]
        for mode in weapon.modes:
            reasons.append(_shot_refusal(st, m, weapon, mode, nearest))
    reason = next((r for r in reasons if r), f"{m.name} has no weapon that can fire at {nearest.name}")
    return f"no target: {reason}"


def actors_vehicles(st: RatState, side: str) -> list[Model]:
    return [v for v in st.models.values() if v.side == side and v.is_vehicle and v.status == OK and v.pos]


# ---------------------------------------------------------------------------
# Resolution
# ---------------------------------------------------------------------------

def after_action(ctx: Resolution, st: RatState) -> None:
    """A card is finished by itself once as many models as it allows have acted."""
    if st.pending is not None or st.result is not None or st.card is None:
        return
    card = _card(st)
    if card is not None and card.count and len(st.used) >= card.count:
        end_card(ctx, st, passed=False)


def end_card(ctx: Resolution, st: RatState, passed: bool) -> None:
    side, card = st.card_up()
    ctx.emit(E.ActionCardDone(side=side, card=card, passed=passed))
    ctx.discard_in_play(ACTION_DECK)
    advance(ctx, st, st.other(side))


def advance(ctx: Resolution, st: RatState, side: str) -> None:
    """``side`` turns over the next action card; a Turn End card ends the turn (Turn Sequence 3-8)."""
    while True:
        card = ctx.draw(ACTION_DECK, f"{st.tables.side_names[side]} turns over an action card",
                        "Turn Sequence 3-4", who=side)
        if st.tables.cards[card].kind != "turn_end":
            ctx.emit(E.ActionCardTurned(side=side, card=card))
            return
        ctx.discard_in_play(ACTION_DECK)
        first = end_turn(ctx, st, "the Turn End card was turned over")
        if first is None:
            return
        side = first


def turn_over(ctx: Resolution, st: RatState, reason: str) -> None:
    side = end_turn(ctx, st, reason)
    if side is not None:
        advance(ctx, st, side)


def end_turn(ctx: Resolution, st: RatState, reason: str) -> str | None:
    """Turn Sequence 6-8: morale, then Downed models, then a new turn. Returns who acts first, or None."""
    ctx.emit(E.TurnEnded(turn=st.turn, reason=reason))
    for deck in sorted(st.decks):
        ctx.discard_in_play(deck)
    morale(ctx, st)
    if st.result is not None:
        return None
    recover_downed(ctx, st)
    if st.turn >= st.tables.turn_limit:
        losses = {s: casualties(st, s) for s in st.sides}
        a, b = st.sides
        if losses[a] == losses[b]:
            ctx.emit(E.BattleEnded(winner=None, reason=f"turn {st.turn} was the last; both sides lost "
                                                        f"{losses[a]}, a draw"))
        else:
            win = a if losses[a] < losses[b] else b
            ctx.emit(E.BattleEnded(winner=win, reason=f"turn {st.turn} was the last; "
                                   f"{st.tables.side_names[win]} lost fewer ({losses[win]} to "
                                   f"{losses[st.other(win)]}) and holds the field"))
        return None
    return begin_turn(ctx, st, first_card=False)


def begin_turn(ctx: Resolution, st: RatState, first_card: bool = True) -> str:
    """Turn Sequence 1-2: shuffle the action deck; each player turns a card, the higher number acts first.

    The two initiative cards go back into the deck and it is shuffled again (readings: initiative).
    """
    ctx.emit(E.TurnBegan(turn=st.turn + 1))
    ctx.shuffle(ACTION_DECK, "shuffle the action cards for the new turn", "Turn Sequence 1")
    drawn = {}
    for side in st.sides:
        drawn[side] = ctx.draw(ACTION_DECK, f"{st.tables.side_names[side]} turns a card for initiative",
                               "Turn Sequence 2", who=side)
    winner = max(st.sides, key=lambda s: st.tables.cards[drawn[s]].number)
    ctx.emit(E.InitiativeWon(side=winner))
    ctx.discard_in_play(ACTION_DECK)
    ctx.shuffle(ACTION_DECK, "the initiative cards go back and the deck is shuffled", "Turn Sequence 2")
    if first_card:
        advance(ctx, st, winner)
    return winner


# -- opposed draws -------------------------------------------------------------

def draw_best(ctx: Resolution, side: str, n: int, purpose: str, rule: str, who: str,
              modifiers: tuple[str, ...] = ()) -> str:
    """Turn ``n`` cards from ``side``'s resolution deck and keep the best. Every card carries the
    ``modifiers`` (the extra cards and why) so the dice log and the teach pauses can name them."""
    cards = [ctx.draw(res_deck(side), purpose, rule, who=who, reshuffle_rule="Cards", modifiers=modifiers)
             for _ in range(n)]
    return best_card(cards)


# -- what changes a draw, in words (carried on every card drawn; the preview names the same) --------------

COVER_KIND = {1: "the open", 2: "soft cover", 3: "hard cover"}


def _best_kept(n: int) -> str:
    return f"{n} cards, best kept" if n > 1 else "1 card"


def cover_modifiers(st: RatState, target: Model, n_def: int) -> tuple[str, ...]:
    """Firing 6 and Line of sight and Terrain: why the target turns more than one card."""
    base = COVER_CARDS[st.tables.cover[target.at]]
    if n_def <= 1:
        return ()
    if n_def > base:
        return (f"{_best_kept(n_def)}: {target.name} is partly hidden behind terrain and counts as in "
                f"{COVER_KIND[n_def]} (Line of sight and Terrain; Firing 6)",)
    terrain = st.tables.terrain[st.tables.board[target.at]]
    return (f"{_best_kept(n_def)}: {target.name} is in {COVER_KIND[n_def]} ({terrain.name}) (Firing 6)",)


def shooter_modifiers(model: Model, mode: Mode, weapon_name: str) -> tuple[str, ...]:
    """Weapons (a sniper rifle turns two cards) and Leaders and Heroes (a Dead Shot turns one more)."""
    out = []
    if mode.cards > 1:
        out.append(f"{mode.cards} cards a shot, best kept: {weapon_name} (Weapons)")
    if "dead_shot" in model.heroes:
        out.append(f"+1 card a shot, best kept: {model.name} is a Dead Shot (Leaders and Heroes)")
    if len(out) > 1:
        out.append(f"{shooter_cards(model, mode)} cards a shot in all")
    return tuple(out)


def close_combat_modifiers(model: Model, attacking: bool) -> tuple[str, ...]:
    """Close Combat: the attacker turns two cards; a Bruiser one more (Leaders and Heroes)."""
    out = ["2 cards, best kept: the attacker in close combat (Close Combat)"] if attacking else []
    if "bruiser" in model.heroes:
        out.append(f"+1 card, best kept: {model.name} is a Bruiser (Leaders and Heroes)")
    if len(out) > 1:
        out.append(f"{2 if attacking else 1} + 1 = {(2 if attacking else 1) + 1} cards in all")
    return tuple(out)


# -- the card rules, each one small pure function: the resolution calls them with the cards turned, the
# -- previews (view.py) with every card that can be turned (engine.core.odds), so the odds cannot drift

ATTACKER, DEFENDER, TIE = "attacker", "defender", "tie"


@cache
def contest(a: str, d: str) -> str:
    """Cards: "highest card winning"; equal values go by suit, Spades, Hearts, Diamonds, Clubs; "both players
    draw the same card" (one from each deck) and the turn ends. ``ATTACKER``, ``DEFENDER`` or ``TIE``."""
    if a == d:
        return TIE
    return ATTACKER if card_strength(a) > card_strength(d) else DEFENDER


def damage_points(attack_value: int, ap: int, defence_value: int, armour: int) -> int:
    """Shooting at Vehicles 2-3: the attacker's card plus armour piercing against the defender's card plus the
    armour of the face hit; "the difference is the number of damage points" (none at 0 or less)."""
    return (attack_value + ap) - (defence_value + armour)


def crew_bail(crew_value: int, total_damage: int) -> bool:
    """Shooting at Vehicles 4: "The crew bail out if the numeric value of the resolution card is less than or
    equal to the accumulated damage"."""
    return crew_value <= total_damage


def compare(ctx: Resolution, attacker: Model, defender: Model, a: str, d: str, purpose: str, rule: str) -> bool:
    """Turn the two cards' :func:`contest` into its event; the same card ends the turn at once (Cards)."""
    winner = contest(a, d)
    if winner == TIE:
        ctx.emit(E.CardsCompared(attacker=attacker.id, defender=defender.id, attacker_card=a, defender_card=d,
                                 winner="tie", purpose=purpose, rule="Cards: the same card ends the turn"))
        raise TurnEnds
    win = winner == ATTACKER
    ctx.emit(E.CardsCompared(attacker=attacker.id, defender=defender.id, attacker_card=a, defender_card=d,
                             winner="attacker" if win else "defender", purpose=purpose, rule=rule))
    return win


def discard_resolution(ctx: Resolution, st: RatState) -> None:
    for side in st.sides:
        ctx.discard_in_play(res_deck(side))


def shooter_cards(model: Model, mode: Mode) -> int:
    """Cards per shot: the weapon's (a sniper rifle turns two) plus one for a Dead Shot."""
    return mode.cards + (1 if "dead_shot" in model.heroes else 0)


# -- firing ------------------------------------------------------------------------

def fire_at(ctx: Resolution, st: RatState, shooter: Model, weapon_id: str, mode_i: int, target: Model,
            shots: int, retargeted: bool = False) -> None:
    """Firing 1-6, and Shooting at Vehicles 1-4 when the target is a vehicle."""
    weapon = st.tables.weapons[weapon_id]
    mode = weapon.modes[mode_i]
    seen = None if retargeted else sight(st, shooter.at, target.at)
    n_att = shooter_cards(shooter, mode)
    if target.is_vehicle:
        # "Both players turn over a Resolution Card": no terrain cards for the vehicle; spare shots are
        # only retargeted "after Downing the target", so a hit on a vehicle ends the firing
        shoot_vehicle(ctx, st, shooter, target, mode.ap, n_att, shots, 1, weapon.name,
                      shooter_modifiers(shooter, mode, weapon.name))
        hit, left = False, 0
    else:
        n_def = cover_cards(st, target, seen)
        d = draw_best(ctx, target.side, n_def, f"{target.name} tries to dodge ({n_def} card(s): "
                      f"{st.tables.cover[target.at]} cover)", "Firing 2, 6", target.id,
                      cover_modifiers(st, target, n_def))
        att_mods = shooter_modifiers(shooter, mode, weapon.name)
        hit = False
        left = shots
        while left > 0 and not hit:
            first = left == shots
            left -= 1
            a = draw_best(ctx, shooter.side, n_att, f"{shooter.name} fires {weapon.name} at {target.name}",
                          "Firing 2" if first else "Firing 4", shooter.id, att_mods)
            if compare(ctx, shooter, target, a, d, f"{weapon.name} shot at {target.name}",
                       "Firing 3" if first else "Firing 4"):
                hit = True
                if target.status == OK:
                    ctx.emit(E.ModelDowned(model=target.id))
    discard_resolution(ctx, st)
    around = target.pos
    if hit and left > 0 and around is not None:
        candidates = tuple(
            m.id for m in st.models.values()
            if m.side == target.side and m.id != target.id and m.on_table
            and hex_distance(m.at, around) <= RETARGET_HEXES
            and not (m.is_vehicle and mode.ap == 0 and st.vehicle_type(m).armoured))
        if candidates:
            ctx.emit(E.RetargetOffered(shooter=shooter.id, weapon=weapon_id, mode=mode_i, shots=left,
                                       around=around, candidates=candidates))


def shoot_vehicle(ctx: Resolution, st: RatState, attacker: Model, vehicle: Model, ap: int, n_att: int,
                  shots: int, n_def: int, weapon_name: str, att_mods: tuple[str, ...] = ()) -> int:
    """Shooting at Vehicles 1: hit draws until a hit or the shots run out. Returns spare shots, -1 on no hit."""
    d = draw_best(ctx, vehicle.side, n_def, f"{vehicle.name} tries to avoid the hit", "Shooting at Vehicles 1",
                  vehicle.id)
    left = shots
    while left > 0:
        left -= 1
        a = draw_best(ctx, attacker.side, n_att, f"{attacker.name} attacks {vehicle.name} with {weapon_name}",
                      "Shooting at Vehicles 1", attacker.id, att_mods)
        if compare(ctx, attacker, vehicle, a, d, f"hit on {vehicle.name}", "Shooting at Vehicles 1"):
            discard_resolution(ctx, st)
            damage_vehicle(ctx, st, attacker, vehicle, ap, weapon_name)
            return left
    return -1


def damage_vehicle(ctx: Resolution, st: RatState, attacker: Model, vehicle: Model, ap: int,
                   weapon_name: str = "the attack") -> None:
    """Shooting at Vehicles 2-4: card + AP against card + armour of the face hit; then the crew test."""
    vt = st.vehicle_type(vehicle)
    arc = armour_arc(vehicle, attacker.at)
    armour = vt.armour[ARC_INDEX.get(arc, 2)]
    a = ctx.draw(res_deck(attacker.side), f"damage card, +{ap} armour piercing", "Shooting at Vehicles 2",
                 who=attacker.id, modifiers=(f"+{ap} to the card's value: armour piercing of {weapon_name} "
                                             f"(Shooting at Vehicles 2)",))
    d = ctx.draw(res_deck(vehicle.side), f"armour card, +{armour} {arc} armour", "Shooting at Vehicles 2",
                 who=vehicle.id, modifiers=(f"+{armour} to the card's value: {arc} armour of {vt.name} "
                                            f"(Shooting at Vehicles 2)",))
    a_total, d_total = card_value(a) + ap, card_value(d) + armour
    if a == d:
        compare(ctx, attacker, vehicle, a, d, "damage", "Shooting at Vehicles 2")
    points = damage_points(card_value(a), ap, card_value(d), armour)
    ctx.emit(E.CardsCompared(attacker=attacker.id, defender=vehicle.id, attacker_card=a, defender_card=d,
                             winner="attacker" if points > 0 else "defender",
                             purpose=f"damage: {a_total} against {d_total}", rule="Shooting at Vehicles 3"))
    discard_resolution(ctx, st)
    if points <= 0:
        return
    total = vehicle.damage + points
    ctx.emit(E.VehicleDamaged(model=vehicle.id, points=points, total=total, arc=arc))
    c = ctx.draw(res_deck(vehicle.side), f"crew nerve against {total} damage", "Shooting at Vehicles 4",
                 who=vehicle.id, modifiers=(f"the crew bail out on a card of {total} or less: the vehicle's "
                                            f"accumulated damage (Shooting at Vehicles 4)",))
    discard_resolution(ctx, st)
    if crew_bail(card_value(c), total):
        ctx.emit(E.CrewBailedOut(model=vehicle.id, crew=vt.crew))
        throw_passengers(ctx, st, vehicle)


def throw_passengers(ctx: Resolution, st: RatState, vehicle: Model) -> None:
    """Passengers of an abandoned carrier are placed Down around it (Shooting at Vehicles)."""
    for p in st.passengers(vehicle.id):
        spot = None
        for radius in (1, 2, 3):
            for h in ring(vehicle.at, radius):
                if h not in st.occupant and st.tables.costs[p.mover].get(h) is not None:
                    spot = h
                    break
            if spot:
                break
        if spot is None:
            ctx.emit(E.ModelCasualty(model=p.id, reason="no room to bail out", rule="Shooting at Vehicles"))
        else:
            ctx.emit(E.PassengerThrown(model=p.id, at=spot))


def grenade(ctx: Resolution, st: RatState, thrower: Model, weapon_id: str, mode_i: int, centre: Model) -> None:
    """Grenade: a 3-inch template on a model in range; everyone under it takes a single shot (Weapons)."""
    weapon = st.tables.weapons[weapon_id]
    mode = weapon.modes[mode_i]
    spot = centre.at
    seen = sight(st, thrower.at, spot)
    hexes = [spot] + spot.neighbours()
    victims = [st.models[st.occupant[h]] for h in hexes if h in st.occupant]
    for v in victims:
        if not v.on_table:
            continue
        if v.is_vehicle:
            if not st.vehicle_type(v).armoured:
                shoot_vehicle(ctx, st, thrower, v, mode.ap, shooter_cards(thrower, mode), 1, 1, weapon.name,
                              shooter_modifiers(thrower, mode, weapon.name))
                discard_resolution(ctx, st)
            continue
        n_def = cover_cards(st, v, seen if v is centre else None)
        d = draw_best(ctx, v.side, n_def, f"{v.name} under the grenade template ({n_def} card(s))",
                      "Weapons: Grenade", v.id, cover_modifiers(st, v, n_def))
        a = draw_best(ctx, thrower.side, shooter_cards(thrower, mode), f"{thrower.name}'s grenade at {v.name}",
                      "Weapons: Grenade", thrower.id, shooter_modifiers(thrower, mode, weapon.name))
        if compare(ctx, thrower, v, a, d, f"grenade blast on {v.name}", "Weapons: Grenade") and v.status == OK:
            ctx.emit(E.ModelDowned(model=v.id, rule="Weapons: Grenade"))
        discard_resolution(ctx, st)


def close_combat(ctx: Resolution, st: RatState, attacker: Model, target: Model) -> None:
    """Close Combat: attacker turns two cards, defender one (a Bruiser one more); the loser is a casualty.

    A Downed defender is a casualty without cards. A vehicle is assaulted at Armour Piercing Zero: the
    hit draw is the combat, and an attacker who loses it is the casualty.
    """
    bonus_a = 1 if "bruiser" in attacker.heroes else 0
    if target.is_vehicle:
        if shoot_vehicle(ctx, st, attacker, target, 0, 2 + bonus_a, 1, 1, "close assault",
                         close_combat_modifiers(attacker, True)) < 0:
            ctx.emit(E.ModelCasualty(model=attacker.id, reason=f"lost the close assault on {target.name}",
                                     rule="Close Combat"))
            discard_resolution(ctx, st)
        return
    if target.status == DOWN:
        ctx.emit(E.ModelCasualty(model=target.id, reason=f"caught Down in close combat by {attacker.name}",
                                 rule="Close Combat"))
        return
    bonus_d = 1 if "bruiser" in target.heroes else 0
    a = draw_best(ctx, attacker.side, 2 + bonus_a, f"{attacker.name} charges {target.name}", "Close Combat",
                  attacker.id, close_combat_modifiers(attacker, True))
    d = draw_best(ctx, target.side, 1 + bonus_d, f"{target.name} fights back", "Close Combat", target.id,
                  close_combat_modifiers(target, False))
    won = compare(ctx, attacker, target, a, d, f"close combat, {attacker.name} against {target.name}",
                  "Close Combat")
    loser = target if won else attacker
    ctx.emit(E.ModelCasualty(model=loser.id, reason="lost a close combat", rule="Close Combat"))
    discard_resolution(ctx, st)


# -- end of turn -------------------------------------------------------------------------

def casualties(st: RatState, side: str, force: str | None = None) -> int:
    """Casualties for morale: removed models, and the crew of abandoned vehicles (not Downed models)."""
    n = 0
    for m in st.models.values():
        if m.side != side or (force is not None and m.force != force):
            continue
        if m.status == CASUALTY:
            n += 1
        elif m.status == ABANDONED:
            n += st.vehicle_type(m).crew
    return n


def forces(st: RatState, side: str) -> list[str]:
    seen: list[str] = []
    for m in st.models.values():
        if m.side == side and m.force not in seen:
            seen.append(m.force)
    return seen


def morale(ctx: Resolution, st: RatState) -> None:
    """Morale Check: a card that must beat the casualties; leaders present and not Down add cards."""
    for side in st.sides:
        for force in forces(st, side):
            if f"{side}/{force}" in st.broken:
                continue
            lost = casualties(st, side, force)
            left = [m for m in st.models.values() if m.side == side and m.force == force
                    and (m.on_table or m.carried_by) and m.status != ABANDONED]
            if not left:
                ctx.emit(E.ForceBroken(side=side, force=force, reason="nobody is left on the battlefield"))
                continue
            leaders = sorted((m for m in left if present(m) and m.leader), key=lambda m: -m.leader)
            n = leaders[0].leader if leaders else 1
            mods = [f"must beat {lost} {'casualty' if lost == 1 else 'casualties'} (Morale Check)"]
            if leaders:
                mods.append(f"{n} cards, best kept: leader {leaders[0].name} on the battlefield and not Down "
                            f"(Morale Check; Leaders and Heroes)")
            card = draw_best(ctx, side, n, f"morale of {st.tables.side_names[side]} against {lost} casualties",
                             "Morale Check", side, tuple(mods))
            passed = card_value(card) > lost
            ctx.emit(E.MoraleTested(side=side, force=force, casualties=lost, card=card, cards=n, passed=passed))
            if not passed:
                ctx.emit(E.ForceBroken(side=side, force=force, reason=f"failed its morale check ({lost} casualties)"))
    discard_resolution(ctx, st)
    out = [s for s in st.sides if all(f"{s}/{f}" in st.broken for f in forces(st, s))]
    if len(out) == 2:
        ctx.emit(E.BattleEnded(winner=None, reason="both sides failed their morale: both lose"))
    elif len(out) == 1:
        win = st.other(out[0])
        ctx.emit(E.BattleEnded(winner=win, reason=f"the morale of {st.tables.side_names[out[0]]} broke"))


def recover_downed(ctx: Resolution, st: RatState) -> None:
    """Testing for Casualties: each Downed infantry model turns a card; black stands up, red is a casualty."""
    for side in st.sides:
        for m in list(st.models.values()):
            if m.side != side or m.status != DOWN or m.is_vehicle:
                continue
            card = ctx.draw(res_deck(side), f"is {m.name} still in the fight?", "Testing for Casualties",
                            who=m.id)
            if card_colour(card) == "black":
                ctx.emit(E.ModelRecovered(model=m.id))
            else:
                ctx.emit(E.ModelCasualty(model=m.id, reason="a red card: out of the fight",
                                         rule="Testing for Casualties"))
        ctx.discard_in_play(res_deck(side))
