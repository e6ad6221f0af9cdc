"""The fold of what happens to a unit (unitevents.py: Suppressed, Turned, Embarked...), and the map
index of who stands where that several of those folds keep in step.

Each fold changes exactly what its fact changes; none sets a field named by the event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexfront.engine.core.hexes import Hex

from . import events as E
from .state import DustState, Unit


def flying(u: Unit) -> bool:
    """An aircraft or grav vehicle in the air (Aerospace: Aircraft on the Table): it stands on no hex,
    blocks no ground movement and is no enemy "next to" anyone (this game's reading; air.py)."""
    return u.air in ("airborne", "hovering")


def vacate(st: DustState, u: Unit) -> None:
    """``u`` no longer stands on its hex in the index (a detachment formed there stays behind)."""
    old = u.pos
    if old is not None and st.occupant.get(old) == u.id:
        del st.occupant[old]
        for other in st.units.values():
            if other.id != u.id and other.pos == old and other.on_table:
                st.occupant[old] = other.id
                break


def place(st: DustState, u: Unit, at: Hex | None) -> None:
    """``u`` stands on ``at``; its passengers, a super-heavy's turrets and a towed vehicle go along."""
    vacate(st, u)
    u.pos = at
    if at is not None and u.carried_by is None and u.hull is None and not flying(u):
        st.occupant[at] = u.id
    for other in st.units.values():
        if other.carried_by == u.id or other.hull == u.id:
            other.pos = at


def _ratings_rolled(st: DustState, ev: E.RatingsRolled) -> None:
    u = st.units[ev.unit]
    u.quality, u.leadership = ev.quality, ev.leadership
    u.confidence = u.initial_confidence = ev.confidence


def _ratings_combined(st: DustState, ev: E.RatingsCombined) -> None:
    u = st.units[ev.unit]
    u.quality, u.leadership = ev.quality, ev.leadership
    u.confidence, u.initial_confidence = ev.confidence, ev.initial_confidence


def _suppressed(st: DustState, ev: E.Suppressed) -> None:
    u = st.units[ev.unit]
    u.suppression = ev.markers
    if ev.markers:
        u.suppressed_before = True


def _suppression_removed(st: DustState, ev: E.SuppressionRemoved) -> None:
    st.units[ev.unit].suppression = ev.markers


def _confidence(st: DustState, ev: E.ConfidenceDropped | E.ConfidenceRaised) -> None:
    st.units[ev.unit].confidence = ev.level


def _under_fire(st: DustState, ev: E.CameUnderFire) -> None:
    st.units[ev.unit].under_fire_before = True


def _sighted(st: DustState, ev: E.EnemySighted) -> None:
    st.units[ev.unit].seen_enemy = True


def _panicked(st: DustState, ev: E.Panicked) -> None:
    st.units[ev.unit].panicked = True


def _panic_passed(st: DustState, ev: E.PanicTestPassed) -> None:
    st.units[ev.unit].panic_passed = True


def _panic_over(st: DustState, ev: E.PanicOver) -> None:
    u = st.units[ev.unit]
    u.panicked = False
    u.panic_passed = True


def _propped(st: DustState, ev: E.Propped) -> None:
    st.units[ev.unit].propped = True


def _unpropped(st: DustState, ev: E.Unpropped) -> None:
    st.units[ev.unit].propped = False


def _revealed(st: DustState, ev: E.Revealed) -> None:
    st.units[ev.unit].hidden = False


def _concealment(st: DustState, ev: E.ConcealmentChosen) -> None:
    st.units[ev.unit].complete_concealment = ev.complete


def _formation(st: DustState, ev: E.FormationChanged) -> None:
    st.units[ev.unit].travel = ev.travel


def _mounted(st: DustState, ev: E.CavalryMounted) -> None:
    st.units[ev.unit].mounted = ev.mounted


def _leader_lost(st: DustState, ev: E.LeaderLost) -> None:
    st.units[ev.unit].leaderless = True


def _leader_appointed(st: DustState, ev: E.LeaderAppointed) -> None:
    u = st.units[ev.unit]
    u.leadership = ev.leadership
    u.leaderless = False
    u.new_commander = False


def _command_assumed(st: DustState, ev: E.CommandAssumed) -> None:
    u = st.units[ev.unit]
    u.level = ev.level
    u.commander = ev.commander
    for other in st.units.values():
        if other.commander == ev.hq and other.id != u.id:
            other.commander = u.id
    u.new_commander = True


def _counts_as_activated(st: DustState, ev: E.CountsAsActivated) -> None:
    st.units[ev.unit].activated = True


def _left_table(st: DustState, ev: E.LeftTable) -> None:
    u = st.units[ev.unit]
    u.off_table = True
    vacate(st, u)


def _arrived(st: DustState, ev: E.ArrivedOnTable) -> None:
    st.units[ev.unit].off_table = False


def _flight(st: DustState, ev: E.InFlight | E.Landed) -> None:
    """An aircraft taking off leaves its hex free; one landing takes it (air.py)."""
    u = st.units[ev.unit]
    u.air = ev.flight
    if u.on_table:
        place(st, u, u.pos)
    else:
        vacate(st, u)


def _landed_heavily(st: DustState, ev: E.LandedHeavily) -> None:
    st.units[ev.unit].landed_heavy = True


def _turned(st: DustState, ev: E.Turned) -> None:
    st.units[ev.unit].facing = ev.facing


def _move_made(st: DustState, ev: E.MoveMade) -> None:
    st.units[ev.unit].moves += 1


def _damaged(st: DustState, ev: E.VehicleDamaged) -> None:
    st.units[ev.unit].damage += 1


def _immobilised(st: DustState, ev: E.Immobilised) -> None:
    st.units[ev.unit].immobilised = True


def _hatches_closed(st: DustState, ev: E.HatchesClosed) -> None:
    st.units[ev.unit].open_top = False


def _tow_attached(st: DustState, ev: E.TowAttached) -> None:
    st.units[ev.unit].towing = ev.towed


def _tow_dropped(st: DustState, ev: E.TowDropped) -> None:
    st.units[ev.unit].towing = None


def _embarked(st: DustState, ev: E.Embarked) -> None:
    st.units[ev.unit].carried_by = ev.vehicle


def _disembarked(st: DustState, ev: E.Disembarked) -> None:
    st.units[ev.unit].carried_by = None


def _crew_remounted(st: DustState, ev: E.CrewRemounted) -> None:
    st.units[ev.unit].crew_out = None


def _decoy_used(st: DustState, ev: E.DecoyUsed) -> None:
    st.units[ev.unit].decoy_used = True


def _area_protection(st: DustState, ev: E.AreaProtectionFired) -> None:
    st.units[ev.unit].area_protection -= 1


def _line_charge(st: DustState, ev: E.LineChargeFired) -> None:
    st.units[ev.unit].line_charges -= 1


def _mines_issued(st: DustState, ev: E.MinesIssued) -> None:
    st.units[ev.unit].cdms = ev.count


def _mine_laid(st: DustState, ev: E.MineLaid) -> None:
    st.units[ev.unit].cdms -= 1


def _ew_on(st: DustState, ev: E.EWSwitchedOn) -> None:
    st.units[ev.unit].ew_chits = ev.counters


def _ew_spent(st: DustState, ev: E.EWCountersSpent) -> None:
    st.units[ev.unit].ew_chits -= ev.spent


def _drone_flown(st: DustState, ev: E.DroneFlown) -> None:
    st.units[ev.unit].drone_at = ev.at


def _drone_down(st: DustState, ev: E.DroneDown) -> None:
    st.units[ev.unit].drone_at = None


def _remote_placed(st: DustState, ev: E.RemoteLauncherPlaced) -> None:
    st.units[ev.unit].remote = ev.at


def _remote_down(st: DustState, ev: E.RemoteLauncherTakenDown) -> None:
    st.units[ev.unit].remote = None


def _mortar_registered(st: DustState, ev: E.MortarTargetRegistered) -> None:
    st.units[ev.unit].mortar_target = ev.at


def _mortar_fired(st: DustState, ev: E.MortarTargetFired) -> None:
    st.units[ev.unit].mortar_target = None


FOLD: dict[type, Callable[[DustState, Any], None]] = {
    E.RatingsRolled: _ratings_rolled, E.RatingsCombined: _ratings_combined, E.Suppressed: _suppressed,
    E.SuppressionRemoved: _suppression_removed, E.ConfidenceDropped: _confidence, E.ConfidenceRaised: _confidence,
    E.CameUnderFire: _under_fire, E.EnemySighted: _sighted, E.Panicked: _panicked,
    E.PanicTestPassed: _panic_passed, E.PanicOver: _panic_over, E.Propped: _propped, E.Unpropped: _unpropped,
    E.Revealed: _revealed, E.ConcealmentChosen: _concealment, E.FormationChanged: _formation,
    E.CavalryMounted: _mounted, E.LeaderLost: _leader_lost, E.LeaderAppointed: _leader_appointed,
    E.CommandAssumed: _command_assumed, E.CountsAsActivated: _counts_as_activated, E.LeftTable: _left_table,
    E.ArrivedOnTable: _arrived, E.InFlight: _flight, E.Landed: _flight, E.LandedHeavily: _landed_heavily,
    E.Turned: _turned, E.MoveMade: _move_made, E.VehicleDamaged: _damaged, E.Immobilised: _immobilised,
    E.HatchesClosed: _hatches_closed, E.TowAttached: _tow_attached, E.TowDropped: _tow_dropped,
    E.Embarked: _embarked, E.Disembarked: _disembarked, E.CrewRemounted: _crew_remounted,
    E.DecoyUsed: _decoy_used, E.AreaProtectionFired: _area_protection, E.LineChargeFired: _line_charge,
    E.MinesIssued: _mines_issued, E.MineLaid: _mine_laid, E.EWSwitchedOn: _ew_on, E.EWCountersSpent: _ew_spent,
    E.DroneFlown: _drone_flown, E.DroneDown: _drone_down, E.RemoteLauncherPlaced: _remote_placed,
    E.RemoteLauncherTakenDown: _remote_down, E.MortarTargetRegistered: _mortar_registered,
    E.MortarTargetFired: _mortar_fired,
}
"""Every unit fact's fold: ``{event type: fold(state, event)}``."""
