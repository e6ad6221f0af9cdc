"""The lobby's campaigns against the computer: Enter on one in play continues it where it was; Enter on a
finished one lists its battles, and Enter on a battle opens it in the replay viewer (as a finished two-player
battle opens from the lobby).

A campaign continued from the lobby becomes the autosave, as a campaign started from the menu is (Continue then
brings it back too): an unfinished battle on the autosave is first kept under another name, exactly as when a
new battle starts, and the campaign's file is moved (not copied) there, so one campaign is always one file.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hexfront.engine.core.campaignfile import load_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.engine.core.errors import SaveError, shown

from ...host import hexfront_app
from ...session import autosave_path, check_players, retire_autosave
from ...widgets.footer import Footer
from ..campaigns import campaign_path

if TYPE_CHECKING:
    from ...app import HexfrontApp


def enter_campaign(app: HexfrontApp, name: str) -> str:
    """Open the player's campaign file ``name`` (a lobby row's): continue it, or list a finished one's battles.
    Returns what the player is now doing, for the online list. SaveError (one line) if it cannot be opened;
    then nothing was moved."""
    path = campaign_path(name)
    campaign = load_campaign(path)  # every battle replayed and verified before anything moves
    if campaign.current is None:
        app.push_screen(CampaignBattlesScreen(campaign))
        return f"replaying campaign {shown(campaign.spec.title, 40)}"
    check_players(campaign.current)
    autosave = autosave_path()
    if path.resolve() != autosave.resolve():
        kept = retire_autosave()
        try:
            os.replace(path, autosave)
        except OSError as exc:
            raise SaveError(f"cannot take up the campaign {shown(name, 60)} ({exc.strerror or exc}); "
                            f"it is left where it was") from None
        if kept is not None:
            app.notify(f"your unfinished battle is kept as {kept.name}")
    app.open_campaign(campaign, autosave)
    return f"playing campaign {shown(campaign.spec.title, 40)}"


def battle_lines(campaign: Campaign) -> list[str]:
    """One line per battle fought: ``2. Mill Race 2: Raid on the Farm: Weir Stoats won``."""
    titles = {s.name: s.title for s in campaign.system.scenarios()}
    names = campaign.side_names()
    lines = []
    for number, done in enumerate(campaign.fought, start=1):
        scenario = done.battle.setup.scenario
        who = f"{names.get(done.winner, done.winner)} won" if done.winner is not None else "a draw"
        lines.append(shown(f"{number}. {titles.get(scenario, scenario)}: {who}", 120))
    return lines


class CampaignBattlesScreen(Screen[None]):
    """A finished campaign's result and its battles; Enter opens the highlighted one in the replay viewer."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self, campaign: Campaign) -> None:
        super().__init__()
        self.campaign = campaign

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield OptionList(id="saves-list", markup=False)
            yield Static(id="saves-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves-box").border_title = shown(f"Campaign: {self.campaign.spec.title}", 70)
        menu = self.query_one("#saves-list", OptionList)
        menu.add_options([Option(Text(line), id=str(i)) for i, line in enumerate(battle_lines(self.campaign))])
        menu.highlighted = 0
        self.query_one("#saves-note", Static).update(
            Text(f"{self.campaign.result_line()}\nEnter opens the highlighted battle in the replay viewer; "
                 f"Esc goes back to the lobby."))
        menu.focus()

    @on(OptionList.OptionSelected, "#saves-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        from ...screens.replay import ReplayScreen

        number = event.option_index + 1
        battle = self.campaign.fought[event.option_index].battle
        title = shown(f"{self.campaign.spec.title}, battle {number} of {len(self.campaign.spec.battles)}", 70)
        hexfront_app(self).push_screen(ReplayScreen(battle, title))
