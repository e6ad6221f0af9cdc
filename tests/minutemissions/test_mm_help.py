"""The in-game rules help (content/minutemissions/help.md): sections titled as the book titles them, in
our own words, with our own tables marked and the readings listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hexfront.engine.systems.minutemissions import SYSTEM

BOOK = Path("/work/shared/seeds/001_f0409ae83572c8d6.txt")


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))


def _book_names() -> list[str]:
    """The book's lines in order, lower-cased: its headings, and the rows of its two tables, whose first
    words name the command actions and the terms."""
    names = []
    for line in BOOK.read_text().splitlines():
        line = line.strip()
        if line:
            names.append(line.lower())
    return names


def test_every_section_is_a_book_heading_or_table_entry_in_the_books_order():
    """## for the book's sections, ### for its sub-sections (or the rows of its Command Action and
    Terminology tables), in the order the book gives them; plus this game's readings at the end."""
    if not BOOK.is_file():
        pytest.skip("the rule book is not here")
    lines = _book_names()
    sections = SYSTEM.help_sections()
    assert len(sections) >= 30
    assert sections[-1].title == "This game's readings" and sections[-1].level == 2
    places = []
    for s in sections[:-1]:
        title = s.title.lower()
        at = next((i for i, line in enumerate(lines) if line == title or line.startswith(title + " ")), None)
        assert at is not None, f"{s.title} is not a heading or table entry of the book"
        places.append(at)
    assert places == sorted(places), [s.title for s in sections]
    assert sections[0].title == "Introduction" and sections[0].level == 2
    levels = {s.title: s.level for s in sections}
    for top in ("Unit Creation", "Board Setup", "Turn Order", "Phases of Combat", "Command Actions", "Combat",
                "Weapons", "Status Effects", "Terrain", "Missions", "Terminology"):
        assert levels[top] == 2, top
    for sub in ("Dice", "Modified Stats & Rolls", "Datasheets", "Battlefield", "Unit Deployment",
                "Movement Phase", "Ranged Combat Phase", "Close Combat Phase", "Break Grapple",
                "Kneeling Position", "Buildings", "Elevations", "Counter Roll", "Action Points"):
        assert levels[sub] == 3, sub


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


def test_the_movement_phase_says_how_a_walk_is_given_and_taken_back():
    """The game's walks (engine/systems/minutemissions/walks.py) are this game's own: the rules help says what
    a walk is, that it is given as its orders, that z takes it back whole, and that it uses no Press On."""
    text = " ".join(next(s.text for s in SYSTEM.help_sections() if s.title == "Movement Phase").split())
    assert "A hex further off is a walk" in text and "taken back whole with z" in text
    assert "never spends AP on Press On" in text and "stops early if a die is rolled" in text
