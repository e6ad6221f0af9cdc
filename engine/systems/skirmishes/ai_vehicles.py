"""Skirmishes' standard player, its vehicles and machines: who rides a vehicle this round and how far a drive
takes them towards the exit (only the side that must get away drives, and only that way), what a seat is worth, and
the shutters a side opens or shuts (the side holding a building shuts them while enemies are outside, the side
clearing it raises them). A part of :class:`.ai.DefaultPlayer`, which works out the picture these read once per
character (``_setup``)."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex

from . import commands as C
from .ground import drive_options, layer
from .state import Character, SkirmishState

PROGRESS_WEIGHT = 1.0  # per round of running saved towards the exit
ESCAPE_BONUS = 1.5  # standing on the exit edge at the end of the round
BOARD_WEIGHT = 0.5  # a seat in a vehicle nobody drives yet: worth part of the drive it may get next round
SHUT_VALUE = 0.08  # the side holding a building shuts an open shutter while enemies are outside
OPEN_VALUE = 0.15  # the side clearing a building raises a shut shutter


class VehicleOrders:
    """Drives, seats and shutters, priced on the picture the standard player works out for each character."""

    st: SkirmishState
    side: str
    foes: list[Character]
    exit_me: bool
    exit_dist: dict[Hex, int]
    clearing: bool
    holding: bool

    def _riders(self, vid: str, extra: Character | None = None) -> list[Character]:
        """Who will be in ``vid`` when it is driven this round: those inside who stay, and friends whose runs end
        in it (own plans are known)."""
        st = self.st
        out = [p for p in st.passengers(vid) if p.able and p.id not in st.plans]
        out += [st.chars[cid] for cid, h in st.plans.items() if st.vehicles.get(vid) == h
                and st.chars[cid].side == self.side]
        if extra is not None and extra not in out:
            out.append(extra)
        return out

    def _ride_value(self, riders: list[Character], start: Hex, dest: Hex) -> float:
        """The progress towards the exit of everyone carried from ``start`` to ``dest``."""
        if not self.exit_me:
            return 0.0
        d0, d1 = self.exit_dist.get(start), self.exit_dist.get(dest)
        if d0 is None or d1 is None:
            return 0.0
        one = PROGRESS_WEIGHT * (d0 - d1) / 15 + (ESCAPE_BONUS if d1 == 0 else 0.0)
        return one * len(riders)

    def _drive_actions(self, c: Character, at: Hex) -> list[tuple[float, Any]]:
        """Driving: only the side that must get away drives, and only towards its exit."""
        st = self.st
        if not self.exit_me:
            return []
        vid = st.vehicle_at(at)
        if vid is None or (at == c.pos and c.aboard != vid):
            return []
        if any(o.action == "drive" and o.item == vid for o in st.orders.values()):
            return []
        riders = self._riders(vid, c)
        out = []
        for h in drive_options(st, vid):
            v = self._ride_value(riders, at, h)
            if v > 0:
                out.append((v, C.Drive(c.id, h)))
        out.sort(key=lambda x: (-x[0], x[1].to.q, x[1].to.r))
        return out[:1]

    def _seat_value(self, c: Character, at: Hex) -> float:
        """A seat in a vehicle (boarding it, or staying in it): the drive a friend has ordered for it this round,
        or part of the best drive it could make."""
        st = self.st
        vid = st.vehicle_at(at)
        if vid is None or not self.exit_me:
            return 0.0
        for o in st.orders.values():
            if o.action == "drive" and o.item == vid and o.at is not None:
                return self._ride_value([c], at, o.at)
        best = max((self._ride_value([c], at, h) for h in drive_options(st, vid)), default=0.0)
        return BOARD_WEIGHT * best

    def _machine_actions(self, c: Character, at: Hex) -> list[tuple[float, Any]]:
        st = self.st
        out = []
        outside = [e for e in self.foes if e.pos not in layer(st).indoors]
        for m in st.tables.machines.values():
            if at.distance(m.at) > 1:
                continue
            up = st.machines[m.id]
            if self.holding and up and outside and at != m.at and m.at not in st.occupant:
                out.append((SHUT_VALUE, C.Operate(c.id, m.id, False)))
            elif self.clearing and not up and at not in layer(st).indoors:
                out.append((OPEN_VALUE, C.Operate(c.id, m.id, True)))
        return out
