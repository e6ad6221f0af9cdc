"""Each Dustup order in a player's words (describe.ORDER_LINES): the shared orders of commands.py
(answering a question, passing, moving, shooting, assaulting, reorganising, the leaders' orders...)
and the orders of the Armoured Dustup modules (heavy weapons, vehicles, fire support, air, hazards,
electronic warfare), with how a shot is made in a few words.

A line never says where an unseen device lies.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hexfront.engine.core.words import plural

from . import commands as C
from .logwords import FACINGS, LogWords, where

REORGANISE = {
    "conceal": "go completely concealed", "expose": "back to partial concealment", "travel": "form travel column",
    "tactical": "back to tactical formation", "mount": "mount up", "dismount": "dismount",
    "leader": "appoint a new leader", "command": "assume command", "extract": "get a trooper out of a wrecked suit",
}


class OrderLines(LogWords):
    """Each order type's words (the methods ORDER_LINES names), on the names of :class:`LogWords`."""

    def shoot_label(self, cmd: C.Shoot) -> str:
        """How a shot is made, in a few words: "all weapons", "small arms only", "LMG alone", "IAVR alone, fired by
        r1.5", "+2 grenades"."""
        st = self.st
        parts = []
        u = st.units.get(cmd.unit) if st is not None else None
        if not cmd.figures:
            parts.append("all weapons")
        elif u is not None and st is not None:
            chosen = [f for f in u.figures if f.id in set(cmd.figures)]
            kinds = {st.tables.weapons[f.weapon].kind in ("small_arm", "pistol")
                     for f in chosen if f.weapon in st.tables.weapons}
            kinds = {not k for k in kinds}  # True: a support weapon, IAVR or heavy weapon
            if kinds == {True}:
                names = sorted({short_weapon_id(f.weapon) for f in chosen})
                single = [f.name for f in chosen if f.weapon in st.tables.weapons
                          and not st.tables.weapons[f.weapon].support]
                parts.append(" and ".join(names) + " alone" + (f", fired by {' and '.join(single)}" if single else ""))
            elif kinds == {False}:
                every = [f for f in u.fit_figures
                         if f.weapon in st.tables.weapons and not st.tables.weapons[f.weapon].support]
                parts.append("small arms only" if len(chosen) >= len(every) else f"{len(chosen)} riflemen")
            else:
                parts.append(f"{len(chosen)} figures")
        else:
            parts.append(f"{len(cmd.figures)} figures")
        if cmd.grenades:
            parts.append(f"+{cmd.grenades} grenade{'s' if cmd.grenades != 1 else ''}")
        if cmd.suppressive:
            parts.append("suppressive")
        return ", ".join(parts)


    def _unit_order(self, cmd: Any, words: str) -> str:
        unit = C.unit_of(cmd)
        return f"{self.name(unit)}: {words}" if unit is not None else self.generic(cmd)

    # -- the shared orders' lines (ORDER_LINES) ----------------------------------------------------
    def _line_choose_first(self, cmd: C.ChooseFirst) -> str:
        return "go first" if cmd.first else "go second"

    def _line_pass(self, cmd: C.Pass) -> str:
        return "pass"

    def _line_end(self, cmd: C.EndActivation) -> str:
        top = self.st.active if self.st is not None else None
        return f"{self.name(top.unit)}: end the activation" if top else "end the activation"

    def _line_decide(self, cmd: C.Decide) -> str:
        return f"decide: {self.choice(cmd.choice)}"

    def _line_move(self, cmd: C.Move) -> str:
        return self._unit_order(cmd, f"move toward {where(cmd.to)}" + (", leaving the wounded" if cmd.leave_wounded
                                                                       else ""))

    def _line_shoot(self, cmd: C.Shoot) -> str:
        return self._unit_order(cmd, f"shoot at {self.name(cmd.target)} ({self.shoot_label(cmd)})")

    def _line_assault(self, cmd: C.Assault) -> str:
        n = self.name
        return self._unit_order(cmd, f"assault {n(cmd.target)}" + (f" and {n(cmd.second)}" if cmd.second else ""))

    def _line_reorganise(self, cmd: C.Reorganise) -> str:
        return self._unit_order(cmd, f"reorganise: {REORGANISE.get(cmd.purpose, cmd.purpose)}")

    def _line_order(self, cmd: C.Order) -> str:
        return self._unit_order(cmd, f"order {self.name(cmd.subordinate)} to act")

    def _line_combined(self, cmd: C.CombinedAssault) -> str:
        n = self.name
        return self._unit_order(cmd, f"order {n(cmd.first)} and {n(cmd.second)} to assault {n(cmd.target)}")

    def _line_rally(self, cmd: C.Rally) -> str:
        return self._unit_order(cmd, f"rally {self.name(cmd.subordinate)}")

    def _line_detach(self, cmd: C.Detach) -> str:
        return self._unit_order(cmd, f"detach {plural(len(cmd.figures), 'figure')}")

    def _line_activate_detachment(self, cmd: C.ActivateDetachment) -> str:
        return self._unit_order(cmd, f"activate its detachment {self.name(cmd.detachment)}")

    def _line_regroup(self, cmd: C.Regroup) -> str:
        return self._unit_order(cmd, f"regroup with {self.name(cmd.other)}"
                                + (f", moving to {where(cmd.move_to)} first" if cmd.move_to is not None else ""))

    def _line_treat(self, cmd: C.Treat) -> str:
        return self._unit_order(cmd, "treat its wounded" if cmd.patient == cmd.unit
                                else f"treat the wounded of {self.name(cmd.patient)}")

    def _line_detect(self, cmd: C.Detect) -> str:
        m = self.st.markers.get(cmd.marker) if self.st is not None else None
        return self._unit_order(cmd, f"try to spot marker {cmd.marker}" + (f" at {where(m.pos)}" if m else ""))

    def _line_simple(self, cmd: Any) -> str:
        """An order with no target: its words (SIMPLE_ORDERS)."""
        return self._unit_order(cmd, SIMPLE_ORDERS[type(cmd)])

    # -- orders of the Armoured Dustup modules (in ORDER_LINES too; any other gets generic()) -------
    def _weapons(self, uid: str, fids: Iterable[str]) -> str:
        return " and ".join(self.figure(uid, f).split(" (")[0] for f in fids)

    def _asset(self, side: str, aid: str) -> str:
        for a in (self.st.tables.support.get(side, ()) if self.st is not None else ()):
            if str(a.get("id")) == aid:
                return str(a.get("name", aid))
        return aid.replace("_", " ")

    def _side_of(self, uid: str) -> str:
        u = self.st.units.get(uid) if self.st is not None else None
        return u.side if u is not None else ""

    def _order_FireWeapon(self, cmd: Any) -> str:
        at = " (at a door or window)" if cmd.part else ""
        if cmd.to is not None:  # superior stabilisation: move and fire in one action
            at += f", moving toward {where(cmd.to)} first"
        return f"{self.name(cmd.unit)}: fire {self._weapons(cmd.unit, cmd.weapons)} at {self.name(cmd.target)}{at}"

    def _order_SetUpWeapon(self, cmd: Any) -> str:
        what = self.figure(cmd.unit, cmd.figure)
        return f"{self.name(cmd.unit)}: {'dismantle' if cmd.dismantle else 'set up'} {what}"

    def _order_RequestFire(self, cmd: Any) -> str:
        ammo = {"he": "HE", "ap": "AP", "at": "AT"}.get(cmd.ammo, cmd.ammo)
        line = (f"{self.name(cmd.unit)}: call {ammo} fire from {self._asset(self._side_of(cmd.unit), cmd.asset)} "
                f"on {where(cmd.target)}")
        if cmd.chits:
            line += f", spending {cmd.chits} chit{'s' if cmd.chits != 1 else ''}"
        if cmd.dummies:
            line += f", with {len(cmd.dummies)} dumm{'ies' if len(cmd.dummies) != 1 else 'y'}"
        return line

    def _order_ResolveImpact(self, cmd: Any) -> str:
        m = self.st.missions.get(cmd.mission) if self.st is not None else None
        if m is None:
            return f"{self.side(cmd.side)}: bring down fire mission {cmd.mission}"
        aim = f" on {where(m.target)}" if m.target is not None else ""
        return f"{self.side(cmd.side)}: bring down the fire mission of {self._asset(m.side, m.asset)}{aim} [{m.id}]"

    def _order_FireMortar(self, cmd: Any) -> str:
        how = "indirect fire" if cmd.indirect else "fire"
        return f"{self.name(cmd.unit)}: {how} with {self._weapons(cmd.unit, (cmd.figure,))} on {where(cmd.target)}"

    def _order_Turn(self, cmd: Any) -> str:
        names = ("east", "north-east", "north-west", "west", "south-west", "south-east")
        return f"{self.name(cmd.unit)}: turn to face {names[cmd.facing % 6]}"

    def _order_Embark(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: embark in {self.name(cmd.vehicle)}"

    def _order_Disembark(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: disembark to {where(cmd.to)}"

    def _order_Tow(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: tow or push {self.name(cmd.other)}"

    def _order_Release(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: let go of the vehicle it tows"

    def _order_TankShock(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: tank shock {self.name(cmd.target)}"

    def _order_LaySmoke(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: lay smoke on {where(cmd.at)}"

    def _order_Ignite(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: set {where(cmd.at)} alight"

    def _order_ClearLane(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: clear a lane toward {where(cmd.to)}"


    def _order_SetRemote(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: set {self.figure(cmd.unit, cmd.figure)} to fire remotely"

    def _order_FightFire(self, cmd: Any) -> str:
        f = self.st.features.get(cmd.fire) if self.st is not None else None
        return f"{self.name(cmd.unit)}: fight the fire" + (f" at {where(f.pos)}" if f is not None else "")

    def _order_ExhaustSmoke(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: make exhaust smoke"

    def _order_SwitchSmokeGenerator(self, cmd: Any) -> str:
        f = self.st.features.get(cmd.feature) if self.st is not None else None
        at = f" at {where(f.pos)}" if f is not None else ""
        if not cmd.on:
            return f"{self.name(cmd.unit)}: turn the smoke generator{at} off"
        way = f", trail toward hex direction {cmd.direction}" if cmd.direction >= 0 else ", trail downwind"
        return f"{self.name(cmd.unit)}: turn the smoke generator{at} on{way}"

    def _order_Limber(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: limber {self.figure(cmd.unit, cmd.figure)} to {self.name(cmd.vehicle)}"

    def _order_Unlimber(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: unlimber {self.figure(cmd.unit, cmd.figure)} and bring it into action"

    def _order_FireLineCharge(self, cmd: Any) -> str:
        f = self.st.features.get(cmd.minefield) if self.st is not None else None
        return f"{self.name(cmd.unit)}: fire a line charge across the minefield" + (
            f" at {where(f.pos)}" if f is not None else "")

    def _order_SetCDM(self, cmd: Any) -> str:
        return (f"{self.name(cmd.unit)}: set a command-detonated mine at {where(cmd.at)} facing "
                f"{FACINGS[cmd.facing % 6]}")

    def _order_CallCasevac(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: call the casualty evacuation in"

    def _order_LoadWounded(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: hand its wounded to the casualty evacuation"

    def _order_CasevacLeave(self, cmd: Any) -> str:
        return f"{self.side(cmd.side)}: the casualty evacuation takes off with its wounded"

    def _spotted(self, marker: str) -> str:
        st = self.st
        if st is not None and marker in st.markers:
            return f"marker {marker} at {where(st.markers[marker].pos)}"
        f = st.features.get(marker) if st is not None else None
        if f is not None and f.kind in ("minefield", "target"):
            return f"the counter at {where(f.pos)}"
        return "a hidden counter"  # never where an unseen device lies

    def _order_RemoteSpot(self, cmd: Any) -> str:
        more = f", {cmd.extra} extra counter{'s' if cmd.extra != 1 else ''}" if cmd.extra else ""
        return f"{self.name(cmd.unit)}: electronic search of {self._spotted(cmd.marker)}{more}"

    def _order_LaunchDrone(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: launch its drone over {where(cmd.at)}"

    def _order_DroneMove(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: fly its drone to {where(cmd.to)}"

    def _order_DroneSpot(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: search {self._spotted(cmd.marker)} from its drone"

    def _order_RecallDrone(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: bring its drone down"

    def _order_MoveInbound(self, cmd: Any) -> str:
        m = self.st.missions.get(cmd.mission) if self.st is not None else None
        who = self.name(m.unit) if m is not None and m.unit else (m.asset if m is not None else cmd.mission)
        box = {3: "box 3", 2: "box 2", 1: "box 1", 0: "the battle area", -1: "the loiter box"}.get(cmd.to, cmd.to)
        line = f"{self.side(cmd.side)}: move {who} to {box}"
        if cmd.to == 0 and cmd.at is not None:
            line += f", at {where(cmd.at)} facing {FACINGS[cmd.facing % 6]}, {cmd.air}"
        return line

    def _order_AirMove(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: fly to {where(cmd.to)}, facing {FACINGS[cmd.facing % 6]}"

    def _order_LeaveTable(self, cmd: Any) -> str:
        box = "the loiter box" if cmd.box == -1 else f"box {cmd.box}"
        return f"{self.name(cmd.unit)}: fly off the table to {box}"

    def _order_Land(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: land"

    def _order_Taxi(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: taxi along the road to {where(cmd.to)}"

    def _order_TakeOff(self, cmd: Any) -> str:
        line = f"{self.name(cmd.unit)}: take off, {cmd.air}"
        if cmd.to is not None:
            line += f", to {where(cmd.to)}" + (f" facing {FACINGS[cmd.facing % 6]}" if cmd.facing >= 0 else "")
        return line

    def _order_AirFire(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: fire {self._weapons(cmd.unit, (cmd.weapon,))} at {self.name(cmd.target)}"

    def _order_DropBombs(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: drop {cmd.count} bomb{'s' if cmd.count != 1 else ''}" + (
            " in a stick" if cmd.stick else "")

    def _order_FireAA(self, cmd: Any) -> str:
        return f"{self.name(cmd.unit)}: anti-aircraft fire with {self._weapons(cmd.unit, (cmd.figure,))} at " \
               f"{self.name(cmd.target)}"

    def _order_DropTroops(self, cmd: Any) -> str:
        how = {"rope": "by rope", "grav": "by grav-pack"}.get(cmd.method, cmd.method)
        return f"{self.name(cmd.unit)}: drop {how} onto {where(cmd.at)}"


def short_weapon_id(wid: str) -> str:
    """A weapon's id as a short name: "lmg" -> "LMG", "assault_rifle" -> "assault rifle"."""
    return {"lmg": "LMG", "hmg": "HMG", "agl": "AGL", "iavr": "IAVR"}.get(wid, wid.replace("_", " "))


SIMPLE_ORDERS: dict[type, str] = {
    C.Prop: "prop", C.Unprop: "unprop", C.Recover: "recover from suppression", C.Rouse: "shake off the panic",
    C.Withdraw: "withdraw toward its own edge", C.Hold: "hold: stand fast for the rest of the activation"}

