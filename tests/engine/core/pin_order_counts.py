"""Pin the legal orders of every scenario of every rule system, in the manner of chess move-generation
(perft) counts; ``test_order_counts.py`` checks the pins, ``order_counts.json`` holds them.

What is pinned, for each system and each of its scenarios (a battle with seed ``SEED`` and the
system's default options):

- **a walk** of up to ``WALK_ORDERS`` orders from the setup. Each order is chosen among the legal
  orders sorted by their JSON text (``engine.core.serial``), at an index fixed by a hash of the system,
  the scenario and the step: no computer player and none of the battle's own random draws choose it.
  The walk is stored, so the test gives the very same orders again and the positions stay fixed
  even if the way of choosing changed (it stops early where the battle ends);
- **at every step of the walk** (step 0 is the setup): how many orders are legal, and a digest of
  their sorted JSON texts;
- **at the positions** ``POSITIONS`` (0, 5, 20 and 40 orders into the walk): a short hash of every
  legal order, in the same sorted order, so that a failing test names the first order that differs;
- **perft(2) at the positions**: the number of legal orders summed over every legal first order (each
  given, counted, taken back), at each position where counting it took at most ``PERFT2_SECONDS`` of
  processor time when pinned (so that the test stays fast: some systems list their orders slowly);
- the default options, and the battle's outcome if it ended during the walk.

The order in which a system lists its legal orders is free: everything is read after sorting.

Run it from the repository root, only when a change of what is legal is meant (say why in the
commit); the test then reads the new figures:

    .venv/bin/python tests/engine/core/pin_order_counts.py              # pin every scenario anew
    .venv/bin/python tests/engine/core/pin_order_counts.py --missing    # pin only scenarios with no figures
    .venv/bin/python tests/engine/core/pin_order_counts.py SYSTEM [SCENARIO ...]   # pin these anew
    .venv/bin/python tests/engine/core/pin_order_counts.py --show SYSTEM SCENARIO K
        # print the orders legal after K orders of the pinned walk (JSON, hash, description)

Pinning a system or scenario anew also drops the figures of scenarios that no longer exist.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

if __name__ == "__main__":  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from hexfront.engine.core.battle import Battle  # noqa: E402
from hexfront.engine.core.errors import HexfrontError  # noqa: E402
from hexfront.engine.core.serial import codec_for  # noqa: E402
from hexfront.engine.core.system import all_systems, get_system  # noqa: E402

PINS = Path(__file__).resolve().with_name("order_counts.json")
SEED = 7
WALK_ORDERS = 80
POSITIONS = (0, 5, 20, 40, 80)
PERFT2_SECONDS = 0.3
#: how to pin, as the failing tests say it
PIN_COMMAND = ".venv/bin/python tests/engine/core/pin_order_counts.py"


def order_text(codec: Any, command: Any) -> str:
    """An order as one line of JSON with sorted keys (what is sorted, hashed and stored)."""
    return json.dumps(codec.command_to_json(command), sort_keys=True, separators=(",", ":"))


def order_hash(text: str) -> str:
    """A short hash of one order's JSON text (8 hex digits)."""
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def step_figure(texts: list[str]) -> str:
    """``count:digest`` of the sorted JSON texts of the orders legal at one step."""
    digest = hashlib.blake2b("\n".join(texts).encode(), digest_size=8).hexdigest()
    return f"{len(texts)}:{digest}"


def walk_index(system_id: str, scenario: str, step: int, legal: int) -> int:
    """Which of ``legal`` sorted orders the walk gives at ``step``: fixed by a hash, not by any generator."""
    seed = hashlib.blake2b(f"{system_id}/{scenario}/{step}".encode(), digest_size=8).digest()
    return int.from_bytes(seed, "big") % legal


