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

from engine.core.hexes import Hex, hex_distance, shortest_path
from engine.core.view import (ActivationView, BattleSummary, BoardView, Chance, OrderParts, OrderPreview, Piece,
                              SideInfo, TerrainKey)

from . import commands as C
from . import odds, rules
from .data import COMMS_RANGE, Terrain, Weapon
from .describe import REORGANISE, Describer, short_weapon_id, where, words_of
from .dice import LEADERSHIP_NAMES, QUALITY_NAMES, die_name, open_shift, shift
from .state import (ABANDONED, BROKEN, COMMAND, CONFIDENCE, CONFIDENT, DETACHMENT, DISABLED, FIT, KILLED, ROUTED,
                    SHAKEN, SINGLE, STABILISED, UNTREATED, DustState, Unit)

# ---------------------------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------------------------

KIND_GLYPHS = {"squad": "S", COMMAND: "H", DETACHMENT: "D", SINGLE: "F"}
KIND_WORDS = {"squad": "squad", COMMAND: "headquarters", DETACHMENT: "detachment", SINGLE: "single figure"}
MARKER_GLYPH = "?"
CONFIDENCE_MARKS = {"steady": "s", "shaken": "k", "broken": "b", "routed": "r"}

# The map shows a piece's first mark beside its letter, so the marks are in order of urgency.
MARKS_LEGEND = (
    "letters: S squad, H headquarters, D detachment, F single figure, ? hidden unit or dummy",
    "marks: ! panicking, 1-3 suppression markers, s steady, k shaken, b broken, r routed, p propped, "
    "c completely concealed, t travel column",
)


def piece_glyph(u: Unit) -> str:
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


def marks(u: Unit) -> str:
    out = ""
    if u.panicked:
        out += "!"
    if u.suppression:
        out += str(min(u.suppression, 9))
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
    words = []
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
    """A weapon in a few characters: "assault rifle FP2/D8", "LMG D8/D10" (firepower / impact)."""
    fire = f"FP{w.firepower:g}" if not w.support else die_name(w.die)
    return f"{short_weapon_id(w.id)} {fire}/{die_name(w.impact)}"



def details(st: DustState, u: Unit) -> tuple[str, ...]:
    """What the orders pane shows about a unit, a few short lines (the first, its name, is the heading)."""
    t = st.tables
    names = t.side_names
    lines = [f"{u.name} [{u.id}], {names.get(u.side, u.side)}: {KIND_WORDS.get(u.kind, u.kind)}"]
    conf = CONFIDENCE[u.confidence]
    if u.initial_confidence != u.confidence:
        conf += f" (was {CONFIDENCE[u.initial_confidence]})"
    lines.append(f"{die_name(u.quality)} {QUALITY_NAMES.get(u.quality, '?')}, leadership {u.leadership} "
                 f"{LEADERSHIP_NAMES.get(u.leadership, '?')}, {conf}")
    present = [f for f in u.figures if f.status != KILLED and f.status != ABANDONED]
    parts = [f"{sum(1 for f in present if f.status == FIT)} fit"]
    for status, word in ((UNTREATED, "wounded untreated"), (STABILISED, "stabilised"), (DISABLED, "in wrecked suits")):
        k = sum(1 for f in present if f.status == status)
        if k:
            parts.append(f"{k} {word}")
    killed = sum(1 for f in u.figures if f.status == KILLED)
    left = sum(1 for f in u.figures if f.status == ABANDONED)
    armour = min((f.armour for f in u.figures), default=4)
    kit = [f"armour {die_name(armour)}" + (" power" if u.power else ""), f"move {die_name(u.move_die)}",
           f"sensor {die_name(u.sensor)}" + (" +night vision" if u.night_vision else "")]
    if u.medic > 6:
        kit.append(f"medic {die_name(u.medic)}")
    lines.append(f"{len(present)} figures: {', '.join(parts)}" + (f", {killed} killed" if killed else "")
                 + (f", {left} left behind" if left else "") + "; " + ", ".join(kit))
    counts: dict[str, int] = {}
    for f in u.figures:
        if f.status == FIT:
            counts[f.weapon] = counts.get(f.weapon, 0) + 1
    arms = [f"{k} {weapon_brief(t.weapons[w]) if w in t.weapons else w}" for w, k in counts.items()]
    if u.grenades and u.grenades in t.weapons:
        arms.append(f"grenades {weapon_brief(t.weapons[u.grenades])}")
    if arms:
        lines.append("weapons: " + ", ".join(arms))
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
    hurt = [f"{f.id} {f.status}" for f in u.figures if f.status not in (FIT, KILLED)]
    if hurt:
        lines.append("casualties: " + ", ".join(hurt))
    return tuple(lines)


