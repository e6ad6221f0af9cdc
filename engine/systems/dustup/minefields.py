"""Minefields and mine clearing: lanes, ploughs and line charges (book: Mines and Explosives:
"Minefields"; "Mine Clearing": Infantry, Vehicles, Line Charge).

Scale (RULES-NOTES): 1 hex = 2 inches; 3" = 2 hexes, 6" = 3 hexes, 12" = 6 hexes.

This game's readings:

- Minefields: a counter's field is its hex and the six around it (6" across). A unit is tested for
  each field its path enters (hexes of the path after the first). Infantry: every fit figure
  rolls the unit's quality die once per 2 hexes (3") or part of its path inside the field: AP hit
  on 1-3, mixed on 1-2, AT never; a hit is the figure's armour against an impact D10. Ground
  vehicles (mechs and monsters too) in AT or mixed fields: one mine per 2 hexes or part, belly
  armour against D12: above it, a damage marker and immobilised; above double, destroyed. A
  damaged vehicle's occupants each roll their armour die: below 3, an untreated wound (a second
  wound kills); a destroyed vehicle's occupants are all killed. Entering a field reveals it; a
  dummy is then removed (it was nothing).
- An infantry lane (``ClearLane``): one action. A single fit trooper (not the leader) goes forward
  as a one-man detachment (the unit itself if it is down to one fit figure) in a straight line
  toward the hex named, paying double the terrain cost per hex from its movement die. Each hex of
  the line inside a field rolls for that trooper as above (AT fields never go off) until he is
  hurt; every hex he entered inside a field becomes a lane hex of that field. Later, a unit whose
  path uses lane hexes of a field rolls for those a single D12 per fit figure (1: a mine, as
  above) and the usual dice for the field's other hexes it crosses. Lanes do not help vehicles.
  Movement along a lane is not slowed here (not done: the route finder would steer round lanes).
- Mine plough: a vehicle with a plough whose path crosses a field's counter hex rolls its quality
  die for that field instead of the usual test: 1, one mine as above (the counter stays); else
  the counter (and its lanes) is removed. Line charge (``FireLineCharge``): both actions of a
  vehicle with a line charge left, within 2 hexes of a field's counter whose position its side
  knows; the counter and its lanes are removed.
- Propping is refused in a minefield its side knows of (simpleactions.py's Prop check asks :func:`in_minefield`).
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance, hexes_within, line
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import with_article

from . import acts, checks, ground
from . import events as E
from .action import Action
from .counters import actions_left, features, fit_people, known_to, reveal, threatens, vehicle_hit
from .detachments import detachment_id
from .state import FIT, DustState, Feature, Figure, Unit, feature_data

RULE_MINES = "Mines and Explosives: Minefields"
RULE_LANE = "Mine Clearing: Infantry"
RULE_PLOUGH = "Mine Clearing: Vehicles"
RULE_LINE = "Mine Clearing: Line Charge"
MINE_RADIUS = 1  # a 6" counter: its hex and the six around it


@attrs.frozen
class ClearLane:
    """One trooper goes ahead toward ``to`` through a minefield at half speed, clearing a lane."""

    unit: str
    to: Hex


@attrs.frozen
class FireLineCharge:
    """Fire a line charge across the minefield ``minefield``: both actions (Mine Clearing)."""

    unit: str
    minefield: str


def mine_area(f: Feature) -> set[Hex]:
    return set(hexes_within(f.pos, MINE_RADIUS))


def lanes_of(st: DustState, field: Feature) -> set[Hex]:
    return {f.pos for f in features(st, "lane") if f.get("minefield") == field.id}


def in_minefield(st: DustState, u: Unit) -> bool:
    """Is ``u`` inside a real minefield its side knows of? (No prop in a minefield.)"""
    if u.pos is None:
        return False
    return any(hex_distance(f.pos, u.pos) <= MINE_RADIUS and f.get("type") != "dummy" and known_to(f, u.side)
               for f in features(st, "minefield"))


def infantry_mine_roll(ctx: Resolution, u: Unit, f: Figure, kind: str, rule: str) -> bool:
    """One mine test of a figure: the unit's quality die, AP hit on 1-3, mixed on 1-2. True if hit."""
    top = 3 if kind == "ap" else 2
    field = f"{with_article(kind.upper())} minefield"
    roll = ctx.roll(u.quality, f"{f.name} in {field}: D{u.quality}, a mine on 1-{top}", rule, u.id)
    return roll <= top


def mine_hits_figure(ctx: Resolution, u: Unit, f: Figure, rule: str) -> str:
    return checks.impact_on(ctx, u, f, 10, 0, False, rule, unarmoured=f.unarmoured)


def remove_field(ctx: Resolution, field: Feature, reason: str, rule: str) -> None:
    for lane in features(ctx.state, "lane"):
        if lane.get("minefield") == field.id:
            ctx.emit(E.FeatureRemoved(feature=lane.id, reason="its minefield is gone", rule=rule))
    ctx.emit(E.FeatureRemoved(feature=field.id, reason=reason, rule=rule))


