"""One plain line per event and per order, for the dice log, the headless event log and the order editor.

Each event and order type has its own function; :mod:`.rulebook` registers each with its type. The core
describes its own events (cards drawn, decks shuffled) with :meth:`Describer.card`'s names.
"""

from __future__ import annotations

from hexfront.engine.core.cards import card_name, is_standard_card
from hexfront.engine.core.hexes import DIRECTION_NAMES, Hex, hex_label
from hexfront.engine.core.words import plural

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


def _n(st: RatState, mid: str | None) -> str:
    return Describer(st).name(mid)


def _s(st: RatState, sid: str | None) -> str:
    return Describer(st).side(sid)


# -- events ------------------------------------------------------------------------------------------------

def model_placed(st: RatState, ev: E.ModelPlaced) -> str:
    place = f"aboard {_n(st, ev.carried_by)}" if ev.carried_by else f"at {where(ev.at)}"
    return f"{_n(st, ev.model)} set up {place}"


def turn_began(st: RatState, ev: E.TurnBegan) -> str:
    return f"Turn {ev.turn} begins"


def initiative_won(st: RatState, ev: E.InitiativeWon) -> str:
    return f"{_s(st, ev.side)} won the initiative"


def action_card_turned(st: RatState, ev: E.ActionCardTurned) -> str:
    return f"{_s(st, ev.side)} turned over {Describer(st).card(ACTION_DECK, ev.card)}"


def action_card_done(st: RatState, ev: E.ActionCardDone) -> str:
    return f"{_s(st, ev.side)} " + ("passed" if ev.passed else "finished with the card")


def inspiring_redraw(st: RatState, ev: E.InspiringRedraw) -> str:
    return f"the Inspiring leader of {_s(st, ev.side)} threw away {Describer(st).card(ACTION_DECK, ev.card)}"


def model_activated(st: RatState, ev: E.ModelActivated) -> str:
    return f"{_n(st, ev.model)} acts"


def model_moved(st: RatState, ev: E.ModelMoved) -> str:
    extra = f", facing {DIRECTION_NAMES[ev.facing]}" if ev.facing is not None else ""
    extra += " (in reverse)" if ev.reverse else ""
    return f"{_n(st, ev.model)} moves {where(ev.path[0])} to {where(ev.path[-1])}{extra}"


def vehicle_pivoted(st: RatState, ev: E.VehiclePivoted) -> str:
    return f"{_n(st, ev.model)} turns on the spot to face {DIRECTION_NAMES[ev.facing]}"


def model_embarked(st: RatState, ev: E.ModelEmbarked) -> str:
    return f"{_n(st, ev.model)} climbs aboard {_n(st, ev.vehicle)}"


def model_disembarked(st: RatState, ev: E.ModelDisembarked) -> str:
    return f"{_n(st, ev.model)} climbs out at {where(ev.to)}"


def turret_turned(st: RatState, ev: E.TurretTurned) -> str:
    return f"{_n(st, ev.model)} swings its turret to {DIRECTION_NAMES[ev.facing]}"


def cards_compared(st: RatState, ev: E.CardsCompared) -> str:
    if ev.winner == "tie":
        return f"{ev.purpose}: both turned over {ev.attacker_card}: the same card ends the turn"
    who = _n(st, ev.attacker) if ev.winner == "attacker" else _n(st, ev.defender)
    return f"{ev.purpose}: {ev.attacker_card} against {ev.defender_card}, {who} wins"


def model_downed(st: RatState, ev: E.ModelDowned) -> str:
    return f"{_n(st, ev.model)} is Down"


def model_casualty(st: RatState, ev: E.ModelCasualty) -> str:
    return f"{_n(st, ev.model)} is a casualty: {ev.reason}"


def model_recovered(st: RatState, ev: E.ModelRecovered) -> str:
    return f"{_n(st, ev.model)} stands up, still in the fight"


def vehicle_damaged(st: RatState, ev: E.VehicleDamaged) -> str:
    return f"{_n(st, ev.model)} takes {ev.points} damage on its {ev.arc} ({ev.total} in all)"


def crew_bailed_out(st: RatState, ev: E.CrewBailedOut) -> str:
    return f"{_n(st, ev.model)}'s crew of {ev.crew} bail out: the vehicle is abandoned"


