"""The end of a battle: who won and why, casualties per side, turns played."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from hexfront.engine.core.errors import HexfrontError

from ..host import hexfront_app
from ..session import Session
from ..widgets.footer import Footer
from .takeback import TakingBack

#: How much of the final state hash the end screen shows (enough that two different battles never match).
CHECK_DIGITS = 16


def end_text(session: Session) -> Text:
    battle = session.battle
    system = session.system
    outcome = battle.outcome()
    summary = system.summary(battle.state)
    text = Text()
    if outcome is None:
        text.append("The battle is not over.\n", style="bold")
    elif outcome.winner is None:
        text.append("A draw.\n", style="bold")
    else:
        who = battle.setup.players.get(outcome.winner, "human")
        text.append(f"{session.side_name(outcome.winner)} win", style="bold")
        text.append(f" ({'at this keyboard' if who == 'human' else 'computer: ' + who}).\n")
    if outcome is not None:
        text.append(f"Why: {outcome.reason}\n")
    text.append(f"\nTurns played: {summary.turns}   Orders given: {len(battle.log)}\n")
    text.append(f"Position check: {battle.state_hash()[:CHECK_DIGITS]} (the same on every copy of this battle: "
                f"both players', a watcher's, a replay's)\n")
    text.append("Casualties:\n", style="bold")
    for side, count in summary.casualties.items():
        text.append(f"  {session.side_name(side)}: {count}\n")
    for line in summary.lines:
        if outcome is None or outcome.reason not in line:  # the reason is given above
            text.append(f"{line}\n")
    from hexfront.engine.core.luck import luck_lines

    lines = luck_lines(battle, session.side_names)
    if lines:
        text.append("Luck (what the dice and cards gave against the odds):\n", style="bold")
        for line in lines:
            text.append(f"  {line}\n")
    return text


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("s", "save", "save replay"),
        Binding("r", "again", "start again"),
        Binding("n", "next", "next battle"),
        Binding("m", "menu", "menu"),
        Binding("z", "undo", "undo last order"),
        Binding("escape", "menu", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-box"):
            yield Static(end_text(self.session), id="end-text")
            yield Static(self._keys(), id="end-keys")
        yield Footer()

    def _keys(self) -> str:
        campaign = self.session.campaign
        if campaign is None and not self.session.restartable:
            return "s save the replay   m menu   z ask to undo the last order"
        if campaign is None:
            return "s save the replay   r start again   m menu   z undo the last order"
        last = len(campaign.fought) + 1 == len(campaign.spec.battles)
        going = "n the campaign's result" if last else "n on to the next battle"
        return f"{going}   s save   m menu   z undo the last order"

    def on_mount(self) -> None:
        campaign = self.session.campaign
        self.query_one("#end-box").border_title = ("End of the battle" if campaign is None else
            f"End of battle {len(campaign.fought) + 1} of {len(campaign.spec.battles)}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A campaign goes on to its next battle (n) rather than starting this one again (r); a battle kept on a
        host is not started again here (a new one is opened from the lobby)."""
        if action == "again":
            return self.session.campaign is None and self.session.restartable
        if action == "next":
            return self.session.campaign is not None
        return True

    def action_next(self) -> None:
        hexfront_app(self).next_in_campaign(self.session)

    def action_save(self) -> None:
        if self.session.save_error is not None:  # the saves folder cannot be written: ask where
            from .unsaved import SaveElsewhereScreen

            self.app.push_screen(SaveElsewhereScreen(self.session), self._saved)
            return
        try:
            path = self.session.save_copy()
        except HexfrontError as exc:
            self.notify(f"not saved: {exc.message}", severity="error", markup=False)
            return
        self._saved(path)

    def _saved(self, path: Path | None) -> None:
        if path is not None:
            self.query_one("#end-keys", Static).update(Text(f"saved as {path}"))
            self.notify(f"saved as {path}", markup=False)

    def action_again(self) -> None:
        from .unsaved import ask_before_leaving

        app = hexfront_app(self)
        ask_before_leaving(app, self.session, lambda: app.start_again(self.session))

    def action_menu(self) -> None:
        from .unsaved import ask_before_leaving

        app = hexfront_app(self)
        ask_before_leaving(app, self.session, app.go_to_menu)

    def action_undo(self) -> None:
        """z: back to the battle below (a BattleScreen pushed this one: tui/screens/battle.py), which takes the
        last order back (or, on a host, asks to): any screen that takes orders back (TakingBack) does."""
        self.app.pop_screen()
        battle_screen = self.app.screen
        if isinstance(battle_screen, TakingBack):
            battle_screen.action_undo()
