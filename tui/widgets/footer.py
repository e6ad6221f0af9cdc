"""The key footer: only keys that fit whole are shown, and nothing is drawn over another.

Textual's footer lets its keys run on under the command-palette key docked at its right end, so at
80 columns the last key and the palette key overprint each other ("t tea^p palette"). This one
hides, from the end, the keys that would not fit whole beside the palette key; every key is still
in the help (?) and the command palette (Ctrl+P).

Textual rebuilds its footer (a dozen widgets, each styled anew) whenever the screen's bindings are
refreshed, which a battle does after nearly every key. This one rebuilds only when the keys it would
show have changed: the same footer is not built twice in a row (a player over SSH pays for each).
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.widget import Widget
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    _shown: Hashable = None

    def keys_shown(self) -> Hashable:
        """Everything the footer's keys are built from: each shown binding (its key, how the key is
        written, its words, its action, its group, enabled or not, its tooltip) and the footer's look."""
        app = self.app
        return (self.compact, self.show_command_palette, tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action,
             id(binding.group) if binding.group is not None else None, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values() if binding.show))

    async def recompose(self) -> None:
        if not self._bindings_ready or not self.is_attached or self._pruning:
            return
        shown = self.keys_shown()
        if shown == self._shown and self.children:
            return
        self._shown = shown
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
