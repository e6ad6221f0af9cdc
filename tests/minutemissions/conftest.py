"""Fixtures for the 30 Minute Missions rule-book tests.

``kit.battle(...)`` builds a battle on the real content tables with a mission of the test's own: units
placed by the mission (``at`` is a 0-based odd-r (col, row) pair), terrain given as a dict of hexes (the
kit mirrors it into the other half, since a battlefield's halves must match), and every d8 scripted in
order. The kit puts the two roll-off dice in front: ``first="meridian"`` scripts 8 then 1.

Meridian (west) designs: ironfist (brawler), longbow (long-range), skylark (thrusters), hive (drones).
Ashen (east): crusher, lancer, hopper, swarm.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from hexfront.engine.core.battle import Battle, BattleSetup, IllegalOrder
from hexfront.engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root
from hexfront.engine.systems.minutemissions import SYSTEM, data
from hexfront.engine.systems.minutemissions import commands as C
from hexfront.engine.systems.minutemissions import events as E

COLS, ROWS = 13, 16
_BASE: dict[str, Any] | None = None


def base_content(scenario: str = "ridge") -> dict[str, Any]:
    global _BASE
    if _BASE is None:
        _BASE = data.load_content(content_root() / "minutemissions", "ridge")
    content = copy.deepcopy(_BASE)
    if scenario != "ridge":
        content = data.load_content(content_root() / "minutemissions", scenario)
    return content


def map_text(terrain: dict[tuple[int, int], str]) -> str:
    grid = [["."] * COLS for _ in range(ROWS)]
    for (c, r), g in terrain.items():
        grid[r][c] = g
        grid[ROWS - 1 - r][COLS - 1 - c] = g
    return "\n".join(" ".join(row) for row in grid)


class Kit:
    C = C
    E = E
    IllegalOrder = IllegalOrder

    @staticmethod
    def hx(col: int, row: int) -> Hex:
        return offset_to_axial(col, row)

    @staticmethod
    def unit(uid: str, design: str, at: tuple[int, int] | None = None, facing: int | None = None,
             level: int | None = None) -> dict[str, Any]:
        u: dict[str, Any] = {"id": uid, "design": design}
        if at is not None:
            u["at"] = [at[0] + 1, at[1] + 1]
        if facing is not None:
            u["facing"] = facing
        if level is not None:
            u["level"] = level
        return u

    def content(self, west: list, east: list, *, terrain: dict | None = None, rounds: int = 8,
                goal: str = "annihilate", objectives: Iterable[tuple[int, int]] = (),
                tweak: Callable[[dict], None] | None = None) -> dict[str, Any]:
        content = base_content()
        content["scenario"] = {
            "title": "Test ground", "rounds": rounds, "goal": goal, "map": map_text(terrain or {}),
            "objectives": [[c + 1, r + 1] for c, r in objectives],
            "sides": [{"id": "meridian", "name": "Meridian Guard", "units": west},
                      {"id": "ashen", "name": "Ashen Compact", "units": east}],
        }
        content["scenario_name"] = "test"
        if tweak:
            tweak(content)
        return content

    def battle(self, west: list, east: list, dice: Iterable[int] = (), *, first: str | None = "meridian",
               seed: int = 0, options: dict[str, Any] | None = None, **kw: Any) -> Battle:
        content = self.content(west, east, **kw)
        prefix = {"meridian": [8, 1], "ashen": [1, 8], None: []}[first]
        setup = BattleSetup(system="minutemissions", scenario="test", seed=seed, content=content,
                            rules_version="1", script=Script(dice=prefix + list(dice)),
                            options={**SYSTEM.default_options(), **(options or {})})
        return Battle(SYSTEM, setup)

    # -- shortcuts ----------------------------------------------------------------------------
    @staticmethod
    def of(events: Iterable[Any], kind: type) -> list[Any]:
        return [e for e in events if type(e) is kind]

    @staticmethod
    def rolls(events: Iterable[Any]) -> list[Any]:
        return [e for e in events if type(e) is E.RollJudged]

    @staticmethod
    def refuse(b: Battle, cmd: Any, *fragments: str) -> str:
        reason = b.refusal(cmd)
        assert reason is not None, f"{cmd} should be refused"
        for f in fragments:
            assert f in reason, reason
        before = b.state_hash()
        with pytest.raises(IllegalOrder):
            b.submit(cmd)
        assert b.state_hash() == before
        return reason

    @staticmethod
    def where(b: Battle, uid: str) -> tuple[int, int]:
        return axial_to_offset(b.state.units[uid].at)


@pytest.fixture
def kit() -> Kit:
    return Kit()
