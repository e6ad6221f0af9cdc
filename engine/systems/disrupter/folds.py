"""Disrupter: how each event changes the battle (the fold). :mod:`.rulebook` registers each with its event."""

from __future__ import annotations

from . import events as E
from .board import R_BRIEF
from .state import DisState, Order


def fold_team_placed(s: DisState, e: E.TeamPlaced) -> None:
    """A team moved by a Deploy order at the briefing is marked as placed (once per team, Rule 10)."""
    team = s.teams[e.team]
    if team.pos is not None and s.phase == "briefing" and e.rule == R_BRIEF and team.pos != e.at:
        team.deployed = True
    team.pos = e.at


def fold_co_appointed(s: DisState, e: E.CoAppointed) -> None:
    s.platoons[e.side].co = e.unit


def fold_rally_point_placed(s: DisState, e: E.RallyPointPlaced) -> None:
    s.platoons[e.side].rally_points.append(e.at)


def fold_code_word_defined(s: DisState, e: E.CodeWordDefined) -> None:
    s.squads[e.squad].code_words[e.word] = Order(e.verb, e.place, e.fire)


def fold_order_changed(s: DisState, e: E.OrderChanged) -> None:
    """A code word keeps the order it replaced (for Resume); any other new order forgets it."""
    sq = s.squads[e.squad]
    if e.source == "code word":
        sq.before_code = sq.order
    elif e.source in ("resume", "orders", "pending", "briefing"):
        sq.before_code = None
    if e.source == "pending":
        sq.pending = None
    if e.source == "briefing":
        sq.orders_set = True
    sq.order = Order(e.verb, e.place, e.fire)


def fold_order_pending(s: DisState, e: E.OrderPending) -> None:
    s.squads[e.squad].pending = Order(e.verb, e.place, e.fire)


def fold_briefing_ended(s: DisState, e: E.BriefingEnded) -> None:
    s.platoons[e.side].briefed = True


def fold_turn_began(s: DisState, e: E.TurnBegan) -> None:
    """Every team may move and act again; the platoons' once-a-turn choices are open again."""
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


def fold_stress_changed(s: DisState, e: E.StressChanged) -> None:
    s.platoons[e.side].stress = e.stress
    if e.reason == "the CO relieves stress":
        s.platoons[e.side].relieved = True


def fold_resolve_chosen(s: DisState, e: E.ResolveChosen) -> None:
    p = s.platoons[e.side]
    p.resolve_decided = True
    if e.use:
        p.resolve_used = True
        p.resolve_now = True


def fold_initiative_won(s: DisState, e: E.InitiativeWon) -> None:
    s.order = e.order


def fold_group_assigned(s: DisState, e: E.GroupAssigned) -> None:
    s.squads[e.squad].group = e.group


def fold_segments_set(s: DisState, e: E.SegmentsSet) -> None:
    s.segments = e.segments
    s.reacted = []
    if s.phase != "over":
        s.phase = "action"


def fold_team_stepped(s: DisState, e: E.TeamStepped) -> None:
    s.teams[e.team].pos = e.to


def fold_vehicle_turned(s: DisState, e: E.VehicleTurned) -> None:
    s.teams[e.team].facing = e.facing


def fold_team_move_done(s: DisState, e: E.TeamMoveDone) -> None:
    s.teams[e.team].moved = True


def fold_cover_changed(s: DisState, e: E.CoverChanged) -> None:
    s.teams[e.team].cover = e.cover


def fold_units_acted(s: DisState, e: E.UnitsActed) -> None:
    for u in s.teams[e.team].units:
        if u.id in e.units:
            u.acted = True


def fold_fire_declared(s: DisState, e: E.FireDeclared) -> None:
    """The target remembers who fired at it this turn (hold fire, Rule 15); a reacting team reacts once a step."""
    target = s.teams[e.target]
    if e.team not in target.fired_at_by:
        target.fired_at_by.append(e.team)
    if e.reaction:
        s.reacted.append(e.team)


def fold_penalty_set(s: DisState, e: E.PenaltySet) -> None:
    s.teams[e.team].penalty_turn = e.turn


def fold_wounds_taken(s: DisState, e: E.WoundsTaken) -> None:
    s.unit(e.unit).wounds = e.total


def fold_unit_removed(s: DisState, e: E.UnitRemoved) -> None:
    s.unit(e.unit).alive = False
    s.platoons[s.team_of(e.unit).side].lost += 1


def fold_spot_marked(s: DisState, e: E.SpotMarked) -> None:
    s.teams[e.team].spotted = e.spotted


def fold_team_frozen(s: DisState, e: E.TeamFrozen) -> None:
    s.teams[e.team].frozen_turn = e.turn


def fold_team_routed(s: DisState, e: E.TeamRouted) -> None:
    """A team that routs loses its cover."""
    s.teams[e.team].routed = e.routed
    if e.routed:
        s.teams[e.team].cover = False


def fold_team_left_board(s: DisState, e: E.TeamLeftBoard) -> None:
    s.teams[e.team].gone = True
    s.teams[e.team].cover = False


def fold_team_joined_squad(s: DisState, e: E.TeamJoinedSquad) -> None:
    s.teams[e.team].squad = e.squad


def fold_code_words_jammed(s: DisState, e: E.CodeWordsJammed) -> None:
    s.platoons[e.side].jammed_turn = e.turn


def fold_battle_ended(s: DisState, e: E.BattleEnded) -> None:
    s.result = (e.winner, e.reason)
    s.phase = "over"
    s.segments = ()


def fold_nothing(s: DisState, e: object) -> None:
    """A record only (a check made, a panic check, a row of the fire table): the events that follow change the
    battle."""
