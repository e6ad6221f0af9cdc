"""The inbound chart and arriving in the battle zone (Armoured Dustup: The Inbound Chart; Aerospace
Operations: Arriving in the Battle Zone; High Altitude or Orbital Insertion): counters set on the
chart, :class:`MoveInbound`, the enemy's air defence environment and the pilot's choice there, and
troops inserted from altitude or orbit onto a landing zone. Readings: air.py.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import (
    Hex,
    hex_count,
)
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground
from . import events as E
from .action import Action, Decision
from .aircraft import (
    AIRBORNE,
    HOVERING,
    RULE_TABLE,
    AirPending,
    _lose,
    _named,
    _return_to_base,
    _side_name,
    _spec,
    _where,
    _wound,
    flying,
    free_hex,
    ground_units_near,
    is_aircraft,
    rough,
    step,
)
from .dice import clock_to_hex_direction, die_name, roll_value, shift, value_name
from .state import ABANDONED, HULL, KILLED, WEAPON, DustState, Mission, Pending, Unit

RULE_CHART = "The Inbound Chart"
RULE_ADE = "Aerospace Operations: Arriving in the Battle Zone"
RULE_INSERT = "Aerospace Operations: High Altitude or Orbital Insertion"
INSERT_TARGET = 4
EDGE_FACING = {"north": 5, "south": 2, "west": 0, "east": 3}  # into the table from a side's own edge


@attrs.frozen
class MoveInbound:
    """Instead of activating a unit: move an aircraft's (or inserted unit's) counter one box along the
    inbound chart. ``to`` 0 (the battle area) places it on ``at``, facing ``facing``, ``air``
    "airborne" or (VTOL) "hovering"; for inserted troops ``at`` is the nominated landing zone."""

    side: str
    mission: str
    to: int
    at: Hex | None = None
    facing: int = 0
    air: str = AIRBORNE


def SETUP(ctx: Resolution) -> None:
    """The Inbound Chart: every aircraft (or inserted unit) that starts off the table gets a counter in
    its scenario's box."""
    st: DustState = ctx.state
    for spec in st.tables.deployment:
        box = spec.get("inbound")
        u = st.units.get(str(spec["id"]))
        if not box or u is None or not (is_aircraft(u) or spec.get("insertion")):
            continue
        ctx.emit(E.MissionPlaced(mission=ground.new_id(st, "air"), side=u.side, kind="aircraft", asset=u.id,
                                 box=int(box), unit=u.id, reason=f"{u.name} is inbound", rule=RULE_CHART))


def _inbound_check(st: DustState, side: str, cmd: MoveInbound) -> str | None:
    m = st.missions.get(cmd.mission)
    if m is None or m.side != side or m.kind != "aircraft" or m.unit not in st.units:
        return "there is no aircraft counter of yours by that name on the inbound chart"
    u = st.units[m.unit]
    inserted = not is_aircraft(u)
    allowed = {3: (2,), 2: (1,), 1: (0,) if inserted else (0, -1), -1: (0,)}.get(m.box, ())
    if cmd.to not in allowed:
        return (f"{u.name}'s counter is in box {m.box}: it may move only to "
                + (" or ".join(str(b) for b in allowed) or "nowhere") + " (3 -> 2 -> 1 -> battle area 0 or loiter -1)")
    if cmd.to != 0:
        return None
    if cmd.at is None or not st.tables.on_board(cmd.at):
        return "name the hex on the table where it arrives"
    if inserted:
        return None
    if cmd.air not in (AIRBORNE, HOVERING):
        return "an aircraft arrives airborne or (VTOL) hovering"
    if cmd.air == HOVERING and not u.vtol:
        return f"only VTOL aircraft hover ({RULE_TABLE})"
    if not 0 <= cmd.facing <= 5:
        return "a facing is a hex direction, 0 to 5"
    if any(v.on_table and flying(v) and v.pos == cmd.at for v in st.units.values()):
        return "another aircraft is flying over that hex"
    return None


def _inbound_offer(st: DustState, side: str) -> list[MoveInbound]:
    out: list[MoveInbound] = []
    mine = [m for m in st.missions.values() if m.side == side and m.kind == "aircraft"]
    if not mine:
        return out
    t = st.tables
    centre = _centre(st) if t.on_board(_centre(st)) else next(iter(t.board))
    edge = t.side_info[side]["edge"]
    into = EDGE_FACING[edge]
    for m in mine:
        if m.box > 1:
            out.append(MoveInbound(side, m.id, m.box - 1))
            continue
        u = st.units.get(m.unit or "")
        if u is None:
            continue
        if m.box == 1 and is_aircraft(u):
            out.append(MoveInbound(side, m.id, -1))
        spots = [centre] + list(t.objectives[:2])
        for h in spots:
            out.append(MoveInbound(side, m.id, 0, at=h, facing=into))
            if is_aircraft(u) and u.vtol:
                out.append(MoveInbound(side, m.id, 0, at=h, facing=into, air=HOVERING))
    return out


