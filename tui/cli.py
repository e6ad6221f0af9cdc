"""The ``hexfront`` command line, a front end over the engine: list systems, create, replay, watch and
self-play battles (``hexfront play`` hands over to the terminal game the launcher gives, tui/launch.py).

Every command is headless and prints plain text (or JSON lines with ``--json``)
to standard output. Bad input of any kind is reported as one line on standard
error, ``hexfront: <what is wrong>``, with exit status 1; usage mistakes exit
with argparse's status 2. Output depends only on the arguments, never on the
clock, so the same command prints the same bytes every time.

Every line printed passes through :func:`hexfront.engine.core.errors.shown`: a name from a
save or a content file can never put a raw control character (an escape sequence
that retitles a window or clears the screen) on the terminal, a line is at most
MAX_PRINTED_CHARS long (tui/cli_text.py), and JSON output is ASCII. A number on the command line is ASCII
digits only. The replay command is in tui/cli_replay.py.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from hexfront.engine.core.battle import UNDO_POLICIES, Battle
from hexfront.engine.core.campaignfile import save_campaign
from hexfront.engine.core.campaigns import Campaign, campaigns_of, read_campaign
from hexfront.engine.core.errors import HexfrontError, shown, shown_path
from hexfront.engine.core.files import FileRefused, check_writable_target
from hexfront.engine.core.places import save_file_name, saves_dir
from hexfront.engine.core.players import HUMAN, computer_players_for
from hexfront.engine.core.playout import play_out
from hexfront.engine.core.rng import MAX_SEED
from hexfront.engine.core.saves import save_battle
from hexfront.engine.core.system import RuleSystem, all_systems, get_system
from hexfront.engine.core.words import plural

from .cli_replay import PlayFn, replay_command
from .cli_text import outcome_line, print_command, print_events, print_heading, say

#: Exit status for an error hexfront did not foresee (a bug): EX_SOFTWARE.
EXIT_BUG = 70
#: A whole number on the command line: ASCII digits (int() would also take fullwidth and other digits).
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")


# -- small helpers ---------------------------------------------------------------------------

def _whole(text: str) -> int:
    """A whole number as typed on the command line: ASCII digits, an optional sign, at most 30 digits."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(f"'{shown(text, 40)}' is not a whole number (digits 0-9)")
    return int(text, 10)


