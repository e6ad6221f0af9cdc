"""The checkpoint hash is of the state's canonical JSON (engine.core.statehash), not of Python's repr.

It is written exactly as the module says, it does not depend on the order a dict was filled or a set
iterates in, it refuses what JSON cannot say plainly, and in every system, over random legal orders,
the battle's hash is that of its canonical pair. (That saves are byte-identical, checkpoints included,
under two PYTHONHASHSEED values is tests/security/test_hashseed_determinism.py.)
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.statehash import CANONICAL, REPR, canonical_hash, canonical_text, repr_hash
from hexfront.engine.core.system import all_systems

SYSTEMS = sorted(all_systems())


def test_the_canonical_text_is_the_documented_json() -> None:
    value = ({"b": 1, "a": (2, None, True)}, "é", [frozenset({"y", "x"})], 0.1, -3)
    text = canonical_text(value)
    assert text == '[{"a":[2,null,true],"b":1},"\\u00e9",[["x","y"]],0.1,-3]'
    assert canonical_hash(value) == hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def test_a_state_hash_is_the_documented_hash_of_state_and_randomizer() -> None:
    battle = Battle.new("ratfight", seed=5)
    pair = (battle.system.canonical(battle.state), battle.rng.snapshot())
    assert battle.state_hash() == canonical_hash(pair) == CANONICAL.state(*pair)
    assert battle.state_hash(REPR) == hashlib.blake2b(repr(pair).encode(), digest_size=8).hexdigest()
    assert battle.state_hash() != battle.state_hash(REPR)


def test_the_hash_does_not_depend_on_the_order_a_dict_was_filled() -> None:
    forward = {name: i for i, name in enumerate("abcdefgh")}
    backward = dict(reversed(list(forward.items())))
    assert list(forward) != list(backward)
    assert canonical_hash(("s", forward)) == canonical_hash(("s", backward))
    assert repr(forward) != repr(backward)  # what the format-2 hash would have seen


def test_the_hash_does_not_depend_on_the_order_a_set_iterates_in() -> None:
    names = [f"piece-{i}" for i in range(40)]
    ordered = frozenset(names)
    scrambled = set(reversed(names))
    assert canonical_text(ordered) == canonical_text(scrambled) == json.dumps(sorted(names), separators=(",", ":"))
    # members that are not text are ordered by their own canonical text, so mixed sets are fine too
    assert canonical_text({(2, "b"), (1, "a"), 3}) == canonical_text({3, (1, "a"), (2, "b")}) == '[3,[1,"a"],[2,"b"]]'


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf], ids=["nan", "inf", "-inf"])
def test_a_float_that_is_not_finite_is_refused(value: float) -> None:
    with pytest.raises(ValueError):
        canonical_hash(("hp", value))


def test_a_value_json_has_no_plain_form_for_is_refused() -> None:
    with pytest.raises(TypeError, match="cannot hash a bytes"):
        canonical_hash(("data", b"raw"))
    with pytest.raises(TypeError, match="cannot hash a object"):
        canonical_hash([object()])


def test_the_legacy_hash_is_repr_as_formats_1_and_2_wrote_it() -> None:
    assert repr_hash(("ratfight", "village", "0" * 16)) == hashlib.blake2b(
        repr(("ratfight", "village", "0" * 16)).encode(), digest_size=8).hexdigest()


# -- any JSON-like value, its containers filled in any order ---------------------------------------

_scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=6) | st.floats(allow_nan=False,
                                                                                       allow_infinity=False)
_hashables = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                          lambda inner: st.tuples(inner, inner), max_leaves=6)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4).map(tuple) | st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=4), inner, max_size=4) | st.frozensets(_hashables, max_size=4),
    max_leaves=20)


def _refilled(value: Any) -> Any:
    """The same value with every dict and set filled in the reverse order."""
    if isinstance(value, dict):
        return {k: _refilled(v) for k, v in reversed(list(value.items()))}
    if isinstance(value, frozenset):
        return set(reversed(list(value)))
    if isinstance(value, tuple):
        return tuple(_refilled(v) for v in value)
    if isinstance(value, list):
        return [_refilled(v) for v in value]
    return value


@settings(max_examples=200, deadline=None, derandomize=True)
@given(_values)
def test_any_value_hashes_the_same_whatever_order_its_dicts_and_sets_were_filled(value: Any) -> None:
    assert canonical_hash(_refilled(value)) == canonical_hash(value)
    text = canonical_text(value)
    assert text.isascii() and canonical_text(json.loads(text)) == text  # plain JSON, the same read back


# -- every system, random legal orders --------------------------------------------------------------

@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(system_id=st.sampled_from(SYSTEMS), seed=st.integers(0, 2**32),
       picks=st.lists(st.integers(0, 10_000), max_size=25), scenario_pick=st.integers(0, 100))
def test_in_every_system_the_hash_is_of_the_canonical_pair_after_every_order(
        system_id: str, seed: int, picks: list[int], scenario_pick: int) -> None:
    system = all_systems()[system_id]
    names = system.scenario_names()
    battle = Battle.new(system_id, names[scenario_pick % len(names)], seed=seed)
    for pick in [None, *picks]:
        if pick is not None:
            legal = battle.legal_commands()
            if not legal:
                break
            battle.submit(legal[pick % len(legal)])
        pair = (system.canonical(battle.state), battle.rng.snapshot())
        text = canonical_text(pair)
        assert battle.state_hash() == hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
        assert canonical_hash(_refilled(pair)) == battle.state_hash()
        assert canonical_text(json.loads(text)) == text
        copy = system.copy_state(battle.state)
        assert canonical_text((system.canonical(copy), battle.rng.snapshot())) == text
    replayed = Battle.replay(battle.setup, list(battle.log), list(battle.checkpoints), battle.setup_check)
    assert replayed.checkpoints == battle.checkpoints
