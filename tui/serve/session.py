"""The game process of one SSH connection: ``python -m hexfront.tui.serve.session --data DIR --key
FINGERPRINT --peer ADDRESS``, started by the host (tui/serve/relay.py) on its own pseudo-terminal.

This version plays the ordinary game with the player's own saves folder (``HEXFRONT_SAVES``, which the
host sets to ``DIR/players/<folder of the key>/saves``; the same folder is used when it is not set).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .keys import player_folder


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="hexfront-session", allow_abbrev=False,
                                     description="One player's game on a hexfront host (started by the host).")
    parser.add_argument("--data", required=True, type=Path, help="the host's data folder")
    parser.add_argument("--key", required=True, help="the SHA256 fingerprint of the player's key")
    parser.add_argument("--peer", required=True, help="the address the player connects from")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    try:
        folder = player_folder(args.key)
    except ValueError as exc:
        print(f"hexfront: {exc}", file=sys.stderr)
        return 2
    if not os.environ.get("HEXFRONT_SAVES"):
        os.environ["HEXFRONT_SAVES"] = str(args.data / "players" / folder / "saves")
    from hexfront.tui.app import run  # Textual loads only once the arguments are checked

    return run(start="menu")


if __name__ == "__main__":
    sys.exit(main())
