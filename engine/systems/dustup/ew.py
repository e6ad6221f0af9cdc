"""Electronic warfare and small drones (Additional Rules: Electronic Warfare; Drones).

Electronic warfare
------------------
A unit with an EW system (``Unit.ew``: D6 inferior, D8 average, D10 superior) gets three EW
counters (``Unit.ew_chits``) each time it activates; what it has not spent by its next activation
is lost then, and nothing renews them in between. Every EW attempt spends one counter; spending
more raises the EW die one type per extra counter (up to D12).

- Jamming (:func:`jam`): called by the Communicate Action after the sender's roll.
- Disruption (:func:`disrupt`): called by actions that use sensors or guidance (a detection
  attempt with sensors better than the naked eye, a drone's spotting, guided missiles...).
- Opposing: whenever an EW attempt would succeed, an EW unit of the side it is aimed at that has a
  counter left rolls its own EW die; higher than the attempt's EW roll, the attempt fails.
- Remote spotting (:class:`RemoteSpot`): an EW unit identifies a hidden-unit marker or a hidden
  counter on the map (a minefield, an IED, a booby trap, a command-detonated mine), wherever it is.

This game's readings:

- Jamming, disruption and opposition are automatic: the best EW unit of the side (highest EW die,
  then most counters) with a counter left always tries, spending one counter and no extras. There
  is no question put to the player in the middle of the other side's roll.
- The book rolls both dice at once; here the EW die is rolled only when it can change something:
  a communication is jammed only when it would otherwise get through, an action disrupted only
  when it would otherwise achieve something, and an EW attempt opposed only when it would
  otherwise succeed. The odds of each attempt are the same; no counter is spent on a roll that
  could not matter.
- "Exceeds" and "beats" mean strictly higher: a tie leaves the communication or the action alone.
- EW reaches the whole table: no range or line of sight is needed to jam, disrupt or oppose.
- An opposing roll is not itself opposed.
- The EW system is always switched on at activation (nothing is gained by leaving it off).
- Remote spotting is a free order of the EW unit during its own activation: it costs no action,
  only counters (the book lets it happen "at any time"; here "any time" is any moment of the EW
  unit's activation, before, between or after its two actions). Given as the unit's first order,
  it activates the unit, whose counters are renewed first.
- Remote spotting's target die: D4 in the open, D6 if the hidden counter's hex conceals, one type
  up if the EW unit has no line of sight to it. The EW roll must beat it. A dummy (a dummy
  hidden-unit marker, or a dummy minefield) is removed; a hidden unit is revealed; a mine, IED,
  booby trap or command-detonated mine is turned face up (``hidden`` False).

Small drones
------------
A unit with ``drones`` (sensor D6/D8/D10) launches one with :class:`LaunchDrone` (one action) over
any hex within 24 inches (12 hexes); :class:`DroneMove` flies it up to 12 hexes (one action);
:class:`DroneSpot` searches a hidden-unit marker from the drone (one action): the Detect Action's
procedure from the drone's hex, with the drone's sensor die in place of the unit's.

This game's readings:

- The drone stays up from one activation to the next until it is recalled or lost. Any order the
  unit carries out other than a drone order (and remote spotting or standing fast, which are not
  actions) makes the drone crash first: the order itself is carried out.
- :class:`RecallDrone` brings it back for no action (the unit carries enough drones for the whole
  battle, so a recall and a crash come to the same thing).
- A drone is airborne: hills, woods and buildings do not block its view; it sees a marker unless
  the drone's hex or the marker's hex is under smoke. Ranges are counted from the drone's hex.
- A suppressed unit may not launch a drone nor spot with it (as it may not detect), but may fly it
  and recall it. A unit in travel mode may not launch one.
- A drone whose unit has left the table is lost at the end of the turn.
- Large drones are fire-support assets (Request Fire Support Action); nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.hexes import Hex, hex_count, hex_distance
from hexfront.engine.core.resolution import Resolution

from . import acts, ground
from . import commands as C
from . import events as E
from .action import Action
from .dice import shift, successes
from .state import DustState, Unit

COUNTERS = 3  # EW counters an EW unit gets at each activation
DRONE_RANGE = 12  # 24 inches: launch distance and one drone move
RULE = "Electronic Warfare"
JAM_RULE = "Electronic Warfare: Jamming Communications"
DISRUPT_RULE = "Electronic Warfare: Disruption of Enemy Sensors and Guidance"
OPPOSE_RULE = "Electronic Warfare: Oppose Enemy EW Attempts"
SPOT_RULE = "Electronic Warfare: Remote Spotting"
DRONE_RULE = "Drones: Small Portable Drones"


# ---------------------------------------------------------------------------------------------
# Commands
# ---------------------------------------------------------------------------------------------


@attrs.frozen
class RemoteSpot:
    """The EW unit spends 1 + ``extra`` EW counters to identify the hidden counter ``marker`` (a
    hidden-unit marker or a hidden minefield, IED, booby trap or command-detonated mine) anywhere on
    the table; each extra counter raises its EW die one type (Electronic Warfare: Remote Spotting).
    Costs no action."""

    unit: str
    marker: str
    extra: int = 0


@attrs.frozen
class LaunchDrone:
    """Prepare and launch a small drone over ``at``, within 24 inches (12 hexes): one action."""

    unit: str
    at: Hex


@attrs.frozen
class DroneMove:
    """Fly the unit's drone to ``to``, up to 24 inches (12 hexes) away: one action."""

    unit: str
    to: Hex


