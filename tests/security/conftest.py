"""Helpers for the tests of hostile input: released saves to edit, the command line run in-process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest

from engine.cli import main
from engine.core.system import content_root

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


@pytest.fixture
def edited_save(tmp_path: Path) -> Callable[..., Path]:
    """``edited_save(change, source=VILLAGE)``: a copy of a released save, its JSON changed by ``change``."""
    def make(change: Callable[[dict[str, Any]], Any], source: Path = VILLAGE, name: str = "edited.json") -> Path:
        data = json.loads(source.read_text(encoding="utf-8"))
        change(data)
        path = tmp_path / name
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return path

    return make


@pytest.fixture
def content_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the whole content/ folder, which HEXFRONT_CONTENT points at; returns its root."""
    from engine.core import content

    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    monkeypatch.setattr(content, "_READ", {})
    return root
