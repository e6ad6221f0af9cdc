"""Who may order what in Disrupter, one order type at a time: the reason each is refused (``check_*``, the words a
player reads) and every order of that type legal now (``offer_*``). :mod:`.rulebook` registers them beside each
type's resolution (:mod:`.orders`).

The briefing's orders are in :mod:`.briefing`. Rule 11 - Turn Structure: once it is over, only the side whose
segment it is gives orders, to the teams of that segment, in its movement step or its battlefield-action step;
the side asked about Resolve answers first.
"""

from __future__ import annotations

from collections.abc import Iterator

from hexfront.engine.core.hexes import hex_distance

from . import commands as C
from .board import (
    BATTLE_OVER,
    CLOSE,
    Segment,
    acting_team,
    check_path,
    co_unit,
    free_officer,
    has_cover,
    hex_words,
    is_bot_team,
    is_led,
    order_of,
    routes,
    sees,
    segment_teams,
    side_to_act,
    team_or_refusal,
)
from .fireplan import firers_for
from .sentences import check_order, code_word_targets, order_choices
from .state import DEFAULT_WORDS, DisState, Team
from .vehicles import check_templates, drives, is_vehicle, no_cover

# -- what every order waits for ----------------------------------------------------------------------------

def _battle_on(s: DisState) -> str | None:
    """Orders of the battle itself wait for the end of the briefing (Rule 10)."""
    if s.result is not None:
        return BATTLE_OVER
    if s.phase == "briefing":
        return "the battle has not begun: finish the intelligence briefing first (Rule 10)"
    return None


def _segment_open(s: DisState) -> str | None:
    """A team's or a CO's order, once the battle is on and no side is still to answer about Resolve."""
    why = _battle_on(s)
    if why:
        return why
    seg = s.segment
    if seg is not None and seg[0] == "init":
        return f"{s.platoons[seg[1]].name} must first choose whether to use Resolve (or pass)"
    return None


def _acting(s: DisState, step: str) -> list[Team]:
    """The teams of the segment now that may act in its ``step`` (not frozen by panic), in id order."""
    seg = s.segment
    if s.result is not None or s.phase != "action" or seg is None or seg[0] == "init" or seg[2] != step:
        return []
    return [t for t in segment_teams(s, seg) if t.frozen_turn != s.turn]


def _free(team: Team) -> bool:
    """Some unit of the team has not used its battlefield action this turn."""
    return any(not u.acted for u in team.living)


# -- Rule 11: Resolve, ending a step, relieving stress ------------------------------------------------------

def check_use_resolve(s: DisState, cmd: C.UseResolve) -> str | None:
    why = _battle_on(s)
    if why:
        return why
    if not s.opt("resolve"):
        return "the optional Resolve rule is not in play in this battle"
    seg = s.segment
    if seg is None or seg[0] != "init" or seg[1] != cmd.side:
        return "Resolve is chosen at the start of the initiative phase, by the side asked"
    return None


def offer_use_resolve(s: DisState) -> list[C.UseResolve]:
    seg = s.segment
    if s.result is not None or s.phase == "briefing" or seg is None or seg[0] != "init":
        return []
    return [C.UseResolve(seg[1])]


def check_end_phase(s: DisState, cmd: C.EndPhase) -> str | None:
    why = _battle_on(s)
    if why:
        return why
    return "it is not your segment" if cmd.side != side_to_act(s) else None


def offer_end_phase(s: DisState) -> list[C.EndPhase]:
    side = side_to_act(s)
    if s.result is not None or s.phase == "briefing" or side is None:
        return []
    return [C.EndPhase(side)]


def check_relieve_stress(s: DisState, cmd: C.RelieveStress) -> str | None:
    why = _segment_open(s)
    if why:
        return why
    seg = s.segment
    if seg is None or cmd.side != side_to_act(s) or seg[0] not in ("co", "g1") or seg[2] != "move":
        return "a CO relieves stress in place of his movement, in his own movement step (Rule 11)"
    if seg[0] == "g1" and not s.opt("cos_in_group_1"):
        return "a CO relieves stress in the COs' segment (Rule 11)"
    if s.opt("no_stress"):
        return "stress is not tracked in this battle ([streamline])"
    co = co_unit(s, cmd.side)
    if co is None:
        return "there is no CO"
    team = s.team_of(co.id)
    if team.moved or co.acted or s.platoons[cmd.side].relieved:
        return "the CO has already acted this turn"
    if team.frozen_turn == s.turn:
        return "the CO's team is frozen by panic this turn"
    if s.platoons[cmd.side].stress <= 0:
        return "the platoon has no stress to relieve"
    return None