@attrs.frozen
class DroneSpot:
    """Search the hidden-unit marker ``marker`` from the drone, with the drone's sensor die: one action."""

    unit: str
    marker: str


@attrs.frozen
class RecallDrone:
    """Bring the drone down: no action."""

    unit: str


COMMANDS: tuple[type, ...] = (RemoteSpot, LaunchDrone, DroneMove, DroneSpot, RecallDrone)
DRONE_ORDERS = (DroneMove, DroneSpot, RecallDrone)
# what a unit flying a drone may do without losing it: fly it, and things that are not actions
KEEPS_DRONE = (DroneMove, DroneSpot, RecallDrone, RemoteSpot, C.Hold)


# ---------------------------------------------------------------------------------------------
# EW counters and rolls
# ---------------------------------------------------------------------------------------------


def ACTIVATION_BEGIN(ctx: Resolution, u: Unit) -> None:
    """Electronic Warfare: an EW unit that activates switches its system on with three counters;
    unspent ones from its last activation are not added to them."""
    if u.ew and u.ew_chits != COUNTERS:
        ctx.emit(E.EWSwitchedOn(unit=u.id, counters=COUNTERS, reason="activates: its EW system is switched on",
                                rule=RULE))


def TURN_END(ctx: Resolution) -> None:
    """A drone whose unit is gone from the table is lost."""
    for u in list(ctx.state.units.values()):
        if u.drone_at is not None and not u.on_table:
            ctx.emit(E.DroneDown(unit=u.id, reason="its operators are gone: the drone is lost", rule=DRONE_RULE))


def ew_unit(st: DustState, side: str) -> Unit | None:
    """The EW unit ``side`` uses for an automatic attempt: on the table, with a counter left; the
    best EW die first, then the most counters, then the first id."""
    found = [u for u in st.units.values() if u.side == side and u.ew and u.ew_chits > 0 and u.on_table]
    if not found:
        return None
    return min(found, key=lambda u: (-u.ew, -u.ew_chits, u.id))


def chits_available(st: DustState, u: Unit) -> int:
    """Counters ``u`` could spend on an order given now: a unit whose activation the order begins
    gets its three new counters first."""
    if not u.ew:
        return 0
    if st.active is None:
        return COUNTERS
    return u.ew_chits


def _attempt(ctx: Resolution, u: Unit, extra: int, purpose: str, rule: str) -> int:
    """Spend 1 + ``extra`` counters of ``u`` and roll its EW die, ``extra`` types up."""
    spent = 1 + extra
    ctx.emit(E.EWCountersSpent(unit=u.id, spent=spent,
                               reason=f"{spent} EW counter{'s' if spent > 1 else ''} spent: {purpose}", rule=rule))
    die = shift(u.ew, extra)
    up = f"D{u.ew} -> D{die}: {extra} extra counter{'s' if extra > 1 else ''}; " if extra else ""
    return ctx.roll(die, f"{u.name}'s EW die ({up}D{die}): {purpose}", rule, u.id)


