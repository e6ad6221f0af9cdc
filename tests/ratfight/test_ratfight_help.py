"""The in-game rules help for JTS RatFight (content/ratfight/help.md).

The help is the book retold in the game's own words: one section per book
section, titled as the book titles it, readable in a 76-column pane, with no
sentence lifted from the book.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from hexfront.engine.core.system import content_root
from hexfront.engine.core.view import find_section, read_help
from hexfront.engine.systems.ratfight import SYSTEM

BOOK = Path("/work/shared/seeds/003_6be26c0f648fe6aa.txt")
HELP = content_root() / "ratfight" / "help.md"
READINGS = content_root() / "ratfight" / "readings.toml"
WIDTH = 76
NGRAM = 8


def help_text() -> str:
    return HELP.read_text(encoding="utf-8")


def book_text() -> str:
    if not BOOK.is_file():
        pytest.skip(f"the rule book is not at {BOOK}")
    return BOOK.read_text(encoding="utf-8")


def words(text: str) -> list[str]:
    """Lower-case words with all punctuation (ASCII or not) taken out."""
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "").replace("'", ""))


def ngrams(text: str, n: int = NGRAM) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def norm_heading(line: str) -> str:
    """A book line as a heading: trimmed, lower case, a closing full stop dropped ("Shooting at Vehicles.")."""
    return line.strip().rstrip(".").strip().lower()


def test_help_parses_into_sections():
    sections = read_help(help_text())
    assert len(sections) >= 8
    assert all(s.title and s.text for s in sections)
    titles = [s.title.lower() for s in sections]
    assert len(titles) == len(set(titles)), "each book section appears once"


def test_every_title_is_a_heading_of_the_book():
    """The ``## `` sections are the book's own sections, by name and in the book's order."""
    book = [norm_heading(line) for line in book_text().splitlines() if line.strip()]
    book_lines = set(book)
    top = [s.title for s in read_help(help_text()) if s.level == 2]
    missing = [t for t in top if t.lower() not in book_lines]
    assert not missing, f"titles that are not a line of the book: {missing}"
    where = [book.index(t.lower()) for t in top]
    assert where == sorted(where), f"sections out of the book's order: {top}"


def test_the_books_sub_headings_are_sub_sections():
    """The book's two sub-headings, "Generic Weapons" and "Generic vehicle armour Points - Front/Side/Rear", are
    ``### `` sub-sections of Weapons and Shooting at Vehicles; every sub-section sits under a section."""
    sections = read_help(help_text())
    assert sections[0].level == 2
    parent = {}
    current = None
    for s in sections:
        if s.level == 2:
            current = s.title
        else:
            assert s.level == 3 and s.text, s.title
            parent[s.title] = current
    assert parent["Generic Weapons"] == "Weapons"
    assert parent["Generic vehicle armour Points - Front/Side/Rear"] == "Shooting at Vehicles"
    assert parent["Inspiring"] == "Examples of Hero Capabilities"


def test_help_is_plain_ascii_within_76_columns():
    raw = HELP.read_bytes()
    bad = sorted({chr(b) for b in raw if b > 127 or (b < 32 and b not in (9, 10))})
    assert raw.isascii() and not bad, f"non-ASCII or control bytes: {bad!r}"
    text = raw.decode("ascii")
    assert "\t" not in text, "tabs render differently in every pane"
    long = [(n, len(line)) for n, line in enumerate(text.splitlines(), 1) if len(line) > WIDTH]
    assert not long, f"lines over {WIDTH} columns (line, length): {long}"


def test_no_eight_word_run_is_copied_from_the_book():
    copied = ngrams(help_text()) & ngrams(book_text())
    assert not copied, "copied from the book: " + "; ".join(" ".join(g) for g in sorted(copied))


def test_the_scale_is_stated_and_distances_are_in_hexes():
    text = help_text()
    assert "one hex is 2 inches" in text.lower()
    assert "9 inches = 5 hexes" in text


def test_every_reading_is_shown_in_the_section_it_settles():
    """RULES-NOTES: the choices where the book is silent are shown in the rules help."""
    sections = read_help(help_text())
    readings = tomllib.loads(READINGS.read_text(encoding="utf-8"))["readings"]
    for r in readings:
        for part in r["section"].split(";"):
            # "Turn Sequence 2" finds Turn Sequence (or a sub-section of it); the reading may sit in the section
            # or any of its sub-sections
            i = find_section(sections, part.strip())
            assert i is not None, f"reading {r['id']!r} names section {part.strip()!r}, not in the help"
            while sections[i].level > 2:
                i -= 1
            block = [sections[i]]
            for s in sections[i + 1:]:
                if s.level == 2:
                    break
                block.append(s)
            assert any("hexfront reading:" in s.text for s in block), \
                f"section {sections[i].title!r} shows no hexfront reading"


def test_the_system_serves_the_same_sections():
    assert SYSTEM.help_sections() == read_help(help_text())
