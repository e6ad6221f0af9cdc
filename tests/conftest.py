"""Settings for the whole test suite.

The collector: a test worker holds every test module, Hypothesis and hundreds of finished apps, far more than
a game process. What exists once the tests are collected is set aside from the collector (``gc.freeze``), and
the game's own :func:`~hexfront.engine.core.heap.settle_heap`, called as each battle screen opens, puts the whole
heap back and walks it only on its first call in a worker, not on every ``FULL_EVERY``-th: in a worker each
such walk took about 90 ms. Over the suite the collector took 53 s of the three workers' processor time before,
27 s after (gc.callbacks, one run each); a worker's largest size rose from about 420 MB to 510 MB, since what
is set aside after the first walk stays. Tests marked ``heap`` (tests/engine/core/test_heap.py) keep the
game's schedule.

Textual's pilot waits, after every key press and pause, until the app looks idle: it sleeps in slices
of ``textual._wait.SLEEP_GRANULARITY`` (1/50 s) and checks that little CPU time passed. Hundreds of
keys per TUI test make those slices most of the suite's wall time, so tests use slices of 1/200 s
(the idle test scales with them). Nothing in the game reads these values.
"""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest
import textual._wait as _wait

from hexfront.engine.core import heap

_wait.SLEEP_GRANULARITY = 1 / 200
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20.0


#: seconds each test file took in a measured run of the whole suite (tests/file_seconds.json, from pytest's
#: --durations=0 on two workers): used only to order the files, so a stale or missing figure costs time,
#: never a test
FILE_SECONDS: dict[str, float] = json.loads((Path(__file__).parent / "file_seconds.json").read_text())


def pytest_collection_modifyitems(items: list) -> None:
    """Run the longest files first. ``make test`` hands whole files to its workers (pytest-xdist's
    loadfile, with --no-loadscope-reorder: else xdist orders files by their number of tests) in the order
    collected: a long file collected last keeps one worker busy after the others
    have run out. Longest first, and the many short files fill the end (a file not measured yet counts as
    long, so a new file is never the tail). The host's tests (tests/serve/) mostly wait on real processes:
    they start right after the longest file, so their waits overlap the files that keep the two cores busy
    rather than leave a core idle at the end."""
    root = Path(__file__).parent.parent

    def seconds(item: pytest.Item) -> float:
        return FILE_SECONDS.get(item.path.relative_to(root).as_posix(), 60.0)

    items.sort(key=seconds, reverse=True)
    if items:
        longest = items[0].path
        waiting = [item for item in items if item.path.parent.name == "serve" and item.path != longest]
        if waiting:
            rest = [item for item in items if item.path.parent.name != "serve" or item.path == longest]
            first = [item for item in rest if item.path == longest]
            items[:] = first + waiting + rest[len(first):]


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collecting the tests made (modules, parameters, fixtures' definitions) lives as long as the worker:
    set aside from the collector, so that its collections walk only what the tests make."""
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def _heap_walked_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """settle_heap's whole-heap walk once a worker (see the module's docstring), but for tests marked heap."""
    if request.node.get_closest_marker("heap") is None:
        monkeypatch.setattr(heap, "FULL_EVERY", 10**9)
