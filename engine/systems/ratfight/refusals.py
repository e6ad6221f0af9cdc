"""JTS RatFight: who may act on the action card up (Action Cards), and why an order is refused, in one line
that names the rule (Movement, Close Combat, Firing, Weapons, Leaders and Heroes: Inspiring).

The same checks say why a model has no order now (:func:`idle_reason`).
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance

from . import commands as C
from .data import ActionCard, Mode, Weapon
from .lineofsight import sight
from .morale import present
from .movement import _embark_hex, move_path
from .state import DOWN, OK, Model, RatState


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
    if st.morale is not None:  # Morale Check: the side chooses its card before anything else
        return "no model acts until a morale card is kept: choose Keep a morale card (1), then the card"
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
