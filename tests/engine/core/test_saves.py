"""Save files: round trips, layout, atomic writes, embedded content, and hostile or damaged input.

Every way a save can be bad must come back as one SaveError line, and loading
must never change the file.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine import ENGINE_VERSION, SAVE_FORMAT_VERSION
from hexfront.engine.core.battle import Battle, Divergence
from hexfront.engine.core.errors import SaveError
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.saves import FORMAT_TAG, battle_to_json, load_battle, save_battle, sealed_setup_check
from hexfront.engine.core.system import content_root

SEED = 7


def play(battle: Battle, n: int, player_seed: int = 1) -> Battle:
    player = RandomPlayer(player_seed)
    for _ in range(n):
        if battle.outcome() is not None:
            break
        battle.submit(player.choose(battle.system, battle.state))
    return battle


def new_battle(seed: int = SEED, n: int = 40, **kw) -> Battle:
    return play(Battle.new("ratfight", "village", seed=seed, **kw), n)


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> dict:
    """A saved 25-order battle: the battle, the file's text and its parsed JSON."""
    battle = new_battle(n=25)
    path = save_battle(battle, tmp_path_factory.mktemp("good") / "battle.json")
    text = path.read_text(encoding="utf-8")
    return {"battle": battle, "text": text, "data": json.loads(text)}


def load_bytes(tmp_path: Path, raw: bytes, name: str = "bad.json") -> SaveError:
    """Write ``raw``, load it, and check: SaveError, one line, the file untouched."""
    path = tmp_path / name
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        load_battle(path)
    err = info.value
    assert type(err) is SaveError
    message = str(err)
    assert message and "\n" not in message and len(message) < 1000
    assert path.read_bytes() == raw
    return err


def dumps(data) -> bytes:
    return json.dumps(data).encode("utf-8")


# ---------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------

def assert_same_battle(a: Battle, b: Battle) -> None:
    assert b.state_hash() == a.state_hash()
    assert len(b.log) == len(a.log)
    assert b.log == a.log
    assert b.checkpoints == a.checkpoints
    assert b.setup_check == a.setup_check
    assert b.rng.draws == a.rng.draws
    assert b.events == a.events


def test_save_then_load_gives_the_same_battle(tmp_path):
    battle = new_battle(n=60)
    path = save_battle(battle, tmp_path / "b.json")
    assert path == tmp_path / "b.json"
    loaded = load_battle(path)
    assert_same_battle(battle, loaded)
    # and it plays on identically
    play(battle, 10, player_seed=4)
    play(loaded, 10, player_seed=4)
    assert loaded.state_hash() == battle.state_hash()


def test_round_trip_of_a_fresh_battle_and_of_strict_undo_and_a_script(tmp_path):
    fresh = Battle.new("ratfight", "village", seed=2**64 - 1)
    assert_same_battle(fresh, load_battle(save_battle(fresh, tmp_path / "fresh.json")))
    scripted = new_battle(seed=4, n=30, undo_policy="strict",
                          script=Script(cards={"res-blue": ["KS", "2C"], "action": ["fireall"]}))
    loaded = load_battle(save_battle(scripted, tmp_path / "scripted.json"))
    assert_same_battle(scripted, loaded)
    assert loaded.setup.undo_policy == "strict"
    assert loaded.setup.script == scripted.setup.script


def test_round_trip_of_the_convoy_scenario(tmp_path):
    battle = play(Battle.new("ratfight", "convoy", seed=3), 40)
    assert_same_battle(battle, load_battle(save_battle(battle, tmp_path / "convoy.json")))


def test_saving_twice_gives_the_same_bytes(tmp_path):
    battle = new_battle(n=10)
    a = save_battle(battle, tmp_path / "a.json").read_bytes()
    b = save_battle(battle, tmp_path / "b.json").read_bytes()
    assert a == b


def test_loading_never_changes_the_file(tmp_path, good):
    path = tmp_path / "b.json"
    path.write_text(good["text"], encoding="utf-8")
    stat = path.stat()
    load_battle(path)
    assert path.read_text(encoding="utf-8") == good["text"]
    assert path.stat().st_mtime_ns == stat.st_mtime_ns


