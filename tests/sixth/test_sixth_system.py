"""A sixth rule system, Marsh Raid, that lives only here (tests/sixth/marshraid: its package and its content
folder), played through everything a player uses: ``hexfront selfplay``, save, load, ``hexfront replay
--verify`` (real processes) and the Textual pilot. It is found through $HEXFRONT_SYSTEMS alone
(engine.core.system.all_systems): no file elsewhere names it. It is present only where the variable is
set: in these processes, and in this process only for the length of a test that sets it (``marsh_raid``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from marshraid import SYSTEM
from marshraid.orders import Hold, Move, Strike
from marshraid.raider import Raider
from marshraid.rules import strike_result
from tuikit import order_by_keys, pick_system, playtest, screen_text, settle

from hexfront.engine.core import system as registry
from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.hexes import offset_to_axial
from hexfront.engine.core.odds import dice_odds
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.saves import load_battle, save_battle

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
MODULE = "marshraid"


def ford(seed: int, at: dict[str, list[int]], script: tuple[int, ...] = ()) -> Battle:
    """The Ford with only the fighters named in ``at``, each where it gives (column, row): a scenario of the
    game's own kind, made for one rule, through the battle's ordinary setup."""
    content = SYSTEM.load_content("ford")
    content["scenario"]["pieces"] = [dict(p, at=at[p["id"]]) for p in content["scenario"]["pieces"] if p["id"] in at]
    setup = BattleSetup(system=MODULE, scenario="ford", seed=seed, content=content, rules_version="1",
                        players={"red": "human", "blue": "human"}, script=Script(dice=script))
    return Battle(SYSTEM, setup)


def hexfront(*argv: str, cwd: Path, systems: str | None = MODULE) -> subprocess.CompletedProcess[str]:
    """``python -m hexfront.tui ARGV`` as a real process, with $HEXFRONT_SYSTEMS naming Marsh Raid (importable
    from tests/sixth) unless ``systems`` says otherwise."""
    env = {k: v for k, v in os.environ.items() if k != "HEXFRONT_SYSTEMS"}
    env.update(PYTHONPATH=str(HERE), HEXFRONT_SAVES=str(cwd / "saves"))
    if systems is not None:
        env["HEXFRONT_SYSTEMS"] = systems
    return subprocess.run([sys.executable, "-m", "hexfront.tui", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


# -- found without an edit anywhere else ------------------------------------------------------------------

def test_nothing_outside_tests_sixth_names_the_sixth_system():
    named = []
    for folder in ("engine", "tui", "content", "tests", "benchmarks"):
        for path in (REPO / folder).rglob("*"):
            if path.is_file() and HERE not in path.parents and path.suffix in (".py", ".toml", ".md", ".json"):
                if MODULE in path.read_text(encoding="utf-8", errors="replace").lower():
                    named.append(str(path.relative_to(REPO)))
    named += [name for name in ("Makefile", "setup.py", "pyproject.toml")
              if MODULE in (REPO / name).read_text(encoding="utf-8").lower()]
    assert named == []


def test_it_is_present_only_where_the_variable_names_it(tmp_path, marsh_raid):
    assert list(registry.all_systems())[-1] == "marshraid"  # after the systems under engine/systems
    listed = hexfront("systems", cwd=tmp_path)
    assert listed.returncode == 0 and "marshraid: Marsh Raid" in listed.stdout.splitlines()
    assert "    ford (default): The Ford. Two raiding bands meet at the only ford through the marsh." in listed.stdout
    without = hexfront("systems", cwd=tmp_path, systems=None)
    headers = [line.split(":")[0] for line in without.stdout.splitlines() if not line.startswith(" ")]
    assert without.returncode == 0 and headers == [sid for sid in registry.all_systems() if sid != MODULE]


def test_the_other_tests_see_the_systems_under_engine_systems_only():
    """This process registers Marsh Raid only inside the ``marsh_raid`` fixture."""
    assert "HEXFRONT_SYSTEMS" not in os.environ or MODULE not in os.environ["HEXFRONT_SYSTEMS"]
    assert MODULE not in registry.all_systems()


@pytest.mark.parametrize(("value", "says"), [
    ("marshraid.nosuch", "names the module 'marshraid.nosuch', which cannot be imported (ModuleNotFoundError"),
    ("json", "names the module 'json', which has no SYSTEM (a RuleSystem)"),
    ("../marshraid", "names '../marshraid', which is not a module name"),
    ("\x1b]0;owned\x07", "names '\\x1b]0;owned\\x07', which is not a module name"),
    ("x" * 100_000, "which is not a module name"),
    ("marshraid,marshraid.orders", "names the module 'marshraid.orders', which has no SYSTEM"),
])
def test_a_bad_value_is_one_line_naming_what_is_wrong(tmp_path, value, says):
    assert_refused(hexfront("systems", cwd=tmp_path, systems=value), says)


def test_a_bad_value_stops_every_command_and_the_game_before_it_starts(tmp_path):
    for argv in (["selfplay", "ratfight"], ["play"], ["replay", "--verify", "any.json"]):
        assert_refused(hexfront(*argv, cwd=tmp_path, systems="marshraid.nosuch"), "cannot be imported")


def assert_refused(done: subprocess.CompletedProcess[str], says: str) -> None:
    """Exit 1, nothing on stdout, one escaped, bounded line on stderr saying what is wrong and what to do."""
    assert done.returncode == 1 and done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hexfront: HEXFRONT_SYSTEMS ") and says in lines[0], lines
    assert lines[0].endswith("unset HEXFRONT_SYSTEMS") and len(lines[0]) < 400 and "\x1b" not in lines[0]


# -- its rules, as its help writes them -------------------------------------------------------------------

def test_a_strike_is_one_d6_a_six_two_wounds_the_need_or_more_one():
    """Striking: needing 4, rolls 1-3 miss, 4-5 one wound, 6 two wounds; needing 6, a 6 is two wounds."""
    assert [strike_result((roll,), 4) for roll in range(1, 7)] == ["miss"] * 3 + ["one wound"] * 2 + ["two wounds"]
    assert [strike_result((roll,), 6) for roll in range(1, 7)] == ["miss"] * 5 + ["two wounds"]


def test_the_odds_shown_are_the_rule_counted_over_every_face(marsh_raid):
    """The preview's odds are exact: a spear in the open (need 4) 3/6, 2/6, 1/6; a target in reeds needs one more."""
    open_ground = ford(1, {"r1": [3, 2], "b1": [4, 2]}).state  # side by side on the mud
    preview = SYSTEM.preview(open_ground, Strike("r1", "b1"))
    assert [(c.outcome, Fraction(c.probability).limit_denominator(6), c.value) for c in preview.odds] == [
        ("miss", Fraction(1, 2), 0), ("one wound", Fraction(1, 3), 1), ("two wounds", Fraction(1, 6), 2)]
    assert preview.modifiers == () and preview.value_unit == "wounds" and not preview.estimate
    in_reeds = ford(1, {"r1": [2, 2], "b1": [2, 3]}).state  # b1 in the reeds at (2,3), next to r1
    preview = SYSTEM.preview(in_reeds, Strike("r1", "b1"))
    assert {c.outcome: c.probability for c in preview.odds} == {
        k: float(v) for k, v in dice_odds([6], lambda faces: strike_result(faces, 5)).items()}
    assert [c.probability * 6 for c in preview.odds] == pytest.approx([4, 1, 1])
    assert preview.modifiers == ("+1: the target stands in reeds",)


