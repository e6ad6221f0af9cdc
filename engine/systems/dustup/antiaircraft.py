"""Anti-aircraft fire on the table (Armoured Dustup: Aerospace Operations: On-Table Anti-Aircraft
Fire, with its crash and emergency landing): :class:`FireAA` - acquisition, the pilot's choice,
the engagement, hits on aircraft, crashes and the crash test. Readings: air.py.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import (
    Hex,
    hex_distance,
    relative_bearing,
)
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ew, ground, heavy, support
from . import events as E
from .action import Action, Decision
from .aircraft import (
    _EPS,
    GROUNDED,
    HOVERING,
    RULE_A2A,
    RULE_GUIDED,
    AirPending,
    _lose,
    _named,
    _return_to_base,
    _wound,
    can_fly,
    can_see_unit,
    fly,
    flying,
    free_hex,
    ground_units_near,
    guidance_shift,
    is_aircraft,
    leave_table,
    must_move_first,
    step,
)
from .data import Weapon
from .dice import die_name, roll_value, shift, successes, value_name
from .state import ABANDONED, HULL, KILLED, ROUTED, WEAPON, DustState, Figure, Pending, Unit

RULE_AA = "Aerospace Operations: On-Table Anti-Aircraft Fire"
RULE_CRASH = "Aerospace Operations: On-Table Anti-Aircraft Fire (crash and emergency landing)"
EVADE = 12  # an evading aircraft moves 24 inches
CRASH_RADIUS = 3  # 6 inches
CRASH_IMPACT = 8
PILOT_THREAT = 2  # the pilot's confidence test at +2
EVADE_TURNS = {"evade-left": 1, "evade-ahead": 0, "evade-right": -1}
AA_CHOICES = ("abort", "evade-left", "evade-ahead", "evade-right", "press")


@attrs.frozen
class FireAA:
    """One action: the anti-aircraft weapon ``figure`` of the unit engages the aircraft ``target``."""

    unit: str
    figure: str
    target: str


def _aa_weapon_refusal(st: DustState, u: Unit, f: Figure | None) -> str | None:
    if f is None:
        return "name a figure of the unit that carries an anti-aircraft weapon"
    w = st.tables.weapons.get(f.weapon)
    if w is None:
        return f"{f.name} carries no weapon"
    if is_aircraft(u) and flying(u):
        if not st.options.get("air_to_air"):
            return f"aircraft firing at aircraft is an optional rule that is not in use ({RULE_A2A})"
        if w.mount != "guided":
            return f"an aircraft engages aircraft only with its guided weapons ({RULE_A2A})"
    elif w.kind != "aa":
        return f"only designated anti-aircraft weapons may fire on aircraft: the {w.name} is not one ({RULE_AA})"
    if f.status != "fit":
        return f"{f.name} is {f.status} and cannot fire"
    if f.fired:
        return f"{f.name} has already fired this activation"
    if f.role == WEAPON and not u.is_vehicle and not f.ready:
        return f"{f.name} is dismantled: set it up first (one action)"
    return None


def _aa_check(st: DustState, u: Unit, cmd: FireAA) -> str | None:
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    if u.suppression and not u.is_vehicle:
        return f"{u.name} is suppressed: it cannot shoot until it recovers (Recover Suppression Action)"
    if u.carried_by is not None:
        return f"{u.name} is aboard a vehicle: it cannot fire anti-aircraft weapons from there"
    f = next((x for x in u.figures if x.id == cmd.figure), None)
    why = _aa_weapon_refusal(st, u, f)
    if why:
        return why
    t = st.units.get(cmd.target)
    if t is None or t.side == u.side or not can_fly(st, t) or not t.on_table:
        return "the target must be an enemy aircraft (or flying grav vehicle) on the table"
    if not flying(t):
        return f"{t.name} is on the ground: fire at it as at any vehicle"
    if not can_see_unit(st, u, t):
        return f"{u.name} cannot see {t.name}: smoke hides it"
    if is_aircraft(u) and flying(u):
        why = must_move_first(st, u)
        if why:
            return why
        if u.air != HOVERING and relative_bearing(u.hex, u.facing, t.hex) > 90 + _EPS:
            return f"guided weapons engage only in the forward 180 degrees ({RULE_GUIDED})"
    return None


def _aa_offer(st: DustState, u: Unit) -> list[FireAA]:
    if not u.on_table or u.carried_by is not None:
        return []
    figs = []
    for f in u.figures:
        w = st.tables.weapons.get(f.weapon)
        if w is not None and (w.kind == "aa" or w.mount == "guided") and f.status == "fit" and not f.fired:
            figs.append(f)
    if not figs:
        return []
    return [FireAA(u.id, f.id, t.id) for t in st.enemies(u.side) if flying(t) and can_fly(st, t) for f in figs]


def _aa_guidance(st: DustState, u: Unit, w: Weapon, t: Unit) -> int:
    return shift(w.guidance, guidance_shift(st, u, t)) if is_aircraft(u) else w.guidance


def _aa_resolve(ctx: Resolution, u: Unit, cmd: FireAA) -> None:
    st: DustState = ctx.state
    f = checks.figure_by_id(u, cmd.figure)
    t = st.units[cmd.target]
    acts.spend(ctx, u, "anti-aircraft fire")
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    acts.reveal(ctx, u, "it fired")
    if not acquire(ctx, u, f, t, "acquire"):
        return
    ctx.emit(AirPending(facts=("aa", u.id, f.id, t.id), rule=RULE_AA))
    ctx.emit(E.DecisionAsked(side=t.side, kind="aa_pilot", data=AA_CHOICES, rule=RULE_AA))


def acquire(ctx: Resolution, u: Unit, f: Figure, t: Unit, what: str) -> bool:
    """The guidance die against the aircraft's ECM die; an enemy EW unit may disrupt it."""
    st: DustState = ctx.state
    w = st.tables.weapons[f.weapon]
    g_die = _aa_guidance(st, u, w, t)
    rule = RULE_A2A if is_aircraft(u) else RULE_AA
    g = ctx.roll(g_die, f"{u.name}'s {w.name} tries to {what} {t.name}: guidance die {die_name(g_die)}", rule, u.id)
    e = ctx.roll(t.ecm, f"{t.name}'s ECM die D{t.ecm}", rule, t.id)
    if ew.disrupt(ctx, u.side, [g], "anti-aircraft acquisition"):
        ctx.emit(E.Note(text=f"{u.name}'s sensors are disrupted: no lock on {t.name}", rule=rule))
        return False
    if g > e:
        ctx.emit(E.Note(text=f"guidance {g} beats ECM {e}: {t.name} is locked on", rule=rule))
        return True
    ctx.emit(E.Note(text=f"guidance {g} does not beat ECM {e}: no lock on {t.name}", rule=rule))
    return False


