"""Why did it do that? The computer's last decision: the orders it weighed, what each was worth to it, what it
expected to happen (engine.core.search.Decision, kept by the session, never in the save)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hexfront.engine.core.search import Decision

from ..widgets.footer import Footer

#: the battle screen's key for this screen (in its footer and the help)
THINKING_KEY = "c"


def decision_text(decision: Decision, side_name: str) -> Text:
    """The decision in plain words: who chose what, what it expected, how it chooses, and the orders it weighed
    (those tried most first: the halving kept the better ones longest)."""
    text = Text()
    text.append(f"{side_name} ({decision.player} computer) chose:\n", style="bold")
    text.append(f"  {decision.chosen}\n\n")
    text.append("What it expected: ", style="bold")
    text.append(decision.expected + "\n\n")
    text.append("How it chooses: ", style="bold")
    text.append(decision.method + "\n")
    if decision.weighed and any(w.playouts for w in decision.weighed):
        text.append("\nOrders it weighed (Up/Down to read on):\n", style="bold")
        text.append(f"  value: where it stood after the enemy's replies, counting {decision.measure}.\n"
                    "  ahead: how often the order left it better off than it stands now.\n")
        for w in decision.weighed:
            mark = ">" if w.order == decision.chosen else " "
            if w.playouts:
                tries = "try  " if w.playouts == 1 else "tries"
                text.append(f"{mark} {w.value:+6.2f}  ahead {w.ahead:4.0%}  {w.playouts:2d} {tries}  {w.order}\n",
                            style="bold" if mark == ">" else "")
    return text


class ThinkingScreen(ModalScreen[None]):
    """The computer's last decision, over the battle; Esc (or c) goes back."""

    BINDINGS = [Binding(f"escape,enter,{THINKING_KEY}", "app.pop_screen", "back")]

    def __init__(self, decision: Decision, side_name: str) -> None:
        super().__init__()
        self.decision = decision
        self.side_name = side_name

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="explain-box"):
            yield Static(decision_text(self.decision, self.side_name), id="explain")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#explain-box").border_title = "Why did the computer do that?"
