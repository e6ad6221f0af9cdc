"""The odds of an order before it is given: each outcome's exact chance, with every modifier by name.

Shown in the order editor at the confirm step (compactly) and whole with ``o``.
The chances come from the rule system's preview, which counts every face of
every die or every card; where it cannot, the preview says it is an estimate
and how it was made, and so does this panel.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hexfront.engine.core.view import OrderPreview

from ..widgets.footer import Footer
from ..widgets.odds import odds_text


class OddsScreen(ModalScreen[None]):
    """The full odds panel of the order being confirmed (the Orders pane is short in 80 x 24)."""

    BINDINGS = [Binding("escape,o,enter", "app.pop_screen", "back")]

    def __init__(self, preview: OrderPreview) -> None:
        super().__init__()
        self.preview = preview

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="odds-box"):
            yield Static(odds_text(self.preview), id="odds-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#odds-box").border_title = "Odds before you commit"
        self.query_one("#odds-box").border_subtitle = "Esc back, then Enter gives the order"
