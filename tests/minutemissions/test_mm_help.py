"""The in-game rules help (content/minutemissions/help.md): sections titled as the book titles them, in
our own words, with our own tables marked and the readings listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.systems.minutemissions import SYSTEM

BOOK = Path("/work/shared/seeds/001_f0409ae83572c8d6.txt")


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))


def test_every_section_is_a_book_heading_or_the_readings():
    if not BOOK.is_file():
        pytest.skip("the rule book is not here")
    headings = {line.strip().lower() for line in BOOK.read_text().splitlines()}
    sections = SYSTEM.help_sections()
    assert len(sections) >= 15
    for s in sections:
        assert s.title.lower() in headings or s.title == "This game's readings", s.title


def test_our_own_tables_are_marked():
    text = {s.title: s.text for s in SYSTEM.help_sections()}
    for title in ("Datasheets", "Status Effects", "Buildings", "Missions"):
        assert text[title].startswith("(ours)"), title
    assert "Offensive stance" in text["This game's readings"]


def test_no_eight_words_in_a_row_are_copied_from_the_book():
    if not BOOK.is_file():
        pytest.skip("the rule book is not here")
    book = words(BOOK.read_text())
    grams = {tuple(book[i:i + 8]) for i in range(len(book) - 7)}
    for s in SYSTEM.help_sections():
        w = words(s.text)
        copied = [" ".join(w[i:i + 8]) for i in range(len(w) - 7) if tuple(w[i:i + 8]) in grams]
        assert not copied, (s.title, copied[:3])


def test_the_help_fits_a_76_column_pane():
    for s in SYSTEM.help_sections():
        assert all(len(line) <= 76 for line in s.text.splitlines()), s.title
