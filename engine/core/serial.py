"""cattrs converters: every conversion of commands and events to and from JSON goes here.

Commands and events are written as objects tagged with ``"type"`` (the class
name). Unknown keys are refused, so a mistyped or hostile file fails loudly
instead of being half-read.
"""

from __future__ import annotations

import operator
import re
import types
import typing
from functools import cache, reduce
from typing import Any, Union

import cattrs
import cattrs.cols
from cattrs.strategies import configure_tagged_union

from .errors import shown
from .events import CORE_EVENTS
from .system import RuleSystem


def strict_converter() -> cattrs.Converter:
    """A converter that reads JSON strictly: unknown keys are refused and every value must already
    have its declared JSON type (cattrs would otherwise read "7" or 7.5 as 7, 5 as "5", and an
    object as the list of its keys)."""
    converter = cattrs.Converter(forbid_extra_keys=True)

    def exact(kind: type, name: str) -> Any:
        def structure(value: Any, _type: Any) -> Any:
            if type(value) is not kind:  # also refuses true/false where a number belongs
                raise TypeError(f"expected {name}, found {_json_name(value)}")
            return value

        return structure

    def container(kind: type, name: str, factory: Any) -> Any:
        def make(type_: Any) -> Any:
            inner = factory(type_, converter)

            def structure(value: Any, t: Any) -> Any:
                if not isinstance(value, kind):
                    raise TypeError(f"expected {name}, found {_json_name(value)}")
                return inner(value, t)

            return structure

        return make

    converter.register_structure_hook(int, exact(int, "a whole number"))
    converter.register_structure_hook(str, exact(str, "text"))
    converter.register_structure_hook(bool, exact(bool, "true or false"))
    converter.register_structure_hook_factory(
        _is_list_type, container(list, "a list", cattrs.cols.list_structure_factory))
    converter.register_structure_hook_factory(
        _is_dict_type, container(dict, "an object", cattrs.cols.mapping_structure_factory))
    converter.register_structure_hook_factory(_is_scalar_union, _scalar_union)
    return converter


_SCALARS = {int, bool, str, float, type(None)}


def _is_list_type(t: object) -> bool:
    """``list[X]``."""
    return typing.get_origin(t) is list


def _is_dict_type(t: object) -> bool:
    """``dict[K, V]``."""
    return typing.get_origin(t) is dict


def _is_scalar_union(t: Any) -> bool:
    """A union of plain JSON scalars, such as ``int | bool | str | None``."""
    args = typing.get_args(t)
    return (typing.get_origin(t) in (Union, types.UnionType) and len(args) > 1
            and all(a in _SCALARS for a in args))


def _scalar_union(t: Any) -> Any:
    allowed = set(typing.get_args(t))
    names = " or ".join(sorted(_json_name(a()) if a is not type(None) else "null" for a in allowed))

    def structure(value: Any, _type: Any) -> Any:
        if type(value) not in allowed:
            raise TypeError(f"expected {names}, found {_json_name(value)}")
        return value

    return structure


def _json_name(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list",
            dict: "an object", type(None): "null"}.get(type(value), type(value).__name__)


_PY_TO_JSON = {"str": "text", "int": "a number", "float": "a number", "list": "a list", "bool": "true/false",
               "NoneType": "null"}


#: The most of a conversion error an error line quotes: the problem and where it is, both of which may
#: hold keys and values from a hostile file.
FIRST_ERROR_CHARS = 160


def first_error(exc: BaseException) -> str:
    """One readable line from a cattrs error (the first problem, with where it is), escaped and cut to
    FIRST_ERROR_CHARS (the keys and values in it come from the file)."""
    if isinstance(exc, cattrs.BaseValidationError):
        messages = cattrs.transform_error(exc)
        if messages:
            # an attrs record handed something that is not an object: say so in the file's terms
            line = re.sub(r"unknown error \('(\w+)' object has no attribute '(keys|items)'\)",
                          lambda m: f"expected an object, found {_PY_TO_JSON.get(m.group(1), m.group(1))}",
                          messages[0])
            return shown(line.replace("unknown error (", "wrong shape ("), FIRST_ERROR_CHARS)
    return shown(str(exc), FIRST_ERROR_CHARS)


class Codec:
    """Converts one rule system's commands and events."""

    def __init__(self, system: RuleSystem) -> None:
        self.system = system
        self.converter = strict_converter()
        self.command_union = self._union(system.command_types)
        self.event_union = self._union(CORE_EVENTS + tuple(system.event_types))
        configure_tagged_union(self.command_union, self.converter, tag_name="type")
        configure_tagged_union(self.event_union, self.converter, tag_name="type")

    @staticmethod
    def _union(types: tuple[type, ...]) -> Any:
        if len(types) < 2:
            raise ValueError("a rule system needs at least two command and two event types")
        return reduce(operator.or_, types)  # A | B | ...: the union of the types

    def command_to_json(self, command: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.converter.unstructure(command, self.command_union)  # tagged: an object
        return data

    def command_from_json(self, data: Any) -> Any:
        return self.converter.structure(data, self.command_union)

    def event_to_json(self, event: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.converter.unstructure(event, self.event_union)  # tagged: an object
        return data

    def event_from_json(self, data: Any) -> Any:
        return self.converter.structure(data, self.event_union)


@cache
def codec_for(system: RuleSystem) -> Codec:
    return Codec(system)
