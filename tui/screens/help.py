"""Help: every key, the hex map's layout, and the rules of each system in the game's own words."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hexfront.engine.core.campaigns import campaigns_help
from hexfront.engine.core.system import all_systems, get_system
from hexfront.engine.core.view import HelpSection, find_section

from ..names import MAX_TYPED
from ..widgets.footer import Footer

KEYS = """\
Anywhere
  ?        this help
  Esc      back out one level
  Ctrl+P   command palette: every action
  Ctrl+Q   quit (the battle is already saved;
           if saving fails, it asks first)

The menu
  Up Down  choose a line
  Enter    open it
  n        new battle
  c        continue the last battle
  l        load a save
  w        watch a replay
  t        tutorials: learn a system
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
  Tab      next piece that can act; when
           choosing a target, the next target
           (nearest first, with its odds)
  Shift+Tab   the previous one

Giving an order
  Enter    on your piece: select it
           on a marked hex: order it there
           on an enemy: what it is
           at the confirm step: give it
  1-9      a numbered choice in Orders
  0        the next page of choices, when
           they do not all fit (the last line
           says how many more)
  .        pass
  Esc      one step back (it never leaves
           the battle: q does, and asks first)
  z  Z     undo, redo (against the computer:
           back to your own last order)
  v        what a piece can see
  L        the legend: every sign on the map
  o        the whole odds panel (at the
           confirm step)
  t        teach on/off: every die and card
           pauses to explain itself
  a        the whole activation pane (its
           title says when lines are hidden)
  p        in a tutorial: the step in full
  d        dice log: Up Down to pick
  e        explain the picked roll or card
  w        why? the rules section behind it
  s        save a copy
  q        leave for the menu (asks first;
           Continue brings the battle back)
  x        while the computer plays: the
           rest of its turn at once
  c        why did the computer do that? the
           orders it weighed, what each was
           worth, what it expected (teach mode
           offers it after each of its orders)
  + -      the computer's pace: faster, slower
           (slow, normal, fast, instant; kept)

