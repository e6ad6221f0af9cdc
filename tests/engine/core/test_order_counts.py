"""Pinned counts of legal orders from fixed positions in every scenario of every system (as chess
programs pin their move-generation counts): a change to what is legal anywhere fails here, naming the
system, the scenario, the position and the first order that differs.

The figures are in order_counts.json, written by pin_order_counts.py (its docstring says what is
pinned and how to pin again). Systems and scenarios come from the registry: one with no figures
fails with the line that says how to pin it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from pin_order_counts import PIN_COMMAND, POSITIONS, Step, WalkRefused, order_hash, perft2, read_pins, step_figure, walk

from hexfront.engine.core.serial import codec_for
from hexfront.engine.core.system import all_systems, get_system

PINNED = read_pins()
CASES = [(system_id, scenario) for system_id, system in all_systems().items() for scenario in system.scenario_names()]


def figures_of(system_id: str, scenario: str) -> dict[str, Any]:
    figures = PINNED.get(system_id, {}).get(scenario)
    if figures is None:
        pytest.fail(f"{system_id} scenario {scenario} has no pinned order counts; pin them with "
                    f"`{PIN_COMMAND} --missing` and commit order_counts.json", pytrace=False)
    return figures


def position_difference(where: str, pinned: str, step: Step, show: str) -> str | None:
    """The first order that differs between the pinned hashes (8 hex digits an order, in sorted order)
    and the orders legal now, as one line; None if they agree. ``show`` is the command that lists them."""
    pinned_hashes = [pinned[i:i + 8] for i in range(0, len(pinned), 8)]
    now = [order_hash(text) for text in step.texts]
    if now == pinned_hashes:
        return None
    gone, new = set(pinned_hashes) - set(now), set(now) - set(pinned_hashes)
    head = f"{where}: {len(now)} orders legal, pinned {len(pinned_hashes)} ({len(new)} new, {len(gone)} gone)"
    for i, text in enumerate(step.texts):
        if i < len(pinned_hashes) and now[i] == pinned_hashes[i]:
            continue
        if i >= len(pinned_hashes) or now[i] in new:
            return f"{head}; the first that differs is legal now and was not: {text}"
        return (f"{head}; the first that differs was legal and is not: the pinned order {pinned_hashes[i]} "
                f"before {text} (`{show}` on the code before the change lists them)")
    return (f"{head}; the first that differs was legal and is not: the pinned order {pinned_hashes[len(now)]} "
            f"after the last order legal now (`{show}` on the code before the change lists them)")


def offered_but_refused(step: Step) -> str | None:
    """The first legal order the rules refuse when it is given, or whose JSON does not read back as itself."""
    battle = step.battle
    codec = codec_for(battle.system)
    for text in step.texts:
        command = step.commands[text]
        reason = battle.refusal(command)
        if reason is not None:
            return f"{text} is among the legal orders but refused: {reason}"
        if codec.command_from_json(json.loads(text)) != command:
            return f"{text} does not read back from its JSON as the same order"
    return None


def first_difference(system_id: str, scenario: str, figures: dict[str, Any]) -> str | None:
    """Replay the pinned walk and compare every figure in order; the first difference as one line."""
    name = f"{system_id} scenario {scenario}"
    if get_system(system_id).default_options() != figures["options"]:
        return f"{name}: the default options changed from the pinned {figures['options']}"
    steps = figures["steps"]
    last = None
    try:
        for step in walk(system_id, scenario, figures["walk"]):
            last = step
            where = f"{name}, after {step.index} orders of the pinned walk"
            figure = step_figure(step.texts)
            pinned_at = figures["orders_at"].get(str(step.index))
            if pinned_at is not None:
                show = f"{PIN_COMMAND} --show {system_id} {scenario} {step.index}"
                found = position_difference(where, pinned_at, step, show)
                if found:
                    return found
                refused = offered_but_refused(step)
                if refused:
                    return f"{where}: {refused}"
            if figure != steps[step.index]:
                return (f"{where}: {figure.split(':')[0]} orders legal, pinned {steps[step.index].split(':')[0]} "
                        f"(digest {figure.split(':')[1]}, pinned {steps[step.index].split(':')[1]}); list them with "
                        f"`{PIN_COMMAND} --show {system_id} {scenario} {step.index}` before and after the change")
            pinned_perft = figures["perft2"].get(str(step.index))
            if pinned_perft is not None:
                total = perft2(step.battle)
                if total != pinned_perft:
                    return f"{where}: perft(2) is {total}, pinned {pinned_perft}"
    except WalkRefused as refused:
        return f"{name}: {refused}"
    assert last is not None
    outcome = last.battle.outcome()
    got = None if outcome is None else [outcome.winner, outcome.reason]
    if got != figures["outcome"]:
        return f"{name}, at the end of the pinned walk: the outcome is {got}, pinned {figures['outcome']}"
    return None


@pytest.mark.parametrize("system_id, scenario", CASES)
def test_the_legal_orders_at_every_step_of_a_fixed_walk_are_the_pinned_ones(system_id, scenario):
    difference = first_difference(system_id, scenario, figures_of(system_id, scenario))
    if difference:
        pytest.fail(f"{difference}. If the change is meant, pin anew with `{PIN_COMMAND} {system_id} {scenario}`",
                    pytrace=False)


def test_every_pinned_scenario_is_still_in_the_registry():
    known = {(system_id, scenario) for system_id, scenario in CASES}
    stale = [f"{s} {sc}" for s, scenarios in PINNED.items() for sc in scenarios if (s, sc) not in known]
    assert not stale, f"figures pinned for scenarios that are gone: {', '.join(stale)}; run `{PIN_COMMAND}`"


def test_the_pins_reach_deep_into_battles():
    """The pins are not only setups: at least half the scenarios' walks reach the last position with orders
    still to give, and at least half pin perft(2) somewhere past the setup."""
    pinned = [f for scenarios in PINNED.values() for f in scenarios.values()]
    deepest = POSITIONS[-1]
    moving = sum(len(f["steps"]) > deepest and not f["steps"][deepest].startswith("0:") for f in pinned)
    assert 2 * moving >= len(pinned)
    assert 2 * sum(any(int(k) > 0 for k in f["perft2"]) for f in pinned) >= len(pinned)


# -- the checks can fail, and say where ---------------------------------------------------------------

def cheapest() -> tuple[str, str]:
    """The pinned scenario whose walk has the fewest legal orders in all (quick to check again)."""
    return min(((s, sc) for s, sc in CASES if (s, sc) in {(a, b) for a in PINNED for b in PINNED[a]}
                and len(PINNED[s][sc]["walk"]) > 5),
               key=lambda case: sum(int(x.split(":")[0]) for x in PINNED[case[0]][case[1]]["steps"]))


def test_an_altered_count_fails_naming_the_scenario_and_the_position():
    system_id, scenario = cheapest()
    figures = copy.deepcopy(PINNED[system_id][scenario])
    count, digest = figures["steps"][3].split(":")
    figures["steps"][3] = f"{int(count) + 1}:{digest}"
    found = first_difference(system_id, scenario, figures)
    assert found is not None
    assert found.startswith(f"{system_id} scenario {scenario}, after 3 orders of the pinned walk: ")
    assert f"{count} orders legal, pinned {int(count) + 1}" in found and "\n" not in found


def test_a_missing_or_extra_order_at_a_position_is_named():
    system_id, scenario = cheapest()
    figures = copy.deepcopy(PINNED[system_id][scenario])
    step = next(walk(system_id, scenario, []))
    hashes = figures["orders_at"]["0"]
    figures["orders_at"]["0"] = hashes[8:]  # the first order was not legal when pinned
    found = first_difference(system_id, scenario, figures)
    assert found == (f"{system_id} scenario {scenario}, after 0 orders of the pinned walk: {len(step.texts)} orders "
                     f"legal, pinned {len(step.texts) - 1} (1 new, 0 gone); the first that differs is legal now and "
                     f"was not: {step.texts[0]}")
    figures["orders_at"]["0"] = "0badf00d" + hashes  # an order legal when pinned is not now
    found = first_difference(system_id, scenario, figures)
    assert found is not None and "(0 new, 1 gone)" in found and "the pinned order 0badf00d before " in found


def test_a_walk_order_that_is_refused_now_is_named():
    system_id, scenario = cheapest()
    figures = copy.deepcopy(PINNED[system_id][scenario])
    figures["walk"][2] = {"type": "NoSuchOrder", "side": "nobody"}
    found = first_difference(system_id, scenario, figures)
    text = json.dumps(figures["walk"][2], sort_keys=True, separators=(",", ":"))
    assert found == f"{system_id} scenario {scenario}: order 3 of the pinned walk, {text}, is not legal after 2 orders"


def test_a_legal_order_the_rules_refuse_is_named(monkeypatch):
    system_id, scenario = cheapest()
    system = get_system(system_id)
    monkeypatch.setattr(type(system), "validate", lambda self, state, command: "not today")
    found = first_difference(system_id, scenario, PINNED[system_id][scenario])
    first = next(walk(system_id, scenario, [])).texts[0]
    assert found == (f"{system_id} scenario {scenario}, after 0 orders of the pinned walk: {first} is among the "
                     "legal orders but refused: not today")


def test_a_scenario_with_no_figures_fails_saying_how_to_pin_it(monkeypatch):
    monkeypatch.setitem(PINNED, "sixth", {})
    with pytest.raises(pytest.fail.Exception) as failed:
        figures_of("sixth", "first")
    assert str(failed.value) == ("sixth scenario first has no pinned order counts; pin them with "
                                 f"`{PIN_COMMAND} --missing` and commit order_counts.json")
