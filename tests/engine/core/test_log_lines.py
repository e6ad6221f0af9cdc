"""The dice log's lines and the order lines, in every system: the log shows an event's rule beside its line
("[Rule 16 - Firing]"), so the line itself does not name it again; and one of a thing is never "1 wounds"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import rule_cited
from hexfront.engine.core.system import all_systems

SYSTEMS = all_systems()

#: one of a thing counted in the plural ("1 wounds", "1 hexes"): the counts the systems' lines give
ONE_PLURAL = re.compile(r"(?<![\d.,/-])(?<!a )\b1 (hexes|cards|shots|wounds|casualties|orders|points|markers"
                        r"|figures|models|actions|rounds|turns|hits)\b")


def orders_of_a_battle(system_id: str, seed: int, orders: int) -> Iterator[tuple[Battle, Any, list[Any]]]:
    """The system's first scenario but the tutorials, the standard computer on both sides, for its first
    ``orders`` orders (or fewer, where it ends): each order once given, with the battle and the order's events."""
    system = SYSTEMS[system_id]
    scenario = next(s.name for s in system.scenarios() if "tutorial" not in s.name)
    battle = Battle.new(system_id, scenario, seed=seed)
    default = system.computer_players()["default"]
    players = {side: default(seed + i) for i, side in enumerate(system.sides(battle.state))}
    for _ in range(orders):
        if battle.outcome() is not None:
            return
        order = players[system.side_to_act(battle.state)].choose(system, battle.state)
        yield battle, order, battle.submit(order)


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_no_log_line_names_the_rule_the_log_shows_beside_it(system_id):
    system = SYSTEMS[system_id]
    cited = 0
    for battle, order, events in orders_of_a_battle(system_id, seed=1, orders=60):
        assert not ONE_PLURAL.search(system.describe_command(order, battle.state_after(len(battle.log) - 1)[0]))
        for event in events:
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
    legal order at each position after a battle's first 40 orders."""
    system = SYSTEMS[system_id]
    read = 0
    for battle, _order, _events in orders_of_a_battle(system_id, seed=2, orders=40):
        legal = battle.legal_commands()
        if not legal:  # the battle ended with this order
            break
        for order in {id(c): c for c in (legal[0], legal[len(legal) // 2], legal[-1])}.values():
            preview = system.preview(battle.state, order)
            for text in (preview.summary, preview.cost, preview.note, *preview.modifiers,
                         *(chance.outcome for chance in preview.odds)):
                read += 1
                assert not ONE_PLURAL.search(text), text
    assert read >= 60
