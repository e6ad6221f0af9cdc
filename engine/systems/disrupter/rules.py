"""Disrupter's rules: setup, the fold, validation, legal orders and their resolution.

Rule references name the book's headings ("Rule 16 - Firing"). Where the book is
silent the docstring says "this game's reading:" and help.md lists the reading.

Shape of a battle: the briefing (both sides in turn, Rule 10; a scenario with
``briefing = false``, such as the tutorial, writes its orders itself and opens
at turn 1), then turns. A
turn starts with the initiative phase (Rule 11: stress, CO checks, NCO checks
into Group 1/2, pending CO orders swapped in) and then runs its segments
(group, side, step): ("co", side, "move"), ("co", side, "ba"), then "g1" and
"g2" likewise, first side first. A segment with nothing left to do closes by
itself; EndPhase closes it at once. When a movement step closes, routed teams
that have not moved retreat and unled teams that have not moved follow their
orders (this game's reading of "without deviation").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from hexfront.engine.core.hexes import (
    LOS_BLOCK,
    LOS_CLEAR,
    Hex,
    axial_to_offset,
    hex_distance,
    hex_label,
    line_of_sight,
)

from . import commands as C
from . import events as E
from .data import CLASSES, Tables
from .describe import unit_name
from .dice import CRIT_FAILURE, CRIT_SUCCESS, FAILURE, SUCCESS, Check, automatic, check, net, panic_passes
from .state import DEFAULT_WORDS, FIRE_CLAUSES, PLACE_VERBS, VERBS, DisState, Order, Platoon, Squad, Team, Unit

R_STATS = "Rule 6 - Stats"
R_CHECKS = "Rule 7 - Checks and Saves"
R_STRESS = "Rule 8 - Stress and Panic"
R_COMMAND = "Rule 9 - Chain of Command"
R_LEAD = "Rule 9 - Leading"
R_BRIEF = "Rule 10 - Intelligence Briefing"
R_TURN = "Rule 11 - Turn Structure"
R_LOS = "Rule 12 - Line of Sight"
R_COVER = "Rule 13 - Cover"
R_MOVE = "Rule 14 - Movement"
R_REACT = "Rule 15 - Reaction Fire"
R_FIRE = "Rule 16 - Firing"
R_SPOT = "Rule 16 - Spotting"
R_ORDERS = "Rule 16 - Commanding"
MAX_STRESS = 20
MAX_RALLY_POINTS = 3
MAX_CODE_WORDS = 4
CLOSE = 1
INITIATIVE_ROUNDS = 10

OPTIONS = ("single_wound", "no_stress", "officer_every_team", "auto_spot_rally", "fixed_turn_order", "single_group",
           "cos_in_group_1", "active_rolls_only", "player_facing", "one_wound_weapons", "resolve")


# ---------------------------------------------------------------------------------------------
# Setup and fold
# ---------------------------------------------------------------------------------------------

def new_state(tables: Tables, options: dict[str, Any]) -> DisState:
    platoons = {s.id: Platoon(s.id, s.name) for s in tables.sides}
    squads = {q.id: Squad(q.id, q.side, q.name, q.hq, Order("hold", None, "fire")) for q in tables.squads}
    teams = {t.id: Team(t.id, t.side, t.name, t.squad, [Unit(u.id, u.klass, u.kit, u.weapon) for u in t.units], None)
             for t in tables.teams}
    return DisState(tables=tables, options=dict(options), platoons=platoons, squads=squads, teams=teams)


def setup(ctx) -> None:
    s: DisState = ctx.state
    for spec in s.tables.teams:
        ctx.emit(E.TeamPlaced(team=spec.id, at=spec.at, rule=R_BRIEF))
    for side in s.sides:
        hq = next(q for q in s.tables.squads if q.side == side and q.hq)
        co = next(u.id for t in s.tables.teams if t.squad == hq.id for u in t.units if u.klass == "officer")
        ctx.emit(E.CoAppointed(side=side, unit=co))
    if not s.tables.briefing:
        # a scenario that skips the briefing (the tutorial): its written orders stand, and turn 1 begins at
        # once (this game's scenario setting; Rule 10 is then played by the scenario's author)
        for squad, verb, place, fire in s.tables.first_orders:
            ctx.emit(E.OrderChanged(squad=squad, verb=verb, place=place, fire=fire, source="briefing", rule=R_BRIEF))
        for side in s.sides:
            ctx.emit(E.BriefingEnded(side=side))
        start_turn(ctx)
        advance(ctx)


def _clamp(v: int) -> int:
    return max(0, min(MAX_STRESS, v))


def fold(s: DisState, e: Any) -> None:  # noqa: C901 - one branch per event type
    t = type(e)
    if t is E.TeamPlaced:
        team = s.teams[e.team]
        if team.pos is not None and s.phase == "briefing" and e.rule == R_BRIEF and team.pos != e.at:
            team.deployed = True
        team.pos = e.at
    elif t is E.CoAppointed:
        s.platoons[e.side].co = e.unit
    elif t is E.RallyPointPlaced:
        s.platoons[e.side].rally_points.append(e.at)
    elif t is E.CodeWordDefined:
        s.squads[e.squad].code_words[e.word] = Order(e.verb, e.place, e.fire)
    elif t is E.OrderChanged:
        sq = s.squads[e.squad]
        new = Order(e.verb, e.place, e.fire)
        if e.source == "code word":
            sq.before_code = sq.order
        elif e.source in ("resume", "orders", "pending", "briefing"):
            sq.before_code = None
        if e.source == "pending":
            sq.pending = None
        if e.source == "briefing":
            sq.orders_set = True
        sq.order = new
    elif t is E.OrderPending:
        s.squads[e.squad].pending = Order(e.verb, e.place, e.fire)
    elif t is E.BriefingEnded:
        s.platoons[e.side].briefed = True
    elif t is E.TurnBegan:
        s.turn = e.turn
        s.phase = "action"
        s.segments = ()
        s.reacted = []
        for team in s.teams.values():
            team.moved = False
            team.fired_at_by = []
            for u in team.units:
                u.acted = False
        for p in s.platoons.values():
            p.relieved = False
            p.resolve_now = False
            p.resolve_decided = False
    elif t is E.StressChanged:
        s.platoons[e.side].stress = e.stress
        if e.reason == "the CO relieves stress":
            s.platoons[e.side].relieved = True
    elif t is E.ResolveChosen:
        p = s.platoons[e.side]
        p.resolve_decided = True
        if e.use:
            p.resolve_used = True
            p.resolve_now = True
    elif t is E.InitiativeWon:
        s.order = e.order
    elif t is E.GroupAssigned:
        s.squads[e.squad].group = e.group
    elif t is E.SegmentsSet:
        s.segments = e.segments
        s.reacted = []
        s.phase = "action" if s.phase != "over" else s.phase
    elif t is E.TeamStepped:
        s.teams[e.team].pos = e.to
    elif t is E.TeamMoveDone:
        s.teams[e.team].moved = True
    elif t is E.CoverChanged:
        s.teams[e.team].cover = e.cover
    elif t is E.UnitsActed:
        team = s.teams[e.team]
        for u in team.units:
            if u.id in e.units:
                u.acted = True
    elif t is E.FireDeclared:
        target = s.teams[e.target]
        if e.team not in target.fired_at_by:
            target.fired_at_by.append(e.team)
        if e.reaction:
            s.reacted.append(e.team)
    elif t is E.PenaltySet:
        s.teams[e.team].penalty_turn = e.turn
    elif t is E.WoundsTaken:
        s.unit(e.unit).wounds = e.total
    elif t is E.UnitRemoved:
        s.unit(e.unit).alive = False
        s.platoons[s.team_of(e.unit).side].lost += 1
    elif t is E.SpotMarked:
        s.teams[e.team].spotted = e.spotted
    elif t is E.TeamFrozen:
        s.teams[e.team].frozen_turn = e.turn
    elif t is E.TeamRouted:
        s.teams[e.team].routed = e.routed
        if e.routed:
            s.teams[e.team].cover = False
    elif t is E.TeamLeftBoard:
        s.teams[e.team].gone = True
        s.teams[e.team].cover = False
    elif t is E.TeamJoinedSquad:
        s.teams[e.team].squad = e.squad
    elif t is E.CodeWordsJammed:
        s.platoons[e.side].jammed_turn = e.turn
    elif t is E.BattleEnded:
        s.result = (e.winner, e.reason)
        s.phase = "over"
        s.segments = ()
    elif t is E.PanicChecked or t is E.CheckMade or t is E.FireResolved:
        pass
    else:  # pragma: no cover - a new event type without a fold
        raise TypeError(f"no fold for {t.__name__}")


# ---------------------------------------------------------------------------------------------
# Board queries: terrain, sight, movement
# ---------------------------------------------------------------------------------------------

def row_of(h: Hex) -> int:
    return axial_to_offset(h)[1]


def edge_row(s: DisState, side: str) -> int:
    return 0 if s.tables.side(side).edge == "top" else s.tables.height - 1


def edge_distance(s: DisState, side: str, h: Hex) -> int:
    return abs(row_of(h) - edge_row(s, side))


def has_cover(s: DisState, h: Hex | None) -> bool:
    t = s.tables.terrain_at(h) if h is not None else None
    return bool(t and t.cover)


def is_ford(s: DisState, h: Hex) -> bool:
    t = s.tables.terrain_at(h)
    return bool(t and t.move == "ford")


def passable(s: DisState, h: Hex) -> bool:
    t = s.tables.terrain_at(h)
    return t is not None and t.move != "no"


def _terrain_sight(s: DisState, h: Hex) -> int:
    t = s.tables.terrain_at(h)
    if t is None or t.sight == "clear":
        return LOS_CLEAR
    return LOS_BLOCK  # a building, or light cover strictly between the two hexes


def sees(s: DisState, a: Hex, b: Hex, viewer_side: str) -> bool:
    """Rule 12 - Line of Sight, on hexes: a straight line between the two hex centres is blocked by a building or
    light-cover hex strictly between them, or by an enemy team (of the viewer) strictly between; friends are
    ignored. This game's reading: light cover blocks sight through it, not into or out of it."""
    enemy = {t.pos for t in s.teams.values() if t.on_board and t.side != viewer_side}

    def los_of(h: Hex) -> int:
        if h in enemy:
            return LOS_BLOCK
        return _terrain_sight(s, h)

    return line_of_sight(a, b, los_of).visible


