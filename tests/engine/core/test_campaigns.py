"""The campaign mode (engine/core/campaigns.py, campaignfile.py): a whole RatFight campaign fought by the
computer from a seed, its file, each embedded battle replaying alone, and hostile campaign files."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from pathlib import Path

import attrs
import pytest

from hexfront.engine.core.campaignfile import campaign_text, load_campaign, save_campaign
from hexfront.engine.core.campaigns import Campaign, campaigns_of, read_campaign
from hexfront.engine.core.errors import ContentError, HexfrontError, SaveError
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.playout import play_out
from hexfront.engine.core.saves import load_battle
from hexfront.engine.core.system import content_root, get_system

COMPUTERS = {"red": "default", "blue": "default"}


def fight(seed: int) -> Campaign:
    """The Mill Race fought to its end by the computer on both sides."""
    campaign = Campaign.start("ratfight", "mill_race", players=COMPUTERS, seed=seed)
    while campaign.current is not None:
        play_out(campaign.current, computer_players_for(campaign.current))
        campaign.give_aftermath()
        campaign.next_battle()
    return campaign


@pytest.fixture(scope="module")
def fought() -> Campaign:
    return fight(3)


def test_a_whole_campaign_from_a_seed_gives_a_byte_identical_file(fought: Campaign, tmp_path: Path) -> None:
    """Three battles, each with its availability draws, from seed 3: the same file twice (and a known one)."""
    assert fought.finished() and [f.battle.setup.scenario for f in fought.fought] == list(fought.spec.battles)
    assert [f.battle.setup.seed for f in fought.fought] == [3, 4, 5]
    again = campaign_text(fight(3))
    assert again == campaign_text(fought)
    assert campaign_text(fight(4)) != again
    first, second = save_campaign(fought, tmp_path / "a.json"), tmp_path / "b.json"
    save_campaign(load_campaign(first), second)
    assert first.read_bytes() == second.read_bytes()  # load and save again: identity
    assert hashlib.sha256(first.read_bytes()).hexdigest() == hashlib.sha256(again.encode()).hexdigest()


def test_what_carried_over_is_the_next_battles_content(fought: Campaign) -> None:
    """Everyone lost or taken prisoner so far is missing from every later battle's content."""
    for before, after in zip(fought.fought, fought.fought[1:], strict=False):
        gone = {mid for side in before.carried.values() for mid in [*side["lost"], *side["captured"]]}
        assert gone.isdisjoint(after.battle.state.models)
        assert after.battle.setup.content["scenario"]["campaign"]["lost"] == {
            side: info["lost"] for side, info in before.carried.items()}
    every = [f.battle for f in fought.fought]
    assert all(b.setup.options == {"campaign": "mill_race"} for b in every)
    assert all(b.state.aftermath_done for b in every)
    assert fought.result_line() == "Weir Stoats win the campaign (battles won: Mill Rats 1, Weir Stoats 2)."


def test_each_embedded_battle_replays_alone_to_its_recorded_hash(fought: Campaign, tmp_path: Path) -> None:
    path = save_campaign(fought, tmp_path / "c.json")
    raw = json.loads(path.read_text())
    for i, record in enumerate(raw["fought"]):
        alone = tmp_path / f"battle{i + 1}.json"
        alone.write_text(json.dumps(record["save"]))
        battle = load_battle(alone, verify=True)
        assert battle.checkpoints[-1].hash == record["save"]["commands"][-1]["check"]["hash"]
        assert battle.outcome() is not None and battle.outcome().winner == record["winner"]
        assert type(battle.log[-1]).__name__ == "DrawForCasualties"  # the draws are in the battle's own log


def test_a_campaign_in_progress_resumes_with_its_battle(tmp_path: Path) -> None:
    campaign = Campaign.start("ratfight", "mill_race", players={"red": "human", "blue": "default"}, seed=9)
    battle = campaign.current
    assert battle is not None
    battle.submit(battle.legal_commands()[0])
    path = save_campaign(campaign, tmp_path / "going.json")
    back = load_campaign(path)
    assert back.current is not None and back.current.log == battle.log and back.fought == []
    assert back.current.setup.players == {"red": "human", "blue": "default"}
    with pytest.raises(HexfrontError, match="not over yet"):
        back.next_battle()


