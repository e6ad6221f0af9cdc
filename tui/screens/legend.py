"""The legend key (L): every sign on the map in words, over the side panels so the map stays in view."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class LegendScreen(ModalScreen):
    """The map's legend (tui/widgets/legend.py), as wide as the side column and on top of it."""

    DEFAULT_CSS = """
    LegendScreen {
        align: right top;
        background: transparent;
    }
    LegendScreen #legend-box {
        height: 1fr;
        border: round $accent;
        padding: 0 1;
        background: $panel;
    }
    App.-ascii LegendScreen #legend-box {
        border: ascii $accent;
    }
    """

    BINDINGS = [Binding("escape,L,shift+l", "app.pop_screen", "back")]

    def __init__(self, text: Text, width: int) -> None:
        super().__init__()
        self.text = text
        self.box_width = width

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="legend-box"):
            yield Static(self.text, id="legend-all")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#legend-box")
        box.border_title = "Legend (Up Down scroll, Esc back)"
        box.styles.width = self.box_width
        box.focus()
