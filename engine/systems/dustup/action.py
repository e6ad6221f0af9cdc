"""The shape of a Dustup module's orders and hooks: an action is its check, resolution and offer side by
side (each module lists its own; rulebook.py registers them all, with their odds, outcomes and words, in
the system's one rulebook); the hooks of every module are gathered once in rules.py.

A module below rules.py never imports it: where one of its helpers must run the hooks of other
modules (a unit moved: mines on the way; a unit activated: its EW counters renewed), it finds them
in the hooks of the system resolving the command (``hooks_of(ctx)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution

from .state import DustState, Pending, Unit


@attrs.frozen
class Action:
    """One kind of order: ``check(st, unit, cmd)`` gives the reason it is refused (None: it is
    legal), ``resolve(ctx, unit, cmd)`` turns it into events (the unit's activation has begun; the
    action spends its own actions), ``offer(st, unit)`` lists the orders of that kind the unit may give
    now. A side action (an order a side gives instead of activating a unit) takes the side's id
    where a unit action takes the unit. ``offer_checked``: ``offer`` lists only orders ``check`` lets
    through (it applies ``check`` itself, with what it works out once for all of them), so the legal orders
    are listed without checking each again."""

    check: Callable[[DustState, Any, Any], str | None]
    resolve: Callable[[Resolution, Any, Any], None]
    offer: Callable[[DustState, Any], list[Any]]
    offer_checked: bool = False


Decision = Callable[[Resolution, Pending, str], None]
"""How a pending decision's answer is resolved: ``decide(ctx, pending, choice)``."""
SideHook = Callable[[Resolution], None]
UnitHook = Callable[[Resolution, Unit], None]


@attrs.frozen
class Hooks:
    """The hooks of every module, in the order of the modules: ``setup`` once before the first turn;
    ``turn_begin`` after a turn begins, before its roll-off; ``turn_end`` as a turn ends (before the next
    begins); ``activation_begin(ctx, unit)`` as a unit activates; ``activation_end(ctx, unit)`` as its
    activation is about to end; ``after_move(ctx, unit, path)`` after a unit has moved along ``path`` (start
    first); ``after_shot(ctx, firer, target, figures)`` after a Shoot action. (The orders and events of the
    modules are registered in the rulebook, rulebook.py.)"""

    setup: tuple[SideHook, ...] = ()
    turn_begin: tuple[SideHook, ...] = ()
    turn_end: tuple[SideHook, ...] = ()
    activation_begin: tuple[UnitHook, ...] = ()
    activation_end: tuple[UnitHook, ...] = ()
    after_move: tuple[Callable[[Resolution, Unit, list[Hex]], None], ...] = ()
    after_shot: tuple[Callable[[Resolution, Unit, Unit, Any], None], ...] = ()


def hooks_of(ctx: Resolution) -> Hooks:
    """The hooks of the rule system resolving this command (Dustup's ``hooks``, built in rules.py)."""
    hooks = ctx.system.hooks  # type: ignore[attr-defined]  # Dustup declares it (__init__.py)
    assert isinstance(hooks, Hooks)
    return hooks
