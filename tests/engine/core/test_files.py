"""Files from outside: only regular files are read, bounded on the open file; writes go only to
regular files or new paths, atomically, keeping the mode; error lines quote hostile values safely."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hexfront.engine.core.errors import SHOWN_CHARS, shown
from hexfront.engine.core.files import FileRefused, read_bounded, read_text_bounded, write_atomic


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, limit=1000) == b"x" * 1000


def test_a_file_over_the_limit_is_refused_by_what_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(FileRefused, match="larger than 1000 bytes"):
        read_bounded(path, limit=1000)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_symlink_to_a_device_is_refused_without_reading_it(tmp_path: Path, device: str) -> None:
    link = tmp_path / "save.json"
    link.symlink_to(device)
    with pytest.raises(FileRefused, match="is a device, not a regular file"):
        read_bounded(link, limit=10)


def test_a_fifo_is_refused_at_once_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused, match=r"is a pipe \(FIFO\)"):
        read_bounded(fifo)


def test_a_folder_and_a_missing_file_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="is a folder"):
        read_bounded(tmp_path)
    with pytest.raises(FileRefused, match="does not exist"):
        read_bounded(tmp_path / "nothing.json")


def test_text_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(FileRefused, match="not UTF-8"):
        read_text_bounded(path)


def test_writing_over_a_device_or_a_fifo_is_refused_and_leaves_it(tmp_path: Path) -> None:
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused, match="will not write"):
        write_atomic(fifo, "{}")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with pytest.raises(FileRefused, match="is a device"):
        write_atomic(Path("/dev/full"), "{}")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_rewrite_keeps_the_files_mode_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("old")
    path.chmod(0o640)
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "b.json", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "b.json").stat().st_mode) == 0o644


@pytest.mark.parametrize("value, expected", [
    ("plain", "plain"),
    ("\x1b]0;owned\x07", "\\x1b]0;owned\\x07"),
    ("\ud800", "\\ud800"),
    ("line\nbreak", "line\\nbreak"),
])
def test_shown_escapes_what_a_terminal_would_obey(value: str, expected: str) -> None:
    assert shown(value) == expected


def test_shown_cuts_a_huge_value_to_a_sensible_length() -> None:
    text = shown("w" * 10_000_000)
    assert text == "w" * SHOWN_CHARS + "…"
    assert len(shown("\x1b" * 500)) == SHOWN_CHARS + 1
    assert len(shown(list(range(1_000_000)))) <= SHOWN_CHARS + 1
