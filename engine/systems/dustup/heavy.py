"""Heavy weapons, guided weapons and fire at vehicles (Armoured Dustup: Heavy Weapons; Guided Weapons;
Vehicles: Firing at Vehicles and Large Creatures ... Suppression and Vehicles; Buildings and
Fortifications as targets).

Orders added here:

* :class:`FireWeapon` - one action: a heavy weapon, an unguided rocket (IAVR) or a guided missile
  fires at one target. A vehicle with slaved weapons may fire any of them at the same target in
  that one action, and a mech or monster two; each is resolved on its own.
* :class:`SetUpWeapon` - one action: a crew sets up or dismantles its heavy weapon.
* :class:`SetRemote` - one action: a crew turns its set-up guided missile launcher into a remote
  launcher, which it may then fire from up to 6 hexes (12") away.
* :class:`Limber` / :class:`Unlimber` - one reorganise action of the crew each, with at least half
  the standard crew fit: a towed heavy weapon (size 2 or more) is hooked to a ground vehicle next
  to the crew, or taken off the hook and brought into action (Moving Heavy Weapons).

Towed heavy weapons, this game's readings:

* A crewed weapon of size 2 or more is never man-packed: it may not be dismantled, a crew whose
  gun is neither set up nor limbered may not Move (an order that would carry it is refused), and
  a crew cannot take it aboard a vehicle unless it is limbered to that vehicle. Moving away from
  a set-up gun abandons it, as for any heavy weapon.
* Limbered, the gun is hooked to the tractor (the tractor's ``towing`` names the crew unit) and
  the crew rides with it: when the tractor moves, the crew unit follows into the last hex it left
  (vehicles.follow), or rides inside if it has embarked. The crew may not Move on its own; if it
  is forced away from the tractor (a rout) the hook parts and the gun is abandoned.
* A tractor is a ground vehicle (vehicle, mech or monster) that is not grav or hover, not damaged
  or immobilised, and not already towing or towed (Towing and Pushing Vehicles); the gun counts
  as a load of its weapon size, so the tractor must be no more than one size smaller. A limbered
  gun does not halve the tractor's speed: the half-speed rule is for vehicles towing vehicles.
* Unlimbering brings the gun into action: it is set up and ready to fire, with no separate set-up
  action. The book names one action to limber and one to unlimber, as it names one to dismantle
  and one to set up a man-packed weapon; unlimbering is the towed gun's setting up.
* A tractor that is damaged drops its tow when it next activates (vehicles.ACTIVATION_BEGIN): the
  gun is then on the ground, not set up, and the crew sets it up with :class:`SetUpWeapon`.

The rules live in one module per part of the book (issue 19): this one keeps FireWeapon (who may
fire, at what, and the shot of a heavy weapon or unguided rocket, final defensive fire of vehicles);
weaponfacts.py holds what the orders share (crews, targets, the target die); vehiclehits.py the
pieces that fire.py's Shoot action also uses (suppression of vehicles, hits on vehicles, casualties
to passengers, who may be fired at inside one); guided.py the guided missile's shot (ECM, decoys,
area protection); emplacement.py setting up, remote launchers, limbering and unlimbering. The names
imported ``as`` themselves are read as heavy.<name> (fire.py, vehicles.py, support.py, air.py's
parts, previews, tests).

Scale (RULES-NOTES): 1 hex = 2 inches. A heavy weapon's effective range is 24 hexes (48") times its
size; unguided rockets use the support weapons' bands; guided missiles have no range limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, emplacement, ground, shooting
from . import commands as C
from . import events as E
from .action import Action, Decision
from .dice import hits_and_remainder, shift_names, successes
from .emplacement import AFTER_MOVE as AFTER_MOVE
from .emplacement import Limber as Limber
from .emplacement import SetRemote as SetRemote
from .emplacement import SetUpWeapon as SetUpWeapon
from .emplacement import Unlimber as Unlimber
from .emplacement import _setup_check as _setup_check
from .emplacement import embark_refusal as embark_refusal
from .ground import (
    carried_weapon,
    vehicle_of,  # noqa: F401  (also read as heavy.<name>)
    weapon_of,
)
from .guided import RULE_AREA as RULE_AREA
from .guided import RULE_DECOYS as RULE_DECOYS
from .guided import RULE_ECM as RULE_ECM
from .guided import RULE_GUIDED as RULE_GUIDED
from .guided import ecm_die as ecm_die
from .guided import guided_shot
from .state import (
    BROKEN,
    CONFIDENCE,
    FIT,
    ROUTED,
    SHAKEN,
    WEAPON,
    DustState,
    Figure,
    Unit,
)
from .vehiclehits import OPENING_ARMOUR as OPENING_ARMOUR
from .vehiclehits import _opening_miss
from .vehiclehits import passenger_casualties as passenger_casualties
from .vehiclehits import place_suppression as place_suppression
from .vehiclehits import vehicle_hits as vehicle_hits
from .vehiclehits import vehicle_morale as vehicle_morale
from .weaponfacts import RULE_IAVR as RULE_IAVR
from .weaponfacts import (
    RULE_REMOTE,
    WeaponShot,
    _f_readied,
    crew_may_fire,
    crewed,
    fires_alone,
    launch_hexes,
    standard_crew,
)
from .weaponfacts import WeaponReadied as WeaponReadied
from .weaponfacts import describe_die as describe_die
from .weaponfacts import face_towards as face_towards
from .weaponfacts import passenger_fire_refusal as passenger_fire_refusal
from .weaponfacts import spend_disposables as spend_disposables
from .weaponfacts import target_refusal as target_refusal
from .weaponfacts import weapon_target_die as weapon_target_die

RULE_HEAVY = "Heavy Weapons: Firing Heavy Weapons"
RULE_RANGE = "Heavy Weapons: Heavy Weapon Range"
RULE_LARGE = "Heavy Weapons: Heavy Weapons and Large Targets"
RULE_FC = "Heavy Weapons: Heavy Weapon Fire Control"
RULE_STAB = "Vehicles: Weapon Stabilisation"
RULE_MULTI = "Vehicles: Multiple Weapons"
RULE_PASSENGER_FIRE = "Vehicles: Fire by Passengers"
RULE_SUPPRESSION = "Vehicles: Suppression and Vehicles"
RULE_VEHICLE_FDF = "Vehicles: Final Defensive Fire"

OPENING = "opening"  # a door, window or viewport of a building (Buildings and Fortifications)
REMOTE_RANGE = 6  # 12 inches


# ---------------------------------------------------------------------------------------------
# The order
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class FireWeapon:
    """Fire a heavy weapon, unguided rocket or guided missile (one action; Firing Heavy Weapons).

    ``weapons``: the figure ids of the weapons that fire - one, or for a vehicle with slaved
    weapons any of them, or for a mech or monster two, all at ``target``. ``part``: "" for the
    whole target, "opening" to aim at a door or window of a building. ``to``: a vehicle with
    superior stabilisation moves toward this hex first and fires in the same single action, its
    target die shifted up one (Weapon Stabilisation).
    """

    unit: str
    weapons: tuple[str, ...]
    target: str
    part: str = ""
    to: Hex | None = None


# ---------------------------------------------------------------------------------------------
# FireWeapon
# ---------------------------------------------------------------------------------------------


def firer_refusal(st: DustState, u: Unit) -> str | None:
    """What stops a unit firing at all (as for the Shoot action), vehicles aside."""
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    if u.suppression and not u.is_vehicle:
        return f"{u.name} is suppressed: it cannot shoot until it recovers (Recover Suppression Action)"
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    if u.complete_concealment and st.tables.conceal.get(u.hex, "none") != "none":
        return f"{u.name} is completely concealed and may not fire: reorganise to partial concealment first"
    if u.confidence <= BROKEN and not ground.in_cover(st, u):
        return f"{u.name} is broken: it may fire only while in cover (Forces: Confidence)"
    if u.vehicle == "aircraft":
        return f"{u.name} is an aircraft: it fires by the rules for aircraft"
    if u.crew_out:
        return ground.unmanned(u)
    return passenger_fire_refusal(st, u)


def _max_weapons(u: Unit) -> int:
    if u.slaved:
        return 99
    if u.vehicle in ("mech", "monster"):
        return 2
    return 1


def weapon_refusal(st: DustState, u: Unit, f: Figure) -> str | None:
    """Why this figure's weapon cannot fire now (no target needed)."""
    w = weapon_of(st, f)
    if w is None or not fires_alone(st, f):
        return f"{f.name} has no heavy weapon, rocket or guided missile: use the Shoot action"
    if f.status != FIT:
        return f"{f.name} is {f.status} and cannot fire"
    if f.fired:
        return f"{f.name} has already fired this activation"
    if w.kind == "iavr" and not f.ready:
        return f"{f.name}'s rocket is used up"
    if crewed(u, f):
        if not f.ready:
            return f"{f.name} is dismantled: set it up first (one action)"
        if not crew_may_fire(u, w):
            need = "any crewman" if w.size <= 1 else f"at least {(standard_crew(w) + 1) // 2} crew"
            return f"{f.name} needs {need} to fire (Moving Heavy Weapons)"
    if u.is_vehicle and u.moves and u.stabilisation == "poor":
        return f"{u.name} has poor stabilisation: it cannot fire after moving this activation ({RULE_STAB})"
    if u.is_vehicle and u.suppression and w.external:
        return (f"{u.name} is suppressed: its {w.name} is worked from outside the vehicle and may not be "
                f"fired ({RULE_SUPPRESSION})")
    return None


