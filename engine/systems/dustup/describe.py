"""One plain line per Dustup event or order, for the dice log, the explain screen and the headless log.

Names come from the battle's state (unit names with their ids, side names).
The state handed in is usually the *current* one, not the one the event met,
so a line never claims to know a value from before the event: a changed
field is shown as "-> its new value".

Events added by the action modules (fire, assault, command) that this file
does not know by name still get a readable line, built from the class name
and its fields (:meth:`Describer.generic`).

The words are in three parts: logwords.py (names, hexes, the generic line), eventlines.py (each
event's line, the facts about a unit) and orderlines.py (each order's words); this module puts them
together as :class:`Describer` and gathers the tables that pick a line for each type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexfront.engine.core.events import CardDrawn, CardsDiscarded, DeckShuffled, DieRolled

from . import air, burning, casevac, command, ew, explosives, heavy, minefields, smoke, support, vehicles
from . import commands as C
from . import events as E

# the parts of the dice log's words (logwords, eventlines, orderlines); the names imported `as` themselves are
# read as describe.<name> (board, outcomes, orderparts, previews, activation, tests); the rest are used here
from .eventlines import BOX_WORDS as BOX_WORDS
from .eventlines import UNIT_FACTS, EventLines
from .logwords import where as where
from .logwords import words_of as words_of
from .orderlines import REORGANISE as REORGANISE
from .orderlines import SIMPLE_ORDERS, OrderLines
from .orderlines import short_weapon_id as short_weapon_id


class Describer(EventLines, OrderLines):
    """Describes events and orders with the names from one battle state."""

    # -- events -------------------------------------------------------------------------
    def event(self, ev: Any) -> str:
        """``ev``'s line in the dice log: the line of its type (EVENT_LINES), a fact about a unit (UNIT_FACTS),
        or a readable generic line for a type with none."""
        t = type(ev)
        line = EVENT_LINES.get(t)
        if line is not None:
            return line(self, ev)
        if t in UNIT_FACTS:
            return self._line_unit_fact(ev)
        return self.generic(ev)

    # -- orders -------------------------------------------------------------------------
    def command(self, cmd: Any) -> str:
        """``cmd`` in a player's words: the line of its type (ORDER_LINES; a module's order that its line cannot
        read falls back to a generic one), else a generic line."""
        t = type(cmd)
        line = ORDER_LINES.get(t)
        if line is None:
            return self.generic(cmd)
        if t.__module__ != C.__name__:  # an order of an Armoured Dustup module: its fields are its own
            try:
                return line(self, cmd)
            except (AttributeError, KeyError, TypeError, ValueError):
                return self.generic(cmd)
        return line(self, cmd)


EVENT_LINES: dict[type, Callable[[Describer, Any], str]] = {
    DieRolled: Describer._line_die_rolled,
    CardDrawn: Describer._line_card_drawn,
    DeckShuffled: Describer._line_deck_shuffled,
    CardsDiscarded: Describer._line_cards_discarded,
    E.UnitPlaced: Describer._line_unit_placed,
    E.MarkerPlaced: Describer._line_marker_placed,
    E.MarkerRemoved: Describer._line_marker_removed,
    E.FigureChanged: Describer._line_figure_changed,
    E.FigureRoleChanged: Describer._line_figure_role_changed,
    E.FiguresFired: Describer._line_figures_fired,
    E.KillCredited: Describer._line_kill_credited,
    E.TurnBegan: Describer._line_turn_began,
    E.RollOffWon: Describer._line_roll_off_won,
    E.FirstChosen: Describer._line_first_chosen,
    E.SideToAct: Describer._line_side_to_act,
    E.DecisionAsked: Describer._line_decision_asked,
    E.DecisionTaken: Describer._line_decision_taken,
    E.ActivationBegan: Describer._line_activation_began,
    E.ActionTaken: Describer._line_action_taken,
    E.ActivationEnded: Describer._line_activation_ended,
    E.Passed: Describer._line_passed,
    E.TokenSpent: Describer._line_token_spent,
    E.ForcedUnit: Describer._line_forced_unit,
    E.UnitMoved: Describer._line_unit_moved,
    E.WoundedLeft: Describer._line_wounded_left,
    E.AssaultState: Describer._line_assault_state,
    E.DetachmentFormed: Describer._line_detachment_formed,
    E.UnitsMerged: Describer._line_units_merged,
    E.ActivationDeckDealt: Describer._line_activation_deck_dealt,
    E.LastActivation: Describer._line_last_activation,
    E.TurnEnded: Describer._line_turn_ended,
    E.FeaturePlaced: Describer._line_feature_placed,
    E.FeatureRemoved: Describer._line_feature_removed,
    E.FeatureChanged: Describer._line_feature_changed,
    E.MissionPlaced: Describer._line_mission_placed,
    E.MissionMoved: Describer._line_mission_moved,
    E.MissionRemoved: Describer._line_mission_removed,
    E.SupportChits: Describer._line_support_chits,
    E.BattleEnded: Describer._line_battle_ended,
    E.Note: Describer._line_note,
    air.AirPending: Describer._AirPending,
    heavy.WeaponReadied: Describer._WeaponReadied,
    vehicles.CrewDismounted: Describer._CrewDismounted,
    command.FigureRefitted: Describer._FigureRefitted,
}
"""Each event type's line in the dice log, the action modules' own events with the rest."""


ORDER_LINES: dict[type, Callable[[Describer, Any], str]] = {
    C.ChooseFirst: Describer._line_choose_first, C.Pass: Describer._line_pass, C.EndActivation: Describer._line_end,
    C.Decide: Describer._line_decide, C.Move: Describer._line_move, C.Shoot: Describer._line_shoot,
    C.Assault: Describer._line_assault, C.Reorganise: Describer._line_reorganise, C.Order: Describer._line_order,
    C.CombinedAssault: Describer._line_combined, C.Rally: Describer._line_rally, C.Detach: Describer._line_detach,
    C.ActivateDetachment: Describer._line_activate_detachment, C.Regroup: Describer._line_regroup,
    C.Treat: Describer._line_treat, C.Detect: Describer._line_detect,
    **{kind: Describer._line_simple for kind in SIMPLE_ORDERS},
    air.AirFire: Describer._order_AirFire,
    air.AirMove: Describer._order_AirMove,
    air.DropBombs: Describer._order_DropBombs,
    air.DropTroops: Describer._order_DropTroops,
    air.FireAA: Describer._order_FireAA,
    air.Land: Describer._order_Land,
    air.LeaveTable: Describer._order_LeaveTable,
    air.MoveInbound: Describer._order_MoveInbound,
    air.TakeOff: Describer._order_TakeOff,
    air.Taxi: Describer._order_Taxi,
    ew.DroneMove: Describer._order_DroneMove,
    ew.DroneSpot: Describer._order_DroneSpot,
    ew.LaunchDrone: Describer._order_LaunchDrone,
    ew.RecallDrone: Describer._order_RecallDrone,
    ew.RemoteSpot: Describer._order_RemoteSpot,
    casevac.CallCasevac: Describer._order_CallCasevac,
    casevac.CasevacLeave: Describer._order_CasevacLeave,
    minefields.ClearLane: Describer._order_ClearLane,
    smoke.ExhaustSmoke: Describer._order_ExhaustSmoke,
    burning.FightFire: Describer._order_FightFire,
    minefields.FireLineCharge: Describer._order_FireLineCharge,
    burning.Ignite: Describer._order_Ignite,
    smoke.LaySmoke: Describer._order_LaySmoke,
    casevac.LoadWounded: Describer._order_LoadWounded,
    explosives.SetCDM: Describer._order_SetCDM,
    smoke.SwitchSmokeGenerator: Describer._order_SwitchSmokeGenerator,
    heavy.FireWeapon: Describer._order_FireWeapon,
    heavy.Limber: Describer._order_Limber,
    heavy.SetRemote: Describer._order_SetRemote,
    heavy.SetUpWeapon: Describer._order_SetUpWeapon,
    heavy.Unlimber: Describer._order_Unlimber,
    support.FireMortar: Describer._order_FireMortar,
    support.RequestFire: Describer._order_RequestFire,
    support.ResolveImpact: Describer._order_ResolveImpact,
    vehicles.Disembark: Describer._order_Disembark,
    vehicles.Embark: Describer._order_Embark,
    vehicles.Release: Describer._order_Release,
    vehicles.TankShock: Describer._order_TankShock,
    vehicles.Tow: Describer._order_Tow,
    vehicles.Turn: Describer._order_Turn,
}
"""Each order type's words, the Armoured Dustup modules' orders with the rest."""
