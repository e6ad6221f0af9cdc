"""The hexfront app a screen or widget runs in, with its own members (pace, ASCII look, screen moves).

Textual types ``node.app`` as any App; every screen of this game runs in :class:`~hexfront.tui.app.HexfrontApp`,
and asks for it here rather than guessing its attributes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.dom import DOMNode

if TYPE_CHECKING:
    from .app import HexfrontApp


def hexfront_app(node: DOMNode) -> HexfrontApp:
    """The app ``node`` is mounted in; TypeError if it is not hexfront's (a screen put in another app)."""
    from .app import HexfrontApp  # the app imports the screens: looked up when asked, not at import

    app = node.app
    if not isinstance(app, HexfrontApp):
        raise TypeError(f"{type(node).__name__} runs only in the hexfront app, not in {type(app).__name__}")
    return app
