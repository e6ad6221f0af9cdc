"""Fixtures for the JTS RatFight rule-book tests.

``kit.battle(...)`` builds a battle on a small hand-made scenario: the real
content tables (weapons, vehicles, terrain, action cards) with a scenario dict
of our own in place of the village. Every random result that a test cares
about is scripted:

* ``action``: action cards in draw order. ``kit.battle`` puts the two
  initiative cards in front for you (``first="red"`` or ``"blue"``), so the
  list you give starts with the winner's first card and then alternates.
* ``red`` / ``blue``: the two sides' resolution cards, in the order each side
  draws them from its own 52-card deck.

Positions are odd-r offset ``(col, row)`` pairs or axial ``Hex`` values; on
row 0 the axial hex is ``Hex(col, 0)``, so a row-0 line is a straight hex line.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import pytest

from hexfront.engine.core.battle import Battle, BattleSetup, IllegalOrder
from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.ratfight import commands as C
from hexfront.engine.systems.ratfight import data
from hexfront.engine.systems.ratfight import events as E

# Initiative draws: red's card then blue's; the higher action-card number wins.
RED_WINS = ("move1-b", "move1-a")  # 2 against 1
BLUE_WINS = ("move1-a", "move1-b")  # 1 against 2

TAIL = ("move5", "move2-b", "moveall", "move2-a", "move1-c")

OPEN_MAP = "\n".join(["." * 12] * 5)

_BASE: dict[str, Any] | None = None


def _base_content() -> dict[str, Any]:
    global _BASE
    if _BASE is None:
        _BASE = data.load_content(content_root() / "ratfight", "village")
    return copy.deepcopy(_BASE)


def _where(at: Any) -> list[int]:
    if isinstance(at, Hex):
        col, row = axial_to_offset(at)
        return [col, row]
    col, row = at
    return [int(col), int(row)]


class Kit:
    """Builders and readers shared by the RatFight tests."""

    C = C
    E = E
    IllegalOrder = IllegalOrder

    # -- positions --------------------------------------------------------------
    @staticmethod
    def hx(col: int, row: int) -> Hex:
        return offset_to_axial(col, row)

    # -- models -----------------------------------------------------------------
    @staticmethod
    def inf(mid: str, at: Any, *weapons: str, **extra: Any) -> dict[str, Any]:
        """An infantry model (assault rifle unless weapons are given)."""
        m: dict[str, Any] = {"id": mid, "name": extra.pop("name", mid),
                             "weapons": list(weapons or ("assault_rifle",)), "at": _where(at)}
        m.update(extra)
        return m

    @staticmethod
    def veh(mid: str, at: Any, vehicle: str, *weapons: str, facing: int = 0, **extra: Any) -> dict[str, Any]:
        m: dict[str, Any] = {"id": mid, "name": extra.pop("name", mid), "weapons": list(weapons),
                             "at": _where(at), "vehicle": vehicle, "facing": facing}
        m.update(extra)
        return m

    @staticmethod
    def aboard(mid: str, carrier: str, *weapons: str, **extra: Any) -> dict[str, Any]:
        m: dict[str, Any] = {"id": mid, "name": extra.pop("name", mid),
                             "weapons": list(weapons or ("assault_rifle",)), "in": carrier}
        m.update(extra)
        return m

    # -- battles ----------------------------------------------------------------
    @staticmethod
    def scenario(red_models: list, blue_models: list, *, map: str = OPEN_MAP, turn_limit: int = 10) -> dict:
        return {
            "title": "Test ground",
            "turn_limit": turn_limit,
            "map": map,
            "sides": [
                {"id": "red", "name": "Red Rats", "models": red_models},
                {"id": "blue", "name": "Blue Stoats", "models": blue_models},
            ],
        }

    def battle(self, red_models: list, blue_models: list, *, action: Iterable[str] = (),
               red: Iterable[str] = (), blue: Iterable[str] = (), first: str | None = "red",
               map: str = OPEN_MAP, turn_limit: int = 10, seed: int = 0, tail: bool = True,
               saved_before_morale_choice: bool = False) -> Battle:
        """A battle on a custom scenario with scripted cards (see the module docstring).

        ``first=None`` means ``action`` already holds the two initiative cards.
        ``saved_before_morale_choice``: the content as battles saved before the Morale Check's choice
        embed it (no rules.toml), so the best morale card is kept without asking.
        With ``tail`` a few harmless Move cards that ``action`` does not use are
        scripted after it, so that finishing the last scripted card never turns
        over a random Turn End (and its random morale and recovery draws).
        """
        content = _base_content()
        content["scenario"] = self.scenario(red_models, blue_models, map=map, turn_limit=turn_limit)
        if saved_before_morale_choice:  # the content of a battle saved before rules.toml existed
            del content["rules"]
        prefix = {"red": RED_WINS, "blue": BLUE_WINS, None: ()}[first]
        action = list(prefix) + list(action)
        if tail:
            action += [c for c in TAIL if c not in action][:3]
        cards = {"action": action, "res-red": list(red), "res-blue": list(blue)}
        setup = BattleSetup(system="ratfight", scenario="test", seed=seed, content=content, rules_version="1",
                            script=Script(cards=cards))
        return Battle(get_system("ratfight"), setup)

    # -- reading events ---------------------------------------------------------
    @staticmethod
    def of(events: Iterable[Any], kind: type) -> list[Any]:
        return [e for e in events if type(e) is kind]

    @staticmethod
    def drawn(events: Iterable[Any], deck: str) -> list[str]:
        """Cards drawn from ``deck`` ("res-red", "res-blue", "action"), in order."""
        return [e.card for e in events if type(e) is CardDrawn and e.deck == deck]

    @staticmethod
    def index(events: list[Any], kind: type, start: int = 0) -> int:
        for i in range(start, len(events)):
            if type(events[i]) is kind:
                return i
        raise AssertionError(f"no {kind.__name__} in the events")

    @staticmethod
    def status(b: Battle, mid: str) -> str:
        return b.state.models[mid].status

    @staticmethod
    def fire(b: Battle, shooter: str, target: str, weapon: str = "assault_rifle", mode: int = 0) -> list[Any]:
        return b.submit(C.Fire(shooter, weapon, target, mode))


@pytest.fixture
def kit() -> Kit:
    return Kit()
