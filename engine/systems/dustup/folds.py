"""The fold of Dustup's shared events (events.py) into the state: each event type and the one
function that applies it. What happens to a unit is folded in unitfacts.py; each action module
folds its own events (its FOLD); rules.EVENT_FOLDS gathers them all and rulebook.py registers them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from . import events as E
from . import unitfacts
from .state import DETACHMENT, Active, DustState, Feature, Marker, Mission, Pending
from .unitfacts import place as _place
from .unitfacts import vacate as _vacate

ACTIVATION_DECK = "activation"  # the random-activation deck's name
TURN_END_CARD = "turn-end"  # its turn-end card (Random Activation, card draw)


def _f_placed(st: DustState, ev: E.UnitPlaced) -> None:
    _place(st, st.units[ev.unit], ev.at)


def _f_marker(st: DustState, ev: E.MarkerPlaced) -> None:
    st.markers[ev.marker] = Marker(ev.marker, ev.side, ev.at, ev.unit)


def _f_marker_removed(st: DustState, ev: E.MarkerRemoved) -> None:
    st.markers.pop(ev.marker, None)


def _f_figure(st: DustState, ev: E.FigureChanged) -> None:
    u = st.units[ev.unit]
    for f in u.figures:
        if f.id == ev.figure:
            f.status = ev.status
            f.wounds = ev.wounds
            break
    if ev.evacuated:
        st.evacuated.append(ev.figure)
    if not u.fit_figures:
        _vacate(st, u)


def _f_role(st: DustState, ev: E.FigureRoleChanged) -> None:
    for f in st.units[ev.unit].figures:
        if f.id == ev.figure:
            f.role = ev.role


def _f_fired(st: DustState, ev: E.FiguresFired) -> None:
    ids = set(ev.figures)
    for f in st.units[ev.unit].figures:
        if f.id in ids:
            f.fired = True


def _f_kill(st: DustState, ev: E.KillCredited) -> None:
    u = st.units.get(ev.unit)
    if u:
        for f in u.figures:
            if f.id == ev.figure:
                f.kills += 1


def _f_turn_began(st: DustState, ev: E.TurnBegan) -> None:
    st.turn = ev.turn
    st.stack.clear()
    st.first = None
    st.forced_unit = None
    st.chit_leftover = None
    st.seized_by = None
    st.seize_asked = False
    for u in st.units.values():
        u.activated = False
        u.decoy_used = False
        for f in u.figures:
            f.fired = False


def _f_nothing(st: DustState, ev: Any) -> None:
    pass


def _f_feature_placed(st: DustState, ev: E.FeaturePlaced) -> None:
    st.features[ev.feature] = Feature(ev.feature, ev.kind, ev.side, ev.at, ev.hidden, tuple(ev.data))
    st.serial += 1


def _f_feature_removed(st: DustState, ev: E.FeatureRemoved) -> None:
    st.features.pop(ev.feature, None)


def _f_feature_changed(st: DustState, ev: E.FeatureChanged) -> None:
    f = st.features[ev.feature]
    if ev.at is not None:
        f.pos = ev.at
    if ev.hidden is not None:
        f.hidden = ev.hidden
    if ev.data is not None:
        f.data = tuple(ev.data)


def _f_mission_placed(st: DustState, ev: E.MissionPlaced) -> None:
    st.missions[ev.mission] = Mission(ev.mission, ev.side, ev.kind, ev.asset, ev.box, ev.target,
                                      tuple(ev.dummies), ev.observer, ev.unit, ev.ammo)
    st.serial += 1
    if ev.kind in ("artillery", "air", "orbital"):  # a fire mission uses up one of its asset's missions
        key = f"{ev.side}:{ev.asset}"
        st.support_used[key] = st.support_used.get(key, 0) + 1


def _f_mission_moved(st: DustState, ev: E.MissionMoved) -> None:
    m = st.missions[ev.mission]
    m.box = ev.box
    if ev.target is not None:
        m.target = ev.target


def _f_mission_removed(st: DustState, ev: E.MissionRemoved) -> None:
    st.missions.pop(ev.mission, None)


def _f_chits(st: DustState, ev: E.SupportChits) -> None:
    st.support_chits[ev.side] = ev.left


def _f_decision(st: DustState, ev: E.DecisionAsked) -> None:
    st.pending = Pending(ev.side, ev.kind, tuple(ev.data))
    if ev.kind == "seize":
        st.seize_asked = True


def _f_decided(st: DustState, ev: E.DecisionTaken) -> None:
    st.pending = None


def _f_first(st: DustState, ev: E.FirstChosen) -> None:
    st.first = ev.side


def _f_to_act(st: DustState, ev: E.SideToAct) -> None:
    st.to_act = ev.side


def _f_began(st: DustState, ev: E.ActivationBegan) -> None:
    u = st.units[ev.unit]
    u.moves = 0
    st.stack.append(Active(ev.unit, ev.actions, ev.by))
    if ev.by in ("turn", "card", "seize", "leftover"):
        u.activated = True
    for f in u.figures:
        f.fired = False


def _f_action(st: DustState, ev: E.ActionTaken) -> None:
    # the innermost activation of that unit: a commander that spends its order action after pushing
    # its subordinate's activation still pays from its own
    for act in reversed(st.stack):
        if act.unit == ev.unit:
            act.actions = max(0, act.actions - ev.spent)
            break


def _f_passed(st: DustState, ev: E.Passed) -> None:
    # the side that passed is not asked whether to seize the activation it has just given away
    st.seize_asked = True


def _f_ended(st: DustState, ev: E.ActivationEnded) -> None:
    if st.stack and st.stack[-1].unit == ev.unit:
        st.stack.pop()
    if not st.stack:
        st.seize_asked = False  # the next activation may be seized again


def _f_token(st: DustState, ev: E.TokenSpent) -> None:
    st.tokens[ev.side] = st.tokens.get(ev.side, 0) - 1
    st.seized_by = ev.side


def _f_forced(st: DustState, ev: E.ForcedUnit) -> None:
    st.forced_unit = ev.unit


def _f_moved(st: DustState, ev: E.UnitMoved) -> None:
    u = st.units[ev.unit]
    _place(st, u, ev.path[-1])


def _f_left(st: DustState, ev: E.WoundedLeft) -> None:
    st.abandoned[ev.at] = st.abandoned.get(ev.at, 0) + ev.count


def _f_assault(st: DustState, ev: E.AssaultState) -> None:
    st.assault = ev.facts


def _f_ended_battle(st: DustState, ev: E.BattleEnded) -> None:
    st.result = (ev.winner, ev.reason)
    st.pending = None


def _f_shuffle_in(st: DustState, ev: E.ActivationDeckDealt) -> None:
    deck = st.decks[ACTIVATION_DECK]
    deck.draw_pile = list(ev.cards)
    deck.in_play = []
    deck.discard = []


def _f_leftover(st: DustState, ev: E.LastActivation) -> None:
    st.chit_leftover = ev.side


def _f_detached(st: DustState, ev: E.DetachmentFormed) -> None:
    parent = st.units[ev.parent]
    moving = [f for f in parent.figures if f.id in set(ev.figures)]
    parent.figures = [f for f in parent.figures if f.id not in set(ev.figures)]
    for f in moving:
        if f.role in ("leader", "commander"):
            f.role = ""
    if moving:
        moving[0].role = "leader"
    st.units[ev.unit] = attrs.evolve(parent, id=ev.unit, name=ev.name, kind=DETACHMENT, figures=moving,
                                     parent=parent.id, level=0, commander=parent.commander, pos=parent.pos,
                                     activated=True, hidden=False)


def _f_merged(st: DustState, ev: E.UnitsMerged) -> None:
    u, other = st.units[ev.unit], st.units[ev.other]
    for f in other.figures:
        if f.role in ("leader", "commander"):
            f.role = ""
    u.figures.extend(other.figures)
    other.figures = []
    _vacate(st, other)
    other.off_table = True


FOLD: dict[type, Callable[[DustState, Any], None]] = {
    E.UnitPlaced: _f_placed, E.MarkerPlaced: _f_marker, E.MarkerRemoved: _f_marker_removed,
    E.FigureChanged: _f_figure, E.FigureRoleChanged: _f_role,
    E.FiguresFired: _f_fired, E.KillCredited: _f_kill, E.TurnBegan: _f_turn_began, E.RollOffWon: _f_nothing,
    E.FirstChosen: _f_first, E.SideToAct: _f_to_act, E.DecisionAsked: _f_decision, E.DecisionTaken: _f_decided,
    E.ActivationBegan: _f_began, E.ActionTaken: _f_action, E.ActivationEnded: _f_ended, E.Passed: _f_passed,
    E.TokenSpent: _f_token, E.ForcedUnit: _f_forced, E.UnitMoved: _f_moved, E.WoundedLeft: _f_left,
    E.AssaultState: _f_assault, E.DetachmentFormed: _f_detached, E.UnitsMerged: _f_merged,
    E.TurnEnded: _f_nothing, E.BattleEnded: _f_ended_battle, E.Note: _f_nothing,
    E.ActivationDeckDealt: _f_shuffle_in, E.LastActivation: _f_leftover,
    E.FeaturePlaced: _f_feature_placed, E.FeatureRemoved: _f_feature_removed,
    E.FeatureChanged: _f_feature_changed, E.MissionPlaced: _f_mission_placed, E.MissionMoved: _f_mission_moved,
    E.MissionRemoved: _f_mission_removed, E.SupportChits: _f_chits, **unitfacts.FOLD,
}