def opposed(ctx: Resolution, side: str, roll: int, what: str) -> bool:
    """Oppose Enemy EW Attempts: an EW unit of ``side`` (the side the attempt is aimed at) with a
    counter left rolls its EW die against the attempt's EW roll ``roll``; higher, the attempt fails.
    True if it was foiled."""
    st: DustState = ctx.state
    if side not in st.sides:
        return False
    opp = ew_unit(st, side)
    if opp is None:
        return False
    r = _attempt(ctx, opp, 0, f"oppose {what}: must beat the EW roll {roll}", OPPOSE_RULE)
    if r > roll:
        ctx.emit(E.Note(text=f"{opp.name} foils {what} ({r} > {roll})", rule=OPPOSE_RULE))
        return True
    ctx.emit(E.Note(text=f"{opp.name} fails to oppose {what} ({r} against {roll})", rule=OPPOSE_RULE))
    return False


def jam(ctx: Resolution, side: str, roll: int, what: str) -> bool:
    """Jamming Communications: called as ``side`` rolls ``roll`` to communicate (communication.py). An
    active enemy EW unit may roll its EW die; above ``roll``, the attempt fails. True if jammed.

    Command.py calls it only for a roll that would get through (see the module's readings)."""
    st: DustState = ctx.state
    if side not in st.sides:
        return False
    enemy = ew_unit(st, st.other(side))
    if enemy is None:
        return False
    r = _attempt(ctx, enemy, 0, f"jam {what}: must beat the communication roll {roll}", JAM_RULE)
    if r <= roll:
        ctx.emit(E.Note(text=f"{enemy.name} fails to jam {what} ({r} against {roll})", rule=JAM_RULE))
        return False
    if opposed(ctx, side, r, f"{enemy.name}'s jamming"):
        return False
    ctx.emit(E.Note(text=f"{enemy.name} jams {what} ({r} > {roll}): the communication fails", rule=JAM_RULE))
    return True


def disrupt(ctx: Resolution, side: str, rolls: list[int], what: str) -> bool:
    """Disruption of Enemy Sensors and Guidance: called as ``side`` rolls ``rolls`` for an action that
    uses sensors or guidance (a guided missile, a detection attempt, a fire-support designation,
    anti-aircraft acquisition). An active enemy EW unit may roll its EW die; if it beats any of
    the rolls the action is disrupted and fails. True if disrupted."""
    st: DustState = ctx.state
    rolls = list(rolls)
    if not rolls or side not in st.sides:
        return False
    enemy = ew_unit(st, st.other(side))
    if enemy is None:
        return False
    low = min(rolls)
    r = _attempt(ctx, enemy, 0, f"disrupt {what}: must beat one of the rolls {', '.join(map(str, rolls))}",
                 DISRUPT_RULE)
    if r <= low:
        ctx.emit(E.Note(text=f"{enemy.name} fails to disrupt {what} ({r} beats none of "
                        f"{', '.join(map(str, rolls))})", rule=DISRUPT_RULE))
        return False
    if opposed(ctx, side, r, f"{enemy.name}'s disruption"):
        return False
    ctx.emit(E.Note(text=f"{enemy.name} disrupts {what} ({r} > {low}): it fails", rule=DISRUPT_RULE))
    return True


# ---------------------------------------------------------------------------------------------
# Remote spotting
# ---------------------------------------------------------------------------------------------


def hidden_counter(st: DustState, side: str, cid: str) -> tuple[Hex, str, str] | None:
    """(hex, owner side, description) of an enemy hidden counter ``cid``: a hidden-unit marker, or
    a hidden minefield counter not of ``side`` (IEDs, booby traps and CDMs show no counter)."""
    m = st.markers.get(cid)
    if m is not None and m.side != side:
        return m.pos, m.side, f"marker {m.id}"
    f = st.features.get(cid)
    if f is not None and f.hidden and f.side != side and f.kind in SPOTTABLE:
        return f.pos, f.side, f"hidden counter {f.id}"
    return None


