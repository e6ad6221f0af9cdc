"""Fixtures for driving the app like a player: a private saves folder and a pilot helper."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("HEXFRONT_SAVES", str(folder))
    monkeypatch.delenv("HEXFRONT_ASCII", raising=False)
    return folder
