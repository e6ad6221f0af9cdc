"""Between two battles of a campaign: how the battle ended, what carried over in the player's words (who is
back, who is lost), and the next battle; after the last, the campaign's result."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from hexfront.engine.core.campaigns import Campaign, Fought
from hexfront.engine.core.errors import shown

from ..host import hexfront_app
from ..session import Session
from ..widgets.footer import Footer


def carried_lines(campaign: Campaign, carried: dict[str, Any]) -> list[str]:
    """What carried over, in the system's words where it gives them, else each side's record as it is."""
    if campaign.rules.describe is not None:
        return [shown(line, 200) for line in campaign.rules.describe(carried)]
    names = campaign.side_names()
    lines = []
    for side, info in carried.items():
        lines.append(f"{shown(names.get(side, side), 40)}:")
        items = info.items() if isinstance(info, dict) else [("", info)]
        lines.extend(f"  {shown(key, 40)}: {shown(value, 160)}" for key, value in items)
    return lines


def _result(campaign: Campaign, fought: Fought) -> str:
    names = campaign.side_names()
    if fought.winner is None:
        return f"A draw: {fought.reason}"
    return f"{names.get(fought.winner, fought.winner)} won: {fought.reason}"


def step_text(campaign: Campaign, fought: Fought | None) -> Text:
    """The screen's text: the battle just over (``fought``; None when the campaign is reopened after its end)."""
    spec = campaign.spec
    total = len(spec.battles)
    text = Text()
    if fought is not None:
        number = campaign.fought.index(fought) + 1
        text.append(f"Battle {number} of {total} is over. ", style="bold")
        text.append(f"{_result(campaign, fought)}\n\n")
        last = campaign.current is None
        text.append("How the battle left them\n" if last else "What carries over\n", style="bold")
        for line in carried_lines(campaign, fought.carried):
            text.append(f"{line}\n")
    if campaign.current is not None:
        scenario = campaign.current.setup.scenario
        info = next((s for s in campaign.system.scenarios() if s.name == scenario), None)
        title = info.title if info is not None else scenario
        text.append(f"\nNext: battle {len(campaign.fought) + 1} of {total}, {title}\n", style="bold")
        if info is not None and info.summary:
            text.append(f"{info.summary}\n")
        return text
    text.append("\nThe campaign is over. ", style="bold")
    text.append(f"{campaign.result_line()}\n")
    titles = {s.name: s.title for s in campaign.system.scenarios()}
    names = campaign.side_names()
    for number, done in enumerate(campaign.fought, start=1):
        scenario = done.battle.setup.scenario
        who = f"{names.get(done.winner, done.winner)} won" if done.winner is not None else "a draw"
        text.append(f"  {number}. {titles.get(scenario, scenario)}: {who}\n")
    return text


class CampaignStepScreen(Screen[None]):
    """Shown after a battle of a campaign (and on Continue once it is all fought)."""

    BINDINGS = [
        Binding("enter", "next", "next battle", key_display="Enter"),
        Binding("enter", "finish", "the menu", key_display="Enter"),
        Binding("m", "menu", "menu"),
        Binding("escape", "menu", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self, campaign: Campaign, fought: Fought | None, session: Session | None = None) -> None:
        super().__init__()
        self.campaign = campaign
        self.fought = fought
        self.session = session  # the next battle's, ready to play (its campaign's file already written)

    def compose(self) -> ComposeResult:
        more = self.campaign.current is not None
        keys = ("Enter start the next battle   m menu (Continue brings the campaign back)" if more
                else "Enter or m: the menu")
        with VerticalScroll(id="campaign-box"):
            yield Static(step_text(self.campaign, self.fought), id="campaign-text")
            yield Static(keys, id="campaign-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#campaign-box").border_title = shown(self.campaign.spec.title, 60)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter starts the next battle while there is one; after the last it goes to the menu."""
        if action == "next":
            return self.campaign.current is not None
        if action == "finish":
            return self.campaign.current is None
        return True

    def action_next(self) -> None:
        app = hexfront_app(self)
        if self.campaign.current is None:
            app.go_to_menu()
            return
        session = self.session
        if session is None:
            autosave = app.campaign_autosave()
            session = Session(self.campaign.current, autosave, self.campaign)
        app.open_session(session)

    def action_menu(self) -> None:
        hexfront_app(self).go_to_menu()

    def action_finish(self) -> None:
        """Enter after the last battle: the campaign is over, back to the menu."""
        hexfront_app(self).go_to_menu()
