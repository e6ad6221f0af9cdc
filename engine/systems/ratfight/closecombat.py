"""JTS RatFight Close Combat: the attacker turns two cards and the defender one (a Bruiser one more), and the
loser is a casualty; a vehicle is assaulted at Armour Piercing Zero.
"""

from __future__ import annotations

from hexfront.engine.core.resolution import Resolution

from . import events as E
from .campaign import capture
from .draws import compare, discard_resolution, draw_best
from .state import DOWN, Model, RatState
from .vehicles import shoot_vehicle


def close_combat_modifiers(model: Model, attacking: bool) -> tuple[str, ...]:
    """Close Combat: the attacker turns two cards; a Bruiser one more (Leaders and Heroes)."""
    out = ["2 cards, best kept: the attacker in close combat (Close Combat)"] if attacking else []
    if "bruiser" in model.heroes:
        out.append(f"+1 card, best kept: {model.name} is a Bruiser (Leaders and Heroes)")
    if len(out) > 1:
        out.append(f"{2 if attacking else 1} + 1 = {(2 if attacking else 1) + 1} cards in all")
    return tuple(out)


def close_combat(ctx: Resolution, st: RatState, attacker: Model, target: Model) -> None:
    """Close Combat: attacker turns two cards, defender one (a Bruiser one more); the loser is a casualty.

    A Downed defender is a casualty without cards. A vehicle is assaulted at Armour Piercing Zero: the
    hit draw is the combat, and an attacker who loses it is the casualty.
    """
    bonus_a = 1 if "bruiser" in attacker.heroes else 0
    if target.is_vehicle:
        if shoot_vehicle(ctx, st, attacker, target, 0, 2 + bonus_a, 1, 1, "close assault",
                         close_combat_modifiers(attacker, True)) < 0:
            ctx.emit(E.ModelCasualty(model=attacker.id, reason=f"lost the close assault on {target.name}",
                                     rule="Close Combat"))
            discard_resolution(ctx, st)
        return
    if target.status == DOWN:
        ctx.emit(E.ModelCasualty(model=target.id, reason=f"caught Down in close combat by {attacker.name}",
                                 rule="Close Combat"))
        capture(ctx, st, target, attacker.side)
        return
    bonus_d = 1 if "bruiser" in target.heroes else 0
    a = draw_best(ctx, attacker.side, 2 + bonus_a, f"{attacker.name} charges {target.name}", "Close Combat",
                  attacker.id, close_combat_modifiers(attacker, True))
    d = draw_best(ctx, target.side, 1 + bonus_d, f"{target.name} fights back", "Close Combat", target.id,
                  close_combat_modifiers(target, False))
    won = compare(ctx, attacker, target, a, d, f"close combat, {attacker.name} against {target.name}",
                  "Close Combat")
    loser = target if won else attacker
    ctx.emit(E.ModelCasualty(model=loser.id, reason="lost a close combat", rule="Close Combat"))
    capture(ctx, st, loser, (attacker if won else target).side)
    discard_resolution(ctx, st)
