"""Disrupter's orders as sentences (Rule 9 - Giving Orders, Rule 10 - code words): the places a sentence may
name, every sentence a platoon may write, the reason one is refused, and what a code word stands for."""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex, hex_distance

from .state import DEFAULT_WORDS, FIRE_CLAUSES, PLACE_VERBS, VERBS, DisState, Order, Squad


def order_places(s: DisState, side: str) -> list[Hex]:
    """The places an order may name: the objective, the scenario's landmarks and the platoon's rally points."""
    out = [s.tables.objective]
    for h in list(s.tables.landmarks) + list(s.platoons[side].rally_points):
        if h not in out:
            out.append(h)
    return out


def order_choices(s: DisState, side: str) -> list[Order]:
    """Every sentence the platoon of ``side`` may write now: each verb with each place it may name, each fire
    clause."""
    out = []
    rally = list(s.platoons[side].rally_points)
    for fire in FIRE_CLAUSES:
        for place in order_places(s, side):
            out.append(Order("advance", place, fire))
        for place in rally:
            out.append(Order("rally", place, fire))
        for verb in ("hold", "take_cover", "retreat", "halt"):
            out.append(Order(verb, None, fire))
    return out


def check_order(s: DisState, side: str, verb: str, place: Hex | None, fire: str) -> str | None:
    """None if the platoon of ``side`` may write this sentence, else why not (Rule 9 - Giving Orders)."""
    if verb not in VERBS:
        return f"'{verb}' is not an order verb; use one of: {', '.join(VERBS)}"
    if fire not in FIRE_CLAUSES:
        return f"'{fire}' is not a fire clause; use one of: {', '.join(FIRE_CLAUSES)}"
    if verb in PLACE_VERBS:
        if place is None:
            return f"an order to {verb} needs a place"
        if place not in s.tables.board:
            return "that place is off the board"
        if verb == "rally" and place not in s.platoons[side].rally_points:
            return "a rally order must name one of the platoon's rally points"
        if verb == "advance" and place not in order_places(s, side):
            return "an advance must name the objective, a landmark or a rally point"
    elif place is not None:
        return f"an order to {verb} names no place"
    return None

def code_word_targets(s: DisState, side: str, word: str, squad: str | None) -> list[Squad] | str:
    """The squads a code word sent to ``squad`` (None: every squad) reaches, or why it reaches none (Rule 10)."""
    squads = [s.squads[q.id] for q in s.tables.squads if q.side == side and not q.hq]
    if squad is not None:
        sq = s.squads.get(squad)
        if sq is None or sq.side != side or sq.hq:
            return f"'{squad}' is not one of this platoon's squads"
        squads = [sq]
    known = [q for q in squads if word in DEFAULT_WORDS or word in q.code_words]
    if not known:
        return f"no squad addressed knows the code word '{word}' (Rule 10)"
    if word == "Resume":
        known = [q for q in known if q.before_code is not None]
        if not known:
            return "Resume needs a squad whose last order came by code word"
    if word == "Rally" and not s.platoons[side].rally_points:
        return "the platoon placed no rally point at the briefing"
    return known

def code_word_order(s: DisState, sq: Squad, word: str) -> Order:
    """The order a code word stands for: the squad's own, or a default (Rule 10). This game's reading: Halt,
    Rally and Retreat keep the squad's fire clause; Rally goes to the rally point nearest the squad's NCO (or
    first team); Resume restores the order the last code word replaced."""
    fire = sq.order.fire
    if word == "Halt":
        return Order("halt", None, fire)
    if word == "Retreat":
        return Order("retreat", None, fire)
    if word == "Resume":
        assert sq.before_code is not None  # code_word_targets offers Resume only to such a squad
        return sq.before_code
    if word == "Rally":
        teams = s.squad_teams(sq.id)
        anchor = s.nco_team(sq.id) or (teams[0] if teams else None)
        points = s.platoons[sq.side].rally_points
        base = anchor.pos if anchor is not None and anchor.pos is not None else points[0]
        best = min(points, key=lambda h: (hex_distance(h, base), h.q, h.r))
        return Order("rally", best, fire)
    return sq.code_words[word]
