"""Geometry, weapons and stats for 30 Minute Missions: pure functions over a MissionState (the dice are in
:mod:`.odds`).

Rule references are the book's section names ("Combat", "Elevations", "Modified Stats & Rolls", ...).
"""

from __future__ import annotations

from math import ceil

import attrs

from hexfront.engine.core.hexes import Hex, hex_distance, in_field_of_view, line_pair

from .data import LEGS, CoreType, Weapon
from .schema import ARMS, MAX_SRM, SECTIONS
from .state import CARRIED, DOWN, HELD, KNEELING, MOUNTED, PRONE, MissionState, Unit, WeaponState

FRIENDS_PER_LEVEL = 2  # Movement Within a Hex: "two friendly Units may occupy the same hex"
DRONE_RADIUS = 2  # Command Actions: Reposition, "a 2 hex radius from the Main Unit"
MAX_DRONES = 3  # Command Actions: Deploy
COMMAND_AP = 2  # Command Actions: "All Command Actions require 2 Action Points"
ARM_NAMES = {"l_arm": "left arm", "r_arm": "right arm"}
LEG_NAMES = {"l_leg": "left leg", "r_leg": "right leg"}
FIELD_OF_VIEW = 60.0  # degrees either side of front centre (Terminology: Field of View)


# ---------------------------------------------------------------------------------------------
# Ground and levels
# ---------------------------------------------------------------------------------------------

def levels(st: MissionState, h: Hex) -> tuple[int, ...]:
    return st.tables.terrain_at(h).levels()


def top(st: MissionState, h: Hex) -> int:
    return st.tables.terrain_at(h).top()


def walk_level(st: MissionState, frm_elev: int, h: Hex) -> int | None:
    """The level a standard step into ``h`` arrives at: the highest of its levels no more than one above
    the mover (this game's reading: a step climbs at most one level). None if every level is higher."""
    fit = [lv for lv in levels(st, h) if lv <= frm_elev + 1]
    return max(fit) if fit else None


def units_at(st: MissionState, h: Hex, elev: int | None = None) -> list[Unit]:
    return [u for u in st.units.values() if u.on_board and u.at == h and (elev is None or u.elev == elev)]


def room_for(st: MissionState, unit: Unit, h: Hex, elev: int) -> str | None:
    """None if ``unit`` may stand at ``h``/``elev``, else why not (Movement Within a Hex)."""
    there = [u for u in units_at(st, h, elev) if u.id != unit.id]
    if any(u.side != unit.side for u in there):
        return "an enemy stands there at that elevation"
    if len(there) >= FRIENDS_PER_LEVEL:
        return "two friendly units already share that hex"
    return None


def step_cost(st: MissionState, h: Hex, elev: int) -> int:
    """Movement points to step into ``h`` arriving at ``elev``: the terrain's cost, 1 on a roof."""
    t = st.tables.terrain_at(h)
    return 1 if (t.roof and elev == t.roof) else t.cost


def front_hexes(unit: Unit) -> list[Hex]:
    """The three hexes a unit may step into: straight ahead and either side of it (Movement Phase)."""
    return [unit.hex.neighbour(unit.facing + d) for d in (0, 1, -1)]


# ---------------------------------------------------------------------------------------------
# Sight, field of view and range
# ---------------------------------------------------------------------------------------------

def in_view(origin: Hex, facing: int, target: Hex) -> bool:
    """Field of View: within the hex lines left and right of front centre (a 120-degree front arc)."""
    return origin == target or in_field_of_view(origin, facing, target, FIELD_OF_VIEW)


def attack_range(a_at: Hex, a_elev: int, t_at: Hex, t_elev: int) -> int:
    """Hexes counted outward from the hex in front (adjacent = 1) plus the difference in elevation
    (Elevations: on -2 against a target 6 hexes away on +1 is 9)."""
    return hex_distance(a_at, t_at) + abs(a_elev - t_elev)


def _line_clear(st: MissionState, path: list[Hex], h_from: float, h_to: float) -> bool:
    n = len(path) - 1
    for i, h in enumerate(path[1:-1], start=1):
        if not st.tables.on_board(h):  # a line may graze the ragged edge of the odd-r board: open air
            continue
        t = st.tables.terrain_at(h)
        sight_line = h_from + (h_to - h_from) * i / n
        if t.top() + t.height >= sight_line:
            return False
    return True


