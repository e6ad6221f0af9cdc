"""Artillery and air support: requests, the inbound chart, impacts (Artillery and Air Support).

A side's support assets come from its scenario (``support = [...]``, read into
``Tables.support``): each has a kind (artillery, air, orbital), a tier that sets
how long its rounds take (Request Fire Support Action: Successful Request), a
size that sets the burst radius (Ammunition Size), the ammunition it may fire,
how many guns fire together (``rounds``), how many missions it may fire in the
battle, and whether its rounds are guided.

The pieces:

* :class:`RequestFire`, a unit action: a D8 (shifted up by fire support chits)
  must beat the unit's leadership plus the request's difficulty. Success puts
  a counter on the inbound chart (``state.Mission``) in the box the asset's
  tier gives, and target markers on the map (Features of kind "target", hidden
  from the other side: the real one and up to two dummies look the same).
* ``TURN_BEGIN``: every fire mission counter moves one box toward the battle
  area (box 0).
* :class:`ResolveImpact`, given by a side instead of activating a unit: a
  mission in box 0 comes down. Accuracy (Fire Support Accuracy), scatter by the
  clockface, each further round off the first one's impact point (Multiple
  Incoming Rounds), then the blast (Resolving Impacts), smoke (Artificial
  Smoke) or fires (Fire).
* :class:`FireMortar`, a unit action for on-table mortars (On-Table Artillery
  Fire): direct fire at a hex the unit sees, at once; or indirect fire, which
  registers the aim point with an observer of the side, the rounds landing as
  the mortar unit next activates (``ACTIVATION_BEGIN``).
* ``TURN_END``: blast markers are cleared and artillery smoke thins out.
* :func:`chart` and :func:`blast_hexes`, pure helpers for the screens.

This game's readings (the book is silent or vague):

* Scale: scatter in inches becomes hexes at 2 inches a hex, a half rounding up.
  Burst radii are ``data.BURST`` (3"/4"/6"/10" = 2/2/3/5 hexes).
* Assets of other platoons: a scenario asset may name its owner, ``platoon =
  "<id of a platoon HQ unit>"``; one without is a company or higher asset that
  any unit may call without a shift. The requester's platoon is its own unit if
  it is a platoon HQ (level 1), else the platoon HQ it answers to
  (``commander``); its company is that platoon HQ's commander (a company HQ,
  level 2), or for a company HQ itself, its own unit. The book words the shift
  for a platoon commander; here it applies to any requester, whose call goes
  through its platoon's net. A call on another platoon's asset: the request die
  one type lower if that platoon answers to the requester's company, two lower
  otherwise (a different company, or a command chain that cannot be traced).
  A request the shifted die cannot win is refused, not rolled.
* Air-bursting cluster munitions (ammunition "cluster"): the impact of
  general-purpose explosive (D8 against infantry and vehicles), but every
  vehicle in the blast rolls its top armour, not only one under the impact
  point. Cover still shifts armour as for any round.
* The observer must see the aim point to call the fire (dummy markers may go
  anywhere on the map). A request the die cannot win is refused, not rolled.
* A failed request spends the action and any chits, not one of the asset's
  missions. Missions on the chart count against the asset's allowance.
* The chart moves fire missions only; aircraft counters are the air rules'.
* A mission that reaches box 0 stays there, with its dummy markers, until its
  side resolves it (a side with no unit left to activate must wait for the
  next turn).
* Guided rounds: the D8 is rolled but not multiplied by the accuracy score
  (scatter = D8 inches).
* The observer's die is its rangefinder if the unit is a dedicated forward
  observer or liaison officer (``fo``), else a D4; an observer that has fallen
  since the call still aims the rounds (the guns have the coordinates), but a
  laser-guided round needs it alive and in sight of the aim point.
* Figures "separated from the impact point by cover": a unit whose hex gives
  cover, unless the round landed on that very hex (a propped unit adds its
  +1 the same way). Passengers inside a vehicle are not hit on their own, nor
  are aircraft in the air.
* A unit caught by several rounds of one mission rolls armour for each round,
  but takes one suppression marker and one confidence test per mission: on
  the "takes casualties from fire" row (the "vehicle takes damage" row for a
  damaged vehicle) with the "under artillery or aerospace attack" modifier,
  whether or not anyone was hurt.
* Smoke rounds lay a line of clouds as long as the burst's diameter, centred
  on each impact point, in the direction the caller chose; hexes that already
  hold smoke are not doubled. Each mission's smoke is one screen for the
  end-of-turn roll, which removes clouds from the end of the line.
* Incendiary rounds start a fire at each impact point and do nothing else.
* On-table mortars: the minimum range applies to direct and indirect fire.
  Indirect fire is one action that registers the aim point with an observer
  of the side that sees it (the mortar unit itself by default) and counts as
  the mortar's fire for that activation; the rounds fall, without an action,
  when the mortar unit next activates, unless it is then suppressed, routed,
  or its mortar is out of action (the mission is lost).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, arc_of, hex_count, hex_distance, hexes_within
from hexfront.engine.core.resolution import Resolution

from . import acts, checks, ground, heavy, vehicles
from . import events as E
from .action import Action, Decision
from .dice import (
    beats,
    clock_to_hex_direction,
    die_name,
    roll_value,
    shift,
    shift_names,
    shift_value,
    smoke_thinning,
    value_name,
)
from .schema import BURST, SUPPORT_KINDS, SUPPORT_TIERS
from .state import ABANDONED, FIT, HULL, KILLED, ROUTED, DustState, Feature, Figure, Mission, Unit, feature_data

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
# Orders
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class RequestFire:
    """Call a fire mission from support ``asset`` onto ``target`` (Request Fire Support Action).

    ``ammo``: one the asset carries (he, ap, at, smoke, incendiary). ``chits``: fire support chits
    spent, each shifting the request die up once. ``dummies``: up to two dummy target markers
    (Dummy Targets). ``line_dir``: for smoke, the hex direction (0 east .. 5 south-east,
    counter-clockwise) the smoke line runs along.
    """

    unit: str
    asset: str
    target: Hex
    ammo: str = "he"
    chits: int = 0
    dummies: tuple[Hex, ...] = ()
    line_dir: int = 0


@attrs.frozen
class ResolveImpact:
    """Instead of activating a unit, bring down a fire mission that is over the battle area."""

    side: str
    mission: str


@attrs.frozen
class FireMortar:
    """On-table artillery: ``figure``'s mortar fires at ``target``.

    Direct fire (default): at a hex the unit sees, resolved at once. ``indirect``: the aim point
    is registered, seen by ``observer`` (a unit of the side; empty: the mortar unit itself if it
    sees the hex, else the side's best observer that does); the rounds fall when the mortar unit
    next activates.
    """

    unit: str
    figure: str
    target: Hex
    indirect: bool = False
    observer: str = ""


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


def request_check(st: DustState, u: Unit, cmd: RequestFire) -> str | None:
    why = _busy(st, u)
    if why:
        return why
    a = asset_of(st, u.side, cmd.asset)
    if a is None:
        return f"your side has no support asset '{cmd.asset}'"
    if a["tier"] == "on_table":
        return f"{asset_name(a)} is on the table: its mortars fire with their own unit's fire order"
    if missions_left(st, u.side, a) <= 0:
        return f"{asset_name(a)} has no fire missions left ({a['missions']} allowed, all called)"
    if cmd.ammo not in a["ammo"]:
        return f"{asset_name(a)} fires {', '.join(a['ammo'])}, not {cmd.ammo}"
    if not st.tables.on_board(cmd.target):
        return "the target point is off the map"
    if not ground.can_see(st, u.hex, cmd.target):
        return f"{u.name} cannot see that point: an observer must see where the rounds are to land"
    if cmd.chits < 0 or cmd.chits > st.support_chits.get(u.side, 0):
        return f"your side has {st.support_chits.get(u.side, 0)} fire support chit(s)"
    if len(cmd.dummies) > 2:
        return "at most two dummy targets go with a real one (Dummy Targets)"
    for d in cmd.dummies:
        if not st.tables.on_board(d):
            return "a dummy target is off the map"
    if len(set(cmd.dummies) | {cmd.target}) != len(cmd.dummies) + 1:
        return "each target marker, real or dummy, needs a hex of its own"
    if not 0 <= cmd.line_dir <= 5:
        return "the smoke line's direction is a hex direction, 0 to 5"
    need = u.leadership + difficulty(u, a["kind"])
    die = request_die(cmd.chits, platoon_shift(st, u, a)[0])
    if die <= need:
        return (f"{u.name} would need more than {need} on a D{die}: no chance"
                + (" (spend fire support chits to shift the die up)" if die < 12 else ""))
    return None


def request_offer(st: DustState, u: Unit) -> list[RequestFire]:
    """One call per asset with missions left onto each enemy unit the requester sees (first ammunition
    type of the asset; chits and dummies are the player's to add)."""
    if not u.on_table or u.travel:
        return []
    mine = [a for a in assets(st, u.side) if a["tier"] != "on_table" and missions_left(st, u.side, a) > 0]
    if not mine:
        return []
    targets = sorted({e.hex for e in st.enemies(u.side) if not e.hidden and ground.can_see(st, u.hex, e.hex)})
    return [RequestFire(u.id, str(a["id"]), h, a["ammo"][0]) for a in mine for h in targets]


def request_resolve(ctx: Resolution, u: Unit, cmd: RequestFire) -> None:
    st: DustState = ctx.state
    a = asset_of(st, u.side, cmd.asset)
    assert a is not None
    acts.spend(ctx, u, "request fire support")
    if cmd.chits:
        left = st.support_chits.get(u.side, 0) - cmd.chits
        ctx.emit(E.SupportChits(side=u.side, left=left, reason=f"{cmd.chits} spent on {u.name}'s request",
                                rule=RULE_CHITS))
    kind = a["kind"]
    diff = difficulty(u, kind)
    need = u.leadership + diff
    down, down_words = platoon_shift(st, u, a)
    die = request_die(cmd.chits, down)
    who = ("forward observer" if kind == "artillery" else "liaison officer") if u.fo else "not a dedicated observer"
    chit_words = f", D8 up {cmd.chits} for fire support chits" if cmd.chits else ""
    chit_words += f", {down_words}" if down else ""
    roll = ctx.roll(die, f"request {kind} support from {asset_name(a)}: D{die}{chit_words} must beat {need} "
                    f"= leadership {u.leadership} + difficulty {diff} ({who})",
                    RULE_PLATOON if down else RULE_REQUEST, u.id,
                    modifiers=shift_names("request die D8", [(f"{cmd.chits} fire support chit(s) spent", cmd.chits),
                                                             (down_words or "another platoon's asset", -down)],
                                          RULE_REQUEST))
    if not beats(roll, need):
        ctx.emit(E.Note(text=f"{u.name}'s call for fire is not answered ({roll} against {need})", rule=RULE_REQUEST))
        return
    box = SUPPORT_TIERS[a["tier"]]
    mid = ground.new_id(st, "mission")
    ammo = f"smoke:{cmd.line_dir}" if cmd.ammo == "smoke" else cmd.ammo
    when = {1: "next turn", 2: "after two turns", 3: "after three turns"}.get(box, "")
    ctx.emit(E.MissionPlaced(mission=mid, side=u.side, kind=kind, asset=str(a["id"]), box=box, target=cmd.target,
                             dummies=tuple(cmd.dummies), observer=u.id, ammo=ammo,
                             reason=f"called by {u.name} ({roll} beats {need}); the rounds arrive {when}",
                             rule=RULE_TIMING))
    # the markers go down in map order, so which one is real cannot be told from the order either
    markers = sorted([(cmd.target, 0)] + [(d, 1) for d in cmd.dummies], key=lambda t: (t[0].q, t[0].r))
    for h, dummy in markers:
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "target"), kind="target", side=u.side, at=h, hidden=True,
                                 data=feature_data(mission=mid, dummy=dummy), reason="fire support target marker",
                                 rule=RULE_DUMMY if cmd.dummies else RULE_TIMING))


