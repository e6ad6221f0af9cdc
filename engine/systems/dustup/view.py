"""What a Dustup player sees: the map and its pieces, who acts, the orders filed for the editor,
the exact odds of an order before it is given, what a unit sees, and the end of battle.

Fills in the plain records of :mod:`engine.core.view` from a :class:`DustState`.
Nothing here changes a battle.

A squad is one piece on one hex carrying its figures. A hidden unit is never
drawn as itself: it and every dummy are drawn as the same kind of "?" piece,
named by its marker, and a hidden unit's orders are filed under its marker
(so its owner can still give them from the map).

The odds enumerate every face of every die (:mod:`odds`), after the die shifts
the rules would apply; each shift is listed by name in the preview.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, arc_of, axial_to_offset, hex_distance, hexes_within, shortest_path
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
from . import odds, rules
from .data import COMMS_RANGE, SUPPORT_TIERS, Terrain, Weapon
from .describe import BOX_WORDS, REORGANISE, Describer, short_weapon_id, where, words_of
from .dice import LEADERSHIP_NAMES, QUALITY_NAMES, die_name, open_shift, shift, value_die, value_name
from .state import (
    ABANDONED,
    BROKEN,
    COMMAND,
    CONFIDENCE,
    CONFIDENT,
    DETACHMENT,
    DISABLED,
    FACES,
    FIT,
    KILLED,
    ROUTED,
    SHAKEN,
    SINGLE,
    STABILISED,
    UNTREATED,
    DustState,
    Feature,
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


def state_words(st: DustState, u: Unit) -> str:
    if wrecked(u):
        return "destroyed: a wreck"
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
        words.append(_plural(u.damage, "damage marker"))
    if u.immobilised:
        words.append("immobilised")
    if u.is_vehicle:
        riders = [p for p in st.passengers(u.id) if p.on_table]
        if riders:
            words.append("carrying " + ", ".join(p.name for p in riders))
    if u.panicked:
        words.append("panicking")
    if u.suppression:
        words.append(f"{u.suppression} suppression marker{'s' if u.suppression > 1 else ''}")
    if u.confidence != CONFIDENT:
        words.append(CONFIDENCE[u.confidence])
    if u.propped:
        words.append("propped")
    if u.complete_concealment:
        words.append("completely concealed")
    if u.travel:
        words.append("in travel column")
    if u.leaderless:
        words.append("leader down")
    if u.activated:
        words.append("activated this turn")
    top = st.active
    if top is not None and top.unit == u.id:
        words.append(f"acting, {top.actions} action{'s' if top.actions != 1 else ''} left")
    return ", ".join(words)


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


def weapon_state(f, mounted: bool = True) -> str:
    """A vehicle's weapon mount (ready, fired) or a crew's heavy weapon (set up, dismantled), or either
    disabled or wrecked (Moving Heavy Weapons; Hits on Heavy Weapons)."""
    if f.status != FIT:
        return WEAPON_STATES.get(f.status, f.status)
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
    out = "armour " + ", ".join(f"{face} {value_name(v)}" for face, v in zip(FACES, faces))
    if u.soft_skin:
        out += " (soft-skinned)"
    if u.open_top:
        out += " (open top)"
    return out


def vehicle_lines(st: DustState, u: Unit) -> list[str]:
    """What is particular to a vehicle, mech, monster, aircraft, turret or building (Armoured Dustup)."""
    t = st.tables
    lines = [armour_words(u)]
    going = []
    if faces(u):
        going.append(f"facing {FACING_NAMES[u.facing % 6]}")
    if u.vehicle != "building" and u.hull is None:
        going.append(f"move {die_name(u.move_die)}" + (f" {u.mover.replace('_', ' ')}" if u.mover else ""))
    if u.air:
        going.append(u.air + (", VTOL" if u.vtol else "") + (", landed heavily" if u.landed_heavy else ""))
    going.append(_plural(u.damage, "damage marker") if u.damage else "no damage")
    if u.damage:
        going[-1] += f" (terrain {u.damage} class{'es' if u.damage > 1 else ''} harder, targets +{u.damage})"
    if u.immobilised:
        going.append("immobilised")
    if u.suppression:
        going.append("suppressed: terrain a class harder, may not assault")
    lines.append("; ".join(going))
    kit = [f"ECM {die_name(u.ecm)}"]
    if u.decoys:
        kit.append(f"decoys {die_name(u.decoys)}" + (" (used this turn)" if u.decoy_used else ""))
    if u.area_protection:
        kit.append(f"area protection x{u.area_protection}")
    if u.stabilisation:
        kit.append(f"{u.stabilisation} stabilisation")
    if u.slaved:
        kit.append("slaved fire control")
    if u.smoke_dischargers:
        kit.append("smoke dischargers")
    if u.exhaust_smoke:
        kit.append("exhaust smoke")
    if u.firing_ports:
        kit.append("firing ports")
    if u.plough:
        kit.append("mine plough")
    if u.line_charges:
        kit.append(_plural(u.line_charges, "line charge"))
    lines.append(", ".join(kit))
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
        out.append(f"EW {die_name(u.ew)}" + (f" ({_plural(u.ew_chits, 'counter')} left)" if u.ew_chits else ""))
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


def details(st: DustState, u: Unit) -> tuple[str, ...]:
    """What the orders pane shows about a unit, a few short lines (the first, its name, is the heading)."""
    t = st.tables
    names = t.side_names
    if u.is_vehicle:
        vt = t.vehicles.get(u.vtype)
        what = VEHICLE_WORDS.get(u.vehicle, u.vehicle) + (f" ({vt.name})" if vt and vt.name != u.name else "")
        what += f", size {u.size}"
        if wrecked(u):
            what += ", destroyed"
    else:
        what = KIND_WORDS.get(u.kind, u.kind)
    lines = [f"{u.name} [{u.id}], {names.get(u.side, u.side)}: {what}"]
    conf = CONFIDENCE[u.confidence]
    if u.initial_confidence != u.confidence:
        conf += f" (was {CONFIDENCE[u.initial_confidence]})"
    lines.append(f"{die_name(u.quality)} {QUALITY_NAMES.get(u.quality, '?')}, leadership {u.leadership} "
                 f"{LEADERSHIP_NAMES.get(u.leadership, '?')}, {conf}")
    if u.is_vehicle:
        lines += vehicle_lines(st, u)
    else:
        people = u.people
        present = [f for f in people if f.status != KILLED and f.status != ABANDONED]
        parts = [f"{sum(1 for f in present if f.status == FIT)} fit"]
        for status, word in ((UNTREATED, "wounded untreated"), (STABILISED, "stabilised"),
                             (DISABLED, "in wrecked suits")):
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
        lines.append(f"{len(present)} figures: {', '.join(parts)}" + (f", {killed} killed" if killed else "")
                     + (f", {left} left behind" if left else "") + "; " + ", ".join(kit))
        counts: dict[str, int] = {}
        for f in people:
            if f.status == FIT:
                counts[f.weapon] = counts.get(f.weapon, 0) + 1
        arms = [f"{k} {weapon_brief(t.weapons[w]) if w in t.weapons else w}" for w, k in counts.items()]
        if u.grenades and u.grenades in t.weapons:
            arms.append(f"grenades {weapon_brief(t.weapons[u.grenades])}")
        if arms:
            lines.append("weapons: " + ", ".join(arms))
    heavy = heavy_weapon_line(st, u)
    if heavy:
        lines.append(heavy)
    kit = systems_words(u)
    if kit:
        lines.append(", ".join(kit))
    command = []
    if u.commander:
        command.append(f"under {Describer(st).name(u.commander)}")
    subs = [v.id for v in st.units.values() if v.commander == u.id and v.on_table]
    if subs:
        command.append("commands " + " ".join(subs))
    if u.parent:
        command.append(f"detached from {Describer(st).name(u.parent)}")
    if command:
        lines.append("; ".join(command))
    words = state_words(st, u)
    if words:
        lines.append(words)
    hurt = [f"{f.id} {f.status}" for f in u.people if f.status not in (FIT, KILLED)]
    if hurt:
        lines.append("casualties: " + ", ".join(hurt))
    return tuple(lines)


def piece(st: DustState, u: Unit) -> Piece:
    facing = u.facing % 6 if faces(u) and not wrecked(u) else None
    aboard = piece_id(st, u.carried_by) if u.carried_by is not None else u.hull
    return Piece(id=u.id, side=u.side, glyph=piece_glyph(u), name=u.name, at=u.pos, facing=facing,
                 marks=marks(u, st), state=state_words(st, u), details=details(st, u), aboard=aboard)



def marker_piece(st: DustState, m) -> Piece:
    """A hidden-unit marker: the same for a hidden unit and for a dummy."""
    name = f"Hidden marker {m.id}"
    side = st.tables.side_names.get(m.side, m.side)
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


def feature_hexes(st: DustState, f: Feature, smoke: frozenset) -> list[Hex]:
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
    smoke = rules.smoke_hexes(st)
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
        pieces.append(marker_piece(st, m))
    sides = tuple(SideInfo(s, t.side_names[s]) for s in t.side_ids)
    return BoardView(cols=t.width, rows=t.height, terrain=terrain, legend=legend, pieces=tuple(pieces + wrecks),
                     sides=sides)


# ---------------------------------------------------------------------------------------------
# Who acts
# ---------------------------------------------------------------------------------------------

BY_WORDS = {"turn": "", "order": "by order", "detachment": "by its parent", "seize": "seized the initiative",
            "card": "its card came up", "leftover": "the last activation"}


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def asking_unit(st: DustState) -> str | None:
    """The unit an assault decision is about (assault.py keeps it in its facts as ``asking``)."""
    if st.pending is None or not st.assault:
        return None
    for fact in st.assault:
        key, _, value = fact.partition("=")
        if key == "asking":
            uid = value.strip('"')
            return uid if uid in st.units else None
    return None


CHART_BOXES = ((3, "box 3"), (2, "box 2"), (1, "box 1"), (0, "over the battle area"), (-1, "loiter"))
MISSION_KINDS = {"artillery": "artillery", "air": "air strike", "orbital": "orbital strike", "aircraft": "aircraft",
                 "casevac": "casevac"}


def asset_of(st: DustState, side: str, asset: str) -> dict:
    for a in st.tables.support.get(side, ()):
        if str(a.get("id")) == asset:
            return a
    return {}


def mission_words(st: DustState, m) -> str:
    """A counter on the inbound chart: its asset's name and its kind ("Battalion battery (artillery, HE)")."""
    kind = MISSION_KINDS.get(m.kind, m.kind)
    if m.unit is not None and m.unit in st.units:
        name = st.units[m.unit].name
    else:
        name = str(asset_of(st, m.side, m.asset).get("name", m.asset.replace("_", " ") if m.asset else kind))
    ammo = m.ammo.split(":")[0]  # "smoke:3" is smoke laid along direction 3
    extra = [kind] + ([ammo.upper() if len(ammo) <= 2 else ammo] if ammo else [])
    if name.lower() == kind:
        extra = extra[1:]
    return name + (f" ({', '.join(extra)})" if extra else "")


