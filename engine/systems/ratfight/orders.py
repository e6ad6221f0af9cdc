"""JTS RatFight orders, one type at a time: the reason each is refused (``check_*``), the orders of that type
legal now (``offer_*``) and its resolution (``resolve_*``). :mod:`.rulebook` registers them side by side.

Action Cards; Turn Sequence 3-5: the side whose action card is up gives orders on it; spare shots after a
hit (Firing 5) are placed before anything else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import closecombat, firing, morale, movement, refusals, rules
from . import commands as C
from . import events as E
from .data import ActionCard
from .draws import TurnEnds
from .state import ACTION_DECK, OK, Model, RatState

OrderT = TypeVar("OrderT")
ModelOrder = C.Move | C.Pivot | C.Assault | C.Embark | C.Disembark | C.Fire
#: An order one model gives (each names it as ``model``).
ModelOrderT = TypeVar("ModelOrderT", bound=ModelOrder)

SPARE_SHOTS_FIRST = "first choose where the spare shots go (or let them go)"


# -- what every order waits for ---------------------------------------------------------------------------

def _spare_shots_first(st: RatState) -> str | None:
    """Firing 5: while spare shots wait to be placed, nothing else may be ordered. Morale Check: nor while a
    side chooses which of its morale cards to keep."""
    if st.morale is not None:
        return f"first {st.tables.side_names[st.morale.side]} choose which morale card to keep (Morale Check)"
    return SPARE_SHOTS_FIRST if st.pending is not None else None


def _giving_orders(st: RatState) -> bool:
    """Someone is to give an order on a card (the battle is not over and no spare shots wait)."""
    return st.result is None and st.active is not None and st.pending is None


def _card_open(st: RatState) -> ActionCard | None:
    """The action card up, while models may still act on it (its count not used up), else None."""
    if not _giving_orders(st) or st.card is None:
        return None
    card = st.tables.cards[st.card]
    if card.count and len(st.used) >= card.count:
        return None
    return card


def _actors(st: RatState) -> list[Model]:
    """The active side's models still standing that have not acted on this card."""
    used = set(st.used)
    return [m for m in st.models.values() if m.side == st.active and m.status == OK and m.id not in used]


def _enemies(st: RatState) -> list[Model]:
    return [m for m in st.models.values() if m.side != st.active and m.on_table]


def _mover_refusal(st: RatState, cmd: ModelOrder) -> tuple[Model | None, str | None]:
    """Movement on a Move card (infantry) or a Move Vehicle card (vehicles); a tripod gun never moves."""
    why = _spare_shots_first(st)
    if why:
        return None, why
    own = refusals._own(st, cmd.model)
    if isinstance(own, str):
        return None, own
    model, card = own
    if model.is_vehicle:
        if card.kind != "vehicle":
            return None, f"a vehicle moves only on a Move Vehicle card, not {card.title}"
    elif card.kind != "move":
        return None, f"infantry move only on a Move card, not {card.title}"
    if model.immobile:
        return None, f"{model.name}'s tripod gun cannot be moved during the game"
    return model, None


def _infantry_refusal(st: RatState, cmd: C.Assault | C.Embark | C.Disembark) -> tuple[Model | None, str | None]:
    model, why = _mover_refusal(st, cmd)
    if why or model is None:
        return None, why
    if model.is_vehicle:
        return None, "vehicles do not close assault, embark or disembark"
    return model, None


def _turn_may_end(body: Callable[[Resolution, RatState, OrderT], None]) -> Callable[[Resolution, OrderT], None]:
    """Cards: both players turning the very same card ends the turn at once, whatever the order was doing."""

    def resolve(ctx: Resolution, cmd: OrderT) -> None:
        st: RatState = ctx.state
        try:
            body(ctx, st, cmd)
        except TurnEnds:
            rules.turn_over(ctx, st, "both players turned over the same card")

    resolve.__doc__ = body.__doc__
    return resolve


