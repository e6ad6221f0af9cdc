"""Fire and natural smoke (book: Additional Rules: "Fire"; Smoke: "Natural Smoke").

Scale (RULES-NOTES): 1 hex = 2 inches; 3" = 2 hexes, 6" = 3 hexes, 12" = 6 hexes.

This game's readings:

- Fire: a weapon is a flame thrower if its id is "flamer" or its name says "flame". A Shoot action
  in which a flame thrower fired may set the target's hex alight: D6, 3+ in woods, fields, scrub,
  a building (or a hex a scenario feature marks ``flammable``), else 6. ``Ignite`` does the same
  on purpose: one action, a flame thrower that has not fired, a hex in sight and in its range.
  No new fire starts where one already burns.
- The fire burns within one hex of its marker (its hex and the six around it: the book's 3"
  radius is a hex and a half; this game rounds it down to one hex). A unit whose move enters the
  burning area (any hex of its path after the first) is tested once for each fire: every infantry
  figure with the unit rolls armour against an impact D4, with no cover; a soft-skinned vehicle
  rolls its side armour against D4 (damaged or destroyed as for any hit; occupants as for mines).
- A fire spreads (a 6 at the end of the turn) D6 inches, that is D6 / 2 rounded up hexes, in a
  clockface direction (D12, 12 o'clock to the north-west, dice.clock_to_hex_direction), and a new
  fire starts there unless a fire marker is already on that hex (or it is off the map).
- Natural smoke: each cloud is a 2" token, one hex (radius 0). The D6 clouds of a new fire lie in
  a line downwind (``Tables.wind``) starting on the fire's own hex; a cloud that would lie off the
  map is not placed. "Remove one" takes the furthest cloud; "add one" puts one beyond the
  furthest. A fire that goes out (or is put out) takes its smoke with it. A fire placed by the
  scenario starts without smoke; it smokes from the first end of turn on.
- Fighting a fire: an infantry unit, not suppressed, with both its actions left, on or next to the
  burning area (within radius + 1 hexes of the marker), rolls the firepower die of its fit figure
  count (dice.firepower_die: 1-4 figures D4, 5-6 D6, ... 11+ D12): 4+ puts it out.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance, hexes_within
from hexfront.engine.core.resolution import Resolution

from . import acts, ground
from . import events as E
from .action import Action
from .counters import actions_left, blast_people, features, vehicle_hit, where
from .dice import clock_to_hex_direction, firepower_die
from .state import FIT, DustState, Feature, Figure, Unit, feature_data

RULE_FIRE = "Additional Rules: Fire"
RULE_NATURAL = "Smoke: Natural Smoke"
FIRE_RADIUS = 1
FLAMMABLE = ("woods", "fields", "scrub", "building")


@attrs.frozen
class Ignite:
    """Set ``at`` alight with a flame thrower that has not fired this activation: one action (Fire)."""

    unit: str
    at: Hex


@attrs.frozen
class FightFire:
    """Fight the fire ``fire``: both actions of an infantry unit next to it (Fire)."""

    unit: str
    fire: str


def weapon_is_flamer(st: DustState, wid: str) -> bool:
    w = st.tables.weapons.get(wid)
    return w is not None and (w.id == "flamer" or "flame" in w.name.lower())


def flamers(st: DustState, u: Unit, unfired: bool = True) -> list[Figure]:
    return [f for f in u.figures if f.status == FIT and f.weapon and weapon_is_flamer(st, f.weapon)
            and not (unfired and f.fired)]


def flammable(st: DustState, h: Hex) -> bool:
    return st.tables.board.get(h) in FLAMMABLE or any(f.get("flammable") for f in st.features_at(h))


def fire_area(f: Feature) -> list[Hex]:
    return hexes_within(f.pos, int(f.get("radius", FIRE_RADIUS)))


def burning(st: DustState, h: Hex) -> bool:
    return any(hex_distance(f.pos, h) <= int(f.get("radius", FIRE_RADIUS)) for f in features(st, "fire"))


def try_ignite(ctx: Resolution, at: Hex, why: str, who: str = "") -> bool:
    """Fire: a D6, 3+ where the ground is flammable, else 6. True if a fire starts."""
    st: DustState = ctx.state
    easy = flammable(st, at)
    need = 3 if easy else 6
    roll = ctx.roll(6, f"{why}: does {where(at)} catch fire? {need}+ ("
                    + ("flammable ground" if easy else "not particularly flammable") + ")", RULE_FIRE, who)
    if roll < need:
        ctx.emit(E.Note(text=f"{where(at)} does not catch fire ({roll})", rule=RULE_FIRE))
        return False
    start_fire(ctx, at, f"{why} ({roll})")
    return True


def start_fire(ctx: Resolution, at: Hex, reason: str) -> Feature:
    st: DustState = ctx.state
    fid = ground.new_id(st, "fire")
    ctx.emit(E.FeaturePlaced(feature=fid, kind="fire", side="", at=at, data=feature_data(radius=FIRE_RADIUS),
                             reason=reason, rule=RULE_FIRE))
    fire = st.features[fid]
    n = ctx.roll(6, f"natural smoke: clouds of the new fire at {where(at)}, in a line downwind", RULE_NATURAL)
    for k in range(n):
        _add_cloud(ctx, fire, k)
    return fire


def _cloud_hex(st: DustState, fire: Feature, k: int) -> Hex:
    h = fire.pos
    for _ in range(k):
        h = h.neighbour(st.tables.wind)
    return h


def _add_cloud(ctx: Resolution, fire: Feature, k: int) -> bool:
    st: DustState = ctx.state
    h = _cloud_hex(st, fire, k)
    if h not in st.tables.board:
        return False
    ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "smoke"), kind="smoke", side="", at=h,
                             data=feature_data(radius=0, fire=fire.id, k=k), reason=f"smoke from fire {fire.id}",
                             rule=RULE_NATURAL))
    return True


def fire_clouds(st: DustState, fire: Feature) -> list[Feature]:
    return sorted((f for f in features(st, "smoke") if f.get("fire") == fire.id), key=lambda f: f.get("k", 0))


def put_out(ctx: Resolution, fire: Feature, reason: str, rule: str) -> None:
    for cloud in fire_clouds(ctx.state, fire):
        ctx.emit(E.FeatureRemoved(feature=cloud.id, reason="its fire is out", rule=RULE_NATURAL))
    ctx.emit(E.FeatureRemoved(feature=fire.id, reason=reason, rule=rule))


def AFTER_SHOT(ctx: Resolution, firer: Unit, target: Unit, figures: list[Figure]) -> None:
    """Fire: a flame thrower's shot may set the target's hex alight."""
    st: DustState = ctx.state
    if target.pos is None or not any(f.weapon and weapon_is_flamer(st, f.weapon) for f in figures):
        return
    if burning(st, target.pos):
        return
    try_ignite(ctx, target.pos, f"{firer.name}'s flame thrower", firer.id)


def _ignite_check(st: DustState, u: Unit, cmd: Ignite) -> str | None:
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise"
    flames = flamers(st, u)
    if not flames:
        return f"{u.name} has no flame thrower ready to fire"
    if cmd.at not in st.tables.board:
        return "that hex is off the map"
    w = st.tables.weapons[flames[0].weapon]
    reach = w.max_range or w.effective
    if hex_distance(u.hex, cmd.at) > reach:
        return f"{where(cmd.at)} is beyond the flame thrower's reach ({reach} hexes)"
    if cmd.at != u.pos and not ground.can_see(st, u.hex, cmd.at):
        return f"{u.name} cannot see {where(cmd.at)}"
    if burning(st, cmd.at):
        return f"{where(cmd.at)} is already burning"
    return None


def _ignite_resolve(ctx: Resolution, u: Unit, cmd: Ignite) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "set alight")
    fig = flamers(st, u)[0]
    ctx.emit(E.FiguresFired(unit=u.id, figures=(fig.id,)))
    acts.reveal(ctx, u, "it used a flame thrower")
    try_ignite(ctx, cmd.at, f"{u.name} sets {where(cmd.at)} alight", u.id)


def _ignite_offer(st: DustState, u: Unit) -> list[Any]:
    flames = flamers(st, u)
    if not flames or u.pos is None:
        return []
    w = st.tables.weapons[flames[0].weapon]
    reach = w.max_range or w.effective
    spots = {e.hex for e in st.enemies(u.side) if not e.hidden and hex_distance(u.hex, e.hex) <= reach}
    spots |= {h for h in hexes_within(u.hex, reach) if h != u.pos and st.tables.board.get(h) in FLAMMABLE}
    return [Ignite(u.id, h) for h in sorted(spots, key=lambda h: (hex_distance(u.hex, h), h.q, h.r))][:12]


def _fight_check(st: DustState, u: Unit, cmd: FightFire) -> str | None:
    f = st.features.get(cmd.fire)
    if f is None or f.kind != "fire":
        return f"there is no fire '{cmd.fire}'"
    if u.is_vehicle:
        return "only infantry fight fires"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot fight the fire until it recovers"
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise"
    if hex_distance(u.hex, f.pos) > int(f.get("radius", FIRE_RADIUS)) + 1:
        return f"{u.name} is too far from the fire: it must be on or next to the burning ground"
    if actions_left(st, u) < 2:
        return "fighting a fire takes both of the unit's actions"
    return None



def _fight_resolve(ctx: Resolution, u: Unit, cmd: FightFire) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "fight the fire", 2)
    fire = st.features[cmd.fire]
    n = len(u.fit_figures)
    die = firepower_die(n) or 4
    roll = ctx.roll(die, f"{u.name} fights the fire: D{die} for {n} figures, 4 or more puts it out", RULE_FIRE, u.id)
    if roll >= 4:
        put_out(ctx, fire, f"put out by {u.name} ({roll})", RULE_FIRE)
    else:
        ctx.emit(E.Note(text=f"{u.name} cannot master the fire ({roll})", rule=RULE_FIRE))


def _fight_offer(st: DustState, u: Unit) -> list[Any]:
    if u.is_vehicle or u.pos is None:
        return []
    return [FightFire(u.id, f.id) for f in features(st, "fire")
            if hex_distance(u.pos, f.pos) <= int(f.get("radius", FIRE_RADIUS)) + 1]


def fire_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    st: DustState = ctx.state
    if u.vehicle and not u.soft_skin:
        return
    for fire in features(st, "fire"):
        if not u.on_table:
            return
        area = set(fire_area(fire))
        if not any(h in area for h in path[1:]):
            continue
        if u.is_vehicle:
            vehicle_hit(ctx, u, "side", 4, f"{u.name} drives through fire {fire.id}", RULE_FIRE)
        else:
            ctx.emit(E.Note(text=f"{u.name} moves through the burning ground of fire {fire.id}", rule=RULE_FIRE))
            blast_people(ctx, u, 4, RULE_FIRE)


def fires_at_turn_end(ctx: Resolution) -> None:
    st: DustState = ctx.state
    for fire in features(st, "fire"):
        if fire.id not in st.features:
            continue
        roll = ctx.roll(6, f"fire {fire.id} at {where(fire.pos)}: 1 it goes out, 6 it spreads", RULE_FIRE)
        if roll == 1:
            put_out(ctx, fire, "burnt out", RULE_FIRE)
            continue
        if roll == 6:
            hour = ctx.roll(12, f"fire {fire.id} spreads: clockface direction (12 is north-west)", RULE_FIRE)
            inches = ctx.roll(6, f"fire {fire.id} spreads: how many inches (2 a hex, rounded up)", RULE_FIRE)
            d = clock_to_hex_direction(hour)
            h = fire.pos
            for _ in range(math.ceil(inches / 2)):
                h = h.neighbour(d)
            if h not in st.tables.board:
                ctx.emit(E.Note(text=f"fire {fire.id} spreads off the map", rule=RULE_FIRE))
            elif st.features_at(h, "fire"):
                ctx.emit(E.Note(text=f"fire {fire.id} spreads to {where(h)}, already alight", rule=RULE_FIRE))
            else:
                start_fire(ctx, h, f"spread from fire {fire.id}")
        _smoke_table(ctx, fire)


def _smoke_table(ctx: Resolution, fire: Feature) -> None:
    st: DustState = ctx.state
    roll = ctx.roll(6, f"smoke of fire {fire.id}: 1 all clears, 2 one cloud goes, 3-4 as is, 5-6 one more",
                    RULE_NATURAL)
    clouds = fire_clouds(st, fire)
    if roll == 1:
        for c in clouds:
            ctx.emit(E.FeatureRemoved(feature=c.id, reason="the smoke clears", rule=RULE_NATURAL))
    elif roll == 2 and clouds:
        ctx.emit(E.FeatureRemoved(feature=clouds[-1].id, reason="the smoke thins", rule=RULE_NATURAL))
    elif roll >= 5:
        _add_cloud(ctx, fire, (clouds[-1].get("k", 0) + 1) if clouds else 0)


ACTIONS: dict[type, Action] = {
    Ignite: Action(_ignite_check, _ignite_resolve, _ignite_offer),
    FightFire: Action(_fight_check, _fight_resolve, _fight_offer),
}
COMMANDS: tuple[type, ...] = (Ignite, FightFire)
