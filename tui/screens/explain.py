"""The full explanation of one dice-log entry: the order that asked for it, the rule, and what followed."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import CardDrawn, DeckShuffled, DieRolled, event_citation, is_random

from ..widgets.footer import Footer
from ..widgets.panes import LogEntry


def explain(battle: Battle, entry: LogEntry) -> Text:
    """Every fact about one logged event, in plain words."""
    system = battle.system
    if entry.command == 0:
        events, heading, state = battle.setup_events, "Setting up the battle", battle.state
    else:
        events = battle.events[entry.command - 1]
        before, _ = battle.state_after(entry.command - 1)
        heading = f"Order {entry.command}: {system.describe_command(battle.log[entry.command - 1], before)}"
        state = battle.state
    event = events[entry.index]
    text = Text()
    text.append(heading + "\n\n", style="bold")
    text.append(system.describe(event, state) + "\n", style="bold")
    if isinstance(event, DieRolled):
        shown = "00-99" if event.sides == 100 else f"1-{event.sides}"
        text.append(f"A d{event.sides} ({shown}) came up {event.result}.\n")
    if isinstance(event, CardDrawn):
        text.append(f"Card {event.card} from the '{event.deck}' deck.\n")
    if isinstance(event, DeckShuffled):
        text.append(f"The '{event.deck}' deck was shuffled: {len(event.order)} cards.\n")
    cited = event_citation(event)
    if cited.purpose:
        text.append(f"Why: {cited.purpose}\n")
    if cited.rule:
        text.append(f"Rule: {cited.rule} (w opens it)\n")
    for m in cited.modifiers:
        text.append(f"Modifier: {m}\n")
    if cited.who:
        text.append(f"For: {cited.who}\n")
    if cited.scripted:
        text.append("This result was scripted (a worked example or tutorial), not drawn at random.\n")
    elif is_random(event):
        text.append("Drawn from the battle's seeded generator: replaying the battle gives it again.\n")
    text.append("\nEverything this order caused:\n", style="bold")
    for i, ev in enumerate(events):
        mark = ">" if i == entry.index else " "
        text.append(f"{mark} {system.describe(ev, state)}\n", style="bold" if i == entry.index else "")
    return text


class ExplainScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter,e", "app.pop_screen", "back"),
                Binding("w", "why", "why? (the rule)")]

    def __init__(self, battle: Battle, entry: LogEntry) -> None:
        super().__init__()
        self.battle = battle
        self.entry = entry

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="explain-box"):
            yield Static(explain(self.battle, self.entry), id="explain")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#explain-box").border_title = "Why this roll or card"
        if self.entry.rule:
            self.query_one("#explain-box").border_subtitle = "w: the rule in the rules help"

    def action_why(self) -> None:
        from .battle import open_rules

        open_rules(self, self.battle.system.id, self.entry.rule)
