"""`make bench` runs every benchmark script found in benchmarks/, so that a new system's script needs no edit."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed here")
def test_make_bench_runs_run_py_and_every_bench_script_but_the_shared_driver():
    """selfplay_bench.py is the driver the per-system scripts call with their system; it is not run alone."""
    result = subprocess.run(["make", "--dry-run", "--no-print-directory", "bench"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    ran = re.findall(r"benchmarks/(\w+\.py)", result.stdout)
    expected = sorted(p.name for p in (REPO / "benchmarks").glob("*_bench.py") if p.name != "selfplay_bench.py")
    assert ran == ["run.py", *expected]
    assert len(expected) >= 5
