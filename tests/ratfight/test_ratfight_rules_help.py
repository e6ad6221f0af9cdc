"""Every rule reference the JTS RatFight engine writes on an event leads to a section of the rules help.

The dice log and the teach pauses name the rule behind each card ("Firing 2, 6", "Shooting at Vehicles 3",
"Leaders and Heroes: Inspiring"...); the rules browser opens the section that ``find_section`` picks for it.
Short seeded battles of every scenario (the tutorial too), the computer's ``default`` player on both sides,
give the references the engine really writes; the event classes' own default references are checked too.
"""

from __future__ import annotations

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.view import find_section
from hexfront.engine.systems.ratfight import SYSTEM
from hexfront.engine.systems.ratfight import events as E

SEEDS = (1, 2, 3)
MAX_ORDERS = 300


def battle_rules(scenario: str, seed: int) -> set[str]:
    battle = Battle.new("ratfight", scenario, seed=seed, players={"red": "default", "blue": "default"})
    players = computer_players_for(battle)
    for _ in range(MAX_ORDERS):
        if battle.outcome() is not None:
            break
        battle.submit(players[battle.side_to_act()].choose(battle.system, battle.state))
    return {e.rule for e in battle.all_events() if getattr(e, "rule", "")}


@pytest.fixture(scope="module")
def engine_rules() -> set[str]:
    rules: set[str] = set()
    for scenario in SYSTEM.scenario_names():
        for seed in SEEDS:
            rules |= battle_rules(scenario, seed)
    return rules


def test_every_rule_the_engine_writes_finds_a_section(engine_rules):
    sections = SYSTEM.help_sections()
    assert len(engine_rules) >= 15, sorted(engine_rules)
    lost = sorted(r for r in engine_rules if find_section(sections, r) is None)
    assert not lost, f"rule references with no help section: {lost}"


def test_every_default_rule_of_an_event_finds_a_section():
    sections = SYSTEM.help_sections()
    defaults = {f.default for t in E.EVENT_TYPES for f in attrs.fields(t)
                if f.name == "rule" and isinstance(f.default, str) and f.default}
    assert "Shooting at Vehicles 4" in defaults and "Firing 5" in defaults
    lost = sorted(r for r in defaults if find_section(sections, r) is None)
    assert not lost, f"rule references with no help section: {lost}"


@pytest.mark.parametrize("rule, title", [
    ("Firing 2, 6", "Firing"),
    ("Firing 5", "Spare shots"),
    ("Weapons: Grenade", "Grenade"),
    ("Leaders and Heroes: Inspiring", "Inspiring"),
    ("Shooting at Vehicles 3", "Hit, damage and the crew"),
    ("Shooting at Vehicles", "Shooting at Vehicles"),
    ("Cards: the same card ends the turn", "The very same card"),
    ("Cards", "Cards"),
    ("Turn Sequence 2", "Initiative"),
    ("Turn Sequence 3-4", "Turn Sequence"),
    ("Testing for Casualties", "Testing for Casualties"),
])
def test_a_reference_opens_the_closest_section(rule, title):
    """A sub-section that names the rule wins over its section (the longest match)."""
    sections = SYSTEM.help_sections()
    assert sections[find_section(sections, rule)].title == title