def test_the_campaign_files_are_checked() -> None:
    system = get_system("ratfight")
    assert [c.name for c in campaigns_of(system)] == ["mill_race"]
    with pytest.raises(HexfrontError, match="has no campaign 'nope'; campaigns: mill_race"):
        read_campaign(system, "nope")


@pytest.mark.parametrize(("text", "says"), [
    ('title = "T"\nsummary = "S"\nbattles = ["village"]\n', "must list 2 to 20 scenarios, found 1"),
    ('title = "T"\nsummary = "S"\nbattles = ["village", "nowhere"]\n', "names the scenario 'nowhere'"),
    ('title = "T"\nsummary = "S"\nbattles = ["village", "ditch"]\nfoo = 1\n', "unknown key 'foo'"),
    ('title = "T"\nsummary = "two\\nlines"\nbattles = ["village", "ditch"]\n', "must be one line"),
    ('title = 7\nsummary = "S"\nbattles = ["village", "ditch"]\n', "key 'title' must be text"),
    ('summary = "S"\nbattles = ["village", "ditch"]\n', "missing key 'title'"),
    ('title = "T"\nsummary = "S"\nbattles = "village"\n', "key 'battles' must be a list"),
    ('title = "T\n', "not valid TOML"),
])
def test_a_hostile_campaign_content_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     text: str, says: str) -> None:
    root = tmp_path / "content"
    shutil.copytree(content_root(), root)
    (root / "ratfight" / "campaigns" / "bad.toml").write_text(text)
    monkeypatch.setenv("HEXFRONT_CONTENT", str(root))
    with pytest.raises(ContentError) as caught:
        read_campaign(get_system("ratfight"), "bad")
    assert says in caught.value.message and "\n" not in caught.value.message
    assert "bad.toml" in caught.value.message


def _edit(raw: dict, how: str) -> None:
    """Damage a campaign file's record one way."""
    if how == "winner":
        raw["fought"][0]["winner"] = "blue" if raw["fought"][0]["winner"] != "blue" else "red"
    elif how == "carried":
        raw["fought"][0]["carried"]["red"]["lost"] = {"R2": "Nib"}
    elif how == "seed":
        raw["seed"] += 1
    elif how == "scenarios":
        raw["battles"][1], raw["battles"][2] = raw["battles"][2], raw["battles"][1]
    elif how == "order":
        raw["fought"][1]["save"]["commands"].pop(3)
    elif how == "current":  # the third battle in play holds the first battle's save
        raw["fought"].pop()
        raw["current"] = raw["fought"][0]["save"]
    elif how == "extra":
        raw["cheat"] = True
    elif how == "player":
        raw["players"]["red"] = "sneaky"
    elif how == "tag":
        raw["format"] = "hexfront-save"
    elif how == "version":
        raw["format_version"] = 99
    elif how == "campaign":
        raw["campaign"] = "../../etc"
    elif how == "system":
        raw["system"] = "chess"
    elif how == "undo":
        raw["undo_policy"] = "whenever"
    elif how == "battles":
        raw["battles"] = ["mill_race_1_ford"]
    elif how == "swap":
        raw["fought"][0], raw["fought"][1] = raw["fought"][1], raw["fought"][0]
    elif how == "options":
        raw["options"] = {"campaign": "other"}
    elif how == "embedded-options":
        raw["fought"][2]["save"]["options"]["campaign"] = "other"
    elif how == "ended":  # no battle in play after the second, though both sides can fight on
        raw["fought"].pop()
        raw["current"] = None
    elif how == "embedded-players":
        raw["fought"][0]["save"]["players"]["red"] = "human"


EDITS = ["winner", "carried", "seed", "scenarios", "order", "current", "extra", "player", "tag", "version",
         "campaign", "system", "undo", "battles", "swap", "embedded-players", "options", "embedded-options", "ended"]