def move_and_fire_refusal(st: DustState, u: Unit, to: Hex) -> str | None:
    """Weapon Stabilisation: only a vehicle with superior stabilisation may move and shoot in the
    same action; the move must be one it could make as a Move action."""
    if u.vehicle not in ("vehicle", "mech", "monster"):
        return "only a vehicle moves and fires in one action"
    if u.stabilisation != "superior":
        return (f"{u.name} has {u.stabilisation or 'no'} stabilisation: only superior stabilisation lets a "
                f"vehicle move and fire in the same action ({RULE_STAB})")
    why = acts.move_check(st, u, C.Move(u.id, to))
    return f"it cannot make that move: {why}" if why else None


def check(st: DustState, u: Unit, cmd: FireWeapon) -> str | None:
    why = firer_refusal(st, u)
    if why:
        return why
    if cmd.to is not None:
        why = move_and_fire_refusal(st, u, cmd.to)
        if why:
            return why
    figs, why = _named_weapons(st, u, cmd)
    if why:
        return why
    return _aim_refusal(st, u, cmd) or _reach_refusal(st, u, cmd, figs)


def _named_weapons(st: DustState, u: Unit, cmd: FireWeapon) -> tuple[list[Figure], str | None]:
    """The weapons the order names, or why they may not fire together (Multiple Weapons)."""
    if not cmd.weapons:
        return [], "name the weapon that fires"
    if len(set(cmd.weapons)) != len(cmd.weapons):
        return [], "a weapon is named twice: each weapon fires once per activation"
    most = _max_weapons(u)
    if len(cmd.weapons) > most:
        if u.vehicle in ("mech", "monster"):
            return [], f"{u.name} may fire two weapons at one target in one action, no more (Mechs and Monsters)"
        return [], (f"only one heavy weapon fires per action unless the vehicle's weapons are slaved to one "
                    f"fire control ({RULE_MULTI})")
    own = {f.id: f for f in u.figures}
    figs = []
    for fid in cmd.weapons:
        f = own.get(fid)
        if f is None:
            return [], f"{fid} is not a weapon of {u.name}"
        why = weapon_refusal(st, u, f)
        if why:
            return [], why
        figs.append(f)
    return figs, None