def chart_lines(st: DustState) -> list[str]:
    """The inbound chart (The Inbound Chart; Request Fire Support Action): each side's counters by box,
    then its fire support chits and the missions its assets have left. Read from the state directly."""
    names = st.tables.side_names
    used = getattr(st, "support_used", None) or {}
    lines = []
    for side in st.sides:
        mine = [m for m in st.missions.values() if m.side == side]
        assets = st.tables.support.get(side, ())
        chits = st.support_chits.get(side, 0)
        if mine:
            boxes = []
            for box, label in CHART_BOXES:
                here = [mission_words(st, m) for m in mine if m.box == box]
                if here:
                    boxes.append(f"{label}: {', '.join(here)}")
            lines.append(f"{names.get(side, side)} inbound - " + "; ".join(boxes))
        if chits or assets:
            left = []
            for a in assets:
                n = int(a.get("missions", 0)) - used.get(f"{side}:{a.get('id')}", 0)
                left.append(f"{a.get('name', a.get('id'))} {max(n, 0)} left")
            lines.append(f"{names.get(side, side)} support: {_plural(chits, 'chit')}"
                         + (f"; {', '.join(left)}" if left else ""))
    return lines


def activation(st: DustState) -> ActivationView:
    t = st.tables
    names = t.side_names
    d = Describer(st)
    lines: list[str] = []
    if st.result is not None:
        winner, reason = st.result
        now = f"Turn {st.turn} - battle over: " + (f"{names[winner]} win" if winner else "no winner")
        lines.append(reason)
    elif st.pending is not None:
        p = st.pending
        question = rules.pending_question(st)
        about = asking_unit(st)
        now = f"Turn {st.turn} - {names.get(p.side, p.side)}" + (f", {d.name(about)}" if about else "") + \
            f": {question}"
        lines.append("choices: " + "; ".join(d.choice(c) for c in p.data))
    elif st.active is not None:
        top = st.active
        u = st.units[top.unit]
        who = "a hidden unit" if marker_for(st, u.id) else d.name(u.id)
        how = BY_WORDS.get(top.by, top.by)
        now = (f"Turn {st.turn} - {names[u.side]}: {who} acting, {_plural(top.actions, 'action')} left"
               + (f" ({how})" if how else ""))
        for below in reversed(st.stack[:-1]):
            v = st.units.get(below.unit)
            if v is not None:
                lines.append(f"then back to {d.name(v.id)}: {_plural(below.actions, 'action')} left")
    else:
        side = st.to_act
        now = f"Turn {st.turn} - {names.get(side, 'nobody')} to activate a unit"
        if st.forced_unit is not None:
            now += f" ({st.units[st.forced_unit].name}'s card)"
    if st.result is None:
        lines += chart_lines(st)  # first: the queue pane is short, and impacts are resolved instead of activating
    if st.first and st.result is None:
        lines.append(f"{names[st.first]} went first this turn")
    if st.result is None:
        for side in st.sides:
            mine = [u for u in st.units.values() if u.side == side and u.on_table and u.kind != DETACHMENT]
            done = [u for u in mine if u.activated]
            left = [u for u in mine if not u.activated]
            open_names = [u.name for u in left if not marker_for(st, u.id)]
            hidden = len(left) - len(open_names)
            if hidden:
                open_names.append(_plural(hidden, "hidden unit"))
            text = f"{names[side]}: {len(done)} of {len(mine)} activated"
            if open_names:
                text += "; to act: " + ", ".join(open_names)
            lines.append(text)
        if st.options.get("seize_tokens"):
            lines.append("seize tokens: " + ", ".join(f"{names[s]} {st.tokens.get(s, 0)}" for s in st.sides))
    if t.objectives:
        held = {s: rules.objectives_held(st, s) for s in st.sides}
        lines.append(f"objectives ({len(t.objectives)}): " + ", ".join(f"{names[s]} hold {held[s]}" for s in st.sides)
                     + " - " + " ".join(where(o) for o in t.objectives))
    lines.append(f"turn {st.turn} of {t.turn_limit}" + (", at night" if t.night else ""))
    acted = frozenset(u.id for u in st.units.values() if u.activated and u.on_table and not marker_for(st, u.id))
    waiting: set[str] = set()
    if st.result is None and st.pending is None:
        if st.active is not None:
            waiting.add(piece_id(st, st.active.unit))
        elif st.to_act is not None:
            waiting |= {piece_id(st, u.id) for u in st.unactivated(st.to_act) if rules.may_begin(st, u) is None}
    return ActivationView(now=now, lines=tuple(lines), acted=acted, waiting=frozenset(waiting))


# ---------------------------------------------------------------------------------------------
# Orders
# ---------------------------------------------------------------------------------------------

ACTION_NAMES = {
    C.Move: "Move", C.Prop: "Prop", C.Unprop: "Unprop", C.Shoot: "Shoot", C.Assault: "Assault",
    C.Recover: "Recover", C.Reorganise: "Reorganise", C.Order: "Order", C.CombinedAssault: "Combined assault",
    C.Rally: "Rally", C.Detach: "Detach", C.ActivateDetachment: "Activate detachment", C.Regroup: "Regroup",
    C.Treat: "Treat", C.Detect: "Detect", C.Rouse: "Rouse", C.Withdraw: "Withdraw",
}
if hasattr(C, "Hold"):
    ACTION_NAMES[C.Hold] = "Hold"


def _pos(st: DustState, uid: str | None) -> Hex | None:
    u = st.units.get(uid) if uid else None
    return u.pos if u is not None else None


