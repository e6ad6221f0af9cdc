"""hexfront engine: pure game logic, no terminal or UI imports."""

ENGINE_VERSION = "0.1.0"
#: Version of the save-file layout. A file with another number is refused.
SAVE_FORMAT_VERSION = 1
