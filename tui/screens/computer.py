"""The computer's turn on the battle screen, shown as it is played.

Each order is chosen in a worker thread (the screen answers keys meanwhile: help, the dice log, leaving)
and held on screen for the pace the player chose (tui/pace.py) before the next. The Orders pane says who
is choosing and how many orders it has given this turn; the status line says what each order did. ``x``
plays the rest of the computer's turn at once (its teach pauses too), ``p`` changes the pace.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from hexfront.engine.core.words import plural

from ..host import hexfront_app
from ..pace import PACES, next_pace
from ..session import Session
from ..widgets.panes import OrderPane

if TYPE_CHECKING:
    _Screen = Screen[None]
else:  # a mixin: the screen it is mixed into comes later in BattleScreen's bases
    _Screen = object


class ComputerTurns(_Screen):
    """Mixed into BattleScreen, which gives ``session``, ``give``, ``say`` and the panes."""

    _thinking: bool
    _teaching: bool
    session: Session

    if TYPE_CHECKING:  # what BattleScreen gives
        def give(self, command: Any, by_computer: bool = False) -> None: ...

        def say(self, message: str) -> None: ...

    def init_computer(self) -> None:
        self._thinking = False
        self._skipping = False  # x was pressed: the rest of the computer's turn goes at once
        self._hurry = threading.Event()  # set to cut the wait between the computer's orders short
        self._computer_orders = 0  # orders the computer has given since the player last could

    def computer_waiting_text(self) -> str:
        """The Orders pane while the computer plays: who, how far it has got, and the keys."""
        side = self.session.side_name(self.session.side_to_act())
        pace = hexfront_app(self).pace
        done = self._computer_orders
        lines = [f"{side} (computer) is choosing an order...",
                 f"{plural(done, 'order')} given so far" if done else "its first order",
                 "" if self._skipping else "x: skip to the end of its turn",
                 f"+ and -: pace ({pace})"]
        return "\n".join(line for line in lines if line)

    def maybe_computer(self) -> None:
        """Start the computer's next order if it is to act (and no teach pause or order is under way)."""
        if not self.session.computer_to_act():
            self._skipping = False
            self._computer_orders = 0
            return
        if self._thinking or self._teaching:
            return
        self._thinking = True
        job = self.session.computer_job()
        count = len(self.session.battle.log)
        delay = 0.0 if self._skipping else hexfront_app(self).computer_delay
        hurry = self._hurry = threading.Event()
        if self._skipping:
            hurry.set()

        def think() -> None:
            started = time.monotonic()
            command = job()
            rest = delay - (time.monotonic() - started)
            if rest > 0:
                hurry.wait(rest)
            self.app.call_from_thread(self._computer_ordered, command, count)

        self.run_worker(think, thread=True, group="computer", exclusive=True, exit_on_error=False)

    def _computer_ordered(self, command: Any, count: int) -> None:
        self._thinking = False
        if not self.is_attached or len(self.session.battle.log) != count or not self.session.computer_to_act():
            self.maybe_computer()
            return
        self._computer_orders += 1
        self.give(command, by_computer=True)

    def action_skip_computer(self) -> None:
        """x: the rest of the computer's turn at once, without waiting between orders or at teach pauses."""
        if not self.session.computer_to_act():
            self.say("the computer is not playing now")
            return
        self._skipping = True
        self._hurry.set()
        self.query_one(OrderPane).show_waiting(self.computer_waiting_text())
        self.say("skipping to the end of the computer's turn")

    def action_pace(self, step: int) -> None:
        """+ and -: the computer's pace one step faster or slower among slow, normal, fast, instant (kept in
        the settings), as + and - set the speed of a replay."""
        app = hexfront_app(self)
        pace = next_pace(app.pace, step)
        app.set_pace(pace)
        self.say(f"the computer's pace: {pace} ({PACES[pace]:g} s an order); x skips a whole turn")
        if self.session.computer_to_act():
            self.query_one(OrderPane).show_waiting(self.computer_waiting_text())