def _aa_decided(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    facts = st.air_pending or ()
    ctx.emit(AirPending(facts=None, rule=RULE_AA))
    _, uid, fid, tid = facts
    u, t = st.units[uid], st.units[tid]
    f = checks.figure_by_id(u, fid)
    if choice == "abort":
        ctx.emit(E.Note(text=f"{t.name}'s pilot aborts the mission and leaves the table", rule=RULE_AA))
        _return_to_base(ctx, t, "the pilot aborts under anti-aircraft fire", RULE_AA)
        return
    if choice in EVADE_TURNS:
        d = (t.facing + EVADE_TURNS[choice]) % 6
        to = step(t.hex, d, EVADE)
        if not st.tables.on_board(to):
            leave_table(ctx, t, 1, "evades off the table to box 1", RULE_AA)
            return
        fly(ctx, t, to, d, f"evades ({choice.split('-')[1]})", RULE_AA)
        if not can_see_unit(st, u, t):
            ctx.emit(E.Note(text=f"{u.name} has lost sight of {t.name}: no shot", rule=RULE_AA))
            return
        if not acquire(ctx, u, f, t, "keep its lock on"):
            return
    engage(ctx, u, f, t)


def engage(ctx: Resolution, u: Unit, f: Figure, t: Unit) -> None:
    """On-Table Anti-Aircraft Fire: guidance and firepower dice against the ECM die."""
    st: DustState = ctx.state
    w = st.tables.weapons[f.weapon]
    rule = RULE_A2A if is_aircraft(u) else RULE_AA
    ecm = shift(t.ecm, -1) if t.air == HOVERING else t.ecm
    e = ctx.roll(ecm, f"{t.name}'s ECM die D{t.ecm}" + (f" -> {die_name(ecm)}: hovering" if ecm != t.ecm else ""),
                 rule, t.id, modifiers=_named(f"ECM die D{t.ecm}", [("hovering", ecm != t.ecm and -1)], rule))
    g_die = _aa_guidance(st, u, w, t)
    named = [(g_die, f"guidance die {die_name(g_die)}")]
    if w.kind == "aa":
        named += [(w.die, f"firepower die D{w.die}")] * max(w.count, 1)
    else:
        named.append((u.quality, f"quality die D{u.quality}"))
    rolls = [ctx.roll(d, f"{u.name}'s {w.name} engages {t.name}: {label}", rule, u.id) for d, label in named]
    res = successes(rolls, e)
    ctx.emit(E.Note(text=f"{u.name}'s {w.name} against {t.name}: {res.count} of {len(rolls)} dice "
                    f"({', '.join(map(str, rolls))}) beat the ECM die's {e}: {res.label}", rule=rule))
    if res.minor:
        need = PILOT_THREAT + t.leadership
        r = ctx.roll(t.quality, f"{t.name}'s pilot holds his nerve: quality die D{t.quality} must beat {need} "
                     f"({PILOT_THREAT} + leadership {t.leadership})", rule, t.id)
        if r <= need:
            _return_to_base(ctx, t, f"the pilot loses his nerve ({r} against {need}) and aborts", rule)
        else:
            ctx.emit(E.Note(text=f"{t.name}'s pilot presses on ({r} > {need})", rule=rule))
        return
    if not res.major:
        return
    hits = sum(rolls) // ecm
    ctx.emit(E.Note(text=f"dice total {sum(rolls)}; divided by the ECM die type ({ecm}): {hits} hit"
                    f"{'s' if hits != 1 else ''}", rule=rule))
    damage = aircraft_hits(ctx, u, f, t, hits, w.impact_against(True), max(w.size, 1), rule)
    if t.destroyed:
        crash(ctx, t, "shot down", rule)
    elif damage:
        emergency_landing(ctx, t)


def aircraft_hits(ctx: Resolution, u: Unit, f: Figure, t: Unit, hits: int, impact: int, wclass: int,
                  rule: str) -> int:
    """Each hit: impact against the armour face toward the firer; damage marker or destroyed."""
    face = heavy.face_towards(t, u.hex) if t.pos != u.pos else "belly"
    armour = t.armour_face(face)
    damage = 0
    for i in range(hits):
        imp = roll_value(ctx, impact, f"hit {i + 1} of {hits}: impact {value_name(impact)} against {t.name}", rule,
                         u.id)
        arm = roll_value(ctx, armour, f"{t.name}'s {face} armour {value_name(armour)}", rule, t.id)
        if imp > 2 * arm:
            hull = next(x for x in t.figures if x.role == HULL)
            checks.set_figure(ctx, t, hull, KILLED, hull.wounds, f"impact {imp} more than double armour {arm}: "
                              "destroyed in the air", rule, by=(u.id, f.id))
            return damage
        if imp > arm:
            damage += 1
            ctx.emit(E.VehicleDamaged(unit=t.id, reason=f"impact {imp} beats armour {arm}", rule=rule))
            heavy.passenger_casualties(ctx, t, wclass, destroyed=False)
        else:
            ctx.emit(E.Note(text=f"{t.name}: impact {imp} against armour {arm}, no effect", rule=rule))
    return damage


def crash(ctx: Resolution, t: Unit, why: str, rule: str = RULE_CRASH, at: Hex | None = None) -> None:
    """The aircraft and all aboard are destroyed; it falls and explodes: radius 3 hexes, impact D8."""
    st: DustState = ctx.state
    centre = at or t.pos
    _lose(ctx, t, why, rule)
    if centre is None or not st.tables.on_board(centre):
        return
    ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "blast"), kind="blast", side=t.side, at=centre,
                             data=(f"radius={CRASH_RADIUS}",), reason=f"{t.name} crashes and explodes", rule=rule))
    caught: dict[str, dict[str, Any]] = {}
    support.burst(ctx, centre, CRASH_RADIUS, (CRASH_IMPACT, CRASH_IMPACT), caught)
    support.blast_morale(ctx, caught)


