"""What a Disrupter player sees: the map, the turn's place, how the order editor files orders, fire odds."""

from __future__ import annotations

from typing import Any

from engine.core.hexes import Hex, hex_distance
from engine.core.view import (ActivationView, BattleSummary, BoardView, Chance, OrderParts, OrderPreview, Piece,
                              SideInfo, TerrainKey)

from . import commands as C
from . import rules
from .data import CLASSES
from .describe import Describer, unit_name
from .dice import p_success
from .state import DisState, Team

TERRAIN_EFFECTS = {
    "cover": "light cover: Take Cover here (I[-], A[+]); blocks sight through it",
    "block": "blocks sight; impassable to teams",
}


MARKS_LEGEND = (
    "letters: O a team with an officer,",
    "  B all bots, T any other team",
    "marks: c under cover, r routed,",
    "  s spotted, digit wounds taken",
)


def glyph(team: Team) -> str:
    """O: holds an officer; B: all bots; T: any other team."""
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
    elif rules.is_led(s, team):
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
        details = orders_lines(s, team) + tuple(
            f"{unit_name(s, u.id).split(' (')[0]}: {s.tables.weapons[u.weapon].name}, "
            f"I{rules.unit_stats(s, u)[0]} A{rules.unit_stats(s, u)[1]} "
            f"W{u.wounds}/{rules.unit_stats(s, u)[2]} M{rules.unit_stats(s, u)[3]}"
            + ("" if u.alive else " (off the board)") for u in team.units)
        pieces.append(Piece(id=team.id, side=team.side, glyph=glyph(team), name=team.name,
                            at=team.pos if team.on_board else None, marks=marks(s, team),
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
        side = rules.side_to_act(s)
        return ActivationView(now=f"Intelligence briefing - {s.platoons[side].name}", lines=tuple(lines))
    seg = s.segment
    if seg is None:
        return ActivationView(now=f"Turn {s.turn}", lines=tuple(lines))
    now = f"Turn {s.turn} - {rules.segment_name(s, seg)}"
    acted, waiting = set(), set()
    if seg[0] != "init":
        for team in rules.segment_teams(s, seg):
            done = team.moved if seg[2] == "move" else not [u for u in team.living if not u.acted]
            (acted if done else waiting).add(team.id)
    return ActivationView(now=now, lines=tuple(lines), acted=frozenset(acted), waiting=frozenset(waiting))


def order_parts(s: DisState, c: Any) -> OrderParts:
    d = Describer(s)
    label = d.command(c)
    t = type(c)
    if t is C.Move:
        return OrderParts(c.team, "Move", c.path[-1] if c.path else None, label)
    if t is C.FollowOrders:
        return OrderParts(c.team, "Follow orders", None, label)
    if t is C.Retreat:
        return OrderParts(c.team, "Retreat", None, label)
    if t is C.TakeCover:
        return OrderParts(c.team, "Take cover", None, label)
    if t is C.LeaveCover:
        return OrderParts(c.team, "Leave cover", None, label)
    if t is C.Fire:
        return OrderParts(c.team, "Fire", s.teams[c.target].pos, label)
    if t is C.Spot:
        return OrderParts(c.team, "Spot", s.teams[c.target].pos, label)
    if t is C.GiveOrders:
        return OrderParts(c.team, f"Orders: {c.verb.replace('_', ' ')}", c.place, label)
    if t is C.CodeWord:
        return OrderParts(c.team, "Code word", None, label)
    if t is C.Rally:
        return OrderParts(c.team, "Rally", s.teams[c.target].pos, label)
    if t is C.RelieveStress:
        return OrderParts(None, "Relieve stress", None, label)
    if t is C.EndPhase:
        return OrderParts(None, "End phase", None, label)
    if t is C.UseResolve:
        return OrderParts(None, "Use Resolve", None, label)
    if t is C.PlaceRallyPoint:
        return OrderParts(None, "Rally point", c.at, label)
    if t is C.DefineCodeWord:
        return OrderParts(None, f"Code word {c.word}", c.place, label)
    if t is C.Deploy:
        return OrderParts(c.team, "Deploy", c.at, label)
    if t is C.SetOrders:
        return OrderParts(None, f"Orders: {c.verb.replace('_', ' ')}", c.place, label)
    if t is C.EndBriefing:
        return OrderParts(None, "End briefing", None, label)
    return OrderParts(None, t.__name__, None, label)


def fire_odds(s: DisState, c: C.Fire) -> tuple[list[Chance], tuple[str, ...], float]:
    """Exact odds for a Fire order: per firing group and armour group, the four outcomes of Rule 16's table and
    the expected wounds (criticals counted by enumeration of the d100)."""
    team, target = s.teams[c.team], s.teams[c.target]
    d = hex_distance(team.pos, target.pos)
    firers = rules.firers_for(s, team, target, False)
    targeted = [s.unit(c.target_unit)] if c.target_unit else list(target.living)
    aims = {f.id: targeted[k % len(targeted)] for k, f in enumerate(firers)}
    a_adv, a_mods = rules.armour_mods(s, target)
    chances: list[Chance] = []
    expected = 0.0
    i_mods: list[str] = []
    for i in sorted({CLASSES[f.klass] for f in firers}):
        # the check of each Instinct value is rolled by its first firer, with that unit's own modifiers
        # (an officer gives the soldiers beside him [+], not himself), as rules.resolve_fire does
        first = next(f for f in firers if CLASSES[f.klass] == i)
        i_adv, mods = rules.instinct_mods(s, team, first)
        i_mods += [f"I{i}: {m}" for m in mods]
        pc = 1.0 if s.opt("player_facing") else p_success(i, i_adv)
        for a in sorted({rules.unit_stats(s, aims[f.id])[1] for f in firers}):
            group = [f for f in firers if CLASSES[f.klass] == i and rules.unit_stats(s, aims[f.id])[1] == a]
            if not group:
                continue
            per = [1 if s.opt("one_wound_weapons") else s.tables.weapons[f.weapon].wounds_at(d) for f in group]
            ps = p_success(a, a_adv)
            tag = f"I{i} vs A{a}"
            if s.opt("player_facing"):
                chances += [Chance(f"{tag}: hit, {sum(per)} wounds", 1 - ps), Chance(f"{tag}: saved", ps)]
                expected += (1 - ps) * sum(per)
                continue
            ss = sum(max(w - 1, 0) for w in per)
            chances += [Chance(f"{tag}: hit and saved, {ss} wounds", pc * ps),
                        Chance(f"{tag}: hit, {sum(per)} wounds", pc * (1 - ps)),
                        Chance(f"{tag}: miss, firer [-] next turn", (1 - pc) * ps),
                        Chance(f"{tag}: no effect", (1 - pc) * (1 - ps))]
            expected += pc * ps * ss + pc * (1 - ps) * sum(per)
    mods = tuple(f"firer: {m}" for m in i_mods) + tuple(f"target: {m}" for m in a_mods)
    return chances, mods, expected


def preview(s: DisState, c: Any) -> OrderPreview:
    summary = Describer(s).command(c)
    if type(c) is C.Fire and rules.validate(s, c) is None:
        chances, mods, expected = fire_odds(s, c)
        return OrderPreview(summary=summary, modifiers=mods, odds=tuple(chances),
                            note=f"expected wounds {expected:.2f}")
    if type(c) in (C.Spot, C.Rally) and rules.validate(s, c) is None:
        team = s.teams[c.team]
        unit = max(team.living, key=lambda u: (CLASSES[u.klass], u.id))
        adv, mods = rules.instinct_mods(s, team, unit)
        p = 1.0 if s.opt("auto_spot_rally") else p_success(CLASSES[unit.klass], adv)
        return OrderPreview(summary=summary, modifiers=mods, odds=(Chance("success", p), Chance("failure", 1 - p)))
    return OrderPreview(summary=summary)


def visible_hexes(s: DisState, piece_id: str) -> frozenset:
    team = s.teams.get(piece_id)
    if team is None or not team.on_board:
        return frozenset()
    return frozenset(h for h in s.tables.board if hex_distance(h, team.pos) <= 6
                     and rules.sees(s, team.pos, h, team.side))


def summary(s: DisState) -> BattleSummary:
    lines = tuple(f"{s.platoons[side].name}: stress {s.platoons[side].stress}, "
                  f"{sum(1 for t in s.side_teams(side))} teams on the board" for side in s.sides)
    return BattleSummary(casualties={side: s.platoons[side].lost for side in s.sides}, turns=s.turn, lines=lines)


