"""benchmarks/RESULTS.md, written a section at a time: each benchmark script replaces its own section and leaves
every other as it is (the figures of hours of games are in there)."""

from __future__ import annotations

import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
TITLE = "# Benchmark results"


def write_section(heading: str, lines: list[str], results: Path = RESULTS) -> None:
    """Put ``lines`` (beginning with ``heading``, a "## " line) in place of the section under ``heading``, up to
    the next "## " heading, or add them at the end where there is no such section yet."""
    text = results.read_text(encoding="utf-8") if results.exists() else TITLE + "\n"
    block = "\n".join(lines).rstrip("\n") + "\n"
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: block + "\n", text, count=1).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + block
    results.write_text(text, encoding="utf-8")


def write_head(lines: list[str], results: Path = RESULTS) -> None:
    """Put ``lines`` (beginning with the file's "# " title) in place of everything before the first "## "
    section, keeping every section."""
    text = results.read_text(encoding="utf-8") if results.exists() else ""
    first = re.search(r"^## ", text, re.M)
    rest = text[first.start():] if first else ""
    block = "\n".join(lines).rstrip("\n") + "\n"
    results.write_text(block + ("\n" + rest if rest else ""), encoding="utf-8")
