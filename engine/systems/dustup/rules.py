"""Dustup's turn sequence, activation, movement and the simple actions, and the dispatch to the
modules for the rest (fire.py, assault.py, command.py).

Each action module exports ``ACTIONS``: ``{command type: Action(check, resolve, offer)}`` where
``check(st, unit, cmd)`` returns a refusal or None, ``resolve(ctx, unit, cmd)`` resolves it (the
unit's activation has begun; the action spends its own actions with :func:`spend`), and
``offer(st, unit)`` lists the commands of that type the unit may give now. ``DECISIONS`` maps a
pending decision's kind to ``(choices(st), resolve(ctx, choice))``. ``FOLD`` maps the module's own
event types to fold functions.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from engine.core.hexes import Hex, LOS_BLOCK, LOS_OBSCURE, hex_distance, line_of_sight, offset_to_axial, \
    reachable, shortest_path
from engine.core.resolution import Resolution

from . import checks
from . import commands as C
from . import events as E
from . import unitfacts
from .data import COVER_SHIFT, FATIGUE, MEDICS, MOVE_DICE, QUALITY, SENSORS, SYSTEM_DICE, Tables, parse_figures
from .dice import shift
from .unitfacts import flying, place as _place, vacate as _vacate
from .state import (ABANDONED, CONFIDENCE, CONFIDENT, DETACHMENT, DISABLED, FIT, HULL, KILLED, ROUTED, SHAKEN, BROKEN,
                    SINGLE, SQUAD, COMMAND, STABILISED, UNTREATED, WEAPON, Active, DustState, Feature, Figure,
                    Marker, Mission, Pending, Unit)

ACTIVATION_DECK = "activation"
TURN_END_CARD = "turn-end"


@attrs.frozen
class Action:
    check: Callable[[DustState, Unit, Any], str | None]
    resolve: Callable[[Resolution, Unit, Any], None]
    offer: Callable[[DustState, Unit], list[Any]]


# ---------------------------------------------------------------------------------------------
# Setting up
# ---------------------------------------------------------------------------------------------


def new_state(tables: Tables, options: dict[str, Any]) -> DustState:
    units: dict[str, Unit] = {}
    for spec in tables.deployment:
        if "vehicle" in spec:
            for v in build_vehicle(tables, spec):
                units[v.id] = v
        else:
            units[spec["id"]] = build_unit(tables, spec)
    for spec in tables.deployment:
        if spec.get("in"):  # passengers start inside their vehicle (Transport of Infantry)
            u = units[spec["id"]]
            u.carried_by = str(spec["in"])
            u.pos = units[u.carried_by].pos
            if units[u.carried_by].off_table:  # aboard an aircraft still on the inbound chart
                u.off_table = True
    for u in units.values():
        if u.commander is not None and u.commander not in units:
            from engine.core.errors import ContentError

            raise ContentError(f"unit {u.id} names commander {u.commander!r}, which is not in the scenario")
    st = DustState(tables=tables, options=dict(options), units=units, markers={}, decks={})
    for u in units.values():
        if u.carried_by is None and u.hull is None and u.pos is not None and u.pos not in st.occupant \
                and not u.off_table and not flying(u):
            st.occupant[u.pos] = u.id
    if options.get("activation") in ("chits", "chits-quality", "cards"):
        from engine.core.cards import Deck

        st.decks[ACTIVATION_DECK] = Deck(draw_pile=[], in_play=[], discard=[])
    return st


def build_unit(t: Tables, spec: dict[str, Any]) -> Unit:
    uid = str(spec["id"])
    armour = t.armour[spec.get("armour", "basic")]
    figures = []
    roles = parse_figures(spec["figures"], f"unit {uid}")
    if not any(r in ("leader", "commander") for r, _ in roles):
        first = next(i for i, (r, _) in enumerate(roles) if r != WEAPON)
        roles[first] = ("leader", roles[first][1])
    for i, (role, weapon) in enumerate(roles):
        if role == WEAPON:  # a crew-served heavy weapon: D8 armour (Hits on Heavy Weapons)
            figures.append(Figure(id=f"{uid}.{i + 1}", name=f"{t.weapons[weapon].name} {uid}.{i + 1}",
                                  weapon=weapon, armour=8, role=WEAPON, ready=bool(spec.get("set_up", True))))
            continue
        name = {"leader": "Leader", "commander": "Commander", "medic": "Medic", "observer": "Observer"}.get(
            role, f"Trooper {i + 1}")
        figures.append(Figure(id=f"{uid}.{i + 1}", name=f"{name} {uid}.{i + 1}" if role else f"{uid}.{i + 1}",
                              weapon=weapon, armour=armour.die, power=armour.power, role=role,
                              unarmoured=armour.unarmoured))
    side = spec["side"]
    start = CONFIDENCE.index(spec.get("confidence", FATIGUE[t.side_info[side]["fatigue"]]))
    kind = spec.get("kind", "single" if len(figures) == 1 else "squad")
    medic = MEDICS[spec.get("medic", "medic" if any(f.role == "medic" for f in figures) else "none")]
    move = spec.get("move", "infantry")
    return Unit(
        id=uid, side=side, name=str(spec.get("name", uid)), kind=kind, quality=QUALITY[spec.get("quality", "experienced")],
        leadership=int(spec.get("leadership", 2)), figures=figures,
        pos=offset_to_axial(*spec["at"]), confidence=start, initial_confidence=start, move_die=MOVE_DICE[move],
        level=int(spec.get("level", 1 if kind == COMMAND else 0)), commander=spec.get("commander"),
        cavalry=move == "cavalry", mounted=move == "cavalry", hidden=bool(spec.get("hidden", False)),
        terror=bool(spec.get("terror", False)), sensor=SENSORS[spec.get("sensor", "unaided")],
        night_vision=bool(spec.get("night_vision", False)), medic=medic, grenades=spec.get("grenades"),
        power=armour.power, strike=int(spec.get("strike", 1)), cc_impact=_value_of(spec.get("cc_impact", 6)),
        ecm=SYSTEM_DICE[spec.get("ecm", "none")], ew=EW_DICE[spec.get("ew", "")],
        drones=EW_DICE[spec.get("drones", "")], fo=bool(spec.get("fo", False)),
        rangefinder=RANGEFINDERS.get(spec.get("rangefinder", ""), 4),
        off_table=bool(spec.get("inbound")),
    )


def _value_of(v: Any) -> int:
    from .dice import parse_value

    return v if isinstance(v, int) else parse_value(v)


def build_vehicle(t: Tables, spec: dict[str, Any]) -> list[Unit]:
    """A vehicle, mech, monster, aircraft or building from its type in vehicles.toml (Armoured Dustup:
    General Rules: each vehicle is a unit with a quality, a leadership and two actions). Its body is
    one "hull" figure; each weapon a "weapon" figure. A super-heavy vehicle's turrets are units of
    their own on the same hex (Super-Heavy Vehicles)."""
    vt = t.vehicles[spec["vehicle"]]
    uid = str(spec["id"])
    side = spec["side"]
    start = CONFIDENCE.index(spec.get("confidence", FATIGUE[t.side_info[side]["fatigue"]]))
    pos = offset_to_axial(*spec["at"])

    def one(vid: str, name: str, vtype, hull: str | None) -> Unit:
        figures = [Figure(id=f"{vid}.0", name=name, weapon="", armour=vtype.armour[0], role=HULL)]
        for i, w in enumerate(vtype.weapons):
            figures.append(Figure(id=f"{vid}.{i + 1}", name=f"{t.weapons[w].name} ({name})", weapon=w, armour=8,
                                  role=WEAPON))
        air = spec.get("air", "grounded" if vtype.kind == "aircraft" else "")
        return Unit(
            id=vid, side=side, name=name, kind=SINGLE, quality=QUALITY[spec.get("quality", "experienced")],
            leadership=int(spec.get("leadership", 2)), figures=figures, pos=pos, confidence=start,
            initial_confidence=start, move_die=vtype.move, hidden=bool(spec.get("hidden", False)),
            commander=spec.get("commander"), terror=vtype.terror or bool(spec.get("terror", False)),
            sensor=SENSORS[spec.get("sensor", "aided")], night_vision=bool(spec.get("night_vision", False)),
            strike=vtype.strike, cc_impact=vtype.cc_impact, vehicle=vtype.kind, vtype=vtype.id, size=vtype.size,
            mover=vtype.mover, facing=int(spec.get("facing", 0)), armour_faces=vtype.armour,
            open_top=vtype.open_top, soft_skin=vtype.soft_skin, firing_ports=vtype.firing_ports,
            capacity=vtype.capacity, ecm=SYSTEM_DICE[spec["ecm"]] if "ecm" in spec else vtype.ecm,
            decoys=vtype.decoys, area_protection=vtype.area_protection, stabilisation=vtype.stabilisation,
            slaved=vtype.slaved, smoke_dischargers=vtype.smoke_dischargers, exhaust_smoke=vtype.exhaust_smoke,
            air=air, vtol=vtype.vtol, hull=hull, plough=vtype.plough, line_charges=vtype.line_charges,
            off_table=bool(spec.get("inbound")), ew=EW_DICE.get(spec.get("ew", ""), 0),
        )

    out = [one(uid, str(spec.get("name", vt.name)), vt, None)]
    for i, tid in enumerate(vt.turrets):
        out.append(one(f"{uid}-t{i + 1}", f"{out[0].name}, turret {i + 1}", t.vehicles[tid], uid))
    return out


EW_DICE = {"": 0, "inferior": 6, "average": 8, "superior": 10}
RANGEFINDERS = {"basic": 6, "advanced": 8, "superior": 10}


def setup(ctx: Resolution) -> None:
    st: DustState = ctx.state
    if st.options.get("random_setup"):
        random_setup(ctx)
    tokens = int(st.options.get("seize_tokens", 0) or 0)
    for side in st.sides:
        st.tokens[side] = tokens  # set before any event: part of the starting position
        st.support_chits[side] = st.tables.side_info[side].get("support_chits", 0)
    for hook in hooks("SETUP"):  # features laid before the battle, aircraft on the inbound chart...
        hook(ctx)
    n = 0
    for u in st.units.values():
        if u.hidden:
            n += 1
            ctx.emit(E.MarkerPlaced(marker=f"?{n}", side=u.side, at=u.pos, unit=u.id))
    for side, at in st.tables.dummies:
        n += 1
        ctx.emit(E.MarkerPlaced(marker=f"?{n}", side=side, at=at, unit=None))
    sight_checks(ctx, None)  # troops deployed in sight of the enemy see it from the start
    begin_turn(ctx)


def random_setup(ctx: Resolution) -> None:
    """Forces (optional): quality, leadership and confidence rolled on a D6 for each unit."""
    rule = "Forces: Quality and Leadership; Confidence (optional random set-up)"
    for u in ctx.state.units.values():
        q = ctx.roll(6, f"{u.name}: quality (1 green, 2-5 experienced, 6 veteran)", rule, u.id)
        quality = 6 if q == 1 else 10 if q == 6 else 8
        lv_roll = ctx.roll(6, f"{u.name}: leadership (1 poor, 2-5 average, 6 inspirational)", rule, u.id)
        lv = 3 if lv_roll == 1 else 1 if lv_roll == 6 else 2
        level = CONFIDENT
        if ctx.roll(6, f"{u.name}: confidence (1 drops to steady)", rule, u.id) == 1:
            level -= 1
            if ctx.roll(6, f"{u.name}: confidence again (1 drops to shaken)", rule, u.id) == 1:
                level -= 1
        ctx.emit(E.RatingsRolled(unit=u.id, quality=quality, leadership=lv, confidence=level, rule=rule))


# ---------------------------------------------------------------------------------------------
# Turns and activations
# ---------------------------------------------------------------------------------------------


def begin_turn(ctx: Resolution) -> None:
    st: DustState = ctx.state
    ctx.emit(E.TurnBegan(turn=st.turn + 1))
    for hook in hooks("TURN_BEGIN"):  # the inbound chart moves on, decoys are ready again...
        hook(ctx)
    mode = st.options.get("activation", "alternate")
    if mode == "cards":
        cards = [u.id for u in st.units.values() if u.on_table and u.kind != DETACHMENT]
        # the deal event's fold empties every pile first (state changes only in folds)
        ctx.emit(E.ActivationDeckDealt(cards=tuple(cards + [TURN_END_CARD])))
        ctx.shuffle(ACTIVATION_DECK, "a card for each unit and the turn-end card", "Random Activation (card draw)")
        next_activation(ctx)
        return
    if mode in ("chits", "chits-quality"):
        chits = []
        for u in st.units.values():
            if not u.on_table or u.kind == DETACHMENT:
                continue
            count = 1
            if mode == "chits-quality":
                count = 2 if u.quality >= 10 else 0 if u.quality == 4 else 1
            chits += [f"{u.side}:{u.id}:{i}" for i in range(count)]
        ctx.emit(E.ActivationDeckDealt(cards=tuple(chits)))
        ctx.shuffle(ACTIVATION_DECK, "a chit for each unit, in its side's colour", "Random Activation (chit draw)")
        next_activation(ctx)
        return
    rolls: dict[str, int] = {}
    while True:
        for side in st.sides:
            rolls[side] = ctx.roll(8, f"{st.tables.side_names[side]}: roll-off for the turn", "Turn Sequence", side)
        a, b = st.sides
        if rolls[a] != rolls[b]:
            break
    winner = a if rolls[a] > rolls[b] else b
    ctx.emit(E.RollOffWon(side=winner))
    ctx.emit(E.DecisionAsked(side=winner, kind="first", data=("first", "second"), rule="Turn Sequence"))


def next_activation(ctx: Resolution) -> None:
    """Nothing is acting: decide who activates next, or end the turn."""
    st: DustState = ctx.state
    if st.result is not None:
        return
    a, b = st.sides
    left = {s: len(st.unactivated(s)) for s in st.sides}
    mode = st.options.get("activation", "alternate")
    if mode == "cards":
        while True:
            deck = st.decks[ACTIVATION_DECK]
            if not deck.draw_pile:
                end_turn(ctx, "every card has been drawn")
                return
            card = ctx.draw(ACTIVATION_DECK, "which unit acts next", "Random Activation (card draw)")
            ctx.emit(E.ForcedUnit(unit=None))
            if card == TURN_END_CARD:
                end_turn(ctx, "the turn-end card came up")
                return
            u = st.units.get(card)
            if u is not None and u.on_table and not u.activated:
                ctx.emit(E.ForcedUnit(unit=u.id))
                ctx.emit(E.SideToAct(side=u.side, reason=f"{u.name}'s card"))
                return
    if mode in ("chits", "chits-quality"):
        while True:
            if not left[a] and not left[b]:
                end_turn(ctx, "every unit has acted")
                return
            deck = st.decks[ACTIVATION_DECK]
            if not deck.draw_pile:
                # chits withheld for untrained units: a side with units left activates one, then the turn ends
                for side in st.sides:
                    if left[side] and st.chit_leftover is None:
                        ctx.emit(E.SideToAct(side=side, reason="the chits are used up; one last activation"))
                        ctx.emit(E.LastActivation(side=side))
                        return
                end_turn(ctx, "the chits are used up")
                return
            chit = ctx.draw(ACTIVATION_DECK, "which side activates next", "Random Activation (chit draw)")
            side = chit.split(":")[0]
            if left.get(side):
                ctx.emit(E.SideToAct(side=side, reason="its chit was drawn"))
                return
    if not left[a] and not left[b]:
        end_turn(ctx, "every unit has acted")
        return
    side = st.to_act or st.first or a
    if not left[side]:
        side = st.other(side)
    ctx.emit(E.SideToAct(side=side))
    offer_seize(ctx)


def offer_seize(ctx: Resolution) -> None:
    """Seize the Initiative (optional): before a normal activation, the other side may spend a token.

    The question is put once for each activation (``seize_asked``): a side that declines is not
    asked again until the next activation has come and gone.
    """
    st: DustState = ctx.state
    side = st.to_act
    if side is None or not st.options.get("seize_tokens") or st.seize_asked:
        return
    _ask_seize(ctx, st.other(side))


def _ask_seize(ctx: Resolution, side: str) -> None:
    st: DustState = ctx.state
    if st.tokens.get(side, 0) > 0 and st.unactivated(side):
        choices = ("decline",) + tuple(f"seize:{u.id}" for u in st.unactivated(side))
        ctx.emit(E.DecisionAsked(side=side, kind="seize", data=choices, rule="Seize the Initiative"))


def end_turn(ctx: Resolution, reason: str) -> None:
    st: DustState = ctx.state
    for hook in hooks("TURN_END"):  # fires burn and spread, smoke drifts and thins
        hook(ctx)
        if st.result is not None:
            return
    ctx.emit(E.TurnEnded(turn=st.turn))
    if st.turn >= st.tables.turn_limit:
        finish_at_turn_limit(ctx)
        return
    begin_turn(ctx)


def finish_at_turn_limit(ctx: Resolution) -> None:
    st: DustState = ctx.state
    held = {s: objectives_held(st, s) for s in st.sides}
    a, b = st.sides
    if held[a] != held[b]:
        win = a if held[a] > held[b] else b
        ctx.emit(E.BattleEnded(winner=win, reason=f"turn {st.turn} is over: {st.tables.side_names[win]} "
                               f"hold {held[win]} objective(s) to {held[st.other(win)]}"))
        return
    losses = {s: casualties(st, s) for s in st.sides}
    if losses[a] != losses[b]:
        win = a if losses[a] < losses[b] else b
        ctx.emit(E.BattleEnded(winner=win, reason=f"turn {st.turn} is over; objectives even, "
                               f"{st.tables.side_names[win]} lost fewer figures ({losses[win]} to "
                               f"{losses[st.other(win)]})"))
        return
    ctx.emit(E.BattleEnded(winner=None, reason=f"turn {st.turn} is over: objectives and losses even"))


def objectives_held(st: DustState, side: str) -> int:
    """An objective is held by the side with a fighting unit (not broken or routed) on it or next to it,
    when no such enemy unit is as close."""
    held = 0
    for obj in st.tables.objectives:
        best: dict[str, int] = {}
        for u in st.units.values():
            if u.on_table and u.confidence > BROKEN:
                d = hex_distance(u.pos, obj)
                if d <= 1:
                    best[u.side] = min(best.get(u.side, 9), d)
        if side in best and best[side] < best.get(st.other(side), 9):
            held += 1
    return held


def casualties(st: DustState, side: str) -> int:
    return sum(1 for u in st.units.values() if u.side == side for f in u.figures
               if f.status in (KILLED, UNTREATED, STABILISED, ABANDONED, "disabled"))


def fighting(st: DustState, side: str) -> list[Unit]:
    return [u for u in st.units.values() if u.side == side and u.on_table and u.confidence > ROUTED]


def fire_target_refusal(st: DustState, u: Unit, target_id: str) -> str | None:
    """Why ``u`` may not fire at unit ``target_id`` at all (Shoot Action; Firing Heavy Weapons;
    Firing from Aircraft): none such, a friend, off the table, or hidden (only a marker shows)."""
    target = st.units.get(target_id)
    if target is None:
        return f"there is no unit '{target_id}'"
    if target.side == u.side:
        return f"{target.name} is on your own side"
    if not target.on_table:
        return f"{target.name} is not on the table"
    if target.hidden:
        return "you cannot fire at a hidden unit: it shows only as a marker until a Detect action finds it"
    return None


def still_coming(st: DustState, side: str) -> bool:
    """Aircraft or inserted troops of ``side`` still on the inbound chart: the side is not beaten yet."""
    return any(m.side == side and m.kind == "aircraft" for m in st.missions.values())


def check_outcome(ctx: Resolution) -> None:
    st: DustState = ctx.state
    if st.result is not None:
        return
    out = [s for s in st.sides if not fighting(st, s) and not still_coming(st, s)]
    if len(out) == 2:
        ctx.emit(E.BattleEnded(winner=None, reason="both forces are destroyed or routed"))
    elif out:
        loser = out[0]
        win = st.other(loser)
        ctx.emit(E.BattleEnded(winner=win, reason=f"{st.tables.side_names[loser]} have no unit left fighting"))


def spend(ctx: Resolution, u: Unit, action: str, n: int = 1) -> None:
    """The acting unit uses ``n`` of its actions on ``action``."""
    ctx.emit(E.ActionTaken(unit=u.id, action=action, spent=n))


def push_activation(ctx: Resolution, u: Unit, by: str) -> None:
    """Activate ``u`` for two actions on top of whatever is acting (Order Action; detachments)."""
    ctx.emit(E.ActivationBegan(unit=u.id, by=by, rule="Order Action" if by == "order" else "Unit Activation"))
    activation_hooks(ctx, u)


def activation_hooks(ctx: Resolution, u: Unit) -> None:
    """What happens as a unit activates, besides the marker: its smoke cloud lifts (Artificial
    Smoke), its EW counters are renewed (Electronic Warfare), its move count resets..."""
    for hook in hooks("ACTIVATION_BEGIN"):
        hook(ctx, u)


def advance(ctx: Resolution) -> None:
    """After a command: close finished activations, check the battle's end, choose who acts next."""
    st: DustState = ctx.state
    while True:
        if st.result is not None or st.pending is not None:
            return
        top = st.active
        if top is None:
            break
        u = st.units.get(top.unit)
        if top.actions > 0 and u is not None and u.on_table:
            return
        by = top.by
        if u is not None:
            for hook in hooks("ACTIVATION_END"):  # a VTOL that did not move hovers (Aerospace)
                hook(ctx, u)
            if st.pending is not None:
                return
        ctx.emit(E.ActivationEnded(unit=top.unit))
        if not st.stack and by in ("turn", "card", "leftover"):
            ctx.emit(E.ForcedUnit(unit=None))
            side = u.side if u is not None else st.to_act
            other = st.other(side)
            mode = st.options.get("activation", "alternate")
            if by == "leftover":
                check_outcome(ctx)
                if st.result is not None:
                    return
                # Random Activation (chit draw): each side left with unactivated units when the chits
                # run out activates one of them, in the order of the sides; then the turn ends
                later = [s for s in st.sides[st.sides.index(side) + 1:] if st.unactivated(s)]
                if later:
                    ctx.emit(E.SideToAct(side=later[0], reason="the chits are used up; one last activation"))
                    ctx.emit(E.LastActivation(side=later[0]))
                    return
                end_turn(ctx, "the last activation is over")
                return
            if mode == "alternate":
                ctx.emit(E.SideToAct(side=other if st.unactivated(other) else side))
    check_outcome(ctx)
    if st.result is None:
        next_activation(ctx)


