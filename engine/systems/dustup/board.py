"""What a Dustup player sees on the map: each piece (its letter, marks and details), the terrain
with its effects in words, and the counters laid on the map (smoke, fire, mines, target markers...).

A squad is one piece on one hex carrying its figures. A hidden unit is never drawn as itself: it and
every dummy are drawn as the same kind of "?" piece, named by its marker. Nothing here changes a battle.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex, axial_to_offset, hexes_within
from hexfront.engine.core.view import (
    BoardView,
    Piece,
    SideInfo,
    TerrainKey,
)
from hexfront.engine.core.words import plural

from . import ground
from .data import Terrain, Weapon
from .describe import BOX_WORDS, Describer, short_weapon_id, where
from .dice import LEADERSHIP_NAMES, QUALITY_NAMES, die_name, value_name
from .state import (
    ABANDONED,
    COMMAND,
    CONFIDENCE,
    CONFIDENT,
    DETACHMENT,
    DISABLED,
    FACES,
    FIT,
    KILLED,
    SINGLE,
    STABILISED,
    UNTREATED,
    DustState,
    Feature,
    Figure,
    Marker,
    Unit,
)

# ---------------------------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------------------------

KIND_GLYPHS = {"squad": "S", COMMAND: "H", DETACHMENT: "D", SINGLE: "F"}
KIND_WORDS = {"squad": "squad", COMMAND: "headquarters", DETACHMENT: "detachment", SINGLE: "single figure"}
# Armoured Dustup: the letter of a vehicle, mech, monster, aircraft, turret or building. Letters that
# are terrain glyphs on Dustup maps (T woods, B building, w) are avoided, so a piece never reads as terrain.
VEHICLE_GLYPHS = {"vehicle": "V", "mech": "M", "monster": "G", "aircraft": "A", "turret": "U", "building": "O"}
VEHICLE_WORDS = {"vehicle": "vehicle", "mech": "mech", "monster": "monster", "aircraft": "aircraft",
                 "turret": "turret", "building": "building"}
WRECK_GLYPH = "X"  # a destroyed vehicle stays on its hex as a wreck (Indicating Damaged Vehicles)
MARKER_GLYPH = "?"
CONFIDENCE_MARKS = {"steady": "s", "shaken": "k", "broken": "b", "routed": "r"}
AIR_MARKS = {"airborne": "a", "hovering": "h"}
FACING_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")
FACING_SHORT = ("E", "NE", "NW", "W", "SW", "SE")

# The map shows a piece's first mark beside its letter, so the marks are in order of urgency.
# A vehicle with no mark shows its facing there instead (the map legend: > east, < west...).
MARKS_LEGEND = (
    "letters: S squad, H headquarters, D detachment, F single figure, ? hidden unit or dummy",
    "marks: ! panicking, 1-3 suppression markers, s steady, k shaken, b broken, r routed, p propped, "
    "c completely concealed, t travel column",
    "vehicles: V vehicle, M mech, G monster, A aircraft, U turret, O building, X wreck (mark x); "
    "marks: a airborne, h hovering, d damage markers (the count is under the cursor), i immobilised",
    "vehicle facing, shown when it has none of those marks: > E, / NE right or SW left, \\ NW left or SE right, "
    "< W; passengers ride inside (under the cursor: carrying ...)",
    "map counters: & smoke, ^ fire, ` blast area, + fire support target, $ minefield, _ cleared lane, "
    "! IED, ( booby trap, ) command-detonated mine, ' drone, } smoke generator, "
    "0 your dummy target (only in your own view)",
)


def piece_glyph(u: Unit) -> str:
    if u.vehicle:
        return WRECK_GLYPH if u.destroyed else VEHICLE_GLYPHS.get(u.vehicle, "V")
    return KIND_GLYPHS.get(u.kind, "S")


def marker_for(st: DustState, uid: str) -> str | None:
    """The hidden-unit marker over ``uid``, if it is hidden under one."""
    u = st.units.get(uid)
    if u is None or not u.hidden:
        return None
    for m in st.markers.values():
        if m.unit == uid:
            return m.id
    return None


def at(u: Unit) -> Hex:
    """The hex of a unit on the map (one off the table or carried has none: never asked for here)."""
    assert u.pos is not None, f"{u.name} is not on the map"
    return u.pos


def piece_id(st: DustState, uid: str | None) -> str | None:
    """The id of the piece that stands for unit ``uid`` on the map (its marker while it is hidden)."""
    if uid is None:
        return None
    return marker_for(st, uid) or uid


def shown(u: Unit) -> bool:
    return u.on_table


def faces(u: Unit) -> bool:
    """Does the piece have a facing that matters (vehicle armour arcs)? Not a building, nor a turret
    riding on a super-heavy hull."""
    return u.is_vehicle and u.vehicle != "building" and u.hull is None


def wrecked(u: Unit) -> bool:
    """A destroyed vehicle still on its hex: it stays there as a wreck (damaged vehicles give cover)."""
    return u.is_vehicle and u.destroyed and u.pos is not None and not u.off_table


def marks(u: Unit, st: DustState | None = None) -> str:
    if wrecked(u):
        return "x"
    out = ""
    if u.panicked:
        out += "!"
    if u.suppression:
        out += str(min(u.suppression, 9))
    out += AIR_MARKS.get(u.air, "")
    if u.damage:
        out += "d"
    if u.immobilised:
        out += "i"
    if u.is_vehicle and faces(u):
        # the map has one slot beside a letter: a vehicle keeps it for its facing unless one of the
        # marks above must show; confidence and passengers are under the cursor and in its details
        return out
    if u.confidence != CONFIDENT:
        out += CONFIDENCE_MARKS.get(CONFIDENCE[u.confidence], "")
    if u.propped:
        out += "p"
    if u.complete_concealment:
        out += "c"
    if u.travel:
        out += "t"
    return out


def _where_and_how(st: DustState, u: Unit) -> list[str]:
    """Where a piece rides or flies, which way it faces and the damage it has taken (Armoured Dustup)."""
    words = []
    if u.carried_by is not None:
        words.append(f"aboard {st.units[u.carried_by].name}" if u.carried_by in st.units else "aboard")
    if u.hull is not None and u.hull in st.units:
        words.append(f"turret of {st.units[u.hull].name}")
    if u.air and u.air != "grounded":
        words.append(u.air)
    if faces(u):
        words.append(f"facing {FACING_NAMES[u.facing % 6]}")
    if u.damage:
        words.append(plural(u.damage, "damage marker"))
    if u.immobilised:
        words.append("immobilised")
    if u.is_vehicle:
        riders = [p for p in st.passengers(u.id) if p.on_table]
        if riders:
            words.append("carrying " + ", ".join(p.name for p in riders))
    return words


def _morale_and_stance(st: DustState, u: Unit) -> list[str]:
    """A unit's nerve (panic, suppression, confidence), its stance and whether it has acted this turn."""
    flags = ((u.panicked, "panicking"), (u.propped, "propped"), (u.complete_concealment, "completely concealed"),
             (u.travel, "in travel column"), (u.leaderless, "leader down"), (u.activated, "activated this turn"))
    words = [flags[0][1]] if u.panicked else []
    if u.suppression:
        words.append(f"{u.suppression} suppression marker{'s' if u.suppression > 1 else ''}")
    if u.confidence != CONFIDENT:
        words.append(CONFIDENCE[u.confidence])
    words += [text for on, text in flags[1:] if on]
    top = st.active
    if top is not None and top.unit == u.id:
        words.append(f"acting, {top.actions} action{'s' if top.actions != 1 else ''} left")
    return words


