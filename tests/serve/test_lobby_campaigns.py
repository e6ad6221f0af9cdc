"""Campaigns against the computer in the host's lobby, driven by keys: the player's campaigns are listed with
their battles (name, system, battle N of M, last played, in play or finished); Enter continues one where it
was, or opens a finished one's battles in the replay viewer; a campaign played to its end keeps a file of its
own; a name that is not a campaign file of the player's is refused in one line; the form that opens a battle
for a second player offers no campaign's scenario."""

from __future__ import annotations

import os
import time

import pytest
from storekit import keyed, private_saves
from tuikit import playtest, screen_text, settle, toast_texts

from hexfront.engine.core.campaignfile import is_campaign_file, load_campaign, save_campaign
from hexfront.engine.core.campaigns import Campaign, campaign_scenarios
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.playout import play_out
from hexfront.engine.core.saves import save_battle
from hexfront.engine.core.system import all_systems, get_system
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.campaign import CampaignStepScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.replay import ReplayScreen
from hexfront.tui.screens.unsaved import SaveElsewhereScreen
from hexfront.tui.serve.screens.campaigns import CampaignBattlesScreen
from hexfront.tui.serve.screens.lobby import CAMPAIGNS_NOT_HERE, LobbyScreen, OpenBattleScreen
from hexfront.tui.serve.store import open_store
from hexfront.tui.serve.visit import HostVisit
from hexfront.tui.session import Session, autosave_path

pytestmark = pytest.mark.usefixtures(private_saves.__name__)  # each test its own saves folder

SIZE = (120, 32)
#: 25 Nov 2026 12:00 UTC: when the test's campaign files were "last played"
PLAYED = 1795608000


def host_app(data) -> HexfrontApp:
    store = open_store(data)
    alice = keyed(store, "Alice")
    return HexfrontApp(computer_delay=0, host=HostVisit(store, "SHA256:Alicekey", "127.0.0.1", alice))


def mill_race(players: dict[str, str], seed: int = 4) -> Campaign:
    return Campaign.start("ratfight", "mill_race", players=players, seed=seed)


def fight_to(campaign: Campaign, battles: int) -> Campaign:
    """The computers fight the campaign's battles until ``battles`` are closed (its players must be computers
    for this); the battle after them is left in play (or, after the last, none)."""
    while len(campaign.fought) < battles and campaign.current is not None:
        play_out(campaign.current, computer_players_for(campaign.current))
        campaign.give_aftermath()
        campaign.next_battle()
    return campaign


def flat(app) -> str:
    """The screen's words in reading order, the box's side borders taken out."""
    return " ".join(screen_text(app).replace("\u2502", " ").split())


async def wait_for(pilot, kind: type | tuple[type, ...], rounds: int = 40) -> None:
    for _ in range(rounds):
        await settle(pilot)
        if isinstance(pilot.app.screen, kind):
            return
    raise AssertionError(f"never reached {kind}; on {type(pilot.app.screen).__name__}")


@playtest
async def test_the_lobby_lists_a_campaign_set_aside_and_enter_continues_it_where_it_was(tmp_path, private_saves):
    """A campaign set aside when a single battle started (its file unfinished-...json): the lobby lists it under
    your battles; Enter takes it up again as the autosave (the single battle kept under another name), with
    the orders it had, and the next order is written to it at once."""
    private_saves.mkdir(parents=True)
    campaign = mill_race({"red": "human", "blue": "default"})
    session = Session(campaign.current, private_saves / "unfinished-20261125-120000.json", campaign)
    session.submit(campaign.current.legal_commands()[0])
    orders = len(campaign.current.log)
    os.utime(session.autosave, (PLAYED, PLAYED))
    single = Session.new("ratfight", "ditch", players={"red": "human", "blue": "default"}, seed=1,
                         autosave=autosave_path())
    single.submit(single.battle.legal_commands()[0])
    app = host_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        text = flat(app)
        assert ("Your battles: Enter resumes Campaign: The Mill Race (JTS RatFight) battle 1 of 3, in play, "
                "last played 25 Nov 12:00 UTC") in text
        assert "and on a campaign continues it" in text
        await pilot.press("enter")
        await wait_for(pilot, BattleScreen)
        resumed = app.screen.session
        assert resumed.campaign is not None and resumed.battle.setup.scenario == "mill_race_1_ford"
        assert resumed.battle.log[:orders] == campaign.current.log and resumed.autosave == autosave_path()
        assert len(load_campaign(autosave_path()).current.log) == len(resumed.battle.log)  # the computer's too
        assert app.host.doing == "playing campaign The Mill Race"
        assert not (private_saves / "unfinished-20261125-120000.json").exists()  # moved, not copied
        kept = [p for p in private_saves.glob("unfinished-*.json") if not is_campaign_file(p)]
        assert len(kept) == 1 and "your unfinished battle is kept as " + kept[0].name in " ".join(toast_texts(app))
        given = len(resumed.battle.log)
        assert resumed.side_to_act() == "red"  # the player's turn, the computer's answer given
        resumed.submit(resumed.battle.legal_commands()[0])
        assert len(load_campaign(autosave_path()).current.log) == given + 1