# ---------------------------------------------------------------------------------------------
# Who may act, and which orders are legal
# ---------------------------------------------------------------------------------------------


def side_to_act(st: DustState) -> str | None:
    if st.result is not None:
        return None
    if st.pending is not None:
        return st.pending.side
    if st.active is not None:
        u = st.units.get(st.active.unit)
        return u.side if u else st.to_act
    return st.to_act


def _registry() -> tuple[dict[type, Action], dict[str, tuple], dict[type, Callable]]:
    global _ACTIONS, _DECISIONS, _FOLDS, _SIDE_ACTIONS
    if _ACTIONS is None:
        actions: dict[type, Action] = dict(BASIC_ACTIONS)
        decisions: dict[str, tuple] = dict(BASIC_DECISIONS)
        folds: dict[type, Callable] = dict(FOLD)
        side_actions: dict[type, Action] = {}
        for mod in _modules():
            actions.update(getattr(mod, "ACTIONS", {}))
            decisions.update(getattr(mod, "DECISIONS", {}))
            folds.update(getattr(mod, "FOLD", {}))
            side_actions.update(getattr(mod, "SIDE_ACTIONS", {}))
        _ACTIONS, _DECISIONS, _FOLDS, _SIDE_ACTIONS = actions, decisions, folds, side_actions
    return _ACTIONS, _DECISIONS, _FOLDS


