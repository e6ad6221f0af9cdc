"""One visit to the host: the store this game process shares with the others, and who is visiting.

The app holds it (``HexfrontApp.host``) when it runs in host mode (tui/serve/session.py starts it);
the title menu then shows the Host entry, and the lobby and the two-player battle screens read it.
"""

from __future__ import annotations

import attrs

from .store import HostStore, Player

#: How often a session says its player is still there (seconds); the lobby counts a player online for
#: store.ONLINE_SECONDS after.
PRESENCE_SECONDS = 5.0


@attrs.define
class HostVisit:
    store: HostStore
    key: str  # the fingerprint of the SSH key the host accepted
    peer: str  # the client's address, as the host saw it (for the operator's log; never shown to others)
    player: Player | None = None  # None until the key's first name is chosen
    doing: str = "in the lobby"  # what the online list says this player is doing

    def touch(self) -> None:
        """Say in the store that this player is here (and what they are doing)."""
        if self.player is not None:
            self.store.touch(self.player.id, self.doing)
