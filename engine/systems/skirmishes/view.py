"""What a Skirmishes player sees: the map, whose orders are awaited, how the order editor files each order, the end
(each order's preview and odds are in :mod:`.previews`).

Secret orders never appear here: the board, the activation line and the piece details show no order of either side
before the reveal (the screen may be watched by the other side). :func:`side_view` gives a computer player the
state as one side knows it.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex, hexes_within
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
from .describe import item_name, where
from .ground import can_see, gassed, layer
from .rules import STAGE_TITLES, side_to_act, to_order
from .state import COMMIT, DEAD, ESCAPED, LUCK, OUT, REACT, Character, SkirmishState

# ---------------------------------------------------------------------------
# A side's view of the state (for computer players)
# ---------------------------------------------------------------------------

def side_view(st: SkirmishState, side: str) -> SkirmishState:
    """A copy of the state as ``side`` knows it: before the reveal, the other side's planned runs and orders are
    taken out (orders forced on a character, which both sides know, stay). Legal orders and odds computed on it
    are the same as on the full state, since they never depend on the enemy's secret orders."""
    view = st.copy()
    if not st.revealed:
        foe = {c.id for c in st.chars.values() if c.side != side}
        view.plans = {k: v for k, v in st.plans.items() if k not in foe}
        view.orders = {k: o for k, o in st.orders.items() if k not in foe or o.forced}
    return view


# ---------------------------------------------------------------------------
# The map
# ---------------------------------------------------------------------------

MARKS_LEGEND = (
    "letters: the first firearm (A assault",
    "  rifle, S SMG, G shotgun, P pistol...),",
    "  C no firearm; V a vehicle (those",
    "  inside are listed with it)",
    "marks: x dead, o out of combat, digit",
    "  damage taken, f forfeits next round",
)


def glyph(st: SkirmishState, c: Character) -> str:
    """The letter of the character's first firearm (A assault rifle, S sub-machine gun, G shotgun, P pistol...)."""
    if not c.firearms:
        return "C"
    return st.tables.firearms[c.firearms[0]].glyph.upper()


def terrain_effect(st: SkirmishState, tid: str) -> str:
    """What a terrain does, after its name ("Open ground (5 hexes a run)", "Rubble (3 hexes a run, impeding,
    cover)"): the run it allows first, so that open ground is not named twice."""
    t = st.tables.terrain[tid]
    bits = [{"open": "5 hexes a run", "impeding": "3 hexes a run, impeding", "none": "impassable"}[t.move]]
    if t.cover:
        bits.append("cover")
    if t.sight:
        bits.append("blocks sight")
    if t.indoors:
        bits.append("indoors")
    return ", ".join(bits)


#: clouds drawn over the ground: signs of their own, used by no terrain (terrain.toml) and no piece (letters)
SMOKE_GLYPH, GAS_GLYPH = "(", "!"


def board(st: SkirmishState) -> BoardView:
    tables = st.tables
    ground = layer(st).terrain  # machines change their hex's terrain (a shutter up or down)
    terrain: dict[Hex, str] = {}
    present = set()
    for h, tid in ground.items():
        terrain[h] = tables.terrain[tid].glyph
        present.add(tid)
    for m in tables.machines.values():  # both settings of a machine are in the legend
        present.update((m.open_terrain, m.shut_terrain))
    for cl in st.clouds:  # smoke and gas show on the map
        for h in hexes_within(cl.at, cl.radius):
            if h in terrain and tables.terrain[ground[h]].move != "none":
                terrain[h] = SMOKE_GLYPH if cl.kind == "smoke" else GAS_GLYPH
    legend = [TerrainKey(t.glyph, t.name, terrain_effect(st, tid)) for tid, t in tables.terrain.items()
              if tid in present]
    if any(cl.kind == "smoke" for cl in st.clouds):
        legend.append(TerrainKey(SMOKE_GLYPH, "Smoke", "disadvantage on attacks indoors"))
    if any(cl.kind == "gas" for cl in st.clouds):
        legend.append(TerrainKey(GAS_GLYPH, "Tear gas", "no shooting without a gas mask"))
    pieces = tuple(piece(st, c) for c in st.chars.values() if c.status != ESCAPED)
    pieces += tuple(vehicle_piece(st, vid) for vid in st.vehicles)
    sides = tuple(SideInfo(s, tables.side_names[s]) for s in tables.side_ids)
    return BoardView(cols=tables.width, rows=tables.height, terrain=terrain, legend=tuple(legend), pieces=pieces,
                     sides=sides)