def _model_order(body: Callable[[Resolution, RatState, Model, ModelOrderT], None]
                 ) -> Callable[[Resolution, ModelOrderT], None]:
    """A model acts on the card up (Action Cards): it is marked as having acted, then the card is finished
    by itself once as many models as it allows have acted."""

    def order(ctx: Resolution, st: RatState, cmd: ModelOrderT) -> None:
        model = st.models[cmd.model]
        _, card = st.card_up()
        ctx.emit(E.ModelActivated(model=model.id, card=card))
        body(ctx, st, model, cmd)
        rules.after_action(ctx, st)

    order.__doc__ = body.__doc__
    return _turn_may_end(order)


# -- Pass ------------------------------------------------------------------------------------------------

def check_pass(st: RatState, cmd: C.Pass) -> str | None:
    return _spare_shots_first(st)


def offer_pass(st: RatState) -> list[C.Pass]:
    return [C.Pass()] if _giving_orders(st) else []


@_turn_may_end
def resolve_pass(ctx: Resolution, st: RatState, cmd: C.Pass) -> None:
    """Turn Sequence 3-4: done with the card (passed if nobody acted on it); the other side turns the next."""
    rules.end_card(ctx, st, passed=not st.used)


# -- Redraw (Inspiring) ------------------------------------------------------------------------------------

def check_redraw(st: RatState, cmd: C.Redraw) -> str | None:
    return _spare_shots_first(st) or refusals._redraw_refusal(st)


def offer_redraw(st: RatState) -> list[C.Redraw]:
    return [C.Redraw()] if _giving_orders(st) and refusals._redraw_refusal(st) is None else []


@_turn_may_end
def resolve_redraw(ctx: Resolution, st: RatState, cmd: C.Redraw) -> None:
    """Leaders and Heroes, Inspiring: throw the card away and turn another, once a turn."""
    side, card = st.card_up()
    ctx.emit(E.InspiringRedraw(side=side, card=card))
    ctx.discard_in_play(ACTION_DECK)
    rules.advance(ctx, st, side)


# -- KeepMoraleCard (Morale Check) -------------------------------------------------------------------------

def check_keep(st: RatState, cmd: C.KeepMoraleCard) -> str | None:
    return morale.keep_refusal(st, cmd.side, cmd.card)


def offer_keep(st: RatState) -> list[C.KeepMoraleCard]:
    choice = st.morale
    if st.result is not None or choice is None:
        return []
    return [C.KeepMoraleCard(choice.side, card) for card in choice.cards]


def resolve_keep(ctx: Resolution, cmd: C.KeepMoraleCard) -> None:
    """Morale Check: the side keeps the card it chose and discards the rest; once every force has tested,
    the turn goes on (Turn Sequence 7-8) and the side that wins the initiative turns its first card."""
    st: RatState = ctx.state
    if not morale.keep(ctx, st, cmd.card):
        return  # another force's choice waits
    first = rules.after_morale(ctx, st)
    if first is not None:
        rules.advance(ctx, st, first)


# -- Retarget (spare shots) ---------------------------------------------------------------------------------

def check_retarget(st: RatState, cmd: C.Retarget) -> str | None:
    if st.pending is None:
        return "there are no spare shots to retarget"
    if cmd.target is not None and cmd.target not in st.pending.candidates:
        return "spare shots may only go to an enemy within 3 inches (2 hexes) of the Downed model"
    return None


def offer_retarget(st: RatState) -> list[C.Retarget]:
    if st.result is not None or st.active is None or st.pending is None:
        return []
    return [C.Retarget(c) for c in st.pending.candidates] + [C.Retarget(None)]


@_turn_may_end
def resolve_retarget(ctx: Resolution, st: RatState, cmd: C.Retarget) -> None:
    """Firing 5: the spare shots of the same firing go at another enemy near the Downed one, or are lost."""
    pending = st.pending
    assert pending is not None  # checked
    ctx.emit(E.RetargetChosen(shooter=pending.shooter, target=cmd.target))
    if cmd.target is not None:
        shooter = st.models[pending.shooter]
        firing.fire_at(ctx, st, shooter, pending.weapon, pending.mode, st.models[cmd.target], pending.shots,
                      retargeted=True)
    rules.after_action(ctx, st)


