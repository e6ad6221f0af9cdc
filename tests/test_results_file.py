"""benchmarks/RESULTS.md is written a section at a time (benchmarks/results.py): a script that writes its own
section, or run.py its head, leaves every other section as it was."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.results import write_head, write_section  # noqa: E402

BEFORE = """# Benchmark results

Written by run.py: the old head.

| measure | figure |
|---|---|
| replay | 0.5 s |

## Dustup

Old Dustup figures.

## Replay viewer

Replay figures.
"""


def test_a_section_is_replaced_in_place_and_a_new_one_added_at_the_end(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text(BEFORE, encoding="utf-8")
    write_section("## Dustup", ["## Dustup", "", "New Dustup figures."], results)
    text = results.read_text(encoding="utf-8")
    assert "New Dustup figures." in text and "Old Dustup figures." not in text
    assert text.index("## Dustup") < text.index("## Replay viewer") and "Replay figures." in text
    assert text.startswith("# Benchmark results\n\nWritten by run.py: the old head.")
    write_section("## Skirmishes", ["## Skirmishes", "", "Skirmishes figures."], results)
    assert results.read_text(encoding="utf-8").endswith("Replay figures.\n\n## Skirmishes\n\nSkirmishes figures.\n")


def test_the_head_is_replaced_and_every_section_kept(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text(BEFORE, encoding="utf-8")
    write_head(["# Benchmark results", "", "Written by run.py: the new head.", ""], results)
    text = results.read_text(encoding="utf-8")
    assert text == BEFORE.replace("Written by run.py: the old head.\n\n| measure | figure |\n|---|---|\n"
                                  "| replay | 0.5 s |\n", "Written by run.py: the new head.\n")
    fresh = tmp_path / "fresh.md"
    write_head(["# Benchmark results", "", "Only a head."], fresh)
    assert fresh.read_text(encoding="utf-8") == "# Benchmark results\n\nOnly a head.\n"
