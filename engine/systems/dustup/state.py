"""Dustup battle state: units of figures on hexes, their markers, and where the turn stands.

RULES-NOTES: a squad is one counter on one hex carrying its figures, each
figure with its own armour and wound state; distances are measured from the
hex (the leader's position).
"""

from __future__ import annotations

from typing import Any

import attrs

from engine.core.cards import Deck
from engine.core.hexes import Hex

from .data import Tables

# Confidence levels, worst first (Forces: Confidence). A unit's level is an index into this.
ROUTED, BROKEN, SHAKEN, STEADY, CONFIDENT = range(5)
CONFIDENCE = ("routed", "broken", "shaken", "steady", "confident")

# Figure status (Shoot: Resolve Impact; Medical Treatment; Power Armour Troops as Casualties)
FIT = "fit"  # able-bodied
UNTREATED = "untreated"  # wounded, marked with an untreated wound counter
STABILISED = "stabilised"  # treated: a wound marker, out of action but safe
KILLED = "killed"
DISABLED = "disabled"  # power armour suit wrecked: the trooper is unhurt but out of action
ABANDONED = "abandoned"  # a wounded figure left behind (Moving Casualties; Withdrawal)
OUT_OF_ACTION = (UNTREATED, STABILISED, KILLED, DISABLED, ABANDONED)

# Unit kinds
SQUAD, SINGLE, COMMAND, DETACHMENT = "squad", "single", "command", "detachment"

# Command levels (Commanders): a squad is 0, a platoon HQ 1, a company HQ 2
LEVEL_NAMES = {0: "squad", 1: "platoon", 2: "company"}


@attrs.define(slots=True)
class Figure:
    """One soldier: the weapon carried, armour die, and what has happened to him."""

    id: str
    name: str
    weapon: str
    armour: int
    power: bool = False
    role: str = ""  # "leader", "medic", "observer", "commander" or ""
    status: str = FIT
    wounds: int = 0  # wounds taken; two kill (Resolve Impact)
    kills: int = 0  # enemy figures this one has killed (shown in the figure list)
    fired: bool = False  # fired this activation (each weapon fires once per activation)
    unarmoured: bool = False  # no armour at all: any hit wounds, the D4 only decides a kill (Personal Armour)

    @property
    def fit(self) -> bool:
        return self.status == FIT

    @property
    def present(self) -> bool:
        """Still with the unit (fit or wounded and carried), as opposed to killed or left behind."""
        return self.status in (FIT, UNTREATED, STABILISED, DISABLED)

    def copy(self) -> "Figure":
        return attrs.evolve(self)

    def canonical(self) -> tuple:
        return (self.id, self.weapon, self.armour, self.power, self.role, self.status, self.wounds,
                self.kills, self.fired, self.unarmoured)


@attrs.define(slots=True)
class Unit:
    id: str
    side: str
    name: str
    kind: str
    quality: int  # quality die: 4, 6, 8, 10, 12
    leadership: int  # 1 (inspirational) .. 3 (poor); lower is better
    figures: list[Figure]
    pos: Hex | None
    confidence: int = CONFIDENT
    initial_confidence: int = CONFIDENT
    move_die: int = 6  # Infantry D6, fast infantry D8, cavalry D10, vehicles D12 (Move Action)
    level: int = 0  # command level (Commanders)
    commander: str | None = None  # the unit id of the HQ above this one
    parent: str | None = None  # for a detachment: the unit it was detached from
    suppression: int = 0  # 0..3 suppression markers
    propped: bool = False
    complete_concealment: bool = False  # chose to be completely concealed (Concealment)
    travel: bool = False  # in travel mode (Travel Movement)
    cavalry: bool = False
    mounted: bool = False
    activated: bool = False  # carries an activation marker this turn
    hidden: bool = False
    panicked: bool = False
    panic_passed: bool = False  # once passed, never tests for panic again (Panic)
    under_fire_before: bool = False  # has come under fire at least once (Confidence Test table)
    suppressed_before: bool = False
    leaderless: bool = False  # leader became a casualty: both actions reorganise next activation
    new_commander: bool = False  # a promoted figure must assume command with a reorganise action
    terror: bool = False  # provokes terror (Terror)
    sensor: int = 4  # sensor die (Detect Action): unaided vision D4
    night_vision: bool = False
    medic: int = 6  # treatment die: own troops D6, unit medic D8, medical team D10
    seen_enemy: bool = False  # untrained troops test for panic on first sight of the enemy
    off_table: bool = False  # routed off the table edge, merged into another unit, or not yet arrived
    grenades: str | None = None  # the hand or rifle grenade weapon id the unit carries, if any
    power: bool = False  # power armoured troops (move, outnumbering, casualty table)
    strike: int = 1  # close combat strike value per trooper (Assault: Strike Value)
    cc_impact: int = 6  # close combat impact die: D6 for humans (Weapons)

    @property
    def alive(self) -> list[Figure]:
        return [f for f in self.figures if f.status != KILLED and f.status != ABANDONED]

    @property
    def fit_figures(self) -> list[Figure]:
        return [f for f in self.figures if f.status == FIT]

    @property
    def able(self) -> int:
        """Able-bodied figures; power armour counts as two for outnumbering (Assault: Courage Test)."""
        return len(self.fit_figures)

    @property
    def on_table(self) -> bool:
        return self.pos is not None and not self.off_table and bool(self.fit_figures)

    @property
    def leader(self) -> Figure | None:
        for f in self.figures:
            if f.role in ("leader", "commander"):
                return f
        return None

    @property
    def wounded_untreated(self) -> list[Figure]:
        return [f for f in self.figures if f.status == UNTREATED]

    @property
    def is_command(self) -> bool:
        return self.level > 0

    @property
    def small(self) -> bool:
        """A single figure is a small target (Shoot: Target Die)."""
        return len(self.alive) == 1

    def copy(self) -> "Unit":
        return attrs.evolve(self, figures=[f.copy() for f in self.figures])

    def canonical(self) -> tuple:
        return (self.id, self.side, self.quality, self.leadership, self.pos.q if self.pos else None,
                self.pos.r if self.pos else None, self.confidence, self.initial_confidence, self.move_die,
                self.level, self.commander, self.parent, self.suppression, self.propped,
                self.complete_concealment, self.travel, self.mounted, self.activated, self.hidden,
                self.panicked, self.panic_passed, self.under_fire_before, self.suppressed_before,
                self.leaderless, self.new_commander, self.seen_enemy, self.off_table, self.kind, self.name,
                self.grenades, self.power, self.cavalry, self.terror, self.sensor, self.night_vision, self.medic,
                self.strike, self.cc_impact,
                tuple(f.canonical() for f in self.figures))