def side_actions() -> dict[type, Action]:
    """Orders a side gives instead of activating a unit (resolving a fire support impact, moving a
    counter on the inbound chart): ``{command type: Action(check(st, side, cmd), resolve(ctx, side,
    cmd), offer(st, side))}``. Such a command has a ``side`` field."""
    _registry()
    return _SIDE_ACTIONS  # type: ignore[return-value]


# The modules that add actions, decisions, events, commands and hooks. A module may export:
#   ACTIONS, DECISIONS, FOLD, EVENT_TYPES, COMMANDS (its command classes), SIDE_ACTIONS, and hooks:
#   SETUP(ctx) once before the first turn; TURN_BEGIN(ctx) after a turn begins, before its roll-off;
#   TURN_END(ctx) as a turn ends, before the next begins; ACTIVATION_BEGIN(ctx, unit) as a unit
#   activates; AFTER_MOVE(ctx, unit, path) after a unit has moved along ``path`` (start first);
#   AFTER_SHOT(ctx, firer, target, figures) after a Shoot action has been resolved.
#   ACTIVATION_END(ctx, unit) as a unit's activation is about to end (before ActivationEnded).
ACTION_MODULES = ("fire", "assault", "command", "heavy", "vehicles", "support", "air", "hazards", "ew")
_ACTIONS: dict[type, Action] | None = None
_DECISIONS: dict[str, tuple] | None = None
_FOLDS: dict[type, Callable] | None = None
_SIDE_ACTIONS: dict[type, Action] | None = None
_MODULES: list | None = None
_HOOKS: dict[str, list] = {}


def _modules() -> list:
    global _MODULES
    if _MODULES is None:
        import importlib

        _MODULES = [importlib.import_module(f"{__package__}.{name}") for name in ACTION_MODULES]
    return _MODULES


def hooks(name: str) -> list:
    """The modules' functions for hook ``name`` (SETUP, TURN_BEGIN, TURN_END, ACTIVATION_BEGIN,
    AFTER_MOVE), in the order of ACTION_MODULES."""
    found = _HOOKS.get(name)
    if found is None:
        found = [getattr(m, name) for m in _modules() if callable(getattr(m, name, None))]
        _HOOKS[name] = found
    return found


def module_event_types() -> tuple[type, ...]:
    out: list[type] = []
    for mod in _modules():
        out.extend(getattr(mod, "EVENT_TYPES", ()))
    return tuple(out)


def module_command_types() -> tuple[type, ...]:
    out: list[type] = []
    for mod in _modules():
        out.extend(getattr(mod, "COMMANDS", ()))
    return tuple(out)


def acting_unit(st: DustState) -> Unit | None:
    return st.units.get(st.active.unit) if st.active else None


