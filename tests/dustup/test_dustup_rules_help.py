"""Dustup's rules browser: every rule an event names leads to a help section, and the help follows
the book's own sections (content/dustup/help.md).

Short seeded battles of every scenario, computer against computer (and the tutorial as its learner
plays it), give the events; each non-empty ``rule`` must find its section with ``find_section``.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.view import find_section
from hexfront.engine.systems.dustup import SYSTEM

BOOK = Path("/work/shared/seeds/004_a87feaff72370b06.txt")
ORDERS = 45


def _rules_of(scenario: str, seed: int) -> set[str]:
    b = Battle.new("dustup", scenario, seed=seed, players={"red": "default", "blue": "default"})
    players = computer_players_for(b)
    events = list(b.setup_events)
    for _ in range(ORDERS):
        if SYSTEM.outcome(b.state) is not None:
            break
        side = SYSTEM.side_to_act(b.state)
        events += b.submit(players[side].choose(SYSTEM, b.state))
    return {r for e in events if (r := getattr(e, "rule", ""))}


@pytest.mark.parametrize("scenario", SYSTEM.scenario_names())
def test_every_rule_an_event_names_has_a_help_section(scenario):
    sections = SYSTEM.help_sections()
    seen = _rules_of(scenario, 1) | _rules_of(scenario, 2)
    assert seen
    lost = sorted(r for r in seen if find_section(sections, r) is None)
    assert not lost, f"rules with no help section: {lost}"


def test_the_tutorial_as_the_learner_plays_it_names_only_rules_with_sections():
    from test_dustup_tutorial import play_tutorial

    b, _ = play_tutorial()
    sections = SYSTEM.help_sections()
    rules = {r for evs in [b.setup_events, *b.events] for e in evs if (r := getattr(e, "rule", ""))}
    assert "Shoot Action: Target Die" in rules
    assert sections[find_section(sections, "Shoot Action: Target Die")].title == "Target Die"
    assert not [r for r in rules if find_section(sections, r) is None]


def test_sub_sections_sit_under_their_book_section_and_the_sections_follow_the_book():
    """Book order: the ``## `` sections that are headings of the book come in the order the book has
    them; ``### `` sub-sections follow a ``## `` section."""
    if not BOOK.is_file():
        pytest.skip(f"the rule book is not at {BOOK}")
    sections = SYSTEM.help_sections()
    assert sections[0].level == 2 and {s.level for s in sections} == {2, 3}
    book = BOOK.read_text(encoding="utf-8").splitlines()
    body = book[62:]  # after the contents page

    def where(title: str) -> int | None:
        want = title.lower()
        for n, line in enumerate(body):
            text = re.sub(r"</?u>|\*\*|^#+", "", line.strip()).strip().rstrip(".").strip().lower()
            if line.lstrip().startswith("#") and text == want:
                return n
        return None

    places = [(s.title, where(s.title)) for s in sections if s.level == 2]
    placed = [(t, n) for t, n in places if n is not None]
    assert len(placed) >= 20
    out_of_order = [(a, b) for (a, x), (b, y) in pairwise(placed) if y < x]
    assert not out_of_order, out_of_order
    subs = {s.title for s in sections if s.level == 3}
    assert {"Die Shifts", "Target Die", "Firepower Dice", "Resolving Direct Fire", "Resolve Impact"} <= subs