def piece(st: SkirmishState, c: Character) -> Piece:
    marks, words = "", []
    if c.status == DEAD:
        marks, words = "x", ["dead"]
    elif c.status == OUT:
        marks = "o"
        words.append("out of combat" + (", stabilised" if c.stabilised else ""))
    elif c.total_damage:
        marks = str(c.total_damage)
        words.append(f"{c.total_damage} damage")
    if c.able and c.lose_turn >= st.round:
        marks += "f"
        words.append(f"forfeits round {c.lose_turn}")
    if c.aboard:
        words.append(f"in the {st.tables.vehicles[c.aboard].name}")
    return Piece(id=c.id, side=c.side, glyph=glyph(st, c), name=c.name, at=c.pos, marks=marks,
                 state=", ".join(words) or "able", details=details(st, c), aboard=c.aboard or None)


def vehicle_piece(st: SkirmishState, vid: str) -> Piece:
    """A vehicle on the map: its letter, in the colour of the side inside (the first side when it is empty)."""
    v = st.tables.vehicles[vid]
    inside = st.passengers(vid)
    able = [c for c in inside if c.able]
    side = (able or inside)[0].side if inside else st.sides[0]
    who = ", ".join(f"{c.name} [{c.id}]" + ("" if c.able else f" ({c.status})") for c in inside) or "nobody"
    lines = (f"{v.name} [{vid}]: a vehicle, {v.seats} seats, {v.speed} hexes a round on "
             + ", ".join(st.tables.terrain[g].name.lower() for g in v.ground),
             f"At {where(st.vehicles[vid])}; inside: {who}",
             "Board it by running into its hex; whoever is inside may drive it (a miscellaneous action)",
             "Those inside are in cover; shots at it are shots at them")
    return Piece(id=vid, side=side, glyph=v.glyph, name=v.name, at=st.vehicles[vid],
                 state=f"{len(inside)} of {v.seats} seats taken",
                 details=lines)


def details(st: SkirmishState, c: Character) -> tuple[str, ...]:
    """Everything about a character that both sides may know: skills, ammunition, armour and damage per location."""
    t = st.tables
    kind = "player character" if c.player else "NPC"
    lines = [f"{c.name} [{c.id}], {t.side_names[c.side]}: {t.templates[c.template].name}, {kind}",
             f"Shooting {c.shooting}, Athletics {c.athletics}, Melee {c.melee}; luck {c.luck}"]
    for w in c.firearms:
        f = t.firearms[w]
        lines.append(f"{f.name}: {c.loaded[w]}/{f.magazine} loaded, {plural(c.spares[w], 'spare magazine')}"
                     + (", automatic" if f.auto else ""))
    mw = t.melee[c.melee_weapon]
    lines.append(f"Melee: {mw.name} ({mw.reach} reach)")
    if any(c.grenades.values()):
        lines.append("Grenades: " + ", ".join(f"{t.grenades[g].name} x{n}" for g, n in sorted(c.grenades.items())
                                               if n))
    gear = [t.armour[a].name for a in c.armour_items]
    if c.gas_mask:
        gear.append("gas mask")
    if c.ear_protection:
        gear.append("ear protection")
    if gear:
        lines.append("Wears: " + ", ".join(gear))
    if c.armour:
        lines.append("Armour can stop: " + ", ".join(
            f"{loc} {n}" + (" (needs replacing)" if n == 0 else "") for loc, n in sorted(c.armour.items())))
    lines.append("Damage: " + ", ".join(f"{loc} {c.damage.get(loc, 0)}" for loc in ("head", "torso", "arm", "leg"))
                 + f" (total {c.total_damage}; 6 in all puts out of combat)")
    if c.limbs_lost:
        lines.append("Destroyed: " + ", ".join(c.limbs_lost))
    if c.status == DEAD:
        lines.append("Dead")
    elif c.status == OUT:
        if c.stabilised:
            lines.append("Out of combat, stabilised by first aid")
        else:
            hours = None if c.dies_at is None else (c.dies_at - st.seconds) / 3600
            left = "" if hours is None else f": dies {hours:g} h from now without first aid"
            lines.append(("Mortally wounded" if c.mortal else "Out of combat") + left)
    else:
        lay = layer(st)
        inside = f", in the {t.vehicles[c.aboard].name} (in cover)" if c.aboard else ""
        lines.append(f"At {where(c.pos)}{inside}" + (", in cover here" if c.pos in lay.cover else "")
                     + (", indoors" if c.pos in lay.indoors else ""))
    if c.able and c.lose_turn >= st.round:
        lines.append(f"Forfeits round {c.lose_turn} ({c.lose_turn_why})")
    if c.able and c.no_shoot >= st.round:
        lines.append(f"Cannot shoot in round {c.no_shoot} (dived clear of a grenade)")
    if c.able and c.aimed >= st.round:
        lines.append(f"Aimed: advantage on shots in round {c.aimed}")
    if c.able and gassed(st, c):
        lines.append("In tear gas: cannot shoot")
    return tuple(lines)


