"""What a 30 Minute Missions player sees: map pieces with facing, AP pool, phase and section damage, the
orders filed for the editor, and the exact odds of every order with dice (an attack, Break Grapple, the AP
roll of Activate: every d8 enumerated), each outcome with its worth; ``outcome_of`` reads back from an
order's events which of those outcomes it had."""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import DIRECTION_NAMES
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

from . import combat as K
from . import commands as C
from . import rules
from .data import SECTION_NAMES, SECTIONS
from .describe import Describer, elev_text, where
from .events import BattleEnded, RollJudged, UnitActivated
from .state import CARRIED, DEPLOY, DROPPED, HELD, MOUNTED, MissionState, Unit

CLASSES = ((40, "light"), (55, "medium"))  # Classification by total defence points: this game's own bands
#: an objective hex on the map: a sign no terrain (terrain.toml) and no mech (a letter) uses
OBJECTIVE_GLYPH = "$"
POSTURE_MARK = {"kneeling": "k", "prone": "p", "down": "d"}
MARKS_LEGEND = (
    "letters: each design's own letter",
    "marks: k kneeling, p prone, d thrown",
    "  down, g grappled, digit elevation",
    "facing, right of letter: > E / NE \\ SE",
    "facing, left of letter:  < W \\ NW / SW",
)


def classification(total: int) -> str:
    for limit, name in CLASSES:
        if total <= limit:
            return name
    return "heavy"


def board(st: MissionState) -> BoardView:
    tables = st.tables
    terrain = {h: tables.terrain[tid].glyph for h, tid in tables.mission.board.items()}
    present = set(tables.mission.board.values())
    legend = [TerrainKey(t.glyph, t.name, t.effect or "no effect") for tid, t in tables.terrain.items() if tid in present]
    if tables.mission.objectives:
        for h in tables.mission.objectives:
            terrain[h] = OBJECTIVE_GLYPH  # drawn over its ground: in a hold mission it is what matters
        legend.append(TerrainKey(OBJECTIVE_GLYPH, "Objective", "the hexes to hold: "
                                 + ", ".join(where(h) for h in tables.mission.objectives)))
    pieces = [piece(st, u) for u in st.units.values() if u.on_board]
    for d in st.drones.values():
        if d.active:
            dt = tables.drones[d.type]
            pieces.append(Piece(id=d.id, side=d.side, glyph=dt.glyph, name=f"{dt.name} {d.id}", at=d.at,
                                state=f"drone of {st.units[d.carrier].name}, elevation {elev_text(d.elev)}",
                                details=(f"Frame: {d.dp}/{dt.dp} defence points", f"Evasion {dt.evasion}+, "
                                         f"accuracy {dt.accuracy}+, {tables.weapons[dt.weapon].name}")))
    sides = tuple(SideInfo(s.id, s.name) for s in tables.mission.sides)
    return BoardView(cols=13, rows=16, terrain=terrain, legend=tuple(legend), pieces=tuple(pieces), sides=sides)


def section_line(st: MissionState, u: Unit) -> str:
    full = K.max_sections(st, u)
    return "Sections: " + ", ".join(f"{SECTION_NAMES[s]} {u.sections[s]}/{full[s]}" for s in SECTIONS)


def weapon_lines(st: MissionState, u: Unit) -> list[str]:
    out = []
    for w in st.weapons_of(u.id):
        wt = st.tables.weapons[w.type]
        if w.place == HELD:
            place = "held in " + (" and ".join(SECTION_NAMES[a] for a in w.at))
            if K.one_handed_2h(st, w):
                place += " (one hand: half damage)"
        elif w.place == MOUNTED:
            place = f"mounted on {SECTION_NAMES[w.at[0]]}"
        else:
            place = w.place
        if w.place in (HELD, MOUNTED, CARRIED):
            out.append(f"  {wt.label} [{w.id}] {place}: {wt.damage} dmg, {wt.ap} AP, range {wt.range}, "
                       f"{w.dp}/{wt.dp} DP")
    return out


def stat_line(st: MissionState, u: Unit) -> str:
    acc = K.accuracy(st, u, _plain())
    ass = K.assault(st, u, None)
    eva = K.evasion(st, u)
    return (f"Stats: accuracy {acc.need}+, assault {ass.need}+, evasion {eva.need}+, "
            f"counter {K.counter(st, u).need}+")


def _plain():
    from .data import Weapon
    return Weapon("-", "-", "ranged", 0, 0, 0, 0)


