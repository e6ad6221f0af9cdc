"""How the game words a count for a player: "1 card", "3 cards", "2 casualties", never "card(s)"."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, or ``many`` (default: ``word`` with an s) unless ``n`` is one."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
