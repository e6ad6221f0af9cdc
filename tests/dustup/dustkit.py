"""Building small Dustup battles with scripted dice, for the rule-book tests.

``battle(red=[...], blue=[...], dice=[...])`` makes a battle on an open map
(or ``map=``) with the real content tables and these units. The turn's D8
roll-off is scripted for you (red 8, blue 1) and red chooses to go first, so
the battle starts with red to activate and ``dice`` are the next dice rolled,
in order. Positions are odd-r offset ``(col, row)``; on row 0 the axial hex
is ``Hex(col, 0)``.

``deploy_dice`` are rolled before the roll-off: the panic tests of untrained
troops set up in sight of the enemy (Morale: Panic).

``ctx(b, dice)`` gives a Resolution on the battle's state with its own
scripted dice, to call one rule function directly (a confidence test, an
impact roll) without a whole command around it.
"""

from __future__ import annotations

import copy
from typing import Any

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex, axial_to_offset, offset_to_axial
from hexfront.engine.core.resolution import Randomizer, Resolution, Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import data, unitfacts
from hexfront.engine.systems.dustup import support as S

SYSTEM = get_system("dustup")
OPEN = "\n".join(["." * 16] * 10)
# a belt of woods along row 4: nothing on rows 0-3 sees rows 5-9 (first-sight panic tests wait for a move)
SCREENED_ROWS = "\n".join(["*" * 16 if r == 4 else "." * 16 for r in range(10)])
# woods down column 1: a unit in column 0 sees nothing until it comes through them
SCREENED_COLUMN = "\n".join([".*" + "." * 14] * 10)
ROLL_OFF_RED = (8, 1)
_BASE: dict[str, Any] | None = None


def base_content() -> dict[str, Any]:
    global _BASE
    if _BASE is None:
        _BASE = data.load_content(content_root() / "dustup", "meeting")
    return copy.deepcopy(_BASE)


def where(at: Any) -> list[int]:
    if isinstance(at, Hex):
        return list(axial_to_offset(at))
    return [int(at[0]), int(at[1])]


def hx(col: int, row: int) -> Hex:
    return offset_to_axial(col, row)


def unit(uid: str, at: Any, figures: list[str], **kw: Any) -> dict[str, Any]:
    """A unit spec as in a scenario file; keyword arguments are its other fields."""
    return dict(id=uid, at=where(at), figures=figures, **kw)


def content(red: list[dict], blue: list[dict], *, map: str = OPEN, turn_limit: int = 8,
            red_side: dict | None = None, blue_side: dict | None = None, **scenario: Any) -> dict[str, Any]:
    c = base_content()
    c["scenario"] = dict(
        title="Test", summary="", map=map, turn_limit=turn_limit,
        sides=[dict(id="red", name="Red", units=red, **(red_side or {})),
               dict(id="blue", name="Blue", units=blue, edge="south", **(blue_side or {}))],
        **scenario)
    return c


def battle(red: list[dict], blue: list[dict], dice: list[int] = (), *, options: dict | None = None,
           first: bool = True, seed: int = 0, deploy_dice: list[int] = (), **kw: Any) -> Battle:
    merged = SYSTEM.default_options()
    merged.update(options or {})
    roll_off = ROLL_OFF_RED if merged.get("activation", "alternate") == "alternate" else ()
    setup = BattleSetup(system="dustup", scenario="test", seed=seed, content=content(red, blue, **kw),
                        rules_version=SYSTEM.rules_version, options=merged,
                        script=Script(tuple(deploy_dice) + tuple(roll_off) + tuple(dice)))
    b = Battle(SYSTEM, setup)
    if roll_off:
        b.submit(C.ChooseFirst(first))
    return b


def ctx(b: Battle, dice: list[int] = ()) -> Resolution:
    """A Resolution on ``b``'s live state whose dice are ``dice`` (then seeded ones)."""
    return Resolution(SYSTEM, b.state, Randomizer(0, Script(tuple(dice))))


def set_unit(b: Battle, uid: str, **fields: Any) -> None:
    """Put unit ``uid`` of ``b``'s live state in a situation for a test (``suppression=2``,
    ``off_table=True``...), keeping the map's index of who stands where in step as the folds do.
    Test set-up only: the rules record what happens as events in the game's words (events.py)."""
    st = b.state
    u = st.units[uid]
    for name, value in fields.items():
        setattr(u, name, value)
    if fields.get("suppression"):
        u.suppressed_before = True
    if fields.get("off_table"):
        unitfacts.vacate(st, u)
    if "air" in fields:
        unitfacts.place(st, u, u.pos) if u.on_table else unitfacts.vacate(st, u)


def rolls(events: list[Any]) -> list[tuple[int, int, str]]:
    """(sides, result, purpose) of every die in ``events``."""
    return [(e.sides, e.result, e.purpose) for e in events if isinstance(e, DieRolled)]


def script_used(b: Battle) -> int:
    return b.rng.dice_pos


# -- fire support (Artillery and Air Support) -----------------------------------------------------------


def asset(aid: str = "bat", kind: str = "artillery", tier: str = "battalion", size: str = "large", rounds: int = 1,
          missions: int = 2, guided: str = "", ammo: tuple[str, ...] = ("he", "ap", "at", "smoke", "incendiary")
          ) -> dict[str, Any]:
    """A support asset as a scenario lists it (a battalion battery of large rounds unless told)."""
    return dict(id=aid, name=f"Asset {aid}", kind=kind, tier=tier, size=size, ammo=list(ammo), rounds=rounds,
                missions=missions, guided=guided)


def fo(uid: str = "A", at: Any = (0, 0), **kw: Any) -> dict[str, Any]:
    """A forward observer team: leadership 2, basic rangefinder (D6) unless told."""
    spec: dict[str, Any] = dict(fo=True, rangefinder="basic", leadership=2)
    spec.update(kw)
    return unit(uid, at, ["leader:rifle", "rifle*2"], **spec)


def fight(red: list[dict], blue: list[dict], dice: Any = (), support: list[dict] | None = None, chits: int = 0,
          blue_side: dict | None = None, **kw: Any) -> Battle:
    """A battle whose Red side has ``support`` (one battery unless told) and ``chits`` support chits."""
    return battle(red=red, blue=blue, dice=list(dice),
                  red_side={"support": list(support or [asset()]), "support_chits": chits},
                  blue_side=blue_side or {}, **kw)


def called(b: Battle, target: Hex, ammo: str = "he", aid: str = "bat", unit: str = "A", dummies: Any = (),
           line_dir: int = 0, box: int = 0) -> str:
    """A successful call for fire (request die 8), then the chart moved on until it reaches ``box``."""
    c = ctx(b, [8])
    S.request_resolve(c, b.state.units[unit], S.RequestFire(unit, aid, target, ammo, dummies=tuple(dummies),
                                                            line_dir=line_dir))
    mid = max(b.state.missions, key=lambda k: int(k.split("-")[1]))
    while b.state.missions[mid].box > box:
        S.TURN_BEGIN(c)
    return mid