def line_of_sight(st: MissionState, a_at: Hex, a_elev: int, t_at: Hex, t_elev: int) -> bool:
    """Line of Sight, this game's reading: a mech stands one level tall; the sight line runs from the
    shoulder (its elevation + 1) to the same height on the target. A hex between them blocks when its
    ground, roof or woods reach the line. Mechs do not block sight. A line running along hex edges is
    clear if either side of it is."""
    if hex_distance(a_at, t_at) <= 1:
        return True
    plus, minus = line_pair(a_at, t_at)
    ha, hb = a_elev + 1.0, t_elev + 1.0
    return _line_clear(st, plus, ha, hb) or (minus != plus and _line_clear(st, minus, ha, hb))


def visible_from(st: MissionState, unit: Unit) -> frozenset[Hex]:
    """The hexes in ``unit``'s field of view that it has line of sight to (at their top level)."""
    out = set()
    for h in st.tables.mission.board:
        if in_view(unit.hex, unit.facing, h) and line_of_sight(st, unit.hex, unit.elev, h, top(st, h)):
            out.add(h)
    return frozenset(out)


# ---------------------------------------------------------------------------------------------
# Weapons
# ---------------------------------------------------------------------------------------------

def weapon_type(st: MissionState, w: WeaponState) -> Weapon:
    return st.tables.weapons[w.type]


def one_handed_2h(st: MissionState, w: WeaponState) -> bool:
    """A [2H] weapon held in only one hand (Terminology: Two Handed Weapon)."""
    return w.place == HELD and weapon_type(st, w).two_handed and len(w.at) < 2


def usable(st: MissionState, unit: Unit, w: WeaponState) -> str | None:
    """None if ``unit`` can attack with ``w`` now, else why not."""
    if w.holder != unit.id or w.place not in (HELD, MOUNTED):
        return "that weapon is not in hand or mounted"
    if unit.transformed and (w.place == HELD or w.at[0] not in ("head", "torso")):
        return "while transformed the unit has no control of its limbs"
    return None


def flat_damage(st: MissionState, w: WeaponState | None, weapon: Weapon) -> int:
    """The weapon's flat damage; a [2H] weapon held in one hand deals half, rounded up (this game's
    reading of "reduced by .5")."""
    if w is not None and one_handed_2h(st, w):
        return ceil(weapon.damage / 2)
    return weapon.damage


def critical_bonus(damage: int) -> int:
    """Critical Hit: half the flat damage, rounded up, added on."""
    return ceil(damage / 2)


def shield_of(st: MissionState, unit: Unit) -> WeaponState | None:
    """The held shield or [2H] weapon that Defensive Stance puts in the way."""
    for w in st.weapons_of(unit.id):
        if w.place == HELD and (weapon_type(st, w).kind == "shield" or weapon_type(st, w).two_handed):
            return w
    return None


def free_arms(st: MissionState, unit: Unit) -> list[str]:
    held = {a for w in st.weapons_of(unit.id) if w.place == HELD for a in w.at}
    return [a for a in ARMS if unit.sections[a] > 0 and a not in held]


def primary_weapon(st: MissionState, unit: Unit) -> WeaponState | None:
    """The first usable weapon on its datasheet: what a counter roll strikes back with (Counter Roll)."""
    for w in st.weapons_of(unit.id):
        if usable(st, unit, w) is None and weapon_type(st, w).kind != "shield":
            return w
    return None


# ---------------------------------------------------------------------------------------------
# Stats (Modified Stats & Rolls; S.R.M.)
# ---------------------------------------------------------------------------------------------

@attrs.frozen
class Stat:
    """A modified stat: the target number to roll, and every modifier that made it, named in our words
    with the rule it comes from (these names go on the preview and on the die rolled against it)."""

    base: int
    need: int
    modifiers: tuple[str, ...] = ()


R_STATS = "Modified Stats & Rolls"
R_STATUS = "Status Effects"
R_SRM = "Terminology: S.R.M."


def _modified(stat: str, base: int, bonuses: list[tuple[str, int, str]], reductions: list[tuple[str, int, str]],
              srm: int) -> Stat:
    """Modified Stats & Rolls: "+N to a stat" lowers the target number by N; reductions (status effects)
    raise it, but no more than the S.R.M. allows in all (at most 2). Each entry is (what, how much, the
    rule it comes from)."""
    names = [f"{'+' if v > 0 else ''}{v} to {stat}: {n} ({rule})" for n, v, rule in bonuses if v]
    cut = sum(v for _, v, _ in reductions)
    names += [f"-{v} to {stat}: {n} ({rule})" for n, v, rule in reductions if v]
    cap = min(srm, MAX_SRM)
    if cut > cap:
        names.append(f"S.R.M. caps the reductions to {stat} at {cap} ({R_SRM})")
        cut = cap
    need = base - sum(v for _, v, _ in bonuses) + cut
    return Stat(base, need, tuple(names))