def piece(st: DustState, u: Unit) -> Piece:
    return Piece(id=u.id, side=u.side, glyph=piece_glyph(u), name=u.name, at=u.pos, marks=marks(u),
                 state=state_words(st, u), details=details(st, u))


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


def board(st: DustState) -> BoardView:
    t = st.tables
    terrain = {h: t.terrain[tid].glyph for h, tid in t.board.items()}
    present = set(t.board.values())
    legend = tuple(TerrainKey(tr.glyph, tr.name, terrain_effect(tr)) for tid, tr in t.terrain.items()
                   if tid in present)
    pieces = []
    hidden_under = {m.unit for m in st.markers.values() if m.unit is not None}
    for u in st.units.values():
        if not shown(u):
            continue
        if u.hidden and u.id in hidden_under:
            continue  # drawn as its marker
        pieces.append(piece(st, u))
    for m in st.markers.values():
        pieces.append(marker_piece(st, m))
    sides = tuple(SideInfo(s, t.side_names[s]) for s in t.side_ids)
    return BoardView(cols=t.width, rows=t.height, terrain=terrain, legend=legend, pieces=tuple(pieces), sides=sides)


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
        # an order this file does not know yet: filed by its unit (if any) under its own name
        owner = getattr(cmd, "unit", None)
        return OrderParts(piece_id(st, owner) if isinstance(owner, str) else None,
                          words_of(t.__name__).capitalize(), None, d.command(cmd))
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
    named, impact = fire.firer_dice_named(st, u, [f.id for f in figs], cmd.grenades)
    mods += [label for _, label in named]
    shot = fire.odds(st, u, target, cmd.figures, cmd.grenades, cmd.suppressive)
    exact = "exact: every face of every die counted"
    if cmd.suppressive:
        chances = (Chance("no effect", shot.none),
                   Chance(f"{target.name} suppressed (no hits: suppressive fire)", shot.minor + shot.major))
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=exact)
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
    chances = (Chance("no effect", shot.none), Chance(f"minor success: {target.name} suppressed", shot.minor),
               Chance("major success: suppressed and hits", shot.major))
    hits = shot.expected_hits
    note = f"expected hits {hits:.2f}, about {hits * (wound + kill):.2f} casualties; {exact}"
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances, note=note)


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
    if u.confidence == SHAKEN and rules._needs_nerve(st, u, cmd.to):
        nerve = odds.p_beats(u.quality, u.leadership)
        mods.append(f"shaken: a leadership test first, {die_name(u.quality)} over {u.leadership} "
                    f"({_pct(nerve)})")
    chances = [Chance(f"reaches {where(cmd.to)}", nerve * p),
               Chance("falls short: goes as far as the roll allows", nerve * (1 - p))]
    if nerve < 1:
        chances.append(Chance("will not go: the action is lost", 1 - nerve))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances))


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
        return OrderPreview(summary=summary, cost=cost, odds=(Chance("contact: close combat at once", 1.0),),
                            modifiers=("already next to the enemy: no courage test, no withdrawal, no defensive "
                                       "fire (The Two Inch Rule)",))
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
    nerves = "" if target.suppression else ", and drops a confidence level"
    routs = "routs" if target.confidence <= BROKEN else "withdraws"
    chances = [Chance(f"{target.name} {routs}", o[assault.WITHDRAW]),
               Chance("the attack goes in: move to contact", o[assault.CONTACT]),
               Chance("attacker halts: the assault action is lost", o[assault.FAIL]),
               Chance(f"the attack fails: both actions lost{nerves}", o[assault.BAD])]
    note = "the defender may choose to withdraw instead of testing"
    if target.confidence <= BROKEN:
        note = f"{target.name} is broken: it routs if the attacker rolls higher"
    if cmd.second:
        note += f"; against {st.units[cmd.second].name} too, the unit splits and tests twice (odds for the first)"
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=tuple(chances), note=note)


