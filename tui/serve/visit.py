"""One visit to the host: the store this game process shares with the others, and who is visiting.

The app holds it (``HexfrontApp.host``) when it runs in host mode (tui/serve/session.py starts it);
the title menu then shows the Host entry, and the lobby and the two-player battle screens read it.
"""

from __future__ import annotations

import attrs

from .limits import HostLimits, OrderGate
from .store import HostStore, Player

#: How often a session says its player is still there (seconds); the lobby counts a player online for
#: store.ONLINE_SECONDS after.
PRESENCE_SECONDS = 5.0
#: The default of ``hexfront serve --max-battles``: unfinished two-player battles one player may sit in.
MAX_BATTLES = HostLimits.max_battles


@attrs.define
class HostVisit:
    store: HostStore
    key: str  # the fingerprint of the SSH key the host accepted
    peer: str  # the client's address, as the host saw it (for the operator's log; never shown to others)
    player: Player | None = None  # None until the key's first name is chosen
    doing: str = "in the lobby"  # what the online list says this player is doing
    max_battles: int = MAX_BATTLES  # unfinished two-player battles this player may sit in (the host's limit)
    orders_per_second: int = HostLimits.orders_per_second  # this connection's orders in two-player battles
    order_gate: OrderGate = attrs.field(init=False)

    @order_gate.default
    def _gate(self) -> OrderGate:
        return OrderGate(self.orders_per_second)

    def battles_refusal(self) -> str | None:
        """One line if this player may not open or join another battle (the host's limit), else None."""
        if self.player is None:
            return "choose your name first"
        count = self.store.unfinished_battles(self.player.id)
        if count >= self.max_battles:
            return (f"you sit in {count} unfinished battles, the most this host allows: "
                    f"finish or resume one of them first")
        return None

    def touch(self) -> None:
        """Say in the store that this player is here (and what they are doing)."""
        if self.player is not None:
            self.store.touch(self.player.id, self.doing)