def state_words(st: DustState, u: Unit) -> str:
    """A piece's state in words, for its details: a wreck, or where it is, its damage, nerve and stance."""
    if wrecked(u):
        return "destroyed: a wreck"
    return ", ".join(_where_and_how(st, u) + _morale_and_stance(st, u))


def weapon_brief(w: Weapon) -> str:
    """A weapon in a few characters: "assault rifle FP2/D8", "LMG D8/D10" (firepower / impact);
    a heavy weapon with its dice and, where it differs, its impact on armour: "HMG 2D6/D8, AT D10"."""
    if w.support or w.heavy or w.kind == "iavr":
        fire = (str(w.count) if w.count > 1 else "") + die_name(w.die) if w.die else \
            (f"guidance {die_name(w.guidance)}" if w.guidance else "-")
    else:
        fire = f"FP{w.firepower:g}"
    out = f"{short_weapon_id(w.id)} {fire}/{value_name(w.impact)}"
    extra = []
    if w.die_armour and w.die_armour != w.die:
        extra.append(f"{die_name(w.die_armour)} fire")
    if w.impact_armour and w.impact_armour != w.impact:
        extra.append(f"{value_name(w.impact_armour)} impact")
    if extra:
        out += " (on armour " + ", ".join(extra) + ")"
    return out