def passenger_thrown(st: RatState, ev: E.PassengerThrown) -> str:
    return f"{_n(st, ev.model)} tumbles out Down at {where(ev.at)}"


def retarget_offered(st: RatState, ev: E.RetargetOffered) -> str:
    return f"{_n(st, ev.shooter)} has {plural(ev.shots, 'spare shot')} for a model within 3 inches"


def retarget_chosen(st: RatState, ev: E.RetargetChosen) -> str:
    return (f"{_n(st, ev.shooter)} turns the spare shots on {_n(st, ev.target)}" if ev.target
            else f"{_n(st, ev.shooter)} lets the spare shots go")


def turn_ended(st: RatState, ev: E.TurnEnded) -> str:
    return f"Turn {ev.turn} ends: {ev.reason}"


def morale_tested(st: RatState, ev: E.MoraleTested) -> str:
    verdict = "holds" if ev.passed else "breaks"
    drawn = f" (kept of {ev.cards} drawn)" if ev.cards > 1 else ""
    if ev.unasked:
        drawn = f" (best of {ev.cards} drawn kept without asking: every card would {verdict[:-1]})"
    against = plural(ev.casualties, "casualty", "casualties")
    return f"{_s(st, ev.side)} morale: {ev.card} against {against}{drawn}: {verdict}"


def the_card(code: str) -> str:
    """A resolution card as a sentence names it: "the 9 of Clubs"."""
    return f"the {card_name(code)}" if is_standard_card(code) else code


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def morale_cards_offered(st: RatState, ev: E.MoraleCardsOffered) -> str:
    lost = plural(ev.casualties, "casualty", "casualties")
    return (f"{_s(st, ev.side)} drew {len(ev.cards)} morale cards with {_n(st, ev.leader)} leading: "
            f"{_and([the_card(c) for c in ev.cards])}; the side keeps the one it chooses, which must beat {lost}")


def morale_card_kept(st: RatState, ev: E.MoraleCardKept) -> str:
    """The dice log's line of the choice (its rule, Morale Check, is shown beside it)."""
    return f"{_s(st, ev.side)} kept {the_card(ev.kept)}, discarded {_and([the_card(c) for c in ev.discarded])}"


def force_broken(st: RatState, ev: E.ForceBroken) -> str:
    return f"{_s(st, ev.side)} ({ev.force}) leaves the field: {ev.reason}"


def battle_ended(st: RatState, ev: E.BattleEnded) -> str:
    return f"Battle over: {_s(st, ev.winner) + ' won' if ev.winner else 'no winner'}; {ev.reason}"


# -- orders ------------------------------------------------------------------------------------------------

def pass_order(st: RatState, cmd: C.Pass) -> str:
    return "pass"


def redraw_order(st: RatState, cmd: C.Redraw) -> str:
    return "Inspiring redraw"


def move_order(st: RatState, cmd: C.Move) -> str:
    return f"move {_n(st, cmd.model)} to {where(cmd.to)}" + (" in reverse" if cmd.reverse else "")


def pivot_order(st: RatState, cmd: C.Pivot) -> str:
    return f"turn {_n(st, cmd.model)} to face {DIRECTION_NAMES[cmd.facing]}"


def assault_order(st: RatState, cmd: C.Assault) -> str:
    return f"{_n(st, cmd.model)} assaults {_n(st, cmd.target)} from {where(cmd.to)}"


def embark_order(st: RatState, cmd: C.Embark) -> str:
    return f"{_n(st, cmd.model)} boards {_n(st, cmd.vehicle)}"


def disembark_order(st: RatState, cmd: C.Disembark) -> str:
    return f"{_n(st, cmd.model)} climbs out at {where(cmd.to)}"


def fire_order(st: RatState, cmd: C.Fire) -> str:
    w = st.tables.weapons[cmd.weapon]
    mode = w.modes[cmd.mode]
    return f"{_n(st, cmd.model)} fires {w.name} ({plural(mode.shots, 'shot')}) at {_n(st, cmd.target)}"


def keep_order(st: RatState, cmd: C.KeepMoraleCard) -> str:
    return f"keep {the_card(cmd.card)} for morale"


def retarget_order(st: RatState, cmd: C.Retarget) -> str:
    return f"spare shots at {_n(st, cmd.target)}" if cmd.target else "let the spare shots go"
