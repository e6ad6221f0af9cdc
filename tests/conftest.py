"""Settings for the whole test suite.

Textual's pilot waits, after every key press and pause, until the app looks idle: it sleeps in slices
of ``textual._wait.SLEEP_GRANULARITY`` (1/50 s) and checks that little CPU time passed. Hundreds of
keys per TUI test make those slices most of the suite's wall time, so tests use slices of 1/200 s
(the idle test scales with them). Nothing in the game reads these values.
"""

from __future__ import annotations

import textual._wait as _wait

_wait.SLEEP_GRANULARITY = 1 / 200
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20.0


#: the folders whose files take longest (whole battles in the Textual pilot, property runs), run first
LONG_FIRST = ("tui", "properties", "security")


def pytest_collection_modifyitems(items: list) -> None:
    """Run the long files first. ``make test`` hands whole files to two workers (pytest-xdist's loadfile),
    in the order collected: a long file collected last keeps one worker busy after the other has run out,
    so the suite takes as long as that tail. Long files first, and the many short ones fill the end."""

    def weight(item) -> int:
        parts = item.path.parts
        folder = parts[parts.index("tests") + 1] if "tests" in parts else ""
        return LONG_FIRST.index(folder) if folder in LONG_FIRST else len(LONG_FIRST)

    items.sort(key=weight)
