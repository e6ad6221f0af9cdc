"""The import contract (DESIGN: the engine is pure game logic), read from the source of every module:

- nothing under engine/ imports the terminal game (hexfront.tui, or the old top-level name tui), Textual or
  Rich, by an absolute or a relative import, at the top of the file or inside a function, nor through
  ``importlib.import_module`` / ``__import__`` with the name written out;
- no rule system under engine/systems/ imports another system (what they share lives in engine/core);
- no module under engine/ is a command-line front end: no argparse (nor optparse, getopt), no sys.argv,
  no ``__main__.py`` and no ``if __name__ == "__main__"`` (the command line is tui/cli.py).

Each check has a companion test that hands the checker a small module breaking the rule and asserts it
is caught, so a checker that can no longer fail is itself caught.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from hexfront import engine

ENGINE_DIR = Path(engine.__file__).resolve().parent
SYSTEMS_DIR = ENGINE_DIR / "systems"
#: Modules the engine may never import: the terminal game and the libraries that draw it.
UI_MODULES = ("hexfront.tui", "tui", "textual", "rich")
#: Modules that make a command-line front end.
COMMAND_LINE_MODULES = ("argparse", "optparse", "getopt")
SYSTEMS_PACKAGE = "hexfront.engine.systems"


def module_name(path: Path, root: Path = ENGINE_DIR, package: str = "hexfront.engine") -> str:
    """The dotted name the file at ``path`` (under ``root``, the folder of ``package``) is imported as."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


@functools.cache
def _tree(source: str) -> ast.Module:
    """The parsed source, parsed once for the three checks that read each engine module (a check never changes
    the tree)."""
    return ast.parse(source)


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _absolute(module: str, level: int, importer: str, is_package: bool) -> str:
    """The absolute name of ``from <level dots><module> import ...`` written in module ``importer``."""
    if level == 0:
        return module
    base = importer.split(".") if is_package else importer.split(".")[:-1]
    base = base[:len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, module] if module else base)


def imported_names(source: str, importer: str, is_package: bool = False) -> set[str]:
    """Every module name the source imports, made absolute: each ``import a.b``; for ``from m import x``
    both m and m.x (x may be a sub-module); the first argument of ``importlib.import_module`` (with its
    ``package`` for a relative name) and of ``__import__`` when written as text. Anywhere in the file."""
    names: set[str] = set()
    for node in ast.walk(_tree(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module or "", node.level, importer, is_package)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called in ("import_module", "__import__") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    text = first.value
                    dots = len(text) - len(text.lstrip("."))
                    names.add(_absolute(text[dots:], dots, importer, is_package) if dots else text)
    return names


def ui_imports(source: str, importer: str, is_package: bool = False) -> list[str]:
    """The imports in ``source`` of the terminal game, Textual or Rich."""
    return sorted(n for n in imported_names(source, importer, is_package) if any(_within(n, ui) for ui in UI_MODULES))


def other_system_imports(source: str, importer: str, is_package: bool = False) -> list[str]:
    """The imports, in a module of one rule system, of another rule system (or of a system through the
    systems package)."""
    if not _within(importer, SYSTEMS_PACKAGE) or importer == SYSTEMS_PACKAGE:
        return []
    own = importer.split(".")[3]
    found = []
    for name in imported_names(source, importer, is_package):
        parts = name.split(".")
        if _within(name, SYSTEMS_PACKAGE) and len(parts) > 3 and parts[3] != own:
            found.append(name)
    return sorted(found)


def command_line_parts(source: str, importer: str, is_package: bool = False) -> list[str]:
    """What makes ``source`` a command-line front end: an argument parser imported, sys.argv read, or a
    ``__name__ == "__main__"`` block."""
    found = sorted(n for n in imported_names(source, importer, is_package)
                   if any(_within(n, cl) for cl in COMMAND_LINE_MODULES) or n == "sys.argv")
    for node in ast.walk(_tree(source)):
        if (isinstance(node, ast.Attribute) and node.attr == "argv" and isinstance(node.value, ast.Name)
                and node.value.id == "sys"):
            found.append("sys.argv")
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "__name__" \
                and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in node.comparators):
            found.append('if __name__ == "__main__"')
    return found


def engine_modules(root: Path = ENGINE_DIR) -> list[tuple[Path, str]]:
    """Every module file under ``root`` (the engine folder) and the name it is imported as."""
    return [(f, module_name(f, root)) for f in sorted(root.rglob("*.py"))]


