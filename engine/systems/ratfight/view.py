"""What a RatFight player sees: the map, the action card, how the order editor files orders, the end of battle.

Fills in the plain records of :mod:`engine.core.view` from a :class:`RatState`.
Nothing here changes a battle; the odds read only the *make-up* of each side's
resolution draw pile (which cards are left in it, public knowledge since every
used card lies face up on the discard pile), never its order.

Each order's preview and outcome are in :mod:`.previews`, the maths of its odds
in :mod:`.odds`.
"""

from __future__ import annotations

from hexfront.engine.core.cards import card_value, is_standard_card
from hexfront.engine.core.hexes import (
    DIRECTION_NAMES,
    LOS_BLOCK,
    Hex,
    axial_to_offset,
    line_of_sight,
)
from hexfront.engine.core.view import (
    ActivationView,
    BattleSummary,
    BoardView,
    OrderParts,
    Piece,
    SideInfo,
    TerrainKey,
)
from hexfront.engine.core.words import plural

from . import commands as C
from . import describe as D
from . import morale, orders
from .data import Mode, Tables, Terrain, Weapon
from .describe import Describer, where
from .state import ABANDONED, ACTION_DECK, DOWN, OK, Model, RatState, res_deck

# ---------------------------------------------------------------------------
# Glyphs
# ---------------------------------------------------------------------------

# An infantry model's letter comes from its main weapon: the first one it carries that is not a
# grenade (a model with only grenades is a "G"). Leaders (leader > 0) are "L" whatever they carry.
WEAPON_GLYPHS: dict[str, str] = {
    "pistol": "P",
    "manual_rifle": "R",
    "semi_auto_rifle": "R",
    "anti_tank_rifle": "K",
    "assault_rifle": "A",
    "sniper_rifle": "N",
    "smg": "S",
    "lmg": "M",
    "hmg": "M",
    "twin_hmg": "M",
    "autocannon": "U",
    "bazooka": "B",
    "grenade": "G",
    "at_grenade": "G",
}
SECONDARY_WEAPONS = frozenset({"grenade", "at_grenade"})
LEADER_GLYPH = "L"
INFANTRY_GLYPH = "I"  # a weapon not in the table above

# A vehicle's letter comes from its type. Not listed: "T" for a heavy vehicle, "C" for an armoured one
# that carries infantry, else "V".
VEHICLE_GLYPHS: dict[str, str] = {
    "heavy_tank": "T",
    "medium_tank": "T",
    "light_tank": "T",
    "armoured_carrier": "C",
    "armoured_car": "W",
    "lorry": "V",
    "car": "V",
    "hovercraft": "H",
    "flyer": "F",
}

HERO_NAMES = {"dead_shot": "Dead Shot", "bruiser": "Bruiser", "inspiring": "Inspiring"}


def piece_glyph(tables: Tables, m: Model) -> str:
    """One upper-case letter for the model's type (see WEAPON_GLYPHS and VEHICLE_GLYPHS)."""
    if m.vehicle is not None:
        glyph = VEHICLE_GLYPHS.get(m.vehicle)
        if glyph is None:
            vt = tables.vehicles[m.vehicle]
            glyph = "T" if vt.heavy else "C" if vt.armoured and vt.capacity else "V"
        return glyph.upper()
    if m.leader:
        return LEADER_GLYPH
    main = [w for w in m.weapons if w not in SECONDARY_WEAPONS] or list(m.weapons)
    return WEAPON_GLYPHS.get(main[0], INFANTRY_GLYPH).upper() if main else INFANTRY_GLYPH


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

def _pct(p: float) -> str:
    return f"{100 * p:.0f}%" if 0.005 <= p <= 0.995 or p in (0.0, 1.0) else f"{100 * p:.1f}%"


def mode_text(mode: Mode) -> str:
    parts = [f"{mode.range} hexes", plural(mode.shots, "shot")]
    if mode.cards > 1:
        parts.append(f"{mode.cards} cards a shot")
    if mode.ap:
        parts.append(f"AP {mode.ap}")
    if mode.template:
        parts.append("3-inch template")
    return ", ".join(parts)


def weapon_text(weapon: Weapon) -> str:
    return f"{weapon.name}: " + " or ".join(mode_text(m) for m in weapon.modes)


def fire_action(weapon: Weapon, mode_i: int) -> str:
    action = f"Fire {weapon.name}"
    if len(weapon.modes) > 1:
        action += f" ({mode_text(weapon.modes[mode_i])})"
    return action