WEAPON_STATES = {UNTREATED: "disabled", STABILISED: "disabled", DISABLED: "disabled", KILLED: "wrecked",
                 ABANDONED: "left behind"}


def weapon_state(f: Figure, mounted: bool = True) -> str:
    """A vehicle's weapon mount (ready, fired) or a crew's heavy weapon (set up, dismantled), or either
    disabled or wrecked (Moving Heavy Weapons; Hits on Heavy Weapons)."""
    if f.status != FIT:
        return str(WEAPON_STATES.get(f.status, f.status))
    if not f.ready:
        return "dismantled"
    if f.fired:
        return "fired"
    return "ready" if mounted else "set up"


def heavy_weapon_line(st: DustState, u: Unit) -> str | None:
    """Heavy weapons in an infantry unit, or a vehicle's weapon mounts, with their state."""
    t = st.tables
    arms = []
    for f in u.heavy_weapons:
        w = t.weapons.get(f.weapon)
        arms.append(f"{weapon_brief(w) if w else f.weapon} {weapon_state(f, u.is_vehicle)}")
    if not arms:
        return None
    return ("weapons: " if u.is_vehicle else "heavy weapons: ") + ", ".join(arms)


def armour_words(u: Unit) -> str:
    faces = u.armour_faces or ()
    out = "armour " + ", ".join(f"{face} {value_name(v)}" for face, v in zip(FACES, faces, strict=False))
    if u.soft_skin:
        out += " (soft-skinned)"
    if u.open_top:
        out += " (open top)"
    return out


def _going_words(u: Unit) -> str:
    """How a vehicle moves and what holds it back: facing, movement die, flight, damage, immobilised."""
    going = []
    if faces(u):
        going.append(f"facing {FACING_NAMES[u.facing % 6]}")
    if u.vehicle != "building" and u.hull is None:
        going.append(f"move {die_name(u.move_die)}" + (f" {u.mover.replace('_', ' ')}" if u.mover else ""))
    if u.air:
        going.append(u.air + (", VTOL" if u.vtol else "") + (", landed heavily" if u.landed_heavy else ""))
    going.append(plural(u.damage, "damage marker") if u.damage else "no damage")
    if u.damage:
        going[-1] += f" (terrain {u.damage} class{'es' if u.damage > 1 else ''} harder, targets +{u.damage})"
    if u.immobilised:
        going.append("immobilised")
    if u.suppression:
        going.append("suppressed: terrain a class harder, may not assault")
    return "; ".join(going)


def _kit_words(u: Unit) -> str:
    """A vehicle's protective and special kit: ECM, decoys, area protection, smoke, ploughs..."""
    kit = [f"ECM {die_name(u.ecm)}"]
    if u.decoys:
        kit.append(f"decoys {die_name(u.decoys)}" + (" (used this turn)" if u.decoy_used else ""))
    if u.area_protection:
        kit.append(f"area protection x{u.area_protection}")
    if u.stabilisation:
        kit.append(f"{u.stabilisation} stabilisation")
    flags = ((u.slaved, "slaved fire control"), (u.smoke_dischargers, "smoke dischargers"),
             (u.exhaust_smoke, "exhaust smoke"), (u.firing_ports, "firing ports"), (u.plough, "mine plough"))
    kit += [text for on, text in flags if on]
    if u.line_charges:
        kit.append(plural(u.line_charges, "line charge"))
    return ", ".join(kit)


def vehicle_lines(st: DustState, u: Unit) -> list[str]:
    """What is particular to a vehicle, mech, monster, aircraft, turret or building (Armoured Dustup)."""
    lines = [armour_words(u), _going_words(u), _kit_words(u)]
    riders = st.passengers(u.id)
    if u.capacity or riders:
        aboard = [p for p in riders if p.on_table or p.off_table]
        figures = sum(len(p.alive) for p in aboard)
        text = f"carries {figures} of {u.capacity} figures"
        if aboard:
            text += ": " + ", ".join(f"{p.name} [{p.id}] ({len(p.alive)})" for p in aboard)
        lines.append(text)
    if u.towing and u.towing in st.units:
        lines.append(f"towing {st.units[u.towing].name}")
    turrets = [v for v in st.units.values() if v.hull == u.id]
    if turrets:
        lines.append("turrets: " + ", ".join(f"{v.name} [{v.id}]" + (" destroyed" if v.destroyed else "")
                                            for v in turrets))
    return lines