def core(st: MissionState, unit: Unit) -> CoreType:
    return st.tables.core_types[st.tables.designs[unit.design].core]


#: experience points a pilot brings to a battle that make a veteran (campaign.py; this game's reading)
VETERAN = 2
R_VETERAN = "Campaign: veteran pilot (this game's reading)"


def veteran(st: MissionState, unit: Unit) -> list[tuple[str, int, str]]:
    """This game's reading of the book's campaign experience (Weapons): a pilot who brings VETERAN or more
    experience points from earlier battles of a campaign has +1 to Accuracy and to Assault."""
    return [("veteran pilot", 1, R_VETERAN)] if st.tables.unit_spec(unit.id).experience >= VETERAN else []


def accuracy(st: MissionState, unit: Unit, weapon: Weapon) -> Stat:
    c = core(st, unit)
    bonuses = [(weapon.name, weapon.accuracy, R_STATS)] + veteran(st, unit)
    reductions = [("head destroyed", 2, R_STATUS)] if unit.sections["head"] == 0 else []
    return _modified("Accuracy", c.accuracy, bonuses, reductions, c.srm[0])


def assault(st: MissionState, unit: Unit, weapon: Weapon | None) -> Stat:
    c = core(st, unit)
    bonuses = ([(weapon.name, weapon.assault, R_STATS)] if weapon else []) + veteran(st, unit)
    reductions = [(f"{ARM_NAMES[a]} destroyed", 1, R_STATUS) for a in ARMS if unit.sections[a] == 0]
    return _modified("Assault", c.assault, bonuses, reductions, c.srm[1])


def evasion(st: MissionState, unit: Unit) -> Stat:
    c = core(st, unit)
    t = st.tables.terrain_at(unit.hex)
    bonuses: list[tuple[str, int, str]] = []
    reductions: list[tuple[str, int, str]] = []
    in_terrain = not t.roof or unit.elev != t.roof
    where = f"at the foot of a {t.name.lower()}" if t.roof else f"in {t.name.lower()}"
    rule = "Buildings" if t.roof else "Terrain"
    if in_terrain and t.evasion > 0:
        bonuses.append((where, t.evasion, rule))
    if in_terrain and t.evasion < 0:
        reductions.append((where, -t.evasion, rule))
    if unit.transformed:
        alt = st.tables.alt_forms[st.tables.designs[unit.design].alt_form]
        bonuses.append((f"transformed: {alt.name.lower()}", alt.evasion, "Command Actions: Transform"))
    reductions += [(f"{LEG_NAMES[a]} destroyed", 1, R_STATUS) for a in LEGS if unit.sections[a] == 0]
    return _modified("Evasion", c.evasion, bonuses, reductions, c.srm[2])


def counter(st: MissionState, unit: Unit) -> Stat:
    return Stat(core(st, unit).counter, core(st, unit).counter)


def can_evade(unit: Unit) -> str | None:
    """Kneeling, prone and thrown-down units cannot evade (Command Actions: Kneeling, Prone)."""
    if unit.posture in (KNEELING, PRONE, DOWN):
        return f"{unit.posture} units cannot evade"
    return None


def roll_bonus(unit: Unit, kind: str) -> tuple[int, tuple[str, ...]]:
    """"+N to Accuracy Rolls": kneeling +1, prone +3 (Command Actions: Kneeling / Prone Position). The
    names say what the die is shifted by and why."""
    if kind != "accuracy":
        return 0, ()
    if unit.posture == KNEELING:
        return 1, ("+1 to the accuracy roll: kneeling (Command Actions: Kneeling Position)",)
    if unit.posture == PRONE:
        return 3, ("+3 to the accuracy roll: prone (Command Actions: Prone Position)",)
    return 0, ()


def movement_allowance(st: MissionState, unit: Unit) -> int:
    """Standard movement points: the core type's (plus a vehicle form's), halved with a leg destroyed,
    none with both (this game's status effects)."""
    mp = core(st, unit).movement
    if unit.transformed:
        mp += st.tables.alt_forms[st.tables.designs[unit.design].alt_form].movement
    lost = sum(1 for a in LEGS if unit.sections[a] == 0)
    if lost == 1 and not unit.transformed:
        mp //= 2
    elif lost == 2 and not unit.transformed:
        mp = 0
    return mp


def max_sections(st: MissionState, unit: Unit) -> dict[str, int]:
    d = st.tables.designs[unit.design]
    base = st.tables.core_types[d.core].sections
    return {s: base[s] + d.armour.get(s, 0) for s in SECTIONS}


def carried_count(st: MissionState, unit: Unit) -> int:
    return sum(1 for w in st.weapons_of(unit.id) if w.place == CARRIED)
