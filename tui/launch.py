"""The ``hexfront`` command (and ``python -m hexfront.tui``): the command line of tui/cli.py, with 'play' (the
default) starting this app."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from .cli import main as command_line


def play(args: argparse.Namespace) -> int:
    """Start the terminal game: 'hexfront play' (the menu, or --continue), or 'hexfront replay FILE' (the viewer)."""
    from pathlib import Path

    from .app import run  # Textual is loaded only when the game starts, not for 'hexfront systems'

    if args.command == "replay":  # the parser's (tui/cli.py): its command, and for replay the battle it loaded
        return run(start="replay", replay=Path(args.file), loaded=args.loaded)
    if args.resume:  # an autosave that cannot be played is refused here, in one line, before the game starts
        from .session import resume_autosave

        return run(start="continue", ascii_look=True if args.ascii else None, resumed=resume_autosave())
    return run(start="menu", ascii_look=True if args.ascii else None)


def main(argv: Sequence[str] | None = None) -> int:
    return command_line(argv, play=play)
