"""Walks and taking orders back on the battle screen: a route (a 30 Minute Missions walk) is given as its orders
one after another and counts as one choice, so z takes the whole of it back and Z gives it again; any other order
is taken back alone (or, against the computer, with the replies that followed it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.screen import Screen

from hexfront.engine.core.errors import UndoRefused
from hexfront.engine.core.view import Route
from hexfront.engine.core.words import plural

from ..orders import walk
from ..session import Session

if TYPE_CHECKING:
    _Screen = Screen[None]
    from hexfront.engine.core.system import RuleSystem
else:  # a mixin: the screen it is mixed into comes later in BattleScreen's bases
    _Screen = object


class TakingBack(_Screen):
    """Mixed into BattleScreen, which gives ``session``, ``system``, the status message and the redraw."""

    session: Session
    system: RuleSystem
    message: str
    _ended: bool
    _last_order: str
    #: (the log's length after it, its orders): the walk just given, or the one just taken back, which z or Z
    #: takes back or gives again whole
    _walked: tuple[int, int] | None = None
    _unwalked: tuple[int, int] | None = None

    if TYPE_CHECKING:  # what BattleScreen gives
        def say(self, message: str) -> None: ...
        def _after_log_change(self, before: int | None) -> None: ...

    def give_route(self, route: Route) -> None:
        """A walk: its orders given one after another (each saved as it is given), the log and the map drawn
        once after; where it stopped short, why."""
        before = len(self.session.battle.events)
        walked = walk(self.session.submit, self.system, lambda: self.session.state, route)
        if not walked.given:
            self.say(walked.stopped)
            return
        text = route.words if not walked.stopped else (
            f"{route.words}: stopped after {walked.given} of {plural(len(route.steps), 'order')}: {walked.stopped}")
        self.message = text + " (z takes it back)"
        self._walked = (len(self.session.battle.log), walked.given)
        self._last_order = text
        self._after_log_change(before)

    def orders_to_take_back(self) -> int:
        """What z takes back: the walk just given, whole (its orders), else one order."""
        log = len(self.session.battle.log)
        return self._walked[1] if self._walked is not None and self._walked[0] == log else 1

    def action_undo(self) -> None:
        """z: take back the last order, or the whole of the walk just given (its orders, as one choice)."""
        log = len(self.session.battle.log)
        walk_orders = self.orders_to_take_back()
        self._take_back(lambda: self.session.undo(walk_orders), "undo", "took back {orders}; Z gives {them} again")
        if walk_orders > 1 and len(self.session.battle.log) < log:
            self._unwalked, self._walked = (len(self.session.battle.log), walk_orders), None

    def action_redo(self) -> None:
        """Z: give again what z took back, a walk whole."""
        log = len(self.session.battle.log)
        walk_orders = self._unwalked[1] if self._unwalked is not None and self._unwalked[0] == log else 1
        self._take_back(lambda: self.session.redo(walk_orders), "redo", "gave {orders} again")
        if walk_orders > 1 and len(self.session.battle.log) > log:
            self._walked, self._unwalked = (len(self.session.battle.log), walk_orders), None

    def _take_back(self, step: Callable[[], int], verb: str, done: str) -> None:
        """Undo or redo through the session (which autosaves), then redraw everything."""
        try:
            n = step()
        except UndoRefused as refused:
            self.say(f"cannot {verb}: {refused.message}")
            return
        self._ended = False  # a redo that reaches the end shows the end screen again
        self.message = done.format(orders=plural(n, "order"), them="it" if n == 1 else "them")
        self._after_log_change(None)
