"""The plug-in interface every rule system implements, and the registry that finds them.

A rule system is a sub-package of :mod:`engine.systems` exposing ``SYSTEM``, an
instance of a :class:`RuleSystem` subclass, plus a folder ``content/<id>/``.
The registry discovers sub-packages by themselves: adding a system touches
nothing else. A system kept elsewhere (a test's, a player's own) is named in the
environment variable ``HEXFRONT_SYSTEMS``: module names separated by commas, each
importable and exposing ``SYSTEM``; such a system finds its own content
(its ``content_dir``). See :func:`all_systems`.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Protocol

import attrs

from .campaign import CAMPAIGN_OPTION, CampaignRules
from .cards import Deck
from .contract import ContractError, Rulebook, core_event_line
from .errors import UnknownScenario, UnknownSystem, shown
from .hexes import Hex
from .resolution import Resolution, Script, fold_core_event
from .rng import Generator
from .view import (
    ActivationView,
    BattleSummary,
    BoardView,
    HelpSection,
    OrderParts,
    OrderPreview,
    Route,
    read_help,
)


@attrs.frozen
class Outcome:
    """The end of a battle: ``winner`` is a side id, or None for a draw."""

    winner: str | None
    reason: str


@attrs.frozen
class ScenarioInfo:
    name: str
    title: str
    summary: str


@attrs.frozen
class OptionSpec:
    """A named switch or choice chosen when a battle is created and recorded in its save.

    ``name`` is the key in the save; a player reads ``label`` (a few words), ``help`` (one line saying what
    it changes) and, for a choice that is not on/off, ``words`` (one per choice, in the order of
    ``choices``). ``default`` is the book's own rule. ``older_saves``: for an option added after saves
    were released, the value those saves (which do not name it) were played under, so that they keep
    replaying to the same battle; None when they take the default.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    label: str = ""
    words: tuple[str, ...] = ()
    older_saves: Any = None

    def all_choices(self) -> tuple[Any, ...]:
        """Every value the option may take: its choices, or off and on for a switch."""
        return self.choices or ((False, True) if isinstance(self.default, bool) else (self.default,))

    def choice_text(self, value: Any) -> str:
        """How a player reads ``value``: its word, on or off for a switch, else the value itself."""
        choices = self.all_choices()
        if self.words and value in choices:
            return self.words[choices.index(value)]
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


class ComputerPlayer(Protocol):
    name: str

    def choose(self, system: RuleSystem, state: Any) -> Any:  # pragma: no cover - protocol
        ...


def content_root() -> Path:
    """Where the systems' content lives: $HEXFRONT_CONTENT, else the package data hexfront.content (the
    repository's content/ folder, or its copy inside an installed wheel), found through importlib.resources."""
    env = os.environ.get("HEXFRONT_CONTENT")
    if env:
        return Path(env)
    return Path(str(resources.files("hexfront.content")))


#: what a battle won is worth to :meth:`RuleSystem.position_value` (a lost one, minus this)
WIN_VALUE = 50.0


