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

**The Two Inch Rule**: an attacker already next to the defender moves to contact at once: no courage
test, no withdrawal, no defensive fire.

**Vehicles** (Vehicles: Close Assault; Open Top Vehicles; Final Defensive Fire): a ground vehicle's
owner may answer the withdraw question with "dismount": on contact its crew get out as an infantry
unit (vehicles.dismount_crew) and fight the close combat in its place; attackers who beat them then
make their one attack on the vehicle. Not while the vehicle is suppressed. Passengers of an open-top
vehicle are assaulted by naming them; driven to withdraw they close down inside, and the attacker
may switch the assault to the vehicle (choice "vehicle"). A vehicle's machineguns and the passengers
who can fire out take part in final defensive fire (heavy.final_defensive_fire).

The procedure is here (the phases, the questions asked between them, the action's check and offer);
its parts live below it: courage.py (who fights, the Courage Test, Multiple Units), contact.py
(Withdrawal, the approach and Move to Contact), defensivefire.py (Final Defensive Fire),
closecombat.py (Combat Resolution to Total Victory) and assaultplan.py (what the assault must
remember across a decision, kept in the state only through AssaultState events).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexfront.engine.core.hexes import Hex, hex_distance, reachable, shortest_path
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground, vehicles
from . import commands as C
from . import events as E
from .action import Action, Decision
from .assaultplan import Plan, as_hex, load_plan, save_plan, unit_on_table
from .closecombat import close_combat
from .contact import R_CONTACT, R_WITHDRAW, approach, contact_move, settle, spend_actions, withdraw
from .courage import BAD, CONTACT, FAIL, ORDER, R_COURAGE, WITHDRAW, bodies, classify, courage_roll, split_note
from .defensivefire import defensive_fire
from .state import (
    BROKEN,
    CONFIDENCE,
    ROUTED,
    SHAKEN,
    DustState,
    Pending,
    Unit,
)

R_ACTIVATION = "Assault Action: Unit Activation"
R_OCCUPY = "Assault Action: Occupy Defender's Position"
R_TWO_INCH = "Assault Action: The Two Inch Rule"


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
    standing = {a: [d for d in plan.goals[a] if d not in plan.withdrawn and unit_on_table(st, d)] for a in attackers}
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
            close_combat(ctx, plan)
            if ctx.state.assault is not None:
                ctx.emit(E.AssaultState(facts=None))
            return


def _ask(ctx: Resolution, plan: Plan, uid: str, kind: str, choices: tuple[str, ...], rule: str) -> None:
    plan.asking = uid
    save_plan(ctx, plan)
    ctx.emit(E.DecisionAsked(side=ctx.state.units[uid].side, kind=kind, data=choices, rule=rule))


def _ask_withdrawals(ctx: Resolution, plan: Plan) -> bool:
    st: DustState = ctx.state
    for d in plan.defenders:
        if d in plan.asked or not unit_on_table(st, d):
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
    plan = load_plan(st)
    d = plan.asking
    plan.asking = ""
    plan.asked.append(d)
    du = st.units[d]
    if choice == "withdraw":
        left = withdraw(ctx, du, _first_attacker_of(st, plan, d), 1, "withdrew before the assault; the drop "
                        "comes even when the withdrawal is voluntary")
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
             for d in plan.goals[a] if d not in plan.withdrawn and unit_on_table(st, d)]
    for a in plan.attackers:
        if plan.status[a] == "go" and not any(x == a for x, _ in links):
            plan.status[a] = "choose"  # every enemy it went for has withdrawn
    if not links:
        return
    pairs = bodies(st, links)
    split_note(ctx, st, pairs)
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
        if beaten and unit_on_table(st, d):
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
            spend_actions(ctx, a, None, "assault failed: both actions lost")
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
            h = as_hex(plan.vacated[d])
            return h if st.occupant.get(h) is None else None
    return None


def _chased(st: DustState, plan: Plan, a: str) -> list[str]:
    out = [d for d in plan.targets[a] if d in plan.withdrawn and unit_on_table(st, d) and not st.units[d].carried_by]
    if len(out) == 2 and hex_distance(st.units[out[0]].hex, st.units[out[1]].hex) > 2:
        out = out[:1]  # too far apart now to be reached in one move: go after the first
    return out


