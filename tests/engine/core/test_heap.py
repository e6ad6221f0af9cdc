"""settle_heap (engine.core.heap): what a long-lived process keeps is set aside from the collector as a battle
begins, and nothing is kept for good."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from hexfront.engine.core import heap
from hexfront.engine.core.heap import FULL_EVERY, settle_heap

pytestmark = pytest.mark.heap


class Piece:
    """A stand-in for a battle's objects: it points at itself, so only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    yield
    gc.unfreeze()


def test_garbage_left_by_the_last_battle_is_collected_when_a_battle_begins() -> None:
    gone = weakref.ref(Piece())
    assert gone() is not None  # a cycle: not freed when its last name went
    settle_heap()
    assert gone() is None


def test_what_lives_on_is_set_aside_and_collected_within_full_every_battles_once_it_is_garbage(monkeypatch) -> None:
    monkeypatch.setattr(heap, "_calls", 1)  # the next call is not a full one
    piece = Piece()
    kept = weakref.ref(piece)
    assert settle_heap() > 0
    del piece
    gc.collect()
    assert kept() is not None, "set aside: a collection during the battle does not walk it"
    settle_heap()
    assert kept() is not None, "a call between the full ones collects only what was made since the last"
    for _ in range(FULL_EVERY):
        settle_heap()
    assert kept() is None, "put back and collected at the next full call"