# ---------------------------------------------------------------------------------------------
# The inbound chart and resolving a mission instead of activating a unit
# ---------------------------------------------------------------------------------------------


def TURN_BEGIN(ctx: Resolution) -> None:
    """The Inbound Chart: every fire mission counter moves one box nearer the battle area."""
    st: DustState = ctx.state
    for m in list(st.missions.values()):
        if m.kind in SUPPORT_KINDS and m.box > 0:
            to = m.box - 1
            ctx.emit(E.MissionMoved(mission=m.id, box=to, reason="over the battle area: it may be resolved"
                                    if to == 0 else "one turn nearer", rule=RULE_CHART))


def impact_check(st: DustState, side: str, cmd: ResolveImpact) -> str | None:
    m = st.missions.get(cmd.mission)
    if m is None:
        return f"there is no inbound counter '{cmd.mission}'"
    if m.side != side:
        return "that fire mission is the other side's"
    if m.kind not in SUPPORT_KINDS:
        return "that counter is not a fire mission"
    if m.box != 0:
        return f"that fire mission is still in box {m.box} of the inbound chart"
    return None


def impact_offer(st: DustState, side: str) -> list[ResolveImpact]:
    return [ResolveImpact(side, m.id) for m in st.missions.values()
            if m.side == side and m.kind in SUPPORT_KINDS and m.box == 0]


