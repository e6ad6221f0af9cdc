"""The hexfront command line, driven in-process through ``main`` (and once as a real process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.campaigns import campaigns_of
from hexfront.engine.core.content import read_toml, scenario_files
from hexfront.engine.core.saves import load_battle
from hexfront.engine.core.system import RuleSystem, all_systems
from hexfront.engine.core.tutorial import tutorial_scenarios
from hexfront.tui import cli
from hexfront.tui.cli import main

REPO = Path(__file__).resolve().parents[1]
GAME_KEYS = {"game", "seed", "scenario", "players", "winner", "winner_player", "reason", "turns", "commands"}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str) -> str:
    """stderr holds exactly one line, ``hexfront: ...``, and no traceback."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hexfront: ")
    return lines[0]


@pytest.fixture(scope="module")
def saved_games(tmp_path_factory) -> list[Path]:
    """Three finished village battles saved by selfplay with random players."""
    folder = tmp_path_factory.mktemp("games")
    code = main(["selfplay", "ratfight", "--scenario", "village", "--seed", "11", "--games", "3",
                 "--players", "random,random", "--save-dir", str(folder), "--json"])
    assert code == 0
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == [f"ratfight-village-{s}.json" for s in (11, 12, 13)]
    return files


# -- systems ---------------------------------------------------------------------------------

def test_systems_lists_every_system_and_its_scenarios(capsys):
    """One heading a system (``id: title``, in the registry's order), then one line a scenario: its name,
    ``(default)`` on the system's default scenario, its title and its summary."""
    code, out, err = run(capsys, "systems")
    assert code == 0 and err == ""
    lines = out.splitlines()
    headers = [line for line in lines if not line.startswith(" ")]
    assert headers == [f"{s.id}: {s.title}" for s in all_systems().values()]
    for system in all_systems().values():
        start = lines.index(f"{system.id}: {system.title}") + 1
        end = next((i for i in range(start, len(lines)) if not lines[i].startswith(" ")), len(lines))
        section = [line.strip() for line in lines[start:end] if not line.strip().startswith("campaign ")]
        assert len(section) == len(system.scenarios()) >= 1, system.id
        for info, line in zip(system.scenarios(), section, strict=True):
            default = " (default)" if info.name == system.default_scenario() else ""
            assert info.title and line.startswith(f"{info.name}{default}: {info.title}."), (system.id, line)
            assert line.endswith(info.summary.strip()), (system.id, line)
        assert sum("(default)" in line for line in section) == 1, system.id


# -- new -------------------------------------------------------------------------------------

def test_new_writes_a_loadable_battle_at_the_default_path(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "new", "ratfight", "--scenario", "village", "--seed", "42")
    assert code == 0 and err == ""
    path = Path("saves/ratfight-village-42.json")
    assert out == f"{path}\n"
    battle = load_battle(tmp_path / path)
    assert battle.setup.scenario == "village" and battle.setup.seed == 42
    assert battle.setup.players == {"red": "human", "blue": "default"}
    assert battle.setup.undo_policy == "practice"
    assert battle.log == [] and battle.outcome() is None


def test_new_records_players_and_undo_policy(capsys, tmp_path):
    out_file = tmp_path / "b.json"
    code, out, _ = run(capsys, "new", "ratfight", "--players", "random,human", "--undo", "strict",
                       "--out", str(out_file))
    assert code == 0 and out == f"{out_file}\n"
    battle = load_battle(out_file)
    assert battle.setup.players == {"red": "random", "blue": "human"}
    assert battle.setup.undo_policy == "strict"
    assert battle.setup.scenario == "convoy"


def test_new_refuses_to_overwrite_without_force(capsys, tmp_path):
    target = tmp_path / "battle.json"
    target.write_bytes(b"precious")
    code, out, err = run(capsys, "new", "ratfight", "--out", str(target))
    assert code == 1 and out == ""
    assert str(target) in assert_one_line_error(err)
    assert target.read_bytes() == b"precious"

    code, out, err = run(capsys, "new", "ratfight", "--out", str(target), "--force")
    assert code == 0 and err == ""
    assert load_battle(target).log == []


SYSTEM_IDS = list(all_systems())
SCENARIOS = all_systems()["ratfight"].scenario_names()  # RatFight is these tests' example system


