"""The Skirmishes rule system object (registered as ``SYSTEM`` in the package's ``__init__``)."""

from __future__ import annotations

from typing import Any

from hexfront.engine.core.system import PackagedRuleSystem, SystemParts

from . import commands as C
from . import data, events, rules, view
from .describe import Describer
from .rulebook import RULEBOOK
from .state import SkirmishState

SECRET_ORDERS = (C.Run,) + C.ACTION_COMMANDS


class Skirmishes(PackagedRuleSystem):
    id = "skirmishes"
    title = "Skirmishes"
    rules_version = "1"
    rulebook = RULEBOOK
    command_types = C.COMMAND_TYPES
    event_types = events.EVENT_TYPES
    options = ()  # the book has no optional or variant rules
    #: secret orders resolve when the round is revealed, often after the order itself: the luck report
    #: hands outcome_of the events from the order on (it reads only to the end of that round)
    outcome_reads_ahead = True

    parts = SystemParts(data=data, rules=rules, view=view, describer=Describer, ai="hexfront.engine.systems.skirmishes.ai")
    marks_legend = view.MARKS_LEGEND

    def default_scenario(self) -> str:
        return "street_ambush"

    def new_state(self, content: dict[str, Any], options: dict[str, Any]) -> SkirmishState:
        return rules.new_state(data.Tables.from_content(content))

    def idle_reason(self, state: SkirmishState, piece_id: str | None) -> str:
        return rules.idle_reason(state, piece_id)

    def turn(self, state: SkirmishState) -> int:
        return state.round

    def describe_command(self, command: Any, state: SkirmishState | None = None) -> str:
        """A secret order is described without its content (the log, the status line and replays show it):
        the reveal event says what every character does."""
        if state is not None and type(command) in SECRET_ORDERS:
            c = state.chars.get(getattr(command, "character", ""))
            side = state.tables.side_names.get(c.side, c.side) if c else "a side"
            return f"{side} commits an order (secret until the reveal)"
        return super().describe_command(command, state)

    def side_view(self, state: SkirmishState, side: str) -> SkirmishState:
        """The state as ``side`` knows it (the enemy's secret orders taken out): see :func:`view.side_view`."""
        return view.side_view(state, side)
