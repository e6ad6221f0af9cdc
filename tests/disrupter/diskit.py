"""Building small Disrupter battles with scripted dice, for the rule-book tests.

``battle(place={...}, dice=[...])`` makes a battle with the real tables and two starter platoons on an open
16 x 10 map (or ``map=``). Teams stand two hexes apart along each side's back row unless ``place`` moves them
(keys are team ids such as ``"red-a2"``, values odd-r ``(col, row)``). The briefing is ended for both sides
(after ``orders`` and ``brief`` commands), so turn 1 begins at once with these scripted rolls:

* ``init``: the two COs' initiative d100s, red then blue (default red 10, blue 90: red goes first);
* ``groups``: the NCO checks, red Alpha, red Bravo, blue Alpha, blue Bravo (default all 10: Group 1).

``dice`` are the rolls after those, in order. A d100 is scripted as the number it reads: ``37`` is 37.
``d100(b)`` / ``used_all(b)`` help check that every scripted die was used (none left over, none missing).
"""

from __future__ import annotations

import copy
from typing import Any

from hexfront.engine.core.battle import Battle, BattleSetup, IllegalOrder
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from hexfront.engine.core.resolution import Randomizer, Resolution, Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.disrupter import commands as C
from hexfront.engine.systems.disrupter import data, rules
from hexfront.engine.systems.disrupter import events as E

SYSTEM = get_system("disrupter")
OPEN = "\n".join(["." * 16] * 10)
RED_FIRST = (10, 90)
ALL_G1 = (10, 10, 10, 10)
KEYS = ("co", "bot", "a1", "a2", "a3", "b1", "b2", "b3")
_BASE: dict[str, Any] | None = None

__all__ = ["C", "E", "rules", "IllegalOrder", "Hex", "hx", "battle", "ctx", "dice_rolled", "used_all"]


def base_content() -> dict[str, Any]:
    global _BASE
    if _BASE is None:
        _BASE = data.load_content(content_root() / "disrupter", "crossroads")
    return copy.deepcopy(_BASE)


def hx(col: int, row: int) -> Hex:
    return offset_to_axial(col, row)


def where(at: Any) -> list[int]:
    if isinstance(at, Hex):
        return list(axial_to_offset(at))
    return [int(at[0]), int(at[1])]


def content(map: str = OPEN, place: dict[str, Any] | None = None, turn_limit: int = 8,
            objective: tuple[int, int] = (8, 5), platoons: dict[str, Any] | None = None) -> dict[str, Any]:
    c = base_content()
    rows = map.strip("\n").split("\n")
    height = len(rows)
    place = dict(place or {})
    sides = []
    for side, row, edge in (("red", height - 1, "bottom"), ("blue", 0, "top")):
        deploy = {k: [2 * i, row] for i, k in enumerate(KEYS)}
        for tid, at in place.items():
            s, key = tid.split("-", 1)
            if s == side:
                deploy[key] = where(at)
        sides.append({"id": side, "name": f"{side.title()} Platoon", "platoon": "starter", "edge": edge,
                      "zone": [row], "deploy": deploy})
    c["scenario"] = {"title": "Test ground", "summary": "", "turn_limit": turn_limit, "objective": list(objective),
                     "victory": "hold", "landmarks": [[2, 2]], "map": map, "sides": sides}
    if platoons:
        c["platoons"].update(platoons)
    return c


def battle(place: dict[str, Any] | None = None, dice: list[int] | tuple[int, ...] = (), *, map: str = OPEN,
           options: dict[str, Any] | None = None, init: tuple[int, ...] = RED_FIRST,
           groups: tuple[int, ...] | None = ALL_G1, orders: dict[str, tuple] | None = None,
           brief: list[Any] = (), start: bool = True, turn_limit: int = 8, objective=(8, 5),
           platoons: dict[str, Any] | None = None) -> Battle:
    opts = SYSTEM.default_options()
    opts.update(options or {})
    if opts.get("single_group"):
        groups = ()
    script = tuple(init) + tuple(groups or ()) + tuple(dice)
    setup = BattleSetup(system="disrupter", scenario="test", seed=7,
                        content=content(map, place, turn_limit, objective, platoons),
                        rules_version=SYSTEM.rules_version, options=opts, script=Script(script))
    b = Battle(SYSTEM, setup)
    for side in ("red", "blue"):
        for cmd in brief:
            if cmd.side == side:
                b.submit(cmd)
        for squad, (verb, at, fire) in (orders or {}).items():
            if squad.split("-")[0] == side:
                b.submit(C.SetOrders(side, squad, verb, hx(*at) if at is not None else None, fire))
        if start or side == "red":
            if not b.state.platoons[side].briefed and (start or any(c.side == "blue" for c in brief)
                                                       or any(k.startswith("blue") for k in (orders or {}))):
                b.submit(C.EndBriefing(side))
    return b


def goto(b: Battle, group: str, side: str, step: str) -> None:
    """End steps until the segment (group, side, step) is the current one (this turn or a later one)."""
    for _ in range(200):
        seg = b.state.segment
        if seg == (group, side, step):
            return
        b.submit(C.EndPhase(b.side_to_act()))
    raise AssertionError(f"segment {(group, side, step)} never came")


def ctx(b: Battle, dice: list[int] | tuple[int, ...] = ()) -> Resolution:
    """A resolution context on the battle's own state with its own scripted dice, to call a rule directly."""
    return Resolution(SYSTEM, b.state, Randomizer(99, Script(tuple(dice))))


def set_stress(b: Battle, side: str, value: int) -> None:
    c = ctx(b)
    c.emit(E.StressChanged(side=side, delta=value - b.state.platoons[side].stress, stress=value, reason="test"))


def dice_rolled(events: list[Any], sides: int | None = None) -> list[int]:
    return [e.result for e in events if isinstance(e, DieRolled) and (sides is None or e.sides == sides)]


def used_all(b: Battle) -> bool:
    """Every scripted die was rolled, and none more came from the generator."""
    scripted = [e for e in b.all_events() if isinstance(e, DieRolled)]
    return b.rng.dice_pos == len(b.setup.script.dice) and all(e.scripted for e in scripted)


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def team(b: Battle, tid: str):
    return b.state.teams[tid]
