"""What a rule system shows a player: plain data the TUI draws, with no UI imports.

Each rule system fills these in from its own state so that one set of screens
(map, activation queue, order editor, dice log, end of battle) serves every
system. Nothing here changes a battle.
"""

from __future__ import annotations

from typing import Any

import attrs

from .hexes import Hex


@attrs.frozen
class Piece:
    """One unit or model on the map.

    ``glyph`` is one letter for its type (the TUI shows the player's own side in
    upper case and every other side in lower case, so side never rests on colour
    alone); terrain is never a letter.
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
class Route:
    """Legal orders that take one piece to a hex no single order reaches, given one after another (a 30 Minute
    Missions mech steps a hex at a time and turns on the spot: Movement Phase). The order editor files it
    under ``action`` at ``to`` beside the single orders, and ``words`` say who goes where and what it costs.
    It is a convenience of the order editor, not an order: the battle's log holds its steps."""

    unit: str
    action: str
    to: Hex
    steps: tuple[Any, ...]
    words: str


@attrs.frozen
class Chance:
    """One outcome and its probability (0..1).

    ``value`` is what the outcome is worth to the side giving the order, in the
    units the preview's ``value_unit`` names (casualties caused, 1 for a passed
    test...): the end-of-battle luck report compares the values rolled with the
    values expected. None where an outcome has no such worth.
    """

    outcome: str
    probability: float
    value: float | None = None


@attrs.frozen
class OrderPreview:
    """Shown before an order is confirmed: what it costs, what modifies it, the odds of each outcome.

    ``odds`` is empty where the system cannot compute them (and ``note`` says why);
    ``modifiers`` names every modifier that goes into the odds. The odds are exact
    (every face of every die, every card counted) unless ``estimate`` is set, when
    ``note`` says how they were estimated. ``value_unit`` names what the chances'
    values count ("casualties", "hits", "tests passed").
    """

    summary: str
    cost: str = ""
    modifiers: tuple[str, ...] = ()
    odds: tuple[Chance, ...] = ()
    note: str = ""
    estimate: bool = False
    value_unit: str = ""


@attrs.frozen
class HelpSection:
    """One section of a system's rules help: ``level`` 2 for a ``## `` heading (a section of the
    book), 3 for a ``### `` sub-section under it. ``refs`` are the rule references (as the events'
    ``rule`` fields write them) that lead here, besides the title itself: from a line
    ``<!-- refs: Firing; Fire 3 -->`` in the section, which is not shown."""

    title: str
    text: str
    level: int = 2
    refs: tuple[str, ...] = ()


@attrs.frozen
class BattleSummary:
    """For the end-of-battle screen: casualties per side id, turns played, and anything else worth a line."""

    casualties: dict[str, int]
    turns: int
    lines: tuple[str, ...] = ()


def read_help(text: str) -> list[HelpSection]:
    """Split a help file into sections at lines starting ``## `` and sub-sections at ``### ``.

    Text before the first heading is dropped. A line ``<!-- refs: a; b -->`` gives the section
    more rule references to be found by (see :func:`find_section`) and is not shown.
    """
    sections: list[HelpSection] = []
    title: str | None = None
    level = 2
    body: list[str] = []
    refs: list[str] = []

    def close() -> None:
        if title is not None:
            sections.append(HelpSection(title, "\n".join(body).strip(), level, tuple(refs)))

    for line in text.splitlines():
        heading = 2 if line.startswith("## ") else 3 if line.startswith("### ") else 0
        if heading:
            close()
            title, level, body, refs = line[heading + 1:].strip(), heading, [], []
        elif title is not None:
            stripped = line.strip()
            if stripped.startswith("<!--") and stripped.endswith("-->") and "refs:" in stripped:
                inner = stripped[4:-3].split("refs:", 1)[1]
                refs.extend(r.strip() for r in inner.split(";") if r.strip())
            else:
                body.append(line)
    close()
    return sections


def _rule_key(text: str) -> str:
    return " ".join(text.lower().replace("§", " ").replace("-", " ").replace(":", " ").split())


def find_section(sections: list[HelpSection], rule: str) -> int | None:
    """The index of the help section a rule reference (an event's ``rule``) belongs to, or None.

    A section is found by its title or one of its refs: the reference must start with it as whole
    words ("Firing 5" finds "Firing"; "Rule 7.2" finds "Rule 7 - Checks and Saves" by its "Rule 7").
    The longest match wins, so a sub-section beats its section.
    """
    key = _rule_key(rule)
    if not key:
        return None
    best, best_len = None, 0
    for i, section in enumerate(sections):
        names = [section.title, *section.refs]
        if " - " in section.title:
            names.append(section.title.split(" - ", 1)[0])
        for name in names:
            k = _rule_key(name)
            if not k:
                continue
            whole = key == k or key.startswith(k + " ") or key.startswith(k + ".") or key.startswith(k + ",")
            if whole and len(k) > best_len:
                best, best_len = i, len(k)
    return best
