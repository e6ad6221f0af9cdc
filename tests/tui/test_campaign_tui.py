"""Campaigns played like a player plays them: chosen on the new-battle form, each battle's end going on to
the screen that says what carried over, the next battle, the campaign's result; Continue and Load bring a
campaign back; the help has its section."""

from __future__ import annotations

from tuikit import pick_system, playtest, screen_text, settle

from hexfront.engine.core.campaignfile import load_campaign, save_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.campaign import CampaignStepScreen
from hexfront.tui.screens.end import EndScreen
from hexfront.tui.screens.title import ChoiceForm, NewBattleScreen, SaveListScreen, TitleScreen
from hexfront.tui.session import autosave_path, resume_autosave


def make_app() -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=3)


async def wait_for(pilot, kind: type | tuple[type, ...], rounds: int = 40) -> None:
    for _ in range(rounds):
        await settle(pilot)
        if isinstance(pilot.app.screen, kind):
            return
    raise AssertionError(f"never reached {kind}; on {type(pilot.app.screen).__name__}")


async def choose_campaign(pilot) -> None:
    """The form: RatFight, Play (its last row) set to the Mill Race campaign."""
    await pilot.press("n")
    await pilot.pause()
    await pick_system(pilot, "ratfight")
    await pilot.press("up", "right")  # from the first row, Up wraps to the last: Play
    await pilot.pause()


@playtest
async def test_the_form_offers_the_campaign_and_says_its_battles(saves):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_campaign(pilot)
        assert isinstance(app.screen, NewBattleScreen)
        rows = {row.key: row for row in app.screen.query_one(ChoiceForm).rows}
        assert list(rows)[-1] == "campaign" and rows["campaign"].value == "mill_race"
        assert rows["scenario"].choices == [("mill_race_1_ford", "battle 1: Mill Race 1: The Ford")]
        text = screen_text(app)
        assert "Play" in text and "< campaign: The Mill Race >" in text
        assert "Battles: 1. Mill Race 1: The Ford; 2. Mill Race 2: Raid on the Farm;" in " ".join(text.split())
        await pilot.press("left")  # back to one battle: the scenario row offers every scenario again
        await pilot.pause()
        rows = {row.key: row for row in app.screen.query_one(ChoiceForm).rows}
        assert rows["campaign"].value == "" and len(rows["scenario"].choices) > 1


@playtest
async def test_a_whole_campaign_watched_battle_by_battle(saves):
    """Both sides to the computer: each battle ends, n shows what carried over (who is back, who is lost),
    Enter starts the next; after the third, the campaign's result; Continue then shows it again."""
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await choose_campaign(pilot)
        await pilot.press("up", "up", "up", "up", "right")  # Your side (the 3rd row): red, blue, watch
        await pilot.press("right")
        rows = {row.key: row.value for row in app.screen.query_one(ChoiceForm).rows}
        assert rows["side"] == "watch" and rows["campaign"] == "mill_race"
        await pilot.press("enter")
        for number in (1, 2, 3):
            await wait_for(pilot, EndScreen)
            text = screen_text(app)
            assert f"End of battle {number} of 3" in text
            assert ("n the campaign's result" if number == 3 else "n on to the next battle") in text
            assert "r start again" not in text
            await pilot.press("n")
            await wait_for(pilot, CampaignStepScreen)
            text = " ".join(screen_text(app).split())
            assert f"Battle {number} of 3 is over." in text
            assert ("How the battle left them" if number == 3 else "What carries over") in text
            assert "came through unhurt" in text
            saved = load_campaign(autosave_path())
            assert len(saved.fought) == number
            if number < 3:
                assert f"Next: battle {number + 1} of 3, Mill Race {number + 1}" in text
                assert saved.current is not None and saved.current.log == []
                await pilot.press("enter")
                await wait_for(pilot, (BattleScreen, EndScreen))  # the computers may have fought it already
                assert app.screen.session.campaign is not None
                assert app.screen.session.battle.setup.scenario.startswith(f"mill_race_{number + 1}")
            else:
                assert "The campaign is over." in text
                assert "Weir Stoats win the campaign (battles won: Mill Rats 1, Weir Stoats 2)." in text
                assert "1. Mill Race 1: The Ford: Mill Rats won" in text
                assert "2. Mill Race 2: Raid on the Farm: Weir Stoats won" in text
                assert saved.current is None and saved.finished()
        said = [line for f in saved.fought for line in saved.rules.describe(f.carried)]
        assert "  Tallow was taken prisoner: lost." in said  # at the farm (seed 4), as the screen said then
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("c")
        await wait_for(pilot, CampaignStepScreen)
        assert "The campaign is over." in screen_text(app)


