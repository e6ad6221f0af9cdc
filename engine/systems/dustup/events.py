"""Dustup's shared events. Each says what happened; ``rule`` names the book section that asked for it.

Modules that resolve one kind of action (fire.py, assault.py, command.py,
morale.py) may add events of their own; these are the ones several share.
"""

from __future__ import annotations

import attrs

from engine.core.hexes import Hex

# Unit fields that UnitChanged may set, and how the dice log names them.
UNIT_FIELDS = {
    "quality": "quality die", "leadership": "leadership", "confidence": "confidence",
    "initial_confidence": "starting confidence", "suppression": "suppression markers",
    "propped": "propped", "complete_concealment": "completely concealed", "travel": "travel mode",
    "mounted": "mounted", "hidden": "hidden", "panicked": "panicking", "panic_passed": "passed a panic test",
    "under_fire_before": "has been under fire", "suppressed_before": "has been suppressed",
    "seen_enemy": "has seen the enemy", "leaderless": "needs a new leader",
    "new_commander": "must assume command", "off_table": "off the table", "commander": "commander",
    "level": "command level", "kind": "kind", "medic": "treatment die", "activated": "activation marker",
    "facing": "facing", "damage": "damage markers", "immobilised": "immobilised", "open_top": "opened up",
    "carried_by": "carried by", "towing": "towing", "decoy_used": "decoy used this turn",
    "area_protection": "area protection systems", "moves": "move actions this activation", "air": "flight",
    "landed_heavy": "landed heavily", "line_charges": "line charges", "ew_chits": "EW counters",
    "cdms": "command-detonated mines",
    "drone_at": "drone", "remote": "remote launcher", "mortar_target": "mortar target", "ecm": "ECM die",
    "pos": "position", "crew_out": "crew dismounted", "crew_of": "crew of",
}


@attrs.frozen(kw_only=True)
class UnitPlaced:
    unit: str
    at: Hex | None


@attrs.frozen(kw_only=True)
class MarkerPlaced:
    marker: str
    side: str
    at: Hex
    unit: str | None = None
    rule: str = "Detect Action: Hidden Units"


@attrs.frozen(kw_only=True)
class MarkerRemoved:
    marker: str
    reason: str
    rule: str = "Detect Action: Hidden Units"


@attrs.frozen(kw_only=True)
class UnitChanged:
    """One field of a unit set to a new value (see UNIT_FIELDS)."""

    unit: str
    field: str
    value: int | bool | str | None
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FigureChanged:
    """A figure's status (fit, untreated, stabilised, killed, disabled, abandoned) and wounds."""

    unit: str
    figure: str
    status: str
    wounds: int
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FigureRoleChanged:
    unit: str
    figure: str
    role: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FiguresFired:
    """These figures have fired this activation (each weapon fires once per activation)."""

    unit: str
    figures: tuple[str, ...]


@attrs.frozen(kw_only=True)
class KillCredited:
    unit: str
    figure: str


@attrs.frozen(kw_only=True)
class TurnBegan:
    turn: int
    rule: str = "Turn Sequence"


@attrs.frozen(kw_only=True)
class RollOffWon:
    side: str
    rule: str = "Turn Sequence"


@attrs.frozen(kw_only=True)
class FirstChosen:
    side: str
    rule: str = "Turn Sequence"


@attrs.frozen(kw_only=True)
class SideToAct:
    side: str | None
    reason: str = ""


@attrs.frozen(kw_only=True)
class DecisionAsked:
    side: str
    kind: str
    data: tuple[str, ...] = ()
    rule: str = ""


@attrs.frozen(kw_only=True)
class DecisionTaken:
    side: str
    kind: str
    choice: str


@attrs.frozen(kw_only=True)
class ActivationBegan:
    """``by``: "turn" (its own activation, marked), "order", "detachment", "seize", "card"."""

    unit: str
    by: str
    actions: int = 2
    rule: str = "Unit Activation"


@attrs.frozen(kw_only=True)
class ActionTaken:
    unit: str
    action: str
    spent: int = 1


@attrs.frozen(kw_only=True)
class ActivationEnded:
    unit: str


@attrs.frozen(kw_only=True)
class Passed:
    side: str
    rule: str = "Passing"


@attrs.frozen(kw_only=True)
class TokenSpent:
    side: str
    unit: str
    rule: str = "Seize the Initiative"