def activation(st: SkirmishState) -> ActivationView:
    names = st.tables.side_names
    side = side_to_act(st)
    head = f"Round {st.round}" + (" (surprise round)" if st.surprise else "") + f", {st.seconds} s of battle"
    if st.result is not None:
        winner, why = st.result
        return ActivationView(now=f"Battle over: {names.get(winner, 'nobody') if winner else 'no winner'}; {why}")
    if st.step == COMMIT and side is not None:
        left = to_order(st, side)
        all_able = [c for c in st.chars.values() if c.side == side and c.able]
        lines = [head, "Orders are secret until both sides have committed."]
        for s in st.sides:
            if s in st.locked:
                lines.append(f"{names[s]}: orders locked")
        return ActivationView(
            now=f"{names[side]}: commit one action per character ({len(all_able) - len(left)} of {len(all_able)} done)",
            lines=tuple(lines),
            acted=frozenset(c.id for c in all_able if c.id in st.orders),
            waiting=frozenset(c.id for c in left))
    if st.step == LUCK and side is not None:
        hit = st.hits[0]
        c = st.chars[hit.target]
        return ActivationView(now=f"{names[side]}: {c.name} may spend luck against {hit.damage} damage to the "
                                  f"{hit.location} (luck {c.luck})", lines=(head, STAGE_TITLES.get(st.stage, "")),
                              waiting=frozenset({c.id}))
    if st.step == REACT and st.offer is not None:
        who = ", ".join(st.chars[x].name for x in st.offer.characters)
        return ActivationView(
            now=f"{names[st.offer.side]}: a live grenade by {who}: throw it away, back, or let it lie",
            lines=(head,), waiting=frozenset(st.offer.characters))
    return ActivationView(now=head)


# ---------------------------------------------------------------------------
# Orders
# ---------------------------------------------------------------------------

def _pos(st: SkirmishState, cid: str | None) -> Hex | None:
    c = st.chars.get(cid or "")
    return c.pos if c else None


def _grenade_at(st: SkirmishState, gid: int) -> Hex | None:
    return next((g.at for g in st.live if g.id == gid), None)


def parts_run(st: SkirmishState, cmd: C.Run) -> OrderParts:
    return OrderParts(cmd.character, "Run", cmd.to, f"run to {where(cmd.to)}")


def parts_shoot(st: SkirmishState, cmd: C.Shoot) -> OrderParts:
    mode = "automatic (6 rounds)" if cmd.auto else "single shot"
    return OrderParts(cmd.character, "Shoot", _pos(st, cmd.target), f"{item_name(st, cmd.weapon)}, {mode}")