def team_move(s: DisState, team: Team) -> int:
    """Rule 14: a stand moves as far as its slowest unit."""
    return min(s.tables.kit(_spec(s, u)).M for u in team.living)


def _spec(s: DisState, u: Unit):
    from .data import UnitSpec

    return UnitSpec(u.id, u.klass, u.kit, u.weapon)


def unit_stats(s: DisState, u: Unit) -> tuple[int, int, int, int]:
    """(I, A, W, M): Instinct by class (Rule 9 - Classes), A/W/M from armour or bot model (Rule 6)."""
    kit = s.tables.kit(_spec(s, u))
    w = 1 if s.opt("single_wound") else kit.W
    return CLASSES[u.klass], kit.A, w, kit.M


def _step_ok(s: DisState, team: Team, to: Hex) -> bool:
    if not passable(s, to):
        return False
    other = s.team_at(to)
    return other is None or other.side == team.side


def _routes(s: DisState, team: Team) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex the team may end a move on, with one shortest path to it (hexes entered, in order).

    Rule 14: up to M hexes, through friends but not enemies, ending on an empty hex; deep water and buildings
    are impassable; this game's reading of fording: a move with any ford hex on its path (its start included)
    goes at most 1 hex."""
    start = team.pos
    assert start is not None
    budget = team_move(s, team)
    out: dict[Hex, tuple[Hex, ...]] = {}
    ford_start = is_ford(s, start)
    # one-hex moves (fords allowed)
    for n in start.neighbours():
        if _step_ok(s, team, n) and s.team_at(n) is None:
            out[n] = (n,)
    if ford_start:
        return out
    seen = {start: ()}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        path = seen[h]
        if len(path) >= budget:
            continue
        for n in h.neighbours():
            if n in seen or not _step_ok(s, team, n) or is_ford(s, n):
                continue
            seen[n] = path + (n,)
            queue.append(n)
    for h, path in seen.items():
        if path and s.team_at(h) is None and h not in out:
            out[h] = path
    return out


def check_path(s: DisState, team: Team, path: tuple[Hex, ...]) -> str | None:
    if not path:
        return "a move needs at least one hex"
    budget = team_move(s, team)
    fords = is_ford(s, team.pos) or any(is_ford(s, h) for h in path)
    if fords and len(path) > 1:
        return "a team fording a stream moves at most 1 hex (Rule 14 - Movement)"
    if len(path) > budget:
        return f"{team.name} moves at most {budget} hexes (Rule 14 - Movement)"
    prev = team.pos
    for h in path:
        if h not in s.tables.board:
            return "that path leaves the board"
        if hex_distance(prev, h) != 1:
            return "each step of a path must go to a neighbouring hex"
        if not passable(s, h):
            return f"{_where(h)} is impassable to teams (Rule 14 - Movement)"
        other = s.team_at(h)
        if other is not None and other.side != team.side:
            return f"teams cannot move through enemy teams ({_where(h)}) (Rule 14 - Movement)"
        prev = h
    if s.team_at(path[-1]) is not None:
        return f"only one team may stand in a hex; {_where(path[-1])} is taken (Rule 14 - Movement)"
    return None


def _where(h: Hex | None) -> str:
    if h is None:
        return "nowhere"
    return hex_label(h)


# ---------------------------------------------------------------------------------------------
# Command and leading
# ---------------------------------------------------------------------------------------------

def is_officer(s: DisState, u: Unit) -> bool:
    return u.alive and u.klass == "officer"


def team_has_officer(s: DisState, team: Team) -> bool:
    return any(is_officer(s, u) for u in team.units)


def is_bot_team(team: Team) -> bool:
    return all(u.klass == "bot" for u in team.living)


def is_led(s: DisState, team: Team) -> bool:
    """Rule 9 - Leading: a team with an officer, or within Close of a friendly team with one, is led.

    This game's reading: a routed officer leads no one. [streamline] officer_every_team: every team with a
    human counts as holding an officer."""
    if not team.on_board or team.routed:
        return False
    if s.opt("officer_every_team") and not is_bot_team(team):
        return True
    for other in s.side_teams(team.side):
        if other.routed or hex_distance(other.pos, team.pos) > CLOSE:
            continue
        if team_has_officer(s, other):
            return True
        if s.opt("officer_every_team") and not is_bot_team(other):
            return True
    return False


def officer_near(s: DisState, team: Team, unit: Unit | None = None) -> bool:
    """Rule 9: a unit within Close of an officer gets [+] on checks and saves.

    This game's reading: an officer does not give himself [+]; the [streamline] officer_every_team option
    makes teams led but gives no extra [+]."""
    for other in s.side_teams(team.side):
        if hex_distance(other.pos, team.pos) > CLOSE:
            continue
        for u in other.units:
            if is_officer(s, u) and (unit is None or u.id != unit.id):
                return True
    return False


def co_unit(s: DisState, side: str) -> Unit | None:
    co = s.platoons[side].co
    if co is None:
        return None
    u = s.unit(co)
    return u if u.alive and not s.team_of(co).gone else None


def order_of(s: DisState, team: Team) -> Order:
    return s.squads[team.squad].order


def hq_squad(s: DisState, side: str) -> Squad:
    return next(q for q in s.squads.values() if q.side == side and q.hq)


# ---------------------------------------------------------------------------------------------
# Checks with their modifiers
# ---------------------------------------------------------------------------------------------

def instinct_mods(s: DisState, team: Team, unit: Unit | None) -> tuple[int, tuple[str, ...]]:
    """Net advantage and named modifiers of an Instinct check (Rules 7, 9, 13, 16)."""
    plus, minus, names = 0, 0, []
    if officer_near(s, team, unit):
        plus += 1
        names.append("[+] officer within Close (Rule 9)")
    if team.cover:
        minus += 1
        names.append("[-] under cover (Rule 13)")
    if team.penalty_turn == s.turn and s.turn > 0:
        minus += 1
        names.append("[-] failed to hurt a target last turn (Rule 16 - Firing)")
    return net(plus, minus), tuple(names)


def armour_mods(s: DisState, team: Team) -> tuple[int, tuple[str, ...]]:
    plus, names = 0, []
    if officer_near(s, team):
        plus += 1
        names.append("[+] officer within Close (Rule 9)")
    if team.cover and not team.spotted:
        plus += 1
        names.append("[+] under cover (Rule 13)")
    elif team.cover:
        names.append("no cover benefit: spotted (Rule 16 - Spotting)")
    return net(plus, 0), tuple(names)


def roll_check(ctx, side: str, who: str, kind: str, stat: int, adv: int, mods: tuple[str, ...], purpose: str,
               rule: str) -> Check:
    """Roll a d100 check/save, log it, and apply the stress of a critical (Rule 8)."""
    c = check(ctx, stat, adv, f"{kind} {purpose}", rule, who, mods)
    ctx.emit(E.CheckMade(who=who, kind=kind, purpose=purpose, stat=stat, adv=adv, rolls=c.rolls, roll=c.roll,
                         result=c.result, modifiers=mods, rule=rule))
    if c.result == CRIT_SUCCESS:
        change_stress(ctx, side, -1, f"critical success on {unit_name(ctx.state, who)}'s {kind.lower()} roll")
    elif c.result == CRIT_FAILURE:
        change_stress(ctx, side, +1, f"critical failure on {unit_name(ctx.state, who)}'s {kind.lower()} roll")
    return c


def change_stress(ctx, side: str, delta: int, reason: str) -> None:
    s: DisState = ctx.state
    if s.opt("no_stress"):
        return
    old = s.platoons[side].stress
    new = _clamp(old + delta)
    if new != old or reason == "the CO relieves stress":
        ctx.emit(E.StressChanged(side=side, delta=new - old, stress=new, reason=reason))


def instinct_check(ctx, team: Team, unit: Unit, purpose: str, rule: str, extra: int = 0,
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

def firers_for(s: DisState, team: Team, target: Team, reaction: bool) -> list[Unit]:
    d = hex_distance(team.pos, target.pos)
    return [u for u in team.living if (reaction or not u.acted)
            and s.tables.weapons[u.weapon].wounds_at(d) > 0]


def _split_remainder(ctx, units: list[Unit], extra: int, who: str) -> list[Unit]:
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


def resolve_fire(ctx, team: Team, target: Team, target_unit: str | None, reaction: bool) -> None:
    """Rule 16 - Firing.

    Firers are grouped by Instinct value (one check per value) and the targeted units by Armor value (one save
    per value). This game's reading of a team with several armour values: firer k aims at targeted unit k (going
    round the targeted units), so each firer's wounds meet exactly one armour group. Per firing group and armour
    group: success/success inflicts each firer's Wounds - 1, success/failure its Wounds, failure/success gives
    the firing team [-] on Instinct next turn, failure/failure nothing. The wounds landing on an armour group are
    split evenly among its units, the remainder at random."""
    s: DisState = ctx.state
    d = hex_distance(team.pos, target.pos)
    firers = firers_for(s, team, target, reaction)
    ctx.emit(E.FireDeclared(team=team.id, target=target.id, target_unit=target_unit,
                            firers=tuple(u.id for u in firers), distance=d, reaction=reaction,
                            rule=R_REACT if reaction else R_FIRE))
    if not reaction:
        ctx.emit(E.UnitsActed(team=team.id, units=tuple(u.id for u in firers), action="fire"))
    targeted = [s.unit(target_unit)] if target_unit else list(target.living)
    aims: dict[str, Unit] = {f.id: targeted[k % len(targeted)] for k, f in enumerate(firers)}
    active_side = s.segment[1] if s.segment else team.side
    # one Instinct check per Instinct value among the firers
    checks: dict[int, Check] = {}
    for f in firers:
        i = CLASSES[f.klass]
        if i in checks:
            continue
        if s.opt("player_facing"):
            checks[i] = automatic(i)
        elif s.opt("active_rolls_only") and team.side != active_side:
            checks[i] = automatic(i)
        else:
            checks[i] = instinct_check(ctx, team, f, f"to fire at {target.name}", R_REACT if reaction else R_FIRE)
    # one Armor save per Armor value among the units aimed at
    saves: dict[int, Check] = {}
    adv, mods = armour_mods(s, target)
    for f in firers:
        a = unit_stats(s, aims[f.id])[1]
        if a in saves:
            continue
        if s.opt("active_rolls_only") and target.side != active_side:
            saves[a] = Check(a, 0, (), -1, FAILURE)
        else:
            saves[a] = roll_check(ctx, target.side, aims[f.id].id, "Armor", a, adv, mods, "save", R_FIRE)
    wounds_on: dict[int, int] = {}
    penalty = False
    for i, c in checks.items():
        for a, sv in saves.items():
            group = [f for f in firers if CLASSES[f.klass] == i and unit_stats(s, aims[f.id])[1] == a]
            if not group:
                continue
            per = [1 if s.opt("one_wound_weapons") else s.tables.weapons[f.weapon].wounds_at(d) for f in group]
            if s.opt("player_facing"):
                wounds = 0 if sv.success else sum(per)
                effect = "saved: no wounds" if sv.success else "hit: full wounds"
            elif c.success and sv.success:
                wounds, effect = sum(max(w - 1, 0) for w in per), "Wounds - 1"
            elif c.success:
                wounds, effect = sum(per), "full Wounds"
            elif sv.success:
                wounds, effect = 0, "firer has [-] on Instinct next turn"
                penalty = True
            else:
                wounds, effect = 0, "no effect"
            ctx.emit(E.FireResolved(team=team.id, target=target.id, instinct=i, armour=a,
                                    firers=tuple(f.id for f in group), check=c.result, save=sv.result,
                                    wounds=wounds, effect=effect))
            wounds_on[a] = wounds_on.get(a, 0) + wounds
    if penalty:
        ctx.emit(E.PenaltySet(team=team.id, turn=s.turn + 1))
    if team.cover:
        ctx.emit(E.CoverChanged(team=team.id, cover=False, reason="fired from cover", rule=R_COVER))
    dead: list[Unit] = []
    for a, total in sorted(wounds_on.items()):
        if total <= 0:
            continue
        group_units = [u for u in targeted if unit_stats(s, u)[1] == a and u.alive]
        if not group_units:
            continue
        base, extra = divmod(total, len(group_units))
        share = {u.id: base for u in group_units}
        for u in _split_remainder(ctx, group_units, extra, target.id):
            share[u.id] += 1
        for u in group_units:
            if share[u.id] <= 0:
                continue
            ctx.emit(E.WoundsTaken(unit=u.id, wounds=share[u.id], total=u.wounds + share[u.id]))
            if u.wounds >= unit_stats(s, u)[2]:
                ctx.emit(E.UnitRemoved(unit=u.id, reason=f"{u.wounds} wounds", rule=R_STATS))
                dead.append(u)
    if dead:
        after_losses(ctx, target, dead)


def after_losses(ctx, team: Team, dead: list[Unit]) -> None:
    """Rule 8 and Rule 9: stress, panic checks, succession and surrender after units are taken off."""
    s: DisState = ctx.state
    where = team.pos
    if not team.living:
        ctx.emit(E.TeamLeftBoard(team=team.id, reason="wiped out", rule=R_FIRE))
    for u in dead:
        if u.klass == "bot" or s.opt("no_stress"):
            continue
        change_stress(ctx, team.side, +1, f"{unit_name(ctx.state, u.id)} is killed")
        platoon_panic(ctx, team.side)
        for other in sorted(s.side_teams(team.side), key=lambda t: t.id):
            if hex_distance(other.pos, where) <= CLOSE and not is_bot_team(other):
                team_panic(ctx, other, f"a human of {team.name} was taken off within Close")
    if any(u.id == s.platoons[team.side].co for u in dead):
        succession(ctx, team.side)
    check_surrender(ctx)


def succession(ctx, side: str) -> None:
    """Rule 9: an NCO takes over a fallen CO. This game's reading: the NCO of the first squad in the platoon
    list that still has one; his team joins the CO's command."""
    s: DisState = ctx.state
    for q in s.tables.squads:
        if q.side != side or q.hq:
            continue
        nco = s.nco_team(q.id)
        if nco is None:
            continue
        unit = next(u for u in nco.units if is_officer(s, u))
        ctx.emit(E.CoAppointed(side=side, unit=unit.id, rule=R_COMMAND))
        ctx.emit(E.TeamJoinedSquad(team=nco.id, squad=hq_squad(s, side).id, reason="the new CO's team",
                                   rule=R_COMMAND))
        return