@attrs.frozen(kw_only=True)
class ForcedUnit:
    """Card-draw activation: this unit's card came up (None: no unit is forced)."""

    unit: str | None


@attrs.frozen(kw_only=True)
class UnitMoved:
    unit: str
    path: tuple[Hex, ...]
    points: int
    rule: str = "Move Action"


@attrs.frozen(kw_only=True)
class WoundedLeft:
    """Wounded figures left lying on a hex (Moving Casualties; Withdrawal)."""

    at: Hex
    count: int


@attrs.frozen(kw_only=True)
class AssaultState:
    """The assault in progress as plain facts (assault.py reads and writes it), or None when over."""

    facts: tuple[str, ...] | None


@attrs.frozen(kw_only=True)
class DetachmentFormed:
    """``figures`` leave ``parent`` to form the new unit ``unit`` on the same hex (Detach Element Action)."""

    parent: str
    unit: str
    name: str
    figures: tuple[str, ...]
    rule: str = "Detach Element Action"


@attrs.frozen(kw_only=True)
class UnitsMerged:
    """Every figure of ``other`` joins ``unit``; ``other`` leaves the battle (Regroup Action)."""

    unit: str
    other: str
    rule: str = "Regroup Action"


@attrs.frozen(kw_only=True)
class ActivationDeckDealt:
    """The random-activation deck is made up of these chits or cards, before its shuffle."""

    cards: tuple[str, ...]


@attrs.frozen(kw_only=True)
class LastActivation:
    """Chit draw with withheld chits: the chits are used up and ``side`` activates one last unit."""

    side: str
    rule: str = "Random Activation (chit draw)"


@attrs.frozen(kw_only=True)
class TurnEnded:
    turn: int


@attrs.frozen(kw_only=True)
class BattleEnded:
    winner: str | None
    reason: str


@attrs.frozen(kw_only=True)
class Note:
    """A line for the dice log that changes nothing (a test passed, a rule explained)."""

    text: str
    rule: str = ""


@attrs.frozen(kw_only=True)
class UnitHexChanged:
    """A unit field that holds a hex (drone_at, remote, mortar_target) set to ``at``."""

    unit: str
    field: str
    at: Hex | None
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FeaturePlaced:
    """A feature on the map (state.Feature): smoke, fire, a minefield, a target marker..."""

    feature: str
    kind: str
    side: str
    at: Hex
    hidden: bool = False
    data: tuple[str, ...] = ()
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FeatureRemoved:
    feature: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class FeatureChanged:
    """A feature moved (``at``), was revealed (``hidden`` False) or had its data replaced."""

    feature: str
    at: Hex | None = None
    hidden: bool | None = None
    data: tuple[str, ...] | None = None
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MissionPlaced:
    """A counter placed on the inbound chart (state.Mission)."""

    mission: str
    side: str
    kind: str
    asset: str
    box: int
    target: Hex | None = None
    dummies: tuple[Hex, ...] = ()
    observer: str | None = None
    unit: str | None = None
    ammo: str = ""
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MissionMoved:
    """A counter moved to another box of the inbound chart (or its aim point changed)."""

    mission: str
    box: int
    target: Hex | None = None
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class MissionRemoved:
    mission: str
    reason: str = ""
    rule: str = ""


@attrs.frozen(kw_only=True)
class SupportChits:
    """A side's fire support chits now number ``left`` (Fire Support Chits)."""

    side: str
    left: int
    reason: str = ""
    rule: str = "Request Fire Support Action: Fire Support Chits"


EVENT_TYPES = (UnitPlaced, MarkerPlaced, MarkerRemoved, UnitChanged, FigureChanged, FigureRoleChanged, FiguresFired,
               KillCredited, TurnBegan, RollOffWon, FirstChosen, SideToAct, DecisionAsked, DecisionTaken,
               ActivationBegan, ActionTaken, ActivationEnded, Passed, TokenSpent, ForcedUnit, UnitMoved,
               WoundedLeft, AssaultState, DetachmentFormed, UnitsMerged, ActivationDeckDealt, LastActivation, TurnEnded, BattleEnded, Note,
               FeaturePlaced, FeatureRemoved, FeatureChanged, MissionPlaced, MissionMoved, MissionRemoved,
               SupportChits, UnitHexChanged)
