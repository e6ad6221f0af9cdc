"""The small panes beside the map: activation queue, order editor, dice log, hex info, legend, status."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from hexfront.engine.core.events import is_random, rule_cited
from hexfront.engine.core.hexes import Hex, hex_label
from hexfront.engine.core.view import ActivationView, BoardView, OrderPreview, Piece

from ..orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT, OrderEditor
from .odds import odds_text
from .steady import SteadyStatic


def where(at: Hex | None) -> str:
    if at is None:
        return "off the map"
    return hex_label(at)


class QueuePane(SteadyStatic):
    """Who acts now and next. When the pane is too short for all of it (80 x 24), its title says so
    and ``a`` shows the rest (tui/screens/status.py)."""

    TITLE = "Activation"
    #: what ``show`` was last given (the ``a`` key shows it whole), and its text
    view: ActivationView
    controller: str
    _text: Text | None = None

    def show(self, view: ActivationView, controller: str) -> None:
        from ..screens.status import status_text

        self.view, self.controller = view, controller
        self._text = status_text(view, controller)
        self.update(self._text)
        self.call_after_refresh(self._title)

    def on_resize(self, event: Resize) -> None:
        self._title()

    def hidden_lines(self) -> int:
        """How many wrapped lines of the pane's text do not fit in it now."""
        text = self._text
        width = self.content_region.width
        if text is None or width <= 0:
            return 0
        wrapped = len(text.wrap(self.app.console, width))
        return max(0, wrapped - self.content_region.height)

    def _title(self) -> None:
        more = self.hidden_lines()
        self.border_title = self.TITLE + (f" (+{more} line{'' if more == 1 else 's'}: a)" if more else "")


