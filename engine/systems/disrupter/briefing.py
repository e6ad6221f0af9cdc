"""Who may order what at Disrupter's intelligence briefing (Rule 10), one order type at a time: the reason each is
refused (``check_*``) and every order of that type legal now (``offer_*``). Each side in turn places its rally
points, teaches its NCOs code words, deploys its teams and writes each squad's first order, then ends its
briefing. :mod:`.rulebook` registers them beside each type's resolution (:mod:`.orders`)."""

from __future__ import annotations

from . import commands as C
from .board import BATTLE_OVER, MAX_CODE_WORDS, MAX_RALLY_POINTS, hex_words, passable, row_of, side_to_act
from .sentences import check_order, order_choices
from .state import DisState, Squad


def _briefing_turn(s: DisState, side: str) -> str | None:
    """Rule 10: briefing orders are written while the briefing lasts, by the side whose briefing it is."""
    if s.result is not None:
        return BATTLE_OVER
    who = side_to_act(s)
    if s.phase != "briefing" or who is None:
        return "the intelligence briefing is over (Rule 10)"
    if side not in s.platoons:
        return f"there is no side '{side}'"
    if side != who:
        return f"{s.platoons[who].name} is at its briefing now; wait for your turn"
    return None


def _briefing_side(s: DisState) -> str | None:
    """The side at its briefing now, if the briefing is on."""
    return side_to_act(s) if s.result is None and s.phase == "briefing" else None


# -- the orders of the briefing -----------------------------------------------------------------------------------

def check_place_rally_point(s: DisState, cmd: C.PlaceRallyPoint) -> str | None:
    why = _briefing_turn(s, cmd.side)
    if why:
        return why
    p = s.platoons[cmd.side]
    if len(p.rally_points) >= MAX_RALLY_POINTS:
        return f"a platoon places at most {MAX_RALLY_POINTS} rally points (this game's limit)"
    if cmd.at not in s.tables.board or not passable(s, cmd.at):
        return "a rally point must be a passable hex on the board"
    if cmd.at in p.rally_points:
        return "there is already a rally point there"
    return None


def offer_place_rally_point(s: DisState) -> list[C.PlaceRallyPoint]:
    side = _briefing_side(s)
    if side is None or len(s.platoons[side].rally_points) >= MAX_RALLY_POINTS:
        return []
    return [c for c in (C.PlaceRallyPoint(side, h) for h in s.tables.board) if check_place_rally_point(s, c) is None]


def _briefing_squad(s: DisState, side: str, squad: str) -> Squad | str:
    why = _briefing_turn(s, side)
    if why:
        return why
    sq = s.squads.get(squad)
    if sq is None or sq.side != side:
        return f"'{squad}' is not a squad of this platoon"
    return sq


def check_define_code_word(s: DisState, cmd: C.DefineCodeWord) -> str | None:
    sq = _briefing_squad(s, cmd.side, cmd.squad)
    if isinstance(sq, str):
        return sq
    if sq.hq:
        return "code words are made for the NCOs' squads (Rule 10)"
    if cmd.word not in s.tables.code_words:
        return f"'{cmd.word}' is not on the list of code words: {', '.join(s.tables.code_words)}"
    if cmd.word in sq.code_words:
        return f"{sq.name} already has the code word {cmd.word}"
    if len(sq.code_words) >= MAX_CODE_WORDS:
        return f"an NCO has at most {MAX_CODE_WORDS} code words (Rule 10)"
    return check_order(s, cmd.side, cmd.verb, cmd.place, cmd.fire)


def offer_define_code_word(s: DisState) -> list[C.DefineCodeWord]:
    side = _briefing_side(s)
    if side is None:
        return []
    orders = order_choices(s, side)
    out = []
    for q in s.tables.squads:
        sq = s.squads[q.id]
        if q.side != side or sq.hq or len(sq.code_words) >= MAX_CODE_WORDS:
            continue
        for w in s.tables.code_words:
            if w not in sq.code_words:
                out += [C.DefineCodeWord(side, sq.id, w, o.verb, o.place, o.fire) for o in orders]
    return [c for c in out if check_define_code_word(s, c) is None]


def check_deploy(s: DisState, cmd: C.Deploy) -> str | None:
    why = _briefing_turn(s, cmd.side)
    if why:
        return why
    team = s.teams.get(cmd.team)
    if team is None or team.side != cmd.side:
        return f"'{cmd.team}' is not a team of this platoon"
    if team.deployed:
        return f"{team.name} has already been placed (once per team)"
    if cmd.at not in s.tables.board or row_of(cmd.at) not in s.tables.side(cmd.side).zone:
        return "teams deploy inside their own deployment zone (Rule 10)"
    if not passable(s, cmd.at):
        return f"{hex_words(cmd.at)} is impassable"
    other = s.team_at(cmd.at)
    if other is not None and other.id != team.id:
        return f"{other.name} already stands there (Rule 14: one team per hex)"
    if cmd.at == team.pos:
        return f"{team.name} already stands there"
    return None


def offer_deploy(s: DisState) -> list[C.Deploy]:
    side = _briefing_side(s)
    if side is None:
        return []
    zone = s.tables.side(side).zone
    out = [C.Deploy(side, team.id, h) for team in sorted(s.side_teams(side), key=lambda t: t.id)
           if not team.deployed for h in s.tables.board if row_of(h) in zone]
    return [c for c in out if check_deploy(s, c) is None]


def check_set_orders(s: DisState, cmd: C.SetOrders) -> str | None:
    sq = _briefing_squad(s, cmd.side, cmd.squad)
    if isinstance(sq, str):
        return sq
    if sq.orders_set:
        return f"{sq.name} already has its initial orders"
    return check_order(s, cmd.side, cmd.verb, cmd.place, cmd.fire)


def offer_set_orders(s: DisState) -> list[C.SetOrders]:
    side = _briefing_side(s)
    if side is None:
        return []
    orders = order_choices(s, side)
    out = [C.SetOrders(side, q.id, o.verb, o.place, o.fire) for q in s.tables.squads
           if q.side == side and not s.squads[q.id].orders_set for o in orders]
    return [c for c in out if check_set_orders(s, c) is None]


def check_end_briefing(s: DisState, cmd: C.EndBriefing) -> str | None:
    return _briefing_turn(s, cmd.side)


def offer_end_briefing(s: DisState) -> list[C.EndBriefing]:
    side = _briefing_side(s)
    return [C.EndBriefing(side)] if side is not None else []
