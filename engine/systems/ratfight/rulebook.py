"""JTS RatFight's rulebook: every order type with its check, offers, resolution, words, order-editor parts,
odds and outcome side by side, and every event type with its fold and its words (engine.core.contract)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from hexfront.engine.core.contract import Rulebook
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.view import OrderParts, OrderPreview

from . import campaign as K
from . import commands as C
from . import describe as D
from . import events as E
from . import folds as F
from . import orders as O
from . import previews as P
from . import view as V
from .state import RatState

OrderT = TypeVar("OrderT")

RULEBOOK: Rulebook[RatState] = Rulebook("JTS RatFight")


def _order(kind: type[OrderT], check: Callable[[RatState, OrderT], str | None],
           offers: Callable[[RatState], Iterable[OrderT]], resolve: Callable[[Resolution, OrderT], None],
           describe: Callable[[RatState, OrderT], str], parts: Callable[[RatState, OrderT], OrderParts],
           preview: Callable[[RatState, OrderT], OrderPreview],
           outcome: Callable[[RatState, OrderT, Sequence[Any]], str | None] | None = None) -> None:
    """Register ``kind``; its preview of an order not possible now says why (from the same check)."""

    def odds(st: RatState, cmd: OrderT) -> OrderPreview:
        why = check(st, cmd)
        return P.refused(describe(st, cmd), why) if why is not None else preview(st, cmd)

    RULEBOOK.command(kind, check=check, offers=offers, resolve=resolve, odds=odds, outcome=outcome,
                     describe=describe, parts=parts)


_order(C.Retarget, O.check_retarget, O.offer_retarget, O.resolve_retarget, D.retarget_order, V.parts_retarget,
       P.preview_retarget, P.outcome_retarget)
_order(C.Pass, O.check_pass, O.offer_pass, O.resolve_pass, D.pass_order, V.parts_pass, P.preview_pass)
_order(C.Redraw, O.check_redraw, O.offer_redraw, O.resolve_redraw, D.redraw_order, V.parts_redraw,
       P.preview_redraw, P.outcome_redraw)
_order(C.KeepMoraleCard, O.check_keep, O.offer_keep, O.resolve_keep, D.keep_order, V.parts_keep, P.preview_keep)
_order(C.Disembark, O.check_disembark, O.offer_disembark, O.resolve_disembark, D.disembark_order,
       V.parts_disembark, P.preview_disembark)
_order(C.Move, O.check_move, O.offer_move, O.resolve_move, D.move_order, V.parts_move, P.preview_move)
_order(C.Assault, O.check_assault, O.offer_assault, O.resolve_assault, D.assault_order, V.parts_assault,
       P.preview_assault, P.outcome_assault)
_order(C.Embark, O.check_embark, O.offer_embark, O.resolve_embark, D.embark_order, V.parts_embark,
       P.preview_embark)
_order(C.Pivot, O.check_pivot, O.offer_pivot, O.resolve_pivot, D.pivot_order, V.parts_pivot, P.preview_pivot)
_order(C.Fire, O.check_fire, O.offer_fire, O.resolve_fire, D.fire_order, V.parts_fire, P.preview_fire,
       P.outcome_fire)

_order(C.DrawForCasualties, K.check_draw, K.offer_draw, K.resolve_draw, K.draw_order, K.parts_draw,
       K.preview_draw)

RULEBOOK.event(E.ModelPlaced, F.fold_model_placed, D.model_placed)
RULEBOOK.event(E.TurnBegan, F.fold_turn_began, D.turn_began)
RULEBOOK.event(E.InitiativeWon, F.fold_initiative_won, D.initiative_won)
RULEBOOK.event(E.ActionCardTurned, F.fold_action_card_turned, D.action_card_turned)
RULEBOOK.event(E.ActionCardDone, F.fold_action_card_done, D.action_card_done)
RULEBOOK.event(E.InspiringRedraw, F.fold_inspiring_redraw, D.inspiring_redraw)
RULEBOOK.event(E.ModelActivated, F.fold_model_activated, D.model_activated)
RULEBOOK.event(E.ModelMoved, F.fold_model_moved, D.model_moved)
RULEBOOK.event(E.VehiclePivoted, F.fold_vehicle_pivoted, D.vehicle_pivoted)
RULEBOOK.event(E.ModelEmbarked, F.fold_model_embarked, D.model_embarked)
RULEBOOK.event(E.ModelDisembarked, F.fold_model_disembarked, D.model_disembarked)
RULEBOOK.event(E.TurretTurned, F.fold_turret_turned, D.turret_turned)
RULEBOOK.event(E.CardsCompared, F.fold_nothing, D.cards_compared)
RULEBOOK.event(E.ModelDowned, F.fold_model_downed, D.model_downed)
RULEBOOK.event(E.ModelCasualty, F.fold_model_casualty, D.model_casualty)
RULEBOOK.event(E.ModelRecovered, F.fold_model_recovered, D.model_recovered)
RULEBOOK.event(E.VehicleDamaged, F.fold_vehicle_damaged, D.vehicle_damaged)
RULEBOOK.event(E.CrewBailedOut, F.fold_crew_bailed_out, D.crew_bailed_out)
RULEBOOK.event(E.PassengerThrown, F.fold_passenger_thrown, D.passenger_thrown)
RULEBOOK.event(E.RetargetOffered, F.fold_retarget_offered, D.retarget_offered)
RULEBOOK.event(E.RetargetChosen, F.fold_retarget_chosen, D.retarget_chosen)
RULEBOOK.event(E.TurnEnded, F.fold_turn_ended, D.turn_ended)
RULEBOOK.event(E.MoraleTested, F.fold_nothing, D.morale_tested)
RULEBOOK.event(E.MoraleCardsOffered, F.fold_morale_cards_offered, D.morale_cards_offered)
RULEBOOK.event(E.MoraleCardKept, F.fold_morale_card_kept, D.morale_card_kept)
RULEBOOK.event(E.ForceBroken, F.fold_force_broken, D.force_broken)
RULEBOOK.event(E.BattleEnded, F.fold_battle_ended, D.battle_ended)
RULEBOOK.event(E.ModelCaptured, K.fold_captured, K.captured_line)
RULEBOOK.event(E.AvailabilityDrawn, K.fold_availability, K.availability_line)
RULEBOOK.event(E.AftermathDone, K.fold_aftermath, K.aftermath_line)