def piece(st: MissionState, u: Unit) -> Piece:
    d = st.tables.designs[u.design]
    c = st.tables.core_types[d.core]
    total = sum(K.max_sections(st, u).values())
    marks = POSTURE_MARK.get(u.posture, "")
    if u.grappled_by:
        marks += "g"
    if not marks and u.elev:
        marks = str(abs(u.elev))
    state = [u.posture, f"elevation {elev_text(u.elev)}", f"facing {DIRECTION_NAMES[u.facing]}"]
    if u.transformed:
        state.append(st.tables.alt_forms[d.alt_form].name.lower())
    if u.stance:
        state.append(f"{u.stance} stance")
    if u.grappled_by:
        state.append(f"grappled by {u.grappled_by}")
    details = [f"{d.name}: {d.role}, {c.name.lower()}, {classification(total)} class ({total} defence points)"]
    t = st.turn
    if t is not None and t.unit == u.id:
        details.append(f"AP pool {t.ap}, {t.phase} phase, movement {rules.mp_left(st)} left"
                       + (" (thrusters used: no combat)" if t.thrusted else ""))
    else:
        acted = "has acted this round" if u.id in st.acted else "waiting to act"
        details.append(f"AP pool rolled when it acts: {c.base_ap} + d8 ({acted})")
    details.append(section_line(st, u))
    details.append(stat_line(st, u))
    details.append("Weapons:")
    details += weapon_lines(st, u)
    if d.thrusters:
        thr = st.tables.thrusters[d.thrusters]
        details.append(f"{thr.name}: up to {thr.range} hexes for {thr.ap} AP")
    if d.drones:
        active = len(rules.active_drones(st, u.id))
        lost = sum(1 for x in st.drones_of(u.id) if x.destroyed)
        details.append(f"Drones: {u.docked} docked, {active} active, {lost} lost")
    if u.stance == "offensive":
        details.append(f"Offensive stance with {st.tables.weapons[st.weapons[u.stance_weapon].type].name}")
    dropped = [w for w in st.weapons.values() if w.place == DROPPED and w.ground == u.at]
    if dropped:
        details.append("On this hex: " + ", ".join(f"{st.tables.weapons[w.type].name} [{w.id}]" for w in dropped))
    return Piece(id=u.id, side=u.side, glyph=d.glyph, name=f"{u.name} ({u.id})", at=u.at, facing=u.facing,
                 marks=marks, state=", ".join(state), details=tuple(details))


def activation(st: MissionState) -> ActivationView:
    desc = Describer(st)
    acted = frozenset(st.acted)
    if st.result is not None:
        return ActivationView(now=desc.event(BattleEnded(winner=st.result[0], reason=st.result[1])), acted=acted)
    if st.stage == DEPLOY:
        left = len(rules.unplaced(st, st.active))
        return ActivationView(now=f"Deployment: {desc.side(st.active)} places a unit ({left} left to place)",
                              lines=tuple(f"{desc.side(s)}: {len(rules.unplaced(st, s))} to place" for s in st.sides))
    waiting = frozenset(u.id for s in st.sides for u in rules.unacted(st, s))
    head = f"Round {st.round}/{st.tables.mission.rounds}"
    if st.turn is None:
        now = f"{head} - {desc.side(st.active)}: choose a unit to act"
        lines = []
    else:
        u = st.units[st.turn.unit]
        t = st.turn
        now = (f"{head} - {desc.side(u.side)}: {u.name} ({u.id}), {t.phase} phase, AP pool {t.ap}, "
               f"movement {rules.mp_left(st)}")
        lines = [section_line(st, u)]
    for s in st.sides:
        left = [u.id for u in rules.unacted(st, s)]
        lines.append(f"{desc.side(s)} yet to act: {', '.join(left) or 'none'}")
    if st.tables.mission.goal == "hold":
        lines.append("Score: " + ", ".join(f"{desc.side(s)} {st.scores[s]}" for s in st.sides))
    return ActivationView(now=now, lines=tuple(lines), acted=acted, waiting=waiting)