def target_markers(st: DustState, mission: str) -> list[Feature]:
    return [f for f in st.features.values() if f.kind == "target" and str(f.get("mission", "")) == mission]


def impact_resolve(ctx: Resolution, side: str, cmd: ResolveImpact) -> None:
    st: DustState = ctx.state
    m: Mission = st.missions[cmd.mission]
    a = asset_of(st, side, m.asset)
    assert a is not None
    ctx.emit(E.Note(text=f"{st.tables.side_names[side]} bring down {asset_name(a)}'s fire instead of activating a unit",
                    rule=RULE_TIMING))
    for f in target_markers(st, m.id):
        if f.get("dummy", 0):
            ctx.emit(E.FeatureRemoved(feature=f.id, reason="a dummy target: nothing falls here", rule=RULE_DUMMY))
        else:
            ctx.emit(E.FeatureRemoved(feature=f.id, reason="the real target: the rounds come down", rule=RULE_DUMMY))
    ctx.emit(E.MissionRemoved(mission=m.id, reason="fired", rule=RULE_TIMING))
    ammo, _, line = m.ammo.partition(":")
    observer = st.units.get(m.observer or "")
    assert m.target is not None, "a fire mission is placed on its target point when it is requested"
    deliver(ctx, side, m.target, observer, ammo or "he", BURST[a["size"]], int(a["rounds"]), a["guided"],
            IMPACTS.get(ammo, IMPACTS["he"]), screen=m.id, line_dir=int(line or 0), what=asset_name(a),
            weapon_class=WEAPON_CLASS[a["size"]])