def may_begin(st: DustState, u: Unit) -> str | None:
    """Can ``u`` begin its own activation now?"""
    if u.side != st.to_act:
        return f"it is {st.tables.side_names.get(st.to_act or '', 'nobody')}'s activation"
    if u.kind == DETACHMENT:
        return f"{u.name} is a detachment: its parent's leader activates it"
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.activated:
        return f"{u.name} has already been activated this turn"
    if st.forced_unit is not None and u.id != st.forced_unit:
        return f"the card drawn is {st.units[st.forced_unit].name}'s: only it may activate"
    return None


def forced_action(st: DustState, u: Unit) -> type | None:
    """The only kind of action a unit may take, when the rules force one."""
    if u.confidence == ROUTED:  # a panicked unit forced to rout routs, never to recover (Panic)
        return C.Withdraw
    if u.panicked:
        return C.Rouse
    if u.leaderless:
        return C.Reorganise
    if must_seek_cover(st, u):
        return C.Move
    return None


def must_seek_cover(st: DustState, u: Unit) -> bool:
    """Forces: Confidence (broken): a broken unit out of cover "must move away from the enemy towards
    cover as soon as possible": while it can move (not suppressed), moving is all it may do. Propped
    counts as in cover, as it does for everything else. On a map with no cover there is nothing to
    head for, and the unit is only held to moving away."""
    return (u.confidence == BROKEN and not u.suppression and not in_cover(st, u)
            and cover_distance(st, u.pos) < 99)


def cover_distance(st: DustState, h: Hex) -> int:
    """Hexes from ``h`` to the nearest hex with cover or concealment of its own (99 if the map has none)."""
    memo = st.tables.sight_cache
    key = ("cover distance", h)
    found = memo.get(key)
    if found is None:
        found = min((hex_distance(h, c) for c in st.tables.board if hex_gives_cover(st, c)), default=99)
        memo[key] = found
    return found


def validate(st: DustState, cmd: Any) -> str | None:
    if st.result is not None:
        return "the battle is over"
    actions, decisions, _ = _registry()
    if st.pending is not None:
        if not isinstance(cmd, (C.Decide, C.ChooseFirst)):
            return f"waiting for {st.tables.side_names[st.pending.side]} to decide: {pending_question(st)}"
        if isinstance(cmd, C.ChooseFirst):
            return None if st.pending.kind == "first" else f"the question now is: {pending_question(st)}"
        if cmd.choice not in st.pending.data:
            return f"'{cmd.choice}' is not an answer here; choose one of: {', '.join(st.pending.data)}"
        return None
    if isinstance(cmd, (C.Decide, C.ChooseFirst)):
        return "there is no decision to make now"
    if isinstance(cmd, C.Pass):
        if st.active is not None:
            return "a unit is acting: end its activation instead"
        me, them = st.to_act, st.other(st.to_act)
        if st.forced_unit is not None:
            return "the card drawn names a unit: it must act"
        if st.options.get("activation", "alternate") != "alternate":
            return "with random activation there is no passing"
        if not len(st.unactivated(me)) < len(st.unactivated(them)):
            return "you may pass only with fewer unactivated units than the opponent (Passing)"
        return None
    if isinstance(cmd, C.EndActivation):
        return None if st.active is not None else "no unit is acting"
    side_action = side_actions().get(type(cmd))
    if side_action is not None:
        if st.active is not None:
            return f"{st.units[st.active.unit].name} is acting: finish its activation first"
        if cmd.side != st.to_act:
            return f"it is {st.tables.side_names.get(st.to_act or '', 'nobody')}'s activation"
        if st.forced_unit is not None:
            return "the card drawn names a unit: it must act"
        if not st.unactivated(cmd.side):
            return "only a side that still has a unit to activate may do this instead"
        return side_action.check(st, cmd.side, cmd)
    action = actions.get(type(cmd))
    if action is None:
        return f"unknown order {type(cmd).__name__}"
    u = st.units.get(cmd.unit)
    if u is None:
        return f"there is no unit '{cmd.unit}'"
    top = st.active
    if top is not None:
        if u.id != top.unit:
            return f"{st.units[top.unit].name} is acting: finish its activation first"
    else:
        why = may_begin(st, u)
        if why:
            return why
    forced = forced_action(st, u)
    if forced is not None and type(cmd) is not forced and type(cmd) is not C.Hold:
        return f"{u.name} cannot do that: {FORCED_WHY[forced]}"
    return action.check(st, u, cmd)


FORCED_WHY = {C.Move: "it is broken and in the open: it must move away from the enemy toward cover",
              C.Rouse: "it is panicking: it must spend its actions trying to recover",
              C.Withdraw: "it is routed: every action must withdraw",
              C.Reorganise: "its leader is down: it must reorganise to appoint a new one"}


def pending_question(st: DustState) -> str:
    p = st.pending
    if p is None:
        return ""
    words = {"first": "go first or second this turn?", "seize": "seize the initiative?",
             "withdraw": "withdraw before the assault, or stand?", "occupy": "occupy the position, or go after them?",
             "press": "press the assault with a second move, or halt?",
             "crew": "dismount the vehicle's crew to fight the assault, or stay closed down?",
             "cdm": "fire the command-detonated mine at the unit in its field, or hold?",
             "ade_pilot": "the air defences have locked on: abort the mission, or fly on?",
             "aa_pilot": "an anti-aircraft weapon has a lock: abort, evade, or press on?"}
    return words.get(p.kind, p.kind)


def legal_commands(st: DustState) -> list[Any]:
    if st.result is not None:
        return []
    actions, decisions, _ = _registry()
    if st.pending is not None:
        if st.pending.kind == "first":
            return [C.ChooseFirst(True), C.ChooseFirst(False)]
        return [C.Decide(c) for c in st.pending.data]
    out: list[Any] = []
    top = st.active
    if top is not None:
        units = [st.units[top.unit]]
        out.append(C.EndActivation())
    else:
        units = [u for u in st.units.values() if u.side == st.to_act and may_begin(st, u) is None]
        if validate(st, C.Pass()) is None:
            out.append(C.Pass())
        if st.to_act is not None and st.forced_unit is None and st.unactivated(st.to_act):
            for ctype, action in side_actions().items():
                for cmd in action.offer(st, st.to_act):
                    if action.check(st, st.to_act, cmd) is None:
                        out.append(cmd)
    for u in units:
        forced = forced_action(st, u)
        for ctype, action in actions.items():
            if forced is not None and ctype is not forced and ctype is not C.Hold:
                continue
            for cmd in action.offer(st, u):
                if action.check(st, u, cmd) is None:
                    out.append(cmd)
    return out


# ---------------------------------------------------------------------------------------------
# Resolving
# ---------------------------------------------------------------------------------------------


def resolve(ctx: Resolution, cmd: Any) -> None:
    st: DustState = ctx.state
    actions, decisions, _ = _registry()
    if isinstance(cmd, C.ChooseFirst):  # the same answer as Decide("first") or Decide("second")
        cmd = C.Decide("first" if cmd.first else "second")
    if isinstance(cmd, C.Decide):
        pending = st.pending
        assert pending is not None
        ctx.emit(E.DecisionTaken(side=pending.side, kind=pending.kind, choice=cmd.choice))
        handler = decisions[pending.kind][1]
        handler(ctx, pending, cmd.choice)
        advance(ctx)
        return
    if isinstance(cmd, C.Pass):
        side = st.to_act
        ctx.emit(E.Passed(side=side))
        ctx.emit(E.SideToAct(side=st.other(side)))
        offer_seize(ctx)
        advance(ctx)
        return
    if isinstance(cmd, C.EndActivation):
        top = st.active
        ctx.emit(E.ActionTaken(unit=top.unit, action="nothing more", spent=top.actions))
        advance(ctx)
        return
    side_action = side_actions().get(type(cmd))
    if side_action is not None:
        side = cmd.side
        side_action.resolve(ctx, side, cmd)
        if st.result is None and st.pending is None and st.active is None:
            # done instead of activating a unit: the other side's activation comes next, as after any
            # activation (a pending decision or an activation it began finishes first)
            if st.options.get("activation", "alternate") == "alternate":
                other = st.other(side)
                ctx.emit(E.SideToAct(side=other if st.unactivated(other) else side))
                offer_seize(ctx)
        advance(ctx)
        return
    u = st.units[cmd.unit]
    if st.active is None:
        by = "card" if st.forced_unit == u.id else "leftover" if st.chit_leftover == u.side else "turn"
        ctx.emit(E.ActivationBegan(unit=u.id, by=by))
        activation_hooks(ctx, u)
    if u.drone_at is not None:  # anything but flying it makes the drone crash (Small Portable Drones)
        from . import ew

        ew.drone_distracted(ctx, u, cmd)
    actions[type(cmd)].resolve(ctx, u, cmd)
    advance(ctx)


