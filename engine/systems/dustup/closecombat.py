"""Close combat (book: "Assault Action", from "Combat Resolution" to "Total Victory", with "Special
Close Combat Weapons"; Vehicles: "Close Assault"): two rounds of simultaneous strikes, the strike dice,
hits and casualties, the outcome's second courage test, the loser's withdrawal and total victory; the
crews that fight in their vehicle's place and the attack on the vehicle after them.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import checks, ground, vehicles
from . import events as E
from .assaultplan import Plan, unit_on_table
from .contact import withdraw
from .courage import (
    R_MULTIPLE,
    Body,
    bodies,
    courage_roll,
    fighting_figures,
    members,
    outnumbered_steps,
    sizes,
    split_note,
    standing,
    view,
    weapon_of,
)
from .dice import die_name, shift, shift_names, strike_die, strike_over_twelve, successes
from .state import (
    FIT,
    KILLED,
    ROUTED,
    DustState,
    Figure,
    Unit,
)

R_COMBAT = "Assault Action: Combat Resolution"
R_STRIKE = "Assault Action: Strike Value"
R_RESULT = "Assault Action: Result"
R_CASUALTIES = "Assault Action: Casualties"
R_COUNTER = "Assault Action: Counterstrike"
R_OUTCOME = "Assault Action: Outcome"
R_TOTAL = "Assault Action: Total Victory"
R_SPECIAL = "Assault Action: Special Close Combat Weapons"


def _crew_beaten(ctx: Resolution, plan: Plan, links: list[tuple[str, str]], losers: set[str]) -> None:
    """After a fight with a dismounted crew (this game's reading): attackers who won it, or left no
    crewman standing, go on to make their attack on the vehicle itself (Infantry Assaulting
    Vehicles: one impact roll, then back toward cover; a mech strikes one round); attackers who lost
    it withdraw as from any lost close combat, and the vehicle is left alone."""
    st: DustState = ctx.state
    for a, c in links:
        vid = next((v for v, crew in plan.crews.items() if crew == c), None)
        if vid is None or a in losers or not unit_on_table(st, a) or not unit_on_table(st, vid):
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


def special_weapon(st: DustState, f: Figure) -> bool:
    """The figure fights with a special close combat weapon, which strikes with its own die (Special Close
    Combat Weapons); a figure with no weapon in weapons.toml fights as a trooper with an ordinary one."""
    w = weapon_of(st, f)
    return w is not None and w.kind == "close_combat"


def strike_dice(st: DustState, u: Unit, figures: list[Figure]) -> tuple[list[tuple[int, str, str]], int]:
    """The striker's strike dice (Strike Value; Special Close Combat Weapons): one die for the
    strike value x the troopers with ordinary weapons, rounded up to a die type (a D4 below 4,
    a D12 above 12), and each special weapon's own strike die. Also returns the strike value total."""
    normal = [f for f in figures if not special_weapon(st, f)]
    special = [f for f in figures if special_weapon(st, f)]
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


def close_combat(ctx: Resolution, plan: Plan) -> None:
    st: DustState = ctx.state
    links = [(a, d) for a, d in plan.contact if unit_on_table(st, a) and unit_on_table(st, d)]
    if not links:
        return
    links = _vehicle_contacts(ctx, links)
    if not links:
        return
    pairs = bodies(st, links)
    split_note(ctx, st, pairs)
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
    checks.leader_losses(ctx, [uid for uid in involved if unit_on_table(st, uid) and not st.units[uid].is_vehicle])
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
        if not (unit_on_table(st, a) and unit_on_table(st, d)):
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
