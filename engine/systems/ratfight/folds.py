"""JTS RatFight: how each event changes the battle (the fold). :mod:`.rulebook` registers each with its event."""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex

from . import events as E
from .state import ABANDONED, CASUALTY, DOWN, FLED, OK, Model, MoraleChoice, Pending, RatState


def _place(st: RatState, m: Model, at: Hex | None) -> None:
    if m.pos is not None and st.occupant.get(m.pos) == m.id:
        del st.occupant[m.pos]
    m.pos = at
    if at is not None:
        st.occupant[at] = m.id


def fold_model_placed(st: RatState, ev: E.ModelPlaced) -> None:
    m = st.models[ev.model]
    m.carried_by = ev.carried_by
    _place(st, m, ev.at)


def fold_turn_began(st: RatState, ev: E.TurnBegan) -> None:
    st.turn = ev.turn
    st.inspired = []
    st.first = None


def fold_initiative_won(st: RatState, ev: E.InitiativeWon) -> None:
    st.first = ev.side


def fold_action_card_turned(st: RatState, ev: E.ActionCardTurned) -> None:
    st.active = ev.side
    st.card = ev.card
    st.used = []


def fold_action_card_done(st: RatState, ev: E.ActionCardDone) -> None:
    st.card = None
    st.used = []


def fold_inspiring_redraw(st: RatState, ev: E.InspiringRedraw) -> None:
    st.inspired.append(ev.side)
    st.card = None


def fold_model_activated(st: RatState, ev: E.ModelActivated) -> None:
    st.used.append(ev.model)


def fold_model_moved(st: RatState, ev: E.ModelMoved) -> None:
    m = st.models[ev.model]
    _place(st, m, ev.path[-1])
    if ev.facing is not None:
        m.facing = ev.facing
        m.turret = ev.facing


def fold_vehicle_pivoted(st: RatState, ev: E.VehiclePivoted) -> None:
    st.models[ev.model].facing = ev.facing


def fold_model_embarked(st: RatState, ev: E.ModelEmbarked) -> None:
    m = st.models[ev.model]
    _place(st, m, None)
    m.carried_by = ev.vehicle


def fold_model_disembarked(st: RatState, ev: E.ModelDisembarked) -> None:
    m = st.models[ev.model]
    m.carried_by = None
    _place(st, m, ev.to)


def fold_turret_turned(st: RatState, ev: E.TurretTurned) -> None:
    st.models[ev.model].turret = ev.facing


def fold_nothing(st: RatState, ev: object) -> None:
    """A record only (cards compared, a morale test): the state is changed by the events that follow."""


def fold_model_downed(st: RatState, ev: E.ModelDowned) -> None:
    st.models[ev.model].status = DOWN


def fold_model_casualty(st: RatState, ev: E.ModelCasualty) -> None:
    m = st.models[ev.model]
    m.status = CASUALTY
    m.carried_by = None
    _place(st, m, None)


def fold_model_recovered(st: RatState, ev: E.ModelRecovered) -> None:
    st.models[ev.model].status = OK


def fold_vehicle_damaged(st: RatState, ev: E.VehicleDamaged) -> None:
    st.models[ev.model].damage = ev.total


def fold_crew_bailed_out(st: RatState, ev: E.CrewBailedOut) -> None:
    st.models[ev.model].status = ABANDONED


def fold_passenger_thrown(st: RatState, ev: E.PassengerThrown) -> None:
    m = st.models[ev.model]
    m.carried_by = None
    m.status = DOWN
    _place(st, m, ev.at)


def fold_retarget_offered(st: RatState, ev: E.RetargetOffered) -> None:
    st.pending = Pending(ev.shooter, ev.weapon, ev.mode, ev.shots, ev.around, ev.candidates)


def fold_retarget_chosen(st: RatState, ev: E.RetargetChosen) -> None:
    st.pending = None


def fold_turn_ended(st: RatState, ev: E.TurnEnded) -> None:
    st.card = None
    st.active = None
    st.pending = None
    st.used = []


def fold_morale_cards_offered(st: RatState, ev: E.MoraleCardsOffered) -> None:
    st.morale = MoraleChoice(ev.side, ev.force, ev.casualties, ev.cards, ev.leader)


def fold_morale_card_kept(st: RatState, ev: E.MoraleCardKept) -> None:
    st.morale = None


def fold_force_broken(st: RatState, ev: E.ForceBroken) -> None:
    st.broken.append(f"{ev.side}/{ev.force}")
    for m in st.models.values():
        if m.side == ev.side and m.force == ev.force and m.status in (OK, DOWN):
            m.status = FLED
            m.carried_by = None
            _place(st, m, None)


def fold_battle_ended(st: RatState, ev: E.BattleEnded) -> None:
    st.result = (ev.winner, ev.reason)
    st.active = None
    st.card = None
