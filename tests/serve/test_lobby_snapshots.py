"""Snapshots of the host's lobby at 80 x 24 (the SSH floor) and 120 x 40 (pytest-textual-snapshot).

After a deliberate change of look, read the report, then: pytest tests/serve --snapshot-update
"""

from __future__ import annotations

import itertools
import os

import pytest
from storekit import keyed, open_two_player, private_saves

from hexfront.engine.core.campaignfile import save_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.tui.app import HexfrontApp
from hexfront.tui.serve.store import open_store
from hexfront.tui.serve.visit import HostVisit

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder

SIZES = [(80, 24), (120, 40)]


@pytest.fixture
def lobby_app(tmp_path, monkeypatch, private_saves):
    """Alice on a host with a battle of hers, a campaign of hers against the computer, one battle open to join,
    one to watch (battle ids and the campaign's time fixed for the picture)."""
    ids = (f"{n:010x}" for n in itertools.count(0xA0))
    monkeypatch.setattr("hexfront.tui.serve.store.secrets.token_hex", lambda _n: next(ids))
    store = open_store(tmp_path)
    _, alice, _, _ = open_two_player(store, "ratfight", "convoy", seed=5)
    open_two_player(store, "dustup", "ambush", seed=2, names=("Carol", "Dave"))
    eve = keyed(store, "Eve")
    store.open_battle(eve.id, "red", system="ratfight", scenario="village", seed=1, options={},
                      undo_policy="practice", sides=["red", "blue"])
    private_saves.mkdir(parents=True)
    campaign = Campaign.start("ratfight", "mill_race", players={"red": "human", "blue": "default"}, seed=4)
    path = save_campaign(campaign, private_saves / "autosave.json")
    os.utime(path, (1795608000, 1795608000))  # 25 Nov 2026 12:00 UTC
    return HexfrontApp(computer_delay=0, host=HostVisit(store, "SHA256:Alicekey", "127.0.0.1", alice))


@pytest.mark.parametrize("size", SIZES)
def test_lobby(snap_compare, lobby_app, size):
    assert snap_compare(lobby_app, press=["h"], terminal_size=size)


def test_open_battle_form(snap_compare, lobby_app):
    assert snap_compare(lobby_app, press=["h", "o"], terminal_size=(80, 24))
