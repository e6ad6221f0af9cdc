"""One way to write a hex for a player: engine.core.hexes.hex_label, used by every system and the TUI."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from hexfront.engine import systems
from hexfront.engine.core.hexes import Hex, hex_label, offset_to_axial

#: every system package under engine/systems (each writes its log text in its describe module)
SYSTEMS = sorted(info.name for info in pkgutil.iter_modules(systems.__path__) if info.ispkg)


def test_a_hex_is_written_as_its_column_and_row_from_the_top_left():
    # the numbers a scenario file gives for ``at``: column and row of the board, from 0
    assert hex_label(offset_to_axial(0, 0)) == "(0,0)"
    assert hex_label(offset_to_axial(1, 7)) == "(1,7)"
    assert hex_label(offset_to_axial(12, 15)) == "(12,15)"
    assert hex_label(Hex(-1, 2)) == "(0,2)"  # an even row: axial q -1 is the first column


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_writes_a_hex_as_the_map_panel_does(system):
    """Each system's log text (its describe.where) writes a hex exactly as the cursor panel does."""
    from hexfront.tui.widgets.panes import where as panel_where

    describe = importlib.import_module(f"hexfront.engine.systems.{system}.describe")
    for col, row in ((0, 0), (1, 7), (4, 8), (12, 15), (29, 9)):
        h = offset_to_axial(col, row)
        assert describe.where(h) == panel_where(h) == f"({col},{row})", (system, col, row)
