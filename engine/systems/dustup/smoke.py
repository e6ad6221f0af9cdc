"""Artificial smoke: smoke grenades, dischargers, exhaust smoke and smoke generators (book: Smoke:
"Artificial Smoke").

Scale (RULES-NOTES): 1 hex = 2 inches; 3" = 2 hexes, 6" = 3 hexes, 12" = 6 hexes.

This game's readings:

- Artificial smoke: any infantry unit that carries grenades (``Unit.grenades``) has smoke
  grenades. ``LaySmoke``: one action, a 6" cloud (radius 1) centred up to 3 hexes away; a vehicle
  with smoke dischargers centres it 3 hexes straight ahead of its facing. Exhaust smoke
  (``ExhaustSmoke``) costs no action, once per activation: stationary (no move action yet this
  activation, ``Unit.moves``) a cloud on the vehicle's hex only; moving a 6" cloud centred two hexes
  behind it. Every such cloud lifts when the unit that made it next activates.
- Smoke generators (Artificial Smoke): a map counter of kind ``smoke_generator`` (data ``on``, ``dir``,
  and ``unit`` when the scenario fitted it to a unit: a unit spec's ``smoke_generator = true`` puts
  one on that unit's starting hex; a feature spec places one anywhere). It is a fixed installation
  of a prepared position: it never moves. ``SwitchSmokeGenerator`` turns it on or off: one action
  of a unit of its side on its hex or next to it (a building's occupants count; troops inside any
  other vehicle do not), allowed while suppressed, like throwing smoke. On, it keeps a 6" trail:
  three one-hex clouds (radius 0) in a line from its own hex, downwind when the scenario names a
  wind, else along the hex direction the player gives. The trail stays whole while it is on (a
  missing cloud is put back at the end of the turn). Off, the trail stays and thins at the end of
  each turn on one D6 for the generator: 1 all of it goes, 2-3 half rounded up, 4-6 one cloud;
  the clouds nearest the generator go first (the source has stopped, the rest drifts on).
  Turning it on again lays a fresh trail (old clouds off the new line go). A generator fitted to
  a unit stops for good when that unit is destroyed or leaves the table.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance, line
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import acts, ground
from . import events as E
from .action import Action
from .counters import feature_order, features, fit_people, set_data, where
from .dice import smoke_thinning
from .state import DustState, Feature, Unit, feature_data

RULE_SMOKE = "Smoke: Artificial Smoke"
RULE_GENERATOR = "Smoke: Artificial Smoke (smoke generators)"
SMOKE_RANGE = 3  # 6 inches: how far infantry place a smoke cloud
GENERATOR_TRAIL = 3  # a smoke generator's 6" trail: three one-hex clouds


@attrs.frozen
class LaySmoke:
    """Lay a smoke cloud centred on ``at``: smoke grenades up to 3 hexes away, or a vehicle's smoke
    dischargers 3 hexes straight ahead; one action (Smoke: Artificial Smoke)."""

    unit: str
    at: Hex


@attrs.frozen
class ExhaustSmoke:
    """Make exhaust smoke: round the vehicle if it has not moved this activation, else behind it."""

    unit: str


@attrs.frozen
class SwitchSmokeGenerator:
    """Turn the smoke generator ``feature`` on (``on``) or off: one action of a unit on or next to it.
    ``direction``: without a scenario wind, the hex direction (0-5) the trail runs; with a wind, -1
    (the trail goes downwind)."""

    unit: str
    feature: str
    on: bool
    direction: int = -1


def ahead(h: Hex, direction: int, n: int) -> Hex:
    for _ in range(n):
        h = h.neighbour(direction)
    return h


def _smoke_check(st: DustState, u: Unit, cmd: LaySmoke) -> str | None:
    if cmd.at not in st.tables.board:
        return "that hex is off the map"
    if u.is_vehicle:
        if not u.smoke_dischargers:
            return f"{u.name} has no smoke dischargers"
        front = ahead(u.hex, u.facing, SMOKE_RANGE)
        if cmd.at != front:
            return f"smoke dischargers put the cloud 3 hexes straight ahead, on {where(front)}"
        return None
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise"
    if not u.grenades:
        return f"{u.name} carries no smoke grenades"
    if not fit_people(u):
        return f"{u.name} has nobody fit to throw smoke"
    if hex_distance(u.hex, cmd.at) > SMOKE_RANGE:
        return "smoke grenades reach 3 hexes (6 inches)"
    return None


def _smoke_resolve(ctx: Resolution, u: Unit, cmd: LaySmoke) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "lay smoke")
    ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "smoke"), kind="smoke", side=u.side, at=cmd.at,
                             data=feature_data(radius=1, by=u.id), reason=f"laid by {u.name}", rule=RULE_SMOKE))


def _smoke_offer(st: DustState, u: Unit) -> list[Any]:
    if u.pos is None:
        return []
    if u.is_vehicle:
        return [LaySmoke(u.id, ahead(u.pos, u.facing, SMOKE_RANGE))] if u.smoke_dischargers else []
    if not u.grenades:
        return []
    spots = [u.pos]
    seen = sorted((e for e in st.enemies(u.side) if not e.hidden), key=lambda e: hex_distance(u.hex, e.hex))[:3]
    for e in seen:
        ln = line(u.hex, e.hex)
        spots.append(ln[min(2, len(ln) - 1)])
    out = []
    for h in spots:
        if LaySmoke(u.id, h) not in out:
            out.append(LaySmoke(u.id, h))
    return out


def _exhaust_check(st: DustState, u: Unit, cmd: ExhaustSmoke) -> str | None:
    if not u.exhaust_smoke:
        return f"{u.name} has no exhaust smoke generator"
    if any(f.get("by") == u.id and f.get("exhaust") for f in features(st, "smoke")):
        return f"{u.name} is already making exhaust smoke"
    return None


def _exhaust_resolve(ctx: Resolution, u: Unit, cmd: ExhaustSmoke) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "exhaust smoke", 0)
    if u.moves == 0:
        at, radius, how = u.hex, 0, "round the stationary vehicle"
    else:
        back = (u.facing + 3) % 6
        at, radius, how = ahead(u.hex, back, 2), 1, "behind the moving vehicle"
        if at not in st.tables.board:
            at, radius = u.hex.neighbour(back), 0
        if at not in st.tables.board:
            at = u.hex
    ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "smoke"), kind="smoke", side=u.side, at=at,
                             data=feature_data(radius=radius, by=u.id, exhaust=1), reason=f"{u.name}'s exhaust, {how}",
                             rule=RULE_SMOKE))


def _exhaust_offer(st: DustState, u: Unit) -> list[Any]:
    return [ExhaustSmoke(u.id)] if u.exhaust_smoke else []


def ACTIVATION_BEGIN(ctx: Resolution, u: Unit) -> None:
    """Smoke: the clouds this unit made lift as it activates again."""
    for f in features(ctx.state, "smoke"):
        if f.get("by") == u.id:
            ctx.emit(E.FeatureRemoved(feature=f.id, reason=f"{u.name} is active again: its smoke lifts",
                                      rule=RULE_SMOKE))


def generator_clouds(st: DustState, g: Feature) -> list[Feature]:
    """The clouds of generator ``g``'s trail, nearest the generator first."""
    return sorted((f for f in features(st, "smoke") if f.get("gen") == g.id),
                  key=lambda f: (f.get("k", 0), feature_order(f.id)))


