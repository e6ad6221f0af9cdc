"""Command detonated mines, booby traps and IEDs (book: Mines and Explosives: "Command Detonated
Mines", "Booby Traps", "Improvised Explosive Devices").

Scale (RULES-NOTES): 1 hex = 2 inches; 3" = 2 hexes, 6" = 3 hexes, 12" = 6 hexes.

This game's readings:

- CDMs: a unit with ``cdms`` left (scenario unit key ``cdms = N``) sets one on or next to its hex,
  facing any hex direction, with one reorganise action (``SetCDM``). Its field is every hex within
  3 hexes whose bearing from the counter is at most 90 degrees off its facing. When an enemy
  unit's path (start included) passes through the field and a unit of the mine's side can see both
  the counter and a hex of the path inside the field, the mine's side is asked (decision "cdm":
  "fire:<id>", "fire:all" with two or more, or "hold"); after one mine fires the others still able
  to are offered again. When another question is already waiting or an assault is being fought,
  every such mine fires at once (the controller's obvious answer; two questions cannot wait
  together). Every person of the unit rolls armour against D10 (no cover); an armoured vehicle is
  untouched; a soft-skinned one rolls side armour against D10 and every occupant rolls armour 3+
  or takes a wound. The counter is then removed.
- Booby traps: an infantry unit whose path comes within 2 hexes (3") rolls its quality die
  against a D8: higher finds and disarms it (removed); otherwise it goes off: one figure of the
  unit chosen at random (the unit stands on one hex) rolls armour against D8, the others against
  D6, as does every person of any other infantry unit within 2 hexes of the trap.
- IEDs: a ground vehicle whose path comes within 2 hexes sets it off: ``impact`` from the
  scenario (D12 unless given, up to D12x5) against the belly armour, as an AT mine; it is then
  removed. An infantry unit whose path comes within 2 hexes rolls its quality die against a D8:
  higher, it is found and marked (revealed, ``marked``); a marked IED never goes off (vehicles
  steer round it, infantry leave it alone), so no route change is needed. Under half the D8 (the
  dice.less_than_half rule), it goes off: every person within 3 hexes rolls armour against D12;
  it is removed. Anything between: nothing happens.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, arc_of, hex_distance, relative_bearing
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground
from . import events as E
from .action import Action, Decision
from .counters import (
    blast_people,
    features,
    occupants_shaken,
    on_ground,
    present_people,
    reorganise_refusal,
    set_data,
    threatens,
    vehicle_hit,
)
from .dice import less_than_half
from .state import DustState, Feature, Pending, Unit, feature_data

RULE_CDM = "Command Detonated Mines"
RULE_BOOBY = "Booby Traps"
RULE_IED = "Improvised Explosive Devices"
CDM_RANGE = 3  # 6 inches
BLAST_RANGE = 2  # 3 inches: booby traps and IEDs are set off from here
IED_BLAST = 3  # 6 inches: infantry within it when an IED goes off


@attrs.frozen
class SetCDM:
    """Set up a command-detonated mine on ``at`` facing hex direction ``facing``: one reorganise action."""

    unit: str
    at: Hex
    facing: int


def _passes_near(path: list[Hex], at: Hex, reach: int) -> bool:
    return any(hex_distance(h, at) <= reach for h in path[1:])


def booby_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    st: DustState = ctx.state
    if u.is_vehicle:
        return
    for trap in features(st, "booby"):
        if not u.on_table or trap.id not in st.features or not threatens(trap, u):
            continue
        if not _passes_near(path, trap.pos, BLAST_RANGE):
            continue
        q = ctx.roll(u.quality, f"{u.name} near a booby trap: quality D{u.quality} against the trap's D8", RULE_BOOBY,
                     u.id)
        t = ctx.roll(8, "the booby trap's D8", RULE_BOOBY, trap.side)
        if q > t:
            ctx.emit(E.FeatureRemoved(feature=trap.id,
                                      reason=f"{u.name} finds the trigger and disarms it ({q} > {t})",
                                      rule=RULE_BOOBY))
            continue
        ctx.emit(E.FeatureRemoved(feature=trap.id, reason=f"it goes off under {u.name} ({q} against {t})",
                                  rule=RULE_BOOBY))
        nearest = checks.allocate(ctx, u, 1, RULE_BOOBY)
        others = [f for f in present_people(u) if not nearest or f.id != nearest[0].id]
        if nearest and nearest[0].person:
            checks.impact_on(ctx, u, nearest[0], 8, 0, False, RULE_BOOBY, unarmoured=nearest[0].unarmoured)
        blast_people(ctx, u, 6, RULE_BOOBY, others)
        for other in list(st.units.values()):
            if other.id != u.id and on_ground(other) and not other.is_vehicle \
                    and hex_distance(other.hex, trap.pos) <= BLAST_RANGE:
                blast_people(ctx, other, 6, RULE_BOOBY)


def ied_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    st: DustState = ctx.state
    for ied in features(st, "ied"):
        if not u.on_table or ied.id not in st.features or not threatens(ied, u) or ied.get("marked"):
            continue
        if not _passes_near(path, ied.pos, BLAST_RANGE):
            continue
        impact = int(ied.get("impact", 12))
        if u.is_vehicle:
            ctx.emit(E.FeatureRemoved(feature=ied.id, reason=f"it goes off under {u.name}", rule=RULE_IED))
            vehicle_hit(ctx, u, "belly", impact, f"an IED goes off under {u.name}", RULE_IED, immobilise=True)
            continue
        q = ctx.roll(u.quality, f"{u.name} near an IED: quality D{u.quality} against the device's D8", RULE_IED, u.id)
        t = ctx.roll(8, "the IED's D8", RULE_IED, ied.side)
        if q > t:
            ctx.emit(E.FeatureChanged(feature=ied.id, hidden=False, data=set_data(ied, marked=1),
                                      reason=f"{u.name} finds and marks it ({q} > {t})", rule=RULE_IED))
        elif less_than_half(q, t):
            ctx.emit(E.FeatureRemoved(feature=ied.id, reason=f"it goes off: {u.name} rolled {q}, under half of {t}",
                                      rule=RULE_IED))
            for other in list(st.units.values()):
                if on_ground(other) and not other.is_vehicle and hex_distance(other.hex, ied.pos) <= IED_BLAST:
                    blast_people(ctx, other, 12, RULE_IED)
        else:
            ctx.emit(E.Note(text=f"{u.name} passes the IED without finding it ({q} against {t})", rule=RULE_IED))


def in_cdm_field(cdm: Feature, h: Hex) -> bool:
    return hex_distance(cdm.pos, h) <= CDM_RANGE and \
        relative_bearing(cdm.pos, int(cdm.get("facing", 0)), h) <= 90.0 + 1e-6


def cdm_can_fire(st: DustState, cdm: Feature, u: Unit, path: list[Hex]) -> bool:
    """The mover was in the field and a unit of the mine's side sees the mine and the mover there."""
    if not threatens(cdm, u) or not cdm.side:
        return False
    spots = [h for h in path if in_cdm_field(cdm, h)]
    if not spots:
        return False
    can_see = ground.can_see
    for c in st.units.values():
        if c.side != cdm.side or not c.on_table or c.carried_by is not None:
            continue
        if c.pos != cdm.pos and not can_see(st, c.hex, cdm.pos):
            continue
        if any(c.pos == h or can_see(st, c.hex, h) for h in spots):
            return True
    return False