@attrs.frozen
class SearchBudget:
    """How much a hard player may think, counted in orders, never in time (engine.core.search).

    ``width``: candidate orders tried; ``orders``: simulated orders (the candidate and the playout after it)
    over the whole decision; ``horizon``: orders in one playout at most; ``replies``: the opponent's orders
    a playout waits for before the position is valued; ``margin``: how much better (in position value) another
    order's mean must be than the greedy order's to be chosen instead; ``by_kind``: the candidates are taken in
    turn from each kind of order (a shot, a move, a pass) rather than spread over the legal orders as they are
    listed (engine.core.search.spread_by_kind), where most legal orders are of one kind; ``slip``: how often the
    easy player slips (engine.core.search.EasyPlayer); ``staged``: successive halving drops the weaker half once
    each stage has spent its equal share of the budget (so no order is dropped on one playout), rather than
    after every round; ``paired_wins``: another order beats the greedy one only if, on the playouts both had, it
    came out better at least as often as worse (a tie counting for neither), rather than better in half;
    ``dice_by_order``: each order of a playout rolls from its own stream, fixed by the round and the order's place
    in the playout, so the enemy's reply rolls the same dice whichever candidate came before it (common random
    numbers that survive the candidates' playouts going different ways), rather than one stream per playout;
    ``ranked``: half the candidates are the standard player's next best-priced orders
    (:meth:`RuleSystem.candidate_orders`), where the system gives them, the rest spread over the legal orders;
    ``misaim``: how often the easy player, meaning to give an order the system can misaim (a shot:
    :meth:`RuleSystem.misaimed`), gives one of the misaimed orders instead (another target), where it has not
    already slipped.
    """

    width: int = 8
    orders: int = 240
    horizon: int = 12
    replies: int = 2
    margin: float = 0.3
    by_kind: bool = False
    slip: float = 0.35
    staged: bool = False
    paired_wins: bool = False
    dice_by_order: bool = False
    ranked: bool = False
    misaim: float = 0.0


def shuffle_draw_piles(decks: dict[str, Deck], gen: Generator) -> None:
    """Put every draw pile of ``decks`` in an order dealt by ``gen`` from its cards sorted, so the pile's real
    order (unseen by either side) never shows through to a search."""
    for deck_id in sorted(decks):
        deck = decks[deck_id]
        cards = sorted(deck.draw_pile)
        deck.draw_pile = [cards[i] for i in gen.permutation(len(cards))]


#: what :meth:`RuleSystem.idle_reason` says when a system gives no reason of its own
GENERIC_IDLE_REASON = "the rules give it no order at this moment: another piece or the whole side acts now"