def check_surrender(ctx) -> None:
    s: DisState = ctx.state
    if s.result is not None:
        return
    beaten = [side for side in s.sides
              if not any(is_officer(s, u) for t in s.side_teams(side) for u in t.units)]
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

def _row(rows, roll: int):
    return next(r for r in rows if r.low <= roll <= r.high)


def team_panic(ctx, team: Team, why: str) -> None:
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
    row = _row(s.tables.team_panic, roll)
    ctx.emit(E.PanicChecked(side=team.side, team=team.id, roll=roll, stress=stress, passed=False, result=row.result,
                            text=row.text))
    if row.result == "take_cover":
        if has_cover(s, team.pos) and not team.cover:
            ctx.emit(E.CoverChanged(team=team.id, cover=True, reason="panic", rule=R_STRESS))
    elif row.result == "freeze":
        ctx.emit(E.TeamFrozen(team=team.id, turn=_next_activation_turn(s, team)))
    elif row.result == "fall_back":
        path = _auto_path(s, team, "retreat", None)
        _walk(ctx, team, path, "falls back (panic)", react=False)
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


def platoon_panic(ctx, side: str) -> None:
    s: DisState = ctx.state
    stress = s.platoons[side].stress
    roll = ctx.roll(20, f"platoon panic check for {s.platoons[side].name}", R_STRESS, side)
    if panic_passes(roll, stress):
        ctx.emit(E.PanicChecked(side=side, team=None, roll=roll, stress=stress, passed=True, result="",
                                text="holds"))
        return
    row = _row(s.tables.platoon_panic, roll)
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

