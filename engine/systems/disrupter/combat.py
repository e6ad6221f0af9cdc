"""Disrupter in the thick of it: checks and stress (Rules 7-8), firing and its losses (Rule 16), panic
(Rule 8), a team's walk hex by hex and the reaction fire it draws (Rules 14-15), and spotting.

These are one module because they call one another: a shot can kill, a death brings panic, panic can send a
team falling back, and a team falling back draws reaction fire.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import events as E
from .board import (
    CLOSE,
    MAX_STRESS,
    R_COMMAND,
    R_COVER,
    R_FIRE,
    R_MOVE,
    R_REACT,
    R_SPOT,
    R_STATS,
    R_STRESS,
    edge_distance,
    has_cover,
    hq_squad,
    instinct_mods,
    is_bot_team,
    is_led,
    is_officer,
    officers_left,
    order_of,
    routes,
    sees,
    segment_teams,
    unit_stats,
)
from .data import PanicRow
from .describe import unit_name
from .dice import CRIT_FAILURE, CRIT_SUCCESS, FAILURE, Check, automatic, check, net, panic_passes
from .fireplan import FAILED, PASSED, Roll, firers_for, plan_fire
from .schema import CLASSES
from .state import DisState, Team, Unit
from .vehicles import (
    R_VEHICLE_MOVE,
    SLIDES,
    auto_templates,
    drive_path,
    driver,
    is_vehicle,
    may_take_cover,
    template_step,
)


def _clamp(v: int) -> int:
    return max(0, min(MAX_STRESS, v))


def roll_check(ctx: Resolution, side: str, who: str, kind: str, stat: int, adv: int, mods: tuple[str, ...],
               purpose: str, rule: str) -> Check:
    """Roll a d100 check/save, log it, and apply the stress of a critical (Rule 8)."""
    c = check(ctx, stat, adv, f"{kind} {purpose}", rule, who, mods)
    ctx.emit(E.CheckMade(who=who, kind=kind, purpose=purpose, stat=stat, adv=adv, rolls=c.rolls, roll=c.roll,
                         result=c.result, modifiers=mods, rule=rule))
    if c.result == CRIT_SUCCESS:
        change_stress(ctx, side, -1, f"critical success on {unit_name(ctx.state, who)}'s {kind.lower()} roll")
    elif c.result == CRIT_FAILURE:
        change_stress(ctx, side, +1, f"critical failure on {unit_name(ctx.state, who)}'s {kind.lower()} roll")
    return c


def change_stress(ctx: Resolution, side: str, delta: int, reason: str) -> None:
    s: DisState = ctx.state
    if s.opt("no_stress"):
        return
    old = s.platoons[side].stress
    new = _clamp(old + delta)
    if new != old or reason == "the CO relieves stress":
        ctx.emit(E.StressChanged(side=side, delta=new - old, stress=new, reason=reason))


def instinct_check(ctx: Resolution, team: Team, unit: Unit, purpose: str, rule: str, extra: int = 0,
                   extra_names: tuple[str, ...] = ()) -> Check:
    s: DisState = ctx.state
    adv, mods = instinct_mods(s, team, unit)
    if extra:
        adv = net((adv > 0) + (extra > 0), (adv < 0) + (extra < 0))
        mods = mods + extra_names
    return roll_check(ctx, team.side, unit.id, "Instinct", CLASSES[unit.klass], adv, mods, purpose, rule)


# ---------------------------------------------------------------------------------------------
# Firing (Rule 16 - Firing)
# ---------------------------------------------------------------------------------------------

def _split_remainder(ctx: Resolution, units: list[Unit], extra: int, who: str) -> list[Unit]:
    """Pick ``extra`` distinct units at random for the wounds that do not split evenly (a d4, rerolled above the
    number of units still to pick from)."""
    pool = list(units)
    picked: list[Unit] = []
    for _ in range(extra):
        if len(pool) == 1:
            picked.append(pool.pop())
            continue
        while True:
            r = ctx.roll(4, f"which unit takes a left-over wound (1-{len(pool)}, reroll higher)", R_FIRE, who)
            if r <= len(pool):
                break
        picked.append(pool.pop(r - 1))
    return picked


def _make(ctx: Resolution, side: str, roll: Roll, kind: str, purpose: str, rule: str) -> Check:
    """Make one check or save of a shot as its plan says: rolled, or passed or failed without a die."""
    if roll.how == PASSED:
        return automatic(roll.stat)
    if roll.how == FAILED:
        return Check(roll.stat, 0, (), -1, FAILURE)
    return roll_check(ctx, side, roll.unit, kind, roll.stat, roll.adv, roll.modifiers, purpose, rule)


def resolve_fire(ctx: Resolution, team: Team, target: Team, target_unit: str | None, reaction: bool) -> None:
    """Rule 16 - Firing: the shot as :func:`fireplan.plan_fire` works it out, its checks and saves rolled and
    read by :meth:`FirePlan.rows` (Rule 16's table). The wounds landing on an armour group are split evenly
    among its units, the remainder at random."""
    s: DisState = ctx.state
    plan = plan_fire(s, team, target, target_unit, reaction)
    rule = R_REACT if reaction else R_FIRE
    ctx.emit(E.FireDeclared(team=team.id, target=target.id, target_unit=target_unit, firers=plan.firers,
                            distance=plan.distance, reaction=reaction, rule=rule))
    if not reaction:
        ctx.emit(E.UnitsActed(team=team.id, units=plan.firers, action="fire"))
    checks = {i: _make(ctx, team.side, roll, "Instinct", f"to fire at {target.name}", rule).result
              for i, roll in plan.checks}
    saves = {a: _make(ctx, target.side, roll, "Armor", "save", R_FIRE).result for a, roll in plan.saves}
    wounds_on: dict[int, int] = {}
    rows = plan.rows(checks, saves)
    for row in rows:
        pair = row.pairing
        ctx.emit(E.FireResolved(team=team.id, target=target.id, instinct=pair.instinct, armour=pair.armour,
                                firers=pair.firers, check=row.check, save=row.save, wounds=row.wounds,
                                effect=row.effect))
        wounds_on[pair.armour] = wounds_on.get(pair.armour, 0) + row.wounds
    if any(row.penalty for row in rows):
        ctx.emit(E.PenaltySet(team=team.id, turn=s.turn + 1))
    if team.cover:
        ctx.emit(E.CoverChanged(team=team.id, cover=False, reason="fired from cover", rule=R_COVER))
    targeted = set(plan.targeted)
    dead: list[Unit] = []
    for a, total in sorted(wounds_on.items()):
        if total <= 0:
            continue
        group_units = [u for u in target.units if u.id in targeted and unit_stats(s, u)[1] == a and u.alive]
        if not group_units:
            continue
        dead += _wound(ctx, s, group_units, total, target.id)
    if dead:
        after_losses(ctx, target, dead)


def _wound(ctx: Resolution, s: DisState, units: list[Unit], total: int, who: str) -> list[Unit]:
    """Split ``total`` wounds evenly among ``units``, the remainder at random; the units killed."""
    base, extra = divmod(total, len(units))
    share = {u.id: base for u in units}
    for u in _split_remainder(ctx, units, extra, who):
        share[u.id] += 1
    dead = []
    for u in units:
        if share[u.id] <= 0:
            continue
        ctx.emit(E.WoundsTaken(unit=u.id, wounds=share[u.id], total=u.wounds + share[u.id]))
        if u.wounds >= unit_stats(s, u)[2]:
            ctx.emit(E.UnitRemoved(unit=u.id, reason=plural(u.wounds, "wound"), rule=R_STATS))
            dead.append(u)
    return dead


def after_losses(ctx: Resolution, team: Team, dead: list[Unit]) -> None:
    """Rule 8 and Rule 9: stress, panic checks, succession and surrender after units are taken off."""
    s: DisState = ctx.state
    where = team.hex
    if not team.living:
        ctx.emit(E.TeamLeftBoard(team=team.id, reason="wiped out", rule=R_FIRE))
    for u in dead:
        if u.klass == "bot" or s.opt("no_stress"):
            continue
        change_stress(ctx, team.side, +1, f"{unit_name(ctx.state, u.id)} is killed")
        platoon_panic(ctx, team.side)
        for other in sorted(s.side_teams(team.side), key=lambda t: t.id):
            if hex_distance(other.hex, where) <= CLOSE and not is_bot_team(other):
                team_panic(ctx, other, f"a human of {team.name} was taken off within Close")
    if any(u.id == s.platoons[team.side].co for u in dead):
        succession(ctx, team.side)
    check_surrender(ctx)


def succession(ctx: Resolution, side: str) -> None:
    """Rule 9: an NCO takes over a fallen CO. This game's reading: the NCO of the first squad in the platoon
    list that still has one; his team joins the CO's command. When no other squad has one, an NCO whose team
    had already joined the CO's command (rallied to him) takes over: the platoon surrenders only with no
    officer left (Rule 9), never with an officer and no CO."""
    s: DisState = ctx.state
    hq = hq_squad(s, side)
    for q in sorted((q for q in s.tables.squads if q.side == side), key=lambda q: q.hq):  # the CO's own last
        nco = s.nco_team(q.id)
        if nco is None:
            continue
        unit = next(u for u in nco.units if is_officer(s, u))
        ctx.emit(E.CoAppointed(side=side, unit=unit.id, rule=R_COMMAND))
        if nco.squad != hq.id:
            ctx.emit(E.TeamJoinedSquad(team=nco.id, squad=hq.id, reason="the new CO's team", rule=R_COMMAND))
        return


def check_surrender(ctx: Resolution) -> None:
    s: DisState = ctx.state
    if s.result is not None:
        return
    beaten = [side for side in s.sides if not officers_left(s, side)]
    if len(beaten) == 2:
        ctx.emit(E.BattleEnded(winner=None, reason="both platoons have lost every officer and surrender",
                               rule=R_COMMAND))
    elif beaten:
        loser = beaten[0]
        ctx.emit(E.BattleEnded(winner=s.other(loser), reason=f"{s.platoons[loser].name} has no officer left "
                               "and surrenders", rule=R_COMMAND))


# ---------------------------------------------------------------------------------------------
# Panic (Rule 8)
# ---------------------------------------------------------------------------------------------

def panic_row(rows: Sequence[PanicRow], roll: int) -> PanicRow:
    """The row of a panic table (Rule 8) that a d20 roll falls in."""
    return next(r for r in rows if r.low <= roll <= r.high)


def team_panic(ctx: Resolution, team: Team, why: str) -> None:
    """Rule 8: a team panic check, d20 over the platoon's stress; bots and all-bot teams never panic."""
    s: DisState = ctx.state
    if s.opt("no_stress") or is_bot_team(team) or not team.on_board:
        return
    stress = s.platoons[team.side].stress
    roll = ctx.roll(20, f"team panic check for {team.name} ({why})", R_STRESS, team.id)
    if panic_passes(roll, stress):
        ctx.emit(E.PanicChecked(side=team.side, team=team.id, roll=roll, stress=stress, passed=True, result="",
                                text="holds"))
        return
    row = panic_row(s.tables.team_panic, roll)
    ctx.emit(E.PanicChecked(side=team.side, team=team.id, roll=roll, stress=stress, passed=False, result=row.result,
                            text=row.text))
    if row.result == "take_cover":
        if may_take_cover(s, team) and not team.cover:
            ctx.emit(E.CoverChanged(team=team.id, cover=True, reason="panic", rule=R_STRESS))
    elif row.result == "freeze":
        ctx.emit(E.TeamFrozen(team=team.id, turn=_next_activation_turn(s, team)))
    elif row.result == "fall_back":
        move_auto(ctx, team, "retreat", None, "falls back (panic)", react=False)
    elif row.result == "rout":
        ctx.emit(E.TeamRouted(team=team.id, routed=True))


def _next_activation_turn(s: DisState, team: Team) -> int:
    """The turn of the team's next activation: this one if its squad's segment is still to come."""
    if s.phase != "action":
        return s.turn + 1
    for seg in s.segments:
        if team.id in [t.id for t in segment_teams(s, seg)]:
            return s.turn
    return s.turn + 1


def platoon_panic(ctx: Resolution, side: str) -> None:
    s: DisState = ctx.state
    stress = s.platoons[side].stress
    roll = ctx.roll(20, f"platoon panic check for {s.platoons[side].name}", R_STRESS, side)
    if panic_passes(roll, stress):
        ctx.emit(E.PanicChecked(side=side, team=None, roll=roll, stress=stress, passed=True, result="",
                                text="holds"))
        return
    row = panic_row(s.tables.platoon_panic, roll)
    ctx.emit(E.PanicChecked(side=side, team=None, roll=roll, stress=stress, passed=False, result=row.result,
                            text=row.text))
    if row.result == "stress_1":
        change_stress(ctx, side, +1, "platoon panic")
    elif row.result == "stress_2":
        change_stress(ctx, side, +2, "platoon panic")
    elif row.result == "jam_code_words":
        ctx.emit(E.CodeWordsJammed(side=side, turn=max(s.turn, 1)))
    elif row.result == "lose_group_1":
        for q in s.tables.squads:
            sq = s.squads[q.id]
            if sq.side == side and not sq.hq and sq.group == 1:
                ctx.emit(E.GroupAssigned(squad=sq.id, group=2, reason="platoon panic", rule=R_STRESS))
                break


# ---------------------------------------------------------------------------------------------
# Movement and reaction fire
# ---------------------------------------------------------------------------------------------

def auto_path(s: DisState, team: Team, verb: str, place: Hex | None) -> tuple[Hex, ...]:
    """The path of a move the engine makes for a team: its full Movement along a shortest legal path toward the
    place (advance, rally), its own edge (retreat), or the nearest light-cover hex (take_cover). A vehicle's:
    the hex after each template of :func:`vehicles.auto_templates`."""
    assert team.pos is not None  # on the board
    if is_vehicle(s, team):
        return tuple(h for h, _ in drive_path(team, auto_templates(s, team, verb, place)))
    reach = {team.pos: ()} | routes(s, team)
    if verb in ("advance", "rally") and place is not None:
        target = place

        def goal(h: Hex) -> int:
            return hex_distance(h, target)
    elif verb == "retreat":
        def goal(h: Hex) -> int:
            return edge_distance(s, team.side, h)
    elif verb == "take_cover":
        if has_cover(s, team.pos):
            return ()
        covers = [h for h in s.tables.board if has_cover(s, h)]
        if not covers:
            return ()

        def goal(h: Hex) -> int:
            return min(hex_distance(h, c) for c in covers)
    else:
        return ()
    best = min(reach, key=lambda h: (goal(h), len(reach[h])))
    return reach[best]


def move_auto(ctx: Resolution, team: Team, verb: str, place: Hex | None, how: str,
              react: bool = True) -> tuple[Hex, ...]:
    """A move the engine makes for a team (its orders, a retreat, a panic): a stand walks :func:`auto_path`, a
    vehicle drives :func:`vehicles.auto_templates`. The path planned (a vehicle's: its hex after each template)."""
    s: DisState = ctx.state
    if is_vehicle(s, team):
        templates = auto_templates(s, team, verb, place)
        path = tuple(h for h, _ in drive_path(team, templates))
        drive(ctx, team, templates, how, react)
        return path
    path = auto_path(s, team, verb, place)
    walk(ctx, team, path, how, react)
    return path


def drive(ctx: Resolution, team: Team, templates: tuple[str, ...], how: str, react: bool = True) -> None:
    """Vehicles (this game's own): the vehicle drives its templates one at a time, each moving it one hex and/or
    turning it (:func:`vehicles.template_step`). A slide first needs the driver's Instinct check: on a failure the
    vehicle skids to a stop and its move ends there. After each template, reaction fire (Rule 15: "After each hex
    or Vehicle Template for Movement ... check if any enemy Teams or Vehicles have LOS on the moving Team or
    Vehicle"); a panic result ends the move, as for a team."""
    s: DisState = ctx.state
    if templates and team.spotted:
        ctx.emit(E.SpotMarked(team=team.id, by="", spotted=False))
    was_routed = team.routed
    walked: list[Hex] = [team.hex]
    for x in templates:
        if x in SLIDES:
            check = instinct_check(ctx, team, s.unit(driver(team)), f"to slide {team.name}", R_VEHICLE_MOVE)
            if not check.success:
                break
        assert team.facing is not None  # a vehicle faces somewhere from the start
        to, facing = template_step(team.hex, team.facing, x)
        if to != team.hex:
            ctx.emit(E.TeamStepped(team=team.id, frm=team.hex, to=to, rule=R_VEHICLE_MOVE))
            walked.append(to)
        if facing != team.facing:
            ctx.emit(E.VehicleTurned(team=team.id, facing=facing, rule=R_VEHICLE_MOVE))
        if react:
            before = (team.pos, team.frozen_turn)
            reaction_fire(ctx, team)
            if team.on_board and (team.pos, team.frozen_turn) != before:
                break
        if not team.on_board or (team.routed and not was_routed) or s.result is not None:
            break
    _squeeze_back(ctx, team, walked)


def walk(ctx: Resolution, team: Team, path: tuple[Hex, ...], how: str, react: bool = True) -> None:
    """Step the team along ``path`` one hex at a time; after each hex, reaction fire (Rule 15)."""
    s: DisState = ctx.state
    if path and team.cover:
        ctx.emit(E.CoverChanged(team=team.id, cover=False, reason="moved", rule=R_COVER))
    if path and team.spotted:
        ctx.emit(E.SpotMarked(team=team.id, by="", spotted=False))
    was_routed = team.routed
    walked: list[Hex] = [team.hex]
    for h in path:
        ctx.emit(E.TeamStepped(team=team.id, frm=team.hex, to=h))
        walked.append(h)
        if react:
            before = (team.cover, team.frozen_turn)
            reaction_fire(ctx, team)
            # this game's reading: a panic result (dive for cover, freeze, fall back, rout) ends the move there
            if team.on_board and (team.pos != h or (team.cover, team.frozen_turn) != before):
                break
        if not team.on_board or (team.routed and not was_routed) or s.result is not None:
            break
    _squeeze_back(ctx, team, walked)


def _squeeze_back(ctx: Resolution, team: Team, walked: list[Hex]) -> None:
    """Rule 14: only one team to a hex. A move cut short on a friend's hex (teams may pass through friends)
    ends, in this game's reading, on the last free hex of the path it came along, with no further reaction
    fire; it keeps cover only if that hex gives cover."""
    s: DisState = ctx.state
    if not team.on_board or team.pos not in walked:
        return

    def taken(h: Hex) -> bool:
        return any(o.id != team.id and o.on_board and o.pos == h for o in s.teams.values())

    if not taken(team.pos):
        return
    for h in reversed(walked[:walked.index(team.pos)]):
        if not taken(h):
            ctx.emit(E.TeamStepped(team=team.id, frm=team.pos, to=h, rule=R_MOVE))
            if team.cover and not has_cover(s, h):
                ctx.emit(E.CoverChanged(team=team.id, cover=False, reason="stepped back off a friend's hex",
                                        rule=R_COVER))
            return


def stance(s: DisState, enemy: Team, mover: Team) -> str:
    """What an enemy team does when a mover comes into its sight (Rule 15, Rule 9 - Leading).

    Its squad's fire clause decides: fire, spot, or (hold_fire) fire only at a team that fired at it this turn.
    Routed teams never react; an unled all-bot team only fires in self-defence."""
    if enemy.routed:
        return "none"
    clause = order_of(s, enemy).fire
    if is_bot_team(enemy) and not is_led(s, enemy):
        clause = "hold_fire"
    if clause == "hold_fire":
        return "fire" if mover.id in enemy.fired_at_by else "none"
    return clause


def reaction_fire(ctx: Resolution, mover: Team) -> None:
    """Rule 15: after each hex, every enemy team with sight and range of the mover whose orders say to fire,
    and that has not yet reacted in this movement step, must fire (or spot, under a spot clause)."""
    s: DisState = ctx.state
    was_routed = mover.routed
    for enemy in sorted(s.side_teams(s.other(mover.side)), key=lambda t: t.id):
        if not mover.on_board or (mover.routed and not was_routed) or s.result is not None:
            return
        if enemy.id in s.reacted or not enemy.on_board:
            continue
        if not sees(s, enemy.hex, mover.hex, enemy.side):
            continue
        how = stance(s, enemy, mover)
        if how == "fire":
            if not firers_for(s, enemy, mover, True):
                continue
            resolve_fire(ctx, enemy, mover, None, reaction=True)
        elif how == "spot" and not mover.spotted:
            ctx.emit(E.FireDeclared(team=enemy.id, target=mover.id, target_unit=None, firers=(), distance=hex_distance(
                enemy.hex, mover.hex), reaction=True, rule=R_REACT))
            spot_check(ctx, enemy, mover, None)


def spot_check(ctx: Resolution, team: Team, target: Team, unit: Unit | None) -> None:
    """Rule 16 - Spotting: an Instinct check; success marks the target spotted until it moves (it then gets no
    A[+] from cover: this game's reading of drawing a target out of cover)."""
    s: DisState = ctx.state
    spotter = unit or max(team.living, key=lambda u: (CLASSES[u.klass], u.id))
    if s.opt("auto_spot_rally"):
        ok = True
    else:
        ok = instinct_check(ctx, team, spotter, f"to spot {target.name}", R_SPOT).success
    ctx.emit(E.SpotMarked(team=target.id, by=team.id, spotted=ok))

