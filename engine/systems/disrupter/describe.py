"""One line of plain English per Disrupter event and command (the dice log)."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex, hex_count, hex_label

from . import commands as C
from . import events as E
from .state import Order


def where(h: Hex | None) -> str:
    if h is None:
        return "-"
    return hex_label(h)


def _order(verb: str, place: Hex | None, fire: str) -> str:
    return Order(verb, place, fire).sentence()


def unit_name(state: Any, unit_id: str) -> str:
    """A unit in words: "officer (Alpha lead)", "soldier 2 (Alpha gun)", "bot (Walker bots)". The team's name
    says whose officer it is; the words do not change when a CO falls and an NCO takes over, so the dice log
    reads the same at every point of a replay."""
    if state is None:
        return unit_id
    team_id, _, _ = unit_id.rpartition(".")
    team = state.teams.get(team_id)
    if team is None:
        return unit_id
    unit = next((u for u in team.units if u.id == unit_id), None)
    if unit is None:
        return unit_id
    same = [u for u in team.units if u.klass == unit.klass]
    number = f" {same.index(unit) + 1}" if len(same) > 1 else ""
    return f"{unit.klass}{number} ({team.name})"


def side_name(state: Any, side: str) -> str:
    if state is not None and side in getattr(state, "platoons", {}):
        return state.platoons[side].name
    return side


class Describer:
    def __init__(self, state: Any) -> None:
        self.s = state

    def side(self, side: str) -> str:
        return side_name(self.s, side)

    def unit(self, unit_id: str) -> str:
        return unit_name(self.s, unit_id)

    def units(self, unit_ids) -> str:
        return ", ".join(self.unit(u) for u in unit_ids)

    def team(self, team_id: str | None) -> str:
        if team_id is None:
            return "-"
        if self.s is not None and team_id in self.s.teams:
            return f"{self.s.teams[team_id].name} [{team_id}]"
        return team_id

    def squad(self, squad_id: str | None) -> str:
        if squad_id is None:
            return "every squad that knows it"
        if self.s is not None and squad_id in self.s.squads:
            return self.s.squads[squad_id].name
        return squad_id

    def event(self, e: Any) -> str:  # noqa: C901
        t = type(e)
        rule = f" ({e.rule})" if getattr(e, "rule", "") else ""
        if t is DieRolled:
            return f"d{e.sides} rolled {e.result:02d} for {e.purpose}{rule}" if e.sides == 100 else \
                f"d{e.sides} rolled {e.result} for {e.purpose}{rule}"
        if t is E.TeamPlaced:
            return f"{self.team(e.team)} placed at {where(e.at)}{rule}"
        if t is E.CoAppointed:
            return f"{self.unit(e.unit)} is {self.side(e.side)}'s Commanding Officer{rule}"
        if t is E.RallyPointPlaced:
            return f"{self.side(e.side)} places a rally point at {where(e.at)}{rule}"
        if t is E.CodeWordDefined:
            return f"code word {e.word} for {self.squad(e.squad)}: {_order(e.verb, e.place, e.fire)}{rule}"
        if t is E.OrderChanged:
            how = {"code word": f"code word {e.word}", "resume": "code word Resume", "pending": "the CO's order",
                   "briefing": "initial orders", "orders": "new orders"}.get(e.source, e.source)
            return f"{self.squad(e.squad)} now: {_order(e.verb, e.place, e.fire)} [{how}]{rule}"
        if t is E.OrderPending:
            return f"{self.squad(e.squad)} will, from next turn: {_order(e.verb, e.place, e.fire)}{rule}"
        if t is E.BriefingEnded:
            return f"{self.side(e.side)} ends its briefing{rule}"
        if t is E.TurnBegan:
            return f"Turn {e.turn} begins{rule}"
        if t is E.StressChanged:
            return f"{self.side(e.side)} stress {e.delta:+d} -> {e.stress}: {e.reason}{rule}"
        if t is E.ResolveChosen:
            return f"{self.side(e.side)} {'uses' if e.use else 'keeps'} its Resolve{rule}"
        if t is E.CheckMade:
            adv = {1: " [+]", -1: " [-]", 0: ""}[e.adv]
            rolls = "/".join(f"{r:02d}" for r in e.rolls)
            mods = f"; {', '.join(e.modifiers)}" if e.modifiers else ""
            return f"{self.unit(e.who)} {e.kind} {e.stat}{adv} {e.purpose}: rolled {rolls}, keeps {e.roll:02d}: {e.result}{mods}{rule}"
        if t is E.InitiativeWon:
            return f"{self.side(e.side)} wins the initiative ({e.reason}); order {', '.join(self.side(x) for x in e.order)}{rule}"
        if t is E.GroupAssigned:
            return f"{self.squad(e.squad)} is in Group {e.group}: {e.reason}{rule}"
        if t is E.SegmentsSet:
            if not e.segments:
                return f"the turn's segments are done{rule}"
            from .rules import segment_name

            return f"now: {segment_name(self.s, e.segments[0])}{rule}" if self.s is not None else \
                f"now: {e.segments[0]}{rule}"
        if t is E.TeamStepped:
            return f"{self.team(e.team)} moves {where(e.frm)} -> {where(e.to)}{rule}"
        if t is E.TeamMoveDone:
            return f"{self.team(e.team)} {e.how}{rule}"
        if t is E.CoverChanged:
            return f"{self.team(e.team)} {'takes' if e.cover else 'leaves'} cover ({e.reason}){rule}"
        if t is E.UnitsActed:
            return f"{self.units(e.units) or 'no unit of ' + self.team(e.team)}: {e.action}{rule}"
        if t is E.FireDeclared:
            kind = "reacts to" if e.reaction else "fires at"
            aim = f" (at {self.unit(e.target_unit)})" if e.target_unit else ""
            return f"{self.team(e.team)} {kind} {self.team(e.target)}{aim} at {hex_count(e.distance)}{rule}"
        if t is E.FireResolved:
            return (f"I{e.instinct} {e.check} against A{e.armour} {e.save}: {e.effect}, {e.wounds} wounds{rule}")
        if t is E.PenaltySet:
            return f"{self.team(e.team)} has [-] on Instinct in turn {e.turn}{rule}"
        if t is E.WoundsTaken:
            return f"{self.unit(e.unit)} takes {e.wounds} wound{'' if e.wounds == 1 else 's'}, {e.total} in all{rule}"
        if t is E.UnitRemoved:
            return f"{self.unit(e.unit)} is taken off the board ({e.reason}){rule}"
        if t is E.SpotMarked:
            return f"{self.team(e.team)} is {'spotted' if e.spotted else 'not spotted'}" + \
                (f" by {self.team(e.by)}" if e.by else "") + rule
        if t is E.PanicChecked:
            who = self.team(e.team) if e.team else self.side(e.side)
            res = "passes" if e.passed else f"fails: {e.text}"
            return f"{who} panic check d20 {e.roll} against stress {e.stress}: {res}{rule}"
        if t is E.TeamFrozen:
            return f"{self.team(e.team)} is frozen in turn {e.turn}{rule}"
        if t is E.TeamRouted:
            return f"{self.team(e.team)} {'routs' if e.routed else 'is rallied'}{rule}"
        if t is E.TeamLeftBoard:
            return f"{self.team(e.team)} leaves the board: {e.reason}{rule}"
        if t is E.TeamJoinedSquad:
            return f"{self.team(e.team)} joins {self.squad(e.squad)}: {e.reason}{rule}"
        if t is E.CodeWordsJammed:
            return f"{self.side(e.side)}'s code words are jammed in turn {e.turn}{rule}"
        if t is E.BattleEnded:
            return f"the battle ends: {e.reason}"
        return repr(e)

    def command(self, c: Any) -> str:  # noqa: C901
        t = type(c)
        if t is C.PlaceRallyPoint:
            return f"{self.side(c.side)}: rally point at {where(c.at)}"
        if t is C.DefineCodeWord:
            return f"{self.side(c.side)}: code word {c.word} for {self.squad(c.squad)}: {_order(c.verb, c.place, c.fire)}"
        if t is C.Deploy:
            return f"{self.side(c.side)}: deploy {self.team(c.team)} at {where(c.at)}"
        if t is C.SetOrders:
            return f"{self.side(c.side)}: {self.squad(c.squad)} will {_order(c.verb, c.place, c.fire)}"
        if t is C.EndBriefing:
            return f"{self.side(c.side)}: end the briefing"
        if t is C.UseResolve:
            return f"{self.side(c.side)}: use Resolve on this initiative check"
        if t is C.Move:
            return f"{self.team(c.team)} moves to {where(c.path[-1]) if c.path else '-'} ({hex_count(len(c.path))})"
        if t is C.FollowOrders:
            return f"{self.team(c.team)} follows its orders"
        if t is C.Retreat:
            return f"{self.team(c.team)} retreats toward its edge"
        if t is C.TakeCover:
            return f"{self.team(c.team)} takes cover"
        if t is C.LeaveCover:
            return f"{self.team(c.team)} leaves cover"
        if t is C.Fire:
            aim = f" (at {self.unit(c.target_unit)})" if c.target_unit else ""
            return f"{self.team(c.team)} fires at {self.team(c.target)}{aim}"
        if t is C.Spot:
            return f"{self.team(c.team)} tries to spot {self.team(c.target)}"
        if t is C.GiveOrders:
            return f"{self.team(c.team)} orders {self.squad(c.squad)}: {_order(c.verb, c.place, c.fire)}"
        if t is C.CodeWord:
            return f"{self.team(c.team)} sends code word {c.word} to {self.squad(c.squad)}"
        if t is C.Rally:
            return f"{self.team(c.team)} tries to rally {self.team(c.target)}"
        if t is C.RelieveStress:
            return f"{self.side(c.side)}: the CO relieves 1 stress instead of acting"
        if t is C.EndPhase:
            return f"{self.side(c.side)}: end this step"
        return repr(c)
