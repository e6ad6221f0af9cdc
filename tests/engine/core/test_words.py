"""Counts in the game's words (engine/core/words.py): "1 card", "3 cards", never "card(s)"; "an artillery counter"."""

from __future__ import annotations

import re
from pathlib import Path

from hexfront.engine.core.words import plural, with_article

ROOT = Path(__file__).resolve().parents[3]

#: where a counted word may still read "(s)", and why
KEPT = {
    # the words of a battle's result are part of its state, so of every checkpoint a save holds: new words
    # would make the saves of battles already won that way fail to verify
    "engine/systems/dustup/victory.py",
}


def test_one_is_singular_and_every_other_count_plural():
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(3, "spare shot") == "3 spare shots"
    assert plural(1, "casualty", "casualties") == "1 casualty"
    assert plural(2, "casualty", "casualties") == "2 casualties"


def test_a_word_takes_a_or_an_by_its_first_letter():
    assert with_article("artillery") == "an artillery"
    assert with_article("aircraft") == "an aircraft"
    assert with_article("casevac") == "a casevac"
    assert with_article("Orbital") == "an Orbital"


def test_no_counted_word_in_the_game_reads_word_s():
    """A number put into text and followed by "word(s)" ("3 shot(s)", "2 hex(es)") is written with plural() instead."""
    lazy = re.compile(r"\{[^{}]*\}\s?[A-Za-z -]*[A-Za-z]\((s|es)\)")
    found = []
    for folder in ("engine", "tui"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if lazy.search(line) and name not in KEPT:
                    found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
