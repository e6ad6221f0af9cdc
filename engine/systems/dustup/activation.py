"""Who acts in Dustup (the activation pane and the inbound chart), what a unit sees, and the end of
battle. Nothing here changes a battle.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.view import (
    ActivationView,
    BattleSummary,
)
from hexfront.engine.core.words import plural

from . import ground, rules
from .board import marker_for, piece_id
from .describe import Describer, where
from .state import (
    ABANDONED,
    DETACHMENT,
    DISABLED,
    KILLED,
    ROUTED,
    STABILISED,
    UNTREATED,
    DustState,
    Mission,
)

# ---------------------------------------------------------------------------------------------
# Who acts
# ---------------------------------------------------------------------------------------------

BY_WORDS = {"turn": "", "order": "by order", "detachment": "by its parent", "seize": "seized the initiative",
            "card": "its card came up", "leftover": "the last activation"}



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


def asset_of(st: DustState, side: str, asset: str) -> dict[str, Any]:
    for a in st.tables.support.get(side, ()):
        if str(a.get("id")) == asset:
            return a
    return {}


def mission_words(st: DustState, m: Mission) -> str:
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
    used = st.support_used
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
            lines.append(f"{names.get(side, side)} support: {plural(chits, 'chit')}"
                         + (f"; {', '.join(left)}" if left else ""))
    return lines


def _now(st: DustState) -> tuple[str, list[str]]:
    """The pane's heading (who acts now, or the battle's end) and the lines that go with it."""
    names = st.tables.side_names
    d = Describer(st)
    lines: list[str] = []
    if st.result is not None:
        winner, reason = st.result
        now = f"Turn {st.turn} - battle over: " + (f"{names[winner]} won" if winner else "no winner")
        lines.append(reason)
    elif st.pending is not None:
        p = st.pending
        about = asking_unit(st)
        now = f"Turn {st.turn} - {names.get(p.side, p.side)}" + (f", {d.name(about)}" if about else "") + \
            f": {rules.pending_question(st)}"
        lines.append("choices: " + "; ".join(d.choice(c) for c in p.data))
    elif st.active is not None:
        top = st.active
        u = st.units[top.unit]
        who = "a hidden unit" if marker_for(st, u.id) else d.name(u.id)
        how = BY_WORDS.get(top.by, top.by)
        now = (f"Turn {st.turn} - {names[u.side]}: {who} acting, {plural(top.actions, 'action')} left"
               + (f" ({how})" if how else ""))
        for below in reversed(st.stack[:-1]):
            v = st.units.get(below.unit)
            if v is not None:
                lines.append(f"then back to {d.name(v.id)}: {plural(below.actions, 'action')} left")
    else:
        now = f"Turn {st.turn} - {names.get(st.to_act or '', 'nobody')} to activate a unit"
        if st.forced_unit is not None:
            now += f" ({st.units[st.forced_unit].name}'s card)"
    return now, lines


def _sides_lines(st: DustState) -> list[str]:
    """While the battle goes on: the inbound chart, who went first, each side's units activated and left."""
    names = st.tables.side_names
    lines = chart_lines(st)  # first: the queue pane is short, and impacts are resolved instead of activating
    if st.first:
        lines.append(f"{names[st.first]} went first this turn")
    for side in st.sides:
        mine = [u for u in st.units.values() if u.side == side and u.on_table and u.kind != DETACHMENT]
        done = [u for u in mine if u.activated]
        left = [u for u in mine if not u.activated]
        open_names = [u.name for u in left if not marker_for(st, u.id)]
        hidden = len(left) - len(open_names)
        if hidden:
            open_names.append(plural(hidden, "hidden unit"))
        text = f"{names[side]}: {len(done)} of {len(mine)} activated"
        if open_names:
            text += "; to act: " + ", ".join(open_names)
        lines.append(text)
    if st.options.get("seize_tokens"):
        lines.append("seize tokens: " + ", ".join(f"{names[s]} {st.tokens.get(s, 0)}" for s in st.sides))
    return lines


def _waiting(st: DustState) -> frozenset[str]:
    """The pieces that may act now: the acting unit's, or those of the side to act that may begin."""
    waiting: set[str | None] = set()
    if st.result is None and st.pending is None:
        if st.active is not None:
            waiting.add(piece_id(st, st.active.unit))
        elif st.to_act is not None:
            waiting |= {piece_id(st, u.id) for u in st.unactivated(st.to_act) if rules.may_begin(st, u) is None}
    return frozenset(w for w in waiting if w)


def activation(st: DustState) -> ActivationView:
    """The activation pane: who acts now, each side's units still to act, objectives and the turn."""
    t = st.tables
    names = t.side_names
    now, lines = _now(st)
    if st.result is None:
        lines += _sides_lines(st)
    if t.objectives:
        held = {s: rules.objectives_held(st, s) for s in st.sides}
        lines.append(f"objectives ({len(t.objectives)}): " + ", ".join(f"{names[s]} hold {held[s]}" for s in st.sides)
                     + " - " + " ".join(where(o) for o in t.objectives))
    lines.append(f"turn {st.turn} of {t.turn_limit}" + (", at night" if t.night else ""))
    acted = frozenset(u.id for u in st.units.values() if u.activated and u.on_table and not marker_for(st, u.id))
    return ActivationView(now=now, lines=tuple(lines), acted=acted, waiting=_waiting(st))


# ---------------------------------------------------------------------------------------------
# Sight and the end of battle
# ---------------------------------------------------------------------------------------------


def visible_hexes(st: DustState, pid: str) -> frozenset[Hex]:
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
        found = cache[key] = frozenset(h for h in st.tables.board if ground.can_see(st, at, h))
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
        text += f"; {plural(fighting, 'unit')} still fighting"
        if gone:
            text += f", {gone} gone"
        vehicles = [u for u in mine if u.is_vehicle and u.hull is None]
        if vehicles:
            lost = sum(1 for u in vehicles if u.destroyed)
            text += f"; {lost} of {plural(len(vehicles), 'vehicle')} destroyed"
        lines.append(text)
    if st.tables.objectives:
        lines.append("objectives held: " + ", ".join(f"{names[s]} {rules.objectives_held(st, s)}"
                                                     for s in st.sides) + f" of {len(st.tables.objectives)}")
    return BattleSummary(casualties=casualties, turns=st.turn, lines=tuple(lines))
