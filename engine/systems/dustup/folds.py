"""The fold of Dustup's shared events (events.py) into the state: each event type and the one
function that applies it. What happens to a unit is folded in unitfacts.py; each action module
folds its own events (its FOLD); rules.REGISTRY gathers them all.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from . import events as E
from . import unitfacts
from .state import DETACHMENT, Active, Feature, Marker, Mission, Pending
from .unitfacts import place as _place
from .unitfacts import vacate as _vacate

ACTIVATION_DECK = "activation"  # the random-activation deck's name
TURN_END_CARD = "turn-end"  # its turn-end card (Random Activation, card draw)


def _f_placed(st, ev):
    _place(st, st.units[ev.unit], ev.at)


def _f_marker(st, ev):
    st.markers[ev.marker] = Marker(ev.marker, ev.side, ev.at, ev.unit)


def _f_marker_removed(st, ev):
    st.markers.pop(ev.marker, None)


def _f_figure(st, ev):
    u = st.units[ev.unit]
    for f in u.figures:
        if f.id == ev.figure:
            f.status = ev.status
            f.wounds = ev.wounds
            break
    if not u.fit_figures:
        _vacate(st, u)


def _f_role(st, ev):
    for f in st.units[ev.unit].figures:
        if f.id == ev.figure:
            f.role = ev.role


def _f_fired(st, ev):
    ids = set(ev.figures)
    for f in st.units[ev.unit].figures:
        if f.id in ids:
            f.fired = True


def _f_kill(st, ev):
    u = st.units.get(ev.unit)
    if u:
        for f in u.figures:
            if f.id == ev.figure:
                f.kills += 1


def _f_turn_began(st, ev):
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


def _f_nothing(st, ev):
    pass


def _f_feature_placed(st, ev):
    st.features[ev.feature] = Feature(ev.feature, ev.kind, ev.side, ev.at, ev.hidden, tuple(ev.data))
    st.serial += 1


def _f_feature_removed(st, ev):
    st.features.pop(ev.feature, None)


def _f_feature_changed(st, ev):
    f = st.features[ev.feature]
    if ev.at is not None:
        f.pos = ev.at
    if ev.hidden is not None:
        f.hidden = ev.hidden
    if ev.data is not None:
        f.data = tuple(ev.data)


def _f_mission_placed(st, ev):
    st.missions[ev.mission] = Mission(ev.mission, ev.side, ev.kind, ev.asset, ev.box, ev.target,
                                      tuple(ev.dummies), ev.observer, ev.unit, ev.ammo)
    st.serial += 1
    if ev.kind in ("artillery", "air", "orbital"):  # a fire mission uses up one of its asset's missions
        key = f"{ev.side}:{ev.asset}"
        st.support_used[key] = st.support_used.get(key, 0) + 1


def _f_mission_moved(st, ev):
    m = st.missions[ev.mission]
    m.box = ev.box
    if ev.target is not None:
        m.target = ev.target


def _f_mission_removed(st, ev):
    st.missions.pop(ev.mission, None)


def _f_chits(st, ev):
    st.support_chits[ev.side] = ev.left


def _f_decision(st, ev):
    st.pending = Pending(ev.side, ev.kind, tuple(ev.data))
    if ev.kind == "seize":
        st.seize_asked = True


def _f_decided(st, ev):
    st.pending = None


def _f_first(st, ev):
    st.first = ev.side


def _f_to_act(st, ev):
    st.to_act = ev.side


def _f_began(st, ev):
    u = st.units[ev.unit]
    u.moves = 0
    st.stack.append(Active(ev.unit, ev.actions, ev.by))
    if ev.by in ("turn", "card", "seize", "leftover"):
        u.activated = True
    for f in u.figures:
        f.fired = False


def _f_action(st, ev):
    # the innermost activation of that unit: a commander that spends its order action after pushing
    # its subordinate's activation still pays from its own
    for act in reversed(st.stack):
        if act.unit == ev.unit:
            act.actions = max(0, act.actions - ev.spent)
            break


def _f_passed(st, ev):
    # the side that passed is not asked whether to seize the activation it has just given away
    st.seize_asked = True


def _f_ended(st, ev):
    if st.stack and st.stack[-1].unit == ev.unit:
        st.stack.pop()
    if not st.stack:
        st.seize_asked = False  # the next activation may be seized again


def _f_token(st, ev):
    st.tokens[ev.side] = st.tokens.get(ev.side, 0) - 1
    st.seized_by = ev.side


def _f_forced(st, ev):
    st.forced_unit = ev.unit


def _f_moved(st, ev):
    u = st.units[ev.unit]
    _place(st, u, ev.path[-1])


def _f_left(st, ev):
    st.abandoned[ev.at] = st.abandoned.get(ev.at, 0) + ev.count


def _f_assault(st, ev):
    st.assault = ev.facts


def _f_ended_battle(st, ev):
    st.result = (ev.winner, ev.reason)
    st.pending = None


def _f_shuffle_in(st, ev):
    deck = st.decks[ACTIVATION_DECK]
    deck.draw_pile = list(ev.cards)
    deck.in_play = []
    deck.discard = []


def _f_leftover(st, ev):
    st.chit_leftover = ev.side


def _f_detached(st, ev):
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


def _f_merged(st, ev):
    u, other = st.units[ev.unit], st.units[ev.other]
    for f in other.figures:
        if f.role in ("leader", "commander"):
            f.role = ""
    u.figures.extend(other.figures)
    other.figures = []
    _vacate(st, other)
    other.off_table = True


FOLD: dict[type, Callable] = {
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