def terrain_effect(t: Terrain, tables: Tables) -> str:
    """A short line for the legend: cover, sight and going, read from the terrain table."""
    parts = []
    parts.append({"none": "no cover", "soft": "soft cover (2 cards)", "hard": "hard cover (3 cards)"}[t.cover])
    parts.append({0: "clear sight", 1: "obscures sight (seen across)", 2: "blocks sight"}[t.sight])
    foot = t.move_class("infantry")
    parts.append({"road": "road speed", "open": "", "full": "crossing takes infantry the whole move",
                  "no": "impassable on foot"}[foot])
    vehicles = [mid for mid, mv in tables.movers.items() if mv.vehicle]
    barred = [mid for mid in vehicles if t.move_class(mid) == "no"]
    if barred and len(barred) == len(vehicles):
        parts.append("no vehicles")
    elif barred:
        parts.append("no " + "/".join(barred) + " vehicles")
    return ", ".join(p for p in parts if p)


# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------

def board(st: RatState) -> BoardView:
    """The map, its legend (terrain on this board only) and every model on the table or aboard a carrier."""
    tables = st.tables
    cols = rows = 0
    terrain: dict[Hex, str] = {}
    present: set[str] = set()
    for h, tid in tables.board.items():
        col, row = axial_to_offset(h)
        cols, rows = max(cols, col + 1), max(rows, row + 1)
        terrain[h] = tables.terrain[tid].glyph
        present.add(tid)
    legend = tuple(TerrainKey(t.glyph, t.name, terrain_effect(t, tables))
                   for tid, t in tables.terrain.items() if tid in present)
    pieces = tuple(piece(st, m) for m in st.models.values() if shown(m))
    sides = tuple(SideInfo(s, tables.side_names[s]) for s in tables.side_ids)
    return BoardView(cols=cols, rows=rows, terrain=terrain, legend=legend, pieces=pieces, sides=sides)


def shown(m: Model) -> bool:
    """On the table (standing or Down), aboard a carrier, or a wreck; casualties and the fled are gone."""
    if m.status == ABANDONED:
        return m.pos is not None
    return m.status in (OK, DOWN) and (m.pos is not None or m.carried_by is not None)


def piece(st: RatState, m: Model) -> Piece:
    tables = st.tables
    marks = ""
    words = []
    if m.status == DOWN:
        marks += "d"
        words.append("Down")
    if m.status == ABANDONED:
        marks += "x"
        words.append("abandoned wreck")
    if m.is_vehicle and m.damage:
        marks += str(min(m.damage, 9))
        words.append(f"{m.damage} damage")
    if m.carried_by:
        words.append(f"aboard {st.models[m.carried_by].name}")
    return Piece(id=m.id, side=m.side, glyph=piece_glyph(tables, m), name=m.name, at=m.pos,
                 facing=m.facing if m.is_vehicle else None, marks=marks, state=", ".join(words),
                 details=details(st, m), aboard=m.carried_by)


def details(st: RatState, m: Model) -> tuple[str, ...]:
    tables = st.tables
    lines = [f"{m.name} [{m.id}], {tables.side_names[m.side]}" + (f" ({m.force} force)" if m.force != "main" else "")]
    if m.is_vehicle:
        vt = st.vehicle_type(m)
        armour = "/".join(str(a) for a in vt.armour)
        lines.append(f"{vt.name}: armour {armour} (front/side/rear)" + ("" if vt.armoured else ", unarmoured")
                     + f", crew {vt.crew}")
        lines.append(f"facing {DIRECTION_NAMES[m.facing]}, damage {m.damage}"
                     + (f" (the crew bail on a card of {m.damage} or less)" if m.damage else ""))
    for w in m.weapons:
        lines.append(weapon_text(tables.weapons[w]))
    status = {OK: "standing", DOWN: "Down: may not move or fire", ABANDONED: "abandoned by its crew: a wreck"}
    where_ = f"aboard {st.models[m.carried_by].name}" if m.carried_by else where(m.pos)
    lines.append(f"{status.get(m.status, m.status)}, {where_}")
    if m.leader:
        lines.append(f"leader: {m.leader} cards for morale")
    if m.heroes:
        lines.append("hero: " + ", ".join(HERO_NAMES.get(h, h) for h in m.heroes))
    if m.immobile:
        lines.append("tripod gun: cannot move")
    if m.is_vehicle:
        riders = st.passengers(m.id)
        cap = st.vehicle_type(m).capacity
        if cap:
            names = ": " + ", ".join(p.name for p in riders) if riders else ""
            lines.append(f"carries {len(riders)} of {cap}{names}")
    return tuple(lines)


# ---------------------------------------------------------------------------
# The action card
# ---------------------------------------------------------------------------

