"""Fixtures for the Skirmishes rule-book tests.

``kit.battle(red, blue, dice=[...])`` builds a battle on a hand-made scenario: the real content tables
(weapons, grenades, armour, templates, terrain) with a map and characters of the test's own. Every die a test
cares about is scripted, in the order the rules roll them (a skill roll rolls its two or three dice one after
the other; a blast's hit rolls two more).

Positions are odd-r offset ``(col, row)``; on row 0 the axial hex is ``Hex(col, 0)``, so row 0 is a straight line
and the distance between ``(a, 0)`` and ``(b, 0)`` is ``|a - b|``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import pytest

from hexfront.engine.core.battle import Battle, BattleSetup, IllegalOrder
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex, offset_to_axial
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.skirmishes import commands as C
from hexfront.engine.systems.skirmishes import data
from hexfront.engine.systems.skirmishes import events as E

OPEN = "\n".join(["." * 20] * 5)

_BASE: dict[str, Any] | None = None


def _base_content() -> dict[str, Any]:
    global _BASE
    if _BASE is None:
        _BASE = data.load_content(content_root() / "skirmishes", "street_ambush")
    return copy.deepcopy(_BASE)


def script_of(dice: Iterable[int]) -> Script:
    """A script of these dice, in the order they are rolled."""
    # attrs' converter=tuple on Script.dice leaves the parameter's element type unsolved for mypy: it is wrong here
    return Script(dice=tuple(dice))  # type: ignore[arg-type]


class Kit:
    C = C
    E = E
    IllegalOrder = IllegalOrder

    @staticmethod
    def hx(col: int, row: int) -> Hex:
        return offset_to_axial(col, row)

    @staticmethod
    def ch(cid: str, at: tuple[int, int], template: str = "trooper", **extra: Any) -> dict[str, Any]:
        c: dict[str, Any] = {"id": cid, "name": extra.pop("name", cid), "template": template, "at": list(at)}
        c.update(extra)
        return c

    @staticmethod
    def content(red: list, blue: list, *, map: str = OPEN, ambush: str = "", victory: dict | None = None,
                aftermath: int = 1, tweak: Any = None) -> dict[str, Any]:
        content = _base_content()
        if tweak is not None:
            tweak(content)
        scen: dict[str, Any] = {
            "title": "Test ground", "map": map, "aftermath_hours": aftermath,
            "victory": victory or {"round_limit": 20, "at_limit": "standing"},
            "sides": [{"id": "red", "name": "Red", "characters": red},
                      {"id": "blue", "name": "Blue", "characters": blue}],
        }
        if ambush:
            scen["ambush"] = ambush
        content["scenario"] = scen
        return content

    def battle(self, red: list, blue: list, *, dice: Iterable[int] = (), seed: int = 0,
               options: dict[str, Any] | None = None, **kw: Any) -> Battle:
        setup = BattleSetup(system="skirmishes", scenario="test", seed=seed, content=self.content(red, blue, **kw),
                            rules_version="1", script=script_of(dice), options=dict(options or {}))
        return Battle(get_system("skirmishes"), setup)

    @staticmethod
    def rescript(b: Battle, dice: Iterable[int]) -> None:
        """Script the dice from here on (for a test that plays several rounds)."""
        b.rng.script = script_of(dice)
        b.rng.dice_pos = 0

    # -- giving a round's orders ------------------------------------------------------------------
    @staticmethod
    def commit(b: Battle, side: str, *cmds: Any) -> list[Any]:
        """Give ``side`` these orders, then lock it if it has not locked by itself."""
        out: list[Any] = []
        for cmd in cmds:
            out += b.submit(cmd)
        if not any(type(e) is E.SideLocked and e.side == side for e in out):
            out += b.submit(C.Lock(side))
        return out

    def round(self, b: Battle, red: Iterable[Any] = (), blue: Iterable[Any] = ()) -> list[Any]:
        """One round: Red's orders, then Blue's (each side locked), and everything the reveal sets off."""
        out = []
        if "red" not in b.state.locked:
            out += self.commit(b, "red", *red)
        if "blue" not in b.state.locked:
            out += self.commit(b, "blue", *blue)
        return out

    # -- reading events -----------------------------------------------------------------------------
    @staticmethod
    def of(events: Iterable[Any], kind: type) -> list[Any]:
        return [e for e in events if type(e) is kind]

    @staticmethod
    def dice(events: Iterable[Any]) -> list[int]:
        return [e.result for e in events if type(e) is DieRolled]

    @staticmethod
    def char(b: Battle, cid: str):
        return b.state.chars[cid]

    # -- whole battles ----------------------------------------------------------------------------------
    @staticmethod
    def play_default(scenario: str, seed: int, max_commands: int = 3000) -> Battle:
        """A seeded battle of ``scenario`` played to its end by the ``default`` computer player on both sides."""
        from hexfront.engine.core.players import computer_players_for

        b = Battle.new("skirmishes", scenario, seed=seed, players={"red": "default", "blue": "default"})
        players = computer_players_for(b)
        for _ in range(max_commands):
            side = b.side_to_act()
            if b.outcome() is not None or side is None:
                break
            b.submit(players[side].choose(b.system, b.state))
        assert b.outcome() is not None, (scenario, seed)
        return b


@pytest.fixture
def kit() -> Kit:
    return Kit()
