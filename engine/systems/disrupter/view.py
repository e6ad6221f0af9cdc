"""What a Disrupter player sees: the map, the turn's place, how the order editor files orders, fire odds."""

from __future__ import annotations

from itertools import product
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.core.view import (
    ActivationView,
    BattleSummary,
    BoardView,
    Chance,
    OrderParts,
    OrderPreview,
    Piece,
    SideInfo,
    TerrainKey,
)

from . import commands as C
from . import dice, rules
from . import events as E
from .data import CLASSES
from .describe import Describer, unit_name
from .dice import p_success
from .state import DisState, Team, Unit

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
        side = rules.side_to_act(s)  # None half-way through the order that ends the briefing (a replay's event step)
        who = f" - {s.platoons[side].name}" if side is not None else ""
        return ActivationView(now=f"Intelligence briefing{who}", lines=tuple(lines))
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
        return OrderParts(None, "Pass", None, label)  # "Pass": the TUI's "." key finds it by this name
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


# ---------------------------------------------------------------------------------------------
# Odds before an order is given (Rule 7 - Checks and Saves, Rule 16 - Firing / Spotting / Commanding)
# ---------------------------------------------------------------------------------------------

UNIT_FIRE = "wounds"
UNIT_TEST = "tests passed"
RESULT_NAMES = (dice.CRIT_SUCCESS, dice.SUCCESS, dice.FAILURE, dice.CRIT_FAILURE)


def _wounds(n: int) -> str:
    return "no wounds" if n == 0 else f"{n} wound" if n == 1 else f"{n} wounds"


@attrs.frozen
class FirePlan:
    """A shot worked out before it is rolled, exactly as rules.resolve_fire will roll it: one Instinct check per
    Instinct value among the firers (rolled by the first of them, with his own modifiers), one Armor save per
    Armor value among the units aimed at, and the wounds each firer's weapon deals at this range."""

    checks: tuple[tuple[int, int, float], ...]  # (Instinct, net [+]/[-], chance of success)
    saves: tuple[tuple[int, int, float], ...]  # (Armor, net [+]/[-], chance of success)
    pairs: tuple[tuple[int, int, tuple[int, ...]], ...]  # (Instinct, Armor, each firer's wounds)
    modifiers: tuple[str, ...]
    player_facing: bool

    def rows(self, hits: dict[int, bool], saved: dict[int, bool]) -> list[tuple[bool, bool, int]]:
        """(check succeeded, save succeeded, wounds) per firing group and armour group, as resolve_fire's
        FireResolved rows will read when the checks and saves come out so."""
        out = []
        for i, a, per in self.pairs:
            if self.player_facing:
                wounds = 0 if saved[a] else sum(per)
            elif hits[i] and saved[a]:
                wounds = sum(max(w - 1, 0) for w in per)
            elif hits[i]:
                wounds = sum(per)
            else:
                wounds = 0
            out.append((hits[i], saved[a], wounds))
        return out

    def chances(self) -> list[Chance]:
        """Every way the checks and saves can fall, each with its exact chance (the d100s enumerated by
        dice.odds), merged by outcome name; the value is the wounds inflicted."""
        found: dict[str, list] = {}
        ivals = [i for i, _, _ in self.checks]
        avals = [a for a, _, _ in self.saves]
        pi = {i: p for i, _, p in self.checks}
        pa = {a: p for a, _, p in self.saves}
        for hit_bits in product((True, False), repeat=len(ivals)):
            hits = dict(zip(ivals, hit_bits))
            p_hits = 1.0
            for i, ok in hits.items():
                p_hits *= pi[i] if ok else 1 - pi[i]
            for save_bits in product((True, False), repeat=len(avals)):
                saved = dict(zip(avals, save_bits))
                p = p_hits
                for a, ok in saved.items():
                    p *= pa[a] if ok else 1 - pa[a]
                if p <= 0:
                    continue
                rows = self.rows(hits, saved)
                entry = found.setdefault(fire_label(rows, self.player_facing), [0.0, sum(w for _, _, w in rows)])
                entry[0] += p
        return sorted((Chance(name, p, float(w)) for name, (p, w) in found.items()),
                      key=lambda c: (-c.value, c.outcome))


