"""The command line's campaigns: ``hexfront campaigns``, ``hexfront campaign SYSTEM NAME`` and ``hexfront
replay`` of a campaign file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hexfront.engine.core.campaignfile import load_campaign
from hexfront.tui.cli import main

sys.path.insert(0, str(Path(__file__).parent))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_campaigns_and_systems_list_the_campaigns(capsys):
    code, out, err = run(capsys, "campaigns")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines if not line.startswith(" ")] == [  # every system's, by id
        "disrupter valley", "dustup sangar", "minutemissions ironvale", "ratfight mill_race"]
    at = lines.index(next(line for line in lines if line.startswith("ratfight ")))
    assert lines[at:at + 4] == [
        "ratfight mill_race: The Mill Race. Three battles for the mill: the ford, a raid on the farm where "
        "prisoners are taken, and the mill itself.",
        "    battle 1: mill_race_1_ford", "    battle 2: mill_race_2_farm", "    battle 3: mill_race_3_mill"]
    code, out, _ = run(capsys, "campaigns", "skirmishes")
    assert code == 0 and out == "no campaigns in Skirmishes\n"
    code, out, _ = run(capsys, "systems")
    assert "    campaign mill_race: The Mill Race." in out


def test_a_campaign_starts_as_a_file_in_the_saves_folder(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("HEXFRONT_SAVES", str(tmp_path))
    code, out, err = run(capsys, "campaign", "ratfight", "mill_race", "--seed", "7")
    path = tmp_path / "ratfight-campaign-mill_race-7.json"
    assert (code, out, err) == (0, f"{path}\n", "")
    campaign = load_campaign(path)
    assert campaign.current is not None and campaign.current.setup.scenario == "mill_race_1_ford"
    assert campaign.players == {"red": "human", "blue": "default"} and campaign.current.setup.seed == 7
    code, _, err = run(capsys, "campaign", "ratfight", "mill_race", "--seed", "7")
    assert code == 1 and "already exists; give --force" in err


def test_a_campaign_fought_by_the_computer_prints_what_carried_and_replays(capsys, tmp_path):
    out_file = tmp_path / "c.json"
    code, out, err = run(capsys, "campaign", "ratfight", "mill_race", "--players", "default,default", "--play",
                         "--seed", "3", "--out", str(out_file))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "battle 1 (mill_race_1_ford, seed 3): winner red: the morale of Weir Stoats broke"
    assert "      Tallow was taken prisoner: lost." in lines
    assert lines[-2] == "Weir Stoats win the campaign (battles won: Mill Rats 1, Weir Stoats 2)."
    code, out, err = run(capsys, "replay", str(out_file), "--verify")
    assert code == 0 and [line.split(" verified")[0] for line in out.splitlines()] == [
        "battle 1 (mill_race_1_ford)", "battle 2 (mill_race_2_farm)", "battle 3 (mill_race_3_mill)"]
    code, out, err = run(capsys, "replay", str(out_file), "--battle", "2", "--text")
    assert code == 0 and out.splitlines()[0] == "== The Mill Race, battle 2 of 3 =="
    assert "Tallow [R3]" in out and "battle 3" not in out
    code, out, err = run(capsys, "replay", str(out_file), "--battle", "2", "--json")
    assert code == 0 and all(json.loads(line)["command"] >= 0 for line in out.splitlines())
    code, out, err = run(capsys, "replay", str(out_file), "--battle", "4")
    assert code == 1 and err == "hexfront: the campaign has 3 battles so far; --battle is 1 to 3\n"


def test_campaign_mistakes_are_one_line(capsys, tmp_path):
    out = str(tmp_path / "x.json")
    for argv, says in [
        (["campaign", "ratfight", "nope", "--out", out], "hexfront: JTS RatFight has no campaign 'nope'; "
                                                        "campaigns: mill_race\n"),
        (["campaign", "ratfight", "mill_race", "--play", "--out", out], "hexfront: --play fights the campaign "
         "with computer players only; give --players with a computer player for every side\n"),
        (["campaign", "chess", "x", "--out", out], None),
    ]:
        code, _, err = run(capsys, *argv)
        assert code == 1 and err.count("\n") == 1 and (says is None or err == says)
    assert not (tmp_path / "x.json").exists()
    code, _, err = run(capsys, "replay", str(tmp_path / "y.json"), "--battle", "1")
    assert code == 1 and err.count("\n") == 1


def test_the_same_seed_gives_a_byte_identical_campaign_file_whatever_the_hash_seed(tmp_path):
    """Two real processes with different PYTHONHASHSEED fight the whole campaign from seed 3: the same bytes."""
    import os
    import subprocess
    import sys

    files = []
    for hash_seed in ("1", "4242"):
        out = tmp_path / f"c{hash_seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-m", "hexfront.tui", "campaign", "ratfight", "mill_race", "--play",
                               "--players", "default,default", "--seed", "3", "--out", str(out)],
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        files.append(out.read_bytes())
    assert files[0] == files[1] and len(files[0]) > 10_000


def test_a_campaign_ends_when_a_side_has_nothing_left_to_field(capsys, tmp_path, monkeypatch):
    """Dustup's carry_into finds a side with no unit left: ``--play`` stops there and says the campaign is over,
    won by the side that still has a force (not an error); the file keeps it, and the screen between battles
    says the same. The Sangar Valley's first battle is fought; red's roster is then emptied as if every marine
    had fallen (the carry-over rules otherwise the book's reading)."""
    import attrs

    from hexfront.engine.core.system import get_system
    from hexfront.tui.screens.campaign import step_text

    system = get_system("dustup")
    real = system.campaign_rules()

    def wiped(state):
        carried = real.carry_from(state)
        carried["red"]["units"] = {}
        return carried

    monkeypatch.setattr(type(system), "campaign_rules", lambda self: attrs.evolve(real, carry_from=wiped))
    out_file = tmp_path / "c.json"
    code, out, err = run(capsys, "campaign", "dustup", "sangar", "--players", "default,default", "--play",
                         "--seed", "3", "--out", str(out_file))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert [line for line in lines if line.startswith("battle ")] == [
        "battle 1 (sangar_farm, seed 3): winner blue: turn 8 is over; objectives even, Free Colonists lost fewer "
        "figures (4 to 7)"]
    assert "    Colonial Marines: 0 figures back for the next battle." in lines
    assert lines[-2] == ("Free Colonists win the campaign: Colonial Marines has no unit left to field: the campaign "
                         "is over (battles won: Colonial Marines 0, Free Colonists 1).")
    campaign = load_campaign(out_file)
    assert campaign.finished() and len(campaign.fought) == 1
    text = step_text(campaign, campaign.fought[-1]).plain
    assert "How the battle left them" in text and "The campaign is over. " + lines[-2] in text
    assert "1. Sangar I" in text and "Next:" not in text
