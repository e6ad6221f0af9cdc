"""JTS RatFight's rulebook: every order type with its check, offers, resolution, odds and outcome side by side,
and every event type with its fold (the contract of engine.core.contract)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from engine.core.contract import Rulebook
from engine.core.resolution import Resolution
from engine.core.view import OrderPreview

from . import commands as C
from . import events as E
from . import folds as F
from . import orders as O
from . import view as V
from .state import RatState

OrderT = TypeVar("OrderT")

RULEBOOK: Rulebook[RatState] = Rulebook("JTS RatFight")


def _order(kind: type[OrderT], check: Callable[[RatState, OrderT], str | None],
           offers: Callable[[RatState], Iterable[OrderT]], resolve: Callable[[Resolution, OrderT], None],
           preview: Callable[[RatState, OrderT], OrderPreview],
           outcome: Callable[[RatState, OrderT, Sequence[Any]], str | None] | None = None) -> None:
    """Register ``kind``; its preview of an order not possible now says why (from the same check)."""

    def odds(st: RatState, cmd: OrderT) -> OrderPreview:
        why = check(st, cmd)
        return V.refused(st, cmd, why) if why is not None else preview(st, cmd)

    RULEBOOK.command(kind, check=check, offers=offers, resolve=resolve, odds=odds, outcome=outcome)


_order(C.Retarget, O.check_retarget, O.offer_retarget, O.resolve_retarget, V.preview_retarget, V.outcome_retarget)
_order(C.Pass, O.check_pass, O.offer_pass, O.resolve_pass, V.preview_pass)
_order(C.Redraw, O.check_redraw, O.offer_redraw, O.resolve_redraw, V.preview_redraw, V.outcome_redraw)
_order(C.Disembark, O.check_disembark, O.offer_disembark, O.resolve_disembark, V.preview_disembark)
_order(C.Move, O.check_move, O.offer_move, O.resolve_move, V.preview_move)
_order(C.Assault, O.check_assault, O.offer_assault, O.resolve_assault, V.preview_assault, V.outcome_assault)
_order(C.Embark, O.check_embark, O.offer_embark, O.resolve_embark, V.preview_embark)
_order(C.Pivot, O.check_pivot, O.offer_pivot, O.resolve_pivot, V.preview_pivot)
_order(C.Fire, O.check_fire, O.offer_fire, O.resolve_fire, V.preview_fire, V.outcome_fire)

RULEBOOK.event(E.ModelPlaced, F.fold_model_placed)
RULEBOOK.event(E.TurnBegan, F.fold_turn_began)
RULEBOOK.event(E.InitiativeWon, F.fold_initiative_won)
RULEBOOK.event(E.ActionCardTurned, F.fold_action_card_turned)
RULEBOOK.event(E.ActionCardDone, F.fold_action_card_done)
RULEBOOK.event(E.InspiringRedraw, F.fold_inspiring_redraw)
RULEBOOK.event(E.ModelActivated, F.fold_model_activated)
RULEBOOK.event(E.ModelMoved, F.fold_model_moved)
RULEBOOK.event(E.VehiclePivoted, F.fold_vehicle_pivoted)
RULEBOOK.event(E.ModelEmbarked, F.fold_model_embarked)
RULEBOOK.event(E.ModelDisembarked, F.fold_model_disembarked)
RULEBOOK.event(E.TurretTurned, F.fold_turret_turned)
RULEBOOK.event(E.CardsCompared, F.fold_nothing)
RULEBOOK.event(E.ModelDowned, F.fold_model_downed)
RULEBOOK.event(E.ModelCasualty, F.fold_model_casualty)
RULEBOOK.event(E.ModelRecovered, F.fold_model_recovered)
RULEBOOK.event(E.VehicleDamaged, F.fold_vehicle_damaged)
RULEBOOK.event(E.CrewBailedOut, F.fold_crew_bailed_out)
RULEBOOK.event(E.PassengerThrown, F.fold_passenger_thrown)
RULEBOOK.event(E.RetargetOffered, F.fold_retarget_offered)
RULEBOOK.event(E.RetargetChosen, F.fold_retarget_chosen)
RULEBOOK.event(E.TurnEnded, F.fold_turn_ended)
RULEBOOK.event(E.MoraleTested, F.fold_nothing)
RULEBOOK.event(E.ForceBroken, F.fold_force_broken)
RULEBOOK.event(E.BattleEnded, F.fold_battle_ended)
