"""Disrupter orders resolved, one type at a time (``resolve_*``): the events each order turns into. Their checks
and offers are in :mod:`.offers`; :mod:`.rulebook` registers the three side by side.

After any order of the battle itself, a platoon with no team left on the board has lost, and every segment with
nothing left to do closes (Rule 11, :func:`turns.advance`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hexfront.engine.core.resolution import Resolution

from . import commands as C
from . import events as E
from .board import R_BRIEF, R_COVER, R_ORDERS, R_SPOT, R_TURN, co_unit, free_officer
from .combat import change_stress, drive, instinct_check, move_auto, resolve_fire, spot_check, walk
from .schema import CLASSES
from .sentences import code_word_order, code_word_targets
from .state import DisState, Team, Unit
from .turns import advance, check_broken, close_segment, follow_orders, start_turn

OrderT = TypeVar("OrderT")


def _then_advance(body: Callable[[Resolution, DisState, OrderT], None]) -> Callable[[Resolution, OrderT], None]:
    """The order, then: a platoon with no team on the board has lost; segments with nothing to do close."""

    def resolve(ctx: Resolution, cmd: OrderT) -> None:
        body(ctx, ctx.state, cmd)
        check_broken(ctx)
        advance(ctx)

    resolve.__doc__ = body.__doc__
    return resolve


def _officer(s: DisState, team: Team) -> Unit:
    officer = free_officer(s, team)
    assert officer is not None  # checked
    return officer


# -- Rule 10: the briefing -------------------------------------------------------------------------------------

@_then_advance
def resolve_place_rally_point(ctx: Resolution, s: DisState, cmd: C.PlaceRallyPoint) -> None:
    """Rule 10: a rally point for the platoon's rally orders and the Rally code word."""
    ctx.emit(E.RallyPointPlaced(side=cmd.side, at=cmd.at))


@_then_advance
def resolve_define_code_word(ctx: Resolution, s: DisState, cmd: C.DefineCodeWord) -> None:
    """Rule 10: an NCO learns a code word and the order it stands for."""
    ctx.emit(E.CodeWordDefined(side=cmd.side, squad=cmd.squad, word=cmd.word, verb=cmd.verb, place=cmd.place,
                               fire=cmd.fire))


@_then_advance
def resolve_deploy(ctx: Resolution, s: DisState, cmd: C.Deploy) -> None:
    """Rule 10: a team placed in its own deployment zone."""
    ctx.emit(E.TeamPlaced(team=cmd.team, at=cmd.at, rule=R_BRIEF))


@_then_advance
def resolve_set_orders(ctx: Resolution, s: DisState, cmd: C.SetOrders) -> None:
    """Rule 10: a squad's first written order."""
    ctx.emit(E.OrderChanged(squad=cmd.squad, verb=cmd.verb, place=cmd.place, fire=cmd.fire, source="briefing",
                            rule=R_BRIEF))


def resolve_end_briefing(ctx: Resolution, cmd: C.EndBriefing) -> None:
    """Rule 10: the side's briefing is done; when both are, turn 1 begins."""
    s: DisState = ctx.state
    ctx.emit(E.BriefingEnded(side=cmd.side))
    if all(p.briefed for p in s.platoons.values()):
        start_turn(ctx)
        advance(ctx)


# -- Rule 11: Resolve, ending a step, relieving stress ---------------------------------------------------------

@_then_advance
def resolve_use_resolve(ctx: Resolution, s: DisState, cmd: C.UseResolve) -> None:
    """Rule 11 (optional Resolve): [+] on this turn's initiative check, once a game."""
    ctx.emit(E.ResolveChosen(side=cmd.side, use=True))
    close_segment(ctx)


@_then_advance
def resolve_end_phase(ctx: Resolution, s: DisState, cmd: C.EndPhase) -> None:
    """Rule 11: the rest of this step is passed (asked about Resolve: it is kept)."""
    if s.segment and s.segment[0] == "init":
        ctx.emit(E.ResolveChosen(side=cmd.side, use=False))
    close_segment(ctx)


@_then_advance
def resolve_relieve_stress(ctx: Resolution, s: DisState, cmd: C.RelieveStress) -> None:
    """Rule 11: the CO takes 1 stress off the platoon instead of moving and acting."""
    co = co_unit(s, cmd.side)
    assert co is not None  # checked
    team = s.team_of(co.id)
    change_stress(ctx, cmd.side, -1, "the CO relieves stress")
    ctx.emit(E.TeamMoveDone(team=team.id, how="the CO relieves stress instead of acting"))
    ctx.emit(E.UnitsActed(team=team.id, units=tuple(u.id for u in team.living), action="relieve stress",
                          rule=R_TURN))


# -- Rules 13-14: movement actions ----------------------------------------------------------------------------

@_then_advance
def resolve_move(ctx: Resolution, s: DisState, cmd: C.Move) -> None:
    """Rule 14: a led team walks the path it was given, drawing reaction fire hex by hex (Rule 15)."""
    team = s.teams[cmd.team]
    walk(ctx, team, tuple(cmd.path), "moves")
    if team.on_board and not team.routed:
        ctx.emit(E.TeamMoveDone(team=team.id, how="moved"))


