"""Fixtures for the tests of hostile input: an edited copy of a released save, a copy of content/."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hostile import VILLAGE

from hexfront.engine.core.system import content_root


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
    from hexfront.engine.core import content

    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    monkeypatch.setattr(content, "_READ", {})
    return root