def systems_words(u: Unit) -> list[str]:
    """Electronic warfare, drones and fire-support kit, for any unit that has them."""
    out = []
    if u.ew:
        out.append(f"EW {die_name(u.ew)}" + (f" ({plural(u.ew_chits, 'counter')} left)" if u.ew_chits else ""))
    if u.drones:
        out.append(f"drone {die_name(u.drones)}" + (f" up over {where(u.drone_at)}" if u.drone_at else ""))
    if u.remote is not None:
        out.append(f"remote launcher at {where(u.remote)}")
    if u.fo:
        out.append("forward observer")
    if u.rangefinder > 4:
        out.append(f"rangefinder {die_name(u.rangefinder)}")
    if u.mortar_target is not None:
        out.append(f"mortar mission on {where(u.mortar_target)}")
    if not u.is_vehicle and u.ecm > 4:
        out.append(f"ECM {die_name(u.ecm)}")
    return out


def _heading(st: DustState, u: Unit) -> str:
    """The details' first line: the unit's name, side and what it is."""
    t = st.tables
    if u.is_vehicle:
        vt = t.vehicles.get(u.vtype)
        what = VEHICLE_WORDS.get(u.vehicle, u.vehicle) + (f" ({vt.name})" if vt and vt.name != u.name else "")
        what += f", size {u.size}"
        if wrecked(u):
            what += ", destroyed"
    else:
        what = KIND_WORDS.get(u.kind, u.kind)
    return f"{u.name} [{u.id}], {t.side_names.get(u.side, u.side)}: {what}"


def _troop_lines(st: DustState, u: Unit) -> list[str]:
    """Infantry: its figures fit, hurt, killed and left behind, its kit, and the weapons of its fit figures."""
    t = st.tables
    people = u.people
    present = [f for f in people if f.status != KILLED and f.status != ABANDONED]
    parts = [f"{sum(1 for f in present if f.status == FIT)} fit"]
    for status, word in ((UNTREATED, "wounded untreated"), (STABILISED, "stabilised"), (DISABLED, "in wrecked suits")):
        k = sum(1 for f in present if f.status == status)
        if k:
            parts.append(f"{k} {word}")
    killed = sum(1 for f in people if f.status == KILLED)
    left = sum(1 for f in people if f.status == ABANDONED)
    armour = min((f.armour for f in people), default=4)
    kit = [f"armour {die_name(armour)}" + (" power" if u.power else ""), f"move {die_name(u.move_die)}",
           f"sensor {die_name(u.sensor)}" + (" +night vision" if u.night_vision else "")]
    if u.medic > 6:
        kit.append(f"medic {die_name(u.medic)}")
    lines = [f"{len(present)} figures: {', '.join(parts)}" + (f", {killed} killed" if killed else "")
             + (f", {left} left behind" if left else "") + "; " + ", ".join(kit)]
    counts: dict[str, int] = {}
    for f in people:
        if f.status == FIT:
            counts[f.weapon] = counts.get(f.weapon, 0) + 1
    arms = [f"{k} {weapon_brief(t.weapons[w]) if w in t.weapons else w}" for w, k in counts.items()]
    if u.grenades and u.grenades in t.weapons:
        arms.append(f"grenades {weapon_brief(t.weapons[u.grenades])}")
    if arms:
        lines.append("weapons: " + ", ".join(arms))
    return lines


def _command_words(st: DustState, u: Unit) -> str:
    """Whom the unit answers to, whom it commands, and the unit it was detached from."""
    command = []
    if u.commander:
        command.append(f"under {Describer(st).name(u.commander)}")
    subs = [v.id for v in st.units.values() if v.commander == u.id and v.on_table]
    if subs:
        command.append("commands " + " ".join(subs))
    if u.parent:
        command.append(f"detached from {Describer(st).name(u.parent)}")
    return "; ".join(command)


