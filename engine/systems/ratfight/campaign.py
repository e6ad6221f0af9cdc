"""JTS RatFight campaigns: which models fight again in the next battle, and prisoners.

The book (Testing for Casualties): "Models are available for further games in a campaign on the draw of any
card but a heart." At the end of a battle of a campaign each casualty turns a card from its own side's
resolution deck (the order :class:`~.commands.DrawForCasualties`, given once the battle is decided): a heart,
and it is lost to the campaign; any other card, and it is back for the next battle.

The book (Close Combat): "In special scenarios an enemy model can be captured rather than killed." A scenario
says it is such a one (``capture = true``); there the loser of a close combat between figures is taken
prisoner (still a casualty for morale). Reading: a prisoner turns no card and is lost to its side for the
rest of the campaign.

Units are matched between the battles of a campaign by their ids; what carries over is written into the next
scenario's ``[campaign]`` table (who was lost and taken prisoner so far, per side), and those models are
left out of its sides.
"""

from __future__ import annotations

import copy
from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.cards import card_name, card_suit
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.view import OrderParts, OrderPreview

from . import commands as C
from . import events as E
from .describe import Describer
from .state import ABANDONED, CASUALTY, DOWN, Model, RatState, res_deck

BOOK_AVAILABLE = ("Models are available for further games in a campaign on the draw of any card but a heart")
BOOK_CAPTURE = "In special scenarios an enemy model can be captured rather than killed"
RULE = "Testing for Casualties: campaigns"

#: the statuses at the end of a battle that turn a card (a casualty; a wreck, its crew counted as casualties;
#: a model still Down, should the battle end before it is tested)
DRAWS_FOR = (CASUALTY, ABANDONED, DOWN)


def drawing(st: RatState) -> list[Model]:
    """The models that turn an end-of-battle card, side by side in the order of the scenario: every casualty,
    wreck or model still Down, and no prisoner."""
    return [m for side in st.sides for m in st.models.values()
            if m.side == side and m.status in DRAWS_FOR and m.id not in st.captured]


def available_on(card: str) -> bool:
    """Testing for Casualties: back for the next battle "on the draw of any card but a heart"."""
    return card_suit(card) != "H"


# -- the order ------------------------------------------------------------------------------------------------

def check_draw(st: RatState, cmd: C.DrawForCasualties) -> str | None:
    if not st.campaign:
        return "only a battle of a campaign ends with a card for each casualty"
    if st.result is None:
        return "the battle is not over yet: the cards for the casualties are turned at its end"
    if st.aftermath_done:
        return "the cards for the casualties have been turned"
    return None


def offer_draw(st: RatState) -> list[C.DrawForCasualties]:
    return [C.DrawForCasualties()] if check_draw(st, C.DrawForCasualties()) is None else []


def resolve_draw(ctx: Resolution, cmd: C.DrawForCasualties) -> None:
    """A card per casualty from its own side's resolution deck; any card but a heart brings it back."""
    st: RatState = ctx.state
    for m in drawing(st):
        card = ctx.draw(res_deck(m.side), f"is {m.name} available for the next battle?", RULE, who=m.id,
                        reshuffle_rule="Cards", modifiers=(f"any card but a heart: back ('{BOOK_AVAILABLE}')",))
        ctx.emit(E.AvailabilityDrawn(model=m.id, card=card, available=available_on(card)))
    for side in st.sides:
        ctx.discard_in_play(res_deck(side))
    ctx.emit(E.AftermathDone())


def draw_order(st: RatState, cmd: C.DrawForCasualties) -> str:
    return "turn a card for each casualty: who fights in the next battle"


def parts_draw(st: RatState, cmd: C.DrawForCasualties) -> OrderParts:
    return OrderParts(None, "Casualties", None, "turn a card for each casualty")


def preview_draw(st: RatState, cmd: C.DrawForCasualties) -> OrderPreview:
    n = len(drawing(st))
    return OrderPreview(summary=draw_order(st, cmd), cost=f"{n} {'card' if n == 1 else 'cards'}",
                        modifiers=(f"Testing for Casualties: '{BOOK_AVAILABLE}'",),
                        note="each card is a heart about one time in four")


# -- the events -----------------------------------------------------------------------------------------------

def fold_availability(st: RatState, ev: E.AvailabilityDrawn) -> None:
    st.availability[ev.model] = (ev.card, ev.available)


def fold_aftermath(st: RatState, ev: E.AftermathDone) -> None:
    st.aftermath_done = True


def fold_captured(st: RatState, ev: E.ModelCaptured) -> None:
    st.captured.append(ev.model)


def availability_line(st: RatState, ev: E.AvailabilityDrawn) -> str:
    name = Describer(st).name(ev.model)
    if ev.available:
        return f"{name}: {card_name(ev.card)}, not a heart: back for the next battle ({RULE})"
    return f"{name}: {card_name(ev.card)}, a heart: lost to the campaign ({RULE})"


def aftermath_line(st: RatState, ev: E.AftermathDone) -> str:
    return f"every casualty has turned its card ({RULE}: '{BOOK_AVAILABLE}')"