def _seed(text: str) -> int:
    """argparse type: a battle seed, a whole number from 0 to MAX_SEED."""
    value = _whole(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is out of range; a seed is from 0 to {MAX_SEED}")
    return value


def _positive(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _system_and_scenario(system_id: str, scenario: str | None) -> tuple[RuleSystem, str]:
    """The rule system and the scenario to play (its default when none is named), both checked."""
    system = get_system(system_id)
    scenario = scenario or system.default_scenario()
    system.check_scenario(scenario)
    return system, scenario


def _assign_players(sides: list[str], spec: str, choices: list[str]) -> dict[str, str]:
    """Read ``--players A,B``: one controller per side, in side order, each one of ``choices``."""
    names = [name.strip() for name in spec.split(",")]
    if len(names) != len(sides):
        raise HexfrontError(
            f"--players needs {len(sides)} names, one per side ({', '.join(sides)}), "
            f"not {len(names)} ('{shown(spec, 60)}'); choose from: {', '.join(choices)}"
        )
    for name in names:
        if name not in choices:
            raise HexfrontError(f"there is no player '{shown(name, 40)}'; choose from: {', '.join(choices)}")
    return dict(zip(sides, names, strict=True))


def _new_battle(system: RuleSystem, scenario: str, seed: int, players_spec: str,
                choices: list[str], undo_policy: str = "practice") -> Battle:
    battle = Battle.new(system.id, scenario, seed=seed, undo_policy=undo_policy)
    # Sides are only known once the scenario is set up; name their controllers now,
    # before any command, so the save records who played each side.
    battle.setup.players = _assign_players(system.sides(battle.state), players_spec, choices)
    return battle


# -- the readable event log ------------------------------------------------------------------

# -- the commands ----------------------------------------------------------------------------

def cmd_systems(args: argparse.Namespace) -> int:
    for system in all_systems().values():
        say(f"{system.id}: {system.title}")
        for info in system.scenarios():
            default = " (default)" if info.name == system.default_scenario() else ""
            say(f"    {info.name}{default}: {info.title}. {info.summary}".rstrip())
        for spec in campaigns_of(system):
            say(f"    campaign {spec.name}: {spec.title}. {spec.summary} ({', '.join(spec.battles)})")
    return 0


def cmd_campaigns(args: argparse.Namespace) -> int:
    """'hexfront campaigns': every campaign of every system (or of one), its battles in order."""
    systems = [get_system(args.system)] if args.system else list(all_systems().values())
    found = 0
    for system in systems:
        for spec in campaigns_of(system):
            found += 1
            say(f"{system.id} {spec.name}: {spec.title}. {spec.summary}")
            for number, scenario in enumerate(spec.battles, start=1):
                say(f"    battle {number}: {scenario}")
    if not found:
        say("no campaigns" + (f" in {systems[0].title}" if args.system else ""))
    return 0


def cmd_campaign(args: argparse.Namespace) -> int:
    """'hexfront campaign SYSTEM NAME': start a campaign and write its file (battle 1, no order given yet);
    with --players of computers only and --play, fight it to the end and print each battle's result."""
    system = get_system(args.system)
    out = Path(args.out) if args.out else saves_dir() / save_file_name(system.id, "campaign", args.name, args.seed)
    if os.path.lexists(out) and not args.force:
        raise HexfrontError(f"{shown_path(out)} already exists; give --force to replace it or --out another file")
    _check_target(out, "the campaign")
    spec = read_campaign(system, args.name)
    first = Battle.new(system.id, spec.battles[0], seed=args.seed)
    choices = [HUMAN, *system.computer_players()]
    players = _assign_players(system.sides(first.state), args.players, choices)
    campaign = Campaign.start(system.id, args.name, players=players, seed=args.seed, undo_policy=args.undo)
    if args.play:
        if HUMAN in players.values():
            raise HexfrontError("--play fights the campaign with computer players only; "
                                "give --players with a computer player for every side")
        play_campaign(campaign)
        for number, fought in enumerate(campaign.fought, start=1):
            result = f"winner {fought.winner}" if fought.winner is not None else "draw"
            say(f"battle {number} ({fought.battle.setup.scenario}, seed {fought.battle.setup.seed}): {result}: "
                 f"{fought.reason}")
            describe = campaign.rules.describe
            for line in describe(fought.carried) if describe is not None else [json.dumps(fought.carried)]:
                say(f"    {line}")
        say(campaign.result_line())
    save_campaign(campaign, out)
    say(str(out))
    return 0


def play_campaign(campaign: Campaign) -> None:
    """Let the computer players fight every battle of ``campaign`` to its end, aftermath included."""
    while campaign.current is not None:
        play_out(campaign.current, computer_players_for(campaign.current))
        campaign.give_aftermath()
        campaign.next_battle()


def cmd_new(args: argparse.Namespace) -> int:
    system, scenario = _system_and_scenario(args.system, args.scenario)
    out = Path(args.out) if args.out else saves_dir() / save_file_name(system.id, scenario, args.seed)
    if os.path.lexists(out) and not args.force:
        raise HexfrontError(f"{shown_path(out)} already exists; give --force to replace it or --out another file")
    _check_target(out, "the battle")
    choices = [HUMAN, *system.computer_players()]
    battle = _new_battle(system, scenario, args.seed, args.players, choices, args.undo)
    save_battle(battle, out)
    say(str(out))
    return 0


def _check_target(path: Path, what: str) -> None:
    """Refuse, before any work, to write anywhere but a regular file or a new path (not /dev/full, a FIFO,
    a folder...)."""
    try:
        check_writable_target(path, what)
    except FileRefused as exc:
        raise HexfrontError(exc.message) from None


def cmd_selfplay(args: argparse.Namespace) -> int:
    system, scenario = _system_and_scenario(args.system, args.scenario)
    if args.seed + args.games - 1 > MAX_SEED:
        raise HexfrontError(f"--seed {args.seed} with --games {args.games} runs past the last seed {MAX_SEED}")
    choices = list(system.computer_players())
    save_dir = Path(args.save_dir) if args.save_dir else None
    if save_dir is not None and os.path.lexists(save_dir) and not save_dir.is_dir():
        raise HexfrontError(f"--save-dir {shown_path(save_dir)} is not a folder; name a folder")
    wins: dict[str, int] = {}
    draws = 0
    for game in range(args.games):
        seed = args.seed + game
        battle = _new_battle(system, scenario, seed, args.players, choices)
        sides, entries = list(battle.setup.players), list(battle.setup.players.values())
        play_out(battle, computer_players_for(battle))
        outcome = battle.outcome()
        assert outcome is not None  # play_out returns only at the end of the battle
        winner_player = battle.setup.players[outcome.winner] if outcome.winner is not None else None
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] = wins.get(outcome.winner, 0) + 1
        turns, commands = system.turn(battle.state), len(battle.log)
        saved = None
        if save_dir is not None:
            saved = save_battle(battle, save_dir / save_file_name(system.id, scenario, seed))
        if args.json:
            record: dict[str, Any] = {
                "game": game + 1, "seed": seed, "scenario": scenario, "players": entries,
                "winner": outcome.winner, "winner_player": winner_player, "reason": outcome.reason,
                "turns": turns, "commands": commands,
            }
            if saved is not None:
                record["save"] = str(saved)
            print(json.dumps(record, ensure_ascii=True))
        else:
            result = f"winner {outcome.winner} ({winner_player})" if outcome.winner is not None else "draw"
            where = f"; saved {saved}" if saved is not None else ""
            say(f"game {game + 1}: {result} in {plural(turns, 'turn')}, "
                 f"{plural(commands, 'command')}{where}")
        sys.stdout.flush()
    if not args.json:
        tally = ", ".join(f"{side} ({name}) {plural(wins.get(side, 0), 'win')}"
                          for side, name in zip(sides, entries, strict=True))
        say(f"after {plural(args.games, 'game')}: {tally}, {plural(draws, 'draw')}")
    return 0


#: the computer players' names, as --players help lists them
LEVELS = "easy, default or hard (it looks ahead), or random"


def watch(system_id: str, scenario: str | None, seed: int, players: str = "default,default") -> int:
    """Headless watch mode: two computer players (``players``, default ones unless named) fight while the event
    log is printed."""
    system, scenario = _system_and_scenario(system_id, scenario)
    battle = _new_battle(system, scenario, seed, players, list(system.computer_players()))
    print_heading(battle)
    print_events(system, battle.setup_events, battle.state)

    def show(number: int, side: str, command: Any, events: list[Any], text: str) -> None:
        print_command(system, number, side, text, events, battle.state)
        sys.stdout.flush()

    play_out(battle, computer_players_for(battle), show)
    say(outcome_line(battle) or "")
    return 0


def cmd_watch(args: argparse.Namespace) -> int:
    return watch(args.system, args.scenario, args.seed, args.players)


def cmd_serve(args: argparse.Namespace) -> int:
    """'hexfront serve': run the SSH game host (tui/serve/server.py), or export one of its battles."""
    data = Path(args.data) if args.data else saves_dir() / "host"
    if args.export is not None:
        from hexfront.tui.serve.store import check_battle_id, export_battle

        battle_id = check_battle_id(args.export)
        out = Path(args.out) if args.out else Path(f"{battle_id}.json")
        _check_target(out, "the battle")
        export_battle(data, battle_id, out)
        say(str(out))
        return 0
    from hexfront.tui.serve.limits import HostLimits  # asyncssh is loaded only when the host starts

    try:
        from hexfront.tui.serve.server import HostConfig, serve
    except ImportError as exc:  # an install without its dependencies
        raise HexfrontError(f"'hexfront serve' needs the asyncssh library ({exc.name} is missing); "
                            f"install hexfront with pip to get it") from None

    limits = HostLimits(max_connections=args.max_connections, max_per_address=args.max_per_address,
                        keys_per_second=args.keys_per_second, key_burst=args.key_burst,
                        idle_seconds=args.idle_seconds, login_seconds=args.login_seconds, max_battles=args.max_battles,
                        orders_per_second=args.orders_per_second, memory_mb=args.memory_mb,
                        cpu_seconds=args.cpu_seconds)
    allow = Path(args.allow) if args.allow else None
    return serve(HostConfig(listen=args.listen, port=args.port, data=data, limits=limits, allow_list=allow))



def play_command(play: PlayFn | None) -> Callable[[argparse.Namespace], int]:
    """'hexfront play': hand over to the terminal game the ``hexfront`` launcher gives (tui/launch.py).

    The command line loads Textual only through that launcher; without it (``main`` called with no ``play``),
    this says how to start the game.
    """
    def run(args: argparse.Namespace) -> int:
        if play is None:
            raise HexfrontError("the terminal game is not started by this command line alone; "
                                "start it with 'hexfront play' or 'python -m hexfront.tui play'")
        if not sys.stdout.isatty() and not os.environ.get("HEXFRONT_FORCE_TTY"):
            raise HexfrontError("'hexfront play' needs a terminal; for a text log of a battle use 'hexfront watch'")
        return play(args)

    return run


# -- the parser ------------------------------------------------------------------------------

def _add_scenario_and_seed(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", metavar="NAME",
                        help="scenario to play (default: the system's first; see 'hexfront systems')")
    parser.add_argument("--seed", type=_seed, default=0, metavar="N",
                        help="seed of the battle's dice and cards; the same seed gives the same battle "
                             "(default: 0)")


def _add_serve(serve: argparse.ArgumentParser) -> None:
    """The options of 'hexfront serve': where it listens, where its files are, its limits."""
    from hexfront.tui.serve.limits import HostLimits  # no asyncssh: the limits module is plain Python

    d = HostLimits()
    serve.add_argument("--listen", default="127.0.0.1", metavar="ADDRESS",
                       help="address to listen on; 0.0.0.0 (or ::) for every network (default: 127.0.0.1)")
    serve.add_argument("--port", type=_positive, default=2222, metavar="N", help="port (default: 2222)")
    serve.add_argument("--data", metavar="DIR",
                       help="the host's folder: its SSH host key, each player's battles (default: 'host' "
                            "in the saves folder)")
    serve.add_argument("--allow", metavar="FILE",
                       help="a private host: only the keys in FILE (authorized_keys format) may play; "
                            "read again when it changes")
    limits = [
        ("--max-connections", d.max_connections, "connections open at once"),
        ("--max-per-address", d.max_per_address, "connections at once from one address (an IPv6 /64)"),
        ("--keys-per-second", d.keys_per_second,
         "input reaching one game, in bytes a second (a letter is 1, an arrow 3)"),
        ("--key-burst", d.key_burst, "input bytes let through at once; more, while that many wait, is dropped"),
        ("--idle-seconds", d.idle_seconds, "a connection sending nothing this long is closed"),
        ("--login-seconds", d.login_seconds, "time to log in"),
        ("--max-battles", d.max_battles, "unfinished two-player battles one player may sit in"),
        ("--orders-per-second", d.orders_per_second,
         "orders one connection may give a second in a two-player battle (as many at once)"),
        ("--memory-mb", d.memory_mb, "address space of one game process, in MiB"),
        ("--cpu-seconds", d.cpu_seconds, "processor time of one game process over its life"),
    ]
    for flag, default, text in limits:
        serve.add_argument(flag, type=_positive, default=default, metavar="N", help=f"{text} (default: {default})")
    serve.add_argument("--export", metavar="BATTLE",
                       help="write battle BATTLE of the host as a save file (to --out) and exit")
    serve.add_argument("--out", metavar="FILE", help="where --export writes (default: BATTLE.json here)")


class _Parser(argparse.ArgumentParser):
    """argparse, whose usage errors quote what was typed escaped and cut (never a raw control character
    or a megabyte of argument on the terminal)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {shown(message, 300)}\n")


def build_parser(play: PlayFn | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hexfront", allow_abbrev=False,
        description="Table-top skirmish wargames on a hex map, in the terminal. "
                    "With no command, start the game (as 'hexfront play').")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, summary: str, run: Callable[[argparse.Namespace], int]) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary, description=summary, allow_abbrev=False)
        sub.set_defaults(run=run)
        return sub

    command("systems", "List the rule systems and their scenarios.", cmd_systems)

    new = command("new", "Create a battle file with no orders given yet and print its path.", cmd_new)
    new.add_argument("system", metavar="SYSTEM", help="rule system id, e.g. ratfight")
    _add_scenario_and_seed(new)
    new.add_argument("--undo", choices=UNDO_POLICIES, default="practice",
                     help="practice: any order can be taken back; strict: an order that rolled dice "
                          "or drew cards stands (default: practice)")
    new.add_argument("--players", default=f"{HUMAN},default", metavar="A,B",
                     help="who commands each side, in side order: 'human' or a computer player's "
                          f"name, {LEVELS} (default: human,default)")
    new.add_argument("--out", metavar="FILE",
                     help="where to write the battle (default: SYSTEM-SCENARIO-SEED.json in the saves "
                          "folder, $HEXFRONT_SAVES or else ./saves)")
    new.add_argument("--force", action="store_true", help="replace FILE if it already exists")

    replay = command("replay", "Watch a saved battle in the replay viewer; print its event log (--text, "
                               "or when output is not a terminal), or check that it replays exactly.",
                     replay_command(play))
    replay.add_argument("file", metavar="FILE", help="a battle or save file, or a campaign file")
    # the battle the viewer opens on: loaded (and verified) by replay_command before the game starts, which
    # reads it (tui/launch.py); None until then
    replay.set_defaults(loaded=None)
    replay.add_argument("--battle", type=_positive, metavar="N",
                        help="of a campaign file: only its battle N (default: every battle; the viewer "
                             "opens the latest)")
    mode = replay.add_mutually_exclusive_group()
    mode.add_argument("--text", action="store_true",
                      help="print the event log as text instead of opening the viewer")
    mode.add_argument("--verify", action="store_true",
                      help="replay every order, compare each recorded state hash, print one line; "
                           "exit 1 at the first command that differs")
    mode.add_argument("--json", action="store_true",
                      help="print one JSON object per event: {\"command\": N, \"event\": {...}}, "
                           "N 0 for setup")

    command("campaigns", "List the campaigns: series of battles where the survivors carry over.",
            cmd_campaigns).add_argument("system", metavar="SYSTEM", nargs="?", help="only this rule system's")

    campaign = command("campaign", "Start a campaign and write its file (its first battle, no order given yet); "
                                   "'hexfront play' continues it.", cmd_campaign)
    campaign.add_argument("system", metavar="SYSTEM", help="rule system id, e.g. ratfight")
    campaign.add_argument("name", metavar="NAME", help="campaign name ('hexfront campaigns' lists them)")
    campaign.add_argument("--seed", type=_seed, default=0, metavar="N",
                          help="seed of the first battle's dice and cards; battle i has seed N+i-1 (default: 0)")
    campaign.add_argument("--undo", choices=UNDO_POLICIES, default="practice",
                          help="practice or strict, as for 'hexfront new' (default: practice)")
    campaign.add_argument("--players", default=f"{HUMAN},default", metavar="A,B",
                          help="who commands each side, in side order (default: human,default)")
    campaign.add_argument("--play", action="store_true",
                          help="with computer players on every side: fight every battle to the end, print "
                               "what carried over and the campaign's result")
    campaign.add_argument("--out", metavar="FILE",
                          help="where to write the campaign (default: SYSTEM-campaign-NAME-SEED.json in the "
                               "saves folder)")
    campaign.add_argument("--force", action="store_true", help="replace FILE if it already exists")

    selfplay = command("selfplay", "Play computer against computer to the end, one or more games.",
                       cmd_selfplay)
    selfplay.add_argument("system", metavar="SYSTEM", help="rule system id, e.g. ratfight")
    _add_scenario_and_seed(selfplay)
    selfplay.add_argument("--games", type=_positive, default=1, metavar="K",
                          help="how many games; game i plays with seed N+i (default: 1)")
    selfplay.add_argument("--players", default="default,default", metavar="A,B",
                          help=f"computer player for each side, in side order: {LEVELS} (default: default,default)")
    selfplay.add_argument("--save-dir", metavar="DIR",
                          help="save each game as DIR/SYSTEM-SCENARIO-SEED.json, replacing any such file")
    selfplay.add_argument("--json", action="store_true",
                          help="print one JSON object per game instead of text and no summary")

    play_cmd = command("play", "Start the terminal game: menu, battles, replays and rules help.",
                       play_command(play))
    play_cmd.add_argument("--ascii", action="store_true",
                      help="plain-ASCII look, no box-drawing characters (also: HEXFRONT_ASCII=1)")
    play_cmd.add_argument("--continue", dest="resume", action="store_true",
                      help="go straight back into the last battle (the autosave)")

    watch_cmd = command("watch", "Watch two computer players fight a battle, printing its event log.",
                        cmd_watch)
    watch_cmd.add_argument("system", metavar="SYSTEM", help="rule system id ('hexfront systems' lists them)")
    _add_scenario_and_seed(watch_cmd)
    watch_cmd.add_argument("--players", default="default,default", metavar="A,B",
                           help=f"computer player for each side, in side order: {LEVELS} (default: default,default)")
    _add_serve(command("serve", "Run an SSH game host: 'ssh -p PORT HOST' opens the game, a player's key "
                                "is their account.", cmd_serve))
    return parser


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the interpreter's final flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _tolerant_output() -> None:
    """Characters the terminal's encoding cannot show are written as escapes instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a closed or detached stream
                pass


def main(argv: Sequence[str] | None = None, play: PlayFn | None = None) -> int:
    """Run one hexfront command; return the exit status. ``play`` starts the terminal game."""
    _tolerant_output()
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(play)
    try:
        args = parser.parse_args(args_list)
        if args.command is None:
            args = parser.parse_args(["play", *args_list])
    except SystemExit as exc:  # --help, or a usage error already printed by argparse
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        all_systems()  # a bad $HEXFRONT_SYSTEMS is one line here, before any command (or the game) starts
        return run(args)
    except HexfrontError as exc:
        sys.stdout.flush()
        print(f"hexfront: {exc.message}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("hexfront: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except Exception as exc:  # a bug: still one line, never a traceback on a stranger's terminal
        sys.stdout.flush()
        print(f"hexfront: internal error ({type(exc).__name__}: {shown(str(exc), 120)}); this is a "
              f"bug in hexfront, please report it with the command that caused it", file=sys.stderr)
        return EXIT_BUG
