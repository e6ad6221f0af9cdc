"""What the fire support rules share (Artillery and Air Support: Request Fire Support Action;
Ammunition Types; Resolving Impacts): the rule names, the requestor difficulties, the impacts of each
ammunition, a side's support assets and their missions left, the request die and the shift for another
platoon's asset, the observer's die, the inbound chart and the blast hexes for the screens, and the
on-table mortars and their observers.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.hexes import Hex, hexes_within

from . import ground
from .dice import shift
from .schema import BURST, SUPPORT_KINDS
from .state import ROUTED, DustState, Figure, Unit

RULE_REQUEST = "Request Fire Support Action"
RULE_CHITS = "Request Fire Support Action: Fire Support Chits"
RULE_TIMING = "Request Fire Support Action: Successful Request"
RULE_DUMMY = "Request Fire Support Action: Dummy Targets"
RULE_CHART = "The Inbound Chart"
RULE_ACCURACY = "Resolving Impacts: Fire Support Accuracy"
RULE_IMPACT = "Resolving Impacts"
RULE_ROUNDS = "Resolving Impacts: Multiple Incoming Rounds"
RULE_ON_TABLE = "On-Table Artillery Fire"
RULE_SMOKE = "Additional Rules: Artificial Smoke"
RULE_FIRE = "Additional Rules: Fire"

# Requestor difficulty (Request Fire Support Action): (by a forward observer / liaison officer, by anyone else)
DIFFICULTY = {"artillery": (0, 2), "air": (2, 4), "orbital": (3, 6)}
# Ammunition Types: impact against infantry and against armoured targets (24 is D12x2)
IMPACTS = {"he": (8, 8), "ap": (12, 8), "at": (6, 24), "cluster": (8, 8)}
AMMO_NAMES = {"he": "general purpose explosive", "ap": "anti-personnel submunitions",
              "at": "anti-armour submunitions", "smoke": "smoke", "incendiary": "incendiary",
              "cluster": "air-bursting cluster munitions"}
AIRBURST = ("cluster",)  # vehicles anywhere in the blast use their top armour (Resolving Impacts)
RULE_PLATOON = "Request Fire Support Action (another platoon's support)"
DIRECTION_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
# The weapon class passengers of a damaged vehicle must beat (Casualties to Vehicle Passengers): this
# game's reading for off-table rounds, by their size; an on-table mortar uses its weapon size
WEAPON_CLASS = {"small": 1, "medium": 2, "large": 3, "very_large": 4}
SMOKE_TABLE = "D6: 1 all the smoke clears, 2-3 half of it (rounded up), 4-6 one cloud"


# ---------------------------------------------------------------------------------------------
# Pure helpers (also for the screens)
# ---------------------------------------------------------------------------------------------


def assets(st: DustState, side: str) -> tuple[dict[str, Any], ...]:
    return st.tables.support.get(side, ())


def asset_of(st: DustState, side: str, aid: str) -> dict[str, Any] | None:
    for a in assets(st, side):
        if str(a["id"]) == aid:
            return a
    return None


def missions_left(st: DustState, side: str, asset: dict[str, Any]) -> int:
    """Missions the asset may still fire: its allowance less those called (on the chart or fired)."""
    return int(asset["missions"]) - st.support_used.get(f"{side}:{asset['id']}", 0)


def asset_name(asset: dict[str, Any]) -> str:
    return str(asset.get("name", asset["id"]))


def burst_radius(asset: dict[str, Any]) -> int:
    """Ammunition Size: how far from the impact point, in hexes, the blast of the asset's rounds reaches."""
    return BURST[asset["size"]]


def difficulty(u: Unit, kind: str) -> int:
    """Requestor difficulty: a forward observer or liaison officer (``fo``) has the easier row."""
    fo, other = DIFFICULTY[kind]
    return fo if u.fo else other


def request_die(chits: int, down: int = 0) -> int:
    """The request die: a D8, shifted up once per fire support chit and down ``down`` times for another
    platoon's asset (closed: D4 to D12)."""
    return shift(8, chits - down)


def platoon_of(st: DustState, u: Unit) -> Unit | None:
    """The platoon HQ a unit belongs to: itself at level 1, else the level 1 HQ it answers to."""
    if u.level == 1:
        return u
    if u.level == 0 and u.commander in st.units and st.units[u.commander].level == 1:
        return st.units[u.commander]
    return None


