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