def details(st: DustState, u: Unit) -> tuple[str, ...]:
    """What the orders pane shows about a unit, a few short lines (the first, its name, is the heading)."""
    conf = CONFIDENCE[u.confidence]
    if u.initial_confidence != u.confidence:
        conf += f" (was {CONFIDENCE[u.initial_confidence]})"
    lines = [_heading(st, u), f"{die_name(u.quality)} {QUALITY_NAMES.get(u.quality, '?')}, leadership "
             f"{u.leadership} {LEADERSHIP_NAMES.get(u.leadership, '?')}, {conf}"]
    lines += vehicle_lines(st, u) if u.is_vehicle else _troop_lines(st, u)
    hurt = [f"{f.id} {f.status}" for f in u.people if f.status not in (FIT, KILLED)]
    more = (heavy_weapon_line(st, u), ", ".join(systems_words(u)), _command_words(st, u), state_words(st, u),
            "casualties: " + ", ".join(hurt) if hurt else "")
    return tuple(lines + [line for line in more if line])


def piece(st: DustState, u: Unit) -> Piece:
    facing = u.facing % 6 if faces(u) and not wrecked(u) else None
    aboard = piece_id(st, u.carried_by) if u.carried_by is not None else u.hull
    return Piece(id=u.id, side=u.side, glyph=piece_glyph(u), name=u.name, at=u.pos, facing=facing,
                 marks=marks(u, st), state=state_words(st, u), details=details(st, u), aboard=aboard)



def marker_piece(st: DustState, m: Marker, viewer: str | None = None) -> Piece:
    """A hidden-unit marker: to the other side (and a shared screen) the same for a hidden unit and for a
    dummy; to its own side (``viewer``) it says which unit is under it, or that it is a dummy. It keeps its
    id either way: the hidden unit's orders are given on its marker (piece_id)."""
    side = st.tables.side_names.get(m.side, m.side)
    if viewer is not None and viewer == m.side:
        unit = st.units.get(m.unit) if m.unit is not None else None
        name = f"{unit.name} (hidden under {m.id})" if unit is not None else f"Dummy marker {m.id}"
        what = ("yours, hidden: the enemy sees only a marker until a detect action (Detect Action)"
                if unit is not None else "yours, a dummy: the enemy cannot tell it from a hidden unit")
        return Piece(id=m.id, side=m.side, glyph=MARKER_GLYPH, name=name, at=m.pos, state="hidden",
                     details=(f"{name}, {side}", what, f"at {where(m.pos)}"))
    name = f"Hidden marker {m.id}"
    return Piece(id=m.id, side=m.side, glyph=MARKER_GLYPH, name=name, at=m.pos, state="hidden",
                 details=(f"{name}, {side}",
                          "a hidden unit, or a dummy: only a detect action tells which (Detect Action)",
                          f"at {where(m.pos)}"))


# ---------------------------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------------------------

MOVE_WORDS = {"clear": "1 point a hex", "poor": "2 points a hex", "difficult": "3 points a hex",
              "impassable": "impassable"}


def terrain_effect(t: Terrain) -> str:
    """The legend's line for a terrain: going, cover, concealment, sight, hiding."""
    going = MOVE_WORDS[t.move]
    if t.power_move != t.move:
        going += f" ({MOVE_WORDS[t.power_move]} in power armour)"
    parts = [going]
    parts.append({"none": "no cover", "soft": "soft cover (armour die +1)",
                  "hard": "hard cover (armour die +2)"}[t.cover])
    if t.conceal != "none":
        parts.append("partial concealment (target die +1)")
    parts.append({0: "clear sight", 1: "obscures sight", 2: "blocks sight"}.get(t.sight, "sight ?"))
    if t.hide:
        parts.append("units may hide here")
    return ", ".join(parts)


# Map counters (state.Feature) drawn in place of the terrain glyph of their hexes. Several on one hex:
# the first kind in FEATURE_ORDER is drawn. None of these glyphs is a Dustup terrain glyph.
# map counters: signs that no terrain (terrain.toml) and no unit (a letter, or ? hidden) uses
FEATURE_GLYPHS = {"target": "+", "blast": "`", "fire": "^", "smoke": "&", "minefield": "$", "cdm": ")",
                  "booby": "(", "ied": "!", "lane": "_", "drone": "'", "smoke_generator": "}"}