def generator_trail(st: DustState, g: Feature, direction: int) -> list[tuple[int, Hex]]:
    """(k, hex) of the trail's clouds on the map: the generator's hex and the next two along ``direction``."""
    return [(k, ahead(g.pos, direction, k)) for k in range(GENERATOR_TRAIL)
            if ahead(g.pos, direction, k) in st.tables.board]


def generator_operator(st: DustState, u: Unit, g: Feature) -> bool:
    """May ``u`` work generator ``g``: its side's, on the generator's hex or next to it, and not shut
    inside a vehicle (a building's occupants are at their posts)."""
    if u.side != g.side or not u.on_table or u.pos is None or hex_distance(u.pos, g.pos) > 1:
        return False
    if u.vehicle == "aircraft":
        return False
    carrier = st.units.get(u.carried_by) if u.carried_by else None
    return carrier is None or carrier.vehicle == "building"


def _lay_trail(ctx: Resolution, g: Feature, direction: int, reason: str) -> None:
    st: DustState = ctx.state
    trail = generator_trail(st, g, direction)
    wanted = {(k, h) for k, h in trail}
    have = set()
    for c in generator_clouds(st, g):
        spot = (c.get("k", 0), c.pos)
        if spot in wanted and spot not in have:
            have.add(spot)
        else:
            ctx.emit(E.FeatureRemoved(feature=c.id, reason="off the generator's new trail", rule=RULE_GENERATOR))
    for k, h in trail:
        if (k, h) in have:
            continue
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "smoke"), kind="smoke", side=g.side, at=h,
                                 data=feature_data(radius=0, gen=g.id, k=k), reason=reason, rule=RULE_GENERATOR))