def _auto_path(s: DisState, team: Team, verb: str, place: Hex | None) -> tuple[Hex, ...]:
    """The path of a move the engine makes for a team: its full Movement along a shortest legal path toward the
    place (advance, rally), its own edge (retreat), or the nearest light-cover hex (take_cover)."""
    routes = _routes(s, team)
    routes_with_start = {team.pos: ()} | routes
    if verb in ("advance", "rally") and place is not None:
        def key(h):
            return (hex_distance(h, place), len(routes_with_start[h]))
    elif verb == "retreat":
        def key(h):
            return (edge_distance(s, team.side, h), len(routes_with_start[h]))
    elif verb == "take_cover":
        if has_cover(s, team.pos):
            return ()
        covers = [h for h in s.tables.board if has_cover(s, h)]
        if not covers:
            return ()

        def key(h):
            return (min(hex_distance(h, c) for c in covers), len(routes_with_start[h]))
    else:
        return ()
    best = min(routes_with_start, key=key)
    return routes_with_start[best]


def _walk(ctx, team: Team, path: tuple[Hex, ...], how: str, react: bool = True) -> None:
    """Step the team along ``path`` one hex at a time; after each hex, reaction fire (Rule 15)."""
    s: DisState = ctx.state
    if path and team.cover:
        ctx.emit(E.CoverChanged(team=team.id, cover=False, reason="moved", rule=R_COVER))
    if path and team.spotted:
        ctx.emit(E.SpotMarked(team=team.id, by="", spotted=False))
    was_routed = team.routed
    walked: list[Hex] = [team.pos]
    for h in path:
        ctx.emit(E.TeamStepped(team=team.id, frm=team.pos, to=h))
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


def _squeeze_back(ctx, team: Team, walked: list[Hex]) -> None:
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


def _stance(s: DisState, enemy: Team, mover: Team) -> str:
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


def reaction_fire(ctx, mover: Team) -> None:
    """Rule 15: after each hex, every enemy team with sight and range of the mover whose orders say to fire,
    and that has not yet reacted in this movement step, must fire (or spot, under a spot clause)."""
    s: DisState = ctx.state
    was_routed = mover.routed
    for enemy in sorted(s.side_teams(s.other(mover.side)), key=lambda t: t.id):
        if not mover.on_board or (mover.routed and not was_routed) or s.result is not None:
            return
        if enemy.id in s.reacted or not enemy.on_board:
            continue
        if not sees(s, enemy.pos, mover.pos, enemy.side):
            continue
        stance = _stance(s, enemy, mover)
        if stance == "fire":
            if not firers_for(s, enemy, mover, True):
                continue
            resolve_fire(ctx, enemy, mover, None, reaction=True)
        elif stance == "spot" and not mover.spotted:
            ctx.emit(E.FireDeclared(team=enemy.id, target=mover.id, target_unit=None, firers=(), distance=hex_distance(
                enemy.pos, mover.pos), reaction=True, rule=R_REACT))
            spot_check(ctx, enemy, mover, None)


def spot_check(ctx, team: Team, target: Team, unit: Unit | None) -> None:
    """Rule 16 - Spotting: an Instinct check; success marks the target spotted until it moves (it then gets no
    A[+] from cover: this game's reading of drawing a target out of cover)."""
    s: DisState = ctx.state
    spotter = unit or max(team.living, key=lambda u: (CLASSES[u.klass], u.id))
    if s.opt("auto_spot_rally"):
        ok = True
    else:
        ok = instinct_check(ctx, team, spotter, f"to spot {target.name}", R_SPOT).success
    ctx.emit(E.SpotMarked(team=target.id, by=team.id, spotted=ok))


# ---------------------------------------------------------------------------------------------
# Turn structure (Rule 11)
# ---------------------------------------------------------------------------------------------

def segment_teams(s: DisState, seg: tuple[str, str, str]) -> list[Team]:
    group, side, _step = seg
    out = []
    for t in sorted(s.side_teams(side), key=lambda t: t.id):
        sq = s.squads[t.squad]
        if sq.hq:
            mine = group == "co" or (group == "g1" and s.opt("cos_in_group_1"))
        else:
            mine = group == ("g1" if sq.group == 1 else "g2")
        if mine:
            out.append(t)
    return out


def start_turn(ctx) -> None:
    s: DisState = ctx.state
    if s.result is not None:
        return
    ctx.emit(E.TurnBegan(turn=s.turn + 1))
    for side in s.sides:
        change_stress(ctx, side, +1, "a new turn's initiative phase")
    if s.opt("resolve") and not (s.opt("fixed_turn_order") and s.turn > 1):
        pending = [side for side in s.sides if not s.platoons[side].resolve_used and co_unit(s, side)]
        if pending:
            ctx.emit(E.SegmentsSet(segments=tuple(("init", side, "resolve") for side in pending)))
            return
    run_initiative(ctx)


def _initiative_winner(a: Check, b: Check) -> int | None:
    """0 or 1 for the side that wins, None for a reroll (Rule 11 - Initiative Phase)."""
    if a.result == CRIT_SUCCESS and b.result == CRIT_SUCCESS:
        return None if a.roll == b.roll else (0 if a.roll > b.roll else 1)
    if a.result == CRIT_SUCCESS:
        return 0
    if b.result == CRIT_SUCCESS:
        return 1
    if a.success and b.success:
        return None if a.roll == b.roll else (0 if a.roll > b.roll else 1)
    if a.success:
        return 0
    if b.success:
        return 1
    return None


def run_initiative(ctx) -> None:
    """Rule 11: CO Instinct checks decide who goes first; NCO checks sort squads into Group 1 and 2; CO orders
    written last turn take effect."""
    s: DisState = ctx.state
    sides = s.sides
    if s.opt("fixed_turn_order") and s.turn > 1 and s.order:
        ctx.emit(E.InitiativeWon(side=s.order[0], order=s.order, reason="the order of turn 1 stands ([streamline])"))
    else:
        winner = None
        reason = ""
        for _ in range(INITIATIVE_ROUNDS):
            rolls = []
            for side in sides:
                co = co_unit(s, side)
                team = s.team_of(co.id)
                extra = 1 if s.platoons[side].resolve_now else 0
                rolls.append(instinct_check(ctx, team, co, "for initiative", R_TURN, extra,
                                            ("[+] Resolve (optional rule)",) if extra else ()))
            w = _initiative_winner(*rolls)
            if w is not None:
                winner = sides[w]
                reason = f"{rolls[w].result} on {rolls[w].roll}"
                break
        if winner is None:
            winner, reason = sides[0], f"no winner after {INITIATIVE_ROUNDS} rolls: the first side listed goes first"
        ctx.emit(E.InitiativeWon(side=winner, order=(winner, s.other(winner)), reason=reason))
    for q in s.tables.squads:
        sq = s.squads[q.id]
        if sq.hq:
            continue
        if s.opt("single_group"):
            group, why = 1, "[streamline] single group"
        else:
            nco_team = s.nco_team(sq.id)
            if nco_team is None:
                group, why = 2, "no NCO left (this game's reading)"
            else:
                nco = next(u for u in nco_team.units if is_officer(s, u))
                c = instinct_check(ctx, nco_team, nco, "for Group 1", R_TURN)
                group, why = (1, "NCO check succeeded") if c.success else (2, "NCO check failed")
        ctx.emit(E.GroupAssigned(squad=sq.id, group=group, reason=why))
    for q in s.tables.squads:
        sq = s.squads[q.id]
        if sq.pending is not None:
            p = sq.pending
            ctx.emit(E.OrderChanged(squad=sq.id, verb=p.verb, place=p.place, fire=p.fire, source="pending",
                                    rule=R_ORDERS))
    groups = ("g1", "g2") if s.opt("cos_in_group_1") else ("co", "g1", "g2")
    ctx.emit(E.SegmentsSet(segments=tuple((g, side, step) for g in groups for side in s.order
                                          for step in ("move", "ba"))))
    advance(ctx)


