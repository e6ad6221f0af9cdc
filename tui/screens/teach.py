"""Step-through resolution ("teach"): an order's dice and cards, one pause per step of the rules.

The dice and cards of an order are grouped: those in a row that the rules browser files under the same
section of the rules (a shot's attack and its save, both sides' morale cards) make one pause. A pause
names each die or card by whom it was rolled or drawn for (the piece's or the side's name, never an
internal id), its result, why, every modifier and die shift, and what followed. The detail of each die
or card (its faces or deck, whether the lesson scripted it) and the bookkeeping that followed (discards,
shuffles) are one key away (m). Space goes on to the next pause; Escape finishes the order without pauses;
w opens the rules at the section.

The pause sits at the top or the bottom of the screen, away from the piece it is about, and does not dim
the map. The pauses are a view of the events an order caused: the same in live play, in replays and in a
battle between two computer players.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hexfront.engine.core.events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled
from hexfront.engine.core.hexes import axial_to_offset
from hexfront.engine.core.view import BoardView, find_section

from ..widgets.footer import Footer
from ..widgets.hexmap import HexMap

BOOKKEEPING = (CardsDiscarded, DeckShuffled)  # left to the details: they change no piece and no result


@attrs.frozen
class Draw:
    """One die rolled or card drawn inside a pause."""

    who: str  # the piece's or side's name ("Cpl Nib", "Stoats"); "" if the game names nobody
    result: str  # "44", "KS (King of Spades)"
    what: str  # "a d100 (00-99, 00 is zero)", "a card from Stoats's resolution deck"
    why: str
    rule: str
    modifiers: tuple[str, ...] = ()
    scripted: bool = False
    after: tuple[str, ...] = ()  # what followed it, up to the next die or card
    chores: tuple[str, ...] = ()  # the bookkeeping that followed (discards, shuffles)
    piece: str = ""  # the id of the piece it was for, if it was for one
    count: int = 1  # how many dice of one roll this line stands for (their results side by side)



@attrs.frozen
class TeachStop:
    """One pause: the dice and cards of one step of the rules, in the order they fell."""

    heading: str  # the order that asked for them
    title: str  # the section of the rules (or the rule itself)
    rule: str  # the first die's rule reference (w opens the rules there)
    draws: tuple[Draw, ...]


class Names:
    """Pieces and sides by the names a player knows them by."""

    def __init__(self, *boards: BoardView) -> None:
        """From every board given: a piece that left the map during the order is still named."""
        self.pieces = {p.id: p.name for board in boards for p in board.pieces}
        self.sides = {s.id: s.name for board in boards for s in board.sides}

    def piece_of(self, who: str) -> str:
        """The piece ``who`` names: its id, or a model of it (``red-co.1`` is a soldier of ``red-co``)."""
        if who in self.pieces:
            return who
        base = who.rpartition(".")[0]
        return base if base in self.pieces else ""

    def who(self, who: str) -> str:
        piece = self.piece_of(who)
        if piece:
            return self.pieces[piece]
        return self.sides.get(who, who)

    def plain(self, text: str) -> str:
        """``text`` with each "Name [id]" of a piece read as just its name."""
        for pid, name in self.pieces.items():
            text = text.replace(f"{name} [{pid}]", name)
        return text


def _die_faces(sides: int) -> str:
    return "00-99, 00 is zero" if sides == 100 else f"1-{sides}"


def _draw(system: Any, state: Any, names: Names, event: Any, following: list[Any]) -> Draw:
    if isinstance(event, DieRolled):
        what = f"a d{event.sides} ({_die_faces(event.sides)})"
        result = str(event.result)
    else:
        what = f"a card from {system.deck_name(state, event.deck)}"
        result = names.plain(system.card_name(state, event.deck, event.card))
    after = tuple(names.plain(system.describe(e, state)) for e in following if not isinstance(e, BOOKKEEPING))
    chores = tuple(names.plain(system.describe(e, state)) for e in following if isinstance(e, BOOKKEEPING))
    return Draw(who=names.who(event.who), result=result, what=what, why=names.plain(event.purpose),
                rule=event.rule, modifiers=tuple(names.plain(m) for m in event.modifiers),
                scripted=event.scripted, after=after, chores=chores, piece=names.piece_of(event.who))


def teach_stops(system: Any, state: Any, events: list[Any], heading: str,
                earlier: Any = None) -> list[TeachStop]:
    """The pauses for one order's events. ``state`` (after them) names the pieces, sides and decks, and so does
    ``earlier`` (the state before the order), if given, for pieces the order took off the map."""
    names = Names(system.board(state), *(() if earlier is None else (system.board(earlier),)))
    sections = system.help_sections()
    randoms = [i for i, e in enumerate(events) if isinstance(e, (DieRolled, CardDrawn))]
    stops: list[TeachStop] = []
    last_key: object = None
    for n, i in enumerate(randoms):
        event = events[i]
        end = randoms[n + 1] if n + 1 < len(randoms) else len(events)
        draw = _draw(system, state, names, event, events[i + 1:end])
        index = find_section(sections, event.rule)
        key = index if index is not None else (event.rule or object())
        if stops and key == last_key:
            stops[-1] = attrs.evolve(stops[-1], draws=_joined(stops[-1].draws, draw))
        else:
            title = sections[index].title if index is not None else (event.rule or "A die or card")
            stops.append(TeachStop(heading=names.plain(heading), title=title, rule=event.rule, draws=(draw,)))
        last_key = key
    return stops


def _joined(draws: tuple[Draw, ...], draw: Draw) -> tuple[Draw, ...]:
    """``draws`` and then ``draw``; the dice of one roll (2d6: same roller, reason and modifiers, nothing
    between them) are one line, their results side by side."""
    last = draws[-1]
    if (last.who, last.why, last.modifiers, last.what, last.after) == (draw.who, draw.why, draw.modifiers,
                                                                       draw.what, ()) and not last.chores:
        return draws[:-1] + (attrs.evolve(last, result=f"{last.result}, {draw.result}", after=draw.after,
                                          chores=draw.chores, count=last.count + 1),)
    return draws + (draw,)


def _count(draws: tuple[Draw, ...]) -> str:
    dice = sum(d.count for d in draws if d.what.startswith("a d"))
    cards = sum(d.count for d in draws) - dice
    parts = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in ((dice, "die"), (cards, "card")) if n]
    return " and ".join(parts).replace("dies", "dice")


def stop_text(stop: TeachStop, details: bool = False) -> Text:
    """A pause as a player reads it; with ``details``, every fact about each die and card as well."""
    text = Text()
    text.append(f"{stop.heading}\n", style="bold")
    text.append(f"{stop.title}: {_count(stop.draws)}\n", style="bold")
    for draw in stop.draws:
        text.append("* ")
        if draw.who:
            text.append(f"{draw.who}: ", style="bold")
        text.append(draw.result, style="bold")
        text.append(f" - {draw.why}\n")
        if draw.modifiers:
            text.append(f"  with: {'; '.join(draw.modifiers)}\n")
        if details:
            text.append(f"  {draw.what}" + (", scripted for this lesson" if draw.scripted else "")
                        + (f"; rule: {draw.rule}" if draw.rule else "") + "\n", style="dim")
        if draw.after:
            text.append("  so: " + "; ".join(draw.after) + "\n")
        if details and draw.chores:
            text.append("  then: " + "; ".join(draw.chores) + "\n", style="dim")
    text.rstrip()
    return text


class TeachScreen(ModalScreen[bool]):
    """The pauses of one order, one at a time. Dismissed with True after the last, False on Escape."""

    BINDINGS = [
        Binding("space", "next", "next", key_display="Space"),
        Binding("escape", "finish", "finish without pauses"),
        Binding("m", "details", "more detail"),
        Binding("w", "why", "the rule"),
        Binding("question_mark", "app.help", "help", key_display="?", show=False),
    ]

    def __init__(self, stops: list[TeachStop], system_id: str) -> None:
        super().__init__()
        self.stops = stops
        self.system_id = system_id
        self.index = 0
        self.details = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="teach-box"):
            yield Static(id="teach-text")
        yield Footer()

    def on_mount(self) -> None:
        self.show_stop()

    def show_stop(self) -> None:
        stop = self.stops[self.index]
        box = self.query_one("#teach-box")
        box.border_title = f"Teach: {self.index + 1} of {len(self.stops)}"
        self.query_one("#teach-text", Static).update(stop_text(stop, self.details))
        box.scroll_home(animate=False)
        self.set_class(self._piece_low(stop), "-top")
        self.call_after_refresh(self._say_when_cut)

    def _say_when_cut(self) -> None:
        """When the pause is taller than its box, the box's foot says how to read the rest."""
        box = self.query_one("#teach-box")
        keys = "Space next  Esc no more pauses  m " + ("less" if self.details else "more") + "  w rule"
        box.border_subtitle = ("Up/Down: the rest  " if box.max_scroll_y > 0 else "") + keys

    def _piece_low(self, stop: TeachStop) -> bool:
        """Whether the pause's first piece is drawn in the lower half of the screen (the pause then goes on top)."""
        under = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        piece = next((d.piece for d in stop.draws if d.piece), "")
        if under is None or not piece:
            return False
        maps = under.query(HexMap)
        if not maps:
            return False
        hexmap = maps.first()
        at = next((p.at for p in (hexmap.board.pieces if hexmap.board else ()) if p.id == piece), None)
        if at is None:
            return False
        row = axial_to_offset(at)[1]
        y = hexmap.content_region.y + row - int(hexmap.scroll_offset.y)
        return y > self.app.size.height // 2

    def action_next(self) -> None:
        if self.index + 1 >= len(self.stops):
            self.dismiss(True)
            return
        self.index += 1
        self.show_stop()

    def action_details(self) -> None:
        """Every fact about each die and card of this pause, and the bookkeeping; m again for less."""
        self.details = not self.details
        self.show_stop()

    def action_finish(self) -> None:
        self.dismiss(False)

    def action_why(self) -> None:
        from .battle import open_rules

        open_rules(self, self.system_id, self.stops[self.index].rule)


def teach(screen: Any, system: Any, state: Any, events: list[Any], heading: str,
          then: Callable[[], None], earlier: Any = None) -> bool:
    """Push the pauses for ``events`` over ``screen``'s app and call ``then`` when they are done.

    Returns False (calling ``then`` at once) when the events hold no die or card.
    """
    stops = teach_stops(system, state, events, heading, earlier)
    if not stops:
        then()
        return False
    screen.app.push_screen(TeachScreen(stops, system.id), lambda _done: then())
    return True