def test_a_scripted_six_fells_a_bowman_and_the_outcome_reads_it_back(marsh_raid):
    battle = Battle.new(MODULE, "ford", seed=2, script=Script(dice=(6,)))
    battle.setup.players = {"red": "human", "blue": "human"}
    for command in (Move("r3", offset_to_axial(2, 2)), Hold(), Move("r3", offset_to_axial(3, 2)), Hold()):
        battle.submit(command)
    assert SYSTEM.validate(battle.state, Strike("r3", "b3")) is None  # a bow reaches 3 hexes: (3,2) to (6,2)
    before = SYSTEM.copy_state(battle.state)
    events = battle.submit(Strike("r3", "b3"))
    assert [SYSTEM.describe(e, battle.state) for e in events] == [
        "d6 rolled 6: Bowman r3 strikes Bowman b3, needing 5", "Bowman b3 takes 1 wound", "Bowman b3 falls",
        "Blue Band to act (turn 3)"]  # a bowman has one wound to take
    assert SYSTEM.outcome_of(before, Strike("r3", "b3"), events) == "two wounds"
    assert "b3" not in {p.id for p in SYSTEM.board(battle.state).pieces}
    battle.submit(Hold())
    assert SYSTEM.validate(battle.state, Strike("r1", "b1")) == "Spearman b1 is beyond the reach of Spearman r1 (1 hex)"
    assert SYSTEM.validate(battle.state, Move("r1", offset_to_axial(5, 0))) == "(5,0) is not next to Spearman r1"
    assert SYSTEM.validate(battle.state, Move("b1", offset_to_axial(6, 1))) == (
        "Spearman b1 is of Blue Band, and Red Band gives this order")
    assert SYSTEM.validate(battle.state, Move("r1", offset_to_axial(0, 0))) is None
    assert SYSTEM.validate(battle.state, Move("r1", offset_to_axial(1, 0))) is None