# ---------------------------------------------------------------------------------------------
# Accuracy, scatter and the rounds
# ---------------------------------------------------------------------------------------------


def accuracy(ctx: Resolution, observer: Unit | None, aim: Hex, from_point: Hex, guided: str, label: str) -> Hex:
    """Fire Support Accuracy: an unopposed roll of the observer's die must beat its leadership for the
    round to land on ``from_point``; else it scatters from there by the score x a D8 inches (the D8
    alone for guided rounds) in the clockface direction. ``aim`` is the target marker (for the
    laser's line of sight). Returns the impact point, which may be off the map."""
    st: DustState = ctx.state
    if observer is None:
        die, notes, lead, who = 4, ["no observer D4"], 3, ""
    else:
        die, notes = observer_die(st, observer, aim, guided)
        lead, who = observer.leadership, observer.id
    roll = ctx.roll(die, f"{label}: accuracy {die_name(die)} ({', '.join(notes)}) must beat leadership {lead}",
                    RULE_ACCURACY, who)
    if roll > lead:
        ctx.emit(E.Note(text=f"{label} is on target ({roll} beats {lead})", rule=RULE_ACCURACY))
        return from_point
    return scatter(ctx, from_point, roll, bool(guided), label, who)


def scatter(ctx: Resolution, start: Hex, score: int, guided: bool, label: str, who: str = "") -> Hex:
    """The round lands off its point: score x D8 inches (guided: the D8 alone), 2 inches a hex (a half
    rounds up), in the direction of a D12 on the clockface (12 o'clock north-west), walked hex by hex."""
    if guided:
        inches = ctx.roll(8, f"{label}: scatter distance, a D8 in inches (guided: not multiplied)", RULE_ACCURACY,
                          who)
    else:
        d8 = ctx.roll(8, f"{label}: scatter distance, {score} x D8 inches", RULE_ACCURACY, who)
        inches = score * d8
    hexes = (inches + 1) // 2
    hour = ctx.roll(12, f"{label}: scatter direction on the clockface (12 o'clock = north-west)", RULE_ACCURACY, who)
    d = clock_to_hex_direction(hour)
    point = start
    for _ in range(hexes):
        point = point.neighbour(d)
    ctx.emit(E.Note(text=f"{label} scatters {inches} inches ({hex_count(hexes)}) toward {hour} o'clock "
                    f"({DIRECTION_WORDS[d]})", rule=RULE_ACCURACY))
    return point


