"""30 Minute Missions: how each event changes the battle (the fold). :mod:`.rulebook` registers each with its
event; nothing else writes to a :class:`~.state.MissionState`."""

from __future__ import annotations

from hexfront.engine.core.campaign import CAMPAIGN_OPTION

from .events import (
    ApSpent,
    BattleEnded,
    Damaged,
    DroneDestroyed,
    DroneLaunched,
    DronesFollowed,
    DronesRecalled,
    DronesRepositioned,
    FirstPlayerChosen,
    GrappleBroken,
    Grappled,
    MovementGained,
    ObjectiveScored,
    PhaseBegan,
    PostureChanged,
    RoundBegan,
    SideToAct,
    StanceEnded,
    StanceTaken,
    ThrusterFlight,
    Transformed,
    UnitActivated,
    UnitDestroyed,
    UnitPlaced,
    UnitStepped,
    UnitTurned,
    UnitTurnEnded,
    WeaponDestroyed,
    WeaponDropped,
    WeaponRegripped,
    WeaponRetrieved,
    WeaponSwapped,
)
from .schema import SECTIONS
from .state import BATTLE, DESTROYED, DROPPED, HELD, KNEELING, OVER, PRONE, MissionState, UnitTurn


def _turn(st: MissionState) -> UnitTurn:
    """The acting unit's turn: the events that change it come only while a unit acts."""
    assert st.turn is not None, "no unit is acting"
    return st.turn


def fold_nothing(st: MissionState, ev: object) -> None:
    """A record only (an attack declared, a roll judged, a section destroyed, a round ended): the state is
    changed by the events that follow."""


def fold_first_player_chosen(st: MissionState, ev: FirstPlayerChosen) -> None:
    st.first = ev.side


def fold_side_to_act(st: MissionState, ev: SideToAct) -> None:
    st.active = ev.side


def fold_unit_placed(st: MissionState, ev: UnitPlaced) -> None:
    u = st.units[ev.unit]
    u.at, u.elev, u.facing = ev.at, ev.elev, ev.facing


def fold_round_began(st: MissionState, ev: RoundBegan) -> None:
    st.stage, st.round, st.acted = BATTLE, ev.round, []


def fold_unit_activated(st: MissionState, ev: UnitActivated) -> None:
    st.turn = UnitTurn(unit=ev.unit, ap=ev.ap)


def fold_stance_ended(st: MissionState, ev: StanceEnded) -> None:
    u = st.units[ev.unit]
    u.stance, u.stance_weapon = "", ""


def fold_phase_began(st: MissionState, ev: PhaseBegan) -> None:
    _turn(st).phase = ev.phase


def fold_ap_spent(st: MissionState, ev: ApSpent) -> None:
    _turn(st).ap -= ev.ap


def fold_unit_stepped(st: MissionState, ev: UnitStepped) -> None:
    u = st.units[ev.unit]
    u.at, u.elev = ev.to, ev.elev
    turn = _turn(st)
    turn.mp_spent += ev.cost
    turn.moved = True


def fold_unit_turned(st: MissionState, ev: UnitTurned) -> None:
    st.units[ev.unit].facing = ev.facing
    if st.turn is not None and st.turn.unit == ev.unit:
        if ev.cost == 0:
            st.turn.free_turn_used = True
        st.turn.mp_spent += ev.cost
        st.turn.moved = True


def fold_thruster_flight(st: MissionState, ev: ThrusterFlight) -> None:
    u = st.units[ev.unit]
    u.at, u.elev = ev.to, ev.elev
    turn = _turn(st)
    turn.thrusted = turn.moved = True


def fold_movement_gained(st: MissionState, ev: MovementGained) -> None:
    _turn(st).pressed += ev.points


def fold_drones_moved(st: MissionState, ev: DronesFollowed | DronesRepositioned) -> None:
    for did, h in ev.moves:
        d = st.drones[did]
        d.at, d.elev = h, st.tables.terrain_at(h).top()