@_then_advance
def resolve_drive(ctx: Resolution, s: DisState, cmd: C.Drive) -> None:
    """Vehicles (this game's own): a led vehicle drives the templates it was given, drawing reaction fire after
    each one (Rule 15)."""
    team = s.teams[cmd.team]
    drive(ctx, team, tuple(cmd.templates), "drives")
    if team.on_board and not team.routed:
        ctx.emit(E.TeamMoveDone(team=team.id, how="drove", rule="Vehicles (this game's own): movement templates"))


@_then_advance
def resolve_follow_orders(ctx: Resolution, s: DisState, cmd: C.FollowOrders) -> None:
    """Rule 9 - Giving Orders: the team moves as its squad's order says (a routed team runs)."""
    follow_orders(ctx, s.teams[cmd.team])


@_then_advance
def resolve_retreat(ctx: Resolution, s: DisState, cmd: C.Retreat) -> None:
    """Rule 9 - Leading: an unled bot team falls back its full Movement toward its own edge."""
    team = s.teams[cmd.team]
    move_auto(ctx, team, "retreat", None, "retreats")
    if team.on_board and not team.routed:
        ctx.emit(E.TeamMoveDone(team=team.id, how="retreated"))


def _cover(ctx: Resolution, s: DisState, team: Team, cover: bool) -> None:
    """Rule 13: taking or leaving cover is the team's movement action, or its battlefield action."""
    ctx.emit(E.CoverChanged(team=team.id, cover=cover, reason="takes cover" if cover else "leaves cover"))
    if s.segment is not None and s.segment[2] == "move":
        ctx.emit(E.TeamMoveDone(team=team.id, how="took cover" if cover else "left cover"))
    else:
        ctx.emit(E.UnitsActed(team=team.id, units=tuple(u.id for u in team.living if not u.acted),
                              action="cover", rule=R_COVER))


@_then_advance
def resolve_take_cover(ctx: Resolution, s: DisState, cmd: C.TakeCover) -> None:
    """Rule 13: the team goes under the light cover of its hex."""
    _cover(ctx, s, s.teams[cmd.team], True)


@_then_advance
def resolve_leave_cover(ctx: Resolution, s: DisState, cmd: C.LeaveCover) -> None:
    """Rule 13: the team comes out of cover."""
    _cover(ctx, s, s.teams[cmd.team], False)


# -- Rule 16: battlefield actions ----------------------------------------------------------------------------

@_then_advance
def resolve_fire_order(ctx: Resolution, s: DisState, cmd: C.Fire) -> None:
    """Rule 16 - Firing (combat.resolve_fire)."""
    resolve_fire(ctx, s.teams[cmd.team], s.teams[cmd.target], cmd.target_unit, reaction=False)


def spotter_of(team: Team) -> Unit:
    """Rule 16 - Spotting: the unit that spots, the one with the best Instinct that has not acted."""
    return max((u for u in team.living if not u.acted), key=lambda u: (CLASSES[u.klass], u.id))


@_then_advance
def resolve_spot(ctx: Resolution, s: DisState, cmd: C.Spot) -> None:
    """Rule 16 - Spotting: one unit's Instinct check (combat.spot_check)."""
    team = s.teams[cmd.team]
    spotter = spotter_of(team)
    ctx.emit(E.UnitsActed(team=team.id, units=(spotter.id,), action="spot", rule=R_SPOT))
    spot_check(ctx, team, s.teams[cmd.target], spotter)


@_then_advance
def resolve_give_orders(ctx: Resolution, s: DisState, cmd: C.GiveOrders) -> None:
    """Rule 16 - Commanding: an NCO's order stands at once; a CO's order to an NCO at the next initiative
    phase."""
    team = s.teams[cmd.team]
    officer = _officer(s, team)
    ctx.emit(E.UnitsActed(team=team.id, units=(officer.id,), action="give orders", rule=R_ORDERS))
    sq = s.squads[cmd.squad]
    if officer.id == s.platoons[team.side].co and not sq.hq:
        ctx.emit(E.OrderPending(squad=sq.id, verb=cmd.verb, place=cmd.place, fire=cmd.fire))
    else:
        ctx.emit(E.OrderChanged(squad=sq.id, verb=cmd.verb, place=cmd.place, fire=cmd.fire, source="orders"))


@_then_advance
def resolve_code_word(ctx: Resolution, s: DisState, cmd: C.CodeWord) -> None:
    """Rule 16 - Commanding: a code word changes the orders of every squad it reaches at once."""
    team = s.teams[cmd.team]
    officer = _officer(s, team)
    ctx.emit(E.UnitsActed(team=team.id, units=(officer.id,), action="code word", rule=R_ORDERS))
    targets = code_word_targets(s, team.side, cmd.word, cmd.squad)
    assert not isinstance(targets, str)  # checked
    for sq in targets:
        o = code_word_order(s, sq, cmd.word)
        ctx.emit(E.OrderChanged(squad=sq.id, verb=o.verb, place=o.place, fire=o.fire,
                                source="resume" if cmd.word == "Resume" else "code word", word=cmd.word))


def rally_checker(s: DisState, cmd: C.Rally) -> Unit:
    """Rule 16 - Commanding: the officer whose Instinct check rallies."""
    return _officer(s, s.teams[cmd.team])


@_then_advance
def resolve_rally(ctx: Resolution, s: DisState, cmd: C.Rally) -> None:
    """Rule 16 - Commanding: the officer's Instinct check; on a success the routed team is rallied and joins his
    squad."""
    team = s.teams[cmd.team]
    officer = rally_checker(s, cmd)
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