def deliver(ctx: Resolution, side: str, aim: Hex, observer: Unit | None, ammo: str, radius: int, rounds: int,
            guided: str, impacts: tuple[int, int], *, screen: str, line_dir: int = 0, what: str = "",
            weapon_class: int = 1) -> None:
    """Bring the rounds down on ``aim``: the first by the accuracy roll, each later one off the first's
    impact point by the same method (Multiple Incoming Rounds); then their effect, round by round,
    and the morale of every unit caught."""
    st: DustState = ctx.state
    points: list[Hex] = []
    for i in range(rounds):
        label = f"{what} round {i + 1}" if rounds > 1 else f"{what} round"
        if i == 0:
            points.append(accuracy(ctx, observer, aim, aim, guided, label))
        else:
            points.append(accuracy(ctx, observer, aim, points[0], guided, label))
    caught: dict[str, dict[str, Any]] = {}
    smoke_n = [0]
    for i, p in enumerate(points):
        if not st.tables.on_board(p):
            ctx.emit(E.Note(text=f"round {i + 1} lands off the table: lost", rule=RULE_IMPACT))
            continue
        if ammo == "smoke":
            lay_smoke(ctx, side, p, radius, line_dir, screen, smoke_n)
        elif ammo == "incendiary":
            if not st.features_at(p, "fire"):
                ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "fire"), kind="fire", side=side, at=p,
                                         data=feature_data(radius=1, source="artillery"),
                                         reason="incendiary rounds set the area alight", rule=RULE_FIRE))
        else:
            ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "blast"), kind="blast", side=side, at=p,
                                     data=feature_data(radius=radius), reason=f"{AMMO_NAMES.get(ammo, ammo)} lands",
                                     rule=RULE_IMPACT))
            burst(ctx, p, radius, impacts, caught, weapon_class, top=ammo in AIRBURST)
    blast_morale(ctx, caught)


def caught_units(st: DustState, centre: Hex, radius: int) -> list[Unit]:
    """Units with figures in the blast: on the map within ``radius`` of ``centre``; passengers ride out
    the blast in their vehicle, and aircraft in the air are above it."""
    return [u for u in st.units.values()
            if u.pos is not None and not u.off_table and u.carried_by is None and u.air not in ("airborne", "hovering")
            and not u.destroyed
            and any(f.status not in (KILLED, ABANDONED) for f in u.figures)
            and hex_distance(u.pos, centre) <= radius]


def burst(ctx: Resolution, centre: Hex, radius: int, impacts: tuple[int, int], caught: dict[str, dict[str, Any]],
          weapon_class: int = 1, top: bool = False) -> None:
    """Resolving Impacts: every figure in the blast rolls its armour against the round's impact; a
    vehicle rolls once, with its top armour if the round landed on it (or, ``top``, an air-bursting
    cluster round went off anywhere over the blast), else the face toward the impact point. Cover on
    the unit's hex shifts the armour die, unless the round fell on that hex."""
    st: DustState = ctx.state
    for u in caught_units(st, centre, radius):
        if u.id not in caught:
            caught[u.id] = {"before": {f.id: (f.status, f.wounds) for f in u.figures}, "damaged": False}
        separated = u.pos != centre
        cover = ground.cover_shift(st, u) if separated else 0
        propped = u.propped and separated
        if u.is_vehicle:
            if hit_vehicle(ctx, u, centre, impacts[1], cover, weapon_class, top=top):
                caught[u.id]["damaged"] = True
            continue
        for f in list(u.figures):
            if f.status in (KILLED, ABANDONED):
                continue
            checks.impact_on(ctx, u, f, impacts[0], cover, propped, RULE_IMPACT, unarmoured=f.unarmoured)


