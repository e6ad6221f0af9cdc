"""The first moment of a player's game process: take the pseudo-terminal as its own, set its limits, then
become the game.

Run by the host as ``python -I -S confine.py MEMORY_BYTES CPU_SECONDS -- COMMAND...`` in a new session
(so it imports the standard library only and nothing from the data folder): the pseudo-terminal on its
standard input becomes its controlling terminal (the kernel then sends it SIGWINCH when the window
changes and SIGHUP when the host goes away, even if the host is killed), its address space and processor
time are capped (RLIMIT_AS, RLIMIT_CPU; no core files), and it replaces itself with COMMAND. No
``preexec_fn`` in the host is needed, which would be unsafe in the host's threaded process.
"""

from __future__ import annotations

import fcntl
import os
import resource
import sys
import termios
from collections.abc import Sequence


def confine(memory_bytes: int, cpu_seconds: int) -> None:
    """Limit this process (and what it becomes) and take standard input's terminal as its own."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if memory_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    if cpu_seconds > 0:
        # SIGXCPU at the soft limit ends the game; the hard limit a little later is SIGKILL
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 5))


def main(argv: Sequence[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print("confine: usage: confine.py MEMORY_BYTES CPU_SECONDS -- COMMAND...", file=sys.stderr)
        return 2
    confine(int(argv[0]), int(argv[1]))
    command = list(argv[3:])
    os.execv(command[0], command)
    return 127  # pragma: no cover - execv does not return


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