# Orders of the Armoured Dustup modules (heavy, vehicles, support, air, hazards, ew), by class name: the
# editor's action name. A class not listed here is named from its class name ("LaySmoke" -> "Lay smoke").
MODULE_ACTIONS = {
    "FireWeapon": "Fire weapon", "Embark": "Embark", "Disembark": "Disembark", "Tow": "Tow",
    "TankShock": "Tank shock", "Turn": "Turn", "RequestFire": "Request fire support",
    "ResolveImpact": "Resolve impact", "AirMove": "Fly", "Land": "Land", "TakeOff": "Take off",
    "FireAA": "Anti-aircraft fire", "DropBombs": "Drop bombs", "MoveInbound": "Inbound chart",
    "LaySmoke": "Lay smoke", "Ignite": "Set alight", "ClearLane": "Clear a lane", "RemoteSpot": "Remote spot",
    "LaunchDrone": "Launch drone", "AirFire": "Fire from the air", "LeaveTable": "Leave the table",
    "DropTroops": "Drop troops", "DroneMove": "Fly drone", "DroneSpot": "Drone search", "RecallDrone": "Recall drone",
    "SetUpWeapon": "Set up weapon", "SetRemote": "Remote launcher", "FireMortar": "Fire mortar",
    "FightFire": "Fight fire", "ExhaustSmoke": "Exhaust smoke", "FireLineCharge": "Line charge",
    "SetCDM": "Set a CDM", "CallCasevac": "Call casevac", "LoadWounded": "Load wounded",
    "CasevacLeave": "Casevac leaves",
}
# Fields whose value says where an order of a module goes (a hex, or a unit, marker or counter on one),
# in the order they are looked for.
TARGET_FIELDS = ("to", "at", "target", "aim", "point", "hex", "where", "vehicle", "carrier", "marker", "feature",
                 "fire", "minefield", "other", "towed")


def action_words(class_name: str) -> str:
    """``LaySmoke`` -> "Lay smoke", ``FireAA`` -> "Fire AA"."""
    if class_name in MODULE_ACTIONS:
        return MODULE_ACTIONS[class_name]
    text = words_of(class_name)
    return text[:1].upper() + text[1:]


def hex_of(st: DustState, value: Any, side: str | None = None) -> Hex | None:
    """Where a field's value stands: a hex, or the hex of a unit, marker, counter or inbound target.
    A counter ``side`` may not see on the map (an enemy IED not yet found) has no hex: the order
    editor never points at it."""
    if isinstance(value, Hex):
        return value
    if not isinstance(value, str):
        return None
    if value in st.units:
        u = st.units[value]
        if u.carried_by is not None and u.carried_by in st.units:
            u = st.units[u.carried_by]
        return u.pos if u.pos is not None and not u.off_table else None
    if value in st.markers:
        return st.markers[value].pos
    if value in st.features:
        f = st.features[value]
        return f.pos if feature_seen(f, side) else None
    m = st.missions.get(value)
    return m.target if m is not None and m.side == side else None


def module_order_parts(st: DustState, cmd: Any) -> OrderParts:
    """An order this file does not know by type: filed by its unit (if it has one) under its action name,
    at the hex its target field names, labelled with its description (the unit's name dropped)."""
    d = Describer(st)
    owner = getattr(cmd, "unit", None)
    uid = piece_id(st, owner) if isinstance(owner, str) and owner in st.units else None
    side = st.units[owner].side if uid is not None else getattr(cmd, "side", None)
    target = None
    for field in TARGET_FIELDS:
        value = getattr(cmd, field, None)
        if field == "unit" or value is None:
            continue
        target = hex_of(st, value, side)
        if target is not None:
            break
    if target is not None and target not in st.tables.board:
        target = None
    label = d.command(cmd)
    head = f"{d.name(owner)}: " if uid else ""
    if head and label.startswith(head):
        label = label[len(head):]
    action = action_words(type(cmd).__name__)
    if uid is not None and uid != owner:
        action += f" ({st.units[owner].name})"
    return OrderParts(uid, action, target, label)


def order_parts(st: DustState, cmd: Any) -> OrderParts:
    """The piece, action and target hex the order editor files ``cmd`` under, with a label unique among them."""
    t = type(cmd)
    d = Describer(st)
    if t is C.Pass:
        return OrderParts(None, "Pass", None, "pass: let the other side activate")
    if t is C.ChooseFirst:
        return OrderParts(None, "Go first" if cmd.first else "Go second", None,
                          "go first this turn" if cmd.first else "let the other side go first")
    if t is C.Decide:
        kind = st.pending.kind if st.pending is not None else ""
        if kind == "seize":
            action = "Decline" if cmd.choice == "decline" else "Seize the initiative"
        else:
            action = "Decide"
        return OrderParts(None, action, None, d.choice(cmd.choice))
    if t is C.EndActivation:
        top = st.active
        uid = piece_id(st, top.unit) if top else None
        left = top.actions if top else 0
        return OrderParts(uid, "End activation", None, f"end the activation ({_plural(left, 'action')} unused)")
    if t not in ACTION_NAMES:
        return module_order_parts(st, cmd)
    uid = piece_id(st, cmd.unit)
    action = ACTION_NAMES[t]
    if uid != cmd.unit:  # a hidden unit, filed under its marker: its owner still reads which unit it is
        action += f" ({st.units[cmd.unit].name})"
    if t is C.Move:
        label = f"to {where(cmd.to)}" + (", leaving the wounded" if cmd.leave_wounded else "")
        return OrderParts(uid, action, cmd.to, label)
    if t is C.Shoot:
        return OrderParts(uid, action, _pos(st, cmd.target), f"at {d.name(cmd.target)}: {d.shoot_label(cmd)}")
    if t is C.Assault:
        label = f"{d.name(cmd.target)}" + (f" and {d.name(cmd.second)}" if cmd.second else "")
        return OrderParts(uid, action, _pos(st, cmd.target), label)
    if t in (C.Order, C.Rally):
        return OrderParts(uid, action, _pos(st, cmd.subordinate), d.name(cmd.subordinate))
    if t is C.CombinedAssault:
        return OrderParts(uid, action, _pos(st, cmd.target),
                          f"{d.name(cmd.first)} and {d.name(cmd.second)} at {d.name(cmd.target)}")
    if t is C.ActivateDetachment:
        return OrderParts(uid, action, _pos(st, cmd.detachment), d.name(cmd.detachment))
    if t is C.Regroup:
        label = f"with {d.name(cmd.other)}" + (f", moving to {where(cmd.move_to)} first" if cmd.move_to else "")
        return OrderParts(uid, action, _pos(st, cmd.other), label)
    if t is C.Treat:
        return OrderParts(uid, action, _pos(st, cmd.patient), f"the wounded of {d.name(cmd.patient)}")
    if t is C.Detect:
        m = st.markers.get(cmd.marker)
        return OrderParts(uid, action, m.pos if m else None, f"marker {cmd.marker}")
    if t is C.Reorganise:
        return OrderParts(uid, action, None, REORGANISE.get(cmd.purpose, cmd.purpose))
    if t is C.Detach:
        u = st.units[cmd.unit]
        chosen = [f for f in u.figures if f.id in set(cmd.figures)]
        weapons: dict[str, int] = {}
        for f in chosen:
            weapons[short_weapon_id(f.weapon)] = weapons.get(short_weapon_id(f.weapon), 0) + 1
        label = f"{len(chosen)} figure(s): " + ", ".join(f"{k} {w}" for w, k in weapons.items())
        return OrderParts(uid, action, None, label + " (" + " ".join(f.id for f in chosen) + ")")
    words = {C.Prop: "prop in local cover", C.Unprop: "unprop, ready to move", C.Recover: "remove a suppression marker",
             C.Rouse: "try to shake off the panic", C.Withdraw: "withdraw toward its own edge",
             getattr(C, "Hold", None): "stand fast: the rest of the activation does nothing"}
    return OrderParts(uid, action, None, words.get(t, action.lower()))