def _spot_check(st: DustState, u: Unit, cmd: RemoteSpot) -> str | None:
    if not u.ew:
        return f"{u.name} has no EW system"
    if cmd.extra < 0:
        return "extra counters cannot be fewer than none"
    have = chits_available(st, u)
    need = 1 + cmd.extra
    if have < need:
        return (f"{u.name} has {have} EW counter{'s' if have != 1 else ''} left: this needs {need} "
                "(counters are renewed at its next activation)")
    if hidden_counter(st, u.side, cmd.marker) is None:
        return "there is no hidden enemy counter by that name"
    return None


def _spot_resolve(ctx: Resolution, u: Unit, cmd: RemoteSpot) -> None:
    st: DustState = ctx.state
    acts.spend(ctx, u, "remote spotting (EW counters, no action)", 0)
    counter = hidden_counter(st, u.side, cmd.marker)
    assert counter is not None, "_spot_check refuses a counter that is not there"
    pos, owner, label = counter
    concealed = st.tables.conceal.get(pos, "none") != "none"
    out_of_sight = not ground.can_see(st, u.hex, pos)
    r = _attempt(ctx, u, cmd.extra, f"remote spotting of {label}", SPOT_RULE)
    die = shift(6 if concealed else 4, 1 if out_of_sight else 0)
    why = ("concealed D6" if concealed else "in the open D4") + (", out of sight +1" if out_of_sight else "")
    t = ctx.roll(die, f"{label} against remote spotting: {why} -> D{die}, the EW roll {r} must beat it",
                 SPOT_RULE, owner)
    if r <= t:
        ctx.emit(E.Note(text=f"{u.name}'s remote spotting learns nothing of {label} ({r} against {t})",
                        rule=SPOT_RULE))
        return
    if opposed(ctx, owner, r, f"{u.name}'s remote spotting"):
        return
    reveal_counter(ctx, u, cmd.marker, f"identified by {u.name}'s remote spotting ({r} > {t})")


def reveal_counter(ctx: Resolution, u: Unit, cid: str, why: str) -> None:
    """Turn a hidden counter face up: a dummy goes, a hidden unit is revealed, a hidden hazard is shown."""
    st: DustState = ctx.state
    m = st.markers.get(cid)
    if m is not None:
        found = st.units.get(m.unit) if m.unit is not None else None
        if found is None:
            ctx.emit(E.MarkerRemoved(marker=m.id, reason=f"{why}: a dummy", rule=SPOT_RULE))
        elif found.hidden:
            acts.reveal(ctx, found, why)
        else:
            ctx.emit(E.MarkerRemoved(marker=m.id, reason=f"{why}: {found.name}", rule=SPOT_RULE))
        return
    f = st.features[cid]
    if f.get("type") == "dummy" or f.get("dummy") in (1, "1", "true", "yes"):
        ctx.emit(E.FeatureRemoved(feature=f.id, reason=f"{why}: a dummy", rule=SPOT_RULE))
    else:
        ctx.emit(E.FeatureChanged(feature=f.id, hidden=False, reason=why, rule=SPOT_RULE))


SPOTTABLE = ("minefield",)


def _spot_offer(st: DustState, u: Unit) -> list[Any]:
    if not u.ew:
        return []
    have = chits_available(st, u)
    if not have:
        return []
    targets = [m.id for m in st.markers.values() if m.side != u.side]
    # only counters the side can see on the table: minefield counters lie face down; IEDs, booby
    # traps and command-detonated mines show nothing until found, so they cannot be picked out
    targets += [f.id for f in st.features.values() if f.hidden and f.side != u.side and f.kind in SPOTTABLE]
    return [RemoteSpot(u.id, t, extra) for t in targets for extra in range(min(have, 3))]


# ---------------------------------------------------------------------------------------------
# Small portable drones
# ---------------------------------------------------------------------------------------------


def drone_distracted(ctx: Resolution, u: Unit, cmd: Any) -> None:
    """Small Portable Drones: a unit flying a drone that does anything else loses it (called by
    rules.resolve before any order of a unit whose drone is up)."""
    if u.drone_at is None or type(cmd) in KEEPS_DRONE:
        return
    ctx.emit(E.DroneDown(unit=u.id, reason="the operators turn to something else: the drone crashes and is lost",
                         rule=DRONE_RULE))