@pytest.mark.parametrize("argv, bad, known", [
    (["new", "chess"], "chess", SYSTEM_IDS),
    (["new", "ratfight", "--scenario", "moon"], "moon", SCENARIOS),
    (["selfplay", "chess"], "chess", SYSTEM_IDS),
    (["selfplay", "ratfight", "--scenario", "moon"], "moon", SCENARIOS),
    (["watch", "chess"], "chess", SYSTEM_IDS),
])
def test_unknown_system_or_scenario_is_one_line_naming_the_choices(capsys, tmp_path, argv, bad, known):
    code, out, err = run(capsys, *argv, *(["--out", str(tmp_path / "x.json")] if argv[0] == "new" else []))
    assert code == 1 and out == ""
    line = assert_one_line_error(err)
    assert f"'{bad}'" in line
    assert all(name in line for name in known)
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize("players, bad", [("human,bob", "'bob'"), ("human", "2 names")])
def test_new_refuses_unknown_or_missing_players(capsys, tmp_path, players, bad):
    code, _, err = run(capsys, "new", "ratfight", "--players", players, "--out", str(tmp_path / "x.json"))
    assert code == 1
    line = assert_one_line_error(err)
    assert bad in line
    assert all(name in line for name in ("human", "random", "default"))
    assert not (tmp_path / "x.json").exists()


# -- selfplay --------------------------------------------------------------------------------

def test_selfplay_json_is_identical_across_runs_and_complete(capsys):
    argv = ["selfplay", "ratfight", "--games", "3", "--seed", "5", "--json", "--players", "random,random"]
    code1, first, err1 = run(capsys, *argv)
    code2, second, err2 = run(capsys, *argv)
    assert code1 == code2 == 0 and err1 == err2 == ""
    assert first == second
    records = [json.loads(line) for line in first.splitlines()]
    assert [r["game"] for r in records] == [1, 2, 3]
    assert [r["seed"] for r in records] == [5, 6, 7]
    for r in records:
        assert set(r) == GAME_KEYS
        assert r["scenario"] == "convoy" and r["players"] == ["random", "random"]
        assert r["winner"] in ("red", "blue", None)
        assert r["winner_player"] == (None if r["winner"] is None else "random")
        assert isinstance(r["reason"], str) and r["reason"]
        assert r["turns"] >= 1 and r["commands"] >= 1


def test_selfplay_winner_player_follows_the_winning_side(capsys):
    code, out, _ = run(capsys, "selfplay", "ratfight", "--scenario", "village", "--games", "4",
                       "--players", "random,default", "--json")
    assert code == 0
    for r in map(json.loads, out.splitlines()):
        expected = {"red": "random", "blue": "default", None: None}[r["winner"]]
        assert r["winner_player"] == expected


def test_selfplay_plain_text_lines_and_summary_agree_with_json(capsys):
    common = ["selfplay", "ratfight", "--scenario", "village", "--seed", "3", "--games", "3",
              "--players", "random,random"]
    _, text, _ = run(capsys, *common)
    _, lines, _ = run(capsys, *common, "--json")
    records = [json.loads(line) for line in lines.splitlines()]
    *games, summary = text.splitlines()
    assert len(games) == 3
    for line, r in zip(games, records, strict=True):
        result = f"winner {r['winner']} (random)" if r["winner"] else "draw"
        assert line.startswith(f"game {r['game']}: {result} in {r['turns']} turn")
        assert f", {r['commands']} command" in line
    red = sum(r["winner"] == "red" for r in records)
    blue = sum(r["winner"] == "blue" for r in records)
    draws = sum(r["winner"] is None for r in records)
    assert summary.startswith("after 3 games: ")
    assert f"red (random) {red} win" in summary and f"blue (random) {blue} win" in summary
    assert summary.endswith(f" {draws} draw" + ("" if draws == 1 else "s"))


@pytest.mark.parametrize("players", ["human,random", "random,cheater"])
def test_selfplay_accepts_only_computer_players(capsys, players):
    code, out, err = run(capsys, "selfplay", "ratfight", "--players", players)
    assert code == 1 and out == ""
    line = assert_one_line_error(err)
    assert "random" in line and "default" in line