def hit_vehicle(ctx: Resolution, v: Unit, centre: Hex, impact: int, cover: int, weapon_class: int = 1,
                top: bool = False) -> bool:
    """One impact against a vehicle's armour, as for direct fire: beats it = a damage marker, more than
    double = destroyed; either way its passengers test against ``weapon_class`` (Casualties to
    Vehicle Passengers). Returns True if the vehicle was damaged or destroyed."""
    face = "top" if v.pos == centre or top else arc_of(v.hex, v.facing, centre)
    armour = shift_value(v.armour_face(face), cover)
    shifted = f", cover +{cover}" if cover else ""
    imp = roll_value(ctx, impact, f"impact {value_name(impact)} against {v.name}'s {face} armour", RULE_IMPACT)
    arm = roll_value(ctx, armour, f"{v.name}'s {face} armour {value_name(armour)}{shifted}", RULE_IMPACT, v.id)
    if imp > 2 * arm:
        heavy.passenger_casualties(ctx, v, weapon_class, destroyed=True)
        vehicles.destroy(ctx, v, f"impact {imp} more than double armour {arm}: destroyed", RULE_IMPACT)
        return True
    if imp > arm:
        ctx.emit(E.VehicleDamaged(unit=v.id, reason=f"impact {imp} beats armour {arm}: damaged", rule=RULE_IMPACT))
        heavy.passenger_casualties(ctx, v, weapon_class, destroyed=False)
        return True
    ctx.emit(E.Note(text=f"{v.name}: impact {imp} against {face} armour {arm}, no effect", rule=RULE_IMPACT))
    return False


def blast_morale(ctx: Resolution, caught: dict[str, dict[str, Any]]) -> None:
    """Every unit with a figure in the blast is suppressed and tests its confidence, under artillery
    or aerospace attack; a fallen leader calls for its own test; green troops may panic."""
    st: DustState = ctx.state
    hurt: list[str] = []
    first: list[str] = []
    for uid, info in caught.items():
        u = st.units[uid]
        if not u.under_fire_before:
            first.append(uid)
            ctx.emit(E.CameUnderFire(unit=uid, reason="under bombardment", rule="Morale: Confidence Test"))
        casualties = sum(1 for f in u.figures if f.role != HULL and (f.status, f.wounds) != info["before"][f.id]
                         and f.status != FIT)
        if casualties and not u.is_vehicle:
            hurt.append(uid)
        if not u.fit_figures or u.confidence == ROUTED:
            continue
        checks.suppress(ctx, u, "caught in the blast", RULE_IMPACT)
        if u.confidence == ROUTED:
            continue
        if u.is_vehicle and info["damaged"]:
            checks.confidence_test(ctx, u, "vehicle_damage", artillery=True)
        else:
            checks.confidence_test(ctx, u, "casualties", artillery=True, casualties=casualties,
                                   survivors=len(u.fit_figures))
    if hurt:
        checks.leader_losses(ctx, hurt)
    for uid in first:
        u = st.units[uid]
        if u.fit_figures and u.confidence != ROUTED:
            checks.maybe_panic(ctx, u, "fired_on", "first time under fire")