def order_parts(st: MissionState, cmd: Any) -> OrderParts:
    desc = Describer(st)
    t = type(cmd)
    if t is C.Place:
        # the unit is not on the map yet, so it cannot be picked there: the deployment orders are listed
        # by unit at the top of the order editor, then the hex is chosen on the map
        u = st.units[cmd.unit]
        return OrderParts(None, f"Deploy {st.tables.designs[u.design].name} [{u.id}]", cmd.to, where(cmd.to))
    if t is C.Activate:
        return OrderParts(cmd.unit, "Activate")
    u = st.units[cmd.unit]
    if t is C.Move:
        return OrderParts(u.id, "Move", cmd.to, f"step to {where(cmd.to)}")
    if t is C.Turn:
        return OrderParts(u.id, "Turn", u.at.neighbour(cmd.facing), f"face {DIRECTION_NAMES[cmd.facing]}")
    if t is C.Thrust:
        path, _ = rules.thrust_path(st, u, cmd.direction, cmd.distance)
        land = path[-1] if path else u.at
        return OrderParts(u.id, "Thrust", land, f"{DIRECTION_NAMES[cmd.direction]} {cmd.distance}")
    if t is C.EndPhase:
        phase = st.turn.phase if st.turn else ""
        return OrderParts(u.id, f"End {phase} phase")
    if t is C.EndTurn:
        return OrderParts(u.id, "End turn")
    if t is C.Attack:
        pos = rules.target_pos(st, cmd.target)
        return OrderParts(u.id, f"Attack: {desc.weapon(cmd.weapon)}", pos[0] if pos else None,
                          f"{desc.name(cmd.target)} - {desc.area(cmd.area)}")
    if t is C.LaunchDrone:
        return OrderParts(u.id, "Deploy drone", cmd.to, where(cmd.to))
    if t is C.Reposition:
        return OrderParts(u.id, "Reposition drones", u.at.neighbour(cmd.direction),
                          f"shift {DIRECTION_NAMES[cmd.direction]}")
    if t in (C.Swap, C.Retrieve, C.OffensiveStance):
        name = {C.Swap: "Swap", C.Retrieve: "Retrieve", C.OffensiveStance: "Offensive stance"}[t]
        return OrderParts(u.id, name, None, f"{desc.weapon(cmd.weapon)} [{cmd.weapon}]")
    name = {C.GetUp: "Get up", C.PressOn: "Press on", C.BreakGrapple: "Break grapple", C.Recall: "Recall drones",
            C.Transform: "Transform", C.Kneel: "Kneel", C.Prone: "Prone",
            C.DefensiveStance: "Defensive stance"}[t]
    return OrderParts(u.id, name)


def _stance_shots(st: MissionState, u: Unit, to: Any, elev: int) -> list[str]:
    """Command Actions, Offensive Stance: the enemies aiming this way that would fire at ``u`` when it
    arrives at ``to`` (they could not reach it where it stands now)."""
    before = rules._stance_watch(st, u)
    if not before:
        return []
    work = st.copy()
    moved = work.units[u.id]
    moved.at, moved.elev = to, elev
    desc = Describer(st)
    return [f"{desc.name(eid)} in offensive stance fires at your torso when you arrive"
            for eid, could in before.items() if not could and rules._stance_can_strike(work, work.units[eid], moved)]


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def preview(st: MissionState, cmd: Any) -> OrderPreview:
    desc = Describer(st)
    summary = desc.command(cmd)
    t = type(cmd)
    if t is C.Attack:
        return attack_preview(st, cmd)
    if t in C.COMMAND_ACTIONS:
        cost = f"{K.COMMAND_AP} AP of {st.turn.ap}"
        if t is C.BreakGrapple:
            stat = K.assault(st, st.units[cmd.unit], None)
            p = float(K.p_success(stat.need))
            return OrderPreview(summary, cost, (f"assault {stat.base}+ on the datasheet",) + stat.modifiers
                                + (f"assault roll needs {stat.need}+",),
                                (Chance(BREAKS_FREE, p, 1.0), Chance(STAYS_HELD, 1 - p, 0.0)),
                                value_unit="tests passed")
        return OrderPreview(summary, cost)
    if t is C.Move:
        u = st.units[cmd.unit]
        elev = K.walk_level(st, u.elev, cmd.to)
        cost = f"{K.step_cost(st, cmd.to, elev)} movement of {rules.mp_left(st)}"
        notes = []
        if u.elev - elev >= 2:
            notes.append(f"a drop of {u.elev - elev} levels: a fall, {3 * (u.elev - elev)} damage to each leg")
        notes += _stance_shots(st, u, cmd.to, elev)
        return OrderPreview(summary, cost, note="; ".join(notes))
    if t is C.Turn:
        cost = "free turn" if not st.turn.free_turn_used else f"1 movement of {rules.mp_left(st)}"
        return OrderPreview(summary, cost)
    if t is C.Thrust:
        u = st.units[cmd.unit]
        spec = st.tables.thrusters[st.tables.designs[u.design].thrusters]
        path, elev = rules.thrust_path(st, u, cmd.direction, cmd.distance)
        note = "no ranged or close combat this turn after thruster movement"
        if len(path) < cmd.distance:
            note = f"an obstacle stops the flight after {len(path)} hexes; " + note
        if path:
            note = "; ".join([note, *_stance_shots(st, u, path[-1], elev)])
        return OrderPreview(summary, f"{spec.ap} AP of {st.turn.ap}", (f"lands at elevation {elev_text(elev)}",),
                            note=note)
    if t is C.Activate:
        u = st.units[cmd.unit]
        base = K.core(st, u).base_ap
        return OrderPreview(summary, "", (f"AP pool: {base} base + d8 (Movement Phase)",),
                            tuple(Chance(ap_label(base + r), 1 / 8, float(base + r)) for r in range(1, 9)),
                            value_unit="action points")
    return OrderPreview(summary)