def _pursuit_choices(st: DustState, plan: Plan, a: str) -> tuple[str, ...]:
    if not unit_on_table(st, a):
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
    if plan.contacts_of(a) or not unit_on_table(st, a):
        return None
    for d in plan.targets[a]:
        du = st.units.get(d)
        if d in plan.withdrawn and du is not None and du.carried_by:
            v = du.carried_by
            if unit_on_table(st, v) and v not in plan.targets[a] and _target_problem(st, st.units[a], v) is None:
                return v
    return None


def _decide_occupy(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    plan = load_plan(st)
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
        spend_actions(ctx, a, None, "occupy the defender's position")
        settle(plan, a)
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
        settle(plan, a)
    _run(ctx, plan)


def _first_moves(ctx: Resolution, plan: Plan) -> None:
    for a in plan.attackers:
        if plan.status[a] != "go":
            continue
        contact_move(ctx, plan, a, "move to contact")
        if plan.goals[a]:
            defensive_fire(ctx, plan, a)
        else:
            settle(plan, a)


def _ask_crew(ctx: Resolution, plan: Plan) -> bool:
    """Vehicles: Close Assault: once the attackers are in contact, the crew of a vehicle whose owner
    chose "dismount" get out and fight back in its place (the contact passes to them). A vehicle
    assaulted under the two inch rule was never asked whether to withdraw: its side is asked now
    (decision "crew": "stay" closed down, or "dismount")."""
    st: DustState = ctx.state
    for a, d in plan.contact:
        du = st.units.get(d)
        if du is None or du.vehicle != "vehicle" or not (unit_on_table(st, a) and unit_on_table(st, d)):
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
    plan = load_plan(st)
    d = plan.asking
    plan.asking = ""
    v = st.units[d]
    if choice == "dismount":
        _crew_gets_out(ctx, plan, v)
    else:
        ctx.emit(E.Note(text=f"{v.name}'s crew stay closed down", rule=vehicles.R_CREW))
    _run(ctx, plan)


def _ask_press(ctx: Resolution, plan: Plan) -> bool:
    st: DustState = ctx.state
    for a in plan.attackers:
        if plan.status[a] != "press":
            continue
        if not unit_on_table(st, a):
            settle(plan, a)
            continue
        _ask(ctx, plan, a, "press", ("press", "halt"), R_CONTACT)
        return True
    return False


def _decide_press(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    plan = load_plan(st)
    a = plan.asking
    plan.asking = ""
    u = st.units[a]
    if choice == "press":
        spend_actions(ctx, a, 1, "assault: second move to contact")
        contact_move(ctx, plan, a, "second move to contact")
        if plan.goals[a]:
            ctx.emit(E.Note(text=f"{u.name} is still short: it stays where it ended, caught out of position",
                            rule=R_CONTACT))
    else:
        ctx.emit(E.Note(text=f"{u.name} halts where it is", rule=R_CONTACT))
    settle(plan, a)
    _run(ctx, plan)


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


def _reach_refusal(st: DustState, u: Unit, cmd: C.Assault, within: dict[Hex, int] | None = None) -> str | None:
    """Whom it may assault (one enemy, or two it can reach in the same move), and whether its best
    movement roll gets it into contact (``within``: the hexes that roll reaches, if worked out already)."""
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
    way = approach(st, u, goals, budget=die, within=within)
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
    if not out or _assaulter_refusal(st, u) is not None:
        return []
    # each assault checked (:func:`check`) against one search of the hexes its best roll reaches
    die, _ = ground.movement_die(st, u, ground.carries_wounded(u, False))
    within = reachable(u.hex, die, ground.step_cost(st, u))
    return [cmd for cmd in out if _reach_refusal(st, u, cmd, within) is None]


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


ACTIONS: dict[type, Action] = {C.Assault: Action(check, resolve, offer, offer_checked=True)}
DECISIONS: dict[str, Decision] = {
    "withdraw": _decide_withdraw,
    "occupy": _decide_occupy,
    "press": _decide_press,
    "crew": _decide_crew,
}
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
