"""Snapshots of every screen at 80 x 24 (the SSH floor) and 120 x 40 (pytest-textual-snapshot).

After a deliberate change of look, read the report, then: pytest tests/tui --snapshot-update
"""

from __future__ import annotations

import pytest
from tuikit import pick_system, settle

from hexfront.tui.app import HexfrontApp

SIZES = [(80, 24), (120, 40)]


def app(**kw) -> HexfrontApp:
    return HexfrontApp(computer_delay=0, battle_seed=7, **kw)


async def to_battle(pilot, scenario_steps: int = 0) -> None:
    """A RatFight battle (these screens' system) from the form: its scenario, you against the computer."""
    await pilot.press("n")
    await pilot.pause()
    await pick_system(pilot, "ratfight")
    await pilot.press("down", *["right"] * scenario_steps, "enter")
    await settle(pilot)


@pytest.mark.parametrize("size", SIZES)
def test_menu(snap_compare, size):
    assert snap_compare(app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_new_battle_form(snap_compare, size):
    assert snap_compare(app(), press=["n"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_battle_screen_with_a_piece_selected(snap_compare, size):
    async def run_before(pilot):
        await to_battle(pilot)
        await pilot.press("tab")

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_battle_screen_confirming_a_shot(snap_compare, size):
    """The ditch scenario: the order editor at its confirm step shows the odds of a shot."""

    async def run_before(pilot):
        await to_battle(pilot, scenario_steps=1)
        screen = pilot.app.screen
        fire = [c for c in screen.session.battle.legal_commands() if type(c).__name__ == "Fire"]
        if not fire:  # pass until a fire card is up
            for _ in range(20):
                await pilot.press("full_stop", "enter")
                await settle(pilot)
                fire = [c for c in screen.session.battle.legal_commands() if type(c).__name__ == "Fire"]
                if fire:
                    break
        parts = screen.system.order_parts(screen.session.state, fire[0])
        from tuikit import cursor_to

        shooter = next(p for p in screen.board.pieces if p.id == parts.unit)
        await cursor_to(pilot, screen.query_one("#map"), shooter.at)
        await pilot.press("enter")
        await pilot.press(str(screen.editor.menu().index(parts.action) + 1))
        await cursor_to(pilot, screen.query_one("#map"), parts.target)
        await pilot.press("enter")
        if screen.editor.level == "variant":
            await pilot.press("1")

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size):
    async def run_before(pilot):
        await to_battle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_end_of_battle(snap_compare, size):
    """A ditch battle played out by the computer on both sides, then opened: the end screen."""

    async def run_before(pilot):
        from hexfront.engine.core.players import computer_players_for
        from hexfront.engine.core.playout import play_out
        from hexfront.tui.session import Session

        session = Session.new("ratfight", "ditch", players={"red": "default", "blue": "default"}, seed=3)
        play_out(session.battle, computer_players_for(session.battle))
        pilot.app.open_session(session)
        await settle(pilot)

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_plain_ascii_battle_screen(snap_compare, size):
    async def run_before(pilot):
        await to_battle(pilot)

    assert snap_compare(app(ascii_look=True), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_dustup_battle_screen_with_a_squad_selected(snap_compare, size):
    """Dustup from the form (Right until it shows): its meeting engagement, red going first, a squad's orders."""

    async def run_before(pilot):
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, "dustup")
        await pilot.press("enter")
        await settle(pilot)
        if pilot.app.screen.session.battle.state.pending is not None:
            await pilot.press("1", "enter")  # go first
            await settle(pilot)
        await pilot.press("tab", "enter")
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


def _fought_campaign(battles: int, system: str = "ratfight", name: str = "mill_race"):
    """A campaign (the Mill Race), its first ``battles`` battles fought by the computer (seed 3), and the last
    one closed."""
    from hexfront.engine.core.campaigns import Campaign
    from hexfront.engine.core.players import computer_players_for
    from hexfront.engine.core.playout import play_out

    campaign = Campaign.start(system, name, players={"red": "human", "blue": "default"}, seed=3)
    fought = None
    for _ in range(battles):
        campaign.current.setup.players = {"red": "default", "blue": "default"}
        play_out(campaign.current, computer_players_for(campaign.current))
        campaign.give_aftermath()
        fought = campaign.next_battle()
    return campaign, fought


@pytest.mark.parametrize("size", SIZES)
def test_new_battle_form_with_a_campaign(snap_compare, size):
    async def run_before(pilot):
        await pilot.press("n")
        await pilot.pause()
        await pick_system(pilot, "ratfight")
        await pilot.press("up", "right")

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_between_two_battles_of_a_campaign(snap_compare, size):
    from hexfront.tui.screens.campaign import CampaignStepScreen

    campaign, fought = _fought_campaign(1)

    async def run_before(pilot):
        pilot.app.push_screen(CampaignStepScreen(campaign, fought))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=run_before)


def test_between_two_battles_of_a_dustup_campaign(snap_compare):
    """Dustup's Sangar Valley after its first battle, at 80x24: what carried over in the player's words (figures
    back, who is lost, by the names on the unit pane), then the next battle."""
    from hexfront.tui.screens.campaign import CampaignStepScreen

    campaign, fought = _fought_campaign(1, "dustup", "sangar")

    async def run_before(pilot):
        pilot.app.push_screen(CampaignStepScreen(campaign, fought))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_the_end_of_a_campaign(snap_compare, size):
    from hexfront.tui.screens.campaign import CampaignStepScreen

    campaign, fought = _fought_campaign(3)

    async def run_before(pilot):
        pilot.app.push_screen(CampaignStepScreen(campaign, fought))
        await pilot.pause()

    assert snap_compare(app(), terminal_size=size, run_before=run_before)
