"""Fire, smoke, casualty evacuation, mines, booby traps and IEDs (Additional Rules).

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
- Propping is refused in a minefield its side knows of (rules.py's Prop check asks :func:`in_minefield`).
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
- CASEVAC: a scenario side may have ``casevac = "<vehicle type>"``: its counter starts in the
  loiter box (Mission kind "casevac", box -1). ``CallCasevac``: one action (the communication),
  a leadership test (quality die above leadership; command.py's communicate needs a unit to talk
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
from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, arc_of, hex_distance, hex_label, hexes_within, line, relative_bearing
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground
from . import events as E
from .action import Action, Decision
from .command import detachment_id
from .dice import (
    clock_to_hex_direction,
    firepower_die,
    less_than_half,
    parse_value,
    roll_value,
    smoke_thinning,
    value_name,
)
from .state import (
    ABANDONED,
    CONFIDENT,
    FIT,
    HULL,
    KILLED,
    STABILISED,
    UNTREATED,
    DustState,
    Feature,
    Figure,
    Mission,
    Pending,
    Unit,
    feature_data,
)

RULE_FIRE = "Additional Rules: Fire"
RULE_NATURAL = "Smoke: Natural Smoke"
RULE_SMOKE = "Smoke: Artificial Smoke"
RULE_GENERATOR = "Smoke: Artificial Smoke (smoke generators)"
RULE_CASEVAC = "Casualty Evacuation"
RULE_MINES = "Mines and Explosives: Minefields"
RULE_LANE = "Mine Clearing: Infantry"
RULE_PLOUGH = "Mine Clearing: Vehicles"
RULE_LINE = "Mine Clearing: Line Charge"
RULE_CDM = "Command Detonated Mines"
RULE_BOOBY = "Booby Traps"
RULE_IED = "Improvised Explosive Devices"

FIRE_RADIUS = 1
MINE_RADIUS = 1  # a 6" counter: its hex and the six around it
CDM_RANGE = 3  # 6 inches
BLAST_RANGE = 2  # 3 inches: booby traps and IEDs are set off from here
IED_BLAST = 3  # 6 inches: infantry within it when an IED goes off
SMOKE_RANGE = 3  # 6 inches: how far infantry place a smoke cloud
GENERATOR_TRAIL = 3  # a smoke generator's 6" trail: three one-hex clouds
FLAMMABLE = ("woods", "fields", "scrub", "building")
WOUNDED = (UNTREATED, STABILISED)
CASEVAC_RANGE = 6  # 12 inches: friendly units that see the CASEVAC leave


def where(h: Hex) -> str:
    return hex_label(h)


# ---------------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------------


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


@attrs.frozen
class SetCDM:
    """Set up a command-detonated mine on ``at`` facing hex direction ``facing``: one reorganise action."""

    unit: str
    at: Hex
    facing: int


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


# ---------------------------------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------------------------------


def features(st: DustState, kind: str) -> list[Feature]:
    return sorted((f for f in st.features.values() if f.kind == kind), key=lambda f: _order(f.id))


def _order(fid: str) -> tuple[int, str]:
    head, _, n = fid.rpartition("-")
    return (int(n), fid) if n.isdigit() else (0, fid)


def threatens(f: Feature, u: Unit) -> bool:
    """The hazard goes off for ``u``: it is the enemy's, or nobody's."""
    return not f.side or f.side != u.side


def known_to(f: Feature, side: str) -> bool:
    return not f.hidden or f.side == side


def on_ground(u: Unit) -> bool:
    return u.on_table and u.carried_by is None and u.vehicle != "aircraft"


def present_people(u: Unit) -> list[Figure]:
    return [f for f in u.figures if f.person and f.status not in (KILLED, ABANDONED)]


def fit_people(u: Unit) -> list[Figure]:
    return [f for f in u.figures if f.person and f.status == FIT]


def _set_data(f: Feature, **changes: Any) -> tuple[str, ...]:
    facts: dict[str, Any] = {}
    for item in f.data:
        k, _, v = item.partition("=")
        facts[k] = v
    for k, v in changes.items():
        if v is None:
            facts.pop(k, None)
        else:
            facts[k] = v
    return feature_data(**facts)


def _reveal(ctx: Resolution, f: Feature, why: str, rule: str) -> None:
    if f.hidden:
        ctx.emit(E.FeatureChanged(feature=f.id, hidden=False, reason=why, rule=rule))


def _wound(ctx: Resolution, u: Unit, f: Figure, reason: str, rule: str) -> None:
    wounds = f.wounds + 1
    status = KILLED if wounds >= 2 else UNTREATED
    checks.set_figure(ctx, u, f, status, wounds, reason + (": a second wound kills" if status == KILLED else ""),
                      rule)


def occupants_shaken(ctx: Resolution, v: Unit, rule: str) -> None:
    """Each occupant of a damaged vehicle rolls armour: below 3 an untreated wound (Minefields)."""
    for p in ctx.state.passengers(v.id):
        for f in present_people(p):
            roll = ctx.roll(f.armour, f"{f.name} inside {v.name}: armour die D{f.armour}, 3 or more or an untreated "
                            "wound", rule, p.id)
            if roll < 3:
                _wound(ctx, p, f, f"hurt inside {v.name} (armour {roll})", rule)
        checks.leader_losses(ctx, [p.id])


def vehicle_hit(ctx: Resolution, v: Unit, face: str, impact: int, why: str, rule: str, *,
                immobilise: bool = False) -> str:
    """One impact against a vehicle's armour face: "none", "damaged" (a damage marker, and
    immobilised if ``immobilise``; occupants test) or "destroyed" (above double: occupants killed)."""
    armour = v.armour_face(face)
    imp = roll_value(ctx, impact, f"{why}: impact {value_name(impact)} against {v.name}'s {face} armour", rule)
    arm = roll_value(ctx, armour, f"{face} armour {value_name(armour)} of {v.name}", rule, v.id)
    if imp > 2 * arm:
        hull = next(f for f in v.figures if f.role == HULL)
        checks.set_figure(ctx, v, hull, KILLED, hull.wounds, f"{why}: impact {imp} is more than double armour {arm}:"
                          " destroyed", rule)
        for p in ctx.state.passengers(v.id):
            for f in present_people(p):
                checks.set_figure(ctx, p, f, KILLED, f.wounds, f"killed as {v.name} is destroyed", rule)
        return "destroyed"
    if imp > arm:
        ctx.emit(E.VehicleDamaged(unit=v.id, reason=f"{why}: impact {imp} beats armour {arm}", rule=rule))
        if immobilise and not v.immobilised:
            ctx.emit(E.Immobilised(unit=v.id, reason=why, rule=rule))
        occupants_shaken(ctx, v, rule)
        return "damaged"
    ctx.emit(E.Note(text=f"{v.name}: impact {imp} against armour {arm}, no effect", rule=rule))
    return "none"


def blast_people(ctx: Resolution, u: Unit, impact: int, rule: str, figures: list[Figure] | None = None) -> None:
    """Every person of ``u`` (or those given) rolls armour against ``impact``, no cover; then Death of a Leader."""
    for f in (present_people(u) if figures is None else figures):
        if f.status in (KILLED, ABANDONED):
            continue
        checks.impact_on(ctx, u, f, impact, 0, False, rule, unarmoured=f.unarmoured)
    checks.leader_losses(ctx, [u.id])


# ---------------------------------------------------------------------------------------------
# Setting up
# ---------------------------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------------------------
# Fire and natural smoke
# ---------------------------------------------------------------------------------------------


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
    if _actions_left(st, u) < 2:
        return "fighting a fire takes both of the unit's actions"
    return None


def _actions_left(st: DustState, u: Unit) -> int:
    top = st.active
    return top.actions if top is not None and top.unit == u.id else 2


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


def _fire_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
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


def _fires_at_turn_end(ctx: Resolution) -> None:
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


# ---------------------------------------------------------------------------------------------
# Artificial smoke
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# Smoke generators
# ---------------------------------------------------------------------------------------------


def generator_clouds(st: DustState, g: Feature) -> list[Feature]:
    """The clouds of generator ``g``'s trail, nearest the generator first."""
    return sorted((f for f in features(st, "smoke") if f.get("gen") == g.id),
                  key=lambda f: (f.get("k", 0), _order(f.id)))


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
        ctx.emit(E.FeatureChanged(feature=g.id, data=_set_data(g, on=0), reason=f"turned off by {u.name}",
                                  rule=RULE_GENERATOR))
        return
    d = st.tables.wind if st.tables.wind_given else cmd.direction
    ctx.emit(E.FeatureChanged(feature=g.id, data=_set_data(g, on=1, dir=d), reason=f"turned on by {u.name}",
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


def _generators_at_turn_end(ctx: Resolution) -> None:
    """Smoke generators: a wrecked one stops; one that is on keeps its trail whole; the trail of one
    that is off thins on a D6 (1 all, 2-3 half rounded up, 4-6 one cloud)."""
    st: DustState = ctx.state
    for g in features(st, "smoke_generator"):
        owner = st.units.get(str(g.get("unit", ""))) if g.get("unit") else None
        if owner is not None and not g.get("broken") and (owner.destroyed or not owner.on_table):
            ctx.emit(E.FeatureChanged(feature=g.id, data=_set_data(g, on=0, broken=1),
                                      reason=f"{owner.name} is lost: its smoke generator stops", rule=RULE_GENERATOR))
            g = st.features[g.id]
        if g.get("on"):
            _lay_trail(ctx, g, int(g.get("dir", 0)), f"the smoke generator at {where(g.pos)} keeps smoking")
            continue
        clouds = generator_clouds(st, g)
        if not clouds:
            continue
        roll = ctx.roll(6, f"smoke generator at {where(g.pos)} is off: its trail of {len(clouds)} cloud(s) thins "
                        "(1 all clears, 2-3 half rounded up, 4-6 one cloud)", RULE_GENERATOR, g.side)
        gone = smoke_thinning(len(clouds), roll)
        for c in clouds[:gone]:
            ctx.emit(E.FeatureRemoved(feature=c.id, reason=f"the generator's smoke thins ({roll})",
                                      rule=RULE_GENERATOR))


# ---------------------------------------------------------------------------------------------
# Minefields
# ---------------------------------------------------------------------------------------------


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
    roll = ctx.roll(u.quality, f"{f.name} in a {kind.upper()} minefield: D{u.quality}, a mine on 1-{top}", rule,
                    u.id)
    return roll <= top


def mine_hits_figure(ctx: Resolution, u: Unit, f: Figure, rule: str) -> str:
    return checks.impact_on(ctx, u, f, 10, 0, False, rule, unarmoured=f.unarmoured)


def remove_field(ctx: Resolution, field: Feature, reason: str, rule: str) -> None:
    for lane in features(ctx.state, "lane"):
        if lane.get("minefield") == field.id:
            ctx.emit(E.FeatureRemoved(feature=lane.id, reason="its minefield is gone", rule=rule))
    ctx.emit(E.FeatureRemoved(feature=field.id, reason=reason, rule=rule))


def _minefields_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    st: DustState = ctx.state
    for field in features(st, "minefield"):
        if not u.on_table or field.id not in st.features or not threatens(field, u):
            continue
        area = mine_area(field)
        inside = [h for h in path[1:] if h in area]
        if not inside:
            continue
        kind = field.get("type", "ap")
        _reveal(ctx, field, f"{u.name} walks into it", RULE_MINES)
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
            _reveal(ctx, field, f"{man.name} walks into it", RULE_LANE)
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
    if _actions_left(st, u) < 2:
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


# ---------------------------------------------------------------------------------------------
# Booby traps and IEDs
# ---------------------------------------------------------------------------------------------


def _passes_near(path: list[Hex], at: Hex, reach: int) -> bool:
    return any(hex_distance(h, at) <= reach for h in path[1:])


def _booby_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
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


def _ied_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
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
            ctx.emit(E.FeatureChanged(feature=ied.id, hidden=False, data=_set_data(ied, marked=1),
                                      reason=f"{u.name} finds and marks it ({q} > {t})", rule=RULE_IED))
        elif less_than_half(q, t):
            ctx.emit(E.FeatureRemoved(feature=ied.id, reason=f"it goes off: {u.name} rolled {q}, under half of {t}",
                                      rule=RULE_IED))
            for other in list(st.units.values()):
                if on_ground(other) and not other.is_vehicle and hex_distance(other.hex, ied.pos) <= IED_BLAST:
                    blast_people(ctx, other, 12, RULE_IED)
        else:
            ctx.emit(E.Note(text=f"{u.name} passes the IED without finding it ({q} against {t})", rule=RULE_IED))


# ---------------------------------------------------------------------------------------------
# Command detonated mines
# ---------------------------------------------------------------------------------------------


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


def _cdm_on_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
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
        ctx.emit(E.FeatureChanged(feature=c.id, data=_set_data(c, target=u.id), reason="ready to fire",
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
        ctx.emit(E.FeatureChanged(feature=c.id, data=_set_data(c, target=None), rule=RULE_CDM))
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
            ctx.emit(E.FeatureChanged(feature=c.id, data=_set_data(c, target=target.id), rule=RULE_CDM))
        _ask_cdm(ctx, rest, target)


def _reorganise_refusal(st: DustState, u: Unit) -> str | None:
    if u.suppression and not ground.in_cover(st, u):
        return f"{u.name} is suppressed in the open: it may reorganise only in cover (Reorganise Action)"
    return None


def _cdm_check(st: DustState, u: Unit, cmd: SetCDM) -> str | None:
    if u.cdms <= 0:
        return f"{u.name} has no command-detonated mines"
    if not 0 <= cmd.facing <= 5:
        return "facing is a hex direction, 0 to 5"
    if cmd.at not in st.tables.board or hex_distance(u.hex, cmd.at) > 1:
        return "a mine is set up on the unit's hex or next to it"
    if st.features_at(cmd.at, "cdm"):
        return "there is a mine there already"
    return _reorganise_refusal(st, u)


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


def AFTER_MOVE(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """Whatever the unit met on its way: mines, IEDs, booby traps, fire; and CDMs fired at it."""
    if not on_ground(u) or len(path) < 2:
        return
    for step in (_minefields_on_move, _ied_on_move, _booby_on_move, _fire_on_move, _cdm_on_move):
        if not u.on_table:
            return
        step(ctx, u, path)


# ---------------------------------------------------------------------------------------------
# Casualty evacuation
# ---------------------------------------------------------------------------------------------


def casevac_ready(st: DustState, side: str) -> list[Mission]:
    return sorted((m for m in st.missions.values() if m.side == side and m.kind == "casevac"
                   and (m.box == -1 or (m.box == 1 and m.ammo == "inbound"))), key=lambda m: _order(m.id))


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
    return _reorganise_refusal(st, u)


def _load_resolve(ctx: Resolution, u: Unit, cmd: LoadWounded) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "reorganise: load the wounded")
    f = _near_casevac(st, u)
    assert f is not None, "_load_check refuses a unit with no CASEVAC vehicle next to it"
    space = int(f.get("room", 0)) - int(f.get("loaded", 0))
    going = [x for x in u.figures if x.status in WOUNDED][:space]
    for x in going:
        checks.set_figure(ctx, u, x, ABANDONED, x.wounds, "evacuated by the CASEVAC vehicle", RULE_CASEVAC)
    units = [s for s in str(f.get("units", "")).split("+") if s]
    if u.id not in units:
        units.append(u.id)
    ctx.emit(E.FeatureChanged(feature=f.id, data=_set_data(f, loaded=int(f.get("loaded", 0)) + len(going),
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
    for m in sorted(st.missions.values(), key=lambda m: _order(m.id)):
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


def TURN_END(ctx: Resolution) -> None:
    """Fires burn out or spread, and their smoke thins or thickens (Fire; Natural Smoke); smoke
    generators keep their trails or let them thin (Artificial Smoke)."""
    _fires_at_turn_end(ctx)
    _generators_at_turn_end(ctx)


# ---------------------------------------------------------------------------------------------
# The plug-in tables
# ---------------------------------------------------------------------------------------------


ACTIONS: dict[type, Action] = {
    Ignite: Action(_ignite_check, _ignite_resolve, _ignite_offer),
    FightFire: Action(_fight_check, _fight_resolve, _fight_offer),
    LaySmoke: Action(_smoke_check, _smoke_resolve, _smoke_offer),
    ExhaustSmoke: Action(_exhaust_check, _exhaust_resolve, _exhaust_offer),
    SwitchSmokeGenerator: Action(_generator_check, _generator_resolve, _generator_offer),
    ClearLane: Action(_lane_check, _lane_resolve, _lane_offer),
    FireLineCharge: Action(_line_check, _line_resolve, _line_offer),
    SetCDM: Action(_cdm_check, _cdm_resolve, _cdm_offer),
    CallCasevac: Action(_call_check, _call_resolve, _call_offer),
    LoadWounded: Action(_load_check, _load_resolve, _load_offer),
}
SIDE_ACTIONS: dict[type, Action] = {CasevacLeave: Action(_leave_check, _leave_resolve, _leave_offer)}
DECISIONS: dict[str, Decision] = {"cdm": _cdm_decision}
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
COMMANDS: tuple[type, ...] = (Ignite, FightFire, LaySmoke, ExhaustSmoke, SwitchSmokeGenerator, ClearLane,
                              FireLineCharge, SetCDM, CallCasevac, LoadWounded, CasevacLeave)
