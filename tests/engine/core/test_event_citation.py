"""How an event cites its rule and says why it happened (engine/core/events.py: rule_cited, event_citation), and
that every rule system's events keep the convention: a ``rule`` field is text, and so are ``purpose`` and ``who``;
``modifiers`` is a tuple of texts and ``scripted`` a bool."""

from __future__ import annotations

import attrs

from hexfront.engine.core.events import (
    CORE_EVENTS,
    CardsDiscarded,
    DieRolled,
    EventCitation,
    event_citation,
    rule_cited,
)
from hexfront.engine.core.system import all_systems

#: each field of EventCitation and the type an event's field of that name must have
CITED_TYPES = {a.name: a.type for a in attrs.fields(EventCitation)}


def type_name(annotation: object) -> str:
    """An attrs field's type as written: a string under ``from __future__ import annotations``, else the type."""
    if isinstance(annotation, str):
        return annotation
    return annotation.__name__ if isinstance(annotation, type) else repr(annotation)


def miscited(event_types: list[type]) -> list[str]:
    """Every field of these event types that has a citation's name but not its type."""
    return [f"{kind.__module__}.{kind.__name__}.{a.name}: {type_name(a.type)}"
            for kind in event_types for a in attrs.fields(kind)
            if a.name in CITED_TYPES and type_name(a.type) != CITED_TYPES[a.name]]


def test_the_rule_an_event_cites():
    roll = DieRolled(sides=6, result=4, purpose="morale", rule="Morale Check", who="A1")
    assert rule_cited(roll) == "Morale Check"
    assert rule_cited(CardsDiscarded(deck="action", cards=("KS",))) == ""  # it has no rule field
    assert rule_cited(DieRolled(sides=6, result=4, purpose="morale")) == ""


def test_the_citation_of_an_event():
    roll = DieRolled(sides=8, result=3, purpose="to hit", rule="Shooting", who="A1", scripted=True,
                     modifiers=("D8 shifted up: cover",))
    assert event_citation(roll) == EventCitation(rule="Shooting", purpose="to hit", modifiers=("D8 shifted up: cover",),
                                                 who="A1", scripted=True)
    assert event_citation(CardsDiscarded(deck="action", cards=())) == EventCitation()


def test_every_systems_events_cite_with_the_same_types():
    kinds = list(CORE_EVENTS)
    for system in all_systems().values():
        kinds.extend(system.event_types)
    assert sum(1 for kind in kinds if "rule" in attrs.fields_dict(kind)) > 100  # the check reads the systems' events
    assert miscited(kinds) == []


def test_a_rule_that_is_not_text_is_caught():
    @attrs.frozen
    class Numbered:
        rule: int = 0
        who: str = ""

    assert miscited([Numbered]) == [f"{Numbered.__module__}.Numbered.rule: int"]