@attrs.frozen
class Step:
    """The battle after ``index`` orders of the walk, and its legal orders sorted by JSON text."""

    index: int
    battle: Battle
    texts: list[str]
    commands: dict[str, Any]  # JSON text -> the order
    next_order: str | None  # the JSON text of the walk's next order; None where the walk ends


def new_battle(system_id: str, scenario: str) -> Battle:
    return Battle.new(system_id, scenario, seed=SEED)


def legal_at(battle: Battle, codec: Any) -> tuple[list[str], dict[str, Any]]:
    """The JSON texts of the legal orders, sorted (an order listed twice counts twice), and the orders by text."""
    listed = [(order_text(codec, command), command) for command in battle.legal_commands()]
    return sorted(text for text, _ in listed), dict(listed)


class WalkRefused(Exception):
    """An order of the pinned walk is not among the legal orders any more."""

    def __init__(self, step: int, text: str) -> None:
        super().__init__(f"order {step + 1} of the pinned walk, {text}, is not legal after {step} orders")
        self.step = step
        self.text = text


def walk(system_id: str, scenario: str, pinned: list[dict[str, Any]] | None = None) -> Iterator[Step]:
    """The steps of the walk: the pinned one (JSON orders) if given, else the one chosen by hash.

    Yields the setup, then the battle after each order; raises WalkRefused where a pinned order is
    not legal (the step before it has been yielded)."""
    system = get_system(system_id)
    codec = codec_for(system)
    battle = new_battle(system_id, scenario)
    length = WALK_ORDERS if pinned is None else len(pinned)
    for index in range(length + 1):
        texts, commands = legal_at(battle, codec)
        following = None
        if index < length and pinned is not None:
            following = json.dumps(pinned[index], sort_keys=True, separators=(",", ":"))
        elif index < length and texts:
            following = texts[walk_index(system_id, scenario, index, len(texts))]
        yield Step(index, battle, texts, commands, following)
        if following is None:
            return
        if following not in commands:
            raise WalkRefused(index, following)
        battle.submit(commands[following])


def perft2(battle: Battle, seconds: float | None = None) -> int | None:
    """The number of legal orders summed over every legal first order (each given, then taken back);
    None if that takes more than ``seconds`` of processor time (the battle is then as it was, too)."""
    start = time.process_time()
    total = 0
    for command in battle.legal_commands():
        battle.submit(command)
        total += len(battle.legal_commands())
        battle.undo()
        if seconds is not None and time.process_time() - start > seconds:
            return None
    return total


def pin(system_id: str, scenario: str) -> dict[str, Any]:
    """The figures of one scenario, measured now."""
    system = get_system(system_id)
    orders: list[dict[str, Any]] = []
    steps: list[str] = []
    at: dict[str, str] = {}
    perft: dict[str, int] = {}
    last: Step | None = None
    for step in walk(system_id, scenario):
        steps.append(step_figure(step.texts))
        if step.index in POSITIONS:
            at[str(step.index)] = "".join(order_hash(t) for t in step.texts)
        if step.index in POSITIONS:
            total = perft2(step.battle, PERFT2_SECONDS)
            if total is not None:
                perft[str(step.index)] = total
        if step.next_order is not None:
            orders.append(json.loads(step.next_order))
        last = step
    assert last is not None
    outcome = last.battle.outcome()
    return {
        "options": system.default_options(),
        "walk": orders,
        "steps": steps,
        "orders_at": at,
        "perft2": perft,
        "outcome": None if outcome is None else [outcome.winner, outcome.reason],
    }


def read_pins(path: Path = PINS) -> dict[str, dict[str, dict[str, Any]]]:
    """The pinned figures by system and scenario (empty if the file is not there yet)."""
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    if data.get("seed") != SEED or data.get("walk_orders") != WALK_ORDERS or data.get("positions") != list(POSITIONS):
        raise SystemExit(f"{path} was pinned with other settings; pin every scenario anew ({PIN_COMMAND})")
    return data["systems"]