def offer_relieve_stress(s: DisState) -> list[C.RelieveStress]:
    seg = s.segment
    if s.result is not None or s.phase != "action" or seg is None:
        return []
    group, side, step = seg
    if step != "move" or group not in ("co", "g1") or (group == "g1" and not s.opt("cos_in_group_1")):
        return []
    cmd = C.RelieveStress(side)
    return [cmd] if check_relieve_stress(s, cmd) is None else []


# -- Rules 13-14: movement actions ----------------------------------------------------------------------------

def _team_in_step(s: DisState, team_id: str, step: str) -> Team | str:
    """The team acting in ``step`` ("move" or "ba") of a segment open to orders, or why there is none."""
    why = _segment_open(s)
    return why if why else acting_team(s, team_id, step)


def _mover(s: DisState, team_id: str) -> Team | str:
    """A team that may still take its movement action in this movement step."""
    team = _team_in_step(s, team_id, "move")
    if isinstance(team, str):
        return team
    if team.moved:
        return f"{team.name} has already taken its movement action this turn"
    return team


def _routed(team: Team) -> str:
    return f"{team.name} is routed: it can only run for its own edge (Rule 8)"


def check_move(s: DisState, cmd: C.Move) -> str | None:
    team = _mover(s, cmd.team)
    if isinstance(team, str):
        return team
    if team.routed:
        return _routed(team)
    if not is_led(s, team):
        return f"{team.name} is not led by an officer: it follows its orders (Rule 9 - Leading)"
    if is_vehicle(s, team):
        return f"{team.name} is a vehicle: it moves by its templates (Drive), not hex by hex (Rule 14)"
    return check_path(s, team, tuple(cmd.path))


def _moves(s: DisState, team: Team) -> Iterator[C.Move]:
    if not team.moved and not team.routed and is_led(s, team) and not is_vehicle(s, team):
        yield from (C.Move(team.id, path) for path in routes(s, team).values())


def offer_move(s: DisState) -> list[C.Move]:
    return [c for team in _acting(s, "move") for c in _moves(s, team)]


def check_drive(s: DisState, cmd: C.Drive) -> str | None:
    """Vehicles (this game's own): a led vehicle drives up to M movement templates (Rule 14: "Vehicles use
    different Movement rules")."""
    team = _mover(s, cmd.team)
    if isinstance(team, str):
        return team
    if not isinstance(cmd.templates, tuple | list) or not all(isinstance(x, str) for x in cmd.templates):
        return "a drive is a list of movement templates (ahead, veer left, ...)"
    if not is_vehicle(s, team):
        return f"{team.name} is not a vehicle: it moves hex by hex (Move)"
    if team.routed:
        return _routed(team)
    if not is_led(s, team):
        return f"{team.name} is not led by an officer: it follows its orders (Rule 9 - Leading)"
    return check_templates(s, team, tuple(cmd.templates))


def _drives(s: DisState, team: Team) -> Iterator[C.Drive]:
    """One drive for each hex and facing the vehicle may end on, by the fewest templates (fewest slides)."""
    if not team.moved and not team.routed and is_led(s, team) and is_vehicle(s, team):
        for _end, templates in sorted(drives(s, team).items(), key=lambda kv: (len(kv[1]), kv[1])):
            yield C.Drive(team.id, templates)


def offer_drive(s: DisState) -> list[C.Drive]:
    return [c for team in _acting(s, "move") for c in _drives(s, team)]


def check_follow_orders(s: DisState, cmd: C.FollowOrders) -> str | None:
    team = _mover(s, cmd.team)
    if isinstance(team, str):
        return team
    if is_bot_team(team) and not team.routed and not is_led(s, team):
        return "unled bots cannot follow orders: they may only retreat or take cover (Rule 9 - Leading)"
    return None


def _follows(s: DisState, team: Team) -> Iterator[C.FollowOrders]:
    if not team.moved and (team.routed or not (is_bot_team(team) and not is_led(s, team))):
        yield C.FollowOrders(team.id)


def offer_follow_orders(s: DisState) -> list[C.FollowOrders]:
    return [c for team in _acting(s, "move") for c in _follows(s, team)]