# ---------------------------------------------------------------------------------------------
# The odds
# ---------------------------------------------------------------------------------------------


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def shoot_preview(st: DustState, u: Unit, cmd: C.Shoot, summary: str, cost: str) -> OrderPreview:
    """Shoot Action: the target die and the firer's dice as the fire rules build them (fire.py), every
    shift and die named, and the exact chances of no effect, a minor and a major success."""
    from . import fire

    target = st.units[cmd.target]
    die, shifts = fire.target_die_for(st, u, target, cmd.suppressive)
    mods = [fire.describe_target_die(die, shifts)]
    if die > 12:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            note="the target die is shifted above a D12: it cannot be fired on")
    figs = fire.firing_figures(st, u, target, cmd.figures)
    if target.is_vehicle:
        return shoot_vehicle_preview(st, u, target, cmd, figs, die, mods, summary, cost)
    named, impact = fire.firer_dice_named(st, u, [f.id for f in figs], cmd.grenades)
    mods += [label for _, label in named]
    exact = "exact: every face of every die counted"
    extra = bool(st.options.get("additional_hits"))
    chances, unit = shot_chances(target.name, [d for d, _ in named], die, extra, cmd.suppressive)
    if cmd.suppressive:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=exact,
                            value_unit=unit)
    cover = rules.cover_shift(st, target)
    steps = cover + (1 if target.propped else 0)
    armour = min((f.armour for f in target.fit_figures), default=4)
    wound, kill = odds.p_wound(impact, shift(armour, steps)) if impact else (0.0, 0.0)
    arm_words = f"impact {die_name(impact)} against armour {die_name(armour)}"
    if steps:
        arm_words += " shifted to " + die_name(shift(armour, steps)) + " (" + ", ".join(
            x for x in (f"{'hard' if cover == 2 else 'soft'} cover +{cover}" if cover else "",
                        "propped +1" if target.propped else "") if x) + ")"
    mods.append(f"{arm_words}: each hit wounds {_pct(wound)}, kills {_pct(kill)}")
    if st.options.get("additional_hits"):
        mods.append("additional hits (optional rule): the remainder is a chance of one more hit")
    if target.travel:
        mods.append("a unit in travel column fired on is suppressed whatever the dice")
    hits = sum(c.probability * c.value for c in chances)  # each chance is worth its hits
    note = f"expected hits {hits:.2f}, about {hits * (wound + kill):.2f} casualties; {exact}"
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=note,
                        value_unit=unit)


def shoot_vehicle_preview(st: DustState, u: Unit, target: Unit, cmd: C.Shoot, figs, die: int, mods: list[str],
                          summary: str, cost: str) -> OrderPreview:
    """Firing at Vehicles: the weapons' dice against armour, the face the fire strikes (by the target's
    facing) and the chances that each hit damages or destroys it."""
    from . import fire

    named, impact = fire.firer_dice_named(st, u, [f.id for f in figs], cmd.grenades, vehicle=True)
    mods += [label for _, label in named]
    extra = bool(st.options.get("additional_hits"))
    chances, unit = shot_chances(target.name, [d for d, _ in named], die, extra, cmd.suppressive)
    face = armour_face_from(target, u.pos)
    armour = target.armour_face(face)
    if impact:
        beat, double = p_value_beats(impact, armour)
        mods.append(f"each hit: impact {value_name(impact)} against the {face} armour {value_name(armour)}: "
                    f"damaged {_pct(beat - double)}, destroyed {_pct(double)}")
    small = not cmd.grenades and not any(fire.is_support(st, f) for f in figs)
    if small and armour > 12 and target.suppression:
        mods.append("small arms add no suppression to an armoured vehicle already suppressed")
    if extra:
        mods.append("additional hits (optional rule): the remainder is a chance of one more hit")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances,
                        note="exact: every face of every die counted", value_unit=unit)


def communicate(st: DustState, sender: Unit, receiver: Unit) -> tuple[float, list[str]]:
    """Communicate Action: P(the message gets through), and the words behind it (as command.py rolls it:
    no roll within 3 hexes and in sight; else the sender's quality die, down one per command level
    bypassed and once or twice more when an enemy jammer wins its opposed roll, must beat the worse
    leadership)."""
    from . import command

    if command.in_voice_range(st, sender, receiver):
        return 1.0, [f"within {COMMS_RANGE} hexes and in sight: no roll to communicate"]
    die, worst, notes = command.communication_die(st, sender, receiver)
    words = [f"communicate: {die_name(die)} must beat {worst} (the worse leadership)"
             + (f"; {', '.join(notes)}" if notes else "")]
    jammer = st.tables.side_info[st.other(sender.side)].get("jammer", 0)
    if not jammer:
        return odds.p_beats(die, worst), words
    comms = st.tables.side_info[sender.side].get("comms", 8)
    o = odds.p_opposed(jammer, comms)
    p_minor, p_major = o["win"] - o["double"], o["double"]
    p_clear = 1 - o["win"]
    p = (p_clear * odds.p_beats(die, worst) + p_minor * odds.p_beats(shift(die, -1), worst)
         + p_major * odds.p_beats(shift(die, -2), worst))
    words.append(f"enemy jammer {die_name(jammer)} against comms {die_name(comms)}: "
                 f"die down one {_pct(p_minor)}, down two {_pct(p_major)}")
    return p, words


def move_preview(st: DustState, u: Unit, cmd: C.Move, summary: str, cost: str) -> OrderPreview:
    """Move Action: the movement die must cover the path's cost; a shaken unit moving toward the enemy
    or out of cover takes a leadership test first (Forces: Confidence)."""
    carrying = rules.carries_wounded(u, cmd.leave_wounded)
    die, notes = rules.movement_die(st, u, carrying)
    path = shortest_path(u.pos, cmd.to, rules.step_cost(st, u, known=True))
    step = rules.step_cost(st, u, known=True)
    need = sum(step(path[i - 1], path[i]) or 0 for i in range(1, len(path))) if path else 0
    mods = [f"movement die {die_name(die)}" + (f" ({', '.join(notes)})" if notes else ""),
            f"{len(path) - 1 if path else 0} hexes to {where(cmd.to)}: {need} movement point(s) needed"]
    terrain = st.tables.terrain[st.tables.board[cmd.to]]
    mods.append(f"ends in {terrain.name}: {terrain_effect(terrain)}")
    if u.travel:
        p = 1.0 if need <= die else 0.0
        mods.append("travel column: the full move without a roll")
    else:
        p = max(0, min(die, die - need + 1)) / die
    nerve = 1.0
    if u.confidence in (SHAKEN, BROKEN) and rules.needs_nerve(st, u, cmd.to):
        nerve = odds.p_beats(u.quality, u.leadership)
        mods.append(f"{CONFIDENCE[u.confidence]}: a leadership test first, {die_name(u.quality)} over "
                    f"{u.leadership} ({_pct(nerve)})")
    chances = [Chance(move_reaches(cmd), nerve * p, 1.0), Chance(MOVE_SHORT, nerve * (1 - p), 0.0)]
    if nerve < 1:
        chances.append(Chance(MOVE_REFUSED, 1 - nerve, 0.0))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances),
                        note="exact for the movement die; hidden units or mines met on the way may stop it sooner",
                        value_unit="moves completed")


def courage_odds(st: DustState, defender: Unit, a: int, d: int) -> dict[str, float]:
    """The courage test's outcomes for attacker die ``a`` against defender die ``d``, every face counted,
    classified exactly as the assault rules classify a roll (assault.classify, which reads the option
    ``courage_half``)."""
    from . import assault

    out = {assault.WITHDRAW: 0.0, assault.CONTACT: 0.0, assault.FAIL: 0.0, assault.BAD: 0.0}
    for x in range(1, a + 1):
        for y in range(1, d + 1):
            out[assault.classify(st, defender, x, y)] += 1
    n = a * d
    return {k: v / n for k, v in out.items()}


