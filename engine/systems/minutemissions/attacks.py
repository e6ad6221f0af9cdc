"""30 Minute Missions attacks and damage: the attack with its rolls, the counter roll, weapon effects, damage to
sections, weapons and drones and what a destroyed one takes with it, falls, and the reactions of units in
offensive stance to a mover. Each roll is judged by :mod:`.odds`' function of its face.

Book sections: Ranged / Close Combat Phase, Combat, Weapons, Terminology (Perfect Roll, Critical Roll,
Counter Roll, Fall Damage), Command Actions (Offensive and Defensive Stance).
"""

from __future__ import annotations

from math import ceil

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import combat as K
from . import events as E
from .data import LEGS, SECTION_NAMES, Weapon
from .odds import hits, is_critical, is_perfect, reaches
from .rules import (
    FALL_PER_LEVEL,
    R_CLOSE,
    R_RANGED,
    R_TERMS,
    active_drones,
    check_annihilation,
    end_turn,
    spend,
    target_pos,
    weapon_of_attack,
)
from .schema import ARMS, SECTIONS
from .state import CLOSE, DOWN, HELD, MOUNTED, RANGED, Drone, MissionState, Unit, WeaponState

# ---------------------------------------------------------------------------------------------
# Moving into sight
# ---------------------------------------------------------------------------------------------

def stance_watch(st: MissionState, mover: Unit) -> dict[str, bool]:
    """Before a move: which enemy units in offensive stance can already strike the mover."""
    out = {}
    for e in st.units.values():
        if e.on_board and e.side != mover.side and e.stance == "offensive":
            out[e.id] = stance_can_strike(st, e, mover)
    return out


def stance_can_strike(st: MissionState, e: Unit, mover: Unit) -> bool:
    w = st.weapons.get(e.stance_weapon)
    if w is None or K.usable(st, e, w) is not None or e.posture == DOWN:
        return False
    weapon = st.tables.weapons[w.type]
    if not K.in_view(e.hex, e.facing, mover.hex):
        return False
    if K.attack_range(e.hex, e.elev, mover.hex, mover.elev) > weapon.range:
        return False
    return K.line_of_sight(st, e.hex, e.elev, mover.hex, mover.elev)


def reactions(ctx: Resolution, mover: Unit, before: dict[str, bool]) -> None:
    """Offensive Stance: a unit aiming that way attacks, out of its own turn, an enemy that moves into
    range. This game's reading: one attack at the torso, no AP (the stance paid for it), then the stance
    ends."""
    st: MissionState = ctx.state
    for eid, could in before.items():
        e = st.units[eid]
        if mover.destroyed or not e.on_board or e.stance != "offensive" or could:
            continue
        if stance_can_strike(st, e, mover):
            wid = e.stance_weapon
            ctx.emit(E.StanceEnded(unit=e.id, stance="offensive", reason=f"it fires at {mover.name} moving into range"))
            attack(ctx, e, wid, mover.id, "torso", reaction=True)


def drones_follow(ctx: Resolution, u: Unit, frm: Hex) -> None:
    """Drones stay within 2 hexes of their carrier: when it moves, a drone left too far shifts with it
    (this game's reading); one that would leave the board, or enter a hex another drone keeps, docks."""
    st: MissionState = ctx.state
    moves, docked = [], []
    delta = u.hex - frm
    leaving = [d for d in active_drones(st, u.id) if hex_distance(d.hex, u.hex) > K.DRONE_RADIUS]
    going = {d.id for d in leaving}
    kept = {d.at for d in st.drones.values() if d.active and d.id not in going}
    for d in leaving:
        h = d.hex + delta
        if st.tables.on_board(h) and h not in kept:
            moves.append((d.id, h))
        else:
            docked.append(d.id)
    if moves:
        ctx.emit(E.DronesFollowed(moves=tuple(moves)))
    if docked:
        ctx.emit(E.DronesRecalled(carrier=u.id, drones=tuple(docked), rule="this game's reading: out of reach"))


def release_grapples_by(ctx: Resolution, u: Unit) -> None:
    for x in ctx.state.units.values():
        if x.grappled_by == u.id:
            ctx.emit(E.GrappleBroken(unit=x.id, reason=f"{u.name} moved away"))