def test_load_without_verify_skips_the_checks(tmp_path, good):
    data = copy.deepcopy(good["data"])
    data["commands"][3]["check"]["hash"] = "0" * 16
    path = tmp_path / "b.json"
    path.write_bytes(dumps(data))
    with pytest.raises(Divergence) as info:
        load_battle(path)
    assert info.value.index == 4 and "command 4" in str(info.value)
    assert load_battle(path, verify=False).state_hash() == good["battle"].state_hash()


# ---------------------------------------------------------------------------
# The file's layout
# ---------------------------------------------------------------------------

def test_the_file_is_json_with_the_documented_keys(good):
    data, battle = good["data"], good["battle"]
    for key in ("format", "format_version", "engine_version", "system", "rules_version", "seed", "options",
                "undo_policy", "content", "setup_check", "commands"):
        assert key in data, key
    assert data["format"] == FORMAT_TAG == "hexfront-save"
    assert data["format_version"] == SAVE_FORMAT_VERSION
    assert data["engine_version"] == ENGINE_VERSION
    assert data["system"] == "ratfight"
    assert data["rules_version"] == battle.system.rules_version
    assert data["seed"] == SEED
    assert data["options"] == {}
    assert data["undo_policy"] == "practice"
    # the setup checkpoint also covers the system and scenario the save names (format 2)
    sealed = sealed_setup_check(battle.setup_check, "ratfight", battle.setup.scenario)
    assert sealed.hash != battle.setup_check.hash
    assert data["setup_check"] == {"hash": sealed.hash, "draws": battle.setup_check.draws}
    # the content is embedded, scenario and tables both
    content = data["content"]
    assert content["scenario"]["title"] == "Crossroads Village"
    assert "map" in content["scenario"] and len(content["scenario"]["sides"]) == 2
    assert {"weapons", "vehicles", "movers", "terrain", "action_cards"} <= set(content)
    assert content["weapons"]["pistol"]["name"] == "Pistol"
    # one entry per command, each with its checkpoint
    assert len(data["commands"]) == len(battle.log) == 25
    for entry, check in zip(data["commands"], battle.checkpoints, strict=True):
        assert set(entry) == {"command", "check"}
        assert isinstance(entry["command"]["type"], str)
        assert entry["check"] == {"hash": check.hash, "draws": check.draws}
    draws = [e["check"]["draws"] for e in data["commands"]]
    assert draws == sorted(draws) and draws[-1] == battle.rng.draws


def test_the_file_is_plain_readable_json(good):
    assert good["text"].endswith("\n")
    assert "NaN" not in good["text"] and "Infinity" not in good["text"]
    assert good["text"].count("\n") > 100  # indented for people to read


# ---------------------------------------------------------------------------
# Atomic writes
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), RuntimeError("power cut")])
def test_a_failed_write_leaves_the_old_save_and_no_temporary_file(tmp_path, monkeypatch, failure):
    path = tmp_path / "b.json"
    save_battle(new_battle(n=5), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise failure

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError if isinstance(failure, OSError) else RuntimeError) as info:
        save_battle(new_battle(n=30), path)
    if isinstance(failure, OSError):
        assert "No space left" in str(info.value) and "\n" not in str(info.value)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json"]
    assert load_battle(path).state_hash() == new_battle(n=5).state_hash()


def test_a_failed_write_mid_file_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "b.json"
    save_battle(new_battle(n=5), path)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(SaveError):
        save_battle(new_battle(n=8), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["b.json"]


def test_save_makes_missing_folders(tmp_path):
    path = save_battle(new_battle(n=3), tmp_path / "a" / "b" / "c.json")
    assert path.is_file()


def test_an_unwritable_place_is_a_save_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError) as info:
        save_battle(new_battle(n=3), blocker / "b.json")  # a file where a folder should be
    assert "\n" not in str(info.value)
    assert blocker.read_text() == "x"


# ---------------------------------------------------------------------------
# The content travels in the save
# ---------------------------------------------------------------------------

