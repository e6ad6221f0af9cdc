"""Issue 18, item 9 and beyond: values typed on the command line, and where ``hexfront new`` writes.

A number is ASCII digits only; names of systems, scenarios and players with unusual characters, or
huge, are one line each, escaped and bounded; ``hexfront new`` writes to the saves folder by default.
"""

from __future__ import annotations

import pytest
from hostile import hexfront, one_error_line

from hexfront.engine.core.places import is_plain_name, save_file_name, saves_dir
from hexfront.engine.core.saves import load_battle

HUGE = "x" * 1_000_000


def _usage_error(err: str) -> str:
    """argparse's usage error: the usage, then one line ``hexfront ...: error: ...``, escaped and bounded."""
    assert "Traceback" not in err
    lines = err.splitlines()
    last = lines[-1]
    assert ": error: " in last and last.isprintable() and len(last) < 400, last[:500]
    return last


# -- item 9: HEXFRONT_SAVES and fullwidth digits -------------------------------------------------------

def test_new_writes_into_the_saves_folder_hexfront_saves_names(capsys, tmp_path, monkeypatch):
    """The attack as found: ``hexfront new`` wrote to ./saves whatever HEXFRONT_SAVES said."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFRONT_SAVES", str(tmp_path / "elsewhere"))
    code, out, err = hexfront(capsys, "new", "ratfight", "--seed", "5")
    target = tmp_path / "elsewhere" / "ratfight-convoy-5.json"
    assert code == 0 and err == "" and out == f"{target}\n"
    assert load_battle(target).setup.seed == 5 and not (tmp_path / "saves").exists()


def test_new_without_hexfront_saves_writes_into_saves_here(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HEXFRONT_SAVES", raising=False)
    code, out, _ = hexfront(capsys, "new", "ratfight")
    assert code == 0 and out == "saves/ratfight-convoy-0.json\n" and (tmp_path / out.strip()).is_file()


def test_the_saves_folder_has_one_definition_shared_with_the_game(monkeypatch, tmp_path):
    from hexfront.tui import session

    monkeypatch.setenv("HEXFRONT_SAVES", str(tmp_path))
    assert session.saves_dir is saves_dir and saves_dir() == tmp_path


@pytest.mark.parametrize("argv", [
    ["new", "ratfight", "--seed", "１"],           # fullwidth one: the attack as found
    ["new", "ratfight", "--seed", "٣"],            # Arabic-Indic three
    ["new", "ratfight", "--seed", "1_000"],        # int() takes underscores too
    ["new", "ratfight", "--seed", " 7"],
    ["new", "ratfight", "--seed", "0x10"],
    ["selfplay", "ratfight", "--games", "２"],
    ["watch", "ratfight", "--seed", "𝟠"],           # mathematical bold eight
])
def test_numbers_on_the_command_line_are_ascii_digits_only(capsys, tmp_path, argv):
    code, out, err = hexfront(capsys, *argv, *(["--out", str(tmp_path / "b.json")] if argv[0] == "new" else []))
    assert code == 2 and out == ""
    assert "is not a whole number (digits 0-9)" in _usage_error(err)
    assert not (tmp_path / "b.json").exists()


def test_a_seed_of_a_million_digits_is_one_short_line(capsys, tmp_path):
    code, _, err = hexfront(capsys, "new", "ratfight", "--seed", "9" * 1_000_000, "--out", str(tmp_path / "b.json"))
    assert code == 2 and "is not a whole number" in _usage_error(err)


def test_ascii_digits_still_work_with_a_sign(capsys, tmp_path):
    code, _, err = hexfront(capsys, "new", "ratfight", "--seed", "+42", "--out", str(tmp_path / "b.json"))
    assert code == 0 and err == "" and load_battle(tmp_path / "b.json").setup.seed == 42
    code, _, err = hexfront(capsys, "new", "ratfight", "--seed", "-1", "--out", str(tmp_path / "c.json"))
    assert code == 2 and "out of range" in _usage_error(err)


# -- beyond the list: names typed on the command line --------------------------------------------------

@pytest.mark.parametrize("argv, says", [
    (["new", "\x1b]0;PWNED\x07"], "unknown rule system '\\x1b]0;PWNED\\x07'"),
    (["new", HUGE], "unknown rule system 'xxxx"),
    (["new", "../../../etc"], "unknown rule system '../../../etc'"),
    (["new", "ratfight", "--scenario", "../../village"], "has no scenario '../../village'"),
    (["new", "ratfight", "--scenario", "\x1b[2J" + HUGE], "has no scenario '\\x1b[2Jxxx"),
    (["new", "ratfight", "--players", "human,\x1b[2J"], "there is no player '\\x1b[2J'"),
    (["new", "ratfight", "--players", HUGE], "--players needs 2 names"),
    (["selfplay", "ratfight", "--players", "default,\ud800"], "there is no player '\\ud800'"),
    (["watch", "\ud800"], "unknown rule system '\\ud800'"),
    (["replay", "--verify", "\x1b[2J" + HUGE], "\\x1b[2Jxxx"),
])
def test_names_on_the_command_line_are_one_escaped_bounded_line(capsys, tmp_path, monkeypatch, argv, says):
    monkeypatch.chdir(tmp_path)
    code, out, err = hexfront(capsys, *argv)
    line = one_error_line(err)
    assert code == 1 and out == "" and says in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    ["systems", "\x1b]0;PWNED\x07"],
    ["\x1b[2J" + HUGE],
    ["new", "ratfight", "--undo", "\x1b[2J"],
    ["new", "ratfight", "--bogus\x07", "1"],
])
def test_usage_errors_quote_what_was_typed_escaped_and_cut(capsys, argv):
    code, out, err = hexfront(capsys, *argv)
    assert code == 2 and out == ""
    line = _usage_error(err)
    assert "\x1b" not in err and "\x07" not in err and "xxxxxxxxxx" * 50 not in line


def test_a_file_name_is_built_only_from_plain_names() -> None:
    assert save_file_name("ratfight", "village", 7) == "ratfight-village-7.json"
    for bad in ("../x", "..", ".hidden", "a/b", "", "x\x00", "\x1b[2J", "é", "a" * 81, "C:\\x"):
        assert not is_plain_name(bad)
        with pytest.raises(Exception, match="cannot be part of a file name"):
            save_file_name("ratfight", bad, 1)


def test_an_unforeseen_error_is_one_line_with_its_own_exit_status(capsys, monkeypatch):
    """The last guard: a bug is still one line on stderr (exit 70), never a traceback."""
    from hexfront.tui import cli

    def broken(args: object) -> int:
        raise KeyError("\x1b[2J" + HUGE)

    monkeypatch.setattr(cli, "cmd_systems", broken)
    code, out, err = hexfront(capsys, "systems")
    assert code == cli.EXIT_BUG == 70 and out == ""
    line = err.strip()
    assert "\n" not in line and line.isprintable() and len(line) < 400
    assert line.startswith("hexfront: internal error (KeyError: ") and "this is a bug" in line


def test_the_installed_command_holds_the_same_guards(capsys, tmp_path):
    """The installed ``hexfront`` (tui.launch.main) is the engine's command line with the game added."""
    from hexfront.tui.launch import main as launcher

    assert launcher(["new", "ratfight", "--seed", "１"]) == 2
    assert "is not a whole number (digits 0-9)" in _usage_error(capsys.readouterr().err)
    assert launcher(["new", "ratfight", "--out", "/dev/full", "--force"]) == 1
    assert "will not write the battle over /dev/full" in one_error_line(capsys.readouterr().err)
