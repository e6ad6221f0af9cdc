"""The replay viewer: watch a saved battle event by event, order by order, activation by activation, turn by turn.

The viewer stands on a :class:`~engine.core.timeline.Timeline`: every point of the
battle is a keyframe copy with the recorded events folded on, so stepping back
and jumping are as quick as stepping on, and no order is ever resolved again.
The map, the activation pane and the dice log show the battle exactly as it was
at the point shown. From any point, ``c`` continues the battle as a new save.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Input, Static

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import HexfrontError, shown
from hexfront.engine.core.events import CardDrawn, DieRolled
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.players import HUMAN
from hexfront.engine.core.system import RuleSystem
from hexfront.engine.core.timeline import Position, Timeline

from ..host import hexfront_app
from ..widgets.footer import Footer
from ..widgets.hexmap import HexMap
from ..widgets.panes import DiceLog, InfoLine, OrderPane, QueuePane, StatusLine, log_entries
from .battle import BoardScreen
from .title import ChoiceForm, Row, opponent_choices

#: playing speeds, as multiples of the app's replay pace (``replay_interval`` seconds an order at x1)
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
NORMAL_SPEED = SPEEDS.index(1.0)
#: What a system's view gives (a board, an activation) for the replay's point.
V = TypeVar("V")

#: the form's entry for the person at this keyboard (the other choices are the new-battle form's Opponent row)
YOU = "you"


def _is_draw(event: Any) -> bool:
    return isinstance(event, (DieRolled, CardDrawn))


class ReplayScreen(BoardScreen):
    """A saved battle on the map, at any point of it, with the dice log and activation pane of that moment."""

    DEFAULT_CSS = """
    ReplayScreen #replay-banner {
        dock: top;
        height: auto;
        max-height: 3;
        padding: 0 1;
        background: $error;
        color: $text;
        text-style: bold;
        display: none;
    }
    ReplayScreen.-diverges #replay-banner {
        display: block;
    }
    """

    BINDINGS = [
        Binding("question_mark", "app.help", "help", key_display="?"),
        Binding("escape", "back", "back"),
        Binding("space", "play", "play/pause", key_display="Space", priority=True),
        Binding("right_square_bracket", "step_order(1)", "next order", key_display="]"),
        Binding("left_square_bracket", "step_order(-1)", "previous order", key_display="["),
        Binding("full_stop", "step_event(1)", "next event", key_display="."),
        Binding("comma", "step_event(-1)", "previous event", key_display=",", show=False),
        Binding("right_curly_bracket", "step_activation(1)", "next activation", key_display="}", show=False),
        Binding("left_curly_bracket", "step_activation(-1)", "previous activation", key_display="{", show=False),
        Binding(">", "step_turn(1)", "next turn", key_display=">", show=False),
        Binding("<", "step_turn(-1)", "previous turn", key_display="<", show=False),
        Binding("g", "go_to_turn", "go to turn"),
        # priority: the map (a scroll view) would take Home and End for scrolling
        Binding("home", "first", "first", key_display="Home", show=False, priority=True),
        Binding("end", "last", "last", key_display="End", show=False, priority=True),
        Binding("+", "faster", "faster", key_display="+", show=False),
        Binding("-", "slower", "slower", key_display="-", show=False),
        Binding("c", "continue_here", "continue from here"),
        Binding("t", "teach", "teach"),
        Binding("d", "dice_log", "dice log", show=False),
        Binding("e", "explain", "explain roll", show=False),
        Binding("w", "why", "why? (rules)", show=False),
        Binding("a", "activation", "activation", show=False),
    ]

    def __init__(self, battle: Battle, title: str = "", *, divergence: str | None = None,
                 path: Path | None = None) -> None:
        super().__init__()
        self.battle = battle
        self.system = battle.system
        self.title_text = title
        self.path = path
        self.divergence = divergence
        self.timeline = Timeline(battle)
        self.point: Position = (0, 0)
        self.state = self.timeline.state_at(self.point)
        self.board = self.system.board(self.state)
        self.teach_on = bool(battle.setup.teach)
        self.speed = NORMAL_SPEED
        self.message = ""
        self._timer: Timer | None = None
        self._teaching = False
        self._order_texts: dict[int, str] = {}
        # the whole battle's dice log, described once; each point shows the entries that happened by then
        self._entries = log_entries(self.system, battle.state, [battle.setup_events] + battle.events)
        self._entry_keys = [(e.command, e.index) for e in self._entries]
        self._shown_entries = -1
        self._fallback = False

    # -- the point shown ---------------------------------------------------------------
    @property
    def position(self) -> int:
        """How many whole orders have been given at the point shown."""
        return self.point[0]

    def compose(self) -> ComposeResult:
        yield Static(id="replay-banner")
        yield from super().compose()

    def on_mount(self) -> None:
        self.setup_panes(self.board, self.battle.setup.players)
        self.query_one(HexMap).on_cursor = self._cursor_moved
        self.query_one("#orders").border_title = Text(f"Replay: {self.title_text}" if self.title_text else "Replay")
        if self.divergence:
            self.add_class("-diverges")
            self.query_one("#replay-banner", Static).update(Text(f"Diverges: {self.divergence}"))
        self.show_point()
        self.query_one(HexMap).focus()

    def order_text(self, n: int) -> str:
        """Order ``n`` (from 1) in words, described in the state it was given in."""
        text = self._order_texts.get(n)
        if text is None:
            before = self.timeline.state_at((n - 1, 0))
            text = self.system.describe_command(self.battle.log[n - 1], before)
            self._order_texts[n] = text
        return text

    def show_point(self) -> None:
        """Draw every pane at the point shown."""
        tl, system = self.timeline, self.system
        n, i = self.point
        self.state = tl.state_at(self.point)
        self._fallback = False
        self.board = self._view(system.board, n, i)
        activation = self._view(system.activation, n, i)
        self.query_one(HexMap).show(self.board, {}, None, activation.acted)
        self.query_one(QueuePane).show(activation, self._controller())
        shown = bisect.bisect_left(self._entry_keys, (n + 1, i))  # setup is command 0, order n is command n
        if shown != self._shown_entries:
            self._shown_entries = shown
            self.query_one(DiceLog).set_entries(self._entries[:shown])
        self._draw_pane()
        self._draw_status()
        self._draw_info()

    def _view(self, draw: Callable[[Any], V], n: int, i: int) -> V:
        """``draw(state)`` at the point shown. Inside an order a system's view may not cope with a state
        half-way through it; then the pane shows the order's start instead, and the status line says so."""
        if not i:
            return draw(self.state)
        try:
            return draw(self.state)
        except Exception:
            self._fallback = True
            return draw(self.timeline.state_at((n, 0)))

    def _controller(self) -> str:
        """Who gave the orders of the side to act, as the save records it."""
        try:
            if self.system.outcome(self.state) is not None:
                return ""
            side = self.system.side_to_act(self.state)
        except Exception:  # half-way through an order (see _view)
            return ""
        if side is None:
            return ""
        names = {s.id: s.name for s in self.board.sides}
        who = self.battle.setup.players.get(side, HUMAN)
        return f"{names.get(side, side)}: " + ("a player's orders" if who == HUMAN else f"computer ({who})")

    def _draw_pane(self) -> None:
        tl = self.timeline
        n, i = self.point
        text = Text()
        text.append(f"Order {n} of {tl.orders}\n", style="bold")
        if n > 0:
            text.append(self.order_text(n) + "\n")
        if i:
            events = tl.events_of(n)
            text.append(f"Order {n + 1}, event {i} of {len(events)}:\n", style="bold")
            text.append(self.order_text(n + 1) + "\n", style="dim")
            try:
                text.append(self.system.describe(events[i - 1], self.state) + "\n")
            except Exception:  # half-way through an order (see _view): the final state names it
                text.append(self.system.describe(events[i - 1], self.battle.state) + "\n")
        if (n, i) == tl.end:
            if self.divergence:
                text.append("The replay stops here: the next order diverges (see the banner).\n", style="bold")
            else:
                outcome = self.system.outcome(self.state)
                text.append(f"End: {outcome.reason}\n" if outcome else "The battle goes on from here.\n")
        self.query_one(OrderPane).update(text)

    def _draw_status(self) -> None:
        tl = self.timeline
        n, i = self.point
        parts = [f"turn {tl.turn_at(self.point)}", f"order {n} of {tl.orders}"]
        if i:
            parts.append(f"event {i} of {len(tl.events_of(n))}")
            if self._fallback:
                parts.append(f"panes as after order {n}")
        playing = "playing" if self._timer is not None else "paused"
        parts.append(f"{playing} x{SPEEDS[self.speed]:g}")
        parts.append("teach on" if self.teach_on else "teach off")
        if self.divergence:
            parts.append(f"diverges after order {tl.orders}")
        if self.message:
            parts.append(self.message)
        self.query_one(StatusLine).update(" | ".join(parts))

    def say(self, message: str) -> None:
        self.message = message
        self._draw_status()

    def _draw_info(self) -> None:
        hexmap = self.query_one(HexMap)
        at = hexmap.cursor_hex
        self.query_one(InfoLine).show_hex(at, self.board, hexmap.piece_at(at))

    def _cursor_moved(self, at: Hex) -> None:
        self._draw_info()

    def go(self, point: Position, note: str = "") -> None:
        """Show ``point`` (made canonical)."""
        self.point = self.timeline.clamp(point)
        self.message = note
        self.show_point()

    # -- stepping ------------------------------------------------------------------------
    def action_step_event(self, step: int) -> None:
        tl = self.timeline
        if step < 0:
            self.go(tl.previous_event(self.point))
            return
        n, i = self.point
        if (n, i) == tl.end:
            self.say("this is the last event")
            return
        events = tl.events_of(n)
        self.go(tl.next_event(self.point))
        if self.teach_on and events and _is_draw(events[i]):
            # this die or card's own pause: it and what followed, up to the next die or card
            j = next((k for k in range(i + 1, len(events)) if _is_draw(events[k])), len(events))
            self._teach(events[i:j], n + 1)

    def action_step_order(self, step: int) -> None:
        tl = self.timeline
        if step < 0:
            self.go(tl.previous_order(self.point))
            return
        n, i = self.point
        if n >= tl.orders:
            self.say("this is the end of the replay")
            return
        stepped = tl.events_of(n)[i:]
        self.go(tl.next_order(self.point))
        if self.teach_on:
            self._teach(stepped, n + 1)

    def _teach(self, events: list[Any], order: int) -> None:
        """The teach pauses for ``events`` of order ``order`` (if they hold a die or card); playing waits."""
        from .teach import teach

        self._teaching = True
        after = self.timeline.state_at((order, 0))  # names the pieces as the order left them
        earlier = self.timeline.state_at((order - 1, 0))  # and as they stood before it
        teach(self, self.system, after, events, f"Order {order}: {self.order_text(order)}", self._taught,
              earlier=earlier)

    def _taught(self) -> None:
        self._teaching = False

    def action_step_activation(self, step: int) -> None:
        tl = self.timeline
        self.go(tl.next_activation(self.point) if step > 0 else tl.previous_activation(self.point))

    def action_step_turn(self, step: int) -> None:
        tl = self.timeline
        self.go(tl.next_turn(self.point) if step > 0 else tl.previous_turn(self.point))

    def action_first(self) -> None:
        log = self.query_one(DiceLog)
        if self.focused is log:  # in the dice log, Home is its newest entry
            log.action_move(-len(log.entries))
            return
        self.go((0, 0))

    def action_last(self) -> None:
        log = self.query_one(DiceLog)
        if self.focused is log:
            log.action_move(len(log.entries))
            return
        self.go(self.timeline.end)

    def action_go_to_turn(self) -> None:
        self._stop()
        first, last = self.timeline.turn_range()
        self.app.push_screen(TurnPrompt(first, last, self.timeline.turn_at(self.point)), self._turn_chosen)

    def _turn_chosen(self, turn: int | None) -> None:
        if turn is None:
            return
        self.jump_to_turn(turn)

    def jump_to_turn(self, turn: int) -> None:
        point = self.timeline.turn_start(turn)
        if point is None:
            first, last = self.timeline.turn_range()
            self.say(f"the battle has no turn {turn}: turns {first} to {last}")
            return
        reached = self.timeline.turns[point[0]]
        self.go(point, f"turn {turn}" if reached == turn else f"turn {turn} has no orders: turn {reached}")

    # -- playing --------------------------------------------------------------------------
    def action_play(self) -> None:
        if self._timer is not None:
            self._stop()
            self._draw_status()
            return
        if self.point == self.timeline.end:
            self.say("at the end: Home goes back to the start")
            return
        self._start()
        self._draw_status()

    def _interval(self) -> float:
        return hexfront_app(self).replay_interval / SPEEDS[self.speed]

    def _start(self) -> None:
        self._timer = self.set_interval(self._interval(), self._tick)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if self._teaching or self.app.screen is not self:
            return  # a teach pause (or any other screen) is up: playing waits for it
        if self.point != self.timeline.end:
            self.action_step_order(1)
        if self.point == self.timeline.end:
            self._stop()
            self.say("the end of the replay")

    def _set_speed(self, index: int) -> None:
        index = max(0, min(len(SPEEDS) - 1, index))
        if index == self.speed:
            self.say(f"already the {'fastest' if index else 'slowest'} speed")
            return
        self.speed = index
        if self._timer is not None:
            self._stop()
            self._start()
        self.say(f"speed x{SPEEDS[index]:g}")

    def action_faster(self) -> None:
        self._set_speed(self.speed + 1)

    def action_slower(self) -> None:
        self._set_speed(self.speed - 1)

    def action_teach(self) -> None:
        """Teach pauses on or off for this viewing (the save itself is never changed)."""
        self.teach_on = not self.teach_on
        self.say("teach on: stepping over a die or card pauses to explain it" if self.teach_on else "teach off")

    # -- continuing -----------------------------------------------------------------------
    def action_continue_here(self) -> None:
        self._stop()
        n, i = self.point
        sides = [(s.id, s.name) for s in self.board.sides]
        self.app.push_screen(ContinueForm(sides, n, partial=bool(i), system=self.battle.system),
                             self._continue_chosen)

    def _continue_chosen(self, players: dict[str, str] | None) -> None:
        if players is None:
            return
        from ..session import continue_replay

        n, i = self.point
        try:
            session, path, kept = continue_replay(self.battle, n, players, self.path, teach=self.teach_on)
        except HexfrontError as exc:
            self.say(f"cannot continue: {exc.message}")
            return
        app = hexfront_app(self)
        note = f"a new battle from order {n}, saved as {path.name}"
        if i:
            note += f" (from the whole order {n}: the events of order {n + 1} shown are not kept)"
        if kept is not None:
            note += f"; your unfinished battle is kept as {kept.name}"
        app.open_session(session)
        app.notify(note, timeout=8)

    # -- panes -----------------------------------------------------------------------------
    def action_activation(self) -> None:
        """Every line of the activation pane on a screen of its own (the pane is short in 80 x 24)."""
        from .status import StatusScreen

        pane = self.query_one(QueuePane)
        self.app.push_screen(StatusScreen(pane.view, pane.controller))

    def action_dice_log(self) -> None:
        self.toggle_dice_log()

    @on(DiceLog.Selected)
    def _log_selected(self) -> None:
        self.action_explain()

    def action_explain(self) -> None:
        entry = self.query_one(DiceLog).selected_entry()
        if entry is None:
            self.say("no die or card yet at this point")
            return
        from .explain import ExplainScreen

        self.app.push_screen(ExplainScreen(self.battle, entry))

    def action_why(self) -> None:
        """The rules section behind the dice-log entry picked (d, then Up/Down)."""
        entry = self.query_one(DiceLog).selected_entry()
        if entry is None:
            self.say("no die or card yet at this point")
            return
        from .battle import open_rules

        open_rules(self, self.system.id, entry.rule)

    def action_back(self) -> None:
        if self.focused is self.query_one(DiceLog):
            self.query_one(HexMap).focus()
            return
        self._stop()
        self.app.pop_screen()