def fall(ctx: Resolution, u: Unit, height: int) -> None:
    """Terminology, Fall Damage: 3 x the height fallen to both legs, or to the cockpit (torso) of a
    transformed unit; the unit ends thrown down (this game's reading)."""
    dmg = FALL_PER_LEVEL * height
    parts = ("torso",) if u.transformed else LEGS
    for sec in parts:
        if u.on_board and u.sections[sec] > 0:
            deal(ctx, u.id, sec, dmg, f"a fall of {height} levels", redirect=False)
    if u.on_board and u.posture != DOWN:
        ctx.emit(E.PostureChanged(unit=u.id, posture=DOWN, reason="it fell"))


# ---------------------------------------------------------------------------------------------
# Attacks
# ---------------------------------------------------------------------------------------------

def attack(ctx: Resolution, u: Unit, wid: str, tid: str, area: str, reaction: bool = False) -> None:
    """Ranged / Close Combat Phase: pay the weapon's AP; accuracy (or assault) roll, d8 >= the stat; the
    target's evasion roll; a successful evasion may bring a counter roll; then the critical roll (8: half
    the flat damage again, rounded up); the damage comes off the chosen area's defence points.
    Terminology, Perfect Roll: a natural 8 to hit cannot be evaded."""
    st: MissionState = ctx.state
    weapon, w, drone = weapon_of_attack(st, u.id, wid)
    rule = R_RANGED if weapon.kind == "ranged" else R_CLOSE
    if not reaction:
        spend(ctx, u, weapon.ap, weapon.name)
    ctx.emit(E.AttackMade(attacker=drone.id if drone else u.id, weapon=wid, target=tid, area=area,
                          reaction=reaction))
    hit, perfect = _attack_roll(ctx, u, weapon, drone, rule)
    if not hit:
        _attack_failed(ctx, u, reaction)
        return
    target_unit = st.units.get(tid)
    if not perfect and _evaded(ctx, tid, rule):
        if target_unit is not None:
            _counter(ctx, target_unit, drone.id if drone else u.id)
        _attack_failed(ctx, u, reaction)
        return
    c = ctx.roll(8, "critical roll: 8 is a critical hit", rule, u.side)
    crit = is_critical(c)
    ctx.emit(E.RollJudged(kind="critical", who=u.id, roll=c, modified=c, need=8, success=crit,
                          rule=R_TERMS + ": Critical Roll"))
    dmg = K.flat_damage(st, w, weapon)
    if crit:
        dmg += K.critical_bonus(dmg)
    deal(ctx, tid, area, dmg, f"{weapon.name}" + (" (critical hit)" if crit else ""), by=u.id)
    if target_unit is not None and target_unit.on_board and drone is None:
        _weapon_effects(ctx, u, weapon, target_unit, area)
    check_annihilation(ctx)


def _attack_roll(ctx: Resolution, u: Unit, weapon: Weapon, drone: Drone | None, rule: str) -> tuple[bool, bool]:
    """The accuracy (ranged) or assault roll against the attacker's modified stat, or a drone's accuracy:
    (hit, perfect)."""
    st: MissionState = ctx.state
    kind = "accuracy" if weapon.kind == "ranged" else "assault"
    mods: tuple[str, ...] = ()
    if drone is not None:
        need = st.tables.drones[drone.type].accuracy
        bonus = 0
    else:
        stat = K.accuracy(st, u, weapon) if kind == "accuracy" else K.assault(st, u, weapon)
        need = stat.need
        bonus, roll_mods = K.roll_bonus(u, kind)
        mods = stat.modifiers + roll_mods
    roll = ctx.roll(8, f"{kind} roll with {weapon.name}: needs {need}+" + (f", +{bonus} to the roll" if bonus else ""),
                    rule, u.side, modifiers=mods)
    perfect = is_perfect(roll)
    hit = hits(roll, need, bonus)
    ctx.emit(E.RollJudged(kind=kind, who=u.id, roll=roll, modified=roll + bonus, need=need, success=hit,
                          perfect=perfect, rule=rule))
    return hit, perfect


