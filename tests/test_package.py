"""The installable package: the wheel holds one import name, hexfront (with every content file), and an
install of it plays from any folder with no checkout in sight.

The wheel is built from a copy of the sources (so the build leaves nothing in the checkout), installed with
``pip install --no-deps --target`` into a fresh folder, and run from an unrelated folder with that folder
first on PYTHONPATH. The test checks that the modules and the content really come from the install, not
from this checkout (whose editable install is also on this interpreter's path).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hexfront.engine.core.system import all_systems

REPO = Path(__file__).resolve().parents[1]
#: what the build needs from the checkout; everything else (the virtual environment, saves, caches) stays out
SOURCES = ("setup.py", "pyproject.toml", "README.md", "engine", "tui", "content")

pytestmark = pytest.mark.packaging


def pip(*argv: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", *argv],
                          cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the sources."""
    source = tmp_path_factory.mktemp("source")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, source / name, ignore=ignore)
        else:
            shutil.copy2(REPO / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    # the build backend is in the test extras: no isolated build environment to make (and fetch) each run
    pip("wheel", "--no-deps", "--no-build-isolation", "--quiet", "--wheel-dir", str(out), str(source), cwd=out)
    [built] = out.glob("hexfront-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("site")
    pip("install", "--no-deps", "--quiet", "--target", str(target), str(wheel), cwd=target)
    return target


def test_the_wheel_holds_hexfront_alone_with_every_content_file(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"hexfront", wheel.name.split("-py")[0] + ".dist-info"}
    assert not any(name.startswith(("engine/", "tui/", "content/", "tests/")) for name in names)
    content = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "content").rglob("*")
                     if p.suffix in (".toml", ".md") and "__pycache__" not in p.parts)
    assert len(content) > 20  # the walk found the content folder
    assert [name for name in content if f"hexfront/{name}" not in names] == []  # every file of it ships
    assert "hexfront/engine/core/system.py" in names and "hexfront/tui/hexfront.tcss" in names
    assert "hexfront/tui/cli.py" in names and "hexfront/engine/cli.py" not in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "hexfront = hexfront.tui.launch:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def run_installed(installed: Path, argv: list[str], cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("HEXFRONT_CONTENT", "HEXFRONT_SYSTEMS")}
    env.update(PYTHONPATH=str(installed), HEXFRONT_SAVES=str(cwd / "saves"), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr[-2000:]
    return done.stdout


def test_the_install_plays_from_another_folder(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = run_installed(installed, [sys.executable, "-c", (
        "import hexfront.engine, hexfront.tui.cli, hexfront.engine.systems.ratfight as r\n"
        "from hexfront.engine.core.system import content_root\n"
        "print(hexfront.engine.__file__); print(hexfront.tui.cli.__file__); print(r.__file__)\n"
        "print(content_root())")], elsewhere)
    for line in where.splitlines():  # the modules and the content come from the install, not this checkout
        assert Path(line).resolve().is_relative_to(installed.resolve()), line
    headers = [f"{s.id}: {s.title}" for s in all_systems().values()]
    script = installed / "bin" / "hexfront"
    for argv in ([str(script), "systems"], [sys.executable, "-m", "hexfront.tui", "systems"]):
        listed = run_installed(installed, argv, elsewhere)
        assert [line for line in listed.splitlines() if not line.startswith(" ")] == headers
    played = run_installed(installed, [sys.executable, "-m", "hexfront.tui", "selfplay", "ratfight", "--scenario",
                                       "village", "--seed", "4", "--save-dir", "out"], elsewhere)
    assert "game 1: winner" in played and "saved out/ratfight-village-4.json" in played
    verified = run_installed(installed, [str(script), "replay", "--verify", "out/ratfight-village-4.json"], elsewhere)
    assert verified.startswith("verified: ")