def check_retreat(s: DisState, cmd: C.Retreat) -> str | None:
    team = _mover(s, cmd.team)
    if isinstance(team, str):
        return team
    if team.routed:
        return _routed(team)
    if not (is_bot_team(team) and not is_led(s, team)):
        return "Retreat is the move of an unled bot team; others retreat by orders or by moving"
    return None


def _retreats(s: DisState, team: Team) -> Iterator[C.Retreat]:
    if not team.moved and not team.routed and is_bot_team(team) and not is_led(s, team):
        yield C.Retreat(team.id)


def offer_retreat(s: DisState) -> list[C.Retreat]:
    return [c for team in _acting(s, "move") for c in _retreats(s, team)]


def _cover_team(s: DisState, team_id: str) -> Team | str:
    """Rule 13: a team takes or leaves cover as its movement action, or as its battlefield action."""
    step = s.segment[2] if s.segment else "move"
    team = _team_in_step(s, team_id, step)
    if isinstance(team, str):
        return team
    if team.routed:
        return f"{team.name} is routed (Rule 8)"
    if step == "move" and team.moved:
        return f"{team.name} has already taken its movement action this turn"
    if step == "ba" and not _free(team):
        return f"{team.name} has already acted this turn"
    return team


def check_take_cover(s: DisState, cmd: C.TakeCover) -> str | None:
    team = _cover_team(s, cmd.team)
    if isinstance(team, str):
        return team
    vehicle = no_cover(s, team)
    if vehicle:
        return vehicle
    if not has_cover(s, team.pos):
        return f"there is no light cover at {hex_words(team.pos)} (Rule 13 - Cover)"
    if team.cover:
        return f"{team.name} is already under cover"
    return None


def check_leave_cover(s: DisState, cmd: C.LeaveCover) -> str | None:
    team = _cover_team(s, cmd.team)
    if isinstance(team, str):
        return team
    if not team.cover:
        return f"{team.name} is not under cover"
    if not is_led(s, team):
        return f"{team.name} is not led: it keeps to its orders (Rule 9 - Leading)"
    return None


def _may_change_cover(team: Team, step: str) -> bool:
    return not team.routed and (not team.moved if step == "move" else _free(team))


def _take_covers(s: DisState, team: Team, step: str) -> Iterator[C.TakeCover]:
    if _may_change_cover(team, step) and has_cover(s, team.pos) and not team.cover and not is_vehicle(s, team):
        yield C.TakeCover(team.id)


def _leave_covers(s: DisState, team: Team, step: str) -> Iterator[C.LeaveCover]:
    if _may_change_cover(team, step) and team.cover and is_led(s, team):
        yield C.LeaveCover(team.id)


def offer_take_cover(s: DisState) -> list[C.TakeCover]:
    return [c for step in ("move", "ba") for team in _acting(s, step) for c in _take_covers(s, team, step)]


def offer_leave_cover(s: DisState) -> list[C.LeaveCover]:
    return [c for step in ("move", "ba") for team in _acting(s, step) for c in _leave_covers(s, team, step)]


# -- Rule 16: battlefield actions ----------------------------------------------------------------------------

def _actor(s: DisState, team_id: str) -> Team | str:
    """A team that may take a battlefield action in this step (routed teams take none, Rule 8)."""
    team = _team_in_step(s, team_id, "ba")
    if isinstance(team, str):
        return team
    if team.routed:
        return f"{team.name} is routed and takes no battlefield actions (Rule 8)"
    return team


def _sight_target(s: DisState, team: Team, target_id: str) -> Team | str:
    """An enemy team in sight that ``team`` may fire at or spot (Rule 12; Rule 9 - Leading for unled bots)."""
    target = team_or_refusal(s, target_id)
    if isinstance(target, str):
        return target
    if target.side == team.side:
        return "that is a friendly team"
    assert team.pos is not None and target.pos is not None  # both on the board
    if not sees(s, team.pos, target.pos, team.side):
        return f"{team.name} has no line of sight to {target.name} (Rule 12)"
    if not is_led(s, team) and is_bot_team(team):
        return "unled bots only fire in self-defence, by reaction fire (Rule 9 - Leading)"
    return target


def check_fire(s: DisState, cmd: C.Fire) -> str | None:
    team = _actor(s, cmd.team)
    if isinstance(team, str):
        return team
    target = _sight_target(s, team, cmd.target)
    if isinstance(target, str):
        return target
    clause = order_of(s, team).fire
    if not is_led(s, team) and clause != "fire":
        return f"{team.name} is not led and its orders say '{clause.replace('_', ' ')}' (Rule 9)"
    if cmd.target_unit is not None and not any(u.id == cmd.target_unit for u in target.living):
        return f"{cmd.target_unit} is not a living unit of {target.name}"
    if not firers_for(s, team, target, False):
        return f"no unit of {team.name} that has not acted has a weapon reaching {target.name}"
    return None


