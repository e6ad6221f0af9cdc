"""Disrupter's ground and chain of command: terrain, sight, movement, who leads whom, the modifiers of a check,
and whose segment it is. Read-only questions about a battle; nothing here changes it.

Rule references name the book's headings ("Rule 16 - Firing"). Where the book is silent the docstring says
"this game's reading:" and help.md lists the reading.
"""

from __future__ import annotations

from collections import deque

from hexfront.engine.core.hexes import (
    LOS_BLOCK,
    LOS_CLEAR,
    REAR,
    Hex,
    arc_of,
    axial_to_offset,
    hex_distance,
    hex_label,
    line_pair,
)

from .data import UnitSpec, Vehicle
from .dice import net
from .schema import CLASSES
from .state import DisState, Order, Squad, Team, Unit

R_STATS = "Rule 6 - Stats"
R_CHECKS = "Rule 7 - Checks and Saves"
R_STRESS = "Rule 8 - Stress and Panic"
R_COMMAND = "Rule 9 - Chain of Command"
R_LEAD = "Rule 9 - Leading"
R_BRIEF = "Rule 10 - Intelligence Briefing"
R_TURN = "Rule 11 - Turn Structure"
R_LOS = "Rule 12 - Line of Sight"
R_COVER = "Rule 13 - Cover"
R_MOVE = "Rule 14 - Movement"
R_REACT = "Rule 15 - Reaction Fire"
R_FIRE = "Rule 16 - Firing"
R_SPOT = "Rule 16 - Spotting"
R_ORDERS = "Rule 16 - Commanding"
MAX_STRESS = 20
MAX_RALLY_POINTS = 3
MAX_CODE_WORDS = 4
CLOSE = 1
BATTLE_OVER = "the battle is over"

#: a segment of the action phase: (group, side, step); group co, g1, g2 or init, step move, ba or resolve
Segment = tuple[str, str, str]

# ---------------------------------------------------------------------------------------------
# Board queries: terrain, sight, movement
# ---------------------------------------------------------------------------------------------

def row_of(h: Hex) -> int:
    return axial_to_offset(h)[1]


def edge_row(s: DisState, side: str) -> int:
    return 0 if s.tables.side(side).edge == "top" else s.tables.height - 1


def edge_distance(s: DisState, side: str, h: Hex) -> int:
    return abs(row_of(h) - edge_row(s, side))


def has_cover(s: DisState, h: Hex | None) -> bool:
    t = s.tables.terrain_at(h) if h is not None else None
    return bool(t and t.cover)


def is_ford(s: DisState, h: Hex) -> bool:
    t = s.tables.terrain_at(h)
    return bool(t and t.move == "ford")


def passable(s: DisState, h: Hex) -> bool:
    t = s.tables.terrain_at(h)
    return t is not None and t.move != "no"


def _terrain_sight(s: DisState, h: Hex) -> int:
    t = s.tables.terrain_at(h)
    if t is None or t.sight == "clear":
        return LOS_CLEAR
    return LOS_BLOCK  # a building, or light cover strictly between the two hexes


def vehicle_of(s: DisState, team: Team) -> Vehicle | None:
    """The vehicle a team is (every unit of it rides the same one: data.py checks it), or None for a stand."""
    return s.tables.vehicles.get(team.units[0].kit) if team.units else None


def sees(s: DisState, a: Hex, b: Hex, viewer_side: str) -> bool:
    """Rule 12 - Line of Sight, on hexes: a straight line between the two hex centres is blocked by a building or
    light-cover hex strictly between them, or by an enemy team (of the viewer) strictly between; friends are
    ignored. This game's reading: light cover blocks sight through it, not into or out of it.

    Vehicles (this game's own; Rule 12: "Vehicles have different LOS rules than Infantry"): a vehicle stands
    tall, so light cover between does not block sight from it or to it; buildings and enemy teams still do.
    Its facing does not matter for sight (Rule 12: "Facing does not matter for ... the one Vehicle").

    The lines the terrain leaves open between two hexes never change in a battle: they are worked out once per
    map (:func:`open_lines`); only the enemy teams standing on them are looked at each time."""
    if hex_distance(a, b) <= 1:
        return True
    teams = [t for t in s.teams.values() if t.on_board]
    tall = bool(s.tables.vehicles) and any((t.pos == a or t.pos == b) and vehicle_of(s, t) is not None
                                           for t in teams)
    lines = open_lines(s, a, b, tall)
    if not lines:
        return False
    enemy = {t.pos for t in teams if t.side != viewer_side}
    return any(enemy.isdisjoint(between) for between in lines)