@playtest
async def test_continue_brings_back_a_campaign_in_progress(saves):
    campaign = Campaign.start("ratfight", "mill_race", players={"red": "human", "blue": "default"}, seed=5)
    saves.mkdir(parents=True, exist_ok=True)
    save_campaign(campaign, autosave_path())
    assert isinstance(resume_autosave(), Campaign)  # 'hexfront play --continue' loads the campaign
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_for(pilot, BattleScreen)
        session = app.screen.session
        assert session.campaign is not None and session.battle.setup.scenario == "mill_race_1_ford"
        command = session.battle.legal_commands()[0]
        session.submit(command)
        assert load_campaign(autosave_path()).current.log == [command]  # each order goes to the campaign's file


@playtest
async def test_the_load_list_names_a_campaign_and_loads_it(saves):
    campaign = Campaign.start("ratfight", "mill_race", players={"red": "human", "blue": "default"}, seed=5)
    saves.mkdir(parents=True, exist_ok=True)
    save_campaign(campaign, saves / "mine.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, SaveListScreen)
        assert "mine.json: JTS RatFight campaign, The Mill Race, battle 1 of 3" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, BattleScreen)
        assert app.screen.session.campaign is not None and app.screen.session.autosave == autosave_path()
    assert load_campaign(autosave_path()).spec.name == "mill_race"


@playtest
async def test_the_help_has_a_campaigns_section(saves):
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("question_mark", "down", "down")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "A campaign is a named series of battles" in text
        assert "Campaigns" in text
    from hexfront.engine.core.campaigns import campaigns_help
    from hexfront.engine.core.system import get_system

    words = campaigns_help([get_system("ratfight")])
    assert "on the draw of any card but a heart" in words and "Reading: a scenario says it is such a one" in words
    assert "Campaign 'mill_race': The Mill Race." in words


def test_the_campaigns_help_gives_every_systems_rules_and_says_skirmishes_has_none():
    """The help's Campaigns section, as the help screen builds it from every system: each of the four systems
    with campaigns gives its campaign rules (its help text, whole) and its campaign; Skirmishes says it has
    none because its book carries nothing over."""
    from hexfront.engine.core.campaigns import campaigns_help
    from hexfront.engine.core.system import all_systems

    systems = list(all_systems().values())
    words = campaigns_help(systems)
    for system, campaign in [("ratfight", "mill_race"), ("disrupter", "valley"), ("minutemissions", "ironvale"),
                             ("dustup", "sangar")]:
        rules = all_systems()[system].campaign_rules()
        assert rules is not None and f"{all_systems()[system].title}\n\n{rules.help.strip()}" in words
        assert f"Campaign '{campaign}': " in words
    assert "Skirmishes\n\nNo campaigns: its book carries nothing from one battle to the next." in words


@playtest
async def test_a_disrupter_campaign_starts_from_the_form_and_says_what_carried(saves):
    """The form's Play row offers Disrupter's campaign (the Valley); with both sides to the computer its first
    battle is fought, n on its end screen shows what carried over in the player's words (Disrupter's describe:
    how many are back, who carries wounds, who is lost), then the next battle."""
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, "disrupter")
        await pilot.press("up", "right")  # Play, the last row: the system's campaign
        await pilot.pause()
        rows = {row.key: row for row in app.screen.query_one(ChoiceForm).rows}
        assert list(rows)[-1] == "campaign" and rows["campaign"].value == "valley"
        assert rows["scenario"].choices == [("valley_ford", "battle 1: Valley I: The Ford")]
        assert "< campaign: The Valley >" in screen_text(app)
        await pilot.press("down", "down", "down", "right", "right")  # from Play, Down wraps: Your side to watch
        rows = {row.key: row for row in app.screen.query_one(ChoiceForm).rows}
        assert rows["side"].value == "watch" and rows["campaign"].value == "valley"
        await pilot.press("enter")
        await wait_for(pilot, EndScreen)
        assert "End of battle 1 of 3" in screen_text(app)
        await pilot.press("n")
        await wait_for(pilot, CampaignStepScreen)
        text = screen_text(app)
        campaign = load_campaign(autosave_path())
        said = campaign.rules.describe(campaign.fought[0].carried)
        assert said[0] == "Red Platoon: 12 back for the next battle."  # as `hexfront campaign` says it (seed 3)
        assert "  soldier 1 (Alpha gun) carries 2 wounds." in said
        assert "Battle 1 of 3 is over." in text and "What carries over" in text
        assert all(line.strip() in text for line in said[:8])  # the screen shows the describe lines
        assert "Next: battle 2 of 3, Valley II" in " ".join(text.split())
