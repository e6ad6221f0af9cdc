"""30 Minute Missions: the odds an order's preview shows are the odds the engine rolls, exactly.

Each situation is set up the way tests/minutemissions/ sets up its rule tests (a mission of the test's
own, units placed by it, the roll-off and the AP roll scripted), then one order is resolved by the engine
once for every run of faces of the d8s it may roll (``oddskit.check_dice_odds_exactly``: the attack roll,
the evasion roll, then the counter or the critical roll, 512 runs; one d8 for the AP roll and Break
Grapple), each run scripted; ``outcome_of`` names each run's outcome, and every probability the preview
shows must be the same float as the engine's exact chance (a Fraction). No sampling.

Situations (Ranged / Close Combat Phase, Modified Stats & Rolls, Command Actions, Terminology):

- ``open_ground``: a long rifle (+1 to Accuracy) at a lancer standing in the open: all five outcomes,
  a miss, an evasion, an evasion the lancer counters with its shoulder cannon, a hit and a critical hit.
- ``kneeling_into_woods``: the shooter kneels (+1 to the accuracy roll, a die shift, not a stat change)
  and the target stands in woods (+1 to Evasion): both changes move the odds.
- ``prone_at_kneeling``: a prone shooter (+3 to the roll) at a kneeling target, which cannot evade: only
  miss, hit and critical hit are possible.
- ``hammer_into_water``: close combat, a war hammer's assault roll against a heavy mech in shallow water
  (-1 to Evasion), which counters with its beam sword after an evasion.
- ``break_grapple``: the command action's assault roll (a test: breaks free or stays grappled).
- ``action_points``: the AP pool, base + d8, when a unit is activated (Movement Phase).
"""

from __future__ import annotations

from typing import Any

import oddskit
import pytest

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root
from hexfront.engine.systems.minutemissions import SYSTEM, data
from hexfront.engine.systems.minutemissions import commands as C

_BASE = data.load_content(content_root() / "minutemissions", "ridge")


def _map(terrain: dict[tuple[int, int], str]) -> str:
    """A 13 x 16 map with ``terrain`` at 0-based (col, row) and mirrored into the other half."""
    grid = [["."] * 13 for _ in range(16)]
    for (c, r), g in terrain.items():
        grid[r][c] = g
        grid[15 - r][12 - c] = g
    return "\n".join(" ".join(row) for row in grid)


def _unit(uid: str, design: str, at: tuple[int, int], facing: int) -> dict[str, Any]:
    return {"id": uid, "design": design, "at": [at[0] + 1, at[1] + 1], "facing": facing}


def _battle(west: list, east: list, dice: list[int], first: str = "meridian",
            terrain: dict[tuple[int, int], str] | None = None) -> Battle:
    content = dict(_BASE)
    content["scenario"] = {"title": "Odds ground", "rounds": 8, "goal": "annihilate", "map": _map(terrain or {}),
                           "objectives": [],
                           "sides": [{"id": "meridian", "name": "Meridian Guard", "units": west},
                                     {"id": "ashen", "name": "Ashen Compact", "units": east}]}
    content["scenario_name"] = "odds"
    roll_off = [8, 1] if first == "meridian" else [1, 8]
    setup = BattleSetup(system="minutemissions", scenario="odds", seed=0, content=content, rules_version="1",
                        script=Script(dice=roll_off + dice), options=SYSTEM.default_options())
    return Battle(SYSTEM, setup)


def _duel(dice: list[int], **kw: Any) -> Battle:
    return _battle([_unit("M2", "longbow", (4, 4), 0)], [_unit("A2", "lancer", (8, 4), 3)], dice, **kw)


def open_ground():
    b = _duel([6])
    b.submit(C.Activate("M2"))
    return b, C.Attack("M2", "M2.longrifle", "A2", "torso")


def kneeling_into_woods():
    b = _duel([6], terrain={(8, 4): "*"})
    b.submit(C.Activate("M2"))
    b.submit(C.Kneel("M2"))
    return b, C.Attack("M2", "M2.longrifle", "A2", "l_leg")


def prone_at_kneeling():
    b = _duel([6, 6], first="ashen")
    b.submit(C.Activate("A2"))
    b.submit(C.Kneel("A2"))
    b.submit(C.EndTurn("A2"))
    b.submit(C.Activate("M2"))
    b.submit(C.Kneel("M2"))
    b.submit(C.Prone("M2"))
    return b, C.Attack("M2", "M2.longrifle", "A2", "torso")


def hammer_into_water():
    b = _battle([_unit("M1", "ironfist", (5, 4), 0)], [_unit("A1", "crusher", (6, 4), 3)], [6],
                terrain={(6, 4): "~"})
    b.submit(C.Activate("M1"))
    return b, C.Attack("M1", "M1.hammer", "A1", "torso")


def break_grapple():
    # the crusher's claw hits (assault 5, the ironfist's evasion 1, no critical) and grapples the ironfist
    b = _battle([_unit("M1", "ironfist", (5, 4), 0)], [_unit("A1", "crusher", (6, 4), 3)],
                [6, 5, 1, 1, 6], first="ashen")
    b.submit(C.Activate("A1"))
    b.submit(C.Attack("A1", "A1.claw", "M1", "torso"))
    assert b.state.units["M1"].grappled_by == "A1"
    b.submit(C.EndTurn("A1"))
    b.submit(C.Activate("M1"))
    return b, C.BreakGrapple("M1")


def action_points():
    return _duel([]), C.Activate("M2")


ATTACK_DICE = (8, 8, 8)  # the attack roll, the evasion roll, then the counter or the critical roll
SITUATIONS = [(open_ground, ATTACK_DICE), (kneeling_into_woods, ATTACK_DICE), (prone_at_kneeling, ATTACK_DICE),
              (hammer_into_water, ATTACK_DICE), (break_grapple, (8,)), (action_points, (8,))]


@pytest.mark.parametrize("situation, dice", SITUATIONS, ids=lambda f: getattr(f, "__name__", ""))
def test_the_preview_odds_are_the_engines_exact_odds(situation, dice):
    battle, command = situation()
    _, exact = oddskit.check_dice_odds_exactly(SYSTEM, battle.state, command, dice)
    assert sum(exact.values()) == 1


def test_the_situations_show_what_their_docstring_says():
    """Each situation's preview holds the outcomes and modifiers it is there to check."""
    def shown(situation):
        b, cmd = situation()
        p = SYSTEM.preview(b.state, cmd)
        return {c.outcome for c in p.odds}, "\n".join(p.modifiers)

    outcomes, mods = shown(open_ground)
    assert outcomes == {"miss", "evaded", "evaded and countered: 6 to your torso", "hit: 5 to torso",
                        "critical hit: 8 to torso"}
    outcomes, mods = shown(kneeling_into_woods)
    assert "+1 to the accuracy roll: kneeling" in mods and "+1 to Evasion: in woods (Terrain)" in mods
    outcomes, mods = shown(prone_at_kneeling)
    assert outcomes == {"miss", "hit: 5 to torso", "critical hit: 8 to torso"}
    assert "+3 to the accuracy roll: prone" in mods and "no evasion: kneeling units cannot evade" in mods
    outcomes, mods = shown(hammer_into_water)
    assert "-1 to Evasion: in shallow water (Terrain)" in mods
    assert "evaded and countered: 4 to your torso" in outcomes
    outcomes, _ = shown(break_grapple)
    assert outcomes == {"breaks free", "stays grappled"}