class RuleSystem:
    """Base class for a rule system.

    A system that sets ``rulebook`` (:class:`~engine.core.contract.Rulebook`) has ``legal_commands``,
    ``validate``, ``resolve``, ``fold`` and ``preview``, and its ``command_types`` and ``event_types``,
    derived from it; the rulebook is checked when the class is defined. Optional features are the
    declared members below, each with a default that means "the system does not have it".
    """

    id: str = ""
    title: str = ""
    rules_version: str = "1"
    command_types: tuple[type, ...] = ()
    event_types: tuple[type, ...] = ()
    options: tuple[OptionSpec, ...] = ()
    #: set where orders resolve after they are given (secret orders revealed together): the luck report
    #: then hands outcome_of the events from the order to the end of the battle
    outcome_reads_ahead: bool = False
    #: the rulebook the orders and folds come from (engine.core.contract); None for a system that
    #: still writes those methods itself
    rulebook: ClassVar[Rulebook[Any] | None] = None
    #: the TUI highlights what a selected piece can see without being asked (its field of view)
    sight_on_select: bool = False
    #: the map legend's lines for piece letters and marks, if the system has its own (else the TUI's
    #: default lines: d Down, x wreck, digit damage, facings)
    marks_legend: tuple[str, ...] | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Check a rulebook set on the class: the types the class declares (if it does, in the order its
        saves list them) are exactly the registered ones; else the registered ones are its types."""
        super().__init_subclass__(**kwargs)
        book = cls.__dict__.get("rulebook")
        if book is None:
            return
        if not isinstance(book, Rulebook):
            raise ContractError(f"{cls.__name__}: rulebook must be an engine.core.contract.Rulebook")
        declared_commands = cls.__dict__.get("command_types", book.command_types)
        declared_events = cls.__dict__.get("event_types", book.event_types)
        book.require(declared_commands, declared_events)
        book.require_only(declared_commands, declared_events)
        if not book.command_types or not book.event_types:
            raise ContractError(f"{book.title}: its rulebook registers no command types or no event types")
        cls.command_types = tuple(declared_commands)
        cls.event_types = tuple(declared_events)

    # -- content and setup ---------------------------------------------------
    def content_dir(self) -> Path:
        return content_root() / self.id

    def scenarios(self) -> list[ScenarioInfo]:
        raise NotImplementedError

    def scenario_names(self) -> list[str]:
        return [s.name for s in self.scenarios()]

    def default_scenario(self) -> str:
        return self.scenario_names()[0]

    def check_scenario(self, name: str) -> None:
        names = self.scenario_names()
        if name not in names:
            raise UnknownScenario(
                f"{self.title} has no scenario '{shown(name)}'; choose one of: {', '.join(names)}"
            )

    def load_content(self, scenario: str) -> dict[str, Any]:
        """Everything the battle needs from content/, as plain data to embed in the save."""
        raise NotImplementedError

    def scenario_script(self, content: dict[str, Any]) -> Script | None:
        """A scripted source set in the scenario file (``[script]`` with ``dice`` and ``cards``), if any.

        Used for worked examples and tutorials: the battle then draws these results first.
        """
        raw = content.get("scenario", {}).get("script") if isinstance(content.get("scenario"), dict) else None
        if not raw:
            return None
        from .errors import ContentError

        dice = raw.get("dice", [])
        cards = raw.get("cards", {})
        if not (isinstance(dice, list) and all(type(d) is int for d in dice)
                and isinstance(cards, dict)
                and all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in cards.values())):
            raise ContentError("a scenario's [script] needs dice = [whole numbers] and cards = {deck = [card ids]}")
        return Script(tuple(dice), cards)

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def options_of_save(self, saved: dict[str, Any]) -> dict[str, Any]:
        """The options a save was played under: those it names, and for each option it does not name the value
        saves from before that option were played under (``OptionSpec.older_saves``), else the default."""
        implied = {o.name: o.default if o.older_saves is None else o.older_saves for o in self.options}
        return implied | saved

    def option_names(self) -> frozenset[str]:
        """Every option a battle of this system may set: its own, and CAMPAIGN_OPTION where it has campaign
        rules (a campaign sets it on each of its battles; the new-battle form does not show it as a row)."""
        names = frozenset(self.default_options())
        return names | {CAMPAIGN_OPTION} if self.campaign_rules() is not None else names

    def aftermath_type(self, options: dict[str, Any]) -> type[Any] | None:
        """The order type of the end-of-battle step (engine.core.campaign) in a battle with ``options``: the
        campaign rules' ``aftermath``, only in a battle of a campaign; else None."""
        rules = self.campaign_rules()
        if rules is None or not options.get(CAMPAIGN_OPTION):
            return None
        return rules.aftermath

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> Any:
        raise NotImplementedError

    def setup(self, ctx: Resolution) -> None:
        """Emit the events that set the battle up (deployment, first shuffles...)."""
        raise NotImplementedError

    # -- the event fold ----------------------------------------------------------
    def apply(self, state: Any, event: Any) -> None:
        if not fold_core_event(state, event):
            self.fold(state, event)

    def fold(self, state: Any, event: Any) -> None:
        if self.rulebook is None:
            raise NotImplementedError
        self.rulebook.fold(state, event)

    # -- orders ---------------------------------------------------------------
    def sides(self, state: Any) -> list[str]:
        raise NotImplementedError

    def side_to_act(self, state: Any) -> str | None:
        raise NotImplementedError

    def legal_commands(self, state: Any) -> list[Any]:
        if self.rulebook is None:
            raise NotImplementedError
        return self.rulebook.legal_commands(state)

    def validate(self, state: Any, command: Any) -> str | None:
        """None if legal now, else the reason a player reads."""
        if self.rulebook is None:
            raise NotImplementedError
        return self.rulebook.validate(state, command)

    def routes(self, state: Any, unit: str) -> list[Route]:
        """Ways for ``unit`` to reach hexes no single legal order reaches now, each a :class:`Route` of legal
        orders in turn. Empty in systems whose moves go to their hex in one order; a system whose pieces move a
        hex an order says its own."""
        return []

    def idle_reason(self, state: Any, piece_id: str | None) -> str:
        """Why the piece ``piece_id`` of the side to act has no legal order now (None: why no piece has
        one), in the game's words, from the same checks that refuse an order. Shown when the player
        picks an idle piece or presses Tab with none to pick. Systems say their own reasons; this one
        says only what is always true."""
        if self.outcome(state) is not None:
            return "the battle is over"
        if piece_id is None:
            return "no piece can act now: give an order for the whole side or pass (.)"
        return GENERIC_IDLE_REASON

    def resolve(self, ctx: Resolution, command: Any) -> None:
        if self.rulebook is None:
            raise NotImplementedError
        self.rulebook.resolve(ctx, command)

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    # -- presentation and bookkeeping --------------------------------------------
    def describe(self, event: Any, state: Any = None) -> str:
        """``event``'s line in the dice log: the words its type registered in the rulebook, the core's own for
        a die, a card or a deck (cards named by :meth:`card_name`), else its repr."""
        if self.rulebook is None:
            raise NotImplementedError
        if state is None:
            return repr(event)
        line = self.rulebook.describe_event(state, event)
        if line is None:
            line = core_event_line(event, lambda deck, card: self.card_name(state, deck, card))
        return line if line is not None else repr(event)

    def describe_command(self, command: Any, state: Any = None) -> str:
        """``command`` in a player's words: those its type registered in the rulebook, else its repr."""
        line = self.rulebook.describe_command(state, command) if self.rulebook is not None and state is not None \
            else None
        return line if line is not None else repr(command)

    def deck_name(self, state: Any, deck: str) -> str:
        """A deck as a player knows it ("Blue's resolution deck"); the teach pauses name decks this way."""
        return f"the {deck} deck"

    def card_name(self, state: Any, deck: str, card: str) -> str:
        """A card drawn from ``deck`` as a player reads it ("KS (King of Spades)", "'Turn End'")."""
        return card

    def turn(self, state: Any) -> int:
        """The turn the battle is in (the round, in a system that counts rounds), as the status line, the timeline
        and the summary's turns played show it. Every system says it (most read their state's ``turn``)."""
        raise NotImplementedError

    def activation_key(self, state: Any, command: Any) -> Any:
        """Which activation ``command``, given in ``state``, belongs to: orders in a row with equal keys
        are one activation (the replay viewer steps over them together).

        By default: the turn, the side giving the order and the piece giving it (``order_parts``), so that a
        unit's or model's actions, or a side's run of whole-side orders, are one activation. The state
        after an order cannot tell this alone: in many systems it already shows the next side to act.
        """
        try:
            unit = self.order_parts(state, command).unit
        except NotImplementedError:  # a system that files no such order in the editor: the side alone decides
            unit = None
        return (self.turn(state), self.side_to_act(state), unit)

    def canonical(self, state: Any) -> Any:
        """A value made of tuples, strings and numbers that fixes the state (for its hash)."""
        raise NotImplementedError

    def copy_state(self, state: Any) -> Any:
        import copy

        return copy.deepcopy(state)

    # -- what the computer may know and how it values a position (engine.core.search) ---------------
    def determinize(self, state: Any, side: str, gen: Generator) -> Any:
        """A copy of ``state`` re-dealt from what ``side`` can know: a system with decks shuffles their draw
        piles with ``gen`` (:func:`shuffle_draw_piles`: the order of unseen cards is never known), one with
        hidden pieces or secret orders samples the other side's from what is consistent with what ``side`` has
        seen. The search plays on this copy, so nothing it does can depend on what ``side`` cannot know. By
        default (a system with nothing hidden): a copy."""
        return self.copy_state(state)

    def position_value(self, state: Any, side: str) -> float:
        """How good the position is for ``side``: a battle won is worth WIN_VALUE (lost, minus that; drawn,
        nothing), else the casualties the enemy has taken less those ``side`` has taken (the end-of-battle
        summary's count). A system with a finer measure gives its own."""
        outcome = self.outcome(state)
        if outcome is not None:
            return 0.0 if outcome.winner is None else WIN_VALUE if outcome.winner == side else -WIN_VALUE
        lost = self.summary(state).casualties
        return float(sum(n for s, n in lost.items() if s != side) - lost.get(side, 0))

    def candidate_orders(self, state: Any, n: int) -> list[Any] | None:
        """The ``n`` orders open to the side to act that its standard player prices highest, best first, for
        the hard player to weigh (``SearchBudget.ranked``); None: this system's standard player gives no such
        list, and the search spreads its candidates over the legal orders."""
        return None

    def misaimed(self, state: Any, order: Any, legal: list[Any]) -> list[Any]:
        """The orders of ``legal`` a novice might give when it means to give ``order``: for a shot, the other shots
        open (another target, weapon or mode), the easy player's wrong choice of target (``SearchBudget.misaim``).
        Empty here: this system names no such orders, and the easy player's only mistakes are its slips."""
        return []

    def value_words(self) -> str:
        """What :meth:`position_value` counts, in a player's words (the "Why did it do that?" screen): a system
        with its own measure says its own terms, with the same weights."""
        return f"casualties the enemy has taken less its own; a battle won counts {WIN_VALUE:g}"

    def search_budget(self) -> SearchBudget:
        """How much the hard player thinks in this system (orders simulated, not time)."""
        return SearchBudget()

    def search_budget_at(self, state: Any) -> SearchBudget:
        """How much the hard player thinks about a decision in ``state``: :meth:`search_budget`, unless the system
        knows that some battles need another look (a scenario whose objective its position value reads only in
        the long run, say). It must depend only on what both sides can see, so that it never tells the searching
        side anything."""
        return self.search_budget()

    # -- what the player sees (engine.core.view) ------------------------------------
    def board(self, state: Any, viewer: str | None = None) -> BoardView:
        """The map and the pieces on it. ``viewer``: the side looking, which sees its own hidden pieces as
        themselves (a system with none ignores it); None: what every side may see (a screen shared by two
        people, a watcher, a replay)."""
        raise NotImplementedError

    def activation(self, state: Any) -> ActivationView:
        """Who acts now and next, in the system's own terms."""
        raise NotImplementedError

    def order_parts(self, state: Any, command: Any) -> OrderParts:
        """How the order editor files ``command``: piece, action, target hex (as its type registered)."""
        parts = self.rulebook.order_parts(state, command) if self.rulebook is not None else None
        if parts is None:
            raise NotImplementedError(f"{self.title} files no {type(command).__name__} in the order editor")
        return parts

    def preview(self, state: Any, command: Any) -> OrderPreview:
        """Cost, modifiers and the odds of each outcome of ``command`` (legal now), before it is given: the
        odds its type registered in the rulebook, else its description alone."""
        found = self.rulebook.odds(state, command) if self.rulebook is not None else None
        return found if found is not None else OrderPreview(summary=self.describe_command(command, state))

    def outcome_of(self, before: Any, command: Any, events: list[Any]) -> str | None:
        """Which of :meth:`preview`'s outcomes (its ``Chance.outcome`` text) ``command`` had.

        ``before`` is the state before the command (read only), ``events`` what it caused. None when
        the order has no odds. The luck report and the odds-against-engine tests rest on this. By default,
        the outcome its type registered in the rulebook.
        """
        return self.rulebook.outcome(before, command, events) if self.rulebook is not None else None

    def visible_hexes(self, state: Any, piece_id: str) -> frozenset[Hex]:
        """The hexes ``piece_id`` can see now (for the line-of-sight highlight)."""
        return frozenset()

    def summary(self, state: Any) -> BattleSummary:
        """Casualties per side and turns played, for the end-of-battle screen."""
        return BattleSummary(casualties={s: 0 for s in self.sides(state)}, turns=self.turn(state))

    def help_sections(self) -> list[HelpSection]:
        """The rules in the game's own words, from content/<id>/help.md, one section per ``## `` heading."""
        from .content import read_content_text
        from .errors import ContentError

        path = self.content_dir() / "help.md"
        if not path.exists():
            return []
        try:
            return read_help(read_content_text(path, "help file"))
        except ContentError as exc:  # a help file that cannot be read is said so where the help would be
            return [HelpSection("Help unavailable", exc.message)]

    def computer_players(self) -> dict[str, Callable[[int], ComputerPlayer]]:
        """Named computer players; each factory takes a seed for the player's own choices."""
        from .players import RandomPlayer

        return {"random": RandomPlayer}

    def campaign_rules(self) -> CampaignRules | None:
        """How one battle carries into the next in a campaign (engine.core.campaign); None where the book
        gives nothing that carries over."""
        return None