@attrs.define(slots=True)
class Marker:
    """A hidden-unit counter on the map: over a real hidden unit, or a dummy (Detect Action: Hidden Units)."""

    id: str
    side: str
    pos: Hex
    unit: str | None = None  # None for a dummy

    def canonical(self) -> tuple:
        return (self.id, self.side, self.pos.q, self.pos.r, self.unit)


@attrs.define(slots=True)
class Active:
    """A unit in the middle of its activation: the actions it has left, and how it was activated."""

    unit: str
    actions: int = 2
    by: str = ""  # "turn" (its own activation, marked), "order" (by a commander), "detachment", "seize"

    def canonical(self) -> tuple:
        return (self.unit, self.actions, self.by)


@attrs.frozen
class Pending:
    """A decision the rules wait for, from ``side``: ``kind`` names it, ``data`` holds its facts."""

    side: str
    kind: str
    data: tuple = ()


@attrs.define(slots=True)
class DustState:
    tables: Tables
    options: dict[str, Any]
    units: dict[str, Unit]
    markers: dict[str, Marker]
    decks: dict[str, Deck]
    turn: int = 0
    first: str | None = None  # the side that went first this turn
    to_act: str | None = None  # the side whose activation it is (when nothing is in progress)
    stack: list[Active] = attrs.field(factory=list)  # activations in progress, innermost last
    pending: Pending | None = None
    tokens: dict[str, int] = attrs.field(factory=dict)  # seize-the-initiative tokens left
    seized_by: str | None = None  # the side that seized the initiative (the other may seize back)
    seize_asked: bool = False  # the seize question for the coming activation has been put (and answered)
    forced_unit: str | None = None  # card-draw activation: the unit whose card came up
    chit_leftover: str | None = None
    abandoned: dict[Hex, int] = attrs.field(factory=dict)  # wounded left on a hex
    # the assault in progress (assault.py), as a plain tuple of facts
    assault: tuple | None = None
    result: tuple[str | None, str] | None = None
    occupant: dict[Hex, str] = attrs.field(factory=dict)  # derived: hex -> unit id on it

    @property
    def sides(self) -> tuple[str, ...]:
        return self.tables.side_ids

    def other(self, side: str) -> str:
        a, b = self.tables.side_ids
        return b if side == a else a

    @property
    def active(self) -> Active | None:
        return self.stack[-1] if self.stack else None

    def copy(self) -> "DustState":
        return DustState(
            tables=self.tables, options=self.options,
            units={k: u.copy() for k, u in self.units.items()},
            markers={k: attrs.evolve(m) for k, m in self.markers.items()},
            decks={k: d.copy() for k, d in self.decks.items()},
            turn=self.turn, first=self.first, to_act=self.to_act,
            stack=[attrs.evolve(a) for a in self.stack], pending=self.pending, tokens=dict(self.tokens),
            seized_by=self.seized_by, seize_asked=self.seize_asked, forced_unit=self.forced_unit,
            chit_leftover=self.chit_leftover,
            abandoned=dict(self.abandoned), assault=self.assault, result=self.result,
            occupant=dict(self.occupant),
        )

    def canonical(self) -> tuple:
        return (
            tuple(u.canonical() for u in self.units.values()),
            tuple(m.canonical() for m in self.markers.values()),
            tuple((k, d.canonical()) for k, d in sorted(self.decks.items())),
            self.turn, self.first, self.to_act, tuple(a.canonical() for a in self.stack),
            attrs.astuple(self.pending) if self.pending else None, tuple(sorted(self.tokens.items())),
            self.seized_by, self.seize_asked, self.forced_unit, self.chit_leftover,
            tuple(sorted((h.q, h.r, n) for h, n in self.abandoned.items())), self.assault, self.result,
            tuple(sorted(self.options.items())),
        )

    def unactivated(self, side: str) -> list[Unit]:
        """Units of ``side`` that may still take their own activation this turn."""
        return [u for u in self.units.values()
                if u.side == side and not u.activated and u.on_table and u.kind != DETACHMENT]

    def enemies(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side != side and u.on_table]
