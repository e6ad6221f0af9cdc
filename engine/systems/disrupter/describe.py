"""One line of plain English per Disrupter event (the dice log) and per order; :mod:`.rulebook` registers each
with its type. The core's dice read as two-digit d100s (:func:`die_rolled`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hexfront.engine.core.events import DieRolled
from hexfront.engine.core.hexes import Hex, hex_count, hex_label
from hexfront.engine.core.words import plural

from . import commands as C
from . import events as E
from .board import segment_name
from .state import DisState, Order
from .vehicles import drive_path, facing_name, templates_words


def where(h: Hex | None) -> str:
    if h is None:
        return "-"
    return hex_label(h)


def _order(verb: str, place: Hex | None, fire: str) -> str:
    return Order(verb, place, fire).sentence()


def unit_role(state: DisState | None, unit_id: str) -> str:
    """A unit in its team, in words: "officer", "soldier 2", "bot" (the unit's id where it is not found)."""
    if state is None:
        return unit_id
    team_id, _, _ = unit_id.rpartition(".")
    team = state.teams.get(team_id)
    unit = next((u for u in team.units if u.id == unit_id), None) if team is not None else None
    if team is None or unit is None:
        return unit_id
    same = [u for u in team.units if u.klass == unit.klass]
    number = f" {same.index(unit) + 1}" if len(same) > 1 else ""
    return f"{unit.klass}{number}"


def unit_name(state: DisState | None, unit_id: str) -> str:
    """A unit in words: "officer (Alpha lead)", "soldier 2 (Alpha gun)", "bot (Walker bots)". The team's name
    says whose officer it is; the words do not change when a CO falls and an NCO takes over, so the dice log
    reads the same at every point of a replay."""
    role = unit_role(state, unit_id)
    team = state.teams.get(unit_id.rpartition(".")[0]) if state is not None else None
    return f"{role} ({team.name})" if team is not None and role != unit_id else role


def _side(st: DisState, side: str) -> str:
    platoon = st.platoons.get(side)
    return platoon.name if platoon is not None else side


def _unit(st: DisState, unit_id: str) -> str:
    return unit_name(st, unit_id)


def _units(st: DisState, unit_ids: Iterable[str]) -> str:
    return ", ".join(unit_name(st, u) for u in unit_ids)


def _team(st: DisState, team_id: str | None) -> str:
    if team_id is None:
        return "-"
    if team_id in st.teams:
        return f"{st.teams[team_id].name} [{team_id}]"
    return team_id


def _squad(st: DisState, squad_id: str | None) -> str:
    if squad_id is None:
        return "every squad that knows it"
    if squad_id in st.squads:
        return st.squads[squad_id].name
    return squad_id


# -- events ----------------------------------------------------------------------------------------------------

def team_placed(st: DisState, e: E.TeamPlaced) -> str:
    return f"{_team(st, e.team)} placed at {where(e.at)}"


def co_appointed(st: DisState, e: E.CoAppointed) -> str:
    return f"{_unit(st, e.unit)} is {_side(st, e.side)}'s Commanding Officer"


def rally_point_placed(st: DisState, e: E.RallyPointPlaced) -> str:
    return f"{_side(st, e.side)} places a rally point at {where(e.at)}"


def code_word_defined(st: DisState, e: E.CodeWordDefined) -> str:
    return f"code word {e.word} for {_squad(st, e.squad)}: {_order(e.verb, e.place, e.fire)}"


def order_changed(st: DisState, e: E.OrderChanged) -> str:
    how = {"code word": f"code word {e.word}", "resume": "code word Resume", "pending": "the CO's order",
           "briefing": "initial orders", "orders": "new orders"}.get(e.source, e.source)
    return f"{_squad(st, e.squad)} now: {_order(e.verb, e.place, e.fire)} [{how}]"


def order_pending(st: DisState, e: E.OrderPending) -> str:
    return f"{_squad(st, e.squad)} will, from next turn: {_order(e.verb, e.place, e.fire)}"


def briefing_ended(st: DisState, e: E.BriefingEnded) -> str:
    return f"{_side(st, e.side)} ends its briefing"


def turn_began(st: DisState, e: E.TurnBegan) -> str:
    return f"Turn {e.turn} begins"


def stress_changed(st: DisState, e: E.StressChanged) -> str:
    return f"{_side(st, e.side)} stress {e.delta:+d} -> {e.stress}: {e.reason}"


def resolve_chosen(st: DisState, e: E.ResolveChosen) -> str:
    return f"{_side(st, e.side)} {'uses' if e.use else 'keeps'} its Resolve"


def check_made(st: DisState, e: E.CheckMade) -> str:
    adv = {1: " [+]", -1: " [-]", 0: ""}[e.adv]
    rolls = "/".join(f"{r:02d}" for r in e.rolls)
    mods = f"; {', '.join(e.modifiers)}" if e.modifiers else ""
    return (f"{_unit(st, e.who)} {e.kind} {e.stat}{adv} {e.purpose}: rolled {rolls}, keeps {e.roll:02d}: "
            f"{e.result}{mods}")


def initiative_won(st: DisState, e: E.InitiativeWon) -> str:
    order = ", ".join(_side(st, x) for x in e.order)
    return f"{_side(st, e.side)} wins the initiative ({e.reason}); order {order}"


def group_assigned(st: DisState, e: E.GroupAssigned) -> str:
    return f"{_squad(st, e.squad)} is in Group {e.group}: {e.reason}"


def segments_set(st: DisState, e: E.SegmentsSet) -> str:
    if not e.segments:
        return "the turn's segments are done"
    return f"now: {segment_name(st, e.segments[0])}"


def team_stepped(st: DisState, e: E.TeamStepped) -> str:
    return f"{_team(st, e.team)} moves {where(e.frm)} -> {where(e.to)}"


def vehicle_turned(st: DisState, e: E.VehicleTurned) -> str:
    return f"{_team(st, e.team)} faces {facing_name(e.facing)}"


def team_move_done(st: DisState, e: E.TeamMoveDone) -> str:
    return f"{_team(st, e.team)} {e.how}"


def cover_changed(st: DisState, e: E.CoverChanged) -> str:
    return f"{_team(st, e.team)} {'takes' if e.cover else 'leaves'} cover ({e.reason})"


def units_acted(st: DisState, e: E.UnitsActed) -> str:
    return f"{_units(st, e.units) or 'no unit of ' + _team(st, e.team)}: {e.action}"


def fire_declared(st: DisState, e: E.FireDeclared) -> str:
    kind = "reacts to" if e.reaction else "fires at"
    aim = f" (at its {unit_role(st, e.target_unit)})" if e.target_unit else ""  # the team is named just before
    return f"{_team(st, e.team)} {kind} {_team(st, e.target)}{aim} at {hex_count(e.distance)}"


def fire_resolved(st: DisState, e: E.FireResolved) -> str:
    return (f"I{e.instinct} {e.check} against A{e.armour} {e.save}: {e.effect}, {plural(e.wounds, 'wound')}")


def penalty_set(st: DisState, e: E.PenaltySet) -> str:
    return f"{_team(st, e.team)} has [-] on Instinct in turn {e.turn}"


def wounds_taken(st: DisState, e: E.WoundsTaken) -> str:
    return f"{_unit(st, e.unit)} takes {e.wounds} wound{'' if e.wounds == 1 else 's'}, {e.total} in all"


def unit_removed(st: DisState, e: E.UnitRemoved) -> str:
    return f"{_unit(st, e.unit)} is taken off the board ({e.reason})"


def spot_marked(st: DisState, e: E.SpotMarked) -> str:
    by = f" by {_team(st, e.by)}" if e.by else ""
    return f"{_team(st, e.team)} is {'spotted' if e.spotted else 'not spotted'}{by}"


def panic_checked(st: DisState, e: E.PanicChecked) -> str:
    who = _team(st, e.team) if e.team else _side(st, e.side)
    res = "passes" if e.passed else f"fails: {e.text}"
    return f"{who} panic check d20 {e.roll} against stress {e.stress}: {res}"


def team_frozen(st: DisState, e: E.TeamFrozen) -> str:
    return f"{_team(st, e.team)} is frozen in turn {e.turn}"


def team_routed(st: DisState, e: E.TeamRouted) -> str:
    return f"{_team(st, e.team)} {'routs' if e.routed else 'is rallied'}"


def team_left_board(st: DisState, e: E.TeamLeftBoard) -> str:
    return f"{_team(st, e.team)} leaves the board: {e.reason}"


def team_joined_squad(st: DisState, e: E.TeamJoinedSquad) -> str:
    return f"{_team(st, e.team)} joins {_squad(st, e.squad)}: {e.reason}"


def code_words_jammed(st: DisState, e: E.CodeWordsJammed) -> str:
    return f"{_side(st, e.side)}'s code words are jammed in turn {e.turn}"


def battle_ended(st: DisState, e: E.BattleEnded) -> str:
    return f"the battle ends: {e.reason}"


# -- orders ----------------------------------------------------------------------------------------------------

def place_rally_point_order(st: DisState, c: C.PlaceRallyPoint) -> str:
    return f"{_side(st, c.side)}: rally point at {where(c.at)}"


def define_code_word_order(st: DisState, c: C.DefineCodeWord) -> str:
    return f"{_side(st, c.side)}: code word {c.word} for {_squad(st, c.squad)}: {_order(c.verb, c.place, c.fire)}"


def deploy_order(st: DisState, c: C.Deploy) -> str:
    return f"{_side(st, c.side)}: deploy {_team(st, c.team)} at {where(c.at)}"


def set_orders_order(st: DisState, c: C.SetOrders) -> str:
    return f"{_side(st, c.side)}: {_squad(st, c.squad)} will {_order(c.verb, c.place, c.fire)}"


def end_briefing_order(st: DisState, c: C.EndBriefing) -> str:
    return f"{_side(st, c.side)}: end the briefing"


def use_resolve_order(st: DisState, c: C.UseResolve) -> str:
    return f"{_side(st, c.side)}: use Resolve on this initiative check"


def move_order(st: DisState, c: C.Move) -> str:
    return f"{_team(st, c.team)} moves to {where(c.path[-1]) if c.path else '-'} ({hex_count(len(c.path))})"


def drive_end(st: DisState, c: C.Drive) -> str:
    """Where a drive ends if every template goes as planned: "E5 facing NE"; "" when it cannot be worked out."""
    team = st.teams.get(c.team)
    if team is None or not team.on_board or team.facing is None:
        return ""
    at, facing = drive_path(team, tuple(c.templates))[-1] if c.templates else (team.hex, team.facing)
    return f"{where(at)} facing {facing_name(facing)}"


def drive_order(st: DisState, c: C.Drive) -> str:
    end = drive_end(st, c)
    return (f"{_team(st, c.team)} drives {templates_words(tuple(c.templates))}" + (f" to {end}" if end else "")
            + f" ({len(c.templates)} template{'s' if len(c.templates) != 1 else ''})")


def follow_orders_order(st: DisState, c: C.FollowOrders) -> str:
    return f"{_team(st, c.team)} follows its orders"


def retreat_order(st: DisState, c: C.Retreat) -> str:
    return f"{_team(st, c.team)} retreats toward its edge"


def take_cover_order(st: DisState, c: C.TakeCover) -> str:
    return f"{_team(st, c.team)} takes cover"


def leave_cover_order(st: DisState, c: C.LeaveCover) -> str:
    return f"{_team(st, c.team)} leaves cover"


def fire_order(st: DisState, c: C.Fire) -> str:
    aim = f" (at its {unit_role(st, c.target_unit)})" if c.target_unit else ""
    return f"{_team(st, c.team)} fires at {_team(st, c.target)}{aim}"


def spot_order(st: DisState, c: C.Spot) -> str:
    return f"{_team(st, c.team)} tries to spot {_team(st, c.target)}"


def give_orders_order(st: DisState, c: C.GiveOrders) -> str:
    return f"{_team(st, c.team)} orders {_squad(st, c.squad)}: {_order(c.verb, c.place, c.fire)}"


def code_word_order(st: DisState, c: C.CodeWord) -> str:
    return f"{_team(st, c.team)} sends code word {c.word} to {_squad(st, c.squad)}"


def rally_order(st: DisState, c: C.Rally) -> str:
    return f"{_team(st, c.team)} tries to rally {_team(st, c.target)}"


def relieve_stress_order(st: DisState, c: C.RelieveStress) -> str:
    return f"{_side(st, c.side)}: the CO relieves 1 stress instead of acting"


def end_phase_order(st: DisState, c: C.EndPhase) -> str:
    return f"{_side(st, c.side)}: end this step"


def die_rolled(st: DisState, e: DieRolled) -> str:
    """A core die in the dice log: a d100 as its two digits (Rule 7)."""
    face = f"{e.result:02d}" if e.sides == 100 else str(e.result)
    return f"d{e.sides} rolled {face} for {e.purpose}"


class Describer:
    """The dice log's words for the core's own dice (every Disrupter event and order registers its words in
    :mod:`.rulebook`)."""

    def __init__(self, state: DisState) -> None:
        self.s = state

    def event(self, e: Any) -> str:
        return die_rolled(self.s, e) if isinstance(e, DieRolled) else repr(e)

    def command(self, c: Any) -> str:
        return repr(c)