def _launch_check(st: DustState, u: Unit, cmd: LaunchDrone) -> str | None:
    if not u.drones:
        return f"{u.name} has no drones"
    if u.drone_at is not None:
        return f"{u.name} already has a drone in the air"
    if u.travel:
        return f"{u.name} is in travel mode: it may only move or reorganise (Travel Movement)"
    if u.suppression:
        return f"{u.name} is suppressed: it cannot launch a drone until it recovers (Recover Suppression Action)"
    if not st.tables.on_board(cmd.at):
        return "that hex is off the map"
    if hex_distance(u.hex, cmd.at) > DRONE_RANGE:
        return "a drone is launched at most 24 inches (12 hexes) away"
    return None


def _launch_resolve(ctx: Resolution, u: Unit, cmd: LaunchDrone) -> None:
    acts.spend(ctx, u, "launch a drone")
    ctx.emit(E.DroneFlown(unit=u.id, at=cmd.at, reason="launches a drone", rule=DRONE_RULE))


def _near_markers(st: DustState, u: Unit, h: Hex) -> list[Hex]:
    return sorted({m.pos for m in st.markers.values() if m.side != u.side
                   and hex_distance(h, m.pos) <= DRONE_RANGE}, key=lambda x: (x.q, x.r))


def _launch_offer(st: DustState, u: Unit) -> list[Any]:
    if not u.drones or u.drone_at is not None or u.travel or u.suppression:
        return []
    return [LaunchDrone(u.id, h) for h in [u.hex] + [h for h in _near_markers(st, u, u.hex) if h != u.hex]]


def _no_drone(u: Unit) -> str | None:
    return None if u.drone_at is not None else f"{u.name} has no drone in the air"


def _move_check(st: DustState, u: Unit, cmd: DroneMove) -> str | None:
    why = _no_drone(u)
    if why or u.drone_at is None:
        return why
    if not st.tables.on_board(cmd.to):
        return "that hex is off the map"
    if cmd.to == u.drone_at:
        return "the drone is already there"
    if hex_distance(u.drone_at, cmd.to) > DRONE_RANGE:
        return "a drone flies at most 24 inches (12 hexes) in one action"
    return None


def _move_resolve(ctx: Resolution, u: Unit, cmd: DroneMove) -> None:
    acts.spend(ctx, u, "fly the drone")
    ctx.emit(E.DroneFlown(unit=u.id, at=cmd.to, reason="the drone flies on", rule=DRONE_RULE))


def _move_offer(st: DustState, u: Unit) -> list[Any]:
    if u.drone_at is None:
        return []
    return [DroneMove(u.id, h) for h in _near_markers(st, u, u.drone_at) if h != u.drone_at]


def drone_observer(u: Unit) -> Unit:
    """The unit as it searches through its drone: from the drone's hex, with the drone's sensor die."""
    return attrs.evolve(u, pos=u.drone_at, sensor=u.drones, name=f"{u.name}'s drone")


def drone_sees(st: DustState, a: Hex, b: Hex) -> bool:
    """An airborne drone sees any hex unless smoke lies over the drone or its target."""
    smoke = ground.smoke_hexes(st)
    return a not in smoke and b not in smoke


def _spot_drone_check(st: DustState, u: Unit, cmd: DroneSpot) -> str | None:
    why = _no_drone(u)
    if why or u.drone_at is None:
        return why
    if u.suppression:
        return f"{u.name} is suppressed: it cannot search for hidden enemies until it recovers"
    m = st.markers.get(cmd.marker)
    if m is None or m.side == u.side:
        return "there is no enemy hidden-unit marker by that name"
    if not drone_sees(st, u.drone_at, m.pos):
        return "smoke hides that marker from the drone"
    if range_die(st, drone_observer(u), hex_distance(u.drone_at, m.pos)) is None:
        return "that marker is too far from the drone to be detected"
    return None


def _spot_drone_resolve(ctx: Resolution, u: Unit, cmd: DroneSpot) -> None:
    acts.spend(ctx, u, "spot with the drone")
    search(ctx, drone_observer(u), cmd.marker, "Detect Action (from a drone)")


def _spot_drone_offer(st: DustState, u: Unit) -> list[Any]:
    if u.drone_at is None or u.suppression:
        return []
    return [DroneSpot(u.id, m.id) for m in st.markers.values()
            if m.side != u.side and hex_distance(u.drone_at, m.pos) <= 24]