def _aim_refusal(st: DustState, u: Unit, cmd: FireWeapon) -> str | None:
    """Why the target (or the part of it aimed at) may not be fired on at all."""
    why = ground.fire_target_refusal(st, u, cmd.target)
    if why:
        return why
    target = st.units[cmd.target]  # fire_target_refusal refuses an unknown id
    why = target_refusal(st, target)
    if why:
        return why
    if ground.flying(target):
        return f"{target.name} is in the air: only anti-aircraft weapons may fire at it"
    if cmd.part not in ("", OPENING):
        return f"'{cmd.part}' is no part of a target: leave it empty, or aim at an '{OPENING}' of a building"
    if cmd.part and target.vehicle != "building":
        return "only a building has doors and windows to aim at"
    return None


def _reach_refusal(st: DustState, u: Unit, cmd: FireWeapon, figs: list[Figure]) -> str | None:
    """Why one of the weapons cannot see or reach the target, or has no possible shot at it."""
    target = st.units[cmd.target]
    dist = hex_distance(u.hex, target.hex)
    for f in figs:
        w = carried_weapon(st, f)  # weapon_refusal refused a figure without one
        if not any(ground.can_see(st, h, target.hex) for h in launch_hexes(st, u, f)):
            return f"{u.name} cannot see {target.name}: hills, buildings and woods block the line"
        if u.remote is not None and u.remote in launch_hexes(st, u, f) and hex_distance(u.hex, u.remote) > REMOTE_RANGE:
            return f"{u.name} is more than {REMOTE_RANGE} hexes from its remote launcher ({RULE_REMOTE})"
        if w.kind == "guided":
            continue
        if w.max_range and dist > w.max_range:
            return f"the target is {dist} hexes away: the {w.name} reaches {w.max_range} hexes at most"
        die, shifts = weapon_target_die(st, u, f, target, cmd.part)
        if die > 12:
            return f"no shot is possible with the {w.name}: the {describe_die(die, shifts)}"
    return None


