"""Errors a player can read: each carries one line saying what is wrong and what to do."""

import reprlib


def one_line(text: str) -> str:
    """Control characters (a newline in a hostile file's key, say) written as escapes, never raw."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


#: The most of a hostile value an error line quotes.
SHOWN_CHARS = 80
#: The most of a file's path an error line quotes (paths run longer than names).
SHOWN_PATH_CHARS = 240


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """A value from outside as it may appear in a line for the player: control characters, lone
    surrogates and other unprintable characters escaped, cut to ``limit`` characters with an ellipsis."""
    text = value if isinstance(value, str) else reprlib.repr(value)
    safe = one_line(text[: limit + 1])
    if len(text) > limit or len(safe) > limit:
        return safe[:limit].rstrip() + "…"
    return safe


def shown_path(path: object) -> str:
    """A file's path as an error line quotes it: escaped, and cut at SHOWN_PATH_CHARS."""
    return shown(str(path), SHOWN_PATH_CHARS)


#: The longest line an error may be: a last guard should a hostile value reach a message unquoted.
MAX_MESSAGE_CHARS = 400


class HexfrontError(Exception):
    """Base for every error that is reported to the player as one line: control characters escaped, and
    never longer than MAX_MESSAGE_CHARS (a longer one keeps its start and its end, an ellipsis between:
    what is wrong and what to do)."""

    def __init__(self, message: str) -> None:
        message = one_line(message)
        if len(message) > MAX_MESSAGE_CHARS:  # keep what is wrong (the head) and what to do (the tail)
            tail = MAX_MESSAGE_CHARS // 4
            message = message[:MAX_MESSAGE_CHARS - tail - 3] + " … " + message[-tail:]
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message


class UnknownSystem(HexfrontError):
    pass


class UnknownScenario(HexfrontError):
    pass


class ContentError(HexfrontError):
    """A content file (scenario, table) is missing or malformed."""


class SaveError(HexfrontError):
    """A save file cannot be read: corrupt, hostile, truncated or from another version."""


class ScriptError(HexfrontError):
    """A scripted dice/card source asks for something impossible."""


class UndoRefused(HexfrontError):
    pass
