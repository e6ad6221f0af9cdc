"""The legend key (L): every sign on the map in words, beside the map so the two can be compared.

A modal screen cannot let the battle show through in the terminal's own colours, so it draws the
same map again (a second :class:`HexMap` with the battle map's board, highlights and cursor) on the
left and the legend on the right, over the side panels.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.footer import Footer
from ..widgets.hexmap import HexMap


class LegendScreen(ModalScreen[None]):
    """The map's legend (tui/widgets/legend.py) in a box ``width`` wide at the right, the map at the left."""

    DEFAULT_CSS = """
    LegendScreen #legend-body {
        height: 1fr;
    }
    LegendScreen #legend-map {
        width: 1fr;
        height: 1fr;
        border-top: round $primary;
        scrollbar-size: 1 1;
    }
    LegendScreen #legend-box {
        height: 1fr;
        border: round $accent;
        padding: 0 1;
    }
    App.-ascii LegendScreen #legend-box {
        border: ascii $accent;
    }
    App.-ascii LegendScreen #legend-map {
        border-top: ascii $primary;
    }
    """

    BINDINGS = [Binding("escape,L,shift+l", "app.pop_screen", "back")]

    def __init__(self, text: Text, width: int, battle_map: HexMap) -> None:
        super().__init__()
        self.text = text
        self.box_width = width
        self.battle_map = battle_map

    def compose(self) -> ComposeResult:
        with Horizontal(id="legend-body"):
            yield HexMap(id="legend-map")
            with VerticalScroll(id="legend-box"):
                yield Static(self.text, id="legend-all")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#legend-box")
        box.border_title = "Legend (Esc back)"
        box.styles.width = self.box_width
        source = self.battle_map
        copy = self.query_one("#legend-map", HexMap)
        copy.can_focus = False
        copy.border_title = "Map"
        copy.cursor = source.cursor
        if source.board is not None:
            copy.show(source.board, source.highlights, source.selected, source.dimmed, home_side=source.home_side)
        copy.scroll_to(*source.scroll_offset, animate=False, immediate=True)
        box.focus()