def rally_preview(st: DustState, u: Unit, cmd: C.Rally, summary: str, cost: str) -> OrderPreview:
    sub = st.units[cmd.subordinate]
    p_comm, mods = communicate(st, u, sub)
    target = sub.leadership + u.leadership
    mods.append(f"rally: {sub.name} {die_name(sub.quality)} must beat {target} = leadership {sub.leadership} + "
                f"commander {u.leadership}; never above its starting confidence")
    faces = range(1, sub.quality + 1)
    if st.options.get("rally_doubles"):
        two = sum(1 for x in faces if x > 2 * target) / sub.quality
        one = sum(1 for x in faces if target < x <= 2 * target) / sub.quality
        drop = sum(1 for x in faces if 2 * x < target) / sub.quality
        mods.append("optional rule: over double rises two levels, under half drops one")
        chances = (Chance("up two levels", p_comm * two), Chance("up one level", p_comm * one),
                   Chance("no change", p_comm * (1 - two - one - drop) + (1 - p_comm)),
                   Chance("drops a level", p_comm * drop))
    else:
        p = odds.p_beats(sub.quality, target)
        chances = (Chance("up one confidence level", p_comm * p), Chance("no change", 1 - p_comm * p))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances)


def treat_preview(st: DustState, u: Unit, cmd: C.Treat, summary: str, cost: str) -> OrderPreview:
    """Medical Treatment Action: a die for each untreated casualty, 1-2 dies, 3-5 stabilised, 6+ back on duty."""
    from . import command

    patient = st.units[cmd.patient]
    n = len(patient.wounded_untreated)
    die, who = command.treatment_die(u)
    kill, stab = 2 / die, 3 / die
    fit = max(0.0, 1 - kill - stab)
    mods = (f"{_plural(n, 'untreated casualty', 'untreated casualties')}, each rolls a {die_name(die)} ({who}): "
            "1-2 dies, 3-5 stabilised, 6 or more back on duty",)
    chances = (Chance("each: back on duty", fit), Chance("each: stabilised", stab), Chance("each: dies", kill))
    return OrderPreview(summary=summary, cost=cost, modifiers=mods, odds=chances,
                        note=f"expected back on duty {n * fit:.1f}, dead {n * kill:.1f}")


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
    chances = (Chance("both dice beat it: a unit is revealed, a dummy removed", both),
               Chance("one die beats it: a dummy is removed, a unit stays hidden", one),
               Chance("nothing learned", 1 - both - one))
    return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods), odds=chances,
                        note="exact: every face of every die counted")


def action_cost(st: DustState, uid: str) -> str:
    top = st.active
    if top is None:
        return "activates the unit: 1 of its 2 actions"
    if top.unit == uid:
        return f"1 of the {_plural(top.actions, 'action')} left"
    return ""


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
    u = st.units[cmd.unit]
    cost = action_cost(st, u.id)
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
                            odds=(Chance("one suppression marker removed", p), Chance("stays pinned", 1 - p)))
    if t is C.Rally:
        return rally_preview(st, u, cmd, summary, cost)
    if t in (C.Order, C.CombinedAssault):
        subs = [cmd.subordinate] if t is C.Order else [cmd.first, cmd.second]
        p, mods = 1.0, []
        for sid in subs:
            q, words = communicate(st, u, st.units[sid])
            p *= q
            mods += [f"{st.units[sid].name}: {w}" for w in words]
        what = "the order gets through: it takes two actions" if t is C.Order else "both orders get through"
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            odds=(Chance(what, p), Chance("the message fails", 1 - p)))
    if t is C.ActivateDetachment:
        p, mods = communicate(st, u, st.units[cmd.detachment])
        return OrderPreview(summary=summary, cost=cost, modifiers=tuple(mods),
                            odds=(Chance("the detachment takes two actions", p), Chance("the message fails", 1 - p)))
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
                            odds=(Chance("recovers from the panic", p), Chance("still panicking", 1 - p - bad),
                                  Chance("still panicking and drops a confidence level", bad)))
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
        figs = [f for u in mine for f in u.figures]
        killed = sum(1 for f in figs if f.status == KILLED)
        wounded = sum(1 for f in figs if f.status in (UNTREATED, STABILISED, DISABLED))
        left = sum(1 for f in figs if f.status == ABANDONED)
        fighting = sum(1 for u in mine if u.on_table and u.confidence > ROUTED)
        gone = sum(1 for u in mine if not u.on_table and u.kind != DETACHMENT)
        text = f"{names[s]}: {killed} killed, {wounded} wounded"
        if left:
            text += f", {left} left behind"
        text += f"; {_plural(fighting, 'unit')} still fighting"
        if gone:
            text += f", {gone} gone"
        lines.append(text)
    if st.tables.objectives:
        lines.append("objectives held: " + ", ".join(f"{names[s]} {rules.objectives_held(st, s)}"
                                                     for s in st.sides) + f" of {len(st.tables.objectives)}")
    return BattleSummary(casualties=casualties, turns=st.turn, lines=tuple(lines))
