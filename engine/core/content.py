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

from .errors import ContentError, shown, shown_path
from .files import FileRefused, read_text_bounded

#: The most a content file (a table, a scenario, a help file) may hold: far above any real one (the
#: largest is 30 KB), and small enough that parsing it is quick and its copy is cheap.
MAX_CONTENT_BYTES = 4 * 1024 * 1024

_READ: dict[tuple[str, int, int], dict[str, Any]] = {}


def read_content_text(path: Path, what: str = "content file") -> str:
    """A content file's text: only a regular UTF-8 file of at most MAX_CONTENT_BYTES (engine.core.files);
    anything else is one ContentError line."""
    try:
        return read_text_bounded(path, MAX_CONTENT_BYTES, what)
    except FileRefused as exc:
        if "does not exist" in exc.message:
            raise ContentError(f"{what} {shown_path(path)} is missing; is the checkout complete?") from None
        raise ContentError(exc.message) from None


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a fresh dict. Parsed once per version of the file (path, size, modification time).

    Read through :func:`read_content_text` (bounded, regular files only); a file that is not valid TOML,
    or nests too deeply to parse, is one ContentError line."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise ContentError(f"content file {shown_path(path)} is missing; is the checkout complete?") from None
    except OSError as exc:
        raise ContentError(f"cannot read content file {shown_path(path)}: {exc.strerror or exc}") from None
    key = (str(path), info.st_size, info.st_mtime_ns)
    if key not in _READ:
        text = read_content_text(path)
        try:
            _READ[key] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"content file {shown_path(path)} is not valid TOML: {shown(str(exc), 120)}") from None
        except RecursionError:
            raise ContentError(f"content file {shown_path(path)} nests too deeply to be read") from None
    try:
        return copy.deepcopy(_READ[key])
    except RecursionError:  # pragma: no cover - tomllib refuses deeper nesting than deepcopy does
        raise ContentError(f"content file {shown_path(path)} nests too deeply to be read") from None


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
        raise ContentError(f"the {system_title} content is malformed ({shown(str(exc))})") from None
    tables = _TABLES.get(key)
    if tables is None:
        try:
            tables = build(content)
        except ContentError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise ContentError(
                f"the {system_title} content is malformed ({type(exc).__name__}: {shown(str(exc))})") from None
        if len(_TABLES) >= 16:
            _TABLES.clear()
        _TABLES[key] = tables
    return tables


#: signs the map draws for other things: the cursor's brackets, a facing beside a piece, a hidden unit
MAP_SIGNS = "[]<>/\\?"


def terrain_glyph_problem(glyph: Any) -> str | None:
    """Why ``glyph`` cannot stand for a terrain on the map, or None when it can.

    The map's rule in every system: pieces are letters, so a terrain is one printable ASCII sign that
    is not a letter, not a digit (marks beside a piece are digits), not a space, and not one of the
    signs the map draws for something else (MAP_SIGNS).
    """
    if not isinstance(glyph, str) or len(glyph) != 1:
        return "must be one character"
    if not " " < glyph <= "~":
        return "must be a printable ASCII sign (the plain look draws nothing else)"
    if glyph.isalnum():
        return "is a letter or digit, which the map keeps for pieces and their marks; use a sign such as * # ~"
    if glyph in MAP_SIGNS:
        return f"is one of {' '.join(MAP_SIGNS)}, which the map draws for the cursor, facings and hidden units"
    return None


def check_terrain_glyphs(terrain: dict[str, Any], where: str) -> None:
    """Apply :func:`terrain_glyph_problem` to every ``[id] glyph = ...`` of a terrain table read from
    content/ (a save keeps the content it was played with and is not checked again)."""
    for tid, t in terrain.items():
        if isinstance(t, dict) and "glyph" in t:
            problem = terrain_glyph_problem(t["glyph"])
            if problem:
                raise ContentError(f"{where}: terrain {tid}: glyph {t['glyph']!r} {problem}")
