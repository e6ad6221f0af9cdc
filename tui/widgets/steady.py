"""A text pane whose height follows its text, but which asks for a layout of the whole screen only when
its new text needs another height.

Textual lays out every widget of the screen again after ``Static.update`` (a pane of automatic height may
have grown), and a layout redraws the whole screen. The battle screen's panes change their text after
every order while their height mostly stays: with :class:`SteadyStatic` such a change repaints the pane
alone. In a host with fifty game processes that is most of the processor time an order costs.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


class SteadyStatic(Static):
    """A Static that lays the screen out again only when its content's height changes."""

    def update(self, content: VisualType = "", *, layout: bool | None = None) -> None:
        """Show ``content``; ``layout`` None: a layout only if the content needs another height at the
        pane's width (or the pane has not been laid out yet)."""
        width = self.content_region.width
        if layout is not None or not width:
            super().update(content, layout=True if layout is None else layout)
            return
        before = self.get_content_height(self.size, self.app.size, width)
        super().update(content, layout=False)  # a repaint forgets the measured height: asked again below
        after = self.get_content_height(self.size, self.app.size, width)
        if not same_height(before, after, self.content_region.height):
            self.refresh(layout=True)


def same_height(before: int, after: int, shown: int) -> bool:
    """Does a pane showing ``shown`` rows of content ``before`` rows high keep its height for content
    ``after`` rows high? Yes if the content is as high, or if the pane was held at its greatest height
    (``before`` > ``shown``) and the new content still fills it, or at its least (``before`` < ``shown``)
    and the new content still fits in it."""
    if after == before:
        return True
    if before > shown:  # cut at max-height
        return after >= shown
    if before < shown:  # held open by min-height
        return after <= shown
    return False