def _broken(check, root: Path = ENGINE_DIR) -> dict[str, list[str]]:
    """What ``check`` finds in each module under ``root``, by the file's path; files it passes are left out."""
    found = {}
    for path, name in engine_modules(root):
        bad = check(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
        if bad:
            found[str(path.relative_to(root))] = bad
    return found


# -- the contract, on the real engine ------------------------------------------------------------

def test_the_walk_finds_the_engine_and_every_system():
    modules = dict((name, path) for path, name in engine_modules())
    assert "hexfront.engine.core.system" in modules and "hexfront.engine.core.contract" in modules
    systems = {name.split(".")[3] for name in modules if _within(name, SYSTEMS_PACKAGE) and name != SYSTEMS_PACKAGE}
    from hexfront.engine.core.system import all_systems

    assert set(all_systems()) <= systems  # every registered system's source is read (ids are package names)


def test_no_module_under_engine_imports_the_terminal_game_textual_or_rich():
    assert _broken(ui_imports) == {}


def test_no_rule_system_imports_another():
    assert _broken(other_system_imports) == {}


def test_no_module_under_engine_is_a_command_line_front_end():
    assert _broken(command_line_parts) == {}
    assert not (ENGINE_DIR / "__main__.py").exists()
    assert sorted(p.relative_to(ENGINE_DIR) for p in ENGINE_DIR.rglob("__main__.py")) == []


# -- each checker catches what it is for -------------------------------------------------------------

def test_the_checker_sees_ui_imports_written_every_way():
    source = (
        "import os\n"
        "from textual.app import App\n"
        "import rich.text\n"
        "def later():\n"
        "    from hexfront.tui import app\n"
        "    import importlib\n"
        "    importlib.import_module('textual.widgets')\n"
    )
    assert ui_imports(source, "hexfront.engine.core.sample") == [
        "hexfront.tui", "hexfront.tui.app", "rich.text", "textual.app", "textual.app.App", "textual.widgets"]
    # a relative import that climbs out of the engine into the terminal game
    assert ui_imports("from ...tui import app\n", "hexfront.engine.core.sample") == ["hexfront.tui", "hexfront.tui.app"]
    assert ui_imports("from .. import tui\n", "hexfront.engine.sample") == ["hexfront.tui"]
    assert ui_imports("import tui.app\n", "hexfront.engine.sample") == ["tui.app"]
    assert ui_imports("from hexfront.engine.core import view\nimport richer\n", "hexfront.engine.core.sample") == []


def test_the_checker_sees_a_system_importing_another():
    inside = "hexfront.engine.systems.ratfight.rules"
    assert other_system_imports("from hexfront.engine.systems.dustup import dice\n", inside) == [
        "hexfront.engine.systems.dustup", "hexfront.engine.systems.dustup.dice"]
    assert other_system_imports("from ..skirmishes.ground import walk\n", inside) == [
        "hexfront.engine.systems.skirmishes.ground", "hexfront.engine.systems.skirmishes.ground.walk"]
    assert other_system_imports("from .. import disrupter\n", inside) == ["hexfront.engine.systems.disrupter"]
    assert other_system_imports("from hexfront.engine.systems import disrupter\n", inside) == [
        "hexfront.engine.systems.disrupter"]
    assert other_system_imports("import importlib\nimportlib.import_module('hexfront.engine.systems.dustup.odds')\n",
                                inside) == ["hexfront.engine.systems.dustup.odds"]
    # its own modules and the core are fine
    assert other_system_imports("from . import data\nfrom .state import RatState\n"
                                "from hexfront.engine.systems.ratfight import view\n"
                                "from hexfront.engine.core.contract import Rulebook\n", inside) == []
    # a package's __init__ imports relative to itself
    assert other_system_imports("from ..dustup import dice\n", "hexfront.engine.systems.ratfight", True) == [
        "hexfront.engine.systems.dustup", "hexfront.engine.systems.dustup.dice"]


def test_the_checker_sees_a_command_line_front_end():
    assert command_line_parts("import argparse\n", "hexfront.engine.sample") == ["argparse"]
    assert command_line_parts("def main():\n    from optparse import OptionParser\n", "hexfront.engine.sample") == [
        "optparse", "optparse.OptionParser"]
    assert command_line_parts("import sys\nprint(sys.argv[1:])\n", "hexfront.engine.sample") == ["sys.argv"]
    assert command_line_parts("from sys import argv\n", "hexfront.engine.sample") == ["sys.argv"]
    assert command_line_parts("if __name__ == '__main__':\n    pass\n", "hexfront.engine.sample") == [
        'if __name__ == "__main__"']
    assert command_line_parts("import sys\nsys.exit(0)\n", "hexfront.engine.sample") == []


def test_the_walk_reports_each_broken_file_by_its_path(tmp_path):
    """The walk over an engine folder reports each offending file (and only those), with what it found."""
    for folder in ("core", "systems/pond", "systems/marsh"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "core" / "shown.py").write_text("from rich.text import Text\n", encoding="utf-8")
    (tmp_path / "core" / "fine.py").write_text("from . import shown\n", encoding="utf-8")
    (tmp_path / "systems" / "pond" / "__init__.py").write_text("from ..marsh import frogs\n", encoding="utf-8")
    (tmp_path / "systems" / "marsh" / "__init__.py").write_text("from .frogs import SYSTEM\n", encoding="utf-8")
    (tmp_path / "__main__.py").write_text("import sys\nrun(sys.argv)\n", encoding="utf-8")
    assert _broken(ui_imports, tmp_path) == {"core/shown.py": ["rich.text", "rich.text.Text"]}
    assert _broken(other_system_imports, tmp_path) == {
        "systems/pond/__init__.py": ["hexfront.engine.systems.marsh", "hexfront.engine.systems.marsh.frogs"]}
    assert _broken(command_line_parts, tmp_path) == {"__main__.py": ["sys.argv"]}
