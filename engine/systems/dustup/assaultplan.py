"""The assault in progress (book: "Assault Action"): where an assault stands between the questions
it asks, kept in the state only through :class:`~engine.systems.dustup.events.AssaultState` events
(``key=json`` facts), and read back from them.
"""

from __future__ import annotations

import json

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution

from . import events as E
from .state import (
    DustState,
)


@attrs.define
class Plan:
    """Where an assault stands. ``status`` per attacker: "go" (will move to contact), "choose"
    (its enemy withdrew: occupy or go after it), "press" (short after its first move), "fight"
    (in contact), "halt" (done without combat)."""

    attackers: list[str]
    defenders: list[str]
    targets: dict[str, list[str]]  # each attacker's targets as declared
    goals: dict[str, list[str]]  # the targets each attacker still has to reach
    starts: dict[str, list[int]]  # each attacker's starting hex [q, r]
    status: dict[str, str]
    stage: str = "withdraw"  # withdraw -> courage -> choose -> move -> press -> combat
    asked: list[str] = attrs.Factory(list)  # defenders asked whether to withdraw
    withdrawn: list[str] = attrs.Factory(list)
    vacated: dict[str, list[int]] = attrs.Factory(dict)  # the hex each withdrawn defender left
    contact: list[list[str]] = attrs.Factory(list)  # [attacker, defender] pairs in contact
    two_inch: bool = False
    asking: str = ""  # the unit the pending decision is about
    crews: dict[str, str] = attrs.Factory(dict)  # vehicle -> its dismounted crew's unit, "" if it stayed in

    def facts(self) -> tuple[str, ...]:
        return tuple(f"{k}={json.dumps(v, sort_keys=True, separators=(',', ':'))}"
                     for k, v in attrs.asdict(self).items())

    @classmethod
    def from_facts(cls, facts: tuple[str, ...]) -> Plan:
        raw = {}
        for fact in facts:
            key, _, value = fact.partition("=")
            raw[key] = json.loads(value)
        return cls(**raw)

    def contacts_of(self, a: str) -> list[str]:
        return [d for x, d in self.contact if x == a]


def save_plan(ctx: Resolution, plan: Plan) -> None:
    ctx.emit(E.AssaultState(facts=plan.facts()))


def load_plan(st: DustState) -> Plan:
    if st.assault is None:
        raise RuntimeError("no assault is in progress")
    return Plan.from_facts(st.assault)


def as_hex(v: list[int]) -> Hex:
    return Hex(v[0], v[1])


def unit_on_table(st: DustState, uid: str) -> bool:
    u = st.units.get(uid)
    return u is not None and u.on_table
