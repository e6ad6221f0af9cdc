"""Where hexfront keeps battles, and the names its files may have.

The saves folder is ``$HEXFRONT_SAVES``, else ``saves`` under the current folder. A file that hexfront
names itself (``ratfight-village-7.json``) is built only from parts that are plain names: letters, digits,
``_``, ``-`` and ``.``, not starting with a dot; so a name that came from a file (a save's scenario, say)
can never climb out of the folder it is put in.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import HexfrontError, shown

#: A part of a file name hexfront builds: a system id, a scenario name, a number, a stamp.
_PLAIN = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,79}")


def saves_dir() -> Path:
    """Where battles are saved: $HEXFRONT_SAVES, else ./saves."""
    return Path(os.environ.get("HEXFRONT_SAVES") or "saves")


def is_plain_name(part: str) -> bool:
    """Whether ``part`` may be part of a file name: ASCII letters, digits, ``_ - .``, not starting with a
    dot, at most 80 characters (so no folder separator, no ``..``, nothing a terminal would act on)."""
    return _PLAIN.fullmatch(part) is not None


def save_file_name(*parts: str | int, suffix: str = ".json") -> str:
    """The name of a file hexfront writes, its parts joined by ``-``: ``save_file_name("ratfight",
    "village", 7)`` is ``ratfight-village-7.json``. A part that is not a plain name is refused in one line."""
    texts = [str(p) for p in parts]
    for text in texts:
        if not is_plain_name(text):
            raise HexfrontError(f"'{shown(text)}' cannot be part of a file name (letters, digits, _ - . only)")
    return "-".join(texts) + suffix
