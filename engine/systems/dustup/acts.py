"""What every Dustup action module does the same way: spend an action, activate a unit by order,
move it, reveal it, test for panic on sight, leave wounded behind, and offer the other side the
initiative. These emit events; the modules' own hooks (mines on the way, a unit's activation...) are
reached through the system's hooks (action.hooks_of), never by importing the modules.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, reachable, shortest_path
from hexfront.engine.core.resolution import Resolution

from . import checks
from . import commands as C
from . import events as E
from .action import Action, hooks_of
from .ground import (
    can_see,
    carried_wounded,
    carries_wounded,
    cover_distance,
    hex_gives_cover,
    in_cover,
    move_options,
    move_refusal,
    movement_die,
    must_seek_cover,
    nearest_enemy_distance,
    needs_nerve,
    step_cost,
    vehicle_cannot_move,
    walk_into,
)
from .state import (
    ABANDONED,
    BROKEN,
    CONFIDENCE,
    DISABLED,
    ROUTED,
    SHAKEN,
    STABILISED,
    UNTREATED,
    DustState,
    Figure,
    Unit,
)


def offer_seize(ctx: Resolution) -> None:
    """Seize the Initiative (optional): before a normal activation, the other side may spend a token.

    The question is put once for each activation (``seize_asked``): a side that declines is not
    asked again until the next activation has come and gone.
    """
    st: DustState = ctx.state
    side = st.to_act
    if side is None or not st.options.get("seize_tokens") or st.seize_asked:
        return
    _ask_seize(ctx, st.other(side))


def _ask_seize(ctx: Resolution, side: str) -> None:
    st: DustState = ctx.state
    if st.tokens.get(side, 0) > 0 and st.unactivated(side):
        choices = ("decline",) + tuple(f"seize:{u.id}" for u in st.unactivated(side))
        ctx.emit(E.DecisionAsked(side=side, kind="seize", data=choices, rule="Seize the Initiative"))


def spend(ctx: Resolution, u: Unit, action: str, n: int = 1) -> None:
    """The acting unit uses ``n`` of its actions on ``action``."""
    ctx.emit(E.ActionTaken(unit=u.id, action=action, spent=n))


def push_activation(ctx: Resolution, u: Unit, by: str) -> None:
    """Activate ``u`` for two actions on top of whatever is acting (Order Action; detachments)."""
    ctx.emit(E.ActivationBegan(unit=u.id, by=by, rule="Order Action" if by == "order" else "Unit Activation"))
    activation_hooks(ctx, u)


def activation_hooks(ctx: Resolution, u: Unit) -> None:
    """What happens as a unit activates, besides the marker: its smoke cloud lifts (Artificial
    Smoke), its EW counters are renewed (Electronic Warfare), its move count resets..."""
    for hook in hooks_of(ctx).activation_begin:
        hook(ctx, u)


def move_check(st: DustState, u: Unit, cmd: C.Move) -> str | None:
    """Why ``u`` may not move as ``cmd`` says (None: it may)."""
    return _move_refusal(st, u, cmd, None)


def _move_refusal(st: DustState, u: Unit, cmd: C.Move, options: dict[Hex, int] | None) -> str | None:
    """:func:`move_check`, given the unit's :func:`move_options` for the wounded it would carry (None: work
    them out)."""
    why = vehicle_cannot_move(st, u) or move_refusal(st, u)  # move_refusal: towed guns are not man-packed
    if why:
        return why
    if u.suppression and u.confidence != ROUTED and not u.vehicle:  # vehicles move while suppressed
        return f"{u.name} is suppressed: it cannot move until it recovers (Recover Suppression Action)"
    if u.propped:
        return f"{u.name} is propped: unprop first (Prop Action)"
    if not st.tables.on_board(cmd.to):
        return "that hex is off the map"
    here_hex = u.pos
    if here_hex is None:
        return f"{u.name} is not on the table"
    if cmd.to == here_hex:
        return f"{u.name} is already there"
    carrying = carries_wounded(u, cmd.leave_wounded)
    if cmd.to not in (move_options(st, u, carrying) if options is None else options):
        # Move Action: the unit may nominate any point and goes as far toward it as its roll allows,
        # but a hex within its best roll must be one it may stop in
        die, _ = movement_die(st, u, carrying)
        if cmd.to in reachable(u.hex, die, step_cost(st, u, known=True)):
            return (f"{u.name} may not stop there: not next to an enemy unless assaulting, and not on "
                    "another unit")
        if shortest_path(u.hex, cmd.to, step_cost(st, u, known=True)) is None:
            return f"{u.name} has no way to get there: impassable ground or enemy units are in the way"
    if u.confidence <= BROKEN:
        here, there = nearest_enemy_distance(st, u, u.hex), nearest_enemy_distance(st, u, cmd.to)
        if there < here:
            return f"{u.name} is broken: it may only move away from the enemy (Forces: Confidence)"
        if in_cover(st, u) and not hex_gives_cover(st, cmd.to) and there <= here:
            return f"{u.name} is broken: it may leave cover only to withdraw from the enemy (Forces: Confidence)"
        if must_seek_cover(st, u) and not hex_gives_cover(st, cmd.to) \
                and cover_distance(st, cmd.to) >= cover_distance(st, u.hex):
            return f"{u.name} is broken and in the open: it must head for cover (Forces: Confidence)"
    return None


def move_offer(st: DustState, u: Unit) -> list[Any]:
    """The moves ``u`` may make now, each checked (:func:`move_check`) against the hexes it may reach worked
    out once: with its wounded, and leaving them behind where it has any."""
    if (u.suppression and not u.vehicle) or u.propped or vehicle_cannot_move(st, u) or move_refusal(st, u):
        return []
    wounded = any(f.status in (UNTREATED, STABILISED, DISABLED) for f in u.figures)
    out: list[Any] = []
    for leave in (False, True) if wounded else (False,):
        options = move_options(st, u, carries_wounded(u, leave))
        moves = (C.Move(u.id, h, leave_wounded=True) if leave else C.Move(u.id, h) for h in options)
        out += [cmd for cmd in moves if _move_refusal(st, u, cmd, options) is None]
    return out


def move_resolve(ctx: Resolution, u: Unit, cmd: C.Move) -> None:
    st: DustState = ctx.state
    spend(ctx, u, "move")
    if u.confidence in (SHAKEN, BROKEN) and needs_nerve(st, u, cmd.to):
        # a broken unit suffers the shaken restrictions too: leaving cover, even to withdraw, takes nerve
        if not checks.leadership_test(ctx, u, f"a {CONFIDENCE[u.confidence]} unit moving toward the enemy "
                                      "or out of cover", "Forces: Confidence (shaken)"):
            ctx.emit(E.Note(text=f"{u.name} will not go: the move is lost", rule="Forces: Confidence (shaken)"))
            return
    move_unit(ctx, u, cmd.to, cmd.leave_wounded)


def move_unit(ctx: Resolution, u: Unit, to: Hex, leave_wounded: bool = False, assaulting: str | None = None,
              purpose: str = "move", rule: str = "Move Action") -> int:
    """Roll the movement die (no roll in travel mode) and move toward ``to``. Returns the points rolled."""
    st: DustState = ctx.state
    carrying = carries_wounded(u, leave_wounded)
    die, notes = movement_die(st, u, carrying)
    if u.travel:
        points = die
        ctx.emit(E.Note(text=f"{u.name} is in travel mode: full {points} points without a roll",
                        rule="Move Action: Travel Movement"))
    else:
        points = ctx.roll(die, f"{purpose}: movement die D{die}" + (f" ({', '.join(notes)})" if notes else "")
                          + ", hexes of clear ground", rule, u.id,
                          modifiers=tuple(f"movement die D{u.move_die} -> D{die}: {n} (Move Action: Encumbrance)"
                                          for n in notes))
    carried = carried_wounded(u, leave_wounded)
    leave_behind = [f for f in u.figures if f.status in (UNTREATED, STABILISED, DISABLED) and f not in carried
                    and f.person]
    path, used, met = walk_into(st, u, to, points, assaulting)
    for hidden in met:
        reveal(ctx, st.units[hidden], f"{u.name} ran into it")
    if len(path) > 1:
        start = u.hex
        if leave_behind:
            abandon_wounded(ctx, u, leave_behind, start, "left behind as the unit moved")
        reveal(ctx, u, "it moved")
        ctx.emit(E.UnitMoved(unit=u.id, path=tuple(path), points=used, rule=rule))
        sight_checks(ctx, u)
        after_move(ctx, u, path)
    else:
        ctx.emit(E.Note(text=f"{u.name} rolls {points}: not enough to go anywhere", rule=rule))
    return points


def after_move(ctx: Resolution, u: Unit, path: list[Hex]) -> None:
    """Whatever a unit meets on its way: mines, IEDs, booby traps, fire, command-detonated mines."""
    for hook in hooks_of(ctx).after_move:
        if not u.on_table:
            return
        hook(ctx, u, path)


def abandon_wounded(ctx: Resolution, u: Unit, figures: list[Figure], at: Hex, reason: str) -> None:
    st: DustState = ctx.state
    for f in figures:
        ctx.emit(E.FigureChanged(unit=u.id, figure=f.id, status=ABANDONED, wounds=f.wounds, reason=reason,
                                 rule="Move Action: Moving Casualties"))
    ctx.emit(E.WoundedLeft(at=at, count=len(figures)))
    visible = any(can_see(st, e.hex, at) for e in st.enemies(u.side) if not e.hidden)
    if visible and u.fit_figures:
        checks.confidence_test(ctx, u, "abandon_wounded")


def reveal(ctx: Resolution, u: Unit, why: str) -> None:
    """A hidden unit that moves, fires or otherwise gives itself away is detected (Hidden Units)."""
    if not u.hidden:
        return
    st: DustState = ctx.state
    for m in list(st.markers.values()):
        if m.unit == u.id:
            ctx.emit(E.MarkerRemoved(marker=m.id, reason=f"{u.name} is revealed: {why}"))
    ctx.emit(E.Revealed(unit=u.id, reason=why, rule="Detect Action: Hidden Units"))
    sight_checks(ctx, u)


def sight_checks(ctx: Resolution, mover: Unit | None) -> None:
    """Panic on first sight of the enemy (untrained) or of fearsome enemies (Morale: Panic).

    Run at deployment, after every move and whenever a hidden unit is revealed:
    the moments a unit can first come into sight of an enemy."""
    st: DustState = ctx.state
    for u in st.units.values():
        here = u.pos
        if not u.on_table or here is None or u.panic_passed or u.panicked or u.quality >= 10:
            continue
        seen = [e for e in st.enemies(u.side) if not e.hidden and can_see(st, u.hex, e.hex)]
        if not seen:
            continue
        if u.quality == 4 and not u.seen_enemy:
            ctx.emit(E.EnemySighted(unit=u.id, reason="first sight of the enemy", rule="Morale: Panic"))
            checks.maybe_panic(ctx, u, "sight", "first sight of the enemy")
            continue
        if any(e.terror for e in seen):
            checks.maybe_panic(ctx, u, "terror", "an enemy that provokes terror")
        elif any(e.power for e in seen):
            checks.maybe_panic(ctx, u, "fearsome", "enemy power armour")


MOVE = Action(move_check, move_resolve, move_offer, offer_checked=True)
"""The Move action (Move Action): check, resolve and offer, side by side."""