def _in_sight(s: DisState, team: Team) -> Iterator[Team]:
    """The enemy teams a team that may act sees, in id order (none for routed, spent or unled bot teams)."""
    if team.routed or not _free(team) or (is_bot_team(team) and not is_led(s, team)):
        return
    assert team.pos is not None  # acting teams are on the board
    for target in sorted(s.side_teams(s.other(team.side)), key=lambda t: t.id):
        assert target.pos is not None
        if sees(s, team.pos, target.pos, team.side):
            yield target


def _fires(s: DisState, team: Team) -> Iterator[C.Fire]:
    if not (is_led(s, team) or order_of(s, team).fire == "fire"):
        return
    for target in _in_sight(s, team):
        if firers_for(s, team, target, False):
            yield C.Fire(team.id, target.id)
            if len(target.living) > 1:
                yield from (C.Fire(team.id, target.id, u.id) for u in target.living)


def offer_fire(s: DisState) -> list[C.Fire]:
    return [c for team in _acting(s, "ba") for c in _fires(s, team)]


def check_spot(s: DisState, cmd: C.Spot) -> str | None:
    team = _actor(s, cmd.team)
    if isinstance(team, str):
        return team
    target = _sight_target(s, team, cmd.target)
    if isinstance(target, str):
        return target
    if not is_led(s, team) and order_of(s, team).fire != "spot":
        return f"{team.name} is not led and its orders do not say to spot (Rule 9)"
    if target.spotted:
        return f"{target.name} is already spotted"
    if not _free(team):
        return f"{team.name} has already acted this turn"
    return None


def _spots(s: DisState, team: Team) -> Iterator[C.Spot]:
    if not (is_led(s, team) or order_of(s, team).fire == "spot"):
        return
    yield from (C.Spot(team.id, target.id) for target in _in_sight(s, team) if not target.spotted)


def offer_spot(s: DisState) -> list[C.Spot]:
    return [c for team in _acting(s, "ba") for c in _spots(s, team)]


def check_give_orders(s: DisState, cmd: C.GiveOrders) -> str | None:
    team = _actor(s, cmd.team)
    if isinstance(team, str):
        return team
    officer = free_officer(s, team)
    if officer is None:
        return f"{team.name} has no officer free to give orders (Rule 16 - Commanding)"
    sq = s.squads.get(cmd.squad)
    if sq is None or sq.side != team.side:
        return f"'{cmd.squad}' is not a squad of this platoon"
    if officer.id != s.platoons[team.side].co and sq.id != team.squad:
        return "an NCO gives orders only to his own squad (Rule 16 - Commanding)"
    return check_order(s, team.side, cmd.verb, cmd.place, cmd.fire)


def _gives_orders(s: DisState, team: Team) -> Iterator[C.GiveOrders]:
    officer = free_officer(s, team) if not team.routed else None
    if officer is None:
        return
    is_co = officer.id == s.platoons[team.side].co
    orders = order_choices(s, team.side)
    for q in s.tables.squads:
        if q.side == team.side and (is_co or q.id == team.squad):
            yield from (C.GiveOrders(team.id, q.id, o.verb, o.place, o.fire) for o in orders)


def offer_give_orders(s: DisState) -> list[C.GiveOrders]:
    return [c for team in _acting(s, "ba") for c in _gives_orders(s, team)]


def check_code_word(s: DisState, cmd: C.CodeWord) -> str | None:
    team = _actor(s, cmd.team)
    if isinstance(team, str):
        return team
    officer = free_officer(s, team)
    if officer is None or officer.id != s.platoons[team.side].co:
        return "only the CO, with his battlefield action, sends code words (Rule 16 - Commanding)"
    if s.platoons[team.side].jammed_turn == s.turn:
        return "code words are jammed this turn (platoon panic)"
    targets = code_word_targets(s, team.side, cmd.word, cmd.squad)
    return targets if isinstance(targets, str) else None


