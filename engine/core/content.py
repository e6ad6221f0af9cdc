"""Reading a rule system's content/ folder: TOML files, parsed once per version of the file, and read
through schemas.

Every system keeps its tables as TOML under content/<id>/ and its scenarios in
content/<id>/scenarios/. Each system's schema module declares its tables as attrs classes;
:func:`structure_content` reads a file's data through them (unknown keys refused, every value
checked), so a mistake is one line naming the file, the table, the key and what was expected.
The same check runs on the content a save embeds when the save is loaded.
"""

from __future__ import annotations

import contextvars
import copy
import json
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs
import cattrs.gen
from attrs import AttrsInstance

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


def shared_tables(system_title: str, content: dict[str, Any], build: Callable[[dict[str, Any]], T]) -> T:
    """``build(content)``, made once per distinct content: battles on identical content share one set of
    tables (and the sight and path caches kept on it). A malformed table becomes a one-line ContentError."""
    try:
        key = (system_title, json.dumps(content, sort_keys=True))
    except (TypeError, ValueError) as exc:
        raise ContentError(f"the {system_title} content is malformed ({shown(str(exc))})") from None
    tables: T | None = _TABLES.get(key)  # under the system's title: what its own build made
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


# --- content schemas -------------------------------------------------------------------------------
# Every content table is read through attrs classes (each system's schema module) with a cattrs converter
# that refuses unknown keys; a mistake is one line naming the file, the table, the key and what was expected.

T = TypeVar("T")
#: An attrs class (a content table or a system's whole content).
A = TypeVar("A", bound=AttrsInstance)


class ContentProblem(ValueError):
    """A value a schema refuses, raised by its validators: ``key`` is the key it sits under (None: the
    table as a whole) and ``problem`` what is wrong, worded to follow "key 'x' ..." (e.g. "must be from 1 to 5,
    found 7")."""

    def __init__(self, key: str | None, problem: str) -> None:
        super().__init__(problem)
        self.key = key
        self.problem = problem


def between(low: int | float, high: int | float) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: a number from ``low`` to ``high``."""
    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if not low <= value <= high:
            raise ContentProblem(attribute.name, f"must be from {low} to {high}, found {shown(value)}")
    return check


def how_many(low: int, high: int, what: str, rule: str = "") -> Callable[[Any, Any, Any], None]:
    """An attrs validator: a list of ``low`` to ``high`` ``what`` (e.g. "teams"); ``rule`` names the rule."""
    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if not low <= len(value) <= high:
            count = f"{low}" if low == high else f"{low} to {high}"
            raise ContentProblem(attribute.name, f"must list {count} {what}, found {len(value)}"
                                                 + (f" ({rule})" if rule else ""))
    return check


def one_of(choices: Iterable[Any]) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: one of ``choices`` (each item of a list, for a list-valued key)."""
    allowed = tuple(choices)

    def check(_instance: Any, attribute: Any, value: Any) -> None:
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if item not in allowed:
                raise ContentProblem(attribute.name, f"must be one of {', '.join(map(str, allowed)) or '(none)'}, "
                                                     f"found {shown(repr(item))}")
    return check


#: True while files of content/ are read (not content a save embeds): rules added after a release, such as
#: the terrain glyph rule, apply to files only, so that older saves still load with the content they embed.
_READING_FILES: contextvars.ContextVar[bool] = contextvars.ContextVar("reading_files", default=False)


def some_text(_instance: Any, attribute: Any, value: str) -> None:
    """An attrs validator: text that is not empty."""
    if not value.strip():
        raise ContentProblem(attribute.name, "must be some text, found none")


