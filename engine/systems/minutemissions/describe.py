"""Plain-words lines for the dice log and the order list: one function per event type and per order type,
registered with its type by :mod:`.rulebook`; :class:`Describer` names units, weapons, areas and sides."""

from __future__ import annotations

from collections.abc import Callable

from hexfront.engine.core.hexes import DIRECTION_NAMES, Hex, hex_label
from hexfront.engine.core.words import plural

from . import commands as C
from . import events as E
from .data import SECTION_NAMES
from .state import MissionState

#: the command actions whose only field is the unit
UnitAction = C.GetUp | C.PressOn | C.BreakGrapple | C.Recall | C.Transform | C.Kneel | C.Prone | C.DefensiveStance


def where(h: Hex | None) -> str:
    if h is None:
        return "off the board"
    return hex_label(h)


def elev_text(e: int) -> str:
    return f"{e:+d}" if e else "0"


class Describer:
    """Names from the battle's tables: a unit or drone, a weapon, an area attacked, a side."""

    def __init__(self, st: MissionState | None) -> None:
        self.st = st

    def name(self, uid: str) -> str:
        st = self.st
        if st is None:
            return uid
        if uid in st.units:
            return f"{st.units[uid].name} ({uid})"
        if uid in st.drones:
            d = st.drones[uid]
            return f"{st.tables.drones[d.type].name} {uid}"
        return uid

    def weapon(self, wid: str) -> str:
        st = self.st
        if st is None:
            return wid
        if wid in st.weapons:
            return st.tables.weapons[st.weapons[wid].type].label
        if wid in st.drones:
            d = st.drones[wid]
            return f"{st.tables.weapons[st.tables.drones[d.type].weapon].name} of drone {wid}"
        return wid

    def area(self, area: str) -> str:
        if area in SECTION_NAMES:
            return SECTION_NAMES[area]
        return self.weapon(area)

    def side(self, sid: str | None) -> str:
        if sid is None:
            return "nobody"
        if self.st is None:
            return sid
        return next((s.name for s in self.st.tables.mission.sides if s.id == sid), sid)


def _n(st: MissionState, uid: str) -> str:
    return Describer(st).name(uid)


def _side(st: MissionState, sid: str | None) -> str:
    return Describer(st).side(sid)


def _weapon(st: MissionState, wid: str) -> str:
    return Describer(st).weapon(wid)


def _area(st: MissionState, area: str) -> str:
    return Describer(st).area(area)


# -- events --------------------------------------------------------------------------------------

def first_player_chosen(st: MissionState, ev: E.FirstPlayerChosen) -> str:
    return f"{_side(st, ev.side)} won the roll-off and goes first"


def unit_placed(st: MissionState, ev: E.UnitPlaced) -> str:
    return f"{_n(st, ev.unit)} deployed at {where(ev.at)} facing {DIRECTION_NAMES[ev.facing]}"


def side_to_act(st: MissionState, ev: E.SideToAct) -> str:
    return f"{_side(st, ev.side)} to act"


def round_began(st: MissionState, ev: E.RoundBegan) -> str:
    return f"Round {ev.round} begins; {_side(st, ev.side)} starts"


def unit_activated(st: MissionState, ev: E.UnitActivated) -> str:
    return f"{_n(st, ev.unit)} acts: {ev.base_ap} base AP + {ev.roll} = {ev.ap} AP"


def stance_ended(st: MissionState, ev: E.StanceEnded) -> str:
    return f"{_n(st, ev.unit)} leaves its {ev.stance} stance: {ev.reason}"


def phase_began(st: MissionState, ev: E.PhaseBegan) -> str:
    return f"{_n(st, ev.unit)}: {ev.phase} phase"


def ap_spent(st: MissionState, ev: E.ApSpent) -> str:
    return f"{_n(st, ev.unit)} spends {ev.ap} AP on {ev.what} ({ev.left} left)"


def unit_stepped(st: MissionState, ev: E.UnitStepped) -> str:
    return (f"{_n(st, ev.unit)} steps {where(ev.frm)} -> {where(ev.to)} at elevation {elev_text(ev.elev)} "
            f"({ev.cost} movement)")


