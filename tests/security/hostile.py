"""Helpers for the tests of hostile input: released saves to edit, the command line run in-process, the
checks of one error line."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexfront.tui.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
#: The save every single-attack test edits: a RatFight battle of 40 orders, as this hexfront writes it.
VILLAGE = FIXTURES / "format2-engine0.1.0" / "ratfight-village.json"
VILLAGE_FORMAT_1 = FIXTURES / "format1-engine0.1.0" / "ratfight-village.json"


def hexfront(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``hexfront ARGV`` in-process: (exit status, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str, limit: int = 400 + len("hexfront: ")) -> str:
    """stderr is exactly one line ``hexfront: ...``, no traceback, no raw control character, bounded."""
    assert "Traceback" not in err
    lines = err.split("\n")
    assert len(lines) == 2 and lines[1] == "", err[:2000]
    line = lines[0]
    assert line.startswith("hexfront: ") and not line.startswith("hexfront: internal error"), line[:2000]
    assert line.isprintable(), line[:2000]
    assert len(line) <= limit, len(line)
    return line
