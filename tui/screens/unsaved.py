"""While a battle's autosave fails: the alarm line, the question before leaving, and saving elsewhere.

Every order is autosaved as it is given; when that fails (a full disk, a read-only folder) the orders
since are in memory only. Then a line in the error colour says so at the top of the screen (clear of
the toasts, which stack from the bottom), leaving the
battle or quitting asks first, and the battle can be saved to a folder the player names. The first
autosave that works again holds every order, and the line goes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from hexfront.engine.core.errors import HexfrontError, shown
from hexfront.engine.core.places import saves_dir

from ..host import hexfront_app
from ..names import MAX_TYPED, own_folder_target
from ..session import Session
from ..widgets.footer import Footer

#: The alarm line fits an 80-column terminal (the line's padding included).
ALARM_WIDTH = 78


def changes(n: int) -> str:
    return f"{n} change" + ("" if n == 1 else "s")


def alarm_line(session: Session) -> str:
    """The alarm shown while the autosave fails: what is at risk and what to do, in ALARM_WIDTH."""
    since = time.strftime("%H:%M", time.localtime(session.failing_since or time.time()))
    if session.unsaved:
        line = f"AUTOSAVE FAILED since {since}: {changes(session.unsaved)} not on disk. s: save elsewhere"
    else:
        line = f"AUTOSAVE FAILED since {since}: all is in the copy saved elsewhere. s: save again"
    return line[:ALARM_WIDTH]


class SaveAlarm(Static):
    """The alarm line: the error colour, bold, its words alone carrying it without colour."""

    DEFAULT_CSS = """
    SaveAlarm {
        height: 1;
        background: $error;
        color: $text;
        text-style: bold;
        padding: 0 1;
    }
    """


def show_save_alarm(screen: Any, session: Session, before: Any) -> None:
    """Put up, update or take down ``screen``'s alarm line (mounted above ``before``) as the autosave
    fails or works; a toast says when it first fails and when it works again."""
    alarms = screen.query(SaveAlarm)
    if session.save_error is None:
        if alarms:
            alarms.remove()
            screen.notify("The autosave works again: every order is saved.", markup=False)
        return
    line = Text(alarm_line(session))
    if alarms:
        alarms.first().update(line)
        return
    screen.mount(SaveAlarm(line, id="save-alarm"), before=before)
    screen.notify(f"The autosave failed: {shown(session.save_error, 120)}. Your orders are kept in memory: "
                  f"s saves the battle elsewhere; leaving asks first.",
                  severity="error", timeout=15, markup=False)


def ask_before_leaving(app: Any, session: Session, leave: Callable[[], None], verb: str = "leave") -> None:
    """Call ``leave`` at once, unless the autosave is failing with changes in no file: then ask first
    (save elsewhere, try the autosave again, leave anyway, or stay)."""
    if session.save_error is None or session.unsaved == 0:
        leave()
        return
    if any(isinstance(screen, (UnsavedDialog, SaveElsewhereScreen)) for screen in app.screen_stack):
        return  # already asking

    def saved(path: Path | None) -> None:
        if path is not None:
            app.notify(f"saved as {path}", markup=False)
            leave()

    def answered(choice: str | None) -> None:
        if choice == "elsewhere":
            app.push_screen(SaveElsewhereScreen(session), saved)
        elif choice == "retry":
            if session.retry_autosave():
                app.notify("The autosave worked: every order is saved.", markup=False)
                leave()
            else:
                app.notify(f"The autosave failed again: {shown(session.save_error, 120)}", severity="error",
                           markup=False)
                ask_before_leaving(app, session, leave, verb)
        elif choice == "leave":
            leave()

    app.push_screen(UnsavedDialog(session, verb), answered)


_DIALOG_CSS = """
{name} {{
    align: center middle;
}}
{name} > Vertical {{
    width: 70;
    height: auto;
    border: round $error;
    padding: 0 1;
    background: $panel;
}}
{name} .dialog-text {{
    height: auto;
    margin-bottom: 1;
}}
App.-ascii {name} > Vertical {{
    border: ascii $error;
}}
App.-ascii {name} Input {{
    border: ascii $primary;
}}
"""


class UnsavedDialog(ModalScreen[str | None]):
    """Asked before leaving a battle whose autosave is failing. Dismissed with "elsewhere", "retry",
    "leave" or None (stay)."""

    DEFAULT_CSS = _DIALOG_CSS.format(name="UnsavedDialog")
    SCOPED_CSS = False  # the plain-ASCII rule starts from the app

    BINDINGS = [
        Binding("s", "choose('elsewhere')", "save elsewhere"),
        Binding("r", "choose('retry')", "retry autosave"),
        Binding("l", "choose('leave')", "leave anyway"),
        Binding("escape", "choose('')", "back to the battle"),
    ]

    def __init__(self, session: Session, verb: str = "leave") -> None:
        super().__init__()
        self.session = session
        self.verb = verb

    def compose(self) -> ComposeResult:
        s = self.session
        since = time.strftime("%H:%M:%S", time.localtime(s.failing_since or time.time()))
        head = (f"The autosave has failed since {since}, so {changes(s.unsaved)} to this battle "
                f"are in no file yet. Why: {shown(s.save_error or '', 120)}")
        keys = (f"s    save the battle elsewhere (a folder you name), then {self.verb}\n"
                f"r    try the autosave again, and {self.verb} if it works\n"
                f"l    {self.verb} anyway: those changes are lost\n"
                f"Esc  back to the battle")
        with Vertical():
            yield Static(Text(head), classes="dialog-text")
            yield Static(Text(keys), id="unsaved-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Vertical).border_title = "Orders not saved"

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice or None)


class SaveElsewhereScreen(ModalScreen[Path | None]):
    """Type where to save the battle: a folder that exists, or a file in one. Dismissed with the path
    written, or None (Esc). A refusal is one line under the field, and nothing is written.

    On a host (the game run by ``hexfront serve``) nothing a player types may name a path of the host's:
    only a new file name in the player's own saves folder is taken (names.own_folder_target)."""

    DEFAULT_CSS = _DIALOG_CSS.format(name="SaveElsewhereScreen")
    SCOPED_CSS = False

    BINDINGS = [Binding("escape", "cancel", "back")]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        hosted = hexfront_app(self).host is not None
        if hosted:
            head = ("Save the battle under a new name: type a file name. On this host your battles are kept "
                    "only in your own folder; no file is replaced.")
            hint = "a file name, e.g. kept.json"
        else:
            head = (f"Save the battle elsewhere: type a folder that exists (the battle is saved in it under "
                    f"a new name) or a new file in one. A relative path starts in the saves folder "
                    f"{shown(str(saves_dir()), 60)}; no folder is created and no file replaced.")
            hint = "a folder, e.g. ~ or /tmp"
        with Vertical():
            yield Static(Text(head), classes="dialog-text")
            yield Input(placeholder=hint, max_length=MAX_TYPED, id="elsewhere-input")
            yield Static(Text("Enter: save  Esc: back"), id="elsewhere-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Vertical).border_title = "Save elsewhere"
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            if hexfront_app(self).host is not None:
                path = self.session.save_copy(own_folder_target(event.value, saves_dir()).name)
            else:
                path = self.session.save_elsewhere(event.value)
        except HexfrontError as exc:
            self.query_one("#elsewhere-note", Static).update(Text(f"not saved: {exc.message}"))
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