def minefields_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    st: DustState = ctx.state
    for field in features(st, "minefield"):
        if not u.on_table or field.id not in st.features or not threatens(field, u):
            continue
        area = mine_area(field)
        inside = [h for h in path[1:] if h in area]
        if not inside:
            continue
        kind = field.get("type", "ap")
        reveal(ctx, field, f"{u.name} walks into it", RULE_MINES)
        if kind == "dummy":
            ctx.emit(E.FeatureRemoved(feature=field.id, reason=f"a dummy minefield: {u.name} finds nothing",
                                      rule=RULE_MINES))
            continue
        if u.is_vehicle:
            _vehicle_in_minefield(ctx, u, field, kind, inside, path)
        else:
            _troops_in_minefield(ctx, u, field, kind, inside)


def _vehicle_in_minefield(ctx: Resolution, u: Unit, field: Feature, kind: str, inside: list[Hex],
                          path: list[Hex]) -> None:
    """A vehicle that drove through a minefield: a mine plough through its centre clears it; an
    anti-personnel field does it no harm; otherwise a belly hit per two hexes driven inside."""
    if u.plough and field.pos in path[1:]:
        _plough(ctx, u, field)
        return
    if kind == "ap":
        ctx.emit(E.Note(text=f"{u.name} crosses an anti-personnel minefield unharmed", rule=RULE_MINES))
        return
    for _ in range(math.ceil(len(inside) / 2)):
        if not u.on_table or u.destroyed:
            break
        vehicle_hit(ctx, u, "belly", 12, f"{u.name} sets off an anti-tank mine", RULE_MINES, immobilise=True)


def _troops_in_minefield(ctx: Resolution, u: Unit, field: Feature, kind: str, inside: list[Hex]) -> None:
    """Troops that walked through a minefield: an anti-tank field stays quiet; each fit figure tests
    once per two hexes walked outside a cleared lane, and once (a 1 on a D12) for following a lane."""
    st: DustState = ctx.state
    lane = lanes_of(st, field)
    open_hexes = [h for h in inside if h not in lane]
    in_lane = [h for h in inside if h in lane]
    if kind == "at":
        ctx.emit(E.Note(text=f"{u.name} crosses an anti-tank minefield: infantry do not set it off",
                        rule=RULE_MINES))
        return
    tests = math.ceil(len(open_hexes) / 2)
    for f in fit_people(u):
        for _ in range(tests):
            if f.status != FIT:
                break
            if infantry_mine_roll(ctx, u, f, kind, RULE_MINES):
                mine_hits_figure(ctx, u, f, RULE_MINES)
        if in_lane and f.status == FIT:
            roll = ctx.roll(12, f"{f.name} follows the cleared lane: D12, a mine on 1", RULE_LANE, u.id)
            if roll == 1:
                mine_hits_figure(ctx, u, f, RULE_LANE)
    checks.leader_losses(ctx, [u.id])


def _plough(ctx: Resolution, v: Unit, field: Feature) -> None:
    roll = ctx.roll(v.quality, f"{v.name} ploughs through minefield {field.id}: D{v.quality}, a mine on 1",
                    RULE_PLOUGH, v.id)
    if roll == 1:
        vehicle_hit(ctx, v, "belly", 12, f"{v.name}'s plough sets off a mine", RULE_PLOUGH, immobilise=True)
    else:
        remove_field(ctx, field, f"cleared by {v.name}'s plough ({roll})", RULE_PLOUGH)


def _lane_route(st: DustState, u: Unit, to: Hex) -> list[Hex]:
    return [h for h in line(u.hex, to)[1:]]


def _lane_fields(st: DustState, u: Unit, to: Hex) -> list[Feature]:
    route = set(_lane_route(st, u, to))
    return [f for f in features(st, "minefield") if known_to(f, u.side) and route & mine_area(f)]


def _lane_check(st: DustState, u: Unit, cmd: ClearLane) -> str | None:
    if u.is_vehicle:
        return "only infantry clear a lane on foot"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot move until it recovers"
    if u.travel:
        return f"{u.name} is in travel mode: reorganise into tactical formation first"
    if cmd.to not in st.tables.board or cmd.to == u.pos:
        return "name a hex on the map beyond the minefield"
    if hex_distance(u.hex, cmd.to) > 12:
        return "that is too far: name a hex within 12 hexes"
    if not _lane_fields(st, u, cmd.to):
        return "the straight line to that hex crosses no minefield that your side knows of"
    if not fit_people(u):
        return f"{u.name} has nobody fit to go forward"
    return None


def _lane_walker(ctx: Resolution, u: Unit) -> Unit:
    """Who goes ahead to clear the lane: a volunteer (not the leader) detached from the unit, or the
    unit itself when it has one fit figure left."""
    st: DustState = ctx.state
    fit = fit_people(u)
    if len(fit) <= 1:
        return u
    lead = u.leader
    volunteer = [f for f in fit if lead is None or f.id != lead.id][-1]
    did, name = detachment_id(st, u)
    ctx.emit(E.DetachmentFormed(parent=u.id, unit=did, name=name, figures=(volunteer.id,), rule=RULE_LANE))
    return st.units[did]