def unit_turned(st: MissionState, ev: E.UnitTurned) -> str:
    cost = " (free turn)" if ev.cost == 0 else f" ({ev.cost} movement)"
    return f"{_n(st, ev.unit)} turns to face {DIRECTION_NAMES[ev.facing]}{cost}"


def thruster_flight(st: MissionState, ev: E.ThrusterFlight) -> str:
    short = f", stopped short after {len(ev.path)} of {ev.asked}" if ev.stopped_short else ""
    return f"{_n(st, ev.unit)} flies on thrusters to {where(ev.to)} at elevation {elev_text(ev.elev)}{short}"


def movement_gained(st: MissionState, ev: E.MovementGained) -> str:
    return f"{_n(st, ev.unit)} presses on: +{ev.points} movement point"


def drones_followed(st: MissionState, ev: E.DronesFollowed) -> str:
    return "drones keep up with their carrier: " + ", ".join(f"{d} -> {where(h)}" for d, h in ev.moves)


def attack_made(st: MissionState, ev: E.AttackMade) -> str:
    pre = "reaction: " if ev.reaction else ""
    return (f"{pre}{_n(st, ev.attacker)} attacks {_n(st, ev.target)}'s {_area(st, ev.area)} with "
            f"{_weapon(st, ev.weapon)}")


def roll_judged(st: MissionState, ev: E.RollJudged) -> str:
    res = "succeeds" if ev.success else "fails"
    perfect = " (perfect roll)" if ev.perfect else ""
    mod = f" (modified {ev.modified})" if ev.modified != ev.roll else ""
    return f"{ev.kind} roll {ev.roll}{mod} against {ev.need}+: {res}{perfect}"


def damaged(st: MissionState, ev: E.Damaged) -> str:
    return f"{_n(st, ev.unit)}'s {_area(st, ev.area)} takes {ev.amount} damage from {ev.cause}: {ev.left} left"


def section_destroyed(st: MissionState, ev: E.SectionDestroyed) -> str:
    return f"{_n(st, ev.unit)}'s {SECTION_NAMES[ev.section]} is destroyed"


def weapon_destroyed(st: MissionState, ev: E.WeaponDestroyed) -> str:
    return f"{_weapon(st, ev.weapon)} ({ev.weapon}) is destroyed"


def weapon_dropped(st: MissionState, ev: E.WeaponDropped) -> str:
    return f"{_weapon(st, ev.weapon)} ({ev.weapon}) drops at {where(ev.at)}: {ev.reason}"


def weapon_regripped(st: MissionState, ev: E.WeaponRegripped) -> str:
    return f"{_weapon(st, ev.weapon)} is now held in one hand"


def unit_destroyed(st: MissionState, ev: E.UnitDestroyed) -> str:
    return f"{_n(st, ev.unit)} is destroyed: {ev.reason}"


def drone_destroyed(st: MissionState, ev: E.DroneDestroyed) -> str:
    return f"drone {ev.drone} is destroyed: {ev.reason}"


def posture_changed(st: MissionState, ev: E.PostureChanged) -> str:
    return f"{_n(st, ev.unit)} is {ev.posture}: {ev.reason}"


def grappled(st: MissionState, ev: E.Grappled) -> str:
    return f"{_n(st, ev.unit)} is grappled by {_n(st, ev.by)}"


def grapple_broken(st: MissionState, ev: E.GrappleBroken) -> str:
    return f"{_n(st, ev.unit)} is free of the grapple: {ev.reason}"


def weapon_swapped(st: MissionState, ev: E.WeaponSwapped) -> str:
    return f"{_weapon(st, ev.weapon)} is now {ev.place}"


def weapon_retrieved(st: MissionState, ev: E.WeaponRetrieved) -> str:
    return f"{_n(st, ev.unit)} picks up {_weapon(st, ev.weapon)}"


def drone_launched(st: MissionState, ev: E.DroneLaunched) -> str:
    return f"drone {ev.drone} launches to {where(ev.at)}"


