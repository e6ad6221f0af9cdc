"""Fire, smoke, casualty evacuation, mines, booby traps and IEDs (Additional Rules): the hooks
and tables that gather them.

Everything here lives on the map as a :class:`~.state.Feature` (placed, changed and removed with
the generic Feature events) or on the inbound chart as a :class:`~.state.Mission`:

- ``fire``: a burning area, data ``radius`` (hexes round the marker that burn).
- ``smoke``: a cloud, data ``radius`` 0 (its hex) or 1 (its hex and the six around it), ``by`` (the
  unit that laid it, lifted when that unit next activates), ``fire`` and ``k`` (a fire's natural
  smoke: the k-th cloud downwind), or ``source=artillery`` (support.py's: left alone here).
- ``minefield``: data ``type`` ap, at, mixed or dummy; ``lane``: a cleared lane hex, data
  ``minefield``; ``ied`` (data ``impact``, ``marked``); ``booby``; ``cdm`` (data ``facing``,
  and ``target`` while its controller is asked whether to fire it); ``casevac``: a CASEVAC
  vehicle landed on the table (data ``asset``, ``room``, ``loaded``, ``units``).

Scale (RULES-NOTES): 1 hex = 2 inches; 3" = 2 hexes, 6" = 3 hexes, 12" = 6 hexes.

This game's readings:

- Whose hazards: a minefield, IED, booby trap or CDM belongs to the side that laid it and goes off
  only for the other side's units (its own troops know where it is); one with no side goes off
  for everybody. Fires burn everybody.
- Hazards are on the ground: aircraft never set them off, nor are they burnt by fires.

Each part of the book has its own module: burning.py (Fire; Natural Smoke), smoke.py (Artificial Smoke,
smoke generators), minefields.py (Minefields; Mine Clearing), explosives.py (Command Detonated Mines,
Booby Traps, Improvised Explosive Devices) and casevac.py (Casualty Evacuation), on the shared
counters.py. This module sets the scenario's counters up, walks a move past every hazard, ends the turn
for fires and smoke generators, and gathers the parts' actions for rules.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution

from . import burning, casevac, counters, explosives, ground, minefields, smoke
from . import events as E
from .action import Action, Decision
from .burning import FIRE_RADIUS
from .casevac import RULE_CASEVAC
from .dice import parse_value
from .explosives import RULE_CDM
from .smoke import RULE_GENERATOR
from .state import DustState, Figure, Unit, feature_data

HIDDEN_KINDS = ("minefield", "ied", "booby", "cdm")


def SETUP(ctx: Resolution) -> None:
    """Scenario features, units' CDMs and each side's CASEVAC counter in the loiter box."""
    st: DustState = ctx.state
    for spec in st.tables.features:
        kind = spec["kind"]
        facts: dict[str, Any] = {}
        if kind == "minefield":
            facts["type"] = spec.get("type", "ap")
        if kind == "cdm":
            facts["facing"] = int(spec.get("facing", 0)) % 6
        if kind == "ied" and "impact" in spec:
            facts["impact"] = parse_value(spec["impact"])
        if kind == "smoke":
            facts["radius"] = int(spec.get("radius", 1))
        if kind == "fire":
            facts["radius"] = FIRE_RADIUS
        if kind == "smoke_generator":
            facts["on"] = 0
        if spec.get("flammable"):
            facts["flammable"] = 1
        prefix = {"minefield": "mine", "ied": "mine", "booby": "mine", "cdm": "mine",
                  "smoke_generator": "generator"}.get(kind, kind)
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, prefix), kind=kind, side=str(spec.get("side", "")),
                                 at=spec["at"], hidden=bool(spec.get("hidden", kind in HIDDEN_KINDS)),
                                 data=feature_data(**facts), reason="set up by the scenario"))
    for spec in st.tables.deployment:
        u = st.units.get(str(spec["id"]))
        if spec.get("smoke_generator") and u is not None and u.pos is not None:
            ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "generator"), kind="smoke_generator", side=u.side,
                                     at=u.pos, data=feature_data(on=0, unit=u.id),
                                     reason=f"fitted to {u.name} by the scenario", rule=RULE_GENERATOR))
    for spec in st.tables.deployment:
        n = int(spec.get("cdms", 0) or 0)
        if n and str(spec["id"]) in st.units:
            ctx.emit(E.MinesIssued(unit=str(spec["id"]), count=n, reason="issued by the scenario", rule=RULE_CDM))
    for side in st.sides:
        asset = st.tables.side_info[side].get("casevac", "")
        if asset:
            ctx.emit(E.MissionPlaced(mission=ground.new_id(st, "casevac"), side=side, kind="casevac", asset=asset,
                                     box=-1, reason="a CASEVAC vehicle waits in the loiter box", rule=RULE_CASEVAC))


def AFTER_MOVE(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """Whatever the unit met on its way: mines, IEDs, booby traps, fire; and CDMs fired at it."""
    if not counters.on_ground(u) or len(path) < 2:
        return
    for step in (minefields.minefields_on_move, explosives.ied_on_move, explosives.booby_on_move, burning.fire_on_move,
                 explosives.cdm_on_move):
        if not u.on_table:
            return
        step(ctx, u, path)


def TURN_END(ctx: Resolution) -> None:
    """Fires burn out or spread, and their smoke thins or thickens (Fire; Natural Smoke); smoke
    generators keep their trails or let them thin (Artificial Smoke)."""
    burning.fires_at_turn_end(ctx)
    smoke.generators_at_turn_end(ctx)


# the hooks of one part each, named here so that rules.py takes every hazard hook from this module
TURN_BEGIN: Callable[[Resolution], None] = casevac.TURN_BEGIN  # a CASEVAC counter's flight
ACTIVATION_BEGIN: Callable[[Resolution, Unit], None] = smoke.ACTIVATION_BEGIN  # a unit's own smoke lifts
AFTER_SHOT: Callable[[Resolution, Unit, Unit, list[Figure]], None] = burning.AFTER_SHOT  # a flame thrower's fire

ACTIONS: dict[type, Action] = {**burning.ACTIONS, **smoke.ACTIONS, **minefields.ACTIONS, **explosives.ACTIONS,
                                **casevac.ACTIONS}
SIDE_ACTIONS: dict[type, Action] = dict(casevac.SIDE_ACTIONS)
DECISIONS: dict[str, Decision] = dict(explosives.DECISIONS)
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
COMMANDS: tuple[type, ...] = (burning.COMMANDS + smoke.COMMANDS + minefields.COMMANDS + explosives.COMMANDS
                              + casevac.COMMANDS)
