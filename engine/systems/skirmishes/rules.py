"""Skirmishes rules: setting up, the round of secret orders, what is legal, and driving the resolution.

The book ("Rounds") has a referee call each phase while the players say what their characters do. This game's
reading (RULES-NOTES): each side commits one action per able character in secret, the first side to act first;
neither side sees the other's orders until both have committed; then the orders are revealed together and the
phases resolve in the book's order (movement, shooting, grenades, melee, miscellaneous), every action of a phase
at once. Grenades that are still live burst at the end of the round.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import combat, hits
from . import events as E
from .data import Tables
from .describe import order_line
from .ground import band_effect, can_see, drive_options, layer
from .state import (
    ABLE,
    COMMIT,
    LUCK,
    OUT,
    REACT,
    RESOLVE,
    ROUND_SECONDS,
    STAGE_TITLES,
    STAGES,
    Character,
    SkirmishState,
    vehicle_for,
)

# ---------------------------------------------------------------------------
# Setup
# ---------------------------------------------------------------------------

def new_state(tables: Tables, options: dict[str, Any] | None = None) -> SkirmishState:
    """The battle before its setup: every character as deployed, with the battle's ``options``."""
    chars = {}
    for d in tables.deployment:
        armour: dict[str, int] = {}
        for item in d.armour:
            for loc, n in tables.armour[item].covers.items():
                armour[loc] = armour.get(loc, 0) + n
        chars[d.id] = Character(
            id=d.id, side=d.side, name=d.name, template=d.template, pos=d.at, player=d.player, luck=d.luck,
            shooting=d.shooting, athletics=d.athletics, melee=d.melee, firearms=d.firearms,
            loaded={f: tables.firearms[f].magazine for f in d.firearms},
            spares={f: tables.firearms[f].spares for f in d.firearms}, melee_weapon=d.melee_weapon,
            grenades=dict(d.grenades), armour=armour, armour_items=d.armour, gas_mask=d.gas_mask,
            ear_protection=d.ear_protection)
    return SkirmishState(tables=tables, chars=chars, options=dict(options or {}))


def setup(ctx: Resolution) -> None:
    st: SkirmishState = ctx.state
    for d in st.tables.deployment:
        ctx.emit(E.CharacterPlaced(character=d.id, at=d.at))
    for m in st.tables.machines.values():
        ctx.emit(E.MachineSet(machine=m.id, open=m.starts_open))
    for v in st.tables.vehicles.values():
        ctx.emit(E.VehiclePlaced(vehicle=v.id, at=v.at))
    begin_round(ctx, st, 1)


def begin_round(ctx: Resolution, st: SkirmishState, number: int) -> None:
    """A new round. Ambushes: the first round of an ambush scenario is the ambushers' surprise round, in which
    only they give orders. A character who lost its turn (armour hit, flashbang) forfeits its action."""
    surprise = number == 1 and bool(st.tables.ambusher)
    ctx.emit(E.RoundBegan(round=number, surprise=surprise))
    for c in sorted(st.chars.values(), key=lambda x: x.id):
        if c.able and c.lose_turn == number:
            ctx.emit(E.OrderForced(character=c.id, reason=c.lose_turn_why or "lost the turn",
                                   rule="Grenades: Flashbang" if "flashbang" in c.lose_turn_why
                                   else "Attacks and Damage"))
    for side in st.sides:
        if surprise and side != st.tables.ambusher:
            ctx.emit(E.SideLocked(side=side, reason="surprised: no orders in the ambushers' surprise round"))
        elif not to_order(st, side):
            ctx.emit(E.SideLocked(side=side, reason="nobody to give orders to"))
    after_lock(ctx, st)


# ---------------------------------------------------------------------------
# Who may act
# ---------------------------------------------------------------------------

def to_order(st: SkirmishState, side: str) -> list[Character]:
    """The side's able characters still without an action this round."""
    return [c for c in st.chars.values() if c.side == side and c.able and c.id not in st.orders]


def committing_side(st: SkirmishState) -> str | None:
    for side in st.sides:
        if side not in st.locked:
            return side
    return None


def side_to_act(st: SkirmishState) -> str | None:
    if st.result is not None:
        return None
    if st.step == COMMIT:
        return committing_side(st)
    if st.step == LUCK:
        return st.chars[st.hits[0].target].side
    if st.step == REACT and st.offer is not None:
        return st.offer.side
    return None


def position(st: SkirmishState, c: Character) -> Hex:
    """Where ``c`` will stand when its action resolves: its planned run's end, else where it is."""
    return st.plans.get(c.id, c.pos)