def parts_throw(st: SkirmishState, cmd: C.Throw) -> OrderParts:
    return OrderParts(cmd.character, "Throw grenade", cmd.at, item_name(st, cmd.grenade))


def parts_melee(st: SkirmishState, cmd: C.Melee) -> OrderParts:
    return OrderParts(cmd.character, "Melee", _pos(st, cmd.target), f"attack {st.chars[cmd.target].name}")


def parts_reload(st: SkirmishState, cmd: C.Reload) -> OrderParts:
    return OrderParts(cmd.character, "Reload", None, item_name(st, cmd.weapon))


def parts_aim(st: SkirmishState, cmd: C.Aim) -> OrderParts:
    return OrderParts(cmd.character, "Aim", None, "aim: advantage next round")


def parts_first_aid(st: SkirmishState, cmd: C.FirstAid) -> OrderParts:
    return OrderParts(cmd.character, "First aid", _pos(st, cmd.patient), f"stabilise {st.chars[cmd.patient].name}")


def parts_operate(st: SkirmishState, cmd: C.Operate) -> OrderParts:
    m = st.tables.machines.get(cmd.machine)
    return OrderParts(cmd.character, "Operate machinery", m.at if m else None,
                      f"{'open' if cmd.open else 'shut'} the {item_name(st, cmd.machine)}")


def parts_drive(st: SkirmishState, cmd: C.Drive) -> OrderParts:
    return OrderParts(cmd.character, "Drive", cmd.to, f"drive to {where(cmd.to)}")


def parts_communicate(st: SkirmishState, cmd: C.Communicate) -> OrderParts:
    return OrderParts(cmd.character, "Talk at length", None, "talk (costs the action)")


def parts_hold(st: SkirmishState, cmd: C.Hold) -> OrderParts:
    return OrderParts(cmd.character, "Hold", None, "hold (hunker down in cover)")


def parts_lock(st: SkirmishState, cmd: C.Lock) -> OrderParts:
    return OrderParts(None, "Lock orders", None, "lock: the rest hold")


def parts_spend_luck(st: SkirmishState, cmd: C.SpendLuck) -> OrderParts:
    return OrderParts(cmd.character, "Spend luck", None, f"spend {cmd.points} luck")


def parts_throw_away(st: SkirmishState, cmd: C.ThrowAway) -> OrderParts:
    return OrderParts(cmd.character, "Throw grenade away", _grenade_at(st, cmd.grenade), "throw it away")


def parts_throw_back(st: SkirmishState, cmd: C.ThrowBack) -> OrderParts:
    return OrderParts(cmd.character, "Throw grenade back", _grenade_at(st, cmd.grenade), "throw it back (2 luck)")


def parts_let_it_lie(st: SkirmishState, cmd: C.LetItLie) -> OrderParts:
    return OrderParts(None, "Let the grenade lie", None, "nobody reaches for it")


def visible_hexes(st: SkirmishState, piece_id: str) -> frozenset[Hex]:
    c = st.chars.get(piece_id)
    if c is None or c.status == ESCAPED:
        return frozenset()
    return frozenset(h for h in hexes_within(c.pos, st.tables.bands[1] * 2)
                     if h in st.tables.board and can_see(st, c.pos, h))


def summary(st: SkirmishState) -> BattleSummary:
    names = st.tables.side_names
    casualties = {s: sum(1 for c in st.chars.values() if c.side == s and c.status in (OUT, DEAD)) for s in st.sides}
    lines = [f"{plural(st.round, 'round')}, {st.seconds} seconds of battle"]
    for c in sorted(st.chars.values(), key=lambda x: x.id):
        if c.status == DEAD:
            fate = "dead"
        elif c.status == OUT:
            fate = "out of combat, " + ("stabilised" if c.stabilised else "survived until help came")
        elif c.status == ESCAPED:
            fate = "got away"
        else:
            fate = f"standing, {c.total_damage} damage"
        lines.append(f"{c.name} ({names[c.side]}): {fate}")
    return BattleSummary(casualties=casualties, turns=st.round, lines=tuple(lines))


__all__ = ["side_view", "board", "activation", "visible_hexes", "summary"]
