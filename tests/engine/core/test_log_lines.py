"""The dice log's lines and the order lines, in every system: the log shows an event's rule beside its line
("[Rule 16 - Firing]"), so the line itself does not name it again; and one of a thing is never "1 wounds"."""

from __future__ import annotations

import re

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import rule_cited
from hexfront.engine.core.system import all_systems

SYSTEMS = all_systems()

#: one of a thing counted in the plural ("1 wounds", "1 hexes"): the counts the systems' lines give
ONE_PLURAL = re.compile(r"(?<![\d.,/-])(?<!a )\b1 (hexes|cards|shots|wounds|casualties|orders|points|markers"
                        r"|figures|models|actions|rounds|turns|hits)\b")


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_no_log_line_names_the_rule_the_log_shows_beside_it(system_id):
    system = SYSTEMS[system_id]
    scenario = next(s.name for s in system.scenarios() if "tutorial" not in s.name)
    battle = Battle.new(system_id, scenario, seed=1)
    players = {side: system.computer_players()["default"](7 + i) for i, side in enumerate(system.sides(battle.state))}
    cited = 0
    for _ in range(60):
        if battle.outcome() is not None:
            break
        before = len(battle.events)
        order = players[system.side_to_act(battle.state)].choose(system, battle.state)
        assert not ONE_PLURAL.search(system.describe_command(order, battle.state))
        battle.submit(order)
        for event in (e for group in battle.events[before:] for e in group):
            line = system.describe(event, battle.state)
            assert not ONE_PLURAL.search(line), line
            rule = rule_cited(event)
            if rule:
                cited += 1
                assert f"({rule})" not in line, line
    assert cited >= 20  # the battle went far enough to cite rules


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_no_preview_counts_one_of_a_thing_in_the_plural(system_id):
    """The preview of an order (its words, cost, note, modifiers and outcomes), for the first, middle and last
    legal order at each of a battle's first 40 positions."""
    system = SYSTEMS[system_id]
    scenario = next(s.name for s in system.scenarios() if "tutorial" not in s.name)
    battle = Battle.new(system_id, scenario, seed=2)
    players = {side: system.computer_players()["default"](3 + i) for i, side in enumerate(system.sides(battle.state))}
    read = 0
    for _ in range(40):
        if battle.outcome() is not None:
            break
        legal = battle.legal_commands()
        for order in {id(c): c for c in (legal[0], legal[len(legal) // 2], legal[-1])}.values():
            preview = system.preview(battle.state, order)
            for text in (preview.summary, preview.cost, preview.note, *preview.modifiers,
                         *(chance.outcome for chance in preview.odds)):
                read += 1
                assert not ONE_PLURAL.search(text), text
        battle.submit(players[system.side_to_act(battle.state)].choose(system, battle.state))
    assert read >= 60
