"""Issue 18, items 1, 4, 7 and 9 (engine side): names in a save that could reach a path or pick code,
what a save's checkpoints cover, format versions, duplicate keys and unbounded values, each attack
reproduced as it was found."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hostile import FIXTURES, VILLAGE, VILLAGE_FORMAT_1, hexfront, one_error_line

from hexfront.engine import SAVE_FORMAT_VERSION
from hexfront.engine.core.battle import Checkpoint, Divergence
from hexfront.engine.core.errors import MAX_MESSAGE_CHARS, HexfrontError, SaveError
from hexfront.engine.core.saves import (
    MIGRATIONS,
    battle_from_save,
    battle_to_json,
    load_battle,
    load_for_replay,
    parse_json_text,
    parse_save_text,
    read_save,
)
from hexfront.engine.core.statehash import CANONICAL, REPR

MODES = ("--verify", "--text", "--json")


def _set(key: str, value: Any) -> Any:
    return lambda data: data.__setitem__(key, value)


# -- item 1: path traversal through the scenario (and the system) ---------------------------------

@pytest.mark.parametrize("source", [VILLAGE, VILLAGE_FORMAT_1], ids=["format2", "format1"])
@pytest.mark.parametrize("mode", MODES)
def test_a_scenario_that_climbs_out_of_the_saves_folder_is_refused_in_one_line(capsys, edited_save, source, mode):
    path = edited_save(_set("scenario", "../../../../tmp/X"), source)
    before = path.read_bytes()
    code, out, err = hexfront(capsys, "replay", mode, str(path))
    line = one_error_line(err)
    assert code == 1 and out == ""
    assert "names a scenario JTS RatFight does not have ('../../../../tmp/X')" in line
    assert path.read_bytes() == before
    with pytest.raises(SaveError, match="does not have"):
        load_battle(path)
    with pytest.raises(SaveError, match="does not have"):
        load_for_replay(path)  # the replay viewer's load, which tolerates other rules versions


@pytest.mark.parametrize("name", ["../../../../tmp/X", "/etc/passwd", "ratfight/../ratfight", "", "\x1b[2J"])
def test_a_system_that_is_not_one_of_ours_is_refused_in_one_line(capsys, edited_save, name):
    path = edited_save(_set("system", name))
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    line = one_error_line(err)
    assert code == 1 and "unknown rule system" in line and "known systems: disrupter" in line


def test_a_scenario_renamed_to_another_known_one_fails_verify_at_the_setup(capsys, edited_save):
    """The setup checkpoint covers the system and scenario a save names: a renamed scenario diverges."""
    path = edited_save(_set("scenario", "convoy"))
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    assert code == 1 and "diverges at its setup" in one_error_line(err)
    battle, divergence = load_for_replay(path)
    assert battle.log == [] and "diverges at the setup" in divergence


def test_a_save_loads_with_a_damaged_content_folder_but_never_with_a_path_for_a_scenario(edited_save,
                                                                                        content_copy):
    """The save carries its content: when the scenario files cannot be read, a plain name is enough."""
    import os

    scenario = content_copy / "ratfight" / "scenarios" / "convoy.toml"
    scenario.unlink()
    os.mkfifo(scenario)
    assert len(load_battle(VILLAGE).log) == 40
    with pytest.raises(SaveError, match="does not have"):
        load_battle(edited_save(_set("scenario", "../../../../tmp/X")))


def test_a_format_1_save_is_migrated_to_exactly_the_format_2_save() -> None:
    """Format 1 to 2 seals the setup checkpoint with the system and scenario; nothing else changes."""
    assert sorted(MIGRATIONS) == list(range(1, SAVE_FORMAT_VERSION))
    for old in sorted((FIXTURES / "format1-engine0.1.0").glob("*.json")):
        new = FIXTURES / "format2-engine0.1.0" / old.name
        from_1, _ = read_save(old)
        from_2, _ = read_save(new)
        assert from_1 == from_2, old.name
        assert from_1.setup_check != Checkpoint(**json.loads(old.read_text(encoding="utf-8"))["setup_check"])


def test_a_format_2_save_is_checked_with_its_own_hash_and_saved_with_the_canonical_one() -> None:
    """Format 2 to 3 keeps every recorded checkpoint and checks it the way it was hashed (repr); saved
    again, the battle is format 3 with canonical hashes, which verify in turn."""
    paths = sorted((FIXTURES / "format2-engine0.1.0").glob("*.json"))
    assert len(paths) == 16
    for path in paths:
        recorded = json.loads(path.read_text(encoding="utf-8"))
        save, _ = read_save(path)
        assert save.format_version == SAVE_FORMAT_VERSION and save.hashing is REPR
        assert [attrs.asdict(c.check) for c in save.commands] == [c["check"] for c in recorded["commands"]]
        again = battle_to_json(load_battle(path))
        assert again["format_version"] == SAVE_FORMAT_VERSION
        assert again["setup_check"]["hash"] != recorded["setup_check"]["hash"]
        assert parse_save_text(json.dumps(again)).hashing is CANONICAL


def test_an_old_save_whose_checkpoint_was_edited_fails_verify() -> None:
    """The repr hash of formats 1 and 2 is still checked: an edited checkpoint in an old save diverges."""
    data = json.loads(VILLAGE.read_text(encoding="utf-8"))
    data["commands"][9]["check"]["hash"] = "0" * 16
    with pytest.raises(Divergence, match="diverges at command 10"):
        battle_from_save(parse_save_text(json.dumps(data)))


@pytest.mark.parametrize("version, says", [
    (SAVE_FORMAT_VERSION + 1, f"is save format {SAVE_FORMAT_VERSION + 1}, written by a newer hexfront"),
    (999, "is save format 999, written by a newer hexfront"),
    (0, "is save format 0, which no hexfront wrote"),
    ("2", 'has no usable save format version ("2")'),
    (None, "has no usable save format version"),
    (2.0, "has no usable save format version"),
    (True, "has no usable save format version"),
])
def test_a_save_of_an_unknown_format_is_refused_in_one_clear_line(capsys, edited_save, version, says):
    path = edited_save(_set("format_version", version))
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    line = one_error_line(err)
    assert code == 1 and says in line
    if type(version) is int and version > SAVE_FORMAT_VERSION:
        assert f"reads formats 1 to {SAVE_FORMAT_VERSION}" in line


def test_selfplay_names_its_files_only_from_plain_names(capsys, tmp_path, content_copy):
    """A content folder whose scenario file has a name that is not plain cannot make selfplay write it."""
    scenarios = content_copy / "ratfight" / "scenarios"
    (scenarios / "village.toml").rename(scenarios / "..village.toml")
    code, _, err = hexfront(capsys, "selfplay", "ratfight", "--scenario", "..village", "--players",
                            "random,random", "--save-dir", str(tmp_path / "out"))
    assert code == 1 and "cannot be part of a file name" in one_error_line(err)
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


def test_selfplay_refuses_a_save_dir_that_is_a_file(capsys, tmp_path):
    target = tmp_path / "file"
    target.write_text("keep")
    code, _, err = hexfront(capsys, "selfplay", "ratfight", "--save-dir", str(target))
    assert code == 1 and "is not a folder" in one_error_line(err)
    assert target.read_text() == "keep"


# -- item 4 (engine side): a computer player this hexfront does not have ------------------------------

@pytest.mark.parametrize("mode", MODES)
def test_a_save_naming_an_unknown_computer_player_fails_in_one_line(capsys, edited_save, mode):
    path = edited_save(lambda d: d["players"].__setitem__("red", "cheater"))
    code, _, err = hexfront(capsys, "replay", mode, str(path))
    line = one_error_line(err)
    assert code == 1
    assert "gives side 'red' to a player this hexfront does not have ('cheater')" in line
    assert "players: human, random, easy, default, hard" in line


def test_a_save_naming_a_side_the_battle_does_not_have_fails_in_one_line(capsys, edited_save):
    path = edited_save(lambda d: d["players"].__setitem__("green", "default"))
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    assert code == 1 and "side 'green', which this battle does not have" in one_error_line(err)


# -- item 7: error lines of bounded length ------------------------------------------------------------

@pytest.mark.parametrize("size", [10_000_000, 15_000])
@pytest.mark.parametrize("where", ["command", "content"])
def test_a_ten_million_character_weapon_name_gives_a_short_error_line(capsys, edited_save, where, size):
    """The attack as found: a weapon named with 10,000,000 characters (and 15,000, under the cap on a
    save's texts), in an order or in the content."""
    def huge_weapon(data: dict[str, Any]) -> None:
        fire = next(c for c in data["commands"] if "weapon" in c["command"])
        if where == "command":
            fire["command"]["weapon"] = "W" * size
        else:
            weapons = data["content"]["weapons"]
            weapons["W" * size + "\x1b"] = weapons.pop(fire["command"]["weapon"])

    path = edited_save(huge_weapon)
    assert path.stat().st_size > size
    for mode in MODES:
        code, out, err = hexfront(capsys, "replay", mode, str(path))
        line = one_error_line(err)
        assert code == 1 and len(line) < 500
        assert "W" * 81 not in line  # the hostile value, if quoted at all, is cut to 80 characters


def test_a_ten_million_character_unit_name_is_refused_in_one_line(capsys, edited_save):
    """No text in a save is longer than 20,000 characters (hexfront writes under 1,000)."""
    path = edited_save(lambda d: d["content"]["scenario"]["sides"][0]["models"][0].__setitem__("name", "N" * 10**7))
    for mode in MODES:
        code, out, err = hexfront(capsys, "replay", mode, str(path))
        assert code == 1 and out == "" and "holds a text of more than 20,000 characters" in one_error_line(err)


def test_a_long_unit_name_the_rules_accept_prints_bounded_lines(capsys, edited_save):
    """A name under the cap is printed cut: no line of the log is over 2,000 characters."""
    path = edited_save(lambda d: d["content"]["scenario"]["sides"][0]["models"][0].__setitem__("name", "N" * 19_000))
    code, out, err = hexfront(capsys, "replay", "--text", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 2000 + len("…")
    assert any(line.endswith("…") and "NNNN" in line for line in lines)


@pytest.mark.parametrize("where", ["key of the save", "key in the content", "option name", "undo policy",
                                   "command type", "checkpoint hash"])
def test_huge_hostile_values_anywhere_give_a_bounded_escaped_line(capsys, edited_save, where):
    huge = "\x1b]0;PWNED\x07" + "x" * 15_000  # under the cap on a save's texts: each reader's own line

    def change(data: dict[str, Any]) -> None:
        if where == "key of the save":
            data[huge] = 1
        elif where == "key in the content":
            data["content"]["weapons"][huge] = data["content"]["weapons"].pop("pistol")
        elif where == "option name":
            data["options"][huge] = True
        elif where == "undo policy":
            data["undo_policy"] = huge
        elif where == "command type":
            data["commands"][3]["command"]["type"] = huge
        else:
            data["commands"][3]["check"]["hash"] = huge

    path = edited_save(change)
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    line = one_error_line(err)
    assert code == 1 and "PWNED" not in line.replace("\\x1b]0;PWNED", "") and len(line) < 500


def test_every_error_line_is_capped_whatever_a_message_holds() -> None:
    """The last guard: a message built from values no one quoted is still cut, with an ellipsis."""
    error = HexfrontError("the value " + "v" * 100_000 + "\n is wrong; do this instead")
    assert len(error.message) == MAX_MESSAGE_CHARS
    assert error.message.startswith("the value vvv") and " … " in error.message
    assert error.message.endswith("vvv\\n is wrong; do this instead")
    assert HexfrontError("short \x1b[2J").message == "short \\x1b[2J"


# -- item 9: duplicate keys --------------------------------------------------------------------------

@pytest.mark.parametrize("where", ["top", "command", "content"])
def test_a_key_given_twice_is_refused_in_one_line(capsys, tmp_path, where):
    """The attack as found: a save with two "commands" keys (and the same inside a command or the content)."""
    text = VILLAGE.read_text(encoding="utf-8")
    if where == "top":
        text = text.replace('"seed":', '"commands": [],\n "seed":', 1)
        key = "commands"
    elif where == "command":
        text = text.replace('"type": "Pass"', '"type": "Pass", "type": "Redraw"', 1)
        key = "type"
    else:
        text = text.replace('"title":', '"title": "Another",\n "title":', 1)
        key = "title"
    path = tmp_path / "twice.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    assert code == 1 and f"has the key '{key}' twice in one object" in one_error_line(err)


def test_the_fixture_saves_hold_no_key_twice() -> None:
    """The refusal costs no real save anything: every released save (16 battles in each of the two released
    formats) parses with each key once, and loads with every order it holds."""
    paths = sorted(FIXTURES.glob("*/*.json"))
    assert len(paths) == 32 and {p.parent.name for p in paths} == {"format1-engine0.1.0", "format2-engine0.1.0"}
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert parse_json_text(text, path.name) == json.loads(text), path.name
        assert len(load_battle(path).log) == len(json.loads(text)["commands"]) > 0, path.name


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_and_infinity_are_refused_in_one_line(capsys, tmp_path, token):
    text = VILLAGE.read_text(encoding="utf-8").replace('"seed": ', f'"seed": {token}, "x": ', 1)
    path = tmp_path / "nan.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = hexfront(capsys, "replay", "--verify", str(path))
    assert code == 1 and "NaN, Infinity or a number too large" in one_error_line(err)


def test_a_save_with_a_malformed_checkpoint_is_refused_before_any_replay(capsys, edited_save):
    path = edited_save(lambda d: d["commands"][5]["check"].__setitem__("draws", 10**30))
    code, _, err = hexfront(capsys, "replay", "--text", str(path))
    assert code == 1 and "command 6 has a malformed checkpoint" in one_error_line(err)