#: The most characters the turn field takes (a turn is a small whole number).
MAX_TURN_CHARS = 6


class TurnPrompt(ModalScreen[int | None]):
    """Asks for a turn to jump to; anything but a turn of this battle is refused in one line."""

    DEFAULT_CSS = """
    TurnPrompt {
        align: center middle;
    }
    TurnPrompt #turn-box {
        width: 48;
        height: auto;
        border: round $accent;
        padding: 0 1;
        background: $panel;
    }
    TurnPrompt #turn-note {
        height: auto;
    }
    App.-ascii TurnPrompt #turn-box {
        border: ascii $accent;
    }
    App.-ascii TurnPrompt #turn-input {
        border: ascii $primary;
    }
    """
    SCOPED_CSS = False  # the plain-ASCII rule starts from the app

    BINDINGS = [Binding("escape", "cancel", "back")]

    def __init__(self, first: int, last: int, now: int) -> None:
        super().__init__()
        self.first, self.last, self.now = first, last, now

    def compose(self) -> ComposeResult:
        with Vertical(id="turn-box"):
            yield Static(f"Go to which turn? ({self.first} to {self.last}; now {self.now})")
            yield Input(placeholder=str(self.now), max_length=MAX_TURN_CHARS, id="turn-input")
            yield Static("Enter: go  Esc: back", id="turn-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#turn-box").border_title = "Go to a turn"
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        try:
            turn = int(text, 10) if text.isascii() and len(text) <= MAX_TURN_CHARS else None
        except ValueError:
            turn = None
        if turn is None:
            self.query_one("#turn-note", Static).update(
                Text(f"'{shown(text, 20)}' is not a turn: type a whole number from {self.first} to {self.last}"))
            return
        if not self.first <= turn <= self.last:
            self.query_one("#turn-note", Static).update(
                Text(f"the battle has no turn {turn}: type one from {self.first} to {self.last}"))
            return
        self.dismiss(turn)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ContinueForm(ModalScreen[dict[str, str] | None]):
    """Who commands each side of a battle continued from the point shown: you, or any of the new-battle form's
    opponents (the computer at each of its levels, or a second player at this keyboard)."""

    DEFAULT_CSS = """
    ContinueForm {
        align: center middle;
    }
    ContinueForm #continue-box {
        width: 64;
        height: auto;
        border: round $accent;
        padding: 0 1;
        background: $panel;
    }
    ContinueForm #continue-form {
        margin: 1 0;
    }
    ContinueForm #continue-note {
        height: auto;
    }
    App.-ascii ContinueForm #continue-box {
        border: ascii $accent;
    }
    """
    SCOPED_CSS = False  # the plain-ASCII rule starts from the app

    BINDINGS = [
        Binding("enter", "start", "start", key_display="Enter"),
        Binding("escape", "cancel", "back"),
    ]

    def __init__(self, sides: list[tuple[str, str]], orders: int, partial: bool = False, *,
                 system: RuleSystem) -> None:
        super().__init__()
        self.sides = sides
        self.orders = orders
        self.partial = partial
        self.commanders = [(YOU, "you"), *opponent_choices(system)]

    def compose(self) -> ComposeResult:
        with Vertical(id="continue-box"):
            yield Static(id="continue-head")
            yield ChoiceForm(id="continue-form")
            yield Static("Up Down: a side  Left Right: who  Enter: start  Esc: back", id="continue-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#continue-box").border_title = "Continue from here"
        head = f"A new battle from order {self.orders}, saved as a new file; the replay's file is not changed."
        if self.partial:
            head += f" It starts after the whole order {self.orders}."
        self.query_one("#continue-head", Static).update(head)
        rows = []
        for k, (side, name) in enumerate(self.sides):
            # the first side: you; the others: the computer's default level (the first opponent)
            rows.append(Row(side, f"{name} ", list(self.commanders), index=0 if k == 0 else 1))  # space before "<"
        form = self.query_one("#continue-form", ChoiceForm)
        form.set_rows(rows)
        form.focus()

    def players(self) -> dict[str, str]:
        """The players entry per side: a person at this keyboard (you or a second player) or the computer at the
        level chosen (``computer:<level>`` on the form)."""
        form = self.query_one("#continue-form", ChoiceForm)
        return {row.key: HUMAN if row.value in (YOU, HUMAN) else str(row.value).split(":", 1)[1]
                for row in form.rows}

    def action_start(self) -> None:
        self.dismiss(self.players())

    def action_cancel(self) -> None:
        self.dismiss(None)
