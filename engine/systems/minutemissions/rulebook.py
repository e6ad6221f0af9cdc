"""30 Minute Missions' rulebook: every order type with its check, offers, resolution, words, order-editor parts,
odds and outcome side by side, and every event type with its fold and its words (engine.core.contract).

Orders are offered in the order they are registered here: deployment, activation, then the acting unit's
phase ends, movement, command actions and attacks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from hexfront.engine.core.contract import Rulebook
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.view import OrderParts, OrderPreview

from . import actions as A
from . import commands as C
from . import describe as D
from . import events as E
from . import folds as F
from . import orders as O
from . import previews as P
from . import view as V
from .state import MissionState

OrderT = TypeVar("OrderT")

RULEBOOK: Rulebook[MissionState] = Rulebook("30 Minute Missions")


def _order(kind: type[OrderT], check: Callable[[MissionState, OrderT], str | None],
           offers: Callable[[MissionState], Iterable[OrderT]], resolve: Callable[[Resolution, OrderT], None],
           describe: Callable[[MissionState, OrderT], str], parts: Callable[[MissionState, OrderT], OrderParts],
           preview: Callable[[MissionState, OrderT], OrderPreview] | None = None,
           outcome: Callable[[MissionState, OrderT, Sequence[Any]], str | None] | None = None) -> None:
    """Register ``kind``; its preview (a command action's words and AP where it names none) of an order not
    possible now says why, from the same check."""
    shown = preview if preview is not None else P.command_action_preview(describe)

    def odds(st: MissionState, cmd: OrderT) -> OrderPreview:
        why = check(st, cmd)
        return P.refused(describe(st, cmd), why) if why is not None else shown(st, cmd)

    RULEBOOK.command(kind, check=check, offers=offers, resolve=resolve, odds=odds, outcome=outcome,
                     describe=describe, parts=parts)


_order(C.Place, O.check_place, O.offer_place, O.resolve_place, D.place_order, V.parts_place, P.preview_place)
_order(C.Activate, O.check_activate, O.offer_activate, O.resolve_activate, D.activate_order, V.parts_activate,
       P.preview_activate, P.outcome_activate)
_order(C.EndPhase, O.check_end_phase, O.offer_end_phase, O.resolve_end_phase, D.end_phase_order,
       V.parts_end_phase, P.preview_end_phase)
_order(C.EndTurn, O.check_end_turn, O.offer_end_turn, O.resolve_end_turn, D.end_turn_order, V.parts_end_turn,
       P.preview_end_turn)
_order(C.Move, O.check_move, O.offer_move, O.resolve_move, D.move_order, V.parts_move, P.preview_move)
_order(C.Turn, O.check_turn, O.offer_turn, O.resolve_turn, D.turn_order, V.parts_turn, P.preview_turn)
_order(C.Thrust, O.check_thrust, O.offer_thrust, O.resolve_thrust, D.thrust_order, V.parts_thrust,
       P.preview_thrust)
# the command actions (2 AP each)
_order(C.PressOn, A.check_press_on, A.offer_press_on, A.resolve_press_on, D.unit_action("press on"),
       V.unit_action("Press on"))
_order(C.Transform, A.check_transform, A.offer_transform, A.resolve_transform, D.unit_action("transform"),
       V.unit_action("Transform"))
_order(C.GetUp, A.check_get_up, A.offer_get_up, A.resolve_get_up, D.unit_action("get up"), V.unit_action("Get up"))
_order(C.BreakGrapple, A.check_break_grapple, A.offer_break_grapple, A.resolve_break_grapple,
       D.unit_action("break grapple"), V.unit_action("Break grapple"), P.preview_break_grapple,
       P.outcome_break_grapple)
_order(C.Recall, A.check_recall, A.offer_recall, A.resolve_recall, D.unit_action("recall drones"),
       V.unit_action("Recall drones"))
_order(C.Kneel, A.check_kneel, A.offer_kneel, A.resolve_kneel, D.unit_action("kneel"), V.unit_action("Kneel"))
_order(C.Prone, A.check_prone, A.offer_prone, A.resolve_prone, D.unit_action("go prone"), V.unit_action("Prone"))
_order(C.DefensiveStance, A.check_defensive_stance, A.offer_defensive_stance, A.resolve_defensive_stance,
       D.unit_action("defensive stance"), V.unit_action("Defensive stance"))
_order(C.Reposition, A.check_reposition, A.offer_reposition, A.resolve_reposition, D.reposition_order,
       V.parts_reposition)
_order(C.Swap, A.check_swap, A.offer_swap, A.resolve_swap, D.swap_order, V.weapon_action("Swap"))
_order(C.OffensiveStance, A.check_offensive_stance, A.offer_offensive_stance, A.resolve_offensive_stance,
       D.offensive_stance_order, V.weapon_action("Offensive stance"))
_order(C.Retrieve, A.check_retrieve, A.offer_retrieve, A.resolve_retrieve, D.retrieve_order,
       V.weapon_action("Retrieve"))
_order(C.LaunchDrone, A.check_launch_drone, A.offer_launch_drone, A.resolve_launch_drone, D.launch_drone_order,
       V.parts_launch_drone)
_order(C.Attack, O.check_attack, O.offer_attack, O.resolve_attack, D.attack_order, V.parts_attack,
       P.preview_attack, P.outcome_attack)

RULEBOOK.event(E.FirstPlayerChosen, F.fold_first_player_chosen, D.first_player_chosen)
RULEBOOK.event(E.UnitPlaced, F.fold_unit_placed, D.unit_placed)
RULEBOOK.event(E.SideToAct, F.fold_side_to_act, D.side_to_act)
RULEBOOK.event(E.RoundBegan, F.fold_round_began, D.round_began)
RULEBOOK.event(E.UnitActivated, F.fold_unit_activated, D.unit_activated)
RULEBOOK.event(E.StanceEnded, F.fold_stance_ended, D.stance_ended)
RULEBOOK.event(E.PhaseBegan, F.fold_phase_began, D.phase_began)
RULEBOOK.event(E.ApSpent, F.fold_ap_spent, D.ap_spent)
RULEBOOK.event(E.UnitStepped, F.fold_unit_stepped, D.unit_stepped)
RULEBOOK.event(E.UnitTurned, F.fold_unit_turned, D.unit_turned)
RULEBOOK.event(E.ThrusterFlight, F.fold_thruster_flight, D.thruster_flight)
RULEBOOK.event(E.MovementGained, F.fold_movement_gained, D.movement_gained)
RULEBOOK.event(E.DronesFollowed, F.fold_drones_moved, D.drones_followed)
RULEBOOK.event(E.AttackMade, F.fold_nothing, D.attack_made)
RULEBOOK.event(E.RollJudged, F.fold_nothing, D.roll_judged)
RULEBOOK.event(E.Damaged, F.fold_damaged, D.damaged)
RULEBOOK.event(E.SectionDestroyed, F.fold_nothing, D.section_destroyed)
RULEBOOK.event(E.WeaponDestroyed, F.fold_weapon_destroyed, D.weapon_destroyed)
RULEBOOK.event(E.WeaponDropped, F.fold_weapon_dropped, D.weapon_dropped)
RULEBOOK.event(E.WeaponRegripped, F.fold_weapon_regripped, D.weapon_regripped)
RULEBOOK.event(E.UnitDestroyed, F.fold_unit_destroyed, D.unit_destroyed)
RULEBOOK.event(E.DroneDestroyed, F.fold_drone_destroyed, D.drone_destroyed)
RULEBOOK.event(E.PostureChanged, F.fold_posture_changed, D.posture_changed)
RULEBOOK.event(E.Grappled, F.fold_grappled, D.grappled)
RULEBOOK.event(E.GrappleBroken, F.fold_grapple_broken, D.grapple_broken)
RULEBOOK.event(E.WeaponSwapped, F.fold_weapon_swapped, D.weapon_swapped)
RULEBOOK.event(E.WeaponRetrieved, F.fold_weapon_retrieved, D.weapon_retrieved)
RULEBOOK.event(E.DroneLaunched, F.fold_drone_launched, D.drone_launched)
RULEBOOK.event(E.DronesRepositioned, F.fold_drones_moved, D.drones_repositioned)
RULEBOOK.event(E.DronesRecalled, F.fold_drones_recalled, D.drones_recalled)
RULEBOOK.event(E.Transformed, F.fold_transformed, D.transformed)
RULEBOOK.event(E.StanceTaken, F.fold_stance_taken, D.stance_taken)
RULEBOOK.event(E.UnitTurnEnded, F.fold_unit_turn_ended, D.unit_turn_ended)
RULEBOOK.event(E.ObjectiveScored, F.fold_objective_scored, D.objective_scored)
RULEBOOK.event(E.RoundEnded, F.fold_nothing, D.round_ended)
RULEBOOK.event(E.BattleEnded, F.fold_battle_ended, D.battle_ended)