def _evaded(ctx: Resolution, tid: str, rule: str) -> bool:
    """The target's evasion roll, if it can evade (a drone always can; kneeling, prone or thrown-down
    units cannot)."""
    st: MissionState = ctx.state
    target_drone = st.drones.get(tid)
    e_mods: tuple[str, ...] = ()
    if target_drone is not None:
        need = st.tables.drones[target_drone.type].evasion
        side = target_drone.side
    else:
        target = st.units[tid]
        if K.can_evade(target):  # the reason it cannot
            return False
        stat = K.evasion(st, target)
        need, e_mods, side = stat.need, stat.modifiers, target.side
    e = ctx.roll(8, f"evasion roll: needs {need}+", rule, side, modifiers=e_mods)
    evaded = reaches(e, need)
    ctx.emit(E.RollJudged(kind="evasion", who=tid, roll=e, modified=e, need=need, success=evaded, rule=rule))
    return evaded


def _attack_failed(ctx: Resolution, u: Unit, reaction: bool) -> None:
    """Ranged Combat Phase: a shot that misses, or that the target evades, ends that phase ("the phase is
    over"); the same holds in the close combat phase, which ends the unit's turn. The book also lets a unit
    with AP left attack more than once: here that means after a hit. The option ``attack_on_after_a_miss``
    takes the other reading, where a miss or an evasion ends only that one attack."""
    st: MissionState = ctx.state
    if reaction or st.options.get("attack_on_after_a_miss") or st.result is not None:
        return
    t = st.turn
    if t is None or t.unit != u.id:
        return
    if t.phase == RANGED:
        ctx.emit(E.PhaseBegan(unit=u.id, phase=CLOSE))
    elif t.phase == CLOSE:
        end_turn(ctx, u, "its attack failed: the close combat phase is over")


def _weapon_effects(ctx: Resolution, u: Unit, weapon: Weapon, target: Unit, area: str) -> None:
    """This game's status effects from weapon tags: knockdown throws the target down, grapple holds it,
    disarm on an arm makes it drop what that hand holds."""
    st: MissionState = ctx.state
    if "knockdown" in weapon.tags and target.posture != DOWN:
        ctx.emit(E.PostureChanged(unit=target.id, posture=DOWN, reason=f"knocked down by {weapon.name}"))
    if "grapple" in weapon.tags and target.grappled_by is None:
        ctx.emit(E.Grappled(unit=target.id, by=u.id))
    if "disarm" in weapon.tags and area in ARMS:
        for w in st.weapons_of(target.id):
            if w.place == HELD and area in w.at:
                ctx.emit(E.WeaponDropped(weapon=w.id, at=target.hex, elev=target.elev,
                                         reason=f"disarmed by {weapon.name}"))


def _counter(ctx: Resolution, target: Unit, attacker_id: str) -> None:
    """Terminology, Counter Roll: after evading, the target may strike back with its primary weapon's flat
    damage (d8 >= its counter stat). This game's reading: the attacker must be within that weapon's range;
    the blow lands on the attacker's torso (a drone's frame)."""
    st: MissionState = ctx.state
    w = K.primary_weapon(st, target)
    if w is None:
        return
    weapon = st.tables.weapons[w.type]
    pos = target_pos(st, attacker_id)
    if pos is None or K.attack_range(target.hex, target.elev, pos[0], pos[1]) > weapon.range:
        return
    need = K.counter(st, target).need
    r = ctx.roll(8, f"counter roll with {weapon.name}: needs {need}+", R_TERMS + ": Counter Roll", target.side)
    ok = reaches(r, need)
    ctx.emit(E.RollJudged(kind="counter", who=target.id, roll=r, modified=r, need=need, success=ok,
                          rule=R_TERMS + ": Counter Roll"))
    if ok:
        area = "frame" if attacker_id in st.drones else "torso"
        deal(ctx, attacker_id, area, K.flat_damage(st, w, weapon), f"counter with {weapon.name}", by=target.id)
        check_annihilation(ctx)


# ---------------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------------

