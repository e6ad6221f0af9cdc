"""The Assault Action: courage test, withdrawal, move to contact, final defensive fire, two rounds of
close combat and the outcome (book: "Assault Action", from "The procedure for close assault" to
"The Two Inch Rule").

The phases, in the book's order:

1. **Unit Activation**: whatever happens, the target counts as activated (it gets an activation
   marker); the assault is the attacker's action.
2. **Withdrawal**: a routed defender must withdraw; any other may choose to (decision "withdraw",
   asked of the defender's side). Withdrawing removes every suppression marker, moves one normal
   move away from the attacker toward cover, drops one confidence level and abandons the wounded.
3. **Courage Test**: an opposed roll of quality dice with the OPEN shifts of the courage table
   (content/dustup/morale.toml, a reconstruction: see RULES-NOTES). More than double: the defender
   withdraws and the attacker chooses (decision "occupy") to occupy the vacated hex, ending its
   activation, or to go after the defender. Higher: move to contact. Not higher: the attack does not
   happen (the assault action is lost). Under half (option ``courage_half``: "text" = fails to score
   at least half, "summary" = attacker <= defender / 2): both actions are lost and, unless the
   defender is suppressed, the attacker drops a confidence level. A broken defender routs and
   withdraws whenever the attacker rolls higher.
4. **Move to Contact**: one move; contact when the points rolled cover the path INTO the defender's
   hex (its terrain cost stands for obstacles); the attacker then stands next to the defender.
   Short: final defensive fire (a suppressed defender must pass a suppression test first);
   casualties make the attacker test (quality die over leadership + casualties): failing, it goes
   back to its start with a suppression marker and its activation ends; otherwise it may press on
   with its second action (decision "press"); still short, it stays where it ended, out of position.
5. **Combat Resolution**: two rounds, attacker striking first, simultaneous. The target rolls its
   quality die shifted down for being outnumbered (2:1 once, 3:1 twice), per suppression marker and
   for a strike value above 12; the striker rolls its quality die, its strike die (strike value x
   troopers, rounded up to a die type) and the strike dice of special close combat weapons.
   Successes as for fire; hits = total (doubled on a major success) / target die type, the
   remainder being a chance of one more hit (always rolled in close combat). Hits are allocated at
   random and rolled impact (the unit's close combat impact, D6 for humans) against armour.
6. **Outcome**: the courage test again, now with the shifts for this combat's wounded and killed and
   a killed leader. The loser withdraws (abandoning its wounded) and drops one confidence level, two
   if more than doubled; a draw sends the attacker back without a drop. **Total Victory**: a side
   with no one left standing needs no test; the victors keep their ground.

**Multiple units** (an Assault with ``second``, or the command module's Combined Assault): the unit
facing two enemies is split into detachments matched to their sizes; each pair takes its own tests
and fights its own combat, and the split unit obeys the worst result (one withdrawal, every
confidence loss). Detachments are only a computation here: "views" of the unit with some of its
figures; no new unit appears on the map.

**The Two Inch Rule**: an attacker already next to the defender moves to contact at once: no courage
test, no withdrawal, no defensive fire.

**Vehicles** (Vehicles: Close Assault; Open Top Vehicles; Final Defensive Fire): a ground vehicle's
owner may answer the withdraw question with "dismount": on contact its crew get out as an infantry
unit (vehicles.dismount_crew) and fight the close combat in its place; attackers who beat them then
make their one attack on the vehicle. Not while the vehicle is suppressed. Passengers of an open-top
vehicle are assaulted by naming them; driven to withdraw they close down inside, and the attacker
may switch the assault to the vehicle (choice "vehicle"). A vehicle's machineguns and the passengers
who can fire out take part in final defensive fire (heavy.final_defensive_fire).

What the assault must remember across a decision lives in the state only through
:class:`~engine.systems.dustup.events.AssaultState` events (``key=json`` facts).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance, path_cost, shortest_path
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, fire, ground, vehicles
from . import commands as C
from . import events as E
from .action import Action, Decision
from .data import Weapon
from .dice import die_name, open_shift, shift, shift_names, strike_die, strike_over_twelve, successes
from .state import (
    BROKEN,
    CONFIDENCE,
    DISABLED,
    FIT,
    KILLED,
    ROUTED,
    SHAKEN,
    STABILISED,
    UNTREATED,
    DustState,
    Figure,
    Pending,
    Unit,
)

RULE = "Assault Action"
R_ACTIVATION = "Assault Action: Unit Activation"
R_COURAGE = "Assault Action: Courage Test"
R_WITHDRAW = "Assault Action: Withdrawal"
R_OCCUPY = "Assault Action: Occupy Defender's Position"
R_CONTACT = "Assault Action: Move to Contact"
R_FINAL = "Assault Action: Final Defensive Fire"
R_COMBAT = "Assault Action: Combat Resolution"
R_STRIKE = "Assault Action: Strike Value"
R_RESULT = "Assault Action: Result"
R_CASUALTIES = "Assault Action: Casualties"
R_COUNTER = "Assault Action: Counterstrike"
R_OUTCOME = "Assault Action: Outcome"
R_TOTAL = "Assault Action: Total Victory"
R_MULTIPLE = "Assault Action: Multiple Units in Close Combat"
R_SPECIAL = "Assault Action: Special Close Combat Weapons"
R_TWO_INCH = "Assault Action: The Two Inch Rule"

WOUNDED = (UNTREATED, STABILISED, DISABLED)
# courage results, worst first for the attacker
BAD, FAIL, CONTACT, WITHDRAW = "bad", "fail", "contact", "withdraw"
ORDER = {BAD: 0, FAIL: 1, CONTACT: 2, WITHDRAW: 3}

Body = tuple[str, tuple[str, ...]]  # a unit id and the figures of it that fight (a detachment or all)


# ---------------------------------------------------------------------------------------------
# The assault in progress, kept in the state as AssaultState facts between decisions
# ---------------------------------------------------------------------------------------------


@attrs.define
class Plan:
    """Where an assault stands. ``status`` per attacker: "go" (will move to contact), "choose"
    (its enemy withdrew: occupy or go after it), "press" (short after its first move), "fight"
    (in contact), "halt" (done without combat)."""

    attackers: list[str]
    defenders: list[str]
    targets: dict[str, list[str]]  # each attacker's targets as declared
    goals: dict[str, list[str]]  # the targets each attacker still has to reach
    starts: dict[str, list[int]]  # each attacker's starting hex [q, r]
    status: dict[str, str]
    stage: str = "withdraw"  # withdraw -> courage -> choose -> move -> press -> combat
    asked: list[str] = attrs.Factory(list)  # defenders asked whether to withdraw
    withdrawn: list[str] = attrs.Factory(list)
    vacated: dict[str, list[int]] = attrs.Factory(dict)  # the hex each withdrawn defender left
    contact: list[list[str]] = attrs.Factory(list)  # [attacker, defender] pairs in contact
    two_inch: bool = False
    asking: str = ""  # the unit the pending decision is about
    crews: dict[str, str] = attrs.Factory(dict)  # vehicle -> its dismounted crew's unit, "" if it stayed in

    def facts(self) -> tuple[str, ...]:
        return tuple(f"{k}={json.dumps(v, sort_keys=True, separators=(',', ':'))}"
                     for k, v in attrs.asdict(self).items())

    @classmethod
    def from_facts(cls, facts: tuple[str, ...]) -> Plan:
        raw = {}
        for fact in facts:
            key, _, value = fact.partition("=")
            raw[key] = json.loads(value)
        return cls(**raw)

    def contacts_of(self, a: str) -> list[str]:
        return [d for x, d in self.contact if x == a]


def _save(ctx: Resolution, plan: Plan) -> None:
    ctx.emit(E.AssaultState(facts=plan.facts()))


def _load(st: DustState) -> Plan:
    if st.assault is None:
        raise RuntimeError("no assault is in progress")
    return Plan.from_facts(st.assault)


def _hex(v: list[int]) -> Hex:
    return Hex(v[0], v[1])


# ---------------------------------------------------------------------------------------------
# Small pure helpers
# ---------------------------------------------------------------------------------------------


def _on(st: DustState, uid: str) -> bool:
    u = st.units.get(uid)
    return u is not None and u.on_table


def _weapon(st: DustState, f: Figure) -> Weapon | None:
    return st.tables.weapons.get(f.weapon)


def strength(figures: list[Figure]) -> int:
    """Able figures for outnumbering; power armoured troopers count as two (Courage Test)."""
    return sum(2 if f.power else 1 for f in figures if f.status == FIT)


def sizes(st: DustState, u: Unit, them: Unit) -> tuple[int, int]:
    """The two sides' numbers for outnumbering: able figures (power armour double); but when a
    vehicle, mech or monster is on either side, units, each vehicle counting as its size (Vehicles:
    Close Assault; Tank Shock; Open Top Vehicles: see vehicles.as_units)."""
    if u.is_vehicle or them.is_vehicle:
        return vehicles.as_units(st, u), vehicles.as_units(st, them)
    return strength(u.figures), strength(them.figures)


def fighting_figures(st: DustState, body: Body) -> tuple[str, ...]:
    """The figures of a body that strike in close combat: a vehicle's hull alone (its weapon mounts
    do not fight hand to hand), else everyone in the body."""
    u = st.units[body[0]]
    if u.is_vehicle:
        return tuple(f.id for f in u.figures if f.role == "hull" and f.id in set(body[1]))
    return body[1]


def standing(st: DustState, body: Body) -> bool:
    """Anyone left on their feet: a vehicle not destroyed, or a fit figure."""
    u = st.units[body[0]]
    if u.is_vehicle:
        return not u.destroyed
    return any(f.status == FIT for f in view(st, body).figures)


def outnumbered_steps(mine: int, theirs: int) -> int:
    """0, 1 (outnumbered 2:1) or 2 (3:1 or more)."""
    if mine <= 0 or theirs >= 3 * mine:
        return 2
    return 1 if theirs >= 2 * mine else 0


def provokes_terror(st: DustState, u: Unit, figures: list[Figure] | None = None) -> bool:
    """The unit provokes terror, or one of its fit figures carries a terror weapon (Terror)."""
    if u.terror:
        return True
    figs = u.figures if figures is None else figures
    return any(f.status == FIT and getattr(_weapon(st, f), "terror", False) for f in figs)


def commander_with(st: DustState, u: Unit) -> bool:
    """A commander is with the unit: it is a command unit, or its commander stands within one hex."""
    if u.is_command:
        return True
    cmdr = st.units.get(u.commander) if u.commander else None
    return cmdr is not None and cmdr.on_table and hex_distance(cmdr.hex, u.hex) <= 1


def view(st: DustState, body: Body) -> Unit:
    """A detachment as a unit: the same unit with only these figures (the figures are the live ones)."""
    u = st.units[body[0]]
    ids = set(body[1])
    return attrs.evolve(u, figures=[f for f in u.figures if f.id in ids])


def members(u: Unit) -> tuple[str, ...]:
    return tuple(f.id for f in u.figures if f.present)


def split_sizes(n: int, sizes: list[int]) -> list[int]:
    """Split ``n`` figures as nearly as possible in proportion to the opponents' ``sizes``
    (Multiple Units in Close Combat: 12 against 5 and 5 is 6 and 6; 10 against 4 and 6 is 4 and 6).
    Every detachment gets at least one figure."""
    total = sum(sizes) or 1
    out = [max(1, (2 * n * s + total) // (2 * total)) for s in sizes]
    while sum(out) > n:
        i = max(range(len(out)), key=lambda k: (out[k], -k))
        out[i] -= 1
    while sum(out) < n:
        i = min(range(len(out)), key=lambda k: (out[k] - n * sizes[k] / total, k))
        out[i] += 1
    return out


def bodies(st: DustState, links: list[tuple[str, str]]) -> dict[tuple[str, str], tuple[Body, Body]]:
    """Who fights whom: a unit linked with two enemies splits into detachments matched to them (only
    if it has at least two fit figures; the wounded it carries go with the first detachment)."""
    foes: dict[str, list[str]] = {}
    for a, d in links:
        foes.setdefault(a, []).append(d)
        foes.setdefault(d, []).append(a)
    parts: dict[tuple[str, str], tuple[str, ...]] = {}
    for uid, opp in foes.items():
        u = st.units[uid]
        fit = [f.id for f in u.figures if f.status == FIT]
        if len(opp) < 2 or len(fit) < 2 or u.is_vehicle:
            for o in opp:
                parts[(uid, o)] = members(u)
            continue
        sizes = split_sizes(len(fit), [len(st.units[o].fit_figures) for o in opp])
        rest = tuple(f.id for f in u.figures if f.present and f.status != FIT)
        i = 0
        for k, (o, n) in enumerate(zip(opp, sizes, strict=True)):
            parts[(uid, o)] = tuple(fit[i:i + n]) + (rest if k == 0 else ())
            i += n
    return {(a, d): ((a, parts[(a, d)]), (d, parts[(d, a)])) for a, d in links}


def _split_note(ctx: Resolution, st: DustState, pairs: dict[tuple[str, str], tuple[Body, Body]]) -> None:
    for uid in {b[0] for pair in pairs.values() for b in pair}:
        mine = [(body, other) for a_b, d_b in pairs.values() for body, other in ((a_b, d_b), (d_b, a_b))
                if body[0] == uid]
        if len({body[1] for body, _ in mine}) > 1:
            u = st.units[uid]
            words = " and ".join(f"{sum(1 for f in view(st, b).figures if f.status == FIT)} against "
                                 f"{st.units[o[0]].name}" for b, o in mine)
            ctx.emit(E.Note(text=f"{u.name} splits into detachments: {words}", rule=R_MULTIPLE))


# ---------------------------------------------------------------------------------------------
# Courage test
# ---------------------------------------------------------------------------------------------


def courage_shifts(st: DustState, me: Body, other: Body, defending: bool,
                   before: dict[str, str] | None = None) -> list[tuple[str, int]]:
    """Courage Test: the open shifts on ``me``'s quality die, from the table in content. With
    ``before`` (each figure's status when the combat began) it is the outcome test, which adds the
    wounded, killed and leader-killed rows for this combat's casualties."""
    rows = {r.id: r for r in st.tables.courage}
    out: list[tuple[str, int]] = []

    def add(rid: str, n: int = 1) -> None:
        r = rows.get(rid)
        if r is not None and n > 0 and r.shift:
            out.append((r.label + (f" x{n}" if n > 1 else ""), r.shift * n))

    u, them = view(st, me), view(st, other)
    k = outnumbered_steps(*sizes(st, u, them))
    if k:
        add("outnumbered_3" if k == 2 else "outnumbered_2")
    add("suppressed", u.suppression)
    if defending and (ground.in_cover(st, u) or u.carried_by):  # passengers of an open-top vehicle: behind cover
        add("defending_cover")
    if u.confidence <= SHAKEN:
        add("shaken")
    if before is not None and u.is_vehicle:
        # a mech's or monster's damage markers from this combat count as its wounded (this game's reading)
        add("wounded", u.damage - int(before.get(f"damage:{u.id}", u.damage)))
    elif before is not None:
        wounded = sum(1 for f in u.figures if f.status in WOUNDED and before.get(f.id) == FIT)
        killed = sum(1 for f in u.figures if f.status == KILLED and before.get(f.id) != KILLED)
        add("wounded", wounded)
        add("killed", killed)
        if any(f.role in ("leader", "commander") and f.status == KILLED and before.get(f.id) != KILLED
               for f in u.figures):
            add("leader_killed")
    mine_terror, their_terror = provokes_terror(st, u, u.figures), provokes_terror(st, them, them.figures)
    if their_terror and not mine_terror:
        add("facing_terror")
    if mine_terror and not their_terror:
        add("terror")
    if commander_with(st, u):
        add("commander")
    return out


def _die_words(base: int, rows: list[tuple[str, int]], final: int) -> str:
    if not rows:
        return f"D{base}" + ("" if final == base else f" -> {die_name(final)} (the other side's shift carries over)")
    words = ", ".join(f"{name} {steps:+d}" for name, steps in rows)
    return f"D{base} -> {die_name(final)} ({words}; open shifts)"


def courage_roll(ctx: Resolution, ab: Body, db: Body, title: str, rule: str,
                 before: dict[str, str] | None = None) -> tuple[int, int]:
    """The opposed quality-die roll of the courage test (or of the outcome), attacker first."""
    st: DustState = ctx.state
    au, du = st.units[ab[0]], st.units[db[0]]
    a_rows = courage_shifts(st, ab, db, False, before)
    d_rows = courage_shifts(st, db, ab, True, before)
    a_die, d_die = open_shift(au.quality, sum(s for _, s in a_rows), du.quality, sum(s for _, s in d_rows))
    a_mods = shift_names(f"{au.name}'s D{au.quality}", a_rows, rule, open_=True)
    d_mods = shift_names(f"{du.name}'s D{du.quality}", d_rows, rule, open_=True)
    a = ctx.roll(a_die, f"{title}: {au.name} (attacker) {_die_words(au.quality, a_rows, a_die)}", rule, au.id,
                 modifiers=a_mods + _spill(d_mods, au, a_die, au.quality, a_rows))
    d = ctx.roll(d_die, f"{title}: {du.name} (defender) {_die_words(du.quality, d_rows, d_die)}", rule, du.id,
                 modifiers=d_mods + _spill(a_mods, du, d_die, du.quality, d_rows))
    return a, d


def _spill(other: tuple[str, ...], u: Unit, final: int, base: int,
           rows: list[tuple[str, int]]) -> tuple[str, ...]:
    """Die Shifts: Open Shift. When the other side's shifts ran past the end of its die, the excess
    lands on this die: say so beside the other die's own shifts."""
    from .dice import shift as closed

    own = closed(base, sum(s for _, s in rows))
    if final == own or not other:
        return ()
    way = "down" if final < own else "up"
    return (f"{u.name}'s die shifted {way} to {die_name(final)} by the other side's excess shifts (Die Shifts: "
            "Open Shift)",)


def under_half(st: DustState, a: int, d: int) -> bool:
    """The attack fails badly: the book's text ("fails to score at least half") or its summary box
    ("attacker <= defender / 2"), by option ``courage_half``."""
    if st.options.get("courage_half", "text") == "summary":
        return 2 * a <= d
    return 2 * a < d


def classify(st: DustState, defender: Unit, a: int, d: int) -> str:
    if defender.is_vehicle and defender.vehicle not in ("mech", "monster"):
        # Infantry Assaulting Vehicles: a vehicle is never forced to withdraw, only goes voluntarily
        if a > d:
            return CONTACT
        return BAD if under_half(st, a, d) else FAIL
    if defender.confidence <= BROKEN and a > d:
        return WITHDRAW
    if a > 2 * d:
        return WITHDRAW
    if a > d:
        return CONTACT
    return BAD if under_half(st, a, d) else FAIL


# ---------------------------------------------------------------------------------------------
# Movement: withdrawal, the approach, moves to contact
# ---------------------------------------------------------------------------------------------


def _left(st: DustState, uid: str) -> int | None:
    """Actions the unit has left in its innermost activation (None: it is not acting)."""
    for act in reversed(st.stack):
        if act.unit == uid:
            return act.actions
    return None


def _spend(ctx: Resolution, uid: str, n: int | None, what: str) -> None:
    left = _left(ctx.state, uid)
    if left:
        ctx.emit(E.ActionTaken(unit=uid, action=what, spent=left if n is None else min(n, left)))


def withdraw(ctx: Resolution, u: Unit, away_from: Hex, drops: int, why: str, rule: str = R_WITHDRAW) -> Hex:
    """Withdrawal: remove every suppression marker, drop ``drops`` confidence levels, move one normal
    move away from ``away_from`` toward cover, leaving the wounded behind. Returns the hex it left."""
    st: DustState = ctx.state
    start = u.hex
    if u.suppression:
        ctx.emit(E.SuppressionRemoved(unit=u.id, markers=0,
                                      reason="a withdrawing unit removes all its suppression markers", rule=R_WITHDRAW))
    if drops:
        checks.drop_confidence(ctx, u, drops, why, rule)
    if not u.on_table:
        return start
    if u.carried_by:
        # Open Top Vehicles: passengers driven back close the vehicle down instead of leaving it
        v = st.units[u.carried_by]
        if v.open_top and not st.tables.vehicles[v.vtype].open_top:
            ctx.emit(E.HatchesClosed(unit=v.id, reason=f"{u.name} close down the " "hatches instead of withdrawing",
                                     rule="Vehicles: Open Top Vehicles"))
        ctx.emit(E.Note(text=f"{u.name} stay down inside {v.name} instead of withdrawing",
                        rule="Vehicles: Open Top Vehicles"))
        return start
    if ground.vehicle_cannot_move(st, u):
        ctx.emit(E.Note(text=f"{u.name} cannot move and stays where it is", rule=R_WITHDRAW))
        return start
    die, _ = ground.movement_die(st, u, False)
    points = ctx.roll(die, f"{u.name} withdraws: movement die D{die}, away from the enemy and toward cover",
                      R_WITHDRAW, u.id)
    dest = ground.withdraw_hex(st, u, away_from, points)
    path = shortest_path(u.hex, dest, ground.step_cost(st, u)) if dest != u.pos else None
    if not path or len(path) < 2:
        ctx.emit(E.Note(text=f"{u.name} finds nowhere to withdraw to and stays where it is", rule=R_WITHDRAW))
        return start
    acts.reveal(ctx, u, "it withdrew")
    wounded = [f for f in u.figures if f.status in WOUNDED]
    if wounded:
        acts.abandon_wounded(ctx, u, wounded, start, "abandoned as the unit withdrew (Assault Action: Outcome)")
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=path_cost(path, ground.step_cost(st, u)) or 0,
                         rule=R_WITHDRAW))
    return start


