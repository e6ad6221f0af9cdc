"""A text pane whose new text is laid out again only when it changes the pane's height.

Textual lays the whole screen out again whenever a Static's text changes, in case the text changed its size
(about 40 ms at 80 x 24 on this machine). The battle's panes change their text after most keys, yet their
height seldom changes: the order editor's lines, the queue, the status line. A fitted pane works out the height
of its new text at its width and asks for a layout only when that height (or the width) differs from last
time; otherwise it only repaints.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


class FittedStatic(Static):
    """A Static whose :meth:`show_text` lays the screen out only when the text's height changes."""

    _fitted: tuple[int, int] | None = None

    def show_text(self, content: VisualType) -> None:
        """Show ``content``: a repaint when it takes as many lines as the last text did, else a layout."""
        width = self.content_region.width
        self.update(content, layout=False)
        if width <= 0 or not self.is_mounted:
            self._fitted = None
            self.refresh(layout=True)
            return
        fitted = (width, self.get_content_height(self.container_size, self.app.size, width))
        if fitted != self._fitted:
            self._fitted = fitted
            self.refresh(layout=True)
