"""The battle screen for a battle between two players on the host, or for watching one.

It is the battle screen every battle has (map, orders, dice log, odds, help...), with these changes:
orders are given only for this player's side and only when the rules say it acts; the other player's
orders, dice and cards appear as the store receives them (the store wakes the screen through a socket it
listens on, tui/serve/wake.py; it also looks every FALLBACK_SECONDS, or every POLL_SECONDS when it
cannot be woken); undo asks the other player, who answers yes or no; leaving keeps the battle on the
host (the lobby resumes it). A watcher gives no order. Everyone sees the shared view of the map (what
both sides may see: hidden units as markers, secret orders by side only until the reveal), as at a
shared keyboard.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hexfront.engine.core.errors import HexfrontError, UndoRefused

from ...host import hexfront_app
from ...screens.battle import BattleScreen
from ...screens.confirm import Question
from ...widgets.panes import OrderPane
from ..netplay import FALLBACK_SECONDS, POLL_SECONDS, NetSession
from ..store import FINISHED, PLAYING
from ..wake import Listener

#: the battle screen's actions a watcher has no use for
WATCHER_NO = frozenset({"pass_order", "undo", "redo"})


class NetBattleScreen(BattleScreen):
    """A battle on the host from one seat (or watched)."""

    def __init__(self, session: NetSession) -> None:
        super().__init__(session)
        self.net = session
        self._asked = False  # the other player's undo request is on screen
        self._listener: Listener | None = None
        self.wakeups = 0  # how many times the store woke this screen
        self.follows_drawn = 0  # how many times following the store changed the battle on this screen

    def on_mount(self) -> None:
        self.query_one(OrderPane).hold = True  # steady panes: no layout of the screen per followed order
        super().on_mount()
        try:
            self._listener = self.net.store.listen(self.net.battle_id)
        except HexfrontError:
            self._listener = None
        if self._listener is not None:
            asyncio.get_running_loop().add_reader(self._listener.fileno(), self._woken)
            self.call_later(self.follow_store)  # a change between reading the battle and listening
        self.set_interval(POLL_SECONDS if self._listener is None else FALLBACK_SECONDS, self.follow_store)
        self._say_doing()
        if self.net.watching():
            self.say("watching: the players' orders, dice and cards show as they give them")

    def on_unmount(self) -> None:
        if self._listener is not None:
            asyncio.get_running_loop().remove_reader(self._listener.fileno())
            self._listener.close()
            self._listener = None

    def _woken(self) -> None:
        """The store says the battle changed: read the wake-ups, and follow the store at the screen's next turn."""
        if self._listener is not None and self._listener.drain():
            self.wakeups += 1
            self.call_later(self.follow_store)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A watcher gives no orders and takes none back: pass, undo and redo leave the footer (and do nothing)."""
        if action in WATCHER_NO and self.net.watching():
            return False
        return super().check_action(action, parameters)

    def viewer(self) -> str | None:
        """A seat's own side: its player's screen is private (a watcher's shows what both sides may see).
        Asked while the screen is made, before ``net`` is set: the session is read as the battle screen keeps it."""
        session = self.session
        assert isinstance(session, NetSession)
        return session.side

    def human_to_act(self) -> bool:
        return self.net.mine_to_act()

    def give(self, command: Any, by_computer: bool = False) -> None:
        """Give an order as every battle screen does; one the store refused as stale (the other player's came
        first) leaves the battle read again from the store, and the whole screen is drawn from it."""
        battle = self.net.battle
        super().give(command, by_computer)
        if self.net.battle is not battle:
            self._after_log_change(None)

    def controller_line(self) -> str:
        """Whose orders are awaited: yours, or the other player's by name (both sides are players here, so
        "your orders" is true only at your seat)."""
        return self.net.controller_line()

    def _draw_orders(self) -> None:
        if self.net.battle.outcome() is None and not self.net.mine_to_act():
            self.query_one(OrderPane).show_waiting(self.net.waiting_line())
            self.refresh_bindings()
            return
        super()._draw_orders()

    # -- following the other player ----------------------------------------------------------
    def follow_store(self) -> None:
        """Bring in what the store has that this screen does not: orders, orders taken back, a join, a request."""
        try:
            before = self.net.follow()
        except HexfrontError as exc:
            self.say(f"cannot follow the battle: {exc.message}")
            return
        if before is not None:
            self.follows_drawn += 1
            self._say_doing()
            if before == -1:
                self._ended = False
                self.say("orders were taken back: the battle is where both players agreed")
            elif len(self.net.battle.log) > before:
                self.message = self.followed_line(before)
            self._after_log_change(None if before == -1 else before)
        if not self._asked and self.net.pending_undo():
            self._asked = True
            request = self.net.store.undo_request(self.net.battle_id)
            n = request.seq - request.back_to if request is not None else 1
            what = "the last order" if n == 1 else f"the last {n} orders (a walk)"
            self.app.push_screen(Question(
                f"Take back {what}?",
                f"The other player asks to take back {what} of the battle. It stands unless you agree.",
                yes="take it back", no="it stands"), self._answer_undo)

    def _say_doing(self) -> None:
        """What the lobby's "Online now" list says this player is doing: watching this battle, waiting in it
        for a second player, or playing it (said again when a follow brings a change, such as the join)."""
        visit = hexfront_app(self).host
        if visit is None:
            return
        battle = self.net.battle_id
        doing = (f"watching battle {battle}" if self.net.watching()
                 else f"playing battle {battle}" if self.net.status() in (PLAYING, FINISHED)
                 else f"waiting in battle {battle}")
        if doing != visit.doing:
            visit.doing = doing
            visit.touch()

    def followed_line(self, before: int) -> str:
        """The status line after orders came in from the store: the last one as the dice log words it (a
        secret order by its side only), and how many came."""
        battle = self.net.battle
        n = len(battle.log)
        text = self.system.describe_command(battle.log[-1], battle.state_after(n - 1)[0])
        return text if n - before == 1 else f"{n - before} new orders, the last: {text}"

    def _answer_undo(self, yes: bool | None) -> None:
        self._asked = False
        try:
            done = self.net.answer_undo(bool(yes))
        except HexfrontError as exc:
            self.say(exc.message)
            return
        self.say("the last order is taken back" if done else "the order stands")
        self.follow_store()

    # -- undo, redo, leaving --------------------------------------------------------------------
    def action_undo(self) -> None:
        """z: ask the other player to let the last order, or the whole of the walk just given, be taken back."""
        orders = self.orders_to_take_back()
        try:
            self.net.undo(orders)
        except UndoRefused as refused:
            self.say(f"cannot undo: {refused.message}")
            return
        what = "the last order" if orders == 1 else f"the last {orders} orders (the walk)"
        self.say(f"asked the other player to let {what} be taken back; it stands until they agree")

    def action_redo(self) -> None:
        try:
            self.net.redo()
        except UndoRefused as refused:
            self.say(f"cannot redo: {refused.message}")

    def action_leave(self) -> None:
        """q: leave for the menu; the battle stays on the host, and the lobby brings it back."""
        if self.net.battle.outcome() is not None or self.net.watching():
            self._leave(True)
            return
        self.app.push_screen(Question(
            "Leave this battle?",
            "Every order is kept on the host. The lobby (h on the menu) brings you back to it; "
            "meanwhile the other player waits for your orders when it is your turn.",
            yes="leave for the menu", no="stay in the battle"), self._leave)

    def _leave(self, yes: bool | None) -> None:
        super()._leave(yes)
        visit = hexfront_app(self).host
        if yes and visit is not None:
            visit.doing = "in the lobby"
