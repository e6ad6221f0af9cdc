"""Casualty evacuation: calling, loading and the flight of a CASEVAC vehicle (book: "Casualty
Evacuation").

Scale (RULES-NOTES): 1 hex = 2 inches; 3" = 2 hexes, 6" = 3 hexes, 12" = 6 hexes.

This game's reading:

- CASEVAC: a scenario side may have ``casevac = "<vehicle type>"``: its counter starts in the
  loiter box (Mission kind "casevac", box -1). ``CallCasevac``: one action (the communication),
  a leadership test (quality die above leadership; communication.py's communicate needs a unit to talk
  to); success lands it as a map counter on a free hex next to the caller, unoccupied and not
  next to an enemy if such a hex exists. ``LoadWounded``: one reorganise action of a unit within 1
  hex (2"): its wounded (untreated or stabilised) go aboard, as many as there is room (half the
  vehicle's capacity rounded up); they leave the battle (status abandoned) but still count as
  casualties. ``CasevacLeave``: a side action, given instead of activating a unit: every unit
  that loaded rolls D6 (3+ one confidence level up, 6 two), every other friendly unit within 6
  hexes (12") D6 (5+ one level), up to confident whatever the starting level. The counter goes
  to box 1 and flies out 1 -> 2 -> 3 and back 2 -> 1 -> loiter, one box at the start of each
  turn; it may be called from the loiter box, or from box 1 on its way back.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground
from . import events as E
from .action import Action
from .counters import feature_order, features, reorganise_refusal, set_data
from .state import ABANDONED, CONFIDENT, STABILISED, UNTREATED, DustState, Feature, Mission, Unit, feature_data

RULE_CASEVAC = "Casualty Evacuation"
WOUNDED = (UNTREATED, STABILISED)
CASEVAC_RANGE = 6  # 12 inches: friendly units that see the CASEVAC leave


@attrs.frozen
class CallCasevac:
    """Call the CASEVAC vehicle in from the inbound chart: one communication action."""

    unit: str


@attrs.frozen
class LoadWounded:
    """Hand the unit's wounded over to the landed CASEVAC vehicle: one reorganise action."""

    unit: str


@attrs.frozen
class CasevacLeave:
    """The side's landed CASEVAC vehicle takes off with its wounded (instead of activating a unit)."""

    side: str


def casevac_ready(st: DustState, side: str) -> list[Mission]:
    return sorted((m for m in st.missions.values() if m.side == side and m.kind == "casevac"
                   and (m.box == -1 or (m.box == 1 and m.ammo == "inbound"))), key=lambda m: feature_order(m.id))


def landed(st: DustState, side: str) -> list[Feature]:
    return [f for f in features(st, "casevac") if f.side == side]


def landing_hex(st: DustState, u: Unit) -> Hex | None:
    free = [h for h in u.hex.neighbours() if h in st.tables.board and h not in st.occupant
            and st.tables.costs["normal"].get(h) is not None]
    safe = [h for h in free if not ground.adjacent_to_enemy(st, u.side, h)]
    pick = safe or free
    return pick[0] if pick else None


def _call_check(st: DustState, u: Unit, cmd: CallCasevac) -> str | None:
    if not casevac_ready(st, u.side):
        return "no CASEVAC vehicle is waiting to be called"
    if u.carried_by is not None:
        return f"{u.name} is inside a vehicle"
    if landing_hex(st, u) is None:
        return f"there is no free hex next to {u.name} for the CASEVAC vehicle to land on"
    return None


def _call_resolve(ctx: Resolution, u: Unit, cmd: CallCasevac) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "call the CASEVAC")
    m = casevac_ready(st, u.side)[0]
    if not checks.leadership_test(ctx, u, "calling the CASEVAC vehicle in", RULE_CASEVAC):
        ctx.emit(E.Note(text=f"{u.name} cannot get the call through", rule=RULE_CASEVAC))
        return
    at = landing_hex(st, u)
    assert at is not None, "_call_check refuses a call with no free hex to land on; the roll moved no one"
    vt = st.tables.vehicles.get(m.asset)
    room = math.ceil((vt.capacity if vt else 0) / 2)
    ctx.emit(E.MissionRemoved(mission=m.id, reason=f"called in by {u.name}", rule=RULE_CASEVAC))
    ctx.emit(E.FeaturePlaced(feature=m.id, kind="casevac", side=u.side, at=at,
                             data=feature_data(asset=m.asset, room=room, loaded=0, units=""),
                             reason=f"lands next to {u.name}", rule=RULE_CASEVAC))


def _call_offer(st: DustState, u: Unit) -> list[Any]:
    if not casevac_ready(st, u.side) or not any(f.status in WOUNDED for f in u.figures):
        return []
    return [CallCasevac(u.id)]


def _near_casevac(st: DustState, u: Unit) -> Feature | None:
    for f in landed(st, u.side):
        if u.pos is not None and hex_distance(u.pos, f.pos) <= 1:
            return f
    return None


