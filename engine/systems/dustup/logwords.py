"""The dice log's shared words (Dustup): the names a line gives units, sides, figures and a question's
answers, hexes as the board labels them, and the generic line for an event or order that has no line
of its own (a class name and its fields).

:class:`LogWords` is the base of the dice log's describer (describe.py): the lines of the events
(eventlines.py) and of the orders (orderlines.py) are built on these names.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_label

from .state import DustState

#: the six facings by number (0 east, counting anticlockwise), as the dice log and the orders say them
FACINGS = ("east", "north-east", "north-west", "west", "south-west", "south-east")

DECISION_WORDS = {
    "first": "go first", "second": "go second", "decline": "decline", "withdraw": "withdraw before the assault",
    "stand": "stand and take the courage test", "occupy": "occupy the position", "contact": "go after them",
    "press": "press on with a second move", "halt": "halt where they are",
    "dismount": "dismount the crew to fight", "stay": "stay closed down",
    "vehicle": "switch the assault to the vehicle",
}


def where(h: Hex | None) -> str:
    if h is None:
        return "off the table"
    return hex_label(h)


def words_of(class_name: str) -> str:
    """``CourageTested`` -> ``courage tested``; an acronym stays one word in capitals: ``FireAA`` -> ``fire AA``."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", class_name).split(" ")
    return " ".join(w if len(w) > 1 and w.isupper() else w.lower() for w in words)


def _yes(value: Any) -> str:
    return "yes" if value else "no"



class LogWords:
    """The names from one battle state, and the generic line; the describer's base."""

    def __init__(self, st: DustState | None) -> None:
        self.st = st

    # -- names --------------------------------------------------------------------------
    def name(self, uid: str | None) -> str:
        if uid is None:
            return "nobody"
        u = self.st.units.get(uid) if self.st is not None else None
        return f"{u.name} [{u.id}]" if u else str(uid)

    def side(self, sid: str | None) -> str:
        if sid is None:
            return "nobody"
        return self.st.tables.side_names.get(sid, sid) if self.st is not None else sid

    def figure(self, uid: str, fid: str) -> str:
        u = self.st.units.get(uid) if self.st is not None else None
        if u is not None:
            for f in u.figures:
                if f.id == fid:
                    return str(f.name)
        return fid

    def choice(self, choice: str) -> str:
        """A decision's answer in words ("seize:A" -> "seize the initiative with Alpha Squad [A]")."""
        if choice.startswith("seize:"):
            return f"seize the initiative with {self.name(choice.split(':', 1)[1])}"
        if ":" in choice:
            head, _, rest = choice.partition(":")
            return f"{DECISION_WORDS.get(head, head)} {self.name(rest)}"
        return DECISION_WORDS.get(choice, choice.replace("_", " "))

    def card(self, card: str) -> str:
        """A drawn activation card (a unit) or chit (side:unit:n), as a player reads it."""
        if card.count(":") == 2:
            return f"a {self.side(card.split(':')[0])} chit"
        return self.name(card) if self.st is not None and card in self.st.units else card

    def generic(self, ev: Any) -> str:
        """A line for an event this file does not know by name: its class name and its fields."""
        t = type(ev)
        head = words_of(t.__name__)
        if not attrs.has(t):
            return head
        unit_first = ""
        parts = []
        for a in attrs.fields(t):
            if a.name == "rule":
                continue
            value = getattr(ev, a.name)
            if a.name == "unit" and isinstance(value, str) and not unit_first:
                unit_first = self.name(value)
                continue
            if a.name in ("text", "reason") and isinstance(value, str) and value:
                parts.append(value)
                continue
            if value in (None, "", (), False):
                continue
            parts.append(f"{a.name.replace('_', ' ')} {self._value_text(a.name, value)}")
        line = f"{unit_first}: {head}" if unit_first else head[:1].upper() + head[1:]
        return line + (" - " + ", ".join(parts) if parts else "")

    def _value_text(self, field: str, value: Any) -> str:
        if isinstance(value, Hex):
            return where(value)
        if isinstance(value, bool):
            return _yes(value)
        if isinstance(value, str):
            if self.st is not None and value in self.st.units:
                return self.name(value)
            if self.st is not None and field in ("side", "winner", "loser") and value in self.st.tables.side_names:
                return self.side(value)
            if self.st is not None and "." in value and value.split(".")[0] in self.st.units:
                return self.figure(value.split(".")[0], value)  # a figure or weapon mount: "T.1"
            if self.st is not None and field == "asset":
                for assets in self.st.tables.support.values():
                    for a in assets:
                        if str(a.get("id")) == value:
                            return str(a.get("name", value))
            return value.replace("_", " ") if field in ("weapon", "ammo", "kind", "purpose") else value
        if isinstance(value, tuple):
            return "[" + ", ".join(self._value_text(field, v) for v in value) + "]"
        return str(value)