def assault_preview(st: DustState, u: Unit, cmd: C.Assault, summary: str, cost: str) -> OrderPreview:
    """Assault Action: Courage Test. The opposed quality dice after the open shifts of the table in content."""
    from . import assault

    target = st.units[cmd.target]
    if hex_distance(u.pos, target.pos) <= 1:
        return OrderPreview(summary=summary, cost=cost, odds=(Chance(ASSAULT_AT_ONCE, 1.0, 1.0),),
                            modifiers=("already next to the enemy: no courage test, no withdrawal, no defensive "
                                       "fire (The Two Inch Rule)",), value_unit=ASSAULT_UNIT)
    labels = assault_labels(st, target)
    if target.confidence == ROUTED:
        return OrderPreview(summary=summary, cost=cost, odds=(Chance(labels[assault.WITHDRAW], 1.0, 2.0),),
                            modifiers=(f"{target.name} is routed: it must withdraw, with no courage test",),
                            value_unit=ASSAULT_UNIT)
    me, them = (u.id, assault.members(u)), (target.id, assault.members(target))
    a_rows = assault.courage_shifts(st, me, them, False)
    d_rows = assault.courage_shifts(st, them, me, True)
    a, d = open_shift(u.quality, sum(s for _, s in a_rows), target.quality, sum(s for _, s in d_rows))
    half = st.options.get("courage_half", "text")
    o = courage_odds(st, target, a, d)
    mods = [f"courage test: {u.name} {die_name(u.quality)} -> {die_name(a)} against {target.name} "
            f"{die_name(target.quality)} -> {die_name(d)} (open shifts)"]
    mods += [f"{u.name}: {name} {steps:+d}" for name, steps in a_rows]
    mods += [f"{target.name}: {name} {steps:+d}" for name, steps in d_rows]
    mods.append("'half' read as " + ("the attacker failing to score at least half (text)" if half == "text"
                                     else "attacker <= defender / 2 (summary box)") + ": option courage_half")
    chances = [Chance(labels[k], o[k], ASSAULT_VALUES[k])
               for k in (assault.WITHDRAW, assault.CONTACT, assault.FAIL, assault.BAD)]
    note = "exact for the courage test; the defender may choose to withdraw instead of testing"
    if target.confidence <= BROKEN:
        note = f"exact; {target.name} is broken: it routs if the attacker rolls higher"
    if cmd.second:
        note += f"; against {st.units[cmd.second].name} too, the unit splits and tests twice (odds for the first)"
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances), note=note,
                        value_unit=ASSAULT_UNIT)


def rally_preview(st: DustState, u: Unit, cmd: C.Rally, summary: str, cost: str) -> OrderPreview:
    """Rally Action: the commander communicates, then the unit's quality die must beat both leaderships;
    never above its starting confidence (so "up two" counts as "up one" with one level to regain)."""
    sub = st.units[cmd.subordinate]
    p_comm, mods = communicate(st, u, sub)
    target = sub.leadership + u.leadership
    mods.append(f"rally: {sub.name} {die_name(sub.quality)} must beat {target} = leadership {sub.leadership} + "
                f"commander {u.leadership}; never above its starting confidence")
    if st.options.get("rally_doubles"):
        mods.append("optional rule: over double rises two levels, under half drops one")
    probs: dict[str, float] = {}
    for x in range(1, sub.quality + 1):
        label = rally_label(st, cmd, u, x)
        probs[label] = probs.get(label, 0.0) + p_comm / sub.quality
    probs[RALLY_NONE] = probs.get(RALLY_NONE, 0.0) + (1 - p_comm)
    chances = tuple(Chance(k, probs.get(k, 0.0), RALLY_VALUES[k]) for k in RALLY_ORDER if k in probs)
    est, note = ew_estimate(st, u.side, "the message")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est, note=note,
                        value_unit="confidence levels")


def treat_preview(st: DustState, u: Unit, cmd: C.Treat, summary: str, cost: str) -> OrderPreview:
    """Medical Treatment Action: a die for each untreated casualty, 1-2 dies, 3-5 stabilised, 6+ back on duty.
    The outcome is how many of the casualties end each way (every face of every die counted)."""
    from math import comb

    from . import command

    patient = st.units[cmd.patient]
    n = len(patient.wounded_untreated)
    die, who = command.treatment_die(u)
    kill, stab = 2 / die, 3 / die
    fit = max(0.0, 1 - kill - stab)
    mods = (f"{_plural(n, 'untreated casualty', 'untreated casualties')}, each rolls a {die_name(die)} ({who}): "
            "1-2 dies, 3-5 stabilised, 6 or more back on duty",)
    chances = []
    for back in range(n, -1, -1):
        for stable in range(n - back, -1, -1):
            dead = n - back - stable
            p = comb(n, back) * comb(n - back, stable) * fit ** back * stab ** stable * kill ** dead
            chances.append(Chance(treat_label(back, stable, dead), p, float(back + stable)))
    return OrderPreview(summary=summary, cost=cost, modifiers=mods, odds=tuple(chances),
                        note=f"exact; expected back on duty {n * fit:.1f}, dead {n * kill:.1f}",
                        value_unit="casualties saved")


def detect_preview(st: DustState, u: Unit, cmd: C.Detect, summary: str, cost: str) -> OrderPreview:
    """Detect Action: the marker's range die against the observer's quality and sensor dice."""
    from . import command

    m = st.markers[cmd.marker]
    dist = hex_distance(u.pos, m.pos)
    die = command.range_die(st, u, dist)
    by_day = command.sees_as_by_day(st, u)
    mods = [f"range {dist} hexes: range die {die_name(die) if die else 'none (too far)'}"
            + ("" if by_day else " (night, unaided vision: ranges divided by three)"),
            f"observer rolls quality {die_name(u.quality)} and sensor {die_name(u.sensor)}"]
    if not die:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), note="too far to detect anything")
    both = one = 0.0
    for t in range(1, die + 1):
        a, b = odds.p_beats(u.quality, t), odds.p_beats(u.sensor, t)
        both += a * b / die
        one += (a * (1 - b) + b * (1 - a)) / die
    chances = (Chance(DETECT_BOTH, both, 2.0), Chance(DETECT_ONE, one, 1.0),
               Chance(DETECT_NONE, 1 - both - one, 0.0))
    est, note = ew_estimate(st, u.side, "the search") if u.sensor > 4 else (False, "")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est,
                        note=note or "exact: every face of every die counted", value_unit="detection successes")


def action_cost(st: DustState, uid: str) -> str:
    top = st.active
    if top is None:
        return "activates the unit: 1 of its 2 actions"
    if top.unit == uid:
        return f"1 of the {_plural(top.actions, 'action')} left"
    return ""


def p_value_beats(impact: int, armour: int) -> tuple[float, float]:
    """An impact value against an armour value, both dice or D12 x class (Firing at Vehicles): (P the
    impact beats the armour, P it scores more than double), every face of both dice counted."""
    (di, mi), (da, ma) = value_die(impact), value_die(armour)
    beat = double = 0
    for x in range(1, di + 1):
        for y in range(1, da + 1):
            beat += x * mi > y * ma
            double += x * mi > 2 * y * ma
    n = di * da
    return beat / n, double / n


def armour_face_from(target: Unit, at: Hex) -> str:
    """The face a shot from ``at`` strikes: front, side or rear by the target's facing (hexes.arc_of)."""
    if target.hull is not None or target.vehicle == "building":
        return "front"
    return arc_of(target.pos, target.facing % 6, at)


def p_successes(dice: list[int], target: int) -> tuple[float, float, float]:
    """Dice rolled against one target die (every face of the target die counted): P(none beats it),
    P(exactly one: a minor success), P(two or more: a major success)."""
    none = one = 0.0
    for t in range(1, target + 1):
        dist = [1.0]  # dist[k]: P(k dice beat t)
        for d in dice:
            p = odds.p_beats(d, t)
            nxt = [0.0] * (len(dist) + 1)
            for k, q in enumerate(dist):
                nxt[k] += q * (1 - p)
                nxt[k + 1] += q * p
            dist = nxt
        none += dist[0] / target
        one += (dist[1] if len(dist) > 1 else 0.0) / target
    return none, one, max(0.0, 1 - none - one)