def _recall_check(st: DustState, u: Unit, cmd: RecallDrone) -> str | None:
    return _no_drone(u)


def _recall_resolve(ctx: Resolution, u: Unit, cmd: RecallDrone) -> None:
    acts.spend(ctx, u, "recall the drone (no action)", 0)
    ctx.emit(E.DroneDown(unit=u.id, reason="the drone is brought back", rule=DRONE_RULE))


def _recall_offer(st: DustState, u: Unit) -> list[Any]:
    return [RecallDrone(u.id)] if u.drone_at is not None else []


def _build() -> dict[type, Action]:
    return {
        RemoteSpot: Action(_spot_check, _spot_resolve, _spot_offer),
        LaunchDrone: Action(_launch_check, _launch_resolve, _launch_offer),
        DroneMove: Action(_move_check, _move_resolve, _move_offer),
        DroneSpot: Action(_spot_drone_check, _spot_drone_resolve, _spot_drone_offer),
        RecallDrone: Action(_recall_check, _recall_resolve, _recall_offer),
    }


ACTIONS: dict[type, Action] = _build()
DECISIONS: dict[str, Callable[..., None]] = {}  # none of its own
FOLD: dict[type, Callable[[DustState, Any], None]] = {}
EVENT_TYPES: tuple[type, ...] = ()
SIDE_ACTIONS: dict[type, Action] = {}


# -- Searching for hidden units (the Detect action's roll, shared with EW spotting) -----------------


DAY_RANGES = ((6, 8), (12, 10), (25, 12))  # (under this many hexes, range die): <12", <24", up to 48"


NIGHT_RANGES = ((2, 8), (4, 10), (9, 12))  # divided by three: <4", <8", up to 16"


def sees_as_by_day(st: DustState, u: Unit) -> bool:
    """Night Vision: in daylight, or with night vision or enhanced or superior sensors."""
    return not st.tables.night or u.night_vision or u.sensor >= 8


def range_die(st: DustState, u: Unit, distance: int) -> int | None:
    """The hidden unit's range die for an observer ``distance`` hexes away, or None beyond range."""
    for below, die in (DAY_RANGES if sees_as_by_day(st, u) else NIGHT_RANGES):
        if distance < below:
            return die
    return None


def search(ctx: Resolution, u: Unit, marker: str, rule: str = "Detect Action") -> None:
    """The Detect Action's rolls by observer ``u`` (from its ``pos``, with its ``sensor``; a drone's
    search passes the unit as seen from the drone). A search with sensors better than the naked eye
    that would find something may be disrupted by enemy EW (ew.disrupt)."""
    st: DustState = ctx.state
    m = st.markers[marker]
    d = hex_distance(u.hex, m.pos)
    die = range_die(st, u, d)
    assert die is not None, "the Detect checks refuse a marker beyond every range die"
    night = "" if not st.tables.night else (
        ", by day ranges (night vision)" if sees_as_by_day(st, u) else ", at night: ranges divided by three")
    target = ctx.roll(die, f"range die for marker {m.id}: D{die} at {hex_count(d)}{night}", rule, m.side)
    q = ctx.roll(u.quality, f"{u.name} searches: quality die D{u.quality} must beat {target}", rule, u.id)
    s = ctx.roll(u.sensor, f"{u.name} searches: sensor die D{u.sensor} must beat {target}", rule, u.id)
    beaten = successes([q, s], target).count
    if beaten == 0:
        ctx.emit(E.Note(text=f"{u.name} sees nothing at marker {m.id}", rule=rule))
        return
    if u.sensor > 4 and disrupt(ctx, u.side, [q, s], f"{u.name}'s search of marker {m.id}"):
        return
    if m.unit is None:
        ctx.emit(E.MarkerRemoved(marker=m.id, reason=f"{u.name} finds nothing there: a dummy", rule=rule))
        return
    if beaten == 1:
        ctx.emit(E.Note(text=f"marker {m.id} stays: it is not a dummy, but {u.name} cannot make it out", rule=rule))
        return
    found = st.units[m.unit]
    if found.hidden:
        acts.reveal(ctx, found, f"detected by {u.name}")
    else:
        ctx.emit(E.MarkerRemoved(marker=m.id, reason=f"{u.name} spots {found.name}", rule=rule))
