"""Fuzzed campaign files: a whole RatFight campaign's file, damaged in every way tests/security/mutations.py
knows (the save-specific kinds applied to one of the battles it embeds), run through ``hexfront replay
--verify``, the game's load path and the load list's line. One bounded error line or a campaign whose every
battle verified; never a traceback, an internal error, a changed file or a file written.

Seeded, so a failure repeats: case ``index`` is ``_case(SEED, index)``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hostile import hexfront, one_error_line
from mutations import KINDS, MUTATIONS

from hexfront.engine.core.campaignfile import campaign_text, load_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.engine.core.errors import SaveError
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.playout import play_out
from hexfront.tui.session import describe_save

SEED = 20
CASES = 60
#: the kinds that also make sense on the campaign's own record (every kind is applied to an embedded battle)
OUTER = ("truncate", "byte_flip", "wrong_type", "duplicate_key", "format_version", "unknown_player")
_HOLE = "\u0000__embedded__\u0000"


@pytest.fixture(scope="module")
def campaign_file() -> str:
    campaign = Campaign.start("ratfight", "mill_race", players={"red": "default", "blue": "default"}, seed=3)
    while campaign.current is not None:
        play_out(campaign.current, computer_players_for(campaign.current))
        campaign.give_aftermath()
        campaign.next_battle()
    return campaign_text(campaign)


def _case(text: str, seed: int, index: int) -> tuple[str, bytes]:
    """(kind, bytes): the campaign's file damaged as ``kind`` damages a save: its own record (every other case
    of the kinds in OUTER), else one of the battles it embeds, the damaged save's bytes put in its place."""
    rng = random.Random(seed * 1_000_003 + index)
    kind = KINDS[index % len(KINDS)]
    data = json.loads(text)
    if kind in OUTER and index // len(KINDS) % 2:
        return kind, MUTATIONS[kind](rng, text.encode(), data)
    record = rng.choice(data["fought"])
    battle = record["save"]
    damaged = MUTATIONS[kind](rng, json.dumps(battle, indent=1).encode(), battle)
    record["save"] = _HOLE
    before, after = json.dumps(data, indent=1).encode().split(json.dumps(_HOLE).encode())
    return kind, before + damaged + after


def test_every_fuzzed_campaign_file_is_refused_in_one_line_or_read_whole(campaign_file: str, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HEXFRONT_SAVES", str(tmp_path / "saves"))
    path = tmp_path / "campaign.json"
    refused: dict[str, int] = {}
    for index in range(CASES):
        kind, data = _case(campaign_file, SEED, index)
        path.write_bytes(data)
        code, out, err = hexfront(capsys, "replay", "--verify", str(path))
        assert code in (0, 1), (kind, index, err)
        if code == 1:
            one_error_line(err)
            refused[kind] = refused.get(kind, 0) + 1
        else:
            assert out.count("verified") == 3, (kind, index)
        try:
            load_campaign(path)
        except SaveError as exc:
            assert "\n" not in exc.message and (code == 1 or kind == "control_chars"), (kind, index)
        line = describe_save(path)
        assert line.startswith("campaign.json") and "\n" not in line
        assert path.read_bytes() == data and sorted(p.name for p in tmp_path.iterdir()) == ["campaign.json"]
    assert sum(refused.values()) >= CASES * 2 // 3
    for kind in ("tampered_command", "tampered_checkpoint", "truncate", "deep_nesting", "nan_infinity"):
        assert refused.get(kind, 0) == CASES // len(KINDS) + (KINDS.index(kind) < CASES % len(KINDS)), kind
    assert refused.get("tampered_content", 0) >= 2


def test_the_cases_repeat_with_the_seed(campaign_file: str) -> None:
    assert [_case(campaign_file, SEED, i) for i in range(6)] == [_case(campaign_file, SEED, i) for i in range(6)]
    assert _case(campaign_file, SEED, 1) != _case(campaign_file, SEED + 1, 1)