BREAKS_FREE = "breaks free"
STAYS_HELD = "stays grappled"


def ap_label(ap: int) -> str:
    return f"{ap} AP"


@attrs.frozen
class AttackLabels:
    """The outcome labels of one attack (as the preview shows them) and what each is worth to the attacker,
    in damage points: the damage dealt, or minus the damage a counter roll strikes back with."""

    hit: str
    critical: str
    countered: str
    dmg: int
    crit: int
    counter_dmg: int


MISS = "miss"
EVADED = "evaded"


def attack_labels(st: MissionState, cmd: C.Attack) -> AttackLabels:
    desc = Describer(st)
    u = st.units[cmd.unit]
    weapon, w, drone = rules.weapon_of_attack(st, u.id, cmd.weapon)
    dmg = K.flat_damage(st, w, weapon)
    crit = dmg + K.critical_bonus(dmg)
    area = desc.area(cmd.area)
    tu = st.units.get(cmd.target)
    counter_dmg = 0
    if tu is not None:
        sh = K.shield_of(st, tu) if tu.stance == "defensive" else None
        if sh is not None:
            area = f"{desc.weapon(sh.id)} (defensive stance)"
        pw = K.primary_weapon(st, tu)
        if pw is not None:
            counter_dmg = K.flat_damage(st, pw, st.tables.weapons[pw.type])
    struck = "your drone's frame" if drone is not None else "your torso"
    guard = K.shield_of(st, u) if drone is None and u.stance == "defensive" else None
    if guard is not None:
        struck = f"your {desc.weapon(guard.id)} (defensive stance)"
    return AttackLabels(f"hit: {dmg} to {area}", f"critical hit: {crit} to {area}",
                        f"evaded and countered: {counter_dmg} to {struck}", dmg, crit, counter_dmg)