def fire_label(rows: list[tuple[bool, bool, int]], player_facing: bool) -> str:
    """An outcome's name, from its rows (check succeeded, save succeeded, wounds). One firing group against one
    armour group: the row of Rule 16's table; more groups: the wounds in all, and whether the firers earn [-]
    (some group missed against a successful save)."""
    wounds = sum(w for _, _, w in rows)
    if len(rows) == 1:
        hit, saved, _ = rows[0]
        if player_facing:
            return f"saved: {_wounds(0)}" if saved else f"hit: {_wounds(wounds)}"
        if hit:
            return f"hit, saved: {_wounds(wounds)}" if saved else f"hit: {_wounds(wounds)}"
        return "miss, saved: firer [-] next turn" if saved else "miss: no effect"
    penalty = not player_facing and any(not hit and saved for hit, saved, _ in rows)
    return f"{_wounds(wounds)}, firer [-] next turn" if penalty else _wounds(wounds)


def fire_plan(s: DisState, c: C.Fire) -> FirePlan:
    team, target = s.teams[c.team], s.teams[c.target]
    d = hex_distance(team.pos, target.pos)
    firers = rules.firers_for(s, team, target, False)
    targeted = [s.unit(c.target_unit)] if c.target_unit else list(target.living)
    aims = {f.id: targeted[k % len(targeted)] for k, f in enumerate(firers)}
    facing = s.opt("player_facing")
    # a Fire order is always given by the side whose segment it is: under active_rolls_only the target
    # rolls no save, and it counts as failed (rules.resolve_fire)
    no_saves = s.opt("active_rolls_only") and target.side != team.side
    mods: list[str] = []
    checks = []
    for i in sorted({CLASSES[f.klass] for f in firers}):
        # rolled by the first firer of this Instinct, with that unit's own modifiers (an officer gives the
        # soldiers beside him [+], not himself)
        first = next(f for f in firers if CLASSES[f.klass] == i)
        adv, names = rules.instinct_mods(s, team, first)
        if facing:
            checks.append((i, 0, 1.0))
            continue
        mods += [f"firer I{i}: {m}" for m in dice.die_modifiers(adv, names)]
        checks.append((i, adv, p_success(i, adv)))
    if facing:
        mods.append("no Instinct check: every weapon hits unless saved ([streamline][variant] player_facing)")
    a_adv, a_names = rules.armour_mods(s, target)
    saves = []
    for a in sorted({rules.unit_stats(s, aims[f.id])[1] for f in firers}):
        if no_saves:
            saves.append((a, 0, 0.0))
        else:
            saves.append((a, a_adv, p_success(a, a_adv)))
    if no_saves:
        mods.append("target rolls no save outside its own segment: it counts as failed ([streamline] "
                    "active_rolls_only)")
    else:
        mods += [f"target A: {m}" for m in dice.die_modifiers(a_adv, a_names)]
    pairs = []
    for i, _, _ in checks:
        for a, _, _ in saves:
            group = [f for f in firers if CLASSES[f.klass] == i and rules.unit_stats(s, aims[f.id])[1] == a]
            if group:
                pairs.append((i, a, tuple(1 if s.opt("one_wound_weapons") else
                                          s.tables.weapons[f.weapon].wounds_at(d) for f in group)))
    if s.opt("one_wound_weapons"):
        mods.append("every weapon deals 1 wound ([streamline] one_wound_weapons)")
    return FirePlan(tuple(checks), tuple(saves), tuple(pairs), tuple(mods), facing)


