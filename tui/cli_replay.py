"""``hexfront replay``: a saved battle or campaign told as text (or JSON lines), verified, or opened in the
terminal game's replay viewer."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.campaignfile import is_campaign_file, load_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.engine.core.errors import HexfrontError, shown_path
from hexfront.engine.core.saves import load_battle, load_for_replay
from hexfront.engine.core.serial import codec_for
from hexfront.engine.core.words import plural

from .cli_text import outcome_line, print_command, print_events, print_heading, replayed_steps, say

#: The terminal game's entry point, as the launcher gives it (tui/launch.py): the parsed arguments in, an exit
#: status out.
PlayFn = Callable[[argparse.Namespace], int]


def replay_command(play: PlayFn | None) -> Callable[[argparse.Namespace], int]:
    """'hexfront replay FILE': the replay viewer of the terminal game when standard output is a terminal
    (and the launcher gives a front end); otherwise, and with --text, --verify or --json, plain text."""
    def run(args: argparse.Namespace) -> int:
        printed = args.text or args.verify or args.json
        terminal = sys.stdout.isatty() or bool(os.environ.get("HEXFRONT_FORCE_TTY"))
        if printed or play is None or not terminal:
            return cmd_replay(args)
        # a file that cannot be read is one line on stderr, before any screen; the viewer opens on this load
        args.loaded = _campaign_battle(args) if is_campaign_file(args.file) else load_for_replay(args.file)
        return play(args)

    return run


def _campaign_battle(args: argparse.Namespace) -> tuple[Battle, str | None]:
    """The battle of a campaign file the viewer opens: --battle N, else the latest (every battle verified)."""
    battles = campaign_battles(load_campaign(args.file))
    if args.battle is not None and not 1 <= args.battle <= len(battles):
        raise HexfrontError(f"the campaign has {plural(len(battles), 'battle')} so far; "
                            f"--battle is 1 to {len(battles)}")
    return battles[-1 if args.battle is None else args.battle - 1], None


def campaign_battles(campaign: Campaign) -> list[Battle]:
    """The campaign's battles so far, in order: those fought, then the one in play."""
    return [f.battle for f in campaign.fought] + ([campaign.current] if campaign.current is not None else [])


def cmd_replay(args: argparse.Namespace) -> int:
    if is_campaign_file(args.file):
        return _replay_campaign(args)
    if args.battle is not None:
        raise HexfrontError(f"{shown_path(args.file)} is one battle, not a campaign; leave out --battle")
    return _replay_battle(load_battle(args.file, verify=args.verify), args)


def _replay_campaign(args: argparse.Namespace) -> int:
    """A campaign file: every battle is verified as it is loaded; --verify says so per battle, the log
    commands print each battle (or only --battle N)."""
    campaign = load_campaign(args.file)
    battles = campaign_battles(campaign)
    if args.battle is not None and not 1 <= args.battle <= len(battles):
        raise HexfrontError(f"the campaign has {plural(len(battles), 'battle')} so far; "
                            f"--battle is 1 to {len(battles)}")
    chosen = range(len(battles)) if args.battle is None else [args.battle - 1]
    if args.verify:
        for i in chosen:
            battle = battles[i]
            final = battle.checkpoints[-1].hash if battle.checkpoints else battle.setup_check.hash
            say(f"battle {i + 1} ({battle.setup.scenario}) verified: {plural(len(battle.log), 'command')}, "
                 f"every state hash matches; final state {final}")
        return 0
    for i in chosen:
        if not args.json:
            say(f"== {campaign.spec.title}, battle {i + 1} of {len(campaign.spec.battles)} ==")
        _replay_battle(battles[i], args)
    if not args.json and campaign.finished() and args.battle is None:
        say(campaign.result_line())
    return 0


def _replay_battle(battle: Battle, args: argparse.Namespace) -> int:
    if args.verify:
        final = battle.checkpoints[-1].hash if battle.checkpoints else battle.setup_check.hash
        say(f"verified: {plural(len(battle.log), 'command')}, every state hash matches; "
             f"final state {final}")
        return 0
    system = battle.system
    if args.json:
        codec = codec_for(system)
        for number, events in enumerate([battle.setup_events, *battle.events]):
            for event in events:
                print(json.dumps({"command": number, "event": codec.event_to_json(event)}, ensure_ascii=True))
        return 0
    print_heading(battle)
    print_events(system, battle.setup_events, battle.state)  # descriptions use names only
    for number, side, text, events, state in replayed_steps(battle):
        print_command(system, number, side, text, events, state)
    line = outcome_line(battle)
    if line:
        say(line)
    return 0
