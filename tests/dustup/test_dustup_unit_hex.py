"""Where a unit stands, as the rules ask it (state.Unit.hex, ground.terrain_under).

The rules that measure, look or move from a unit ask its hex only of a unit on the map; cover and
concealment may be asked of any unit, and a unit not placed (a crew before it gets out) has none.
"""

from __future__ import annotations

import attrs
import dustkit as K
import pytest

from hexfront.engine.systems.dustup import ground

SCRUB_AT_8_0 = "\n".join(["........,......."] + ["." * 16] * 9)  # concealing scrub on (8, 0) only


def _battle():
    return K.battle(red=[K.unit("A", (8, 0), ["leader:rifle", "rifle*3"])],
                    blue=[K.unit("x", (8, 9), ["rifle*4"])], map=SCRUB_AT_8_0)


def test_a_placed_unit_stands_on_its_hex_and_the_scrub_conceals_it():
    b = _battle()
    a = b.state.units["A"]
    assert a.hex == K.hx(8, 0)
    assert ground.terrain_under(b.state.tables.conceal, a) != "none"
    assert ground.in_cover(b.state, a)


def test_a_unit_not_placed_has_no_cover_and_no_hex():
    b = _battle()
    unplaced = attrs.evolve(b.state.units["A"], pos=None)
    assert ground.terrain_under(b.state.tables.conceal, unplaced) == "none"
    assert ground.cover_shift(b.state, unplaced) == 0
    assert not ground.in_cover(b.state, unplaced)
    with pytest.raises(AssertionError, match="never placed"):
        _ = unplaced.hex
