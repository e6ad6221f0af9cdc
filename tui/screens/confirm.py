"""A yes-or-no question in a small box over the screen: leaving a battle, quitting with a failing autosave.

``Question`` is generic: a title, the lines a player needs to decide, and what
yes and no do. It answers ``True`` (y or Enter) or ``False`` (n or Esc), so a
stray Esc never does the irreversible thing.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.footer import Footer


class Question(ModalScreen[bool]):
    """Ask ``title``; ``body`` says what happens. y/Enter answers yes, n/Esc no."""

    DEFAULT_CSS = """
    Question {
        align: center middle;
    }
    Question #question-box {
        width: 64;
        max-width: 100%;
        height: auto;
        border: round $warning;
        padding: 0 1;
        background: $panel;
    }
    Question #question-body, Question #question-keys {
        height: auto;
    }
    Question #question-keys {
        margin: 1 0 0 0;
        text-style: bold;
    }
    App.-ascii Question #question-box {
        border: ascii $warning;
    }
    """
    SCOPED_CSS = False  # the plain-ASCII rule starts from the app

    BINDINGS = [
        Binding("y,enter", "answer(True)", "yes", key_display="y"),
        Binding("n,escape", "answer(False)", "no", key_display="n"),
    ]

    def __init__(self, title: str, body: str, yes: str = "yes", no: str = "no") -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="question-box"):
            yield Static(Text(self.body), id="question-body")
            yield Static(Text(f"y / Enter: {self.yes}    n / Esc: {self.no}"), id="question-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#question-box").border_title = self.title_text

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def leave_battle_question(autosave: Path | None, save_error: str | None = None) -> Question:
    """'Leave this battle?', saying where the battle is kept and how to come back to it."""
    if autosave is None:
        where = "This battle is not being saved: leaving ends it."
    elif save_error:
        where = (f"The autosave is failing ({save_error}): the last orders may not be in {autosave}. "
                 f"Press s first to save a copy.")
    else:
        where = (f"Every order so far is kept in {autosave}. Continue (c) on the menu brings the battle "
                 f"back exactly where you left it.")
    return Question("Leave this battle?", where, yes="leave for the menu", no="stay in the battle")
