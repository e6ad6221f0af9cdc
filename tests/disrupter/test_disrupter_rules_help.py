"""The rules browser's Disrupter help (content/disrupter/help.md): it follows the book's own sections, and every
rule an event names leads to one of them (engine.core.view.find_section).

The book's structure: its part "Set Up" holds Rules 1 to 4; Rules 5 to 9 are sections of their own; its part
"Game Structure" holds Rules 10 to 16. Rule 5 has the sub-sections Range Bands and Ruler Distance, Rule 9 has
Classes, Giving Orders and Leading, Rule 16 has Spotting, Firing and Commanding.
"""

from __future__ import annotations

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.view import find_section
from hexfront.engine.systems.disrupter import SYSTEM, rules
from hexfront.engine.systems.disrupter import events as E

BOOK_SECTIONS = ["Set Up", "Rule 5 - Measurement", "Rule 6 - Stats", "Rule 7 - Checks and Saves",
                 "Rule 8 - Stress and Panic", "Rule 9 - Chain of Command", "Game Structure"]
BOOK_SUBSECTIONS = {
    "Set Up": ["Rule 1 - Number of Players", "Rule 2 - Board", "Rule 3 - Dice", "Rule 4 - Miniatures"],
    "Rule 5 - Measurement": ["Range Bands", "Ruler Distance"],
    "Rule 9 - Chain of Command": ["Classes", "Giving Orders", "Leading"],
    "Game Structure": ["Rule 10 - Intelligence Briefing", "Rule 11 - Turn Structure", "Rule 12 - Line of Sight",
                       "Rule 13 - Cover", "Rule 14 - Movement", "Rule 15 - Reaction Fire",
                       "Rule 16 - Battlefield Actions", "Rule 16 - Spotting", "Rule 16 - Firing",
                       "Rule 16 - Commanding"],
}
OUR_SECTIONS = ["Vehicles", "Options", "This game's tables", "This game's readings"]  # Vehicles: this game's own


def sections():
    return SYSTEM.help_sections()


def test_the_help_follows_the_books_sections_in_order():
    top = [s.title for s in sections() if s.level == 2]
    assert top == BOOK_SECTIONS + OUR_SECTIONS
    assert all(s.level in (2, 3) for s in sections())


def test_each_books_section_holds_its_sub_sections_in_order():
    """The book's sub-sections sit under their section, in its order (### under the ##); Rule 7 and Rule 8 have
    sub-sections of this help's own (criticals, [+] and [-], panic checks), the book's none."""
    under: dict[str, list[str]] = {}
    current = ""
    for s in sections():
        if s.level == 2:
            current = s.title
            under[current] = []
        else:
            under[current].append(s.title)
    for parent, children in BOOK_SUBSECTIONS.items():
        assert [c for c in under[parent] if c in children] == children, (parent, under[parent])
    assert under["Rule 7 - Checks and Saves"] == ["Doubles are criticals", "Advantage [+] and disadvantage [-]"]
    for title in OUR_SECTIONS:
        assert under[title] == []
    assert all(s.text for s in sections()), [s.title for s in sections() if not s.text]


def test_every_rule_reference_the_rules_code_knows_leads_to_a_section():
    """Every R_* constant of rules.py and every event class's default rule."""
    refs = {v for k, v in vars(rules).items() if k.startswith("R_")}
    for kind in E.EVENT_TYPES:
        for field in attrs.fields(kind):
            if field.name == "rule" and field.default:
                refs.add(field.default)
    assert len(refs) > 10
    missing = [r for r in sorted(refs) if find_section(sections(), r) is None]
    assert not missing, missing


def test_a_sub_section_is_found_before_its_section():
    titles = [s.title for s in sections()]
    for rule, title in (("Rule 16 - Firing", "Rule 16 - Firing"), ("Rule 9 - Leading", "Leading"),
                        ("Rule 16 - Battlefield Actions", "Rule 16 - Battlefield Actions"),
                        ("Rule 11 - Turn Structure (optional Resolve)", "Rule 11 - Turn Structure"),
                        ("Rule 7 - Checks and Saves", "Rule 7 - Checks and Saves")):
        assert titles[find_section(sections(), rule)] == title, rule


def play(scenario: str, seed: int, options: dict | None = None, limit: int = 400) -> Battle:
    b = Battle.new("disrupter", scenario, seed=seed, options=options or {},
                   players={side: "default" for side in ("red", "blue")})
    players = computer_players_for(b)
    while b.outcome() is None and len(b.log) < limit:
        b.submit(players[b.side_to_act()].choose(SYSTEM, b.state))
    return b


@pytest.mark.parametrize("scenario,seed,options", [
    *[(name, seed, None) for name in SYSTEM.scenario_names() for seed in (1, 2)],
    ("crossroads", 3, {name: True for name in rules.OPTIONS}),
    ("crossroads", 4, {"resolve": True}),
])
def test_every_rule_a_played_battle_names_has_a_section(scenario, seed, options):
    """Default-against-default battles (short: at most 400 orders) of every scenario, the tutorial among them,
    and under the options: every event's rule, dice included, finds its help section."""
    b = play(scenario, seed, options)
    seen = {e.rule for e in b.all_events() if getattr(e, "rule", "")}
    assert len(seen) >= 5, seen
    missing = [r for r in sorted(seen) if find_section(sections(), r) is None]
    assert not missing, missing
