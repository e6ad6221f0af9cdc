"""cattrs converters: every conversion of commands and events to and from JSON goes here.

Commands and events are written as objects tagged with ``"type"`` (the class
name). Unknown keys are refused, so a mistyped or hostile file fails loudly
instead of being half-read.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Union

import cattrs
from cattrs.strategies import configure_tagged_union

from .events import CORE_EVENTS
from .system import RuleSystem


class Codec:
    """Converts one rule system's commands and events."""

    def __init__(self, system: RuleSystem) -> None:
        self.system = system
        self.converter = cattrs.Converter(forbid_extra_keys=True)
        self.command_union = self._union(system.command_types)
        self.event_union = self._union(CORE_EVENTS + tuple(system.event_types))
        configure_tagged_union(self.command_union, self.converter, tag_name="type")
        configure_tagged_union(self.event_union, self.converter, tag_name="type")

    @staticmethod
    def _union(types: tuple[type, ...]) -> Any:
        if len(types) < 2:
            raise ValueError("a rule system needs at least two command and two event types")
        return Union[tuple(types)]  # type: ignore[valid-type]

    def command_to_json(self, command: Any) -> dict[str, Any]:
        return self.converter.unstructure(command, self.command_union)

    def command_from_json(self, data: Any) -> Any:
        return self.converter.structure(data, self.command_union)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return self.converter.unstructure(event, self.event_union)

    def event_from_json(self, data: Any) -> Any:
        return self.converter.structure(data, self.event_union)


@lru_cache(maxsize=None)
def codec_for(system: RuleSystem) -> Codec:
    return Codec(system)