def _code_words(s: DisState, team: Team) -> Iterator[C.CodeWord]:
    officer = free_officer(s, team) if not team.routed else None
    if officer is None or officer.id != s.platoons[team.side].co or s.platoons[team.side].jammed_turn == s.turn:
        return
    squads = [s.squads[q.id] for q in s.tables.squads if q.side == team.side]
    words = list(DEFAULT_WORDS) + sorted({w for sq in squads for w in sq.code_words})
    for w in words:
        for target in [None] + [sq.id for sq in squads if not sq.hq]:
            if not isinstance(code_word_targets(s, team.side, w, target), str):
                yield C.CodeWord(team.id, w, target)


def offer_code_word(s: DisState) -> list[C.CodeWord]:
    return [c for team in _acting(s, "ba") for c in _code_words(s, team)]


def check_rally(s: DisState, cmd: C.Rally) -> str | None:
    team = _actor(s, cmd.team)
    if isinstance(team, str):
        return team
    if free_officer(s, team) is None:
        return f"{team.name} has no officer free to rally (Rule 16 - Commanding)"
    target = team_or_refusal(s, cmd.target)
    if isinstance(target, str):
        return target
    if target.side != team.side or not target.routed:
        return f"{target.name} is not a routed friendly team"
    assert team.pos is not None and target.pos is not None  # both on the board
    if hex_distance(team.pos, target.pos) > CLOSE:
        return f"{target.name} is not within Close of the officer (Rule 16 - Commanding)"
    return None


def _rallies(s: DisState, team: Team) -> Iterator[C.Rally]:
    if team.routed or free_officer(s, team) is None:
        return
    assert team.pos is not None  # acting teams are on the board
    for other in s.side_teams(team.side):
        assert other.pos is not None
        if other.routed and hex_distance(other.pos, team.pos) <= CLOSE:
            yield C.Rally(team.id, other.id)


def offer_rally(s: DisState) -> list[C.Rally]:
    return [c for team in _acting(s, "ba") for c in _rallies(s, team)]


# -- the segment as a whole -------------------------------------------------------------------------------------

def team_commands(s: DisState, seg: Segment) -> Iterator[object]:
    """Every legal order of the segment ``seg`` (the one now) but EndPhase: the CO's relief, then team by team."""
    assert seg == s.segment
    yield from offer_relieve_stress(s)
    step = seg[2]
    for team in _acting(s, step):
        if step == "move":
            yield from _moves(s, team)
            yield from _drives(s, team)
            yield from _follows(s, team)
            yield from _retreats(s, team)
        else:
            yield from _fires(s, team)
            yield from _spots(s, team)
        yield from _take_covers(s, team, step)
        yield from _leave_covers(s, team, step)
        if step == "ba":
            yield from _gives_orders(s, team)
            yield from _code_words(s, team)
            yield from _rallies(s, team)


def segment_has_orders(s: DisState, seg: Segment) -> bool:
    """Whether ``team_commands(s, seg)`` offers anything: the same answer, found cheaply. A team that has not
    moved always has a move order (follow orders, retreat or a move); a team with a free officer always has
    a written order to give, and one that may take or leave cover has that; only the rest need the sight
    lines their Fire and Spot orders depend on."""
    if offer_relieve_stress(s):
        return True
    teams = _acting(s, seg[2])
    if seg[2] == "move":
        return any(not t.moved for t in teams)
    rest = []
    for team in teams:
        if team.routed or not _free(team):
            continue
        if (free_officer(s, team) is not None or (has_cover(s, team.pos) and not team.cover
                                                  and not is_vehicle(s, team))
                or (team.cover and is_led(s, team))):
            return True
        rest.append(team)
    return any(next(_fires(s, team), None) or next(_spots(s, team), None) for team in rest)


def idle_reason(s: DisState, team_id: str | None) -> str:
    """Why team ``team_id`` (None: any team) has no order now, from the checks that refuse one: the
    briefing, whose segment and step it is, panic, and what the team has done this turn (Rule 11)."""
    if s.result is not None:
        return BATTLE_OVER
    if s.phase == "briefing":
        return "at the intelligence briefing the platoon writes orders; teams act once the battle begins (Rule 10)"
    if team_id is None:
        return "no team acts now: end this step (an order for the whole side) to go on"
    seg = s.segment
    step = seg[2] if seg is not None else "move"
    team = acting_team(s, team_id, step)
    if isinstance(team, str):
        return team
    if step == "move" and team.moved:
        return f"{team.name} has already taken its movement action this turn"
    if step == "ba" and not _free(team):
        return f"{team.name} has already acted this turn"
    if step == "ba":
        return f"{team.name} has no battlefield action open to it now: no enemy team it can see to fire at or spot"
    return f"{team.name} has nothing it may do in this step"
