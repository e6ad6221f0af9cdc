"""What a Disrupter player sees: the map, the turn's place, how the order editor files each order type, what a
team can see. The odds of an order are in :mod:`.previews`."""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.view import (
    ActivationView,
    BattleSummary,
    BoardView,
    OrderParts,
    Piece,
    SideInfo,
    TerrainKey,
)

from . import commands as C
from . import describe as D
from .board import is_led, sees, segment_name, segment_teams, side_to_act, unit_stats, vehicle_of
from .describe import unit_name
from .state import DisState, Team
from .vehicles import drive_path, facing_name, is_vehicle

TERRAIN_EFFECTS = {
    "cover": "light cover: Take Cover here (I[-], A[+]); blocks sight through it, not to or from a vehicle",
    "block": "blocks sight; impassable to teams",
}


MARKS_LEGEND = (
    "letters: O a team with an officer,",
    "  B all bots, T any other team,",
    "  V a vehicle; its facing beside it:",
    "  right of V: > E / NE \\ SE",
    "  left of V:  < W \\ NW / SW",
    "marks: c under cover, r routed,",
    "  s spotted, digit wounds taken",
)


def glyph(s: DisState, team: Team) -> str:
    """V: a vehicle (this game's own); O: holds an officer; B: all bots; T: any other team."""
    if is_vehicle(s, team):
        return "V"
    if any(u.alive and u.klass == "officer" for u in team.units):
        return "O"
    if all(u.klass == "bot" for u in team.living):
        return "B"
    return "T"


def marks(s: DisState, team: Team) -> str:
    out = ""
    if team.cover:
        out += "c"
    if team.routed:
        out += "r"
    if team.spotted:
        out += "s"
    wounds = sum(u.wounds for u in team.living)
    if wounds:
        out += str(min(wounds, 9))
    return out


def orders_lines(s: DisState, team: Team) -> tuple[str, ...]:
    """What the team is bound to do (Rule 9 - Giving Orders, Leading): its squad's order, any order waiting
    for next turn, and whether it is led (free to act) or must follow the order without deviation."""
    squad = s.squads.get(team.squad)
    if squad is None:
        return ()
    out = [f"{squad.name}: {squad.order.sentence()}"]
    if squad.pending is not None:
        out.append(f"from next turn: {squad.pending.sentence()}")
    if team.routed:
        out.append("routed: under nobody's command until rallied")
    elif is_led(s, team):
        out.append("led by an officer: free to move and act")
    else:
        out.append("not led: follows its orders without deviation")
    return tuple(out)


def board(s: DisState) -> BoardView:
    terrain = {h: s.tables.terrain[t].glyph for h, t in s.tables.board.items()}
    legend = tuple(TerrainKey(t.glyph, t.name, TERRAIN_EFFECTS.get(t.sight, "ford: 1 hex a move" if t.move == "ford"
                                                                   else "impassable" if t.move == "no" else ""))
                   for t in s.tables.terrain.values())
    pieces = []
    for team in sorted(s.teams.values(), key=lambda t: t.id):
        states = []
        if team.cover:
            states.append("under cover")
        if team.routed:
            states.append("routed")
        if team.spotted:
            states.append("spotted")
        if team.frozen_turn == s.turn and s.turn:
            states.append("frozen")
        vehicle = vehicle_of(s, team)
        if vehicle is not None:
            states.append(f"{vehicle.name}, facing {facing_name(team.facing)}")
            if any(u.alive and u.klass == "officer" for u in team.units):
                states.append("an officer aboard")
        details = orders_lines(s, team) + tuple(
            f"{unit_name(s, u.id).split(' (')[0]}: {s.tables.weapons[u.weapon].name}, "
            f"I{unit_stats(s, u)[0]} A{unit_stats(s, u)[1]} "
            f"W{u.wounds}/{unit_stats(s, u)[2]} M{unit_stats(s, u)[3]}"
            + ("" if u.alive else " (off the board)") for u in team.units)
        pieces.append(Piece(id=team.id, side=team.side, glyph=glyph(s, team), name=team.name,
                            at=team.pos if team.on_board else None, facing=team.facing, marks=marks(s, team),
                            state=", ".join(states), details=details))
    return BoardView(cols=s.tables.width, rows=s.tables.height, terrain=terrain, legend=legend, pieces=tuple(pieces),
                     sides=tuple(SideInfo(side.id, side.name) for side in s.tables.sides))


def activation(s: DisState) -> ActivationView:
    lines = []
    for side in s.sides:
        p = s.platoons[side]
        lines.append(f"{p.name}: stress {p.stress}/20" + (" (code words jammed)" if p.jammed_turn == s.turn else ""))
        for q in s.tables.squads:
            sq = s.squads[q.id]
            if sq.side != side:
                continue
            group = "CO" if sq.hq else f"Group {sq.group}"
            lines.append(f"  {sq.name} [{group}]: {sq.order.sentence()}")
            if sq.pending is not None:
                lines.append(f"    next turn: {sq.pending.sentence()}")
    if s.result is not None:
        now = f"Battle over: {s.result[1]}"
        return ActivationView(now=now, lines=tuple(lines))
    if s.phase == "briefing":
        briefing = side_to_act(s)  # None half-way through the order that ends the briefing (a replay's event step)
        who = f" - {s.platoons[briefing].name}" if briefing is not None else ""
        return ActivationView(now=f"Intelligence briefing{who}", lines=tuple(lines))
    seg = s.segment
    if seg is None:
        return ActivationView(now=f"Turn {s.turn}", lines=tuple(lines))
    now = f"Turn {s.turn} - {segment_name(s, seg)}"
    acted: set[str] = set()
    waiting: set[str] = set()
    if seg[0] != "init":
        for team in segment_teams(s, seg):
            done = team.moved if seg[2] == "move" else not [u for u in team.living if not u.acted]
            (acted if done else waiting).add(team.id)
    return ActivationView(now=now, lines=tuple(lines), acted=frozenset(acted), waiting=frozenset(waiting))