def offer(st: DustState, u: Unit) -> list[FireWeapon]:
    """Each weapon that may fire, alone, at each enemy in sight (at a building also at its
    openings); with slaved weapons or a mech's two, also all of them together."""
    if not u.on_table or (u.suppression and not u.is_vehicle) or u.travel:
        return []
    ready = [f for f in u.figures if fires_alone(st, f) and weapon_refusal(st, u, f) is None]
    if not ready:
        return []
    together = tuple(f.id for f in ready[:_max_weapons(u)]) if len(ready) > 1 and _max_weapons(u) > 1 else ()
    out: list[FireWeapon] = []
    for t in st.enemies(u.side):
        if t.hidden:
            continue
        parts = ("", OPENING) if t.vehicle == "building" else ("",)
        for part in parts:
            out += [FireWeapon(u.id, (f.id,), t.id, part) for f in ready]
            if together:
                out.append(FireWeapon(u.id, together, t.id, part))
    return out + _move_and_fire_offer(st, u, ready, together)


def _move_and_fire_offer(st: DustState, u: Unit, ready: list[Figure], together: tuple[str, ...]) -> list[FireWeapon]:
    """At most two moves-and-fire for a vehicle with superior stabilisation, at the nearest enemy in
    sight: closing in on it, and pulling back from it (each to a hex within an average roll)."""
    if u.stabilisation != "superior" or u.vehicle not in ("vehicle", "mech", "monster") or \
            ground.vehicle_cannot_move(st, u):
        return []
    seen = [t for t in st.enemies(u.side) if not t.hidden and ground.can_see(st, u.hex, t.hex)]
    if not seen:
        return []
    t = min(seen, key=lambda e: (hex_distance(u.hex, e.hex), e.id))
    near = [h for h, c in ground.move_options(st, u, False).items() if c <= u.move_die // 2]
    if not near:
        return []
    weapons = together or (ready[0].id,)
    closer = min(near, key=lambda h: (hex_distance(h, t.hex), h.q, h.r))
    back = max(near, key=lambda h: (hex_distance(h, t.hex), -h.q, -h.r))
    return [FireWeapon(u.id, weapons, t.id, "", h) for h in dict.fromkeys((closer, back))]


def resolve(ctx: Resolution, u: Unit, cmd: FireWeapon) -> None:
    """One action: the weapons fire one after another at the target, then its morale answers. With
    ``to``, the vehicle moves first (superior stabilisation) and fires from where the roll takes it."""
    st: DustState = ctx.state
    target = st.units[cmd.target]
    what = "fire " + ("weapons" if len(cmd.weapons) > 1 else "a heavy weapon")
    acts.spend(ctx, u, what if cmd.to is None else "move and " + what)
    moving_fire = False
    if cmd.to is not None:
        start = u.pos
        _move_before_fire(ctx, u, cmd.to)
        moving_fire = u.pos != start
        why = _after_move_refusal(st, u, cmd, moving_fire)
        if why:
            ctx.emit(E.Note(text=f"{u.name} holds its fire after the move: {why}", rule=RULE_STAB))
            return
    figs = [checks.figure_by_id(u, fid) for fid in cmd.weapons]
    ctx.emit(E.FiguresFired(unit=u.id, figures=tuple(cmd.weapons)))
    acts.reveal(ctx, u, "it fired")
    first_fire = not target.under_fire_before
    suppressed_before = target.suppressed_before
    if first_fire:
        ctx.emit(E.CameUnderFire(unit=target.id, reason=f"fired on by {u.name}", rule="Morale: Confidence Test"))
    casualties = damage = 0
    suppressed = False
    for f in figs:
        if not target.on_table:
            ctx.emit(E.Note(text=f"{target.name} is gone: the {carried_weapon(st, f).name} holds its fire",
                            rule=RULE_MULTI))
            break
        w = carried_weapon(st, f)
        if w.kind != "guided":
            # what an earlier weapon of this action did to the target (its cover, its size) may have taken
            # its target die past a D12: that weapon then has no shot left, as the order's check would say
            die, shifts = weapon_target_die(st, u, f, target, cmd.part, moving_fire=moving_fire)
            if die > 12:
                ctx.emit(E.Note(text=f"the {w.name} holds its fire: no shot is possible, the "
                                f"{describe_die(die, shifts)}", rule=RULE_MULTI))
                continue
        shot = guided_shot(ctx, u, f, target, cmd.part) if w.kind == "guided" else \
            direct_shot(ctx, u, f, target, cmd.part, moving_fire=moving_fire)
        casualties += shot.casualties
        damage += shot.damage
        suppressed |= shot.suppressed
    spend_disposables(ctx, u, figs)
    if target.is_vehicle:
        if target.on_table:
            shooting.fire_morale(ctx, target, first_fire=first_fire,
                                 first_suppressed=suppressed and not suppressed_before,
                                 casualties=0, travel=target.travel)
        if damage:
            vehicle_morale(ctx, target)
    else:
        shooting.fire_morale(ctx, target, first_fire=first_fire, first_suppressed=suppressed and not suppressed_before,
                         casualties=casualties, travel=target.travel)


def _move_before_fire(ctx: Resolution, u: Unit, to: Hex) -> None:
    """The move half of a move-and-fire: as a Move action (a shaken vehicle closing in needs its
    nerve first), without spending another action."""
    st: DustState = ctx.state
    if u.confidence in (SHAKEN, BROKEN) and ground.needs_nerve(st, u, to):
        if not checks.leadership_test(ctx, u, f"a {CONFIDENCE[u.confidence]} unit moving toward the enemy or "
                                      "out of cover", "Forces: Confidence (shaken)"):
            ctx.emit(E.Note(text=f"{u.name} will not go: it fires from where it stands",
                            rule="Forces: Confidence (shaken)"))
            return
    acts.move_unit(ctx, u, to, purpose="move and fire", rule=RULE_STAB)


def _after_move_refusal(st: DustState, u: Unit, cmd: FireWeapon, moved: bool) -> str | None:
    """This game's reading: the shot is checked again from where the move ended; a target now out of
    sight or out of reach (with the move's shift) is not engaged, and the action is gone."""
    if not u.on_table:
        return f"{u.name} is out of the fight"
    if st.pending is not None:
        return "something on the way demands a decision first"
    why = check(st, u, attrs.evolve(cmd, to=None))
    if why:
        return why
    target = st.units[cmd.target]
    for fid in cmd.weapons:
        f = checks.figure_by_id(u, fid)
        w = weapon_of(st, f)
        if w is not None and w.kind != "guided":
            die, shifts = weapon_target_die(st, u, f, target, cmd.part, moving_fire=moved)
            if die > 12:
                return f"no shot is possible with the {w.name}: the {describe_die(die, shifts)}"
    return None


def direct_shot(ctx: Resolution, firer: Unit, f: Figure, target: Unit, part: str = "", *,
                defensive: bool = False, moving_fire: bool = False) -> WeaponShot:
    """Firing Heavy Weapons; Unguided Rockets: the quality die and the weapon's firepower dice
    against the target die. One success suppresses; two are hits: the dice's total divided by the
    target die type. Against a vehicle or building each hit is an impact roll against its armour
    (the weapon's anti-armour impact and firepower); against troops the hits are allocated to
    figures as for small arms (its anti-personnel values). ``defensive``: final defensive fire, whose
    suppression results are ignored; ``moving_fire``: moved in this same action (Weapon Stabilisation)."""
    st: DustState = ctx.state
    w = carried_weapon(st, f)
    rule = RULE_VEHICLE_FDF if defensive else RULE_IAVR if w.kind == "iavr" else RULE_HEAVY
    point = target.is_vehicle
    die, shifts = weapon_target_die(st, firer, f, target, part, moving_fire=moving_fire)
    t_roll = ctx.roll(die, describe_die(die, shifts), rule, target.id,
                      modifiers=shift_names(f"target die D{shooting.BASE_TARGET_DIE}", shifts, rule))
    named = [(firer.quality, f"quality die D{firer.quality}")]
    fp = w.die_against(point)
    named += [(fp, f"{w.name} firepower die D{fp}" + (f" ({i + 1} of {w.count})" if w.count > 1 else ""))
              for i in range(w.count)]
    rolls = [ctx.roll(d, f"{firer.name} fires: {label}", rule, firer.id) for d, label in named]
    res = successes(rolls, t_roll)
    total = sum(rolls)
    ctx.emit(E.Note(text=f"{firer.name}'s {w.name} against {target.name}: {res.count} of {len(rolls)} dice "
                    f"({', '.join(map(str, rolls))}) beat the target's {t_roll}: {res.label}", rule=rule))
    suppressed = False
    if res.count and defensive:
        ctx.emit(E.Note(text="final defensive fire: suppression results are ignored", rule=rule))
    elif res.count:
        suppressed = place_suppression(ctx, firer, target, f"{res.label} by {firer.name}'s {w.name}", rule)
    wclass = max(w.size, 1)
    damage = casualties = 0
    if res.major:
        hits, _ = hits_and_remainder(total, die)
        ctx.emit(E.Note(text=f"dice total {total}; divided by the target die type ({die}): {hits} hit"
                        f"{'s' if hits != 1 else ''}", rule=rule))
        if point:
            damage = vehicle_hits(ctx, firer, f.id, target, hits, w.impact_against(True), wclass, firer.hex, part)
        elif hits:
            casualties = shooting.resolve_hits(ctx, firer, target, [f], hits, w.impact)
    elif part:
        damage = _opening_miss(ctx, firer, f, target, w.impact_against(True), wclass, firer.hex)
    return WeaponShot(res.count, suppressed, casualties, damage)


def defensive_weapon(st: DustState, f: Figure) -> bool:
    """The figure is a vehicle's machinegun, marked ``defensive`` in weapons.toml: it fires in final defensive
    fire (Vehicles: Final Defensive Fire); a figure with no weapon in weapons.toml is not."""
    w = weapon_of(st, f)
    return w is not None and w.defensive


def final_defensive_fire(ctx: Resolution, v: Unit, target: Unit) -> int:
    """Vehicles: Final Defensive Fire: the vehicle's machineguns (weapons marked ``defensive`` in
    weapons.toml: support weapons, never its guns or missiles) each fire at the assaulting unit, as
    an ordinary shot of the weapon whose suppression results are ignored; already fired or not. Not
    from an unmanned vehicle, and no external weapon while it is suppressed. Returns the figures of
    the attacker newly wounded or killed (damage markers, at a mech or monster)."""
    st: DustState = ctx.state
    guns = [f for f in v.figures
            if f.role == WEAPON and f.status == FIT and defensive_weapon(st, f)]
    if not guns:
        return 0
    if v.crew_out:
        ctx.emit(E.Note(text=f"{v.name} is unmanned: its machineguns stay silent", rule=RULE_VEHICLE_FDF))
        return 0
    real = st.units[target.id] if target.is_vehicle else target
    total = 0
    for f in guns:
        w = carried_weapon(st, f)
        if not real.on_table or not v.on_table:
            break
        if v.suppression and w.external:
            ctx.emit(E.Note(text=f"{v.name} is suppressed: its {w.name} is worked from outside and stays silent",
                            rule=RULE_SUPPRESSION))
            continue
        if not ground.can_see(st, v.hex, real.hex):
            ctx.emit(E.Note(text=f"{v.name} cannot see {real.name}: no final defensive fire", rule=RULE_VEHICLE_FDF))
            break
        dist = hex_distance(v.hex, real.hex)
        if w.max_range and dist > w.max_range:
            continue
        die, shifts = weapon_target_die(st, v, f, real)
        if die > 12:
            ctx.emit(E.Note(text=f"no final defensive fire with the {w.name}: the {describe_die(die, shifts)}",
                            rule=RULE_VEHICLE_FDF))
            continue
        acts.reveal(ctx, v, "it fired")
        ctx.emit(E.Note(text=f"{v.name} fires its {w.name} in final defensive fire", rule=RULE_VEHICLE_FDF))
        shot = direct_shot(ctx, v, f, real, defensive=True)
        total += shot.casualties + shot.damage + (1 if real.is_vehicle and real.destroyed else 0)
    return total


# ---------------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------------


ACTIONS: dict[type, Action] = {FireWeapon: Action(check, resolve, offer), **emplacement.ACTIONS}
DECISIONS: dict[str, Decision] = {}
FOLD: dict[type, Callable[[DustState, Any], None]] = {WeaponReadied: _f_readied}
EVENT_TYPES: tuple[type, ...] = (WeaponReadied,)
COMMANDS: tuple[type, ...] = (FireWeapon, SetUpWeapon, SetRemote, Limber, Unlimber)
SIDE_ACTIONS: dict[type, Action] = {}