def test_selfplay_stops_a_battle_that_does_not_end(capsys, monkeypatch):
    from hexfront.engine.core import playout

    monkeypatch.setattr(playout, "MAX_GAME_COMMANDS", 5)
    code, _, err = run(capsys, "selfplay", "ratfight", "--players", "random,random")
    assert code == 1
    assert "5 commands" in assert_one_line_error(err)


def test_selfplay_save_dir_files_verify(capsys, saved_games):
    for path in saved_games:
        code, out, err = run(capsys, "replay", str(path), "--verify")
        assert code == 0 and err == ""
        n = len(load_battle(path).log)
        assert out.startswith(f"verified: {n} commands, every state hash matches; final state ")
        assert len(out.splitlines()) == 1


def test_selfplay_json_names_the_save(capsys, tmp_path):
    code, out, _ = run(capsys, "selfplay", "ratfight", "--scenario", "village", "--seed", "9",
                       "--players", "random,random", "--save-dir", str(tmp_path), "--json")
    assert code == 0
    record = json.loads(out)
    assert set(record) == GAME_KEYS | {"save"}
    assert record["save"] == str(tmp_path / "ratfight-village-9.json")
    battle = load_battle(record["save"])
    assert len(battle.log) == record["commands"]
    assert battle.setup.players == {"red": "random", "blue": "random"}


# -- replay ----------------------------------------------------------------------------------

def test_replay_verify_names_the_first_tampered_command(capsys, tmp_path, saved_games):
    data = json.loads(saved_games[0].read_text())
    assert len(data["commands"]) > 4
    data["commands"][3]["check"]["hash"] = "0000000000000000"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    before = tampered.read_bytes()
    code, out, err = run(capsys, "replay", str(tampered), "--verify")
    assert code == 1 and out == ""
    assert "command 4" in assert_one_line_error(err)
    assert tampered.read_bytes() == before


def test_replay_verify_of_a_new_battle(capsys, tmp_path):
    path = tmp_path / "fresh.json"
    assert main(["new", "ratfight", "--out", str(path)]) == 0
    capsys.readouterr()
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and out.startswith("verified: 0 commands")


def test_replay_json_lines(capsys, saved_games):
    code, out, err = run(capsys, "replay", str(saved_games[0]), "--json")
    assert code == 0 and err == ""
    records = [json.loads(line) for line in out.splitlines()]
    assert records[0]["command"] == 0
    numbers = [r["command"] for r in records]
    assert numbers == sorted(numbers)
    assert numbers[-1] == len(load_battle(saved_games[0]).log)
    assert all(set(r) == {"command", "event"} and "type" in r["event"] for r in records)


def test_replay_text_log(capsys, saved_games):
    battle = load_battle(saved_games[1])
    code, out, err = run(capsys, "replay", str(saved_games[1]))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("JTS RatFight, scenario village, seed 12")
    headers = [line for line in lines if line.startswith("#")]
    assert len(headers) == len(battle.log)
    assert headers[0].startswith(("#1 red: ", "#1 blue: "))
    assert lines[-1].startswith("outcome: ") and battle.outcome().reason in lines[-1]


def _hostile_files(good: str) -> dict[str, bytes]:
    data = json.loads(good)
    return {
        "corrupt": b"this is not { json",
        "truncated": good[: len(good) // 2].encode(),
        "binary": bytes(range(256)) * 4,
        "empty": b"",
        "deeply_nested": b"[" * 100000,
        "huge_number": good.replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5000).encode(),
        "seed_out_of_range": good.replace(f'"seed": {data["seed"]}', f'"seed": {2 ** 70}').encode(),
        "wrong_type": json.dumps({**data, "seed": "twelve"}).encode(),
        "unknown_version": json.dumps({**data, "format_version": 999}).encode(),
        "unknown_system": json.dumps({**data, "system": "chess"}).encode(),
        "unknown_command": json.dumps({**data, "commands": [
            {"command": {"type": "Nuke"}, "check": data["commands"][0]["check"]}]}).encode(),
        "not_a_save": b'{"hello": "world"}',
    }


