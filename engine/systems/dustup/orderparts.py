"""How the order editor files each Dustup order: the piece giving it (a hidden unit under its marker),
its action name, the hex it points at and a label unique among its fellows."""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.view import (
    OrderParts,
)
from hexfront.engine.core.words import plural

from . import commands as C
from .board import feature_seen, piece_id
from .describe import REORGANISE, Describer, short_weapon_id, where, words_of
from .state import (
    DustState,
)

# ---------------------------------------------------------------------------------------------
# Orders
# ---------------------------------------------------------------------------------------------

ACTION_NAMES = {
    C.Move: "Move", C.Prop: "Prop", C.Unprop: "Unprop", C.Shoot: "Shoot", C.Assault: "Assault",
    C.Recover: "Recover", C.Reorganise: "Reorganise", C.Order: "Order", C.CombinedAssault: "Combined assault",
    C.Rally: "Rally", C.Detach: "Detach", C.ActivateDetachment: "Activate detachment", C.Regroup: "Regroup",
    C.Treat: "Treat", C.Detect: "Detect", C.Rouse: "Rouse", C.Withdraw: "Withdraw",
    C.Hold: "Hold",
}


def _pos(st: DustState, uid: str | None) -> Hex | None:
    u = st.units.get(uid) if uid else None
    return u.pos if u is not None else None


# Orders of the Armoured Dustup modules (heavy, vehicles, support, air, hazards, ew), by class name: the
# editor's action name. A class not listed here is named from its class name ("LaySmoke" -> "Lay smoke").
MODULE_ACTIONS = {
    "FireWeapon": "Fire weapon", "Embark": "Embark", "Disembark": "Disembark", "Tow": "Tow",
    "TankShock": "Tank shock", "Turn": "Turn", "RequestFire": "Request fire support",
    "ResolveImpact": "Resolve impact", "AirMove": "Fly", "Land": "Land", "TakeOff": "Take off",
    "FireAA": "Anti-aircraft fire", "DropBombs": "Drop bombs", "MoveInbound": "Inbound chart",
    "LaySmoke": "Lay smoke", "Ignite": "Set alight", "ClearLane": "Clear a lane", "RemoteSpot": "Remote spot",
    "LaunchDrone": "Launch drone", "AirFire": "Fire from the air", "LeaveTable": "Leave the table",
    "DropTroops": "Drop troops", "DroneMove": "Fly drone", "DroneSpot": "Drone search", "RecallDrone": "Recall drone",
    "SetUpWeapon": "Set up weapon", "SetRemote": "Remote launcher", "FireMortar": "Fire mortar",
    "FightFire": "Fight fire", "ExhaustSmoke": "Exhaust smoke", "FireLineCharge": "Line charge",
    "SetCDM": "Set a CDM", "CallCasevac": "Call casevac", "LoadWounded": "Load wounded",
    "CasevacLeave": "Casevac leaves",
}
# Fields whose value says where an order of a module goes (a hex, or a unit, marker or counter on one),
# in the order they are looked for.
TARGET_FIELDS = ("to", "at", "target", "aim", "point", "hex", "where", "vehicle", "carrier", "marker", "feature",
                 "fire", "minefield", "other", "towed")


def action_words(class_name: str) -> str:
    """``LaySmoke`` -> "Lay smoke", ``FireAA`` -> "Fire AA"."""
    if class_name in MODULE_ACTIONS:
        return MODULE_ACTIONS[class_name]
    text = words_of(class_name)
    return text[:1].upper() + text[1:]


def hex_of(st: DustState, value: Any, side: str | None = None) -> Hex | None:
    """Where a field's value stands: a hex, or the hex of a unit, marker, counter or inbound target.
    A counter ``side`` may not see on the map (an enemy IED not yet found) has no hex: the order
    editor never points at it."""
    if isinstance(value, Hex):
        return value
    if not isinstance(value, str):
        return None
    if value in st.units:
        u = st.units[value]
        if u.carried_by is not None and u.carried_by in st.units:
            u = st.units[u.carried_by]
        return u.pos if u.pos is not None and not u.off_table else None
    if value in st.markers:
        return st.markers[value].pos
    if value in st.features:
        f = st.features[value]
        return f.pos if feature_seen(f, side) else None
    m = st.missions.get(value)
    return m.target if m is not None and m.side == side else None