class OrderPane(SteadyStatic):
    """The order editor's current level, as text (the keys are in the footer and in help).

    A menu is paged to what the pane can show whole: when fewer than nine choices fit (80 x 24, a long
    piece name), a page holds fewer, and the last line of the page, always on screen, says how many
    more the key 0 shows.

    With :attr:`hold` set (the host's two-player battles set it), the pane holds its height: it grows when
    its text needs more rows, but gives back rows only when the text is shorter by more than :attr:`SLACK`
    row, and never while the other side's orders are awaited; so the dice log below stays put from one
    turn to the next. Each change of height lays the whole screen out again, which on a host running fifty
    game processes is most of what an order costs. Without it the pane is always as high as its text
    (a local battle's look does not depend on how quickly the computer answered).
    """

    SLACK = 1  # blank rows a holding pane may keep under a shorter text rather than shrink

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hold = False

    def show_editor(self, editor: OrderEditor, describe_unit: Callable[[str | None], str],
                    preview: OrderPreview | None,
                    unit_details: Callable[[str | None], Iterable[str]] = lambda unit: (), aim: str = "") -> None:
        """``preview``: at the confirm step the order's; in target mode the target's under the cursor,
        which ``aim`` names (k of n, how far)."""
        head, tail, rest = Text(), Text(), Text()
        level = editor.level
        numbered = level in (BROWSE, ACTION, VARIANT) or (level == TARGET and bool(editor.menu()))
        if level == BROWSE and not editor.book.units():  # only orders for the whole side (pass, a choice)
            head.append("Choose an order by its number.\n", style="bold")
        elif level == BROWSE:
            head.append("Choose a piece: Enter on it, Tab cycles.\n", style="bold")
        elif level == ACTION:
            # one line, so that the orders keep the room; when cut, it is whole below them
            described = describe_unit(editor.unit)
            width = self.content_region.width
            if width > 3 and len(described) > width:
                head.append(described[:width - 3] + "...\n", style="bold")
                rest.append(described + "\n")
            else:
                head.append(f"{described}\n", style="bold")
            # the orders first: in a small terminal the details below them are what gets cut off
            if editor.highlight_targets():
                tail.append("or Enter on a marked hex\n")
            for line in unit_details(editor.unit):
                rest.append(f"{line}\n", style="dim")
        elif level == TARGET and editor.action is not None:  # the target level is reached with an action
            n = len(editor.highlight_targets())
            aimed = editor.action if editor.unit is None else f"{editor.action}: {describe_unit(editor.unit)}"
            width = self.content_region.width
            head.append((aimed[:width - 3] + "..." if width > 3 and len(aimed) > width else aimed) + "\n",
                        style="bold")
            if aim:  # aimed at a target already: short, so the target and its odds keep the room
                head.append("Enter aims here; Tab / Shift+Tab: next target.\n")
            else:
                head.append(f"Move the cursor to one of {n} marked {'hex' if n == 1 else 'hexes'}, Enter. "
                            f"Tab / Shift+Tab step through them, nearest first.\n")
            if editor.menu():  # orders of this action that need no hex: by number, before the odds
                head.append("Or, needing no hex:\n")
            if aim:
                rest.append(aim + "\n", style="bold")
                if preview is not None:
                    rest.append_text(odds_text(preview, wide=self.size.width >= 40))
        elif level == VARIANT:
            at = f" at {where(editor.target)}" if editor.target is not None else ""
            head.append(f"{editor.action}{at}: which?\n", style="bold")
        elif level == CONFIRM and preview is not None:
            head.append("Enter give Esc back" + (" o odds" if preview.odds else "") + "\n",
                        style="bold reverse")
            head.append_text(odds_text(preview, wide=self.size.width >= 40))
        text = head
        if numbered:
            self._fit_pages(editor, self._lines(head) + self._lines(tail))
            self._numbered(text, editor)
        text.append_text(tail)
        text.append_text(rest)
        self.update(self._held(self._fit(text), self.SLACK if self.hold else 0))

    def _fit(self, text: Text) -> Text:
        """The text cut to the lines the pane can show, so that it never pushes the dice log off the
        column (what is cut is the piece's details at the end: the cursor panel and Enter show them)."""
        width = self.content_region.width
        if width <= 0:
            return text
        text = text.copy()
        text.rstrip()
        lines = text.wrap(self.app.console, width)
        room = self.room()
        if len(lines) <= room:
            return text
        return Text("\n").join(lines[:room])

    def _lines(self, text: Text) -> int:
        width = self.content_region.width
        text = text.copy()
        text.rstrip()  # a last newline ends the last line; it adds none
        if not text.plain:
            return 0
        return len(text.wrap(self.app.console, width)) if width > 0 else text.plain.count("\n") + 1

    def room(self) -> int:
        """Lines of text the pane can show whole: its max-height, less what its neighbours in the side
        column need: the panes above it their height, the dice log its least; the legend below gives way
        (it is also in help)."""
        cap = self.styles.max_height
        limit = int(cap.value) if cap is not None and cap.is_cells else 99
        column = self.parent
        if not isinstance(column, Widget) or not column.size.height:
            return limit - 1
        used, below = 0, False
        for sibling in column.children:
            if sibling is self:
                below = True
                continue
            if not sibling.display:
                continue
            height = sibling.styles.height
            if height is not None and height.is_fraction:
                least = sibling.styles.min_height
                used += (int(least.value) if least is not None and least.is_cells else 1) + 1
            elif not below:  # the panes above keep their height; those below (the legend) give way
                used += sibling.outer_size.height
        return max(2, min(limit, column.content_region.height - used) - 1)  # less the top border

    def _fit_pages(self, editor: OrderEditor, fixed: int) -> None:
        """The most choices a page can hold (up to nine) such that every page, with the line that turns
        it, fits below the ``fixed`` lines of text around the menu."""
        if self.content_region.width <= 0:
            return
        free = self.room() - fixed
        menu = editor.menu()
        heights = [self._lines(Text(f"{i % 9 + 1}  {entry}")) for i, entry in enumerate(menu)]
        for size in range(9, 0, -1):
            paged = len(menu) > size
            pages = [heights[i:i + size] for i in range(0, len(menu), size)] or [[]]
            if all(sum(page) + paged <= free for page in pages):
                editor.set_page_size(size)
                return
        editor.set_page_size(1)

    @staticmethod
    def _numbered(text: Text, editor: OrderEditor) -> None:
        """The choices keys 1-9 pick now; when they do not all fit, 0 turns the page."""
        for i, entry in enumerate(editor.page_entries(), start=1):
            text.append(f"{i} ", style="bold reverse")
            text.append(f" {entry}\n")
        pages = editor.pages()
        if pages > 1:
            page = editor.page % pages + 1
            more = editor.more_after_page()
            text.append("0 ", style="bold reverse")
            text.append(f" {more} more below ({page}/{pages})\n" if more else f" first page ({page}/{pages})\n")

    def show_waiting(self, line: str) -> None:
        """``line``: whose orders are awaited, or the battle's end (in the rows the pane has now, if it holds
        its height)."""
        self.update(self._held(Text(line), slack=None if self.hold else 0))

    def _held(self, text: Text, slack: int | None) -> Text:
        """``text`` with blank rows under it to keep the pane's present height, if it is shorter by no more
        than ``slack`` rows (None: by any number); as it is otherwise."""
        if self.content_region.width <= 0 or slack == 0:
            return text
        pad = min(self.content_region.height, self.room()) - self._lines(text)
        if pad <= 0 or (slack is not None and pad > slack):
            return text
        text = text.copy()
        text.rstrip()
        text.append("\n" * pad + " ")  # the space: a last newline alone ends the last row, adds none
        return text