@pytest.mark.parametrize("mode", [[], ["--text"], ["--verify"], ["--json"]])
def test_hostile_save_files_give_one_line_and_stay_untouched(capsys, tmp_path, saved_games, mode):
    good = saved_games[0].read_text()
    for name, content in _hostile_files(good).items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(content)
        code, out, err = run(capsys, "replay", str(path), *mode)
        assert code == 1, name
        assert out == "", name
        assert str(path) in assert_one_line_error(err), name
        assert path.read_bytes() == content, name


def test_replay_text_is_the_printed_log_and_the_default_without_a_terminal(capsys, saved_games):
    """--text prints the event log; so does a plain 'replay' when standard output is not a terminal."""
    code, text, err = run(capsys, "replay", str(saved_games[1]), "--text")
    assert code == 0 and err == ""
    assert text.splitlines()[0].startswith("JTS RatFight, scenario village, seed 12")
    assert text.splitlines()[-1].startswith("outcome: ")
    opened = []
    code = main(["replay", str(saved_games[1])], play=lambda args: opened.append(args) or 0)
    out, err = capsys.readouterr()
    assert code == 0 and out == text and err == "" and opened == []  # captured output is no terminal


def test_replay_on_a_terminal_opens_the_viewer(capsys, monkeypatch, saved_games):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    opened = []
    code = main(["replay", str(saved_games[0])], play=lambda args: opened.append(args) or 0)
    out, err = capsys.readouterr()
    assert code == 0 and out == "" and err == ""
    assert len(opened) == 1 and opened[0].command == "replay" and opened[0].file == str(saved_games[0])
    # --text, --verify and --json still print, terminal or not
    for flag in ("--text", "--verify", "--json"):
        assert main(["replay", str(saved_games[0]), flag], play=lambda args: opened.append(args) or 0) == 0
    assert len(opened) == 1 and capsys.readouterr().out


def test_replay_on_a_terminal_refuses_a_bad_file_in_one_line_before_any_screen(capsys, monkeypatch, tmp_path,
                                                                             saved_games):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    opened = []
    for name, content in _hostile_files(saved_games[0].read_text()).items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(content)
        code = main(["replay", str(path)], play=lambda args: opened.append(args) or 0)
        out, err = capsys.readouterr()
        if name == "unknown_command":  # a readable save edited by hand: the viewer opens and says where
            assert code == 0 and opened and opened[-1].file == str(path)
            continue
        assert code == 1 and out == "", name
        assert str(path) in assert_one_line_error(err), name
        assert path.read_bytes() == content, name
    assert [a.file for a in opened] == [str(tmp_path / "unknown_command.json")]


def test_the_launcher_hands_replay_to_the_viewer(monkeypatch, saved_games):
    """tui/launch.py starts the app on the replay viewer for 'hexfront replay FILE' (the app itself is faked),
    handing it the battle the command line has already loaded (the save is read once)."""
    import hexfront.tui.app  # noqa: F401
    from hexfront import tui
    from hexfront.tui.launch import main as hexfront

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    started = []
    monkeypatch.setattr(tui.app, "run", lambda **kw: started.append(kw) or 0)
    assert hexfront(["replay", str(saved_games[2])]) == 0
    assert len(started) == 1 and started[0]["start"] == "replay" and started[0]["replay"] == saved_games[2]
    battle, divergence = started[0]["loaded"]
    assert divergence is None and battle.log == load_battle(saved_games[2]).log


def test_replay_of_a_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert code == 1
    assert "nowhere.json" in assert_one_line_error(err)


# -- play, help, usage, interrupts --------------------------------------------------------------

def test_watch_needs_the_system_named(capsys):
    """No rule system is the command line's default: 'hexfront watch' alone is a usage mistake."""
    code, out, err = run(capsys, "watch")
    assert code == 2 and out == ""
    assert "Traceback" not in err and "the following arguments are required: SYSTEM" in err


def test_watch_prints_a_battle_of_the_default_scenario_to_its_end(capsys):
    """The first system in the registry's order that has its own computer player (watch sets two of them)."""
    system = next(s for s in all_systems().values() if "default" in s.computer_players())
    code, out, err = run(capsys, "watch", system.id)
    assert code == 0 and err == ""
    lines = out.splitlines()
    sides = system.sides(Battle.new(system.id).state)
    assert lines[0] == (f"{system.title}, scenario {system.default_scenario()}, seed 0 "
                        f"({', '.join(f'{side}: default' for side in sides)})")
    assert any(line.startswith("#1 ") for line in lines)
    assert lines[-1].startswith("outcome: ")
    assert run(capsys, "watch", system.id, "--scenario", system.default_scenario(), "--seed", "0")[1] == out