def cdm_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    st: DustState = ctx.state
    if not u.on_table:
        return
    ready = [c for c in features(st, "cdm") if cdm_can_fire(st, c, u, path)]
    if not ready:
        return
    if st.pending is not None or st.assault is not None:
        for c in ready:
            if u.on_table:
                fire_cdm(ctx, c, u)
        return
    for c in ready:
        ctx.emit(E.FeatureChanged(feature=c.id, data=set_data(c, target=u.id), reason="ready to fire",
                                  rule=RULE_CDM))
    _ask_cdm(ctx, ready, u)


def _ask_cdm(ctx: Resolution, ready: list[Feature], u: Unit) -> None:
    choices = tuple(f"fire:{c.id}" for c in ready) + (("fire:all",) if len(ready) > 1 else ()) + ("hold",)
    ctx.emit(E.DecisionAsked(side=ready[0].side, kind="cdm", data=choices, rule=RULE_CDM))


def fire_cdm(ctx: Resolution, cdm: Feature, u: Unit) -> None:
    ctx.emit(E.FeatureRemoved(feature=cdm.id, reason=f"fired at {u.name}", rule=RULE_CDM))
    if u.is_vehicle:
        if not u.soft_skin:
            ctx.emit(E.Note(text=f"the mine's blast does nothing to armoured {u.name}", rule=RULE_CDM))
            return
        result = vehicle_hit(ctx, u, arc_of(u.hex, u.facing, cdm.pos), 10, f"a command-detonated mine hits {u.name}",
                             RULE_CDM)
        if result == "none":
            occupants_shaken(ctx, u, RULE_CDM)
        return
    blast_people(ctx, u, 10, RULE_CDM)


