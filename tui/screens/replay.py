"""Watch a saved battle: step forwards and backwards through its orders, or let it play."""

from __future__ import annotations

import bisect

from rich.text import Text
from textual import on
from textual.binding import Binding

from engine.core.battle import Battle

from ..widgets.hexmap import HexMap
from ..widgets.panes import DiceLog, InfoLine, OrderPane, QueuePane, StatusLine, log_entries
from .battle import BoardScreen


class ReplayScreen(BoardScreen):
    BINDINGS = [
        Binding("question_mark", "app.help", "help", key_display="?"),
        Binding("escape", "back", "back"),
        Binding("right_square_bracket", "step(1)", "next", key_display="]"),
        Binding("left_square_bracket", "step(-1)", "previous", key_display="["),
        Binding("right_curly_bracket", "step(10)", "+10", key_display="}"),
        Binding("left_curly_bracket", "step(-10)", "-10", key_display="{"),
        Binding("home", "jump(0)", "first", show=False),
        Binding("end", "jump(-1)", "last", show=False),
        Binding("space", "play", "play/pause"),
        Binding("d", "dice_log", "dice log"),
        Binding("e", "explain", "explain roll", show=False),
        Binding("a", "activation", "activation", show=False),
    ]

    def __init__(self, battle: Battle, title: str = "") -> None:
        super().__init__()
        self.battle = battle
        self.system = battle.system
        self.title_text = title
        self.position = 0
        self.state = battle.state_after(0)[0]
        self.board = self.system.board(self.state)
        self._timer = None
        # the whole battle's dice log, described once; each step shows the part up to its order
        self._entries = log_entries(self.system, battle.state, [battle.setup_events] + battle.events)
        self._entry_orders = [e.command for e in self._entries]

    def on_mount(self) -> None:
        self.setup_panes(self.board)
        self.query_one(HexMap).on_cursor = self._cursor_moved
        self.query_one("#orders").border_title = "Replay"
        self.show_position()
        self.query_one(HexMap).focus()

    def show_position(self) -> None:
        b = self.battle
        n = self.position
        self.state = b.state_after(n)[0]
        self.board = self.system.board(self.state)
        activation = self.system.activation(self.state)
        self.query_one(HexMap).show(self.board, {}, None, activation.acted)
        self.query_one(QueuePane).show(activation, "")
        shown = bisect.bisect_right(self._entry_orders, n)  # the draws up to and with order n
        self.query_one(DiceLog).set_entries(self._entries[:shown])
        text = Text()
        text.append(f"Order {n} of {len(b.log)}\n", style="bold")
        if n > 0:
            before = b.state_after(n - 1)[0]
            text.append(self.system.describe_command(b.log[n - 1], before) + "\n")
        if n == len(b.log):
            outcome = b.outcome()
            text.append(f"End: {outcome.reason}\n" if outcome else "The battle goes on from here.\n")
        text.append("] next  [ previous  } { ten  Space play", style="dim")
        self.query_one(OrderPane).update(text)
        self.query_one(StatusLine).update(f"Replay of {self.title_text} | {self.system.title}: "
                                          f"{b.setup.scenario} | turn {self.system.turn(self.state)}")
        self._draw_info()

    def _draw_info(self) -> None:
        hexmap = self.query_one(HexMap)
        at = hexmap.cursor_hex
        self.query_one(InfoLine).show_hex(at, self.board, hexmap.piece_at(at))

    def _cursor_moved(self, at) -> None:
        self._draw_info()

    def action_step(self, step: int) -> None:
        self.action_jump(max(0, min(len(self.battle.log), self.position + step)))

    def action_jump(self, n: int) -> None:
        self.position = len(self.battle.log) if n < 0 else n
        self.show_position()

    def action_play(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            return
        self._timer = self.set_interval(getattr(self.app, "replay_interval", 0.5), self._tick)

    def _tick(self) -> None:
        if self.position >= len(self.battle.log):
            self.action_play()
            return
        self.action_step(1)

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
            return
        from .explain import ExplainScreen

        self.app.push_screen(ExplainScreen(self.battle, entry))

    def action_back(self) -> None:
        if self.focused is self.query_one(DiceLog):
            self.query_one(HexMap).focus()
            return
        if self._timer is not None:
            self._timer.stop()
        self.app.pop_screen()
