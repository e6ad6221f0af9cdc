"""The hash a checkpoint records, written down so that it depends on the state alone.

A checkpoint (engine.core.battle) fixes the battle after setup and after every order by a hash of the
pair ``[state, randomizer]``: the state as the rule system's ``canonical(state)`` gives it and the
randomizer as ``Randomizer.snapshot()`` gives it (generator words, scripted dice and card positions,
draws made). From save format 3 that pair is hashed by :data:`CANONICAL`:

1. The pair is written as canonical JSON text: ``json.dumps`` with ``sort_keys=True``,
   ``separators=(",", ":")``, ``ensure_ascii=True`` and ``allow_nan=False``. Tuples and lists are
   arrays; strings, whole numbers, true/false and None are themselves; a float is written as JSON
   writes it (the shortest text that reads back as the same float) and must be finite; a dict is an
   object with its keys sorted (keys that are not strings are written as JSON writes them, as text);
   a set or frozenset is an array of its members sorted by their own canonical text. Any other value
   is refused (TypeError): a state's canonical form is built of these alone.
2. The hash is the first 16 hexadecimal digits of the SHA-256 of that text's ASCII bytes.

Nothing in it depends on how this Python prints a value, orders a set, or in what order a dict was
filled. A set and a list at the same place are not told apart: which one stands there is fixed by
the rule system's code, not by the battle.

The setup checkpoint a save records is *sealed* with the system and scenario the save names: the
hash of ``[system, scenario, setup hash]``, the same way.

Saves of formats 1 and 2 were hashed by :data:`REPR` (BLAKE2b, 8 bytes, of ``repr`` of the same
tuples); it is kept to verify them (engine.core.saves migrates them), never to write.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import attrs

#: Hexadecimal digits in a checkpoint's hash, in every format.
HASH_DIGITS = 16


def _set_members(value: Any) -> list[Any]:
    """A set's members in the order of their canonical text (called by the encoder for what JSON lacks)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=canonical_text)
    raise TypeError(f"a checkpoint cannot hash a {type(value).__name__}: a canonical state is built of tuples, "
                    f"lists, dicts, sets, text, numbers, true/false and None")


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False,
                            default=_set_members)


def canonical_text(value: Any) -> str:
    """``value`` as canonical JSON text (see the module's docstring for exactly how)."""
    return _ENCODER.encode(value)


def canonical_hash(value: Any) -> str:
    """SHA-256 of ``value``'s canonical text, its first 16 hexadecimal digits."""
    return hashlib.sha256(canonical_text(value).encode("ascii")).hexdigest()[:HASH_DIGITS]


def repr_hash(value: Any) -> str:
    """The hash of formats 1 and 2: BLAKE2b (8 bytes) of ``repr(value)``, which is as stable as Python's
    ``repr`` of the value (tuples of text, numbers and None in every state a release wrote)."""
    return hashlib.blake2b(repr(value).encode(), digest_size=HASH_DIGITS // 2).hexdigest()


@attrs.frozen
class CheckpointHash:
    """One way of hashing a checkpoint: of the state after an order, and of the setup as a save seals it."""

    name: str
    digest: Callable[[Any], str]

    def state(self, canonical_state: Any, randomizer: Any) -> str:
        """The hash of a state (its canonical form) and the randomizer's snapshot."""
        return self.digest((canonical_state, randomizer))

    def seal(self, system: str, scenario: str, setup_hash: str) -> str:
        """The setup checkpoint's hash as a save records it: it also covers the system and scenario."""
        return self.digest((system, scenario, setup_hash))


#: Save format 3 on.
CANONICAL = CheckpointHash("canonical JSON, SHA-256", canonical_hash)
#: Save formats 1 and 2: read, never written.
REPR = CheckpointHash("repr, BLAKE2b", repr_hash)
