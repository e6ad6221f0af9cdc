"""The tutorial pane: the step at hand, under the map, never cut off without a way to read it whole."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

READ_KEY = "p"  # the battle screen's key that shows the step whole


class TutorialPane(Static):
    """The step's prompt (plain text: content words are never read as markup), with a warning above it
    when the learner's last order strayed from the step.

    When the words do not all fit, the pane's title counts the lines left over and names the key that
    shows them whole.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, markup=False, **kwargs)
        self.heading = ""
        self.prompt = ""
        self.warning = ""
        self._text = Text()

    def show(self, heading: str, prompt: str, warning: str = "") -> None:
        """Show ``prompt`` under the title ``heading``; ``warning`` (if any) goes first, in bold."""
        self.heading, self.prompt, self.warning = heading, prompt, warning
        text = Text()
        if warning:
            text.append(warning + "\n", style="bold reverse")
        text.append(prompt)
        self._text = text
        self.update(text)
        self._title()
        self.call_after_refresh(self._title)

    def whole(self) -> str:
        """Everything the pane holds, as one text to read in full."""
        return (self.warning + "\n\n" if self.warning else "") + self.prompt

    def hidden_lines(self) -> int:
        """How many wrapped lines of the pane's text do not fit in it now."""
        width = self.content_region.width
        if width <= 0 or not self.is_mounted:
            return 0
        wrapped = len(self._text.wrap(self.app.console, width))
        return max(0, wrapped - self.content_region.height)

    def on_resize(self) -> None:
        self._title()

    def _title(self) -> None:
        more = self.hidden_lines()
        suffix = f" (+{more} line{'' if more == 1 else 's'}: {READ_KEY} reads it all)" if more else ""
        self.border_title = Text(self.heading + suffix)