def open_lines(s: DisState, a: Hex, b: Hex, tall: bool) -> tuple[frozenset[Hex], ...]:
    """The hexes strictly between ``a`` and ``b`` on each sight line that the terrain alone does not block (the
    two lines nudged either side of the true one, as the core's ``line_of_sight`` draws them; one if they agree).
    Sight is had along any of them no enemy team stands on (the core's hex-edge rule). ``tall``: a vehicle at
    either end (light cover between does not block)."""
    key = (a, b, tall)
    cache = s.tables.sight_cache
    found: tuple[frozenset[Hex], ...] | None = cache.get(key)
    if found is None:
        def los_of(h: Hex) -> int:
            ground = s.tables.terrain_at(h)
            if tall and ground is not None and ground.sight == "cover":
                return LOS_CLEAR
            return _terrain_sight(s, h)

        lines = []
        for path in dict.fromkeys(tuple(p) for p in line_pair(a, b)):
            between = path[1:-1]
            if all(los_of(h) < LOS_BLOCK for h in between):
                lines.append(frozenset(between))
        found = cache[key] = tuple(lines)
    return found


def team_move(s: DisState, team: Team) -> int:
    """Rule 14: a stand moves as far as its slowest unit."""
    return min(s.tables.kit(_spec(s, u)).M for u in team.living)


def _spec(s: DisState, u: Unit) -> UnitSpec:
    return UnitSpec(u.id, u.klass, u.kit, u.weapon)


def unit_stats(s: DisState, u: Unit) -> tuple[int, int, int, int]:
    """(I, A, W, M): Instinct by class (Rule 9 - Classes), A/W/M from armour or bot model (Rule 6)."""
    kit = s.tables.kit(_spec(s, u))
    w = 1 if s.opt("single_wound") else kit.W
    return CLASSES[u.klass], kit.A, w, kit.M


def _step_ok(s: DisState, team: Team, to: Hex, occupied: dict[Hex, Team]) -> bool:
    """May ``team`` step into ``to``: passable, and no enemy there (``occupied``: the team on each hex)."""
    if not passable(s, to):
        return False
    other = occupied.get(to)
    return other is None or other.side == team.side


def _occupied(s: DisState) -> dict[Hex, Team]:
    """The team on each hex (the first found, as ``DisState.team_at`` finds it), looked up once per search."""
    out: dict[Hex, Team] = {}
    for t in s.teams.values():
        if t.pos is not None and t.on_board:
            out.setdefault(t.pos, t)
    return out


