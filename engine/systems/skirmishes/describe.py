"""One plain line per event or order, for the dice log and the headless event log.

Orders committed in secret are described by side only ("Red Patrol has committed an order for one character");
their content appears once, in the reveal.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex, hex_label

from . import commands as C
from . import events as E
from .state import Character, Order, SkirmishState


def where(h: Hex | None) -> str:
    if h is None:
        return "nowhere"
    return hex_label(h)


def _name(st: SkirmishState, cid: str | None) -> str:
    if cid is None:
        return "nobody"
    c = st.chars.get(cid)
    return c.name if c else cid


def item_name(st: SkirmishState, item: str) -> str:
    t = st.tables
    for table in (t.firearms, t.grenades, t.melee, t.machines, t.vehicles):
        if item in table:
            return table[item].name
    if item == "heavy_artillery":
        return "heavy artillery shell"
    return item


def order_line(st: SkirmishState, order: Order | None, plan: Hex | None, c: Character) -> str:
    """What ``c`` does this round, as the reveal shows it."""
    parts = []
    if plan is not None:
        parts.append(f"runs to {where(plan)}")
    if order is None:
        parts.append("holds")
    else:
        parts.append(action_words(st, order))
    return f"{c.name}: " + ", then ".join(parts)


def action_words(st: SkirmishState, o: Order) -> str:
    n = lambda cid: _name(st, cid)  # noqa: E731
    if o.forced:
        return f"forfeits the action ({o.forced})"
    if o.action == "shoot":
        return f"shoots {n(o.target)} with the {item_name(st, o.item)}" + (" on automatic" if o.auto else "")
    if o.action == "throw":
        return f"throws a {item_name(st, o.item)} at {where(o.at)}"
    if o.action == "melee":
        return f"attacks {n(o.target)} hand to hand"
    if o.action == "reload":
        return f"reloads the {item_name(st, o.item)}"
    if o.action == "aim":
        return "takes aim"
    if o.action == "aid":
        return f"gives first aid to {n(o.target)}"
    if o.action == "operate":
        return f"{'opens' if o.target == 'open' else 'shuts'} the {item_name(st, o.item)}"
    if o.action == "drive":
        return f"drives the {item_name(st, o.item)} to {where(o.at)}"
    if o.action == "communicate":
        return "talks at length"
    if o.action == "throw_away":
        return "throws the grenade away"
    if o.action == "throw_back":
        return "throws the grenade back"
    return "holds (hunkers down if in cover)"


class Describer:
    def __init__(self, st: SkirmishState) -> None:
        self.st = st

    def n(self, cid: str | None) -> str:
        return _name(self.st, cid)

    def side(self, sid: str | None) -> str:
        return self.st.tables.side_names.get(sid, sid) if sid else "nobody"

    def event(self, ev: Any) -> str:  # noqa: C901 - one branch per event type
        t = type(ev)
        n, st = self.n, self.st
        if t is DieRolled:
            return f"d{ev.sides} rolled {ev.result}: {ev.purpose}" + (" [scripted]" if ev.scripted else "")
        if t is E.CharacterPlaced:
            return f"{n(ev.character)} takes position at {where(ev.at)}"
        if t is E.RoundBegan:
            return f"Round {ev.round} begins" + (": the ambushers' surprise round" if ev.surprise else "")
        if t is E.OrderForced:
            return f"{n(ev.character)} must forfeit this round: {ev.reason}"
        if t is E.RunPlanned:
            return f"{self.side(ev.side)} has committed part of an order for one character"
        if t is E.OrderGiven:
            return f"{self.side(ev.side)} has committed an order for one character"
        if t is E.SideLocked:
            return f"{self.side(ev.side)}'s orders are locked" + (f" ({ev.reason})" if ev.reason else "")
        if t is E.OrdersRevealed:
            return "Orders revealed: " + "; ".join(ev.lines)
        if t is E.StageBegan:
            from .rules import STAGE_TITLES

            return f"-- {STAGE_TITLES.get(ev.stage, ev.stage)} --"
        if t is E.CharacterMoved:
            cut = " (stopped short: the hex was taken)" if ev.cut_short else ""
            if len(ev.path) == 1:
                return f"{n(ev.character)} stays at {where(ev.path[0])}{cut}"
            return f"{n(ev.character)} runs from {where(ev.path[0])} to {where(ev.path[-1])}{cut}"
        if t is E.ActionLapsed:
            return f"{n(ev.character)} cannot {ev.action}: {ev.reason}"
        if t is E.AmmoSpent:
            return f"{n(ev.character)} fires {ev.rounds} round(s) from the {item_name(st, ev.weapon)}, {ev.left} left"
        if t is E.SkillRolled:
            why = []
            if ev.for_reasons:
                why.append("for: " + ", ".join(ev.for_reasons))
            if ev.against_reasons:
                why.append("against: " + ", ".join(ev.against_reasons))
            dice = "+".join(str(d) for d in ev.kept)
            rolled = "" if len(ev.dice) == 2 else f" (rolled {', '.join(str(d) for d in ev.dice)})"
            return (f"{ev.purpose}: {ev.mode} {dice}{rolled} + {ev.skill} = {ev.total}, "
                    f"{'success' if ev.success else 'failure'}" + (f" [{'; '.join(why)}]" if why else ""))
        if t is E.HitScored:
            return f"{n(ev.target)} is hit in the {ev.location} for {ev.damage} ({item_name(st, ev.weapon)})"
        if t is E.ArmourStopped:
            lost = f"; {n(ev.character)} loses the next round catching breath" if ev.lose_turn else ""
            return f"armour stops the hit on {n(ev.character)}'s {ev.location} ({ev.left} more it can stop){lost}"
        if t is E.ArmourBroken:
            return f"the {item_name(st, ev.weapon)} smashes the armour on {n(ev.character)}'s {ev.location}"
        if t is E.LuckAsked:
            return f"{n(ev.character)} may spend luck against {ev.damage} damage to the {ev.location}"
        if t is E.LuckSpent:
            return f"{n(ev.character)} spends {ev.points} luck: {ev.damage_left} damage left"
        if t is E.HitAvoided:
            return f"{n(ev.character)} shrugs off the hit"
        if t is E.DamageTaken:
            return (f"{n(ev.character)} takes {ev.damage} to the {ev.location} ({ev.location_total} there, "
                    f"{ev.total} in all)")
        if t is E.LimbDestroyed:
            return f"{n(ev.character)}'s {ev.limb} is destroyed"
        if t is E.MortalWound:
            return f"{n(ev.character)} is mortally wounded: dead in {ev.hours} hour(s) without stabilising first aid"
        if t is E.OutOfCombat:
            extra = f"; without first aid they last {ev.hours} hour(s)" if ev.hours else ""
            return f"{n(ev.character)} is out of combat{extra}"
        if t is E.Killed:
            return f"{n(ev.character)} is killed: {ev.reason}"
        if t is E.TurnLost:
            return f"{n(ev.character)} will forfeit round {ev.round}: {ev.reason}"
        if t is E.ShootingBarred:
            return f"{n(ev.character)} {ev.reason} and cannot shoot in round {ev.round}"
        if t is E.GrenadeThrown:
            if ev.landed:
                return f"{n(ev.character)}'s {item_name(st, ev.grenade)} lands at {where(ev.at)}"
            return f"{n(ev.character)}'s {item_name(st, ev.grenade)} goes astray and goes off harmlessly"
        if t is E.BurstLanded:
            return f"{n(ev.character)}'s {item_name(st, ev.weapon)} round bursts at {where(ev.at)}"
        if t is E.CloudFormed:
            return f"a {ev.kind} cloud spreads {ev.radius} hex(es) around {where(ev.at)} until the end of round {ev.until}"
        if t is E.CloudDispersed:
            return f"the {ev.kind} at {where(ev.at)} clears"
        if t is E.ReactionOffered:
            who = ", ".join(n(c) for c in ev.characters)
            return f"a live grenade lies by {who}: {self.side(ev.side)} decides who deals with it"
        if t is E.ReactionChosen:
            if ev.character is None:
                return "nobody reaches for the grenade"
            return f"{n(ev.character)} goes for the grenade to throw it {ev.choice}"
        if t is E.GrenadeDisposed:
            return f"{n(ev.character)}: the grenade is {ev.reason}" if "thrown" in ev.reason else \
                f"{n(ev.character)} {ev.reason}"
        if t is E.ThrowBackLuck:
            return f"{n(ev.character)} spends {ev.points} luck to throw the grenade back"
        if t is E.GrenadeReturned:
            return f"{n(ev.character)} sends the grenade back to {where(ev.at)}"
        if t is E.GrenadeBurst:
            return f"the grenade at {where(ev.at)} bursts"
        if t is E.Sheltered:
            return f"{n(ev.character)} is sheltered: {ev.reason}"
        if t is E.Reloaded:
            return f"{n(ev.character)} reloads the {item_name(st, ev.weapon)} ({ev.rounds} rounds, {ev.spares_left} spare)"
        if t is E.Aimed:
            return f"{n(ev.character)} takes aim"
        if t is E.Stabilised:
            return f"{n(ev.medic)} stabilises {n(ev.character)}"
        if t is E.MachineSet:
            state = "open" if ev.open else "shut"
            if not ev.character:
                return f"the {item_name(st, ev.machine)} starts {state}"
            return f"{n(ev.character)} {'opens' if ev.open else 'shuts'} the {item_name(st, ev.machine)}"
        if t is E.VehiclePlaced:
            return f"the {item_name(st, ev.vehicle)} stands at {where(ev.at)}"
        if t is E.Boarded:
            return f"{n(ev.character)} gets into the {item_name(st, ev.vehicle)}"
        if t is E.Disembarked:
            return f"{n(ev.character)} gets out of the {item_name(st, ev.vehicle)}"
        if t is E.VehicleDriven:
            riders = [n(r) for r in ev.riders]
            cut = " (stopped short: the way was blocked)" if ev.cut_short else ""
            return (f"{n(ev.driver)} drives the {item_name(st, ev.vehicle)} from {where(ev.path[0])} to "
                    f"{where(ev.path[-1])}{cut}" + (f", with {', '.join(riders)} aboard" if riders else ""))
        if t is E.ShellLanded:
            return f"{ev.name}: a shell lands at {where(ev.at)}"
        if t is E.Communicated:
            return f"{n(ev.character)} spends the round talking"
        if t is E.Hunkered:
            return f"{n(ev.character)} forfeits the action and keeps their head down"
        if t is E.Escaped:
            return f"{n(ev.character)} gets away off the {ev.edge} edge"
        if t is E.RoundEnded:
            return f"Round {ev.round} ends ({ev.seconds} s of battle)"
        if t is E.Died:
            return f"{n(ev.character)} dies of their wounds: {ev.reason}"
        if t is E.BattleEnded:
            return f"Battle over: {self.side(ev.winner) + ' wins' if ev.winner else 'no winner'}; {ev.reason}"
        return repr(ev)

    def command(self, cmd: Any) -> str:
        t = type(cmd)
        n, st = self.n, self.st
        if t is C.Run:
            return f"{n(cmd.character)} runs to {where(cmd.to)}"
        if t is C.Shoot:
            return (f"{n(cmd.character)} shoots {n(cmd.target)} with the {item_name(st, cmd.weapon)}"
                    + (" on automatic (6 rounds)" if cmd.auto else ""))
        if t is C.Throw:
            return f"{n(cmd.character)} throws a {item_name(st, cmd.grenade)} at {where(cmd.at)}"
        if t is C.Melee:
            return f"{n(cmd.character)} attacks {n(cmd.target)} hand to hand"
        if t is C.Reload:
            return f"{n(cmd.character)} reloads the {item_name(st, cmd.weapon)}"
        if t is C.Aim:
            return f"{n(cmd.character)} takes aim"
        if t is C.FirstAid:
            return f"{n(cmd.character)} gives first aid to {n(cmd.patient)}"
        if t is C.Operate:
            return f"{n(cmd.character)} {'opens' if cmd.open else 'shuts'} the {item_name(st, cmd.machine)}"
        if t is C.Drive:
            c = st.chars.get(cmd.character)
            from .rules import vehicle_for

            vid = vehicle_for(st, c) if c is not None else None
            return f"{n(cmd.character)} drives the {item_name(st, vid) if vid else 'vehicle'} to {where(cmd.to)}"
        if t is C.Communicate:
            return f"{n(cmd.character)} talks at length (costs the action)"
        if t is C.Hold:
            return f"{n(cmd.character)} holds (hunkers down if in cover)"
        if t is C.Lock:
            return f"lock {self.side(cmd.side)}'s orders"
        if t is C.SpendLuck:
            return f"{n(cmd.character)} spends {cmd.points} luck"
        if t is C.ThrowAway:
            return f"{n(cmd.character)} throws the grenade away"
        if t is C.ThrowBack:
            return f"{n(cmd.character)} throws the grenade back (2 luck)"
        if t is C.LetItLie:
            return "let the grenade lie"
        return repr(cmd)