@pytest.fixture
def content_copy(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    assert content_root() == root
    return root / "ratfight"


def test_editing_content_after_saving_does_not_change_loading(tmp_path, content_copy):
    battle = new_battle(seed=12, n=60)
    path = save_battle(battle, tmp_path / "b.json")
    weapons = content_copy / "weapons.toml"
    text = weapons.read_text()
    edited = text.replace("range = 48", "range = 2").replace("range = 6,", "range = 1,")
    assert edited != text
    weapons.write_text(edited)
    # the edit is real: a new battle sees it...
    fresh = Battle.new("ratfight", "village", seed=12)
    assert fresh.state.tables.weapons["manual_rifle"].modes[0].range_inches == 2
    # ...but the saved battle replays with the tables it was played with
    loaded = load_battle(path)
    assert loaded.state.tables.weapons["manual_rifle"].modes[0].range_inches == 48
    assert loaded.state_hash() == battle.state_hash()
    assert loaded.checkpoints == battle.checkpoints


def test_a_save_loads_even_when_the_content_folder_is_gone(tmp_path, content_copy):
    battle = new_battle(seed=13, n=30)
    path = save_battle(battle, tmp_path / "b.json")
    shutil.rmtree(content_copy)
    assert load_battle(path).state_hash() == battle.state_hash()


# ---------------------------------------------------------------------------
# Damaged and hostile files
# ---------------------------------------------------------------------------

def test_missing_file(tmp_path):
    with pytest.raises(SaveError) as info:
        load_battle(tmp_path / "nowhere.json")
    assert "does not exist" in str(info.value)
    assert not (tmp_path / "nowhere.json").exists()


def test_a_folder_is_not_a_save(tmp_path):
    with pytest.raises(SaveError):
        load_battle(tmp_path)


RAW_CASES = {
    "empty": lambda text: b"",
    "whitespace": lambda text: b"  \n\t ",
    "truncated": lambda text: text[: len(text) // 2].encode(),
    "truncated at the last brace": lambda text: text.rstrip()[:-1].encode(),
    "binary garbage": lambda text: bytes(range(256)) * 8,
    "ascii garbage": lambda text: b"\x01\x02 PK\x03\x04 hexfront? {]",
    "not utf-8": lambda text: text.replace('"village"', '"vill\udcffage"').encode("utf-8", "surrogateescape"),
    "utf-16": lambda text: text.encode("utf-16"),
    "deeply nested lists": lambda text: b"[" * 100_000,
    "deeply nested objects": lambda text: b'{"a":' * 100_000,
    "5000-digit seed": lambda text: text.replace(f'"seed": {SEED}', '"seed": ' + "9" * 5000).encode(),
    "NaN seed": lambda text: text.replace(f'"seed": {SEED}', '"seed": NaN').encode(),
    "Infinity in content": lambda text: text.replace('"range": 6', '"range": Infinity').encode(),
    "null": lambda text: b"null",
    "a list": lambda text: b"[1, 2, 3]",
    "a string": lambda text: b'"hexfront-save"',
    "two documents": lambda text: (text + text).encode(),
}


@pytest.mark.parametrize("case", sorted(RAW_CASES))
def test_damaged_bytes_are_a_save_error(tmp_path, good, case):
    raw = RAW_CASES[case](good["text"])
    assert raw != good["text"].encode()
    load_bytes(tmp_path, raw)


def _set(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def _del(data, path):
    target = data
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]


FIELD_CASES = {
    # wrong values and wrong types
    "seed -1": (("seed",), -1),
    "seed 2**64": (("seed",), 2**64),
    "seed as a string": (("seed",), "7"),
    "seed as a float": (("seed",), 7.0),
    "seed as true": (("seed",), True),
    "seed null": (("seed",), None),
    "commands as an object": (("commands",), {}),
    "commands as a string": (("commands",), "Pass"),
    "a command as a list": (("commands", 0), ["Pass"]),
    "check hash as a number": (("commands", 0, "check", "hash"), 5),
    "check draws as a string": (("commands", 0, "check", "draws"), "9"),
    "check with an extra key": (("commands", 0, "check", "cheat"), 1),
    "setup_check as text": (("setup_check",), "fine"),
    "players with a number": (("players",), {"red": 1}),
    "options as a list": (("options",), []),
    "unknown option": (("options",), {"fog": True}),
    "content as a list": (("content",), []),
    "format_version true": (("format_version",), True),
    "format_version text": (("format_version",), "1"),
    "format wrong": (("format",), "chess-pgn"),
    "extra top-level key": (("cheat_mode",), True),
    "undo policy unknown": (("undo_policy",), "lenient"),
    "script dice as text": (("script",), {"dice": "123", "cards": {}}),
    "script card not in deck": (("script",), {"dice": [], "cards": {"action": ["ZZ"]}}),
    "script with an extra key": (("script",), {"dice": [], "cards": {}, "luck": 1}),
    # orders the engine does not know
    "unknown command type": (("commands", 0, "command"), {"type": "Castle"}),
    "command without type": (("commands", 0, "command"), {"model": "R1"}),
    "command type a number": (("commands", 0, "command"), {"type": 7}),
    "command with an extra key": (("commands", 0, "command"), {"type": "Pass", "loudly": True}),
    "move with a bad hex": (("commands", 0, "command"), {"type": "Move", "model": "R1", "to": {"q": "a", "r": 0}}),
    # damaged content
    "weapons as a list": (("content", "weapons"), []),
    "weapons as text": (("content", "weapons"), "pistol"),
    "a weapon's modes as text": (("content", "weapons", "pistol", "modes"), "abc"),
    "a weapon's range as text": (("content", "weapons", "pistol", "modes", 0, "range"), "6"),
    "the map as a number": (("content", "scenario", "map"), 5),
    "the map too big": (("content", "scenario", "map"), "." * 100_000),
    "the sides as a number": (("content", "scenario", "sides"), 3),
    "one side": (("content", "scenario", "sides"), [{"id": "red", "name": "Red", "models": []}]),
    "movers as null": (("content", "movers"), None),
    "terrain entry as a list": (("content", "terrain", "open"), [1, 2]),
    "action cards empty": (("content", "action_cards"), {"cards": []}),
    "a model off the map": (("content", "scenario", "sides", 0, "models", 0, "at"), [10**9, 0]),
    "a model at text": (("content", "scenario", "sides", 0, "models", 0, "at"), "ab"),
    "a model's facing a list": (("content", "scenario", "sides", 0, "models", 0, "facing"), [1]),
    "a model's id a list": (("content", "scenario", "sides", 0, "models", 0, "id"), [1]),
    "a model's weapon unknown": (("content", "scenario", "sides", 0, "models", 0, "weapons"), ["raygun"]),
    "turn limit huge": (("content", "scenario", "turn_limit"), 10**30),
}


@pytest.mark.parametrize("case", sorted(FIELD_CASES))
def test_bad_fields_are_a_save_error(tmp_path, good, case):
    path, value = FIELD_CASES[case]
    data = copy.deepcopy(good["data"])
    _set(data, path, value)
    load_bytes(tmp_path, dumps(data))


@pytest.mark.parametrize("key", ["format", "format_version", "system", "rules_version", "seed", "content",
                                 "setup_check", "commands", "undo_policy", "options"])
def test_a_missing_key_is_a_save_error(tmp_path, good, key):
    data = copy.deepcopy(good["data"])
    _del(data, (key,))
    load_bytes(tmp_path, dumps(data))


def test_missing_content_table_is_a_save_error(tmp_path, good):
    data = copy.deepcopy(good["data"])
    _del(data, ("content", "weapons"))
    load_bytes(tmp_path, dumps(data))


def test_another_format_version_names_both(tmp_path, good):
    data = copy.deepcopy(good["data"])
    data["format_version"] = 999
    message = str(load_bytes(tmp_path, dumps(data)))
    assert "999" in message and str(SAVE_FORMAT_VERSION) in message
    assert "format" in message


def test_another_rules_version_names_both(tmp_path, good):
    data = copy.deepcopy(good["data"])
    data["rules_version"] = "99"
    message = str(load_bytes(tmp_path, dumps(data)))
    assert "99" in message and f"rules version {good['battle'].system.rules_version}" in message


def test_an_unknown_system_is_named(tmp_path, good):
    data = copy.deepcopy(good["data"])
    data["system"] = "chess"
    message = str(load_bytes(tmp_path, dumps(data)))
    assert "chess" in message and "ratfight" in message


def test_an_unknown_command_type_names_the_command(tmp_path, good):
    data = copy.deepcopy(good["data"])
    data["commands"][4]["command"] = {"type": "Castle", "side": "king"}
    message = str(load_bytes(tmp_path, dumps(data)))
    assert "command 5" in message


def test_wrong_typed_content_is_a_save_error_not_a_type_error(tmp_path, good):
    data = copy.deepcopy(good["data"])
    data["content"]["weapons"] = [data["content"]["weapons"]]
    message = str(load_bytes(tmp_path, dumps(data)))
    assert "content" in message


def test_an_oversized_file_is_refused_without_reading_it(tmp_path, monkeypatch, good):
    import hexfront.engine.core.saves as saves

    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    err = load_bytes(tmp_path, good["text"].encode())
    assert "bytes" in str(err)


# ---------------------------------------------------------------------------
# Fuzzing
# ---------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=15,
)

FUZZ = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _load_or_save_error(path: Path, raw: bytes, verify: bool = True) -> None:
    path.write_bytes(raw)
    try:
        load_battle(path, verify=verify)
    except SaveError as err:
        assert "\n" not in str(err)
    assert path.read_bytes() == raw


@FUZZ
@given(value=json_values)
def test_fuzz_any_json_value_as_a_save(tmp_path_factory, value):
    path = tmp_path_factory.getbasetemp() / "fuzz-whole.json"
    _load_or_save_error(path, json.dumps(value).encode())


@FUZZ
@given(raw=st.binary(max_size=200))
def test_fuzz_any_bytes_as_a_save(tmp_path_factory, raw):
    path = tmp_path_factory.getbasetemp() / "fuzz-bytes.json"
    _load_or_save_error(path, raw)


FUZZ_PATHS = [
    ("format_version",), ("system",), ("rules_version",), ("scenario",), ("seed",), ("undo_policy",),
    ("options",), ("players",), ("script",), ("content",), ("setup_check",), ("commands",),
    ("content", "weapons"), ("content", "vehicles"), ("content", "movers"), ("content", "terrain"),
    ("content", "action_cards"), ("content", "scenario"), ("content", "scenario", "map"),
    ("content", "scenario", "sides"), ("content", "scenario", "turn_limit"),
    ("content", "weapons", "pistol"), ("content", "movers", "infantry"),
    ("content", "scenario", "sides", 0, "models", 0), ("content", "scenario", "sides", 1, "models"),
    ("commands", 0), ("commands", 0, "command"), ("commands", 0, "check"),
]


@functools.lru_cache(maxsize=1)
def _good_data_text() -> str:
    return json.dumps(battle_to_json(new_battle(n=25)))


@FUZZ
@given(where=st.sampled_from(FUZZ_PATHS), value=json_values)
def test_fuzz_one_field_of_a_good_save(tmp_path_factory, where, value):
    """Any JSON value in any one place: a SaveError, a battle, or (by design) a Divergence.

    A Divergence is what a well-formed save whose replay disagrees with it
    gives (tested above): with ``verify=False`` that is only an order the
    replay refuses, for instance when the fuzzed scenario left a side empty.
    """
    data = json.loads(_good_data_text())
    _set(data, where, value)
    path = tmp_path_factory.getbasetemp() / "fuzz-field.json"
    raw = json.dumps(data).encode()
    try:
        _load_or_save_error(path, raw, verify=False)
    except Divergence as err:
        assert "\n" not in str(err) and err.index >= 1
        assert path.read_bytes() == raw


def test_an_error_naming_a_hostile_key_stays_on_one_line(tmp_path):
    """A key with a newline (or any control character) in a save is named with escapes."""
    from hexfront.engine.core.errors import SaveError, one_line

    assert one_line("bad key 'a\nb\x1b[2J'") == "bad key 'a\\nb\\x1b[2J'"
    assert SaveError("options x does not have: \n").message == "options x does not have: \\n"