def close_segment(ctx) -> None:
    s: DisState = ctx.state
    seg = s.segment
    if seg is None:
        return
    if seg[2] == "move":
        for team in segment_teams(s, seg):
            if s.result is not None:
                return
            if team.moved or not team.on_board or team.frozen_turn == s.turn:
                continue
            if team.routed:
                routed_retreat(ctx, team)
            elif not is_led(s, team) and not is_bot_team(team):
                follow_orders(ctx, team)
    if s.result is not None:
        return
    rest = s.segments[1:]
    ctx.emit(E.SegmentsSet(segments=rest))
    if seg[0] == "init" and not any(x[0] == "init" for x in rest):
        run_initiative(ctx)


def advance(ctx) -> None:
    """Close every segment that has nothing left to do; at the end of the turn start the next, or end the
    battle at the turn limit."""
    s: DisState = ctx.state
    while s.result is None and s.phase == "action":
        seg = s.segment
        if seg is None:
            if s.turn >= s.tables.turn_limit:
                final_victory(ctx)
                return
            start_turn(ctx)
            continue
        if seg[0] == "init":
            return
        if segment_has_orders(s, seg):
            return
        close_segment(ctx)


def final_victory(ctx) -> None:
    """This game's victory rule (scenario "hold"): when the last turn ends, the side with more teams (not routed)
    on or next to the objective wins; if even, the side that lost fewer units; else a draw."""
    s: DisState = ctx.state
    obj = s.tables.objective
    near = {side: sum(1 for t in s.side_teams(side) if not t.routed and hex_distance(t.pos, obj) <= CLOSE)
            for side in s.sides}
    a, b = s.sides
    if near[a] != near[b]:
        w = a if near[a] > near[b] else b
        ctx.emit(E.BattleEnded(winner=w, reason=f"{s.platoons[w].name} holds the objective when the last turn ends"))
        return
    la, lb = s.platoons[a].lost, s.platoons[b].lost
    if la != lb:
        w = a if la < lb else b
        ctx.emit(E.BattleEnded(winner=w, reason=f"the objective is contested; {s.platoons[w].name} lost fewer units"))
        return
    ctx.emit(E.BattleEnded(winner=None, reason="the objective is contested and losses are even: a draw"))


def check_broken(ctx) -> None:
    """A platoon with no team left on the board has lost (this game's reading of breaking the enemy)."""
    s: DisState = ctx.state
    if s.result is not None or s.phase == "briefing":
        return
    empty = [side for side in s.sides if not s.side_teams(side)]
    if len(empty) == 2:
        ctx.emit(E.BattleEnded(winner=None, reason="neither platoon has a team left on the board"))
    elif empty:
        ctx.emit(E.BattleEnded(winner=s.other(empty[0]), reason=f"{s.platoons[empty[0]].name} has no team left "
                               "on the board"))


# ---------------------------------------------------------------------------------------------
# Team actions used by commands and by the engine
# ---------------------------------------------------------------------------------------------

def follow_orders(ctx, team: Team) -> None:
    """Rule 9 - Giving Orders: the engine moves the team as its squad's order says."""
    s: DisState = ctx.state
    if team.routed:
        routed_retreat(ctx, team)
        return
    order = order_of(s, team)
    verb = order.verb
    if is_bot_team(team) and not is_led(s, team):
        verb = "retreat" if verb == "retreat" else "hold"
    path = _auto_path(s, team, verb, order.place)
    _walk(ctx, team, path, f"follows orders ({order.sentence()})")
    if team.on_board and not team.routed:
        if verb == "take_cover" and has_cover(s, team.pos) and not team.cover:
            ctx.emit(E.CoverChanged(team=team.id, cover=True, reason="orders: take cover", rule=R_COVER))
        ctx.emit(E.TeamMoveDone(team=team.id, how="followed orders"))


def routed_retreat(ctx, team: Team) -> None:
    """Rule 8 (panic: rout): a routed team retreats its full Movement toward its own edge; this game's reading:
    a routed team that starts on its edge row, or reaches it with movement to spare, leaves the board."""
    s: DisState = ctx.state
    if edge_distance(s, team.side, team.pos) == 0:
        ctx.emit(E.TeamLeftBoard(team=team.id, reason="routed off its own edge"))
        check_broken(ctx)
        return
    path = _auto_path(s, team, "retreat", None)
    _walk(ctx, team, path, "routs")
    if not team.on_board or s.result is not None:
        return
    spare = team_move(s, team) - len(path)
    if edge_distance(s, team.side, team.pos) == 0 and spare > 0 and not any(is_ford(s, h) for h in path):
        ctx.emit(E.TeamLeftBoard(team=team.id, reason="routed off its own edge"))
        check_broken(ctx)
        return
    ctx.emit(E.TeamMoveDone(team=team.id, how="routed retreat"))


# ---------------------------------------------------------------------------------------------
# Orders as sentences: the places a sentence may name
# ---------------------------------------------------------------------------------------------

def order_places(s: DisState, side: str) -> list[Hex]:
    """The places an order may name: the objective, the scenario's landmarks and the platoon's rally points."""
    out = [s.tables.objective]
    for h in list(s.tables.landmarks) + list(s.platoons[side].rally_points):
        if h not in out:
            out.append(h)
    return out


def order_choices(s: DisState, side: str) -> list[Order]:
    out = []
    rally = list(s.platoons[side].rally_points)
    for fire in FIRE_CLAUSES:
        for place in order_places(s, side):
            out.append(Order("advance", place, fire))
        for place in rally:
            out.append(Order("rally", place, fire))
        for verb in ("hold", "take_cover", "retreat", "halt"):
            out.append(Order(verb, None, fire))
    return out


def check_order(s: DisState, side: str, verb: str, place: Hex | None, fire: str) -> str | None:
    if verb not in VERBS:
        return f"'{verb}' is not an order verb; use one of: {', '.join(VERBS)}"
    if fire not in FIRE_CLAUSES:
        return f"'{fire}' is not a fire clause; use one of: {', '.join(FIRE_CLAUSES)}"
    if verb in PLACE_VERBS:
        if place is None:
            return f"an order to {verb} needs a place"
        if place not in s.tables.board:
            return "that place is off the board"
        if verb == "rally" and place not in s.platoons[side].rally_points:
            return "a rally order must name one of the platoon's rally points"
        if verb == "advance" and place not in order_places(s, side):
            return "an advance must name the objective, a landmark or a rally point"
    elif place is not None:
        return f"an order to {verb} names no place"
    return None


# ---------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------

def side_to_act(s: DisState) -> str | None:
    if s.result is not None:
        return None
    if s.phase == "briefing":
        for side in s.sides:
            if not s.platoons[side].briefed:
                return side
        return None
    seg = s.segment
    return seg[1] if seg else None


def _team(s: DisState, team_id: str) -> Team | str:
    team = s.teams.get(team_id)
    if team is None:
        return f"there is no team '{team_id}'"
    if not team.on_board:
        return f"{team.name} is no longer on the board"
    return team