def _generator_check(st: DustState, u: Unit, cmd: SwitchSmokeGenerator) -> str | None:
    g = st.features.get(cmd.feature)
    if g is None or g.kind != "smoke_generator":
        return f"there is no smoke generator '{cmd.feature}'"
    if g.side != u.side:
        return "that smoke generator is the enemy's"
    if not generator_operator(st, u, g):
        if u.pos is not None and hex_distance(u.pos, g.pos) <= 1:
            return f"{u.name} cannot work the generator from inside a vehicle"
        return f"{u.name} must be on the generator's hex {where(g.pos)} or next to it"
    if g.get("broken"):
        return "the smoke generator is wrecked"
    if not cmd.on:
        return None if g.get("on") else "the smoke generator is already off"
    if g.get("on"):
        return "the smoke generator is already on"
    if st.tables.wind_given:
        if cmd.direction not in (-1, st.tables.wind):
            return f"the trail goes downwind, toward hex direction {st.tables.wind}: give -1 (or {st.tables.wind})"
        return None
    if not 0 <= cmd.direction <= 5:
        return "no wind is blowing: choose the hex direction (0 to 5) the smoke trail runs along"
    return None


def _generator_resolve(ctx: Resolution, u: Unit, cmd: SwitchSmokeGenerator) -> None:
    st: DustState = ctx.state
    g = st.features[cmd.feature]
    acts.spend(ctx, u, "turn the smoke generator " + ("on" if cmd.on else "off"))
    if not cmd.on:
        ctx.emit(E.FeatureChanged(feature=g.id, data=set_data(g, on=0), reason=f"turned off by {u.name}",
                                  rule=RULE_GENERATOR))
        return
    d = st.tables.wind if st.tables.wind_given else cmd.direction
    ctx.emit(E.FeatureChanged(feature=g.id, data=set_data(g, on=1, dir=d), reason=f"turned on by {u.name}",
                              rule=RULE_GENERATOR))
    _lay_trail(ctx, st.features[g.id], d, f"the smoke generator at {where(g.pos)}")


def _generator_offer(st: DustState, u: Unit) -> list[Any]:
    out: list[Any] = []
    for g in features(st, "smoke_generator"):
        if g.get("broken") or not generator_operator(st, u, g):
            continue
        if g.get("on"):
            out.append(SwitchSmokeGenerator(u.id, g.id, False))
        elif st.tables.wind_given:
            out.append(SwitchSmokeGenerator(u.id, g.id, True))
        else:
            out += [SwitchSmokeGenerator(u.id, g.id, True, d) for d in range(6)]
    return out


def generators_at_turn_end(ctx: Resolution) -> None:
    """Smoke generators: a wrecked one stops; one that is on keeps its trail whole; the trail of one
    that is off thins on a D6 (1 all, 2-3 half rounded up, 4-6 one cloud)."""
    st: DustState = ctx.state
    for g in features(st, "smoke_generator"):
        owner = st.units.get(str(g.get("unit", ""))) if g.get("unit") else None
        if owner is not None and not g.get("broken") and (owner.destroyed or not owner.on_table):
            ctx.emit(E.FeatureChanged(feature=g.id, data=set_data(g, on=0, broken=1),
                                      reason=f"{owner.name} is lost: its smoke generator stops", rule=RULE_GENERATOR))
            g = st.features[g.id]
        if g.get("on"):
            _lay_trail(ctx, g, int(g.get("dir", 0)), f"the smoke generator at {where(g.pos)} keeps smoking")
            continue
        clouds = generator_clouds(st, g)
        if not clouds:
            continue
        roll = ctx.roll(6, f"smoke generator at {where(g.pos)} is off: its trail of {plural(len(clouds), 'cloud')} "
                        "thins (1 all clears, 2-3 half rounded up, 4-6 one cloud)", RULE_GENERATOR, g.side)
        gone = smoke_thinning(len(clouds), roll)
        for c in clouds[:gone]:
            ctx.emit(E.FeatureRemoved(feature=c.id, reason=f"the generator's smoke thins ({roll})",
                                      rule=RULE_GENERATOR))


ACTIONS: dict[type, Action] = {
    LaySmoke: Action(_smoke_check, _smoke_resolve, _smoke_offer),
    ExhaustSmoke: Action(_exhaust_check, _exhaust_resolve, _exhaust_offer),
    SwitchSmokeGenerator: Action(_generator_check, _generator_resolve, _generator_offer),
}
COMMANDS: tuple[type, ...] = (LaySmoke, ExhaustSmoke, SwitchSmokeGenerator)