def seize_decision(ctx: Resolution, pending: Pending, choice: str) -> None:
    """Seize the Initiative: the side that was not to act spends a token and activates one of its
    unactivated units at once. The side that was to act may then spend a token of its own to take
    the initiative back: its unit acts first, then the seizing unit has its activation, and after
    that the turn returns to the side that was to act (whose normal activation it still is)."""
    if choice == "decline":
        return
    st: DustState = ctx.state
    uid = choice.split(":", 1)[1]
    seizing_back = st.active is not None  # the first seizure's unit is waiting on the stack
    ctx.emit(E.TokenSpent(side=pending.side, unit=uid))
    ctx.emit(E.ActivationBegan(unit=uid, by="seize", rule="Seize the Initiative"))
    activation_hooks(ctx, st.units[uid])
    if not seizing_back:
        _ask_seize(ctx, st.other(pending.side))


def first_decision(ctx: Resolution, pending: Pending, choice: str) -> None:
    """Turn Sequence: the roll-off's winner goes first or lets the other side go first."""
    st: DustState = ctx.state
    first = pending.side if choice == "first" else st.other(pending.side)
    ctx.emit(E.FirstChosen(side=first))
    ctx.emit(E.SideToAct(side=first))
    offer_seize(ctx)


BASIC_DECISIONS: dict[str, tuple] = {"seize": (None, seize_decision), "first": (None, first_decision)}


# ---------------------------------------------------------------------------------------------
# Terrain, sight and movement
#
# Scale (RULES-NOTES): 1 hex = 2 inches, so the book's "movement die x 2 inches" is the movement
# die's roll in hexes, each hex costing 1, 2 or 3 points by its terrain (Terrain Effects on
# Movement; power armour uses its own column), and "not closer than 2 inches to an enemy" is "not
# adjacent to an enemy unless assaulting".
#
# Cohesion (Forces: Leaders): a unit whose figures stray more than 6 inches from the leader is
# disorganised. Here a squad is one counter on one hex carrying all its figures (RULES-NOTES), and
# distances are measured from that hex, so a unit is always in cohesion and is never disorganised;
# no code is needed for it. Detachments are separate counters and units in their own right.
# ---------------------------------------------------------------------------------------------


def smoke_hexes(st: DustState) -> frozenset:
    """Hexes under smoke (Additional Rules: Smoke): a cloud covers its hex and, with data radius=1,
    the hexes around it. Smoke blocks line of sight."""
    if not st.features:
        return frozenset()
    out: set[Hex] = set()
    for f in st.features.values():
        if f.kind == "smoke":
            out.add(f.pos)
            if f.get("radius", 0):
                out.update(n for n in f.pos.neighbours())
    return frozenset(out)


def sight(st: DustState, a: Hex, b: Hex):
    smoke = smoke_hexes(st)
    key = (a, b, smoke) if smoke else (a, b)
    cache = st.tables.sight_cache
    seen = cache.get(key)
    if seen is None:
        los = st.tables.sight
        if smoke and (a in smoke or b in smoke):
            seen = line_of_sight(a, b, lambda h: LOS_BLOCK)  # nothing is seen into, out of or across smoke
        elif smoke:
            seen = line_of_sight(a, b, lambda h: LOS_BLOCK if h in smoke else los.get(h, LOS_BLOCK))
        else:
            seen = line_of_sight(a, b, lambda h: los.get(h, LOS_BLOCK))
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = seen
    return seen


def can_see(st: DustState, a: Hex, b: Hex) -> bool:
    """Line of sight from leader to leader (Shoot: Line of Sight), blocked by hills, buildings, woods."""
    return sight(st, a, b).visible


def concealment(st: DustState, target: Unit, from_hex: Hex) -> int:
    """Target die shift for concealment: 0 exposed, 1 partial, 2 complete (Concealment).

    Partial when the target's hex conceals, or the sight line passes an obscuring hex; complete
    when the unit chose complete concealment in concealing terrain.
    """
    here = st.tables.conceal.get(target.pos, "none") != "none"
    if here and target.complete_concealment:
        return 2
    if here:
        return 1
    if sight(st, from_hex, target.pos).obscured_by:
        return 1
    return 0


def cover_shift(st: DustState, u: Unit) -> int:
    return COVER_SHIFT[st.tables.cover.get(u.pos, "none")]


def in_cover(st: DustState, u: Unit) -> bool:
    return cover_shift(st, u) > 0 or st.tables.conceal.get(u.pos, "none") != "none" or u.propped


def enemy_hexes(st: DustState, side: str) -> set[Hex]:
    return {u.pos for u in st.units.values() if u.side != side and u.on_table and not u.hidden}


def adjacent_to_enemy(st: DustState, side: str, h: Hex, ignore: str | None = None, known: bool = False) -> bool:
    """Is an enemy unit on or next to ``h``? ``known``: count only enemies the side can see on the map
    (hidden ones are markers to it), for what a player is offered; the rules' own outcome counts all."""
    for u in st.units.values():
        if u.side != side and u.on_table and u.id != ignore and hex_distance(u.pos, h) <= 1 \
                and not (known and u.hidden) and not flying(u):
            return True
    return False


VEHICLE_CLASSES = ("clear", "poor", "difficult", "impassable")
AMPHIBIOUS = {"wheeled_low": "difficult", "wheeled_high": "poor", "tracked": "poor"}  # open water, amphibious


def vehicle_class(st: DustState, u: Unit, h: Hex) -> str:
    """Vehicle Movement: the hex's class on the vehicle's movement table, made one class more
    difficult for each damage marker (Vehicle Damage) and while suppressed (Suppression and
    Vehicles); past difficult is impassable."""
    base = st.tables.vehicle_terrain[u.mover].get(h, "impassable")
    if st.tables.board.get(h) == "water" and u.mover in AMPHIBIOUS and st.tables.vehicles[u.vtype].amphibious:
        base = AMPHIBIOUS[u.mover]
    i = VEHICLE_CLASSES.index(base) + u.damage + (1 if u.suppression else 0)
    return VEHICLE_CLASSES[min(i, 3)]


def vehicle_costs(st: DustState, u: Unit) -> dict[Hex, int | None]:
    from .data import MOVE_COST

    key = ("vehicle costs", u.mover, u.vtype, u.damage, bool(u.suppression))
    memo = st.tables.sight_cache
    found = memo.get(key)
    if found is None:
        found = {h: MOVE_COST[vehicle_class(st, u, h)] for h in st.tables.board}
        memo[key] = found
    return found


def step_cost(st: DustState, u: Unit, known: bool = False) -> Callable[[Hex, Hex], int | None]:
    """The cost of each step for ``u``; enemy units block the way (with ``known``, only the enemies
    its side knows of: a hidden unit is only found by walking into it). Vehicles pay by their
    movement table (:func:`vehicle_class`)."""
    costs = vehicle_costs(st, u) if u.mover else st.tables.costs["power" if u.power else "normal"]
    blocked = {v.pos for v in st.units.values() if v.side != u.side and v.on_table and not (known and v.hidden)
               and not flying(v)}
    travel_block = {v.pos for v in st.units.values()
                    if v.side == u.side and v.on_table and v.id != u.id and (v.travel or u.travel) and not flying(v)}

    def cost(_a: Hex, b: Hex) -> int | None:
        if b in blocked or b in travel_block:
            return None
        return costs.get(b)

    return cost


