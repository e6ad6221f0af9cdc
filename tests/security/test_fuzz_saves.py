"""Fuzzed saves: released saves of all five systems, damaged in every way tests/security/mutations.py
knows, run through ``hexfront replay --verify/--text/--json``, the game's load path and the load list.

Seeded, so a failure reproduces: ``mutated_save(SEED, index)`` gives the case again. Thousands of cases
run on demand with benchmarks/fuzz_saves.py (figures in benchmarks/RESULTS.md).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from fuzzrun import MUST_FAIL_VERIFY, Tally, run_case
from mutations import KINDS, mutated_save, mutated_saves, sources

from hexfront.engine.core.system import all_systems

SEED = 18
CASES = 150
#: every this many cases, --verify also runs as a real process (with a time and a memory limit)
PROCESS_EVERY = 50


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Tally:
    work = tmp_path_factory.mktemp("fuzz")
    tally = Tally()
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(work)
        mp.setenv("HEXFRONT_SAVES", str(work / "saves"))
        for index in range(CASES):
            kind, _, data = mutated_save(SEED, index)
            failures, accepted = run_case(kind, data, work, process=index % PROCESS_EVERY == 0)
            tally.add(kind, index, failures, accepted)
    return tally


def _report(tally: Tally, failures: dict[str, int]) -> str:
    return "; ".join(f"{failure}: {n} (first: {tally.examples[failure][0]} case "
                     f"mutated_save({SEED}, {tally.examples[failure][1]}))" for failure, n in failures.items())


def test_every_fuzzed_save_is_refused_in_one_line_or_read_correctly(fuzzed: Tally) -> None:
    """No traceback, no hang, no internal error; one bounded, escaped error line or sane output; the
    file unchanged and nothing written; what must be refused, refused."""
    assert fuzzed.total == CASES and set(fuzzed.cases) == set(KINDS)
    failures = {f: n for f, n in fuzzed.failures.items() if not f.startswith("describe_save")}
    assert not failures, _report(fuzzed, failures)
    # the cases are hostile: most are refused, and those --verify must refuse, all of them
    assert sum(n for (kind, mode), n in fuzzed.accepted.items() if mode == "--verify") < CASES // 5
    for kind in MUST_FAIL_VERIFY:
        assert fuzzed.accepted[kind, "--verify"] == 0


def test_names_with_escapes_reached_the_printed_log(fuzzed: Tally) -> None:
    """Some cases with control characters in names were printed (--text, --json), safely."""
    assert fuzzed.accepted["control_chars", "--text"] > 0
    assert fuzzed.accepted["control_chars", "--json"] > 0


def test_the_load_list_line_survives_every_fuzzed_save(fuzzed: Tally) -> None:
    failures = {f: n for f, n in fuzzed.failures.items() if f.startswith("describe_save")}
    assert not failures, _report(fuzzed, failures)


def test_the_cases_come_from_every_system_and_repeat_with_the_seed() -> None:
    systems = {json.loads(data)["system"] for _, data in sources()}
    assert systems == set(all_systems())  # every system has its released saves

    def digest(seed: int) -> list[str]:
        return [hashlib.sha256(data).hexdigest() for _, data in mutated_saves(seed, 2 * len(KINDS))]

    assert digest(SEED) == digest(SEED)
    assert digest(SEED) != digest(SEED + 1)
    assert [kind for kind, _ in mutated_saves(SEED, len(KINDS))] == list(KINDS)


def test_the_mutations_change_the_file() -> None:
    originals = {data for _, data in sources()}
    changed = [data not in originals for _, data in mutated_saves(SEED, 3 * len(KINDS))]
    assert all(changed)


def test_a_case_is_written_nowhere_but_the_saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner itself notices a write: a reader that wrote next to the save would be reported."""
    import fuzzrun

    monkeypatch.chdir(tmp_path)
    kind, _, data = mutated_save(SEED, KINDS.index("path_name"))

    def writes(path: Path) -> None:
        (tmp_path / "stray.json").write_text("{}")

    monkeypatch.setitem(fuzzrun.LOADERS, "load_battle", writes)
    failures, _ = run_case(kind, data, tmp_path)
    assert "something was written in the working folder" in failures
