"""JTS RatFight: a diceless skirmish game of action cards and resolution cards (seed 003).

Its orders and events come from :mod:`.rulebook` (the core derives legal orders, checks, resolution, folds,
previews and outcomes from it); its map, activation pane and order editor from :mod:`.view`, through
:class:`~engine.core.system.SystemParts`. The class says only what is RatFight's own.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.campaign import CAMPAIGN_OPTION, CampaignRules
from hexfront.engine.core.packaged import PackagedRuleSystem, SystemParts
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.system import WIN_VALUE, SearchBudget

from . import campaign, data, determinize, events, morale, refusals, rules, value, view
from . import commands as C
from .describe import Describer
from .rulebook import RULEBOOK
from .state import ACTION_DECK, DOWN, FLED, RatState, res_deck

#: the share of a battle won that a sure break at the next Morale Check is worth in a position's value: the
#: check may be a turn away, and casualties may still change before it
MORALE_WEIGHT = 0.4
#: the share of a battle won that a sure win by the learned chance of winning (value.win_chance) is worth in a
#: position's value, and a sure loss takes away; an even chance adds nothing. Against default 0.2 won more than
#: 0.5 or the learned chance alone (benchmarks/RESULTS.md, "## Hard player variants")
LEARNED_WEIGHT = 0.2


class RatFight(PackagedRuleSystem):
    id = "ratfight"
    title = "JTS RatFight"
    rules_version = "1"
    rulebook = RULEBOOK
    command_types = C.COMMAND_TYPES  # in the order the saves' codec has always listed them
    event_types = events.EVENT_TYPES
    options = ()
    parts = SystemParts(data=data, rules=rules, view=view, describer=None, ai="hexfront.engine.systems.ratfight.ai")

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> RatState:
        return rules.new_state(data.Tables.from_content(content), campaign=bool(options.get(CAMPAIGN_OPTION)))

    def turn(self, state: RatState) -> int:
        return state.turn

    def side_to_act(self, state: RatState) -> str | None:
        """The side whose action card is up, or the side choosing its morale card (Morale Check)."""
        if state.result:
            return None
        return state.morale.side if state.morale is not None else state.active

    def determinize(self, state: RatState, side: str, gen: Generator) -> RatState:
        """Every draw pile shuffled again: all else is face up (.determinize)."""
        return determinize.determinize(state, side, gen)

    def position_value(self, state: RatState, side: str) -> float:
        """The core's measure (the battle's end, else casualties for morale given less taken), a Downed or
        fled model counting half a casualty: it is out of the fight for now, and close combat finishes it.
        To that, how much likelier the enemy is than ``side`` to break at a Morale Check held now
        (morale.rout_chance), weighted by MORALE_WEIGHT of a battle won: a casualty more on a force near
        its breaking point, or its leader Downed, weighs more than one on a force far from it. And the
        learned chance of winning from here (value.win_chance: the morale race to the battle's end, and how
        such positions ended in battles played out), weighted by LEARNED_WEIGHT of a battle won."""
        worth = super().position_value(state, side)
        if state.result:
            return worth
        for m in state.models.values():
            if m.status in (DOWN, FLED):
                worth += 0.5 if m.side != side else -0.5
        enemy = state.other(side)
        worth += MORALE_WEIGHT * WIN_VALUE * (morale.rout_chance(state, enemy) - morale.rout_chance(state, side))
        return worth + LEARNED_WEIGHT * WIN_VALUE * (2 * value.win_chance(state, side) - 1)

    def candidate_orders(self, state: RatState, n: int) -> list[Any] | None:
        from .ai import DefaultPlayer  # the standard player is loaded when first asked for (SystemParts.ai)

        return list(DefaultPlayer(0).ranked(self, state, n))

    def misaimed(self, state: RatState, order: Any, legal: list[Any]) -> list[Any]:
        """For a shot (Firing), the other shots open: another target, weapon or mode; for spare shots sent on
        (Retarget), the other places to send them, or letting them go. The wrong target is a mistake a careless
        enemy hardly punishes and a sharp one does."""
        if not isinstance(order, (C.Fire, C.Retarget)):
            return []
        return [c for c in legal if type(c) is type(order) and c != order]

    def value_words(self) -> str:
        return (f"casualties the enemy has taken less its own, a Downed or fled rat counting half; "
                f"{MORALE_WEIGHT * WIN_VALUE:g} times how much likelier the enemy is than it is to break at a "
                f"Morale Check now; {2 * LEARNED_WEIGHT * WIN_VALUE:g} times its learned chance of winning from "
                f"here, less one half; a battle won counts {WIN_VALUE:g}")

    def search_budget(self) -> SearchBudget:
        """Eight candidates, half of them the standard player's next best: each other model's own best order on
        the card up (which model the card sets going is the choice that matters most); each order of a playout
        rolls its own dice stream, so the candidates meet the enemy's replies on the same luck. On the same 40
        games against default (benchmarks/search_variants_bench.py) the hard player won 20 with a spread of
        candidates, 22 with the dice streams alone, 25 with both.
        The easy player fires at the wrong target (or with the wrong weapon) 80% of the time it fires and slips
        (an order at random) 10% of the time: on 400 games from battle seed 3000 it beat random 73% and lost 68% to
        default, where 45% slips alone beat random 60% and lost 68% (benchmarks/RESULTS.md)."""
        return SearchBudget(width=8, orders=1200, horizon=12, replies=2, by_kind=True, staged=True,
                            paired_wins=True, slip=0.1, misaim=0.8, ranked=True, dice_by_order=True)

    def deck_name(self, state: RatState, deck: str) -> str:
        """The shared action deck, or a side's own 52-card resolution deck (``res-<side>``)."""
        if deck == ACTION_DECK:
            return "the action deck"
        for side in state.sides:
            if deck == res_deck(side):
                name = state.tables.side_names.get(side, side)
                return f"{name}{chr(39) if name.endswith('s') else chr(39) + 's'} resolution deck"
        return f"the {deck} deck"

    def card_name(self, state: RatState, deck: str, card: str) -> str:
        return Describer(state).card(deck, card)

    def idle_reason(self, state: RatState, piece_id: str | None) -> str:
        return refusals.idle_reason(state, piece_id)

    def campaign_rules(self) -> CampaignRules:
        """Testing for Casualties: casualties come back on any card but a heart; Close Combat: capture."""
        return campaign.RULES


SYSTEM = RatFight()
