"""Skirmishes battle state: characters on the board, the round's hidden orders, and the resolution in progress.

Nothing here changes by itself: :mod:`.fold` is the only writer, one event at a time.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex

from .data import Tables

# Character status
ABLE, OUT, DEAD, ESCAPED = "able", "out", "dead", "escaped"
# Steps of a round
COMMIT, RESOLVE, LUCK, REACT, OVER = "commit", "resolve", "luck", "react", "over"
# Actions a character can commit to, and the phase each resolves in (None: nothing to resolve)
ACTION_PHASE: dict[str, str | None] = {
    "shoot": "shooting", "throw": "grenades", "melee": "melee", "reload": "misc", "aim": "misc", "aid": "misc",
    "communicate": "misc", "throw_away": "misc", "throw_back": "misc", "operate": "misc", "drive": "misc",
    "hold": None,
}
# This game's reading: a round ("a flash of time") lasts 6 seconds of battle time.
ROUND_SECONDS = 6


@attrs.define(slots=True)
class Character:
    id: str
    side: str
    name: str
    template: str
    pos: Hex
    player: bool
    luck: int
    shooting: int
    athletics: int
    melee: int
    firearms: tuple[str, ...]
    loaded: dict[str, int]
    spares: dict[str, int]
    melee_weapon: str
    grenades: dict[str, int]
    armour: dict[str, int]  # location -> hits the armour there can still stop (0: spent or broken)
    armour_items: tuple[str, ...]
    gas_mask: bool
    ear_protection: bool
    damage: dict[str, int] = attrs.field(factory=dict)  # location -> damage taken there
    status: str = ABLE
    mortal: bool = False
    stabilised: bool = False
    dies_at: int | None = None  # battle seconds
    limbs_lost: tuple[str, ...] = ()
    lose_turn: int = 0  # the round in which this character must forfeit its action
    lose_turn_why: str = ""
    no_shoot: int = 0  # the round in which this character may not shoot
    aimed: int = 0  # the round in which its shots have advantage for aiming
    moved: bool = False  # ran in this round's movement phase
    aboard: str = ""  # the vehicle the character rides in ("" on foot); its hex is the vehicle's

    @property
    def total_damage(self) -> int:
        return sum(self.damage.values())

    @property
    def able(self) -> bool:
        return self.status == ABLE

    @property
    def on_board(self) -> bool:
        return self.status != ESCAPED

    def copy(self) -> Character:
        return attrs.evolve(self, loaded=dict(self.loaded), spares=dict(self.spares), grenades=dict(self.grenades),
                            armour=dict(self.armour), damage=dict(self.damage))

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.pos.q, self.pos.r, self.luck, tuple(sorted(self.loaded.items())),
                tuple(sorted(self.spares.items())), tuple(sorted(self.grenades.items())),
                tuple(sorted(self.armour.items())), tuple(sorted(self.damage.items())), self.status, self.mortal,
                self.stabilised, self.dies_at, self.limbs_lost, self.lose_turn, self.lose_turn_why, self.no_shoot,
                self.aimed, self.moved, self.aboard)


@attrs.frozen
class Order:
    """One character's committed action for the round (hidden from the other side until the reveal)."""

    character: str
    action: str
    target: str | None = None  # a character (shoot, melee, aid)
    at: Hex | None = None  # a hex (throw)
    item: str = ""  # the firearm or grenade used
    auto: bool = False
    grenade: int = 0  # the live grenade thrown away or back
    forced: str = ""  # why the character has no choice this round

    def canonical(self) -> tuple[Any, ...]:
        return (self.character, self.action, self.target, None if self.at is None else (self.at.q, self.at.r),
                self.item, self.auto, self.grenade, self.forced)


@attrs.define(slots=True)
class Hit:
    """A hit waiting to be applied: armour first, then the target's luck, then the damage (Attacks and Damage)."""

    target: str
    source: str
    weapon: str
    location: str
    damage: int
    projectile: bool
    breaks_armour: bool
    rule: str
    luck_asked: bool = False

    def canonical(self) -> tuple[Any, ...]:
        return attrs.astuple(self)


@attrs.define(slots=True)
class LiveGrenade:
    id: int
    grenade: str
    thrower: str
    side: str
    at: Hex
    returned: bool = False

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.grenade, self.thrower, self.side, self.at.q, self.at.r, self.returned)


@attrs.frozen
class Offer:
    """A live grenade at the feet of ``characters`` of ``side``: they may give up their action to deal with it."""

    grenade: int
    side: str
    characters: tuple[str, ...]