def terrain_glyph(_instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: one character; in a file of content/ also :func:`terrain_glyph_problem` (the
    map's rule for a terrain's sign, newer than some released saves)."""
    problem = terrain_glyph_problem(value) if _READING_FILES.get() else (
        None if len(value) == 1 else "must be one character")
    if problem:
        raise ContentProblem(attribute.name, f"{shown(repr(value))} {problem}")


def content_converter() -> cattrs.Converter:
    """engine.core.serial's strict converter, reading TOML: a float key also takes a whole number (TOML
    writes ``1`` for 1.0), anything but a table is refused where a table belongs, and a field whose
    metadata has a ``key`` is read from that key (for keys that are Python words, such as ``in``)."""
    from .serial import strict_converter  # serial imports the rule-system protocol; keep content light

    converter = strict_converter()

    def number(value: Any, _type: Any) -> float:
        if type(value) not in (int, float):
            raise TypeError(f"expected a number, found {_value_name(value)}")
        return float(value)

    def table(cls: Any) -> Any:
        # one override per renamed field, passed by the field's name (typed Any: the names are not known here)
        renamed: dict[str, Any] = {a.name: cattrs.gen.override(rename=a.metadata["key"])
                                   for a in attrs.fields(cls) if "key" in a.metadata}
        inner = cattrs.gen.make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True, **renamed)

        def structure(value: Any, _type: Any) -> Any:
            if not isinstance(value, dict):
                raise TypeError(f"expected a table, found {_value_name(value)}")
            return inner(value, _type)

        return structure

    converter.register_structure_hook(float, number)
    converter.register_structure_hook_factory(attrs.has, table)
    return converter


_CONVERTER: cattrs.Converter | None = None


def structure_content(raw: Any, cls: type[T], where: str) -> T:
    """``raw`` (a TOML file's data, or the part of a save's content read from it) as ``cls``; any mistake
    is one ContentError line: ``where`` (the file), the table, the key and what was expected."""
    global _CONVERTER
    if _CONVERTER is None:
        _CONVERTER = content_converter()
    try:
        return _CONVERTER.structure(raw, cls)
    except ContentError:
        raise
    except (cattrs.BaseValidationError, ContentProblem, TypeError, ValueError, KeyError) as exc:
        raise ContentError(f"{where}: {content_mistake(exc)}") from None
    except RecursionError:
        raise ContentError(f"{where}: nests too deeply to be read") from None


def structure_parts(content: Any, cls: type[A], where: Callable[[str], str], *, files: bool = False) -> A:
    """A system's whole content (the dict a save embeds: one entry per file, e.g. "weapons", "scenario") as
    ``cls``, an attrs class with one field per entry; each entry is read with :func:`structure_content`
    and ``where(entry)`` names its file in any mistake. ``files``: the content was just read from content/
    (not from a save), so the rules that apply to files only apply too (see ``_READING_FILES``)."""
    token = _READING_FILES.set(files)
    try:
        return _structure_parts(content, cls, where)
    finally:
        _READING_FILES.reset(token)


def _structure_parts(content: Any, cls: type[A], where: Callable[[str], str]) -> A:
    if not isinstance(content, dict):
        raise ContentError(f"the content must be a table of tables, found {_value_name(content)}")
    fields = attrs.fields(attrs.resolve_types(cls))
    unknown = sorted(set(content) - {f.name for f in fields})
    if unknown:
        raise ContentError(f"the content has an unknown part {shown(repr(unknown[0]), 60)} "
                           f"(expected: {', '.join(f.name for f in fields)})")
    parts: dict[str, Any] = {}
    for f in fields:
        if f.name in content:
            parts[f.name] = structure_content(content[f.name], f.type, where(f.name))
        elif f.default is attrs.NOTHING:
            raise ContentError(f"{where(f.name)}: missing from the content")
    return cls(**parts)


def content_mistake(exc: BaseException) -> str:
    """The first mistake in a cattrs error as "table [a.b]: key 'c' must be ..." (keys and values escaped)."""
    path, leaf = _first_leaf(exc, [])
    names = list(path)
    key: str | None = None
    if isinstance(leaf, cattrs.ForbiddenExtraKeysError):
        extra = sorted(leaf.extra_fields)
        expected = ", ".join(a.metadata.get("key", a.name) for a in attrs.fields(leaf.cl)) if attrs.has(leaf.cl) else ""
        problem = (f"unknown key{'s' if len(extra) > 1 else ''} {', '.join(shown(repr(k), 40) for k in extra)}"
                   + (f" (expected one of: {shown(expected, 160)})" if expected else ""))
        return f"{_table(names)}: {problem}"
    if isinstance(leaf, ContentProblem):
        if leaf.key is None:  # the table as a whole
            return f"{_table(names)}: {leaf.problem}"
        key = leaf.key
        problem = leaf.problem
    elif isinstance(leaf, KeyError) and names:
        return f"{_table(names[:-1])}: missing key {shown(repr(names[-1]))}"
    else:
        problem = _reword(str(leaf))
    if key is None and names:
        key = names.pop()
        while names and key.startswith("#"):  # an item of a list: name the list's key too
            key = f"{names.pop()} {key.replace('#', 'item ')}"
    if key is None:
        return f"{_table(names)}: {problem}"
    return f"{_table(names)}: key {shown(repr(key), 60)} {problem}"


def _first_leaf(exc: BaseException, path: list[str]) -> tuple[list[str], BaseException]:
    """Follow the first sub-error of a cattrs error down to the error that started it, noting the keys
    and list positions on the way."""
    for note in getattr(exc, "__notes__", ()):
        if isinstance(note, cattrs.AttributeValidationNote):
            path = [*path, str(note.name)]
        elif isinstance(note, cattrs.IterableValidationNote):
            index = note.index
            path = [*path, f"#{index + 1}" if isinstance(index, int) else str(index)]
    if isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        extra = [e for e in exc.exceptions if isinstance(e, cattrs.ForbiddenExtraKeysError)]
        return _first_leaf(extra[0] if extra else exc.exceptions[0], path)
    return path, exc


def _table(names: list[str]) -> str:
    if not names:
        return "top level"
    return f"table [{shown('.'.join(names), 80).replace('.#', '#')}]"


def _reword(message: str) -> str:
    """A converter's "expected X, found Y" as "must be X, found Y", with TOML's word for an object."""
    message = message.replace("an object", "a table")
    if message.startswith("expected "):
        return "must be " + shown(message[len("expected "):], 120)
    return f"is wrong ({shown(message, 120)})"


def _value_name(value: Any) -> str:
    """What a TOML value is, in the words of an error line."""
    return {"bool": "true/false", "int": "a number", "float": "a number", "str": "text", "list": "a list",
            "dict": "a table", "NoneType": "nothing"}.get(type(value).__name__, type(value).__name__)
