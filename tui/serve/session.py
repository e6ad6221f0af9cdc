"""One visit's game process on the host: ``python -m hexfront.tui.serve.session --data D --key K --peer P``.

The host (tui/serve/server.py) starts one per SSH session on a pseudo-terminal, with HEXFRONT_SAVES set
to the player's own saves folder. This opens the host's store in the data folder ``D`` (host.sqlite3),
finds the player bound to key fingerprint ``K`` (a first visit chooses a name in the game), and runs
the game with the Host entry on its menu. Nothing the client types names a path: the data folder and
the key come from the host. A problem before the game starts is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from hexfront.engine.core.errors import HexfrontError

from .limits import HostLimits
from .store import FINGERPRINT, open_store
from .visit import MAX_BATTLES, HostVisit

if TYPE_CHECKING:
    from ..app import HexfrontApp

#: What the player reads when the game process runs past its memory limit (the host's --memory-mb).
OUT_OF_MEMORY = "hexfront: out of the memory the host allows a game; your battles are kept"


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hexfront-session", description="one visit to a hexfront host")
    parser.add_argument("--data", required=True, help="the host's data folder (the store is host.sqlite3 in it)")
    parser.add_argument("--key", required=True, help="the fingerprint of the visitor's SSH key")
    parser.add_argument("--peer", default="", help="the client's address, as the host saw it")
    parser.add_argument("--max-battles", type=int, default=MAX_BATTLES,
                        help="the most unfinished two-player battles one player may sit in")
    parser.add_argument("--orders-per-second", type=int, default=HostLimits.orders_per_second,
                        help="orders this connection may give a second in a two-player battle")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if not FINGERPRINT.fullmatch(args.key):
        print("hexfront session: the key fingerprint is not one the host writes", file=sys.stderr)
        return 2
    try:
        store = open_store(Path(args.data))
    except (OSError, HexfrontError) as exc:
        print(f"hexfront session: cannot open the host's record in {args.data}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # sqlite3.Error and the like: one line, never a traceback
        print(f"hexfront session: the host's record cannot be used ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    visit = HostVisit(store, args.key, args.peer[:100], store.player_for_key(args.key),
                      max_battles=max(args.max_battles, 1), orders_per_second=max(args.orders_per_second, 1))
    try:
        app = hosted_app(visit)
        app.run()
        return app.return_code or 0
    except MemoryError:  # past RLIMIT_AS: one line on the player's screen, never a traceback
        _out_of_memory()
        return 3
    finally:
        if visit.player is not None:
            store.leave(visit.player.id)
        store.close()


def hosted_app(visit: HostVisit) -> HexfrontApp:
    """The game for one visit: the app every player runs, except that running past the memory limit in any
    handler ends it with OUT_OF_MEMORY after the screen is put back (Textual would print a traceback)."""
    from ..app import HexfrontApp

    class HostedApp(HexfrontApp):
        CSS_PATH = str(Path(__file__).resolve().parents[1] / HexfrontApp.CSS_PATH)  # the app's, not a copy here

        def _handle_exception(self, error: Exception) -> None:
            if isinstance(error, MemoryError):
                self.exit(return_code=3, message=OUT_OF_MEMORY)
                return
            super()._handle_exception(error)

    return HostedApp(host=visit)


def _out_of_memory() -> None:
    """Put the terminal back to its normal screen and say why the game ended (no allocation of note)."""
    with suppress(Exception):
        sys.stdout.write("\x1b[?1049l\x1b[?25h\r\n" + OUT_OF_MEMORY + "\r\n")
        sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
