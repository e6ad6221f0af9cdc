"""JTS RatFight rules: setting up the battle (Battlefield; Action Cards: one heavy vehicle) and the Turn
Sequence (initiative, the action cards turned in turn, the end of a turn).

The rest of the book has one module per section: :mod:`.movement` (Movement), :mod:`.lineofsight` (Line of
sight and Terrain), :mod:`.draws` (Cards: the opposed draws), :mod:`.firing` (Firing; Weapons),
:mod:`.vehicles` (Shooting at Vehicles), :mod:`.closecombat` (Close Combat), :mod:`.morale` (Morale Check;
Testing for Casualties) and :mod:`.refusals` (Action Cards: who may act, and why an order is refused).
Each order's check, offers and resolution are in :mod:`.orders`, the fold of each event in :mod:`.folds`;
:mod:`.rulebook` registers them side by side.

Section names in ``rule`` strings and docstrings are the rule book's headings
(seed 003, "JTS RatFight - Core Rules"); numbered steps are the book's lists.
Where the book is silent the choice is written in content/ratfight/readings.toml.
"""

from __future__ import annotations

from hexfront.engine.core.cards import Deck, standard_deck
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import Hex, offset_to_axial
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .data import Tables
from .morale import casualties, morale, recover_downed
from .refusals import _card
from .state import ACTION_DECK, Model, RatState, res_deck


def new_state(tables: Tables, campaign: bool = False) -> RatState:
    """The battle before setup; ``campaign``: a battle of a campaign (its end-of-battle draws are given)."""
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
    return RatState(tables=tables, models=models, decks=decks, campaign=campaign)


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


# -- the turn sequence

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
        card = ctx.draw(ACTION_DECK, f"an action card for {st.tables.side_names[side]}",
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
    if not morale(ctx, st):
        return None  # a side chooses its morale card first: after_morale goes on once it has
    return after_morale(ctx, st)


def after_morale(ctx: Resolution, st: RatState) -> str | None:
    """Turn Sequence 7-8, once every force has tested its morale: Downed models, then a new turn (or the
    end of the battle). Returns who acts first, or None."""
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
        drawn[side] = ctx.draw(ACTION_DECK, f"an initiative card for {st.tables.side_names[side]}",
                               "Turn Sequence 2", who=side)
    winner = max(st.sides, key=lambda s: st.tables.cards[drawn[s]].number)
    ctx.emit(E.InitiativeWon(side=winner))
    ctx.discard_in_play(ACTION_DECK)
    ctx.shuffle(ACTION_DECK, "the initiative cards go back and the deck is shuffled", "Turn Sequence 2")
    if first_card:
        advance(ctx, st, winner)
    return winner
