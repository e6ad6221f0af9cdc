"""Tutorials: the list of tutorial battles (one or more per rule system) and their messages.

A tutorial is a scenario with scripted dice and a prompt per step (see
engine/core/tutorial.py). It is played on the ordinary battle screen, against
the computer, with the teach switch on; the prompt of the step at hand sits
above the status line.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hexfront.engine.core.content import read_toml, scenario_files
from hexfront.engine.core.system import all_systems
from hexfront.engine.core.tutorial import tutorial_scenarios

from ..host import hexfront_app
from ..widgets.footer import Footer


def tutorial_list() -> list[tuple[str, str, str]]:
    """(system id, scenario, line for the menu) of every tutorial, systems in name order."""
    out = []
    for system in all_systems().values():
        files = scenario_files(system.content_dir())
        for name in tutorial_scenarios(system):
            title = str(read_toml(files[name]).get("title", name))
            out.append((system.id, name, f"{system.title}: {title}"))
    return out


class TutorialListScreen(Screen[None]):
    """Choose a tutorial battle."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.entries = tutorial_list()

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield OptionList(*[Option(line, id=str(i)) for i, (_, _, line) in enumerate(self.entries)],
                             id="tutorial-list", markup=False)
            yield Static(id="saves-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves-box").border_title = "Tutorials"
        note = ("Each tutorial is a short battle with scripted dice: a prompt at each step says what to do, "
                "and every die and card pauses to explain itself. Enter starts the one highlighted."
                if self.entries else "No tutorials are installed.")
        self.query_one("#saves-note", Static).update(note)
        menu = self.query_one("#tutorial-list", OptionList)
        if self.entries:
            menu.highlighted = 0
        menu.focus()

    @on(OptionList.OptionSelected, "#tutorial-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        system_id, scenario, _ = self.entries[event.option_index]  # one option per entry, in order
        app = hexfront_app(self)
        app.start_tutorial(system_id, scenario)


class TutorialMessage(ModalScreen[None]):
    """A tutorial's opening or closing words. Enter, Space or Esc closes it; with ``done``, m goes to the menu."""

    BINDINGS = [
        Binding("enter,space,escape", "close", "go on"),
        Binding("m", "menu", "menu", show=False),
    ]

    def __init__(self, title: str, text: str, done: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = text
        self.done = done

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="explain-box"):
            yield Static(Text(self.body), id="tutorial-text")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#explain-box")
        box.border_title = self.title_text
        box.border_subtitle = "Enter: go on" + ("   m: menu" if self.done else "")

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_menu(self) -> None:
        if self.done:
            hexfront_app(self).go_to_menu()
