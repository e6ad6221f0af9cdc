"""Dustup: squad-level science-fiction infantry battles with quality dice and die shifts (seed 004).

Its orders and events come from :mod:`.rulebook` (the core derives legal orders, checks, resolution,
folds, previews and outcomes from it); its map, activation pane and order editor from :mod:`.view`,
through :class:`~engine.core.system.SystemParts`. The class says only what is Dustup's own.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.packaged import PackagedRuleSystem, SystemParts
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.system import WIN_VALUE, OptionSpec, SearchBudget
from hexfront.engine.core.view import BoardView

from . import board, campaign, data, determinize, forces, rules, victory, view
from .action import Hooks
from .describe import Describer
from .rulebook import RULEBOOK
from .state import DustState

#: a position's worth of an objective held (victory: the side holding more at the last turn wins), in figures
OBJECTIVE_WEIGHT = 3.0
#: a position's worth of a unit still fighting (victory: a side with none left has lost), in figures
UNIT_WEIGHT = 1.5


class Dustup(PackagedRuleSystem):
    id = "dustup"
    title = "Dustup"
    rules_version = "1"
    rulebook = RULEBOOK
    command_types = rules.COMMAND_TYPES  # in the order the saves' codec has always listed them
    event_types = rules.EVENT_TYPES
    marks_legend = board.MARKS_LEGEND
    #: every module's hooks (rules.HOOKS); the helpers below the rules reach them through it (action.hooks_of)
    hooks: Hooks = rules.HOOKS
    parts = SystemParts(data=data, rules=rules, view=view, describer=Describer,
                        ai="hexfront.engine.systems.dustup.ai")
    options = (
        OptionSpec("activation", "alternate",
                   "Who acts next: the sides alternate (the book's rule), or a chit or card draw (optional rules)",
                   ("alternate", "chits", "chits-quality", "cards"), label="Who acts next",
                   words=("sides alternate", "chit draw", "chit draw, by quality", "card draw, turn-end card")),
        OptionSpec("seize_tokens", 0, "Tokens a side may spend to seize the initiative (optional; the book "
                   "suggests 2)", (0, 1, 2, 3), label="Seize-the-initiative tokens",
                   words=("none", "1 a side", "2 a side", "3 a side")),
        OptionSpec("additional_hits", False, "Optional: roll the target die for one more hit on the remainder",
                   label="Additional hits"),
        OptionSpec("rally_doubles", False, "Optional: a rally roll over double rises two levels, under half drops "
                   "one", label="Rally by doubles and halves"),
        OptionSpec("random_setup", False, "Optional: roll each unit's quality, leadership and confidence",
                   label="Random unit ratings"),
        OptionSpec("air_to_air", False, "Optional: aircraft may fire their guided weapons at other aircraft",
                   label="Air-to-air fire"),
        OptionSpec("courage_half", "text",
                   "Where the book disagrees with itself on the courage test's half: its text (the attacker fails "
                   "to score at least half) or its summary (attacker at most half the defender)",
                   ("text", "summary"), label="Courage test: half means",
                   words=("text: under half", "summary: at most half")),
    )

    def default_scenario(self) -> str:
        names = self.scenario_names()
        return "meeting" if "meeting" in names else names[0]

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> DustState:
        return forces.new_state(data.Tables.from_content(content), options)

    def turn(self, state: DustState) -> int:
        return state.turn

    def campaign_rules(self) -> CampaignRules:
        """Who comes back for the next battle: CASEVAC "can also ... influence campaigns" (Casualty Evacuation);
        the rest is this game's reading of the wound rules."""
        return campaign.RULES

    def idle_reason(self, state: DustState, piece_id: str | None) -> str:
        return rules.idle_reason(state, piece_id)

    def board(self, state: DustState, viewer: str | None = None) -> BoardView:
        """``viewer``: a side id to show that side's own secret counters too (None: the shared screen)."""
        return board.board(state, viewer)

    def determinize(self, state: DustState, side: str, gen: Generator) -> DustState:
        """Decks shuffled, the enemy's hidden markers, minefields and targets dealt again (.determinize)."""
        return determinize.determinize(state, side, gen)

    def position_value(self, state: DustState, side: str) -> float:
        """The core's measure (the battle's end, else figures lost by the enemy less those lost), and what wins
        a Dustup battle at the last turn (victory): each objective ``side`` holds now and the enemy does not
        is worth OBJECTIVE_WEIGHT, each unit still fighting (not routed) more than the enemy's, UNIT_WEIGHT."""
        value = super().position_value(state, side)
        if state.result is not None:
            return value
        enemy = state.other(side)
        held = victory.objectives_held(state, side) - victory.objectives_held(state, enemy)
        fighting = len(victory.fighting(state, side)) - len(victory.fighting(state, enemy))
        return value + OBJECTIVE_WEIGHT * held + UNIT_WEIGHT * fighting

    def candidate_orders(self, state: DustState, n: int) -> list[Any] | None:
        from .ai import DefaultPlayer  # the standard player is loaded when first asked for (SystemParts.ai)

        return DefaultPlayer(0).ranked(self, state, n)

    def value_words(self) -> str:
        return (f"figures the enemy has lost less its own; {OBJECTIVE_WEIGHT:g} for each objective held, its own "
                f"less the enemy's; {UNIT_WEIGHT:g} for each unit still fighting, its own less the enemy's; a battle "
                f"won counts {WIN_VALUE:g}")

    def search_budget(self) -> SearchBudget:
        """Six candidates, half of them the standard player's next best-priced orders (its close calls), half
        one of each other kind; each order of a playout rolls its own dice stream, so two candidates meet the
        enemy's replies on the same luck. On the same 40 games against default (benchmarks/
        search_variants_bench.py) the hard player won 17 with the spread alone, 21 with the ranked candidates,
        28 with both."""
        return SearchBudget(width=6, orders=60, horizon=8, replies=2, by_kind=True, paired_wins=True, slip=0.5,
                            ranked=True, dice_by_order=True)

    def deck_name(self, state: DustState, deck: str) -> str:
        return "the activation deck" if deck == "activation" else f"the {deck} deck"

    def card_name(self, state: DustState, deck: str, card: str) -> str:
        return Describer(state).card(card)


SYSTEM = Dustup()