def movement_die(st: DustState, u: Unit, carrying: bool) -> tuple[int, list[str]]:
    """The unit's movement die: its type, one lower when encumbered by carried wounded (Encumbrance)."""
    die = u.move_die
    notes = []
    if u.cavalry and not u.mounted:
        die = MOVE_DICE["infantry"]
        notes.append("dismounted")
    if carrying:
        die = shift(die, -1)
        notes.append("carrying wounded: one die lower")
    from .heavy import encumbered

    if encumbered(u):  # Moving Heavy Weapons: carrying a dismantled heavy weapon
        die = shift(die, -1)
        notes.append("carrying a heavy weapon: one die lower")
    towed = st.units.get(u.towing) if u.towing else None
    if towed is not None and towed.is_vehicle:  # Towing and Pushing Vehicles: half speed, D12 -> D6 (a die, D4+)
        die = max(d for d in (4, 6, 8, 10, 12) if d <= max(4, die // 2))
        notes.append("towing: half speed")
    return die, notes


def carried_wounded(u: Unit, leave: bool) -> list[Figure]:
    """Move Action: Moving Casualties. The wounded (treated or not, and troopers in wrecked power
    armour) the unit takes along when it moves: none if it chooses to leave them, else as many as
    it has able-bodied troopers to carry them, one each; any others are left behind."""
    if leave:
        return []
    wounded = [f for f in u.figures if f.status in (UNTREATED, STABILISED, DISABLED) and f.person]
    return wounded[:len(u.fit_figures)]


def carries_wounded(u: Unit, leave: bool) -> bool:
    """Carrying any wounded encumbers the unit: its movement die is one type lower (Encumbrance)."""
    return bool(carried_wounded(u, leave))


def may_end_at(st: DustState, u: Unit, h: Hex, assaulting: str | None = None, known: bool = False) -> bool:
    occ = st.occupant.get(h)
    if occ is not None and occ != u.id and st.units[occ].on_table \
            and not (known and st.units[occ].side != u.side and st.units[occ].hidden):
        return False
    return not adjacent_to_enemy(st, u.side, h, ignore=assaulting, known=known) or assaulting is not None


def move_options(st: DustState, u: Unit, carrying: bool) -> dict[Hex, int]:
    """Hexes the unit could reach with its best roll and legally stop in.

    Worked out once per position of every unit on the table (the order editor and
    the computer player ask for it many times between two moves)."""
    die, _ = movement_die(st, u, carrying)
    others = tuple(sorted((v.pos.q, v.pos.r, v.side, v.travel, v.hidden) for v in st.units.values()
                          if v.on_table and v.id != u.id))
    key = ("moves", u.id, u.pos, die, u.power, u.travel, u.side, others, u.damage, bool(u.suppression))
    memo = st.tables.sight_cache
    found = memo.get(key)
    if found is None:
        reach = reachable(u.pos, die, step_cost(st, u, known=True))
        seen = [v for v in st.units.values() if v.on_table and v.id != u.id and not flying(v)
                and not (v.side != u.side and v.hidden)]  # hidden enemies are only markers to this side
        taken = {v.pos for v in seen}
        near_enemy = {n for v in seen if v.side != u.side for n in (v.pos, *v.pos.neighbours())}
        found = {h: c for h, c in reach.items() if h != u.pos and h not in taken and h not in near_enemy}
        memo[key] = found
    return found


def walk(st: DustState, u: Unit, to: Hex, points: int, assaulting: str | None = None) -> tuple[list[Hex], int]:
    """Move toward ``to`` along a cheapest path as far as ``points`` allow, stopping only where the
    unit may legally end (not next to an enemy unless assaulting, not on another unit).
    Returns the path walked (start first) and the points used."""
    path, used, _ = walk_into(st, u, to, points, assaulting)
    return path, used


def walk_into(st: DustState, u: Unit, to: Hex, points: int,
              assaulting: str | None = None) -> tuple[list[Hex], int, list[str]]:
    """:func:`walk`, and the hidden enemy units the walk ran into.

    The route is the one the side can plan, around the enemies it knows of. Walking it, the unit
    cannot enter a hidden unit's hex nor stop next to one; when that cuts the move short of where
    it would otherwise have stopped, the hidden units it met are the third value (Detect Action:
    Hidden Units: a unit that is walked into has given its position away)."""
    path = shortest_path(u.pos, to, step_cost(st, u, known=True))
    if path is None:
        return [u.pos], 0, []
    real, planned = step_cost(st, u), step_cost(st, u, known=True)

    def furthest(cost_fn, known: bool) -> tuple[int, int]:
        spent, best, best_cost = 0, 0, 0
        for i in range(1, len(path)):
            c = cost_fn(path[i - 1], path[i])
            if c is None or spent + c > points:
                break
            spent += c
            if may_end_at(st, u, path[i], assaulting, known=known):
                best, best_cost = i, spent
        return best, best_cost

    best, best_cost = furthest(real, False)
    hoped, _ = furthest(planned, True)
    met: list[str] = []
    if hoped > best:
        beyond = path[best + 1: hoped + 1]
        met = [v.id for v in st.units.values() if v.side != u.side and v.on_table and v.hidden
               and any(hex_distance(v.pos, h) <= 1 for h in beyond)]
    return path[: best + 1], best_cost, met


def unmanned(u: Unit) -> str | None:
    """Why a vehicle whose crew dismounted to fight a close assault (vehicles.py) may do nothing, or None."""
    return f"{u.name} is unmanned: its crew must remount (Embark) first" if u.crew_out else None


def vehicle_cannot_move(st: DustState, u: Unit) -> str | None:
    """Why a vehicle (or a passenger) may not take a Move action, or None (Armoured Dustup: Vehicles)."""
    if u.carried_by:
        return f"{u.name} is aboard {st.units[u.carried_by].name}: disembark first (Transport of Infantry)"
    if not u.vehicle:
        return None
    if u.vehicle == "aircraft":
        return f"{u.name} is an aircraft: it moves by its flight orders (Aerospace Operations)"
    if flying(u):  # a grav vehicle in the air flies as a VTOL until it lands (air.py)
        return (f"{u.name} is in the air: it moves by its flight orders until it lands (Aerospace Operations: Grav "
                "Vehicles)")
    if not u.mover:
        return f"{u.name} cannot move"
    if u.immobilised:
        return f"{u.name} is immobilised: it cannot move"
    if u.crew_out:
        return unmanned(u)
    for v in st.units.values():
        if v.towing == u.id:
            return f"{u.name} is under tow: it moves with {v.name}"
    return None


def _move_check(st: DustState, u: Unit, cmd: C.Move) -> str | None:
    from .heavy import move_refusal

    why = vehicle_cannot_move(st, u) or move_refusal(st, u)  # move_refusal: towed guns are not man-packed
    if why:
        return why
    if u.suppression and u.confidence != ROUTED and not u.vehicle:  # vehicles move while suppressed
        return f"{u.name} is suppressed: it cannot move until it recovers (Recover Suppression Action)"
    if u.propped:
        return f"{u.name} is propped: unprop first (Prop Action)"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the map"
    if cmd.to == u.pos:
        return f"{u.name} is already there"
    carrying = carries_wounded(u, cmd.leave_wounded)
    if cmd.to not in move_options(st, u, carrying):
        # Move Action: the unit may nominate any point and goes as far toward it as its roll allows,
        # but a hex within its best roll must be one it may stop in
        die, _ = movement_die(st, u, carrying)
        if cmd.to in reachable(u.pos, die, step_cost(st, u, known=True)):
            return (f"{u.name} may not stop there: not next to an enemy unless assaulting, and not on "
                    "another unit")
        if shortest_path(u.pos, cmd.to, step_cost(st, u, known=True)) is None:
            return f"{u.name} has no way to get there: impassable ground or enemy units are in the way"
    if u.confidence <= BROKEN:
        here, there = nearest_enemy_distance(st, u, u.pos), nearest_enemy_distance(st, u, cmd.to)
        if there < here:
            return f"{u.name} is broken: it may only move away from the enemy (Forces: Confidence)"
        if in_cover(st, u) and not hex_gives_cover(st, cmd.to) and there <= here:
            return f"{u.name} is broken: it may leave cover only to withdraw from the enemy (Forces: Confidence)"
        if must_seek_cover(st, u) and not hex_gives_cover(st, cmd.to) \
                and cover_distance(st, cmd.to) >= cover_distance(st, u.pos):
            return f"{u.name} is broken and in the open: it must head for cover (Forces: Confidence)"
    return None


def hex_gives_cover(st: DustState, h: Hex) -> bool:
    """The hex has cover or concealment of its own (what "in cover" means for moving in and out)."""
    return st.tables.cover.get(h, "none") != "none" or st.tables.conceal.get(h, "none") != "none"


def nearest_enemy_distance(st: DustState, u: Unit, h: Hex) -> int:
    ds = [hex_distance(h, e) for e in enemy_hexes(st, u.side)]
    return min(ds) if ds else 99


def _move_offer(st: DustState, u: Unit) -> list[Any]:
    from .heavy import move_refusal

    if (u.suppression and not u.vehicle) or u.propped or vehicle_cannot_move(st, u) or move_refusal(st, u):
        return []
    out = [C.Move(u.id, h) for h in move_options(st, u, carries_wounded(u, False))]
    if any(f.status in (UNTREATED, STABILISED, DISABLED) for f in u.figures):
        out += [C.Move(u.id, h, leave_wounded=True) for h in move_options(st, u, False)]
    return out


def _move_resolve(ctx: Resolution, u: Unit, cmd: C.Move) -> None:
    st: DustState = ctx.state
    spend(ctx, u, "move")
    if u.confidence in (SHAKEN, BROKEN) and _needs_nerve(st, u, cmd.to):
        # a broken unit suffers the shaken restrictions too: leaving cover, even to withdraw, takes nerve
        if not checks.leadership_test(ctx, u, f"a {CONFIDENCE[u.confidence]} unit moving toward the enemy "
                                      "or out of cover", "Forces: Confidence (shaken)"):
            ctx.emit(E.Note(text=f"{u.name} will not go: the move is lost", rule="Forces: Confidence (shaken)"))
            return
    move_unit(ctx, u, cmd.to, cmd.leave_wounded)


def _needs_nerve(st: DustState, u: Unit, to: Hex) -> bool:
    closer = nearest_enemy_distance(st, u, to) < nearest_enemy_distance(st, u, u.pos)
    leaving = in_cover(st, u) and cover_shift(st, attrs.evolve(u, pos=to)) == 0 and \
        st.tables.conceal.get(to, "none") == "none"
    return closer or leaving


def move_unit(ctx: Resolution, u: Unit, to: Hex, leave_wounded: bool = False, assaulting: str | None = None,
              purpose: str = "move", rule: str = "Move Action") -> int:
    """Roll the movement die (no roll in travel mode) and move toward ``to``. Returns the points rolled."""
    st: DustState = ctx.state
    carrying = carries_wounded(u, leave_wounded)
    die, notes = movement_die(st, u, carrying)
    if u.travel:
        points = die
        ctx.emit(E.Note(text=f"{u.name} is in travel mode: full {points} points without a roll",
                        rule="Move Action: Travel Movement"))
    else:
        points = ctx.roll(die, f"{purpose}: movement die D{die}" + (f" ({', '.join(notes)})" if notes else "")
                          + ", hexes of clear ground", rule, u.id,
                          modifiers=tuple(f"movement die D{u.move_die} -> D{die}: {n} (Move Action: Encumbrance)"
                                          for n in notes))
    carried = carried_wounded(u, leave_wounded)
    leave_behind = [f for f in u.figures if f.status in (UNTREATED, STABILISED, DISABLED) and f not in carried
                    and f.person]
    path, used, met = walk_into(st, u, to, points, assaulting)
    for hidden in met:
        reveal(ctx, st.units[hidden], f"{u.name} ran into it")
    if len(path) > 1:
        start = u.pos
        if leave_behind:
            abandon_wounded(ctx, u, leave_behind, start, "left behind as the unit moved")
        reveal(ctx, u, "it moved")
        ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule=rule))
        sight_checks(ctx, u)
        after_move(ctx, u, path)
    else:
        ctx.emit(E.Note(text=f"{u.name} rolls {points}: not enough to go anywhere", rule=rule))
    return points


