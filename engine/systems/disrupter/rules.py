"""Disrupter's rules: a new battle, its setup, and one place to find the rules by name.

The rules live in modules with one job each, lowest first: :mod:`.board` (ground, sight, movement, who leads,
the modifiers of a check, whose segment it is), :mod:`.sentences` (orders as sentences, code words),
:mod:`.fireplan` (Rule 16's table, written once for the resolution and the odds), :mod:`.combat` (checks,
stress, firing, panic, walking and reaction fire), :mod:`.briefing` and :mod:`.offers` (each order type's check
and offers),
:mod:`.turns` (the turn sequence), :mod:`.orders` (each order type's resolution), :mod:`.folds` (each event's
fold); :mod:`.rulebook` registers them side by side. This module re-exports the names the computer player and
the rule-book tests read.

Rule references name the book's headings ("Rule 16 - Firing"). Where the book is silent the docstring says
"this game's reading:" and help.md lists the reading.

Shape of a battle: the briefing (both sides in turn, Rule 10; a scenario with ``briefing = false``, such as the
tutorial, writes its orders itself and opens at turn 1), then turns (:mod:`.turns`).
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .board import (
    CLOSE,
    MAX_CODE_WORDS,
    MAX_RALLY_POINTS,
    MAX_STRESS,
    R_BRIEF,
    R_CHECKS,
    R_COMMAND,
    R_COVER,
    R_FIRE,
    R_LEAD,
    R_LOS,
    R_MOVE,
    R_ORDERS,
    R_REACT,
    R_SPOT,
    R_STATS,
    R_STRESS,
    R_TURN,
    armour_mods,
    check_path,
    co_unit,
    edge_row,
    free_officer,
    has_cover,
    instinct_mods,
    is_bot_team,
    is_led,
    officer_near,
    order_of,
    passable,
    row_of,
    sees,
    segment_name,
    segment_teams,
    side_to_act,
    team_has_officer,
    team_move,
    unit_stats,
)
from .combat import (
    auto_path,
    change_stress,
    check_surrender,
    platoon_panic,
    resolve_fire,
    stance,
    succession,
    team_panic,
)
from .data import Tables
from .fireplan import firers_for
from .offers import idle_reason, segment_has_orders, team_commands
from .state import DisState, Order, Platoon, Squad, Team, Unit
from .turns import advance, start_turn
from .vehicles import R_VEHICLE, drives, is_vehicle


def start_facing(s: DisState, side: str) -> int:
    """Vehicles (this game's own): a vehicle starts facing the enemy's edge, NE from the bottom edge, SW from the
    top (a pointy-topped hex has no side straight up)."""
    return 1 if s.tables.side(side).edge == "bottom" else 4

OPTIONS = ("single_wound", "no_stress", "officer_every_team", "auto_spot_rally", "fixed_turn_order", "single_group",
           "cos_in_group_1", "active_rolls_only", "player_facing", "one_wound_weapons", "resolve",
           "saved_hit_one_less_per_group")

__all__ = [
    "CLOSE", "MAX_CODE_WORDS", "MAX_RALLY_POINTS", "MAX_STRESS", "OPTIONS", "R_BRIEF", "R_CHECKS", "R_COMMAND",
    "R_COVER", "R_FIRE", "R_LEAD", "R_LOS", "R_MOVE", "R_ORDERS", "R_REACT", "R_SPOT", "R_STATS", "R_STRESS",
    "R_TURN", "Order", "armour_mods", "auto_path", "change_stress", "check_path", "check_surrender", "co_unit",
    "edge_row", "firers_for", "free_officer", "has_cover", "hex_distance", "idle_reason", "instinct_mods",
    "is_bot_team", "is_led", "new_state", "officer_near", "order_of", "passable", "platoon_panic", "resolve_fire",
    "row_of", "sees", "segment_has_orders", "segment_name", "segment_teams", "setup", "side_to_act", "stance",
    "succession", "team_commands", "team_has_officer", "team_move", "team_panic", "unit_stats", "drives",
    "is_vehicle", "start_facing",
]


def new_state(tables: Tables, options: dict[str, Any]) -> DisState:
    """A battle before its setup: every team off the board, every squad holding, nobody briefed."""
    platoons = {s.id: Platoon(s.id, s.name) for s in tables.sides}
    squads = {q.id: Squad(q.id, q.side, q.name, q.hq, Order("hold", None, "fire")) for q in tables.squads}
    teams = {t.id: Team(t.id, t.side, t.name, t.squad,
                        [Unit(u.id, u.klass, u.kit, u.weapon, u.wounds) for u in t.units], None)
             for t in tables.teams}
    return DisState(tables=tables, options=dict(options), platoons=platoons, squads=squads, teams=teams)


def setup(ctx: Resolution) -> None:
    """Every team at its scenario place, each platoon's CO appointed (Rule 9); a scenario that skips the briefing
    has its written orders stand and turn 1 begin at once."""
    s: DisState = ctx.state
    for spec in s.tables.teams:
        ctx.emit(E.TeamPlaced(team=spec.id, at=spec.at, rule=R_BRIEF))
        if spec.vehicle is not None:
            ctx.emit(E.VehicleTurned(team=spec.id, facing=start_facing(s, spec.side), rule=R_VEHICLE))
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
