"""The rules browser's Skirmishes pages (content/skirmishes/help.md): the book's own sections, in its order, with
its names (``## `` for a section, ``### `` for the sub-sections of Character Actions, and of Attacks and Damage
where it helps), this game's own sections after them, and every rule reference the engine writes on an event
or names on a die leading to a section."""

from __future__ import annotations

import os
import re

import pytest

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.system import get_system
from hexfront.engine.core.view import find_section

SYSTEM = get_system("skirmishes")
BOOK = "/work/shared/seeds/002_79d76f8f23e0a2c9.txt"

# The book's headings in its order: (title, level). Its "####" headings under Shooting and Grenades are
# sub-sections of Character Actions here, like its "###" ones (the browser has two levels).
BOOK_SECTIONS = [
    ("Selective Use", 2), ("Rounds", 2), ("Ambushes", 2), ("Attacks and Damage", 2), ("Tracking Ammo", 2),
    ("Automatic Fire", 2), ("Character Actions", 2), ("Movement", 3), ("Shooting", 3),
    ("Weapon Range Limits", 3), ("Cover and Movement", 3), ("Grenades", 3), ("Fragmentation and High Explosive", 3),
    ("Flashbang", 3), ("Smoke", 3), ("Tear Gas", 3), ("Melee", 3), ("Miscellaneous", 3),
]
OWN_SECTIONS = ["Scale", "Scenarios", "This game's readings"]


def test_the_book_sections_come_in_the_books_order_with_their_levels():
    sections = SYSTEM.help_sections()
    book = [(s.title, s.level) for s in sections if s.title in {t for t, _ in BOOK_SECTIONS}]
    assert book == BOOK_SECTIONS
    titles = [s.title for s in sections]
    # this game's own sections follow the book's; the sub-sections of Attacks and Damage sit under it
    assert titles[-len(OWN_SECTIONS):] == OWN_SECTIONS
    under = titles[titles.index("Attacks and Damage") + 1:titles.index("Tracking Ammo")]
    assert under == ["Hit location and damage", "Armour", "Luck", "Wounds", "Heavy artillery"]
    assert all(s.level == 3 for s in sections if s.title in under)
    assert all(s.text for s in sections), [s.title for s in sections if not s.text]


def test_the_help_is_in_our_own_words():
    """No run of ten words of the book's text appears in the help (tables and headings aside)."""
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.lower())

    if not os.path.isfile(BOOK):
        pytest.skip(f"the rule book is not at {BOOK}")
    book = [line for line in open(BOOK, encoding="utf-8").read().splitlines()
            if not line.startswith(("|", "#"))]
    book_words = words(" ".join(book))
    grams = {tuple(book_words[i:i + 10]) for i in range(len(book_words) - 9)}
    help_words = words("\n".join(s.text for s in SYSTEM.help_sections()))
    copied = [" ".join(help_words[i:i + 10]) for i in range(len(help_words) - 9)
              if tuple(help_words[i:i + 10]) in grams]
    assert not copied, copied[:3]


def _battles():
    from hexfront.engine.core.battle import Battle
    from hexfront.engine.core.players import computer_players_for

    for scenario in SYSTEM.scenario_names():
        for seed in (1, 2):
            b = Battle.new("skirmishes", scenario, seed=seed, players={"red": "default", "blue": "default"})
            players = computer_players_for(b)
            for _ in range(3000):
                if b.outcome() is not None:
                    break
                side = b.side_to_act()
                assert side is not None  # the battle is not over
                b.submit(players[side].choose(b.system, b.state))
            yield scenario, b


def test_every_rule_on_every_event_and_every_die_leads_to_a_section():
    """Two seeded default-against-default battles of every scenario, the tutorial among them: every non-empty
    ``rule`` of every event finds its section, and so does the book section every named modifier of a die
    ends with ("... (Cover and Movement)")."""
    sections = SYSTEM.help_sections()
    rules: set[str] = set()
    named: set[str] = set()
    played = set()
    for scenario, b in _battles():
        played.add(scenario)
        for e in b.all_events():
            if getattr(e, "rule", ""):
                rules.add(e.rule)
            if type(e) is DieRolled:
                for m in e.modifiers:
                    named.add(m[m.rindex("(") + 1:-1])
    assert "tutorial" in played and len(played) == 4
    assert {"Shooting", "Attacks and Damage", "Rounds", "Character Actions: Movement"} <= rules
    assert {"Cover and Movement", "Attacks and Damage"} <= named
    lost = sorted(r for r in rules | named if find_section(sections, r) is None)
    assert not lost, lost


@pytest.mark.parametrize("rule, title", [
    ("Character Actions: Movement", "Movement"),
    ("Grenades: Flashbang", "Flashbang"),
    ("Attacks and Damage: heavy artillery", "Heavy artillery"),
    ("Attacks and Damage", "Attacks and Damage"),
    ("Weapon Range Limits", "Weapon Range Limits"),
    ("Fragmentation and High Explosive", "Fragmentation and High Explosive"),
])
def test_odd_rule_strings_lead_to_the_right_sub_section(rule, title):
    sections = SYSTEM.help_sections()
    found = find_section(sections, rule)
    assert found is not None and sections[found].title == title


def test_the_help_gives_the_books_reading_of_unskilled_bursts_and_names_the_option():
    """Automatic Fire: "However, roll with Disadvantage if you fire an Automatic weapon without the Shooting
    Skill." The help's Automatic Fire section says an unskilled burst rolls with disadvantage, that the
    cancelling reading is the option a player sees on the new-battle form (by its label), and that it is not
    the book's; the readings list says the same."""
    sections = {s.title: s.text for s in SYSTEM.help_sections()}
    spec = {o.name: o for o in SYSTEM.options}["unskilled_burst_cancels"]
    auto = " ".join(sections["Automatic Fire"].split())
    assert "without the Shooting skill rolls a burst with disadvantage instead" in auto
    assert f'"{spec.label}"' in auto and "not the book's rule" in auto
    readings = " ".join(sections["This game's readings"].split())
    assert "burst without the Shooting skill rolls with disadvantage" in readings and "option" in readings
