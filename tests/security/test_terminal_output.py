"""Issue 18, items 5 and 6: what the command line prints from a file never acts on the terminal.

Every string from a save or a content file (names of units, sides, weapons, scenarios, titles) reaches
the terminal with its control characters and lone surrogates escaped; JSON output stays JSON, in ASCII.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hostile import VILLAGE, hexfront, one_error_line

REPO = Path(__file__).resolve().parents[2]
#: retitle the window, clear the screen, one-byte CSI, a lone surrogate, a carriage return
HOSTILE = "\x1b]0;PWNED\x07\x1b[2J\x9b31m\ud800\r"


def _poison_names(data: dict[str, Any]) -> None:
    """Every unit's name and every side's name in the embedded scenario, and its title, carry HOSTILE."""
    scenario = data["content"]["scenario"]
    scenario["title"] += HOSTILE
    for side in scenario["sides"]:
        side["name"] += HOSTILE
        for model in side["models"]:
            model["name"] += HOSTILE
    for weapon in data["content"]["weapons"].values():
        weapon["name"] = weapon.get("name", "gun") + HOSTILE


def _no_raw_controls(text: str) -> None:
    for line in text.split("\n"):
        assert line.isprintable(), repr(line[:200])


def test_replay_text_escapes_every_name_from_the_save(capsys, edited_save):
    """The attack as found: names that retitle the window and clear the screen, printed raw."""
    path = edited_save(_poison_names)
    code, out, err = hexfront(capsys, "replay", "--text", str(path))
    assert code == 0 and err == ""
    _no_raw_controls(out)
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    # the names are still there to read, their escapes shown as text
    assert "Sgt Kray\\x1b]0;PWNED\\x07\\x1b[2J\\x9b31m\\ud800\\r [R1] set up at (6,1)" in out


def test_replay_json_stays_ascii_json_with_hostile_names(capsys, edited_save):
    path = edited_save(_poison_names)
    code, out, err = hexfront(capsys, "replay", "--json", str(path))
    assert code == 0 and err == ""
    assert out.isascii() and "\x1b" not in out
    events = [json.loads(line) for line in out.splitlines()]
    assert len(events) > 40 and all(set(e) == {"command", "event"} for e in events)


def test_a_lone_surrogate_in_a_name_prints_in_a_real_process(tmp_path, edited_save):
    """The attack as found: ``replay --text`` died with UnicodeEncodeError on a name holding \\ud800. Run
    as a real process, with UTF-8 output and with an ASCII-only terminal."""
    path = edited_save(lambda d: d["content"]["scenario"]["sides"][0]["models"][0].__setitem__("name", "\ud800"))
    for encoding in ("utf-8", "ascii"):
        env = dict(os.environ, PYTHONIOENCODING=encoding, PYTHONUTF8="0", LC_ALL="C")
        done = subprocess.run([sys.executable, "-m", "hexfront.tui", "replay", "--text", str(path)], cwd=REPO,
                              env=env, capture_output=True, timeout=60)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stderr == b"" and b"Traceback" not in done.stdout
        assert b"\\ud800 [R1] set up at (6,1)" in done.stdout


def test_characters_an_ascii_terminal_cannot_show_are_escaped_not_fatal(tmp_path):
    """Any output (here the game titles' non-ASCII characters) on an ASCII-only stdout is escaped."""
    env = dict(os.environ, PYTHONIOENCODING="ascii", PYTHONUTF8="0", LC_ALL="C")
    done = subprocess.run([sys.executable, "-m", "hexfront.tui", "replay", "--text", str(VILLAGE)], cwd=REPO,
                          env=env, capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b"" and done.stdout.isascii()


@pytest.mark.parametrize("field", ["system", "scenario", "players"])
def test_error_lines_escape_what_the_file_says(capsys, edited_save, field):
    def change(data: dict[str, Any]) -> None:
        if field == "players":
            data["players"]["red"] = HOSTILE
        else:
            data[field] = HOSTILE

    path = edited_save(change)
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    line = one_error_line(err)
    assert code == 1 and "\\x1b]0;PWNED\\x07" in line


def test_a_save_file_name_with_escapes_is_quoted_escaped(capsys, tmp_path):
    name = tmp_path / "\x1b]0;PWNED\x07.json"
    code, _, err = hexfront(capsys, "replay", "--verify", str(name))
    assert code == 1 and "\\x1b]0;PWNED\\x07.json does not exist" in one_error_line(err)


def test_systems_escapes_titles_from_the_content_folder(capsys, content_copy):
    path = content_copy / "ratfight" / "scenarios" / "village.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('title = "Crossroads Village"', 'title = "Crossroads\\u001b[2J\\u0007"', 1),
                    encoding="utf-8")
    code, out, err = hexfront(capsys, "systems")
    assert code == 0 and err == ""
    _no_raw_controls(out)
    assert "village: Crossroads\\x1b[2J\\x07." in out


def test_selfplay_json_is_ascii(capsys):
    code, out, _ = hexfront(capsys, "selfplay", "ratfight", "--json", "--seed", "3", "--players", "random,random")
    assert code == 0 and out.isascii() and json.loads(out.splitlines()[0])["seed"] == 3
