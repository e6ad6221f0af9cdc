"""Disrupter's rulebook: every order type with its check, offers, resolution, words, order-editor parts and (where
dice decide it) odds and outcome side by side, and every event type with its fold and its words
(engine.core.contract)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from hexfront.engine.core.contract import Rulebook
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.view import OrderParts, OrderPreview

from . import briefing as B
from . import commands as C
from . import describe as D
from . import drive_previews as DP
from . import events as E
from . import folds as F
from . import offers as O
from . import orders as R
from . import previews as P
from . import view as V
from .state import DisState

OrderT = TypeVar("OrderT")

RULEBOOK: Rulebook[DisState] = Rulebook("Disrupter")


def _order(kind: type[OrderT], check: Callable[[DisState, OrderT], str | None],
           offers: Callable[[DisState], Iterable[OrderT]], resolve: Callable[[Resolution, OrderT], None],
           describe: Callable[[DisState, OrderT], str], parts: Callable[[DisState, OrderT], OrderParts],
           preview: Callable[[DisState, OrderT], OrderPreview] | None = None,
           outcome: Callable[[DisState, OrderT, Sequence[Any]], str | None] | None = None) -> None:
    """Register ``kind``; the odds of an order not possible now show only what it is (from the same check)."""
    odds = None
    if preview is not None:
        shown = preview

        def odds(st: DisState, cmd: OrderT) -> OrderPreview:
            return P.refused(describe(st, cmd)) if check(st, cmd) is not None else shown(st, cmd)

    RULEBOOK.command(kind, check=check, offers=offers, resolve=resolve, odds=odds, outcome=outcome,
                     describe=describe, parts=parts)


# Rule 10 - Intelligence Briefing
_order(C.PlaceRallyPoint, B.check_place_rally_point, B.offer_place_rally_point, R.resolve_place_rally_point,
       D.place_rally_point_order, V.parts_place_rally_point)
_order(C.DefineCodeWord, B.check_define_code_word, B.offer_define_code_word, R.resolve_define_code_word,
       D.define_code_word_order, V.parts_define_code_word)
_order(C.Deploy, B.check_deploy, B.offer_deploy, R.resolve_deploy, D.deploy_order, V.parts_deploy)
_order(C.SetOrders, B.check_set_orders, B.offer_set_orders, R.resolve_set_orders, D.set_orders_order,
       V.parts_set_orders)
_order(C.EndBriefing, B.check_end_briefing, B.offer_end_briefing, R.resolve_end_briefing, D.end_briefing_order,
       V.parts_end_briefing)
# Rule 11 - Turn Structure (optional Resolve)
_order(C.UseResolve, O.check_use_resolve, O.offer_use_resolve, R.resolve_use_resolve, D.use_resolve_order,
       V.parts_use_resolve)
# Rules 13-14 - movement actions
_order(C.Move, O.check_move, O.offer_move, R.resolve_move, D.move_order, V.parts_move)
# Vehicles (this game's own): a vehicle's move by its templates
_order(C.Drive, O.check_drive, O.offer_drive, R.resolve_drive, D.drive_order, V.parts_drive, DP.preview_drive,
       DP.outcome_drive)
_order(C.FollowOrders, O.check_follow_orders, O.offer_follow_orders, R.resolve_follow_orders,
       D.follow_orders_order, V.parts_follow_orders)
_order(C.Retreat, O.check_retreat, O.offer_retreat, R.resolve_retreat, D.retreat_order, V.parts_retreat)
_order(C.TakeCover, O.check_take_cover, O.offer_take_cover, R.resolve_take_cover, D.take_cover_order,
       V.parts_take_cover)
_order(C.LeaveCover, O.check_leave_cover, O.offer_leave_cover, R.resolve_leave_cover, D.leave_cover_order,
       V.parts_leave_cover)
# Rule 16 - Battlefield Actions
_order(C.Fire, O.check_fire, O.offer_fire, R.resolve_fire_order, D.fire_order, V.parts_fire, P.preview_fire,
       P.outcome_fire)
_order(C.Spot, O.check_spot, O.offer_spot, R.resolve_spot, D.spot_order, V.parts_spot, P.preview_spot,
       P.outcome_spot)
_order(C.GiveOrders, O.check_give_orders, O.offer_give_orders, R.resolve_give_orders, D.give_orders_order,
       V.parts_give_orders)
_order(C.CodeWord, O.check_code_word, O.offer_code_word, R.resolve_code_word, D.code_word_order,
       V.parts_code_word)
_order(C.Rally, O.check_rally, O.offer_rally, R.resolve_rally, D.rally_order, V.parts_rally, P.preview_rally,
       P.outcome_rally)
# Rule 11 - the CO's relief, and passing the rest of a step
_order(C.RelieveStress, O.check_relieve_stress, O.offer_relieve_stress, R.resolve_relieve_stress,
       D.relieve_stress_order, V.parts_relieve_stress)
_order(C.EndPhase, O.check_end_phase, O.offer_end_phase, R.resolve_end_phase, D.end_phase_order,
       V.parts_end_phase)

RULEBOOK.event(E.TeamPlaced, F.fold_team_placed, D.team_placed)
RULEBOOK.event(E.CoAppointed, F.fold_co_appointed, D.co_appointed)
RULEBOOK.event(E.RallyPointPlaced, F.fold_rally_point_placed, D.rally_point_placed)
RULEBOOK.event(E.CodeWordDefined, F.fold_code_word_defined, D.code_word_defined)
RULEBOOK.event(E.OrderChanged, F.fold_order_changed, D.order_changed)
RULEBOOK.event(E.OrderPending, F.fold_order_pending, D.order_pending)
RULEBOOK.event(E.BriefingEnded, F.fold_briefing_ended, D.briefing_ended)
RULEBOOK.event(E.TurnBegan, F.fold_turn_began, D.turn_began)
RULEBOOK.event(E.StressChanged, F.fold_stress_changed, D.stress_changed)
RULEBOOK.event(E.ResolveChosen, F.fold_resolve_chosen, D.resolve_chosen)
RULEBOOK.event(E.CheckMade, F.fold_nothing, D.check_made)
RULEBOOK.event(E.InitiativeWon, F.fold_initiative_won, D.initiative_won)
RULEBOOK.event(E.GroupAssigned, F.fold_group_assigned, D.group_assigned)
RULEBOOK.event(E.SegmentsSet, F.fold_segments_set, D.segments_set)
RULEBOOK.event(E.TeamStepped, F.fold_team_stepped, D.team_stepped)
RULEBOOK.event(E.TeamMoveDone, F.fold_team_move_done, D.team_move_done)
RULEBOOK.event(E.CoverChanged, F.fold_cover_changed, D.cover_changed)
RULEBOOK.event(E.UnitsActed, F.fold_units_acted, D.units_acted)
RULEBOOK.event(E.FireDeclared, F.fold_fire_declared, D.fire_declared)
RULEBOOK.event(E.FireResolved, F.fold_nothing, D.fire_resolved)
RULEBOOK.event(E.PenaltySet, F.fold_penalty_set, D.penalty_set)
RULEBOOK.event(E.WoundsTaken, F.fold_wounds_taken, D.wounds_taken)
RULEBOOK.event(E.UnitRemoved, F.fold_unit_removed, D.unit_removed)
RULEBOOK.event(E.SpotMarked, F.fold_spot_marked, D.spot_marked)
RULEBOOK.event(E.PanicChecked, F.fold_nothing, D.panic_checked)
RULEBOOK.event(E.TeamFrozen, F.fold_team_frozen, D.team_frozen)
RULEBOOK.event(E.TeamRouted, F.fold_team_routed, D.team_routed)
RULEBOOK.event(E.TeamLeftBoard, F.fold_team_left_board, D.team_left_board)
RULEBOOK.event(E.TeamJoinedSquad, F.fold_team_joined_squad, D.team_joined_squad)
RULEBOOK.event(E.CodeWordsJammed, F.fold_code_words_jammed, D.code_words_jammed)
RULEBOOK.event(E.BattleEnded, F.fold_battle_ended, D.battle_ended)
RULEBOOK.event(E.VehicleTurned, F.fold_vehicle_turned, D.vehicle_turned)