def deal(ctx: Resolution, victim: str, area: str, amount: int, cause: str, redirect: bool = True,
         by: str = "") -> None:
    """Take ``amount`` off the area's defence points (what goes past zero is lost, this game's reading).
    Defensive Stance sends the damage to the shield or two-handed weapon in hand instead. ``by``: the unit
    whose attack (or counter) it is, credited with what it destroys (Weapons: campaign experience)."""
    st: MissionState = ctx.state
    if victim in st.drones:
        d = st.drones[victim]
        left = max(0, d.dp - amount)
        ctx.emit(E.Damaged(unit=victim, area="frame", amount=amount, left=left, cause=cause))
        if left == 0:
            ctx.emit(E.DroneDestroyed(drone=victim, reason="its frame is wrecked", by=by))
        return
    u = st.units[victim]
    if redirect and u.stance == "defensive":
        shield = K.shield_of(st, u)
        if shield is not None:
            area = shield.id
            cause += ", taken on the guard (defensive stance)"
    if area in SECTIONS:
        if u.sections[area] == 0:
            return
        left = max(0, u.sections[area] - amount)
        ctx.emit(E.Damaged(unit=victim, area=area, amount=amount, left=left, cause=cause))
        if left == 0:
            section_destroyed(ctx, u, area, by)
        return
    w = st.weapons[area]
    left = max(0, w.dp - amount)
    ctx.emit(E.Damaged(unit=victim, area=area, amount=amount, left=left, cause=cause))
    if left == 0:
        weapon_destroyed(ctx, u, w, explode=True, by=by)


def weapon_destroyed(ctx: Resolution, u: Unit, w: WeaponState, explode: bool, by: str = "") -> None:
    """Weapons: a destroyed weapon is lost for the battle. A mounted one explodes for 50% of its flat
    damage (rounded up, this game's reading) into the section it is mounted on."""
    st: MissionState = ctx.state
    was_mounted = w.place == MOUNTED
    ctx.emit(E.WeaponDestroyed(weapon=w.id, by=by))
    if u.stance and (u.stance_weapon == w.id or (u.stance == "defensive" and K.shield_of(st, u) is None)):
        ctx.emit(E.StanceEnded(unit=u.id, stance=u.stance, reason=f"its {st.tables.weapons[w.type].name} is destroyed"))
    if explode and was_mounted:
        sec = w.at[0]
        dmg = ceil(st.tables.weapons[w.type].damage / 2)
        deal(ctx, u.id, sec, dmg, f"{st.tables.weapons[w.type].name} explodes", redirect=False, by=by)


def section_destroyed(ctx: Resolution, u: Unit, sec: str, by: str = "") -> None:
    """This game's status effects for a destroyed section: torso - the unit is destroyed; head - -2 to
    Accuracy; an arm - what it holds drops (a two-handed weapon stays in the other hand) and -1 to
    Assault; a leg - thrown down, movement halved, -1 to Evasion. Weapons mounted on a destroyed section
    are destroyed with it (no explosion)."""
    st: MissionState = ctx.state
    ctx.emit(E.SectionDestroyed(unit=u.id, section=sec))
    if sec == "torso":
        destroy_unit(ctx, u, "its torso is destroyed")
        return
    for w in st.weapons_of(u.id):
        if w.place == MOUNTED and w.at[0] == sec:
            weapon_destroyed(ctx, u, w, explode=False, by=by)
        elif w.place == HELD and sec in w.at:
            rest = tuple(a for a in w.at if a != sec)
            if rest:
                ctx.emit(E.WeaponRegripped(weapon=w.id, at=rest))
            else:
                ctx.emit(E.WeaponDropped(weapon=w.id, at=u.hex, elev=u.elev,
                                         reason=f"its {SECTION_NAMES[sec]} is destroyed"))
    if sec in LEGS and u.posture != DOWN and u.on_board:
        ctx.emit(E.PostureChanged(unit=u.id, posture=DOWN, reason=f"its {SECTION_NAMES[sec]} is destroyed"))


def destroy_unit(ctx: Resolution, u: Unit, reason: str) -> None:
    st: MissionState = ctx.state
    ctx.emit(E.UnitDestroyed(unit=u.id, reason=reason))
    for d in active_drones(st, u.id):
        ctx.emit(E.DroneDestroyed(drone=d.id, reason="its carrier is destroyed"))
    check_annihilation(ctx)