DUMMY_TARGET_GLYPH = "0"  # only in the owner's own view (board(st, viewer=owner))
OTHER_FEATURE_GLYPH = '"'
FEATURE_ORDER = ("target", "blast", "fire", "smoke", "minefield", "cdm", "booby", "ied", "lane", "drone",
                 "smoke_generator")
FEATURE_NAMES = {
    "target": ("fire support target marker",
               "rounds are due here; a real marker and a dummy look alike until the impact (Dummy Targets)"),
    "dummy": ("dummy target marker (yours)", "a decoy: no rounds land here; the enemy cannot tell (Dummy Targets)"),
    "blast": ("blast area", "where rounds or bombs landed (Resolving Impacts)"),
    "fire": ("fire", "infantry and soft-skinned vehicles moving near it test armour against a D4 (Fire)"),
    "smoke": ("smoke", "blocks sight into, out of and through it (Smoke)"),
    "minefield": ("minefield counter", "units moving within 3\" (2 hexes) test for mines (Minefields)"),
    "lane": ("cleared lane", "a safe path through a minefield (Mine Clearing)"),
    "ied": ("IED", "an improvised explosive device (Improvised Explosive Devices)"),
    "booby": ("booby trap", "set off by the first unit to enter (Booby Traps)"),
    "cdm": ("command-detonated mine", "fires into its 180-degree arc, 6\" (3 hexes) (Command Detonated Mines)"),
    "drone": ("drone", "a small drone in the air, spotting (Small Portable Drones)"),
    "smoke_generator": ("smoke generator", "a unit at or next to it turns it on for a 6\" (3-hex) trail of smoke "
                        "(Artificial Smoke)"),
}
MINE_TYPES = {"ap": "anti-personnel", "at": "anti-tank", "mixed": "AP and AT", "dummy": "dummy"}
COVERT = ("ied", "booby", "cdm")  # invisible to the enemy until found (Booby Traps; IEDs; CDMs)


def feature_seen(f: Feature, viewer: str | None) -> bool:
    """May ``viewer`` (a side id; None: what both sides may see) see this counter on the map?

    A hidden minefield is an inverted counter everybody sees, its type unknown; hidden IEDs, booby traps
    and command-detonated mines are not seen at all by the enemy until found; target markers are all
    seen, real or dummy (Dummy Targets).
    """
    if not f.hidden or f.side == viewer or f.kind in ("minefield", "target"):
        return True
    return False


def feature_known(f: Feature, viewer: str | None) -> bool:
    """Does ``viewer`` know what the counter really is (a minefield's type, a dummy target)?"""
    if f.side and f.side == viewer:
        return True
    return not f.hidden and f.kind != "target"


def feature_hexes(st: DustState, f: Feature, smoke: frozenset[Hex]) -> list[Hex]:
    """The hexes a counter covers: a blast or fire its radius, smoke its cloud (rules.smoke_hexes)."""
    if f.kind == "smoke":
        return [h for h in [f.pos, *f.pos.neighbours()] if h in smoke] if f.get("radius", 0) else [f.pos]
    radius = f.get("radius", 0) if f.kind in ("blast", "fire") else 0
    radius = radius if isinstance(radius, int) else 0
    return hexes_within(f.pos, radius) if radius else [f.pos]


def feature_glyph(f: Feature, viewer: str | None) -> str:
    if f.kind == "target" and f.get("dummy") and feature_known(f, viewer):
        return DUMMY_TARGET_GLYPH
    return FEATURE_GLYPHS.get(f.kind, OTHER_FEATURE_GLYPH)


def feature_words(st: DustState, f: Feature, viewer: str | None) -> str:
    """One counter in a few words for the legend: "AP minefield at (12,8)", "counter at (9,8)"."""
    owner = st.tables.side_names.get(f.side, "")
    at = where(f.pos)
    if f.kind == "minefield":
        kind = f.get("type", "")
        if feature_known(f, viewer):
            return f"{owner} {MINE_TYPES.get(kind, kind)} at {at}".strip()
        return f"{owner} at {at}, type unknown".strip()
    if f.kind == "target":
        m = st.missions.get(str(f.get("mission", "")))
        if m is None or m.side != f.side:
            m = next((m for m in st.missions.values() if m.side == f.side
                      and (m.target == f.pos or f.pos in m.dummies)), None)
        due = f", due from {BOX_WORDS.get(m.box, 'the chart')}" if m is not None else ""
        return f"{owner} at {at}{due}".strip()
    if f.kind == "blast":
        return f"{at}, radius {f.get('radius', 0)}"
    return f"{owner} at {at}".strip()