def module_order_parts(st: DustState, cmd: Any) -> OrderParts:
    """An order this file does not know by type: filed by its unit (if it has one) under its action name,
    at the hex its target field names, labelled with its description (the unit's name dropped)."""
    d = Describer(st)
    owner = C.unit_of(cmd)
    unit = st.units.get(owner) if owner is not None else None
    uid = piece_id(st, unit.id) if unit is not None else None
    side = unit.side if unit is not None else C.side_of(cmd)
    fields = attrs.fields_dict(type(cmd)) if attrs.has(type(cmd)) else {}
    target = None
    for field in TARGET_FIELDS:
        value = getattr(cmd, field) if field in fields else None
        if value is None:
            continue
        target = hex_of(st, value, side)
        if target is not None:
            break
    if target is not None and target not in st.tables.board:
        target = None
    label = d.command(cmd)
    head = f"{d.name(owner)}: " if uid else ""
    if head and label.startswith(head):
        label = label[len(head):]
    action = action_words(type(cmd).__name__)
    if unit is not None and uid != owner:
        action += f" ({unit.name})"
    return OrderParts(uid, action, target, label)


# Each order type's parts, as the rulebook registers them: the piece, action and target hex the order editor
# files the order under, with a label unique among them.


def parts_pass(st: DustState, cmd: C.Pass) -> OrderParts:
    return OrderParts(None, "Pass", None, "pass: let the other side activate")


def parts_choose_first(st: DustState, cmd: C.ChooseFirst) -> OrderParts:
    return OrderParts(None, "Go first" if cmd.first else "Go second", None,
                      "go first this turn" if cmd.first else "let the other side go first")


def parts_decide(st: DustState, cmd: C.Decide) -> OrderParts:
    kind = st.pending.kind if st.pending is not None else ""
    if kind == "seize":
        action = "Decline" if cmd.choice == "decline" else "Seize the initiative"
    else:
        action = "Decide"
    return OrderParts(None, action, None, Describer(st).choice(cmd.choice))


def parts_end(st: DustState, cmd: C.EndActivation) -> OrderParts:
    top = st.active
    uid = piece_id(st, top.unit) if top else None
    left = top.actions if top else 0
    return OrderParts(uid, "End activation", None, f"end the activation ({plural(left, 'action')} unused)")


def _unit_parts(st: DustState, cmd: Any, target: Hex | None, label: str) -> OrderParts:
    """A unit's order of this file's kinds, filed under its piece (a hidden unit under its marker: its owner
    still reads which unit it is, in the action's name)."""
    uid = piece_id(st, cmd.unit)
    action = ACTION_NAMES[type(cmd)]
    if uid != cmd.unit:
        action += f" ({st.units[cmd.unit].name})"
    return OrderParts(uid, action, target, label)


def parts_move(st: DustState, cmd: C.Move) -> OrderParts:
    return _unit_parts(st, cmd, cmd.to, f"to {where(cmd.to)}" + (", leaving the wounded" if cmd.leave_wounded else ""))


def parts_shoot(st: DustState, cmd: C.Shoot) -> OrderParts:
    d = Describer(st)
    return _unit_parts(st, cmd, _pos(st, cmd.target), f"at {d.name(cmd.target)}: {d.shoot_label(cmd)}")


def parts_assault(st: DustState, cmd: C.Assault) -> OrderParts:
    d = Describer(st)
    label = f"{d.name(cmd.target)}" + (f" and {d.name(cmd.second)}" if cmd.second else "")
    return _unit_parts(st, cmd, _pos(st, cmd.target), label)