def _enter_cost(st: DustState, u: Unit, d: Unit) -> int | None:
    """The points to go from next to the defender INTO its hex: its terrain, standing for obstacles
    (a vehicle, mech or monster pays by its own movement table)."""
    if u.mover:
        return ground.vehicle_costs(st, u).get(d.hex)
    return st.tables.costs["power" if u.power else "normal"].get(d.hex)


def approach(st: DustState, u: Unit, goals: list[Unit], budget: int | None = None) \
        -> tuple[Hex, int, dict[str, int]] | None:
    """Where the attacker ends on contact (a free hex next to every goal), the points to get there,
    and the points each goal needs (to there, then into the goal's hex). Already next to every goal:
    that hex, 0, and no roll needed (all zero). None if there is no way."""
    if all(hex_distance(u.hex, g.hex) == 1 for g in goals):
        return u.hex, 0, {g.id: 0 for g in goals}
    costs = {g.id: _enter_cost(st, u, g) for g in goals}
    enter = {gid: c for gid, c in costs.items() if c is not None}
    if len(enter) < len(costs):
        return None
    cost = ground.step_cost(st, u)
    best = None
    for h in goals[0].hex.neighbours():
        if not st.tables.on_board(h) or any(hex_distance(h, g.hex) != 1 for g in goals):
            continue
        if not ground.may_end_at(st, u, h, assaulting=goals[0].id):
            continue
        path = shortest_path(u.hex, h, cost, budget=budget)
        if path is None:
            continue
        c = path_cost(path, cost)
        if c is None:
            continue
        key = (c + max(enter.values()), c, h.q, h.r)
        if best is None or key < best[0]:
            best = (key, h, c)
    if best is None:
        return None
    _, h, c = best
    return h, c, {gid: c + e for gid, e in enter.items()}


