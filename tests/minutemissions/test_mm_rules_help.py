"""Every rule reference the engine writes on an event leads to a section of the rules help
(content/minutemissions/help.md): the dice log's "why?" and the teach pauses open the browser there."""

from __future__ import annotations

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.view import find_section
from hexfront.engine.systems.minutemissions import SYSTEM, combat, rules
from hexfront.engine.systems.minutemissions import events as E

SECTIONS = SYSTEM.help_sections()


def _rules_of(events) -> set[str]:
    return {e.rule for e in events if getattr(e, "rule", "")}


def _played(scenario: str, seed: int, limit: int) -> Battle:
    battle = Battle.new("minutemissions", scenario, seed=seed,
                        players={side: "default" for side in ("meridian", "ashen")})
    players = computer_players_for(battle)
    while battle.outcome() is None and len(battle.log) < limit:
        battle.submit(players[battle.side_to_act()].choose(SYSTEM, battle.state))
    return battle


@pytest.mark.parametrize("scenario", SYSTEM.scenario_names())
def test_every_rule_on_the_events_of_computer_battles_finds_its_section(scenario):
    """The rule named on every event of the computer's first 100 orders finds its section of the help (the
    rare events' rules are checked without a battle below)."""
    found = _rules_of(_played(scenario, 1, limit=100).all_events())
    assert {"Unit Deployment", "Movement Phase"} <= found or {"Missions", "Movement Phase"} <= found, found
    missing = sorted(r for r in found if find_section(SECTIONS, r) is None)
    assert not missing, missing


def test_every_rule_the_engine_can_write_finds_its_section():
    """The rules' constants and every event's own default rule, so that rare events (a transform, a drone
    that docks out of reach) are covered too."""
    written = {v for k, v in vars(rules).items() if k.startswith("R_") and isinstance(v, str)}
    written |= {v for k, v in vars(combat).items() if k.startswith("R_") and isinstance(v, str)}
    for cls in E.EVENT_TYPES:
        for field in attrs.fields(cls):
            if field.name == "rule" and field.default:
                written.add(field.default)
    written |= {"Terminology: Critical Roll", "Terminology: Counter Roll", "Command Actions: Break Grapple",
                "this game's reading: out of reach"}
    missing = sorted(r for r in written if find_section(SECTIONS, r) is None)
    assert not missing, missing


def test_a_rule_leads_to_its_own_sub_section_not_just_the_chapter():
    title = {r: SECTIONS[find_section(SECTIONS, r)].title for r in (
        "Command Actions: Break Grapple", "Terminology: Thruster Movement", "Terminology: Critical Roll",
        "Ranged Combat Phase", "this game's reading: out of reach", "Modified Stats & Rolls")}
    assert title == {"Command Actions: Break Grapple": "Break Grapple",
                     "Terminology: Thruster Movement": "Thruster Movement",
                     "Terminology: Critical Roll": "Critical Roll",
                     "Ranged Combat Phase": "Ranged Combat Phase",
                     "this game's reading: out of reach": "This game's readings",
                     "Modified Stats & Rolls": "Modified Stats & Rolls"}