def _systems_package_path() -> list[str]:
    from hexfront.engine import systems

    return list(systems.__path__)


_REGISTRY: dict[str, RuleSystem] | None = None

#: The environment variable naming more rule systems: module names separated by commas, each exposing SYSTEM.
EXTRA_SYSTEMS = "HEXFRONT_SYSTEMS"
_MODULE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}(\.[A-Za-z_][A-Za-z0-9_]{0,99}){0,9}")


def _extra_system(name: str) -> RuleSystem:
    """The ``SYSTEM`` of the module ``name`` given in HEXFRONT_SYSTEMS; anything wrong is one UnknownSystem line."""
    fix = f"name modules that expose SYSTEM, separated by commas, or unset {EXTRA_SYSTEMS}"
    if _MODULE_NAME.fullmatch(name) is None:
        raise UnknownSystem(f"{EXTRA_SYSTEMS} names '{shown(name, 60)}', which is not a module name; {fix}")
    try:
        module = importlib.import_module(name)
    except Exception as exc:  # the module is outside hexfront: any failure to import it is reported, not raised
        raise UnknownSystem(f"{EXTRA_SYSTEMS} names the module '{name}', which cannot be imported "
                            f"({type(exc).__name__}: {shown(str(exc), 100)}); {fix}") from None
    system = module.__dict__.get("SYSTEM")
    if not isinstance(system, RuleSystem):
        raise UnknownSystem(f"{EXTRA_SYSTEMS} names the module '{name}', which has no SYSTEM (a RuleSystem); {fix}")
    return system


