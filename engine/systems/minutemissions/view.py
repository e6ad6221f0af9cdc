"""What a 30 Minute Missions player sees: map pieces with facing, AP pool, phase and section damage, the
activation pane, and how the order editor files each order type (:mod:`.rulebook` registers those with their
types). The odds of orders are in :mod:`.previews`."""

from __future__ import annotations

from collections.abc import Callable

from hexfront.engine.core.hexes import DIRECTION_NAMES, Hex
from hexfront.engine.core.view import ActivationView, BattleSummary, BoardView, OrderParts, Piece, SideInfo, TerrainKey

from . import combat as K
from . import commands as C
from . import rules
from .data import SECTION_NAMES, Weapon
from .describe import Describer, UnitAction, battle_ended, elev_text, where
from .events import BattleEnded
from .schema import SECTIONS
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
    legend = [TerrainKey(t.glyph, t.name, t.effect or "no effect")
              for tid, t in tables.terrain.items() if tid in present]
    if tables.mission.objectives:
        for h in tables.mission.objectives:
            terrain[h] = OBJECTIVE_GLYPH  # drawn over its ground: in a hold mission it is what matters
        legend.append(TerrainKey(OBJECTIVE_GLYPH, "Objective", "the hexes to hold: "
                                 + ", ".join(where(h) for h in tables.mission.objectives)))
    pieces = [piece(st, u) for u in st.units.values() if u.on_board]
    for d in st.drones.values():
        if d.active:
            dt = tables.drones[d.type]
            pieces.append(Piece(id=d.id, side=d.side, glyph=dt.glyph, name=dt.name, at=d.at,
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


def _plain() -> Weapon:
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
    return Piece(id=u.id, side=u.side, glyph=d.glyph, name=u.name, at=u.at, facing=u.facing,
                 marks=marks, state=", ".join(state), details=tuple(details))


def activation(st: MissionState) -> ActivationView:
    desc = Describer(st)
    acted = frozenset(st.acted)
    if st.result is not None:
        return ActivationView(now=battle_ended(st, BattleEnded(winner=st.result[0], reason=st.result[1])), acted=acted)
    if st.stage == DEPLOY:
        left = len(rules.unplaced(st, st.active)) if st.active else 0
        return ActivationView(now=f"Deployment: {desc.side(st.active)} places a unit ({left} left to place)",
                              lines=tuple(f"{desc.side(s)}: {len(rules.unplaced(st, s))} to place"
                                          for s in st.sides if s != st.active))
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
        yet = [u.id for u in rules.unacted(st, s)]
        lines.append(f"{desc.side(s)} yet to act: {', '.join(yet) or 'none'}")
    if st.tables.mission.goal == "hold":
        lines.append("Score: " + ", ".join(f"{desc.side(s)} {st.scores[s]}" for s in st.sides))
    return ActivationView(now=now, lines=tuple(lines), acted=acted, waiting=waiting)


# -- how the order editor files each order type (piece, action, target hex) ----------------------------------

def parts_place(st: MissionState, cmd: C.Place) -> OrderParts:
    """The unit is not on the map yet, so it cannot be picked there: the deployment orders are listed by unit
    at the top of the order editor, then the hex is chosen on the map."""
    u = st.units[cmd.unit]
    return OrderParts(None, f"Deploy {st.tables.designs[u.design].name} [{u.id}]", cmd.to, where(cmd.to))


def parts_activate(st: MissionState, cmd: C.Activate) -> OrderParts:
    return OrderParts(cmd.unit, "Activate")


def parts_move(st: MissionState, cmd: C.Move) -> OrderParts:
    return OrderParts(cmd.unit, "Move", cmd.to, f"step to {where(cmd.to)}")


def parts_turn(st: MissionState, cmd: C.Turn) -> OrderParts:
    u = st.units[cmd.unit]
    return OrderParts(u.id, "Turn", u.at.neighbour(cmd.facing) if u.at else None, f"face {DIRECTION_NAMES[cmd.facing]}")


def parts_thrust(st: MissionState, cmd: C.Thrust) -> OrderParts:
    u = st.units[cmd.unit]
    path, _ = rules.thrust_path(st, u, cmd.direction, cmd.distance)
    land = path[-1] if path else u.at
    return OrderParts(u.id, "Thrust", land, f"{DIRECTION_NAMES[cmd.direction]} {cmd.distance}")


def parts_end_phase(st: MissionState, cmd: C.EndPhase) -> OrderParts:
    phase = st.turn.phase if st.turn else ""
    return OrderParts(cmd.unit, f"End {phase} phase")


def parts_end_turn(st: MissionState, cmd: C.EndTurn) -> OrderParts:
    return OrderParts(cmd.unit, "End turn")


def parts_attack(st: MissionState, cmd: C.Attack) -> OrderParts:
    desc = Describer(st)
    pos = rules.target_pos(st, cmd.target)
    return OrderParts(cmd.unit, f"Attack: {desc.weapon(cmd.weapon)}", pos[0] if pos else None,
                      f"{desc.name(cmd.target)} - {desc.area(cmd.area)}")


def parts_launch_drone(st: MissionState, cmd: C.LaunchDrone) -> OrderParts:
    return OrderParts(cmd.unit, "Deploy drone", cmd.to, where(cmd.to))


def parts_reposition(st: MissionState, cmd: C.Reposition) -> OrderParts:
    u = st.units[cmd.unit]
    return OrderParts(u.id, "Reposition drones", u.at.neighbour(cmd.direction) if u.at else None,
                      f"shift {DIRECTION_NAMES[cmd.direction]}")


WeaponAction = C.Swap | C.Retrieve | C.OffensiveStance


def weapon_action(name: str) -> Callable[[MissionState, WeaponAction], OrderParts]:
    """A command action with a weapon (Swap, Retrieve, Offensive stance), filed under its unit by weapon."""

    def parts(st: MissionState, cmd: WeaponAction) -> OrderParts:
        return OrderParts(cmd.unit, name, None, f"{Describer(st).weapon(cmd.weapon)} [{cmd.weapon}]")

    return parts


def unit_action(name: str) -> Callable[[MissionState, UnitAction], OrderParts]:
    """A command action of its unit alone (Get up, Kneel...), filed under its unit."""

    def parts(st: MissionState, cmd: UnitAction) -> OrderParts:
        return OrderParts(cmd.unit, name)

    return parts


def visible_hexes(st: MissionState, piece_id: str) -> frozenset[Hex]:
    """The front arc (field of view) a unit has line of sight into; a drone sees all round."""
    if piece_id in st.units and st.units[piece_id].on_board:
        return K.visible_from(st, st.units[piece_id])
    d = st.drones.get(piece_id)
    if d is not None and d.active:
        return frozenset(h for h in st.tables.mission.board
                         if K.line_of_sight(st, d.hex, d.elev, h, K.top(st, h)))
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
