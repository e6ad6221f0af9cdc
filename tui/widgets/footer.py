"""The key footer: only keys that fit whole are shown, and nothing is drawn over another.

Textual's footer lets its keys run on under the command-palette key docked at its right end, so at
80 columns the last key and the palette key overprint each other ("t tea^p palette"). This one
hides, from the end, the keys that would not fit whole beside the palette key; every key is still
in the help (?) and the command palette (Ctrl+P).
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self.fit_keys)

    def on_resize(self) -> None:
        self.fit_keys()

    def _width_of(self, key: Widget) -> int:
        styles = key.styles
        return key.get_content_width(self.size, self.app.size) + styles.gutter.width + styles.margin.width

    def fit_keys(self) -> None:
        """Show the keys, in order, while they fit whole beside the palette key; hide the rest."""
        width = self.size.width - self.styles.gutter.width
        if width <= 0:
            return
        keys = [k for k in self.children if not k.has_class("-command-palette")]
        used = sum(self._width_of(k) for k in self.children if k.has_class("-command-palette"))
        room = True
        for key in keys:
            need = self._width_of(key)
            room = room and used + need <= width
            key.display = room
            if room:
                used += need