def _centre(st: DustState) -> Hex:
    from hexfront.engine.core.hexes import offset_to_axial

    return offset_to_axial(st.tables.width // 2, st.tables.height // 2)


def _inbound_resolve(ctx: Resolution, side: str, cmd: MoveInbound) -> None:
    st: DustState = ctx.state
    m = st.missions[cmd.mission]
    assert m.unit is not None, "_inbound_check refuses a counter that carries no unit"
    u = st.units[m.unit]
    if cmd.to > 0 or (cmd.to == -1 and m.box != 1):
        ctx.emit(E.MissionMoved(mission=m.id, box=cmd.to, reason=f"{u.name} flies on", rule=RULE_CHART))
        return
    if m.box == 1 and is_aircraft(u):
        enemy = st.other(side)
        ade = st.tables.side_info[enemy]["ade"]
        a = ctx.roll(ade, f"{_side_name(st, enemy)}'s air defence environment D{ade} against {u.name}'s ECM",
                     RULE_ADE, enemy)
        e = ctx.roll(u.ecm, f"{u.name}'s ECM die D{u.ecm} against the air defences", RULE_ADE, u.id)
        if a > e:
            doubled = a > 2 * e
            at = cmd.at or Hex(0, 0)
            ctx.emit(E.Note(text=f"air defences {a} beat ECM {e}: {u.name} is acquired"
                            + (" (more than double: the ADE roll will be doubled)" if doubled else ""), rule=RULE_ADE))
            ctx.emit(AirPending(facts=("ade", m.id, str(cmd.to), str(at.q), str(at.r), str(cmd.facing), cmd.air,
                                       "1" if doubled else "0"), rule=RULE_ADE))
            ctx.emit(E.DecisionAsked(side=side, kind="ade_pilot", data=("abort", "continue"), rule=RULE_ADE))
            return
        ctx.emit(E.Note(text=f"ECM {e} holds off the air defences' {a}: {u.name} gets through", rule=RULE_ADE))
    _arrive(ctx, m, u, cmd.to, cmd.at, cmd.facing, cmd.air)


def _ade_decided(ctx: Resolution, pending: Pending, choice: str) -> None:
    st: DustState = ctx.state
    facts = st.air_pending or ()
    ctx.emit(AirPending(facts=None, rule=RULE_ADE))
    _, mid, to, q, r, facing, air, doubled = facts
    m = st.missions[mid]
    assert m.unit is not None, "only an aircraft's counter is held by the air defences"
    u = st.units[m.unit]
    if choice == "abort":
        _return_to_base(ctx, u, "the pilot aborts the mission in the face of the air defences", RULE_ADE)
    else:
        enemy = st.other(m.side)
        ade = st.tables.side_info[enemy]["ade"]
        a = ctx.roll(ade, f"{_side_name(st, enemy)}'s air defences D{ade} engage {u.name}"
                     + (" (doubled)" if doubled == "1" else ""), RULE_ADE, enemy)
        a *= 2 if doubled == "1" else 1
        belly = u.armour_face("belly")
        arm = roll_value(ctx, belly, f"{u.name}'s belly armour {value_name(belly)}", RULE_ADE, u.id)
        if a > arm:
            ctx.emit(E.MissionRemoved(mission=m.id, reason=f"{u.name} is shot down on the way in", rule=RULE_ADE))
            _lose(ctx, u, f"shot down by the air defences ({a} against armour {arm})", RULE_ADE)
        else:
            ctx.emit(E.Note(text=f"armour {arm} holds against the air defences' {a}: {u.name} comes through",
                            rule=RULE_ADE))
            _arrive(ctx, m, u, int(to), Hex(int(q), int(r)), int(facing), air)
    _side_action_done(ctx, m.side)


def _side_action_done(ctx: Resolution, side: str) -> None:
    """As after any order given instead of an activation: the other side acts next (rules.resolve)."""
    st: DustState = ctx.state
    if st.result is None and st.pending is None and st.active is None \
            and st.options.get("activation", "alternate") == "alternate":
        other = st.other(side)
        ctx.emit(E.SideToAct(side=other if st.unactivated(other) else side))
        acts.offer_seize(ctx)


def _arrive(ctx: Resolution, m: Mission, u: Unit, to: int, at: Hex | None, facing: int, air: str) -> None:
    st: DustState = ctx.state
    if to == -1:
        ctx.emit(E.MissionMoved(mission=m.id, box=-1, reason=f"{u.name} loiters near the battle", rule=RULE_ADE))
        return
    if not is_aircraft(u):
        assert at is not None, "_inbound_check names the hex where inserted troops arrive"
        insert(ctx, m, u, at)
        return
    ctx.emit(E.MissionRemoved(mission=m.id, reason=f"{u.name} arrives over the battle area", rule=RULE_ADE))
    ctx.emit(E.InFlight(unit=u.id, flight=air, reason="arrives", rule=RULE_TABLE))
    ctx.emit(E.Turned(unit=u.id, facing=facing, reason="arrives", rule=RULE_TABLE))
    ctx.emit(E.UnitPlaced(unit=u.id, at=at))
    for x in [u] + st.passengers(u.id):
        ctx.emit(E.ArrivedOnTable(unit=x.id, reason="arrives on the table", rule=RULE_CHART))
        ctx.emit(E.CountsAsActivated(unit=x.id, reason="just arrived: it may act next turn", rule=RULE_CHART))


def insert(ctx: Resolution, m: Mission, u: Unit, aim: Hex) -> None:
    """High Altitude or Orbital Insertion: where the unit comes down, and what the landing costs it."""
    st: DustState = ctx.state
    how = str(_spec(st, u.id).get("insertion", "grav"))
    ctx.emit(E.MissionRemoved(mission=m.id, reason=f"{u.name} drops ({how})", rule=RULE_INSERT))
    die = shift(u.quality, -1) if how == "parachute" else u.quality
    roll = ctx.roll(die, f"{u.name} drops on the landing zone: quality die {die_name(die)}"
                    + (" (parachute: one lower)" if how == "parachute" else "") + f" must beat {INSERT_TARGET}",
                    RULE_INSERT, u.id,
                    modifiers=_named(f"quality die D{u.quality}",
                                     [("a parachute drop", -1 if how == "parachute" else 0)], RULE_INSERT))
    good = roll > INSERT_TARGET
    d = ctx.roll(6, "drift from the aim point: D6 inches" if good else "drift from the aim point: D6 x 2 inches",
                 RULE_INSERT, u.id)
    hexes = (d + 1) // 2 if good else d
    hour = ctx.roll(12, "direction of the drift (clockface)", RULE_INSERT, u.id)
    lz = step(aim, clock_to_hex_direction(hour), hexes)
    if not st.tables.on_board(lz):
        ctx.emit(E.Note(text=f"{u.name} drifts {hex_count(hexes)} off the table: the unit is lost", rule=RULE_INSERT))
        _lose(ctx, u, "came down off the table", RULE_INSERT)
        return
    spot = lz if not ground_units_near(st, lz, 0) else free_hex(st, lz, side=u.side) or free_hex(st, lz) or lz
    ctx.emit(E.Note(text=f"{u.name} comes down at {_where(spot)}, {hex_count(hexes)} from the aim point"
                    + ("" if spot == lz else " (the nearest free hex)"), rule=RULE_INSERT))
    ctx.emit(E.UnitPlaced(unit=u.id, at=spot))
    ctx.emit(E.ArrivedOnTable(unit=u.id, reason="lands", rule=RULE_INSERT))
    ctx.emit(E.CountsAsActivated(unit=u.id, reason="just landed: it may act next turn", rule=RULE_CHART))
    models = [f for f in u.figures if f.status not in (KILLED, ABANDONED) and f.role != WEAPON]
    far = 0
    for f in models:
        inches = ctx.roll(10, f"{f.name} disperses: D10 inches" + (" x 2 from orbit" if how == "orbital" else ""),
                          RULE_INSERT, u.id) * (2 if how == "orbital" else 1)
        far = max(far, (inches + 1) // 2)
    if models:
        ctx.emit(E.Note(text=f"{u.name}'s furthest model lands {hex_count(far)} from the rest"
                        + (": the squad is widely scattered" if far > 3 else ""), rule=RULE_INSERT))
    terrain = st.tables.board[spot]
    hard = rough(st, spot)
    hurt = []
    for f in models:
        if terrain == "water" and not f.power:
            checks.set_figure(ctx, u, f, KILLED, f.wounds, "came down in open water", RULE_INSERT)
            hurt.append(f)
            continue
        if f.role == HULL:
            r = ctx.roll(u.quality, f"{u.name} lands: quality die D{u.quality}, a 1 destroys it", RULE_INSERT, u.id)
            if r == 1 or hard:
                checks.set_figure(ctx, u, f, KILLED, f.wounds, "destroyed on landing"
                                  + (" on difficult ground" if hard else ""), RULE_INSERT)
            continue
        qd = shift(u.quality, -1) if hard else u.quality
        r = ctx.roll(qd, f"{f.name} lands: quality die {die_name(qd)}" + (" (difficult ground)" if hard else "")
                     + ", a 1 wounds the figure", RULE_INSERT, u.id,
                     modifiers=_named(f"quality die D{u.quality}", [("difficult ground", -1 if hard else 0)],
                                      RULE_INSERT))
        if r == 1:
            _wound(ctx, u, f, "a bad landing", RULE_INSERT)
            hurt.append(f)
    if hurt:
        checks.leader_losses(ctx, [u.id])


SIDE_ACTIONS: dict[type, Action] = {MoveInbound: Action(_inbound_check, _inbound_resolve, _inbound_offer)}
DECISIONS: dict[str, Decision] = {"ade_pilot": _ade_decided}
