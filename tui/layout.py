"""How the battle and replay screens share the terminal's width between the map and the side column."""

from __future__ import annotations

#: below either, the screen is compact (80 x 24): the side column runs down to the status line, the legend
#: pane goes (the L key shows it) and the cursor panel sits under the map only
COMPACT_WIDTH, COMPACT_HEIGHT = 110, 34
#: the side column's narrowest (compact, roomy) and widest; the map column's narrowest, in columns and
#: as a share of the terminal
SIDE_MIN_COMPACT, SIDE_MIN_ROOMY, SIDE_MAX, MAP_MIN, MAP_SHARE = 29, 44, 100, 46, 0.45


def is_compact(width: int, height: int) -> bool:
    return width < COMPACT_WIDTH or height < COMPACT_HEIGHT


def side_width(width: int, height: int, board_cols: int) -> int:
    """How wide the side column is: the map column keeps what the whole board needs (two characters a
    hex and its scroll bar), and never less than MAP_MIN or MAP_SHARE of the terminal so the cursor
    panel under the map has room; the side column takes every other column, from its narrowest up to
    SIDE_MAX. A wider terminal never gives the side column less."""
    narrowest = SIDE_MIN_COMPACT if is_compact(width, height) else SIDE_MIN_ROOMY
    map_needs = max(2 * board_cols + 3, MAP_MIN, int(width * MAP_SHARE))
    return max(narrowest, min(SIDE_MAX, width - map_needs))
