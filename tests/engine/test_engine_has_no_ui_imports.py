"""DESIGN: the engine is pure game logic. Nothing under engine/ may import Textual or Rich."""

from __future__ import annotations

import ast
from pathlib import Path

from hexfront import engine

UI_PACKAGES = {"textual", "rich", "tui"}
ENGINE_DIR = Path(engine.__file__).resolve().parent


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_module_under_engine_imports_a_ui_package():
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert len(files) > 10  # the walk really found the engine
    offenders = {str(f.relative_to(ENGINE_DIR)): sorted(imported_roots(f) & UI_PACKAGES) for f in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_checker_sees_a_ui_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom textual.app import App\nimport rich.text\n")
    assert imported_roots(sample) & UI_PACKAGES == {"textual", "rich"}
