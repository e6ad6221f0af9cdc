"""Disrupter's vehicles: THIS GAME'S OWN RULES. The book names vehicle pages it does not contain ("Vehicles use
different Movement rules (See Vehicle Rules)", Rule 14; "Vehicles have different LOS rules than Infantry", Rule
12); what it does say holds here: a team may be one vehicle (Rule 9), one team or vehicle to a hex and through
friends (Rule 14), reaction fire after each template (Rule 15), officers may ride one (Rule 9).

This module answers questions about a vehicle and changes nothing: which team is a vehicle, where each movement
template takes it, which template sequences it may drive, and where its orders would take it. The drive itself
(dice and reaction fire) is :func:`combat.drive`; its sight is :func:`board.sees`; its rear armour
:func:`board.armour_mods`.

Facing is a hex direction 0-5 (E, NE, NW, W, SW, SE): +1 turns left, -1 turns right.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import DIRECTION_NAMES, Hex, hex_distance

from .board import edge_distance, has_cover, hex_words, is_ford, vehicle_of
from .data import Vehicle
from .state import DisState, Team

R_VEHICLE = "Vehicles (this game's own)"
R_VEHICLE_MOVE = "Vehicles (this game's own): movement templates"

#: the movement templates, each one step of a vehicle's move (Rule 14: "Vehicle Template for Movement")
TEMPLATES = ("ahead", "veer_left", "veer_right", "reverse", "slide_left", "slide_right", "pivot_left",
             "pivot_right")
#: the templates that need the driver's Instinct check (the book's "Slide Movement Template" uses Instinct)
SLIDES = ("slide_left", "slide_right")
TEMPLATE_WORDS = {
    "ahead": "ahead", "veer_left": "veer left", "veer_right": "veer right", "reverse": "reverse",
    "slide_left": "slide left", "slide_right": "slide right", "pivot_left": "pivot left",
    "pivot_right": "pivot right",
}
#: (turn before moving, direction of the step relative to the new facing or None for no step, turn kept)
_SHAPES = {
    "ahead": (0, 0), "veer_left": (1, 0), "veer_right": (-1, 0), "reverse": (0, 3),
    "slide_left": (0, 1), "slide_right": (0, -1), "pivot_left": (1, None), "pivot_right": (-1, None),
}


def facing_name(facing: int | None) -> str:
    return "-" if facing is None else DIRECTION_NAMES[facing % 6]


def is_vehicle(s: DisState, team: Team) -> bool:
    return vehicle_of(s, team) is not None


def template_step(at: Hex, facing: int, template: str) -> tuple[Hex, int]:
    """Where one template leaves a vehicle at ``at`` facing ``facing``: its hex and facing after it.

    ahead: one hex forward; veer left/right: turn one hex side, then one hex forward; reverse: one hex straight
    back, facing kept; slide left/right: one hex to the front-left/front-right, facing kept; pivot left/right:
    turn one hex side on the spot."""
    turn, step = _SHAPES[template]
    new = (facing + turn) % 6
    if step is None:
        return at, new
    return at.neighbour(new + step), new


def driver(team: Team) -> str:
    """The unit that drives (makes the slide's check): the first living unit aboard (this game's reading)."""
    return team.living[0].id


def _fording(s: DisState, v: Vehicle, h: Hex) -> bool | None:
    """True on a ford the vehicle may cross, False off fords, None on a ford it may not cross."""
    if not is_ford(s, h):
        return False
    return True if v.fords else None


def _entered_refusal(s: DisState, team: Team, v: Vehicle, h: Hex) -> str | None:
    """Why the vehicle may not enter ``h`` on its way (Rule 14: not through enemies; impassable ground)."""
    t = s.tables.terrain_at(h)
    if t is None:
        return "that move leaves the board"
    if t.move == "no":
        return f"{hex_words(h)} is impassable (Rule 14 - Movement)"
    if _fording(s, v, h) is None:
        return f"{v.name} cannot cross the ford at {hex_words(h)} (vehicles.toml: fords)"
    other = s.team_at(h)
    if other is not None and other.id != team.id and other.side != team.side:
        return f"a vehicle cannot move through an enemy team ({hex_words(h)}) (Rule 14 - Movement)"
    return None


def check_templates(s: DisState, team: Team, templates: tuple[str, ...]) -> str | None:
    """None if the vehicle may drive ``templates`` from where it stands, else why not.

    Up to M templates (the vehicle's Movement); a move with a ford on it (its start included) is one template
    (Rule 14: "All Units have Movement 1 when fording"); never through an enemy; ending on a hex no other team
    holds (Rule 14: "Only 1 Team or Vehicle may inhabit a hex")."""
    v = vehicle_of(s, team)
    if v is None:
        return f"{team.name} is not a vehicle"
    if not templates:
        return "a drive needs at least one template"
    bad = next((x for x in templates if x not in TEMPLATES), None)
    if bad is not None:
        return f"{bad!r} is not a movement template ({', '.join(TEMPLATES)})"
    if len(templates) > v.M:
        return f"{team.name} drives at most {v.M} templates a move (vehicles.toml: M)"
    assert team.pos is not None and team.facing is not None  # a vehicle on the board
    at, facing = team.pos, team.facing
    fords = bool(_fording(s, v, at))
    for x in templates:
        at, facing = template_step(at, facing, x)
        if x not in ("pivot_left", "pivot_right"):
            why = _entered_refusal(s, team, v, at)
            if why:
                return why
        fords = fords or bool(_fording(s, v, at))
    if fords and len(templates) > 1:
        return "a vehicle fording a stream drives one template that move (Rule 14 - Movement)"
    other = s.team_at(at)
    if other is not None and other.id != team.id:
        return f"only one team or vehicle may stand in a hex; {hex_words(at)} is taken (Rule 14 - Movement)"
    return None


def drive_path(team: Team, templates: tuple[str, ...]) -> list[tuple[Hex, int]]:
    """The vehicle's hex and facing after each template, if every template goes as planned."""
    assert team.pos is not None and team.facing is not None
    at, facing = team.pos, team.facing
    out = []
    for x in templates:
        at, facing = template_step(at, facing, x)
        out.append((at, facing))
    return out


def drives(s: DisState, team: Team, slides: bool = True) -> dict[tuple[Hex, int], tuple[str, ...]]:
    """Every (hex, facing) the vehicle may end a move on, with the fewest templates that reach it (fewest slides
    among those): the moves a player is offered, one for each end. ``slides`` False: no slide at all (the moves
    the engine makes for a vehicle, which roll no dice)."""
    v = vehicle_of(s, team)
    assert v is not None and team.pos is not None and team.facing is not None
    start = (team.pos, team.facing)
    kinds = TEMPLATES if slides else tuple(x for x in TEMPLATES if x not in SLIDES)
    best: dict[tuple[Hex, int], tuple[str, ...]] = {start: ()}
    frontier = [start]
    budget = 1 if _fording(s, v, team.pos) else v.M
    for depth in range(budget):
        nxt = []
        for at, facing in frontier:
            seq = best[(at, facing)]
            if depth and _fording(s, v, at):
                continue  # a ford ends the move
            for x in kinds:
                h, f = template_step(at, facing, x)
                if (h != at and _entered_refusal(s, team, v, h)) or (depth and _fording(s, v, h)):
                    continue
                key, cand = (h, f), seq + (x,)
                old = best.get(key)
                if old is None:
                    best[key] = cand
                    nxt.append(key)
                elif len(old) == len(cand) and _slides(cand) < _slides(old):
                    best[key] = cand
        frontier = nxt
    out = {}
    for key, seq in best.items():
        other = s.team_at(key[0])
        if seq and (other is None or other.id == team.id):
            out[key] = seq
    return out


def _slides(seq: tuple[str, ...]) -> int:
    return sum(1 for x in seq if x in SLIDES)


def auto_templates(s: DisState, team: Team, verb: str, place: Hex | None) -> tuple[str, ...]:
    """The templates of a move the engine makes for a vehicle (its orders, a retreat, a panic's fall back): its
    full Movement toward the place (advance, rally) or its own edge (retreat), by the fewest templates, with no
    slide. This game's reading: a vehicle told to take cover holds, for a vehicle never takes cover."""
    assert team.pos is not None
    if verb in ("advance", "rally") and place is not None:
        target = place

        def goal(h: Hex) -> int:
            return hex_distance(h, target)
    elif verb == "retreat":
        def goal(h: Hex) -> int:
            return edge_distance(s, team.side, h)
    else:
        return ()
    reach = drives(s, team, slides=False)
    here = goal(team.pos)
    ends = [(goal(h), len(seq), seq) for (h, _f), seq in reach.items() if goal(h) < here]
    if not ends:
        return ()
    return min(ends)[2]


def no_cover(s: DisState, team: Team) -> str | None:
    """Rule 13 speaks of stands: this game's reading is that a vehicle never takes cover."""
    if is_vehicle(s, team):
        return f"{team.name} is a vehicle: vehicles never take cover (Vehicles, this game's own)"
    return None


def may_take_cover(s: DisState, team: Team) -> bool:
    """A stand in a light-cover hex may take cover (Rule 13); a vehicle never does."""
    return not is_vehicle(s, team) and has_cover(s, team.pos)


def templates_words(templates: tuple[str, ...]) -> str:
    return ", ".join(TEMPLATE_WORDS.get(x, x) for x in templates)