def feature_layer(st: DustState, viewer: str | None = None) -> tuple[dict[Hex, str], tuple[TerrainKey, ...]]:
    """The counters ``viewer`` sees: glyph per hex (drawn over the terrain) and one legend line per glyph."""
    if not st.features and not any(u.drone_at for u in st.units.values()):
        return {}, ()
    smoke = ground.smoke_hexes(st)
    rank = {k: i for i, k in enumerate(FEATURE_ORDER)}
    drawn: dict[Hex, tuple[int, str]] = {}
    seen: dict[str, list[str]] = {}
    keys: dict[str, tuple[str, str]] = {}
    # by place, not by the order laid: the order a real target and its dummies were placed in gives nothing away
    features = sorted((f for f in st.features.values() if feature_seen(f, viewer)),
                      key=lambda f: (f.kind, axial_to_offset(f.pos)))
    for f in features:
        glyph = feature_glyph(f, viewer)
        kind = "dummy" if glyph == DUMMY_TARGET_GLYPH else f.kind
        keys.setdefault(glyph, FEATURE_NAMES.get(kind, (f.kind.replace("_", " "), "a counter on the map")))
        seen.setdefault(glyph, []).append(feature_words(st, f, viewer))
        order = rank.get(f.kind, len(rank))
        for h in feature_hexes(st, f, smoke):
            if h in st.tables.board and (h not in drawn or drawn[h][0] > order):
                drawn[h] = (order, glyph)
    for u in st.units.values():  # a small drone up over a hex (Small Portable Drones)
        if u.drone_at is not None and u.drone_at in st.tables.board and u.on_table:
            glyph = FEATURE_GLYPHS["drone"]
            keys.setdefault(glyph, FEATURE_NAMES["drone"])
            seen.setdefault(glyph, []).append(f"{u.name}'s at {where(u.drone_at)}")
            if u.drone_at not in drawn:
                drawn[u.drone_at] = (rank["drone"], glyph)
    legend = []
    for glyph, (name, effect) in keys.items():
        listed = seen.get(glyph, [])
        if glyph in (FEATURE_GLYPHS["smoke"], FEATURE_GLYPHS["fire"], FEATURE_GLYPHS["blast"]):
            listed = []  # the map shows where they are; the line stays short
        more = f"; {', '.join(listed[:4])}" + (f" and {len(listed) - 4} more" if len(listed) > 4 else "") \
            if listed else ""
        legend.append(TerrainKey(glyph, name, effect + more))
    return {h: g for h, (_, g) in drawn.items()}, tuple(legend)


def board(st: DustState, viewer: str | None = None) -> BoardView:
    """The map and its pieces. ``viewer``: the side looking (None: what both sides may see, the shared
    screen); a side sees its own hidden counters and which of its target markers are dummies."""
    t = st.tables
    terrain = {h: t.terrain[tid].glyph for h, tid in t.board.items()}
    present = set(t.board.values())
    legend = tuple(TerrainKey(tr.glyph, tr.name, terrain_effect(tr)) for tid, tr in t.terrain.items()
                   if tid in present)
    over, keys = feature_layer(st, viewer)
    if over:
        terrain.update(over)
        legend += keys
    pieces = []
    wrecks = []
    hidden_under = {m.unit for m in st.markers.values() if m.unit is not None}
    for u in st.units.values():
        if wrecked(u) and u.hull is None:
            wrecks.append(piece(st, u))  # after the living, so a wreck never hides a unit on its hex
            continue
        if not shown(u):
            continue
        if u.hidden and u.id in hidden_under:
            continue  # drawn as its marker
        pieces.append(piece(st, u))
    for m in st.markers.values():
        pieces.append(marker_piece(st, m, viewer))
    sides = tuple(SideInfo(s, t.side_names[s]) for s in t.side_ids)
    return BoardView(cols=t.width, rows=t.height, terrain=terrain, legend=legend, pieces=tuple(pieces + wrecks),
                     sides=sides)
