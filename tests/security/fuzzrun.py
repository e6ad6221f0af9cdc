"""Running one hostile save through every reader, and saying what, if anything, went wrong.

Shared by tests/security/test_fuzz_saves.py (a few hundred cases in the suite) and
benchmarks/fuzz_saves.py (thousands, on demand). A case passes when, through ``hexfront replay
--verify``, ``--text`` and ``--json`` (in-process, and now and then as a real process), the load path of
the game (``load_battle``, ``load_for_replay``) and the load list's line (``describe_save``):

- the exit status is 0 with sane output, or 1 with exactly one line on stderr, ``hexfront: ...``, at most
  MAX_ERROR_CHARS long, with no raw control character; never a traceback, never an internal error;
- a save that no reader may accept as it is (a path-like name, an unknown player, a duplicate key, NaN,
  another format, a tampered checkpoint) fails ``--verify``;
- nothing takes longer than CASE_SECONDS, the file is byte-identical afterwards, and nothing is written
  anywhere in the working folder or at the path-like names the cases use.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mutations import ESCAPE_NAME

#: Longer than any error line hexfront writes (the messages are capped at 400 characters).
MAX_ERROR_CHARS = 500
#: The most one reader may take over one case (a real save replays in well under a second).
CASE_SECONDS = 20.0
#: A real process running a case may use no more memory than this (address space).
PROCESS_MEMORY_BYTES = 2 * 1024**3
#: Mutations no reader may take as a good save: --verify must refuse them.
MUST_FAIL_VERIFY = frozenset({"path_name", "unknown_player", "duplicate_key", "nan_infinity",
                              "format_version", "tampered_checkpoint"})
MODES = ("--verify", "--text", "--json")
REPO = Path(__file__).resolve().parents[2]


class Hang(BaseException):
    """A reader ran past CASE_SECONDS (a BaseException, so no ``except Exception`` in hexfront hides it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Any:
    def alarm(signum: int, frame: Any) -> None:
        raise Hang()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def is_safe_line(text: str) -> bool:
    """No control character, no lone surrogate: what a terminal may be given."""
    return text.isprintable()


def error_line_problem(err: str) -> str | None:
    """What is wrong with stderr after a refusal, or None when it is one good line."""
    if "Traceback" in err:
        return "traceback"
    lines = err.split("\n")
    if len(lines) != 2 or lines[1] != "":
        return "not one error line"
    line = lines[0]
    if not line.startswith("hexfront: "):
        return "not one error line"
    if line.startswith("hexfront: internal error"):
        return "internal error"
    if len(line) > MAX_ERROR_CHARS:
        return "error line too long"
    if not is_safe_line(line):
        return "raw control character in error"
    return None


def output_problem(mode: str, out: str) -> str | None:
    """What is wrong with stdout after success, or None."""
    lines = out.split("\n")
    if lines[-1] != "":
        return "output not ended by a newline"
    for line in lines[:-1]:
        if not is_safe_line(line):
            return "raw control character in output"
        if mode == "--json":
            if not line.isascii():
                return "JSON output not ASCII"
            try:
                json.loads(line)
            except ValueError:
                return "JSON output not JSON"
    if mode == "--verify" and not out.startswith("verified: "):
        return "verify printed something else"
    return None


def _in_process(argv: list[str]) -> tuple[int | None, str, str, str | None]:
    """Run hexfront's main in this process: (status, stdout, stderr, what escaped it)."""
    from hexfront.tui.cli import main

    out, err = io.StringIO(), io.StringIO()
    escaped = None
    code = None
    try:
        with time_limit(CASE_SECONDS), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except Hang:
        escaped = "hang"
    except BaseException as exc:  # noqa: BLE001 - anything escaping main is the failure being looked for
        escaped = f"traceback ({type(exc).__name__})"
    return code, out.getvalue(), err.getvalue(), escaped


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (PROCESS_MEMORY_BYTES, PROCESS_MEMORY_BYTES))