def card_use(st: RatState) -> str:
    card = st.tables.cards.get(st.card) if st.card else None
    if card is None:
        return ""
    if card.count:
        return f"{len(st.used)} of {card.count} used"
    return f"any number; {len(st.used)} acted"


def activation(st: RatState) -> ActivationView:
    """The card just turned and whose it is, what is left of the turn, and who may still act on it."""
    tables = st.tables
    names = tables.side_names
    lines: list[str] = []
    if st.result is not None:
        winner, reason = st.result
        now = f"Turn {st.turn} - battle over: " + (f"{names[winner]} won" if winner else "no winner")
        lines.append(reason)
    elif st.morale is not None:
        now = f"Turn {st.turn} - {names[st.morale.side]}: keep one morale card"
    elif st.card is None or st.active is None:
        now = f"Turn {st.turn}"
    else:
        card = tables.cards[st.card]
        now = f"Turn {st.turn} - {names[st.active]}: '{card.title}' ({card_use(st)})"
        if st.pending is not None:
            now += " - spare shots to place"
    lines.extend(morale_choice_lines(st))  # first: nothing else goes on until the side has chosen
    if st.first:
        lines.append(f"{names[st.first]} won the initiative and went first this turn")
    if st.result is None:
        left = len(st.decks[ACTION_DECK].draw_pile)
        lines.append(f"{plural(left, 'action card')} left to turn this turn, the Turn End card among them")
    lines.extend(_spare_shot_lines(st))
    if st.result is None:
        for side in st.sides:
            heroes = [m for m in st.models.values() if m.side == side and "inspiring" in m.heroes]
            if not heroes:
                continue
            if side in st.inspired:
                lines.append(f"{names[side]}: the Inspiring redraw is used for this turn")
            elif any(morale.present(m) for m in heroes):
                lines.append(f"{names[side]}: the Inspiring leader may still redraw one card this turn")
            else:
                lines.append(f"{names[side]}: no Inspiring redraw (the leader is Down or gone)")
    for b in st.broken:
        side, force = b.split("/", 1)
        lines.append(f"{names.get(side, side)} ({force} force) has broken and left the field")
    acted = frozenset(st.used)
    if st.pending is not None:
        waiting = frozenset({st.pending.shooter})
    elif st.card is None:  # half-way through an order, between one card and the next (a replay's event step)
        waiting = frozenset()
    else:
        waiting = frozenset(c.model for c in orders.model_orders(st)) - acted
    return ActivationView(now=now, lines=tuple(lines), acted=acted, waiting=waiting)


def _spare_shot_lines(st: RatState) -> list[str]:
    """Spare shots waiting to be placed before anything else (Firing 5)."""
    if st.pending is not None:
        p = st.pending
        who = ", ".join(st.models[c].name for c in p.candidates)
        return [f"{st.models[p.shooter].name} has {plural(p.shots, 'spare shot')}: at {who} "
                f"(within 3 inches of {where(p.around)}), or let them go"]
    return []


def morale_choice_lines(st: RatState) -> list[str]:
    """The morale cards a side drew with its leader's help, and its choice (Morale Check)."""
    choice = st.morale
    if choice is None:
        return []
    d = Describer(st)
    cards = " or ".join(d.card(res_deck(choice.side), c) for c in choice.cards)
    lost = plural(choice.casualties, "casualty", "casualties")
    return [f"Morale Check: keep {cards}; it must beat {lost} ({d.name(choice.leader)} leading)",
            "The book: discard whichever you like, usually the lower card, unless your army should withdraw"]


# ---------------------------------------------------------------------------
# Orders
# ---------------------------------------------------------------------------

def _pos(st: RatState, mid: str | None) -> Hex | None:
    m = st.models.get(mid) if mid else None
    return m.pos if m else None


# How the order editor files each order: the piece, the action, the target hex and a label unique among them.

def parts_pass(st: RatState, cmd: C.Pass) -> OrderParts:
    return OrderParts(None, "Pass", None, "pass: finish with this card")


def parts_redraw(st: RatState, cmd: C.Redraw) -> OrderParts:
    return OrderParts(None, "Redraw", None, "Inspiring redraw: throw this card away and turn another")


KEEP_ACTION = "Keep a morale card"


def parts_keep(st: RatState, cmd: C.KeepMoraleCard) -> OrderParts:
    """Filed under no piece: the side's choice, one order per card drawn ("Keep a morale card: which?")."""
    return OrderParts(None, KEEP_ACTION, None, f"keep {Describer(st).card(res_deck(cmd.side), cmd.card)}: "
                      f"{morale_verdict(st, cmd.card)}")