def _active_team(s: DisState, team_id: str, step: str) -> Team | str:
    """The team, if it may act in the current segment's ``step``; else the refusal."""
    team = _team(s, team_id)
    if isinstance(team, str):
        return team
    if s.phase != "action" or s.segment is None or s.segment[0] == "init":
        return "teams act only in the action phase"
    seg = s.segment
    if team.side != seg[1]:
        return f"it is {s.platoons[seg[1]].name}'s segment, not {s.platoons[team.side].name}'s"
    if team.id not in [t.id for t in segment_teams(s, seg)]:
        return f"{team.name} does not act in this segment ({segment_name(s, seg)})"
    if seg[2] != step:
        return f"this is the {'movement' if seg[2] == 'move' else 'battlefield action'} step, not the " \
               f"{'movement' if step == 'move' else 'battlefield action'} step (Rule 11)"
    if team.frozen_turn == s.turn:
        return f"{team.name} is frozen by panic this turn (Rule 8)"
    return team


def idle_reason(s: DisState, team_id: str | None) -> str:
    """Why team ``team_id`` (None: any team) has no order now, from the checks that refuse one: the
    briefing, whose segment and step it is, panic, and what the team has done this turn (Rule 11)."""
    if s.result is not None:
        return "the battle is over"
    if s.phase == "briefing":
        return "at the intelligence briefing the platoon writes orders; teams act once the battle begins (Rule 10)"
    if team_id is None:
        return "no team acts now: end this step (an order for the whole side) to go on"
    seg = s.segment
    step = seg[2] if seg is not None else "move"
    team = _active_team(s, team_id, step)
    if isinstance(team, str):
        return team
    if step == "move" and team.moved:
        return f"{team.name} has already taken its movement action this turn"
    if step == "ba" and not [u for u in team.living if not u.acted]:
        return f"{team.name} has already acted this turn"
    if step == "ba":
        return f"{team.name} has no battlefield action open to it now: no enemy team it can see to fire at or spot"
    return f"{team.name} has nothing it may do in this step"


def segment_name(s: DisState, seg: tuple[str, str, str]) -> str:
    g = {"co": "COs", "g1": "Group 1", "g2": "Group 2", "init": "Initiative"}[seg[0]]
    step = {"move": "movement", "ba": "battlefield actions", "resolve": "Resolve"}[seg[2]]
    return f"{g} - {s.platoons[seg[1]].name} {step}"


def validate(s: DisState, cmd: Any) -> str | None:  # noqa: C901
    if s.result is not None:
        return "the battle is over"
    t = type(cmd)
    who = side_to_act(s)
    if t in (C.PlaceRallyPoint, C.DefineCodeWord, C.Deploy, C.SetOrders, C.EndBriefing):
        if s.phase != "briefing":
            return "the intelligence briefing is over (Rule 10)"
        if cmd.side not in s.platoons:
            return f"there is no side '{cmd.side}'"
        if cmd.side != who:
            return f"{s.platoons[who].name} is at its briefing now; wait for your turn"
        return _validate_briefing(s, cmd)
    if s.phase == "briefing":
        return "the battle has not begun: finish the intelligence briefing first (Rule 10)"
    seg = s.segment
    if t is C.UseResolve:
        if not s.opt("resolve"):
            return "the optional Resolve rule is not in play in this battle"
        if seg is None or seg[0] != "init" or seg[1] != cmd.side:
            return "Resolve is chosen at the start of the initiative phase, by the side asked"
        return None
    if t is C.EndPhase:
        if cmd.side != who:
            return "it is not your segment"
        return None
    if seg is not None and seg[0] == "init":
        return f"{s.platoons[seg[1]].name} must first choose whether to use Resolve (or pass)"
    if t is C.RelieveStress:
        if cmd.side != who or seg[0] not in ("co", "g1") or seg[2] != "move":
            return "a CO relieves stress in place of his movement, in his own movement step (Rule 11)"
        if seg[0] == "g1" and not s.opt("cos_in_group_1"):
            return "a CO relieves stress in the COs' segment (Rule 11)"
        if s.opt("no_stress"):
            return "stress is not tracked in this battle ([streamline])"
        co = co_unit(s, cmd.side)
        if co is None:
            return "there is no CO"
        team = s.team_of(co.id)
        if team.moved or co.acted or s.platoons[cmd.side].relieved:
            return "the CO has already acted this turn"
        if team.frozen_turn == s.turn:
            return "the CO's team is frozen by panic this turn"
        if s.platoons[cmd.side].stress <= 0:
            return "the platoon has no stress to relieve"
        return None
    if t in (C.Move, C.FollowOrders, C.Retreat):
        team = _active_team(s, cmd.team, "move")
        if isinstance(team, str):
            return team
        if team.moved:
            return f"{team.name} has already taken its movement action this turn"
        led = is_led(s, team)
        if team.routed and t is not C.FollowOrders:
            return f"{team.name} is routed: it can only run for its own edge (Rule 8)"
        if t is C.Move:
            if not led:
                return f"{team.name} is not led by an officer: it follows its orders (Rule 9 - Leading)"
            return check_path(s, team, tuple(cmd.path))
        if t is C.FollowOrders:
            if is_bot_team(team) and not led and not team.routed:
                return "unled bots cannot follow orders: they may only retreat or take cover (Rule 9 - Leading)"
            return None
        if t is C.Retreat:
            if not (is_bot_team(team) and not led):
                return "Retreat is the move of an unled bot team; others retreat by orders or by moving"
            return None
    if t in (C.TakeCover, C.LeaveCover):
        step = seg[2] if seg else "move"
        team = _active_team(s, cmd.team, step)
        if isinstance(team, str):
            return team
        if team.routed:
            return f"{team.name} is routed (Rule 8)"
        if step == "move" and team.moved:
            return f"{team.name} has already taken its movement action this turn"
        if step == "ba" and not [u for u in team.living if not u.acted]:
            return f"{team.name} has already acted this turn"
        if t is C.TakeCover:
            if not has_cover(s, team.pos):
                return f"there is no light cover at {_where(team.pos)} (Rule 13 - Cover)"
            if team.cover:
                return f"{team.name} is already under cover"
            return None
        if not team.cover:
            return f"{team.name} is not under cover"
        if not is_led(s, team):
            return f"{team.name} is not led: it keeps to its orders (Rule 9 - Leading)"
        return None
    # battlefield actions
    team = _active_team(s, cmd.team, "ba")
    if isinstance(team, str):
        return team
    if team.routed:
        return f"{team.name} is routed and takes no battlefield actions (Rule 8)"
    led = is_led(s, team)
    if t is C.Fire or t is C.Spot:
        target = _team(s, cmd.target)
        if isinstance(target, str):
            return target
        if target.side == team.side:
            return "that is a friendly team"
        if not sees(s, team.pos, target.pos, team.side):
            return f"{team.name} has no line of sight to {target.name} (Rule 12)"
        clause = order_of(s, team).fire
        if not led and is_bot_team(team):
            return "unled bots only fire in self-defence, by reaction fire (Rule 9 - Leading)"
        if t is C.Fire:
            if not led and clause != "fire":
                return f"{team.name} is not led and its orders say '{clause.replace('_', ' ')}' (Rule 9)"
            if cmd.target_unit is not None:
                if not any(u.id == cmd.target_unit for u in target.living):
                    return f"{cmd.target_unit} is not a living unit of {target.name}"
            if not firers_for(s, team, target, False):
                return f"no unit of {team.name} that has not acted has a weapon reaching {target.name}"
            return None
        if not led and clause != "spot":
            return f"{team.name} is not led and its orders do not say to spot (Rule 9)"
        if target.spotted:
            return f"{target.name} is already spotted"
        if not [u for u in team.living if not u.acted]:
            return f"{team.name} has already acted this turn"
        return None
    if t is C.GiveOrders:
        officer = _free_officer(s, team)
        if officer is None:
            return f"{team.name} has no officer free to give orders (Rule 16 - Commanding)"
        sq = s.squads.get(cmd.squad)
        if sq is None or sq.side != team.side:
            return f"'{cmd.squad}' is not a squad of this platoon"
        is_co = officer.id == s.platoons[team.side].co
        if not is_co and sq.id != team.squad:
            return "an NCO gives orders only to his own squad (Rule 16 - Commanding)"
        return check_order(s, team.side, cmd.verb, cmd.place, cmd.fire)
    if t is C.CodeWord:
        officer = _free_officer(s, team)
        if officer is None or officer.id != s.platoons[team.side].co:
            return "only the CO, with his battlefield action, sends code words (Rule 16 - Commanding)"
        if s.platoons[team.side].jammed_turn == s.turn:
            return "code words are jammed this turn (platoon panic)"
        targets = code_word_targets(s, team.side, cmd.word, cmd.squad)
        if isinstance(targets, str):
            return targets
        return None
    if t is C.Rally:
        officer = _free_officer(s, team)
        if officer is None:
            return f"{team.name} has no officer free to rally (Rule 16 - Commanding)"
        target = _team(s, cmd.target)
        if isinstance(target, str):
            return target
        if target.side != team.side or not target.routed:
            return f"{target.name} is not a routed friendly team"
        if hex_distance(team.pos, target.pos) > CLOSE:
            return f"{target.name} is not within Close of the officer (Rule 16 - Commanding)"
        return None
    return f"{t.__name__} is not an order in Disrupter"


