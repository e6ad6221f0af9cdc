"""Fuzz hexfront's save readers with thousands of hostile saves and write the figures to RESULTS.md.

The on-demand run of the fuzz test in tests/security/test_fuzz_saves.py (which runs a few hundred cases
in the suite): the same cases (tests/security/mutations.py) and the same checks
(tests/security/fuzzrun.py), as many as asked. Every case goes through ``hexfront replay --verify``,
``--text`` and ``--json`` in-process, the game's load path (``load_battle``, ``load_for_replay``) and the
load list's line (``describe_save``); every ``--process-every``-th case also through ``hexfront replay
--verify`` as a real process with a time and a memory limit.

Run with ``python benchmarks/fuzz_saves.py [--cases 5000] [--seed N] [--process-every 25] [--no-write]``;
the exit status is 1 when any case failed.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests" / "security"))
sys.path.insert(0, str(HERE))

from fuzzrun import CASE_SECONDS, MAX_ERROR_CHARS, PROCESS_MEMORY_BYTES, Tally, run_case  # noqa: E402
from mutations import KINDS, mutated_save  # noqa: E402
from selfplay_bench import write_section  # noqa: E402

HEADING = "## Fuzzed saves"
READERS = ("replay --verify", "replay --text", "replay --json", "process replay --verify", "load_battle",
           "load_for_replay", "describe_save")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--process-every", type=int, default=25, help="run every Nth case as a real process too")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="hexfront-fuzz-"))
    os.chdir(work)
    os.environ["HEXFRONT_SAVES"] = str(work / "saves")
    tally = Tally()
    processes = 0
    slowest = (0.0, -1, "")
    start = time.perf_counter()
    for index in range(args.cases):
        kind, _, data = mutated_save(args.seed, index)
        process = index % args.process_every == 0
        processes += process
        t = time.perf_counter()
        failures, accepted = run_case(kind, data, work, process=process)
        took = time.perf_counter() - t
        if took > slowest[0]:
            slowest = (took, index, kind)
        tally.add(kind, index, failures, accepted)
        if failures:
            print(f"case {index} ({kind}): {'; '.join(failures)}", flush=True)
        if (index + 1) % 500 == 0:
            print(f"{index + 1} cases, {tally.total_failed} failed, {time.perf_counter() - start:.0f} s", flush=True)
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def accepted(kind: str, mode: str) -> int:
        return tally.accepted[kind, mode]

    rows = [f"| {kind} | {tally.cases[kind]} | {accepted(kind, '--verify')} | {accepted(kind, '--text')} | "
            f"{accepted(kind, '--json')} | {tally.failed_cases[kind]} |" for kind in KINDS]
    total_accepted = {mode: sum(n for (_, m), n in tally.accepted.items() if m == mode)
                      for mode in ("--verify", "--text", "--json")}
    failures = [f"| {failure} | {n} | {tally.examples[failure][0]}, case {tally.examples[failure][1]} |"
                for failure, n in tally.failures.most_common()]
    today = datetime.date.today().isoformat()
    lines = [
        HEADING,
        "",
        f"Written by `benchmarks/fuzz_saves.py` on {today}: Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores. {tally.total:,} hostile saves (seed {args.seed}), "
        f"made from the released saves of all five systems by tests/security/mutations.py, each through "
        f"`hexfront replay --verify`, `--text` and `--json` in-process, `load_battle`, `load_for_replay` and "
        f"the load list's `describe_save`; {processes} of them also through `hexfront replay --verify` as a "
        f"real process (at most {PROCESS_MEMORY_BYTES // 1024**3} GB of address space). A case fails on a "
        f"traceback, an internal error, more than {CASE_SECONDS:.0f} s in one reader, an error that is not one "
        f"line of at most {MAX_ERROR_CHARS} characters free of control characters, output with a raw control "
        f"character (or JSON output that is not ASCII JSON), a save accepted by `--verify` that must be "
        f"refused, a changed file, or anything written.",
        "",
        f"**{tally.total:,} cases, {tally.total_failed} failed**, in {elapsed:.0f} s "
        f"({1000 * elapsed / max(1, tally.total):.0f} ms a case, six readers each); slowest case "
        f"{slowest[0]:.2f} s ({slowest[2]}, case {slowest[1]}); peak memory of the run {peak:.0f} MB.",
        "",
        "| damage | cases | accepted by --verify | by --text | by --json | failed |",
        "|---|---|---|---|---|---|",
        *rows,
        f"| all | {tally.total} | {total_accepted['--verify']} | {total_accepted['--text']} | "
        f"{total_accepted['--json']} | {tally.total_failed} |",
        "",
        "Accepted: the reader took the file as a battle (exit status 0). `--text` and `--json` print a "
        "save without checking its state hashes, so they accept more than `--verify`; what they print was "
        "checked for raw control characters. Every other case was refused with one line.",
    ]
    if failures:
        readers: dict[str, int] = {}
        for failure, n in tally.failures.items():
            reader = failure.split(":")[0]
            readers[reader] = readers.get(reader, 0) + n
        clean = [reader for reader in READERS if reader not in readers]
        lines += ["", "| failure | cases | first (damage, case) |", "|---|---|---|", *failures, "",
                  "Failures by reader: " + ", ".join(f"{r} {n}" for r, n in sorted(readers.items())) + "; no "
                  "failure in " + ", ".join(clean) + "."]
    print("\n".join(lines))
    if not args.no_write:
        write_section(HEADING, lines)
        print(f"wrote the '{HEADING}' section of {HERE / 'RESULTS.md'}")
    return 1 if tally.total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
