"""The whole activation pane on a screen of its own: in 80 x 24 the pane shows only its first lines, so
``a`` opens every line of it (who acts, the turn's progress, and a system's extras such as Dustup's
inbound chart and fire support chits)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hexfront.engine.core.view import ActivationView

from ..widgets.footer import Footer


def status_text(view: ActivationView, controller: str) -> Text:
    text = Text()
    text.append(view.now, style="bold")
    if controller:
        text.append(f"\n{controller}")
    for line in view.lines:
        text.append(f"\n{line}")
    return text


class StatusScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,a", "app.pop_screen", "back")]

    def __init__(self, view: ActivationView, controller: str) -> None:
        super().__init__()
        self.view = view
        self.controller = controller

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="explain-box"):
            yield Static(status_text(self.view, self.controller), id="activation-all")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#explain-box").border_title = "Activation, in full"
