"""Names the game writes files under, and text a player types: both checked before they reach a path.

A battle's system and scenario ids come from its save, so they are hostile until checked: a file name
built from them keeps only letters, digits, ``_`` and ``-``, and the path it gives must lie directly in
the saves folder, or nothing is written. Text a player types (a file or folder, a turn) is one line of
printable characters of bounded length; anything else is refused with one line saying what to type.
"""

from __future__ import annotations

import re
from pathlib import Path

from hexfront.engine.core.errors import HexfrontError, SaveError, shown, shown_path

#: The most characters a player may type into any field of the game.
MAX_TYPED = 200
#: The most characters of one id that go into a file name.
MAX_NAME_PART = 40

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
_SAFE_FILE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}\.json")


class TypedRefused(HexfrontError):
    """Text a player typed that the game will not use: empty, too long, or with control characters."""


def safe_part(text: str, fallback: str = "battle") -> str:
    """An id as a piece of a file name: runs of anything but ``A-Z a-z 0-9 _ -`` become one ``-``,
    cut to MAX_NAME_PART; ``fallback`` when nothing is left."""
    part = _UNSAFE.sub("-", text).strip("-")[:MAX_NAME_PART].strip("-")
    return part or fallback


def saves_target(folder: Path, name: str) -> Path:
    """The path of the file ``name`` directly in the saves ``folder``, checked: the name is letters,
    digits, ``_``, ``-`` and ``.`` (not first) ending in ``.json``, and the path resolves (links
    followed) to a file right inside the folder. SaveError with one line otherwise; nothing is written
    or created here."""
    if not _SAFE_FILE.fullmatch(name):
        raise SaveError(f"will not save under the name {shown(name)}: a save's name is letters, digits, "
                        f"_ - and . ending in .json")
    target = folder / name
    try:
        inside = target.resolve().parent == folder.resolve()
    except (OSError, RuntimeError):  # a loop of links
        inside = False
    if not inside:
        raise SaveError(f"will not save {shown(name)}: it would land outside the saves folder "
                        f"{shown_path(folder)}; nothing was written")
    return target


def fresh_target(folder: Path, stem: str) -> Path:
    """A new file in the saves folder named ``stem.json`` (``stem-2.json``... if that exists), checked
    by :func:`saves_target`; an existing file is never chosen, so never replaced."""
    target = saves_target(folder, f"{stem}.json")
    n = 1
    while target.exists() or target.is_symlink():
        n += 1
        target = saves_target(folder, f"{stem}-{n}.json")
    return target


def typed_text(value: str, what: str, limit: int = MAX_TYPED) -> str:
    """What a player typed, stripped: one line of printable characters, at most ``limit`` of them.

    TypedRefused (one line naming ``what``) for an empty, overlong or unprintable entry."""
    text = value.strip()
    if not text:
        raise TypedRefused(f"type {what} first, or Esc to go back")
    if len(text) > limit:
        raise TypedRefused(f"{what} is {len(text)} characters long; type at most {limit}")
    if not text.isprintable():
        raise TypedRefused(f"{what} holds a control or unprintable character ({shown(text, 40)}); "
                           f"type letters, digits and punctuation only")
    return text


def elsewhere_target(typed: str, default_name: str, saves: Path) -> Path:
    """Where "save elsewhere" writes, from what the player typed: a folder that exists (the battle goes
    in it as ``default_name``) or a file in a folder that exists. A relative path is taken from the
    saves folder; ``~`` is the home folder; ``.json`` is added when missing. No folder is ever created
    and no file is replaced: TypedRefused (or SaveError) with one line otherwise."""
    text = typed_text(typed, "a folder or a file to save in")
    try:
        path = Path(text).expanduser()
        if not path.is_absolute():
            path = saves / path
        if path.is_dir():
            path = path / default_name
        elif not path.name.endswith(".json"):
            path = path.with_name(path.name + ".json")
        folder_exists = path.parent.is_dir()
        taken = path.exists() or path.is_symlink()
    except (OSError, RuntimeError, ValueError) as exc:  # an unknown ~user, a name too long...
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise TypedRefused(f"cannot save at {shown(text)}: {shown(why)}") from None
    if not folder_exists:
        raise TypedRefused(f"there is no folder {shown_path(path.parent)}: name a folder that exists "
                           f"(none is created)")
    if taken:
        raise TypedRefused(f"{shown_path(path)} already exists and is not replaced: type another name")
    return path


def own_folder_target(typed: str, saves: Path) -> Path:
    """Where "save elsewhere" writes on a host, from what the player typed: only a new file right in the player's
    own saves folder (``.json`` added when missing), never a path of the host's; no file is replaced.
    TypedRefused or SaveError with one line otherwise."""
    text = typed_text(typed, "a file name")
    name = text if text.endswith(".json") else text + ".json"
    try:
        path = saves_target(saves, name)
    except SaveError:
        raise TypedRefused(f"on this host a battle is kept only in your own folder: type a file name (letters, "
                           f"digits, _ - . ending in .json), not {shown(text, 60)}") from None
    if path.exists() or path.is_symlink():
        raise TypedRefused(f"{shown(name)} already exists in your folder and is not replaced: type another name")
    return path