def captured_line(st: RatState, ev: E.ModelCaptured) -> str:
    d = Describer(st)
    return f"{d.name(ev.model)} is taken prisoner by {d.side(ev.by)} (Close Combat: '{BOOK_CAPTURE}')"


# -- capture (Close Combat) -----------------------------------------------------------------------------------

def capture(ctx: Resolution, st: RatState, loser: Model, by: str) -> None:
    """In a special scenario (``capture``), a figure that loses a close combat is taken prisoner, not killed."""
    if st.tables.capture and not loser.is_vehicle:
        ctx.emit(E.ModelCaptured(model=loser.id, by=by))


# -- what carries over ----------------------------------------------------------------------------------------

def carry_from(st: RatState) -> dict[str, Any]:
    """Per side: who fought, who is back after a casualty's card, who is lost on a heart and who was taken
    prisoner in this battle, the cards turned, and (``lost``, ``captured``) everyone so far in the campaign."""
    out: dict[str, Any] = {}
    for side in st.sides:
        mine = [m for m in st.models.values() if m.side == side]
        back: dict[str, str] = {}
        lost: dict[str, str] = {}
        cards: dict[str, str] = {}
        for m in mine:
            if m.id in st.availability:
                card, available = st.availability[m.id]
                cards[m.id] = card
                (back if available else lost)[m.id] = m.name
        taken = {m.id: m.name for m in mine if m.id in st.captured}
        out[side] = {
            "name": st.tables.side_names.get(side, side),
            "fought": [m.id for m in mine],
            "back": back, "lost_now": lost, "captured_now": taken, "cards": cards,
            "lost": st.tables.lost_before.get(side, {}) | lost,
            "captured": st.tables.captured_before.get(side, {}) | taken,
        }
    return out


def carry_into(content: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
    """The next battle's content: every model lost or taken prisoner so far left out of its side (and a
    passenger of a vehicle left out), and the ``[campaign]`` table saying who they are."""
    out = copy.deepcopy(content)
    scenario = out["scenario"]
    lost: dict[str, dict[str, str]] = {}
    captured: dict[str, dict[str, str]] = {}
    for side in scenario["sides"]:
        mine = carried.get(side["id"], {})
        lost[side["id"]] = dict(mine.get("lost", {}))
        captured[side["id"]] = dict(mine.get("captured", {}))
        gone = set(lost[side["id"]]) | set(captured[side["id"]])
        kept = [m for m in side["models"] if m["id"] not in gone]
        side["models"] = [m for m in kept if m.get("in") is None or m["in"] not in gone]
    scenario["campaign"] = {"lost": lost, "captured": captured}
    return out


def carried_lines(carried: dict[str, Any]) -> list[str]:
    """What carried over, in a player's words: per side, who fought, who is back, who is lost."""
    lines: list[str] = []
    for info in carried.values():
        name = str(info.get("name", "?"))
        back = info.get("back", {})
        lost = info.get("lost_now", {})
        taken = info.get("captured_now", {})
        cards = info.get("cards", {})
        unhurt = len(info.get("fought", [])) - len(back) - len(lost) - len(taken)
        lines.append(f"{name}: {unhurt} came through unhurt.")
        for mid, who in back.items():
            lines.append(f"  {who} was a casualty; {card_name(cards.get(mid, '?'))}, not a heart: back.")
        for mid, who in lost.items():
            lines.append(f"  {who} was a casualty; {card_name(cards.get(mid, '?'))}, a heart: lost.")
        for who in taken.values():
            lines.append(f"  {who} was taken prisoner: lost.")
        if not (back or lost or taken):
            lines.append("  No casualties.")
    return lines


HELP = f"""\
A RatFight campaign is a series of battles fought by the same rats and stoats: a model matches itself from \
one battle to the next by its id in the scenarios.

The book's rule (Testing for Casualties): "{BOOK_AVAILABLE}." When a battle of a campaign is decided, every \
casualty turns a card from its own side's resolution deck: a heart, and it is lost to the campaign; any other \
card, and it fights in the next battle. The cards are in the battle's dice log.

Reading: a vehicle abandoned by its crew is a casualty like a figure: it turns a card, and comes back repaired \
on any card but a heart. A model still Down when the battle ends turns a card too. A model that fled when its \
force broke withdrew: it is back without a card (the book: a player "may wish his army to withdraw if the \
scenario is part of a larger campaign game").

The book's rule (Close Combat): "{BOOK_CAPTURE}." Reading: a scenario says it is such a one; in it, a figure \
that loses a close combat (or is caught Down) is taken prisoner rather than killed. It still counts as a \
casualty for morale. A prisoner turns no card: it is lost to its side for the rest of the campaign.

This game's own: the campaign's winner is the side that won more of its battles; a draw when they won as many.
"""

RULES = CampaignRules(carry_from=carry_from, carry_into=carry_into, help=HELP, aftermath=C.DrawForCasualties,
                      describe=carried_lines)
