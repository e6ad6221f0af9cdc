"""One plain line per event, for the dice log and the headless event log."""

from __future__ import annotations

from engine.core.cards import card_name, is_standard_card
from engine.core.events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled
from engine.core.hexes import DIRECTION_NAMES, Hex, hex_label

from . import commands as C
from . import events as E
from .state import ACTION_DECK, RatState


def where(h: Hex | None) -> str:
    if h is None:
        return "off the table"
    return hex_label(h)


class Describer:
    """Describes events using names from the battle's tables (models, cards, sides)."""

    def __init__(self, st: RatState) -> None:
        self.st = st

    def name(self, mid: str | None) -> str:
        if mid is None:
            return "nobody"
        m = self.st.models.get(mid)
        return f"{m.name} [{m.id}]" if m else mid

    def side(self, sid: str | None) -> str:
        return self.st.tables.side_names.get(sid, sid) if sid else "nobody"

    def card(self, deck: str, code: str) -> str:
        if deck == ACTION_DECK:
            c = self.st.tables.cards.get(code)
            return f"'{c.title}'" if c else code
        return f"{code} ({card_name(code)})" if is_standard_card(code) else code

    def event(self, ev) -> str:
        t = type(ev)
        n, s = self.name, self.side
        if t is CardDrawn:
            return f"{self.card(ev.deck, ev.card)} drawn: {ev.purpose}" + (" [scripted]" if ev.scripted else "")
        if t is DeckShuffled:
            return f"{ev.deck} deck shuffled: {ev.purpose}"
        if t is CardsDiscarded:
            return f"{ev.deck}: {len(ev.cards)} card(s) discarded"
        if t is DieRolled:
            return f"d{ev.sides} rolled {ev.result}: {ev.purpose}"
        if t is E.ModelPlaced:
            return f"{n(ev.model)} set up " + (f"aboard {n(ev.carried_by)}" if ev.carried_by else f"at {where(ev.at)}")
        if t is E.TurnBegan:
            return f"Turn {ev.turn} begins"
        if t is E.InitiativeWon:
            return f"{s(ev.side)} wins the initiative"
        if t is E.ActionCardTurned:
            return f"{s(ev.side)} turns over {self.card(ACTION_DECK, ev.card)}"
        if t is E.ActionCardDone:
            return f"{s(ev.side)} " + ("passes" if ev.passed else "is done with the card")
        if t is E.InspiringRedraw:
            return f"the Inspiring leader of {s(ev.side)} throws away {self.card(ACTION_DECK, ev.card)}"
        if t is E.ModelActivated:
            return f"{n(ev.model)} acts"
        if t is E.ModelMoved:
            extra = f", facing {DIRECTION_NAMES[ev.facing]}" if ev.facing is not None else ""
            extra += " (in reverse)" if ev.reverse else ""
            return f"{n(ev.model)} moves {where(ev.path[0])} to {where(ev.path[-1])}{extra}"
        if t is E.VehiclePivoted:
            return f"{n(ev.model)} turns on the spot to face {DIRECTION_NAMES[ev.facing]}"
        if t is E.ModelEmbarked:
            return f"{n(ev.model)} climbs aboard {n(ev.vehicle)}"
        if t is E.ModelDisembarked:
            return f"{n(ev.model)} climbs out at {where(ev.to)}"
        if t is E.TurretTurned:
            return f"{n(ev.model)} swings its turret to {DIRECTION_NAMES[ev.facing]}"
        if t is E.CardsCompared:
            if ev.winner == "tie":
                return f"{ev.purpose}: both turned over {ev.attacker_card}: the same card ends the turn"
            who = n(ev.attacker) if ev.winner == "attacker" else n(ev.defender)
            return f"{ev.purpose}: {ev.attacker_card} against {ev.defender_card}, {who} wins"
        if t is E.ModelDowned:
            return f"{n(ev.model)} is Down"
        if t is E.ModelCasualty:
            return f"{n(ev.model)} is a casualty: {ev.reason}"
        if t is E.ModelRecovered:
            return f"{n(ev.model)} stands up, still in the fight"
        if t is E.VehicleDamaged:
            return f"{n(ev.model)} takes {ev.points} damage on its {ev.arc} ({ev.total} in all)"
        if t is E.CrewBailedOut:
            return f"{n(ev.model)}'s crew of {ev.crew} bail out: the vehicle is abandoned"
        if t is E.PassengerThrown:
            return f"{n(ev.model)} tumbles out Down at {where(ev.at)}"
        if t is E.RetargetOffered:
            return f"{n(ev.shooter)} has {ev.shots} spare shot(s) for a model within 3 inches"
        if t is E.RetargetChosen:
            return (f"{n(ev.shooter)} turns the spare shots on {n(ev.target)}" if ev.target
                    else f"{n(ev.shooter)} lets the spare shots go")
        if t is E.TurnEnded:
            return f"Turn {ev.turn} ends: {ev.reason}"
        if t is E.MoraleTested:
            verdict = "holds" if ev.passed else "breaks"
            return (f"{s(ev.side)} morale: {ev.card} against {ev.casualties} casualties "
                    f"(best of {ev.cards}): {verdict}")
        if t is E.ForceBroken:
            return f"{s(ev.side)} ({ev.force}) leaves the field: {ev.reason}"
        if t is E.BattleEnded:
            return f"Battle over: {s(ev.winner) + ' wins' if ev.winner else 'no winner'}; {ev.reason}"
        return repr(ev)

    def command(self, cmd) -> str:
        t = type(cmd)
        n = self.name
        if t is C.Pass:
            return "pass"
        if t is C.Redraw:
            return "Inspiring redraw"
        if t is C.Move:
            return f"move {n(cmd.model)} to {where(cmd.to)}" + (" in reverse" if cmd.reverse else "")
        if t is C.Pivot:
            return f"turn {n(cmd.model)} to face {DIRECTION_NAMES[cmd.facing]}"
        if t is C.Assault:
            return f"{n(cmd.model)} assaults {n(cmd.target)} from {where(cmd.to)}"
        if t is C.Embark:
            return f"{n(cmd.model)} boards {n(cmd.vehicle)}"
        if t is C.Disembark:
            return f"{n(cmd.model)} climbs out at {where(cmd.to)}"
        if t is C.Fire:
            w = self.st.tables.weapons[cmd.weapon]
            mode = w.modes[cmd.mode]
            return f"{n(cmd.model)} fires {w.name} ({mode.shots} shot(s)) at {n(cmd.target)}"
        if t is C.Retarget:
            return f"spare shots at {n(cmd.target)}" if cmd.target else "let the spare shots go"
        return repr(cmd)