def fold_damaged(st: MissionState, ev: Damaged) -> None:
    if ev.unit in st.drones:
        st.drones[ev.unit].dp = ev.left
    elif ev.area in SECTIONS:
        st.units[ev.unit].sections[ev.area] = ev.left
    else:
        st.weapons[ev.area].dp = ev.left


def fold_weapon_destroyed(st: MissionState, ev: WeaponDestroyed) -> None:
    st.weapons[ev.weapon].place = DESTROYED
    _credit(st, ev.by, st.weapons[ev.weapon].side)


def _credit(st: MissionState, by: str, owner: str) -> None:
    """Weapons: "Destroyed weapons/ equipment give the Unit that destroyed them experience in campaign play":
    one point to ``by`` for an enemy's weapon or drone, in a battle of a campaign only."""
    if by and st.options.get(CAMPAIGN_OPTION) and by in st.units and st.units[by].side != owner:
        st.experience[by] = st.experience.get(by, 0) + 1


def fold_weapon_dropped(st: MissionState, ev: WeaponDropped) -> None:
    w = st.weapons[ev.weapon]
    w.place, w.at, w.holder, w.ground, w.ground_elev = DROPPED, (), None, ev.at, ev.elev


def fold_weapon_regripped(st: MissionState, ev: WeaponRegripped) -> None:
    st.weapons[ev.weapon].at = ev.at


def fold_unit_destroyed(st: MissionState, ev: UnitDestroyed) -> None:
    st.units[ev.unit].destroyed = True
    st.units[ev.unit].grappled_by = None  # a wreck is held by nobody
    for u in st.units.values():
        if u.grappled_by == ev.unit:
            u.grappled_by = None


def fold_drone_destroyed(st: MissionState, ev: DroneDestroyed) -> None:
    st.drones[ev.drone].destroyed = True
    _credit(st, ev.by, st.drones[ev.drone].side)


def fold_posture_changed(st: MissionState, ev: PostureChanged) -> None:
    if st.turn is not None and st.turn.unit == ev.unit:
        if ev.posture == KNEELING:
            st.turn.kneeled = True
        if ev.posture == PRONE:
            st.turn.proned = True
    st.units[ev.unit].posture = ev.posture


def fold_grappled(st: MissionState, ev: Grappled) -> None:
    st.units[ev.unit].grappled_by = ev.by


def fold_grapple_broken(st: MissionState, ev: GrappleBroken) -> None:
    st.units[ev.unit].grappled_by = None


def fold_weapon_swapped(st: MissionState, ev: WeaponSwapped) -> None:
    w = st.weapons[ev.weapon]
    w.place, w.at = ev.place, ev.at


def fold_weapon_retrieved(st: MissionState, ev: WeaponRetrieved) -> None:
    w = st.weapons[ev.weapon]
    w.place, w.at, w.holder, w.ground = HELD, ev.at, ev.unit, None
    w.side = st.units[ev.unit].side


def fold_drone_launched(st: MissionState, ev: DroneLaunched) -> None:
    d = st.drones[ev.drone]
    d.at, d.elev = ev.at, ev.elev
    st.units[d.carrier].docked -= 1


def fold_drones_recalled(st: MissionState, ev: DronesRecalled) -> None:
    for did in ev.drones:
        st.drones[did].at = None
    st.units[ev.carrier].docked += len(ev.drones)


def fold_transformed(st: MissionState, ev: Transformed) -> None:
    st.units[ev.unit].transformed = ev.transformed


def fold_stance_taken(st: MissionState, ev: StanceTaken) -> None:
    u = st.units[ev.unit]
    u.stance, u.stance_weapon = ev.stance, ev.weapon


def fold_unit_turn_ended(st: MissionState, ev: UnitTurnEnded) -> None:
    st.acted.append(ev.unit)
    st.turn = None


def fold_objective_scored(st: MissionState, ev: ObjectiveScored) -> None:
    st.scores[ev.side] = ev.total


def fold_battle_ended(st: MissionState, ev: BattleEnded) -> None:
    st.stage, st.result, st.turn = OVER, (ev.winner, ev.reason), None