def _lane_resolve(ctx: Resolution, u: Unit, cmd: ClearLane) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "clear a mine lane")
    walker = _lane_walker(ctx, u)
    man = fit_people(walker)[0]
    die, _ = ground.movement_die(st, walker, False)
    points = ctx.roll(die, f"{man.name} goes ahead to clear a lane: movement die D{die}, two points a hex at half "
                      "speed", RULE_LANE, walker.id)
    cost = ground.step_cost(st, walker)
    route: list[Hex] = []
    spent, prev = 0, walker.hex
    for h in _lane_route(st, u, cmd.to):
        c = cost(prev, h)
        if c is None or spent + 2 * c > points:
            break
        spent += 2 * c
        route.append(h)
        prev = h
    while route and not ground.may_end_at(st, walker, route[-1]):
        route.pop()
    if not route:
        ctx.emit(E.Note(text=f"{man.name} cannot get forward ({points} points)", rule=RULE_LANE))
        return
    walked: list[Hex] = [walker.hex]
    cleared: list[tuple[Hex, Feature]] = []
    hurt = False
    for h in route:
        walked.append(h)
        for field in features(st, "minefield"):
            if field.id not in st.features or h not in mine_area(field) or not threatens(field, walker):
                continue
            reveal(ctx, field, f"{man.name} walks into it", RULE_LANE)
            kind = field.get("type", "ap")
            if kind == "dummy":
                ctx.emit(E.FeatureRemoved(feature=field.id, reason=f"a dummy minefield: {man.name} finds nothing",
                                          rule=RULE_LANE))
                continue
            cleared.append((h, field))
            if kind != "at" and infantry_mine_roll(ctx, walker, man, kind, RULE_LANE):
                ctx.emit(E.UnitMoved(unit=walker.id, path=tuple(walked), points=spent, rule=RULE_LANE))
                walked = [h]
                if mine_hits_figure(ctx, walker, man, RULE_LANE) != "none":
                    hurt = True
                    break
        if hurt:
            break
    if len(walked) > 1:
        ctx.emit(E.UnitMoved(unit=walker.id, path=tuple(walked), points=spent, rule=RULE_LANE))
    have = {(f.pos, f.get("minefield")) for f in features(st, "lane")}
    for h, field in cleared:
        if field.id in st.features and (h, field.id) not in have:
            have.add((h, field.id))
            ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "lane"), kind="lane", side=u.side, at=h,
                                     data=feature_data(minefield=field.id), reason=f"cleared by {man.name}",
                                     rule=RULE_LANE))
    acts.sight_checks(ctx, walker)


def _lane_offer(st: DustState, u: Unit) -> list[Any]:
    if u.is_vehicle or u.pos is None or u.suppression or u.travel:
        return []
    out = []
    for f in features(st, "minefield"):
        if known_to(f, u.side) and f.get("type") != "dummy" and 1 <= hex_distance(u.pos, f.pos) <= 4:
            d = f.pos.distance(u.pos)
            ln = line(u.pos, f.pos)
            # aim through the counter to the far side of the field
            beyond = ln[-1]
            step = ln[-1] - ln[-2] if len(ln) > 1 else Hex(1, 0)
            for _ in range(MINE_RADIUS + 1):
                beyond = beyond + step
            if beyond in st.tables.board and d:
                out.append(ClearLane(u.id, beyond))
    return out


def _line_check(st: DustState, u: Unit, cmd: FireLineCharge) -> str | None:
    if not u.is_vehicle or not u.line_charges:
        return f"{u.name} has no line charge"
    f = st.features.get(cmd.minefield)
    if f is None or f.kind != "minefield" or not known_to(f, u.side):
        return "there is no minefield there that your side knows of"
    if hex_distance(u.hex, f.pos) > MINE_RADIUS + 1:
        return f"{u.name} must be at the edge of the minefield (within 2 hexes of its counter)"
    if actions_left(st, u) < 2:
        return "firing a line charge takes both of the vehicle's actions"
    return None


def _line_resolve(ctx: Resolution, u: Unit, cmd: FireLineCharge) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "fire a line charge", 2)
    ctx.emit(E.LineChargeFired(unit=u.id, reason="fires a line charge", rule=RULE_LINE))
    remove_field(ctx, st.features[cmd.minefield], f"blown clear by {u.name}'s line charge", RULE_LINE)


def _line_offer(st: DustState, u: Unit) -> list[Any]:
    if not u.is_vehicle or not u.line_charges or u.pos is None:
        return []
    return [FireLineCharge(u.id, f.id) for f in features(st, "minefield")
            if known_to(f, u.side) and hex_distance(u.pos, f.pos) <= MINE_RADIUS + 1]


ACTIONS: dict[type, Action] = {
    ClearLane: Action(_lane_check, _lane_resolve, _lane_offer),
    FireLineCharge: Action(_line_check, _line_resolve, _line_offer),
}
COMMANDS: tuple[type, ...] = (ClearLane, FireLineCharge)