def _load_check(st: DustState, u: Unit, cmd: LoadWounded) -> str | None:
    f = _near_casevac(st, u)
    if f is None:
        return f"{u.name} is not within 2 inches (1 hex) of a landed CASEVAC vehicle"
    if u.carried_by is not None:
        return f"{u.name} is inside a vehicle"
    if not any(x.status in WOUNDED for x in u.figures):
        return f"{u.name} has no wounded to hand over"
    if int(f.get("loaded", 0)) >= int(f.get("room", 0)):
        return "the CASEVAC vehicle is full"
    return reorganise_refusal(st, u)


def _load_resolve(ctx: Resolution, u: Unit, cmd: LoadWounded) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "reorganise: load the wounded")
    f = _near_casevac(st, u)
    assert f is not None, "_load_check refuses a unit with no CASEVAC vehicle next to it"
    space = int(f.get("room", 0)) - int(f.get("loaded", 0))
    going = [x for x in u.figures if x.status in WOUNDED][:space]
    for x in going:
        checks.set_figure(ctx, u, x, ABANDONED, x.wounds, "evacuated by the CASEVAC vehicle", RULE_CASEVAC,
                          evacuated=True)
    units = [s for s in str(f.get("units", "")).split("+") if s]
    if u.id not in units:
        units.append(u.id)
    ctx.emit(E.FeatureChanged(feature=f.id, data=set_data(f, loaded=int(f.get("loaded", 0)) + len(going),
                                                            units="+".join(units)),
                              reason=f"{len(going)} wounded of {u.name} aboard", rule=RULE_CASEVAC))


def _load_offer(st: DustState, u: Unit) -> list[Any]:
    return [LoadWounded(u.id)] if _near_casevac(st, u) is not None else []


def _leave_check(st: DustState, side: str, cmd: CasevacLeave) -> str | None:
    return None if landed(st, side) else "no CASEVAC vehicle of yours is on the table"


def _leave_resolve(ctx: Resolution, side: str, cmd: CasevacLeave) -> None:
    st: DustState = ctx.state
    f = landed(st, side)[0]
    loaders = [s for s in str(f.get("units", "")).split("+") if s]
    for uid in loaders:
        u = st.units.get(uid)
        if u is None or not u.on_table:
            continue
        roll = ctx.roll(6, f"{u.name} saw its wounded flown out: 3+ one confidence level up, 6 two", RULE_CASEVAC,
                        u.id)
        _lift(ctx, u, 2 if roll == 6 else 1 if roll >= 3 else 0, roll)
    for u in list(st.units.values()):
        if u.side != side or u.id in loaders or not u.on_table or hex_distance(u.hex, f.pos) > CASEVAC_RANGE:
            continue
        roll = ctx.roll(6, f"{u.name} watches the CASEVAC leave: 5+ one confidence level up", RULE_CASEVAC, u.id)
        _lift(ctx, u, 1 if roll >= 5 else 0, roll)
    ctx.emit(E.FeatureRemoved(feature=f.id, reason="the CASEVAC vehicle takes off", rule=RULE_CASEVAC))
    ctx.emit(E.MissionPlaced(mission=f.id, side=side, kind="casevac", asset=str(f.get("asset", "")), box=1,
                             ammo="outbound", reason="flying the wounded out", rule=RULE_CASEVAC))


def _lift(ctx: Resolution, u: Unit, levels: int, roll: int) -> None:
    new = min(CONFIDENT, u.confidence + levels)
    if new > u.confidence:
        ctx.emit(E.ConfidenceRaised(unit=u.id, level=new, reason=f"the wounded are evacuated ({roll})",
                                    rule=RULE_CASEVAC))
    else:
        ctx.emit(E.Note(text=f"{u.name}: no change ({roll})", rule=RULE_CASEVAC))


def _leave_offer(st: DustState, side: str) -> list[Any]:
    return [CasevacLeave(side)] if landed(st, side) else []


def TURN_BEGIN(ctx: Resolution) -> None:
    """Casualty Evacuation: a CASEVAC counter that has left flies out to box 3 and back."""
    st: DustState = ctx.state
    for m in sorted(st.missions.values(), key=lambda m: feature_order(m.id)):
        if m.kind != "casevac" or m.box < 1:
            continue
        if m.ammo == "outbound":
            if m.box < 3:
                ctx.emit(E.MissionMoved(mission=m.id, box=m.box + 1, reason="flying out", rule=RULE_CASEVAC))
            else:
                ctx.emit(E.MissionPlaced(mission=m.id, side=m.side, kind="casevac", asset=m.asset, box=2,
                                         ammo="inbound", reason="flying back", rule=RULE_CASEVAC))
        elif m.box > 1:
            ctx.emit(E.MissionMoved(mission=m.id, box=m.box - 1, reason="flying back", rule=RULE_CASEVAC))
        else:
            ctx.emit(E.MissionPlaced(mission=m.id, side=m.side, kind="casevac", asset=m.asset, box=-1,
                                     reason="back in the loiter box", rule=RULE_CASEVAC))


ACTIONS: dict[type, Action] = {
    CallCasevac: Action(_call_check, _call_resolve, _call_offer),
    LoadWounded: Action(_load_check, _load_resolve, _load_offer),
}
SIDE_ACTIONS: dict[type, Action] = {CasevacLeave: Action(_leave_check, _leave_resolve, _leave_offer)}
COMMANDS: tuple[type, ...] = (CallCasevac, LoadWounded, CasevacLeave)