def lay_smoke(ctx: Resolution, side: str, centre: Hex, radius: int, line_dir: int, screen: str,
              counter: list[int]) -> None:
    """Artificial Smoke: a line of clouds, one a hex, as long as the burst is wide, centred on the impact
    point and running along ``line_dir``."""
    st: DustState = ctx.state
    back = (line_dir + 3) % 6
    line = []
    h = centre
    for _ in range(radius):
        h = h.neighbour(back)
    for _ in range(2 * radius + 1):
        line.append(h)
        h = h.neighbour(line_dir)
    for h in line:
        if not st.tables.on_board(h) or st.features_at(h, "smoke"):
            continue
        counter[0] += 1
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "smoke"), kind="smoke", side=side, at=h,
                                 data=feature_data(radius=0, source="artillery", screen=screen, n=counter[0]),
                                 reason="artillery smoke", rule=RULE_SMOKE))


# ---------------------------------------------------------------------------------------------
# End of the turn: blasts cleared, artillery smoke thins
# ---------------------------------------------------------------------------------------------


def TURN_END(ctx: Resolution) -> None:
    st: DustState = ctx.state
    for f in list(st.features.values()):
        if f.kind == "blast":
            ctx.emit(E.FeatureRemoved(feature=f.id, reason="the dust settles", rule=RULE_IMPACT))
    screens: dict[str, list[Feature]] = {}
    for f in st.features.values():
        if f.kind == "smoke" and f.get("source") == "artillery":
            screens.setdefault(str(f.get("screen", "")), []).append(f)
    for screen in sorted(screens):
        clouds = sorted(screens[screen], key=lambda f: (f.get("n", 0), f.id))
        roll = ctx.roll(6, f"artillery smoke screen of {len(clouds)} cloud(s) at {_where(clouds[0].pos)}: "
                        + SMOKE_TABLE, RULE_SMOKE)
        gone = smoke_thinning(len(clouds), roll)
        for f in clouds[len(clouds) - gone:]:
            ctx.emit(E.FeatureRemoved(feature=f.id, reason=f"the smoke thins ({roll})", rule=RULE_SMOKE))


def _where(h: Hex) -> str:
    from hexfront.engine.core.hexes import hex_label

    return hex_label(h)


# ---------------------------------------------------------------------------------------------
# On-table artillery (mortars)
# ---------------------------------------------------------------------------------------------


def mortar_check(st: DustState, u: Unit, cmd: FireMortar) -> str | None:
    why = _busy(st, u)
    if why:
        return why
    if u.suppression:
        return f"{u.name} is suppressed: it cannot fire until it recovers (Recover Suppression Action)"
    f = next((x for x in u.figures if x.id == cmd.figure), None)
    if f is None:
        return f"{cmd.figure} is not a figure of {u.name}"
    if f not in mortars(st, u):
        return f"{f.name} is not an on-table mortar"
    if f.status != FIT:
        return f"{f.name} is out of action"
    if not f.ready:
        return f"{f.name} is not set up"
    if f.fired:
        return f"{f.name} has already fired this activation"
    if not st.tables.on_board(cmd.target):
        return "the target point is off the map"
    w = st.tables.weapons[f.weapon]
    dist = hex_distance(u.hex, cmd.target)
    if dist < w.min_range:
        return (f"that point is {dist} hexes away: a {w.name} fires high-angle and cannot reach closer than "
                f"{w.min_range} hexes (On-Table Artillery Fire: Restrictions)")
    return _spotting_refusal(st, u, cmd)


def _spotting_refusal(st: DustState, u: Unit, cmd: FireMortar) -> str | None:
    """Who sees the fall of shot: direct fire, the mortar's own unit; indirect fire, an observer of
    its side (the target is registered for the unit's next activation, one at a time)."""
    if not cmd.indirect:
        if cmd.observer:
            return "direct fire is observed by the mortar's own unit"
        if not ground.can_see(st, u.hex, cmd.target):
            return f"{u.name} cannot see that point: fire indirectly, with an observer who can"
        return None
    if u.mortar_target is not None:
        return f"{u.name} already has a target registered for its next activation"
    if mortar_observer(st, u, cmd.target, cmd.observer) is None:
        if cmd.observer:
            return f"'{cmd.observer}' is not a unit of your side on the table that sees that point"
        return "no unit of your side sees that point to observe the fall of shot"
    return None


