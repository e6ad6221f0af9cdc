"""hexfront engine: pure game logic, no terminal or UI imports."""

ENGINE_VERSION = "0.1.0"
#: Version of the save-file layout. Earlier formats are read through engine.core.saves.MIGRATIONS;
#: a later one is refused. 2: the setup checkpoint's hash also covers the system and scenario.
#: 3: every checkpoint's hash is of the state's canonical JSON, not its repr (engine.core.statehash).
SAVE_FORMAT_VERSION = 3
