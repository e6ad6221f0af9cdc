"""How the game words a count or a thing for a player: "1 card", "3 cards", never "card(s)"; "an artillery counter"."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, or ``many`` (default: ``word`` with an s) unless ``n`` is one."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def with_article(word: str) -> str:
    """``word`` after "a", or "an" where it begins with a vowel letter ("an artillery counter", "a casevac
    counter"); the words this is given are the game's own, none of them an exception such as "hour"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
