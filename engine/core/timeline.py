"""A recorded battle laid out for watching: every point between two events, reachable at once.

A :class:`Timeline` stands over a loaded :class:`~engine.core.battle.Battle`
and never resolves an order again: the state at any point is a keyframe copy
with the recorded events folded onto it (``system.apply``), exactly as the
events built it in play. A point (a :data:`Position`) is ``(n, i)``: the first
``n`` orders given, then the first ``i`` events of order ``n + 1``; ``(n, 0)``
is "after order n".

Besides the states, the timeline keeps per order the turn after it and who gave
it (its activation), so that stepping by activation or turn, and jumping to a
turn, are index look-ups.
"""

from __future__ import annotations

import bisect
from typing import Any

from .battle import Battle

#: ``(orders given, events of the next order shown)``
Position = tuple[int, int]

#: keyframe spacing, in orders: a state copy every this many orders. The worst point costs one copy
#: and the fold of 49 orders' events: in benchmarks/replay_bench.py's 10,000-order battle that is
#: under 1 ms (under 4 ms with the viewer's redraw), against a target of 50 ms, for 201 keyframes
#: (about 3 MB). Folding is cheap in every system (under 0.01 ms an order), so closer keyframes would
#: only cost memory.
KEYFRAME_EVERY = 50


class Timeline:
    """Every point of a recorded battle, with its keyframes, turns and activations."""

    def __init__(self, battle: Battle, keyframe_every: int = KEYFRAME_EVERY) -> None:
        if keyframe_every < 1:
            raise ValueError("keyframes are at least one order apart")
        self.battle = battle
        self.system = battle.system
        self.every = keyframe_every
        self.events: list[list[Any]] = battle.events
        self.orders = len(battle.log)
        system = self.system
        state = system.copy_state(battle.keyframes[0][0])
        self._keyframes: list[Any] = [system.copy_state(state)]
        #: the turn after each number of orders, 0..orders
        self.turns: list[int] = [system.turn(state)]
        #: who gave each order (see RuleSystem.activation_key), for orders 1..orders at index 0..orders-1
        self.activation_keys: list[Any] = []
        for n, command in enumerate(battle.log, start=1):
            self.activation_keys.append(system.activation_key(state, command))
            for event in self.events[n - 1]:
                system.apply(state, event)
            self.turns.append(system.turn(state))
            if n % keyframe_every == 0:
                self._keyframes.append(system.copy_state(state))
        # activations: the points between two orders given by different pieces or sides (and both ends)
        self.activation_starts: list[int] = [0] + [
            n for n in range(1, self.orders) if self.activation_keys[n] != self.activation_keys[n - 1]
        ]
        if self.orders and self.activation_starts[-1] != self.orders:
            self.activation_starts.append(self.orders)
        self._events_before: list[int] = [0]  # events of the orders before each order
        for evs in self.events:
            self._events_before.append(self._events_before[-1] + len(evs))
        # turns: the first point of each turn
        self.turn_starts: list[int] = [0] + [
            n for n in range(1, self.orders + 1) if self.turns[n] != self.turns[n - 1]
        ]

    # -- points -------------------------------------------------------------------------
    @property
    def end(self) -> Position:
        return (self.orders, 0)

    def events_of(self, n: int) -> list[Any]:
        """The events of order ``n + 1`` (the order after point ``(n, ...)``); none after the last."""
        return self.events[n] if n < self.orders else []

    def clamp(self, pos: Position) -> Position:
        """The point itself, made canonical: ``(n, k)`` with k all of order n+1's events is ``(n + 1, 0)``."""
        n, i = pos
        n = max(0, min(self.orders, n))
        i = max(0, i)
        if n >= self.orders:
            return (self.orders, 0)
        if i >= len(self.events[n]):
            return (n + 1, 0)
        return (n, i)

    def index(self, pos: Position) -> int:
        """How many events (after the setup) have happened at ``pos``: a total order of the points."""
        n, i = self.clamp(pos)
        return self._events_before[n] + i

    # -- states -------------------------------------------------------------------------
    def state_at(self, pos: Position) -> Any:
        """The state at ``pos``: the nearest keyframe at or before it, with the recorded events folded on.

        Returns a fresh copy the caller may keep; the timeline is unchanged.
        """
        n, i = self.clamp(pos)
        k = n // self.every
        system = self.system
        state = system.copy_state(self._keyframes[k])
        for evs in self.events[k * self.every:n]:
            for event in evs:
                system.apply(state, event)
        if i:
            for event in self.events[n][:i]:
                system.apply(state, event)
        return state

    def turn_at(self, pos: Position) -> int:
        """The turn shown at ``pos`` (the turn after its last whole order)."""
        return self.turns[self.clamp(pos)[0]]

    # -- stepping -----------------------------------------------------------------------
    def next_event(self, pos: Position) -> Position:
        n, i = self.clamp(pos)
        if n >= self.orders:
            return (n, 0)
        return self.clamp((n, i + 1))

    def previous_event(self, pos: Position) -> Position:
        n, i = self.clamp(pos)
        if i > 0:
            return (n, i - 1)
        if n == 0:
            return (0, 0)
        last = len(self.events[n - 1])
        return (n - 1, last - 1) if last > 1 else (n - 1, 0)

    def next_order(self, pos: Position) -> Position:
        n, _ = self.clamp(pos)
        return (min(self.orders, n + 1), 0)

    def previous_order(self, pos: Position) -> Position:
        n, i = self.clamp(pos)
        return (n, 0) if i else (max(0, n - 1), 0)

    @staticmethod
    def _after(starts: list[int], pos: Position, last: int) -> Position:
        n, _ = pos
        j = bisect.bisect_right(starts, n)
        return (starts[j], 0) if j < len(starts) else (last, 0)

    @staticmethod
    def _before(starts: list[int], pos: Position) -> Position:
        n, i = pos
        # a point inside order n+1 counts as after n: going back reaches the start at or before n
        j = bisect.bisect_right(starts, n) if i else bisect.bisect_left(starts, n)
        return (starts[j - 1], 0) if j > 0 else (0, 0)

    def next_activation(self, pos: Position) -> Position:
        """The end of the activation under way (where the next piece or side takes over)."""
        return self._after(self.activation_starts, self.clamp(pos), self.orders)

    def previous_activation(self, pos: Position) -> Position:
        """The start of this activation, or of the one before if already at a start."""
        return self._before(self.activation_starts, self.clamp(pos))

    def next_turn(self, pos: Position) -> Position:
        """The first point of the next turn (the end of the battle in its last turn)."""
        return self._after(self.turn_starts, self.clamp(pos), self.orders)

    def previous_turn(self, pos: Position) -> Position:
        """The start of this turn, or of the one before if already at a start."""
        return self._before(self.turn_starts, self.clamp(pos))

    def turn_range(self) -> tuple[int, int]:
        return (min(self.turns), max(self.turns))

    def turn_start(self, turn: int) -> Position | None:
        """The first point at which the turn is ``turn`` or later; None when the battle never reaches it."""
        if turn < self.turns[0]:
            return None
        for n in self.turn_starts:
            if self.turns[n] >= turn:
                return (n, 0)
        return None
