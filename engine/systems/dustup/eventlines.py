"""The dice log's line for each Dustup event (describe.EVENT_LINES): the shared events of events.py,
the facts about a unit (UNIT_FACTS, after the unit's name) and the action modules' own events
(the air engagement waiting on a pilot, a weapon readied, a crew dismounted, a figure refitted),
with the assault's bookkeeping read back as a line.

A line never claims a value from before the event (the state handed in is usually the current one);
a hidden counter's line never says what it is.
"""

from __future__ import annotations

import json
from typing import Any

from hexfront.engine.core.words import plural, with_article

from . import events as E
from .logwords import FACINGS, LogWords, where
from .state import CONFIDENCE

FIGURE_STATUS = {
    "fit": "fit for duty", "untreated": "wounded (untreated)", "stabilised": "wounded, stabilised",
    "killed": "killed", "disabled": "out of action in a wrecked suit", "abandoned": "left behind, wounded",
}

FEATURE_WORDS = {"smoke": "a smoke cloud", "fire": "a fire", "minefield": "a minefield", "lane": "a cleared mine lane",
                 "ied": "an IED", "booby": "a booby trap", "cdm": "a command-detonated mine",
                 "target": "a fire support target marker", "blast": "a blast", "drone": "a drone",
                 "casevac": "a CASEVAC vehicle", "smoke_generator": "a smoke generator"}
BOX_WORDS = {3: "box 3", 2: "box 2", 1: "box 1", 0: "over the battle area", -1: "the loiter box"}



class EventLines(LogWords):
    """Each event type's line (the methods EVENT_LINES names), on the names of :class:`LogWords`."""

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
        return f"{s(ev.side)} placed a hidden-unit marker {ev.marker} at {where(ev.at)}"

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
        verb = "has" if len(ev.figures) == 1 else "have"
        return f"{n(ev.unit)}: {plural(len(ev.figures), 'figure')} {verb} fired this activation"

    def _line_kill_credited(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}: a kill for {self.figure(ev.unit, ev.figure)}"

    def _line_turn_began(self, ev: Any) -> str:
        return f"Turn {ev.turn} begins"

    def _line_roll_off_won(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} won the roll-off and chose who goes first"

    def _line_first_chosen(self, ev: Any) -> str:
        s = self.side
        return f"first to act this turn: {s(ev.side)}"

    def _line_side_to_act(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} to activate a unit" + (f" ({ev.reason})" if ev.reason else "")

    def _line_decision_asked(self, ev: Any) -> str:
        s = self.side
        options = ", ".join(self.choice(c) for c in ev.data)
        return f"{s(ev.side)} must decide ({ev.kind.replace('_', ' ')}): {options}"

    def _line_decision_taken(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} decided: {self.choice(ev.choice)}"

    def _line_activation_began(self, ev: Any) -> str:
        n = self.name
        how = {"turn": "activates", "order": "is activated by order", "detachment": "is activated by its parent",
               "seize": "seizes the initiative and activates", "card": "activates (its card came up)",
               "leftover": "takes the last activation"}.get(ev.by, f"activates ({ev.by})")
        return f"{n(ev.unit)} {how}: {plural(ev.actions, 'action')}"

    def _line_action_taken(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}: {ev.action}" + (f" ({ev.spent} actions)" if ev.spent != 1 else "")

    def _line_activation_ended(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)}'s activation ends"

    def _line_passed(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)} passed"

    def _line_token_spent(self, ev: Any) -> str:
        n, s = self.name, self.side
        return f"{s(ev.side)} spent a seize-the-initiative token for {n(ev.unit)}"

    def _line_forced_unit(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.unit)} must act now" if ev.unit else "no unit is named by a card"

    def _line_unit_moved(self, ev: Any) -> str:
        n = self.name
        hexes = len(ev.path) - 1
        return (f"{n(ev.unit)} moves {where(ev.path[0])} to {where(ev.path[-1])}: "
                f"{hexes} hex{'es' if hexes != 1 else ''}, {plural(ev.points, 'movement point')}")

    def _line_wounded_left(self, ev: Any) -> str:
        return f"{ev.count} wounded left lying at {where(ev.at)}"

    def _line_assault_state(self, ev: Any) -> str:
        return self.assault(ev.facts)

    def _line_detachment_formed(self, ev: Any) -> str:
        n = self.name
        return (f"{n(ev.parent)} detaches {plural(len(ev.figures), 'figure')} as {ev.name} [{ev.unit}]")

    def _line_units_merged(self, ev: Any) -> str:
        n = self.name
        return f"{n(ev.other)} joins {n(ev.unit)}"

    def _line_activation_deck_dealt(self, ev: Any) -> str:
        return f"the activation draw is made up: {len(ev.cards)} chits or cards"

    def _line_last_activation(self, ev: Any) -> str:
        s = self.side
        return f"the chits are used up: one last unit for {s(ev.side)} to activate"

    def _line_turn_ended(self, ev: Any) -> str:
        return f"Turn {ev.turn} ends"

    def _line_feature_placed(self, ev: Any) -> str:
        s = self.side
        owner = f"{s(ev.side)}: " if ev.side else ""
        what = FEATURE_WORDS.get(ev.kind, ev.kind)
        if ev.hidden and ev.kind != "target":  # a hidden feature's log line never says what it is (a dummy
            # target marker reads like the real one: Dummy Targets)
            return f"{owner}a hidden counter at {where(ev.at)}"
        return f"{owner}{what} at {where(ev.at)}" + (f" ({ev.reason})" if ev.reason else "")

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
        return (f"{s(ev.side)} put {with_article(ev.kind)} counter ({ev.asset}) on the inbound chart, {box}"
                + (f" ({ev.reason})" if ev.reason else ""))

    def _line_mission_moved(self, ev: Any) -> str:
        box = BOX_WORDS.get(ev.box, f"box {ev.box}")
        return f"inbound counter {ev.mission} moves to {box}" + (f" ({ev.reason})" if ev.reason else "")

    def _line_mission_removed(self, ev: Any) -> str:
        return f"inbound counter {ev.mission} leaves the chart" + (f": {ev.reason}" if ev.reason else "")

    def _line_support_chits(self, ev: Any) -> str:
        s = self.side
        return f"{s(ev.side)}: {plural(ev.left, 'fire support chit')} left" + (f" ({ev.reason})" if ev.reason else "")

    def _line_battle_ended(self, ev: Any) -> str:
        s = self.side
        who = f"{s(ev.winner)} won" if ev.winner else "no winner"
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
    E.Turned: lambda d, ev: f"faces {FACINGS[ev.facing % 6]}",
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
"""The dice log's words for each fact about a unit (unitevents.py), after the unit's name."""
