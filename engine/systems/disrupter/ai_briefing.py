"""Disrupter's standard computer player at the intelligence briefing (Rule 10): what it writes before the battle.

- one rally point behind its own line (a cover hex in its deployment zone, near the objective's column);
- three code words for every NCO: an advance on the objective, a hold and a take-cover, all with the order to
  fire on what comes into sight;
- each squad deployed as a knot around its NCO (the CO's team beside the bots) as near the objective as its
  zone allows, so every team starts led;
- each squad's first order: advance to the objective, fire on what comes into sight.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hexfront.engine.core.hexes import Hex, hex_distance

from . import commands as C
from . import rules
from .rulebook import RULEBOOK
from .state import DisState, Team

CODE_WORDS = (("hold", False), ("advance", True), ("take_cover", False))


def briefing_order(s: DisState, side: str) -> Any:
    """The next order of the briefing plan the rules accept; ending the briefing once none is left."""
    for cmd in briefing_plan(s, side):
        if RULEBOOK.validate(s, cmd) is None:
            return cmd
    return C.EndBriefing(side)


def briefing_plan(s: DisState, side: str) -> Iterator[Any]:
    """Rule 10: a rally point, three code words for each NCO, the deployment, then each squad's first order."""
    p = s.platoons[side]
    obj = s.tables.objective
    squads = [s.squads[q.id] for q in s.tables.squads if q.side == side]
    if not p.rally_points:
        at = rally_point(s, side)
        if at is not None:
            yield C.PlaceRallyPoint(side, at)
    words = list(s.tables.code_words)
    for sq in squads:
        if sq.hq:
            continue
        for verb, placed in CODE_WORDS:
            if any(o.verb == verb for o in sq.code_words.values()):
                continue
            used = {w for q in squads for w in q.code_words}
            word = next((w for w in words if w not in used), None)
            word = word or next((w for w in words if w not in sq.code_words), None)
            if word is not None:
                yield C.DefineCodeWord(side, sq.id, word, verb, obj if placed else None, "fire")
    yield from deployment(s, side)
    for sq in squads:
        if not sq.orders_set:
            yield C.SetOrders(side, sq.id, "advance", obj, "fire")


def rally_point(s: DisState, side: str) -> Hex | None:
    """A hex behind the line: in the deployment zone, on the edge side, by the objective's column; cover first."""
    zone = s.tables.side(side).zone
    obj = s.tables.objective
    edge = rules.edge_row(s, side)
    cands = [h for h in s.tables.board if rules.row_of(h) in zone and rules.passable(s, h)]
    if not cands:
        return None
    return min(cands, key=lambda h: (not rules.has_cover(s, h), abs(rules.row_of(h) - edge),
                                     hex_distance(h, obj), h.q, h.r))


def deployment(s: DisState, side: str) -> Iterator[C.Deploy]:
    """Deploy orders toward the plan; a team whose place is still held by a team yet to move waits."""
    for tid, h in sorted(deploy_plan(s, side).items()):
        team = s.teams[tid]
        if not team.deployed and team.pos != h and s.team_at(h) is None:
            yield C.Deploy(side, tid, h)


def deploy_plan(s: DisState, side: str) -> dict[str, Hex]:
    """Each squad a knot around its leader, as near the objective as the zone allows (the CO's command
    first). The plan depends on the board and the platoon only, so every call makes the same one."""
    zone = s.tables.side(side).zone
    obj = s.tables.objective
    free = {h for h in s.tables.board if rules.row_of(h) in zone and rules.passable(s, h)}
    plan: dict[str, Hex] = {}
    taken: set[Hex] = set()
    groups: dict[str, list[Team]] = {}
    for t in sorted(s.side_teams(side), key=lambda t: t.id):
        groups.setdefault(t.squad, []).append(t)
    for squad in sorted(groups, key=lambda q: (not s.squads[q].hq, q)):
        teams = sorted(groups[squad], key=lambda t: (not rules.team_has_officer(s, t), t.id))
        spots = sorted(h for h in free if h not in taken)
        if not spots:
            break

        def knot(h: Hex, followers: int = len(teams) - 1) -> tuple[bool, int, int, int]:
            room = sum(1 for n in h.neighbours() if n in free and n not in taken)
            return (room < followers, hex_distance(h, obj), h.q, h.r)

        lead = min(spots, key=knot)
        plan[teams[0].id] = lead
        taken.add(lead)
        for t in teams[1:]:
            near = sorted(h for h in free if h not in taken)
            if not near:
                break
            h = min(near, key=lambda h: (hex_distance(h, lead) > 1, hex_distance(h, lead),
                                         hex_distance(h, obj), h.q, h.r))
            plan[t.id] = h
            taken.add(h)
    return plan