@playtest
async def test_a_finished_campaign_opens_its_battles_in_the_replay_viewer(tmp_path, private_saves):
    private_saves.mkdir(parents=True)
    campaign = fight_to(mill_race({"red": "default", "blue": "default"}), 3)
    assert campaign.finished()
    path = save_campaign(campaign, private_saves / "ratfight-campaign-mill_race-20261125-120000.json")
    os.utime(path, (PLAYED, PLAYED))
    app = host_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert ("Campaign: The Mill Race (JTS RatFight) battle 3 of 3, finished, last played 25 Nov 12:00 UTC"
                in flat(app))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignBattlesScreen)
        text = flat(app)
        assert "Campaign: The Mill Race" in text
        assert "Mill Rats win the campaign (battles won: Mill Rats 3, Weir Stoats 0)." in text  # seed 4
        assert ("1. Mill Race 1: The Ford: Mill Rats won 2. Mill Race 2: Raid on the Farm: Mill Rats won "
                "3. Mill Race 3: The Mill: Mill Rats won") in text
        await pilot.press("down", "enter")  # the second battle
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.battle.state_hash() == campaign.fought[1].battle.state_hash()
        assert "The Mill Race, battle 2 of 3" in flat(app)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
    assert path.is_file() and load_campaign(path).finished()  # only read


@playtest
async def test_a_campaign_played_to_its_end_on_a_host_keeps_a_file_of_its_own(tmp_path, private_saves):
    """The last battle over: n gives the campaign's result, and the file leaves the autosave for
    ratfight-campaign-mill_race-<stamp>.json, which a new battle never replaces; the lobby lists it finished."""
    private_saves.mkdir(parents=True)
    campaign = fight_to(mill_race({"red": "default", "blue": "default"}), 2)
    play_out(campaign.current, computer_players_for(campaign.current))  # the third battle over, n not yet given
    save_campaign(campaign, autosave_path())
    app = host_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert "battle 3 of 3, in play" in flat(app)
        await pilot.press("enter")
        await wait_for(pilot, EndScreen)
        assert "n the campaign's result" in flat(app)
        await pilot.press("n")
        await wait_for(pilot, CampaignStepScreen)
        assert "The campaign is over." in flat(app)
        assert not autosave_path().exists()
        [kept] = private_saves.glob("ratfight-campaign-mill_race-*.json")
        assert load_campaign(kept).finished()
        await pilot.press("enter", "h")  # the menu, then the lobby
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "battle 3 of 3, finished" in flat(app)


@playtest
async def test_a_name_that_is_no_campaign_file_of_the_player_is_refused_in_one_line(tmp_path, private_saves):
    private_saves.mkdir(parents=True)
    outside = tmp_path / "elsewhere.json"
    save_campaign(mill_race({"red": "human", "blue": "default"}), outside)
    (private_saves / "link.json").symlink_to(outside)
    app = host_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        for name in ("../elsewhere.json", str(outside), "link.json", "gone.json"):
            lobby.enter_campaign(name)
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen), name
            assert "cannot open the campaign: " in flat(app)
        assert "gone.json is no longer in your folder" in flat(app)
    assert outside.is_file() and not autosave_path().exists()