def morale_verdict(st: RatState, card: str) -> str:
    """What keeping ``card`` does to the force choosing now: it holds or it breaks (Morale Check)."""
    choice = st.morale
    if choice is None or not is_standard_card(card):
        return ""
    lost = plural(choice.casualties, "casualty", "casualties")
    if card_value(card) > choice.casualties:
        return f"beats {lost}, holds"
    return f"does not beat {lost}, breaks and leaves the field"


def parts_retarget(st: RatState, cmd: C.Retarget) -> OrderParts:
    shooter = st.pending.shooter if st.pending else None
    if cmd.target is None:
        return OrderParts(shooter, "Retarget", None, "let the spare shots go")
    return OrderParts(shooter, "Retarget", _pos(st, cmd.target), f"spare shots at {Describer(st).name(cmd.target)}")


def parts_move(st: RatState, cmd: C.Move) -> OrderParts:
    return OrderParts(cmd.model, "Reverse" if cmd.reverse else "Move", cmd.to, D.move_order(st, cmd))


def parts_pivot(st: RatState, cmd: C.Pivot) -> OrderParts:
    m = st.models[cmd.model]
    return OrderParts(cmd.model, "Pivot", m.pos.neighbour(cmd.facing) if m.pos else None,
                      f"face {DIRECTION_NAMES[cmd.facing]}")


def parts_assault(st: RatState, cmd: C.Assault) -> OrderParts:
    return OrderParts(cmd.model, "Assault", _pos(st, cmd.target),
                      f"assault {Describer(st).name(cmd.target)} from {where(cmd.to)}")


def parts_embark(st: RatState, cmd: C.Embark) -> OrderParts:
    return OrderParts(cmd.model, "Embark", _pos(st, cmd.vehicle), f"board {Describer(st).name(cmd.vehicle)}")


def parts_disembark(st: RatState, cmd: C.Disembark) -> OrderParts:
    return OrderParts(cmd.model, "Disembark", cmd.to, f"climb out at {where(cmd.to)}")


def parts_fire(st: RatState, cmd: C.Fire) -> OrderParts:
    weapon = st.tables.weapons[cmd.weapon]
    action = fire_action(weapon, cmd.mode)
    return OrderParts(cmd.model, action, _pos(st, cmd.target), f"{action[5:]} at {Describer(st).name(cmd.target)}")


# ---------------------------------------------------------------------------
# Sight and the end of battle
# ---------------------------------------------------------------------------

def visible_hexes(st: RatState, piece_id: str) -> frozenset[Hex]:
    """Every board hex the model can see from where it stands (Line of sight and Terrain).

    The same line of sight as lineofsight.sight; remembered per position and wrecks in the tables' sight cache.
    """
    m = st.models.get(piece_id)
    if m is None or m.pos is None:
        return frozenset()
    wrecks = frozenset(w.pos for w in st.models.values() if w.status == ABANDONED and w.pos is not None)
    cache = st.tables.view_cache
    key = (m.pos, wrecks)
    found = cache.get(key)
    if found is None:
        sight_map = st.tables.sight

        def los_of(h: Hex) -> int:
            return LOS_BLOCK if h in wrecks else sight_map.get(h, LOS_BLOCK)

        here = m.pos
        found = cache[key] = frozenset(h for h in st.tables.board if line_of_sight(here, h, los_of).visible)
    return found


def summary(st: RatState) -> BattleSummary:
    """Casualties per side (as morale counts them) and what stood at the end."""
    names = st.tables.side_names
    casualties = {s: morale.casualties(st, s) for s in st.sides}
    lines = []
    if st.result is not None:
        winner, reason = st.result
        lines.append((f"{names[winner]} wins: " if winner else "No winner: ") + reason)
    for s in st.sides:
        mine = [m for m in st.models.values() if m.side == s]
        crew = sum(st.vehicle_type(m).crew for m in mine if m.status == ABANDONED)
        down = sum(1 for m in mine if m.status == DOWN)
        standing = sum(1 for m in mine if m.status == OK and (m.pos is not None or m.carried_by))
        text = f"{names[s]}: {plural(casualties[s], 'casualty', 'casualties')}"
        if crew:
            text += f" (with {crew} crew who bailed out)"
        text += f", {standing} standing, {down} Down at the end"
        broken = [b.split("/", 1)[1] for b in st.broken if b.split("/", 1)[0] == s]
        if broken:
            text += "; broken: " + ", ".join(f"{f} force" for f in broken)
        lines.append(text)
    return BattleSummary(casualties=casualties, turns=st.turn, lines=tuple(lines))
