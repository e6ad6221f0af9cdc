"""One plain line per Dustup event or order, for the dice log, the explain screen and the headless log.

Names come from the battle's state (unit names with their ids, side names).
The state handed in is usually the *current* one, not the one the event met,
so a line never claims to know a value from before the event: a changed
field is shown as "-> its new value".

Events added by the action modules (fire, assault, command) that this file
does not know by name still get a readable line, built from the class name
and its fields (:meth:`Describer.generic`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from hexfront.engine.core.events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled
from hexfront.engine.core.hexes import Hex, hex_label

from . import air, burning, casevac, command, ew, explosives, heavy, minefields, smoke, support, vehicles
from . import commands as C
from . import events as E
from .state import CONFIDENCE, DustState

FIGURE_STATUS = {
    "fit": "fit for duty", "untreated": "wounded (untreated)", "stabilised": "wounded, stabilised",
    "killed": "killed", "disabled": "out of action in a wrecked suit", "abandoned": "left behind, wounded",
}
REORGANISE = {
    "conceal": "go completely concealed", "expose": "back to partial concealment", "travel": "form travel column",
    "tactical": "back to tactical formation", "mount": "mount up", "dismount": "dismount",
    "leader": "appoint a new leader", "command": "assume command", "extract": "get a trooper out of a wrecked suit",
}
DECISION_WORDS = {
    "first": "go first", "second": "go second", "decline": "decline", "withdraw": "withdraw before the assault",
    "stand": "stand and take the courage test", "occupy": "occupy the position", "contact": "go after them",
    "press": "press on with a second move", "halt": "halt where they are",
    "dismount": "dismount the crew to fight", "stay": "stay closed down",
    "vehicle": "switch the assault to the vehicle",
}


def where(h: Hex | None) -> str:
    if h is None:
        return "off the table"
    return hex_label(h)


def words_of(class_name: str) -> str:
    """``CourageTested`` -> ``courage tested``; an acronym stays one word in capitals: ``FireAA`` -> ``fire AA``."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", class_name).split(" ")
    return " ".join(w if len(w) > 1 and w.isupper() else w.lower() for w in words)


def _yes(value: Any) -> str:
    return "yes" if value else "no"


FEATURE_WORDS = {"smoke": "a smoke cloud", "fire": "a fire", "minefield": "a minefield", "lane": "a cleared mine lane",
                 "ied": "an IED", "booby": "a booby trap", "cdm": "a command-detonated mine",
                 "target": "a fire support target marker", "blast": "a blast", "drone": "a drone",
                 "casevac": "a CASEVAC vehicle", "smoke_generator": "a smoke generator"}
BOX_WORDS = {3: "box 3", 2: "box 2", 1: "box 1", 0: "over the battle area", -1: "the loiter box"}


