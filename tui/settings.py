"""The player's settings, kept in saves/settings.json: read defensively, a broken file set aside.

The file is a JSON object; every setting it holds must have the type below (``ascii`` is true or
false). Keys this hexfront does not know are kept and ignored. A file that cannot be used (not a
regular file, larger than MAX_SETTINGS_BYTES, not UTF-8, not JSON, nested too deeply, not an object,
a setting of the wrong type) is renamed ``settings.broken-<stamp>.json`` in the same folder, so the
game starts with the defaults and the player is told in one line where the old file went.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.errors import HexfrontError, shown
from hexfront.engine.core.files import FileRefused, read_text_bounded, write_atomic
from hexfront.engine.core.places import saves_dir

from .names import fresh_target

#: The largest settings file read (a real one is a few dozen bytes).
MAX_SETTINGS_BYTES = 64 * 1024

#: Each setting and the type its value must have.
SETTING_TYPES: dict[str, type] = {"ascii": bool, "pace": str}


@attrs.define
class Settings:
    """The settings read, and (when the file was broken) the line that tells the player what happened."""

    values: dict[str, Any]
    note: str | None = None


def settings_path() -> Path:
    return saves_dir() / "settings.json"


def _problem(values: Any) -> str | None:
    """Why a parsed settings file cannot be used, or None."""
    if not isinstance(values, dict):
        return "it is not a JSON object"
    for key, kind in SETTING_TYPES.items():
        if key in values and type(values[key]) is not kind:
            return f"the setting '{key}' must be {'true or false' if kind is bool else kind.__name__}"
    return None


def read_settings() -> Settings:
    """The settings; a missing file gives none, a broken one is set aside (see the module's docstring)."""
    path = settings_path()
    if not os.path.lexists(path):
        return Settings({})
    try:
        text = read_text_bounded(path, MAX_SETTINGS_BYTES, "settings file")
        values = json.loads(text)
        problem = _problem(values)
    except FileRefused as exc:
        problem = exc.message.replace(f"settings file {shown(str(path), 240)}", "it").split(";")[0]
    except RecursionError:
        problem = "it is nested too deeply"
    except json.JSONDecodeError as exc:
        problem = f"it is not valid JSON (line {exc.lineno}, column {exc.colno})"
    except ValueError:  # a number thousands of digits long
        problem = "it holds a value Python will not read"
    if problem is None:
        return Settings(values)
    return Settings({}, set_aside(path, problem))


def set_aside(path: Path, problem: str) -> str:
    """Rename a broken settings file out of the way; returns the line that tells the player."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        kept = fresh_target(path.parent, f"settings.broken-{stamp}")
    except HexfrontError:
        kept = None
    why = shown(problem, 90)
    if kept is not None:
        try:
            os.replace(path, kept)
            return (f"The settings file could not be used ({why}): it is kept as {kept.name} "
                    f"and the game starts with the default settings.")
        except OSError as exc:
            return (f"The settings file could not be used ({why}) nor set aside "
                    f"({exc.strerror or exc}): the game starts with the default settings.")
    return f"The settings file could not be used ({why}): the game starts with the default settings."


def keep_setting(key: str, value: Any) -> str | None:
    """Write one setting into the settings file (the others kept); returns a line if it is not kept."""
    values = dict(read_settings().values)
    values[key] = value
    try:
        write_atomic(settings_path(), json.dumps(values) + "\n")
    except FileRefused as exc:
        return f"the setting is on for now but not kept: {exc.message}"
    except OSError as exc:
        return f"the setting is on for now but not kept: {exc.strerror or exc}"
    return None
