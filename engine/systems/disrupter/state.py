"""Disrupter battle state: platoons, squads with their orders, teams of units, the turn's place.

Only the fold (folds.py, each event's fold) writes these records. ``canonical`` gives a plain
tuple fixing the whole state, for the battle's hash.
"""

from __future__ import annotations

from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex

from .data import Tables

VERBS = ("advance", "hold", "take_cover", "rally", "retreat", "halt")
FIRE_CLAUSES = ("fire", "spot", "hold_fire")
PLACE_VERBS = ("advance", "rally")
DEFAULT_WORDS = ("Halt", "Rally", "Retreat", "Resume")


@attrs.frozen
class Order:
    """A squad's written order: a verb, a place for advance/rally, and a fire clause (Rule 9 - Giving Orders)."""

    verb: str
    place: Hex | None = None
    fire: str = "fire"

    def sentence(self) -> str:
        where = ""
        if self.place is not None:
            from hexfront.engine.core.hexes import hex_label

            where = hex_label(self.place)
        verb = {"advance": f"advance to {where}", "hold": "hold this ground", "take_cover": "take cover and hold",
                "rally": f"rally at {where}", "retreat": "retreat to our own edge", "halt": "halt"}[self.verb]
        clause = {"fire": "fire on what comes into sight", "spot": "spot what comes into sight, keep cover",
                  "hold_fire": "hold fire unless fired upon"}[self.fire]
        return f"{verb}; {clause}"

    def canonical(self) -> tuple[Any, ...]:
        return (self.verb, (self.place.q, self.place.r) if self.place else None, self.fire)


@attrs.define(slots=True)
class Unit:
    id: str
    klass: str
    kit: str
    weapon: str
    wounds: int = 0
    alive: bool = True
    acted: bool = False  # has used its battlefield action this turn

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.wounds, self.alive, self.acted)

    def copy(self) -> Unit:
        return Unit(self.id, self.klass, self.kit, self.weapon, self.wounds, self.alive, self.acted)


@attrs.define(slots=True)
class Team:
    id: str
    side: str
    name: str
    squad: str
    units: list[Unit]
    pos: Hex | None
    cover: bool = False
    spotted: bool = False
    routed: bool = False
    gone: bool = False  # off the board: wiped out or routed off its edge
    moved: bool = False  # has taken its movement action this turn
    penalty_turn: int = 0  # the turn in which its Instinct checks have [-] (Fire: failure/success)
    frozen_turn: int = 0  # the turn in which it takes no actions (panic: freeze)
    deployed: bool = False  # moved by a Deploy order at the briefing
    fired_at_by: list[str] = attrs.field(factory=list)  # teams that fired at it this turn
    facing: int | None = None  # a vehicle's facing, a hex direction 0-5 (this game's vehicles); None: a stand

    @property
    def hex(self) -> Hex:
        """Where the team stands: asked only of a team on the board."""
        assert self.pos is not None, f"{self.id} is not on the board"
        return self.pos

    @property
    def living(self) -> list[Unit]:
        return [u for u in self.units if u.alive]

    @property
    def on_board(self) -> bool:
        if self.gone or self.pos is None:
            return False
        for u in self.units:  # a plain loop: asked very often by the computer players
            if u.alive:
                return True
        return False

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.squad, (self.pos.q, self.pos.r) if self.pos else None, self.cover, self.spotted,
                self.routed, self.gone, self.moved, self.penalty_turn, self.frozen_turn, self.deployed,
                tuple(self.fired_at_by), tuple(u.canonical() for u in self.units)) + (
                    () if self.facing is None else (self.facing,))  # a stand's hash is as before vehicles

    def copy(self) -> Team:
        """A copy sharing nothing mutable (hexes are frozen). Every field is listed: a field added to the
        class must be added here too (tests/disrupter/test_disrupter_odds_support checks it)."""
        return Team(self.id, self.side, self.name, self.squad, [u.copy() for u in self.units], self.pos,
                    self.cover, self.spotted, self.routed, self.gone, self.moved, self.penalty_turn,
                    self.frozen_turn, self.deployed, list(self.fired_at_by), self.facing)


