"""The order editor's choices, with no Textual: piece -> action -> target hex -> variant -> confirm.

Built from the legal commands of the side to act, filed by the rule system's
``order_parts``; so only legal orders are ever offered. Beside them, the
system's routes (a walk of several legal orders to a hex no single order
reaches), given order by order (:func:`walk`). Escape backs out one level at
a time.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import attrs

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.core.events import is_random
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.view import OrderParts, OrderPreview, Route
from hexfront.engine.core.words import plural

BROWSE, ACTION, TARGET, VARIANT, CONFIRM = "browse", "action", "target", "variant", "confirm"
PAGE = 9  # choices per page of the menu: the keys 1-9


@attrs.define
class Option:
    command: Any
    parts: OrderParts


class OrderBook:
    """The legal orders now, filed by piece and action."""

    def __init__(self, system: Any, state: Any, commands: list[Any]) -> None:
        self.by_unit: dict[str | None, dict[str, list[Option]]] = defaultdict(lambda: defaultdict(list))
        for command in commands:
            parts = system.order_parts(state, command)
            self.by_unit[parts.unit][parts.action].append(Option(command, parts))
        for unit in [u for u in self.by_unit if u is not None]:
            for route in system.routes(state, unit):
                self._file_route(route, commands)

    def _file_route(self, route: Route, commands: list[Any]) -> None:
        """A route goes under its action at its hex, where its first order is legal now and no single order
        of that action reaches the hex (that order is the way there)."""
        options = self.by_unit[route.unit][route.action]
        if route.steps and route.steps[0] in commands and all(o.parts.target != route.to for o in options):
            options.append(Option(route, OrderParts(route.unit, route.action, route.to, route.words)))

    def units(self) -> list[str]:
        return [u for u in self.by_unit if u is not None]

    def actions(self, unit: str | None) -> list[str]:
        return list(self.by_unit.get(unit, {}))

    def options(self, unit: str | None, action: str) -> list[Option]:
        return list(self.by_unit.get(unit, {}).get(action, []))

    def targets(self, unit: str | None, action: str | None = None) -> dict[Hex, list[str]]:
        """Target hex -> the actions that reach it (all actions when ``action`` is None)."""
        out: dict[Hex, list[str]] = defaultdict(list)
        acts = self.actions(unit) if action is None else [action]
        for act in acts:
            for option in self.options(unit, act):
                if option.parts.target is not None and act not in out[option.parts.target]:
                    out[option.parts.target].append(act)
        return dict(out)


@attrs.define
class OrderEditor:
    """Where the player is in building an order."""

    book: OrderBook
    level: str = BROWSE
    unit: str | None = None
    action: str | None = None
    target: Hex | None = None
    variants: list[Option] = attrs.field(factory=list)
    chosen: Option | None = None
    page: int = 0  # which page of the menu the keys 1-9 pick from (0 shows the next page)
    page_size: int = PAGE  # choices a page holds: nine, or fewer when the Orders pane has less room

    def reset(self, book: OrderBook) -> None:
        self.book = book
        self.level, self.unit, self.action, self.target = BROWSE, None, None, None
        self.variants, self.chosen = [], None
        self.page = 0

    def pages(self) -> int:
        return max(1, -(-len(self.menu()) // self.page_size))

    def set_page_size(self, size: int) -> None:
        """Hold ``size`` choices a page (1 to 9), keeping the first choice shown now on the page shown."""
        size = max(1, min(PAGE, size))
        if size != self.page_size:
            first = (self.page % self.pages()) * self.page_size
            self.page_size = size
            self.page = first // size

    def page_entries(self) -> list[str]:
        """The menu entries keys 1-9 pick now."""
        start = (self.page % self.pages()) * self.page_size
        return self.menu()[start:start + self.page_size]

    def more_after_page(self) -> int:
        """How many choices come after the page shown (0 on the last page)."""
        start = (self.page % self.pages()) * self.page_size
        return max(0, len(self.menu()) - start - self.page_size)

    def next_page(self) -> bool:
        """Show the next nine choices (round to the first after the last); False if they all fit."""
        if self.pages() == 1:
            return False
        self.page = (self.page + 1) % self.pages()
        return True

    # -- choices at each level -------------------------------------------------------------
    def menu(self) -> list[str]:
        """The numbered choices shown now (keys 1-9)."""
        if self.level in (BROWSE, ACTION):
            return self.book.actions(self.unit if self.level == ACTION else None)
        if self.level == VARIANT:
            return [o.parts.label or o.parts.action for o in self.variants]
        if self.level == TARGET:  # the action's orders that need no hex, beside those aimed at one
            return [o.parts.label or o.parts.action for o in self.untargeted()]
        return []

    def untargeted(self) -> list[Option]:
        """The orders of the action being aimed that take no target hex (a code word that holds where
        the squad is, beside those that send it somewhere): picked by number at the TARGET level."""
        return [o for o in self.book.options(self.unit, self.action or "") if o.parts.target is None]

    def select_unit(self, unit: str) -> str | None:
        """Pick a piece to give orders to; returns a refusal if it has none."""
        if unit not in self.book.by_unit:
            return "that piece has no orders it can take now"
        self.level, self.unit, self.action, self.target = ACTION, unit, None, None
        self.page = 0
        self.variants, self.chosen = [], None
        return None

    def pick(self, index: int) -> str | None:
        """Choose the ``index``-th entry of the page of :meth:`menu` shown now (see :meth:`page_entries`)."""
        entries = self.menu()
        shown = len(self.page_entries())
        if not 0 <= index < shown:
            return f"there is no choice {index + 1} here"
        index += (self.page % self.pages()) * self.page_size
        if self.level in (BROWSE, ACTION):
            unit = self.unit if self.level == ACTION else None
            return self._choose_action(unit, entries[index])
        if self.level == TARGET:
            self.target, self.variants = None, []
            self._confirm(self.untargeted()[index])
            return None
        self._confirm(self.variants[index])
        return None

    def _choose_action(self, unit: str | None, action: str) -> str | None:
        self.unit, self.action = unit, action
        options = self.book.options(unit, action)
        untargeted = [o for o in options if o.parts.target is None]
        if options and len(untargeted) == len(options):
            self.target = None
            self._variants(untargeted)
            return None
        self.level = TARGET
        self.page = 0
        return None

    def choose_hex(self, at: Hex) -> str | None:
        """A hex chosen on the map at the ACTION or TARGET level."""
        if self.level == ACTION:
            actions = self.book.targets(self.unit).get(at, [])
            if not actions:
                return "no order of this piece reaches that hex"
            if len(actions) > 1:
                return f"more than one order reaches that hex ({', '.join(actions)}): pick the action first"
            action = self.action = actions[0]
        elif self.level == TARGET and self.action is not None:  # the TARGET level is reached with an action
            action = self.action
        else:
            return None
        options = [o for o in self.book.options(self.unit, action) if o.parts.target == at]
        if not options:
            return f"{action} cannot reach that hex"
        self.target = at
        self._variants(options)
        return None

    def _variants(self, options: list[Option]) -> None:
        if len(options) == 1:
            self._confirm(options[0])
        else:
            self.variants = options
            self.level = VARIANT
            self.page = 0
        return None

    def _confirm(self, option: Option) -> None:
        self.chosen = option
        self.level = CONFIRM
        self.page = 0

    def back(self) -> bool:
        """Back out one level; False when already at the top."""
        if self.level == BROWSE:
            return False
        if self.level == CONFIRM:
            self.chosen = None
            if self.variants:
                self.level = VARIANT
                self.page = 0
            elif self.target is not None or self._targeted():
                self.level = TARGET
                self.page = 0
            else:
                self.level = ACTION if self.unit is not None else BROWSE
                self.page = 0
            if self.level == TARGET:
                self.target = None
            return True
        if self.level == VARIANT:
            self.variants = []
            self.level = TARGET if self._targeted() else (ACTION if self.unit is not None else BROWSE)
            self.page = 0
            self.target = None
            return True
        if self.level == TARGET:
            self.level = ACTION if self.unit is not None else BROWSE
            self.page = 0
            self.action = None
            return True
        self.level, self.unit, self.action = BROWSE, None, None
        self.page = 0
        return True

    def _targeted(self) -> bool:
        return any(o.parts.target is not None for o in self.book.options(self.unit, self.action or ""))

    def highlight_targets(self) -> dict[Hex, list[str]]:
        if self.level == ACTION:
            return self.book.targets(self.unit)
        if self.level in (TARGET, VARIANT, CONFIRM) and self.action is not None:
            return self.book.targets(self.unit, self.action)
        return {}


def preview_of(system: Any, state: Any, command: Any) -> OrderPreview:
    """What the Orders pane shows before an order is given: the system's preview, or a route's words."""
    if isinstance(command, Route):
        return OrderPreview(command.words, note=f"{plural(len(command.steps), 'order')} in a row; it stops if a "
                                                "die is rolled on the way; z takes the walk back")
    return system.preview(state, command)


@attrs.frozen
class Walked:
    """What giving a route did: the orders given, and why it stopped short ("" where it did not)."""

    given: int
    stopped: str


def walk(submit: Callable[[Any], list[Any]], system: Any, state_of: Callable[[], Any], route: Route) -> Walked:
    """Give ``route``'s orders in turn through ``submit`` (the session's: it autosaves each), stopping at a
    refusal, or after an order whose events roll a die or draw a card when more orders follow (something
    happened on the way the player should see first: a reaction's shot)."""
    given = 0
    for step in route.steps:
        try:
            events = submit(step)
        except IllegalOrder as refused:
            return Walked(given, f"refused: {refused.message}")
        given += 1
        rolled = next((e for e in events if is_random(e)), None)
        if rolled is not None and given < len(route.steps):
            return Walked(given, system.describe(rolled, state_of()))
    return Walked(given, "")