def after_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """Whatever a unit meets on its way: mines, IEDs, booby traps, fire, command-detonated mines."""
    for hook in hooks("AFTER_MOVE"):
        if not u.on_table:
            return
        hook(ctx, u, path)


def abandon_wounded(ctx: Resolution, u: Unit, figures: list[Figure], at: Hex, reason: str) -> None:
    st: DustState = ctx.state
    for f in figures:
        ctx.emit(E.FigureChanged(unit=u.id, figure=f.id, status=ABANDONED, wounds=f.wounds, reason=reason,
                                 rule="Move Action: Moving Casualties"))
    ctx.emit(E.WoundedLeft(at=at, count=len(figures)))
    visible = any(can_see(st, e.pos, at) for e in st.enemies(u.side) if not e.hidden)
    if visible and u.fit_figures:
        checks.confidence_test(ctx, u, "abandon_wounded")


def reveal(ctx: Resolution, u: Unit, why: str) -> None:
    """A hidden unit that moves, fires or otherwise gives itself away is detected (Hidden Units)."""
    if not u.hidden:
        return
    st: DustState = ctx.state
    for m in list(st.markers.values()):
        if m.unit == u.id:
            ctx.emit(E.MarkerRemoved(marker=m.id, reason=f"{u.name} is revealed: {why}"))
    ctx.emit(E.Revealed(unit=u.id, reason=why, rule="Detect Action: Hidden Units"))
    sight_checks(ctx, u)


def sight_checks(ctx: Resolution, mover: Unit | None) -> None:
    """Panic on first sight of the enemy (untrained) or of fearsome enemies (Morale: Panic).

    Run at deployment, after every move and whenever a hidden unit is revealed:
    the moments a unit can first come into sight of an enemy."""
    st: DustState = ctx.state
    for u in st.units.values():
        if not u.on_table or u.panic_passed or u.panicked or u.quality >= 10:
            continue
        seen = [e for e in st.enemies(u.side) if not e.hidden and can_see(st, u.pos, e.pos)]
        if not seen:
            continue
        if u.quality == 4 and not u.seen_enemy:
            ctx.emit(E.EnemySighted(unit=u.id, reason="first sight of the enemy", rule="Morale: Panic"))
            checks.maybe_panic(ctx, u, "sight", "first sight of the enemy")
            continue
        if any(e.terror for e in seen):
            checks.maybe_panic(ctx, u, "terror", "an enemy that provokes terror")
        elif any(e.power for e in seen):
            checks.maybe_panic(ctx, u, "fearsome", "enemy power armour")


# ---------------------------------------------------------------------------------------------
# Prop, unprop, recover suppression, withdraw (routed)
# ---------------------------------------------------------------------------------------------


def _prop_check(st: DustState, u: Unit, cmd) -> str | None:
    if u.vehicle:
        return f"{u.name} is a vehicle: vehicles do not prop"
    if u.propped:
        return f"{u.name} is already propped"
    if u.cavalry and u.mounted:
        return "mounted cavalry may not prop (Prop Action)"
    if u.travel:
        return f"{u.name} is in travel mode: reorganise into tactical formation first"
    from . import hazards

    if hazards.in_minefield(st, u):
        return f"{u.name} is in a minefield: there is no propping there (Mines and Explosives: Prop)"
    return None


def _prop_resolve(ctx: Resolution, u: Unit, cmd) -> None:
    spend(ctx, u, "prop")
    ctx.emit(E.Propped(unit=u.id, reason="makes use of the local cover", rule="Prop Action"))


def _unprop_check(st: DustState, u: Unit, cmd) -> str | None:
    if not u.propped:
        return f"{u.name} is not propped"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot unprop until it recovers (Recover Suppression Action)"
    return None


def _unprop_resolve(ctx: Resolution, u: Unit, cmd) -> None:
    spend(ctx, u, "unprop")
    ctx.emit(E.Unpropped(unit=u.id, reason="ready to move", rule="Prop Action"))


def _recover_check(st: DustState, u: Unit, cmd) -> str | None:
    return None if u.suppression else f"{u.name} has no suppression markers"


def _recover_resolve(ctx: Resolution, u: Unit, cmd) -> None:
    spend(ctx, u, "recover")
    roll = ctx.roll(u.quality, f"remove a suppression marker: D{u.quality} must beat leadership {u.leadership}",
                    "Recover Suppression Action", u.id)
    if roll > u.leadership:
        ctx.emit(E.SuppressionRemoved(unit=u.id, markers=u.suppression - 1,
                                      reason=f"recovers ({roll} > {u.leadership})", rule="Recover Suppression Action"))
    else:
        ctx.emit(E.Note(text=f"{u.name} stays pinned ({roll} against {u.leadership})",
                        rule="Recover Suppression Action"))


def own_edge_hex(st: DustState, u: Unit) -> Hex:
    edge = st.tables.side_info[u.side]["edge"]
    t = st.tables
    from engine.core.hexes import axial_to_offset

    col, row = axial_to_offset(u.pos)
    target = {"north": (col, 0), "south": (col, t.height - 1), "west": (0, row), "east": (t.width - 1, row)}[edge]
    return offset_to_axial(*target)


def on_own_edge(st: DustState, u: Unit) -> bool:
    from engine.core.hexes import axial_to_offset

    col, row = axial_to_offset(u.pos)
    edge = st.tables.side_info[u.side]["edge"]
    t = st.tables
    return {"north": row == 0, "south": row == t.height - 1, "west": col == 0, "east": col == t.width - 1}[edge]


def withdraw_hex(st: DustState, u: Unit, away_from: Hex | None, points: int) -> Hex:
    """Where a withdrawing unit goes: away from the enemy (``away_from``, else toward its own edge),
    toward cover if at all possible (Assault: Withdrawal)."""
    reach = reachable(u.pos, points, step_cost(st, u))
    best, best_key = u.pos, None
    for h in reach:
        if not may_end_at(st, u, h):
            continue
        if away_from is not None:
            dist = hex_distance(h, away_from)
            if dist <= hex_distance(u.pos, away_from) and h != u.pos:
                continue
        else:
            dist = -hex_distance(h, own_edge_hex(st, u))
        cover = cover_shift(st, attrs.evolve(u, pos=h)) + (1 if st.tables.conceal.get(h) != "none" else 0)
        key = (cover > 0, dist, cover, -h.q, -h.r)
        if best_key is None or key > best_key:
            best, best_key = h, key
    return best


def _withdraw_check(st: DustState, u: Unit, cmd) -> str | None:
    return None if u.confidence == ROUTED else f"{u.name} is not routed"


def _withdraw_resolve(ctx: Resolution, u: Unit, cmd) -> None:
    st: DustState = ctx.state
    spend(ctx, u, "withdraw")
    if on_own_edge(st, u):
        ctx.emit(E.LeftTable(unit=u.id, reason="routs off the table", rule="Forces: Confidence (routed)"))
        return
    die, notes = movement_die(st, u, False)
    points = ctx.roll(die, f"routed: withdraw toward its own edge, movement die D{die}",
                      "Forces: Confidence (routed)", u.id)
    goal = own_edge_hex(st, u)
    path, used = walk(st, u, goal, points)
    if len(path) > 1:
        wounded = [f for f in u.figures if f.status in (UNTREATED, STABILISED, "disabled")]
        if wounded:
            abandon_wounded(ctx, u, wounded, u.pos, "abandoned by routing troops")
        reveal(ctx, u, "it moved")
        ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule="Forces: Confidence (routed)"))