@pytest.mark.parametrize("how", EDITS)
def test_a_damaged_or_hand_made_campaign_file_is_refused_in_one_line(fought: Campaign, tmp_path: Path,
                                                                      how: str) -> None:
    path = save_campaign(fought, tmp_path / "c.json")
    raw = json.loads(path.read_text())
    _edit(raw, how)
    path.write_text(json.dumps(raw))
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_campaign(path)
    assert "\n" not in caught.value.message and len(caught.value.message) <= 400
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


@pytest.mark.parametrize("data", [b"", b"{", b"[]", b"\xff\xfe", b'{"format": "hexfront-campaign"}',
                                  b'{"format": "hexfront-campaign", "format_version": 1, "a": NaN}',
                                  b'{"format": "hexfront-campaign", "format": "hexfront-campaign"}',
                                  b"[" * 100_000])
def test_files_that_are_no_campaign_at_all_are_one_line(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "c.json"
    path.write_bytes(data)
    with pytest.raises(SaveError) as caught:
        load_campaign(path)
    assert "\n" not in caught.value.message


def test_fuzzed_campaign_files_are_refused_in_one_line_or_read_whole(fought: Campaign, tmp_path: Path) -> None:
    """Random damage (bytes flipped, cut, values swapped in the JSON): one SaveError line, or a campaign whose
    every battle verified; never another exception. Seeded, so a failure repeats."""
    text = campaign_text(fought)
    rng = random.Random(20)
    path = tmp_path / "c.json"
    refused = 0
    for case in range(60):
        data = bytearray(text.encode())
        kind = case % 3
        if kind == 0:
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(32, 127)
        elif kind == 1:
            data = data[:rng.randrange(len(data))]
        else:
            raw = json.loads(text)
            record = raw["fought"][rng.randrange(3)]["save"]
            entry = record["commands"][rng.randrange(len(record["commands"]))]
            entry["command"] = raw["fought"][rng.randrange(3)]["save"]["commands"][0]["command"]
            data = bytearray(json.dumps(raw).encode())
        path.write_bytes(bytes(data))
        try:
            load_campaign(path)
        except SaveError as exc:
            refused += 1
            assert "\n" not in exc.message
    assert refused >= 40


def test_a_side_with_nothing_left_to_field_ends_the_campaign_won_by_the_other(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Dustup's carry_into finds a side with no unit left (CampaignOver): the runner ends the campaign there, not
    with an error; the side that still has a force wins it, the file keeps the early end and reads it back, and
    a file whose early end the battles do not bear out is refused. The first battle of the Sangar Valley is
    fought by the computer; red's roster is then made empty as if every marine had fallen."""
    system = get_system("dustup")
    real = system.campaign_rules()
    assert real is not None

    def wiped(state: object) -> dict:
        carried = real.carry_from(state)
        carried["red"]["units"] = {}
        return carried

    campaign = Campaign.start("dustup", "sangar", players=COMPUTERS, seed=2)
    assert campaign.current is not None
    play_out(campaign.current, computer_players_for(campaign.current))
    going = save_campaign(campaign, tmp_path / "going.json")  # battle 1 over, not yet closed
    monkeypatch.setattr(type(system), "campaign_rules", lambda self: attrs.evolve(real, carry_from=wiped))
    campaign.rules = system.campaign_rules()
    done = campaign.next_battle()
    assert campaign.current is None and campaign.finished() and len(campaign.fought) == 1
    assert campaign.over is not None and campaign.over.beaten == ("red",)
    assert done.carried["red"]["units"] == {}
    line = campaign.result_line()
    assert line.startswith("Free Colonists win the campaign: Colonial Marines has no unit left to field: "
                           "the campaign is over (battles won: ")
    back = load_campaign(save_campaign(campaign, tmp_path / "over.json"))
    assert back.finished() and back.over is not None and back.result_line() == line
    monkeypatch.undo()
    raw = json.loads(going.read_text())
    raw["fought"] = [{"winner": done.winner, "reason": done.reason, "carried": real.carry_from(done.battle.state),
                      "save": raw["current"]}]
    raw["current"] = None  # the marines could fight on: an early end the battle does not bear out
    going.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="both sides can fight on"):
        load_campaign(going)