def fire_weapon_preview(st: DustState, u: Unit, cmd: Any, summary: str, cost: str) -> OrderPreview:
    """Firing Heavy Weapons; Guided Weapons; Firing at Vehicles: for the first weapon of the order, the
    target die with its shifts (heavy.weapon_target_die) or the target's ECM die for a missile, the dice
    fired, and the exact chances of no effect, a suppression and each number of hits; then the armour
    face the shot strikes (heavy.face_towards) and the chances that a hit damages or destroys, wounds
    or kills."""
    from . import heavy

    target = st.units[cmd.target]
    part = getattr(cmd, "part", "")
    figs = [f for fid in cmd.weapons for f in u.figures if f.id == fid]
    if not figs:
        return OrderPreview(summary=summary, cost=cost, note="no such weapon")
    f = figs[0]
    w = st.tables.weapons[f.weapon]
    point = target.is_vehicle
    mods = [f"{f.name}: {weapon_brief(w)}"]
    notes = []
    if w.kind == "guided":
        die, words = heavy.ecm_die(st, target)
        dice = [u.quality, w.guidance]
        mods.append(f"{words}; quality D{u.quality} and guidance {die_name(w.guidance)} against it")
        mods.append("decoys, area protection and enemy EW may stop the missile first (not priced)")
        notes.append("estimated: the missile's dice are counted exactly, but decoys, area protection and enemy "
                     "EW that may stop it first are left out")
    else:
        die, shifts = heavy.weapon_target_die(st, u, f, target, part)
        mods.append(heavy.describe_die(die, shifts))
        fp = w.die_against(point)
        dice = [u.quality] + [fp] * max(w.count, 1)
        mods.append(f"quality D{u.quality} and firepower {'' if w.count <= 1 else w.count}{die_name(fp)}")
    if getattr(cmd, "to", None) is not None:
        notes.append("estimated from where the weapon stands now: the move first may change the range and "
                     "adds the moving-fire shift")
    if die > 12:
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            note="the target die is shifted above a D12: it cannot be hit")
    if w.kind == "guided":
        none, minor, major = p_successes(dice, die)
        chances = [Chance(NO_EFFECT, none, 0.0), Chance(minor_label(target.name), minor, 0.0),
                   Chance(hits_label(1), major, 1.0)]
    else:
        chances = list(shot_chances(target.name, dice, die, False, False)[0])
        if getattr(cmd, "to", None) is not None:
            # the move may bring a smaller target die: every number of hits the dice could give is listed
            shown = {c.outcome for c in chances}
            chances += [Chance(hits_label(k), 0.0, float(k)) for k in range(sum(dice) // 4 + 1)
                        if hits_label(k) not in shown]
    impact = w.impact_against(point)
    if point:
        face = "opening" if part else heavy.face_towards(target, u.pos)
        armour = heavy.OPENING_ARMOUR if part else target.armour_face(face)
        beat, double = p_value_beats(impact, armour)
        facing = "" if part or not faces(target) else f", it faces {FACING_NAMES[target.facing % 6]}"
        mods.append(f"each hit: impact {value_name(impact)} against the {face} armour {value_name(armour)}{facing}: "
                    f"damaged {_pct(beat - double)}, destroyed {_pct(double) if not part else '0%'}")
    else:
        armour = min((x.armour for x in target.fit_figures), default=4)
        steps = rules.cover_shift(st, target) + (1 if target.propped else 0)
        shifted = shift(armour, steps)
        beat, double = p_value_beats(impact, shifted)
        mods.append(f"each hit: impact {value_name(impact)} against armour {die_name(shifted)}: wounds "
                    f"{_pct(beat - double)}, kills {_pct(double)}")
    if len(figs) > 1:
        mods.append("then, one after another: " + ", ".join(x.name for x in figs[1:]))
        notes.append("odds of the first weapon's shot")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances),
                        estimate=any(n.startswith("estimated") for n in notes),
                        note="; ".join(notes) or "exact: every face of every die counted", value_unit="hits")


def request_fire_preview(st: DustState, u: Unit | None, cmd: Any, summary: str, cost: str) -> OrderPreview:
    """Request Fire Support Action: a D8, shifted up one per fire support chit spent and down for calling
    another platoon's asset (support.request_die, support.platoon_shift), must beat the requester's
    leadership plus the difficulty (support.difficulty: artillery by a forward observer +0, anyone else
    +2; air by a liaison officer +2, else +4; orbital +3 or +6)."""
    from . import support

    assert u is not None
    a = support.asset_of(st, u.side, cmd.asset)
    kind = str(a["kind"]) if a else "artillery"
    diff = support.difficulty(u, kind)
    need = u.leadership + diff
    down, down_words = support.platoon_shift(st, u, a) if a else (0, "")
    die = support.request_die(cmd.chits, down)
    who = ("forward observer" if kind == "artillery" else "liaison officer") if u.fo else "not a dedicated observer"
    mods = [f"{kind} from {support.asset_name(a) if a else cmd.asset}: D8 must beat {need} = leadership "
            f"{u.leadership} + difficulty {diff} ({who})"]
    if cmd.chits:
        mods.append(f"{_plural(cmd.chits, 'fire support chit')} spent: D8 -> {die_name(support.request_die(cmd.chits))}")
    if down:
        mods.append(f"request die shifted down {down} ({down_words}): {die_name(die)}")
    if getattr(cmd, "dummies", ()):
        mods.append(f"{_plural(len(cmd.dummies), 'dummy target marker')} go down with the real one")
    p = odds.p_beats(die, need)
    chances = (Chance(request_granted(st, u, cmd), p, 1.0), Chance(REQUEST_REFUSED, 1 - p, 0.0))
    left = st.support_chits.get(u.side, 0) - cmd.chits
    notes = [f"{_plural(max(left, 0), 'fire support chit')} left after this"]
    if a:
        notes.append(f"{support.missions_left(st, u.side, a)} mission(s) left for {support.asset_name(a)}")
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note="; ".join(notes),
                        value_unit="requests granted")


SPECIFIC_PREVIEWS = {"FireWeapon": fire_weapon_preview, "RequestFire": request_fire_preview}


def module_preview(st: DustState, u: Unit | None, cmd: Any, summary: str, cost: str) -> OrderPreview:
    """An order of an Armoured Dustup module: odds where this file can price it, else its description and
    cost. The modules are young: if pricing fails, the order is still shown, with no odds."""
    special = SPECIFIC_PREVIEWS.get(type(cmd).__name__)
    if special is not None and u is not None:
        try:
            return special(st, u, cmd, summary, cost)
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            pass
    return OrderPreview(summary=summary, cost=cost if u is not None else "an order of the whole side",
                        note="no odds shown for this order")


def preview(st: DustState, cmd: Any) -> OrderPreview:
    """What ``cmd`` costs, the shifts that go into it, and the exact odds of each outcome."""
    d = Describer(st)
    summary = d.command(cmd)
    why = rules.validate(st, cmd)
    if why is not None:
        return OrderPreview(summary=summary, note=f"not possible now: {why}")
    t = type(cmd)
    if t is C.Pass:
        return OrderPreview(summary=summary, cost="the other side activates next (allowed with fewer "
                            "unactivated units than the opponent)")
    if t is C.EndActivation:
        top = st.active
        return OrderPreview(summary=summary, cost=f"{_plural(top.actions, 'action')} given up" if top else "")
    if t in (C.ChooseFirst, C.Decide):
        return OrderPreview(summary=summary, note=rules.pending_question(st))
    uid = getattr(cmd, "unit", None)
    if not isinstance(uid, str) or uid not in st.units:
        return module_preview(st, None, cmd, summary, "")
    u = st.units[uid]
    cost = action_cost(st, u.id)
    if t not in ACTION_NAMES:
        return module_preview(st, u, cmd, summary, cost)
    if t is C.Shoot:
        return shoot_preview(st, u, cmd, summary, cost)
    if t is C.Move:
        return move_preview(st, u, cmd, summary, cost)
    if t is C.Assault:
        return assault_preview(st, u, cmd, summary, "the assault; the target counts as activated too")
    if t is C.Recover:
        p = odds.p_beats(u.quality, u.leadership)
        return OrderPreview(summary=summary, cost=cost,
                            modifiers=(f"{die_name(u.quality)} must beat leadership {u.leadership}",),
                            odds=(Chance(RECOVER_PASS, p, 1.0), Chance(RECOVER_FAIL, 1 - p, 0.0)),
                            note="exact", value_unit="tests passed")
    if t is C.Rally:
        return rally_preview(st, u, cmd, summary, cost)
    if t in (C.Order, C.CombinedAssault):
        subs = [cmd.subordinate] if t is C.Order else [cmd.first, cmd.second]
        ps, mods = [], []
        for sid in subs:
            q, words = communicate(st, u, st.units[sid])
            ps.append(q)
            mods += [f"{st.units[sid].name}: {w}" for w in words]
        est, note = ew_estimate(st, u.side, "the message")
        if t is C.Order:
            chances = (Chance(ORDER_THROUGH, ps[0], 1.0), Chance(MESSAGE_FAILS, 1 - ps[0], 0.0))
        else:
            a, b = ps
            chances = (Chance(COMBINED_BOTH, a * b, 2.0), Chance(COMBINED_ONE, a * (1 - b) + b * (1 - a), 1.0),
                       Chance(COMBINED_NONE, (1 - a) * (1 - b), 0.0))
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, estimate=est,
                            note=note, value_unit="orders through")
    if t is C.ActivateDetachment:
        p, mods = communicate(st, u, st.units[cmd.detachment])
        est, note = ew_estimate(st, u.side, "the message")
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            odds=(Chance(DETACHMENT_THROUGH, p, 1.0), Chance(MESSAGE_FAILS, 1 - p, 0.0)),
                            estimate=est, note=note, value_unit="orders through")
    if t is C.Treat:
        return treat_preview(st, u, cmd, summary, cost)
    if t is C.Detect:
        return detect_preview(st, u, cmd, summary, cost)
    if t is C.Rouse:
        from . import command

        target, hq = command.rouse_leadership(st, u)
        p = odds.p_beats(u.quality, target)
        bad = sum(1 for x in range(1, u.quality + 1) if 2 * x < target) / u.quality
        whose = f"{hq.name}'s leadership, in direct contact" if hq else "its leadership"
        return OrderPreview(summary=summary, cost="both actions",
                            modifiers=(f"panic test: {die_name(u.quality)} must beat {target} ({whose})",),
                            odds=(Chance(ROUSE_PASS, p, 1.0), Chance(ROUSE_FAIL, 1 - p - bad, 0.0),
                                  Chance(ROUSE_WORSE, bad, -1.0)),
                            note="exact", value_unit="panic recovery (1 recovered, -1 worse)")
    if t is C.Reorganise:
        both = " (both actions)" if u.leaderless and cmd.purpose == "leader" else ""
        return OrderPreview(summary=summary, cost=cost + both)
    if t is C.Regroup:
        return OrderPreview(summary=summary, cost="uses the activation of both units",
                            modifiers=("the merged unit takes the better leadership, the larger unit's quality "
                                       "and the worse confidence",))
    if t is C.Withdraw:
        die, _ = rules.movement_die(st, u, False)
        return OrderPreview(summary=summary, cost=cost, modifiers=(f"movement die {die_name(die)}",
                                                                   "routed: every action must withdraw"))
    return OrderPreview(summary=summary, cost=cost)