def test_a_band_with_no_one_standing_loses_at_once(marsh_raid):
    battle = ford(3, {"r1": [0, 1], "r3": [1, 2], "b3": [6, 2]}, script=(6,))  # Blue has its bowman only
    battle.submit(Move("r3", offset_to_axial(2, 2)))
    battle.submit(Hold())
    battle.submit(Move("r3", offset_to_axial(3, 2)))
    battle.submit(Hold())
    battle.submit(Strike("r3", "b3"))
    outcome = battle.outcome()
    assert outcome is not None and outcome.winner == "red" and outcome.reason == "Blue Band has no one standing"
    assert battle.legal_commands() == []


# -- selfplay, save, load and replay --verify, as real processes ---------------------------------------------

def test_selfplay_saves_battles_that_load_and_replay_verify(tmp_path, marsh_raid):
    played = hexfront("selfplay", MODULE, "--games", "3", "--seed", "5", "--save-dir", "out", "--json", cwd=tmp_path)
    assert played.returncode == 0 and played.stderr == "", played.stderr
    games = [json.loads(line) for line in played.stdout.splitlines()]
    assert [g["seed"] for g in games] == [5, 6, 7] and all(g["players"] == ["default", "default"] for g in games)
    assert all(g["winner"] in ("red", "blue", None) and 2 <= g["commands"] <= 24 for g in games), games
    for game in games:
        path = tmp_path / game["save"]
        assert path.name == f"marshraid-ford-{game['seed']}.json"
        verified = hexfront("replay", "--verify", str(path), cwd=tmp_path)
        assert verified.returncode == 0 and verified.stdout.startswith(
            f"verified: {game['commands']} commands, every state hash matches"), verified.stderr
        loaded = load_battle(path, verify=True)  # and in this process, with the system registered
        outcome = loaded.outcome()
        assert len(loaded.log) == game["commands"] and outcome is not None and outcome.reason == game["reason"]
    text = hexfront("replay", "--text", str(tmp_path / games[0]["save"]), cwd=tmp_path).stdout.splitlines()
    assert text[0] == "Marsh Raid, scenario ford, seed 5 (red: default, blue: default)"
    assert "Spearman r1 of Red Band stands at (0,1)" in text and text[-1].startswith("outcome: ")


def test_a_battle_saved_here_loads_and_verifies_in_another_process(tmp_path, marsh_raid):
    battle = Battle.new(MODULE, "ford", seed=9)
    battle.setup.players = {"red": "human", "blue": "default"}
    raider = Raider(0)
    for _ in range(6):
        battle.submit(raider.choose(SYSTEM, battle.state))
    path = save_battle(battle, tmp_path / "raid.json")
    again = load_battle(path, verify=True)
    assert again.log == battle.log and SYSTEM.canonical(again.state) == SYSTEM.canonical(battle.state)
    verified = hexfront("replay", "--verify", str(path), cwd=tmp_path)
    assert verified.returncode == 0 and verified.stdout.startswith("verified: 6 commands"), verified.stderr
    refused = hexfront("replay", "--verify", str(path), cwd=tmp_path, systems=None)  # without the variable
    assert refused.returncode == 1 and "unknown rule system 'marshraid'" in refused.stderr


# -- the terminal game, played by keys -----------------------------------------------------------------------

@playtest
async def test_the_sixth_system_is_picked_on_the_title_screen_and_played_by_keys(saves, marsh_raid):
    from hexfront.tui.app import HexfrontApp
    from hexfront.tui.screens.battle import BattleScreen

    app = HexfrontApp(computer_delay=0, battle_seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, MODULE)
        form = screen_text(app)
        assert "Marsh Raid" in form and "The Ford" in form and "Red Band" in form
        await pilot.press("enter")  # you command the Red Band against the computer
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session.battle.setup.system == MODULE
        text = screen_text(app)
        assert "Red Band: one order (turn 1 of 12)" in text
        raider, struck = Raider(0), False
        for _ in range(12):  # the raider's choice for Red, given with the keys a player presses
            state = screen.session.state
            command = raider.choose(SYSTEM, state)
            if isinstance(command, Hold):
                break
            if isinstance(command, Strike):
                await order_by_keys(pilot, screen, command, confirm=False)
                pane = " ".join(str(screen.query_one("#orders").render()).split())
                assert "miss" in pane and "wound" in pane and "%" in pane, pane
                await pilot.press("enter")
                await settle(pilot)
                struck = True
                break
            await order_by_keys(pilot, screen, command)
            await settle(pilot)
            assert command in screen.session.battle.log[-2:]  # given, and the computer has answered
        assert struck, "the bands never came within reach"
        text = screen_text(app)
        assert "strikes" in text and "d6 rolled" in text  # the dice log reads the strike
        log = screen.session.battle.log
        assert any(isinstance(c, Strike) for c in log) and any(isinstance(c, Move) for c in log)