def _free_officer(s: DisState, team: Team) -> Unit | None:
    for u in team.living:
        if u.klass == "officer" and not u.acted:
            return u
    return None


def code_word_targets(s: DisState, side: str, word: str, squad: str | None) -> list[Squad] | str:
    squads = [s.squads[q.id] for q in s.tables.squads if q.side == side and not q.hq]
    if squad is not None:
        sq = s.squads.get(squad)
        if sq is None or sq.side != side or sq.hq:
            return f"'{squad}' is not one of this platoon's squads"
        squads = [sq]
    known = [q for q in squads if word in DEFAULT_WORDS or word in q.code_words]
    if not known:
        return f"no squad addressed knows the code word '{word}' (Rule 10)"
    if word == "Resume":
        known = [q for q in known if q.before_code is not None]
        if not known:
            return "Resume needs a squad whose last order came by code word"
    if word == "Rally" and not s.platoons[side].rally_points:
        return "the platoon placed no rally point at the briefing"
    return known


def _validate_briefing(s: DisState, cmd: Any) -> str | None:
    p = s.platoons[cmd.side]
    t = type(cmd)
    if t is C.EndBriefing:
        return None
    if t is C.PlaceRallyPoint:
        if len(p.rally_points) >= MAX_RALLY_POINTS:
            return f"a platoon places at most {MAX_RALLY_POINTS} rally points (this game's limit)"
        if cmd.at not in s.tables.board or not passable(s, cmd.at):
            return "a rally point must be a passable hex on the board"
        if cmd.at in p.rally_points:
            return "there is already a rally point there"
        return None
    if t is C.Deploy:
        team = s.teams.get(cmd.team)
        if team is None or team.side != cmd.side:
            return f"'{cmd.team}' is not a team of this platoon"
        if team.deployed:
            return f"{team.name} has already been placed (once per team)"
        if cmd.at not in s.tables.board or row_of(cmd.at) not in s.tables.side(cmd.side).zone:
            return "teams deploy inside their own deployment zone (Rule 10)"
        if not passable(s, cmd.at):
            return f"{_where(cmd.at)} is impassable"
        other = s.team_at(cmd.at)
        if other is not None and other.id != team.id:
            return f"{other.name} already stands there (Rule 14: one team per hex)"
        if cmd.at == team.pos:
            return f"{team.name} already stands there"
        return None
    sq = s.squads.get(cmd.squad)
    if sq is None or sq.side != cmd.side:
        return f"'{cmd.squad}' is not a squad of this platoon"
    if t is C.SetOrders:
        if sq.orders_set:
            return f"{sq.name} already has its initial orders"
        return check_order(s, cmd.side, cmd.verb, cmd.place, cmd.fire)
    if t is C.DefineCodeWord:
        if sq.hq:
            return "code words are made for the NCOs' squads (Rule 10)"
        if cmd.word not in s.tables.code_words:
            return f"'{cmd.word}' is not on the list of code words: {', '.join(s.tables.code_words)}"
        if cmd.word in sq.code_words:
            return f"{sq.name} already has the code word {cmd.word}"
        if len(sq.code_words) >= MAX_CODE_WORDS:
            return f"an NCO has at most {MAX_CODE_WORDS} code words (Rule 10)"
        return check_order(s, cmd.side, cmd.verb, cmd.place, cmd.fire)
    return None


# ---------------------------------------------------------------------------------------------
# Legal commands
# ---------------------------------------------------------------------------------------------

def legal_commands(s: DisState) -> list[Any]:
    if s.result is not None:
        return []
    side = side_to_act(s)
    if side is None:
        return []
    if s.phase == "briefing":
        return [c for c in _briefing_candidates(s, side) if validate(s, c) is None]
    seg = s.segment
    if seg[0] == "init":
        return [C.UseResolve(side), C.EndPhase(side)]
    out = list(team_commands(s, seg))
    out.append(C.EndPhase(side))
    return out


def _briefing_candidates(s: DisState, side: str) -> Iterable[Any]:
    p = s.platoons[side]
    if len(p.rally_points) < MAX_RALLY_POINTS:
        for h in s.tables.board:
            yield C.PlaceRallyPoint(side, h)
    squads = [s.squads[q.id] for q in s.tables.squads if q.side == side]
    orders = order_choices(s, side)
    for sq in squads:
        if not sq.hq and len(sq.code_words) < MAX_CODE_WORDS:
            for w in s.tables.code_words:
                if w not in sq.code_words:
                    for o in orders:
                        yield C.DefineCodeWord(side, sq.id, w, o.verb, o.place, o.fire)
    zone = s.tables.side(side).zone
    for team in sorted(s.side_teams(side), key=lambda t: t.id):
        if not team.deployed:
            for h in s.tables.board:
                if row_of(h) in zone:
                    yield C.Deploy(side, team.id, h)
    for sq in squads:
        if not sq.orders_set:
            for o in orders:
                yield C.SetOrders(side, sq.id, o.verb, o.place, o.fire)
    yield C.EndBriefing(side)


def team_commands(s: DisState, seg: tuple[str, str, str]) -> Iterable[Any]:
    """Every legal team order of the segment (EndPhase aside), team by team."""
    group, side, step = seg
    if step == "move" and group in ("co", "g1") and (group == "co" or s.opt("cos_in_group_1")):
        if validate(s, C.RelieveStress(side)) is None:
            yield C.RelieveStress(side)
    for team in segment_teams(s, seg):
        if team.frozen_turn == s.turn:
            continue
        if step == "move":
            yield from _move_candidates(s, team)
        else:
            yield from _ba_candidates(s, team)


def segment_has_orders(s: DisState, seg: tuple[str, str, str]) -> bool:
    """Whether ``team_commands(s, seg)`` offers anything: the same answer, found cheaply. A team that has not
    moved always has a move order (follow orders, retreat or a move); a team with a free officer always has
    a written order to give, and one that may take or leave cover has that; only the rest need the sight
    lines their Fire and Spot orders depend on."""
    group, side, step = seg
    if step == "move" and group in ("co", "g1") and (group == "co" or s.opt("cos_in_group_1")):
        if validate(s, C.RelieveStress(side)) is None:
            return True
    teams = [t for t in segment_teams(s, seg) if t.frozen_turn != s.turn]
    if step == "move":
        return any(not t.moved for t in teams)
    rest = []
    for team in teams:
        if team.routed or not any(not u.acted for u in team.living):
            continue
        if (_free_officer(s, team) is not None or (has_cover(s, team.pos) and not team.cover)
                or (team.cover and is_led(s, team))):
            return True
        rest.append(team)
    return any(True for team in rest for _ in _ba_candidates(s, team))


def _move_candidates(s: DisState, team: Team) -> Iterable[Any]:
    if team.moved:
        return
    if team.routed:
        yield C.FollowOrders(team.id)
        return
    led = is_led(s, team)
    if led:
        for h, path in _routes(s, team).items():
            yield C.Move(team.id, path)
    if is_bot_team(team) and not led:
        yield C.Retreat(team.id)
    else:
        yield C.FollowOrders(team.id)
    if has_cover(s, team.pos) and not team.cover:
        yield C.TakeCover(team.id)
    if team.cover and led:
        yield C.LeaveCover(team.id)


