"""Fixtures for the sixth rule system's tests: Marsh Raid registered for one test, a private saves folder.

Marsh Raid (the package marshraid beside this file) is importable because pytest puts this folder on
sys.path for the tests in it; the helpers that drive the terminal game like a player are tests/tui/tuikit.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tui"))  # tuikit, as tests/tui's own modules import it

MODULE = "marshraid"


@pytest.fixture
def marsh_raid(monkeypatch):
    """Marsh Raid registered in this process for one test: $HEXFRONT_SYSTEMS names it and the registry is read
    afresh; both are put back afterwards, so every other test of this worker sees the systems under
    engine/systems only."""
    from hexfront.engine.core import system as registry

    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setenv("HEXFRONT_SYSTEMS", MODULE)
    monkeypatch.setattr(registry, "_REGISTRY", None)
    systems = registry.all_systems()
    assert MODULE in systems
    return systems[MODULE]


@pytest.fixture
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("HEXFRONT_SAVES", str(folder))
    monkeypatch.delenv("HEXFRONT_ASCII", raising=False)
    return folder
