"""The odds of an order before it is given: each outcome's exact chance, with every modifier by name.

Shown in the order editor at the confirm step (compactly) and whole with ``o``.
The chances come from the rule system's preview, which counts every face of
every die or every card; where it cannot, the preview says it is an estimate
and how it was made, and so does this panel.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.core.view import OrderPreview


def bar(p: float, width: int = 10) -> str:
    """A bar of ``width`` characters, ``#`` for the share ``p`` and ``.`` for the rest (plain ASCII)."""
    filled = int(round(p * width))
    return "#" * filled + "." * (width - filled)


def exactness(preview: OrderPreview) -> str:
    """One line saying whether the odds are exact or an estimate, and how they were found."""
    note = preview.note.strip()
    for prefix in ("exact:", "exact -", "exact"):
        if note.lower().startswith(prefix):
            note = note[len(prefix):].strip()
            break
    if preview.estimate:
        return "estimate" + (f": {note}" if note else "")
    return "exact: " + (note or "every die face and card counted")


def expected_line(preview: OrderPreview) -> str:
    """'expected: 1.3 casualties' where the chances carry values."""
    valued = [c for c in preview.odds if c.value is not None]
    if not valued or not preview.value_unit:
        return ""
    mean = sum(c.probability * c.value for c in valued)
    return f"on average {mean:.2f} {preview.value_unit}"


def odds_text(preview: OrderPreview, wide: bool = True, header: bool = True) -> Text:
    """The whole odds panel: outcomes with percentages and bars, exactness, cost and modifiers.

    Narrow (the Orders pane in 80 x 24): no bars, and one word for exact or estimated (``o`` shows how).
    """
    text = Text()
    if header:
        text.append(preview.summary + "\n", style="bold")
    for chance in preview.odds:
        shown = f"{bar(chance.probability)} " if wide else ""
        pct = chance.probability * 100
        figure = f"{pct:4.1f}%" if 0 < pct < 1 or 99 < pct < 100 else f"{pct:3.0f}%"
        text.append(f"{figure} {shown}{chance.outcome}\n")
    if preview.odds:
        if wide:
            text.append(exactness(preview) + "\n", style="italic")
        else:
            text.append("estimated odds (o: how)\n" if preview.estimate else "exact odds\n", style="italic")
        mean = expected_line(preview)
        if mean:
            text.append(mean + "\n", style="dim")
    elif preview.note:
        text.append(preview.note + "\n", style="italic")
    if preview.cost:
        text.append(f"Cost: {preview.cost}\n")
    if preview.modifiers:
        text.append("Modifiers:\n", style="bold")
        for m in preview.modifiers:
            text.append(f"  + {m}\n")
    return text


class OddsScreen(ModalScreen):
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