def _ba_candidates(s: DisState, team: Team) -> Iterable[Any]:
    if team.routed:
        return
    free = [u for u in team.living if not u.acted]
    if not free:
        return
    led = is_led(s, team)
    enemies = sorted(s.side_teams(s.other(team.side)), key=lambda t: t.id)
    clause = order_of(s, team).fire
    bots_unled = is_bot_team(team) and not led
    if not bots_unled:
        for target in enemies:
            if not sees(s, team.pos, target.pos, team.side):
                continue
            if (led or clause == "fire") and firers_for(s, team, target, False):
                yield C.Fire(team.id, target.id)
                if len(target.living) > 1:
                    for u in target.living:
                        yield C.Fire(team.id, target.id, u.id)
            if (led or clause == "spot") and not target.spotted:
                yield C.Spot(team.id, target.id)
    if has_cover(s, team.pos) and not team.cover:
        yield C.TakeCover(team.id)
    if team.cover and led:
        yield C.LeaveCover(team.id)
    officer = _free_officer(s, team)
    if officer is None:
        return
    is_co = officer.id == s.platoons[team.side].co
    orders = order_choices(s, team.side)
    squads = [s.squads[q.id] for q in s.tables.squads if q.side == team.side]
    for sq in squads:
        if is_co or sq.id == team.squad:
            for o in orders:
                yield C.GiveOrders(team.id, sq.id, o.verb, o.place, o.fire)
    if is_co and s.platoons[team.side].jammed_turn != s.turn:
        words = list(DEFAULT_WORDS) + sorted({w for sq in squads for w in sq.code_words})
        for w in words:
            for target in [None] + [sq.id for sq in squads if not sq.hq]:
                if not isinstance(code_word_targets(s, team.side, w, target), str):
                    yield C.CodeWord(team.id, w, target)
    for other in s.side_teams(team.side):
        if other.routed and hex_distance(other.pos, team.pos) <= CLOSE:
            yield C.Rally(team.id, other.id)


# ---------------------------------------------------------------------------------------------
# Resolution
# ---------------------------------------------------------------------------------------------

def resolve(ctx, cmd: Any) -> None:  # noqa: C901
    s: DisState = ctx.state
    t = type(cmd)
    if t is C.PlaceRallyPoint:
        ctx.emit(E.RallyPointPlaced(side=cmd.side, at=cmd.at))
    elif t is C.DefineCodeWord:
        ctx.emit(E.CodeWordDefined(side=cmd.side, squad=cmd.squad, word=cmd.word, verb=cmd.verb, place=cmd.place,
                                   fire=cmd.fire))
    elif t is C.Deploy:
        ctx.emit(E.TeamPlaced(team=cmd.team, at=cmd.at, rule=R_BRIEF))
    elif t is C.SetOrders:
        ctx.emit(E.OrderChanged(squad=cmd.squad, verb=cmd.verb, place=cmd.place, fire=cmd.fire, source="briefing",
                                rule=R_BRIEF))
    elif t is C.EndBriefing:
        ctx.emit(E.BriefingEnded(side=cmd.side))
        if all(p.briefed for p in s.platoons.values()):
            start_turn(ctx)
            advance(ctx)
        return
    elif t is C.UseResolve:
        ctx.emit(E.ResolveChosen(side=cmd.side, use=True))
        close_segment(ctx)
    elif t is C.EndPhase:
        if s.segment and s.segment[0] == "init":
            ctx.emit(E.ResolveChosen(side=cmd.side, use=False))
        close_segment(ctx)
    elif t is C.RelieveStress:
        co = co_unit(s, cmd.side)
        team = s.team_of(co.id)
        change_stress(ctx, cmd.side, -1, "the CO relieves stress")
        ctx.emit(E.TeamMoveDone(team=team.id, how="the CO relieves stress instead of acting"))
        ctx.emit(E.UnitsActed(team=team.id, units=tuple(u.id for u in team.living), action="relieve stress",
                              rule=R_TURN))
    elif t is C.Move:
        team = s.teams[cmd.team]
        _walk(ctx, team, tuple(cmd.path), "moves")
        if team.on_board and not team.routed:
            ctx.emit(E.TeamMoveDone(team=team.id, how="moved"))
    elif t is C.FollowOrders:
        follow_orders(ctx, s.teams[cmd.team])
    elif t is C.Retreat:
        team = s.teams[cmd.team]
        _walk(ctx, team, _auto_path(s, team, "retreat", None), "retreats")
        if team.on_board and not team.routed:
            ctx.emit(E.TeamMoveDone(team=team.id, how="retreated"))
    elif t in (C.TakeCover, C.LeaveCover):
        team = s.teams[cmd.team]
        ctx.emit(E.CoverChanged(team=team.id, cover=t is C.TakeCover,
                                reason="takes cover" if t is C.TakeCover else "leaves cover"))
        if s.segment[2] == "move":
            ctx.emit(E.TeamMoveDone(team=team.id, how="took cover" if t is C.TakeCover else "left cover"))
        else:
            ctx.emit(E.UnitsActed(team=team.id, units=tuple(u.id for u in team.living if not u.acted),
                                  action="cover", rule=R_COVER))
    elif t is C.Fire:
        resolve_fire(ctx, s.teams[cmd.team], s.teams[cmd.target], cmd.target_unit, reaction=False)
    elif t is C.Spot:
        team = s.teams[cmd.team]
        spotter = max((u for u in team.living if not u.acted), key=lambda u: (CLASSES[u.klass], u.id))
        ctx.emit(E.UnitsActed(team=team.id, units=(spotter.id,), action="spot", rule=R_SPOT))
        spot_check(ctx, team, s.teams[cmd.target], spotter)
    elif t is C.GiveOrders:
        team = s.teams[cmd.team]
        officer = _free_officer(s, team)
        ctx.emit(E.UnitsActed(team=team.id, units=(officer.id,), action="give orders", rule=R_ORDERS))
        sq = s.squads[cmd.squad]
        if officer.id == s.platoons[team.side].co and not sq.hq:
            ctx.emit(E.OrderPending(squad=sq.id, verb=cmd.verb, place=cmd.place, fire=cmd.fire))
        else:
            ctx.emit(E.OrderChanged(squad=sq.id, verb=cmd.verb, place=cmd.place, fire=cmd.fire, source="orders"))
    elif t is C.CodeWord:
        team = s.teams[cmd.team]
        officer = _free_officer(s, team)
        ctx.emit(E.UnitsActed(team=team.id, units=(officer.id,), action="code word", rule=R_ORDERS))
        for sq in code_word_targets(s, team.side, cmd.word, cmd.squad):
            o = code_word_order(s, sq, cmd.word)
            ctx.emit(E.OrderChanged(squad=sq.id, verb=o.verb, place=o.place, fire=o.fire,
                                    source="resume" if cmd.word == "Resume" else "code word", word=cmd.word))
    elif t is C.Rally:
        team = s.teams[cmd.team]
        officer = _free_officer(s, team)
        target = s.teams[cmd.target]
        ctx.emit(E.UnitsActed(team=team.id, units=(officer.id,), action="rally", rule=R_ORDERS))
        if s.opt("auto_spot_rally"):
            ok = True
        else:
            ok = instinct_check(ctx, team, officer, f"to rally {target.name}", R_ORDERS).success
        if ok:
            ctx.emit(E.TeamRouted(team=target.id, routed=False, rule=R_ORDERS))
            if target.squad != team.squad:
                ctx.emit(E.TeamJoinedSquad(team=target.id, squad=team.squad, reason="rallied by its officer"))
    check_broken(ctx)
    advance(ctx)


def code_word_order(s: DisState, sq: Squad, word: str) -> Order:
    """The order a code word stands for: the squad's own, or a default (Rule 10). This game's reading: Halt,
    Rally and Retreat keep the squad's fire clause; Rally goes to the rally point nearest the squad's NCO (or
    first team); Resume restores the order the last code word replaced."""
    fire = sq.order.fire
    if word == "Halt":
        return Order("halt", None, fire)
    if word == "Retreat":
        return Order("retreat", None, fire)
    if word == "Resume":
        return sq.before_code
    if word == "Rally":
        anchor = s.nco_team(sq.id) or (s.squad_teams(sq.id) or [None])[0]
        points = s.platoons[sq.side].rally_points
        base = anchor.pos if anchor is not None else points[0]
        best = min(points, key=lambda h: (hex_distance(h, base), h.q, h.r))
        return Order("rally", best, fire)
    return sq.code_words[word]
