"""30 Minute Missions battle state: mechs, their weapons and drones, and whose turn it is.

Only the fold (rules.fold) writes to it.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex

from .data import Tables

# stages
DEPLOY, BATTLE, OVER = "deploy", "battle", "over"
# phases of a unit's turn, in order (Phases of Combat)
MOVEMENT, RANGED, CLOSE = "movement", "ranged", "close"
PHASES = (MOVEMENT, RANGED, CLOSE)
# postures
STANDING, KNEELING, PRONE, DOWN = "standing", "kneeling", "prone", "down"
# weapon places
HELD, MOUNTED, CARRIED, DROPPED, DESTROYED = "held", "mounted", "carried", "dropped", "destroyed"


@attrs.define(slots=True)
class WeaponState:
    """One weapon on the battlefield. ``at``: the arms holding it, or the section it is mounted on."""

    id: str
    type: str
    holder: str | None
    place: str
    at: tuple[str, ...]
    dp: int
    side: str  # the side of the unit that last had it (Retrieving: friendly weapons only)
    ground: Hex | None = None
    ground_elev: int = 0

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.type, self.holder, self.place, self.at, self.dp, self.side,
                (self.ground.q, self.ground.r) if self.ground else None, self.ground_elev)


@attrs.define(slots=True)
class Unit:
    id: str
    side: str
    name: str
    design: str
    sections: dict[str, int]
    at: Hex | None = None
    elev: int = 0
    facing: int = 0
    posture: str = STANDING
    transformed: bool = False
    grappled_by: str | None = None
    stance: str = ""  # "", "offensive", "defensive"
    stance_weapon: str = ""
    docked: int = 0
    destroyed: bool = False

    @property
    def alive(self) -> bool:
        return not self.destroyed

    @property
    def on_board(self) -> bool:
        return self.at is not None and not self.destroyed

    @property
    def hex(self) -> Hex:
        """Where the unit stands: asked only of a unit on the battlefield."""
        assert self.at is not None, f"{self.id} is not on the battlefield"
        return self.at

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, (self.at.q, self.at.r) if self.at else None, self.elev, self.facing,
                tuple(sorted(self.sections.items())), self.posture, self.transformed, self.grappled_by,
                self.stance, self.stance_weapon, self.docked, self.destroyed)


@attrs.define(slots=True)
class Drone:
    id: str
    carrier: str
    side: str
    type: str
    dp: int
    at: Hex | None = None
    elev: int = 0
    destroyed: bool = False

    @property
    def active(self) -> bool:
        return self.at is not None and not self.destroyed

    @property
    def hex(self) -> Hex:
        """Where the drone hovers: asked only of an active drone."""
        assert self.at is not None, f"{self.id} is not on the battlefield"
        return self.at

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, (self.at.q, self.at.r) if self.at else None, self.elev, self.dp, self.destroyed)


@attrs.define(slots=True)
class UnitTurn:
    """The acting unit's turn: its phase, AP pool and movement."""

    unit: str
    phase: str = MOVEMENT
    ap: int = 0
    mp_spent: int = 0
    pressed: int = 0  # movement points gained by Press On
    free_turn_used: bool = False
    moved: bool = False  # any step, turn or flight made (Transform comes before moving)
    thrusted: bool = False
    kneeled: bool = False
    proned: bool = False

    def canonical(self) -> tuple[Any, ...]:
        return attrs.astuple(self)


@attrs.define(slots=True)
class MissionState:
    tables: Tables
    options: dict[str, Any]
    units: dict[str, Unit]
    weapons: dict[str, WeaponState]
    drones: dict[str, Drone]
    stage: str = DEPLOY
    round: int = 0
    first: str | None = None
    active: str | None = None
    turn: UnitTurn | None = None
    acted: list[str] = attrs.field(factory=list)
    scores: dict[str, int] = attrs.field(factory=dict)
    result: tuple[str | None, str] | None = None
    #: experience earned in this battle of a campaign, by unit id (Weapons: destroyed weapons and equipment
    #: "give the Unit that destroyed them experience in campaign play"); empty outside a campaign
    experience: dict[str, int] = attrs.field(factory=dict)

    @property
    def sides(self) -> tuple[str, str]:
        return self.tables.side_ids

    def other(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a

    def copy(self) -> MissionState:
        return MissionState(
            tables=self.tables, options=dict(self.options),
            units={k: attrs.evolve(u, sections=dict(u.sections)) for k, u in self.units.items()},
            weapons={k: attrs.evolve(w) for k, w in self.weapons.items()},
            drones={k: attrs.evolve(d) for k, d in self.drones.items()},
            stage=self.stage, round=self.round, first=self.first, active=self.active,
            turn=attrs.evolve(self.turn) if self.turn else None, acted=list(self.acted),
            scores=dict(self.scores), result=self.result, experience=dict(self.experience))

    def canonical(self) -> tuple[Any, ...]:
        return (tuple(u.canonical() for u in self.units.values()),
                tuple(w.canonical() for w in self.weapons.values()),
                tuple(d.canonical() for d in self.drones.values()),
                self.stage, self.round, self.first, self.active,
                self.turn.canonical() if self.turn else None, tuple(self.acted),
                tuple(sorted(self.scores.items())), self.result) + (
                    (tuple(sorted(self.experience.items())),) if self.experience else ())  # older saves: none

    # -- readers ------------------------------------------------------------------------------
    def weapons_of(self, unit_id: str) -> list[WeaponState]:
        return [w for w in self.weapons.values() if w.holder == unit_id]

    def drones_of(self, unit_id: str) -> list[Drone]:
        return [d for d in self.drones.values() if d.carrier == unit_id]

    def living(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.alive]
