"""The odds of an order as text: each outcome's chance with a bar, exact or estimated, the average, the
modifiers by name. Drawn in the Orders pane at the confirm step and, whole, by the odds screen."""

from __future__ import annotations

from rich.text import Text

from hexfront.engine.core.view import OrderPreview


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
    valued = [(c.probability, c.value) for c in preview.odds if c.value is not None]
    if not valued or not preview.value_unit:
        return ""
    mean = sum(p * value for p, value in valued)
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
        # five characters whatever the figure (" 0.3%", "  30%", " 100%"), so the bars line up
        figure = f"{pct:4.1f}%" if 0 < pct < 1 or 99 < pct < 100 else f"{pct:4.0f}%"
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