def all_systems() -> dict[str, RuleSystem]:
    """Every rule system under engine/systems/, by id in the order of their package names, then those of the
    modules named in $HEXFRONT_SYSTEMS, in its order. A bad name there is one UnknownSystem line."""
    global _REGISTRY
    if _REGISTRY is None:
        found: dict[str, RuleSystem] = {}
        for info in sorted(pkgutil.iter_modules(_systems_package_path()), key=lambda i: i.name):
            if not info.ispkg:
                continue
            module = importlib.import_module(f"hexfront.engine.systems.{info.name}")
            system = getattr(module, "SYSTEM", None)
            if isinstance(system, RuleSystem):
                found[system.id] = system
        for name in filter(None, (part.strip() for part in os.environ.get(EXTRA_SYSTEMS, "").split(","))):
            system = _extra_system(name)
            if system.id in found and found[system.id] is not system:
                taken = shown(found[system.id].title, 40)
                raise UnknownSystem(f"{EXTRA_SYSTEMS} names the module '{name}', whose system id "
                                    f"'{shown(system.id, 40)}' is taken by {taken}; give it another id")
            found[system.id] = system
        _REGISTRY = found
    return _REGISTRY


def get_system(system_id: str) -> RuleSystem:
    systems = all_systems()
    if system_id not in systems:
        known = ", ".join(systems) or "none"
        raise UnknownSystem(f"unknown rule system '{shown(system_id)}'; known systems: {known}")
    return systems[system_id]
