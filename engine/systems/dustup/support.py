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
  Burst radii are ``schema.BURST`` (3"/4"/6"/10" = 2/2/3/5 hexes), read through ``supportfacts.burst_radius``.
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

The rules live in one module per part of the book (issue 19): this one keeps the Request Fire
Support Action, the inbound chart, ResolveImpact and the end of the turn, and gathers the action
tables in their order; supportfacts.py holds what the parts share (rule names, difficulties,
ammunition, assets, the request and observer dice, the chart for the screens); impacts.py accuracy,
scatter, the rounds, the blast and smoke lines (Resolving Impacts); ontable.py the FireMortar action
(On-Table Artillery Fire). The names imported ``as`` themselves are read as support.<name> (rules,
describe, previews, outcomes, ai, air's parts, tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import acts, ground, ontable
from . import events as E
from .action import Action, Decision
from .dice import beats, shift_names, smoke_thinning
from .impacts import blast_morale as blast_morale
from .impacts import burst as burst
from .impacts import deliver
from .ontable import ACTIVATION_BEGIN as ACTIVATION_BEGIN
from .ontable import FireMortar as FireMortar
from .schema import SUPPORT_KINDS, SUPPORT_TIERS
from .state import DustState, Feature, Mission, Unit, feature_data
from .supportfacts import IMPACTS as IMPACTS
from .supportfacts import (
    RULE_CHART,
    RULE_CHITS,
    RULE_DUMMY,
    RULE_IMPACT,
    RULE_PLATOON,
    RULE_REQUEST,
    RULE_SMOKE,
    RULE_TIMING,
    SMOKE_TABLE,
    WEAPON_CLASS,
    _busy,
)
from .supportfacts import asset_name as asset_name
from .supportfacts import asset_of as asset_of
from .supportfacts import assets as assets
from .supportfacts import blast_hexes as blast_hexes
from .supportfacts import burst_radius as burst_radius
from .supportfacts import chart as chart
from .supportfacts import difficulty as difficulty
from .supportfacts import missions_left as missions_left
from .supportfacts import platoon_shift as platoon_shift
from .supportfacts import request_die as request_die

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
        return f"your side has {plural(st.support_chits.get(u.side, 0), 'fire support chit')}"
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
                    modifiers=shift_names("request die D8", [(f"{plural(cmd.chits, 'fire support chit')} spent",
                                                               cmd.chits),
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
                             reason=f"called by {u.name}: {roll} beats {need}; the rounds arrive {when}",
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
    deliver(ctx, side, m.target, observer, ammo or "he", burst_radius(a), int(a["rounds"]), a["guided"],
            IMPACTS.get(ammo, IMPACTS["he"]), screen=m.id, line_dir=int(line or 0), what=asset_name(a),
            weapon_class=WEAPON_CLASS[a["size"]])


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
        roll = ctx.roll(6, f"artillery smoke screen of {plural(len(clouds), 'cloud')} at {_where(clouds[0].pos)}: "
                        + SMOKE_TABLE, RULE_SMOKE)
        gone = smoke_thinning(len(clouds), roll)
        for f in clouds[len(clouds) - gone:]:
            ctx.emit(E.FeatureRemoved(feature=f.id, reason=f"the smoke thins ({roll})", rule=RULE_SMOKE))


def _where(h: Hex) -> str:
    from hexfront.engine.core.hexes import hex_label

    return hex_label(h)


ACTIONS: dict[type, Action] = {
    RequestFire: Action(request_check, request_resolve, request_offer),
    **ontable.ACTIONS,  # FireMortar
}
SIDE_ACTIONS: dict[type, Action] = {ResolveImpact: Action(impact_check, impact_resolve, impact_offer)}
DECISIONS: dict[str, Decision] = {}
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
COMMANDS: tuple[type, ...] = (RequestFire, ResolveImpact, FireMortar)
