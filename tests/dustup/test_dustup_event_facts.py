"""Dustup's events say what happened in the game's words, never "set field X to Y" (issue 19)."""

from __future__ import annotations

import ast
import inspect

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup import events as E
from hexfront.engine.systems.dustup import folds, rules, unitfacts

try:
    from . import dustkit as K
except ImportError:  # collected without a package
    import dustkit as K


def test_no_event_names_a_state_field_to_set():
    """No event carries a field name for its fold to set: each is one fact with a fold of its own."""
    for t in K.SYSTEM.event_types:
        names = {a.name for a in attrs.fields(t)}
        assert "field" not in names, f"{t.__name__} is a field patch"
        assert "value" not in names, f"{t.__name__} is a field patch"


def test_every_shared_event_has_a_fold_and_no_fold_sets_a_field_by_name():
    for t in E.EVENT_TYPES:
        assert t in rules.FOLD, f"{t.__name__} has no fold"
    for module in (rules, folds, unitfacts):
        tree = ast.parse(inspect.getsource(module))
        calls = [n for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr"]
        assert not calls, f"{module.__name__} sets a unit field by name"


def test_a_recovered_suppression_marker_reads_as_what_happened():
    """Recover Suppression Action: quality die over leadership removes one marker; the log says so."""
    b = K.battle([K.unit("A", (0, 0), ["leader:rifle", "rifle*3"], name="Alpha")],
                 [K.unit("d", (12, 8), ["leader:rifle", "rifle*3"], name="Dog")], dice=[8])
    K.set_unit(b, "A", suppression=2)
    events = b.submit(C.Recover("A"))
    removed = [e for e in events if isinstance(e, E.SuppressionRemoved)]
    assert [(e.unit, e.markers, e.rule) for e in removed] == [("A", 1, "Recover Suppression Action")]
    assert b.state.units["A"].suppression == 1
    line = K.SYSTEM.describe(removed[0], b.state)
    assert line == "Alpha [A]: suppression removed: 1 suppression marker left (recovers: 8 > 2)"


def test_forming_up_in_column_is_one_fact_with_its_rule():
    """Reorganise Action (travel): the unit forms up in column (Move Action: Travel Movement)."""
    b = K.battle([K.unit("A", (0, 0), ["leader:rifle", "rifle*3"], name="Alpha")],
                 [K.unit("d", (12, 8), ["leader:rifle", "rifle*3"], name="Dog")])
    events = b.submit(C.Reorganise("A", "travel"))
    facts = [e for e in events if isinstance(e, E.FormationChanged)]
    assert [(e.travel, e.rule) for e in facts] == [(True, "Move Action: Travel Movement")]
    assert b.state.units["A"].travel
    assert K.SYSTEM.describe(facts[0], b.state) == "Alpha [A]: in travel mode (forms up in column)"


def test_a_panic_a_counter_and_a_fire_mission_read_as_sentences():
    """The log's lines for a panic, a counter put on the map and a fire mission put on the inbound chart: a
    verb or a colon after the side, "an" before a vowel, and no word said twice ("panics (panics ...)")."""
    b = K.battle([K.unit("A", (0, 0), ["leader:rifle", "rifle*3"], name="Alpha")],
                 [K.unit("d", (12, 8), ["leader:rifle", "rifle*3"], name="Dog")])
    red, = [s for s in b.state.sides if b.state.units["A"].side == s]
    name = K.SYSTEM.describe
    assert name(E.Panicked(unit="A", reason="first time fired on"), b.state) == \
        "Alpha [A]: panics (first time fired on)"
    smoke = E.FeaturePlaced(feature="smoke1", kind="smoke", side=red, at=Hex(3, 3), reason="a smoke generator")
    assert name(smoke, b.state).endswith(": a smoke cloud at (4,3) (a smoke generator)")
    mission = E.MissionPlaced(mission="m1", side=red, kind="artillery", asset="mortars", box=1)
    assert " put an artillery counter (mortars) on the inbound chart, box 1" in name(mission, b.state)