def _emit_move(ctx: Resolution, u: Unit, path: list[Hex], used: int, rule: str) -> None:
    if len(path) < 2:
        return
    start = u.hex
    if not ground.carries_wounded(u, False):
        left = [f for f in u.figures if f.status in WOUNDED]
        if left:
            acts.abandon_wounded(ctx, u, left, start, "left behind: too few fit troopers to carry them")
    acts.reveal(ctx, u, "it moved")
    ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule=rule))
    if u.is_vehicle:
        vehicles.drove(ctx, u, path, rule=rule)
    acts.sight_checks(ctx, u)


def _contact_move(ctx: Resolution, plan: Plan, a: str, label: str) -> None:
    """One move toward the attacker's goals; contact with each goal whose need the roll covers."""
    st: DustState = ctx.state
    u = st.units[a]
    goals = [st.units[g] for g in plan.goals[a] if _on(st, g)]
    plan.goals[a] = [g.id for g in goals]
    if not goals or not u.on_table:
        plan.goals[a] = []
        return
    way = approach(st, u, goals)
    if way is None:
        ctx.emit(E.Note(text=f"{u.name} can find no way to reach {', '.join(g.name for g in goals)}", rule=R_CONTACT))
        plan.goals[a] = []
        return
    h, to_h, need = way
    if h == u.pos:
        ctx.emit(E.Note(text=f"{u.name} is already next to {', '.join(g.name for g in goals)}: contact",
                        rule=R_CONTACT))
        reached = goals
    else:
        carrying = ground.carries_wounded(u, False)
        die, notes = ground.movement_die(st, u, carrying)
        needs = ", ".join(f"{need[g.id]} to reach {g.name}" for g in goals)
        points = ctx.roll(die, f"{label}: movement die D{die}" + (f" ({', '.join(notes)})" if notes else "")
                          + f"; needs {needs}", R_CONTACT, a)
        reached = [g for g in goals if points >= need[g.id]]
        if reached:
            path, used = ground.walk(st, u, h, points, assaulting=reached[0].id)
        else:
            path, used = ground.walk(st, u, h, points, None)
        _emit_move(ctx, u, path, used, R_CONTACT)
        if not reached:
            ctx.emit(E.Note(text=f"{u.name} rolls {points}: too slow to reach the enemy, it stops short",
                            rule=R_CONTACT))
    for g in reached:
        plan.contact.append([a, g.id])
        ctx.emit(E.Note(text=f"{u.name} makes contact with {g.name}", rule=R_CONTACT))
    plan.goals[a] = [g.id for g in goals if g not in reached]


