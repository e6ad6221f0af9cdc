"""Reading a campaign's carried dict (engine.core.campaign) before a system writes it into the next battle.

The carried dict comes from a campaign file a player may have edited: it is hostile input. These readers
check its shape and say in one line what is wrong (a :class:`CarryError`, in the HexfrontError family);
each system's ``carry_into`` uses them and checks the rest (its own ids, its own numbers) itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import HexfrontError, shown


class CarryError(HexfrontError):
    """A campaign's carried dict that cannot be applied to the next battle."""


class CampaignOver(CarryError):
    """What carried over leaves ``beaten`` (side ids) nothing to field in the next battle: the campaign ends
    there (engine.core.campaigns), won by the side that still has a force, not an error."""

    def __init__(self, message: str, beaten: Iterable[str]) -> None:
        super().__init__(message)
        self.beaten = tuple(beaten)


def by_side(carried: Any, sides: Iterable[str], keys: Iterable[str]) -> dict[str, dict[str, Any]]:
    """``carried`` as {side id: its table}: a dict whose keys are sides of the next battle, each a dict
    of no other keys than ``keys``."""
    if not isinstance(carried, dict):
        raise CarryError(f"the carried roster must be a table by side, not {type(carried).__name__}")
    known, allowed = list(sides), set(keys)
    out: dict[str, dict[str, Any]] = {}
    for side, table in carried.items():
        if side not in known:
            raise CarryError(f"the carried roster names the side '{shown(str(side), 40)}', which is not in the "
                             f"next battle (its sides: {', '.join(known)})")
        if not isinstance(table, dict):
            raise CarryError(f"the carried roster of {side} must be a table, not {type(table).__name__}")
        extra = sorted(str(k) for k in table if k not in allowed)
        if extra:
            raise CarryError(f"the carried roster of {side} has '{shown(extra[0], 40)}', which is not one of: "
                             f"{', '.join(sorted(allowed))}")
        out[side] = table
    return out


def whole(value: Any, what: str, low: int = 0, high: int = 999) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (true/false refused)."""
    if type(value) is not int or not low <= value <= high:
        raise CarryError(f"{what} must be a whole number from {low} to {high}, not {shown(repr(value), 40)}")
    return value


def names(value: Any, what: str) -> list[str]:
    """``value`` as a list of ids (text)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CarryError(f"{what} must be a list of ids")
    return list(value)


def table(value: Any, what: str) -> dict[str, Any]:
    """``value`` as a table with text keys."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise CarryError(f"{what} must be a table by id")
    return value


def known_ids(found: Iterable[str], known: Iterable[str], what: str) -> None:
    """Every id in ``found`` is one of ``known`` (a campaign matches units between battles by id)."""
    have = set(known)
    for unit_id in found:
        if unit_id not in have:
            raise CarryError(f"{what} names '{shown(unit_id, 40)}', which is not in the next battle: the battles "
                             f"of a campaign field the same units under the same ids")