def attack_preview(st: MissionState, cmd: C.Attack) -> OrderPreview:
    """Exact odds of an attack, every d8 enumerated: the attack roll, the evasion roll (and the counter
    roll after an evasion) and the critical roll, with every modifier named. Each outcome is worth the
    damage it deals to the attacker's side (a counter: minus what comes back)."""
    u = st.units[cmd.unit]
    weapon, w, drone = rules.weapon_of_attack(st, u.id, cmd.weapon)
    kind = "accuracy" if weapon.kind == "ranged" else "assault"
    mods: list[str] = []
    if drone is not None:
        need = st.tables.drones[drone.type].accuracy
        bonus = 0
        mods.append(f"drone accuracy {need}+")
    else:
        stat = K.accuracy(st, u, weapon) if kind == "accuracy" else K.assault(st, u, weapon)
        need = stat.need
        bonus, roll_mods = K.roll_bonus(u, kind)
        mods.append(f"{kind} {stat.base}+ on the datasheet")
        mods += list(stat.modifiers) + list(roll_mods)
        mods.append(f"{kind} roll needs {need}+" + (f" with +{bonus} to the roll" if bonus else ""))
    mods.append("a natural 8 is a perfect roll: it cannot be evaded (Terminology: Perfect Roll)")
    tu = st.units.get(cmd.target)
    td = st.drones.get(cmd.target)
    counter_need = None
    labels = attack_labels(st, cmd)
    if td is not None:
        evade = st.tables.drones[td.type].evasion
        mods.append(f"drone evasion {evade}+")
    else:
        why = K.can_evade(tu)
        if why:
            evade = None
            mods.append(f"no evasion: {why}")
        else:
            es = K.evasion(st, tu)
            evade = es.need
            mods.append(f"target evasion {es.base}+ on the datasheet")
            mods += [f"target: {m}" for m in es.modifiers]
            mods.append(f"evasion roll needs {evade}+")
            pw = K.primary_weapon(st, tu)
            src = rules.target_pos(st, drone.id if drone else u.id)
            if pw is not None:
                pwt = st.tables.weapons[pw.type]
                if K.attack_range(tu.at, tu.elev, src[0], src[1]) <= pwt.range:
                    counter_need = K.counter(st, tu).need
                    mods.append(f"after an evasion, counter roll {counter_need}+ with {pwt.name} for "
                                f"{labels.counter_dmg}")
                else:
                    mods.append(f"no counter: {pwt.name} cannot reach back")
    dmg, crit = labels.dmg, labels.crit
    if w is not None and K.one_handed_2h(st, w):
        mods.append(f"[2H] held in one hand: half damage, {weapon.damage} -> {dmg}")
    mods.append(f"critical roll 8: +{K.critical_bonus(dmg)} damage (half the flat damage, rounded up)")
    if tu is not None and tu.stance == "defensive" and K.shield_of(st, tu) is not None:
        mods.append("defensive stance: the damage goes to the guard")
    if st.turn.phase == "movement" or (st.turn.phase == "ranged" and kind == "assault"):
        mods.append(f"this ends the {st.turn.phase} phase")
    odds = K.attack_odds(need, bonus, evade, counter_need)
    chances = [Chance(MISS, float(odds.miss), 0.0)]
    if evade is not None:
        chances.append(Chance(EVADED, float(odds.evaded - odds.countered), 0.0))
        if counter_need is not None:
            chances.append(Chance(labels.countered, float(odds.countered), float(-labels.counter_dmg)))
    chances.append(Chance(labels.hit, float(odds.hit), float(dmg)))
    chances.append(Chance(labels.critical, float(odds.critical), float(crit)))
    return OrderPreview(Describer(st).command(cmd), f"{weapon.ap} AP of {st.turn.ap}", tuple(mods), tuple(chances),
                        value_unit="damage dealt")


def outcome_of(before: MissionState, cmd: Any, events: list[Any]) -> str | None:
    """Which of the preview's outcomes an order had, read from its events (the judged rolls and the AP
    pool); None for an order without odds. ``before`` is the state the order was given in (read only)."""
    t = type(cmd)
    if t is C.Activate:
        for e in events:
            if type(e) is UnitActivated:
                return ap_label(e.ap)
        return None
    judged = [e for e in events if type(e) is RollJudged]
    if t is C.BreakGrapple:
        roll = next((e for e in judged if e.kind == "break grapple"), None)
        return None if roll is None else BREAKS_FREE if roll.success else STAYS_HELD
    if t is not C.Attack:
        return None
    kinds = {e.kind: e for e in judged}
    first = kinds.get("accuracy") or kinds.get("assault")
    if first is None:
        return None
    if not first.success:
        return MISS
    labels = attack_labels(before, cmd)
    if "evasion" in kinds and kinds["evasion"].success:
        return labels.countered if "counter" in kinds and kinds["counter"].success else EVADED
    crit = kinds.get("critical")
    return labels.critical if crit is not None and crit.success else labels.hit


def visible_hexes(st: MissionState, piece_id: str) -> frozenset:
    """The front arc (field of view) a unit has line of sight into; a drone sees all round."""
    if piece_id in st.units and st.units[piece_id].on_board:
        return K.visible_from(st, st.units[piece_id])
    d = st.drones.get(piece_id)
    if d is not None and d.active:
        return frozenset(h for h in st.tables.mission.board
                         if K.line_of_sight(st, d.at, d.elev, h, K.top(st, h)))
    return frozenset()


def summary(st: MissionState) -> BattleSummary:
    desc = Describer(st)
    casualties = {s: sum(1 for u in st.units.values() if u.side == s and u.destroyed) for s in st.sides}
    lines = []
    if st.tables.mission.goal == "hold":
        lines.append("Objective points: " + ", ".join(f"{desc.side(s)} {st.scores[s]}" for s in st.sides))
    for s in st.sides:
        standing = [u.name for u in st.living(s)]
        lines.append(f"{desc.side(s)} still standing: {', '.join(standing) or 'none'}")
    return BattleSummary(casualties=casualties, turns=st.round, lines=tuple(lines))
