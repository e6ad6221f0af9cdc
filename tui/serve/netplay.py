"""A battle between two players on the host, as one of them (or a watcher) holds it in its game process.

Each process keeps its own Battle, replayed from the store, and follows the other's orders by reading
the rows after its own last one: the screen looks when the store wakes it (tui/serve/wake.py), and every
FALLBACK_SECONDS in case a wake-up was lost (every POLL_SECONDS when it cannot be woken). An order goes
through the engine on this battle first (it must be this player's side to act), then into the store at
the next place of the log; if the other's order took that place meanwhile, it is taken back here, the
battle follows the store again, and the player is told. No Textual here.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from hexfront.engine.core.battle import Divergence, IllegalOrder
from hexfront.engine.core.errors import HexfrontError, UndoRefused
from hexfront.engine.core.serial import codec_for

from ..session import Session
from .limits import OrderGate
from .store import FINISHED, PLAYING, HostStore, Player, StoreError, follow, replay_battle

#: How often a screen that cannot be woken looks for the other player's orders (seconds): theirs show
#: within half a second.
POLL_SECONDS = 0.1
#: How often a screen the store wakes looks all the same (seconds), in case a wake-up was lost.
FALLBACK_SECONDS = 1.0


class NetSession(Session):
    """A battle on the host seen from one seat (``side``), or watched (``side`` None): read-only then."""

    restartable = False  # the battle is the host's: a new one is opened from the lobby

    def __init__(self, store: HostStore, battle_id: str, player: Player, side: str | None,
                 gate: OrderGate | None = None) -> None:
        self.store = store
        self.gate = gate  # the connection's order limit (the host's --orders-per-second); None: no limit
        self.battle_id = battle_id
        self.player = player
        self.side = side
        battle = replay_battle(store, battle_id)
        self.codec = codec_for(battle.system)
        self.seen = store.revision(battle_id)
        super().__init__(battle, None)  # nothing autosaved: the store is the record

    @classmethod
    def seat_of(cls, store: HostStore, battle_id: str, player: Player, gate: OrderGate | None = None) -> NetSession:
        """The session for ``player``: at their own side if they sit at one, else watching; its orders held to
        ``gate`` if given."""
        row = store.battle(battle_id)
        side = next((s for s, p in row.seats.items() if p == player.id), None)
        return cls(store, battle_id, player, side, gate)

    # -- who acts -----------------------------------------------------------------------
    def watching(self) -> bool:
        return self.side is None

    def mine_to_act(self) -> bool:
        """Is it this player's turn to give an order (the battle being played, their side to act)?"""
        return (self.side is not None and self.battle.outcome() is None
                and self.side_to_act() == self.side and self.status() == PLAYING)

    def status(self) -> str:
        return self.store.battle(self.battle_id).status

    def waiting_line(self) -> str:
        """What the Orders pane says while this player may not give an order."""
        if self.watching():
            return "You are watching: the players' orders show as they give them."
        row = self.store.battle(self.battle_id)
        if row.status != PLAYING and row.status != FINISHED:
            return "Waiting for a second player to join from the lobby."
        side = self.side_to_act()
        who = row.names.get(side or "", "the other player")
        return f"{self.side_name(side)} ({who}) is giving orders; yours are taken when it is your turn."

    def controller_line(self) -> str:
        """Who gives the orders now, for the activation pane: "your orders", or the player's name."""
        side = self.side_to_act()
        if side is None or self.battle.outcome() is not None:
            return ""
        row = self.store.battle(self.battle_id)
        if row.status != PLAYING and row.status != FINISHED:  # nobody's orders are taken before both are in
            return f"{self.side_name(side)}: waiting for a second player"
        if side == self.side:
            return f"{self.side_name(side)}: your orders"
        who = row.names.get(side, "no player yet")
        return f"{self.side_name(side)}: {who}'s orders"

    # -- orders -------------------------------------------------------------------------
    def submit(self, command: Any) -> list[Any]:
        """Give an order for this player's side: checked by the engine here, then recorded in the store at
        the next place of the log. IllegalOrder (nothing changed) if refused by either."""
        if self.side is None:
            raise IllegalOrder("you are watching this battle: only its players give orders")
        acting = self.side_to_act()
        if acting != self.side:
            raise IllegalOrder(f"it is {self.side_name(acting)}'s turn, not yours: wait for their orders")
        if self.status() != PLAYING:
            raise IllegalOrder("the battle is waiting for its second player")
        if self.gate is not None and not self.gate.allow():
            raise IllegalOrder(self.gate.refusal())
        events = self.battle.submit(command)
        try:
            # the store's revision with this order is seen here already: following it would redraw for nothing
            self.seen = self.store.append(self.battle_id, len(self.battle.log), acting, self.player.id,
                                          self.codec.command_to_json(command), self.battle.checkpoints[-1])
        except StoreError as refused:
            with suppress(HexfrontError):  # the battle as the store has it; if even that fails, the screen says so
                self.reload()
            raise IllegalOrder(refused.message) from None
        outcome = self.battle.outcome()
        if outcome is not None:
            self.store.finish(self.battle_id, self.result_line())
        return events

    def result_line(self) -> str:
        outcome = self.battle.outcome()
        if outcome is None:
            return ""
        winner = "a draw" if outcome.winner is None else f"{self.side_name(outcome.winner)} won"
        return f"{winner}: {outcome.reason}"

    def follow(self) -> int | None:
        """Catch up with the store. Returns None when nothing changed, the number of orders the battle had
        before the new ones when orders were added, or -1 when it was rebuilt (orders taken back)."""
        revision = self.store.revision(self.battle_id)
        if revision == self.seen:
            return None
        self.seen = revision
        before = len(self.battle.log)
        rows = self.store.orders(self.battle_id, 0 if not before else before - 1)
        if before and (not rows or rows[0].seq != before or rows[0].check != self.battle.checkpoints[-1]):
            self.reload()
            return -1
        try:
            follow(self.battle, self.codec, rows[1:] if before else rows)
        except Divergence:
            self.reload()
            return -1
        return before

    def reload(self) -> None:
        """Replay the battle from the store afresh (after a stale order, or orders taken back)."""
        self.battle = replay_battle(self.store, self.battle_id)
        self.seen = self.store.revision(self.battle_id)

    # -- undo by consent -----------------------------------------------------------------
    def undo(self, orders: int = 1) -> int:
        """Ask the other player to let the last order (the last ``orders``: a walk) be taken back: nothing
        changes until they agree. UndoRefused with the reason when it cannot be asked."""
        if self.side is None:
            raise UndoRefused("you are watching: only the players may take orders back")
        reason = self.battle.undo_refusal()
        if reason is not None:
            raise UndoRefused(reason)
        n = len(self.battle.log)
        try:
            self.store.ask_undo(self.battle_id, self.player.id, n, max(0, n - orders))
        except StoreError as exc:
            raise UndoRefused(exc.message) from None
        return 0

    def redo(self, orders: int = 1) -> int:
        raise UndoRefused("in a battle between two players an order taken back is given again as a new order")

    def pending_undo(self) -> bool:
        """Has the other player asked to take an order back, with no answer yet?"""
        request = self.store.undo_request(self.battle_id)
        return (request is not None and request.answer is None and self.side is not None
                and request.asked_by != self.player.id)

    def answer_undo(self, yes: bool) -> bool:
        return self.store.answer_undo(self.battle_id, self.player.id, yes)