class Describer:
    """Describes events and orders with the names from one battle state."""

    def __init__(self, st: DustState | None) -> None:
        self.st = st

    # -- names --------------------------------------------------------------------------
    def name(self, uid: str | None) -> str:
        if uid is None:
            return "nobody"
        u = self.st.units.get(uid) if self.st is not None else None
        return f"{u.name} [{u.id}]" if u else str(uid)

    def side(self, sid: str | None) -> str:
        if sid is None:
            return "nobody"
        return self.st.tables.side_names.get(sid, sid) if self.st is not None else sid

    def figure(self, uid: str, fid: str) -> str:
        u = self.st.units.get(uid) if self.st is not None else None
        if u is not None:
            for f in u.figures:
                if f.id == fid:
                    return str(f.name)
        return fid

    def choice(self, choice: str) -> str:
        """A decision's answer in words ("seize:A" -> "seize the initiative with Alpha Squad [A]")."""
        if choice.startswith("seize:"):
            return f"seize the initiative with {self.name(choice.split(':', 1)[1])}"
        if ":" in choice:
            head, _, rest = choice.partition(":")
            return f"{DECISION_WORDS.get(head, head)} {self.name(rest)}"
        return DECISION_WORDS.get(choice, choice.replace("_", " "))

    def card(self, card: str) -> str:
        """A drawn activation card (a unit) or chit (side:unit:n), as a player reads it."""
        if card.count(":") == 2:
            return f"a {self.side(card.split(':')[0])} chit"
        return self.name(card) if self.st is not None and card in self.st.units else card

    # -- events -------------------------------------------------------------------------
    def event(self, ev: Any) -> str:
        """``ev``'s line in the dice log: the line of its type (EVENT_LINES), a fact about a unit (UNIT_FACTS),
        or a readable generic line for a type with none."""
        t = type(ev)
        line = EVENT_LINES.get(t)
        if line is not None:
            return line(self, ev)
        if t in UNIT_FACTS:
            return self._line_unit_fact(ev)
        return self.generic(ev)

    def _line_unit_fact(self, ev: Any) -> str:
        n = self.name
        t = type(ev)
        line = f"{n(ev.unit)}: {UNIT_FACTS[t](self, ev)}"
        return line + (f" ({ev.reason})" if ev.reason else "")

    # -- each event type's line (EVENT_LINES) ----------------------------------------------
    def _line_die_rolled(self, ev: Any) -> str:
        line = f"D{ev.sides} rolled {ev.result}: {ev.purpose}"
        return line + (" (scripted)" if ev.scripted else "")

    def _line_card_drawn(self, ev: Any) -> str:
        return f"{self.card(ev.card)} drawn: {ev.purpose}" + (" (scripted)" if ev.scripted else "")

    def _line_deck_shuffled(self, ev: Any) -> str:
        return f"{ev.deck} deck shuffled ({len(ev.order)}): {ev.purpose}"

    def _line_cards_discarded(self, ev: Any) -> str:
        return f"{ev.deck}: {len(ev.cards)} discarded"

    def _line_unit_placed(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)} placed at {where(ev.at)}"

    def _line_marker_placed(self, ev: Any) -> str:
        s = self.side
        # never says whether a unit is under it
        return f"{s(ev.side)} place a hidden-unit marker {ev.marker} at {where(ev.at)}"

    def _line_marker_removed(self, ev: Any) -> str:
        return f"marker {ev.marker} removed: {ev.reason}"

    def _line_figure_changed(self, ev: Any) -> str:
        n = self.name
        line = f"{n(ev.unit)}: {self.figure(ev.unit, ev.figure)} {FIGURE_STATUS.get(ev.status, ev.status)}"
        if ev.wounds:
            line += f" ({ev.wounds} wound{'s' if ev.wounds != 1 else ''})"
        return line + (f": {ev.reason}" if ev.reason else "")

    def _line_figure_role_changed(self, ev: Any) -> str:
        n = self.name
        role = ev.role or "a trooper again"
        return f"{n(ev.unit)}: {self.figure(ev.unit, ev.figure)} becomes {role}" + (
            f" ({ev.reason})" if ev.reason else "")

    def _line_figures_fired(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}: {len(ev.figures)} figure(s) have fired this activation"

    def _line_kill_credited(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}: a kill for {self.figure(ev.unit, ev.figure)}"

    def _line_turn_began(self, ev: Any) -> str:
        return f"Turn {ev.turn} begins"

    def _line_roll_off_won(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} win the roll-off and choose who goes first"

    def _line_first_chosen(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} go first this turn"

    def _line_side_to_act(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} to activate a unit" + (f" ({ev.reason})" if ev.reason else "")

    def _line_decision_asked(self, ev: Any) -> str:
        s = self.side
        options = ", ".join(self.choice(c) for c in ev.data)
        return f"{s(ev.side)} must decide ({ev.kind.replace('_', ' ')}): {options}"

    def _line_decision_taken(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} decide: {self.choice(ev.choice)}"

    def _line_activation_began(self, ev: Any) -> str:
        n = self.name
        how = {"turn": "activates", "order": "is activated by order", "detachment": "is activated by its parent",
               "seize": "seizes the initiative and activates", "card": "activates (its card came up)",
               "leftover": "takes the last activation"}.get(ev.by, f"activates ({ev.by})")
        return f"{n(ev.unit)} {how}: {ev.actions} action(s)"

    def _line_action_taken(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}: {ev.action}" + (f" ({ev.spent} actions)" if ev.spent != 1 else "")

    def _line_activation_ended(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}'s activation ends"

    def _line_passed(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} pass"

    def _line_token_spent(self, ev: Any) -> str:
        n, s = self.name, self.side
        return f"{s(ev.side)} spend a seize-the-initiative token for {n(ev.unit)}"

    def _line_forced_unit(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)} must act now" if ev.unit else "no unit is named by a card"

    def _line_unit_moved(self, ev: Any) -> str:
        n = self.name
        hexes = len(ev.path) - 1
        return (f"{n(ev.unit)} moves {where(ev.path[0])} to {where(ev.path[-1])}: "
                f"{hexes} hex{'es' if hexes != 1 else ''}, {ev.points} movement point(s)")

    def _line_wounded_left(self, ev: Any) -> str:
        return f"{ev.count} wounded left lying at {where(ev.at)}"

    def _line_assault_state(self, ev: Any) -> str:
        return self.assault(ev.facts)

    def _line_detachment_formed(self, ev: Any) -> str:
        n = self.name
        return (f"{n(ev.parent)} detaches {len(ev.figures)} figure(s) as {ev.name} [{ev.unit}]")

    def _line_units_merged(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.other)} joins {n(ev.unit)}"

    def _line_activation_deck_dealt(self, ev: Any) -> str:
        return f"the activation draw is made up: {len(ev.cards)} chits or cards"

    def _line_last_activation(self, ev: Any) -> str:
        s = self.side
        return f"the chits are used up: {s(ev.side)} activate one last unit"

    def _line_turn_ended(self, ev: Any) -> str:
        return f"Turn {ev.turn} ends"

    def _line_feature_placed(self, ev: Any) -> str:
        s = self.side
        owner = f"{s(ev.side)} " if ev.side else ""
        what = FEATURE_WORDS.get(ev.kind, ev.kind)
        if ev.hidden and ev.kind != "target":  # a hidden feature's log line never says what it is (a dummy
            # target marker reads like the real one: Dummy Targets)
            return f"{owner}place a hidden counter at {where(ev.at)}"
        return f"{owner}{what} at {where(ev.at)}".strip() + (f" ({ev.reason})" if ev.reason else "")

    def _line_feature_removed(self, ev: Any) -> str:
        return f"counter {ev.feature} removed" + (f": {ev.reason}" if ev.reason else "")

    def _line_feature_changed(self, ev: Any) -> str:
        bits = []
        if ev.at is not None:
            bits.append(f"moves to {where(ev.at)}")
        if ev.hidden is False:
            bits.append("is revealed")
        if ev.data is not None:
            bits.append("changes")
        return f"counter {ev.feature} {' and '.join(bits) or 'changes'}" + (f": {ev.reason}" if ev.reason else "")

    def _line_mission_placed(self, ev: Any) -> str:
        s = self.side
        box = BOX_WORDS.get(ev.box, f"box {ev.box}")
        return (f"{s(ev.side)} put a {ev.kind} counter ({ev.asset}) on the inbound chart, {box}"
                + (f" ({ev.reason})" if ev.reason else ""))

    def _line_mission_moved(self, ev: Any) -> str:
        box = BOX_WORDS.get(ev.box, f"box {ev.box}")
        return f"inbound counter {ev.mission} moves to {box}" + (f" ({ev.reason})" if ev.reason else "")

    def _line_mission_removed(self, ev: Any) -> str:
        return f"inbound counter {ev.mission} leaves the chart" + (f": {ev.reason}" if ev.reason else "")

    def _line_support_chits(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)}: {ev.left} fire support chit(s) left" + (f" ({ev.reason})" if ev.reason else "")

    def _line_battle_ended(self, ev: Any) -> str:
        s = self.side
        who = f"{s(ev.winner)} win" if ev.winner else "no winner"
        return f"Battle over: {who}; {ev.reason}"

    def _line_note(self, ev: Any) -> str:
        return str(ev.text)

    # -- events of the action modules (in EVENT_LINES too) --------------------------------------
    def _AirPending(self, ev: Any) -> str:
        if not ev.facts:
            return "the pilot's decision is taken"
        what = {"ade": "the air defences have acquired an incoming aircraft",
                "aa": "an anti-aircraft weapon has locked on"}.get(ev.facts[0], "an air engagement")
        return f"{what}: the pilot must decide"

    def _WeaponReadied(self, ev: Any) -> str:
        what = "set up" if ev.ready else "no longer ready (dismantled or used up)"
        line = f"{self.name(ev.unit)}: {self.figure(ev.unit, ev.figure)} {what}"
        return line + (f": {ev.reason}" if ev.reason else "")

    def _CrewDismounted(self, ev: Any) -> str:
        return (f"{self.name(ev.vehicle)}: its crew of {ev.count} get out at {where(ev.at)} to fight as "
                f"{self.name(ev.unit)}; the vehicle is unmanned until they remount")

    def _FigureRefitted(self, ev: Any) -> str:
        armour = "power armour" if ev.power else f"armour D{ev.armour}"
        line = f"{self.name(ev.unit)}: {self.figure(ev.unit, ev.figure)} back on duty in {armour}"
        return line + (f" ({ev.reason})" if ev.reason else "")

    def assault(self, facts: tuple[str, ...] | None) -> str:
        """The assault's bookkeeping (``key=json`` facts kept by assault.py) as a line."""
        if facts is None:
            return "the assault is over"
        raw: dict[str, Any] = {}
        for fact in facts:
            key, _, value = fact.partition("=")
            try:
                raw[key] = json.loads(value)
            except ValueError:
                raw[key] = value
        attackers = [self.name(a) for a in raw.get("attackers", []) if isinstance(a, str)]
        defenders = [self.name(d) for d in raw.get("defenders", []) if isinstance(d, str)]
        if not attackers:
            return "the assault goes on"
        line = f"assault ({raw.get('stage', 'under way')}): {' and '.join(attackers)}"
        if defenders:
            line += f" against {' and '.join(defenders)}"
        return line

    def generic(self, ev: Any) -> str:
        """A line for an event this file does not know by name: its class name and its fields."""
        t = type(ev)
        head = words_of(t.__name__)
        if not attrs.has(t):
            return head
        unit_first = ""
        parts = []
        for a in attrs.fields(t):
            if a.name == "rule":
                continue
            value = getattr(ev, a.name)
            if a.name == "unit" and isinstance(value, str) and not unit_first:
                unit_first = self.name(value)
                continue
            if a.name in ("text", "reason") and isinstance(value, str) and value:
                parts.append(value)
                continue
            if value in (None, "", (), False):
                continue
            parts.append(f"{a.name.replace('_', ' ')} {self._value_text(a.name, value)}")
        line = f"{unit_first}: {head}" if unit_first else head[:1].upper() + head[1:]
        return line + (" - " + ", ".join(parts) if parts else "")

    def _value_text(self, field: str, value: Any) -> str:
        if isinstance(value, Hex):
            return where(value)
        if isinstance(value, bool):
            return _yes(value)
        if isinstance(value, str):
            if self.st is not None and value in self.st.units:
                return self.name(value)
            if self.st is not None and field in ("side", "winner", "loser") and value in self.st.tables.side_names:
                return self.side(value)
            if self.st is not None and "." in value and value.split(".")[0] in self.st.units:
                return self.figure(value.split(".")[0], value)  # a figure or weapon mount: "T.1"
            if self.st is not None and field == "asset":
                for assets in self.st.tables.support.values():
                    for a in assets:
                        if str(a.get("id")) == value:
                            return str(a.get("name", value))
            return value.replace("_", " ") if field in ("weapon", "ammo", "kind", "purpose") else value
        if isinstance(value, tuple):
            return "[" + ", ".join(self._value_text(field, v) for v in value) + "]"
        return str(value)

    # -- orders -------------------------------------------------------------------------
    def shoot_label(self, cmd: C.Shoot) -> str:
        """How a shot is made, in a few words: "all weapons", "small arms only", "LMG alone", "+2 grenades"."""
        st = self.st
        parts = []
        u = st.units.get(cmd.unit) if st is not None else None
        if not cmd.figures:
            parts.append("all weapons")
        elif u is not None and st is not None:
            chosen = [f for f in u.figures if f.id in set(cmd.figures)]
            kinds = {st.tables.weapons[f.weapon].kind in ("small_arm", "pistol")
                     for f in chosen if f.weapon in st.tables.weapons}
            kinds = {not k for k in kinds}  # True: a support weapon, IAVR or heavy weapon
            if kinds == {True}:
                names = sorted({short_weapon_id(f.weapon) for f in chosen})
                single = [f.id for f in chosen if f.weapon in st.tables.weapons
                          and not st.tables.weapons[f.weapon].support]
                parts.append(" and ".join(names) + " alone" + (f" ({' '.join(single)})" if single else ""))
            elif kinds == {False}:
                every = [f for f in u.fit_figures
                         if f.weapon in st.tables.weapons and not st.tables.weapons[f.weapon].support]
                parts.append("small arms only" if len(chosen) >= len(every) else f"{len(chosen)} riflemen")
            else:
                parts.append(f"{len(chosen)} figures")
        else:
            parts.append(f"{len(cmd.figures)} figures")
        if cmd.grenades:
            parts.append(f"+{cmd.grenades} grenade{'s' if cmd.grenades != 1 else ''}")
        if cmd.suppressive:
            parts.append("suppressive")
        return ", ".join(parts)

    def command(self, cmd: Any) -> str:
        """``cmd`` in a player's words: the line of its type (ORDER_LINES; a module's order that its line cannot
        read falls back to a generic one), else a generic line."""
        t = type(cmd)
        line = ORDER_LINES.get(t)
        if line is None:
            return self.generic(cmd)
        if t.__module__ != C.__name__:  # an order of an Armoured Dustup module: its fields are its own
            try:
                return line(self, cmd)
            except (AttributeError, KeyError, TypeError, ValueError):
                return self.generic(cmd)
        return line(self, cmd)

    def _unit_order(self, cmd: Any, words: str) -> str:
        return f"{self.name(cmd.unit)}: {words}" if isinstance(getattr(cmd, "unit", None), str) else self.generic(cmd)

    # -- the shared orders' lines (ORDER_LINES) ----------------------------------------------------
    def _line_choose_first(self, cmd: C.ChooseFirst) -> str:
        return "go first" if cmd.first else "go second"

    def _line_pass(self, cmd: C.Pass) -> str:
        return "pass"

    def _line_end(self, cmd: C.EndActivation) -> str:
        top = self.st.active if self.st is not None else None
        return f"{self.name(top.unit)}: end the activation" if top else "end the activation"

    def _line_decide(self, cmd: C.Decide) -> str:
        return f"decide: {self.choice(cmd.choice)}"

    def _line_move(self, cmd: C.Move) -> str:
        return self._unit_order(cmd, f"move toward {where(cmd.to)}" + (", leaving the wounded" if cmd.leave_wounded
                                                                       else ""))

    def _line_shoot(self, cmd: C.Shoot) -> str:
        return self._unit_order(cmd, f"shoot at {self.name(cmd.target)} ({self.shoot_label(cmd)})")

    def _line_assault(self, cmd: C.Assault) -> str:
        n = self.name
        return self._unit_order(cmd, f"assault {n(cmd.target)}" + (f" and {n(cmd.second)}" if cmd.second else ""))

    def _line_reorganise(self, cmd: C.Reorganise) -> str:
        return self._unit_order(cmd, f"reorganise: {REORGANISE.get(cmd.purpose, cmd.purpose)}")

    def _line_order(self, cmd: C.Order) -> str:
        return self._unit_order(cmd, f"order {self.name(cmd.subordinate)} to act")

    def _line_combined(self, cmd: C.CombinedAssault) -> str:
        n = self.name
        return self._unit_order(cmd, f"order {n(cmd.first)} and {n(cmd.second)} to assault {n(cmd.target)}")

    def _line_rally(self, cmd: C.Rally) -> str:
        return self._unit_order(cmd, f"rally {self.name(cmd.subordinate)}")

    def _line_detach(self, cmd: C.Detach) -> str:
        return self._unit_order(cmd, f"detach {len(cmd.figures)} figure(s)")

    def _line_activate_detachment(self, cmd: C.ActivateDetachment) -> str:
        return self._unit_order(cmd, f"activate its detachment {self.name(cmd.detachment)}")

    def _line_regroup(self, cmd: C.Regroup) -> str:
        return self._unit_order(cmd, f"regroup with {self.name(cmd.other)}"
                                + (f", moving to {where(cmd.move_to)} first" if cmd.move_to is not None else ""))

    def _line_treat(self, cmd: C.Treat) -> str:
        return self._unit_order(cmd, "treat its wounded" if cmd.patient == cmd.unit
                                else f"treat the wounded of {self.name(cmd.patient)}")

    def _line_detect(self, cmd: C.Detect) -> str:
        m = self.st.markers.get(cmd.marker) if self.st is not None else None
        return self._unit_order(cmd, f"try to spot marker {cmd.marker}" + (f" at {where(m.pos)}" if m else ""))

    def _line_simple(self, cmd: Any) -> str:
        """An order with no target: its words (SIMPLE_ORDERS)."""
        return self._unit_order(cmd, SIMPLE_ORDERS[type(cmd)])

    # -- orders of the Armoured Dustup modules (in ORDER_LINES too; any other gets generic()) -------
    def _weapons(self, uid: str, fids: Iterable[str]) -> str:
        return " and ".join(self.figure(uid, f).split(" (")[0] for f in fids)

    def _asset(self, side: str, aid: str) -> str:
        for a in (self.st.tables.support.get(side, ()) if self.st is not None else ()):
            if str(a.get("id")) == aid:
                return str(a.get("name", aid))
        return aid.replace("_", " ")

    def _side_of(self, uid: str) -> str:
        u = self.st.units.get(uid) if self.st is not None else None
        return u.side if u is not None else ""

    def _order_FireWeapon(self, cmd: Any) -> str:
        at = " (at a door or window)" if cmd.part else ""
        if cmd.to is not None:  # superior stabilisation: move and fire in one action
            at += f", moving toward {where(cmd.to)} first"
        return f"{self.name(cmd.unit)}: fire {self._weapons(cmd.unit, cmd.weapons)} at {self.name(cmd.target)}{at}"

    def _order_SetUpWeapon(self, cmd: Any) -> str:
        what = self.figure(cmd.unit, cmd.figure)
        return f"{self.name(cmd.unit)}: {'dismantle' if cmd.dismantle else 'set up'} {what}"

    def _order_RequestFire(self, cmd: Any) -> str:
        ammo = {"he": "HE", "ap": "AP", "at": "AT"}.get(cmd.ammo, cmd.ammo)
        line = (f"{self.name(cmd.unit)}: call {ammo} fire from {self._asset(self._side_of(cmd.unit), cmd.asset)} "
                f"on {where(cmd.target)}")
        if cmd.chits:
            line += f", spending {cmd.chits} chit{'s' if cmd.chits != 1 else ''}"
        if cmd.dummies:
            line += f", with {len(cmd.dummies)} dumm{'ies' if len(cmd.dummies) != 1 else 'y'}"
        return line

    def _order_ResolveImpact(self, cmd: Any) -> str:
        m = self.st.missions.get(cmd.mission) if self.st is not None else None
        if m is None:
            return f"{self.side(cmd.side)}: bring down fire mission {cmd.mission}"
        aim = f" on {where(m.target)}" if m.target is not None else ""
        return f"{self.side(cmd.side)}: bring down the fire mission of {self._asset(m.side, m.asset)}{aim} [{m.id}]"

    def _order_FireMortar(self, cmd: Any) -> str:
        how = "indirect fire" if cmd.indirect else "fire"
        return f"{self.name(cmd.unit)}: {how} with {self._weapons(cmd.unit, (cmd.figure,))} on {where(cmd.target)}"

    def _order_Turn(self, cmd: Any) -> str:
        names = ("east", "north-east", "north-west", "west", "south-west", "south-east")
        return f"{self.name(cmd.unit)}: turn to face {names[cmd.facing % 6]}"

    def _order_Embark(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: embark in {self.name(cmd.vehicle)}"

    def _order_Disembark(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: disembark to {where(cmd.to)}"

    def _order_Tow(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: tow or push {self.name(cmd.other)}"

    def _order_Release(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: let go of the vehicle it tows"

    def _order_TankShock(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: tank shock {self.name(cmd.target)}"

    def _order_LaySmoke(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: lay smoke on {where(cmd.at)}"

    def _order_Ignite(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: set {where(cmd.at)} alight"

    def _order_ClearLane(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: clear a lane toward {where(cmd.to)}"

    _FACINGS = ("east", "north-east", "north-west", "west", "south-west", "south-east")

    def _order_SetRemote(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: set {self.figure(cmd.unit, cmd.figure)} to fire remotely"

    def _order_FightFire(self, cmd: Any) -> str:
        f = self.st.features.get(cmd.fire) if self.st is not None else None
        return f"{self.name(cmd.unit)}: fight the fire" + (f" at {where(f.pos)}" if f is not None else "")

    def _order_ExhaustSmoke(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: make exhaust smoke"

    def _order_SwitchSmokeGenerator(self, cmd: Any) -> str:
        f = self.st.features.get(cmd.feature) if self.st is not None else None
        at = f" at {where(f.pos)}" if f is not None else ""
        if not cmd.on:
            return f"{self.name(cmd.unit)}: turn the smoke generator{at} off"
        way = f", trail toward hex direction {cmd.direction}" if cmd.direction >= 0 else ", trail downwind"
        return f"{self.name(cmd.unit)}: turn the smoke generator{at} on{way}"

    def _order_Limber(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: limber {self.figure(cmd.unit, cmd.figure)} to {self.name(cmd.vehicle)}"

    def _order_Unlimber(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: unlimber {self.figure(cmd.unit, cmd.figure)} and bring it into action"

    def _order_FireLineCharge(self, cmd: Any) -> str:
        f = self.st.features.get(cmd.minefield) if self.st is not None else None
        return f"{self.name(cmd.unit)}: fire a line charge across the minefield" + (
            f" at {where(f.pos)}" if f is not None else "")

    def _order_SetCDM(self, cmd: Any) -> str:
        return (f"{self.name(cmd.unit)}: set a command-detonated mine at {where(cmd.at)} facing "
                f"{self._FACINGS[cmd.facing % 6]}")

    def _order_CallCasevac(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: call the casualty evacuation in"

    def _order_LoadWounded(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: hand its wounded to the casualty evacuation"

    def _order_CasevacLeave(self, cmd: Any) -> str:
        return f"{self.side(cmd.side)}: the casualty evacuation takes off with its wounded"

    def _spotted(self, marker: str) -> str:
        st = self.st
        if st is not None and marker in st.markers:
            return f"marker {marker} at {where(st.markers[marker].pos)}"
        f = st.features.get(marker) if st is not None else None
        if f is not None and f.kind in ("minefield", "target"):
            return f"the counter at {where(f.pos)}"
        return "a hidden counter"  # never where an unseen device lies

    def _order_RemoteSpot(self, cmd: Any) -> str:
        more = f", {cmd.extra} extra counter{'s' if cmd.extra != 1 else ''}" if cmd.extra else ""
        return f"{self.name(cmd.unit)}: electronic search of {self._spotted(cmd.marker)}{more}"

    def _order_LaunchDrone(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: launch its drone over {where(cmd.at)}"

    def _order_DroneMove(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: fly its drone to {where(cmd.to)}"

    def _order_DroneSpot(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: search {self._spotted(cmd.marker)} from its drone"

    def _order_RecallDrone(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: bring its drone down"

    def _order_MoveInbound(self, cmd: Any) -> str:
        m = self.st.missions.get(cmd.mission) if self.st is not None else None
        who = self.name(m.unit) if m is not None and m.unit else (m.asset if m is not None else cmd.mission)
        box = {3: "box 3", 2: "box 2", 1: "box 1", 0: "the battle area", -1: "the loiter box"}.get(cmd.to, cmd.to)
        line = f"{self.side(cmd.side)}: move {who} to {box}"
        if cmd.to == 0 and cmd.at is not None:
            line += f", at {where(cmd.at)} facing {self._FACINGS[cmd.facing % 6]}, {cmd.air}"
        return line

    def _order_AirMove(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: fly to {where(cmd.to)}, facing {self._FACINGS[cmd.facing % 6]}"

    def _order_LeaveTable(self, cmd: Any) -> str:
        box = "the loiter box" if cmd.box == -1 else f"box {cmd.box}"
        return f"{self.name(cmd.unit)}: fly off the table to {box}"

    def _order_Land(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: land"

    def _order_Taxi(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: taxi along the road to {where(cmd.to)}"

    def _order_TakeOff(self, cmd: Any) -> str:
        line = f"{self.name(cmd.unit)}: take off, {cmd.air}"
        if cmd.to is not None:
            line += f", to {where(cmd.to)}" + (f" facing {self._FACINGS[cmd.facing % 6]}" if cmd.facing >= 0 else "")
        return line

    def _order_AirFire(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: fire {self._weapons(cmd.unit, (cmd.weapon,))} at {self.name(cmd.target)}"

    def _order_DropBombs(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: drop {cmd.count} bomb{'s' if cmd.count != 1 else ''}" + (
            " in a stick" if cmd.stick else "")

    def _order_FireAA(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: anti-aircraft fire with {self._weapons(cmd.unit, (cmd.figure,))} at " \
               f"{self.name(cmd.target)}"

    def _order_DropTroops(self, cmd: Any) -> str:
        how = {"rope": "by rope", "grav": "by grav-pack"}.get(cmd.method, cmd.method)
        return f"{self.name(cmd.unit)}: drop {how} onto {where(cmd.at)}"


def short_weapon_id(wid: str) -> str:
    """A weapon's id as a short name: "lmg" -> "LMG", "assault_rifle" -> "assault rifle"."""
    return {"lmg": "LMG", "hmg": "HMG", "agl": "AGL"}.get(wid, wid.replace("_", " "))


_FACINGS = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def _level(level: int) -> str:
    return CONFIDENCE[level] if 0 <= level < len(CONFIDENCE) else str(level)


def _ratings(ev: Any) -> str:
    return f"quality D{ev.quality}, leadership {ev.leadership}, confidence {_level(ev.confidence)}"


def _suppression(markers: int) -> str:
    return f"{markers} suppression marker{'s' if markers != 1 else ''}"


UNIT_FACTS: dict[type, Any] = {
    E.RatingsRolled: lambda d, ev: f"rolls its ratings: {_ratings(ev)}",
    E.RatingsCombined: lambda d, ev: f"regrouped: {_ratings(ev)} (starting {_level(ev.initial_confidence)})",
    E.Suppressed: lambda d, ev: f"suppressed: {_suppression(ev.markers)}",
    E.SuppressionRemoved: lambda d, ev: (f"suppression removed: {_suppression(ev.markers)} left" if ev.markers
                                         else "every suppression marker removed"),
    E.ConfidenceDropped: lambda d, ev: f"confidence drops to {_level(ev.level)}",
    E.ConfidenceRaised: lambda d, ev: f"confidence rises to {_level(ev.level)}",
    E.CameUnderFire: lambda d, ev: "comes under fire for the first time",
    E.EnemySighted: lambda d, ev: "sees the enemy for the first time",
    E.Panicked: lambda d, ev: "panics",
    E.PanicTestPassed: lambda d, ev: "passes its panic test and never tests again",
    E.PanicOver: lambda d, ev: "recovers from panic",
    E.Propped: lambda d, ev: "props",
    E.Unpropped: lambda d, ev: "unprops",
    E.Revealed: lambda d, ev: "is revealed",
    E.ConcealmentChosen: lambda d, ev: ("goes to ground: completely concealed" if ev.complete
                                        else "partially concealed again"),
    E.FormationChanged: lambda d, ev: "in travel mode" if ev.travel else "in tactical formation",
    E.CavalryMounted: lambda d, ev: "mounted" if ev.mounted else "dismounted",
    E.LeaderLost: lambda d, ev: "needs a new leader",
    E.LeaderAppointed: lambda d, ev: f"a new leader takes over, leadership {ev.leadership}",
    E.CommandAssumed: lambda d, ev: (f"takes command in place of {d.name(ev.hq)}, answering to "
                                     f"{d.name(ev.commander) if ev.commander else 'nobody'}"),
    E.CountsAsActivated: lambda d, ev: "counts as activated this turn",
    E.LeftTable: lambda d, ev: "leaves the table",
    E.ArrivedOnTable: lambda d, ev: "arrives on the table",
    E.InFlight: lambda d, ev: f"in flight, {ev.flight}",
    E.Landed: lambda d, ev: "lands" if ev.flight else "lands: a ground vehicle again",
    E.LandedHeavily: lambda d, ev: "lands heavily: it cannot take off again",
    E.Turned: lambda d, ev: f"faces {_FACINGS[ev.facing % 6]}",
    E.MoveMade: lambda d, ev: "one more move this activation",
    E.VehicleDamaged: lambda d, ev: "one more damage marker",
    E.Immobilised: lambda d, ev: "immobilised",
    E.HatchesClosed: lambda d, ev: "closes down its hatches",
    E.TowAttached: lambda d, ev: f"tows {d.name(ev.towed)}",
    E.TowDropped: lambda d, ev: "tows nothing any more",
    E.Embarked: lambda d, ev: f"embarks on {d.name(ev.vehicle)}",
    E.Disembarked: lambda d, ev: "is out of its vehicle",
    E.CrewRemounted: lambda d, ev: "its crew is back inside",
    E.DecoyUsed: lambda d, ev: "decoys used for this turn",
    E.AreaProtectionFired: lambda d, ev: "an area protection system is used up",
    E.LineChargeFired: lambda d, ev: "a line charge is used up",
    E.MinesIssued: lambda d, ev: f"carries {ev.count} command-detonated mine{'s' if ev.count != 1 else ''}",
    E.MineLaid: lambda d, ev: "sets up a command-detonated mine",
    E.EWSwitchedOn: lambda d, ev: f"EW system on, {ev.counters} EW counters",
    E.EWCountersSpent: lambda d, ev: f"{ev.spent} EW counter{'s' if ev.spent != 1 else ''} spent",
    E.DroneFlown: lambda d, ev: f"its drone is over {where(ev.at)}",
    E.DroneDown: lambda d, ev: "its drone is out of the air",
    E.RemoteLauncherPlaced: lambda d, ev: f"remote launcher set up at {where(ev.at)}",
    E.RemoteLauncherTakenDown: lambda d, ev: "remote launcher taken down",
    E.MortarTargetRegistered: lambda d, ev: f"mortar target registered at {where(ev.at)}",
    E.MortarTargetFired: lambda d, ev: "the registered mortar rounds are fired",
}
"""The dice log's words for each fact about a unit (events.py), after the unit's name."""


EVENT_LINES: dict[type, Callable[[Describer, Any], str]] = {
    DieRolled: Describer._line_die_rolled,
    CardDrawn: Describer._line_card_drawn,
    DeckShuffled: Describer._line_deck_shuffled,
    CardsDiscarded: Describer._line_cards_discarded,
    E.UnitPlaced: Describer._line_unit_placed,
    E.MarkerPlaced: Describer._line_marker_placed,
    E.MarkerRemoved: Describer._line_marker_removed,
    E.FigureChanged: Describer._line_figure_changed,
    E.FigureRoleChanged: Describer._line_figure_role_changed,
    E.FiguresFired: Describer._line_figures_fired,
    E.KillCredited: Describer._line_kill_credited,
    E.TurnBegan: Describer._line_turn_began,
    E.RollOffWon: Describer._line_roll_off_won,
    E.FirstChosen: Describer._line_first_chosen,
    E.SideToAct: Describer._line_side_to_act,
    E.DecisionAsked: Describer._line_decision_asked,
    E.DecisionTaken: Describer._line_decision_taken,
    E.ActivationBegan: Describer._line_activation_began,
    E.ActionTaken: Describer._line_action_taken,
    E.ActivationEnded: Describer._line_activation_ended,
    E.Passed: Describer._line_passed,
    E.TokenSpent: Describer._line_token_spent,
    E.ForcedUnit: Describer._line_forced_unit,
    E.UnitMoved: Describer._line_unit_moved,
    E.WoundedLeft: Describer._line_wounded_left,
    E.AssaultState: Describer._line_assault_state,
    E.DetachmentFormed: Describer._line_detachment_formed,
    E.UnitsMerged: Describer._line_units_merged,
    E.ActivationDeckDealt: Describer._line_activation_deck_dealt,
    E.LastActivation: Describer._line_last_activation,
    E.TurnEnded: Describer._line_turn_ended,
    E.FeaturePlaced: Describer._line_feature_placed,
    E.FeatureRemoved: Describer._line_feature_removed,
    E.FeatureChanged: Describer._line_feature_changed,
    E.MissionPlaced: Describer._line_mission_placed,
    E.MissionMoved: Describer._line_mission_moved,
    E.MissionRemoved: Describer._line_mission_removed,
    E.SupportChits: Describer._line_support_chits,
    E.BattleEnded: Describer._line_battle_ended,
    E.Note: Describer._line_note,
    air.AirPending: Describer._AirPending,
    heavy.WeaponReadied: Describer._WeaponReadied,
    vehicles.CrewDismounted: Describer._CrewDismounted,
    command.FigureRefitted: Describer._FigureRefitted,
}
"""Each event type's line in the dice log, the action modules' own events with the rest."""


SIMPLE_ORDERS: dict[type, str] = {
    C.Prop: "prop", C.Unprop: "unprop", C.Recover: "recover from suppression", C.Rouse: "shake off the panic",
    C.Withdraw: "withdraw toward its own edge", C.Hold: "hold: stand fast for the rest of the activation"}

ORDER_LINES: dict[type, Callable[[Describer, Any], str]] = {
    C.ChooseFirst: Describer._line_choose_first, C.Pass: Describer._line_pass, C.EndActivation: Describer._line_end,
    C.Decide: Describer._line_decide, C.Move: Describer._line_move, C.Shoot: Describer._line_shoot,
    C.Assault: Describer._line_assault, C.Reorganise: Describer._line_reorganise, C.Order: Describer._line_order,
    C.CombinedAssault: Describer._line_combined, C.Rally: Describer._line_rally, C.Detach: Describer._line_detach,
    C.ActivateDetachment: Describer._line_activate_detachment, C.Regroup: Describer._line_regroup,
    C.Treat: Describer._line_treat, C.Detect: Describer._line_detect,
    **{kind: Describer._line_simple for kind in SIMPLE_ORDERS},
    air.AirFire: Describer._order_AirFire,
    air.AirMove: Describer._order_AirMove,
    air.DropBombs: Describer._order_DropBombs,
    air.DropTroops: Describer._order_DropTroops,
    air.FireAA: Describer._order_FireAA,
    air.Land: Describer._order_Land,
    air.LeaveTable: Describer._order_LeaveTable,
    air.MoveInbound: Describer._order_MoveInbound,
    air.TakeOff: Describer._order_TakeOff,
    air.Taxi: Describer._order_Taxi,
    ew.DroneMove: Describer._order_DroneMove,
    ew.DroneSpot: Describer._order_DroneSpot,
    ew.LaunchDrone: Describer._order_LaunchDrone,
    ew.RecallDrone: Describer._order_RecallDrone,
    ew.RemoteSpot: Describer._order_RemoteSpot,
    casevac.CallCasevac: Describer._order_CallCasevac,
    casevac.CasevacLeave: Describer._order_CasevacLeave,
    minefields.ClearLane: Describer._order_ClearLane,
    smoke.ExhaustSmoke: Describer._order_ExhaustSmoke,
    burning.FightFire: Describer._order_FightFire,
    minefields.FireLineCharge: Describer._order_FireLineCharge,
    burning.Ignite: Describer._order_Ignite,
    smoke.LaySmoke: Describer._order_LaySmoke,
    casevac.LoadWounded: Describer._order_LoadWounded,
    explosives.SetCDM: Describer._order_SetCDM,
    smoke.SwitchSmokeGenerator: Describer._order_SwitchSmokeGenerator,
    heavy.FireWeapon: Describer._order_FireWeapon,
    heavy.Limber: Describer._order_Limber,
    heavy.SetRemote: Describer._order_SetRemote,
    heavy.SetUpWeapon: Describer._order_SetUpWeapon,
    heavy.Unlimber: Describer._order_Unlimber,
    support.FireMortar: Describer._order_FireMortar,
    support.RequestFire: Describer._order_RequestFire,
    support.ResolveImpact: Describer._order_ResolveImpact,
    vehicles.Disembark: Describer._order_Disembark,
    vehicles.Embark: Describer._order_Embark,
    vehicles.Release: Describer._order_Release,
    vehicles.TankShock: Describer._order_TankShock,
    vehicles.Tow: Describer._order_Tow,
    vehicles.Turn: Describer._order_Turn,
}
"""Each order type's words, the Armoured Dustup modules' orders with the rest."""