def mortar_offer(st: DustState, u: Unit) -> list[FireMortar]:
    """Direct fire at each enemy the unit sees, indirect fire at each enemy its side sees, beyond the
    minimum range."""
    if not u.on_table or u.suppression or u.travel:
        return []
    figs = [f for f in mortars(st, u) if f.status == FIT and f.ready and not f.fired]
    if not figs:
        return []
    out: list[FireMortar] = []
    enemies = [e for e in st.enemies(u.side) if not e.hidden]
    for f in figs:
        w = st.tables.weapons[f.weapon]
        for e in enemies:
            if hex_distance(u.hex, e.hex) < w.min_range:
                continue
            if ground.can_see(st, u.hex, e.hex):
                out.append(FireMortar(u.id, f.id, e.hex))
            if u.mortar_target is None:
                out.append(FireMortar(u.id, f.id, e.hex, indirect=True))
    return out


def mortar_resolve(ctx: Resolution, u: Unit, cmd: FireMortar) -> None:
    st: DustState = ctx.state
    f = next(x for x in u.figures if x.id == cmd.figure)
    w = st.tables.weapons[f.weapon]
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    if cmd.indirect:
        acts.spend(ctx, u, "register a mortar target")
        obs = mortar_observer(st, u, cmd.target, cmd.observer)
        assert obs is not None
        ctx.emit(E.MortarTargetRegistered(unit=u.id, at=cmd.target,
                                          reason=f"observed by {obs.name}: the rounds fall when {u.name} next "
                                          "activates",
                                          rule=RULE_ON_TABLE))
        ctx.emit(E.FeaturePlaced(feature=ground.new_id(st, "target"), kind="target", side=u.side, at=cmd.target,
                                 hidden=True, data=feature_data(mortar=u.id, figure=f.id, observer=obs.id, dummy=0),
                                 reason="mortar target marker", rule=RULE_ON_TABLE))
        return
    acts.spend(ctx, u, "fire the mortar")
    acts.reveal(ctx, u, "it fired")
    deliver(ctx, u.side, cmd.target, u, "he", w.burst or BURST["small"], 1, "",
            (w.impact, w.impact_against(True)), screen="", what=f"{w.name} ({u.name})", weapon_class=max(w.size, 1))


def ACTIVATION_BEGIN(ctx: Resolution, u: Unit) -> None:
    """On-table artillery: a registered indirect mission lands as the mortar unit activates."""
    if u.mortar_target is None:
        return
    st: DustState = ctx.state
    aim = u.mortar_target
    marker = next((f for f in st.features.values() if f.kind == "target" and str(f.get("mortar", "")) == u.id), None)
    fid = str(marker.get("figure", "")) if marker else ""
    observer = st.units.get(str(marker.get("observer", ""))) if marker else None
    ctx.emit(E.MortarTargetFired(unit=u.id, reason="the registered rounds are fired", rule=RULE_ON_TABLE))
    if marker is not None:
        ctx.emit(E.FeatureRemoved(feature=marker.id, reason="the mortar rounds come down", rule=RULE_ON_TABLE))
    f = next((x for x in u.figures if x.id == fid), None)
    if f is None or f.status != FIT or not f.ready or u.suppression or u.confidence == ROUTED:
        ctx.emit(E.Note(text=f"{u.name} cannot fire its registered mission (suppressed, routed or its mortar out of "
                        "action): it is lost", rule=RULE_ON_TABLE))
        return
    w = st.tables.weapons[f.weapon]
    ctx.emit(E.FiguresFired(unit=u.id, figures=(f.id,)))
    deliver(ctx, u.side, aim, observer or u, "he", w.burst or BURST["small"], 1, "",
            (w.impact, w.impact_against(True)), screen="", what=f"{w.name} ({u.name})", weapon_class=max(w.size, 1))


ACTIONS: dict[type, Action] = {
    RequestFire: Action(request_check, request_resolve, request_offer),
    FireMortar: Action(mortar_check, mortar_resolve, mortar_offer),
}
SIDE_ACTIONS: dict[type, Action] = {ResolveImpact: Action(impact_check, impact_resolve, impact_offer)}
DECISIONS: dict[str, Decision] = {}
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
COMMANDS: tuple[type, ...] = (RequestFire, ResolveImpact, FireMortar)
