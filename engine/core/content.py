"""Reading a rule system's content/ folder: TOML files, parsed once per version of the file.

Every system keeps its tables as TOML under content/<id>/ and its scenarios in
content/<id>/scenarios/; these are the two readers they share.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

from .errors import ContentError

_READ: dict[tuple[str, int, int], dict[str, Any]] = {}


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a fresh dict. Parsed once per version of the file (path, size, modification time)."""
    try:
        info = path.stat()
        key = (str(path), info.st_size, info.st_mtime_ns)
        if key not in _READ:
            with path.open("rb") as fh:
                _READ[key] = tomllib.load(fh)
        return copy.deepcopy(_READ[key])
    except FileNotFoundError:
        raise ContentError(f"content file {path} is missing; is the checkout complete?") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"content file {path} is not valid TOML: {exc}") from None


def scenario_files(folder: Path) -> dict[str, Path]:
    """The system's scenarios by name (the file's stem), in name order."""
    return {p.stem: p for p in sorted((folder / "scenarios").glob("*.toml"))}
