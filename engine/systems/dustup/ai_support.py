"""Dustup's standard player (ai.DefaultPlayer) on fire support and smoke: calling for fire and dropping
the rounds where more enemy than friends stand under the blast, firing on-table mortars, and laying or
discharging smoke, or switching a position's smoke generator, where enemy guns free to fire can see; and how
much of the enemy's fire support that is due would land on a hex, which its moves step out of.
Priced by class name, as ai.ARMOUR_VALUES and ai.SIDE_VALUES list them; these prices read only the
battle, so the player (the first argument) is not used."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hexfront.engine.core.hexes import Hex, hex_distance, line

from . import ground, odds, supportfacts
from .data import EFFECTIVE_RANGE
from .state import DustState, Unit
from .support import target_markers

if TYPE_CHECKING:  # the command classes priced below
    from .smoke import ExhaustSmoke, LaySmoke, SwitchSmokeGenerator
    from .support import FireMortar, RequestFire, ResolveImpact


def figures_near(st: DustState, side: str, h: Hex, radius: int) -> tuple[int, int]:
    """(enemy figures, own figures) within ``radius`` of ``h`` (known enemies only)."""
    enemy = own = 0
    for v in st.units.values():
        if not v.on_table or v.pos is None or hex_distance(v.pos, h) > radius or v.carried_by:
            continue
        n = len(v.fit_figures) * (2 + v.size if v.is_vehicle else 1)
        if v.side == side:
            own += n
        elif not v.hidden:
            enemy += n
    return enemy, own


def fire_support_due(st: DustState, side: str) -> list[tuple[Hex, int, float]]:
    """The enemy's fire support about to land, as ``side`` sees it: for each enemy mission over the battle area or
    due next turn (box 1 or 0; on the last turn, only those already over it, since there is no next turn), each of
    its target markers (the aim point and its dummies look alike) with the asset's blast radius and its share of
    the mission. It reads only what both sides see: the markers, the chart and the assets."""
    last_turn = st.turn >= st.tables.turn_limit
    due: list[tuple[Hex, int, float]] = []
    for m in st.missions.values():
        asset = supportfacts.asset_of(st, m.side, m.asset)
        if m.side == side or m.box > (0 if last_turn else 1) or asset is None:
            continue
        marks = target_markers(st, m.id)
        due += [(f.pos, supportfacts.burst_radius(asset), 1 / len(marks)) for f in marks]
    return due


def under_fire(due: list[tuple[Hex, int, float]], h: Hex) -> float:
    """How much of the fire support ``due`` (:func:`fire_support_due`) would land on ``h``: the shares of the
    markers whose blast reaches it."""
    return sum(share for at, radius, share in due if hex_distance(at, h) <= radius)


def _request_fire(player: object, st: DustState, u: Unit, cmd: RequestFire) -> float:
    asset = supportfacts.asset_of(st, u.side, cmd.asset)
    if asset is None:
        return 0.0
    if cmd.dummies or cmd.ammo == "smoke":
        return 0.0  # the plain call is priced; dummies and smoke screens are the player's finesse
    need = u.leadership + supportfacts.difficulty(u, asset["kind"])
    p = odds.p_beats(supportfacts.request_die(cmd.chits, supportfacts.platoon_shift(st, u, asset)[0]), need)
    radius = supportfacts.burst_radius(asset)
    enemy, own = figures_near(st, u.side, cmd.target, radius)
    if own:
        return 0.0
    return p * (0.6 + 0.25 * enemy * int(asset.get("rounds", 1))) - 0.1 * cmd.chits


def _fire_mortar(player: object, st: DustState, u: Unit, cmd: FireMortar) -> float:
    enemy, own = figures_near(st, u.side, cmd.target, 2)
    return 0.0 if own else 0.5 + 0.3 * enemy


def resolve_impact(player: object, st: DustState, cmd: ResolveImpact) -> float:
    m = st.missions.get(cmd.mission)
    if m is None or m.target is None:
        return 0.0
    asset = supportfacts.asset_of(st, m.side, m.asset)
    if asset is None:
        return 0.0
    radius = supportfacts.burst_radius(asset) + 1  # and a hex for the scatter
    enemy, own = figures_near(st, m.side, m.target, radius)
    if m.ammo == "smoke":
        return 0.8
    return 0.6 * enemy - 1.0 * own + (0.2 if enemy else -0.2)


def _lay_smoke(player: object, st: DustState, u: Unit, cmd: LaySmoke) -> float:
    """Smoke pays when guns that are free to fire can see the unit where it stands without cover."""
    if ground.in_cover(st, u) and not u.is_vehicle:
        return 0.0
    watchers = [e for e in st.enemies(u.side) if not e.hidden and e.suppression == 0
                and hex_distance(u.hex, e.hex) <= EFFECTIVE_RANGE * 2 and ground.can_see(st, e.hex, u.hex)]
    if not watchers:
        return 0.0
    cloud = {cmd.at, *cmd.at.neighbours()}
    blocked = 0
    for e in watchers:
        if any(h in cloud for h in line(e.hex, u.hex)):
            blocked += 1
    heavy_threat = sum(1 for e in watchers if e.is_vehicle or e.heavy_weapons)
    return 0.35 * blocked + 0.3 * min(blocked, heavy_threat)


def _exhaust_smoke(player: object, st: DustState, u: Unit, cmd: ExhaustSmoke) -> float:
    watchers = [e for e in st.enemies(u.side) if not e.hidden and ground.can_see(st, e.hex, u.hex)]
    return 0.3 if watchers and u.damage else 0.0


def _smoke_generator(player: object, st: DustState, u: Unit, cmd: SwitchSmokeGenerator) -> float:
    """Turn a position's smoke generator on when enemy guns free to fire can see the position; turn it
    off again once no enemy is left within effective range of it."""
    g = st.features.get(cmd.feature)
    if g is None:
        return 0.0
    if not cmd.on:
        near = any(not e.hidden and hex_distance(e.hex, g.pos) <= EFFECTIVE_RANGE for e in st.enemies(u.side))
        return 0.0 if near else 0.3
    watchers = [e for e in st.enemies(u.side) if not e.hidden and e.suppression == 0
                and hex_distance(e.hex, g.pos) <= EFFECTIVE_RANGE * 2 and ground.can_see(st, e.hex, g.pos)]
    if not watchers:
        return 0.0
    heavy_threat = sum(1 for e in watchers if e.is_vehicle or e.heavy_weapons)
    value = 0.3 * min(len(watchers), 3) + 0.3 * min(heavy_threat, 2)
    if cmd.direction >= 0:  # no wind: the trail is best laid toward the nearest watcher
        nearest = min(watchers, key=lambda e: hex_distance(e.hex, g.pos))
        step = g.pos.neighbour(cmd.direction)
        value += 0.05 if hex_distance(step, nearest.hex) < hex_distance(g.pos, nearest.hex) else 0.0
    return value


SUPPORT_VALUES: dict[str, Callable[[object, DustState, Unit, Any], float]] = {  # (the player, unused here)
    "RequestFire": _request_fire, "FireMortar": _fire_mortar, "LaySmoke": _lay_smoke,
    "ExhaustSmoke": _exhaust_smoke, "SwitchSmokeGenerator": _smoke_generator,
}