# ---------------------------------------------------------------------------------------------
# Outcome labels, shared by the previews and by outcome_of (the same strings in both)
# ---------------------------------------------------------------------------------------------

NO_EFFECT = "no effect"
MOVE_SHORT = "falls short: goes as far as the roll allows"
MOVE_REFUSED = "will not go: the action is lost"
ASSAULT_AT_ONCE = "contact: close combat at once"
ASSAULT_UNIT = "courage test (2 defender driven off, 1 attack goes in, 0 halts, -1 fails)"
RECOVER_PASS, RECOVER_FAIL = "one suppression marker removed", "stays pinned"
ORDER_THROUGH = "the order gets through: it takes two actions"
DETACHMENT_THROUGH = "the detachment takes two actions"
MESSAGE_FAILS = "the message fails"
COMBINED_BOTH = "both orders get through: they assault together"
COMBINED_ONE = "only one order gets through: that unit acts alone"
COMBINED_NONE = "neither order gets through"
RALLY_TWO, RALLY_ONE, RALLY_NONE, RALLY_DROP = "up two levels", "up one confidence level", "no change", \
    "drops a level"
RALLY_ORDER = (RALLY_TWO, RALLY_ONE, RALLY_NONE, RALLY_DROP)
RALLY_VALUES = {RALLY_TWO: 2.0, RALLY_ONE: 1.0, RALLY_NONE: 0.0, RALLY_DROP: -1.0}
DETECT_BOTH = "both dice beat it: a unit is revealed, a dummy removed"
DETECT_ONE = "one die beats it: a dummy is removed, a unit stays hidden"
DETECT_NONE = "nothing learned"
ROUSE_PASS, ROUSE_FAIL = "recovers from the panic", "still panicking"
ROUSE_WORSE = "still panicking and drops a confidence level"
REQUEST_REFUSED = "the call is not answered"


def minor_label(name: str) -> str:
    return f"minor success: {name} suppressed"


def hits_label(k: int) -> str:
    """A major success with ``k`` hits (Shoot Action: Determine Casualties)."""
    if k == 0:
        return "major success: suppressed, but no hits"
    return f"major success: suppressed and {k} hit{'s' if k != 1 else ''}"


def suppressive_label(name: str) -> str:
    return f"{name} suppressed (no hits: suppressive fire)"


def shot_chances(name: str, dice: list[int], die: int, extra: bool, suppressive: bool) \
        -> tuple[tuple[Chance, ...], str]:
    """The chances of a shot (Shoot Action: Resolving Direct Fire; Determine Casualties): no effect, a
    minor success, and a major success with each number of hits, worth its hits; suppressive fire
    only suppresses (worth one suppression). Returns (chances, the values' unit)."""
    none, minor, major = odds.shot_outcomes(dice, die, extra)
    if suppressive:
        return (Chance(NO_EFFECT, none, 0.0), Chance(suppressive_label(name), minor + sum(major.values()), 1.0)), \
            "suppressions"
    out = [Chance(NO_EFFECT, none, 0.0), Chance(minor_label(name), minor, 0.0)]
    out += [Chance(hits_label(k), p, float(k)) for k, p in major.items()]
    return tuple(out), "hits"


def move_reaches(cmd: Any) -> str:
    return f"reaches {where(cmd.to)}"


def assault_labels(st: DustState, target: Unit) -> dict[str, str]:
    from . import assault

    nerves = "" if target.suppression else ", and drops a confidence level"
    routs = "routs" if target.confidence <= BROKEN else "withdraws"
    return {assault.WITHDRAW: f"{target.name} {routs}", assault.CONTACT: "the attack goes in: move to contact",
            assault.FAIL: "attacker halts: the assault action is lost",
            assault.BAD: f"the attack fails: both actions lost{nerves}"}


ASSAULT_VALUES = {"withdraw": 2.0, "contact": 1.0, "fail": 0.0, "bad": -1.0}


def rally_label(st: DustState, cmd: Any, hq: Unit, roll: int) -> str:
    """What a rally roll of ``roll`` does (Rally Action, with the optional doubles): capped at the unit's
    starting confidence, and never below routed."""
    sub = st.units[cmd.subordinate]
    target = sub.leadership + hq.leadership
    doubles = bool(st.options.get("rally_doubles"))
    room = sub.initial_confidence - sub.confidence
    if doubles and roll > 2 * target:
        return RALLY_TWO if room >= 2 else RALLY_ONE
    if roll > target:
        return RALLY_ONE if room >= 1 else RALLY_NONE
    if doubles and 2 * roll < target and sub.confidence > ROUTED:
        return RALLY_DROP
    return RALLY_NONE


def treat_label(back: int, stable: int, dead: int) -> str:
    return f"{back} back on duty, {stable} stabilised, {dead} die"


def request_granted(st: DustState, u: Unit, cmd: Any) -> str:
    from . import support

    a = support.asset_of(st, u.side, cmd.asset)
    box = SUPPORT_TIERS.get(str(a.get("tier", ""))) if a else None
    when = BOX_WORDS.get(box, "") if box else ""
    return "request granted: the target marker goes down" + (f", the counter to {when}" if when else "")


def ew_estimate(st: DustState, side: str, what: str) -> tuple[bool, str]:
    """(estimate, note) when an enemy electronic-warfare unit may interfere with ``what`` (not priced)."""
    from . import ew

    if side in st.sides and ew.ew_unit(st, st.other(side)) is not None:
        return True, (f"estimated: the dice are counted exactly, but the enemy EW unit's attempt to stop "
                      f"{what} is left out")
    return False, "exact: every face of every die counted"


# ---------------------------------------------------------------------------------------------
# Which outcome an order had, from its events (the luck report; the odds-against-engine tests)
# ---------------------------------------------------------------------------------------------


def _dice(events: list[Any], rule: str | tuple[str, ...], who: str | None = None) -> list[Any]:
    rules_ = (rule,) if isinstance(rule, str) else rule
    return [e for e in events if type(e).__name__ == "DieRolled" and e.rule in rules_
            and (who is None or e.who == who)]


