"""What each sign on the map means, written once for the legend pane, the legend key (L) and the help.

The map's rules, in every system: pieces are letters and terrain never is (terrain signs come from each
system's terrain.toml and are checked when it is read: engine.core.content.terrain_glyph_problem). Your
side's pieces are upper case and every other side's lower case (engine.core.players.home_side), so
whose a piece is never rests on colour alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from hexfront.engine.core.players import HUMAN
from hexfront.engine.core.view import BoardView

from .hexmap import SIDE_COLOUR_NAMES

#: marks and facings, for a system that does not list its own (its ``marks_legend``)
DEFAULT_MARKS = (
    "marks: d Down, x wreck, digit damage",
    "facing, right of letter: > E / NE \\ SE",
    "facing, left of letter:  < W \\ NW / SW",
)

#: what the map's highlights and the cursor look like
MAP_SIGNS = (
    "[ ]  the cursor; the hex under it is in reverse",
    "underlined (blue behind): where the order being built can go",
    "bold underlined (red behind): a piece it can hit",
    "grey behind: what a piece can see (v)",
    "reverse: the piece selected",
    "dim: a piece that has acted",
)

PIECE_NAMES_SHOWN = 3  # names listed per letter before "and N more"


def controller_word(side: str, players: Mapping[str, str], home: str | None) -> str:
    """Who commands ``side``, as the legend says it: you, a player here (hot seat), or the computer."""
    who = players.get(side, HUMAN)
    if who != HUMAN:
        return "computer"
    humans = sum(1 for s in players.values() if s == HUMAN)
    return "yours" if side == home and humans <= 1 else "a player here"


def side_lines(board: BoardView, home: str | None, players: Mapping[str, str], colour: bool = True) -> list[str]:
    """One line a side: its case on the map, who commands it and (with colour) its colour."""
    out = []
    for i, side in enumerate(board.sides):
        case = "UPPER case" if side.id == home else "lower case"
        tint = f", {SIDE_COLOUR_NAMES[i % len(SIDE_COLOUR_NAMES)]}" if colour else ""
        out.append(f"{side.name} ({controller_word(side.id, players, home)}): {case}{tint}")
    return out


def counted(names: list[str]) -> list[str]:
    """Names in the order first met, a name borne by several pieces once with their number
    ("Hornet drone (3)"): three drones of one kind are one entry, not "Hornet drone, Hornet drone, ..."."""
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
    return [name if n == 1 else f"{name} ({n})" for name, n in seen.items()]


def piece_lines(board: BoardView, home: str | None) -> list[str]:
    """Each letter on the map with the pieces it stands for, side by side, as drawn (your side upper case)."""
    out = []
    for side in board.sides:
        names: dict[str, list[str]] = {}
        for p in board.pieces:
            if p.side == side.id and p.at is not None:
                letter = p.glyph[:1].upper() if side.id == home else p.glyph[:1].lower()
                names.setdefault(letter, []).append(p.name)
        for letter in sorted(names):
            listed = counted(names[letter])
            more = f" and {len(listed) - PIECE_NAMES_SHOWN} more" if len(listed) > PIECE_NAMES_SHOWN else ""
            out.append(f"{letter}  {', '.join(listed[:PIECE_NAMES_SHOWN])}{more}")
    return out


def terrain_lines(board: BoardView, effects: bool = True) -> list[str]:
    """Each terrain sign (and map counter) on this board, with what it does."""
    out = []
    for key in board.legend:
        out.append(f"{key.glyph}  {key.name}" + (f": {key.effect}" if effects and key.effect else ""))
    return out


def legend_text(board: BoardView, home: str | None, players: Mapping[str, str],
                marks: tuple[str, ...] | None, colour: bool = True) -> Text:
    """The whole legend: sides, terrain, pieces, marks and the map's highlights."""
    text = Text()
    sections = (("Sides", side_lines(board, home, players, colour)),
                ("Terrain", terrain_lines(board)),
                ("Pieces", piece_lines(board, home)),
                ("Marks", list(marks or DEFAULT_MARKS)),
                ("On the map", list(MAP_SIGNS)))
    for n, (title, lines) in enumerate(sections):
        if n:
            text.append("\n")
        text.append(title + "\n", style="bold")
        for line in lines:
            text.append(f"{line}\n")
    text.rstrip()
    return text


def pane_text(board: BoardView, home: str | None, players: Mapping[str, str], width: int,
              colour: bool = True) -> Text:
    """The short legend beside the map (roomy terminals): the terrain signs packed into lines of
    ``width`` (never split inside one), a line a side, and where the rest is (L): pieces and marks there
    would crowd out the dice log."""
    text = Text()
    line = ""
    for entry in terrain_lines(board, effects=False):
        if line and len(line) + 3 + len(entry) > width:
            text.append(line + "\n")
            line = ""
        line = f"{line}   {entry}" if line else entry
    if line:
        text.append(line + "\n")
    for side in side_lines(board, home, players, colour):
        text.append(side + "\n")
    text.append("L: pieces, marks and every sign in full", style="dim")
    return text
