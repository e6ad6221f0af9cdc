"""Files from outside, read and written as a hardened server would.

Only regular files are read, and never more than a stated number of bytes, counted on the open file
(not taken from ``stat``, which a FIFO or /dev/zero answers with 0). Opening never blocks on a FIFO.
Writes replace a file atomically (a crash never leaves half a file), keep the mode the file had, and
go only to a regular file or a new path: a device, a FIFO, a folder or a socket is refused. Every
problem is one :class:`FileRefused` line.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import HexfrontError, shown_path

#: The most a save, a content table or a settings file may hold.
MAX_FILE_BYTES = 64 * 1024 * 1024


class FileRefused(HexfrontError):
    """A file that cannot be read or written safely: missing, special, too large, unreadable."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bounded(path: Path | str, limit: int = MAX_FILE_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused with one line otherwise.

    The file is opened without blocking (so a FIFO cannot hang the game) and checked with ``fstat`` on
    the open descriptor (so a symlink swapped after a check cannot slip a device in); then at most
    ``limit + 1`` bytes are read, so a file that grows, or lies about its size, is still bounded.
    """
    where = shown_path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(f"{what} {where} does not exist; check the path") from None
    except IsADirectoryError:
        raise FileRefused(f"{what} {where} is a folder, not a file; name a file") from None
    except OSError as exc:
        raise FileRefused(f"cannot read {what} {where}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{what} {where} is {_kind(info.st_mode)}, not a regular file; name a file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise FileRefused(f"{what} {where} is larger than {limit} bytes, more than a {what} may be; "
                              f"it is not one of hexfront's")
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"cannot read {what} {where}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_text_bounded(path: Path | str, limit: int = MAX_FILE_BYTES, what: str = "file") -> str:
    """:func:`read_bounded`, decoded as UTF-8; text that is not UTF-8 is refused in one line."""
    data = read_bounded(path, limit, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(f"{what} {shown_path(path)} is not UTF-8 text; it may be damaged") from None


def check_writable_target(path: Path | str, what: str = "file") -> None:
    """Refuse, in one line, to write over anything but a regular file (or a new path)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FileRefused(f"cannot write {what} {shown_path(path)}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"will not write {what} over {shown_path(path)}: it is {_kind(info.st_mode)}; "
                          f"name a regular file or a new path")


def write_atomic(path: Path | str, text: str) -> None:
    """Write via a temporary file in the same folder, then rename: a crash never leaves half a file.

    Only a regular file or a new path is written (FileRefused otherwise); a file that is replaced keeps
    its permission bits, and a new one gets those the umask allows. Other OS errors (a full disk, a
    read-only folder) are raised as OSError.
    """
    path = Path(path)
    check_writable_target(path)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:  # a new file: what the process's umask allows, as open() would give
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fchmod(fh.fileno(), mode)
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
