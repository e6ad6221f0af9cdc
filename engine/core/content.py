"""Reading a rule system's content/ folder: TOML files, parsed once per version of the file.

Every system keeps its tables as TOML under content/<id>/ and its scenarios in
content/<id>/scenarios/; these are the two readers they share.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any, Callable

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


_TABLES: dict[tuple[str, str], Any] = {}


def shared_tables(system_title: str, content: dict[str, Any], build: Callable[[dict[str, Any]], Any]) -> Any:
    """``build(content)``, made once per distinct content: battles on identical content share one set of
    tables (and the sight and path caches kept on it). A malformed table becomes a one-line ContentError."""
    try:
        key = (system_title, json.dumps(content, sort_keys=True))
    except (TypeError, ValueError) as exc:
        raise ContentError(f"the {system_title} content is malformed ({exc})") from None
    tables = _TABLES.get(key)
    if tables is None:
        try:
            tables = build(content)
        except ContentError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ContentError(
                f"the {system_title} content is malformed ({type(exc).__name__}: {exc})") from None
        if len(_TABLES) >= 16:
            _TABLES.clear()
        _TABLES[key] = tables
    return tables