def write_pins(systems: dict[str, dict[str, dict[str, Any]]], path: Path = PINS) -> None:
    data = {
        "about": "written by tests/engine/core/pin_order_counts.py (see its docstring); do not edit by hand",
        "seed": SEED,
        "walk_orders": WALK_ORDERS,
        "positions": list(POSITIONS),
        "systems": {s: dict(sorted(scenarios.items())) for s, scenarios in sorted(systems.items())},
    }
    path.write_text(_dump(data) + "\n", encoding="utf-8")


def _dump(value: Any, depth: int = 0) -> str:
    """JSON laid out for reading and diffing: objects down to a scenario's figures one key a line, the
    lists in them (the walk, the steps) one item a line, everything deeper on one line."""
    pad = " " * (depth + 1)
    if isinstance(value, dict) and value and depth < 4:
        items = [f"{pad}{json.dumps(k)}: {_dump(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    if isinstance(value, list) and value and depth == 4:
        items = [pad + json.dumps(v, separators=(", ", ": ")) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"
    return json.dumps(value, separators=(", ", ": "))


def show(system_id: str, scenario: str, k: int) -> None:
    """Print the orders legal after ``k`` orders of the pinned walk (or of the walk by hash if none is pinned)."""
    pinned = read_pins().get(system_id, {}).get(scenario)
    system = get_system(system_id)
    for step in walk(system_id, scenario, pinned["walk"][:k] if pinned else None):
        if step.index == k:
            for text in step.texts:
                print(order_hash(text), text, "|", system.describe_command(step.commands[text], step.battle.state))
            print(f"{len(step.texts)} orders legal after {k} orders of the walk ({step_figure(step.texts)})")
            return
    raise SystemExit(f"pin_order_counts: the walk of {system_id} {scenario} ends before {k} orders")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Pin the legal orders of every scenario (see the docstring).")
    parser.add_argument("system", nargs="?", help="pin only this system (default: every system)")
    parser.add_argument("scenarios", nargs="*", help="pin only these scenarios of the system")
    parser.add_argument("--missing", action="store_true", help="pin only the scenarios that have no figures yet")
    parser.add_argument("--show", nargs=3, metavar=("SYSTEM", "SCENARIO", "K"),
                        help="print the orders legal after K orders of the pinned walk")
    args = parser.parse_args(argv)
    if args.show is not None:
        system_id, scenario, k = args.show
        if not k.isdigit():
            parser.error(f"--show: K is a number of orders, not {k!r}")
        show(system_id, scenario, int(k))
        return 0
    registry = {sid: s.scenario_names() for sid, s in all_systems().items()}
    if args.system and args.system not in registry:
        parser.error(f"unknown system {args.system!r}; systems: {', '.join(registry)}")
    unknown = [name for name in args.scenarios if name not in registry[args.system]]
    if unknown:
        parser.error(f"{args.system} has no scenario {unknown[0]!r}; scenarios: {', '.join(registry[args.system])}")
    old = read_pins() if (args.missing or args.system) else {}
    pins = {sid: {sc: f for sc, f in old.get(sid, {}).items() if sc in names} for sid, names in registry.items()}
    for system_id, names in registry.items():
        for scenario in names:
            wanted = not args.scenarios or scenario in args.scenarios
            chosen = not args.system or (system_id == args.system and wanted)
            if not chosen or (args.missing and scenario in pins[system_id]):
                continue
            start = time.perf_counter()
            pins[system_id][scenario] = figures = pin(system_id, scenario)
            print(f"{system_id} {scenario}: {figures['steps'][0].split(':')[0]} orders at the setup, "
                  f"perft(2) {figures['perft2']} (by position), walk of {len(figures['walk'])} orders "
                  f"({time.perf_counter() - start:.1f} s)")
    write_pins(pins)
    print(f"wrote {PINS}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (HexfrontError, WalkRefused) as failed:
        sys.exit(f"pin_order_counts: {failed}")
