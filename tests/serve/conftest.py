"""The host's tests: each has its own saves folder (as each visitor has on the host); the TUI helpers of
tests/tui (tuikit) are shared."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("HEXFRONT_SAVES", str(folder))
    monkeypatch.delenv("HEXFRONT_ASCII", raising=False)
    return folder
