"""Step-through resolution ("teach"): a pause at every die rolled and card drawn, explaining it.

Each pause says what was rolled or drawn and why, the rule that asks for it,
every modifier and die shift by name, the result, and what followed from it
before the next die. Space goes on to the next; Escape finishes the order
without pauses; w opens the rules at the section the die was rolled under.
The pauses are a view of the events an order caused: the same in live play,
in replays and in a battle between two computer players.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.core.events import CardDrawn, DieRolled

from ..widgets.footer import Footer


@attrs.frozen
class TeachStop:
    """One pause: a die or card and everything a learner needs to read it."""

    heading: str  # the order that asked for it
    kind: str  # "Roll" or "Draw"
    what: str  # "a d8" / "a card from the 'action' deck"
    why: str
    rule: str
    modifiers: tuple[str, ...]
    result: str
    next: tuple[str, ...]  # what followed, up to the next die or card
    who: str = ""
    scripted: bool = False


def _die_faces(sides: int) -> str:
    return "00-99, 00 is zero" if sides == 100 else f"1-{sides}"


def teach_stops(system: Any, state: Any, events: list[Any], heading: str) -> list[TeachStop]:
    """The pauses for one order's events (``state`` names the pieces in the descriptions)."""
    randoms = [i for i, e in enumerate(events) if isinstance(e, (DieRolled, CardDrawn))]
    stops = []
    for n, i in enumerate(randoms):
        event = events[i]
        end = randoms[n + 1] if n + 1 < len(randoms) else len(events)
        following = tuple(system.describe(e, state) for e in events[i + 1:end])
        if isinstance(event, DieRolled):
            what = f"a d{event.sides} ({_die_faces(event.sides)})"
            result = f"{event.result}"
        else:
            what = f"a card from the '{event.deck}' deck"
            result = system.describe(event, state)
        kind = "Roll" if isinstance(event, DieRolled) else "Draw"
        stops.append(TeachStop(heading=heading, kind=kind, what=what, why=event.purpose, rule=event.rule,
                               modifiers=tuple(event.modifiers), result=result, next=following,
                               who=event.who, scripted=event.scripted))
    return stops


def stop_text(stop: TeachStop, number: int, total: int) -> Text:
    text = Text()
    text.append(f"{stop.heading}\n", style="bold")
    text.append(f"{stop.kind} {number} of {total}: ", style="bold")
    text.append(f"{stop.what}" + (f" for {stop.who}" if stop.who else "") + "\n")
    text.append("Why: ", style="bold")
    text.append(f"{stop.why}\n")
    if stop.rule:
        text.append("Rule: ", style="bold")
        text.append(f"{stop.rule}  (w reads it)\n")
    if stop.modifiers:
        text.append("Modifiers and shifts:\n", style="bold")
        for m in stop.modifiers:
            text.append(f"  - {m}\n")
    else:
        text.append("Modifiers and shifts: none\n", style="dim")
    text.append("Result: ", style="bold")
    text.append(f"{stop.result}" + (" (scripted for this lesson)" if stop.scripted else "") + "\n", style="bold")
    if stop.next:
        text.append("So: ", style="bold")
        text.append("; ".join(stop.next) + "\n")
    else:
        text.append("So: the next die or card decides what follows.\n", style="dim")
    return text


class TeachScreen(ModalScreen[bool]):
    """The pauses of one order, one at a time. Dismissed with True after the last, False on Escape."""

    BINDINGS = [
        Binding("space", "next", "next", key_display="Space"),
        Binding("escape", "finish", "finish without pauses"),
        Binding("w", "why", "the rule"),
        Binding("question_mark", "app.help", "help", key_display="?", show=False),
    ]

    def __init__(self, stops: list[TeachStop], system_id: str) -> None:
        super().__init__()
        self.stops = stops
        self.system_id = system_id
        self.index = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="teach-box"):
            yield Static(id="teach-text")
        yield Footer()

    def on_mount(self) -> None:
        self.show_stop()

    def show_stop(self) -> None:
        stop = self.stops[self.index]
        self.query_one("#teach-box").border_title = f"Teach: {self.index + 1} of {len(self.stops)}"
        self.query_one("#teach-box").border_subtitle = "Space next  Esc no more pauses  w rule"
        self.query_one("#teach-text", Static).update(stop_text(stop, self.index + 1, len(self.stops)))

    def action_next(self) -> None:
        if self.index + 1 >= len(self.stops):
            self.dismiss(True)
            return
        self.index += 1
        self.show_stop()

    def action_finish(self) -> None:
        self.dismiss(False)

    def action_why(self) -> None:
        from .battle import open_rules

        open_rules(self, self.system_id, self.stops[self.index].rule)


def teach(screen: Any, system: Any, state: Any, events: list[Any], heading: str,
          then: Callable[[], None]) -> bool:
    """Push the pauses for ``events`` over ``screen``'s app and call ``then`` when they are done.

    Returns False (calling ``then`` at once) when the events hold no die or card.
    """
    stops = teach_stops(system, state, events, heading)
    if not stops:
        then()
        return False
    screen.app.push_screen(TeachScreen(stops, system.id), lambda _done: then())
    return True