Replays
  .  comma   next, previous event
  ]  [     next, previous order
  }  {     next, previous activation
  >  <     next, previous turn
  g        go to a turn
  Home End   first, last point
  Space    play or pause
  +  -     faster, slower
  c        continue from here: a new battle
  t        teach pauses on or off
  a        the whole activation pane
  d  e  w   dice log, explain, why? (rules)
  L        the legend: every sign on the map

Teach pauses
  Space    the next step of the rules
  Esc      finish the order without pauses
  m        more detail: faces, decks, discards
  Up Down  the rest of a long pause
  w        the rule behind this step

Rules help
  /        search the rules
  Esc      clear the search, then back

End of the battle
  s        save the replay
  r        start again
  m        the menu
  z        undo the last order
  n        in a campaign: on to the next
           battle (what carried over first)
"""

MAP = """\
The map is made of pointy-topped hexes, one
character each; odd rows sit half a hex to the
right. The cursor is [ ] around a hex, and the
hex under it is shown in reverse; a bracket
gives way to a piece's mark, so marks always
show. A hex is written (column,row), counted
from (0,0) at the top left, the same in every
panel, the dice log, replays and this help.

Pieces are letters and terrain never is:
terrain is drawn with signs such as . = * # ~.
Your side's pieces are UPPER case and every
other side's lower case, in every system, so
side never rests on colour alone. A mark just
right of a letter is its state: d Down, x a
wreck, a digit is damage on a vehicle. When a
vehicle faces right, its mark moves to the left
of its letter so that both show. L shows what
every sign on this map means.

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


def topics(system_id: str | None) -> list[tuple[str, str, str]]:
    """(id, title, text) for every help topic: keys, the map, then each system's rule sections."""
    return [(tid, title, text) for tid, title, text, _ in _topics(system_id)]


def _topics(system_id: str | None, sections: list[HelpSection] | None = None) -> list[tuple[str, str, str, int]]:
    """The topics with their levels; ``sections`` are the one system's help sections, if already read."""
    out = [("keys", "Keys", KEYS, 2), ("map", "The map", MAP, 2)]
    systems = [get_system(system_id)] if system_id else list(all_systems().values())
    if any(system.campaign_rules() is not None for system in systems):
        out.append(("campaigns", "Campaigns", campaigns_help(systems), 2))
    for system in systems:
        for i, section in enumerate(sections if sections is not None else system.help_sections()):
            title = section.title if system_id else f"{system.title}: {section.title}"
            out.append((f"{system.id}-{i}", title, section.text, section.level))
    return out


class HelpScreen(ModalScreen[None]):
    """The rules browser: the keys, the map, and the chosen system's rules in the book's section order.

    ``/`` searches titles and text; opened with ``rule`` (from a dice-log entry's "why?" or a teach
    pause) it starts at the section that rule reference belongs to.
    """

    BINDINGS = [
        Binding("escape,question_mark", "back", "back"),
        Binding("slash", "search", "search", key_display="/"),
    ]

    def __init__(self, system_id: str | None = None, legend: Text | None = None, rule: str = "") -> None:
        super().__init__()
        self.system_id = system_id
        sections = get_system(system_id).help_sections() if system_id else None  # read once
        rows = _topics(system_id, sections)
        self.topics = [(tid, title, text) for tid, title, text, _ in rows]
        self.levels = [level for *_, level in rows]
        if legend is not None:  # opened from a battle: this map's own legend (tui/widgets/legend.py) first
            self.topics.insert(0, ("legend", "This map's legend", legend.plain))
            self.levels.insert(0, 2)
        self.rule = rule
        self.start = 0
        self.found_rule: bool | None = None
        if rule and system_id and sections is not None:
            index = find_section(sections, rule)
            self.found_rule = index is not None
            if index is not None:
                self.start = self.topics.index(next(t for t in self.topics if t[0] == f"{system_id}-{index}"))
        self.shown = list(range(len(self.topics)))  # the topics the search leaves, as indices

    def compose(self) -> ComposeResult:
        with Horizontal(id="help-body"):
            with Vertical(id="help-left"):
                yield Input(placeholder="/ search the rules", max_length=MAX_TYPED, id="help-search")
                yield OptionList(*self._options(), id="help-topics", markup=False)
            with VerticalScroll(id="help-scroll"):
                yield Static(id="help-text")
        yield Footer()

    def _options(self) -> list[Option]:
        return [Option(("  " if self.levels[i] > 2 else "") + self.topics[i][1], id=self.topics[i][0])
                for i in self.shown]

    def on_mount(self) -> None:
        self.query_one("#help-topics").border_title = get_system(self.system_id).title if self.system_id else "Help"
        topics = self.query_one("#help-topics", OptionList)
        topics.highlighted = self.start
        self._show(self.start)
        topics.focus()
        if self.found_rule is False:
            self.notify(f"no section of this help is filed under '{self.rule}'; the sections are listed")

    @on(OptionList.OptionHighlighted, "#help-topics")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index < len(self.shown):
            self._show(self.shown[event.option_index])

    def _show(self, index: int) -> None:
        _, title, text = self.topics[index]
        self.query_one("#help-scroll").border_title = Text(title)
        shown = Text(text)
        query = self.query_one("#help-search", Input).value.strip() if self.is_mounted else ""
        if query:
            shown.highlight_words([query], style="reverse", case_sensitive=False)
        self.query_one("#help-text", Static).update(shown)
        self.query_one("#help-scroll").scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#help-topics")
    def _selected(self) -> None:
        self.query_one("#help-scroll").focus()

    # -- search -------------------------------------------------------------------------
    def action_search(self) -> None:
        self.query_one("#help-search", Input).focus()

    @on(Input.Changed, "#help-search")
    def _search(self, event: Input.Changed) -> None:
        query = event.value.strip().lower()
        self.shown = [i for i, (_, title, text) in enumerate(self.topics)
                      if not query or query in title.lower() or query in text.lower()]
        topics = self.query_one("#help-topics", OptionList)
        topics.clear_options()
        topics.add_options(self._options())
        topics.border_title = f"{len(self.shown)} found" if query else (
            get_system(self.system_id).title if self.system_id else "Help")
        if self.shown:
            topics.highlighted = 0
            self._show(self.shown[0])
        else:
            self.query_one("#help-scroll").border_title = "Nothing found"
            self.query_one("#help-text", Static).update(Text(f"No topic mentions '{event.value.strip()}'."))

    @on(Input.Submitted, "#help-search")
    def _search_done(self) -> None:
        self.query_one("#help-topics").focus()

    def action_back(self) -> None:
        search = self.query_one("#help-search", Input)
        if self.focused is search:
            if search.value:
                search.value = ""
            self.query_one("#help-topics").focus()
            return
        self.app.pop_screen()
