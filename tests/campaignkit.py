"""Playing a system's campaign through its carry-over rules, for the campaign tests of each system.

``play_campaign(system_id, name, seed)`` reads ``content/<system>/campaigns/<name>.toml``, and for each of its
battles in turn loads the scenario's content, writes the last battle's carried roster into it with the
system's ``carry_into``, creates the battle from that content (with the campaign option set, as the campaign
mode sets it), lets the default computer players play it to its end and reads ``carry_from``. It returns each
step: the content the battle was created from, the battle, and what it carried on.

``check_deterministic(steps, seed)`` checks a played campaign is fixed by its seed without playing it all
again: each battle's first orders are what the computer players, made again from the seed, choose; each
battle replays from its setup to the same checkpoints; and the carry it passes on, written into the next
scenario, gives exactly the content the next battle was created from.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import attrs

from hexfront.engine.core.battle import Battle, BattleSetup, Checkpoint
from hexfront.engine.core.campaign import CAMPAIGN_OPTION, CampaignRules
from hexfront.engine.core.playout import play_out
from hexfront.engine.core.system import RuleSystem, content_root, get_system


@attrs.frozen
class Step:
    content: dict[str, Any]
    battle: Battle
    carried: dict[str, Any]


def campaign_file(system_id: str, name: str) -> dict[str, Any]:
    with open(content_root() / system_id / "campaigns" / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def rules_of(system: RuleSystem) -> CampaignRules:
    rules = system.campaign_rules()
    assert rules is not None, f"{system.title} gives no campaign rules"
    return rules


def campaign_battle(system: RuleSystem, scenario: str, content: dict[str, Any], seed: int,
                    campaign: str = "test") -> Battle:
    """A battle of a campaign created from ``content`` (already carried into)."""
    options = system.default_options() | {CAMPAIGN_OPTION: campaign}
    setup = BattleSetup(system=system.id, scenario=scenario, seed=seed, content=content,
                        rules_version=system.rules_version, options=options,
                        script=system.scenario_script(content))
    return Battle(system, setup)


def play_campaign(system_id: str, name: str, seed: int, player: str = "default") -> list[Step]:
    system = get_system(system_id)
    rules = rules_of(system)
    camp = campaign_file(system_id, name)
    carried: dict[str, Any] | None = None
    steps = []
    for i, scenario in enumerate(camp["battles"]):
        content = system.load_content(scenario)
        if carried is not None:
            before = json.dumps(content, sort_keys=True)
            content = rules.carry_into(content, carried)
            assert json.dumps(system.load_content(scenario), sort_keys=True) == before
        battle = campaign_battle(system, scenario, content, seed + i, name)
        players = _players(system, battle, seed, i, player)
        play_out(battle, players, limit=20_000)
        carried = rules.carry_from(battle.state)
        json.dumps(carried)  # JSON-safe
        steps.append(Step(content, battle, carried))
    return steps


def _players(system: RuleSystem, battle: Battle, seed: int, i: int, player: str) -> dict[str, Any]:
    factory = system.computer_players()[player]
    return {side: factory(seed * 10 + i * 2 + k) for k, side in enumerate(system.sides(battle.state))}


def check_deterministic(steps: list[Step], seed: int, first_orders: int = 30, player: str = "default") -> None:
    system = steps[0].battle.system
    rules = rules_of(system)
    for i, step in enumerate(steps):
        setup = step.battle.setup
        again = Battle(system, BattleSetup(system=setup.system, scenario=setup.scenario, seed=setup.seed,
                                           content=step.content, rules_version=setup.rules_version,
                                           options=dict(setup.options), script=setup.script))
        players = _players(system, again, seed, i, player)
        for command in step.battle.log[:first_orders]:
            assert players[system.side_to_act(again.state)].choose(system, again.state) == command
            again.submit(command)
        replayed = Battle.replay(again.setup, list(step.battle.log),
                                 [Checkpoint(c.hash, c.draws) for c in step.battle.checkpoints],
                                 step.battle.setup_check)
        assert replayed.state_hash() == step.battle.state_hash()
        assert rules.carry_from(replayed.state) == step.carried
        if i + 1 < len(steps):
            nxt = steps[i + 1]
            assert rules.carry_into(system.load_content(nxt.battle.setup.scenario), step.carried) == nxt.content