def emergency_landing(ctx: Resolution, t: Unit) -> None:
    """A damaged aircraft comes down: where it lands, then the crash test."""
    spot = _come_down(ctx, t)
    if spot is not None:
        _crash_test(ctx, t, spot)


def _come_down(ctx: Resolution, t: Unit) -> Hex | None:
    """Where the damaged aircraft lands: where it hovers, or D12 x 2 inches ahead. Off the table,
    onto a building or a vehicle it is lost (None); onto troops, it lands in the nearest free hex."""
    st: DustState = ctx.state
    rule = RULE_CRASH
    if t.air == HOVERING:
        spot = t.hex
    else:
        n = ctx.roll(12, f"{t.name} comes down D12 x 2 inches ahead", rule, t.id)
        spot = step(t.hex, t.facing, n)
        if not st.tables.on_board(spot):
            ctx.emit(E.Note(text=f"{t.name} comes down beyond the table edge: lost with all aboard", rule=rule))
            _lose(ctx, t, "crashed beyond the table edge", rule)
            return None
    hard = [v for v in ground_units_near(st, spot, 0, but=t.id) if v.is_vehicle]
    if st.tables.board[spot] == "building" or hard:
        what = hard[0].name if hard else "a building"
        ctx.emit(E.Note(text=f"{t.name} comes down on {what}: both are destroyed", rule=rule))
        for v in hard:
            hull = next(x for x in v.figures if x.role == HULL)
            checks.set_figure(ctx, v, hull, KILLED, hull.wounds, f"{t.name} crashed onto it", rule)
        crash(ctx, t, "crashed onto " + what, rule, at=spot)
        return None
    if ground_units_near(st, spot, 0, but=t.id):
        spot = free_hex(st, spot) or spot
    if spot != t.pos:
        ctx.emit(E.UnitMoved(unit=t.id, path=(t.hex, spot), points=hex_distance(t.hex, spot), rule=rule))
    ctx.emit(E.Landed(unit=t.id, flight=GROUNDED, reason="emergency landing", rule=rule))
    return spot