@attrs.frozen
class LogEntry:
    command: int  # 0 for the setup
    index: int  # the event's place among the command's events
    text: str
    rule: str
    random: bool


def log_entries(system: Any, state: Any, events_by_command: list[list[Any]], start: int = 0) -> list[LogEntry]:
    """Dice-log entries: every roll, card and shuffle, and every event that cites a rule."""
    out = []
    for n, events in enumerate(events_by_command, start=start):
        for i, ev in enumerate(events):
            rule = rule_cited(ev)
            random = is_random(ev)
            if not random and not rule:
                continue
            out.append(LogEntry(n, i, system.describe(ev, state), rule, random))
    return out


class DiceLog(ScrollView, can_focus=True):
    """Every roll and card, newest first; Up/Down pick one, Enter explains it.

    An entry wraps onto as many rows as the pane's width needs (later rows indented under its text),
    so nothing is cut that the pane could show; a wider terminal gives each entry fewer rows.

    Drawn with the Line API from the list of entries: each entry is wrapped once for a width and
    kept, so a new order adds its draws without redrawing the thousands that came before.
    """

    BINDINGS = [
        Binding("up,k", "move(-1)", "newer", show=False),
        Binding("down,j", "move(1)", "older", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("home", "move(-1000000)", show=False),
        Binding("end", "move(1000000)", show=False),
        Binding("enter", "select", "explain", show=False),
    ]

    INDENT = 4  # the order number's column: the rows after an entry's first start under its text

    class Selected(Message):
        def __init__(self, entry: LogEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entries: list[LogEntry] = []  # oldest first; the top row shows the newest
        self.highlighted = 0  # entries counted from the newest
        self._rows: dict[LogEntry, list[Strip]] = {}  # an entry -> its wrapped rows at _wrap_width
        self._wrap_width = 0
        self._starts: list[int] = [0]  # the first row of each entry, newest first, then the total

    def set_entries(self, entries: list[LogEntry]) -> None:
        """Show ``entries`` (oldest first). The rows of an entry shown before are kept, not wrapped again: a
        replay's step sets the whole log, and most of it is what the step before showed."""
        self.entries = list(entries)
        shown = set(self.entries)
        self._rows = {e: rows for e, rows in self._rows.items() if e in shown}
        self.highlighted = 0
        self._resized()

    def add_entries(self, entries: list[LogEntry]) -> None:
        if entries:
            self.entries.extend(entries)
            self.highlighted = 0
            self._resized()

    def on_resize(self) -> None:
        self._resized(scroll_home=False)

    def _width(self) -> int:
        return max(self.INDENT + 8, self.scrollable_content_region.width)

    def _resized(self, scroll_home: bool = True) -> None:
        """Lay the entries out in rows again (after new entries or a new width)."""
        width = self._width()
        if width != self._wrap_width:
            self._rows.clear()
            self._wrap_width = width
        starts = [0]
        for index in range(len(self.entries) - 1, -1, -1):
            starts.append(starts[-1] + len(self._rows_of(index)))
        self._starts = starts
        self._set_rows(starts[-1])
        if scroll_home:
            self.scroll_to(y=0, animate=False, immediate=True)
        self.refresh()

    def _set_rows(self, total: int) -> None:
        """The log's height: ``total`` rows, as wide as the pane (nothing to scroll sideways).

        Textual lays the whole screen out again for any new virtual size, in case a scroll bar comes or
        goes. When the bar shows before and after (the log already overflows the pane and still does), a new
        entry needs only the bar's new length and the rows repainted: on a host following a battle, that is
        one layout fewer for every order."""
        window = self.scrollable_content_region.height
        bar_stays = (self.show_vertical_scrollbar and self.styles.overflow_y == "auto"
                     and self.virtual_size.height > window and total > window > 0)
        if not bar_stays:
            self.virtual_size = Size(0, total)
            return
        self.set_reactive(DiceLog.virtual_size, Size(0, total))
        self.vertical_scrollbar.window_virtual_size = total
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def entry_at(self, ordinal: int) -> LogEntry:
        """The entry ``ordinal`` places from the newest (0 is the newest)."""
        return self.entries[-1 - ordinal]

    def selected_entry(self) -> LogEntry | None:
        return self.entry_at(self.highlighted) if self.entries else None

    @staticmethod
    def _body(e: LogEntry) -> Text:
        text = Text()
        text.append(e.text, style="bold" if e.random else "")
        if e.rule:
            text.append(f" [{e.rule}]", style="italic")
        return text

    def _rows_of(self, index: int) -> list[Strip]:
        e = self.entries[index]
        rows = self._rows.get(e)
        if rows is None:
            console = self.app.console
            lines = self._body(e).wrap(console, self._wrap_width - self.INDENT)
            rows = []
            for n, line in enumerate(lines):
                row = Text(f"{e.command:>3} " if n == 0 else " " * self.INDENT, style="dim" if n == 0 else "")
                row.append_text(line)
                rows.append(Strip(row.render(console)))
            self._rows[e] = rows = rows or [Strip.blank(0)]
        return rows

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        row = y + int(self.scroll_offset.y)
        if not 0 <= row < self._starts[-1]:
            return Strip.blank(width, self.rich_style)
        ordinal = bisect.bisect_right(self._starts, row) - 1
        strip = self._rows_of(len(self.entries) - 1 - ordinal)[row - self._starts[ordinal]]
        if ordinal == self.highlighted and self.has_focus:
            strip = strip.apply_style(Style(reverse=True))
        return strip.crop_extend(0, width, self.rich_style)

    def action_move(self, step: int) -> None:
        if not self.entries:
            return
        old = self.highlighted
        self.highlighted = max(0, min(len(self.entries) - 1, old + step))
        top = int(self.scroll_offset.y)
        for ordinal in (old, self.highlighted):
            first, last = self._starts[ordinal], self._starts[ordinal + 1]
            self.refresh_lines(first - top, last - first)
        first, last = self._starts[self.highlighted], self._starts[self.highlighted + 1]
        self.scroll_to_region(Region(0, first, 1, last - first), animate=False, immediate=True)

    def action_select(self) -> None:
        entry = self.selected_entry()
        if entry is not None:
            self.post_message(self.Selected(entry))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class InfoLine(Widget):
    """What is under the cursor: the hex, its terrain, the piece on it.

    Drawn with the Line API: a cursor move repaints only the characters that
    changed (often just a coordinate digit), which keeps an SSH link quiet.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._text = Text()
        self._cells: list[list[tuple[str, Style]]] = []

    def show_hex(self, at: Hex, board: BoardView, piece: Piece | None, extra: str = "",
                 others: list[Piece] | tuple[Piece, ...] = ()) -> None:
        """``others``: the pieces on the hex besides ``piece`` (inside, aboard, or sharing it)."""
        glyph = board.terrain.get(at)
        terrain = next((k for k in board.legend if k.glyph == glyph), None)
        # what is on the hex first (the pane is two lines in 80 x 24), then the ground
        text = Text(f"{where(at)} ")
        if piece is not None:
            text.append(f"{piece.name} [{piece.id}]", style="bold")
            if piece.state:
                text.append(f", {piece.state}")
            # the details show in the Orders pane on Enter (select or inspect), so that sweeping
            # the cursor across pieces repaints little
        if others:
            names = ", ".join(f"{p.name} [{p.id}]" + (f" ({p.state})" if p.state else "") for p in others)
            text.append(f"; also here: {names}" if piece is not None else f"here: {names}")
        if piece is not None or others:
            text.append("\n")
        text.append(terrain.name if terrain else "off the map")
        if terrain and terrain.effect:
            text.append(f" ({terrain.effect})", style="dim")
        if extra:
            text.append(f"\n{extra}")
        self.update(text)

    def update(self, text: Text) -> None:
        self._text = text
        self._redraw()

    def on_resize(self) -> None:
        self._cells = []
        self._redraw()

    def _layout_cells(self) -> list[list[tuple[str, Style]]]:
        width = max(1, self.size.width)
        console = self.app.console
        lines = self._text.wrap(console, width, overflow="crop")
        out = []
        for line in lines[: self.size.height]:
            cells: list[tuple[str, Style]] = []
            for seg in line.render(console):
                style = seg.style or Style()
                cells.extend((ch, style) for ch in seg.text)
            cells = cells[:width] + [(" ", Style())] * (width - len(cells))
            out.append(cells)
        return out

    def _redraw(self) -> None:
        if not self.is_mounted or not self.size.width:
            return
        new = self._layout_cells()
        old = self._cells
        self._cells = new
        width = self.size.width
        blank = [(" ", Style())] * width
        for y in range(max(len(old), len(new))):
            a = old[y] if y < len(old) else blank
            b = new[y] if y < len(new) else blank
            if a == b:
                continue
            first = next(i for i in range(width) if a[i] != b[i])
            last = next(i for i in range(width - 1, -1, -1) if a[i] != b[i])
            self.refresh(Region(first, y, last - first + 1, 1))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self._cells):
            return Strip.blank(width, self.rich_style)
        base = self.rich_style  # computed once a line: Textual works it out afresh on every read
        segments = [Segment(ch, base + style) for ch, style in self._cells[y]]
        return Strip(Segment.simplify(segments), width)


class Legend(Static):
    """The short legend beside the map in a roomy terminal (tui/widgets/legend.py writes it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[BoardView, str | None, dict[str, str]] | None = None

    def show(self, board: BoardView, home: str | None, players: Mapping[str, str]) -> None:
        self._shown = (board, home, dict(players))
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        from .legend import pane_text

        if self._shown is not None:
            width = max(20, self.content_region.width)
            self.update(pane_text(*self._shown, width=width, colour=not self.app.no_color))


class StatusLine(SteadyStatic):
    """The line under the panes. Plain text: it quotes names, orders and paths that may hold brackets."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, markup=False, **kwargs)