# -- Move ----------------------------------------------------------------------------------------------------

def check_move(st: RatState, cmd: C.Move) -> str | None:
    model, why = _mover_refusal(st, cmd)
    if why or model is None:
        return why
    return refusals._move_refusal(st, model, cmd)


def offer_move(st: RatState) -> list[C.Move]:
    card = _card_open(st)
    if card is None or card.kind not in ("move", "vehicle"):
        return []
    out = []
    for m in _actors(st):
        if m.pos is None or m.is_vehicle != (card.kind == "vehicle") or (m.immobile and not m.is_vehicle):
            continue
        out += [C.Move(m.id, h) for h in movement.reach(st, m) if h != m.pos]
        if m.is_vehicle:
            out += [C.Move(m.id, h, reverse=True) for h in movement.reach(st, m, reverse=True) if h != m.pos]
    return out


@_model_order
def resolve_move(ctx: Resolution, st: RatState, model: Model, cmd: C.Move) -> None:
    """Movement: along the cheapest path; a vehicle ends facing along its last step (not when reversing)."""
    path = movement.move_path(st, model, cmd.to, cmd.reverse)
    assert path is not None  # checked
    facing = None
    if model.is_vehicle and not cmd.reverse:
        facing = path[-2].direction_to(path[-1])
    ctx.emit(E.ModelMoved(model=model.id, path=tuple(path), facing=facing, reverse=cmd.reverse))


# -- Pivot ---------------------------------------------------------------------------------------------------

def check_pivot(st: RatState, cmd: C.Pivot) -> str | None:
    model, why = _mover_refusal(st, cmd)
    if why or model is None:
        return why
    if not model.is_vehicle:
        return "only vehicles pivot on the spot"
    if cmd.facing not in range(6) or cmd.facing == model.facing:
        return "choose a new facing, 0 to 5"
    return None


def offer_pivot(st: RatState) -> list[C.Pivot]:
    card = _card_open(st)
    if card is None or card.kind != "vehicle":
        return []
    return [C.Pivot(m.id, f) for m in _actors(st) if m.is_vehicle and m.pos is not None
            for f in range(6) if f != m.facing]


@_model_order
def resolve_pivot(ctx: Resolution, st: RatState, model: Model, cmd: C.Pivot) -> None:
    """Movement: a vehicle turns on the spot as its move."""
    ctx.emit(E.VehiclePivoted(model=model.id, facing=cmd.facing))


# -- Assault -------------------------------------------------------------------------------------------------

def check_assault(st: RatState, cmd: C.Assault) -> str | None:
    model, why = _infantry_refusal(st, cmd)
    if why or model is None:
        return why
    return refusals._assault_refusal(st, model, cmd)


def offer_assault(st: RatState) -> list[C.Assault]:
    card = _card_open(st)
    if card is None or card.kind != "move":
        return []
    out = []
    enemies = _enemies(st)
    for m in _actors(st):
        here = m.pos
        if m.is_vehicle or m.immobile or here is None:
            continue
        r = movement.reach(st, m)
        for e in enemies:
            if hex_distance(here, e.at) > st.tables.movers[m.mover].road + 1:
                continue
            out += [C.Assault(m.id, e.id, h) for h in e.at.neighbours() if h == here or h in r]
    return out


@_model_order
def resolve_assault(ctx: Resolution, st: RatState, model: Model, cmd: C.Assault) -> None:
    """Close Combat: move into contact, then fight it out."""
    if cmd.to != model.pos:
        path = movement.move_path(st, model, cmd.to)
        assert path is not None  # checked
        ctx.emit(E.ModelMoved(model=model.id, path=tuple(path)))
    closecombat.close_combat(ctx, st, model, st.models[cmd.target])


# -- Embark --------------------------------------------------------------------------------------------------

def check_embark(st: RatState, cmd: C.Embark) -> str | None:
    model, why = _infantry_refusal(st, cmd)
    if why or model is None:
        return why
    return refusals._embark_refusal(st, model, cmd)


