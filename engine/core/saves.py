"""Save files: readable JSON, written atomically, read defensively.

A save pins the format, engine and rules versions, embeds the scenario and the
content tables it was played with, and records after every command a
checkpoint (state hash and draw count). Loading never changes the file and
turns every problem into one :class:`SaveError` line.

Every name in a save that could reach a path or pick code (the system, the scenario, the computer
players) is checked against what this hexfront has before anything is built from it, and the setup
checkpoint's hash covers the system and scenario too (format 2), so a renamed scenario fails
``--verify``. A save of an earlier format is read through :data:`MIGRATIONS`, one step per version.

From format 3 every checkpoint is hashed from the state's canonical JSON (engine.core.statehash says
exactly what); formats 1 and 2 hashed ``repr``. An older save is verified with the hash it was written
with (``SaveFile.hashing``) and is written again, when saved, with the canonical one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import attrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from .. import ENGINE_VERSION, SAVE_FORMAT_VERSION
from .battle import Battle, BattleSetup, Checkpoint, Divergence, IllegalOrder
from .campaign import CAMPAIGN_OPTION
from .errors import HexfrontError, SaveError, UnknownSystem, shown, shown_path
from .files import MAX_FILE_BYTES, FileRefused, read_bounded, write_atomic
from .places import is_plain_name
from .players import HUMAN
from .resolution import Script
from .rng import MAX_SEED
from .serial import codec_for, first_error, strict_converter
from .statehash import CANONICAL, HASH_DIGITS, REPR, CheckpointHash
from .system import RuleSystem, get_system

FORMAT_TAG = "hexfront-save"
MAX_SAVE_BYTES = MAX_FILE_BYTES
MAX_COMMANDS = 2_000_000
#: The oldest save format this hexfront still reads (through MIGRATIONS).
OLDEST_FORMAT_VERSION = 1
#: A checkpoint's hash as the engine writes it: 16 hexadecimal digits.
_HASH = re.compile(rf"[0-9a-f]{{{HASH_DIGITS}}}")
#: More draws than any battle makes; a larger count is damage or tampering.
MAX_DRAWS = 2**63
#: The longest text a save may hold, key or value: twenty times the longest hexfront writes (a scenario's
#: map, under 1,000). A name of millions of characters would flood every screen and log it reaches.
MAX_TEXT_CHARS = 20_000


@attrs.define
class SavedScript:
    dice: list[int] = attrs.field(factory=list)
    cards: dict[str, list[str]] = attrs.field(factory=dict)


@attrs.define
class SavedCommand:
    command: dict[str, Any]
    check: Checkpoint


@attrs.define
class SaveFile:
    format: str
    format_version: int
    engine_version: str
    system: str
    rules_version: str
    scenario: str
    seed: int
    undo_policy: str
    options: dict[str, Any]
    players: dict[str, str]
    script: SavedScript | None
    content: dict[str, Any]
    setup_check: Checkpoint
    commands: list[SavedCommand]
    teach: bool = False
    #: How this save's checkpoints were hashed: not a key of the file but of its format (REPR before
    #: format 3, set by MIGRATIONS); a save is always written with CANONICAL.
    hashing: CheckpointHash = attrs.field(default=CANONICAL, kw_only=True)


_converter = strict_converter()
_converter.register_structure_hook(
    SaveFile, make_dict_structure_fn(SaveFile, _converter, _cattrs_forbid_extra_keys=True,
                                     hashing=override(omit=True)))
_converter.register_unstructure_hook(
    SaveFile, make_dict_unstructure_fn(SaveFile, _converter, hashing=override(omit=True)))


def sealed_setup_check(check: Checkpoint, system: str, scenario: str,
                       hashing: CheckpointHash = CANONICAL) -> Checkpoint:
    """The setup checkpoint as a save records it: its hash covers the state after setup and also the
    system and scenario the save names, so a save whose scenario is renamed no longer verifies."""
    return Checkpoint(hashing.seal(system, scenario, check.hash), check.draws)


def _from_format_1(save: SaveFile) -> SaveFile:
    """Format 1 to 2: the setup checkpoint's hash did not cover the system and scenario; seal it now
    (the names themselves are checked against this hexfront's systems and scenarios as for any save)."""
    return attrs.evolve(save, format_version=2,
                        setup_check=sealed_setup_check(save.setup_check, save.system, save.scenario, REPR))


def _from_format_2(save: SaveFile) -> SaveFile:
    """Format 2 to 3: the checkpoints were hashed from ``repr`` of the state; they stay as written and are
    checked that way (``hashing``); the battle replayed from them is saved with canonical hashes."""
    return attrs.evolve(save, format_version=3, hashing=REPR)


#: How a save of each earlier format becomes one of the next: applied in turn up to SAVE_FORMAT_VERSION.
MIGRATIONS: dict[int, Callable[[SaveFile], SaveFile]] = {1: _from_format_1, 2: _from_format_2}


def battle_to_json(battle: Battle) -> dict[str, Any]:
    codec = codec_for(battle.system)
    s = battle.setup
    script = None
    if s.script is not None and not s.script.is_empty():
        script = SavedScript(list(s.script.dice), {k: list(v) for k, v in s.script.cards.items()})
    save = SaveFile(
        format=FORMAT_TAG, format_version=SAVE_FORMAT_VERSION, engine_version=ENGINE_VERSION,
        system=s.system, rules_version=s.rules_version, scenario=s.scenario, seed=s.seed,
        undo_policy=s.undo_policy, options=dict(s.options), players=dict(s.players), script=script,
        content=s.content, setup_check=sealed_setup_check(battle.setup_check, s.system, s.scenario),
        commands=[SavedCommand(codec.command_to_json(c), k)
                  for c, k in zip(battle.log, battle.checkpoints, strict=True)],
        teach=s.teach,
    )
    data: dict[str, Any] = _converter.unstructure(save)  # an attrs record: an object
    return data


def save_battle(battle: Battle, path: Path | str) -> Path:
    path = Path(path)
    try:
        write_atomic(path, json.dumps(battle_to_json(battle), indent=1, sort_keys=False) + "\n")
    except FileRefused as exc:
        raise SaveError(exc.message) from None
    except OSError as exc:
        raise SaveError(f"could not write {shown_path(path)}: {exc.strerror or exc}; "
                        f"choose another folder or free space") from exc
    return path


class _NotANumber(ValueError):
    """NaN, Infinity or a number too large for a float: JSON a save never holds."""


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_constant(name: str) -> Any:
    raise _NotANumber(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _NotANumber(text)
    return value


def _one_of_each_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose every key appears once (a file with two ``commands`` is tampered or broken)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return found


def _longest_text(raw: Any) -> int:
    """The length of the longest string, key or value, anywhere in parsed JSON (walked without recursion)."""
    longest = 0
    stack = [raw]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            longest = max(longest, len(node))
        elif isinstance(node, dict):
            longest = max(longest, max(map(len, node), default=0))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return longest


def _check_format_version(raw: dict[str, Any], where: str) -> int:
    """The save's format version, if this hexfront reads it (directly or through MIGRATIONS)."""
    version = raw.get("format_version")
    if type(version) is not int:
        found = f'"{shown(version, 20)}"' if isinstance(version, str) else shown(version, 20)
        raise SaveError(f"{where} has no usable save format version ({found}); "
                        f"it is damaged or not a hexfront save")
    if version > SAVE_FORMAT_VERSION:
        raise SaveError(
            f"{where} is save format {shown(version)}, written by a newer hexfront "
            f"({shown(raw.get('engine_version', '?'), 20)}); this hexfront {ENGINE_VERSION} reads formats "
            f"{OLDEST_FORMAT_VERSION} to {SAVE_FORMAT_VERSION}; open it with that hexfront or a newer one")
    if version < OLDEST_FORMAT_VERSION:
        raise SaveError(f"{where} is save format {shown(version)}, which no hexfront wrote; "
                        f"this hexfront reads formats {OLDEST_FORMAT_VERSION} to {SAVE_FORMAT_VERSION}")
    return version


def _check_checkpoints(save: SaveFile, where: str) -> None:
    """Every checkpoint is 16 hexadecimal digits and a count of draws, as the engine writes them."""
    def bad(check: Checkpoint) -> bool:
        return _HASH.fullmatch(check.hash) is None or not 0 <= check.draws < MAX_DRAWS

    if bad(save.setup_check):
        raise SaveError(f"{where} has a malformed setup checkpoint; it is damaged or edited by hand")
    for i, entry in enumerate(save.commands, start=1):
        if bad(entry.check):
            raise SaveError(f"{where}: command {i} has a malformed checkpoint; it is damaged or edited by hand")


def parse_json_text(text: str, where: str, what: str = "a hexfront save") -> Any:
    """Parse a file's text as JSON the way a save is read: no NaN or Infinity, no enormous number, no key
    twice in one object, no nesting too deep; any problem is one SaveError line (``what`` says what the
    file should have been)."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float,
                          object_pairs_hook=_one_of_each_key)
    except RecursionError:
        raise SaveError(f"{where} is nested too deeply to be {what}; it may be damaged or hostile") from None
    except _NotANumber:
        raise SaveError(f"{where} holds NaN, Infinity or a number too large for a save; "
                        f"it is damaged or hostile") from None
    except _DuplicateKey as exc:
        raise SaveError(f"{where} has the key '{shown(exc.key)}' twice in one object; "
                        f"it is tampered or damaged") from None
    except ValueError as exc:
        if "digits" in str(exc):  # Python's guard against enormous integers
            raise SaveError(f"{where} holds a number thousands of digits long; it is damaged or hostile") from None
        raise SaveError(f"{where} is not valid JSON ({shown(exc, 120)}); it may be truncated or damaged") from None


def check_text_lengths(raw: Any, where: str) -> None:
    """Refuse parsed JSON holding a text longer than MAX_TEXT_CHARS (no name or map hexfront writes is)."""
    if _longest_text(raw) > MAX_TEXT_CHARS:
        raise SaveError(f"{where} holds a text of more than {MAX_TEXT_CHARS:,} characters, longer than any name or "
                        f"map hexfront writes; it is damaged or hostile")


def parse_save_text(text: str, where: str = "the save") -> SaveFile:
    """Check and structure a save file's text; raise SaveError with one line on any problem.

    A save of an earlier format comes back migrated to SAVE_FORMAT_VERSION."""
    return save_from_json(parse_json_text(text, where), where)


T = TypeVar("T")


def structure_checked(converter: Any, raw: Any, kind: type[T], where: str, what: str) -> T:
    """``raw`` (JSON already checked for its format and text lengths) structured as ``kind`` by ``converter``;
    SaveError with one line naming the first malformed field, or saying it is nested too deeply to be ``what``."""
    try:
        return cast(T, converter.structure(raw, kind))
    except RecursionError:
        raise SaveError(f"{where} is nested too deeply to be {what}; it may be damaged or hostile") from None
    except Exception as exc:  # cattrs raises grouped errors; report the first plainly
        raise SaveError(f"{where} has a malformed field: {first_error(exc)}") from None


def save_from_json(raw: Any, where: str = "the save") -> SaveFile:
    """Check and structure a save already parsed from JSON (a file's, or one a campaign file embeds);
    raise SaveError with one line on any problem."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT_TAG:
        raise SaveError(f"{where} is not a hexfront save file (no \"format\": \"{FORMAT_TAG}\")")
    version = _check_format_version(raw, where)
    check_text_lengths(raw, where)
    save = structure_checked(_converter, raw, SaveFile, where, "a hexfront save")
    if not 0 <= save.seed <= MAX_SEED:
        raise SaveError(f"{where} has a seed out of range (0 to {MAX_SEED}); it may be damaged or hostile")
    if len(save.commands) > MAX_COMMANDS:
        raise SaveError(f"{where} holds more than {MAX_COMMANDS} commands; it may be damaged or hostile")
    _check_checkpoints(save, where)
    while version < SAVE_FORMAT_VERSION:
        save = MIGRATIONS[version](save)
        version += 1
    return save


def check_scenario_name(system: RuleSystem, scenario: str, where: str) -> None:
    """A save's scenario must be one of the system's scenarios here. Only when this hexfront has none of
    them installed, or cannot read them (its content folder is gone or damaged: the save carries its own
    content) is a plain name enough.
    Either way the name can never climb out of a folder it is put in."""
    try:
        known = system.scenario_names()
    except HexfrontError:  # a damaged content folder: the save still carries its own content
        known = []
    if scenario in known or (not known and is_plain_name(scenario)):
        return
    raise SaveError(f"{where} names a scenario {system.title} does not have ('{shown(scenario)}'); "
                    f"it is damaged or edited by hand")


def setup_from_save(save: SaveFile, where: str = "the save", any_rules_version: bool = False) -> BattleSetup:
    """The battle's setup. With ``any_rules_version`` (replays), a save of another rules version is
    set up under this hexfront's rules instead of refused."""
    try:
        system = get_system(save.system)
    except UnknownSystem as exc:
        raise SaveError(f"{where} is for {exc.message}") from None
    check_scenario_name(system, save.scenario, where)
    if save.rules_version != system.rules_version and not any_rules_version:
        raise SaveError(
            f"{where} was played with {system.title} rules version {shown(save.rules_version, 20)}; "
            f"this hexfront has rules version {system.rules_version}; open it with a matching hexfront"
        )
    unknown = set(save.options) - system.option_names()
    if unknown:
        names = ", ".join(shown(name, 40) for name in sorted(unknown)[:5])
        raise SaveError(f"{where} sets options {system.title} does not have: {names}")
    campaign = save.options.get(CAMPAIGN_OPTION)
    if CAMPAIGN_OPTION in save.options and not (isinstance(campaign, str) and is_plain_name(campaign)):
        raise SaveError(f"{where} names its campaign '{shown(campaign, 40)}', which is no campaign's name "
                        f"(letters, digits, _ - .); it is damaged or edited by hand")
    choices = [HUMAN, *system.computer_players()]
    for side, who in save.players.items():
        if who not in choices:
            raise SaveError(f"{where} gives side '{shown(side, 40)}' to a player this hexfront does not have "
                            f"('{shown(who, 40)}'); players: {', '.join(choices)}")
    script = Script(save.script.dice, save.script.cards) if save.script is not None else None
    options = system.options_of_save(save.options)
    return BattleSetup(system=save.system, scenario=save.scenario, seed=save.seed, content=save.content,
                       rules_version=system.rules_version if any_rules_version else save.rules_version,
                       options=options, undo_policy=save.undo_policy,
                       players=save.players, script=script, teach=save.teach)


def battle_from_save(save: SaveFile, where: str = "the save", verify: bool = True) -> Battle:
    """Replay a save. With ``verify``, raise Divergence at the first command whose checkpoint differs."""
    setup = setup_from_save(save, where)
    system = get_system(setup.system)
    codec = codec_for(system)
    commands = []
    for i, entry in enumerate(save.commands, start=1):
        try:
            commands.append(codec.command_from_json(entry.command))
        except Exception as exc:
            raise SaveError(f"{where}: command {i} is not an order this hexfront knows "
                            f"({first_error(exc)})") from None
    with unusable_content(where):
        battle = Battle(system, setup)
        check_sides(battle, where)
        if verify:
            got, want = _setup_check_as_saved(battle, save), save.setup_check
            if got != want:
                raise Divergence(f"the battle diverges at its setup: recorded state {want.hash} "
                                 f"({want.draws} draws), replayed {got.hash} ({got.draws} draws)", 0, battle)
        battle.replay_log(commands, [c.check for c in save.commands] if verify else None, save.hashing)
        return battle


def _setup_check_as_saved(battle: Battle, save: SaveFile) -> Checkpoint:
    """The setup checkpoint of a battle just set up from ``save``, sealed and hashed as the save's are."""
    check = battle.setup_check if save.hashing is CANONICAL else battle.checkpoint(save.hashing)
    return sealed_setup_check(check, save.system, save.scenario, save.hashing)


def check_sides(battle: Battle, where: str) -> None:
    """Refuse a save whose players name a side the battle does not have."""
    sides = battle.system.sides(battle.state)
    for side in battle.setup.players:
        if side not in sides:
            raise SaveError(f"{where} names a player for side '{shown(side, 40)}', which this battle does not "
                            f"have (sides: {', '.join(shown(s, 40) for s in sides)}); it is damaged or edited by hand")


@contextmanager
def unusable_content(where: str) -> Iterator[None]:
    """Turn what damaged or hostile content in a save raises while a battle is set up or replayed into one
    SaveError line (a divergence, or a SaveError already, passes through as it is)."""
    try:
        yield
    except (Divergence, SaveError):
        raise
    except HexfrontError as exc:  # damaged content, an impossible script, an unknown undo policy...
        raise SaveError(f"{where} cannot be replayed: {exc.message}") from None
    except RecursionError:
        raise SaveError(f"{where} holds content nested too deeply; it may be damaged or hostile") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise SaveError(f"{where} holds a scenario or content table this hexfront cannot use "
                        f"({type(exc).__name__}: {shown(str(exc))}); it may be damaged or edited by hand") from None


def load_battle(path: Path | str, verify: bool = True) -> Battle:
    save, where = read_save(path)
    return battle_from_save(save, where, verify=verify)


def load_for_replay(path: Path | str) -> tuple[Battle, str | None]:
    """Load a save to watch, tolerating what play refuses: returns the battle and a divergence line.

    A save of another rules version, or one edited by hand, is replayed under this hexfront's rules,
    every recorded checkpoint checked; at the first order that is refused, fails or gives another state
    the replay stops. The battle returned holds the orders up to the last one that agreed; the line says
    where and why (None when everything agreed). A file that cannot be read as a save at all raises
    SaveError with one line.
    """
    save, where = read_save(path)
    setup = setup_from_save(save, where, any_rules_version=True)
    system = get_system(setup.system)
    version = None
    if save.rules_version != system.rules_version:
        version = (f"recorded with {system.title} rules version {save.rules_version}, "
                   f"this is version {system.rules_version}")

    def say(why: str | None) -> str | None:
        line = "; ".join(part for part in (version, why) if part)
        return " ".join(line.split()) or None  # one line, whatever an exception's text held

    codec = codec_for(system)
    commands: list[Any] = []
    unknown = None
    for i, entry in enumerate(save.commands, start=1):
        try:
            commands.append(codec.command_from_json(entry.command))
        except Exception as exc:
            unknown = f"the replay stops before order {i}: it is not an order this hexfront knows ({first_error(exc)})"
            break
    with unusable_content(where):
        battle = Battle(system, setup)
        check_sides(battle, where)
    got, want = _setup_check_as_saved(battle, save), save.setup_check
    if got != want:
        return battle, say(f"the replay diverges at the setup, before any order: recorded state {want.hash} "
                           f"after {want.draws} draws, replayed {got.hash} after {got.draws} draws")
    for i, command in enumerate(commands, start=1):
        try:
            text = shown(system.describe_command(command, battle.state))
        except Exception:
            text = type(command).__name__
        try:
            battle.submit(command)
        except IllegalOrder as refused:
            return battle, say(f"the replay diverges at order {i} ({text}): this hexfront refuses it "
                               f"({refused.message})")
        except (HexfrontError, RecursionError, KeyError, TypeError, ValueError, AttributeError, IndexError,
                OverflowError) as exc:
            reason = exc.message if isinstance(exc, HexfrontError) else f"{type(exc).__name__}: {shown(str(exc))}"
            return battle, say(f"the replay diverges at order {i} ({text}): replaying it fails ({reason})")
        got = battle.checkpoints[-1] if save.hashing is CANONICAL else battle.checkpoint(save.hashing)
        want = save.commands[i - 1].check
        if got != want:
            kept = Battle(system, setup)  # the orders that agreed, and not the one that did not
            for agreed in commands[:i - 1]:
                kept.submit(agreed)
            return kept, say(f"the replay diverges at order {i} ({text}): recorded state {want.hash} after "
                             f"{want.draws} draws, replayed {got.hash} after {got.draws} draws")
    return battle, say(unknown)


def read_save_text(path: Path | str, what: str = "save") -> tuple[str, str]:
    """The text of a hexfront file (a ``what``: save or campaign) and its name as shown, never changing it;
    SaveError with one line unless it is a regular file of at most MAX_SAVE_BYTES of UTF-8 text (see
    engine.core.files)."""
    where = shown_path(path)
    try:
        data = read_bounded(path, MAX_SAVE_BYTES, what)
    except FileRefused as exc:
        raise SaveError(exc.message) from None
    try:
        return data.decode("utf-8"), where
    except UnicodeDecodeError:
        raise SaveError(f"{where} is not UTF-8 text, so not a hexfront {what}; it may be damaged") from None


def read_save(path: Path | str) -> tuple[SaveFile, str]:
    """Read and check a save file (never changing it); raise SaveError with one line on any problem."""
    text, where = read_save_text(path, "save")
    return parse_save_text(text, where), where