def _hold_check(st: DustState, u: Unit, cmd) -> str | None:
    forced = forced_action(st, u)
    if forced is not None:
        action = _registry()[0][forced]
        if any(action.check(st, u, c) is None for c in action.offer(st, u)):
            return f"{u.name} may not stand fast: {FORCED_WHY[forced]}"
    return None


def _hold_resolve(ctx: Resolution, u: Unit, cmd) -> None:
    top = ctx.state.active
    spend(ctx, u, "stand fast", top.actions if top is not None else 2)


def _simple_offer(ctype):
    return lambda st, u: [ctype(u.id)]


BASIC_ACTIONS: dict[type, Action] = {
    C.Move: Action(_move_check, _move_resolve, _move_offer),
    C.Prop: Action(_prop_check, _prop_resolve, _simple_offer(C.Prop)),
    C.Unprop: Action(_unprop_check, _unprop_resolve, _simple_offer(C.Unprop)),
    C.Recover: Action(_recover_check, _recover_resolve, _simple_offer(C.Recover)),
    C.Withdraw: Action(_withdraw_check, _withdraw_resolve, _simple_offer(C.Withdraw)),
    C.Hold: Action(_hold_check, _hold_resolve, _simple_offer(C.Hold)),
}


# ---------------------------------------------------------------------------------------------
# The fold: events into state
# ---------------------------------------------------------------------------------------------


def fold(st: DustState, ev: Any) -> None:
    _, _, folds = _registry()
    folds[type(ev)](st, ev)


def _f_placed(st, ev):
    _place(st, st.units[ev.unit], ev.at)


def _f_marker(st, ev):
    st.markers[ev.marker] = Marker(ev.marker, ev.side, ev.at, ev.unit)


def _f_marker_removed(st, ev):
    st.markers.pop(ev.marker, None)


def _f_figure(st, ev):
    u = st.units[ev.unit]
    for f in u.figures:
        if f.id == ev.figure:
            f.status = ev.status
            f.wounds = ev.wounds
            break
    if not u.fit_figures:
        _vacate(st, u)


def _f_role(st, ev):
    for f in st.units[ev.unit].figures:
        if f.id == ev.figure:
            f.role = ev.role


def _f_fired(st, ev):
    ids = set(ev.figures)
    for f in st.units[ev.unit].figures:
        if f.id in ids:
            f.fired = True


def _f_kill(st, ev):
    u = st.units.get(ev.unit)
    if u:
        for f in u.figures:
            if f.id == ev.figure:
                f.kills += 1


def _f_turn_began(st, ev):
    st.turn = ev.turn
    st.stack.clear()
    st.first = None
    st.forced_unit = None
    st.chit_leftover = None
    st.seized_by = None
    st.seize_asked = False
    for u in st.units.values():
        u.activated = False
        u.decoy_used = False
        for f in u.figures:
            f.fired = False


def _f_nothing(st, ev):
    pass


def _f_feature_placed(st, ev):
    st.features[ev.feature] = Feature(ev.feature, ev.kind, ev.side, ev.at, ev.hidden, tuple(ev.data))
    st.serial += 1


def _f_feature_removed(st, ev):
    st.features.pop(ev.feature, None)


def _f_feature_changed(st, ev):
    f = st.features[ev.feature]
    if ev.at is not None:
        f.pos = ev.at
    if ev.hidden is not None:
        f.hidden = ev.hidden
    if ev.data is not None:
        f.data = tuple(ev.data)


def _f_mission_placed(st, ev):
    st.missions[ev.mission] = Mission(ev.mission, ev.side, ev.kind, ev.asset, ev.box, ev.target,
                                      tuple(ev.dummies), ev.observer, ev.unit, ev.ammo)
    st.serial += 1
    if ev.kind in ("artillery", "air", "orbital"):  # a fire mission uses up one of its asset's missions
        key = f"{ev.side}:{ev.asset}"
        st.support_used[key] = st.support_used.get(key, 0) + 1


def _f_mission_moved(st, ev):
    m = st.missions[ev.mission]
    m.box = ev.box
    if ev.target is not None:
        m.target = ev.target


def _f_mission_removed(st, ev):
    st.missions.pop(ev.mission, None)


def _f_chits(st, ev):
    st.support_chits[ev.side] = ev.left


def new_id(st: DustState, prefix: str) -> str:
    """A fresh id for a feature or mission ("smoke-7"): the state's serial counts every one placed."""
    return f"{prefix}-{st.serial + 1}"


def _f_decision(st, ev):
    st.pending = Pending(ev.side, ev.kind, tuple(ev.data))
    if ev.kind == "seize":
        st.seize_asked = True


def _f_decided(st, ev):
    st.pending = None


def _f_first(st, ev):
    st.first = ev.side


def _f_to_act(st, ev):
    st.to_act = ev.side


def _f_began(st, ev):
    u = st.units[ev.unit]
    u.moves = 0
    st.stack.append(Active(ev.unit, ev.actions, ev.by))
    if ev.by in ("turn", "card", "seize", "leftover"):
        u.activated = True
    for f in u.figures:
        f.fired = False


def _f_action(st, ev):
    # the innermost activation of that unit: a commander that spends its order action after pushing
    # its subordinate's activation still pays from its own
    for act in reversed(st.stack):
        if act.unit == ev.unit:
            act.actions = max(0, act.actions - ev.spent)
            break


def _f_passed(st, ev):
    # the side that passed is not asked whether to seize the activation it has just given away
    st.seize_asked = True


def _f_ended(st, ev):
    if st.stack and st.stack[-1].unit == ev.unit:
        st.stack.pop()
    if not st.stack:
        st.seize_asked = False  # the next activation may be seized again


def _f_token(st, ev):
    st.tokens[ev.side] = st.tokens.get(ev.side, 0) - 1
    st.seized_by = ev.side


def _f_forced(st, ev):
    st.forced_unit = ev.unit


def _f_moved(st, ev):
    u = st.units[ev.unit]
    _place(st, u, ev.path[-1])


def _f_left(st, ev):
    st.abandoned[ev.at] = st.abandoned.get(ev.at, 0) + ev.count


def _f_assault(st, ev):
    st.assault = ev.facts


def _f_ended_battle(st, ev):
    st.result = (ev.winner, ev.reason)
    st.pending = None


def _f_shuffle_in(st, ev):
    deck = st.decks[ACTIVATION_DECK]
    deck.draw_pile = list(ev.cards)
    deck.in_play = []
    deck.discard = []


def _f_leftover(st, ev):
    st.chit_leftover = ev.side


def _f_detached(st, ev):
    parent = st.units[ev.parent]
    moving = [f for f in parent.figures if f.id in set(ev.figures)]
    parent.figures = [f for f in parent.figures if f.id not in set(ev.figures)]
    for f in moving:
        if f.role in ("leader", "commander"):
            f.role = ""
    if moving:
        moving[0].role = "leader"
    st.units[ev.unit] = attrs.evolve(parent, id=ev.unit, name=ev.name, kind=DETACHMENT, figures=moving,
                                     parent=parent.id, level=0, commander=parent.commander, pos=parent.pos,
                                     activated=True, hidden=False)


def _f_merged(st, ev):
    u, other = st.units[ev.unit], st.units[ev.other]
    for f in other.figures:
        if f.role in ("leader", "commander"):
            f.role = ""
    u.figures.extend(other.figures)
    other.figures = []
    _vacate(st, other)
    other.off_table = True


FOLD: dict[type, Callable] = {
    E.UnitPlaced: _f_placed, E.MarkerPlaced: _f_marker, E.MarkerRemoved: _f_marker_removed,
    E.FigureChanged: _f_figure, E.FigureRoleChanged: _f_role,
    E.FiguresFired: _f_fired, E.KillCredited: _f_kill, E.TurnBegan: _f_turn_began, E.RollOffWon: _f_nothing,
    E.FirstChosen: _f_first, E.SideToAct: _f_to_act, E.DecisionAsked: _f_decision, E.DecisionTaken: _f_decided,
    E.ActivationBegan: _f_began, E.ActionTaken: _f_action, E.ActivationEnded: _f_ended, E.Passed: _f_passed,
    E.TokenSpent: _f_token, E.ForcedUnit: _f_forced, E.UnitMoved: _f_moved, E.WoundedLeft: _f_left,
    E.AssaultState: _f_assault, E.DetachmentFormed: _f_detached, E.UnitsMerged: _f_merged,
    E.TurnEnded: _f_nothing, E.BattleEnded: _f_ended_battle, E.Note: _f_nothing,
    E.ActivationDeckDealt: _f_shuffle_in, E.LastActivation: _f_leftover,
    E.FeaturePlaced: _f_feature_placed, E.FeatureRemoved: _f_feature_removed,
    E.FeatureChanged: _f_feature_changed, E.MissionPlaced: _f_mission_placed, E.MissionMoved: _f_mission_moved,
    E.MissionRemoved: _f_mission_removed, E.SupportChits: _f_chits, **unitfacts.FOLD,
}