# -- how the order editor files each order type: piece, action, target hex (registered in rulebook.py) ----------

def parts_move(s: DisState, c: C.Move) -> OrderParts:
    return OrderParts(c.team, "Move", c.path[-1] if c.path else None, D.move_order(s, c))


def parts_drive(s: DisState, c: C.Drive) -> OrderParts:
    """Filed under "Drive" at the hex it ends on; the variants there read its templates and its facing."""
    team = s.teams.get(c.team)
    end = None
    if team is not None and team.on_board and team.facing is not None and c.templates:
        end = drive_path(team, tuple(c.templates))[-1][0]
    return OrderParts(c.team, "Drive", end, D.drive_order(s, c))


def parts_follow_orders(s: DisState, c: C.FollowOrders) -> OrderParts:
    return OrderParts(c.team, "Follow orders", None, D.follow_orders_order(s, c))


def parts_retreat(s: DisState, c: C.Retreat) -> OrderParts:
    return OrderParts(c.team, "Retreat", None, D.retreat_order(s, c))


def parts_take_cover(s: DisState, c: C.TakeCover) -> OrderParts:
    return OrderParts(c.team, "Take cover", None, D.take_cover_order(s, c))


def parts_leave_cover(s: DisState, c: C.LeaveCover) -> OrderParts:
    return OrderParts(c.team, "Leave cover", None, D.leave_cover_order(s, c))


def parts_fire(s: DisState, c: C.Fire) -> OrderParts:
    return OrderParts(c.team, "Fire", s.teams[c.target].pos, D.fire_order(s, c))


def parts_spot(s: DisState, c: C.Spot) -> OrderParts:
    return OrderParts(c.team, "Spot", s.teams[c.target].pos, D.spot_order(s, c))


def parts_give_orders(s: DisState, c: C.GiveOrders) -> OrderParts:
    return OrderParts(c.team, f"Orders: {c.verb.replace('_', ' ')}", c.place, D.give_orders_order(s, c))


def parts_code_word(s: DisState, c: C.CodeWord) -> OrderParts:
    return OrderParts(c.team, "Code word", None, D.code_word_order(s, c))


def parts_rally(s: DisState, c: C.Rally) -> OrderParts:
    return OrderParts(c.team, "Rally", s.teams[c.target].pos, D.rally_order(s, c))


def parts_relieve_stress(s: DisState, c: C.RelieveStress) -> OrderParts:
    return OrderParts(None, "Relieve stress", None, D.relieve_stress_order(s, c))


def parts_end_phase(s: DisState, c: C.EndPhase) -> OrderParts:
    return OrderParts(None, "Pass", None, D.end_phase_order(s, c))  # "Pass": the TUI's "." key finds it by this name


def parts_use_resolve(s: DisState, c: C.UseResolve) -> OrderParts:
    return OrderParts(None, "Use Resolve", None, D.use_resolve_order(s, c))


def parts_place_rally_point(s: DisState, c: C.PlaceRallyPoint) -> OrderParts:
    return OrderParts(None, "Rally point", c.at, D.place_rally_point_order(s, c))


def parts_define_code_word(s: DisState, c: C.DefineCodeWord) -> OrderParts:
    return OrderParts(None, f"Code word {c.word}", c.place, D.define_code_word_order(s, c))


def parts_deploy(s: DisState, c: C.Deploy) -> OrderParts:
    return OrderParts(c.team, "Deploy", c.at, D.deploy_order(s, c))


def parts_set_orders(s: DisState, c: C.SetOrders) -> OrderParts:
    return OrderParts(None, f"Orders: {c.verb.replace('_', ' ')}", c.place, D.set_orders_order(s, c))


def parts_end_briefing(s: DisState, c: C.EndBriefing) -> OrderParts:
    return OrderParts(None, "End briefing", None, D.end_briefing_order(s, c))


def visible_hexes(s: DisState, piece_id: str) -> frozenset[Hex]:
    team = s.teams.get(piece_id)
    if team is None or not team.on_board:
        return frozenset()
    return frozenset(h for h in s.tables.board if hex_distance(h, team.hex) <= 6
                     and sees(s, team.hex, h, team.side))


def summary(s: DisState) -> BattleSummary:
    lines = tuple(f"{s.platoons[side].name}: stress {s.platoons[side].stress}, "
                  f"{sum(1 for t in s.side_teams(side))} teams on the board" for side in s.sides)
    return BattleSummary(casualties={side: s.platoons[side].lost for side in s.sides}, turns=s.turn, lines=lines)