def _cdm_decision(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    waiting = [c for c in features(st, "cdm") if c.get("target")]
    target = st.units.get(str(waiting[0].get("target"))) if waiting else None
    for c in waiting:
        ctx.emit(E.FeatureChanged(feature=c.id, data=set_data(c, target=None), rule=RULE_CDM))
    if choice == "hold" or target is None:
        if choice == "hold":
            ctx.emit(E.Note(text="the command-detonated mines are held", rule=RULE_CDM))
        return
    fid = choice.split(":", 1)[1]
    chosen = waiting if fid == "all" else [c for c in waiting if c.id == fid]
    for c in chosen:
        if target.on_table and c.id in st.features:
            fire_cdm(ctx, st.features[c.id], target)
    rest = [st.features[c.id] for c in waiting if c.id in st.features]
    if rest and target.on_table:
        for c in rest:
            ctx.emit(E.FeatureChanged(feature=c.id, data=set_data(c, target=target.id), rule=RULE_CDM))
        _ask_cdm(ctx, rest, target)



def _cdm_check(st: DustState, u: Unit, cmd: SetCDM) -> str | None:
    if u.cdms <= 0:
        return f"{u.name} has no command-detonated mines"
    if not 0 <= cmd.facing <= 5:
        return "facing is a hex direction, 0 to 5"
    if cmd.at not in st.tables.board or hex_distance(u.hex, cmd.at) > 1:
        return "a mine is set up on the unit's hex or next to it"
    if st.features_at(cmd.at, "cdm"):
        return "there is a mine there already"
    return reorganise_refusal(st, u)


def _cdm_resolve(ctx: Resolution, u: Unit, cmd: SetCDM) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "reorganise: set up a command-detonated mine")
    ctx.emit(E.MineLaid(unit=u.id, reason="sets up a mine", rule=RULE_CDM))
    ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "mine"), kind="cdm", side=u.side, at=cmd.at, hidden=True,
                             data=feature_data(facing=cmd.facing), reason=f"set up by {u.name}", rule=RULE_CDM))


def _cdm_offer(st: DustState, u: Unit) -> list[Any]:
    if u.cdms <= 0 or u.pos is None or st.features_at(u.pos, "cdm"):
        return []
    foes = sorted((e for e in st.enemies(u.side) if not e.hidden), key=lambda e: hex_distance(u.hex, e.hex))
    if not foes:
        return [SetCDM(u.id, u.pos, 0)]
    facing = min(range(6), key=lambda d: relative_bearing(u.hex, d, foes[0].hex))
    return [SetCDM(u.id, u.pos, facing)]


ACTIONS: dict[type, Action] = {
    SetCDM: Action(_cdm_check, _cdm_resolve, _cdm_offer),
}
DECISIONS: dict[str, Decision] = {"cdm": _cdm_decision}
COMMANDS: tuple[type, ...] = (SetCDM,)