def _hex_key(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


def enemies(st: SkirmishState, c: Character) -> list[Character]:
    return [e for e in st.chars.values() if e.side != c.side and e.able]


def shoot_targets(st: SkirmishState, c: Character, weapon: str, auto: bool) -> list[str]:
    """Enemies ``c`` could shoot from where it will stand: in sight, and not a certain miss for the weapon."""
    if c.no_shoot == st.round or c.loaded.get(weapon, 0) < (combat.AUTO_SHOTS if auto else 1):
        return []
    if auto and not st.tables.firearms[weapon].auto:
        return []
    at = position(st, c)
    out = []
    for e in enemies(st, c):
        if band_effect(st, weapon, at.distance(e.pos))[1] != "miss" and can_see(st, at, e.pos):
            out.append(e.id)
    return out


def throw_targets(st: SkirmishState, c: Character, grenade: str) -> list[Hex]:
    """Hexes ``c`` may throw at: the hexes of enemies in sight and in throwing range, and, for smoke, its own."""
    if c.grenades.get(grenade, 0) < 1:
        return []
    at = position(st, c)
    out = [e.pos for e in enemies(st, c)
           if 0 < at.distance(e.pos) <= st.tables.throw_range and can_see(st, at, e.pos)]
    if st.tables.grenades[grenade].kind == "smoke":
        out.append(at)
    return sorted(set(out), key=_hex_key)


def melee_targets(st: SkirmishState, c: Character) -> list[str]:
    at = position(st, c)
    return [e.id for e in enemies(st, c) if at.distance(e.pos) == 1]


def aid_patients(st: SkirmishState, c: Character) -> list[str]:
    at = position(st, c)
    return [p.id for p in st.chars.values()
            if p.side == c.side and p.status == OUT and not p.stabilised and at.distance(p.pos) <= 1 and p.id != c.id]


def machines_in_reach(st: SkirmishState, c: Character) -> list[tuple[str, bool]]:
    """(machine, setting) pairs ``c`` could set from where it will stand: a machine next to it (or in its hex),
    set the other way from now. A machine is never shut on the hex the operator stands in."""
    at = position(st, c)
    out = []
    for m in st.tables.machines.values():
        if at.distance(m.at) <= 1:
            want = not st.machines[m.id]
            if want or at != m.at:
                out.append((m.id, want))
    return out


def drive_targets(st: SkirmishState, c: Character) -> list[Hex]:
    vid = vehicle_for(st, c)
    if vid is None:
        return []
    for o in st.orders.values():
        if o.action == "drive" and o.item == vid:
            return []  # one driver a round
    return sorted(drive_options(st, vid), key=_hex_key)


# ---------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------

def _orderable(st: SkirmishState, cid: str) -> tuple[Character | None, str | None]:
    side = side_to_act(st)
    c = st.chars.get(cid)
    if c is None:
        return None, f"there is no character '{cid}'"
    if st.step != COMMIT:
        return None, "orders are not being given now"
    if c.side != side:
        return None, f"{c.name} is not on the side giving orders"
    if not c.able:
        return None, f"{c.name} is out of the fight"
    if cid in st.orders:
        return None, f"{c.name} already has an order this round"
    return c, None


def idle_reason(st: SkirmishState, cid: str | None) -> str:
    """Why character ``cid`` (None: any character) has no order now, from the checks that refuse one:
    the step of the round, the side giving orders, being out of the fight, an order already given."""
    if st.result is not None:
        return "the battle is over"
    if st.step == LUCK:
        return "a hit is waiting: choose how much luck to spend on it first"
    if st.step == REACT:
        return "a live grenade is waiting for an answer first"
    if cid is None:
        return "every character has its order: lock them in (an order for the whole side)"
    if cid in st.vehicles:
        return "a vehicle takes no orders: whoever is inside drives it (a miscellaneous action)"
    c, why = _orderable(st, cid)
    if c is None:
        return why or "it takes no orders now"
    return f"{c.name} has no order it can take this round"


# Each order type's check, offers and resolution are in orders.py (registered in rulebook.py).


def after_lock(ctx: Resolution, st: SkirmishState) -> None:
    """When both sides are locked, the orders are revealed together and the round resolves."""
    if committing_side(st) is not None:
        return
    lines = tuple(f"{c.name}: caught by surprise" if st.surprise and c.side != st.tables.ambusher
                  else order_line(st, st.orders.get(c.id), st.plans.get(c.id), c)
                  for c in sorted(st.chars.values(), key=lambda x: x.id) if c.able)
    ctx.emit(E.OrdersRevealed(lines=lines or ("nobody acts",)))
    advance(ctx, st)


def advance(ctx: Resolution, st: SkirmishState) -> None:
    """Run the round's stages until a decision is needed (luck, a live grenade) or the next round's orders."""
    while st.result is None and st.step not in (COMMIT, LUCK):
        if st.hits:
            if not hits.settle_next_hit(ctx, st):
                return
            continue
        if st.step == REACT:
            return
        if st.stage == "reactions":
            chance = combat.reaction_chances(st)
            if chance is not None:
                ctx.emit(E.ReactionOffered(grenade=chance[0], side=chance[1], characters=chance[2]))
                return
        nxt = STAGES[STAGES.index(st.stage) + 1] if st.stage else STAGES[0]
        if nxt == "shelling" and not any(st.round in sh.rounds for sh in st.tables.shelling):
            nxt = "end"  # no shells due this round: the phase is not shown
        ctx.emit(E.StageBegan(stage=nxt))
        if nxt == "end":
            end_round(ctx, st)
            return
        runner = combat.STAGE_RUNNERS.get(nxt)
        if runner is not None:
            runner(ctx, st)
        if nxt == "shooting":
            for c in sorted(st.chars.values(), key=lambda x: x.id):
                order = st.orders.get(c.id)
                if c.able and order is not None and order.action == "hold":
                    ctx.emit(E.Hunkered(character=c.id))


def end_round(ctx: Resolution, st: SkirmishState) -> None:
    for cl in list(st.clouds):
        if cl.until <= st.round:
            ctx.emit(E.CloudDispersed(kind=cl.kind, at=cl.at))
    v = st.tables.victory
    if v.exit_side:
        for c in sorted(st.chars.values(), key=lambda x: x.id):
            if c.side == v.exit_side and c.able and st.tables.on_edge(c.pos, v.exit_edge):
                ctx.emit(E.Escaped(character=c.id, edge=v.exit_edge))
    ctx.emit(E.RoundEnded(round=st.round, seconds=st.seconds + ROUND_SECONDS))
    verdict = victory(st)
    if verdict is not None:
        aftermath(ctx, st)
        ctx.emit(E.BattleEnded(winner=verdict[0], reason=verdict[1]))
        return
    begin_round(ctx, st, st.round + 1)


def victory(st: SkirmishState) -> tuple[str | None, str] | None:
    """The scenario's victory conditions, checked at the end of each round (this game's own, per scenario)."""
    v = st.tables.victory
    names = st.tables.side_names
    if v.exit_side:
        gone = sum(1 for c in st.chars.values() if c.side == v.exit_side and c.status == "escaped")
        if gone >= v.exit_needed:
            return v.exit_side, f"{names[v.exit_side]} got {gone} characters away"
    able = {s: sum(1 for c in st.chars.values() if c.side == s and c.able) for s in st.sides}
    a, b = st.sides
    if v.exit_side:
        gone = sum(1 for c in st.chars.values() if c.side == v.exit_side and c.status == "escaped")
        if able[v.exit_side] + gone < v.exit_needed:
            other = st.other(v.exit_side)
            return other, f"{names[v.exit_side]} can no longer get {v.exit_needed} characters away"
    if able[a] == 0 and able[b] == 0:
        return None, "nobody is left standing"
    for side in st.sides:
        if able[side] == 0:
            return st.other(side), f"{names[side]} has nobody left in the fight"
    if v.clear_side:
        foe = st.other(v.clear_side)
        indoors = layer(st).indoors
        if not any(c.side == foe and c.able and c.pos in indoors for c in st.chars.values()):
            return v.clear_side, f"{names[v.clear_side]} has cleared the building"
    if st.round >= v.round_limit:
        if v.at_limit == "draw":
            return None, f"round {v.round_limit} is over: a draw"
        if v.at_limit == "standing":
            if able[a] == able[b]:
                return None, f"round {v.round_limit} is over with as many standing on each side"
            win = a if able[a] > able[b] else b
            return win, f"round {v.round_limit} is over with more of {names[win]} standing"
        return v.at_limit, f"round {v.round_limit} is over: {names[v.at_limit]} holds"
    return None


def aftermath(ctx: Resolution, st: SkirmishState) -> None:
    """This game's reading of the 1d4 hours: help reaches the wounded the scenario's ``aftermath_hours`` after the
    last round; anyone seriously wounded and not stabilised whose hours run out before then dies."""
    help_at = st.seconds + st.tables.aftermath_hours * 3600
    for c in sorted(st.chars.values(), key=lambda x: x.id):
        if c.status == OUT and not c.stabilised and c.dies_at is not None and c.dies_at <= help_at:
            late = plural(st.tables.aftermath_hours, "hour")
            ctx.emit(E.Died(character=c.id, reason=f"help came {late} after the fight, too late"))


__all__ = ["new_state", "setup", "side_to_act", "ABLE", "RESOLVE", "STAGE_TITLES", "STAGES", "vehicle_for"]