def fire_odds(s: DisState, c: C.Fire) -> tuple[list[Chance], tuple[str, ...], float]:
    """Exact odds of a Fire order (every face of every d100 counted, [+] and [-] as pairs of dice), its named
    modifiers and the expected wounds."""
    plan = fire_plan(s, c)
    chances = plan.chances()
    return chances, plan.modifiers, sum(ch.probability * ch.value for ch in chances)


def _stress_note(s: DisState) -> str:
    if s.opt("no_stress"):
        return "doubles are criticals; stress is not kept in this battle ([streamline] no_stress)"
    return "doubles are criticals: a critical success takes 1 stress off your platoon, a critical failure adds 1"


def checking_unit(s: DisState, c: Any) -> Unit:
    """The unit whose Instinct check a Spot or Rally order rolls, as rules.resolve picks it."""
    team = s.teams[c.team]
    if type(c) is C.Rally:
        return rules._free_officer(s, team)
    return max((u for u in team.living if not u.acted), key=lambda u: (CLASSES[u.klass], u.id))


def preview(s: DisState, c: Any) -> OrderPreview:
    summary = Describer(s).command(c)
    if type(c) is C.Fire and rules.validate(s, c) is None:
        plan = fire_plan(s, c)
        chances = plan.chances()
        expected = sum(ch.probability * ch.value for ch in chances)
        # kept to one short line: the Orders pane shows the note above the modifiers; the criticals' chances
        # and what they do are in each die's teach pause and in the rules (Rule 7 - Doubles are criticals)
        return OrderPreview(summary=summary, modifiers=plan.modifiers, odds=tuple(chances),
                            note=f"expected wounds {expected:.2f}", value_unit=UNIT_FIRE)
    if type(c) in (C.Spot, C.Rally) and rules.validate(s, c) is None:
        team = s.teams[c.team]
        unit = checking_unit(s, c)
        adv, names = rules.instinct_mods(s, team, unit)
        stat = CLASSES[unit.klass]
        if s.opt("auto_spot_rally"):
            return OrderPreview(summary=summary, odds=(Chance(dice.SUCCESS, 1.0, 1.0),), value_unit=UNIT_TEST,
                                modifiers=("no check: it succeeds by itself ([streamline] auto_spot_rally)",),
                                note="no die is rolled")
        o = dice.odds(stat, adv)
        odds = tuple(Chance(k, o[k], 1.0 if k in (dice.CRIT_SUCCESS, dice.SUCCESS) else 0.0)
                     for k in RESULT_NAMES if o[k] > 0)
        return OrderPreview(summary=summary, modifiers=dice.die_modifiers(adv, names), odds=odds,
                            value_unit=UNIT_TEST,
                            note=_stress_note(s))
    return OrderPreview(summary=summary)


def _own_fire(c: C.Fire, events: list[Any]) -> list[E.FireResolved]:
    """The FireResolved events of this order's own shot (not of any reaction fire the rest of the turn brings)."""
    out, inside = [], False
    for e in events:
        if type(e) is E.FireDeclared:
            if inside:
                break
            inside = e.team == c.team and e.target == c.target and not e.reaction
        elif inside and type(e) is E.FireResolved:
            out.append(e)
    return out


def outcome_of(before: DisState, c: Any, events: list[Any]) -> str | None:
    """Which of the preview's outcomes the order had, read from its events alone (the FireResolved rows of its
    shot; the CheckMade of its Spot or Rally check). None for an order with no odds."""
    t = type(c)
    if t is C.Fire:
        rows = _own_fire(c, events)
        if not rows:
            return None
        ok = (dice.CRIT_SUCCESS, dice.SUCCESS)
        return fire_label([(r.check in ok, r.save in ok, r.wounds) for r in rows], before.opt("player_facing"))
    if t in (C.Spot, C.Rally):
        if before.opt("auto_spot_rally"):
            return dice.SUCCESS
        made = next((e for e in events if type(e) is E.CheckMade), None)
        return made.result if made is not None else None
    return None


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