def parts_subordinate(st: DustState, cmd: C.Order | C.Rally) -> OrderParts:
    return _unit_parts(st, cmd, _pos(st, cmd.subordinate), Describer(st).name(cmd.subordinate))


def parts_combined(st: DustState, cmd: C.CombinedAssault) -> OrderParts:
    d = Describer(st)
    return _unit_parts(st, cmd, _pos(st, cmd.target),
                       f"{d.name(cmd.first)} and {d.name(cmd.second)} at {d.name(cmd.target)}")


def parts_activate_detachment(st: DustState, cmd: C.ActivateDetachment) -> OrderParts:
    return _unit_parts(st, cmd, _pos(st, cmd.detachment), Describer(st).name(cmd.detachment))


def parts_regroup(st: DustState, cmd: C.Regroup) -> OrderParts:
    d = Describer(st)
    label = f"with {d.name(cmd.other)}" + (f", moving to {where(cmd.move_to)} first" if cmd.move_to else "")
    return _unit_parts(st, cmd, _pos(st, cmd.other), label)


def parts_treat(st: DustState, cmd: C.Treat) -> OrderParts:
    return _unit_parts(st, cmd, _pos(st, cmd.patient), f"the wounded of {Describer(st).name(cmd.patient)}")


def parts_detect(st: DustState, cmd: C.Detect) -> OrderParts:
    m = st.markers.get(cmd.marker)
    return _unit_parts(st, cmd, m.pos if m else None, f"marker {cmd.marker}")


def parts_reorganise(st: DustState, cmd: C.Reorganise) -> OrderParts:
    return _unit_parts(st, cmd, None, REORGANISE.get(cmd.purpose, cmd.purpose))


def parts_detach(st: DustState, cmd: C.Detach) -> OrderParts:
    u = st.units[cmd.unit]
    chosen = [f for f in u.figures if f.id in set(cmd.figures)]
    weapons: dict[str, int] = {}
    for f in chosen:
        weapons[short_weapon_id(f.weapon)] = weapons.get(short_weapon_id(f.weapon), 0) + 1
    label = f"{plural(len(chosen), 'figure')}: " + ", ".join(f"{k} {w}" for w, k in weapons.items())
    return _unit_parts(st, cmd, None, label + " (" + " ".join(f.id for f in chosen) + ")")


SIMPLE_WORDS: dict[type, str] = {
    C.Prop: "prop in local cover", C.Unprop: "unprop, ready to move", C.Recover: "remove a suppression marker",
    C.Rouse: "try to shake off the panic", C.Withdraw: "withdraw toward its own edge",
    C.Hold: "stand fast: the rest of the activation does nothing"}


def parts_simple(st: DustState, cmd: Any) -> OrderParts:
    """An order with no target: Prop, Unprop, Recover, Rouse, Withdraw, Hold."""
    return _unit_parts(st, cmd, None, SIMPLE_WORDS.get(type(cmd), ACTION_NAMES[type(cmd)].lower()))


PARTS: dict[type, Any] = {
    C.Pass: parts_pass, C.ChooseFirst: parts_choose_first, C.Decide: parts_decide, C.EndActivation: parts_end,
    C.Move: parts_move, C.Shoot: parts_shoot, C.Assault: parts_assault, C.Order: parts_subordinate,
    C.Rally: parts_subordinate, C.CombinedAssault: parts_combined, C.ActivateDetachment: parts_activate_detachment,
    C.Regroup: parts_regroup, C.Treat: parts_treat, C.Detect: parts_detect, C.Reorganise: parts_reorganise,
    C.Detach: parts_detach,
}
"""Each order type's parts; those of ACTION_NAMES not listed are filed as parts_simple, any other type (a
module's) as module_order_parts."""


def parts_for(kind: type) -> Any:
    """The parts function of order type ``kind``."""
    if kind in PARTS:
        return PARTS[kind]
    return parts_simple if kind in ACTION_NAMES else module_order_parts
