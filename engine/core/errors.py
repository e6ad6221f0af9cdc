"""Errors a player can read: each carries one line saying what is wrong and what to do."""


def one_line(text: str) -> str:
    """Control characters (a newline in a hostile file's key, say) written as escapes, never raw."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


class HexfrontError(Exception):
    """Base for every error that is reported to the player as one line."""

    def __init__(self, message: str) -> None:
        message = one_line(message)
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
