"""The hex map: pointy-top hexes drawn two characters apart, odd rows shifted right by one.

Each hex owns the cell of its glyph; the cells between glyphs are shared
"slots" used for the cursor brackets, piece marks and a vehicle's facing.
A facing is drawn in the slot on the side it points to: ``>`` in the right
slot is east, ``<`` in the left slot west, ``/`` right is north-east, ``/``
left is south-west, ``\\`` left is north-west, ``\\`` right is south-east.
A piece's mark (damage, suppression...) goes in the right slot, or in the left
one when the facing points right, so that a marked vehicle shows both; only
when that slot is taken by the neighbour to the left does the mark win the
facing's slot.

Your side's pieces are upper-case letters and every other side's lower case
(:func:`engine.core.players.home_side` says which side is yours), so whose a
piece is never rests on colour alone; each side keeps its colour. The cursor
draws its brackets only in empty slots and shows the hex's own character in
reverse, so a piece's marks and facing stay in view under it.

The widget uses Textual's Line API: each board row is one line, rendered
from a cache, and a cursor move refreshes only the few cells that changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from hexfront.engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from hexfront.engine.core.view import BoardView, Piece

# (key, direction name, axial step) -- pointy-top neighbours
HEX_KEYS = {
    "y": "north-west", "u": "north-east", "h": "west", "l": "east", "b": "south-west", "n": "south-east",
}
DIRECTION_STEP = {
    "east": (1, 0), "north-east": (1, -1), "north-west": (0, -1),
    "west": (-1, 0), "south-west": (-1, 1), "south-east": (0, 1),
}
# facing index (0=E, 1=NE, 2=NW, 3=W, 4=SW, 5=SE) -> (slot: +1 right / -1 left, character)
FACING_MARK = {0: (1, ">"), 1: (1, "/"), 2: (-1, "\\"), 3: (-1, "<"), 4: (-1, "/"), 5: (1, "\\")}

SIDE_STYLES = (Style(color="bright_red", bold=True), Style(color="bright_cyan", bold=True),
               Style(color="bright_yellow", bold=True), Style(color="bright_magenta", bold=True))
SIDE_COLOUR_NAMES = ("red", "cyan", "yellow", "magenta")  # the legend's words for SIDE_STYLES
BLANK = Style()
TERRAIN_STYLES = {
    # open ground in the terminal's own colour: the commonest glyph costs no escape codes to draw
    ".": BLANK, "=": Style(color="white"), "*": Style(color="green"),
    "%": Style(color="green"), "#": Style(color="white", bold=True), ":": Style(color="yellow"),
    "@": Style(color="yellow", bold=True), "~": Style(color="blue", bold=True), "-": Style(color="blue"),
    ",": Style(color="bright_black"), "^": Style(color="white"),
}
DEFAULT_TERRAIN = Style(color="white")
CURSOR = Style(color="bright_white", bold=True)
CURSOR_CELL = Style(reverse=True)  # the hex under the cursor: its character stays, shown in reverse
HIGHLIGHTS = {
    # kind -> style added over the hex: colour and an attribute that survives NO_COLOR
    "move": Style(bgcolor="blue", underline=True),
    "target": Style(bgcolor="red", underline=True, bold=True),
    "sight": Style(bgcolor="bright_black"),
    "selected": Style(reverse=True),
    "acted": Style(dim=True),
}


class HexMap(ScrollView, can_focus=True):
    """The battle map. Calls ``on_cursor`` when the cursor moves; posts :class:`HexMap.Chosen`."""

    BINDINGS = [
        Binding("left", "step('west')", "west", show=False),
        Binding("right", "step('east')", "east", show=False),
        Binding("up", "step_row(-1)", "up", show=False),
        Binding("down", "step_row(1)", "down", show=False),
        *[Binding(k, f"step('{d}')", d, show=False) for k, d in HEX_KEYS.items()],
        Binding("shift+left", "step('west', 5)", show=False),
        Binding("shift+right", "step('east', 5)", show=False),
        Binding("shift+up", "step_row(-5)", show=False),
        Binding("shift+down", "step_row(5)", show=False),
        Binding("enter,space", "choose", "choose", show=False),
    ]

    class Chosen(Message):
        def __init__(self, at: Hex) -> None:
            super().__init__()
            self.at = at

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.board: BoardView | None = None
        self.cursor: tuple[int, int] = (0, 0)  # offset (col, row)
        self.highlights: dict[Hex, str] = {}
        self.selected: str | None = None
        self.dimmed: frozenset[str] = frozenset()
        self.home_side: str | None = None  # drawn in upper case; every other side in lower case
        self._pieces_at: dict[Hex, Piece] = {}
        self._side_index: dict[str, int] = {}
        self._rows: dict[int, Strip] = {}  # rendered board rows without the cursor
        # called at once (not through the message queue) so that the panes that follow the
        # cursor repaint in the same frame as the map
        self.on_cursor: Callable[[Hex], None] | None = None

    # -- data ---------------------------------------------------------------------------
    def show(self, board: BoardView, highlights: dict[Hex, str] | None = None,
             selected: str | None = None, dimmed: Iterable[str] = (), home_side: str | None = None) -> None:
        """Take a new board (after an order) and highlights; redraws only rows that changed.

        ``home_side``: the side whose pieces are drawn in upper case (the player's own); kept from the
        last call when None."""
        if home_side is not None:
            self.home_side = home_side
        old_rows = dict(self._rows)
        first = self.board is None
        self.board = board
        self.highlights = dict(highlights or {})
        self.selected = selected
        self.dimmed = frozenset(dimmed)
        self._side_index = {s.id: i for i, s in enumerate(board.sides)}
        self._pieces_at = {}
        for p in board.pieces:
            if p.at is not None and p.aboard is None:
                # a wreck never hides a living model standing on the same hex
                if p.at not in self._pieces_at or "x" in self._pieces_at[p.at].marks:
                    self._pieces_at[p.at] = p
        self._rows = {}
        self.virtual_size = Size(2 * board.cols + 2, board.rows)
        if first:
            col, row = self.cursor
            self.cursor = (min(col, board.cols - 1), min(row, board.rows - 1))
            self.refresh()
            return
        for y in range(board.rows):
            if old_rows.get(y) != self._row_strip(y):
                self.refresh_line(y)

    def piece_at(self, at: Hex) -> Piece | None:
        return self._pieces_at.get(at)

    @property
    def cursor_hex(self) -> Hex:
        return offset_to_axial(*self.cursor)

    def on_board(self, at: Hex) -> bool:
        return self.board is not None and at in self.board.terrain

    # -- rendering ------------------------------------------------------------------------
    def _cells(self, row: int) -> list[tuple[str, Style]]:
        board = self.board
        assert board is not None
        width = 2 * board.cols + 2
        cells: list[tuple[str, Style]] = [(" ", BLANK)] * width
        shift = row & 1
        for col in range(board.cols):
            h = offset_to_axial(col, row)
            glyph = board.terrain.get(h)
            if glyph is None:
                continue
            x = 2 * col + shift + 1
            style = TERRAIN_STYLES.get(glyph, DEFAULT_TERRAIN)
            piece = self._pieces_at.get(h)
            if piece is not None:
                index = self._side_index.get(piece.side, 0)
                letter = piece.glyph[:1].upper() if piece.side == self.home_side else piece.glyph[:1].lower()
                style = SIDE_STYLES[index % len(SIDE_STYLES)]
                if piece.id in self.dimmed:
                    style = style + HIGHLIGHTS["acted"]
                glyph = letter
                mark_slot = 1
                if piece.facing is not None:
                    slot, char = FACING_MARK[piece.facing % 6]
                    if piece.marks:
                        # both show: the mark takes the slot the facing does not use, when it is free
                        mark_slot = -slot if cells[x - slot][0] == " " else slot
                    if not (piece.marks and mark_slot == slot) and cells[x + slot][0] == " ":
                        cells[x + slot] = (char, style)
                if piece.marks:
                    cells[x + mark_slot] = (piece.marks[:1], style)
                if piece.id == self.selected:
                    style = style + HIGHLIGHTS["selected"]
            kind = self.highlights.get(h)
            if kind is not None:
                style = style + HIGHLIGHTS[kind]
            cells[x] = (glyph, style)
        return cells

    def _row_strip(self, row: int) -> Strip:
        strip = self._rows.get(row)
        if strip is None:
            strip = self._strip(self._cells(row))
            self._rows[row] = strip
        return strip

    @staticmethod
    def _strip(cells: list[tuple[str, Style]]) -> Strip:
        """Cells to segments, with as few style changes as possible.

        Textual writes a changed line from the widget's left edge, so every
        escape sequence saved here is saved on each cursor move: a blank slot
        joins the run before it whenever its style cannot show on a space.
        """
        segments: list[Segment] = []
        text, style = "", None
        for char, s in cells:
            if s == style or (char == " " and s == BLANK and style is not None
                              and not (style.bgcolor or style.underline or style.reverse)):
                text += char
            else:
                if text:
                    segments.append(Segment(text, style))
                text, style = char, s
        if text:
            segments.append(Segment(text, style))
        return Strip(segments, len(cells))

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = y + scroll_y
        width = self.size.width
        if self.board is None or not 0 <= row < self.board.rows:
            return Strip.blank(width, self.rich_style)
        col, cursor_row = self.cursor
        if row == cursor_row:
            strip = self._strip(self.cursor_cells(row, col))
        else:
            strip = self._row_strip(row)
        return strip.crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def cursor_cells(self, row: int, col: int) -> list[tuple[str, Style]]:
        """The cells of ``row`` with the cursor on ``col``: brackets in the slots beside the hex that are
        empty, and the hex's character in reverse. A mark or facing in a slot is never covered."""
        cells = self._cells(row)
        x = 2 * col + (row & 1) + 1
        for slot, bracket in ((x - 1, "["), (x + 1, "]")):
            if cells[slot][0] == " ":
                cells[slot] = (bracket, CURSOR)
        char, style = cells[x]
        cells[x] = (char, style + CURSOR_CELL)
        return cells

    # -- the cursor ---------------------------------------------------------------------
    def _cursor_region(self, col: int, row: int) -> Region:
        x = 2 * col + (row & 1)
        return Region(x - int(self.scroll_offset.x), row - int(self.scroll_offset.y), 3, 1)

    def move_cursor(self, col: int, row: int) -> None:
        if self.board is None:
            return
        col = max(0, min(self.board.cols - 1, col))
        row = max(0, min(self.board.rows - 1, row))
        if (col, row) == self.cursor:
            return
        old = self.cursor
        self.cursor = (col, row)
        self.refresh(self._cursor_region(*old), self._cursor_region(col, row))
        self._keep_cursor_visible()
        if self.on_cursor is not None:
            self.on_cursor(self.cursor_hex)

    def move_cursor_to(self, at: Hex) -> None:
        self.move_cursor(*axial_to_offset(at))

    def _keep_cursor_visible(self) -> None:
        """Scroll only when the cursor (with a margin) leaves the visible part of the board."""
        col, row = self.cursor
        x = 2 * col + (row & 1)
        region = Region(max(0, x - 2), max(0, row - 2), 7, 5)
        view = Region(int(self.scroll_offset.x), int(self.scroll_offset.y),
                      self.scrollable_content_region.width, self.scrollable_content_region.height)
        if view.contains_region(region.intersection(Region(0, 0, *self.virtual_size))):
            return
        self.scroll_to_region(region, animate=False, immediate=True)

    def action_step(self, direction: str, times: int = 1) -> None:
        at = self.cursor_hex
        dq, dr = DIRECTION_STEP[direction]
        for _ in range(times):
            nxt = Hex(at.q + dq, at.r + dr)
            if not self.on_board(nxt):
                break
            at = nxt
        self.move_cursor_to(at)

    def action_step_row(self, rows: int) -> None:
        col, row = self.cursor
        self.move_cursor(col, row + rows)

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor_hex))
