"""The orders a Dustup player can give. Unit ids name the unit giving the order; hexes are axial.

The first action given to a unit that has not acted this turn activates it
(Rules Overview: Unit Activation); it then takes its second action, or
:class:`EndActivation` gives it up.
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex


@attrs.frozen
class ChooseFirst:
    """The winner of the turn's D8 roll-off decides whether to go first (Turn Sequence)."""

    first: bool = True


@attrs.frozen
class Pass:
    """Give up this activation: only with fewer unactivated units than the opponent (Passing)."""


@attrs.frozen
class EndActivation:
    """The unit acting now forgoes the rest of its actions."""


@attrs.frozen
class Hold:
    """The unit stands fast: it spends the rest of its activation doing nothing. Always open to a unit
    that may act, so that a unit with no other order (pinned in the open with its leader down, say)
    can still take its turn."""

    unit: str


@attrs.frozen
class Move:
    """Move toward ``to``: roll the movement die, go as far as the points allow (Move Action).

    ``leave_wounded`` leaves the unit's wounded behind instead of carrying them
    (Moving Casualties); carrying them encumbers the unit.
    """

    unit: str
    to: Hex
    leave_wounded: bool = False


@attrs.frozen
class Prop:
    """Settle into whatever local cover there is (Prop Action)."""

    unit: str


@attrs.frozen
class Unprop:
    unit: str


@attrs.frozen
class Shoot:
    """Fire at an enemy unit (Shoot Action).

    ``figures`` empty: every figure that has not fired this activation; else
    only those (split fire). Only support-weapon figures named: they fire on
    their own with their own impact. ``grenades``: up to two riflemen throw hand
    grenades instead. ``suppressive``: suppressive fire.
    """

    unit: str
    target: str
    figures: tuple[str, ...] = ()
    grenades: int = 0
    suppressive: bool = False


@attrs.frozen
class Assault:
    """Close assault an enemy unit, or two at once with detachments (Assault Action)."""

    unit: str
    target: str
    second: str | None = None


@attrs.frozen
class Decide:
    """Answer the decision the rules are waiting for (see ``DustState.pending``): ``choice`` is one
    of the options it offers, e.g. "withdraw"/"stand" for a defender, "occupy"/"contact" for an
    attacker whose enemy withdrew, "press"/"halt" after a failed move to contact, "seize"/"decline"."""

    choice: str


@attrs.frozen
class Recover:
    """Try to remove one suppression marker: quality die over leadership (Recover Suppression Action)."""

    unit: str


@attrs.frozen
class Reorganise:
    """A reorganise action (Reorganise Action). ``purpose`` is one of: "conceal" (to complete
    concealment), "expose" (back to partial), "travel" (form column), "tactical" (leave travel
    mode), "mount", "dismount", "leader" (appoint a new leader), "command" (assume command),
    "extract" (get a trooper out of a wrecked power-armour suit)."""

    unit: str
    purpose: str


@attrs.frozen
class Order:
    """A commander (re)activates a subordinate unit, which takes two actions (Order Action)."""

    unit: str
    subordinate: str


@attrs.frozen
class CombinedAssault:
    """A commander orders two subordinates to assault the same enemy (Combined Assault)."""

    unit: str
    first: str
    second: str
    target: str


@attrs.frozen
class Rally:
    """A commander tries to raise a unit's confidence one level (Rally Action)."""

    unit: str
    subordinate: str


@attrs.frozen
class Detach:
    """Split ``figures`` off as a detachment (Detach Element Action)."""

    unit: str
    figures: tuple[str, ...]


@attrs.frozen
class ActivateDetachment:
    """The parent unit's leader activates its detachment (Detach Element Action)."""

    unit: str
    detachment: str


@attrs.frozen
class Regroup:
    """Combine with another depleted friendly unit; ``move_to`` is the optional move first (Regroup)."""

    unit: str
    other: str
    move_to: Hex | None = None


@attrs.frozen
class Treat:
    """Treat every untreated wounded figure of ``patient`` (Medical Treatment Action)."""

    unit: str
    patient: str


@attrs.frozen
class Detect:
    """Try to spot a hidden-unit marker (Detect Action)."""

    unit: str
    marker: str


@attrs.frozen
class Rouse:
    """A panicking unit spends both actions on another panic test (Panic)."""

    unit: str


@attrs.frozen
class Withdraw:
    """A routed unit uses its action to withdraw toward its own table edge (Confidence: Routed)."""

    unit: str


COMMAND_TYPES = (ChooseFirst, Pass, EndActivation, Hold, Move, Prop, Unprop, Shoot, Assault, Decide, Recover,
                 Reorganise, Order, CombinedAssault, Rally, Detach, ActivateDetachment, Regroup, Treat, Detect,
                 Rouse, Withdraw)


def unit_of(cmd: object) -> str | None:
    """The unit an order is given to, or None for an order of the whole side.

    The convention every Dustup order keeps: an order given to a unit names it in a ``unit: str`` field (every
    order of rules.UNIT_ACTIONS, and an order of a module the rulebook does not know yet, which the screens
    still file under its unit); a side action names the side in a ``side: str`` field instead (:func:`side_of`);
    ChooseFirst, Pass, EndActivation and Decide, given by the side to act, name neither.
    tests/dustup/test_dustup_orders_given.py checks it of every order."""
    unit = getattr(cmd, "unit", None)
    return unit if isinstance(unit, str) else None


def side_of(cmd: object) -> str | None:
    """The side giving a side action (an order of rules.SIDE_ACTIONS, or of a module the rulebook does not know
    yet, that names it in its ``side: str`` field); None for any other order: a unit's order is given by the
    unit's side (:func:`unit_of`), ChooseFirst, Pass, EndActivation and Decide by the side to act."""
    side = getattr(cmd, "side", None)
    return side if isinstance(side, str) else None