@attrs.frozen
class Cloud:
    kind: str  # "smoke" or "gas"
    grenade: str
    at: Hex
    radius: int
    until: int  # the last round it lasts

    def covers(self, h: Hex) -> bool:
        return self.at.distance(h) <= self.radius


@attrs.define(slots=True)
class SkirmishState:
    tables: Tables
    chars: dict[str, Character]
    round: int = 0
    surprise: bool = False
    seconds: int = 0
    step: str = COMMIT
    stage: str = ""
    plans: dict[str, Hex] = attrs.field(factory=dict)
    orders: dict[str, Order] = attrs.field(factory=dict)
    locked: list[str] = attrs.field(factory=list)
    revealed: bool = False
    hits: list[Hit] = attrs.field(factory=list)
    live: list[LiveGrenade] = attrs.field(factory=list)
    offer: Offer | None = None
    offered: list[int] = attrs.field(factory=list)
    clouds: list[Cloud] = attrs.field(factory=list)
    next_grenade: int = 1
    result: tuple[str | None, str] | None = None
    aftermath: list[str] = attrs.field(factory=list)
    occupant: dict[Hex, str] = attrs.field(factory=dict)  # characters on foot only
    machines: dict[str, bool] = attrs.field(factory=dict)  # machine -> open
    vehicles: dict[str, Hex] = attrs.field(factory=dict)  # vehicle -> where it stands
    options: dict[str, Any] = attrs.field(factory=dict)  # the battle's options (system.Skirmishes.options)

    def passengers(self, vehicle: str) -> list[Character]:
        """Everyone in the vehicle, able or not (the wounded and the dead keep their seats)."""
        return sorted((c for c in self.chars.values() if c.aboard == vehicle), key=lambda c: c.id)

    def vehicle_at(self, h: Hex) -> str | None:
        for vid, at in self.vehicles.items():
            if at == h:
                return vid
        return None

    @property
    def sides(self) -> tuple[str, str]:
        return self.tables.side_ids

    @property
    def turn(self) -> int:
        return self.round

    def other(self, side: str) -> str:
        a, b = self.tables.side_ids
        return b if side == a else a

    def side_chars(self, side: str) -> list[Character]:
        return [c for c in self.chars.values() if c.side == side]

    def copy(self) -> SkirmishState:
        return SkirmishState(
            tables=self.tables, chars={k: c.copy() for k, c in self.chars.items()}, round=self.round,
            surprise=self.surprise, seconds=self.seconds, step=self.step, stage=self.stage, plans=dict(self.plans),
            orders=dict(self.orders), locked=list(self.locked), revealed=self.revealed,
            hits=[attrs.evolve(h) for h in self.hits], live=[attrs.evolve(g) for g in self.live], offer=self.offer,
            offered=list(self.offered), clouds=list(self.clouds), next_grenade=self.next_grenade, result=self.result,
            aftermath=list(self.aftermath), occupant=dict(self.occupant), machines=dict(self.machines),
            vehicles=dict(self.vehicles), options=dict(self.options))

    def canonical(self) -> tuple[Any, ...]:
        return (
            tuple(c.canonical() for c in self.chars.values()), self.round, self.surprise, self.seconds, self.step,
            self.stage, tuple(sorted((k, h.q, h.r) for k, h in self.plans.items())),
            tuple(sorted(o.canonical() for o in self.orders.values())), tuple(self.locked), self.revealed,
            tuple(h.canonical() for h in self.hits), tuple(g.canonical() for g in self.live),
            None if self.offer is None else attrs.astuple(self.offer), tuple(self.offered),
            tuple((c.kind, c.grenade, c.at.q, c.at.r, c.radius, c.until) for c in self.clouds), self.next_grenade,
            self.result, tuple(self.aftermath), tuple(sorted(self.machines.items())),
            tuple(sorted((k, h.q, h.r) for k, h in self.vehicles.items())),
        )


#: the stages of a round, in order, and their titles in the dice log (the book's Sequence of Play)
STAGES = ("movement", "shooting", "grenades", "reactions", "melee", "misc", "detonation", "shelling", "end")
STAGE_TITLES = {"movement": "Movement phase", "shooting": "Shooting phase", "grenades": "Grenades phase",
                "reactions": "Live grenades: who deals with them", "melee": "Melee phase",
                "misc": "Miscellaneous phase", "detonation": "End of the round: live grenades burst",
                "shelling": "End of the round: heavy artillery", "end": "End of the round"}


def vehicle_for(st: SkirmishState, c: Character) -> str | None:
    """The vehicle ``c`` could drive this round: the one it sits in (and stays in), or the one its run ends in."""
    plan = st.plans.get(c.id)
    if plan is not None:
        return st.vehicle_at(plan)
    return c.aboard or None
