"""Plain-words lines for the dice log and the order list."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import DIRECTION_NAMES, Hex, hex_label

from . import commands as C
from . import events as E
from .data import SECTION_NAMES
from .state import MissionState


def where(h: Hex | None) -> str:
    if h is None:
        return "off the board"
    return hex_label(h)


def elev_text(e: int) -> str:
    return f"{e:+d}" if e else "0"


class Describer:
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

    # -----------------------------------------------------------------------------------------
    def event(self, ev: Any) -> str:
        t = type(ev)
        n = self.name
        if t is DieRolled:
            return f"d{ev.sides} = {ev.result}: {ev.purpose}"
        if t is E.FirstPlayerChosen:
            return f"{self.side(ev.side)} won the roll-off and goes first"
        if t is E.UnitPlaced:
            return f"{n(ev.unit)} deployed at {where(ev.at)} facing {DIRECTION_NAMES[ev.facing]}"
        if t is E.SideToAct:
            return f"{self.side(ev.side)} to act"
        if t is E.RoundBegan:
            return f"Round {ev.round} begins; {self.side(ev.side)} starts"
        if t is E.UnitActivated:
            return f"{n(ev.unit)} acts: {ev.base_ap} base AP + {ev.roll} = {ev.ap} AP"
        if t is E.StanceEnded:
            return f"{n(ev.unit)} leaves its {ev.stance} stance: {ev.reason}"
        if t is E.PhaseBegan:
            return f"{n(ev.unit)}: {ev.phase} phase"
        if t is E.ApSpent:
            return f"{n(ev.unit)} spends {ev.ap} AP on {ev.what} ({ev.left} left)"
        if t is E.UnitStepped:
            return (f"{n(ev.unit)} steps {where(ev.frm)} -> {where(ev.to)} at elevation {elev_text(ev.elev)} "
                    f"({ev.cost} movement)")
        if t is E.UnitTurned:
            return f"{n(ev.unit)} turns to face {DIRECTION_NAMES[ev.facing]}" + (" (free turn)" if ev.cost == 0 else
                                                                                 f" ({ev.cost} movement)")
        if t is E.ThrusterFlight:
            short = f", stopped short after {len(ev.path)} of {ev.asked}" if ev.stopped_short else ""
            return f"{n(ev.unit)} flies on thrusters to {where(ev.to)} at elevation {elev_text(ev.elev)}{short}"
        if t is E.MovementGained:
            return f"{n(ev.unit)} presses on: +{ev.points} movement point"
        if t is E.DronesFollowed:
            return "drones keep up with their carrier: " + ", ".join(f"{d} -> {where(h)}" for d, h in ev.moves)
        if t is E.AttackMade:
            pre = "reaction: " if ev.reaction else ""
            return f"{pre}{n(ev.attacker)} attacks {n(ev.target)}'s {self.area(ev.area)} with {self.weapon(ev.weapon)}"
        if t is E.RollJudged:
            res = "succeeds" if ev.success else "fails"
            perfect = " (perfect roll)" if ev.perfect else ""
            mod = f" (modified {ev.modified})" if ev.modified != ev.roll else ""
            return f"{ev.kind} roll {ev.roll}{mod} against {ev.need}+: {res}{perfect}"
        if t is E.Damaged:
            return f"{n(ev.unit)}'s {self.area(ev.area)} takes {ev.amount} damage from {ev.cause}: {ev.left} left"
        if t is E.SectionDestroyed:
            return f"{n(ev.unit)}'s {SECTION_NAMES[ev.section]} is destroyed"
        if t is E.WeaponDestroyed:
            return f"{self.weapon(ev.weapon)} ({ev.weapon}) is destroyed"
        if t is E.WeaponDropped:
            return f"{self.weapon(ev.weapon)} ({ev.weapon}) drops at {where(ev.at)}: {ev.reason}"
        if t is E.WeaponRegripped:
            return f"{self.weapon(ev.weapon)} is now held in one hand"
        if t is E.UnitDestroyed:
            return f"{n(ev.unit)} is destroyed: {ev.reason}"
        if t is E.DroneDestroyed:
            return f"drone {ev.drone} is destroyed: {ev.reason}"
        if t is E.PostureChanged:
            return f"{n(ev.unit)} is {ev.posture}: {ev.reason}"
        if t is E.Grappled:
            return f"{n(ev.unit)} is grappled by {n(ev.by)}"
        if t is E.GrappleBroken:
            return f"{n(ev.unit)} is free of the grapple: {ev.reason}"
        if t is E.WeaponSwapped:
            return f"{self.weapon(ev.weapon)} is now {ev.place}"
        if t is E.WeaponRetrieved:
            return f"{n(ev.unit)} picks up {self.weapon(ev.weapon)}"
        if t is E.DroneLaunched:
            return f"drone {ev.drone} launches to {where(ev.at)}"
        if t is E.DronesRepositioned:
            return "drones reposition: " + (", ".join(f"{d} -> {where(h)}" for d, h in ev.moves) or "none move")
        if t is E.DronesRecalled:
            return f"{n(ev.carrier)} docks drones {', '.join(ev.drones)}"
        if t is E.Transformed:
            return f"{n(ev.unit)} transforms " + ("into its vehicle form" if ev.transformed else "back to its mech form")
        if t is E.StanceTaken:
            extra = f" with {self.weapon(ev.weapon)}" if ev.weapon else ""
            return f"{n(ev.unit)} takes {ev.stance} stance{extra}"
        if t is E.UnitTurnEnded:
            return f"{n(ev.unit)}'s turn ends: {ev.reason}"
        if t is E.ObjectiveScored:
            return f"{self.side(ev.side)} scores {ev.points} (total {ev.total})"
        if t is E.RoundEnded:
            return f"Round {ev.round} ends"
        if t is E.BattleEnded:
            return f"The battle ends: {self.side(ev.winner)} wins ({ev.reason})" if ev.winner else \
                f"The battle ends in a draw ({ev.reason})"
        return repr(ev)

    def command(self, cmd: Any) -> str:
        t = type(cmd)
        n = self.name
        if t is C.Place:
            return f"deploy {n(cmd.unit)} at {where(cmd.to)}"
        if t is C.Activate:
            return f"activate {n(cmd.unit)}"
        if t is C.Move:
            return f"{n(cmd.unit)}: step to {where(cmd.to)}"
        if t is C.Turn:
            return f"{n(cmd.unit)}: face {DIRECTION_NAMES[cmd.facing]}"
        if t is C.Thrust:
            return f"{n(cmd.unit)}: thrusters {DIRECTION_NAMES[cmd.direction]} {cmd.distance} hexes"
        if t is C.EndPhase:
            return f"{n(cmd.unit)}: end this phase"
        if t is C.EndTurn:
            return f"{n(cmd.unit)}: end the turn"
        if t is C.Attack:
            return f"{n(cmd.unit)}: {self.weapon(cmd.weapon)} at {n(cmd.target)}'s {self.area(cmd.area)}"
        if t in (C.Swap, C.Retrieve, C.OffensiveStance):
            verb = {C.Swap: "swap", C.Retrieve: "retrieve", C.OffensiveStance: "offensive stance with"}[t]
            return f"{n(cmd.unit)}: {verb} {self.weapon(cmd.weapon)}"
        if t is C.LaunchDrone:
            return f"{n(cmd.unit)}: deploy a drone to {where(cmd.to)}"
        if t is C.Reposition:
            return f"{n(cmd.unit)}: reposition drones {DIRECTION_NAMES[cmd.direction]}"
        label = {C.GetUp: "get up", C.PressOn: "press on", C.BreakGrapple: "break grapple", C.Recall: "recall drones",
                 C.Transform: "transform", C.Kneel: "kneel", C.Prone: "go prone",
                 C.DefensiveStance: "defensive stance"}.get(t, t.__name__)
        return f"{n(cmd.unit)}: {label}"
