"""Issue 18, items 2 and 3: special files read without bound, and writes over a device.

Saves, content TOML, scenario and help files are read only as regular files, bounded on the open file;
a FIFO never hangs, /dev/zero never grows memory; a write goes only to a regular file or a new path.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import VILLAGE, hexfront, one_error_line

from hexfront.engine.core.content import MAX_CONTENT_BYTES, read_toml
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.system import get_system

REPO = Path(__file__).resolve().parents[2]


# -- item 2: saves ------------------------------------------------------------------------------------

@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("mode", ["--verify", "--text", "--json"])
def test_a_save_that_is_a_symlink_to_a_device_is_one_line(capsys, tmp_path, device, mode):
    """The attack as found: a save symlinked to /dev/zero grew memory until MemoryError."""
    link = tmp_path / "save.json"
    link.symlink_to(device)
    code, _, err = hexfront(capsys, "replay", mode, str(link))
    assert code == 1 and "is a device, not a regular file" in one_error_line(err)


def test_a_save_that_is_a_fifo_does_not_hang_a_real_process(tmp_path):
    """The attack as found: a FIFO made ``hexfront replay`` hang forever (here: a real process, 20 s)."""
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "hexfront.tui", "replay", "--verify", str(fifo)], cwd=REPO,
                          capture_output=True, text=True, timeout=20)
    assert done.returncode == 1 and done.stdout == ""
    assert "is a pipe (FIFO), not a regular file" in one_error_line(done.stderr)


# -- item 2: content TOML, scenario and help files ------------------------------------------------------

def _special(path: Path, kind: str) -> None:
    """Replace ``path`` by a special or hostile file of ``kind``."""
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "huge":
        with path.open("wb") as fh:
            fh.truncate(MAX_CONTENT_BYTES + 1)
    elif kind == "not utf-8":
        path.write_bytes(b'title = "\xff\xfe"\n')
    elif kind == "deep":
        path.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    elif kind == "not toml":
        path.write_text("[[[ this is = not toml\n\x1b]0;PWNED\x07 = 1\n")
    elif kind == "wrong shape":
        path.write_text('weapons = "none"\n[[x]]\ny = 1\n')
    else:  # pragma: no cover
        raise ValueError(kind)


KINDS = ["fifo", "zero", "folder", "huge", "not utf-8", "deep", "not toml", "wrong shape"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_content_table_is_one_line_for_new(capsys, tmp_path, content_copy, kind):
    _special(content_copy / "ratfight" / "weapons.toml", kind)
    code, _, err = hexfront(capsys, "new", "ratfight", "--out", str(tmp_path / "b.json"))
    line = one_error_line(err)
    assert code == 1 and "PWNED\x07" not in line
    assert not (tmp_path / "b.json").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_scenario_file_is_one_line_for_systems_and_new(capsys, tmp_path, content_copy, kind):
    _special(content_copy / "ratfight" / "scenarios" / "village.toml", kind)
    for argv in (["systems"], ["new", "ratfight", "--scenario", "village", "--out", str(tmp_path / "b.json")]):
        code, out, err = hexfront(capsys, *argv)
        if code:
            one_error_line(err)
        else:  # a scenario file of the wrong shape may still list: its title is then its name
            assert kind == "wrong shape" and err == "" and "village" in out


@pytest.mark.parametrize("kind", ["fifo", "zero", "huge", "not utf-8"])
def test_a_broken_help_file_says_so_where_the_help_would_be(content_copy, kind):
    _special(content_copy / "ratfight" / "help.md", kind)
    sections = get_system("ratfight").help_sections()
    assert [s.title for s in sections] == ["Help unavailable"]
    assert "help file" in sections[0].text and "\n" not in sections[0].text


def test_content_is_read_bounded_on_the_open_file_not_by_stat(content_copy, monkeypatch):
    """read_toml reads through engine.core.files: a file that grows past the cap is refused on reading."""
    path = content_copy / "ratfight" / "weapons.toml"
    path.write_text(path.read_text() + "# pad\n" * (MAX_CONTENT_BYTES // 6 + 1))
    with pytest.raises(ContentError, match="larger than"):
        read_toml(path)


def test_a_tutorial_or_scenario_list_with_a_fifo_does_not_hang(content_copy):
    """Listing scenarios (which reads each scenario file, tutorials included) never blocks on a FIFO."""
    from hexfront.engine.core.tutorial import tutorial_scenarios

    _special(content_copy / "ratfight" / "scenarios" / "convoy.toml", "fifo")
    with pytest.raises(ContentError, match="pipe"):
        tutorial_scenarios(get_system("ratfight"))


# -- item 3: writes only to regular files or new paths ----------------------------------------------------

def test_new_refuses_to_replace_dev_full(capsys):
    """The attack as found: ``hexfront new --out /dev/full --force`` replaced the device with a file."""
    before = os.stat("/dev/full")
    code, out, err = hexfront(capsys, "new", "ratfight", "--out", "/dev/full", "--force")
    line = one_error_line(err)
    assert code == 1 and out == ""
    assert "will not write the battle over /dev/full: it is a device" in line
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


@pytest.mark.parametrize("kind", ["fifo", "folder", "device link"])
def test_new_refuses_any_target_but_a_regular_file_or_a_new_path(capsys, tmp_path, kind):
    target = tmp_path / "battle.json"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        target.symlink_to("/dev/null")
    code, _, err = hexfront(capsys, "new", "ratfight", "--out", str(target), "--force")
    assert code == 1 and "will not write the battle over" in one_error_line(err)
    assert os.path.lexists(target) and not target.is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["battle.json"]


def test_new_still_replaces_a_regular_file_with_force_keeping_its_mode(capsys, tmp_path):
    target = tmp_path / "battle.json"
    target.write_text("old")
    target.chmod(0o640)
    code, out, err = hexfront(capsys, "new", "ratfight", "--out", str(target), "--force")
    assert code == 0 and err == "" and out == f"{target}\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text().startswith("{")


def test_a_save_is_never_written_through_a_replay(capsys, tmp_path):
    copy = tmp_path / "v.json"
    copy.write_bytes(VILLAGE.read_bytes())
    copy.chmod(0o444)
    for mode in ("--verify", "--text", "--json"):
        assert hexfront(capsys, "replay", mode, str(copy))[0] == 0
    assert copy.read_bytes() == VILLAGE.read_bytes() and sorted(tmp_path.iterdir()) == [copy]
