"""The declared contract (engine.core.contract): a rulebook registers each command type's check, offers,
resolution and odds side by side and each event type's fold; RuleSystem derives its orders, folds and
previews from it; a broken rulebook fails when the system is defined, naming the type."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hexfront.engine.core.contract import ContractError, Rulebook
from hexfront.engine.core.resolution import Randomizer, Resolution
from hexfront.engine.core.system import RuleSystem
from hexfront.engine.core.view import Chance, OrderPreview


@attrs.frozen
class Step:
    by: int


@attrs.frozen
class Rest:
    pass


@attrs.frozen
class Stepped:
    by: int


@attrs.define
class Walker:
    at: int = 0
    decks: dict[str, Any] = attrs.Factory(dict)


def _check_step(st: Walker, c: Step) -> str | None:
    return None if c.by in (1, 2) else "a step is 1 or 2"


def _resolve_step(ctx: Resolution, c: Step) -> None:
    ctx.emit(Stepped(c.by))


def _fold_stepped(st: Walker, e: Stepped) -> None:
    st.at += e.by


def _step_odds(st: Walker, c: Step) -> OrderPreview:
    return OrderPreview(summary=f"step {c.by}", odds=(Chance("there", 1.0),))


def book() -> Rulebook[Walker]:
    b: Rulebook[Walker] = Rulebook("Walk")
    b.command(Step, check=_check_step, offers=lambda st: [Step(1), Step(2)], resolve=_resolve_step,
              odds=_step_odds)
    b.command(Rest, check=lambda st, c: None, offers=lambda st: [Rest()], resolve=lambda ctx, c: None)
    b.event(Stepped, _fold_stepped)
    return b


def walk_system() -> RuleSystem:
    class Walk(RuleSystem):
        id = "walk"
        title = "Walk"
        rulebook = book()

        def describe_command(self, command: Any, state: Any = None) -> str:
            return "rest"

    return Walk()


def test_the_system_derives_orders_checks_resolution_folds_and_previews():
    system = walk_system()
    st = Walker()
    assert system.command_types == (Step, Rest) and system.event_types == (Stepped,)
    assert system.legal_commands(st) == [Step(1), Step(2), Rest()]
    assert system.validate(st, Step(3)) == "a step is 1 or 2"
    assert system.validate(st, Step(2)) is None
    assert system.validate(st, "jump") == "str is not a Walk order"
    ctx = Resolution(system, st, Randomizer(1))
    system.resolve(ctx, Step(2))
    assert ctx.events == [Stepped(2)] and st.at == 2
    assert system.preview(st, Step(1)).odds == (Chance("there", 1.0),)
    assert system.preview(st, Rest()) == OrderPreview(summary="rest")  # no odds registered


def test_the_declared_optional_features_have_defaults():
    system = walk_system()
    assert system.sight_on_select is False and system.marks_legend is None
    assert system.outcome_of(Walker(), Rest(), []) is None


@pytest.mark.parametrize("part", ["check", "offers", "resolve"])
def test_a_command_type_without_a_part_fails_naming_it(part):
    b: Rulebook[Walker] = Rulebook("Walk")
    parts: dict[str, Any] = {"check": _check_step, "offers": lambda st: [], "resolve": _resolve_step}
    parts[part] = None
    with pytest.raises(ContractError, match=f"^Walk: command type Step is registered without a {part} function$"):
        b.command(Step, **parts)


def test_an_event_type_without_a_fold_fails_naming_it():
    with pytest.raises(ContractError, match="^Walk: event type Stepped is registered without a fold function$"):
        Rulebook[Walker]("Walk").event(Stepped, None)


def test_a_type_registered_twice_fails_naming_it():
    b = book()
    with pytest.raises(ContractError, match="^Walk: command type Rest is registered twice$"):
        b.command(Rest, check=lambda st, c: None, offers=lambda st: [], resolve=lambda ctx, c: None)
    with pytest.raises(ContractError, match="^Walk: event type Stepped is registered twice$"):
        b.event(Stepped, _fold_stepped)


def test_a_declared_type_left_out_of_the_rulebook_fails_when_the_system_is_defined():
    with pytest.raises(ContractError, match="^Walk: event type Rested is declared but has no fold$"):
        @attrs.frozen
        class Rested:
            pass

        class Broken(RuleSystem):
            rulebook = book()
            event_types = (Stepped, Rested)


def test_an_unknown_event_is_not_folded_silently():
    with pytest.raises(ContractError, match="no fold for event Rest"):
        book().fold(Walker(), Rest())



def test_every_system_with_a_rulebook_declares_exactly_its_registered_types():
    from hexfront.engine.core.system import all_systems

    with_books = [s for s in all_systems().values() if s.rulebook is not None]
    assert with_books, "no system has moved onto the contract"
    for system in with_books:
        assert set(system.command_types) == set(system.rulebook.command_types)
        assert set(system.event_types) == set(system.rulebook.event_types)


def test_a_system_on_the_contract_refuses_an_order_of_another_system_by_name():
    from hexfront.engine.core.battle import Battle, BattleSetup
    from hexfront.engine.core.system import all_systems

    for system in (s for s in all_systems().values() if s.rulebook is not None):
        scenario = system.default_scenario()
        setup = BattleSetup(system=system.id, scenario=scenario, seed=1, content=system.load_content(scenario),
                            rules_version=system.rules_version)
        battle = Battle(system, setup)
        assert system.validate(battle.state, Rest()) == f"Rest is not a {system.rulebook.title} order"
        for command in system.legal_commands(battle.state):
            assert system.validate(battle.state, command) is None
            assert system.describe_command(command, battle.state) != repr(command)  # its words are registered
            system.order_parts(battle.state, command)  # and how the order editor files it