def _settle(plan: Plan, a: str) -> None:
    plan.goals[a] = []
    plan.status[a] = "fight" if plan.contacts_of(a) else "halt"


# ---------------------------------------------------------------------------------------------
# The phases
# ---------------------------------------------------------------------------------------------


def start(ctx: Resolution, goals: dict[str, list[str]]) -> None:
    """Begin an assault: each attacker (in order) against its targets."""
    st: DustState = ctx.state
    attackers = list(goals)
    defenders: list[str] = []
    for a in attackers:
        for d in goals[a]:
            if d not in defenders:
                defenders.append(d)
    for a in attackers:
        acts.reveal(ctx, st.units[a], "it assaulted")
    for d in defenders:
        if not st.units[d].activated:
            ctx.emit(E.CountsAsActivated(unit=d, reason="assaulted: it counts as activated, whatever happens",
                                         rule=R_ACTIVATION))
    plan = Plan(attackers=attackers, defenders=defenders, targets={a: list(g) for a, g in goals.items()},
                goals={a: list(g) for a, g in goals.items()},
                starts={a: [st.units[a].hex.q, st.units[a].hex.r] for a in attackers},
                status={a: "go" for a in attackers})
    for d in defenders:
        du = st.units[d]
        if du.confidence == ROUTED and du.on_table:
            away = _first_attacker_of(st, plan, d)
            left = withdraw(ctx, du, away, 0, "routed", R_WITHDRAW)
            ctx.emit(E.Note(text=f"{du.name} is routed: it must withdraw", rule=R_WITHDRAW))
            plan.withdrawn.append(d)
            plan.asked.append(d)
            plan.vacated[d] = [left.q, left.r]
    standing = {a: [d for d in plan.goals[a] if d not in plan.withdrawn and _on(st, d)] for a in attackers}
    if any(standing.values()) and all(hex_distance(st.units[a].hex, st.units[d].hex) == 1
                                      for a in attackers for d in standing[a]):
        plan.two_inch = True
        ctx.emit(E.Note(text="the attacker starts next to the enemy: it moves to contact at once, with no courage "
                        "test, and the defender may neither withdraw nor fire", rule=R_TWO_INCH))
        for a in attackers:
            for d in standing[a]:
                plan.contact.append([a, d])
            plan.goals[a] = []
            plan.status[a] = "fight" if standing[a] else "choose"
        plan.stage = "choose"
    _run(ctx, plan)


def _first_attacker_of(st: DustState, plan: Plan, d: str) -> Hex:
    for a in plan.attackers:
        if d in plan.targets[a]:
            return st.units[a].hex
    return st.units[plan.attackers[0]].hex


def _run(ctx: Resolution, plan: Plan) -> None:
    """Carry the assault on from ``plan.stage`` until a decision is needed or it is over."""
    while True:
        if plan.stage == "withdraw":
            if _ask_withdrawals(ctx, plan):
                return
            plan.stage = "courage"
        elif plan.stage == "courage":
            _courage(ctx, plan)
            plan.stage = "choose"
        elif plan.stage == "choose":
            if _ask_pursuit(ctx, plan):
                return
            plan.stage = "move"
        elif plan.stage == "move":
            _first_moves(ctx, plan)
            plan.stage = "press"
        elif plan.stage == "press":
            if _ask_press(ctx, plan):
                return
            plan.stage = "crew"
        elif plan.stage == "crew":
            if _ask_crew(ctx, plan):
                return
            plan.stage = "combat"
        else:
            _combat(ctx, plan)
            if ctx.state.assault is not None:
                ctx.emit(E.AssaultState(facts=None))
            return


def _ask(ctx: Resolution, plan: Plan, uid: str, kind: str, choices: tuple[str, ...], rule: str) -> None:
    plan.asking = uid
    _save(ctx, plan)
    ctx.emit(E.DecisionAsked(side=ctx.state.units[uid].side, kind=kind, data=choices, rule=rule))


def _ask_withdrawals(ctx: Resolution, plan: Plan) -> bool:
    st: DustState = ctx.state
    for d in plan.defenders:
        if d in plan.asked or not _on(st, d):
            continue
        _ask(ctx, plan, d, "withdraw", ("withdraw", "stand") + _crew_choice(ctx, st.units[d]), R_WITHDRAW)
        return True
    return False


def _crew_choice(ctx: Resolution, du: Unit) -> tuple[str, ...]:
    """Vehicles: Close Assault: a vehicle that is neither a mech nor a monster may, instead of only
    standing, have its crew ready to dismount and fight back ("dismount"), unless it is suppressed."""
    if du.vehicle != "vehicle":
        return ()
    why = vehicles.crew_refusal(ctx.state, du)
    if why is None:
        return ("dismount",)
    if du.suppression and not du.crew_out:
        ctx.emit(E.Note(text=f"{why}: it cannot fight back", rule=vehicles.R_CREW))
    return ()


