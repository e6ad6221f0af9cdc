"""Disrupter's tables, read from content/disrupter/ and checked into typed records.

``load_content`` reads every TOML file into one dict (embedded in each save);
``Tables.from_content`` checks it and builds the records the rules read. A
broken or hand-edited table is refused with a one-line ContentError naming
the file and the field, never played wrongly.

Scale (RULES-NOTES): 1 hex = 50 mm = 2 inches; Close/Medium/Long = 1/2/3 hexes.
Every percentage stat is capped at 80 (Rule 6 - Stats): the loader refuses more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from engine.core.content import read_toml, scenario_files, shared_tables, terrain_glyph_problem
from engine.core.errors import ContentError, UnknownScenario
from engine.core.hexes import Hex, offset_to_axial

STAT_CAP = 80
CLASSES = {"officer": 80, "soldier": 60, "bot": 40}  # Rule 9 - Classes: Instinct by class
BANDS = ("Close", "Medium", "Long")  # Rule 5 - Range bands: 1, 2, 3 hexes
SIGHTS = ("clear", "cover", "block")
MOVES = ("open", "ford", "no")
EDGES = ("top", "bottom")
TEAM_RESULTS = ("shaken", "take_cover", "freeze", "fall_back", "rout")
PLATOON_RESULTS = ("stress_1", "stress_2", "jam_code_words", "lose_group_1")
VICTORY_RULES = ("hold",)


@attrs.frozen
class Weapon:
    id: str
    name: str
    wounds: tuple[int, int, int]  # Close, Medium, Long

    @property
    def reach(self) -> int:
        """The longest band (in hexes) with a non-zero Wounds value; 0 if none."""
        last = 0
        for i, w in enumerate(self.wounds):
            if w > 0:
                last = i + 1
        return last

    def wounds_at(self, distance: int) -> int:
        """Wounds at ``distance`` hexes: 0 at distance 0, beyond Long, or where the band reads 0."""
        if not 1 <= distance <= 3:
            return 0
        return self.wounds[distance - 1]


@attrs.frozen
class Kit:
    """An armour (humans) or a bot model: Armor save, Wounds, Movement."""

    id: str
    name: str
    A: int
    W: int
    M: int


@attrs.frozen
class PanicRow:
    low: int
    high: int
    result: str
    text: str


@attrs.frozen
class Terrain:
    id: str
    glyph: str
    name: str
    cover: bool
    sight: str
    move: str


@attrs.frozen
class UnitSpec:
    id: str
    klass: str
    kit: str
    weapon: str


@attrs.frozen
class TeamSpec:
    id: str
    side: str
    key: str
    name: str
    squad: str
    units: tuple[UnitSpec, ...]
    at: Hex


@attrs.frozen
class SquadSpec:
    id: str
    side: str
    name: str
    hq: bool


@attrs.frozen
class SideSpec:
    id: str
    name: str
    edge: str
    zone: tuple[int, ...]  # rows


@attrs.frozen
class Tables:
    title: str
    turn_limit: int
    weapons: dict[str, Weapon]
    armour: dict[str, Kit]
    bots: dict[str, Kit]
    team_panic: tuple[PanicRow, ...]
    platoon_panic: tuple[PanicRow, ...]
    terrain: dict[str, Terrain]
    code_words: tuple[str, ...]
    width: int
    height: int
    board: dict[Hex, str]
    objective: Hex
    landmarks: tuple[Hex, ...]
    victory: str
    sides: tuple[SideSpec, ...]
    squads: tuple[SquadSpec, ...]
    teams: tuple[TeamSpec, ...]
    #: False when the scenario skips the intelligence briefing (``briefing = false``): the battle opens at turn 1
    briefing: bool = True
    #: the first order of each squad the scenario writes: (squad id, verb, place, fire clause)
    first_orders: tuple[tuple[str, str, Hex | None, str], ...] = ()
    sight_cache: dict = attrs.field(factory=dict, eq=False, repr=False)

    @classmethod
    def from_content(cls, content: dict[str, Any]) -> "Tables":
        return shared_tables("Disrupter", content, _build)

    @property
    def side_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sides)

    def side(self, side_id: str) -> SideSpec:
        return next(s for s in self.sides if s.id == side_id)

    def terrain_at(self, h: Hex) -> Terrain | None:
        t = self.board.get(h)
        return self.terrain[t] if t is not None else None

    def kit(self, unit: UnitSpec) -> Kit:
        return self.bots[unit.kit] if unit.klass == "bot" else self.armour[unit.kit]


def _int(value: Any, what: str, low: int = 0, high: int = 10_000) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ContentError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _stat(value: Any, what: str) -> int:
    """A percentage stat: Rule 6 caps every stat at 80."""
    if type(value) is int and value > STAT_CAP:
        raise ContentError(f"{what} is {value}, over the cap of {STAT_CAP} (Rule 6 - Stats)")
    return _int(value, what, 0, STAT_CAP)


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ContentError(f"{what} must be some text, not {value!r}")
    return value


def _hex(value: Any, what: str) -> Hex:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ContentError(f"{what} must be [column, row], not {value!r}")
    return offset_to_axial(value[0], value[1])


def _kits(raw: dict[str, Any], what: str) -> dict[str, Kit]:
    out = {}
    for kid, k in raw.items():
        if not isinstance(k, dict):
            raise ContentError(f"{what} {kid} must be a table")
        out[kid] = Kit(kid, _str(k.get("name"), f"{what} {kid} name"), _stat(k.get("A"), f"{what} {kid} A"),
                       _int(k.get("W"), f"{what} {kid} W", 1, STAT_CAP), _int(k.get("M"), f"{what} {kid} M", 1, 12))
    return out


def _panic(rows: Any, allowed: tuple[str, ...], what: str) -> tuple[PanicRow, ...]:
    if not isinstance(rows, list) or not rows:
        raise ContentError(f"panic.toml needs a [[{what}]] table")
    out = []
    covered: set[int] = set()
    for r in rows:
        low, high = _int(r.get("low"), f"{what} panic low", 1, 20), _int(r.get("high"), f"{what} panic high", 1, 20)
        if r.get("result") not in allowed:
            raise ContentError(f"{what} panic result {r.get('result')!r} is not one of {', '.join(allowed)}")
        span = set(range(low, high + 1))
        if span & covered:
            raise ContentError(f"{what} panic rows overlap at {sorted(span & covered)[0]}")
        covered |= span
        out.append(PanicRow(low, high, r["result"], _str(r.get("text"), f"{what} panic text")))
    if covered != set(range(1, 21)):
        raise ContentError(f"the {what} panic table must cover every d20 result from 1 to 20")
    return tuple(out)


def _units(specs: Any, team_id: str, weapons, armour, bots) -> tuple[UnitSpec, ...]:
    if not isinstance(specs, list) or not 1 <= len(specs) <= 4:
        raise ContentError(f"team {team_id} needs 1 to 4 units (Rule 4: a stand)")
    out = []
    for i, spec in enumerate(specs, start=1):
        parts = spec.split(":") if isinstance(spec, str) else []
        if len(parts) != 3:
            raise ContentError(f"team {team_id}: unit {spec!r} should read 'class:kit:weapon'")
        klass, kit, weapon = parts
        if klass not in CLASSES:
            raise ContentError(f"team {team_id}: class {klass!r} is not officer, soldier or bot")
        if klass == "bot" and kit not in bots:
            raise ContentError(f"team {team_id}: bot model {kit!r} is not in bots.toml")
        if klass != "bot" and kit not in armour:
            raise ContentError(f"team {team_id}: armour {kit!r} is not in armour.toml")
        if weapon not in weapons:
            raise ContentError(f"team {team_id}: weapon {weapon!r} is not in weapons.toml")
        out.append(UnitSpec(f"{team_id}.{i}", klass, kit, weapon))
    return tuple(out)


def _build(content: dict[str, Any]) -> Tables:
    weapons = {}
    for wid, w in content["weapons"].items():
        wounds = w.get("wounds")
        if not (isinstance(wounds, list) and len(wounds) == 3):
            raise ContentError(f"weapon {wid} needs wounds = [Close, Medium, Long]")
        weapons[wid] = Weapon(wid, _str(w.get("name"), f"weapon {wid} name"),
                              tuple(_int(x, f"weapon {wid} wounds", 0, STAT_CAP) for x in wounds))  # type: ignore
        if weapons[wid].reach == 0:
            raise ContentError(f"weapon {wid} reaches no range band")
    armour = _kits(content["armour"], "armour")
    bots = _kits(content["bots"], "bot")
    panic = content["panic"]
    team_panic = _panic(panic.get("team"), TEAM_RESULTS, "team")
    platoon_panic = _panic(panic.get("platoon"), PLATOON_RESULTS, "platoon")
    terrain, by_glyph = {}, {}
    for tid, t in content["terrain"].items():
        if t.get("sight") not in SIGHTS or t.get("move") not in MOVES:
            raise ContentError(f"terrain {tid}: sight must be one of {SIGHTS} and move one of {MOVES}")
        glyph = _str(t.get("glyph"), f"terrain {tid} glyph")
        if len(glyph) != 1 or glyph in by_glyph:
            raise ContentError(f"terrain {tid}: glyph {glyph!r} must be one character used once")
        problem = terrain_glyph_problem(glyph)
        if problem:
            raise ContentError(f"terrain {tid}: glyph {glyph!r} {problem}")
        terrain[tid] = Terrain(tid, glyph, _str(t.get("name"), f"terrain {tid} name"), bool(t.get("cover")),
                               t["sight"], t["move"])
        by_glyph[glyph] = tid
    platoons = content["platoons"]
    words = platoons.get("code_words")
    if not (isinstance(words, list) and words and all(isinstance(w, str) and w for w in words)):
        raise ContentError("platoons.toml needs code_words = [names]")
    scen = content["scenario"]
    rows = str(scen.get("map", "")).strip("\n").split("\n")
    height, width = len(rows), max(len(r) for r in rows)
    if not (4 <= width <= 40 and 4 <= height <= 40):
        raise ContentError("a Disrupter map must be 4 to 40 hexes across")
    board = {}
    for row, line in enumerate(rows):
        for col in range(width):
            glyph = line[col] if col < len(line) else "."
            if glyph not in by_glyph:
                raise ContentError(f"map glyph {glyph!r} at column {col}, row {row} is not in terrain.toml")
            board[offset_to_axial(col, row)] = by_glyph[glyph]
    objective = _hex(scen.get("objective"), "scenario objective")
    if objective not in board:
        raise ContentError("the scenario objective is off the map")
    landmarks = tuple(_hex(v, "scenario landmark") for v in scen.get("landmarks", []))
    if scen.get("victory", "hold") not in VICTORY_RULES:
        raise ContentError(f"scenario victory must be one of {VICTORY_RULES}")
    sides, squads, teams = [], [], []
    first_orders: tuple = ()
    briefing = scen.get("briefing", True)
    if type(briefing) is not bool:
        raise ContentError(f"scenario briefing must be true or false, not {briefing!r}")
    if len(scen.get("sides", [])) != 2:
        raise ContentError("a Disrupter scenario needs exactly two [[sides]]")
    for s in scen["sides"]:
        sid = _str(s.get("id"), "side id")
        if s.get("edge") not in EDGES:
            raise ContentError(f"side {sid}: edge must be top or bottom")
        zone = tuple(_int(r, f"side {sid} zone row", 0, height - 1) for r in s.get("zone", []))
        if not zone:
            raise ContentError(f"side {sid} needs a deployment zone (rows)")
        sides.append(SideSpec(sid, _str(s.get("name"), f"side {sid} name"), s["edge"], zone))
        pid = s.get("platoon")
        p = platoons.get(pid)
        if not isinstance(p, dict):
            raise ContentError(f"side {sid}: platoon {pid!r} is not in platoons.toml")
        deploy = s.get("deploy", {})
        groups = [("hq", "CO's command", True, p.get("hq", []))]
        if not 1 <= len(p.get("squads", [])) <= 4:
            raise ContentError(f"platoon {pid} needs 1 to 4 squads (Rule 9; this game's reading)")
        for sq in p["squads"]:
            groups.append((sq["key"], sq["name"], False, sq.get("teams", [])))
        officers_hq = 0
        for key, name, hq, team_list in groups:
            squad_id = f"{sid}-{key}"
            squads.append(SquadSpec(squad_id, sid, str(name), hq))
            if not hq and not 2 <= len(team_list) <= 4:
                raise ContentError(f"squad {squad_id} needs 2 to 4 teams (Rule 9)")
            officers = 0
            for t in team_list:
                tid = f"{sid}-{t['key']}"
                units = _units(t.get("units"), tid, weapons, armour, bots)
                officers += sum(1 for u in units if u.klass == "officer")
                at = _hex(deploy.get(t["key"]), f"side {sid} deploy position of {t['key']}")
                tt = board.get(at)
                if tt is None or terrain[tt].move == "no":
                    raise ContentError(f"side {sid}: team {t['key']} is deployed on an impassable or missing hex")
                teams.append(TeamSpec(tid, sid, t["key"], str(t.get("name", t["key"])), squad_id, units, at))
            if hq:
                officers_hq = officers
            elif officers != 1:
                raise ContentError(f"squad {squad_id} needs exactly one officer, its NCO (Rule 9)")
        if officers_hq != 1:
            raise ContentError(f"platoon {pid} needs exactly one officer in its hq: the CO (Rule 9)")
        first_orders += _first_orders(s.get("orders", {}), sid, [g[0] for g in groups], board, objective, landmarks)
    spots = [t.at for t in teams]
    if len(set(spots)) != len(spots):
        raise ContentError("two teams are deployed on one hex (Rule 14: one team per hex)")
    return Tables(title=str(scen.get("title", "")), turn_limit=_int(scen.get("turn_limit", 8), "turn_limit", 1, 50),
                  weapons=weapons, armour=armour, bots=bots, team_panic=team_panic, platoon_panic=platoon_panic,
                  terrain=terrain, code_words=tuple(words), width=width, height=height, board=board,
                  objective=objective, landmarks=landmarks, victory=str(scen.get("victory", "hold")),
                  sides=tuple(sides), squads=tuple(squads), teams=tuple(teams), briefing=briefing,
                  first_orders=first_orders)


ORDER_VERBS = ("advance", "hold", "take_cover", "retreat", "halt")  # rally needs rally points: briefing only
ORDER_FIRE = ("fire", "spot", "hold_fire")


def _first_orders(raw: Any, side: str, keys: list[str], board: dict, objective: Hex,
                  landmarks: tuple[Hex, ...]) -> tuple[tuple[str, str, Hex | None, str], ...]:
    """A side's ``[sides.orders]``: squad key ("hq" for the CO's command) = {verb, fire, place}: the orders a
    scenario writes for a battle that skips the briefing (Rule 9 - Giving Orders, Rule 10)."""
    if not isinstance(raw, dict):
        raise ContentError(f"side {side}: orders must be a table of squad key = {{verb, fire, place}}")
    out = []
    for key, o in raw.items():
        if key not in keys:
            raise ContentError(f"side {side}: orders for {key!r}, which is not one of its squads ({', '.join(keys)})")
        if not isinstance(o, dict) or o.get("verb") not in ORDER_VERBS or o.get("fire", "fire") not in ORDER_FIRE:
            raise ContentError(f"side {side}: the order of {key} needs verb = one of {', '.join(ORDER_VERBS)} and "
                               f"fire = one of {', '.join(ORDER_FIRE)}")
        place = _hex(o["place"], f"side {side} order place of {key}") if "place" in o else None
        if (o["verb"] == "advance") != (place is not None):
            raise ContentError(f"side {side}: the order of {key}: an advance names a place, no other order does")
        if place is not None and place != objective and place not in landmarks:
            raise ContentError(f"side {side}: the order of {key} must advance on the objective or a landmark")
        out.append((f"{side}-{key}", o["verb"], place, o.get("fire", "fire")))
    return tuple(out)


def check_scenario_extras(content: dict[str, Any], tables: Tables) -> None:
    """The tables of a scenario file the battle keeps but the rules do not read: ``[script]`` (the dice a
    worked example or tutorial rolls first; every Disrupter die reads 0 to 99 or 1 to 20) and ``[tutorial]``
    (engine.core.tutorial), checked here so a broken one is a one-line ContentError when the scenario loads."""
    from engine.core.tutorial import check_lesson

    check_lesson(content, tables.side_ids, game="Disrupter", dice=(0, 99))


def load_content(folder: Path, scenario: str) -> dict[str, Any]:
    files = scenario_files(folder)
    if scenario not in files:
        raise UnknownScenario(f"Disrupter has no scenario '{scenario}'; choose one of: {', '.join(files)}")
    content = {name: read_toml(folder / f"{name}.toml")
               for name in ("weapons", "armour", "bots", "panic", "platoons", "terrain")}
    content["scenario"] = read_toml(files[scenario])
    check_scenario_extras(content, Tables.from_content(content))
    return content