def test_play_without_a_terminal_says_what_to_do_instead(capsys):
    """With no command, hexfront starts the game; with no terminal, it says so in one line."""
    from hexfront.tui.launch import main as hexfront

    for argv in ([], ["play"]):
        code = hexfront(argv)
        out, err = capsys.readouterr()
        assert code == 1 and out == ""
        assert err.strip() == ("hexfront: 'hexfront play' needs a terminal; "
                               "for a text log of a battle use 'hexfront watch'")


def test_the_command_line_without_the_launcher_says_where_the_game_is(capsys):
    """The command line called without the launcher's front end (as these tests do) starts no game."""
    code, out, err = run(capsys, "play")
    assert code == 1 and out == ""
    assert err.strip() == ("hexfront: the terminal game is not started by this command line alone; "
                           "start it with 'hexfront play' or 'python -m hexfront.tui play'")


@pytest.mark.parametrize("command", [[], ["systems"], ["new"], ["replay"], ["selfplay"], ["play"], ["watch"]])
def test_help_exits_zero(capsys, command):
    code, out, _ = run(capsys, *command, "--help")
    assert code == 0
    assert out.startswith("usage: hexfront")


@pytest.mark.parametrize("argv", [
    ["selfplay", "ratfight", "--seed", "-1"],
    ["selfplay", "ratfight", "--games", "0"],
    ["new", "ratfight", "--undo", "sometimes"],
    ["replay", "x.json", "--verify", "--json"],
    ["conquer"],
])
def test_usage_errors_exit_two_without_traceback(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "Traceback" not in err and "error:" in err


def test_interrupt_is_one_line_and_exit_130(capsys, monkeypatch):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_systems", interrupted)
    code, _, err = run(capsys, "systems")
    assert code == 130
    assert_one_line_error(err)


def test_python_dash_m_hexfront_tui_runs_the_command_line():
    result = subprocess.run([sys.executable, "-m", "hexfront.tui", "systems"], cwd=REPO,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    headers = [f"{s.id}: {s.title}" for s in all_systems().values()]
    assert [line for line in result.stdout.splitlines() if not line.startswith(" ")] == headers
    assert result.stderr == ""


def test_selfplay_dustup_plays_computer_against_computer_to_the_end(capsys):
    """Issue 5: `hexfront selfplay dustup` (the default computer player on both sides)."""
    code, out, err = run(capsys, "selfplay", "dustup", "--scenario", "patrol", "--games", "1", "--seed", "3",
                         "--json")
    assert code == 0 and err == ""
    record = json.loads(out)
    assert record["scenario"] == "patrol" and record["players"] == ["default", "default"]
    assert set(record) == GAME_KEYS and record["winner"] in ("red", "blue", None) and record["commands"] > 10


def computer(system: RuleSystem) -> str:
    """The system's own computer player, ``default``; a system without one plays ``random`` (every system has it)."""
    return "default" if "default" in system.computer_players() else "random"


def last_turn(system: RuleSystem, scenario: str) -> int | None:
    """The scenario's turn or round limit as its file gives it: a whole number named ``turn_limit``,
    ``round_limit`` or ``rounds``, at the top of the file or in one of its tables; None if it gives none."""
    raw = read_toml(scenario_files(system.content_dir())[scenario])
    for table in (raw, *(v for v in raw.values() if isinstance(v, dict))):
        for key in ("turn_limit", "round_limit", "rounds"):
            if type(table.get(key)) is int:
                return table[key]
    return None


#: every scenario of every system but the tutorials (scripted lessons, played through by their own tests)
#: every scenario but the tutorials and a campaign's battles: each campaign's test fights those to the end
#: through ``hexfront campaign ... --play`` and verifies them with ``hexfront replay FILE --verify``
#: (campaignkit.check_printed; Mill Race: tests/test_cli_campaigns.py)
BATTLES = [(system_id, scenario) for system_id, system in all_systems().items()
           for scenario in system.scenario_names()
           if scenario not in tutorial_scenarios(system)
           and not any(scenario in spec.battles for spec in campaigns_of(system))]


#: the seed of the selfplay battles below
SEED = "3"


@pytest.fixture(scope="module")
def selfplayed(tmp_path_factory):
    """``selfplayed(capsys, system_id, scenario)``: the JSON record and the save of `hexfront selfplay SYSTEM
    --scenario SCENARIO --seed 3 --json --save-dir DIR` with the system's computer on both sides, played once
    for the module (a whole battle takes seconds; the tests below read the same one)."""
    folder = tmp_path_factory.mktemp("selfplay")
    played: dict[tuple[str, str], tuple[dict, Path]] = {}

    def play(capsys, system_id: str, scenario: str) -> tuple[dict, Path]:
        if (system_id, scenario) not in played:
            player = computer(all_systems()[system_id])
            code, out, err = run(capsys, "selfplay", system_id, "--scenario", scenario, "--games", "1",
                                 "--seed", SEED, "--players", f"{player},{player}", "--save-dir", str(folder),
                                 "--json")
            assert code == 0 and err == ""
            played[system_id, scenario] = json.loads(out), folder / f"{system_id}-{scenario}-{SEED}.json"
        return played[system_id, scenario]

    return play


@pytest.mark.parametrize("system_id, scenario", BATTLES)
def test_selfplay_plays_computer_against_computer_to_the_end_and_the_save_verifies(
        capsys, selfplayed, system_id, scenario):
    """`hexfront selfplay SYSTEM` plays a whole battle of each scenario within its turn (or round) limit;
    `hexfront replay --verify` accepts the save it wrote. A campaign's scenarios are left out (see BATTLES):
    the campaign's test fights each of them to the end through the command line and verifies the file."""
    system = all_systems()[system_id]
    player = computer(system)
    record, path = selfplayed(capsys, system_id, scenario)
    battle = load_battle(path)
    sides = system.sides(battle.state)
    assert set(record) == GAME_KEYS | {"save"}
    assert record["scenario"] == scenario and record["players"] == [player, player]
    assert record["winner"] in (*sides, None) and record["reason"] and record["commands"] > 10
    assert record["winner_player"] == (player if record["winner"] else None)
    limit = last_turn(system, scenario)
    assert 1 <= record["turns"] <= (limit if limit is not None else record["turns"])
    assert record["save"] == str(path)
    assert battle.setup.players == {side: player for side in sides}
    assert len(battle.log) == record["commands"]
    outcome = battle.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (record["winner"], record["reason"])
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and err == ""
    assert out.startswith(f"verified: {record['commands']} commands, every state hash matches; final state ")
    assert len(out.splitlines()) == 1


@pytest.mark.parametrize("system_id", ["ratfight", "dustup"])
def test_selfplay_prints_the_outcome_and_the_tally(capsys, selfplayed, system_id):
    """The plain-text lines of a selfplay (the default scenario) agree with the JSON record of the same battle
    (the same seed and players; the JSON one also saved, which changes no order). One function writes these
    lines for every system: two systems with their own sides and turns show it (every system's battles are
    played by the selfplay test above)."""
    system = all_systems()[system_id]
    player = computer(system)
    code, out, err = run(capsys, "selfplay", system_id, "--seed", SEED, "--players", f"{player},{player}")
    assert code == 0 and err == ""
    record, _ = selfplayed(capsys, system_id, system.default_scenario())
    assert record["scenario"] == system.default_scenario()
    sides = system.sides(Battle.new(system_id).state)
    result = f"winner {record['winner']} ({player})" if record["winner"] else "draw"
    turns = f"{record['turns']} turn{'s' if record['turns'] != 1 else ''}"
    wins = {side: int(record["winner"] == side) for side in sides}
    tally = ", ".join(f"{side} ({player}) {n} win{'s' if n != 1 else ''}" for side, n in wins.items())
    draws = "1 draw" if record["winner"] is None else "0 draws"
    assert out.splitlines() == [f"game 1: {result} in {turns}, {record['commands']} commands",
                                f"after 1 game: {tally}, {draws}"]
