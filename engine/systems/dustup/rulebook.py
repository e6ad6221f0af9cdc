"""Dustup's rulebook: every order type with its check, offers, resolution, odds, outcome, words and
order-editor parts side by side, and every event type with its fold and its line in the dice log
(engine.core.contract). The one registry of Dustup's orders and events.

A unit's order runs through the checks and steps every unit action shares (rules.unit_action_refusal:
the battle over, a question pending, another unit acting, an action the rules force; then the
activation begins) around the module's own :class:`~.action.Action`; a side's order (instead of
activating a unit) likewise (rules.side_action_refusal). The preview of an order not possible now
says why, from the same check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hexfront.engine.core.contract import Rulebook
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.view import OrderPreview

from . import commands as C
from . import heavy, rules, support
from . import orderparts as V
from . import outcomes as O
from . import previews as P
from .action import Action
from .describe import Describer
from .state import DustState

RULEBOOK: Rulebook[DustState] = Rulebook("Dustup")

Preview = Callable[[DustState, Any], OrderPreview]
Outcome = Callable[[DustState, Any, Sequence[Any]], str | None]


def describe_order(st: DustState, cmd: Any) -> str:
    """An order in a player's words (describe.Describer)."""
    return Describer(st).command(cmd)


def describe_event(st: DustState, ev: Any) -> str:
    """An event's line in the dice log (describe.Describer)."""
    return Describer(st).event(ev)


def _checked(check: Callable[[DustState, Any], str | None], preview: Preview) -> Preview:
    def odds(st: DustState, cmd: Any) -> OrderPreview:
        why = check(st, cmd)
        return P.refused(st, cmd, why) if why is not None else preview(st, cmd)

    return odds


def _order(kind: type, check: Callable[[DustState, Any], str | None], offers: Callable[[DustState], Any],
           resolve: Callable[[Resolution, Any], None], preview: Preview, outcome: Outcome | None = None) -> None:
    RULEBOOK.command(kind, check=check, offers=offers, resolve=resolve, odds=_checked(check, preview),
                     outcome=outcome, describe=describe_order, parts=V.parts_for(kind))


def unit_order(kind: type, action: Action, preview: Preview, outcome: Outcome | None = None) -> None:
    """Register a unit's action of type ``kind``: the shared checks, then the action's own."""

    def check(st: DustState, cmd: Any) -> str | None:
        u, why = rules.unit_action_refusal(st, kind, cmd.unit)
        if why is not None or u is None:
            return why
        return action.check(st, u, cmd)

    def offers(st: DustState) -> Iterator[Any]:
        for u in rules.units_that_may_act(st):
            forced = rules.forced_action(st, u)
            if forced is not None and kind is not forced and kind is not C.Hold:
                continue
            for cmd in action.offer(st, u):
                if action.offer_checked or action.check(st, u, cmd) is None:
                    yield cmd

    def resolve(ctx: Resolution, cmd: Any) -> None:
        u = ctx.state.units[cmd.unit]
        rules.begin_unit_action(ctx, u, cmd)
        action.resolve(ctx, u, cmd)
        rules.advance(ctx)

    _order(kind, check, offers, resolve, preview, outcome)


def side_order(kind: type, action: Action, preview: Preview) -> None:
    """Register an order a side gives instead of activating a unit: the shared checks, then the action's."""

    def check(st: DustState, cmd: Any) -> str | None:
        return rules.side_action_refusal(st, cmd.side) or action.check(st, cmd.side, cmd)

    def offers(st: DustState) -> Iterator[Any]:
        side = st.to_act
        if side is None or rules.side_action_refusal(st, side) is not None:
            return
        for cmd in action.offer(st, side):
            if action.check(st, side, cmd) is None:
                yield cmd

    def resolve(ctx: Resolution, cmd: Any) -> None:
        action.resolve(ctx, cmd.side, cmd)
        rules.after_side_action(ctx, cmd.side)

    _order(kind, check, offers, resolve, preview)


# -- the orders every battle has --------------------------------------------------------------
_order(C.ChooseFirst, rules.choose_first_check, rules.choose_first_offer, rules.choose_first_resolve,
       P.preview_decision)
_order(C.Decide, rules.decide_check, rules.decide_offer, rules.decide_resolve, P.preview_decision)
_order(C.EndActivation, rules.end_check, rules.end_offer, rules.end_resolve, P.preview_end)
_order(C.Pass, rules.pass_check, rules.pass_offer, rules.pass_resolve, P.preview_pass)

# -- orders a side gives instead of activating a unit ------------------------------------------
for _kind, _action in rules.SIDE_ACTIONS.items():
    side_order(_kind, _action, P.preview_module)

# -- each unit action, with its odds and outcome where chance decides it -------------------------
ODDS: dict[type, tuple[Preview, Outcome | None]] = {
    C.Shoot: (P.preview_shoot, O.outcome_shoot),
    C.Move: (P.preview_move, O.outcome_move),
    C.Assault: (P.preview_assault, O.outcome_assault),
    C.Recover: (P.preview_recover, O.outcome_recover),
    C.Rally: (P.preview_rally, O.outcome_rally),
    C.Order: (P.preview_order, O.outcome_order),
    C.CombinedAssault: (P.preview_combined, O.outcome_combined),
    C.ActivateDetachment: (P.preview_activate_detachment, O.outcome_activate_detachment),
    C.Treat: (P.preview_treat, O.outcome_treat),
    C.Detect: (P.preview_detect, O.outcome_detect),
    C.Rouse: (P.preview_rouse, O.outcome_rouse),
    C.Reorganise: (P.preview_reorganise, None),
    C.Regroup: (P.preview_regroup, None),
    C.Withdraw: (P.preview_withdraw, None),
    heavy.FireWeapon: (P.preview_fire_weapon, O.outcome_fire_weapon),
    support.RequestFire: (P.preview_request_fire, O.outcome_request_fire),
}
"""The preview and the outcome reading of each unit action that has them; any other shows its words and cost."""

for _kind, _action in rules.UNIT_ACTIONS.items():
    _preview, _outcome = ODDS.get(_kind, (P.preview_plain if _kind in V.ACTION_NAMES else P.preview_module, None))
    unit_order(_kind, _action, _preview, _outcome)

# -- every event, with its fold and its line in the dice log ------------------------------------
for _event in rules.EVENT_TYPES:
    RULEBOOK.event(_event, rules.EVENT_FOLDS[_event], describe_event)