@playtest
async def test_a_broken_campaign_file_is_not_listed_and_a_single_battle_is_not_a_campaign(tmp_path, private_saves):
    """Nor does a pipe named like a save hang the lobby: it is never read."""
    private_saves.mkdir(parents=True)
    os.mkfifo(private_saves / "pipe.json")
    (private_saves / "broken.json").write_text('{"format": "hexfront-campaign", "format_version": 1}')
    save_battle(Session.new("ratfight", "ditch", players={"red": "human", "blue": "default"}, seed=1).battle,
                private_saves / "single.json")
    app = host_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert "Your battles: Enter resumes none" in flat(app) and "Campaign:" not in flat(app)


@playtest
async def test_the_open_battle_form_offers_no_scenario_of_a_campaign(tmp_path):
    """Two-player campaigns are not played on the host: the form leaves their scenarios out and says so in one
    line under a system that has campaigns."""
    assert campaign_scenarios(get_system("ratfight")) == {"mill_race_1_ford", "mill_race_2_farm", "mill_race_3_mill"}
    assert campaign_scenarios(get_system("skirmishes")) == frozenset()  # no campaigns: every scenario offered
    app = host_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "o")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, OpenBattleScreen)
        seen_note = set()
        for system_id in all_systems():
            rows = {row.key: row for row in form.query_one("#new-form").rows}
            assert rows["system"].value == system_id
            offered = {name for name, _ in rows["scenario"].choices}
            in_campaigns = campaign_scenarios(get_system(system_id))
            assert offered and not offered & in_campaigns
            assert offered | in_campaigns == {s.name for s in get_system(system_id).scenarios()}
            if CAMPAIGNS_NOT_HERE in flat(app):
                seen_note.add(system_id)
            await pilot.press("right")
            await pilot.pause()
        assert seen_note == {"ratfight", "disrupter", "minutemissions", "dustup"}


@playtest
async def test_on_a_host_saving_elsewhere_takes_only_a_new_name_in_the_players_folder(tmp_path, private_saves):
    """Off a host, "save elsewhere" (offered while the autosave fails) takes any folder; on a host nothing a player
    types may name a path of the host's: only a new file in their own folder."""
    private_saves.mkdir(parents=True)
    save_campaign(mill_race({"red": "human", "blue": "default"}), autosave_path())
    outside = tmp_path / "outside"
    outside.mkdir()
    app = host_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # Continue: the campaign on the autosave
        await wait_for(pilot, BattleScreen)
        app.push_screen(SaveElsewhereScreen(app.screen.session))
        await pilot.pause()
        assert "On this host your battles are kept only in your own folder" in flat(app)
        field = app.screen.query_one("#elsewhere-input")
        for typed in (str(outside), "../outside/x.json", "~", "sub/x.json"):
            field.value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveElsewhereScreen)
            assert "not saved: on this host a battle is kept only in your own folder" in flat(app), typed
        field.value = "autosave.json"
        await pilot.press("enter")
        await pilot.pause()
        assert "not saved: autosave.json already exists in your folder and is not replaced" in flat(app)
        field.value = "kept"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, SaveElsewhereScreen)
    assert list(outside.iterdir()) == [] and not (tmp_path / "x.json").exists()
    assert load_campaign(private_saves / "kept.json").spec.name == "mill_race"


def test_the_lobby_reads_a_campaign_file_again_only_when_it_changes(tmp_path, private_saves, monkeypatch):
    from hexfront.tui.serve import campaigns

    private_saves.mkdir(parents=True)
    path = save_campaign(mill_race({"red": "human", "blue": "default"}), private_saves / "autosave.json")
    reads: list[str] = []
    real = campaigns.read_row
    monkeypatch.setattr(campaigns, "read_row", lambda p: reads.append(p.name) or real(p))
    shelf = campaigns.CampaignShelf()
    assert [r.number for r in shelf.rows()] == [1] and [r.number for r in shelf.rows()] == [1]
    assert reads == ["autosave.json"]
    os.utime(path, (time.time() + 5, time.time() + 5))
    assert len(shelf.rows()) == 1 and reads == ["autosave.json", "autosave.json"]