def _decide_withdraw(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    plan = _load(st)
    d = plan.asking
    plan.asking = ""
    plan.asked.append(d)
    du = st.units[d]
    if choice == "withdraw":
        left = withdraw(ctx, du, _first_attacker_of(st, plan, d), 1, "withdrew before the assault (the drop "
                        "comes even when the withdrawal is voluntary)")
        plan.withdrawn.append(d)
        plan.vacated[d] = [left.q, left.r]
    elif choice == "dismount":
        plan.crews[d] = "ready"
        ctx.emit(E.Note(text=f"{du.name} stands its ground; its crew will get out to fight when the attackers reach "
                        "it", rule=vehicles.R_CREW))
    else:
        ctx.emit(E.Note(text=f"{du.name} stands its ground and takes the courage test", rule=R_WITHDRAW))
    _run(ctx, plan)


def _courage(ctx: Resolution, plan: Plan) -> None:
    st: DustState = ctx.state
    links = [(a, d) for a in plan.attackers if plan.status[a] == "go"
             for d in plan.goals[a] if d not in plan.withdrawn and _on(st, d)]
    for a in plan.attackers:
        if plan.status[a] == "go" and not any(x == a for x, _ in links):
            plan.status[a] = "choose"  # every enemy it went for has withdrawn
    if not links:
        return
    pairs = bodies(st, links)
    _split_note(ctx, st, pairs)
    results: dict[tuple[str, str], str] = {}
    suppressed: dict[tuple[str, str], bool] = {}
    for link in links:
        ab, db = pairs[link]
        du = st.units[link[1]]
        suppressed[link] = du.suppression > 0
        a_roll, d_roll = courage_roll(ctx, ab, db, "courage test", R_COURAGE)
        res = classify(st, du, a_roll, d_roll)
        results[link] = res
        au = st.units[link[0]]
        text = {
            WITHDRAW: (f"{du.name} is broken: it routs and withdraws" if du.confidence <= BROKEN
                       else f"{a_roll} is more than double {d_roll}: {du.name} must withdraw"),
            CONTACT: f"{a_roll} beats {d_roll}: {au.name} may move to contact",
            FAIL: f"{a_roll} does not beat {d_roll}: the attack does not take place; {au.name} loses the action",
            BAD: f"{a_roll} is under half of {d_roll}: the attack fails; {au.name} loses both actions",
        }[res]
        ctx.emit(E.Note(text=text, rule=R_COURAGE))
    for d in plan.defenders:
        beaten = [link for link in links if link[1] == d and results[link] == WITHDRAW]
        if beaten and _on(st, d):
            du = st.units[d]
            why = "routs when assaulted" if du.confidence <= BROKEN else "forced to withdraw by the courage test"
            left = withdraw(ctx, du, st.units[beaten[0][0]].hex, len(beaten), why)
            plan.withdrawn.append(d)
            plan.vacated[d] = [left.q, left.r]
    for a in plan.attackers:
        mine = [link for link in links if link[0] == a]
        if not mine:
            continue
        au = st.units[a]
        worst = min((results[link] for link in mine), key=ORDER.__getitem__)
        if worst == BAD:
            _spend(ctx, a, None, "assault failed: both actions lost")
            nerves = sum(1 for link in mine if results[link] == BAD and not suppressed[link])
            if nerves:
                checks.drop_confidence(ctx, au, nerves, "a last-minute bout of nerves: the assault failed badly "
                                       "against an enemy that was not suppressed", R_COURAGE)
            plan.status[a] = "halt"
            plan.goals[a] = []
        elif worst == FAIL:
            plan.status[a] = "halt"
            plan.goals[a] = []
        else:
            plan.goals[a] = [d for d in plan.goals[a] if d not in plan.withdrawn]
            plan.status[a] = "go" if plan.goals[a] else "choose"


def _ask_pursuit(ctx: Resolution, plan: Plan) -> bool:
    st: DustState = ctx.state
    for a in plan.attackers:
        if plan.status[a] != "choose":
            continue
        choices = _pursuit_choices(st, plan, a)
        if not choices:
            plan.status[a] = "fight" if plan.contacts_of(a) else "halt"
            continue
        _ask(ctx, plan, a, "occupy", choices, R_OCCUPY)
        return True
    return False


def _vacated_hex(st: DustState, plan: Plan, a: str) -> Hex | None:
    for d in plan.targets[a]:
        if d in plan.vacated:
            h = _hex(plan.vacated[d])
            return h if st.occupant.get(h) is None else None
    return None


def _chased(st: DustState, plan: Plan, a: str) -> list[str]:
    out = [d for d in plan.targets[a] if d in plan.withdrawn and _on(st, d) and not st.units[d].carried_by]
    if len(out) == 2 and hex_distance(st.units[out[0]].hex, st.units[out[1]].hex) > 2:
        out = out[:1]  # too far apart now to be reached in one move: go after the first
    return out


def _pursuit_choices(st: DustState, plan: Plan, a: str) -> tuple[str, ...]:
    if not _on(st, a):
        return ()
    choices = []
    if _vacated_hex(st, plan, a) is not None and not plan.contacts_of(a):
        choices.append("occupy")
    if _chased(st, plan, a):
        choices.append("contact")
    if _closed_down(st, plan, a):
        choices.append("vehicle")
    if len(choices) == 1:
        choices.append("halt")
    return tuple(choices)


def _closed_down(st: DustState, plan: Plan, a: str) -> str | None:
    """Open Top Vehicles: passengers this attacker went for were driven to withdraw, so they closed
    down inside their vehicle instead: the vehicle, which the attacker may assault in their place."""
    if plan.contacts_of(a) or not _on(st, a):
        return None
    for d in plan.targets[a]:
        du = st.units.get(d)
        if d in plan.withdrawn and du is not None and du.carried_by:
            v = du.carried_by
            if _on(st, v) and v not in plan.targets[a] and _target_problem(st, st.units[a], v) is None:
                return v
    return None


def _decide_occupy(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    plan = _load(st)
    a = plan.asking
    plan.asking = ""
    u = st.units[a]
    if choice == "occupy":
        h = _vacated_hex(st, plan, a)
        assert h is not None, "occupy is offered only while the vacated hex is free (_pursuit_choices)"
        path = shortest_path(u.hex, h, ground.step_cost(st, u)) or [u.hex, h]
        acts.reveal(ctx, u, "it moved")
        ctx.emit(E.UnitMoved(unit=a, path=tuple(path), points=0, rule=R_OCCUPY))
        ctx.emit(E.Note(text=f"{u.name} occupies the position and ends its activation", rule=R_OCCUPY))
        _spend(ctx, a, None, "occupy the defender's position")
        _settle(plan, a)
    elif choice == "contact":
        plan.goals[a] = _chased(st, plan, a)
        plan.status[a] = "go"
        ctx.emit(E.Note(text=f"{u.name} goes after the withdrawing enemy", rule=R_OCCUPY))
    elif choice == "vehicle":
        vid = _closed_down(st, plan, a)
        assert vid is not None, "vehicle is offered only when its passengers closed down (_pursuit_choices)"
        v = st.units[vid]
        plan.targets[a].append(v.id)
        plan.goals[a] = [v.id]
        plan.status[a] = "go"
        if v.id not in plan.defenders:
            plan.defenders.append(v.id)
        if not v.activated:
            ctx.emit(E.CountsAsActivated(unit=v.id, reason="assaulted: it counts as activated, whatever happens",
                                         rule=R_ACTIVATION))
        ctx.emit(E.Note(text=f"the passengers have closed down inside {v.name}: {u.name} switches the assault to "
                        "the vehicle itself", rule="Vehicles: Open Top Vehicles"))
    else:
        ctx.emit(E.Note(text=f"{u.name} halts", rule=R_OCCUPY))
        _settle(plan, a)
    _run(ctx, plan)


def _first_moves(ctx: Resolution, plan: Plan) -> None:
    for a in plan.attackers:
        if plan.status[a] != "go":
            continue
        _contact_move(ctx, plan, a, "move to contact")
        if plan.goals[a]:
            _defensive_fire(ctx, plan, a)
        else:
            _settle(plan, a)


def suppression_test(ctx: Resolution, u: Unit) -> bool:
    """Final Defensive Fire: a suppressed defender fires only if its quality die beats its leadership
    plus its suppression markers (the markers stay)."""
    need = u.leadership + u.suppression
    roll = ctx.roll(u.quality, f"{u.name} is suppressed: suppression test to fire, D{u.quality} must beat "
                    f"leadership {u.leadership} + {u.suppression} marker{'s' if u.suppression > 1 else ''} = {need}",
                    R_FINAL, u.id)
    if roll > need:
        ctx.emit(E.Note(text=f"{u.name} passes ({roll} > {need}) and fires; its markers stay", rule=R_FINAL))
        return True
    ctx.emit(E.Note(text=f"{u.name} stays pinned ({roll} against {need}): no defensive fire", rule=R_FINAL))
    return False


def _defensive_fire(ctx: Resolution, plan: Plan, a: str) -> None:
    """The attacker fell short: the defenders it did not reach may fire; casualties make it test."""
    st: DustState = ctx.state
    u = st.units[a]
    firing = [d for d in plan.goals[a] if d not in plan.withdrawn and _on(st, d)]
    casualties = 0
    if firing and not plan.two_inch:
        links = [(x, d) for x in plan.attackers for d in plan.goals[x] + plan.contacts_of(x)]
        pairs = bodies(st, links)
        for d in firing:
            du = st.units[d]
            if du.confidence == ROUTED:
                continue
            if du.suppression and not suppression_test(ctx, du):
                continue
            ab, db = pairs[(a, d)]
            casualties += _final_fire(ctx, view(st, db), view(st, ab))
    if not u.on_table:
        plan.contact = [c for c in plan.contact if c[0] != a]
        _settle(plan, a)
        return
    if casualties:
        need = u.leadership + casualties
        roll = ctx.roll(u.quality, f"{u.name} took {casualties} casualt{'ies' if casualties > 1 else 'y'} from "
                        f"final defensive fire: D{u.quality} must beat leadership {u.leadership} + {casualties} = "
                        f"{need}", R_FINAL, a)
        if roll <= need:
            home = _hex(plan.starts[a])
            if home != u.pos and st.occupant.get(home) is None:
                path = shortest_path(u.hex, home, ground.step_cost(st, u)) or [u.hex, home]
                ctx.emit(E.UnitMoved(unit=a, path=tuple(path), points=0, rule=R_FINAL))
            ctx.emit(E.Note(text=f"{u.name} falls back to where it started, with its casualties ({roll} against "
                            f"{need}), and its activation ends", rule=R_FINAL))
            checks.suppress(ctx, u, "driven back by final defensive fire", R_FINAL)
            _spend(ctx, a, None, "driven back: activation over")
            plan.contact = [c for c in plan.contact if c[0] != a]
            _settle(plan, a)
            checks.leader_losses(ctx, [a] if not u.is_vehicle else [])
            return
        ctx.emit(E.Note(text=f"{u.name} keeps its nerve ({roll} > {need})", rule=R_FINAL))
        checks.leader_losses(ctx, [a] if not u.is_vehicle else [])
    left = _left(st, a)
    if left == 0:
        ctx.emit(E.Note(text=f"{u.name} has no action left to press on: it stays where it is, caught out of "
                        "position", rule=R_CONTACT))
        _settle(plan, a)
        return
    plan.status[a] = "press"


def _final_fire(ctx: Resolution, firer: Unit, target: Unit) -> int:
    """Final defensive fire, with vehicles on either side (Vehicles: Final Defensive Fire; Open Top
    Vehicles): a vehicle fires with its passengers that can fire out (and its own weapons when the
    heavy weapons module resolves them); fire at a mech or monster rolls impact against armour."""
    st: DustState = ctx.state
    if firer.is_vehicle:
        total = vehicles.vehicle_weapons_fire(ctx, firer, target)
        for p in vehicles.firing_passengers(st, firer):
            if not target.on_table:
                break
            if p.suppression and not suppression_test(ctx, p):
                continue
            total += _final_fire(ctx, p, target)
        return total
    if target.is_vehicle:
        return vehicles.defensive_fire_at_vehicle(ctx, firer, st.units[target.id])
    return fire.final_defensive_fire(ctx, firer, target)


def _ask_crew(ctx: Resolution, plan: Plan) -> bool:
    """Vehicles: Close Assault: once the attackers are in contact, the crew of a vehicle whose owner
    chose "dismount" get out and fight back in its place (the contact passes to them). A vehicle
    assaulted under the two inch rule was never asked whether to withdraw: its side is asked now
    (decision "crew": "stay" closed down, or "dismount")."""
    st: DustState = ctx.state
    for a, d in plan.contact:
        du = st.units.get(d)
        if du is None or du.vehicle != "vehicle" or not (_on(st, a) and _on(st, d)):
            continue
        if plan.crews.get(d) == "ready":
            _crew_gets_out(ctx, plan, du)
        elif d not in plan.crews and plan.two_inch and d not in plan.asked:
            plan.crews[d] = ""
            if _crew_choice(ctx, du):
                _ask(ctx, plan, d, "crew", ("stay", "dismount"), vehicles.R_CREW)
                return True
    return False


def _crew_gets_out(ctx: Resolution, plan: Plan, v: Unit) -> None:
    st: DustState = ctx.state
    why = vehicles.crew_refusal(st, v)
    if why:
        plan.crews[v.id] = ""
        ctx.emit(E.Note(text=f"{why}: it cannot fight back", rule=vehicles.R_CREW))
        return
    near = next((st.units[a].pos for a, x in plan.contact if x == v.id), None)
    crew = vehicles.dismount_crew(ctx, v, near)
    plan.crews[v.id] = crew.id
    plan.contact = [[a, crew.id if x == v.id else x] for a, x in plan.contact]
    plan.defenders.append(crew.id)
    ctx.emit(E.Note(text=f"{crew.name} get out to fight back; {v.name} is unmanned until they remount",
                    rule=vehicles.R_CREW))


def _decide_crew(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    plan = _load(st)
    d = plan.asking
    plan.asking = ""
    v = st.units[d]
    if choice == "dismount":
        _crew_gets_out(ctx, plan, v)
    else:
        ctx.emit(E.Note(text=f"{v.name}'s crew stay closed down", rule=vehicles.R_CREW))
    _run(ctx, plan)


def _crew_beaten(ctx: Resolution, plan: Plan, links: list[tuple[str, str]], losers: set[str]) -> None:
    """After a fight with a dismounted crew (this game's reading): attackers who won it, or left no
    crewman standing, go on to make their attack on the vehicle itself (Infantry Assaulting
    Vehicles: one impact roll, then back toward cover; a mech strikes one round); attackers who lost
    it withdraw as from any lost close combat, and the vehicle is left alone."""
    st: DustState = ctx.state
    for a, c in links:
        vid = next((v for v, crew in plan.crews.items() if crew == c), None)
        if vid is None or a in losers or not _on(st, a) or not _on(st, vid):
            continue
        au, v, crew = st.units[a], st.units[vid], st.units[c]
        if crew.on_table and c not in losers:
            continue
        if hex_distance(au.hex, v.hex) > 1:
            continue
        ctx.emit(E.Note(text=f"{crew.name} are beaten off: {au.name} get at {v.name}", rule=vehicles.R_CREW))
        if au.is_vehicle:
            ab = (a, fighting_figures(st, (a, members(au))))
            n_a, n_d = sizes(st, au, v)
            _strike(ctx, ab, ab[1], n_a, (vid, members(v)), n_d, 1)
        else:
            vehicles.infantry_attack(ctx, au, v)


def _ask_press(ctx: Resolution, plan: Plan) -> bool:
    st: DustState = ctx.state
    for a in plan.attackers:
        if plan.status[a] != "press":
            continue
        if not _on(st, a):
            _settle(plan, a)
            continue
        _ask(ctx, plan, a, "press", ("press", "halt"), R_CONTACT)
        return True
    return False


def _decide_press(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    plan = _load(st)
    a = plan.asking
    plan.asking = ""
    u = st.units[a]
    if choice == "press":
        _spend(ctx, a, 1, "assault: second move to contact")
        _contact_move(ctx, plan, a, "second move to contact")
        if plan.goals[a]:
            ctx.emit(E.Note(text=f"{u.name} is still short: it stays where it ended, caught out of position",
                            rule=R_CONTACT))
    else:
        ctx.emit(E.Note(text=f"{u.name} halts where it is", rule=R_CONTACT))
    _settle(plan, a)
    _run(ctx, plan)


# ---------------------------------------------------------------------------------------------
# Close combat
# ---------------------------------------------------------------------------------------------


def strike_dice(st: DustState, u: Unit, figures: list[Figure]) -> tuple[list[tuple[int, str, str]], int]:
    """The striker's strike dice (Strike Value; Special Close Combat Weapons): one die for the
    strike value x the troopers with ordinary weapons, rounded up to a die type (a D4 below 4,
    a D12 above 12), and each special weapon's own strike die. Also returns the strike value total."""
    normal = [f for f in figures if getattr(_weapon(st, f), "kind", "") != "close_combat"]
    special = [f for f in figures if getattr(_weapon(st, f), "kind", "") == "close_combat"]
    total = u.strike * len(normal)
    out: list[tuple[int, str, str]] = []
    die = strike_die(total)
    if die:
        out.append((die, f"strike die {die_name(die)}: {len(normal)} trooper{'s' if len(normal) != 1 else ''} x "
                         f"strike {u.strike} = {total}", R_STRIKE))
    for f in special:
        w = ground.carried_weapon(st, f)  # a close combat weapon: special holds only those
        out.append((w.strike, f"strike die D{w.strike}: {w.name} of {f.name}", R_SPECIAL))
    return out, total


def _strike(ctx: Resolution, striker: Body, s_fit: tuple[str, ...], s_str: int, target: Body, t_str: int,
            n: int) -> None:
    """One round of close combat: the striker's dice against the target's quality die."""
    st: DustState = ctx.state
    su, tu = st.units[striker[0]], st.units[target[0]]
    rule = R_COMBAT if n == 1 else R_COUNTER
    if su.confidence == ROUTED:
        ctx.emit(E.Note(text=f"{su.name} is routing: routing units do not strike back", rule=R_COMBAT))
        return
    figs = [f for f in su.figures if f.id in set(s_fit)]
    if not figs:
        return
    dice_, total = strike_dice(st, su, figs)
    steps, words, rows = _target_shifts(ctx, su, tu, s_str, t_str, total)
    t_die = shift(tu.quality, -steps)
    t_words = f"D{tu.quality}" + (f" -> D{t_die} ({', '.join(words)})" if words else "")
    t_roll = ctx.roll(t_die, f"close combat round {n}: {tu.name} is the target, quality die {t_words}", rule, tu.id,
                      modifiers=shift_names(f"{tu.name}'s D{tu.quality}", rows, R_COMBAT))
    _strike_home(ctx, st, su, tu, target, t_die, t_roll, dice_, rule, n)


def _target_shifts(ctx: Resolution, su: Unit, tu: Unit, s_str: int, t_str: int, total: int) \
        -> tuple[int, list[str], list[tuple[str, int]]]:
    """Close Combat: the target's quality die shifts down once per step of being outnumbered, per
    suppression marker, per damage marker (a mech or monster) and once for a strike value above 12.
    Returns the steps, their words for the roll and their rows for the dice log."""
    steps, words, rows = 0, [], []
    k = outnumbered_steps(t_str, s_str)
    if k:
        steps += k
        words.append(f"outnumbered {'3' if k == 2 else '2'}:1 -{k}")
        rows.append((f"outnumbered {'3' if k == 2 else '2'} to 1", -k))
    if tu.suppression:
        steps += tu.suppression
        words.append(f"{tu.suppression} suppression marker{'s' if tu.suppression > 1 else ''} -{tu.suppression}")
        rows.append((f"{tu.suppression} suppression marker{'s' if tu.suppression > 1 else ''}", -tu.suppression))
    if tu.is_vehicle and tu.damage:  # Vehicle Damage: a mech or monster defends itself worse per marker
        steps += tu.damage
        words.append(f"{tu.damage} damage marker{'s' if tu.damage > 1 else ''} -{tu.damage}")
        rows.append((f"{tu.damage} damage marker{'s' if tu.damage > 1 else ''}", -tu.damage))
    if strike_over_twelve(total):
        steps += 1
        words.append(f"strike value {total} above 12 -1")
        rows.append((f"strike value {total} above 12", -1))
        ctx.emit(E.Note(text=f"{su.name}'s strike value {total} is above 12: {tu.name}'s die is shifted down once "
                        "more", rule=R_STRIKE))
    return steps, words, rows


def _strike_home(ctx: Resolution, st: DustState, su: Unit, tu: Unit, target: Body, t_die: int, t_roll: int,
                 dice_: list[tuple[int, str, str]], rule: str, n: int) -> None:
    """The striker's quality die and strike dice against the target's roll: the hits they score
    (the dice total, doubled on a major success, divided by the target die) and what each hit does."""
    rolls = [ctx.roll(su.quality, f"close combat round {n}: {su.name} strikes, quality die D{su.quality}", rule,
                      su.id)]
    for die, label, why in dice_:
        rolls.append(ctx.roll(die, f"close combat round {n}: {su.name} {label}", why, su.id))
    res = successes(rolls, t_roll)
    ctx.emit(E.Note(text=f"{su.name} against {tu.name}: {res.count} of {len(rolls)} dice "
                    f"({', '.join(map(str, rolls))}) beat {t_roll}: {res.label}", rule=R_RESULT))
    if not res.count:
        return
    score = sum(rolls) * (2 if res.major else 1)
    hits, rem = divmod(score, t_die)
    ctx.emit(E.Note(text=f"{' + '.join(map(str, rolls))}" + (" doubled for a major success" if res.major else "")
                    + f" = {score}; divided by D{t_die}: {hits} hit{'s' if hits != 1 else ''}"
                    + (f" and a {rem} in {t_die} chance of another" if rem else ""), rule=R_RESULT))
    if rem:
        extra = ctx.roll(t_die, f"close combat round {n}: one more hit on {rem} or less (the remainder of "
                         f"{score} / {t_die})", R_RESULT, su.id)
        if extra <= rem:
            hits += 1
    if not hits:
        return
    if tu.is_vehicle:  # each hit is the striker's close combat impact against the armour facing it
        from hexfront.engine.core.hexes import arc_of

        face = arc_of(tu.hex, tu.facing, su.hex)
        for _ in range(hits):
            if tu.destroyed:
                break
            vehicles.apply_hit(ctx, tu, su.cc_impact, face, R_CASUALTIES, by=(su.id, ""), what="close combat")
        return
    chosen = checks.allocate(ctx, view(st, target), hits, R_CASUALTIES)
    for fig in chosen:
        if fig.status == KILLED:
            ctx.emit(E.Note(text=f"{fig.name} is already down: the hit is wasted", rule=R_CASUALTIES))
            continue
        checks.impact_on(ctx, tu, fig, su.cc_impact, 0, False, R_CASUALTIES, by=(su.id, ""),
                         unarmoured=fig.unarmoured)


def _combat(ctx: Resolution, plan: Plan) -> None:
    st: DustState = ctx.state
    links = [(a, d) for a, d in plan.contact if _on(st, a) and _on(st, d)]
    if not links:
        return
    links = _vehicle_contacts(ctx, links)
    if not links:
        return
    pairs = bodies(st, links)
    _split_note(ctx, st, pairs)
    involved = list(dict.fromkeys([a for a, _ in links] + [d for _, d in links]))
    before = {f.id: f.status for uid in involved for f in st.units[uid].figures}
    before.update({f"damage:{uid}": str(st.units[uid].damage) for uid in involved if st.units[uid].is_vehicle})
    fit0: dict[tuple[str, str], tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for link in links:
        ab, db = pairs[link]
        fit0[link] = (tuple(f for f in fighting_figures(st, ab) if before[f] == FIT),
                      tuple(f for f in fighting_figures(st, db) if before[f] == FIT))
    for link in links:
        ab, db = pairs[link]
        a_fit, d_fit = fit0[link]
        a_str, d_str = sizes(st, view(st, (ab[0], a_fit)), view(st, (db[0], d_fit)))
        ctx.emit(E.Note(text=f"close combat: {st.units[ab[0]].name} ({len(a_fit)}) against "
                        f"{st.units[db[0]].name} ({len(d_fit)})", rule=R_COMBAT))
        _strike(ctx, ab, a_fit, a_str, db, d_str, 1)
        _strike(ctx, db, d_fit, d_str, ab, a_str, 2)
    losers = _outcome(ctx, links, pairs, before)
    checks.leader_losses(ctx, [uid for uid in involved if _on(st, uid) and not st.units[uid].is_vehicle])
    if plan.crews:
        _crew_beaten(ctx, plan, links, losers)


def _vehicle_contacts(ctx: Resolution, links: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Contacts with vehicles that do not fight back (Vehicles: Close Assault) are settled here and
    left out of the close combat: infantry make their one attack with grenades and explosives and
    fall back toward cover; a mech or monster strikes one round and is not struck back (this game's
    reading). The other contacts are returned."""
    st: DustState = ctx.state
    rest = []
    for a, d in links:
        au, du = st.units[a], st.units[d]
        if not du.is_vehicle or vehicles.fights(du):
            rest.append((a, d))
            continue
        if not (_on(st, a) and _on(st, d)):
            continue
        if au.is_vehicle:
            ab = (a, fighting_figures(st, (a, members(au))))
            n_a, n_d = sizes(st, au, du)
            ctx.emit(E.Note(text=f"{au.name} strikes at {du.name}, which cannot fight back", rule=R_COMBAT))
            _strike(ctx, ab, ab[1], n_a, (d, members(du)), n_d, 1)
        else:
            vehicles.infantry_attack(ctx, au, du)
    return rest


def _outcome(ctx: Resolution, links: list[tuple[str, str]], pairs: dict[tuple[str, str], tuple[Body, Body]],
             before: dict[str, str]) -> set[str]:
    """Outcome: a courage test per pair with the casualty shifts; the loser withdraws and drops one
    level (two if more than doubled); a draw sends the attacker back without a drop. A side with no
    one left standing is a total victory: no test. Each unit obeys its worst result: one withdrawal,
    every confidence loss."""
    st: DustState = ctx.state
    lost: dict[str, list[tuple[int, str]]] = {}  # unit -> [(levels, opponent)]
    for link in links:
        ab, db = pairs[link]
        au, du = st.units[ab[0]], st.units[db[0]]
        a_left, d_left = standing(st, ab), standing(st, db)
        if not a_left or not d_left:
            if a_left or d_left:
                win, lose = (au, du) if a_left else (du, au)
                ctx.emit(E.Note(text=f"total victory: {lose.name} has no one left standing against {win.name}, "
                                "who keeps the position with no test", rule=R_TOTAL))
            continue
        a, d = courage_roll(ctx, ab, db, "outcome of the close combat", R_OUTCOME, before)
        if a > d:
            levels = 2 if a > 2 * d else 1
            lost.setdefault(du.id, []).append((levels, au.id))
            ctx.emit(E.Note(text=f"{a} beats {d}: {au.name} wins; {du.name} withdraws and drops {levels} confidence "
                            f"level{'s' if levels > 1 else ''}", rule=R_OUTCOME))
        elif d > a:
            levels = 2 if d > 2 * a else 1
            lost.setdefault(au.id, []).append((levels, du.id))
            ctx.emit(E.Note(text=f"{d} beats {a}: {du.name} holds; {au.name} withdraws and drops {levels} confidence "
                            f"level{'s' if levels > 1 else ''}", rule=R_OUTCOME))
        else:
            lost.setdefault(au.id, []).append((0, du.id))
            ctx.emit(E.Note(text=f"{a} against {d}, a draw: the defender is taken to have won; {au.name} withdraws "
                            "without a drop in confidence", rule=R_OUTCOME))
    for uid, results in lost.items():
        u = st.units[uid]
        if not u.on_table:
            continue
        levels = sum(n for n, _ in results)
        if len(results) > 1:
            ctx.emit(E.Note(text=f"{u.name} lost {len(results)} of its detachments' tests: one withdrawal, "
                            f"{levels} confidence level{'s' if levels != 1 else ''} lost", rule=R_MULTIPLE))
        withdraw(ctx, u, st.units[results[0][1]].hex, levels, "lost the close combat", R_OUTCOME)
    return set(lost)


# ---------------------------------------------------------------------------------------------
# The action: check, resolve, offer; and the combined assault for the command module
# ---------------------------------------------------------------------------------------------


def _target_problem(st: DustState, u: Unit, tid: str) -> str | None:
    t = st.units.get(tid)
    if t is None:
        return f"there is no unit '{tid}'"
    if t.side == u.side:
        return f"{t.name} is on your own side"
    if not t.on_table:
        return f"{t.name} is not on the table"
    if t.hidden:
        return f"{t.name} is hidden: it must be detected before it can be assaulted"
    if not ground.can_see(st, u.hex, t.hex):
        return f"{u.name} cannot see {t.name}"
    if t.carried_by:
        v = st.units[t.carried_by]
        if not v.open_top:
            return f"{t.name} is inside {v.name}: assault the vehicle itself"
    if ground.flying(t):
        return f"{t.name} is in the air"
    return None


def check(st: DustState, u: Unit, cmd: C.Assault) -> str | None:
    return _assaulter_refusal(st, u) or _reach_refusal(st, u, cmd)


def _assaulter_refusal(st: DustState, u: Unit) -> str | None:
    """Who may initiate a close assault: troops on the table, not aboard, not suppressed, propped or
    in travel mode, confident or steady; of the vehicles only mechs and monsters."""
    if u.carried_by:
        return f"{u.name} is aboard {st.units[u.carried_by].name}: disembark first"
    if u.is_vehicle and u.vehicle not in ("mech", "monster"):
        return (f"{u.name} is a vehicle: vehicles do not close assault, but may drive at infantry with a tank "
                "shock (only mechs and monsters assault)")
    if u.suppression:
        return f"{u.name} is suppressed: it cannot assault until it recovers (Recover Suppression Action)"
    if u.confidence <= SHAKEN:
        return f"{u.name} is {CONFIDENCE[u.confidence]}: only confident or steady units may assault"
    if u.propped:
        return f"{u.name} is propped: a propped unit may not initiate close assault (unprop first)"
    if u.travel:
        return f"{u.name} is in travel mode: reorganise into tactical formation first"
    if not u.on_table:
        return f"{u.name} is not on the table"
    return None


def _reach_refusal(st: DustState, u: Unit, cmd: C.Assault) -> str | None:
    """Whom it may assault (one enemy, or two it can reach in the same move), and whether its best
    movement roll gets it into contact."""
    why = _target_problem(st, u, cmd.target)
    if why:
        return why
    goals = [st.units[cmd.target]]
    if cmd.second is not None:
        if u.is_vehicle or goals[0].is_vehicle or st.units.get(cmd.second, goals[0]).is_vehicle:
            return "a vehicle, mech or monster is assaulted, or assaults, one enemy at a time"
        if cmd.second == cmd.target:
            return "name two different enemy units to assault both"
        why = _target_problem(st, u, cmd.second)
        if why:
            return why
        if len(u.fit_figures) < 2:
            return f"{u.name} has too few fit figures to split into two detachments"
        second = st.units[cmd.second]
        if hex_distance(goals[0].hex, second.hex) > 2:
            return f"{goals[0].name} and {second.name} are too far apart to be reached in the same move"
        goals.append(second)
    die, _ = ground.movement_die(st, u, ground.carries_wounded(u, False))
    way = approach(st, u, goals, budget=die)
    names = " and ".join(g.name for g in goals)
    if way is None:
        return (f"{names} {'is' if len(goals) == 1 else 'are'} out of reach: {u.name} cannot get there even with "
                f"its best roll on a D{die}")
    need = max(way[2].values())
    if need > die:
        return (f"{names} {'is' if len(goals) == 1 else 'are'} out of reach: contact needs {need} movement "
                f"points, more than the best roll on a D{die}")
    return None


def resolve(ctx: Resolution, u: Unit, cmd: C.Assault) -> None:
    """Assault Action: the attacker spends its action; the assault runs until a decision or its end."""
    acts.spend(ctx, u, "assault")
    goals = [cmd.target] + ([cmd.second] if cmd.second else [])
    start(ctx, {u.id: goals})


def offer(st: DustState, u: Unit) -> list[C.Assault]:
    if u.suppression or u.propped or u.travel or u.confidence <= SHAKEN or not u.on_table:
        return []
    if u.carried_by or (u.is_vehicle and u.vehicle not in ("mech", "monster")):
        return []
    reach = u.move_die + 1
    near = [e for e in st.enemies(u.side) if not e.hidden and hex_distance(u.hex, e.hex) <= reach]
    out = [C.Assault(u.id, e.id) for e in near]
    if len(u.fit_figures) >= 2:
        for i, e in enumerate(near):
            for f in near[i + 1:]:
                if hex_distance(e.hex, f.hex) <= 2:
                    out.append(C.Assault(u.id, e.id, f.id))
    return out


def combined_assault(ctx: Resolution, attackers: list[Unit], target: Unit) -> None:
    """Combined Assault (Order Action): two units ordered to assault the same enemy. The combat is
    "multiple units in close combat": the defender splits into detachments matched to the
    attackers. The caller spends the order's actions; each attacker may press on with a second
    move if the activation it is given has an action left (or is not on the activation stack).
    An attacker that could not assault this target on its own (suppressed, shaken, out of reach...)
    stays out of it; if neither can, nothing happens."""
    st: DustState = ctx.state
    going = []
    for a in attackers:
        why = check(st, a, C.Assault(a.id, target.id))
        if why:
            ctx.emit(E.Note(text=f"{a.name} cannot join the assault: {why}", rule="Order Action: Combined Assault"))
        else:
            going.append(a)
    if going:
        start(ctx, {a.id: [target.id] for a in going})


ACTIONS: dict[type, Action] = {C.Assault: Action(check, resolve, offer)}
DECISIONS: dict[str, Decision] = {
    "withdraw": _decide_withdraw,
    "occupy": _decide_occupy,
    "press": _decide_press,
    "crew": _decide_crew,
}
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