def _crash_test(ctx: Resolution, t: Unit, spot: Hex) -> None:
    """The crash test on the quality die, one lower for each damage above one: 1 destroyed, 2-3
    the occupants are hurt, 4 or more a controlled landing; the survivors climb out around ``spot``."""
    st: DustState = ctx.state
    rule = RULE_CRASH
    die = shift(t.quality, -max(t.damage - 1, 0))
    r = ctx.roll(die, f"{t.name}'s crash test: quality die {die_name(die)}"
                 + (f" (one lower for each damage above one: {t.damage})" if t.damage > 1 else "")
                 + ": 1 destroyed, 2-3 occupants hurt, 4+ controlled landing", rule, t.id,
                 modifiers=_named(f"quality die D{t.quality}", [("damage markers above one", -max(t.damage - 1, 0))],
                                  rule))
    if r == 1:
        crash(ctx, t, "destroyed on impact", rule)
        return
    hurt: list[str] = []
    if r <= 3:
        for p in st.passengers(t.id):
            for fig in p.people:
                if fig.status in (KILLED, ABANDONED):
                    continue
                d = ctx.roll(6, f"{fig.name} in the crash: 1 killed, 2-3 wounded", rule, p.id)
                if d == 1:
                    checks.set_figure(ctx, p, fig, KILLED, fig.wounds, "killed in the crash landing", rule)
                elif d <= 3:
                    _wound(ctx, p, fig, "hurt in the crash landing", rule)
                else:
                    continue
                hurt.append(p.id)
    else:
        ctx.emit(E.Note(text=f"{t.name}'s pilot manages a controlled landing ({r})", rule=rule))
    hull = next(x for x in t.figures if x.role == HULL)
    checks.set_figure(ctx, t, hull, KILLED, hull.wounds, "wrecked beyond repair", rule)
    taken: set[Hex] = set()
    for p in st.passengers(t.id):
        if not p.fit_figures:
            continue
        at = free_hex(st, spot, taken, radius=1) or free_hex(st, spot, taken) or spot
        taken.add(at)
        ctx.emit(E.Disembarked(unit=p.id, reason=f"climbs out of the wrecked {t.name}", rule=rule))
        ctx.emit(E.UnitPlaced(unit=p.id, at=at))
        if p.confidence != ROUTED:
            ctx.emit(E.Suppressed(unit=p.id, markers=checks.MAX_SUPPRESSION, reason="shaken by the crash landing",
                                  rule=rule))
    if hurt:
        checks.leader_losses(ctx, sorted(set(hurt)))


ACTIONS: dict[type, Action] = {FireAA: Action(_aa_check, _aa_resolve, _aa_offer)}
DECISIONS: dict[str, Decision] = {"aa_pilot": _aa_decided}
