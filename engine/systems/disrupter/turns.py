"""Disrupter's turn (Rule 11): the initiative phase, the segments of the action phase and how each closes, the
moves the engine makes for teams that do not choose (unled teams follow their orders, routed teams run), and
the end of the battle.

A turn starts with the initiative phase (stress, CO checks, NCO checks into Group 1/2, pending CO orders
swapped in) and then runs its segments (group, side, step): ("co", side, "move"), ("co", side, "ba"), then
"g1" and "g2" likewise, first side first. A segment with nothing left to do closes by itself; EndPhase closes
it at once. When a movement step closes, routed teams that have not moved retreat and unled teams that have not
moved follow their orders (this game's reading of "without deviation").
"""

from __future__ import annotations

from hexfront.engine.core.resolution import Resolution

from . import events as E
from .board import (
    R_COVER,
    R_ORDERS,
    R_TURN,
    co_unit,
    edge_distance,
    holders,
    is_bot_team,
    is_ford,
    is_led,
    is_officer,
    order_of,
    segment_teams,
    team_move,
)
from .combat import change_stress, check_surrender, instinct_check, move_auto, succession
from .dice import CRIT_SUCCESS, Check
from .offers import segment_has_orders
from .state import DisState, Team
from .vehicles import may_take_cover

INITIATIVE_ROUNDS = 10


def start_turn(ctx: Resolution) -> None:
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


def run_initiative(ctx: Resolution) -> None:
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
                assert co is not None  # a platoon without an officer has surrendered (check_surrender)
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


def close_segment(ctx: Resolution) -> None:
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


def advance(ctx: Resolution) -> None:
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


def final_victory(ctx: Resolution) -> None:
    """This game's victory rule (scenario "hold"): when the last turn ends, the side with more teams (not routed)
    on or next to the objective wins; if even, the side that lost fewer units; else a draw."""
    s: DisState = ctx.state
    near = {side: holders(s, side) for side in s.sides}
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


def check_broken(ctx: Resolution) -> None:
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

def follow_orders(ctx: Resolution, team: Team) -> None:
    """Rule 9 - Giving Orders: the engine moves the team as its squad's order says."""
    s: DisState = ctx.state
    if team.routed:
        routed_retreat(ctx, team)
        return
    order = order_of(s, team)
    verb = order.verb
    if is_bot_team(team) and not is_led(s, team):
        verb = "retreat" if verb == "retreat" else "hold"
    move_auto(ctx, team, verb, order.place, f"follows orders ({order.sentence()})")
    if team.on_board and not team.routed:
        if verb == "take_cover" and may_take_cover(s, team) and not team.cover:
            ctx.emit(E.CoverChanged(team=team.id, cover=True, reason="orders: take cover", rule=R_COVER))
        ctx.emit(E.TeamMoveDone(team=team.id, how="followed orders"))


def routed_off(ctx: Resolution, team: Team) -> None:
    """A routed team leaves the board by its own edge, with its officers: Rule 9's succession when the CO goes
    with it (an NCO takes over), the surrender when no officer is left on the board, and the platoon broken
    when no team is."""
    s: DisState = ctx.state
    ctx.emit(E.TeamLeftBoard(team=team.id, reason="routed off its own edge"))
    if any(u.id == s.platoons[team.side].co for u in team.living):
        succession(ctx, team.side)
    check_surrender(ctx)
    check_broken(ctx)


def routed_retreat(ctx: Resolution, team: Team) -> None:
    """Rule 8 (panic: rout): a routed team retreats its full Movement toward its own edge; this game's reading:
    a routed team that starts on its edge row, or reaches it with movement to spare, leaves the board."""
    s: DisState = ctx.state
    if edge_distance(s, team.side, team.hex) == 0:
        routed_off(ctx, team)
        return
    path = move_auto(ctx, team, "retreat", None, "routs")
    if not team.on_board or s.result is not None:
        return
    spare = team_move(s, team) - len(path)
    if edge_distance(s, team.side, team.hex) == 0 and spare > 0 and not any(is_ford(s, h) for h in path):
        routed_off(ctx, team)
        return
    ctx.emit(E.TeamMoveDone(team=team.id, how="routed retreat"))