@attrs.define(slots=True)
class Squad:
    id: str
    side: str
    name: str
    hq: bool
    order: Order
    pending: Order | None = None
    before_code: Order | None = None  # the order a code word replaced (Resume goes back to it)
    group: int = 1
    code_words: dict[str, Order] = attrs.field(factory=dict)
    orders_set: bool = False  # given its initial orders at the briefing

    def canonical(self) -> tuple[Any, ...]:
        return (self.id, self.order.canonical(), self.pending.canonical() if self.pending else None,
                self.before_code.canonical() if self.before_code else None, self.group,
                tuple(sorted((w, o.canonical()) for w, o in self.code_words.items())), self.orders_set)

    def copy(self) -> Squad:
        return Squad(self.id, self.side, self.name, self.hq, self.order, self.pending, self.before_code,
                     self.group, dict(self.code_words), self.orders_set)


@attrs.define(slots=True)
class Platoon:
    side: str
    name: str
    stress: int = 0
    co: str | None = None  # unit id of the Commanding Officer
    rally_points: list[Hex] = attrs.field(factory=list)
    resolve_used: bool = False
    resolve_now: bool = False  # takes [+] on this initiative check
    resolve_decided: bool = False
    briefed: bool = False
    jammed_turn: int = -1  # code words jammed in this turn (platoon panic); -1: never
    relieved: bool = False  # the CO relieved stress this turn
    lost: int = 0  # units taken off the board

    def canonical(self) -> tuple[Any, ...]:
        return (self.side, self.stress, self.co, tuple((h.q, h.r) for h in self.rally_points), self.resolve_used,
                self.resolve_now, self.resolve_decided, self.briefed, self.jammed_turn, self.relieved, self.lost)

    def copy(self) -> Platoon:
        return Platoon(self.side, self.name, self.stress, self.co, list(self.rally_points), self.resolve_used,
                       self.resolve_now, self.resolve_decided, self.briefed, self.jammed_turn, self.relieved,
                       self.lost)


@attrs.define(slots=True)
class DisState:
    tables: Tables
    options: dict[str, Any]
    platoons: dict[str, Platoon]
    squads: dict[str, Squad]
    teams: dict[str, Team]
    phase: str = "briefing"  # briefing, resolve, action, over
    turn: int = 0
    order: tuple[str, ...] = ()  # sides in initiative order this turn
    segments: tuple[tuple[str, str, str], ...] = ()  # (group, side, step) still to come, first is current
    reacted: list[str] = attrs.field(factory=list)  # teams that reaction-fired this movement step
    result: tuple[str | None, str] | None = None

    @property
    def sides(self) -> tuple[str, ...]:
        return self.tables.side_ids

    def other(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a

    def opt(self, name: str) -> bool:
        return bool(self.options.get(name, False))

    @property
    def segment(self) -> tuple[str, str, str] | None:
        return self.segments[0] if self.segments else None

    def copy(self) -> DisState:
        return DisState(tables=self.tables, options=dict(self.options),
                        platoons={k: v.copy() for k, v in self.platoons.items()},
                        squads={k: v.copy() for k, v in self.squads.items()},
                        teams={k: v.copy() for k, v in self.teams.items()},
                        phase=self.phase, turn=self.turn, order=self.order, segments=self.segments,
                        reacted=list(self.reacted), result=self.result)

    def canonical(self) -> tuple[Any, ...]:
        return (tuple(p.canonical() for _, p in sorted(self.platoons.items())),
                tuple(s.canonical() for _, s in sorted(self.squads.items())),
                tuple(t.canonical() for _, t in sorted(self.teams.items())),
                self.phase, self.turn, self.order, self.segments, tuple(self.reacted), self.result)

    # -- lookups ---------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit:
        team = self.teams[unit_id.rsplit(".", 1)[0]]
        return next(u for u in team.units if u.id == unit_id)

    def team_of(self, unit_id: str) -> Team:
        return self.teams[unit_id.rsplit(".", 1)[0]]

    def team_at(self, h: Hex) -> Team | None:
        for t in self.teams.values():
            if t.on_board and t.pos == h:
                return t
        return None

    def squad_teams(self, squad_id: str) -> list[Team]:
        return [t for t in self.teams.values() if t.squad == squad_id and t.on_board]

    def side_teams(self, side: str) -> list[Team]:
        return [t for t in self.teams.values() if t.side == side and t.on_board]

    def nco_team(self, squad_id: str) -> Team | None:
        """The team holding the squad's NCO: a living officer who is not the CO."""
        sq = self.squads[squad_id]
        co = self.platoons[sq.side].co
        for t in self.squad_teams(squad_id):
            if any(u.alive and u.klass == "officer" and u.id != co for u in t.units):
                return t
        return None
