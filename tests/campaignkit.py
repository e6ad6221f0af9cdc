"""Playing a system's campaign through its carry-over rules, for the campaign tests of each system.

``play_campaign(system_id, name, seed)`` fights the campaign the way a player does from the command line
(``hexfront campaign SYSTEM NAME --players default,default --play``, run in this process through the runner
``Campaign``, which writes each battle's carried roster into the next scenario and sets the campaign option
on every battle). It returns each step: the content the battle was created from, the battle, and what it
carried on. A campaign is fought once per test session (``cli_campaign`` keeps what the command printed and
the file it wrote). Each campaign is fought in one test file only, its system's (with ``make test``'s
--dist loadfile two files would land in two workers and fight it twice): ``check_printed`` there checks what
the command line printed and that ``hexfront replay FILE --verify`` verifies every battle.

``check_deterministic(steps, seed)`` checks a played campaign is fixed by its seed without playing it all
again: each battle's first orders are what the computer players, made again from the seed, choose; each
battle replays from its setup to the same checkpoints; and the carry it passes on, written into the next
scenario, gives exactly the content the next battle was created from.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import attrs

from hexfront.engine.core.battle import Battle, BattleSetup, Checkpoint
from hexfront.engine.core.campaign import CAMPAIGN_OPTION, CampaignRules
from hexfront.engine.core.campaignfile import load_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.system import RuleSystem, content_root
from hexfront.tui.cli import main


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


@attrs.frozen
class Fought:
    """A campaign fought by ``hexfront campaign ... --play``: what it printed, the file, the campaign loaded."""

    printed: str
    path: Path
    campaign: Campaign


_FOUGHT: dict[tuple[str, str, int], Fought] = {}


def cli_campaign(system_id: str, name: str, seed: int) -> Fought:
    """The campaign fought by the computer on both sides through the command line, once per session."""
    key = (system_id, name, seed)
    if key not in _FOUGHT:
        folder = Path(tempfile.mkdtemp(prefix="hexfront-campaign-"))
        path = folder / f"{system_id}-{name}-{seed}.json"
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            code = main(["campaign", system_id, name, "--players", "default,default", "--play",
                         "--seed", str(seed), "--out", str(path)])
        assert code == 0, printed.getvalue()
        _FOUGHT[key] = Fought(printed.getvalue(), path, load_campaign(path))
    return _FOUGHT[key]


def check_printed(fought: Fought, head: str) -> None:
    """What ``hexfront campaign SYSTEM NAME --players default,default --play`` printed: each battle's result,
    what carried over in the player's words (the system's describe; the first line ends with ``head``), the
    campaign's result and the file; every battle carries the campaign option; ``hexfront replay FILE --verify``
    verifies every battle."""
    campaign = fought.campaign
    lines = fought.printed.splitlines()
    rules = campaign.rules
    assert rules.describe is not None
    results = [line for line in lines if line.startswith("battle ")]
    first = campaign.fought[0].battle.setup
    assert len(results) == len(campaign.fought)
    assert results[0].startswith(f"battle 1 ({campaign.spec.battles[0]}, seed {first.seed}): ")
    for number, done in enumerate(campaign.fought):
        said = rules.describe(done.carried)
        assert said and said[0].endswith(head) and all("{" not in line for line in said)  # words, not the record
        at = lines.index(results[number])
        assert lines[at + 1:at + 1 + len(said)] == [f"    {line}" for line in said]
        assert done.battle.setup.options[CAMPAIGN_OPTION] == campaign.spec.name  # the file's stem
    assert lines[-2] == campaign.result_line() and lines[-1] == str(fought.path)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(fought.path), "--verify"])
    assert code == 0 and err.getvalue() == ""
    assert [line.split(" verified")[0] for line in out.getvalue().splitlines()] == [
        f"battle {i} ({done.battle.setup.scenario})" for i, done in enumerate(campaign.fought, start=1)]


def play_campaign(system_id: str, name: str, seed: int) -> list[Step]:
    campaign = cli_campaign(system_id, name, seed).campaign
    assert campaign.finished()
    steps = []
    for fought in campaign.fought:
        json.dumps(fought.carried)  # JSON-safe
        steps.append(Step(fought.battle.setup.content, fought.battle, fought.carried))
    return steps


def opens_alone(system_id: str, scenario: str, seed: int, orders: int = 40) -> Battle:
    """A scenario of a campaign as a battle of its own (not carried into): it loads from its file and the
    computer players give its first ``orders`` orders (or finish it). Playing each to its end alone would
    repeat what the whole campaign (``play_campaign``) shows: every battle of it is fought to its end."""
    battle = Battle.new(system_id, scenario, seed=seed)
    factory = battle.system.computer_players()["default"]
    players = {side: factory(seed + k) for k, side in enumerate(battle.system.sides(battle.state))}
    while battle.outcome() is None and len(battle.log) < orders:
        side = battle.side_to_act()
        assert side is not None
        battle.submit(players[side].choose(battle.system, battle.state))
    return battle


def check_deterministic(steps: list[Step], seed: int, first_orders: int = 30) -> None:
    system = steps[0].battle.system
    rules = rules_of(system)
    for i, step in enumerate(steps):
        setup = step.battle.setup
        again = Battle(system, BattleSetup(system=setup.system, scenario=setup.scenario, seed=setup.seed,
                                           content=step.content, rules_version=setup.rules_version,
                                           options=dict(setup.options), script=setup.script))
        players = computer_players_for(step.battle)  # made again from the battle's seed
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