def offer_embark(st: RatState) -> list[C.Embark]:
    card = _card_open(st)
    if card is None or card.kind != "move":
        return []
    carriers = refusals.actors_vehicles(st, st.active) if st.active else []
    return [C.Embark(m.id, v.id) for m in _actors(st)
            if not (m.is_vehicle or m.immobile or m.pos is None)
            for v in carriers
            if len(st.passengers(v.id)) < st.vehicle_type(v).capacity and movement._embark_hex(st, m, v)]


@_model_order
def resolve_embark(ctx: Resolution, st: RatState, model: Model, cmd: C.Embark) -> None:
    """A model walks to a friendly carrier (the nearest hex next to it) and climbs in."""
    h = movement._embark_hex(st, model, st.models[cmd.vehicle])
    assert h is not None  # checked: the check refuses a carrier the model cannot reach
    if h != model.pos:
        path = movement.move_path(st, model, h)
        assert path is not None  # checked
        ctx.emit(E.ModelMoved(model=model.id, path=tuple(path)))
    ctx.emit(E.ModelEmbarked(model=model.id, vehicle=cmd.vehicle))


# -- Disembark -----------------------------------------------------------------------------------------------

def check_disembark(st: RatState, cmd: C.Disembark) -> str | None:
    model, why = _infantry_refusal(st, cmd)
    if why or model is None:
        return why
    return refusals._disembark_refusal(st, model, cmd)


def offer_disembark(st: RatState) -> list[C.Disembark]:
    card = _card_open(st)
    if card is None or card.kind != "move":
        return []
    out = []
    for m in _actors(st):
        if m.is_vehicle or m.immobile or m.pos is not None or m.carried_by is None:
            continue
        v = st.models[m.carried_by]
        if v.status == OK:
            out += [C.Disembark(m.id, h) for h in v.at.neighbours()
                    if h not in st.occupant and st.tables.costs[m.mover].get(h) is not None]
    return out


@_model_order
def resolve_disembark(ctx: Resolution, st: RatState, model: Model, cmd: C.Disembark) -> None:
    """A passenger climbs out into a hex next to its carrier."""
    ctx.emit(E.ModelDisembarked(model=model.id, to=cmd.to))


# -- Fire ----------------------------------------------------------------------------------------------------

def check_fire(st: RatState, cmd: C.Fire) -> str | None:
    return _spare_shots_first(st) or refusals._fire_refusal(st, cmd)


def offer_fire(st: RatState) -> list[C.Fire]:
    card = _card_open(st)
    if card is None or card.kind != "fire":
        return []
    out = []
    enemies = _enemies(st)
    for m in _actors(st):
        here = m.pos
        if here is None or (card.infantry_only and m.is_vehicle):
            continue
        for wid in m.weapons:
            weapon = st.tables.weapons[wid]
            for i, mode in enumerate(weapon.modes):
                out += [C.Fire(m.id, wid, e.id, i) for e in enemies
                        if hex_distance(here, e.at) <= mode.range
                        and refusals._shot_refusal(st, m, weapon, mode, e) is None]
    return out


@_model_order
def resolve_fire(ctx: Resolution, st: RatState, model: Model, cmd: C.Fire) -> None:
    """Firing (a vehicle's turret swings to the target first); a grenade's template (Weapons)."""
    target = st.models[cmd.target]
    if model.is_vehicle:
        ctx.emit(E.TurretTurned(model=model.id, facing=movement.direction_towards(model.at, target.at)))
    weapon = st.tables.weapons[cmd.weapon]
    if weapon.modes[cmd.mode].template:
        firing.grenade(ctx, st, model, cmd.weapon, cmd.mode, target)
    else:
        firing.fire_at(ctx, st, model, cmd.weapon, cmd.mode, target, weapon.modes[cmd.mode].shots)


def model_orders(st: RatState) -> list[ModelOrder]:
    """The orders a model may be given now (for the activation pane's "waiting" models)."""
    return [*offer_move(st), *offer_pivot(st), *offer_assault(st), *offer_embark(st), *offer_disembark(st),
            *offer_fire(st)]
