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
from engine.core.view import BoardView

KEYS = """\
Anywhere
  ?        this help
  Esc      back out one level
  Ctrl+P   command palette: every action
  Ctrl+Q   quit (the battle is already saved)

The menu
  Up Down  choose a line
  Enter    open it
  n        new battle
  c        continue the last battle
  l        load a save
  w        watch a replay
  a        plain-ASCII look, on or off
  q        quit
  Left Right   change a new-battle setting
  Enter    start the battle

The map cursor (pointy-topped hexes)
      y   u        y north-west  u north-east
    h   *   l      h west        l east
      b   n        b south-west  n south-east
  arrows   west, east, a row up or down
  Shift+arrows   five at a time
  Tab      next piece that can act
  Shift+Tab   the previous one

Giving an order
  Enter    on your piece: select it
           on a marked hex: order it there
           on an enemy: what it is
           at the confirm step: give it
  1-9      a numbered choice in Orders
  0        the next nine, when there are more
  .        pass
  Esc      one step back (at the top: menu)
  z  Z     undo, redo (against the computer:
           back to your own last order)
  v        what a piece can see
  a        the whole activation pane (its
           title says when lines are hidden)
  d        dice log: Up Down to pick
  e        explain the picked roll or card
  s        save a copy
  q        back to the menu

Replays
  ]  [     next, previous order
  }  {     ten orders on, back
  Home End   first, last order
  Space    play or pause
  a        the whole activation pane
  d  e     dice log, explain

End of the battle
  s        save the replay
  r        start again
  m        the menu
  z        undo the last order
"""

MAP = """\
The map is made of pointy-topped hexes, one
character each; odd rows sit half a hex to the
right. The cursor is [ ] around a hex.

Pieces are letters: the first side in UPPER
case, the second in lower case, so side never
rests on colour alone. A mark just right of a
letter is its state: d Down, x a wreck, a digit
is damage on a vehicle. When a vehicle faces
right, its mark moves to the left of its letter
so that both show.

A vehicle's facing is a mark beside its letter,
on the side it points to:
  right of it:  > east   / north-east
                \\ south-east
  left of it:   < west   \\ north-west
                / south-west

While you build an order, the hexes it can
reach are underlined (blue behind them in
colour) and the enemies it can hit are bold
and underlined (red behind them). v shows what
a piece can see.

The dice log lists every roll and card, newest
first, with the rule that asked for it. Press
d, pick one, Enter: you see the order behind it
and everything that order caused.

Plain-ASCII look (no box-drawing characters):
HEXFRONT_ASCII=1, or the switch on the menu.
"""


def legend_text(board: BoardView) -> str:
    """The glyphs of this board, what they do, and how each side's pieces are written."""
    lines = ["Terrain"]
    for key in board.legend:
        lines.append(f"  {key.glyph}  {key.name}")
        if key.effect:
            lines.append(f"     {key.effect}")
    lines.append("")
    lines.append("Pieces")
    for i, side in enumerate(board.sides):
        case = "UPPER case" if i % 2 == 0 else "lower case"
        letters = sorted({p.glyph.upper() for p in board.pieces if p.side == side.id})
        shown = " ".join(ch if i % 2 == 0 else ch.lower() for ch in letters)
        lines.append(f"  {side.name}: {case} ({shown})")
    return "\n".join(lines)


def topics(system_id: str | None) -> list[tuple[str, str, str]]:
    """(id, title, text) for every help topic: keys, the map, then each system's rule sections."""
    out = [("keys", "Keys", KEYS), ("map", "The map", MAP)]
    systems = [get_system(system_id)] if system_id else list(all_systems().values())
    for system in systems:
        for i, section in enumerate(system.help_sections()):
            title = section.title if system_id else f"{system.title}: {section.title}"
            out.append((f"{system.id}-{i}", title, section.text))
    return out


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,question_mark", "app.pop_screen", "back")]

    def __init__(self, system_id: str | None = None, board: BoardView | None = None) -> None:
        super().__init__()
        self.system_id = system_id
        self.topics = topics(system_id)
        if board is not None:  # opened from a battle: this map's own legend comes first
            legend = legend_text(board)
            marks = getattr(get_system(system_id), "marks_legend", None) if system_id else None
            if marks:
                legend += "\n\n" + "\n".join(marks)
            self.topics.insert(0, ("legend", "This map's legend", legend))

    def compose(self) -> ComposeResult:
        with Horizontal(id="help-body"):
            yield OptionList(*[Option(title, id=tid) for tid, title, _ in self.topics], id="help-topics")
            with VerticalScroll(id="help-scroll"):
                yield Static(id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-topics").border_title = get_system(self.system_id).title if self.system_id else "Help"
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
