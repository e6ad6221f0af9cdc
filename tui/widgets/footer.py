"""The key footer: one line, drawn as text, of the keys the screen takes now, and the palette key.

Textual's own footer is a dozen widgets (one per key) rebuilt whenever the screen's bindings change, which a
battle does after nearly every key: each rebuild styles the new widgets and lays the whole screen out again
(about 40 ms a time on this machine, paid by a player over SSH after most keys). This footer is one widget
that only repaints: it reads the screen's shown bindings, writes "key words" for each in order while they fit
whole beside the palette key at the right end, and leaves the rest to the help (?) and the command palette
(Ctrl+P), where every key is listed. A click on a key presses it, as on Textual's footer.
"""

from __future__ import annotations

import attrs
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

#: the mark between the keys and the palette key
EDGE = "\u258f"


@attrs.frozen
class FooterKey:
    """One key as the footer shows it: the key pressed, how it is written, its words, and whether it does
    anything now (a key that does not is drawn dim)."""

    key: str
    display: str
    description: str
    enabled: bool


class Footer(Widget, can_focus=False):
    """The screen's keys along the bottom line (see the module's docstring)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description", "footer--edge"}
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        text-wrap: nowrap;
    }
    Footer > .footer--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    Footer > .footer--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    Footer > .footer--edge {
        color: $foreground 20%;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._keys: tuple[FooterKey, ...] = ()
        self._palette: FooterKey | None = None
        self._spans: list[tuple[int, int, FooterKey]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.read_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's bindings changed: repaint if the keys shown did (nothing is laid out again)."""
        if self.is_attached and screen is self.screen:
            self.read_keys()

    def read_keys(self) -> None:
        """Read the keys to show from the screen's active bindings (one per action, in the bindings' order)."""
        app = self.app
        keys: dict[str, FooterKey] = {}
        palette = None
        for key, (_node, binding, enabled, _tooltip) in self.screen.active_bindings.items():
            entry = FooterKey(binding.key, app.get_key_display(binding), binding.description, enabled)
            if app.ENABLE_COMMAND_PALETTE and key == app.COMMAND_PALETTE_BINDING:
                palette = entry
            if binding.show and binding.action not in keys:
                keys[binding.action] = entry
        shown = tuple(keys.values())
        if palette is not None:
            shown = tuple(k for k in shown if k.key != palette.key)
        if shown != self._keys or palette != self._palette:
            self._keys, self._palette = shown, palette
            self.refresh()

    @property
    def keys(self) -> tuple[FooterKey, ...]:
        """Every key the screen shows now, whether it fits on the line or not."""
        return self._keys

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        words_style = self.get_component_rich_style("footer--description")
        edge_style = self.get_component_rich_style("footer--edge")
        width = self.size.width
        tail = Text()
        if self._palette is not None:
            if not self.app.has_class("-ascii"):  # the plain look draws no mark
                tail.append(EDGE, edge_style)
            tail.append(self._palette.display, key_style)
            tail.append(f" {self._palette.description} ", words_style)
        room = max(0, width - tail.cell_len)
        line = Text(no_wrap=True, overflow="crop")
        self._spans = []
        for key in self._keys:
            piece = Text.assemble((f" {key.display} ", key_style), (f"{key.description} ", words_style))
            if not key.enabled:
                piece.stylize("dim")
            if line.cell_len + piece.cell_len > room:
                break
            self._spans.append((line.cell_len, line.cell_len + piece.cell_len, key))
            line.append_text(piece)
        line.append(" " * (room - line.cell_len))
        if self._palette is not None and tail.cell_len <= width:
            self._spans.append((room, width, self._palette))
            line.append_text(tail)
        return line

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it (a dim key only rings the bell)."""
        for start, end, key in self._spans:
            if start <= event.x < end:
                if key.enabled:
                    self.app.simulate_key(key.key)
                else:
                    self.app.bell()
                return