def routes(s: DisState, team: Team) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex the team may end a move on, with one shortest path to it (hexes entered, in order).

    Rule 14: up to M hexes, through friends but not enemies, ending on an empty hex; deep water and buildings
    are impassable; this game's reading of fording: a move with any ford hex on its path (its start included)
    goes at most 1 hex."""
    start = team.pos
    assert start is not None
    budget = team_move(s, team)
    out: dict[Hex, tuple[Hex, ...]] = {}
    ford_start = is_ford(s, start)
    occupied = _occupied(s)
    # one-hex moves (fords allowed)
    for n in start.neighbours():
        if _step_ok(s, team, n, occupied) and n not in occupied:
            out[n] = (n,)
    if ford_start:
        return out
    seen: dict[Hex, tuple[Hex, ...]] = {start: ()}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        path = seen[h]
        if len(path) >= budget:
            continue
        for n in h.neighbours():
            if n in seen or not _step_ok(s, team, n, occupied) or is_ford(s, n):
                continue
            seen[n] = path + (n,)
            queue.append(n)
    for h, path in seen.items():
        if path and h not in occupied and h not in out:
            out[h] = path
    return out


def check_path(s: DisState, team: Team, path: tuple[Hex, ...]) -> str | None:
    """None if the led team may walk ``path`` (the hexes entered, in order), else why not (Rule 14)."""
    if not path:
        return "a move needs at least one hex"
    budget = team_move(s, team)
    fords = is_ford(s, team.hex) or any(is_ford(s, h) for h in path)
    if fords and len(path) > 1:
        return "a team fording a stream moves at most 1 hex (Rule 14 - Movement)"
    if len(path) > budget:
        return f"{team.name} moves at most {budget} hexes (Rule 14 - Movement)"
    prev = team.hex
    for h in path:
        if h not in s.tables.board:
            return "that path leaves the board"
        if hex_distance(prev, h) != 1:
            return "each step of a path must go to a neighbouring hex"
        if not passable(s, h):
            return f"{hex_words(h)} is impassable to teams (Rule 14 - Movement)"
        other = s.team_at(h)
        if other is not None and other.side != team.side:
            return f"teams cannot move through enemy teams ({hex_words(h)}) (Rule 14 - Movement)"
        prev = h
    if s.team_at(path[-1]) is not None:
        return f"only one team may stand in a hex; {hex_words(path[-1])} is taken (Rule 14 - Movement)"
    return None


def hex_words(h: Hex | None) -> str:
    if h is None:
        return "nowhere"
    return hex_label(h)


# ---------------------------------------------------------------------------------------------
# Command and leading
# ---------------------------------------------------------------------------------------------

def is_officer(s: DisState, u: Unit) -> bool:
    return u.alive and u.klass == "officer"


def officers_left(s: DisState, side: str) -> int:
    """Rule 9: the living officers of ``side``'s teams on the board (none left: the platoon surrenders)."""
    return sum(1 for t in s.side_teams(side) for u in t.units if is_officer(s, u))


def holders(s: DisState, side: str) -> int:
    """This game's victory rule (scenario "hold"): ``side``'s teams, not routed, on or next to the objective."""
    obj = s.tables.objective
    return sum(1 for t in s.side_teams(side) if not t.routed and hex_distance(t.hex, obj) <= CLOSE)


def team_has_officer(s: DisState, team: Team) -> bool:
    return any(is_officer(s, u) for u in team.units)


def is_bot_team(team: Team) -> bool:
    return all(u.klass == "bot" for u in team.living)


def is_led(s: DisState, team: Team) -> bool:
    """Rule 9 - Leading: a team with an officer, or within Close of a friendly team with one, is led.

    This game's reading: a routed officer leads no one. [streamline] officer_every_team: every team with a
    human counts as holding an officer."""
    if not team.on_board or team.routed:
        return False
    if s.opt("officer_every_team") and not is_bot_team(team):
        return True
    for other in s.side_teams(team.side):
        if other.routed or hex_distance(other.hex, team.hex) > CLOSE:
            continue
        if team_has_officer(s, other):
            return True
        if s.opt("officer_every_team") and not is_bot_team(other):
            return True
    return False


def officer_near(s: DisState, team: Team, unit: Unit | None = None) -> bool:
    """Rule 9: a unit within Close of an officer gets [+] on checks and saves.

    This game's reading: an officer does not give himself [+]; the [streamline] officer_every_team option
    makes teams led but gives no extra [+]."""
    for other in s.side_teams(team.side):
        if hex_distance(other.hex, team.hex) > CLOSE:
            continue
        for u in other.units:
            if is_officer(s, u) and (unit is None or u.id != unit.id):
                return True
    return False


def co_unit(s: DisState, side: str) -> Unit | None:
    co = s.platoons[side].co
    if co is None:
        return None
    u = s.unit(co)
    return u if u.alive and not s.team_of(co).gone else None


def order_of(s: DisState, team: Team) -> Order:
    return s.squads[team.squad].order


def hq_squad(s: DisState, side: str) -> Squad:
    return next(q for q in s.squads.values() if q.side == side and q.hq)


# ---------------------------------------------------------------------------------------------
# Checks with their modifiers
# ---------------------------------------------------------------------------------------------

def instinct_mods(s: DisState, team: Team, unit: Unit | None) -> tuple[int, tuple[str, ...]]:
    """Net advantage and named modifiers of an Instinct check (Rules 7, 9, 13, 16)."""
    plus, minus, names = 0, 0, []
    if officer_near(s, team, unit):
        plus += 1
        names.append("[+] officer within Close (Rule 9)")
    if team.cover:
        minus += 1
        names.append("[-] under cover (Rule 13)")
    if team.penalty_turn == s.turn and s.turn > 0:
        minus += 1
        names.append("[-] failed to hurt a target last turn (Rule 16 - Firing)")
    return net(plus, minus), tuple(names)


