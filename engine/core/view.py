"""What a rule system shows a player: plain data the TUI draws, with no UI imports.

Each rule system fills these in from its own state so that one set of screens
(map, activation queue, order editor, dice log, end of battle) serves every
system. Nothing here changes a battle.
"""

from __future__ import annotations

import attrs

from .hexes import Hex


@attrs.frozen
class Piece:
    """One unit or model on the map.

    ``glyph`` is one letter for its type (the TUI shows the first side in upper
    case and the second in lower case, so side never rests on colour alone).
    ``marks`` is a short string of state characters (``"d"`` for Down, a digit
    for damage...) drawn beside it; ``state`` says the same in words.
    """

    id: str
    side: str
    glyph: str
    name: str
    at: Hex | None
    facing: int | None = None
    marks: str = ""
    state: str = ""
    details: tuple[str, ...] = ()
    aboard: str | None = None  # the id of the carrier it rides in, if any


@attrs.frozen
class TerrainKey:
    """One line of the map legend."""

    glyph: str
    name: str
    effect: str = ""


@attrs.frozen
class SideInfo:
    id: str
    name: str


@attrs.frozen
class BoardView:
    """The whole map: size in offset columns and rows (odd-r), terrain glyph per hex, the pieces."""

    cols: int
    rows: int
    terrain: dict[Hex, str]
    legend: tuple[TerrainKey, ...]
    pieces: tuple[Piece, ...]
    sides: tuple[SideInfo, ...]


@attrs.frozen
class ActivationView:
    """Who acts now and who next, in the system's own words.

    ``now`` is one line ("Red Rats: 'Fire! Two models'"), ``lines`` the rest of
    the queue, ``acted`` and ``waiting`` the ids of pieces that have acted this
    activation/turn and that may still act (the map dims the ones that acted).
    """

    now: str
    lines: tuple[str, ...] = ()
    acted: frozenset[str] = frozenset()
    waiting: frozenset[str] = frozenset()


@attrs.frozen
class OrderParts:
    """How the order editor files a legal command: by the piece giving it, the action, and its target hex.

    ``unit`` None means an order of the whole side (pass, redraw). Several
    commands may share unit, action and target; the editor then lists their
    ``label``s to choose from.
    """

    unit: str | None
    action: str
    target: Hex | None = None
    label: str = ""


@attrs.frozen
class Chance:
    """One outcome and its probability (0..1)."""

    outcome: str
    probability: float


@attrs.frozen
class OrderPreview:
    """Shown before an order is confirmed: what it costs, what modifies it, the odds of each outcome.

    ``odds`` is empty where the system cannot compute them (and ``note`` says why);
    ``modifiers`` names every modifier that goes into the odds.
    """

    summary: str
    cost: str = ""
    modifiers: tuple[str, ...] = ()
    odds: tuple[Chance, ...] = ()
    note: str = ""


@attrs.frozen
class HelpSection:
    title: str
    text: str


@attrs.frozen
class BattleSummary:
    """For the end-of-battle screen: casualties per side id, turns played, and anything else worth a line."""

    casualties: dict[str, int]
    turns: int
    lines: tuple[str, ...] = ()


def read_help(text: str) -> list[HelpSection]:
    """Split a help file into sections at lines starting ``## `` (text before the first is dropped)."""
    sections: list[HelpSection] = []
    title: str | None = None
    body: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            if title is not None:
                sections.append(HelpSection(title, "\n".join(body).strip()))
            title, body = line[3:].strip(), []
        elif title is not None:
            body.append(line)
    if title is not None:
        sections.append(HelpSection(title, "\n".join(body).strip()))
    return sections
