"""What a Dustup player sees, as the core reads it (SystemParts.view): the map (board.py), who acts and the
end of battle (activation.py), the orders filed for the editor (orderparts.py), and an order's preview and
outcome (previews.py, outcomes.py, registered by type in the rulebook). Nothing here changes a battle.

The odds enumerate every face of every die (odds.py, over engine.core.odds) through the same pure
functions that turn the rolled dice into an outcome in the resolution.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.view import OrderParts, OrderPreview

from .activation import activation, summary, visible_hexes
from .board import MARKS_LEGEND, board
from .odds import p_successes, p_value_beats
from .orderparts import module_order_parts
from .previews import courage_odds, fire_weapon_preview, preview_module, request_fire_preview
from .rulebook import RULEBOOK
from .state import DustState

__all__ = ["MARKS_LEGEND", "OrderParts", "activation", "board", "courage_odds", "fire_weapon_preview",
           "order_parts", "outcome_of", "p_successes", "p_value_beats", "preview", "request_fire_preview",
           "summary", "visible_hexes"]


def preview(st: DustState, cmd: Any) -> OrderPreview:
    """What ``cmd`` costs, the shifts that go into it and the odds of each outcome (its rulebook odds); an order
    of a type the rulebook does not know (a module's still being written) shows its words alone."""
    found = RULEBOOK.odds(st, cmd)
    return found if found is not None else preview_module(st, cmd)


def order_parts(st: DustState, cmd: Any) -> OrderParts:
    """The piece, action and hex the order editor files ``cmd`` under (its rulebook parts); an order of a type the
    rulebook does not know is filed by its unit and target field (orderparts.module_order_parts)."""
    found = RULEBOOK.order_parts(st, cmd)
    return found if found is not None else module_order_parts(st, cmd)


def outcome_of(st: DustState, cmd: Any, events: list[Any]) -> str | None:
    """Which of the preview's outcomes ``cmd`` had, from its events (its rulebook outcome)."""
    return RULEBOOK.outcome(st, cmd, events)