def armour_mods(s: DisState, team: Team, spotted: bool | None = None,
                firer: Hex | None = None) -> tuple[int, tuple[str, ...]]:
    """Net advantage and named modifiers of an Armor save (Rules 7, 9, 13; Rule 16 - Spotting). ``spotted``
    counts the team as spotted or not (a what-if of the computer player); None: as it is.

    Vehicles (this game's own): a vehicle shot at by a firer at ``firer`` in its rear arc (more than 120
    degrees off its facing) saves with [-]."""
    plus, minus, names = 0, 0, []
    if firer is not None and team.facing is not None and team.pos is not None and firer != team.pos \
            and arc_of(team.pos, team.facing, firer) == REAR:
        minus += 1
        names.append("[-] shot into its rear armour (Vehicles, this game's own)")
    seen = team.spotted if spotted is None else spotted
    if officer_near(s, team):
        plus += 1
        names.append("[+] officer within Close (Rule 9)")
    if team.cover and not seen:
        plus += 1
        names.append("[+] under cover (Rule 13)")
    elif team.cover:
        names.append("no cover benefit: spotted (Rule 16 - Spotting)")
    return net(plus, minus), tuple(names)

# ---------------------------------------------------------------------------------------------
# Turn structure (Rule 11)
# ---------------------------------------------------------------------------------------------

def segment_teams(s: DisState, seg: Segment) -> list[Team]:
    group, side, _step = seg
    out = []
    for t in sorted(s.side_teams(side), key=lambda t: t.id):
        sq = s.squads[t.squad]
        if sq.hq:
            mine = group == "co" or (group == "g1" and s.opt("cos_in_group_1"))
        else:
            mine = group == ("g1" if sq.group == 1 else "g2")
        if mine:
            out.append(t)
    return out

# ---------------------------------------------------------------------------------------------
# Whose turn it is, and who may act in it
# ---------------------------------------------------------------------------------------------

def side_to_act(s: DisState) -> str | None:
    if s.result is not None:
        return None
    if s.phase == "briefing":
        for side in s.sides:
            if not s.platoons[side].briefed:
                return side
        return None
    seg = s.segment
    return seg[1] if seg else None


def team_or_refusal(s: DisState, team_id: str) -> Team | str:
    team = s.teams.get(team_id)
    if team is None:
        return f"there is no team '{team_id}'"
    if not team.on_board:
        return f"{team.name} is no longer on the board"
    return team


def acting_team(s: DisState, team_id: str, step: str) -> Team | str:
    """The team, if it may act in the current segment's ``step``; else the refusal."""
    team = team_or_refusal(s, team_id)
    if isinstance(team, str):
        return team
    if s.phase != "action" or s.segment is None or s.segment[0] == "init":
        return "teams act only in the action phase"
    seg = s.segment
    if team.side != seg[1]:
        return f"it is {s.platoons[seg[1]].name}'s segment, not {s.platoons[team.side].name}'s"
    if team.id not in [t.id for t in segment_teams(s, seg)]:
        return f"{team.name} does not act in this segment ({segment_name(s, seg)})"
    if seg[2] != step:
        return f"this is the {'movement' if seg[2] == 'move' else 'battlefield action'} step, not the " \
               f"{'movement' if step == 'move' else 'battlefield action'} step (Rule 11)"
    if team.frozen_turn == s.turn:
        return f"{team.name} is frozen by panic this turn (Rule 8)"
    return team

def segment_name(s: DisState, seg: Segment) -> str:
    g = {"co": "COs", "g1": "Group 1", "g2": "Group 2", "init": "Initiative"}[seg[0]]
    step = {"move": "movement", "ba": "battlefield actions", "resolve": "Resolve"}[seg[2]]
    return f"{g} - {s.platoons[seg[1]].name} {step}"

def free_officer(s: DisState, team: Team) -> Unit | None:
    for u in team.living:
        if u.klass == "officer" and not u.acted:
            return u
    return None