def company_of(st: DustState, u: Unit) -> str | None:
    """The id of the company HQ above a unit (itself, for a company HQ), or None if none can be traced."""
    if u.level >= 2:
        return u.id
    p = platoon_of(st, u)
    if p is not None and p.commander in st.units and st.units[p.commander].level >= 2:
        return p.commander
    return None


def platoon_shift(st: DustState, u: Unit, asset: dict[str, Any]) -> tuple[int, str]:
    """Request Fire Support Action: (die types down, why) for calling ``asset`` from ``u``: none for the
    requester's own platoon or an asset of no platoon; one for another platoon of the same company;
    two for a platoon of a different company (or one whose chain cannot be traced)."""
    owner = asset.get("platoon")
    if not owner:
        return 0, ""
    own = platoon_of(st, u)
    if own is not None and own.id == owner:
        return 0, ""
    hq = st.units.get(str(owner))
    theirs = company_of(st, hq) if hq is not None else None
    mine = company_of(st, u)
    name = hq.name if hq is not None else str(owner)
    if mine is not None and theirs == mine:
        return 1, f"{name}'s asset, another platoon of the company: one type down"
    return 2, f"{name}'s asset, a platoon of another company: two types down"


def blast_hexes(st: DustState, centre: Hex, radius: int) -> list[Hex]:
    """The map hexes within ``radius`` of ``centre`` (the blast zone of a round)."""
    return [h for h in hexes_within(centre, radius) if st.tables.on_board(h)]


def chart(st: DustState) -> list[tuple[int, str, str]]:
    """The inbound chart as (box, side, text), box 3 first, then 2, 1, over the battle area (0) and
    the loiter box (-1). Fire missions read "Battalion battery (artillery, he)"."""
    out = []
    for m in st.missions.values():
        if m.kind in SUPPORT_KINDS:
            a = asset_of(st, m.side, m.asset)
            name = asset_name(a) if a else m.asset
            text = f"{name} ({m.kind}, {m.ammo.split(':')[0] or 'he'})"
        elif m.unit is not None:
            u = st.units.get(m.unit)
            text = f"{m.kind}: {u.name if u else m.unit}"
        else:
            text = f"{m.kind} ({m.asset})"
        out.append((m.box, m.side, text, m.id))
    out.sort(key=lambda t: (-t[0], t[1], t[3]))
    return [(box, side, text) for box, side, text, _ in out]


def observer_die(st: DustState, observer: Unit, aim: Hex, guided: str) -> tuple[int, list[str]]:
    """Fire Support Accuracy: the designation die (rangefinder for a dedicated observer, else a D4),
    up once for a laser-guided round the observer still sees land, twice for a self-guided round."""
    die = observer.rangefinder if observer.fo else 4
    notes = [f"{'rangefinder' if observer.fo else 'no dedicated observer'} D{die}"]
    steps = 0
    if guided == "laser":
        if observer.on_table and ground.can_see(st, observer.hex, aim):
            steps = 1
            notes.append("laser-guided, target in sight +1")
        else:
            notes.append("laser-guided, but the target is not in sight")
    elif guided == "self":
        steps = 2
        notes.append("self-guided +2")
    return shift(die, steps), notes


def mortars(st: DustState, u: Unit) -> list[Figure]:
    """The unit's on-table mortars (weapon kind "mortar", not an aircraft's bombs)."""
    out = []
    for f in u.figures:
        w = st.tables.weapons.get(f.weapon)
        if w is not None and w.kind == "mortar" and not w.mount:
            out.append(f)
    return out


def mortar_observer(st: DustState, u: Unit, target: Hex, named: str = "") -> Unit | None:
    """Who observes an indirect mortar mission: the named unit, else the mortar unit itself if it sees
    the aim point, else the side's unit that sees it with the best designation die and leadership."""
    if named:
        o = st.units.get(named)
        if o is None or o.side != u.side or not o.on_table or not ground.can_see(st, o.hex, target):
            return None
        return o
    if ground.can_see(st, u.hex, target):
        return u
    seeing = [o for o in st.units.values() if o.side == u.side and o.on_table and ground.can_see(st, o.hex, target)]
    if not seeing:
        return None
    return max(seeing, key=lambda o: ((o.rangefinder if o.fo else 4), -o.leadership))


# ---------------------------------------------------------------------------------------------
# Request Fire Support Action
# ---------------------------------------------------------------------------------------------


def _busy(st: DustState, u: Unit) -> str | None:
    if not u.on_table:
        return f"{u.name} is not on the table"
    if u.confidence == ROUTED:
        return f"{u.name} is routed: every action must withdraw"
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    return None
