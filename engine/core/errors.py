"""Errors a player can read: each carries one line saying what is wrong and what to do."""


class HexfrontError(Exception):
    """Base for every error that is reported to the player as one line."""

    def __init__(self, message: str) -> None:
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