def as_process(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[int | None, str, str, str | None]:
    """Run ``python -m hexfront.tui`` as a real process with a time and a memory limit."""
    try:
        done = subprocess.run([sys.executable, "-m", "hexfront.tui", *argv], cwd=cwd, env=env, capture_output=True,
                              timeout=CASE_SECONDS + 10, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        return None, "", "", "hang"
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    return done.returncode, out, err, None


def _tree(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns) for p in folder.rglob("*")}


def _escapes() -> list[str]:
    return sorted(str(p) for p in Path("/tmp").glob(f"{ESCAPE_NAME}*"))


def _reader(name: str, read: Callable[[Path], Any], path: Path) -> str | None:
    """A reader of the game's load path: returns or raises a HexfrontError; anything else is a failure."""
    from hexfront.engine.core.errors import HexfrontError

    try:
        with time_limit(CASE_SECONDS):
            result = read(path)
    except Hang:
        return f"{name}: hang"
    except HexfrontError as exc:
        if len(exc.message) > MAX_ERROR_CHARS or not is_safe_line(exc.message):
            return f"{name}: unsafe error line"
        return None
    except BaseException as exc:  # noqa: BLE001
        return f"{name}: traceback ({type(exc).__name__})"
    if isinstance(result, str) and ("\n" in result or len(result) > MAX_ERROR_CHARS):
        return f"{name}: not one bounded line"
    return None


def _describe_save(path: Path) -> str:
    from hexfront.tui.session import describe_save

    return describe_save(path)


def _load_battle(path: Path) -> Any:
    from hexfront.engine.core.saves import load_battle

    return load_battle(path)


def _load_for_replay(path: Path) -> Any:
    from hexfront.engine.core.saves import load_for_replay

    return load_for_replay(path)


LOADERS: dict[str, Callable[[Path], Any]] = {
    "load_battle": _load_battle, "load_for_replay": _load_for_replay, "describe_save": _describe_save,
}


def run_case(kind: str, data: bytes, workdir: Path, *, process: bool = False) -> tuple[list[str], list[str]]:
    """Run one case in ``workdir`` (the current folder and the saves folder must be inside it).

    Returns the failures found (empty when the case passes) and the modes of ``replay`` that accepted the
    file (exit status 0). With ``process``, ``--verify`` also runs as a real process.
    """
    saves = workdir / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / "case.json"
    path.write_bytes(data)
    before_tree, before_escapes = _tree(workdir), _escapes()
    failures, accepted = _replay_in_process(kind, path)
    for name, read in LOADERS.items():
        problem = _reader(name, read, path)
        if problem:
            failures.append(problem)
    if process:
        failures += _replay_as_process(path, workdir, saves, accepted)
    if path.read_bytes() != data:
        failures.append("the file changed")
    if _tree(workdir) != before_tree:
        failures.append("something was written in the working folder")
    if _escapes() != before_escapes:
        failures.append("something was written outside the saves folder")
    path.unlink()
    return failures, accepted


def _replay_in_process(kind: str, path: Path) -> tuple[list[str], list[str]]:
    """Every mode of ``hexfront replay`` on the case, in this process: the failures, and the modes that accepted it."""
    failures: list[str] = []
    accepted: list[str] = []
    for mode in MODES:
        code, out, err, escaped = _in_process(["replay", mode, str(path)])
        if escaped:
            failures.append(f"replay {mode}: {escaped}")
        elif code == 0:
            problem = output_problem(mode, out) or ("stderr after success" if err else None)
            if problem:
                failures.append(f"replay {mode}: {problem}")
            accepted.append(mode)
            if mode == "--verify" and kind in MUST_FAIL_VERIFY:
                failures.append("replay --verify: accepted a save it must refuse")
        else:
            problem = error_line_problem(err) or (None if code == 1 else f"exit status {code}")
            if problem:
                failures.append(f"replay {mode}: {problem}")
    return failures, accepted


def _replay_as_process(path: Path, workdir: Path, saves: Path, accepted: list[str]) -> list[str]:
    """``hexfront replay --verify`` on the case as a real process: the failures (it must agree with the
    in-process run, whose accepting modes are ``accepted``)."""
    env = dict(os.environ, HEXFRONT_SAVES=str(saves), PYTHONPATH=str(REPO))
    code, out, err, escaped = as_process(["replay", "--verify", str(path)], workdir, env)
    if escaped:
        return [f"process replay --verify: {escaped}"]
    failures = []
    if code == 0:
        problem = output_problem("--verify", out)
        if problem:
            failures.append(f"process replay --verify: {problem}")
        if "--verify" not in accepted:
            failures.append("process replay --verify: accepted what main refused")
    else:
        problem = error_line_problem(err) or (None if code == 1 else f"exit status {code}")
        if problem:
            failures.append(f"process replay --verify: {problem}")
    return failures


class Tally:
    """Figures of a fuzz run: cases, refusals and acceptances, failures by kind."""

    def __init__(self) -> None:
        self.cases: Counter[str] = Counter()
        #: (kind, mode) -> cases that mode of replay accepted
        self.accepted: Counter[tuple[str, str]] = Counter()
        self.failed_cases: Counter[str] = Counter()
        self.failures: Counter[str] = Counter()
        self.examples: dict[str, tuple[str, int]] = {}

    def add(self, kind: str, index: int, failures: list[str], accepted: list[str]) -> None:
        self.cases[kind] += 1
        for mode in accepted:
            self.accepted[kind, mode] += 1
        if failures:
            self.failed_cases[kind] += 1
        for failure in failures:
            self.failures[failure] += 1
            self.examples.setdefault(failure, (kind, index))

    @property
    def total(self) -> int:
        return sum(self.cases.values())

    @property
    def total_failed(self) -> int:
        return sum(self.failed_cases.values())