def drones_repositioned(st: MissionState, ev: E.DronesRepositioned) -> str:
    return "drones reposition: " + (", ".join(f"{d} -> {where(h)}" for d, h in ev.moves) or "none move")


def drones_recalled(st: MissionState, ev: E.DronesRecalled) -> str:
    return f"{_n(st, ev.carrier)} docks drones {', '.join(ev.drones)}"


def transformed(st: MissionState, ev: E.Transformed) -> str:
    return f"{_n(st, ev.unit)} transforms " + ("into its vehicle form" if ev.transformed else "back to its mech form")


def stance_taken(st: MissionState, ev: E.StanceTaken) -> str:
    extra = f" with {_weapon(st, ev.weapon)}" if ev.weapon else ""
    return f"{_n(st, ev.unit)} takes {ev.stance} stance{extra}"


def unit_turn_ended(st: MissionState, ev: E.UnitTurnEnded) -> str:
    return f"{_n(st, ev.unit)}'s turn ends: {ev.reason}"


def objective_scored(st: MissionState, ev: E.ObjectiveScored) -> str:
    return f"{_side(st, ev.side)} scores {ev.points} (total {ev.total})"


def round_ended(st: MissionState, ev: E.RoundEnded) -> str:
    return f"Round {ev.round} ends"


def battle_ended(st: MissionState, ev: E.BattleEnded) -> str:
    if ev.winner:
        return f"The battle ends: {_side(st, ev.winner)} wins ({ev.reason})"
    return f"The battle ends in a draw ({ev.reason})"


# -- orders --------------------------------------------------------------------------------------

def place_order(st: MissionState, cmd: C.Place) -> str:
    return f"deploy {_n(st, cmd.unit)} at {where(cmd.to)}"


def activate_order(st: MissionState, cmd: C.Activate) -> str:
    return f"activate {_n(st, cmd.unit)}"


def move_order(st: MissionState, cmd: C.Move) -> str:
    return f"{_n(st, cmd.unit)}: step to {where(cmd.to)}"


def turn_order(st: MissionState, cmd: C.Turn) -> str:
    return f"{_n(st, cmd.unit)}: face {DIRECTION_NAMES[cmd.facing]}"


def thrust_order(st: MissionState, cmd: C.Thrust) -> str:
    return f"{_n(st, cmd.unit)}: thrusters {DIRECTION_NAMES[cmd.direction]} {plural(cmd.distance, 'hex', 'hexes')}"


def end_phase_order(st: MissionState, cmd: C.EndPhase) -> str:
    return f"{_n(st, cmd.unit)}: end this phase"


def end_turn_order(st: MissionState, cmd: C.EndTurn) -> str:
    return f"{_n(st, cmd.unit)}: end the turn"


def attack_order(st: MissionState, cmd: C.Attack) -> str:
    return f"{_n(st, cmd.unit)}: {_weapon(st, cmd.weapon)} at {_n(st, cmd.target)}'s {_area(st, cmd.area)}"


def swap_order(st: MissionState, cmd: C.Swap) -> str:
    return f"{_n(st, cmd.unit)}: swap {_weapon(st, cmd.weapon)}"


def retrieve_order(st: MissionState, cmd: C.Retrieve) -> str:
    return f"{_n(st, cmd.unit)}: retrieve {_weapon(st, cmd.weapon)}"


def offensive_stance_order(st: MissionState, cmd: C.OffensiveStance) -> str:
    return f"{_n(st, cmd.unit)}: offensive stance with {_weapon(st, cmd.weapon)}"


def launch_drone_order(st: MissionState, cmd: C.LaunchDrone) -> str:
    return f"{_n(st, cmd.unit)}: deploy a drone to {where(cmd.to)}"


def reposition_order(st: MissionState, cmd: C.Reposition) -> str:
    return f"{_n(st, cmd.unit)}: reposition drones {DIRECTION_NAMES[cmd.direction]}"


def unit_action(words: str) -> Callable[[MissionState, UnitAction], str]:
    """The words of a command action that names only its unit ("M1: kneel")."""

    def describe(st: MissionState, cmd: UnitAction) -> str:
        return f"{_n(st, cmd.unit)}: {words}"

    return describe
