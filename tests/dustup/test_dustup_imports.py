"""Dustup's modules import one another in layers, with no cycle (issue 19): the action modules
(fire, assault, command, heavy, vehicles, support, air, hazards, ew, tankshock, and the parts of
assault and hazards) stand on shared ones (ground, acts, shooting, checks, state...), and only
rules.py, at the top, imports them all to build the registry. Every import counts, those inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

import hexfront.engine.systems.dustup as dustup

PACKAGE = Path(dustup.__file__).parent
ACTION_MODULES = ("fire", "assault", "command", "heavy", "vehicles", "support", "air", "hazards", "ew", "tankshock",
                  "aircraft", "inbound", "flight", "airstrike", "antiaircraft", "airdrop",  # the parts of air.py
                  "weaponfacts", "vehiclehits", "guided", "emplacement",  # the parts of heavy.py
                  "burning", "smoke", "minefields", "explosives", "casevac",  # hazards.py gathers these five
                  "courage", "contact", "defensivefire", "closecombat",  # the parts of assault.py
                  "communication", "detachments", "treatment", "reorganise",  # the parts of command.py
                  "supportfacts", "impacts", "ontable",  # the parts of support.py
                  "vehiclefacts", "vehicledamage", "vehicleassault", "transport",  # the parts of vehicles.py
                  "simpleactions")  # prop, unprop, recover, withdraw, from rules.py (refusals, victory: shared)
ABOVE_THE_RULES = ("__init__", "ai", "view", "rulebook", "board", "activation", "orderparts", "previews", "outcomes",
                   "describe", "ai_support",  # the fire support and smoke prices of ai.py
                   "logwords", "eventlines", "orderlines")  # the parts of describe.py
# the system object, its computer player, its rulebook and its view (board, activation, order parts, previews,
# outcomes, the words of the dice log)


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports, anywhere in its text."""
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name in modules:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text())
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hexfront.engine.systems.dustup."):
                found.add(node.module.split(".")[4])
            elif isinstance(node, ast.Import):
                found.update(a.name.split(".")[4] for a in node.names
                             if a.name.startswith("hexfront.engine.systems.dustup."))
        graph[name] = found & modules
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_dustup_modules_import_one_another_without_a_cycle():
    assert cycle_in(import_graph()) is None


def test_the_cycle_finder_finds_a_cycle():
    """The check above can fail: a graph with a loop through three modules is caught."""
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_only_the_top_imports_the_rules_and_no_action_module_is_imported_from_below():
    graph = import_graph()
    for name, imports in graph.items():
        if "rules" in imports:
            assert name in ABOVE_THE_RULES, f"{name} imports rules.py"
    shared = set(graph) - set(ACTION_MODULES) - set(ABOVE_THE_RULES) - {"rules"}
    for name in shared:
        assert not graph[name] & set(ACTION_MODULES), f"{name} imports {sorted(graph[name] & set(ACTION_MODULES))}"


def test_the_registry_is_built_from_named_imports_without_importlib_or_lookups_by_name():
    text = (PACKAGE / "rules.py").read_text()
    tree = ast.parse(text)
    assert "importlib" not in text
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not calls & {"getattr", "__import__"}
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Global)], "module-level caches filled at run time"
