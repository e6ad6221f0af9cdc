"""Help: every key, the hex map's layout, and the rules of each system in the game's own words."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from engine.core.system import all_systems, get_system

KEYS = """\
Anywhere
  ?            this help            Esc       back out one level
  Ctrl+P       command palette     Ctrl+Q    quit (the battle is saved)

Menus
  Up/Down      choose               Enter     open
  Left/Right   change a setting on the new-battle form

Battle: the map cursor
  arrows       west/east, row up/down (shift: 5 at a time)
  y u          north-west, north-east          y   u
  h l          west, east                    h   *   l
  b n          south-west, south-east          b   n
  Tab          next piece that can act (Shift+Tab: previous)

Battle: giving an order
  Enter        on your piece: select it; on a marked hex: order it there;
               at the confirm step: give the order
  1-9          pick a numbered choice in the Orders pane
  .            pass
  Esc          back out one step of the order (at the top: the menu)
  z / Z        undo / redo (against the computer: back to your last order)
  v            show what a piece can see
  d            focus the dice log (Up/Down to scroll, Enter or e explains)
  s            save a copy of the battle     q   back to the menu

Replays
  ] [          next / previous order        } {   ten orders
  Home End     first / last order           Space play or pause
"""

MAP = """\
The map is made of pointy-topped hexes. Each hex is one character; odd rows
are shifted half a hex to the right. The cursor shows as [ ] around a hex.

Pieces are letters: the first side in UPPER case, the second in lower case,
so side never rests on colour alone. A mark right after a letter is its state:
d Down, x a wreck, a digit is vehicle damage.

A vehicle's facing is a mark beside its letter, on the side it points to:
right of the letter > east, / north-east, \\ south-east;
left of the letter  < west, \\ north-west, / south-west.

While you give an order, the hexes it can reach are marked (underlined,
blue behind them in colour); enemies it can hit are bold and underlined
(red behind them). v shows what a piece can see.

Every roll and card is in the dice log, newest first, with the rule that
asked for it. Select one and press Enter to see the order behind it and
everything that order caused. Plain-ASCII look: HEXFRONT_ASCII=1, or the
setting on the menu.
"""


def topics(system_id: str | None) -> list[tuple[str, str, str]]:
    """(id, title, text) for every help topic: keys, the map, then each system's rule sections."""
    out = [("keys", "Keys", KEYS), ("map", "The map", MAP)]
    systems = [get_system(system_id)] if system_id else list(all_systems().values())
    for system in systems:
        for i, section in enumerate(system.help_sections()):
            out.append((f"{system.id}-{i}", f"{system.title}: {section.title}", section.text))
    return out


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,question_mark", "app.pop_screen", "back")]

    def __init__(self, system_id: str | None = None) -> None:
        super().__init__()
        self.system_id = system_id
        self.topics = topics(system_id)

    def compose(self) -> ComposeResult:
        with Horizontal(id="help-body"):
            yield OptionList(*[Option(title, id=tid) for tid, title, _ in self.topics], id="help-topics")
            with VerticalScroll(id="help-scroll"):
                yield Static(id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-topics").border_title = "Help"
        self.query_one("#help-topics", OptionList).highlighted = 0
        self._show(0)
        self.query_one("#help-topics").focus()

    @on(OptionList.OptionHighlighted, "#help-topics")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def _show(self, index: int) -> None:
        _, title, text = self.topics[index]
        self.query_one("#help-scroll").border_title = title
        self.query_one("#help-text", Static).update(Text(text))
        self.query_one("#help-scroll").scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#help-topics")
    def _selected(self) -> None:
        self.query_one("#help-scroll").focus()