def _shot_outcome(events: list[Any], target_rules: tuple[str, ...], fire_rules: tuple[str, ...], name: str,
                  suppressive: bool = False, extra_rule: str = "", dice: int = 99) -> str | None:
    """The first shot in ``events``: its target die, the firer's dice rolled straight after it (at most
    ``dice`` of them: a heavy weapon's shot is followed by the next weapon's, under the same rule), any
    additional-hit roll; labelled as :func:`shot_chances` labels it."""
    rolled = [e for e in events if type(e).__name__ == "DieRolled"]
    start = next((i for i, e in enumerate(rolled) if e.rule in target_rules), None)
    if start is None:
        return None
    t = rolled[start]
    firer = []
    for e in rolled[start + 1:]:
        if e.rule not in fire_rules or len(firer) >= dice:
            break
        firer.append(e.result)
    if not firer:
        return None
    count = sum(1 for r in firer if r > t.result)
    if count == 0:
        return NO_EFFECT
    if suppressive:
        return suppressive_label(name)
    if count == 1:
        return minor_label(name)
    hits, rem = divmod(sum(firer), t.sides)
    extra = next((e for e in rolled[start + 1 + len(firer):] if extra_rule and e.rule == extra_rule), None)
    if extra is not None and extra.result <= rem:
        hits += 1
    return hits_label(hits)


def outcome_of(st: DustState, cmd: Any, events: list[Any]) -> str | None:
    """Which of the preview's outcomes ``cmd`` had, read from its events (``st`` is the state before it).

    Decided from the dice where the dice decide it, so it is the same label the preview priced. None for
    an order without odds, and where the outcome is not in these events: an assault whose defender is
    first asked whether to withdraw (the courage test comes with the answer), a move-and-fire that never
    fired.
    """
    from . import fire, heavy

    t = type(cmd)
    name = t.__name__
    u = st.units.get(getattr(cmd, "unit", None) or "")
    if u is None:
        return None
    if t is C.Shoot:
        target = st.units[cmd.target]
        return _shot_outcome(events, (fire.RULE_TARGET,), (fire.RULE_FIREPOWER,), target.name, cmd.suppressive,
                             fire.RULE_EXTRA)
    if name == "FireWeapon":
        target = st.units[cmd.target]
        w = st.tables.weapons[checks_figure(u, cmd.weapons[0]).weapon]
        if w.kind == "guided":
            got = _shot_outcome(events, (heavy.RULE_ECM,), (heavy.RULE_GUIDED,), target.name, dice=2)
            if got is None and any(getattr(e, "rule", "") in (heavy.RULE_DECOYS, heavy.RULE_AREA) for e in events):
                return NO_EFFECT
            if got is not None and got.startswith("major"):
                return hits_label(1)
            if got is not None and any(type(e).__name__ == "Note" and "guidance is disrupted" in e.text
                                       for e in events):
                return NO_EFFECT
            return got
        rule = (heavy.RULE_IAVR if w.kind == "iavr" else heavy.RULE_HEAVY,)
        return _shot_outcome(events, rule, rule, target.name, dice=1 + max(w.count, 1))
    if t is C.Move:
        if any(type(e).__name__ == "Note" and e.rule == "Forces: Confidence (shaken)" and "will not go" in e.text
               for e in events):
            return MOVE_REFUSED
        moved = [e for e in events if type(e).__name__ == "UnitMoved" and e.unit == u.id]
        return move_reaches(cmd) if moved and moved[0].path[-1] == cmd.to else MOVE_SHORT
    if t is C.Assault:
        from . import assault

        target = st.units[cmd.target]
        if hex_distance(u.pos, target.pos) <= 1:
            return ASSAULT_AT_ONCE
        labels = assault_labels(st, target)
        if target.confidence == ROUTED:
            return labels[assault.WITHDRAW]
        courage = _dice(events, assault.R_COURAGE)
        if len(courage) < 2:
            return None
        return labels[assault.classify(st, target, courage[0].result, courage[1].result)]
    if t is C.Recover:
        d = _dice(events, "Recover Suppression Action", u.id)
        return None if not d else RECOVER_PASS if d[0].result > u.leadership else RECOVER_FAIL
    if t is C.Rally:
        d = _dice(events, "Rally Action", cmd.subordinate)
        return RALLY_NONE if not d else rally_label(st, cmd, u, d[0].result)
    if t is C.Order:
        began = any(type(e).__name__ == "ActivationBegan" and e.unit == cmd.subordinate for e in events)
        return ORDER_THROUGH if began else MESSAGE_FAILS
    if t is C.ActivateDetachment:
        began = any(type(e).__name__ == "ActivationBegan" and e.unit == cmd.detachment for e in events)
        return DETACHMENT_THROUGH if began else MESSAGE_FAILS
    if t is C.CombinedAssault:
        if any(getattr(e, "rule", "").startswith("Assault Action") or type(e).__name__ == "AssaultState"
               for e in events):
            return COMBINED_BOTH
        began = any(type(e).__name__ == "ActivationBegan" and e.unit in (cmd.first, cmd.second) for e in events)
        return COMBINED_ONE if began else COMBINED_NONE
    if t is C.Treat:
        from . import command

        die, _ = command.treatment_die(u)
        rolls = [e.result for e in _dice(events, "Medical Treatment Action", u.id)]
        dead = sum(1 for r in rolls if r <= 2)
        stable = sum(1 for r in rolls if 2 < r <= 5)
        return treat_label(len(rolls) - dead - stable, stable, dead)
    if t is C.Detect:
        d = _dice(events, "Detect Action")
        if len(d) < 3:
            return None
        beaten = (d[1].result > d[0].result) + (d[2].result > d[0].result)
        return (DETECT_NONE, DETECT_ONE, DETECT_BOTH)[beaten]
    if t is C.Rouse:
        from . import command

        target, _ = command.rouse_leadership(st, u)
        d = _dice(events, "Morale: Panic", u.id)
        if not d:
            return None
        r = d[0].result
        return ROUSE_PASS if r > target else ROUSE_WORSE if 2 * r < target else ROUSE_FAIL
    if name == "RequestFire":
        if any(type(e).__name__ == "MissionPlaced" for e in events):
            return request_granted(st, u, cmd)
        return REQUEST_REFUSED
    return None


def checks_figure(u: Unit, fid: str):
    from .checks import figure_by_id

    return figure_by_id(u, fid)


# ---------------------------------------------------------------------------------------------
# Sight and the end of battle
# ---------------------------------------------------------------------------------------------


def visible_hexes(st: DustState, pid: str) -> frozenset:
    """Every hex seen from the piece's hex (leader to leader, Shoot Action: Line of Sight).

    A hidden-unit marker sees from its hex whether a unit is under it or not, so the
    highlight gives nothing away.
    """
    u = st.units.get(pid)
    at = u.pos if u is not None and u.on_table else None
    if at is None and pid in st.markers:
        at = st.markers[pid].pos
    if at is None:
        return frozenset()
    cache = st.tables.sight_cache
    key = ("visible", at)
    found = cache.get(key)
    if found is None:
        found = cache[key] = frozenset(h for h in st.tables.board if rules.can_see(st, at, h))
    return found


def summary(st: DustState) -> BattleSummary:
    names = st.tables.side_names
    casualties = {s: rules.casualties(st, s) for s in st.sides}
    lines = []
    if st.result is not None:
        winner, reason = st.result
        lines.append((f"{names[winner]} win: " if winner else "No winner: ") + reason)
    for s in st.sides:
        mine = [u for u in st.units.values() if u.side == s]
        figs = [f for u in mine for f in u.people]  # soldiers: a wrecked hull or weapon is no casualty
        killed = sum(1 for f in figs if f.status == KILLED)
        wounded = sum(1 for f in figs if f.status in (UNTREATED, STABILISED, DISABLED))
        left = sum(1 for f in figs if f.status == ABANDONED)
        fighting = sum(1 for u in mine if u.on_table and u.confidence > ROUTED)
        gone = sum(1 for u in mine if not u.on_table and u.kind != DETACHMENT and not u.destroyed)
        text = f"{names[s]}: {killed} killed, {wounded} wounded"
        if left:
            text += f", {left} left behind"
        text += f"; {_plural(fighting, 'unit')} still fighting"
        if gone:
            text += f", {gone} gone"
        vehicles = [u for u in mine if u.is_vehicle and u.hull is None]
        if vehicles:
            lost = sum(1 for u in vehicles if u.destroyed)
            text += f"; {lost} of {_plural(len(vehicles), 'vehicle')} destroyed"
        lines.append(text)
    if st.tables.objectives:
        lines.append("objectives held: " + ", ".join(f"{names[s]} {rules.objectives_held(st, s)}"
                                                     for s in st.sides) + f" of {len(st.tables.objectives)}")
    return BattleSummary(casualties=casualties, turns=st.turn, lines=tuple(lines))
